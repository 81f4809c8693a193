//! The AVX-512 whole-instruction path of GLOBAL/FLAT dword loads and stores (`DWORD`, `_X2`, `_X3`, `_X4`), sub-dword
//! and D16 loads, and the lane addresses the cycle model's memory system asks for (`lane_addrs`).
//!
//! One vector pass over the address rows decides whether the instruction can run without per-lane checks:
//! - every active lane's high address dword is the same (vaddr form; the saddr form adds a 32-bit offset to one
//!   64-bit base), so a lane's address is `s + lo[l]` for one 64-bit `s`, monotone in `lo[l]`;
//! - the smallest and largest `lo` of the active lanes bound the whole access: one region check for 64 lanes;
//! - every active lane's offset in that region is dword aligned.
//!
//! Then each 16-lane chunk is one contiguous 64-byte load or store when its lanes are consecutive dwords (the
//! common coalesced case), one broadcast dword when all its lanes read the same address, and a hardware gather or
//! scatter otherwise (a scatter writes overlapping lanes in lane order, as the per-lane path does: Intel SDM
//! VPSCATTERDD, "ordered from LSB to MSB of the source registers"). Anything else (a lane outside the region,
//! misaligned, in an aperture, different high dwords, regions over 4 GiB) answers `false` and the instruction
//! takes the general paths, which find and report the bad lane; so a fault is always the general path's fault.
//!
//! Before that plan, a full-EXEC `DWORD` access whose 32-lane halves are each one run of dwords or one broadcast
//! dword (gemm's row loads and stores, a coalesced 64-lane run) is decided by the AVX2 pass's `halves` (compares
//! against its first lanes, one region lookup) and carried out here with two 64-byte moves or one broadcast per
//! half (`halves_move`): the plan's min/max reductions and per-chunk shape tests were most of such a load's cost.
//!
//! Region storage is `AtomicU32`; these accesses go through `AtomicU32::as_ptr` with plain vector moves, which on
//! x86-64 are the same aligned dword moves the relaxed atomic loads and stores compile to. When that is sound: a
//! region is touched by several host threads only under `--jobs N`, one work-group per thread, so a vector move
//! meets another thread's access to the same dword only when two work-groups of the kernel race on it (a plain
//! load or store against a store or atomic of another work-group: the kernel's own data race, whose value the ISA
//! leaves undefined too). On one host thread, and for race-free kernels on several, no access is concurrent with
//! these moves. Every element of a gather, scatter or masked move is an aligned dword (the pass declines a
//! misaligned lane), so a racing kernel still reads some dword value a thread stored, never a torn one, on x86-64;
//! Rust's model calls the race undefined, which is why atomics (`Spaces`, `GlobalMemory::atomic_*`) never take
//! this path.

use super::fast_avx2::{halves, record_halves, Halves, HALF};
use super::Rows;
use crate::exec::wave::{VReg, VREGS};
use crate::exec::{Apertures, GlobalMemory, Region, Wave, LANES};
use std::arch::x86_64::*;

/// Is the host able to run this path (AVX-512 F/BW/VL/DQ; std caches the CPUID answer)?
#[inline(always)]
pub(crate) fn host_avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512dq")
}

/// A checked access: its region and, per 16-lane chunk, each lane's byte offset and dword index in the region
/// (active lanes only; inactive lanes hold anything).
struct Plan<'m> {
    region: &'m Region,
    off: [__m512i; 4],
    idx: [__m512i; 4],
    /// Lane `l`'s address is `s + lo[l]` (active lanes); `lo` as read from its row, per 16-lane chunk.
    s: u64,
    lo: [__m512i; 4],
}

#[inline(always)]
fn chunk_mask(mask: u64, c: usize) -> __mmask16 {
    (mask >> (16 * c)) as u16
}

/// The vector pass (see the module text): `bytes` per lane, each lane's offset a multiple of `align + 1`;
/// `mask` != 0. Inlined into the dword loads and stores (`plan_inline`), out of line for the sub-dword loads.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq")]
#[allow(clippy::too_many_arguments)]
fn plan<'m>(
    vreg: &[VReg; VREGS],
    hint: &mut u8,
    rows: Rows,
    ap: Apertures,
    mem: &'m GlobalMemory,
    mask: u64,
    bytes: usize,
    align: u32,
) -> Option<Plan<'m>> {
    // SAFETY: this function has the features.
    unsafe { plan_inline(vreg, hint, rows, ap, mem, mask, bytes, align) }
}

