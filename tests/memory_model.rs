//! The cycle model's memory system on microkernels whose counts are worked out by hand from the source
//! (tests/fixtures/memory_model/kernel.hip, one wave each; disassembly in kernel.objdump.txt):
//! - `coalesced`: one `global_load_dword` of 64 consecutive dwords (256 bytes, 128-byte aligned buffer) = 2
//!   lines, one `global_store_dword` likewise 2 lines: 4 L1 lookups;
//! - `strided`: the load's lanes are 32 dwords (128 bytes) apart = 64 lines, the store 2: 66 lookups;
//! - `lds_stride_S`: one `ds_write_b32` and one `ds_read_b32` whose lanes are S dwords apart. 64 banks of 4
//!   bytes, one phase of 64 lanes for b32: lane addresses t*S fall on 64/S distinct banks (S <= 64) with S
//!   distinct dwords each, so each instruction takes S cycles = S - 1 conflict cycles: 2(S - 1) in all.
//!   Every kernel's outputs must still match its numpy reference.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::observers::memsys::counters::Counters;
use wavescope::session::{Outcome, Session};

fn run(path: &std::path::Path, jobs: usize) -> Outcome {
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let session = Session::load(path, &opts)
        .unwrap_or_else(|e| panic!("{}: cannot load: {e}", path.display()));
    let outcome = session.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    assert!(outcome.report.fault.is_none(), "{}: fault", path.display());
    let checks = session.check();
    assert!(!checks.is_empty());
    for c in &checks {
        assert!(
            c.passed(),
            "{}: {}",
            path.display(),
            wavescope::check::summary_line(c)
        );
    }
    outcome
}

fn micro(kernel: &str) -> Counters {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/memory_model")
        .join(format!("case_{kernel}.json"));
    let o = run(&p, 1);
    o.report
        .counters
        .clone()
        .unwrap_or_else(|| panic!("{kernel}: no counters in the run report"))
}

#[test]
fn coalesced_and_strided_loads_touch_2_and_64_lines() {
    let c = micro("coalesced");
    assert_eq!((c.SQ_INSTS_VMEM_RD, c.SQ_INSTS_VMEM_WR), (1, 1));
    assert_eq!(c.TCP_TOTAL_CACHE_ACCESSES_sum, 2 + 2);
    assert_eq!(c.SQ_WAVES, 1);
    let s = micro("strided");
    assert_eq!((s.SQ_INSTS_VMEM_RD, s.SQ_INSTS_VMEM_WR), (1, 1));
    assert_eq!(s.TCP_TOTAL_CACHE_ACCESSES_sum, 64 + 2);
    // every line missed the (cold) L1 and L2 once: loads read them from memory
    assert_eq!(s.TCP_TCC_READ_REQ_sum, 64);
    assert_eq!(c.TCP_TCC_READ_REQ_sum, 2);
}

#[test]
fn lds_lane_strides_cost_s_minus_1_conflict_cycles_per_instruction() {
    for s in [1u64, 2, 4, 32, 64] {
        let c = micro(&format!("lds_stride_{s}"));
        assert_eq!(c.SQ_INSTS_LDS, 2, "stride {s}");
        assert_eq!(c.SQ_LDS_BANK_CONFLICT, 2 * (s - 1), "stride {s}");
        // one phase per b32 instruction, S cycles each
        assert_eq!(c.SQ_LDS_IDX_ACTIVE, 2 * s, "stride {s}");
    }
}

/// Bank conflicts cost time: the stride-64 kernel is modelled slower than the stride-1 one by about its extra
/// conflict cycles (both instructions wait on lgkmcnt before going on).
#[test]
fn conflicts_lengthen_the_kernel() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/memory_model");
    let c1 = run(&dir.join("case_lds_stride_1.json"), 1).report.cycles;
    let c64 = run(&dir.join("case_lds_stride_64.json"), 1).report.cycles;
    assert!(c64 >= c1 + 63, "stride 1: {c1} cycles, stride 64: {c64}");
}

/// The same report (cycles, counters, metrics) for --jobs 1 and --jobs 2 on a dispatch of many work-groups:
/// each XCD's work-groups run on one host thread in flat order.
#[test]
fn jobs_1_and_2_give_the_same_counters_and_cycles() {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/polybench_gemm_64");
    let a = run(&p, 1);
    let b = run(&p, 2);
    assert!(
        a.report.work_groups >= 8,
        "{} work-groups",
        a.report.work_groups
    );
    assert_eq!(a.report.cycles, b.report.cycles);
    assert!(a.report.counters.is_some());
    assert_eq!(a.report.counters, b.report.counters);
    assert_eq!(a.report.metrics, b.report.metrics);
    assert_eq!(a.timing, b.timing);
}
