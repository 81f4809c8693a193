//! One kernel launch: kernarg segment from the code object metadata, every allocation mapped at its address,
//! the dispatch run through the same session path as `wavescope run` (cycle model, hazard and missing-wait
//! checks), results copied back, the launch recorded and (when asked) captured as a manifest directory.

use crate::{
    Backing, HipError, State, INVALID_DEVICE_FUNCTION, INVALID_VALUE, LAUNCH_FAILURE,
    NO_BINARY_FOR_GPU, SUCCESS,
};
use std::ffi::c_void;
use std::path::{Path, PathBuf};
use std::time::Instant;
use wavescope::exec::{FaultKind, Program, RegionKind};
use wavescope::launch::{Dispatch, KernelAbi, RunOptions};
use wavescope::manifest::Manifest;
use wavescope::raw_launch::{RawLaunch, RawRegion};
use wavescope::session::Session;

pub enum Args {
    /// `void** args`: one pointer per explicit argument.
    Pointers(*mut *mut c_void),
    /// HIP_LAUNCH_PARAM_BUFFER_POINTER: the explicit arguments laid out at their offsets.
    Blob(Vec<u8>),
}

/// hipErrorCooperativeLaunchTooLarge.
pub const COOPERATIVE_LAUNCH_TOO_LARGE: HipError = 720;

pub fn abi_of(st: &State, f: *const c_void) -> Option<KernelAbi> {
    let fi = crate::function_of(st, f)?;
    let func = &st.functions[fi];
    let m = func.module?;
    wavescope::kernel_abi::kernel_abi(&st.modules[m].co, &func.name).ok()
}

/// Work-groups of `block` work-items one CU holds: 4 SIMDs x 8 waves, 512 VGPRs (+AGPRs, unified file) per
/// lane per SIMD in granules of 8, 160 KiB LDS, 2048 work-items.
pub fn blocks_per_cu(abi: &KernelAbi, block: u32, dyn_lds: u32) -> i32 {
    let waves = block.div_ceil(64).max(1);
    let regs = ((abi.vgpr_count as u32).next_multiple_of(4) + abi.agpr_count as u32)
        .next_multiple_of(8)
        .max(8);
    let per_simd = (512 / regs).min(8);
    let by_waves = 4 * per_simd / waves;
    let lds = abi.group_segment_fixed_size + dyn_lds;
    let by_lds = wavescope::launch::LDS_MAX
        .checked_div(lds)
        .unwrap_or(u32::MAX);
    let by_items = 2048 / block.max(1);
    by_waves.min(by_lds).min(by_items) as i32
}

fn selected(what: &Option<String>, index: usize, name: &str, demangled: &str) -> bool {
    match what {
        None => false,
        Some(w) => match w.parse::<usize>() {
            Ok(i) => i == index,
            Err(_) => {
                w == name
                    || demangled == w
                    || demangled.split('(').next() == Some(w.as_str())
                    || base_names(demangled).contains(&w.as_str())
            }
        },
    }
}

/// The names a user may give a kernel by: `void ns::f<16u>(float*, ...)` is `ns::f` or `f` (the return type,
/// template arguments and parameters left off).
fn base_names(demangled: &str) -> [&str; 2] {
    let head = demangled.split('(').next().unwrap_or(demangled);
    let head = head.split('<').next().unwrap_or(head).trim();
    let qualified = head.rsplit(' ').next().unwrap_or(head);
    [
        qualified,
        qualified.rsplit("::").next().unwrap_or(qualified),
    ]
}

pub fn demangle(name: &str) -> String {
    cpp_demangle::Symbol::new(name.as_bytes())
        .ok()
        .and_then(|s| s.demangle().ok())
        .unwrap_or_else(|| name.to_string())
}

/// The kernarg segment with the explicit arguments at their metadata offsets (a module launch passes only those;
/// the hidden ones are the core's to fill, as ROCm's runtime does).
pub unsafe fn kernarg_of(abi: &KernelAbi, args: &Args) -> Result<Vec<u8>, HipError> {
    let mut kernarg = vec![0u8; abi.kernarg_segment_size as usize];
    let explicit: Vec<_> = abi
        .args
        .iter()
        .filter(|a| !a.is_hidden())
        .cloned()
        .collect();
    match args {
        Args::Pointers(p) => {
            if p.is_null() && !explicit.is_empty() {
                return Err(INVALID_VALUE);
            }
            for (i, a) in explicit.iter().enumerate() {
                let src = *p.add(i) as *const u8;
                let end = (a.offset + a.size) as usize;
                if src.is_null() || end > kernarg.len() {
                    return Err(INVALID_VALUE);
                }
                kernarg[a.offset as usize..end]
                    .copy_from_slice(std::slice::from_raw_parts(src, a.size as usize));
            }
        }
        Args::Blob(b) => {
            let n = b.len().min(kernarg.len());
            kernarg[..n].copy_from_slice(&b[..n]);
        }
    }
    Ok(kernarg)
}

