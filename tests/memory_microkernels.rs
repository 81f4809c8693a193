//! The memory system on microkernels with hand-computed facts (tests/fixtures/memory: kernel.hip, built by
//! build.sh with clang-22 for gfx950; disassembly in kernel.objdump.txt; inputs and numpy references from
//! reference.py). Every case's outputs must match its reference; the figures come from the run report's
//! `counters`/`metrics` and, per instruction, from a `TimingSink` of this file that sums what the memory system
//! reports per PC (`mem_access`, `mem_issue`).
//!
//! Parameters are the configured ones (src/observers/memsys/cdna4_memory.toml, read here, not restated).

use std::collections::BTreeMap;
use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::observers::memsys::counters::{Counters, Metrics};
use wavescope::observers::memsys::MemParams;
use wavescope::observers::timing::{MemAccess, MemLevel, TimingSink};
use wavescope::pipeline::{Plan, RunConfig};
use wavescope::session::Session;

/// Per PC: executions the memory system costed, Σ latency, lines and where they were found, LDS cycles.
#[derive(Clone, Copy, Debug, Default)]
struct PcMem {
    accesses: u64,
    latency: u64,
    lines: u64,
    l1: u64,
    l2: u64,
    mall: u64,
    hbm: u64,
    lds_cycles: u64,
    lds_conflicts: u64,
    deepest: Option<MemLevel>,
}

#[derive(Default)]
struct Sink {
    pcs: BTreeMap<u64, PcMem>,
    costed: bool,
}

impl TimingSink for Sink {
    fn mem_access(&mut self, _wave: u32, pc: u64, a: &MemAccess) {
        let e = self.pcs.entry(pc).or_default();
        e.accesses += 1;
        e.lines += a.lines as u64;
        e.l1 += a.l1_hits as u64;
        e.l2 += a.l2_hits as u64;
        e.mall += a.mall_hits as u64;
        e.hbm += a.hbm_lines as u64;
        e.lds_cycles += a.lds_cycles as u64;
        e.lds_conflicts += a.lds_conflict_cycles as u64;
        e.deepest = e.deepest.max(Some(a.level));
        self.costed = true;
    }
    fn mem_issue(&mut self, _wave: u32, pc: u64, start: u64, complete: u64) {
        // only the executions `mem_access` just described (scalar loads keep a fixed latency)
        if std::mem::take(&mut self.costed) {
            self.pcs.entry(pc).or_default().latency += complete - start;
        }
    }
}

struct Run {
    session: Session,
    counters: Counters,
    metrics: Metrics,
    cycles: u64,
    pcs: BTreeMap<u64, PcMem>,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/memory")
}

fn run(case: &str, jobs: usize) -> Run {
    let path = dir().join(format!("case_{case}.json"));
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let session = Session::load(&path, &opts).unwrap_or_else(|e| panic!("{case}: {e}"));
    let config = RunConfig::full(opts);
    let plan = Plan::new(&session.dispatch, &config);
    let r = plan.run_with(
        Sink::default,
        |i| i,
        |mut i| {
            let pcs = i.timing.as_mut().map(|t| std::mem::take(&mut t.sink.pcs));
            (i, pcs.unwrap_or_default())
        },
    );
    assert!(r.fault.is_none(), "{case}: fault {:?}", r.fault);
    let mut pcs: BTreeMap<u64, PcMem> = BTreeMap::new();
    for part in &r.extra {
        for (&pc, m) in part {
            let e = pcs.entry(pc).or_default();
            e.accesses += m.accesses;
            e.latency += m.latency;
            e.lines += m.lines;
            e.l1 += m.l1;
            e.l2 += m.l2;
            e.mall += m.mall;
            e.hbm += m.hbm;
            e.lds_cycles += m.lds_cycles;
            e.lds_conflicts += m.lds_conflicts;
            e.deepest = e.deepest.max(m.deepest);
        }
    }
    let t = r.timing.expect("the cycle model ran");
    for c in session.check() {
        assert!(c.passed(), "{case}: {}", wavescope::check::summary_line(&c));
    }
    Run {
        counters: t.counters.clone().expect("counters"),
        metrics: t.metrics.clone().expect("metrics"),
        cycles: t.cycles,
        session,
        pcs,
    }
}

