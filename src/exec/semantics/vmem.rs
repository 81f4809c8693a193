//! Vector memory: MUBUF/MTBUF buffer instructions and FLAT/GLOBAL/SCRATCH (pseudocode.md "Format MUBUF", "MTBUF",
//! "FLAT", "GLOBAL", "SCRATCH"; addressing from the MI200 guide ch. 9–10 since the CDNA4 text stops before them).
//!
//! Every instruction is one generic core (`load`, `store`, `atomic`, `load_lds`) instantiated with an address
//! mode (`Addr`: buffer, flat, global, scratch, DS) and the element kind / width / atomic operation as const
//! generics. Accesses go lane by lane over EXEC; a bad address is a Memory fault naming the first faulting lane and
//! address, with `Fault.lanes` holding every faulting lane (see `access` for what a faulting instruction leaves).

pub(crate) mod access;
pub(crate) mod atomic;
mod buffer;
#[cfg(target_arch = "x86_64")]
mod fast;
#[cfg(target_arch = "x86_64")]
mod fast_avx2;
mod flat;
mod format;

use crate::exec::fidelity::Fidelity;
use crate::exec::FlowWord;
use crate::exec::{Ctx, Fault, Handler, Wave, LANES};
use crate::isa::{Inst, Op, Operand};
use access::{kind, lanes, Faults, Loc, Spaces};
use std::sync::atomic::Ordering::Relaxed;

/// Which of the equivalent paths GLOBAL/FLAT dword loads and stores take (differential tests pin the slower ones
/// with `GlobalMemory::set_vmem_path`; every path gives the same registers, memory and faults).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VmemPath {
    /// Lane by lane (`Addr::locate` and `Spaces`): the reference.
    PerLane,
    /// The whole-instruction dword path with 64 64-bit addresses (AVX2 where the host has it).
    Dwords,
    /// The AVX2 vector pass (`vmem::fast_avx2`) where the host has AVX2 and FMA, else `Dwords`: pins it on an
    /// AVX-512 host, so that differential tests run it there too.
    Avx2,
    /// The fastest the host has: the AVX-512 vector pass (`vmem::fast`) when available, else the AVX2 one, else
    /// `Dwords`.
    Fastest,
}

/// A [`VmemPath`] resolved against the host's features, once per memory (`GlobalMemory::vmem_path`): the hot
/// path reads one byte per instruction instead of a thread-local switch and the CPU feature cache.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HostPath {
    PerLane,
    Dwords,
    /// `Fastest` on a host with the AVX-512 features of `fast::host_avx512`.
    Avx512,
    /// `Avx2`, or `Fastest` on a host with AVX2 and FMA but not those AVX-512 features.
    Avx2,
}

impl HostPath {
    pub(crate) fn resolve(path: VmemPath) -> HostPath {
        match path {
            VmemPath::PerLane => HostPath::PerLane,
            VmemPath::Dwords => HostPath::Dwords,
            #[cfg(target_arch = "x86_64")]
            VmemPath::Fastest if fast::host_avx512() => HostPath::Avx512,
            #[cfg(target_arch = "x86_64")]
            VmemPath::Fastest | VmemPath::Avx2 if fast_avx2::host_avx2() => HostPath::Avx2,
            VmemPath::Fastest | VmemPath::Avx2 => HostPath::Dwords,
        }
    }
}

/// Where the lanes of a plain global access point, for the vector pass: lane `l` accesses
/// `(hi[l] << 32 | lo[l]) + base` when `hi` is a row (vaddr), else `base + lo[l]` (saddr: the SGPR pair plus
/// the offset in `base`, `lo` zero-extended). Rows are indices into `Wave::vreg`.
#[derive(Clone, Copy)]
pub(crate) struct Rows {
    pub lo: usize,
    pub hi: Option<usize>,
    pub base: u64,
    /// FLAT: a lane in the shared or private aperture is not a global access.
    pub flat: bool,
}

pub fn lookup(op: Op) -> Option<Handler> {
    flat::lookup(op).or_else(|| buffer::lookup(op))
}

/// Ops of this family that are not bit-exact, with their error bound (`None`: exact or not ours).
pub fn fidelity(op: Op) -> Option<(Fidelity, &'static str)> {
    buffer::fidelity(op)
}

