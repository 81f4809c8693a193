//! Extra kernels, round 3: code we had not run before. Triton kernels in the style of the tutorials and the
//! language's reductions/scans (compiled offline for gfx950 by tests/fixtures/extra_kernels_r3/build_triton.py),
//! clang HIP kernels in the style of real libraries (build.sh), racy kernels with their fixed twins, and malformed
//! inputs. Each case lives under tests/fixtures/extra_kernels_r3/<name>/ with its object, llvm-objdump-22 listing,
//! case.json, inputs and numpy references, so the tests need no compiler. Every case: each output equals its
//! reference, the hazard / missing-wait checkers stay silent on compiler code, and `wavescope disasm`'s listing
//! equals llvm-objdump-22's byte for byte.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::observers::races::RaceOptions;
use wavescope::session::Session;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r3")
        .join(name)
}

mod common;

fn assert_disasm_matches_objdump(name: &str) {
    common::extra_kernels::assert_disasm_matches_objdump(&dir(name), name)
}

fn run_one(name: &str) {
    common::extra_kernels::run_one(&dir(name), name)
}

// ---- Triton (build_triton.py) --------------------------------------------------------------------------------

/// Tutorial 05 layer norm forward: chunked row loop with a ragged last chunk, mean/rstd stores.
#[test]
fn t_layernorm_fwd() {
    run_one("t_layernorm_fwd");
}

/// Tutorial 05 layer norm backward (dx fused): partial dw/db under an atomic_cas spin lock across work-groups.
#[test]
fn t_layernorm_bwd() {
    run_one("t_layernorm_bwd");
}

/// Flash attention forward, 2D program grid, two tl.dot per step (fp16 MFMA), online softmax with exp2.
#[test]
fn t_attention_fwd() {
    run_one("t_attention_fwd");
}

/// Tutorial 07 seeded dropout: Philox 4x32-10 bits and uniform floats bit-exact against numpy.
#[test]
fn t_dropout() {
    run_one("t_dropout");
}

/// Persistent grouped matmul (tl.range over tiles), ragged M/N/K with masked loads.
#[test]
fn t_persistent_matmul() {
    run_one("t_persistent_matmul");
}

/// tl.dot int8 x int8 -> int32.
#[test]
fn t_dot_int8() {
    run_one("t_dot_int8");
}

/// tl.dot fp32 (input_precision ieee): v_mfma_f32_32x32x2_f32.
#[test]
fn t_dot_fp32() {
    run_one("t_dot_fp32");
}

/// tl.cumsum, associative_scan (max, and a two-tensor linear recurrence).
#[test]
fn t_scan() {
    run_one("t_scan");
}

/// tl.argmax / tl.argmin / tl.max(return_indices) with ties and a masked tail.
#[test]
fn t_argmax() {
    run_one("t_argmax");
}

/// 3D program grid with tl.num_programs on each axis; ragged tiles stored transposed.
#[test]
fn t_grid3d() {
    run_one("t_grid3d");
}

/// tl.atomic_add/max/min/or across programs (histogram, reductions).
#[test]
fn t_atomics() {
    run_one("t_atomics");
}

/// tl.math and libdevice (ocml) elementwise functions: erf, tanh-GELU, sin, cos, log, sqrt_rn, div_rn, pow.
#[test]
fn t_math() {
    run_one("t_math");
}

/// tl.sort ascending/descending (bitonic), tl.histogram, tl.flip.
#[test]
fn t_sort() {
    run_one("t_sort");
}

/// tl.trans, tl.split/join, tl.interleave, tl.gather.
#[test]
fn t_shapes() {
    run_one("t_shapes");
}

/// Triton integer semantics: truncating // and %, shifts, clamp, 64-bit products, umulhi, unsigned division.
#[test]
fn t_intmath() {
    run_one("t_intmath");
}

// ---- clang HIP in the style of real libraries (build.sh; *_O0 / *_O3 are the same sources rebuilt) --------

/// __shfl_xor / __shfl_down (ds_bpermute), DPP row-broadcast wave sum, ballot + popcount, LDS block sum.
#[test]
fn h_warp_reduce() {
    run_one("h_warp_reduce");
}

/// Block inclusive/exclusive scan (wave scans + LDS totals) and a double-buffered Kogge-Stone LDS scan.
#[test]
fn h_block_scan() {
    run_one("h_block_scan");
}

