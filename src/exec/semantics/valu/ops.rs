//! Per-lane VALU operations, one zero-sized type per operation family (float families are generic over the
//! float type `T`: one definition serves f16, f32 and f64). Each cites its pseudocode.md entry; the
//! operand plumbing (modifiers, DPP, SDWA, op_sel, EXEC) lives in `lanes`, the handler in `family`.

use core::marker::PhantomData;

use super::family::{Cond, Int64, Native, VOp, VOpFlag};
use super::lanes::{Env, Hi16, K};
use crate::exec::float::{self, Fmt, FpMode, Round, Trans};

/// A float type of the VALU: its operand kind and format.
pub trait FT {
    const K: K;
    const F: Fmt;
}
pub struct H;
pub struct S;
pub struct D;
impl FT for H {
    const K: K = K::F16;
    const F: Fmt = Fmt::F16;
}
impl FT for S {
    const K: K = K::F32;
    const F: Fmt = Fmt::F32;
}
impl FT for D {
    const K: K = K::F64;
    const F: Fmt = Fmt::F64;
}

/// Define a non-generic [`VOp`]: `name [s0, s1, s2] -> d { extra consts } |s, e, lane| body`.
macro_rules! vop {
    ($(#[$meta:meta])* $name:ident [$a:ident, $b:ident, $c:ident] -> $d:ident
     $({ $(const $cn:ident : $ct:ty = $cv:expr;)* })?
     |$s:pat_param, $e:pat_param, $l:pat_param| $body:expr) => {
        $(#[$meta])*
        pub struct $name;
        impl VOp for $name {
            const S: [K; 3] = [K::$a, K::$b, K::$c];
            const D: K = K::$d;
            $($(const $cn: $ct = $cv;)*)?
            #[inline(always)]
            fn lane($s: [u64; 3], $e: &Env, $l: usize) -> u64 {
                $body
            }
        }
    };
}

/// Define a [`VOp`] generic over the float type `T` (sources and result of type `T` unless given).
macro_rules! fvop {
    ($(#[$meta:meta])* $name:ident [$($src:tt)*] -> $d:tt
     $({ $(const $cn:ident : $ct:ty = $cv:expr;)* })?
     |$s:pat_param, $e:pat_param, $l:pat_param| $body:expr) => {
        $(#[$meta])*
        pub struct $name<T>(PhantomData<T>);
        impl<T: FT> VOp for $name<T> {
            const S: [K; 3] = fvop!(@srcs $($src)*);
            const D: K = fvop!(@k $d);
            $($(const $cn: $ct = $cv;)*)?
            #[inline(always)]
            fn lane($s: [u64; 3], $e: &Env, $l: usize) -> u64 {
                $body
            }
        }
    };
    (@srcs $a:tt, $b:tt, $c:tt) => { [fvop!(@k $a), fvop!(@k $b), fvop!(@k $c)] };
    (@k T) => { T::K };
    (@k $k:ident) => { K::$k };
}

#[inline(always)]
fn m<'a>(e: &'a Env) -> &'a FpMode {
    &e.m
}

/// Negation for subtraction: a NaN operand passes through unchanged (it is propagated, not negated).
#[inline(always)]
fn negate(f: Fmt, x: u64) -> u64 {
    if f.is_nan(x) {
        x
    } else {
        f.neg(x)
    }
}

// ---------------------------------------------------------------------------------------------------------
// Float arithmetic (pseudocode.md VOP2 1-5, 10-11, 31-34, 45-46, 59; VOP3A 459-460, 464-470, 500-518, 640-643)
// ---------------------------------------------------------------------------------------------------------

fvop!(
    /// V_ADD_F16/F32/F64: `D0 = S0 + S1`.
    Add [T, T, None] -> T { const NATIVE: Native = Native::Add; } |s, e, _| float::add(T::F, s[0], s[1], m(e)));
fvop!(
    /// V_SUB_*: `D0 = S0 - S1`.
    Sub [T, T, None] -> T { const NATIVE: Native = Native::Sub; } |s, e, _| float::add(T::F, s[0], negate(T::F, s[1]), m(e)));
fvop!(
    /// V_SUBREV_*: `D0 = S1 - S0`.
    Subrev [T, T, None] -> T { const NATIVE: Native = Native::Subrev; } |s, e, _| float::add(T::F, s[1], negate(T::F, s[0]), m(e)));
fvop!(
    /// V_MUL_*: `D0 = S0 * S1`.
    Mul [T, T, None] -> T { const NATIVE: Native = Native::Mul; } |s, e, _| float::mul(T::F, s[0], s[1], m(e)));
fvop!(
    /// V_FMA_F16/F32/F64: `D0 = fma(S0, S1, S2)`. The f16 form writes one half and keeps the other.
    Fma [T, T, T] -> T { const HI16: Hi16 = Hi16::Preserve; const NATIVE: Native = Native::Fma; }
    |s, e, _| float::fma(T::F, s[0], s[1], s[2], m(e)));
fvop!(
    /// V_FMAC_F32/F64: `D0 = fma(S0, S1, D0)`.
    Fmac [T, T, T] -> T { const SRC2_IS_DST: bool = true; const NATIVE: Native = Native::Fma; }
    |s, e, _| float::fma(T::F, s[0], s[1], s[2], m(e)));
fvop!(
    /// V_MIN_*: pseudocode.md VOP2 10 (IEEE-mode sNaN quieting, NaN operand ignored otherwise, -0 < +0).
    Min [T, T, None] -> T |s, e, _| float::min(T::F, s[0], s[1], m(e)));
fvop!(
    /// V_MAX_*: pseudocode.md VOP2 11.
    Max [T, T, None] -> T |s, e, _| float::max(T::F, s[0], s[1], m(e)));
fvop!(
    /// V_MIN3_F16/F32: `v_min(v_min(S0, S1), S2)`.
    Min3 [T, T, T] -> T { const HI16: Hi16 = Hi16::Preserve; }
    |s, e, _| float::min(T::F, float::min(T::F, s[0], s[1], m(e)), s[2], m(e)));
fvop!(
    /// V_MAX3_F16/F32.
    Max3 [T, T, T] -> T { const HI16: Hi16 = Hi16::Preserve; }
    |s, e, _| float::max(T::F, float::max(T::F, s[0], s[1], m(e)), s[2], m(e)));
fvop!(
    /// V_MED3_F16/F32 (pseudocode.md VOP3A 470): with a NaN operand, min3; otherwise the max of the two
    /// operands that are not the largest.
    Med3 [T, T, T] -> T { const HI16: Hi16 = Hi16::Preserve; }
    |s, e, _| med3_f(T::F, s, m(e)));

fn med3_f(f: Fmt, s: [u64; 3], m: &FpMode) -> u64 {
    let (a, b, c) = (
        m.flush_in(f, s[0]),
        m.flush_in(f, s[1]),
        m.flush_in(f, s[2]),
    );
    if f.is_nan(a) || f.is_nan(b) || f.is_nan(c) {
        return float::min(f, float::min(f, a, b, m), c, m);
    }
    let mx = f.to_f64(float::max(f, float::max(f, a, b, m), c, m));
    if mx == f.to_f64(a) {
        float::max(f, b, c, m)
    } else if mx == f.to_f64(b) {
        float::max(f, a, c, m)
    } else {
        float::max(f, a, b, m)
    }
}

vop!(
    /// V_MINIMUM3_F32 (VOP3A 680): IEEE-754-2019 minimum, NaN-propagating.
    Minimum3F32 [F32, F32, F32] -> F32
    |s, e, _| float::minimum(Fmt::F32, float::minimum(Fmt::F32, s[0], s[1], m(e)), s[2], m(e)));
vop!(
    /// V_MAXIMUM3_F32 (VOP3A 681).
    Maximum3F32 [F32, F32, F32] -> F32
    |s, e, _| float::maximum(Fmt::F32, float::maximum(Fmt::F32, s[0], s[1], m(e)), s[2], m(e)));

vop!(
    /// V_MAD_F16 (VOP3A 515): `D0.f16 = S0 * S1 + S2`, product rounded (not fused); op_sel-capable, keeps
    /// the other half.
    MadF16 [F16, F16, F16] -> F16 { const HI16: Hi16 = Hi16::Preserve; }
    |s, e, _| float::mad(Fmt::F16, s[0], s[1], s[2], m(e)));
vop!(
    /// V_MAD_LEGACY_F16 (VOP3A 490): as V_MAD_F16, `D0 = {16'0, tmp}` unless op_sel[3].
    MadLegacyF16 [F16, F16, F16] -> F16
    |s, e, _| float::mad(Fmt::F16, s[0], s[1], s[2], m(e)));
vop!(
    /// V_FMA_LEGACY_F16 (VOP3A 494).
    FmaLegacyF16 [F16, F16, F16] -> F16
    |s, e, _| float::fma(Fmt::F16, s[0], s[1], s[2], m(e)));
vop!(
    /// V_MAC_F16 (VOP2 35): `tmp = S0 * S1 + D0`, `D0 = {16'0, tmp}`.
    MacF16 [F16, F16, F16] -> F16 { const SRC2_IS_DST: bool = true; }
    |s, e, _| float::mad(Fmt::F16, s[0], s[1], s[2], m(e)));
// The K-literal forms: the decoder gives the operands in pseudocode order (V_FMAMK/V_MADMK: src1 = the
// literal K, src2 = VSRC1; V_FMAAK/V_MADAK: src2 = K), so they are plain three-source ops.
vop!(
    /// V_MADMK_F16 (VOP2 36): `tmp = S0 * K + S1` with K the literal's low half.
    MadmkF16 [F16, F16, F16] -> F16 |s, e, _| float::mad(Fmt::F16, s[0], s[1], s[2], m(e)));
vop!(
    /// V_MADAK_F16 (VOP2 37): `tmp = S0 * S1 + K`.
    MadakF16 [F16, F16, F16] -> F16 |s, e, _| float::mad(Fmt::F16, s[0], s[1], s[2], m(e)));
vop!(
    /// V_FMAMK_F32 (VOP2 23): `D0 = fma(S0, K, S1)`.
    FmamkF32 [F32, F32, F32] -> F32 { const NATIVE: Native = Native::Fma; } |s, e, _| float::fma(Fmt::F32, s[0], s[1], s[2], m(e)));
vop!(
    /// V_FMAAK_F32 (VOP2 24): `D0 = fma(S0, S1, K)`.
    FmaakF32 [F32, F32, F32] -> F32 { const NATIVE: Native = Native::Fma; } |s, e, _| float::fma(Fmt::F32, s[0], s[1], s[2], m(e)));
vop!(
/// V_MUL_LEGACY_F32 (VOP3A 673): DX9 rule, 0 * anything (inf, NaN) = +0.
MulLegacyF32 [F32, F32, None] -> F32
|s, e, _| {
    let (a, b) = (e.m.flush_in(Fmt::F32, s[0]), e.m.flush_in(Fmt::F32, s[1]));
    if Fmt::F32.is_zero(a) || Fmt::F32.is_zero(b) { 0 } else { float::mul(Fmt::F32, a, b, m(e)) }
});
vop!(
/// V_PK_FMAC_F16 (VOP2 60): fma on each half, accumulating into D0.
PkFmacF16 [B32, B32, B32] -> B32 { const SRC2_IS_DST: bool = true; }
|s, e, _| {
    let lo = float::fma(Fmt::F16, s[0] & 0xFFFF, s[1] & 0xFFFF, s[2] & 0xFFFF, m(e));
    let hi = float::fma(Fmt::F16, s[0] >> 16, s[1] >> 16, s[2] >> 16, m(e));
    lo | hi << 16
});

fvop!(
    /// V_LDEXP_F32/F64 (VOP3A 648/644): `D0 = S0 * 2^S1.i32`.
    Ldexp [T, B32, None] -> T |s, e, _| float::ldexp(T::F, s[0], s[1] as u32 as i32, m(e)));
vop!(
    /// V_LDEXP_F16 (VOP2 51): `D0.f16 = S0.f16 * 2^S1.i16`.
    LdexpF16 [F16, B16, None] -> F16 |s, e, _| float::ldexp(Fmt::F16, s[0], s[1] as u16 as i16 as i32, m(e)));

// ---------------------------------------------------------------------------------------------------------
// Rounding, fraction, frexp, transcendentals (pseudocode.md VOP1 23-42, 48-52, 61-76)
// ---------------------------------------------------------------------------------------------------------

fvop!(
    /// V_TRUNC_*.
    Trunc [T, None, None] -> T |s, e, _| float::round_integral(T::F, s[0], Round::TowardZero, m(e)));
fvop!(
    /// V_CEIL_*.
    Ceil [T, None, None] -> T |s, e, _| float::round_integral(T::F, s[0], Round::PlusInf, m(e)));
fvop!(
    /// V_FLOOR_*.
    Floor [T, None, None] -> T |s, e, _| float::round_integral(T::F, s[0], Round::MinusInf, m(e)));
fvop!(
    /// V_RNDNE_*: round half to even.
    Rndne [T, None, None] -> T |s, e, _| float::round_integral(T::F, s[0], Round::NearestEven, m(e)));
fvop!(
    /// V_FRACT_*: `S0 + -floor(S0)`, kept below 1.0.
    Fract [T, None, None] -> T |s, e, _| float::fract(T::F, s[0], m(e)));
fvop!(
    /// V_FREXP_MANT_*.
    FrexpMant [T, None, None] -> T |s, e, _| float::frexp_mant(T::F, s[0], m(e)));
fvop!(
    /// V_FREXP_EXP_I32_F32/F64.
    FrexpExp [T, None, None] -> B32 |s, e, _| float::frexp_exp(T::F, s[0], m(e)) as u32 as u64);
vop!(
    /// V_FREXP_EXP_I16_F16.
    FrexpExpI16F16 [F16, None, None] -> B16 |s, e, _| float::frexp_exp(Fmt::F16, s[0], m(e)) as u16 as u64);

/// Transcendental `W` (0 rcp, 1 rsq, 2 sqrt, 3 exp, 4 log, 5 sin, 6 cos): V_RCP/RSQ/SQRT/EXP/LOG/SIN/COS
/// (also RCP_IFLAG, EXP/LOG_LEGACY). Hardware is approximate; wavescope returns the correctly rounded
/// value of the function (see `fidelity`).
pub struct Tr<T, const W: u8>(PhantomData<T>);
impl<T: FT, const W: u8> VOp for Tr<T, W> {
    const S: [K; 3] = [T::K, K::None, K::None];
    const D: K = T::K;
    #[inline(always)]
    fn lane(s: [u64; 3], e: &Env, _: usize) -> u64 {
        let t = match W {
            0 => Trans::Rcp,
            1 => Trans::Rsq,
            2 => Trans::Sqrt,
            3 => Trans::Exp,
            4 => Trans::Log,
            5 => Trans::Sin,
            _ => Trans::Cos,
        };
        float::transcendental(T::F, t, s[0], m(e))
    }
}

// ---------------------------------------------------------------------------------------------------------
// Division helpers (pseudocode.md VOP3A 478-483, 495, 519; VOP3B 480-481)
// ---------------------------------------------------------------------------------------------------------

/// V_DIV_FIXUP_F16/F32/F64 (pseudocode.md VOP3A 478/479/519): special cases of S2 / S1, else the quotient
/// S0 with the sign of S1 ^ S2. A NaN quotient S0 (only possible for inputs the special cases miss, e.g. an
/// overflowed reciprocal) gives infinity: hardware behaviour found by tinygrad's emulator tests and
/// applied there as a correction to the pseudocode.
#[inline]
fn div_fixup(f: Fmt, s: [u64; 3], m: &FpMode, underflow_exp: Option<i32>) -> u64 {
    let (q, d, n) = (
        m.flush_in(f, s[0]),
        m.flush_in(f, s[1]),
        m.flush_in(f, s[2]),
    );
    let sign_out = f.sign(d) ^ f.sign(n);
    // The pseudocode's 0/0 and inf/inf NaN: f32 0xffc00000 (sign set).
    let nan = f.default_nan() | f.sign_mask();
    if f.is_nan(n) {
        f.quiet(n)
    } else if f.is_nan(d) {
        f.quiet(d)
    } else if f.is_zero(d) && f.is_zero(n) {
        nan
    } else if f.is_inf(d) && f.is_inf(n) {
        nan
    } else if f.is_zero(d) || f.is_inf(n) {
        f.inf(sign_out)
    } else if f.is_inf(d) || f.is_zero(n) {
        f.zero(sign_out)
    } else if underflow_exp.is_some_and(|u| (f.exponent(n) as i32) - (f.exponent(d) as i32) < u) {
        // UNDERFLOW: the quotient is below the smallest subnormal; wavescope returns a signed zero.
        f.zero(sign_out)
    } else if f.is_nan(q) {
        f.inf(sign_out)
    } else {
        m.flush_out(f, f.abs(q) | if sign_out { f.sign_mask() } else { 0 })
    }
}

fvop!(
/// V_DIV_FIXUP_F16/F32/F64.
DivFixup [T, T, T] -> T { const HI16: Hi16 = Hi16::Preserve; }
|s, e, _| {
    let u = match T::F.bits { 32 => Some(-150), 64 => Some(-1075), _ => None };
    div_fixup(T::F, s, m(e), u)
});
vop!(
    /// V_DIV_FIXUP_LEGACY_F16 (VOP3A 495): `D0 = {16'0, tmp}` unless op_sel[3].
    DivFixupLegacyF16 [F16, F16, F16] -> F16 |s, e, _| div_fixup(Fmt::F16, s, m(e), None));

/// V_DIV_FMAS_F32/F64 (VOP3A 482/483): `fma(S0, S1, S2)`, scaled when the lane's VCC bit is set. The
/// pseudocode's constant scale (2^32 / 2^64) is a documentation error: the scale undoes V_DIV_SCALE's
/// 2^64 (f32) / 2^128 (f64) and its direction follows the quotient S2: up when exponent(S2) > bias
/// (|S2| >= 2, the denominator was scaled), down otherwise (the numerator was scaled) — the rule
/// tinygrad's hardware-checked emulator uses. The scaled fma is rounded once.
pub struct DivFmas<T>(PhantomData<T>);
impl<T: FT> VOp for DivFmas<T> {
    const S: [K; 3] = [T::K, T::K, T::K];
    const D: K = T::K;
    const COND: Cond = Cond::Vcc;
    #[inline(always)]
    fn lane(s: [u64; 3], e: &Env, lane: usize) -> u64 {
        let f = T::F;
        if e.cond >> lane & 1 == 0 {
            return float::fma(f, s[0], s[1], s[2], m(e));
        }
        let m = m(e);
        let (a, b, c) = (
            m.flush_in(f, s[0]),
            m.flush_in(f, s[1]),
            m.flush_in(f, s[2]),
        );
        if let Some(n) = float::propagate_nan(f, &[a, b, c]) {
            return n;
        }
        let big = if f.bits == 64 { 128 } else { 64 };
        let k = if f.exponent(c) as i32 > f.bias() {
            big
        } else {
            -big
        };
        let (x, y, z) = (f.to_f64(a), f.to_f64(b), f.to_f64(c));
        let r = x.mul_add(y, z);
        if r.is_nan() {
            return f.default_nan();
        }
        if r.is_infinite() || r == 0.0 {
            return float::fma(f, a, b, c, m);
        }
        let p = x * y;
        let pe = x.mul_add(y, -p);
        let (hs, ht) = float::two_sum(p, z);
        // Exact value = r + (hs - r) + ht + pe; only the sign of the remainder matters.
        let sign = float::exact_sum_sign(&[ht, pe, hs, -r]);
        let lo = match sign {
            core::cmp::Ordering::Greater => r.abs() * float::pow2(-70),
            core::cmp::Ordering::Less => -r.abs() * float::pow2(-70),
            core::cmp::Ordering::Equal => 0.0,
        };
        m.flush_out(f, float::round_scaled(f, r, lo, k, m.round(f)))
    }
}

/// Would `n / d` be a subnormal (nonzero, below 2^emin) in a format with minimum exponent `emin`?
fn div_would_be_denorm(n: f64, d: f64, emin: i32) -> bool {
    if n == 0.0 || !n.is_finite() || !d.is_finite() || d == 0.0 {
        return false;
    }
    // |n / d| = (mn / md) * 2^(en - ed), mn, md in [1, 2).
    let (en, ed) = (exp_of(n), exp_of(d));
    let mn = float::ldexp_f64(n.abs(), -en);
    let md = float::ldexp_f64(d.abs(), -ed);
    let e = en - ed + if mn < md { -1 } else { 0 };
    e < emin
}

/// floor(log2(|x|)) of a finite nonzero f64.
fn exp_of(x: f64) -> i32 {
    let b = x.abs().to_bits();
    let e = (b >> 52) as i32;
    if e == 0 {
        -1074 + (63 - b.leading_zeros() as i32)
    } else {
        e - 1023
    }
}

/// V_DIV_SCALE_F32/F64 (pseudocode.md VOP3B 480/481). S0 is the value to scale (numerator or
/// denominator), S1 the denominator, S2 the numerator. The result is S0 unless a branch scales it; the
/// flag (VCC bit, written to sdst) tells V_DIV_FMAS to undo a one-sided scale. "x == DENORM" is read as
/// "x is (would be) subnormal in the operation's format", also for the f32 form's `1.0 / 64'F(S1.f32)`.
pub struct DivScale<T>(PhantomData<T>);
impl<T: FT> VOpFlag for DivScale<T> {
    const S: [K; 3] = [T::K, T::K, T::K];
    const D: K = T::K;
    const CIN: bool = false;
    #[inline(always)]
    fn lane(s: [u64; 3], _cin: bool, e: &Env, _lane: usize) -> (u64, bool) {
        let f = T::F;
        let m = m(e);
        let (s0, s1, s2) = (s[0], s[1], s[2]);
        let (x0, d, n) = (f.to_f64(s0), f.to_f64(s1), f.to_f64(s2));
        let is64 = f.bits == 64;
        let (scale, exp_gap, tiny_exp) = if is64 { (128, 768, 53) } else { (64, 96, 23) };
        let up = |x: u64| float::round_scaled(f, f.to_f64(x), 0.0, scale, m.round(f));
        let down = |x: u64| float::round_scaled(f, f.to_f64(x), 0.0, -scale, m.round(f));
        let (e2, e1) = (f.exponent(s2) as i32, f.exponent(s1) as i32);
        // 1/S1 subnormal in the operation's format: |S1| > 2^1022 (f64) / 2^126 (f32). The f32 pseudocode writes
        // `1.0 / 64'F(S1.f32) == DENORM.f64`, which taken literally never holds; LLVM's f32 division issues
        // V_RCP_F32 before it enables denormals (flush-to-zero kernels), so for x / 3.4e38 it relies on this
        // branch scaling the denominator into the range where the reciprocal is normal.
        let rcp_denorm = d.is_finite() && d.abs() > float::pow2(if is64 { 1022 } else { 126 });
        let q_denorm = div_would_be_denorm(n, d, f.emin());
        if n == 0.0 || d == 0.0 {
            (f.default_nan(), false)
        } else if e2 - e1 >= exp_gap {
            // N/D near MAX_FLOAT: scale only the denominator.
            (if x0 == d { up(s0) } else { s0 }, true)
        } else if f.is_denorm(s1) {
            (up(s0), false)
        } else if rcp_denorm && q_denorm {
            // The pseudocode's ldexp(S0, 128) cannot be right here: |S1| > 2^1022, so scaling the denominator up
            // overflows to infinity and every quotient would come out wrong (LLVM's f64 division, correctly
            // rounded on hardware, takes this branch for e.g. 0.75 / 1.7e308). Scaling it down by 2^128 makes
            // its reciprocal normal and the scaled quotient q * 2^128 normal; V_DIV_FMAS scales back down (its
            // S2, the quotient, is below 1) and rounds the subnormal result once.
            (if x0 == d { down(s0) } else { s0 }, true)
        } else if rcp_denorm {
            (down(s0), false)
        } else if q_denorm {
            // Quotient would be subnormal: scale only the numerator.
            (if x0 == n { up(s0) } else { s0 }, true)
        } else if e2 <= tiny_exp {
            // Numerator is tiny: scale both.
            (up(s0), false)
        } else {
            (s0, false)
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Cube map (pseudocode.md VOP3A 452-455)
// ---------------------------------------------------------------------------------------------------------

#[inline(always)]
fn cube_face(s: [u64; 3]) -> (u8, f64, f64, f64) {
    let (x, y, z) = (
        Fmt::F32.to_f64(s[0]),
        Fmt::F32.to_f64(s[1]),
        Fmt::F32.to_f64(s[2]),
    );
    let face = if z.abs() >= x.abs() && z.abs() >= y.abs() {
        2
    } else if y.abs() >= x.abs() {
        1
    } else {
        0
    };
    (face, x, y, z)
}

fn f32_bits(v: f64) -> u64 {
    (v as f32).to_bits() as u64
}

vop!(
/// V_CUBEID_F32: face id 0..5.
CubeidF32 [F32, F32, F32] -> F32 |s, _e, _| {
    let (face, x, y, z) = cube_face(s);
    let id = match face { 2 => if z < 0.0 { 5.0 } else { 4.0 }, 1 => if y < 0.0 { 3.0 } else { 2.0 },
        _ => if x < 0.0 { 1.0 } else { 0.0 } };
    f32_bits(id)
});
vop!(
/// V_CUBESC_F32: S coordinate.
CubescF32 [F32, F32, F32] -> F32 |s, _e, _| {
    let (face, x, _y, z) = cube_face(s);
    let n = |b: u64| b ^ 0x8000_0000;
    match face { 2 => if z < 0.0 { n(s[0]) } else { s[0] }, 1 => s[0], _ => if x < 0.0 { s[2] } else { n(s[2]) } }
});
vop!(
/// V_CUBETC_F32: T coordinate.
CubetcF32 [F32, F32, F32] -> F32 |s, _e, _| {
    let (face, _x, y, _z) = cube_face(s);
    let n = |b: u64| b ^ 0x8000_0000;
    match face { 2 => n(s[1]), 1 => if y < 0.0 { n(s[2]) } else { s[2] }, _ => n(s[1]) }
});
vop!(
/// V_CUBEMA_F32: 2 * major axis.
CubemaF32 [F32, F32, F32] -> F32 |s, e, _| {
    let (face, ..) = cube_face(s);
    let two = 2.0f32.to_bits() as u64;
    float::mul(Fmt::F32, s[face as usize], two, m(e))
});

// ---------------------------------------------------------------------------------------------------------
// Conversions (pseudocode.md VOP1 3-22, 57-60, 77-79, 91; VOP3A 477, 496, 615-616, 660-666, 672, 678-679)
// ---------------------------------------------------------------------------------------------------------

vop!(
    /// V_CVT_I32_F64: truncate, saturate, NaN -> 0.
    CvtI32F64 [F64, None, None] -> B32 |s, e, _| float::to_int(Fmt::F64, s[0], true, 32, m(e)));
vop!(
    /// V_CVT_U32_F64.
    CvtU32F64 [F64, None, None] -> B32 |s, e, _| float::to_int(Fmt::F64, s[0], false, 32, m(e)));
vop!(
    /// V_CVT_I32_F32.
    CvtI32F32 [F32, None, None] -> B32 |s, e, _| float::to_int(Fmt::F32, s[0], true, 32, m(e)));
vop!(
    /// V_CVT_U32_F32.
    CvtU32F32 [F32, None, None] -> B32 |s, e, _| float::to_int(Fmt::F32, s[0], false, 32, m(e)));
vop!(
    /// V_CVT_I16_F16.
    CvtI16F16 [F16, None, None] -> B16 |s, e, _| float::to_int(Fmt::F16, s[0], true, 16, m(e)));
vop!(
    /// V_CVT_U16_F16.
    CvtU16F16 [F16, None, None] -> B16 |s, e, _| float::to_int(Fmt::F16, s[0], false, 16, m(e)));
vop!(
    /// V_CVT_F64_I32 (exact).
    CvtF64I32 [B32, None, None] -> F64 |s, e, _| float::from_int(Fmt::F64, s[0] as u32 as i32 as f64, m(e)));
vop!(
    /// V_CVT_F64_U32 (exact).
    CvtF64U32 [B32, None, None] -> F64 |s, e, _| float::from_int(Fmt::F64, s[0] as u32 as f64, m(e)));
vop!(
    /// V_CVT_F32_I32: rounded per MODE.
    CvtF32I32 [B32, None, None] -> F32 |s, e, _| float::from_int(Fmt::F32, s[0] as u32 as i32 as f64, m(e)));
vop!(
    /// V_CVT_F32_U32.
    CvtF32U32 [B32, None, None] -> F32 |s, e, _| float::from_int(Fmt::F32, s[0] as u32 as f64, m(e)));
vop!(
    /// V_CVT_F16_U16.
    CvtF16U16 [B16, None, None] -> F16 |s, e, _| float::from_int(Fmt::F16, s[0] as u16 as f64, m(e)));
vop!(
    /// V_CVT_F16_I16.
    CvtF16I16 [B16, None, None] -> F16 |s, e, _| float::from_int(Fmt::F16, s[0] as u16 as i16 as f64, m(e)));
vop!(
    /// V_CVT_F16_F32.
    CvtF16F32 [F32, None, None] -> F16 |s, e, _| float::convert(Fmt::F32, Fmt::F16, s[0], m(e)));
vop!(
    /// V_CVT_F32_F16.
    CvtF32F16 [F16, None, None] -> F32 |s, e, _| float::convert(Fmt::F16, Fmt::F32, s[0], m(e)));
vop!(
    /// V_CVT_F32_F64.
    CvtF32F64 [F64, None, None] -> F32 |s, e, _| float::convert(Fmt::F64, Fmt::F32, s[0], m(e)));
vop!(
    /// V_CVT_F64_F32.
    CvtF64F32 [F32, None, None] -> F64 |s, e, _| float::convert(Fmt::F32, Fmt::F64, s[0], m(e)));
vop!(
/// V_CVT_RPI_I32_F32: `f32_to_i32(floor(S0 + 0.5))` (the add rounds in f32).
CvtRpiI32F32 [F32, None, None] -> B32 |s, e, _| {
    let t = float::add(Fmt::F32, s[0], 0.5f32.to_bits() as u64, m(e));
    float::to_int(Fmt::F32, float::round_integral(Fmt::F32, t, Round::MinusInf, m(e)), true, 32, m(e))
});
vop!(
    /// V_CVT_FLR_I32_F32: `f32_to_i32(floor(S0))`.
    CvtFlrI32F32 [F32, None, None] -> B32 |s, e, _|
        float::to_int(Fmt::F32, float::round_integral(Fmt::F32, s[0], Round::MinusInf, m(e)), true, 32, m(e)));
vop!(
/// V_CVT_OFF_F32_I4: the signed 4-bit S0[3:0] / 16 (CVT_OFF_TABLE of the guides: 0b1000 -> -0.5,
/// 0b0111 -> 0.4375; the table values are missing from the CDNA4 extraction, see pseudocode.md FLAG).
CvtOffF32I4 [B32, None, None] -> F32 |s, _e, _| {
    let v = ((s[0] as u32 & 0xF) << 28) as i32 >> 28;
    ((v as f32) / 16.0).to_bits() as u64
});
/// V_CVT_F32_UBYTE0..3: `u32_to_f32(S0[8N+7 : 8N])` (exact).
pub struct CvtF32Ubyte<const N: u32>;
impl<const N: u32> VOp for CvtF32Ubyte<N> {
    const S: [K; 3] = [K::B32, K::None, K::None];
    const D: K = K::F32;
    #[inline(always)]
    fn lane(s: [u64; 3], _e: &Env, _: usize) -> u64 {
        ((((s[0] >> (8 * N)) & 0xFF) as u8) as f32).to_bits() as u64
    }
}
vop!(
    /// V_CVT_F32_BF16 (VOP1 91): `{S0.b16, 16'0}`.
    CvtF32Bf16 [B16, None, None] -> F32 |s, _e, _| (s[0] & 0xFFFF) << 16);

/// f16/f32 value to a normalised 16-bit integer (f16_to_snorm/unorm, f32_to_snorm/unorm): NaN -> 0, clamp
/// to [-1, 1] / [0, 1], scale by 32767 / 65535, round to nearest even (the D3D float -> SNORM/UNORM rule;
/// the guide does not restate it).
#[inline]
fn to_norm(f: Fmt, x: u64, signed: bool, m: &FpMode) -> u64 {
    let x = m.flush_in(f, x);
    if f.is_nan(x) {
        return 0;
    }
    let v = f.to_f64(x);
    if signed {
        ((v.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i32 as u32 & 0xFFFF) as u64
    } else {
        ((v.clamp(0.0, 1.0) * 65535.0).round_ties_even() as u32 & 0xFFFF) as u64
    }
}

vop!(
    /// V_CVT_NORM_I16_F16.
    CvtNormI16F16 [F16, None, None] -> B16 |s, e, _| to_norm(Fmt::F16, s[0], true, m(e)));
vop!(
    /// V_CVT_NORM_U16_F16.
    CvtNormU16F16 [F16, None, None] -> B16 |s, e, _| to_norm(Fmt::F16, s[0], false, m(e)));
vop!(
    /// V_CVT_PKNORM_I16_F32.
    CvtPknormI16F32 [F32, F32, None] -> B32 |s, e, _| to_norm(Fmt::F32, s[0], true, m(e)) | to_norm(Fmt::F32, s[1], true, m(e)) << 16);
vop!(
    /// V_CVT_PKNORM_U16_F32.
    CvtPknormU16F32 [F32, F32, None] -> B32 |s, e, _| to_norm(Fmt::F32, s[0], false, m(e)) | to_norm(Fmt::F32, s[1], false, m(e)) << 16);
vop!(
    /// V_CVT_PKNORM_I16_F16.
    CvtPknormI16F16 [F16, F16, None] -> B32 |s, e, _| to_norm(Fmt::F16, s[0], true, m(e)) | to_norm(Fmt::F16, s[1], true, m(e)) << 16);
vop!(
    /// V_CVT_PKNORM_U16_F16.
    CvtPknormU16F16 [F16, F16, None] -> B32 |s, e, _| to_norm(Fmt::F16, s[0], false, m(e)) | to_norm(Fmt::F16, s[1], false, m(e)) << 16);

/// A copy of the mode with the f16/f64 (and f32) round mode forced.
#[inline(always)]
fn with_round(m: &FpMode, r: Round) -> FpMode {
    FpMode {
        round_f32: r,
        round_f64: r,
        ..*m
    }
}

vop!(
/// V_CVT_PKRTZ_F16_F32 (VOP3A 662): both halves rounded toward zero.
CvtPkrtzF16F32 [F32, F32, None] -> B32 |s, e, _| {
    let mm = with_round(m(e), Round::TowardZero);
    float::convert(Fmt::F32, Fmt::F16, s[0], &mm) | float::convert(Fmt::F32, Fmt::F16, s[1], &mm) << 16
});
vop!(
/// V_CVT_PK_F16_F32 (VOP3A 615): round to nearest even.
CvtPkF16F32 [F32, F32, None] -> B32 |s, e, _| {
    let mm = with_round(m(e), Round::NearestEven);
    float::convert(Fmt::F32, Fmt::F16, s[0], &mm) | float::convert(Fmt::F32, Fmt::F16, s[1], &mm) << 16
});
vop!(
/// V_CVT_PK_BF16_F32 (VOP3A 616): round to nearest even.
CvtPkBf16F32 [F32, F32, None] -> B32 |s, e, _| {
    let mm = with_round(m(e), Round::NearestEven);
    float::convert(Fmt::F32, Fmt::BF16, s[0], &mm) | float::convert(Fmt::F32, Fmt::BF16, s[1], &mm) << 16
});
vop!(
    /// V_PACK_B32_F16 (VOP3A 672): `{S1.f16, S0.f16}` (source modifiers and op_sel apply).
    PackB32F16 [F16, F16, None] -> B32 |s, _e, _| (s[0] & 0xFFFF) | (s[1] & 0xFFFF) << 16);
vop!(
    /// V_CVT_PK_U16_U32 (VOP3A 663): each source saturated to u16.
    CvtPkU16U32 [B32, B32, None] -> B32 |s, _e, _| (s[0].min(0xFFFF)) | (s[1].min(0xFFFF)) << 16);
vop!(
/// V_CVT_PK_I16_I32 (VOP3A 664): each source saturated to i16.
CvtPkI16I32 [B32, B32, None] -> B32 |s, _e, _| {
    let c = |x: u64| ((x as u32 as i32).clamp(-32768, 32767) as u32 & 0xFFFF) as u64;
    c(s[0]) | c(s[1]) << 16
});

/// f32_to_u8: NaN -> 0, round to nearest even, saturate to [0, 255].
#[inline]
fn f32_to_u8(x: u64, m: &FpMode) -> u32 {
    let x = m.flush_in(Fmt::F32, x);
    if Fmt::F32.is_nan(x) {
        return 0;
    }
    Fmt::F32.to_f64(x).round_ties_even().clamp(0.0, 255.0) as u32
}

vop!(
/// V_CVT_PK_U8_F32 (VOP3A 477): `S2` with byte S1[1:0] replaced by f32_to_u8(S0).
CvtPkU8F32 [F32, B32, B32] -> B32 |s, e, _| {
    let sh = (s[1] as u32 & 3) * 8;
    ((s[2] as u32 & !(0xFF << sh)) | (f32_to_u8(s[0], m(e)) << sh)) as u64
});
vop!(
/// V_CVT_PKACCUM_U8_F32 (VOP3A 496): byte S1[1:0] of D0 = f32_to_u8(S0), other bytes kept.
CvtPkaccumU8F32 [F32, B32, B32] -> B32 { const SRC2_IS_DST: bool = true; }
|s, e, _| {
    let sh = (s[1] as u32 & 3) * 8;
    ((s[2] as u32 & !(0xFF << sh)) | (f32_to_u8(s[0], m(e)) << sh)) as u64
});
vop!(
/// V_SAT_PK_U8_I16 (VOP1 79): both i16 halves saturated to u8, packed into 16 bits.
SatPkU8I16 [B32, None, None] -> B16 |s, _e, _| {
    let sat = |n: u64| ((n as u16 as i16).clamp(0, 255)) as u64;
    sat(s[0] & 0xFFFF) | sat(s[0] >> 16) << 8
});

// ---------------------------------------------------------------------------------------------------------
// Dot products accumulating into D0 (pseudocode.md VOP2 22, 55-58)
// ---------------------------------------------------------------------------------------------------------

vop!(
/// V_DOT2C_F32_F16: `tmp = D0; tmp += a0*b0; tmp += a1*b1` in f32 (each product exact, each add rounded).
Dot2cF32F16 [B32, B32, B32] -> B32 { const SRC2_IS_DST: bool = true; }
|s, e, _| {
    let p = |x: u64, y: u64| {
        let v = Fmt::F16.to_f64(x & 0xFFFF) * Fmt::F16.to_f64(y & 0xFFFF);
        float::from_f64(Fmt::F32, v, Round::NearestEven)
    };
    let t = float::add(Fmt::F32, s[2], p(s[0], s[1]), m(e));
    float::add(Fmt::F32, t, p(s[0] >> 16, s[1] >> 16), m(e))
});
vop!(
/// V_DOT2C_F32_BF16.
Dot2cF32Bf16 [B32, B32, B32] -> B32 { const SRC2_IS_DST: bool = true; }
|s, e, _| {
    let p = |x: u64, y: u64| {
        let v = Fmt::BF16.to_f64(x & 0xFFFF) * Fmt::BF16.to_f64(y & 0xFFFF);
        float::from_f64(Fmt::F32, v, Round::NearestEven)
    };
    let t = float::add(Fmt::F32, s[2], p(s[0], s[1]), m(e));
    float::add(Fmt::F32, t, p(s[0] >> 16, s[1] >> 16), m(e))
});

/// Signed sum of products of `N` lanes of `W` bits, added to `acc`; the clamp bit saturates to i32.
#[inline(always)]
fn idot(a: u64, b: u64, acc: u64, w: u32, n: u32, clamp: bool) -> u64 {
    let mut t = acc as u32 as i32 as i64;
    for k in 0..n {
        let sx = |v: u64| (((v >> (k * w)) << (64 - w)) as i64) >> (64 - w);
        t += sx(a) * sx(b);
    }
    let r = if clamp {
        t.clamp(i32::MIN as i64, i32::MAX as i64)
    } else {
        t
    };
    r as i32 as u32 as u64
}

vop!(
    /// V_DOT2C_I32_I16.
    Dot2cI32I16 [B32, B32, B32] -> B32 { const SRC2_IS_DST: bool = true; }
    |s, e, _| idot(s[0], s[1], s[2], 16, 2, e.clamp));
vop!(
    /// V_DOT4C_I32_I8.
    Dot4cI32I8 [B32, B32, B32] -> B32 { const SRC2_IS_DST: bool = true; }
    |s, e, _| idot(s[0], s[1], s[2], 8, 4, e.clamp));
vop!(
    /// V_DOT8C_I32_I4.
    Dot8cI32I4 [B32, B32, B32] -> B32 { const SRC2_IS_DST: bool = true; }
    |s, e, _| idot(s[0], s[1], s[2], 4, 8, e.clamp));

// ---------------------------------------------------------------------------------------------------------
// Moves and selects
// ---------------------------------------------------------------------------------------------------------

vop!(
    /// V_MOV_B32.
    MovB32 [B32, None, None] -> B32 |s, _e, _| s[0]);
vop!(
    /// V_MOV_B64 (gfx950 VOP1 56).
    MovB64 [B64, None, None] -> B64 |s, _e, _| s[0]);
vop!(
    /// V_ACCVGPR_MOV_B32 (VOP1 82): AccVGPR to AccVGPR copy (operands arrive as AGPR codes).
    AccvgprMovB32 [B32, None, None] -> B32 |s, _e, _| s[0]);
vop!(
    /// V_CNDMASK_B32 (VOP2 0): `VCC[lane] ? S1 : S0`; the VOP3 form takes the mask from the SGPR pair in
    /// src2. abs/neg apply in the VOP3/DPP/SDWA forms, as LLVM accepts them there.
    CndmaskB32 [F32, F32, None] -> B32 { const COND: Cond = Cond::VccOrSrc2; }
    |s, e, l| if e.cond >> l & 1 != 0 { s[1] } else { s[0] });

// ---------------------------------------------------------------------------------------------------------
// Integer arithmetic (pseudocode.md VOP2 6-9, 12-21, 38-44, 47-50, 52-54, 61; VOP1 43-47, 88;
// VOP3A 450-476, 484-486, 491-493, 497-517, 520, 563-564, 613-614, 645-659, 668-671)
// ---------------------------------------------------------------------------------------------------------

#[inline(always)]
fn u(x: u64) -> u32 {
    x as u32
}
#[inline(always)]
fn i(x: u64) -> i32 {
    x as u32 as i32
}
#[inline(always)]
fn w(x: u32) -> u64 {
    x as u64
}
/// S.i24: the low 24 bits sign-extended.
#[inline(always)]
fn i24(x: u64) -> i64 {
    ((x as u32) << 8) as i32 as i64 >> 8
}
#[inline(always)]
fn u24(x: u64) -> u64 {
    x & 0xFF_FFFF
}
#[inline(always)]
fn sat_u32(v: i128, clamp: bool) -> u64 {
    if clamp {
        v.clamp(0, u32::MAX as i128) as u64
    } else {
        v as u32 as u64
    }
}
#[inline(always)]
fn sat_i32(v: i64, clamp: bool) -> u64 {
    if clamp {
        v.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32 as u64
    } else {
        v as i32 as u32 as u64
    }
}
#[inline(always)]
fn sat_u16(v: i64, clamp: bool) -> u64 {
    if clamp {
        v.clamp(0, 0xFFFF) as u64
    } else {
        (v as u64) & 0xFFFF
    }
}
#[inline(always)]
fn sat_i16(v: i64, clamp: bool) -> u64 {
    if clamp {
        (v.clamp(-32768, 32767) as u64) & 0xFFFF
    } else {
        (v as u64) & 0xFFFF
    }
}

vop!(AddU32 [B32, B32, None] -> B32 |s, e, _| sat_u32(s[0] as i128 + s[1] as i128, e.clamp));
vop!(SubU32 [B32, B32, None] -> B32 |s, e, _| sat_u32(s[0] as i128 - s[1] as i128, e.clamp));
vop!(SubrevU32 [B32, B32, None] -> B32 |s, e, _| sat_u32(s[1] as i128 - s[0] as i128, e.clamp));
vop!(AddI32 [B32, B32, None] -> B32 |s, e, _| sat_i32(i(s[0]) as i64 + i(s[1]) as i64, e.clamp));
vop!(SubI32 [B32, B32, None] -> B32 |s, e, _| sat_i32(i(s[0]) as i64 - i(s[1]) as i64, e.clamp));
vop!(AddU16 [B16, B16, None] -> B16 |s, e, _| sat_u16(s[0] as i64 + s[1] as i64, e.clamp));
vop!(SubU16 [B16, B16, None] -> B16 |s, e, _| sat_u16(s[0] as i64 - s[1] as i64, e.clamp));
vop!(SubrevU16 [B16, B16, None] -> B16 |s, e, _| sat_u16(s[1] as i64 - s[0] as i64, e.clamp));
vop!(
    /// V_ADD_I16 (VOP3A 670, op_sel-capable).
    AddI16 [B16, B16, None] -> B16 { const HI16: Hi16 = Hi16::Preserve; }
    |s, e, _| sat_i16(s[0] as u16 as i16 as i64 + s[1] as u16 as i16 as i64, e.clamp));
vop!(
    /// V_SUB_I16 (VOP3A 671).
    SubI16 [B16, B16, None] -> B16 { const HI16: Hi16 = Hi16::Preserve; }
    |s, e, _| sat_i16(s[0] as u16 as i16 as i64 - s[1] as u16 as i16 as i64, e.clamp));
vop!(MulLoU16 [B16, B16, None] -> B16 |s, _e, _| (s[0] * s[1]) & 0xFFFF);
vop!(LshlrevB16 [B16, B16, None] -> B16 |s, _e, _| (s[1] << (s[0] & 15)) & 0xFFFF);
vop!(LshrrevB16 [B16, B16, None] -> B16 |s, _e, _| s[1] >> (s[0] & 15));
vop!(AshrrevI16 [B16, B16, None] -> B16 |s, _e, _| ((s[1] as u16 as i16) >> (s[0] & 15)) as u16 as u64);
vop!(MaxU16 [B16, B16, None] -> B16 |s, _e, _| s[0].max(s[1]));
vop!(MinU16 [B16, B16, None] -> B16 |s, _e, _| s[0].min(s[1]));
vop!(MaxI16 [B16, B16, None] -> B16 |s, _e, _| (s[0] as u16 as i16).max(s[1] as u16 as i16) as u16 as u64);
vop!(MinI16 [B16, B16, None] -> B16 |s, _e, _| (s[0] as u16 as i16).min(s[1] as u16 as i16) as u16 as u64);

vop!(MulI32I24 [B32, B32, None] -> B32 |s, _e, _| (i24(s[0]) * i24(s[1])) as u32 as u64);
vop!(MulHiI32I24 [B32, B32, None] -> B32 |s, _e, _| ((i24(s[0]) * i24(s[1])) >> 32) as u32 as u64);
vop!(MulU32U24 [B32, B32, None] -> B32 |s, _e, _| (u24(s[0]) * u24(s[1])) as u32 as u64);
vop!(MulHiU32U24 [B32, B32, None] -> B32 |s, _e, _| (u24(s[0]) * u24(s[1])) >> 32);
vop!(MulLoU32 [B32, B32, None] -> B32 |s, _e, _| w(u(s[0]).wrapping_mul(u(s[1]))));
vop!(MulHiU32 [B32, B32, None] -> B32 |s, _e, _| (s[0] * s[1]) >> 32);
vop!(MulHiI32 [B32, B32, None] -> B32 |s, _e, _| ((i(s[0]) as i64 * i(s[1]) as i64) >> 32) as u32 as u64);
vop!(MinI32 [B32, B32, None] -> B32 |s, _e, _| i(s[0]).min(i(s[1])) as u32 as u64);
vop!(MaxI32 [B32, B32, None] -> B32 |s, _e, _| i(s[0]).max(i(s[1])) as u32 as u64);
vop!(MinU32 [B32, B32, None] -> B32 |s, _e, _| s[0].min(s[1]));
vop!(MaxU32 [B32, B32, None] -> B32 |s, _e, _| s[0].max(s[1]));
vop!(LshrrevB32 [B32, B32, None] -> B32 |s, _e, _| s[1] >> (s[0] & 31));
vop!(AshrrevI32 [B32, B32, None] -> B32 |s, _e, _| (i(s[1]) >> (s[0] & 31)) as u32 as u64);
vop!(LshlrevB32 [B32, B32, None] -> B32 |s, _e, _| w(u(s[1]) << (s[0] & 31)));
vop!(AndB32 [B32, B32, None] -> B32 |s, _e, _| s[0] & s[1]);
vop!(OrB32 [B32, B32, None] -> B32 |s, _e, _| s[0] | s[1]);
vop!(XorB32 [B32, B32, None] -> B32 |s, _e, _| s[0] ^ s[1]);
vop!(XnorB32 [B32, B32, None] -> B32 |s, _e, _| !(s[0] ^ s[1]) & 0xFFFF_FFFF);
vop!(NotB32 [B32, None, None] -> B32 |s, _e, _| !s[0] & 0xFFFF_FFFF);
vop!(BfrevB32 [B32, None, None] -> B32 |s, _e, _| w(u(s[0]).reverse_bits()));
vop!(
    /// V_FFBH_U32: leading zeros, -1 for 0.
    FfbhU32 [B32, None, None] -> B32 |s, _e, _| if u(s[0]) == 0 { 0xFFFF_FFFF } else { w(u(s[0]).leading_zeros()) });
vop!(
    /// V_FFBL_B32: trailing zeros, -1 for 0.
    FfblB32 [B32, None, None] -> B32 |s, _e, _| if u(s[0]) == 0 { 0xFFFF_FFFF } else { w(u(s[0]).trailing_zeros()) });
vop!(
/// V_FFBH_I32: first bit (from bit 30 down) differing from the sign, counted from the MSB; -1 if none.
FfbhI32 [B32, None, None] -> B32 |s, _e, _| {
    let x = u(s[0]);
    let y = if x >> 31 != 0 { !x } else { x };
    if y == 0 { 0xFFFF_FFFF } else { w(y.leading_zeros()) }
});
vop!(
    /// V_PRNG_B32 (VOP1 88): `(in << 1) ^ (in[31] ? 197 : 0)`.
    PrngB32 [B32, None, None] -> B32 |s, _e, _| w((u(s[0]) << 1) ^ if s[0] >> 31 & 1 != 0 { 197 } else { 0 }));
vop!(BcntU32B32 [B32, B32, None] -> B32 |s, _e, _| w(u(s[0]).count_ones().wrapping_add(u(s[1]))));
vop!(
/// V_MBCNT_LO_U32_B32: S1 + popcount(S0 & lanes-below-me[31:0]).
MbcntLo [B32, B32, None] -> B32 |s, _e, l| {
    let below = ((1u64 << l) - 1) as u32;
    w((u(s[0]) & below).count_ones().wrapping_add(u(s[1])))
});
vop!(
/// V_MBCNT_HI_U32_B32: S1 + popcount(S0 & lanes-below-me[63:32]).
MbcntHi [B32, B32, None] -> B32 |s, _e, l| {
    let below = (((1u64 << l) - 1) >> 32) as u32;
    w((u(s[0]) & below).count_ones().wrapping_add(u(s[1])))
});
vop!(BfmB32 [B32, B32, None] -> B32 |s, _e, _| w((1u32 << (s[0] & 31)).wrapping_sub(1) << (s[1] & 31)));
vop!(
    /// V_BFE_U32: `(S0 >> S1[4:0]) & ((1 << S2[4:0]) - 1)`.
    BfeU32 [B32, B32, B32] -> B32 |s, _e, _| w((u(s[0]) >> (s[1] & 31)) & (1u32 << (s[2] & 31)).wrapping_sub(1)));
vop!(
/// V_BFE_I32: the field sign-extended from bit S2[4:0]-1 (width 0 gives 0).
BfeI32 [B32, B32, B32] -> B32 |s, _e, _| {
    let wd = (s[2] & 31) as u32;
    let t = (i(s[0]) >> (s[1] & 31)) as u32 & (1u32 << wd).wrapping_sub(1);
    if wd == 0 { 0 } else { w((((t << (32 - wd)) as i32) >> (32 - wd)) as u32) }
});
vop!(BfiB32 [B32, B32, B32] -> B32 |s, _e, _| (s[0] & s[1]) | (!s[0] & s[2] & 0xFFFF_FFFF));
vop!(AlignbitB32 [B32, B32, B32] -> B32 |s, _e, _| ((s[0] << 32 | s[1]) >> (s[2] & 31)) & 0xFFFF_FFFF);
vop!(AlignbyteB32 [B32, B32, B32] -> B32 |s, _e, _| ((s[0] << 32 | s[1]) >> ((s[2] & 3) * 8)) & 0xFFFF_FFFF);
vop!(
    /// V_MAD_I32_I24 (clamp saturates).
    MadI32I24 [B32, B32, B32] -> B32 |s, e, _| sat_i32(i24(s[0]) * i24(s[1]) + i(s[2]) as i64, e.clamp));
vop!(
    /// V_MAD_U32_U24 (clamp saturates).
    MadU32U24 [B32, B32, B32] -> B32 |s, e, _| sat_u32((u24(s[0]) * u24(s[1]) + s[2]) as i128, e.clamp));
vop!(MadU32U16 [B16, B16, B32] -> B32 |s, e, _| sat_u32((s[0] * s[1] + s[2]) as i128, e.clamp));
vop!(MadI32I16 [B16, B16, B32] -> B32 |s, e, _| sat_i32(s[0] as u16 as i16 as i64 * s[1] as u16 as i16 as i64 + i(s[2]) as i64, e.clamp));
vop!(
    /// V_MAD_U16 (VOP3A 516, op_sel-capable).
    MadU16 [B16, B16, B16] -> B16 { const HI16: Hi16 = Hi16::Preserve; }
    |s, e, _| sat_u16((s[0] * s[1] + s[2]) as i64, e.clamp));
vop!(
    /// V_MAD_I16 (VOP3A 517).
    MadI16 [B16, B16, B16] -> B16 { const HI16: Hi16 = Hi16::Preserve; }
    |s, e, _| sat_i16(s[0] as u16 as i16 as i64 * s[1] as u16 as i16 as i64 + s[2] as u16 as i16 as i64, e.clamp));
vop!(
    /// V_MAD_LEGACY_U16 (VOP3A 491).
    MadLegacyU16 [B16, B16, B16] -> B16 |s, e, _| sat_u16((s[0] * s[1] + s[2]) as i64, e.clamp));
vop!(
    /// V_MAD_LEGACY_I16 (VOP3A 492).
    MadLegacyI16 [B16, B16, B16] -> B16
    |s, e, _| sat_i16(s[0] as u16 as i16 as i64 * s[1] as u16 as i16 as i64 + s[2] as u16 as i16 as i64, e.clamp));
vop!(LshlAddU32 [B32, B32, B32] -> B32 |s, _e, _| w((u(s[0]) << (s[1] & 31)).wrapping_add(u(s[2]))));
vop!(AddLshlU32 [B32, B32, B32] -> B32 |s, _e, _| w(u(s[0]).wrapping_add(u(s[1])) << (s[2] & 31)));
vop!(Add3U32 [B32, B32, B32] -> B32 |s, _e, _| (s[0] + s[1] + s[2]) & 0xFFFF_FFFF);
vop!(LshlOrB32 [B32, B32, B32] -> B32 |s, _e, _| w((u(s[0]) << (s[1] & 31)) | u(s[2])));
vop!(AndOrB32 [B32, B32, B32] -> B32 |s, _e, _| (s[0] & s[1]) | s[2]);
vop!(Or3B32 [B32, B32, B32] -> B32 |s, _e, _| s[0] | s[1] | s[2]);
vop!(XadU32 [B32, B32, B32] -> B32 |s, _e, _| w((u(s[0]) ^ u(s[1])).wrapping_add(u(s[2]))));
vop!(
    /// V_LSHL_ADD_U64 (VOP3A 520): `(S0.u64 << S1[2:0]) + S2.u64`.
    LshlAddU64 [B64, B32, B64] -> B64 { const INT64: Int64 = Int64::LshlAdd; } |s, _e, _| (s[0] << (s[1] & 7)).wrapping_add(s[2]));
vop!(LshlrevB64 [B32, B64, None] -> B64 { const INT64: Int64 = Int64::Lshlrev; } |s, _e, _| s[1] << (s[0] & 63));
vop!(LshrrevB64 [B32, B64, None] -> B64 |s, _e, _| s[1] >> (s[0] & 63));
vop!(AshrrevI64 [B32, B64, None] -> B64 |s, _e, _| ((s[1] as i64) >> (s[0] & 63)) as u64);

/// Min3/Max3/Med3 over an integer type given by `key` (widened to i64): `op(op(S0, S1), S2)` and med3 per
/// pseudocode.md VOP3A 471.
macro_rules! int3 {
    ($min:ident, $max:ident, $med:ident, $k:ident, $hi:expr, |$x:ident| $key:expr, |$y:ident| $back:expr) => {
        vop!($min [$k, $k, $k] -> $k { const HI16: Hi16 = $hi; } |s, _e, _| {
            let f = |$x: u64| -> i64 { $key };
            let b = |$y: i64| -> u64 { $back };
            b(f(s[0]).min(f(s[1])).min(f(s[2])))
        });
        vop!($max [$k, $k, $k] -> $k { const HI16: Hi16 = $hi; } |s, _e, _| {
            let f = |$x: u64| -> i64 { $key };
            let b = |$y: i64| -> u64 { $back };
            b(f(s[0]).max(f(s[1])).max(f(s[2])))
        });
        vop!($med [$k, $k, $k] -> $k { const HI16: Hi16 = $hi; } |s, _e, _| {
            let f = |$x: u64| -> i64 { $key };
            let b = |$y: i64| -> u64 { $back };
            let (a, bb, c) = (f(s[0]), f(s[1]), f(s[2]));
            let mx = a.max(bb).max(c);
            b(if mx == a { bb.max(c) } else if mx == bb { a.max(c) } else { a.max(bb) })
        });
    };
}
int3!(
    Min3I32,
    Max3I32,
    Med3I32,
    B32,
    Hi16::Zero,
    |x| x as u32 as i32 as i64,
    |y| y as i32 as u32 as u64
);
int3!(
    Min3U32,
    Max3U32,
    Med3U32,
    B32,
    Hi16::Zero,
    |x| x as u32 as i64,
    |y| y as u32 as u64
);
int3!(
    Min3I16,
    Max3I16,
    Med3I16,
    B16,
    Hi16::Preserve,
    |x| x as u16 as i16 as i64,
    |y| y as u16 as u64
);
int3!(
    Min3U16,
    Max3U16,
    Med3U16,
    B16,
    Hi16::Preserve,
    |x| x as u16 as i64,
    |y| y as u16 as u64
);

#[inline(always)]
fn absdiff(a: u32, b: u32) -> u32 {
    a.abs_diff(b)
}
/// v_sad_u8(S0, S1, S2): S2 + sum of byte absolute differences.
#[inline(always)]
fn sad_u8(a: u32, b: u32, c: u32) -> u32 {
    let mut t = c;
    for k in 0..4 {
        t = t.wrapping_add(absdiff(a >> (8 * k) & 0xFF, b >> (8 * k) & 0xFF));
    }
    t
}
/// v_msad_u8: as sad_u8 but bytes where S1 is 0 count 0.
#[inline(always)]
fn msad_u8(a: u32, b: u32, c: u32) -> u32 {
    let mut t = c;
    for k in 0..4 {
        let bb = b >> (8 * k) & 0xFF;
        if bb != 0 {
            t = t.wrapping_add(absdiff(a >> (8 * k) & 0xFF, bb));
        }
    }
    t
}
vop!(SadU8 [B32, B32, B32] -> B32 |s, _e, _| w(sad_u8(u(s[0]), u(s[1]), u(s[2]))));
vop!(SadHiU8 [B32, B32, B32] -> B32 |s, _e, _| w((sad_u8(u(s[0]), u(s[1]), 0) << 16).wrapping_add(u(s[2]))));
vop!(SadU16 [B32, B32, B32] -> B32 |s, _e, _| w(u(s[2])
    .wrapping_add(absdiff(u(s[0]) & 0xFFFF, u(s[1]) & 0xFFFF))
    .wrapping_add(absdiff(u(s[0]) >> 16, u(s[1]) >> 16))));
vop!(SadU32 [B32, B32, B32] -> B32 |s, _e, _| w(absdiff(u(s[0]), u(s[1])).wrapping_add(u(s[2]))));
vop!(MsadU8 [B32, B32, B32] -> B32 |s, _e, _| w(msad_u8(u(s[0]), u(s[1]), u(s[2]))));
vop!(
/// V_QSAD_PK_U16_U8 (VOP3A 485): four 16-bit SADs of S1 against the byte-shifted S0 windows.
QsadPkU16U8 [B64, B32, B64] -> B64 |s, _e, _| {
    let mut r = 0u64;
    for k in 0..4 {
        let win = (s[0] >> (8 * k)) as u32;
        r |= (sad_u8(win, u(s[1]), (s[2] >> (16 * k)) as u32 & 0xFFFF) as u64 & 0xFFFF) << (16 * k);
    }
    r
});
vop!(
/// V_MQSAD_PK_U16_U8 (VOP3A 486): as QSAD with masked SADs.
MqsadPkU16U8 [B64, B32, B64] -> B64 |s, _e, _| {
    let mut r = 0u64;
    for k in 0..4 {
        let win = (s[0] >> (8 * k)) as u32;
        r |= (msad_u8(win, u(s[1]), (s[2] >> (16 * k)) as u32 & 0xFFFF) as u64 & 0xFFFF) << (16 * k);
    }
    r
});
vop!(
/// V_LERP_U8 (VOP3A 461): per byte `(S0 + S1 + S2[byte LSB]) >> 1`.
LerpU8 [B32, B32, B32] -> B32 |s, _e, _| {
    let mut t = 0u32;
    for k in 0..4 {
        let sh = 8 * k;
        t |= (((u(s[0]) >> sh & 0xFF) + (u(s[1]) >> sh & 0xFF) + (u(s[2]) >> sh & 1)) >> 1) << sh;
    }
    w(t)
});
vop!(
/// V_PERM_B32 (VOP3A 493): byte permute of {S0, S1} by the selector bytes of S2.
PermB32 [B32, B32, B32] -> B32 |s, _e, _| {
    let data = s[0] << 32 | s[1];
    let byte = |k: u64| (data >> (8 * k)) & 0xFF;
    let mut r = 0u64;
    for k in 0..4 {
        let sel = (s[2] >> (8 * k)) & 0xFF;
        let b = match sel {
            13..=255 => 0xFF,
            12 => 0,
            8..=11 => if byte(2 * (sel - 8) + 1) >> 7 != 0 { 0xFF } else { 0 },
            _ => byte(sel),
        };
        r |= b << (8 * k);
    }
    r
});

/// The V_BITOP3 truth table `{OMOD[1:0], ABS[2:0], NEG[2:0]}` (pseudocode.md VOP3A 563).
#[inline(always)]
fn bitop3(a: u64, b: u64, c: u64, e: &Env) -> u64 {
    let mm = &e.inst.mods;
    let t = ((mm.omod as u64 & 3) << 6) | ((mm.abs as u64 & 7) << 3) | (mm.neg as u64 & 7);
    let mut r = 0u64;
    for idx in 0..8u64 {
        if t >> idx & 1 != 0 {
            let pa = if idx & 4 != 0 { a } else { !a };
            let pb = if idx & 2 != 0 { b } else { !b };
            let pc = if idx & 1 != 0 { c } else { !c };
            r |= pa & pb & pc;
        }
    }
    r
}
vop!(
    /// V_BITOP3_B32.
    Bitop3B32 [B32, B32, B32] -> B32 |s, e, _| bitop3(s[0], s[1], s[2], e) & 0xFFFF_FFFF);
vop!(
    /// V_BITOP3_B16 (op_sel-capable, keeps the other half).
    Bitop3B16 [B16, B16, B16] -> B16 { const HI16: Hi16 = Hi16::Preserve; }
    |s, e, _| bitop3(s[0], s[1], s[2], e) & 0xFFFF);

/// SAT8 of V_ASHR_PK_I8_I32 / V_ASHR_PK_U8_I32 (VOP3A 613/614).
#[inline(always)]
fn ashr_pk(s: [u64; 3], signed: bool) -> u64 {
    let sh = s[2] & 31;
    let sat = |x: u64| -> u64 {
        let n = i(x) >> sh;
        if signed {
            (n.clamp(-128, 127) as u8) as u64
        } else {
            n.clamp(0, 255) as u64
        }
    };
    sat(s[0]) | sat(s[1]) << 8
}
vop!(
    /// V_ASHR_PK_I8_I32: `D0[15:0] = {SAT8(S1 >> S2), SAT8(S0 >> S2)}`, D0[31:16] kept.
    AshrPkI8I32 [B32, B32, B32] -> B16 { const HI16: Hi16 = Hi16::Preserve; } |s, _e, _| ashr_pk(s, true));
vop!(
    /// V_ASHR_PK_U8_I32.
    AshrPkU8I32 [B32, B32, B32] -> B16 { const HI16: Hi16 = Hi16::Preserve; } |s, _e, _| ashr_pk(s, false));

// ---------------------------------------------------------------------------------------------------------
// Carry-in/out integer ops and 64-bit multiply-add (VOP2 25-30 / VOP3B; VOP3B 488-489)
// ---------------------------------------------------------------------------------------------------------

/// Define a [`VOpFlag`] over u32 sources: `name cin |a, b, c| -> (u32 result, flag)`.
macro_rules! carry {
    ($(#[$meta:meta])* $name:ident, $cin:expr, |$a:ident, $b:ident, $c:ident, $e:ident| $body:expr) => {
        $(#[$meta])*
        pub struct $name;
        impl VOpFlag for $name {
            const S: [K; 3] = [K::B32, K::B32, K::None];
            const D: K = K::B32;
            const CIN: bool = $cin;
            #[inline(always)]
            fn lane(s: [u64; 3], cin: bool, $e: &Env, _: usize) -> (u64, bool) {
                let ($a, $b, $c) = (s[0], s[1], cin as u64);
                let (r, f): (u64, bool) = $body;
                (r, f)
            }
        }
    };
}

/// A carry-out result with the clamp bit saturating (add: all ones on carry; sub: 0 on borrow).
#[inline(always)]
fn co(t: u64, flag: bool, is_add: bool, clamp: bool) -> (u64, bool) {
    if clamp && flag {
        (if is_add { 0xFFFF_FFFF } else { 0 }, flag)
    } else {
        (t & 0xFFFF_FFFF, flag)
    }
}

carry!(
    /// V_ADD_CO_U32: carry out = unsigned overflow.
    AddCoU32, false, |a, b, _c, e| { let t = a + b; co(t, t >> 32 != 0, true, e.clamp) });
carry!(
    /// V_SUB_CO_U32: borrow = S1 > S0.
    SubCoU32, false, |a, b, _c, e| co(a.wrapping_sub(b), b > a, false, e.clamp));
carry!(
    /// V_SUBREV_CO_U32.
    SubrevCoU32, false, |a, b, _c, e| co(b.wrapping_sub(a), a > b, false, e.clamp));
carry!(
    /// V_ADDC_CO_U32: `S0 + S1 + carry-in`.
    AddcCoU32, true, |a, b, c, e| { let t = a + b + c; co(t, t >> 32 != 0, true, e.clamp) });
carry!(
    /// V_SUBB_CO_U32: `S0 - S1 - borrow-in`, borrow = S1 + borrow-in > S0.
    SubbCoU32, true, |a, b, c, e| co(a.wrapping_sub(b).wrapping_sub(c), b + c > a, false, e.clamp));
carry!(
    /// V_SUBBREV_CO_U32.
    SubbrevCoU32, true, |a, b, c, e| co(b.wrapping_sub(a).wrapping_sub(c), a + c > b, false, e.clamp));

/// V_MAD_U64_U32 (VOP3B 488): `{D1.u1, D0.u64} = S0.u32 * S1.u32 + S2.u64` (65-bit); clamp saturates.
pub struct MadU64U32;
impl VOpFlag for MadU64U32 {
    const S: [K; 3] = [K::B32, K::B32, K::B64];
    const D: K = K::B64;
    const CIN: bool = false;
    const MAD_U64_U32: bool = true;
    #[inline(always)]
    fn lane(s: [u64; 3], _: bool, e: &Env, _: usize) -> (u64, bool) {
        // The 32x32 product fits in 64 bits; bit 64 of the sum is the carry of the 64-bit add (u64 arithmetic
        // vectorises, u128 does not).
        let (t, carry) = (s[0] as u32 as u64 * s[1] as u32 as u64).overflowing_add(s[2]);
        (if carry && e.clamp { u64::MAX } else { t }, carry)
    }
}

/// V_MAD_I64_I32 (VOP3B 489): `{D1.i1, D0.i64} = S0.i32 * S1.i32 + S2.i64` (65-bit signed); D1 is bit 64
/// of the 65-bit result; clamp saturates to the i64 range.
pub struct MadI64I32;
impl VOpFlag for MadI64I32 {
    const S: [K; 3] = [K::B32, K::B32, K::I64];
    const D: K = K::B64;
    const CIN: bool = false;
    #[inline(always)]
    fn lane(s: [u64; 3], _: bool, e: &Env, _: usize) -> (u64, bool) {
        let t = i(s[0]) as i128 * i(s[1]) as i128 + s[2] as i64 as i128;
        let bit64 = (t >> 64) & 1 != 0;
        let r = if e.clamp {
            t.clamp(i64::MIN as i128, i64::MAX as i128) as i64 as u64
        } else {
            t as u64
        };
        (r, bit64)
    }
}
