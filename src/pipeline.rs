//! One observer pipeline for every driver of a whole run (`wavescope run`, `run --trace`, `profile`, the TUI's
//! whole-dispatch profile, HIP launches, tests and benchmarks).
//!
//! A run is configured once ([`RunConfig`]: the scheduler's options, the cycle model, the hazard checker, the race
//! checker). [`Plan::new`] builds the per-dispatch tables the enabled instruments need (`TimingTable::for_dispatch`,
//! `HazardTable::with_apertures`, `RaceTable`); [`Plan::run`] gives every host thread its [`Instruments`], runs
//! `crate::engine::run_observed`, merges them and returns a [`RunResult`]. Adapters (the trace writer, the profile) plug in
//! through [`Plan::run_with`]: they give each thread's cycle model its `TimingSink` and may wrap the thread's
//! instruments in an observer of their own (which then drives them and can read what they found at each
//! instruction: hazard events, race events, the model's issue and stall times); the pipeline takes the instruments
//! back after the run and merges them as for a plain run, so every driver reports the same timing and findings.
//!
//! With nothing enabled the run is `crate::engine::run` (`NoObserver`): instrumentation that is off costs nothing. An
//! enabled instrument costs one predictable branch per event beside its own work: `wavescope run` on gemm 512
//! (cycle model, hazards, LDS races) took 3.80 CPU s against 3.85 with the tuple observers the old wrappers
//! composed (farm-bench, 5 paired runs, ratio 0.98), so the combinations are not monomorphized one by one.

use crate::engine::{run_observed, RunStats};
use crate::exec::observe::Observer;
use crate::exec::{Flow, Wave};
use crate::isa::Inst;
use crate::launch::{Dispatch, RunFault, RunOptions};
use crate::observers::hazards::{Findings, HazardChecker, HazardEvent, HazardTable};
use crate::observers::races::{
    GlobalStop, RaceChecker, RaceEvent, RaceFindings, RaceOptions, RaceTable, SMALL_DISPATCH_WAVES,
};
use crate::observers::timing::{
    CycleModel, NoSink, SharedMemory, TimingObserver, TimingReport, TimingSink, TimingTable,
};
use std::sync::Arc;
use std::time::Instant;

/// Everything a run is configured with, built once per run.
#[derive(Clone, Debug)]
pub struct RunConfig {
    /// Budget, host threads, stack size, progress and stop control.
    pub options: RunOptions,
    /// The cycle model (`crate::observers::timing`): its timing report, the trace's clock, the profile's cycles.
    pub cycle_model: Option<CycleModel>,
    /// The wait-state hazard and missing-wait checkers (`crate::observers::hazards`).
    pub hazards: bool,
    /// The race and barrier checker (`crate::observers::races`); global races run on one host thread.
    pub races: Option<RaceOptions>,
    /// The interactive machine only ([`crate::machine::Machine::configure`]): a wave stops before the consumer of
    /// a hazard finding no wave hit before, and before the second access of a race no wave made before.
    pub stop_on_findings: bool,
}

impl Default for RunConfig {
    /// What `wavescope run` runs: the cycle model (cdna4.toml, memory system on), hazards, LDS races.
    fn default() -> Self {
        RunConfig::full(RunOptions::default())
    }
}

impl RunConfig {
    /// `options` with every default instrument: cycle model, hazards, LDS races (`wavescope run`).
    pub fn full(options: RunOptions) -> RunConfig {
        RunConfig {
            options,
            cycle_model: Some(CycleModel::default()),
            hazards: true,
            races: Some(RaceOptions::default()),
            stop_on_findings: false,
        }
    }

    /// `options` with no instrument: the plain interpreter.
    pub fn plain(options: RunOptions) -> RunConfig {
        RunConfig {
            options,
            cycle_model: None,
            hazards: false,
            races: None,
            stop_on_findings: false,
        }
    }

    /// The race options in force (`None` when the checker is off or checks nothing).
    pub fn race_options(&self) -> Option<RaceOptions> {
        self.races.filter(|r| r.any())
    }

