//! FLAT / GLOBAL / SCRATCH addressing (MI200 guide ch. 10, encodings.md "FLAT / GLOBAL / SCRATCH") and the
//! opcode table shared with MUBUF (the three FLAT segments and MUBUF number their loads, stores and atomics alike:
//! 16 = LOAD_UBYTE ... 37 = LOAD_SHORT_D16_HI, 64 = ATOMIC_SWAP ... 108 = ATOMIC_DEC_X2).

use super::access::{kind, lanes, Loc};
use super::{atomic as at, load, load_lds, store, vreg, Addr, Rows};
use crate::exec::FlowWord;
use crate::exec::{Apertures, ConstKind, Ctx, Fault, Handler, Wave, LANES};
use crate::isa::{mem_flags, Format, Inst, Op, Operand};

pub(super) fn lookup(op: Op) -> Option<Handler> {
    let info = op.info();
    match info.format {
        Format::Flat => by_opcode::<Flat, false>(info.opcode),
        Format::Global => match info.opcode {
            38 => Some(load_lds::<Global, { kind::U8 }, 1>),
            39 => Some(load_lds::<Global, { kind::I8 }, 1>),
            40 => Some(load_lds::<Global, { kind::U16 }, 1>),
            41 => Some(load_lds::<Global, { kind::I16 }, 1>),
            42 => Some(load_lds::<Global, { kind::B32 }, 1>),
            125 => Some(load_lds::<Global, { kind::B32 }, 4>),
            126 => Some(load_lds::<Global, { kind::B32 }, 3>),
            n => by_opcode::<Global, false>(n),
        },
        Format::Scratch => match info.opcode {
            38 => Some(load_lds::<Scratch, { kind::U8 }, 1>),
            39 => Some(load_lds::<Scratch, { kind::I8 }, 1>),
            40 => Some(load_lds::<Scratch, { kind::U16 }, 1>),
            41 => Some(load_lds::<Scratch, { kind::I16 }, 1>),
            42 => Some(load_lds::<Scratch, { kind::B32 }, 1>),
            // SCRATCH has no atomics (MI200 Table 45).
            n if n < 64 => by_opcode::<Scratch, false>(n),
            _ => None,
        },
        _ => None,
    }
}