/// An addressing mode: where each active lane's access of `size` bytes lands.
pub(crate) trait Addr {
    fn locate(wave: &Wave, inst: &Inst, ctx: &Ctx, mask: u64, size: usize, locs: &mut [Loc; LANES]);
    /// GLOBAL and FLAT: every lane's address is a 64-bit global address (`global_addrs`), which the handlers
    /// record in `Wave::lane_addrs` for an observer that wants them.
    const GLOBAL: bool = false;
    /// Fill `out` with every lane's global address and answer the lanes that are not a plain global access (0 for
    /// GLOBAL; for FLAT the lanes in the LDS or private aperture; every lane for a mode without global
    /// addresses). An active one sends the instruction down the per-lane `locate` path (buffer, scratch, DS,
    /// FLAT to LDS/scratch).
    #[inline(always)]
    fn global_addrs(
        _wave: &Wave,
        _inst: &Inst,
        _ctx: &Ctx,
        _mask: u64,
        _out: &mut [u64; LANES],
    ) -> u64 {
        u64::MAX
    }
    /// The address rows of a plain global access (see [`Rows`]); `None` for modes without a vector path.
    #[inline(always)]
    fn rows(_wave: &Wave, _inst: &Inst, _ctx: &Ctx) -> Option<Rows> {
        None
    }
}

/// The region every active lane of a dword access (`n` dwords per lane) falls in, found from the first active lane,
/// with `addrs` turned into each lane's dword index in it. `None` when a lane is misaligned or outside that region:
/// the per-lane path then handles (and reports) it.
#[inline(always)]
fn global_span<'m>(
    mem: &'m crate::exec::GlobalMemory,
    addrs: &mut [u64; LANES],
    mask: u64,
    n: usize,
) -> Option<&'m crate::exec::Region> {
    let bytes = 4 * n as u64;
    let a0 = addrs[mask.trailing_zeros() as usize & (LANES - 1)];
    let r = mem.span(&mut 0, a0, a0.checked_add(bytes)?)?;
    // Every lane's offset must leave room for its `n` dwords: off <= size - bytes, dword aligned.
    let limit = r.size - bytes;
    let mut bad = false;
    if mask == u64::MAX {
        for a in addrs.iter_mut() {
            let off = a.wrapping_sub(r.base);
            bad |= (off > limit) | (off & 3 != 0);
            *a = off >> 2;
        }
    } else {
        for l in lanes(mask) {
            let off = addrs[l].wrapping_sub(r.base);
            bad |= (off > limit) | (off & 3 != 0);
            addrs[l] = off >> 2;
        }
    }
    (!bad).then_some(r)
}

/// The vector pass of a dword load (`STORE = false`: `reg` is the destination) or store (`reg` is the data): the
/// AVX-512 one (`vmem::fast`) or the AVX2 one (`vmem::fast_avx2`), as the memory's path was resolved. `false`: not
/// taken, nothing done.
#[inline(always)]
fn dwords_vector<A: Addr, const N: usize, const STORE: bool>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &Ctx,
    reg: Operand,
    mask: u64,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    if matches!(ctx.mem.vmem_path, HostPath::Avx512 | HostPath::Avx2) {
        if let Some(rows) = A::rows(wave, inst, ctx) {
            let regs = |i: usize| vreg(reg, i);
            // SAFETY: the features were detected when the path was resolved.
            return unsafe {
                match (ctx.mem.vmem_path == HostPath::Avx512, STORE) {
                    (true, true) => {
                        fast::store::<N>(wave, rows, ctx.apertures, ctx.mem, mask, regs)
                    }
                    (true, false) => {
                        fast::load::<N>(wave, rows, ctx.apertures, ctx.mem, mask, regs)
                    }
                    (false, true) => {
                        fast_avx2::store::<N>(wave, rows, ctx.apertures, ctx.mem, mask, regs)
                    }
                    (false, false) => {
                        fast_avx2::load::<N>(wave, rows, ctx.apertures, ctx.mem, mask, regs)
                    }
                }
            };
        }
    }
    let _ = (wave, inst, ctx, reg, mask);
    false
}

