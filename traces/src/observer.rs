//! The executor adapter: a `TraceObserver` (one per host thread, see `wavescope::engine::run_observed`) turns every executed
//! wave-instruction into a slice on its wave's track, with the wave's wait counters, flows from memory
//! instructions to the `s_waitcnt` that waits for them, and (when the run's instruments check them) instants at
//! hazards, missing waits, races and barrier misuse.
//!
//! Timing comes from a [`Clock`], asked after each instruction executed (`Observer::after`, when the flow of
//! control and the waited counters are known). The clock also drives the run's instruments (the pipeline's
//! `Instruments`: checkers and cycle model, see [`CycleClock`]) and tells the observer what they found. [`IssueOrderClock`] needs no model: a wave's instruction `n`
//! (counting from 0) is at cycle `n` and takes one cycle, so every wave starts at 0 and the trace shows issue
//! order, not time (the run report says `timing_model: "none"`). [`CycleClock`] takes issue times, durations and
//! stalls (`s_waitcnt`, counter full, MFMA busy, barrier) from the cycle model (`wavescope::observers::timing`); its cycles
//! count from the start of each work-group, as the model's `TimingSink` gives them, and work-group `f` is drawn
//! on CU `f % cu_count` of the model. That is the model's placement while the dispatch's work-groups fit its
//! CU slots (cu_count x work-groups per CU; every example does): they all start at cycle 0. Beyond that the
//! model starts a work-group when an earlier one frees its slot, known only after the run (`TimingObserver::merge`);
//! the trace still starts it at 0 (a documented limit of streaming).
//!
//! The `vmcnt`/`lgkmcnt` tracks and the flows follow waitcnt.md with nothing completing on its own (the
//! operations an `s_waitcnt` has not yet covered, an upper bound of the hardware counters): a memory instruction is outstanding until an `s_waitcnt` lowers its counter below it, oldest
//! first (VMEM returns in issue order; for LGKM, whose SMEM returns are unordered, oldest-first is this
//! model's assumption); a FLAT instruction counts in both vmcnt and lgkmcnt (§4.4) and is satisfied when both
//! waits passed it; every instruction counts 1 (SMEM's dword-count increments are not modelled). A counter that
//! would pass its maximum (vmcnt 63, lgkmcnt 15) retires its oldest operation at the instruction that issued
//! past it (the hardware holds that issue until there is room). `s_endpgm` ends the flows of operations still
//! outstanding.
//!
//! Filters select waves, PCs and a cycle window; a memory instruction inside them pulls the `s_waitcnt` (or
//! `s_endpgm`) that satisfies it into the trace even outside them, so every flow has both ends.

use crate::writer::{Arg, FlowId, LocId, MemorySample, NameId, TraceWriter, WaveDesc, WaveTrack};

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;
use wavescope::debug_info::DebugInfo;
use wavescope::exec::observe::Observer;
use wavescope::exec::{Flow, Program, Wave};
use wavescope::isa::{Inst, Op};
use wavescope::launch::RunFault;
use wavescope::observers::hazards::effects::{self, class, MemClass};
use wavescope::observers::hazards::{HazardEvent, Rule};
use wavescope::observers::races::{RaceChecker, RaceEvent, RawFinding};
use wavescope::observers::timing::{
    CycleModel, MemAccess, StallReason, TimingObserver, TimingSink, TimingTable,
};
use wavescope::pipeline::{CoResident, Instruments};

/// A wave standing still before an instruction (or at a barrier), in modelled cycles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stall {
    pub start: u64,
    pub cycles: u64,
    /// Why (`"vmcnt"`, `"barrier"`, `"MFMA busy"`, ...): the slice is named `stall: {reason}`.
    pub reason: &'static str,
}

/// When an instruction issued and how long it took, in modelled cycles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Issue {
    pub cycle: u64,
    /// Duration of the instruction slice (at least 1).
    pub cycles: u64,
    /// A wait just before `cycle`.
    pub stall: Option<Stall>,
    /// With the cycle model's memory system: what it made of this memory instruction (the slice's arguments
    /// `lines`, `l1_hits`, ... and the memory counter tracks).
    pub mem: Option<MemAccess>,
}

/// The timing a trace is drawn with. The observer calls it for every wave and executed instruction, traced or
/// not, so a model can keep its state.
pub trait Clock {
    /// `timing_model` of the run report.
    fn timing_model(&self) -> &'static str;
    /// `wave` is created; returns the cycle it starts at.
    fn wave_start(&mut self, wave: &Wave) -> u64;
    /// Before `inst` executes (the cycle model's memory system reads lane addresses here).
    #[inline(always)]
    fn before(&mut self, _wave: &Wave, _idx: usize, _inst: &Inst) {}
    /// `inst` (index `idx`, at `pc`) executed on `wave` with `flow` (`wave` shows the state after it).
    fn issue(&mut self, wave: &Wave, idx: usize, inst: &Inst, pc: u64, flow: Flow) -> Issue;
    /// [`issue`](Self::issue), its result handed to `f` by parts (`cycle`, `cycles`, stall, memory figures): a
    /// clock that keeps them (the cycle model's sink) lends them where they are, where an `Issue` (~110 bytes)
    /// was assembled and copied on the run's thread at every instruction.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn issue_with<R>(
        &mut self,
        wave: &Wave,
        idx: usize,
        inst: &Inst,
        pc: u64,
        flow: Flow,
        f: impl FnOnce(u64, u64, Option<&Stall>, Option<&MemAccess>) -> R,
    ) -> R {
        let i = self.issue(wave, idx, inst, pc, flow);
        f(i.cycle, i.cycles, i.stall.as_ref(), i.mem.as_ref())
    }
    /// The waves of `work_group_flat` waiting at `s_barrier` were released: push `(wave id, stall)` per wave.
    fn barrier_release(&mut self, _work_group_flat: u32, _stalls: &mut Vec<(u32, Stall)>) {}
    /// A grid barrier (`ds_gws_barrier`) released `waves` (a dispatch run with every work-group resident).
    fn grid_barrier_release(&mut self, _waves: &[u32]) {}
    /// `wave` ended (s_endpgm) or faulted.
    #[inline(always)]
    fn wave_end(&mut self, _wave: &Wave) {}
    /// Should GLOBAL/FLAT handlers record their lane addresses for the clock's model (`Observer::wants_lane_addrs`:
    /// the memory system makes its lines from them)?
    fn wants_lane_addrs(&self) -> bool {
        false
    }
    /// Bytes of a cache line of the model's memory system (what each line of `Issue::mem` moves).
    fn line_bytes(&self) -> u64 {
        128
    }
    /// Compute units the clock's model spreads work-groups over (`None`: no model).
    fn compute_units(&self) -> Option<u32> {
        None
    }
    /// Hazard and missing-wait events the run's checker found so far, in order (instants).
    fn hazard_events(&self) -> &[HazardEvent] {
        &[]
    }
    /// Race and barrier findings (first occurrence on this thread) found so far, in order (instants).
    fn race_events(&self) -> &[RaceEvent] {
        &[]
    }
    /// The barrier deadlock the run's race checker names for the fault the run ended with (waves of the faulting
    /// wave's work-group wait at a barrier it never reaches), when this thread ran that work-group.
    fn race_deadlock(&self, _fault: &RunFault) -> Option<RawFinding> {
        None
    }
}

/// No timing model: each wave's own issued-instruction count is its clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct IssueOrderClock;

impl Clock for IssueOrderClock {
    fn timing_model(&self) -> &'static str {
        "none"
    }
    fn wave_start(&mut self, wave: &Wave) -> u64 {
        wave.instructions
    }
    #[inline(always)]
    fn issue(&mut self, wave: &Wave, _idx: usize, _inst: &Inst, _pc: u64, _flow: Flow) -> Issue {
        // `after`: the executor already counted this instruction
        Issue {
            cycle: wave.instructions.saturating_sub(1),
            cycles: 1,
            stall: None,
            mem: None,
        }
    }
}

/// What the cycle model reports for the instruction being executed.
///
/// Plain fields and flags, read field by field: `Option`s taken whole after their tag alone was stored read the
/// tag and payload back as wide loads of narrow stores, a failed store-to-load forwarding on every instruction.
#[derive(Default)]
pub struct CycleSink {
    /// Issue cycle and duration of the instruction (valid with `issued`).
    issued: bool,
    start: u64,
    dur: u64,
    has_stall: bool,
    stall: Stall,
    has_mem: bool,
    mem: MemAccess,
    barrier: Vec<(u32, Stall)>,
}

