//! Instrumentation a [`Machine`](super::Machine) drives from its own run loop: the live cycle model
//! ([`MachineTiming`], `crate::observers::timing`), the live hazard and missing-wait checker (`crate::observers::hazards`),
//! the live race checker (`crate::observers::races`) and one observer an adapter attaches (e.g. the debugger's
//! trace writer).
//!
//! All of it is off unless asked for (`Machine::enable_timing`, `Machine::enable_hazards`, `Machine::enable_races`,
//! `Machine::attach_observer`); when off the run loop pays one `Option` check per instruction.
//!
//! The run loop interleaves the waves of every resident work-group, while `crate::engine::run_work_group` runs one
//! work-group at a time; the cycle model gives each wave its own clock (timing module doc): one `TimingObserver`
//! per resident work-group (reused as work-groups retire). With fixed latencies (no memory system) a wave's
//! modelled cycles do not depend on the interleaving, so each wave gets the clock a batch run gives it. With the
//! memory system, one memory system per XCD is shared by all resident work-groups' observers
//! (`timing::SharedMemory`): cache hits and bandwidth queueing follow the order the machine ran the waves in,
//! deterministic for a given schedule, and equal to a batch run's where the two orders coincide (one resident
//! work-group at a time, each wave running until its barrier or end: docs/memory-model.md).

use crate::exec::observe::Observer;
use crate::exec::{Flow, Program, Wave};
use crate::isa::Inst;
use crate::observers::hazards::{HazardChecker, HazardEvent, HazardTable};
use crate::observers::memsys::counters::InstCounts;
use crate::observers::memsys::MemCounters;
use crate::observers::races::{RaceChecker, RaceOptions, RaceTable, RawFinding};
use crate::observers::timing::{
    CycleModel, MemAccess, OutstandingOp, ScalarAccess, SharedMemory, StallReason, TimingObserver,
    TimingSink, TimingTable,
};
use std::sync::Arc;

// ---- public read API (the TUI's timeline, the debugger's `monitor waitcnt`) --------------------------------

/// Why a wave stood still, as the timeline shows it (the cycle model's `StallReason` without counter bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StallKind {
    /// `s_waitcnt` waiting for memory operations.
    Waitcnt,
    /// A counter at its maximum held a memory instruction.
    CounterFull,
    /// `s_barrier` waiting for the rest of the work-group.
    Barrier,
    /// An MFMA waiting for the previous one to leave the matrix core.
    MfmaBusy,
}

impl StallKind {
    pub fn as_str(self) -> &'static str {
        match self {
            StallKind::Waitcnt => "s_waitcnt",
            StallKind::CounterFull => "counter full",
            StallKind::Barrier => "barrier",
            StallKind::MfmaBusy => "MFMA busy",
        }
    }
}

/// What a wave did during a span of its modelled time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Activity {
    /// Not running: before its first or after its last modelled cycle.
    Idle,
    /// Issuing instructions.
    Issue,
    Stall(StallKind),
}

/// Cycles of one wave, as the cycle model counted them so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WaveCycles {
    pub wave: u32,
    /// The wave's modelled clock: cycles since its work-group launched (the model's per-work-group time).
    pub clock: u64,
    /// Cycles spent issuing instructions.
    pub issue: u64,
    /// Stall cycles by reason.
    pub waitcnt: u64,
    pub counter_full: u64,
    pub barrier: u64,
    pub mfma_busy: u64,
}

impl WaveCycles {
    /// All stall cycles.
    pub fn stall(&self) -> u64 {
        self.waitcnt + self.counter_full + self.barrier + self.mfma_busy
    }
    fn from_sums(wave: u32, clock: u64, c: &[u64; CATS]) -> WaveCycles {
        WaveCycles {
            wave,
            clock,
            issue: c[CAT_ISSUE],
            waitcnt: c[CAT_WAITCNT],
            counter_full: c[CAT_FULL],
            barrier: c[CAT_BARRIER],
            mfma_busy: c[CAT_MFMA],
        }
    }
}

/// Issue and stall cycles of one instruction, summed over every wave that executed it (a stall counts at the
/// instruction that stood still: the `s_waitcnt`, the `s_barrier`, the memory instruction held by a full counter,
/// the MFMA held by the previous one).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PcCycles {
    pub issue: u64,
    pub stall: u64,
    /// Times it issued.
    pub count: u64,
}

/// One cell of a wave's timeline strip: the cycles of `[start, end)` by activity. When a cell is finer than the
/// kept history (see [`MachineTiming::wave_strip`]) the cycles are the history's, spread evenly.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StripCell {
    pub start: u64,
    pub end: u64,
    pub issue: f64,
    pub waitcnt: f64,
    pub counter_full: f64,
    pub barrier: f64,
    pub mfma_busy: f64,
}

impl StripCell {
    /// Cycles of the cell the wave was not running (before its start or past its clock).
    pub fn idle(&self) -> f64 {
        ((self.end - self.start) as f64
            - self.issue
            - self.waitcnt
            - self.counter_full
            - self.barrier
            - self.mfma_busy)
            .max(0.0)
    }
    /// What took most of the cell.
    pub fn kind(&self) -> Activity {
        let mut best = (self.idle(), Activity::Idle);
        for (c, a) in [
            (self.issue, Activity::Issue),
            (self.waitcnt, Activity::Stall(StallKind::Waitcnt)),
            (self.counter_full, Activity::Stall(StallKind::CounterFull)),
            (self.barrier, Activity::Stall(StallKind::Barrier)),
            (self.mfma_busy, Activity::Stall(StallKind::MfmaBusy)),
        ] {
            if c > best.0 {
                best = (c, a);
            }
        }
        best.1
    }
}

