//! A dispatch built from what a runtime has at launch time (code object, kernel, grid/block, the explicit kernarg
//! bytes, memory regions at their device addresses) instead of a manifest: what the HIP runtime (`hip/`) launches.
//! The hidden arguments and the dispatch packet are filled by the same code a manifest launch uses.

use crate::exec::gws::GwsUnit;
use crate::exec::{Apertures, GlobalMemory, Program, Region, RegionKind};
use crate::launch::{
    Dispatch, KernelAbi, LaunchError, RunOptions, DISPATCH_PACKET_BASE, KERNARG_BASE, LDS_MAX,
    MULTIGRID_BASE, PRIVATE_MAX_PER_LANE,
};
use crate::services::DeviceServices;

/// One memory region of a raw launch: `bytes` mapped at device address `addr`.
#[derive(Clone, Debug)]
pub struct RawRegion {
    pub addr: u64,
    pub bytes: Vec<u8>,
    pub name: String,
}

/// Everything a runtime knows at a launch.
pub struct RawLaunch<'a> {
    /// Work-items per dimension (HIP: gridDim * blockDim).
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Dynamic LDS bytes (HIP `sharedMemBytes`).
    pub lds_dynamic_bytes: u32,
    /// The explicit arguments, already at their metadata offsets (the hidden ones are filled here).
    pub kernarg: &'a [u8],
    /// Regions mapped as `RegionKind::Buffer { arg_index: i }`, `i` their index in this list.
    pub regions: &'a [RawRegion],
    /// `hipLaunchCooperativeKernel` (see `Manifest::cooperative`).
    pub cooperative: bool,
}

impl Dispatch {
    /// Lay out a launch given as raw kernarg bytes and regions at fixed addresses. `segments` as in
    /// `Dispatch::new`.
    pub fn from_raw(
        abi: KernelAbi,
        program: Program,
        segments: &[(u64, Vec<u8>, u64, bool)],
        l: &RawLaunch,
        opts: &RunOptions,
    ) -> Result<Dispatch, LaunchError> {
        let err = |s: String| LaunchError(s);
        if l.grid.contains(&0) || l.block.contains(&0) {
            return Err(err(format!(
                "grid {:?} / block {:?} has a zero dimension",
                l.grid, l.block
            )));
        }
        let wg_items: u64 = l.block.iter().map(|&b| b as u64).product();
        if wg_items > 1024 {
            return Err(err(format!(
                "block {:?} has {wg_items} work-items; at most 1024",
                l.block
            )));
        }
        if abi.max_flat_workgroup_size != 0 && wg_items > abi.max_flat_workgroup_size as u64 {
            return Err(err(format!(
                "block {:?} has {wg_items} work-items but kernel {} was compiled for at most {} \
                 (.max_flat_workgroup_size; raise it with __launch_bounds__)",
                l.block, abi.name, abi.max_flat_workgroup_size
            )));
        }
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
        for (i, r) in l.regions.iter().enumerate() {
            mem.map(Region::new(
                r.addr,
                &r.bytes,
                (r.bytes.len() as u64).max(1),
                r.name.clone(),
                RegionKind::Buffer { arg_index: i },
                true,
            ))
            .map_err(err)?;
        }
        let mut kernarg = vec![0u8; crate::launch::kernarg_len(&abi).map_err(err)?];
        let n = l.kernarg.len().min(kernarg.len());
        kernarg[..n].copy_from_slice(&l.kernarg[..n]);
        // summed in u64: a descriptor's group_segment_fixed_size near 2^32 must not wrap to a small size
        let lds_total = abi.group_segment_fixed_size as u64 + l.lds_dynamic_bytes as u64;
        if lds_total > LDS_MAX as u64 {
            return Err(err(format!(
                "the work-group needs {lds_total} bytes of LDS ({} static + {} dynamic); gfx950 has {LDS_MAX}",
                abi.group_segment_fixed_size, l.lds_dynamic_bytes
            )));
        }
        let lds_bytes = lds_total as u32;
        let services = map_services(&mut mem, &abi, l.grid, l.block, opts).map_err(err)?;
        let multigrid =
            map_multigrid(&mut mem, &abi, l.grid, l.block, l.cooperative).map_err(err)?;
        fill_hidden_args(
            &abi,
            l.grid,
            l.block,
            l.lds_dynamic_bytes,
            services.as_ref(),
            multigrid,
            &mut kernarg,
        );
        let private_size =
            map_kernarg_and_packet(&mut mem, &abi, l.grid, l.block, lds_bytes, &kernarg, opts)
                .map_err(err)?;
        Ok(Dispatch {
            abi,
            program,
            mem,
            grid: l.grid,
            block: l.block,
            lds_bytes,
            private_size,
            apertures: Apertures::default(),
            buffer_addrs: l.regions.iter().map(|r| Some(r.addr)).collect(),
            kernarg_addr: KERNARG_BASE,
            dispatch_packet_addr: DISPATCH_PACKET_BASE,
            services,
            gws: std::sync::Mutex::new(gws_unit(l.grid, l.block, l.cooperative)),
        })
    }
}

