//! The engine: a [`Machine`] on its own thread, driven by [`Command`]s and answering with [`Update`]s over flume
//! channels. The UI never touches the machine; it renders the last [`Snapshot`] it was sent.
//!
//! [`Engine::handle`] is also callable directly (tests drive it synchronously, without a thread).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use wavescope::debug_info::DebugInfo;
use wavescope::exec::LANES;
use wavescope::machine::{Action, Activity, Machine, Plan, StallKind, Stop, WaveState};
pub use wavescope::machine::{PcCycles, PcMemory, WaveCycles};
use wavescope::session::Session;

/// The kernel's own source file: where its out-of-line function is (the last frame of an inline chain), not the
/// headers inlined into it.
pub fn kernel_file(
    program: &wavescope::exec::Program,
    di: &DebugInfo,
    entry_pc: u64,
) -> Option<wavescope::debug_info::FileId> {
    // From the kernel's entry on: device functions placed before it (a header's helpers at -O0) are not the
    // kernel's file.
    let file_at = |pc: &u64| {
        let f = di.frames(*pc).last()?;
        di.loc(f.loc).filter(|l| l.line > 0).map(|l| l.file)
    };
    program
        .pcs
        .iter()
        .filter(|&&pc| pc >= entry_pc)
        .find_map(file_at)
        .or_else(|| program.pcs.iter().find_map(file_at))
}

/// The line of `pc` in `file`: the instruction's own, or the call site in `file` of what was inlined there.
pub fn line_in(di: &DebugInfo, file: wavescope::debug_info::FileId, pc: u64) -> Option<u32> {
    di.frames(pc).iter().find_map(|f| {
        di.loc(f.loc)
            .filter(|l| l.file == file && l.line > 0)
            .map(|l| l.line)
    })
}

/// What the UI asks of the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Execute one instruction of `wave` (the others may run while it cannot, e.g. at a barrier).
    Step {
        wave: u32,
    },
    /// Run `wave` until it leaves the PCs of its current source line.
    Next {
        wave: u32,
    },
    /// Every wave runs until a breakpoint, a fault or the end.
    Continue,
    /// The full set of breakpoint PCs.
    Breakpoints(Vec<u64>),
    /// Which wave, vector register (0..255 VGPR, 256.. AGPR) and lane the registers pane shows.
    Select {
        wave: u32,
        vreg: u16,
        lane: u8,
    },
    /// Write the Perfetto trace of everything run so far to this file.
    WriteTrace(std::path::PathBuf),
    /// What the timeline pane shows (sent when its size, scroll or zoom change; every snapshot carries it).
    TimelineView(TimelineView),
    Quit,
}

/// What changed the machine, in order: replaying it on a fresh machine of the same dispatch and options gets the
/// same state (the machine is deterministic; its schedule depends on where `run` paused, so those are kept).
#[derive(Clone, Debug, Default)]
pub struct ReplayLog {
    pub ops: Vec<LoggedOp>,
}

#[derive(Clone, Debug)]
pub enum LoggedOp {
    Breakpoints(Vec<u64>),
    Run {
        plan: Plan,
        /// Calls of the poll function (counted over the whole run) that answered "pause".
        pauses: Vec<u64>,
        /// The run ended by an interrupt at the last pause (the machine was halted there).
        interrupted: bool,
    },
}

impl ReplayLog {
    /// Carry the log out on `m` (a fresh machine of the same session and options).
    pub fn replay(&self, m: &mut Machine) {
        for op in &self.ops {
            match op {
                LoggedOp::Breakpoints(pcs) => set_breakpoints(m, pcs),
                LoggedOp::Run {
                    plan,
                    pauses,
                    interrupted,
                } => {
                    m.resume(plan.clone());
                    let mut calls = 0u64;
                    let mut next = 0usize;
                    loop {
                        let mut poll = || {
                            calls += 1;
                            if pauses.get(next) == Some(&calls) {
                                next += 1;
                                return true;
                            }
                            false
                        };
                        if m.run(&mut poll).is_some() {
                            break;
                        }
                        if *interrupted && next == pauses.len() {
                            m.halt();
                            break;
                        }
                    }
                }
            }
        }
    }
}

fn set_breakpoints(m: &mut Machine, pcs: &[u64]) {
    for pc in m.breakpoints() {
        m.remove_breakpoint(pc);
    }
    for &pc in pcs {
        m.add_breakpoint(pc);
    }
}

/// A wave as the waves pane lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaveRow {
    pub wave: u32,
    pub work_group: [u32; 3],
    pub simd: u8,
    pub state: WaveState,
    /// The counter an `s_waitcnt` waits on (`vmcnt`, `lgkmcnt`, ...), when `state` is `Waitcnt`.
    pub waitcnt: &'static str,
    pub pc: u64,
    pub instructions: u64,
    /// The cycle model's account of the wave so far.
    pub cycles: Option<WaveCycles>,
}

