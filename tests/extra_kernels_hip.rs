//! Extra HIP kernels of the kinds real code has (warp shuffles/ballot/DPP, integer division, fp
//! conversions, packed f16 and dot products, ...): each under tests/fixtures/extra_kernels_hip/<name>/
//! (kernel.hip, clang-22 -O2 gfx950 kernel.hsaco, case.json, numpy reference.py and its data) runs with
//! `--check` semantics: every output equals the numpy reference written from the kernel source, and the
//! hazard / missing-wait checkers report nothing (LLVM's own code is correct, so a finding is a checker bug).

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::session::Session;

fn run_one(name: &str) {
    let outcome = run_checked_outputs(name);
    assert!(
        outcome.report.hazards.is_empty() && outcome.report.missing_waits.is_empty(),
        "{name}: {} hazard findings, {} missing waits on LLVM's code: {:?}",
        outcome.report.hazards.len(),
        outcome.report.missing_waits.len(),
        outcome
            .report
            .hazards
            .iter()
            .map(wavescope::observers::hazards::format_finding)
            .collect::<Vec<_>>()
    );
}

/// Loads and runs one fixture; panics unless every output matches its reference. Returns the outcome.
fn run_checked_outputs(name: &str) -> wavescope::session::Outcome {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_hip")
        .join(name);
    let opts = RunOptions {
        max_instructions: 1_000_000_000, // per dispatch
        ..RunOptions::default()
    };
    let session = Session::load(&dir, &opts).unwrap_or_else(|e| panic!("{name}: cannot load: {e}"));
    let outcome = session.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    if let Some(f) = &outcome.report.fault {
        panic!("{name}: fault: {}", f.message);
    }
    let checks = session.check();
    assert!(!checks.is_empty(), "{name}: manifest has no outputs");
    let bad: Vec<String> = checks
        .iter()
        .filter(|c| !c.passed())
        .map(wavescope::check::summary_line)
        .collect();
    assert!(bad.is_empty(), "{name}: {}", bad.join("; "));
    outcome
}

/// ds_bpermute __shfl_down/__shfl_xor/__shfl, ballot + popcount, readlane, DPP controls, ds_swizzle.
#[test]
fn hip_warp_shuffle() {
    run_one("hip_warp_shuffle");
}

/// 32/64-bit signed/unsigned division and modulo by runtime values, mul_hi, 64-bit shifts.
#[test]
fn hip_int_divmod64() {
    run_one("hip_int_divmod64");
}

/// float/double/half/bf16/int/int64 conversions.
#[test]
fn hip_fp_convert() {
    run_one("hip_fp_convert");
}

/// packed f16 (v_pk_*), bf16 via f32, v_dot* integer and f16/bf16 dot products.
#[test]
fn hip_half_dot() {
    run_one("hip_half_dot");
}

/// Row softmax: wave xor-reductions + LDS across waves, expf expansion, f32 division.
#[test]
fn hip_softmax() {
    run_one("hip_softmax");
}

/// f16 layernorm: shuffle-down sums, readfirstlane, v_rsq_f32, sqrt expansion, f16 stores.
#[test]
fn hip_layernorm() {
    run_one("hip_layernorm");
}

/// LDS: block prefix scan, padded transpose tile, LDS atomics histogram (u32 add/max/min, f32 add),
/// bitonic sort.
#[test]
fn hip_lds_block() {
    run_one("hip_lds_block");
}

/// Scalar math and bit tricks: rounding, frexp/ldexp, class, sin/cos/exp/log, fract, med3, perm,
/// alignbit, bfe, mul24, sad, packed f32 (v_pk_fma/add/mul_f32).
#[test]
fn hip_valu_mix() {
    run_one("hip_valu_mix");
}

/// 16/8-bit vectors (v_pk_*_i16/u16, SDWA), saturating adds (clamp), v_fma_mix_f32, cvt_pkrtz,
/// gfx950 fp8/bf8 conversions, v_cvt_pk_u8_f32, f64 div/sqrt/fma/rounding/frexp/ldexp/min/max.
#[test]
fn hip_valu_mix2() {
    run_one("hip_valu_mix2");
}

/// MFMA variants beyond the corpus: f32 16x16x4 / 32x32x2 / 4x4x1_16b, i8 16x16x64 / 32x32x32,
/// f16 / bf16 32x32x16 (operand layouts from the CDNA4 guide 7.1.4).
#[test]
fn hip_mfma_mix() {
    run_one("hip_mfma_mix");
}

/// __constant__/__device__ globals, jump-table switch, indirect call, 3D block/grid, dynamic LDS,
/// global atomics (cmpswap loop, add f32/f64, smax/smin/umax, 64-bit add/or/and, swap).
#[test]
fn hip_globals_atomics() {
    run_one("hip_globals_atomics");
}

/// The same kernel calling through a table of function pointers: the table is in .data.rel.ro and
/// its entries are R_AMDGPU_RELATIVE64 dynamic relocations (.rela.dyn) that the ROCm loader applies
/// (value = load base + addend; base 0 here). Before the loader applied .rela.dyn the table read 0 and
/// s_swappc_b64 jumped to PC 0 ("illegal instruction").
#[test]
fn hip_fnptr_table() {
    run_one("hip_fnptr_table");
}

/// composable_kernel style: buffer resources with out-of-range loads (0) and dropped stores,
/// v_permlane16/32_swap_b32, ds_permute_b32, mixed-width LDS accesses.
#[test]
fn hip_ck_style() {
    run_one("hip_ck_style");
}

