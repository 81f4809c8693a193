//! gfx950 small-float conversions: V_CVT_[PK_]F32_FP8/BF8 (VOP1 84–87 and their VOP3 forms), V_CVT_PK_FP8/BF8_F32,
//! V_CVT_SR_FP8/BF8/F16/BF16_F32 (VOP3 674–679) and every V_CVT_SCALEF32_* (VOP3 565–611, 617, 618)
//! (pseudocode.md per opcode; CDNA4 §6.7.1, §7.3 Tables 30–32). Formats and rounding: [`super::lowfloat`].
//!
//! Rules used (pseudocode.md and §7.3):
//! - Scale: `scale = exponent(S.f32)` (the biased exponent field of the scale operand, E8M0, bias 127).
//!   Conversions FROM FP8/BF8/FP6/BF6/FP4 multiply by 2^(scale-127); conversions TO them divide by it
//!   before rounding (§6.7.1 "add an 8-bit exponent bias to each F4/F6/F8 value"; AMD's hip_ext_ocp host
//!   emulation subtracts the scale exponent when converting to the small format). A scale of 0xFF (E8M0
//!   NaN) gives NaN (the small format's NaN, or ±max for FP4/FP6).
//! - Rounding: round-to-nearest-even (the non-scaled converts force RNE in the pseudocode; Table 31 "RNE"),
//!   or stochastic rounding for the `_SR_` ops; the overflow rules are those of `lowfloat` (FP16_OVFL =
//!   MODE[23] for FP8/BF8; FP4/FP6 saturate).
//! - f32 sources honour MODE's f32 input-denormal flushing, f16/bf16 sources theirs (§7.3 "Conversion from
//!   F32 supports MODE-based denormal control; F4/F6/F8 allows denorms regardless of MODE").
//! - Modifiers: neg/abs apply to f32 value sources (Table 31 "supports: neg, abs"); conversions from
//!   F4/F6/F8 take none; clamp and omod are ignored.
//! - Byte/word/half selection by OP_SEL (bit 3 = destination), other destination bits preserved, as in the
//!   pseudocode. The VOP1 forms of V_CVT_[PK_]F32_FP8/BF8 select with SDWA SRC0_SEL; their VOP3 forms use
//!   OP_SEL[1:0] (byte) / OP_SEL[0] (word) as the scaled variants do (Table 31 lists "Op_Sel"; LLVM 22 does
//!   not model it and always encodes 0).

use super::lowfloat::{prng, scale_of_f32, Low};
use crate::exec::fidelity::Fidelity;
use crate::exec::float::{self as fp, Fmt, FpMode};
use crate::exec::FlowWord;
use crate::exec::{ConstKind, Ctx, Fault, Handler, Wave, LANES};
use crate::isa::{Ext, Format, Inst, Op};

/// MODE.FP16_OVFL (state.md MODE bit 23).
#[inline(always)]
fn fp16_ovfl(w: &Wave) -> bool {
    w.mode >> 23 & 1 != 0
}

