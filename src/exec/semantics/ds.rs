//! DS (LDS) instructions: pseudocode.md "Format DS", MI200 guide ch. 11 and §12.12.
//!
//! Addressing: single-address ops use `ADDR VGPR + {OFFSET1, OFFSET0}` (16-bit unsigned), two-address ops
//! (READ2/WRITE2/WRXCHG2) `ADDR + OFFSETn * 4` (b32) or `* 8` (b64), ×64 more for the ST64 forms
//! (pseudocode.md DS_READ2ST64_B32: `OFFSET0.u32 * 256U`). `Inst.imm` carries `OFFSET0 | OFFSET1 << 8`.
//! Data: ADDR = `src[0]`, DATA0 = `src[1]`, DATA1 = `src[2]`, VDST = `dst` (AccVGPRs when ACC is set: Operand
//! 512+).
//!
//! Choices (documented here and in the fault text):
//! - Bounds: an access beyond the work-group's LDS allocation (`ctx.lds.len()`) is a Memory fault naming the LDS
//!   address and lane. Hardware drops such writes and reads 0 (state.md §3.6.1), which hides the bug from a kernel
//!   author. gfx9+ no longer clamps DS accesses with M0 (LLVM: `LDSRequiresM0Init` is false from gfx9), so only
//!   the allocation bounds the access.
//! - Alignment: the ROCm runtime sets SH_MEM_CONFIG.alignment_mode = unaligned on gfx9 parts, so unaligned
//!   b16/b32/b64/b96/b128 reads and writes are served byte-exactly; atomics must be naturally aligned (fault).
//! - DS_GWS_* (global wave sync): the handler reads the resource id and the value and returns `Flow::Gws`; the
//!   scheduler, which owns the dispatch's GWS state, applies the guide's state machine (`engine::step::gws`).

use crate::exec::fidelity::Fidelity;
use crate::exec::semantics::vmem::access::{kind, lanes, Faults, Loc, Why};
use crate::exec::semantics::vmem::atomic as at;
use crate::exec::semantics::vmem::{atomic, load, spaces, store, vreg, Addr};
use crate::exec::{Ctx, Fault, Handler, Wave, LANES};
use crate::exec::{Flow, FlowWord, GwsOp};
use crate::isa::{Inst, Op, Operand};

