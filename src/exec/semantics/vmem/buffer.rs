//! MUBUF / MTBUF: buffer addressing through a V# (MI200 guide §9.1.5, §9.1.8; the CDNA4 text stops before ch. 9).
//!
//! V# (4 SGPRs at SRSRC): base [47:0], stride [61:48], swizzle_en [63], num_records [95:64], dst_sel_x..w [107:96],
//! num_format [110:108], data_format [114:111], index_stride [118:117], add_tid_enable [119].
//! - index = (idxen ? VGPR index : 0) + (add_tid ? lane : 0); offset = (offen ? VGPR offset : 0) + inst_offset.
//!   With idxen and offen both set, VADDR holds the index and VADDR+1 the offset (MI200 Table 30).
//! - linear: address = base + soffset + index * stride + offset; stride is 18 bits (`{data_format, stride}`) when
//!   add_tid is set on a non-format MUBUF op (Table 33).
//! - swizzled (swizzle_en): MI200 §9.1.5.2 with element size 4 (gfx9 has no ELEMENT_SIZE field; LLVM's scratch
//!   descriptor for gfx9 relies on 4-byte elements) and index_stride 8 << V#[118:117].
//! - range (§9.1.5.1; soffset is not part of it): add_tid && !idxen = scratch, unchecked; idxen && stride != 0 =
//!   structured, out of range when index >= num_records; otherwise raw, a component at byte `offset + 4*i` is out of
//!   range when it is >= num_records. Out-of-range loads read 0, stores and atomics are dropped; format ops and
//!   atomics are all-or-nothing, dword-x2..x4 per component. This is the hardware's behaviour, not a fault.
//! Unaligned dword accesses are not forced to dword alignment (the ROCm runtime selects the unaligned mode).

use super::access::{kind, lanes, Faults, Loc};
use super::flat::by_opcode;
use super::format::Fmt;
use super::{load_lds, nop, spaces, vreg, Addr};
use crate::exec::fidelity::Fidelity;
use crate::exec::FlowWord;
use crate::exec::{ConstKind, Ctx, Fault, FaultKind, Handler, Wave, LANES};
use crate::isa::{mem_flags, Format, Inst, Op, Operand};

pub(super) fn lookup(op: Op) -> Option<Handler> {
    let info = op.info();
    match info.format {
        Format::Mubuf => match info.opcode {
            0 => Some(fmt_load::<false, 1, false, false>),
            1 => Some(fmt_load::<false, 2, false, false>),
            2 => Some(fmt_load::<false, 3, false, false>),
            3 => Some(fmt_load::<false, 4, false, false>),
            4 => Some(fmt_store::<false, 1, false, false>),
            5 => Some(fmt_store::<false, 2, false, false>),
            6 => Some(fmt_store::<false, 3, false, false>),
            7 => Some(fmt_store::<false, 4, false, false>),
            8 => Some(fmt_load::<false, 1, true, false>),
            9 => Some(fmt_load::<false, 2, true, false>),
            10 => Some(fmt_load::<false, 3, true, false>),
            11 => Some(fmt_load::<false, 4, true, false>),
            12 => Some(fmt_store::<false, 1, true, false>),
            13 => Some(fmt_store::<false, 2, true, false>),
            14 => Some(fmt_store::<false, 3, true, false>),
            15 => Some(fmt_store::<false, 4, true, false>),
            38 => Some(fmt_load::<false, 1, true, true>),
            39 => Some(fmt_store::<false, 1, true, true>),
            40 | 41 => Some(nop),
            n => by_opcode::<Buffer, true>(n),
        },
        Format::Mtbuf => match info.opcode {
            0 => Some(fmt_load::<true, 1, false, false>),
            1 => Some(fmt_load::<true, 2, false, false>),
            2 => Some(fmt_load::<true, 3, false, false>),
            3 => Some(fmt_load::<true, 4, false, false>),
            4 => Some(fmt_store::<true, 1, false, false>),
            5 => Some(fmt_store::<true, 2, false, false>),
            6 => Some(fmt_store::<true, 3, false, false>),
            7 => Some(fmt_store::<true, 4, false, false>),
            8 => Some(fmt_load::<true, 1, true, false>),
            9 => Some(fmt_load::<true, 2, true, false>),
            10 => Some(fmt_load::<true, 3, true, false>),
            11 => Some(fmt_load::<true, 4, true, false>),
            12 => Some(fmt_store::<true, 1, true, false>),
            13 => Some(fmt_store::<true, 2, true, false>),
            14 => Some(fmt_store::<true, 3, true, false>),
            15 => Some(fmt_store::<true, 4, true, false>),
            _ => None,
        },
        _ => None,
    }
}