pub fn lookup(op: Op) -> Option<Handler> {
    use Op::*;
    Some(match op {
        V_CVT_F32_FP8 => |w, i, c| cvt_f32_f8(w, i, c, Low::FP8),
        V_CVT_F32_BF8 => |w, i, c| cvt_f32_f8(w, i, c, Low::BF8),
        V_CVT_PK_F32_FP8 => |w, i, c| cvt_pk_f32_f8(w, i, c, Low::FP8),
        V_CVT_PK_F32_BF8 => |w, i, c| cvt_pk_f32_f8(w, i, c, Low::BF8),
        V_CVT_PK_FP8_F32 => |w, i, c| enc_pk2(w, i, c, Low::FP8, Src::F32Pair, None),
        V_CVT_PK_BF8_F32 => |w, i, c| enc_pk2(w, i, c, Low::BF8, Src::F32Pair, None),
        V_CVT_SR_FP8_F32 => |w, i, c| enc_sr1(w, i, c, Low::FP8, Fmt::F32, None),
        V_CVT_SR_BF8_F32 => |w, i, c| enc_sr1(w, i, c, Low::BF8, Fmt::F32, None),
        V_CVT_SR_F16_F32 => |w, i, c| cvt_sr_16(w, i, c, Low::F16, Fmt::F16),
        V_CVT_SR_BF16_F32 => |w, i, c| cvt_sr_16(w, i, c, Low::BF16, Fmt::BF16),

        V_CVT_SCALEF32_PK_FP8_F32 => |w, i, c| enc_pk2(w, i, c, Low::FP8, Src::F32Pair, Some(2)),
        V_CVT_SCALEF32_PK_BF8_F32 => |w, i, c| enc_pk2(w, i, c, Low::BF8, Src::F32Pair, Some(2)),
        V_CVT_SCALEF32_PK_FP8_F16 => {
            |w, i, c| enc_pk2(w, i, c, Low::FP8, Src::Packed(Fmt::F16), Some(1))
        }
        V_CVT_SCALEF32_PK_BF8_F16 => {
            |w, i, c| enc_pk2(w, i, c, Low::BF8, Src::Packed(Fmt::F16), Some(1))
        }
        V_CVT_SCALEF32_PK_FP8_BF16 => {
            |w, i, c| enc_pk2(w, i, c, Low::FP8, Src::Packed(Fmt::BF16), Some(1))
        }
        V_CVT_SCALEF32_PK_BF8_BF16 => {
            |w, i, c| enc_pk2(w, i, c, Low::BF8, Src::Packed(Fmt::BF16), Some(1))
        }
        V_CVT_SCALEF32_PK_FP4_F32 => |w, i, c| enc_pk2(w, i, c, Low::FP4, Src::F32Pair, Some(2)),
        V_CVT_SCALEF32_PK_FP4_F16 => {
            |w, i, c| enc_pk2(w, i, c, Low::FP4, Src::Packed(Fmt::F16), Some(1))
        }
        V_CVT_SCALEF32_PK_FP4_BF16 => {
            |w, i, c| enc_pk2(w, i, c, Low::FP4, Src::Packed(Fmt::BF16), Some(1))
        }

        V_CVT_SCALEF32_SR_FP8_F32 => |w, i, c| enc_sr1(w, i, c, Low::FP8, Fmt::F32, Some(2)),
        V_CVT_SCALEF32_SR_BF8_F32 => |w, i, c| enc_sr1(w, i, c, Low::BF8, Fmt::F32, Some(2)),
        V_CVT_SCALEF32_SR_FP8_F16 => |w, i, c| enc_sr1(w, i, c, Low::FP8, Fmt::F16, Some(2)),
        V_CVT_SCALEF32_SR_BF8_F16 => |w, i, c| enc_sr1(w, i, c, Low::BF8, Fmt::F16, Some(2)),
        V_CVT_SCALEF32_SR_FP8_BF16 => |w, i, c| enc_sr1(w, i, c, Low::FP8, Fmt::BF16, Some(2)),
        V_CVT_SCALEF32_SR_BF8_BF16 => |w, i, c| enc_sr1(w, i, c, Low::BF8, Fmt::BF16, Some(2)),
        V_CVT_SCALEF32_SR_PK_FP4_F32 => |w, i, c| enc_sr_pk_fp4(w, i, c, Src::F32RegPair),
        V_CVT_SCALEF32_SR_PK_FP4_F16 => |w, i, c| enc_sr_pk_fp4(w, i, c, Src::Packed(Fmt::F16)),
        V_CVT_SCALEF32_SR_PK_FP4_BF16 => |w, i, c| enc_sr_pk_fp4(w, i, c, Src::Packed(Fmt::BF16)),

        V_CVT_SCALEF32_PK_F32_FP8 => |w, i, c| dec_pk2(w, i, c, Low::FP8, Fmt::F32),
        V_CVT_SCALEF32_PK_F32_BF8 => |w, i, c| dec_pk2(w, i, c, Low::BF8, Fmt::F32),
        V_CVT_SCALEF32_PK_F16_FP8 => |w, i, c| dec_pk2(w, i, c, Low::FP8, Fmt::F16),
        V_CVT_SCALEF32_PK_F16_BF8 => |w, i, c| dec_pk2(w, i, c, Low::BF8, Fmt::F16),
        V_CVT_SCALEF32_PK_BF16_FP8 => |w, i, c| dec_pk2(w, i, c, Low::FP8, Fmt::BF16),
        V_CVT_SCALEF32_PK_BF16_BF8 => |w, i, c| dec_pk2(w, i, c, Low::BF8, Fmt::BF16),
        V_CVT_SCALEF32_PK_F32_FP4 => |w, i, c| dec_pk2(w, i, c, Low::FP4, Fmt::F32),
        V_CVT_SCALEF32_PK_F16_FP4 => |w, i, c| dec_pk2(w, i, c, Low::FP4, Fmt::F16),
        V_CVT_SCALEF32_PK_BF16_FP4 => |w, i, c| dec_pk2(w, i, c, Low::FP4, Fmt::BF16),
        V_CVT_SCALEF32_F32_FP8 => |w, i, c| dec_1(w, i, c, Low::FP8, Fmt::F32),
        V_CVT_SCALEF32_F32_BF8 => |w, i, c| dec_1(w, i, c, Low::BF8, Fmt::F32),
        V_CVT_SCALEF32_F16_FP8 => |w, i, c| dec_1(w, i, c, Low::FP8, Fmt::F16),
        V_CVT_SCALEF32_F16_BF8 => |w, i, c| dec_1(w, i, c, Low::BF8, Fmt::F16),

        V_CVT_SCALEF32_2XPK16_FP6_F32 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::FP6, Pk32::Interleaved)
        }
        V_CVT_SCALEF32_2XPK16_BF6_F32 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::BF6, Pk32::Interleaved)
        }
        V_CVT_SCALEF32_SR_PK32_FP6_F32 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::FP6, Pk32::Sr(Fmt::F32))
        }
        V_CVT_SCALEF32_SR_PK32_BF6_F32 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::BF6, Pk32::Sr(Fmt::F32))
        }
        V_CVT_SCALEF32_PK32_FP6_F16 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::FP6, Pk32::Rne(Fmt::F16))
        }
        V_CVT_SCALEF32_PK32_FP6_BF16 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::FP6, Pk32::Rne(Fmt::BF16))
        }
        V_CVT_SCALEF32_PK32_BF6_F16 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::BF6, Pk32::Rne(Fmt::F16))
        }
        V_CVT_SCALEF32_PK32_BF6_BF16 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::BF6, Pk32::Rne(Fmt::BF16))
        }
        V_CVT_SCALEF32_SR_PK32_FP6_F16 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::FP6, Pk32::Sr(Fmt::F16))
        }
        V_CVT_SCALEF32_SR_PK32_FP6_BF16 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::FP6, Pk32::Sr(Fmt::BF16))
        }
        V_CVT_SCALEF32_SR_PK32_BF6_F16 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::BF6, Pk32::Sr(Fmt::F16))
        }
        V_CVT_SCALEF32_SR_PK32_BF6_BF16 => {
            |w, i, c| enc_pk32_f6(w, i, c, Low::BF6, Pk32::Sr(Fmt::BF16))
        }
        V_CVT_SCALEF32_PK32_F32_FP6 => |w, i, c| dec_pk32_f6(w, i, c, Low::FP6, Fmt::F32),
        V_CVT_SCALEF32_PK32_F32_BF6 => |w, i, c| dec_pk32_f6(w, i, c, Low::BF6, Fmt::F32),
        V_CVT_SCALEF32_PK32_F16_FP6 => |w, i, c| dec_pk32_f6(w, i, c, Low::FP6, Fmt::F16),
        V_CVT_SCALEF32_PK32_BF16_FP6 => |w, i, c| dec_pk32_f6(w, i, c, Low::FP6, Fmt::BF16),
        V_CVT_SCALEF32_PK32_F16_BF6 => |w, i, c| dec_pk32_f6(w, i, c, Low::BF6, Fmt::F16),
        V_CVT_SCALEF32_PK32_BF16_BF6 => |w, i, c| dec_pk32_f6(w, i, c, Low::BF6, Fmt::BF16),
        _ => return None,
    })
}