impl CycleSink {
    /// What the model reported for the instruction just executed, handed to `f` where it is kept (`Clock::
    /// issue_with`), then cleared for the next one.
    #[inline(always)]
    fn take_issue<R>(
        &mut self,
        f: impl FnOnce(u64, u64, Option<&Stall>, Option<&MemAccess>) -> R,
    ) -> R {
        let (cycle, cycles) = if self.issued {
            (self.start, self.dur)
        } else {
            (0, 1)
        };
        let r = f(
            cycle,
            cycles.max(1),
            self.has_stall.then_some(&self.stall),
            self.has_mem.then_some(&self.mem),
        );
        (self.issued, self.has_stall, self.has_mem) = (false, false, false);
        r
    }
}

/// An `Issue` from its parts (`Clock::issue` of a clock that lends them by `issue_with`).
fn issue_of(cycle: u64, cycles: u64, stall: Option<&Stall>, mem: Option<&MemAccess>) -> Issue {
    Issue {
        cycle,
        cycles,
        stall: stall.copied(),
        mem: mem.copied(),
    }
}

/// The name of a stall slice in a trace (one table for `run --trace` and the machine tap).
pub(crate) fn stall_name(r: StallReason) -> &'static str {
    match r {
        StallReason::Waitcnt { counters: 1 } => "vmcnt",
        StallReason::Waitcnt { counters: 2 } => "lgkmcnt",
        StallReason::Waitcnt { .. } => "vmcnt+lgkmcnt",
        StallReason::CounterFull { counters: 1 } => "vmcnt full",
        StallReason::CounterFull { counters: 2 } => "lgkmcnt full",
        StallReason::CounterFull { .. } => "counter full",
        StallReason::Barrier => "barrier",
        StallReason::MfmaBusy => "MFMA busy",
    }
}

impl TimingSink for CycleSink {
    /// A trace draws each stall whole: the model need not gather the operations it waited for.
    const WAITED: bool = false;
    #[inline(always)]
    fn issue(&mut self, _wave: u32, _pc: u64, start: u64, dur: u64) {
        self.issued = true;
        self.start = start;
        self.dur = dur;
    }
    #[inline(always)]
    fn mem_access(&mut self, _wave: u32, _pc: u64, a: &MemAccess) {
        self.has_mem = true;
        self.mem = *a;
    }
    fn stall(
        &mut self,
        wave: u32,
        _pc: u64,
        start: u64,
        dur: u64,
        reason: StallReason,
        _waited_for: &[u64],
    ) {
        let s = Stall {
            start,
            cycles: dur,
            reason: stall_name(reason),
        };
        if reason == StallReason::Barrier {
            self.barrier.push((wave, s));
        } else {
            self.has_stall = true;
            self.stall = s;
        }
    }
}

/// What a trace clock needs of the run pipeline's instruments beyond driving them as an observer: the cycle
/// model's parameters, the sink that holds the figures of the instruction just executed, and what the checkers
/// found. A host thread's [`Instruments`] keep one sink; a co-resident dispatch's [`CoResident`] one per
/// work-group.
pub trait ClockInstruments: Observer {
    /// The cycle model's parameters (`None`: the run has no model).
    fn cycle_model(&self) -> Option<&CycleModel>;
    /// The sink of the model that times `work_group_flat`'s waves (`None` without a model, or before the
    /// work-group's first wave started).
    fn sink(&mut self, work_group_flat: u32) -> Option<&mut CycleSink>;
    fn hazard_events(&self) -> &[HazardEvent];
    fn race_events(&self) -> &[RaceEvent];
    fn race_checker(&self) -> Option<&RaceChecker<'_>>;
}

impl ClockInstruments for Instruments<'_, CycleSink> {
    fn cycle_model(&self) -> Option<&CycleModel> {
        self.timing.as_ref().map(|t| t.model())
    }
    #[inline(always)]
    fn sink(&mut self, _work_group_flat: u32) -> Option<&mut CycleSink> {
        self.timing.as_mut().map(|t| &mut t.sink)
    }
    fn hazard_events(&self) -> &[HazardEvent] {
        Instruments::hazard_events(self)
    }
    fn race_events(&self) -> &[RaceEvent] {
        Instruments::race_events(self)
    }
    fn race_checker(&self) -> Option<&RaceChecker<'_>> {
        self.races.as_ref()
    }
}

impl ClockInstruments for CoResident<'_, CycleSink> {
    fn cycle_model(&self) -> Option<&CycleModel> {
        self.timing_table().map(|t| t.model())
    }
    #[inline(always)]
    fn sink(&mut self, work_group_flat: u32) -> Option<&mut CycleSink> {
        self.sink_mut(work_group_flat)
    }
    fn hazard_events(&self) -> &[HazardEvent] {
        CoResident::hazard_events(self)
    }
    fn race_events(&self) -> &[RaceEvent] {
        CoResident::race_events(self)
    }
    fn race_checker(&self) -> Option<&RaceChecker<'_>> {
        self.races()
    }
}

/// The run pipeline's instruments (hazard checker, race checker, cycle model, each when the run's configuration
/// has it) as a trace clock: it drives them all, and with the cycle model it takes issue times, durations and
/// stalls from it; without one it counts issue order as [`IssueOrderClock`].
pub struct ModelClock<I> {
    instruments: I,
    compute_units: Option<u32>,
    line_bytes: u64,
}

/// A host thread's instruments as a trace clock (`Plan::run_with` hands them to the adapter).
pub type CycleClock<'t> = ModelClock<Instruments<'t, CycleSink>>;

/// The instruments of a dispatch run with every work-group resident (`wavescope::pipeline::CoResident`: one
/// hazard and one race checker for the dispatch, a cycle model per work-group, the waves of every work-group
/// interleaved on one host thread) as a trace clock: each instruction's times come from the model of its wave's
/// work-group (cycles from that work-group's start, as in a batch run).
pub type CoResidentClock<'t> = ModelClock<CoResident<'t, CycleSink>>;

impl<I: ClockInstruments> ModelClock<I> {
    /// The pipeline's instruments (`Plan::run_with` or `Plan::run_co_resident_with` hands them to the adapter).
    pub fn of(instruments: I) -> ModelClock<I> {
        let model = instruments.cycle_model();
        ModelClock {
            compute_units: model.map(|m| m.cu_count.min(u32::MAX as u64) as u32),
            line_bytes: model
                .and_then(|m| m.memory_system.as_ref())
                .map_or(128, |p| p.line_bytes),
            instruments,
        }
    }
    /// The instruments, for the pipeline to merge (the run report's cycles, stalls and findings).
    pub fn into_instruments(self) -> I {
        self.instruments
    }
}

impl<'t> CycleClock<'t> {
    /// The cycle model alone (by hand, outside the pipeline).
    pub fn new(table: std::sync::Arc<TimingTable>) -> CycleClock<'t> {
        CycleClock::of(Instruments {
            hazards: None,
            races: None,
            timing: Some(TimingObserver::with_sink(table, CycleSink::default())),
        })
    }
    /// The model's observer, for `TimingObserver::merge` (`None` without a model).
    pub fn into_timing(self) -> Option<TimingObserver<CycleSink>> {
        self.instruments.timing
    }
}

impl<I: ClockInstruments> Clock for ModelClock<I> {
    fn wants_lane_addrs(&self) -> bool {
        self.instruments.wants_lane_addrs()
    }
    fn timing_model(&self) -> &'static str {
        match self.instruments.cycle_model() {
            Some(_) => wavescope::observers::timing::MODEL_NAME,
            None => "none",
        }
    }
    #[inline]
    fn before(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        self.instruments.before(wave, idx, inst);
    }
    fn wave_start(&mut self, wave: &Wave) -> u64 {
        self.instruments.wave_start(wave);
        match self.instruments.cycle_model() {
            Some(_) => 0,
            None => wave.instructions,
        }
    }
    #[inline]
    fn issue(&mut self, wave: &Wave, idx: usize, inst: &Inst, pc: u64, flow: Flow) -> Issue {
        self.issue_with(wave, idx, inst, pc, flow, issue_of)
    }
    #[inline(always)]
    fn issue_with<R>(
        &mut self,
        wave: &Wave,
        idx: usize,
        inst: &Inst,
        pc: u64,
        flow: Flow,
        f: impl FnOnce(u64, u64, Option<&Stall>, Option<&MemAccess>) -> R,
    ) -> R {
        self.instruments.after(wave, idx, inst, pc, flow);
        match self.instruments.sink(wave.id.work_group_flat) {
            // what `issue` gives, read in place
            Some(s) => s.take_issue(f),
            None => f(wave.instructions.saturating_sub(1), 1, None, None),
        }
    }
    fn barrier_release(&mut self, work_group_flat: u32, stalls: &mut Vec<(u32, Stall)>) {
        self.instruments.barrier_release(work_group_flat);
        if let Some(s) = self.instruments.sink(work_group_flat) {
            stalls.append(&mut s.barrier);
        }
    }
    fn grid_barrier_release(&mut self, waves: &[u32]) {
        self.instruments.grid_barrier_release(waves);
    }
    #[inline]
    fn wave_end(&mut self, wave: &Wave) {
        self.instruments.wave_end(wave);
    }
    fn compute_units(&self) -> Option<u32> {
        self.compute_units
    }
    fn line_bytes(&self) -> u64 {
        self.line_bytes
    }
    fn hazard_events(&self) -> &[HazardEvent] {
        self.instruments.hazard_events()
    }
    fn race_events(&self) -> &[RaceEvent] {
        self.instruments.race_events()
    }
    fn race_deadlock(&self, fault: &RunFault) -> Option<RawFinding> {
        self.instruments.race_checker()?.deadlock(fault)
    }
}

