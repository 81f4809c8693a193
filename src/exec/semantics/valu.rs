//! Vector ALU semantics: VOP1, VOP2, VOPC, VOP3A/VOP3B (non-packed), with the DPP and SDWA extensions and
//! the VOP3 modifiers (abs/neg on float sources, clamp, omod, op_sel for 16-bit operands, VOP3B carry sdst,
//! VOPC-as-VOP3 sdst), following pseudocode.md and the CDNA4 / MI200 guides.
//!
//! Layout:
//! - `lanes`: operand plumbing written once (EXEC/DPP lane plan and gather, SDWA select/place, op_sel,
//!   source modifiers, omod/clamp, 16-bit half placement);
//! - `family`: the generic handlers (`vop` for one result per lane, `vop_flag` for a result plus a carry /
//!   flag bit);
//! - `ops`: the per-lane operations, float ones generic over f16/f32/f64;
//! - `cmp`: all VOPC compares as one family;
//! - `special`: cross-lane and odd-shaped ops.
//! Float rules (MODE round/denormals/IEEE/DX10_CLAMP) are in `crate::exec::float`.
//!
//! Not here: VOP3P packed math, the fp8/bf8/fp6/fp4 conversions and the stochastic-rounding converts
//! V_CVT_SR_* (`vop3p`), MFMA and V_ACCVGPR_READ/
//! WRITE (`mai`). V_SCREEN_PARTITION_4SE_B32 (graphics; no pseudocode or table in any guide) is
//! unimplemented and faults "not implemented".

mod cmp;
mod family;
pub(crate) mod fast;
mod lanes;
mod ops;
mod special;

use crate::exec::fidelity::Fidelity;
use crate::exec::Handler;
use crate::isa::{Inst, Op};
pub(crate) use family::host_avx2;
use ops::*;

/// The handler of a VALU op, for any instruction of that op.
pub fn lookup(op: Op) -> Option<Handler> {
    lookup_for(op, None)
}

/// The handler of a VALU instruction, chosen once per instruction at load: for a plain instruction (no DPP/SDWA,
/// no modifiers) of a `vop`/`vop_flag` op, the chunked handler of the host's level, which then checks only
/// MODE.GPR_IDX_EN per instruction (`family::vop_for`).
pub fn lookup_inst(inst: &Inst) -> Option<Handler> {
    lookup_for(inst.op, Some(family::plain_inst(inst)))
}

