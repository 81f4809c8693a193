//! The 64-byte kernel descriptor (AMDGPUUsage "Code Object V3 Kernel Descriptor", used unchanged by code object
//! v4-v6) with its COMPUTE_PGM_RSRC1/2/3 words as gfx950 (GFX90A/GFX940 family) defines them, and what the
//! hardware sets up from it before the first instruction (AMDGPUUsage "Initial Kernel Execution State").

/// Size of a kernel descriptor; CP requires 64-byte alignment too.
pub const KERNEL_DESCRIPTOR_SIZE: usize = 64;

/// gfx950 has at most 16 user SGPRs: CP initialises only the first 16 requested (AMDGPUUsage "Initial Kernel
/// Execution State").
pub const MAX_USER_SGPRS: u16 = 16;

/// Problems with one descriptor; the caller names the kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DescriptorError(pub String);

/// Floating point rounding mode (AMDGPUUsage "Floating Point Rounding Mode Enumeration Values"; the same
/// encoding as MODE.FP_ROUND, state.md MODE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum FloatRoundMode {
    NearEven = 0,
    PlusInfinity = 1,
    MinusInfinity = 2,
    Zero = 3,
}

impl FloatRoundMode {
    fn from_bits(v: u32) -> FloatRoundMode {
        match v & 3 {
            0 => FloatRoundMode::NearEven,
            1 => FloatRoundMode::PlusInfinity,
            2 => FloatRoundMode::MinusInfinity,
            _ => FloatRoundMode::Zero,
        }
    }
}

/// Floating point denorm mode (AMDGPUUsage "Floating Point Denorm Mode Enumeration Values"; the same encoding
/// as MODE.FP_DENORM, state.md MODE).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum FloatDenormMode {
    FlushSrcDst = 0,
    FlushDst = 1,
    FlushSrc = 2,
    FlushNone = 3,
}

impl FloatDenormMode {
    fn from_bits(v: u32) -> FloatDenormMode {
        match v & 3 {
            0 => FloatDenormMode::FlushSrcDst,
            1 => FloatDenormMode::FlushDst,
            2 => FloatDenormMode::FlushSrc,
            _ => FloatDenormMode::FlushNone,
        }
    }
}

fn bit(v: u32, n: u32) -> bool {
    (v >> n) & 1 != 0
}

fn field(v: u32, lo: u32, width: u32) -> u32 {
    (v >> lo) & ((1u32 << width) - 1)
}

/// COMPUTE_PGM_RSRC1 (AMDGPUUsage table "compute_pgm_rsrc1 for GFX6-GFX12"), GFX9 meanings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputePgmRsrc1 {
    pub raw: u32,
    /// Bits 5:0. On GFX90A/GFX940 the unit is 8 VGPRs of the unified (arch + acc) file.
    pub granulated_workitem_vgpr_count: u8,
    /// Bits 9:6. LLVM encodes `ceil(sgprs / 8) - 1` on GFX9.
    pub granulated_wavefront_sgpr_count: u8,
    /// Bits 11:10 (must be 0).
    pub priority: u8,
    /// Bits 13:12.
    pub float_round_mode_32: FloatRoundMode,
    /// Bits 15:14.
    pub float_round_mode_16_64: FloatRoundMode,
    /// Bits 17:16.
    pub float_denorm_mode_32: FloatDenormMode,
    /// Bits 19:18.
    pub float_denorm_mode_16_64: FloatDenormMode,
    /// Bit 20 (must be 0).
    pub privileged: bool,
    /// Bit 21: NaN results clamp to 0 (DX10 clamp).
    pub enable_dx10_clamp: bool,
    /// Bit 22 (must be 0).
    pub debug_mode: bool,
    /// Bit 23: IEEE mode (quiet and propagate signaling NaNs).
    pub enable_ieee_mode: bool,
    /// Bit 24 (must be 0).
    pub bulky: bool,
    /// Bit 25 (must be 0).
    pub cdbg_user: bool,
    /// Bit 26: fp16 overflow clamps to +/-MAX_FP16.
    pub fp16_ovfl: bool,
}

