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

mod common;

fn assert_disasm_matches_objdump(name: &str) {
    common::extra_kernels::assert_disasm_matches_objdump(&dir(name), name)
}

fn run_one(name: &str) {
    common::extra_kernels::run_one(&dir(name), name)
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

// ---- memory microkernels and racy twins ---------------------------------------------------------------------

/// Runs `case_<name>.json` of fixture `case` (race checking on) and returns its report; the hazard checkers stay
/// silent and, when `check`, every output matches.
fn run_manifest(case: &str, name: &str, check: bool) -> wavescope::report::RunReport {
    let opts = RunOptions::default();
    let path = dir(case).join(format!("case_{name}.json"));
    let s = Session::load(&path, &opts).unwrap_or_else(|e| panic!("{case}/{name}: {e}"));
    let o = s.run(&wavescope::pipeline::RunConfig {
        races: Some(RaceOptions::new(true, true)),
        ..wavescope::pipeline::RunConfig::full(opts)
    });
    assert!(
        o.report.fault.is_none(),
        "{case}/{name}: {:?}",
        o.report.fault
    );
    assert!(
        o.report.hazards.is_empty() && o.report.missing_waits.is_empty(),
        "{case}/{name}: hazard findings on compiler code"
    );
    if check {
        let checks = s.check();
        assert!(!checks.is_empty(), "{case}/{name}: no outputs");
        for c in checks {
            assert!(
                c.passed(),
                "{case}/{name}: {}",
                wavescope::check::summary_line(&c)
            );
        }
    }
    o.report
}

/// One wave, one ds_write_b32 at dword t*w and one ds_read_b32 at dword (t/g)*w. gfx950's LDS has 64 banks of a
/// dword; a b32 access is one phase of 64 lanes costing as many cycles as the busiest bank has distinct dwords,
/// the cycles beyond one being SQ_LDS_BANK_CONFLICT (src/observers/memsys/lds.rs). By hand:
/// - write, stride w: lanes fall on 64 / gcd(w, 64) banks, gcd(w, 64) distinct dwords each: gcd - 1 conflicts;
/// - read, g lanes per dword: 64 / g distinct dwords k*w (k < 64/g), again gcd(w, 64) per bank but at most 64/g.
///
/// w=1 g=1: 0 + 0; w=2: 1 + 1; w=33 (odd): 0 + 0; w=32: 31 + 31; w=64: 63 + 63; w=64 g=64 (one broadcast
/// dword): 63 + 0; w=64 g=2 (32 dwords, all on bank 0): 63 + 31; w=1 g=4 (16 dwords on 16 banks): 0 + 0.
/// SQ_LDS_IDX_ACTIVE is the banks' busy cycles: 2 phases + the conflicts. No race: a barrier separates them.
#[test]
fn m_lds_banks() {
    for (name, conflicts) in [
        ("w1_g1", 0),
        ("w2_g1", 2),
        ("w33_g1", 0),
        ("w32_g1", 62),
        ("w64_g1", 126),
        ("w64_g64", 63),
        ("w64_g2", 94),
        ("w1_g4", 0),
    ] {
        let r = run_manifest("m_lds_banks", name, true);
        let c = r.counters.as_ref().expect("counters");
        assert_eq!(c.SQ_INSTS_LDS, 2, "{name}");
        assert_eq!(c.SQ_LDS_BANK_CONFLICT, conflicts, "{name}");
        assert_eq!(c.SQ_LDS_IDX_ACTIVE, 2 + conflicts, "{name}");
        assert!(r.races.is_empty(), "{name}: {:?}", r.races.len());
        let m = r.metrics.as_ref().expect("metrics");
        let per = m.lds_bank_conflicts_per_access.unwrap();
        assert!((per - conflicts as f64 / 2.0).abs() < 1e-9, "{name}: {per}");
    }
    assert_disasm_matches_objdump("m_lds_banks");
}

/// g_soft_max with the barrier between the max and the sum reductions dropped: `red` is reused, so wave 0's
/// partial-sum write races with other waves' reads of the partial maxima (flagged as LDS errors between those
/// two source lines); the fixed twin (barrier kept) has no finding and matches g_soft_max's reference.
#[test]
fn r_softmax_reuse() {
    let src = std::fs::read_to_string(dir("r_softmax_reuse").join("kernel.hip")).unwrap();
    let racy_src = src.split("__global__ void soft_max_fixed").next().unwrap();
    let line_of = |needle: &str| {
        1 + racy_src
            .lines()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("no {needle:?}")) as u32
    };
    let read = format!(
        "kernel.hip:{}:",
        line_of("mx = wave_max(tid % WAVE < nw ? red[tid % WAVE]")
    );
    let write = format!("kernel.hip:{}:", {
        let first = line_of("if (tid % WAVE == 0) red[tid / WAVE] = mx;");
        first
            + racy_src
                .lines()
                .skip(first as usize)
                .position(|l| l.contains("if (tid % WAVE == 0) red[tid / WAVE] = sum;"))
                .unwrap() as u32
            + 1
    });
    let r = run_manifest("r_softmax_reuse", "racy", false);
    let lds_errors: Vec<_> = r
        .races
        .iter()
        .filter(|f| f.severity == "error" && f.kind == "lds")
        .collect();
    assert!(!lds_errors.is_empty(), "racy twin not flagged");
    for f in &lds_errors {
        let lines = [
            f.first_source.clone().unwrap_or_default(),
            f.second_source.clone().unwrap_or_default(),
        ];
        assert!(
            lines.iter().any(|l| l.starts_with(&read))
                && lines.iter().any(|l| l.starts_with(&write)),
            "finding between {lines:?}, want {read} and {write}"
        );
    }
    let fixed = run_manifest("r_softmax_reuse", "fixed", true);
    assert!(fixed.races.is_empty(), "fixed twin flagged");
    assert_disasm_matches_objdump("r_softmax_reuse");
}

