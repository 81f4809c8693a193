//! One dispatch from a manifest: memory laid out as the ROCm runtime lays it out, waves initialised as the
//! hardware initialises them (AMDGPUUsage "Initial Kernel Execution State", state.md §3.13), work-groups run.
//!
//! The result keeps every buffer, so a fault loses nothing the kernel wrote before it.

/// Launches described by their parts (the HIP runtime's path): code object, kernarg bytes, memory regions.
pub mod raw;

use crate::code_object::descriptor::{SgprInit, SgprPreload, WorkItemIdLayout};
use crate::exec::{
    wave::{status_bits, FLAT_SCRATCH_LO, VREGS},
    Apertures, FaultKind, GlobalMemory, Program, Region, RegionKind, Wave, WaveId, LANES,
};
use crate::manifest::{ArgSpec, Fill, Manifest};
use std::sync::atomic::{AtomicBool, AtomicU64};

/// Everything about a kernel's ABI that a launch needs, read from its descriptor and metadata.
#[derive(Clone, Debug)]
pub struct KernelAbi {
    pub name: String,
    pub entry_pc: u64,
    /// What the hardware preloads into SGPRs, in order.
    pub sgpr_init: Vec<SgprPreload>,
    /// Work-item ids packed in v0 (gfx90a+).
    pub workitem_id: WorkItemIdLayout,
    pub group_segment_fixed_size: u32,
    pub private_segment_fixed_size: u32,
    pub uses_dynamic_stack: bool,
    pub kernarg_segment_size: u32,
    pub args: Vec<ArgMeta>,
    pub vgpr_count: u16,
    pub agpr_count: u16,
    /// Initial MODE register (round and denorm modes, dx10_clamp, ieee from COMPUTE_PGM_RSRC1).
    pub mode: u32,
    /// `.max_flat_workgroup_size`: LLVM compiles the code assuming no larger work-group (work-item id
    /// ranges fold compares and masks), so a bigger block runs wrong code; the runtime refuses it.
    pub max_flat_workgroup_size: u32,
    /// `.reqd_workgroup_size` (OpenCL `reqd_work_group_size`): the block must be exactly this.
    pub reqd_workgroup_size: Option<[u32; 3]>,
    /// The code object's `amdhsa.printf` entries (buffered printf's format table; `services::buffered`).
    pub printf_formats: Vec<String>,
}

/// One kernel argument as the metadata describes it.
#[derive(Clone, Debug)]
pub struct ArgMeta {
    pub name: String,
    pub offset: u32,
    pub size: u32,
    pub value_kind: String,
    pub pointee_align: Option<u32>,
}

impl ArgMeta {
    pub fn is_hidden(&self) -> bool {
        self.value_kind.starts_with("hidden_")
    }
}

/// A fault as the user sees it: what, where.
#[derive(Clone, Debug)]
pub struct RunFault {
    pub kind: FaultKind,
    pub wave: WaveId,
    pub pc: u64,
    pub lanes: u64,
    pub addr: Option<u64>,
    pub detail: String,
}

/// What a spent instruction budget most likely means when the wave was in a spin loop with `s_sleep`
/// (`Program::spin_loop_sleep`): a wait for a flag or lock no wave will set, which never ends on a GPU either.
pub fn spin_hint(program: &crate::exec::Program, f: &RunFault) -> Option<String> {
    if f.kind != FaultKind::InstructionLimit {
        return None;
    }
    let sleep = program.spin_loop_sleep(f.pc)?;
    Some(format!(
        "the wave was spinning in a loop with s_sleep (at {sleep:#x}): it waits for a flag, lock or status word \
         that no other wave will ever set (a spin-wait deadlock: e.g. a look-back on a tile whose work-group never \
         publishes, or waits itself); on a GPU it would hang"
    ))
}

/// Options of one run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Stop when the dispatch (all its waves together) has issued this many wave-instructions (0 = no limit).
    /// Every command has this budget, so a runaway kernel ends (exit 4) instead of spinning for ever.
    pub max_instructions: u64,
    /// Host threads running work-groups (1 = deterministic sequential order).
    pub jobs: usize,
    /// Private segment bytes per lane added when the kernel uses a dynamic stack.
    pub dynamic_stack_bytes: u32,
    /// Size of the printf buffer a kernel that takes `hidden_printf_buffer` gets (buffered printf; HIP's
    /// `hipLimitPrintfFifoSize`), header included.
    pub printf_buffer_bytes: u32,
    /// Progress counters and the stop request the run loop polls (a front end's Ctrl-C); `None`: the run makes
    /// its own.
    pub control: Option<std::sync::Arc<RunControl>>,
}