/// The part of the waves x cycles plane the timeline pane asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimelineView {
    /// First row: index into `Snapshot::waves`.
    pub first: usize,
    pub rows: usize,
    /// Cells per row.
    pub cells: usize,
    /// The window is 1/zoom of the longest wave clock...
    pub zoom: u32,
    /// ...starting `pan` eighths of a window in.
    pub pan: u32,
}

/// What a wave did in one timeline cell (the activity that took most of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Idle,
    /// Issuing, by the share of the cell's cycles: up to a third, two thirds, more.
    Issue(u8),
    Stall(StallKind),
}

#[derive(Clone, Debug, PartialEq)]
pub struct TimelineRow {
    pub wave: u32,
    pub cells: Vec<Cell>,
    pub cycles: WaveCycles,
    /// The wave's work-group retired: the model keeps its totals only, so `cells` show them as segments (issue,
    /// then each stall kind) over the wave's clock, not in time order.
    pub ended: bool,
}

/// Timeline rows for a `TimelineView`: cycles `from..to` of each wave's modelled clock (a wave's clock counts
/// from its work-group's launch: timing module doc).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Timeline {
    pub view: TimelineView,
    pub from: u64,
    pub to: u64,
    /// The longest wave clock.
    pub max_clock: u64,
    /// Rows there are: waves whose work-groups retired (in retirement order), then the resident waves.
    pub total_rows: usize,
    pub rows: Vec<TimelineRow>,
}

/// The selected wave's registers.
#[derive(Clone, Debug, PartialEq)]
pub struct WaveRegs {
    pub wave: u32,
    pub pc: u64,
    pub sgpr: Vec<u32>,
    pub exec: u64,
    pub vcc: u64,
    pub m0: u32,
    pub scc: bool,
    pub mode: u32,
    pub vgpr_count: u16,
    pub agpr_count: u16,
    /// The selected vector register (index as in `Command::Select`) and its 64 lanes.
    pub vreg: u16,
    pub lanes: [u32; LANES],
    pub lane: u8,
    /// `name = value` of the source variables in scope, for `lane`.
    pub locals: Vec<String>,
}

/// Everything the UI shows of the machine after a stop.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Snapshot {
    pub waves: Vec<WaveRow>,
    pub regs: Option<WaveRegs>,
    pub total_waves: u64,
    /// Waves that ended (retired work-groups' and resident ones).
    pub waves_done: u64,
    pub wave_instructions: u64,
    pub finished: bool,
    /// Per instruction (index as in the program): issue and stall cycles and executions so far.
    pub pc_cycles: Vec<PcCycles>,
    /// Every wave's cycles so far (retired ones included).
    pub totals: WaveCycles,
    pub timeline: Timeline,
    /// The interactive machine's live race findings so far (LDS, as `wavescope run` checks by default): (key,
    /// text, PC of the second access); the key stays while the text's counts grow.
    pub races: Vec<(String, String, Option<u64>)>,
    /// The interactive machine's memory system so far (the memory gutter's and the `m` view's live figures);
    /// None without it.
    pub memory: Option<MemoryProfile>,
}

/// What the engine tells the UI.
#[derive(Clone, Debug, PartialEq)]
pub enum Update {
    Snapshot(Box<Snapshot>),
    /// A long run is under way: wave instructions executed and waves ended so far.
    Progress {
        wave_instructions: u64,
        waves_done: u64,
        total_waves: u64,
    },
    /// The whole dispatch, run once on a second copy in the background: executions and modelled cycles per
    /// instruction (index as in the program) and the hazard checker's findings as (text, PC).
    Profile {
        pc_cycles: Vec<PcCycles>,
        findings: Vec<(String, Option<u64>)>,
    },
    /// The whole dispatch run once more in the background with the cycle model's memory system
    /// (docs/memory-model.md): the memory gutter's and the counters/roofline view's (`m`) whole-dispatch
    /// figures (the live ones come with each snapshot).
    Memory(Box<MemoryProfile>),
    /// Something to tell the user on the status line.
    Message(String),
    /// Text the kernel printed (device printf and assert messages, stdout and stderr) since the last one.
    Output(String),
    /// Why the last run stopped, in a user's words; `fault` carries the PC of a fault for the findings list.
    Stopped {
        text: String,
        wave: Option<u32>,
        fault_pc: Option<u64>,
    },
}

pub struct Engine {
    machine: Machine,
    debug_info: Option<Arc<DebugInfo>>,
    wave: u32,
    vreg: u16,
    lane: u8,
    log: ReplayLog,
    /// Where the dispatch came from (a trace replays it on a fresh copy), when known.
    manifest: Option<std::path::PathBuf>,
    /// Set by `spawn`: work done on helper threads (trace writing) reports here; without it, `handle` does that
    /// work itself before it returns (tests).
    notify: Option<flume::Sender<Update>>,
    view: TimelineView,
    /// What every trace of this dispatch shares, made at the first `Command::WriteTrace`.
    trace_static: Option<Arc<wavescope_traces::tap::TraceStatic>>,
}