/// Loads, stores and atomics by their (FLAT = MUBUF) opcode number. `BUF`: MUBUF conventions (vdata in
/// `data`/`dst`, loads may go to LDS with lds=1).
pub(super) fn by_opcode<A: Addr, const BUF: bool>(opcode: u16) -> Option<Handler> {
    use kind::*;
    Some(match opcode {
        16 => ld::<A, U8, 1, BUF>,
        17 => ld::<A, I8, 1, BUF>,
        18 => ld::<A, U16, 1, BUF>,
        19 => ld::<A, I16, 1, BUF>,
        20 if !BUF => ld_dwords::<A, 1>,
        20 => ld::<A, B32, 1, BUF>,
        21 if !BUF => ld_dwords::<A, 2>,
        21 => ld::<A, B32, 2, BUF>,
        22 if !BUF => ld_dwords::<A, 3>,
        22 => ld::<A, B32, 3, BUF>,
        23 if !BUF => ld_dwords::<A, 4>,
        23 => ld::<A, B32, 4, BUF>,
        24 => st::<A, ST8, 1, BUF>,
        25 => st::<A, ST8_HI, 1, BUF>,
        26 => st::<A, ST16, 1, BUF>,
        27 => st::<A, ST16_HI, 1, BUF>,
        28 if !BUF => st_dwords::<A, 1>,
        28 => st::<A, B32, 1, BUF>,
        29 if !BUF => st_dwords::<A, 2>,
        29 => st::<A, B32, 2, BUF>,
        30 if !BUF => st_dwords::<A, 3>,
        30 => st::<A, B32, 3, BUF>,
        31 if !BUF => st_dwords::<A, 4>,
        31 => st::<A, B32, 4, BUF>,
        32 => ld::<A, U8_D16, 1, BUF>,
        33 => ld::<A, U8_D16_HI, 1, BUF>,
        34 => ld::<A, I8_D16, 1, BUF>,
        35 => ld::<A, I8_D16_HI, 1, BUF>,
        36 => ld::<A, B16_D16, 1, BUF>,
        37 => ld::<A, B16_D16_HI, 1, BUF>,
        64 => am::<A, { at::SWAP }, false, BUF>,
        65 => am::<A, { at::CMPSWAP }, false, BUF>,
        66 => am::<A, { at::ADD }, false, BUF>,
        67 => am::<A, { at::SUB }, false, BUF>,
        68 => am::<A, { at::SMIN }, false, BUF>,
        69 => am::<A, { at::UMIN }, false, BUF>,
        70 => am::<A, { at::SMAX }, false, BUF>,
        71 => am::<A, { at::UMAX }, false, BUF>,
        72 => am::<A, { at::AND }, false, BUF>,
        73 => am::<A, { at::OR }, false, BUF>,
        74 => am::<A, { at::XOR }, false, BUF>,
        75 => am::<A, { at::INC }, false, BUF>,
        76 => am::<A, { at::DEC }, false, BUF>,
        77 => am::<A, { at::ADD_F }, false, BUF>,
        78 => am::<A, { at::PK_ADD_F16 }, false, BUF>,
        79 => am::<A, { at::ADD_F }, true, BUF>,
        80 => am::<A, { at::MIN_F }, true, BUF>,
        81 => am::<A, { at::MAX_F }, true, BUF>,
        82 => am::<A, { at::PK_ADD_BF16 }, false, BUF>,
        96 => am::<A, { at::SWAP }, true, BUF>,
        97 => am::<A, { at::CMPSWAP }, true, BUF>,
        98 => am::<A, { at::ADD }, true, BUF>,
        99 => am::<A, { at::SUB }, true, BUF>,
        100 => am::<A, { at::SMIN }, true, BUF>,
        101 => am::<A, { at::UMIN }, true, BUF>,
        102 => am::<A, { at::SMAX }, true, BUF>,
        103 => am::<A, { at::UMAX }, true, BUF>,
        104 => am::<A, { at::AND }, true, BUF>,
        105 => am::<A, { at::OR }, true, BUF>,
        106 => am::<A, { at::XOR }, true, BUF>,
        107 => am::<A, { at::INC }, true, BUF>,
        108 => am::<A, { at::DEC }, true, BUF>,
        _ => return None,
    })
}

/// The data VGPR of a store/atomic: `data`, else MUBUF's vdata in `dst`, else FLAT's DATA in `src[1]`.
#[inline(always)]
pub(super) fn data_of<const BUF: bool>(i: &Inst) -> Operand {
    if !i.data.is_none() {
        i.data
    } else if BUF {
        i.dst
    } else {
        i.src[1]
    }
}

/// The destination VGPR of a load / returning atomic.
#[inline(always)]
pub(super) fn dst_of<const BUF: bool>(i: &Inst) -> Operand {
    if !i.dst.is_none() || !BUF {
        i.dst
    } else {
        i.data
    }
}

fn ld<A: Addr, const K: u8, const N: usize, const BUF: bool>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    if BUF && i.mem & mem_flags::LDS != 0 {
        // MI200 §9.1.9: ubyte/sbyte/ushort/sshort/dword (gfx950 also dwordx3/x4) can return to LDS.
        if N == 2 {
            return Err(Fault::new(
                crate::exec::FaultKind::IllegalInstruction,
                format!("{} lds: no 8-byte LDS DMA on gfx950", i.name()),
            ));
        }
        return load_lds::<A, K, N>(w, i, c);
    }
    load::<A, K, N>(w, i, c, dst_of::<BUF>(i))
}

