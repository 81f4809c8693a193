//! Code objects compiled by Triton (the pip wheel, 3.9.0, for gfx950; tools/triton/build_examples.py) as a user
//! meets them: each examples/triton_* dispatch matches its numpy reference under `run --check`, `disasm` equals
//! the committed llvm-objdump-22 listing line for line, `run --trace` writes one slice per wave-instruction and
//! `profile` runs. The loader reads what Triton writes: `amdgpu9.50-amd-amdhsa-unknown-gfx950`, the trailing
//! scratch pointer arguments, `.uniform_work_group_size`, AGPRs.

mod common;

use common::{root, tmp, wavescope};
use std::path::{Path, PathBuf};
use wavescope::code_object::{ArgValueKind, CodeObject, FeatureSetting};

/// The small examples every check runs on. triton_matmul_fp8_1024 (the 1024^3 benchmark dispatch, ~16 s) is run
/// once, by `fp8_gemm_1024_matches_numpy`; triton_matmul_fp8 is its small variant, same kernel source.
const EXAMPLES: &[&str] = &[
    "triton_vector_add",
    "triton_softmax",
    "triton_matmul_f16",
    "triton_matmul_fp8",
];

fn example(name: &str) -> PathBuf {
    root().join("examples").join(name)
}

/// The instruction lines (those starting with a tab) of a listing.
fn inst_lines(s: &str) -> Vec<&str> {
    s.lines().filter(|l| l.starts_with('\t')).collect()
}

fn report(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The project's Perfetto trace checker (`wavescope_traces::validate`, what trace_processor's import needs):
/// whether it accepts `trace`, and the number of instruction slices in it (slices not named `stall: ...`; the
/// stall slices sit beside them on the wave tracks).
fn check_trace(trace: &Path) -> Result<u64, String> {
    let s = wavescope_traces::validate::check_file(trace).map_err(|p| format!("{p:?}"))?;
    Ok(s.slices_by_name
        .iter()
        .filter(|(name, _)| !name.starts_with("stall:"))
        .map(|(_, n)| n)
        .sum())
}

#[test]
fn triton_objects_load_with_their_own_target_spelling_and_arguments() {
    for name in EXAMPLES.iter().chain(&["triton_matmul_fp8_1024"]) {
        let co = CodeObject::load(&example(name).join("kernel.hsaco")).unwrap();
        // Triton 3.9's LLVM writes the sub-architecture into the arch and an explicit environment.
        assert_eq!(
            co.target(),
            "amdgpu9.50-amd-amdhsa-unknown-gfx950",
            "{name}"
        );
        assert_eq!(co.code_object_version(), 5, "{name}");
        assert_eq!(co.xnack(), FeatureSetting::Any, "{name}");
        assert_eq!(co.sramecc(), FeatureSetting::Any, "{name}");
        assert_eq!(co.kernels().len(), 1, "{name}");
        let k = &co.kernels()[0];
        assert!(k.metadata.uniform_work_group_size, "{name}");
        assert_eq!(k.metadata.private_segment_fixed_size, 0, "{name}");
        // The manifest's argument list is the Python signature's non-constexpr arguments plus the two
        // scratch pointers, in kernarg order, 8-byte aligned pointers.
        let m: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(example(name).join("case.json")).unwrap(),
        )
        .unwrap();
        let explicit: Vec<_> = k.metadata.explicit_args().collect();
        assert_eq!(
            explicit.len(),
            m["args"].as_array().unwrap().len(),
            "{name}"
        );
        let n = explicit.len();
        for a in &explicit[n - 2..] {
            assert_eq!(a.value_kind, ArgValueKind::GlobalBuffer, "{name}");
            assert_eq!((a.size, a.offset % 8), (8, 0), "{name}");
        }
        assert_eq!(
            k.metadata.kernarg_segment_size,
            explicit[n - 1].offset + 8,
            "{name}: the profile scratch pointer is the last kernarg"
        );
        // Triton's LDS is all dynamic: none static, the manifest asks for compiled.metadata.shared.
        assert_eq!(k.metadata.group_segment_fixed_size, 0, "{name}");
        assert_eq!(k.descriptor.group_segment_fixed_size, 0, "{name}");
        if name.contains("matmul") {
            assert!(
                m["lds_dynamic_bytes"].as_u64().unwrap() >= 16384,
                "{name}: tl.dot stages operands in LDS"
            );
        }
    }
    // The 1024 fp8 GEMM holds its accumulators partly in AGPRs (accum_offset 256: v0-v255 arch, then a0-a50).
    let co = CodeObject::load(&example("triton_matmul_fp8_1024").join("kernel.hsaco")).unwrap();
    let k = &co.kernels()[0];
    assert_eq!(k.metadata.agpr_count, 51);
    assert_eq!(k.metadata.vgpr_count, 307);
    assert_eq!(k.descriptor.compute_pgm_rsrc3.accum_offset_vgprs(), 256);
}