impl Engine {
    pub fn new(session: Session, opts: wavescope::machine::MachineOptions) -> Engine {
        let debug_info = session.debug_info.clone();
        let mut machine = Machine::new(session, opts);
        // The live cycle model from the first instruction on: the timeline, the stall gutters, and the clocks a
        // trace replay (`write_trace`) reproduces.
        machine.enable_timing(wavescope::observers::timing::CycleModel::default());
        // the race checker of `wavescope run` (LDS only: the default global check is batch-only), live: the findings pane lists what the session
        // ran into so far (the background whole run lists the dispatch's)
        machine.enable_races(wavescope::observers::races::RaceOptions::lds_only(), false);
        let wave = machine.waves().next().map_or(0, |w| w.id.wave);
        Engine {
            machine,
            debug_info,
            wave,
            vreg: 0,
            lane: 0,
            log: ReplayLog::default(),
            manifest: None,
            notify: None,
            view: TimelineView::default(),
            trace_static: None,
        }
    }

    /// Remember where the dispatch came from (needed for `Command::WriteTrace`).
    pub fn with_manifest(mut self, manifest: &std::path::Path) -> Engine {
        self.manifest = Some(manifest.to_path_buf());
        self
    }

    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// Everything that changed the machine so far.
    pub fn log(&self) -> &ReplayLog {
        &self.log
    }

    pub fn session(&self) -> &Session {
        self.machine.session()
    }

    /// Carry out one command. `interrupt` is polled during long runs; `progress` hears about them.
    pub fn handle(
        &mut self,
        cmd: Command,
        interrupt: &AtomicBool,
        progress: &mut dyn FnMut(Update),
    ) -> Vec<Update> {
        match cmd {
            Command::Step { wave } => {
                self.wave = wave;
                self.run(Plan::step(wave, false), interrupt, progress)
            }
            Command::Next { wave } => {
                self.wave = wave;
                let plan = match self.line_range(wave) {
                    Some((start, end)) => Plan {
                        actions: vec![(wave, Action::RangeStep { start, end })],
                        others: Action::Continue,
                    },
                    None => Plan::step(wave, false),
                };
                self.run(plan, interrupt, progress)
            }
            Command::Continue => self.run(Plan::continue_all(), interrupt, progress),
            Command::Breakpoints(pcs) => {
                set_breakpoints(&mut self.machine, &pcs);
                self.log.ops.push(LoggedOp::Breakpoints(pcs));
                Vec::new()
            }
            Command::WriteTrace(out) => {
                let Some(manifest) = self.manifest.clone() else {
                    return vec![Update::Message(
                        "trace: the dispatch was not loaded from a manifest".into(),
                    )];
                };
                let log = self.log.clone();
                let opts = self.machine.options().clone();
                // The replay loads the same manifest, so this session's program is the replay's.
                let session = self.machine.session();
                let st = self
                    .trace_static
                    .get_or_insert_with(|| wavescope_traces::tap::TraceStatic::new(session))
                    .clone();
                match &self.notify {
                    Some(tx) => {
                        let tx = tx.clone();
                        let msg = format!("writing the trace so far to {}...", out.display());
                        std::thread::spawn(move || {
                            let _ = tx.send(write_trace(&manifest, opts, &log, &out, st));
                        });
                        vec![Update::Message(msg)]
                    }
                    None => vec![write_trace(&manifest, opts, &log, &out, st)],
                }
            }
            Command::Select { wave, vreg, lane } => {
                self.wave = wave;
                self.vreg = vreg;
                self.lane = lane;
                vec![self.snapshot()]
            }
            Command::TimelineView(v) => {
                self.view = v;
                vec![self.snapshot()]
            }
            Command::Quit => Vec::new(),
        }
    }

    /// The contiguous PCs around `wave`'s PC that share its line in the kernel's file (what `next` steps over;
    /// code inlined from headers counts as its call-site line, as the source pane shows it).
    fn line_range(&self, wave: u32) -> Option<(u64, u64)> {
        let di = self.debug_info.as_ref()?;
        let prog = &self.machine.dispatch().program;
        let file = kernel_file(prog, di, self.machine.dispatch().abi.entry_pc)?;
        let pc = self.machine.wave(wave)?.pc;
        let here = line_in(di, file, pc)?;
        let i = prog.index_of(pc)?;
        let mut a = i;
        while a > 0 && line_in(di, file, prog.pcs[a - 1]) == Some(here) {
            a -= 1;
        }
        let mut b = i + 1;
        while b < prog.pcs.len() && line_in(di, file, prog.pcs[b]) == Some(here) {
            b += 1;
        }
        let end = prog
            .pcs
            .get(b)
            .copied()
            .unwrap_or(prog.base + prog.text.len() as u64);
        Some((prog.pcs[a], end))
    }