pub fn lookup(op: Op) -> Option<Handler> {
    use kind::*;
    use Op::*;
    Some(match op {
        DS_NOP => |_, _, _| Ok(FlowWord::NEXT),
        // Loads (pseudocode.md DS_READ_*): sign/zero extension and D16 halves as in vmem::access::kind.
        DS_READ_B32 => rd::<B32, 1>,
        DS_READ_B64 => rd::<B32, 2>,
        DS_READ_B96 => rd::<B32, 3>,
        DS_READ_B128 => rd::<B32, 4>,
        DS_READ_I8 => rd::<I8, 1>,
        DS_READ_U8 => rd::<U8, 1>,
        DS_READ_I16 => rd::<I16, 1>,
        DS_READ_U16 => rd::<U16, 1>,
        DS_READ_U8_D16 => rd::<U8_D16, 1>,
        DS_READ_U8_D16_HI => rd::<U8_D16_HI, 1>,
        DS_READ_I8_D16 => rd::<I8_D16, 1>,
        DS_READ_I8_D16_HI => rd::<I8_D16_HI, 1>,
        DS_READ_U16_D16 => rd::<B16_D16, 1>,
        DS_READ_U16_D16_HI => rd::<B16_D16_HI, 1>,
        // Stores.
        DS_WRITE_B8 => wr::<ST8, 1>,
        DS_WRITE_B16 => wr::<ST16, 1>,
        DS_WRITE_B8_D16_HI => wr::<ST8_HI, 1>,
        DS_WRITE_B16_D16_HI => wr::<ST16_HI, 1>,
        DS_WRITE_B32 => wr::<B32, 1>,
        DS_WRITE_B64 => wr::<B32, 2>,
        DS_WRITE_B96 => wr::<B32, 3>,
        DS_WRITE_B128 => wr::<B32, 4>,
        // Two-address forms.
        DS_READ2_B32 => rd2::<1, 4>,
        DS_READ2ST64_B32 => rd2::<1, 256>,
        DS_READ2_B64 => rd2::<2, 8>,
        DS_READ2ST64_B64 => rd2::<2, 512>,
        DS_WRITE2_B32 => wr2::<1, 4>,
        DS_WRITE2ST64_B32 => wr2::<1, 256>,
        DS_WRITE2_B64 => wr2::<2, 8>,
        DS_WRITE2ST64_B64 => wr2::<2, 512>,
        DS_WRXCHG2_RTN_B32 => xchg2::<1, 4>,
        DS_WRXCHG2ST64_RTN_B32 => xchg2::<1, 256>,
        DS_WRXCHG2_RTN_B64 => xchg2::<2, 8>,
        DS_WRXCHG2ST64_RTN_B64 => xchg2::<2, 512>,
        // 32-bit atomics, without and with return.
        DS_ADD_U32 => am::<{ at::ADD }, false, false>,
        DS_SUB_U32 => am::<{ at::SUB }, false, false>,
        DS_RSUB_U32 => am::<{ at::RSUB }, false, false>,
        DS_INC_U32 => am::<{ at::INC }, false, false>,
        DS_DEC_U32 => am::<{ at::DEC }, false, false>,
        DS_MIN_I32 => am::<{ at::SMIN }, false, false>,
        DS_MAX_I32 => am::<{ at::SMAX }, false, false>,
        DS_MIN_U32 => am::<{ at::UMIN }, false, false>,
        DS_MAX_U32 => am::<{ at::UMAX }, false, false>,
        DS_AND_B32 => am::<{ at::AND }, false, false>,
        DS_OR_B32 => am::<{ at::OR }, false, false>,
        DS_XOR_B32 => am::<{ at::XOR }, false, false>,
        DS_MSKOR_B32 => am::<{ at::MSKOR }, false, false>,
        DS_CMPST_B32 => am::<{ at::CMPSWAP }, false, false>,
        DS_CMPST_F32 => am::<{ at::CMPSWAP_F }, false, false>,
        DS_MIN_F32 => am::<{ at::MIN_F }, false, false>,
        DS_MAX_F32 => am::<{ at::MAX_F }, false, false>,
        DS_ADD_F32 => am::<{ at::ADD_F }, false, false>,
        DS_PK_ADD_F16 => am::<{ at::PK_ADD_F16 }, false, false>,
        DS_PK_ADD_BF16 => am::<{ at::PK_ADD_BF16 }, false, false>,
        DS_ADD_RTN_U32 => am::<{ at::ADD }, false, true>,
        DS_SUB_RTN_U32 => am::<{ at::SUB }, false, true>,
        DS_RSUB_RTN_U32 => am::<{ at::RSUB }, false, true>,
        DS_INC_RTN_U32 => am::<{ at::INC }, false, true>,
        DS_DEC_RTN_U32 => am::<{ at::DEC }, false, true>,
        DS_MIN_RTN_I32 => am::<{ at::SMIN }, false, true>,
        DS_MAX_RTN_I32 => am::<{ at::SMAX }, false, true>,
        DS_MIN_RTN_U32 => am::<{ at::UMIN }, false, true>,
        DS_MAX_RTN_U32 => am::<{ at::UMAX }, false, true>,
        DS_AND_RTN_B32 => am::<{ at::AND }, false, true>,
        DS_OR_RTN_B32 => am::<{ at::OR }, false, true>,
        DS_XOR_RTN_B32 => am::<{ at::XOR }, false, true>,
        DS_MSKOR_RTN_B32 => am::<{ at::MSKOR }, false, true>,
        DS_WRXCHG_RTN_B32 => am::<{ at::SWAP }, false, true>,
        DS_CMPST_RTN_B32 => am::<{ at::CMPSWAP }, false, true>,
        DS_CMPST_RTN_F32 => am::<{ at::CMPSWAP_F }, false, true>,
        DS_MIN_RTN_F32 => am::<{ at::MIN_F }, false, true>,
        DS_MAX_RTN_F32 => am::<{ at::MAX_F }, false, true>,
        DS_WRAP_RTN_B32 => am::<{ at::WRAP }, false, true>,
        DS_ADD_RTN_F32 => am::<{ at::ADD_F }, false, true>,
        DS_PK_ADD_RTN_F16 => am::<{ at::PK_ADD_F16 }, false, true>,
        DS_PK_ADD_RTN_BF16 => am::<{ at::PK_ADD_BF16 }, false, true>,
        // 64-bit atomics.
        DS_ADD_U64 => am::<{ at::ADD }, true, false>,
        DS_SUB_U64 => am::<{ at::SUB }, true, false>,
        DS_RSUB_U64 => am::<{ at::RSUB }, true, false>,
        DS_INC_U64 => am::<{ at::INC }, true, false>,
        DS_DEC_U64 => am::<{ at::DEC }, true, false>,
        DS_MIN_I64 => am::<{ at::SMIN }, true, false>,
        DS_MAX_I64 => am::<{ at::SMAX }, true, false>,
        DS_MIN_U64 => am::<{ at::UMIN }, true, false>,
        DS_MAX_U64 => am::<{ at::UMAX }, true, false>,
        DS_AND_B64 => am::<{ at::AND }, true, false>,
        DS_OR_B64 => am::<{ at::OR }, true, false>,
        DS_XOR_B64 => am::<{ at::XOR }, true, false>,
        DS_MSKOR_B64 => am::<{ at::MSKOR }, true, false>,
        DS_CMPST_B64 => am::<{ at::CMPSWAP }, true, false>,
        DS_CMPST_F64 => am::<{ at::CMPSWAP_F }, true, false>,
        DS_MIN_F64 => am::<{ at::MIN_F }, true, false>,
        DS_MAX_F64 => am::<{ at::MAX_F }, true, false>,
        DS_ADD_F64 => am::<{ at::ADD_F }, true, false>,
        DS_ADD_RTN_U64 => am::<{ at::ADD }, true, true>,
        DS_SUB_RTN_U64 => am::<{ at::SUB }, true, true>,
        DS_RSUB_RTN_U64 => am::<{ at::RSUB }, true, true>,
        DS_INC_RTN_U64 => am::<{ at::INC }, true, true>,
        DS_DEC_RTN_U64 => am::<{ at::DEC }, true, true>,
        DS_MIN_RTN_I64 => am::<{ at::SMIN }, true, true>,
        DS_MAX_RTN_I64 => am::<{ at::SMAX }, true, true>,
        DS_MIN_RTN_U64 => am::<{ at::UMIN }, true, true>,
        DS_MAX_RTN_U64 => am::<{ at::UMAX }, true, true>,
        DS_AND_RTN_B64 => am::<{ at::AND }, true, true>,
        DS_OR_RTN_B64 => am::<{ at::OR }, true, true>,
        DS_XOR_RTN_B64 => am::<{ at::XOR }, true, true>,
        DS_MSKOR_RTN_B64 => am::<{ at::MSKOR }, true, true>,
        DS_WRXCHG_RTN_B64 => am::<{ at::SWAP }, true, true>,
        DS_CMPST_RTN_B64 => am::<{ at::CMPSWAP }, true, true>,
        DS_CMPST_RTN_F64 => am::<{ at::CMPSWAP_F }, true, true>,
        DS_MIN_RTN_F64 => am::<{ at::MIN_F }, true, true>,
        DS_MAX_RTN_F64 => am::<{ at::MAX_F }, true, true>,
        DS_ADD_RTN_F64 => am::<{ at::ADD_F }, true, true>,
        DS_CONDXCHG32_RTN_B64 => condxchg32,
        // Cross-lane without LDS memory.
        DS_SWIZZLE_B32 => swizzle,
        DS_PERMUTE_B32 => permute,
        DS_BPERMUTE_B32 => bpermute,
        // Wave-level counters and lane-indexed addressing.
        DS_APPEND => append::<false>,
        DS_CONSUME => append::<true>,
        DS_READ_ADDTID_B32 => read_addtid,
        DS_WRITE_ADDTID_B32 => write_addtid,
        // gfx950 transposing reads.
        DS_READ_B64_TR_B4 => read_tr::<4, 2>,
        DS_READ_B64_TR_B8 => read_tr::<8, 2>,
        DS_READ_B64_TR_B16 => read_tr::<16, 2>,
        DS_READ_B96_TR_B6 => read_tr::<6, 3>,
        // Global wave sync: the scheduler's (`Flow::Gws`).
        DS_GWS_INIT => gws::<{ GwsOp::Init as u8 }>,
        DS_GWS_BARRIER => gws::<{ GwsOp::Barrier as u8 }>,
        DS_GWS_SEMA_V => gws::<{ GwsOp::SemaV as u8 }>,
        DS_GWS_SEMA_BR => gws::<{ GwsOp::SemaBr as u8 }>,
        DS_GWS_SEMA_P => gws::<{ GwsOp::SemaP as u8 }>,
        DS_GWS_SEMA_RELEASE_ALL => gws::<{ GwsOp::SemaReleaseAll as u8 }>,
        _ => return None,
    })
}