/// The whole-instruction dword path with 64 64-bit addresses (`load_dwords_fast`, `store_dwords_fast`),
/// compiled a second time for AVX2 and taken when the host has it (64-bit lane arithmetic vectorises only
/// there). `false`: not taken, nothing done.
#[inline(always)]
fn dwords<A: Addr, const N: usize, const STORE: bool>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &Ctx,
    reg: Operand,
    mask: u64,
) -> bool {
    #[inline(always)]
    fn body<A: Addr, const N: usize, const STORE: bool>(
        w: &mut Wave,
        i: &Inst,
        c: &Ctx,
        r: Operand,
        m: u64,
    ) -> bool {
        if STORE {
            store_dwords_fast::<A, N>(w, i, c, r, m)
        } else {
            load_dwords_fast::<A, N>(w, i, c, r, m)
        }
    }
    if ctx.mem.vmem_path == HostPath::PerLane {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    if crate::exec::semantics::valu::host_avx2() {
        #[target_feature(enable = "avx2,fma")]
        unsafe fn avx2<A: Addr, const N: usize, const STORE: bool>(
            w: &mut Wave,
            i: &Inst,
            c: &Ctx,
            r: Operand,
            m: u64,
        ) -> bool {
            body::<A, N, STORE>(w, i, c, r, m)
        }
        // SAFETY: the features were detected.
        return unsafe { avx2::<A, N, STORE>(wave, inst, ctx, reg, mask) };
    }
    body::<A, N, STORE>(wave, inst, ctx, reg, mask)
}

/// Record every lane's address of a GLOBAL/FLAT access in `Wave::lane_addrs` when an observer wants them (see
/// there), on the paths other than the vector pass (which records from its own registers): before the access
/// touches registers or memory. Computed as `global_lane_addrs` computes them.
#[inline(always)]
fn record_lanes<A: Addr>(wave: &mut Wave, inst: &Inst, ctx: &Ctx, mask: u64) {
    if A::GLOBAL && mask != 0 && wave.lane_addrs.wanted {
        record_lanes_now::<A>(wave, inst, ctx);
    }
}

#[inline(never)]
fn record_lanes_now<A: Addr>(wave: &mut Wave, inst: &Inst, ctx: &Ctx) {
    let mut out = [0u64; LANES];
    let aperture = lane_addrs_of::<A>(wave, inst, ctx, &mut out);
    let at = wave.instructions;
    let slot = &mut wave.lane_addrs;
    slot.addrs = out;
    slot.aperture = aperture;
    slot.halves = None;
    slot.at = at;
}

/// Every lane's global address of a GLOBAL/FLAT access (`A::GLOBAL`) and the lanes in a FLAT aperture: the
/// AVX-512 lane pass where the host has it, else `A::global_addrs`.
#[inline(always)]
fn lane_addrs_of<A: Addr>(wave: &Wave, inst: &Inst, ctx: &Ctx, out: &mut [u64; LANES]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if ctx.mem.vmem_path == HostPath::Avx512 {
        // SAFETY: `HostPath::Avx512` is resolved only on a host with the features.
        return unsafe { fast::lane_addrs::<A>(wave, inst, ctx, out) };
    }
    A::global_addrs(wave, inst, ctx, u64::MAX, out)
}

/// Whole-instruction dword load: one region check, then plain dword loads (see `global_span`).
#[inline(always)]
fn load_dwords_fast<A: Addr, const N: usize>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &Ctx,
    dst: Operand,
    mask: u64,
) -> bool {
    let mut addrs = [0u64; LANES];
    if A::global_addrs(wave, inst, ctx, mask, &mut addrs) & mask != 0 {
        return false;
    }
    let Some(r) = global_span(ctx.mem, &mut addrs, mask, N) else {
        return false;
    };
    let d = r.dwords();
    for i in 0..N {
        let reg = &mut wave.vreg[vreg(dst, i)];
        // SAFETY (both loops): `global_span` checked that every active lane's `N` dwords lie inside the region,
        // and `dwords()` covers the whole region.
        if mask == u64::MAX {
            for (v, &o) in reg.iter_mut().zip(addrs.iter()) {
                *v = unsafe { d.get_unchecked(o as usize + i) }.load(Relaxed);
            }
        } else {
            for l in lanes(mask) {
                reg[l] = unsafe { d.get_unchecked(addrs[l] as usize + i) }.load(Relaxed);
            }
        }
    }
    true
}

/// Whole-instruction dword store (see `load_dwords_fast`); read-only regions take the per-lane path, which faults.
#[inline(always)]
fn store_dwords_fast<A: Addr, const N: usize>(
    wave: &Wave,
    inst: &Inst,
    ctx: &Ctx,
    data: Operand,
    mask: u64,
) -> bool {
    let mut addrs = [0u64; LANES];
    if A::global_addrs(wave, inst, ctx, mask, &mut addrs) & mask != 0 {
        return false;
    }
    let Some(r) = global_span(ctx.mem, &mut addrs, mask, N) else {
        return false;
    };
    if !r.writable {
        return false;
    }
    let d = r.dwords();
    // Lane order as the per-lane path: a later lane's store to the same dword wins.
    // SAFETY (all loops): as in `load_dwords_fast`.
    if N == 1 && mask == u64::MAX {
        let v = &wave.vreg[vreg(data, 0)];
        for (x, &o) in v.iter().zip(addrs.iter()) {
            unsafe { d.get_unchecked(o as usize) }.store(*x, Relaxed);
        }
    } else {
        for l in lanes(mask) {
            for i in 0..N {
                unsafe { d.get_unchecked(addrs[l] as usize + i) }
                    .store(wave.vreg[vreg(data, i)][l], Relaxed);
            }
        }
    }
    true
}

/// The register `i` places after `op` in its file (VGPR or AGPR), as an index into `Wave::vreg`.
#[inline(always)]
pub(crate) fn vreg(op: Operand, i: usize) -> usize {
    (Wave::vreg_index(op) & 256) | ((Wave::vreg_index(op) + i) & 255)
}