/// `plan`, always inlined: a `Plan` returned from a call is 8 vectors written to memory and copied by the caller,
/// and a dword load needs only `idx` of it; inlined, the vectors stay in registers (measured: global_load_dword
/// 20.5 -> 17.2 ns, gemm 512 interpreter ~5% less CPU). Without `target_feature` because `inline(always)` may not
/// carry one; it is only ever inlined into functions that have the features.
///
/// # Safety
/// The caller must be compiled with (and the host have) the features of [`host_avx512`].
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn plan_inline<'m>(
    vreg: &[VReg; VREGS],
    hint: &mut u8,
    rows: Rows,
    ap: Apertures,
    mem: &'m GlobalMemory,
    mask: u64,
    bytes: usize,
    align: u32,
) -> Option<Plan<'m>> {
    unsafe {
        let first = mask.trailing_zeros() as usize & (LANES - 1);
        let lo = &vreg[rows.lo & (VREGS - 1)];
        let s = match rows.hi {
            Some(h) => {
                let hi = &vreg[h & (VREGS - 1)];
                // The first active lane's high dword by a scalar load, which the rest of the pass can start from
                // while the row's vector loads wait for the VALU store that wrote it (forwarding).
                let h0 = hi[first];
                let hb = _mm512_set1_epi32(h0 as i32);
                let mut other = 0u16;
                for c in 0..4 {
                    other |=
                        _mm512_mask_cmpneq_epi32_mask(chunk_mask(mask, c), row_chunk(hi, c), hb);
                }
                if other != 0 {
                    return None;
                }
                ((h0 as u64) << 32).wrapping_add(rows.base)
            }
            None => rows.base,
        };
        // The region of the first active lane's access, looked up from two scalar loads while the vector min/max
        // below runs (the lookup no longer waits for the reductions; measured ~2% of gemm 512). Regions do not
        // overlap (`GlobalMemory::map`), so the region holding [amin, end) is the one holding this lane's access.
        // The search starts at the region this instruction found last (`Wave::region_hints`).
        let a0 = s.wrapping_add(lo[first] as u64);
        let mut h = *hint as usize;
        let region = mem.span(&mut h, a0, a0.checked_add(bytes as u64)?)?;
        *hint = h as u8;
        let mut l = [_mm512_setzero_si512(); 4];
        let mut vmin = _mm512_set1_epi32(-1);
        let mut vmax = _mm512_setzero_si512();
        for (c, lc) in l.iter_mut().enumerate() {
            let k = chunk_mask(mask, c);
            *lc = row_chunk(lo, c);
            vmin = _mm512_mask_min_epu32(vmin, k, vmin, *lc);
            vmax = _mm512_mask_max_epu32(vmax, k, vmax, *lc);
        }
        // Lane addresses are s + lo (mod 2^64) for lo in [min, max]: an interval of < 4 GiB, monotone unless it wraps,
        // and it wraps exactly when the end comes out below the start.
        let amin = s.wrapping_add(_mm512_reduce_min_epu32(vmin) as u64);
        let amax = s.wrapping_add(_mm512_reduce_max_epu32(vmax) as u64);
        if amax < amin {
            return None;
        }
        let end = amax.checked_add(bytes as u64)?;
        if rows.flat {
            // Conservative: any overlap of [amin, end) with an aperture goes to the per-lane routing.
            let hits = |b: u64| amin < b.saturating_add(Apertures::SIZE) && b < end;
            if hits(ap.shared_base) || hits(ap.private_base) {
                return None;
            }
        }
        // [amin, end) inside the first lane's region: end - base <= size, computed without overflow (end > amin >=
        // base).
        if amin < region.base || end - region.base > region.size || region.size > 1 << 32 {
            return None;
        }
        // Every active lane's byte offset is s + lo - base, in [0, size - bytes]: below 2^32, so 32-bit lanes carry it.
        let d = _mm512_set1_epi32(s.wrapping_sub(region.base) as u32 as i32);
        let align = _mm512_set1_epi32(align as i32);
        let mut misaligned = 0u16;
        let mut off = [_mm512_setzero_si512(); 4];
        let mut idx = [_mm512_setzero_si512(); 4];
        for c in 0..4 {
            off[c] = _mm512_add_epi32(l[c], d);
            misaligned |= _mm512_mask_test_epi32_mask(chunk_mask(mask, c), off[c], align);
            idx[c] = _mm512_srli_epi32::<2>(off[c]);
        }
        if misaligned != 0 {
            return None;
        }
        Some(Plan {
            region,
            off,
            idx,
            s,
            lo: l,
        })
    }
}