pub fn fidelity(op: Op) -> Option<(Fidelity, &'static str)> {
    use Op::*;
    lookup(op)?;
    // OpInfo names are the lower-case mnemonics.
    let name = op.name();
    if matches!(
        op,
        V_CVT_SR_FP8_F32 | V_CVT_SR_BF8_F32 | V_CVT_SR_F16_F32 | V_CVT_SR_BF16_F32
    ) || name.starts_with("v_cvt_scalef32_sr_")
    {
        return Some((
            Fidelity::Approximate,
            "stochastic rounding: the pseudocode adds the random bits to the source mantissa but leaves the \
             carry and the final rounding unstated; wavescope adds the top (source - destination mantissa) \
             bits of the random value just below the kept bit and truncates (AMD's host emulation of these \
             gfx950 converts does the same). Deterministic, but results may differ from hardware in the last \
             bit for some random values, especially for subnormal results",
        ));
    }
    if name.starts_with("v_cvt_scalef32_") && !is_decode(name) {
        return Some((
            Fidelity::Approximate,
            "round-to-nearest-even of x / 2^(scale-127) with the §7.3 saturation rules; the pseudocode does \
             not spell out f32_to_*_scale, so the scale direction and the handling of NaN/inf inputs to \
             FP4/FP6 (to ±max) and of a 0xFF scale (NaN) follow AMD's host emulation: finite in-range \
             inputs are expected to match hardware exactly",
        ));
    }
    None
}

