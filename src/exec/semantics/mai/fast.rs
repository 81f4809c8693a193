//! Fast path of the dense f32-accumulating MFMAs (f32, f16, bf16, FP8/BF8, F8F6F4 incl. block scales).
//!
//! Same numbers as the exact path (`super::mfma_exact`, kept as the reference; tests/fast_paths.rs compares the
//! two on every MFMA opcode): D = RNE_f32(C + Σ_k A·B) computed once. What is faster:
//! - operands are placed with per-lane arithmetic hoisted out of the item loop (no division per element), FP8/BF8
//!   decode through a 256-entry table, bf16/f16 through host conversions (all exact);
//! - the sum runs for a whole output row at once, vectorised over the N columns (D columns are consecutive
//!   lanes of one register, §7.1.4.2), with AVX-512/AVX2 when the host has them (runtime detection);
//! - when every partial sum of an instruction is provably exact in f64 (all terms are multiples of one power
//!   of two and their total stays below 2^53 of it), the running sum needs one fused multiply-add per product
//!   instead of an error-free TwoSum: the same exact value, hence the same once-rounded result;
//! - the final rounding is round-to-odd to f64 then RNE to f32 (exact for a 53-bit intermediate, p >= 24 + 2).
//!
//! Rows with an infinite or NaN term take the exact path's per-element sum.

use super::layout::{chunk, output_pos, Acc, Shape, Ty};
use super::{blgp_lane, dot_f32, item, MAX_ELEMS};
use crate::exec::float::{two_sum, Fmt, FpMode};
use crate::exec::semantics::vop3p::lowfloat::{e8m0, Low};
use crate::exec::FlowWord;
use crate::exec::{ConstKind, Ctx, Fault, Wave, LANES};
use crate::isa::{Inst, Op};
use std::cell::{Cell, RefCell};
use std::sync::OnceLock;

thread_local! {
    static EXACT_ONLY: Cell<bool> = const { Cell::new(false) };
}

/// Run every MFMA of this thread through the exact (reference) path: for differential tests.
pub fn set_exact_only(on: bool) {
    EXACT_ONLY.with(|e| e.set(on));
}

#[inline(always)]
pub(super) fn exact_only() -> bool {
    EXACT_ONLY.with(|e| e.get())
}

/// FP8 (E4M3) and BF8 (E5M2) values of every byte (exact).
fn low8_table(t: Low) -> &'static [f64; 256] {
    static FP8: OnceLock<[f64; 256]> = OnceLock::new();
    static BF8: OnceLock<[f64; 256]> = OnceLock::new();
    let cell = if t == Low::FP8 { &FP8 } else { &BF8 };
    cell.get_or_init(|| std::array::from_fn(|x| t.decode(x as u32)))
}

/// Exponent/mantissa summary of a set of f64 values, for the exactness test of the running sum.
#[derive(Clone, Copy)]
struct Span {
    /// Smallest biased exponent of a non-zero value (0x7FF when none).
    min_be: u64,
    /// Largest biased exponent of a non-zero value (0 when none).
    max_be: u64,
    /// OR of the 53-bit significands (implicit bit included) of the non-zero values.
    or_m: u64,
}

/// The span of f64 values, in a form that vectorises: with a = |bits| << 1, a zero has a = 0, so the smallest
/// non-zero magnitude is the minimum of a - 1 (wrapping: zeros go to the top) plus one; the trailing zeros of
/// the OR of the explicit mantissas, capped at 52 by the implicit bit, are those of the OR of the significands.
#[inline(always)]
fn span(v: &[f64]) -> Span {
    let (mut min_a, mut max_a, mut or_m) = (u64::MAX, 0u64, 0u64);
    for x in v {
        let b = x.to_bits();
        let a = b << 1;
        min_a = min_a.min(a.wrapping_sub(1));
        max_a = max_a.max(a);
        or_m |= b & ((1u64 << 52) - 1);
    }
    if max_a == 0 {
        return Span::EMPTY;
    }
    Span {
        min_be: min_a.wrapping_add(1) >> 53,
        max_be: max_a >> 53,
        or_m: or_m | 1 << 52,
    }
}

/// The span of f32 encodings (C), as the f64 span of their values: an f32 of biased exponent e (1 for
/// denormals) and significand s is s·2^(e - 150), i.e. f64 exponent e + 896 and significand s·2^29.
#[inline(always)]
fn span_f32(v: &[u32]) -> Span {
    let (mut min_a, mut max_a, mut or_m) = (u32::MAX, 0u32, 0u32);
    for &x in v {
        let a = x << 1;
        min_a = min_a.min(a.wrapping_sub(1));
        max_a = max_a.max(a);
        or_m |= x & 0x7F_FFFF;
    }
    if max_a == 0 {
        return Span::EMPTY;
    }
    let (lo, hi) = (min_a.wrapping_add(1) >> 24, max_a >> 24);
    Span {
        min_be: lo.max(1) as u64 + 896,
        max_be: if hi == 0xFF {
            0x7FF
        } else {
            hi.max(1) as u64 + 896
        },
        or_m: ((or_m | 0x80_0000) as u64) << 29,
    }
}