pub unsafe fn launch(
    st: &mut State,
    f: *const c_void,
    grid: [u32; 3],
    block: [u32; 3],
    shmem: usize,
    args: Args,
    cooperative: bool,
) -> HipError {
    let Some(fi) = crate::function_of(st, f) else {
        eprintln!("wavescope-hip: launch of a function the program never registered ({f:?})");
        return INVALID_DEVICE_FUNCTION;
    };
    let name = st.functions[fi].name.clone();
    let Some(mi) = st.functions[fi].module else {
        eprintln!("wavescope-hip: kernel {name}: the program has no gfx950 code object for it");
        return NO_BINARY_FOR_GPU;
    };
    let co = st.modules[mi].co.clone();
    let abi = match wavescope::kernel_abi::kernel_abi(&co, &name) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("wavescope-hip: kernel {name}: {e}");
            return INVALID_DEVICE_FUNCTION;
        }
    };
    if grid.contains(&0) || block.contains(&0) {
        return crate::INVALID_VALUE.max(9); // hipErrorInvalidConfiguration
    }
    if cooperative {
        // hipLaunchCooperativeKernel's guarantee: every work-group resident at once, so at most the occupancy
        // limit per CU times the CUs (the runtime refuses more with hipErrorCooperativeLaunchTooLarge)
        let threads = block
            .iter()
            .map(|&b| b as u64)
            .product::<u64>()
            .min(u32::MAX as u64) as u32;
        let per_cu = blocks_per_cu(&abi, threads, shmem as u32).max(0) as u64;
        let groups: u64 = grid.iter().map(|&g| g as u64).product();
        let most = per_cu * crate::device::CUS as u64;
        if groups > most {
            eprintln!(
                "wavescope-hip: cooperative launch of {name}: {groups} work-groups, but at most {most} can be \
                 resident at once ({per_cu} per CU x {} CUs)",
                crate::device::CUS
            );
            return COOPERATIVE_LAUNCH_TOO_LARGE;
        }
    }
    let kernarg = match kernarg_of(&abi, &args) {
        Ok(k) => k,
        Err(e) => return e,
    };
    let index = st.launches;
    st.launches += 1;
    let demangled = demangle(&name);
    // Every allocation the kernel could reach, at its own address.
    let mut bases = Vec::new();
    let mut regions = Vec::new();
    for (&addr, a) in &st.allocs {
        let bytes = match &a.backing {
            Backing::Device(v) => v.clone(),
            Backing::Host { .. } => {
                std::slice::from_raw_parts(addr as *const u8, a.size as usize).to_vec()
            }
        };
        bases.push(addr);
        regions.push(RawRegion {
            addr,
            bytes,
            name: format!("allocation 0x{addr:x}"),
        });
    }
    let items = [0, 1, 2].map(|k| grid[k].saturating_mul(block[k]));
    let opts = RunOptions {
        max_instructions: st.cfg.max_instructions,
        jobs: st.cfg.jobs,
        // the program's hipLimitPrintfFifoSize (buffered printf), capped to what the header's size dword holds
        printf_buffer_bytes: crate::runtime_more::printf_fifo_bytes(),
        ..RunOptions::default()
    };
    let (text_addr, text) = co.text();
    let program = Program::new(text, text_addr);
    let module = &st.modules[mi];
    let raw = RawLaunch {
        grid: items,
        block,
        lds_dynamic_bytes: shmem as u32,
        kernarg: &kernarg,
        regions: &regions,
        cooperative,
    };
    let dispatch = match Dispatch::from_raw(abi.clone(), program, &module.segments, &raw, &opts) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("wavescope-hip: launch {index} ({demangled}): {e}");
            return 9; // hipErrorInvalidConfiguration
        }
    };
    let tui = st.cfg.tui.is_some() && selected(&st.cfg.tui, index, &name, &demangled);
    // the TUI opens a manifest directory: the launch is captured (to a scratch directory unless --capture)
    let capture = (st.cfg.capture_dir.is_some()
        && (st.cfg.capture_only.is_none()
            || selected(&st.cfg.capture_only, index, &name, &demangled)))
        || tui;
    let gdb = st
        .cfg
        .gdb
        .as_ref()
        .filter(|(w, _)| selected(&Some(w.clone()), index, &name, &demangled))
        .map(|(_, p)| *p);
    // `--gdb` / `--tui` stop the program at the first launch they select, once: a kernel launched again (every
    // decode step of an inference loop) runs on, or the program would wait for a debugger after gdb detached
    if gdb.is_some() {
        st.cfg.gdb = None;
    }
    if tui {
        st.cfg.tui = None;
    }
    let capture_dir: Option<PathBuf> = if let (true, Some(c)) = (capture, &st.cfg.capture_dir) {
        Some(Path::new(c).join(format!("launch-{index:04}")))
    } else if capture {
        Some(std::env::temp_dir().join(format!("wavescope-tui-{}-{index}", std::process::id())))
    } else if gdb.is_some() {
        Some(std::env::temp_dir().join(format!("wavescope-gdb-{}-{index}", std::process::id())))
    } else {
        None
    };
    let mut capture_note = None;
    let mut manifest_args = None;
    if let Some(dir) = &capture_dir {
        if let Err(e) = std::fs::create_dir_all(dir)
            .and_then(|_| std::fs::write(dir.join("kernel.hsaco"), patched_elf(module)))
        {
            eprintln!("wavescope-hip: cannot write {}: {e}", dir.display());
        }
    }
    if let (Some(dir), true) = (&capture_dir, capture) {
        match crate_capture_inputs(
            module, &abi, &kernarg, &bases, &regions, dir, &name, items, block, shmem,
        ) {
            Ok(a) => manifest_args = Some(a),
            Err(e) => {
                eprintln!("wavescope-hip: launch {index} ({demangled}): not captured: {e}");
                capture_note = Some(e);
            }
        }
    }
    let session = Session {
        manifest: Manifest {
            path: capture_dir
                .as_ref()
                .map(|d| d.join("case.json"))
                .unwrap_or_else(|| PathBuf::from(format!("launch-{index:04}"))),
            code_object: capture_dir
                .as_ref()
                .map(|d| d.join("kernel.hsaco"))
                .unwrap_or_else(|| PathBuf::from(&module.name)),
            kernel: name.clone(),
            grid: items,
            block,
            lds_dynamic_bytes: Some(shmem as u32),
            args: Vec::new(),
            outputs: Vec::new(),
            cooperative,
            // relative source paths (`-fdebug-compilation-dir=.`) as gdb would resolve them for this program:
            // against the directory it runs in, not the capture directory the code object is written to
            source_dir: std::env::current_dir().ok(),
            memory: Vec::new(),
        },
        code_object: co.clone(),
        dispatch,
        debug_info: module.debug_info.clone(),
    };
    if let Some(port) = gdb {
        // The gdb server owns its session: a second dispatch of the same launch, same addresses.
        let program = Program::new(text, text_addr);
        match Dispatch::from_raw(abi.clone(), program, &st.modules[mi].segments, &raw, &opts) {
            Ok(d) => {
                let copy = Session {
                    manifest: session.manifest.clone(),
                    code_object: co.clone(),
                    dispatch: d,
                    debug_info: st.modules[mi].debug_info.clone(),
                };
                serve_gdb(copy, port, index, &demangled);
            }
            Err(e) => eprintln!("wavescope-hip: --gdb: {e}"),
        }
    }
    let t0 = Instant::now();
    let mut config = wavescope::pipeline::RunConfig::full(opts);
    config.races = Some(wavescope::observers::races::RaceOptions::from_flags(
        st.cfg.races,
        st.cfg.no_races,
    ));
    if let Some(m) = &st.cfg.cycle_model {
        config.cycle_model = Some(m.clone());
    }
    let outcome = match &st.cfg.trace_dir {
        None => session.run(&config),
        Some(dir) => {
            // the launch's own trace on the device clock (modelled ns); exec joins them into one timeline
            let path = Path::new(dir).join(format!("launch-{index:04}.pftrace"));
            let tc = wavescope_traces::TraceConfig {
                clock_hz: crate::device::CLOCK_KHZ as u64 * 1000,
                ..wavescope_traces::TraceConfig::default()
            };
            let to = wavescope_traces::TraceOptions::default();
            match wavescope_traces::run_traced(&session, &config, &path, tc, &to) {
                Ok(r) => session.outcome_of(&config, r.run),
                Err(e) => {
                    eprintln!(
                        "wavescope-hip: launch {index}: cannot write {}: {e}",
                        path.display()
                    );
                    session.run(&config)
                }
            }
        }
    };
    let wall = t0.elapsed().as_secs_f64();
    // The kernel's printf output goes to the program's own stdout / stderr (C stdio streams, as the ROCm runtime
    // prints it), so it lands in order with what the program printed before the launch.
    if let Some(sv) = &session.dispatch.services {
        for p in sv.printed() {
            print_to_c_stream(p.stream, &p.text);
        }
    }
    // Results back where the program sees them.
    for r in session.dispatch.mem.regions() {
        match r.kind {
            RegionKind::Buffer { arg_index } => {
                let addr = bases[arg_index];
                let bytes = r.to_bytes();
                let a = st.allocs.get_mut(&addr).unwrap();
                match &mut a.backing {
                    Backing::Device(v) => {
                        let n = v.len();
                        v.copy_from_slice(&bytes[..n])
                    }
                    Backing::Host { .. } => std::ptr::copy_nonoverlapping(
                        bytes.as_ptr(),
                        addr as *mut u8,
                        a.size as usize,
                    ),
                }
            }
            RegionKind::CodeObject if r.writable => {
                for (va, bytes, memsz, _) in st.modules[mi].segments.iter_mut() {
                    if *va == r.base {
                        let b = r.to_bytes();
                        bytes.clear();
                        bytes.extend_from_slice(&b[..*memsz as usize]);
                    }
                }
            }
            _ => {}
        }
    }
    let mut captured = None;
    if capture {
        if let (Some(dir), Some(margs)) = (&capture_dir, &manifest_args) {
            match write_manifest(&session, dir, margs, &bases) {
                Ok(()) => captured = Some(dir.display().to_string()),
                Err(e) => eprintln!("wavescope-hip: launch {index}: capture: {e}"),
            }
        }
    }
    if tui {
        open_tui(captured.as_deref(), index, &demangled);
        if st.cfg.capture_dir.is_none() {
            if let Some(d) = &capture_dir {
                let _ = std::fs::remove_dir_all(d);
            }
            captured = None;
        }
    }
    let cycles = outcome.report.cycles;
    let modelled_ns = cycles as f64 / (crate::device::CLOCK_KHZ as f64 / 1e6);
    st.modelled_ns += modelled_ns;
    let race_errors = outcome.report.races.iter().filter(|r| r.is_error()).count();
    let findings = outcome.report.hazards.len() + outcome.report.missing_waits.len() + race_errors;
    if let Some(fs) = &outcome.findings {
        for h in &fs.hazards {
            eprintln!(
                "wavescope: launch {index} {demangled}: {}",
                wavescope::observers::hazards::format_finding(h)
            );
        }
        for m in &fs.missing_waits {
            eprintln!(
                "wavescope: launch {index} {demangled}: {}",
                wavescope::observers::hazards::format_missing_wait(m)
            );
        }
    }
    // race findings as `run` prints them (the summary only when there is something to say)
    if let Some(r) = &outcome.races {
        let stop = outcome.report.global_races_stopped.as_ref();
        if !outcome.report.races.is_empty() || stop.is_some() {
            for line in
                wavescope::observers::races::console_lines(&outcome.report.races, r.options, stop)
            {
                eprintln!("wavescope: launch {index} {demangled}: {line}");
            }
        }
    }
    let mut result = SUCCESS;
    if let Some(f) = &outcome.report.fault {
        eprintln!(
            "wavescope: launch {index} {demangled}: fault: {}",
            f.message
        );
        if let Some(a) = &f.address {
            eprintln!("wavescope:   address {a}");
        }
        if let Some(h) = outcome
            .fault
            .as_ref()
            .and_then(|rf| wavescope::launch::spin_hint(&session.dispatch.program, rf))
        {
            eprintln!("wavescope: hint: {h}");
        }
        let kind = outcome.fault.as_ref().map(|f| f.kind);
        st.sticky = match kind {
            Some(FaultKind::Memory) => crate::ILLEGAL_ADDRESS,
            _ => LAUNCH_FAILURE,
        };
        result = SUCCESS; // reported at the next synchronising call, as on a GPU
    }
    if let Some(path) = &st.cfg.records {
        let rec = serde_json::json!({
            "index": index,
            "kernel": name,
            "demangled": demangled,
            "grid": grid,
            "block": block,
            "dynamic_lds": shmem,
            "waves": outcome.stats.waves,
            "wave_instructions": outcome.stats.wave_instructions,
            "cycles": cycles,
            "modelled_ns": modelled_ns,
            "wall_seconds": wall,
            "findings": findings,
            "fault": outcome.report.fault.as_ref().map(|f| f.message.clone()),
            "captured": captured,
            "capture_note": capture_note,
            "report": outcome.report,
        });
        use std::io::Write;
        match std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
        {
            Ok(mut fh) => {
                let _ = writeln!(fh, "{rec}");
            }
            Err(e) => eprintln!("wavescope-hip: cannot write launch record {path}: {e}"),
        }
    } else if !st.cfg.quiet {
        eprintln!(
            "wavescope: launch {index} {demangled}: {} waves, {} wave-instructions, {cycles} modelled cycles",
            outcome.stats.waves, outcome.stats.wave_instructions
        );
    }
    result
}

