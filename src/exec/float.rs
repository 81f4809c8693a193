//! Floating-point helpers shared by the VALU, VOP3P and MFMA semantics: formats (f16, bf16, f32, f64) as raw
//! bits, the MODE register's float controls, correctly rounded arithmetic in every round mode, denormal
//! flushing, NaN rules, conversions, clamp and output modifiers.
//!
//! Values travel as raw bits in a `u64` (low `Fmt::bits` bits used) so one code path serves every width.
//!
//! How results are made exact: every f16/bf16/f32 operation is first computed EXACTLY as an unevaluated sum
//! `hi + lo` of two f64s (products of two f32 fit in 48 bits; sums are split with TwoSum), then rounded once
//! to the target format by [`round_exact`] in the requested round mode. f64 operations use the native
//! (round-to-nearest-even) result plus the sign of its exact error (TwoSum / TwoProduct / an exact expansion)
//! to step to the neighbour for the directed modes ([`round_f64`]). The directed-mode f64 results are exact
//! except when an intermediate product over- or underflows f64 (TwoProduct error not representable).
//!
//! Rules taken from the guides (CDNA4 §4.7 / state.md MODE; pseudocode.md per op):
//! - MODE.FP_ROUND [1:0] rounds f32, [3:2] rounds f64 and f16 (0 RNE, 1 +inf, 2 -inf, 3 toward zero).
//! - MODE.FP_DENORM [5:4] f32, [7:6] f64/f16: 0 flush in+out, 1 allow in/flush out, 2 flush in/allow out,
//!   3 allow both. Flushing keeps the sign. Outputs are flushed after rounding.
//! - MODE.IEEE: min/max quiet signalling NaNs and return them (pseudocode V_MIN/V_MAX_*); with IEEE=0 a NaN
//!   operand of min/max is ignored.
//! - MODE.DX10_CLAMP: the clamp modifier turns NaN into 0.
//!
//! NaN payloads: an arithmetic result with a NaN operand is that operand quieted (first NaN in operand
//! order); invalid operations (inf-inf, 0*inf, sqrt(-1)...) return the positive default NaN
//! (f32 0x7fc00000). Hardware returns some NaN in the same cases; its payload choice is not documented.

use core::cmp::Ordering;

/// Rounding direction (MODE.FP_ROUND field values).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Round {
    NearestEven = 0,
    PlusInf = 1,
    MinusInf = 2,
    TowardZero = 3,
}

impl Round {
    #[inline(always)]
    pub const fn from_bits(b: u32) -> Round {
        match b & 3 {
            0 => Round::NearestEven,
            1 => Round::PlusInf,
            2 => Round::MinusInf,
            _ => Round::TowardZero,
        }
    }
}

/// A binary floating-point format, described by its field widths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fmt {
    pub bits: u32,
    pub mant: u32,
    pub exp_bits: u32,
}

impl Fmt {
    pub const F16: Fmt = Fmt {
        bits: 16,
        mant: 10,
        exp_bits: 5,
    };
    pub const BF16: Fmt = Fmt {
        bits: 16,
        mant: 7,
        exp_bits: 8,
    };
    pub const F32: Fmt = Fmt {
        bits: 32,
        mant: 23,
        exp_bits: 8,
    };
    pub const F64: Fmt = Fmt {
        bits: 64,
        mant: 52,
        exp_bits: 11,
    };

    #[inline(always)]
    pub const fn bias(self) -> i32 {
        (1 << (self.exp_bits - 1)) - 1
    }
    /// Exponent of the smallest normal number.
    #[inline(always)]
    pub const fn emin(self) -> i32 {
        1 - self.bias()
    }
    /// Exponent of the largest finite number.
    #[inline(always)]
    pub const fn emax(self) -> i32 {
        self.bias()
    }
    #[inline(always)]
    pub const fn mask(self) -> u64 {
        if self.bits == 64 {
            u64::MAX
        } else {
            (1u64 << self.bits) - 1
        }
    }
    #[inline(always)]
    pub const fn sign_mask(self) -> u64 {
        1u64 << (self.bits - 1)
    }
    #[inline(always)]
    pub const fn exp_mask(self) -> u64 {
        ((1u64 << self.exp_bits) - 1) << self.mant
    }
    #[inline(always)]
    pub const fn mant_mask(self) -> u64 {
        (1u64 << self.mant) - 1
    }
    #[inline(always)]
    pub const fn quiet_bit(self) -> u64 {
        1u64 << (self.mant - 1)
    }
    /// Biased exponent field.
    #[inline(always)]
    pub const fn exponent(self, x: u64) -> u32 {
        ((x & self.exp_mask()) >> self.mant) as u32
    }
    #[inline(always)]
    pub const fn sign(self, x: u64) -> bool {
        x & self.sign_mask() != 0
    }
    #[inline(always)]
    pub const fn is_nan(self, x: u64) -> bool {
        x & self.exp_mask() == self.exp_mask() && x & self.mant_mask() != 0
    }
    #[inline(always)]
    pub const fn is_snan(self, x: u64) -> bool {
        self.is_nan(x) && x & self.quiet_bit() == 0
    }
    #[inline(always)]
    pub const fn is_qnan(self, x: u64) -> bool {
        self.is_nan(x) && x & self.quiet_bit() != 0
    }
    #[inline(always)]
    pub const fn is_inf(self, x: u64) -> bool {
        x & (self.exp_mask() | self.mant_mask()) == self.exp_mask()
    }
    #[inline(always)]
    pub const fn is_zero(self, x: u64) -> bool {
        x & (self.exp_mask() | self.mant_mask()) == 0
    }
    /// Nonzero with a zero exponent field (subnormal).
    #[inline(always)]
    pub const fn is_denorm(self, x: u64) -> bool {
        x & self.exp_mask() == 0 && x & self.mant_mask() != 0
    }
    #[inline(always)]
    pub const fn quiet(self, x: u64) -> u64 {
        x | self.quiet_bit()
    }
    /// The default (canonical) quiet NaN, positive: f32 0x7fc00000.
    #[inline(always)]
    pub const fn default_nan(self) -> u64 {
        self.exp_mask() | self.quiet_bit()
    }
    #[inline(always)]
    pub const fn inf(self, neg: bool) -> u64 {
        self.exp_mask() | if neg { self.sign_mask() } else { 0 }
    }
    #[inline(always)]
    pub const fn zero(self, neg: bool) -> u64 {
        if neg {
            self.sign_mask()
        } else {
            0
        }
    }
    #[inline(always)]
    pub const fn max_finite(self, neg: bool) -> u64 {
        (self.exp_mask() - (1u64 << self.mant)) | self.mant_mask() | self.zero(neg)
    }
    #[inline(always)]
    pub const fn abs(self, x: u64) -> u64 {
        x & !self.sign_mask() & self.mask()
    }
    #[inline(always)]
    pub const fn neg(self, x: u64) -> u64 {
        (x ^ self.sign_mask()) & self.mask()
    }
    /// A subnormal becomes a zero of the same sign.
    #[inline(always)]
    pub const fn flush(self, x: u64) -> u64 {
        if self.is_denorm(x) {
            x & self.sign_mask()
        } else {
            x
        }
    }
    /// The value as an f64 (exact for every format; NaN payload kept in the high mantissa bits).
    #[inline(always)]
    pub fn to_f64(self, x: u64) -> f64 {
        if self.bits == 64 {
            return f64::from_bits(x);
        }
        if self.bits == 32 {
            return f32::from_bits(x as u32) as f64;
        }
        let neg = self.sign(x);
        let e = self.exponent(x) as i32;
        let m = x & self.mant_mask();
        let mag = if e == 0 {
            m as f64 * pow2(self.emin() - self.mant as i32)
        } else if e == (1 << self.exp_bits) - 1 {
            if m == 0 {
                f64::INFINITY
            } else {
                return f64::from_bits(
                    0x7FF8_0000_0000_0000
                        | (m << (52 - self.mant))
                        | if neg { 1u64 << 63 } else { 0 },
                );
            }
        } else {
            ((1u64 << self.mant) | m) as f64 * pow2(e - self.bias() - self.mant as i32)
        };
        if neg {
            -mag
        } else {
            mag
        }
    }
}

