//! The resident policy: at most [`MachineOptions::resident_waves`] waves (whole work-groups) are resident at once,
//! as on a GPU with a bounded number of CUs. Work-groups launch lazily in flat order and a work-group whose waves
//! all ended retires and frees its slot. Resident waves step round-robin, [`MachineOptions::quantum`] instructions
//! each; a stepping wave ([`Action::Step`], [`Action::RangeStep`]) goes first and the others run only while it
//! cannot. What a run may do is a [`Plan`]; it runs until something a user wants to know about happens ([`Stop`]).
//!
//! Every instruction is [`step::issue`](super::step::issue) and every barrier release
//! [`step::release_barrier`](super::step::release_barrier), as in the batch policy (`engine::batch`); the
//! debugger's breakpoints, watchpoints, call stacks and instruments come in through [`Hooks`]. The run obeys the
//! same budget (`max_instructions`, the same fault) and stop flag (`RunControl::stop`) as a batch run.

use super::batch::RunStats;
use super::step::{
    budget_fault, fault_at, gws, gws_deadlock, gws_release, halt_fault, issue, release_barrier,
    service_fault, trap_fault,
};
use crate::exec::observe::{NoObserver, Observer};
use crate::exec::{Ctx, Fault, FaultKind, Flow, Wave, WaveStatus};
use crate::launch::{Dispatch, RunControl, RunFault, RunOptions, DEFAULT_MAX_INSTRUCTIONS};
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// How the resident policy schedules and bounds its waves.
#[derive(Clone, Debug)]
pub struct MachineOptions {
    /// Most waves resident at once (whole work-groups; at least one work-group is always resident).
    pub resident_waves: u32,
    /// Instructions a wave runs before the scheduler moves to the next wave (round robin).
    pub quantum: u32,
    /// Instructions between two calls of the poll function (and two looks at the stop flag).
    pub poll_interval: u32,
    /// The dispatch's budget, as `RunOptions::max_instructions`: the wave about to issue instruction
    /// `max_instructions + 1` (counted from the machine's start) stops with the batch policy's fault
    /// (`FaultKind::InstructionLimit`, `crate::engine::budget_message`). 0: no limit.
    pub max_instructions: u64,
    /// Progress counters and the stop request, as `RunOptions::control`: a raised stop flag pauses `run` (it
    /// returns `None`) at the next poll point. `None`: the machine makes its own.
    pub control: Option<Arc<RunControl>>,
}

impl Default for MachineOptions {
    fn default() -> Self {
        MachineOptions {
            resident_waves: 256,
            quantum: 32,
            poll_interval: 4096,
            max_instructions: DEFAULT_MAX_INSTRUCTIONS,
            control: None,
        }
    }
}

/// What one wave may do until the next stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Run freely.
    Continue,
    /// Execute one instruction, then stop.
    Step,
    /// Execute instructions while the PC stays in `start..end`, then stop.
    RangeStep { start: u64, end: u64 },
    /// Stay where it is.
    Stop,
}

/// A resume request: actions for named waves, and what every other wave does (`Continue`, or `Stop` to keep them
/// where they are — "scheduler locking").
#[derive(Clone, Debug)]
pub struct Plan {
    pub actions: Vec<(u32, Action)>,
    pub others: Action,
}

impl Plan {
    /// Every wave runs.
    pub fn continue_all() -> Plan {
        Plan {
            actions: Vec::new(),
            others: Action::Continue,
        }
    }
    /// Step `wave` by one instruction; the others run too (`locked == false`) or stay.
    pub fn step(wave: u32, locked: bool) -> Plan {
        Plan {
            actions: vec![(wave, Action::Step)],
            others: if locked {
                Action::Stop
            } else {
                Action::Continue
            },
        }
    }
    /// Every wave stays.
    pub fn hold_all() -> Plan {
        Plan {
            actions: Vec::new(),
            others: Action::Stop,
        }
    }
    pub fn action_of(&self, wave: u32) -> Action {
        self.actions
            .iter()
            .find(|(w, _)| *w == wave)
            .map(|(_, a)| *a)
            .unwrap_or(self.others)
    }
}

/// Why a wave cannot go on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// It waits at `s_barrier` for waves of its work-group that the plan keeps stopped (or that faulted).
    Barrier,
}

