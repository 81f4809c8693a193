//! `wavescope serve`: one gdb session over TCP for one dispatch.
//!
//! The dispatch starts stopped before its first instruction. Stop events of the machine become gdb stop replies
//! here, at the edge (gdb-stock-client.md §3: every reply names the wave; a finished dispatch is `W00`, the process
//! exiting normally). The server ends with the session: on the dispatch's end, a kill, a detach (the dispatch
//! then runs to its end without breakpoints) or a lost connection.
//!
//! The machine runs with `wavescope run`'s instruments, live: the cycle model (`monitor waitcnt`), the hazard
//! checker (`monitor findings`) and the race checker (`monitor races`). With `stop_on_findings` a wave about to
//! execute the consumer of a new hazard or missing wait stops there: gdb sees SIGTRAP at the consumer's PC and its
//! console a line naming the rule, producer and consumer; a wave about to make the second access of a new race
//! stops there the same way, and the console names both accesses.

use crate::conn::{Conn, Frontend, MAX_PACKET};
use crate::gdb::{tid_of, GdbTarget};
use gdbstub::common::Signal;
use gdbstub::conn::ConnectionExt;
use gdbstub::stub::run_blocking::{BlockingEventLoop, Event, WaitForStopReasonError};
use gdbstub::stub::{DisconnectReason, GdbStubBuilder, MultiThreadStopReason};
use gdbstub::target::ext::breakpoints::WatchKind;
use std::cell::RefCell;
use std::io::Write;
use std::net::TcpListener;
use std::path::PathBuf;
use std::rc::Rc;
use wavescope::check::OutputCheck;
use wavescope::exec::FaultKind;
use wavescope::launch::{RunFault, RunOptions};
use wavescope::machine::{Blocked, Machine, MachineOptions, Stop};
use wavescope::session::Session;

/// What `serve` needs to know.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// MANIFEST.json, or a directory holding case.json.
    pub manifest: PathBuf,
    /// Address to listen on (127.0.0.1 unless the user asks for more).
    pub listen: String,
    pub port: u16,
    /// Compare the outputs with the manifest's expected files when the dispatch ends.
    pub check: bool,
    pub machine: MachineOptions,
    /// Stop a wave at the consumer of each new hazard or missing-wait finding (SIGTRAP).
    pub stop_on_findings: bool,
    /// Check global-memory races live too (`serve --races`); LDS races are always checked.
    pub global_races: bool,
    /// Where `monitor trace start FILE` may write (None: the directory the server was started in).
    pub trace_dir: Option<PathBuf>,
}

/// How the session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every wave ended (gdb saw the process exit normally).
    Finished,
    /// The dispatch was ended by a fatal signal gdb passed on (a fault the user let through).
    Terminated(u8),
    /// gdb killed the dispatch.
    Killed,
    /// gdb went away without a detach.
    ConnectionLost,
    /// A detached dispatch ran on and ended with this fault.
    FaultAfterDetach(String),
    /// A detached dispatch was stopped by the stop flag (`MachineOptions::control`, e.g. Ctrl-C).
    Interrupted,
}

/// What a session produced.
#[derive(Debug)]
pub struct ServeOutcome {
    pub ending: Ending,
    /// Output checks (with `check`, when every wave ended).
    pub checks: Vec<OutputCheck>,
    /// Malformed packets the server answered with an error and survived.
    pub protocol_errors: u32,
}

