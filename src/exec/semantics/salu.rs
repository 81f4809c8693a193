//! SALU: SOP2, SOP1, SOPK and SOPC (pseudocode.md "Format SOP2" / "Format SOPK" / "Format SOP1" /
//! "Format SOPC"; CDNA4 guide chapter 5).
//!
//! Most scalar ops are one family, [`alu`]: read up to two sources (and the old destination for the
//! read-modify-write ops), compute, write a 32- or 64-bit destination and maybe SCC. Each op is a const generic
//! instance whose operand widths come from [`shape`] (evaluated at compile time, so a missing shape is a compile
//! error) and whose arithmetic is its arm in [`eval`]. The other families are control flow (PC, fork/join),
//! EXEC manipulation (`*_saveexec`/`*_wrexec`), M0-relative moves, hardware registers (`s_getreg`/`s_setreg`)
//! and the VGPR-indexing / VSKIP state.
//!
//! Operand conventions (src/isa/mod.rs `Inst`): `dst` = SDST, `src[0..2]` = SSRC0/SSRC1, `literal` for code 255,
//! SOPK `imm` = SIMM16 (re-extended here from its low 16 bits, so either extension by the decoder works),
//! `s_setreg_imm32_b32`'s 32-bit immediate in `literal`. The SOPK register field (SDST) is the *source* of
//! `s_cmpk_*`, `s_setreg_b32` and `s_cbranch_i_fork`; it is read from `dst` (or `src[0]` if the decoder put
//! it there and left `dst` empty).
//!
//! Literals feeding 64-bit sources are zero-extended, except signed 64-bit sources (S_ASHR_I64, S_BFE_I64,
//! S_FLBIT_I32_I64), where they are sign-extended (CDNA4 §6.2.1.1 "Literal Expansion to 64 bits").
//!
//! VGPR indexing (S_SET_GPR_IDX_ON / _IDX, SOPP S_SET_GPR_IDX_OFF / _MODE): the state is MODE.GPR_IDX_EN
//! (bit 27) and M0 (index in [7:0], enables in [15:12]: 12 src0, 13 src1, 14 src2, 15 dst). A VALU family that
//! honours it adds `M0[7:0]` to the VGPR number of each enabled VGPR operand (never to SGPRs/constants) when
//! MODE bit 27 is set (guide §6.6). S_SETVSKIP stores MODE.VSKIP (bit 28); a vector family honouring it skips
//! vector instructions while it is set. This module only stores the state.

use crate::exec::fidelity::Fidelity;
use crate::exec::wave::status_bits;
use crate::exec::FlowWord;
use crate::exec::{ConstKind, Ctx, Fault, Flow, Handler, Wave};
use crate::isa::{Inst, Op, Operand};

type R = Result<FlowWord, Box<Fault>>;

/// MODE fields used here (state.md "MODE").
pub mod mode_bits {
    pub const GPR_IDX_EN: u32 = 1 << 27;
    pub const VSKIP: u32 = 1 << 28;
    pub const CSP_SHIFT: u32 = 29;
    pub const CSP_MASK: u32 = 7 << 29;
}

/// STATUS.PRIV (state.md Table 3).
const STATUS_PRIV: u32 = 1 << 5;

/// Hardware register ids of S_GETREG/S_SETREG (state.md "Other S_GETREG registers").
pub mod hwreg {
    pub const MODE: u32 = 1;
    pub const STATUS: u32 = 2;
    pub const TRAPSTS: u32 = 3;
    pub const HW_ID: u32 = 4;
    pub const GPR_ALLOC: u32 = 5;
    pub const LDS_ALLOC: u32 = 6;
    pub const IB_STS: u32 = 7;
    pub const SH_MEM_BASES: u32 = 15;
    pub const XCC_ID: u32 = 20;
}

pub fn lookup(op: Op) -> Option<Handler> {
    use Op::*;
    if let Some(h) = alu_lookup(op) {
        return Some(h);
    }
    Some(match op {
        S_GETPC_B64 => getpc,
        S_SETPC_B64 => setpc,
        S_SWAPPC_B64 => swappc,
        S_RFE_B64 => rfe,
        S_CALL_B64 => call,
        S_AND_SAVEEXEC_B64 => exec_op::<{ Op::S_AND_SAVEEXEC_B64 as u16 }>,
        S_OR_SAVEEXEC_B64 => exec_op::<{ Op::S_OR_SAVEEXEC_B64 as u16 }>,
        S_XOR_SAVEEXEC_B64 => exec_op::<{ Op::S_XOR_SAVEEXEC_B64 as u16 }>,
        S_ANDN2_SAVEEXEC_B64 => exec_op::<{ Op::S_ANDN2_SAVEEXEC_B64 as u16 }>,
        S_ORN2_SAVEEXEC_B64 => exec_op::<{ Op::S_ORN2_SAVEEXEC_B64 as u16 }>,
        S_NAND_SAVEEXEC_B64 => exec_op::<{ Op::S_NAND_SAVEEXEC_B64 as u16 }>,
        S_NOR_SAVEEXEC_B64 => exec_op::<{ Op::S_NOR_SAVEEXEC_B64 as u16 }>,
        S_XNOR_SAVEEXEC_B64 => exec_op::<{ Op::S_XNOR_SAVEEXEC_B64 as u16 }>,
        S_ANDN1_SAVEEXEC_B64 => exec_op::<{ Op::S_ANDN1_SAVEEXEC_B64 as u16 }>,
        S_ORN1_SAVEEXEC_B64 => exec_op::<{ Op::S_ORN1_SAVEEXEC_B64 as u16 }>,
        S_ANDN1_WREXEC_B64 => exec_op::<{ Op::S_ANDN1_WREXEC_B64 as u16 }>,
        S_ANDN2_WREXEC_B64 => exec_op::<{ Op::S_ANDN2_WREXEC_B64 as u16 }>,
        S_MOVRELS_B32 => movrels::<false>,
        S_MOVRELS_B64 => movrels::<true>,
        S_MOVRELD_B32 => movreld::<false>,
        S_MOVRELD_B64 => movreld::<true>,
        S_CBRANCH_G_FORK => g_fork,
        S_CBRANCH_I_FORK => i_fork,
        S_CBRANCH_JOIN => join,
        S_GETREG_B32 => getreg,
        S_SETREG_B32 => setreg::<false>,
        S_SETREG_IMM32_B32 => setreg::<true>,
        S_SETVSKIP => setvskip,
        S_SET_GPR_IDX_ON => set_gpr_idx_on,
        S_SET_GPR_IDX_IDX => set_gpr_idx_idx,
        // SOPP encodings, but VGPR-indexing state like the two above; sopp.rs (asked first) does not claim them.
        S_SET_GPR_IDX_OFF => set_gpr_idx_off,
        S_SET_GPR_IDX_MODE => set_gpr_idx_mode,
        // S_RFE_RESTORE_B64 has no pseudocode (pseudocode.md SOP2 43): left to `not_implemented`.
        _ => return None,
    })
}