/// The budget every command starts with: 1 G wave-instructions per dispatch (some seconds of interpretation; the
/// examples need at most a few tens of millions). `--max-instructions N` changes it, 0 removes it.
pub const DEFAULT_MAX_INSTRUCTIONS: u64 = 1_000_000_000;

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            max_instructions: DEFAULT_MAX_INSTRUCTIONS,
            jobs: 1,
            dynamic_stack_bytes: 16 * 1024,
            printf_buffer_bytes: crate::services::buffered::PRINTF_BUFFER_DEFAULT_BYTES,
            control: None,
        }
    }
}

/// What a run shares with the outside while it runs: counters a progress line reads, and a stop flag the
/// scheduler polls every [`POLL_INSTRUCTIONS`] wave-instructions (and between work-groups).
#[derive(Debug, Default)]
pub struct RunControl {
    /// Set to ask the run to stop (the waves stay where they are; the run returns what it has).
    pub stop: AtomicBool,
    /// Wave-instructions issued so far.
    pub wave_instructions: AtomicU64,
    /// Waves that ended so far.
    pub waves_done: AtomicU64,
}

/// Wave-instructions between two looks at the budget and the stop flag (a slice of a wave's run).
pub const POLL_INSTRUCTIONS: u64 = 1 << 16;

/// Device addresses of what a launch maps.
pub const BUFFER_BASE: u64 = 0x0000_1000_0000_0000;
/// Gap after every buffer so an access just past its end faults instead of reading the next buffer.
pub const GUARD: u64 = 0x1_0000;
pub const KERNARG_BASE: u64 = 0x0000_0f00_0000_0000;
pub const DISPATCH_PACKET_BASE: u64 = 0x0000_0f00_1000_0000;
/// Where a cooperative dispatch's grid sync record lives (`hidden_multigrid_sync_arg`; `launch::raw`).
pub const MULTIGRID_BASE: u64 = 0x0000_0f00_2000_0000;

/// Bytes of the kernarg segment a dispatch maps (at least 256), checked before it is allocated: the larger of
/// the descriptor's kernarg_size and the metadata's .kernarg_segment_size must fit below the dispatch packet.
pub fn kernarg_len(abi: &KernelAbi) -> Result<usize, String> {
    let len = abi.kernarg_segment_size.max(256) as u64;
    if len > DISPATCH_PACKET_BASE - KERNARG_BASE {
        return Err(format!(
            "kernel {}: its kernarg segment of {len} bytes (the larger of the kernel descriptor's kernarg_size \
             and the metadata's .kernarg_segment_size) is larger than the {} MiB wavescope maps for it",
            abi.name,
            (DISPATCH_PACKET_BASE - KERNARG_BASE) >> 20
        ));
    }
    Ok(len as usize)
}
/// gfx950 LDS per CU (state.md Table 2).
pub const LDS_MAX: u32 = 160 * 1024;
/// Most private (scratch) bytes one lane can have: COMPUTE_TMPRING_SIZE.WAVESIZE is 13 bits in units of 256
/// dwords per wave on gfx9 parts (gfx950 included), so 8191 KiB per wave, 131056 bytes per lane.
pub const PRIVATE_MAX_PER_LANE: u32 = 8191 * 1024 / 64;

/// A prepared dispatch: memory mapped, kernargs written, ready to run work-groups.
pub struct Dispatch {
    pub abi: KernelAbi,
    pub program: Program,
    pub mem: GlobalMemory,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub lds_bytes: u32,
    pub private_size: u32,
    pub apertures: Apertures,
    /// Device address of each manifest argument that is a buffer.
    pub buffer_addrs: Vec<Option<u64>>,
    pub kernarg_addr: u64,
    pub dispatch_packet_addr: u64,
    /// The device services the kernel takes (a hostcall buffer for printf and assert), `None` when it takes none;
    /// the schedules call `DeviceServices::serve` at `s_sleep`.
    pub services: Option<crate::services::DeviceServices>,
    /// The global wave sync unit (`exec::gws`): enabled for a cooperative dispatch (`Dispatch::cooperative`). The schedules apply the
    /// `ds_gws_*` instructions to it (`engine::step::gws`); it is touched only by those, never per instruction.
    pub gws: std::sync::Mutex<crate::exec::gws::GwsUnit>,
}

