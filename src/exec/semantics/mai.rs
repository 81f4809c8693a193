//! VOP3P-MAI: dense MFMA, sparse SMFMAC, the 128-bit block-scaled F8F6F4 form, and V_ACCVGPR_READ/WRITE_B32
//! (V_ACCVGPR_MOV_B32 is a VOP1 op: valu.rs)
//! (CDNA4 guide chapter 7; mfma.md; pseudocode.md gives only `D = A * B + C` per op).
//!
//! Semantics (§7.1.4): for every block b, D[b,i,j] = C[b,i,j] + Σ_k A[b,i,k]·B[b,k,j], with the operands
//! placed in lanes/registers by [`layout`]. Controls:
//! - CBSZ/ABID (§7.1.6.1; MI200 guide "CBSZ: the number of blocks that can do a broadcast within a group,
//!   ABID: block ID"): the blocks are taken in groups of 2^CBSZ and every block of a group reads its A from
//!   block ABID of the group. This is AMD's Matrix Instruction Calculator's rule; the CDNA4 text's lane
//!   formula (l % S) + S·ABID with S = 64 >> CBSZ agrees with it when 2^CBSZ equals the block count (the
//!   guide's 32x32x1_2B and CBSZ = 2 examples) but not for smaller CBSZ on 4- and 16-block shapes.
//! - BLGP (§7.1.6.3, Table 29): B of lane l is read from a permuted lane (broadcast 32/16-lane groups or
//!   rotate by 16).
//! - F64 ops (§7.1.6.4): CBSZ/ABID ignored; BLGP[0]/[1]/[2] negate A/B/C.
//! - *_F8F6F4 (§7.1.5, §7.1.6.2/5): CBSZ = A type, BLGP = B type (0 FP8, 1 BF8, 2 FP6, 3 BF6, 4 FP4), no
//!   broadcast. The 128-bit scaled form (`inst.mai.scale_src`) multiplies A[i,k] by the E8M0 scale byte of
//!   lane i + M·(k/32) and B[k,j] by that of lane j + N·(k/32) (§7.2.1 scale layouts), bytes picked by
//!   {OP_SEL_HI, OP_SEL} of the load-scale half. ABID[0] = 0 forces the scales to 1.0: the decoder then does
//!   not fold the pair (the lone V_MFMA_LD_SCALE_B32 is a no-op).
//! - SMFMAC (§7.5): A holds the two non-zero values of every 4 consecutive k; the 2-bit indices come from
//!   the SRC2 VGPR (always an architectural VGPR): item t of the lane uses index bits [2t+1:2t] of the
//!   selected index set. 16-bit A: sets of 8 bits (2 A registers, CBSZ = 0: ABID[1:0] picks one of four) or
//!   16 bits (4 A registers: ABID[0] picks one of two); 8-bit A: 16-bit sets (ABID[0]) or one 32-bit set.
//!   CBSZ != 0 selects set 0. C is read from VDST. Index pairs must be increasing; wavescope adds every
//!   compressed value into its position, so repeated indices sum.
//! - EXEC is ignored (all lanes written); round mode RNE; MODE denormal flushing applies to f32 A/B inputs
//!   of V_MFMA_F32_*_F32 only (§7.4); C and D keep denormals.
//! - MFMA encodings have no clamp bit (bit 15 is ACC_CD): "clamp uses the FP16_OVFL bit from MODE"
//!   (§7.1.2 rules), so with MODE.FP16_OVFL an f32 result that overflows becomes ±MAX and an i32 result
//!   saturates; otherwise f32 overflows to ±inf and i32 wraps.
//!
//! Numerics (see `fidelity`): f32-accumulating ops compute every product exactly (all inputs and scales
//! are exact in f64 and so are their products) and round C + Σ products ONCE to f32 (round to nearest
//! even), summing with an error-free transformation. Hardware accumulates in its own internal order and
//! precision, so its results can differ in the last bits when partial sums are inexact; when every product
//! and partial sum is representable (e.g. small integers) the results are exact. i32 ops are exact. f64 ops
//! run a chain of fused multiply-adds over k in ascending order starting from C.

use super::super::float::{self as fp, two_sum, Fmt, FpMode};
use crate::exec::fidelity::Fidelity;
use crate::exec::FlowWord;
use crate::exec::{ConstKind, Ctx, Fault, FaultKind, Handler, Wave, LANES};
use crate::isa::{Inst, Op, Operand};

pub mod fast;
pub mod layout;

