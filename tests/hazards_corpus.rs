//! The hazard and missing-wait checkers on the real example kernels (examples/*/case.json, built by clang-22,
//! whose hazard recognizer and waitcnt insertion are the authority): no findings on any of them; then the same
//! kernels with one `s_nop` shortened or one `s_waitcnt` removed/weakened in a copy of their code (code size
//! unchanged), which must be flagged at the PCs the llvm-objdump listing shows.

use std::path::PathBuf;
use wavescope::exec::Program;
use wavescope::launch::RunOptions;
use wavescope::observers::hazards::{format_finding, format_missing_wait, Findings};
use wavescope::session::Session;

mod common;
use common::run_checked;

fn example_dirs() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|r| {
            r.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.join("case.json").exists())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn opts() -> RunOptions {
    RunOptions {
        max_instructions: 1_000_000_000, // per dispatch
        ..RunOptions::default()
    }
}

fn load(name: &str) -> Session {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    Session::load(&dir, &opts()).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn describe(f: &Findings) -> String {
    let mut s: Vec<String> = f.hazards.iter().map(format_finding).collect();
    s.extend(f.missing_waits.iter().map(format_missing_wait));
    s.join("\n")
}

#[test]
fn no_findings_on_the_example_corpus() {
    let mut bad = Vec::new();
    let mut checked = 0;
    for dir in example_dirs() {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        // the benchmark case (29.5 M wave-instructions) is the same kernel as polybench_gemm_64
        if name.ends_with("_512") {
            continue;
        }
        let session = match Session::load(&dir, &opts()) {
            Ok(s) => s,
            Err(e) => {
                bad.push(format!("{name}: cannot load: {e}"));
                continue;
            }
        };
        let (stats, fault, f) = run_checked(&session.dispatch, &opts());
        if let Some(fault) = fault {
            bad.push(format!(
                "{name}: fault {:?} at 0x{:x}: {}",
                fault.kind, fault.pc, fault.detail
            ));
            continue;
        }
        checked += 1;
        println!(
            "{name}: {} wave-instructions, {} hazards, {} missing waits",
            stats.wave_instructions,
            f.hazards.len(),
            f.missing_waits.len()
        );
        if !f.is_empty() {
            bad.push(format!("{name}:\n{}", describe(&f)));
        }
    }
    println!("{checked} kernels checked");
    assert!(
        bad.is_empty(),
        "findings on compiler output:\n{}",
        bad.join("\n")
    );
}

/// `session` with the dword at `pc` replaced by `word` (same code size), run with the checkers.
fn run_patched(name: &str, pc: u64, old: u32, word: u32) -> Findings {
    run_patched_with(name, pc, old, word, &opts())
}

fn run_patched_with(name: &str, pc: u64, old: u32, word: u32, o: &RunOptions) -> Findings {
    let mut session = load(name);
    let p = &session.dispatch.program;
    let off = (pc - p.base) as usize;
    let mut text = p.text.clone();
    let was = u32::from_le_bytes(text[off..off + 4].try_into().unwrap());
    assert_eq!(was, old, "{name}: the listing's word at 0x{pc:x}");
    text[off..off + 4].copy_from_slice(&word.to_le_bytes());
    let base = p.base;
    session.dispatch.program = Program::new(&text, base);
    let (_, fault, f) = run_checked(&session.dispatch, o);
    assert!(fault.is_none(), "{name}: patched run faulted: {fault:?}");
    f
}

/// `s_nop N` (SOPP 0xBF80_000N) shortened to `s_nop N-1`.
fn short_nop(name: &str, pc: u64, n: u32) -> Findings {
    run_patched(name, pc, 0xBF80_0000 | n, 0xBF80_0000 | (n - 1))
}

fn assert_hazard(f: &Findings, rule: &str, producer: u64, consumer: u64, required: u32) {
    let hit = f.hazards.iter().find(|h| {
        h.rule == rule
            && h.producer_pc == format!("0x{producer:x}")
            && h.consumer_pc == format!("0x{consumer:x}")
    });
    let Some(h) = hit else {
        panic!(
            "expected {rule} at 0x{producer:x} -> 0x{consumer:x}, found:\n{}",
            describe(f)
        )
    };
    assert_eq!(h.required, required, "{}", format_finding(h));
    assert_eq!(h.provided, required - 1, "{}", format_finding(h));
    assert!(h.waves >= 1);
}

fn assert_missing_wait(f: &Findings, load: u64, use_pc: u64, register: &str, counter: &str) {
    let hit = f
        .missing_waits
        .iter()
        .find(|m| m.load_pc == format!("0x{load:x}") && m.use_pc == format!("0x{use_pc:x}"));
    let Some(m) = hit else {
        panic!(
            "expected a missing wait 0x{load:x} -> 0x{use_pc:x}, found:\n{}",
            describe(f)
        )
    };
    assert_eq!(m.register, register, "{}", format_missing_wait(m));
    assert_eq!(m.counter, counter, "{}", format_missing_wait(m));
}

// Each case: the llvm-objdump listing (examples/<name>/kernel.objdump.txt) shows the producer, the s_nop the
// compiler put in and the consumer; hazards.md gives the rule and its wait. Shortening the s_nop by one leaves
// exactly one wait state missing.

#[test]
fn shortened_nop_valu_vcc_then_cndmask() {
    // heteromark_be: v_cmp_lt_f32_e32 vcc @0x1784; s_nop 1; v_cndmask_b32_e32 ..., vcc @0x178c (H4.5-18a: 2)
    let f = short_nop("heteromark_be", 0x1788, 1);
    assert_hazard(&f, "H4.5-18a", 0x1784, 0x178c, 2);
    // rodinia_nn: v_cmp_gt_f32_e32 vcc @0x1784; s_nop 1; v_cndmask_b32_e64 v2, 0, 32, vcc @0x178c
    let f = short_nop("rodinia_nn", 0x1788, 1);
    assert_hazard(&f, "H4.5-18a", 0x1784, 0x178c, 2);
    // heteromark_bs (device function Phi): v_cmp_gt_f32_e32 vcc @0x16d8; s_nop 1; v_cndmask @0x16e0
    let f = short_nop("heteromark_bs", 0x16dc, 1);
    assert_hazard(&f, "H4.5-18a", 0x16d8, 0x16e0, 2);
}

#[test]
fn shortened_nop_valu_then_dpp() {
    // migraphx_dpp_reduce: v_add_f32_e32 v1 @0x16a8; s_nop 1; v_mov_b32_dpp v2, v1 row_shr:4 @0x16b0 (H4.5-12: 2)
    let f = short_nop("migraphx_dpp_reduce", 0x16ac, 1);
    assert_hazard(&f, "H4.5-12", 0x16a8, 0x16b0, 2);
}

#[test]
fn shortened_nop_valu_then_mfma() {
    // mfma_bf16_16x16: v_perm_b32 v4 @0x1868; s_nop 1; v_mfma_f32_16x16x16_bf16 reads v[4:5] @0x1874 (H7-01: 2)
    let f = short_nop("mfma_bf16_16x16", 0x1870, 1);
    assert_hazard(&f, "H7-01", 0x1868, 0x1874, 2);
    // labnotes_mfma_f16_32x32x8: v_perm_b32 v16 @0x18b8; s_nop 1; v_mfma_f32_32x32x8_f16 @0x18c4
    let f = short_nop("labnotes_mfma_f16_32x32x8", 0x18c0, 1);
    assert_hazard(&f, "H7-01", 0x18b8, 0x18c4, 2);
}

#[test]
fn shortened_nop_mfma_then_store() {
    // XDL 16x16x16 bf16 (4 passes) @0x1898; s_nop 7; global_store_dword reads v0 @0x18a4: H7-09 = 8
    let f = short_nop("mfma_bf16_16x16", 0x18a0, 7);
    assert_hazard(&f, "H7-09", 0x1898, 0x18a4, 8);
    // XDL 16x16x32 fp8 (4 passes) @0x1848; s_nop 7; global_store_dword @0x1854: H7-09 = 8
    let f = short_nop("mfma_fp8_16x16x32", 0x1850, 7);
    assert_hazard(&f, "H7-09", 0x1848, 0x1854, 8);
    // 16x16x128 f8f6f4 cbsz:2 (FP6) blgp:1 (BF8): an 8-bit operand -> 8 passes; s_nop 11; store: H7-09 = 12
    let f = short_nop("mfma_f8f6f4_fp6_bf8_16x16x128", 0x1b84, 11);
    assert_hazard(&f, "H7-09", 0x1b7c, 0x1b88, 12);
    // scaled 16x16x128 f8f6f4 (FP8 A, FP4 B: 8 passes, 16-byte instruction @0x1b58); s_nop 11; store @0x1b6c
    let f = short_nop("mfma_f8f6f4_scale_16x16x128", 0x1b68, 11);
    assert_hazard(&f, "H7-09", 0x1b58, 0x1b6c, 12);
    // DGEMM 16x16x4 f64 @0x17bc; s_nop 15; s_nop 1 (18 wait states); global_store_dwordx2 v[0:1] @0x17cc: H7-23
    let f = short_nop("labnotes_mfma_f64_16x16x4", 0x17c8, 1);
    assert_hazard(&f, "H7-23", 0x17bc, 0x17cc, 18);
    let f = short_nop("labnotes_mfma_f64_16x16x4", 0x17c4, 15);
    assert_hazard(&f, "H7-23", 0x17bc, 0x17cc, 18);
}

#[test]
fn carry_in_after_vcc_write_needs_no_wait() {
    // heteromark_ga: v_cmp_ne_u16_sdwa vcc @0x1850; s_nop 1; v_addc_co_u32_e32 v4, vcc, 0, v4, vcc @0x185c.
    // LLVM pads VCC carry-in reads too, but hazards.md H4.5-18b says carry-in needs 0 wait states.
    let f = short_nop("heteromark_ga", 0x1858, 1);
    assert!(f.hazards.is_empty(), "{}", describe(&f));
}

// ---- waitcnt removed or weakened (listing: examples/<name>/kernel.objdump.txt) ----------------------------

#[test]
fn removed_lgkmcnt_after_smem() {
    // mfma_bf16_16x16: s_load_dwordx8 s[4:11] @0x1700 ... s_waitcnt lgkmcnt(0) @0x173c, replaced by s_nop 0;
    // global_load_dwordx4 v[18:21], v5, s[4:5] @0x1740 reads s[4:5] first.
    let f = run_patched("mfma_bf16_16x16", 0x173c, 0xBF8C_C07F, 0xBF80_0000);
    assert_missing_wait(&f, 0x1700, 0x1740, "s[4:5]", "lgkmcnt");
    assert!(f.hazards.is_empty(), "{}", describe(&f));
}

#[test]
fn weakened_vmcnt_in_order_loads() {
    // mfma_bf16_16x16: 15 VMEM ops outstanding; s_waitcnt vmcnt(12) @0x17d8 completes the 3 oldest (v[18:21],
    // v10, v11). Weakened to vmcnt(13), global_load_ushort v11 @0x1750 is still pending at v_perm_b32 v4, v11,
    // v10 @0x17dc.
    let f = run_patched("mfma_bf16_16x16", 0x17d8, 0xBF8C_0F7C, 0xBF8C_0F7D);
    assert_missing_wait(&f, 0x1750, 0x17dc, "v11", "vmcnt");
    assert_eq!(f.missing_waits.len(), 1, "{}", describe(&f));
    // removing s_waitcnt vmcnt(0) @0x1888 leaves global_load_ushort v13 @0x1850 pending at v_perm_b32 @0x188c
    let f = run_patched("mfma_bf16_16x16", 0x1888, 0xBF8C_0F70, 0xBF80_0000);
    assert_missing_wait(&f, 0x1850, 0x188c, "v13", "vmcnt");
    assert_eq!(f.missing_waits.len(), 1, "{}", describe(&f));
}

#[test]
fn weakened_lgkmcnt_in_order_lds() {
    // rodinia_backprop: ds_read_b32 v5 @0x1cd8; ds_read_b32 v4, v4 @0x1ce0; s_waitcnt lgkmcnt(0) @0x1ce8;
    // v_mul_f32 v4, v5, v4 @0x1cec. lgkmcnt(1) completes only the first read (LDS returns in order).
    let f = run_patched("rodinia_backprop", 0x1ce8, 0xBF8C_C07F, 0xBF8C_C17F);
    assert_missing_wait(&f, 0x1ce0, 0x1cec, "v4", "lgkmcnt");
    assert_eq!(f.missing_waits.len(), 1, "{}", describe(&f));
}

/// Kernels written to probe for false reports (tests/fixtures/hazards/stress/kernel.hip, clang-22 -O2): FLAT
/// through generic pointers to LDS and to global memory, MFMA chains of every class with VGPR indexing, lane
/// ops, DPP, permlane swaps, DL ops, atomics with return, f64 division, scratch arrays.
#[test]
fn no_findings_on_the_stress_kernels() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hazards/stress");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with("case_") && n.ends_with(".json")
        })
        .collect();
    cases.sort();
    assert!(cases.len() >= 7);
    let mut bad = Vec::new();
    for c in &cases {
        let name = c.file_name().unwrap().to_string_lossy().to_string();
        let session = Session::load(c, &opts()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (stats, fault, f) = run_checked(&session.dispatch, &opts());
        println!(
            "{name}: {} wave-instructions, {} hazards, {} missing waits, fault {:?}",
            stats.wave_instructions,
            f.hazards.len(),
            f.missing_waits.len(),
            fault.as_ref().map(|f| (f.kind, f.pc, f.detail.clone()))
        );
        if let Some(fault) = fault {
            bad.push(format!(
                "{name}: fault {:?} at 0x{:x}: {}",
                fault.kind, fault.pc, fault.detail
            ));
        }
        if !f.is_empty() {
            bad.push(format!("{name}:\n{}", describe(&f)));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// CPU time of this thread in seconds (utime + stime of /proc/thread-self/stat, 100 ticks/s): robust to the
/// other processes sharing the machine.
fn thread_cpu() -> f64 {
    let st = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let after = st.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let t = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // fields after the command: state is index 0, utime 11, stime 12
    (t(11) + t(12)) / 100.0
}

/// Cost of the checkers: polybench_gemm_512 (29.5 M wave-instructions) with and without them, in CPU time.
/// `cargo test --release -p wavescope --test hazards_corpus -- --ignored --nocapture`
#[test]
#[ignore]
fn checker_overhead_on_gemm_512() {
    let session = load("polybench_gemm_512");
    let t0 = thread_cpu();
    let (stats, fault) = wavescope::engine::run(&session.dispatch, &opts());
    let plain = thread_cpu() - t0;
    assert!(fault.is_none());
    let t1 = thread_cpu();
    let (stats2, fault, f) = run_checked(&session.dispatch, &opts());
    let checked = thread_cpu() - t1;
    assert!(fault.is_none() && f.is_empty());
    assert_eq!(stats.wave_instructions, stats2.wave_instructions);
    let n = stats.wave_instructions as f64;
    println!(
        "gemm_512: {} wave-instructions; plain {:.2} s CPU ({:.2} M/s), checked {:.2} s CPU ({:.2} M/s), overhead {:.0}%",
        stats.wave_instructions,
        plain,
        n / plain / 1e6,
        checked,
        n / checked / 1e6,
        100.0 * (checked / plain - 1.0)
    );
}

/// Checkers of several host threads merge into the same findings and wave counts as one thread.
#[test]
fn parallel_runs_merge_wave_counts() {
    // a finding every wave hits: the removed s_waitcnt vmcnt(0) before the first use of the loads
    let f1 = run_patched_with(
        "polybench_gemm_64",
        0x1800,
        0xBF8C_0F70,
        0xBF80_0000,
        &opts(),
    );
    let f4 = run_patched_with(
        "polybench_gemm_64",
        0x1800,
        0xBF8C_0F70,
        0xBF80_0000,
        &RunOptions { jobs: 4, ..opts() },
    );
    assert!(!f1.missing_waits.is_empty());
    let key = |f: &Findings| {
        let mut v: Vec<(String, String, String, String, u64)> = f
            .missing_waits
            .iter()
            .map(|m| {
                (
                    m.load_pc.clone(),
                    m.use_pc.clone(),
                    m.register.clone(),
                    m.counter.clone(),
                    m.waves,
                )
            })
            .collect();
        v.sort();
        v
    };
    assert_eq!(key(&f1), key(&f4));
    // gemm_64 launches 64 waves (grid 64x64, block 32x8) and every one of them takes this path
    assert!(
        f1.missing_waits.iter().all(|m| m.waves == 64),
        "{}",
        describe(&f1)
    );
}