/// MXFP8/MXFP4 quantization: gfx950 v_cvt_scalef32_* to/from FP8, BF8, FP4 with E8M0 scales,
/// v_prng_b32, v_ashr_pk_i8/u8_i32.
#[test]
fn hip_mx_quant() {
    run_one("hip_mx_quant");
}

/// Block 1024 barrier tree, waterfall readfirstlane loop, recursion (dynamic stack), ds_append,
/// s_memtime, gfx950 global_load_lds_dwordx4, packed bf16/f16 and f64-max global atomics.
#[test]
fn hip_misc_ctrl() {
    run_one("hip_misc_ctrl");
}

/// IEEE edge values (qNaN/sNaN, inf, +-0, denormals) through fmin/fmax, fminimum/fmaximum,
/// division with denormal results, sqrt, ldexp/frexp, f16/f64 conversions and ops, fpclassify.
#[test]
fn hip_fp_edge() {
    run_one("hip_fp_edge");
}

/// rocPRIM-style DPP wave scans: DPP-combined v_add_u32/v_max_i32/v_add_f32/v_add_f16 _dpp with
/// row_shr/row_bcast/quad_perm/row_ror, row/bank masks, bound_ctrl.
#[test]
fn hip_dpp_scan() {
    run_one("hip_dpp_scan");
}

/// Packed-math modifiers: complex half2 multiply (v_pk_fma/mul_f16 op_sel, op_sel_hi, neg_lo/neg_hi),
/// v_fma_mix_f32 high-half selects, v_pk_mul/add_f32 with op_sel/neg, v_dot8 i4/u4, clamped dots.
/// Outputs only: see hip_pk_modifiers_no_findings for the hazard check.
#[test]
fn hip_pk_modifiers_outputs() {
    run_checked_outputs("hip_pk_modifiers");
}

/// clang -O2 puts `global_load_dword v3` right after `global_store_dwordx4 v[8:9], v[2:5]` (0x18f0 ->
/// 0x18f8). A load's VGPR write lands after the memory latency and LLVM 22 pads only VALU writers, so
/// the checker must not apply H4.5-08 here (it did before this test).
#[test]
fn hip_pk_modifiers_no_findings() {
    run_one("hip_pk_modifiers");
}

/// Code object v5 implicit arguments (hidden_block_count/group_size/remainder) and the
/// workgroup_size/grid_size builtins, 2D grid with partial groups (built -fno-offload-uniform-block).
#[test]
fn hip_implicit_args() {
    run_one("hip_implicit_args");
}

/// 4:2 sparse MFMA: v_smfmac_f32_16x16x32_f16 and v_smfmac_i32_16x16x64_i8 with ABID index-set
/// selection (CDNA4 guide 7.5 layouts).
#[test]
fn hip_smfmac() {
    run_one("hip_smfmac");
}

/// ocml's f64 building blocks: v_trig_preop_f64 (Payne-Hanek, incl. large exponents), frexp
/// mant/exp, fract, ldexp, v_div_scale_f64 with VCC (pseudocode worked in reference.py).
#[test]
fn hip_f64_special() {
    run_one("hip_f64_special");
}

/// rocPRIM/CUB-style block radix sort: ballot match_any ranks, LDS counters, scatter, 8 passes.
#[test]
fn hip_radix_sort() {
    run_one("hip_radix_sort");
}

/// GEMM-style K loops of chained MFMAs (32x32x16 f16, 16x16x32 bf16, 16x16x64 i8) interleaved,
/// 4 waves per block: SrcC chaining and MFMA dependency rules on compiler output.
#[test]
fn hip_mfma_gemm_loop() {
    run_one("hip_mfma_gemm_loop");
}

/// Fast-math VOP3 modifiers: abs/neg sources, clamp on f32/f16/f64 adds/muls/max, v_fma_mixlo_f16
/// with -|x| (built -ffast-math -fgpu-flush-denormals-to-zero).
#[test]
fn hip_vop3_mods() {
    run_one("hip_vop3_mods");
}

/// f32 denormal flushing from the kernel descriptor (built -fgpu-flush-denormals-to-zero) with f64/f16
/// denormals kept.
#[test]
fn hip_ftz() {
    run_one("hip_ftz");
}

/// Directed rounding through MODE round bits written with s_setreg around f32 add/mul/fma (and f64,
/// where LLVM's mode-register pass restores nearest-even before the op).
#[test]
fn hip_round_modes() {
    run_one("hip_round_modes");
}

/// Cross-lane reads from EXEC-disabled lanes in a divergent branch: ds_bpermute (0), DPP with
/// bound_ctrl 1 (0) and 0 (old kept), readlane.
#[test]
fn hip_inactive_lanes() {
    run_one("hip_inactive_lanes");
}

/// Uniform SALU integer math on kernel arguments (s_mul_hi, 64-bit shifts/compares, bit ops,
/// abs/min/max/absdiff, uniform 32/64-bit division).
#[test]
fn hip_scalar_math() {
    run_one("hip_scalar_math");
}

/// Memory-model code: agent/system fences (buffer_wbl2 / buffer_inv), acq_rel ticket atomics,
/// system-scope acquire/release, s_setprio/s_sleep, last-block-done reduction.
#[test]
fn hip_fences() {
    run_one("hip_fences");
}