/// Buckets a wave's strip keeps; a bucket doubles its width when the wave's clock passes the last one, so the
/// history of a wave costs `STRIP_BUCKETS` x 5 x 4 bytes however long it runs.
pub const STRIP_BUCKETS: usize = 256;
/// Width of a bucket at the start, in cycles.
const STRIP_SHIFT0: u32 = 4;

const CAT_ISSUE: usize = 0;
const CAT_WAITCNT: usize = 1;
const CAT_FULL: usize = 2;
const CAT_BARRIER: usize = 3;
const CAT_MFMA: usize = 4;
const CATS: usize = 5;

fn category(r: StallReason) -> usize {
    match r {
        StallReason::Waitcnt { .. } => CAT_WAITCNT,
        StallReason::CounterFull { .. } => CAT_FULL,
        StallReason::Barrier => CAT_BARRIER,
        StallReason::MfmaBusy => CAT_MFMA,
    }
}

/// A wave's activity over its modelled time, in buckets of `1 << shift` cycles.
struct Strip {
    shift: u32,
    cells: Box<[[u32; CATS]; STRIP_BUCKETS]>,
}

impl Strip {
    fn new() -> Strip {
        Strip {
            shift: STRIP_SHIFT0,
            cells: Box::new([[0; CATS]; STRIP_BUCKETS]),
        }
    }
    fn reset(&mut self) {
        self.shift = STRIP_SHIFT0;
        self.cells.iter_mut().for_each(|c| *c = [0; CATS]);
    }
    #[inline]
    fn add(&mut self, start: u64, dur: u64, cat: usize) {
        let end = start.saturating_add(dur);
        if end <= (STRIP_BUCKETS as u64) << self.shift && dur > 0 {
            let b = (start >> self.shift) as usize;
            if b == ((end - 1) >> self.shift) as usize {
                // the usual case: the span lies in one bucket
                let c = &mut self.cells[b][cat];
                *c = c.saturating_add(dur as u32);
                return;
            }
        }
        self.add_slow(start, end, cat);
    }

    #[cold]
    fn add_slow(&mut self, start: u64, end: u64, cat: usize) {
        while end > (STRIP_BUCKETS as u64) << self.shift && self.shift < 56 {
            for i in 0..STRIP_BUCKETS / 2 {
                let (a, b) = (self.cells[2 * i], self.cells[2 * i + 1]);
                for k in 0..CATS {
                    self.cells[i][k] = a[k].saturating_add(b[k]);
                }
            }
            for c in &mut self.cells[STRIP_BUCKETS / 2..] {
                *c = [0; CATS];
            }
            self.shift += 1;
        }
        let mut t = start;
        while t < end {
            let b = (t >> self.shift) as usize;
            if b >= STRIP_BUCKETS {
                break;
            }
            let bend = ((b as u64) + 1) << self.shift;
            let n = end.min(bend) - t;
            let c = &mut self.cells[b][cat];
            *c = c.saturating_add(n.min(u32::MAX as u64) as u32);
            t += n;
        }
    }
}

/// A resident wave's model-side state.
struct WaveLine {
    wave: u32,
    /// Cycles by category (CAT_*).
    sums: [u64; CATS],
    strip: Strip,
    live: bool,
}

/// A `TimingObserver` with the work-group it models now.
struct Slot {
    obs: TimingObserver<SpanSink>,
    /// Work-group flat index while resident.
    group: Option<u32>,
    waves: Vec<WaveLine>,
}

impl Slot {
    /// The resident work-group's modelled end so far on the device: its start on its XCD (as the memory
    /// system placed it, 0 until it made a vector or LDS access) + its longest wave clock.
    fn device_end(&self) -> u64 {
        let clock = (0..self.waves.len())
            .filter(|&k| self.waves[k].live)
            .filter_map(|k| self.obs.wave_clock(k))
            .max()
            .unwrap_or(0);
        self.obs.sink.group_start.unwrap_or(0) + clock
    }
}

/// One span of a wave's modelled time as the live cycle model reports it: the issue of an instruction, or a stall
/// before it (or at `s_barrier`). Cycles are the wave's clock ([`MachineTiming::wave_clock`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimedSpan {
    pub wave: u32,
    /// The instruction that issued or stood still (the `s_waitcnt`, the `s_barrier`, ...).
    pub pc: u64,
    pub start: u64,
    pub cycles: u64,
    /// None: issuing; Some: why the wave stood still.
    pub stall: Option<StallReason>,
}

impl TimedSpan {
    fn category(&self) -> usize {
        self.stall.map_or(CAT_ISSUE, category)
    }
}

/// An attached observer that also wants the live cycle model's time (e.g. a trace drawn in modelled cycles):
/// [`timed`](Self::timed) gets the spans of each executed instruction right before `Observer::after` reports it,
/// and the barrier stalls of a release right before `Observer::barrier_release`. Needs `Machine::enable_timing`.
pub trait TimedObserver: Observer + Send {
    fn timed(&mut self, spans: &[TimedSpan]);
}

