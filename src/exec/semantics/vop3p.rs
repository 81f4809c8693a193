//! VOP3P: packed 16-bit math, packed f32 math, the mixed-precision FMAs and the dot products
//! (pseudocode.md "Format VOP3P"; CDNA4 §6.7 "Packed Math"). The small-float conversions of gfx950
//! (V_CVT_*FP8*/BF8*/FP4*/FP6*/BF6*, V_CVT_SCALEF32_*, V_CVT_SR_*) live in [`cvt`] and are looked up here too.
//!
//! Operand selection (encodings.md VOP3P; §6.7): for source i, the low lane of the result reads half
//! `OP_SEL[i]` (0 = bits 15:0, 1 = bits 31:16) and the high lane reads half `OP_SEL_HI[i]`; `NEG[i]`
//! (neg_lo) negates the value fed to the low lane and `NEG_HI[i]` the one fed to the high lane (float ops
//! only). For the packed f32 ops the "halves" are the two dwords of the 64-bit register pair.
//!
//! Inline constants (checked against LLVM 22 code generation for gfx950, which relies on this): a float
//! inline constant of a packed 16-bit operand is the f16 value in bits 15:0 with bits 31:16 zero (LLVM
//! emits `v_pk_add_f16 v0, v0, 1.0` for <1.0, 0.0> and adds `op_sel_hi:[1,0]` for <1.0, 1.0>); an integer
//! inline constant is the 32-bit sign-extended integer (LLVM emits `v_pk_add_u16 v0, v0, -1` for
//! <-1, -1>). For the packed f32 ops the constant is the f32 value (or 32-bit integer) in the low dword;
//! LLVM always selects the low dword for both lanes (`op_sel_hi:[..,0]`), so the high dword is not
//! observable in compiled code: wavescope makes it 0 (sign extension for negative integers).

use super::super::float::{self as fp, Fmt, FpMode};
use crate::exec::fidelity::Fidelity;
use crate::exec::FlowWord;
use crate::exec::{ConstKind, Ctx, Fault, Handler, Wave, LANES};
use crate::isa::{Inst, Op};

pub mod cvt;
pub mod lowfloat;

pub fn lookup(op: Op) -> Option<Handler> {
    use Op::*;
    Some(match op {
        V_PK_MAD_I16 => |w, i, c| {
            pk_int(w, i, c, 3, |a, b, s, clamp| {
                sat_i16(a as i16 as i64 * b as i16 as i64 + s as i16 as i64, clamp)
            })
        },
        V_PK_MUL_LO_U16 => |w, i, c| {
            pk_int(w, i, c, 2, |a, b, _, clamp| {
                sat_u16(a as i64 * b as i64, clamp)
            })
        },
        V_PK_ADD_I16 => |w, i, c| {
            pk_int(w, i, c, 2, |a, b, _, clamp| {
                sat_i16(a as i16 as i64 + b as i16 as i64, clamp)
            })
        },
        V_PK_SUB_I16 => |w, i, c| {
            pk_int(w, i, c, 2, |a, b, _, clamp| {
                sat_i16(a as i16 as i64 - b as i16 as i64, clamp)
            })
        },
        // Shifts: D.half = S1.half shifted by S0.half[3:0] (pseudocode: S0.u32[3:0] / S0.u32[19:16]).
        V_PK_LSHLREV_B16 => |w, i, c| pk_int(w, i, c, 2, |a, b, _, _| b << (a & 15)),
        V_PK_LSHRREV_B16 => |w, i, c| pk_int(w, i, c, 2, |a, b, _, _| b >> (a & 15)),
        V_PK_ASHRREV_I16 => {
            |w, i, c| pk_int(w, i, c, 2, |a, b, _, _| ((b as i16) >> (a & 15)) as u16)
        }
        V_PK_MAX_I16 => |w, i, c| pk_int(w, i, c, 2, |a, b, _, _| (a as i16).max(b as i16) as u16),
        V_PK_MIN_I16 => |w, i, c| pk_int(w, i, c, 2, |a, b, _, _| (a as i16).min(b as i16) as u16),
        V_PK_MAD_U16 => |w, i, c| {
            pk_int(w, i, c, 3, |a, b, s, clamp| {
                sat_u16(a as i64 * b as i64 + s as i64, clamp)
            })
        },
        V_PK_ADD_U16 => |w, i, c| {
            pk_int(w, i, c, 2, |a, b, _, clamp| {
                sat_u16(a as i64 + b as i64, clamp)
            })
        },
        V_PK_SUB_U16 => |w, i, c| {
            pk_int(w, i, c, 2, |a, b, _, clamp| {
                sat_u16(a as i64 - b as i64, clamp)
            })
        },
        V_PK_MAX_U16 => |w, i, c| pk_int(w, i, c, 2, |a, b, _, _| a.max(b)),
        V_PK_MIN_U16 => |w, i, c| pk_int(w, i, c, 2, |a, b, _, _| a.min(b)),
        V_PK_FMA_F16 => |w, i, c| pk_f16(w, i, c, 3, |s, m| fp::fma(Fmt::F16, s[0], s[1], s[2], m)),
        V_PK_ADD_F16 => |w, i, c| pk_f16(w, i, c, 2, |s, m| fp::add(Fmt::F16, s[0], s[1], m)),
        V_PK_MUL_F16 => |w, i, c| pk_f16(w, i, c, 2, |s, m| fp::mul(Fmt::F16, s[0], s[1], m)),
        V_PK_MIN_F16 => |w, i, c| pk_f16(w, i, c, 2, |s, m| fp::min(Fmt::F16, s[0], s[1], m)),
        V_PK_MAX_F16 => |w, i, c| pk_f16(w, i, c, 2, |s, m| fp::max(Fmt::F16, s[0], s[1], m)),
        // v_minimum3/v_maximum3: IEEE-754-2019 minimum/maximum of three (NaN-propagating, -0 < +0).
        V_PK_MINIMUM3_F16 => |w, i, c| {
            pk_f16(w, i, c, 3, |s, m| {
                let t = fp::minimum(Fmt::F16, s[0], s[1], m);
                fp::minimum(Fmt::F16, t, s[2], m)
            })
        },
        V_PK_MAXIMUM3_F16 => |w, i, c| {
            pk_f16(w, i, c, 3, |s, m| {
                let t = fp::maximum(Fmt::F16, s[0], s[1], m);
                fp::maximum(Fmt::F16, t, s[2], m)
            })
        },
        V_PK_FMA_F32 => {
            |w, i, c| pk_f32::<PK_FMA>(w, i, c, 3, |s, m| fp::fma(Fmt::F32, s[0], s[1], s[2], m))
        }
        V_PK_MUL_F32 => {
            |w, i, c| pk_f32::<PK_MUL>(w, i, c, 2, |s, m| fp::mul(Fmt::F32, s[0], s[1], m))
        }
        V_PK_ADD_F32 => {
            |w, i, c| pk_f32::<PK_ADD>(w, i, c, 2, |s, m| fp::add(Fmt::F32, s[0], s[1], m))
        }
        V_PK_MOV_B32 => pk_mov_b32,
        V_FMA_MIX_F32 => |w, i, c| fma_mix(w, i, c, Mix::F32),
        V_FMA_MIXLO_F16 => |w, i, c| fma_mix(w, i, c, Mix::Lo),
        V_FMA_MIXHI_F16 => |w, i, c| fma_mix(w, i, c, Mix::Hi),
        V_DOT2_F32_F16 => |w, i, c| dot2_float(w, i, c, Fmt::F16),
        V_DOT2_F32_BF16 => |w, i, c| dot2_float(w, i, c, Fmt::BF16),
        V_DOT2_I32_I16 => |w, i, c| dot_int(w, i, c, DotInt::I16),
        V_DOT2_U32_U16 => |w, i, c| dot_int(w, i, c, DotInt::U16),
        V_DOT4_I32_I8 => |w, i, c| dot_int(w, i, c, DotInt::I8),
        V_DOT4_U32_U8 => |w, i, c| dot_int(w, i, c, DotInt::U8),
        V_DOT8_I32_I4 => |w, i, c| dot_int(w, i, c, DotInt::I4),
        V_DOT8_U32_U4 => |w, i, c| dot_int(w, i, c, DotInt::U4),
        _ => return cvt::lookup(op),
    })
}