/// The span of the values of sign-magnitude encodings (f16, bf16, FP8, BF8), read from the encodings in
/// narrow integer lanes (16 or 32 per AVX2 op instead of 4 f64 with an emulated u64 min/max). `min_a`/`max_a`
/// are the smallest non-zero and the largest magnitude code shifted left by one (as `span`), `or_x` the OR of
/// the encodings, `mant`/`bias` the format's, `dec` the value of a magnitude code. Every value is
/// s·2^(e - bias - mant) with e the exponent field (1 for subnormals) and s = the mantissa field plus the
/// implicit bit (none for subnormals), so the f64 biased exponent of 2^(e - bias) and s·2^(52 - mant) give
/// the same `lsb` as the f64 values' span (OR-ing the implicit bit into subnormals' significands only lowers
/// the bound); `top` comes from the f64 value of the largest magnitude (0x7FF when it is inf or NaN).
fn span_codes(
    min_a: u32,
    max_a: u32,
    or_x: u32,
    mant: u32,
    bias: u32,
    dec: impl Fn(u32) -> f64,
) -> Span {
    if max_a == 0 {
        return Span::EMPTY;
    }
    let top = dec(max_a >> 1);
    Span {
        min_be: ((min_a >> (mant + 1)).max(1) + 1023 - bias) as u64,
        max_be: if top.is_finite() {
            top.to_bits() >> 52 & 0x7FF
        } else {
            0x7FF
        },
        or_m: (((or_x & ((1 << mant) - 1)) | 1 << mant) as u64) << (52 - mant),
    }
}