/// The PC of the `n`-th (from 0) line of kernel.objdump.txt in `kernel`'s listing that contains `what`.
fn pc_of(kernel: &str, what: &str, n: usize) -> u64 {
    let text = std::fs::read_to_string(dir().join("kernel.objdump.txt")).unwrap();
    let body = text
        .split(&format!("<{kernel}>:"))
        .nth(1)
        .unwrap_or_else(|| panic!("no {kernel} in the listing"));
    let body = body.split("\n\n").next().unwrap();
    let line = body
        .lines()
        .filter(|l| l.contains(what))
        .nth(n)
        .unwrap_or_else(|| panic!("{kernel}: no {what} #{n}"));
    let hex = line
        .rsplit("// ")
        .next()
        .unwrap()
        .split(':')
        .next()
        .unwrap();
    u64::from_str_radix(hex.trim(), 16).unwrap()
}

/// A pointer chase settles at the latency of the level that holds its working set. One lane, so each load
/// touches one line; each load's address needs the previous load's value (s_waitcnt vmcnt(0) in between), so
/// the loads do not overlap and a load's latency is the level's latency plus the cycles the line takes through
/// the bandwidth schedules: +1 for the L1 to look one 128-byte line up (1 line/cycle), +1 for it to cross to
/// the L2 (16 channels x 128 B/cycle: under a cycle, rounded up), +1 for HBM to move it (3333 B/cycle).
/// - 16 KiB = 128 lines fit the 32 KiB L1: after a warm lap, every measured load hits the L1: l1 + 1;
/// - 2 MiB = 16384 lines: thrash the L1 (the walk visits each line once a lap, LRU evicts it before it comes
///   back), fit the 4 MiB L2: l2 + 1 + 1;
/// - 64 MiB: thrash the L2, fit the MALL (one active XCD gets all 256 MiB): mall + 1 + 1;
/// - 1 GiB: more than the MALL; the 4096 measured loads touch lines 7919 apart for the first time (a warm lap of
///   8 Mi lines would leave exactly these evicted too, at 100x the run time): hbm + 1 + 1 + 1.
///
/// Memory: the 1 GiB case maps a 1 GiB zero buffer (host memory 1 GiB while it runs).
#[test]
fn pointer_chase_settles_at_each_level_latency() {
    let p = MemParams::default();
    let measured = pc_of("chase", "global_load_dword", 1);
    for (case, level, lat) in [
        ("chase_16k", MemLevel::L1, p.l1_hit_latency + 1),
        ("chase_2m", MemLevel::L2, p.l2_hit_latency + 2),
        ("chase_64m", MemLevel::Mall, p.mall_hit_latency + 2),
        ("chase_1g", MemLevel::Hbm, p.hbm_latency + 3),
    ] {
        let r = run(case, 1);
        let m = r.pcs[&measured];
        let n = m.accesses;
        assert_eq!(n, m.lines, "{case}: one line per load");
        let at = match level {
            MemLevel::L1 => m.l1,
            MemLevel::L2 => m.l2,
            MemLevel::Mall => m.mall,
            _ => m.hbm,
        };
        assert_eq!(
            at, n,
            "{case}: every measured load found its line at {level:?}: {m:?}"
        );
        assert_eq!(m.deepest, Some(level), "{case}");
        assert_eq!(
            m.latency,
            n * lat,
            "{case}: {} cycles per load",
            m.latency as f64 / n as f64
        );
    }
}

/// A streaming copy of 128 MiB (256 MiB over HBM: every line read once and written once, none reused) moves at
/// the configured HBM bandwidth within 10%: hbm_bytes_per_cycle x 2.4 GHz = 8.0 TB/s.
#[test]
fn streaming_copy_reaches_hbm_bandwidth() {
    let p = MemParams::default();
    let r = run("copy", 2);
    let bytes: u64 = 256 << 20;
    let lines = bytes / p.line_bytes;
    assert_eq!(
        r.counters.TCC_EA0_RDREQ_sum + r.counters.TCC_EA0_WRREQ_sum,
        lines
    );
    assert_eq!(r.metrics.bytes_hbm, bytes);
    // dwordx4 by 64 lanes: 1 KiB = 8 lines per instruction, fully coalesced
    assert_eq!(r.counters.TCP_TOTAL_CACHE_ACCESSES_sum, lines);
    assert_eq!(r.metrics.coalescing, Some(100.0));
    let configured = p.hbm_bytes_per_cycle * 2.4;
    let achieved = r.metrics.bandwidth_hbm_gbs;
    let err = (achieved - configured).abs() / configured;
    assert!(
        err < 0.10,
        "achieved {achieved:.0} GB/s vs configured {configured:.0} GB/s over {} cycles",
        r.cycles
    );
    assert_eq!(r.metrics.roofline_bound, "HBM");
    // the copy is right: sample the output (every element is the input's fill 1.5)
    let out = r.session.dispatch.buffer_addrs[1].unwrap();
    for off in [0u64, 64 << 20, (128 << 20) - 4096] {
        let mut b = vec![0u8; 4096];
        r.session.dispatch.mem.read(out + off, &mut b).unwrap();
        assert!(b
            .chunks(4)
            .all(|c| f32::from_le_bytes(c.try_into().unwrap()) == 1.5));
    }
}