/// Ops of this family that are not bit-exact, with their error bound (`None`: exact or not ours).
pub fn fidelity(op: Op) -> Option<(Fidelity, &'static str)> {
    use Op::*;
    match op {
        S_GETREG_B32 => Some((
            Fidelity::Approximate,
            "MODE, STATUS, TRAPSTS and SH_MEM_BASES are exact; HW_ID reports only WAVE_ID (wave-in-group / 4) and \
             SIMD_ID, GPR_ALLOC/LDS_ALLOC describe wavescope's allocation (SGPR_SIZE assumes 112 SGPRs, bases 0), \
             IB_STS reads 0 (nothing is outstanding in an untimed run), TBA/TMA/XCC_ID/perf snapshot read 0",
        )),
        S_SETVSKIP | S_SET_GPR_IDX_ON | S_SET_GPR_IDX_IDX | S_SET_GPR_IDX_OFF | S_SET_GPR_IDX_MODE => Some((
            Fidelity::Approximate,
            "the state (MODE.VSKIP / MODE.GPR_IDX_EN and M0) is stored exactly; vector instructions follow it only \
             where their family applies it (see salu.rs module doc)",
        )),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Operand access
// ---------------------------------------------------------------------------------------------------------------

#[inline(always)]
fn src32(w: &Wave, i: &Inst, n: usize, c: &Ctx) -> u32 {
    w.read_scalar(i.src[n], i.literal, &c.apertures, ConstKind::B32) as u32
}

#[inline(always)]
fn src64(w: &Wave, i: &Inst, n: usize, c: &Ctx) -> u64 {
    w.read_scalar(i.src[n], i.literal, &c.apertures, ConstKind::B64)
}

/// A signed 64-bit source: a literal is sign-extended (CDNA4 §6.2.1.1).
#[inline(always)]
fn src_i64(w: &Wave, i: &Inst, n: usize, c: &Ctx) -> u64 {
    if i.src[n] == Operand::LITERAL {
        i.literal as i32 as i64 as u64
    } else {
        src64(w, i, n, c)
    }
}

/// The SOPK register field: `dst` per the `Inst` contract, `src[0]` if the decoder left `dst` empty.
#[inline(always)]
fn sopk_reg(i: &Inst) -> Operand {
    if i.dst.is_none() {
        i.src[0]
    } else {
        i.dst
    }
}

#[inline(always)]
fn simm16(i: &Inst) -> i32 {
    i.imm as u16 as i16 as i32
}

#[inline(always)]
fn read_sgpr64(w: &Wave, r: usize) -> u64 {
    w.sgpr[r & 127] as u64 | (w.sgpr[(r + 1) & 127] as u64) << 32
}

#[inline(always)]
fn write_sgpr64_at(w: &mut Wave, r: usize, v: u64) {
    w.sgpr[r & 127] = v as u32;
    w.sgpr[(r + 1) & 127] = (v >> 32) as u32;
}

// ---------------------------------------------------------------------------------------------------------------
// The ALU family
// ---------------------------------------------------------------------------------------------------------------

/// Where one operand of an ALU op comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Src {
    None,
    /// 32-bit SSRC (inline constants in their 32-bit form).
    S32,
    /// 64-bit SSRC pair, literal zero-extended.
    S64,
    /// 64-bit signed SSRC pair, literal sign-extended.
    I64,
    /// SOPK SIMM16 sign-extended to 32 bits.
    Simm,
    /// SOPK SIMM16 zero-extended.
    Uimm,
    /// SOPK: the register named by the SDST field, as a source.
    Kreg,
}

/// Destination width.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dst {
    None,
    B32,
    B64,
}

/// Operand layout of one ALU op: sources, whether the old destination is read, destination, SCC written.
#[derive(Clone, Copy)]
struct Shape {
    s0: Src,
    s1: Src,
    /// Old destination value (read-modify-write ops: S_BITSET*, S_ADDK/S_MULK).
    old: Dst,
    dst: Dst,
    scc: bool,
}

const fn sh(s0: Src, s1: Src, old: Dst, dst: Dst, scc: bool) -> Shape {
    Shape {
        s0,
        s1,
        old,
        dst,
        scc,
    }
}

/// Declares the ALU ops once: their numeric constants (for the const generic) and the lookup.
macro_rules! alu_ops {
    ($($name:ident),* $(,)?) => {
        #[allow(non_upper_case_globals, dead_code)]
        mod k {
            use crate::isa::Op;
            $(pub const $name: u16 = Op::$name as u16;)*
        }
        fn alu_lookup(op: Op) -> Option<Handler> {
            Some(match op {
                $(Op::$name => alu::<{ k::$name }>,)*
                _ => return None,
            })
        }
        /// Every op of the ALU family (for the coverage unit test).
        #[cfg(test)]
        const ALU_OPS: &[Op] = &[$(Op::$name),*];
    };
}

alu_ops!(
    // SOP2
    S_ADD_U32,
    S_SUB_U32,
    S_ADD_I32,
    S_SUB_I32,
    S_ADDC_U32,
    S_SUBB_U32,
    S_MIN_I32,
    S_MIN_U32,
    S_MAX_I32,
    S_MAX_U32,
    S_CSELECT_B32,
    S_CSELECT_B64,
    S_AND_B32,
    S_AND_B64,
    S_OR_B32,
    S_OR_B64,
    S_XOR_B32,
    S_XOR_B64,
    S_ANDN2_B32,
    S_ANDN2_B64,
    S_ORN2_B32,
    S_ORN2_B64,
    S_NAND_B32,
    S_NAND_B64,
    S_NOR_B32,
    S_NOR_B64,
    S_XNOR_B32,
    S_XNOR_B64,
    S_LSHL_B32,
    S_LSHL_B64,
    S_LSHR_B32,
    S_LSHR_B64,
    S_ASHR_I32,
    S_ASHR_I64,
    S_BFM_B32,
    S_BFM_B64,
    S_MUL_I32,
    S_BFE_U32,
    S_BFE_I32,
    S_BFE_U64,
    S_BFE_I64,
    S_ABSDIFF_I32,
    S_MUL_HI_U32,
    S_MUL_HI_I32,
    S_LSHL1_ADD_U32,
    S_LSHL2_ADD_U32,
    S_LSHL3_ADD_U32,
    S_LSHL4_ADD_U32,
    S_PACK_LL_B32_B16,
    S_PACK_LH_B32_B16,
    S_PACK_HH_B32_B16,
    // SOP1
    S_MOV_B32,
    S_MOV_B64,
    S_CMOV_B32,
    S_CMOV_B64,
    S_NOT_B32,
    S_NOT_B64,
    S_WQM_B32,
    S_WQM_B64,
    S_BREV_B32,
    S_BREV_B64,
    S_BCNT0_I32_B32,
    S_BCNT0_I32_B64,
    S_BCNT1_I32_B32,
    S_BCNT1_I32_B64,
    S_FF0_I32_B32,
    S_FF0_I32_B64,
    S_FF1_I32_B32,
    S_FF1_I32_B64,
    S_FLBIT_I32_B32,
    S_FLBIT_I32_B64,
    S_FLBIT_I32,
    S_FLBIT_I32_I64,
    S_SEXT_I32_I8,
    S_SEXT_I32_I16,
    S_BITSET0_B32,
    S_BITSET0_B64,
    S_BITSET1_B32,
    S_BITSET1_B64,
    S_QUADMASK_B32,
    S_QUADMASK_B64,
    S_ABS_I32,
    S_BITREPLICATE_B64_B32,
    // SOPC
    S_CMP_EQ_I32,
    S_CMP_LG_I32,
    S_CMP_GT_I32,
    S_CMP_GE_I32,
    S_CMP_LT_I32,
    S_CMP_LE_I32,
    S_CMP_EQ_U32,
    S_CMP_LG_U32,
    S_CMP_GT_U32,
    S_CMP_GE_U32,
    S_CMP_LT_U32,
    S_CMP_LE_U32,
    S_BITCMP0_B32,
    S_BITCMP1_B32,
    S_BITCMP0_B64,
    S_BITCMP1_B64,
    S_CMP_EQ_U64,
    S_CMP_LG_U64,
    // SOPK
    S_MOVK_I32,
    S_CMOVK_I32,
    S_CMPK_EQ_I32,
    S_CMPK_LG_I32,
    S_CMPK_GT_I32,
    S_CMPK_GE_I32,
    S_CMPK_LT_I32,
    S_CMPK_LE_I32,
    S_CMPK_EQ_U32,
    S_CMPK_LG_U32,
    S_CMPK_GT_U32,
    S_CMPK_GE_U32,
    S_CMPK_LT_U32,
    S_CMPK_LE_U32,
    S_ADDK_I32,
    S_MULK_I32,
);