/// The handler of a packed f32 instruction chosen once at load: V_PK_FMA_F32 / V_PK_MUL_F32 / V_PK_ADD_F32 with
/// every source a VGPR pair and no clamp (any OP_SEL/OP_SEL_HI, so the broadcast shapes clang emits, and NEG/NEG_HI
/// fixed at load as with or without sign flips) on an AVX2 or AVX-512 host get `pk_plain_*`, which test only MODE per
/// instruction; anything else (None) takes the op's handler. Same results as `pk_f32` by construction: the same
/// host arithmetic per chunk, NaN chunks resumed by the same per-lane rules (`pk_resume`).
pub fn lookup_inst(inst: &Inst) -> Option<Handler> {
    #[cfg(target_arch = "x86_64")]
    {
        use super::valu::fast::{level, AVX2, AVX512};
        use Op::*;
        let nsrc = match inst.op {
            V_PK_FMA_F32 => 3,
            V_PK_MUL_F32 | V_PK_ADD_F32 => 2,
            _ => return None,
        };
        let md = inst.mods;
        if md.clamp
            || md.abs != 0
            || md.omod != 0
            || inst.ext != crate::isa::Ext::None
            || !inst.src[..nsrc].iter().all(|o| o.0 >= 256)
        {
            return None;
        }
        let neg = md.neg | md.neg_hi != 0;
        macro_rules! pick {
            ($op:expr) => {
                match (level(), neg) {
                    (AVX512, false) => pk_plain_avx512::<{ $op }, false> as Handler,
                    (AVX512, true) => pk_plain_avx512::<{ $op }, true>,
                    (AVX2, false) => pk_plain_avx2::<{ $op }, false>,
                    (AVX2, true) => pk_plain_avx2::<{ $op }, true>,
                    _ => return None,
                }
            };
        }
        Some(match inst.op {
            V_PK_FMA_F32 => pick!(PK_FMA),
            V_PK_MUL_F32 => pick!(PK_MUL),
            _ => pick!(PK_ADD),
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = inst;
        None
    }
}

/// Ops of this family that are not bit-exact, with their error bound (`None`: exact or not ours).
pub fn fidelity(op: Op) -> Option<(Fidelity, &'static str)> {
    use Op::*;
    match op {
        V_DOT2_F32_F16 | V_DOT2_F32_BF16 => Some((
            Fidelity::Approximate,
            "wavescope follows the pseudocode: exact products, then two f32 additions each rounded per MODE \
             (f16: S2 + p0 + p1; bf16: p0 + p1 + S2); hardware may sum with fewer roundings, so results can \
             differ in the last bit when a partial sum is inexact",
        )),
        _ => cvt::fidelity(op),
    }
}

// ---------------------------------------------------------------------------------------------------------
// Operand access
// ---------------------------------------------------------------------------------------------------------

#[inline(always)]
fn is_float_const(code: u16) -> bool {
    (240..=248).contains(&code)
}

/// 32-bit value per lane of source `i` of a packed 16-bit op (float inline constants as f16 bits in 15:0).
#[inline(always)]
pub(crate) fn src_b32x16(w: &Wave, inst: &Inst, ctx: &Ctx, i: usize) -> [u32; LANES] {
    let op = inst.src[i];
    let kind = if is_float_const(op.0) {
        ConstKind::B16
    } else {
        ConstKind::B32
    };
    w.read_vsrc(op, inst.literal, &ctx.apertures, kind)
}

/// The two dwords per lane of a 64-bit packed-f32 source: a register pair, an SGPR pair, or an inline
/// constant in the low dword (high dword 0 / sign extension, see the module doc).
#[inline(always)]
fn src_pair(w: &Wave, inst: &Inst, ctx: &Ctx, i: usize) -> ([u32; LANES], [u32; LANES]) {
    let op = inst.src[i];
    if op.0 >= 256 {
        let r = Wave::vreg_index(op);
        (w.vreg[r], w.vreg[(r + 1) & 511])
    } else {
        let (lo, hi) = scalar_pair(w, inst, ctx, i);
        ([lo; LANES], [hi; LANES])
    }
}

#[inline(always)]
fn half(x: u32, hi: bool) -> u16 {
    if hi {
        (x >> 16) as u16
    } else {
        x as u16
    }
}

#[inline(always)]
fn bit(v: u8, i: usize) -> bool {
    v >> i & 1 != 0
}

#[inline(always)]
fn write(w: &mut Wave, inst: &Inst, d: &[u32; LANES]) {
    let exec = w.exec();
    w.write_vreg(inst.dst, d, exec);
}

// ---------------------------------------------------------------------------------------------------------
// Packed 16-bit
// ---------------------------------------------------------------------------------------------------------

#[inline(always)]
fn sat_u16(v: i64, clamp: bool) -> u16 {
    if clamp {
        v.clamp(0, 0xFFFF) as u16
    } else {
        v as u16
    }
}

#[inline(always)]
fn sat_i16(v: i64, clamp: bool) -> u16 {
    if clamp {
        v.clamp(i16::MIN as i64, i16::MAX as i64) as i16 as u16
    } else {
        v as u16
    }
}

/// V_PK_*_I16/U16/B16 (pseudocode.md VOP3P 0–13): `f(S0.half, S1.half, S2.half, clamp)` per half. The clamp
/// bit saturates add/sub/mad/mul results to the 16-bit range (CDNA4 §6.5, integer clamp); no neg modifiers.
#[inline(always)]
fn pk_int(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    nsrc: usize,
    f: impl Fn(u16, u16, u16, bool) -> u16,
) -> Result<FlowWord, Box<Fault>> {
    let s0 = src_b32x16(w, inst, ctx, 0);
    let s1 = src_b32x16(w, inst, ctx, 1);
    let s2 = if nsrc > 2 {
        src_b32x16(w, inst, ctx, 2)
    } else {
        [0; LANES]
    };
    let (os, oh, clamp) = (inst.mods.op_sel, inst.mods.op_sel_hi, inst.mods.clamp);
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        let lo = f(
            half(s0[l], bit(os, 0)),
            half(s1[l], bit(os, 1)),
            half(s2[l], bit(os, 2)),
            clamp,
        );
        let hi = f(
            half(s0[l], bit(oh, 0)),
            half(s1[l], bit(oh, 1)),
            half(s2[l], bit(oh, 2)),
            clamp,
        );
        d[l] = lo as u32 | (hi as u32) << 16;
    }
    write(w, inst, &d);
    Ok(FlowWord::NEXT)
}

/// V_PK_*_F16 (pseudocode.md VOP3P 14–18, 27, 28): `f` on the low halves and on the high halves, with
/// neg_lo/neg_hi, MODE rounding/denormals (f16 uses the f64/f16 fields) and clamp to [0, 1].
#[inline(always)]
fn pk_f16(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    nsrc: usize,
    f: impl Fn(&[u64; 3], &FpMode) -> u64,
) -> Result<FlowWord, Box<Fault>> {
    let m = FpMode::from_mode(w.mode);
    let mut s = [[0u32; LANES]; 3];
    for (i, si) in s.iter_mut().enumerate().take(nsrc) {
        *si = src_b32x16(w, inst, ctx, i);
    }
    let md = inst.mods;
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        let mut r = [0u32; 2];
        for (h, (sel, neg)) in [(md.op_sel, md.neg), (md.op_sel_hi, md.neg_hi)]
            .into_iter()
            .enumerate()
        {
            let mut a = [0u64; 3];
            for i in 0..nsrc {
                let x = half(s[i][l], bit(sel, i)) as u64;
                a[i] = if bit(neg, i) { x ^ 0x8000 } else { x };
            }
            let mut v = f(&a, &m);
            if md.clamp {
                v = fp::apply_clamp(Fmt::F16, v, &m);
            }
            r[h] = v as u32;
        }
        d[l] = r[0] | r[1] << 16;
    }
    write(w, inst, &d);
    Ok(FlowWord::NEXT)
}

