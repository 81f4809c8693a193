//! The gfx950 small floats: FP8 E4M3, BF8 E5M2, FP6 E2M3, BF6 E3M2, FP4 E2M1 and the E8M0 block scale
//! (CDNA4 §7.3 Table 30; OCP MX formats). Decoding is exact (every value fits an f64); encoding rounds an
//! exact f64 value to nearest-even, or stochastically, and applies the overflow rules of §7.3.
//!
//! Special values (Table 30 / OCP): E4M3 has no infinity and one NaN per sign (S.1111.111, 0x7F/0xFF, so its
//! largest value is S.1111.110 = 448); E5M2 is IEEE-like (S.11111.00 = inf, S.11111.{01,10,11} = NaN, max
//! 57344); E2M3 (max 7.5), E3M2 (max 28) and E2M1 (max 6) have neither.
//!
//! Overflow when encoding (§7.3 "CVT_*FP8_F32 and CVT*_BF8_F32 FP16_OVFL rule", and the FP4/FP6 rule):
//! - FP8: NaN -> NaN; ±inf and values above max -> ±max with MODE.FP16_OVFL, else NaN.
//! - BF8: NaN -> NaN; ±inf and values above max -> ±max with MODE.FP16_OVFL, else ±inf.
//! - FP6/BF6/FP4: values above max saturate to ±max (FP16_OVFL not used); values below the smallest
//!   subnormal round to (signed) zero. The guide says nothing about NaN/inf inputs: wavescope sends ±inf and
//!   NaN to ±max (as AMD's host emulation of these conversions in hip_ext_ocp does).
//!
//! NaN results: E4M3 0x7F/0xFF, E5M2 S.11111.10 (0x7E/0xFE: the quiet pattern an IEEE quiet NaN truncates
//! to), each with the sign of the input.

use crate::exec::float::pow2;

/// What a format does with its all-ones exponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// OCP E4M3: only S.1111.111 is special (NaN); no infinity.
    Fn,
    /// IEEE-like: all-ones exponent is inf (mantissa 0) or NaN.
    Ieee,
    /// No special values at all (FP6, BF6, FP4).
    None,
}

/// A small float format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Low {
    pub exp_bits: u32,
    pub mant: u32,
    pub bias: i32,
    pub special: Special,
}

impl Low {
    pub const FP8: Low = Low {
        exp_bits: 4,
        mant: 3,
        bias: 7,
        special: Special::Fn,
    };
    pub const BF8: Low = Low {
        exp_bits: 5,
        mant: 2,
        bias: 15,
        special: Special::Ieee,
    };
    pub const FP6: Low = Low {
        exp_bits: 2,
        mant: 3,
        bias: 1,
        special: Special::None,
    };
    pub const BF6: Low = Low {
        exp_bits: 3,
        mant: 2,
        bias: 3,
        special: Special::None,
    };
    pub const FP4: Low = Low {
        exp_bits: 2,
        mant: 1,
        bias: 1,
        special: Special::None,
    };
    /// f16 and bf16 seen as IEEE-like small formats, for the stochastic-rounding converts to them.
    pub const F16: Low = Low {
        exp_bits: 5,
        mant: 10,
        bias: 15,
        special: Special::Ieee,
    };
    pub const BF16: Low = Low {
        exp_bits: 8,
        mant: 7,
        bias: 127,
        special: Special::Ieee,
    };

    /// The F8F6F4 MFMA type codes of CBSZ/BLGP (§7.1.5): 0 FP8, 1 BF8, 2 FP6, 3 BF6, 4 FP4.
    pub const fn from_code(c: u8) -> Option<Low> {
        match c {
            0 => Some(Low::FP8),
            1 => Some(Low::BF8),
            2 => Some(Low::FP6),
            3 => Some(Low::BF6),
            4 => Some(Low::FP4),
            _ => None,
        }
    }
    #[inline(always)]
    pub const fn bits(self) -> u32 {
        1 + self.exp_bits + self.mant
    }
    #[inline(always)]
    const fn emin(self) -> i32 {
        1 - self.bias
    }
    #[inline(always)]
    const fn sign_bit(self) -> u32 {
        1 << (self.exp_bits + self.mant)
    }
    /// Bits of the largest finite magnitude.
    #[inline(always)]
    pub const fn max_bits(self) -> u32 {
        let all = (1u32 << (self.exp_bits + self.mant)) - 1;
        match self.special {
            Special::Fn => all - 1,
            Special::Ieee => all - (1 << self.mant),
            Special::None => all,
        }
    }
    /// The largest finite magnitude.
    #[inline]
    pub fn max_value(self) -> f64 {
        self.decode(self.max_bits())
    }
    #[inline(always)]
    fn nan(self, neg: bool) -> u32 {
        let s = if neg { self.sign_bit() } else { 0 };
        match self.special {
            Special::Fn => s | (self.sign_bit() - 1),
            // S.11111.10: quiet-NaN pattern.
            Special::Ieee => s | (self.sign_bit() - 1) & !1,
            Special::None => s | self.max_bits(),
        }
    }
    #[inline(always)]
    fn inf(self, neg: bool) -> u32 {
        let s = if neg { self.sign_bit() } else { 0 };
        s | (((1 << self.exp_bits) - 1) << self.mant)
    }

