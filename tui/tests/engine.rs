//! The engine on its own thread: a long continue reports progress and can be interrupted; `t` writes a trace.

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};
use wavescope::machine::MachineOptions;
use wavescope_tui::engine::{self, Command, Update};

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name)
}

#[test]
fn a_long_continue_shows_progress_and_can_be_interrupted() {
    let (e, _app) =
        wavescope_tui::load(&example("polybench_gemm_512"), MachineOptions::default()).unwrap();
    let h = engine::spawn(e, None);
    assert!(matches!(
        h.updates.recv_timeout(Duration::from_secs(10)),
        Ok(Update::Snapshot(_))
    ));
    h.commands.send(Command::Continue).unwrap();
    // Wait for the first progress report, then interrupt.
    let t0 = Instant::now();
    loop {
        match h.updates.recv_timeout(Duration::from_secs(20)) {
            Ok(Update::Progress {
                wave_instructions, ..
            }) => {
                assert!(wave_instructions > 0);
                break;
            }
            Ok(Update::Stopped { text, .. }) => panic!("stopped before any progress: {text}"),
            Ok(_) => {}
            Err(e) => panic!("no progress: {e}"),
        }
    }
    h.interrupt.store(true, Ordering::Relaxed);
    let t1 = Instant::now();
    let text = loop {
        match h.updates.recv_timeout(Duration::from_secs(10)) {
            Ok(Update::Stopped { text, .. }) => break text,
            Ok(_) => {}
            Err(e) => panic!("not interrupted: {e}"),
        }
    };
    eprintln!(
        "first progress after {:?}, interrupted after {:?}",
        t1 - t0,
        t1.elapsed()
    );
    assert_eq!(text, "interrupted");
    assert!(t1.elapsed() < Duration::from_secs(2));
    h.commands.send(Command::Quit).unwrap();
    h.thread.join().unwrap();
}

/// The offline validator (Perfetto's schema and import rules): $WAVESCOPE_VALIDATE_PFTRACE, else shared/ beside
/// the repository (as CI has it), else /work/shared.
fn validator() -> Option<PathBuf> {
    let candidates = [
        std::env::var_os("WAVESCOPE_VALIDATE_PFTRACE").map(PathBuf::from),
        Some(
            PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .join("../../shared/tools/validate_pftrace.py"),
        ),
        Some(PathBuf::from("/work/shared/tools/validate_pftrace.py")),
    ];
    let v = candidates.into_iter().flatten().find(|p| p.exists())?;
    let ok = std::process::Command::new("python3")
        .args([
            "-c",
            "from perfetto.protos.perfetto.trace import perfetto_trace_pb2",
        ])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!(
            "SKIP validation: python3 cannot import perfetto (pip install perfetto protobuf)"
        );
        return None;
    }
    Some(v)
}

/// Run the validator with one SQL query; its single result row.
fn validate(trace: &std::path::Path, sql: &str) -> Option<String> {
    let v = validator()?;
    let out = std::process::Command::new("python3")
        .arg(v)
        .arg(trace)
        .args(["--sql", sql])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success() && stdout.contains("OK: no errors"),
        "validator: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(stdout.lines().nth(2).unwrap_or("").to_string())
}

#[test]
fn t_writes_a_valid_perfetto_trace() {
    let ex = example("heteromark_hist");
    let (mut e, _app) = wavescope_tui::load(&ex, MachineOptions::default()).unwrap();
    let flag = std::sync::atomic::AtomicBool::new(false);
    for _ in 0..5 {
        e.handle(Command::Step { wave: 0 }, &flag, &mut |_| {});
    }
    let out = std::env::temp_dir().join(format!("wavescope-tui-{}.pftrace", std::process::id()));
    let u = e.handle(Command::WriteTrace(out.clone()), &flag, &mut |_| {});
    assert!(
        matches!(&u[..], [Update::Message(m)] if m.contains("written")),
        "{u:?}"
    );
    let slices = validate(&out, "select count(*) from slice");
    let _ = std::fs::remove_file(&out);
    eprintln!("slices: {slices:?}");
}