pub(super) fn fidelity(op: Op) -> Option<(Fidelity, &'static str)> {
    let info = op.info();
    let format_op = match info.format {
        Format::Mtbuf => true,
        Format::Mubuf => info.opcode < 16 || info.opcode == 38 || info.opcode == 39,
        _ => false,
    };
    format_op.then_some((
        Fidelity::Approximate,
        "typed buffer conversion follows the MI200 guide (CDNA4 text lacks it): unorm/snorm/scaled conversions \
         may differ from hardware in the last bit and in clamping of out-of-range store values; packed formats \
         (10_11_11, 2_10_10_10...) are not implemented and fault",
    ))
}

/// The buffer resource constant's fields that addressing uses.
#[derive(Clone, Copy)]
struct Vsharp {
    base: u64,
    stride: u64,
    swizzle: bool,
    num_records: u64,
    dst_sel: [u8; 4],
    nfmt: u8,
    dfmt: u8,
    index_stride: u64,
    add_tid: bool,
}

impl Vsharp {
    #[inline(always)]
    fn read(wave: &Wave, srsrc: Operand) -> Vsharp {
        let s = srsrc.0 as usize & 127;
        let w = |i: usize| wave.sgpr[(s + i) & 127];
        let (w1, w3) = (w(1), w(3));
        Vsharp {
            base: w(0) as u64 | ((w1 & 0xFFFF) as u64) << 32,
            stride: ((w1 >> 16) & 0x3FFF) as u64,
            swizzle: w1 >> 31 != 0,
            num_records: w(2) as u64,
            dst_sel: [
                (w3 & 7) as u8,
                (w3 >> 3 & 7) as u8,
                (w3 >> 6 & 7) as u8,
                (w3 >> 9 & 7) as u8,
            ],
            nfmt: (w3 >> 12 & 7) as u8,
            dfmt: (w3 >> 15 & 0xF) as u8,
            index_stride: 8 << (w3 >> 21 & 3),
            add_tid: w3 >> 23 & 1 != 0,
        }
    }
}

/// Per-lane buffer locations of an access split in `comps` range-checked dword components
/// (`comps` = 1: all-or-nothing). `format`: a format op (keeps the 14-bit stride).
#[inline(always)]
fn locate_buffer(
    wave: &Wave,
    inst: &Inst,
    ctx: &Ctx,
    mask: u64,
    comps: u64,
    format: bool,
    locs: &mut [Loc; LANES],
) {
    let v = Vsharp::read(wave, inst.src[1]);
    let soffset = wave.read_scalar(inst.src[2], 0, &ctx.apertures, ConstKind::B32) as u32 as u64;
    let idxen = inst.mem & mem_flags::IDXEN != 0;
    let offen = inst.mem & mem_flags::OFFEN != 0;
    let stride = if v.add_tid && !format {
        v.stride | (v.dfmt as u64) << 14
    } else {
        v.stride
    };
    let va = &wave.vreg[vreg(inst.src[0], 0)];
    let vb = &wave.vreg[vreg(inst.src[0], 1)];
    let inst_offset = inst.imm as u32 as u64;
    let scratch = v.add_tid && !idxen;
    let structured = idxen && stride != 0;
    for l in lanes(mask) {
        let (vindex, voffset) = match (idxen, offen) {
            (true, true) => (va[l] as u64, vb[l] as u64),
            (true, false) => (va[l] as u64, 0),
            (false, true) => (0, va[l] as u64),
            (false, false) => (0, 0),
        };
        let index = vindex + if v.add_tid { l as u64 } else { 0 };
        let offset = voffset + inst_offset;
        let buffer_offset = if v.swizzle {
            const ELEMENT_SIZE: u64 = 4;
            let (index_msb, index_lsb) = (index / v.index_stride, index % v.index_stride);
            let (offset_msb, offset_lsb) = (offset / ELEMENT_SIZE, offset % ELEMENT_SIZE);
            (index_msb * stride + offset_msb * ELEMENT_SIZE) * v.index_stride
                + index_lsb * ELEMENT_SIZE
                + offset_lsb
        } else {
            index * stride + offset
        };
        let addr = v.base.wrapping_add(soffset).wrapping_add(buffer_offset);
        locs[l] = if scratch {
            Loc::Global(addr)
        } else if structured {
            if index >= v.num_records {
                Loc::Dropped
            } else {
                Loc::Global(addr)
            }
        } else if offset >= v.num_records {
            Loc::Dropped
        } else if comps > 1 {
            let ok = (v.num_records - offset).div_ceil(4);
            if ok >= comps {
                Loc::Global(addr)
            } else {
                Loc::Partial(addr, ok as u8)
            }
        } else {
            Loc::Global(addr)
        };
    }
}

