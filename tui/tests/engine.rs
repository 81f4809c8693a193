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

/// Check a trace with `wavescope_traces::validate` (Perfetto's schema and trace_processor's import rules); its
/// tables (the test fails with every problem found).
fn validate(trace: &std::path::Path) -> wavescope_traces::validate::Trace {
    wavescope_traces::validate::read_file(trace).unwrap_or_else(|problems| {
        let lines: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        panic!(
            "{} is not a valid trace:\n{}",
            trace.display(),
            lines.join("\n")
        )
    })
}

/// The first instructions of a kernel as llvm-objdump-22 prints them (kernel.objdump.txt): mnemonics.
fn objdump_mnemonics(name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(example(name).join("kernel.objdump.txt")).unwrap();
    text.lines()
        .filter(|l| l.contains("// 0000"))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect()
}

#[test]
fn t_writes_a_valid_trace_of_what_ran_so_far() {
    let ex = example("heteromark_hist");
    let (e, _app) = wavescope_tui::load(&ex, MachineOptions::default()).unwrap();
    let mut e = e.with_manifest(&ex);
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
    // Five steps of wave 0 ran its first five instructions (kernel.objdump.txt) and nothing else; the s_waitcnt
    // among them stalls for the scalar loads (a stall slice, not an instruction).
    let od = objdump_mnemonics("heteromark_hist");
    let t = validate(&out);
    let mut insts: Vec<&wavescope_traces::validate::Slice> = t
        .slices
        .iter()
        .filter(|s| !s.name.starts_with("stall"))
        .collect();
    insts.sort_by_key(|s| (s.ts, s.id));
    let names: Vec<&str> = insts.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names.join(" "), od[..5].join(" "));
    assert_eq!(
        t.slices
            .iter()
            .filter(|s| s.name.starts_with("stall"))
            .count(),
        1
    );
    // The session goes on after a trace: continue to the end, and the trace so far is the whole dispatch.
    e.handle(Command::Continue, &flag, &mut |_| {});
    assert!(e.machine().finished());
    let n = e.machine().wave_instructions();
    e.handle(Command::WriteTrace(out.clone()), &flag, &mut |_| {});
    let t = validate(&out);
    let _ = std::fs::remove_file(&out);
    let insts = t
        .slices
        .iter()
        .filter(|s| !s.name.starts_with("stall") && s.dur > 0)
        .count();
    assert_eq!(insts as u64, n);
}

#[test]
fn the_replay_log_reproduces_an_interrupted_run() {
    // A continue paused by progress reports several times and then interrupted: its schedule depends on where
    // it paused, which the log keeps. A fresh machine replaying the log is in the same state, wave for wave.
    let ex = example("polybench_gemm_512");
    let (e, _app) = wavescope_tui::load(&ex, MachineOptions::default()).unwrap();
    let mut e = e.with_manifest(&ex);
    let flag = std::sync::atomic::AtomicBool::new(false);
    e.handle(Command::Step { wave: 3 }, &flag, &mut |_| {});
    let mut reports = 0;
    let interrupt = std::sync::atomic::AtomicBool::new(false);
    e.handle(Command::Continue, &interrupt, &mut |_| {
        reports += 1;
        if reports == 3 {
            interrupt.store(true, Ordering::Relaxed);
        }
    });
    let session = wavescope::session::Session::load(&ex, &Default::default()).unwrap();
    let mut m = wavescope::machine::Machine::new(session, MachineOptions::default());
    e.log().replay(&mut m);
    let live = e.machine();
    assert_eq!(m.wave_instructions(), live.wave_instructions());
    let a: Vec<_> = live
        .resident_waves()
        .map(|w| {
            (
                w.id.wave,
                w.pc,
                w.instructions,
                w.sgpr[..16].to_vec(),
                w.vreg[0],
            )
        })
        .collect();
    let b: Vec<_> = m
        .resident_waves()
        .map(|w| {
            (
                w.id.wave,
                w.pc,
                w.instructions,
                w.sgpr[..16].to_vec(),
                w.vreg[0],
            )
        })
        .collect();
    assert_eq!(a, b);
    assert!(
        reports >= 3 && !live.finished(),
        "the run was interrupted midway"
    );
    eprintln!(
        "{} progress reports, {} wave-instructions replayed",
        reports,
        m.wave_instructions()
    );
}

#[test]
fn launch_warnings_show_in_the_status_line() {
    // hip_round_modes: a HIP kernel (.uniform_work_group_size 1) launched with grid 96, block 64 (case.json).
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/extra_kernels_hip/hip_round_modes");
    let (_engine, app) =
        wavescope_tui::load(&dir, wavescope::machine::MachineOptions::default()).unwrap();
    let want = "grid [96, 1, 1] is not a multiple of block [64, 1, 1]";
    assert!(app.status.contains(want), "{}", app.status);
    // A kernel launched with whole work-groups has none.
    let (_engine, app) = wavescope_tui::load(
        &std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/polybench_gemm_64"),
        wavescope::machine::MachineOptions::default(),
    )
    .unwrap();
    assert!(!app.status.contains("warning"), "{}", app.status);
}

/// The findings pane lists LDS races (issue 18) from the whole-dispatch run, at the PC of the later access; the
/// same kernel with its loop barrier lists none. Fixtures: tests/fixtures/races (races.hip, llvm-objdump listing).
#[test]
fn findings_list_lds_races() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/races");
    let listing = std::fs::read_to_string(dir.join("races.objdump.txt")).unwrap();
    let races = |case: &str| -> Vec<(String, Option<u64>)> {
        match engine::profile(&dir.join(case)).unwrap() {
            Update::Profile { findings, .. } => findings
                .into_iter()
                .filter(|f| f.0.starts_with("race "))
                .collect(),
            _ => panic!("profile gave no findings"),
        }
    };
    let bad = races("case_reduce_nobarrier.json");
    assert!(!bad.is_empty());
    for (text, pc) in &bad {
        assert!(text.starts_with("race error (LDS "), "{text}");
        assert!(text.contains("no barrier between"), "{text}");
        // the PC is a DS instruction of the listing
        let pc = pc.expect("a race finding has a PC");
        let line = listing
            .lines()
            .find(|l| l.contains(&format!("// {pc:012X}:")))
            .unwrap_or_else(|| panic!("0x{pc:x} not in the listing"));
        assert!(line.trim_start().starts_with("ds_"), "{line}");
    }
    assert!(races("case_reduce_ok.json").is_empty());
}
