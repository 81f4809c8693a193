//! The gdbstub `Target`: waves as threads, over a [`Machine`] that knows nothing of gdb.
//!
//! One file per protocol extension, as gdbstub's armv4t example lays them out; stop events are translated into
//! gdb stop replies in `server.rs`, at the edge.

mod breakpoints;
mod exec_file;
mod host_io;
mod monitor_cmd;
pub(crate) use monitor_cmd::{finding_line, race_text};
mod registers;
mod resume;
mod target_xml;
mod thread_extra_info;
mod trace_file;

use crate::arch::{target_xml, Gfx950X86Mimic, WaveRegs};
use gdbstub::common::{Signal, Tid};
use gdbstub::target::ext::base::multithread::MultiThreadBase;
use gdbstub::target::{Target, TargetError, TargetResult};
use wavescope::exec::wave::{EXEC_LO, FLAT_SCRATCH_LO, M0, VCC_LO};
use wavescope::exec::Wave;
use wavescope::machine::{Action, Machine};

/// errno for a memory access gdb made that nothing backs (EFAULT).
const EFAULT: u8 = 14;

/// The gdb view of one dispatch.
pub struct GdbTarget {
    pub(crate) machine: Machine,
    xml: String,
    /// The code object as gdb reads it (see `served_elf`).
    served: Vec<u8>,
    /// The only name `vFile:open` accepts, and the `qXfer:exec-file` answer.
    served_name: String,
    /// Resume actions collected for the next `vCont`.
    actions: Vec<(u32, Action)>,
    locked: bool,
    /// A fatal signal the client passed on resume: the dispatch ends with it.
    pub(crate) terminate: Option<Signal>,
    /// The wave gdb addressed last (registers, memory): what `monitor` commands look at.
    current: std::cell::Cell<Option<u32>>,
    served_open: bool,
    /// `monitor trace start` running now.
    pub(crate) trace: Option<crate::trace::Trace>,
    /// Where `monitor trace start` may write (canonical; see `trace_file`): the directory the server was started
    /// in unless `set_trace_dir` chose another. None: the working directory is gone; traces are refused.
    trace_dir: Option<std::path::PathBuf>,
    /// Made at the first `trace start` (see `trace::TraceStatic`).
    trace_static: Option<std::sync::Arc<crate::trace::TraceStatic>>,
    /// Variables the served copy reads from the server's window (`served_elf::VAR_BASE`).
    vars: Vec<crate::served_elf::ServedVar>,
    /// `monitor lane N`: the lane those reads show (None: the first active lane).
    pub(crate) var_lane: Option<u32>,
    /// (PC, variable index) -> the variable in scope there: `info threads` reads every wave's frame arguments,
    /// and the scope walk is the costly part.
    var_cache: std::collections::HashMap<(u64, usize), Option<wavescope::debug_info::Variable>>,
    /// A wave gdb single-stepped through its `s_endpgm`: ended in the machine, still shown to gdb (thread list,
    /// registers, PC after the instruction) until the next resume. gdb 13 in all-stop takes no thread-exit reply
    /// (gdb-stock-client.md §3), and letting the other waves run instead would carry them past the breakpoint
    /// gdb lifts while it steps a wave off one (a breakpoint on the kernel's last line, `finish` to a call
    /// followed by `s_endpgm`).
    pub(crate) ended: Option<Box<Wave>>,
    /// A stop to report without running the machine (see `ended`).
    pub(crate) pending_stop: Option<wavescope::machine::Stop>,
    /// After a `detach`, print what the kernel prints to stdout (`serve`); off where the dispatch is a copy whose
    /// program prints its own output (`exec --gdb`).
    pub print_after_detach: bool,
}

pub(crate) fn tid_of(wave: u32) -> Tid {
    Tid::new(wave as usize + 1).expect("wave + 1 is never zero")
}

pub(crate) fn wave_of(tid: Tid) -> u32 {
    u32::try_from(tid.get() - 1).unwrap_or(u32::MAX)
}