/// Conversions FROM FP8/BF8/FP6/BF6/FP4 (`..._<to>_<from>` names): exact decoding times a power of two and
/// at most one RNE rounding into f16/bf16.
fn is_decode(name: &str) -> bool {
    ["_fp8", "_bf8", "_fp4", "_fp6", "_bf6"]
        .iter()
        .any(|s| name.ends_with(s))
}

// ---------------------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------------------

/// Exact value of a source element with MODE input flushing; NaN stays NaN (sign kept).
#[inline(always)]
fn value(f: Fmt, x: u64, m: &FpMode) -> f64 {
    let x = m.flush_in(f, x);
    f.to_f64(x)
}

/// `v` (exact) to the small format with scale byte `s`: RNE of v / 2^(s-127).
#[inline(always)]
fn to_low(low: Low, v: f64, s: u8, ovfl: bool) -> u32 {
    if s == 0xFF {
        return low.encode_rne(
            if v.is_sign_negative() {
                -f64::NAN
            } else {
                f64::NAN
            },
            ovfl,
        );
    }
    low.encode_rne(v * fp::pow2(127 - s as i32), ovfl)
}

#[inline(always)]
fn to_low_sr(low: Low, v: f64, src: Fmt, rand: u32, s: u8, ovfl: bool) -> u32 {
    if s == 0xFF {
        return low.encode_rne(
            if v.is_sign_negative() {
                -f64::NAN
            } else {
                f64::NAN
            },
            ovfl,
        );
    }
    low.encode_sr(v * fp::pow2(127 - s as i32), src.mant, rand, ovfl)
}

/// Small-format bits times 2^(s-127), rounded (RNE) into `to` (exact for f32).
#[inline(always)]
fn from_low(low: Low, x: u32, s: u8, to: Fmt) -> u64 {
    let v = low.decode(x);
    let neg = v.is_sign_negative();
    if v.is_nan() || s == 0xFF {
        return to.default_nan() | if neg { to.sign_mask() } else { 0 };
    }
    fp::round_exact(
        to,
        v * fp::pow2(s as i32 - 127),
        0.0,
        fp::Round::NearestEven,
    )
}

/// Scale bytes per lane from source `i` (`exponent(S.f32)`); 127 (2^0) for the unscaled ops.
#[inline(always)]
fn scales(w: &Wave, inst: &Inst, ctx: &Ctx, i: Option<usize>) -> [u8; LANES] {
    match i {
        None => [127; LANES],
        Some(i) => {
            let v = w.read_vsrc(inst.src[i], inst.literal, &ctx.apertures, ConstKind::B32);
            let mut s = [0u8; LANES];
            for l in 0..LANES {
                s[l] = scale_of_f32(v[l]);
            }
            s
        }
    }
}

#[inline(always)]
fn vsrc(w: &Wave, inst: &Inst, ctx: &Ctx, i: usize) -> [u32; LANES] {
    w.read_vsrc(inst.src[i], inst.literal, &ctx.apertures, ConstKind::B32)
}

/// f32 source `i` with its abs/neg modifiers.
#[inline(always)]
fn f32_src(w: &Wave, inst: &Inst, ctx: &Ctx, i: usize) -> [u32; LANES] {
    let mut v = vsrc(w, inst, ctx, i);
    let (abs, neg) = (inst.mods.abs >> i & 1 != 0, inst.mods.neg >> i & 1 != 0);
    if abs || neg {
        for x in v.iter_mut() {
            if abs {
                *x &= 0x7FFF_FFFF;
            }
            if neg {
                *x ^= 0x8000_0000;
            }
        }
    }
    v
}

/// Register `k` past the first register of operand `op` (multi-register sources and destinations).
#[inline(always)]
fn reg(op: crate::isa::Operand, k: usize) -> usize {
    (Wave::vreg_index(op) + k) & 511
}

