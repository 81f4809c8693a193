//! Atomic read-modify-write operations shared by DS, MUBUF and FLAT/GLOBAL (pseudocode.md `*_ATOMIC_*`, `DS_*`).
//!
//! One function per width computes the new memory value from the old one and two operands:
//! `a` is DATA (the new value of CMPSWAP / the mask of MSKOR), `b` is the second operand (CMPSWAP's compare value,
//! MSKOR's or-value, WRAP's add value). The operation is a const generic of the handler, so each handler compiles to
//! its own straight-line RMW.
//!
//! Float atomics follow MI200 guide §9.5 (the CDNA4 text lacks the chapter): ADD rounds to nearest even; a NaN
//! input propagates quieted (the memory operand's NaN first); MIN/MAX order QNaN below -inf (max) or above +inf
//! (min), an SNaN input gives its quieted self; -0 < +0; CMPST compares with +0 == -0 and NaN never equal.
//! Denormals: in LDS, F32 ADD/MIN/MAX/CMPST and F64 MIN/MAX/CMPST follow MODE.fp_denorm; F64 ADD never flushes;
//! in memory (L2) nothing flushes on gfx950 (LLVM's gfx940+ `memory-atomic-fadd-f32-denormal-support`).

use half::f16;

pub const SWAP: u8 = 0;
pub const CMPSWAP: u8 = 1;
pub const ADD: u8 = 2;
pub const SUB: u8 = 3;
pub const RSUB: u8 = 4;
pub const SMIN: u8 = 5;
pub const UMIN: u8 = 6;
pub const SMAX: u8 = 7;
pub const UMAX: u8 = 8;
pub const AND: u8 = 9;
pub const OR: u8 = 10;
pub const XOR: u8 = 11;
/// `tmp >= src ? 0 : tmp + 1`.
pub const INC: u8 = 12;
/// `(tmp == 0 || tmp > src) ? src : tmp - 1`.
pub const DEC: u8 = 13;
/// `(tmp & ~a) | b`.
pub const MSKOR: u8 = 14;
pub const ADD_F: u8 = 15;
pub const MIN_F: u8 = 16;
pub const MAX_F: u8 = 17;
pub const PK_ADD_F16: u8 = 18;
pub const PK_ADD_BF16: u8 = 19;
/// Float compare-store: `tmp == b ? a : tmp` with float equality.
pub const CMPSWAP_F: u8 = 20;
/// DS_WRAP_RTN_B32: `tmp >= a ? tmp - a : tmp + b`.
pub const WRAP: u8 = 21;

/// Denormal control for one access: bit 0 = keep input denormals, bit 1 = keep output denormals
/// (the MODE.fp_denorm field encoding, state.md Table 4).
pub type Denorm = u32;
pub const KEEP_DENORMS: Denorm = 3;

/// The MODE.fp_denorm field for f32 (`f64 = false`) or f64/f16 operands of an LDS atomic.
#[inline(always)]
pub fn lds_denorm(mode: u32, f64: bool) -> Denorm {
    if f64 {
        (mode >> 6) & 3
    } else {
        (mode >> 4) & 3
    }
}

#[inline(always)]
fn flush32(x: u32) -> u32 {
    if x & 0x7F80_0000 == 0 {
        x & 0x8000_0000
    } else {
        x
    }
}

#[inline(always)]
fn flush64(x: u64) -> u64 {
    if x & 0x7FF0_0000_0000_0000 == 0 {
        x & 0x8000_0000_0000_0000
    } else {
        x
    }
}

#[inline(always)]
fn is_nan32(x: u32) -> bool {
    x & 0x7FFF_FFFF > 0x7F80_0000
}

#[inline(always)]
fn is_nan64(x: u64) -> bool {
    x & 0x7FFF_FFFF_FFFF_FFFF > 0x7FF0_0000_0000_0000
}

/// Total order of the min/max rules as a signed key: -inf < -x < -0 < +0 < +x < +inf.
#[inline(always)]
fn key32(x: u32) -> i64 {
    if x & 0x8000_0000 != 0 {
        -((x & 0x7FFF_FFFF) as i64) - 1
    } else {
        x as i64
    }
}

#[inline(always)]
fn key64(x: u64) -> i128 {
    if x & 0x8000_0000_0000_0000 != 0 {
        -((x & 0x7FFF_FFFF_FFFF_FFFF) as i128) - 1
    } else {
        x as i128
    }
}