/// A malformed filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilterError(pub String);

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FilterError {}

/// What to trace in a big run (`--trace-waves`, `--trace-pcs`, `--trace-cycles`). `None` = everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceFilter {
    /// Wave ids, inclusive ranges.
    pub waves: Option<Vec<(u32, u32)>>,
    /// PCs, half-open ranges `[lo, hi)`.
    pub pcs: Option<Vec<(u64, u64)>>,
    /// Modelled cycles, half-open `[lo, hi)`.
    pub cycles: Option<(u64, u64)>,
}

fn parse_u64(s: &str, what: &str) -> Result<u64, FilterError> {
    let t = s.trim();
    let r = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16),
        None => t.parse(),
    };
    r.map_err(|_| FilterError(format!("{what}: `{t}` is not a number")))
}

impl TraceFilter {
    /// `--trace-waves 0-3,17`: wave ids and inclusive ranges.
    pub fn parse_waves(s: &str) -> Result<Vec<(u32, u32)>, FilterError> {
        let mut v = Vec::new();
        for part in s.split(',').filter(|p| !p.trim().is_empty()) {
            let (a, b) = match part.split_once('-') {
                Some((a, b)) => (
                    parse_u64(a, "--trace-waves")?,
                    parse_u64(b, "--trace-waves")?,
                ),
                None => {
                    let a = parse_u64(part, "--trace-waves")?;
                    (a, a)
                }
            };
            if a > b || b > u32::MAX as u64 {
                return Err(FilterError(format!(
                    "--trace-waves: `{part}` is not a range of wave ids"
                )));
            }
            v.push((a as u32, b as u32));
        }
        if v.is_empty() {
            return Err(FilterError("--trace-waves: no wave given".into()));
        }
        Ok(v)
    }

    /// `--trace-pcs 0x1780-0x1800,0x1900`: PC ranges `lo-hi` (end excluded) or single instruction PCs.
    pub fn parse_pcs(s: &str) -> Result<Vec<(u64, u64)>, FilterError> {
        let mut v = Vec::new();
        for part in s.split(',').filter(|p| !p.trim().is_empty()) {
            let (a, b) = match part.split_once('-') {
                Some((a, b)) => (parse_u64(a, "--trace-pcs")?, parse_u64(b, "--trace-pcs")?),
                None => {
                    let a = parse_u64(part, "--trace-pcs")?;
                    (a, a + 1)
                }
            };
            if a >= b {
                return Err(FilterError(format!(
                    "--trace-pcs: `{part}` is an empty range"
                )));
            }
            v.push((a, b));
        }
        if v.is_empty() {
            return Err(FilterError("--trace-pcs: no PC given".into()));
        }
        Ok(v)
    }

    /// `--trace-cycles 1000-2000` (end excluded) or `1000-` (to the end).
    pub fn parse_cycles(s: &str) -> Result<(u64, u64), FilterError> {
        let (a, b) = s
            .split_once('-')
            .ok_or_else(|| FilterError(format!("--trace-cycles: `{s}` is not FIRST-END")))?;
        let a = parse_u64(a, "--trace-cycles")?;
        let b = if b.trim().is_empty() {
            u64::MAX
        } else {
            parse_u64(b, "--trace-cycles")?
        };
        if a >= b {
            return Err(FilterError(format!(
                "--trace-cycles: `{s}` is an empty window"
            )));
        }
        Ok((a, b))
    }

    pub fn wave(&self, wave: u32) -> bool {
        self.waves
            .as_ref()
            .is_none_or(|v| v.iter().any(|&(a, b)| a <= wave && wave <= b))
    }
    pub fn pc(&self, pc: u64) -> bool {
        self.pcs
            .as_ref()
            .is_none_or(|v| v.iter().any(|&(a, b)| a <= pc && pc < b))
    }
    #[inline(always)]
    pub fn cycle(&self, c: u64) -> bool {
        self.cycles.is_none_or(|(a, b)| a <= c && c < b)
    }
}

/// What the waitcnt model needs of an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mem {
    None,
    Vm,
    Lgkm,
    Flat,
    Wait { vm: u8, lgkm: u8 },
    End,
}

/// What a trace shows of each instruction of a program, built once and shared by every observer.
pub struct TraceProgram {
    mnemonics: Vec<&'static str>,
    /// Per instruction index.
    mnemonic: Vec<u16>,
    mem: Vec<Mem>,
    /// `0xPC: text` per instruction index.
    label: Vec<String>,
    /// Source file and line per instruction index (`??`, 0 without a line table).
    source: Vec<(u32, u32)>,
    files: Vec<String>,
}

impl TraceProgram {
    pub fn new(program: &Program, debug_info: Option<&DebugInfo>) -> TraceProgram {
        let effects = effects::build(program);
        let mut mnemonics: Vec<&'static str> = Vec::new();
        let mut by_name: HashMap<&'static str, u16> = HashMap::new();
        let mut files: Vec<String> = vec!["??".to_string()];
        let mut by_file: HashMap<u32, u32> = HashMap::new();
        let n = program.insts.len();
        let (mut mnemonic, mut mem, mut label, mut source) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        for (i, inst) in program.insts.iter().enumerate() {
            let name = inst.name();
            let next = mnemonics.len() as u16;
            let id = *by_name.entry(name).or_insert(next);
            if id == next {
                mnemonics.push(name);
            }
            mnemonic.push(id);
            let pc = program.pcs[i];
            let text = wavescope::isa::disasm::inst_text(inst, &program.words_of(i), pc);
            label.push(format!("0x{pc:x}: {text}"));
            let e = effects.get(i);
            mem.push(if inst.op == Op::S_ENDPGM {
                Mem::End
            } else if let Some(e) = e.filter(|e| e.is(class::WAITCNT)) {
                let s = e.simm16;
                // waitcnt.md: vmcnt [3:0] + [15:14], lgkmcnt [11:8]
                Mem::Wait {
                    vm: ((s & 0xF) | ((s >> 14) & 3) << 4) as u8,
                    lgkm: ((s >> 8) & 0xF) as u8,
                }
            } else {
                match e.map(|e| e.mem).unwrap_or(MemClass::None) {
                    MemClass::Vm => Mem::Vm,
                    MemClass::Lds | MemClass::Smem | MemClass::Msg => Mem::Lgkm,
                    MemClass::Flat => Mem::Flat,
                    MemClass::None => Mem::None,
                }
            });
            let loc = debug_info.and_then(|d| d.source_loc(pc));
            source.push(match (loc, debug_info) {
                (Some(l), Some(d)) => {
                    let f = match by_file.get(&l.file.0) {
                        Some(&f) => f,
                        None => {
                            let path = d
                                .file(l.file)
                                .map(|f| f.path.clone())
                                .unwrap_or_else(|| "??".into());
                            files.push(path);
                            by_file.insert(l.file.0, files.len() as u32 - 1);
                            files.len() as u32 - 1
                        }
                    };
                    (f, l.line)
                }
                _ => (0, 0),
            });
        }
        TraceProgram {
            mnemonics,
            mnemonic,
            mem,
            label,
            source,
            files,
        }
    }

    /// `0xPC: text` of instruction `idx`.
    pub fn label(&self, idx: usize) -> &str {
        &self.label[idx]
    }
    /// `(file, line)` of instruction `idx` (`("??", 0)` when unknown).
    pub fn source(&self, idx: usize) -> (&str, u32) {
        let (f, l) = self.source[idx];
        (&self.files[f as usize], l)
    }
}

/// How the observer places waves and what it traces.
#[derive(Clone, Debug, Default)]
pub struct TraceOptions {
    pub filter: TraceFilter,
    /// Compute units work-groups are spread over (`work_group_flat % cu_count`). 0 (the default): the clock's
    /// ([`Clock::compute_units`]): the cycle model's CU count (its work-groups go in flat order to free CU slots,
    /// so while a dispatch's work-groups fit `cu_count` x work-groups-per-CU slots, work-group `f` starts at
    /// cycle 0 on CU `f % cu_count`), or 1 without a model (the executor's single CU: HW_ID reports CU 0).
    pub cu_count: u32,
    /// The waves of every work-group interleave on one observer (a dispatch run with every work-group resident:
    /// `Plan::run_co_resident_with`, `run_traced`): waves are kept by wave id instead of one work-group at a
    /// time, so the file must not be in work-group order (`TraceConfig::work_group_order` off).
    pub interleaved: bool,
}