    /// Exact value of the low `bits()` bits of `x` (NaN keeps its sign).
    #[inline]
    pub fn decode(self, x: u32) -> f64 {
        let neg = x & self.sign_bit() != 0;
        let e = ((x >> self.mant) & ((1 << self.exp_bits) - 1)) as i32;
        let m = x & ((1 << self.mant) - 1);
        let emax_field = (1 << self.exp_bits) - 1;
        let mag = match self.special {
            Special::Fn if e == emax_field && m == (1 << self.mant) - 1 => f64::NAN,
            Special::Ieee if e == emax_field => {
                if m == 0 {
                    f64::INFINITY
                } else {
                    f64::NAN
                }
            }
            _ if e == 0 => m as f64 * pow2(self.emin() - self.mant as i32),
            _ => ((1u32 << self.mant) | m) as f64 * pow2(e - self.bias - self.mant as i32),
        };
        if neg {
            -mag
        } else {
            mag
        }
    }

    /// Overflow result for magnitude beyond max (or infinite input) per the §7.3 rules above.
    #[inline]
    fn overflow(self, neg: bool, fp16_ovfl: bool) -> u32 {
        let s = if neg { self.sign_bit() } else { 0 };
        match self.special {
            Special::Fn => {
                if fp16_ovfl {
                    s | self.max_bits()
                } else {
                    self.nan(neg)
                }
            }
            Special::Ieee => {
                if fp16_ovfl {
                    s | self.max_bits()
                } else {
                    self.inf(neg)
                }
            }
            Special::None => s | self.max_bits(),
        }
    }

    /// Bits of an exactly representable magnitude.
    #[inline]
    fn pack(self, neg: bool, mag: f64) -> u32 {
        let s = if neg { self.sign_bit() } else { 0 };
        if mag == 0.0 {
            return s;
        }
        let e = ((mag.to_bits() >> 52) as i32) - 1023;
        if e < self.emin() {
            return s | (mag * pow2(self.mant as i32 - self.emin())) as u32;
        }
        let m = (mag * pow2(self.mant as i32 - e)) as u32 & ((1 << self.mant) - 1);
        s | (((e + self.bias) as u32) << self.mant) | m
    }

    /// Quantum (weight of the last mantissa bit) for a magnitude `a` > 0, and `a` in those units.
    #[inline]
    fn quantize(self, a: f64) -> (i32, f64) {
        let mut e = ((a.to_bits() >> 52) as i32) - 1023;
        if e == -1023 {
            e = -1022;
        }
        let q = e.max(self.emin()) - self.mant as i32;
        (q, a * pow2(-q))
    }

    /// Round the exact value `v` to nearest-even and encode it. `fp16_ovfl` = MODE.FP16_OVFL (FP8/BF8 only).
    pub fn encode_rne(self, v: f64, fp16_ovfl: bool) -> u32 {
        let neg = v.is_sign_negative();
        if v.is_nan() {
            return self.nan(neg);
        }
        if v.is_infinite() {
            return self.overflow(neg, fp16_ovfl);
        }
        let a = v.abs();
        if a == 0.0 {
            return self.pack(neg, 0.0);
        }
        if a > 2.0 * self.max_value() {
            return self.overflow(neg, fp16_ovfl);
        }
        let (q, n) = self.quantize(a);
        let fl = n.floor();
        let frac = n - fl;
        let up = frac > 0.5 || (frac == 0.5 && (fl as u64) & 1 == 1);
        let mag = (if up { fl + 1.0 } else { fl }) * pow2(q);
        if mag > self.max_value() {
            return self.overflow(neg, fp16_ovfl);
        }
        self.pack(neg, mag)
    }

