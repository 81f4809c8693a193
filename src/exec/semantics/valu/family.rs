//! The two generic VALU handler shapes. Every per-lane operation is a zero-sized type implementing one
//! trait; the handler (monomorphised per operation, so the lane loop inlines the operation) reads the
//! sources for all 64 lanes, computes all lanes, and stores through `lanes::store`.
//! - [`VOp`]: up to three sources, one result (most VOP1/VOP2/VOP3A ops);
//! - [`VOpFlag`]: a result plus a per-lane flag bit with an optional carry-in bit (V_ADD_CO/ADDC/SUB*_CO,
//!   V_DIV_SCALE, V_MAD_U64_U32): the flag goes to VCC (VOP2) or the VOP3B `sdst`, the carry-in comes from
//!   VCC (VOP2) or the SGPR pair in src2 (VOP3B).

use super::fast::{self, put, Ch, Mask, Src, AVX2, AVX512, C, CHUNKS, SCALAR};
use super::lanes::{self, Env, Hi16, Plan, K};
use crate::exec::float::FpMode;
use crate::exec::wave::{ConstKind, VReg, Wave, LANES};
use crate::exec::FlowWord;
use crate::exec::{Ctx, Fault, Handler};
use crate::isa::{Ext, Inst, Mods, Operand};

/// Where `Env::cond` comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    None,
    /// VCC (VOP2/DPP/SDWA), or the SGPR pair named by src2 in the VOP3 form (V_CNDMASK_B32).
    VccOrSrc2,
    /// Always VCC, whatever the encoding (V_DIV_FMAS_*).
    Vcc,
}

/// One VALU operation computing one value per lane.
pub trait VOp {
    /// Source kinds (`K::None` for unused sources).
    const S: [K; 3];
    /// Result kind.
    const D: K;
    /// 16-bit results: what happens to the other half.
    const HI16: Hi16 = Hi16::Zero;
    /// Source 2 is the destination's current value (V_FMAC, V_MAC_F16, V_DOT*C, accumulating converts).
    const SRC2_IS_DST: bool = false;
    const COND: Cond = Cond::None;
    /// The host IEEE operation this op is under the default MODE (round to nearest even, denormals kept), for
    /// the vectorised plain path; `Native::None` for everything else.
    const NATIVE: Native = Native::None;
    /// The 64-bit integer shape this op is, for the vectorised plain path; `Int64::None` for everything else.
    const INT64: Int64 = Int64::None;
    /// The result for one lane from the source values `s` (raw bits, modifiers applied).
    fn lane(s: [u64; 3], e: &Env, lane: usize) -> u64;
}

#[inline(always)]
pub fn cond_mask(w: &Wave, i: &Inst, c: &Ctx, cond: Cond) -> u64 {
    match cond {
        Cond::None => 0,
        Cond::Vcc => w.vcc(),
        Cond::VccOrSrc2 => {
            if lanes::is_vop3(i) && !i.src[2].is_none() {
                w.read_scalar(i.src[2], i.literal, &c.apertures, ConstKind::B64)
            } else {
                w.vcc()
            }
        }
    }
}

/// Host float operations the plain path runs vectorised (see `VOp::NATIVE`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Native {
    None,
    Add,
    Sub,
    Subrev,
    Mul,
    /// `fma(S0, S1, S2)` (V_FMA, V_FMAC with S2 = D0, V_FMAMK/FMAAK with K in place).
    Fma,
}

/// 64-bit integer address arithmetic the plain path runs on AVX2 dword vectors (see `VOp::INT64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Int64 {
    None,
    /// V_LSHL_ADD_U64: `(S0.u64 << S1[2:0]) + S2.u64`.
    LshlAdd,
    /// V_LSHLREV_B64: `S1.u64 << S0[5:0]`.
    Lshlrev,
}

/// MODE.GPR_IDX_EN (state.md MODE bit 27): VGPR indexing rewrites operands, so only the general path handles it.
pub(super) const GPR_IDX_EN: u32 = 1 << 27;

/// The plain form of a [`VOp`]: no DPP/SDWA, no source or output modifiers, no VGPR indexing, no 16-bit operand
/// or result. Most compiler output is plain; it skips the lane plan, the modifier passes and the 16-bit placement
/// (which are the identity for it), with the same per-lane operation, so the results are the same by construction.
#[inline(always)]
fn plain<O: VOp>(w: &Wave, i: &Inst) -> bool {
    let narrow = |k: K| k != K::None && k.width() == 16;
    if narrow(O::D) || narrow(O::S[0]) || narrow(O::S[1]) || narrow(O::S[2]) {
        return false;
    }
    i.ext == Ext::None && i.mods == Mods::default() && w.mode & GPR_IDX_EN == 0
}

/// A scalar or constant source's value as `lanes::fetch` reads it (64-bit literals of signed kinds sign-extend).
#[inline(always)]
fn scalar_src(w: &Wave, i: &Inst, c: &Ctx, op: Operand, kind: K) -> u64 {
    if kind == K::I64 && op == Operand::LITERAL {
        i.literal as i32 as i64 as u64
    } else if kind.width() == 64 {
        w.read_scalar(op, i.literal, &c.apertures, kind.const_kind())
    } else {
        w.read_scalar(op, i.literal, &c.apertures, kind.const_kind()) as u32 as u64
    }
}

/// Does MODE let `O::NATIVE` run on host IEEE arithmetic (round to nearest even, denormals kept in and out for
/// the result's format: MODE bits 1:0 / 5:4 for f32, 3:2 / 7:6 for f64; state.md MODE)?
#[inline(always)]
fn native_mode<O: VOp>(mode: u32) -> bool {
    if O::NATIVE == Native::None {
        return false;
    }
    match O::D {
        K::F32 => mode & 0x33 == 0x30,
        K::F64 => mode & 0xCC == 0xC0,
        _ => false,
    }
}

