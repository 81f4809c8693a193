//! VOPC: all 198 compares as one family (pseudocode.md "Format VOPC"), parameterised by the operand type
//! (compile time) and by the predicate and the X (write EXEC) bit, read from the opcode.
//!
//! Predicate encoding: the low 4 bits of a VOPC opcode are a truth table over the outcome of the
//! comparison — bit 0 less, bit 1 equal, bit 2 greater, bit 3 unordered (NaN). So F=0, LT=1, EQ=2, LE=3,
//! GT=4, LG=5, GE=6, O=7, U=8, NGE=9, NLG=10, NGT=11, NLE=12, NEQ=13, NLT=14, TRU=15; integer compares use
//! bits 0-2 (F, LT, EQ, LE, GT, NE, GE, T). Bit 4 of the opcode is the X (CMPX) bit. Class compares
//! (opcodes 16-21) alternate CMP/CMPX in bit 0.
//!
//! Destination: VCC (VOPC), the SGPR pair `dst` (VOP3), or the SDWA `sdst`; CMPX also writes EXEC.
//! Lanes inactive in EXEC write 0.

use super::family::{chunk_src, GPR_IDX_EN};
use super::fast::{self, Mask, AVX2, AVX512, C, CHUNKS, SCALAR};
use super::lanes::{self, Plan, K};
use crate::exec::float::{Fmt, FpMode};
use crate::exec::wave::{Wave, LANES};
use crate::exec::FlowWord;
use crate::exec::{Ctx, Fault};
use crate::isa::{Ext, Inst, Mods, Operand};

/// An operand type of the compares: how two values order (0 less, 1 equal, 2 greater, 3 unordered).
pub trait CmpTy {
    const K: K;
    /// 32-bit integer compares: `Some(signed)` (the plain path compares them 8 lanes at a time in AVX2).
    const INT32: Option<bool> = None;
    fn order(a: u64, b: u64, m: &FpMode) -> u32;
}

macro_rules! int_ty {
    ($name:ident, $k:ident, $int32:expr, |$x:ident| $key:expr) => {
        pub struct $name;
        impl CmpTy for $name {
            const K: K = K::$k;
            const INT32: Option<bool> = $int32;
            #[inline(always)]
            fn order(a: u64, b: u64, _: &FpMode) -> u32 {
                let f = |$x: u64| $key;
                let (a, b) = (f(a), f(b));
                (a >= b) as u32 + (a > b) as u32
            }
        }
    };
}
int_ty!(I16, B16, None, |x| x as u16 as i16 as i64);
int_ty!(U16, B16, None, |x| x as u16 as i64);
int_ty!(I32, B32, Some(true), |x| x as u32 as i32 as i64);
int_ty!(U32, B32, Some(false), |x| x as u32 as i64);
int_ty!(I64, I64, None, |x| x as i64 as i128);
int_ty!(U64, B64, None, |x| x as i128);

macro_rules! float_ty {
    ($name:ident, $k:ident, $f:expr) => {
        pub struct $name;
        impl CmpTy for $name {
            const K: K = K::$k;
            #[inline(always)]
            fn order(a: u64, b: u64, m: &FpMode) -> u32 {
                match crate::exec::float::compare($f, a, b, m) {
                    Some(core::cmp::Ordering::Less) => 0,
                    Some(core::cmp::Ordering::Equal) => 1,
                    Some(core::cmp::Ordering::Greater) => 2,
                    None => 3,
                }
            }
        }
    };
}
float_ty!(F16, F16, Fmt::F16);
float_ty!(F32, F32, Fmt::F32);
float_ty!(F64, F64, Fmt::F64);

/// Write a compare result: VCC / VOP3 sdst / SDWA sdst, and EXEC for CMPX.
#[inline(always)]
fn write_result(w: &mut Wave, i: &Inst, bits: u64, x: bool) {
    // VOP3: the SGPR pair in dst. VOPC: VCC, or the SDWA SDST (the decoder may give it as dst or sdst).
    let dst = if lanes::is_vop3(i) {
        i.dst
    } else if i.ext == Ext::Sdwa && !i.sdst.is_none() {
        i.sdst
    } else if !i.dst.is_none() {
        i.dst
    } else {
        Operand::VCC_LO
    };
    w.write_sgpr64(dst, bits);
    if x {
        w.set_exec(bits);
    }
}

/// V_CMP[X]_<pred>_<T>.
pub fn vopc<T: CmpTy>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let opc = i.info().opcode as u32;
    let table = opc & 0xF;
    let x = opc & 0x10 != 0;
    if T::K.width() != 16
        && i.ext == Ext::None
        && i.mods == Mods::default()
        && w.mode & GPR_IDX_EN == 0
    {
        #[cfg(target_arch = "x86_64")]
        match fast::level() {
            // SAFETY: the features each variant is compiled for were detected.
            AVX512 => return unsafe { vopc_plain_avx512::<T>(w, i, c, table, x) },
            AVX2 => return unsafe { vopc_plain_avx2::<T>(w, i, c, table, x) },
            _ => {}
        }
        return vopc_plain::<T, SCALAR>(w, i, c, table, x);
    }
    let plan = Plan::new(w, i)?;
    let m = FpMode::from_mode(w.mode);
    let mut a = [0u64; LANES];
    let mut b = [0u64; LANES];
    lanes::fetch(
        w,
        i,
        &c.apertures,
        &plan,
        0,
        plan.src(0, i.src[0]),
        T::K,
        &mut a,
    );
    lanes::fetch(
        w,
        i,
        &c.apertures,
        &plan,
        1,
        plan.src(1, i.src[1]),
        T::K,
        &mut b,
    );
    let mut bits = 0u64;
    for l in 0..LANES {
        bits |= ((table >> T::order(a[l], b[l], &m)) as u64 & 1) << l;
    }
    write_result(w, i, bits & plan.write, x);
    Ok(FlowWord::NEXT)
}