/// Lanes `16 * c ..` of a register row, one 64-byte load. (Reading it as two 32-byte halves, so that each is
/// forwarded from one 32-byte VALU store, measured 1.5 ns slower per load right after `v_lshl_add_u64` on Zen 4,
/// with no forwarding stall either way: LLVM writes the VALU's whole-row results with 64-byte stores.)
///
/// # Safety
/// The caller must be compiled with the `avx512f` feature.
#[inline(always)]
unsafe fn row_chunk(row: &VReg, c: usize) -> __m512i {
    // SAFETY: lanes 16 * c .. 16 * c + 16 lie inside the 64-lane row; the caller's features.
    unsafe { _mm512_loadu_si512(row.as_ptr().add(16 * (c & 3)) as *const _) }
}

/// Record every lane's address `s + lo` in the wave's slot (`Wave::lane_addrs`) from the plan's registers, for
/// the memory model: the addresses `lane_addrs` computes for the active lanes (an inactive lane's entry may
/// differ, which the slot allows). No active lane of a plan is in an aperture (the pass declines those).
///
/// # Safety
/// The caller must be compiled with (and the host have) the features of [`host_avx512`].
#[inline(always)]
unsafe fn record(slot: &mut crate::exec::wave::LaneAddrs, p: &Plan, at: u64) {
    // SAFETY: the caller's features; 8 lanes from 8 * k (k < 8) lie inside `addrs`.
    unsafe {
        let s = _mm512_set1_epi64(p.s as i64);
        let out = slot.addrs.as_mut_ptr() as *mut __m512i;
        for c in 0..4 {
            let lo = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(p.lo[c]));
            let hi = _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64::<1>(p.lo[c]));
            _mm512_storeu_si512(out.add(2 * c), _mm512_add_epi64(lo, s));
            _mm512_storeu_si512(out.add(2 * c + 1), _mm512_add_epi64(hi, s));
        }
    }
    slot.aperture = 0;
    slot.halves = None;
    slot.at = at;
}

/// [`record`], except that a full-EXEC access whose 32-lane halves are each one run of `width`-byte elements or
/// one broadcast address records that shape (`crate::exec::wave::HalfRuns`, read off the plan's registers)
/// instead of its 64 addresses: the memory system takes its lines from the shape (as from the AVX2 `halves`
/// path's), and the 512 bytes of addresses would go unread.
///
/// # Safety
/// The caller must be compiled with (and the host have) the features of [`host_avx512`].
#[inline(always)]
unsafe fn record_shaped(
    slot: &mut crate::exec::wave::LaneAddrs,
    p: &Plan,
    at: u64,
    mask: u64,
    width: u32,
) {
    // SAFETY: the caller's features.
    unsafe {
        if mask == !0 {
            if let Some(h) = shape(p, width) {
                slot.aperture = 0;
                slot.halves = Some(h);
                slot.at = at;
                return;
            }
        }
        record(slot, p, at);
    }
}