/// `O::NATIVE` of an f32 op on chunk `ch` in one ymm (the host's FMA instruction for fma), read straight from the
/// sources and written to row `d` under `mk`; `false` (nothing written) when a lane's result is NaN: AMD's NaN
/// rules then decide (the per-lane operation redoes the chunk). Equal to the per-lane operation otherwise, under a
/// native MODE (`native_mode`), which is when it is called.
///
/// # Safety
/// As `Src::get` and `fast::put`; the host has AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn native_f32_put<O: VOp>(s: &[Src; 3], ch: usize, d: *mut VReg, mk: Mask) -> bool {
    use std::arch::x86_64::*;
    let (a, b) = (s[0].ps(ch), s[1].ps(ch));
    let r = match O::NATIVE {
        Native::Add => _mm256_add_ps(a, b),
        Native::Sub => _mm256_sub_ps(a, b),
        Native::Subrev => _mm256_sub_ps(b, a),
        Native::Mul => _mm256_mul_ps(a, b),
        _ => _mm256_fmadd_ps(a, b, s[2].ps(ch)),
    };
    if _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_UNORD_Q>(r, r)) != 0 {
        return false;
    }
    fast::put_ymm(d, ch, _mm256_castps_si256(r), mk);
    true
}

/// `x << k` of 8 lanes of 64-bit values held as low and high dword vectors, `k` per lane in 0..=63: AVX2 variable
/// shifts give 0 for counts of 32 and more, which makes the three terms below exact for every `k` (for k < 32 the
/// last is 0; for k >= 32 the first two of the high dword are 0, and so is the low dword).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn shl64(
    lo: std::arch::x86_64::__m256i,
    hi: std::arch::x86_64::__m256i,
    k: std::arch::x86_64::__m256i,
) -> (std::arch::x86_64::__m256i, std::arch::x86_64::__m256i) {
    use std::arch::x86_64::*;
    let c32 = _mm256_set1_epi32(32);
    let r_hi = _mm256_or_si256(
        _mm256_or_si256(
            _mm256_sllv_epi32(hi, k),
            _mm256_srlv_epi32(lo, _mm256_sub_epi32(c32, k)),
        ),
        _mm256_sllv_epi32(lo, _mm256_sub_epi32(k, c32)),
    );
    (_mm256_sllv_epi32(lo, k), r_hi)
}

/// `shl64` for counts `k` in 0..=31 (V_LSHL_ADD_U64's are 0..=7): its third term is then 0, and `lo >> (32 - k)`
/// is 0 for k = 0 (a count of 32).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn shl64_small(
    lo: std::arch::x86_64::__m256i,
    hi: std::arch::x86_64::__m256i,
    k: std::arch::x86_64::__m256i,
) -> (std::arch::x86_64::__m256i, std::arch::x86_64::__m256i) {
    use std::arch::x86_64::*;
    let r_hi = _mm256_or_si256(
        _mm256_sllv_epi32(hi, k),
        _mm256_srlv_epi32(lo, _mm256_sub_epi32(_mm256_set1_epi32(32), k)),
    );
    (_mm256_sllv_epi32(lo, k), r_hi)
}

/// `O::INT64` on chunk `ch` in dword vectors (the low and high rows of a 64-bit pair stay apart, no lane gather),
/// written to rows `d` and `d + 1` under `mk`. All sources are read before either row is written, so a destination
/// pair over a source pair reads the old values. Equal to `O::lane` on every input: the shifts as `shl64`, the
/// 64-bit add as a dword add with the carry out of the low dword (unsigned `sum < addend`) added to the high dword.
///
/// # Safety
/// As `Src::get` and `fast::put_ymm`; the host has AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn int64_put<O: VOp>(s: &[Src; 3], ch: usize, base: *mut VReg, d: usize, mk: Mask) {
    use std::arch::x86_64::*;
    let (r_lo, r_hi) = match O::INT64 {
        Int64::LshlAdd => {
            let k = _mm256_and_si256(s[1].ymm_lo(ch), _mm256_set1_epi32(7));
            let (a_lo, a_hi) = shl64(s[0].ymm_lo(ch), s[0].ymm_hi(ch), k);
            let (b_lo, b_hi) = (s[2].ymm_lo(ch), s[2].ymm_hi(ch));
            let sum = _mm256_add_epi32(a_lo, b_lo);
            // Unsigned sum < b_lo, as a signed compare with the sign bits flipped: all ones (-1) on a carry.
            let sign = _mm256_set1_epi32(i32::MIN);
            let carry =
                _mm256_cmpgt_epi32(_mm256_xor_si256(b_lo, sign), _mm256_xor_si256(sum, sign));
            (sum, _mm256_sub_epi32(_mm256_add_epi32(a_hi, b_hi), carry))
        }
        _ => {
            let k = _mm256_and_si256(s[0].ymm_lo(ch), _mm256_set1_epi32(63));
            shl64(s[1].ymm_lo(ch), s[1].ymm_hi(ch), k)
        }
    };
    fast::put_ymm(base.add(d), ch, r_lo, mk);
    fast::put_ymm(base.add((d + 1) & 511), ch, r_hi, mk);
}