// ---------------------------------------------------------------------------------------------------------
// Packed 32-bit (§6.7: OP_SEL/OP_SEL_HI pick the first or second dword of each 64-bit source)
// ---------------------------------------------------------------------------------------------------------

const PK_FMA: u8 = 0;
const PK_MUL: u8 = 1;
const PK_ADD: u8 = 2;

/// One half of a packed f32 op over 64 lanes in host IEEE arithmetic, sources read in place (sign flips as XOR
/// masks); false if a lane's result is NaN (the per-lane rules then decide its payload). Equal to
/// `fp::fma`/`mul`/`add` whenever MODE is native (`FpMode::native_f32`: RNE, denormals kept) and the result is
/// not NaN: those return the host result then.
#[inline(always)]
fn pk_f32_host<const OP: u8>(x: [&[u32; LANES]; 3], flip: [u32; 3], d: &mut [u32; LANES]) -> bool {
    let mut nan = false;
    for l in 0..LANES {
        let (a, b, c) = (
            f32::from_bits(x[0][l] ^ flip[0]),
            f32::from_bits(x[1][l] ^ flip[1]),
            f32::from_bits(x[2][l] ^ flip[2]),
        );
        let r = match OP {
            PK_FMA => a.mul_add(b, c),
            PK_MUL => a * b,
            _ => a + b,
        };
        nan |= r.is_nan();
        d[l] = r.to_bits();
    }
    !nan
}

/// Both halves (`x[h]`, `flip[h]`: half `h`'s sources), with the host's FMA/AVX-512 or AVX2 instructions when
/// it has them (runtime detection).
#[inline(always)]
fn pk_f32_host_both<const OP: u8>(
    x: [[&[u32; LANES]; 3]; 2],
    flip: [[u32; 3]; 2],
    d: &mut [[u32; LANES]; 2],
) -> bool {
    #[inline(always)]
    fn both<const OP: u8>(
        x: [[&[u32; LANES]; 3]; 2],
        flip: [[u32; 3]; 2],
        d: &mut [[u32; LANES]; 2],
    ) -> bool {
        let (d0, d1) = d.split_at_mut(1);
        pk_f32_host::<OP>(x[0], flip[0], &mut d0[0]) & pk_f32_host::<OP>(x[1], flip[1], &mut d1[0])
    }
    #[cfg(target_arch = "x86_64")]
    {
        #[target_feature(enable = "avx512f,avx512vl,avx2,fma")]
        unsafe fn avx512<const OP: u8>(
            x: [[&[u32; LANES]; 3]; 2],
            flip: [[u32; 3]; 2],
            d: &mut [[u32; LANES]; 2],
        ) -> bool {
            both::<OP>(x, flip, d)
        }
        #[target_feature(enable = "avx2,fma")]
        unsafe fn avx2<const OP: u8>(
            x: [[&[u32; LANES]; 3]; 2],
            flip: [[u32; 3]; 2],
            d: &mut [[u32; LANES]; 2],
        ) -> bool {
            both::<OP>(x, flip, d)
        }
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("fma")
        {
            // SAFETY: the features the function is compiled for were just detected.
            return unsafe { avx512::<OP>(x, flip, d) };
        }
        if super::valu::host_avx2() {
            // SAFETY: as above.
            return unsafe { avx2::<OP>(x, flip, d) };
        }
    }
    both::<OP>(x, flip, d)
}