/// FP min/max selection (MI200 §9.5.3): SNaN inputs first (quieted), then QNaN loses.
#[inline(always)]
fn minmax32(old: u32, src: u32, max: bool, dn: Denorm) -> u32 {
    let snan = |x: u32| is_nan32(x) && x & 0x0040_0000 == 0;
    if snan(old) {
        return old | 0x0040_0000;
    }
    if snan(src) {
        return src | 0x0040_0000;
    }
    if is_nan32(old) {
        return src;
    }
    if is_nan32(src) {
        return old;
    }
    // Flushing applies to the comparison only; the selected input is returned unmodified.
    let (ko, ks) = if dn & 1 == 0 {
        (key32(flush32(old)), key32(flush32(src)))
    } else {
        (key32(old), key32(src))
    };
    if max == (ks > ko) {
        src
    } else {
        old
    }
}

#[inline(always)]
fn minmax64(old: u64, src: u64, max: bool, dn: Denorm) -> u64 {
    const Q: u64 = 0x0008_0000_0000_0000;
    let snan = |x: u64| is_nan64(x) && x & Q == 0;
    if snan(old) {
        return old | Q;
    }
    if snan(src) {
        return src | Q;
    }
    if is_nan64(old) {
        return src;
    }
    if is_nan64(src) {
        return old;
    }
    let (ko, ks) = if dn & 1 == 0 {
        (key64(flush64(old)), key64(flush64(src)))
    } else {
        (key64(old), key64(src))
    };
    if max == (ks > ko) {
        src
    } else {
        old
    }
}

/// f32 add with the atomic NaN rules and denormal control; IEEE round to nearest even.
#[inline(always)]
pub fn add_f32(a: u32, b: u32, dn: Denorm) -> u32 {
    if is_nan32(a) {
        return a | 0x0040_0000;
    }
    if is_nan32(b) {
        return b | 0x0040_0000;
    }
    let (a, b) = if dn & 1 == 0 {
        (flush32(a), flush32(b))
    } else {
        (a, b)
    };
    let r = (f32::from_bits(a) + f32::from_bits(b)).to_bits();
    if is_nan32(r) {
        // -inf + inf: the default quiet NaN (MI200 §9.5.3 rule 1).
        return 0x7FC0_0000;
    }
    if dn & 2 == 0 {
        flush32(r)
    } else {
        r
    }
}

#[inline(always)]
pub fn add_f64(a: u64, b: u64, dn: Denorm) -> u64 {
    const Q: u64 = 0x0008_0000_0000_0000;
    if is_nan64(a) {
        return a | Q;
    }
    if is_nan64(b) {
        return b | Q;
    }
    let (a, b) = if dn & 1 == 0 {
        (flush64(a), flush64(b))
    } else {
        (a, b)
    };
    let r = (f64::from_bits(a) + f64::from_bits(b)).to_bits();
    if is_nan64(r) {
        return 0x7FF8_0000_0000_0000;
    }
    if dn & 2 == 0 {
        flush64(r)
    } else {
        r
    }
}

/// f16 add, round to nearest even, denormals kept (Table 43: PK_ADD_F16 never flushes). Computed in f32 and
/// rounded once more to f16: exact, since 24 >= 2*11+2 bits makes the double rounding innocuous.
#[inline(always)]
fn add_f16(a: u16, b: u16) -> u16 {
    let nan = |x: u16| x & 0x7FFF > 0x7C00;
    if nan(a) {
        return a | 0x0200;
    }
    if nan(b) {
        return b | 0x0200;
    }
    let r = f16::from_f32(f16::from_bits(a).to_f32() + f16::from_bits(b).to_f32()).to_bits();
    if nan(r) {
        0x7E00
    } else {
        r
    }
}

/// bf16 add, round to nearest even, denormals kept; f32 intermediate is exact for the same reason as f16.
#[inline(always)]
fn add_bf16(a: u16, b: u16) -> u16 {
    let nan = |x: u16| x & 0x7FFF > 0x7F80;
    if nan(a) {
        return a | 0x0040;
    }
    if nan(b) {
        return b | 0x0040;
    }
    let s = f32::from_bits((a as u32) << 16) + f32::from_bits((b as u32) << 16);
    let bits = s.to_bits();
    if s.is_nan() {
        return 0x7FC0;
    }
    // Round to nearest even on the 16 dropped bits (no overflow into NaN: max finite rounds to inf correctly).
    ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) as u16
}