/// FLAT/GLOBAL/SCRATCH dword loads: `ld` with the AVX-512 pass inline and the rest out of line
/// (`vmem::load_dwords`).
fn ld_dwords<A: Addr, const N: usize>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    super::load_dwords::<A, N>(w, i, c, dst_of::<false>(i))
}

/// FLAT/GLOBAL/SCRATCH dword stores (as `ld_dwords`).
fn st_dwords<A: Addr, const N: usize>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    super::store_dwords::<A, N>(w, i, c, data_of::<false>(i))
}

fn st<A: Addr, const K: u8, const N: usize, const BUF: bool>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    store::<A, K, N>(w, i, c, data_of::<BUF>(i))
}

/// Atomics: DATA is `{src, cmp}` for CMPSWAP (pseudocode.md FLAT_ATOMIC_CMPSWAP: `src = DATA[31:0]`,
/// `cmp = DATA[63:32]`; the _X2 form `DATA[63:0]` / `DATA[127:64]`); sc0 (GLC) returns the pre-op value.
fn am<A: Addr, const OP: u8, const W64: bool, const BUF: bool>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let d = data_of::<BUF>(i);
    let b = Operand(d.0 + if W64 { 2 } else { 1 });
    let ret = dst_of::<BUF>(i);
    let ret = if i.mem & mem_flags::SC0 != 0 && !ret.is_none() {
        Some(ret)
    } else {
        None
    };
    super::atomic::<A, OP, W64>(w, i, c, d, b, ret)
}

/// FLAT: 64-bit VGPR address + offset, routed by aperture (MI200 §10.3): the shared aperture is LDS (offset from
/// its base), the private aperture is the lane's scratch (offset from its base), anything else is global memory.
pub(crate) struct Flat;

impl Addr for Flat {
    const GLOBAL: bool = true;
    #[inline(always)]
    fn locate(wave: &Wave, inst: &Inst, ctx: &Ctx, mask: u64, _: usize, locs: &mut [Loc; LANES]) {
        let (lo, hi) = (
            &wave.vreg[vreg(inst.src[0], 0)],
            &wave.vreg[vreg(inst.src[0], 1)],
        );
        let off = inst.imm as i64 as u64;
        let ap = ctx.apertures;
        for l in lanes(mask) {
            let a = (lo[l] as u64 | (hi[l] as u64) << 32).wrapping_add(off);
            locs[l] = route(a, &ap);
        }
    }
    #[inline(always)]
    fn global_addrs(wave: &Wave, inst: &Inst, ctx: &Ctx, mask: u64, out: &mut [u64; LANES]) -> u64 {
        let (lo, hi) = (
            &wave.vreg[vreg(inst.src[0], 0)],
            &wave.vreg[vreg(inst.src[0], 1)],
        );
        let off = inst.imm as i64 as u64;
        let ap = ctx.apertures;
        let mut aperture = 0u64;
        for l in 0..LANES {
            let a = (lo[l] as u64 | (hi[l] as u64) << 32).wrapping_add(off);
            out[l] = a;
            let inside = a.wrapping_sub(ap.shared_base) < Apertures::SIZE
                || a.wrapping_sub(ap.private_base) < Apertures::SIZE;
            aperture |= (inside as u64) << l;
        }
        let _ = mask;
        aperture
    }
    #[inline(always)]
    fn rows(_wave: &Wave, inst: &Inst, _ctx: &Ctx) -> Option<Rows> {
        Some(Rows {
            lo: vreg(inst.src[0], 0),
            hi: Some(vreg(inst.src[0], 1)),
            base: inst.imm as i64 as u64,
            flat: true,
        })
    }
}

#[inline(always)]
pub(crate) fn route(a: u64, ap: &Apertures) -> Loc {
    if a.wrapping_sub(ap.shared_base) < Apertures::SIZE {
        Loc::Lds(a - ap.shared_base)
    } else if a.wrapping_sub(ap.private_base) < Apertures::SIZE {
        Loc::Scratch(a - ap.private_base)
    } else {
        Loc::Global(a)
    }
}