    /// Is any instrument on?
    pub fn instrumented(&self) -> bool {
        self.cycle_model.is_some() || self.hazards || self.race_options().is_some()
    }

    /// The scheduler's options for this configuration: global race checking needs one host thread (its shadow
    /// memory is shared by all work-groups).
    pub fn run_options(&self) -> RunOptions {
        let mut o = self.options.clone();
        if self.race_options().is_some_and(|r| r.global) {
            o.jobs = 1;
        }
        o
    }
}

/// One host thread's instruments: the enabled checkers and the cycle model (with its sink `S`). An observer that
/// drives all of them; an adapter may own it and read what it found (`hazard_events`, `race_events`, `timing`).
pub struct Instruments<'t, S: TimingSink = NoSink> {
    pub hazards: Option<HazardChecker<'t>>,
    pub races: Option<RaceChecker<'t>>,
    pub timing: Option<TimingObserver<S>>,
}

impl<S: TimingSink> Instruments<'_, S> {
    /// Hazard and missing-wait events found so far (in order; see `HazardChecker::events`).
    pub fn hazard_events(&self) -> &[HazardEvent] {
        self.hazards.as_ref().map_or(&[], |h| h.events())
    }
    /// First occurrence (per host thread) of each race or barrier finding so far, in order.
    pub fn race_events(&self) -> &[RaceEvent] {
        self.races.as_ref().map_or(&[], |r| r.events())
    }
}

impl<S: TimingSink> Observer for Instruments<'_, S> {
    #[inline(always)]
    fn before(&mut self, w: &Wave, i: usize, inst: &Inst) {
        if let Some(h) = &mut self.hazards {
            h.before(w, i, inst);
        }
        if let Some(r) = &mut self.races {
            r.before(w, i, inst);
        }
        if let Some(t) = &mut self.timing {
            t.before(w, i, inst);
        }
    }
    #[inline(always)]
    fn after(&mut self, w: &Wave, i: usize, inst: &Inst, pc: u64, f: Flow) {
        if let Some(h) = &mut self.hazards {
            h.after(w, i, inst, pc, f);
        }
        if let Some(r) = &mut self.races {
            r.after(w, i, inst, pc, f);
        }
        if let Some(t) = &mut self.timing {
            t.after(w, i, inst, pc, f);
        }
    }
    #[inline(always)]
    fn wave_start(&mut self, w: &Wave) {
        if let Some(h) = &mut self.hazards {
            h.wave_start(w);
        }
        if let Some(r) = &mut self.races {
            r.wave_start(w);
        }
        if let Some(t) = &mut self.timing {
            t.wave_start(w);
        }
    }
    #[inline(always)]
    fn wave_end(&mut self, w: &Wave) {
        if let Some(h) = &mut self.hazards {
            h.wave_end(w);
        }
        if let Some(r) = &mut self.races {
            r.wave_end(w);
        }
        if let Some(t) = &mut self.timing {
            t.wave_end(w);
        }
    }
    #[inline(always)]
    fn wants_lane_addrs(&self) -> bool {
        self.timing.as_ref().is_some_and(|t| t.wants_lane_addrs())
    }
    #[inline(always)]
    fn barrier_release(&mut self, flat: u32) {
        if let Some(h) = &mut self.hazards {
            h.barrier_release(flat);
        }
        if let Some(r) = &mut self.races {
            r.barrier_release(flat);
        }
        if let Some(t) = &mut self.timing {
            t.barrier_release(flat);
        }
    }
    #[inline(always)]
    fn grid_barrier_release(&mut self, waves: &[u32]) {
        // the cycle model does not model the wait (docs/exec.md "Cooperative launches"); the hazard checker's
        // wait states pass at any barrier's wait
        if let Some(r) = &mut self.races {
            r.grid_barrier_release(waves);
        }
    }
}