// ---- Triton (build_triton.py) --------------------------------------------------------------------------------

/// tl.where chains on ragged 2D tiles (NaN scrubbing, a clamp by f32 scalars, a causal mask to -inf, integer
/// selects) and per-row counts by atomic_add across column programs.
#[test]
fn t_where_masks() {
    run_one("t_where_masks");
}

/// "Last program finishes": partial sums, an acq_rel atomic_add ticket, the last program sums the partials and
/// publishes with atomic_xchg (resetting the counter).
#[test]
fn t_last_block() {
    run_one("t_last_block");
}

/// Embedding gather (out-of-range ids masked to zero rows) and a gradient scatter by f32 atomic_add with
/// colliding ids.
#[test]
fn t_gather_scatter() {
    run_one("t_gather_scatter");
}

/// The check's summary ranks a real mismatch as the worst element when the output also holds equal
/// infinities (t_where_masks' -inf entries): before, |-inf - -inf| = NaN ranked as infinite error and the
/// summary named a matching -inf as the worst, hiding the mismatch.
#[test]
fn check_summary_names_the_real_mismatch_beside_infinities() {
    let s = Session::load(&dir("t_where_masks"), &RunOptions::default()).unwrap();
    let spec = s.manifest.outputs[0].clone();
    let mut got = std::fs::read(&spec.file).unwrap();
    let vals: Vec<f32> = got
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert!(vals.contains(&f32::NEG_INFINITY));
    let k = vals
        .iter()
        .position(|v| *v == -1.5)
        .expect("a clamped entry");
    got[4 * k..4 * k + 4].copy_from_slice(&(-1.0f32).to_le_bytes());
    let c = wavescope::check::check_output(&spec, &got);
    assert_eq!(c.total - c.matched, 1);
    assert_eq!(c.worst_index, Some(k));
    assert_eq!(c.worst_abs_error, Some(0.5));
    let line = wavescope::check::summary_line(&c);
    assert!(
        line.contains(&format!("worst |err| 5.000e-1 at [{k}]")),
        "{line}"
    );
}

/// gfx9's other DPP controls (wave_shl/rol/shr/ror:1, row_mirror, row_half_mirror, row_ror:5, row_shl:3,
/// quad_perm) and the packed-byte video ops (v_msad_u8, v_lerp_u8, v_sad_hi_u8, v_sad_u16).
#[test]
fn h_dpp_modes() {
    run_one("h_dpp_modes");
}

/// 288 live f32 accumulators per lane with one wave per work-group: the compiler spills into AGPRs
/// (v_accvgpr_write / v_accvgpr_read) of the unified 512-register file.
#[test]
fn h_reg_pressure() {
    let listing =
        std::fs::read_to_string(dir("h_reg_pressure").join("kernel.objdump.txt")).unwrap();
    assert!(listing.contains("v_accvgpr_write_b32") && listing.contains("v_accvgpr_read_b32"));
    run_one("h_reg_pressure");
}

/// ds_append / ds_consume (one old value per wave, plus each lane's mbcnt rank: compaction in lane order) and
/// the wrapping global_atomic_inc / dec (final counters and sums of the returned old values: order-free).
#[test]
fn h_append_inc() {
    run_one("h_append_inc");
}

/// llama.cpp's q4_K super blocks (144 bytes: f16 d / dmin, 6-bit scales and mins packed across 12 bytes, 4-bit
/// quants) dequantized to f32, one work-group per block.
#[test]
fn g_q4_k() {
    run_one("g_q4_K");
}
