//! What each decoded instruction reads and writes, and which hazard classes it belongs to, computed once per
//! `Program` so the per-instruction checks are table lookups.
//!
//! Registers live in one index space of `NREG` entries: SGPR operand codes 0..=127 (s0..s101, flat_scratch,
//! xnack_mask, vcc = 106/107, ttmp, m0 = 124, exec = 126/127), then v0..v255 at 128, then a0..a255 at 384.
//! Widths come from the generated operand syntax tables (`isa::syntax`, llvm-mc register tuple sizes), with the
//! F8F6F4 MFMA A/B sizes chosen by CBSZ/BLGP (mfma.md) and the implicit operands the syntax does not print
//! (VCC of VOP2 carry/cndmask and VOPC, EXEC of V_CMPX and S_*_SAVEEXEC, M0, tied destinations).

use crate::exec::Program;
use crate::isa::decode::vop3_syntax;
use crate::isa::{
    mem_flags, syntax, Ext, Format, Inst, Op, Operand, Opnd, Role, MEM_ATOMIC, MEM_LOAD, MEM_STORE,
};

/// Size of the unified register index space.
pub const NREG: usize = 640;
pub const VGPR_BASE: u16 = 128;
pub const AGPR_BASE: u16 = 384;
pub const VCC: u16 = 106;
pub const M0: u16 = 124;
pub const EXEC: u16 = 126;

/// A run of consecutive registers in the unified index space.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Regs {
    pub first: u16,
    pub count: u8,
}

impl Regs {
    pub const NONE: Regs = Regs { first: 0, count: 0 };
    #[inline]
    pub fn end(self) -> u16 {
        self.first + self.count as u16
    }
    #[inline]
    pub fn contains(self, r: u16) -> bool {
        r >= self.first && r < self.end()
    }
    #[inline]
    pub fn overlaps(self, o: Regs) -> bool {
        self.first < o.end() && o.first < self.end()
    }
    pub fn is_vector(self) -> bool {
        self.first >= VGPR_BASE
    }
    pub fn is_scalar(self) -> bool {
        self.count > 0 && self.first < VGPR_BASE
    }
}

/// How an instruction reads a register run; picks which hazard rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum ReadKind {
    /// An ordinary source operand (SALU/VALU src0..src2, V_CNDMASK's mask; for SGPRs "read as a constant").
    Src,
    /// SrcA/SrcB of a DL (dot) op: src0/src1. (Their SrcC is `Src2`.)
    Src2,
    /// V_READLANE/V_WRITELANE lane select (src1).
    LaneSel,
    /// Carry-in of V_ADDC/V_SUBB/V_SUBBREV (H4.5-18b: no wait).
    CarryIn,
    /// The implicit VCC of V_DIV_FMAS.
    DivFmasVcc,
    MfmaA,
    MfmaB,
    /// MFMA SrcC, or an SMFMAC's matrix C (its vdst).
    MfmaC,
    /// SMFMAC sparse index (src2).
    SmfmacIdx,
    /// Scale operands of a scaled MFMA.
    MfmaScale,
    /// A destination that is also read (fmac/mac, dot2c, SDWA preserve, op_sel hi half, writelane, swaps).
    TiedDst,
    /// VGPR address of a memory instruction.
    Addr,
    /// Store/atomic data.
    Data,
    /// SGPR operand of a memory instruction (SMEM base/offset/data, buffer resource, soffset, saddr).
    MemSgpr,
    /// Implicit M0.
    M0,
    /// VCC/EXEC of S_CBRANCH_VCC*/EXEC*.
    Branch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Read {
    pub regs: Regs,
    pub kind: ReadKind,
    /// VALU source number 0..=2, or `SRC_DST` for a tied destination, for VGPR indexing (CDNA4 §6.6);
    /// `SRC_NONE` otherwise.
    pub src: u8,
}

pub const SRC_DST: u8 = 3;
pub const SRC_NONE: u8 = 0xFF;

/// Counter class of a memory instruction (waitcnt.md "Ordering").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(u8)]
pub enum MemClass {
    #[default]
    None,
    /// MUBUF/MTBUF/GLOBAL/SCRATCH: vmcnt, in issue order with each other.
    Vm,
    /// DS: lgkmcnt, in order among LDS instructions.
    Lds,
    /// SMEM: lgkmcnt, may return out of order.
    Smem,
    /// FLAT (SEG=FLAT): both counters; in VM order only when no lane addresses LDS (decided per execution).
    Flat,
    /// S_SENDMSG: lgkmcnt, no registers.
    Msg,
}