/// GLOBAL: `VGPR-address(64) + offset` (saddr = off) or `SGPR-pair base + VGPR-offset(32, unsigned) + offset`
/// (MI200 §10.4); 13-bit signed offset. A global access never routes to LDS or scratch.
pub(crate) struct Global;

impl Addr for Global {
    const GLOBAL: bool = true;
    #[inline(always)]
    fn locate(wave: &Wave, inst: &Inst, ctx: &Ctx, mask: u64, _: usize, locs: &mut [Loc; LANES]) {
        let off = inst.imm as i64 as u64;
        let lo = &wave.vreg[vreg(inst.src[0], 0)];
        if inst.src[2].is_none() {
            let hi = &wave.vreg[vreg(inst.src[0], 1)];
            for l in lanes(mask) {
                locs[l] = Loc::Global((lo[l] as u64 | (hi[l] as u64) << 32).wrapping_add(off));
            }
        } else {
            let base = wave.read_scalar(inst.src[2], 0, &ctx.apertures, ConstKind::B64);
            for l in lanes(mask) {
                locs[l] = Loc::Global(base.wrapping_add(lo[l] as u64).wrapping_add(off));
            }
        }
    }
    #[inline(always)]
    fn global_addrs(
        wave: &Wave,
        inst: &Inst,
        ctx: &Ctx,
        _mask: u64,
        out: &mut [u64; LANES],
    ) -> u64 {
        let off = inst.imm as i64 as u64;
        let lo = &wave.vreg[vreg(inst.src[0], 0)];
        if inst.src[2].is_none() {
            let hi = &wave.vreg[vreg(inst.src[0], 1)];
            for l in 0..LANES {
                out[l] = (lo[l] as u64 | (hi[l] as u64) << 32).wrapping_add(off);
            }
        } else {
            let base = wave.read_scalar(inst.src[2], 0, &ctx.apertures, ConstKind::B64);
            for l in 0..LANES {
                out[l] = base.wrapping_add(lo[l] as u64).wrapping_add(off);
            }
        }
        0
    }
    #[inline(always)]
    fn rows(wave: &Wave, inst: &Inst, ctx: &Ctx) -> Option<Rows> {
        let off = inst.imm as i64 as u64;
        Some(if inst.src[2].is_none() {
            Rows {
                lo: vreg(inst.src[0], 0),
                hi: Some(vreg(inst.src[0], 1)),
                base: off,
                flat: false,
            }
        } else {
            let base = wave.read_scalar(inst.src[2], 0, &ctx.apertures, ConstKind::B64);
            Rows {
                lo: vreg(inst.src[0], 0),
                hi: None,
                base: base.wrapping_add(off),
                flat: false,
            }
        })
    }
}

/// SCRATCH: per-lane private offset `(sve ? VGPR : 0) + (saddr ? SGPR : 0) + offset` (32-bit, MI200 §10.5),
/// into the lane's private segment (`Wave::scratch`, `private_size` bytes per lane); beyond it is a fault.
pub(crate) struct Scratch;

impl Addr for Scratch {
    #[inline(always)]
    fn locate(wave: &Wave, inst: &Inst, ctx: &Ctx, mask: u64, _: usize, locs: &mut [Loc; LANES]) {
        let s = if inst.src[2].is_none() {
            0
        } else {
            wave.read_scalar(inst.src[2], 0, &ctx.apertures, ConstKind::B32) as u32
        };
        let base = s.wrapping_add(inst.imm as u32);
        if inst.mem & mem_flags::SVE != 0 && !inst.src[0].is_none() {
            let v = &wave.vreg[vreg(inst.src[0], 0)];
            for l in lanes(mask) {
                locs[l] = Loc::Scratch(base.wrapping_add(v[l]) as u64);
            }
        } else {
            for l in lanes(mask) {
                locs[l] = Loc::Scratch(base as u64);
            }
        }
    }
}
