//! Stop one wave at a source line and read its source variables per lane, without a debugger attached.
//!
//! `stop_at_line` runs the dispatch of a [`Session`] the way `launch::run` does with one host thread: work-groups
//! in flat order, and inside a work-group each wave runs until it reaches `s_barrier` or ends, in wave order, the
//! barrier releasing when every live wave arrived (`launch::run_work_group`). Before each instruction of the chosen
//! wave its PC is compared with the breakpoint addresses of `file:line` (`DebugInfo::breakpoint_pcs`, gdb's rule);
//! at the first match (or the `InspectOptions::hit`-th: a loop body's line is arrived at once per iteration; and
//! `stop_at_pc` takes an instruction address instead) the run stops and the wave's state and its work-group's LDS
//! are kept; nothing runs further.
//! [`locals`] then evaluates every variable DWARF describes at that PC (arguments and locals of the function and
//! of each inlined frame, and the unit's variables) for one lane, through [`StateView`], the executor's
//! implementation of `debug_info::WaveView`.
//!
//! Every run is bounded by a budget of wave-instructions (`InspectOptions::max_instructions`), so a kernel that
//! never reaches the line, spins or deadlocks ends with an error instead of hanging. The session's memory keeps
//! what the kernel wrote up to the stop (as `Session::run` keeps its outputs): inspect another stop from a freshly
//! loaded session.

use crate::debug_info::{AddrSpace, DebugInfo, FileId, Frame, VarKind, WaveView};
use crate::exec::{Apertures, Ctx, Flow, GlobalMemory, Wave, WaveId, WaveStatus, LANES};
use crate::launch::RunFault;
use crate::session::Session;

/// A wave's registers and the memory it sees, as the DWARF evaluator reads them.
///
/// Registers follow the executor's files: SGPRs by operand code (`Wave::sgpr`, so s0..s101, then flat_scratch,
/// xnack_mask, vcc, ttmp, m0 and exec at their codes), VGPRs and AGPRs from the unified file (`v0..v255` then
/// `a0..a255`). Memory follows AMDGPUUsage "Address Space Identifier": global from the dispatch's memory, local
/// from the work-group's LDS, private_lane from the lane's scratch (`private_size` bytes per lane, lane-major),
/// private_wave from the wave's scratch in its swizzled (dword-interleaved) order, generic routed by the apertures
/// as FLAT instructions route it (`exec::semantics::vmem::flat::route`).
pub struct StateView<'a> {
    pub wave: &'a Wave,
    pub mem: &'a GlobalMemory,
    pub lds: &'a [u8],
    pub apertures: Apertures,
}

/// `buf.len()` bytes at byte `off` of `mem`, when all of them lie inside it.
fn copy_out(mem: &[u8], off: u64, buf: &mut [u8]) -> bool {
    let Some(src) = usize::try_from(off)
        .ok()
        .and_then(|o| mem.get(o..o.checked_add(buf.len())?))
    else {
        return false;
    };
    buf.copy_from_slice(src);
    true
}

impl StateView<'_> {
    /// The private (scratch) bytes of `lane`.
    fn scratch(&self, lane: u32) -> &[u8] {
        let size = self.wave.private_size as usize;
        let lane = lane as usize % LANES;
        self.wave
            .scratch
            .get(lane * size..(lane + 1) * size)
            .unwrap_or(&[])
    }
}

