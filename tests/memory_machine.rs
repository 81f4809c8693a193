//! The interactive machine (`wavescope tui`, `serve`: `machine::Machine`, resident policy) runs the cycle model
//! with the same memory system as `wavescope run`: one per XCD, shared by every resident work-group
//! (docs/memory-model.md, "Interactive machine").
//! - Where the two schedules coincide (one resident work-group at a time, each wave running until its barrier
//!   or its end, as the batch policy runs them: `resident_waves` = the work-group's waves, an unbounded quantum)
//!   every per-instruction memory figure, every wave's clock and stall totals, and the counters equal a batch
//!   run's (`engine::run_observed`, `--jobs 1`).
//! - With the default interleaving the lines each instruction touches and its LDS bank cycles stay the same
//!   (they depend on addresses only), while hits and clocks follow the machine's order: deterministic (two runs
//!   give the same figures) and different from the batch run's.

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;
use std::sync::Arc;
use wavescope::engine::run_observed;
use wavescope::launch::RunOptions;
use wavescope::machine::{Machine, MachineOptions, PcMemory};
use wavescope::observers::memsys::MemCounters;
use wavescope::observers::timing::{
    CycleModel, MemAccess, ScalarAccess, StallReason, TimingObserver, TimingSink, TimingTable,
};
use wavescope::session::Session;

/// A batch run's figures: per PC what the memory system reported, per wave (clock at its last event, s_waitcnt
/// stall cycles, barrier cycles).
#[derive(Default)]
struct Batch {
    pcs: BTreeMap<u64, PcMemory>,
    cur: Option<(u64, PcMemory)>,
    waves: HashMap<u32, (u64, u64, u64)>,
}

impl TimingSink for Batch {
    fn issue(&mut self, wave: u32, _pc: u64, start: u64, dur: u64) {
        let e = self.waves.entry(wave).or_default();
        e.0 = e.0.max(start + dur);
    }
    fn stall(&mut self, wave: u32, _pc: u64, start: u64, dur: u64, r: StallReason, _w: &[u64]) {
        let e = self.waves.entry(wave).or_default();
        e.0 = e.0.max(start + dur);
        match r {
            StallReason::Waitcnt { .. } => e.1 += dur,
            StallReason::Barrier => e.2 += dur,
            _ => {}
        }
    }
    fn mem_access(&mut self, _wave: u32, pc: u64, a: &MemAccess) {
        let m = PcMemory {
            accesses: 1,
            lines: a.lines as u64,
            l1_hits: a.l1_hits as u64,
            l2_hits: a.l2_hits as u64,
            mall_hits: a.mall_hits as u64,
            hbm_lines: a.hbm_lines as u64,
            lds_cycles: a.lds_cycles as u64,
            lds_conflict_cycles: a.lds_conflict_cycles as u64,
            bytes: a.bytes,
            ..PcMemory::default()
        };
        self.cur = Some((pc, m));
    }
    fn scalar_access(&mut self, _wave: u32, pc: u64, a: &ScalarAccess) {
        let m = PcMemory {
            accesses: 1,
            scalar_lines: a.lines as u64,
            scalar_hits: a.hits as u64,
            scalar_duplicates: a.duplicates as u64,
            bytes: a.bytes as u64,
            ..PcMemory::default()
        };
        self.cur = Some((pc, m));
    }
    fn mem_issue(&mut self, _wave: u32, pc: u64, start: u64, complete: u64) {
        if let Some((p, m)) = self.cur.take() {
            assert_eq!(p, pc);
            add(
                self.pcs.entry(pc).or_default(),
                &PcMemory {
                    latency: complete - start,
                    ..m
                },
            );
        }
    }
}

fn add(a: &mut PcMemory, b: &PcMemory) {
    a.accesses += b.accesses;
    a.latency += b.latency;
    a.lines += b.lines;
    a.l1_hits += b.l1_hits;
    a.l2_hits += b.l2_hits;
    a.mall_hits += b.mall_hits;
    a.hbm_lines += b.hbm_lines;
    a.lds_cycles += b.lds_cycles;
    a.lds_conflict_cycles += b.lds_conflict_cycles;
    a.scalar_lines += b.scalar_lines;
    a.scalar_hits += b.scalar_hits;
    a.scalar_duplicates += b.scalar_duplicates;
    a.bytes += b.bytes;
}

fn path(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(p)
}

struct BatchRun {
    pcs: BTreeMap<u64, PcMemory>,
    waves: HashMap<u32, (u64, u64, u64)>,
    counters: MemCounters,
}

fn batch(p: &str) -> BatchRun {
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    let s = Session::load(&path(p), &opts).unwrap();
    let table = Arc::new(TimingTable::for_dispatch(
        &s.dispatch,
        CycleModel::default(),
    ));
    let (_, fault, obs) = run_observed(&s.dispatch, &opts, || {
        TimingObserver::with_sink(table.clone(), Batch::default())
    });
    assert!(fault.is_none(), "{p}");
    let mut r = BatchRun {
        pcs: BTreeMap::new(),
        waves: HashMap::new(),
        counters: MemCounters::default(),
    };
    for o in obs {
        r.counters.add(&o.mem_counters().expect("memory system"));
        for (pc, m) in &o.sink.pcs {
            add(r.pcs.entry(*pc).or_default(), m);
        }
        r.waves.extend(o.sink.waves);
    }
    r
}