/// Errors preparing a launch (the kernel never ran).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct LaunchError(pub String);

impl Dispatch {
    /// Lay out memory for `m` and `abi`. `segments` are the code object's loadable segments
    /// (vaddr, bytes, memsz, writable), mapped at their own addresses so PC-relative data works; `symbol`
    /// finds a data symbol's (address, size) for a `global` argument.
    pub fn new(
        m: &Manifest,
        abi: KernelAbi,
        program: Program,
        segments: &[(u64, Vec<u8>, u64, bool)],
        symbol: &dyn Fn(&str) -> Option<(u64, u64)>,
        opts: &RunOptions,
    ) -> Result<Dispatch, LaunchError> {
        let err = |s: String| LaunchError(s);
        let mut mem = GlobalMemory::new();
        for (i, (vaddr, bytes, memsz, writable)) in segments.iter().enumerate() {
            if *memsz == 0 {
                continue;
            }
            mem.map(Region::new(
                *vaddr,
                bytes,
                *memsz,
                format!("code object segment {i}"),
                RegionKind::CodeObject,
                *writable,
            ))
            .map_err(err)?;
        }
        let explicit: Vec<&ArgMeta> = abi.args.iter().filter(|a| !a.is_hidden()).collect();
        if explicit.len() != m.args.len() {
            let names: Vec<String> = explicit
                .iter()
                .map(|a| format!("{} ({})", a.name, a.value_kind))
                .collect();
            return Err(err(format!(
                "{}: the manifest gives {} args but kernel {} takes {}: {}",
                m.path.display(),
                m.args.len(),
                abi.name,
                explicit.len(),
                names.join(", ")
            )));
        }
        // The ROCm runtimes reject a launch whose work-group exceeds the kernel's
        // .max_flat_workgroup_size (OpenCL CL_INVALID_WORK_GROUP_SIZE, HIP invalid configuration) or
        // differs from .reqd_workgroup_size: the code was compiled for those bounds.
        let wg_items: u64 = m.block.iter().map(|&b| b as u64).product();
        if abi.max_flat_workgroup_size != 0 && wg_items > abi.max_flat_workgroup_size as u64 {
            return Err(err(format!(
                "{}: block {:?} has {wg_items} work-items but kernel {} was compiled for at most {} \
                 (.max_flat_workgroup_size; OpenCL default 256, raise it with \
                 __attribute__((reqd_work_group_size(...))) or amdgpu_flat_work_group_size)",
                m.path.display(),
                m.block,
                abi.name,
                abi.max_flat_workgroup_size
            )));
        }
        if let Some(r) = abi.reqd_workgroup_size {
            if r != m.block {
                return Err(err(format!(
                    "{}: block {:?} differs from kernel {}'s .reqd_workgroup_size {:?}",
                    m.path.display(),
                    m.block,
                    abi.name,
                    r
                )));
            }
        }
        // Buffers, each followed by a guard gap.
        let mut kernarg = vec![0u8; kernarg_len(&abi).map_err(err)?];
        let mut buffer_addrs = Vec::new();
        let mut next = BUFFER_BASE;
        // End of the explicitly placed buffer overlapping [from, from + len), if any.
        let explicit_at = |from: u64, len: u64| -> Option<u64> {
            m.args.iter().chain(&m.memory).find_map(|a| match a {
                ArgSpec::Buffer {
                    address: Some(s), ..
                } => {
                    let e = s + a.buffer_bytes().unwrap_or(0).max(1);
                    (*s < from + len && from < e).then_some(e)
                }
                _ => None,
            })
        };
        let mut lds_dynamic = 0u32;
        let static_lds = abi.group_segment_fixed_size;
        for (i, (spec, meta)) in m.args.iter().zip(&explicit).enumerate() {
            let at =
                |what: &str| format!("{}: args[{i}] ({}): {what}", m.path.display(), meta.name);
            let slot = meta.offset as usize..(meta.offset + meta.size) as usize;
            if slot.end > kernarg.len() {
                return Err(err(at("its kernarg slot lies past the kernarg segment")));
            }
            match spec {
                ArgSpec::Buffer {
                    file,
                    dtype,
                    count,
                    fill,
                    address,
                    offset,
                } => {
                    // count × size fits in u64 and under the memory limit (checked by Manifest::load)
                    let size = *count as u64 * dtype.size() as u64;
                    let inline = meta.value_kind == "by_value" && meta.size != 8;
                    if inline && size != meta.size as u64 {
                        return Err(err(at(&format!(
                            "the kernel's by-value argument has {} bytes; the buffer given for it has {size}",
                            meta.size
                        ))));
                    }
                    if meta.value_kind != "global_buffer" && meta.size != 8 && !inline {
                        return Err(err(at(&format!(
                            "manifest says buffer, kernel says {} of {} bytes",
                            meta.value_kind, meta.size
                        ))));
                    }
                    let bytes = initial_bytes(file.as_deref(), *dtype, fill, size)
                        .map_err(|e| err(at(&e)))?;
                    if inline {
                        // A by-value struct or array written as a buffer of its bytes: copied into the kernarg
                        // slot itself (the manifest's raw-bytes form, like `{"kind":"scalar","file":...}`).
                        let mut b = bytes;
                        b.resize(slot.len(), 0);
                        kernarg[slot].copy_from_slice(&b);
                        buffer_addrs.push(None);
                        continue;
                    }
                    // `"address"` places the buffer exactly there (checked for overlap by `map`); the others go
                    // after each other, stepping over the explicitly placed ones.
                    let addr = match address {
                        Some(a) => *a,
                        None => {
                            while let Some(end) = explicit_at(next, size.max(1) + GUARD) {
                                next = (end + GUARD).next_multiple_of(GUARD);
                            }
                            let a = next;
                            next = (a + size.max(1) + GUARD).next_multiple_of(GUARD);
                            a
                        }
                    };
                    let region = Region::try_new(
                        addr,
                        &bytes,
                        size.max(1),
                        format!("args[{i}] {}", meta.name),
                        RegionKind::Buffer { arg_index: i },
                        true,
                    )
                    .map_err(|e| err(at(&e)))?;
                    drop(bytes);
                    mem.map(region).map_err(|e| err(at(&e)))?;
                    let p = addr + offset;
                    kernarg[slot.start..slot.start + 8.min(slot.len())]
                        .copy_from_slice(&p.to_le_bytes()[..8.min(slot.len())]);
                    buffer_addrs.push(Some(addr));
                }
                ArgSpec::Pointer { arg, offset } => {
                    let base = buffer_addrs.get(*arg).copied().flatten();
                    let (Some(base), "global_buffer") = (base, meta.value_kind.as_str()) else {
                        return Err(err(at(&format!(
                            "manifest says pointer into args[{arg}], kernel says {} (and args[{arg}] must be a \
                             buffer passed by address)",
                            meta.value_kind
                        ))));
                    };
                    kernarg[slot].copy_from_slice(&(base + offset).to_le_bytes());
                    buffer_addrs.push(None);
                }
                ArgSpec::Global {
                    symbol: name,
                    offset,
                } => {
                    if meta.value_kind != "global_buffer" {
                        return Err(err(at(&format!(
                            "manifest says global (a pointer into a code object variable), kernel says {}",
                            meta.value_kind
                        ))));
                    }
                    let Some((addr, size)) = symbol(name) else {
                        return Err(err(at(&format!(
                            "the code object has no variable `{name}` (a defined data symbol)"
                        ))));
                    };
                    if *offset > size {
                        return Err(err(at(&format!(
                            "offset {offset} is past the end of `{name}`'s {size} bytes"
                        ))));
                    }
                    kernarg[slot].copy_from_slice(&(addr + offset).to_le_bytes());
                    buffer_addrs.push(None);
                }
                ArgSpec::Null => {
                    if meta.value_kind != "global_buffer" {
                        return Err(err(at(&format!(
                            "manifest says null (a null pointer), kernel says {}",
                            meta.value_kind
                        ))));
                    }
                    kernarg[slot].fill(0);
                    buffer_addrs.push(None);
                }
                ArgSpec::Local { bytes } => {
                    if meta.value_kind != "dynamic_shared_pointer" {
                        return Err(err(at(&format!(
                            "manifest says local, kernel says {}",
                            meta.value_kind
                        ))));
                    }
                    let align = meta.pointee_align.unwrap_or(4).max(1);
                    let off = (static_lds + lds_dynamic).next_multiple_of(align);
                    lds_dynamic = off - static_lds + bytes;
                    kernarg[slot.clone()].copy_from_slice(&off.to_le_bytes()[..slot.len().min(4)]);
                    buffer_addrs.push(None);
                }
                ArgSpec::Scalar { dtype, value } => {
                    if meta.value_kind == "global_buffer"
                        || meta.value_kind == "dynamic_shared_pointer"
                    {
                        return Err(err(at(&format!(
                            "manifest says scalar, kernel says {}",
                            meta.value_kind
                        ))));
                    }
                    let b = value.to_bytes(*dtype);
                    if b.len() != slot.len() {
                        return Err(err(at(&format!(
                            "dtype {} has {} bytes but the kernel's argument has {}",
                            dtype.name(),
                            b.len(),
                            slot.len()
                        ))));
                    }
                    kernarg[slot].copy_from_slice(&b);
                    buffer_addrs.push(None);
                }
                ArgSpec::Bytes { bytes } => {
                    if meta.value_kind != "by_value" {
                        return Err(err(at(&format!(
                            "manifest gives raw bytes, kernel says {}",
                            meta.value_kind
                        ))));
                    }
                    if bytes.len() != slot.len() {
                        return Err(err(at(&format!(
                            "{} bytes given but the kernel's by-value argument has {}",
                            bytes.len(),
                            slot.len()
                        ))));
                    }
                    kernarg[slot].copy_from_slice(bytes);
                    buffer_addrs.push(None);
                }
            }
        }
        // Memory regions: at their addresses, numbered after the arguments (outputs name them so)
        for (k, spec) in m.memory.iter().enumerate() {
            let at = |what: &str| format!("{}: memory[{k}]: {what}", m.path.display());
            let ArgSpec::Buffer {
                file,
                dtype,
                count,
                fill,
                address: Some(addr),
                ..
            } = spec
            else {
                return Err(err(at("a memory region is a buffer with an address")));
            };
            let size = *count as u64 * dtype.size() as u64;
            let bytes =
                initial_bytes(file.as_deref(), *dtype, fill, size).map_err(|e| err(at(&e)))?;
            let region = Region::try_new(
                *addr,
                &bytes,
                size.max(1),
                format!("memory[{k}]"),
                RegionKind::Buffer {
                    arg_index: m.args.len() + k,
                },
                true,
            )
            .map_err(|e| err(at(&e)))?;
            drop(bytes);
            mem.map(region).map_err(|e| err(at(&e)))?;
        }
        let dynamic = m.lds_dynamic_bytes.unwrap_or(lds_dynamic).max(lds_dynamic);
        // summed in u64: a descriptor's group_segment_fixed_size near 2^32 must not wrap to a small size
        let lds_total = static_lds as u64 + dynamic as u64;
        if lds_total > LDS_MAX as u64 {
            return Err(err(format!(
                "the work-group needs {lds_total} bytes of LDS ({static_lds} static + {dynamic} dynamic); gfx950 has {LDS_MAX}"
            )));
        }
        let lds_bytes = lds_total as u32;
        let services = raw::map_services(&mut mem, &abi, m.grid, m.block, opts).map_err(err)?;
        let multigrid =
            raw::map_multigrid(&mut mem, &abi, m.grid, m.block, m.cooperative).map_err(err)?;
        raw::fill_hidden_args(
            &abi,
            m.grid,
            m.block,
            dynamic,
            services.as_ref(),
            multigrid,
            &mut kernarg,
        );
        let private_size =
            raw::map_kernarg_and_packet(&mut mem, &abi, m.grid, m.block, lds_bytes, &kernarg, opts)
                .map_err(err)?;
        Ok(Dispatch {
            abi,
            program,
            mem,
            grid: m.grid,
            block: m.block,
            lds_bytes,
            private_size,
            apertures: Apertures::default(),
            buffer_addrs,
            kernarg_addr: KERNARG_BASE,
            dispatch_packet_addr: DISPATCH_PACKET_BASE,
            services,
            gws: std::sync::Mutex::new(raw::gws_unit(m.grid, m.block, m.cooperative)),
        })
    }