#[inline(always)]
pub(crate) fn spaces<'a>(scratch: &'a mut [u8], private_size: u32, ctx: &'a mut Ctx) -> Spaces<'a> {
    Spaces {
        mem: ctx.mem,
        lds: &mut *ctx.lds,
        scratch,
        private_size: private_size as u64,
        hint: std::cell::Cell::new(0),
    }
}

/// Load `N` dwords (or one sub-dword element of `KIND`) per lane into `dst`.
/// pseudocode.md e.g. GLOBAL_LOAD_DWORDX4: `VDATA[127:96] = MEM[addr + 12U].b32`.
#[inline(always)]
pub(crate) fn load<A: Addr, const KIND: u8, const N: usize>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    dst: Operand,
) -> Result<FlowWord, Box<Fault>> {
    load_from::<A, KIND, N, true>(wave, inst, ctx, dst)
}

/// The dword load's vector pass (AVX-512 or AVX2), inline, and the rest of `load` out of line (`load_rest`): the handlers of
/// GLOBAL/FLAT dword loads then set up no stack frame for the per-lane path on the way to the vector pass
/// (gemm 512: the frame of the whole `load`, ~1.5 KB and six saved registers, was ~3% of the interpreter's time).
#[inline(always)]
pub(crate) fn load_dwords<A: Addr, const N: usize>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    dst: Operand,
) -> Result<FlowWord, Box<Fault>> {
    let mask = wave.exec();
    if mask != 0 && dwords_vector::<A, N, false>(wave, inst, ctx, dst, mask) {
        return Ok(FlowWord::NEXT);
    }
    load_rest::<A, N>(wave, inst, ctx, dst)
}

/// `load` of dwords after `load_dwords` tried the vector pass.
#[inline(never)]
fn load_rest<A: Addr, const N: usize>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    dst: Operand,
) -> Result<FlowWord, Box<Fault>> {
    load_from::<A, { kind::B32 }, N, false>(wave, inst, ctx, dst)
}

/// `load`; `VECTOR`: try the dword vector pass first (`false`: the caller did).
#[inline(always)]
fn load_from<A: Addr, const KIND: u8, const N: usize, const VECTOR: bool>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    dst: Operand,
) -> Result<FlowWord, Box<Fault>> {
    let mask = wave.exec();
    if VECTOR
        && KIND == kind::B32
        && mask != 0
        && dwords_vector::<A, N, false>(wave, inst, ctx, dst, mask)
    {
        return Ok(FlowWord::NEXT);
    }
    #[cfg(target_arch = "x86_64")]
    if matches!(
        KIND,
        kind::U8
            | kind::I8
            | kind::U16
            | kind::I16
            | kind::U8_D16
            | kind::U8_D16_HI
            | kind::I8_D16
            | kind::I8_D16_HI
            | kind::B16_D16
            | kind::B16_D16_HI
    ) && mask != 0
        && matches!(ctx.mem.vmem_path, HostPath::Avx512 | HostPath::Avx2)
    {
        if let Some(rows) = A::rows(wave, inst, ctx) {
            let (ap, mem, dst) = (ctx.apertures, ctx.mem, vreg(dst, 0));
            // SAFETY: the features were detected when the path was resolved.
            let done = unsafe {
                if ctx.mem.vmem_path == HostPath::Avx512 {
                    fast::load_sub::<KIND>(wave, rows, ap, mem, mask, dst)
                } else {
                    fast_avx2::load_sub::<KIND>(wave, rows, ap, mem, mask, dst)
                }
            };
            if done {
                return Ok(FlowWord::NEXT);
            }
        }
    }
    record_lanes::<A>(wave, inst, ctx, mask);
    if KIND == kind::B32 && mask != 0 && dwords::<A, N, false>(wave, inst, ctx, dst, mask) {
        return Ok(FlowWord::NEXT);
    }
    let size = kind::size(KIND, N);
    let mut locs = [Loc::Dropped; LANES];
    A::locate(wave, inst, ctx, mask, size, &mut locs);
    let mut out = [[0u32; LANES]; N];
    let mut faults = Faults::default();
    {
        let sp = spaces(&mut wave.scratch, wave.private_size, ctx);
        for l in lanes(mask) {
            let mut buf = [0u8; 16];
            match sp.read(l, locs[l], &mut buf[..size]) {
                Ok(()) => {
                    for (i, o) in out.iter_mut().enumerate() {
                        o[l] = u32::from_le_bytes(buf[4 * i..4 * i + 4].try_into().unwrap());
                    }
                }
                Err(w) => faults.add(l, w),
            }
        }
    }
    faults.check(inst)?;
    for (i, o) in out.iter().enumerate() {
        let r = &mut wave.vreg[vreg(dst, i)];
        for l in lanes(mask) {
            r[l] = kind::merge(KIND, o[l], r[l]);
        }
    }
    Ok(FlowWord::NEXT)
}