/// An outstanding memory operation.
#[derive(Clone, Copy, Debug)]
struct Pending {
    seq: u32,
    /// 0: not traced (no flow).
    flow: u64,
    flat: bool,
}

const VMCNT_MAX: usize = 63;
const LGKMCNT_MAX: usize = 15;

struct WaveState {
    wave: u32,
    cu: u32,
    simd: u8,
    live: bool,
    track: Option<WaveTrack>,
    last_cycle: u64,
    /// Active lanes of the instruction being executed (exec before it).
    lanes: u32,
    /// Index of the instruction a fault stopped the wave at (its `before` ran, its `after` never will).
    pending: Option<usize>,
    /// Checker events found at the instruction being executed (instants).
    hazards: Vec<HazardEvent>,
    races: Vec<RaceEvent>,
    vm: VecDeque<Pending>,
    lgkm: VecDeque<Pending>,
    /// FLAT operations retired from one counter only.
    flat_half: Vec<u32>,
    next_seq: u32,
}

impl WaveState {
    fn new() -> WaveState {
        WaveState {
            wave: u32::MAX,
            cu: 0,
            simd: 0,
            live: false,
            track: None,
            last_cycle: 0,
            lanes: 0,
            pending: None,
            hazards: Vec::new(),
            races: Vec::new(),
            vm: VecDeque::with_capacity(VMCNT_MAX + 1),
            lgkm: VecDeque::with_capacity(LGKMCNT_MAX + 1),
            flat_half: Vec::new(),
            next_seq: 0,
        }
    }

    /// `p` left a counter: its flow ends unless it is a FLAT op still counted by the other counter.
    fn retire(&mut self, p: Pending, flows_in: &mut Vec<FlowId>) {
        if p.flat {
            if let Some(i) = self.flat_half.iter().position(|&s| s == p.seq) {
                self.flat_half.swap_remove(i);
            } else {
                self.flat_half.push(p.seq);
                return;
            }
        }
        if p.flow != 0 {
            flows_in.push(FlowId(p.flow));
        }
    }

    fn wait(&mut self, vm: usize, lgkm: usize, flows_in: &mut Vec<FlowId>) {
        while self.vm.len() > vm {
            if let Some(p) = self.vm.pop_front() {
                self.retire(p, flows_in);
            }
        }
        while self.lgkm.len() > lgkm {
            if let Some(p) = self.lgkm.pop_front() {
                self.retire(p, flows_in);
            }
        }
    }
}

/// The parts of a finished observer.
pub struct TraceParts<C> {
    pub writer: TraceWriter,
    pub clock: C,
}

/// Writes a slice per executed wave-instruction (see the module docs). One per host thread.
///
/// The observer is split in two. Its front, on the run's thread, drives the [`Clock`] (the run's instruments)
/// and takes what the trace needs of each instruction: a fixed 24-byte record (wave, instruction index, lanes,
/// issue cycle and duration; stalls and memory-system figures beside it). Its builder runs the waitcnt model
/// and writes the packets (`Builder`). Made with [`TraceObserver::new`] or [`shared`](TraceObserver::shared)
/// the builder runs inline on the run's thread; made with [`threaded`](TraceObserver::threaded) (what
/// `run_traced`, so `wavescope run --trace`, uses) it runs on a thread of its own (`trace-encode`), fed whole
/// batches of records over a bounded queue: the run's thread then pays ~a record store per instruction, and
/// the encoding and the file's I/O thread run beside it. The builder makes the same writer calls in the same
/// order either way, so the file is the same bytes (tests/trace_examples.rs compares them).
pub struct TraceObserver<'a, C: Clock> {
    clock: C,
    /// The clock's hazard and race events already given to an instruction.
    hazard_seen: usize,
    race_seen: usize,
    /// `TraceOptions::cu_count`.
    cu_count: u32,
    /// Which waves the builder has live (the same rules as its own `WaveState::live`), and their instruction in
    /// flight.
    waves: Vec<FrontWave>,
    /// The work-group being traced.
    group: Option<u32>,
    /// `TraceOptions::interleaved`: a wave's slot is its wave id.
    interleaved: bool,
    barrier_stalls: Vec<(u32, Stall)>,
    sink: Sink<'a>,
}

#[derive(Clone, Copy, Default)]
struct FrontWave {
    wave: u32,
    live: bool,
    /// Between `before` and `after` (`pending`): the instruction index and its active lanes. Plain fields: an
    /// `Option` of the pair stored in `before` was read back whole in `after`, a wide load of narrow stores.
    pending: bool,
    pending_idx: u32,
    pending_lanes: u32,
}

/// Where the front's records go.
enum Sink<'a> {
    Inline(Box<Builder<'a>>),
    Threaded(Box<Pipe>),
}

/// Records per batch handed to the builder's thread (24 bytes each). Each hand-over may wake the builder's
/// thread (a futex wake on the run's thread, a context switch on the other): with 4096 that was ~7200 wake-ups
/// for gemm 512 and ~0.1 s of kernel time over both threads; 16384 takes a quarter of them.
const BATCH: usize = 16384;
/// Full batches queued for the builder's thread at most (the front waits beyond: memory stays bounded).
const QUEUED_BATCHES: usize = 2;

/// Batches of one traced host thread in all: the one being filled, those queued, the one being encoded, and one
/// emptied and on its way back.
const BATCHES: usize = QUEUED_BATCHES + 3;

/// One traced wave-instruction (`Builder::instruction`); its stall and memory figures, when it has them, are
/// the next unread entries of the batch's `stalls` and `mems`. Or, with `IS_CMD`, a mark that the batch's next
/// [`Cmd`] comes here. Three plain words: the front builds them in registers and stores them straight into the
/// batch (a `Cmd` enum was assembled on the stack by narrow stores and copied out by wide loads, a failed
/// store-to-load forwarding on every instruction: most of what tracing cost the run's thread).
#[derive(Clone, Copy)]
struct InstRec {
    /// idx (bits 0..32) | wi (32..54) | lanes (54..61, 0..=64) | flags (61..64: `HAS_STALL | HAS_MEM | IS_CMD`).
    /// `wi` is the wave's slot: its index in its work-group, or its wave id in an interleaved run
    /// (`TraceOptions::interleaved`, below `MAX_SLOTS`).
    head: u64,
    cycle: u64,
    cycles: u64,
}

/// Wave slots a record can name (22 bits): waves of one work-group (at most 16 on gfx950), or in an interleaved
/// run every wave of the dispatch (a co-resident dispatch fits the device: at most 256 CUs x 32 waves). Waves with
/// a higher id are run but not traced.
const MAX_SLOTS: usize = 1 << 22;

const HAS_STALL: u8 = 1;
const HAS_MEM: u8 = 2;
const IS_CMD: u8 = 4;

impl InstRec {
    #[inline(always)]
    fn new(idx: usize, wi: usize, lanes: u32, flags: u8, cycle: u64, cycles: u64) -> InstRec {
        InstRec {
            head: (idx as u32 as u64)
                | (wi as u64 & (MAX_SLOTS as u64 - 1)) << 32
                | (lanes as u64 & 0x7F) << 54
                | (flags as u64) << 61,
            cycle,
            cycles,
        }
    }
    fn idx(&self) -> usize {
        self.head as u32 as usize
    }
    fn wi(&self) -> usize {
        (self.head >> 32) as usize & (MAX_SLOTS - 1)
    }
    fn lanes(&self) -> u32 {
        (self.head >> 54) as u32 & 0x7F
    }
    fn flags(&self) -> u8 {
        (self.head >> 61) as u8
    }
}

/// What the front hands the builder besides instructions, in the order it happened.
enum Cmd {
    /// A wave starts (`WaveDesc`, its start cycle, its slot).
    WaveStart(Box<(WaveDesc, u64, u32)>),
    WaveEnd(u32),
    /// The instruction wave `wi` stopped at (index, lanes): written when the wave closes.
    Pending {
        wi: u32,
        idx: u32,
        lanes: u32,
    },
    Hazards(u32, Box<[HazardEvent]>),
    Races(u32, Box<[RaceEvent]>),
    /// Race events found outside an instruction.
    LooseRaces(Box<[RaceEvent]>),
    BarrierStalls(Vec<(u32, Stall)>),
}

struct Batch {
    recs: Vec<InstRec>,
    /// The commands `IS_CMD` records stand for, in order.
    cmds: Vec<Cmd>,
    stalls: Vec<Stall>,
    mems: Vec<MemAccess>,
}

impl Batch {
    /// A batch that owns no memory yet (a placeholder while the full one is handed over).
    fn new_empty() -> Batch {
        Batch {
            recs: Vec::new(),
            cmds: Vec::new(),
            stalls: Vec::new(),
            mems: Vec::new(),
        }
    }