/// Radix-sort digit counting: LDS atomic histogram, global atomics, LDS atomic ranks with returned values.
#[test]
fn h_radix_digits() {
    run_one("h_radix_digits");
}

/// ggml q4_0 blocks (18 bytes, 2-byte aligned) dequantized to f32 and f16.
#[test]
fn h_ggml_q4() {
    run_one("h_ggml_q4");
}

/// ggml-style q4_0 x q8_0 row dot products with v_dot4_i32_i8 and a wave reduction; q8_0 dequantize.
#[test]
fn h_ggml_dot() {
    run_one("h_ggml_dot");
}

macro_rules! variants {
    ($($name:ident => $dir:expr),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                run_one($dir);
            }
        )*
    };
}

variants!(
    h_warp_reduce_o0 => "h_warp_reduce_O0",
    h_warp_reduce_o3 => "h_warp_reduce_O3",
    h_block_scan_o0 => "h_block_scan_O0",
    h_block_scan_o3 => "h_block_scan_O3",
    h_ggml_dot_o0 => "h_ggml_dot_O0",
    h_ggml_dot_o3 => "h_ggml_dot_O3",
    h_radix_digits_o0 => "h_radix_digits_O0",
    h_ggml_q4_o0 => "h_ggml_q4_O0",
    h_packed_math_o0 => "h_packed_math_O0",
    // gfx9-4-generic builds (arch.txt): the generic processor gfx950 belongs to, which the ROCm runtime loads on a
    // gfx950 device; hip_fp_convert's generic code differs (no gfx950 bf16/f16 conversion instructions)
    h_warp_reduce_g94 => "h_warp_reduce_g94",
    h_block_scan_g94 => "h_block_scan_g94",
    h_ggml_dot_g94 => "h_ggml_dot_g94",
    h_radix_digits_g94 => "h_radix_digits_g94",
    h_packed_math_g94 => "h_packed_math_g94",
    hip_fp_convert_g94 => "hip_fp_convert_g94",
);

/// A gfx9-4-generic build of extra_kernels_hip/hip_smfmac: LLVM-22 pads the SMFMAC result's VALU reads with
/// `s_nop 6` (7 wait states, CDNA3's figure) where its gfx950 build of the same source pads `s_nop 7`. The CDNA4
/// guide's Table 38 asks 8 after a 4-pass SMFMAC (H7-09), so on a gfx950 device these two reads are hazards: the
/// checker reports exactly them, while the gfx950 build stays silent (tests/extra_kernels_hip.rs). The outputs
/// still match: the executor gives the architectural result, which the hazard would make unpredictable.
#[test]
fn hip_smfmac_g94_pads_for_cdna3_and_the_checker_says_so() {
    let d = dir("hip_smfmac_g94");
    let listing = std::fs::read_to_string(d.join("kernel.objdump.txt")).unwrap();
    assert!(
        listing.contains("v_smfmac_f32_16x16x32_f16")
            && listing.contains("v_smfmac_i32_16x16x64_i8")
    );
    assert_eq!(listing.matches("s_nop 6").count(), 2);
    let opts = RunOptions::default();
    let session = Session::load(&d, &opts).unwrap();
    let outcome = session.run(&wavescope::pipeline::RunConfig::full(opts));
    assert!(outcome.report.fault.is_none());
    assert!(session.check().iter().all(|c| c.passed()));
    let found: Vec<(String, String, String, u32, u32)> = outcome
        .report
        .hazards
        .iter()
        .map(|h| {
            (
                h.rule.clone(),
                h.producer_pc.clone(),
                h.consumer_pc.clone(),
                h.required,
                h.provided,
            )
        })
        .collect();
    let want = |p: &str, c: &str| ("H7-09".to_string(), p.to_string(), c.to_string(), 8, 7);
    assert_eq!(
        found,
        vec![want("0x184c", "0x1858"), want("0x18a4", "0x18b0")]
    );
    assert_disasm_matches_objdump("hip_smfmac_g94");
}

// ---- race pairs (r_races/races.hip) ---------------------------------------------------------------------------

/// Line (1-based) of the first line of races.hip containing `needle`.
fn races_line(needle: &str) -> u32 {
    let src = std::fs::read_to_string(dir("r_races").join("races.hip")).unwrap();
    1 + src
        .lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("races.hip has no line {needle:?}")) as u32
}

