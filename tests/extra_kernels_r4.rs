//! Extra kernels, round 4: code we had not run before, in the style of real libraries (written here): v_perm_b32
//! byte shuffles and bit-field ops, DPP row-shift / row-broadcast scans with ds_swizzle / ds_permute /
//! ds_bpermute, floating-point global atomics (f32/f64 add, packed f16/bf16 add, CAS loops), raw buffer
//! loads/stores past num_records (the guide's range check), private arrays in scratch, ggml-style RMS norm,
//! softmax and RoPE. Each case lives under tests/fixtures/extra_kernels_r4/<name>/ with its object,
//! llvm-objdump-22 listing, case.json, inputs and numpy references (a variant directory, with base.txt, holds
//! only its flags and build and names the base's files), so the tests need no compiler. Every case: each output
//! equals its reference, the hazard / missing-wait checkers stay silent on compiler code, no race error, and
//! `wavescope disasm`'s listing equals llvm-objdump-22's byte for byte.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::observers::races::RaceOptions;
use wavescope::session::Session;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r4")
        .join(name)
}

/// The listing `wavescope disasm kernel.hsaco` prints, compared with the committed llvm-objdump-22 one.
fn assert_disasm_matches_objdump(name: &str) {
    use wavescope::code_object::CodeObject;
    use wavescope::isa::disasm::{objdump_listing, Symbol};
    let d = dir(name);
    let co = CodeObject::load(&d.join("kernel.hsaco")).unwrap();
    let (base, text) = co.text();
    let syms: Vec<Symbol> = co
        .functions()
        .iter()
        .map(|f| Symbol {
            addr: f.address,
            name: f.name.clone(),
        })
        .collect();
    let got = objdump_listing("kernel.hsaco", text, base, &syms);
    let want = std::fs::read_to_string(d.join("kernel.objdump.txt")).unwrap();
    if got != want {
        let (i, (g, w)) = got
            .lines()
            .zip(want.lines())
            .enumerate()
            .find(|(_, (g, w))| g != w)
            .unwrap_or((0, ("<length>", "<length>")));
        panic!(
            "{name}: disasm differs from llvm-objdump-22 at line {}:\n want: {w}\n got:  {g}",
            i + 1
        );
    }
}

/// Runs one fixture with the race checker on (LDS and global) and returns its report after checking that every
/// output matches and no hazard / missing wait is reported.
fn run_checked(name: &str, global: bool) -> wavescope::report::RunReport {
    let opts = RunOptions {
        max_instructions: 1_000_000_000,
        ..RunOptions::default()
    };
    let session =
        Session::load(&dir(name), &opts).unwrap_or_else(|e| panic!("{name}: cannot load: {e}"));
    let outcome = session.run(&wavescope::pipeline::RunConfig {
        races: Some(RaceOptions { lds: true, global }),
        ..wavescope::pipeline::RunConfig::full(opts.clone())
    });
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
        "{name}: {} hazard findings, {} missing waits on compiler code: {:?}",
        outcome.report.hazards.len(),
        outcome.report.missing_waits.len(),
        outcome
            .report
            .hazards
            .iter()
            .map(wavescope::observers::hazards::format_finding)
            .collect::<Vec<_>>()
    );
    outcome.report
}

/// Outputs, silence of the hazard checkers, no race finding of error severity, and the disassembly.
fn run_one(name: &str) {
    let report = run_checked(name, true);
    let errors: Vec<_> = report
        .races
        .iter()
        .filter(|r| r.severity != "warning")
        .map(|r| {
            format!(
                "{} {} at {} / {}",
                r.kind, r.access, r.first_pc, r.second_pc
            )
        })
        .collect();
    assert!(
        errors.is_empty(),
        "{name}: race errors on a race-free kernel: {errors:?}"
    );
    assert_disasm_matches_objdump(name);
}

// ---- clang HIP (build.sh) ---------------------------------------------------------------------------------

/// v_perm_b32 with every selector value (bytes, sign replication, 0x00, 0xff), bswap, v_alignbyte / v_alignbit,
/// v_bfe_u32 / v_bfe_i32.
#[test]
fn h_byte_perm() {
    run_one("h_byte_perm");
}

/// DPP row_shr / row_bcast:15 / row_bcast:31 wave scan with row masks, readlane total, ds_swizzle (swap,
/// reverse, broadcast, quad permute), ds_permute and ds_bpermute with a random permutation per wave.
#[test]
fn h_dpp_swizzle() {
    run_one("h_dpp_swizzle");
}

/// global_atomic_add_f32 / _f64, pk_add_f16 / pk_add_bf16, a cmpswap loop (float max) and min_f64 into
/// contended bins.
#[test]
fn h_fp_atomics() {
    run_one("h_fp_atomics");
}

/// h_fp_atomics at -O0 (the CAS loop and every value through scratch).
#[test]
fn h_fp_atomics_o0() {
    run_one("h_fp_atomics_O0");
}

/// Raw buffer loads (dword, x2, x4, an instruction offset, soffset) and stores past num_records: zero reads,
/// dropped writes, soffset outside the check, per-dword checks for x2 / x4.
#[test]
fn h_buffer_oob() {
    run_one("h_buffer_oob");
}

/// A per-thread 24-float array indexed by data (scratch), an insertion sort on it, and a recursive function
/// (s_swappc / s_setpc through a scratch call stack).
#[test]
fn h_scratch() {
    run_one("h_scratch");
}

/// h_scratch at -O0: every local through scratch.
#[test]
fn h_scratch_o0() {
    run_one("h_scratch_O0");
}

// ---- ggml-style (after ggml-cuda's kernels; written here) ---------------------------------------------------

/// RMS norm: one 256-wide work-group per 1000-wide row, ds_bpermute xor reduction, LDS partials, v_rsq_f32.
#[test]
fn g_rms_norm() {
    run_one("g_rms_norm");
}

/// soft_max with scale and a -inf causal-style mask, the row kept in dynamic LDS, max and sum reductions.
#[test]
fn g_soft_max() {
    run_one("g_soft_max");
}

/// RoPE, NeoX layout: 2D grid, per-row positions, v_sin_f32 / v_cos_f32, pass-through past n_dims.
#[test]
fn g_rope() {
    run_one("g_rope");
}
