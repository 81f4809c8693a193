//! Interactive execution of one dispatch: the small interface the debugger (`debugger/`) and the terminal UI drive.
//!
//! A [`Machine`] owns a loaded [`Session`] and the waves that are resident now. Work-groups launch lazily in flat
//! order and at most [`MachineOptions::resident_waves`] waves (whole work-groups) are resident at once, as on a GPU
//! with a bounded number of CUs; a work-group whose waves all ended retires and frees its slot. So a dispatch of
//! thousands of waves costs only what its resident work-groups cost.
//!
//! Execution is requested with a [`Plan`] (what each wave may do: continue, step one instruction, step while the PC
//! stays in a range, or stay stopped) and carried out by [`Machine::run`] until something a user wants to know
//! about happens ([`Stop`]): a breakpoint, a finished step, a watched memory write, a fault, a trap, a wave that
//! cannot go on, or the end of the dispatch. `run` calls a poll function every few thousand instructions so an
//! interactive front end can interrupt; when the poll says so `run` returns `None` and a later `run` carries on
//! with the same plan.
//!
//! The schedule itself (residency, round robin, stepping, barriers, the budget and the stop flag) is the resident
//! policy, `engine::resident`; the Machine is its debugger-facing façade: it adds breakpoints, watchpoints, shadow
//! call stacks and the instruments through `engine::resident::Hooks`. Every instruction is `engine::step::issue`,
//! the step of the batch policy too (`tests/scheduler_differential.rs` holds both to the same results).
//!
//! Nothing here knows about gdb or terminals: stop events are this module's own enum, addresses are device
//! addresses, register state is the executor's [`Wave`].
//!
//! Instrumentation (module `instrument`), all off by default and driven by the run loop itself: the live cycle
//! model ([`Machine::enable_timing`], read with [`Machine::timing`]: per-wave clocks, outstanding memory
//! operations, per-PC cycles and a bounded timeline strip per wave), the live hazard and missing-wait checker
//! ([`Machine::enable_hazards`]; with `stop_on_findings` a wave stops before the consumer instruction of a new
//! finding, reported as [`Stop::Breakpoint`] with [`Machine::finding_stop`] saying which), the live race and
//! barrier checker ([`Machine::enable_races`], the batch run's checker; with `stop_on_findings` a wave stops before
//! the second access of a new race, [`Machine::race_stop`] naming both sides), and one adapter
//! observer ([`Machine::attach_observer`]; [`Machine::attach_timed_observer`] also hands it the model's
//! [`TimedSpan`]s, e.g. for a trace drawn in modelled cycles). Unlike `crate::engine::run_observed`, whose observers see
//! one work-group at a time, the attached observer sees the events of every resident work-group interleaved.

mod instrument;

pub use instrument::{
    Activity, FindingStop, MachineTiming, PcCycles, PcMemory, StallKind, StripCell, TimedObserver,
    TimedSpan, WaveCycles, STRIP_BUCKETS,
};

use crate::engine::resident::{Group, Hooks, Resident};
use crate::exec::observe::Observer;
use crate::exec::{Fault, Flow, Wave, WaveStatus, LANES};
use crate::isa::{Format, Op};
use crate::launch::Dispatch;
use crate::launch::RunFault;
use crate::observers::hazards::HazardEvent;
use crate::observers::races::{RaceEvent, RaceFindings, RaceOptions, RawFinding};
use crate::observers::timing::CycleModel;
use crate::session::Session;
use instrument::{Attached, Instruments, LiveHazards, LiveRaces};

pub use crate::engine::resident::{
    Action, Blocked, LaneWrite, MachineOptions, Plan, Stop, WatchHit,
};

/// A wave's state in a user's words.
/// A wave's state in a user's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveState {
    Running,
    /// About to execute (or waiting in) `s_waitcnt`.
    Waitcnt,
    Barrier,
    Done,
    Faulted,
}

impl WaveState {
    pub fn as_str(self) -> &'static str {
        match self {
            WaveState::Running => "running",
            WaveState::Waitcnt => "s_waitcnt",
            WaveState::Barrier => "barrier",
            WaveState::Done => "done",
            WaveState::Faulted => "faulted",
        }
    }
}

/// Errors of debugger-side accesses (never of the kernel).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AccessError {
    #[error("no resident wave {0}")]
    NoWave(u32),
    #[error("address 0x{0:x} is not mapped")]
    Unmapped(u64),
    #[error("address 0x{0:x} is read-only")]
    ReadOnly(u64),
    #[error("lane {0} is out of range")]
    BadLane(u32),
}

/// Call-like instructions, for the shadow call stacks.
const CALL: u8 = 1;
const SETPC: u8 = 2;
/// Deepest call chain remembered per wave (deeper calls keep the innermost ones).
const MAX_CALL_DEPTH: usize = 64;

struct Watch {
    addr: u64,
    len: u64,
    /// The bytes last seen (None while the range is unmapped).
    last: Option<Vec<u8>>,
}

/// The debugger's part of a machine: what its hooks into the resident schedule keep.
struct Debugger {
    /// Per instruction index: a breakpoint is set at its PC.
    bp_at: Vec<bool>,
    /// Breakpoints at addresses where no instruction starts (kept so removal answers truthfully).
    bp_elsewhere: Vec<u64>,
    watches: Vec<Watch>,
    /// Per instruction index: bytes per lane a FLAT/GLOBAL store or atomic writes (0 for other instructions).
    store_width: Vec<u8>,
    /// Per instruction index: CALL (s_swappc_b64, s_call_b64), SETPC (s_setpc_b64, a return) or 0.
    call_kind: Vec<u8>,
    last_watch: Option<WatchHit>,
    /// Timing, hazards and the adapter's observer; None while all are off (one check per instruction).
    instr: Option<Box<Instruments>>,
}

/// One dispatch under interactive control. See the module documentation.
pub struct Machine {
    session: Session,
    /// The resident schedule.
    sched: Resident,
    dbg: Debugger,
    /// The fault the last `run` stopped at (the race checker's barrier deadlock reads it).
    last_fault: Option<RunFault>,
}

impl Machine {
    /// Take over a loaded session; the first work-groups become resident, stopped before their first instruction.
    pub fn new(session: Session, opts: MachineOptions) -> Machine {
        let d = &session.dispatch;
        let n = d.program.insts.len();
        let store_width = d
            .program
            .insts
            .iter()
            .map(|i| flat_store_width(i.format, i.op))
            .collect();
        let call_kind = d
            .program
            .insts
            .iter()
            .map(|i| match i.op {
                Op::S_SWAPPC_B64 | Op::S_CALL_B64 => CALL,
                Op::S_SETPC_B64 => SETPC,
                _ => 0,
            })
            .collect();
        let mut dbg = Debugger {
            bp_at: vec![false; n],
            bp_elsewhere: Vec::new(),
            watches: Vec::new(),
            store_width,
            call_kind,
            last_watch: None,
            instr: None,
        };
        let sched = Resident::new(d, opts, &mut dbg);
        Machine {
            session,
            sched,
            dbg,
            last_fault: None,
        }
    }

    pub fn session(&self) -> &Session {
        &self.session
    }
    pub fn dispatch(&self) -> &Dispatch {
        &self.session.dispatch
    }
    pub fn options(&self) -> &MachineOptions {
        self.sched.options()
    }
    /// Give the session back (e.g. to check outputs after the end).
    pub fn into_session(self) -> Session {
        self.session
    }

    // ---- waves ----------------------------------------------------------------------------------------------