impl WaveView for StateView<'_> {
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
        // state.md Table 3: STATUS bit 0 is SCC, which the executor keeps apart.
        self.wave.status | self.wave.scc as u32
    }
    fn sgpr(&self, n: u32) -> u32 {
        self.wave.sgpr.get(n as usize).copied().unwrap_or(0)
    }
    fn vgpr(&self, n: u32, lane: u32) -> u32 {
        if n >= 256 {
            return 0;
        }
        self.wave.vreg[n as usize][lane as usize % LANES]
    }
    fn agpr(&self, n: u32, lane: u32) -> u32 {
        if n >= 256 {
            return 0;
        }
        self.wave.vreg[256 + n as usize][lane as usize % LANES]
    }
    fn read_memory(&self, space: AddrSpace, lane: u32, addr: u64, buf: &mut [u8]) -> bool {
        match space {
            AddrSpace::Global => self.mem.read(addr, buf).is_ok(),
            AddrSpace::Generic => {
                // encodings.md FLAT: an address inside the shared or private aperture is an LDS or scratch
                // offset; anything else is global.
                let ap = self.apertures;
                if addr.wrapping_sub(ap.shared_base) < Apertures::SIZE {
                    copy_out(self.lds, addr - ap.shared_base, buf)
                } else if addr.wrapping_sub(ap.private_base) < Apertures::SIZE {
                    copy_out(self.scratch(lane), addr - ap.private_base, buf)
                } else {
                    self.mem.read(addr, buf).is_ok()
                }
            }
            AddrSpace::Local => copy_out(self.lds, addr, buf),
            AddrSpace::PrivateLane => copy_out(self.scratch(lane), addr, buf),
            // AMDGPUUsage "Address Space Identifier": in private_wave, dword d of lane l lies at (d * 64 + l) * 4.
            AddrSpace::PrivateWave => buf.iter_mut().enumerate().all(|(i, b)| {
                let Some(a) = addr.checked_add(i as u64) else {
                    return false;
                };
                let (dword, byte) = (a / 4, a % 4);
                let (l, d) = ((dword % LANES as u64) as u32, dword / LANES as u64);
                let mut one = [0u8];
                let ok = copy_out(self.scratch(l), d * 4 + byte, &mut one);
                *b = one[0];
                ok
            }),
            // No GDS on this executor; unknown spaces are not readable.
            AddrSpace::Region | AddrSpace::Other(_) => false,
        }
    }
}

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
            max_instructions: crate::launch::DEFAULT_MAX_INSTRUCTIONS,
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

/// A wave stopped before the instruction at its PC, with its work-group's LDS.
pub struct StoppedWave<'s> {
    pub session: &'s Session,
    /// The wave's state (registers, scratch) at the stop.
    pub wave: Wave,
    /// Its work-group's LDS at the stop.
    pub lds: Vec<u8>,
    /// The source file and the line the breakpoint resolved to (the asked line, or the next line with code).
    pub file: Option<FileId>,
    pub line: u32,
    /// Every breakpoint address of that line.
    pub breakpoint_pcs: Vec<u64>,
    /// Wave-instructions the run issued before the stop (all waves).
    pub run_instructions: u64,
}

impl StoppedWave<'_> {
    pub fn pc(&self) -> u64 {
        self.wave.pc
    }

    pub fn id(&self) -> WaveId {
        self.wave.id
    }

    /// The DWARF view of the stopped wave.
    pub fn view(&self) -> StateView<'_> {
        StateView {
            wave: &self.wave,
            mem: &self.session.dispatch.mem,
            lds: &self.lds,
            apertures: self.session.dispatch.apertures,
        }
    }

    /// The inline chain at the stop, innermost frame first.
    pub fn frames(&self) -> &[Frame] {
        match &self.session.debug_info {
            Some(d) => d.frames(self.wave.pc),
            None => &[],
        }
    }

    /// Local id (x, y, z) in the work-group and global id of the work-item in `lane`, or `None` when the lane
    /// holds no work-item (past the end of a partial wave).
    pub fn work_item(&self, lane: u32) -> Option<([u32; 3], [u32; 3])> {
        work_item(self.session, self.wave.id, lane)
    }

    /// `path:line:column` of the stop (innermost frame).
    pub fn location(&self) -> String {
        match &self.session.debug_info {
            Some(d) => d.format_loc(d.loc_id(self.wave.pc)),
            None => "??:0:0".into(),
        }
    }

    /// The text of the stop's source line, when the source can be found (next to the code object, or in
    /// `extra_dirs`).
    pub fn source_line(&self, extra_dirs: &[std::path::PathBuf]) -> Option<String> {
        let d = self.session.debug_info.as_ref()?;
        let cache = d.source_cache(source_dirs(self.session, extra_dirs));
        d.source_line(&cache, d.loc_id(self.wave.pc))
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
pub fn stop_at_line<'s>(
    session: &'s Session,
    file: &str,
    line: u32,
    wave_index: u32,
) -> Result<StoppedWave<'s>, InspectError> {
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
pub fn stop_at_line_with<'s>(
    session: &'s Session,
    file: &str,
    line: u32,
    wave_index: u32,
    opts: &InspectOptions,
) -> Result<StoppedWave<'s>, InspectError> {
    let di = session
        .debug_info
        .as_ref()
        .ok_or(InspectError::NoDebugInfo)?;
    let (file_id, used, pcs) = resolve_line(di, file, line)?;
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
pub fn stop_at_pc<'s>(
    session: &'s Session,
    pc: u64,
    wave_index: u32,
    opts: &InspectOptions,
) -> Result<StoppedWave<'s>, InspectError> {
    if session.dispatch.program.index_of(pc).is_none() {
        return Err(InspectError::NoInstruction { pc });
    }
    let mut stopped = stop_at_pcs(session, &[pc], wave_index, opts, &format!("pc 0x{pc:x}"))?;
    if let Some(d) = &session.debug_info {
        if let Some(l) = d.source_loc(pc) {
            stopped.file = Some(l.file);
            stopped.line = l.line;
        }
    }
    Ok(stopped)
}

