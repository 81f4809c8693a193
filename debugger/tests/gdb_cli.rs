//! The real `wavescope serve` command: a free port picked here (bind 127.0.0.1:0, then `--port`), gdb detaches
//! mid-dispatch, the server runs the dispatch to its end and prints the `--check` results.

mod common;

use common::*;
use std::io::{BufRead, Read};
use std::process::Command;
use std::time::Duration;

/// target/<profile>/wavescope, next to this test's deps directory (built by `cargo test --workspace`).
fn wavescope_exe() -> Option<std::path::PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let p = exe.parent()?.parent()?.join("wavescope");
    p.exists().then_some(p)
}

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

/// `wavescope serve DIR --port P --check EXTRA...`, its stderr read up to the "listening" line.
fn spawn_serve(
    exe: &std::path::Path,
    dir: &str,
    port: u16,
    extra: &[&str],
) -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
    String,
) {
    let mut cmd = Command::new(exe);
    cmd.arg("serve")
        .arg(repo(dir))
        .arg("--port")
        .arg(port.to_string())
        .arg("--check")
        .args(extra);
    cmd.stderr(std::process::Stdio::piped());
    let mut child = cmd.stdout(std::process::Stdio::piped()).spawn().unwrap();
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "server ended early: {seen}"
        );
        seen.push_str(&line);
        if line.contains("listening on") {
            break;
        }
    }
    (child, err, seen)
}

#[test]
fn serve_command_stop_on_findings_flag() {
    let Some(exe) = wavescope_exe() else {
        eprintln!("SKIPPED: the wavescope binary is not built (run `cargo test --workspace`)");
        return;
    };
    let port = free_port();
    let (mut child, mut err, _) = spawn_serve(
        &exe,
        "examples/polybench_gemm_64",
        port,
        &["--stop-on-findings"],
    );
    // gemm as clang built it has no findings: it runs to its end, and the live checker is on.
    let out = gdb(port, &["monitor findings", "continue"]);
    assert!(out.contains("findings: none so far"), "{out}");
    assert!(
        out.contains("exited normally") && !out.contains("SIGTRAP"),
        "{out}"
    );
    let mut rest = String::new();
    let _ = err.read_to_string(&mut rest);
    assert!(child.wait().unwrap().success(), "{rest}");
}

#[test]
fn serve_command_detach_runs_to_the_end_and_checks() {
    let Some(exe) = wavescope_exe() else {
        eprintln!("SKIPPED: the wavescope binary is not built (run `cargo test --workspace`)");
        return;
    };
    let port = free_port();
    let mut cmd = Command::new(&exe);
    cmd.arg("serve")
        .arg(repo("examples/rodinia_pathfinder"))
        .arg("--port")
        .arg(port.to_string())
        .arg("--check");
    cmd.stderr(std::process::Stdio::piped());
    let mut child = cmd.stdout(std::process::Stdio::piped()).spawn().unwrap();
    // Read stderr until the "listening" line, so gdb connects only once the server is ready.
    let mut err = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "server ended early: {seen}"
        );
        seen.push_str(&line);
        if line.contains("listening on") {
            break;
        }
    }
    assert!(
        seen.contains(&format!("listening on 127.0.0.1:{port}")),
        "{seen}"
    );
    let out = gdb(
        port,
        &["break kernel.cl:57", "continue", "info threads 1", "detach"],
    );
    assert!(out.contains("hit Breakpoint 1"), "{out}");
    assert!(out.contains("[Inferior 1 (process 1) detached]"), "{out}");
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut rest = String::new();
        let _ = err.read_to_string(&mut rest);
        let status = child.wait().unwrap();
        let _ = tx.send((rest, status));
    });
    let Ok((rest, status)) = rx.recv_timeout(Duration::from_secs(120)) else {
        let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        panic!("server did not end after the detach");
    };
    assert!(
        rest.contains("gdb detached; running the dispatch to its end"),
        "{rest}"
    );
    // Both outputs of pathfinder match the numpy reference (case.json outputs).
    assert_eq!(rest.matches(" ok").count(), 2, "{rest}");
    assert!(status.success(), "{rest}");
}

