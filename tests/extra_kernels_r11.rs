//! Extra kernels, round 11: device code shaped like the libraries MI350 users run. clang-22 -O3 kernels in the
//! shapes of hipCUB (BlockScan / BlockReduce templates over ds_bpermute shuffles and LDS), rocBLAS (strided-
//! batched GEMM with the batch in blockIdx.z; a blocked TRSV whose work-groups wait on a global flag), MIOpen
//! (im2col + GEMM convolution, depthwise 3x3), vLLM's top-p sampler, a packed-half MLP layer (fdot2, half2
//! arithmetic), non-temporal loads / stores, global loads into LDS (dword / dwordx3 / dwordx4), raw buffer
//! resources read and written past num_records, s_setprio / s_sleep; and Triton 3.9 kernels in the shapes of
//! Liger-Kernel, FlagGems and aiter. Each case directory under tests/fixtures/extra_kernels_r11/ holds its object,
//! llvm-objdump-22 listing, manifest, inputs and numpy references (README.md there), so no compiler is needed.

use std::path::PathBuf;

mod common;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r11")
        .join(name)
}

fn listing(name: &str) -> String {
    std::fs::read_to_string(dir(name).join("kernel.objdump.txt")).unwrap()
}

/// Every `case_<c>.json` of `name` through the full check (outputs against numpy, silent hazard and missing-wait
/// checkers, no race error with LDS and global race checking on), then the disassembly once.
fn run_cases(name: &str, cases: &[&str]) {
    for c in cases {
        let path = dir(name).join(format!("case_{c}.json"));
        let label = format!("{name}/{c}");
        let report = common::extra_kernels::run_checked(&path, &label, true);
        common::extra_kernels::assert_no_race_errors(&report, &label);
    }
    common::extra_kernels::assert_disasm_matches_objdump(&dir(name), name);
}

const LIB: &[&str] = &[
    "block_scan_reduce",
    "block_scan_f32",
    "gemm_strided_batched",
    "trsv_lower_flagged",
    "im2col",
    "conv_gemm",
    "depthwise3x3",
    "top_p_sample",
    "mlp_half2",
    "axpy_nontemporal",
    "load_lds_rotate",
    "buffer_oob",
    "prio_sleep_ticket",
];

#[test]
fn h_lib11_o3() {
    let l = listing("h_lib11_O3");
    for op in [
        "global_load_lds_dwordx3",
        "global_load_lds_dwordx4",
        "global_load_lds_dword ",
        "buffer_load_dwordx4",
        "buffer_store_dword",
        "v_dot2c_f32_f16",
        "v_pk_fma_f16",
        "v_pk_max_f16",
        "s_setprio 3",
        "s_sleep 0x7f",
        "ds_bpermute_b32",
        "off nt",
    ] {
        assert!(l.contains(op), "{op} missing from the listing");
    }
    run_cases("h_lib11_O3", LIB);
}

/// The blocked TRSV's work-groups wait for each other through a global counter (acquire loads in an s_sleep
/// loop, release stores after __threadfence): the race checker must see the release / acquire pairs and stay
/// silent, not even a warning.
#[test]
fn trsv_flag_chain_is_race_free() {
    let r = common::extra_kernels::run_checked(
        &dir("h_lib11_O3").join("case_trsv_lower_flagged.json"),
        "trsv",
        true,
    );
    assert!(r.races.is_empty(), "{} race findings", r.races.len());
}

// ---- Triton 3.9 (build_triton.py) -----------------------------------------------------------------------------

fn run_one(name: &str) {
    common::extra_kernels::run_one(&dir(name), name)
}

/// Liger RMSNorm backward, kernel 1: dX per row and a per-program dW partial.
#[test]
fn t_rms_bwd_dx() {
    run_one("t_rms_bwd_dx");
}

/// Liger RMSNorm backward, kernel 2: the partials reduced per column block.
#[test]
fn t_rms_dw_reduce() {
    run_one("t_rms_dw_reduce");
}

/// Liger SwiGLU backward, in place over its inputs.
#[test]
fn t_swiglu_bwd() {
    run_one("t_swiglu_bwd");
}

/// Liger GEGLU forward with the tanh approximation, bf16.
#[test]
fn t_geglu_tanh() {
    run_one("t_geglu_tanh");
}

/// Liger cross-entropy: online softmax, the gradient written over the logits, an ignored row.
#[test]
fn t_ce_online() {
    run_one("t_ce_online");
}

/// FlagGems argmax / argmin with ties within and across column blocks. Triton's layout conversion writes the
/// 4-row vectors to LDS from both waves with the same value: same-value warnings may stand, no error.
#[test]
fn t_argmax_ties() {
    run_one("t_argmax_ties");
}

/// FlagGems var_mean by Welford (a tl.reduce over three tensors).
#[test]
fn t_var_mean() {
    run_one("t_var_mean");
}

/// FlagGems cumsum over dim 0 with a carried column sum.
#[test]
fn t_cumsum_dim0() {
    run_one("t_cumsum_dim0");
}

/// FlagGems index_select fused with masked_fill.
#[test]
fn t_index_select_fill() {
    run_one("t_index_select_fill");
}

/// aiter fp8 GEMM with per-128 block scales (MFMA fp8).
#[test]
fn t_fp8_block_gemm() {
    assert!(listing("t_fp8_block_gemm").contains("v_mfma_f32_"));
    run_one("t_fp8_block_gemm");
}