/// Write `bits` into `[lsb, lsb+width)` of the destination, other bits preserved (exec lanes only).
#[inline(always)]
fn write_field(w: &mut Wave, inst: &Inst, vals: &[u32; LANES], lsb: u32, width: u32) {
    let exec = w.exec();
    let mask = if width == 32 {
        u32::MAX
    } else {
        ((1u32 << width) - 1) << lsb
    };
    let d = &mut w.vreg[Wave::vreg_index(inst.dst)];
    for l in 0..LANES {
        if exec >> l & 1 != 0 {
            d[l] = (d[l] & !mask) | ((vals[l] << lsb) & mask);
        }
    }
}

/// Write whole registers `dst+k` (exec lanes only).
#[inline(always)]
fn write_reg(w: &mut Wave, inst: &Inst, k: usize, vals: &[u32; LANES]) {
    let exec = w.exec();
    let d = &mut w.vreg[reg(inst.dst, k)];
    for l in 0..LANES {
        if exec >> l & 1 != 0 {
            d[l] = vals[l];
        }
    }
}

#[inline(always)]
fn opsel(inst: &Inst, i: u32) -> u32 {
    (inst.mods.op_sel as u32 >> i) & 1
}

// ---------------------------------------------------------------------------------------------------------
// FP8/BF8 -> f32 (VOP1 / VOP3 / SDWA)
// ---------------------------------------------------------------------------------------------------------

/// Byte (0..=3) selected for V_CVT_F32_FP8/BF8: SDWA SRC0_SEL BYTE1..3 (anything else is BYTE0, as the
/// pseudocode's `else`), OP_SEL[1:0] in the VOP3 form, byte 0 in the plain VOP1 form.
#[inline(always)]
fn byte_sel(inst: &Inst) -> u32 {
    if inst.ext == Ext::Sdwa {
        match inst.sdwa.src0_sel {
            s @ 1..=3 => s as u32,
            _ => 0,
        }
    } else if inst.format == Format::Vop3a {
        inst.mods.op_sel as u32 & 3
    } else {
        0
    }
}

/// Word (0/1) for V_CVT_PK_F32_FP8/BF8: `SDWA_SRC0_SEL[1:0] == WORD1[1:0]` (pseudocode), OP_SEL[0] in VOP3.
#[inline(always)]
fn word_sel(inst: &Inst) -> u32 {
    if inst.ext == Ext::Sdwa {
        (inst.sdwa.src0_sel & 3 == 1) as u32
    } else if inst.format == Format::Vop3a {
        inst.mods.op_sel as u32 & 1
    } else {
        0
    }
}

/// V_CVT_F32_FP8 / V_CVT_F32_BF8 (VOP1 84/85): D.f32 = fp8_to_f32(S0.byte[sel]) (exact).
fn cvt_f32_f8(w: &mut Wave, inst: &Inst, ctx: &mut Ctx, low: Low) -> Result<FlowWord, Box<Fault>> {
    let s = vsrc(w, inst, ctx, 0);
    let sh = 8 * byte_sel(inst);
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        d[l] = from_low(low, (s[l] >> sh) & 0xFF, 127, Fmt::F32) as u32;
    }
    write_reg(w, inst, 0, &d);
    Ok(FlowWord::NEXT)
}

/// V_CVT_PK_F32_FP8 / V_CVT_PK_F32_BF8 (VOP1 86/87): D0 = cvt(word.byte0), D1 = cvt(word.byte1).
fn cvt_pk_f32_f8(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    low: Low,
) -> Result<FlowWord, Box<Fault>> {
    let s = vsrc(w, inst, ctx, 0);
    let sh = 16 * word_sel(inst);
    let (mut d0, mut d1) = ([0u32; LANES], [0u32; LANES]);
    for l in 0..LANES {
        let x = s[l] >> sh;
        d0[l] = from_low(low, x & 0xFF, 127, Fmt::F32) as u32;
        d1[l] = from_low(low, (x >> 8) & 0xFF, 127, Fmt::F32) as u32;
    }
    write_reg(w, inst, 0, &d0);
    write_reg(w, inst, 1, &d1);
    Ok(FlowWord::NEXT)
}