/// Operand layout of each ALU op (from the types in its pseudocode). Evaluated in a `const` block, so an op
/// listed in `alu_ops!` without a shape fails to compile.
const fn shape(op: u16) -> Shape {
    use Dst as D;
    use Src::*;
    match op {
        // 32-bit SOP2 that write SCC.
        k::S_ADD_U32
        | k::S_SUB_U32
        | k::S_ADD_I32
        | k::S_SUB_I32
        | k::S_ADDC_U32
        | k::S_SUBB_U32
        | k::S_MIN_I32
        | k::S_MIN_U32
        | k::S_MAX_I32
        | k::S_MAX_U32
        | k::S_AND_B32
        | k::S_OR_B32
        | k::S_XOR_B32
        | k::S_ANDN2_B32
        | k::S_ORN2_B32
        | k::S_NAND_B32
        | k::S_NOR_B32
        | k::S_XNOR_B32
        | k::S_LSHL_B32
        | k::S_LSHR_B32
        | k::S_ASHR_I32
        | k::S_BFE_U32
        | k::S_BFE_I32
        | k::S_ABSDIFF_I32
        | k::S_LSHL1_ADD_U32
        | k::S_LSHL2_ADD_U32
        | k::S_LSHL3_ADD_U32
        | k::S_LSHL4_ADD_U32 => sh(S32, S32, D::None, D::B32, true),
        // 32-bit SOP2 without SCC.
        k::S_CSELECT_B32
        | k::S_BFM_B32
        | k::S_MUL_I32
        | k::S_MUL_HI_U32
        | k::S_MUL_HI_I32
        | k::S_PACK_LL_B32_B16
        | k::S_PACK_LH_B32_B16
        | k::S_PACK_HH_B32_B16 => sh(S32, S32, D::None, D::B32, false),
        k::S_CSELECT_B64 => sh(S64, S64, D::None, D::B64, false),
        k::S_AND_B64
        | k::S_OR_B64
        | k::S_XOR_B64
        | k::S_ANDN2_B64
        | k::S_ORN2_B64
        | k::S_NAND_B64
        | k::S_NOR_B64
        | k::S_XNOR_B64 => sh(S64, S64, D::None, D::B64, true),
        k::S_LSHL_B64 | k::S_LSHR_B64 | k::S_BFE_U64 => sh(S64, S32, D::None, D::B64, true),
        k::S_ASHR_I64 | k::S_BFE_I64 => sh(I64, S32, D::None, D::B64, true),
        k::S_BFM_B64 => sh(S32, S32, D::None, D::B64, false),
        // SOP1
        k::S_MOV_B32
        | k::S_CMOV_B32
        | k::S_BREV_B32
        | k::S_FF0_I32_B32
        | k::S_FF1_I32_B32
        | k::S_FLBIT_I32_B32
        | k::S_FLBIT_I32
        | k::S_SEXT_I32_I8
        | k::S_SEXT_I32_I16 => sh(S32, None, D::None, D::B32, false),
        k::S_NOT_B32
        | k::S_WQM_B32
        | k::S_BCNT0_I32_B32
        | k::S_BCNT1_I32_B32
        | k::S_QUADMASK_B32
        | k::S_ABS_I32 => sh(S32, None, D::None, D::B32, true),
        k::S_MOV_B64 | k::S_CMOV_B64 | k::S_BREV_B64 => sh(S64, None, D::None, D::B64, false),
        k::S_NOT_B64 | k::S_WQM_B64 | k::S_QUADMASK_B64 => sh(S64, None, D::None, D::B64, true),
        k::S_BCNT0_I32_B64 | k::S_BCNT1_I32_B64 => sh(S64, None, D::None, D::B32, true),
        k::S_FF0_I32_B64 | k::S_FF1_I32_B64 | k::S_FLBIT_I32_B64 => {
            sh(S64, None, D::None, D::B32, false)
        }
        k::S_FLBIT_I32_I64 => sh(I64, None, D::None, D::B32, false),
        k::S_BITSET0_B32 | k::S_BITSET1_B32 => sh(S32, None, D::B32, D::B32, false),
        k::S_BITSET0_B64 | k::S_BITSET1_B64 => sh(S32, None, D::B64, D::B64, false),
        k::S_BITREPLICATE_B64_B32 => sh(S32, None, D::None, D::B64, false),
        // SOPC
        k::S_CMP_EQ_I32
        | k::S_CMP_LG_I32
        | k::S_CMP_GT_I32
        | k::S_CMP_GE_I32
        | k::S_CMP_LT_I32
        | k::S_CMP_LE_I32
        | k::S_CMP_EQ_U32
        | k::S_CMP_LG_U32
        | k::S_CMP_GT_U32
        | k::S_CMP_GE_U32
        | k::S_CMP_LT_U32
        | k::S_CMP_LE_U32
        | k::S_BITCMP0_B32
        | k::S_BITCMP1_B32 => sh(S32, S32, D::None, D::None, true),
        k::S_BITCMP0_B64 | k::S_BITCMP1_B64 => sh(S64, S32, D::None, D::None, true),
        k::S_CMP_EQ_U64 | k::S_CMP_LG_U64 => sh(S64, S64, D::None, D::None, true),
        // SOPK
        k::S_MOVK_I32 | k::S_CMOVK_I32 => sh(Simm, None, D::None, D::B32, false),
        k::S_CMPK_EQ_I32
        | k::S_CMPK_LG_I32
        | k::S_CMPK_GT_I32
        | k::S_CMPK_GE_I32
        | k::S_CMPK_LT_I32
        | k::S_CMPK_LE_I32 => sh(Kreg, Simm, D::None, D::None, true),
        k::S_CMPK_EQ_U32
        | k::S_CMPK_LG_U32
        | k::S_CMPK_GT_U32
        | k::S_CMPK_GE_U32
        | k::S_CMPK_LT_U32
        | k::S_CMPK_LE_U32 => sh(Kreg, Uimm, D::None, D::None, true),
        k::S_ADDK_I32 => sh(Simm, None, D::B32, D::B32, true),
        k::S_MULK_I32 => sh(Simm, None, D::B32, D::B32, false),
        _ => panic!("ALU op without a shape"),
    }
}