    /// Resident waves that have not ended, in launch order.
    pub fn waves(&self) -> impl Iterator<Item = &Wave> + '_ {
        self.sched
            .groups
            .iter()
            .flat_map(|g| g.waves.iter())
            .filter(|w| w.wave_status != WaveStatus::Done)
    }

    /// Every resident wave, ended ones included (they stay until their work-group retires).
    pub fn resident_waves(&self) -> impl Iterator<Item = &Wave> + '_ {
        self.sched.groups.iter().flat_map(|g| g.waves.iter())
    }

    /// A resident wave by its dispatch-wide index (`WaveId::wave`), ended or not.
    pub fn wave(&self, wave: u32) -> Option<&Wave> {
        let (g, w) = self.sched.locate(wave)?;
        Some(&self.sched.groups[g].waves[w])
    }

    pub fn wave_mut(&mut self, wave: u32) -> Option<&mut Wave> {
        let (g, w) = self.sched.locate(wave)?;
        Some(&mut self.sched.groups[g].waves[w])
    }

    /// Return addresses of the device-function calls `wave` is inside, innermost last (empty in the kernel's own
    /// code). Kept by the machine as calls and returns execute.
    pub fn call_stack(&self, wave: u32) -> &[u64] {
        match self.sched.locate(wave) {
            Some((g, w)) => &self.sched.groups[g].calls[w],
            None => &[],
        }
    }

    /// Is this wave resident and not ended?
    pub fn is_live(&self, wave: u32) -> bool {
        self.wave(wave)
            .is_some_and(|w| w.wave_status != WaveStatus::Done)
    }

    pub fn wave_state(&self, wave: &Wave) -> WaveState {
        match wave.wave_status {
            WaveStatus::Done => WaveState::Done,
            WaveStatus::Faulted => WaveState::Faulted,
            // a grid barrier (ds_gws_barrier) is a barrier to the user too
            WaveStatus::AtBarrier | WaveStatus::AtGridBarrier => WaveState::Barrier,
            WaveStatus::Running => match self.session.dispatch.program.inst_at(wave.pc) {
                Some(i) if i.op == Op::S_WAITCNT => WaveState::Waitcnt,
                _ => WaveState::Running,
            },
        }
    }

    /// Work-groups: (retired, resident, not yet launched).
    pub fn group_counts(&self) -> (u32, u32, u32) {
        (
            self.sched.groups_retired,
            self.sched.groups.len() as u32,
            self.sched.total_groups - self.sched.next_group,
        )
    }
    pub fn total_waves(&self) -> u64 {
        self.session.dispatch.wave_count()
    }
    pub fn wave_instructions(&self) -> u64 {
        self.sched.wave_instructions
    }
    /// Has every wave of the dispatch ended?
    pub fn finished(&self) -> bool {
        self.sched.finished()
    }
    /// The last watched write (for "which lane wrote what").
    pub fn last_watch(&self) -> Option<&WatchHit> {
        self.dbg.last_watch.as_ref()
    }

    // ---- instrumentation ------------------------------------------------------------------------------------

    fn instruments(&mut self) -> &mut Instruments {
        self.dbg.instr.get_or_insert_with(Default::default)
    }

    /// Turn on the live cycle model (`crate::observers::timing`) with `model` (`CycleModel::default()` is cdna4.toml).
    /// Call it before the first `run` for clocks from the start of the dispatch: waves already resident start
    /// their clocks now, at 0. Read it with [`Machine::timing`]. A second call starts the model afresh.
    pub fn enable_timing(&mut self, model: CycleModel) {
        let d = &self.session.dispatch;
        let mut t = MachineTiming::new(d, model, self.sched.waves_per_group);
        for g in &mut self.sched.groups {
            g.timing_slot = t.group_start(g.flat, &g.waves);
        }
        self.instruments().timing = Some(t);
    }

    /// The live cycle model, when on.
    pub fn timing(&self) -> Option<&MachineTiming> {
        self.dbg.instr.as_deref().and_then(|i| i.timing.as_ref())
    }

    /// Turn on the live hazard and missing-wait checker (`crate::observers::hazards`). With `stop_on_findings`, a wave
    /// about to execute the consumer instruction of a finding no wave hit before stops there (`run` returns
    /// [`Stop::Breakpoint`] at the consumer's PC, [`Machine::finding_stop`] names the finding); each finding
    /// (rule or counter, producer PC, consumer PC) stops once per dispatch. Call it before the first `run`: the
    /// checker needs every instruction of a wave from its start (waves already resident start clean now).
    pub fn enable_hazards(&mut self, stop_on_findings: bool) {
        let d = &self.session.dispatch;
        let mut h = LiveHazards::new(&d.program, d.apertures, stop_on_findings);
        for w in self.waves() {
            h.checker.wave_start(w);
        }
        self.instruments().hazards = Some(h);
    }

    /// Is the live hazard checker on?
    pub fn hazards_enabled(&self) -> bool {
        self.dbg
            .instr
            .as_deref()
            .is_some_and(|i| i.hazards.is_some())
    }

    /// First occurrence per (finding, wave) of every hazard and missing wait the live checker found so far
    /// (empty when it is off).
    pub fn hazard_events(&self) -> &[HazardEvent] {
        self.dbg
            .instr
            .as_deref()
            .and_then(|i| i.hazards.as_ref())
            .map_or(&[], |h| h.checker.events())
    }

    /// The findings the last stop was for (empty unless it was a finding stop; cleared by `resume`).
    pub fn finding_stop(&self) -> &[FindingStop] {
        self.dbg.instr.as_deref().map_or(&[], |i| &i.finding_stop)
    }

    /// Turn on the live race and barrier checker (`crate::observers::races`, the batch run's checker fed from
    /// the resident policy's hooks). With `stop_on_findings`, a wave about to execute the second access of a race
    /// no wave made before stops there, before it executes (as a hazard stops before its consumer): `run`
    /// returns [`Stop::Breakpoint`] at that PC and [`Machine::race_stop`] names the finding (both accesses).
    /// Each finding (kind, access order, first PC, second PC) stops once per dispatch. Findings made at a barrier
    /// release (divergent barriers) or a wave's end (LDS DMA landing then) are listed but stop no wave. Call it
    /// before the first `run`.
    pub fn enable_races(&mut self, opts: RaceOptions, stop_on_findings: bool) {
        let mut r = LiveRaces::new(&self.session.dispatch, opts, stop_on_findings);
        for w in self.waves() {
            r.checker.wave_start(w);
        }
        self.instruments().races = Some(r);
    }

    /// The live race checker's options, when it is on.
    pub fn races_enabled(&self) -> Option<RaceOptions> {
        self.dbg
            .instr
            .as_deref()
            .and_then(|i| i.races.as_ref())
            .map(|r| r.opts)
    }

    /// First occurrence of each race or barrier finding so far, in order (empty when the checker is off).
    pub fn race_events(&self) -> &[RaceEvent] {
        self.dbg
            .instr
            .as_deref()
            .and_then(|i| i.races.as_ref())
            .map_or(&[], |r| r.checker.events())
    }

    /// The race findings so far, as a whole run reports them (`RaceFindings::merge`): with the fault the last
    /// `run` stopped at, a barrier deadlock when waves of the faulting wave's work-group wait at a barrier it
    /// never reached. Describe them with `crate::observers::races::describe`. None when the checker is off.
    pub fn race_findings(&self) -> Option<RaceFindings> {
        let r = self.dbg.instr.as_deref()?.races.as_ref()?;
        Some(RaceFindings::snapshot(
            &r.checker,
            self.last_fault.as_ref(),
            r.opts,
        ))
    }

    /// The race findings the last stop was for, as counted at the stop (empty unless it was a race finding
    /// stop; cleared by `resume`).
    pub fn race_stop(&self) -> &[RawFinding] {
        self.dbg.instr.as_deref().map_or(&[], |i| &i.race_stop)
    }

    /// Attach an adapter's observer (replacing and returning the one attached before). It sees `wave_start`
    /// now for every live resident wave, then every event of the run loop; events of the resident work-groups
    /// interleave (keep one inner observer per work-group if yours assumes one at a time).
    pub fn attach_observer(
        &mut self,
        mut observer: Box<dyn Observer + Send>,
    ) -> Option<Box<dyn Observer + Send>> {
        for w in self.waves() {
            observer.wave_start(w);
        }
        self.instruments()
            .observer
            .replace(Attached::Plain(observer))
            .map(Attached::into_plain)
    }

    /// `attach_observer` for an observer that also draws the live cycle model's time: it gets the model's
    /// [`TimedSpan`]s of every instruction before `after` reports it (turn the model on with `enable_timing`).
    /// A wave's spans count from its work-group's launch: read [`MachineTiming::wave_clock`] at attach time for
    /// where the waves already running are.
    pub fn attach_timed_observer(
        &mut self,
        mut observer: Box<dyn TimedObserver>,
    ) -> Option<Box<dyn Observer + Send>> {
        for w in self.waves() {
            observer.wave_start(w);
        }
        self.instruments()
            .observer
            .replace(Attached::Timed(observer))
            .map(Attached::into_plain)
    }

    /// Detach the adapter's observer (e.g. to finish a trace).
    pub fn detach_observer(&mut self) -> Option<Box<dyn Observer + Send>> {
        self.dbg
            .instr
            .as_deref_mut()?
            .observer
            .take()
            .map(Attached::into_plain)
    }

    // ---- memory -------------------------------------------------------------------------------------------

    /// Read device memory as `wave` sees it: global memory, and the LDS aperture (its work-group's LDS).
    /// Returns the bytes read; stops early at the end of a mapping (0 when nothing at `addr` is mapped).
    pub fn read_memory(&self, wave: Option<u32>, addr: u64, out: &mut [u8]) -> usize {
        let d = &self.session.dispatch;
        if let Some(off) = lds_offset(d, addr) {
            let Some(lds) = wave
                .and_then(|w| self.sched.locate(w))
                .map(|(g, _)| &self.sched.groups[g].lds)
            else {
                return 0;
            };
            return copy_from(lds, off, out);
        }
        let mut done = 0;
        while done < out.len() {
            let a = addr.wrapping_add(done as u64);
            let Ok(r) = d.mem.region_at(a, 1) else { break };
            let n = ((r.base + r.size - a) as usize).min(out.len() - done);
            if d.mem.read(a, &mut out[done..done + n]).is_err() {
                break;
            }
            done += n;
        }
        done
    }

    /// Write device memory (global memory, or the LDS aperture of `wave`'s work-group).
    pub fn write_memory(
        &mut self,
        wave: Option<u32>,
        addr: u64,
        data: &[u8],
    ) -> Result<(), AccessError> {
        let d = &self.session.dispatch;
        if let Some(off) = lds_offset(d, addr) {
            let (g, _) = wave
                .and_then(|w| self.sched.locate(w))
                .ok_or(AccessError::Unmapped(addr))?;
            let lds = &mut self.sched.groups[g].lds;
            let end = off
                .checked_add(data.len())
                .filter(|&e| e <= lds.len())
                .ok_or(AccessError::Unmapped(addr))?;
            lds[off..end].copy_from_slice(data);
            return Ok(());
        }
        d.mem.write(addr, data).map_err(|e| match e {
            crate::exec::MemError::ReadOnly { addr } => AccessError::ReadOnly(addr),
            _ => AccessError::Unmapped(addr),
        })?;
        // A debugger write is not the kernel's: watches see it as the new baseline.
        self.refresh_watches();
        Ok(())
    }

    /// The LDS of `wave`'s work-group.
    pub fn lds(&self, wave: u32) -> Result<&[u8], AccessError> {
        let (g, _) = self.sched.locate(wave).ok_or(AccessError::NoWave(wave))?;
        Ok(&self.sched.groups[g].lds)
    }

    /// The private (scratch) memory of one lane of `wave`.
    pub fn scratch(&self, wave: u32, lane: u32) -> Result<&[u8], AccessError> {
        let w = self.wave(wave).ok_or(AccessError::NoWave(wave))?;
        if lane as usize >= LANES {
            return Err(AccessError::BadLane(lane));
        }
        let size = w.private_size as usize;
        Ok(w.scratch
            .get(lane as usize * size..(lane as usize + 1) * size)
            .unwrap_or(&[]))
    }

    // ---- breakpoints and watchpoints --------------------------------------------------------------------

    /// Set a breakpoint at `pc`. Returns false when no instruction starts there (it is remembered, never hit).
    pub fn add_breakpoint(&mut self, pc: u64) -> bool {
        match self.session.dispatch.program.index_of(pc) {
            Some(i) => {
                self.dbg.bp_at[i] = true;
                true
            }
            None => {
                if !self.dbg.bp_elsewhere.contains(&pc) {
                    self.dbg.bp_elsewhere.push(pc);
                }
                false
            }
        }
    }

    /// Remove a breakpoint; false if none was set at `pc`.
    pub fn remove_breakpoint(&mut self, pc: u64) -> bool {
        match self.session.dispatch.program.index_of(pc) {
            Some(i) => std::mem::replace(&mut self.dbg.bp_at[i], false),
            None => {
                let n = self.dbg.bp_elsewhere.len();
                self.dbg.bp_elsewhere.retain(|&a| a != pc);
                n != self.dbg.bp_elsewhere.len()
            }
        }
    }

    pub fn breakpoints(&self) -> Vec<u64> {
        let p = &self.session.dispatch.program;
        let mut v: Vec<u64> = self
            .dbg
            .bp_at
            .iter()
            .enumerate()
            .filter(|(_, &b)| b)
            .map(|(i, _)| p.pcs[i])
            .collect();
        v.extend(&self.dbg.bp_elsewhere);
        v
    }

    /// Watch writes to `len` bytes of global memory at `addr`.
    pub fn add_watch(&mut self, addr: u64, len: u64) {
        let len = len.clamp(1, 4096);
        let last = self.read_exact(addr, len);
        self.dbg.watches.push(Watch { addr, len, last });
    }

    pub fn remove_watch(&mut self, addr: u64, len: u64) -> bool {
        let len = len.clamp(1, 4096);
        match self
            .dbg
            .watches
            .iter()
            .position(|w| w.addr == addr && w.len == len)
        {
            Some(i) => {
                self.dbg.watches.remove(i);
                true
            }
            None => false,
        }
    }

    pub fn clear_breakpoints_and_watches(&mut self) {
        self.dbg.bp_at.iter_mut().for_each(|b| *b = false);
        self.dbg.bp_elsewhere.clear();
        self.dbg.watches.clear();
    }

    fn read_exact(&self, addr: u64, len: u64) -> Option<Vec<u8>> {
        Debugger::read_exact(&self.session.dispatch, addr, len)
    }

    fn refresh_watches(&mut self) {
        for i in 0..self.dbg.watches.len() {
            let (a, l) = (self.dbg.watches[i].addr, self.dbg.watches[i].len);
            self.dbg.watches[i].last = self.read_exact(a, l);
        }
    }

    // ---- execution ----------------------------------------------------------------------------------------

    /// Set what each wave does until the next stop. Waves the plan lets run leave a fault behind them (they retry
    /// the faulting instruction, as a process resumed without the signal does).
    pub fn resume(&mut self, plan: Plan) {
        if let Some(ins) = self.dbg.instr.as_deref_mut() {
            ins.finding_stop.clear();
            ins.race_stop.clear();
        }
        self.sched.resume(plan);
    }

    /// Forget the plan: every wave stays where it is. Returns the wave a front end should name as stopped.
    pub fn halt(&mut self) -> Option<u32> {
        self.sched.halt()
    }

    /// Carry out the plan until a stop (`Some`) or until `poll` asks to pause or the stop flag
    /// (`MachineOptions::control`) is raised (`None`; call `run` again to go on).
    pub fn run(&mut self, poll: &mut dyn FnMut() -> bool) -> Option<Stop> {
        let stop = self.sched.run(&self.session.dispatch, &mut self.dbg, poll);
        if let Some(Stop::Fault { fault, .. }) = &stop {
            self.last_fault = Some(fault.clone());
        }
        stop
    }

    /// Run every wave to the end: breakpoints and watches are cleared first. Returns `Some` at the end of the
    /// dispatch, at the first fault (the budget's included) and, when stop-on-findings is on, at a finding stop
    /// (call it again to go on past it; [`Machine::ignore_findings`] first to run through them, as after a
    /// detach); `None` when the stop flag (`MachineOptions::control`, e.g. Ctrl-C) is raised: the run paused at
    /// a poll point, and a later call goes on from there.
    pub fn run_to_end(&mut self) -> Option<Stop> {
        self.clear_breakpoints_and_watches();
        self.resume(Plan::continue_all());
        // with a poll that never asks to pause, `run` pauses only for the stop flag
        self.run(&mut || false)
    }

    /// Stop at no more findings (hazards and races are still checked and listed): what a detached or
    /// unattended run wants.
    pub fn ignore_findings(&mut self) {
        if let Some(ins) = self.dbg.instr.as_deref_mut() {
            if let Some(h) = &mut ins.hazards {
                h.stop = false;
            }
            if let Some(r) = &mut ins.races {
                r.stop = false;
            }
        }
    }
}