// ---------------------------------------------------------------------------------------------------------
// Encoders
// ---------------------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Src {
    /// Two f32 operands S0 and S1 (with abs/neg).
    F32Pair,
    /// Two f32 in the register pair S0 (V_CVT_SCALEF32_SR_PK_FP4_F32).
    F32RegPair,
    /// Two 16-bit floats packed in S0 ([15:0] first).
    Packed(Fmt),
}

/// The two source values (exact) of a packed convert.
#[inline(always)]
fn two_values(
    w: &Wave,
    inst: &Inst,
    ctx: &Ctx,
    src: Src,
    m: &FpMode,
) -> ([f64; LANES], [f64; LANES], Fmt) {
    let (mut a, mut b) = ([0f64; LANES], [0f64; LANES]);
    let f = match src {
        Src::F32Pair => {
            let (x, y) = (f32_src(w, inst, ctx, 0), f32_src(w, inst, ctx, 1));
            for l in 0..LANES {
                a[l] = value(Fmt::F32, x[l] as u64, m);
                b[l] = value(Fmt::F32, y[l] as u64, m);
            }
            Fmt::F32
        }
        Src::F32RegPair => {
            let (x, y) = (w.vreg[reg(inst.src[0], 0)], w.vreg[reg(inst.src[0], 1)]);
            let (abs, neg) = (inst.mods.abs & 1 != 0, inst.mods.neg & 1 != 0);
            for l in 0..LANES {
                let md = |v: u32| {
                    let v = if abs { v & 0x7FFF_FFFF } else { v };
                    if neg {
                        v ^ 0x8000_0000
                    } else {
                        v
                    }
                };
                a[l] = value(Fmt::F32, md(x[l]) as u64, m);
                b[l] = value(Fmt::F32, md(y[l]) as u64, m);
            }
            Fmt::F32
        }
        Src::Packed(f) => {
            let x = vsrc(w, inst, ctx, 0);
            for l in 0..LANES {
                a[l] = value(f, (x[l] & 0xFFFF) as u64, m);
                b[l] = value(f, (x[l] >> 16) as u64, m);
            }
            f
        }
    };
    (a, b, f)
}

/// Two values to two FP8/BF8 (a 16-bit word at OP_SEL[3]) or two FP4 (a byte at OP_SEL[3:2]):
/// V_CVT_PK_FP8/BF8_F32 (674/675, RNE, no scale) and V_CVT_SCALEF32_PK_{FP8,BF8,FP4}_{F32,F16,BF16}.
/// `scale` = index of the scale operand.
fn enc_pk2(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    low: Low,
    src: Src,
    scale: Option<usize>,
) -> Result<FlowWord, Box<Fault>> {
    let m = FpMode::from_mode(w.mode);
    let ovfl = fp16_ovfl(w);
    let (a, b, _) = two_values(w, inst, ctx, src, &m);
    let s = scales(w, inst, ctx, scale);
    let bits = low.bits();
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        d[l] = to_low(low, a[l], s[l], ovfl) | to_low(low, b[l], s[l], ovfl) << bits;
    }
    if bits == 8 {
        write_field(w, inst, &d, 16 * opsel(inst, 3), 16);
    } else {
        write_field(w, inst, &d, 8 * (inst.mods.op_sel as u32 >> 2 & 3), 8);
    }
    Ok(FlowWord::NEXT)
}

/// One value to FP8/BF8 with stochastic rounding into byte OP_SEL[3:2]: V_CVT_SR_FP8/BF8_F32 (676/677:
/// random = S1) and V_CVT_SCALEF32_SR_{FP8,BF8}_{F32,F16,BF16} (S1 random, S2 scale). `src` = format of S0.
fn enc_sr1(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    low: Low,
    src: Fmt,
    scale: Option<usize>,
) -> Result<FlowWord, Box<Fault>> {
    let m = FpMode::from_mode(w.mode);
    let ovfl = fp16_ovfl(w);
    let x = if src == Fmt::F32 {
        f32_src(w, inst, ctx, 0)
    } else {
        vsrc(w, inst, ctx, 0)
    };
    let r = vsrc(w, inst, ctx, 1);
    let s = scales(w, inst, ctx, scale);
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        let v = value(src, (x[l] as u64) & src.mask(), &m);
        d[l] = to_low_sr(low, v, src, r[l], s[l], ovfl);
    }
    write_field(w, inst, &d, 8 * (inst.mods.op_sel as u32 >> 2 & 3), 8);
    Ok(FlowWord::NEXT)
}