    /// Stochastic rounding of the exact value `v` that came from a source format with `src_mant` mantissa
    /// bits: the `F = src_mant - mant` source bits below the kept ones, plus the top `F` bits of `rand`,
    /// carry into the last kept bit; then truncate. Below the normal range the source bits beyond the
    /// subnormal grid are dropped first (AMD's hip_ext_ocp host emulation of the gfx950 SR converts; the
    /// pseudocode adds `S1[31:12]` (FP8) / `S1[31:11]` (BF8) to the f32 mantissa, the same alignment).
    pub fn encode_sr(self, v: f64, src_mant: u32, rand: u32, fp16_ovfl: bool) -> u32 {
        let neg = v.is_sign_negative();
        if v.is_nan() {
            return self.nan(neg);
        }
        if v.is_infinite() {
            return self.overflow(neg, fp16_ovfl);
        }
        let a = v.abs();
        if a == 0.0 {
            return self.pack(neg, 0.0);
        }
        if a > 2.0 * self.max_value() {
            return self.overflow(neg, fp16_ovfl);
        }
        let f = src_mant.saturating_sub(self.mant).min(31);
        let (q, n) = self.quantize(a);
        // n in units of 2^-F below the kept bit, truncated (exact for a normal result).
        let nf = (n * pow2(f as i32)).floor();
        let r = if f == 0 {
            0.0
        } else {
            (rand >> (32 - f)) as f64
        };
        let kept = ((nf + r) * pow2(-(f as i32))).floor();
        let mag = kept * pow2(q);
        if mag > self.max_value() {
            return self.overflow(neg, fp16_ovfl);
        }
        self.pack(neg, mag)
    }
}

/// E8M0 block scale (§7.2): 2^(s - 127); 0xFF is NaN.
#[inline]
pub fn e8m0(s: u8) -> f64 {
    if s == 0xFF {
        f64::NAN
    } else {
        pow2(s as i32 - 127)
    }
}

/// The scale of the V_CVT_SCALEF32_* ops: `32'U(exponent(S.f32))`, the biased exponent field of the f32
/// operand (CDNA4 §7.3: "the scale can come from a VGPR or an inline-constant (float exponent portion is
/// used)").
#[inline(always)]
pub fn scale_of_f32(x: u32) -> u8 {
    (x >> 23) as u8
}

/// V_PRNG_B32 (pseudocode.md VOP1 88): the next pseudo-random value of the multi-pass SR converts.
#[inline(always)]
pub fn prng(x: u32) -> u32 {
    (x << 1) ^ if x & 0x8000_0000 != 0 { 197 } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_extremes() {
        // Table 30: E4M3 max 448, min normal 2^-6, min denormal 2^-9; E5M2 max 57344, inf 0x7C.
        assert_eq!(Low::FP8.decode(0x7E), 448.0);
        assert!(Low::FP8.decode(0x7F).is_nan());
        assert_eq!(Low::FP8.decode(0x08), 2f64.powi(-6));
        assert_eq!(Low::FP8.decode(0x01), 2f64.powi(-9));
        assert_eq!(Low::BF8.decode(0x7B), 57344.0);
        assert_eq!(Low::BF8.decode(0xFC), f64::NEG_INFINITY);
        assert_eq!(Low::FP6.decode(0x1F), 7.5);
        assert_eq!(Low::BF6.decode(0x1F), 28.0);
        assert_eq!(Low::BF6.decode(0x01), 0.0625);
        assert_eq!(Low::FP4.decode(0x7), 6.0);
        assert_eq!(Low::FP4.decode(0x9), -0.5);
    }

    #[test]
    fn encode_rules() {
        // 464 is halfway between 448 (m=6) and 480 (m=7, the NaN code): ties to even -> 448.
        assert_eq!(Low::FP8.encode_rne(464.0, false), 0x7E);
        assert_eq!(Low::FP8.encode_rne(470.0, false), 0x7F);
        assert_eq!(Low::FP8.encode_rne(470.0, true), 0x7E);
        assert_eq!(Low::FP8.encode_rne(f64::NEG_INFINITY, true), 0xFE);
        assert_eq!(Low::BF8.encode_rne(1e9, false), 0x7C);
        assert_eq!(Low::BF8.encode_rne(-1e9, true), 0xFB);
        assert_eq!(Low::FP4.encode_rne(100.0, false), 0x7);
        assert_eq!(Low::FP4.encode_rne(0.25, false), 0x0); // tie between 0 and 0.5 -> even (0)
        assert_eq!(Low::FP4.encode_rne(0.26, false), 0x1);
        assert_eq!(prng(0x8000_0001), 0x0000_0002 ^ 197);
    }
}
