//! Unmodified HIP programs (tests/fixtures/src, built by tests/fixtures/build.sh with clang-22 for gfx950 against
//! Debian's HIP 5.2 headers) run under `wavescope exec`: each checks its own results and prints PASSED; every
//! captured launch replays bit-exactly under `wavescope run --check`; a fault comes back as hipErrorIllegalAddress
//! with the fault report; a program without gfx950 code is told so; unsupported calls are named; one launch is
//! stepped with gdb. Needs target/<profile>/wavescope and libamdhip64.so (`cargo build --release -p wavescope-cli
//! -p wavescope-hip`, or `cargo test --workspace`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().unwrap().parent().unwrap().to_path_buf()
}

fn wavescope() -> PathBuf {
    let p = target_dir().join("wavescope");
    assert!(
        p.exists()
            && (target_dir().join("libamdhip64.so").exists()
                || target_dir().join("deps/libamdhip64.so").exists()),
        "{} or libamdhip64.so missing: cargo build --release -p wavescope-cli -p wavescope-hip",
        p.display()
    );
    p
}

fn bin(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/bin")
        .join(name)
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wavescope-hip-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Run with a deadline; (output, exit code).
fn run(mut c: Command, timeout: Duration) -> (Output, i32) {
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
        unsafe { libc_kill(id as i32, 9) };
    });
    let out = child.wait_with_output().unwrap();
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let code = out.status.code().unwrap_or(-1);
    (out, code)
}

extern "C" {
    #[link_name = "kill"]
    fn libc_kill(pid: i32, sig: i32) -> i32;
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `wavescope exec --capture DIR -- PROGRAM ARGS`: (stdout, stderr, exit code, capture dir).
fn exec(program: &str, args: &[&str], extra: &[&str]) -> (String, String, i32, PathBuf) {
    let cap = scratch(program);
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--capture")
        .arg(&cap)
        .arg("--report")
        .arg(cap.join("report.json"))
        .args(extra)
        .arg("--")
        .arg(bin(program))
        .args(args);
    c.current_dir(bin(""));
    let (o, code) = run(c, Duration::from_secs(600));
    let (out, err) = text(&o);
    (out, err, code, cap)
}

/// Every captured launch replays under `wavescope run --check` with every buffer bit-exact.
fn replay_all(cap: &Path) -> usize {
    let mut n = 0;
    let mut dirs: Vec<_> = std::fs::read_dir(cap)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.join("case.json").exists())
        .collect();
    dirs.sort();
    for d in dirs {
        let mut c = Command::new(wavescope());
        c.arg("run").arg(&d).arg("--check");
        let (o, code) = run(c, Duration::from_secs(600));
        let (out, err) = text(&o);
        assert_eq!(code, 0, "replay of {} failed:\n{out}\n{err}", d.display());
        let checks = out.lines().filter(|l| l.starts_with("check ")).count();
        let case: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join("case.json")).unwrap()).unwrap();
        let outputs = case["outputs"].as_array().map_or(0, |a| a.len());
        // a launch with no buffer arguments (it writes a __device__ variable) has nothing to compare
        assert_eq!(checks, outputs, "{}: checks:\n{out}", d.display());
        assert_eq!(
            out.lines()
                .filter(|l| l.starts_with("check ") && l.contains("bit-exact"))
                .count(),
            checks,
            "{}: not bit-exact:\n{out}",
            d.display()
        );
        n += 1;
    }
    n
}

fn passes(program: &str, args: &[&str], min_launches: usize) -> (String, String) {
    passes_with(program, args, min_launches, true)
}