/// 2^e as an f64 for -1074 <= e <= 1023 (exact).
#[inline(always)]
pub fn pow2(e: i32) -> f64 {
    if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074).max(0))
    }
}

/// x * 2^n for f64, with one rounding (round-to-nearest-even) when the result is subnormal.
pub fn ldexp_f64(mut x: f64, mut n: i32) -> f64 {
    // Scale in steps that stay exact (results normal), then one final multiply that may round.
    if n > 1023 {
        x *= pow2(1023);
        n -= 1023;
        if n > 1023 {
            x *= pow2(1023);
            n -= 1023;
            n = n.min(1023);
        }
    } else if n < -1022 {
        // 2^-1022 * 2^53: keeps 53 bits of headroom so only the last multiply rounds.
        x *= pow2(-1022 + 53);
        n += 1022 - 53;
        if n < -1022 {
            x *= pow2(-1022 + 53);
            n += 1022 - 53;
            n = n.max(-1022);
        }
    }
    x * pow2(n)
}

/// The float controls of the MODE register (state.md "MODE").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FpMode {
    /// MODE.FP_ROUND[1:0].
    pub round_f32: Round,
    /// MODE.FP_ROUND[3:2] (f64 and f16).
    pub round_f64: Round,
    /// MODE.FP_DENORM[5:4]: bit 0 = keep input denormals, bit 1 = keep output denormals.
    pub denorm_f32: u8,
    /// MODE.FP_DENORM[7:6] (f64 and f16).
    pub denorm_f64: u8,
    pub dx10_clamp: bool,
    pub ieee: bool,
}

impl FpMode {
    #[inline(always)]
    pub fn from_mode(mode: u32) -> FpMode {
        FpMode {
            round_f32: Round::from_bits(mode),
            round_f64: Round::from_bits(mode >> 2),
            denorm_f32: ((mode >> 4) & 3) as u8,
            denorm_f64: ((mode >> 6) & 3) as u8,
            dx10_clamp: mode & (1 << 8) != 0,
            ieee: mode & (1 << 9) != 0,
        }
    }
    /// f32 ops may use the host's IEEE arithmetic directly: round to nearest even with denormals kept in and out
    /// is exactly what x86-64 SSE does (NaN results still take the slow path for AMD's NaN rules).
    #[inline(always)]
    pub fn native_f32(&self) -> bool {
        self.round_f32 == Round::NearestEven && self.denorm_f32 == 3
    }
    /// The same for f64.
    #[inline(always)]
    pub fn native_f64(&self) -> bool {
        self.round_f64 == Round::NearestEven && self.denorm_f64 == 3
    }
    /// Round-to-nearest-even, denormals kept, IEEE and DX10_CLAMP set: MODE 0x3F0 (the compute default).
    pub const IEEE_DEFAULT: FpMode = FpMode {
        round_f32: Round::NearestEven,
        round_f64: Round::NearestEven,
        denorm_f32: 3,
        denorm_f64: 3,
        dx10_clamp: true,
        ieee: true,
    };
    /// Which MODE group controls a format: f32 and bf16 (a truncated f32) use the f32 fields, f16 and f64
    /// the f64/f16 fields.
    #[inline(always)]
    const fn is32(f: Fmt) -> bool {
        f.exp_bits == 8
    }
    #[inline(always)]
    pub fn round(&self, f: Fmt) -> Round {
        if Self::is32(f) {
            self.round_f32
        } else {
            self.round_f64
        }
    }
    #[inline(always)]
    fn denorm(&self, f: Fmt) -> u8 {
        if Self::is32(f) {
            self.denorm_f32
        } else {
            self.denorm_f64
        }
    }
    /// Apply input-denormal flushing (FP_DENORM bit 0 clear).
    #[inline(always)]
    pub fn flush_in(&self, f: Fmt, x: u64) -> u64 {
        if self.denorm(f) & 1 == 0 {
            f.flush(x)
        } else {
            x
        }
    }
    /// Apply output-denormal flushing (FP_DENORM bit 1 clear).
    #[inline(always)]
    pub fn flush_out(&self, f: Fmt, x: u64) -> u64 {
        if self.denorm(f) & 2 == 0 {
            f.flush(x)
        } else {
            x
        }
    }
}

/// Error-free sum: `a + b == s + e` exactly (round-to-nearest f64, no overflow).
#[inline(always)]
pub fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, e)
}