use layout::{input_pos, output_pos, shape, Acc, Ty};

use super::vop3p::lowfloat::{e8m0, Low};

pub fn lookup(op: Op) -> Option<Handler> {
    use Op::*;
    Some(match op {
        V_ACCVGPR_READ_B32 => |w, i, _| {
            // Source is always an AccVGPR (encodings.md "AccVGPR"), destination a VGPR.
            let v = w.vreg[Wave::vreg_index(agpr(i.src[0]))];
            let exec = w.exec();
            w.write_vreg(i.dst, &v, exec);
            Ok(FlowWord::NEXT)
        },
        V_ACCVGPR_WRITE_B32 => |w, i, c| {
            let v = w.read_vsrc(i.src[0], i.literal, &c.apertures, ConstKind::B32);
            let exec = w.exec();
            w.write_vreg(agpr(i.dst), &v, exec);
            Ok(FlowWord::NEXT)
        },
        // A load-scale prefix not fused with a following F8F6F4 MFMA: the scale "is used just for one
        // instruction and does not carry forward" (§7.2.1), so on its own it has no architectural effect.
        V_MFMA_LD_SCALE_B32 => |_, _, _| Ok(FlowWord::NEXT),
        _ if shape(op).is_some() => mfma,
        _ => return None,
    })
}

/// Ops of this family that are not bit-exact, with their error bound (`None`: exact or not ours).
pub fn fidelity(op: Op) -> Option<(Fidelity, &'static str)> {
    let s = shape(op)?;
    match s.acc {
        Acc::I32 => None,
        Acc::F32 => Some((
            Fidelity::Approximate,
            "exact products, C + sum rounded once to f32 (RNE); hardware accumulates in its own order and \
             internal precision, so results may differ from hardware in the last bits when partial sums \
             round differently (exact when all products and partial sums are representable)",
        )),
        Acc::F64 => Some((
            Fidelity::Approximate,
            "chain of f64 fused multiply-adds over k in ascending order starting from C (RNE, denormals \
             kept); the hardware's per-pass order is not documented, so the last bit may differ when \
             intermediate results are inexact",
        )),
    }
}

/// The AccVGPR with the same number as a VGPR/AGPR operand.
#[inline(always)]
fn agpr(op: Operand) -> Operand {
    if op.is_vgpr() || op.is_agpr() {
        Operand::agpr(op.index())
    } else {
        op
    }
}

/// Largest A/B/C/D element count of any shape (16x16x128, 32x32x64, 32x32x1_2B...).
const MAX_ELEMS: usize = 2048;
/// Largest D register count (32x32x1_2B / 32x32x4_2B: 32).
const MAX_DREGS: usize = 32;

/// `bits` bits of item `item` of lane `lane` in the registers starting at unified index `base`
/// (little-endian items, crossing register boundaries for 6-bit items; §7.1.4).
#[inline(always)]
fn item(w: &Wave, base: usize, lane: usize, item: usize, bits: u32) -> u64 {
    let pos = item * bits as usize;
    let r = pos / 32;
    let off = pos % 32;
    let lo = w.vreg[(base + r) & 511][lane] as u64;
    let v = if off as u32 + bits > 32 {
        lo | (w.vreg[(base + r + 1) & 511][lane] as u64) << 32
    } else {
        lo
    };
    let v = v >> off;
    if bits == 64 {
        v
    } else {
        v & ((1u64 << bits) - 1)
    }
}

/// Exact value of an element of type `t` (a resolved type, not F8F6F4).
#[inline(always)]
fn decode(t: Ty, x: u64, m: &FpMode) -> f64 {
    match t {
        Ty::F32 => Fmt::F32.to_f64(m.flush_in(Fmt::F32, x)),
        Ty::F16 => Fmt::F16.to_f64(x),
        Ty::BF16 => Fmt::BF16.to_f64(x),
        Ty::I8 => x as u8 as i8 as f64,
        Ty::F64 => f64::from_bits(x),
        Ty::Low(l) => l.decode(x as u32),
        Ty::F8F6F4 => f64::NAN,
    }
}

/// BLGP lane permutation for B (Table 29).
#[inline(always)]
fn blgp_lane(blgp: u8, l: usize) -> usize {
    match blgp {
        1 => l % 32,
        2 => l % 32 + 32,
        3 => (l + 16) % 64,
        4 => l % 16,
        5 => l % 16 + 16,
        6 => l % 16 + 32,
        7 => l % 16 + 48,
        _ => l,
    }
}