/// Class bits of an instruction.
pub mod class {
    pub const VALU: u64 = 1 << 0;
    pub const TRANS: u64 = 1 << 1;
    pub const DPP: u64 = 1 << 2;
    pub const SDWA: u64 = 1 << 3;
    /// Result not at bit 0: SDWA dst_sel != DWORD or VOP3 `op_sel[3]` (H4.5-20 producer).
    pub const DSTSHIFT: u64 = 1 << 4;
    pub const MFMA: u64 = 1 << 5;
    pub const XDL: u64 = 1 << 6;
    pub const SMFMAC: u64 = 1 << 7;
    pub const SGEMM: u64 = 1 << 8;
    pub const DGEMM16: u64 = 1 << 9;
    pub const DGEMM4: u64 = 1 << 10;
    pub const DOT: u64 = 1 << 11;
    pub const READLANE: u64 = 1 << 12;
    pub const READFIRSTLANE: u64 = 1 << 13;
    pub const WRITELANE: u64 = 1 << 14;
    pub const PERMLANE: u64 = 1 << 15;
    pub const DIVFMAS: u64 = 1 << 16;
    /// VALU writing EXEC (V_CMPX).
    pub const VCMPX: u64 = 1 << 17;
    pub const SALU: u64 = 1 << 18;
    pub const SMEM: u64 = 1 << 19;
    /// MUBUF/MTBUF/FLAT/GLOBAL/SCRATCH.
    pub const VMEM: u64 = 1 << 20;
    pub const DS: u64 = 1 << 21;
    /// Reads M0 as an LDS address: DS add-TID, LDS-DMA loads (H4.5-16 consumer).
    pub const M0_LDS: u64 = 1 << 22;
    pub const SENDMSG: u64 = 1 << 23;
    pub const SMOVREL: u64 = 1 << 24;
    pub const SETREG: u64 = 1 << 25;
    pub const GETREG: u64 = 1 << 26;
    pub const SETVSKIP: u64 = 1 << 27;
    pub const RFE: u64 = 1 << 28;
    pub const WAITCNT: u64 = 1 << 29;
    pub const NOP: u64 = 1 << 30;
    pub const CBR_VCC: u64 = 1 << 31;
    /// Store/atomic whose data makes H4.5-08/09 apply.
    pub const WIDE_STORE: u64 = 1 << 32;
    /// V_ACCVGPR_READ/WRITE/MOV.
    pub const ACCVGPR: u64 = 1 << 33;
    /// VALU reading VCCZ (source code 251) as data.
    pub const READS_VCCZ: u64 = 1 << 34;
    /// VALU reading EXECZ (source code 252) as data.
    pub const READS_EXECZ: u64 = 1 << 35;
    /// Writes SGPRs through an M0-relative index (S_MOVRELD): resolved per execution.
    pub const DYN_SDST: u64 = 1 << 36;
    /// Reads SGPRs through an M0-relative index (S_MOVRELS).
    pub const DYN_SSRC: u64 = 1 << 37;
    /// A store or an atomic (reads data, may return it).
    pub const STORE: u64 = 1 << 38;

    /// A "vector instruction" for H4.5-04.
    pub const VECTOR: u64 = VALU | VMEM | DS;
}

pub const MAX_READS: usize = 8;
pub const MAX_WRITES: usize = 4;

/// Everything the checkers need to know about one instruction.
#[derive(Clone, Copy, Debug)]
pub struct InstEffects {
    pub op: Op,
    pub class: u64,
    pub reads: [Read; MAX_READS],
    pub nreads: u8,
    /// Registers written at issue (VALU/SALU results).
    pub writes: [Regs; MAX_WRITES],
    pub nwrites: u8,
    /// Registers a memory instruction writes when it completes (counted by `mem`).
    pub async_write: Regs,
    pub mem: MemClass,
    /// MFMA passes (cycles / 4, mfma.md); 0 for other instructions.
    pub passes: u8,
    /// Wait states this instruction provides to later ones: 1, or N+1 for S_NOP N.
    pub waits: u8,
    /// SIMM16 of S_SETREG/S_GETREG/S_WAITCNT.
    pub simm16: u16,
    /// Index in `writes` of a VALU's VGPR destination (indexed under S_SET_GPR_IDX), or `SRC_NONE`.
    pub dst_slot: u8,
}

impl InstEffects {
    pub const EMPTY: InstEffects = InstEffects {
        op: Op::INVALID,
        class: 0,
        reads: [Read {
            regs: Regs::NONE,
            kind: ReadKind::Src,
            src: SRC_NONE,
        }; MAX_READS],
        nreads: 0,
        writes: [Regs::NONE; MAX_WRITES],
        nwrites: 0,
        async_write: Regs::NONE,
        mem: MemClass::None,
        passes: 0,
        waits: 1,
        simm16: 0,
        dst_slot: SRC_NONE,
    };

    #[inline]
    pub fn reads(&self) -> &[Read] {
        &self.reads[..self.nreads as usize]
    }
    #[inline]
    pub fn writes(&self) -> &[Regs] {
        &self.writes[..self.nwrites as usize]
    }
    #[inline]
    pub fn is(&self, bits: u64) -> bool {
        self.class & bits != 0
    }
    /// The MFMA destination block (also its SMFMAC matrix C).
    pub fn mfma_dst(&self) -> Regs {
        if self.nwrites > 0 {
            self.writes[0]
        } else {
            Regs::NONE
        }
    }
    /// The run read with `kind`, if any.
    pub fn read_of(&self, kind: ReadKind) -> Option<Regs> {
        self.reads().iter().find(|r| r.kind == kind).map(|r| r.regs)
    }
    /// Does this instruction write any SGPR at issue?
    pub fn writes_sgpr(&self, r: u16) -> bool {
        self.writes().iter().any(|w| w.contains(r))
    }

