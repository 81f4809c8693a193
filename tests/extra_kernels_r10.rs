//! Extra kernels, round 10: code-generation shapes rather than algorithms. One HIP source of non-inlined device
//! calls (struct by value, s_swappc_b64 / s_setpc_b64), indirect calls through a per-lane function-pointer table,
//! bounded recursion, dynamically indexed private arrays, a 1024-thread block with extern dynamic LDS and a
//! register tile that spills, built at -O0, -O1, -Os, -O3 and -O3 -ffast-math; and library-shaped kernels
//! (rocRAND Philox + Box-Muller, rocSPARSE CSR SpMV vector / adaptive, hipCUB block radix rank, rocFFT radix-4 / 8
//! Stockham, bitonic sort in LDS, int8 dot products, packed bf16, permlane swaps, ds_bpermute, DPP) at -O3
//! (their -O0 build was checked too, but its 1.6 MB listing is over the fixture size limit). Each variant directory under tests/fixtures/extra_kernels_r10/ holds its object, llvm-objdump-22 listing
//! and case manifests naming its base directory's inputs and numpy references, so the tests need no compiler.

use std::path::PathBuf;

mod common;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r10")
        .join(name)
}

/// Every `case_<c>.json` of variant `name` through the full check (outputs against numpy, silent hazard and
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

fn listing(name: &str) -> String {
    std::fs::read_to_string(dir(name).join("kernel.objdump.txt")).unwrap()
}

const CALLS: &[&str] = &[
    "calls_chain",
    "fnptr_ops",
    "recurse",
    "priv_sort",
    "block_sum_1024",
    "reg_tile",
];

/// -O0: every local in scratch behind s33 frames, flat loads and stores, long waitcnt chains, calls through
/// s_getpc_b64; the register tile's spills go to AGPRs (v_accvgpr_write / read).
#[test]
fn h_calls_o0() {
    let l = listing("h_calls_O0");
    assert!(
        l.contains("s_swappc_b64")
            && l.contains("scratch_store_dword")
            && l.contains("v_accvgpr_write_b32")
    );
    run_cases("h_calls_O0", CALLS);
}

#[test]
fn h_calls_o1() {
    assert!(listing("h_calls_O1").contains("s_setpc_b64"));
    run_cases("h_calls_O1", CALLS);
}

#[test]
fn h_calls_os() {
    run_cases("h_calls_Os", CALLS);
}

/// -O3: the 320-float tile lives in scratch (scratch_load_dwordx4 / store with SGPR offsets).
#[test]
fn h_calls_o3() {
    assert!(listing("h_calls_O3").contains("scratch_load_dwordx4"));
    run_cases("h_calls_O3", CALLS);
}

#[test]
fn h_calls_o3_fast_math() {
    run_cases("h_calls_O3ffm", CALLS);
}

const LIB: &[&str] = &[
    "philox_normal",
    "csrmv_vector16",
    "csrmv_vector64",
    "csrmv_adaptive",
    "block_radix_rank",
    "fft256_radix4",
    "fft512_radix8",
    "bitonic_kv",
    "dot4_i8",
    "pack_bf16",
    "lane_ops",
];

#[test]
fn h_lib_o3() {
    let l = listing("h_lib_O3");
    for op in [
        "v_permlane32_swap_b32",
        "v_permlane16_swap_b32",
        "v_cvt_pk_bf16_f32",
        "v_dot4c_i32_i8",
        "v_dot4_u32_u8",
        "row_bcast:31",
        "wave_rol:1",
    ] {
        assert!(l.contains(op), "{op} missing from the listing");
    }
    run_cases("h_lib_O3", LIB);
}
