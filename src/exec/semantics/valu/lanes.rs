//! Operand plumbing shared by every VALU family, written once:
//! - [`Plan`]: the lanes an instruction writes (EXEC, DPP row/bank masks and bound_ctrl) and the DPP
//!   source lane of every lane;
//! - [`fetch`]: per-lane source values of one operand: scalar broadcast or register, DPP lane gather
//!   (src0), SDWA byte/word select with sign extension, VOP3 op_sel half select for 16-bit operands, and the
//!   abs/neg source modifiers for float operands;
//! - [`store`]: output modifier and clamp for float results, 16-bit half placement (op_sel[3]), SDWA
//!   dst_sel/dst_unused, and the masked register write.

use crate::exec::float::{self, Fmt, FpMode};
use crate::exec::wave::{ConstKind, Wave, LANES};
use crate::exec::{Apertures, Fault, FaultKind};
use crate::isa::{Ext, Format, Inst, Operand};

/// The type of one operand or result as far as operand handling cares: width, whether float source
/// modifiers apply, how inline constants and literals read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum K {
    /// Operand not used.
    None,
    /// 16-bit integer (inline constants as 16-bit values).
    B16,
    B32,
    /// 64-bit integer, literal zero-extended.
    B64,
    /// 64-bit signed integer, literal sign-extended (CDNA4 §6.2.1.1).
    I64,
    F16,
    F32,
    /// f64: a literal is the high dword.
    F64,
}

impl K {
    #[inline(always)]
    pub const fn width(self) -> u32 {
        match self {
            K::B16 | K::F16 => 16,
            K::B64 | K::I64 | K::F64 => 64,
            _ => 32,
        }
    }
    /// The float format for float kinds (source modifiers, omod/clamp apply).
    #[inline(always)]
    pub const fn fmt(self) -> Option<Fmt> {
        match self {
            K::F16 => Some(Fmt::F16),
            K::F32 => Some(Fmt::F32),
            K::F64 => Some(Fmt::F64),
            _ => None,
        }
    }
    #[inline(always)]
    pub(crate) const fn const_kind(self) -> ConstKind {
        match self {
            K::B16 | K::F16 => ConstKind::B16,
            K::F64 => ConstKind::F64,
            K::B64 | K::I64 => ConstKind::B64,
            _ => ConstKind::B32,
        }
    }
}

/// What a 16-bit result does to the other half of its 32-bit destination when op_sel[3] is clear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hi16 {
    /// Zero it: the legacy VOP1/VOP2 16-bit ops and the *_LEGACY VOP3 ops (pseudocode `D0 = { 16'0, tmp }`).
    Zero,
    /// Keep it: the op_sel-capable VOP3 16-bit ops added in gfx9 (LLVM GCNSubtarget::zeroesHigh16BitsOfDest
    /// lists them as preserving) and the SR converts ("Unwritten bytes of D are preserved").
    Preserve,
}

/// Per-instruction context handed to lane functions.
pub struct Env<'a> {
    pub m: FpMode,
    pub inst: &'a Inst,
    /// The clamp bit (VOP3/SDWA); integer ops saturate with it.
    pub clamp: bool,
    /// A per-lane condition mask: VCC, or the SGPR pair in src2 of VOP3 V_CNDMASK (see `Cond`).
    pub cond: u64,
}

