//! Stop one wave at a source line and read its source variables per lane, without a debugger attached: the logic
//! of `wavescope inspect`.
//!
//! The dispatch runs on the interactive [`Machine`] (the resident scheduler gdb and the TUI drive), with one
//! work-group resident at a time and each wave running until it waits at `s_barrier` or ends — the order
//! `wavescope run --jobs 1` runs them in, so a stop leaves every earlier work-group finished and every later one
//! unstarted. Machine breakpoints sit at the breakpoint addresses of `file:line` (`DebugInfo::breakpoint_pcs`,
//! gdb's rule) and at every `s_endpgm` (to tell "the wave ended" from "it is still on its way"); another wave
//! arriving at one is stepped past it, and the chosen wave stops at its first (or `InspectOptions::hit`-th)
//! arrival. `stop_at_pc` takes an instruction address instead. The machine is kept at the stop, and the
//! variables are the core's one view of a frame ([`wavescope::debug_info::DebugInfo::frame_values`]: DWARF, or
//! the kernarg slot of an OpenCL kernel argument).
//!
//! Every run is bounded by a budget of wave-instructions (`InspectOptions::max_instructions`), so a kernel that
//! never reaches the line, spins or deadlocks ends with an error instead of hanging.

use wavescope::debug_info::{DebugInfo, FileId, Frame, KernelArgs, LocalValue};
use wavescope::exec::{Wave, WaveId, LANES};
use wavescope::isa::Op;
use wavescope::machine::{Action, Machine, MachineOptions, Plan, Stop, WaveDebugView};
use wavescope::session::Session;

pub use wavescope::debug_info::ValueOrigin;

/// Limits of an inspection run.
#[derive(Clone, Debug)]
pub struct InspectOptions {
    /// Wave-instructions the whole run (every wave of every work-group up to the stop) may issue.
    pub max_instructions: u64,
    /// Stop at the wave's `hit`-th arrival at a breakpoint address (1: the first; a loop body's line is arrived
    /// at once per iteration). 0 counts as 1.
    pub hit: u32,
}

impl Default for InspectOptions {
    fn default() -> Self {
        InspectOptions {
            max_instructions: wavescope::launch::DEFAULT_MAX_INSTRUCTIONS,
            hit: 1,
        }
    }
}

/// Why a wave could not be stopped where asked.
#[derive(Debug, thiserror::Error)]
pub enum InspectError {
    #[error("the code object has no DWARF line table (build it with -g)")]
    NoDebugInfo,
    #[error("no source file {query} in the line table; its files are: {}", .files.join(", "))]
    NoSuchFile { query: String, files: Vec<String> },
    #[error("no code for {file}:{line} or any later line of it (the file's lines with code are {first}..={last})")]
    NoCode {
        file: String,
        line: u32,
        first: u32,
        last: u32,
    },
    #[error("no instruction starts at pc 0x{pc:x}")]
    NoInstruction { pc: u64 },
    #[error("no wave {wave} in this dispatch ({reason})")]
    NoSuchWave { wave: u32, reason: String },
    #[error("wave {wave} never reached {place}: {how}")]
    NeverReached {
        wave: u32,
        place: String,
        how: String,
    },
    #[error("the run faulted before wave {wave} reached {place}: {message}")]
    Fault {
        wave: u32,
        place: String,
        message: String,
    },
    #[error("wave {wave} did not reach {place} within the dispatch's budget of {limit} wave-instructions (a runaway kernel? if not, raise it with --max-instructions N, or 0 for no limit)")]
    InstructionLimit {
        wave: u32,
        place: String,
        limit: u64,
    },
}

/// A wave stopped before the instruction at its PC, in the machine that ran the dispatch up to there.
pub struct StoppedWave {
    pub machine: Machine,
    /// The stopped wave's dispatch-wide index (`WaveId::wave`).
    pub wave_index: u32,
    /// The source file and the line the breakpoint resolved to (the asked line, or the next line with code).
    pub file: Option<FileId>,
    pub line: u32,
    /// Every breakpoint address of that line.
    pub breakpoint_pcs: Vec<u64>,
    /// Wave-instructions the run issued before the stop (all waves).
    pub run_instructions: u64,
}

impl StoppedWave {
    pub fn session(&self) -> &Session {
        self.machine.session()
    }

    /// The wave's state (registers, scratch) at the stop.
    pub fn wave(&self) -> &Wave {
        self.machine
            .wave(self.wave_index)
            .expect("the stopped wave stays resident")
    }

    pub fn pc(&self) -> u64 {
        self.wave().pc
    }