    /// The dispatch as it is now, on a copy of its memory, without device services: a run of the copy leaves
    /// this dispatch's memory as it was (the default race check's first work-groups of a large dispatch,
    /// `pipeline::Plan`). None for a dispatch that calls the host (a second run would print twice).
    pub fn scratch_copy(&self) -> Option<Dispatch> {
        if self.services.is_some() {
            return None;
        }
        Some(Dispatch {
            abi: self.abi.clone(),
            program: self.program.clone(),
            mem: self.mem.snapshot(),
            grid: self.grid,
            block: self.block,
            lds_bytes: self.lds_bytes,
            private_size: self.private_size,
            apertures: self.apertures,
            buffer_addrs: self.buffer_addrs.clone(),
            kernarg_addr: self.kernarg_addr,
            dispatch_packet_addr: self.dispatch_packet_addr,
            services: None,
            gws: std::sync::Mutex::new(self.gws.lock().unwrap_or_else(|e| e.into_inner()).clone()),
        })
    }

    /// The dispatch cannot run on the batch schedule (work-groups one after another): it is cooperative, has
    /// several work-groups, and its program has a GWS instruction that waits for other waves (a grid barrier or
    /// a semaphore). It runs with every work-group resident (`engine::resident`).
    pub fn needs_co_residency(&self) -> bool {
        self.cooperative() && self.work_group_count() > 1 && self.program.waits_on_gws()
    }