fn race_run(kernel: &str) -> (Vec<wavescope::observers::races::RaceFinding>, Session) {
    let opts = RunOptions::default();
    let s = Session::load(&dir("r_races").join(format!("case_{kernel}.json")), &opts)
        .unwrap_or_else(|e| panic!("{kernel}: {e}"));
    let o = s.run(&wavescope::pipeline::RunConfig {
        races: Some(RaceOptions::new(true, true)),
        ..wavescope::pipeline::RunConfig::full(opts)
    });
    assert!(o.report.fault.is_none(), "{kernel}: {:?}", o.report.fault);
    assert!(
        o.report.hazards.is_empty() && o.report.missing_waits.is_empty(),
        "{kernel}: hazard findings on compiler code"
    );
    (o.report.races.clone(), s)
}

/// The racy kernel is flagged (an error of `kind` between the two source lines, in either order); its fixed twin
/// has no finding at all and its output equals the reference.
fn race_pair(base: &str, kind: &str, line_a: &str, line_b: &str) {
    let (a, b) = (races_line(line_a), races_line(line_b));
    let (found, _) = race_run(&format!("{base}_race"));
    let lines = |f: &wavescope::observers::races::RaceFinding| {
        let l = |s: &Option<String>| {
            s.as_deref()
                .and_then(|s| s.split(':').nth(1))
                .and_then(|n| n.parse::<u32>().ok())
                .unwrap_or(0)
        };
        (l(&f.first_source), l(&f.second_source))
    };
    assert!(
        found.iter().any(|f| f.kind == kind
            && f.severity == "error"
            && (lines(f) == (a, b) || lines(f) == (b, a))),
        "{base}_race: no {kind} error between races.hip:{a} and :{b}: {:?}",
        found
            .iter()
            .map(|f| (f.kind.clone(), f.severity.clone(), lines(f)))
            .collect::<Vec<_>>()
    );
    let (found, s) = race_run(&format!("{base}_ok"));
    assert!(found.is_empty(), "{base}_ok: false findings: {found:?}");
    let checks = s.check();
    assert!(
        !checks.is_empty() && checks.iter().all(|c| c.passed()),
        "{base}_ok: output"
    );
}

/// LDS written through a flat pointer in a non-inlined function, read by another wave without a barrier.
#[test]
fn r_flat_lds() {
    race_pair("flat_lds", "lds", "void put(", "int get(");
}

/// global_load_lds's asynchronous LDS write, read by another wave after its own vmcnt wait but no barrier.
#[test]
fn r_load_lds() {
    race_pair(
        "load_lds",
        "lds",
        "__builtin_amdgcn_global_load_lds",
        "s[(t + 128) % 256] * 2",
    );
}

/// Global write-write of different values across work-groups.
#[test]
fn r_wg_waw() {
    race_pair("wg_waw", "global", "(OWN_ROW ?", "(OWN_ROW ?");
}

/// Loop-carried LDS tile refilled without the barrier before the refill.
#[test]
fn r_loop_reuse() {
    race_pair("loop_reuse", "lds", "tile[t] = in[", "acc += tile[");
}

/// The whole race object disassembles as llvm-objdump-22 lists it.
#[test]
fn r_races_disasm() {
    assert_disasm_matches_objdump("r_races");
}

/// tl.dot_scaled with MX e2m1 (FP4, two per byte) and E8M0 scales: v_mfma_f32_32x32x64_f8f6f4 with scales.
#[test]
fn t_dot_scaled_e2m1() {
    run_one("t_dot_scaled_e2m1");
}

/// tl.dot_scaled with MX e4m3 (FP8) and E8M0 scales.
#[test]
fn t_dot_scaled_e4m3() {
    run_one("t_dot_scaled_e4m3");
}

/// Tutorial 03 matmul with num_stages 3 and 8 waves (software-pipelined loads), bf16 in, f32 out.
#[test]
fn t_matmul_stages() {
    run_one("t_matmul_stages");
}

/// f32/f16 atomic_add, f32 atomic_max/min (Triton's integer lowering), sem/scope variants.
#[test]
fn t_atomic_float() {
    run_one("t_atomic_float");
}

/// tl.device_assert compiled in (debug=True; hostcall printf + trap path present, not taken).
#[test]
fn t_assert_pass() {
    run_one("t_assert_pass");
}

/// float2 / half2 packed FMAs (v_pk_fma_f32, v_pk_fma_f16) and v_dot2c_f32_f16.
#[test]
fn h_packed_math() {
    run_one("h_packed_math");
}