/// One lane's part in a watched write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LaneWrite {
    pub lane: u8,
    /// First byte address the lane wrote.
    pub addr: u64,
    /// Bytes it wrote.
    pub len: u8,
}

/// A write into a watched range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchHit {
    pub wave: u32,
    /// PC of the instruction that wrote.
    pub pc: u64,
    /// The watch that fired.
    pub watch_addr: u64,
    pub watch_len: u64,
    /// First watched byte that changed.
    pub addr: u64,
    pub old: Vec<u8>,
    pub new: Vec<u8>,
    /// The lanes whose store touched the watched range (global/flat stores and atomics; empty when the writer is
    /// another kind of instruction, whose lanes are not known).
    pub lanes: Vec<LaneWrite>,
}

/// Why a run stopped.
#[derive(Clone, Debug)]
pub enum Stop {
    /// `wave` is about to execute the instruction at a breakpoint, or (with `stop_on_findings`) the consumer
    /// instruction of a new hazard or missing-wait finding: then `Machine::finding_stop` names it.
    Breakpoint { wave: u32, pc: u64 },
    /// The step or range step of `wave` finished.
    StepDone { wave: u32 },
    /// A watched range changed; the writing instruction has executed.
    Watch(WatchHit),
    /// `wave` faulted (the budget's end included); it stays at the faulting PC.
    Fault { wave: u32, fault: RunFault },
    /// `s_trap code` executed (the PC is past it).
    Trap { wave: u32, code: u8 },
    /// `wave` cannot go on while the plan holds the waves it waits for.
    Blocked { wave: u32, reason: Blocked },
    /// Every wave of the dispatch ended.
    Exited,
}

/// A resident work-group.
pub struct Group {
    pub flat: u32,
    pub waves: Vec<Wave>,
    pub lds: Vec<u8>,
    /// Per wave: return addresses of the device-function calls it is inside, innermost last (kept by the hooks).
    pub calls: Vec<Vec<u64>>,
    /// What [`Hooks::group_start`] returned for it (the live cycle model's slot).
    pub timing_slot: usize,
}

impl Group {
    pub fn done(&self) -> bool {
        self.waves.iter().all(|w| w.wave_status == WaveStatus::Done)
    }
}

/// Hooks of a whole run on this schedule: they count executions per instruction (`RunStats::exec_counts`) and
/// give an observer what a batch run's work-group loop gives it (`engine::run_work_group`), the waves of every
/// resident work-group interleaved.
struct Observed<'o, O> {
    counts: Vec<u64>,
    obs: &'o mut O,
}

impl<O: Observer> Hooks for Observed<'_, O> {
    #[inline]
    fn before(&mut self, d: &Dispatch, wave: &Wave, idx: usize, _: bool) -> Option<Stop> {
        self.counts[idx] += 1;
        self.obs.before(wave, idx, &d.program.insts[idx]);
        None
    }
    #[inline]
    fn after(
        &mut self,
        d: &Dispatch,
        group: &mut Group,
        w: usize,
        idx: Option<usize>,
        pc: u64,
        r: &Result<Flow, Box<Fault>>,
    ) -> Option<Stop> {
        // a faulting instruction ends the run: the batch loop gives its observer no `after` for it either
        if let (Some(i), Ok(flow)) = (idx, r) {
            self.obs
                .after(&group.waves[w], i, &d.program.insts[i], pc, *flow);
        }
        None
    }
    fn wave_end(&mut self, wave: &Wave) {
        self.obs.wave_end(wave);
    }
    fn barrier_release(&mut self, group: &Group) {
        self.obs.barrier_release(group.flat);
    }
    fn grid_barrier_release(&mut self, waves: &[u32]) {
        self.obs.grid_barrier_release(waves);
    }
    fn group_start(&mut self, _flat: u32, waves: &[Wave]) -> usize {
        for w in waves {
            self.obs.wave_start(w);
        }
        usize::MAX
    }
    fn wants_lane_addrs(&self) -> bool {
        self.obs.wants_lane_addrs()
    }
}

/// Instructions a wave of a whole co-resident run issues before the next wave's turn (`MachineOptions::quantum`).
const CO_RESIDENT_QUANTUM: u32 = 4096;