/// What `Machine::attach_observer` / `attach_timed_observer` attached.
pub(super) enum Attached {
    Plain(Box<dyn Observer + Send>),
    Timed(Box<dyn TimedObserver>),
}

impl Attached {
    pub fn into_plain(self) -> Box<dyn Observer + Send> {
        match self {
            Attached::Plain(o) => o,
            Attached::Timed(o) => o,
        }
    }

    pub fn obs(&mut self) -> &mut dyn Observer {
        match self {
            Attached::Plain(o) => o.as_mut(),
            Attached::Timed(o) => o.as_mut(),
        }
    }

    pub fn obs_ref(&self) -> &dyn Observer {
        match self {
            Attached::Plain(o) => o.as_ref(),
            Attached::Timed(o) => o.as_ref(),
        }
    }
}

/// What the memory system made of one instruction's executions, summed over every wave that executed it
/// ([`MachineTiming::pc_memory`]): the figures a batch run's `TimingSink::mem_access` / `scalar_access` report.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PcMemory {
    /// Executions the memory system costed (vector, LDS or scalar).
    pub accesses: u64,
    /// Σ modelled latency (issue to completion) of those executions.
    pub latency: u64,
    /// Vector memory: lines touched and the level each was found at.
    pub lines: u64,
    pub l1_hits: u64,
    pub l2_hits: u64,
    pub mall_hits: u64,
    pub hbm_lines: u64,
    /// LDS: phase cycles and bank-conflict cycles.
    pub lds_cycles: u64,
    pub lds_conflict_cycles: u64,
    /// Scalar loads: scalar-cache lines, hits, and duplicate misses (lines still on their way).
    pub scalar_lines: u64,
    pub scalar_hits: u64,
    pub scalar_duplicates: u64,
    /// Bytes the instruction asked for.
    pub bytes: u64,
}

/// Collects the model's events of one instruction (or one barrier release); drained right after.
#[derive(Default)]
struct SpanSink {
    spans: Vec<TimedSpan>,
    /// The memory system's figures of the instruction (None without a memory system or for fixed latencies).
    mem: Option<PcMemory>,
    /// The device cycle of the last vector or LDS access (`MemAccess::device_cycle`: the work-group's start on
    /// its XCD + the wave's clock), and so the work-group's start (set at its `mem_issue`).
    device_cycle: Option<u64>,
    group_start: Option<u64>,
}

impl TimingSink for SpanSink {
    fn mem_access(&mut self, _wave: u32, _pc: u64, a: &MemAccess) {
        self.device_cycle = Some(a.device_cycle);
        self.mem = Some(PcMemory {
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
        });
    }
    fn scalar_access(&mut self, _wave: u32, _pc: u64, a: &ScalarAccess) {
        self.mem = Some(PcMemory {
            accesses: 1,
            scalar_lines: a.lines as u64,
            scalar_hits: a.hits as u64,
            scalar_duplicates: a.duplicates as u64,
            bytes: a.bytes as u64,
            ..PcMemory::default()
        });
    }
    fn mem_issue(&mut self, _wave: u32, _pc: u64, start: u64, complete: u64) {
        if let Some(m) = &mut self.mem {
            m.latency = complete - start;
        }
        // `mem_access` (vector or LDS) came right before: device cycle = the work-group's start + `start`
        if let Some(d) = self.device_cycle.take() {
            self.group_start.get_or_insert(d.saturating_sub(start));
        }
    }
    #[inline(always)]
    fn issue(&mut self, wave: u32, pc: u64, start: u64, dur: u64) {
        self.spans.push(TimedSpan {
            wave,
            pc,
            start,
            cycles: dur,
            stall: None,
        });
    }
    fn stall(
        &mut self,
        wave: u32,
        pc: u64,
        start: u64,
        dur: u64,
        reason: StallReason,
        _waited_for: &[u64],
    ) {
        self.spans.push(TimedSpan {
            wave,
            pc,
            start,
            cycles: dur,
            stall: Some(reason),
        });
    }
}

/// The live cycle model of a [`Machine`](super::Machine) (`Machine::timing`). Cycles are the model's
/// (`crate::observers::timing`, `cdna4.toml`): each wave has its own clock counting from its work-group's launch, so
/// clocks of different work-groups are not on one time line (the model places work-groups on CUs only after a
/// whole run). Memory stays bounded on long runs: a strip of [`STRIP_BUCKETS`] buckets per resident wave, one
/// [`WaveCycles`] per wave whose work-group retired, one [`PcCycles`] per instruction.
///
/// Stable API for front ends (the TUI's timeline): [`wave_cycles`](Self::wave_cycles),
/// [`wave_clock`](Self::wave_clock), [`wave_strip`](Self::wave_strip), [`pc_cycles`](Self::pc_cycles),
/// [`pc_table`](Self::pc_table), [`totals`](Self::totals), [`retired_waves`](Self::retired_waves),
/// [`outstanding`](Self::outstanding), [`counters`](Self::counters); the memory system's so far (the TUI's memory
/// gutter and `m` view): [`pc_memory_table`](Self::pc_memory_table), [`mem_counters`](Self::mem_counters),
/// [`inst_counts`](Self::inst_counts), [`device_cycles`](Self::device_cycles).
pub struct MachineTiming {
    table: Arc<TimingTable>,
    waves_per_group: u32,
    slots: Vec<Slot>,
    free: Vec<usize>,
    pcs: Vec<u64>,
    per_pc: Vec<PcCycles>,
    totals: [u64; CATS],
    retired: Vec<WaveCycles>,
    /// The spans of the last instruction or barrier release the model saw.
    last: Vec<TimedSpan>,
    /// The memory system of the dispatch (every XCD), lent to the observer of the work-group being modelled
    /// around each call (`TimingObserver::swap_memory`); None without a memory system.
    shared: Option<SharedMemory>,
    /// Per instruction: what the memory system made of it (empty without a memory system).
    per_pc_mem: Vec<PcMemory>,
    /// The last (work-group flat index, slot) `before` looked up: waves run quanta of instructions.
    before_slot: Option<(u32, usize)>,
    /// The latest modelled end on the device of a retired work-group ([`MachineTiming::device_cycles`]).
    device_end: u64,
}