    fn run(
        &mut self,
        plan: Plan,
        interrupt: &AtomicBool,
        progress: &mut dyn FnMut(Update),
    ) -> Vec<Update> {
        if self.machine.finished() {
            return vec![
                Update::Stopped {
                    text: "the dispatch has ended".into(),
                    wave: None,
                    fault_pc: None,
                },
                self.snapshot(),
            ];
        }
        interrupt.store(false, Ordering::Relaxed);
        self.machine.resume(plan.clone());
        let mut last = Instant::now();
        // Poll calls that paused the run, for the replay log.
        let mut calls = 0u64;
        let mut pauses = Vec::new();
        let mut reports = 0u32;
        let stop = loop {
            let mut poll = || {
                calls += 1;
                if last.elapsed() > Duration::from_millis(50) || interrupt.load(Ordering::Relaxed) {
                    last = Instant::now();
                    pauses.push(calls);
                    return true;
                }
                false
            };
            match self.machine.run(&mut poll) {
                Some(s) => break Some(s),
                None if interrupt.load(Ordering::Relaxed) => {
                    self.machine.halt();
                    break None;
                }
                None => {
                    if let Some(o) = self.printed() {
                        progress(o);
                    }
                    // Every fifth report (about 4 a second) a whole snapshot too, so the waves, timeline and
                    // gutters move during a long continue.
                    reports += 1;
                    if reports.is_multiple_of(5) {
                        progress(self.snapshot());
                    }
                    progress(Update::Progress {
                        wave_instructions: self.machine.wave_instructions(),
                        waves_done: waves_done(&self.machine),
                        total_waves: self.machine.total_waves(),
                    })
                }
            }
        };
        self.log.ops.push(LoggedOp::Run {
            plan,
            pauses,
            interrupted: stop.is_none(),
        });
        let (text, wave, fault_pc) = match &stop {
            None => ("interrupted".to_string(), None, None),
            Some(Stop::Breakpoint { wave, pc }) => (
                format!("wave {wave}: breakpoint at 0x{pc:x}"),
                Some(*wave),
                None,
            ),
            Some(Stop::StepDone { wave }) => (format!("wave {wave}: step done"), Some(*wave), None),
            Some(Stop::Watch(w)) => (format!("wave {}: watch hit", w.wave), Some(w.wave), None),
            Some(Stop::Fault { wave, fault }) => (
                self.machine.session().fault_report(fault).message,
                Some(*wave),
                Some(fault.pc),
            ),
            Some(Stop::Trap { wave, code }) => {
                (format!("wave {wave}: s_trap {code}"), Some(*wave), None)
            }
            Some(Stop::Blocked { wave, .. }) => (
                format!("wave {wave}: waits at a barrier"),
                Some(*wave),
                None,
            ),
            Some(Stop::Exited) => ("the dispatch has ended".to_string(), None, None),
        };
        if let Some(w) = wave {
            self.wave = w;
        }
        if self.machine.wave(self.wave).is_none() {
            if let Some(w) = self.machine.waves().next() {
                self.wave = w.id.wave;
            }
        }
        // What it printed first (an assert's message before its trap), then the snapshot: a UI that draws between
        // them shows the new state before it says why.
        let mut out: Vec<Update> = self.printed().into_iter().collect();
        out.push(self.snapshot());
        out.push(Update::Stopped {
            text,
            wave,
            fault_pc,
        });
        out
    }

    /// What the kernel printed since the last call (`services::DeviceServices::take_printed_text`), as one update.
    fn printed(&self) -> Option<Update> {
        let sv = self.machine.session().dispatch.services.as_ref()?;
        let text = sv.take_printed_text();
        (!text.is_empty()).then(|| Update::Output(String::from_utf8_lossy(&text).into_owned()))
    }

