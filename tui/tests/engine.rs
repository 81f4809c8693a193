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
            Ok(Update::Progress { wave_instructions }) => {
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

#[test]
fn writes_a_perfetto_trace() {
    let out = std::env::temp_dir().join(format!("wavescope-tui-{}.pftrace", std::process::id()));
    let u = engine::write_trace(&example("heteromark_hist"), &out);
    assert!(
        matches!(&u, Update::Message(m) if m.contains("written")),
        "{u:?}"
    );
    let bytes = std::fs::read(&out).unwrap();
    let _ = std::fs::remove_file(&out);
    // A Perfetto trace is a protobuf `Trace`: repeated field 1 (TracePacket), wire type 2 -> first byte 0x0a.
    assert!(bytes.len() > 100);
    assert_eq!(bytes[0], 0x0a);
}