/// The shape of a full-EXEC plan whose halves are each one run of `width`-byte elements or one broadcast
/// address; None for any other.
///
/// # Safety
/// The caller must be compiled with (and the host have) the features of [`host_avx512`].
#[inline(always)]
unsafe fn shape(p: &Plan, width: u32) -> Option<crate::exec::wave::HalfRuns> {
    // SAFETY: the caller's features.
    unsafe {
        let ramp = _mm512_mullo_epi32(iota(), _mm512_set1_epi32(width as i32));
        let next = _mm512_set1_epi32(16 * width as i32);
        let mut first = [0u64; 2];
        let mut uniform = [false; 2];
        for h in 0..2 {
            let (a, b) = (p.lo[2 * h], p.lo[2 * h + 1]);
            let l0 = lane0(a);
            let one = _mm512_set1_epi32(l0 as i32);
            let want = _mm512_add_epi32(one, ramp);
            // a run's last lane must not pass 2^32 (its 64-bit addresses would not be one run)
            let run = l0 <= u32::MAX - 31 * width
                && _mm512_cmpneq_epi32_mask(a, want) == 0
                && _mm512_cmpneq_epi32_mask(b, _mm512_add_epi32(want, next)) == 0;
            if !run && (_mm512_cmpneq_epi32_mask(a, one) | _mm512_cmpneq_epi32_mask(b, one)) != 0 {
                return None;
            }
            uniform[h] = !run;
            first[h] = p.s.wrapping_add(l0 as u64);
        }
        Some(crate::exec::wave::HalfRuns {
            first,
            uniform,
            width,
        })
    }
}

/// Lane numbers 0..16.
#[inline]
#[target_feature(enable = "avx512f")]
fn iota() -> __m512i {
    _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
}

/// The index of the chunk's lane 0 (meaningful when the chunk is contiguous or uniform over its active lanes).
#[inline]
#[target_feature(enable = "avx512f")]
fn lane0(ix: __m512i) -> u32 {
    _mm_cvtsi128_si32(_mm512_castsi512_si128(ix)) as u32
}

/// A `halves` access (the AVX2 pass's decision, `fast_avx2::halves`) carried out with 64-byte moves: a load into
/// row `reg` (`STORE` false) or a store of it, each half a copy of 32 dwords or one broadcast dword; a read-only
/// region answers `false` to a store (the per-lane path faults). A store goes in the per-lane path's lane order:
/// the lower half first, so where the halves overlap the upper half's (later) lanes win; a broadcast half's dword
/// ends as its last lane's value; a run's 32 dwords are distinct.
///
/// # Safety
/// `p` is `halves`'s answer for this access; the caller must be compiled with (and the host have) the features of
/// [`host_avx512`].
#[inline(always)]
unsafe fn halves_move<const STORE: bool>(wave: &mut Wave, p: Halves, reg: usize) -> bool {
    if STORE && !p.region.writable {
        return false;
    }
    if wave.lane_addrs.wanted {
        record_halves(&mut wave.lane_addrs, &p, wave.instructions);
    }
    let d = p.region.dwords();
    let base = d.as_ptr() as *mut u32;
    let row = wave.vreg[reg & (VREGS - 1)].as_mut_ptr();
    // SAFETY: `halves` checked that each half's dwords (a run of 32 from its index, or the one at it) lie inside the
    // region and `dwords()` covers it; the row holds 64 dwords; the caller's features.
    unsafe {
        for h in 0..2 {
            let (i, lanes) = (p.idx[h], row.add(HALF * h));
            let (src, dst) = if STORE {
                (lanes as *const u32, base.add(i))
            } else {
                (base.add(i) as *const u32, lanes)
            };
            if !p.uniform[h] {
                for c in 0..2 {
                    let v = _mm512_loadu_si512(src.add(16 * c) as *const _);
                    _mm512_storeu_si512(dst.add(16 * c) as *mut _, v);
                }
            } else if STORE {
                d.get_unchecked(i)
                    .store(*lanes.add(HALF - 1), std::sync::atomic::Ordering::Relaxed);
            } else {
                let x = d
                    .get_unchecked(i)
                    .load(std::sync::atomic::Ordering::Relaxed);
                let v = _mm512_set1_epi32(x as i32);
                _mm512_storeu_si512(lanes as *mut _, v);
                _mm512_storeu_si512(lanes.add(16) as *mut _, v);
            }
        }
    }
    true
}