/// Store `N` dwords (or the `KIND` bits of one VGPR) per lane from `data`.
#[inline(always)]
pub(crate) fn store<A: Addr, const KIND: u8, const N: usize>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    data: Operand,
) -> Result<FlowWord, Box<Fault>> {
    store_from::<A, KIND, N, true>(wave, inst, ctx, data)
}

/// `store` of dwords with the vector pass inline and the rest out of line (as `load_dwords`).
#[inline(always)]
pub(crate) fn store_dwords<A: Addr, const N: usize>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    data: Operand,
) -> Result<FlowWord, Box<Fault>> {
    let mask = wave.exec();
    if mask != 0 && dwords_vector::<A, N, true>(wave, inst, ctx, data, mask) {
        return Ok(FlowWord::NEXT);
    }
    store_rest::<A, N>(wave, inst, ctx, data)
}

/// `store` of dwords after `store_dwords` tried the vector pass.
#[inline(never)]
fn store_rest<A: Addr, const N: usize>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    data: Operand,
) -> Result<FlowWord, Box<Fault>> {
    store_from::<A, { kind::B32 }, N, false>(wave, inst, ctx, data)
}

/// `store`; `VECTOR` as in `load_from`.
#[inline(always)]
fn store_from<A: Addr, const KIND: u8, const N: usize, const VECTOR: bool>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    data: Operand,
) -> Result<FlowWord, Box<Fault>> {
    let mask = wave.exec();
    if VECTOR
        && KIND == kind::B32
        && mask != 0
        && dwords_vector::<A, N, true>(wave, inst, ctx, data, mask)
    {
        return Ok(FlowWord::NEXT);
    }
    record_lanes::<A>(wave, inst, ctx, mask);
    if KIND == kind::B32 && mask != 0 && dwords::<A, N, true>(wave, inst, ctx, data, mask) {
        return Ok(FlowWord::NEXT);
    }
    let size = kind::size(KIND, N);
    let mut locs = [Loc::Dropped; LANES];
    A::locate(wave, inst, ctx, mask, size, &mut locs);
    let mut val = [[0u32; LANES]; N];
    for (i, v) in val.iter_mut().enumerate() {
        *v = wave.vreg[vreg(data, i)];
    }
    let mut faults = Faults::default();
    let mut sp = spaces(&mut wave.scratch, wave.private_size, ctx);
    for l in lanes(mask) {
        let mut buf = [0u8; 16];
        for (i, v) in val.iter().enumerate() {
            buf[4 * i..4 * i + 4].copy_from_slice(&kind::store_bits(KIND, v[l]).to_le_bytes());
        }
        if let Err(w) = sp.write(l, locs[l], &buf[..size]) {
            faults.add(l, w);
        }
    }
    faults.check(inst)?;
    Ok(FlowWord::NEXT)
}

/// Atomic `OP` on a dword (`W64 = false`) or qword per lane. `a`/`b` are the operand registers (see
/// `atomic`), `ret` receives the pre-op value when the instruction returns it (DS `_RTN`, VMEM sc0 = GLC).
#[inline(always)]
pub(crate) fn atomic<A: Addr, const OP: u8, const W64: bool>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
    a: Operand,
    b: Operand,
    ret: Option<Operand>,
) -> Result<FlowWord, Box<Fault>> {
    let mask = wave.exec();
    record_lanes::<A>(wave, inst, ctx, mask);
    let mut locs = [Loc::Dropped; LANES];
    A::locate(wave, inst, ctx, mask, if W64 { 8 } else { 4 }, &mut locs);
    let va = [wave.vreg[vreg(a, 0)], wave.vreg[vreg(a, 1)]];
    let uses_b = matches!(
        OP,
        atomic::CMPSWAP | atomic::CMPSWAP_F | atomic::MSKOR | atomic::WRAP
    );
    let vb = if uses_b {
        [wave.vreg[vreg(b, 0)], wave.vreg[vreg(b, 1)]]
    } else {
        [[0; LANES]; 2]
    };
    let mode = wave.mode;
    let f64_operands = W64 || OP == atomic::PK_ADD_F16; // F16 shares the F64 denorm field
    let mut old = [0u64; LANES];
    let mut faults = Faults::default();
    {
        let mut sp = spaces(&mut wave.scratch, wave.private_size, ctx);
        for l in lanes(mask) {
            let dn = if Spaces::in_lds(locs[l]) {
                atomic::lds_denorm(mode, f64_operands)
            } else {
                atomic::KEEP_DENORMS
            };
            let r = if W64 {
                let x = va[0][l] as u64 | (va[1][l] as u64) << 32;
                let y = vb[0][l] as u64 | (vb[1][l] as u64) << 32;
                sp.atomic64(l, locs[l], |o| atomic::rmw64(OP, o, x, y, dn))
            } else {
                let (x, y) = (va[0][l], vb[0][l]);
                sp.atomic32(l, locs[l], |o| atomic::rmw32(OP, o, x, y, dn))
                    .map(|v| v as u64)
            };
            match r {
                Ok(v) => old[l] = v,
                Err(w) => faults.add(l, w),
            }
        }
    }
    faults.check(inst)?;
    if let Some(d) = ret {
        let lo = vreg(d, 0);
        for l in lanes(mask) {
            wave.vreg[lo][l] = old[l] as u32;
        }
        if W64 {
            let hi = vreg(d, 1);
            for l in lanes(mask) {
                wave.vreg[hi][l] = (old[l] >> 32) as u32;
            }
        }
    }
    Ok(FlowWord::NEXT)
}