    /// The counter(s) the `s_waitcnt` at `wave`'s PC waits on: of those it names, the ones the cycle model has
    /// above the wait's threshold now (all it names when the model has none above: the wait is about to pass).
    fn waitcnt_counter(&self, wave: u32, pc: u64) -> &'static str {
        let text = self.machine.session().inst_text(pc);
        // `s_waitcnt vmcnt(0) lgkmcnt(0)`: the threshold of each counter named.
        let threshold = |name: &str| -> Option<u32> {
            let at = text.find(&format!("{name}("))? + name.len() + 1;
            text[at..].split(')').next()?.parse().ok()
        };
        let (vm, lgkm) = (threshold("vmcnt"), threshold("lgkmcnt"));
        let (v, l) = self
            .machine
            .timing()
            .and_then(|t| t.counters(wave))
            .unwrap_or((u32::MAX, u32::MAX));
        let vm_waits = vm.is_some_and(|n| v > n);
        let lgkm_waits = lgkm.is_some_and(|n| l > n);
        match (vm_waits, lgkm_waits) {
            (true, true) => "vm+lgkm",
            (true, false) => "vmcnt",
            (false, true) => "lgkmcnt",
            _ => match (vm.is_some(), lgkm.is_some()) {
                (true, true) => "vm+lgkm",
                (true, false) => "vmcnt",
                (false, true) => "lgkmcnt",
                _ => "",
            },
        }
    }

    /// The state the UI shows now.
    pub fn snapshot(&self) -> Update {
        let m = &self.machine;
        // Ended waves too (until their work-group retires): the waves pane shows them as done.
        let waves = m
            .resident_waves()
            .map(|w| {
                let state = m.wave_state(w);
                WaveRow {
                    wave: w.id.wave,
                    work_group: w.id.work_group,
                    simd: w.id.simd,
                    state,
                    waitcnt: if state == WaveState::Waitcnt {
                        self.waitcnt_counter(w.id.wave, w.pc)
                    } else {
                        ""
                    },
                    pc: w.pc,
                    instructions: w.instructions,
                    cycles: m.timing().and_then(|t| t.wave_cycles(w.id.wave)),
                }
            })
            .collect::<Vec<_>>();
        let timeline = self.timeline(&waves);
        let regs = m.wave(self.wave).map(|w| {
            let vreg = self.vreg.min(511);
            // the core's one frame view: kernel arguments without a DWARF location read from the kernarg segment
            let locals = match (&self.debug_info, m.debug_view(self.wave)) {
                (Some(di), Some(view)) => di
                    .frame_values(
                        &view,
                        &wavescope::debug_info::KernelArgs::of(m.dispatch()),
                        self.lane as u32,
                    )
                    .iter()
                    .filter(|v| v.kind != wavescope::debug_info::VarKind::Global)
                    .map(|v| v.assignment())
                    .collect(),
                _ => Vec::new(),
            };
            WaveRegs {
                wave: w.id.wave,
                pc: w.pc,
                sgpr: w.sgpr[..106].to_vec(),
                exec: w.exec(),
                vcc: w.vcc(),
                m0: w.m0(),
                scc: w.scc,
                mode: w.mode,
                vgpr_count: w.vgpr_count,
                agpr_count: w.agpr_count,
                vreg,
                lanes: w.vreg[vreg as usize],
                lane: self.lane,
                locals,
            }
        });
        Update::Snapshot(Box::new(Snapshot {
            waves,
            regs,
            total_waves: m.total_waves(),
            waves_done: waves_done(m),
            wave_instructions: m.wave_instructions(),
            finished: m.finished(),
            pc_cycles: m
                .timing()
                .map(|t| t.pc_table().to_vec())
                .unwrap_or_default(),
            totals: m.timing().map(|t| t.totals()).unwrap_or_default(),
            timeline,
            races: live_races(m),
            memory: live_memory(m),
        }))
    }

    /// The rows of the timeline view: only what the pane shows, so thousands of waves cost a screenful.
    fn timeline(&self, waves: &[WaveRow]) -> Timeline {
        let v = self.view;
        let Some(t) = self.machine.timing() else {
            return Timeline {
                view: v,
                ..Timeline::default()
            };
        };
        let retired = t.retired_waves();
        let live: Vec<WaveCycles> = waves.iter().filter_map(|w| w.cycles).collect();
        let max_clock = retired
            .iter()
            .chain(&live)
            .map(|c| c.clock)
            .max()
            .unwrap_or(0);
        let zoom = v.zoom.max(1) as u64;
        let width = max_clock.div_ceil(zoom).max(1);
        let from = (v.pan as u64 * width / 8).min(max_clock.saturating_sub(width));
        let to = from + width;
        let total_rows = retired.len() + live.len();
        let first = v.first.min(total_rows.saturating_sub(v.rows.max(1)));
        let mut rows = Vec::with_capacity(v.rows);
        for k in first..(first + v.rows).min(total_rows) {
            let row = if k < retired.len() {
                let c = retired[k];
                TimelineRow {
                    wave: c.wave,
                    cells: segments(&c, from, to, v.cells),
                    cycles: c,
                    ended: true,
                }
            } else {
                let c = live[k - retired.len()];
                TimelineRow {
                    wave: c.wave,
                    cells: t
                        .wave_strip(c.wave, from, to, v.cells)
                        .iter()
                        .map(strip_cell)
                        .collect(),
                    cycles: c,
                    ended: false,
                }
            };
            rows.push(row);
        }
        Timeline {
            view: v,
            from,
            to,
            max_clock,
            total_rows,
            rows,
        }
    }
}

fn strip_cell(c: &wavescope::machine::StripCell) -> Cell {
    match c.kind() {
        Activity::Idle => Cell::Idle,
        Activity::Stall(k) => Cell::Stall(k),
        Activity::Issue => {
            let share = c.issue / (c.end - c.start).max(1) as f64;
            Cell::Issue(if share > 2.0 / 3.0 {
                3
            } else if share > 1.0 / 3.0 {
                2
            } else {
                1
            })
        }
    }
}

/// An ended wave's totals as segments over `[0, clock)`: issue, then s_waitcnt, counter full, barrier and MFMA
/// busy stalls (the model keeps no history of a retired work-group), seen through the window `from..to`.
fn segments(c: &WaveCycles, from: u64, to: u64, cells: usize) -> Vec<Cell> {
    let bounds = [
        (c.issue, Cell::Issue(3)),
        (c.waitcnt, Cell::Stall(StallKind::Waitcnt)),
        (c.counter_full, Cell::Stall(StallKind::CounterFull)),
        (c.barrier, Cell::Stall(StallKind::Barrier)),
        (c.mfma_busy, Cell::Stall(StallKind::MfmaBusy)),
    ];
    let span = (to - from).max(1) as f64;
    (0..cells)
        .map(|j| {
            // The cell's middle cycle decides.
            let t = from as f64 + span * (j as f64 + 0.5) / cells as f64;
            if t >= c.clock as f64 {
                return Cell::Idle;
            }
            let mut acc = 0.0;
            for (n, cell) in bounds {
                acc += n as f64;
                if t < acc {
                    return cell;
                }
            }
            // Cycles the model counts in the clock but in no category (e.g. waiting for a SIMD).
            Cell::Idle
        })
        .collect()
}

