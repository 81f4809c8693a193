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
use crate::isa::Op;
pub(crate) use family::host_avx2;
use family::{vop, vop_flag};
use ops::*;

/// The handler of a VALU op, chosen once per instruction at load.
pub fn lookup(op: Op) -> Option<Handler> {
    use cmp::vopc_class;
    use Op::*;
    let h: Handler = match op {
        // ---- moves, selects, cross-lane
        V_NOP | V_CLREXCP => special::nop,
        V_MOV_B32 => vop::<MovB32>,
        V_MOV_B64 => vop::<MovB64>,
        V_ACCVGPR_MOV_B32 => vop::<AccvgprMovB32>,
        V_CNDMASK_B32 => vop::<CndmaskB32>,
        V_READFIRSTLANE_B32 => special::readfirstlane,
        V_READLANE_B32 => special::readlane,
        V_WRITELANE_B32 => special::writelane,
        V_SWAP_B32 => special::swap,
        V_PERMLANE16_SWAP_B32 => special::permlane16_swap,
        V_PERMLANE32_SWAP_B32 => special::permlane32_swap,

        // ---- float arithmetic
        V_ADD_F16 => vop::<Add<H>>,
        V_ADD_F32 => vop::<Add<S>>,
        V_ADD_F64 => vop::<Add<D>>,
        V_SUB_F16 => vop::<Sub<H>>,
        V_SUB_F32 => vop::<Sub<S>>,
        V_SUBREV_F16 => vop::<Subrev<H>>,
        V_SUBREV_F32 => vop::<Subrev<S>>,
        V_MUL_F16 => vop::<Mul<H>>,
        V_MUL_F32 => vop::<Mul<S>>,
        V_MUL_F64 => vop::<Mul<D>>,
        V_MUL_LEGACY_F32 => vop::<MulLegacyF32>,
        V_FMA_F16 => vop::<Fma<H>>,
        V_FMA_F32 => vop::<Fma<S>>,
        V_FMA_F64 => vop::<Fma<D>>,
        V_FMAC_F32 => vop::<Fmac<S>>,
        V_FMAC_F64 => vop::<Fmac<D>>,
        V_FMAMK_F32 => vop::<FmamkF32>,
        V_FMAAK_F32 => vop::<FmaakF32>,
        V_MAD_F16 => vop::<MadF16>,
        V_MAD_LEGACY_F16 => vop::<MadLegacyF16>,
        V_FMA_LEGACY_F16 => vop::<FmaLegacyF16>,
        V_MAC_F16 => vop::<MacF16>,
        V_MADMK_F16 => vop::<MadmkF16>,
        V_MADAK_F16 => vop::<MadakF16>,
        V_PK_FMAC_F16 => vop::<PkFmacF16>,
        V_MIN_F16 => vop::<Min<H>>,
        V_MIN_F32 => vop::<Min<S>>,
        V_MIN_F64 => vop::<Min<D>>,
        V_MAX_F16 => vop::<Max<H>>,
        V_MAX_F32 => vop::<Max<S>>,
        V_MAX_F64 => vop::<Max<D>>,
        V_MIN3_F16 => vop::<Min3<H>>,
        V_MIN3_F32 => vop::<Min3<S>>,
        V_MAX3_F16 => vop::<Max3<H>>,
        V_MAX3_F32 => vop::<Max3<S>>,
        V_MED3_F16 => vop::<Med3<H>>,
        V_MED3_F32 => vop::<Med3<S>>,
        V_MINIMUM3_F32 => vop::<Minimum3F32>,
        V_MAXIMUM3_F32 => vop::<Maximum3F32>,
        V_LDEXP_F16 => vop::<LdexpF16>,
        V_LDEXP_F32 => vop::<Ldexp<S>>,
        V_LDEXP_F64 => vop::<Ldexp<D>>,
        V_TRUNC_F16 => vop::<Trunc<H>>,
        V_TRUNC_F32 => vop::<Trunc<S>>,
        V_TRUNC_F64 => vop::<Trunc<D>>,
        V_CEIL_F16 => vop::<Ceil<H>>,
        V_CEIL_F32 => vop::<Ceil<S>>,
        V_CEIL_F64 => vop::<Ceil<D>>,
        V_FLOOR_F16 => vop::<Floor<H>>,
        V_FLOOR_F32 => vop::<Floor<S>>,
        V_FLOOR_F64 => vop::<Floor<D>>,
        V_RNDNE_F16 => vop::<Rndne<H>>,
        V_RNDNE_F32 => vop::<Rndne<S>>,
        V_RNDNE_F64 => vop::<Rndne<D>>,
        V_FRACT_F16 => vop::<Fract<H>>,
        V_FRACT_F32 => vop::<Fract<S>>,
        V_FRACT_F64 => vop::<Fract<D>>,
        V_FREXP_MANT_F16 => vop::<FrexpMant<H>>,
        V_FREXP_MANT_F32 => vop::<FrexpMant<S>>,
        V_FREXP_MANT_F64 => vop::<FrexpMant<D>>,
        V_FREXP_EXP_I16_F16 => vop::<FrexpExpI16F16>,
        V_FREXP_EXP_I32_F32 => vop::<FrexpExp<S>>,
        V_FREXP_EXP_I32_F64 => vop::<FrexpExp<D>>,
        V_RCP_F16 => vop::<Tr<H, 0>>,
        V_RCP_F32 | V_RCP_IFLAG_F32 => vop::<Tr<S, 0>>,
        V_RCP_F64 => vop::<Tr<D, 0>>,
        V_RSQ_F16 => vop::<Tr<H, 1>>,
        V_RSQ_F32 => vop::<Tr<S, 1>>,
        V_RSQ_F64 => vop::<Tr<D, 1>>,
        V_SQRT_F16 => vop::<Tr<H, 2>>,
        V_SQRT_F32 => vop::<Tr<S, 2>>,
        V_SQRT_F64 => vop::<Tr<D, 2>>,
        V_EXP_F16 => vop::<Tr<H, 3>>,
        V_EXP_F32 | V_EXP_LEGACY_F32 => vop::<Tr<S, 3>>,
        V_LOG_F16 => vop::<Tr<H, 4>>,
        V_LOG_F32 | V_LOG_LEGACY_F32 => vop::<Tr<S, 4>>,
        V_SIN_F16 => vop::<Tr<H, 5>>,
        V_SIN_F32 => vop::<Tr<S, 5>>,
        V_COS_F16 => vop::<Tr<H, 6>>,
        V_COS_F32 => vop::<Tr<S, 6>>,
        V_DIV_FIXUP_F16 => vop::<DivFixup<H>>,
        V_DIV_FIXUP_F32 => vop::<DivFixup<S>>,
        V_DIV_FIXUP_F64 => vop::<DivFixup<D>>,
        V_DIV_FIXUP_LEGACY_F16 => vop::<DivFixupLegacyF16>,
        V_DIV_FMAS_F32 => vop::<DivFmas<S>>,
        V_DIV_FMAS_F64 => vop::<DivFmas<D>>,
        V_DIV_SCALE_F32 => vop_flag::<DivScale<S>>,
        V_DIV_SCALE_F64 => vop_flag::<DivScale<D>>,
        V_TRIG_PREOP_F64 => special::trig_preop,
        V_CUBEID_F32 => vop::<CubeidF32>,
        V_CUBESC_F32 => vop::<CubescF32>,
        V_CUBETC_F32 => vop::<CubetcF32>,
        V_CUBEMA_F32 => vop::<CubemaF32>,

        // ---- conversions
        V_CVT_I32_F64 => vop::<CvtI32F64>,
        V_CVT_U32_F64 => vop::<CvtU32F64>,
        V_CVT_I32_F32 => vop::<CvtI32F32>,
        V_CVT_U32_F32 => vop::<CvtU32F32>,
        V_CVT_I16_F16 => vop::<CvtI16F16>,
        V_CVT_U16_F16 => vop::<CvtU16F16>,
        V_CVT_F64_I32 => vop::<CvtF64I32>,
        V_CVT_F64_U32 => vop::<CvtF64U32>,
        V_CVT_F32_I32 => vop::<CvtF32I32>,
        V_CVT_F32_U32 => vop::<CvtF32U32>,
        V_CVT_F16_U16 => vop::<CvtF16U16>,
        V_CVT_F16_I16 => vop::<CvtF16I16>,
        V_CVT_F16_F32 => vop::<CvtF16F32>,
        V_CVT_F32_F16 => vop::<CvtF32F16>,
        V_CVT_F32_F64 => vop::<CvtF32F64>,
        V_CVT_F64_F32 => vop::<CvtF64F32>,
        V_CVT_RPI_I32_F32 => vop::<CvtRpiI32F32>,
        V_CVT_FLR_I32_F32 => vop::<CvtFlrI32F32>,
        V_CVT_OFF_F32_I4 => vop::<CvtOffF32I4>,
        V_CVT_F32_UBYTE0 => vop::<CvtF32Ubyte<0>>,
        V_CVT_F32_UBYTE1 => vop::<CvtF32Ubyte<1>>,
        V_CVT_F32_UBYTE2 => vop::<CvtF32Ubyte<2>>,
        V_CVT_F32_UBYTE3 => vop::<CvtF32Ubyte<3>>,
        V_CVT_F32_BF16 => vop::<CvtF32Bf16>,
        V_CVT_NORM_I16_F16 => vop::<CvtNormI16F16>,
        V_CVT_NORM_U16_F16 => vop::<CvtNormU16F16>,
        V_CVT_PKNORM_I16_F32 => vop::<CvtPknormI16F32>,
        V_CVT_PKNORM_U16_F32 => vop::<CvtPknormU16F32>,
        V_CVT_PKNORM_I16_F16 => vop::<CvtPknormI16F16>,
        V_CVT_PKNORM_U16_F16 => vop::<CvtPknormU16F16>,
        V_CVT_PKRTZ_F16_F32 => vop::<CvtPkrtzF16F32>,
        V_CVT_PK_F16_F32 => vop::<CvtPkF16F32>,
        V_CVT_PK_BF16_F32 => vop::<CvtPkBf16F32>,
        V_CVT_PK_U16_U32 => vop::<CvtPkU16U32>,
        V_CVT_PK_I16_I32 => vop::<CvtPkI16I32>,
        V_CVT_PK_U8_F32 => vop::<CvtPkU8F32>,
        V_CVT_PKACCUM_U8_F32 => vop::<CvtPkaccumU8F32>,
        V_SAT_PK_U8_I16 => vop::<SatPkU8I16>,
        V_PACK_B32_F16 => vop::<PackB32F16>,

        // ---- dot products
        V_DOT2C_F32_F16 => vop::<Dot2cF32F16>,
        V_DOT2C_F32_BF16 => vop::<Dot2cF32Bf16>,
        V_DOT2C_I32_I16 => vop::<Dot2cI32I16>,
        V_DOT4C_I32_I8 => vop::<Dot4cI32I8>,
        V_DOT8C_I32_I4 => vop::<Dot8cI32I4>,

        // ---- integer
        V_ADD_U32 => vop::<AddU32>,
        V_SUB_U32 => vop::<SubU32>,
        V_SUBREV_U32 => vop::<SubrevU32>,
        V_ADD_I32 => vop::<AddI32>,
        V_SUB_I32 => vop::<SubI32>,
        V_ADD_U16 => vop::<AddU16>,
        V_SUB_U16 => vop::<SubU16>,
        V_SUBREV_U16 => vop::<SubrevU16>,
        V_ADD_I16 => vop::<AddI16>,
        V_SUB_I16 => vop::<SubI16>,
        V_ADD_CO_U32 => vop_flag::<AddCoU32>,
        V_SUB_CO_U32 => vop_flag::<SubCoU32>,
        V_SUBREV_CO_U32 => vop_flag::<SubrevCoU32>,
        V_ADDC_CO_U32 => vop_flag::<AddcCoU32>,
        V_SUBB_CO_U32 => vop_flag::<SubbCoU32>,
        V_SUBBREV_CO_U32 => vop_flag::<SubbrevCoU32>,
        V_MAD_U64_U32 => vop_flag::<MadU64U32>,
        V_MAD_I64_I32 => vop_flag::<MadI64I32>,
        V_MUL_LO_U16 => vop::<MulLoU16>,
        V_MUL_I32_I24 => vop::<MulI32I24>,
        V_MUL_HI_I32_I24 => vop::<MulHiI32I24>,
        V_MUL_U32_U24 => vop::<MulU32U24>,
        V_MUL_HI_U32_U24 => vop::<MulHiU32U24>,
        V_MUL_LO_U32 => vop::<MulLoU32>,
        V_MUL_HI_U32 => vop::<MulHiU32>,
        V_MUL_HI_I32 => vop::<MulHiI32>,
        V_MAD_I32_I24 => vop::<MadI32I24>,
        V_MAD_U32_U24 => vop::<MadU32U24>,
        V_MAD_U32_U16 => vop::<MadU32U16>,
        V_MAD_I32_I16 => vop::<MadI32I16>,
        V_MAD_U16 => vop::<MadU16>,
        V_MAD_I16 => vop::<MadI16>,
        V_MAD_LEGACY_U16 => vop::<MadLegacyU16>,
        V_MAD_LEGACY_I16 => vop::<MadLegacyI16>,
        V_MIN_I32 => vop::<MinI32>,
        V_MAX_I32 => vop::<MaxI32>,
        V_MIN_U32 => vop::<MinU32>,
        V_MAX_U32 => vop::<MaxU32>,
        V_MIN_I16 => vop::<MinI16>,
        V_MAX_I16 => vop::<MaxI16>,
        V_MIN_U16 => vop::<MinU16>,
        V_MAX_U16 => vop::<MaxU16>,
        V_MIN3_I32 => vop::<Min3I32>,
        V_MAX3_I32 => vop::<Max3I32>,
        V_MED3_I32 => vop::<Med3I32>,
        V_MIN3_U32 => vop::<Min3U32>,
        V_MAX3_U32 => vop::<Max3U32>,
        V_MED3_U32 => vop::<Med3U32>,
        V_MIN3_I16 => vop::<Min3I16>,
        V_MAX3_I16 => vop::<Max3I16>,
        V_MED3_I16 => vop::<Med3I16>,
        V_MIN3_U16 => vop::<Min3U16>,
        V_MAX3_U16 => vop::<Max3U16>,
        V_MED3_U16 => vop::<Med3U16>,
        V_LSHRREV_B32 => vop::<LshrrevB32>,
        V_ASHRREV_I32 => vop::<AshrrevI32>,
        V_LSHLREV_B32 => vop::<LshlrevB32>,
        V_LSHLREV_B16 => vop::<LshlrevB16>,
        V_LSHRREV_B16 => vop::<LshrrevB16>,
        V_ASHRREV_I16 => vop::<AshrrevI16>,
        V_LSHLREV_B64 => vop::<LshlrevB64>,
        V_LSHRREV_B64 => vop::<LshrrevB64>,
        V_ASHRREV_I64 => vop::<AshrrevI64>,
        V_LSHL_ADD_U64 => vop::<LshlAddU64>,
        V_AND_B32 => vop::<AndB32>,
        V_OR_B32 => vop::<OrB32>,
        V_XOR_B32 => vop::<XorB32>,
        V_XNOR_B32 => vop::<XnorB32>,
        V_NOT_B32 => vop::<NotB32>,
        V_BFREV_B32 => vop::<BfrevB32>,
        V_FFBH_U32 => vop::<FfbhU32>,
        V_FFBL_B32 => vop::<FfblB32>,
        V_FFBH_I32 => vop::<FfbhI32>,
        V_PRNG_B32 => vop::<PrngB32>,
        V_BCNT_U32_B32 => vop::<BcntU32B32>,
        V_MBCNT_LO_U32_B32 => vop::<MbcntLo>,
        V_MBCNT_HI_U32_B32 => vop::<MbcntHi>,
        V_BFM_B32 => vop::<BfmB32>,
        V_BFE_U32 => vop::<BfeU32>,
        V_BFE_I32 => vop::<BfeI32>,
        V_BFI_B32 => vop::<BfiB32>,
        V_ALIGNBIT_B32 => vop::<AlignbitB32>,
        V_ALIGNBYTE_B32 => vop::<AlignbyteB32>,
        V_LSHL_ADD_U32 => vop::<LshlAddU32>,
        V_ADD_LSHL_U32 => vop::<AddLshlU32>,
        V_ADD3_U32 => vop::<Add3U32>,
        V_LSHL_OR_B32 => vop::<LshlOrB32>,
        V_AND_OR_B32 => vop::<AndOrB32>,
        V_OR3_B32 => vop::<Or3B32>,
        V_XAD_U32 => vop::<XadU32>,
        V_PERM_B32 => vop::<PermB32>,
        V_BITOP3_B16 => vop::<Bitop3B16>,
        V_BITOP3_B32 => vop::<Bitop3B32>,
        V_LERP_U8 => vop::<LerpU8>,
        V_SAD_U8 => vop::<SadU8>,
        V_SAD_HI_U8 => vop::<SadHiU8>,
        V_SAD_U16 => vop::<SadU16>,
        V_SAD_U32 => vop::<SadU32>,
        V_MSAD_U8 => vop::<MsadU8>,
        V_QSAD_PK_U16_U8 => vop::<QsadPkU16U8>,
        V_MQSAD_PK_U16_U8 => vop::<MqsadPkU16U8>,
        V_MQSAD_U32_U8 => special::mqsad_u32_u8,
        V_ASHR_PK_I8_I32 => vop::<AshrPkI8I32>,
        V_ASHR_PK_U8_I32 => vop::<AshrPkU8I32>,

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
