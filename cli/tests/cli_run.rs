//! The `wavescope run` command as a user meets it: exit codes, one-line errors, the report's keys, `--out`.

mod common;

use common::{root, tmp, wavescope};
use std::process::Command;

#[test]
fn run_check_report_on_an_example() {
    let d = tmp("report");
    let report = d.join("r.json");
    let ex = root().join("examples/rodinia_backprop");
    let (code, out, err) = wavescope(&[
        "run",
        ex.to_str().unwrap(),
        "--check",
        "--report",
        report.to_str().unwrap(),
        "--out",
        d.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("wave-instructions"), "{out}");
    assert!(out.contains("fidelity:"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("check ") && l.ends_with(" ok")),
        "{out}"
    );
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    for key in [
        "kernel",
        "waves",
        "wave_instructions",
        "cycles",
        "waitcnt_stall_cycles",
        "hazards",
        "missing_waits",
        "fidelity",
    ] {
        assert!(r.get(key).is_some(), "report lacks {key}");
    }
    assert_eq!(r["passed"], true);
    assert!(r["wave_instructions"].as_u64().unwrap() > 0);
    // --out wrote every buffer argument.
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ex.join("case.json")).unwrap()).unwrap();
    for (i, a) in m["args"].as_array().unwrap().iter().enumerate() {
        if a["kind"] == "buffer" {
            let p = d.join(format!("arg{i}.bin"));
            let n = a["count"].as_u64().unwrap();
            assert!(std::fs::metadata(&p).unwrap().len() >= n, "{}", p.display());
        }
    }
}

/// `--report` with no file (as in `run DIR --check --report`) prints the JSON report on stdout, the report and
/// nothing else; the console lines go to stderr. The report is the one `--report FILE` writes, but for the wall-time figures.
#[test]
fn report_without_a_file_goes_to_stdout() {
    let d = tmp("report-stdout");
    let file = d.join("r.json");
    let ex = root().join("examples/rodinia_backprop");
    let (code, out, err) = wavescope(&["run", ex.to_str().unwrap(), "--check", "--report"]);
    assert_eq!(code, 0, "{out}{err}");
    let on_stdout: serde_json::Value = serde_json::from_str(&out)
        .unwrap_or_else(|e| panic!("stdout is not one JSON report ({e}): {out}"));
    assert!(
        err.contains("fidelity:"),
        "console lines go to stderr: {err}"
    );
    assert!(
        err.lines()
            .any(|l| l.starts_with("check ") && l.ends_with(" ok")),
        "{err}"
    );
    let (code, out2, err2) = wavescope(&[
        "run",
        ex.to_str().unwrap(),
        "--check",
        "--report",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out2}{err2}");
    let in_file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let strip = |mut v: serde_json::Value| {
        let o = v.as_object_mut().unwrap();
        o.remove("wall_seconds");
        o.remove("wave_instructions_per_second");
        v
    };
    assert_eq!(strip(on_stdout.clone()), strip(in_file));
    assert_eq!(on_stdout["passed"], true);
    // `--report -` is the same as `--report` alone
    let (code, out3, _) = wavescope(&["run", ex.to_str().unwrap(), "--report", "-"]);
    assert_eq!(code, 0);
    assert!(
        serde_json::from_str::<serde_json::Value>(&out3).is_ok(),
        "{out3}"
    );
}

#[test]
fn a_mismatch_exits_1() {
    let d = tmp("mismatch");
    let ex = root().join("examples/polybench_gemm_64");
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ex.join("case.json")).unwrap()).unwrap();
    m["code_object"] = ex.join("kernel.hsaco").to_string_lossy().into();
    for i in 0..3 {
        let f = m["args"][i]["file"].as_str().unwrap().to_string();
        m["args"][i]["file"] = ex.join(f).to_string_lossy().into();
    }
    // Compare C with A's input: certainly different.
    m["outputs"][0]["file"] = ex.join("in_a.bin").to_string_lossy().into();
    std::fs::write(d.join("case.json"), m.to_string()).unwrap();
    let (code, out, _) = wavescope(&["run", d.to_str().unwrap(), "--check"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("MISMATCH"), "{out}");
}