/// The machine's race findings so far as (key, text, PC of the later access).
fn live_races(m: &Machine) -> Vec<(String, String, Option<u64>)> {
    let Some(found) = m.race_findings().filter(|f| !f.raw.is_empty()) else {
        return Vec::new();
    };
    wavescope::observers::races::describe(m.session(), &found)
        .into_iter()
        .map(|f| {
            let key = format!("{} {} {} {}", f.kind, f.access, f.first_pc, f.second_pc);
            let pc = parse_pc(&f.second_pc).or(parse_pc(&f.first_pc));
            (key, format!("live {}", f.message), pc)
        })
        .collect()
}

/// Waves that ended: every wave of a retired work-group, and the ended ones still resident.
pub fn waves_done(m: &Machine) -> u64 {
    let (retired, _, _) = m.group_counts();
    let per_group = m.dispatch().waves_per_group().max(1) as u64;
    let resident = m
        .resident_waves()
        .filter(|w| m.wave_state(w) == WaveState::Done)
        .count() as u64;
    retired as u64 * per_group + resident
}

fn parse_pc(s: &str) -> Option<u64> {
    u64::from_str_radix(s.trim().trim_start_matches("0x"), 16).ok()
}

/// Run the whole dispatch once on its own copy (so the interactive machine is not disturbed) as `wavescope run`
/// runs it (the run pipeline: hazard and missing-wait checkers, LDS races, the cycle model with its memory system),
/// profiled. One run gives both background updates: [`Update::Profile`] (per-instruction executions and cycles
/// for the whole-dispatch gutters; hazards, missing waits, races and a fault for the findings) and
/// [`Update::Memory`] (the memory gutter and the counters/roofline view). The cycle model is the one the
/// interactive machine runs live (`Engine::new`: the default model, memory system on), so the whole-dispatch and
/// live cycle gutters agree once every wave has run.
pub fn whole_dispatch(
    manifest: &std::path::Path,
) -> Result<(Update, Update), wavescope::session::SessionError> {
    use wavescope::observers::timing::CycleModel;
    use wavescope::pipeline::RunConfig;
    let config = RunConfig {
        cycle_model: Some(CycleModel::default()),
        ..RunConfig::default()
    };
    let session = Session::load(manifest, &config.options)?;
    let r = wavescope_traces::profile::run_profiled(&session, &config);
    let n = session.dispatch.program.insts.len();
    // a stall counts at the instruction that stood still, as `MachineTiming::pc_table` counts it
    let mut pc_cycles = vec![PcCycles::default(); n];
    let mut per_inst = vec![MemCell::default(); n];
    for i in &r.profile.insts {
        if let Some(c) = pc_cycles.get_mut(i.index) {
            c.issue = i.counts.issue_cycles;
            c.stall = i.counts.stall_cycles();
            c.count = i.counts.executions;
        }
        if let Some(c) = per_inst.get_mut(i.index) {
            *c = MemCell::of_profile(&i.counts.mem);
        }
    }
    let fault = r.run.fault;
    let findings = r.run.hazards.unwrap_or_default();
    let mut list: Vec<(String, Option<u64>)> = Vec::new();
    for h in &findings.hazards {
        list.push((
            wavescope::observers::hazards::format_finding(h),
            parse_pc(&h.consumer_pc),
        ));
    }
    for m in &findings.missing_waits {
        list.push((
            wavescope::observers::hazards::format_missing_wait(m),
            parse_pc(&m.use_pc),
        ));
    }
    let races = r.run.races.unwrap_or_default();
    for r in wavescope::observers::races::describe(&session, &races) {
        // the later access of the pair is where the missing barrier bites
        let pc = parse_pc(&r.second_pc).or(parse_pc(&r.first_pc));
        list.push((r.message, pc));
    }
    if let Some(f) = &fault {
        list.push((
            format!("fault (full run): {}", session.fault_report(f).message),
            Some(f.pc),
        ));
    }
    let t = r.run.timing.unwrap_or_default();
    let memory = Update::Memory(Box::new(MemoryProfile {
        per_inst,
        any: t.counters.as_ref().is_some_and(|c| {
            c.TA_TOTAL_WAVEFRONTS_sum + c.SQ_LDS_IDX_ACTIVE + c.SQC_DCACHE_REQ > 0
        }),
        counters: t.counters,
        metrics: t.metrics,
        cycles: t.cycles,
    }));
    Ok((
        Update::Profile {
            pc_cycles,
            findings: list,
        },
        memory,
    ))
}

/// The whole-dispatch gutters and findings ([`whole_dispatch`]'s first update).
pub fn profile(manifest: &std::path::Path) -> Result<Update, wavescope::session::SessionError> {
    whole_dispatch(manifest).map(|(p, _)| p)
}