impl Hooks for Debugger {
    fn before(&mut self, d: &Dispatch, wave: &Wave, i: usize, check_bp: bool) -> Option<Stop> {
        if check_bp && self.bp_at[i] {
            return Some(Stop::Breakpoint {
                wave: wave.id.wave,
                pc: wave.pc,
            });
        }
        self.instr
            .as_deref_mut()?
            .before(&d.mem, wave, i, &d.program.insts[i])
    }

    fn after(
        &mut self,
        d: &Dispatch,
        group: &mut Group,
        w: usize,
        idx: Option<usize>,
        pc: u64,
        r: &Result<Flow, Box<Fault>>,
    ) -> Option<Stop> {
        let flow = match r {
            Ok(flow) => *flow,
            Err(_) => {
                if let (Some(ins), Some(_)) = (self.instr.as_deref_mut(), idx) {
                    // the wave stays at the faulting PC and may retry it: the checkers saw it already
                    ins.pending
                        .push((group.waves[w].id.wave, pc, instrument::SEEN_ALL));
                }
                return None;
            }
        };
        let i = idx?;
        if let Some(ins) = self.instr.as_deref_mut() {
            ins.after(
                group.timing_slot,
                &group.waves[w],
                i,
                &d.program.insts[i],
                pc,
                flow,
            );
        }
        // Shadow call stack: what a debugger unwinds device-function frames with (the AMDGPU code objects carry
        // no usable CFI). A call pushes its return address; a jump to a remembered return address pops to it.
        match self.call_kind[i] {
            CALL => {
                let ret = pc + d.program.insts[i].size as u64;
                let stack = &mut group.calls[w];
                if stack.len() == MAX_CALL_DEPTH {
                    stack.remove(0);
                }
                stack.push(ret);
            }
            SETPC => {
                let to = group.waves[w].pc;
                let stack = &mut group.calls[w];
                if let Some(k) = stack.iter().rposition(|&r| r == to) {
                    stack.truncate(k);
                }
            }
            _ => {}
        }
        if self.watches.is_empty() {
            return None;
        }
        let hit = self.check_watches(d, &group.waves[w], pc, i)?;
        self.last_watch = Some(hit.clone());
        Some(Stop::Watch(hit))
    }