/// `span` of a slice of encodings in their own lane width (`$t`), so the min/max loop vectorises at 16 or 8 bits
/// per element: `a = x << 1` drops the sign, `a - 1` wraps a zero code to the top so it never becomes the minimum.
macro_rules! span_of_codes {
    ($(#[$doc:meta])* $name:ident, $t:ty) => {
        $(#[$doc])*
        #[inline(always)]
        fn $name(v: &[$t], mant: u32, bias: u32, dec: impl Fn(u32) -> f64) -> Span {
            let (mut min_a, mut max_a, mut or_x) = (<$t>::MAX, 0 as $t, 0 as $t);
            for &x in v {
                let a = x << 1;
                min_a = min_a.min(a.wrapping_sub(1));
                max_a = max_a.max(a);
                or_x |= x;
            }
            span_codes(
                min_a.wrapping_add(1) as u32,
                max_a as u32,
                or_x as u32,
                mant,
                bias,
                dec,
            )
        }
    };
}

span_of_codes!(
    /// `span` of 16-bit encodings (f16: mant 10, bias 15; bf16: mant 7, bias 127).
    span_u16,
    u16
);
span_of_codes!(
    /// `span` of 8-bit encodings (FP8 E4M3, BF8 E5M2).
    span_u8,
    u8
);

/// The span of an operand's values from its `regs` registers of f16/bf16/FP8/BF8 encodings (every element of
/// every lane is an element of the operand: valid without lane broadcast and block scales); `None` for other
/// types and register ranges that wrap.
fn span_regs(w: &Wave, base: usize, regs: usize, t: Ty) -> Option<Span> {
    if base + regs > 512 {
        return None;
    }
    let words = w.vreg[base..base + regs].as_flattened();
    // SAFETY: u16 and u8 have no invalid bit patterns and an alignment that divides u32's; the middle part of
    // `align_to` is then the whole slice (asserted), read in the host's byte order, and the span of a set of
    // encodings does not depend on their order.
    let (h, halves, t2) = unsafe { words.align_to::<u16>() };
    let (hb, bytes, tb) = unsafe { words.align_to::<u8>() };
    debug_assert!(h.is_empty() && t2.is_empty() && hb.is_empty() && tb.is_empty());
    match t {
        Ty::F16 => Some(span_u16(halves, 10, 15, f16_to_f64)),
        Ty::BF16 => Some(span_u16(halves, 7, 127, |x| f32::from_bits(x << 16) as f64)),
        Ty::Low(l) if l == Low::FP8 || l == Low::BF8 => {
            let tab = low8_table(l);
            Some(span_u8(bytes, l.mant, l.bias as u32, |x| {
                tab[x as usize & 255]
            }))
        }
        _ => None,
    }
}

impl Span {
    const EMPTY: Span = Span {
        min_be: 0x7FF,
        max_be: 0,
        or_m: 0,
    };
    fn merge(self, o: Span) -> Span {
        Span {
            min_be: self.min_be.min(o.min_be),
            max_be: self.max_be.max(o.max_be),
            or_m: self.or_m | o.or_m,
        }
    }
    fn any(&self) -> bool {
        self.or_m != 0
    }
    /// Every value is a multiple of 2^lsb (f64 subnormals give a very low bound: the test then fails).
    fn lsb(&self) -> i64 {
        self.min_be as i64 - 1075 + self.or_m.trailing_zeros() as i64
    }
    /// Every |value| < 2^top.
    fn top(&self) -> i64 {
        self.max_be as i64 - 1022
    }
    fn finite(&self) -> bool {
        self.max_be != 0x7FF
    }
}

/// Is every partial sum of C and k products A·B exact in f64? All terms are multiples of 2^L and each
/// |term| < 2^T, so any partial sum is a multiple of 2^L below (k + 1)·2^T; it is exact when that is at most
/// 2^(L + 53).
fn sums_exact(a: Span, b: Span, c: Span, k: usize) -> bool {
    let mut lsb = i64::MAX;
    let mut top = i64::MIN;
    if a.any() && b.any() {
        lsb = a.lsb() + b.lsb();
        top = a.top() + b.top();
    }
    if c.any() {
        lsb = lsb.min(c.lsb());
        top = top.max(c.top());
    }
    if lsb == i64::MAX {
        return true; // no non-zero term
    }
    let grow = (usize::BITS - k.leading_zeros()) as i64; // k + 1 <= 2^grow
    top + grow <= lsb + 53
}

/// Largest item count of a dense operand per lane (16x16x128 FP8: 32).
const MAX_ITEMS: usize = 64;
/// Largest lane-group count (64 / M for M = 4).
const MAX_GROUPS: usize = 16;
/// Largest row count B·M of D (4x4x4_16B: 64).
const MAX_ROWS: usize = 64;

/// Where one operand's items go in its dense matrix, per opcode (the §7.1.4 input layout with the divisions
/// done once): lane l = t + MN·g (t = row i of A / column j of B, g = lane group) holds item `it` at
/// `item_off[it] + group_off[g] + t`.
#[derive(Clone, Copy)]
struct OperandPlan {
    /// M (A) or N (B): lanes per group, consecutive in the destination.
    mn: usize,
    groups: usize,
    items: usize,
    item_off: [u16; MAX_ITEMS],
    group_off: [u16; MAX_GROUPS],
}

/// The fast path's geometry of one opcode.
#[derive(Clone, Copy)]
struct Plan {
    op: Op,
    rows: usize,
    /// (D register item, first lane) of row r = b·M + i: its N columns are consecutive lanes (§7.1.4.2).
    pos: [(u16, u16); MAX_ROWS],
    a: OperandPlan,
    b: OperandPlan,
}

impl Plan {
    fn new(op: Op, s: &Shape) -> Plan {
        let (m, n, k, nb) = (s.m, s.n, s.k, s.blocks);
        let rows = nb * m;
        let mut pos = [(0u16, 0u16); MAX_ROWS];
        for b in 0..nb {
            for i in 0..m {
                let (it, lane0) = output_pos(s, b, i, 0);
                pos[b * m + i] = (it as u16, lane0 as u16);
            }
        }
        // A is stored k-major (index k·rows + b·M + i: the R rows of a step are adjacent), B row-major
        // (index (b·K + k)·N + j: one B row is the N columns of a step).
        let operand = |mn: usize, items: usize, bits: u32, is_a: bool| {
            let ch = chunk(items, bits);
            let nc = items / ch;
            let kstep = k / nc;
            let mut p = OperandPlan {
                mn,
                groups: LANES / mn,
                items,
                item_off: [0; MAX_ITEMS],
                group_off: [0; MAX_GROUPS],
            };
            for it in 0..items {
                let kk = (it / ch) * kstep + it % ch;
                p.item_off[it] = (if is_a { kk * rows } else { kk * n }) as u16;
            }
            for g in 0..p.groups {
                let (b, kg) = (g % nb, g / nb);
                p.group_off[g] = (if is_a {
                    kg * ch * rows + b * m
                } else {
                    (b * k + kg * ch) * n
                }) as u16;
            }
            p
        };
        let bits = |t: Ty| t.bits(); // F8F6F4 plans are for 8-bit types (FP6/FP4 take the general fill)
        Plan {
            op,
            rows,
            pos,
            a: operand(m, s.a_items(), bits(s.a), true),
            b: operand(n, s.b_items(), bits(s.b), false),
        }
    }
}

/// Decoded operands and recent plans, reused by every MFMA of the thread (no 48 KB of zeroing per instruction:
/// the dense layouts are bijections, so every element an instruction reads it has written).
struct Scratch {
    /// A, k-major: index k·rows + b·M + i.
    va: [f64; MAX_ELEMS],
    /// B: index (b·K + k)·N + j.
    vb: [f64; MAX_ELEMS],
    /// C in D order: row r = b·M + i holds its N columns.
    vc: [f64; MAX_ELEMS],
    plans: [Option<Plan>; 4],
    next_plan: usize,
}

impl Scratch {
    /// The plan of `op` (computed on first use; a kernel uses one or two MFMA opcodes).
    fn plan(&mut self, op: Op, s: &Shape) -> usize {
        if let Some(i) = self
            .plans
            .iter()
            .position(|p| p.is_some_and(|p| p.op == op))
        {
            return i;
        }
        let i = self.next_plan;
        self.next_plan = (i + 1) % self.plans.len();
        self.plans[i] = Some(Plan::new(op, s));
        i
    }
}

thread_local! {
    static SCRATCH: RefCell<Box<Scratch>> = RefCell::new(Box::new(Scratch {
        va: [0.0; MAX_ELEMS],
        vb: [0.0; MAX_ELEMS],
        vc: [0.0; MAX_ELEMS],
        plans: [None; 4],
        next_plan: 0,
    }));
}

/// Dense f32-accumulating MFMA; `None` for the ops this path does not take (the caller runs the exact path).
pub(super) fn mfma_f32(
    w: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    s: &Shape,
) -> Option<Result<FlowWord, Box<Fault>>> {
    if s.acc != Acc::F32
        || s.sparse
        || !matches!(s.n, 4 | 16 | 32)
        || s.m % ROWS_PER_STEP != 0
        || Wave::vreg_index(inst.dst) + s.d_items() > 512
    {
        return None;
    }
    let mai = inst.mai;
    let (ta, tb, broadcast) = match (s.a, s.b) {
        (Ty::F8F6F4, _) => (
            Ty::Low(Low::from_code(mai.cbsz)?),
            Ty::Low(Low::from_code(mai.blgp)?),
            false,
        ),
        (Ty::F32 | Ty::F16 | Ty::BF16 | Ty::Low(_), _) => (s.a, s.b, true),
        _ => return None,
    };
    let scaled = !mai.scale_src[0].is_none() && s.a == Ty::F8F6F4;
    let mut scale = [[1.0f64; LANES]; 2];
    if scaled {
        for (x, sc) in scale.iter_mut().enumerate() {
            let v = w.read_vsrc(mai.scale_src[x], 0, &ctx.apertures, ConstKind::B32);
            let sh = 8 * (mai.scale_sel[x] as u32 & 3);
            for l in 0..LANES {
                sc[l] = e8m0((v[l] >> sh) as u8);
            }
        }
    }
    let c_op = inst.src[2];
    let c_const = if c_op.is_scalar() {
        Some(w.read_scalar(c_op, inst.literal, &ctx.apertures, ConstKind::B32) as u32)
    } else {
        None
    };
    let op = Operands {
        ta,
        tb,
        broadcast,
        scale: if scaled { Some(&scale) } else { None },
        c_const,
    };
    SCRATCH.with(|sc| {
        let mut sc = sc.borrow_mut();
        dispatch(w, inst, s, &op, &mut sc);
    });
    Some(Ok(FlowWord::NEXT))
}

struct Operands<'a> {
    ta: Ty,
    tb: Ty,
    broadcast: bool,
    scale: Option<&'a [[f64; LANES]; 2]>,
    c_const: Option<u32>,
}

fn dispatch(w: &mut Wave, inst: &Inst, s: &Shape, op: &Operands, sc: &mut Scratch) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("fma")
        {
            // SAFETY: the features the function is compiled for were just detected.
            return unsafe { body_avx512(w, inst, s, op, sc) };
        }
        if crate::exec::semantics::valu::host_avx2() {
            // SAFETY: as above.
            return unsafe { body_avx2(w, inst, s, op, sc) };
        }
    }
    body(w, inst, s, op, sc)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vl,avx2,fma")]
