//! Per-wave architectural state (state.md "Registers") and operand access in the ISA's operand space.

use crate::isa::Operand;

/// Lanes per wave: CDNA is wave64 only.
pub const LANES: usize = 64;
/// Unified vector register file: v0..v255 then a0..a255 (index = `Operand` code − 256).
pub const VREGS: usize = 512;

/// A 64-lane vector register.
pub type VReg = [u32; LANES];

/// The vector register file (v0..v255, a0..a255), 64-byte aligned: a row is 256 bytes, so a 64-byte (AVX-512) or
/// 32-byte (AVX2) access to a row stays in one cache line. (A plain heap array is 16-byte aligned: every zmm
/// access to a row then straddles two lines.) Dereferences to the array.
#[derive(Clone, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct VRegFile(pub [VReg; VREGS]);

impl std::ops::Deref for VRegFile {
    type Target = [VReg; VREGS];
    #[inline(always)]
    fn deref(&self) -> &[VReg; VREGS] {
        &self.0
    }
}

impl std::ops::DerefMut for VRegFile {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [VReg; VREGS] {
        &mut self.0
    }
}

/// Which wave this is, in the dispatch's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WaveId {
    /// Index of the wave in the whole dispatch (work-groups in x, y, z order, then waves in the group).
    pub wave: u32,
    /// Flat index of its work-group.
    pub work_group_flat: u32,
    /// Work-group id x, y, z.
    pub work_group: [u32; 3],
    /// Index of the wave inside its work-group.
    pub wave_in_group: u32,
    /// SIMD the wave is assigned to (round-robin over the CU's 4 SIMDs).
    pub simd: u8,
}

/// Where a wave is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WaveStatus {
    Running,
    /// Waiting at `s_barrier` for the rest of its work-group.
    AtBarrier,
    /// Queued on a global wave sync resource (`ds_gws_barrier`, `ds_gws_sema_p`; [`Wave::gws_wait`] says which)
    /// until the scheduler releases it (`engine::step::gws_release`).
    AtGridBarrier,
    /// Ended with `s_endpgm`.
    Done,
    /// Stopped by a fault.
    Faulted,
}

/// Architectural state of one wave.
#[derive(Clone)]
pub struct Wave {
    pub id: WaveId,
    /// Byte address of the next instruction.
    pub pc: u64,
    /// Scalar register file by operand code 0..=127: s0..s101, flat_scratch (102/103), xnack_mask (104/105),
    /// vcc (106/107), ttmp0..15 (108..=123), m0 (124), 125 reserved, exec (126/127).
    pub sgpr: [u32; 128],
    pub scc: bool,
    /// v0..v255, a0..a255.
    pub vreg: Box<VRegFile>,
    /// VGPRs and AGPRs the kernel allocates (accesses above are still served, as register-file contents).
    pub vgpr_count: u16,
    pub agpr_count: u16,
    pub mode: u32,
    pub status: u32,
    pub trapsts: u32,
    /// Per-lane private (scratch) memory: `private_size` bytes per lane, lane-major.
    pub scratch: Vec<u8>,
    pub private_size: u32,
    pub wave_status: WaveStatus,
    /// Wave-instructions issued so far (s_nop counts 1).
    pub instructions: u64,
    /// s_setprio priority.
    pub priority: u8,
    /// The lane addresses of the last GLOBAL/FLAT access, recorded by its handler for an observer that models
    /// memory (see [`LaneAddrs`]).
    pub lane_addrs: LaneAddrs,
    /// Which memory region each GLOBAL/FLAT instruction's vector pass found last, by PC bits 5:2 (`region_hint`):
    /// where the region lookup starts next time. The lanes of one instruction keep to one buffer from one
    /// iteration to the next, and the lookup otherwise scans the dispatch's regions in address order. Only
    /// a hint (any value is correct); not architectural state.
    pub region_hints: [u8; 16],
    /// What the wave waits for while `AtGridBarrier`.
    pub gws_wait: GwsWait,
}

/// A wave's place in a global wave sync queue (CDNA4 guide, DS_GWS_BARRIER / DS_GWS_SEMA_P pseudocode).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GwsWait {
    /// The GWS resource.
    pub rid: u8,
    /// Queued by `ds_gws_sema_p` (released when the semaphore's counter is positive), else by `ds_gws_barrier`.
    pub sema: bool,
    /// `thread.flag` of the barrier pseudocode: released when the resource's flag differs.
    pub flag: bool,
    /// Arrival order (semaphores release in it).
    pub seq: u64,
    /// PC of the GWS instruction.
    pub pc: u64,
}