/// Ops of this family that are not bit-exact, with their error bound (`None`: exact or not ours).
pub fn fidelity(op: Op) -> Option<(Fidelity, &'static str)> {
    use Op::*;
    match op {
        DS_READ_B64_TR_B4 | DS_READ_B64_TR_B8 | DS_READ_B64_TR_B16 | DS_READ_B96_TR_B6 => Some((
            Fidelity::Approximate,
            "no AMD pseudocode: the 16-lane transpose is derived from Triton's ds_read_tr layout (LLVM/Triton \
             sources) and assumed for b4/b6 by analogy; a source lane that is inactive contributes 0",
        )),
        DS_SWIZZLE_B32 => Some((
            Fidelity::Approximate,
            "quad-perm, bit-mask and FFT modes follow the MI200 guide formula exactly; rotate mode with a \
             non-zero mask follows the formula, which disagrees with the guide's own mask=1 example",
        )),
        _ => None,
    }
}

/// Single-address DS: `ADDR + {OFFSET1, OFFSET0}` (32-bit wrap; MI200 §11.3.2).
pub(crate) struct Ds;

impl Addr for Ds {
    #[inline(always)]
    fn locate(wave: &Wave, inst: &Inst, _: &Ctx, mask: u64, _: usize, locs: &mut [Loc; LANES]) {
        let a = &wave.vreg[vreg(inst.src[0], 0)];
        let off = inst.imm as u32 & 0xFFFF;
        for l in lanes(mask) {
            locs[l] = Loc::Lds(a[l].wrapping_add(off) as u64);
        }
    }
}