#[inline(always)]
fn read_src(w: &Wave, i: &Inst, n: usize, c: &Ctx, s: Src) -> u64 {
    match s {
        Src::None => 0,
        Src::S32 => src32(w, i, n, c) as u64,
        Src::S64 => src64(w, i, n, c),
        Src::I64 => src_i64(w, i, n, c),
        Src::Simm => simm16(i) as u32 as u64,
        Src::Uimm => i.imm as u16 as u64,
        Src::Kreg => {
            w.read_scalar(sopk_reg(i), i.literal, &c.apertures, ConstKind::B32) as u32 as u64
        }
    }
}

/// The ALU family: `D0 = f(S0, S1[, D0_old, SCC])`, maybe `SCC = ...` (pseudocode.md per op; [`eval`] cites
/// each op's text).
fn alu<const OP: u16>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let s = const { shape(OP) };
    let a = read_src(w, i, 0, c, s.s0);
    let b = read_src(w, i, 1, c, s.s1);
    let old = match s.old {
        Dst::None => 0,
        Dst::B32 => w.read_scalar(i.dst, 0, &c.apertures, ConstKind::B32),
        Dst::B64 => w.read_scalar(i.dst, 0, &c.apertures, ConstKind::B64),
    };
    let (d, scc) = eval(OP, a, b, old, w.scc);
    if let Some(d) = d {
        match s.dst {
            Dst::None => {}
            Dst::B32 => w.write_sgpr(i.dst, d as u32),
            Dst::B64 => w.write_sgpr64(i.dst, d),
        }
    }
    if s.scc {
        w.scc = scc;
    }
    Ok(FlowWord::NEXT)
}

/// `(1 << width) - 1` for a field width that may exceed the register (S1[22:16] is 7 bits): a width of 32
/// or more selects every remaining bit.
#[inline(always)]
fn mask32(width: u32) -> u32 {
    if width >= 32 {
        u32::MAX
    } else {
        (1u32 << width) - 1
    }
}