/// 32x32 transpose through LDS, block 32x32 = 16 waves of 64 lanes: lane = 32 (y - 2w) + x, rows y = 2w and
/// 2w + 1. One phase of 64 lanes for b32 accesses, 64 banks of 4 bytes: a phase takes as many cycles as its
/// busiest bank has distinct dwords (conflict cycles = that - 1).
/// Naive `tile[32][32]`:
/// - write `tile[y][x]`: dword 32y + x, the wave's 64 lanes = 64 consecutive dwords on 64 banks: 1 cycle, 0
///   conflicts;
/// - read `tile[x][y]`: dword 32x + y, bank (32x + y) mod 64 = y (x even) or y + 32 (x odd); row y + 1 on
///   banks y + 1 and y + 33: 4 banks with 16 distinct dwords each: 16 cycles, 15 conflict cycles.
///   -> 16 waves x 15 = 240 conflict cycles, 16 x (1 + 16) = 272 LDS cycles.
///
/// Padded `tile[32][33]`:
/// - write: dword 33y + x: row y on banks 33y .. 33y + 31, row y + 1 on 33y + 33 .. 33y + 64 (mod 64); only
///   33y + 64 = 33y (mod 64) is shared (lane x = 0 of row y and lane x = 31 of row y + 1, different dwords):
///   2 cycles, 1 conflict;
/// - read: dword 33x + y, bank 33x + y = x + y (x even) or x + 32 + y (x odd) mod 64: row y on offsets
///   {0, 2, .., 30} u {33, 35, .., 63} from y, row y + 1 on {1, 3, .., 31} u {34, 36, .., 64}: only offset 64 =
///   0 is shared: 2 cycles, 1 conflict.
///   -> 16 x (1 + 1) = 32 conflict cycles, 16 x (2 + 2) = 64 LDS cycles.
#[test]
fn lds_transpose_naive_vs_padded() {
    for (case, conflicts, active, read_conflicts) in [
        ("transpose_naive", 240, 272, 16 * 15),
        ("transpose_padded", 32, 64, 16),
    ] {
        let r = run(case, 1);
        assert_eq!(r.counters.SQ_INSTS_LDS, 32, "{case}");
        assert_eq!(r.counters.SQ_LDS_BANK_CONFLICT, conflicts, "{case}");
        assert_eq!(r.counters.SQ_LDS_IDX_ACTIVE, active, "{case}");
        let read = r.pcs[&pc_of(case, "ds_read_b32", 0)];
        assert_eq!(
            (read.accesses, read.lds_conflicts),
            (16, read_conflicts),
            "{case}"
        );
        let n = r.metrics.lds_bank_conflicts_per_access.unwrap();
        assert!((n - conflicts as f64 / 32.0).abs() < 1e-9, "{case}: {n}");
    }
}

/// Random dword loads touch as many lines as their indices' distinct 128-byte lines, counted here from the
/// input file (in_idx.bin); the index load and the store are coalesced: 2 lines each.
#[test]
fn random_gather_touches_the_counted_lines() {
    let idx: Vec<u32> = std::fs::read(dir().join("in_idx.bin"))
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(idx.len(), 64);
    let mut lines: Vec<u32> = idx.iter().map(|i| i * 4 / 128).collect();
    lines.sort();
    lines.dedup();
    let distinct = lines.len() as u64;
    assert!(distinct > 2 && distinct < 64, "{distinct}");
    let r = run("gather", 1);
    let gather = r.pcs[&pc_of("gather", "global_load_dword", 1)];
    assert_eq!(gather.lines, distinct);
    assert_eq!(r.pcs[&pc_of("gather", "global_load_dword", 0)].lines, 2);
    assert_eq!(r.counters.TCP_TOTAL_CACHE_ACCESSES_sum, 2 + distinct + 2);
    // 64 lanes x 4 bytes need 2 lines at the least: coalescing = 100 x (2 + 2 + 2) / lines touched
    let c = r.metrics.coalescing.unwrap();
    assert!((c - 600.0 / (4 + distinct) as f64).abs() < 1e-9, "{c}");
}