/// An atomic's memory word: the integer operations are written once for 32 and 64 bits.
trait AtomicWord:
    Copy
    + Eq
    + Ord
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    fn wrapping_add(self, o: Self) -> Self;
    fn wrapping_sub(self, o: Self) -> Self;
    /// Signed minimum / maximum of the two's-complement words.
    fn signed_min(self, o: Self) -> Self;
    fn signed_max(self, o: Self) -> Self;
}

macro_rules! atomic_word {
    ($u:ty, $i:ty) => {
        impl AtomicWord for $u {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            #[inline(always)]
            fn wrapping_add(self, o: Self) -> Self {
                <$u>::wrapping_add(self, o)
            }
            #[inline(always)]
            fn wrapping_sub(self, o: Self) -> Self {
                <$u>::wrapping_sub(self, o)
            }
            #[inline(always)]
            fn signed_min(self, o: Self) -> Self {
                (self as $i).min(o as $i) as $u
            }
            #[inline(always)]
            fn signed_max(self, o: Self) -> Self {
                (self as $i).max(o as $i) as $u
            }
        }
    };
}
atomic_word!(u32, i32);
atomic_word!(u64, i64);

/// New value of an integer atomic (pseudocode.md DS_/FLAT_ATOMIC_*), or `None` for the float ops.
#[inline(always)]
fn rmw_int<T: AtomicWord>(op: u8, old: T, a: T, b: T) -> Option<T> {
    Some(match op {
        SWAP => a,
        CMPSWAP => {
            if old == b {
                a
            } else {
                old
            }
        }
        ADD => old.wrapping_add(a),
        SUB => old.wrapping_sub(a),
        RSUB => a.wrapping_sub(old),
        SMIN => old.signed_min(a),
        UMIN => old.min(a),
        SMAX => old.signed_max(a),
        UMAX => old.max(a),
        AND => old & a,
        OR => old | a,
        XOR => old ^ a,
        INC => {
            if old >= a {
                T::ZERO
            } else {
                old.wrapping_add(T::ONE)
            }
        }
        DEC => {
            if old == T::ZERO || old > a {
                a
            } else {
                old.wrapping_sub(T::ONE)
            }
        }
        MSKOR => (old & !a) | b,
        WRAP => {
            if old >= a {
                old.wrapping_sub(a)
            } else {
                old.wrapping_add(b)
            }
        }
        _ => return None,
    })
}

/// New value of a 32-bit atomic.
#[inline(always)]
pub fn rmw32(op: u8, old: u32, a: u32, b: u32, dn: Denorm) -> u32 {
    if let Some(v) = rmw_int(op, old, a, b) {
        return v;
    }
    match op {
        CMPSWAP_F => {
            // NaN never compares equal; +0 == -0; flushed inputs compare (and store) flushed.
            let (o, c, s) = if dn & 1 == 0 {
                (flush32(old), flush32(b), flush32(a))
            } else {
                (old, b, a)
            };
            if !is_nan32(o) && !is_nan32(c) && f32::from_bits(o) == f32::from_bits(c) {
                s
            } else {
                old
            }
        }
        ADD_F => add_f32(old, a, dn),
        MIN_F => minmax32(old, a, false, dn),
        MAX_F => minmax32(old, a, true, dn),
        PK_ADD_F16 => {
            add_f16(old as u16, a as u16) as u32
                | (add_f16((old >> 16) as u16, (a >> 16) as u16) as u32) << 16
        }
        PK_ADD_BF16 => {
            add_bf16(old as u16, a as u16) as u32
                | (add_bf16((old >> 16) as u16, (a >> 16) as u16) as u32) << 16
        }
        _ => old,
    }
}