/// Every lane's 64-bit address of a wave's last GLOBAL or FLAT access, as its handler computed them, so that an
/// observer that models memory (the cycle model's memory system) does not compute them a second time. A handler
/// records only when `wanted` (set by the engine once per work-group from `Observer::wants_lane_addrs`), and only
/// for an access with an active lane; it records before touching registers or memory, so a load that overwrites
/// its own address VGPRs, and an access that faults, still leave their addresses here.
#[derive(Clone)]
pub struct LaneAddrs {
    pub wanted: bool,
    /// `Wave::instructions` when recorded (the count includes the access itself).
    pub at: u64,
    /// FLAT: the lanes whose address falls in the shared or private aperture (not global accesses).
    pub aperture: u64,
    /// Lane `l`'s address; an inactive lane's entry holds anything. Stale when `halves` is set: the shape
    /// stands for the addresses then (`HalfRuns::addr`), and the handler does not write 64 of them.
    pub addrs: [u64; LANES],
    /// The addresses' shape when the handler knew it: every lane active and each 32-lane half one run (the
    /// vector passes of a full-EXEC dword access). `None` from every other recording, so it never outlives them.
    pub halves: Option<HalfRuns>,
}

/// The shape of a recorded access whose 64 lanes are all active and whose two 32-lane halves are each one run:
/// lane `l` of half `h` at `first[h] + l * width`, or at `first[h]` alone when `uniform[h]` (a broadcast).
/// The memory system takes its lines from it instead of reading the 64 addresses again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HalfRuns {
    pub first: [u64; 2],
    pub uniform: [bool; 2],
    /// Bytes per lane (the step of a contiguous half).
    pub width: u32,
}

impl HalfRuns {
    /// Lane `l`'s address (lane `l % 32` of half `l / 32`).
    #[inline]
    pub fn addr(&self, l: usize) -> u64 {
        let h = (l / 32) & 1;
        let step = if self.uniform[h] {
            0
        } else {
            self.width as u64
        };
        self.first[h].wrapping_add(step * (l % 32) as u64)
    }

    /// Every lane's address.
    pub fn addrs(&self) -> [u64; LANES] {
        std::array::from_fn(|l| self.addr(l))
    }
}

impl Default for LaneAddrs {
    fn default() -> Self {
        LaneAddrs {
            wanted: false,
            at: 0,
            aperture: 0,
            addrs: [0; LANES],
            halves: None,
        }
    }
}

pub const EXEC_LO: usize = 126;
pub const VCC_LO: usize = 106;
pub const M0: usize = 124;
pub const FLAT_SCRATCH_LO: usize = 102;

/// STATUS bits (state.md Table 3).
pub mod status_bits {
    pub const SCC: u32 = 1 << 0;
    pub const EXECZ: u32 = 1 << 9;
    pub const VCCZ: u32 = 1 << 10;
    pub const IN_TG: u32 = 1 << 11;
    pub const IN_BARRIER: u32 = 1 << 12;
    pub const VALID: u32 = 1 << 16;
    pub const SCRATCH_EN: u32 = 1 << 28;
}

/// Values of the aperture operands (encodings.md codes 235..=238) and where flat addresses route.
/// The bases are those the ROCm runtime programs on gfx9 parts (high dword 0x1_0000 / 0x2_0000).
#[derive(Clone, Copy, Debug)]
pub struct Apertures {
    pub shared_base: u64,
    pub private_base: u64,
}

impl Default for Apertures {
    fn default() -> Self {
        Apertures {
            shared_base: 0x0001_0000_0000_0000,
            private_base: 0x0002_0000_0000_0000,
        }
    }
}

impl Apertures {
    /// Each aperture spans 4 GiB.
    pub const SIZE: u64 = 1 << 32;
}

/// How an inline constant is read (encodings.md "Operand encodings"): the float codes 240..=248 mean
/// different bit patterns for 16-, 32- and 64-bit operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstKind {
    /// 16-bit operand: integers as 16-bit, floats as f16 bits.
    B16,
    /// 32-bit operand: floats as f32 bits.
    B32,
    /// 64-bit float operand: floats as f64 bits, a literal is the high dword.
    F64,
    /// 64-bit integer operand: floats as f64 bits, a literal is zero-extended... or sign-extended (I64).
    B64,
}

const F16_CONSTS: [u16; 9] = [
    0x3800, 0xB800, 0x3C00, 0xBC00, 0x4000, 0xC000, 0x4400, 0xC400, 0x3118,
];
const F32_CONSTS: [u32; 9] = [
    0x3F000000, 0xBF000000, 0x3F800000, 0xBF800000, 0x40000000, 0xC0000000, 0x40800000, 0xC0800000,
    0x3E22F983,
];
const F64_CONSTS: [u64; 9] = [
    0x3FE0000000000000,
    0xBFE0000000000000,
    0x3FF0000000000000,
    0xBFF0000000000000,
    0x4000000000000000,
    0xC000000000000000,
    0x4010000000000000,
    0xC010000000000000,
    0x3FC45F306DC9C882,
];