/// Run a dispatch that needs every work-group resident (a cooperative grid barrier) to its end on this schedule,
/// every wave continuing, round robin: what `engine::run_observed` does for such a dispatch
/// (`RunStats::co_resident`), without observers. The budget, the stop flag and the faults are the batch run's.
pub fn run_co_resident(d: &Dispatch, opts: &RunOptions) -> (RunStats, Option<RunFault>) {
    run_co_resident_observed(d, opts, &mut NoObserver)
}

/// [`run_co_resident`] with one observer for the whole dispatch, which sees the waves of every work-group
/// interleaved (and `Observer::grid_barrier_release` at each grid barrier): an observer that keys its state
/// by wave and work-group (the pipeline's co-resident instruments) rather than one work-group at a time.
pub fn run_co_resident_observed<O: Observer>(
    d: &Dispatch,
    opts: &RunOptions,
    obs: &mut O,
) -> (RunStats, Option<RunFault>) {
    let control = opts.control.clone().unwrap_or_default();
    let start = control.wave_instructions.load(Ordering::Relaxed);
    let mopts = MachineOptions {
        resident_waves: u32::MAX,
        max_instructions: opts.max_instructions,
        control: Some(control.clone()),
        // Nobody watches between quanta: a wave keeps the host core (its 128 KiB VGPR file and its
        // instruments' state in cache) until it waits, as in a batch run. With the interactive 32, 8192 resident
        // waves ran 3x slower than with this.
        quantum: CO_RESIDENT_QUANTUM,
        ..MachineOptions::default()
    };
    let mut hooks = Observed {
        counts: vec![0; d.program.insts.len()],
        obs,
    };
    let mut r = Resident::new(d, mopts, &mut hooks);
    r.resume(Plan::continue_all());
    let mut interrupted = None;
    let fault = loop {
        match r.run(d, &mut hooks, &mut || false) {
            None => {
                // the stop flag: where every live wave stands
                interrupted = Some(
                    r.waves()
                        .map(|w| super::batch::WavePosition {
                            wave: w.id,
                            pc: w.pc,
                            status: w.wave_status,
                        })
                        .collect::<Vec<_>>(),
                );
                break None;
            }
            Some(Stop::Exited) => break None,
            Some(Stop::Fault { fault, .. }) => break Some(fault),
            Some(Stop::Trap { wave, code }) => {
                let (g, w) = r.locate(wave).expect("the trapping wave is resident");
                let wave = &mut r.groups[g].waves[w];
                // the PC is past the s_trap (4 bytes)
                let pc = wave.pc.wrapping_sub(4);
                break Some(trap_fault(wave, code, pc));
            }
            Some(Stop::Blocked { .. }) => {
                let waiting: Vec<&Wave> = r
                    .waves()
                    .filter(|w| w.wave_status == WaveStatus::AtGridBarrier)
                    .collect();
                if !waiting.is_empty() {
                    break Some(gws_deadlock(&waiting, r.total_groups));
                }
                // waves at s_barrier only: the wave named first
                let w = r.waves().next().expect("a blocked run has a live wave");
                break Some(RunFault {
                    kind: FaultKind::BarrierDeadlock,
                    wave: w.id,
                    pc: w.pc,
                    lanes: 0,
                    addr: None,
                    detail: "barrier deadlock: waves wait at s_barrier and nothing else can run"
                        .into(),
                });
            }
            // no breakpoints, steps or watches in this plan
            Some(_) => continue,
        }
    };
    let stats = RunStats {
        waves: d.wave_count(),
        wave_instructions: control.wave_instructions.load(Ordering::Relaxed) - start,
        work_groups_done: r.groups_retired as u64
            + r.groups.iter().filter(|g| g.done()).count() as u64,
        exec_counts: hooks.counts,
        interrupted,
        co_resident: true,
    };
    (stats, fault)
}