#[inline(always)]
fn mask64(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// `signext_from_bit(x, width)`: sign-extend the low `width` bits (width 0 gives 0).
#[inline(always)]
fn sext_from32(x: u32, width: u32) -> u32 {
    if width == 0 {
        0
    } else if width >= 32 {
        x
    } else {
        let sh = 32 - width;
        (((x << sh) as i32) >> sh) as u32
    }
}

#[inline(always)]
fn sext_from64(x: u64, width: u32) -> u64 {
    if width == 0 {
        0
    } else if width >= 64 {
        x
    } else {
        let sh = 64 - width;
        (((x << sh) as i64) >> sh) as u64
    }
}

/// Result of one ALU evaluation: `Some(d)` to write, and the new SCC (used only when the shape writes SCC).
type Out = (Option<u64>, bool);

#[inline(always)]
fn r32(v: u32) -> Out {
    (Some(v as u64), v != 0)
}

#[inline(always)]
fn r64(v: u64) -> Out {
    (Some(v), v != 0)
}

/// A value with no SCC meaning (the shape does not write SCC).
#[inline(always)]
fn v32(v: u32) -> Out {
    (Some(v as u64), false)
}

/// `tmp = -1; for i ... if found { tmp = i; break }` searches return -1 when nothing is found.
#[inline(always)]
fn found(v: u32, any: bool) -> Out {
    v32(if any { v } else { u32::MAX })
}

/// The arithmetic of every ALU op. `a` = S0, `b` = S1 (SOPK: S0/S1 as the pseudocode names them), `old` = D0
/// before the op, `scc` = SCC before the op. Constant-folded per op by the `alu::<OP>` instance.
#[inline(always)]
fn eval(op: u16, a: u64, b: u64, old: u64, scc: bool) -> Out {
    let (a32, b32) = (a as u32, b as u32);
    let (ai, bi) = (a32 as i32, b32 as i32);
    let sign = |x: u32| x >> 31;
    match op {
        // tmp = 64'U(S0.u32) + 64'U(S1.u32); SCC = tmp >= 0x100000000ULL; D0.u32 = tmp.u32
        k::S_ADD_U32 => {
            let t = a32 as u64 + b32 as u64;
            (Some(t & 0xFFFF_FFFF), t >> 32 != 0)
        }
        // tmp = S0.u32 - S1.u32; SCC = S1.u32 > S0.u32
        k::S_SUB_U32 => (Some(a32.wrapping_sub(b32) as u64), b32 > a32),
        // SCC = signed overflow: operands of equal sign, result of the other sign.
        k::S_ADD_I32 => {
            let t = a32.wrapping_add(b32);
            (
                Some(t as u64),
                sign(a32) == sign(b32) && sign(a32) != sign(t),
            )
        }
        k::S_SUB_I32 => {
            let t = a32.wrapping_sub(b32);
            (
                Some(t as u64),
                sign(a32) != sign(b32) && sign(a32) != sign(t),
            )
        }
        // tmp = 64'U(S0.u32) + 64'U(S1.u32) + SCC.u64; SCC = carry out
        k::S_ADDC_U32 => {
            let t = a32 as u64 + b32 as u64 + scc as u64;
            (Some(t & 0xFFFF_FFFF), t >> 32 != 0)
        }
        // tmp = S0.u32 - S1.u32 - SCC.u32; SCC = 64'U(S1.u32) + SCC.u64 > 64'U(S0.u32)
        k::S_SUBB_U32 => {
            let t = a32.wrapping_sub(b32).wrapping_sub(scc as u32);
            (Some(t as u64), b32 as u64 + scc as u64 > a32 as u64)
        }
        // SCC = S0 < S1 (min) / S0 >= S1 (max); D0 = SCC ? S0 : S1
        k::S_MIN_I32 => {
            let c = ai < bi;
            (Some(if c { a32 } else { b32 } as u64), c)
        }
        k::S_MIN_U32 => {
            let c = a32 < b32;
            (Some(if c { a32 } else { b32 } as u64), c)
        }
        k::S_MAX_I32 => {
            let c = ai >= bi;
            (Some(if c { a32 } else { b32 } as u64), c)
        }
        k::S_MAX_U32 => {
            let c = a32 >= b32;
            (Some(if c { a32 } else { b32 } as u64), c)
        }
        // D0 = SCC ? S0 : S1
        k::S_CSELECT_B32 | k::S_CSELECT_B64 => (Some(if scc { a } else { b }), scc),
        // Bitwise: D0 = f(S0, S1); SCC = D0 != 0
        k::S_AND_B32 => r32(a32 & b32),
        k::S_OR_B32 => r32(a32 | b32),
        k::S_XOR_B32 => r32(a32 ^ b32),
        k::S_ANDN2_B32 => r32(a32 & !b32),
        k::S_ORN2_B32 => r32(a32 | !b32),
        k::S_NAND_B32 => r32(!(a32 & b32)),
        k::S_NOR_B32 => r32(!(a32 | b32)),
        k::S_XNOR_B32 => r32(!(a32 ^ b32)),
        k::S_AND_B64 => r64(a & b),
        k::S_OR_B64 => r64(a | b),
        k::S_XOR_B64 => r64(a ^ b),
        k::S_ANDN2_B64 => r64(a & !b),
        k::S_ORN2_B64 => r64(a | !b),
        k::S_NAND_B64 => r64(!(a & b)),
        k::S_NOR_B64 => r64(!(a | b)),
        k::S_XNOR_B64 => r64(!(a ^ b)),
        // Shifts use S1[4:0] (32-bit) or S1[5:0] (64-bit); SCC = D0 != 0
        k::S_LSHL_B32 => r32(a32 << (b32 & 31)),
        k::S_LSHR_B32 => r32(a32 >> (b32 & 31)),
        k::S_ASHR_I32 => r32((ai >> (b32 & 31)) as u32),
        k::S_LSHL_B64 => r64(a << (b32 & 63)),
        k::S_LSHR_B64 => r64(a >> (b32 & 63)),
        k::S_ASHR_I64 => r64(((a as i64) >> (b32 & 63)) as u64),
        // D0 = ((1 << S0[4:0]) - 1) << S1[4:0]
        k::S_BFM_B32 => v32(((1u32 << (a32 & 31)) - 1) << (b32 & 31)),
        k::S_BFM_B64 => (Some(((1u64 << (a32 & 63)) - 1) << (b32 & 63)), false),
        k::S_MUL_I32 => v32(a32.wrapping_mul(b32)),
        // D0 = (S0 >> S1[4:0]) & ((1 << S1[22:16]) - 1); the I forms shift arithmetically (S0.i32 >>) and
        // then signext_from_bit(tmp, width).
        k::S_BFE_U32 => r32((a32 >> (b32 & 31)) & mask32((b32 >> 16) & 0x7F)),
        k::S_BFE_I32 => {
            let width = (b32 >> 16) & 0x7F;
            let tmp = ((ai >> (b32 & 31)) as u32) & mask32(width);
            r32(sext_from32(tmp, width))
        }
        k::S_BFE_U64 => r64((a >> (b32 & 63)) & mask64((b32 >> 16) & 0x7F)),
        k::S_BFE_I64 => {
            let width = (b32 >> 16) & 0x7F;
            let tmp = (((a as i64) >> (b32 & 63)) as u64) & mask64(width);
            r64(sext_from64(tmp, width))
        }
        // D0 = |S0 - S1| (32-bit wrap: |0x80000000| stays 0x80000000); SCC = D0 != 0
        k::S_ABSDIFF_I32 => r32(ai.wrapping_sub(bi).wrapping_abs() as u32),
        k::S_MUL_HI_U32 => v32(((a32 as u64 * b32 as u64) >> 32) as u32),
        k::S_MUL_HI_I32 => v32(((ai as i64 * bi as i64) >> 32) as u32),
        // tmp = (64'U(S0.u32) << n) + 64'U(S1.u32); SCC = tmp >= 2^32
        k::S_LSHL1_ADD_U32 | k::S_LSHL2_ADD_U32 | k::S_LSHL3_ADD_U32 | k::S_LSHL4_ADD_U32 => {
            let n = (op - k::S_LSHL1_ADD_U32 + 1) as u32;
            let t = ((a32 as u64) << n) + b32 as u64;
            (Some(t & 0xFFFF_FFFF), t >> 32 != 0)
        }
        // D0 = { S1 half, S0 half }
        k::S_PACK_LL_B32_B16 => v32((b32 << 16) | (a32 & 0xFFFF)),
        k::S_PACK_LH_B32_B16 => v32((b32 & 0xFFFF_0000) | (a32 & 0xFFFF)),
        k::S_PACK_HH_B32_B16 => v32((b32 & 0xFFFF_0000) | (a32 >> 16)),
        // SOP1
        k::S_MOV_B32 | k::S_MOV_B64 => (Some(a), false),
        // if SCC then D0 = S0
        k::S_CMOV_B32 | k::S_CMOV_B64 | k::S_CMOVK_I32 => (if scc { Some(a) } else { None }, scc),
        k::S_NOT_B32 => r32(!a32),
        k::S_NOT_B64 => r64(!a),
        // tmp[i] = S0[i & ~3 +: 4] != 0: every bit of a quad is set if any bit of the quad is.
        k::S_WQM_B32 => {
            let mut t = 0u32;
            for q in 0..8 {
                if (a32 >> (4 * q)) & 0xF != 0 {
                    t |= 0xF << (4 * q);
                }
            }
            r32(t)
        }
        k::S_WQM_B64 => {
            let mut t = 0u64;
            for q in 0..16 {
                if (a >> (4 * q)) & 0xF != 0 {
                    t |= 0xF << (4 * q);
                }
            }
            r64(t)
        }
        k::S_BREV_B32 => v32(a32.reverse_bits()),
        k::S_BREV_B64 => (Some(a.reverse_bits()), false),
        // D0.i32 = number of zero / one bits; SCC = D0 != 0
        k::S_BCNT0_I32_B32 => r32(a32.count_zeros()),
        k::S_BCNT0_I32_B64 => r32(a.count_zeros()),
        k::S_BCNT1_I32_B32 => r32(a32.count_ones()),
        k::S_BCNT1_I32_B64 => r32(a.count_ones()),
        // First zero / one from the LSB; -1 if none.
        k::S_FF0_I32_B32 => found((!a32).trailing_zeros(), a32 != u32::MAX),
        k::S_FF0_I32_B64 => found((!a).trailing_zeros(), a != u64::MAX),
        k::S_FF1_I32_B32 => found(a32.trailing_zeros(), a32 != 0),
        k::S_FF1_I32_B64 => found(a.trailing_zeros(), a != 0),
        // First one from the MSB (count of leading zeros); -1 if none.
        k::S_FLBIT_I32_B32 => found(a32.leading_zeros(), a32 != 0),
        k::S_FLBIT_I32_B64 => found(a.leading_zeros(), a != 0),
        // First bit that differs from the sign bit, counted from the MSB; -1 if all bits equal.
        k::S_FLBIT_I32 => {
            let x = if ai < 0 { !a32 } else { a32 };
            found(x.leading_zeros(), x != 0)
        }
        k::S_FLBIT_I32_I64 => {
            let x = if (a as i64) < 0 { !a } else { a };
            found(x.leading_zeros(), x != 0)
        }
        k::S_SEXT_I32_I8 => v32(a32 as i8 as i32 as u32),
        k::S_SEXT_I32_I16 => v32(a32 as i16 as i32 as u32),
        // D0[S0[4:0]] = 0/1 (64-bit: S0[5:0]); other bits of D0 kept.
        k::S_BITSET0_B32 => v32(old as u32 & !(1u32 << (a32 & 31))),
        k::S_BITSET1_B32 => v32(old as u32 | (1u32 << (a32 & 31))),
        k::S_BITSET0_B64 => (Some(old & !(1u64 << (a32 & 63))), false),
        k::S_BITSET1_B64 => (Some(old | (1u64 << (a32 & 63))), false),
        // tmp[i] = S0[i * 4 +: 4] != 0
        k::S_QUADMASK_B32 => {
            let mut t = 0u32;
            for q in 0..8 {
                t |= (((a32 >> (4 * q)) & 0xF != 0) as u32) << q;
            }
            r32(t)
        }
        k::S_QUADMASK_B64 => {
            let mut t = 0u64;
            for q in 0..16 {
                t |= (((a >> (4 * q)) & 0xF != 0) as u64) << q;
            }
            r64(t)
        }
        // D0 = S0 < 0 ? -S0 : S0 (|i32::MIN| wraps to itself); SCC = D0 != 0
        k::S_ABS_I32 => r32(ai.wrapping_abs() as u32),
        // D0.u64[2i] = D0.u64[2i+1] = S0[i]
        k::S_BITREPLICATE_B64_B32 => {
            let mut t = 0u64;
            for n in 0..32 {
                t |= (((a32 >> n) & 1) as u64 * 3) << (2 * n);
            }
            (Some(t), false)
        }
        // SOPC: SCC = S0 <op> S1
        k::S_CMP_EQ_I32 | k::S_CMP_EQ_U32 | k::S_CMPK_EQ_I32 | k::S_CMPK_EQ_U32 => {
            (None, a32 == b32)
        }
        k::S_CMP_LG_I32 | k::S_CMP_LG_U32 | k::S_CMPK_LG_I32 | k::S_CMPK_LG_U32 => {
            (None, a32 != b32)
        }
        k::S_CMP_GT_I32 | k::S_CMPK_GT_I32 => (None, ai > bi),
        k::S_CMP_GE_I32 | k::S_CMPK_GE_I32 => (None, ai >= bi),
        k::S_CMP_LT_I32 | k::S_CMPK_LT_I32 => (None, ai < bi),
        k::S_CMP_LE_I32 | k::S_CMPK_LE_I32 => (None, ai <= bi),
        k::S_CMP_GT_U32 | k::S_CMPK_GT_U32 => (None, a32 > b32),
        k::S_CMP_GE_U32 | k::S_CMPK_GE_U32 => (None, a32 >= b32),
        k::S_CMP_LT_U32 | k::S_CMPK_LT_U32 => (None, a32 < b32),
        k::S_CMP_LE_U32 | k::S_CMPK_LE_U32 => (None, a32 <= b32),
        k::S_CMP_EQ_U64 => (None, a == b),
        k::S_CMP_LG_U64 => (None, a != b),
        // SCC = S0[S1[4:0]] == 0/1 (64-bit: S1[5:0])
        k::S_BITCMP0_B32 => (None, (a32 >> (b32 & 31)) & 1 == 0),
        k::S_BITCMP1_B32 => (None, (a32 >> (b32 & 31)) & 1 == 1),
        k::S_BITCMP0_B64 => (None, (a >> (b32 & 63)) & 1 == 0),
        k::S_BITCMP1_B64 => (None, (a >> (b32 & 63)) & 1 == 1),
        // SOPK: D0 = signext(SIMM16)
        k::S_MOVK_I32 => v32(a32),
        // tmp = D0; D0 = D0 + signext(SIMM16); SCC = (tmp[31] == SIMM16[15]) && (tmp[31] != D0[31])
        k::S_ADDK_I32 => {
            let t = old as u32;
            let d = t.wrapping_add(a32);
            (Some(d as u64), sign(t) == sign(a32) && sign(t) != sign(d))
        }
        k::S_MULK_I32 => v32((old as u32).wrapping_mul(a32)),
        // Every op listed in alu_ops! has an arm (checked by the unit test below).
        _ => unreachable!("ALU op without an evaluation"),
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Program counter
// ---------------------------------------------------------------------------------------------------------------

/// S_GETPC_B64: `D0.i64 = PC + 4LL` — the address of the next instruction.
fn getpc(w: &mut Wave, i: &Inst, _: &mut Ctx) -> R {
    let next = w.pc.wrapping_add(i.size as u64);
    w.write_sgpr64(i.dst, next);
    Ok(FlowWord::NEXT)
}

/// S_SETPC_B64: `PC = S0.i64`.
fn setpc(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    w.pc = src64(w, i, 0, c);
    Ok(FlowWord::JUMP)
}

/// S_SWAPPC_B64: `jump_addr = S0.i64; D0.i64 = PC + 4LL; PC = jump_addr` (S0 read before D0 is written).
fn swappc(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let target = src64(w, i, 0, c);
    let next = w.pc.wrapping_add(i.size as u64);
    w.write_sgpr64(i.dst, next);
    w.pc = target;
    Ok(FlowWord::JUMP)
}

/// S_RFE_B64: `WAVE_STATUS.PRIV = 0; PC = S0.i64`.
fn rfe(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    w.status &= !STATUS_PRIV;
    w.pc = src64(w, i, 0, c);
    Ok(FlowWord::JUMP)
}

/// SOPK S_CALL_B64: `D0.i64 = PC + 4LL; PC = PC + signext(SIMM16 * 4) + 4LL`.
fn call(w: &mut Wave, i: &Inst, _: &mut Ctx) -> R {
    let next = w.pc.wrapping_add(4);
    w.write_sgpr64(sopk_reg(i), next);
    w.pc = next.wrapping_add((simm16(i) as i64 * 4) as u64);
    Ok(FlowWord::JUMP)
}

// ---------------------------------------------------------------------------------------------------------------
// EXEC manipulation
// ---------------------------------------------------------------------------------------------------------------

/// S_*_SAVEEXEC_B64 / S_*_WREXEC_B64:
/// `saveexec = EXEC; EXEC = f(S0, EXEC); D0 = saveexec (WREXEC: D0 = EXEC); SCC = EXEC != 0`.
/// Note ANDN2/ORN2 invert EXEC (`S0 & ~EXEC`), ANDN1/ORN1 invert S0 (`~S0 & EXEC`), as the pseudocode says.
fn exec_op<const OP: u16>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let s = src64(w, i, 0, c);
    let old = w.exec();
    const fn is(op: u16, o: Op) -> bool {
        op == o as u16
    }
    let new = if is(OP, Op::S_AND_SAVEEXEC_B64) {
        s & old
    } else if is(OP, Op::S_OR_SAVEEXEC_B64) {
        s | old
    } else if is(OP, Op::S_XOR_SAVEEXEC_B64) {
        s ^ old
    } else if is(OP, Op::S_ANDN2_SAVEEXEC_B64) || is(OP, Op::S_ANDN2_WREXEC_B64) {
        s & !old
    } else if is(OP, Op::S_ORN2_SAVEEXEC_B64) {
        s | !old
    } else if is(OP, Op::S_NAND_SAVEEXEC_B64) {
        !(s & old)
    } else if is(OP, Op::S_NOR_SAVEEXEC_B64) {
        !(s | old)
    } else if is(OP, Op::S_XNOR_SAVEEXEC_B64) {
        !(s ^ old)
    } else if is(OP, Op::S_ANDN1_SAVEEXEC_B64) || is(OP, Op::S_ANDN1_WREXEC_B64) {
        !s & old
    } else {
        // S_ORN1_SAVEEXEC_B64
        !s | old
    };
    w.set_exec(new);
    let wrexec = is(OP, Op::S_ANDN1_WREXEC_B64) || is(OP, Op::S_ANDN2_WREXEC_B64);
    w.write_sgpr64(i.dst, if wrexec { new } else { old });
    w.scc = new != 0;
    Ok(FlowWord::NEXT)
}

// ---------------------------------------------------------------------------------------------------------------
// M0-relative moves
// ---------------------------------------------------------------------------------------------------------------

/// The SGPR index `base + M0` for S_MOVRELS/S_MOVRELD, or `None` when out of range (guide §3.6.1: a source
/// then reads SGPR0, a destination is not written). Indexing may not leave the register group it starts in:
/// s0..s101, or the special registers above.
#[inline(always)]
fn movrel_index(w: &Wave, base: Operand, width: u32) -> Option<usize> {
    let limit: u64 = if base.0 < 102 { 102 } else { 128 };
    let r = base.0 as u64 + w.m0() as u64;
    if base.0 < 128 && r + width as u64 <= limit {
        Some(r as usize)
    } else {
        None
    }
}

/// S_MOVRELS_B32/B64: `addr = SRC0.u32 + M0; D0 = SGPR[addr]` (SRC0 is the raw register number).
fn movrels<const B64: bool>(w: &mut Wave, i: &Inst, _: &mut Ctx) -> R {
    let r = movrel_index(w, i.src[0], if B64 { 2 } else { 1 }).unwrap_or(0);
    if B64 {
        let v = read_sgpr64(w, r);
        w.write_sgpr64(i.dst, v);
    } else {
        let v = w.sgpr[r];
        w.write_sgpr(i.dst, v);
    }
    Ok(FlowWord::NEXT)
}

/// S_MOVRELD_B32/B64: `addr = DST.u32 + M0; SGPR[addr] = S0`.
fn movreld<const B64: bool>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let width = if B64 { 2 } else { 1 };
    let v = if B64 {
        src64(w, i, 0, c)
    } else {
        src32(w, i, 0, c) as u64
    };
    if let Some(r) = movrel_index(w, i.dst, width) {
        if B64 {
            write_sgpr64_at(w, r, v);
        } else {
            w.sgpr[r] = v as u32;
        }
    }
    Ok(FlowWord::NEXT)
}

// ---------------------------------------------------------------------------------------------------------------
// Fork / join (control stack in SGPR[CSP * 4 .. +4], CSP = MODE[31:29])
// ---------------------------------------------------------------------------------------------------------------

#[inline(always)]
fn csp(w: &Wave) -> u32 {
    (w.mode & mode_bits::CSP_MASK) >> mode_bits::CSP_SHIFT
}

#[inline(always)]
fn set_csp(w: &mut Wave, v: u32) {
    w.mode = (w.mode & !mode_bits::CSP_MASK) | ((v & 7) << mode_bits::CSP_SHIFT);
}

/// The shared body of S_CBRANCH_G_FORK / S_CBRANCH_I_FORK:
/// ```text
/// mask_pass = S0 & EXEC; mask_fail = ~S0 & EXEC
/// if mask_pass == EXEC: PC = target
/// elsif mask_fail == EXEC: PC = next
/// elsif bitCount(mask_fail) < bitCount(mask_pass):
///     EXEC = mask_fail; SGPR[CSP*4].b128 = { target, mask_pass }; CSP += 1; PC = next
/// else
///     EXEC = mask_pass; SGPR[CSP*4].b128 = { next, mask_fail }; CSP += 1; PC = target
/// ```
/// `{hi, lo}`: the mask goes in SGPR[CSP*4 .. +1], the PC in SGPR[CSP*4+2 .. +3].
fn fork(w: &mut Wave, s0: u64, target: u64, next: u64) -> Flow {
    let exec = w.exec();
    let pass = s0 & exec;
    let fail = !s0 & exec;
    if pass == exec {
        w.pc = target;
        return Flow::Jump;
    }
    if fail == exec {
        w.pc = next;
        return Flow::Jump;
    }
    let slot = (csp(w) * 4) as usize;
    let (run, other_mask, other_pc, pc) = if fail.count_ones() < pass.count_ones() {
        (fail, pass, target, next)
    } else {
        (pass, fail, next, target)
    };
    w.set_exec(run);
    write_sgpr64_at(w, slot, other_mask);
    write_sgpr64_at(w, slot + 2, other_pc);
    set_csp(w, csp(w) + 1);
    w.pc = pc;
    Flow::Jump
}

/// S_CBRANCH_G_FORK S0 (mask), S1 (64-bit target address): see [`fork`].
fn g_fork(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let s0 = src64(w, i, 0, c);
    let target = src64(w, i, 1, c);
    let next = w.pc.wrapping_add(i.size as u64);
    Ok(fork(w, s0, target, next).into())
}

/// S_CBRANCH_I_FORK SDST-field (mask), SIMM16: `target_addr = PC + signext(SIMM16 * 4) + 4`; see [`fork`].
fn i_fork(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let s0 = w.read_scalar(sopk_reg(i), i.literal, &c.apertures, ConstKind::B64);
    let next = w.pc.wrapping_add(4);
    let target = next.wrapping_add((simm16(i) as i64 * 4) as u64);
    Ok(fork(w, s0, target, next).into())
}

/// S_CBRANCH_JOIN S0 (saved CSP):
/// `if CSP == S0 then PC += 4 else CSP -= 1; { PC, EXEC } = SGPR[CSP * 4].b128 endif`.
fn join(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let saved = src32(w, i, 0, c);
    let cur = csp(w);
    if cur == saved {
        return Ok(FlowWord::NEXT);
    }
    let top = cur.wrapping_sub(1) & 7;
    set_csp(w, top);
    let slot = (top * 4) as usize;
    let exec = read_sgpr64(w, slot);
    let pc = read_sgpr64(w, slot + 2);
    w.set_exec(exec);
    w.pc = pc;
    Ok(FlowWord::JUMP)
}

// ---------------------------------------------------------------------------------------------------------------
// Hardware registers
// ---------------------------------------------------------------------------------------------------------------

/// The fields of a hwreg SIMM16: `{size-1[15:11], offset[10:6], id[5:0]}` → (id, offset, size 1..=32).
#[inline(always)]
fn hwreg_fields(simm16: u32) -> (u32, u32, u32) {
    (
        simm16 & 0x3F,
        (simm16 >> 6) & 0x1F,
        ((simm16 >> 11) & 0x1F) + 1,
    )
}

/// STATUS with its live bits (SCC, EXECZ, VCCZ) filled in from the wave.
fn status_value(w: &Wave) -> u32 {
    let mut s = w.status & !(status_bits::SCC | status_bits::EXECZ | status_bits::VCCZ);
    if w.scc {
        s |= status_bits::SCC;
    }
    if w.exec() == 0 {
        s |= status_bits::EXECZ;
    }
    if w.vcc() == 0 {
        s |= status_bits::VCCZ;
    }
    s
}

/// `HW_REGISTERS[id]` as S_GETREG_B32 sees it (state.md "Other S_GETREG registers" and Tables 19–22).
fn hwreg_value(w: &Wave, c: &Ctx, id: u32) -> u32 {
    match id {
        hwreg::MODE => w.mode,
        hwreg::STATUS => status_value(w),
        hwreg::TRAPSTS => w.trapsts,
        // HW_ID: WAVE_ID 3:0, SIMD_ID 5:4; CU/SE/TG/VM/QUEUE/ME ids are 0 in wavescope's single-CU model.
        hwreg::HW_ID => ((w.id.wave_in_group / 4) & 0xF) | ((w.id.simd as u32 & 3) << 4),
        // GPR_ALLOC: VGPR_SIZE 11:6 in units of 4 (0 = 4), ACCV_OFF 17:12 in units of 4, SGPR_SIZE 27:24 in
        // units of 16 (0 = 16). wavescope does not track the SGPR allocation: it reports 112 (102 + VCC and
        // the reserved ones, rounded up to 16).
        hwreg::GPR_ALLOC => {
            let arch = (w.vgpr_count as u32).div_ceil(4) * 4;
            let total = (arch + w.agpr_count as u32).max(4);
            let vgpr_size = (total.div_ceil(4) - 1).min(63);
            let accv_off = (arch / 4).min(63);
            let sgpr_size = 112 / 16 - 1;
            (vgpr_size << 6) | (accv_off << 12) | (sgpr_size << 24)
        }
        // LDS_ALLOC: LDS_SIZE 21:12 in units of 64 dwords (256 bytes); LDS_BASE 0.
        hwreg::LDS_ALLOC => ((c.lds.len() as u32).div_ceil(256).min(0x3FF)) << 12,
        // IB_STS: nothing is outstanding in an untimed run.
        hwreg::IB_STS => 0,
        // SH_MEM_BASES: [15:0] private aperture bits 63:48, [31:16] shared aperture bits 63:48.
        hwreg::SH_MEM_BASES => {
            ((c.apertures.private_base >> 48) as u32 & 0xFFFF)
                | (((c.apertures.shared_base >> 48) as u32 & 0xFFFF) << 16)
        }
        // TBA/TMA (no trap handler), XCC_ID (one XCC), perf snapshots: 0. Reserved ids read 0.
        _ => 0,
    }
}

/// `HwRegWriteMask(id, WAVE_STATUS.PRIV)`: MODE and TRAPSTS are writable by the program; STATUS only when
/// privileged; every other register is read-only (writes are dropped).
fn hwreg_write_mask(w: &Wave, id: u32) -> u32 {
    match id {
        hwreg::MODE | hwreg::TRAPSTS => u32::MAX,
        hwreg::STATUS if w.status & STATUS_PRIV != 0 => u32::MAX,
        _ => 0,
    }
}

/// S_GETREG_B32: `D0.u32 = (HW_REGISTERS[id] >> offset) & ((1 << size) - 1)`.
fn getreg(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let (id, offset, size) = hwreg_fields(i.imm as u32 & 0xFFFF);
    let v = (hwreg_value(w, c, id) >> offset) & mask32(size);
    w.write_sgpr(sopk_reg(i), v);
    Ok(FlowWord::NEXT)
}

/// S_SETREG_B32 (value from the SDST-field register) / S_SETREG_IMM32_B32 (value from the literal):
/// ```text
/// mask = (((1 << size) - 1) << offset) & HwRegWriteMask(id, PRIV)
/// HW_REGISTERS[id] = ((S0 << offset) & mask) | (HW_REGISTERS[id] & ~mask)
/// ```
fn setreg<const IMM32: bool>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let (id, offset, size) = hwreg_fields(i.imm as u32 & 0xFFFF);
    let s0 = if IMM32 {
        i.literal
    } else {
        w.read_scalar(sopk_reg(i), i.literal, &c.apertures, ConstKind::B32) as u32
    };
    let mask = ((mask32(size) as u64) << offset) as u32 & hwreg_write_mask(w, id);
    if mask == 0 {
        return Ok(FlowWord::NEXT);
    }
    let old = hwreg_value(w, c, id);
    let v = ((s0 << offset) & mask) | (old & !mask);
    match id {
        hwreg::MODE => w.mode = v,
        hwreg::TRAPSTS => w.trapsts = v,
        hwreg::STATUS => {
            // A privileged write: SCC is STATUS[0]; EXECZ/VCCZ follow EXEC/VCC and are not stored.
            w.scc = v & status_bits::SCC != 0;
            w.status = v & !(status_bits::SCC | status_bits::EXECZ | status_bits::VCCZ);
        }
        _ => {}
    }
    Ok(FlowWord::NEXT)
}