impl GdbTarget {
    pub fn new(machine: Machine, served: Vec<u8>, served_name: String) -> GdbTarget {
        let abi = &machine.dispatch().abi;
        let vgprs = if abi.vgpr_count == 0 {
            256
        } else {
            abi.vgpr_count
        };
        let xml = target_xml(vgprs, abi.agpr_count);
        GdbTarget {
            machine,
            xml,
            served,
            served_name,
            actions: Vec::new(),
            locked: false,
            terminate: None,
            current: std::cell::Cell::new(None),
            served_open: false,
            trace: None,
            trace_dir: std::env::current_dir().and_then(std::fs::canonicalize).ok(),
            trace_static: None,
            vars: Vec::new(),
            var_lane: None,
            var_cache: Default::default(),
            ended: None,
            pending_stop: None,
            print_after_detach: true,
        }
    }

    /// The variable table of the served copy (`served_elf::served_copy_with_vars`).
    pub fn set_served_vars(&mut self, vars: Vec<crate::served_elf::ServedVar>) {
        self.vars = vars;
    }

    /// A gdb read in the variable window: variable `k` of the served copy, evaluated by the core's frame view
    /// (`DebugInfo::variable_value`: its DWARF location, or for an OpenCL kernel's argument the kernarg slot) at
    /// the wave's PC for the chosen lane. None when it is not in scope there (e.g. a caller's variable seen from
    /// a device function: only the innermost concrete function's variables are evaluated) or cannot be
    /// evaluated; gdb then reports the read as failed, never a made-up value.
    fn read_served_var(&mut self, wave: u32, addr: u64, data: &mut [u8]) -> Option<usize> {
        use crate::served_elf::{VAR_BASE, VAR_STRIDE};
        let rel = addr.checked_sub(VAR_BASE)?;
        let k = usize::try_from(rel / VAR_STRIDE).ok()?;
        let key = self.vars.get(k)?;
        let off = (rel % VAR_STRIDE) as usize;
        let di = self.machine.session().debug_info.clone()?;
        let pc = self.machine.wave(wave)?.pc;
        let outermost = di.frames(pc).len().saturating_sub(1);
        let var = self
            .var_cache
            .entry((pc, k))
            .or_insert_with(|| {
                di.variables_at(pc).into_iter().find(|v| {
                    let Some(d) = v.decl else { return false };
                    let file_ok = match (&key.decl_file, di.file(d.file)) {
                        (Some(want), Some(f)) => f.path.rsplit('/').next() == Some(want.as_str()),
                        _ => true,
                    };
                    // a kernel argument's own window is the kernel function's (outermost) parameter, not the
                    // inlined body's copy of the same declaration
                    let frame_ok = !key.kernel_arg
                        || (v.frame == outermost
                            && v.kind == wavescope::debug_info::VarKind::Param);
                    *v.name == *key.name && d.line as u64 == key.decl_line && file_ok && frame_ok
                })
            })
            .clone()?;
        let w = self.machine.wave(wave)?;
        let view = self.machine.debug_view(wave)?;
        let lane = self.var_lane.unwrap_or(if w.exec() == 0 {
            0
        } else {
            w.exec().trailing_zeros()
        });
        let bytes = if key.kernel_arg {
            let kernel = wavescope::debug_info::KernelArgs::of(self.machine.dispatch());
            let vars = di.variables_at(pc);
            di.variable_value(&view, &kernel, &vars, &var, lane).ok()?.0
        } else {
            di.read_variable(&var, &view, lane).ok()?
        };
        let src = bytes.get(off..)?;
        let n = src.len().min(data.len());
        data[..n].copy_from_slice(&src[..n]);
        (n > 0 || data.is_empty()).then_some(n)
    }