unsafe fn body_avx512(w: &mut Wave, inst: &Inst, s: &Shape, op: &Operands, sc: &mut Scratch) {
    body(w, inst, s, op, sc)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn body_avx2(w: &mut Wave, inst: &Inst, s: &Shape, op: &Operands, sc: &mut Scratch) {
    body(w, inst, s, op, sc)
}

/// Rows of D the exact-sum kernels take together (every fast-path M is a multiple of it).
const ROWS_PER_STEP: usize = 4;

#[inline(always)]
fn body(w: &mut Wave, inst: &Inst, s: &Shape, op: &Operands, sc: &mut Scratch) {
    let mai = inst.mai;
    let mode = FpMode::from_mode(w.mode);
    let ovfl = w.mode >> 23 & 1 != 0;
    let (m, n, k, nb) = (s.m, s.n, s.k, s.blocks);
    let pi = sc.plan(inst.op, s);
    let Scratch {
        va, vb, vc, plans, ..
    } = sc;
    let plan = plans[pi].as_ref().expect("plan");
    let rows = plan.rows;
    let g = 1usize << mai.cbsz.min(6);
    let broadcast = op.broadcast;
    // Source lane of every lane: CBSZ/ABID broadcast for A, BLGP for B (identity when the controls are 0).
    let a_perm = broadcast && mai.cbsz != 0;
    let b_perm = broadcast && mai.blgp != 0;
    let a_src = |l: usize| {
        if a_perm {
            let (blk, kg) = ((l / m) % nb, l / (m * nb));
            ((kg * nb + (blk / g) * g + mai.abid as usize) * m + l % m) % LANES
        } else {
            l
        }
    };
    let b_src = |l: usize| if b_perm { blgp_lane(mai.blgp, l) } else { l };
    fill_typed(
        w,
        Wave::vreg_index(inst.src[0]),
        op.ta,
        &mode,
        (m, nb, k, s.a_items()),
        &plan.a,
        a_perm.then(|| std::array::from_fn(a_src)),
        a_src,
        |b, i, kk| kk * rows + b * m + i,
        op.scale.map(|x| &x[0]),
        va,
    );
    fill_typed(
        w,
        Wave::vreg_index(inst.src[1]),
        op.tb,
        &mode,
        (n, nb, k, s.b_items()),
        &plan.b,
        b_perm.then(|| std::array::from_fn(b_src)),
        b_src,
        |b, j, kk| (b * k + kk) * n + j,
        op.scale.map(|x| &x[1]),
        vb,
    );
    // C, as f64 values in D order: row (b, i) holds its N columns (consecutive lanes of one register).
    let c_base = Wave::vreg_index(inst.src[2]);
    let scc = match op.c_const {
        Some(c) => {
            vc[..rows * n].fill(f32::from_bits(c) as f64);
            span_f32(&[c])
        }
        None => {
            let mut sp = Span::EMPTY;
            for r in 0..rows {
                let (it, lane0) = (plan.pos[r].0 as usize, plan.pos[r].1 as usize);
                let src = &w.vreg[(c_base + it) & 511][lane0..lane0 + n];
                for (d, x) in vc[r * n..(r + 1) * n].iter_mut().zip(src) {
                    *d = f32::from_bits(*x) as f64;
                }
                sp = sp.merge(span_f32(src));
            }
            sp
        }
    };
    // The operands' spans from their encodings when every element of their registers is one of their values
    // (no lane broadcast, no block scale); else from the decoded values.
    let raw = |src: usize, t: Ty, items: usize, perm: bool| {
        if perm || op.scale.is_some() {
            return None;
        }
        span_regs(
            w,
            Wave::vreg_index(inst.src[src]),
            items * t.bits() as usize / 32,
            t,
        )
    };
    let sa = raw(0, op.ta, s.a_items(), a_perm).unwrap_or_else(|| span(&va[..rows * k]));
    let sb = raw(1, op.tb, s.b_items(), b_perm).unwrap_or_else(|| span(&vb[..nb * k * n]));
    let job = Job {
        m,
        k,
        nb,
        rows,
        va,
        vb,
        vc,
        pos: &plan.pos[..rows],
        ovfl,
        sb,
    };
    // Every operand is in the scratch now: D may overlap A, B or C.
    let d_base = Wave::vreg_index(inst.dst);
    let d = &mut w.vreg[d_base..d_base + s.d_items()];
    if sa.finite() && sb.finite() && scc.finite() && sums_exact(sa, sb, scc, k) {
        // Every partial sum of every element is exact: one fma per product in any order (the common case).
        match n {
            4 => exact_rows::<4, ROWS_PER_STEP, 4>(&job, d),
            16 => exact_rows::<16, 2, 16>(&job, d),
            _ => exact_rows::<32, 2, 16>(&job, d),
        }
    } else {
        match n {
            4 => rows_n::<4>(&job, d),
            16 => rows_n::<16>(&job, d),
            _ => rows_n::<32>(&job, d),
        }
    }
}

/// f16 bits to f64, exactly (as `half::f16::to_f64`), in a form that vectorises: normals by exponent rebias,
/// subnormals m·2^-24 through an integer conversion (no denormal arithmetic), inf/NaN with the payload kept.
#[inline(always)]
pub fn f16_to_f64(h: u32) -> f64 {
    let e = h & 0x7C00;
    let m = h & 0x3FF;
    let mag = (h & 0x7FFF) << 13;
    let bits = if e == 0 {
        (m as f32 * (1.0 / 16_777_216.0)).to_bits()
    } else if e == 0x7C00 {
        mag | 0x7F80_0000
    } else {
        mag + (112 << 23)
    };
    f32::from_bits(bits | (h & 0x8000) << 16) as f64
}

/// `fill` with the element decode chosen once per operand: whole registers at a time for 8/16/32-bit
/// elements without block scales, item by item otherwise.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn fill_typed(
    w: &Wave,
    base: usize,
    t: Ty,
    mode: &FpMode,
    (mn, blocks, k, items): (usize, usize, usize, usize),
    plan: &OperandPlan,
    perm: Option<[usize; LANES]>,
    src_lane: impl Fn(usize) -> usize,
    index: impl Fn(usize, usize, usize) -> usize,
    scale: Option<&[f64; LANES]>,
    dst: &mut [f64; MAX_ELEMS],
) {
    let bits = t.bits();
    if scale.is_none() && matches!(bits, 8 | 16 | 32) {
        let perm = perm.as_ref();
        match t {
            Ty::F32 if mode.denorm_f32 & 1 == 0 => fill_regs(w, base, 32, plan, perm, dst, |x| {
                f32::from_bits(Fmt::F32.flush(x as u64) as u32) as f64
            }),
            Ty::F32 => fill_regs(w, base, 32, plan, perm, dst, |x| f32::from_bits(x) as f64),
            Ty::F16 => fill_regs(w, base, 16, plan, perm, dst, f16_to_f64),
            Ty::BF16 => fill_regs(w, base, 16, plan, perm, dst, |x| {
                f32::from_bits(x << 16) as f64
            }),
            Ty::Low(l) => {
                let tab = low8_table(l);
                fill_regs(w, base, 8, plan, perm, dst, |x| tab[x as usize & 255])
            }
            _ => {}
        }
        return;
    }
    let geo = (mn, blocks, k, items, bits);
    match t {
        Ty::F32 if mode.denorm_f32 & 1 == 0 => {
            fill(w, base, geo, src_lane, index, scale, dst, |x| {
                f32::from_bits(Fmt::F32.flush(x) as u32) as f64
            })
        }
        Ty::F32 => fill(w, base, geo, src_lane, index, scale, dst, |x| {
            f32::from_bits(x as u32) as f64
        }),
        Ty::F16 => fill(w, base, geo, src_lane, index, scale, dst, |x| {
            f16_to_f64(x as u32)
        }),
        Ty::BF16 => fill(w, base, geo, src_lane, index, scale, dst, |x| {
            f32::from_bits((x as u32) << 16) as f64
        }),
        Ty::Low(l) if bits == 8 => {
            let tab = low8_table(l);
            fill(w, base, geo, src_lane, index, scale, dst, |x| {
                tab[x as usize & 255]
            })
        }
        Ty::Low(l) => fill(w, base, geo, src_lane, index, scale, dst, |x| {
            l.decode(x as u32)
        }),
        _ => {}
    }
}