/// Serve this launch to gdb before it runs for the program (the dispatch the program gets is then run afresh
/// from the same start: deterministic, so gdb saw exactly what the program gets unless registers were changed).
fn serve_gdb(session: Session, port: u16, index: usize, demangled: &str) {
    let listener = match std::net::TcpListener::bind(("127.0.0.1", port)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("wavescope-hip: --gdb: cannot listen on 127.0.0.1:{port}: {e}");
            return;
        }
    };
    eprintln!(
        "wavescope: launch {index} {demangled}: the program waits for gdb on 127.0.0.1:{port}"
    );
    match wavescope_debugger::server::make_target(
        session,
        wavescope::machine::MachineOptions::default(),
    ) {
        Ok(mut t) => {
            // The program's own run of this launch prints its output (run_launch); the copy gdb saw must not.
            t.print_after_detach = false;
            if let Err(e) = wavescope_debugger::serve_on(listener, t, false, &mut std::io::stderr())
            {
                eprintln!("wavescope-hip: --gdb: {e}");
            }
        }
        Err(e) => eprintln!("wavescope-hip: --gdb: {e}"),
    }
}

/// `--tui`: the terminal UI on the captured launch, on the program's terminal; the program continues when the
/// user quits it. The launch has already run for the program (the UI replays it from the same start: the
/// dispatch is deterministic, so it shows what the program got).
fn open_tui(dir: Option<&str>, index: usize, demangled: &str) {
    let Some(dir) = dir else {
        eprintln!("wavescope-hip: --tui: launch {index} ({demangled}) could not be captured (above), so the UI cannot open it");
        return;
    };
    let opts = wavescope_tui::Options {
        manifest: PathBuf::from(dir),
        machine: wavescope::machine::MachineOptions::default(),
    };
    if let Err(e) = wavescope_tui::run(&opts) {
        eprintln!("wavescope-hip: --tui: {e}");
    }
}