/// The LDS byte address `ADDR + offset` of every lane when each active lane's `len`-byte access lies inside the
/// work-group's allocation; `None` sends the instruction down the per-lane path (which names the faulting lane).
/// Unaligned accesses are served byte-exactly either way (module doc), so this only saves the per-lane checks.
#[inline(always)]
fn lds_lanes(w: &Wave, i: &Inst, lds_len: usize, mask: u64, len: usize) -> Option<[u32; LANES]> {
    let a = &w.vreg[vreg(i.src[0], 0)];
    let off = i.imm as u32 & 0xFFFF;
    let addrs: [u32; LANES] = std::array::from_fn(|l| a[l].wrapping_add(off));
    let top = if mask == u64::MAX {
        addrs.iter().copied().max().unwrap_or(0) as u64 + len as u64
    } else {
        let mut top = 0u64;
        for l in lanes(mask) {
            top = top.max(addrs[l] as u64 + len as u64);
        }
        top
    };
    (mask != 0 && top <= lds_len as u64).then_some(addrs)
}

/// `f(lane)` for the lanes of `mask` in ascending order (a plain loop when all 64 are active, the usual case).
#[inline(always)]
fn each_lane(mask: u64, f: impl FnMut(usize)) {
    if mask == u64::MAX {
        (0..LANES).for_each(f);
    } else {
        lanes(mask).for_each(f);
    }
}

/// `N` little-endian bytes (1, 2 or 4) of `lds` at `a` as a dword.
#[inline(always)]
fn lds_get<const B: usize>(lds: &[u8], a: usize) -> u32 {
    let mut b = [0u8; 4];
    b[..B].copy_from_slice(&lds[a..a + B]);
    u32::from_le_bytes(b)
}

fn rd<const K: u8, const N: usize>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let size = kind::size(K, N);
    if let Some(addrs) = lds_lanes(w, i, c.lds.len(), mask, size) {
        // Every access is in bounds: plain byte copies, registers merged as the general path does.
        let lds = &*c.lds;
        for d in 0..N {
            let r = &mut w.vreg[vreg(i.dst, d)];
            each_lane(mask, |l| {
                let a = addrs[l] as usize + 4 * d;
                let raw = match size {
                    1 => lds_get::<1>(lds, a),
                    2 => lds_get::<2>(lds, a),
                    _ => lds_get::<4>(lds, a),
                };
                r[l] = kind::merge(K, raw, r[l]);
            });
        }
        return Ok(FlowWord::NEXT);
    }
    load::<Ds, K, N>(w, i, c, i.dst)
}

fn wr<const K: u8, const N: usize>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let size = kind::size(K, N);
    if let Some(addrs) = lds_lanes(w, i, c.lds.len(), mask, size) {
        // In lane order, as the general path: a later lane's write to the same byte wins.
        let data: [&[u32; LANES]; N] = std::array::from_fn(|d| &w.vreg[vreg(i.src[1], d)]);
        let lds = &mut *c.lds;
        each_lane(mask, |l| {
            let a = addrs[l] as usize;
            for (d, v) in data.iter().enumerate() {
                let x = kind::store_bits(K, v[l]).to_le_bytes();
                let at = a + 4 * d;
                match size {
                    1 => lds[at] = x[0],
                    2 => lds[at..at + 2].copy_from_slice(&x[..2]),
                    _ => lds[at..at + 4].copy_from_slice(&x),
                }
            }
        });
        return Ok(FlowWord::NEXT);
    }
    store::<Ds, K, N>(w, i, c, i.src[1])
}

/// DS atomics: DATA = `src[1]`, DATA2 = `src[2]`; CMPST stores DATA2 when memory equals DATA
/// (pseudocode.md DS_CMPST_B32: `src = DATA2.b32; cmp = DATA.b32`), MSKOR is `(tmp & ~DATA) | DATA2`.
fn am<const OP: u8, const W64: bool, const RTN: bool>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let (a, b) = if OP == at::CMPSWAP || OP == at::CMPSWAP_F {
        (i.src[2], i.src[1])
    } else {
        (i.src[1], i.src[2])
    };
    atomic::<Ds, OP, W64>(w, i, c, a, b, if RTN { Some(i.dst) } else { None })
}

