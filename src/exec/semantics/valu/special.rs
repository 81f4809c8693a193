//! VALU operations that do not fit the per-lane families: cross-lane reads/writes with a scalar side
//! (V_READLANE/READFIRSTLANE/WRITELANE), register swaps across lanes (V_SWAP, V_PERMLANE16/32_SWAP),
//! a 128-bit result (V_MQSAD_U32_U8), V_TRIG_PREOP_F64, and the no-ops.

use super::lanes::{self, Plan, K};
use crate::exec::float::{self, Fmt, Round};
use crate::exec::wave::{ConstKind, Wave, LANES, VREGS};
use crate::exec::FlowWord;
use crate::exec::{Ctx, Fault};
use crate::isa::{Inst, Operand};

/// V_NOP, V_CLREXCP (no exception state is modelled).
pub fn nop(_: &mut Wave, _: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    Ok(FlowWord::NEXT)
}

/// The SGPR destination of readlane/readfirstlane (the decoder gives an SGPR code; a VGPR-coded field is
/// taken as the SGPR of that number).
#[inline(always)]
fn sgpr_dst(op: Operand) -> Operand {
    if op.0 >= 256 && !op.is_none() {
        Operand(op.index())
    } else {
        op
    }
}

/// V_READFIRSTLANE_B32 (pseudocode.md VOP1 2): the lowest active lane (lane 0 when EXEC is 0) to an SGPR.
pub fn readfirstlane(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let plan = Plan::new(w, i)?;
    let exec = w.exec();
    let lane = if exec == 0 {
        0
    } else {
        exec.trailing_zeros() as usize
    };
    let v = w.read_vsrc(
        plan.src(0, i.src[0]),
        i.literal,
        &c.apertures,
        ConstKind::B32,
    )[lane];
    w.write_sgpr(sgpr_dst(i.dst), v);
    Ok(FlowWord::NEXT)
}

/// V_READLANE_B32 (pseudocode.md VOP3A 649): lane S1[5:0] of VGPR S0 to an SGPR.
pub fn readlane(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let plan = Plan::new(w, i)?;
    let lane = w.read_scalar(i.src[1], i.literal, &c.apertures, ConstKind::B32) as usize & 63;
    let v = w.read_vsrc(
        plan.src(0, i.src[0]),
        i.literal,
        &c.apertures,
        ConstKind::B32,
    )[lane];
    w.write_sgpr(sgpr_dst(i.dst), v);
    Ok(FlowWord::NEXT)
}

/// V_WRITELANE_B32 (pseudocode.md VOP3A 650): the scalar S0 into lane S1[5:0] of VDST, whatever EXEC.
pub fn writelane(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let lane = w.read_scalar(i.src[1], i.literal, &c.apertures, ConstKind::B32) as usize & 63;
    let v = w.read_scalar(i.src[0], i.literal, &c.apertures, ConstKind::B32) as u32;
    let dst = Plan::new(w, i)?.dst;
    if !dst.is_none() {
        w.vreg[Wave::vreg_index(dst)][lane] = v;
    }
    Ok(FlowWord::NEXT)
}

/// V_SWAP_B32 (pseudocode.md VOP1 81): exchange VDST and SRC0 in the active lanes.
pub fn swap(w: &mut Wave, i: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let exec = w.exec();
    let plan = Plan::new(w, i)?;
    if plan.dst.is_none() {
        return Ok(FlowWord::NEXT);
    }
    let (d, s) = (
        Wave::vreg_index(plan.dst),
        Wave::vreg_index(plan.src(0, i.src[0])),
    );
    for l in 0..LANES {
        if exec >> l & 1 != 0 {
            let t = w.vreg[d][l];
            w.vreg[d][l] = w.vreg[s][l];
            w.vreg[s][l] = t;
        }
    }
    Ok(FlowWord::NEXT)
}

/// Swap lane `a` of register `ra` with lane `b` of register `rb`.
#[inline(always)]
fn swap_lanes(w: &mut Wave, ra: usize, a: usize, rb: usize, b: usize) {
    let t = w.vreg[ra][a];
    w.vreg[ra][a] = w.vreg[rb][b];
    w.vreg[rb][b] = t;
}

/// V_PERMLANE16_SWAP_B32 (pseudocode.md VOP1 89): rows 1 and 3 of VDST swap with rows 0 and 2 of SRC0.
/// The pseudocode has no EXEC condition; neither has wavescope.
pub fn permlane16_swap(w: &mut Wave, i: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let plan = Plan::new(w, i)?;
    if plan.dst.is_none() {
        return Ok(FlowWord::NEXT);
    }
    let (d, s) = (
        Wave::vreg_index(plan.dst),
        Wave::vreg_index(plan.src(0, i.src[0])),
    );
    for pass in 0..2 {
        for lane in 0..16 {
            swap_lanes(w, s, pass * 32 + lane, d, pass * 32 + lane + 16);
        }
    }
    Ok(FlowWord::NEXT)
}

/// V_PERMLANE32_SWAP_B32 (pseudocode.md VOP1 90): the upper 32 lanes of VDST swap with the lower 32 of
/// SRC0.
pub fn permlane32_swap(w: &mut Wave, i: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let plan = Plan::new(w, i)?;
    if plan.dst.is_none() {
        return Ok(FlowWord::NEXT);
    }
    let (d, s) = (
        Wave::vreg_index(plan.dst),
        Wave::vreg_index(plan.src(0, i.src[0])),
    );
    for lane in 0..32 {
        swap_lanes(w, s, lane, d, lane + 32);
    }
    Ok(FlowWord::NEXT)
}