    fn new() -> Batch {
        Batch {
            recs: Vec::with_capacity(BATCH),
            cmds: Vec::new(),
            stalls: Vec::new(),
            mems: Vec::new(),
        }
    }
    fn clear(&mut self) {
        self.recs.clear();
        self.cmds.clear();
        self.stalls.clear();
        self.mems.clear();
    }
}

/// The queue to the builder's thread.
struct Pipe {
    batch: Batch,
    tx: Option<SyncSender<Batch>>,
    /// Batches the builder's thread has emptied, for reuse.
    empty: Receiver<Batch>,
    thread: Option<JoinHandle<Option<Box<Builder<'static>>>>>,
}

impl Pipe {
    /// Start the builder's thread; gives the builder back when no thread can be started.
    fn start(b: Box<Builder<'static>>) -> Result<Pipe, Box<Builder<'static>>> {
        let (tx, rx) = sync_channel::<Batch>(QUEUED_BATCHES);
        // Every batch but the one being filled can be in the returned queue at once, so the builder's thread
        // never has to drop one (a dropped batch would be a new allocation later).
        let (back_tx, empty) = sync_channel::<Batch>(BATCHES);
        for _ in 1..BATCHES {
            let _ = back_tx.try_send(Batch::new());
        }
        // The builder goes over once the thread runs, so a failed spawn leaves it here.
        let (btx, brx) = sync_channel::<Box<Builder<'static>>>(1);
        let spawned = std::thread::Builder::new()
            .name("trace-encode".into())
            .spawn(move || {
                let mut b = brx.recv().ok()?;
                for mut batch in rx {
                    b.run(&batch);
                    batch.clear();
                    let _ = back_tx.try_send(batch);
                }
                Some(b)
            });
        let Ok(thread) = spawned else {
            return Err(b);
        };
        btx.send(b).map_err(|e| e.0)?;
        Ok(Pipe {
            batch: Batch::new(),
            tx: Some(tx),
            empty,
            thread: Some(thread),
        })
    }

    #[inline(always)]
    fn push_rec(&mut self, r: InstRec) {
        self.batch.recs.push(r);
        if self.batch.recs.len() >= BATCH {
            self.send();
        }
    }

    fn push(&mut self, c: Cmd) {
        self.batch.cmds.push(c);
        self.push_rec(InstRec::new(0, 0, 0, IS_CMD, 0, 0));
    }

    #[cold]
    fn send(&mut self) {
        let Some(tx) = &self.tx else {
            self.batch.clear();
            return;
        };
        // The full batch first, then an emptied one back: the same `BATCHES` batches go round, so the front
        // allocates none after the start (it made a new one whenever none had come back yet, and the builder
        // dropped what its return queue could not take).
        let full = std::mem::replace(&mut self.batch, Batch::new_empty());
        // An error: the builder's thread panicked; `finish` reports it (the records have nowhere to go).
        let _ = tx.send(full);
        self.batch = self.empty.recv().unwrap_or_else(|_| Batch::new());
    }

    /// Everything sent; the builder back from its thread.
    fn join(mut self) -> Box<Builder<'static>> {
        if !self.batch.recs.is_empty() {
            self.send();
        }
        self.tx = None;
        match self.thread.take().map(|t| t.join()) {
            Some(Ok(Some(b))) => b,
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            // the thread never got the builder (`start` returned it instead)
            _ => unreachable!("the trace builder's thread ran without its builder"),
        }
    }
}

impl Sink<'_> {
    /// Inline into the observer's `after` (the threaded case is a few stores; a call cost more than them).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn inst(
        &mut self,
        wi: usize,
        idx: usize,
        lanes: u32,
        cycle: u64,
        cycles: u64,
        stall: Option<&Stall>,
        mem: Option<&MemAccess>,
    ) {
        match self {
            Sink::Inline(b) => b.inst(wi, idx, lanes, cycle, cycles, stall, mem),
            Sink::Threaded(p) => {
                let mut flags = 0;
                if let Some(s) = stall {
                    p.batch.stalls.push(*s);
                    flags |= HAS_STALL;
                }
                if let Some(m) = mem {
                    p.batch.mems.push(*m);
                    flags |= HAS_MEM;
                }
                p.push_rec(InstRec::new(idx, wi, lanes, flags, cycle, cycles));
            }
        }
    }

    fn cmd(&mut self, c: Cmd) {
        match self {
            Sink::Inline(b) => b.apply(&c),
            Sink::Threaded(p) => p.push(c),
        }
    }
}

/// The observer's half that writes: the waitcnt model, flows, filters and the writer's calls.
struct Builder<'a> {
    prog: Shared<'a, TraceProgram>,
    options: Shared<'a, TraceOptions>,
    w: TraceWriter,
    /// `Clock::line_bytes`.
    line_bytes: u64,
    /// Writer location per instruction index, made at first execution.
    locs: Vec<Option<LocId>>,
    /// Instruction index inside the PC filter.
    pc_ok: Vec<bool>,
    /// Per instruction index: writer name (`names` of its mnemonic).
    inst_names: Vec<NameId>,
    /// Per instruction index: no memory counter, inside the PC filter, no cycle window: when nothing else
    /// happens at it, its slice is a plain begin and end (`Builder::run`'s short path).
    plain: Vec<bool>,
    waves: Vec<WaveState>,
    flows_in: Vec<FlowId>,
    /// Stall reasons seen (few: a linear search by pointer beats hashing).
    stall_names: Vec<(&'static str, NameId)>,
    /// The work-group being traced (`TraceWriter::work_group`).
    group: Option<u32>,
}

/// What every observer of a run reads: borrowed from the caller (a batch run keeps it on its stack) or shared
/// (the machine tap, whose observers outlive any borrow: `tap::TraceStatic`; the builder's own thread).
enum Shared<'a, T> {
    Borrowed(&'a T),
    Arc(Arc<T>),
}

impl<T> std::ops::Deref for Shared<'_, T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        match self {
            Shared::Borrowed(t) => t,
            Shared::Arc(t) => t,
        }
    }
}

impl Builder<'static> {
    /// The builder of an observer that owns its share of the run's static parts (`TraceObserver::shared`, and
    /// `threaded`, whose builder goes to a thread of its own).
    fn shared<C: Clock>(
        prog: Arc<TraceProgram>,
        program: &Program,
        options: Arc<TraceOptions>,
        writer: TraceWriter,
        clock: &C,
    ) -> Box<Builder<'static>> {
        Box::new(Builder::new(
            Shared::Arc(prog),
            program,
            Shared::Arc(options),
            writer,
            clock.line_bytes(),
        ))
    }
}

impl<'a> Builder<'a> {
    /// One executed instruction, written on the run's thread (`Sink::Inline`): out of line, so the threaded
    /// front's inlined `Sink::inst` stays small (these three lines inline there cost the traced gemm 512 run
    /// thread 641 -> 673 host instructions per wave-instruction).
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn inst(
        &mut self,
        wi: usize,
        idx: usize,
        lanes: u32,
        cycle: u64,
        cycles: u64,
        stall: Option<&Stall>,
        mem: Option<&MemAccess>,
    ) {
        self.waves[wi].pending = None;
        self.waves[wi].lanes = lanes;
        self.write_instruction(wi, idx, cycle, cycles, stall, mem);
    }