/// Load to LDS (MUBUF lds=1, GLOBAL/SCRATCH_LOAD_LDS_*): each active lane's element goes to LDS at
/// `M0[17:0] + inst_offset + lane * stride` (state.md M0: `{14'h0, lds_offset[17:0]}`), stride 4 for sizes up to a
/// dword and 16 for DWORDX3/X4 (LLVM AMDGPU DMA operations). Sub-dword elements are written as the zero- or
/// sign-extended dword (CDNA3/4 extend 8/16-bit LDS DMA data to 32 bits).
/// An LDS address outside the allocation is a Memory fault here, where hardware silently masks the lane
/// (MI200 §3.11): a kernel author would rather see the bad M0 than missing data.
#[inline(always)]
pub(crate) fn load_lds<A: Addr, const KIND: u8, const N: usize>(
    wave: &mut Wave,
    inst: &Inst,
    ctx: &mut Ctx,
) -> Result<FlowWord, Box<Fault>> {
    let mask = wave.exec();
    record_lanes::<A>(wave, inst, ctx, mask);
    let size = kind::size(KIND, N);
    let mut locs = [Loc::Dropped; LANES];
    A::locate(wave, inst, ctx, mask, size, &mut locs);
    let stride = if N > 1 { 16 } else { 4 };
    let lds_base = ((wave.m0() & 0x3FFFF) as u64).wrapping_add(inst.imm as i64 as u64);
    let mut faults = Faults::default();
    let mut sp = spaces(&mut wave.scratch, wave.private_size, ctx);
    for l in lanes(mask) {
        let mut buf = [0u8; 16];
        if let Err(w) = sp.read(l, locs[l], &mut buf[..size]) {
            faults.add(l, w);
            continue;
        }
        let n = if N > 1 { size } else { 4 };
        if N == 1 {
            let raw = u32::from_le_bytes(buf[..4].try_into().unwrap());
            buf[..4].copy_from_slice(&kind::merge(KIND, raw, 0).to_le_bytes());
        }
        let dst = Loc::Lds(lds_base.wrapping_add((l * stride) as u64) & 0xFFFF_FFFF);
        if let Err(w) = sp.write(l, dst, &buf[..n]) {
            faults.add(l, w);
        }
    }
    faults.check(inst)?;
    Ok(FlowWord::NEXT)
}

/// Cache-control instructions (BUFFER_WBL2, BUFFER_INV): no architectural effect in a coherent single-copy memory.
pub(crate) fn nop(_: &mut Wave, _: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    Ok(FlowWord::NEXT)
}

/// Every lane's global address of a GLOBAL or FLAT access into `out`, as the handler's fast path computes them
/// (`Addr::global_addrs`, no per-lane branches), and `true` when every active lane is a plain global access;
/// `false` for other formats and for a FLAT access with an active lane in the LDS or private aperture (then
/// [`locate_lanes`]). For the cycle model's memory system, which needs only the lines.
pub(crate) fn global_lane_addrs(
    wave: &Wave,
    inst: &Inst,
    mem: &crate::exec::GlobalMemory,
    apertures: crate::exec::Apertures,
    mask: u64,
    out: &mut [u64; LANES],
) -> bool {
    use crate::isa::Format;
    let mut no_lds: [u8; 0] = [];
    let ctx = Ctx {
        mem,
        lds: &mut no_lds,
        apertures,
    };
    #[cfg(target_arch = "x86_64")]
    if mem.vmem_path == HostPath::Avx512 {
        // SAFETY: `HostPath::Avx512` is resolved only on a host with the features.
        return unsafe {
            match inst.format {
                Format::Flat => fast::lane_addrs::<flat::Flat>(wave, inst, &ctx, out),
                Format::Global => fast::lane_addrs::<flat::Global>(wave, inst, &ctx, out),
                _ => return false,
            }
        } & mask
            == 0;
    }
    match inst.format {
        Format::Flat => flat::Flat::global_addrs(wave, inst, &ctx, mask, out) & mask == 0,
        Format::Global => flat::Global::global_addrs(wave, inst, &ctx, mask, out) & mask == 0,
        _ => false,
    }
}