/// Waves whose [`WaveCycles`] are kept after their work-group retired (the rest count in `totals` only).
const MAX_RETIRED: usize = 1 << 20;

impl MachineTiming {
    /// The table is built as the run pipeline builds it (`TimingTable::for_dispatch`: the dispatch's apertures
    /// and shape). With the model's memory system (the default) the machine keeps one memory system for the
    /// whole dispatch (one per XCD: work-group `i` on XCD `i % xcds`) behind the observers of all resident
    /// work-groups, each access stamped with its work-group's start plus its wave's clock: the figures are
    /// those of the order the machine ran the waves in (docs/memory-model.md, "Interactive machine"). With
    /// `memory_system: None` the fixed `[memory]` latencies keep every clock independent of the schedule.
    pub(super) fn new(d: &crate::launch::Dispatch, model: CycleModel, wpg: u32) -> Self {
        let program = &d.program;
        let with_mem = model.memory_system.is_some();
        MachineTiming {
            table: Arc::new(TimingTable::for_dispatch(d, model)),
            waves_per_group: wpg.max(1),
            slots: Vec::new(),
            free: Vec::new(),
            pcs: program.pcs.clone(),
            per_pc: vec![PcCycles::default(); program.insts.len()],
            totals: [0; CATS],
            retired: Vec::new(),
            last: Vec::new(),
            shared: with_mem.then(SharedMemory::default),
            per_pc_mem: if with_mem {
                vec![PcMemory::default(); program.insts.len()]
            } else {
                Vec::new()
            },
            before_slot: None,
            device_end: 0,
        }
    }

    /// Per instruction (index as in `Program::insts`): what the memory system made of its executions so far;
    /// empty without a memory system.
    pub fn pc_memory_table(&self) -> &[PcMemory] {
        &self.per_pc_mem
    }

    /// What the memory system made of the instruction at `pc` so far (None without a memory system or where
    /// no instruction starts).
    pub fn pc_memory(&self, pc: u64) -> Option<PcMemory> {
        let i = self.pcs.binary_search(&pc).ok()?;
        self.per_pc_mem.get(i).copied()
    }

    /// Totals of the memory system so far, in the run report's units (`counters` of a whole run); None
    /// without a memory system.
    pub fn mem_counters(&self) -> Option<MemCounters> {
        self.shared.as_ref().map(SharedMemory::counters)
    }

    /// Executed wave-instructions by class so far, summed over every work-group (the classes the run report's
    /// `counters` count: `memsys::counters::Counters::new` takes these and [`mem_counters`](Self::mem_counters)).
    pub fn inst_counts(&self) -> InstCounts {
        let mut c = InstCounts::default();
        for s in &self.slots {
            // a slot's observer counts every work-group it modelled
            c.add(&s.obs.inst_counts());
        }
        c
    }

    /// The modelled device time so far: the latest end of a work-group that ran (retired or resident), each
    /// at its start on its XCD as the memory system placed it (0 without a memory system, or until it made a
    /// vector or LDS access) + its longest wave clock. The time the run report's bandwidths would be over if
    /// the dispatch stopped here; unlike its `cycles` (which `TimingObserver::merge` places after the run,
    /// a work-group lasting as long as its busiest SIMD where that is longer than its longest wave).
    pub fn device_cycles(&self) -> u64 {
        self.slots
            .iter()
            .filter(|s| s.group.is_some())
            .map(Slot::device_end)
            .fold(self.device_end, u64::max)
    }

    /// The parameters the model runs with.
    pub fn model(&self) -> &CycleModel {
        self.table.model()
    }

    fn slot_of(&self, wave: u32) -> Option<(&Slot, usize)> {
        let flat = wave / self.waves_per_group;
        let w = (wave % self.waves_per_group) as usize;
        let s = self.slots.iter().find(|s| s.group == Some(flat))?;
        s.waves.get(w).filter(|l| l.live)?;
        Some((s, w))
    }

    /// A resident wave's modelled clock (cycles since its work-group launched); None when it is not resident
    /// or the model has not seen it start.
    pub fn wave_clock(&self, wave: u32) -> Option<u64> {
        let (s, w) = self.slot_of(wave)?;
        s.obs.wave_clock(w)
    }