    fn read(&mut self, regs: Option<Regs>, kind: ReadKind) {
        self.read_src(regs, kind, SRC_NONE);
    }
    fn read_src(&mut self, regs: Option<Regs>, kind: ReadKind, src: u8) {
        if let Some(regs) = regs {
            if regs.count > 0 && (self.nreads as usize) < MAX_READS {
                self.reads[self.nreads as usize] = Read { regs, kind, src };
                self.nreads += 1;
            }
        }
    }
    fn write(&mut self, regs: Option<Regs>) {
        if let Some(regs) = regs {
            if regs.count > 0 && (self.nwrites as usize) < MAX_WRITES {
                self.writes[self.nwrites as usize] = regs;
                self.nwrites += 1;
            }
        }
    }
}

/// The registers an operand names, `width` dwords wide; `None` for constants, literals and absent operands.
pub fn operand_regs(op: Operand, width: u8) -> Option<Regs> {
    let width = width.max(1);
    if op.is_none() {
        return None;
    }
    if op.is_scalar() {
        // 0..=127 are registers (125 is reserved); everything above is a constant or a pseudo source
        if op.0 > 127 || op.0 == 125 {
            return None;
        }
        let n = (width as u16).min(128 - op.0);
        return Some(Regs {
            first: op.0,
            count: n as u8,
        });
    }
    let (base, idx) = if op.is_vgpr() {
        (VGPR_BASE, op.index())
    } else if op.is_agpr() {
        (AGPR_BASE, op.index())
    } else {
        return None;
    };
    let n = (width as u16).min(256 - idx);
    Some(Regs {
        first: base + idx,
        count: n as u8,
    })
}

/// A register run as the disassembler names it: `v4`, `v[4:7]`, `a0`, `s[2:3]`, `vcc`, `exec`, `m0`.
pub fn regs_name(r: Regs) -> String {
    let range = |p: &str, a: u16, n: u8| {
        if n <= 1 {
            format!("{p}{a}")
        } else {
            format!("{p}[{}:{}]", a, a + n as u16 - 1)
        }
    };
    if r.first >= AGPR_BASE {
        range("a", r.first - AGPR_BASE, r.count)
    } else if r.first >= VGPR_BASE {
        range("v", r.first - VGPR_BASE, r.count)
    } else {
        match (r.first, r.count) {
            (106, 2) => "vcc".into(),
            (106, 1) => "vcc_lo".into(),
            (107, 1) => "vcc_hi".into(),
            (126, 2) => "exec".into(),
            (126, 1) => "exec_lo".into(),
            (127, 1) => "exec_hi".into(),
            (124, 1) => "m0".into(),
            (102, 2) => "flat_scratch".into(),
            (104, 2) => "xnack_mask".into(),
            (f @ 108..=123, n) => range("ttmp", f - 108, n),
            (f, n) => range("s", f, n),
        }
    }
}

/// Table 12 (hazards.md): the trans ops.
fn is_trans(op: Op) -> bool {
    matches!(
        op,
        Op::V_EXP_F32
            | Op::V_LOG_F32
            | Op::V_RCP_F32
            | Op::V_RCP_IFLAG_F32
            | Op::V_RSQ_F32
            | Op::V_RCP_F64
            | Op::V_RSQ_F64
            | Op::V_SQRT_F32
            | Op::V_SQRT_F64
            | Op::V_SIN_F32
            | Op::V_COS_F32
            | Op::V_RCP_F16
            | Op::V_SQRT_F16
            | Op::V_RSQ_F16
            | Op::V_LOG_F16
            | Op::V_EXP_F16
            | Op::V_SIN_F16
            | Op::V_COS_F16
            | Op::V_EXP_LEGACY_F32
            | Op::V_LOG_LEGACY_F32
    )
}