// ---------------------------------------------------------------------------------------------------------------
// VSKIP and VGPR indexing state
// ---------------------------------------------------------------------------------------------------------------

/// S_SETVSKIP: `VSKIP = S0.u32[S1.u32[4:0]]` (stored as MODE.VSKIP).
fn setvskip(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let s0 = src32(w, i, 0, c);
    let s1 = src32(w, i, 1, c);
    if (s0 >> (s1 & 31)) & 1 != 0 {
        w.mode |= mode_bits::VSKIP;
    } else {
        w.mode &= !mode_bits::VSKIP;
    }
    Ok(FlowWord::NEXT)
}

/// S_SET_GPR_IDX_ON: `MODE.GPR_IDX_EN = 1; M0[7:0] = S0[7:0]; M0[15:12] = SRC1[3:0]` (the raw SSRC1 field,
/// not the register it would name); other M0 bits kept.
fn set_gpr_idx_on(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let s0 = src32(w, i, 0, c);
    // The decoder keeps the raw SSRC1 field in `imm` (src[1] NONE); accept it in src[1] too.
    let modes = if i.src[1].is_none() {
        i.imm as u32
    } else {
        i.src[1].0 as u32
    } & 0xF;
    let m0 = w.m0();
    w.sgpr[crate::exec::wave::M0] = (m0 & !0xF0FF) | (s0 & 0xFF) | (modes << 12);
    w.mode |= mode_bits::GPR_IDX_EN;
    Ok(FlowWord::NEXT)
}