/// A manifest argument of a capture.
pub enum CapArg {
    /// The allocation `region` whole; the argument points `offset` bytes into it. `pad` zero bytes come first
    /// when the allocation does not start on the manifest's 256-byte address alignment (host memory a program
    /// registered with hipHostRegister: malloc gives 16-byte alignment): the buffer is placed `pad` bytes lower
    /// and the pointers into it move up by as much, so the kernel sees the addresses it ran with.
    Buffer {
        region: usize,
        file: String,
        offset: u64,
        pad: u64,
    },
    /// A pointer into a `__device__` / `__constant__` variable of the code object (from hipGetSymbolAddress):
    /// the replay maps the captured code object at its own addresses, so the variable is where it was.
    Global {
        symbol: String,
        offset: u64,
    },
    /// A second pointer into the allocation of the earlier argument `arg`.
    Pointer {
        arg: usize,
        offset: u64,
    },
    Bytes {
        file: String,
    },
    /// A null pointer (an optional input the kernel tests for null; Triton's scratch pointers when the kernel
    /// needs no scratch): written as `{"kind": "null"}`, so the replay passes null too.
    Null,
}

/// Write the launch's code object and inputs; returns the manifest arguments (written with the outputs later).
#[allow(clippy::too_many_arguments)]
fn crate_capture_inputs(
    module: &crate::Module,
    abi: &KernelAbi,
    kernarg: &[u8],
    bases: &[u64],
    regions: &[RawRegion],
    dir: &Path,
    _name: &str,
    _grid: [u32; 3],
    _block: [u32; 3],
    _shmem: usize,
) -> Result<Captured, String> {
    let mut args = Vec::new();
    // by-value arguments' bytes: a struct of pointers (hipPitchedPtr, a kernel's descriptor) is followed below
    let mut by_value: Vec<&[u8]> = Vec::new();
    // allocation -> the first argument pointing into it, and the buffer's leading pad
    let mut used: std::collections::HashMap<usize, (usize, u64)> = std::collections::HashMap::new();
    for (i, a) in abi.args.iter().filter(|a| !a.is_hidden()).enumerate() {
        let slot = &kernarg[a.offset as usize..(a.offset + a.size) as usize];
        match a.value_kind.as_str() {
            "global_buffer" if a.size == 8 => {
                let v = u64::from_le_bytes(slot.try_into().unwrap());
                if v == 0 {
                    args.push(CapArg::Null);
                    continue;
                }
                // the allocation holding the address (a pointer into it, as a tensor view or `p + n` is)
                let Some(r) = bases
                    .iter()
                    .zip(regions)
                    .position(|(&b, r)| v >= b && v < b + (r.bytes.len() as u64).max(1))
                else {
                    if let Some((symbol, offset)) = module_variable_at(&module.elf, v) {
                        args.push(CapArg::Global { symbol, offset });
                        continue;
                    }
                    return Err(format!(
                        "argument {i} ({}) = 0x{v:x} is not an allocation of this program",
                        a.name
                    ));
                };
                // a second argument in the same allocation points into the first one's buffer
                if let Some(&(first, pad)) = used.get(&r) {
                    args.push(CapArg::Pointer {
                        arg: first,
                        offset: v - bases[r] + pad,
                    });
                    continue;
                }
                let pad = bases[r] % wavescope::manifest::ADDRESS_ALIGN;
                // the pad must not reach into another allocation this launch captures
                let low = bases[r] - pad;
                if let Some(&(other, _)) = used.values().find(|&&(j, _)| {
                    let CapArg::Buffer { region: o, .. } = &args[j] else {
                        return false;
                    };
                    let end = bases[*o] + regions[*o].bytes.len() as u64;
                    bases[*o] < bases[r] && end > low
                }) {
                    return Err(format!(
                        "argument {i} ({}) = 0x{v:x} is in an allocation at 0x{:x}, not {}-byte aligned, closer \
                         than that to argument {other}'s: a manifest cannot place both",
                        a.name,
                        bases[r],
                        wavescope::manifest::ADDRESS_ALIGN
                    ));
                }
                used.insert(r, (i, pad));
                args.push(CapArg::Buffer {
                    region: r,
                    file: format!("arg{i}.bin"),
                    offset: v - bases[r] + pad,
                    pad,
                });
            }
            "by_value" => {
                // A struct holding a device pointer (hipPitchedPtr, a descriptor) keeps its bytes: every
                // allocation is replayed at its own address, the ones it points at included (`memory`).
                by_value.push(slot);
                args.push(CapArg::Bytes {
                    file: format!("arg{i}.bin"),
                })
            }
            k => {
                return Err(format!(
                    "argument {i} ({}) of kind {k} cannot be written to a manifest",
                    a.name
                ))
            }
        }
    }
    let w = |f: &str, b: &[u8]| {
        std::fs::write(dir.join(f), b)
            .map_err(|e| format!("cannot write {}: {e}", dir.join(f).display()))
    };
    for (i, (a, c)) in abi
        .args
        .iter()
        .filter(|a| !a.is_hidden())
        .zip(&args)
        .enumerate()
    {
        let _ = i;
        match c {
            CapArg::Buffer {
                region, file, pad, ..
            } => w(file, &padded(*pad, &regions[*region].bytes))?,
            CapArg::Bytes { file } => w(
                file,
                &kernarg[a.offset as usize..(a.offset + a.size) as usize],
            )?,
            CapArg::Null | CapArg::Pointer { .. } | CapArg::Global { .. } => {}
        }
    }
    // Allocations the launch reaches only through pointers held in memory: pointer arrays in the buffers
    // captured, structs passed by value, `__device__` pointer variables of the module.
    let taken: Vec<(u64, u64)> = args
        .iter()
        .filter_map(|c| match c {
            CapArg::Buffer { region, pad, .. } => Some((
                bases[*region] - pad,
                bases[*region] + regions[*region].bytes.len() as u64,
            )),
            _ => None,
        })
        .collect();
    let mut seeds: Vec<&[u8]> = by_value;
    seeds.extend(used.keys().map(|&r| regions[r].bytes.as_slice()));
    seeds.extend(
        module
            .segments
            .iter()
            .filter(|s| s.3)
            .map(|s| s.1.as_slice()),
    );
    let mut memory = Vec::new();
    for (k, (region, pad)) in reachable(&seeds, bases, regions, &used, taken)
        .into_iter()
        .enumerate()
    {
        let file = format!("mem{k}.bin");
        w(&file, &padded(pad, &regions[region].bytes))?;
        memory.push(CapMemory { region, pad, file });
    }
    Ok(Captured { args, memory })
}