    fn wave_end(&mut self, wave: &Wave) {
        if let Some(ins) = self.instr.as_deref_mut() {
            ins.wave_end(wave);
        }
    }

    fn barrier_release(&mut self, group: &Group) {
        if let Some(ins) = self.instr.as_deref_mut() {
            ins.barrier_release(group.timing_slot, group.flat);
        }
    }

    fn grid_barrier_release(&mut self, waves: &[u32]) {
        if let Some(ins) = self.instr.as_deref_mut() {
            ins.grid_barrier_release(waves);
        }
    }

    fn group_start(&mut self, flat: u32, waves: &[Wave]) -> usize {
        self.instr
            .as_deref_mut()
            .map_or(usize::MAX, |ins| ins.group_start(flat, waves))
    }

    fn group_end(&mut self, group: &Group) {
        if let Some(t) = self.instr.as_deref_mut().and_then(|i| i.timing.as_mut()) {
            t.group_end(group.timing_slot);
        }
    }

    fn wants_lane_addrs(&self) -> bool {
        self.instr.as_deref().is_some_and(|i| i.wants_lane_addrs())
    }
}

impl Debugger {
    fn read_exact(d: &Dispatch, addr: u64, len: u64) -> Option<Vec<u8>> {
        let mut v = vec![0u8; len as usize];
        d.mem.read(addr, &mut v).ok().map(|_| v)
    }

    /// Compare the watched ranges with what they held; on a change, say which lanes of the writing instruction
    /// stored into the range.
    fn check_watches(
        &mut self,
        d: &Dispatch,
        wave: &Wave,
        pc: u64,
        idx: usize,
    ) -> Option<WatchHit> {
        let mut hit = None;
        for i in 0..self.watches.len() {
            let (addr, len) = (self.watches[i].addr, self.watches[i].len);
            let now = Self::read_exact(d, addr, len);
            if now == self.watches[i].last {
                continue;
            }
            let old = std::mem::replace(&mut self.watches[i].last, now.clone());
            if hit.is_some() {
                continue;
            }
            let (Some(old), Some(new)) = (old, now) else {
                continue;
            };
            let first = old.iter().zip(&new).position(|(a, b)| a != b).unwrap_or(0);
            let lanes = self.store_lanes(d, wave, idx, addr, len);
            hit = Some(WatchHit {
                wave: wave.id.wave,
                pc,
                watch_addr: addr,
                watch_len: len,
                addr: addr + first as u64,
                old,
                new,
                lanes,
            });
        }
        hit
    }

    /// Lanes of the FLAT/GLOBAL store or atomic at instruction `i` whose bytes fall in `addr..addr+len`, from the
    /// wave's registers after the instruction (a store does not change its address operands).
    fn store_lanes(
        &self,
        d: &Dispatch,
        wave: &Wave,
        i: usize,
        addr: u64,
        len: u64,
    ) -> Vec<LaneWrite> {
        let width = self.store_width[i];
        if width == 0 {
            return Vec::new();
        }
        let inst = &d.program.insts[i];
        let exec = wave.exec();
        let vaddr = inst.src[0];
        let saddr = inst.src[2];
        // encodings.md FLAT/GLOBAL: with an SADDR the address is SGPR pair + 32-bit VGPR offset, else a 64-bit
        // VGPR pair; plus the signed immediate offset.
        let use_saddr = inst.format == Format::Global && !saddr.is_none() && saddr.0 < 128;
        let sbase = if use_saddr {
            wave.sgpr[saddr.0 as usize] as u64
                | (wave.sgpr[(saddr.0 as usize + 1) & 127] as u64) << 32
        } else {
            0
        };
        let mut out = Vec::new();
        for lane in 0..LANES {
            if exec >> lane & 1 == 0 {
                continue;
            }
            let base = if use_saddr {
                sbase.wrapping_add(wave.lane(vaddr, lane) as u64)
            } else {
                let lo = wave.lane(vaddr, lane) as u64;
                let hi = wave.lane(crate::isa::Operand(vaddr.0 + 1), lane) as u64;
                lo | hi << 32
            };
            let a = base.wrapping_add(inst.imm as i64 as u64);
            if a < addr + len && addr < a.wrapping_add(width as u64) {
                out.push(LaneWrite {
                    lane: lane as u8,
                    addr: a,
                    len: width,
                });
            }
        }
        out
    }
}

/// One wave as the DWARF location evaluator reads it (`debug_info::WaveView`): registers, and memory in the
/// AMDGPU DWARF address spaces, so a front end can print source variables per lane.
pub struct WaveDebugView<'a> {
    machine: &'a Machine,
    wave: &'a Wave,
}

impl Machine {
    /// The DWARF view of a resident wave.
    pub fn debug_view(&self, wave: u32) -> Option<WaveDebugView<'_>> {
        Some(WaveDebugView {
            machine: self,
            wave: self.wave(wave)?,
        })
    }
}