struct MachineRun {
    pcs: BTreeMap<u64, PcMemory>,
    /// (wave, clock, waitcnt, barrier) in retirement order.
    waves: Vec<(u32, u64, u64, u64)>,
    counters: MemCounters,
}

/// The machine on case `p` with the cycle model (memory system on): one work-group resident at a time, each
/// wave running until it ends or waits (the batch run's order), or the default resident policy.
fn timed_machine(p: &str, one_at_a_time: bool) -> Machine {
    let s = Session::load(&path(p), &RunOptions::default()).unwrap();
    let default = MachineOptions::default();
    let opts = MachineOptions {
        resident_waves: if one_at_a_time {
            s.dispatch.waves_per_group().max(1)
        } else {
            default.resident_waves
        },
        quantum: if one_at_a_time {
            u32::MAX
        } else {
            default.quantum
        },
        ..default
    };
    let mut m = Machine::new(s, opts);
    m.enable_timing(CycleModel::default());
    m
}

fn machine(p: &str, one_at_a_time: bool) -> MachineRun {
    let mut m = timed_machine(p, one_at_a_time);
    assert!(
        matches!(m.run_to_end(), Some(wavescope::machine::Stop::Exited)),
        "{p}"
    );
    assert!(m.session().check().iter().all(|c| c.passed()), "{p}");
    let t = m.timing().unwrap();
    let pcs = &m.session().dispatch.program.pcs;
    let mut r = MachineRun {
        pcs: BTreeMap::new(),
        waves: t
            .retired_waves()
            .iter()
            .map(|c| (c.wave, c.clock, c.waitcnt, c.barrier))
            .collect(),
        counters: t.mem_counters().expect("memory system"),
    };
    for (i, x) in t.pc_memory_table().iter().enumerate() {
        if x.accesses > 0 {
            r.pcs.insert(pcs[i], *x);
            assert_eq!(t.pc_memory(pcs[i]), Some(*x));
        }
    }
    r
}

// microkernels (tests/fixtures/memory): one wave of gathered loads; one work-group of 16 waves through LDS with
// a barrier; examples: global loads over many work-groups, LDS and barriers, LDS and global atomics, MFMA with
// LDS tiles, a graph traversal's irregular loads
const CASES: [&str; 7] = [
    "tests/fixtures/memory/case_gather.json",
    "tests/fixtures/memory/case_transpose_naive.json",
    "examples/polybench_gemm_64",
    "examples/rodinia_pathfinder",
    "examples/heteromark_hist",
    "examples/triton_matmul_f16",
    "examples/rodinia_bfs",
];

#[test]
fn one_resident_work_group_gives_the_batch_figures() {
    for p in CASES {
        let b = batch(p);
        let m = machine(p, true);
        assert!(!b.pcs.is_empty(), "{p}: the memory system costed nothing");
        assert_eq!(m.pcs, b.pcs, "{p}: per-instruction memory figures");
        assert_eq!(m.counters, b.counters, "{p}: counters");
        for &(w, clock, waitcnt, barrier) in &m.waves {
            assert_eq!(
                Some(&(clock, waitcnt, barrier)),
                b.waves.get(&w),
                "{p}: wave {w} (clock, s_waitcnt, barrier cycles)"
            );
        }
        assert_eq!(m.waves.len(), b.waves.len(), "{p}");
    }
}

#[test]
fn interleaved_runs_are_deterministic_and_touch_the_same_lines() {
    let mut differ = 0;
    for p in CASES {
        let b = batch(p);
        let m1 = machine(p, false);
        let m2 = machine(p, false);
        assert_eq!(m1.pcs, m2.pcs, "{p}: two interleaved runs");
        assert_eq!(m1.waves, m2.waves, "{p}: two interleaved runs");
        assert_eq!(m1.counters, m2.counters, "{p}: two interleaved runs");
        // what depends on addresses only is the batch run's
        assert_eq!(
            m1.pcs.keys().collect::<Vec<_>>(),
            b.pcs.keys().collect::<Vec<_>>()
        );
        for (pc, x) in &m1.pcs {
            let y = &b.pcs[pc];
            assert_eq!(
                (
                    x.accesses,
                    x.lines,
                    x.lds_cycles,
                    x.lds_conflict_cycles,
                    x.scalar_lines,
                    x.bytes
                ),
                (
                    y.accesses,
                    y.lines,
                    y.lds_cycles,
                    y.lds_conflict_cycles,
                    y.scalar_lines,
                    y.bytes
                ),
                "{p} 0x{pc:x}"
            );
            assert_eq!(
                x.l1_hits + x.l2_hits + x.mall_hits + x.hbm_lines,
                x.lines,
                "{p} 0x{pc:x}"
            );
        }
        let clocks_differ = m1
            .waves
            .iter()
            .any(|&(w, c, wait, bar)| b.waves.get(&w) != Some(&(c, wait, bar)));
        eprintln!(
            "{p}: interleaved vs batch: figures differ {}, clocks differ {clocks_differ}",
            m1.pcs != b.pcs
        );
        if m1.pcs != b.pcs || clocks_differ {
            differ += 1;
        }
    }
    // the interleaving changes what the caches see (hits, and so clocks) where waves share lines: the
    // histogram's atomics, the matmul's tiles, the traversal's gathers
    assert!(differ >= 3, "{differ} cases differ from the batch order");
}