/// `int64_put` of every chunk when every lane is in EXEC (plain stores), with the sources' shapes (register row or
/// broadcast: `R0`, `R1`, `R2`) fixed at compile time, so that the chunk loop tests none of them and the broadcasts'
/// vectors (and a broadcast shift count's derived vectors) are made once.
///
/// # Safety
/// As `int64_put`; `Rk == s[k].lo_is_reg()` for every source the op reads.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn int64_all_as<O: VOp, const R0: bool, const R1: bool, const R2: bool>(
    s: &[Src; 3],
    base: *mut VReg,
    d: usize,
) {
    use std::arch::x86_64::*;
    for ch in 0..CHUNKS {
        let (r_lo, r_hi) = match O::INT64 {
            Int64::LshlAdd => {
                let k = _mm256_and_si256(s[1].ymm_lo_as::<R1>(ch), _mm256_set1_epi32(7));
                let (a_lo, a_hi) =
                    shl64_small(s[0].ymm_lo_as::<R0>(ch), s[0].ymm_hi_as::<R0>(ch), k);
                let (b_lo, b_hi) = (s[2].ymm_lo_as::<R2>(ch), s[2].ymm_hi_as::<R2>(ch));
                let sum = _mm256_add_epi32(a_lo, b_lo);
                // As `int64_put`.
                let sign = _mm256_set1_epi32(i32::MIN);
                let carry =
                    _mm256_cmpgt_epi32(_mm256_xor_si256(b_lo, sign), _mm256_xor_si256(sum, sign));
                (sum, _mm256_sub_epi32(_mm256_add_epi32(a_hi, b_hi), carry))
            }
            _ => {
                let k = _mm256_and_si256(s[0].ymm_lo_as::<R0>(ch), _mm256_set1_epi32(63));
                shl64(s[1].ymm_lo_as::<R1>(ch), s[1].ymm_hi_as::<R1>(ch), k)
            }
        };
        fast::put_ymm(base.add(d), ch, r_lo, Mask::MAX);
        fast::put_ymm(base.add((d + 1) & 511), ch, r_hi, Mask::MAX);
    }
}

/// `int64_all_as` for the sources' shapes.
///
/// # Safety
/// As `int64_put`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn int64_all<O: VOp>(s: &[Src; 3], base: *mut VReg, d: usize) {
    match (s[0].lo_is_reg(), s[1].lo_is_reg(), s[2].lo_is_reg()) {
        (true, true, true) => int64_all_as::<O, true, true, true>(s, base, d),
        (true, true, false) => int64_all_as::<O, true, true, false>(s, base, d),
        (true, false, true) => int64_all_as::<O, true, false, true>(s, base, d),
        (true, false, false) => int64_all_as::<O, true, false, false>(s, base, d),
        (false, true, true) => int64_all_as::<O, false, true, true>(s, base, d),
        (false, true, false) => int64_all_as::<O, false, true, false>(s, base, d),
        (false, false, true) => int64_all_as::<O, false, false, true>(s, base, d),
        (false, false, false) => int64_all_as::<O, false, false, false>(s, base, d),
    }
}

/// `native_f32_put` over the whole wave when every lane is in EXEC: the 8 chunks computed into registers, written
/// (plain stores, no blends) only if no lane's result is NaN; `false` (nothing written) otherwise.
///
/// # Safety
/// As `native_f32_put`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn native_f32_all<O: VOp>(s: &[Src; 3], d: *mut VReg) -> bool {
    match (s[0].lo_is_reg(), s[1].lo_is_reg()) {
        (true, true) => native_f32_all_as::<O, true, true>(s, d),
        (true, false) => native_f32_all_as::<O, true, false>(s, d),
        (false, true) => native_f32_all_as::<O, false, true>(s, d),
        (false, false) => native_f32_all_as::<O, false, false>(s, d),
    }
}

/// `native_f32_all` with the shapes of sources 0 and 1 (register row or broadcast) fixed at compile time (as
/// `int64_all_as`).
///
/// # Safety
/// As `native_f32_put`; `Rk == s[k].lo_is_reg()` for k = 0, 1.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn native_f32_all_as<O: VOp, const R0: bool, const R1: bool>(
    s: &[Src; 3],
    d: *mut VReg,
) -> bool {
    use std::arch::x86_64::*;
    let mut r = [_mm256_setzero_ps(); CHUNKS];
    for (ch, rc) in r.iter_mut().enumerate() {
        let (a, b) = (s[0].ps_as::<R0>(ch), s[1].ps_as::<R1>(ch));
        *rc = match O::NATIVE {
            Native::Add => _mm256_add_ps(a, b),
            Native::Sub => _mm256_sub_ps(a, b),
            Native::Subrev => _mm256_sub_ps(b, a),
            Native::Mul => _mm256_mul_ps(a, b),
            _ => _mm256_fmadd_ps(a, b, s[2].ps(ch)),
        };
    }
    // A lane of `unord(x, y)` is set when x or y is NaN there: one compare checks two chunks.
    let mut nan = _mm256_setzero_ps();
    for p in r.chunks_exact(2) {
        nan = _mm256_or_ps(nan, _mm256_cmp_ps::<_CMP_UNORD_Q>(p[0], p[1]));
    }
    if _mm256_movemask_ps(nan) != 0 {
        return false;
    }
    let row = d as *mut f32;
    for (ch, rc) in r.iter().enumerate() {
        _mm256_storeu_ps(row.add(ch * C), *rc);
    }
    true
}

/// `O::NATIVE` on one chunk in host IEEE arithmetic (the portable form of `native_f32_put`, and f64); `false` when
/// a lane's result is NaN.
#[inline(always)]
fn native_chunk<O: VOp>(lo: &[Ch; 3], hi: &[Ch; 3], r_lo: &mut Ch, r_hi: &mut Ch) -> bool {
    let mut nan = false;
    match O::D {
        K::F32 => {
            for l in 0..C {
                let (a, b, c) = (
                    f32::from_bits(lo[0][l]),
                    f32::from_bits(lo[1][l]),
                    f32::from_bits(lo[2][l]),
                );
                let r = match O::NATIVE {
                    Native::Add => a + b,
                    Native::Sub => a - b,
                    Native::Subrev => b - a,
                    Native::Mul => a * b,
                    _ => a.mul_add(b, c),
                };
                nan |= r.is_nan();
                r_lo[l] = r.to_bits();
            }
        }
        _ => {
            let f = |k: usize, l: usize| f64::from_bits(lo[k][l] as u64 | (hi[k][l] as u64) << 32);
            for l in 0..C {
                let (a, b) = (f(0, l), f(1, l));
                let r = match O::NATIVE {
                    Native::Add => a + b,
                    Native::Sub => a - b,
                    Native::Subrev => b - a,
                    Native::Mul => a * b,
                    _ => a.mul_add(b, f(2, l)),
                };
                nan |= r.is_nan();
                r_lo[l] = r.to_bits() as u32;
                r_hi[l] = (r.to_bits() >> 32) as u32;
            }
        }
    }
    !nan
}