/// V_PK_FMA_F32 / V_PK_MUL_F32 / V_PK_ADD_F32 (pseudocode.md VOP3P 48–50). Under the native MODE without clamp,
/// whole halves run in host arithmetic on the source registers in place (`pk_f32_host`); a NaN result or
/// another MODE takes the per-lane rules.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // one lane loop filling two destination registers
fn pk_f32<const OP: u8>(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    nsrc: usize,
    f: impl Fn(&[u64; 3], &FpMode) -> u64,
) -> Result<FlowWord, Box<Fault>> {
    let m = FpMode::from_mode(w.mode);
    let md = inst.mods;
    #[cfg(target_arch = "x86_64")]
    if m.native_f32() && !md.clamp && super::valu::fast::level() >= super::valu::fast::AVX2 {
        // SAFETY: the host has the features of the variant called (`fast::level`).
        unsafe {
            if super::valu::fast::level() == super::valu::fast::AVX512 {
                pk_f32_chunks_avx512::<OP>(w, inst, ctx, nsrc, f)
            } else {
                pk_f32_chunks::<OP>(w, inst, ctx, nsrc, f)
            }
        };
        return Ok(FlowWord::NEXT);
    }
    let mut d = [[0u32; LANES]; 2];
    if m.native_f32() && !md.clamp {
        // results go to `d` first: the destination may be one of the sources. VGPR sources are read in place;
        // a scalar source (SGPR pair, constant, literal) is made into rows as the per-lane path reads it.
        let (sel, sel_hi) = (md.op_sel, md.op_sel_hi);
        let flips = |neg: u8| std::array::from_fn(|i| if bit(neg, i) { 0x8000_0000 } else { 0 });
        let flip = [flips(md.neg), flips(md.neg_hi)];
        // an unused third source reads the first again (MUL/ADD never look at it)
        let third = if nsrc == 3 { 2 } else { 0 };
        let ok = if inst.src[..nsrc].iter().all(|o| o.0 >= 256) {
            let row =
                |i: usize, hi: bool| &w.vreg[(Wave::vreg_index(inst.src[i]) + hi as usize) & 511];
            let x = [
                [
                    row(0, bit(sel, 0)),
                    row(1, bit(sel, 1)),
                    row(third, bit(sel, third)),
                ],
                [
                    row(0, bit(sel_hi, 0)),
                    row(1, bit(sel_hi, 1)),
                    row(third, bit(sel_hi, third)),
                ],
            ];
            pk_f32_host_both::<OP>(x, flip, &mut d)
        } else {
            let mut s = [([0u32; LANES], [0u32; LANES]); 3];
            for (i, si) in s.iter_mut().enumerate().take(nsrc) {
                *si = src_pair(w, inst, ctx, i);
            }
            let row = |i: usize, hi: bool| if hi { &s[i].1 } else { &s[i].0 };
            let x = [
                [
                    row(0, bit(sel, 0)),
                    row(1, bit(sel, 1)),
                    row(third, bit(sel, third)),
                ],
                [
                    row(0, bit(sel_hi, 0)),
                    row(1, bit(sel_hi, 1)),
                    row(third, bit(sel_hi, third)),
                ],
            ];
            pk_f32_host_both::<OP>(x, flip, &mut d)
        };
        if ok {
            write_pk(w, inst, &d);
            return Ok(FlowWord::NEXT);
        }
    }
    let mut s = [([0u32; LANES], [0u32; LANES]); 3];
    for (i, si) in s.iter_mut().enumerate().take(nsrc) {
        *si = src_pair(w, inst, ctx, i);
    }
    for l in 0..LANES {
        for (h, (sel, neg)) in [(md.op_sel, md.neg), (md.op_sel_hi, md.neg_hi)]
            .into_iter()
            .enumerate()
        {
            let mut a = [0u64; 3];
            for i in 0..nsrc {
                let x = if bit(sel, i) { s[i].1[l] } else { s[i].0[l] } as u64;
                a[i] = if bit(neg, i) { x ^ 0x8000_0000 } else { x };
            }
            let mut v = f(&a, &m);
            if md.clamp {
                v = fp::apply_clamp(Fmt::F32, v, &m);
            }
            d[h][l] = v as u32;
        }
    }
    write_pk(w, inst, &d);
    Ok(FlowWord::NEXT)
}

/// The operands of a packed f32 op, per half `h` and source `k`: a VGPR source's dword row (`row`, with its sign
/// flip `flip` when NEG/NEG_HI asks), a scalar source's dword as a broadcast value with its flip already applied
/// (`val`). Broadcasts are values, not stack rows: a chunk load of a row just written to the stack (by narrower
/// stores) waits for the store to reach the cache (`valu::fast::Src`). `reg`: bit k set when source k is a VGPR pair.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct PkOps {
    row: [[*const f32; 3]; 2],
    val: [[std::arch::x86_64::__m256; 3]; 2],
    flip: [[std::arch::x86_64::__m256; 3]; 2],
    reg: u8,
}

#[cfg(target_arch = "x86_64")]
impl PkOps {
    /// Half `h`'s source `k` on chunk `ch`, sign flip applied; `REG`: source k is a register row (a constant in
    /// the specialised loops, so no test per chunk). Safety: the rows are alive, `ch < CHUNKS`, the host has AVX2.
    #[inline(always)]
    unsafe fn ld<const NEG: bool>(
        &self,
        h: usize,
        k: usize,
        ch: usize,
        reg: bool,
    ) -> std::arch::x86_64::__m256 {
        use std::arch::x86_64::*;
        if reg {
            let x = _mm256_loadu_ps(self.row[h][k].add(ch * super::valu::fast::C));
            if NEG {
                _mm256_xor_ps(x, self.flip[h][k])
            } else {
                x
            }
        } else {
            self.val[h][k]
        }
    }

    /// Half `h` of `OP` on chunk `ch`; bit k of `reg` as `ld`'s `reg` (safety as `ld`).
    #[inline(always)]
    unsafe fn op<const OP: u8, const NEG: bool>(
        &self,
        h: usize,
        ch: usize,
        reg: u8,
    ) -> std::arch::x86_64::__m256 {
        use std::arch::x86_64::*;
        let a = self.ld::<NEG>(h, 0, ch, reg & 1 != 0);
        let b = self.ld::<NEG>(h, 1, ch, reg & 2 != 0);
        match OP {
            PK_FMA => _mm256_fmadd_ps(a, b, self.ld::<NEG>(h, 2, ch, reg & 4 != 0)),
            PK_MUL => _mm256_mul_ps(a, b),
            _ => _mm256_add_ps(a, b),
        }
    }
}

/// The packed f32 op (`OP`) under a native MODE without clamp, 8 lanes at a time in ymm registers: each half's
/// sources loaded straight from the register file (or held as broadcast values), neg/neg_hi as sign XORs, the
/// host's add/mul/FMA, written back chunk by chunk; a chunk with a NaN result takes the per-lane rules `f` (AMD's
/// NaN payloads), as `pk_f32_host` says. A chunk reads all its sources before it writes, and each lane's results
/// depend on that lane only, so a destination pair over a source reads the old values.
///
/// # Safety
/// The host has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn pk_f32_chunks<const OP: u8>(
    w: &mut Wave,
    inst: &Inst,
    ctx: &Ctx,
    nsrc: usize,
    f: impl Fn(&[u64; 3], &FpMode) -> u64,
) {
    if inst.mods.neg | inst.mods.neg_hi == 0 {
        pk_f32_chunks_body::<OP, false>(w, inst, ctx, nsrc, f)
    } else {
        pk_f32_chunks_body::<OP, true>(w, inst, ctx, nsrc, f)
    }
}