    /// `wavescope serve --trace-dir DIR`: `monitor trace start FILE` writes only inside DIR.
    pub fn set_trace_dir(&mut self, dir: &std::path::Path) -> std::io::Result<()> {
        let d = std::fs::canonicalize(dir)?;
        if !d.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                "not a directory",
            ));
        }
        self.trace_dir = Some(d);
        Ok(())
    }

    pub fn trace_dir(&self) -> Option<&std::path::Path> {
        self.trace_dir.as_deref()
    }

    /// The waves gdb sees as threads now (`list_active_threads`).
    pub(crate) fn thread_waves(&self) -> Vec<u32> {
        let mut v: Vec<u32> = self.machine.waves().map(|w| w.id.wave).collect();
        v.extend(self.ended.as_ref().map(|z| z.id.wave));
        v.sort_unstable();
        v
    }

    pub fn machine(&self) -> &Machine {
        &self.machine
    }

    /// Start a trace into `path` (ending a running one first). Returns what gdb's console shows.
    pub fn trace_start(&mut self, path: &str) -> String {
        let mut note = String::new();
        if self.trace.is_some() {
            note = format!("{}\n", self.trace_stop());
        }
        let st = self
            .trace_static
            .get_or_insert_with(|| crate::trace::TraceStatic::new(self.machine.session()))
            .clone();
        let clocks = match self.machine.timing() {
            Some(t) => self
                .machine
                .waves()
                .filter_map(|w| Some((w.id.wave, t.wave_clock(w.id.wave)?)))
                .collect(),
            None => Default::default(),
        };
        let Some(dir) = self.trace_dir.clone() else {
            note.push_str("trace: refused: the server's trace directory is gone");
            return note;
        };
        let (out, file) = match trace_file::open_in(&dir, path) {
            Ok(f) => f,
            Err(why) => {
                note.push_str(&format!(
                    "trace: refused {path}: {why}; traces are written only inside {} (wavescope serve --trace-dir DIR)",
                    dir.display()
                ));
                return note;
            }
        };
        match crate::trace::Trace::start_file(st, self.machine.session(), out, &file, clocks) {
            Ok((t, obs)) => {
                self.machine.attach_timed_observer(obs);
                self.trace = Some(t);
                note.push_str(&format!(
                    "trace: writing {} (cycle-model time; `monitor trace stop` completes it)",
                    file.display()
                ));
            }
            Err(e) => note.push_str(&format!("trace: cannot write {}: {e}", file.display())),
        }
        note
    }

    /// Stop the running trace and complete its file. Returns what gdb's console shows.
    pub fn trace_stop(&mut self) -> String {
        let Some(t) = self.trace.take() else {
            return "trace: no trace is running".to_string();
        };
        drop(self.machine.detach_observer());
        let path = t.path.clone();
        match t.finish() {
            Ok(s) => format!(
                "trace: wrote {path}: {} bytes, {} waves, {} instruction slices, {} stalls, {} instants",
                s.bytes, s.waves, s.instructions, s.stalls, s.instants
            ),
            Err(e) => format!("trace: writing {path} failed: {e}"),
        }
    }
    pub fn into_machine(self) -> Machine {
        self.machine
    }
    pub fn served_name(&self) -> &str {
        &self.served_name
    }

    /// The wave behind a thread id, remembering it as the current one.
    fn wave_for(&self, tid: Tid) -> Result<u32, TargetError<String>> {
        let w = wave_of(tid);
        if self.wave_ref(w).is_none() {
            return Err(TargetError::NonFatal);
        }
        self.current.set(Some(w));
        Ok(w)
    }

    /// rax..r15 as gdb sees them: r15, r14, ... hold the wave's return addresses, innermost first, and rsp
    /// encodes the call depth (the served CFI unwinds device-function frames through them); rax is the first
    /// active lane's v[0:1].
    pub(crate) fn return_registers(&self, wave: u32) -> [u64; 16] {
        let mut r = [0u64; 16];
        let calls = self.machine.call_stack(wave);
        for (k, ret) in calls
            .iter()
            .rev()
            .take(crate::served_elf::UNWIND_DEPTH)
            .enumerate()
        {
            r[15 - k] = *ret;
        }
        r[7] = crate::served_elf::stack_pointer(calls.len()); // rsp
        r[6] = crate::served_elf::VAR_BASE; // rbp: the served copy's variable locations are rbp-relative
                                            // rax: v[0:1] of the first active lane, where AMDGPU device functions return scalars, so that gdb's
                                            // `finish` ("Value returned", read from rax on x86-64) shows that lane's result.
        if let Some(w) = self.wave_ref(wave) {
            let lane = if w.exec() == 0 {
                0
            } else {
                w.exec().trailing_zeros() as usize
            };
            r[0] = w.vreg[0][lane] as u64 | (w.vreg[1][lane] as u64) << 32;
            // rdx: the second eight bytes of a 16-byte integer-class return (SysV), AMDGPU's v[2:3].
            r[3] = w.vreg[2][lane] as u64 | (w.vreg[3][lane] as u64) << 32;
        }
        r
    }

    /// xmm0/xmm1 as gdb's x86-64 `finish` reads a float, double or small-struct return value: AMDGPU device
    /// functions return in v0, v1, v2, v3 of each lane (AMDGPUUsage calling convention), the SysV ABI in xmm0 then
    /// xmm1, eight bytes each; the first active lane's values.
    pub(crate) fn return_xmm(&self, wave: u32, k: usize) -> [u8; 16] {
        let mut b = [0u8; 16];
        if let Some(w) = self.wave_ref(wave) {
            let lane = if w.exec() == 0 {
                0
            } else {
                w.exec().trailing_zeros() as usize
            };
            let first = 2 * k; // xmm0: v0, v1 (then v2, v3); xmm1: v2, v3
            for (i, v) in (first..(first + 4).min(4)).enumerate() {
                b[4 * i..4 * i + 4].copy_from_slice(&w.vreg[v][lane].to_le_bytes());
            }
        }
        b
    }

    /// A wave as gdb sees it: a live one, or the one just stepped through its end (`ended`).
    pub(crate) fn wave_ref(&self, wave: u32) -> Option<&Wave> {
        match &self.ended {
            Some(z) if z.id.wave == wave => Some(z),
            _ => self.machine.wave(wave),
        }
    }

    pub(crate) fn set_current(&self, wave: u32) {
        self.current.set(Some(wave));
    }

    /// The wave `monitor` commands act on.
    pub(crate) fn current_wave(&self) -> Option<u32> {
        self.current
            .get()
            .filter(|&w| self.machine.is_live(w))
            .or_else(|| self.machine.waves().next().map(|w| w.id.wave))
    }
}