/// Whole-instruction load of `N` dwords per lane into `dst` (index into `Wave::vreg`, then the next `N - 1` in
/// its file via `reg_of`). `false`: nothing done.
///
/// # Safety
/// The host must have the features of [`host_avx512`].
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq")]
pub(crate) unsafe fn load<const N: usize>(
    wave: &mut Wave,
    rows: Rows,
    ap: Apertures,
    mem: &GlobalMemory,
    mask: u64,
    reg_of: impl Fn(usize) -> usize,
) -> bool {
    let slot = wave.region_hint();
    let hint = &mut wave.region_hints[slot];
    if N == 1 && mask == u64::MAX {
        if let Some(p) = halves(&wave.vreg, hint, rows, ap, mem) {
            return halves_move::<false>(wave, p, reg_of(0));
        }
    }
    let Some(p) = plan_inline(&wave.vreg, hint, rows, ap, mem, mask, 4 * N, 3) else {
        return false;
    };
    if wave.lane_addrs.wanted {
        record_shaped(
            &mut wave.lane_addrs,
            &p,
            wave.instructions,
            mask,
            4 * N as u32,
        );
    }
    let d = p.region.dwords();
    let base = d.as_ptr() as *const i32;
    let one = _mm512_set1_epi32(1);
    for c in 0..4 {
        let k = chunk_mask(mask, c);
        if k == 0 {
            continue;
        }
        let mut ix = p.idx[c];
        let i0 = lane0(ix);
        let contiguous = _mm512_mask_cmpneq_epi32_mask(
            k,
            ix,
            _mm512_add_epi32(_mm512_set1_epi32(i0 as i32), iota()),
        ) == 0;
        let uniform =
            !contiguous && _mm512_mask_cmpneq_epi32_mask(k, ix, _mm512_set1_epi32(i0 as i32)) == 0;
        for i in 0..N {
            let row = wave.vreg[reg_of(i) & (VREGS - 1)].as_mut_ptr();
            // SAFETY: `plan` checked that every active lane's `N` dwords lie inside the region and `dwords()` covers
            // it; masked-off lanes are not accessed (a masked load or gather does not touch them), so the start
            // pointer of a contiguous chunk may lie outside the region (`wrapping_add`). The row pointer addresses
            // 16 lanes inside a 64-lane row.
            unsafe {
                let out = row.add(16 * c) as *mut i32;
                let zero = _mm512_setzero_si512();
                let v = if contiguous && k == u16::MAX {
                    // every lane in the region: a plain load
                    _mm512_loadu_si512(base.add(i0 as usize + i) as *const _)
                } else if contiguous {
                    _mm512_mask_loadu_epi32(zero, k, base.wrapping_add(i0 as usize + i))
                } else if uniform {
                    let x = d
                        .get_unchecked(i0 as usize + i)
                        .load(std::sync::atomic::Ordering::Relaxed);
                    _mm512_set1_epi32(x as i32)
                } else {
                    _mm512_mask_i32gather_epi32::<4>(zero, k, ix, base)
                };
                // inactive lanes keep their values: a masked store, not a read of the old row
                if k == u16::MAX {
                    _mm512_storeu_epi32(out, v);
                } else {
                    _mm512_mask_storeu_epi32(out, k, v);
                }
            }
            ix = _mm512_add_epi32(ix, one);
        }
    }
    true
}