/// The body of `pk_f32_chunks` and `pk_f32_chunks_avx512`, inlined into each (safety as theirs). `NEG`: some
/// NEG/NEG_HI bit is set (without, the sign XORs are left out).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn pk_f32_chunks_body<const OP: u8, const NEG: bool>(
    w: &mut Wave,
    inst: &Inst,
    ctx: &Ctx,
    nsrc: usize,
    f: impl Fn(&[u64; 3], &FpMode) -> u64,
) {
    debug_assert_eq!(nsrc, if OP == PK_FMA { 3 } else { 2 });
    let p = pk_ops::<OP, NEG>(w, inst, ctx);
    let base = w.vreg.as_mut_ptr();
    let d = Wave::vreg_index(inst.dst);
    let exec = w.exec();
    let mut from = 0;
    if exec == u64::MAX {
        // every lane: a loop per source shape (no per-chunk shape or EXEC test, plain stores); it stops at the
        // first chunk with a NaN result, which the general loop below takes on from (nothing of it written yet)
        from = match p.reg & if OP == PK_FMA { 7 } else { 3 } {
            0 => pk_full::<OP, NEG, 0>(p, base, d),
            1 => pk_full::<OP, NEG, 1>(p, base, d),
            2 => pk_full::<OP, NEG, 2>(p, base, d),
            3 => pk_full::<OP, NEG, 3>(p, base, d),
            4 => pk_full::<OP, NEG, 4>(p, base, d),
            5 => pk_full::<OP, NEG, 5>(p, base, d),
            6 => pk_full::<OP, NEG, 6>(p, base, d),
            _ => pk_full::<OP, NEG, 7>(p, base, d),
        };
        if from == super::valu::fast::CHUNKS {
            return;
        }
    }
    pk_rest::<OP, NEG>(p, base, d, exec, from, w.mode, &f);
}

/// The operands of a packed f32 instruction (`PkOps`) as the chunk loops read them. Safety: the host has AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn pk_ops<const OP: u8, const NEG: bool>(w: &mut Wave, inst: &Inst, ctx: &Ctx) -> PkOps {
    use std::arch::x86_64::*;
    // the source count is the op's: a constant, so the per-source loops unroll
    let nsrc = if OP == PK_FMA { 3 } else { 2 };
    let md = inst.mods;
    let base = w.vreg.as_mut_ptr();
    let sels = [md.op_sel, md.op_sel_hi];
    let negs = [md.neg, md.neg_hi];
    let mut p = PkOps {
        row: [[std::ptr::null(); 3]; 2],
        val: [[_mm256_setzero_ps(); 3]; 2],
        flip: [[_mm256_setzero_ps(); 3]; 2],
        reg: 0,
    };
    let sign = |neg: bool| if neg { 0x8000_0000u32 } else { 0 };
    for k in 0..nsrc {
        let op = inst.src[k];
        if op.0 >= 256 {
            let r = Wave::vreg_index(op);
            p.reg |= 1 << k;
            for h in 0..2 {
                p.row[h][k] = base.add((r + bit(sels[h], k) as usize) & 511) as *const f32;
                if NEG {
                    p.flip[h][k] =
                        _mm256_castsi256_ps(_mm256_set1_epi32(sign(bit(negs[h], k)) as i32));
                }
            }
        } else {
            // the scalar pair as `src_pair` reads it (its rows are broadcasts of lane 0)
            let (lo, hi) = scalar_pair(w, inst, ctx, k);
            for h in 0..2 {
                let v = if bit(sels[h], k) { hi } else { lo } ^ sign(bit(negs[h], k));
                p.val[h][k] = _mm256_castsi256_ps(_mm256_set1_epi32(v as i32));
            }
        }
    }
    p
}

/// The whole-EXEC loop of `pk_f32_chunks_body` with the source shapes `R` fixed (bit k: source k is a register
/// row): each chunk's two results written with plain stores unless a lane is NaN; returns the first chunk with a
/// NaN result (left unwritten), or `CHUNKS`. Safety as `pk_f32_chunks`; `R == p.reg` on the op's sources.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn pk_full<const OP: u8, const NEG: bool, const R: u8>(
    p: PkOps,
    base: *mut crate::exec::wave::VReg,
    d: usize,
) -> usize {
    use super::valu::fast::{C, CHUNKS};
    use std::arch::x86_64::*;
    let row0 = base.add(d) as *mut f32;
    let row1 = base.add((d + 1) & 511) as *mut f32;
    for ch in 0..CHUNKS {
        let r0 = p.op::<OP, NEG>(0, ch, R);
        let r1 = p.op::<OP, NEG>(1, ch, R);
        // a lane of `unord(r0, r1)` is set when either half is NaN there: one compare checks both
        if _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_UNORD_Q>(r0, r1)) != 0 {
            return ch;
        }
        _mm256_storeu_ps(row0.add(ch * C), r0);
        _mm256_storeu_ps(row1.add(ch * C), r1);
    }
    CHUNKS
}

/// Chunks `from..` of `pk_f32_chunks_body` under any EXEC (sources' shapes tested per chunk; chunks without an
/// EXEC lane skipped; a chunk with a NaN result computed by the per-lane rules `f` under `mode`), written under
/// the chunk's EXEC bits (`valu::fast::put_ymm`). Safety as `pk_f32_chunks`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn pk_rest<const OP: u8, const NEG: bool>(
    p: PkOps,
    base: *mut crate::exec::wave::VReg,
    d: usize,
    exec: u64,
    from: usize,
    mode: u32,
    f: &dyn Fn(&[u64; 3], &FpMode) -> u64,
) {
    use super::valu::fast::{put_ymm, C, CHUNKS};
    use std::arch::x86_64::*;
    let nsrc = if OP == PK_FMA { 3 } else { 2 };
    for ch in from..CHUNKS {
        let mk = (exec >> (C * ch)) as u8;
        if mk == 0 {
            continue;
        }
        let (mut r0, mut r1) = (p.op::<OP, NEG>(0, ch, p.reg), p.op::<OP, NEG>(1, ch, p.reg));
        if _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_UNORD_Q>(r0, r1)) != 0 {
            let mut x = [[[0u32; C]; 3]; 2];
            for (h, xh) in x.iter_mut().enumerate() {
                for (k, xk) in xh.iter_mut().enumerate().take(nsrc) {
                    let v = p.ld::<NEG>(h, k, ch, p.reg >> k & 1 != 0);
                    _mm256_storeu_ps(xk.as_mut_ptr() as *mut f32, v);
                }
            }
            let r = pk_chunk_lanes(&x, nsrc, &FpMode::from_mode(mode), f);
            r0 = _mm256_loadu_ps(r[0].as_ptr() as *const f32);
            r1 = _mm256_loadu_ps(r[1].as_ptr() as *const f32);
        }
        put_ymm(base.add(d), ch, _mm256_castps_si256(r0), mk);
        put_ymm(base.add((d + 1) & 511), ch, _mm256_castps_si256(r1), mk);
    }
}

/// `pk_f32_chunks` compiled for AVX-512 hosts: still ymm arithmetic (register-file traffic stays 256-bit,
/// `valu::fast::C`), with 32 ymm registers for the sign flips and broadcasts.
///
/// # Safety
/// The host has AVX-512 F/VL, AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx2,fma")]
unsafe fn pk_f32_chunks_avx512<const OP: u8>(
    w: &mut Wave,
    inst: &Inst,
    ctx: &Ctx,
    nsrc: usize,
    f: impl Fn(&[u64; 3], &FpMode) -> u64,
) {
    if inst.mods.neg | inst.mods.neg_hi == 0 {
        pk_f32_chunks_body::<OP, false>(w, inst, ctx, nsrc, f)
    } else {
        pk_f32_chunks_body::<OP, true>(w, inst, ctx, nsrc, f)
    }
}