/// What a capture writes besides the code object: the arguments, and the allocations reached through pointers.
pub struct Captured {
    args: Vec<CapArg>,
    memory: Vec<CapMemory>,
}

/// An allocation in the manifest's `memory`: the launch reaches it through a pointer held in memory, so the
/// replay places it at its own address (`pad` bytes lower, as `CapArg::Buffer`), with its bytes in `file`.
pub struct CapMemory {
    region: usize,
    pad: u64,
    file: String,
}

/// At most this many bytes of allocations reached through pointers go into one capture.
const REACHED_BYTES: u64 = 1 << 30;

/// The allocations (region indices, with their leading pad) that the 8-byte words of `seeds` point into, and
/// the ones those point into in turn, other than the arguments' own (`used`), in the order found. A region
/// whose padded start would overlap one already placed (`taken`) is left out with a note, as are regions past
/// `REACHED_BYTES`.
fn reachable(
    seeds: &[&[u8]],
    bases: &[u64],
    regions: &[RawRegion],
    used: &std::collections::HashMap<usize, (usize, u64)>,
    mut taken: Vec<(u64, u64)>,
) -> Vec<(usize, u64)> {
    let mut order: Vec<usize> = (0..bases.len()).collect();
    order.sort_by_key(|&r| bases[r]);
    let (Some(&lo), Some(hi)) = (
        order.first(),
        order
            .iter()
            .map(|&r| bases[r] + regions[r].bytes.len() as u64)
            .max(),
    ) else {
        return Vec::new();
    };
    let low = bases[lo];
    let mut seen: std::collections::HashSet<usize> = used.keys().copied().collect();
    let mut found = Vec::new();
    let mut bytes = 0u64;
    let mut queue: Vec<usize> = Vec::new();
    let mut scan = |data: &[u8], queue: &mut Vec<usize>, found: &mut Vec<(usize, u64)>| {
        for c in data.chunks_exact(8) {
            let v = u64::from_le_bytes(c.try_into().unwrap());
            if v < low || v >= hi {
                continue; // most words: data, not an address of this program's allocations
            }
            let i = order.partition_point(|&r| bases[r] <= v);
            let Some(&r) = i.checked_sub(1).map(|i| &order[i]) else {
                continue;
            };
            let len = regions[r].bytes.len() as u64;
            if v >= bases[r] + len.max(1) || !seen.insert(r) {
                continue;
            }
            let pad = bases[r] % wavescope::manifest::ADDRESS_ALIGN;
            let (start, end) = (bases[r] - pad, bases[r] + len);
            if taken.iter().any(|&(s, e)| start < e && s < end) {
                eprintln!(
                    "wavescope-hip: capture: allocation 0x{:x} ({len} bytes), reached through a pointer, is not \
                     {}-byte aligned and too close to another: the replay leaves it out",
                    bases[r],
                    wavescope::manifest::ADDRESS_ALIGN
                );
                continue;
            }
            if bytes + len > REACHED_BYTES {
                eprintln!(
                    "wavescope-hip: capture: allocation 0x{:x} ({len} bytes), reached through a pointer, would \
                     bring the capture's reached allocations past {REACHED_BYTES} bytes: left out",
                    bases[r]
                );
                continue;
            }
            bytes += len;
            taken.push((start, end));
            found.push((r, pad));
            queue.push(r);
        }
    };
    for s in seeds {
        scan(s, &mut queue, &mut found);
    }
    while let Some(r) = queue.pop() {
        scan(&regions[r].bytes, &mut queue, &mut found);
    }
    found
}