fn pair(w: &Wave, lo: usize) -> u64 {
    w.sgpr[lo] as u64 | (w.sgpr[lo + 1] as u64) << 32
}

/// STATUS as the hardware shows it: the stored bits with SCC, EXECZ and VCCZ from the live state (state.md Table 3).
pub(crate) fn status_of(w: &Wave) -> u32 {
    use wavescope::exec::wave::status_bits::*;
    let mut s = w.status & !(SCC | EXECZ | VCCZ);
    if w.scc {
        s |= SCC;
    }
    if w.exec() == 0 {
        s |= EXECZ;
    }
    if w.vcc() == 0 {
        s |= VCCZ;
    }
    s
}

impl Target for GdbTarget {
    type Arch = Gfx950X86Mimic;
    type Error = String;

    fn base_ops(&mut self) -> gdbstub::target::ext::base::BaseOps<'_, Self::Arch, Self::Error> {
        gdbstub::target::ext::base::BaseOps::MultiThread(self)
    }

    fn use_fork_stop_reason(&self) -> bool {
        false
    }
    fn use_vfork_stop_reason(&self) -> bool {
        false
    }
    fn use_vforkdone_stop_reason(&self) -> bool {
        false
    }

    fn support_breakpoints(
        &mut self,
    ) -> Option<gdbstub::target::ext::breakpoints::BreakpointsOps<'_, Self>> {
        Some(self)
    }
    fn support_monitor_cmd(
        &mut self,
    ) -> Option<gdbstub::target::ext::monitor_cmd::MonitorCmdOps<'_, Self>> {
        Some(self)
    }
    fn support_target_description_xml_override(
        &mut self,
    ) -> Option<
        gdbstub::target::ext::target_description_xml_override::TargetDescriptionXmlOverrideOps<
            '_,
            Self,
        >,
    > {
        Some(self)
    }
    fn support_exec_file(
        &mut self,
    ) -> Option<gdbstub::target::ext::exec_file::ExecFileOps<'_, Self>> {
        Some(self)
    }
    fn support_host_io(&mut self) -> Option<gdbstub::target::ext::host_io::HostIoOps<'_, Self>> {
        Some(self)
    }
}

impl MultiThreadBase for GdbTarget {
    fn read_registers(&mut self, regs: &mut WaveRegs, tid: Tid) -> TargetResult<(), Self> {
        let w = self.wave_for(tid)?;
        let wave = self.wave_ref(w).ok_or(TargetError::NonFatal)?;
        regs.gpr = self.return_registers(w);
        regs.pc = wave.pc;
        regs.sgpr = wave.sgpr[..crate::arch::SGPRS].to_vec();
        regs.vcc = pair(wave, VCC_LO);
        regs.exec = pair(wave, EXEC_LO);
        regs.m0 = wave.sgpr[M0];
        regs.scc = wave.scc as u32;
        regs.mode = wave.mode;
        regs.status = status_of(wave);
        regs.trapsts = wave.trapsts;
        regs.flat_scratch = pair(wave, FLAT_SCRATCH_LO);
        regs.no_variables = self.ended.as_ref().is_some_and(|z| z.id.wave == w);
        Ok(())
    }

