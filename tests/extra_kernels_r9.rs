//! Extra kernels, round 9: code shaped like what MI350 users run in LLM serving and training (written here, after
//! the shapes of vLLM's csrc/ and PyTorch ATen's native/cuda kernels): paged attention decode over bf16 / f16 KV
//! caches, fused residual + RMS norm with 16-byte vectors, rotary embeddings, gated activations, fp8
//! quantisation, MoE routing (moe_align_block_size, top-k softmax), vectorised elementwise with a tail, block
//! reductions, cross-entropy, embedding gathers and index_add atomics with int64 indices, and Triton 3.9 kernels
//! (fused MoE GEMM, paged decode attention, block pointers, scans, histograms, libdevice math). Each case lives
//! under tests/fixtures/extra_kernels_r9/<name>/ with its object, llvm-objdump-22 listing, case manifests,
//! inputs and numpy references, so the tests need no compiler.

use std::path::PathBuf;

mod common;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r9")
        .join(name)
}

/// Every `case_<c>.json` of fixture `name` through the full check (outputs against numpy, silent hazard and
/// missing-wait checkers, no race error with LDS and global race checking on), then the disassembly once.
fn run_cases(name: &str, cases: &[&str]) {
    for c in cases {
        let path = dir(name).join(format!("case_{c}.json"));
        let label = format!("{name}/{c}");
        let report = common::extra_kernels::run_checked(&path, &label, true);
        common::extra_kernels::assert_no_race_errors(&report, &label);
    }
    common::extra_kernels::assert_disasm_matches_objdump(&dir(name), name);
}

fn run_one(name: &str) {
    common::extra_kernels::run_one(&dir(name), name)
}

// ---- vLLM-style HIP (clang-22 -O3 -g) ------------------------------------------------------------------------

/// Paged attention decode (f16 and bf16 KV caches in vLLM's block layouts, GQA, a one-token sequence), fused
/// residual + RMS norm (bf16, 16-byte vectors), rotary embedding in neox and gptj pairing (int64 positions,
/// partial rotation, padded key rows), silu / gelu-tanh and mul, fp8 e4m3 per-tensor scale (atomic max on the
/// float's bits) and per-token quantisation (v_cvt_pk_fp8_f32, codes bit-exact), moe_align_block_size and
/// top-k softmax gating.
#[test]
fn h_vllm() {
    let listing = std::fs::read_to_string(dir("h_vllm").join("kernel.objdump.txt")).unwrap();
    assert!(listing.contains("v_cvt_pk_fp8_f32") && listing.contains("global_atomic_smax"));
    run_cases(
        "h_vllm",
        &[
            "paged_attn_f16",
            "paged_attn_bf16",
            "rms_norm",
            "rope_neox",
            "rope_gptj",
            "silu_mul",
            "gelu_mul",
            "fp8_amax",
            "fp8_per_token",
            "moe_align",
            "topk_softmax",
        ],
    );
}

// ---- PyTorch ATen-style HIP ------------------------------------------------------------------------------------

/// Vectorised add with alpha (aligned_vector<float, 4> and <half, 8>, scalar tail), row sum / max block
/// reductions (shfl_down + LDS), cross-entropy forward with ignore_index, embedding gather and index_add_ with
/// int64 indices (colliding f32 atomics, exact values).
#[test]
fn h_aten() {
    let listing = std::fs::read_to_string(dir("h_aten").join("kernel.objdump.txt")).unwrap();
    assert!(listing.contains("global_load_dwordx4") && listing.contains("global_atomic_add_f32"));
    run_cases(
        "h_aten",
        &[
            "add_f32",
            "add_f16",
            "row_sum_max",
            "cross_entropy",
            "embedding",
            "index_add",
        ],
    );
}

// ---- Triton 3.9 (build_triton.py) -----------------------------------------------------------------------------

/// vLLM's fused MoE GEMM: rows gathered through moe_align_block_size's sorted token ids (padding rows masked by
/// num_valid_tokens), the expert of each M block from expert_ids, masked tl.dot over a ragged N, routed weights
/// multiplied in, rows scattered back; exact inputs, bit-exact f16.
#[test]
fn t_fused_moe() {
    run_one("t_fused_moe");
}

/// Paged decode attention in bf16: one program per (sequence, head) walking its block table (int64 block
/// offsets), online softmax, GQA; a ragged last block and a one-token sequence.
#[test]
fn t_paged_decode() {
    run_one("t_paged_decode");
}

/// Tensor-descriptor matmul (tl.make_tensor_descriptor: Triton 3.9 removed block pointers): zero-filled loads
/// past the shape, a clipped store, B^T tiles transposed in registers; exact.
#[test]
fn t_desc_mm() {
    run_one("t_desc_mm");
}

/// tl.associative_scan with a tuple combine: the first-order linear recurrence h = a h + b (selective-scan /
/// linear-RNN shape) over 1000 columns, exact values so any scan order is bit-exact.
#[test]
fn t_linear_scan() {
    run_one("t_linear_scan");
}

/// libdevice erf (exact GELU), tanh and exp2 on inputs gathered through int64 indices, a tl.histogram merged by
/// atomics (its benign same-value LDS write-write warning allowed, as in earlier rounds).
#[test]
fn t_libdevice_math() {
    run_one("t_libdevice_math");
}