/// Per-lane locations of a DS/MUBUF/MTBUF/FLAT/GLOBAL/SCRATCH access of `size` bytes per lane, computed exactly as
/// the instruction's handler computes them (for checkers that watch memory, e.g. `crate::observers::races`). Lanes outside
/// `mask` keep their old entry. `false` for other formats.
pub(crate) fn locate_lanes(
    wave: &Wave,
    inst: &Inst,
    mem: &crate::exec::GlobalMemory,
    apertures: crate::exec::Apertures,
    mask: u64,
    size: usize,
    locs: &mut [Loc; LANES],
) -> bool {
    use crate::isa::Format;
    let mut no_lds: [u8; 0] = [];
    let ctx = Ctx {
        mem,
        lds: &mut no_lds,
        apertures,
    };
    match inst.format {
        Format::Ds => super::ds::Ds::locate(wave, inst, &ctx, mask, size, locs),
        Format::Flat => flat::Flat::locate(wave, inst, &ctx, mask, size, locs),
        Format::Global => flat::Global::locate(wave, inst, &ctx, mask, size, locs),
        Format::Scratch => flat::Scratch::locate(wave, inst, &ctx, mask, size, locs),
        Format::Mubuf | Format::Mtbuf => buffer::Buffer::locate(wave, inst, &ctx, mask, size, locs),
        _ => return false,
    }
    true
}