    /// A resident wave's cycles so far.
    pub fn wave_cycles(&self, wave: u32) -> Option<WaveCycles> {
        let (s, w) = self.slot_of(wave)?;
        let l = &s.waves[w];
        Some(WaveCycles::from_sums(
            l.wave,
            s.obs.wave_clock(w).unwrap_or(0),
            &l.sums,
        ))
    }

    /// Waves whose work-groups retired, in retirement order (at most 2^20 are kept).
    pub fn retired_waves(&self) -> &[WaveCycles] {
        &self.retired
    }

    /// Cycles of every wave so far (`wave` and `clock` are 0; `clock` of a sum means nothing).
    pub fn totals(&self) -> WaveCycles {
        WaveCycles::from_sums(0, 0, &self.totals)
    }

    /// (issue, stall) cycles at `pc` summed over waves; (0, 0) where no instruction starts.
    pub fn pc_cycles(&self, pc: u64) -> (u64, u64) {
        match self.pcs.binary_search(&pc) {
            Ok(i) => (self.per_pc[i].issue, self.per_pc[i].stall),
            Err(_) => (0, 0),
        }
    }

    /// Per instruction (index as in `Program::insts`, PC `Program::pcs[i]`): its cycles so far.
    pub fn pc_table(&self) -> &[PcCycles] {
        &self.per_pc
    }

    /// The activity of a resident wave over `[from, to)` of its clock in `buckets` equal cells (empty when the
    /// wave is not resident, `buckets` is 0 or `to <= from`). Cells past the wave's clock are idle.
    pub fn wave_strip(&self, wave: u32, from: u64, to: u64, buckets: usize) -> Vec<StripCell> {
        let Some((s, w)) = self.slot_of(wave) else {
            return Vec::new();
        };
        if buckets == 0 || to <= from {
            return Vec::new();
        }
        let strip = &s.waves[w].strip;
        let span = (to - from) as f64;
        let mut out: Vec<StripCell> = (0..buckets)
            .map(|j| StripCell {
                start: from + (span * j as f64 / buckets as f64) as u64,
                end: from + (span * (j + 1) as f64 / buckets as f64) as u64,
                ..StripCell::default()
            })
            .collect();
        if let Some(last) = out.last_mut() {
            last.end = to;
        }
        let width = 1u64 << strip.shift;
        let first = (from >> strip.shift) as usize;
        let last = (((to - 1) >> strip.shift) as usize).min(STRIP_BUCKETS - 1);
        let mut j = 0usize;
        for b in first..=last.max(first).min(STRIP_BUCKETS - 1) {
            let counts = strip.cells[b];
            if counts.iter().all(|&c| c == 0) {
                continue;
            }
            let (b0, b1) = ((b as u64) << strip.shift, ((b as u64) + 1) << strip.shift);
            // output cells overlapping [b0, b1): spread the bucket's counts over them by overlap
            while j < out.len() && out[j].end <= b0 {
                j += 1;
            }
            let mut k = j;
            while k < out.len() && out[k].start < b1 {
                let lo = out[k].start.max(b0);
                let hi = out[k].end.min(b1);
                if hi > lo {
                    let f = (hi - lo) as f64 / width as f64;
                    let c = &mut out[k];
                    c.issue += counts[CAT_ISSUE] as f64 * f;
                    c.waitcnt += counts[CAT_WAITCNT] as f64 * f;
                    c.counter_full += counts[CAT_FULL] as f64 * f;
                    c.barrier += counts[CAT_BARRIER] as f64 * f;
                    c.mfma_busy += counts[CAT_MFMA] as f64 * f;
                }
                k += 1;
            }
        }
        out
    }

    /// Memory operations of a resident wave not complete at its clock, in issue order (pc, modelled issue and
    /// completion cycles, what each adds to vmcnt/lgkmcnt).
    pub fn outstanding(&self, wave: u32) -> Vec<OutstandingOp> {
        let mut v = Vec::new();
        if let Some((s, w)) = self.slot_of(wave) {
            s.obs.outstanding(w, &mut v);
        }
        v
    }

    /// (vmcnt, lgkmcnt) of a resident wave as the model has them at its clock. expcnt is not modelled: compute
    /// kernels export nothing (waitcnt.md: exports and GDS only).
    pub fn counters(&self, wave: u32) -> Option<(u32, u32)> {
        self.slot_of(wave)?;
        let ops = self.outstanding(wave);
        Some(ops.iter().fold((0, 0), |(v, l), o| {
            (v + o.vmcnt as u32, l + o.lgkmcnt as u32)
        }))
    }

    // ---- driven by the machine --------------------------------------------------------------------------

    /// A work-group became resident: give it a slot and start its waves.
    pub(super) fn group_start(&mut self, flat: u32, waves: &[Wave]) -> usize {
        let i = match self.free.pop() {
            Some(i) => i,
            None => {
                self.slots.push(Slot {
                    obs: TimingObserver::with_sink(self.table.clone(), SpanSink::default()),
                    group: None,
                    waves: Vec::new(),
                });
                self.slots.len() - 1
            }
        };
        let s = &mut self.slots[i];
        s.group = Some(flat);
        s.obs.sink.group_start = None;
        for w in waves {
            let k = w.id.wave_in_group as usize;
            while s.waves.len() <= k {
                s.waves.push(WaveLine {
                    wave: 0,
                    sums: [0; CATS],
                    strip: Strip::new(),
                    live: false,
                });
            }
            let l = &mut s.waves[k];
            l.wave = w.id.wave;
            l.sums = [0; CATS];
            l.strip.reset();
            l.live = true;
        }
        // the work-group takes a CU slot of its XCD as it opens (first wave_start)
        let shared = &mut self.shared;
        with_memory(&mut s.obs, shared, |o| {
            for w in waves {
                o.wave_start(w);
            }
        });
        i
    }