/// Untyped MUBUF loads/stores/atomics (data format derived from the opcode).
pub(crate) struct Buffer;

impl Addr for Buffer {
    #[inline(always)]
    fn locate(
        wave: &Wave,
        inst: &Inst,
        ctx: &Ctx,
        mask: u64,
        size: usize,
        locs: &mut [Loc; LANES],
    ) {
        // dword-x2..x4 are range-checked per dword; everything narrower is one component.
        let comps = if inst.op.info().opcode < 64 {
            (size as u64).div_ceil(4)
        } else {
            1
        };
        locate_buffer(wave, inst, ctx, mask, comps, false, locs);
    }
}

/// The data format of a format op: MTBUF's instruction fields, or the V#'s for MUBUF (MI200 Table 31), and the
/// component selects (identity for MTBUF).
#[inline(always)]
fn format_of<const MTBUF: bool>(wave: &Wave, inst: &Inst) -> Result<(Fmt, [u8; 4]), Box<Fault>> {
    let v = Vsharp::read(wave, inst.src[1]);
    let (dfmt, nfmt, sel) = if MTBUF {
        (inst.fmt & 0xF, inst.fmt >> 4, [4, 5, 6, 7])
    } else {
        (v.dfmt, v.nfmt, v.dst_sel)
    };
    match Fmt::decode(dfmt, nfmt) {
        Some(f) => Ok((f, sel)),
        None => Err(Fault::new(
            FaultKind::NotImplemented,
            format!(
                "not implemented: {} with buffer data format {dfmt}, number format {nfmt}",
                inst.name()
            ),
        )),
    }
}

