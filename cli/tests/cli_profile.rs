//! The `wavescope profile` command as a user meets it: the tables (width, order, sums), the JSON schema and its
//! agreement with `wavescope run --report` (wave-instructions, s_waitcnt stall cycles), exit codes.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn wavescope(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "wavescope-cli-profile-{}-{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn u(v: &serde_json::Value, k: &str) -> u64 {
    v[k].as_u64()
        .unwrap_or_else(|| panic!("`{k}` is not a count in {v}"))
}

#[test]
fn gemm_tables_and_json_agree_with_run() {
    let d = tmp("gemm");
    let ex = root().join("examples/polybench_gemm_64");
    let json = d.join("p.json");
    let (code, out, err) = wavescope(&[
        "profile",
        ex.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.lines().all(|l| l.chars().count() <= 120), "{out}");
    assert!(out.starts_with("gemm: "), "{out}");
    assert!(out.contains("source lines by cost"), "{out}");
    assert!(out.contains("instructions by cost"), "{out}");
    // the costliest line is the inner loop (kernel.cl:32), reached through the inlined kernel body
    let first_line_row = out
        .lines()
        .skip_while(|l| !l.starts_with("source line"))
        .nth(1)
        .unwrap();
    assert!(
        first_line_row.starts_with("kernel.cl:32 <- kernel.cl:22"),
        "{out}"
    );

    let p: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    for k in [
        "kernel",
        "timing_model",
        "waves",
        "wave_instructions",
        "cycles",
        "fault",
        "totals",
        "hazards",
        "missing_waits",
        "instructions",
        "lines",
    ] {
        assert!(p.get(k).is_some(), "no `{k}`");
    }
    let insts = p["instructions"].as_array().unwrap();
    let lines = p["lines"].as_array().unwrap();
    for k in [
        "pc",
        "text",
        "source",
        "chain",
        "memory",
        "findings",
        "executions",
        "issue_cycles",
        "stall_cycles",
        "cost",
        "cost_percent",
        "stall",
        "latency",
        "hidden",
        "exposed",
        "exposed_waitcnt",
        "exposed_counter_full",
    ] {
        assert!(insts[0].get(k).is_some(), "no instruction `{k}`");
    }
    for k in ["source", "chain", "pcs", "findings", "executions", "cost"] {
        assert!(lines[0].get(k).is_some(), "no line `{k}`");
    }
    // sorted by cost
    let costs: Vec<u64> = insts.iter().map(|i| u(i, "cost")).collect();
    assert!(costs.windows(2).all(|w| w[0] >= w[1]));
    // executions and exposure sum to the run's figures (`wavescope run --report`)
    let report = d.join("r.json");
    let (code, out, err) = wavescope(&[
        "run",
        ex.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let execs: u64 = insts.iter().map(|i| u(i, "executions")).sum();
    let line_execs: u64 = lines.iter().map(|l| u(l, "executions")).sum();
    assert_eq!(execs, u(&r, "wave_instructions"));
    assert_eq!(line_execs, execs);
    assert_eq!(u(&p, "wave_instructions"), u(&r, "wave_instructions"));
    assert_eq!(u(&p, "cycles"), u(&r, "cycles"));
    let exposed: u64 = insts.iter().map(|i| u(i, "exposed_waitcnt")).sum();
    let waits: u64 = insts
        .iter()
        .map(|i| u(&i["stall"], "waitcnt_vmcnt") + u(&i["stall"], "waitcnt_lgkmcnt"))
        .sum();
    assert_eq!(exposed, u(&r, "waitcnt_stall_cycles"));
    assert_eq!(waits, u(&r, "waitcnt_stall_cycles"));
    for i in insts {
        assert_eq!(u(i, "hidden") + u(i, "exposed"), u(i, "latency"), "{i}");
    }
    let total = &p["totals"];
    assert_eq!(u(total, "executions"), execs);
    let pct: f64 = insts
        .iter()
        .map(|i| i["cost_percent"].as_f64().unwrap())
        .sum();
    assert!((pct - 100.0).abs() < 1e-6, "{pct}");
}

#[test]
fn json_to_stdout_top_and_by() {
    let ex = root().join("examples/rodinia_backprop");
    let (code, out, err) = wavescope(&["profile", ex.to_str().unwrap(), "--json", "-"]);
    assert_eq!(code, 0, "{err}");
    let p: serde_json::Value = serde_json::from_str(&out).expect("stdout is only JSON");
    assert!(u(&p["totals"]["stall"], "barrier") > 0);

    let (code, out, err) = wavescope(&[
        "profile",
        ex.to_str().unwrap(),
        "--by",
        "inst",
        "--top",
        "5",
        "--jobs",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("source lines by cost"), "{out}");
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("pc "))
        .skip(1)
        .take_while(|l| l.trim_start().starts_with("0x"))
        .collect();
    assert_eq!(rows.len(), 5, "{out}");
}

#[test]
fn faults_and_bad_input_exit_2_with_one_line() {
    let ex = root().join("examples/polybench_gemm_64");
    let (code, out, err) =
        wavescope(&["profile", ex.to_str().unwrap(), "--max-instructions", "10"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.starts_with("wavescope: fault: instruction limit"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    let (code, _, err) = wavescope(&["profile", "/nonexistent/case.json"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