#[inline(always)]
fn offsets<const SCALE: u32>(i: &Inst) -> [u32; 2] {
    [
        (i.imm as u32 & 0xFF) * SCALE,
        (i.imm as u32 >> 8 & 0xFF) * SCALE,
    ]
}

/// DS_READ2*: `RETURN_DATA[31:0] = MEM[addr + OFFSET0 * 4]`, `RETURN_DATA[63:32] = MEM[addr + OFFSET1 * 4]`
/// (N dwords per element, two elements to VDST..VDST+2N-1).
fn rd2<const N: usize, const SCALE: u32>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let base = w.vreg[vreg(i.src[0], 0)];
    let off = offsets::<SCALE>(i);
    let mut out = [[0u32; LANES]; 4];
    let mut faults = Faults::default();
    {
        let sp = spaces(&mut w.scratch, w.private_size, c);
        for l in lanes(mask) {
            for (e, o) in off.iter().enumerate() {
                let mut buf = [0u8; 8];
                match sp.read(
                    l,
                    Loc::Lds(base[l].wrapping_add(*o) as u64),
                    &mut buf[..4 * N],
                ) {
                    Ok(()) => {
                        for d in 0..N {
                            out[e * N + d][l] =
                                u32::from_le_bytes(buf[4 * d..4 * d + 4].try_into().unwrap());
                        }
                    }
                    Err(why) => faults.add(l, why),
                }
            }
        }
    }
    faults.check(i)?;
    for (d, o) in out.iter().enumerate().take(2 * N) {
        let r = vreg(i.dst, d);
        for l in lanes(mask) {
            w.vreg[r][l] = o[l];
        }
    }
    Ok(FlowWord::NEXT)
}

/// DS_WRITE2*: DATA0 to `addr + OFFSET0 * scale`, DATA1 to `addr + OFFSET1 * scale`.
fn wr2<const N: usize, const SCALE: u32>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let base = w.vreg[vreg(i.src[0], 0)];
    let off = offsets::<SCALE>(i);
    let data = [
        [w.vreg[vreg(i.src[1], 0)], w.vreg[vreg(i.src[1], 1)]],
        [w.vreg[vreg(i.src[2], 0)], w.vreg[vreg(i.src[2], 1)]],
    ];
    let mut faults = Faults::default();
    let mut sp = spaces(&mut w.scratch, w.private_size, c);
    for l in lanes(mask) {
        for e in 0..2 {
            let mut buf = [0u8; 8];
            for d in 0..N {
                buf[4 * d..4 * d + 4].copy_from_slice(&data[e][d][l].to_le_bytes());
            }
            if let Err(why) = sp.write(
                l,
                Loc::Lds(base[l].wrapping_add(off[e]) as u64),
                &buf[..4 * N],
            ) {
                faults.add(l, why);
            }
        }
    }
    faults.check(i).map(|_| FlowWord::NEXT)
}

/// DS_WRXCHG2*_RTN: read both elements, then write DATA0/DATA1 there; the old values return to VDST.
fn xchg2<const N: usize, const SCALE: u32>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let base = w.vreg[vreg(i.src[0], 0)];
    let off = offsets::<SCALE>(i);
    let data = [
        [w.vreg[vreg(i.src[1], 0)], w.vreg[vreg(i.src[1], 1)]],
        [w.vreg[vreg(i.src[2], 0)], w.vreg[vreg(i.src[2], 1)]],
    ];
    let mut out = [[0u32; LANES]; 4];
    let mut faults = Faults::default();
    {
        let mut sp = spaces(&mut w.scratch, w.private_size, c);
        for l in lanes(mask) {
            let locs = [
                Loc::Lds(base[l].wrapping_add(off[0]) as u64),
                Loc::Lds(base[l].wrapping_add(off[1]) as u64),
            ];
            let mut old = [[0u8; 8]; 2];
            let r = sp
                .read(l, locs[0], &mut old[0][..4 * N])
                .and_then(|_| sp.read(l, locs[1], &mut old[1][..4 * N]));
            if let Err(why) = r {
                faults.add(l, why);
                continue;
            }
            for e in 0..2 {
                let mut buf = [0u8; 8];
                for d in 0..N {
                    buf[4 * d..4 * d + 4].copy_from_slice(&data[e][d][l].to_le_bytes());
                    out[e * N + d][l] =
                        u32::from_le_bytes(old[e][4 * d..4 * d + 4].try_into().unwrap());
                }
                if let Err(why) = sp.write(l, locs[e], &buf[..4 * N]) {
                    faults.add(l, why);
                }
            }
        }
    }
    faults.check(i)?;
    for (d, o) in out.iter().enumerate().take(2 * N) {
        let r = vreg(i.dst, d);
        for l in lanes(mask) {
            w.vreg[r][l] = o[l];
        }
    }
    Ok(FlowWord::NEXT)
}