/// The per-lane operation on one chunk (`vop_chunks`).
#[inline(always)]
fn chunk_lanes<O: VOp>(
    kinds: [K; 3],
    lo: &[Ch; 3],
    hi: &[Ch; 3],
    env: &Env,
    ch: usize,
    r_lo: &mut Ch,
    r_hi: &mut Ch,
) {
    for l in 0..C {
        let r = O::lane(lane_vals(kinds, lo, hi, l), env, ch * C + l);
        r_lo[l] = r as u32;
        r_hi[l] = (r >> 32) as u32;
    }
}

/// `chunk_lanes` out of line: the rare NaN chunk of a native float op (inlined, the compiler hoists the per-lane
/// path's scalar loads above the native check).
#[cold]
#[inline(never)]
fn chunk_lanes_cold<O: VOp>(
    kinds: [K; 3],
    lo: &[Ch; 3],
    hi: &[Ch; 3],
    env: &Env,
    ch: usize,
    r_lo: &mut Ch,
    r_hi: &mut Ch,
) {
    chunk_lanes::<O>(kinds, lo, hi, env, ch, r_lo, r_hi)
}

/// The plain-form handler, 8-lane chunk by chunk (`fast`): each chunk's sources read straight from the register
/// file (or a scalar broadcast chunk), computed in registers, written back under the chunk's EXEC bits; chunks
/// with no EXEC lane are skipped. Float ops with a `Native` form run on host IEEE arithmetic when MODE is native,
/// a chunk with a NaN result is redone by the per-lane operation (which handles NaNs and every other MODE). Lane
/// results depend only on the same lane's sources, and a chunk reads all its sources before writing, so a
/// destination over a source reads the old values, as the general path does.
#[inline(always)]
fn vop_chunks<O: VOp, const L: u8>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let exec = w.exec();
    let dst = i.dst;
    let k2 = if O::COND == Cond::VccOrSrc2 {
        K::None
    } else {
        O::S[2]
    };
    let kinds = [O::S[0], O::S[1], k2];
    let native = native_mode::<O>(w.mode);
    let base = w.vreg.as_mut_ptr();
    let src2 = if O::SRC2_IS_DST { dst } else { i.src[2] };
    let s = [
        chunk_src(w, i, c, base, i.src[0], kinds[0]),
        chunk_src(w, i, c, base, i.src[1], kinds[1]),
        chunk_src(w, i, c, base, src2, kinds[2]),
    ];
    if dst.is_none() {
        return Ok(FlowWord::NEXT);
    }
    let d = Wave::vreg_index(dst);
    #[cfg(target_arch = "x86_64")]
    // SAFETY: as `native_f32_put` below.
    if L >= AVX2
        && O::D == K::F32
        && native
        && exec == u64::MAX
        && unsafe { native_f32_all::<O>(&s, base.add(d)) }
    {
        return Ok(FlowWord::NEXT);
    }
    // Made after the whole-wave host path, which does not need it.
    let env = Env {
        m: FpMode::from_mode(w.mode),
        inst: i,
        clamp: false,
        cond: cond_mask(w, i, c, O::COND),
    };
    #[cfg(target_arch = "x86_64")]
    if L >= AVX2 && O::INT64 != Int64::None {
        if exec == u64::MAX {
            // SAFETY: as `native_f32_put` below.
            unsafe { int64_all::<O>(&s, base, d) };
            return Ok(FlowWord::NEXT);
        }
        for ch in 0..CHUNKS {
            let mk = (exec >> (C * ch)) as Mask;
            if mk != 0 {
                // SAFETY: as `native_f32_put` below.
                unsafe { int64_put::<O>(&s, ch, base, d, mk) };
            }
        }
        return Ok(FlowWord::NEXT);
    }
    if exec == u64::MAX {
        // A 32-bit op on every lane: one loop over the wave (`wave32_all`).
        if L >= AVX2 && wave32::<O>(kinds) {
            // SAFETY: as `native_f32_put` below.
            unsafe { wave32_all::<O>(&s, &env, base.add(d)) };
            return Ok(FlowWord::NEXT);
        }
        // Every lane: the chunk body with a constant mask (no chunk test, plain stores).
        for ch in 0..CHUNKS {
            vop_chunk::<O, L>(&s, kinds, &env, native, base, d, ch, Mask::MAX);
        }
        return Ok(FlowWord::NEXT);
    }
    for ch in 0..CHUNKS {
        let mk = (exec >> (C * ch)) as Mask;
        if mk != 0 {
            vop_chunk::<O, L>(&s, kinds, &env, native, base, d, ch, mk);
        }
    }
    Ok(FlowWord::NEXT)
}

/// Does `wave32_all` run `O` (sources `kinds`): a 32-bit result from 32-bit (or no) sources, no host float form
/// (a native op whose whole-wave form found a NaN redoes the wave chunk by chunk, as before)?
#[inline(always)]
fn wave32<O: VOp>(kinds: [K; 3]) -> bool {
    let narrow = |k: K| matches!(k, K::None) || k.width() == 32;
    O::D.width() == 32
        && !matches!(O::D, K::None)
        && narrow(kinds[0])
        && narrow(kinds[1])
        && narrow(kinds[2])
        && matches!(O::NATIVE, Native::None)
        && matches!(O::INT64, Int64::None)
}

