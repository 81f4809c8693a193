//! The two generic VALU handler shapes. Every per-lane operation is a zero-sized type implementing one
//! trait; the handler (monomorphised per operation, so the lane loop inlines the operation) reads the
//! sources for all 64 lanes, computes all lanes, and stores through `lanes::store`.
//! - [`VOp`]: up to three sources, one result (most VOP1/VOP2/VOP3A ops);
//! - [`VOpFlag`]: a result plus a per-lane flag bit with an optional carry-in bit (V_ADD_CO/ADDC/SUB*_CO,
//!   V_DIV_SCALE, V_MAD_U64_U32): the flag goes to VCC (VOP2) or the VOP3B `sdst`, the carry-in comes from
//!   VCC (VOP2) or the SGPR pair in src2 (VOP3B).

use super::fast::{self, put, Bcast, Ch, Mask, Src, AVX2, AVX512, C, CHUNKS, SCALAR};
use super::lanes::{self, Env, Hi16, Plan, K};
use crate::exec::float::FpMode;
use crate::exec::wave::{ConstKind, VReg, Wave, LANES};
use crate::exec::FlowWord;
use crate::exec::{Ctx, Fault};
use crate::isa::{Ext, Inst, Mods, Operand};
use std::mem::MaybeUninit;

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

/// Lanes read as 0 by unused sources.
static ZERO_LANES: [u32; LANES] = [0; LANES];

/// One source of a plain instruction as the low and high dwords of all 64 lanes: register rows straight from the
/// register file, or a scalar/constant broadcast into `lo_buf`/`hi_buf` (as `lanes::fetch` reads them, without
/// its DPP/SDWA/modifier steps, which are the identity for a plain instruction).
#[inline(always)]
fn plain_src<'a>(
    w: &'a Wave,
    i: &Inst,
    c: &Ctx,
    op: Operand,
    kind: K,
    lo_buf: &'a mut MaybeUninit<[u32; LANES]>,
    hi_buf: &'a mut MaybeUninit<[u32; LANES]>,
) -> (&'a [u32; LANES], &'a [u32; LANES]) {
    if kind == K::None {
        return (&ZERO_LANES, &ZERO_LANES);
    }
    if op.0 >= 256 {
        let n = Wave::vreg_index(op);
        let hi = if kind.width() == 64 {
            &w.vreg[(n + 1) & 511]
        } else {
            &ZERO_LANES
        };
        return (&w.vreg[n], hi);
    }
    let v = scalar_src(w, i, c, op, kind);
    let lo = &*lo_buf.write([v as u32; LANES]);
    let hi = if kind.width() == 64 {
        &*hi_buf.write([(v >> 32) as u32; LANES])
    } else {
        &ZERO_LANES
    };
    (lo, hi)
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

/// Write the EXEC lanes of a 32-bit result.
#[inline(always)]
fn store32(w: &mut Wave, dst: Operand, d: &[u32; LANES], mask: u64) {
    let r = &mut w.vreg[Wave::vreg_index(dst)];
    if mask == u64::MAX {
        *r = *d;
    } else {
        for l in 0..LANES {
            if mask >> l & 1 != 0 {
                r[l] = d[l];
            }
        }
    }
}

/// The plain-form handler: sources straight from the register file, the lane operation over all lanes into a
/// local row, then a masked store. Float ops with a `Native` form run on host IEEE arithmetic when MODE is the
/// default, falling back to the per-lane operation (which handles NaNs and every other MODE) when any lane's
/// result is NaN.
#[inline(always)]
fn vop_plain<O: VOp, const S0: bool>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    // S0: source 0 is a scalar/constant (VOP2's usual SGPR or inline constant): the lane loop takes its value
    // from a register, not from a broadcast row (float ops with a native form still broadcast it).
    let s0_value = S0 && O::NATIVE == Native::None;
    let mask = w.exec();
    let dst = i.dst;
    let k2 = if O::COND == Cond::VccOrSrc2 {
        K::None
    } else {
        O::S[2]
    };
    let wide = |k: K| k != K::None && k.width() == 64;
    let mut env = Env::new(w, i);
    env.cond = cond_mask(w, i, c, O::COND);
    let mut bufs: [MaybeUninit<[u32; LANES]>; 6] = [const { MaybeUninit::uninit() }; 6];
    let [b0, b1, b2, b3, b4, b5] = &mut bufs;
    // The register rows borrowed for the sources end with this block; the result rows are stored after it.
    let (d_lo, d_hi) = {
        let s0v = if s0_value {
            scalar_src(w, i, c, i.src[0], O::S[0])
        } else {
            0
        };
        let (a0, a1) = if s0_value {
            (&ZERO_LANES, &ZERO_LANES)
        } else {
            plain_src(w, i, c, i.src[0], O::S[0], b0, b1)
        };
        let (c0, c1) = plain_src(w, i, c, i.src[1], O::S[1], b2, b3);
        let src2 = if O::SRC2_IS_DST { dst } else { i.src[2] };
        let (e0, e1) = plain_src(w, i, c, src2, k2, b4, b5);
        let (lo, hi) = ([a0, c0, e0], [a1, c1, e1]);
        let mut d_lo = [0u32; LANES];
        let mut d_hi = [0u32; LANES];
        if !(O::NATIVE != Native::None && native_lanes::<O>(w, &lo, &hi, &mut d_lo, &mut d_hi)) {
            for l in 0..LANES {
                let v = |k: usize| {
                    if k == 0 && s0_value {
                        s0v
                    } else if wide(O::S[k]) {
                        lo[k][l] as u64 | (hi[k][l] as u64) << 32
                    } else {
                        lo[k][l] as u64
                    }
                };
                let r = O::lane([v(0), v(1), v(2)], &env, l);
                d_lo[l] = r as u32;
                d_hi[l] = (r >> 32) as u32;
            }
        }
        (d_lo, d_hi)
    };
    if dst.is_none() {
        return Ok(FlowWord::NEXT);
    }
    store32(w, dst, &d_lo, mask);
    if wide(O::D) {
        let n = Wave::vreg_index(dst);
        store32(w, Operand(256 + ((n + 1) & 511) as u16), &d_hi, mask);
    }
    Ok(FlowWord::NEXT)
}