    /// A work-group retired: keep its waves' totals, free its slot.
    pub(super) fn group_end(&mut self, slot: usize) {
        let Some(s) = self.slots.get_mut(slot) else {
            return;
        };
        s.group = None;
        if self.before_slot.is_some_and(|b| b.1 == slot) {
            self.before_slot = None;
        }
        self.device_end = self.device_end.max(s.device_end());
        for (k, l) in s.waves.iter_mut().enumerate() {
            if l.live {
                l.live = false;
                let clock = s.obs.wave_clock(k).unwrap_or(0);
                if self.retired.len() < MAX_RETIRED {
                    self.retired
                        .push(WaveCycles::from_sums(l.wave, clock, &l.sums));
                }
            }
        }
        // its CU slot is free from its modelled end on (after the clocks are read: this closes the work-group)
        with_memory(&mut s.obs, &mut self.shared, |o| o.end_work_group());
        self.free.push(slot);
    }

    #[inline]
    pub(super) fn after(
        &mut self,
        slot: usize,
        wave: &Wave,
        idx: usize,
        inst: &Inst,
        pc: u64,
        flow: Flow,
    ) {
        let Some(s) = self.slots.get_mut(slot) else {
            return;
        };
        if self.shared.is_some() {
            with_memory(&mut s.obs, &mut self.shared, |o| {
                o.after(wave, idx, inst, pc, flow)
            });
            if let Some(m) = s.obs.sink.mem.take() {
                if let Some(p) = self.per_pc_mem.get_mut(idx) {
                    p.accesses += m.accesses;
                    p.latency += m.latency;
                    p.lines += m.lines;
                    p.l1_hits += m.l1_hits;
                    p.l2_hits += m.l2_hits;
                    p.mall_hits += m.mall_hits;
                    p.hbm_lines += m.hbm_lines;
                    p.lds_cycles += m.lds_cycles;
                    p.lds_conflict_cycles += m.lds_conflict_cycles;
                    p.scalar_lines += m.scalar_lines;
                    p.scalar_hits += m.scalar_hits;
                    p.scalar_duplicates += m.scalar_duplicates;
                    p.bytes += m.bytes;
                }
            }
        } else {
            s.obs.after(wave, idx, inst, pc, flow);
        }
        let k = wave.id.wave_in_group as usize;
        self.last.clear();
        for sp in s.obs.sink.spans.drain(..) {
            let cat = sp.category();
            if let Some(l) = s.waves.get_mut(k) {
                l.sums[cat] += sp.cycles;
                l.strip.add(sp.start, sp.cycles, cat);
            }
            self.totals[cat] += sp.cycles;
            let p = &mut self.per_pc[idx];
            if cat == CAT_ISSUE {
                p.issue += sp.cycles;
                p.count += 1;
            } else {
                p.stall += sp.cycles;
            }
            self.last.push(sp);
        }
    }

    /// Before `inst` executes on `wave`: the memory system reads its lane addresses (only with a memory
    /// system, and only for memory instructions the observer looks at).
    #[inline]
    pub(super) fn before(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        if self.shared.is_none() {
            return;
        }
        let flat = wave.id.work_group_flat;
        let slot = match self.before_slot {
            Some((g, s)) if g == flat => s,
            _ => {
                let Some(s) = self.slots.iter().position(|s| s.group == Some(flat)) else {
                    return;
                };
                self.before_slot = Some((flat, s));
                s
            }
        };
        // `before` reads registers only: the shared memory system is not needed
        self.slots[slot].obs.before(wave, idx, inst);
    }

    pub(super) fn barrier_release(&mut self, slot: usize, flat: u32) {
        let Some(s) = self.slots.get_mut(slot) else {
            return;
        };
        s.obs.barrier_release(flat);
        self.last.clear();
        for sp in s.obs.sink.spans.drain(..) {
            let cat = sp.category();
            let k = (sp.wave % self.waves_per_group) as usize;
            if let Some(l) = s.waves.get_mut(k) {
                l.sums[cat] += sp.cycles;
                l.strip.add(sp.start, sp.cycles, cat);
            }
            self.totals[cat] += sp.cycles;
            if let Ok(i) = self.pcs.binary_search(&sp.pc) {
                self.per_pc[i].stall += sp.cycles;
            }
            self.last.push(sp);
        }
    }
}

/// Run `f` on `obs` with the machine's shared memory system lent to it (when there is one).
#[inline]
fn with_memory<R>(
    obs: &mut TimingObserver<SpanSink>,
    shared: &mut Option<SharedMemory>,
    f: impl FnOnce(&mut TimingObserver<SpanSink>) -> R,
) -> R {
    match shared {
        Some(m) => {
            obs.swap_memory(m);
            let r = f(obs);
            obs.swap_memory(m);
            r
        }
        None => f(obs),
    }
}

// ---- hazards ----------------------------------------------------------------------------------------------

/// A finding that stopped a wave (`Machine::finding_stop`): the first time any wave hit it.
pub type FindingStop = HazardEvent;