fn passes_with(
    program: &str,
    args: &[&str],
    min_launches: usize,
    replay: bool,
) -> (String, String) {
    let (out, err, code, cap) = exec(program, args, &[]);
    assert_eq!(code, 0, "{program} under wavescope exec:\n{out}\n{err}");
    assert!(out.contains("PASSED"), "{program}:\n{out}\n{err}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cap.join("report.json")).unwrap()).unwrap();
    let launches = report["launches"].as_array().unwrap();
    assert!(
        launches.len() >= min_launches,
        "{program}: {} launches\n{err}",
        launches.len()
    );
    for l in launches {
        assert!(l["wave_instructions"].as_u64().unwrap() > 0, "{l}");
        assert!(l["cycles"].as_u64().unwrap() > 0, "{l}");
        assert!(l["fault"].is_null(), "{l}");
    }
    assert!(err.contains("kernel launch(es)"), "no launch table:\n{err}");
    if !replay {
        let _ = std::fs::remove_dir_all(&cap);
        return (out, err);
    }
    let replayed = replay_all(&cap);
    assert_eq!(
        replayed,
        launches.len(),
        "{program}: every launch captured and replayed\n{err}"
    );
    let _ = std::fs::remove_dir_all(&cap);
    (out, err)
}

#[test]
fn vector_add() {
    let (_, err) = passes("vector_add", &[], 1);
    assert!(
        err.contains("vector_add(float const*, float const*"),
        "{err}"
    );
}
#[test]
fn saxpy() {
    passes("saxpy", &[], 1);
}
#[test]
fn saxpy_compressed_bundle() {
    let data = std::fs::read(bin("saxpy_compressed")).unwrap();
    assert!(
        data.windows(4).any(|w| w == b"CCOB"),
        "built without --offload-compress"
    );
    passes("saxpy_compressed", &[], 1);
}
#[test]
fn vector_add_two_archs() {
    passes("vector_add_two_archs", &[], 1);
}
#[test]
fn matrix_multiplication() {
    passes("matrix_multiplication", &[], 1);
}
#[test]
fn dynamic_shared() {
    passes("dynamic_shared", &[], 1);
}
#[test]
fn warp_shuffle() {
    passes("warp_shuffle", &[], 1);
}
#[test]
fn histogram() {
    passes("histogram", &[], 1);
}
#[test]
fn streams() {
    passes("streams", &[], 2);
}
#[test]
fn events() {
    passes("events", &[], 2);
}
#[test]
fn managed_memory() {
    // Its __constant__ table lives in the code object's zero-initialised part (set by hipMemcpyToSymbol):
    // the captured kernel.hsaco carries it, so the launch replays.
    passes("managed_memory", &[], 1);
}
#[test]
fn module_api() {
    passes("module_api", &["module_kernels.hsaco"], 5);
}
#[test]
fn device_query_and_unsupported_call_named() {
    let (_, err) = passes("device_query", &[], 0);
    assert!(
        err.contains("hipMallocArray is not supported") && err.contains("hipErrorNotSupported"),
        "{err}"
    );
}

#[test]
fn gfx942_only_program_is_told() {
    let (out, err, code, _) = exec("vector_add_gfx942", &[], &[]);
    assert_ne!(code, 0, "{out}\n{err}");
    assert!(err.contains("no gfx950 code object"), "{err}");
    assert!(err.contains("hipv4-amdgcn-amd-amdhsa--gfx942"), "{err}");
    assert!(out.contains("hipErrorNoBinaryForGpu"), "{out}");
}

#[test]
fn out_of_bounds_fault_reported_and_replayed() {
    let (out, err, code, cap) = exec("out_of_bounds", &[], &[]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("hipErrorIllegalAddress") && out.contains("PASSED"),
        "{out}"
    );
    // the fault report: kind, PC, instruction, source line, wave, lanes, address
    let line = err
        .lines()
        .find(|l| l.contains("fault:"))
        .unwrap_or_else(|| panic!("{err}"));
    for want in [
        "memory fault",
        "pc 0x",
        "global_store",
        "out_of_bounds.hip:7",
        "wave 0",
        "lanes 1",
    ] {
        assert!(line.contains(want), "{want} missing in: {line}");
    }
    assert!(err.contains("address 0x"), "{err}");
    let d = cap.join("launch-0000");
    let mut c = Command::new(wavescope());
    c.arg("run").arg(&d);
    let (o, rc) = run(c, Duration::from_secs(120));
    let (rout, rerr) = text(&o);
    assert_ne!(rc, 0, "the replay must fault too:\n{rout}\n{rerr}");
    let rline = rerr
        .lines()
        .find(|l| l.contains("fault:"))
        .unwrap_or_else(|| panic!("{rerr}"));
    assert!(
        rline.contains("memory fault") && rline.contains("out_of_bounds.hip:7"),
        "{rline}"
    );
}

#[test]
fn gdb_steps_a_launch() {
    if Command::new("gdb")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_err()
    {
        panic!("gdb is required");
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let cap = scratch("gdb");
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--gdb")
        .arg(format!("vector_add:{port}"))
        .arg("--")
        .arg(bin("vector_add"))
        .current_dir(&cap)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().unwrap();
    // wait for the server's "listening on" line (a probe connection would be taken for gdb)
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
            .recv_timeout(Duration::from_secs(120))
            .expect("no gdb server");
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
    .arg(format!("target remote 127.0.0.1:{port}"))
    .args([
        "-ex",
        "break vector_add.hip:5",
        "-ex",
        "continue",
        "-ex",
        "info line *$pc",
        "-ex",
        "stepi",
        "-ex",
        "print $exec",
        "-ex",
        "detach",
    ])
    .current_dir(std::env::temp_dir());
    let (go, _) = run(g, Duration::from_secs(240));
    let (gout, gerr) = text(&go);
    let out = child.wait_with_output().unwrap();
    let pout = String::from_utf8_lossy(&out.stdout).into_owned();
    while let Ok(l) = rx.recv_timeout(Duration::from_secs(5)) {
        perr.push_str(&l);
        perr.push('\n');
    }
    assert!(
        gout.contains("vector_add.hip") && gout.contains("Line 5"),
        "gdb:\n{gout}\n{gerr}\nprogram:\n{perr}"
    );
    assert!(gout.contains("$1 = "), "gdb:\n{gout}\n{gerr}");
    assert_eq!(out.status.code(), Some(0), "{pout}\n{perr}");
    assert!(pout.contains("PASSED"), "{pout}\n{perr}");
    assert!(perr.contains("waits for gdb"), "{perr}");
}