/// `bytes` after `pad` zero bytes (a capture's buffer moved down to the manifest's address alignment).
fn padded(pad: u64, bytes: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if pad == 0 {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut v = vec![0u8; pad as usize];
    v.extend_from_slice(bytes);
    std::borrow::Cow::Owned(v)
}

/// The `__device__` / `__constant__` variable of the module's code object holding address `v` (a pointer the
/// program took with hipGetSymbolAddress), as (symbol, offset into it).
fn module_variable_at(elf: &[u8], v: u64) -> Option<(String, u64)> {
    use object::{Object, ObjectSymbol, SymbolKind};
    let f = object::File::parse(elf).ok()?;
    f.symbols()
        .chain(f.dynamic_symbols())
        .filter(|s| s.is_definition() && s.kind() == SymbolKind::Data)
        .find(|s| v >= s.address() && v < s.address() + s.size().max(1))
        .and_then(|s| Some((s.name().ok()?.to_string(), v - s.address())))
}

/// The module's ELF with its writable segments as they are now (__device__ variables a previous launch or
/// hipMemcpyToSymbol changed), so a replay starts from the same state. A segment whose memory holds more than
/// its file bytes (the zero-initialised `.bss` part: `p_memsz` > `p_filesz`) and is no longer all zeros there
/// is written out whole: its memory image is appended to the file at an offset congruent to its address
/// modulo `p_align` (ELF's rule for PT_LOAD), its program header then names that image with `p_filesz` =
/// `p_memsz`, and the NOBITS sections inside it become PROGBITS at their place in the image.
fn patched_elf(m: &crate::Module) -> Vec<u8> {
    let mut elf = m.elf.clone();
    if elf.len() < 64 {
        return elf;
    }
    let le = |b: &[u8], at: usize, n: usize| -> u64 {
        let mut v = [0u8; 8];
        v[..n].copy_from_slice(&b[at..at + n]);
        u64::from_le_bytes(v)
    };
    // ELF64 program headers: p_type 0, p_flags 4, p_offset 8, p_vaddr 16, p_filesz 32, p_memsz 40, p_align 48
    let (phoff, phentsize, phnum) = (
        le(&elf, 32, 8) as usize,
        le(&elf, 54, 2) as usize,
        le(&elf, 56, 2) as usize,
    );
    // Two passes: first every segment's file bytes (a read-only `__constant__` array set by
    // hipMemcpyToSymbol lives in .rodata), then the appended images, which change the program headers that the
    // first segment's file bytes also hold.
    for pass in 0..2 {
        for i in 0..phnum {
            let h = phoff + i * phentsize;
            if h + 56 > elf.len() {
                break;
            }
            if le(&elf, h, 4) != 1 {
                continue; // PT_LOAD = 1
            }
            grow_segment(&m.segments, &mut elf, h, pass);
        }
    }
    elf
}

/// `patched_elf` for the PT_LOAD program header at `h`: pass 0 writes its file bytes, pass 1 appends its whole
/// memory image when its zero-initialised part is no longer zero.
fn grow_segment(segments: &[(u64, Vec<u8>, u64, bool)], elf: &mut Vec<u8>, h: usize, pass: u32) {
    let le = |b: &[u8], at: usize, n: usize| -> u64 {
        let mut v = [0u8; 8];
        v[..n].copy_from_slice(&b[at..at + n]);
        u64::from_le_bytes(v)
    };
    let set = |b: &mut [u8], at: usize, v: u64| b[at..at + 8].copy_from_slice(&v.to_le_bytes());
    let (off, va, filesz, memsz, align) = (
        le(elf, h + 8, 8) as usize,
        le(elf, h + 16, 8),
        le(elf, h + 32, 8) as usize,
        le(elf, h + 40, 8) as usize,
        le(elf, h + 48, 8).max(1),
    );
    // The mapped part of the segment: the first one starts past the loader's headers
    // (`CodeObject::load_segments`), `cut` bytes into it.
    let Some((cut, bytes)) = segments
        .iter()
        .find(|s| s.0 >= va && s.0 - va < memsz.max(1) as u64)
        .map(|s| ((s.0 - va) as usize, &s.1))
    else {
        return;
    };
    if pass == 0 {
        let n = filesz.saturating_sub(cut).min(bytes.len());
        if off + cut + n <= elf.len() {
            elf[off + cut..off + cut + n].copy_from_slice(&bytes[..n]);
        }
        return;
    }
    if cut != 0 {
        return; // the headers' segment is read-only and never larger in memory than in the file
    }
    let beyond_file = bytes.get(filesz..).unwrap_or_default();
    if memsz <= filesz || beyond_file.iter().all(|&b| b == 0) {
        return;
    }
    let skew = va % align;
    let new_off = ((elf.len() as u64)
        .saturating_sub(skew)
        .next_multiple_of(align)
        + skew) as usize;
    elf.resize(new_off, 0);
    let n = bytes.len().min(memsz);
    elf.extend_from_slice(&bytes[..n]);
    elf.resize(new_off + memsz, 0);
    set(elf, h + 8, new_off as u64);
    set(elf, h + 32, memsz as u64);
    // Section headers: sh_type 4, sh_flags 8, sh_addr 16, sh_offset 24, sh_size 32 (SHT_NOBITS 8, SHF_ALLOC 2)
    let (shoff, shentsize, shnum) = (
        le(elf, 40, 8) as usize,
        le(elf, 58, 2) as usize,
        le(elf, 60, 2) as usize,
    );
    for k in 0..shnum {
        let s = shoff + k * shentsize;
        if s + 40 > elf.len() {
            break;
        }
        let (sty, sflags, addr, size) = (
            le(elf, s + 4, 4),
            le(elf, s + 8, 8),
            le(elf, s + 16, 8),
            le(elf, s + 32, 8),
        );
        if sty == 8 && sflags & 2 != 0 && addr >= va && addr + size <= va + memsz as u64 {
            elf[s + 4..s + 8].copy_from_slice(&1u32.to_le_bytes()); // SHT_PROGBITS
            set(elf, s + 24, new_off as u64 + (addr - va));
        }
    }
}

fn write_manifest(
    session: &Session,
    dir: &Path,
    captured: &Captured,
    bases: &[u64],
) -> Result<(), String> {
    let mut jargs = Vec::new();
    let mut outputs = Vec::new();
    let mut memory = Vec::new();
    for (k, c) in captured.memory.iter().enumerate() {
        let raw = session.buffer(c.region).unwrap_or_default();
        let bytes = padded(c.pad, &raw);
        let exp = format!("mem{k}.expected.bin");
        std::fs::write(dir.join(&exp), &bytes).map_err(|e| format!("cannot write {exp}: {e}"))?;
        memory.push(serde_json::json!({
            "file": c.file, "dtype": "u8", "count": bytes.len(),
            "address": format!("0x{:x}", bases[c.region] - c.pad),
        }));
        outputs.push(serde_json::json!({
            "memory": k, "file": exp, "dtype": "u8", "count": bytes.len(),
        }));
    }
    for (i, c) in captured.args.iter().enumerate() {
        match c {
            CapArg::Buffer {
                region,
                file,
                offset,
                pad,
            } => {
                let raw = session.buffer(*region).unwrap_or_default();
                let bytes = padded(*pad, &raw);
                let exp = format!("arg{i}.expected.bin");
                std::fs::write(dir.join(&exp), &bytes)
                    .map_err(|e| format!("cannot write {exp}: {e}"))?;
                let mut j = serde_json::json!({
                    "kind": "buffer", "file": file, "dtype": "u8", "count": bytes.len(),
                    "address": format!("0x{:x}", bases[*region] - pad),
                });
                if *offset != 0 {
                    j["offset"] = (*offset).into();
                }
                jargs.push(j);
                outputs.push(serde_json::json!({
                    "arg_index": i, "file": exp, "dtype": "u8", "count": bytes.len(),
                }));
            }
            CapArg::Bytes { file } => {
                jargs.push(serde_json::json!({"kind": "scalar", "file": file}))
            }
            CapArg::Null => jargs.push(serde_json::json!({"kind": "null"})),
            CapArg::Global { symbol, offset } => jargs
                .push(serde_json::json!({"kind": "global", "symbol": symbol, "offset": offset})),
            CapArg::Pointer { arg, offset } => {
                jargs.push(serde_json::json!({"kind": "pointer", "arg": arg, "offset": offset}))
            }
        }
    }
    let m = &session.manifest;
    let mut j = serde_json::json!({
        "code_object": "kernel.hsaco",
        "kernel": m.kernel,
        "grid": m.grid,
        "block": m.block,
        "lds_dynamic_bytes": m.lds_dynamic_bytes.unwrap_or(0),
        "args": jargs,
        "outputs": outputs,
    });
    if !memory.is_empty() {
        j["memory"] = serde_json::Value::Array(memory);
    }
    if m.cooperative {
        j["cooperative"] = serde_json::Value::Bool(true);
    }
    if let Some(d) = &m.source_dir {
        j["source_dir"] = serde_json::Value::String(d.display().to_string());
    }
    std::fs::write(
        dir.join("case.json"),
        serde_json::to_string_pretty(&j).unwrap() + "\n",
    )
    .map_err(|e| format!("cannot write case.json: {e}"))
}

extern "C" {
    static mut stdout: *mut libc::FILE;
    static mut stderr: *mut libc::FILE;
}

/// Write `text` to the program's C `stdout` or `stderr` stream and flush it.
fn print_to_c_stream(stream: wavescope::services::Stream, text: &[u8]) {
    // SAFETY: glibc's `stdout` / `stderr` are initialised before main and never reassigned by the programs this
    // runtime serves; fwrite and fflush lock the stream.
    unsafe {
        let f = match stream {
            wavescope::services::Stream::Stdout => stdout,
            wavescope::services::Stream::Stderr => stderr,
        };
        libc::fwrite(text.as_ptr() as *const libc::c_void, 1, text.len(), f);
        libc::fflush(f);
    }
}