fn bad(msg: &'static str) -> Box<Fault> {
    Fault::new(FaultKind::IllegalInstruction, msg)
}

/// Every V_MFMA_* / V_SMFMAC_*: the dense f32-accumulating ones through [`fast`], the rest (and every op when a
/// differential test asks for it) through the exact path.
fn mfma(w: &mut Wave, inst: &Inst, ctx: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    if !fast::exact_only() {
        if let Some(s) = shape(inst.op) {
            if let Some(r) = fast::mfma_f32(w, inst, ctx, &s) {
                return r;
            }
        }
    }
    mfma_exact(w, inst, ctx)
}

/// The exact path (the reference; see the module doc).
fn mfma_exact(w: &mut Wave, inst: &Inst, ctx: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let Some(s) = shape(inst.op) else {
        return Err(bad("not an MFMA op"));
    };
    let mai = inst.mai;
    let mode = FpMode::from_mode(w.mode);
    let ovfl = w.mode >> 23 & 1 != 0;
    let (ta, tb, broadcast) = match (s.a, s.b) {
        (Ty::F8F6F4, _) => (
            Ty::Low(
                Low::from_code(mai.cbsz)
                    .ok_or_else(|| bad("F8F6F4 MFMA: CBSZ is not a type code 0..4"))?,
            ),
            Ty::Low(
                Low::from_code(mai.blgp)
                    .ok_or_else(|| bad("F8F6F4 MFMA: BLGP is not a type code 0..4"))?,
            ),
            false,
        ),
        (Ty::F64, _) => (Ty::F64, Ty::F64, false),
        (a, b) => (a, b, !s.sparse),
    };
    let (m, n, k, nb) = (s.m, s.n, s.k, s.blocks);
    let (bits_a, bits_b) = (ta.bits(), tb.bits());

    // Block scales (§7.2.1).
    // The decoder folds V_MFMA_LD_SCALE_B32 into the MFMA only when the MFMA's ABID[0] is set (and clears
    // that bit); with ABID[0] = 0 the two stay separate, so the scales are 1.0 as §7.1.5 requires.
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
    let neg = |bit: u8| s.acc == Acc::F64 && mai.blgp >> bit & 1 != 0;

    // A, dense, index (b·M + i)·K + k.
    let mut va = [0f64; MAX_ELEMS];
    let a_base = Wave::vreg_index(inst.src[0]);
    let a_items = s.a_items();
    if s.sparse {
        let idx_reg = Wave::vreg_index(Operand::vgpr(inst.src[2].index()));
        let comp = a_items / 2;
        let set_bits = 2 * comp;
        let nsets = 32 / set_bits;
        let set = if mai.cbsz == 0 && nsets > 1 {
            mai.abid as usize & (nsets - 1)
        } else {
            0
        };
        for l in 0..LANES {
            let idx = w.vreg[idx_reg][l] >> (set * set_bits);
            for t in 0..comp {
                let x = decode(ta, item(w, a_base, l, t, bits_a), &mode);
                let jd = 4 * (t / 2) + (idx >> (2 * t) & 3) as usize;
                let (b, i, kk) = input_pos(m, nb, k, a_items, bits_a, l, jd);
                va[(b * m + i) * k + kk] += x;
            }
        }
    } else {
        let g = 1usize << mai.cbsz.min(6);
        for l in 0..LANES {
            // lane = i + M·(block + B·kgroup); read block ABID of this block's group of 2^CBSZ.
            let src = if broadcast && mai.cbsz != 0 {
                let (blk, kg) = ((l / m) % nb, l / (m * nb));
                ((kg * nb + (blk / g) * g + mai.abid as usize) * m + l % m) % LANES
            } else {
                l
            };
            for j in 0..a_items {
                let mut x = decode(ta, item(w, a_base, src, j, bits_a), &mode);
                let (b, i, kk) = input_pos(m, nb, k, a_items, bits_a, l, j);
                if scaled {
                    x *= scale[0][i + m * (kk / 32)];
                }
                if neg(0) {
                    x = -x;
                }
                va[(b * m + i) * k + kk] = x;
            }
        }
    }

    // B, dense, index (b·K + k)·N + j.
    let mut vb = [0f64; MAX_ELEMS];
    let b_base = Wave::vreg_index(inst.src[1]);
    let b_items = s.b_items();
    for l in 0..LANES {
        let src = if broadcast { blgp_lane(mai.blgp, l) } else { l };
        for t in 0..b_items {
            let mut x = decode(tb, item(w, b_base, src, t, bits_b), &mode);
            let (b, j, kk) = input_pos(n, nb, k, b_items, bits_b, l, t);
            if scaled {
                x *= scale[1][j + n * (kk / 32)];
            }
            if neg(1) {
                x = -x;
            }
            vb[(b * k + kk) * n + j] = x;
        }
    }

    // C (raw bits per element), from VDST for SMFMAC, else SRC2 (registers or a constant).
    let d_items = s.d_items();
    let wide = s.acc == Acc::F64;
    let c_op = if s.sparse { inst.dst } else { inst.src[2] };
    let c_const = if c_op.is_scalar() {
        let kind = if wide { ConstKind::F64 } else { ConstKind::B32 };
        Some(w.read_scalar(c_op, inst.literal, &ctx.apertures, kind))
    } else {
        None
    };
    let c_base = Wave::vreg_index(c_op);
    let d_base = Wave::vreg_index(inst.dst);
    let mut out = [[0u32; LANES]; MAX_DREGS];
    for b in 0..nb {
        for i in 0..m {
            for j in 0..n {
                let (it, lane) = output_pos(&s, b, i, j);
                let c = match c_const {
                    Some(c) => c,
                    None if wide => item(w, c_base, lane, it, 64),
                    None => w.vreg[(c_base + it) & 511][lane] as u64,
                };
                let arow = &va[(b * m + i) * k..(b * m + i + 1) * k];
                let bcol = |kk: usize| vb[(b * k + kk) * n + j];
                match s.acc {
                    Acc::F32 => {
                        out[it][lane] = dot_f32(f32::from_bits(c as u32) as f64, arow, bcol, ovfl);
                    }
                    Acc::I32 => {
                        let mut acc = c as u32 as i32 as i64;
                        for (kk, a) in arow.iter().enumerate() {
                            acc += *a as i64 * bcol(kk) as i64;
                        }
                        out[it][lane] = if ovfl {
                            acc.clamp(i32::MIN as i64, i32::MAX as i64) as i32 as u32
                        } else {
                            acc as u32
                        };
                    }
                    Acc::F64 => {
                        let mut d = f64::from_bits(c);
                        if neg(2) {
                            d = -d;
                        }
                        for (kk, a) in arow.iter().enumerate() {
                            d = a.mul_add(bcol(kk), d);
                        }
                        let bits = if d.is_nan() {
                            Fmt::F64.default_nan()
                        } else {
                            d.to_bits()
                        };
                        out[2 * it][lane] = bits as u32;
                        out[2 * it + 1][lane] = (bits >> 32) as u32;
                    }
                }
            }
        }
    }
    let nregs = if wide { 2 * d_items } else { d_items };
    for (r, o) in out.iter().enumerate().take(nregs) {
        w.vreg[(d_base + r) & 511] = *o;
    }
    Ok(FlowWord::NEXT)
}