/// V_MQSAD_U32_U8 (pseudocode.md VOP3A 487): four 32-bit masked SADs into a 128-bit destination; S2 is
/// 128 bits too.
pub fn mqsad_u32_u8(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let plan = Plan::new(w, i)?;
    let mut s0 = [0u64; LANES];
    let mut s1 = [0u64; LANES];
    lanes::fetch(
        w,
        i,
        &c.apertures,
        &plan,
        0,
        plan.src(0, i.src[0]),
        K::B64,
        &mut s0,
    );
    lanes::fetch(
        w,
        i,
        &c.apertures,
        &plan,
        1,
        plan.src(1, i.src[1]),
        K::B32,
        &mut s1,
    );
    let mut acc = [[0u32; LANES]; 4];
    let s2 = plan.src(2, i.src[2]);
    for (k, a) in acc.iter_mut().enumerate() {
        let op = if s2.is_vgpr() || s2.is_agpr() {
            Operand(s2.0 + k as u16)
        } else {
            s2
        };
        *a = w.read_vsrc(op, i.literal, &c.apertures, ConstKind::B32);
    }
    if plan.dst.is_none() {
        return Ok(FlowWord::NEXT);
    }
    let d = Wave::vreg_index(plan.dst);
    for l in 0..LANES {
        if plan.write >> l & 1 == 0 {
            continue;
        }
        for (k, a) in acc.iter().enumerate() {
            let win = (s0[l] >> (8 * k)) as u32;
            let b = s1[l] as u32;
            let mut t = a[l];
            for j in 0..4 {
                let bb = b >> (8 * j) & 0xFF;
                if bb != 0 {
                    t = t.wrapping_add((win >> (8 * j) & 0xFF).abs_diff(bb));
                }
            }
            w.vreg[(d + k) & (VREGS - 1)][l] = t;
        }
    }
    Ok(FlowWord::NEXT)
}

/// The fraction bits of 2/pi, most significant first: 2/pi = 0.A2F9836E4E441529... (1201 bits; computed
/// with exact integer arithmetic from Machin's formula, matching the published Payne-Hanek table).
const TWO_OVER_PI: [u64; 19] = [
    0xA2F9836E4E441529,
    0xFC2757D1F534DDC0,
    0xDB6295993C439041,
    0xFE5163ABDEBBC561,
    0xB7246E3A424DD2E0,
    0x06492EEA09D1921C,
    0xFE1DEB1CB129A73E,
    0xE88235F52EBB4484,
    0xE99C7026B45F7E41,
    0x3991D639835339F4,
    0x9C845F8BBDF9283B,
    0x1FF897FFDE05980F,
    0xEF2F118B5A0A6D1F,
    0x6D367ECF27CB09B7,
    0x4F463F669E5FEA2D,
    0x7527BAC7EBE5F17B,
    0x3D0739F78A5292EA,
    0x6BFB5FB11F8D5D08,
    0x56033046FC7B0000,
];

/// Bits [start, start+53) of the 2/pi fraction (bit 0 = first bit after the point); zero past bit 1200.
fn two_over_pi_chunk(start: u32) -> u64 {
    let mut r = 0u64;
    for k in 0..53 {
        let bit = start + k;
        let b = if bit < 1201 {
            (TWO_OVER_PI[(bit / 64) as usize] >> (63 - bit % 64)) & 1
        } else {
            0
        };
        r = (r << 1) | b;
    }
    r
}

/// V_TRIG_PREOP_F64 (pseudocode.md VOP3A 658): the 53-bit chunk of 2/pi starting `S1[4:0] * 53` bits
/// (plus the excess of S0's exponent over 1077) after the point, scaled to its place value
/// (`2^(-53-shift)`, `+128` when S0's exponent field is >= 1968). Exact; a scaled result below the f64
/// range rounds once (to nearest even).
pub fn trig_preop(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let plan = Plan::new(w, i)?;
    let mut s0 = [0u64; LANES];
    let mut s1 = [0u64; LANES];
    lanes::fetch(
        w,
        i,
        &c.apertures,
        &plan,
        0,
        plan.src(0, i.src[0]),
        K::F64,
        &mut s0,
    );
    lanes::fetch(
        w,
        i,
        &c.apertures,
        &plan,
        1,
        plan.src(1, i.src[1]),
        K::B32,
        &mut s1,
    );
    let mut d = [0u64; LANES];
    for l in 0..LANES {
        let e = Fmt::F64.exponent(s0[l]) as i32;
        let mut shift = (s1[l] as i32 & 31) * 53;
        if e > 1077 {
            shift += e - 1077;
        }
        let result = two_over_pi_chunk(shift as u32);
        let mut scale = -53 - shift;
        if e >= 1968 {
            scale += 128;
        }
        d[l] = float::round_scaled(Fmt::F64, result as f64, 0.0, scale, Round::NearestEven);
    }
    let env = lanes::Env::new(w, i);
    lanes::store(w, i, &plan, &env, K::F64, lanes::Hi16::Zero, &mut d);
    Ok(FlowWord::NEXT)
}