/// tl.dot on fp8e5 (OCP E5M2) operands, f32 accumulation.
#[test]
fn t_dot_fp8e5() {
    run_one("t_dot_fp8e5");
}

// ---- malformed Triton manifests: one clear error, before anything runs ---------------------------------------

/// t_dropout's manifest with `edit` applied, written (file names made absolute) into a scratch directory, loaded:
/// the error text.
fn load_error(tag: &str, edit: impl Fn(&mut serde_json::Value)) -> String {
    let d = dir("t_dropout");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("case.json")).unwrap()).unwrap();
    edit(&mut v);
    let abs = |x: &mut serde_json::Value| {
        if let Some(s) = x.as_str() {
            *x = d.join(s).display().to_string().into();
        }
    };
    abs(&mut v["code_object"]);
    for key in ["args", "outputs"] {
        for e in v[key].as_array_mut().unwrap() {
            if let Some(f) = e.get_mut("file") {
                abs(f);
            }
        }
    }
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("r3_bad_{tag}.json"));
    std::fs::write(&out, v.to_string()).unwrap();
    match Session::load(&out, &RunOptions::default()) {
        Ok(_) => panic!("{tag}: the bad manifest loaded"),
        Err(e) => e.to_string(),
    }
}

/// The mistakes a hand-written Triton manifest makes: the two trailing scratch pointers left out, the 64-bit seed
/// given as i32, a pointer given as a scalar, too much dynamic LDS, an input file of the wrong size.
#[test]
fn t_dropout_bad_manifests() {
    let e = load_error("noscratch", |v| {
        v["args"].as_array_mut().unwrap().truncate(7);
    });
    assert!(e.contains("gives 7 args") && e.contains("takes 9"), "{e}");
    let e = load_error("seed_i32", |v| {
        v["args"][6] = serde_json::json!({"kind": "scalar", "dtype": "i32", "value": 5});
    });
    assert!(e.contains("args[6]") && e.contains("8"), "{e}");
    let e = load_error("ptr_scalar", |v| {
        v["args"][0] = serde_json::json!({"kind": "scalar", "dtype": "i64", "value": 5});
    });
    assert!(e.contains("args[0]") && e.contains("global_buffer"), "{e}");
    let e = load_error("lds", |v| {
        v["lds_dynamic_bytes"] = 200000.into();
    });
    assert!(
        e.contains("lds_dynamic_bytes") && e.contains("163840"),
        "{e}"
    );
    let e = load_error("filesize", |v| {
        v["args"][0]["count"] = 4000.into();
    });
    assert!(e.contains("12000 bytes") && e.contains("16000"), "{e}");
}

/// f32 -> bf16 / f16 / fp8e4nv / fp8e5 casts (gfx950 v_cvt_scalef32_pk_fp8/bf8_f32), ties included, and back.
#[test]
fn t_casts() {
    run_one("t_casts");
}

/// tl.make_tensor_descriptor 2D block load/store with ragged edges on a 2D program grid.
#[test]
fn t_tensor_desc() {
    run_one("t_tensor_desc");
}

/// Tutorial 02 softmax with 16 waves per program (1024-work-item work-groups), 4000-wide rows.
#[test]
fn t_softmax_wide() {
    run_one("t_softmax_wide");
}

/// Cache modifiers / eviction policies / volatile (nt, sc0 sc1 bits) and tl.inline_asm_elementwise with gfx950
/// assembly (v_bfi_b32, v_perm_b32).
#[test]
fn t_hints_asm() {
    run_one("t_hints_asm");
}

/// 2D-grid bf16 matmul with a fused bias + leaky-ReLU epilogue to f16, tl.multiple_of / tl.max_contiguous hints.
#[test]
fn t_matmul_epilogue() {
    run_one("t_matmul_epilogue");
}

/// Single-pass decoupled look-back scan: dynamic block ids, release/acquire flag words spun on across
/// work-groups (no race finding: the protocol is atomics only).
#[test]
fn h_scan_lookback() {
    run_one("h_scan_lookback");
}

/// Message passing across work-groups: a relaxed flag leaves the plain data write and read unordered (flagged);
/// release/acquire orders them (no finding).
#[test]
fn r_msg_pass() {
    race_pair("msg_pass", "global", "out[t] = in[t] * 5", "out[t] + 1");
}