    pub fn id(&self) -> WaveId {
        self.wave().id
    }

    /// The DWARF view of the stopped wave (the machine's).
    pub fn view(&self) -> WaveDebugView<'_> {
        self.machine
            .debug_view(self.wave_index)
            .expect("the stopped wave stays resident")
    }

    /// The inline chain at the stop, innermost frame first.
    pub fn frames(&self) -> &[Frame] {
        match &self.session().debug_info {
            Some(d) => d.frames(self.pc()),
            None => &[],
        }
    }

    /// Local id (x, y, z) in the work-group and global id of the work-item in `lane`, or `None` when the lane
    /// holds no work-item (past the end of a partial wave).
    pub fn work_item(&self, lane: u32) -> Option<([u32; 3], [u32; 3])> {
        work_item(self.session(), self.id(), lane)
    }

    /// `path:line:column` of the stop (innermost frame).
    pub fn location(&self) -> String {
        match &self.session().debug_info {
            Some(d) => d.format_loc(d.loc_id(self.pc())),
            None => "??:0:0".into(),
        }
    }

    /// The text of the stop's source line, when the source can be found (next to the code object, or in
    /// `extra_dirs`).
    pub fn source_line(&self, extra_dirs: &[std::path::PathBuf]) -> Option<String> {
        let d = self.session().debug_info.as_ref()?;
        let cache = d.source_cache(source_dirs(self.session(), extra_dirs));
        d.source_line(&cache, d.loc_id(self.pc()))
    }
}

/// The code object's directory first, then `extra`.
fn source_dirs(session: &Session, extra: &[std::path::PathBuf]) -> Vec<std::path::PathBuf> {
    let mut dirs = Vec::new();
    if let Some(p) = session.manifest.code_object.parent() {
        dirs.push(if p.as_os_str().is_empty() {
            std::path::PathBuf::from(".")
        } else {
            p.to_path_buf()
        });
    }
    dirs.extend(extra.iter().cloned());
    dirs
}

/// Local and global work-item id of `lane` of wave `id`, as `Dispatch::make_work_group` assigns them (x fastest
/// over the work-group's actual, possibly partial, shape).
pub fn work_item(session: &Session, id: WaveId, lane: u32) -> Option<([u32; 3], [u32; 3])> {
    let d = &session.dispatch;
    let wg = id.work_group;
    let size: [u32; 3] =
        [0, 1, 2].map(|k| d.grid[k].saturating_sub(wg[k] * d.block[k]).min(d.block[k]));
    let items = size[0] as u64 * size[1] as u64 * size[2] as u64;
    let i = id.wave_in_group as u64 * LANES as u64 + lane as u64;
    if lane as usize >= LANES || i >= items {
        return None;
    }
    let i = i as u32;
    let local = [
        i % size[0],
        (i / size[0]) % size[1],
        i / (size[0] * size[1]),
    ];
    let global = [0, 1, 2].map(|k| wg[k] * d.block[k] + local[k]);
    Some((local, global))
}

/// Run the dispatch until wave `wave_index` first reaches a breakpoint address of `file:line`, with the default
/// instruction budget.
pub fn stop_at_line(
    session: Session,
    file: &str,
    line: u32,
    wave_index: u32,
) -> Result<StoppedWave, InspectError> {
    stop_at_line_with(session, file, line, wave_index, &InspectOptions::default())
}

/// The breakpoint addresses of `file:line`: the file ids matched, the line used and the addresses.
pub fn resolve_line(
    debug_info: &DebugInfo,
    file: &str,
    line: u32,
) -> Result<(FileId, u32, Vec<u64>), InspectError> {
    if !debug_info.has_dwarf() || debug_info.line_rows().is_empty() {
        return Err(InspectError::NoDebugInfo);
    }
    let ids = debug_info.find_files(file);
    if ids.is_empty() {
        let mut files: Vec<String> = debug_info.files().iter().map(|f| f.path.clone()).collect();
        files.sort();
        files.dedup();
        return Err(InspectError::NoSuchFile {
            query: file.to_string(),
            files,
        });
    }
    // The first file (in line-table order) whose line has code; the same file may be named by several tables.
    let mut best: Option<(FileId, u32, Vec<u64>)> = None;
    for &id in &ids {
        let (used, pcs) = debug_info.breakpoint_pcs(id, line);
        if pcs.is_empty() {
            continue;
        }
        match &mut best {
            None => best = Some((id, used, pcs)),
            Some((_, bused, bpcs)) if *bused == used => {
                bpcs.extend(pcs);
                bpcs.sort_unstable();
                bpcs.dedup();
            }
            Some((_, bused, _)) if used < *bused => best = Some((id, used, pcs)),
            _ => {}
        }
    }
    match best {
        Some(b) => Ok(b),
        None => {
            let lines: Vec<u32> = debug_info
                .line_rows()
                .iter()
                .filter(|r| ids.contains(&r.file) && r.line > 0)
                .map(|r| r.line)
                .collect();
            let name = debug_info
                .file(ids[0])
                .map(|f| f.path.clone())
                .unwrap_or_else(|| file.to_string());
            Err(InspectError::NoCode {
                file: name,
                line,
                first: lines.iter().copied().min().unwrap_or(0),
                last: lines.iter().copied().max().unwrap_or(0),
            })
        }
    }
}