/// The memory cost of one instruction (the listing's memory gutter, and the `m` view's rows for the
/// instruction at the disassembly cursor): what the memory system made of its executions, summed over waves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemCell {
    /// Vector memory wave-instructions the memory system costed, the 128-byte lines they touched and the level
    /// each was found at.
    pub requests: u64,
    pub lines: u64,
    pub l1_hits: u64,
    pub l2_hits: u64,
    pub mall_hits: u64,
    pub hbm_lines: u64,
    /// LDS wave-instructions costed and their bank-conflict cycles.
    pub lds_accesses: u64,
    pub lds_conflict_cycles: u64,
    /// Bytes the active lanes asked for (vector memory and LDS).
    pub bytes: u64,
}

impl MemCell {
    /// From the profile of a whole run (`wavescope profile`'s per-instruction `memory_system`).
    pub fn of_profile(m: &wavescope_traces::profile::MemCounts) -> MemCell {
        MemCell {
            requests: m.requests,
            lines: m.lines,
            l1_hits: m.l1_hits,
            l2_hits: m.l2_hits,
            mall_hits: m.mall_hits,
            hbm_lines: m.hbm_lines,
            lds_accesses: m.lds_accesses,
            lds_conflict_cycles: m.lds_conflict_cycles,
            bytes: m.bytes,
        }
    }

    /// From the interactive machine's figures of the instruction `inst` (`MachineTiming::pc_memory`): its
    /// executions count as LDS accesses for a DS instruction, as vector requests for a buffer/flat/global/
    /// scratch one, as in the profile (scalar loads are in the `SQC_*` counters only, as there).
    pub fn of_machine(m: &PcMemory, inst: &wavescope::isa::Inst) -> MemCell {
        use wavescope::isa::Format;
        match inst.format {
            Format::Ds => MemCell {
                lds_accesses: m.accesses,
                lds_conflict_cycles: m.lds_conflict_cycles,
                bytes: m.bytes,
                ..MemCell::default()
            },
            Format::Mubuf | Format::Mtbuf | Format::Flat | Format::Global | Format::Scratch => {
                MemCell {
                    requests: m.accesses,
                    lines: m.lines,
                    l1_hits: m.l1_hits,
                    l2_hits: m.l2_hits,
                    mall_hits: m.mall_hits,
                    hbm_lines: m.hbm_lines,
                    bytes: m.bytes,
                    ..MemCell::default()
                }
            }
            _ => MemCell::default(),
        }
    }

    /// Vector memory: 128-byte lines per wave-instruction.
    pub fn lines_per_request(&self) -> Option<f64> {
        (self.requests > 0).then(|| self.lines as f64 / self.requests as f64)
    }

    /// LDS: bank-conflict cycles per wave-instruction.
    pub fn conflicts_per_access(&self) -> Option<f64> {
        (self.lds_accesses > 0).then(|| self.lds_conflict_cycles as f64 / self.lds_accesses as f64)
    }

    /// Percent of the lines found in the L1 (as the profile's `l1_hit_rate`).
    pub fn l1_hit_rate(&self) -> Option<f64> {
        (self.lines > 0).then(|| 100.0 * self.l1_hits as f64 / self.lines as f64)
    }

    /// Percent of the lines that reached the L2 and hit there (as the profile's `l2_hit_rate`).
    pub fn l2_hit_rate(&self) -> Option<f64> {
        let at_l2 = self.l2_hits + self.mall_hits + self.hbm_lines;
        (at_l2 > 0).then(|| 100.0 * self.l2_hits as f64 / at_l2 as f64)
    }

    /// The gutter text, 4 columns: ` 64L` (lines per request), `15c` (LDS conflict cycles per access), blank.
    pub fn gutter(&self) -> String {
        let short = |v: f64, unit: char| {
            if v >= 999.5 {
                format!("{:>3}{unit}", "***")
            } else if v == v.round() || v >= 9.95 {
                format!("{:>3.0}{unit}", v)
            } else {
                format!("{:>3.1}{unit}", v)
            }
        };
        match (self.lines_per_request(), self.conflicts_per_access()) {
            (Some(l), _) => short(l, 'L'),
            (None, Some(c)) => short(c, 'c'),
            _ => "    ".into(),
        }
    }
}

/// What the cycle model's memory system made of a dispatch, run whole or so far: per instruction (index as in
/// the program) its memory cost, and the run report's `counters` and `metrics` (rocprof-compute's names).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MemoryProfile {
    pub per_inst: Vec<MemCell>,
    pub counters: Option<wavescope::observers::memsys::counters::Counters>,
    pub metrics: Option<wavescope::observers::memsys::counters::Metrics>,
    /// Modelled cycles the bandwidths and MFMA utilisation are over: the whole run's `cycles`, or, live, the
    /// modelled device time so far (`MachineTiming::device_cycles`).
    pub cycles: u64,
    /// The memory system costed something (a vector, LDS or scalar memory instruction ran).
    pub any: bool,
}