/// Whole-instruction store of `N` dwords per lane from the rows `reg_of(0..N)`; read-only regions answer `false`
/// (the per-lane path faults). Overlapping lanes end as the per-lane path leaves them: the later lane wins.
///
/// # Safety
/// The host must have the features of [`host_avx512`].
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq")]
pub(crate) unsafe fn store<const N: usize>(
    wave: &mut Wave,
    rows: Rows,
    ap: Apertures,
    mem: &GlobalMemory,
    mask: u64,
    reg_of: impl Fn(usize) -> usize,
) -> bool {
    let slot = wave.region_hint();
    let hint = &mut wave.region_hints[slot];
    if N == 1 && mask == u64::MAX {
        if let Some(p) = halves(&wave.vreg, hint, rows, ap, mem) {
            return halves_move::<true>(wave, p, reg_of(0));
        }
    }
    let Some(p) = plan_inline(&wave.vreg, hint, rows, ap, mem, mask, 4 * N, 3) else {
        return false;
    };
    if !p.region.writable {
        return false;
    }
    if wave.lane_addrs.wanted {
        record_shaped(
            &mut wave.lane_addrs,
            &p,
            wave.instructions,
            mask,
            4 * N as u32,
        );
    }
    let d = p.region.dwords();
    let base = d.as_ptr() as *mut i32;
    if N == 1 {
        let row = &wave.vreg[reg_of(0) & (VREGS - 1)];
        // Chunks in lane order; inside a chunk, distinct addresses (contiguous) or the scatter's lane order.
        for c in 0..4 {
            let k = chunk_mask(mask, c);
            if k == 0 {
                continue;
            }
            let ix = p.idx[c];
            let i0 = lane0(ix);
            // SAFETY: as in `load`; 16 lanes from 16 * c lie inside the row.
            let v = row_chunk(row, c);
            unsafe {
                let contiguous = _mm512_mask_cmpneq_epi32_mask(
                    k,
                    ix,
                    _mm512_add_epi32(_mm512_set1_epi32(i0 as i32), iota()),
                ) == 0;
                if contiguous && k == u16::MAX {
                    _mm512_storeu_si512(base.add(i0 as usize) as *mut _, v);
                } else if contiguous {
                    _mm512_mask_storeu_epi32(base.wrapping_add(i0 as usize), k, v);
                } else {
                    _mm512_mask_i32scatter_epi32::<4>(base, k, ix, v);
                }
            }
        }
        return true;
    }
    // Several dwords per lane. A 16-lane chunk whose active lanes hold consecutive N-dword elements (lane l at
    // i0 + N * l: no two lanes overlap) is N interleaved 64-byte stores; chunks go in lane order, so the result is
    // the per-lane path's. Other chunks (and DWORDX3) lane by lane, each lane's dwords in order (the per-lane
    // path's order, which decides overlapping lanes).
    let regs: [&VReg; N] = std::array::from_fn(|i| &wave.vreg[reg_of(i) & (VREGS - 1)]);
    let mut rest = mask;
    if N == 2 || N == 4 {
        let stride = _mm512_mullo_epi32(iota(), _mm512_set1_epi32(N as i32));
        for c in 0..4 {
            let k = chunk_mask(mask, c);
            if k == 0 {
                continue;
            }
            let i0 = lane0(p.idx[c]);
            let want = _mm512_add_epi32(_mm512_set1_epi32(i0 as i32), stride);
            if _mm512_mask_cmpneq_epi32_mask(k, p.idx[c], want) != 0 {
                continue;
            }
            let r: [__m512i; N] = std::array::from_fn(|i| row_chunk(regs[i], c));
            // SAFETY: as in `load` (masked-off dwords are not accessed, so the start may lie outside the region).
            unsafe { store_interleaved::<N>(base.wrapping_add(i0 as usize), k, &r) };
            rest &= !((k as u64) << (16 * c));
        }
    }
    let mut idx = [0u32; LANES];
    for c in 0..4 {
        // SAFETY: 16 entries from 16 * c lie inside `idx`.
        unsafe { _mm512_storeu_epi32(idx.as_mut_ptr().add(16 * c) as *mut i32, p.idx[c]) };
    }
    let mut m = rest;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        for (i, r) in regs.iter().enumerate() {
            // SAFETY: as in `load`.
            unsafe { d.get_unchecked(idx[l] as usize + i) }
                .store(r[l], std::sync::atomic::Ordering::Relaxed);
        }
    }
    true
}

/// Each of `w`'s bits `b` repeated `n` times (bit `b` to bits `n * b .. n * b + n`), for `16 / n` bits of `w`.
#[inline(always)]
fn spread(w: u16, n: u32) -> u16 {
    let mut out = 0u16;
    for b in 0..16 / n {
        if w >> b & 1 != 0 {
            out |= (((1u32 << n) - 1) as u16) << (n * b);
        }
    }
    out
}