impl<'a> Env<'a> {
    #[inline(always)]
    pub fn new(w: &Wave, i: &'a Inst) -> Env<'a> {
        Env {
            m: FpMode::from_mode(w.mode),
            inst: i,
            clamp: i.mods.clamp,
            cond: 0,
        }
    }
}

#[inline(always)]
pub fn is_vop3(i: &Inst) -> bool {
    matches!(i.format, Format::Vop3a | Format::Vop3b)
}

/// Lanes written and DPP source lanes for one instruction.
pub struct Plan {
    /// Lanes whose destination is written (EXEC, then DPP row/bank masks and bound_ctrl).
    pub write: u64,
    pub dpp: bool,
    /// DPP: lanes whose src0 reads as 0 (invalid source lane with bound_ctrl set).
    pub dpp_zero: u64,
    /// DPP: the lane each lane's src0 comes from.
    pub src_lane: [u8; LANES],
    /// VGPR indexing (CDNA4 §6.6): M0 when MODE.GPR_IDX_EN is set, else 0. Bits [7:0] are the index,
    /// [12+k] enable it for source k, [15] for the destination.
    pub gpr_idx: u32,
    /// The VGPR destination after indexing (`Operand::NONE` when indexing takes it out of range: not
    /// written).
    pub dst: Operand,
}

/// MODE.GPR_IDX_EN (state.md MODE bit 27).
const GPR_IDX_EN: u32 = 1 << 27;

impl Plan {
    #[inline(always)]
    pub fn new(w: &Wave, i: &Inst) -> Result<Plan, Box<Fault>> {
        let exec = w.exec();
        let gpr_idx = if w.mode & GPR_IDX_EN != 0 {
            w.m0() | 1 << 31
        } else {
            0
        };
        let mut p = if i.ext != Ext::Dpp {
            Plan {
                write: exec,
                dpp: false,
                dpp_zero: 0,
                src_lane: [0; LANES],
                gpr_idx,
                dst: i.dst,
            }
        } else {
            dpp_plan(i, exec, gpr_idx)?
        };
        p.dst = p.indexed(i.dst, 15, Operand::NONE);
        Ok(p)
    }

    /// Operand `op` of source `k` after VGPR indexing.
    #[inline(always)]
    pub fn src(&self, k: usize, op: Operand) -> Operand {
        self.indexed(op, 12 + k as u32, Operand::vgpr(0))
    }