/// The memory gutter and the counters/roofline view of the whole dispatch ([`whole_dispatch`]'s second update).
pub fn memory_profile(
    manifest: &std::path::Path,
) -> Result<Update, wavescope::session::SessionError> {
    whole_dispatch(manifest).map(|(_, m)| m)
}

/// What the interactive machine's memory system made of the dispatch so far (None without the cycle model or
/// its memory system): per instruction from `MachineTiming::pc_memory_table`, counters from its
/// `inst_counts` and `mem_counters` as the run report makes them, metrics over the modelled device time so
/// far with the CUs of the work-groups started so far.
pub fn live_memory(m: &Machine) -> Option<MemoryProfile> {
    use wavescope::observers::memsys::counters::{metrics, Counters};
    let t = m.timing()?;
    let mc = t.mem_counters()?;
    let model = t.model();
    let params = model.memory_system.as_ref()?;
    let insts = &m.dispatch().program.insts;
    let per_inst = t
        .pc_memory_table()
        .iter()
        .zip(insts.iter())
        .map(|(p, i)| MemCell::of_machine(p, i))
        .collect();
    let ic = t.inst_counts();
    let cycles = t.device_cycles();
    let (retired, resident, _) = m.group_counts();
    let cus_used = (retired as u64 + resident as u64).min(model.cu_count);
    Some(MemoryProfile {
        per_inst,
        counters: Some(Counters::new(&ic, &mc)),
        metrics: Some(metrics(
            &ic,
            &mc,
            params,
            &wavescope::observers::timing::ceilings(model),
            cycles,
            cus_used,
        )),
        cycles,
        any: mc != wavescope::observers::memsys::MemCounters::default(),
    })
}

/// Write the Perfetto trace of what the interactive machine ran so far to `out`: the log is replayed on a fresh
/// machine of the same dispatch and options with the cycle model on and the trace observer attached from the
/// first instruction (the machine tap `wavescope_traces::tap`, as gdb's `monitor trace`), so the trace holds every
/// instruction run so far in modelled cycles, and the session goes on untouched. Costs a re-run of what ran.
/// `st`: the dispatch's `TraceStatic`, made once per engine and shared by its traces.
pub fn write_trace(
    manifest: &std::path::Path,
    opts: wavescope::machine::MachineOptions,
    log: &ReplayLog,
    out: &std::path::Path,
    st: Arc<wavescope_traces::tap::TraceStatic>,
) -> Update {
    use wavescope_traces::tap::Trace;
    let fail =
        |e: &dyn std::fmt::Display| Update::Message(format!("trace: {}: {e}", out.display()));
    let session = match Session::load(manifest, &wavescope::launch::RunOptions::default()) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    let (trace, tap) = match Trace::start(st, &session, out, Default::default()) {
        Ok(t) => t,
        Err(e) => return fail(&e),
    };
    let mut m = Machine::new(session, opts);
    m.enable_timing(wavescope::observers::timing::CycleModel::default());
    m.attach_timed_observer(tap);
    log.replay(&mut m);
    let instructions = m.wave_instructions();
    drop(m.detach_observer());
    match trace.finish() {
        Ok(stats) => Update::Message(format!(
            "trace so far ({instructions} wave-instructions, {} bytes) written to {} (open in ui.perfetto.dev)",
            stats.bytes,
            out.display()
        )),
        Err(e) => fail(&e),
    }
}

/// The UI's ends of the engine thread.
pub struct EngineHandle {
    pub commands: flume::Sender<Command>,
    pub updates: flume::Receiver<Update>,
    /// For helper threads (trace writing) to report back.
    pub notify: flume::Sender<Update>,
    pub interrupt: Arc<AtomicBool>,
    pub thread: std::thread::JoinHandle<()>,
}

/// Start the engine on its own thread; it sends a first snapshot at once. With `manifest`, a second thread runs
/// the whole dispatch once for the heat columns and the findings.
pub fn spawn(mut engine: Engine, manifest: Option<std::path::PathBuf>) -> EngineHandle {
    let (cmd_tx, cmd_rx) = flume::unbounded::<Command>();
    let (upd_tx, upd_rx) = flume::unbounded::<Update>();
    engine.notify = Some(upd_tx.clone());
    if let Some(m) = manifest {
        let tx = upd_tx.clone();
        std::thread::spawn(move || {
            if let Ok((p, mem)) = whole_dispatch(&m) {
                let _ = tx.send(p);
                let _ = tx.send(mem);
            }
        });
    }
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = interrupt.clone();
    let notify = upd_tx.clone();
    let thread = std::thread::spawn(move || {
        let _ = upd_tx.send(engine.snapshot());
        while let Ok(cmd) = cmd_rx.recv() {
            if cmd == Command::Quit {
                break;
            }
            let tx = upd_tx.clone();
            let mut progress = |u: Update| {
                let _ = tx.send(u);
            };
            for u in engine.handle(cmd, &flag, &mut progress) {
                if upd_tx.send(u).is_err() {
                    return;
                }
            }
        }
    });
    EngineHandle {
        commands: cmd_tx,
        updates: upd_rx,
        notify,
        interrupt,
        thread,
    }
}
