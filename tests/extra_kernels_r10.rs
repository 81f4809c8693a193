//! Extra kernels, round 10: code-generation shapes rather than algorithms. One HIP source of non-inlined device
//! calls (struct by value, s_swappc_b64 / s_setpc_b64), indirect calls through a per-lane function-pointer table,
//! bounded recursion, dynamically indexed private arrays, a 1024-thread block with extern dynamic LDS and a
//! register tile that spills, built at -O0, -O1, -Os, -O3 and -O3 -ffast-math; library-shaped kernels (rocRAND
//! Philox + Box-Muller, rocSPARSE CSR SpMV vector / adaptive, hipCUB block radix rank, rocFFT radix-4 / 8
//! Stockham, bitonic sort in LDS, int8 dot products, packed bf16, permlane swaps, ds_bpermute, DPP) at -O3 (their
//! -O0 build passed too; its 1.6 MB listing is over the fixture size limit); and Triton 3.9 kernels (tl.gather on
//! a 3D grid with every scalar width, atomic tickets and a spin lock, a descending tl.sort top-k). Each variant
//! directory under tests/fixtures/extra_kernels_r10/ holds its object, llvm-objdump-22 listing and case manifests
//! naming its base directory's inputs and numpy references, so the tests need no compiler.

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

// ---- Triton 3.9 (build_triton.py) -----------------------------------------------------------------------------

fn run_one(name: &str) {
    common::extra_kernels::run_one(&dir(name), name)
}

/// tl.gather over a 3D grid (program_id(2)), tl.max (maxnum) beside a NaN-propagating tl.reduce, NaNs replaced
/// through tl.where, and scalar arguments i1 i8 i16 i64 f16 bf16 f32 f64 packed in one kernarg segment.
#[test]
fn t_gather3d() {
    let l = listing("t_gather3d");
    assert!(l.contains("v_cmp_u_f32") && l.contains("v_max_f32"));
    run_one("t_gather3d");
}

/// Atomic tickets (tl.atomic_add's old value) compacting a stream, f32 atomic max / min, and an atomic_cas spin
/// lock around a plain load / store sum; no race error (the lock orders the critical sections). The compacted
/// values land in ticket order: compared as a set with the reference.
#[test]
fn t_atomics() {
    run_one("t_atomics");
    let d = dir("t_atomics");
    let opts = wavescope::launch::RunOptions::default();
    let session = wavescope::session::Session::load(&d, &opts).unwrap();
    let outcome = session.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    assert!(outcome.report.fault.is_none());
    let f32s = |b: &[u8]| -> Vec<f32> {
        b.chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    let want = f32s(&std::fs::read(d.join("expected_kept_sorted.bin")).unwrap());
    let mut got = f32s(&session.buffer(1).unwrap());
    got.truncate(want.len());
    got.sort_by(f32::total_cmp);
    assert_eq!(got, want);
}

/// Top-16 of 128 per row: a descending tl.sort of packed int64 keys, then tl.gather of the values.
#[test]
fn t_topk_sort() {
    run_one("t_topk_sort");
}

// ---- a HIP host program given to the code object loader ---------------------------------------------------------

/// `wavescope disasm PROGRAM` (and every command that loads a code object) takes the gfx950 code object of the
/// offload bundle in a HIP program's `.hip_fatbin` section: the listing equals llvm-objdump-22's of the object
/// clang-offload-bundler-22 unbundles from it (p_memory_tour/kernel.objdump.txt). It used to stop at "the ELF is
/// for x86-64". A host ELF without device code (this test's own executable) still gets that message.
#[test]
fn host_program_disassembles_as_its_gfx950_code_object() {
    common::extra_kernels::assert_file_disasm_matches_objdump(
        &dir("p_memory_tour"),
        "../../../../hip/tests/fixtures/bin/memory_tour",
        "memory_tour",
    );
    let co = wavescope::code_object::CodeObject::load(&dir(
        "../../../hip/tests/fixtures/bin/memory_tour",
    ))
    .unwrap();
    assert_eq!(co.kernels().len(), 3);
    assert!(co.data_symbol("accum").is_some_and(|d| d.size == 32));
    let e = wavescope::code_object::CodeObject::load(&std::env::current_exe().unwrap())
        .err()
        .expect("a host ELF without device code is refused")
        .to_string();
    assert!(e.contains("x86-64") && e.contains("not AMDGPU"), "{e}");
}