/// The per-lane rules of packed f32 op `OP` (the closures `lookup` gives `pk_f32`).
fn pk_lane<const OP: u8>(s: &[u64; 3], m: &FpMode) -> u64 {
    match OP {
        PK_FMA => fp::fma(Fmt::F32, s[0], s[1], s[2], m),
        PK_MUL => fp::mul(Fmt::F32, s[0], s[1], m),
        _ => fp::add(Fmt::F32, s[0], s[1], m),
    }
}

/// `pk_f32` for a MODE other than the native one (the load-time handlers' way out).
#[cold]
#[inline(never)]
fn pk_general<const OP: u8>(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    pk_f32::<OP>(
        w,
        inst,
        ctx,
        if OP == PK_FMA { 3 } else { 2 },
        pk_lane::<OP>,
    )
}

/// The load-time handler of a plain packed f32 instruction (`lookup_inst`) on an AVX-512 host.
#[cfg(target_arch = "x86_64")]
fn pk_plain_avx512<const OP: u8, const NEG: bool>(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    if !FpMode::from_mode(w.mode).native_f32() {
        return pk_general::<OP>(w, inst, ctx);
    }
    // SAFETY: `lookup_inst` picks this handler only when `fast::level()` found AVX-512 (and FMA).
    unsafe { pk_plain_chunks_avx512::<OP, NEG>(w, inst, ctx) };
    Ok(FlowWord::NEXT)
}

/// The load-time handler of a plain packed f32 instruction (`lookup_inst`) on an AVX2 host.
#[cfg(target_arch = "x86_64")]
fn pk_plain_avx2<const OP: u8, const NEG: bool>(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    if !FpMode::from_mode(w.mode).native_f32() {
        return pk_general::<OP>(w, inst, ctx);
    }
    // SAFETY: `lookup_inst` picks this handler only when `fast::level()` found AVX2 and FMA.
    unsafe { pk_plain_chunks_avx2::<OP, NEG>(w, inst, ctx) };
    Ok(FlowWord::NEXT)
}

/// `pk_plain_chunks` compiled for AVX-512 hosts (ymm arithmetic, 32 ymm registers). Safety: the host has them.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx2,fma")]
unsafe fn pk_plain_chunks_avx512<const OP: u8, const NEG: bool>(
    w: &mut Wave,
    inst: &Inst,
    ctx: &Ctx,
) {
    pk_plain_chunks::<OP, NEG>(w, inst, ctx)
}

/// `pk_plain_chunks` compiled for AVX2 hosts. Safety: the host has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn pk_plain_chunks_avx2<const OP: u8, const NEG: bool>(
    w: &mut Wave,
    inst: &Inst,
    ctx: &Ctx,
) {
    pk_plain_chunks::<OP, NEG>(w, inst, ctx)
}

/// The packed f32 op `OP` of an instruction whose sources are all VGPR pairs, under the native MODE without clamp:
/// the six (or four) source rows fixed once from OP_SEL/OP_SEL_HI, then 8 lanes at a time straight from the
/// register file, sign flips (NEG/NEG_HI) as XORs when `NEG`, each chunk's two results stored under its EXEC bits.
/// The first chunk with a NaN result (not yet written) and those after it go to `pk_resume`, the general chunk
/// loop's per-lane rules. Each chunk reads its sources before it writes and lanes are independent, so a
/// destination over a source reads the old values (as `pk_f32_chunks_body`).
///
/// # Safety
/// The host has AVX2 and FMA; every source of the op is a VGPR (`lookup_inst`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn pk_plain_chunks<const OP: u8, const NEG: bool>(w: &mut Wave, inst: &Inst, ctx: &Ctx) {
    use super::valu::fast::{put_ymm, C, CHUNKS};
    use std::arch::x86_64::*;
    let md = inst.mods;
    let base = w.vreg.as_mut_ptr();
    let row = |k: usize, hi: bool| -> *const f32 {
        base.wrapping_add((Wave::vreg_index(inst.src[k]) + hi as usize) & 511) as *const f32
    };
    let sign =
        |neg: u8, k: usize| _mm256_castsi256_ps(_mm256_set1_epi32(((neg >> k & 1) as i32) << 31));
    // half 0 reads OP_SEL's dwords, half 1 OP_SEL_HI's; an unused third source is never read
    let third = if OP == PK_FMA { 2 } else { 0 };
    let (a0, b0, c0) = (
        row(0, bit(md.op_sel, 0)),
        row(1, bit(md.op_sel, 1)),
        row(third, bit(md.op_sel, third)),
    );
    let (a1, b1, c1) = (
        row(0, bit(md.op_sel_hi, 0)),
        row(1, bit(md.op_sel_hi, 1)),
        row(third, bit(md.op_sel_hi, third)),
    );
    let (fa0, fb0, fc0, fa1, fb1, fc1) = if NEG {
        (
            sign(md.neg, 0),
            sign(md.neg, 1),
            sign(md.neg, 2),
            sign(md.neg_hi, 0),
            sign(md.neg_hi, 1),
            sign(md.neg_hi, 2),
        )
    } else {
        let z = _mm256_setzero_ps();
        (z, z, z, z, z, z)
    };
    #[inline(always)]
    unsafe fn ld<const NEG: bool>(p: *const f32, ch: usize, flip: __m256) -> __m256 {
        let x = _mm256_loadu_ps(p.add(ch * C));
        if NEG {
            _mm256_xor_ps(x, flip)
        } else {
            x
        }
    }
    let d = Wave::vreg_index(inst.dst);
    let (row0, row1) = (base.add(d), base.add((d + 1) & 511));
    let exec = w.exec();
    /// Chunk `ch`'s two results (inlined into the caller, which has the features).
    #[inline(always)]
    unsafe fn op<const OP: u8, const NEG: bool>(
        ch: usize,
        rows: [*const f32; 6],
        flips: [__m256; 6],
    ) -> (__m256, __m256) {
        let [a0, b0, c0, a1, b1, c1] = rows;
        let [fa0, fb0, fc0, fa1, fb1, fc1] = flips;
        let (a, b) = (ld::<NEG>(a0, ch, fa0), ld::<NEG>(b0, ch, fb0));
        let (p, q) = (ld::<NEG>(a1, ch, fa1), ld::<NEG>(b1, ch, fb1));
        match OP {
            PK_FMA => (
                _mm256_fmadd_ps(a, b, ld::<NEG>(c0, ch, fc0)),
                _mm256_fmadd_ps(p, q, ld::<NEG>(c1, ch, fc1)),
            ),
            PK_MUL => (_mm256_mul_ps(a, b), _mm256_mul_ps(p, q)),
            _ => (_mm256_add_ps(a, b), _mm256_add_ps(p, q)),
        }
    }
    let rows = [a0, b0, c0, a1, b1, c1];
    let flips = [fa0, fb0, fc0, fa1, fb1, fc1];
    if exec == u64::MAX {
        // Every lane: BATCH chunks computed into registers, one NaN test for all of them, then plain stores. A batch
        // with a NaN lane is left unwritten and the general loop takes over from its first chunk. A batch reads all
        // its sources before it writes.
        const BATCH: usize = 4;
        for b in 0..CHUNKS / BATCH {
            let mut r = [(_mm256_setzero_ps(), _mm256_setzero_ps()); BATCH];
            let mut nan = _mm256_setzero_ps();
            for (j, rj) in r.iter_mut().enumerate() {
                *rj = op::<OP, NEG>(BATCH * b + j, rows, flips);
                nan = _mm256_or_ps(nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(rj.0, rj.1));
            }
            if _mm256_movemask_ps(nan) != 0 {
                pk_resume::<OP>(w, inst, ctx, BATCH * b);
                return;
            }
            for (j, &(r0, r1)) in r.iter().enumerate() {
                let ch = BATCH * b + j;
                _mm256_storeu_ps((row0 as *mut f32).add(ch * C), r0);
                _mm256_storeu_ps((row1 as *mut f32).add(ch * C), r1);
            }
        }
        return;
    }
    for ch in 0..CHUNKS {
        let mk = (exec >> (C * ch)) as u8;
        if mk == 0 {
            continue;
        }
        let (r0, r1) = op::<OP, NEG>(ch, rows, flips);
        // a lane of `unord(r0, r1)` is set when either half is NaN there: one compare checks both
        if _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_UNORD_Q>(r0, r1)) != 0 {
            pk_resume::<OP>(w, inst, ctx, ch);
            return;
        }
        if mk == u8::MAX {
            _mm256_storeu_ps((row0 as *mut f32).add(ch * C), r0);
            _mm256_storeu_ps((row1 as *mut f32).add(ch * C), r1);
        } else {
            put_ymm(row0, ch, _mm256_castps_si256(r0), mk);
            put_ymm(row1, ch, _mm256_castps_si256(r1), mk);
        }
    }
}

