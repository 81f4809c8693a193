//! Runaway kernels (issue 13.5): every command has a budget of wave-instructions per dispatch and ends a kernel
//! that never stops with exit 4 and a message saying how to raise it; Ctrl-C stops a run cleanly (positions of the
//! waves, report, `--out` buffers, exit 130). The kernel: debugger/tests/fixtures/spin, whose wave 0 spins until
//! a flag in memory changes, which nothing changes.

mod common;
use common::{root, tmp, wavescope};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn spin() -> String {
    root()
        .join("debugger/tests/fixtures/spin")
        .to_string_lossy()
        .into_owned()
}

/// The loop's five instructions, from llvm-objdump's listing of spin.hsaco (0x1614..=0x1628): the back edge
/// `s_cbranch_vccnz 65530` at 0x1628 goes to `<spin+0x14>` = 0x1614, the `s_waitcnt lgkmcnt(0)`.
const LOOP: [(u64, &str); 5] = [
    (0x1614, "s_waitcnt"),
    (0x1618, "global_load_dword"),
    (0x1620, "s_waitcnt"),
    (0x1624, "v_cmp_eq_u32"),
    (0x1628, "s_cbranch_vccnz"),
];

#[test]
fn the_budget_counts_wave_instructions_of_the_whole_dispatch() {
    // With one job the run stops exactly at the budget: the report counts N wave-instructions in all.
    let d = tmp("budget_exact");
    let report = d.join("r.json");
    for n in [1000u64, 4321] {
        let (code, out, err) = wavescope(&[
            "run",
            &spin(),
            "--max-instructions",
            &n.to_string(),
            "--jobs",
            "1",
            "--report",
            report.to_str().unwrap(),
        ]);
        assert_eq!(code, 4, "{out}{err}");
        assert!(
            err.contains(&format!("budget of {n} wave-instructions")),
            "{err}"
        );
        assert!(err.contains("--max-instructions N"), "{err}");
        let r: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        assert_eq!(r["wave_instructions"], n, "{r}");
        assert_eq!(r["fault"]["kind"], "instruction limit", "{r}");
    }
    // `profile` and `inspect` count the same way and exit the same way.
    let (code, _, err) = wavescope(&["profile", &spin(), "--max-instructions", "1000"]);
    assert_eq!(code, 4, "{err}");
    assert!(err.contains("budget of 1000 wave-instructions"), "{err}");
    let (code, _, err) = wavescope(&[
        "inspect",
        &spin(),
        "--break",
        "spin.cl:9",
        "--max-instructions",
        "1000",
    ]);
    assert_eq!(code, 4, "{err}");
    assert!(err.contains("budget of 1000 wave-instructions"), "{err}");
    // A kernel that ends well inside the budget is not affected by it.
    let ex = root().join("examples/polybench_gemm_64");
    let (code, out, err) = wavescope(&["run", ex.to_str().unwrap(), "--check"]);
    assert_eq!(code, 0, "{out}{err}");
    std::fs::remove_dir_all(&d).ok();
}

#[test]
fn a_spinning_kernel_with_no_flags_stops_by_itself() {
    let (code, out, err) = wavescope(&["run", &spin()]);
    assert_eq!(code, 4, "{out}{err}");
    let budget = wavescope::launch::DEFAULT_MAX_INSTRUCTIONS;
    assert!(
        err.contains(&format!("budget of {budget} wave-instructions")),
        "{err}"
    );
    assert!(err.contains("raise it with --max-instructions N"), "{err}");
    // the wave named is the runaway one, somewhere in its loop: each work-group has one wave, and with several
    // host threads either work-group may have issued the most when the budget ran out
    assert!(
        err.contains("in wave 0 (work-group 0,0,0)")
            || err.contains("in wave 1 (work-group 1,0,0)"),
        "{err}"
    );
    assert!(
        LOOP.iter()
            .any(|(pc, _)| err.contains(&format!("pc 0x{pc:x}"))),
        "{err}"
    );
}

#[test]
fn ctrl_c_stops_cleanly_with_positions_report_and_buffers() {
    let d = tmp("ctrl_c");
    let report = d.join("report.json");
    let out = d.join("out");
    let trace = d.join("spin.pftrace");
    let child = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .args([
            "run",
            &spin(),
            "--max-instructions",
            "0", // no budget: only Ctrl-C ends it
            "--jobs",
            "1", // one host thread: one resident wave to name
            "--report",
            report.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            // traced too (a window of its first cycles, so the file stays small): an interrupted run's trace
            // is complete and valid
            "--trace",
            trace.to_str().unwrap(),
            "--trace-cycles",
            "0-200000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until the run is under way (in the loop, even on a loaded machine): still running, no report yet.
    std::thread::sleep(Duration::from_millis(3000));
    let mut child = child;
    assert!(
        child.try_wait().unwrap().is_none(),
        "the spinning run ended by itself"
    );
    assert!(!report.exists(), "a report before the run ended");
    // SAFETY: sending a signal to our own child process.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let t = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            t.elapsed() < Duration::from_secs(60),
            "no exit 60 s after SIGINT"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let o = child.wait_with_output().unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert_eq!(status.code(), Some(130), "{stdout}{stderr}");
    assert!(stderr.contains("interrupted (Ctrl-C)"), "{stderr}");
    // One position line for the one resident wave (the batch policy runs one work-group at a time): its PC is
    // one of the loop's, with that instruction's text and its source line.
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| l.trim_start().starts_with("wave "))
        .collect();
    assert_eq!(lines.len(), 1, "{stderr}");
    let l = lines[0];
    assert!(l.contains("wave 0 (work-group 0,0,0) stopped at 0x"), "{l}");
    let (pc, text) = LOOP
        .iter()
        .find(|(pc, _)| l.contains(&format!("at 0x{pc:x} `")))
        .unwrap_or_else(|| panic!("not a loop PC: {l}"));
    assert!(l.contains(&format!("`{text}")), "0x{pc:x}: {l}");
    assert!(l.contains("spin.cl:"), "no source line: {l}");
    // The report: the run's counts so far, and the same position line.
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert!(r["wave_instructions"].as_u64().unwrap() > 0, "{r}");
    assert!(r["fault"].is_null(), "{r}");
    assert_eq!(r["interrupted"][0].as_str().unwrap(), l.trim(), "{r}");
    // The --out buffers: the flag (4 bytes) and out[128], which no wave wrote (wave 0 never left its loop, wave
    // 1 never started).
    assert_eq!(std::fs::read(out.join("arg0.bin")).unwrap(), vec![0u8; 4]);
    assert_eq!(std::fs::read(out.join("arg1.bin")).unwrap(), vec![0u8; 512]);
    // The trace: flushed and valid (Perfetto's schema, trace_processor's import rules), with the loop's slices.
    let summary = wavescope_traces::validate::check_file(&trace)
        .unwrap_or_else(|p| panic!("the interrupted run's trace: {p:?}"));
    assert!(
        summary
            .slices_by_name
            .get("s_waitcnt")
            .copied()
            .unwrap_or(0)
            > 10,
        "{:?}",
        summary.slices_by_name
    );
    std::fs::remove_dir_all(&d).ok();
}