/// Store the 16 lanes of `r` (N = 2 or 4 rows, one per dword of the element) as 16 N-dword elements from `dst`,
/// lane `l`'s at `dst + N * l`, for the lanes of `k` only.
///
/// # Safety
/// Every active lane's `N` dwords must be writable.
#[inline]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq")]
unsafe fn store_interleaved<const N: usize>(dst: *mut i32, k: __mmask16, r: &[__m512i; N]) {
    // lanes 0-7 and 8-15 of two rows, interleaved dword by dword: [a0 b0 a1 b1 ...]
    let lo = _mm512_setr_epi32(0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23);
    let hi = _mm512_setr_epi32(8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31);
    let out: [__m512i; 4];
    if N == 2 {
        out = [
            _mm512_permutex2var_epi32(r[0], lo, r[1]),
            _mm512_permutex2var_epi32(r[0], hi, r[1]),
            _mm512_setzero_si512(),
            _mm512_setzero_si512(),
        ];
    } else {
        // pairs (r0, r1) and (r2, r3) per lane as qwords, then the two pair rows interleaved qword by qword
        let (r1, r2, r3) = (r[1 % N], r[2 % N], r[3 % N]);
        let (a_lo, a_hi) = (
            _mm512_permutex2var_epi32(r[0], lo, r1),
            _mm512_permutex2var_epi32(r[0], hi, r1),
        );
        let (b_lo, b_hi) = (
            _mm512_permutex2var_epi32(r2, lo, r3),
            _mm512_permutex2var_epi32(r2, hi, r3),
        );
        let q0 = _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11);
        let q1 = _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15);
        out = [
            _mm512_permutex2var_epi64(a_lo, q0, b_lo),
            _mm512_permutex2var_epi64(a_lo, q1, b_lo),
            _mm512_permutex2var_epi64(a_hi, q0, b_hi),
            _mm512_permutex2var_epi64(a_hi, q1, b_hi),
        ];
    }
    let per = 16 / N as u32; // lanes per 64-byte store
    for (j, v) in out.iter().enumerate().take(N) {
        let kj = spread(k >> (per * j as u32), N as u32);
        if kj != 0 {
            // SAFETY: the caller's; masked-off dwords are not accessed.
            unsafe { _mm512_mask_storeu_epi32(dst.wrapping_add(16 * j), kj, *v) };
        }
    }
}

/// Whole-instruction sub-dword load (`KIND` one of `kind::U8`, `I8`, `U16`, `I16`: the value zero- or
/// sign-extended to the whole VGPR; or a D16 kind, `U8_D16` .. `B16_D16_HI`: the value extended to 16 bits into
/// one half, the other half kept; access::kind::merge) into row `dst`: each lane's containing dword gathered,
/// shifted and extended. 16-bit lanes must be 2-byte aligned (an unaligned one may cross a dword: the general
/// path). Region storage is whole qwords, so the dword holding an in-region byte is always inside it.
/// `false`: nothing done.
///
/// # Safety
/// The host must have the features of [`host_avx512`].
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq")]
pub(crate) unsafe fn load_sub<const KIND: u8>(
    wave: &mut Wave,
    rows: Rows,
    ap: Apertures,
    mem: &GlobalMemory,
    mask: u64,
    dst: usize,
) -> bool {
    use super::access::kind;
    let wide = matches!(
        KIND,
        kind::U16 | kind::I16 | kind::B16_D16 | kind::B16_D16_HI
    );
    let size = if wide { 2 } else { 1 };
    let slot = wave.region_hint();
    let hint = &mut wave.region_hints[slot];
    let Some(p) = plan(&wave.vreg, hint, rows, ap, mem, mask, size, size as u32 - 1) else {
        return false;
    };
    if wave.lane_addrs.wanted {
        record(&mut wave.lane_addrs, &p, wave.instructions);
    }
    let base = p.region.dwords().as_ptr() as *const i32;
    let row = wave.vreg[dst & (VREGS - 1)].as_mut_ptr();
    for c in 0..4 {
        let k = chunk_mask(mask, c);
        if k == 0 {
            continue;
        }
        let shift = _mm512_slli_epi32::<3>(_mm512_and_si512(p.off[c], _mm512_set1_epi32(3)));
        // SAFETY: every active lane's dword index lies inside the region's storage (see above); masked-off lanes
        // are not accessed. The row pointer addresses 16 lanes inside a 64-lane row.
        unsafe {
            let dw = _mm512_mask_i32gather_epi32::<4>(_mm512_setzero_si512(), k, p.idx[c], base);
            let raw = _mm512_srlv_epi32(dw, shift);
            let ext = match KIND {
                kind::U8 | kind::U8_D16 | kind::U8_D16_HI => {
                    _mm512_and_si512(raw, _mm512_set1_epi32(0xFF))
                }
                kind::I8 | kind::I8_D16 | kind::I8_D16_HI => {
                    _mm512_srai_epi32::<24>(_mm512_slli_epi32::<24>(raw))
                }
                kind::U16 | kind::B16_D16 | kind::B16_D16_HI => {
                    _mm512_and_si512(raw, _mm512_set1_epi32(0xFFFF))
                }
                _ => _mm512_srai_epi32::<16>(_mm512_slli_epi32::<16>(raw)),
            };
            let out = row.add(16 * c) as *mut i32;
            // D16: the (16-bit) value into one half of the VGPR, the other half kept (access::kind::merge)
            let v = match KIND {
                kind::U8_D16 | kind::I8_D16 | kind::B16_D16 => {
                    let old = _mm512_loadu_si512(out as *const _);
                    _mm512_or_si512(
                        _mm512_and_si512(old, _mm512_set1_epi32(0xFFFF_0000u32 as i32)),
                        _mm512_and_si512(ext, _mm512_set1_epi32(0xFFFF)),
                    )
                }
                kind::U8_D16_HI | kind::I8_D16_HI | kind::B16_D16_HI => {
                    let old = _mm512_loadu_si512(out as *const _);
                    _mm512_or_si512(
                        _mm512_and_si512(old, _mm512_set1_epi32(0xFFFF)),
                        _mm512_slli_epi32::<16>(ext),
                    )
                }
                _ => ext,
            };
            if k == u16::MAX {
                _mm512_storeu_epi32(out, v);
            } else {
                _mm512_mask_storeu_epi32(out, k, v);
            }
        }
    }
    true
}

