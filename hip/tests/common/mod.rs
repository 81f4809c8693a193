//! What the runtime's integration tests share: where the built `wavescope` and `libamdhip64.so` are, scratch
//! directories, running a process with a deadline, replaying captured launches, and driving a launch with real gdb
//! through `wavescope exec --gdb`. Needs `cargo build --release -p wavescope-cli -p wavescope-hip` (or
//! `cargo test --workspace`).
#![allow(dead_code)] // each test file uses its own part

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// target/<profile>/, the directory of this test's deps directory.
pub fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().unwrap().parent().unwrap().to_path_buf()
}

/// wavescope's `libamdhip64.so` beside the binary (or in deps/, where a plain `cargo test` leaves it).
pub fn hip_lib() -> PathBuf {
    let t = target_dir();
    // the newest copy, as `wavescope exec` picks it (a `cargo test` rebuild refreshes only deps/)
    [t.join("libamdhip64.so"), t.join("deps/libamdhip64.so")]
        .into_iter()
        .filter(|p| p.exists())
        .map(|p| (std::fs::metadata(&p).and_then(|m| m.modified()).ok(), p))
        .reduce(|a, b| if b.0 > a.0 { b } else { a })
        .map(|(_, p)| p)
        .unwrap_or_else(|| {
            panic!(
                "libamdhip64.so missing in {}: cargo build --release -p wavescope-cli -p wavescope-hip",
                t.display()
            )
        })
}

/// The `wavescope` binary, with the runtime library `exec` puts in place.
pub fn wavescope() -> PathBuf {
    let p = target_dir().join("wavescope");
    assert!(
        p.exists(),
        "{} missing: cargo build --release -p wavescope-cli -p wavescope-hip",
        p.display()
    );
    hip_lib();
    p
}

/// A file of this crate's test fixtures (`tests/fixtures/REL`).
pub fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

/// An empty directory of its own for one test (`tag`: the test file, `name`: the test).
pub fn scratch_dir(tag: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wavescope-{tag}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

extern "C" {
    #[link_name = "kill"]
    fn libc_kill(pid: i32, sig: i32) -> i32;
}

/// Run with a deadline (killed after it, so a hung program fails the test instead of hanging it); (output, exit
/// code, -1 when killed by a signal).
pub fn run(mut c: Command, timeout: Duration) -> (Output, i32) {
    let child = c
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let id = child.id();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let d2 = done.clone();
    std::thread::spawn(move || {
        let t0 = Instant::now();
        while t0.elapsed() < timeout {
            if d2.load(std::sync::atomic::Ordering::Relaxed) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        // SAFETY: signalling our own child process.
        unsafe { libc_kill(id as i32, 9) };
    });
    let out = child.wait_with_output().unwrap();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let code = out.status.code().unwrap_or(-1);
    (out, code)
}

/// (stdout, stderr) as text.
pub fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// Every captured launch under `cap` (`DIR/launch-NNNN/case.json`) replays under `wavescope run --check`: exit 0,
/// one check per output of its manifest, each bit-exact. Returns how many launches replayed.
pub fn replay_all(cap: &Path) -> usize {
    let mut dirs: Vec<_> = std::fs::read_dir(cap)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("case.json").exists())
        .collect();
    dirs.sort();
    for d in &dirs {
        let mut c = Command::new(wavescope());
        c.arg("run").arg(d).arg("--check");
        let (o, code) = run(c, Duration::from_secs(600));
        let (out, err) = text(&o);
        assert_eq!(code, 0, "replay of {} failed:\n{out}\n{err}", d.display());
        let checks = out.lines().filter(|l| l.starts_with("check ")).count();
        let case: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("case.json")).unwrap()).unwrap();
        let outputs = case["outputs"].as_array().map_or(0, |a| a.len());
        // a launch with no buffer arguments (it writes a __device__ variable) has nothing to compare
        assert_eq!(checks, outputs, "{}: checks:\n{out}", d.display());
        let exact = out
            .lines()
            .filter(|l| l.starts_with("check ") && l.contains("bit-exact ok"))
            .count();
        assert_eq!(exact, checks, "{}: not bit-exact:\n{out}", d.display());
    }
    dirs.len()
}