/// S_SET_GPR_IDX_IDX: `M0[7:0] = S0.u32[7:0]`.
fn set_gpr_idx_idx(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let s0 = src32(w, i, 0, c);
    let m0 = w.m0();
    w.sgpr[crate::exec::wave::M0] = (m0 & !0xFF) | (s0 & 0xFF);
    Ok(FlowWord::NEXT)
}

/// SOPP S_SET_GPR_IDX_OFF: `WAVE_MODE.GPR_IDX_EN = 0`.
fn set_gpr_idx_off(w: &mut Wave, _: &Inst, _: &mut Ctx) -> R {
    w.mode &= !mode_bits::GPR_IDX_EN;
    Ok(FlowWord::NEXT)
}

/// SOPP S_SET_GPR_IDX_MODE: `M0[15:12] = SIMM16[3:0]`.
fn set_gpr_idx_mode(w: &mut Wave, i: &Inst, _: &mut Ctx) -> R {
    let m0 = w.m0();
    w.sgpr[crate::exec::wave::M0] = (m0 & !0xF000) | ((i.imm as u32 & 0xF) << 12);
    Ok(FlowWord::NEXT)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every ALU op has both a shape (compile-time) and an evaluation arm (would panic here otherwise).
    #[test]
    fn every_alu_op_evaluates() {
        for &op in ALU_OPS {
            let _ = eval(op as u16, 0x1234_5678_9ABC_DEF0, 0x0004_0003, 0x55, true);
            let _ = shape(op as u16);
        }
        assert!(ALU_OPS.len() > 100);
    }
}
