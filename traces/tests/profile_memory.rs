//! The profile's memory-system figures add up: on example kernels with global loads and stores, LDS, atomics
//! and many work-groups, the per-instruction sums (and the per-source-line sums) equal the dispatch totals of
//! the run report's `counters`, and the profile is the same for `--jobs 1` and `--jobs 2`.

mod common;

use common::example;
use wavescope::launch::RunOptions;
use wavescope::observers::memsys::counters::Counters;
use wavescope::observers::timing::MemLevel;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;
use wavescope_traces::profile::{run_profiled, MemCounts, ProfiledRun};

fn profiled(name: &str, jobs: usize) -> ProfiledRun {
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let session = Session::load(&example(name), &opts).unwrap();
    let r = run_profiled(&session, &RunConfig::full(opts));
    assert!(r.run.fault.is_none(), "{name}");
    r
}

fn sum(ms: impl Iterator<Item = MemCounts>) -> MemCounts {
    let mut s = MemCounts::default();
    for m in ms {
        s.add(&m);
    }
    s
}

/// Σ per instruction = the counter, for every counter the memory system's instructions make (scalar loads do
/// not go through the memory system: docs/memory-model.md).
fn check_sums(name: &str, m: &MemCounts, c: &Counters) {
    let pairs = [
        (
            "TA_TOTAL_WAVEFRONTS_sum",
            m.requests,
            c.TA_TOTAL_WAVEFRONTS_sum,
        ),
        ("SQ_INSTS_VMEM_RD", m.loads, c.SQ_INSTS_VMEM_RD),
        ("SQ_INSTS_VMEM_WR", m.stores + m.atomics, c.SQ_INSTS_VMEM_WR),
        (
            "TCP_TOTAL_CACHE_ACCESSES_sum",
            m.lines,
            c.TCP_TOTAL_CACHE_ACCESSES_sum,
        ),
        (
            "TCP_TCC_READ_REQ_sum",
            m.l2_read_req,
            c.TCP_TCC_READ_REQ_sum,
        ),
        (
            "TCP_TCC_WRITE_REQ_sum",
            m.l2_write_req,
            c.TCP_TCC_WRITE_REQ_sum,
        ),
        (
            "TCP_TCC_ATOMIC_REQ_sum",
            m.l2_atomic_req,
            c.TCP_TCC_ATOMIC_REQ_sum,
        ),
        ("TCC_HIT_sum", m.l2_hits, c.TCC_HIT_sum),
        ("TCC_MISS_sum", m.mall_hits + m.hbm_lines, c.TCC_MISS_sum),
        ("TCC_EA0_RDREQ_sum", m.hbm_read_req, c.TCC_EA0_RDREQ_sum),
        ("TCC_EA0_WRREQ_sum", m.hbm_write_req, c.TCC_EA0_WRREQ_sum),
        (
            "SQ_LDS_BANK_CONFLICT",
            m.lds_conflict_cycles,
            c.SQ_LDS_BANK_CONFLICT,
        ),
        ("SQ_LDS_IDX_ACTIVE", m.lds_cycles, c.SQ_LDS_IDX_ACTIVE),
    ];
    for (k, got, want) in pairs {
        assert_eq!(got, want, "{name}: Σ per instruction vs {k}");
    }
    assert_eq!(
        m.lines,
        m.l1_hits + m.l2_hits + m.mall_hits + m.hbm_lines,
        "{name}"
    );
}

#[test]
fn per_instruction_sums_equal_the_dispatch_counters() {
    // global loads/stores over many work-groups; LDS; LDS and global atomics; MFMA with LDS
    for name in [
        "polybench_gemm_64",
        "rodinia_pathfinder",
        "heteromark_hist",
        "triton_matmul_f16",
        "rodinia_bfs",
    ] {
        let r = profiled(name, 1);
        let t = r.run.timing.as_ref().unwrap();
        let c = t
            .counters
            .as_ref()
            .expect("counters with the memory system");
        let p = &r.profile;
        let insts = sum(p.insts.iter().map(|i| i.counts.mem));
        check_sums(name, &insts, c);
        assert_eq!(insts, p.totals.mem, "{name}: totals");
        let lines = sum(p.lines.iter().map(|l| l.counts.mem));
        assert_eq!(lines, insts, "{name}: Σ per source line");
        assert!(
            insts.requests > 0,
            "{name}: no vector memory instruction costed"
        );
        // each execution's latency is charged to one level, its exposed part too
        let lat: u64 = insts.latency_by_level.iter().sum();
        assert_eq!(lat, p.totals.latency, "{name}: latency by level");
        let exp: u64 = insts.exposed_by_level.iter().sum();
        assert_eq!(exp, p.totals.exposed(), "{name}: exposed by level");
        for i in &p.insts {
            let m = &i.counts.mem;
            for l in MemLevel::ALL {
                assert!(
                    m.exposed_by_level[l as usize] <= m.latency_by_level[l as usize],
                    "{name} 0x{:x} {l:?}: exposed beyond latency",
                    i.pc
                );
            }
        }
    }
}

#[test]
fn memory_profile_is_the_same_for_1_and_2_jobs() {
    for name in ["polybench_gemm_64", "heteromark_hist"] {
        let a = profiled(name, 1);
        let b = profiled(name, 2);
        assert_eq!(
            a.run.timing.as_ref().unwrap().counters,
            b.run.timing.as_ref().unwrap().counters,
            "{name}"
        );
        let ka: Vec<_> = a.profile.insts.iter().map(|i| (i.pc, i.counts)).collect();
        let kb: Vec<_> = b.profile.insts.iter().map(|i| (i.pc, i.counts)).collect();
        assert_eq!(ka, kb, "{name}");
    }
}