/// What a program under `wavescope exec --gdb` and the gdb that drove it printed.
pub struct GdbRun {
    pub gdb_out: String,
    pub gdb_err: String,
    pub program_out: String,
    /// The program's stderr, wavescope's lines ("waits for gdb", the launch table) included.
    pub program_err: String,
    pub code: Option<i32>,
}

impl GdbRun {
    /// Everything, for an assertion's message.
    pub fn all(&self) -> String {
        format!(
            "gdb:\n{}\n{}\nprogram:\n{}\n{}",
            self.gdb_out, self.gdb_err, self.program_out, self.program_err
        )
    }
}

/// `wavescope exec --gdb KERNEL:PORT -- PROGRAM` (the command `program` sets up its arguments, environment and
/// directory after `exec --gdb ... --`): waits for the server's "listening on" line (a probe connection would be
/// taken for gdb; at most `wait`), then runs the real gdb in batch mode with `gdb_cmds` (each an `-ex`) and
/// collects both sides once the program ends.
pub fn exec_under_gdb(
    kernel: &str,
    program: impl FnOnce(&mut Command),
    wait: Duration,
    gdb_cmds: &[&str],
) -> GdbRun {
    assert!(
        Command::new("gdb")
            .arg("--version")
            .stdout(Stdio::null())
            .status()
            .is_ok(),
        "gdb is required"
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--gdb")
        .arg(format!("{kernel}:{port}"))
        .arg("--");
    program(&mut c);
    c.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for l in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            let _ = tx.send(l);
        }
    });
    let mut perr = String::new();
    loop {
        let l = rx
            .recv_timeout(wait)
            .unwrap_or_else(|_| panic!("no gdb server:\n{perr}"));
        perr.push_str(&l);
        perr.push('\n');
        if l.contains("listening on") {
            break;
        }
    }
    let mut g = Command::new("gdb");
    g.args([
        "-nx",
        "-batch",
        "-ex",
        "set width 0",
        "-ex",
        "set confirm off",
    ])
    .arg("-ex")
    .arg(format!("target remote 127.0.0.1:{port}"));
    for cmd in gdb_cmds {
        g.arg("-ex").arg(cmd);
    }
    g.current_dir(std::env::temp_dir());
    let (go, _) = run(g, Duration::from_secs(240));
    let (gdb_out, gdb_err) = text(&go);
    let out = child.wait_with_output().unwrap();
    while let Ok(l) = rx.recv_timeout(Duration::from_secs(5)) {
        perr.push_str(&l);
        perr.push('\n');
    }
    GdbRun {
        gdb_out,
        gdb_err,
        program_out: String::from_utf8_lossy(&out.stdout).into_owned(),
        program_err: perr,
        code: out.status.code(),
    }
}

/// An `exec --report` report with `launches` launches, none faulting or with findings, whose captured launches
/// under `cap` all replay bit-exactly (`replay_all`). `err`: the program's stderr, shown on failure.
pub fn assert_launches_clean(
    report: &serde_json::Value,
    cap: &Path,
    launches: usize,
    program: &str,
    err: &str,
) {
    let l = report["launches"].as_array().unwrap();
    assert_eq!(l.len(), launches, "{program}: launches\n{err}");
    for x in l {
        assert!(x["fault"].is_null(), "{x}");
        assert_eq!(
            x["findings"].as_u64(),
            Some(0),
            "{program}: findings in {x}"
        );
    }
    assert_eq!(
        replay_all(cap),
        launches,
        "{program}: every launch replayed"
    );
}

/// `wavescope exec FLAGS --capture DIR --report DIR/report.json -- fixtures/bin/PROGRAM` from fixtures/bin:
/// (stdout, stderr, exit code, report or Null, capture dir). `tag` names the scratch directory.
pub fn exec_captured(
    tag: &str,
    program: &str,
    flags: &[&str],
) -> (String, String, i32, serde_json::Value, PathBuf) {
    let bin = fixture("bin");
    let cap = scratch_dir(tag, program);
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .args(flags)
        .arg("--capture")
        .arg(&cap)
        .arg("--report")
        .arg(cap.join("report.json"))
        .arg("--")
        .arg(bin.join(program));
    c.current_dir(&bin);
    let (o, code) = run(c, Duration::from_secs(600));
    let (out, err) = text(&o);
    let report = std::fs::read_to_string(cap.join("report.json"))
        .ok()
        .and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or(serde_json::Value::Null);
    (out, err, code, report, cap)
}