/// Stop at the `opts.hit`-th arrival of the wave at any of `pcs`.
fn stop_at_pcs<'s>(
    session: &'s Session,
    pcs: &[u64],
    wave_index: u32,
    opts: &InspectOptions,
    place: &str,
) -> Result<StoppedWave<'s>, InspectError> {
    let mut sorted = pcs.to_vec();
    sorted.sort_unstable();
    let want = opts.hit.max(1);
    let mut hits = 0u32;
    let place = if want > 1 {
        format!("{place} (arrival {want})")
    } else {
        place.to_string()
    };
    let mut stopped = run_until(session, wave_index, opts, &place, |v| {
        if sorted.binary_search(&v.wave.pc).is_ok() {
            hits += 1;
            hits >= want
        } else {
            false
        }
    })
    .map_err(|e| match e {
        InspectError::NeverReached { wave, place, how } if hits > 0 => InspectError::NeverReached {
            wave,
            place,
            how: format!("{how}; it arrived there {hits} times"),
        },
        e => e,
    })?;
    stopped.breakpoint_pcs = sorted;
    Ok(stopped)
}

/// Run the dispatch until `stop` says so for wave `wave_index` (asked before each of its instructions, with the
/// wave's state before that instruction). `place` names the stop in errors.
pub fn run_until<'s>(
    session: &'s Session,
    wave_index: u32,
    opts: &InspectOptions,
    place: &str,
    mut stop: impl FnMut(&StateView<'_>) -> bool,
) -> Result<StoppedWave<'s>, InspectError> {
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
    // the dispatch's budget, as every command counts it (0: none)
    let max = match opts.max_instructions {
        0 => u64::MAX,
        n => n,
    };
    let mut budget = max;
    let mut lds = vec![0u8; d.lds_bytes as usize];
    // The run's own fault message (what, where, which lanes), as `wavescope run` prints it.
    let fault = |f: RunFault| InspectError::Fault {
        wave: wave_index,
        place: place.to_string(),
        message: session.fault_report(&f).message,
    };
    for flat in 0..=target_group {
        lds.iter_mut().for_each(|b| *b = 0);
        let mut waves = d.make_work_group(flat);
        let target = if flat == target_group {
            let k = (wave_index - flat * wpg) as usize;
            if k >= waves.len() {
                return Err(InspectError::NoSuchWave {
                    wave: wave_index,
                    reason: format!(
                        "work-group {flat} is partial and has only {} waves",
                        waves.len()
                    ),
                });
            }
            Some(k)
        } else {
            None
        };
        let mut ctx = Ctx {
            mem: &d.mem,
            lds: &mut lds,
            apertures: d.apertures,
        };
        // The loop of `launch::run_work_group`, with the stop test before each instruction of the target wave.
        loop {
            let mut progressed = false;
            for (k, wave) in waves.iter_mut().enumerate() {
                if wave.wave_status != WaveStatus::Running {
                    continue;
                }
                progressed = true;
                let is_target = target == Some(k);
                loop {
                    if is_target {
                        let view = StateView {
                            wave: &*wave,
                            mem: &d.mem,
                            lds: &*ctx.lds,
                            apertures: d.apertures,
                        };
                        if stop(&view) {
                            let wave = std::mem::replace(wave, Wave::new(WaveId::default()));
                            return Ok(StoppedWave {
                                session,
                                wave,
                                lds: ctx.lds.to_vec(),
                                file: None,
                                line: 0,
                                breakpoint_pcs: Vec::new(),
                                run_instructions: max - budget,
                            });
                        }
                    }
                    if budget == 0 {
                        return Err(InspectError::InstructionLimit {
                            wave: wave_index,
                            place: place.to_string(),
                            limit: opts.max_instructions,
                        });
                    }
                    budget -= 1;
                    let pc = wave.pc;
                    let idx = d.program.index_of(pc);
                    match crate::launch::issue(&d.program, wave, idx, &mut ctx) {
                        Ok(Flow::Barrier) => break,
                        Ok(Flow::End) => {
                            if is_target {
                                return Err(InspectError::NeverReached {
                                    wave: wave_index,
                                    place: place.to_string(),
                                    how: format!(
                                        "it ended (s_endpgm at pc 0x{:x}) after {} instructions",
                                        wave.pc, wave.instructions
                                    ),
                                });
                            }
                            break;
                        }
                        Ok(Flow::Sleep(u32::MAX)) => {
                            return Err(fault(crate::launch::halt_fault(wave)))
                        }
                        // the s_trap itself, as `run` reports it (the wave never resumes here)
                        Ok(Flow::Trap(n)) => {
                            return Err(fault(crate::launch::trap_fault(wave, n, pc)))
                        }
                        Ok(_) => {}
                        Err(f) => return Err(fault(crate::launch::fault_at(wave, f))),
                    }
                }
            }
            if crate::launch::release_barrier(&mut waves) {
                continue;
            }
            if !progressed {
                break;
            }
        }
    }
    Err(InspectError::NeverReached {
        wave: wave_index,
        place: place.to_string(),
        how: "its work-group ended without it".into(),
    })
}