impl ComputePgmRsrc1 {
    pub fn from_raw(raw: u32) -> ComputePgmRsrc1 {
        ComputePgmRsrc1 {
            raw,
            granulated_workitem_vgpr_count: field(raw, 0, 6) as u8,
            granulated_wavefront_sgpr_count: field(raw, 6, 4) as u8,
            priority: field(raw, 10, 2) as u8,
            float_round_mode_32: FloatRoundMode::from_bits(field(raw, 12, 2)),
            float_round_mode_16_64: FloatRoundMode::from_bits(field(raw, 14, 2)),
            float_denorm_mode_32: FloatDenormMode::from_bits(field(raw, 16, 2)),
            float_denorm_mode_16_64: FloatDenormMode::from_bits(field(raw, 18, 2)),
            privileged: bit(raw, 20),
            enable_dx10_clamp: bit(raw, 21),
            debug_mode: bit(raw, 22),
            enable_ieee_mode: bit(raw, 23),
            bulky: bit(raw, 24),
            cdbg_user: bit(raw, 25),
            fp16_ovfl: bit(raw, 26),
        }
    }

    /// VGPRs allocated per work-item, arch + acc together (GFX90A/GFX940: granule of 8).
    pub fn allocated_vgprs(&self) -> u32 {
        (self.granulated_workitem_vgpr_count as u32 + 1) * 8
    }

    /// SGPRs allocated per wave as LLVM encodes the GFX9 granule (8 SGPRs per step). GFX9 SGPR numbering is
    /// fixed (VCC is always s[106:107]), so this matters only for reporting.
    pub fn allocated_sgprs(&self) -> u32 {
        (self.granulated_wavefront_sgpr_count as u32 + 1) * 8
    }
}

/// COMPUTE_PGM_RSRC2 (AMDGPUUsage table "compute_pgm_rsrc2 for GFX6-GFX12").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputePgmRsrc2 {
    pub raw: u32,
    /// Bit 0. gfx950 has architected flat scratch: this makes the hardware initialise FLAT_SCRATCH to the
    /// wave's scratch base (no wave-offset SGPR).
    pub enable_private_segment: bool,
    /// Bits 5:1: user SGPRs requested; the system SGPRs (work-group ids, ...) start at this index.
    pub user_sgpr_count: u8,
    /// Bit 6 (must be 0; CP sets TRAP_PRESENT).
    pub enable_trap_handler: bool,
    /// Bit 7.
    pub enable_sgpr_workgroup_id_x: bool,
    /// Bit 8.
    pub enable_sgpr_workgroup_id_y: bool,
    /// Bit 9.
    pub enable_sgpr_workgroup_id_z: bool,
    /// Bit 10.
    pub enable_sgpr_workgroup_info: bool,
    /// Bits 12:11: 0 = X, 1 = X and Y, 2 = X, Y and Z (SYSTEM_VGPR_WORKITEM_ID_*), 3 = undefined.
    pub enable_vgpr_workitem_id: u8,
    /// Bit 13 (must be 0).
    pub enable_exception_address_watch: bool,
    /// Bit 14 (must be 0).
    pub enable_exception_memory: bool,
    /// Bits 23:15 (must be 0: CP takes the LDS size from the dispatch packet).
    pub granulated_lds_size: u16,
    /// Bits 30:24, one bit per exception in order: IEEE invalid, denormal source, divide by zero, overflow,
    /// underflow, inexact, integer divide by zero. The same order as MODE.EXCP_EN[6:0].
    pub enable_exception: u8,
}

impl ComputePgmRsrc2 {
    pub fn from_raw(raw: u32) -> ComputePgmRsrc2 {
        ComputePgmRsrc2 {
            raw,
            enable_private_segment: bit(raw, 0),
            user_sgpr_count: field(raw, 1, 5) as u8,
            enable_trap_handler: bit(raw, 6),
            enable_sgpr_workgroup_id_x: bit(raw, 7),
            enable_sgpr_workgroup_id_y: bit(raw, 8),
            enable_sgpr_workgroup_id_z: bit(raw, 9),
            enable_sgpr_workgroup_info: bit(raw, 10),
            enable_vgpr_workitem_id: field(raw, 11, 2) as u8,
            enable_exception_address_watch: bit(raw, 13),
            enable_exception_memory: bit(raw, 14),
            granulated_lds_size: field(raw, 15, 9) as u16,
            enable_exception: field(raw, 24, 7) as u8,
        }
    }
}

