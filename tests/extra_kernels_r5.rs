//! Extra kernels, round 5: code we had not run before, in the style of real libraries (written here): templates
//! instantiated into several kernels of one object with real device calls (s_swappc, a struct returned through
//! scratch, stack arguments), 64-bit and f64 min/max atomics at every scope, wave votes and warp-aggregated
//! atomics, register arrays indexed at run time (s_set_gpr_idx_on), graphics-derived __builtin_amdgcn_*
//! intrinsics (v_cube*, pknorm packs), double-double f64 arithmetic, a composable_kernel-style ping-pong LDS GEMM
//! in dynamic LDS, racy twins of a tiled GEMM and a split-K reduction, and a wide-LDS bank-conflict
//! microkernel. Each case lives under tests/fixtures/extra_kernels_r5/<name>/ with its object, llvm-objdump-22
//! listing, case.json (or case_<name>.json), inputs and numpy references, so the tests need no compiler.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::observers::races::RaceOptions;
use wavescope::session::Session;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r5")
        .join(name)
}

mod common;

fn run_one(name: &str) {
    common::extra_kernels::run_one(&dir(name), name)
}

/// Every `case_<c>.json` of fixture `name` through the full check (outputs, silent hazard checkers, no race
/// error), then the disassembly once.
fn run_cases(name: &str, cases: &[&str]) {
    for c in cases {
        let path = dir(name).join(format!("case_{c}.json"));
        let label = format!("{name}/{c}");
        let report = common::extra_kernels::run_checked(&path, &label, true);
        assert!(
            report.races.iter().all(|r| r.severity == "warning"),
            "{label}: race errors on a race-free kernel"
        );
    }
    common::extra_kernels::assert_disasm_matches_objdump(&dir(name), name);
}

/// Runs `case_<c>.json` of fixture `name` with race checking on (LDS and global), without checking outputs.
fn run_racy(name: &str, c: &str) -> wavescope::report::RunReport {
    let opts = RunOptions::default();
    let s = Session::load(&dir(name).join(format!("case_{c}.json")), &opts).unwrap();
    let o = s.run(&wavescope::pipeline::RunConfig {
        races: Some(RaceOptions::new(true, true)),
        ..wavescope::pipeline::RunConfig::full(opts)
    });
    assert!(o.report.fault.is_none(), "{name}/{c}: {:?}", o.report.fault);
    o.report
}

/// 1-based line of the first line of kernel.hip containing `needle` after the line containing `after`.
fn line_of(name: &str, after: &str, needle: &str) -> u32 {
    let src = std::fs::read_to_string(dir(name).join("kernel.hip")).unwrap();
    let lines: Vec<&str> = src.lines().collect();
    let start = lines.iter().position(|l| l.contains(after)).unwrap();
    1 + (start
        + lines[start..]
            .iter()
            .position(|l| l.contains(needle))
            .unwrap()) as u32
}

// ---- clang HIP (build.sh) ---------------------------------------------------------------------------------

/// One object, four kernels: axpby<float/double/int> (template instantiations picked by name from the same
/// code object) and row_stats, which calls a noinline function taking and returning a struct (s_swappc, the
/// result through scratch) 16 times and a 41-argument polynomial (9 arguments on the stack). The listing has
/// llvm-objdump's `...` for the zero padding between kernels.
#[test]
fn h_calls_templates() {
    let listing =
        std::fs::read_to_string(dir("h_calls_templates").join("kernel.objdump.txt")).unwrap();
    assert!(listing.contains("s_swappc_b64") && listing.contains("scratch_load_dword"));
    assert!(listing.contains("\t\t...\n"));
    run_cases("h_calls_templates", &["f32", "f64", "i32", "stats"]);
}

/// global_atomic_{s,u}{min,max}_x2, and/or/xor_x2, min/max_f64, a 64-bit CAS argmax at work-group, agent and
/// system scope (sc0 / sc1 bits), and LDS ds_min/max_i64, or/xor_b64, min_f64.
#[test]
fn h_atomics64_scopes() {
    run_one("h_atomics64_scopes");
}

/// Warp-aggregated atomics (ballot, ctz leader, mbcnt rank, readlane), ballot / any / all, first / last lane,
/// distinct keys by ballot peeling, with a partial last wave.
#[test]
fn h_warp_vote() {
    run_one("h_warp_vote");
}