/// Where a printed value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueOrigin {
    /// The variable's DWARF location at this PC.
    Dwarf,
    /// A kernel argument DWARF gives no location for, read from the kernarg segment (the value the dispatch
    /// passed; see [`locals`]).
    Kernarg,
    /// Not readable: optimized out, or the location could not be evaluated (the value text says why).
    Unavailable,
}

/// One source variable of the stopped frame, for one lane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalValue {
    pub name: String,
    /// C spelling of its type (`int`, `DATA_TYPE *`).
    pub type_name: String,
    /// The value as `DebugInfo::format_variable` prints it: `5`, `(float *) 0x100000`, `<optimized out>`.
    pub value: String,
    pub kind: VarKind,
    /// Index into the inline chain (`StoppedWave::frames`): 0 = innermost.
    pub frame: usize,
    /// The function of that frame.
    pub function: String,
    pub origin: ValueOrigin,
}

impl LocalValue {
    pub fn available(&self) -> bool {
        self.origin != ValueOrigin::Unavailable
    }
}

/// Every variable DWARF describes at the stop, innermost scope first (`DebugInfo::variables_at`), read for
/// `lane`.
///
/// clang 22 at -O1 and up gives the parameters of a kernel no location at all. For OpenCL it emits the kernel
/// as a stub (the `DW_CC_LLVM_DeviceKernel` subprogram with the kernel's symbol) that calls the body
/// `__clang_ocl_kern_imp_<kernel>` with its own parameters unchanged; the body is inlined and the stub's
/// parameters keep no location. Their values are what the dispatch wrote in the kernarg segment (AMDGPUUsage
/// "Kernel Argument"), which is read-only, and the stub never assigns to them: they are read from there, at the
/// offset the code object metadata gives the explicit argument in the same position, and marked
/// [`ValueOrigin::Kernarg`]. The body's own copies of the parameters stay optimized out when DWARF says so (the
/// source may assign to them, e.g. `rand_array = rand_array + offset` in heteromark_bs), and so do the
/// parameters of HIP kernels, whose kernel function is the user's code.
pub fn locals(stopped: &StoppedWave<'_>, lane: u32) -> Vec<LocalValue> {
    let Some(di) = stopped.session.debug_info.as_ref() else {
        return Vec::new();
    };
    let view = stopped.view();
    let pc = stopped.wave.pc;
    let frames = di.frames(pc);
    let lane = lane % LANES as u32;
    let kernel_frames = kernel_frames(stopped.session, di, pc);
    let vars = di.variables_at(pc);
    vars.iter()
        .map(|v| {
            let function = frames
                .get(v.frame)
                .map(|f| f.function.to_string())
                .unwrap_or_else(|| "??".into());
            let type_name = di.type_name(v.ty);
            let (value, origin) = match di.read_variable(v, &view, lane) {
                Ok(_) => {
                    let text = di.format_variable(v, &view, lane);
                    let prefix = format!("{} = ", v.name);
                    let value = match text.strip_prefix(prefix.as_str()) {
                        Some(rest) => rest.to_string(),
                        None => text,
                    };
                    (value, ValueOrigin::Dwarf)
                }
                Err(e) => {
                    let from_kernarg = (v.kind == VarKind::Param
                        && kernel_frames.contains(&v.frame)
                        && di.variable_locations(v).is_empty())
                    .then(|| kernarg_value(stopped.session, di, &vars, v))
                    .flatten();
                    match from_kernarg {
                        Some(value) => (value, ValueOrigin::Kernarg),
                        None => (
                            match e {
                                crate::debug_info::EvalError::OptimizedOut => {
                                    "<optimized out>".to_string()
                                }
                                e => format!("<unavailable: {e}>"),
                            },
                            ValueOrigin::Unavailable,
                        ),
                    }
                }
            };
            LocalValue {
                name: v.name.to_string(),
                type_name,
                value,
                kind: v.kind,
                frame: v.frame,
                function,
                origin,
            }
        })
        .collect()
}