impl crate::debug_info::WaveView for WaveDebugView<'_> {
    fn pc(&self) -> u64 {
        self.wave.pc
    }
    fn exec(&self) -> u64 {
        self.wave.exec()
    }
    fn vcc(&self) -> u64 {
        self.wave.vcc()
    }
    fn status(&self) -> u32 {
        self.wave.status | self.wave.scc as u32
    }
    fn sgpr(&self, n: u32) -> u32 {
        self.wave.sgpr.get(n as usize).copied().unwrap_or(0)
    }
    fn vgpr(&self, n: u32, lane: u32) -> u32 {
        // v0..v255 only: the upper half of the unified file is the AGPRs, read through `agpr`.
        if n >= 256 {
            return 0;
        }
        self.wave
            .vreg
            .get(n as usize)
            .map_or(0, |v| v[lane as usize % LANES])
    }
    fn agpr(&self, n: u32, lane: u32) -> u32 {
        if n >= 256 {
            return 0;
        }
        self.wave
            .vreg
            .get(256 + n as usize)
            .map_or(0, |v| v[lane as usize % LANES])
    }
    fn read_memory(
        &self,
        space: crate::debug_info::AddrSpace,
        lane: u32,
        addr: u64,
        buf: &mut [u8],
    ) -> bool {
        use crate::debug_info::AddrSpace;
        let id = self.wave.id.wave;
        let from = |mem: &[u8], off: u64, buf: &mut [u8]| {
            let Some(src) = usize::try_from(off)
                .ok()
                .and_then(|o| mem.get(o..o.checked_add(buf.len())?))
            else {
                return false;
            };
            buf.copy_from_slice(src);
            true
        };
        match space {
            // encodings.md FLAT: a generic address in the private aperture is the lane's scratch offset (the
            // shared aperture and global memory are what `Machine::read_memory` routes).
            AddrSpace::Generic
                if addr.wrapping_sub(self.machine.dispatch().apertures.private_base)
                    < crate::exec::Apertures::SIZE =>
            {
                let off = addr - self.machine.dispatch().apertures.private_base;
                self.machine
                    .scratch(id, lane % LANES as u32)
                    .is_ok_and(|s| from(s, off, buf))
            }
            AddrSpace::Global | AddrSpace::Generic => {
                self.machine.read_memory(Some(id), addr, buf) == buf.len()
            }
            AddrSpace::Local => self.machine.lds(id).is_ok_and(|l| from(l, addr, buf)),
            AddrSpace::PrivateLane => self
                .machine
                .scratch(id, lane)
                .is_ok_and(|s| from(s, addr, buf)),
            // AMDGPUUsage "Address Space Identifier": in private_wave, dword d of lane l lies at (d * 64 + l) * 4.
            AddrSpace::PrivateWave => buf.iter_mut().enumerate().all(|(i, b)| {
                let Some(a) = addr.checked_add(i as u64) else {
                    return false;
                };
                let (dword, byte) = (a / 4, a % 4);
                let (l, d) = ((dword % LANES as u64) as u32, dword / LANES as u64);
                let mut one = [0u8];
                let ok = self
                    .machine
                    .scratch(id, l)
                    .is_ok_and(|s| from(s, d * 4 + byte, &mut one));
                *b = one[0];
                ok
            }),
            AddrSpace::Region | AddrSpace::Other(_) => false,
        }
    }
}

/// Offset into the LDS when `addr` lies in the shared (LDS) aperture.
fn lds_offset(d: &Dispatch, addr: u64) -> Option<usize> {
    let base = d.apertures.shared_base;
    (addr >= base && addr - base < crate::exec::Apertures::SIZE).then(|| (addr - base) as usize)
}

fn copy_from(src: &[u8], off: usize, out: &mut [u8]) -> usize {
    if off >= src.len() {
        return 0;
    }
    let n = (src.len() - off).min(out.len());
    out[..n].copy_from_slice(&src[off..off + n]);
    n
}

/// Bytes per lane a FLAT/GLOBAL store or atomic writes (0: not one), from its mnemonic (load time only).
fn flat_store_width(format: Format, op: Op) -> u8 {
    if !matches!(format, Format::Flat | Format::Global) {
        return 0;
    }
    let name = op.name();
    let Some(rest) = name
        .strip_prefix("global_")
        .or_else(|| name.strip_prefix("flat_"))
    else {
        return 0;
    };
    if let Some(kind) = rest.strip_prefix("store_") {
        return match kind {
            k if k.starts_with("byte") => 1,
            k if k.starts_with("short") => 2,
            "dwordx2" => 8,
            "dwordx3" => 12,
            "dwordx4" => 16,
            _ => 4,
        };
    }
    if rest.starts_with("atomic_") {
        return if rest.ends_with("_x2")
            || rest.ends_with("f64")
            || rest.contains("_u64")
            || rest.contains("_i64")
        {
            8
        } else {
            4
        };
    }
    0
}

#[cfg(test)]
mod tests {
    //! Facts from outside the executor: PCs and instructions from the committed llvm-objdump listings
    //! (examples/*/kernel.objdump.txt), work-item id packing from AMDGPUUsage, expected outputs from numpy.
    use super::*;
    use crate::exec::FaultKind;
    use crate::launch::RunOptions;
    use std::path::PathBuf;

    fn example(name: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(name)
    }

    fn machine(path: &str, resident_waves: u32) -> Machine {
        let s = Session::load(&example(path), &RunOptions::default()).expect("example loads");
        Machine::new(
            s,
            MachineOptions {
                resident_waves,
                ..MachineOptions::default()
            },
        )
    }

    fn run_until_stop(m: &mut Machine, plan: Plan) -> Stop {
        m.resume(plan);
        loop {
            if let Some(s) = m.run(&mut || false) {
                return s;
            }
        }
    }

    fn f32_at(path: &str, index: usize) -> f32 {
        let b = std::fs::read(example(path)).unwrap();
        f32::from_le_bytes(b[4 * index..4 * index + 4].try_into().unwrap())
    }

    #[test]
    fn starts_stopped_at_the_entry_with_work_item_ids() {
        let m = machine("examples/polybench_gemm_64", 256);
        // grid 64x64, block 32x8: 16 work-groups of 4 waves.
        assert_eq!(m.waves().count(), 64);
        let w = m.wave(0).unwrap();
        assert_eq!(w.pc, 0x1700); // <gemm> in kernel.objdump.txt
                                  // AMDGPUUsage: v0 = z<<20 | y<<10 | x; lane 35 of wave 0 is work-item (3, 1, 0) of a 32-wide block.
        assert_eq!(w.vreg[0][35], 1 << 10 | 3);
        assert_eq!(w.exec(), u64::MAX);
    }

    #[test]
    fn step_follows_the_listing() {
        let mut m = machine("examples/polybench_gemm_64", 256);
        for pc in [0x1708, 0x1710, 0x1718] {
            match run_until_stop(&mut m, Plan::step(0, true)) {
                Stop::StepDone { wave: 0 } => {}
                s => panic!("{s:?}"),
            }
            assert_eq!(m.wave(0).unwrap().pc, pc);
        }
        // 0x1710 `v_and_b32_e32 v1, 0x3ff, v0`: v1 = work-item x.
        assert_eq!(m.wave(0).unwrap().vreg[1][35], 3);
        // Locked: no other wave moved.
        assert!(m.waves().filter(|w| w.id.wave != 0).all(|w| w.pc == 0x1700));
    }

    #[test]
    fn breakpoint_outside_loops_is_hit_once_per_wave() {
        let mut m = machine("examples/polybench_gemm_64", 16);
        let pc = 0x1754; // s_cbranch_execz, executed once per wave
        assert!(m.add_breakpoint(pc));
        let mut hits = std::collections::BTreeSet::new();
        loop {
            match run_until_stop(&mut m, Plan::continue_all()) {
                Stop::Breakpoint { wave, pc: at } => {
                    assert_eq!(at, pc);
                    assert!(hits.insert(wave), "wave {wave} hit twice");
                    // Step the wave off the breakpoint, as gdb does.
                    match run_until_stop(&mut m, Plan::step(wave, true)) {
                        Stop::StepDone { .. } => {}
                        s => panic!("{s:?}"),
                    }
                }
                Stop::Exited => break,
                s => panic!("{s:?}"),
            }
        }
        assert_eq!(hits.len(), 64);
        assert_eq!(m.group_counts(), (16, 0, 0));
        let checks = m.session().check();
        assert!(!checks.is_empty() && checks.iter().all(|c| c.passed()));
    }

    #[test]
    fn bounded_residency() {
        let m = machine("examples/polybench_gemm_512", 32);
        assert_eq!(m.total_waves(), 4096);
        assert_eq!(m.waves().count(), 32);
        assert_eq!(m.group_counts(), (0, 8, 1016));
    }

    #[test]
    fn watch_names_the_lane() {
        let mut m = machine("examples/polybench_gemm_64", 256);
        let c = m.dispatch().buffer_addrs[2].unwrap();
        // c[65] = c[i=1][j=1]: work-group (0,0), local (1,1) -> flat local 33 -> wave 0, lane 33.
        m.add_watch(c + 65 * 4, 4);
        match run_until_stop(&mut m, Plan::continue_all()) {
            Stop::Watch(h) => {
                assert_eq!((h.wave, h.pc), (0, 0x1794)); // the first global_store_dword (c *= beta)
                assert_eq!(
                    h.lanes,
                    vec![LaneWrite {
                        lane: 33,
                        addr: c + 65 * 4,
                        len: 4
                    }]
                );
                let beta = 2123.0f32;
                let expect = f32_at("examples/polybench_gemm_64/in_c.bin", 65) * beta;
                assert_eq!(h.new, expect.to_le_bytes().to_vec());
            }
            s => panic!("{s:?}"),
        }
    }