/// COMPUTE_PGM_RSRC3 (AMDGPUUsage table "compute_pgm_rsrc3 for GFX90A, GFX940").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputePgmRsrc3 {
    pub raw: u32,
    /// Bits 5:0: first AccVGPR in the unified file, in units of 4, minus one (0 means 4).
    pub accum_offset: u8,
    /// Bit 16: the waves of a work-group may run on different CUs (no LDS, no s_barrier).
    pub tg_split: bool,
}

impl ComputePgmRsrc3 {
    pub fn from_raw(raw: u32) -> ComputePgmRsrc3 {
        ComputePgmRsrc3 {
            raw,
            accum_offset: field(raw, 0, 6) as u8,
            tg_split: bit(raw, 16),
        }
    }

    /// Index in the unified VGPR file of a0: `(accum_offset + 1) * 4`.
    pub fn accum_offset_vgprs(&self) -> u32 {
        (self.accum_offset as u32 + 1) * 4
    }
}

/// The kernel code properties half-word at byte 56 (descriptor bits 463:448).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelCodeProperties {
    pub raw: u16,
    /// Bit 0 (must be 0 with architected flat scratch, so on gfx950).
    pub enable_sgpr_private_segment_buffer: bool,
    /// Bit 1.
    pub enable_sgpr_dispatch_ptr: bool,
    /// Bit 2 (never set by LLVM for code object v5+; the queue pointer is a hidden argument).
    pub enable_sgpr_queue_ptr: bool,
    /// Bit 3.
    pub enable_sgpr_kernarg_segment_ptr: bool,
    /// Bit 4.
    pub enable_sgpr_dispatch_id: bool,
    /// Bit 5 (must be 0 with architected flat scratch, so on gfx950).
    pub enable_sgpr_flat_scratch_init: bool,
    /// Bit 6.
    pub enable_sgpr_private_segment_size: bool,
    /// Bit 10 (GFX9: reserved, must be 0).
    pub enable_wavefront_size32: bool,
    /// Bit 11: the code uses a dynamically sized stack (code object v5+).
    pub uses_dynamic_stack: bool,
}

impl KernelCodeProperties {
    pub fn from_raw(raw: u16) -> KernelCodeProperties {
        let r = raw as u32;
        KernelCodeProperties {
            raw,
            enable_sgpr_private_segment_buffer: bit(r, 0),
            enable_sgpr_dispatch_ptr: bit(r, 1),
            enable_sgpr_queue_ptr: bit(r, 2),
            enable_sgpr_kernarg_segment_ptr: bit(r, 3),
            enable_sgpr_dispatch_id: bit(r, 4),
            enable_sgpr_flat_scratch_init: bit(r, 5),
            enable_sgpr_private_segment_size: bit(r, 6),
            enable_wavefront_size32: bit(r, 10),
            uses_dynamic_stack: bit(r, 11),
        }
    }
}

/// A decoded kernel descriptor (AMDGPUUsage table "Code Object V3 Kernel Descriptor").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelDescriptor {
    /// Bytes 0-3: LDS bytes per work-group, without dynamically allocated LDS.
    pub group_segment_fixed_size: u32,
    /// Bytes 4-7: scratch bytes per work-item, without a dynamic stack.
    pub private_segment_fixed_size: u32,
    /// Bytes 8-11: kernarg segment size (0 = unspecified).
    pub kernarg_size: u32,
    /// Bytes 16-23: signed byte offset from the descriptor's own address to the entry instruction.
    pub kernel_code_entry_byte_offset: i64,
    /// Bytes 44-47.
    pub compute_pgm_rsrc3: ComputePgmRsrc3,
    /// Bytes 48-51.
    pub compute_pgm_rsrc1: ComputePgmRsrc1,
    /// Bytes 52-55.
    pub compute_pgm_rsrc2: ComputePgmRsrc2,
    /// Bytes 56-57.
    pub kernel_code_properties: KernelCodeProperties,
    /// Bits 470:464: kernarg dwords preloaded into user SGPRs.
    pub kernarg_preload_spec_length: u8,
    /// Bits 479:471: dword offset in the kernarg segment where the preload starts.
    pub kernarg_preload_spec_offset: u16,
}