/// 16-entry register arrays indexed by a uniform and a per-lane value (s_set_gpr_idx_on), a register top-8.
#[test]
fn h_reg_index() {
    let listing = std::fs::read_to_string(dir("h_reg_index").join("kernel.objdump.txt")).unwrap();
    assert!(listing.contains("s_set_gpr_idx_on"));
    run_one("h_reg_index");
}

/// v_cubeid / cubesc / cubetc / cubema, v_cvt_pknorm_i16 / u16, v_cvt_pk_i16 / u16, v_cvt_pkrtz, v_med3,
/// frexp, fract, ldexp, v_cmp_class (every class, a signalling NaN), v_bfe_i32 / u32.
#[test]
fn h_amdgcn_builtins() {
    run_one("h_amdgcn_builtins");
}

/// Double-double dot products and Horner (TwoSum / TwoProd, contraction off), f64 div / sqrt / rounding,
/// i64 <-> f64 conversions, i64 division.
#[test]
fn h_f64_dd() {
    run_one("h_f64_dd");
}

/// f16 GEMM with ping-pong k-tiles in dynamic LDS (`extern __shared__`, sized by lds_dynamic_bytes),
/// __launch_bounds__(256), padded rows, ragged M, N, K.
#[test]
fn h_lds_pingpong() {
    run_one("h_lds_pingpong");
}

/// A block histogram at 1024 work-items (16 waves, __launch_bounds__(1024)): LDS ds_add_u32 bins, a barrier
/// across all 16 waves, one global atomic per non-empty bin, ds_bpermute wave sums.
#[test]
fn h_hist1024() {
    run_one("h_hist1024");
}

// ---- Triton (build_triton.py) --------------------------------------------------------------------------------

/// Batched matmul with a 3D tl.dot (f16 small integers, f32 accumulation; ragged batch / M / K).
#[test]
fn t_bmm_f16() {
    run_one("t_bmm_f16");
}

/// f64 division, sqrt, fma (IEEE, correctly rounded), f64 tl.sum and global_atomic_add_f64; a denormal,
/// signed zeros and 1e300 among the inputs.
#[test]
fn t_f64_math() {
    run_one("t_f64_math");
}

// ---- racy twins --------------------------------------------------------------------------------------------

/// The tiled GEMM without its second barrier: a wave's store of the next k-tile (`As` / `Bs[ty][tx] = ...`) races
/// with other waves' reads of the current one (`acc += As[ty][k] * Bs[k][tx]`); every finding is an LDS error
/// between exactly those two lines. The split-K reduction with `C[i] += p` races between work-groups on C
/// (global errors on that line). The fixed twins (barrier kept; atomicAdd) match the reference with no finding.
#[test]
fn r_tile_gemm() {
    let n = "r_tile_gemm";
    let stores = [
        format!(
            "kernel.hip:{}:",
            line_of(n, "gemm_tiled_racy", "As[ty][tx] =")
        ),
        format!(
            "kernel.hip:{}:",
            line_of(n, "gemm_tiled_racy", "Bs[ty][tx] =")
        ),
    ];
    let read = format!(
        "kernel.hip:{}:",
        line_of(n, "gemm_tiled_racy", "acc += As[ty][k]")
    );
    let r = run_racy(n, "gemm_racy");
    assert!(!r.races.is_empty(), "racy GEMM not flagged");
    for f in &r.races {
        let lines = [
            f.first_source.clone().unwrap_or_default(),
            f.second_source.clone().unwrap_or_default(),
        ];
        assert_eq!((f.kind.as_str(), f.severity.as_str()), ("lds", "error"));
        assert!(
            lines
                .iter()
                .any(|l| stores.iter().any(|s| l.starts_with(s)))
                && lines.iter().any(|l| l.starts_with(&read)),
            "finding between {lines:?}, want one of {stores:?} and {read}"
        );
    }
    let acc = format!("kernel.hip:{}:", line_of(n, "splitk_racy", "C[i] += p;"));
    let r = run_racy(n, "splitk_racy");
    assert!(!r.races.is_empty(), "racy split-K not flagged");
    for f in &r.races {
        assert_eq!((f.kind.as_str(), f.severity.as_str()), ("global", "error"));
        assert!(
            f.first_source.as_deref().unwrap_or("").starts_with(&acc),
            "{:?}",
            f.first_source
        );
        assert!(
            f.second_source.as_deref().unwrap_or("").starts_with(&acc),
            "{:?}",
            f.second_source
        );
    }
    run_cases(n, &["gemm", "splitk_atomic"]);
    for c in ["gemm", "splitk_atomic"] {
        assert!(run_racy(n, c).races.is_empty(), "{c}: fixed twin flagged");
    }
}