/// aiter fused RMSNorm + per-token fp8 quant with a tensor amax by atomic max.
#[test]
fn t_rmsnorm_fp8_quant() {
    run_one("t_rmsnorm_fp8_quant");
}

/// MLA-style decode: split-KV partial attention, then the log-sum-exp reduce.
#[test]
fn t_mla_decode_split() {
    run_one("t_mla_decode_split");
}

#[test]
fn t_mla_reduce() {
    run_one("t_mla_reduce");
}

/// Causal attention through tl.range(num_stages=2, warp_specialize=False).
#[test]
fn t_attn_pipelined() {
    run_one("t_attn_pipelined");
}

/// FlashAttention-2 backward: dK / dV per key block, dQ by tl.atomic_add. The tl.trans layout conversions write
/// the replicated key / value tiles to LDS from every wave with the same values: same-value warnings only.
#[test]
fn t_fa2_bwd() {
    run_one("t_fa2_bwd");
}

// ---- a HIP program linked from two translation units ------------------------------------------------------------

/// hip/tests/fixtures/bin/tiny_block is linked from tiny_block.hip and tiny_block_attn.hip: its `.hip_fatbin`
/// holds two offload bundles, as a PyTorch extension built from several .cu files does. Each unit's code object
/// lists as llvm-objdump-22 lists the object clang-offload-bundler-22 unbundles from it (p_tiny_block/unitN).
/// Loading it used to stop at "a host program with 2 offload bundles".
#[test]
fn program_of_two_translation_units_lists_each_unit() {
    use wavescope::code_object::CodeObject;
    use wavescope::isa::disasm::{objdump_listing, Symbol};
    let prog = dir("../../../hip/tests/fixtures/bin/tiny_block");
    let bytes = std::fs::read(&prog).unwrap();
    let units = CodeObject::parse_units(&bytes).expect("two translation units");
    assert_eq!(units.len(), 2);
    for (i, unit) in units.into_iter().enumerate() {
        let co = unit.unwrap();
        let (base, text) = co.text();
        let syms: Vec<Symbol> = co
            .functions()
            .iter()
            .map(|f| Symbol {
                addr: f.address,
                name: f.name.clone(),
            })
            .collect();
        let want =
            std::fs::read_to_string(dir("p_tiny_block").join(format!("unit{i}.objdump.txt")))
                .unwrap();
        assert!(
            objdump_listing("kernel.hsaco", text, base, &syms) == want,
            "unit {i} differs from llvm-objdump-22"
        );
    }
    // a single-bundle program is not split into units
    let one = std::fs::read(dir("../../../hip/tests/fixtures/bin/memory_tour")).unwrap();
    assert!(CodeObject::parse_units(&one).is_none());
}

/// A manifest whose code object is the two-unit program runs the kernel it names from the unit that defines it
/// (rope_neox from the first bundle, embed from the second), against numpy references; a kernel in neither
/// unit is refused with every unit's kernels listed.
#[test]
fn manifest_runs_a_kernel_from_either_translation_unit() {
    for c in ["rope", "embed"] {
        let p = dir("p_tiny_block").join(format!("case_{c}.json"));
        let r = common::extra_kernels::run_checked(&p, c, true);
        common::extra_kernels::assert_no_race_errors(&r, c);
    }
    let bytes = std::fs::read(dir("../../../hip/tests/fixtures/bin/tiny_block")).unwrap();
    let e = wavescope::code_object::CodeObject::parse_for_kernel(bytes, "no_such_kernel")
        .err()
        .expect("no unit defines it")
        .to_string();
    assert!(
        e.contains("no_such_kernel")
            && e.contains("_Z9rope_neoxPf")
            && e.contains("_Z5embedPfPKfPKi"),
        "{e}"
    );
}

/// tiny_block built with -fgpu-rdc: the device link of clang-22's per-kernel code generation leaves one
/// NT_AMDGPU_METADATA note per kernel (six). Only the last note used to be read, so every kernel but rope_neox
/// was "no kernel named ..." (and `exec` of the program failed with hipErrorInvalidDeviceFunction). The notes
/// are joined: all six kernels load, embed (first note) and rope_neox (last) run against numpy, and the listing
/// equals llvm-objdump-22's.
#[test]
fn rdc_object_with_a_metadata_note_per_kernel() {
    let d = dir("p_tiny_block_rdc");
    let co = wavescope::code_object::CodeObject::load(&d.join("kernel.hsaco")).unwrap();
    let mut names: Vec<&str> = co.kernels().iter().map(|k| k.name.as_str()).collect();
    names.sort();
    assert_eq!(
        names,
        [
            "_Z16causal_attentionPfPKf",
            "_Z5embedPfPKfPKi",
            "_Z6linearPfPKfS1_S1_iii",
            "_Z8rms_normPfPKfS1_",
            "_Z8silu_mulPfPKf",
            "_Z9rope_neoxPf"
        ]
    );
    for c in ["embed", "rope"] {
        let r = common::extra_kernels::run_checked(&d.join(format!("case_{c}.json")), c, true);
        common::extra_kernels::assert_no_race_errors(&r, c);
    }
    common::extra_kernels::assert_disasm_matches_objdump(&d, "p_tiny_block_rdc");
}