/// MFMA/SMFMAC passes = Table 28/33 cycles / 4 (mfma.md). F8F6F4 ops take the longer count when A or B is an
/// 8-bit type (CBSZ/BLGP code 0 or 1).
pub fn mfma_passes(op: Op, cbsz: u8, blgp: u8) -> u8 {
    match op {
        Op::V_MFMA_F32_4X4X4_16B_BF16
        | Op::V_MFMA_F32_4X4X4_16B_F16
        | Op::V_MFMA_F32_4X4X1_16B_F32
        | Op::V_MFMA_I32_4X4X4_16B_I8 => 2,
        Op::V_MFMA_F32_16X16X16_BF16
        | Op::V_MFMA_F32_16X16X32_BF16
        | Op::V_MFMA_F32_16X16X32_BF8_BF8
        | Op::V_MFMA_F32_16X16X32_BF8_FP8
        | Op::V_MFMA_F32_16X16X16_F16
        | Op::V_MFMA_F32_16X16X32_F16
        | Op::V_MFMA_F32_16X16X32_FP8_BF8
        | Op::V_MFMA_F32_16X16X32_FP8_FP8
        | Op::V_MFMA_I32_16X16X32_I8
        | Op::V_MFMA_I32_16X16X64_I8
        | Op::V_SMFMAC_F32_16X16X32_BF16
        | Op::V_SMFMAC_F32_16X16X64_BF16
        | Op::V_SMFMAC_F32_16X16X128_BF8_BF8
        | Op::V_SMFMAC_F32_16X16X64_BF8_BF8
        | Op::V_SMFMAC_F32_16X16X128_BF8_FP8
        | Op::V_SMFMAC_F32_16X16X64_BF8_FP8
        | Op::V_SMFMAC_F32_16X16X32_F16
        | Op::V_SMFMAC_F32_16X16X64_F16
        | Op::V_SMFMAC_F32_16X16X128_FP8_BF8
        | Op::V_SMFMAC_F32_16X16X64_FP8_BF8
        | Op::V_SMFMAC_F32_16X16X128_FP8_FP8
        | Op::V_SMFMAC_F32_16X16X64_FP8_FP8
        | Op::V_SMFMAC_I32_16X16X128_I8
        | Op::V_SMFMAC_I32_16X16X64_I8 => 4,
        Op::V_MFMA_F32_32X32X4_2B_BF16
        | Op::V_MFMA_F32_32X32X4_2B_F16
        | Op::V_MFMA_F32_32X32X1_2B_F32
        | Op::V_MFMA_F32_32X32X2_F32
        | Op::V_MFMA_F64_16X16X4_F64
        | Op::V_MFMA_I32_32X32X4_2B_I8 => 16,
        // an 8-bit A or B (type code 0/1) takes the longer count
        Op::V_MFMA_F32_16X16X128_F8F6F4 if cbsz <= 1 || blgp <= 1 => 8,
        Op::V_MFMA_F32_16X16X128_F8F6F4 => 4,
        Op::V_MFMA_F32_32X32X64_F8F6F4 if cbsz <= 1 || blgp <= 1 => 16,
        Op::V_MFMA_F32_32X32X64_F8F6F4 => 8,
        // every other dense MFMA / SMFMAC in Table 28/33 takes 32 cycles
        _ => 8,
    }
}

/// A/B register count of an F8F6F4 MFMA for a CBSZ/BLGP type code (mfma.md).
fn f8f6f4_regs(code: u8) -> u8 {
    match code {
        2 | 3 => 6,
        4 => 4,
        _ => 8,
    }
}

/// SGEMM = V_MFMA_F32_*_F32 (hazards.md Table 38 definitions).
fn is_sgemm(op: Op) -> bool {
    matches!(
        op,
        Op::V_MFMA_F32_16X16X1_4B_F32
            | Op::V_MFMA_F32_16X16X4_F32
            | Op::V_MFMA_F32_32X32X1_2B_F32
            | Op::V_MFMA_F32_32X32X2_F32
            | Op::V_MFMA_F32_4X4X1_16B_F32
    )
}

fn width_of(syn: &[Opnd], role: Role) -> Option<u8> {
    syn.iter().find(|o| o.role == role).map(|o| o.width)
}

/// Build the effects of every instruction of `program`, indexed like `program.insts`.
pub fn build(program: &Program) -> Vec<InstEffects> {
    program.insts.iter().map(effects_of).collect()
}

/// The effects of one decoded instruction.
pub fn effects_of(inst: &Inst) -> InstEffects {
    let mut e = InstEffects::EMPTY;
    e.op = inst.op;
    if inst.op == Op::INVALID {
        return e;
    }
    match inst.format {
        Format::Sop2 | Format::Sopk | Format::Sop1 | Format::Sopc | Format::Sopp => {
            salu(inst, &mut e)
        }
        Format::Smem => smem(inst, &mut e),
        Format::Vop1
        | Format::Vop2
        | Format::Vopc
        | Format::Vop3a
        | Format::Vop3b
        | Format::Vop3p => valu(inst, &mut e),
        Format::Vop3pMai => mai(inst, &mut e),
        Format::Ds => ds(inst, &mut e),
        Format::Mubuf | Format::Mtbuf => buf(inst, &mut e),
        Format::Flat | Format::Global | Format::Scratch => flat(inst, &mut e),
        Format::Invalid => {}
    }
    e
}

fn sregs(code: u16, width: u8) -> Option<Regs> {
    operand_regs(Operand(code), width)
}