/// What a front end adds to the schedule: breakpoints, watchpoints, call stacks, instruments. Called by the run
/// loop in this order for each instruction: `before`, the step, `after`; `wave_end` and `barrier_release` when the
/// flow rules end a wave or release a barrier; `group_start` / `group_end` as work-groups launch and retire.
pub trait Hooks {
    /// Wave `wave` is about to issue instruction `idx`. `check_bp`: a breakpoint there counts (not on the first
    /// instruction of a step, which steps off it). `Some(stop)`: the wave does not issue and the run stops.
    fn before(&mut self, d: &Dispatch, wave: &Wave, idx: usize, check_bp: bool) -> Option<Stop> {
        let _ = (d, wave, idx, check_bp);
        None
    }
    /// Wave `w` of `group` issued the instruction at `pc` (`idx`, when one starts there); `r` is what its handler
    /// returned (`issue` applied it to the wave's state already). `Some(stop)` after a successful instruction: the
    /// run stops once the flow's schedule effects (barrier release, wave end) are applied. After a fault the
    /// run stops on the fault whatever this returns.
    fn after(
        &mut self,
        d: &Dispatch,
        group: &mut Group,
        w: usize,
        idx: Option<usize>,
        pc: u64,
        r: &Result<Flow, Box<Fault>>,
    ) -> Option<Stop> {
        let _ = (d, group, w, idx, pc, r);
        None
    }
    fn wave_end(&mut self, wave: &Wave) {
        let _ = wave;
    }
    fn barrier_release(&mut self, group: &Group) {
        let _ = group;
    }
    /// A grid barrier let `waves` go (`Observer::grid_barrier_release`).
    fn grid_barrier_release(&mut self, waves: &[u32]) {
        let _ = waves;
    }
    /// A work-group became resident; returns its `timing_slot` (`usize::MAX`: no cycle model).
    fn group_start(&mut self, flat: u32, waves: &[Wave]) -> usize {
        let _ = (flat, waves);
        usize::MAX
    }
    fn group_end(&mut self, group: &Group) {
        let _ = group;
    }
    /// Should GLOBAL/FLAT handlers record their lane addresses in `Wave::lane_addrs` (an observer that models
    /// memory makes its lines from them: `Observer::wants_lane_addrs`, which the batch policy asks once per
    /// work-group)? Asked before each instruction: instruments may be turned on while work-groups are resident.
    fn wants_lane_addrs(&self) -> bool {
        false
    }
}

/// Hooks that add nothing (the plain resident schedule).
pub struct NoHooks;

impl Hooks for NoHooks {}

/// The stepping wave of the current plan and how far it got.
#[derive(Clone, Copy, Debug)]
struct Stepper {
    wave: u32,
    action: Action,
    /// Its first instruction has executed (a wave stepping onto `s_barrier` waits there for the release).
    issued: bool,
}

/// What executing one instruction led to.
enum Exec {
    Next,
    Barrier,
    End,
    Stop(Stop),
}

enum StepOutcome {
    Stop(Stop),
    Paused,
    /// The stepping wave ended.
    Ended,
    /// The stepping wave waits at a barrier for others.
    Waiting,
}

enum RoundOutcome {
    Stop(Stop),
    Paused,
    Progress,
    NoProgress,
}

/// The resident schedule of one dispatch. See the module documentation.
pub struct Resident {
    opts: MachineOptions,
    /// Resident work-groups in launch order.
    pub groups: Vec<Group>,
    /// Next work-group (flat index) to launch.
    pub next_group: u32,
    pub total_groups: u32,
    pub waves_per_group: u32,
    plan: Plan,
    stepper: Option<Stepper>,
    /// Wave the round robin served last (the next round starts after it, so breakpoint hits rotate over waves).
    pub last_wave: Option<u32>,
    since_poll: u32,
    /// Wave-instructions issued since the start.
    pub wave_instructions: u64,
    /// Of those, already added to `control.wave_instructions`.
    published: u64,
    pub groups_retired: u32,
    control: Arc<RunControl>,
    /// Every work-group is resident at once, whatever `resident_waves` says: a cooperative dispatch's grid
    /// barrier waits for all of them (`Dispatch::needs_co_residency`; the runtime guarantees it on a GPU).
    all_resident: bool,
}

impl Resident {
    /// The schedule of `d`, every wave held; the first work-groups become resident, stopped before their first
    /// instruction.
    pub fn new(d: &Dispatch, opts: MachineOptions, hooks: &mut impl Hooks) -> Resident {
        let control = opts.control.clone().unwrap_or_default();
        let mut r = Resident {
            total_groups: d.work_group_count(),
            waves_per_group: d.waves_per_group().max(1),
            opts,
            groups: Vec::new(),
            next_group: 0,
            plan: Plan::hold_all(),
            stepper: None,
            last_wave: None,
            since_poll: 0,
            wave_instructions: 0,
            published: 0,
            groups_retired: 0,
            control,
            all_resident: d.needs_co_residency(),
        };
        r.launch_groups(d, hooks);
        r
    }