/// `stop_at_line` with explicit limits.
pub fn stop_at_line_with(
    session: Session,
    file: &str,
    line: u32,
    wave_index: u32,
    opts: &InspectOptions,
) -> Result<StoppedWave, InspectError> {
    let di = session
        .debug_info
        .clone()
        .ok_or(InspectError::NoDebugInfo)?;
    let (file_id, used, pcs) = resolve_line(&di, file, line)?;
    let path = di
        .file(file_id)
        .map(|f| f.path.clone())
        .unwrap_or_else(|| file.to_string());
    let place = if used == line {
        format!("{path}:{line}")
    } else {
        format!("{path}:{used} (the first line with code at or after {line})")
    };
    let mut stopped = stop_at_pcs(session, &pcs, wave_index, opts, &place)?;
    stopped.file = Some(file_id);
    stopped.line = used;
    Ok(stopped)
}

/// Run the dispatch until wave `wave_index` arrives at instruction address `pc` (the `opts.hit`-th time).
pub fn stop_at_pc(
    session: Session,
    pc: u64,
    wave_index: u32,
    opts: &InspectOptions,
) -> Result<StoppedWave, InspectError> {
    if session.dispatch.program.index_of(pc).is_none() {
        return Err(InspectError::NoInstruction { pc });
    }
    let mut stopped = stop_at_pcs(session, &[pc], wave_index, opts, &format!("pc 0x{pc:x}"))?;
    if let Some(d) = &stopped.session().debug_info {
        if let Some(l) = d.source_loc(pc) {
            stopped.file = Some(l.file);
            stopped.line = l.line;
        }
    }
    Ok(stopped)
}