/// Every lane's 64-bit address of a plain global access into `out` (inactive lanes too: the rows hold something),
/// eight lanes per step, and the mask of lanes whose address falls in the FLAT shared or private aperture (0 for
/// GLOBAL rows; every lane for a mode without rows): what `Addr::global_addrs` computes lane by lane, for the cycle model's memory system.
///
/// # Safety
/// The host must have the features of [`host_avx512`].
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512dq")]
pub(crate) unsafe fn lane_addrs<A: super::Addr>(
    wave: &Wave,
    inst: &crate::isa::Inst,
    ctx: &crate::exec::Ctx,
    out: &mut [u64; LANES],
) -> u64 {
    // the rows computed here, not passed in: a `Rows` written by the caller and read back as a vector misses
    // store forwarding (measured: a third of this function's samples)
    let Some(rows) = A::rows(wave, inst, ctx) else {
        return u64::MAX;
    };
    let (vreg, ap) = (&wave.vreg, ctx.apertures);
    let lo = &vreg[rows.lo & (VREGS - 1)];
    let hi = rows.hi.map(|h| &vreg[h & (VREGS - 1)]);
    let base = _mm512_set1_epi64(rows.base as i64);
    let (shared, private, size) = (
        _mm512_set1_epi64(ap.shared_base as i64),
        _mm512_set1_epi64(ap.private_base as i64),
        _mm512_set1_epi64(Apertures::SIZE as i64),
    );
    let mut aperture = 0u64;
    for c in 0..8 {
        // SAFETY: lanes 8 * c .. 8 * c + 8 lie inside the 64-lane rows and `out`.
        unsafe {
            let l =
                _mm512_cvtepu32_epi64(_mm256_loadu_si256(lo.as_ptr().add(8 * c) as *const __m256i));
            let a = match hi {
                Some(h) => {
                    let h = _mm512_cvtepu32_epi64(_mm256_loadu_si256(
                        h.as_ptr().add(8 * c) as *const __m256i
                    ));
                    _mm512_add_epi64(_mm512_or_si512(l, _mm512_slli_epi64::<32>(h)), base)
                }
                None => _mm512_add_epi64(l, base),
            };
            _mm512_storeu_si512(out.as_mut_ptr().add(8 * c) as *mut _, a);
            if rows.flat {
                let inside = _mm512_cmplt_epu64_mask(_mm512_sub_epi64(a, shared), size)
                    | _mm512_cmplt_epu64_mask(_mm512_sub_epi64(a, private), size);
                aperture |= (inside as u64) << (8 * c);
            }
        }
    }
    aperture
}