/// The instruments of a dispatch whose work-groups are all resident at once (`Dispatch::needs_co_residency`: a
/// cooperative grid barrier), fed by the resident schedule with the waves of every work-group interleaved
/// (`engine::resident::run_co_resident_observed`, one host thread):
/// - one hazard checker, per instruction (`HazardChecker::per_instruction`: its block plans assume a wave runs
///   alone from a block's start to its end, as in a batch run);
/// - one race checker (it keys its state by wave and work-group, as for a batch thread that runs several);
/// - one cycle-model observer per work-group (each models the clocks of one work-group's waves), lent the
///   dispatch's one memory system around each call, as the interactive machine does (`MachineTiming`): cache
///   hits and bandwidth follow the order the waves ran in.
///
/// An adapter may own it as it owns a batch thread's [`Instruments`] ([`Plan::run_co_resident_with`]: the
/// trace) and read what they found: `hazard_events`, `race_events`, and the sink of a work-group's model.
pub struct CoResident<'t, S: TimingSink> {
    hazards: Option<HazardChecker<'t>>,
    races: Option<RaceChecker<'t>>,
    table: Option<Arc<TimingTable>>,
    /// Makes each work-group's `TimingSink` (called once per work-group).
    sink: Box<dyn Fn() -> S + 't>,
    /// Per work-group (flat index): its cycle-model observer, made when its first wave starts.
    timing: Vec<Option<TimingObserver<S>>>,
    shared: SharedMemory,
    lane_addrs: bool,
}

impl<S: TimingSink> CoResident<'_, S> {
    #[inline(always)]
    fn timed(&mut self, flat: u32, f: impl FnOnce(&mut TimingObserver<S>)) {
        if let Some(Some(o)) = self.timing.get_mut(flat as usize) {
            o.swap_memory(&mut self.shared);
            f(o);
            o.swap_memory(&mut self.shared);
        }
    }
    /// Hazard and missing-wait events found so far (in order; see `HazardChecker::events`).
    pub fn hazard_events(&self) -> &[HazardEvent] {
        self.hazards.as_ref().map_or(&[], |h| h.events())
    }
    /// First occurrence of each race or barrier finding so far, in order.
    pub fn race_events(&self) -> &[RaceEvent] {
        self.races.as_ref().map_or(&[], |r| r.events())
    }
    /// The race checker, when it runs.
    pub fn races(&self) -> Option<&RaceChecker<'_>> {
        self.races.as_ref()
    }
    /// The cycle model's table, when the model runs.
    pub fn timing_table(&self) -> Option<&Arc<TimingTable>> {
        self.table.as_ref()
    }
    /// The sink of work-group `flat`'s cycle model (`None` before its first wave started, or without a model).
    #[inline(always)]
    pub fn sink_mut(&mut self, flat: u32) -> Option<&mut S> {
        match self.timing.get_mut(flat as usize) {
            Some(Some(o)) => Some(&mut o.sink),
            _ => None,
        }
    }
}

impl<S: TimingSink> Observer for CoResident<'_, S> {
    #[inline(always)]
    fn before(&mut self, w: &Wave, i: usize, inst: &Inst) {
        if let Some(h) = &mut self.hazards {
            h.before(w, i, inst);
        }
        if let Some(r) = &mut self.races {
            r.before(w, i, inst);
        }
        self.timed(w.id.work_group_flat, |t| t.before(w, i, inst));
    }
    #[inline(always)]
    fn after(&mut self, w: &Wave, i: usize, inst: &Inst, pc: u64, f: Flow) {
        if let Some(h) = &mut self.hazards {
            h.after(w, i, inst, pc, f);
        }
        if let Some(r) = &mut self.races {
            r.after(w, i, inst, pc, f);
        }
        self.timed(w.id.work_group_flat, |t| t.after(w, i, inst, pc, f));
    }
    fn wave_start(&mut self, w: &Wave) {
        if let Some(h) = &mut self.hazards {
            h.wave_start(w);
        }
        if let Some(r) = &mut self.races {
            r.wave_start(w);
        }
        if let Some(table) = &self.table {
            let g = w.id.work_group_flat as usize;
            if self.timing.len() <= g {
                self.timing.resize_with(g + 1, || None);
            }
            if self.timing[g].is_none() {
                self.timing[g] = Some(TimingObserver::with_sink(table.clone(), (self.sink)()));
            }
        }
        self.timed(w.id.work_group_flat, |t| t.wave_start(w));
    }
    fn wave_end(&mut self, w: &Wave) {
        if let Some(h) = &mut self.hazards {
            h.wave_end(w);
        }
        if let Some(r) = &mut self.races {
            r.wave_end(w);
        }
        self.timed(w.id.work_group_flat, |t| t.wave_end(w));
    }
    fn barrier_release(&mut self, flat: u32) {
        if let Some(h) = &mut self.hazards {
            h.barrier_release(flat);
        }
        if let Some(r) = &mut self.races {
            r.barrier_release(flat);
        }
        self.timed(flat, |t| t.barrier_release(flat));
    }
    fn grid_barrier_release(&mut self, waves: &[u32]) {
        if let Some(r) = &mut self.races {
            r.grid_barrier_release(waves);
        }
    }
    #[inline(always)]
    fn wants_lane_addrs(&self) -> bool {
        self.lane_addrs
    }
}