/// The frame (index into `frames(pc)`) of an OpenCL kernel stub: the out-of-line function is the dispatched
/// kernel and the frame inside it is its inlined body `__clang_ocl_kern_imp_<kernel>`.
fn kernel_frames(session: &Session, di: &DebugInfo, pc: u64) -> Vec<usize> {
    let abi = session.abi();
    let Some(f) = di.function_at(pc) else {
        return Vec::new();
    };
    if f.entry != abi.entry_pc || !f.is_kernel {
        return Vec::new();
    }
    let frames = di.frames(pc);
    let body = format!("__clang_ocl_kern_imp_{}", abi.name);
    match frames.len() {
        n if n >= 2 && *frames[n - 2].function == *body => vec![n - 1],
        _ => Vec::new(),
    }
}

/// The launch value of kernel parameter `v` from the kernarg segment, formatted as its type; `None` when the
/// parameter cannot be matched to an explicit argument of the same name, position and size.
fn kernarg_value(
    session: &Session,
    di: &DebugInfo,
    vars: &[crate::debug_info::Variable],
    v: &crate::debug_info::Variable,
) -> Option<String> {
    // Position among the parameters of the same frame and scope, in DIE order.
    let params: Vec<&crate::debug_info::Variable> = vars
        .iter()
        .filter(|p| p.kind == VarKind::Param && p.frame == v.frame && p.depth == v.depth)
        .collect();
    let index = params.iter().position(|p| p.id == v.id)?;
    let explicit: Vec<&crate::launch::ArgMeta> = session
        .abi()
        .args
        .iter()
        .filter(|a| !a.is_hidden())
        .collect();
    // The parameters and the explicit arguments correspond one to one, in order. OpenCL metadata carries no
    // argument names without -cl-kernel-arg-info (`kernel_abi` then calls them argN); a name it has must match.
    if params.len() != explicit.len() {
        return None;
    }
    let meta = explicit.get(index)?;
    if meta.name != *v.name && meta.name != format!("arg{index}") {
        return None;
    }
    let size =
        v.ty.and_then(|t| di.types().size_of(t))
            .unwrap_or(meta.size as u64);
    // A `__local` pointer is a 32-bit LDS offset in the kernarg segment (AMDGPUUsage "Address Spaces": local is
    // 32-bit) while DWARF's pointer type has the unit's address size: zero-extend it.
    let local_pointer = meta.value_kind == "dynamic_shared_pointer" && meta.size == 4 && size == 8;
    if (size != meta.size as u64 && !local_pointer) || size == 0 || size > 256 {
        return None;
    }
    let mut bytes = vec![0u8; size as usize];
    session
        .dispatch
        .mem
        .read(
            session.dispatch.kernarg_addr + meta.offset as u64,
            &mut bytes[..meta.size as usize],
        )
        .ok()?;
    Some(di.format_value(v.ty, &bytes))
}