/// Decode one operand of 8/16/32-bit elements a register at a time: sub-item s of every lane of register
/// `reg` is item reg·(32/bits) + s, and each lane group's MN lanes land on consecutive destinations.
#[inline(always)]
fn fill_regs(
    w: &Wave,
    base: usize,
    bits: u32,
    p: &OperandPlan,
    perm: Option<&[usize; LANES]>,
    dst: &mut [f64; MAX_ELEMS],
    dec: impl Fn(u32) -> f64,
) {
    let per = (32 / bits) as usize;
    let mask = if bits == 32 {
        u32::MAX
    } else {
        (1u32 << bits) - 1
    };
    let mn = p.mn;
    for reg in 0..p.items / per {
        let raw = &w.vreg[(base + reg) & 511];
        let v: [u32; LANES] = match perm {
            Some(src) => std::array::from_fn(|l| raw[src[l]]),
            None => *raw,
        };
        for s in 0..per {
            let it = reg * per + s;
            let sh = s as u32 * bits;
            let io = p.item_off[it] as usize;
            for g in 0..p.groups {
                let d0 = io + p.group_off[g] as usize;
                let out = &mut dst[d0..d0 + mn];
                for (o, x) in out.iter_mut().zip(&v[g * mn..(g + 1) * mn]) {
                    *o = dec((x >> sh) & mask);
                }
            }
        }
    }
}

