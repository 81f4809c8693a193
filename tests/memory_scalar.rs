//! Scalar loads through the scalar cache (docs/memory-model.md), on the memory microkernels
//! (tests/fixtures/memory, kernel.objdump.txt), counted by hand:
//! - 64-byte scalar lines, one scalar cache per pair of CUs; the kernarg segment is cold at the start;
//! - a cold line misses the scalar cache, the L2 and the MALL: it costs the line's passage to the L2 (64 B at
//!   `l2_channels x l2_bytes_per_cycle_per_channel` B/cycle: 1 cycle), HBM's (128 B at `hbm_bytes_per_cycle`: 1
//!   cycle) and `hbm_latency`;
//! - a lookup of a line whose fill is still on its way waits for that fill (SQC_DCACHE_MISSES_DUPLICATE).
//!
//! Parameters are the configured ones (src/observers/memsys/cdna4_memory.toml and src/observers/timing/cdna4.toml).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use wavescope::launch::RunOptions;
use wavescope::observers::memsys::counters::Counters;
use wavescope::observers::memsys::MemParams;
use wavescope::observers::timing::{
    CycleModel, ScalarAccess, TimingObserver, TimingSink, TimingTable,
};
use wavescope::session::Session;

/// Per scalar-load PC: (executions, lines, hits, duplicate misses, Σ latency).
#[derive(Default)]
struct Sink {
    pcs: BTreeMap<u64, [u64; 5]>,
    scalar: Option<u64>,
}

impl TimingSink for Sink {
    fn scalar_access(&mut self, _wave: u32, pc: u64, a: &ScalarAccess) {
        let e = self.pcs.entry(pc).or_default();
        e[0] += 1;
        e[1] += a.lines as u64;
        e[2] += a.hits as u64;
        e[3] += a.duplicates as u64;
        self.scalar = Some(pc);
    }
    fn mem_issue(&mut self, _wave: u32, pc: u64, start: u64, complete: u64) {
        if self.scalar.take() == Some(pc) {
            self.pcs.get_mut(&pc).unwrap()[4] += complete - start;
        }
    }
}

fn run(case: &str) -> (Session, Counters, BTreeMap<u64, [u64; 5]>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/memory")
        .join(format!("case_{case}.json"));
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    let s = Session::load(&path, &opts).unwrap();
    let table = Arc::new(TimingTable::for_dispatch(
        &s.dispatch,
        CycleModel::default(),
    ));
    let (_, fault, obs) = wavescope::engine::run_observed(&s.dispatch, &opts, || {
        TimingObserver::with_sink(table.clone(), Sink::default())
    });
    assert!(fault.is_none(), "{case}: {fault:?}");
    let mut pcs: BTreeMap<u64, [u64; 5]> = BTreeMap::new();
    for o in &obs {
        for (&pc, v) in &o.sink.pcs {
            let e = pcs.entry(pc).or_default();
            for k in 0..5 {
                e[k] += v[k];
            }
        }
    }
    let report = TimingObserver::merge(obs);
    for c in s.check() {
        assert!(c.passed(), "{case}: {}", wavescope::check::summary_line(&c));
    }
    (s, report.counters.expect("counters"), pcs)
}

/// The cold miss of a kernarg line: 1 cycle to the L2, 1 cycle of HBM, `hbm_latency`.
fn cold_miss(p: &MemParams) -> u64 {
    let l2 = (p.scalar_line_bytes as f64
        / (p.l2_channels * p.l2_bytes_per_cycle_per_channel) as f64)
        .ceil();
    let hbm = (p.line_bytes as f64 / p.hbm_bytes_per_cycle).ceil();
    assert_eq!(
        (l2, hbm),
        (1.0, 1.0),
        "the worked figures assume one cycle each"
    );
    p.hbm_latency + 2
}

/// `gather` (one wave): `s_load_dwordx4 s[4:7], s[0:1], 0x0` at 0x1400 and `s_load_dwordx2 s[2:3], s[0:1], 0x10`
/// at 0x1408 (kernel.objdump.txt) read kernarg bytes 0..16 and 16..24: one 64-byte line (the kernarg segment is
/// 64-byte aligned). The first misses (cold); the second, issued `issue_cycles` later, finds the line on its way
/// and waits for it: a duplicate miss completing with the first.
#[test]
fn one_wave_two_loads_one_line() {
    let p = MemParams::default();
    let issue = CycleModel::default().issue_cycles;
    let (s, c, pcs) = run("gather");
    assert_eq!(s.dispatch.kernarg_addr % 64, 0);
    assert_eq!(pcs[&0x1400], [1, 1, 0, 0, cold_miss(&p)]);
    assert_eq!(pcs[&0x1408], [1, 1, 0, 1, cold_miss(&p) - issue]);
    assert_eq!(pcs.len(), 2, "{pcs:?}");
    assert_eq!(
        (
            c.SQ_INSTS_SMEM,
            c.SQC_DCACHE_REQ,
            c.SQC_DCACHE_HITS,
            c.SQC_DCACHE_MISSES,
            c.SQC_DCACHE_MISSES_DUPLICATE,
            c.SQC_TC_DATA_READ_REQ
        ),
        (2, 2, 0, 1, 1, 1)
    );
}

/// `transpose_naive`: one work-group of 16 waves on one CU, each beginning with `s_load_dwordx4 s[0:3], s[0:1],
/// 0x0` at 0x1200 at its cycle 0. The first wave's misses (cold); the 15 others find the line on its way and
/// wait for the same fill: 1 miss, 15 duplicate misses, every load completing at the cold miss's cycle.
#[test]
fn sixteen_waves_share_one_fill() {
    let p = MemParams::default();
    let (_, c, pcs) = run("transpose_naive");
    assert_eq!(pcs[&0x1200], [16, 16, 0, 15, 16 * cold_miss(&p)]);
    assert_eq!(
        (
            c.SQC_DCACHE_REQ,
            c.SQC_DCACHE_HITS,
            c.SQC_DCACHE_MISSES,
            c.SQC_DCACHE_MISSES_DUPLICATE
        ),
        (16, 0, 1, 15)
    );
    // the vector counters are the vector instructions' alone: 16 loads and 16 stores of 2 lines each
    assert_eq!(c.TCP_TOTAL_CACHE_ACCESSES_sum, 64);
}
