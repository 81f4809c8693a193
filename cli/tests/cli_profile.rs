//! The `wavescope profile` command as a user meets it: the tables (width, order, sums), the JSON schema and its
//! agreement with `wavescope run --report` (wave-instructions, s_waitcnt stall cycles), exit codes.

mod common;

use common::{root, tmp, wavescope};
use std::process::Command;

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
    // the costliest line is the inner loop (kernel.cl:32), inside the kernel body clang emits as
    // `__clang_ocl_kern_imp_gemm` inlined into `gemm` at kernel.cl:22 (the declaration; kernel.symbolizer.txt):
    // shown as written, with no `<- kernel.cl:22` stub frame on any line and no `./` in any path
    let first_line_row = out
        .lines()
        .skip_while(|l| !l.starts_with("source line"))
        .nth(1)
        .unwrap();
    assert!(first_line_row.starts_with("kernel.cl:32 "), "{out}");
    assert!(!out.contains("<- kernel.cl:22"), "{out}");
    assert!(!out.contains("./"), "{out}");
    assert!(
        out.contains("ocl_prelude.h:"),
        "the prelude's inlined helpers still show: {out}"
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
    // the costliest line's text is line 32 of the kernel source
    let src = std::fs::read_to_string(ex.join("kernel.cl")).unwrap();
    assert_eq!(
        lines[0]["text"].as_str().unwrap(),
        src.lines().nth(31).unwrap().trim()
    );
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
    // the budget ran out: exit 4, with the way to raise it
    assert_eq!(code, 4, "{out}{err}");
    assert!(err.contains("--max-instructions"), "{err}");
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

/// The hazard of `cli_run.rs`'s patched MFMA kernel (its s_nop after the first MFMA shortened to `s_nop 0`):
/// the profile lists it at the consumer PC that `run --report` names, and its MFMA-busy stalls are the report's.
#[test]
fn findings_at_their_pc_in_a_patched_mfma_kernel() {
    let ex = root().join("examples/labnotes_mfma_f64_16x16x4");
    let listing = std::fs::read_to_string(ex.join("kernel.objdump.txt")).unwrap();
    let after_mfma = &listing[listing.find("v_mfma").expect("an MFMA")..];
    let line = after_mfma
        .lines()
        .find(|l| l.trim_start().starts_with("s_nop") && !l.contains("s_nop 0 "))
        .unwrap();
    let pc = u64::from_str_radix(
        line.split("// ")
            .nth(1)
            .unwrap()
            .split(':')
            .next()
            .unwrap()
            .trim(),
        16,
    )
    .unwrap();
    let mut bytes = std::fs::read(ex.join("kernel.hsaco")).unwrap();
    let co = wavescope::code_object::CodeObject::parse(bytes.clone()).unwrap();
    let seg = co
        .segments()
        .iter()
        .find(|s| s.vaddr <= pc && pc < s.vaddr + s.filesz)
        .unwrap();
    let off = (seg.file_offset + pc - seg.vaddr) as usize;
    bytes[off..off + 4].copy_from_slice(&0xBF80_0000u32.to_le_bytes()); // s_nop 0
    let d = tmp("hazard");
    std::fs::write(d.join("kernel.hsaco"), &bytes).unwrap();
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ex.join("case.json")).unwrap()).unwrap();
    for a in m["args"].as_array_mut().unwrap() {
        if let Some(f) = a["file"].as_str() {
            a["file"] = ex.join(f).to_string_lossy().into();
        }
    }
    m["outputs"] = serde_json::json!([]);
    std::fs::write(d.join("case.json"), m.to_string()).unwrap();
    let report = d.join("r.json");
    let (code, out, err) = wavescope(&[
        "run",
        d.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let consumer = r["hazards"][0]["consumer_pc"].as_str().unwrap().to_string();
    let rule = r["hazards"][0]["rule"].as_str().unwrap().to_string();

    let (code, out, err) = wavescope(&["profile", d.to_str().unwrap(), "--json", "-"]);
    assert_eq!(code, 0, "{err}");
    let p: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        u(&p, "hazards"),
        r["hazards"].as_array().unwrap().len() as u64
    );
    let inst = p["instructions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["pc"] == consumer.as_str())
        .expect("the consumer executed");
    let f = inst["findings"].as_array().unwrap();
    assert!(
        f.iter().any(|t| t.as_str().unwrap().contains(&rule)),
        "{inst}"
    );
    let lines_with: u64 = p["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| u(l, "findings"))
        .sum();
    assert!(lines_with >= 1);
    assert_eq!(
        u(&p["totals"]["stall"], "mfma_busy"),
        u(&r["timing"], "mfma_busy_cycles")
    );
    // the table marks it and prints the finding under the instructions
    let (code, out, _) = wavescope(&["profile", d.to_str().unwrap(), "--by", "inst", "--top", "0"]);
    assert_eq!(code, 0);
    assert!(out.contains(&format!("{consumer}!")), "{out}");
    assert!(
        out.contains(&format!("! {consumer}: hazard {rule}")),
        "{out}"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 120), "{out}");
}

/// `wavescope profile ... | head -1`: a closed pipe ends the output without a panic or an error exit (the read end is closed
/// before the run finishes, so the first write already fails).
#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::process::Stdio;
    let ex = root().join("examples/polybench_gemm_64");
    let mut child = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .args(["profile", ex.to_str().unwrap(), "--top", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("panicked"), "{err}");
    // Ended quietly: exit 0, or SIGPIPE's default action as for any Unix report tool (cli/src/main.rs).
    use std::os::unix::process::ExitStatusExt;
    assert!(
        o.status.code() == Some(0) || o.status.signal() == Some(13),
        "{:?} {err}",
        o.status
    );
}

/// `--timing-model FILE`: the latencies come from the given file (global loads 1000 cycles instead of 600).
#[test]
fn timing_model_file_sets_the_latencies() {
    let d = tmp("model");
    let model = d.join("slow.toml");
    // the fixed `[memory]` latencies hold with the memory system off (docs/memory-model.md)
    std::fs::write(
        &model,
        "[memory]\nglobal_load_latency = 1000\n[memory_system]\nenabled = false\n",
    )
    .unwrap();
    let ex = root().join("examples/polybench_gemm_64");
    let (code, out, err) = wavescope(&[
        "profile",
        ex.to_str().unwrap(),
        "--timing-model",
        model.to_str().unwrap(),
        "--json",
        "-",
    ]);
    assert_eq!(code, 0, "{err}");
    let p: serde_json::Value = serde_json::from_str(&out).unwrap();
    let loads: Vec<&serde_json::Value> = p["instructions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|i| i["text"].as_str().unwrap().starts_with("global_load"))
        .collect();
    assert!(!loads.is_empty());
    for i in loads {
        assert_eq!(u(i, "latency"), 1000 * u(i, "executions"), "{i}");
    }
    std::fs::write(&model, "global_load_latency = fast\n").unwrap();
    let (code, _, err) = wavescope(&[
        "profile",
        ex.to_str().unwrap(),
        "--timing-model",
        model.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("timing model ") && err.contains("slow.toml line 1: "),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

/// A cooperative dispatch with grid barriers (tests/fixtures/cooperative) runs with every work-group resident,
/// and `profile` models it as `run` does (one cycle-model observer per work-group, `Plan::run_with_sinks`): the
/// same cycles and wave-instructions as `run --report`, every execution in the table, and the schedule's note.
#[test]
fn a_cooperative_dispatch_profiles_as_it_runs() {
    let d = tmp("coop");
    let ex = root().join("tests/fixtures/cooperative");
    let json = d.join("p.json");
    let (code, out, err) = wavescope(&[
        "profile",
        ex.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(err.contains("the checkers saw that interleaving"), "{err}");
    let p: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
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
    assert!(u(&p, "cycles") > 0);
    assert_eq!(u(&p, "cycles"), u(&r, "cycles"));
    assert_eq!(u(&p, "wave_instructions"), u(&r, "wave_instructions"));
    let execs: u64 = p["instructions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| u(i, "executions"))
        .sum();
    assert_eq!(execs, u(&r, "wave_instructions"));
    // the costliest line is phase 1's grid-stride loop
    assert!(
        p["lines"][0]["source"]
            .as_str()
            .unwrap()
            .starts_with("src/grid_sync.hip:19")
            || p["lines"][0]["source"]
                .as_str()
                .unwrap()
                .starts_with("grid_sync.hip:19"),
        "{}",
        p["lines"][0]
    );
    let _ = std::fs::remove_dir_all(&d);
}