    #[test]
    fn locked_step_at_a_barrier_blocks_and_unlocked_step_releases() {
        let mut m = machine("examples/rodinia_pathfinder", 256);
        let barrier = 0x19a8; // first s_barrier in kernel.objdump.txt
        m.add_breakpoint(barrier);
        let w = match run_until_stop(&mut m, Plan::continue_all()) {
            Stop::Breakpoint { wave, pc } if pc == barrier => wave,
            s => panic!("{s:?}"),
        };
        m.remove_breakpoint(barrier);
        match run_until_stop(&mut m, Plan::step(w, true)) {
            Stop::Blocked {
                wave,
                reason: Blocked::Barrier,
            } => assert_eq!(wave, w),
            s => panic!("{s:?}"),
        }
        assert_eq!(m.wave_state(m.wave(w).unwrap()), WaveState::Barrier);
        match run_until_stop(&mut m, Plan::step(w, false)) {
            Stop::StepDone { wave } => assert_eq!(wave, w),
            s => panic!("{s:?}"),
        }
        // The released wave executed the instruction after the barrier, `s_cbranch_scc1 154` at 0x19ac: it is at
        // the next instruction or at the branch target 0x19b0 + 4*154; its sibling went past the barrier too.
        let wave = m.wave(w).unwrap();
        assert!(
            wave.pc == 0x19b0 || wave.pc == 0x19b0 + 4 * 154,
            "pc 0x{:x}",
            wave.pc
        );
        assert_eq!(wave.wave_status, WaveStatus::Running);
        let sibling = m.wave(w ^ 1).unwrap();
        assert!(sibling.pc > barrier && sibling.wave_status == WaveStatus::Running);
        assert_eq!(
            run_until_stop(&mut m, Plan::continue_all()).clone_kind(),
            "Exited"
        );
        assert!(m.session().check().iter().all(|c| c.passed()));
    }

    #[test]
    fn a_stepped_wave_that_ends_lets_the_others_finish() {
        let mut m = machine("examples/polybench_gemm_64", 256);
        let endpgm = 0x1814;
        m.add_breakpoint(endpgm);
        let w = match run_until_stop(&mut m, Plan::continue_all()) {
            Stop::Breakpoint { wave, .. } => wave,
            s => panic!("{s:?}"),
        };
        m.remove_breakpoint(endpgm);
        // gdb-stock-client.md §3: a locked step of a wave that ends runs the others until a breakpoint or the end.
        assert_eq!(
            run_until_stop(&mut m, Plan::step(w, true)).clone_kind(),
            "Exited"
        );
        assert!(m.finished());
    }

    #[test]
    fn fault_stops_at_the_faulting_pc() {
        let mut m = machine("debugger/tests/fixtures/gemm_fault", 256);
        match run_until_stop(&mut m, Plan::continue_all()) {
            Stop::Fault { wave, fault } => {
                assert_eq!(wave, 0);
                assert_eq!(fault.kind, FaultKind::Memory);
                assert_eq!(fault.pc, 0x17cc); // global_load_dword v7, v[4:5], off (a[i*nk+k])
                assert_eq!(fault.lanes, 0xffff_ffff_0000_0000); // row i = 1 lies past the 64-float buffer
                assert_eq!(m.wave(0).unwrap().pc, 0x17cc);
            }
            s => panic!("{s:?}"),
        }
    }

    #[test]
    fn shadow_call_stack_follows_calls_and_returns() {
        // call_O0.objdump.txt: apply_poly calls __clang_ocl_kern_imp_apply_poly (s_swappc at 0x2124), which calls
        // poly (0x1dec, then 0x1e8c), which calls square (0x1b60); square starts at 0x1a00.
        let mut m = machine("debugger/tests/fixtures/call_O0", 256);
        m.add_breakpoint(0x1a00);
        let mut stacks = Vec::new();
        loop {
            match run_until_stop(&mut m, Plan::continue_all()) {
                Stop::Breakpoint { wave, .. } => {
                    stacks.push(m.call_stack(wave).to_vec());
                    run_until_stop(&mut m, Plan::step(wave, true));
                }
                Stop::Exited => break,
                s => panic!("{s:?}"),
            }
        }
        assert_eq!(
            stacks,
            vec![vec![0x2128, 0x1df0, 0x1b64], vec![0x2128, 0x1e90, 0x1b64]]
        );
        assert!(m.session().check().iter().all(|c| c.passed()));
    }

    #[test]
    fn poll_pauses_and_run_carries_on() {
        let s = Session::load(
            &example("examples/polybench_gemm_64"),
            &RunOptions::default(),
        )
        .expect("example loads");
        let mut m = Machine::new(
            s,
            MachineOptions {
                poll_interval: 100,
                ..MachineOptions::default()
            },
        );
        m.resume(Plan::continue_all());
        let mut calls = 0;
        assert!(m
            .run(&mut || {
                calls += 1;
                true
            })
            .is_none());
        let done = m.wave_instructions();
        assert!((100..200).contains(&done), "{done}");
        assert_eq!(run_to_stop_keep(&mut m).clone_kind(), "Exited");
        assert_eq!(m.halt(), None);
    }

    fn run_to_stop_keep(m: &mut Machine) -> Stop {
        loop {
            if let Some(s) = m.run(&mut || false) {
                return s;
            }
        }
    }

    #[test]
    fn memory_and_lds_access() {
        let mut m = machine("examples/rodinia_pathfinder", 256);
        let k = m.dispatch().kernarg_addr;
        let mut b = [0u8; 4];
        // args[0] is the scalar `iteration` = 4 (case.json), at kernarg offset 0.
        assert_eq!(m.read_memory(Some(0), k, &mut b), 4);
        assert_eq!(u32::from_le_bytes(b), 4);
        assert_eq!(m.read_memory(Some(0), 0x7000_0000_0000, &mut b), 0);
        let lds_base = m.dispatch().apertures.shared_base;
        m.write_memory(Some(0), lds_base + 8, &[1, 2, 3, 4])
            .unwrap();
        assert_eq!(&m.lds(1).unwrap()[8..12], &[1, 2, 3, 4]); // wave 1 shares work-group 0's LDS
        assert_eq!(m.lds(2).unwrap()[8], 0);
        assert!(m.write_memory(Some(0), 0x7000_0000_0000, &[0]).is_err());
        // The code object is mapped read-only at its own addresses.
        assert_eq!(
            m.write_memory(Some(0), 0x19a8, &[0]),
            Err(AccessError::ReadOnly(0x19a8))
        );
    }

    // ---- instrumentation ----------------------------------------------------------------------------------
    // Facts: PCs from examples/polybench_gemm_64/kernel.objdump.txt; latencies and issue costs from
    // src/observers/timing/cdna4.toml; SMEM counter increments and waits from waitcnt.md; the hazard rule from hazards.md
    // (as tests/hazards_corpus.rs uses it).

    #[test]
    fn machine_is_send() {
        fn send<T: Send>() {}
        send::<Machine>();
    }