    /// Launched cooperatively (`Manifest::cooperative`): every work-group must be resident at once. The runtime
    /// gives such a dispatch its GWS resources, so the GWS unit holds the fact.
    pub fn cooperative(&self) -> bool {
        self.gws.lock().unwrap_or_else(|e| e.into_inner()).enabled
    }

    pub fn work_groups(&self) -> [u32; 3] {
        [0, 1, 2].map(|d| self.grid[d].div_ceil(self.block[d]))
    }
    pub fn work_group_count(&self) -> u32 {
        self.work_groups().iter().product()
    }
    pub fn waves_per_group(&self) -> u32 {
        (self.block.iter().product::<u32>()).div_ceil(LANES as u32)
    }
    pub fn wave_count(&self) -> u64 {
        self.work_group_count() as u64 * self.waves_per_group() as u64
    }

    /// Work-group id (x, y, z) of flat index `flat` (x fastest).
    pub fn work_group_id(&self, flat: u32) -> [u32; 3] {
        let n = self.work_groups();
        [flat % n[0], (flat / n[0]) % n[1], flat / (n[0] * n[1])]
    }

    /// Create the waves of work-group `flat`, initialised as the hardware does at launch.
    pub fn make_work_group(&self, flat: u32) -> Vec<Wave> {
        let mut waves = Vec::new();
        self.make_work_group_into(flat, &mut waves);
        waves
    }