/// The device services a kernel asks for: a hostcall buffer when it takes `hidden_hostcall_buffer` (printf,
/// assert), with a packet for every wave of the dispatch (the device code needs one per wave that can wait at once;
/// `DeviceServices::map` bounds it); a printf buffer of `opts.printf_buffer_bytes` when it takes
/// `hidden_printf_buffer` (buffered printf). `None` for every other kernel: nothing is mapped and nothing runs.
pub fn map_services(
    mem: &mut GlobalMemory,
    abi: &KernelAbi,
    grid: [u32; 3],
    block: [u32; 3],
    opts: &RunOptions,
) -> Result<Option<DeviceServices>, String> {
    let takes = |k: &str| abi.args.iter().any(|a| a.value_kind == k);
    let mut services = if takes("hidden_hostcall_buffer") {
        Some(hostcall_services(mem, grid, block)?)
    } else {
        None
    };
    if takes("hidden_printf_buffer") {
        let sv = services.get_or_insert_with(DeviceServices::without_hostcall);
        sv.printf_buffer = Some(crate::services::buffered::PrintfBuffer::map(
            mem,
            opts.printf_buffer_bytes,
            &abi.printf_formats,
        )?);
    }
    Ok(services)
}

fn hostcall_services(
    mem: &mut GlobalMemory,
    grid: [u32; 3],
    block: [u32; 3],
) -> Result<DeviceServices, String> {
    let groups: u64 = (0..3)
        .map(|k| grid[k].div_ceil(block[k].max(1)) as u64)
        .product();
    let wg_items: u64 = block.iter().map(|&b| b as u64).product();
    let waves = groups.saturating_mul(wg_items.div_ceil(64));
    DeviceServices::map(mem, waves)
}

/// The GWS unit of a dispatch: a cooperative one's resource 0 is the grid barrier (`exec::gws`).
pub fn gws_unit(grid: [u32; 3], block: [u32; 3], cooperative: bool) -> GwsUnit {
    if cooperative {
        let groups: u64 = (0..3)
            .map(|k| grid[k].div_ceil(block[k].max(1)) as u64)
            .product();
        GwsUnit::cooperative(groups.min(u32::MAX as u64) as u32)
    } else {
        GwsUnit::disabled()
    }
}

/// The grid sync record of a cooperative dispatch whose kernel takes `hidden_multigrid_sync_arg`; its address,
/// or 0 (what a launch that is not cooperative passes: `grid.is_valid()` is then false). The layout is the
/// device library's `mg_info` (ROCm-Device-Libs ockl/src/cg.cl): `mgs` (u64, the multi-grid `mg_sync`),
/// `grid_id` (u32), `num_grids` (u32), `prev_sum` (u64), `all_sum` (u64), `sgs` (the grid's `mg_sync`: two
/// u32), `num_wg` (u32). The library's atomic grid barrier (used where it avoids GWS) counts work-groups in
/// `sgs`; one grid: `num_grids` 1, `grid_id` 0, `prev_sum` 0, `all_sum` the work-items, and `mgs` pointing at a
/// second `mg_sync` after the record.
pub fn map_multigrid(
    mem: &mut GlobalMemory,
    abi: &KernelAbi,
    grid: [u32; 3],
    block: [u32; 3],
    cooperative: bool,
) -> Result<u64, String> {
    if !cooperative
        || !abi
            .args
            .iter()
            .any(|a| a.value_kind == "hidden_multigrid_sync_arg")
    {
        return Ok(0);
    }
    let groups: u64 = (0..3)
        .map(|k| grid[k].div_ceil(block[k].max(1)) as u64)
        .product();
    let items: u64 = grid.iter().map(|&g| g as u64).product();
    let mut b = vec![0u8; 64];
    b[0..8].copy_from_slice(&(MULTIGRID_BASE + 48).to_le_bytes()); // mgs
    b[8..12].copy_from_slice(&0u32.to_le_bytes()); // grid_id
    b[12..16].copy_from_slice(&1u32.to_le_bytes()); // num_grids
    b[16..24].copy_from_slice(&0u64.to_le_bytes()); // prev_sum
    b[24..32].copy_from_slice(&items.to_le_bytes()); // all_sum
    b[40..44].copy_from_slice(&(groups.min(u32::MAX as u64) as u32).to_le_bytes()); // num_wg
    mem.map(Region::new(
        MULTIGRID_BASE,
        &b,
        b.len() as u64,
        "grid sync record (hidden_multigrid_sync_arg)",
        RegionKind::Other,
        true,
    ))?;
    Ok(MULTIGRID_BASE)
}