pub(super) struct LiveHazards {
    pub checker: HazardChecker<'static>,
    pub stop: bool,
    /// Findings (label, producer, consumer) that stopped a wave already: each stops once per dispatch.
    pub stopped: Vec<(&'static str, u64, u64)>,
}

impl LiveHazards {
    pub fn new(program: &Program, apertures: crate::exec::Apertures, stop: bool) -> Self {
        // The checker borrows its table for its whole life and the machine owns both: the table (per-program
        // effects, small) is leaked once per machine that turns the checker on.
        let table: &'static HazardTable =
            Box::leak(Box::new(HazardTable::with_apertures(program, apertures)));
        LiveHazards {
            checker: HazardChecker::per_instruction(table),
            stop,
            stopped: Vec::new(),
        }
    }
}

// ---- races ------------------------------------------------------------------------------------------------

/// The race checker of a whole run (`crate::observers::races`), live: one checker for every resident
/// work-group (it keeps per-group barrier epochs and LDS shadows, so interleaved work-groups are what it sees
/// in a batch run too when a host thread runs several). It is the batch run's checker, fed from the resident
/// policy's hooks; the dispatch's memory is lent to it per instruction (`RaceChecker::before_in`).
pub(super) struct LiveRaces {
    pub checker: RaceChecker<'static>,
    pub opts: RaceOptions,
    pub stop: bool,
}

impl LiveRaces {
    pub fn new(d: &crate::launch::Dispatch, opts: RaceOptions, stop: bool) -> Self {
        // As for the hazard table: leaked once per machine that turns the checker on (per-program facts and
        // the buffer list, small).
        let table: &'static RaceTable = Box::leak(Box::new(RaceTable::new(d)));
        LiveRaces {
            checker: RaceChecker::detached(table, opts),
            opts,
            stop,
        }
    }
}

// ---- configuration ----------------------------------------------------------------------------------------

impl super::Machine {
    /// Turn on the instruments `config` asks for, as a whole run (`crate::pipeline`) would run them: the cycle
    /// model (`Machine::enable_timing`, see `MachineTiming::new` for its memory system), the hazard checker
    /// (`Machine::enable_hazards` with `config.stop_on_findings`)
    /// and the race checker (`Machine::enable_races` with `config.race_options()` and `config.stop_on_findings`).
    /// Call it before the first `run`.
    pub fn configure(&mut self, config: &crate::pipeline::RunConfig) {
        if let Some(m) = &config.cycle_model {
            self.enable_timing(m.clone());
        }
        if config.hazards {
            self.enable_hazards(config.stop_on_findings);
        }
        if let Some(r) = config.race_options() {
            // the default's global check only for a small dispatch, as a whole run (`crate::pipeline::Plan`)
            let r = r.for_dispatch(&self.session.dispatch);
            self.enable_races(r, config.stop_on_findings);
        }
    }
}

// ---- all of it --------------------------------------------------------------------------------------------

/// What the run loop drives when any instrumentation is on.
#[derive(Default)]
pub(super) struct Instruments {
    pub timing: Option<MachineTiming>,
    pub hazards: Option<LiveHazards>,
    pub races: Option<LiveRaces>,
    pub observer: Option<Attached>,
    /// The new findings a wave stopped at; cleared at the next resume.
    pub finding_stop: Vec<FindingStop>,
    /// The new race findings a wave stopped at (as counted at the stop); cleared at the next resume.
    pub race_stop: Vec<RawFinding>,
    /// Waves that stopped before an instruction whose `before` some checkers already ran: (wave, PC, checkers
    /// done: `SEEN_HAZARDS` or `SEEN_ALL`). A wave stopped at a finding, or at a fault it may retry, must not
    /// be counted twice when it goes on (unless the user moved its PC meanwhile).
    pub pending: Vec<(u32, u64, u8)>,
}

/// The hazard checker saw the instruction.
const SEEN_HAZARDS: u8 = 1;
/// Every checker saw it.
pub(super) const SEEN_ALL: u8 = 2;

impl Instruments {
    /// Should GLOBAL/FLAT handlers record their lane addresses (`Wave::lane_addrs`)? When the live model has
    /// a memory system (its observers make their lines from them) or the attached observer asks.
    pub fn wants_lane_addrs(&self) -> bool {
        self.timing.as_ref().is_some_and(|t| t.shared.is_some())
            || self
                .observer
                .as_ref()
                .is_some_and(|o| o.obs_ref().wants_lane_addrs())
    }

    /// A work-group became resident (its waves are about to start): returns its timing slot.
    pub fn group_start(&mut self, flat: u32, waves: &[Wave]) -> usize {
        let slot = match &mut self.timing {
            Some(t) => t.group_start(flat, waves),
            None => usize::MAX,
        };
        for w in waves {
            if let Some(h) = &mut self.hazards {
                h.checker.wave_start(w);
            }
            if let Some(r) = &mut self.races {
                r.checker.wave_start(w);
            }
            if let Some(o) = &mut self.observer {
                o.obs().wave_start(w);
            }
        }
        slot
    }