#[test]
fn bad_input_is_one_clear_line_and_exit_2() {
    let d = tmp("bad");
    let cases: Vec<(String, &str)> = vec![
        (
            r#"{"kernel":"gemm","grid":[64],"block":[64],"args":[{"kind":"bufer"}]}"#.into(),
            "`args[0].kind` is \"bufer\", expected one of buffer, local, scalar, null, pointer",
        ),
        ("{not json".into(), "not valid JSON"),
        (
            r#"{"kernel":"nosuch","grid":[64],"block":[64],"code_object":"CO"}"#.into(),
            "nosuch",
        ),
        (
            r#"{"kernel":"gemm","grid":[64],"block":[64],"code_object":"CO","args":[]}"#.into(),
            "takes 8",
        ),
    ];
    let co = root().join("examples/polybench_gemm_64/kernel.hsaco");
    for (text, want) in cases {
        std::fs::write(
            d.join("case.json"),
            text.replace("CO", co.to_str().unwrap()),
        )
        .unwrap();
        let (code, out, err) = wavescope(&["run", d.to_str().unwrap()]);
        assert_eq!(code, 2, "{want}: {out}{err}");
        assert!(err.contains(want), "expected '{want}' in: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // Not an AMDGPU object at all.
    std::fs::write(d.join("junk.hsaco"), b"\x7fELF this is not a code object").unwrap();
    std::fs::write(
        d.join("case.json"),
        r#"{"kernel":"k","grid":[1],"block":[1],"code_object":"junk.hsaco"}"#,
    )
    .unwrap();
    let (code, _, err) = wavescope(&["run", d.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("junk.hsaco"), "{err}");
}

/// A real MFMA kernel with its s_nop after the MFMA shortened to `s_nop 0` (same code size): `run` reports the
/// missing wait states and `--strict` exits 1; the untouched kernel is clean.
#[test]
fn strict_fails_on_a_hazard_in_a_patched_kernel() {
    let ex = root().join("examples/labnotes_mfma_f64_16x16x4");
    let listing = std::fs::read_to_string(ex.join("kernel.objdump.txt")).unwrap();
    // The first `s_nop N` (N > 0) after the first MFMA.
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
    assert_eq!(
        u32::from_le_bytes(bytes[off..off + 4].try_into().unwrap()) & 0xFFFF_0000,
        0xBF80_0000,
        "s_nop word"
    );
    bytes[off..off + 4].copy_from_slice(&0xBF80_0000u32.to_le_bytes()); // s_nop 0
    let d = tmp("strict");
    std::fs::write(d.join("kernel.hsaco"), &bytes).unwrap();
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ex.join("case.json")).unwrap()).unwrap();
    for a in m["args"].as_array_mut().unwrap() {
        if let Some(f) = a["file"].as_str() {
            a["file"] = ex.join(f).to_string_lossy().into();
        }
    }
    for o in m["outputs"].as_array_mut().unwrap() {
        let f = o["file"].as_str().unwrap().to_string();
        o["file"] = ex.join(f).to_string_lossy().into();
    }
    std::fs::write(d.join("case.json"), m.to_string()).unwrap();
    let report = d.join("r.json");
    let (code, out, err) = wavescope(&[
        "run",
        d.to_str().unwrap(),
        "--strict",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("H7-"), "{out}");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let h = &r["hazards"][0];
    assert!(h["rule"].as_str().unwrap().starts_with("H7-"), "{h}");
    assert!(
        h["provided"].as_u64().unwrap() < h["required"].as_u64().unwrap(),
        "{h}"
    );
    // The finding names the page that explains its rule, in the report and on its console line, and that page
    // has the anchor.
    let rule = h["rule"].as_str().unwrap();
    let doc = format!("docs/hazards.md#{}", rule.to_lowercase().replace('.', "-"));
    assert_eq!(h["doc"].as_str(), Some(doc.as_str()), "{h}");
    let line = out
        .lines()
        .find(|l| l.starts_with(&format!("hazard {rule} ")))
        .unwrap_or_else(|| panic!("no console line for {rule}: {out}"));
    assert!(line.ends_with(&format!("({doc})")), "{line}");
    let page = std::fs::read_to_string(root().join("docs/hazards.md")).unwrap();
    let anchor = doc.split('#').nth(1).unwrap();
    assert!(
        page.contains(&format!("<a id=\"{anchor}\"></a>")),
        "docs/hazards.md has no anchor {anchor}"
    );
    // The original object is clean under --strict.
    let (code, out, _) = wavescope(&["run", ex.to_str().unwrap(), "--strict", "--check"]);
    assert_eq!(code, 0, "{out}");
}

/// `run --trace` writes a Perfetto trace that Perfetto's own schema and trace_processor's import rules accept
/// (`wavescope_traces::validate`), with one slice per wave-instruction.
#[test]
fn trace_validates_with_perfetto() {
    let d = tmp("trace");
    let trace = d.join("t.pftrace");
    let report = d.join("r.json");
    let ex = root().join("examples/polybench_gemm_64");
    let (code, out, err) = wavescope(&[
        "run",
        ex.to_str().unwrap(),
        "--check",
        "--trace",
        trace.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let n = r["wave_instructions"].as_u64().unwrap();
    let summary = wavescope_traces::validate::check_file(&trace).unwrap_or_else(|p| {
        panic!("invalid trace: {p:#?}");
    });
    // The report's instruction count is the trace's: slices other than stalls.
    let stalls: u64 = summary
        .slices_by_name
        .iter()
        .filter(|(name, _)| name.starts_with("stall"))
        .map(|(_, n)| n)
        .sum();
    assert_eq!(summary.slices - stalls, n, "{summary:?}");
    assert_eq!(summary.instants, 0, "gemm has no findings");
    assert!(
        summary.flows > 0 && summary.counter_values > 0,
        "{summary:?}"
    );
    assert!(out.contains(&format!("{n} instruction slices")), "{out}");
}

/// `wavescope run DIR | head -0`: the reader goes away before the first line; the command ends by SIGPIPE as Unix tools do,
/// not with a Rust panic ("failed printing to stdout") and exit 101.
#[test]
fn a_closed_stdout_ends_run_quietly() {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .args(["run", "--check"])
        .arg(root().join("examples/polybench_gemm_64"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Close the reading end before the run has printed anything (loading takes milliseconds): every line goes to
    // a closed pipe.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(out.status.code(), Some(101), "{stderr}");
}

/// `--trace-layout compact` writes the same instruction slices in fewer bytes (what the compact layout holds is
/// checked in traces/tests/trace_examples.rs, by the trace checker and by expanding it back into the standard layout).
#[test]
fn compact_trace_layout_is_smaller() {
    let d = tmp("trace_layout");
    let ex = root().join("examples/polybench_gemm_64");
    let mut sizes = Vec::new();
    for layout in ["standard", "compact"] {
        let trace = d.join(format!("{layout}.pftrace"));
        let (code, out, err) = wavescope(&[
            "run",
            ex.to_str().unwrap(),
            "--trace",
            trace.to_str().unwrap(),
            "--trace-layout",
            layout,
        ]);
        assert_eq!(code, 0, "{out}{err}");
        // gemm 64 runs 59648 wave-instructions (its report's wave_instructions).
        assert!(out.contains("59648 instruction slices"), "{out}");
        sizes.push(std::fs::metadata(&trace).unwrap().len());
    }
    assert!(
        (sizes[1] as f64) < 0.8 * sizes[0] as f64,
        "compact {} vs standard {} bytes",
        sizes[1],
        sizes[0]
    );
    let (code, _, err) = wavescope(&[
        "run",
        ex.to_str().unwrap(),
        "--trace",
        "/tmp/x",
        "--trace-layout",
        "tiny",
    ]);
    assert_eq!(code, 2, "{err}");
}

/// `--trace-compress`: the packets go into zlib `compressed_packets` containers (what Perfetto's own service
/// writes when asked to compress, and what trace_processor inflates on import). Expanded by
/// tools/expand_pftrace.py (Python's zlib), the file is byte for byte the uncompressed trace of the same run; the
/// trace checker, reading the containers as trace_processor does, finds the same trace with one slice per
/// wave-instruction, and every top-level packet of the compressed file is such a container.
#[test]
fn compressed_trace_expands_to_the_standard_trace() {
    let d = tmp("trace_compress");
    let ex = root().join("examples/polybench_gemm_64");
    let plain = d.join("plain.pftrace");
    let packed = d.join("packed.pftrace");
    let expanded = d.join("expanded.pftrace");
    let report = d.join("r.json");
    for (trace, extra) in [(&plain, None), (&packed, Some("--trace-compress"))] {
        let mut args = vec![
            "run",
            ex.to_str().unwrap(),
            "--report",
            report.to_str().unwrap(),
            "--trace",
            trace.to_str().unwrap(),
            // the standard layout's packets (gemm 64's compact ones deflate 7x: they repeat less)
            "--trace-layout",
            "standard",
        ];
        args.extend(extra);
        let (code, out, err) = wavescope(&args);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("59648 instruction slices"), "{out}");
        if extra.is_some() {
            assert!(out.contains("compressed from"), "{out}");
        }
    }
    let (p, c) = (
        std::fs::metadata(&plain).unwrap().len(),
        std::fs::metadata(&packed).unwrap().len(),
    );
    assert!(c * 8 < p, "compressed {c} bytes, plain {p}");
    let o = Command::new("python3")
        .arg(root().join("tools/expand_pftrace.py"))
        .arg(&packed)
        .arg(&expanded)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        std::fs::read(&plain).unwrap() == std::fs::read(&expanded).unwrap(),
        "the expanded trace differs from the uncompressed one"
    );
    use wavescope_traces::validate::read_file;
    let (a, b) = (read_file(&plain).unwrap(), read_file(&packed).unwrap());
    assert!(b.summary.compressed_containers > 0);
    assert_eq!(b.summary.top_level_packets, b.summary.compressed_containers);
    assert_eq!(
        b.summary.packets,
        a.summary.packets + b.summary.compressed_containers
    );
    assert_eq!(
        (&a.slices, &a.counters, &a.flows),
        (&b.slices, &b.counters, &b.flows)
    );
    let insts = b
        .slices
        .iter()
        .filter(|s| s.dur > 0 && !s.name.starts_with("stall"))
        .count();
    assert_eq!(insts, 59648);
}

/// A HIP kernel (`.uniform_work_group_size: 1` in its metadata, as llvm-readelf-22 --notes shows for
/// hip_valu_mix) launched on a grid that is not a multiple of its block gets one warning line on stderr naming
/// the grid and block; its whole-work-group launch gets none.
#[test]
fn partial_work_group_on_a_uniform_kernel_is_warned() {
    let src = root().join("tests/fixtures/extra_kernels_hip/hip_valu_mix");
    let (code, _, err) = wavescope(&["run", src.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("warning"), "{err}");
    let d = tmp("uniform_wg");
    for e in std::fs::read_dir(&src).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, d.join(p.file_name().unwrap())).unwrap();
    }
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("case.json")).unwrap()).unwrap();
    m["grid"] = serde_json::json!([100, 1, 1]);
    std::fs::write(d.join("case.json"), m.to_string()).unwrap();
    let (_, _, err) = wavescope(&["run", d.to_str().unwrap()]);
    let warnings: Vec<&str> = err.lines().filter(|l| l.contains("warning")).collect();
    assert_eq!(warnings.len(), 1, "{err}");
    assert!(
        warnings[0].contains("[100, 1, 1]") && warnings[0].contains("[64, 1, 1]"),
        "{err}"
    );
}

/// Line number (1-based) of the first line of tests/fixtures/races/races.hip containing `needle`: the source,
/// not the checker, says which line a race finding must name.
fn races_hip_line(needle: &str) -> u32 {
    let src = std::fs::read_to_string(root().join("tests/fixtures/races/races.hip")).unwrap();
    src.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("races.hip has no line with {needle:?}")) as u32
        + 1
}