/// Hidden arguments, as the ROCm runtime fills them (AMDGPUUsage "Code Object V5 Metadata"). `grid` in
/// work-items.
pub fn fill_hidden_args(
    abi: &KernelAbi,
    grid: [u32; 3],
    block: [u32; 3],
    dynamic_lds: u32,
    services: Option<&DeviceServices>,
    multigrid: u64,
    kernarg: &mut [u8],
) {
    let hostcall = services.map_or(0, |s| s.hostcall_addr);
    let printf_buffer = services
        .and_then(|s| s.printf_buffer.as_ref())
        .map_or(0, |p| p.addr);
    for meta in abi.args.iter().filter(|a| a.is_hidden()) {
        let slot = meta.offset as usize..(meta.offset + meta.size) as usize;
        if slot.end > kernarg.len() {
            continue;
        }
        // AMDGPUUsage: hidden_block_count_* counts only the non-partial work-groups (a partial last
        // work-group then reads hidden_remainder_* as its size: group_id < count ? group_size : remainder).
        let full = |k: usize| (grid[k] / block[k].max(1)) as u64;
        let v: u64 = match meta.value_kind.as_str() {
            "hidden_block_count_x" => full(0),
            "hidden_block_count_y" => full(1),
            "hidden_block_count_z" => full(2),
            "hidden_group_size_x" => block[0] as u64,
            "hidden_group_size_y" => block[1] as u64,
            "hidden_group_size_z" => block[2] as u64,
            "hidden_remainder_x" => (grid[0] % block[0].max(1)) as u64,
            "hidden_remainder_y" => (grid[1] % block[1].max(1)) as u64,
            "hidden_remainder_z" => (grid[2] % block[2].max(1)) as u64,
            "hidden_global_offset_x" | "hidden_global_offset_y" | "hidden_global_offset_z" => 0,
            "hidden_grid_dims" => grid_dims(grid) as u64,
            "hidden_dynamic_lds_size" => dynamic_lds as u64,
            "hidden_private_base" => Apertures::default().private_base >> 32,
            "hidden_shared_base" => Apertures::default().shared_base >> 32,
            "hidden_hostcall_buffer" => hostcall,
            "hidden_printf_buffer" => printf_buffer,
            "hidden_multigrid_sync_arg" => multigrid,
            // No heap or queue: a null pointer, as when the runtime provides none.
            _ => 0,
        };
        let n = slot.len().min(8);
        kernarg[slot.start..slot.start + n].copy_from_slice(&v.to_le_bytes()[..n]);
    }
}

fn grid_dims(grid: [u32; 3]) -> u16 {
    if grid[2] > 1 {
        3
    } else if grid[1] > 1 {
        2
    } else {
        1
    }
}

/// Map the kernarg segment and the hsa_kernel_dispatch_packet_t; returns the private segment size per lane.
pub fn map_kernarg_and_packet(
    mem: &mut GlobalMemory,
    abi: &KernelAbi,
    grid: [u32; 3],
    block: [u32; 3],
    lds_bytes: u32,
    kernarg: &[u8],
    opts: &RunOptions,
) -> Result<u32, String> {
    mem.map(Region::new(
        KERNARG_BASE,
        kernarg,
        kernarg.len() as u64,
        "kernarg segment",
        RegionKind::Kernarg,
        false,
    ))?;
    // hsa_kernel_dispatch_packet_t (64 bytes): header, setup, workgroup_size_xyz, grid_size_xyz,
    // private/group segment sizes, kernel_object, kernarg_address.
    let mut pkt = [0u8; 64];
    pkt[0..2].copy_from_slice(&(2u16 | 1 << 8 | 2 << 9 | 2 << 11).to_le_bytes()); // KERNEL_DISPATCH, barrier, acquire/release system
    pkt[2..4].copy_from_slice(&grid_dims(grid).to_le_bytes());
    for k in 0..3 {
        pkt[4 + 2 * k..6 + 2 * k].copy_from_slice(&(block[k] as u16).to_le_bytes());
        pkt[12 + 4 * k..16 + 4 * k].copy_from_slice(&grid[k].to_le_bytes());
    }
    let stack = if abi.uses_dynamic_stack {
        opts.dynamic_stack_bytes
    } else {
        0
    };
    // Checked before any wave's scratch is allocated (64 lanes x this per wave): a descriptor or metadata
    // asking for more than the hardware can give is bad input, not an allocation failure.
    let private_size = abi
        .private_segment_fixed_size
        .checked_add(stack)
        .filter(|&s| s <= PRIVATE_MAX_PER_LANE)
        .ok_or_else(|| {
            format!(
                "the kernel needs {} bytes of scratch per lane ({} private_segment_fixed_size + {stack} dynamic \
                 stack); gfx950 gives at most {PRIVATE_MAX_PER_LANE} (COMPUTE_TMPRING_SIZE.WAVESIZE: 8191 KiB per wave)",
                abi.private_segment_fixed_size as u64 + stack as u64,
                abi.private_segment_fixed_size
            )
        })?;
    pkt[24..28].copy_from_slice(&private_size.to_le_bytes());
    pkt[28..32].copy_from_slice(&lds_bytes.to_le_bytes());
    pkt[40..48].copy_from_slice(&KERNARG_BASE.to_le_bytes());
    mem.map(Region::new(
        DISPATCH_PACKET_BASE,
        &pkt,
        64,
        "dispatch packet",
        RegionKind::DispatchPacket,
        false,
    ))?;
    Ok(private_size)
}