/// What a run produced, merged over host threads.
pub struct RunResult<X = ()> {
    pub stats: RunStats,
    pub fault: Option<RunFault>,
    /// With a cycle model.
    pub timing: Option<TimingReport>,
    /// With the hazard checker.
    pub hazards: Option<Findings>,
    /// With the race checker.
    pub races: Option<RaceFindings>,
    /// What the adapter kept of each host thread's observer (`Plan::run_with`), in no particular order.
    pub extra: Vec<X>,
    pub wall_seconds: f64,
}

impl<X> RunResult<X> {
    /// A run without instruments (none configured, or a schedule that has none: `RunStats::co_resident`) that
    /// started at `t0`.
    fn uninstrumented(stats: RunStats, fault: Option<RunFault>, t0: Instant) -> RunResult<X> {
        RunResult {
            stats,
            fault,
            timing: None,
            hazards: None,
            races: None,
            extra: Vec::new(),
            wall_seconds: t0.elapsed().as_secs_f64(),
        }
    }

    /// The result without what the adapter kept, and what it kept.
    pub fn split(self) -> (RunResult, Vec<X>) {
        let RunResult {
            stats,
            fault,
            timing,
            hazards,
            races,
            extra,
            wall_seconds,
        } = self;
        (
            RunResult {
                stats,
                fault,
                timing,
                hazards,
                races,
                extra: Vec::new(),
                wall_seconds,
            },
            extra,
        )
    }
}

/// A configured run of one dispatch: the tables its instruments share (built once, read by every host thread).
pub struct Plan<'d> {
    d: &'d Dispatch,
    config: RunConfig,
    timing: Option<Arc<TimingTable>>,
    hazards: Option<HazardTable>,
    races: Option<RaceTable>,
    /// A large dispatch's default global race check: the first work-groups, checked on a copy of the
    /// dispatch's memory beside the run ([`FirstWorkGroups`]).
    race_prefix: Option<RacePrefix>,
}

/// The default's global race check of a dispatch too large to run on one host thread: its first work-groups
/// (about [`SMALL_DISPATCH_WAVES`] waves, at least two work-groups) in flat order, the order a one-thread run
/// gives them, on a copy of the dispatch's memory, within the same budget as a small dispatch's check. It runs
/// beside the real run (on its own host thread when the run has several), which checks LDS only and keeps every
/// host thread; its findings join the run's.
#[derive(Clone, Copy, Debug)]
struct RacePrefix {
    work_groups: u32,
    options: RaceOptions,
}

/// A dispatch whose memory is larger than this is not copied for [`RacePrefix`] (its default check stays
/// LDS-only, as before). The copy is made at every such launch: ~10 ms at this size, which a HIP program that
/// launches in a loop pays each time (`exec` maps all of a program's allocations into every dispatch).
pub const RACE_PREFIX_COPY_BYTES: u64 = 64 << 20;

