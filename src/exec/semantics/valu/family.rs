//! The two generic VALU handler shapes. Every per-lane operation is a zero-sized type implementing one
//! trait; the handler (monomorphised per operation, so the lane loop inlines the operation) reads the
//! sources for all 64 lanes, computes all lanes, and stores through `lanes::store`.
//! - [`VOp`]: up to three sources, one result (most VOP1/VOP2/VOP3A ops);
//! - [`VOpFlag`]: a result plus a per-lane flag bit with an optional carry-in bit (V_ADD_CO/ADDC/SUB*_CO,
//!   V_DIV_SCALE, V_MAD_U64_U32): the flag goes to VCC (VOP2) or the VOP3B `sdst`, the carry-in comes from
//!   VCC (VOP2) or the SGPR pair in src2 (VOP3B).

use super::lanes::{self, Env, Hi16, Plan, K};
use crate::exec::wave::{ConstKind, Wave, LANES};
use crate::exec::{Ctx, Fault, Flow};
use crate::isa::{Inst, Operand};

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

/// Handler for every [`VOp`].
pub fn vop<O: VOp>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<Flow, Box<Fault>> {
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
    Ok(Flow::Next)
}

/// One VALU operation computing a value and a flag bit per lane.
pub trait VOpFlag {
    const S: [K; 3];
    const D: K;
    /// Reads a carry-in bit (VCC, or the VOP3B src2 SGPR pair).
    const CIN: bool;
    fn lane(s: [u64; 3], cin: bool, e: &Env, lane: usize) -> (u64, bool);
}

/// Handler for every [`VOpFlag`]. Flags of inactive lanes are written as 0.
pub fn vop_flag<O: VOpFlag>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<Flow, Box<Fault>> {
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
    Ok(Flow::Next)
}