/// `O::lane` on all 64 lanes of a 32-bit op (`wave32`) in one loop the compiler vectorises, each source read
/// from its register row or its broadcast value (fixed per instantiation), the results written to row `d` at once:
/// per 8-lane chunk, the chunked path copied each chunk's sources to the stack and read its results back from
/// there (store-to-load forwarding of narrow stores into a 256-bit load fails).
///
/// # Safety
/// As `native_f32_put`; `wave32::<O>(kinds)`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn wave32_all<O: VOp>(s: &[Src; 3], env: &Env, d: *mut VReg) {
    let r1 = !matches!(O::S[1], K::None) && s[1].lo_is_reg();
    let r2 = !matches!(O::S[2], K::None) && s[2].lo_is_reg();
    match (s[0].lo_is_reg(), r1, r2) {
        (true, true, true) => wave32_as::<O, true, true, true>(s, env, d),
        (true, true, false) => wave32_as::<O, true, true, false>(s, env, d),
        (true, false, true) => wave32_as::<O, true, false, true>(s, env, d),
        (true, false, false) => wave32_as::<O, true, false, false>(s, env, d),
        (false, true, true) => wave32_as::<O, false, true, true>(s, env, d),
        (false, true, false) => wave32_as::<O, false, true, false>(s, env, d),
        (false, false, true) => wave32_as::<O, false, false, true>(s, env, d),
        (false, false, false) => wave32_as::<O, false, false, false>(s, env, d),
    }
}

/// `wave32_all` with the sources' shapes fixed (`Rk`: source k is a register row).
///
/// # Safety
/// As `wave32_all`; `Rk == s[k].lo_is_reg()`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn wave32_as<O: VOp, const R0: bool, const R1: bool, const R2: bool>(
    s: &[Src; 3],
    env: &Env,
    d: *mut VReg,
) {
    let (p0, p1, p2) = (s[0].lo_row(), s[1].lo_row(), s[2].lo_row());
    let (v0, v1, v2) = (s[0].lo_value(), s[1].lo_value(), s[2].lo_value());
    let mut r = [0u32; LANES];
    for (l, rl) in r.iter_mut().enumerate() {
        let a = if R0 { *p0.add(l) } else { v0 };
        let b = if R1 { *p1.add(l) } else { v1 };
        let c = if R2 { *p2.add(l) } else { v2 };
        *rl = O::lane([a as u64, b as u64, c as u64], env, l) as u32;
    }
    d.write_unaligned(r);
}

/// Chunk `ch` of `vop_chunks` under EXEC bits `mk` (not 0).
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn vop_chunk<O: VOp, const L: u8>(
    s: &[Src; 3],
    kinds: [K; 3],
    env: &Env,
    native: bool,
    base: *mut VReg,
    d: usize,
    ch: usize,
    mk: Mask,
) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the sources are the register file's rows (through `base`) or broadcasts; ch < CHUNKS; L >= AVX2 only
    // in handlers compiled for AVX2+FMA, run after `fast::level()` found them.
    if L >= AVX2
        && O::D == K::F32
        && native
        && unsafe { native_f32_put::<O>(s, ch, base.add(d), mk) }
    {
        return;
    }
    // SAFETY: the rows are the register file's (through `base`), alive; ch < CHUNKS.
    let (lo, hi) = unsafe { chunk_srcs(kinds, s, ch) };
    let mut r_lo = [0u32; C];
    let mut r_hi = [0u32; C];
    if O::NATIVE == Native::None {
        chunk_lanes::<O>(kinds, &lo, &hi, env, ch, &mut r_lo, &mut r_hi);
    } else if !(native && native_chunk::<O>(&lo, &hi, &mut r_lo, &mut r_hi)) {
        chunk_lanes_cold::<O>(kinds, &lo, &hi, env, ch, &mut r_lo, &mut r_hi);
    }
    // SAFETY: `base` is the register file, nothing else borrows it now; d, d + 1 masked to the file.
    unsafe {
        put::<L>(base.add(d), ch, &r_lo, mk);
        if wide(O::D) {
            put::<L>(base.add((d + 1) & 511), ch, &r_hi, mk);
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma")]
unsafe fn vop_chunks_avx512<O: VOp>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    vop_chunks::<O, AVX512>(w, i, c)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn vop_chunks_avx2<O: VOp>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    vop_chunks::<O, AVX2>(w, i, c)
}

/// Does the host have AVX2 and FMA (std caches the CPUID answer: one load and a bit test)?
#[inline(always)]
pub(crate) fn host_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Handler for every [`VOp`].
pub fn vop<O: VOp>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    if plain::<O>(w, i) {
        #[cfg(target_arch = "x86_64")]
        match fast::level() {
            // SAFETY: the features each variant is compiled for were detected.
            AVX512 => return unsafe { vop_chunks_avx512::<O>(w, i, c) },
            AVX2 => return unsafe { vop_chunks_avx2::<O>(w, i, c) },
            _ => {}
        }
        return vop_chunks_scalar::<O>(w, i, c);
    }
    vop_general::<O>(w, i, c)
}

/// Is `i` plain as far as the instruction says (`plain` without the per-op kinds and MODE): no DPP/SDWA, no
/// source or output modifiers. Decided once at load (`vop_for`).
#[inline]
pub(crate) fn plain_inst(i: &Inst) -> bool {
    i.ext == Ext::None && i.mods == Mods::default()
}

/// Does `O` read or write a 16-bit operand (never plain)?
fn narrow_op(d: K, s: [K; 3]) -> bool {
    let narrow = |k: K| !matches!(k, K::None) && k.width() == 16;
    narrow(d) || narrow(s[0]) || narrow(s[1]) || narrow(s[2])
}