/// Decode one operand into its dense matrix item by item (block scales, FP6/BF6/FP4): lane l holds row/column
/// `l % mn` of block `(l / mn) % blocks`, k-group `l / (mn·blocks)`; its items come in chunks (see `layout`).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn fill(
    w: &Wave,
    base: usize,
    (mn, blocks, k, items, bits): (usize, usize, usize, usize, u32),
    src_lane: impl Fn(usize) -> usize,
    index: impl Fn(usize, usize, usize) -> usize,
    scale: Option<&[f64; LANES]>,
    dst: &mut [f64; MAX_ELEMS],
    dec: impl Fn(u64) -> f64,
) {
    let ch = chunk(items, bits);
    let nc = items / ch;
    let kstep = k / nc;
    for l in 0..LANES {
        let src = src_lane(l);
        let i = l % mn;
        let q = l / mn;
        let (b, kg) = (q % blocks, q / blocks);
        let mut it = 0;
        for c in 0..nc {
            let k0 = c * kstep + kg * ch;
            let at = index(b, i, k0);
            let step = index(b, i, k0 + 1) - at;
            for t2 in 0..ch {
                let kk = k0 + t2;
                let mut x = dec(item(w, base, src, it, bits));
                if let Some(sc) = scale {
                    x *= sc[i + mn * (kk / 32)];
                }
                dst[at + t2 * step] = x;
                it += 1;
            }
        }
    }
}