impl Wave {
    pub fn new(id: WaveId) -> Wave {
        // Box::new([[0; 64]; 512]) would build 128 KiB on the stack first; allocate zeroed on the heap instead.
        // SAFETY: all-zero bytes are a valid `VRegFile` (u32s).
        let vreg: Box<VRegFile> = unsafe { Box::<VRegFile>::new_zeroed().assume_init() };
        Wave {
            id,
            pc: 0,
            sgpr: [0; 128],
            scc: false,
            vreg,
            vgpr_count: 0,
            agpr_count: 0,
            mode: 0,
            status: status_bits::VALID,
            trapsts: 0,
            scratch: Vec::new(),
            private_size: 0,
            wave_status: WaveStatus::Running,
            instructions: 0,
            priority: 0,
            lane_addrs: LaneAddrs::default(),
            region_hints: [0; 16],
            gws_wait: GwsWait::default(),
        }
    }

    /// Make this wave a fresh one with identity `id`, keeping its allocations: the state equals `Wave::new(id)`.
    pub fn reset(&mut self, id: WaveId) {
        self.reset_rows(id, VREGS / 2);
    }

    /// `reset` that zeroes only rows `0..rows` of the VGPR file and of the AGPR file: the state equals
    /// `Wave::new(id)` when every other row is already zero (a wave reused for a program that writes no other row:
    /// `Program::vreg_rows`). Zeroing all 512 rows is 128 KiB per wave (1.9% of gemm 512's interpreter time).
    pub fn reset_rows(&mut self, id: WaveId, rows: usize) {
        // Every field is named, so a new field is a compile error here until it is reset too.
        let Wave {
            id: wave_id,
            pc,
            sgpr,
            scc,
            vreg,
            vgpr_count,
            agpr_count,
            mode,
            status,
            trapsts,
            scratch,
            private_size,
            wave_status,
            instructions,
            priority,
            lane_addrs,
            region_hints,
            gws_wait,
        } = self;
        *wave_id = id;
        *pc = 0;
        *sgpr = [0; 128];
        *scc = false;
        let rows = rows.min(VREGS / 2);
        for file in [0, VREGS / 2] {
            vreg[file..file + rows]
                .iter_mut()
                .for_each(|r| *r = [0; LANES]);
        }
        *vgpr_count = 0;
        *agpr_count = 0;
        *mode = 0;
        *status = status_bits::VALID;
        *trapsts = 0;
        scratch.clear();
        *private_size = 0;
        *wave_status = WaveStatus::Running;
        *instructions = 0;
        *priority = 0;
        *lane_addrs = LaneAddrs::default();
        *region_hints = [0; 16];
        *gws_wait = GwsWait::default();
    }

    /// The slot of `region_hints` for the instruction at the wave's PC.
    #[inline(always)]
    pub fn region_hint(&self) -> usize {
        (self.pc >> 2) as usize & 15
    }

    #[inline(always)]
    pub fn exec(&self) -> u64 {
        self.sgpr[EXEC_LO] as u64 | (self.sgpr[EXEC_LO + 1] as u64) << 32
    }
    #[inline(always)]
    pub fn set_exec(&mut self, v: u64) {
        self.sgpr[EXEC_LO] = v as u32;
        self.sgpr[EXEC_LO + 1] = (v >> 32) as u32;
    }
    #[inline(always)]
    pub fn vcc(&self) -> u64 {
        self.sgpr[VCC_LO] as u64 | (self.sgpr[VCC_LO + 1] as u64) << 32
    }
    #[inline(always)]
    pub fn set_vcc(&mut self, v: u64) {
        self.sgpr[VCC_LO] = v as u32;
        self.sgpr[VCC_LO + 1] = (v >> 32) as u32;
    }
    #[inline(always)]
    pub fn m0(&self) -> u32 {
        self.sgpr[M0]
    }