fn salu(inst: &Inst, e: &mut InstEffects) {
    use crate::isa::Op::*;
    e.class |= class::SALU;
    let op = inst.op;
    let syn = syntax(op).native;
    let dst_w = width_of(syn, Role::Dst).unwrap_or(1);
    let name = op.name();
    // The SOPK/SOP1 ops whose "destination" field is really a source, or both.
    let dst_is_src = name.starts_with("s_cmpk_") || op == S_SETREG_B32;
    let dst_also_src = matches!(
        op,
        S_ADDK_I32
            | S_MULK_I32
            | S_CMOVK_I32
            | S_CMOV_B32
            | S_CMOV_B64
            | S_BITSET0_B32
            | S_BITSET0_B64
            | S_BITSET1_B32
            | S_BITSET1_B64
    );
    for o in syn {
        match o.role {
            Role::Dst => {
                if dst_is_src {
                    e.read(operand_regs(inst.dst, o.width), ReadKind::Src);
                } else if op == S_MOVRELD_B32 || op == S_MOVRELD_B64 {
                    e.class |= class::DYN_SDST;
                } else {
                    if dst_also_src {
                        e.read(operand_regs(inst.dst, o.width), ReadKind::Src);
                    }
                    e.write(operand_regs(inst.dst, o.width));
                }
            }
            Role::Src0 | Role::Src1 => {
                let k = if o.role == Role::Src0 { 0 } else { 1 };
                if k == 0 && (op == S_MOVRELS_B32 || op == S_MOVRELS_B64) {
                    e.class |= class::DYN_SSRC;
                    continue;
                }
                e.read(operand_regs(inst.src[k], o.width), ReadKind::Src);
            }
            _ => {}
        }
    }
    let _ = dst_w;
    if name.contains("saveexec") || name.contains("wrexec") {
        e.read(sregs(EXEC, 2), ReadKind::Src);
        e.write(sregs(EXEC, 2));
    }
    match op {
        S_MOVRELS_B32 | S_MOVRELS_B64 | S_MOVRELD_B32 | S_MOVRELD_B64 => {
            e.class |= class::SMOVREL;
            e.read(sregs(M0, 1), ReadKind::M0);
        }
        // s_set_gpr_idx_on/mode write the index and mode fields of M0 (state.md; SOPC/SOPP)
        S_SET_GPR_IDX_ON | S_SET_GPR_IDX_MODE | S_SET_GPR_IDX_OFF => e.write(sregs(M0, 1)),
        S_CBRANCH_VCCZ | S_CBRANCH_VCCNZ => {
            e.class |= class::CBR_VCC;
            e.read(sregs(VCC, 2), ReadKind::Branch);
        }
        S_CBRANCH_EXECZ | S_CBRANCH_EXECNZ => e.read(sregs(EXEC, 2), ReadKind::Branch),
        S_SENDMSG | S_SENDMSGHALT => {
            e.class |= class::SENDMSG;
            e.read(sregs(M0, 1), ReadKind::M0);
            e.mem = MemClass::Msg;
        }
        S_SETREG_B32 | S_SETREG_IMM32_B32 => {
            e.class |= class::SETREG;
            e.simm16 = inst.imm as u16;
        }
        S_GETREG_B32 => {
            e.class |= class::GETREG;
            e.simm16 = inst.imm as u16;
        }
        S_SETVSKIP => e.class |= class::SETVSKIP,
        S_RFE_B64 | S_RFE_RESTORE_B64 => e.class |= class::RFE,
        S_WAITCNT => {
            e.class |= class::WAITCNT;
            e.simm16 = inst.imm as u16;
        }
        // CDNA4 S_NOP: SIMM16[3:0] = wait states − 1
        S_NOP => {
            e.class |= class::NOP;
            e.waits = ((inst.imm as u32 & 0xF) + 1) as u8;
        }
        _ => {}
    }
}

fn smem(inst: &Inst, e: &mut InstEffects) {
    e.class |= class::SMEM;
    let syn = syntax(inst.op);
    let w = width_of(syn.native, Role::Sdata).unwrap_or(0);
    let sbase_w = width_of(syn.native, Role::Sbase).unwrap_or(2);
    if syn.native.iter().any(|o| o.role == Role::Sbase) {
        e.read(operand_regs(inst.src[0], sbase_w), ReadKind::MemSgpr);
    }
    if syn.native.iter().any(|o| o.role == Role::Soffset) && !inst.src[2].is_none() {
        e.read(operand_regs(inst.src[2], 1), ReadKind::MemSgpr);
    }
    if w > 0 {
        if syn.mem & (MEM_STORE | MEM_ATOMIC) != 0 {
            e.class |= class::STORE;
            e.read(operand_regs(inst.src[1], w), ReadKind::MemSgpr);
            if !inst.dst.is_none() {
                // returning atomics give back the old value: half the data of cmpswap
                let rw = if inst.op.name().contains("cmpswap") {
                    w / 2
                } else {
                    w
                };
                e.async_write = operand_regs(inst.dst, rw).unwrap_or(Regs::NONE);
            }
        } else if !inst.dst.is_none() {
            e.async_write = operand_regs(inst.dst, w).unwrap_or(Regs::NONE);
        }
    }
    e.mem = MemClass::Smem;
}