    pub fn options(&self) -> &MachineOptions {
        &self.opts
    }

    /// `(group index, wave index)` of a resident wave by its dispatch-wide index.
    pub fn locate(&self, wave: u32) -> Option<(usize, usize)> {
        let flat = wave / self.waves_per_group;
        let w = (wave % self.waves_per_group) as usize;
        let g = self.groups.iter().position(|g| g.flat == flat)?;
        (w < self.groups[g].waves.len()).then_some((g, w))
    }

    pub fn wave(&self, wave: u32) -> Option<&Wave> {
        let (g, w) = self.locate(wave)?;
        Some(&self.groups[g].waves[w])
    }

    /// Resident waves that have not ended, in launch order.
    pub fn waves(&self) -> impl Iterator<Item = &Wave> + '_ {
        self.groups
            .iter()
            .flat_map(|g| g.waves.iter())
            .filter(|w| w.wave_status != WaveStatus::Done)
    }

    pub fn is_live(&self, wave: u32) -> bool {
        self.wave(wave)
            .is_some_and(|w| w.wave_status != WaveStatus::Done)
    }

    /// Has every wave of the dispatch ended?
    pub fn finished(&self) -> bool {
        self.next_group >= self.total_groups && self.groups.iter().all(Group::done)
    }

    /// Set what each wave does until the next stop. Waves the plan lets run leave a fault behind them (they retry
    /// the faulting instruction, as a process resumed without the signal does).
    pub fn resume(&mut self, plan: Plan) {
        self.stepper = plan
            .actions
            .iter()
            .find(|(_, a)| matches!(a, Action::Step | Action::RangeStep { .. }))
            .map(|&(wave, action)| Stepper {
                wave,
                action,
                issued: false,
            });
        for g in &mut self.groups {
            for w in &mut g.waves {
                if w.wave_status == WaveStatus::Faulted && plan.action_of(w.id.wave) != Action::Stop
                {
                    w.wave_status = WaveStatus::Running;
                }
            }
        }
        self.plan = plan;
    }

    /// Forget the plan: every wave stays where it is. Returns the wave a front end should name as stopped.
    pub fn halt(&mut self) -> Option<u32> {
        let named = self.stepper.map(|s| s.wave).filter(|&w| self.is_live(w));
        self.stepper = None;
        self.plan = Plan::hold_all();
        named
            .or(self.last_wave.filter(|&w| self.is_live(w)))
            .or_else(|| self.waves().next().map(|w| w.id.wave))
    }

    /// Carry out the plan until a stop (`Some`; the plan is then forgotten) or until `poll` asks to pause or the
    /// stop flag is raised (`None`; call `run` again to go on).
    pub fn run(
        &mut self,
        d: &Dispatch,
        hooks: &mut impl Hooks,
        poll: &mut dyn FnMut() -> bool,
    ) -> Option<Stop> {
        let stop = self.run_inner(d, hooks, poll);
        self.publish();
        if stop.is_some() {
            self.stepper = None;
            self.plan = Plan::hold_all();
        }
        stop
    }

    /// Add the instructions issued since the last look to the shared counter (progress lines read it).
    fn publish(&mut self) {
        let n = self.wave_instructions - self.published;
        if n > 0 {
            self.control
                .wave_instructions
                .fetch_add(n, Ordering::Relaxed);
            self.published = self.wave_instructions;
        }
    }

    fn run_inner(
        &mut self,
        d: &Dispatch,
        hooks: &mut impl Hooks,
        poll: &mut dyn FnMut() -> bool,
    ) -> Option<Stop> {
        loop {
            self.retire_and_launch(d, hooks);
            // The stepping wave goes first; the others run only while it cannot.
            if let Some(st) = self.stepper {
                match self.advance_stepper(d, hooks, st, poll) {
                    StepOutcome::Stop(s) => return Some(s),
                    StepOutcome::Paused => return None,
                    StepOutcome::Ended => {
                        // gdb-stock-client.md §3: a stepped wave that ends lets the others run on until a
                        // breakpoint or the end of the dispatch.
                        self.stepper = None;
                        self.plan.others = Action::Continue;
                        self.plan.actions.clear();
                        continue;
                    }
                    StepOutcome::Waiting => {}
                }
            }
            if self.finished() {
                return Some(Stop::Exited);
            }
            match self.round(d, hooks, poll) {
                RoundOutcome::Stop(s) => return Some(s),
                RoundOutcome::Paused => return None,
                RoundOutcome::Progress => {}
                RoundOutcome::NoProgress => {
                    self.retire_and_launch(d, hooks);
                    if self.finished() {
                        return Some(Stop::Exited);
                    }
                    if let Some(st) = self.stepper {
                        // Its barrier may have been released by the last waves that ended.
                        if self.wave(st.wave).is_some_and(|w| {
                            !matches!(
                                w.wave_status,
                                WaveStatus::AtBarrier | WaveStatus::AtGridBarrier
                            )
                        }) {
                            continue;
                        }
                        return Some(Stop::Blocked {
                            wave: st.wave,
                            reason: Blocked::Barrier,
                        });
                    }
                    // Nothing may run: the waves the plan lets run all wait at barriers.
                    let wave = self
                        .waves()
                        .find(|w| {
                            self.plan.action_of(w.id.wave) != Action::Stop
                                && matches!(
                                    w.wave_status,
                                    WaveStatus::AtBarrier | WaveStatus::AtGridBarrier
                                )
                        })
                        .or_else(|| self.waves().next())
                        .map(|w| w.id.wave)?;
                    return Some(Stop::Blocked {
                        wave,
                        reason: Blocked::Barrier,
                    });
                }
            }
        }
    }

    fn advance_stepper(
        &mut self,
        d: &Dispatch,
        hooks: &mut impl Hooks,
        mut st: Stepper,
        poll: &mut dyn FnMut() -> bool,
    ) -> StepOutcome {
        loop {
            let Some((g, w)) = self.locate(st.wave) else {
                return StepOutcome::Ended;
            };
            match self.groups[g].waves[w].wave_status {
                WaveStatus::Done => return StepOutcome::Ended,
                WaveStatus::AtBarrier | WaveStatus::AtGridBarrier => {
                    self.stepper = Some(st);
                    return StepOutcome::Waiting;
                }
                WaveStatus::Faulted => {
                    let fault = fault_at(
                        &mut self.groups[g].waves[w],
                        Fault::new(FaultKind::IllegalInstruction, "the wave faulted"),
                    );
                    return StepOutcome::Stop(Stop::Fault {
                        wave: st.wave,
                        fault,
                    });
                }
                WaveStatus::Running => {}
            }
            if st.issued {
                // The barrier the step executed has been released: that completes a one-instruction step.
                if st.action == Action::Step {
                    return StepOutcome::Stop(Stop::StepDone { wave: st.wave });
                }
                let pc = self.groups[g].waves[w].pc;
                if let Action::RangeStep { start, end } = st.action {
                    if !(start..end).contains(&pc) {
                        return StepOutcome::Stop(Stop::StepDone { wave: st.wave });
                    }
                }
            }
            // The first instruction of a step ignores a breakpoint at the PC (the user is stepping off it).
            let check_bp = st.issued;
            st.issued = true;
            self.stepper = Some(st);
            match self.exec_one(d, hooks, g, w, check_bp) {
                Exec::Stop(s) => return StepOutcome::Stop(s),
                Exec::End => return StepOutcome::Ended,
                Exec::Barrier => continue, // loop: released → done/continue, else Waiting
                Exec::Next => {}
            }
            match st.action {
                Action::RangeStep { start, end } => {
                    let pc = self.groups[g].waves[w].pc;
                    if !(start..end).contains(&pc) {
                        return StepOutcome::Stop(Stop::StepDone { wave: st.wave });
                    }
                    if self.poll_due() && self.pause(poll) {
                        return StepOutcome::Paused;
                    }
                }
                _ => return StepOutcome::Stop(Stop::StepDone { wave: st.wave }),
            }
        }
    }

    fn poll_due(&mut self) -> bool {
        self.since_poll += 1;
        if self.since_poll >= self.opts.poll_interval {
            self.since_poll = 0;
            true
        } else {
            false
        }
    }

    /// At a poll point: publish progress; pause when the stop flag is raised or `poll` asks to.
    fn pause(&mut self, poll: &mut dyn FnMut() -> bool) -> bool {
        self.publish();
        self.control.stop.load(Ordering::Relaxed) || poll()
    }

    /// One round robin pass over the waves the plan lets run (the stepping wave excepted).
    fn round(
        &mut self,
        d: &Dispatch,
        hooks: &mut impl Hooks,
        poll: &mut dyn FnMut() -> bool,
    ) -> RoundOutcome {
        // Start after the wave served last, so that a breakpoint is hit by the waves in turn.
        let mut order: Vec<u32> = Vec::new();
        for g in &self.groups {
            for w in &g.waves {
                if w.wave_status == WaveStatus::Running
                    && self.plan.action_of(w.id.wave) == Action::Continue
                    && self.stepper.is_none_or(|s| s.wave != w.id.wave)
                {
                    order.push(w.id.wave);
                }
            }
        }
        if order.is_empty() {
            return RoundOutcome::NoProgress;
        }
        if let Some(last) = self.last_wave {
            let k = order.iter().position(|&w| w > last).unwrap_or(0);
            order.rotate_left(k);
        }
        for wave in order {
            let Some((g, w)) = self.locate(wave) else {
                continue;
            };
            self.last_wave = Some(wave);
            for _ in 0..self.opts.quantum {
                if self.groups[g].waves[w].wave_status != WaveStatus::Running {
                    break;
                }
                match self.exec_one(d, hooks, g, w, true) {
                    Exec::Stop(s) => return RoundOutcome::Stop(s),
                    Exec::Barrier | Exec::End => break,
                    Exec::Next => {}
                }
                if self.poll_due() && self.pause(poll) {
                    return RoundOutcome::Paused;
                }
            }
            // A stepping wave released from its barrier by this one takes over again.
            if let Some(st) = self.stepper {
                if self.wave(st.wave).is_some_and(|x| {
                    !matches!(
                        x.wave_status,
                        WaveStatus::AtBarrier | WaveStatus::AtGridBarrier
                    )
                }) {
                    return RoundOutcome::Progress;
                }
            }
        }
        RoundOutcome::Progress
    }

    /// Execute the instruction at the PC of wave `w` of group `g`: the hooks' `before`, the budget, the one step
    /// (`step::issue`), the hooks' `after`, then the flow rules.
    fn exec_one(
        &mut self,
        d: &Dispatch,
        hooks: &mut impl Hooks,
        g: usize,
        w: usize,
        check_bp: bool,
    ) -> Exec {
        let pc = self.groups[g].waves[w].pc;
        let idx = d.program.index_of(pc);
        if let Some(i) = idx {
            self.groups[g].waves[w].lane_addrs.wanted = hooks.wants_lane_addrs();
            if let Some(s) = hooks.before(d, &self.groups[g].waves[w], i, check_bp) {
                return Exec::Stop(s);
            }
        }
        let max = self.opts.max_instructions;
        if max != 0 && self.wave_instructions >= max {
            // the batch policy's budget rule (`engine::batch`): the wave that would go past it faults, unissued
            let fault = budget_fault(&mut self.groups[g].waves[w], max);
            return Exec::Stop(Stop::Fault {
                wave: fault.wave.wave,
                fault,
            });
        }
        let group = &mut self.groups[g];
        let mut ctx = Ctx {
            mem: &d.mem,
            lds: &mut group.lds,
            apertures: d.apertures,
        };
        let r = issue(&d.program, &mut group.waves[w], idx, &mut ctx);
        self.wave_instructions += 1;
        let hook_stop = hooks.after(d, group, w, idx, pc, &r);
        let flow = match r {
            Ok(f) => f,
            Err(f) => {
                let fault = fault_at(&mut self.groups[g].waves[w], f);
                return Exec::Stop(Stop::Fault {
                    wave: fault.wave.wave,
                    fault,
                });
            }
        };
        // A barrier or end reached by the instruction takes effect also when a hook stops the run.
        let e = self.apply_flow(d, hooks, g, w, pc, flow);
        match hook_stop {
            Some(s) => Exec::Stop(s),
            None => e,
        }
    }

    /// What the schedule does after `issue` applied the flow to the wave's state.
    fn apply_flow(
        &mut self,
        d: &Dispatch,
        hooks: &mut impl Hooks,
        g: usize,
        w: usize,
        pc: u64,
        flow: Flow,
    ) -> Exec {
        match flow {
            Flow::Barrier => {
                self.try_release(hooks, g);
                Exec::Barrier
            }
            Flow::End => {
                hooks.wave_end(&self.groups[g].waves[w]);
                self.control.waves_done.fetch_add(1, Ordering::Relaxed);
                self.try_release(hooks, g);
                Exec::End
            }
            Flow::Trap(code) => Exec::Stop(Stop::Trap {
                wave: self.groups[g].waves[w].id.wave,
                code,
            }),
            Flow::Sleep(u32::MAX) => {
                let fault = halt_fault(&mut self.groups[g].waves[w]);
                Exec::Stop(Stop::Fault {
                    wave: fault.wave.wave,
                    fault,
                })
            }
            Flow::Gws { op, rid, value } => {
                if let Err(f) = gws(&d.gws, &mut self.groups[g].waves[w], op, rid, value, pc) {
                    let wave = &mut self.groups[g].waves[w];
                    wave.pc = pc;
                    let fault = fault_at(wave, f);
                    return Exec::Stop(Stop::Fault {
                        wave: fault.wave.wave,
                        fault,
                    });
                }
                let queued = self.groups[g].waves[w].wave_status == WaveStatus::AtGridBarrier;
                let (_, released) = gws_release(
                    &d.gws,
                    self.groups.iter_mut().flat_map(|g| g.waves.iter_mut()),
                );
                if !released.is_empty() {
                    hooks.grid_barrier_release(&released);
                }
                // released waves of other groups may complete their groups' s_barrier
                for k in 0..self.groups.len() {
                    self.try_release(hooks, k);
                }
                if queued {
                    Exec::Barrier
                } else {
                    Exec::Next
                }
            }
            // A wave waiting for a hostcall answer sleeps: the host answers then (`services`).
            Flow::Sleep(_) => match d.services.as_ref().map(|s| s.serve(&d.mem)) {
                Some(Err(e)) => {
                    let wave = &mut self.groups[g].waves[w];
                    let fault = service_fault(wave, e, pc);
                    Exec::Stop(Stop::Fault {
                        wave: fault.wave.wave,
                        fault,
                    })
                }
                _ => Exec::Next,
            },
            _ => Exec::Next,
        }
    }

    /// Release the barrier of group `g` when every live wave arrived (`step::release_barrier`).
    fn try_release(&mut self, hooks: &mut impl Hooks, g: usize) {
        if release_barrier(&mut self.groups[g].waves) {
            hooks.barrier_release(&self.groups[g]);
        }
    }

    /// Retire work-groups whose waves all ended and launch pending ones while there is room.
    pub fn retire_and_launch(&mut self, d: &Dispatch, hooks: &mut impl Hooks) {
        let before = self.groups.len();
        for g in self.groups.iter().filter(|g| g.done()) {
            hooks.group_end(g);
        }
        self.groups.retain(|g| !g.done());
        self.groups_retired += (before - self.groups.len()) as u32;
        self.launch_groups(d, hooks);
    }

    fn launch_groups(&mut self, d: &Dispatch, hooks: &mut impl Hooks) {
        let limit = if self.all_resident {
            usize::MAX
        } else {
            self.opts.resident_waves.max(1) as usize
        };
        while self.next_group < self.total_groups {
            let resident: usize = self.groups.iter().map(|g| g.waves.len()).sum();
            if !self.groups.is_empty() && resident + self.waves_per_group as usize > limit {
                break;
            }
            let flat = self.next_group;
            self.next_group += 1;
            let waves = d.make_work_group(flat);
            let lds = vec![0u8; d.lds_bytes as usize];
            let calls = vec![Vec::new(); waves.len()];
            let timing_slot = hooks.group_start(flat, &waves);
            self.groups.push(Group {
                flat,
                waves,
                lds,
                calls,
                timing_slot,
            });
        }
    }
}