/// V_CVT_SCALEF32_SR_PK_FP4_{F32,F16,BF16} (574/590/591): two values, the second rounded with
/// `v_prng_b32(S1)`, into byte OP_SEL[3:2]; scale S2.
fn enc_sr_pk_fp4(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    src: Src,
) -> Result<FlowWord, Box<Fault>> {
    let m = FpMode::from_mode(w.mode);
    let (a, b, f) = two_values(w, inst, ctx, src, &m);
    let r = vsrc(w, inst, ctx, 1);
    let s = scales(w, inst, ctx, Some(2));
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        let lo = to_low_sr(Low::FP4, a[l], f, r[l], s[l], false);
        let hi = to_low_sr(Low::FP4, b[l], f, prng(r[l]), s[l], false);
        d[l] = lo | hi << 4;
    }
    write_field(w, inst, &d, 8 * (inst.mods.op_sel as u32 >> 2 & 3), 8);
    Ok(FlowWord::NEXT)
}

/// V_CVT_SR_F16_F32 / V_CVT_SR_BF16_F32 (678/679): f32 to f16/bf16 with stochastic rounding (random S1)
/// into half OP_SEL[3]. NaN converts as a NaN (sign and top payload kept); FP16_OVFL gives ±max on overflow.
fn cvt_sr_16(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    low: Low,
    to: Fmt,
) -> Result<FlowWord, Box<Fault>> {
    let m = FpMode::from_mode(w.mode);
    let ovfl = fp16_ovfl(w);
    let x = f32_src(w, inst, ctx, 0);
    let r = vsrc(w, inst, ctx, 1);
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        let xf = m.flush_in(Fmt::F32, x[l] as u64);
        d[l] = if Fmt::F32.is_nan(xf) {
            fp::nan_convert(Fmt::F32, to, xf) as u32
        } else {
            let v = low.encode_sr(Fmt::F32.to_f64(xf), 23, r[l], ovfl);
            m.flush_out(to, v as u64) as u32
        };
    }
    write_field(w, inst, &d, 16 * opsel(inst, 3), 16);
    Ok(FlowWord::NEXT)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Pk32 {
    /// V_CVT_SCALEF32_2XPK16_*_F32: S0[16 regs] and S1[16 regs] interleaved, scale S2.
    Interleaved,
    /// V_CVT_SCALEF32_PK32_*_{F16,BF16}: 32 packed 16-bit values in S0[16 regs], scale S1.
    Rne(Fmt),
    /// V_CVT_SCALEF32_SR_PK32_*: 32 values of the format in S0 (32 or 16 regs), random S1 (advanced by
    /// v_prng_b32 after every element), scale S2.
    Sr(Fmt),
}

/// 32 values to 32 FP6/BF6 packed in 192 bits = D[0..6] (item p in bits 6p+5:6p, crossing registers).
fn enc_pk32_f6(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    low: Low,
    kind: Pk32,
) -> Result<FlowWord, Box<Fault>> {
    let m = FpMode::from_mode(w.mode);
    let scale_idx = if matches!(kind, Pk32::Rne(_)) { 1 } else { 2 };
    let s = scales(w, inst, ctx, Some(scale_idx));
    let rand0 = if matches!(kind, Pk32::Sr(_)) {
        vsrc(w, inst, ctx, 1)
    } else {
        [0; LANES]
    };
    let mut out = [[0u32; LANES]; 6];
    for l in 0..LANES {
        let mut acc = [0u32; 6];
        let mut rand = rand0[l];
        for p in 0..32usize {
            let code = match kind {
                Pk32::Interleaved => {
                    let (op, k) = (inst.src[p & 1], p >> 1);
                    let v = value(Fmt::F32, w.vreg[reg(op, k)][l] as u64, &m);
                    to_low(low, v, s[l], false)
                }
                Pk32::Rne(f) => {
                    let x = w.vreg[reg(inst.src[0], p / 2)][l] >> (16 * (p & 1));
                    to_low(low, value(f, (x & 0xFFFF) as u64, &m), s[l], false)
                }
                Pk32::Sr(f) => {
                    let x = if f == Fmt::F32 {
                        w.vreg[reg(inst.src[0], p)][l]
                    } else {
                        (w.vreg[reg(inst.src[0], p / 2)][l] >> (16 * (p & 1))) & 0xFFFF
                    };
                    let c = to_low_sr(low, value(f, x as u64, &m), f, rand, s[l], false);
                    rand = prng(rand);
                    c
                }
            };
            let bit = 6 * p;
            acc[bit / 32] |= code << (bit % 32);
            if bit % 32 > 26 {
                acc[bit / 32 + 1] |= code >> (32 - bit % 32);
            }
        }
        for (k, o) in out.iter_mut().enumerate() {
            o[l] = acc[k];
        }
    }
    for (k, o) in out.iter().enumerate() {
        write_reg(w, inst, k, o);
    }
    Ok(FlowWord::NEXT)
}