/// Read kind of VALU source `k` of `op`.
fn valu_src_kind(op: Op, k: usize) -> ReadKind {
    use crate::isa::Op::*;
    match (op, k) {
        (V_READLANE_B32 | V_WRITELANE_B32, 1) => ReadKind::LaneSel,
        (V_ADDC_CO_U32 | V_SUBB_CO_U32 | V_SUBBREV_CO_U32, 2) => ReadKind::CarryIn,
        (_, 2) => ReadKind::Src2,
        _ => ReadKind::Src,
    }
}

fn valu(inst: &Inst, e: &mut InstEffects) {
    use crate::isa::Op::*;
    e.class |= class::VALU;
    let op = inst.op;
    let name = op.name();
    let vop3 = matches!(inst.format, Format::Vop3a | Format::Vop3b | Format::Vop3p);
    let syn = if vop3 {
        vop3_syntax(op)
    } else {
        syntax(op).native
    };
    if is_trans(op) {
        e.class |= class::TRANS;
    }
    if name.starts_with("v_dot") {
        e.class |= class::DOT;
    }
    match inst.ext {
        Ext::Dpp => e.class |= class::DPP,
        Ext::Sdwa => {
            e.class |= class::SDWA;
            if inst.format != Format::Vopc && inst.sdwa.dst_sel != 6 {
                e.class |= class::DSTSHIFT;
            }
        }
        Ext::None => {}
    }
    if inst.format == Format::Vop3a && inst.mods.op_sel & 8 != 0 {
        e.class |= class::DSTSHIFT;
    }
    match op {
        V_READLANE_B32 => e.class |= class::READLANE,
        V_READFIRSTLANE_B32 => e.class |= class::READFIRSTLANE,
        V_WRITELANE_B32 => e.class |= class::WRITELANE,
        V_PERMLANE16_SWAP_B32 | V_PERMLANE32_SWAP_B32 => e.class |= class::PERMLANE,
        V_DIV_FMAS_F32 | V_DIV_FMAS_F64 => e.class |= class::DIVFMAS,
        V_ACCVGPR_MOV_B32 => e.class |= class::ACCVGPR,
        _ => {}
    }
    let is_vopc = matches!(inst.info().format, Format::Vopc);
    let mut dst_w = 1u8;
    for o in syn {
        match o.role {
            Role::Dst => {
                // VOPC results are wave-size masks (VCC or an SGPR pair)
                dst_w = if is_vopc { 2 } else { o.width };
                if inst.dst.is_vgpr() {
                    e.dst_slot = e.nwrites;
                }
                e.write(operand_regs(inst.dst, dst_w));
            }
            Role::SDst => e.write(operand_regs(inst.sdst, o.width)),
            Role::Src0 | Role::Src1 | Role::Src2 => {
                let mut k = o.role as usize - Role::Src0 as usize;
                if k == 1 && matches!(op, V_FMAMK_F32 | V_MADMK_F16) {
                    k = 2; // decode moved the VGPR addend to src[2]
                }
                let kind = valu_src_kind(op, k);
                e.read_src(operand_regs(inst.src[k], o.width), kind, k as u8);
                match inst.src[k].0 {
                    251 => e.class |= class::READS_VCCZ,
                    252 => e.class |= class::READS_EXECZ,
                    _ => {}
                }
            }
            _ => {}
        }
    }
    if !vop3 {
        // implicit VCC of the 32-bit encodings: carry-out / carry-in / cndmask mask (decode.rs vop2)
        if inst.sdst == Operand::VCC_LO && !syn.iter().any(|o| o.role == Role::SDst) {
            e.write(sregs(VCC, 2));
        }
        if inst.src[2] == Operand::VCC_LO && !syn.iter().any(|o| o.role == Role::Src2) {
            e.read(sregs(VCC, 2), valu_src_kind(op, 2));
        }
    }
    if is_vopc && name.starts_with("v_cmpx") {
        e.class |= class::VCMPX;
        e.write(sregs(EXEC, 2));
    }
    if matches!(op, V_DIV_FMAS_F32 | V_DIV_FMAS_F64) {
        e.read(sregs(VCC, 2), ReadKind::DivFmasVcc);
    }
    // destinations that are also read
    let tied = name.contains("fmac")
        || name.starts_with("v_mac_")
        || (name.starts_with("v_dot") && name.as_bytes().get(6) == Some(&b'c'))
        || matches!(
            op,
            V_WRITELANE_B32 | V_SWAP_B32 | V_PERMLANE16_SWAP_B32 | V_PERMLANE32_SWAP_B32
        )
        || name.contains("mixlo")
        || name.contains("mixhi")
        || name.starts_with("v_cvt_sr_")
        || (inst.ext == Ext::Sdwa && inst.sdwa.dst_unused == 2)
        || (inst.format == Format::Vop3a && inst.mods.op_sel & 8 != 0);
    if tied && !inst.dst.is_none() && !inst.dst.is_scalar() {
        e.read_src(operand_regs(inst.dst, dst_w), ReadKind::TiedDst, SRC_DST);
    }
    // swaps write their source too
    if matches!(
        op,
        V_SWAP_B32 | V_PERMLANE16_SWAP_B32 | V_PERMLANE32_SWAP_B32
    ) {
        e.write(operand_regs(inst.src[0], 1));
    }
}