/// The handler of [`VOp`] `O` for an instruction known at load: `plain_i` (`Some(plain_inst)`) and `O` free of 16-bit
/// operands give the chunked handler of the host's level (`fast::level()`, fixed for the process), which tests
/// only MODE.GPR_IDX_EN per instruction; anything else gives [`vop`]. Same results as `vop` by construction: `vop`
/// takes the same chunked handler for such an instruction.
pub(crate) fn vop_for<O: VOp>(plain_i: Option<bool>) -> Handler {
    // None: the op's handler for any instruction (`lookup`), kept apart from the per-instruction choice so
    // the differential test's reference does not go through it.
    let Some(plain_i) = plain_i else {
        return vop::<O>;
    };
    if !plain_i || narrow_op(O::D, O::S) {
        return vop::<O>;
    }
    #[cfg(target_arch = "x86_64")]
    match fast::level() {
        AVX512 => return vop_plain_avx512::<O>,
        AVX2 => return vop_plain_avx2::<O>,
        _ => {}
    }
    vop_plain_scalar::<O>
}

/// `vop` of a plain instruction on an AVX-512 host (chosen by `vop_for`).
#[cfg(target_arch = "x86_64")]
fn vop_plain_avx512<O: VOp>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    if w.mode & GPR_IDX_EN != 0 {
        return vop_general::<O>(w, i, c);
    }
    // SAFETY: `vop_for` picks this handler only when `fast::level()` found AVX-512.
    unsafe { vop_chunks_avx512::<O>(w, i, c) }
}

/// `vop` of a plain instruction on an AVX2 host (chosen by `vop_for`).
#[cfg(target_arch = "x86_64")]
fn vop_plain_avx2<O: VOp>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    if w.mode & GPR_IDX_EN != 0 {
        return vop_general::<O>(w, i, c);
    }
    // SAFETY: `vop_for` picks this handler only when `fast::level()` found AVX2 and FMA.
    unsafe { vop_chunks_avx2::<O>(w, i, c) }
}

/// `vop` of a plain instruction on a host without AVX2 (chosen by `vop_for`).
fn vop_plain_scalar<O: VOp>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    if w.mode & GPR_IDX_EN != 0 {
        return vop_general::<O>(w, i, c);
    }
    vop_chunks_scalar::<O>(w, i, c)
}

/// `vop_for` for [`VOpFlag`] ops.
pub(crate) fn vop_flag_for<O: VOpFlag>(plain_i: Option<bool>) -> Handler {
    // None: the op's handler for any instruction (`lookup`), kept apart from the per-instruction choice so
    // the differential test's reference does not go through it.
    let Some(plain_i) = plain_i else {
        return vop_flag::<O>;
    };
    if !plain_i || narrow_op(O::D, O::S) {
        return vop_flag::<O>;
    }
    #[cfg(target_arch = "x86_64")]
    match fast::level() {
        AVX512 => return vop_flag_plain_avx512_h::<O>,
        AVX2 => return vop_flag_plain_avx2_h::<O>,
        _ => {}
    }
    vop_flag_plain_scalar_h::<O>
}

/// `vop_flag` of a plain instruction on an AVX-512 host (chosen by `vop_flag_for`).
#[cfg(target_arch = "x86_64")]
fn vop_flag_plain_avx512_h<O: VOpFlag>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    if w.mode & GPR_IDX_EN != 0 {
        return vop_flag_general::<O>(w, i, c);
    }
    // SAFETY: `vop_flag_for` picks this handler only when `fast::level()` found AVX-512.
    unsafe { vop_flag_plain_avx512::<O>(w, i, c) }
}

/// `vop_flag` of a plain instruction on an AVX2 host (chosen by `vop_flag_for`).
#[cfg(target_arch = "x86_64")]
fn vop_flag_plain_avx2_h<O: VOpFlag>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    if w.mode & GPR_IDX_EN != 0 {
        return vop_flag_general::<O>(w, i, c);
    }
    // SAFETY: `vop_flag_for` picks this handler only when `fast::level()` found AVX2 and FMA.
    unsafe { vop_flag_plain_avx2::<O>(w, i, c) }
}

/// `vop_flag` of a plain instruction on a host without AVX2 (chosen by `vop_flag_for`).
fn vop_flag_plain_scalar_h<O: VOpFlag>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    if w.mode & GPR_IDX_EN != 0 {
        return vop_flag_general::<O>(w, i, c);
    }
    vop_flag_plain_scalar::<O>(w, i, c)
}

/// `vop_chunks` without vector extensions, out of line: `vop` then has no stack frame of its own and tail-calls
/// the handler body it picks.
#[inline(never)]
fn vop_chunks_scalar<O: VOp>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    vop_chunks::<O, SCALAR>(w, i, c)
}

/// The general form of [`vop`] (lane plan, modifiers, DPP/SDWA, 16-bit placement), out of line: its stack frame
/// (three 64-lane source arrays and a result array) is then not set up for the plain forms, which tail-call their
/// chunked handler.
#[inline(never)]
fn vop_general<O: VOp>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let plan = Plan::new(w, i)?;
    let mut env = Env::new(w, i);
    env.cond = cond_mask(w, i, c, O::COND);
    let mut s = [[0u64; LANES]; 3];
    for k in 0..3 {
        let kind = if k == 2 && O::COND == Cond::VccOrSrc2 {
            K::None
        } else {
            O::S[k]
        };
        // The destination read as source 2 is indexed like the destination (CDNA4 §6.6.2, v_mac_*).
        let op = if k == 2 && O::SRC2_IS_DST {
            plan.dst
        } else {
            plan.src(k, i.src[k])
        };
        lanes::fetch(w, i, &c.apertures, &plan, k, op, kind, &mut s[k]);
    }
    let mut d = [0u64; LANES];
    for l in 0..LANES {
        d[l] = O::lane([s[0][l], s[1][l], s[2][l]], &env, l);
    }
    lanes::store(w, i, &plan, &env, O::D, O::HI16, &mut d);
    Ok(FlowWord::NEXT)
}