// ---------------------------------------------------------------------------------------------------------
// Decoders with scale (S1 = scale)
// ---------------------------------------------------------------------------------------------------------

/// V_CVT_SCALEF32_PK_{F32,F16,BF16}_{FP8,BF8} (word OP_SEL[0] of S0) and _{FP4} (byte OP_SEL[1:0]):
/// two values into D0/D1 (f32) or D[15:0]/D[31:16] (f16/bf16).
fn dec_pk2(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    low: Low,
    to: Fmt,
) -> Result<FlowWord, Box<Fault>> {
    let x = vsrc(w, inst, ctx, 0);
    let s = scales(w, inst, ctx, Some(1));
    let bits = low.bits();
    let sh = if bits == 8 {
        16 * opsel(inst, 0)
    } else {
        8 * (inst.mods.op_sel as u32 & 3)
    };
    let mask = (1u32 << bits) - 1;
    let (mut d0, mut d1) = ([0u32; LANES], [0u32; LANES]);
    for l in 0..LANES {
        let v = x[l] >> sh;
        d0[l] = from_low(low, v & mask, s[l], to) as u32;
        d1[l] = from_low(low, (v >> bits) & mask, s[l], to) as u32;
    }
    if to == Fmt::F32 {
        write_reg(w, inst, 0, &d0);
        write_reg(w, inst, 1, &d1);
    } else {
        for l in 0..LANES {
            d0[l] |= d1[l] << 16;
        }
        write_reg(w, inst, 0, &d0);
    }
    Ok(FlowWord::NEXT)
}

/// V_CVT_SCALEF32_{F32,F16}_{FP8,BF8}: byte OP_SEL[1:0] of S0; the f16 result goes to half OP_SEL[3]
/// (the other half preserved), the f32 result to all of D.
fn dec_1(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    low: Low,
    to: Fmt,
) -> Result<FlowWord, Box<Fault>> {
    let x = vsrc(w, inst, ctx, 0);
    let s = scales(w, inst, ctx, Some(1));
    let sh = 8 * (inst.mods.op_sel as u32 & 3);
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        d[l] = from_low(low, (x[l] >> sh) & 0xFF, s[l], to) as u32;
    }
    if to == Fmt::F32 {
        write_reg(w, inst, 0, &d);
    } else {
        write_field(w, inst, &d, 16 * opsel(inst, 3), 16);
    }
    Ok(FlowWord::NEXT)
}

/// V_CVT_SCALEF32_PK32_{F32,F16,BF16}_{FP6,BF6}: 32 FP6/BF6 from S0[0..6] (192 bits) to D[0..32] (f32) or
/// D[0..16] (two 16-bit values per register, item 2k in bits 15:0).
fn dec_pk32_f6(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    low: Low,
    to: Fmt,
) -> Result<FlowWord, Box<Fault>> {
    let s = scales(w, inst, ctx, Some(1));
    let nregs = if to == Fmt::F32 { 32 } else { 16 };
    let mut out = [[0u32; LANES]; 32];
    for l in 0..LANES {
        let mut src = [0u32; 7];
        for (k, sk) in src.iter_mut().enumerate().take(6) {
            *sk = w.vreg[reg(inst.src[0], k)][l];
        }
        for p in 0..32usize {
            let bit = 6 * p;
            let lo = (src[bit / 32] as u64) | (src[bit / 32 + 1] as u64) << 32;
            let code = ((lo >> (bit % 32)) & 0x3F) as u32;
            let v = from_low(low, code, s[l], to) as u32;
            if to == Fmt::F32 {
                out[p][l] = v;
            } else {
                out[p / 2][l] |= v << (16 * (p & 1));
            }
        }
    }
    for (k, o) in out.iter().enumerate().take(nregs) {
        write_reg(w, inst, k, o);
    }
    Ok(FlowWord::NEXT)
}