// ---- memory microkernel ------------------------------------------------------------------------------------

/// One wave: ds_write_b64 + ds_read_b64 at 8-byte element t*W, ds_write_b128 + ds_read_b128 at 16-byte element
/// idx128[t] (src/observers/memsys/lds.rs: 64 banks of a dword; a phase costs as many cycles as its busiest
/// bank has distinct dwords). By hand:
/// - b64 (2 phases of 32 consecutive lanes): lane t's first dword 2tW lands on bank 2tW mod 64; over 32
///   consecutive t that repeats every 32 / gcd(W, 32) lanes, so each bank gets gcd(W, 32) distinct dwords:
///   gcd - 1 conflicts per phase, 2 (gcd - 1) per instruction, the write and the read alike;
/// - b128: element e covers banks 4(e mod 16) .. +3. `lin` (e = t): any 16 lanes of one phase have distinct
///   e mod 16: 0. `quads` (lanes 16-31 at 16 + (t - 20) mod 16, lanes 32-63 the same + 32): the read's phases
///   (quads 0,3,5,6 / 1,2,4,7 of each half, triton-lang/triton#11365) pair lanes 20-23 with 0-3 and 28-31 with
///   8-11 on the same banks: 1 conflict in each of the 4 phases; the write's 8 phases of 8 consecutive lanes
///   stay distinct: 0. (16 consecutive lanes per phase would give 0 for the read too.)
///
/// SQ_LDS_IDX_ACTIVE: 2 + 2 + 8 + 4 phases plus the conflicts.
#[test]
fn m_lds_wide() {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 {
            a
        } else {
            gcd(b, a % b)
        }
    }
    for (w, pat) in [
        (1, "lin"),
        (2, "quads"),
        (3, "lin"),
        (16, "quads"),
        (32, "lin"),
        (64, "quads"),
    ] {
        let name = format!("w{w}_{pat}");
        let path = dir("m_lds_wide").join(format!("case_{name}.json"));
        let r = common::extra_kernels::run_checked(&path, &name, true);
        let c = r.counters.as_ref().expect("counters");
        let want = 2 * 2 * (gcd(w, 32) - 1) + if pat == "quads" { 4 } else { 0 };
        assert_eq!(c.SQ_INSTS_LDS, 4, "{name}");
        assert_eq!(c.SQ_LDS_BANK_CONFLICT, want, "{name}");
        assert_eq!(c.SQ_LDS_IDX_ACTIVE, 16 + want, "{name}");
        assert!(r.races.is_empty(), "{name}");
    }
    common::extra_kernels::assert_disasm_matches_objdump(&dir("m_lds_wide"), "m_lds_wide");
}

// ---- disassembly -------------------------------------------------------------------------------------------

/// llvm-objdump (without -z) prints one `\t\t...` line for a run of 8 or more zero bytes at an instruction
/// start, up to the next symbol; two zero words inside a function are skipped as well, fewer are listed.
#[test]
fn disasm_skips_zero_blocks_like_llvm_objdump() {
    use wavescope::isa::disasm::{listing, Symbol};
    let endpgm = 0xBF81_0000u32.to_le_bytes();
    let mut text = Vec::new();
    text.extend_from_slice(&endpgm);
    text.extend_from_slice(&[0; 12]); // 12 zero bytes: skipped
    text.extend_from_slice(&endpgm);
    text.extend_from_slice(&[0; 4]); // one zero word: listed (v_cndmask_b32_e32 v0, s0, v0, vcc)
    text.extend_from_slice(&endpgm);
    text.extend_from_slice(&[0; 8]); // 8 zero bytes that a symbol splits: 4 + 4, both listed
    text.extend_from_slice(&endpgm);
    let syms = vec![
        Symbol {
            addr: 0x1000,
            name: "a".into(),
        },
        Symbol {
            addr: 0x1000 + 32,
            name: "b".into(),
        },
    ];
    let l = listing(&text, 0x1000, &syms);
    assert_eq!(l.matches("\t\t...\n").count(), 1, "{l}");
    assert_eq!(
        l.matches("v_cndmask_b32_e32 v0, s0, v0, vcc").count(),
        3,
        "{l}"
    );
    assert_eq!(l.matches("s_endpgm").count(), 4, "{l}");
}