/// `e` as it executes under VGPR indexing (CDNA4 §6.6, executor `valu::lanes::Plan`): with MODE.GPR_IDX_EN set,
/// `M0[7:0]` is added to VGPR source k when `M0[12+k]` is set and to the VGPR destination when `M0[15]` is set; an
/// indexed source past v255 reads v0, an indexed destination past it is not written.
pub fn indexed(e: &InstEffects, m0: u32) -> InstEffects {
    let mut x = *e;
    if !e.is(class::VALU) || e.is(class::MFMA) {
        return x;
    }
    let idx = (m0 & 0xFF) as u16;
    let shift = |r: Regs, bit: u32, dst: bool| -> Regs {
        if m0 >> bit & 1 == 0 || r.first < VGPR_BASE || r.first >= AGPR_BASE {
            return r;
        }
        let n = r.first - VGPR_BASE + idx;
        if n + r.count as u16 > 256 {
            if dst {
                Regs::NONE
            } else {
                Regs {
                    first: VGPR_BASE,
                    count: r.count,
                }
            }
        } else {
            Regs {
                first: VGPR_BASE + n,
                count: r.count,
            }
        }
    };
    for rd in x.reads[..x.nreads as usize].iter_mut() {
        match rd.src {
            0..=2 => rd.regs = shift(rd.regs, 12 + rd.src as u32, false),
            SRC_DST => rd.regs = shift(rd.regs, 15, false),
            _ => {}
        }
    }
    if (x.dst_slot as usize) < x.nwrites as usize {
        let i = x.dst_slot as usize;
        x.writes[i] = shift(x.writes[i], 15, true);
    }
    x
}

fn mai(inst: &Inst, e: &mut InstEffects) {
    use crate::isa::Op::*;
    e.class |= class::VALU;
    let op = inst.op;
    let syn = vop3_syntax(op);
    match op {
        V_ACCVGPR_READ_B32 | V_ACCVGPR_WRITE_B32 => {
            e.class |= class::ACCVGPR;
            e.read(operand_regs(inst.src[0], 1), ReadKind::Src);
            e.write(operand_regs(inst.dst, 1));
            return;
        }
        V_MFMA_LD_SCALE_B32 => {
            e.read(operand_regs(inst.src[0], 1), ReadKind::MfmaScale);
            e.read(operand_regs(inst.src[1], 1), ReadKind::MfmaScale);
            return;
        }
        _ => {}
    }
    e.class |= class::MFMA;
    let name = op.name();
    let smfmac = name.starts_with("v_smfmac");
    if smfmac {
        e.class |= class::SMFMAC;
    } else if op == V_MFMA_F64_16X16X4_F64 {
        e.class |= class::DGEMM16;
    } else if op == V_MFMA_F64_4X4X4_4B_F64 {
        e.class |= class::DGEMM4;
    } else if is_sgemm(op) {
        e.class |= class::SGEMM;
    } else {
        e.class |= class::XDL;
    }
    e.passes = mfma_passes(op, inst.mai.cbsz, inst.mai.blgp);
    let f8f6f4 = matches!(op, V_MFMA_F32_16X16X128_F8F6F4 | V_MFMA_F32_32X32X64_F8F6F4);
    let dst_w = width_of(syn, Role::Dst).unwrap_or(1);
    // the destination first: `mfma_dst` relies on it
    e.write(operand_regs(inst.dst, dst_w));
    for o in syn {
        match o.role {
            Role::Src0 => {
                let w = if f8f6f4 {
                    f8f6f4_regs(inst.mai.cbsz)
                } else {
                    o.width
                };
                e.read(operand_regs(inst.src[0], w), ReadKind::MfmaA);
            }
            Role::Src1 => {
                let w = if f8f6f4 {
                    f8f6f4_regs(inst.mai.blgp)
                } else {
                    o.width
                };
                e.read(operand_regs(inst.src[1], w), ReadKind::MfmaB);
            }
            Role::Src2 => {
                if smfmac {
                    e.read(operand_regs(inst.src[2], 1), ReadKind::SmfmacIdx);
                } else {
                    e.read(operand_regs(inst.src[2], o.width), ReadKind::MfmaC);
                }
            }
            _ => {}
        }
    }
    if smfmac {
        // mfma.md: SMFMAC reads its VDST as C
        e.read(operand_regs(inst.dst, dst_w), ReadKind::MfmaC);
    }
    if inst.size == 16 {
        e.read(operand_regs(inst.mai.scale_src[0], 1), ReadKind::MfmaScale);
        e.read(operand_regs(inst.mai.scale_src[1], 1), ReadKind::MfmaScale);
    }
}

