//! Extra OpenCL kernels from public suites (PolyBench-ACC, Rodinia 3.1) not in examples/: each under
//! tests/fixtures/extra_kernels/<name>/ (kernel.cl verbatim with its origin, clang-22 -O2 gfx950
//! kernel.hsaco + llvm-objdump listing, case.json, numpy reference.py written from the kernel source and
//! its data) runs with `--check` semantics: every output matches the numpy reference, and the hazard /
//! missing-wait checkers report nothing (LLVM's own code is correct, so a finding is a checker bug).

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::session::Session;

fn run_one(name: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels")
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
    assert!(
        outcome.report.hazards.is_empty() && outcome.report.missing_waits.is_empty(),
        "{name}: {} hazard findings, {} missing waits on LLVM's code",
        outcome.report.hazards.len(),
        outcome.report.missing_waits.len()
    );
}

/// PolyBench-ACC fdtd-2d fdtd_kernel3: f32 -> f64 promotion by a double literal, in-place update.
#[test]
fn pb_fdtd2d() {
    run_one("pb_fdtd2d");
}

/// PolyBench-ACC gramschmidt_kernel3: loops through aliasing global pointers, 36 of 64 lanes active.
#[test]
fn pb_gramschmidt() {
    run_one("pb_gramschmidt");
}

/// PolyBench-ACC 3DConvolution: 15-term stencil on one plane, partial groups in x and y.
#[test]
fn pb_3dconv() {
    run_one("pb_3dconv");
}

/// PolyBench-ACC covariance covar_kernel: per-lane triangular trip counts (divergent nested loops).
#[test]
fn pb_covariance() {
    run_one("pb_covariance");
}

/// Rodinia gaussian Fan2: 2D guards, fma update of a and b.
#[test]
fn rd_gaussian() {
    run_one("rd_gaussian");
}

/// Rodinia hotspot: static LDS tiles, barriers in a loop with break, border blocks.
#[test]
fn rd_hotspot() {
    run_one("rd_hotspot");
}

/// Rodinia lud_diagonal: dynamic LDS arg, one 16-item group, barriers + divergent triangular loops.
#[test]
fn rd_lud() {
    run_one("rd_lud");
}

/// Rodinia lud_internal: 2x2 groups of 16x16, two dynamic LDS args, exact fma chain.
#[test]
fn rd_lud_internal() {
    run_one("rd_lud_internal");
}

/// Rodinia lud_perimeter: 32-item groups split into two divergent halves, three dynamic LDS args.
#[test]
fn rd_lud_perimeter() {
    run_one("rd_lud_perimeter");
}

/// Rodinia nw_kernel1: integer wavefront DP in LDS, barriers in two loops.
#[test]
fn rd_nw() {
    run_one("rd_nw");
}

/// Rodinia kmeans_kernel_c: nested loops, unsigned guard, argmin select.
#[test]
fn rd_kmeans() {
    run_one("rd_kmeans");
}

/// PolyBench-ACC gramschmidt_kernel1: one active lane in 4 waves, serial loop, f32 sqrt.
#[test]
fn pb_gramschmidt_k1() {
    run_one("pb_gramschmidt_k1");
}

/// PolyBench-ACC covariance mean_kernel: float scalar arg, f32 division.
#[test]
fn pb_covariance_mean() {
    run_one("pb_covariance_mean");
}

/// Rodinia srad srad_kernel: i64 scalar arg, int div/mod by a runtime value, f32 and f64 divisions.
#[test]
fn rd_srad() {
    run_one("rd_srad");
}

/// Rodinia srad srad2_kernel: indexed gathers, f32 -> f64 update.
#[test]
fn rd_srad2() {
    run_one("rd_srad2");
}

/// Rodinia srad reduce_kernel: LDS stride tree with barriers in three control paths, partial last group.
#[test]
fn rd_srad_reduce() {
    run_one("rd_srad_reduce");
}

/// The same reduce built with srad.h's 512-thread blocks: clang compiled it for at most 256 work-items
/// (.max_flat_workgroup_size, the OpenCL default) and folded `(tx + 1) % 512 == 0` with tx < 256, so a
/// 512 block would silently give half sums. The launch must be refused, as the ROCm runtime does.
#[test]
fn rd_srad_reduce_block512_refused() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels/rd_srad_reduce_block512");
    let opts = RunOptions::default();
    match Session::load(&dir, &opts) {
        Ok(_) => panic!(
            "a 512 work-item block was accepted for a kernel with max_flat_workgroup_size 256"
        ),
        Err(e) => {
            let msg = e.to_string();
            assert!(
                msg.contains("max_flat_workgroup_size"),
                "unexpected error: {msg}"
            );
        }
    }
}

/// PolyBench-ACC syr2k_kernel: f32 scalar args, 2D grid with idle waves, update through memory.
#[test]
fn pb_syr2k() {
    run_one("pb_syr2k");
}

/// PolyBench-ACC runJacobi2D_kernel1: 5-point stencil, interior guard on both ends.
#[test]
fn pb_jacobi2d() {
    run_one("pb_jacobi2d");
}

/// PolyBench-ACC lu_kernel2: 2D ids offset by k+1, exact fma update.
#[test]
fn pb_lu() {
    run_one("pb_lu");
}

/// PolyBench-ACC atax_kernel2: column loop accumulating through memory.
#[test]
fn pb_atax() {
    run_one("pb_atax");
}

/// Rodinia b+tree findK: 268-byte structs, i64 index arrays through global memory between barriers.
#[test]
fn rd_btree_findk() {
    run_one("rd_btree_findk");
}

/// Rodinia streamcluster pgain_kernel: barrier inside a divergent if (a whole wave skips it and ends),
/// struct with an i64 field, char stores, dynamic LDS.
#[test]
fn rd_streamcluster() {
    run_one("rd_streamcluster");
}

/// Rodinia streamcluster memset_kernel: `short` scalar kernarg, byte stores.
#[test]
fn rd_streamcluster_memset() {
    run_one("rd_streamcluster_memset");
}

/// Written here: signed sub-dword global loads, uchar4/float4, a __constant table, char/short LDS,
/// LDS and global integer atomics (add/min/max/or/and/xor, cmpxchg loop), 3D ids.
#[test]
fn ocl_mem_atomics() {
    run_one("ocl_mem_atomics");
}

/// srad reduce with reqd_work_group_size(512,1,1): 512-item groups are allowed (.max_flat_workgroup_size
/// 512) and give the exact tree sums; a 256 block differs from .reqd_workgroup_size and is refused.
#[test]
fn rd_srad_reduce_reqd512() {
    run_one("rd_srad_reduce_reqd512");
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels/rd_srad_reduce_reqd512/case_block256.json");
    match Session::load(&manifest, &RunOptions::default()) {
        Ok(_) => panic!("block 256 accepted for a kernel with reqd_work_group_size(512,1,1)"),
        Err(e) => {
            let msg = e.to_string();
            assert!(
                msg.contains("reqd_workgroup_size"),
                "unexpected error: {msg}"
            );
        }
    }
}

/// Rodinia cfd compute_flux: __constant float / FLOAT3 args through scalar loads, unrolled neighbour loop
/// with a three-way branch, f32 div and sqrt.
#[test]
fn rd_cfd_flux() {
    run_one("rd_cfd_flux");
}

/// The same cfd compute_flux at -O0: 22 device calls passing FLOAT3 structs through the private stack.
#[test]
fn rd_cfd_flux_o0() {
    run_one("rd_cfd_flux_O0");
}