/// BUFFER_LOAD_FORMAT_* / TBUFFER_LOAD_FORMAT_*: `COMPS` components converted from the data format
/// (pseudocode.md `VDATA[31:0].b32 = ConvertFromFormat(MEM[addr + ChannelOffsetX()])`); `D16` packs them as 16-bit
/// halves (`HI`: into the high half of VDATA, low half preserved). Missing channels read 0; dst_sel 0/1 give 0/one.
fn fmt_load<const MTBUF: bool, const COMPS: usize, const D16: bool, const HI: bool>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    if !MTBUF && inst.mem & mem_flags::LDS != 0 {
        if COMPS == 1 && !D16 {
            // BUFFER_LOAD_FORMAT_X lds=1 with a 32-bit format is a dword DMA; converting formats are not modelled.
            let (f, _) = format_of::<MTBUF>(wave, inst)?;
            if f.bits == 32 {
                return load_lds::<Buffer, { kind::B32 }, 1>(wave, inst, ctx);
            }
        }
        return Err(Fault::new(
            FaultKind::NotImplemented,
            format!(
                "not implemented: {} lds with a converting data format",
                inst.name()
            ),
        ));
    }
    let (f, sel) = format_of::<MTBUF>(wave, inst)?;
    let mask = wave.exec();
    let size = f.bytes();
    let mut locs = [Loc::Dropped; LANES];
    locate_buffer(wave, inst, ctx, mask, 1, true, &mut locs);
    let mut out = [[0u32; LANES]; 4];
    let mut faults = Faults::default();
    {
        let sp = spaces(&mut wave.scratch, wave.private_size, ctx);
        let cb = (f.bits / 8) as usize;
        for l in lanes(mask) {
            let mut buf = [0u8; 16];
            if let Err(w) = sp.read(l, locs[l], &mut buf[..size]) {
                faults.add(l, w);
                continue;
            }
            let dropped = locs[l] == Loc::Dropped;
            for (c, o) in out.iter_mut().enumerate().take(COMPS) {
                let pick = |ch: usize| -> u32 {
                    if ch >= f.chans as usize {
                        return 0;
                    }
                    let mut b = [0u8; 4];
                    b[..cb].copy_from_slice(&buf[ch * cb..ch * cb + cb]);
                    let raw = u32::from_le_bytes(b);
                    if D16 {
                        f.load_d16(raw) as u32
                    } else {
                        f.load(raw)
                    }
                };
                o[l] = match sel[c] {
                    // An out-of-range read returns 0 except for components selecting 1 (MI200 §9.1.5.1 note 1).
                    1 => f.one(D16),
                    s @ 4..=7 if !dropped => pick(s as usize - 4),
                    _ => 0,
                };
            }
        }
    }
    faults.check(inst)?;
    let d = if inst.dst.is_none() {
        inst.data
    } else {
        inst.dst
    };
    if D16 {
        for c in 0..COMPS {
            let (r, sh) = if HI {
                (vreg(d, 0), 16)
            } else {
                (vreg(d, c / 2), 16 * (c % 2))
            };
            let keep = !(0xFFFFu32 << sh);
            for l in lanes(mask) {
                wave.vreg[r][l] = (wave.vreg[r][l] & keep) | (out[c][l] & 0xFFFF) << sh;
            }
        }
    } else {
        for (c, o) in out.iter().enumerate().take(COMPS) {
            let r = vreg(d, c);
            for l in lanes(mask) {
                wave.vreg[r][l] = o[l];
            }
        }
    }
    Ok(FlowWord::NEXT)
}

/// BUFFER_STORE_FORMAT_* / TBUFFER_STORE_FORMAT_*: `ConvertToFormat` of each component; channels beyond the
/// format's are not written.
fn fmt_store<const MTBUF: bool, const COMPS: usize, const D16: bool, const HI: bool>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let (f, _) = format_of::<MTBUF>(wave, inst)?;
    let mask = wave.exec();
    let n = COMPS.min(f.chans as usize);
    let cb = (f.bits / 8) as usize;
    let size = n * cb;
    let mut locs = [Loc::Dropped; LANES];
    locate_buffer(wave, inst, ctx, mask, 1, true, &mut locs);
    let d = if inst.data.is_none() {
        inst.dst
    } else {
        inst.data
    };
    let mut val = [[0u32; LANES]; 4];
    for (c, v) in val.iter_mut().enumerate().take(n) {
        let src = &wave.vreg[vreg(d, if D16 { c / 2 } else { c })];
        for l in lanes(mask) {
            *v.get_mut(l).unwrap() = if D16 {
                let sh = if HI { 16 } else { 16 * (c % 2) };
                f.store_d16((src[l] >> sh) as u16)
            } else {
                f.store(src[l])
            };
        }
    }
    let mut faults = Faults::default();
    let mut sp = spaces(&mut wave.scratch, wave.private_size, ctx);
    for l in lanes(mask) {
        let mut buf = [0u8; 16];
        for (c, v) in val.iter().enumerate().take(n) {
            buf[c * cb..c * cb + cb].copy_from_slice(&v[l].to_le_bytes()[..cb]);
        }
        if let Err(w) = sp.write(l, locs[l], &buf[..size]) {
            faults.add(l, w);
        }
    }
    faults.check(inst)?;
    Ok(FlowWord::NEXT)
}