struct Job<'a> {
    m: usize,
    k: usize,
    nb: usize,
    rows: usize,
    va: &'a [f64; MAX_ELEMS],
    vb: &'a [f64; MAX_ELEMS],
    vc: &'a [f64; MAX_ELEMS],
    pos: &'a [(u16, u16)],
    ovfl: bool,
    /// All of B.
    sb: Span,
}

/// D = RNE_f32(C + Σ A·B) when every partial sum is exact in f64 (checked by the caller for the whole
/// instruction): a block of R rows by W columns at a time, one fma per product, the R·W sums held in registers
/// over the whole K loop (R·W/4 + W/4 + 1 ymm registers with AVX2: 2 x 16 takes 13 of the 16, so nothing
/// spills; a whole 4 x 32 row block took 32 and lived on the stack). Zero products need no special case: a sum
/// that is never -0 stays unchanged by ±0, and the final `+ 0.0` (the exact path's TwoSum with a zero low
/// part) turns a -0 sum (C = -0) into +0 whatever was added.
#[inline(always)]
fn exact_rows<const N: usize, const R: usize, const W: usize>(job: &Job, d: &mut [[u32; LANES]]) {
    let (m, k, rows) = (job.m, job.k, job.rows);
    for b in 0..job.nb {
        let bm = &job.vb[b * k * N..(b + 1) * k * N];
        for r0 in (b * m..(b + 1) * m).step_by(R) {
            for c0 in (0..N).step_by(W) {
                let mut acc = [[0.0f64; W]; R];
                for (rr, a) in acc.iter_mut().enumerate() {
                    let at = (r0 + rr) * N + c0;
                    *a = job.vc[at..at + W].try_into().unwrap();
                }
                for kk in 0..k {
                    let brow: &[f64; W] = bm[kk * N + c0..kk * N + c0 + W].try_into().unwrap();
                    let x: &[f64; R] = job.va[kk * rows + r0..kk * rows + r0 + R]
                        .try_into()
                        .unwrap();
                    for rr in 0..R {
                        for j in 0..W {
                            acc[rr][j] = x[rr].mul_add(brow[j], acc[rr][j]);
                        }
                    }
                }
                for (rr, a) in acc.iter().enumerate() {
                    let (it, lane0) = job.pos[r0 + rr];
                    let l0 = lane0 as usize + c0;
                    let dst: &mut [u32; W] = (&mut d[it as usize][l0..l0 + W]).try_into().unwrap();
                    for j in 0..W {
                        let mut r = ((a[j] + 0.0) as f32).to_bits();
                        if job.ovfl && r & 0x7FFF_FFFF == 0x7F80_0000 {
                            r = (r & 0x8000_0000) | 0x7F7F_FFFF;
                        }
                        dst[j] = r;
                    }
                }
            }
        }
    }
}

/// Row by row, with the exactness test per row (and the exact path's own sum for rows with a non-finite term).
#[inline(always)]
fn rows_n<const N: usize>(job: &Job, d: &mut [[u32; LANES]]) {
    let (m, k, rows) = (job.m, job.k, job.rows);
    let mut arow = [0.0f64; 128];
    for b in 0..job.nb {
        let bm = &job.vb[b * k * N..(b + 1) * k * N];
        for i in 0..m {
            let r = b * m + i;
            let (it, lane0) = (job.pos[r].0 as usize, job.pos[r].1 as usize);
            for (kk, a) in arow[..k].iter_mut().enumerate() {
                *a = job.va[kk * rows + r];
            }
            let arow = &arow[..k];
            let c: &[f64; N] = job.vc[r * N..(r + 1) * N].try_into().unwrap();
            let dst: &mut [u32; N] = (&mut d[it][lane0..lane0 + N]).try_into().unwrap();
            let (sa, sc) = (span(arow), span(c));
            if !(sa.finite() && job.sb.finite() && sc.finite()) {
                // An infinity or NaN in the row's terms (or anywhere in B): the exact path's own sum.
                for j in 0..N {
                    dst[j] = dot_f32(c[j], arow, |kk| bm[kk * N + j], job.ovfl);
                }
            } else if sums_exact(sa, job.sb, sc, k) {
                let mut hi = *c;
                for (kk, &x) in arow.iter().enumerate() {
                    let brow: &[f64; N] = bm[kk * N..(kk + 1) * N].try_into().unwrap();
                    for j in 0..N {
                        // x·b is exact, so this is RN(hi + x·b), the exact path's TwoSum high part.
                        hi[j] = x.mul_add(brow[j], hi[j]);
                    }
                }
                finish::<N>(&hi, &[0.0; N], dst, job.ovfl);
            } else {
                let mut hi = *c;
                let mut lo = [0.0f64; N];
                for (kk, &x) in arow.iter().enumerate() {
                    if x == 0.0 {
                        continue;
                    }
                    let brow: &[f64; N] = bm[kk * N..(kk + 1) * N].try_into().unwrap();
                    for j in 0..N {
                        let p = x * brow[j];
                        let s = hi[j] + p;
                        let bb = s - hi[j];
                        let e = (hi[j] - (s - bb)) + (p - bb);
                        hi[j] = s;
                        lo[j] += e;
                    }
                }
                finish::<N>(&hi, &lo, dst, job.ovfl);
            }
        }
    }
}