    /// Before `inst` executes on `wave`: the checkers, then (unless a new finding stops the wave) the observer.
    /// `mem`: the dispatch's memory (the race checker locates VMEM lanes in it).
    #[inline]
    pub fn before(
        &mut self,
        mem: &crate::exec::GlobalMemory,
        wave: &Wave,
        idx: usize,
        inst: &Inst,
    ) -> Option<super::Stop> {
        let seen = match self.pending.iter().position(|p| p.0 == wave.id.wave) {
            // stopped here at a finding (or a fault): those checkers saw this instruction already, unless the
            // user moved the PC meanwhile
            Some(k) => {
                let p = self.pending.swap_remove(k);
                if p.1 == wave.pc {
                    p.2
                } else {
                    0
                }
            }
            None => 0,
        };
        if seen < SEEN_HAZARDS {
            if let Some(h) = &mut self.hazards {
                let n = h.checker.events().len();
                h.checker.before(wave, idx, inst);
                if h.stop && h.checker.events().len() > n {
                    let mut new = Vec::new();
                    for e in &h.checker.events()[n..] {
                        let k = (e.label, e.producer_pc, e.consumer_pc);
                        if !h.stopped.contains(&k) {
                            h.stopped.push(k);
                            new.push(e.clone());
                        }
                    }
                    if !new.is_empty() {
                        self.finding_stop = new;
                        self.race_stop.clear();
                        return self.stop_before(wave, SEEN_HAZARDS);
                    }
                }
            }
        }
        if seen < SEEN_ALL {
            if let Some(r) = &mut self.races {
                let n = r.checker.events().len();
                r.checker.before_in(Some(mem), wave, idx, inst);
                if r.stop && r.checker.events().len() > n {
                    // each event is the first occurrence of a finding (kind, access, first PC, second PC): each
                    // stops once per dispatch; the wave stops before its second access executes
                    let c = &r.checker;
                    self.race_stop = c.events()[n..]
                        .iter()
                        .filter_map(|e| c.finding(e).cloned())
                        .collect();
                    self.finding_stop.clear();
                    return self.stop_before(wave, SEEN_ALL);
                }
            }
        }
        if let Some(t) = &mut self.timing {
            t.before(wave, idx, inst);
        }
        if let Some(o) = &mut self.observer {
            o.obs().before(wave, idx, inst);
        }
        None
    }

    #[cold]
    fn stop_before(&mut self, wave: &Wave, seen: u8) -> Option<super::Stop> {
        self.pending.push((wave.id.wave, wave.pc, seen));
        Some(super::Stop::Breakpoint {
            wave: wave.id.wave,
            pc: wave.pc,
        })
    }

    #[inline]
    pub fn after(
        &mut self,
        slot: usize,
        wave: &Wave,
        idx: usize,
        inst: &Inst,
        pc: u64,
        flow: Flow,
    ) {
        if let Some(t) = &mut self.timing {
            t.after(slot, wave, idx, inst, pc, flow);
        }
        if let Some(h) = &mut self.hazards {
            h.checker.after(wave, idx, inst, pc, flow);
        }
        if let Some(r) = &mut self.races {
            r.checker.after(wave, idx, inst, pc, flow);
        }
        if let Some(o) = &mut self.observer {
            if let (Attached::Timed(t), Some(m)) = (&mut *o, &self.timing) {
                t.timed(&m.last);
            }
            o.obs().after(wave, idx, inst, pc, flow);
        }
    }

    pub fn wave_end(&mut self, wave: &Wave) {
        if let Some(h) = &mut self.hazards {
            h.checker.wave_end(wave);
        }
        if let Some(r) = &mut self.races {
            r.checker.wave_end(wave);
        }
        if let Some(o) = &mut self.observer {
            o.obs().wave_end(wave);
        }
    }

    pub fn barrier_release(&mut self, slot: usize, flat: u32) {
        if let Some(t) = &mut self.timing {
            t.barrier_release(slot, flat);
        }
        if let Some(h) = &mut self.hazards {
            h.checker.barrier_release(flat);
        }
        if let Some(r) = &mut self.races {
            r.checker.barrier_release(flat);
        }
        if let Some(o) = &mut self.observer {
            if let (Attached::Timed(t), Some(m)) = (&mut *o, &self.timing) {
                t.timed(&m.last);
            }
            o.obs().barrier_release(flat);
        }
    }

    /// A grid barrier let `waves` go: the race checker orders what they did before it before what they do
    /// after it (the cycle model does not model the wait; docs/exec.md "Cooperative launches").
    pub fn grid_barrier_release(&mut self, waves: &[u32]) {
        if let Some(r) = &mut self.races {
            r.checker.grid_barrier_release(waves);
        }
        if let Some(o) = &mut self.observer {
            o.obs().grid_barrier_release(waves);
        }
    }
}

/// Strip internals for the machine's tests.
#[cfg(test)]
pub(super) mod strip_test {
    use super::*;
    pub struct S(Strip);
    pub fn strip() -> S {
        S(Strip::new())
    }
    pub fn add(s: &mut S, start: u64, dur: u64, issue: bool) {
        s.0.add(start, dur, if issue { CAT_ISSUE } else { CAT_WAITCNT });
    }
    /// (shift, issue cycles, waitcnt cycles) kept.
    pub fn sums(s: &S) -> (u32, u64, u64) {
        let c = &s.0.cells;
        (
            s.0.shift,
            c.iter().map(|x| x[CAT_ISSUE] as u64).sum(),
            c.iter().map(|x| x[CAT_WAITCNT] as u64).sum(),
        )
    }
}
