//! The engine: a [`Machine`] on its own thread, driven by [`Command`]s and answering with [`Update`]s over flume
//! channels. The UI never touches the machine; it renders the last [`Snapshot`] it was sent.
//!
//! [`Engine::handle`] is also callable directly (tests drive it synchronously, without a thread).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use wavescope::debug_info::{DebugInfo, WaveView};
use wavescope::exec::LANES;
use wavescope::machine::{Action, Machine, Plan, Stop, WaveState};
use wavescope::session::Session;

/// The kernel's own source file: where its out-of-line function is (the last frame of an inline chain), not the
/// headers inlined into it.
pub fn kernel_file(
    program: &wavescope::exec::Program,
    di: &DebugInfo,
) -> Option<wavescope::debug_info::FileId> {
    program.pcs.iter().find_map(|&pc| {
        let f = di.frames(pc).last()?;
        di.loc(f.loc).filter(|l| l.line > 0).map(|l| l.file)
    })
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
    /// The whole dispatch, run once on a second copy in the background: executions per instruction (index as
    /// in the program) and the hazard checker's findings as (text, PC).
    Profile {
        exec_counts: Vec<u64>,
        findings: Vec<(String, Option<u64>)>,
    },
    /// Something to tell the user on the status line.
    Message(String),
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
}

impl Engine {
    pub fn new(session: Session, opts: wavescope::machine::MachineOptions) -> Engine {
        let debug_info = session.debug_info.clone();
        let machine = Machine::new(session, opts);
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
                match &self.notify {
                    Some(tx) => {
                        let tx = tx.clone();
                        let msg = format!("writing the trace so far to {}...", out.display());
                        std::thread::spawn(move || {
                            let _ = tx.send(write_trace(&manifest, opts, &log, &out));
                        });
                        vec![Update::Message(msg)]
                    }
                    None => vec![write_trace(&manifest, opts, &log, &out)],
                }
            }
            Command::Select { wave, vreg, lane } => {
                self.wave = wave;
                self.vreg = vreg;
                self.lane = lane;
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
        let file = kernel_file(prog, di)?;
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
                None => progress(Update::Progress {
                    wave_instructions: self.machine.wave_instructions(),
                    waves_done: waves_done(&self.machine),
                    total_waves: self.machine.total_waves(),
                }),
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
        // The snapshot first: a UI that draws between the two shows the new state before it says why.
        vec![
            self.snapshot(),
            Update::Stopped {
                text,
                wave,
                fault_pc,
            },
        ]
    }

    fn waitcnt_counter(&self, pc: u64) -> &'static str {
        let text = self.machine.session().inst_text(pc);
        ["vmcnt", "lgkmcnt", "expcnt"]
            .into_iter()
            .find(|c| text.contains(c))
            .unwrap_or("")
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
                        self.waitcnt_counter(w.pc)
                    } else {
                        ""
                    },
                    pc: w.pc,
                    instructions: w.instructions,
                }
            })
            .collect();
        let regs = m.wave(self.wave).map(|w| {
            let vreg = self.vreg.min(511);
            let locals = match (&self.debug_info, m.debug_view(self.wave)) {
                (Some(di), Some(view)) => di
                    .variables_at(view.pc())
                    .iter()
                    .filter(|v| v.kind != wavescope::debug_info::VarKind::Global)
                    .map(|v| di.format_variable(v, &view, self.lane as u32))
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
        }))
    }
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

/// Run the whole dispatch once on its own copy (so the interactive machine is not disturbed) with the hazard
/// checker: per-instruction execution counts for the heat columns, hazards and missing waits for the findings.
pub fn profile(manifest: &std::path::Path) -> Result<Update, wavescope::session::SessionError> {
    let opts = wavescope::launch::RunOptions::default();
    let session = Session::load(manifest, &opts)?;
    let (stats, fault, findings) = wavescope::hazards::run_checked(&session.dispatch, &opts);
    let mut list: Vec<(String, Option<u64>)> = Vec::new();
    for h in &findings.hazards {
        list.push((
            wavescope::hazards::format_finding(h),
            parse_pc(&h.consumer_pc),
        ));
    }
    for m in &findings.missing_waits {
        list.push((
            wavescope::hazards::format_missing_wait(m),
            parse_pc(&m.use_pc),
        ));
    }
    if let Some(f) = &fault {
        list.push((
            format!("fault (full run): {}", session.fault_report(f).message),
            Some(f.pc),
        ));
    }
    Ok(Update::Profile {
        exec_counts: stats.exec_counts,
        findings: list,
    })
}

/// Write the Perfetto trace of a full run of the dispatch (on its own copy) to `out`. The interactive machine
/// records no trace, so this is the whole dispatch, not only what was stepped so far.
pub fn write_trace(
    manifest: &std::path::Path,
    _opts: wavescope::machine::MachineOptions,
    _log: &ReplayLog,
    out: &std::path::Path,
) -> Update {
    use wavescope_traces::{
        finish, IssueOrderClock, TraceConfig, TraceFile, TraceObserver, TraceOptions, TraceProgram,
    };
    let opts = wavescope::launch::RunOptions::default();
    let s = match Session::load(manifest, &opts) {
        Ok(s) => s,
        Err(e) => return Update::Message(format!("trace: {e}")),
    };
    let d = &s.dispatch;
    let prog = TraceProgram::new(&d.program, s.debug_info.as_deref());
    let topts = TraceOptions::default();
    let config = TraceConfig {
        wave_count: d.wave_count(),
        ..TraceConfig::default()
    };
    let file = match TraceFile::create(out, config) {
        Ok(f) => f,
        Err(e) => return Update::Message(format!("trace: {}: {e}", out.display())),
    };
    let (_stats, _fault, observers) = wavescope::launch::run_observed(d, &opts, || {
        TraceObserver::new(&prog, &d.program, &topts, file.writer(), IssueOrderClock)
    });
    match finish(file, observers) {
        Ok(_) => Update::Message(format!(
            "trace of the full dispatch written to {} (open in ui.perfetto.dev)",
            out.display()
        )),
        Err(e) => Update::Message(format!("trace: {}: {e}", out.display())),
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
            if let Ok(u) = profile(&m) {
                let _ = tx.send(u);
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