/// Sign of the exact sum of `terms` (Shewchuk's grow-expansion; finite terms).
pub fn exact_sum_sign(terms: &[f64]) -> Ordering {
    let mut ex = [0.0f64; 8];
    let mut n = 0usize;
    for &t in terms.iter().take(8) {
        let mut q = t;
        for c in ex.iter_mut().take(n) {
            let (s, e) = two_sum(q, *c);
            *c = e;
            q = s;
        }
        ex[n] = q;
        n += 1;
    }
    for &c in ex[..n].iter().rev() {
        if c != 0.0 {
            return if c > 0.0 {
                Ordering::Greater
            } else {
                Ordering::Less
            };
        }
    }
    Ordering::Equal
}

#[inline(always)]
fn next_up(x: f64) -> f64 {
    if x.is_nan() || x == f64::INFINITY {
        return x;
    }
    if x == 0.0 {
        return f64::from_bits(1);
    }
    let b = x.to_bits();
    f64::from_bits(if x > 0.0 { b + 1 } else { b - 1 })
}

#[inline(always)]
fn next_down(x: f64) -> f64 {
    -next_up(-x)
}

/// Round an f64 result `r` (the round-to-nearest-even of the exact value) to `rnd`, given how the exact
/// value compares with `r`. An infinite `r` from finite operands must come with the overflow direction
/// (`Less` for +inf), which turns into MAX_FLOAT for the modes that do not round away.
#[inline]
pub fn round_f64(r: f64, exact_vs_r: Ordering, rnd: Round) -> f64 {
    match (rnd, exact_vs_r) {
        (Round::NearestEven, _) | (_, Ordering::Equal) => r,
        (Round::PlusInf, Ordering::Greater) => next_up(r),
        (Round::MinusInf, Ordering::Less) => next_down(r),
        (Round::TowardZero, Ordering::Less) if r > 0.0 => next_down(r),
        (Round::TowardZero, Ordering::Greater) if r < 0.0 => next_up(r),
        _ => r,
    }
}

/// Round the exact real value `hi + lo` to `f` (`hi` = RN(hi + lo), so only the sign of `lo` matters) in
/// mode `rnd`. Overflow gives infinity or MAX_FLOAT as IEEE-754 says for the mode. No denormal flushing
/// here (see [`FpMode::flush_out`]). NaN `hi` gives the default NaN.
#[inline]
pub fn round_exact(f: Fmt, hi: f64, lo: f64, rnd: Round) -> u64 {
    round_scaled(f, hi, lo, 0, rnd)
}

/// The common case of [`round_scaled`] on integers: `hi` lands in the normal range of `f` (f16/bf16/f32)
/// and no borrow from `lo` is needed. `None` sends the caller to the general path (subnormal or
/// overflowing results, zeros, inf/NaN, a value just below a representable one in a directed mode).
#[inline(always)]
fn round_normal_fast(f: Fmt, hi: f64, lo: f64, rnd: Round) -> Option<u64> {
    let b = hi.to_bits();
    let e = ((b >> 52) & 0x7FF) as i32 - 1023;
    if e < f.emin() || e > f.emax() {
        return None;
    }
    let neg = b >> 63 != 0;
    let shift = 52 - f.mant;
    let m = (b & ((1u64 << 52) - 1)) | (1u64 << 52);
    let mut kept = m >> shift;
    let rem = m & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    // lo in the direction of the magnitude.
    let l = if neg { -lo } else { lo };
    if rem == 0 && l < 0.0 && rnd != Round::NearestEven {
        return None;
    }
    let inexact = rem != 0 || l != 0.0;
    let up = match rnd {
        Round::NearestEven => {
            rem > half || (rem == half && (l > 0.0 || (l == 0.0 && kept & 1 == 1)))
        }
        Round::TowardZero => false,
        Round::PlusInf => inexact && !neg && !(rem == 0 && l < 0.0),
        Round::MinusInf => inexact && neg && !(rem == 0 && l < 0.0),
    };
    kept += up as u64;
    let mut ef = e + f.bias();
    if kept >> (f.mant + 1) != 0 {
        kept >>= 1;
        ef += 1;
        if ef >= (1 << f.exp_bits) - 1 {
            return Some(f.inf(neg));
        }
    }
    Some(f.zero(neg) | ((ef as u64) << f.mant) | (kept & f.mant_mask()))
}

/// Round the exact real value `(hi + lo) * 2^k` to `f` with one rounding (any format, f64 included:
/// an f64 result that becomes subnormal through the scale is rounded once, from the unscaled value).
/// `lo` must be smaller than half an f64 ulp of `hi`; only its sign is used.
pub fn round_scaled(f: Fmt, hi: f64, lo: f64, k: i32, rnd: Round) -> u64 {
    if k == 0 {
        if f.bits == 64 {
            return round_f64(hi, ord(lo), rnd).to_bits();
        }
        if let Some(r) = round_normal_fast(f, hi, lo, rnd) {
            return r;
        }
    }
    if hi.is_nan() {
        return f.default_nan();
    }
    let neg = hi.is_sign_negative();
    if hi.is_infinite() {
        return f.inf(neg);
    }
    if hi == 0.0 {
        // lo is 0 too (hi is the rounded sum).
        return f.zero(neg);
    }
    let k = k.clamp(-4000, 4000);
    let a = hi.abs();
    let l = if neg { -lo } else { lo };
    let bits = a.to_bits();
    let is_pow2 = if bits >> 52 != 0 {
        bits & ((1u64 << 52) - 1) == 0
    } else {
        bits.is_power_of_two()
    };
    // floor(log2(a * 2^k)), one less when a is a power of two and the exact value lies just below it.
    let mut e = frexp_exp_f64(a) - 1 + k;
    if is_pow2 && l < 0.0 {
        e -= 1;
    }
    if e > f.emax() {
        return overflow(f, neg, rnd);
    }
    // Quantum (last place) of the result is 2^qexp; n = exact magnitude in quanta.
    let qexp = e.max(f.emin()) - f.mant as i32;
    let sh = k - qexp;
    let n = ldexp_f64(a, sh); // exact: n < 2^(mant+2), no underflow
    let mut ni = n.floor();
    let mut frac = n - ni;
    let lq = ldexp_f64(l, sh);
    let mut below_one = false;
    if frac == 0.0 && lq < 0.0 {
        // The exact value is a hair below the integer ni.
        ni -= 1.0;
        below_one = true;
        frac = 0.0;
    }
    let inexact = below_one || frac != 0.0 || lq != 0.0;
    let half = if below_one {
        Ordering::Greater
    } else {
        match frac.partial_cmp(&0.5).unwrap_or(Ordering::Equal) {
            Ordering::Equal => ord(lq),
            o => o,
        }
    };
    let up = match rnd {
        Round::NearestEven => {
            half == Ordering::Greater || (half == Ordering::Equal && (ni as u64) & 1 == 1)
        }
        Round::TowardZero => false,
        Round::PlusInf => inexact && !neg,
        Round::MinusInf => inexact && neg,
    };
    let mut m = ni as u64 + up as u64;
    let mut qe = qexp;
    if m >> (f.mant + 1) != 0 {
        // Rounded up into the next binade.
        m >>= 1;
        qe += 1;
    }
    let s = f.zero(neg);
    if m >> f.mant != 0 {
        let ef = qe + f.mant as i32 + f.bias();
        if ef >= (1 << f.exp_bits) - 1 {
            return f.inf(neg);
        }
        s | ((ef as u64) << f.mant) | (m & f.mant_mask())
    } else {
        // Subnormal (or zero): quantum is the subnormal quantum.
        s | m
    }
}