/// `O::NATIVE` on host floats over all lanes, when MODE allows it and no lane's result is NaN (NaN payloads and
/// signs follow AMD's rules, not the host's: the per-lane path handles them). `false`: nothing was computed.
#[inline(always)]
fn native_lanes<O: VOp>(
    w: &Wave,
    lo: &[&[u32; LANES]; 3],
    hi: &[&[u32; LANES]; 3],
    d_lo: &mut [u32; LANES],
    d_hi: &mut [u32; LANES],
) -> bool {
    let m = crate::exec::float::FpMode::from_mode(w.mode);
    match O::D {
        K::F32 if m.native_f32() => {
            let f = |k: usize, l: usize| f32::from_bits(lo[k][l]);
            let mut nan = false;
            match O::NATIVE {
                Native::Fma => fma_f32(lo[0], lo[1], lo[2], d_lo),
                _ => {
                    for l in 0..LANES {
                        let (a, b) = (f(0, l), f(1, l));
                        let r = match O::NATIVE {
                            Native::Add => a + b,
                            Native::Sub => a - b,
                            Native::Subrev => b - a,
                            _ => a * b,
                        };
                        d_lo[l] = r.to_bits();
                    }
                }
            }
            for &x in d_lo.iter() {
                nan |= f32::from_bits(x).is_nan();
            }
            !nan
        }
        K::F64 if m.native_f64() => {
            let f = |k: usize, l: usize| f64::from_bits(lo[k][l] as u64 | (hi[k][l] as u64) << 32);
            let mut r = [0f64; LANES];
            match O::NATIVE {
                Native::Fma => {
                    let a: [f64; LANES] = std::array::from_fn(|l| f(0, l));
                    let b: [f64; LANES] = std::array::from_fn(|l| f(1, l));
                    let c: [f64; LANES] = std::array::from_fn(|l| f(2, l));
                    r = fma_f64(&a, &b, &c);
                }
                _ => {
                    for (l, x) in r.iter_mut().enumerate() {
                        let (a, b) = (f(0, l), f(1, l));
                        *x = match O::NATIVE {
                            Native::Add => a + b,
                            Native::Sub => a - b,
                            Native::Subrev => b - a,
                            _ => a * b,
                        };
                    }
                }
            }
            let mut nan = false;
            for (l, x) in r.iter().enumerate() {
                nan |= x.is_nan();
                d_lo[l] = x.to_bits() as u32;
                d_hi[l] = (x.to_bits() >> 32) as u32;
            }
            !nan
        }
        _ => false,
    }
}