/// The first work-groups' check may issue at most this many wave-instructions (a spinning kernel would otherwise
/// spin to the run's own budget twice).
pub const RACE_PREFIX_MAX_INSTRUCTIONS: u64 = 64 << 20;

impl RacePrefix {
    /// When the default asked (`asked`) for a global check the dispatch is too large for (`now`).
    fn for_dispatch(
        d: &Dispatch,
        asked: Option<RaceOptions>,
        now: Option<RaceOptions>,
    ) -> Option<RacePrefix> {
        let (asked, now) = (asked?, now?);
        let wanted = asked.global && asked.global_budget.is_some() && !now.global;
        if !wanted
            || d.services.is_some()
            || d.needs_co_residency()
            || d.mem.total_bytes() > RACE_PREFIX_COPY_BYTES
        {
            return None;
        }
        let per_group = d.waves_per_group().max(1) as u64;
        let work_groups = (SMALL_DISPATCH_WAVES / per_group).max(2) as u32;
        (work_groups < d.work_group_count()).then_some(RacePrefix {
            work_groups,
            options: RaceOptions {
                lds: false,
                ..asked
            },
        })
    }
}

/// The observer of [`RacePrefix`]'s run: a race checker over the work-groups before `work_groups`; at the first
/// instruction of a later one, or once the checker's budget ran out, it raises the run's stop flag.
struct FirstWorkGroups<'t> {
    races: RaceChecker<'t>,
    work_groups: u32,
    stop: &'t std::sync::atomic::AtomicBool,
    /// Where the first unchecked work-group started (wave, PC).
    next: Option<(u32, u64)>,
}

impl FirstWorkGroups<'_> {
    #[inline(always)]
    fn checks(&self, w: &Wave) -> bool {
        w.id.work_group_flat < self.work_groups
    }
}

impl Observer for FirstWorkGroups<'_> {
    fn before(&mut self, w: &Wave, i: usize, inst: &Inst) {
        if !self.checks(w) || self.races.global_stop().is_some() {
            if !self.checks(w) && self.next.is_none() {
                self.next = Some((w.id.wave, w.pc));
            }
            self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            return;
        }
        self.races.before(w, i, inst);
    }
    fn after(&mut self, w: &Wave, i: usize, inst: &Inst, pc: u64, f: Flow) {
        if self.checks(w) {
            self.races.after(w, i, inst, pc, f);
        }
    }
    fn wave_start(&mut self, w: &Wave) {
        if self.checks(w) {
            self.races.wave_start(w);
        }
    }
    fn wave_end(&mut self, w: &Wave) {
        if self.checks(w) {
            self.races.wave_end(w);
        }
    }
    fn barrier_release(&mut self, g: u32) {
        if g < self.work_groups {
            self.races.barrier_release(g);
        }
    }
    fn wants_lane_addrs(&self) -> bool {
        self.races.wants_lane_addrs()
    }
}

impl<'d> Plan<'d> {
    pub fn new(d: &'d Dispatch, config: &RunConfig) -> Plan<'d> {
        // the default's global race check only for a small dispatch (`RaceOptions::for_dispatch`): resolved once
        // here, so the host threads (`run_options`), the checkers and the report see the same options; a large
        // one has its first work-groups checked beside the run (`RacePrefix`)
        let mut config = config.clone();
        let asked = config.race_options();
        config.races = config.races.map(|r| r.for_dispatch(d));
        let race_prefix = RacePrefix::for_dispatch(d, asked, config.race_options());
        Plan {
            race_prefix,
            d,
            // the model of the dispatch: its apertures, XCD share and work-group shape (memory system)
            timing: config
                .cycle_model
                .clone()
                .map(|m| Arc::new(TimingTable::for_dispatch(d, m))),
            hazards: config
                .hazards
                .then(|| HazardTable::with_apertures(&d.program, d.apertures)),
            races: (config.race_options().is_some() || race_prefix.is_some())
                .then(|| RaceTable::new(d)),
            config,
        }
    }

    /// A race checker with the configured options, when they can find anything in this program.
    fn race_checker(&self) -> Option<RaceChecker<'_>> {
        match (&self.races, self.config.race_options()) {
            // a program where the checker can find nothing (`RaceTable::can_find`) runs without it
            (Some(t), Some(o)) if t.can_find(o) => Some(RaceChecker::new(t, &self.d.mem, o)),
            _ => None,
        }
    }