    fn new(
        prog: Shared<'a, TraceProgram>,
        program: &Program,
        options: Shared<'a, TraceOptions>,
        mut writer: TraceWriter,
        line_bytes: u64,
    ) -> Builder<'a> {
        let names: Vec<NameId> = prog.mnemonics.iter().map(|m| writer.name(m)).collect();
        let locs = vec![None; prog.label.len()];
        let pc_ok: Vec<bool> = program
            .pcs
            .iter()
            .map(|&pc| options.filter.pc(pc))
            .collect();
        let inst_names = prog.mnemonic.iter().map(|&m| names[m as usize]).collect();
        let plain = (0..prog.mem.len())
            .map(|i| {
                prog.mem[i] == Mem::None
                    && pc_ok.get(i).copied().unwrap_or(false)
                    && options.filter.cycles.is_none()
            })
            .collect();
        Builder {
            prog,
            options,
            w: writer,
            line_bytes,
            locs,
            pc_ok,
            inst_names,
            plain,
            waves: Vec::new(),
            flows_in: Vec::with_capacity(VMCNT_MAX + LGKMCNT_MAX + 2),
            stall_names: Vec::new(),
            group: None,
        }
    }

    /// A batch from the front, in order.
    fn run(&mut self, batch: &Batch) {
        let mut stalls = batch.stalls.iter();
        let mut mems = batch.mems.iter();
        let mut cmds = batch.cmds.iter();
        for r in &batch.recs {
            let flags = r.flags();
            if flags & IS_CMD != 0 {
                if let Some(c) = cmds.next() {
                    self.apply(c);
                }
                continue;
            }
            if flags == 0 && self.plain_instruction(r) {
                continue;
            }
            // by reference: an `Issue` assembled from copies of them was read back by wide loads of narrow
            // stores (store-to-load forwarding failing on most instructions)
            let stall = if flags & HAS_STALL != 0 {
                stalls.next()
            } else {
                None
            };
            let mem = if flags & HAS_MEM != 0 {
                mems.next()
            } else {
                None
            };
            let wi = r.wi();
            let ws = &mut self.waves[wi];
            ws.pending = None;
            ws.lanes = r.lanes();
            self.write_instruction(wi, r.idx(), r.cycle, r.cycles, stall, mem);
        }
    }

    /// The short path of an instruction without stall, memory figures or checker events, outside the waitcnt
    /// model (`plain`), whose slice changes no counter: what `write_instruction` writes for it, from the writer's
    /// templates (`TraceWriter::plain_instruction`). False (nothing done) otherwise.
    #[inline(always)]
    fn plain_instruction(&mut self, r: &InstRec) -> bool {
        let (wi, idx) = (r.wi(), r.idx());
        if !self.plain[idx] {
            return false;
        }
        let Some(loc) = self.locs[idx] else {
            return false;
        };
        let ws = &mut self.waves[wi];
        if !ws.hazards.is_empty() || !ws.races.is_empty() {
            return false;
        }
        let Some(t) = &ws.track else {
            return false;
        };
        let lanes = r.lanes();
        let end = r.cycle + r.cycles.max(1);
        let (vm, lgkm) = (ws.vm.len() as i64, ws.lgkm.len() as i64);
        if !self
            .w
            .plain_instruction(t, r.cycle, end, self.inst_names[idx], loc, lanes, vm, lgkm)
        {
            return false;
        }
        ws.pending = None;
        ws.lanes = lanes;
        ws.last_cycle = end;
        true
    }

    /// A command other than an instruction.
    #[cold]
    fn apply(&mut self, c: &Cmd) {
        match c {
            Cmd::WaveStart(b) => self.wave_start(&b.0, b.1, b.2 as usize),
            Cmd::WaveEnd(wi) => self.close_wave(*wi as usize),
            &Cmd::Pending { wi, idx, lanes } => {
                let ws = &mut self.waves[wi as usize];
                ws.pending = Some(idx as usize);
                ws.lanes = lanes;
            }
            Cmd::Hazards(wi, e) => {
                let ws = &mut self.waves[*wi as usize];
                ws.hazards.clear();
                ws.hazards.extend_from_slice(e);
            }
            Cmd::Races(wi, e) => {
                let ws = &mut self.waves[*wi as usize];
                ws.races.clear();
                ws.races.extend_from_slice(e);
            }
            Cmd::LooseRaces(events) => {
                for e in events.iter() {
                    if let Some(wi) = self.live_slot(e.wave) {
                        let at = self.waves[wi].last_cycle;
                        self.race_instants(wi, at, std::slice::from_ref(e));
                    }
                }
            }
            Cmd::BarrierStalls(stalls) => self.barrier_stalls(stalls),
        }
    }

    #[cold]
    fn location(&mut self, idx: usize) -> LocId {
        let (file, line) = self.prog.source(idx);
        let l = self.w.location(file, line, self.prog.label(idx));
        self.locs[idx] = Some(l);
        l
    }

    /// Instants for the checker's `events` (found at the instruction at `cycle`).
    #[cold]
    fn hazard_instants(&mut self, wi: usize, cycle: u64, events: &[HazardEvent]) {
        let Some(track) = &self.waves[wi].track else {
            return;
        };
        for e in events {
            let (name, what) = if e.missing_wait {
                (
                    format!("missing wait ({})", e.label),
                    format!("needs s_waitcnt {}", e.label),
                )
            } else {
                (
                    format!("hazard {}", e.label),
                    Rule::from_id(e.label)
                        .map(|r| r.text())
                        .unwrap_or("")
                        .to_string(),
                )
            };
            let n = self.w.name(&name);
            let args = [
                ("producer_pc", Arg::Str(format!("0x{:x}", e.producer_pc))),
                ("consumer_pc", Arg::Str(format!("0x{:x}", e.consumer_pc))),
                ("rule", Arg::Str(what)),
            ];
            self.w.instant(track, cycle, n, &args, &[]);
        }
    }

    /// Instants for race `events` on the wave track of `wi` (the wave of the second access), named
    /// `race lds RAW`, `race divergent-barrier`, ...; its arguments name both accesses.
    #[cold]
    fn race_instants(&mut self, wi: usize, cycle: u64, events: &[RaceEvent]) {
        let Some(track) = &self.waves[wi].track else {
            return;
        };
        for e in events {
            let name = match e.access.as_str() {
                "" => format!("race {}", e.kind.as_str()),
                a => format!("race {} {a}", e.kind.as_str()),
            };
            let n = self.w.name(&name);
            let label = |i: u32| self.prog.label.get(i as usize).cloned().unwrap_or_default();
            let args = [
                ("first", Arg::Str(label(e.first_idx))),
                ("second", Arg::Str(label(e.second_idx))),
                (
                    "severity",
                    Arg::Str(if e.error { "error" } else { "warning" }.to_string()),
                ),
            ];
            self.w.instant(track, cycle, n, &args, &[]);
        }
    }

    #[inline]
    fn stall_name(&mut self, reason: &'static str) -> NameId {
        // by address first (the reasons are `stall_name`'s literals), then by text: comparing text at every
        // entry before the match cost ~55 host instructions a stall
        if let Some(&(_, n)) = self
            .stall_names
            .iter()
            .find(|(r, _)| std::ptr::eq(*r, reason))
        {
            return n;
        }
        if let Some(&(_, n)) = self.stall_names.iter().find(|(r, _)| *r == reason) {
            return n;
        }
        let n = self.w.name(&format!("stall: {reason}"));
        self.stall_names.push((reason, n));
        n
    }

    /// Write the slice of instruction `idx` (stall, hazard instants, counters and flows with it).
    #[inline(never)]
    fn write_instruction(
        &mut self,
        wi: usize,
        idx: usize,
        cycle: u64,
        cycles: u64,
        stall: Option<&Stall>,
        mem: Option<&MemAccess>,
    ) {
        let ws = &mut self.waves[wi];
        let end = cycle + cycles.max(1);
        ws.last_cycle = end;
        let hazards = (!ws.hazards.is_empty()).then(|| std::mem::take(&mut ws.hazards));
        let races = (!ws.races.is_empty()).then(|| std::mem::take(&mut ws.races));
        if let Some(m) = mem {
            // the counter tracks cover every wave, traced or not
            let below_l1 = (m.lines - m.l1_hits) as u64;
            let line = self.line_bytes;
            let sample = MemorySample {
                lines: m.lines as u64,
                l1_hits: m.l1_hits as u64,
                lds_conflict_cycles: m.lds_conflict_cycles as u64,
                l2_bytes: below_l1 * line,
                hbm_bytes: m.hbm_lines as u64 * line,
                device_cycle: m.device_cycle,
            };
            let cu = ws.cu;
            self.w.memory_sample(cu, cycle, &sample);
        }
        let ws = &mut self.waves[wi];
        if ws.track.is_none() {
            return;
        }
        let in_window = self.pc_ok[idx] && self.options.filter.cycle(cycle);
        // The waitcnt model (module docs).
        self.flows_in.clear();
        let mut flow_out = None;
        match self.prog.mem[idx] {
            Mem::None => {}
            Mem::Wait { vm, lgkm } => ws.wait(vm as usize, lgkm as usize, &mut self.flows_in),
            Mem::End => ws.wait(0, 0, &mut self.flows_in),
            m => {
                let flow = match &ws.track {
                    Some(t) if in_window => {
                        let f = self.w.new_wave_flow(t);
                        flow_out = Some(f);
                        f.0
                    }
                    _ => 0,
                };
                ws.next_seq = ws.next_seq.wrapping_add(1);
                let p = Pending {
                    seq: ws.next_seq,
                    flow,
                    flat: m == Mem::Flat,
                };
                if matches!(m, Mem::Vm | Mem::Flat) {
                    ws.vm.push_back(p);
                }
                if matches!(m, Mem::Lgkm | Mem::Flat) {
                    ws.lgkm.push_back(p);
                }
                ws.wait(VMCNT_MAX, LGKMCNT_MAX, &mut self.flows_in);
            }
        }
        if !in_window && self.flows_in.is_empty() {
            return;
        }
        let (vmcnt, lgkmcnt, lanes) = (ws.vm.len() as i64, ws.lgkm.len() as i64, ws.lanes);
        if let Some(st) = stall {
            let n = self.stall_name(st.reason);
            if let Some(t) = &self.waves[wi].track {
                self.w.stall(t, st.start, st.cycles, n);
            }
        }
        if let Some(h) = hazards {
            self.hazard_instants(wi, cycle, &h);
        }
        if let Some(r) = races {
            self.race_instants(wi, cycle, &r);
        }
        let loc = match self.locs[idx] {
            Some(l) => l,
            None => self.location(idx),
        };
        let name = self.inst_names[idx];
        let Some(t) = &self.waves[wi].track else {
            return;
        };
        // indexes into writer::MEMORY_ARGS; of the levels only those that served lines (the others are 0:
        // lines = l1_hits + l2_hits + mall_hits + hbm_lines), to keep slices short
        let mut args = [(0u8, 0u64); 5];
        let mut n_args = 0;
        if let Some(m) = mem {
            if m.kind == MemAccess::LDS {
                args[0] = (5, m.lds_cycles as u64);
                args[1] = (6, m.lds_conflict_cycles as u64);
                n_args = 2;
            } else {
                let levels = [m.lines, m.l1_hits, m.l2_hits, m.mall_hits, m.hbm_lines];
                for (k, &v) in levels.iter().enumerate() {
                    if k == 0 || v > 0 {
                        args[n_args] = (k as u8, v as u64);
                        n_args += 1;
                    }
                }
            }
        }
        // begin, counters and end at once (the standard layout's templates), else packet by packet
        if self.w.instruction_slice(
            t,
            cycle,
            end,
            name,
            loc,
            lanes,
            vmcnt,
            lgkmcnt,
            flow_out,
            &self.flows_in,
            &args[..n_args],
        ) {
            return;
        }
        let out: &[FlowId] = match &flow_out {
            Some(f) => std::slice::from_ref(f),
            None => &[],
        };
        match mem {
            None => self.w.begin_instruction(
                t,
                cycle,
                name,
                Some(loc),
                lanes,
                vmcnt,
                lgkmcnt,
                out,
                &self.flows_in,
            ),
            Some(_) => {
                let args = &args[..n_args];
                self.w.begin_memory_instruction(
                    t,
                    cycle,
                    name,
                    Some(loc),
                    lanes,
                    vmcnt,
                    lgkmcnt,
                    out,
                    &self.flows_in,
                    args,
                );
            }
        }
        self.w.end_instruction(t, end);
    }

    /// The wave left its SIMD at `cycle`. A wave that stopped without `s_endpgm` (fault, instruction limit)
    /// gets the slice of the instruction it stopped at, and its outstanding operations end their flows at an
    /// instant `wave stopped`.
    fn close_wave(&mut self, wi: usize) {
        if !self.waves.get(wi).is_some_and(|w| w.live) {
            return;
        }
        if let Some(idx) = self.waves[wi].pending.take() {
            let at = self.waves[wi].last_cycle;
            self.write_instruction(wi, idx, at, 1, None, None);
        }
        let ws = &mut self.waves[wi];
        ws.live = false;
        ws.hazards.clear();
        ws.races.clear();
        let cycle = ws.last_cycle;
        self.w.simd_busy(ws.cu, ws.simd, cycle, -1);
        self.flows_in.clear();
        ws.wait(0, 0, &mut self.flows_in);
        ws.flat_half.clear();
        if let Some(t) = ws.track.take() {
            if !self.flows_in.is_empty() {
                let n = self.w.name("wave stopped");
                let flows = std::mem::take(&mut self.flows_in);
                self.w.instant(&t, cycle, n, &[], &flows);
                self.flows_in = flows;
                self.flows_in.clear();
            }
            self.w.end_wave(t);
        }
    }

    /// The slot of live wave `wave` (its id in an interleaved run; else a search of its work-group's).
    fn live_slot(&self, wave: u32) -> Option<usize> {
        let live = |wi: usize| self.waves.get(wi).is_some_and(|w| w.live && w.wave == wave);
        if self.options.interleaved {
            return live(wave as usize).then_some(wave as usize);
        }
        (0..self.waves.len()).find(|&wi| live(wi))
    }

    fn wave_start(&mut self, d: &WaveDesc, c: u64, wi: usize) {
        if self.waves.len() <= wi {
            self.waves.resize_with(wi + 1, WaveState::new);
        }
        if !self.options.interleaved && self.group != Some(d.work_group_flat) {
            // One work-group at a time: waves of the last one still open end here, in its chunk.
            for k in 0..self.waves.len() {
                self.close_wave(k);
            }
            self.group = Some(d.work_group_flat);
            self.w.work_group(d.work_group_flat);
        }
        self.close_wave(wi);
        self.w.simd_busy(d.cu, d.simd, c, 1);
        let track = self
            .options
            .filter
            .wave(d.wave)
            .then(|| self.w.wave_track(d));
        let ws = &mut self.waves[wi];
        ws.wave = d.wave;
        ws.cu = d.cu;
        ws.simd = d.simd;
        ws.live = true;
        ws.track = track;
        ws.last_cycle = c;
        ws.pending = None;
        ws.hazards.clear();
        ws.races.clear();
        ws.vm.clear();
        ws.lgkm.clear();
        ws.flat_half.clear();
        ws.next_seq = 0;
    }

    fn barrier_stalls(&mut self, stalls: &[(u32, Stall)]) {
        for &(wave, st) in stalls {
            let Some(wi) = self.live_slot(wave) else {
                continue;
            };
            let in_window = self.options.filter.cycle(st.start);
            if st.cycles == 0 || !in_window {
                continue;
            }
            let n = self.stall_name(st.reason);
            if let Some(t) = &self.waves[wi].track {
                self.w.stall(t, st.start, st.cycles, n);
            }
            let end = st.start + st.cycles;
            let ws = &mut self.waves[wi];
            ws.last_cycle = ws.last_cycle.max(end);
        }
    }

    #[cold]
    fn deadlock_instants(&mut self, d: &RawFinding) {
        let label = |i: u32| self.prog.label.get(i as usize).cloned().unwrap_or_default();
        let waiting = d
            .barriers
            .iter()
            .map(|(i, ws)| format!("waves {ws:?} at {}", label(*i)))
            .collect::<Vec<_>>()
            .join("; ");
        let never = d
            .missing
            .iter()
            .map(|(w, pc)| format!("wave {w} (at 0x{pc:x})"))
            .collect::<Vec<_>>()
            .join(", ");
        let n = self.w.name("race barrier-deadlock");
        for (wave, _) in &d.missing {
            let Some(wi) = self.live_slot(*wave) else {
                continue;
            };
            let at = self.waves[wi].last_cycle;
            let Some(track) = &self.waves[wi].track else {
                continue;
            };
            let args = [
                ("barrier", Arg::Str(label(d.first_idx))),
                ("waiting", Arg::Str(waiting.clone())),
                ("never_arrive", Arg::Str(never.clone())),
                ("severity", Arg::Str("error".to_string())),
            ];
            self.w.instant(track, at, n, &args, &[]);
        }
    }

    /// Close waves that never ended; the writer.
    fn finish(mut self) -> TraceWriter {
        for wi in 0..self.waves.len() {
            self.close_wave(wi);
        }
        self.w
    }
}