/// `lookup`; `p`: whether the instruction is plain (`family::plain_inst`), None for any instruction of `op`.
fn lookup_for(op: Op, p: Option<bool>) -> Option<Handler> {
    use cmp::vopc_class;
    use family::{vop_flag_for as vf, vop_for as v};
    use Op::*;
    let h: Handler = match op {
        // ---- moves, selects, cross-lane
        V_NOP | V_CLREXCP => special::nop,
        V_MOV_B32 => v::<MovB32>(p),
        V_MOV_B64 => v::<MovB64>(p),
        V_ACCVGPR_MOV_B32 => v::<AccvgprMovB32>(p),
        V_CNDMASK_B32 => v::<CndmaskB32>(p),
        V_READFIRSTLANE_B32 => special::readfirstlane,
        V_READLANE_B32 => special::readlane,
        V_WRITELANE_B32 => special::writelane,
        V_SWAP_B32 => special::swap,
        V_PERMLANE16_SWAP_B32 => special::permlane16_swap,
        V_PERMLANE32_SWAP_B32 => special::permlane32_swap,

        // ---- float arithmetic
        V_ADD_F16 => v::<Add<H>>(p),
        V_ADD_F32 => v::<Add<S>>(p),
        V_ADD_F64 => v::<Add<D>>(p),
        V_SUB_F16 => v::<Sub<H>>(p),
        V_SUB_F32 => v::<Sub<S>>(p),
        V_SUBREV_F16 => v::<Subrev<H>>(p),
        V_SUBREV_F32 => v::<Subrev<S>>(p),
        V_MUL_F16 => v::<Mul<H>>(p),
        V_MUL_F32 => v::<Mul<S>>(p),
        V_MUL_F64 => v::<Mul<D>>(p),
        V_MUL_LEGACY_F32 => v::<MulLegacyF32>(p),
        V_FMA_F16 => v::<Fma<H>>(p),
        V_FMA_F32 => v::<Fma<S>>(p),
        V_FMA_F64 => v::<Fma<D>>(p),
        V_FMAC_F32 => v::<Fmac<S>>(p),
        V_FMAC_F64 => v::<Fmac<D>>(p),
        V_FMAMK_F32 => v::<FmamkF32>(p),
        V_FMAAK_F32 => v::<FmaakF32>(p),
        V_MAD_F16 => v::<MadF16>(p),
        V_MAD_LEGACY_F16 => v::<MadLegacyF16>(p),
        V_FMA_LEGACY_F16 => v::<FmaLegacyF16>(p),
        V_MAC_F16 => v::<MacF16>(p),
        V_MADMK_F16 => v::<MadmkF16>(p),
        V_MADAK_F16 => v::<MadakF16>(p),
        V_PK_FMAC_F16 => v::<PkFmacF16>(p),
        V_MIN_F16 => v::<Min<H>>(p),
        V_MIN_F32 => v::<Min<S>>(p),
        V_MIN_F64 => v::<Min<D>>(p),
        V_MAX_F16 => v::<Max<H>>(p),
        V_MAX_F32 => v::<Max<S>>(p),
        V_MAX_F64 => v::<Max<D>>(p),
        V_MIN3_F16 => v::<Min3<H>>(p),
        V_MIN3_F32 => v::<Min3<S>>(p),
        V_MAX3_F16 => v::<Max3<H>>(p),
        V_MAX3_F32 => v::<Max3<S>>(p),
        V_MED3_F16 => v::<Med3<H>>(p),
        V_MED3_F32 => v::<Med3<S>>(p),
        V_MINIMUM3_F32 => v::<Minimum3F32>(p),
        V_MAXIMUM3_F32 => v::<Maximum3F32>(p),
        V_LDEXP_F16 => v::<LdexpF16>(p),
        V_LDEXP_F32 => v::<Ldexp<S>>(p),
        V_LDEXP_F64 => v::<Ldexp<D>>(p),
        V_TRUNC_F16 => v::<Trunc<H>>(p),
        V_TRUNC_F32 => v::<Trunc<S>>(p),
        V_TRUNC_F64 => v::<Trunc<D>>(p),
        V_CEIL_F16 => v::<Ceil<H>>(p),
        V_CEIL_F32 => v::<Ceil<S>>(p),
        V_CEIL_F64 => v::<Ceil<D>>(p),
        V_FLOOR_F16 => v::<Floor<H>>(p),
        V_FLOOR_F32 => v::<Floor<S>>(p),
        V_FLOOR_F64 => v::<Floor<D>>(p),
        V_RNDNE_F16 => v::<Rndne<H>>(p),
        V_RNDNE_F32 => v::<Rndne<S>>(p),
        V_RNDNE_F64 => v::<Rndne<D>>(p),
        V_FRACT_F16 => v::<Fract<H>>(p),
        V_FRACT_F32 => v::<Fract<S>>(p),
        V_FRACT_F64 => v::<Fract<D>>(p),
        V_FREXP_MANT_F16 => v::<FrexpMant<H>>(p),
        V_FREXP_MANT_F32 => v::<FrexpMant<S>>(p),
        V_FREXP_MANT_F64 => v::<FrexpMant<D>>(p),
        V_FREXP_EXP_I16_F16 => v::<FrexpExpI16F16>(p),
        V_FREXP_EXP_I32_F32 => v::<FrexpExp<S>>(p),
        V_FREXP_EXP_I32_F64 => v::<FrexpExp<D>>(p),
        V_RCP_F16 => v::<Tr<H, 0>>(p),
        V_RCP_F32 | V_RCP_IFLAG_F32 => v::<Tr<S, 0>>(p),
        V_RCP_F64 => v::<Tr<D, 0>>(p),
        V_RSQ_F16 => v::<Tr<H, 1>>(p),
        V_RSQ_F32 => v::<Tr<S, 1>>(p),
        V_RSQ_F64 => v::<Tr<D, 1>>(p),
        V_SQRT_F16 => v::<Tr<H, 2>>(p),
        V_SQRT_F32 => v::<Tr<S, 2>>(p),
        V_SQRT_F64 => v::<Tr<D, 2>>(p),
        V_EXP_F16 => v::<Tr<H, 3>>(p),
        V_EXP_F32 | V_EXP_LEGACY_F32 => v::<Tr<S, 3>>(p),
        V_LOG_F16 => v::<Tr<H, 4>>(p),
        V_LOG_F32 | V_LOG_LEGACY_F32 => v::<Tr<S, 4>>(p),
        V_SIN_F16 => v::<Tr<H, 5>>(p),
        V_SIN_F32 => v::<Tr<S, 5>>(p),
        V_COS_F16 => v::<Tr<H, 6>>(p),
        V_COS_F32 => v::<Tr<S, 6>>(p),
        V_DIV_FIXUP_F16 => v::<DivFixup<H>>(p),
        V_DIV_FIXUP_F32 => v::<DivFixup<S>>(p),
        V_DIV_FIXUP_F64 => v::<DivFixup<D>>(p),
        V_DIV_FIXUP_LEGACY_F16 => v::<DivFixupLegacyF16>(p),
        V_DIV_FMAS_F32 => v::<DivFmas<S>>(p),
        V_DIV_FMAS_F64 => v::<DivFmas<D>>(p),
        V_DIV_SCALE_F32 => vf::<DivScale<S>>(p),
        V_DIV_SCALE_F64 => vf::<DivScale<D>>(p),
        V_TRIG_PREOP_F64 => special::trig_preop,
        V_CUBEID_F32 => v::<CubeidF32>(p),
        V_CUBESC_F32 => v::<CubescF32>(p),
        V_CUBETC_F32 => v::<CubetcF32>(p),
        V_CUBEMA_F32 => v::<CubemaF32>(p),

        // ---- conversions
        V_CVT_I32_F64 => v::<CvtI32F64>(p),
        V_CVT_U32_F64 => v::<CvtU32F64>(p),
        V_CVT_I32_F32 => v::<CvtI32F32>(p),
        V_CVT_U32_F32 => v::<CvtU32F32>(p),
        V_CVT_I16_F16 => v::<CvtI16F16>(p),
        V_CVT_U16_F16 => v::<CvtU16F16>(p),
        V_CVT_F64_I32 => v::<CvtF64I32>(p),
        V_CVT_F64_U32 => v::<CvtF64U32>(p),
        V_CVT_F32_I32 => v::<CvtF32I32>(p),
        V_CVT_F32_U32 => v::<CvtF32U32>(p),
        V_CVT_F16_U16 => v::<CvtF16U16>(p),
        V_CVT_F16_I16 => v::<CvtF16I16>(p),
        V_CVT_F16_F32 => v::<CvtF16F32>(p),
        V_CVT_F32_F16 => v::<CvtF32F16>(p),
        V_CVT_F32_F64 => v::<CvtF32F64>(p),
        V_CVT_F64_F32 => v::<CvtF64F32>(p),
        V_CVT_RPI_I32_F32 => v::<CvtRpiI32F32>(p),
        V_CVT_FLR_I32_F32 => v::<CvtFlrI32F32>(p),
        V_CVT_OFF_F32_I4 => v::<CvtOffF32I4>(p),
        V_CVT_F32_UBYTE0 => v::<CvtF32Ubyte<0>>(p),
        V_CVT_F32_UBYTE1 => v::<CvtF32Ubyte<1>>(p),
        V_CVT_F32_UBYTE2 => v::<CvtF32Ubyte<2>>(p),
        V_CVT_F32_UBYTE3 => v::<CvtF32Ubyte<3>>(p),
        V_CVT_F32_BF16 => v::<CvtF32Bf16>(p),
        V_CVT_NORM_I16_F16 => v::<CvtNormI16F16>(p),
        V_CVT_NORM_U16_F16 => v::<CvtNormU16F16>(p),
        V_CVT_PKNORM_I16_F32 => v::<CvtPknormI16F32>(p),
        V_CVT_PKNORM_U16_F32 => v::<CvtPknormU16F32>(p),
        V_CVT_PKNORM_I16_F16 => v::<CvtPknormI16F16>(p),
        V_CVT_PKNORM_U16_F16 => v::<CvtPknormU16F16>(p),
        V_CVT_PKRTZ_F16_F32 => v::<CvtPkrtzF16F32>(p),
        V_CVT_PK_F16_F32 => v::<CvtPkF16F32>(p),
        V_CVT_PK_BF16_F32 => v::<CvtPkBf16F32>(p),
        V_CVT_PK_U16_U32 => v::<CvtPkU16U32>(p),
        V_CVT_PK_I16_I32 => v::<CvtPkI16I32>(p),
        V_CVT_PK_U8_F32 => v::<CvtPkU8F32>(p),
        V_CVT_PKACCUM_U8_F32 => v::<CvtPkaccumU8F32>(p),
        V_SAT_PK_U8_I16 => v::<SatPkU8I16>(p),
        V_PACK_B32_F16 => v::<PackB32F16>(p),

        // ---- dot products
        V_DOT2C_F32_F16 => v::<Dot2cF32F16>(p),
        V_DOT2C_F32_BF16 => v::<Dot2cF32Bf16>(p),
        V_DOT2C_I32_I16 => v::<Dot2cI32I16>(p),
        V_DOT4C_I32_I8 => v::<Dot4cI32I8>(p),
        V_DOT8C_I32_I4 => v::<Dot8cI32I4>(p),

        // ---- integer
        V_ADD_U32 => v::<AddU32>(p),
        V_SUB_U32 => v::<SubU32>(p),
        V_SUBREV_U32 => v::<SubrevU32>(p),
        V_ADD_I32 => v::<AddI32>(p),
        V_SUB_I32 => v::<SubI32>(p),
        V_ADD_U16 => v::<AddU16>(p),
        V_SUB_U16 => v::<SubU16>(p),
        V_SUBREV_U16 => v::<SubrevU16>(p),
        V_ADD_I16 => v::<AddI16>(p),
        V_SUB_I16 => v::<SubI16>(p),
        V_ADD_CO_U32 => vf::<AddCoU32>(p),
        V_SUB_CO_U32 => vf::<SubCoU32>(p),
        V_SUBREV_CO_U32 => vf::<SubrevCoU32>(p),
        V_ADDC_CO_U32 => vf::<AddcCoU32>(p),
        V_SUBB_CO_U32 => vf::<SubbCoU32>(p),
        V_SUBBREV_CO_U32 => vf::<SubbrevCoU32>(p),
        V_MAD_U64_U32 => vf::<MadU64U32>(p),
        V_MAD_I64_I32 => vf::<MadI64I32>(p),
        V_MUL_LO_U16 => v::<MulLoU16>(p),
        V_MUL_I32_I24 => v::<MulI32I24>(p),
        V_MUL_HI_I32_I24 => v::<MulHiI32I24>(p),
        V_MUL_U32_U24 => v::<MulU32U24>(p),
        V_MUL_HI_U32_U24 => v::<MulHiU32U24>(p),
        V_MUL_LO_U32 => v::<MulLoU32>(p),
        V_MUL_HI_U32 => v::<MulHiU32>(p),
        V_MUL_HI_I32 => v::<MulHiI32>(p),
        V_MAD_I32_I24 => v::<MadI32I24>(p),
        V_MAD_U32_U24 => v::<MadU32U24>(p),
        V_MAD_U32_U16 => v::<MadU32U16>(p),
        V_MAD_I32_I16 => v::<MadI32I16>(p),
        V_MAD_U16 => v::<MadU16>(p),
        V_MAD_I16 => v::<MadI16>(p),
        V_MAD_LEGACY_U16 => v::<MadLegacyU16>(p),
        V_MAD_LEGACY_I16 => v::<MadLegacyI16>(p),
        V_MIN_I32 => v::<MinI32>(p),
        V_MAX_I32 => v::<MaxI32>(p),
        V_MIN_U32 => v::<MinU32>(p),
        V_MAX_U32 => v::<MaxU32>(p),
        V_MIN_I16 => v::<MinI16>(p),
        V_MAX_I16 => v::<MaxI16>(p),
        V_MIN_U16 => v::<MinU16>(p),
        V_MAX_U16 => v::<MaxU16>(p),
        V_MIN3_I32 => v::<Min3I32>(p),
        V_MAX3_I32 => v::<Max3I32>(p),
        V_MED3_I32 => v::<Med3I32>(p),
        V_MIN3_U32 => v::<Min3U32>(p),
        V_MAX3_U32 => v::<Max3U32>(p),
        V_MED3_U32 => v::<Med3U32>(p),
        V_MIN3_I16 => v::<Min3I16>(p),
        V_MAX3_I16 => v::<Max3I16>(p),
        V_MED3_I16 => v::<Med3I16>(p),
        V_MIN3_U16 => v::<Min3U16>(p),
        V_MAX3_U16 => v::<Max3U16>(p),
        V_MED3_U16 => v::<Med3U16>(p),
        V_LSHRREV_B32 => v::<LshrrevB32>(p),
        V_ASHRREV_I32 => v::<AshrrevI32>(p),
        V_LSHLREV_B32 => v::<LshlrevB32>(p),
        V_LSHLREV_B16 => v::<LshlrevB16>(p),
        V_LSHRREV_B16 => v::<LshrrevB16>(p),
        V_ASHRREV_I16 => v::<AshrrevI16>(p),
        V_LSHLREV_B64 => v::<LshlrevB64>(p),
        V_LSHRREV_B64 => v::<LshrrevB64>(p),
        V_ASHRREV_I64 => v::<AshrrevI64>(p),
        V_LSHL_ADD_U64 => v::<LshlAddU64>(p),
        V_AND_B32 => v::<AndB32>(p),
        V_OR_B32 => v::<OrB32>(p),
        V_XOR_B32 => v::<XorB32>(p),
        V_XNOR_B32 => v::<XnorB32>(p),
        V_NOT_B32 => v::<NotB32>(p),
        V_BFREV_B32 => v::<BfrevB32>(p),
        V_FFBH_U32 => v::<FfbhU32>(p),
        V_FFBL_B32 => v::<FfblB32>(p),
        V_FFBH_I32 => v::<FfbhI32>(p),
        V_PRNG_B32 => v::<PrngB32>(p),
        V_BCNT_U32_B32 => v::<BcntU32B32>(p),
        V_MBCNT_LO_U32_B32 => v::<MbcntLo>(p),
        V_MBCNT_HI_U32_B32 => v::<MbcntHi>(p),
        V_BFM_B32 => v::<BfmB32>(p),
        V_BFE_U32 => v::<BfeU32>(p),
        V_BFE_I32 => v::<BfeI32>(p),
        V_BFI_B32 => v::<BfiB32>(p),
        V_ALIGNBIT_B32 => v::<AlignbitB32>(p),
        V_ALIGNBYTE_B32 => v::<AlignbyteB32>(p),
        V_LSHL_ADD_U32 => v::<LshlAddU32>(p),
        V_ADD_LSHL_U32 => v::<AddLshlU32>(p),
        V_ADD3_U32 => v::<Add3U32>(p),
        V_LSHL_OR_B32 => v::<LshlOrB32>(p),
        V_AND_OR_B32 => v::<AndOrB32>(p),
        V_OR3_B32 => v::<Or3B32>(p),
        V_XAD_U32 => v::<XadU32>(p),
        V_PERM_B32 => v::<PermB32>(p),
        V_BITOP3_B16 => v::<Bitop3B16>(p),
        V_BITOP3_B32 => v::<Bitop3B32>(p),
        V_LERP_U8 => v::<LerpU8>(p),
        V_SAD_U8 => v::<SadU8>(p),
        V_SAD_HI_U8 => v::<SadHiU8>(p),
        V_SAD_U16 => v::<SadU16>(p),
        V_SAD_U32 => v::<SadU32>(p),
        V_MSAD_U8 => v::<MsadU8>(p),
        V_QSAD_PK_U16_U8 => v::<QsadPkU16U8>(p),
        V_MQSAD_PK_U16_U8 => v::<MqsadPkU16U8>(p),
        V_MQSAD_U32_U8 => special::mqsad_u32_u8,
        V_ASHR_PK_I8_I32 => v::<AshrPkI8I32>(p),
        V_ASHR_PK_U8_I32 => v::<AshrPkU8I32>(p),

        // ---- compares: one family; the predicate and X come from the opcode
        V_CMP_CLASS_F16 | V_CMPX_CLASS_F16 => vopc_class::<cmp::F16>,
        V_CMP_CLASS_F32 | V_CMPX_CLASS_F32 => vopc_class::<cmp::F32>,
        V_CMP_CLASS_F64 | V_CMPX_CLASS_F64 => vopc_class::<cmp::F64>,
        _ => return cmp_lookup(op),
    };
    Some(h)
}