/// Run `inst`, a GLOBAL or FLAT dword load or store (`_DWORD` to `_DWORDX4`) or a sub-dword load
/// (`_UBYTE`, `_SBYTE`, `_USHORT`, `_SSHORT` and the `_D16` / `_D16_HI` forms), through the vector pass of
/// `ctx.mem`'s path alone (`vmem::fast` for AVX-512, `vmem::fast_avx2` for AVX2):
/// `Some(true)` when the pass took the instruction, `Some(false)` when it declined (nothing done: the handler would
/// take the general paths), `None` when the path has no vector pass or the pass does not know `inst`. For
/// differential tests, which must know the pass ran.
#[doc(hidden)]
pub fn vector_pass_only(wave: &mut Wave, inst: &Inst, ctx: &Ctx) -> Option<bool> {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::isa::Format;
        let avx2 = match ctx.mem.vmem_path {
            HostPath::Avx512 => false,
            HostPath::Avx2 => true,
            _ => return None,
        };
        let rows = match inst.format {
            Format::Global => flat::Global::rows(wave, inst, ctx)?,
            Format::Flat => flat::Flat::rows(wave, inst, ctx)?,
            _ => return None,
        };
        let mask = wave.exec();
        let opcode = inst.op.info().opcode;
        if mask == 0 && matches!(opcode, 16..=23 | 28..=37) {
            return Some(false);
        }
        let (store, n) = match opcode {
            20..=23 => (false, opcode - 19),
            28..=31 => (true, opcode - 27),
            16..=19 | 32..=37 => {
                let dst = vreg(flat::dst_of::<false>(inst), 0);
                let (ap, mem) = (ctx.apertures, ctx.mem);
                // SAFETY (both): the features were detected when the path was resolved.
                if avx2 {
                    return Some(unsafe {
                        match opcode {
                            16 => {
                                fast_avx2::load_sub::<{ kind::U8 }>(wave, rows, ap, mem, mask, dst)
                            }
                            17 => {
                                fast_avx2::load_sub::<{ kind::I8 }>(wave, rows, ap, mem, mask, dst)
                            }
                            18 => {
                                fast_avx2::load_sub::<{ kind::U16 }>(wave, rows, ap, mem, mask, dst)
                            }
                            19 => {
                                fast_avx2::load_sub::<{ kind::I16 }>(wave, rows, ap, mem, mask, dst)
                            }
                            32 => fast_avx2::load_sub::<{ kind::U8_D16 }>(
                                wave, rows, ap, mem, mask, dst,
                            ),
                            33 => fast_avx2::load_sub::<{ kind::U8_D16_HI }>(
                                wave, rows, ap, mem, mask, dst,
                            ),
                            34 => fast_avx2::load_sub::<{ kind::I8_D16 }>(
                                wave, rows, ap, mem, mask, dst,
                            ),
                            35 => fast_avx2::load_sub::<{ kind::I8_D16_HI }>(
                                wave, rows, ap, mem, mask, dst,
                            ),
                            36 => fast_avx2::load_sub::<{ kind::B16_D16 }>(
                                wave, rows, ap, mem, mask, dst,
                            ),
                            _ => fast_avx2::load_sub::<{ kind::B16_D16_HI }>(
                                wave, rows, ap, mem, mask, dst,
                            ),
                        }
                    });
                }
                return Some(unsafe {
                    match opcode {
                        16 => fast::load_sub::<{ kind::U8 }>(wave, rows, ap, mem, mask, dst),
                        17 => fast::load_sub::<{ kind::I8 }>(wave, rows, ap, mem, mask, dst),
                        18 => fast::load_sub::<{ kind::U16 }>(wave, rows, ap, mem, mask, dst),
                        19 => fast::load_sub::<{ kind::I16 }>(wave, rows, ap, mem, mask, dst),
                        32 => fast::load_sub::<{ kind::U8_D16 }>(wave, rows, ap, mem, mask, dst),
                        33 => fast::load_sub::<{ kind::U8_D16_HI }>(wave, rows, ap, mem, mask, dst),
                        34 => fast::load_sub::<{ kind::I8_D16 }>(wave, rows, ap, mem, mask, dst),
                        35 => fast::load_sub::<{ kind::I8_D16_HI }>(wave, rows, ap, mem, mask, dst),
                        36 => fast::load_sub::<{ kind::B16_D16 }>(wave, rows, ap, mem, mask, dst),
                        _ => fast::load_sub::<{ kind::B16_D16_HI }>(wave, rows, ap, mem, mask, dst),
                    }
                });
            }
            _ => return None,
        };
        let reg = if store {
            flat::data_of::<false>(inst)
        } else {
            flat::dst_of::<false>(inst)
        };
        let regs = |i: usize| vreg(reg, i);
        let (ap, mem) = (ctx.apertures, ctx.mem);
        // SAFETY (both): the features were detected when the path was resolved.
        if avx2 {
            return Some(unsafe {
                match (store, n) {
                    (false, 1) => fast_avx2::load::<1>(wave, rows, ap, mem, mask, regs),
                    (false, 2) => fast_avx2::load::<2>(wave, rows, ap, mem, mask, regs),
                    (false, 3) => fast_avx2::load::<3>(wave, rows, ap, mem, mask, regs),
                    (false, _) => fast_avx2::load::<4>(wave, rows, ap, mem, mask, regs),
                    (true, 1) => fast_avx2::store::<1>(wave, rows, ap, mem, mask, regs),
                    (true, 2) => fast_avx2::store::<2>(wave, rows, ap, mem, mask, regs),
                    (true, 3) => fast_avx2::store::<3>(wave, rows, ap, mem, mask, regs),
                    (true, _) => fast_avx2::store::<4>(wave, rows, ap, mem, mask, regs),
                }
            });
        }
        Some(unsafe {
            match (store, n) {
                (false, 1) => fast::load::<1>(wave, rows, ap, mem, mask, regs),
                (false, 2) => fast::load::<2>(wave, rows, ap, mem, mask, regs),
                (false, 3) => fast::load::<3>(wave, rows, ap, mem, mask, regs),
                (false, _) => fast::load::<4>(wave, rows, ap, mem, mask, regs),
                (true, 1) => fast::store::<1>(wave, rows, ap, mem, mask, regs),
                (true, 2) => fast::store::<2>(wave, rows, ap, mem, mask, regs),
                (true, 3) => fast::store::<3>(wave, rows, ap, mem, mask, regs),
                (true, _) => fast::store::<4>(wave, rows, ap, mem, mask, regs),
            }
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (wave, inst, ctx);
        None
    }
}

/// [`global_lane_addrs`] with the memory pinned to `path` (the AVX-512 lane pass or the per-lane loop): the
/// addresses and the answer, `None` when it answers `false`. For differential tests.
#[doc(hidden)]
pub fn global_lane_addrs_on(
    path: VmemPath,
    wave: &Wave,
    inst: &Inst,
    apertures: crate::exec::Apertures,
    mask: u64,
) -> Option<[u64; LANES]> {
    let mut mem = crate::exec::GlobalMemory::new();
    mem.set_vmem_path(path);
    let mut out = [0u64; LANES];
    global_lane_addrs(wave, inst, &mem, apertures, mask, &mut out).then_some(out)
}

/// Which vector pass the GLOBAL/FLAT dword loads and stores of a memory pinned to `path` take on this host:
/// `Some("avx512")`, `Some("avx2")` or `None` (the 64-address or per-lane paths). For differential tests.
#[doc(hidden)]
pub fn vector_pass_on(path: VmemPath) -> Option<&'static str> {
    match HostPath::resolve(path) {
        HostPath::Avx512 => Some("avx512"),
        HostPath::Avx2 => Some("avx2"),
        HostPath::PerLane | HostPath::Dwords => None,
    }
}