#[inline]
fn overflow(f: Fmt, neg: bool, rnd: Round) -> u64 {
    match rnd {
        Round::NearestEven => f.inf(neg),
        Round::TowardZero => f.max_finite(neg),
        Round::PlusInf => {
            if neg {
                f.max_finite(true)
            } else {
                f.inf(false)
            }
        }
        Round::MinusInf => {
            if neg {
                f.inf(true)
            } else {
                f.max_finite(false)
            }
        }
    }
}

/// Round a real value given as `v` (already an f64, e.g. a converted integer) to `f` with mode `rnd`.
#[inline]
pub fn from_f64(f: Fmt, v: f64, rnd: Round) -> u64 {
    round_exact(f, v, 0.0, rnd)
}

/// Quiet `x` if it is a NaN, for results that pass an operand through.
#[inline(always)]
pub fn quiet_if_nan(f: Fmt, x: u64) -> u64 {
    if f.is_nan(x) {
        f.quiet(x)
    } else {
        x
    }
}

/// The NaN result of an operation with operands `ops`: the first NaN operand, quieted.
#[inline(always)]
pub fn propagate_nan(f: Fmt, ops: &[u64]) -> Option<u64> {
    for &x in ops {
        if f.is_nan(x) {
            return Some(f.quiet(x));
        }
    }
    None
}

// ---------------------------------------------------------------------------------------------------------
// Arithmetic under MODE. Inputs are raw bits with source modifiers already applied.
// ---------------------------------------------------------------------------------------------------------

/// Finish an f16/bf16/f32 result known exactly as `hi + lo`: round per MODE, flush output denormals.
#[inline(always)]
fn finish(f: Fmt, hi: f64, lo: f64, m: &FpMode) -> u64 {
    m.flush_out(f, round_exact(f, hi, lo, m.round(f)))
}

/// Finish an f64 result: directed rounding from the exact-error sign, flush output denormals.
#[inline(always)]
fn finish64(r: f64, err: Ordering, m: &FpMode) -> u64 {
    m.flush_out(Fmt::F64, round_f64(r, err, m.round_f64).to_bits())
}

#[inline(always)]
fn ord(x: f64) -> Ordering {
    if x > 0.0 {
        Ordering::Greater
    } else if x < 0.0 {
        Ordering::Less
    } else {
        Ordering::Equal
    }
}