    fn write_registers(&mut self, regs: &WaveRegs, tid: Tid) -> TargetResult<(), Self> {
        let w = self.wave_for(tid)?;
        if self.ended.as_ref().is_some_and(|z| z.id.wave == w) {
            return Ok(()); // the wave has ended: nothing to write to
        }
        let wave = self.machine.wave_mut(w).ok_or(TargetError::NonFatal)?;
        wave.pc = regs.pc;
        for (i, v) in regs.sgpr.iter().take(crate::arch::SGPRS).enumerate() {
            wave.sgpr[i] = *v;
        }
        wave.set_vcc(regs.vcc);
        wave.set_exec(regs.exec);
        wave.sgpr[M0] = regs.m0;
        wave.scc = regs.scc & 1 != 0;
        wave.mode = regs.mode;
        wave.status = regs.status;
        wave.trapsts = regs.trapsts;
        wave.sgpr[FLAT_SCRATCH_LO] = regs.flat_scratch as u32;
        wave.sgpr[FLAT_SCRATCH_LO + 1] = (regs.flat_scratch >> 32) as u32;
        Ok(())
    }

    fn read_addrs(
        &mut self,
        start_addr: u64,
        data: &mut [u8],
        tid: Tid,
    ) -> TargetResult<usize, Self> {
        let wave = Some(wave_of(tid)).filter(|&w| self.machine.wave(w).is_some());
        if start_addr >= crate::served_elf::VAR_BASE {
            return match wave.and_then(|w| self.read_served_var(w, start_addr, data)) {
                Some(n) => Ok(n),
                None => Err(TargetError::Errno(EFAULT)),
            };
        }
        match self.machine.read_memory(wave, start_addr, data) {
            0 if !data.is_empty() => Err(TargetError::Errno(EFAULT)),
            n => Ok(n),
        }
    }

    fn write_addrs(&mut self, start_addr: u64, data: &[u8], tid: Tid) -> TargetResult<(), Self> {
        let wave = Some(wave_of(tid)).filter(|&w| self.machine.wave(w).is_some());
        self.machine
            .write_memory(wave, start_addr, data)
            .map_err(|_| TargetError::Errno(EFAULT))
    }

    fn list_active_threads(
        &mut self,
        thread_is_active: &mut dyn FnMut(Tid),
    ) -> Result<(), Self::Error> {
        for w in self.machine.waves() {
            thread_is_active(tid_of(w.id.wave));
        }
        if let Some(z) = &self.ended {
            thread_is_active(tid_of(z.id.wave));
        }
        Ok(())
    }

    fn is_thread_alive(&mut self, tid: Tid) -> Result<bool, Self::Error> {
        let w = wave_of(tid);
        Ok(self.machine.is_live(w) || self.ended.as_ref().is_some_and(|z| z.id.wave == w))
    }

    fn support_single_register_access(
        &mut self,
    ) -> Option<
        gdbstub::target::ext::base::single_register_access::SingleRegisterAccessOps<'_, Tid, Self>,
    > {
        Some(self)
    }

    fn support_resume(
        &mut self,
    ) -> Option<gdbstub::target::ext::base::multithread::MultiThreadResumeOps<'_, Self>> {
        Some(self)
    }

    fn support_thread_extra_info(
        &mut self,
    ) -> Option<gdbstub::target::ext::thread_extra_info::ThreadExtraInfoOps<'_, Self>> {
        Some(self)
    }
}

/// Copy `data[offset..]` into `buf`, at most `length` bytes (qXfer-style reads).
pub(crate) fn copy_range(data: &[u8], offset: u64, length: usize, buf: &mut [u8]) -> usize {
    let start = usize::try_from(offset)
        .unwrap_or(usize::MAX)
        .min(data.len());
    let n = length.min(buf.len()).min(data.len() - start);
    buf[..n].copy_from_slice(&data[start..start + n]);
    n
}