impl<C: Clock> TraceObserver<'static, C> {
    /// `new` for an observer that owns its share of the run's static parts (no borrow to outlive).
    pub fn shared(
        prog: Arc<TraceProgram>,
        program: &Program,
        options: Arc<TraceOptions>,
        writer: TraceWriter,
        clock: C,
    ) -> TraceObserver<'static, C> {
        let (cu_count, interleaved) = (options.cu_count, options.interleaved);
        let b = Builder::shared(prog, program, options, writer, &clock);
        TraceObserver::build(Sink::Inline(b), cu_count, interleaved, clock)
    }
}

impl<'a, C: Clock> TraceObserver<'a, C> {
    /// An observer whose builder runs inline, on the run's thread.
    pub fn new(
        prog: &'a TraceProgram,
        program: &Program,
        options: &'a TraceOptions,
        writer: TraceWriter,
        clock: C,
    ) -> TraceObserver<'a, C> {
        let b = Builder::new(
            Shared::Borrowed(prog),
            program,
            Shared::Borrowed(options),
            writer,
            clock.line_bytes(),
        );
        TraceObserver::build(
            Sink::Inline(Box::new(b)),
            options.cu_count,
            options.interleaved,
            clock,
        )
    }

    /// An observer whose builder (waitcnt model, packet encoding) runs on a thread of its own (see the type's
    /// docs); inline when no thread can be started. The file is the same bytes as with [`new`](Self::new).
    pub fn threaded(
        prog: Arc<TraceProgram>,
        program: &Program,
        options: Arc<TraceOptions>,
        writer: TraceWriter,
        clock: C,
    ) -> TraceObserver<'a, C> {
        let (cu_count, interleaved) = (options.cu_count, options.interleaved);
        let b = Builder::shared(prog, program, options, writer, &clock);
        let sink = match Pipe::start(b) {
            Ok(p) => Sink::Threaded(Box::new(p)),
            Err(b) => Sink::Inline(b),
        };
        TraceObserver::build(sink, cu_count, interleaved, clock)
    }

    fn build(sink: Sink<'a>, cu_count: u32, interleaved: bool, clock: C) -> TraceObserver<'a, C> {
        TraceObserver {
            clock,
            hazard_seen: 0,
            race_seen: 0,
            cu_count,
            waves: Vec::new(),
            group: None,
            interleaved,
            barrier_stalls: Vec::new(),
            sink,
        }
    }

    pub fn timing_model(&self) -> &'static str {
        self.clock.timing_model()
    }

    /// Hand the builder the instructions waves are stopped at (before anything that may close a wave).
    fn send_pending(&mut self) {
        for wi in 0..self.waves.len() {
            self.send_pending_of(wi);
        }
    }

    /// [`send_pending`](Self::send_pending) for the wave in slot `wi`.
    fn send_pending_of(&mut self, wi: usize) {
        if let Some(w) = self.waves.get_mut(wi).filter(|w| w.pending) {
            w.pending = false;
            self.sink.cmd(Cmd::Pending {
                wi: wi as u32,
                idx: w.pending_idx,
                lanes: w.pending_lanes,
            });
        }
    }

    /// The slot of `wave`: its index in its work-group, or its id when the waves of every work-group interleave.
    #[inline(always)]
    fn slot(&self, wave: &Wave) -> usize {
        if self.interleaved {
            wave.id.wave as usize
        } else {
            wave.id.wave_in_group as usize
        }
    }

    /// Race events the clock found outside an instruction (a barrier release, a wave's end): instants on each
    /// event's wave at that wave's last cycle.
    #[cold]
    fn loose_races(&mut self) {
        let events = &self.clock.race_events()[self.race_seen..];
        self.race_seen += events.len();
        self.sink.cmd(Cmd::LooseRaces(events.into()));
    }

    /// [`finish`](Self::finish) a run that ended with `fault`: when the race checker names a barrier deadlock
    /// for it, an instant `race barrier-deadlock` on the track of each wave that never arrives, at its last
    /// cycle, naming the barrier(s) with the waves waiting there and the waves that never come.
    pub fn finish_after(mut self, fault: Option<&RunFault>) -> TraceParts<C> {
        let deadlock = fault.and_then(|f| self.clock.race_deadlock(f));
        self.send_pending();
        let TraceObserver { clock, sink, .. } = self;
        let writer = match sink {
            Sink::Inline(mut b) => {
                if let Some(d) = &deadlock {
                    b.deadlock_instants(d);
                }
                b.finish()
            }
            Sink::Threaded(p) => {
                let mut b = p.join();
                if let Some(d) = &deadlock {
                    b.deadlock_instants(d);
                }
                b.finish()
            }
        };
        TraceParts { writer, clock }
    }

    /// Close waves that never ended and hand back the writer and the clock.
    pub fn finish(self) -> TraceParts<C> {
        self.finish_after(None)
    }

    #[inline(always)]
    fn wave_index(&self, wave: &Wave) -> Option<usize> {
        let wi = self.slot(wave);
        self.waves
            .get(wi)
            .is_some_and(|w| w.live && w.wave == wave.id.wave)
            .then_some(wi)
    }
}