/// One source of a plain instruction as a chunk reader (`fast::Src`): a register row of the file at `base`, or a
/// scalar/constant value as `lanes::fetch` reads it, broadcast (its DPP/SDWA/modifier steps are the identity for a
/// plain instruction).
#[inline(always)]
pub(super) fn chunk_src(
    w: &Wave,
    i: &Inst,
    c: &Ctx,
    base: *const VReg,
    op: Operand,
    kind: K,
) -> Src {
    if kind == K::None {
        return Src::zero();
    }
    let wide = kind.width() == 64;
    if op.0 >= 256 {
        Src::reg(base, Wave::vreg_index(op), wide)
    } else {
        Src::scalar(scalar_src(w, i, c, op, kind), wide)
    }
}

#[inline(always)]
fn wide(k: K) -> bool {
    k != K::None && k.width() == 64
}

/// Lane `l`'s source values (raw bits) from a chunk's low and high dwords, as the general path forms them.
#[inline(always)]
fn lane_vals(s: [K; 3], lo: &[Ch; 3], hi: &[Ch; 3], l: usize) -> [u64; 3] {
    std::array::from_fn(|k| {
        if wide(s[k]) {
            lo[k][l] as u64 | (hi[k][l] as u64) << 32
        } else {
            lo[k][l] as u64
        }
    })
}

/// Chunk `ch` of the sources: low dwords, and high dwords of the 64-bit ones (the others are not read: 0).
///
/// # Safety
/// As `Src::get`.
#[inline(always)]
unsafe fn chunk_srcs(kinds: [K; 3], s: &[Src; 3], ch: usize) -> ([Ch; 3], [Ch; 3]) {
    let lo = [s[0].lo(ch), s[1].lo(ch), s[2].lo(ch)];
    let hi = std::array::from_fn(|k| if wide(kinds[k]) { s[k].hi(ch) } else { [0; C] });
    (lo, hi)
}

/// One VALU operation computing a value and a flag bit per lane.
pub trait VOpFlag {
    const S: [K; 3];
    const D: K;
    /// Reads a carry-in bit (VCC, or the VOP3B src2 SGPR pair).
    const CIN: bool;
    /// V_MAD_U64_U32 (`S0.u32 * S1.u32 + S2.u64`, carry out of the 64-bit add): the plain path runs it on AVX2.
    const MAD_U64_U32: bool = false;
    fn lane(s: [u64; 3], cin: bool, e: &Env, lane: usize) -> (u64, bool);
}

/// The plain form of a [`VOpFlag`] (as `plain` for [`VOp`]).
#[inline(always)]
fn plain_flag<O: VOpFlag>(w: &Wave, i: &Inst) -> bool {
    let narrow = |k: K| k != K::None && k.width() == 16;
    if narrow(O::D) || narrow(O::S[0]) || narrow(O::S[1]) || narrow(O::S[2]) {
        return false;
    }
    i.ext == Ext::None && i.mods == Mods::default() && w.mode & GPR_IDX_EN == 0
}

/// V_MAD_U64_U32 on chunk `ch` (plain form: no clamp): even and odd lanes as four 64-bit lanes each (the host's
/// 32x32->64 multiply reads the even dwords), S2's pair combined from its two rows, the carry as unsigned
/// `sum < S2`; the results split back into the low and high rows; the carry bits in lane order.
///
/// # Safety
/// As `Src::get`; the host has AVX2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn mad_u64_u32_chunk(
    s: &[Src; 3],
    ch: usize,
) -> (std::arch::x86_64::__m256i, std::arch::x86_64::__m256i, Mask) {
    use std::arch::x86_64::*;
    let (a, b) = (s[0].ymm_lo(ch), s[1].ymm_lo(ch));
    let (c_lo, c_hi) = (s[2].ymm_lo(ch), s[2].ymm_hi(ch));
    let p_even = _mm256_mul_epu32(a, b);
    let p_odd = _mm256_mul_epu32(_mm256_srli_epi64::<32>(a), _mm256_srli_epi64::<32>(b));
    let c_even = _mm256_blend_epi32::<0xAA>(c_lo, _mm256_slli_epi64::<32>(c_hi));
    let c_odd = _mm256_blend_epi32::<0xAA>(_mm256_srli_epi64::<32>(c_lo), c_hi);
    let (r_even, r_odd) = (
        _mm256_add_epi64(p_even, c_even),
        _mm256_add_epi64(p_odd, c_odd),
    );
    let sign = _mm256_set1_epi64x(i64::MIN);
    let carry = |r: __m256i, c: __m256i| {
        let m = _mm256_cmpgt_epi64(_mm256_xor_si256(c, sign), _mm256_xor_si256(r, sign));
        _mm256_movemask_pd(_mm256_castsi256_pd(m)) as u32
    };
    // Bits 0..3 of a 4-lane mask to bits 0, 2, 4, 6.
    let spread = |x: u32| (x & 1 | (x & 2) << 1 | (x & 4) << 2 | (x & 8) << 3) as Mask;
    let f = spread(carry(r_even, c_even)) | spread(carry(r_odd, c_odd)) << 1;
    let r_lo = _mm256_blend_epi32::<0xAA>(r_even, _mm256_slli_epi64::<32>(r_odd));
    let r_hi = _mm256_blend_epi32::<0xAA>(_mm256_srli_epi64::<32>(r_even), r_odd);
    (r_lo, r_hi, f)
}

