//! SMEM: scalar loads, stores and atomics (pseudocode.md "Format SMEM"; CDNA4 guide chapter 8, MI200 guide §8.4).
//!
//! Addressing (guide §8.2.1.1, encodings.md SMEM). `Inst` fields: `src[0]` = SBASE (first SGPR), `dst` = SDATA
//! of loads, `src[1]` = SDATA of stores/atomics, `src[2]` = the SGPR offset (SOFFSET when SOE, or the OFFSET
//! field's SGPR when IMM = 0), `imm` = the immediate OFFSET, `mem` flags IMM/SOE/GLC.
//! - global (`S_LOAD_*`, `S_STORE_*`, `S_ATOMIC_*`): `ADDR = SGPR-pair[SBASE] + inst_offset + SGPR offset`,
//!   inst_offset = OFFSET sign-extended from 21 bits (signed for S_LOAD/S_STORE, encodings.md SMEM).
//! - scratch (`S_SCRATCH_*`): `ADDR = SGPR-pair[SBASE] + inst_offset + SGPR offset * 64`. The result is an
//!   address in the wave's scratch as hardware lays it out (swizzled: element size 4, index stride 64, so
//!   byte `a` is lane `(a / 4) % 64`, private offset `(a / 256) * 4`). wavescope gives every wave
//!   FLAT_SCRATCH = 0 (launch.rs), so that address is relative to the wave's own scratch.
//! - buffer (`S_BUFFER_*`): V# in 4 SGPRs: base = {SGPR[1][15:0], SGPR[0]}, stride = SGPR[1][29:16],
//!   num_records = SGPR[2]; `offset = inst_offset (unsigned) + SGPR offset`, `ADDR = base + offset`.
//!   Range check per dword (MI200 §9.1.5.1 raw buffers, §8.4): a dword at `offset + 4k >= range` is out of
//!   range, where `range = num_records` bytes when stride is 0, else `num_records * stride` (scalar buffers
//!   use stride only for the bounds, guide §8.2.1.1). Out-of-range loads return 0, stores are dropped,
//!   atomics are dropped and return 0.
//!
//! The two address LSBs are ignored (dword alignment, guide §8.2.1.1). Unmapped addresses fault with
//! `Fault::memory(err, 0)` before any SGPR is written.

use crate::exec::fidelity::Fidelity;
use crate::exec::FlowWord;
use crate::exec::{Apertures, ConstKind, Ctx, Fault, Handler, MemError, Wave};
use crate::isa::{mem_flags, Inst, Op, Operand};

type R = Result<FlowWord, Box<Fault>>;

/// Address spaces of SMEM (const generic parameter).
const GLOBAL: u8 = 0;
const SCRATCH: u8 = 1;
const BUFFER: u8 = 2;

/// Atomic operations (the low 5 bits of the SMEM atomic opcodes: 64+k / 96+k buffer, 128+k / 160+k global).
const SWAP: u8 = 0;
const CMPSWAP: u8 = 1;
const ADD: u8 = 2;
const SUB: u8 = 3;
const SMIN: u8 = 4;
const UMIN: u8 = 5;
const SMAX: u8 = 6;
const UMAX: u8 = 7;
const AND: u8 = 8;
const OR: u8 = 9;
const XOR: u8 = 10;
const INC: u8 = 11;
const DEC: u8 = 12;