    /// `op` plus M0[7:0] when indexing is on and M0 bit `bit` enables it; only VGPRs are indexed. An index
    /// past v255 is out of range (§6.6 "illegal"): sources read `oob` (v0, state.md "Out-of-range"),
    /// destinations are not written.
    #[inline(always)]
    fn indexed(&self, op: Operand, bit: u32, oob: Operand) -> Operand {
        if self.gpr_idx == 0 || self.gpr_idx >> bit & 1 == 0 || !op.is_vgpr() {
            return op;
        }
        let n = op.index() as u32 + (self.gpr_idx & 0xFF);
        if n > 255 {
            oob
        } else {
            Operand::vgpr(n as u16)
        }
    }
}

/// The source lane of `lane` under DPP control `ctrl`, or `None` when it is out of range
/// (MI200 guide Table 83 "DPP_CTRL Enumeration"; row_newbcast from encodings.md "DPP").
/// `Err` for reserved control values.
#[inline]
pub fn dpp_source(ctrl: u16, lane: usize) -> Result<Option<usize>, ()> {
    let n = lane;
    let row = n & !0xF;
    let c = (ctrl & 0xF) as usize;
    Ok(match ctrl {
        // quad_perm: pix[n] = pix[(n & 0x3c) + dpp_ctrl[n%4*2+1 : n%4*2]]
        0x000..=0x0FF => Some((n & 0x3C) + ((ctrl as usize >> ((n & 3) * 2)) & 3)),
        // row_shl: read from a higher lane of the same row.
        0x101..=0x10F => ((n & 0xF) + c < 16).then_some(n + c),
        // row_shr: read from a lower lane of the same row.
        0x111..=0x11F => ((n & 0xF) >= c).then(|| n - c),
        // row_ror: rotate right within the row.
        0x121..=0x12F => Some(row + (((n & 0xF) + 16 - c) & 0xF)),
        0x130 => (n < 63).then_some(n + 1), // wave_shl1
        0x134 => Some(if n < 63 { n + 1 } else { 0 }), // wave_rol1
        0x138 => (n > 0).then(|| n - 1),    // wave_shr1
        0x13C => Some(if n > 0 { n - 1 } else { 63 }), // wave_ror1
        0x140 => Some(row + 15 - (n & 0xF)), // row_mirror
        0x141 => Some((n & !7) + 7 - (n & 7)), // row_half_mirror
        // row_bcast15: lane 15 of each row to the next row. Row 0 has no source row; it reads itself
        // (compilers mask it with row_mask 0xa).
        0x142 => Some(if n > 15 { (n & 0x30) - 1 } else { n }),
        // row_bcast31: lane 31 to rows 2 and 3; rows 0 and 1 read themselves.
        0x143 => Some(if n > 31 { (n & 0x20) - 1 } else { n }),
        // row_newbcast:c (gfx90a+): lane c of each row to the whole row.
        0x150..=0x15F => Some(row + c),
        _ => return Err(()),
    })
}

/// DPP lane plan (MI200 guide §13.3.9): row_mask/bank_mask disable destination lanes; a lane whose source
/// is out of range or inactive in EXEC reads 0 when bound_ctrl is set and is not written otherwise.
/// (Inactive source lanes count as invalid: GCN/CDNA have no "fetch inactive" control, unlike RDNA's FI.)
fn dpp_plan(i: &Inst, exec: u64, gpr_idx: u32) -> Result<Plan, Box<Fault>> {
    let d = &i.dpp;
    let mut enable = 0u64;
    for r in 0..4 {
        if d.row_mask >> r & 1 != 0 {
            enable |= 0xFFFFu64 << (16 * r);
        }
    }
    let mut bank = 0u64;
    for b in 0..4 {
        if d.bank_mask >> b & 1 != 0 {
            bank |= 0x000F_000F_000F_000Fu64 << (4 * b);
        }
    }
    let mut src_lane = [0u8; LANES];
    let mut valid = 0u64;
    for (n, sl) in src_lane.iter_mut().enumerate() {
        match dpp_source(d.ctrl, n) {
            Ok(Some(s)) => {
                *sl = s as u8;
                if exec >> s & 1 != 0 {
                    valid |= 1 << n;
                }
            }
            Ok(None) => *sl = n as u8,
            Err(()) => {
                return Err(Fault::new(
                    FaultKind::IllegalInstruction,
                    format!("{}: reserved DPP control 0x{:x}", i.name(), d.ctrl),
                ))
            }
        }
    }
    let (write, zero) = if d.bound_ctrl {
        (exec & enable & bank, !valid)
    } else {
        (exec & enable & bank & valid, 0)
    };
    Ok(Plan {
        write,
        dpp: true,
        dpp_zero: zero,
        src_lane,
        gpr_idx,
        dst: i.dst,
    })
}

/// SDWA source select (encodings.md "SDWA"): BYTE_0..3, WORD_0/1 zero- or sign-extended, or DWORD.
#[inline(always)]
pub fn sdwa_select(v: u32, sel: u8, sext: bool) -> u32 {
    match sel {
        0..=3 => {
            let b = (v >> (8 * sel as u32)) & 0xFF;
            if sext {
                b as u8 as i8 as i32 as u32
            } else {
                b
            }
        }
        4 | 5 => {
            let h = (v >> (16 * (sel as u32 - 4))) & 0xFFFF;
            if sext {
                h as u16 as i16 as i32 as u32
            } else {
                h
            }
        }
        _ => v,
    }
}

/// SDWA destination placement: the low bits of `res` go to the `sel` field; the other bits are zero
/// (dst_unused 0), the sign of the field (1, above the field; below stays zero) or the old value (2).
#[inline(always)]
pub fn sdwa_place(res: u32, old: u32, sel: u8, unused: u8) -> u32 {
    let (shift, width) = match sel {
        0..=3 => (8 * sel as u32, 8),
        4 | 5 => (16 * (sel as u32 - 4), 16),
        _ => return res,
    };
    let fmask = ((1u32 << width) - 1) << shift;
    let field = (res << shift) & fmask;
    match unused {
        0 => field,
        1 => {
            let top = shift + width;
            if top < 32 && res >> (width - 1) & 1 != 0 {
                field | (u32::MAX << top)
            } else {
                field
            }
        }
        _ => (old & !fmask) | field,
    }
}

/// Per-lane values of source `k` (0..=2) read through operand `op` as `kind`.
#[inline(always)]
pub fn fetch(
    w: &Wave,
    i: &Inst,
    ap: &Apertures,
    plan: &Plan,
    k: usize,
    op: Operand,
    kind: K,
    out: &mut [u64; LANES],
) {
    if kind == K::None {
        return;
    }
    if kind.width() == 64 {
        let v = if kind == K::I64 && op == Operand::LITERAL {
            [i.literal as i32 as i64 as u64; LANES]
        } else {
            w.read_vsrc64(op, i.literal, ap, kind.const_kind())
        };
        *out = v;
    } else {
        let v = w.read_vsrc(op, i.literal, ap, kind.const_kind());
        for l in 0..LANES {
            out[l] = v[l] as u64;
        }
    }
    if k == 0 && plan.dpp {
        let src = *out;
        for l in 0..LANES {
            out[l] = if plan.dpp_zero >> l & 1 != 0 {
                0
            } else {
                src[plan.src_lane[l] as usize]
            };
        }
    }
    if i.ext == Ext::Sdwa && k < 2 {
        let (sel, sext) = if k == 0 {
            (i.sdwa.src0_sel, i.sdwa.sext & 1 != 0)
        } else {
            (i.sdwa.src1_sel, i.sdwa.sext & 2 != 0)
        };
        if sel < 6 || sext {
            for v in out.iter_mut() {
                *v = sdwa_select(*v as u32, sel, sext) as u64;
            }
        }
    }
    if kind.width() == 16 {
        let hi = is_vop3(i) && i.mods.op_sel >> k & 1 != 0;
        let sh = if hi { 16 } else { 0 };
        for v in out.iter_mut() {
            *v = (*v >> sh) & 0xFFFF;
        }
    }
    if let Some(f) = kind.fmt() {
        let abs = i.mods.abs >> k & 1 != 0;
        let neg = i.mods.neg >> k & 1 != 0;
        if abs || neg {
            for v in out.iter_mut() {
                let mut x = *v;
                if abs {
                    x = f.abs(x);
                }
                if neg {
                    x = f.neg(x);
                }
                *v = x;
            }
        }
    }
}

/// Write per-lane results `d` of type `kind` to the instruction's VGPR destination.
#[inline(always)]
pub fn store(
    w: &mut Wave,
    i: &Inst,
    plan: &Plan,
    env: &Env,
    kind: K,
    hi16: Hi16,
    d: &mut [u64; LANES],
) {
    if let Some(f) = kind.fmt() {
        if i.mods.omod != 0 || i.mods.clamp {
            for v in d.iter_mut() {
                let mut x = float::apply_omod(f, *v, i.mods.omod, &env.m);
                if i.mods.clamp {
                    x = float::apply_clamp(f, x, &env.m);
                }
                *v = x;
            }
        }
    }
    let mask = plan.write;
    let dst = plan.dst;
    if dst.is_none() {
        return;
    }
    match kind.width() {
        64 => w.write_vreg64(dst, d, mask),
        32 => {
            let mut out = [0u32; LANES];
            if i.ext == Ext::Sdwa {
                let old = w.vreg[Wave::vreg_index(dst)];
                for l in 0..LANES {
                    out[l] = sdwa_place(d[l] as u32, old[l], i.sdwa.dst_sel, i.sdwa.dst_unused);
                }
            } else {
                for l in 0..LANES {
                    out[l] = d[l] as u32;
                }
            }
            w.write_vreg(dst, &out, mask);
        }
        _ => {
            let old = w.vreg[Wave::vreg_index(dst)];
            let mut out = [0u32; LANES];
            let hi = is_vop3(i) && i.mods.op_sel & 8 != 0;
            for l in 0..LANES {
                let r = (d[l] & 0xFFFF) as u32;
                out[l] = if i.ext == Ext::Sdwa {
                    sdwa_place(r, old[l], i.sdwa.dst_sel, i.sdwa.dst_unused)
                } else if hi {
                    (r << 16) | (old[l] & 0xFFFF)
                } else {
                    match hi16 {
                        Hi16::Zero => r,
                        Hi16::Preserve => (old[l] & 0xFFFF_0000) | r,
                    }
                };
            }
            w.write_vreg(dst, &out, mask);
        }
    }
}