fn le32(b: &[u8; 64], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

impl KernelDescriptor {
    /// Decode the 64 bytes. Any bit pattern decodes; `check_gfx950` says whether gfx950 can run it.
    pub fn from_bytes(b: &[u8; KERNEL_DESCRIPTOR_SIZE]) -> KernelDescriptor {
        let mut off = [0u8; 8];
        off.copy_from_slice(&b[16..24]);
        let preload = u16::from_le_bytes([b[58], b[59]]) as u32;
        KernelDescriptor {
            group_segment_fixed_size: le32(b, 0),
            private_segment_fixed_size: le32(b, 4),
            kernarg_size: le32(b, 8),
            kernel_code_entry_byte_offset: i64::from_le_bytes(off),
            compute_pgm_rsrc3: ComputePgmRsrc3::from_raw(le32(b, 44)),
            compute_pgm_rsrc1: ComputePgmRsrc1::from_raw(le32(b, 48)),
            compute_pgm_rsrc2: ComputePgmRsrc2::from_raw(le32(b, 52)),
            kernel_code_properties: KernelCodeProperties::from_raw(u16::from_le_bytes([
                b[56], b[57],
            ])),
            kernarg_preload_spec_length: field(preload, 0, 7) as u8,
            kernarg_preload_spec_offset: field(preload, 7, 9) as u16,
        }
    }

    /// Number of user SGPRs the enable bits and the kernarg preload ask for, in set-up order.
    pub fn requested_user_sgprs(&self) -> u16 {
        let p = &self.kernel_code_properties;
        let mut n = 0u16;
        n += 4 * p.enable_sgpr_private_segment_buffer as u16;
        n += 2 * p.enable_sgpr_dispatch_ptr as u16;
        n += 2 * p.enable_sgpr_queue_ptr as u16;
        n += 2 * p.enable_sgpr_kernarg_segment_ptr as u16;
        n += 2 * p.enable_sgpr_dispatch_id as u16;
        n += 2 * p.enable_sgpr_flat_scratch_init as u16;
        n += p.enable_sgpr_private_segment_size as u16;
        n + self.kernarg_preload_spec_length as u16
    }

    /// Reject what gfx950 cannot run or the ABI forbids, so later users of the descriptor need no checks.
    pub fn check_gfx950(&self) -> Result<(), DescriptorError> {
        let p = &self.kernel_code_properties;
        let r2 = &self.compute_pgm_rsrc2;
        // AMDGPUUsage kernel descriptor table: with architected flat scratch these "must be 0".
        if p.enable_sgpr_private_segment_buffer {
            return Err(DescriptorError(
                "ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER is set, but gfx950 has architected flat scratch and no \
                 private segment buffer"
                    .into(),
            ));
        }
        if p.enable_sgpr_flat_scratch_init {
            return Err(DescriptorError(
                "ENABLE_SGPR_FLAT_SCRATCH_INIT is set, but gfx950 has architected flat scratch"
                    .into(),
            ));
        }
        if p.enable_wavefront_size32 {
            return Err(DescriptorError(
                "ENABLE_WAVEFRONT_SIZE32 is set; gfx950 runs wave64 only".into(),
            ));
        }
        if r2.enable_vgpr_workitem_id == 3 {
            return Err(DescriptorError(
                "ENABLE_VGPR_WORKITEM_ID is 3 (SYSTEM_VGPR_WORKITEM_ID_UNDEFINED)".into(),
            ));
        }
        let requested = self.requested_user_sgprs();
        if requested > r2.user_sgpr_count as u16 {
            return Err(DescriptorError(format!(
                "the enable_sgpr_* bits and kernarg preload ask for {requested} user SGPRs but \
                 COMPUTE_PGM_RSRC2.USER_SGPR_COUNT is {}",
                r2.user_sgpr_count
            )));
        }
        if r2.user_sgpr_count as u16 > MAX_USER_SGPRS {
            return Err(DescriptorError(format!(
                "COMPUTE_PGM_RSRC2.USER_SGPR_COUNT is {}; gfx950 has {MAX_USER_SGPRS} user SGPRs",
                r2.user_sgpr_count
            )));
        }
        Ok(())
    }

    /// Address of the first instruction, given the descriptor's own address: `kd + kernel_code_entry_byte_offset`.
    pub fn code_entry(&self, descriptor_address: u64) -> u64 {
        descriptor_address.wrapping_add(self.kernel_code_entry_byte_offset as u64)
    }

    /// Where the wave starts: `code_entry`, plus 256 bytes when kernarg preload is on. AMDGPUUsage "Preloaded
    /// Kernel Arguments": CP firmware that preloads skips the 256-byte compatibility prologue the compiler puts
    /// at the entry (which loads the same SGPRs itself on firmware that does not).
    pub fn entry_pc(&self, descriptor_address: u64) -> u64 {
        let skip = if self.kernarg_preload_spec_length > 0 {
            256
        } else {
            0
        };
        self.code_entry(descriptor_address).wrapping_add(skip)
    }

    /// The MODE register a wave starts with (state.md MODE): FP_ROUND[3:0], FP_DENORM[7:4], DX10_CLAMP 8,
    /// IEEE 9, EXCP_EN[18:12] and FP16_OVFL 23 come from COMPUTE_PGM_RSRC1/2 as CP programs them; every other
    /// field starts at 0.
    pub fn initial_mode(&self) -> u32 {
        let r1 = &self.compute_pgm_rsrc1;
        let r2 = &self.compute_pgm_rsrc2;
        (r1.float_round_mode_32 as u32)
            | (r1.float_round_mode_16_64 as u32) << 2
            | (r1.float_denorm_mode_32 as u32) << 4
            | (r1.float_denorm_mode_16_64 as u32) << 6
            | (r1.enable_dx10_clamp as u32) << 8
            | (r1.enable_ieee_mode as u32) << 9
            | (r2.enable_exception as u32) << 12
            | (r1.fp16_ovfl as u32) << 23
    }

    /// What the hardware writes into SGPRs before the first instruction, in AMDGPUUsage table "SGPR Register
    /// Set Up Order": user SGPRs dense from s0 (CP), then system SGPRs from s[USER_SGPR_COUNT] (ADC/SPI).
    ///
    /// Kernarg preload SGPRs follow the last other user SGPR, private segment size included: AMDGPUUsage
    /// "Preloaded Kernel Arguments" says so and LLVM allocates them that way, though the set-up order table
    /// lists them before the private segment size. There is no scratch wave offset SGPR: gfx950 has
    /// architected flat scratch, so ENABLE_PRIVATE_SEGMENT initialises FLAT_SCRATCH instead.
    ///
    /// Each entry is at most 64 bits (a kernarg preload is one entry per dword), so a consumer can compute one
    /// `u64` per entry and write its `count` dwords low first.
    pub fn sgpr_preload_layout(&self) -> Vec<SgprPreload> {
        let p = &self.kernel_code_properties;
        let r2 = &self.compute_pgm_rsrc2;
        let mut out = Vec::new();
        let mut next = 0u16;
        let mut user = |what: SgprInit, count: u16, out: &mut Vec<SgprPreload>| {
            // "only the first 16 are actually initialized"
            if next + count <= MAX_USER_SGPRS {
                out.push(SgprPreload {
                    first_sgpr: next,
                    count,
                    what,
                });
            }
            next += count;
        };
        if p.enable_sgpr_private_segment_buffer {
            user(SgprInit::PrivateSegmentBuffer, 4, &mut out);
        }
        if p.enable_sgpr_dispatch_ptr {
            user(SgprInit::DispatchPtr, 2, &mut out);
        }
        if p.enable_sgpr_queue_ptr {
            user(SgprInit::QueuePtr, 2, &mut out);
        }
        if p.enable_sgpr_kernarg_segment_ptr {
            user(SgprInit::KernargSegmentPtr, 2, &mut out);
        }
        if p.enable_sgpr_dispatch_id {
            user(SgprInit::DispatchId, 2, &mut out);
        }
        if p.enable_sgpr_flat_scratch_init {
            user(SgprInit::FlatScratchInit, 2, &mut out);
        }
        if p.enable_sgpr_private_segment_size {
            user(SgprInit::PrivateSegmentSize, 1, &mut out);
        }
        let first_dword = self.kernarg_preload_spec_offset as u32;
        for k in 0..self.kernarg_preload_spec_length as u32 {
            let kernarg_offset = (first_dword + k) * 4;
            user(SgprInit::KernargPreload { kernarg_offset }, 1, &mut out);
        }
        let mut next = r2.user_sgpr_count as u16;
        let mut system = |on: bool, what: SgprInit| {
            if on {
                out.push(SgprPreload {
                    first_sgpr: next,
                    count: 1,
                    what,
                });
                next += 1;
            }
        };
        system(r2.enable_sgpr_workgroup_id_x, SgprInit::WorkGroupIdX);
        system(r2.enable_sgpr_workgroup_id_y, SgprInit::WorkGroupIdY);
        system(r2.enable_sgpr_workgroup_id_z, SgprInit::WorkGroupIdZ);
        system(r2.enable_sgpr_workgroup_info, SgprInit::WorkGroupInfo);
        out
    }

    /// How work-item ids arrive in VGPRs (gfx950: packed into v0).
    pub fn workitem_id_layout(&self) -> WorkItemIdLayout {
        WorkItemIdLayout {
            dims: self.compute_pgm_rsrc2.enable_vgpr_workitem_id.min(2) + 1,
        }
    }
}

/// What one preloaded SGPR range holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SgprInit {
    /// 4 SGPRs: scratch V# (never on gfx950).
    PrivateSegmentBuffer,
    /// 2 SGPRs: address of the AQL dispatch packet.
    DispatchPtr,
    /// 2 SGPRs: address of the `amd_queue_t`.
    QueuePtr,
    /// 2 SGPRs: address of the kernarg segment.
    KernargSegmentPtr,
    /// 2 SGPRs: 64-bit dispatch id.
    DispatchId,
    /// 2 SGPRs (never on gfx950).
    FlatScratchInit,
    /// 1 SGPR: private segment bytes per work-item, rounded up to a dword.
    PrivateSegmentSize,
    /// 1 SGPR: the kernarg segment dword at this byte offset.
    KernargPreload {
        kernarg_offset: u32,
    },
    /// 1 SGPR each: this wave's work-group id.
    WorkGroupIdX,
    WorkGroupIdY,
    WorkGroupIdZ,
    /// 1 SGPR: `{first_wave[31], 14'b0, ordered_append_term[10:0] (0 for compute), wave count in group[5:0]}`.
    WorkGroupInfo,
    /// 1 SGPR: scratch wave offset. Only on targets without architected flat scratch, so never on gfx950;
    /// kept so the layout type covers the whole AMDGPUUsage table.
    PrivateSegmentWaveOffset,
}

/// `count` SGPRs starting at `s[first_sgpr]` hold `what`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SgprPreload {
    pub first_sgpr: u16,
    pub count: u16,
    pub what: SgprInit,
}

/// The packed work-item id method (AMDGPUUsage "Register Layout for Packed Work-Item ID Method", which gfx950
/// uses): v0 = z << 20 | y << 10 | x, each 10 bits; ids of dimensions not enabled read as 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WorkItemIdLayout {
    /// 1 = x only, 2 = x and y, 3 = x, y and z (ENABLE_VGPR_WORKITEM_ID + 1).
    pub dims: u8,
}

impl WorkItemIdLayout {
    /// The VGPR holding the packed ids.
    pub const VGPR: u16 = 0;

    /// The initial v0 of a lane with work-item id (x, y, z) in its work-group.
    pub fn pack(&self, x: u32, y: u32, z: u32) -> u32 {
        let y = if self.dims >= 2 { y } else { 0 };
        let z = if self.dims >= 3 { z } else { 0 };
        (z & 0x3ff) << 20 | (y & 0x3ff) << 10 | (x & 0x3ff)
    }
}