/// The plain form of a compare (no DPP/SDWA, no modifiers, no VGPR indexing, 32/64-bit operands): the sources read
/// chunk by chunk from the register file or a scalar broadcast, as `lanes::fetch` reads them for it.
#[inline(always)]
fn vopc_plain<T: CmpTy, const L: u8>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
    table: u32,
    x: bool,
) -> Result<FlowWord, Box<Fault>> {
    let exec = w.exec();
    let m = FpMode::from_mode(w.mode);
    let base = w.vreg.as_ptr();
    let sa = chunk_src(w, i, c, base, i.src[0], T::K);
    let sb = chunk_src(w, i, c, base, i.src[1], T::K);
    let wide = T::K.width() == 64;
    let mut bits = 0u64;
    for ch in 0..CHUNKS {
        let mk = (exec >> (C * ch)) as Mask;
        if mk == 0 {
            continue;
        }
        // SAFETY: register rows or `ba`/`bb`, alive and only read here; ch < CHUNKS.
        let ((a0, a1), (b0, b1)) = unsafe { (sa.get(ch), sb.get(ch)) };
        #[cfg(target_arch = "x86_64")]
        if let (Some(signed), true) = (T::INT32, L >= AVX2) {
            // SAFETY: L >= AVX2 only in handlers run after `fast::level()` found AVX2.
            let b = unsafe { int32_chunk(&a0, &b0, signed, table) };
            bits |= ((b & mk) as u64) << (C * ch);
            continue;
        }
        let mut b: Mask = 0;
        for l in 0..C {
            let (p, q) = if wide {
                (
                    a0[l] as u64 | (a1[l] as u64) << 32,
                    b0[l] as u64 | (b1[l] as u64) << 32,
                )
            } else {
                (a0[l] as u64, b0[l] as u64)
            };
            b |= ((table >> T::order(p, q, &m)) as Mask & 1) << l;
        }
        bits |= ((b & mk) as u64) << (C * ch);
    }
    write_result(w, i, bits, x);
    Ok(FlowWord::NEXT)
}

/// A 32-bit integer compare of 8 lanes: the bits of `table` (bit 0 less, 1 equal, 2 greater) selected by each
/// lane's outcome, as `CmpTy::order` gives them; unsigned compares flip the sign bits to compare signed.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn int32_chunk(a: &[u32; C], b: &[u32; C], signed: bool, table: u32) -> Mask {
    use std::arch::x86_64::*;
    let flip = _mm256_set1_epi32(if signed { 0 } else { i32::MIN });
    let x = _mm256_xor_si256(_mm256_loadu_si256(a.as_ptr() as *const __m256i), flip);
    let y = _mm256_xor_si256(_mm256_loadu_si256(b.as_ptr() as *const __m256i), flip);
    let bits = |v: __m256i| _mm256_movemask_ps(_mm256_castsi256_ps(v)) as Mask;
    let lt = bits(_mm256_cmpgt_epi32(y, x));
    let eq = bits(_mm256_cmpeq_epi32(x, y));
    let gt = !(lt | eq);
    let pick = |bit: u32, m: Mask| if table >> bit & 1 != 0 { m } else { 0 };
    pick(0, lt) | pick(1, eq) | pick(2, gt)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma")]
unsafe fn vopc_plain_avx512<T: CmpTy>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
    table: u32,
    x: bool,
) -> Result<FlowWord, Box<Fault>> {
    vopc_plain::<T, AVX512>(w, i, c, table, x)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn vopc_plain_avx2<T: CmpTy>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
    table: u32,
    x: bool,
) -> Result<FlowWord, Box<Fault>> {
    vopc_plain::<T, AVX2>(w, i, c, table, x)
}

/// V_CMP[X]_CLASS_F16/F32/F64 (pseudocode.md VOPC 16-21): bit of S1 selected by the class of S0
/// (0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf).
/// The class is that of the raw S0 (after source modifiers), without denormal flushing.
pub fn vopc_class<T: CmpTy>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let x = i.info().opcode & 1 != 0;
    let f = T::K.fmt().unwrap_or(Fmt::F32);
    let plan = Plan::new(w, i)?;
    let mut a = [0u64; LANES];
    let mut b = [0u64; LANES];
    lanes::fetch(
        w,
        i,
        &c.apertures,
        &plan,
        0,
        plan.src(0, i.src[0]),
        T::K,
        &mut a,
    );
    lanes::fetch(
        w,
        i,
        &c.apertures,
        &plan,
        1,
        plan.src(1, i.src[1]),
        K::B32,
        &mut b,
    );
    let mut bits = 0u64;
    for l in 0..LANES {
        bits |= ((b[l] >> class_of(f, a[l])) & 1) << l;
    }
    write_result(w, i, bits & plan.write, x);
    Ok(FlowWord::NEXT)
}

/// The class index (S1 bit) of a float.
#[inline(always)]
pub fn class_of(f: Fmt, v: u64) -> u32 {
    let neg = f.sign(v);
    if f.is_snan(v) {
        0
    } else if f.is_qnan(v) {
        1
    } else if f.is_inf(v) {
        if neg {
            2
        } else {
            9
        }
    } else if f.exponent(v) > 0 {
        if neg {
            3
        } else {
            8
        }
    } else if f.is_denorm(v) {
        if neg {
            4
        } else {
            7
        }
    } else if neg {
        5
    } else {
        6
    }
}
