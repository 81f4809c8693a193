//! Device printf under the resident schedule (the debugger's and the TUI's `Machine`): the Triton device_print
//! fixture (tests/fixtures/extra_kernels_r5/t_device_print) runs to its end, its check passes and it printed the
//! same lines, in the same order, as the batch run (`wavescope run`), whose order the CLI tests pin against
//! in_x.bin. Resident waves interleave in quanta of 32 instructions, so the packets of both waves are in flight
//! together: the services must answer each wave's own packet.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::machine::{Machine, MachineOptions, Stop};
use wavescope::session::Session;

fn case() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/extra_kernels_r5/t_device_print")
}

fn lines(s: &Session) -> Vec<String> {
    s.dispatch
        .services
        .as_ref()
        .expect("the kernel takes a hostcall buffer")
        .printed()
        .into_iter()
        .map(|p| String::from_utf8(p.text).unwrap())
        .collect()
}

#[test]
fn resident_schedule_answers_printf() {
    let batch = Session::load(&case(), &RunOptions::default()).unwrap();
    let out = batch.run(&wavescope::pipeline::RunConfig::full(RunOptions::default()));
    assert!(out.fault.is_none());
    let want = lines(&batch);
    assert_eq!(want.len(), 128);
    let mut per_wave: Vec<Vec<String>> = vec![Vec::new(); 2];
    for l in &want {
        per_wave[if l.starts_with("pid (0,") { 0 } else { 1 }].push(l.clone());
    }
    let s = Session::load(&case(), &RunOptions::default()).unwrap();
    let mut m = Machine::new(s, MachineOptions::default());
    assert!(matches!(m.run_to_end(), Some(Stop::Exited)));
    assert!(m.session().check().iter().all(|c| c.passed()));
    let got = lines(m.session());
    // Each wave's lines in its own order (the two waves' messages may interleave by quantum).
    for (w, mine) in per_wave.iter().enumerate() {
        let prefix = format!("pid ({w},");
        let g: Vec<&String> = got.iter().filter(|l| l.starts_with(&prefix)).collect();
        assert_eq!(g, mine.iter().collect::<Vec<_>>());
    }
    assert_eq!(got.len(), want.len());
}