    #[test]
    fn waitcnt_counters_follow_the_model() {
        let mut m = machine("examples/polybench_gemm_64", 256);
        // the fixed `[memory]` latencies (the memory system's figures: tests/memory_machine.rs)
        m.enable_timing(CycleModel {
            memory_system: None,
            ..CycleModel::default()
        });
        // 0x1700 s_load_dword (lgkmcnt +1), 0x1708 s_load_dwordx4 (+2: waitcnt.md, 2 dwords or more)
        for _ in 0..2 {
            run_until_stop(&mut m, Plan::step(0, true));
        }
        let t = m.timing().unwrap();
        assert_eq!(t.counters(0), Some((0, 3)));
        let ops = t.outstanding(0);
        assert_eq!(
            ops.iter().map(|o| o.pc).collect::<Vec<_>>(),
            vec![0x1700, 0x1708]
        );
        // smem_latency 200, issue 4 cycles each
        assert_eq!((ops[0].issue, ops[0].complete), (0, 200));
        assert_eq!((ops[1].issue, ops[1].complete), (4, 204));
        assert_eq!(t.wave_clock(0), Some(8));
        // Stop right after `global_load_dword v4, v[0:1], off` at 0x1780 (8 bytes).
        m.add_breakpoint(0x1788);
        match run_until_stop(&mut m, Plan::step(0, true)) {
            Stop::StepDone { .. } => {}
            s => panic!("{s:?}"),
        }
        let s = run_until_stop(
            &mut m,
            Plan {
                actions: vec![(0, Action::Continue)],
                others: Action::Stop,
            },
        );
        assert!(
            matches!(
                s,
                Stop::Breakpoint {
                    wave: 0,
                    pc: 0x1788
                }
            ),
            "{s:?}"
        );
        let t = m.timing().unwrap();
        let ops = t.outstanding(0);
        assert_eq!(ops.len(), 1, "{ops:?}");
        let load = ops[0];
        assert_eq!((load.pc, load.vmcnt, load.lgkmcnt), (0x1780, 1, 0));
        assert_eq!(load.complete - load.issue, 600); // global_load_latency
        assert_eq!(t.counters(0), Some((1, 0)));
        assert_eq!(t.wave_clock(0), Some(load.issue + 4));
        // 0x1788 s_cmp_lt_i32, then 0x178c s_waitcnt vmcnt(0): the clock moves to the completion.
        let before_wait = {
            run_until_stop(&mut m, Plan::step(0, true));
            m.timing().unwrap().wave_clock(0).unwrap()
        };
        assert_eq!(m.wave(0).unwrap().pc, 0x178c);
        run_until_stop(&mut m, Plan::step(0, true));
        let t = m.timing().unwrap();
        assert_eq!(t.counters(0), Some((0, 0)));
        assert!(t.outstanding(0).is_empty());
        assert_eq!(t.wave_clock(0), Some(load.complete + 4));
        let (issue, stall) = t.pc_cycles(0x178c);
        assert_eq!((issue, stall), (4, load.complete - before_wait));
        let c = t.wave_cycles(0).unwrap();
        assert_eq!(c.issue + c.stall(), c.clock);
        // the lgkmcnt(0) at 0x1720 (after two 4-cycle VALUs, at cycle 16) waited for both loads: until 204
        assert_eq!(t.pc_cycles(0x1720).1, 204 - 16);
        // the wave's waits so far: 0x1720, 0x1774 lgkmcnt(0), 0x178c
        let waits: u64 = [0x1720, 0x1774, 0x178c]
            .map(|pc| t.pc_cycles(pc).1)
            .iter()
            .sum();
        assert_eq!(c.waitcnt, waits);
    }

    /// Per wave: the cycle its last event ended at, and its `s_waitcnt` and barrier stall cycles.
    #[derive(Default)]
    struct EndSink(std::collections::HashMap<u32, (u64, u64, u64)>);
    impl crate::observers::timing::TimingSink for EndSink {
        fn issue(&mut self, wave: u32, _pc: u64, start: u64, dur: u64) {
            let e = self.0.entry(wave).or_default();
            e.0 = e.0.max(start + dur);
        }
        fn stall(
            &mut self,
            wave: u32,
            _pc: u64,
            start: u64,
            dur: u64,
            reason: crate::observers::timing::StallReason,
            _w: &[u64],
        ) {
            let e = self.0.entry(wave).or_default();
            e.0 = e.0.max(start + dur);
            match reason {
                crate::observers::timing::StallReason::Waitcnt { .. } => e.1 += dur,
                crate::observers::timing::StallReason::Barrier => e.2 += dur,
                _ => {}
            }
        }
    }

    /// The machine's interleaved schedule gives every wave the clock and stalls of a batch run (the model's
    /// clocks are per wave: the order waves run in must not matter).
    fn same_clocks_as_batch(path: &str, resident: u32) {
        let s = Session::load(&example(path), &RunOptions::default()).unwrap();
        let d = &s.dispatch;
        // Per-wave clocks do not depend on the order waves run in under fixed latencies (the Machine's timing
        // does not use the memory system yet: docs/memory-model.md), so compare without it.
        let model = CycleModel {
            memory_system: None,
            ..CycleModel::default()
        };
        let table = std::sync::Arc::new(crate::observers::timing::TimingTable::new(
            &d.program,
            model.clone(),
            d.lds_bytes,
        ));
        let (_, fault, obs) = crate::engine::run_observed(d, &RunOptions::default(), || {
            crate::observers::timing::TimingObserver::with_sink(table.clone(), EndSink::default())
        });
        assert!(fault.is_none());
        let mut batch = std::collections::HashMap::new();
        for o in obs {
            batch.extend(o.sink.0);
        }
        let mut m = machine(path, resident);
        m.enable_timing(model);
        assert_eq!(m.run_to_end().unwrap().clone_kind(), "Exited");
        let t = m.timing().unwrap();
        assert_eq!(t.retired_waves().len() as u64, m.total_waves());
        let mut waitcnt = 0;
        for c in t.retired_waves() {
            let &(end, wait, barrier) = batch.get(&c.wave).unwrap();
            assert_eq!(
                (c.clock, c.waitcnt, c.barrier),
                (end, wait, barrier),
                "wave {}",
                c.wave
            );
            assert_eq!(c.issue + c.stall(), c.clock, "wave {}", c.wave);
            waitcnt += wait;
        }
        assert_eq!(t.totals().waitcnt, waitcnt);
        assert!(waitcnt > 0);
        assert!(m.session().check().iter().all(|c| c.passed()));
    }

    #[test]
    fn clocks_equal_a_batch_run() {
        same_clocks_as_batch("examples/polybench_gemm_64", 16);
        same_clocks_as_batch("examples/rodinia_pathfinder", 256);
    }

    #[test]
    fn strip_adds_up_to_the_wave_cycles() {
        let mut m = machine("examples/rodinia_pathfinder", 256);
        m.enable_timing(CycleModel::default());
        m.add_breakpoint(0x19a8); // first s_barrier
        let w = match run_until_stop(&mut m, Plan::continue_all()) {
            Stop::Breakpoint { wave, .. } => wave,
            s => panic!("{s:?}"),
        };
        let t = m.timing().unwrap();
        let c = t.wave_cycles(w).unwrap();
        assert!(c.clock > 0 && c.waitcnt > 0);
        let cells = t.wave_strip(w, 0, c.clock * 2, 20);
        assert_eq!(cells.len(), 20);
        let sum = |f: fn(&StripCell) -> f64| cells.iter().map(f).sum::<f64>();
        assert!((sum(|x| x.issue) - c.issue as f64).abs() < 1.0);
        assert!((sum(|x| x.waitcnt) - c.waitcnt as f64).abs() < 1.0);
        // the second half lies past the wave's clock
        assert!(cells[10..].iter().all(|x| x.kind() == Activity::Idle));
        assert_ne!(cells[0].kind(), Activity::Idle);
        assert!(t.wave_strip(w, 5, 5, 3).is_empty());
    }

    #[test]
    fn strip_stays_bounded_on_long_waves() {
        let mut s = instrument::strip_test::strip();
        for k in 0..100_000u64 {
            instrument::strip_test::add(&mut s, k * 10, 10, k % 2 == 0);
        }
        let (shift, issue, stall) = instrument::strip_test::sums(&s);
        assert_eq!((issue, stall), (500_000, 500_000));
        assert!((STRIP_BUCKETS as u64) << shift >= 1_000_000);
    }

    fn patched(name: &str, pc: u64, old: u32, word: u32) -> Machine {
        let mut s = Session::load(&example(name), &RunOptions::default()).unwrap();
        let p = &s.dispatch.program;
        let off = (pc - p.base) as usize;
        let mut text = p.text.clone();
        assert_eq!(
            u32::from_le_bytes(text[off..off + 4].try_into().unwrap()),
            old
        );
        text[off..off + 4].copy_from_slice(&word.to_le_bytes());
        let base = p.base;
        s.dispatch.program = crate::exec::Program::new(&text, base);
        Machine::new(s, MachineOptions::default())
    }