/// The plain-form [`VOpFlag`] handler, chunk by chunk as `vop_plain`; the flags of lanes outside EXEC are 0.
#[inline(always)]
fn vop_flag_plain<O: VOpFlag, const L: u8>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let exec = w.exec();
    let vop3 = lanes::is_vop3(i);
    let cin = if !O::CIN {
        0
    } else if vop3 {
        w.read_scalar(i.src[2], i.literal, &c.apertures, ConstKind::B64)
    } else {
        w.vcc()
    };
    let kinds = [O::S[0], O::S[1], if O::CIN { K::None } else { O::S[2] }];
    let base = w.vreg.as_mut_ptr();
    let s = [
        chunk_src(w, i, c, base, i.src[0], kinds[0]),
        chunk_src(w, i, c, base, i.src[1], kinds[1]),
        chunk_src(w, i, c, base, i.src[2], kinds[2]),
    ];
    let env = Env {
        m: FpMode::from_mode(w.mode),
        inst: i,
        clamp: false,
        cond: 0,
    };
    let dst = i.dst;
    let d = Wave::vreg_index(dst);
    let mut flags = 0u64;
    for ch in 0..CHUNKS {
        let mk = (exec >> (C * ch)) as Mask;
        if mk == 0 {
            continue;
        }
        #[cfg(target_arch = "x86_64")]
        if L >= AVX2 && O::MAD_U64_U32 {
            // SAFETY: as below; L >= AVX2 only in handlers compiled for AVX2, run after `fast::level()` found it.
            unsafe {
                let (r_lo, r_hi, f) = mad_u64_u32_chunk(&s, ch);
                flags |= ((f & mk) as u64) << (C * ch);
                if !dst.is_none() {
                    fast::put_ymm(base.add(d), ch, r_lo, mk);
                    fast::put_ymm(base.add((d + 1) & 511), ch, r_hi, mk);
                }
            }
            continue;
        }
        // SAFETY: the rows are the register file's (through `base`), alive; ch < CHUNKS.
        let (lo, hi) = unsafe { chunk_srcs(kinds, &s, ch) };
        let mut r_lo = [0u32; C];
        let mut r_hi = [0u32; C];
        let mut f: Mask = 0;
        for l in 0..C {
            let n = ch * C + l;
            let (v, fl) = O::lane(lane_vals(kinds, &lo, &hi, l), cin >> n & 1 != 0, &env, n);
            r_lo[l] = v as u32;
            r_hi[l] = (v >> 32) as u32;
            f |= (fl as Mask) << l;
        }
        flags |= ((f & mk) as u64) << (C * ch);
        if !dst.is_none() {
            // SAFETY: as in `vop_plain`.
            unsafe {
                put::<L>(base.add(d), ch, &r_lo, mk);
                if wide(O::D) {
                    put::<L>(base.add((d + 1) & 511), ch, &r_hi, mk);
                }
            }
        }
    }
    let sdst = if vop3 && !i.sdst.is_none() {
        i.sdst
    } else {
        Operand::VCC_LO
    };
    w.write_sgpr64(sdst, flags);
    Ok(FlowWord::NEXT)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq,avx2,fma")]
unsafe fn vop_flag_plain_avx512<O: VOpFlag>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    vop_flag_plain::<O, AVX512>(w, i, c)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn vop_flag_plain_avx2<O: VOpFlag>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    vop_flag_plain::<O, AVX2>(w, i, c)
}

/// Handler for every [`VOpFlag`]. Flags of inactive lanes are written as 0.
pub fn vop_flag<O: VOpFlag>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    if plain_flag::<O>(w, i) {
        #[cfg(target_arch = "x86_64")]
        match fast::level() {
            // SAFETY: the features each variant is compiled for were detected.
            AVX512 => return unsafe { vop_flag_plain_avx512::<O>(w, i, c) },
            AVX2 => return unsafe { vop_flag_plain_avx2::<O>(w, i, c) },
            _ => {}
        }
        return vop_flag_plain_scalar::<O>(w, i, c);
    }
    vop_flag_general::<O>(w, i, c)
}

/// `vop_flag_plain` without vector extensions, out of line (as `vop_chunks_scalar`).
#[inline(never)]
fn vop_flag_plain_scalar<O: VOpFlag>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    vop_flag_plain::<O, SCALAR>(w, i, c)
}

/// The general form of [`vop_flag`], out of line (as `vop_general`).
#[inline(never)]
fn vop_flag_general<O: VOpFlag>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let plan = Plan::new(w, i)?;
    let env = Env::new(w, i);
    let vop3 = lanes::is_vop3(i);
    let cin = if !O::CIN {
        0
    } else if vop3 {
        w.read_scalar(i.src[2], i.literal, &c.apertures, ConstKind::B64)
    } else {
        w.vcc()
    };
    let mut s = [[0u64; LANES]; 3];
    for k in 0..3 {
        let kind = if k == 2 && O::CIN { K::None } else { O::S[k] };
        lanes::fetch(
            w,
            i,
            &c.apertures,
            &plan,
            k,
            plan.src(k, i.src[k]),
            kind,
            &mut s[k],
        );
    }
    let mut d = [0u64; LANES];
    let mut flags = 0u64;
    for l in 0..LANES {
        let (v, f) = O::lane([s[0][l], s[1][l], s[2][l]], cin >> l & 1 != 0, &env, l);
        d[l] = v;
        flags |= (f as u64) << l;
    }
    // Flag lanes follow the lanes written (EXEC, DPP masks); the others read 0.
    let flags = flags & plan.write;
    lanes::store(w, i, &plan, &env, O::D, Hi16::Zero, &mut d);
    let sdst = if vop3 && !i.sdst.is_none() {
        i.sdst
    } else {
        Operand::VCC_LO
    };
    w.write_sgpr64(sdst, flags);
    Ok(FlowWord::NEXT)
}