pub fn lookup(op: Op) -> Option<Handler> {
    use Op::*;
    Some(match op {
        S_LOAD_DWORD => load::<GLOBAL, 1>,
        S_LOAD_DWORDX2 => load::<GLOBAL, 2>,
        S_LOAD_DWORDX4 => load::<GLOBAL, 4>,
        S_LOAD_DWORDX8 => load::<GLOBAL, 8>,
        S_LOAD_DWORDX16 => load::<GLOBAL, 16>,
        S_SCRATCH_LOAD_DWORD => load::<SCRATCH, 1>,
        S_SCRATCH_LOAD_DWORDX2 => load::<SCRATCH, 2>,
        S_SCRATCH_LOAD_DWORDX4 => load::<SCRATCH, 4>,
        S_BUFFER_LOAD_DWORD => load::<BUFFER, 1>,
        S_BUFFER_LOAD_DWORDX2 => load::<BUFFER, 2>,
        S_BUFFER_LOAD_DWORDX4 => load::<BUFFER, 4>,
        S_BUFFER_LOAD_DWORDX8 => load::<BUFFER, 8>,
        S_BUFFER_LOAD_DWORDX16 => load::<BUFFER, 16>,
        S_STORE_DWORD => store::<GLOBAL, 1>,
        S_STORE_DWORDX2 => store::<GLOBAL, 2>,
        S_STORE_DWORDX4 => store::<GLOBAL, 4>,
        S_SCRATCH_STORE_DWORD => store::<SCRATCH, 1>,
        S_SCRATCH_STORE_DWORDX2 => store::<SCRATCH, 2>,
        S_SCRATCH_STORE_DWORDX4 => store::<SCRATCH, 4>,
        S_BUFFER_STORE_DWORD => store::<BUFFER, 1>,
        S_BUFFER_STORE_DWORDX2 => store::<BUFFER, 2>,
        S_BUFFER_STORE_DWORDX4 => store::<BUFFER, 4>,
        // Cache maintenance and translation probes (no pseudocode; guide §8.2.3): wavescope has no scalar cache
        // and no TLB, memory is always coherent, so they change no architectural state.
        S_DCACHE_INV | S_DCACHE_WB | S_DCACHE_INV_VOL | S_DCACHE_WB_VOL | S_DCACHE_DISCARD
        | S_DCACHE_DISCARD_X2 | S_ATC_PROBE | S_ATC_PROBE_BUFFER => |_, _, _| Ok(FlowWord::NEXT),
        S_MEMTIME | S_MEMREALTIME => memtime,
        S_BUFFER_ATOMIC_SWAP => atomic::<BUFFER, SWAP, false>,
        S_BUFFER_ATOMIC_CMPSWAP => atomic::<BUFFER, CMPSWAP, false>,
        S_BUFFER_ATOMIC_ADD => atomic::<BUFFER, ADD, false>,
        S_BUFFER_ATOMIC_SUB => atomic::<BUFFER, SUB, false>,
        S_BUFFER_ATOMIC_SMIN => atomic::<BUFFER, SMIN, false>,
        S_BUFFER_ATOMIC_UMIN => atomic::<BUFFER, UMIN, false>,
        S_BUFFER_ATOMIC_SMAX => atomic::<BUFFER, SMAX, false>,
        S_BUFFER_ATOMIC_UMAX => atomic::<BUFFER, UMAX, false>,
        S_BUFFER_ATOMIC_AND => atomic::<BUFFER, AND, false>,
        S_BUFFER_ATOMIC_OR => atomic::<BUFFER, OR, false>,
        S_BUFFER_ATOMIC_XOR => atomic::<BUFFER, XOR, false>,
        S_BUFFER_ATOMIC_INC => atomic::<BUFFER, INC, false>,
        S_BUFFER_ATOMIC_DEC => atomic::<BUFFER, DEC, false>,
        S_BUFFER_ATOMIC_SWAP_X2 => atomic::<BUFFER, SWAP, true>,
        S_BUFFER_ATOMIC_CMPSWAP_X2 => atomic::<BUFFER, CMPSWAP, true>,
        S_BUFFER_ATOMIC_ADD_X2 => atomic::<BUFFER, ADD, true>,
        S_BUFFER_ATOMIC_SUB_X2 => atomic::<BUFFER, SUB, true>,
        S_BUFFER_ATOMIC_SMIN_X2 => atomic::<BUFFER, SMIN, true>,
        S_BUFFER_ATOMIC_UMIN_X2 => atomic::<BUFFER, UMIN, true>,
        S_BUFFER_ATOMIC_SMAX_X2 => atomic::<BUFFER, SMAX, true>,
        S_BUFFER_ATOMIC_UMAX_X2 => atomic::<BUFFER, UMAX, true>,
        S_BUFFER_ATOMIC_AND_X2 => atomic::<BUFFER, AND, true>,
        S_BUFFER_ATOMIC_OR_X2 => atomic::<BUFFER, OR, true>,
        S_BUFFER_ATOMIC_XOR_X2 => atomic::<BUFFER, XOR, true>,
        S_BUFFER_ATOMIC_INC_X2 => atomic::<BUFFER, INC, true>,
        S_BUFFER_ATOMIC_DEC_X2 => atomic::<BUFFER, DEC, true>,
        S_ATOMIC_SWAP => atomic::<GLOBAL, SWAP, false>,
        S_ATOMIC_CMPSWAP => atomic::<GLOBAL, CMPSWAP, false>,
        S_ATOMIC_ADD => atomic::<GLOBAL, ADD, false>,
        S_ATOMIC_SUB => atomic::<GLOBAL, SUB, false>,
        S_ATOMIC_SMIN => atomic::<GLOBAL, SMIN, false>,
        S_ATOMIC_UMIN => atomic::<GLOBAL, UMIN, false>,
        S_ATOMIC_SMAX => atomic::<GLOBAL, SMAX, false>,
        S_ATOMIC_UMAX => atomic::<GLOBAL, UMAX, false>,
        S_ATOMIC_AND => atomic::<GLOBAL, AND, false>,
        S_ATOMIC_OR => atomic::<GLOBAL, OR, false>,
        S_ATOMIC_XOR => atomic::<GLOBAL, XOR, false>,
        S_ATOMIC_INC => atomic::<GLOBAL, INC, false>,
        S_ATOMIC_DEC => atomic::<GLOBAL, DEC, false>,
        S_ATOMIC_SWAP_X2 => atomic::<GLOBAL, SWAP, true>,
        S_ATOMIC_CMPSWAP_X2 => atomic::<GLOBAL, CMPSWAP, true>,
        S_ATOMIC_ADD_X2 => atomic::<GLOBAL, ADD, true>,
        S_ATOMIC_SUB_X2 => atomic::<GLOBAL, SUB, true>,
        S_ATOMIC_SMIN_X2 => atomic::<GLOBAL, SMIN, true>,
        S_ATOMIC_UMIN_X2 => atomic::<GLOBAL, UMIN, true>,
        S_ATOMIC_SMAX_X2 => atomic::<GLOBAL, SMAX, true>,
        S_ATOMIC_UMAX_X2 => atomic::<GLOBAL, UMAX, true>,
        S_ATOMIC_AND_X2 => atomic::<GLOBAL, AND, true>,
        S_ATOMIC_OR_X2 => atomic::<GLOBAL, OR, true>,
        S_ATOMIC_XOR_X2 => atomic::<GLOBAL, XOR, true>,
        S_ATOMIC_INC_X2 => atomic::<GLOBAL, INC, true>,
        S_ATOMIC_DEC_X2 => atomic::<GLOBAL, DEC, true>,
        _ => return None,
    })
}