    #[test]
    fn stop_on_findings_stops_at_the_consumer_once() {
        // heteromark_be: v_cmp_lt_f32_e32 vcc @0x1784; s_nop 1 @0x1788 (shortened to s_nop 0);
        // v_cndmask_b32_e32 ..., vcc @0x178c: H4.5-18a needs 2 wait states.
        let mut m = patched("examples/heteromark_be", 0x1788, 0xBF80_0001, 0xBF80_0000);
        m.enable_hazards(true);
        let w = match run_until_stop(&mut m, Plan::continue_all()) {
            Stop::Breakpoint { wave, pc } => {
                assert_eq!(pc, 0x178c);
                wave
            }
            s => panic!("{s:?}"),
        };
        assert_eq!(m.wave(w).unwrap().pc, 0x178c);
        let f = m.finding_stop();
        assert_eq!(f.len(), 1);
        assert_eq!(
            (
                f[0].label,
                f[0].producer_pc,
                f[0].consumer_pc,
                f[0].missing_wait
            ),
            ("H4.5-18a", 0x1784, 0x178c, false)
        );
        // The stopped wave goes on from the consumer; no other wave stops for the same finding.
        assert_eq!(
            run_until_stop(&mut m, Plan::continue_all()).clone_kind(),
            "Exited"
        );
        assert!(m.finding_stop().is_empty());
        let waves: std::collections::BTreeSet<u32> =
            m.hazard_events().iter().map(|e| e.wave).collect();
        assert_eq!(waves.len() as u64, m.total_waves());
        assert!(m.session().check().iter().all(|c| c.passed()));
    }

    #[test]
    fn run_to_end_stops_at_findings_until_told_to_ignore_them() {
        let mut m = patched("examples/heteromark_be", 0x1788, 0xBF80_0001, 0xBF80_0000);
        m.enable_hazards(true);
        match m.run_to_end() {
            Some(Stop::Breakpoint { pc: 0x178c, .. }) => {}
            s => panic!("{s:?}"),
        }
        assert_eq!(m.finding_stop().len(), 1);
        m.ignore_findings();
        assert_eq!(m.run_to_end().unwrap().clone_kind(), "Exited");
        assert!(m.finished());
        assert!(!m.hazard_events().is_empty());
    }

    #[test]
    fn run_to_end_returns_when_the_stop_flag_is_raised() {
        let control = std::sync::Arc::new(crate::launch::RunControl::default());
        let s = Session::load(
            &example("examples/polybench_gemm_64"),
            &RunOptions::default(),
        )
        .unwrap();
        let mut m = Machine::new(
            s,
            MachineOptions {
                control: Some(control.clone()),
                poll_interval: 1000,
                ..MachineOptions::default()
            },
        );
        control
            .stop
            .store(true, std::sync::atomic::Ordering::Relaxed);
        assert!(m.run_to_end().is_none());
        // it paused at the first poll point
        assert_eq!(m.wave_instructions(), 1000);
        assert!(!m.finished());
        control
            .stop
            .store(false, std::sync::atomic::Ordering::Relaxed);
        assert_eq!(m.run_to_end().unwrap().clone_kind(), "Exited");
        assert!(m.session().check().iter().all(|c| c.passed()));
    }

    #[test]
    fn stop_on_findings_leaves_a_clean_kernel_alone() {
        let mut m = machine("examples/polybench_gemm_64", 256);
        m.enable_hazards(true);
        m.enable_timing(CycleModel::default());
        assert_eq!(
            run_until_stop(&mut m, Plan::continue_all()).clone_kind(),
            "Exited"
        );
        assert!(m.hazard_events().is_empty());
    }

    #[derive(Default)]
    struct Count {
        starts: u64,
        ends: u64,
        before: u64,
        after: u64,
        releases: u64,
    }
    struct Counting(std::sync::Arc<std::sync::Mutex<Count>>);
    impl Observer for Counting {
        fn before(&mut self, _w: &Wave, _i: usize, _inst: &crate::isa::Inst) {
            self.0.lock().unwrap().before += 1;
        }
        fn after(&mut self, _w: &Wave, _i: usize, _inst: &crate::isa::Inst, _pc: u64, _f: Flow) {
            self.0.lock().unwrap().after += 1;
        }
        fn wave_start(&mut self, _w: &Wave) {
            self.0.lock().unwrap().starts += 1;
        }
        fn wave_end(&mut self, _w: &Wave) {
            self.0.lock().unwrap().ends += 1;
        }
        fn barrier_release(&mut self, _g: u32) {
            self.0.lock().unwrap().releases += 1;
        }
    }

    #[test]
    fn attached_observer_sees_every_event() {
        let mut m = machine("examples/rodinia_pathfinder", 256);
        run_until_stop(&mut m, Plan::step(0, true));
        let c = std::sync::Arc::new(std::sync::Mutex::new(Count::default()));
        assert!(m.attach_observer(Box::new(Counting(c.clone()))).is_none());
        let before = m.wave_instructions();
        assert_eq!(
            run_until_stop(&mut m, Plan::continue_all()).clone_kind(),
            "Exited"
        );
        assert!(m.detach_observer().is_some());
        let c = c.lock().unwrap();
        let n = m.wave_instructions() - before;
        assert_eq!((c.before, c.after), (n, n));
        assert_eq!((c.starts, c.ends), (m.total_waves(), m.total_waves()));
        // rodinia_pathfinder: every work-group passes its barriers the same number of times
        assert!(c.releases > 0 && c.releases % m.dispatch().work_group_count() as u64 == 0);
    }

    struct SpanSum(std::sync::Arc<std::sync::Mutex<(u64, u64, u64)>>);
    impl Observer for SpanSum {
        fn after(&mut self, _w: &Wave, _i: usize, _inst: &crate::isa::Inst, _pc: u64, _f: Flow) {
            self.0.lock().unwrap().2 += 1;
        }
    }
    impl TimedObserver for SpanSum {
        fn timed(&mut self, spans: &[TimedSpan]) {
            let mut s = self.0.lock().unwrap();
            for sp in spans {
                match sp.stall {
                    None => s.0 += sp.cycles,
                    Some(_) => s.1 += sp.cycles,
                }
            }
        }
    }

    #[test]
    fn timed_observer_gets_the_model_spans() {
        let mut m = machine("examples/rodinia_pathfinder", 256);
        m.enable_timing(CycleModel::default());
        let sums = std::sync::Arc::new(std::sync::Mutex::new((0, 0, 0)));
        m.attach_timed_observer(Box::new(SpanSum(sums.clone())));
        assert_eq!(m.run_to_end().unwrap().clone_kind(), "Exited");
        let t = m.timing().unwrap().totals();
        let (issue, stall, afters) = *sums.lock().unwrap();
        assert_eq!((issue, stall), (t.issue, t.stall()));
        assert!(t.barrier > 0 && t.waitcnt > 0);
        assert_eq!(afters, m.wave_instructions());
    }

    /// `cargo test --release -p wavescope --lib machine::tests::instrumentation_overhead -- --ignored --nocapture`:
    /// gemm 512 (4096 waves) to its end, without and with the live instrumentation.
    #[test]
    #[ignore]
    fn instrumentation_overhead() {
        for (name, timing, hazards) in [
            ("off", false, false),
            ("timing", true, false),
            ("timing+hazards", true, true),
            ("off again", false, false),
        ] {
            let mut m = machine("examples/polybench_gemm_512", 256);
            if timing {
                m.enable_timing(CycleModel::default());
            }
            if hazards {
                m.enable_hazards(false);
            }
            let t = std::time::Instant::now();
            assert_eq!(m.run_to_end().unwrap().clone_kind(), "Exited");
            let s = t.elapsed().as_secs_f64();
            println!(
                "{name}: {:.2} s, {:.1} M wave-instructions/s",
                s,
                m.wave_instructions() as f64 / s / 1e6
            );
        }
    }

    impl Stop {
        fn clone_kind(&self) -> &'static str {
            match self {
                Stop::Breakpoint { .. } => "Breakpoint",
                Stop::StepDone { .. } => "StepDone",
                Stop::Watch(_) => "Watch",
                Stop::Fault { .. } => "Fault",
                Stop::Trap { .. } => "Trap",
                Stop::Blocked { .. } => "Blocked",
                Stop::Exited => "Exited",
            }
        }
    }
}