/// Chunks `from..` of a plain packed f32 instruction by the general chunk loop (`pk_rest`, NaN lanes by the
/// per-lane rules). Safety: the host has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[cold]
#[inline(never)]
#[target_feature(enable = "avx2,fma")]
unsafe fn pk_resume<const OP: u8>(w: &mut Wave, inst: &Inst, ctx: &Ctx, from: usize) {
    let d = Wave::vreg_index(inst.dst);
    let exec = w.exec();
    if inst.mods.neg | inst.mods.neg_hi == 0 {
        let p = pk_ops::<OP, false>(w, inst, ctx);
        pk_rest::<OP, false>(
            p,
            w.vreg.as_mut_ptr(),
            d,
            exec,
            from,
            w.mode,
            &pk_lane::<OP>,
        );
    } else {
        let p = pk_ops::<OP, true>(w, inst, ctx);
        pk_rest::<OP, true>(
            p,
            w.vreg.as_mut_ptr(),
            d,
            exec,
            from,
            w.mode,
            &pk_lane::<OP>,
        );
    }
}

/// The per-lane rules `f` on one chunk of a packed f32 op (`x[h][k]`: half h's source k, sign flips applied).
#[cold]
#[inline(never)]
fn pk_chunk_lanes(
    x: &[[[u32; 8]; 3]; 2],
    nsrc: usize,
    m: &FpMode,
    f: &dyn Fn(&[u64; 3], &FpMode) -> u64,
) -> [[u32; 8]; 2] {
    let mut r = [[0u32; 8]; 2];
    for h in 0..2 {
        for l in 0..8 {
            let mut a = [0u64; 3];
            for k in 0..nsrc {
                a[k] = x[h][k][l] as u64;
            }
            r[h][l] = f(&a, m) as u32;
        }
    }
    r
}

/// A scalar source of a packed 32-bit op as its (low, high) dwords, as `src_pair` reads it.
fn scalar_pair(w: &Wave, inst: &Inst, ctx: &Ctx, i: usize) -> (u32, u32) {
    let op = inst.src[i];
    if op.0 < 128 {
        (w.sgpr[op.0 as usize], w.sgpr[(op.0 as usize + 1) & 127])
    } else {
        let lo = w.read_scalar(op, inst.literal, &ctx.apertures, ConstKind::B32) as u32;
        let hi = if (193..=208).contains(&op.0) {
            u32::MAX
        } else {
            0
        };
        (lo, hi)
    }
}

/// D pair of a packed f32 op, EXEC lanes only.
#[inline(always)]
fn write_pk(w: &mut Wave, inst: &Inst, d: &[[u32; LANES]; 2]) {
    let exec = w.exec();
    let r = Wave::vreg_index(inst.dst);
    for (h, dh) in d.iter().enumerate() {
        let dst = &mut w.vreg[(r + h) & 511];
        if exec == u64::MAX {
            *dst = *dh;
            continue;
        }
        for l in 0..LANES {
            if exec >> l & 1 != 0 {
                dst[l] = dh[l];
            }
        }
    }
}

/// V_PK_MOV_B32 (pseudocode.md VOP3P 51): D.dword0 = S0.dword[OPSEL[0]], D.dword1 = S1.dword[OPSEL[1]].
fn pk_mov_b32(w: &mut Wave, inst: &Inst, ctx: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let s0 = src_pair(w, inst, ctx, 0);
    let s1 = src_pair(w, inst, ctx, 1);
    let os = inst.mods.op_sel;
    let lo = if bit(os, 0) { s0.1 } else { s0.0 };
    let hi = if bit(os, 1) { s1.1 } else { s1.0 };
    let exec = w.exec();
    let r = Wave::vreg_index(inst.dst);
    w.write_vreg(crate::isa::Operand(256 + r as u16), &lo, exec);
    w.write_vreg(crate::isa::Operand(256 + ((r + 1) & 511) as u16), &hi, exec);
    Ok(FlowWord::NEXT)
}

// ---------------------------------------------------------------------------------------------------------
// Mixed precision FMA
// ---------------------------------------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mix {
    F32,
    Lo,
    Hi,
}