/// Fused multiply-add over 64 lanes: the host FMA instructions when the CPU has them (checked once, cached by
/// std), else the correctly rounded software `mul_add`. Both are exact IEEE fma.
#[inline(always)]
fn fma_f32(a: &[u32; LANES], b: &[u32; LANES], c: &[u32; LANES], d: &mut [u32; LANES]) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("fma") && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the features the function is compiled for were just detected.
        return unsafe { fma_f32_avx2(a, b, c, d) };
    }
    for l in 0..LANES {
        d[l] = f32::from_bits(a[l])
            .mul_add(f32::from_bits(b[l]), f32::from_bits(c[l]))
            .to_bits();
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn fma_f32_avx2(a: &[u32; LANES], b: &[u32; LANES], c: &[u32; LANES], d: &mut [u32; LANES]) {
    for l in 0..LANES {
        d[l] = f32::from_bits(a[l])
            .mul_add(f32::from_bits(b[l]), f32::from_bits(c[l]))
            .to_bits();
    }
}

#[inline(always)]
fn fma_f64(a: &[f64; LANES], b: &[f64; LANES], c: &[f64; LANES]) -> [f64; LANES] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("fma") && std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: as `fma_f32`.
        return unsafe { fma_f64_avx2(a, b, c) };
    }
    std::array::from_fn(|l| a[l].mul_add(b[l], c[l]))
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn fma_f64_avx2(a: &[f64; LANES], b: &[f64; LANES], c: &[f64; LANES]) -> [f64; LANES] {
    std::array::from_fn(|l| a[l].mul_add(b[l], c[l]))
}

/// `vop_plain` compiled for AVX2+FMA: 64-bit lane shifts, u64 compares and fma vectorise only there.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn vop_plain_avx2<O: VOp, const S0: bool>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    vop_plain::<O, S0>(w, i, c)
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
        let s0 = O::S[0] != K::None && i.src[0].0 < 256;
        #[cfg(target_arch = "x86_64")]
        if host_avx2() {
            // SAFETY: the features `vop_plain_avx2` is compiled for were detected.
            return unsafe {
                if s0 {
                    vop_plain_avx2::<O, true>(w, i, c)
                } else {
                    vop_plain_avx2::<O, false>(w, i, c)
                }
            };
        }
        return if s0 {
            vop_plain::<O, true>(w, i, c)
        } else {
            vop_plain::<O, false>(w, i, c)
        };
    }
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

/// One source of a plain instruction as a chunk reader (`fast::Src`): a register row of the file at `base`, or a scalar/constant
/// value as `lanes::fetch` reads it broadcast into `buf` (its DPP/SDWA/modifier steps are the identity for a plain
/// instruction).
#[inline(always)]
pub(super) fn chunk_src(
    w: &Wave,
    i: &Inst,
    c: &Ctx,
    base: *const VReg,
    op: Operand,
    kind: K,
    buf: &mut Bcast,
) -> Src {
    if kind == K::None {
        return Src::zero();
    }
    let wide = kind.width() == 64;
    if op.0 >= 256 {
        Src::reg(base, Wave::vreg_index(op), wide)
    } else {
        Src::scalar(buf, scalar_src(w, i, c, op, kind), wide)
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
    let mut bufs: [Bcast; 3] = [const { Bcast::uninit() }; 3];
    let [b0, b1, b2] = &mut bufs;
    let s = [
        chunk_src(w, i, c, base, i.src[0], kinds[0], b0),
        chunk_src(w, i, c, base, i.src[1], kinds[1], b1),
        chunk_src(w, i, c, base, i.src[2], kinds[2], b2),
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
        // SAFETY: the rows are the register file's (through `base`) or `bufs`, both alive; ch < CHUNKS.
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
        return vop_flag_plain::<O, SCALAR>(w, i, c);
    }
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