/// DS_CONDXCHG32_RTN_B64 (pseudocode.md): on the aligned qword at `ADDR + offset`, each dword is replaced by
/// DATA's dword with bit 31 cleared when DATA's bit 31 (resp. 63) is set; the old qword returns. The pseudocode's
/// `& 0xfff8` is read as "align to 8" (the 16-bit mask predates 160 KiB LDS).
fn condxchg32(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let base = w.vreg[vreg(i.src[0], 0)];
    let (d0, d1) = (w.vreg[vreg(i.src[1], 0)], w.vreg[vreg(i.src[1], 1)]);
    let off = i.imm as u32 & 0xFFFF;
    let mut out = [[0u32; LANES]; 2];
    let mut faults = Faults::default();
    {
        let mut sp = spaces(&mut w.scratch, w.private_size, c);
        for l in lanes(mask) {
            let a = base[l].wrapping_add(off) & !7;
            let data = [d0[l], d1[l]];
            for h in 0..2 {
                let loc = Loc::Lds(a as u64 + 4 * h as u64);
                match sp.atomic32(l, loc, |old| {
                    if data[h] >> 31 != 0 {
                        data[h] & 0x7FFF_FFFF
                    } else {
                        old
                    }
                }) {
                    Ok(v) => out[h][l] = v,
                    Err(why) => faults.add(l, why),
                }
            }
        }
    }
    faults.check(i)?;
    for (h, o) in out.iter().enumerate() {
        let r = vreg(i.dst, h);
        for l in lanes(mask) {
            w.vreg[r][l] = o[l];
        }
    }
    Ok(FlowWord::NEXT)
}

/// Write `vals` to the lanes of `mask` in `dst`.
#[inline(always)]
fn write_lanes(w: &mut Wave, dst: Operand, vals: &[u32; LANES], mask: u64) {
    let r = &mut w.vreg[vreg(dst, 0)];
    for l in lanes(mask) {
        r[l] = vals[l];
    }
}

/// The source lane of `lane` for DS_SWIZZLE_B32 with `offset` (MI200 guide §12.12.1 pseudocode):
/// - `offset >= 0xE000`: FFT, `j = (reverse5(i) >> popcount(mask)) | (i & mask)`, mask = offset[4:0];
/// - `0xC000..0xE000`: rotate by offset[9:5] (right when offset[10]) within 32 lanes, lanes in offset[4:0] fixed;
/// - `offset[15]`: quad permute, lane `4q + k` reads `4q + offset[2k+1:2k]`;
/// - else bit-mask: `j = ((i & and_mask) | or_mask) ^ xor_mask` with and = [4:0], or = [9:5], xor = [14:10].
///
/// All modes act within each half of the wave (bit 5 of the lane is kept).
#[inline(always)]
pub(crate) fn swizzle_source(offset: u32, lane: usize) -> usize {
    let i = lane as u32;
    let j = if offset >= 0xE000 {
        let m = offset & 0x1F;
        let rev = (i & 0x1F).reverse_bits() >> 27;
        (rev >> m.count_ones()) | (i & m)
    } else if offset >= 0xC000 {
        let m = offset & 0x1F;
        let mut rot = (offset >> 5) & 0x1F;
        if offset & (1 << 10) != 0 {
            rot = rot.wrapping_neg();
        }
        // The guide's `(i + rotate) & ~mask` taken within the 32-lane half (its own mask=0 examples wrap at 32).
        (i & m) | (i.wrapping_add(rot) & !m & 0x1F)
    } else if offset & 0x8000 != 0 {
        (i & !3) | ((offset >> (2 * (i & 3))) & 3)
    } else {
        let (and, or, xor) = (offset & 0x1F, (offset >> 5) & 0x1F, (offset >> 10) & 0x1F);
        (((i & 0x1F) & and) | or) ^ xor
    };
    ((j & 0x1F) | (i & 0x20)) as usize
}

/// DS_SWIZZLE_B32: no LDS access; reading an inactive lane gives 0 (MI200 §12.12.1).
fn swizzle(w: &mut Wave, i: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let src = w.vreg[vreg(i.src[0], 0)];
    let offset = i.imm as u32 & 0xFFFF;
    let mut out = [0u32; LANES];
    for (l, o) in out.iter_mut().enumerate() {
        let j = swizzle_source(offset, l);
        *o = if mask >> j & 1 != 0 { src[j] } else { 0 };
    }
    write_lanes(w, i.dst, &out, mask);
    Ok(FlowWord::NEXT)
}