/// C + Σ a[k]·b(k) rounded once to f32 (RNE). Products are exact in f64; the sum is kept as an unevaluated
/// hi + lo pair (TwoSum). Non-finite terms follow IEEE (inf + -inf = NaN); NaN gives the default NaN.
/// With FP16_OVFL a finite sum beyond the f32 range gives ±MAX_FLOAT.
#[inline(always)]
fn dot_f32(c: f64, a: &[f64], b: impl Fn(usize) -> f64, ovfl: bool) -> u32 {
    let (mut hi, mut lo) = (c, 0.0f64);
    let mut finite = c.is_finite();
    let mut plain = c;
    for (kk, x) in a.iter().enumerate() {
        if *x == 0.0 && finite {
            // 0·finite adds nothing (and 0·inf is caught by the plain sum below).
            let y = b(kk);
            if y.is_finite() {
                continue;
            }
        }
        let p = x * b(kk);
        plain += p;
        if !p.is_finite() {
            finite = false;
        }
        if finite {
            let (s, e) = two_sum(hi, p);
            hi = s;
            lo += e;
        }
    }
    if !finite {
        if plain.is_nan() {
            return Fmt::F32.default_nan() as u32;
        }
        return (plain as f32).to_bits();
    }
    let (h, l) = two_sum(hi, lo);
    let r = fp::round_exact(Fmt::F32, h, l, fp::Round::NearestEven) as u32;
    if ovfl && Fmt::F32.is_inf(r as u64) {
        return Fmt::F32.max_finite(r >> 31 != 0) as u32;
    }
    r
}