    /// `make_work_group` reusing the register files of `waves` (a worker keeps one set for all its work-groups:
    /// a wave's 128 KiB register file is then allocated once per worker, not once per wave).
    pub fn make_work_group_into(&self, flat: u32, waves: &mut Vec<Wave>) {
        self.make_work_group_reusing(flat, waves, VREGS / 2)
    }

    /// `make_work_group_into` for waves that only this dispatch's program has run (the batch engine's own set):
    /// their rows outside `Program::vreg_rows` are still zero, so only those rows are zeroed.
    pub(crate) fn make_work_group_reused(&self, flat: u32, waves: &mut Vec<Wave>) {
        // VGPR indexing from the first instruction on (MODE.GPR_IDX_EN in the descriptor's MODE) reaches
        // any row.
        let rows = if self.abi.mode & crate::exec::semantics::salu::mode_bits::GPR_IDX_EN != 0 {
            VREGS / 2
        } else {
            self.program.vreg_rows()
        };
        self.make_work_group_reusing(flat, waves, rows)
    }

    fn make_work_group_reusing(&self, flat: u32, waves: &mut Vec<Wave>, rows: usize) {
        let mut spare: Vec<Wave> = std::mem::take(waves);
        let wg = self.work_group_id(flat);
        // The size of this (maybe partial) work-group in each dimension.
        let size: [u32; 3] =
            [0, 1, 2].map(|d| (self.grid[d] - wg[d] * self.block[d]).min(self.block[d]));
        let items = size[0] * size[1] * size[2];
        let nwaves = items.div_ceil(LANES as u32);
        for w in 0..nwaves {
            let id = WaveId {
                wave: flat * self.waves_per_group() + w,
                work_group_flat: flat,
                work_group: wg,
                wave_in_group: w,
                simd: (w % 4) as u8,
            };
            let mut wave = match spare.pop() {
                Some(mut old) => {
                    old.reset_rows(id, rows);
                    old
                }
                None => Wave::new(id),
            };
            wave.pc = self.abi.entry_pc;
            wave.vgpr_count = self.abi.vgpr_count;
            wave.agpr_count = self.abi.agpr_count;
            wave.mode = self.abi.mode;
            wave.status |= if nwaves > 1 { status_bits::IN_TG } else { 0 };
            let mut exec = 0u64;
            for lane in 0..LANES as u32 {
                let i = w * LANES as u32 + lane;
                if i >= items {
                    break;
                }
                exec |= 1 << lane;
                // Work-item ids follow the work-group's actual (partial) shape, x fastest.
                let (x, y, z) = (
                    i % size[0],
                    (i / size[0]) % size[1],
                    i / (size[0] * size[1]),
                );
                wave.vreg[0][lane as usize] = self.abi.workitem_id.pack(x, y, z);
            }
            wave.set_exec(exec);
            for p in &self.abi.sgpr_init {
                let (first, what, count) = (p.first_sgpr, p.what, p.count);
                let v: u64 = match what {
                    SgprInit::PrivateSegmentBuffer => 0,
                    SgprInit::DispatchPtr => self.dispatch_packet_addr,
                    SgprInit::QueuePtr => 0,
                    SgprInit::KernargSegmentPtr => self.kernarg_addr,
                    SgprInit::DispatchId => 0,
                    SgprInit::FlatScratchInit => 0,
                    SgprInit::PrivateSegmentSize => self.private_size as u64,
                    SgprInit::KernargPreload {
                        kernarg_offset: off,
                    } => self
                        .mem
                        .read_u64(self.kernarg_addr + off as u64)
                        .unwrap_or(0),
                    SgprInit::WorkGroupIdX => wg[0] as u64,
                    SgprInit::WorkGroupIdY => wg[1] as u64,
                    SgprInit::WorkGroupIdZ => wg[2] as u64,
                    // state.md §3.13: {first_wave, 6'h00, wave_id_in_group[4:0], 2'h0, 14'h0, wg_size_in_waves[5:0]}
                    SgprInit::WorkGroupInfo => {
                        ((w == 0) as u64) << 31 | (w as u64 & 31) << 20 | nwaves as u64
                    }
                    SgprInit::PrivateSegmentWaveOffset => 0,
                };
                for k in 0..count {
                    wave.sgpr[((first + k) & 127) as usize] = (v >> (32 * k)) as u32;
                }
            }
            // Architected flat scratch: FLAT_SCRATCH holds the wave's private base; scratch addresses are offsets
            // into the wave's private segment, which wavescope keeps per lane.
            wave.sgpr[FLAT_SCRATCH_LO] = 0;
            wave.sgpr[FLAT_SCRATCH_LO + 1] = 0;
            if self.private_size > 0 {
                wave.status |= status_bits::SCRATCH_EN;
                wave.private_size = self.private_size;
                wave.scratch.resize(self.private_size as usize * LANES, 0);
            }
            waves.push(wave);
        }
    }
}

/// A manifest buffer's initial bytes: its file (stat first: a regular file of exactly `size` bytes, never
/// /dev/zero read whole), or its fill (empty for zeros: the region starts zeroed).
fn initial_bytes(
    file: Option<&std::path::Path>,
    dtype: crate::manifest::Dtype,
    fill: &Fill,
    size: u64,
) -> Result<Vec<u8>, String> {
    match file {
        Some(f) => crate::manifest::read_bounded(f, Some(size), size),
        None => match fill {
            Fill::Zero => Ok(Vec::new()),
            Fill::Value(v) => {
                let one = if dtype.is_float() {
                    crate::manifest::ScalarValue::Float(*v).to_bytes(dtype)
                } else {
                    crate::manifest::ScalarValue::Int(*v as i128).to_bytes(dtype)
                };
                let mut b = Vec::new();
                b.try_reserve_exact(size as usize)
                    .map_err(|_| format!("cannot allocate {size} bytes for the fill"))?;
                b.extend(one.iter().copied().cycle().take(size as usize));
                Ok(b)
            }
        },
    }
}