/// V_FMA_MIX_F32 / V_FMA_MIXLO_F16 / V_FMA_MIXHI_F16 (pseudocode.md VOP3P 32–34, source name V_MAD_MIX*):
/// source i is S[i].f32 if OP_SEL_HI[i] = 0, else the f16 half picked by OP_SEL[i], converted exactly to f32;
/// then a fused f32 multiply-add (§6.7: "performed as an FMA"). MIXLO/MIXHI convert the f32 result to f16
/// (a second rounding, as the pseudocode's `f32_to_f16(...)` and LLVM's fptrunc(fma) selection say) and write
/// only their half of D. Modifiers: NEG (neg_lo) negates, and the NEG_HI field is the ABS modifier for these
/// non-packed ops (llvm-mc encodes `|v1|` there). An inline float constant read as f32 is the f32 constant,
/// read as f16 the f16 constant. Clamp applies to the final result.
#[inline(always)]
fn fma_mix(w: &mut Wave, inst: &Inst, ctx: &mut Ctx, kind: Mix) -> Result<FlowWord, Box<Fault>> {
    let m = FpMode::from_mode(w.mode);
    let md = inst.mods;
    let abs = md.abs | md.neg_hi;
    let mut s = [[0u32; LANES]; 3];
    for (i, si) in s.iter_mut().enumerate() {
        let op = inst.src[i];
        let kind = if bit(md.op_sel_hi, i) && is_float_const(op.0) {
            ConstKind::B16
        } else {
            ConstKind::B32
        };
        *si = w.read_vsrc(op, inst.literal, &ctx.apertures, kind);
    }
    let old = w.vreg[Wave::vreg_index(inst.dst)];
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        let mut a = [0u64; 3];
        for i in 0..3 {
            let mut x = if bit(md.op_sel_hi, i) {
                let h = m.flush_in(Fmt::F16, half(s[i][l], bit(md.op_sel, i)) as u64);
                fp::convert_round(Fmt::F16, Fmt::F32, h, fp::Round::NearestEven)
            } else {
                s[i][l] as u64
            };
            if bit(abs, i) {
                x &= 0x7FFF_FFFF;
            }
            if bit(md.neg, i) {
                x ^= 0x8000_0000;
            }
            a[i] = x;
        }
        let r = fp::fma(Fmt::F32, a[0], a[1], a[2], &m);
        d[l] = match kind {
            Mix::F32 => {
                if md.clamp {
                    fp::apply_clamp(Fmt::F32, r, &m) as u32
                } else {
                    r as u32
                }
            }
            Mix::Lo | Mix::Hi => {
                let mut h = fp::convert(Fmt::F32, Fmt::F16, r, &m);
                if md.clamp {
                    h = fp::apply_clamp(Fmt::F16, h, &m);
                }
                if kind == Mix::Lo {
                    (old[l] & 0xFFFF_0000) | h as u32
                } else {
                    (old[l] & 0xFFFF) | (h as u32) << 16
                }
            }
        };
    }
    write(w, inst, &d);
    Ok(FlowWord::NEXT)
}

// ---------------------------------------------------------------------------------------------------------
// Dot products
// ---------------------------------------------------------------------------------------------------------

/// V_DOT2_F32_F16 (VOP3P 35): tmp = S2; tmp += a0*b0; tmp += a1*b1. V_DOT2_F32_BF16 (VOP3P 26):
/// tmp = a0*b0; tmp += a1*b1; tmp += S2. The halves of S0/S1 follow OP_SEL/OP_SEL_HI and neg_lo/neg_hi like
/// packed sources; S2 is an f32 with neg_lo[2]. Products of two f16/bf16 are exact in f32; each `+=` is an
/// f32 addition rounded per MODE (approximate vs hardware, see `fidelity`). Clamp to [0, 1].
fn dot2_float(w: &mut Wave, inst: &Inst, ctx: &mut Ctx, f: Fmt) -> Result<FlowWord, Box<Fault>> {
    let m = FpMode::from_mode(w.mode);
    let md = inst.mods;
    let s0 = src_b32x16(w, inst, ctx, 0);
    let s1 = src_b32x16(w, inst, ctx, 1);
    let s2 = w.read_vsrc(inst.src[2], inst.literal, &ctx.apertures, ConstKind::B32);
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        let mut p = [0u64; 2];
        for (h, (sel, neg)) in [(md.op_sel, md.neg), (md.op_sel_hi, md.neg_hi)]
            .into_iter()
            .enumerate()
        {
            let mut x = [0u64; 2];
            for (i, s) in [s0[l], s1[l]].into_iter().enumerate() {
                let v = half(s, bit(sel, i)) as u64;
                let v = if bit(neg, i) { v ^ 0x8000 } else { v };
                let v = m.flush_in(f, v);
                x[i] = fp::convert_round(f, Fmt::F32, v, fp::Round::NearestEven);
            }
            p[h] = fp::mul(Fmt::F32, x[0], x[1], &FpMode::IEEE_DEFAULT);
        }
        let c = if bit(md.neg, 2) {
            s2[l] ^ 0x8000_0000
        } else {
            s2[l]
        } as u64;
        let r = if f == Fmt::F16 {
            let t = fp::add(Fmt::F32, c, p[0], &m);
            fp::add(Fmt::F32, t, p[1], &m)
        } else {
            let t = fp::add(Fmt::F32, p[0], p[1], &m);
            fp::add(Fmt::F32, t, c, &m)
        };
        d[l] = if md.clamp {
            fp::apply_clamp(Fmt::F32, r, &m)
        } else {
            r
        } as u32;
    }
    write(w, inst, &d);
    Ok(FlowWord::NEXT)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum DotInt {
    I16,
    U16,
    I8,
    U8,
    I4,
    U4,
}

/// V_DOT2_I32_I16 / U32_U16 (38/39), V_DOT4_I32_I8 / U32_U8 (40/41), V_DOT8_I32_I4 / U32_U4 (42/43):
/// D = S2 + Σ S0.elem[k] * S1.elem[k], exact, wrapping to 32 bits; with clamp the exact sum saturates to
/// the i32/u32 range (§6.5 integer clamp). The 16-bit forms take their halves through OP_SEL/OP_SEL_HI.
fn dot_int(w: &mut Wave, inst: &Inst, ctx: &mut Ctx, k: DotInt) -> Result<FlowWord, Box<Fault>> {
    let md = inst.mods;
    let s0 = src_b32x16(w, inst, ctx, 0);
    let s1 = src_b32x16(w, inst, ctx, 1);
    let s2 = w.read_vsrc(inst.src[2], inst.literal, &ctx.apertures, ConstKind::B32);
    let signed = matches!(k, DotInt::I16 | DotInt::I8 | DotInt::I4);
    let mut d = [0u32; LANES];
    for l in 0..LANES {
        let (a, b) = (s0[l], s1[l]);
        let mut acc: i64 = if signed {
            s2[l] as i32 as i64
        } else {
            s2[l] as i64
        };
        match k {
            DotInt::I16 | DotInt::U16 => {
                for sel in [md.op_sel, md.op_sel_hi] {
                    let (x, y) = (half(a, bit(sel, 0)), half(b, bit(sel, 1)));
                    acc += if signed {
                        x as i16 as i64 * y as i16 as i64
                    } else {
                        x as i64 * y as i64
                    };
                }
            }
            DotInt::I8 | DotInt::U8 => {
                for e in 0..4 {
                    let (x, y) = ((a >> (8 * e)) as u8, (b >> (8 * e)) as u8);
                    acc += if signed {
                        x as i8 as i64 * y as i8 as i64
                    } else {
                        x as i64 * y as i64
                    };
                }
            }
            DotInt::I4 | DotInt::U4 => {
                for e in 0..8 {
                    let (x, y) = ((a >> (4 * e)) & 15, (b >> (4 * e)) & 15);
                    acc += if signed {
                        (((x << 28) as i32) >> 28) as i64 * (((y << 28) as i32) >> 28) as i64
                    } else {
                        x as i64 * y as i64
                    };
                }
            }
        }
        d[l] = if md.clamp {
            if signed {
                acc.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
            } else {
                acc.clamp(0, u32::MAX as i64) as u32
            }
        } else {
            acc as u32
        };
    }
    write(w, inst, &d);
    Ok(FlowWord::NEXT)
}