/// Exact-vs-rounded direction for an f64 result that overflowed from finite operands.
#[inline(always)]
fn overflow_dir(r: f64) -> Ordering {
    if r > 0.0 {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

/// `a + b` (IEEE-754 addition, MODE rounding and denormals).
#[inline]
pub fn add(f: Fmt, a: u64, b: u64, m: &FpMode) -> u64 {
    if let Some(r) = native(f, m, |x, y, _| x + y, |x, y, _| x + y, a, b, 0) {
        return r;
    }
    let (a, b) = (m.flush_in(f, a), m.flush_in(f, b));
    if let Some(n) = propagate_nan(f, &[a, b]) {
        return n;
    }
    let (x, y) = (f.to_f64(a), f.to_f64(b));
    if f.bits == 64 {
        let r = x + y;
        if r.is_nan() {
            return f.default_nan();
        }
        let err = if r.is_infinite() {
            if x.is_infinite() || y.is_infinite() {
                Ordering::Equal
            } else {
                overflow_dir(r)
            }
        } else {
            ord(two_sum(x, y).1)
        };
        // Exact zero sums are +0 except in round-toward-negative (IEEE-754 §6.3).
        if r == 0.0 && x != 0.0 && m.round_f64 == Round::MinusInf && err == Ordering::Equal {
            return finish64(-0.0, err, m);
        }
        return finish64(r, err, m);
    }
    let (hi, lo) = two_sum(x, y);
    if hi.is_nan() {
        return f.default_nan();
    }
    if hi == 0.0 && lo == 0.0 && !(x == 0.0 && y == 0.0) && m.round(f) == Round::MinusInf {
        return f.zero(true);
    }
    finish(f, hi, lo, m)
}

/// Host IEEE arithmetic for f32/f64 under the default MODE (see `FpMode::native_f32`); `None` when the result is
/// NaN or the mode needs the general path. glibc's `fma`/`fmaf` use the FMA instruction where the CPU has it.
#[inline(always)]
fn native(
    f: Fmt,
    m: &FpMode,
    op32: impl Fn(f32, f32, f32) -> f32,
    op64: impl Fn(f64, f64, f64) -> f64,
    a: u64,
    b: u64,
    c: u64,
) -> Option<u64> {
    if f == Fmt::F32 && m.native_f32() {
        let r = op32(
            f32::from_bits(a as u32),
            f32::from_bits(b as u32),
            f32::from_bits(c as u32),
        );
        if !r.is_nan() {
            return Some(r.to_bits() as u64);
        }
    } else if f == Fmt::F64 && m.native_f64() {
        let r = op64(f64::from_bits(a), f64::from_bits(b), f64::from_bits(c));
        if !r.is_nan() {
            return Some(r.to_bits());
        }
    }
    None
}

/// `a * b`.
#[inline]
pub fn mul(f: Fmt, a: u64, b: u64, m: &FpMode) -> u64 {
    if let Some(r) = native(f, m, |x, y, _| x * y, |x, y, _| x * y, a, b, 0) {
        return r;
    }
    let (a, b) = (m.flush_in(f, a), m.flush_in(f, b));
    if let Some(n) = propagate_nan(f, &[a, b]) {
        return n;
    }
    let (x, y) = (f.to_f64(a), f.to_f64(b));
    let p = x * y;
    if p.is_nan() {
        return f.default_nan();
    }
    if f.bits == 64 {
        if p.is_infinite() {
            let err = if x.is_infinite() || y.is_infinite() {
                Ordering::Equal
            } else {
                overflow_dir(p)
            };
            return finish64(p, err, m);
        }
        if m.round_f64 == Round::NearestEven || x == 0.0 || y == 0.0 {
            return finish64(p, Ordering::Equal, m);
        }
        return m.flush_out(f, fma64_directed(x, y, 0.0, p, m.round_f64));
    }
    // Exact: at most 48 significant bits and well inside the f64 exponent range.
    finish(f, p, 0.0, m)
}

/// Fused `a * b + c` with one rounding.
#[inline]
pub fn fma(f: Fmt, a: u64, b: u64, c: u64, m: &FpMode) -> u64 {
    if let Some(r) = native(
        f,
        m,
        |x, y, z| x.mul_add(y, z),
        |x, y, z| x.mul_add(y, z),
        a,
        b,
        c,
    ) {
        return r;
    }
    let (a, b, c) = (m.flush_in(f, a), m.flush_in(f, b), m.flush_in(f, c));
    if let Some(n) = propagate_nan(f, &[a, b, c]) {
        return n;
    }
    let (x, y, z) = (f.to_f64(a), f.to_f64(b), f.to_f64(c));
    if f.bits == 64 {
        let r = x.mul_add(y, z);
        if r.is_nan() {
            return f.default_nan();
        }
        let err = if r.is_infinite() {
            if x.is_infinite() || y.is_infinite() || z.is_infinite() {
                Ordering::Equal
            } else {
                overflow_dir(r)
            }
        } else if m.round_f64 == Round::NearestEven || x == 0.0 || y == 0.0 {
            Ordering::Equal
        } else if r != 0.0 {
            return m.flush_out(f, fma64_directed(x, y, z, r, m.round_f64));
        } else {
            let p = x * y;
            let e = x.mul_add(y, -p);
            let (s, t) = two_sum(p, z);
            exact_sum_sign(&[t, e, s, -r])
        };
        if r == 0.0 && err == Ordering::Equal && m.round_f64 == Round::MinusInf {
            let p = x * y;
            if !(p == 0.0 && z == 0.0) || p.is_sign_negative() || z.is_sign_negative() {
                return finish64(-0.0, err, m);
            }
        }
        return finish64(r, err, m);
    }
    let p = x * y; // exact
    let (hi, lo) = two_sum(p, z);
    if hi.is_nan() {
        return f.default_nan();
    }
    if hi == 0.0 && lo == 0.0 && m.round(f) == Round::MinusInf && !(p == 0.0 && z == 0.0) {
        return f.zero(true);
    }
    finish(f, hi, lo, m)
}

/// `x * y + z` in f64 rounded once in the directed mode `rnd`, for finite nonzero `x`, `y` and a finite
/// round-to-nearest result `r`. The exact error of `r` comes from TwoProduct/TwoSum; where the product is
/// so small that those error terms would underflow, the operands are first scaled by 2^300 (exactly) and
/// the result rounded once back down, or the product is negligible and only its sign matters.
fn fma64_directed(x: f64, y: f64, z: f64, r: f64, rnd: Round) -> u64 {
    let pe = frexp_exp_f64(x) + frexp_exp_f64(y) - 2; // floor(log2 |x*y|) or one below
    let ez = if z == 0.0 {
        i32::MIN / 2
    } else {
        frexp_exp_f64(z) - 1
    };
    let psign = if (x < 0.0) != (y < 0.0) {
        Ordering::Less
    } else {
        Ordering::Greater
    };
    if pe < -1140 || pe < ez - 110 {
        // |x*y| is below a quarter ulp of r (and of the smallest subnormal): r is z (or a zero) and the
        // product only decides the direction.
        return round_f64(r, psign, rnd).to_bits();
    }
    if pe < -960 && ez < -900 {
        const K: i32 = 300;
        let (x2, y2) = if frexp_exp_f64(x) < frexp_exp_f64(y) {
            (ldexp_f64(x, K), y)
        } else {
            (x, ldexp_f64(y, K))
        };
        let z2 = ldexp_f64(z, K);
        let r2 = x2.mul_add(y2, z2);
        let p = x2 * y2;
        let e = x2.mul_add(y2, -p);
        let (s, t) = two_sum(p, z2);
        let lo = match exact_sum_sign(&[t, e, s, -r2]) {
            Ordering::Greater => r2.abs() * pow2(-70),
            Ordering::Less => -r2.abs() * pow2(-70),
            Ordering::Equal => 0.0,
        };
        return round_scaled(Fmt::F64, r2, lo, -K, rnd);
    }
    let p = x * y;
    let e = x.mul_add(y, -p);
    let (s, t) = two_sum(p, z);
    round_f64(r, exact_sum_sign(&[t, e, s, -r]), rnd).to_bits()
}

/// Non-fused `a * b + c` (V_MAD_*_F16, V_MAC_F16, legacy MAD): the product is rounded first.
#[inline]
pub fn mad(f: Fmt, a: u64, b: u64, c: u64, m: &FpMode) -> u64 {
    let p = mul(f, a, b, m);
    add(f, p, c, m)
}

/// `a * 2^n` (V_LDEXP_*): exact scaling with one rounding (subnormal results) per MODE.
#[inline]
pub fn ldexp(f: Fmt, a: u64, n: i32, m: &FpMode) -> u64 {
    let a = m.flush_in(f, a);
    if f.is_nan(a) {
        return f.quiet(a);
    }
    m.flush_out(f, round_scaled(f, f.to_f64(a), 0.0, n, m.round(f)))
}

/// IEEE-754 comparison of two values (after input flushing); `None` if unordered.
#[inline(always)]
pub fn compare(f: Fmt, a: u64, b: u64, m: &FpMode) -> Option<Ordering> {
    let (a, b) = (m.flush_in(f, a), m.flush_in(f, b));
    f.to_f64(a).partial_cmp(&f.to_f64(b))
}

/// V_MIN_F16/F32/F64 (pseudocode.md VOP2 10/46, VOP3A 642), with input/output denormal flushing.
#[inline]
pub fn min(f: Fmt, a: u64, b: u64, m: &FpMode) -> u64 {
    let (a, b) = (m.flush_in(f, a), m.flush_in(f, b));
    let r = if m.ieee && f.is_snan(a) {
        f.quiet(a)
    } else if m.ieee && f.is_snan(b) {
        f.quiet(b)
    } else if f.is_nan(a) {
        b
    } else if f.is_nan(b) {
        a
    } else if f.is_zero(a) && f.is_zero(b) {
        // +0 vs -0: min is -0.
        if f.sign(a) {
            a
        } else {
            b
        }
    } else if f.to_f64(a) < f.to_f64(b) {
        a
    } else {
        b
    };
    m.flush_out(f, r)
}

/// V_MAX_F16/F32/F64 (pseudocode.md VOP2 11/45, VOP3A 643).
#[inline]
pub fn max(f: Fmt, a: u64, b: u64, m: &FpMode) -> u64 {
    let (a, b) = (m.flush_in(f, a), m.flush_in(f, b));
    let r = if m.ieee && f.is_snan(a) {
        f.quiet(a)
    } else if m.ieee && f.is_snan(b) {
        f.quiet(b)
    } else if f.is_nan(a) {
        b
    } else if f.is_nan(b) {
        a
    } else if f.is_zero(a) && f.is_zero(b) {
        if f.sign(a) {
            b
        } else {
            a
        }
    } else if f.to_f64(a) >= f.to_f64(b) {
        a
    } else {
        b
    };
    m.flush_out(f, r)
}

/// IEEE-754-2019 minimum (V_MINIMUM3_F32): NaN-propagating, -0 < +0.
#[inline]
pub fn minimum(f: Fmt, a: u64, b: u64, m: &FpMode) -> u64 {
    let (a, b) = (m.flush_in(f, a), m.flush_in(f, b));
    if let Some(n) = propagate_nan(f, &[a, b]) {
        return n;
    }
    let r = if f.is_zero(a) && f.is_zero(b) {
        if f.sign(a) {
            a
        } else {
            b
        }
    } else if f.to_f64(a) < f.to_f64(b) {
        a
    } else {
        b
    };
    m.flush_out(f, r)
}

/// IEEE-754-2019 maximum (V_MAXIMUM3_F32).
#[inline]
pub fn maximum(f: Fmt, a: u64, b: u64, m: &FpMode) -> u64 {
    let (a, b) = (m.flush_in(f, a), m.flush_in(f, b));
    if let Some(n) = propagate_nan(f, &[a, b]) {
        return n;
    }
    let r = if f.is_zero(a) && f.is_zero(b) {
        if f.sign(a) {
            b
        } else {
            a
        }
    } else if f.to_f64(a) > f.to_f64(b) {
        a
    } else {
        b
    };
    m.flush_out(f, r)
}

/// Float-to-float conversion (V_CVT_F16_F32, V_CVT_F32_F64 ...) per MODE: flush the input per the source
/// format's mode, round per the destination's, flush the output. NaN keeps its sign and top payload bits.
#[inline]
pub fn convert(from: Fmt, to: Fmt, x: u64, m: &FpMode) -> u64 {
    let x = m.flush_in(from, x);
    if from.is_nan(x) {
        return nan_convert(from, to, x);
    }
    let v = from.to_f64(x);
    m.flush_out(to, round_exact(to, v, 0.0, m.round(to)))
}

/// Float-to-float conversion with an explicit round mode and no denormal flushing (V_CVT_PKRTZ_F16_F32,
/// V_CVT_PK_BF16_F32 and other converts whose pseudocode fixes the round mode; also for VOP3P/MFMA).
#[inline]
pub fn convert_round(from: Fmt, to: Fmt, x: u64, rnd: Round) -> u64 {
    if from.is_nan(x) {
        return nan_convert(from, to, x);
    }
    round_exact(to, from.to_f64(x), 0.0, rnd)
}

/// A NaN in another format: sign kept, quiet, payload's top bits kept.
#[inline]
pub fn nan_convert(from: Fmt, to: Fmt, x: u64) -> u64 {
    let sign = if from.sign(x) { to.sign_mask() } else { 0 };
    let payload = x & from.mant_mask();
    let p = if to.mant >= from.mant {
        payload << (to.mant - from.mant)
    } else {
        payload >> (from.mant - to.mant)
    };
    sign | to.exp_mask() | to.quiet_bit() | (p & to.mant_mask())
}

/// f16 bits to f32 bits (exact, no flushing).
#[inline]
pub fn f16_to_f32(h: u16) -> u32 {
    convert_round(Fmt::F16, Fmt::F32, h as u64, Round::NearestEven) as u32
}

/// f32 bits to f16 bits with round mode `rnd` (no flushing).
#[inline]
pub fn f32_to_f16(x: u32, rnd: Round) -> u16 {
    convert_round(Fmt::F32, Fmt::F16, x as u64, rnd) as u16
}

/// bf16 bits to f32 bits (exact: bf16 is the top half of an f32).
#[inline(always)]
pub fn bf16_to_f32(h: u16) -> u32 {
    (h as u32) << 16
}

/// f32 bits to bf16 bits with round mode `rnd`.
#[inline]
pub fn f32_to_bf16(x: u32, rnd: Round) -> u16 {
    convert_round(Fmt::F32, Fmt::BF16, x as u64, rnd) as u16
}

/// Stochastic rounding of `v` (exact f64) to `f`: the discarded fraction (in units of the result's last
/// place) plus `rand / 2^32` carries into the last place when it reaches 1 (then truncation). Overflow
/// saturates to infinity only when the truncated value already overflows... as round toward zero does.
pub fn round_stochastic(f: Fmt, v: f64, rand: u32) -> u64 {
    if v.is_nan() {
        return f.default_nan();
    }
    let neg = v.is_sign_negative();
    if v.is_infinite() {
        return f.inf(neg);
    }
    if v == 0.0 {
        return f.zero(neg);
    }
    let a = v.abs();
    let mut e = ((a.to_bits() >> 52) as i32) - 1023;
    if e == -1023 {
        e = -1022;
    }
    if e > f.emax() {
        return f.max_finite(neg);
    }
    let qexp = e.max(f.emin()) - f.mant as i32;
    let n = a * pow2(-qexp);
    let mut ni = n.floor();
    if (n - ni) + rand as f64 * pow2(-32) >= 1.0 {
        ni += 1.0;
    }
    // ni * 2^qexp is representable (or overflows to inf): an exact, scaled encode.
    round_scaled(f, if neg { -ni } else { ni }, 0.0, qexp, Round::TowardZero)
}

/// Float to integer with truncation toward zero, NaN -> 0, saturation to the integer range
/// (CVT rules, MI200 guide §"Float to integer conversion"). `signed` picks the range, `bits` its width.
#[inline]
pub fn to_int(f: Fmt, x: u64, signed: bool, bits: u32, m: &FpMode) -> u64 {
    let x = m.flush_in(f, x);
    if f.is_nan(x) {
        return 0;
    }
    let v = f.to_f64(x).trunc();
    let mask = if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    if signed {
        let lo = -(2f64.powi(bits as i32 - 1));
        let hi = 2f64.powi(bits as i32 - 1) - 1.0;
        (v.clamp(lo, hi) as i64 as u64) & mask
    } else {
        let hi = 2f64.powi(bits as i32) - 1.0;
        (v.clamp(0.0, hi) as u64) & mask
    }
}

/// Integer value (exact in f64) to float per MODE rounding.
#[inline]
pub fn from_int(f: Fmt, v: f64, m: &FpMode) -> u64 {
    m.flush_out(f, round_exact(f, v, 0.0, m.round(f)))
}

/// Output modifier (VOP3/SDWA OMOD: 1 = *2, 2 = *4, 3 = /2), applied before clamp.
/// LLVM (SIFoldOperands) states hardware ignores OMOD when MODE.IEEE is set; wavescope does the same.
#[inline]
pub fn apply_omod(f: Fmt, x: u64, omod: u8, m: &FpMode) -> u64 {
    if omod == 0 || m.ieee {
        return x;
    }
    let k = match omod {
        1 => 2.0,
        2 => 4.0,
        _ => 0.5,
    };
    let kb = round_exact(f, k, 0.0, Round::NearestEven);
    mul(f, x, kb, m)
}

/// Clamp modifier: to [0.0, 1.0]; NaN gives 0 with DX10_CLAMP, else stays NaN; -0 becomes +0.
#[inline]
pub fn apply_clamp(f: Fmt, x: u64, m: &FpMode) -> u64 {
    if f.is_nan(x) {
        return if m.dx10_clamp { 0 } else { x };
    }
    let v = f.to_f64(x);
    if v <= 0.0 {
        0
    } else if v >= 1.0 {
        round_exact(f, 1.0, 0.0, Round::NearestEven)
    } else {
        x
    }
}

/// Round to an integral value in the same format (trunc/floor/ceil/rndne): exact, keeps the sign of zero.
#[inline]
pub fn round_integral(f: Fmt, x: u64, how: Round, m: &FpMode) -> u64 {
    let x = m.flush_in(f, x);
    if f.is_nan(x) {
        return f.quiet(x);
    }
    let v = f.to_f64(x);
    let r = match how {
        Round::NearestEven => v.round_ties_even(),
        Round::PlusInf => v.ceil(),
        Round::MinusInf => v.floor(),
        Round::TowardZero => v.trunc(),
    };
    // Integral values of a format are representable in it; keep -0 for negative inputs rounding to 0.
    let r = if r == 0.0 && v.is_sign_negative() {
        -0.0
    } else {
        r
    };
    m.flush_out(f, round_exact(f, r, 0.0, Round::NearestEven))
}

/// V_FRACT_*: `x - floor(x)` rounded per MODE, kept below 1.0 (largest value < 1); inf gives NaN.
#[inline]
pub fn fract(f: Fmt, x: u64, m: &FpMode) -> u64 {
    let x = m.flush_in(f, x);
    if f.is_nan(x) {
        return f.quiet(x);
    }
    if f.is_inf(x) {
        return f.default_nan();
    }
    let v = f.to_f64(x);
    let fl = v.floor();
    let (hi, lo) = two_sum(v, -fl);
    let r = if f.bits == 64 {
        let r = round_f64(hi, ord(lo), m.round_f64);
        r.to_bits()
    } else {
        round_exact(f, hi, lo, m.round(f))
    };
    let one = round_exact(f, 1.0, 0.0, Round::NearestEven);
    let r = if r == one { one - 1 } else { r };
    m.flush_out(f, r)
}

/// V_FREXP_MANT_*: the mantissa in [0.5, 1) with the input's sign; inf/NaN pass through (NaN quieted).
#[inline]
pub fn frexp_mant(f: Fmt, x: u64, m: &FpMode) -> u64 {
    let x = m.flush_in(f, x);
    if f.is_nan(x) {
        return f.quiet(x);
    }
    if f.is_inf(x) || f.is_zero(x) {
        return x;
    }
    let v = f.to_f64(x);
    let e = frexp_exp_f64(v);
    round_exact(f, ldexp_f64(v, -e), 0.0, Round::NearestEven)
}

/// V_FREXP_EXP_*: exponent such that x = mant * 2^exp with mant in [0.5, 1); 0 for 0, inf and NaN.
#[inline]
pub fn frexp_exp(f: Fmt, x: u64, m: &FpMode) -> i32 {
    let x = m.flush_in(f, x);
    if f.is_nan(x) || f.is_inf(x) || f.is_zero(x) {
        return 0;
    }
    frexp_exp_f64(f.to_f64(x))
}

#[inline]
fn frexp_exp_f64(v: f64) -> i32 {
    let b = v.abs().to_bits();
    let e = (b >> 52) as i32;
    if e == 0 {
        // f64 subnormal: exponent from the leading mantissa bit.
        let lz = (b << 12).leading_zeros() as i32;
        -1022 - lz
    } else {
        e - 1022
    }
}

/// Approximate operations (transcendentals): wavescope computes the correctly rounded value of the
/// mathematical function in f64 and rounds once to the format. `kind` picks the function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trans {
    /// 1/x
    Rcp,
    /// 1/sqrt(x)
    Rsq,
    Sqrt,
    /// 2^x
    Exp,
    /// log2(x)
    Log,
    /// sin(2*pi*x)
    Sin,
    /// cos(2*pi*x)
    Cos,
}

/// Transcendental `t` of `x` in format `f` (see [`Trans`]): special values per IEEE-754 (rcp(±0) = ±inf,
/// rsq(-x) = NaN, log(0) = -inf, log(-x) = NaN, exp(-inf) = 0 ...), MODE denormal handling, result rounded
/// per MODE from an f64 value whose error is far below the target's half-ulp (except rare near-ties).
pub fn transcendental(f: Fmt, t: Trans, x: u64, m: &FpMode) -> u64 {
    let x = m.flush_in(f, x);
    if f.is_nan(x) {
        return f.quiet(x);
    }
    let v = f.to_f64(x);
    let (hi, lo) = match t {
        Trans::Rcp => {
            let r = 1.0 / v;
            if r.is_finite() && r != 0.0 {
                // Residual 1 - v*r is exact; its sign (over v's sign) says where 1/v lies.
                let res = (-v).mul_add(r, 1.0);
                (r, res / v)
            } else {
                (r, 0.0)
            }
        }
        Trans::Sqrt => {
            let r = v.sqrt();
            if r.is_finite() && r > 0.0 {
                (r, (-r).mul_add(r, v))
            } else {
                (r, 0.0)
            }
        }
        Trans::Rsq => {
            if v == 0.0 {
                (
                    if v.is_sign_negative() {
                        f64::NEG_INFINITY
                    } else {
                        f64::INFINITY
                    },
                    0.0,
                )
            } else {
                (1.0 / v.sqrt(), 0.0)
            }
        }
        Trans::Exp => (v.exp2(), 0.0),
        Trans::Log => {
            if v == 0.0 {
                (f64::NEG_INFINITY, 0.0)
            } else {
                (v.log2(), 0.0)
            }
        }
        Trans::Sin | Trans::Cos => {
            if v.is_infinite() {
                (f64::NAN, 0.0)
            } else {
                // The argument is in revolutions: reduce exactly to a quadrant and a fraction of it, so
                // multiples of a quarter revolution give exact 0 and +-1 (zero results: +0 for cos,
                // the sign of x for sin, as IEEE sinPi/cosPi).
                let r = v - v.floor(); // [0, 1), exact
                let q4 = r * 4.0; // exact
                let quad = q4.floor();
                let a = (q4 - quad) * core::f64::consts::FRAC_PI_2;
                let (sa, ca) = (a.sin(), a.cos());
                let k = quad as u32 + if t == Trans::Cos { 1 } else { 0 };
                let y = match k & 3 {
                    0 => sa,
                    1 => ca,
                    2 => -sa,
                    _ => -ca,
                };
                let y = if y == 0.0 {
                    if t == Trans::Sin && v.is_sign_negative() {
                        -0.0
                    } else {
                        0.0
                    }
                } else {
                    y
                };
                (y, 0.0)
            }
        }
    };
    if hi.is_nan() {
        return f.default_nan();
    }
    if f.bits == 64 {
        return finish64(hi, ord(lo), m);
    }
    finish(f, hi, lo, m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m() -> FpMode {
        FpMode::IEEE_DEFAULT
    }

    #[test]
    fn f16_round_trip_and_rounding() {
        // 1.0 = 0x3c00; 65504 = 0x7bff; 65520 rounds to inf (RNE), to max (RTZ).
        assert_eq!(from_f64(Fmt::F16, 1.0, Round::NearestEven), 0x3c00);
        assert_eq!(from_f64(Fmt::F16, 65504.0, Round::NearestEven), 0x7bff);
        assert_eq!(from_f64(Fmt::F16, 65520.0, Round::NearestEven), 0x7c00);
        assert_eq!(from_f64(Fmt::F16, 65520.0, Round::TowardZero), 0x7bff);
        // smallest subnormal 2^-24 = 0x0001; 2^-25 ties to even (0), a hair above rounds up.
        assert_eq!(from_f64(Fmt::F16, pow2(-24), Round::NearestEven), 1);
        assert_eq!(from_f64(Fmt::F16, pow2(-25), Round::NearestEven), 0);
        assert_eq!(
            round_exact(Fmt::F16, pow2(-25), 1e-300, Round::NearestEven),
            1
        );
        assert_eq!(Fmt::F16.to_f64(0x0001), pow2(-24));
        assert_eq!(Fmt::F16.to_f64(0xc000), -2.0);
    }

    #[test]
    fn f32_add_directed() {
        // 1 + 2^-30: RNE -> 1.0, +inf -> next after 1.0, RTZ -> 1.0.
        let one = 1.0f32.to_bits() as u64;
        let tiny = (2f32).powi(-30).to_bits() as u64;
        let mut md = m();
        assert_eq!(add(Fmt::F32, one, tiny, &md), one);
        md.round_f32 = Round::PlusInf;
        assert_eq!(add(Fmt::F32, one, tiny, &md), one + 1);
        md.round_f32 = Round::MinusInf;
        assert_eq!(add(Fmt::F32, one, tiny ^ 0x8000_0000, &md), 0x3f7f_ffff);
    }

    /// The integer fast path of `round_scaled` agrees with the general path (reached through a scale of 2).
    #[test]
    fn fast_path_matches_general_rounding() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..200_000 {
            let r = next();
            let e = (r >> 52) % 300;
            let hi = f64::from_bits((r & 0x800F_FFFF_FFFF_FFFF) | ((e + 1023 - 150) << 52));
            let hi = if r & 7 == 0 {
                // exact ties and on-grid values
                f64::from_bits(hi.to_bits() & !0x0FFF_FFFF | ((r >> 3) & 1) << 28)
            } else {
                hi
            };
            let lo = match (r >> 40) % 3 {
                0 => 0.0,
                1 => hi.abs() * pow2(-60),
                _ => -hi.abs() * pow2(-60),
            };
            for f in [Fmt::F16, Fmt::BF16, Fmt::F32] {
                for rnd in [
                    Round::NearestEven,
                    Round::PlusInf,
                    Round::MinusInf,
                    Round::TowardZero,
                ] {
                    let fast = round_scaled(f, hi, lo, 0, rnd);
                    let slow = round_scaled(f, hi * 0.5, lo * 0.5, 1, rnd);
                    assert_eq!(fast, slow, "{f:?} {rnd:?} hi={hi:e} lo={lo:e}");
                }
            }
        }
    }

    #[test]
    fn f64_fma_directed() {
        let mut md = m();
        md.round_f64 = Round::PlusInf;
        let one = 1.0f64.to_bits();
        let e = pow2(-60).to_bits();
        assert_eq!(fma(Fmt::F64, one, one, e, &md), one + 1);
        md.round_f64 = Round::TowardZero;
        assert_eq!(fma(Fmt::F64, one, one, e, &md), one);
    }
}