fn ds(inst: &Inst, e: &mut InstEffects) {
    e.class |= class::DS;
    let syn = syntax(inst.op);
    for o in syn.native {
        match o.role {
            Role::Addr => e.read(operand_regs(inst.src[0], o.width), ReadKind::Addr),
            Role::Data0 => e.read(operand_regs(inst.src[1], o.width), ReadKind::Data),
            Role::Data1 => e.read(operand_regs(inst.src[2], o.width), ReadKind::Data),
            Role::Vdst => e.async_write = operand_regs(inst.dst, o.width).unwrap_or(Regs::NONE),
            _ => {}
        }
    }
    if syn.mem & (MEM_STORE | MEM_ATOMIC) != 0 {
        e.class |= class::STORE;
    }
    if matches!(inst.op, Op::DS_READ_ADDTID_B32 | Op::DS_WRITE_ADDTID_B32) {
        e.class |= class::M0_LDS;
        e.read(sregs(M0, 1), ReadKind::M0);
    }
    e.mem = MemClass::Lds;
}

/// Stores/atomics that make H4.5-08/09 apply: more than 64 bits of data.
fn wide_data(data_w: u8, syn_mem: u8) -> bool {
    syn_mem & (MEM_STORE | MEM_ATOMIC) != 0 && data_w > 2
}

fn buf(inst: &Inst, e: &mut InstEffects) {
    e.class |= class::VMEM;
    e.mem = MemClass::Vm;
    let syn = syntax(inst.op);
    let has_vaddr = syn.native.iter().any(|o| o.role == Role::Vaddr);
    if has_vaddr {
        let both = inst.mem & mem_flags::OFFEN != 0 && inst.mem & mem_flags::IDXEN != 0;
        if inst.mem & (mem_flags::OFFEN | mem_flags::IDXEN) != 0 {
            e.read(
                operand_regs(inst.src[0], if both { 2 } else { 1 }),
                ReadKind::Addr,
            );
        }
        e.read(operand_regs(inst.src[1], 4), ReadKind::MemSgpr);
        e.read(operand_regs(inst.src[2], 1), ReadKind::MemSgpr);
    }
    let data_w = width_of(syn.native, Role::Vdata).unwrap_or(0);
    let lds = inst.mem & mem_flags::LDS != 0;
    if syn.mem & MEM_LOAD != 0 {
        if lds {
            e.class |= class::M0_LDS;
            e.read(sregs(M0, 1), ReadKind::M0);
        } else {
            e.async_write = operand_regs(inst.dst, data_w).unwrap_or(Regs::NONE);
        }
    } else if syn.mem & (MEM_STORE | MEM_ATOMIC) != 0 {
        e.class |= class::STORE;
        e.read(operand_regs(inst.data, data_w), ReadKind::Data);
        if !inst.dst.is_none() {
            let rw = if inst.op.name().contains("cmpswap") {
                data_w / 2
            } else {
                data_w
            };
            e.async_write = operand_regs(inst.dst, rw).unwrap_or(Regs::NONE);
        }
        // hazards.md H4.5-08 note: BUFFER_STORE_* with an SGPR soffset need no wait states
        let sgpr_soffset = operand_regs(inst.src[2], 1).is_some();
        if wide_data(data_w, syn.mem) && !sgpr_soffset {
            e.class |= class::WIDE_STORE;
        }
    }
}

fn flat(inst: &Inst, e: &mut InstEffects) {
    e.class |= class::VMEM;
    e.mem = if inst.format == Format::Flat {
        MemClass::Flat
    } else {
        MemClass::Vm
    };
    let syn = syntax(inst.op);
    let scratch = inst.format == Format::Scratch;
    if !inst.src[0].is_none() {
        let w = if scratch || !inst.src[2].is_none() {
            1
        } else {
            2
        };
        e.read(operand_regs(inst.src[0], w), ReadKind::Addr);
    }
    if !inst.src[2].is_none() {
        // SCRATCH saddr is one SGPR (an offset), GLOBAL saddr a 64-bit base
        e.read(
            operand_regs(inst.src[2], if scratch { 1 } else { 2 }),
            ReadKind::MemSgpr,
        );
    }
    let data_w = width_of(syn.native, Role::Data0).unwrap_or(0);
    if data_w > 0 && !inst.src[1].is_none() {
        e.read(operand_regs(inst.src[1], data_w), ReadKind::Data);
    }
    let lds = inst.mem & mem_flags::LDS != 0 || inst.op.name().contains("_load_lds_");
    if syn.mem & MEM_LOAD != 0 {
        if lds {
            e.class |= class::M0_LDS;
            e.read(sregs(M0, 1), ReadKind::M0);
        } else {
            let w = width_of(syn.native, Role::Vdst).unwrap_or(1);
            e.async_write = operand_regs(inst.dst, w).unwrap_or(Regs::NONE);
        }
    } else if syn.mem & (MEM_STORE | MEM_ATOMIC) != 0 {
        e.class |= class::STORE;
        if !inst.dst.is_none() {
            let rw = if inst.op.name().contains("cmpswap") {
                data_w / 2
            } else {
                data_w
            };
            e.async_write = operand_regs(inst.dst, rw.max(1)).unwrap_or(Regs::NONE);
        }
        if wide_data(data_w, syn.mem) {
            e.class |= class::WIDE_STORE;
        }
    }
}