/// New value of a 64-bit atomic.
#[inline(always)]
pub fn rmw64(op: u8, old: u64, a: u64, b: u64, dn: Denorm) -> u64 {
    if op == WRAP {
        // No 64-bit wrap atomic exists; keep memory unchanged as before.
        return old;
    }
    if let Some(v) = rmw_int(op, old, a, b) {
        return v;
    }
    match op {
        CMPSWAP_F => {
            let (o, c, s) = if dn & 1 == 0 {
                (flush64(old), flush64(b), flush64(a))
            } else {
                (old, b, a)
            };
            if !is_nan64(o) && !is_nan64(c) && f64::from_bits(o) == f64::from_bits(c) {
                s
            } else {
                old
            }
        }
        // Table 43: ADD_F64 never flushes, in LDS or L2.
        ADD_F => add_f64(old, a, KEEP_DENORMS),
        MIN_F => minmax64(old, a, false, dn),
        MAX_F => minmax64(old, a, true, dn),
        _ => old,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_ops_follow_pseudocode() {
        // DS_INC_U32: tmp >= src ? 0 : tmp + 1
        assert_eq!(rmw32(INC, 5, 5, 0, 3), 0);
        assert_eq!(rmw32(INC, 4, 5, 0, 3), 5);
        // DS_DEC_U32: (tmp == 0 || tmp > src) ? src : tmp - 1
        assert_eq!(rmw32(DEC, 0, 7, 0, 3), 7);
        assert_eq!(rmw32(DEC, 9, 7, 0, 3), 7);
        assert_eq!(rmw32(DEC, 3, 7, 0, 3), 2);
        assert_eq!(rmw32(RSUB, 3, 10, 0, 3), 7);
        assert_eq!(rmw32(SMIN, 0xFFFF_FFFF, 1, 0, 3), 0xFFFF_FFFF);
        assert_eq!(rmw32(UMIN, 0xFFFF_FFFF, 1, 0, 3), 1);
        assert_eq!(
            rmw32(MSKOR, 0xFF00_FF00, 0x0F0F_0F0F, 0x3000_0003, 3),
            0xF000_F003
        );
        assert_eq!(rmw32(CMPSWAP, 7, 9, 7, 3), 9);
        assert_eq!(rmw32(CMPSWAP, 7, 9, 8, 3), 7);
        assert_eq!(rmw32(WRAP, 10, 4, 100, 3), 6);
        assert_eq!(rmw32(WRAP, 3, 4, 100, 3), 103);
        assert_eq!(rmw64(SMAX, (-5i64) as u64, 3, 0, 3), 3);
    }

    #[test]
    fn float_rules() {
        // 1.5 + 2.25 = 3.75
        assert_eq!(rmw32(ADD_F, 0x3FC0_0000, 0x4010_0000, 0, 3), 0x4070_0000);
        // -inf + inf = default QNaN
        assert_eq!(rmw32(ADD_F, 0xFF80_0000, 0x7F80_0000, 0, 3), 0x7FC0_0000);
        // SNaN in memory propagates quieted
        assert_eq!(rmw32(ADD_F, 0x7F80_0001, 0x3F80_0000, 0, 3), 0x7FC0_0001);
        // max(QNaN, 1.0) = 1.0; max(-0, +0) = +0; min(-0, +0) = -0
        assert_eq!(rmw32(MAX_F, 0x7FC0_0000, 0x3F80_0000, 0, 3), 0x3F80_0000);
        assert_eq!(rmw32(MAX_F, 0x8000_0000, 0, 0, 3), 0);
        assert_eq!(rmw32(MIN_F, 0, 0x8000_0000, 0, 3), 0x8000_0000);
        // denormal 1 ulp + 1 ulp: kept = 2 ulp, flushed in = +0
        assert_eq!(rmw32(ADD_F, 1, 1, 0, 3), 2);
        assert_eq!(rmw32(ADD_F, 1, 1, 0, 0), 0);
        // f16 pairs: (1.0 + 0.5, 2.0 + -2.0) -> (1.5, +0)
        assert_eq!(
            rmw32(PK_ADD_F16, 0x4000_3C00, 0xC000_3800, 0, 3),
            0x0000_3E00
        );
        // bf16: 1.0 + 1/256 rounds to even (1.0); 1.0 + 3/256 -> 1 + 4/256 (0x3F82)
        assert_eq!(rmw32(PK_ADD_BF16, 0x3F80, 0x3B80, 0, 3) & 0xFFFF, 0x3F80);
        assert_eq!(rmw32(PK_ADD_BF16, 0x3F80, 0x3C40, 0, 3) & 0xFFFF, 0x3F82);
        // f64 1.0 + 2.0 = 3.0
        assert_eq!(
            rmw64(ADD_F, 0x3FF0_0000_0000_0000, 0x4000_0000_0000_0000, 0, 0),
            0x4008_0000_0000_0000
        );
        // CMPST_F32: -0 == +0 swaps
        assert_eq!(
            rmw32(CMPSWAP_F, 0x8000_0000, 0x4000_0000, 0, 3),
            0x4000_0000
        );
    }
}