/// DS_PERMUTE_B32 (pseudocode.md): forward permute, active lane i sends DATA0 to lane `(ADDR + OFFSET) / 4 % 64`;
/// lanes nobody sends to get 0; when several send to one lane the highest-numbered sender wins.
fn permute(w: &mut Wave, i: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let (addr, data) = (w.vreg[vreg(i.src[0], 0)], w.vreg[vreg(i.src[1], 0)]);
    let off = i.imm as u32 & 0xFFFF;
    let mut tmp = [0u32; LANES];
    for l in lanes(mask) {
        tmp[(addr[l].wrapping_add(off) / 4 % 64) as usize] = data[l];
    }
    write_lanes(w, i.dst, &tmp, mask);
    Ok(FlowWord::NEXT)
}

/// DS_BPERMUTE_B32 (pseudocode.md): backward permute, lane i reads DATA0 of lane `(ADDR + OFFSET) / 4 % 64`,
/// or 0 when that lane is inactive ("EXEC is applied to the source VGPR reads").
fn bpermute(w: &mut Wave, i: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let (addr, data) = (w.vreg[vreg(i.src[0], 0)], w.vreg[vreg(i.src[1], 0)]);
    let off = i.imm as u32 & 0xFFFF;
    let mut tmp = [0u32; LANES];
    for l in lanes(mask) {
        let s = (addr[l].wrapping_add(off) / 4 % 64) as usize;
        tmp[l] = if mask >> s & 1 != 0 { data[s] } else { 0 };
    }
    write_lanes(w, i.dst, &tmp, mask);
    Ok(FlowWord::NEXT)
}

/// DS_GWS_* (CDNA4 guide §12 opcodes 152-157): the resource is `rid[5:0] = M0[21:16] + OFFSET0[5:0]` (the
/// guide's `SH_SX_EXPCMD.gds_base` is M0[21:16] for compute: LLVM sets M0 before a GWS instruction), the value is
/// the data VGPR of the first active lane (`find_first_valid(vector mask)`; lane 0 with EXEC = 0). The encoding
/// carries that VGPR in the ADDR field (opcodes.csv / LLVM: DATA0 is reserved on these), so it is `src[0]`. What
/// the operation
/// does to the resource and to the wave is the scheduler's.
fn gws<const OP: u8>(w: &mut Wave, i: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let op = GwsOp::from_u8(OP);
    let mask = w.exec();
    let lane = if mask == 0 {
        0
    } else {
        mask.trailing_zeros() as usize
    };
    // sema_v, sema_p and release_all have no data operand
    let value = match op {
        GwsOp::Init | GwsOp::Barrier | GwsOp::SemaBr => w.vreg[vreg(i.src[0], 0)][lane],
        _ => 0,
    };
    let rid = ((w.m0() >> 16) as u8).wrapping_add(i.imm as u8) & 0x3F;
    Ok(Flow::Gws { op, rid, value }.into())
}

/// DS_APPEND / DS_CONSUME (MI200 §12.12 text; no pseudocode): add (subtract) the number of active lanes to the
/// dword at `M0 + offset` and return the pre-op value to every active lane. M0 holds the LDS byte address
/// (LLVM sets M0 to the counter's LDS pointer). Nothing happens with EXEC = 0.
fn append<const CONSUME: bool>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    if mask == 0 {
        return Ok(FlowWord::NEXT);
    }
    let n = mask.count_ones();
    let addr = w.m0().wrapping_add(i.imm as u32 & 0xFFFF) as u64;
    let first = mask.trailing_zeros() as usize;
    let old = {
        let mut sp = spaces(&mut w.scratch, w.private_size, c);
        sp.atomic32(first, Loc::Lds(addr), |v| {
            if CONSUME {
                v.wrapping_sub(n)
            } else {
                v.wrapping_add(n)
            }
        })
    };
    let old = old.map_err(|why| lane_fault(i, first, why))?;
    write_lanes(w, i.dst, &[old; LANES], mask);
    Ok(FlowWord::NEXT)
}

#[cold]
fn lane_fault(i: &Inst, lane: usize, why: Why) -> Box<Fault> {
    let mut f = Faults::default();
    f.add(lane, why);
    f.into_fault(i)
}

#[inline(always)]
fn addtid_base(w: &Wave, i: &Inst) -> u32 {
    // pseudocode.md DS_READ_ADDTID_B32: `MEM[{OFFSET1, OFFSET0} + M0[15:0] + laneID * 4]`.
    (i.imm as u32 & 0xFFFF) + (w.m0() & 0xFFFF)
}

fn read_addtid(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let base = addtid_base(w, i);
    let mut out = [0u32; LANES];
    let mut faults = Faults::default();
    {
        let sp = spaces(&mut w.scratch, w.private_size, c);
        for l in lanes(mask) {
            let mut b = [0u8; 4];
            match sp.read(l, Loc::Lds((base + 4 * l as u32) as u64), &mut b) {
                Ok(()) => out[l] = u32::from_le_bytes(b),
                Err(why) => faults.add(l, why),
            }
        }
    }
    faults.check(i)?;
    write_lanes(w, i.dst, &out, mask);
    Ok(FlowWord::NEXT)
}