/// VOPC compares by opcode range (encodings.md VOPC; opcodes.csv): 0x20-0x3F f16, 0x40-0x5F f32,
/// 0x60-0x7F f64, 0xA0-0xBF i16/u16, 0xC0-0xDF i32/u32, 0xE0-0xFF i64/u64 (bit 3 picks unsigned for the
/// integer groups, bit 4 is CMPX).
fn cmp_lookup(op: Op) -> Option<Handler> {
    use cmp::vopc;
    let info = op.info();
    if info.format != crate::isa::Format::Vopc {
        return None;
    }
    let o = info.opcode;
    let unsigned = o & 8 != 0;
    Some(match o {
        0x20..=0x3F => vopc::<cmp::F16>,
        0x40..=0x5F => vopc::<cmp::F32>,
        0x60..=0x7F => vopc::<cmp::F64>,
        0xA0..=0xBF if unsigned => vopc::<cmp::U16>,
        0xA0..=0xBF => vopc::<cmp::I16>,
        0xC0..=0xDF if unsigned => vopc::<cmp::U32>,
        0xC0..=0xDF => vopc::<cmp::I32>,
        0xE0..=0xFF if unsigned => vopc::<cmp::U64>,
        0xE0..=0xFF => vopc::<cmp::I64>,
        _ => return None,
    })
}