/// Stop at the `opts.hit`-th arrival of the wave at any of `pcs`.
fn stop_at_pcs(
    session: Session,
    pcs: &[u64],
    wave_index: u32,
    opts: &InspectOptions,
    place: &str,
) -> Result<StoppedWave, InspectError> {
    let d = &session.dispatch;
    let wpg = d.waves_per_group().max(1);
    let target_group = wave_index / wpg;
    if target_group >= d.work_group_count() {
        return Err(InspectError::NoSuchWave {
            wave: wave_index,
            reason: format!(
                "it has {} waves: {} work-groups of up to {wpg}",
                d.wave_count(),
                d.work_group_count()
            ),
        });
    }
    let in_group = d.make_work_group(target_group).len() as u32;
    if wave_index - target_group * wpg >= in_group {
        return Err(InspectError::NoSuchWave {
            wave: wave_index,
            reason: format!("work-group {target_group} is partial and has only {in_group} waves"),
        });
    }
    let mut sorted = pcs.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let want = opts.hit.max(1);
    let place = if want > 1 {
        format!("{place} (arrival {want})")
    } else {
        place.to_string()
    };
    // The ends of the program: a breakpoint there tells the wave's end while it is still resident.
    let ends: Vec<u64> = d
        .program
        .insts
        .iter()
        .zip(&d.program.pcs)
        .filter(|(i, _)| {
            matches!(
                i.op,
                Op::S_ENDPGM | Op::S_ENDPGM_SAVED | Op::S_ENDPGM_ORDERED_PS_DONE
            )
        })
        .map(|(_, &pc)| pc)
        .collect();
    // the dispatch's budget, as every command counts it (0: none)
    let max = match opts.max_instructions {
        0 => u64::MAX,
        n => n,
    };
    // One work-group resident at a time, each wave running until it waits or ends (`wavescope::engine::run_work_group`).
    let mopts = MachineOptions {
        resident_waves: wpg,
        quantum: u32::MAX,
        poll_interval: max.clamp(1, 4096) as u32,
        // inspect counts the budget itself (below), to name the place it was looking for
        max_instructions: 0,
        control: None,
    };
    let mut m = Machine::new(session, mopts);
    for &pc in sorted.iter().chain(&ends) {
        m.add_breakpoint(pc);
    }
    let fault = |m: &Machine, f: &wavescope::launch::RunFault| InspectError::Fault {
        wave: wave_index,
        place: place.clone(),
        message: m.session().fault_report(f).message,
    };
    let mut hits = 0u32;
    let (mut blocked_at, mut idle_at) = (None, None);
    m.resume(Plan::continue_all());
    loop {
        // `run` pauses every `poll_interval` instructions: the budget is checked then and at every stop.
        let stop = m.run(&mut || true);
        if m.wave_instructions() > max {
            return Err(InspectError::InstructionLimit {
                wave: wave_index,
                place: place.clone(),
                limit: opts.max_instructions,
            });
        }
        let Some(stop) = stop else {
            // a pause with nothing run (no wave may run under the plan): let every wave run
            if idle_at == Some(m.wave_instructions()) {
                m.resume(Plan::continue_all());
            }
            idle_at = Some(m.wave_instructions());
            continue;
        };
        idle_at = None;
        match stop {
            Stop::Breakpoint { wave, pc } => {
                if wave == wave_index {
                    if sorted.binary_search(&pc).is_ok() {
                        hits += 1;
                        if hits >= want {
                            let run_instructions = m.wave_instructions();
                            return Ok(StoppedWave {
                                machine: m,
                                wave_index,
                                file: None,
                                line: 0,
                                breakpoint_pcs: sorted,
                                run_instructions,
                            });
                        }
                    } else if ends.contains(&pc) {
                        let done = m.wave(wave).map_or(0, |w| w.instructions + 1);
                        let mut how =
                            format!("it ended (s_endpgm at pc 0x{pc:x}) after {done} instructions");
                        if hits > 0 {
                            how.push_str(&format!("; it arrived there {hits} times"));
                        }
                        return Err(InspectError::NeverReached {
                            wave: wave_index,
                            place: place.clone(),
                            how,
                        });
                    }
                }
                // Step the wave past the breakpoint (alone: a batch run does not switch waves there).
                m.resume(Plan::step(wave, true));
            }
            // Then it runs on alone until it waits at a barrier or ends, as `wavescope::engine::run_work_group` runs a wave;
            // the machine's round robin then goes on with the wave after it, as the batch loop does.
            Stop::StepDone { wave } => m.resume(Plan {
                actions: vec![(wave, Action::Continue)],
                others: Action::Stop,
            }),
            Stop::Watch(_) => m.resume(Plan::continue_all()),
            Stop::Fault { fault: f, .. } => return Err(fault(&m, &f)),
            // the s_trap itself, as `run` reports it (the wave never resumes here)
            Stop::Trap { wave, code } => {
                let Some(mut w) = m.wave(wave).cloned() else {
                    continue;
                };
                let pcs = &m.dispatch().program.pcs;
                let at = pcs.partition_point(|&p| p < w.pc).saturating_sub(1);
                let trap_pc = pcs.get(at).copied().unwrap_or(w.pc);
                let f = wavescope::engine::trap_fault(&mut w, code, trap_pc);
                return Err(fault(&m, &f));
            }
            // The wave running alone waits at a barrier (or ended): every wave may run again. Twice in a row
            // with no instruction between is a barrier no wave can release.
            Stop::Blocked { .. } => {
                if blocked_at == Some(m.wave_instructions()) {
                    return Err(InspectError::NeverReached {
                        wave: wave_index,
                        place: place.clone(),
                        how: "its work-group waits at a barrier that is never released".into(),
                    });
                }
                blocked_at = Some(m.wave_instructions());
                m.resume(Plan::continue_all());
            }
            Stop::Exited => {
                return Err(InspectError::NeverReached {
                    wave: wave_index,
                    place: place.clone(),
                    how: "its work-group ended without it".into(),
                })
            }
        }
    }
}

/// Every variable DWARF describes at the stop, innermost scope first, read for `lane`: the core's one view of a
/// frame (`DebugInfo::frame_values`; kernel arguments clang leaves without a location come from the kernarg
/// segment).
pub fn locals(stopped: &StoppedWave, lane: u32) -> Vec<LocalValue> {
    let Some(di) = stopped.session().debug_info.as_ref() else {
        return Vec::new();
    };
    di.frame_values(
        &stopped.view(),
        &KernelArgs::of(stopped.machine.dispatch()),
        lane % LANES as u32,
    )
}