/// `serve --max-instructions N` bounds the dispatch as `run --max-instructions N` does (issue 14): the spinning
/// kernel (debugger/tests/fixtures/spin, a loop until a flag no one sets) stops gdb with SIGXCPU and the fault
/// text `wavescope run` prints for the same budget; `serve`, `tui` and `run` show the same default.
#[test]
fn serve_command_takes_the_run_budget() {
    let Some(exe) = wavescope_exe() else {
        eprintln!("SKIPPED: the wavescope binary is not built (run `cargo test --workspace`)");
        return;
    };
    let spin = "debugger/tests/fixtures/spin";
    let run = Command::new(&exe)
        .arg("run")
        .arg(repo(spin))
        .args(["--max-instructions", "20000"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(4));
    let run_err = String::from_utf8_lossy(&run.stderr).into_owned();
    let budget = "the dispatch reached its budget of 20000 wave-instructions";
    let sentence = &run_err[run_err.find(budget).unwrap_or_else(|| panic!("{run_err}"))..];
    let sentence = &sentence[..sentence.find(')').unwrap() + 1];
    let port = free_port();
    let (mut child, mut err, _) = spawn_serve(&exe, spin, port, &["--max-instructions", "20000"]);
    let out = gdb(port, &["continue", "kill"]);
    assert!(out.contains("received signal SIGXCPU"), "{out}");
    assert!(out.contains(sentence), "{sentence:?} not in:\n{out}");
    let mut rest = String::new();
    let _ = err.read_to_string(&mut rest);
    assert!(child.wait().unwrap().success(), "{rest}");
    // the same default everywhere
    let default_of = |cmd: &str| {
        let h = Command::new(&exe).args([cmd, "--help"]).output().unwrap();
        let h = String::from_utf8_lossy(&h.stdout).into_owned();
        let i = h
            .find("--max-instructions")
            .unwrap_or_else(|| panic!("{cmd}: {h}"));
        let d = &h[i..][h[i..].find("[default: ").unwrap()..];
        d[..d.find(']').unwrap() + 1].to_string()
    };
    assert_eq!(default_of("serve"), default_of("run"));
    assert_eq!(default_of("tui"), default_of("run"));
}

/// `serve --races --stop-on-findings` checks global memory live: on two work-groups that write one output without
/// atomics (tests/fixtures/races, `wg_plain`; `wavescope run --races` reports a global RAW and WAW there) gdb
/// stops before the second access and the console names a global race with both sides; without `--races` the
/// same dispatch (no LDS race in it) runs to its end with no stop.
#[test]
fn serve_races_flag_checks_global_memory_live() {
    let Some(exe) = wavescope_exe() else {
        eprintln!("SKIPPED: the wavescope binary is not built (run `cargo test --workspace`)");
        return;
    };
    let case = "tests/fixtures/races/case_wg_plain.json";
    let port = free_port();
    let (mut child, mut err, _) = spawn_serve(&exe, case, port, &["--stop-on-findings", "--races"]);
    let out = gdb(
        port,
        &["continue", "echo @stopped\\n", "monitor races", "detach"],
    );
    assert_eq!(out.matches("received signal SIGTRAP").count(), 1, "{out}");
    let stop = out
        .find("before its second access of a race")
        .map(|i| &out[i..])
        .unwrap_or_else(|| panic!("no race stop:\n{out}"));
    assert!(stop.contains("race error (global "), "{out}");
    assert!(
        stop.contains("first:") && stop.contains("second:") && stop.contains("races.hip:"),
        "{out}"
    );
    assert!(
        out[out.find("@stopped").unwrap()..].contains("races (LDS + global): "),
        "{out}"
    );
    let mut rest = String::new();
    let _ = err.read_to_string(&mut rest);
    let _ = child.wait();

    let port = free_port();
    let (mut child, mut err, _) = spawn_serve(&exe, case, port, &["--stop-on-findings"]);
    let out = gdb(port, &["continue"]);
    assert!(
        out.contains("exited normally") && !out.contains("SIGTRAP"),
        "{out}"
    );
    let mut rest = String::new();
    let _ = err.read_to_string(&mut rest);
    assert!(child.wait().unwrap().success(), "{rest}");
}

/// Device printf under `serve` reaches stock gdb's console (`O` packets while the target runs, before the stop
/// reply): the Triton device_print fixture (tests/fixtures/extra_kernels_r5/t_device_print) prints one line per
/// element as Triton's device_print formats it, the values in_x.bin's (0 past n). Under gdb every line shows, once,
/// each wave's lines in lane order (the resident schedule interleaves the two waves), all before gdb's exit line.
#[test]
fn serve_sends_device_printf_to_gdbs_console() {
    let Some(exe) = wavescope_exe() else {
        eprintln!("SKIPPED: the wavescope binary is not built (run `cargo test --workspace`)");
        return;
    };
    let case = "tests/fixtures/extra_kernels_r5/t_device_print";
    let port = free_port();
    let (mut child, mut err, _) = spawn_serve(&exe, case, port, &[]);
    let out = gdb_merged(port, &["continue"]);
    let exit_at = out
        .find("exited normally")
        .unwrap_or_else(|| panic!("{out}"));
    let printed: Vec<&str> = out[..exit_at]
        .lines()
        .filter(|l| l.starts_with("pid ("))
        .collect();
    check_device_print_lines(case, &printed, &out);
    let mut rest = String::new();
    let _ = err.read_to_string(&mut rest);
    assert!(child.wait().unwrap().success(), "{rest}");
}

/// The Triton device_print fixture's lines as its kernel prints them: one per element, `x` from in_x.bin (0 past
/// n), 128 in all; each wave's (pid's) lines in lane order, the two waves possibly interleaved.
fn check_device_print_lines(case: &str, printed: &[&str], context: &str) {
    let x: Vec<i32> = std::fs::read(repo(case).join("in_x.bin"))
        .unwrap()
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(printed.len(), 128, "{context}");
    for pid in 0..2usize {
        let want: Vec<String> = (0..64)
            .map(|idx| {
                let v = x.get(pid * 64 + idx).copied().unwrap_or(0);
                format!("pid ({pid}, 0, 0) idx ({idx:>2}) x =: {v}")
            })
            .collect();
        let prefix = format!("pid ({pid},");
        let got: Vec<&str> = printed
            .iter()
            .copied()
            .filter(|l| l.starts_with(&prefix))
            .collect();
        assert_eq!(got, want, "{context}");
    }
}

/// gdb in batch mode with its stdout and stderr in one file (gdb writes the target's console output to stderr and
/// its own messages to stdout: one file keeps their order).
fn gdb_merged(port: u16, cmds: &[&str]) -> String {
    let path = std::env::temp_dir().join(format!(
        "wavescope-gdb-merged-{}-{port}.txt",
        std::process::id()
    ));
    let file = std::fs::File::create(&path).unwrap();
    let mut c = Command::new("gdb");
    c.args([
        "-nx",
        "-batch",
        "-ex",
        "set width 0",
        "-ex",
        "set confirm off",
        "-ex",
    ])
    .arg(format!("target remote 127.0.0.1:{port}"));
    for cmd in cmds {
        c.arg("-ex").arg(cmd);
    }
    c.current_dir(std::env::temp_dir())
        .stdin(std::process::Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file);
    let mut child = c.spawn().unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(300) {
            let _ = child.kill();
            panic!("gdb timed out");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    out
}

/// After gdb detaches, `serve` runs the dispatch to its end; what the kernel prints from then on goes to the
/// server's stdout, as `wavescope run` prints it: gdb detaches at the Triton device_print kernel's first
/// instruction, and the server's stdout holds all 128 lines (the in_x.bin values), each wave's in lane order.
#[test]
fn serve_prints_device_printf_after_detach() {
    let Some(exe) = wavescope_exe() else {
        eprintln!("SKIPPED: the wavescope binary is not built (run `cargo test --workspace`)");
        return;
    };
    let case = "tests/fixtures/extra_kernels_r5/t_device_print";
    let port = free_port();
    let (mut child, mut err, _) = spawn_serve(&exe, case, port, &[]);
    let out = gdb(port, &["detach"]);
    assert!(!out.contains("pid ("), "{out}");
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut stdout)
        .unwrap();
    let mut rest = String::new();
    let _ = err.read_to_string(&mut rest);
    assert!(child.wait().unwrap().success(), "{rest}");
    let printed: Vec<&str> = stdout.lines().filter(|l| l.starts_with("pid (")).collect();
    check_device_print_lines(case, &printed, &stdout);
}