    /// [`RacePrefix`]'s check: the first work-groups run on a copy of the dispatch's memory (one host thread,
    /// flat order, no other instrument) until the first later work-group starts or the budget runs out. None
    /// when there is nothing to check (no prefix, or a program without global accesses the checker follows).
    fn check_race_prefix(&self) -> Option<RaceFindings> {
        let (p, t) = (self.race_prefix?, self.races.as_ref()?);
        if !t.can_find(p.options) {
            return None;
        }
        let copy = self.d.scratch_copy()?;
        let control = Arc::new(crate::launch::RunControl::default());
        let opts = RunOptions {
            jobs: 1,
            control: Some(control.clone()),
            max_instructions: match self.config.options.max_instructions {
                0 => RACE_PREFIX_MAX_INSTRUCTIONS,
                n => n.min(RACE_PREFIX_MAX_INSTRUCTIONS),
            },
            ..self.config.options.clone()
        };
        let (_, _, observers) = run_observed(&copy, &opts, || FirstWorkGroups {
            races: RaceChecker::new(t, &copy.mem, p.options),
            work_groups: p.work_groups,
            stop: &control.stop,
            next: None,
        });
        let o = observers.into_iter().next()?;
        let accesses = o.races.global_accesses();
        let budget_stop = o.races.global_stop();
        let mut found = RaceFindings::merge([o.races], None, p.options);
        found.global_stop = budget_stop.or_else(|| {
            o.next.map(|(wave, pc)| GlobalStop {
                accesses,
                wave,
                pc,
                shadow_bytes: None,
                work_groups: Some([p.work_groups, self.d.work_group_count()]),
            })
        });
        Some(found)
    }

    pub fn config(&self) -> &RunConfig {
        &self.config
    }

    /// The cycle model's table, when the model is on.
    pub fn timing_table(&self) -> Option<&Arc<TimingTable>> {
        self.timing.as_ref()
    }