#[test]
fn each_example_matches_numpy_under_run_check() {
    for name in EXAMPLES {
        let d = tmp(&format!("check-{name}"));
        let rep = d.join("r.json");
        let (code, out, err) = wavescope(&[
            "run",
            example(name).to_str().unwrap(),
            "--check",
            "--report",
            rep.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        assert!(
            out.lines()
                .any(|l| l.starts_with("check ") && l.ends_with(" ok")),
            "{name}: {out}"
        );
        let r = report(&rep);
        assert_eq!(r["passed"], true, "{name}");
        assert!(r["wave_instructions"].as_u64().unwrap() > 0, "{name}");
    }
}

#[test]
fn a_wrong_reference_is_a_mismatch() {
    // The check can fail: the f16 matmul compared against its own A input exits 1.
    let ex = example("triton_matmul_f16");
    let d = tmp("triton-mismatch");
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ex.join("case.json")).unwrap()).unwrap();
    m["code_object"] = ex.join("kernel.hsaco").to_string_lossy().into();
    for i in 0..2 {
        let f = m["args"][i]["file"].as_str().unwrap().to_string();
        m["args"][i]["file"] = ex.join(f).to_string_lossy().into();
    }
    // expected_c is 128x128 f32; in_b is 128x128 f16 twice over: take the f16 B as f32 (same byte count / 2), so
    // compare only the first half of C with B's bytes.
    m["outputs"][0]["file"] = ex.join("in_b.bin").to_string_lossy().into();
    m["outputs"][0]["count"] = serde_json::json!(128 * 128 / 2);
    std::fs::write(d.join("case.json"), m.to_string()).unwrap();
    let (code, out, err) = wavescope(&["run", d.to_str().unwrap(), "--check"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("MISMATCH"), "{out}");
}

#[test]
fn disasm_equals_llvm_objdump() {
    for name in EXAMPLES.iter().chain(&["triton_matmul_fp8_1024"]) {
        let dir = example(name);
        let (code, out, err) = wavescope(&["disasm", dir.join("kernel.hsaco").to_str().unwrap()]);
        assert_eq!(code, 0, "{name}: {err}");
        let want = std::fs::read_to_string(dir.join("kernel.objdump.txt")).unwrap();
        let (a, b) = (inst_lines(&out), inst_lines(&want));
        assert!(!b.is_empty(), "{name}");
        assert_eq!(a.len(), b.len(), "{name}: instruction count");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x, y, "{name}");
        }
        if name.contains("matmul") {
            assert!(want.contains("v_mfma_"), "{name}: tl.dot compiles to MFMA");
            assert!(
                want.contains("ds_read") || want.contains("ds_load"),
                "{name}"
            );
        }
    }
}

#[test]
fn trace_has_one_slice_per_wave_instruction() {
    for name in ["triton_softmax", "triton_matmul_f16"] {
        let d = tmp(&format!("trace-{name}"));
        let trace = d.join("t.pftrace");
        let rep = d.join("r.json");
        let (code, out, err) = wavescope(&[
            "run",
            example(name).to_str().unwrap(),
            "--check",
            "--trace",
            trace.to_str().unwrap(),
            "--report",
            rep.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{name}: {out}{err}");
        let n = report(&rep)["wave_instructions"].as_u64().unwrap();
        assert!(
            out.contains(&format!("{n} instruction slices")),
            "{name}: {out}"
        );
        assert!(std::fs::metadata(&trace).unwrap().len() > 0);
        match check_trace(&trace) {
            Ok(slices) => assert_eq!(slices, n, "{name}: one slice per wave-instruction"),
            Err(text) => panic!("{name}: trace checker: {text}"),
        }
    }
}

#[test]
fn profile_runs_and_agrees_with_run() {
    let name = "triton_matmul_fp8";
    let d = tmp("profile-triton");
    let json = d.join("p.json");
    let rep = d.join("r.json");
    let (code, out, err) = wavescope(&[
        "profile",
        example(name).to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("matmul_kernel: "), "{out}");
    assert!(
        out.contains("kernel.py:"),
        "source lines from Triton's line table: {out}"
    );
    let (code, out, err) = wavescope(&[
        "run",
        example(name).to_str().unwrap(),
        "--report",
        rep.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let p = report(&json);
    let r = report(&rep);
    assert_eq!(p["wave_instructions"], r["wave_instructions"]);
    // The MFMA is profiled at its own PC, attributed to the tl.dot line of kernel.py.
    let mfma = p["instructions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| {
            i["text"]
                .as_str()
                .unwrap()
                .starts_with("v_mfma_f32_32x32x64_f8f6f4")
        })
        .expect("an MFMA in the profile");
    assert!(mfma["executions"].as_u64().unwrap() > 0, "{mfma}");
    assert!(
        mfma["source"].as_str().unwrap().contains("kernel.py:"),
        "{mfma}"
    );
}

#[test]
fn a_triton_object_for_another_processor_names_it() {
    // The vector add object with e_flags set to gfx942 (mach 0x4c): rejected by the header, naming gfx942.
    let mut b = std::fs::read(example("triton_vector_add").join("kernel.hsaco")).unwrap();
    b[48] = 0x4c;
    let d = tmp("triton-gfx942");
    let co = d.join("gfx942.hsaco");
    std::fs::write(&co, &b).unwrap();
    let (code, _, err) = wavescope(&["disasm", co.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("gfx942"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

/// The 1024x1024x1024 fp8 GEMM (the speed issue's dispatch, 2.3 M wave-instructions): checked exactly.
#[test]
fn fp8_gemm_1024_matches_numpy() {
    let (code, out, err) = wavescope(&[
        "run",
        example("triton_matmul_fp8_1024").to_str().unwrap(),
        "--check",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("check args[2] f16: 1048576/1048576 elements match, bit-exact ok"),
        "{out}"
    );
}
