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

/// Run the validator with single-row SQL queries; each query's row (None when the validator cannot run here).
fn validate(trace: &std::path::Path, sql: &[&str]) -> Option<Vec<String>> {
    let v = validator()?;
    let mut cmd = std::process::Command::new("python3");
    cmd.arg(v).arg(trace);
    for q in sql {
        cmd.args(["--sql", q]);
    }
    let out = cmd.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        out.status.success() && stdout.contains("OK: no errors"),
        "validator: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    Some(
        (0..sql.len())
            .map(|i| lines.get(2 + 2 * i).unwrap_or(&"").to_string())
            .collect(),
    )
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
    let rows = validate(
        &out,
        &[
            "select group_concat(name, ' ') from (select name from slice where name not like 'stall%' order by ts)",
            "select count(*) from slice where name like 'stall%'",
        ],
    );
    if let Some(r) = rows {
        assert_eq!(r[0], od[..5].join(" "));
        assert_eq!(r[1], "1");
    }
    // The session goes on after a trace: continue to the end, and the trace so far is the whole dispatch.
    e.handle(Command::Continue, &flag, &mut |_| {});
    assert!(e.machine().finished());
    let n = e.machine().wave_instructions();
    e.handle(Command::WriteTrace(out.clone()), &flag, &mut |_| {});
    let rows = validate(
        &out,
        &["select count(*) from slice where name not like 'stall%' and dur > 0"],
    );
    let _ = std::fs::remove_file(&out);
    if let Some(r) = rows {
        assert_eq!(r[0], n.to_string());
    }
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