#[test]
fn races_console_report_and_strict() {
    let d = tmp("races");
    let report = d.join("r.json");
    let case = root().join("tests/fixtures/races/case_reduce_nobarrier.json");
    let (code, out, err) = wavescope(&[
        "run",
        case.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(
        code, 0,
        "without --strict a race is reported, not failed: {out}{err}"
    );
    // the loop body `sdata[tid] += sdata[tid + s]` races with itself across waves without the loop barrier
    let l = races_hip_line("sdata[tid] += sdata[tid + s]");
    let line = out
        .lines()
        .find(|x| x.starts_with("race error (LDS "))
        .unwrap_or_else(|| panic!("no race line in {out}"));
    assert!(
        line.matches(&format!("races.hip:{l}")).count() >= 2,
        "both source lines: {line}"
    );
    assert!(line.contains("no barrier between the "), "fix hint: {line}");
    assert!(
        out.lines().any(
            |x| x.starts_with("races (LDS + global within the default budget): ")
                && x.contains("error")
        ),
        "{out}"
    );
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    // a small dispatch: global memory was checked too, within the default budget (it did not run out)
    assert_eq!(r["race_mode"], "default-small", "{r}");
    assert!(r.get("global_races_stopped").is_none(), "{r}");
    let races = r["races"].as_array().expect("report has races");
    assert!(!races.is_empty());
    for f in races {
        assert_eq!(f["kind"], "lds");
        assert_eq!(f["severity"], "error");
        assert!(
            ["RAW", "WAR", "WAW"].contains(&f["access"].as_str().unwrap()),
            "{f}"
        );
        for k in ["first_pc", "second_pc", "address_lo", "address_hi"] {
            let v = f[k].as_str().unwrap();
            assert!(
                v.starts_with("0x") && u64::from_str_radix(&v[2..], 16).is_ok(),
                "{k}: {f}"
            );
        }
        let (lo, hi) = (
            u64::from_str_radix(&f["address_lo"].as_str().unwrap()[2..], 16).unwrap(),
            u64::from_str_radix(&f["address_hi"].as_str().unwrap()[2..], 16).unwrap(),
        );
        // sdata is int[256]: the conflicting bytes lie in the 1 KB LDS array
        assert!(lo <= hi && hi < 1024, "{f}");
        for k in ["first_source", "second_source"] {
            let s = f[k].as_str().unwrap_or("");
            assert!(s.contains(&format!("races.hip:{l}")), "{k}: {f}");
        }
        // block 256 = 4 waves of work-group 0 or 1; the two accesses come from different waves
        let (w1, w2) = (
            f["first_wave"].as_u64().unwrap(),
            f["second_wave"].as_u64().unwrap(),
        );
        assert!(w1 != w2 && w1 < 8 && w2 < 8 && w1 / 4 == w2 / 4, "{f}");
        assert!(f["first_lane"].as_u64().unwrap() < 64 && f["second_lane"].as_u64().unwrap() < 64);
        assert!(f["occurrences"].as_u64().unwrap() >= 1);
    }
    // --strict: an error-severity race fails the run
    let (code, out, err) = wavescope(&["run", case.to_str().unwrap(), "--strict"]);
    assert_eq!(code, 1, "{out}{err}");
    // --strict with only benign (same-value) warnings passes
    let case = root().join("tests/fixtures/races/case_same_value.json");
    let (code, out, err) = wavescope(&["run", case.to_str().unwrap(), "--strict"]);
    assert!(
        out.contains("race warning (LDS WAW, benign: same value)"),
        "{out}"
    );
    assert!(!out.contains("race error"), "{out}");
    assert_eq!(code, 0, "{out}{err}");
    // --no-races: nothing checked, nothing reported
    let case = root().join("tests/fixtures/races/case_reduce_nobarrier.json");
    let (code, out, err) = wavescope(&["run", case.to_str().unwrap(), "--strict", "--no-races"]);
    assert!(!out.contains("race error"), "{out}");
    assert_eq!(code, 0, "{out}{err}");
}