fn write_addtid(w: &mut Wave, i: &Inst, c: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let base = addtid_base(w, i);
    // The only data operand is DATA0 (`ds_write_addtid_b32 v4`).
    let data = w.vreg[vreg(
        if i.src[1].is_none() {
            i.src[0]
        } else {
            i.src[1]
        },
        0,
    )];
    let mut faults = Faults::default();
    let mut sp = spaces(&mut w.scratch, w.private_size, c);
    for l in lanes(mask) {
        if let Err(why) = sp.write(
            l,
            Loc::Lds((base + 4 * l as u32) as u64),
            &data[l].to_le_bytes(),
        ) {
            faults.add(l, why);
        }
    }
    faults.check(i).map(|_| FlowWord::NEXT)
}

/// gfx950 DS_READ_B64_TR_B{4,8,16} / DS_READ_B96_TR_B6: each lane reads `DW` dwords at `ADDR + offset`, then
/// every group of 16 lanes exchanges elements of `BITS` bits so that the result is the transpose of what was read.
///
/// No AMD pseudocode exists (pseudocode.md lists these without text). Derived from Triton's AMD backend, which
/// describes the 16-bit case as: "each lane loads 4 consecutive elements (64 bits) along M; 4 consecutive lanes
/// along M; the elements are exchanged within the M×K = 16×4 base unit" so that lane j ends with row M = j, K = 0..3,
/// and obtains the other widths by moving the first log2(64/bits) register bases to the lane bases.
/// With `E` = elements per lane (64/bits, or 16 for b6) and `G` = 16 / E, that is:
/// `result[lane j].elem[r] = loaded[lane (j / E) + r * G].elem[j % E]` within each 16-lane group, i.e. for b16
/// lane j element r comes from lane `j/4 + 4r`, for b8 from `j/8 + 2r` (two interleaved 8×8 byte transposes),
/// for b4 and b6 from lane r (a 16×16 transpose). A source lane that is inactive contributes 0.
fn read_tr<const BITS: u32, const DW: usize>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let mask = w.exec();
    let base = w.vreg[vreg(i.src[0], 0)];
    let off = i.imm as u32 & 0xFFFF;
    let mut loaded = [0u128; LANES];
    let mut faults = Faults::default();
    if let Some(addrs) = lds_lanes(w, i, c.lds.len(), mask, 4 * DW) {
        let lds = &*c.lds;
        each_lane(mask, |l| {
            let a = addrs[l] as usize;
            let mut b = [0u8; 16];
            b[..4 * DW].copy_from_slice(&lds[a..a + 4 * DW]);
            loaded[l] = u128::from_le_bytes(b);
        });
    } else {
        let sp = spaces(&mut w.scratch, w.private_size, c);
        for l in lanes(mask) {
            let mut b = [0u8; 16];
            match sp.read(
                l,
                Loc::Lds(base[l].wrapping_add(off) as u64),
                &mut b[..4 * DW],
            ) {
                Ok(()) => loaded[l] = u128::from_le_bytes(b),
                Err(why) => faults.add(l, why),
            }
        }
    }
    faults.check(i)?;
    let e = (32 * DW as u32 / BITS) as usize;
    let g = 16 / e;
    let emask = (1u128 << BITS) - 1;
    let mut out = [[0u32; LANES]; DW];
    if BITS % 8 == 0 {
        // Whole-byte elements (b8, b16): the same transpose with byte copies instead of 128-bit shifts.
        let eb = BITS as usize / 8;
        each_lane(mask, |j| {
            let (grp, jj) = (j & !15, j & 15);
            let mut v = [0u8; 16];
            for r in 0..e {
                let src = loaded[grp + jj / e + r * g].to_le_bytes();
                let o = eb * (jj % e);
                v[eb * r..eb * (r + 1)].copy_from_slice(&src[o..o + eb]);
            }
            for (d, o) in out.iter_mut().enumerate() {
                o[j] = u32::from_le_bytes(v[4 * d..4 * d + 4].try_into().unwrap());
            }
        });
    }
    if BITS % 8 != 0 {
        for j in lanes(mask) {
            let (grp, jj) = (j & !15, j & 15);
            let mut v = 0u128;
            for r in 0..e {
                let s = grp + jj / e + r * g;
                let x = (loaded[s] >> (BITS as usize * (jj % e))) & emask;
                v |= x << (BITS as usize * r);
            }
            for (d, o) in out.iter_mut().enumerate() {
                o[j] = (v >> (32 * d)) as u32;
            }
        }
    }
    for (d, o) in out.iter().enumerate() {
        let r = &mut w.vreg[vreg(i.dst, d)];
        each_lane(mask, |l| r[l] = o[l]);
    }
    Ok(FlowWord::NEXT)
}