/// Ops of this family that are not bit-exact, with their error bound (`None`: exact or not ours).
pub fn fidelity(op: Op) -> Option<(Fidelity, &'static str)> {
    match op {
        Op::S_MEMTIME | Op::S_MEMREALTIME => Some((
            Fidelity::Approximate,
            "hardware returns a free-running clock (core clock / 25 MHz); wavescope returns the wave's count of \
             issued instructions (including this one): deterministic and monotonic, not a time",
        )),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Addressing
// ---------------------------------------------------------------------------------------------------------------

/// The SDATA operand of a store or atomic (`src[1]`), tolerating a decoder that used `data` or `dst`.
#[inline(always)]
fn sdata(i: &Inst) -> Operand {
    if !i.src[1].is_none() {
        i.src[1]
    } else if !i.data.is_none() {
        i.data
    } else {
        i.dst
    }
}

/// The immediate offset, or 0 when the OFFSET field names an SGPR instead (IMM = 0 without SOE).
#[inline(always)]
fn inst_offset(i: &Inst, signed: bool) -> i64 {
    if i.mem & (mem_flags::IMM | mem_flags::SOE) == 0 && !i.src[2].is_none() {
        return 0;
    }
    let raw = i.imm as u32 & 0x1F_FFFF;
    if signed {
        ((raw << 11) as i32 >> 11) as i64
    } else {
        raw as i64
    }
}

/// The SGPR (or M0) offset, 0 when there is none.
#[inline(always)]
fn sgpr_offset(w: &Wave, i: &Inst, ap: &Apertures) -> u64 {
    if i.src[2].is_none() {
        0
    } else {
        w.read_scalar(i.src[2], i.literal, ap, ConstKind::B32) as u32 as u64
    }
}

#[inline(always)]
fn sbase64(w: &Wave, i: &Inst) -> u64 {
    let r = i.src[0].0 as usize;
    w.sgpr[r & 127] as u64 | (w.sgpr[(r + 1) & 127] as u64) << 32
}

/// A computed SMEM access: the byte address (dword aligned) and, for buffers, how many of the dwords from it
/// are in range (every dword for global/scratch).
#[derive(Clone, Copy)]
struct Access {
    addr: u64,
    in_range: usize,
}

/// CalcScalarGlobalAddr / CalcScalarScratchAddr / CalcScalarBufferAddr (see the module doc).
#[inline(always)]
fn access<const SPACE: u8>(w: &Wave, i: &Inst, c: &Ctx, dwords: usize) -> Access {
    access_in::<SPACE>(w, i, &c.apertures, dwords)
}

/// The byte address and the bytes in range of a scalar load (`S_LOAD_*` when `buffer` is false, `S_BUFFER_LOAD_*`
/// when true) of `bytes` bytes, in the wave's state before it runs: what the cycle model's scalar cache looks up.
/// The same rule the load itself follows, so the two cannot disagree.
pub(crate) fn load_extent(
    w: &Wave,
    i: &Inst,
    ap: &Apertures,
    buffer: bool,
    bytes: u32,
) -> (u64, u32) {
    let dwords = (bytes / 4) as usize;
    let a = if buffer {
        access_in::<BUFFER>(w, i, ap, dwords)
    } else {
        access_in::<GLOBAL>(w, i, ap, dwords)
    };
    (a.addr, (a.in_range * 4) as u32)
}

#[inline(always)]
fn access_in<const SPACE: u8>(w: &Wave, i: &Inst, ap: &Apertures, dwords: usize) -> Access {
    let soff = sgpr_offset(w, i, ap);
    match SPACE {
        GLOBAL => Access {
            addr: sbase64(w, i)
                .wrapping_add(inst_offset(i, true) as u64)
                .wrapping_add(soff)
                & !3,
            in_range: dwords,
        },
        SCRATCH => Access {
            addr: sbase64(w, i)
                .wrapping_add(inst_offset(i, true) as u64)
                .wrapping_add(soff.wrapping_mul(64))
                & !3,
            in_range: dwords,
        },
        _ => {
            let r = i.src[0].0 as usize;
            let (d0, d1, d2) = (
                w.sgpr[r & 127],
                w.sgpr[(r + 1) & 127],
                w.sgpr[(r + 2) & 127],
            );
            let base = (d0 as u64 | ((d1 & 0xFFFF) as u64) << 32) & !3;
            let stride = ((d1 >> 16) & 0x3FFF) as u64;
            let range = if stride == 0 {
                d2 as u64
            } else {
                d2 as u64 * stride
            };
            let offset = (inst_offset(i, false) as u64).wrapping_add(soff) & !3;
            let in_range = if offset >= range {
                0
            } else {
                ((range - offset).div_ceil(4) as usize).min(dwords)
            };
            Access {
                addr: base.wrapping_add(offset),
                in_range,
            }
        }
    }
}

/// Index into `wave.scratch` of the dword at wave scratch address `addr` (swizzled: element size 4, index
/// stride 64), or the fault when it lies past the wave's private segment.
#[inline(always)]
fn scratch_index(w: &Wave, addr: u64) -> Result<usize, Box<Fault>> {
    let lane = ((addr >> 2) & 63) as usize;
    let per_lane = (addr >> 8) * 4;
    if per_lane + 4 > w.private_size as u64 {
        return Err(Fault::memory(MemError::Unmapped { addr, len: 4 }, 0));
    }
    Ok(lane * w.private_size as usize + per_lane as usize)
}

// ---------------------------------------------------------------------------------------------------------------
// Loads and stores
// ---------------------------------------------------------------------------------------------------------------

/// S_LOAD / S_SCRATCH_LOAD / S_BUFFER_LOAD_DWORD{,X2,X4,X8,X16}: `SDATA[32k+31 : 32k] = MEM[addr + 4k].b32`.
/// All dwords are read before any SGPR is written (a fault leaves SDATA unchanged; SBASE may overlap SDATA).
fn load<const SPACE: u8, const N: usize>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let a = access::<SPACE>(w, i, c, N);
    let mut data = [0u32; N];
    match SPACE {
        SCRATCH => {
            for (k, d) in data.iter_mut().enumerate() {
                let at = scratch_index(w, a.addr.wrapping_add(4 * k as u64))?;
                *d = u32::from_le_bytes(w.scratch[at..at + 4].try_into().unwrap());
            }
        }
        _ => {
            let n = a.in_range;
            if n > 0 {
                let mut bytes = [0u8; 64];
                c.mem
                    .read(a.addr, &mut bytes[..4 * n])
                    .map_err(|e| Fault::memory(e, 0))?;
                for (k, d) in data.iter_mut().take(n).enumerate() {
                    *d = u32::from_le_bytes(bytes[4 * k..4 * k + 4].try_into().unwrap());
                }
            }
        }
    }
    for (k, &d) in data.iter().enumerate() {
        w.write_sgpr(Operand(i.dst.0 + k as u16), d);
    }
    Ok(FlowWord::NEXT)
}

/// S_STORE / S_SCRATCH_STORE / S_BUFFER_STORE_DWORD{,X2,X4}: `MEM[addr + 4k].b32 = SDATA[32k+31 : 32k]`.
fn store<const SPACE: u8, const N: usize>(w: &mut Wave, i: &Inst, c: &mut Ctx) -> R {
    let a = access::<SPACE>(w, i, c, N);
    let src = sdata(i);
    let mut bytes = [0u8; 16];
    for k in 0..N {
        let d = w.read_scalar(Operand(src.0 + k as u16), 0, &c.apertures, ConstKind::B32) as u32;
        bytes[4 * k..4 * k + 4].copy_from_slice(&d.to_le_bytes());
    }
    match SPACE {
        SCRATCH => {
            for k in 0..N {
                let at = scratch_index(w, a.addr.wrapping_add(4 * k as u64))?;
                w.scratch[at..at + 4].copy_from_slice(&bytes[4 * k..4 * k + 4]);
            }
        }
        _ => {
            let n = a.in_range;
            if n > 0 {
                c.mem
                    .write(a.addr, &bytes[..4 * n])
                    .map_err(|e| Fault::memory(e, 0))?;
            }
        }
    }
    Ok(FlowWord::NEXT)
}

/// S_MEMTIME / S_MEMREALTIME: `SDATA[63:0]` = a 64-bit counter. wavescope returns the wave's issued-instruction
/// count (deterministic, monotonic); see `fidelity`.
fn memtime(w: &mut Wave, i: &Inst, _: &mut Ctx) -> R {
    let t = w.instructions;
    w.write_sgpr64(i.dst, t);
    Ok(FlowWord::NEXT)
}

// ---------------------------------------------------------------------------------------------------------------
// Atomics
// ---------------------------------------------------------------------------------------------------------------

/// The new memory value of an atomic (pseudocode.md S_ATOMIC_* / S_BUFFER_ATOMIC_*), on the low 32 bits
/// (`X2` false) or all 64:
/// SWAP `DATA`; CMPSWAP `tmp == cmp ? src : tmp`; ADD/SUB; SMIN/UMIN `src < tmp ? src : tmp`;
/// SMAX/UMAX `src >= tmp ? src : tmp`; AND/OR/XOR; INC `tmp >= src ? 0 : tmp + 1`;
/// DEC `(tmp == 0 || tmp > src) ? src : tmp - 1`.
#[inline(always)]
fn rmw<const KIND: u8, const X2: bool>(tmp: u64, src: u64, cmp: u64) -> u64 {
    let m = if X2 { u64::MAX } else { 0xFFFF_FFFF };
    let sx = |v: u64| if X2 { v as i64 } else { v as u32 as i32 as i64 };
    let r = match KIND {
        SWAP => src,
        CMPSWAP => {
            if tmp == cmp {
                src
            } else {
                tmp
            }
        }
        ADD => tmp.wrapping_add(src),
        SUB => tmp.wrapping_sub(src),
        SMIN => {
            if sx(src) < sx(tmp) {
                src
            } else {
                tmp
            }
        }
        UMIN => src.min(tmp),
        SMAX => {
            if sx(src) >= sx(tmp) {
                src
            } else {
                tmp
            }
        }
        UMAX => src.max(tmp),
        AND => tmp & src,
        OR => tmp | src,
        XOR => tmp ^ src,
        INC => {
            if tmp >= src {
                0
            } else {
                tmp + 1
            }
        }
        _ => {
            // DEC
            if tmp == 0 || tmp > src {
                src
            } else {
                tmp - 1
            }
        }
    };
    r & m
}

/// S_ATOMIC_* / S_BUFFER_ATOMIC_* (32-bit, or 64-bit for `_X2`): an atomic read-modify-write through
/// `GlobalMemory::atomic_*`; with GLC the pre-op value is returned to SDATA (guide §8.2.2). CMPSWAP takes
/// `src` from the low half of DATA and `cmp` from the high half.
fn atomic<const SPACE: u8, const KIND: u8, const X2: bool>(
    w: &mut Wave,
    i: &Inst,
    c: &mut Ctx,
) -> R {
    let a = access::<SPACE>(w, i, c, 1);
    let d = sdata(i);
    let rd = |n: u16| w.read_scalar(Operand(d.0 + n), 0, &c.apertures, ConstKind::B32);
    let (src, cmp) = if X2 {
        (rd(0) | rd(1) << 32, rd(2) | rd(3) << 32)
    } else {
        (rd(0), rd(1))
    };
    let old = if a.in_range == 0 {
        0
    } else if X2 {
        c.mem
            .atomic_u64(a.addr, |t| rmw::<KIND, true>(t, src, cmp))
            .map_err(|e| Fault::memory(e, 0))?
    } else {
        c.mem
            .atomic_u32(a.addr, |t| rmw::<KIND, false>(t as u64, src, cmp) as u32)
            .map_err(|e| Fault::memory(e, 0))? as u64
    };
    if i.mem & (mem_flags::GLC | mem_flags::SC0) != 0 {
        if X2 {
            w.write_sgpr64(d, old);
        } else {
            w.write_sgpr(d, old as u32);
        }
    }
    Ok(FlowWord::NEXT)
}