    /// Value of a scalar-file operand code (0..=255) in a 32-bit context.
    /// `literal` is the instruction's literal dword (code 255).
    #[inline(always)]
    pub fn read_scalar(&self, op: Operand, literal: u32, ap: &Apertures, kind: ConstKind) -> u64 {
        let c = op.0;
        match c {
            0..=127 => {
                let lo = self.sgpr[c as usize] as u64;
                match kind {
                    ConstKind::F64 | ConstKind::B64 => {
                        lo | (self.sgpr[(c as usize + 1) & 127] as u64) << 32
                    }
                    _ => lo,
                }
            }
            128..=192 => (c - 128) as u64,
            193..=208 => {
                let v = -((c as i64) - 192);
                match kind {
                    ConstKind::B16 => (v as u16) as u64,
                    ConstKind::B32 => (v as u32) as u64,
                    _ => v as u64,
                }
            }
            240..=248 => {
                let i = (c - 240) as usize;
                match kind {
                    ConstKind::B16 => F16_CONSTS[i] as u64,
                    ConstKind::B32 => F32_CONSTS[i] as u64,
                    ConstKind::F64 | ConstKind::B64 => F64_CONSTS[i],
                }
            }
            235 => match kind {
                ConstKind::F64 | ConstKind::B64 => ap.shared_base,
                _ => ap.shared_base >> 32,
            },
            236 => match kind {
                ConstKind::F64 | ConstKind::B64 => ap.shared_base + Apertures::SIZE - 1,
                _ => (ap.shared_base + Apertures::SIZE - 1) >> 32,
            },
            237 => match kind {
                ConstKind::F64 | ConstKind::B64 => ap.private_base,
                _ => ap.private_base >> 32,
            },
            238 => match kind {
                ConstKind::F64 | ConstKind::B64 => ap.private_base + Apertures::SIZE - 1,
                _ => (ap.private_base + Apertures::SIZE - 1) >> 32,
            },
            251 => (self.vcc() == 0) as u64,
            252 => (self.exec() == 0) as u64,
            253 => self.scc as u64,
            255 => match kind {
                // CDNA4 §6.2.1.1: an f64 literal supplies the high dword.
                ConstKind::F64 => (literal as u64) << 32,
                _ => literal as u64,
            },
            _ => 0,
        }
    }

    /// Write a 32-bit scalar destination (codes 0..=127; writes to anything else are dropped).
    #[inline(always)]
    pub fn write_sgpr(&mut self, op: Operand, v: u32) {
        if op.0 < 128 {
            self.sgpr[op.0 as usize] = v;
        }
    }

    /// Write a 64-bit scalar destination pair.
    #[inline(always)]
    pub fn write_sgpr64(&mut self, op: Operand, v: u64) {
        if op.0 < 127 {
            self.sgpr[op.0 as usize] = v as u32;
            self.sgpr[op.0 as usize + 1] = (v >> 32) as u32;
        }
    }

    /// The register of a VGPR/AGPR operand in the unified file (0..512).
    #[inline(always)]
    pub fn vreg_index(op: Operand) -> usize {
        (op.0 as usize).wrapping_sub(256) & (VREGS - 1)
    }

    /// Per-lane 32-bit values of a VALU source: a VGPR/AGPR, or a scalar operand broadcast.
    #[inline(always)]
    pub fn read_vsrc(&self, op: Operand, literal: u32, ap: &Apertures, kind: ConstKind) -> VReg {
        if op.0 >= 256 {
            self.vreg[Self::vreg_index(op)]
        } else {
            [self.read_scalar(op, literal, ap, kind) as u32; LANES]
        }
    }

    /// Per-lane 64-bit values of a VALU source (register pair or scalar broadcast).
    #[inline(always)]
    pub fn read_vsrc64(
        &self,
        op: Operand,
        literal: u32,
        ap: &Apertures,
        kind: ConstKind,
    ) -> [u64; LANES] {
        let mut out = [0u64; LANES];
        if op.0 >= 256 {
            let i = Self::vreg_index(op);
            let (lo, hi) = (&self.vreg[i], &self.vreg[(i + 1) & (VREGS - 1)]);
            for l in 0..LANES {
                out[l] = lo[l] as u64 | (hi[l] as u64) << 32;
            }
        } else {
            out = [self.read_scalar(op, literal, ap, kind); LANES];
        }
        out
    }

    /// Write `vals` into a VGPR/AGPR for the lanes set in `mask`.
    #[inline(always)]
    pub fn write_vreg(&mut self, op: Operand, vals: &VReg, mask: u64) {
        let dst = &mut self.vreg[Self::vreg_index(op)];
        for l in 0..LANES {
            if mask >> l & 1 != 0 {
                dst[l] = vals[l];
            }
        }
    }

    /// Write 64-bit per-lane values into a register pair for the lanes set in `mask`.
    #[inline(always)]
    pub fn write_vreg64(&mut self, op: Operand, vals: &[u64; LANES], mask: u64) {
        let i = Self::vreg_index(op);
        for l in 0..LANES {
            if mask >> l & 1 != 0 {
                self.vreg[i][l] = vals[l] as u32;
                self.vreg[(i + 1) & (VREGS - 1)][l] = (vals[l] >> 32) as u32;
            }
        }
    }

    /// One lane of a VGPR/AGPR.
    #[inline(always)]
    pub fn lane(&self, op: Operand, lane: usize) -> u32 {
        self.vreg[Self::vreg_index(op)][lane]
    }
}