impl<C: Clock> Observer for TraceObserver<'_, C> {
    fn wants_lane_addrs(&self) -> bool {
        self.clock.wants_lane_addrs()
    }

    fn wave_start(&mut self, wave: &Wave) {
        let wi = self.slot(wave);
        if wi >= MAX_SLOTS {
            // beyond what a record can name (`MAX_SLOTS`): run, not traced
            self.clock.wave_start(wave);
            return;
        }
        if self.waves.len() <= wi {
            self.waves.resize_with(wi + 1, FrontWave::default);
        }
        if self.interleaved {
            // the wave that held the slot before (none in a co-resident run: every wave has its own)
            self.send_pending_of(wi);
        } else {
            self.send_pending();
        }
        if !self.interleaved && self.group != Some(wave.id.work_group_flat) {
            // the builder closes the last work-group's waves
            for w in &mut self.waves {
                w.live = false;
            }
            self.group = Some(wave.id.work_group_flat);
        }
        let c = self.clock.wave_start(wave);
        let cus = match self.cu_count {
            0 => self.clock.compute_units().unwrap_or(1),
            n => n,
        };
        let cu = wave.id.work_group_flat % cus.max(1);
        self.waves[wi] = FrontWave {
            wave: wave.id.wave,
            live: true,
            ..FrontWave::default()
        };
        let desc = WaveDesc {
            wave: wave.id.wave,
            work_group_flat: wave.id.work_group_flat,
            work_group: wave.id.work_group,
            wave_in_group: wave.id.wave_in_group,
            simd: wave.id.simd,
            cu,
        };
        self.sink
            .cmd(Cmd::WaveStart(Box::new((desc, c, wi as u32))));
    }

    #[inline]
    fn before(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        // the instruments first: what they find here is marked on this instruction
        self.clock.before(wave, idx, inst);
        let hazard = (self.hazard_seen, self.clock.hazard_events().len());
        self.hazard_seen = hazard.1;
        let race = (self.race_seen, self.clock.race_events().len());
        self.race_seen = race.1;
        if let Some(wi) = self.wave_index(wave) {
            let w = &mut self.waves[wi];
            w.pending = true;
            w.pending_idx = idx as u32;
            w.pending_lanes = wavescope::exec::active_lanes(wave.exec());
            if hazard.0 != hazard.1 {
                let e = self.clock.hazard_events()[hazard.0..hazard.1].into();
                self.sink.cmd(Cmd::Hazards(wi as u32, e));
            }
            if race.0 != race.1 {
                let e = self.clock.race_events()[race.0..race.1].into();
                self.sink.cmd(Cmd::Races(wi as u32, e));
            }
        }
    }

    #[inline]
    fn after(&mut self, wave: &Wave, idx: usize, inst: &Inst, pc: u64, flow: Flow) {
        // the wave's slot and lanes first (the clock does not touch them), so the clock's figures go straight
        // from where it keeps them into the record
        let wi = self.slot(wave);
        let at = match self.waves.get_mut(wi) {
            // `before` found this slot to be this wave's and nothing ran between (a faulting instruction's
            // `pending` is sent at the wave's end, a new wave in the slot starts clear)
            Some(w) if w.pending => {
                w.pending = false;
                Some((wi, w.pending_lanes))
            }
            _ => self
                .wave_index(wave)
                .map(|wi| (wi, wavescope::exec::active_lanes(wave.exec()))),
        };
        let sink = &mut self.sink;
        self.clock
            .issue_with(wave, idx, inst, pc, flow, |cycle, cycles, stall, mem| {
                if let Some((wi, lanes)) = at {
                    sink.inst(wi, idx, lanes, cycle, cycles, stall, mem);
                }
            });
    }

    fn wave_end(&mut self, wave: &Wave) {
        self.clock.wave_end(wave);
        if self.clock.race_events().len() > self.race_seen {
            self.loose_races();
        }
        if let Some(wi) = self.wave_index(wave) {
            if self.interleaved {
                // the builder closes this wave alone
                self.send_pending_of(wi);
            } else {
                self.send_pending();
            }
            self.waves[wi].live = false;
            self.sink.cmd(Cmd::WaveEnd(wi as u32));
        }
    }

    fn grid_barrier_release(&mut self, waves: &[u32]) {
        self.clock.grid_barrier_release(waves);
        if self.clock.race_events().len() > self.race_seen {
            self.loose_races();
        }
    }

    fn barrier_release(&mut self, work_group_flat: u32) {
        let mut stalls = std::mem::take(&mut self.barrier_stalls);
        self.clock.barrier_release(work_group_flat, &mut stalls);
        if self.clock.race_events().len() > self.race_seen {
            self.loose_races();
        }
        if stalls.is_empty() {
            self.barrier_stalls = stalls;
            return;
        }
        match &mut self.sink {
            Sink::Inline(b) => {
                b.barrier_stalls(&stalls);
                stalls.clear();
                self.barrier_stalls = stalls;
            }
            Sink::Threaded(p) => p.push(Cmd::BarrierStalls(stalls)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hand-over's budget: few wake-ups of the builder's thread per instruction, bounded memory.
    #[test]
    fn batch_hand_over_budget() {
        // at most 64 batches (so wake-ups) per million wave-instructions (4096 records a batch made 245)
        assert!(1_000_000 / BATCH <= 64, "{BATCH} records per batch");
        // the records of every batch alive at once (queued, being filled, being encoded, returned) under 3 MiB
        assert!(BATCHES * BATCH * std::mem::size_of::<InstRec>() <= 3 << 20);
    }
}
