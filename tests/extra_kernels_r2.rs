//! Extra kernels, round 2: gfx950 builtins and launch/ABI corners the first two suites lack (buffer resources,
//! by-value structs, partial 3D grids with implicit arguments, dynamic LDS, scratch, indirect calls, ...). Each
//! lives under tests/fixtures/extra_kernels_r2/<name>/ (kernel source, clang-22 kernel.hsaco, llvm-objdump-22
//! listing, case.json, numpy/Python reference.py and its data; build.sh rebuilds one) and runs with `--check`
//! semantics: every output equals the reference written from the kernel source and the ISA documents, and the
//! hazard / missing-wait checkers report nothing on LLVM's code.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::session::Session;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r2")
        .join(name)
}

/// Loads and runs one fixture; panics unless every output matches and no hazard / missing wait is reported.
fn run_one(name: &str) {
    let opts = RunOptions {
        max_instructions: 50_000_000,
        ..RunOptions::default()
    };
    let session =
        Session::load(&dir(name), &opts).unwrap_or_else(|e| panic!("{name}: cannot load: {e}"));
    let outcome = session.run(&opts);
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
        "{name}: {} hazard findings, {} missing waits on LLVM's code: {:?}",
        outcome.report.hazards.len(),
        outcome.report.missing_waits.len(),
        outcome
            .report
            .hazards
            .iter()
            .map(wavescope::hazards::format_finding)
            .collect::<Vec<_>>()
    );
}

/// v_bitop3_b32/b16, v_minimum3/maximum3_f32 (signed zeros, infinities), v_cvt_pk_f16/bf16_f32,
/// v_cvt_sr_bf16/f16_f32, v_dot2_f32_bf16 / v_dot2c_f32_bf16 / v_dot2_f32_f16 (+clamp), v_permlane16/32_swap.
#[test]
fn r2_gfx950_valu() {
    run_one("r2_gfx950_valu");
}

/// make_buffer_rsrc + raw buffer loads/stores of 1..16 bytes with soffset; num_records range checks (soffset not
/// counted, per-dword for x2..x4); raw buffer atomic add / f32 add with returns.
#[test]
fn r2_buffer_rsrc() {
    run_one("r2_buffer_rsrc");
}

/// 3D grid 23x11x7 with 6x5x3 blocks: partial work-groups in x, y, z and partial waves; hidden_block_count_*
/// (non-partial groups only, as CLR writes them) and hidden_remainder_* through the implicit-argument pointer.
#[test]
fn r2_grid3d() {
    run_one("r2_grid3d");
}

/// By-value struct (104 bytes) and by-value int[40]-in-struct kernel arguments (the manifest's raw-bytes form).
#[test]
fn r2_kernarg_struct() {
    run_one("r2_kernarg_struct");
}

/// HIP extern __shared__ sized by lds_dynamic_bytes, placed after static LDS; block of 96 (partial wave).
#[test]
fn r2_dyn_lds() {
    run_one("r2_dyn_lds");
}

/// Private arrays indexed by data (scratch): histogram, insertion sort, struct array.
#[test]
fn r2_scratch() {
    run_one("r2_scratch");
}

/// Divergent indirect calls through a function-pointer table (waterfall), recursion, mutual recursion.
#[test]
fn r2_indirect() {
    run_one("r2_indirect");
}