/// Ops of this family that are not bit-exact, with their error bound (`None`: exact or not ours).
pub fn fidelity(op: Op) -> Option<(Fidelity, &'static str)> {
    use Op::*;
    let a = Fidelity::Approximate;
    Some(match op {
        V_RCP_F32 | V_RCP_IFLAG_F32 | V_RCP_F16 | V_RCP_F64 => (
            a,
            "hardware reciprocal is approximate (~1 ulp); wavescope returns the correctly rounded 1/x: \
             results may differ in the last bit",
        ),
        V_RSQ_F32 | V_RSQ_F16 | V_RSQ_F64 => (
            a,
            "hardware reciprocal square root is approximate (~1 ulp); wavescope returns 1/sqrt(x) from f64 \
             (correctly rounded except near ties): results may differ in the last bit",
        ),
        V_SQRT_F32 | V_SQRT_F16 | V_SQRT_F64 => (
            a,
            "hardware square root is approximate (~1 ulp for f32/f64); wavescope returns the correctly \
             rounded sqrt: results may differ in the last bit",
        ),
        V_EXP_F32 | V_EXP_F16 | V_LOG_F32 | V_LOG_F16 => (
            a,
            "hardware exp2/log2 are approximate (~1 ulp); wavescope rounds the f64 libm value once: results \
             may differ in the last bit",
        ),
        V_EXP_LEGACY_F32 | V_LOG_LEGACY_F32 => (
            a,
            "legacy exp2/log2 special cases are undocumented for CDNA4; wavescope computes exp2/log2 as \
             V_EXP_F32/V_LOG_F32 (~1 ulp vs hardware, special inputs may differ)",
        ),
        V_SIN_F32 | V_SIN_F16 | V_COS_F32 | V_COS_F16 => (
            a,
            "hardware sin/cos of x revolutions are approximate (~1 ulp in the valid range |x| < 256); \
             wavescope reduces x exactly and evaluates in f64: results may differ in the last bits, and \
             for out-of-range inputs",
        ),
        V_DOT2C_F32_F16 | V_DOT2C_F32_BF16 => (
            a,
            "the internal rounding of the hardware dot product is not documented; wavescope rounds after each \
             addition as the pseudocode reads: results may differ by 1 ulp",
        ),
        V_CVT_NORM_I16_F16 | V_CVT_NORM_U16_F16 | V_CVT_PKNORM_I16_F32 | V_CVT_PKNORM_U16_F32
        | V_CVT_PKNORM_I16_F16 | V_CVT_PKNORM_U16_F16 | V_CVT_PK_U8_F32 | V_CVT_PKACCUM_U8_F32 => (
            a,
            "float to normalised/8-bit integer rounding is not restated by the CDNA4 guide; wavescope rounds \
             to nearest even (D3D rule): results may differ by 1 where hardware rounds otherwise",
        ),
        V_CVT_PK_U16_U32 | V_CVT_PK_I16_I32 => (
            a,
            "u32_to_u16 / i32_to_i16 are not defined by the CDNA4 guide; wavescope saturates to the 16-bit \
             range: out-of-range inputs may differ if hardware truncates",
        ),
        V_DIV_SCALE_F32 | V_DIV_SCALE_F64 | V_DIV_FMAS_F32 | V_DIV_FMAS_F64 => (
            a,
            "division scaling steps follow the pseudocode with its documented gaps filled (DENORM tests, \
             fmas scale direction 2^+-64/2^+-128 by the quotient's exponent): exact for normal quotients; \
             quotients near the denormal/overflow limits may differ from hardware",
        ),
        _ => return None,
    })
}