    /// One host thread's instruments, the cycle model reporting to `sink`.
    pub fn instruments<S: TimingSink>(&self, sink: S) -> Instruments<'_, S> {
        Instruments {
            hazards: self.hazards.as_ref().map(HazardChecker::new),
            races: self.race_checker(),
            timing: self
                .timing
                .as_ref()
                .map(|t| TimingObserver::with_sink(t.clone(), sink)),
        }
    }

    /// Run the dispatch with the configured instruments.
    pub fn run(&self) -> RunResult {
        if !self.config.instrumented() {
            let t0 = Instant::now();
            let (stats, fault) = crate::engine::run(self.d, &self.config.run_options());
            return RunResult::uninstrumented(stats, fault, t0);
        }
        if self.d.needs_co_residency() {
            return self.run_co_resident(|| NoSink, |_| ());
        }
        self.run_with(|| NoSink, |i| i, |i| (i, ()))
    }

    /// The instruments of a dispatch that needs every work-group resident ([`CoResident`]), each work-group's
    /// cycle model reporting to a sink from `sink`.
    pub fn co_resident<'t, S: TimingSink>(
        &'t self,
        sink: impl Fn() -> S + 't,
    ) -> CoResident<'t, S> {
        CoResident {
            hazards: self.hazards.as_ref().map(HazardChecker::per_instruction),
            races: self.race_checker(),
            table: self.timing.clone(),
            sink: Box::new(sink),
            timing: Vec::new(),
            shared: SharedMemory::default(),
            // the cycle model reads lane addresses when it has a memory system (`TimingObserver::wants_lane_addrs`)
            lane_addrs: self
                .timing
                .as_ref()
                .is_some_and(|t| t.model().memory_system.is_some()),
        }
    }

    /// [`run`](Self::run) for a dispatch that needs every work-group resident: the instruments see the resident
    /// schedule's interleaving ([`CoResident`]); the results merge as a batch run's. Each work-group's cycle
    /// model reports to a sink from `sink`; `take` keeps what the adapter wants of each (`RunResult::extra`).
    fn run_co_resident<S: TimingSink, X>(
        &self,
        sink: impl Fn() -> S,
        take: impl FnMut(&mut S) -> X,
    ) -> RunResult<X> {
        let t0 = Instant::now();
        let mut co = self.co_resident(sink);
        let (stats, fault) = crate::engine::resident::run_co_resident_observed(
            self.d,
            &self.config.run_options(),
            &mut co,
        );
        self.merge_co_resident(co, stats, fault, t0, take)
    }

    /// Run a dispatch that needs every work-group resident (`Dispatch::needs_co_residency`) with an adapter, as
    /// [`run_with_fault`](Self::run_with_fault) does for a batch run: `wrap` turns the dispatch's one
    /// [`CoResident`] into the observer of the resident schedule (one host thread), `unwrap` gives it back with
    /// what the adapter keeps (`RunResult::extra`, one entry); each work-group's cycle model reports to a sink
    /// from `sink`. The trace (`wavescope_traces::run_traced`) runs this way.
    pub fn run_co_resident_with<'t, S, O, X>(
        &'t self,
        sink: impl Fn() -> S + 't,
        wrap: impl FnOnce(CoResident<'t, S>) -> O,
        unwrap: impl FnOnce(O, Option<&RunFault>) -> (CoResident<'t, S>, X),
    ) -> RunResult<X>
    where
        S: TimingSink,
        O: Observer,
    {
        let t0 = Instant::now();
        let mut o = wrap(self.co_resident(sink));
        let (stats, fault) = crate::engine::resident::run_co_resident_observed(
            self.d,
            &self.config.run_options(),
            &mut o,
        );
        let (co, x) = unwrap(o, fault.as_ref());
        let r = self.merge_co_resident(co, stats, fault, t0, |_| ());
        RunResult {
            stats: r.stats,
            fault: r.fault,
            timing: r.timing,
            hazards: r.hazards,
            races: r.races,
            extra: vec![x],
            wall_seconds: r.wall_seconds,
        }
    }

    /// The results of a co-resident run, merged as a batch run's; `take` keeps what the adapter wants of each
    /// work-group's sink.
    fn merge_co_resident<S: TimingSink, X>(
        &self,
        co: CoResident<'_, S>,
        stats: RunStats,
        fault: Option<RunFault>,
        t0: Instant,
        mut take: impl FnMut(&mut S) -> X,
    ) -> RunResult<X> {
        let CoResident {
            hazards,
            races,
            timing,
            mut shared,
            ..
        } = co;
        let mut timing: Vec<TimingObserver<S>> = timing.into_iter().flatten().collect();
        // the memory system's counters once, with the first observer's (`TimingObserver::merge` adds each one's)
        if let Some(first) = timing.first_mut() {
            first.swap_memory(&mut shared);
        }
        let extra = timing.iter_mut().map(|t| take(&mut t.sink)).collect();
        RunResult {
            timing: self.timing.is_some().then(|| TimingObserver::merge(timing)),
            hazards: self.hazards.is_some().then(|| Findings::merge(hazards)),
            races: self
                .config
                .race_options()
                .map(|o| RaceFindings::merge(races, fault.as_ref(), o)),
            stats,
            fault,
            extra,
            wall_seconds: t0.elapsed().as_secs_f64(),
        }
    }

    /// Run with an adapter that only listens to the cycle model (its `TimingSink`s; the profile): `sink` makes
    /// each host thread's (or, for a dispatch that needs every work-group resident, each work-group's) sink,
    /// and `take` keeps what the adapter wants of each after the run (`RunResult::extra`, one per sink, `None`
    /// without a cycle model). Unlike [`run_with`](Self::run_with), this works on the co-resident schedule too.
    pub fn run_with_sinks<S, X>(
        &self,
        sink: impl Fn() -> S + Sync,
        mut take: impl FnMut(&mut S) -> X,
    ) -> RunResult<Option<X>>
    where
        S: TimingSink + Send,
    {
        if self.d.needs_co_residency() && self.config.instrumented() {
            return self.run_co_resident(sink, |s| Some(take(s)));
        }
        self.run_with(
            sink,
            |i| i,
            |mut i| {
                let x = i.timing.as_mut().map(|t| take(&mut t.sink));
                (i, x)
            },
        )
    }

    /// Run with an adapter: `sink` makes each host thread's `TimingSink`, `wrap` turns the thread's instruments
    /// into its observer (the identity, or an observer that owns and drives them), `unwrap` gives them back with
    /// what the adapter keeps of the thread (`RunResult::extra`).
    pub fn run_with<'t, S, O, X>(
        &'t self,
        sink: impl Fn() -> S + Sync,
        wrap: impl Fn(Instruments<'t, S>) -> O + Sync,
        mut unwrap: impl FnMut(O) -> (Instruments<'t, S>, X),
    ) -> RunResult<X>
    where
        S: TimingSink,
        O: Observer + Send,
    {
        self.run_with_fault(sink, wrap, |o, _| unwrap(o))
    }

    /// [`run_with`](Self::run_with), where `unwrap` also gets the fault the run ended with (e.g. for the
    /// trace's barrier-deadlock instant, which the race checker names only for that fault).
    pub fn run_with_fault<'t, S, O, X>(
        &'t self,
        sink: impl Fn() -> S + Sync,
        wrap: impl Fn(Instruments<'t, S>) -> O + Sync,
        mut unwrap: impl FnMut(O, Option<&RunFault>) -> (Instruments<'t, S>, X),
    ) -> RunResult<X>
    where
        S: TimingSink,
        O: Observer + Send,
    {
        let t0 = Instant::now();
        let run_options = self.config.run_options();
        let run = || run_observed(self.d, &run_options, || wrap(self.instruments(sink())));
        // a large dispatch's first work-groups are checked for global races beside the run: on a host thread of
        // their own when the run has several, else before it
        let ((stats, fault, observers), prefix) = match self.race_prefix {
            Some(_) if run_options.jobs > 1 => std::thread::scope(|s| {
                let prefix = s.spawn(|| self.check_race_prefix());
                let ran = run();
                (ran, prefix.join().ok().flatten())
            }),
            Some(_) => {
                let prefix = self.check_race_prefix();
                (run(), prefix)
            }
            None => (run(), None),
        };
        if stats.co_resident {
            // A cooperative grid barrier ran on the resident schedule, which has no observers: the dispatch has
            // outputs and a fault or none, but no cycle model, checkers or adapter figures (`RunStats`).
            return RunResult::uninstrumented(stats, fault, t0);
        }
        let (mut h, mut r, mut t, mut extra) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for o in observers {
            let (i, x) = unwrap(o, fault.as_ref());
            h.extend(i.hazards);
            r.extend(i.races);
            t.extend(i.timing);
            extra.push(x);
        }
        let mut races = self
            .config
            .race_options()
            .map(|o| RaceFindings::merge(r, fault.as_ref(), o));
        if let (Some(found), Some(p), Some(all)) = (prefix, self.race_prefix, races.as_mut()) {
            let lds = all.options.is_some_and(|o| o.lds);
            all.absorb(found, RaceOptions { lds, ..p.options });
        }
        RunResult {
            timing: self.timing.is_some().then(|| TimingObserver::merge(t)),
            hazards: self.hazards.is_some().then(|| Findings::merge(h)),
            races,
            stats,
            fault,
            extra,
            wall_seconds: t0.elapsed().as_secs_f64(),
        }
    }
}

/// Run `d` as `config` says.
pub fn run(d: &Dispatch, config: &RunConfig) -> RunResult {
    Plan::new(d, config).run()
}