/// RNE_f32(hi + lo): TwoSum to a normalised pair, round to odd at 53 bits, then RNE to f32 (no double
/// rounding error: 53 >= 24 + 2). FP16_OVFL turns an overflow into ±MAX_FLOAT (as the exact path).
#[inline(always)]
fn finish<const N: usize>(hi: &[f64; N], lo: &[f64; N], dst: &mut [u32; N], ovfl: bool) {
    for j in 0..N {
        let (h, l) = two_sum(hi[j], lo[j]);
        let hb = h.to_bits();
        let inexact = l != 0.0 && hb & 1 == 0;
        let away = (l > 0.0) == (h > 0.0);
        let odd = if inexact {
            if away {
                hb + 1
            } else {
                hb - 1
            }
        } else {
            hb
        };
        let mut r = (f64::from_bits(odd) as f32).to_bits();
        if ovfl && r & 0x7FFF_FFFF == 0x7F80_0000 {
            r = (r & 0x8000_0000) | 0x7F7F_FFFF;
        }
        dst[j] = r;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::WaveId;

    /// The exponent of the lowest set bit of a finite non-zero f64 (from its bits, as IEEE 754 defines them).
    fn lsb_of(x: f64) -> i64 {
        let b = x.to_bits();
        let (e, m) = ((b >> 52 & 0x7FF) as i64, b & ((1 << 52) - 1));
        let s = if e == 0 { m } else { m | 1 << 52 };
        e.max(1) - 1075 + s.trailing_zeros() as i64
    }

    /// The span read from the encodings must bound every value it stands for: each value a multiple of
    /// 2^lsb and below 2^top, non-finite exactly when a value is inf or NaN (else the one-fma sum could claim
    /// an exactness that does not hold). Values decoded by the formats' own definitions (half's f16, bf16 as
    /// the top of an f32, the FP8/BF8 tables of `Low::decode`).
    #[test]
    fn encoding_span_bounds_every_value() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let types = [Ty::F16, Ty::BF16, Ty::Low(Low::FP8), Ty::Low(Low::BF8)];
        let mut w = Wave::new(WaveId::default());
        for trial in 0..4000 {
            let t = types[trial % 4];
            let regs = 1 + (next() % 4) as usize;
            // Few distinct exponents per trial (sparse, narrow, subnormal-only, all-zero and special sets).
            let keep = next() as u32;
            let or = next() as u32 & [0, 0x0101_0101, 0x8080_8080, 0x7F7F_7F7F][trial / 4 % 4];
            for r in 0..regs {
                for l in 0..LANES {
                    let x = next() as u32;
                    w.vreg[r][l] = match next() % 4 {
                        0 => 0,
                        1 => x & keep,
                        2 => (x & keep & 0x0303_0303) | or,
                        _ => x & 0x8381_8381,
                    };
                }
            }
            let sp = span_regs(&w, 0, regs, t).expect("span");
            let vals: Vec<f64> = w.vreg[..regs]
                .iter()
                .flatten()
                .flat_map(|&x| match t {
                    Ty::F16 => [x, x >> 16]
                        .map(|h| half::f16::from_bits(h as u16).to_f64())
                        .to_vec(),
                    Ty::BF16 => [x << 16, x & 0xFFFF_0000]
                        .map(|b| f32::from_bits(b) as f64)
                        .to_vec(),
                    Ty::Low(l) => (0..4).map(|i| l.decode(x >> (8 * i) & 255)).collect(),
                    _ => unreachable!(),
                })
                .collect();
            let finite = vals.iter().all(|v| v.is_finite());
            assert_eq!(sp.finite(), finite, "{t:?} trial {trial}: finiteness");
            let nz: Vec<f64> = vals.iter().copied().filter(|v| *v != 0.0).collect();
            assert_eq!(sp.any(), !nz.is_empty(), "{t:?} trial {trial}: any");
            if !finite {
                continue;
            }
            // As tight as the decoded values' span at the top (the bound that decides most instructions).
            assert_eq!(sp.top(), span(&vals).top(), "{t:?} trial {trial}: top");
            for v in nz {
                assert!(
                    sp.lsb() <= lsb_of(v),
                    "{t:?} trial {trial}: {v:e} below 2^{}",
                    sp.lsb()
                );
                assert!(
                    v.abs() < 2f64.powi(sp.top() as i32),
                    "{t:?} trial {trial}: {v:e} >= 2^{}",
                    sp.top()
                );
            }
        }
    }
}