impl ServeOutcome {
    /// Process exit code for the CLI: 0 when the dispatch ended normally and every check passed.
    pub fn exit_code(&self) -> u8 {
        match self.ending {
            Ending::Finished if self.checks.iter().all(|c| c.passed()) => 0,
            Ending::Killed => 0,
            Ending::Interrupted => 130,
            _ => 1,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Session(#[from] wavescope::session::SessionError),
    #[error(transparent)]
    ServedElf(#[from] crate::served_elf::ServedElfError),
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("--trace-dir {path}: {source}")]
    TraceDir {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: String,
        source: std::io::Error,
    },
    #[error("connection: {0}")]
    Io(#[from] std::io::Error),
    #[error("gdb session failed: {0}")]
    Protocol(String),
}

/// The gdb target for a loaded session: machine + served code object copy.
pub fn make_target(session: Session, opts: MachineOptions) -> Result<GdbTarget, ServeError> {
    make_target_with(session, opts, false)
}

/// `make_target`, optionally stopping waves at new hazard and missing-wait findings.
pub fn make_target_with(
    session: Session,
    opts: MachineOptions,
    stop_on_findings: bool,
) -> Result<GdbTarget, ServeError> {
    make_target_checking(session, opts, stop_on_findings, false)
}

/// `make_target_with`, also checking global-memory races live when `global_races` (`serve --races`).
pub fn make_target_checking(
    session: Session,
    opts: MachineOptions,
    stop_on_findings: bool,
    global_races: bool,
) -> Result<GdbTarget, ServeError> {
    let path = session.manifest.code_object.clone();
    // the loaded code object's own bytes, not the file's: a HIP program or an offload bundle file holds the
    // gfx950 code object inside (gdb was served the host program itself, with its host symbols and lines)
    let bytes = session.code_object.bytes().to_vec();
    // relative source paths resolve against the manifest's `source_dir`, else the code object's directory
    let base = match &session.manifest.source_dir {
        Some(d) => Some(std::fs::canonicalize(d).unwrap_or_else(|_| d.clone())),
        None => std::fs::canonicalize(&path)
            .unwrap_or_else(|_| path.clone())
            .parent()
            .map(|p| p.to_path_buf()),
    }
    .map(|p| p.display().to_string());
    let served = crate::served_elf::served_copy_with_vars(&bytes, base.as_deref())?;
    let name = served_name(&path);
    let mut machine = Machine::new(session, opts);
    // The run's instruments (`wavescope run`'s configuration): the live cycle model, and the live checker
    // (`monitor findings`, `monitor hazards`) always on; `--stop-on-findings` also stops a wave at each new
    // finding. An interactive session is not throughput-bound.
    machine.configure(&wavescope::pipeline::RunConfig {
        stop_on_findings,
        races: Some(wavescope::observers::races::RaceOptions::new(
            true,
            global_races,
        )),
        ..wavescope::pipeline::RunConfig::default()
    });
    let mut target = GdbTarget::new(machine, served.bytes, name);
    target.set_served_vars(served.vars);
    Ok(target)
}

/// The served copy is named as a sibling of the real code object, under a name that does not exist on disk (so a
/// local `set sysroot` can never pick up the unrewritten file).
fn served_name(code_object: &std::path::Path) -> String {
    let abs = std::fs::canonicalize(code_object).unwrap_or_else(|_| code_object.to_path_buf());
    let dir = abs.parent().map(|p| p.to_path_buf()).unwrap_or_default();
    let stem = abs
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "kernel".into());
    dir.join(format!("{stem}.wavescope-gdb.elf"))
        .display()
        .to_string()
}

/// Load the manifest, listen, serve one gdb session. Status lines go to `log`.
pub fn serve(opts: &ServeOptions, log: &mut dyn Write) -> Result<ServeOutcome, ServeError> {
    let session = Session::load(&opts.manifest, &RunOptions::default())?;
    let trace_dir = match &opts.trace_dir {
        Some(d) => Some(std::fs::canonicalize(d).map_err(|e| ServeError::TraceDir {
            path: d.display().to_string(),
            source: e,
        })?),
        None => None,
    };
    let addr = format!("{}:{}", opts.listen, opts.port);
    let listener = TcpListener::bind(&addr).map_err(|e| ServeError::Listen {
        addr: addr.clone(),
        source: e,
    })?;
    let mut target = make_target_checking(
        session,
        opts.machine.clone(),
        opts.stop_on_findings,
        opts.global_races,
    )?;
    if let Some(d) = trace_dir {
        target.set_trace_dir(&d).map_err(|e| ServeError::TraceDir {
            path: d.display().to_string(),
            source: e,
        })?;
    }
    serve_on_with(listener, target, opts.check, true, log)
}

/// Serve one gdb session on an already bound listener; the server ends when the connection is lost.
pub fn serve_on(
    listener: TcpListener,
    target: GdbTarget,
    check: bool,
    log: &mut dyn Write,
) -> Result<ServeOutcome, ServeError> {
    serve_on_with(listener, target, check, false, log)
}

/// Serve gdb on an already bound listener. With `reconnect`, a connection lost without `detach` or `kill` (gdb's
/// `disconnect`, a gdb that died) leaves the dispatch stopped where it is, and the server waits for the next gdb,
/// as gdbserver does; that gdb finds the waves where the last one left them (its breakpoints are gone).
pub fn serve_on_with(
    listener: TcpListener,
    mut target: GdbTarget,
    check: bool,
    reconnect: bool,
    log: &mut dyn Write,
) -> Result<ServeOutcome, ServeError> {
    let local = listener.local_addr()?;
    {
        let m = target.machine();
        let d = m.dispatch();
        let _ = writeln!(
            log,
            "wavescope: kernel {} grid {:?} block {:?}: {} waves in {} work-groups",
            d.abi.name,
            d.grid,
            d.block,
            m.total_waves(),
            d.work_group_count()
        );
        for w in m.session().launch_warnings() {
            let _ = writeln!(log, "wavescope: {w}");
        }
        let _ = writeln!(
            log,
            "wavescope: listening on {local}; connect with: gdb -ex 'target remote {local}'"
        );
        let _ = log.flush();
    }
    let mut protocol_errors = 0u32;
    let (reason, frontend) = loop {
        let (stream, peer) = listener.accept()?;
        let _ = writeln!(log, "wavescope: gdb connected from {peer}");
        let _ = log.flush();
        let frontend = Rc::new(RefCell::new(Frontend::new(stream)));
        let reason = loop {
            frontend.borrow_mut().set_threads(target.thread_waves());
            let stub = GdbStubBuilder::new(Conn(frontend.clone()))
                .packet_buffer_size(MAX_PACKET + 8)
                .build()
                .map_err(|e| ServeError::Protocol(e.to_string()))?;
            match stub.run_blocking::<ServeLoop>(&mut target) {
                Ok(r) => break Some(r),
                Err(e) if e.is_connection_error() => break None,
                Err(e) if e.is_target_error() => {
                    return Err(ServeError::Protocol(
                        e.into_target_error().unwrap_or_default(),
                    ))
                }
                Err(e) => {
                    // A packet gdbstub could not take: answer it with an error and go on with a fresh session.
                    protocol_errors += 1;
                    let _ = writeln!(log, "wavescope: refused a malformed packet ({e})");
                    if protocol_errors > 10_000 {
                        return Err(ServeError::Protocol("too many malformed packets".into()));
                    }
                    let mut f = frontend.borrow_mut();
                    f.reply_error()?;
                    f.replay_packets();
                }
            }
        };
        if reason.is_some() || !reconnect || target.machine.finished() {
            break (reason, frontend);
        }
        // gdb went away without detach or kill: keep the dispatch where it is for the next gdb.
        target.machine.halt();
        target.machine.clear_breakpoints_and_watches();
        target.ended = None;
        target.pending_stop = None;
        let _ = writeln!(
            log,
            "wavescope: gdb closed the connection; the dispatch stays stopped. Waiting for another gdb on {local} \
             (gdb -ex 'target remote {local}'; Ctrl-C ends the server)"
        );
        let _ = log.flush();
    };
    let ending = match reason {
        Some(DisconnectReason::TargetExited(_)) => Ending::Finished,
        Some(DisconnectReason::TargetTerminated(sig)) => Ending::Terminated(sig.0),
        Some(DisconnectReason::Kill) => {
            let _ = frontend.borrow_mut().answer_kill();
            Ending::Killed
        }
        Some(DisconnectReason::Disconnect) => {
            let _ = writeln!(
                log,
                "wavescope: gdb detached; running the dispatch to its end"
            );
            let _ = log.flush();
            // without breakpoints, watches or finding stops
            target.machine.ignore_findings();
            let stop = target.machine.run_to_end();
            // With no gdb to show it, what the kernel prints from here on goes where `run` prints it.
            let services = target.machine.session().dispatch.services.as_ref();
            if let Some(sv) = services.filter(|_| target.print_after_detach) {
                for p in sv.take_printed() {
                    let _ = match p.stream {
                        wavescope::services::Stream::Stdout => {
                            let mut out = std::io::stdout().lock();
                            out.write_all(&p.text).and_then(|_| out.flush())
                        }
                        wavescope::services::Stream::Stderr => log.write_all(&p.text),
                    };
                }
            }
            match stop {
                Some(Stop::Fault { fault, .. }) => {
                    Ending::FaultAfterDetach(fault_message(&target, &fault))
                }
                Some(_) => Ending::Finished,
                None => Ending::Interrupted,
            }
        }
        None => Ending::ConnectionLost,
    };
    if target.trace.is_some() {
        let _ = writeln!(log, "wavescope: {}", target.trace_stop());
    }
    let m = target.machine();
    let checks = if check && ending == Ending::Finished {
        m.session().check()
    } else {
        Vec::new()
    };
    let _ = match &ending {
        Ending::Finished => writeln!(
            log,
            "wavescope: dispatch finished: {} waves, {} wave-instructions under the debugger",
            m.total_waves(),
            m.wave_instructions()
        ),
        Ending::Terminated(sig) => writeln!(log, "wavescope: dispatch terminated by signal {sig}"),
        Ending::Killed => writeln!(log, "wavescope: dispatch killed by gdb"),
        Ending::ConnectionLost => writeln!(
            log,
            "wavescope: gdb closed the connection; the dispatch stops here"
        ),
        Ending::FaultAfterDetach(msg) => writeln!(log, "wavescope: {msg}"),
        Ending::Interrupted => writeln!(
            log,
            "wavescope: interrupted; the detached dispatch stops here"
        ),
    };
    for c in &checks {
        let _ = writeln!(log, "{}", wavescope::check::summary_line(c));
    }
    let _ = log.flush();
    Ok(ServeOutcome {
        ending,
        checks,
        protocol_errors,
    })
}

/// The gdb signal for a fault class: memory faults are SIGSEGV, instruction faults SIGILL.
pub fn fault_signal(kind: FaultKind) -> Signal {
    match kind {
        FaultKind::Memory => Signal::SIGSEGV,
        FaultKind::IllegalInstruction | FaultKind::NotImplemented => Signal::SIGILL,
        FaultKind::Trap => Signal::SIGTRAP,
        FaultKind::BarrierDeadlock => Signal::SIGSTOP,
        FaultKind::InstructionLimit => Signal::SIGXCPU,
    }
}

fn fault_message(target: &GdbTarget, f: &RunFault) -> String {
    target.machine().session().fault_report(f).message
}

impl GdbTarget {
    /// A machine stop as a gdb stop reply, with a line for gdb's console when the reply alone says too little.
    fn stop_reply(&mut self, stop: Stop) -> (MultiThreadStopReason<u64>, Option<String>) {
        use MultiThreadStopReason as R;
        match stop {
            Stop::Breakpoint { wave, pc } if !self.machine.race_stop().is_empty() => {
                self.set_current(wave);
                let found = wavescope::observers::races::RaceFindings {
                    raw: self.machine.race_stop().to_vec(),
                    options: self.machine.races_enabled(),
                    global_stop: None,
                };
                let mut note = String::new();
                for f in wavescope::observers::races::describe(self.machine.session(), &found) {
                    note.push_str(&format!(
                        "wavescope: wave {wave} stopped at {pc:#x}, before its second access of a race (--stop-on-findings; `monitor races` lists them):\n"
                    ));
                    for l in crate::gdb::race_text(&f).lines() {
                        note.push_str(&format!("wavescope:   {l}\n"));
                    }
                }
                (
                    R::SignalWithThread {
                        tid: tid_of(wave),
                        signal: Signal::SIGTRAP,
                    },
                    Some(note),
                )
            }
            Stop::Breakpoint { wave, pc } if !self.machine.finding_stop().is_empty() => {
                self.set_current(wave);
                let mut note = String::new();
                for f in self.machine.finding_stop() {
                    note.push_str(&format!(
                        "wavescope: wave {wave} stopped at 0x{pc:x} on {} (--stop-on-findings; `monitor findings` lists them)\n",
                        crate::gdb::finding_line(
                            f.label,
                            f.producer_pc,
                            f.consumer_pc,
                            f.missing_wait,
                            1,
                            f.wave
                        )
                    ));
                }
                // Not a breakpoint of gdb's own: a plain SIGTRAP, as a `stepi` reports.
                (
                    R::SignalWithThread {
                        tid: tid_of(wave),
                        signal: Signal::SIGTRAP,
                    },
                    Some(note),
                )
            }
            Stop::Breakpoint { wave, .. } => {
                self.set_current(wave);
                (R::SwBreak(tid_of(wave)), None)
            }
            Stop::StepDone { wave } => {
                self.set_current(wave);
                // A step names its wave: gdbstub's DoneStep would send S05 without one (gdb-stock-client.md §3).
                (
                    R::SignalWithThread {
                        tid: tid_of(wave),
                        signal: Signal::SIGTRAP,
                    },
                    None,
                )
            }
            Stop::Watch(hit) => {
                self.set_current(hit.wave);
                let lanes: Vec<String> = hit.lanes.iter().map(|l| l.lane.to_string()).collect();
                let note = (!lanes.is_empty()).then(|| {
                    format!(
                        "wavescope: wave {} lane{} {} wrote 0x{:x} (monitor watch shows the values)\n",
                        hit.wave,
                        if lanes.len() == 1 { "" } else { "s" },
                        lanes.join(","),
                        hit.addr
                    )
                });
                (
                    R::Watch {
                        tid: tid_of(hit.wave),
                        kind: WatchKind::Write,
                        addr: hit.addr,
                    },
                    note,
                )
            }
            Stop::Fault { wave, fault } => {
                self.set_current(wave);
                let mut note = format!("wavescope: {}\n", fault_message(self, &fault));
                // a wave that never comes to a barrier others wait at: the race checker names both
                if let Some(found) = self.machine.race_findings() {
                    for f in wavescope::observers::races::describe(self.machine.session(), &found) {
                        if f.kind == "barrier-deadlock" {
                            note.push_str(&format!("wavescope: {}\n", f.message));
                        }
                    }
                }
                (
                    R::SignalWithThread {
                        tid: tid_of(wave),
                        signal: fault_signal(fault.kind),
                    },
                    Some(note),
                )
            }
            Stop::Trap { wave, code } => {
                self.set_current(wave);
                // The wave stops after the s_trap (a SOPP, 4 bytes), like a compiled-in int3, so `continue` goes on.
                let pc = self.machine.wave(wave).map_or(0, |w| w.pc);
                let trap_pc = pc.wrapping_sub(4);
                let at = self
                    .machine
                    .session()
                    .debug_info
                    .as_ref()
                    .and_then(|d| {
                        let l = d.source_loc(trap_pc)?;
                        Some(format!(" ({}:{})", d.file(l.file)?.path, l.line))
                    })
                    .unwrap_or_default();
                let note = format!(
                    "wavescope: wave {wave} executed s_trap {code} at 0x{trap_pc:x}{at}; it stops after it\n"
                );
                (
                    R::SignalWithThread {
                        tid: tid_of(wave),
                        signal: Signal::SIGTRAP,
                    },
                    Some(note),
                )
            }
            Stop::Blocked {
                wave,
                reason: Blocked::Barrier,
            } => {
                self.set_current(wave);
                let note = format!(
                    "wavescope: wave {wave} waits at s_barrier for waves of its work-group that are held stopped \
                     (scheduler-locking) or faulted; let them run (set scheduler-locking off) to release it\n"
                );
                // Not SIGTRAP: a step that cannot finish must not look finished, or `next` would repeat it forever.
                (
                    R::SignalWithThread {
                        tid: tid_of(wave),
                        signal: Signal::SIGSTOP,
                    },
                    Some(note),
                )
            }
            Stop::Exited => {
                // The dispatch is over: complete a running trace so the file is whole when gdb sees the exit.
                let note = self
                    .trace
                    .is_some()
                    .then(|| format!("wavescope: {}\n", self.trace_stop()));
                (R::Exited(0), note)
            }
        }
    }
}

/// Send what the kernel printed since the last call to gdb's console, in the order it printed it (stdout and
/// stderr alike: gdb has one console).
fn send_printed(target: &GdbTarget, conn: &mut Conn) -> std::io::Result<()> {
    let Some(sv) = target.machine.session().dispatch.services.as_ref() else {
        return Ok(());
    };
    let text = sv.take_printed_text();
    if text.is_empty() {
        return Ok(());
    }
    conn.0.borrow_mut().console_bytes(&text)
}

enum ServeLoop {}

impl BlockingEventLoop for ServeLoop {
    type Target = GdbTarget;
    type Connection = Conn;
    type StopReason = MultiThreadStopReason<u64>;

    #[allow(clippy::type_complexity)]
    fn wait_for_stop_reason(
        target: &mut GdbTarget,
        conn: &mut Conn,
    ) -> Result<Event<Self::StopReason>, WaitForStopReasonError<String, std::io::Error>> {
        conn.0
            .borrow_mut()
            .flush_pending()
            .map_err(WaitForStopReasonError::Connection)?;
        if let Some(sig) = target.terminate.take() {
            return Ok(Event::TargetStopped(MultiThreadStopReason::Terminated(sig)));
        }
        if let Some(stop) = target.pending_stop.take() {
            send_printed(target, conn).map_err(WaitForStopReasonError::Connection)?;
            let (reply, note) = target.stop_reply(stop);
            if let Some(n) = note {
                conn.0
                    .borrow_mut()
                    .console(&n)
                    .map_err(WaitForStopReasonError::Connection)?;
            }
            conn.0.borrow_mut().set_threads(target.thread_waves());
            return Ok(Event::TargetStopped(reply));
        }
        let mut poll = || conn.peek().map(|b| b.is_some()).unwrap_or(true);
        let stop = target.machine.run(&mut poll);
        // What the kernel printed (device printf/assert, through the hostcall buffer) goes to gdb's console as it
        // comes: `O` packets while the target runs, so before the stop reply (gdb-stock-client.md).
        send_printed(target, conn).map_err(WaitForStopReasonError::Connection)?;
        match stop {
            None => {
                let byte = conn.read().map_err(WaitForStopReasonError::Connection)?;
                Ok(Event::IncomingData(byte))
            }
            Some(stop) => {
                let (reply, note) = target.stop_reply(stop);
                if let Some(n) = note {
                    conn.0
                        .borrow_mut()
                        .console(&n)
                        .map_err(WaitForStopReasonError::Connection)?;
                }
                conn.0.borrow_mut().set_threads(target.thread_waves());
                Ok(Event::TargetStopped(reply))
            }
        }
    }

    fn on_interrupt(target: &mut GdbTarget) -> Result<Option<Self::StopReason>, String> {
        Ok(Some(match target.machine.halt() {
            Some(w) => {
                target.set_current(w);
                MultiThreadStopReason::SignalWithThread {
                    tid: tid_of(w),
                    signal: Signal::SIGINT,
                }
            }
            None => MultiThreadStopReason::Exited(0),
        }))
    }
}
