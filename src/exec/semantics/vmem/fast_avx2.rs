//! The AVX2 whole-instruction path of GLOBAL/FLAT dword loads and stores (`DWORD` to `_X4`): the same decisions as
//! the AVX-512 pass (`vmem::fast`, whose module text gives the rules and why the vector moves are sound), on hosts
//! without AVX-512 (measured on a 2-core Zen 3 host: the 64-address dword path was 56% of gemm 512's interpreter
//! time there).
//!
//! AVX2 has no mask registers, no scatter and no unsigned 64-bit compares, so: a chunk is 8 lanes and its active
//! lanes are a vector of all-ones lanes (`active`); a chunk that is not one contiguous run is gathered
//! (`vpgatherdd`, masked) on loads and stored lane by lane on stores (lane order: the later lane wins, as on the
//! per-lane path); a contiguous chunk is one masked move (`vpmaskmovd`, which does not touch masked-off lanes).
//! Sub-dword loads gather each lane's containing dword and shift (as the AVX-512 pass); the memory model's
//! lane-address pass stays on the general path here.

use super::Rows;
use crate::exec::wave::{VReg, VREGS};
use crate::exec::{Apertures, GlobalMemory, Region, Wave, LANES};
use std::arch::x86_64::*;

/// Is the host able to run this path (AVX2 and FMA, as the VALU's AVX2 paths; std caches the CPUID answer)?
#[inline(always)]
pub(crate) fn host_avx2() -> bool {
    crate::exec::semantics::valu::host_avx2()
}

/// Lanes per chunk (one `__m256i` of dwords) and chunks per wave.
const W: usize = 8;
const CHUNKS: usize = LANES / W;
/// Lanes per half-wave (the [`halves`] shapes).
pub(super) const HALF: usize = LANES / 2;

/// A checked access: its region and, per 8-lane chunk, each lane's dword index in the region (active lanes only).
struct Plan<'m> {
    region: &'m Region,
    /// Each lane's byte offset in the region and its dword index (`off >> 2`).
    off: [__m256i; CHUNKS],
    idx: [__m256i; CHUNKS],
    /// Lane `l`'s address is `s + lo[l]` (active lanes); `lo` as read from its row, per chunk.
    s: u64,
    lo: [__m256i; CHUNKS],
}

#[inline(always)]
fn chunk_bits(mask: u64, c: usize) -> u8 {
    (mask >> (W * c)) as u8
}

/// The lanes of `bits` as all-ones dword lanes (lane `j` of the chunk active when bit `j` is set).
///
/// # Safety
/// The caller must be compiled with the `avx2` feature.
#[inline(always)]
unsafe fn active(bits: u8) -> __m256i {
    let b = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(bits as i32), b), b)
}

/// Lanes `8 * c ..` of a register row.
///
/// # Safety
/// The caller must be compiled with the `avx2` feature.
#[inline(always)]
unsafe fn row_chunk(row: &VReg, c: usize) -> __m256i {
    // SAFETY: lanes 8 * c .. 8 * c + 8 lie inside the 64-lane row.
    unsafe { _mm256_loadu_si256(row.as_ptr().add(W * (c & (CHUNKS - 1))) as *const __m256i) }
}

/// Lane numbers 0..8.
#[inline(always)]
unsafe fn iota() -> __m256i {
    _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)
}

/// Does any lane of `v` have a bit set?
#[inline(always)]
unsafe fn any(v: __m256i) -> bool {
    _mm256_testz_si256(v, v) == 0
}

/// The smallest and largest unsigned dword over the lanes of `vmin` and `vmax`.
///
/// # Safety
/// The caller must be compiled with the `avx2` feature.
#[inline(always)]
unsafe fn reduce_min_max(vmin: __m256i, vmax: __m256i) -> (u32, u32) {
    unsafe {
        let a = _mm256_min_epu32(vmin, _mm256_permute2x128_si256::<1>(vmin, vmin));
        let a = _mm256_min_epu32(a, _mm256_shuffle_epi32::<0b01_00_11_10>(a));
        let a = _mm256_min_epu32(a, _mm256_shuffle_epi32::<0b10_11_00_01>(a));
        let b = _mm256_max_epu32(vmax, _mm256_permute2x128_si256::<1>(vmax, vmax));
        let b = _mm256_max_epu32(b, _mm256_shuffle_epi32::<0b01_00_11_10>(b));
        let b = _mm256_max_epu32(b, _mm256_shuffle_epi32::<0b10_11_00_01>(b));
        (
            _mm256_cvtsi256_si32(a) as u32,
            _mm256_cvtsi256_si32(b) as u32,
        )
    }
}

/// The vector pass (the AVX-512 pass's `plan_inline`, 8 lanes at a time): `bytes` per lane, each lane's offset a
/// multiple of `align + 1`; `mask` != 0.
///
/// # Safety
/// The caller must be compiled with (and the host have) the features of [`host_avx2`].
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn plan<'m>(
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
                let h0 = hi[first];
                let hb = _mm256_set1_epi32(h0 as i32);
                let mut other = _mm256_setzero_si256();
                for c in 0..CHUNKS {
                    let ne = _mm256_andnot_si256(
                        _mm256_cmpeq_epi32(row_chunk(hi, c), hb),
                        active(chunk_bits(mask, c)),
                    );
                    other = _mm256_or_si256(other, ne);
                }
                if any(other) {
                    return None;
                }
                ((h0 as u64) << 32).wrapping_add(rows.base)
            }
            None => rows.base,
        };
        // The first active lane's region (regions do not overlap, so the region holding [amin, end) is this one);
        // the search starts at the region this instruction found last (`Wave::region_hints`).
        let a0 = s.wrapping_add(lo[first] as u64);
        let mut h = *hint as usize;
        let region = mem.span(&mut h, a0, a0.checked_add(bytes as u64)?)?;
        *hint = h as u8;
        let ones = _mm256_set1_epi32(-1);
        let mut l = [_mm256_setzero_si256(); CHUNKS];
        let mut act = [_mm256_setzero_si256(); CHUNKS];
        let mut vmin = ones;
        let mut vmax = _mm256_setzero_si256();
        for c in 0..CHUNKS {
            act[c] = active(chunk_bits(mask, c));
            l[c] = row_chunk(lo, c);
            // inactive lanes take the neutral value of each reduction
            vmin = _mm256_min_epu32(vmin, _mm256_blendv_epi8(ones, l[c], act[c]));
            vmax = _mm256_max_epu32(vmax, _mm256_and_si256(l[c], act[c]));
        }
        let (min, max) = reduce_min_max(vmin, vmax);
        // Lane addresses are s + lo (mod 2^64) for lo in [min, max]: monotone unless the interval wraps, which it
        // does exactly when the end comes out below the start.
        let amin = s.wrapping_add(min as u64);
        let amax = s.wrapping_add(max as u64);
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
        if amin < region.base || end - region.base > region.size || region.size > 1 << 32 {
            return None;
        }
        // Every active lane's byte offset s + lo - base is in [0, size - bytes]: below 2^32.
        let d = _mm256_set1_epi32(s.wrapping_sub(region.base) as u32 as i32);
        let alignv = _mm256_set1_epi32(align as i32);
        let mut misaligned = _mm256_setzero_si256();
        let mut idx = [_mm256_setzero_si256(); CHUNKS];
        let mut off = [_mm256_setzero_si256(); CHUNKS];
        for c in 0..CHUNKS {
            off[c] = _mm256_add_epi32(l[c], d);
            misaligned = _mm256_or_si256(
                misaligned,
                _mm256_and_si256(_mm256_and_si256(off[c], alignv), act[c]),
            );
            idx[c] = _mm256_srli_epi32::<2>(off[c]);
        }
        if any(misaligned) {
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

/// Record every lane's address `s + lo` in the wave's slot (`Wave::lane_addrs`) from the plan's registers (see the
/// AVX-512 pass's `record`).
///
/// # Safety
/// The caller must be compiled with (and the host have) the features of [`host_avx2`].
#[inline(always)]
unsafe fn record(slot: &mut crate::exec::wave::LaneAddrs, p: &Plan, at: u64) {
    // SAFETY: the caller's features; 4 lanes from 4 * k (k < 16) lie inside `addrs`.
    unsafe {
        let s = _mm256_set1_epi64x(p.s as i64);
        let out = slot.addrs.as_mut_ptr() as *mut __m256i;
        for c in 0..CHUNKS {
            let lo = _mm256_cvtepu32_epi64(_mm256_castsi256_si128(p.lo[c]));
            let hi = _mm256_cvtepu32_epi64(_mm256_extracti128_si256::<1>(p.lo[c]));
            _mm256_storeu_si256(out.add(2 * c), _mm256_add_epi64(lo, s));
            _mm256_storeu_si256(out.add(2 * c + 1), _mm256_add_epi64(hi, s));
        }
    }
    slot.aperture = 0;
    slot.halves = None;
    slot.at = at;
}

/// Are the chunk's active lanes `i0, i0 + 1, ...` (`contiguous`) or all `i0` (`uniform`), with `i0` lane 0's index?
///
/// # Safety
/// The caller must be compiled with the `avx2` feature.
#[inline(always)]
unsafe fn shape(ix: __m256i, act: __m256i) -> (u32, bool, bool) {
    unsafe {
        let i0 = _mm256_cvtsi256_si32(ix) as u32;
        let b = _mm256_set1_epi32(i0 as i32);
        let off_run = _mm256_andnot_si256(_mm256_cmpeq_epi32(ix, _mm256_add_epi32(b, iota())), act);
        let contiguous = !any(off_run);
        let uniform = !contiguous && !any(_mm256_andnot_si256(_mm256_cmpeq_epi32(ix, b), act));
        (i0, contiguous, uniform)
    }
}

/// The common shapes decided without the general plan: a full-EXEC `DWORD` access, one `hi` for every lane, each
/// 32-lane half either one ascending contiguous run (`lo[l] = lo[h] + 4 (l - h)`, no 32-bit wrap) or one broadcast
/// dword. gemm 512's wave is two rows of 32 work-items, so its loads are two contiguous halves reading the same row
/// (B), two broadcast halves (A) and its stores two contiguous halves in two rows (C); a coalesced 64-lane run is two
/// contiguous halves too. One region lookup for the span of both halves, no per-lane min/max, offset or shape pass
/// (measured: those were most of a coalesced load's ~38 ns on Zen 3). `None`: not these shapes or not plainly inside
/// one region; the general plan then decides, with the outcome it would have had anyway (the span is its
/// `[amin, end)`, and every check below is one of its checks).
///
/// # Safety
/// The caller must be compiled with (and the host have) the features of [`host_avx2`].
#[inline(always)]
pub(super) unsafe fn halves<'m>(
    vreg: &[VReg; VREGS],
    hint: &mut u8,
    rows: Rows,
    ap: Apertures,
    mem: &'m GlobalMemory,
) -> Option<Halves<'m>> {
    unsafe {
        let lo = &vreg[rows.lo & (VREGS - 1)];
        let step = _mm256_set1_epi32(4 * W as i32);
        let mut hv = _mm256_setzero_si256();
        let s = match rows.hi {
            Some(h) => {
                let hi = &vreg[h & (VREGS - 1)];
                let h0 = hi[0];
                let hb = _mm256_set1_epi32(h0 as i32);
                for c in 0..CHUNKS {
                    hv = _mm256_or_si256(hv, _mm256_xor_si256(row_chunk(hi, c), hb));
                }
                ((h0 as u64) << 32).wrapping_add(rows.base)
            }
            None => rows.base,
        };
        if any(hv) {
            return None;
        }
        let mut a = [0u64; 2];
        let mut uniform = [false; 2];
        let mut amin = u64::MAX;
        let mut end = 0u64;
        for h in 0..2 {
            let l0 = lo[HALF * h];
            let b = _mm256_set1_epi32(l0 as i32);
            let mut want = _mm256_add_epi32(b, _mm256_slli_epi32::<2>(iota()));
            let mut off_run = _mm256_setzero_si256();
            let mut off_one = _mm256_setzero_si256();
            for c in CHUNKS / 2 * h..CHUNKS / 2 * (h + 1) {
                let x = row_chunk(lo, c);
                off_run = _mm256_or_si256(off_run, _mm256_xor_si256(x, want));
                off_one = _mm256_or_si256(off_one, _mm256_xor_si256(x, b));
                want = _mm256_add_epi32(want, step);
            }
            // a run's last low dword must not wrap past 2^32 (its 64-bit addresses would not be one run)
            let run = !any(off_run) && l0 <= u32::MAX - 4 * (HALF as u32 - 1);
            uniform[h] = !run;
            if !run && any(off_one) {
                return None;
            }
            a[h] = s.wrapping_add(l0 as u64);
            amin = amin.min(a[h]);
            end = end.max(a[h].checked_add(if run { 4 * HALF as u64 } else { 4 })?);
        }
        if rows.flat {
            // as `plan`: any overlap with an aperture goes to the per-lane routing
            let hits = |b: u64| amin < b.saturating_add(Apertures::SIZE) && b < end;
            if hits(ap.shared_base) || hits(ap.private_base) {
                return None;
            }
        }
        let mut k = *hint as usize;
        let region = mem.span(&mut k, amin, end)?;
        *hint = k as u8;
        if region.size > 1 << 32 || ((a[0] - region.base) | (a[1] - region.base)) & 3 != 0 {
            return None;
        }
        // both halves lie in [amin, end), inside the region: their offsets are below 2^32
        let idx = [
            ((a[0] - region.base) >> 2) as usize,
            ((a[1] - region.base) >> 2) as usize,
        ];
        Some(Halves {
            region,
            a,
            idx,
            uniform,
        })
    }
}

/// A [`halves`] access: per 32-lane half, its first lane's address and dword index in the region, and whether the
/// half is one broadcast dword (else one contiguous run).
pub(super) struct Halves<'m> {
    pub(super) region: &'m Region,
    a: [u64; 2],
    pub(super) idx: [usize; 2],
    pub(super) uniform: [bool; 2],
}

/// Record a [`halves`] access's shape in the wave's slot (as [`record`] records addresses): the shape stands for
/// its 64 addresses (`crate::exec::wave::HalfRuns::addr`), which the memory system would not read.
#[inline(always)]
pub(super) fn record_halves(slot: &mut crate::exec::wave::LaneAddrs, p: &Halves, at: u64) {
    slot.aperture = 0;
    slot.halves = Some(crate::exec::wave::HalfRuns {
        first: p.a,
        uniform: p.uniform,
        width: 4,
    });
    slot.at = at;
}

/// Whole-instruction load of `N` dwords per lane into the rows `reg_of(0..N)`. `false`: nothing done.
///
/// # Safety
/// The host must have the features of [`host_avx2`].
#[target_feature(enable = "avx2,fma")]
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
        // SAFETY: this function has the features.
        if let Some(p) = unsafe { halves(&wave.vreg, hint, rows, ap, mem) } {
            if wave.lane_addrs.wanted {
                record_halves(&mut wave.lane_addrs, &p, wave.instructions);
            }
            let d = p.region.dwords();
            let base = d.as_ptr() as *const i32;
            let out = wave.vreg[reg_of(0) & (VREGS - 1)].as_mut_ptr() as *mut __m256i;
            // SAFETY: `halves` checked that each half's dwords (a run of 32 from its index, or the one at it) lie
            // inside the region and `dwords()` covers it; the row holds 64 dwords.
            unsafe {
                for h in 0..2 {
                    let i = p.idx[h];
                    if p.uniform[h] {
                        let v = _mm256_set1_epi32(
                            d.get_unchecked(i)
                                .load(std::sync::atomic::Ordering::Relaxed)
                                as i32,
                        );
                        for c in CHUNKS / 2 * h..CHUNKS / 2 * (h + 1) {
                            _mm256_storeu_si256(out.add(c), v);
                        }
                    } else {
                        let src = base.add(i) as *const __m256i;
                        for c in 0..CHUNKS / 2 {
                            let v = _mm256_loadu_si256(src.add(c));
                            _mm256_storeu_si256(out.add(CHUNKS / 2 * h + c), v);
                        }
                    }
                }
            }
            return true;
        }
    }
    // SAFETY: this function has the features.
    let Some(p) = (unsafe { plan(&wave.vreg, hint, rows, ap, mem, mask, 4 * N, 3) }) else {
        return false;
    };
    if wave.lane_addrs.wanted {
        // SAFETY: as above.
        unsafe { record(&mut wave.lane_addrs, &p, wave.instructions) };
    }
    let d = p.region.dwords();
    let base = d.as_ptr() as *const i32;
    let one = _mm256_set1_epi32(1);
    for c in 0..CHUNKS {
        let k = chunk_bits(mask, c);
        if k == 0 {
            continue;
        }
        // SAFETY: `plan` checked that every active lane's `N` dwords lie inside the region and `dwords()` covers it;
        // masked-off lanes are not accessed (a masked move or gather does not touch them), so the start pointer of a
        // contiguous chunk may lie outside the region (`wrapping_add`). The row pointer addresses 8 lanes inside a
        // 64-lane row.
        unsafe {
            let act = active(k);
            let mut ix = p.idx[c];
            let (i0, contiguous, uniform) = shape(ix, act);
            for i in 0..N {
                let out = wave.vreg[reg_of(i) & (VREGS - 1)].as_mut_ptr().add(W * c) as *mut i32;
                let v = if contiguous && k == u8::MAX {
                    // every lane in the region: a plain load
                    _mm256_loadu_si256(base.add(i0 as usize + i) as *const __m256i)
                } else if contiguous {
                    _mm256_maskload_epi32(base.wrapping_add(i0 as usize + i), act)
                } else if uniform {
                    let x = d
                        .get_unchecked(i0 as usize + i)
                        .load(std::sync::atomic::Ordering::Relaxed);
                    _mm256_set1_epi32(x as i32)
                } else {
                    _mm256_mask_i32gather_epi32::<4>(_mm256_setzero_si256(), base, ix, act)
                };
                // inactive lanes keep their values: blended with the old row (a `vpmaskmovd` store is microcoded on
                // AMD hosts: measured ~10% of gemm 512's CPU time on Zen 3 with masked stores everywhere)
                let v = if k == u8::MAX {
                    v
                } else {
                    _mm256_blendv_epi8(_mm256_loadu_si256(out as *const __m256i), v, act)
                };
                _mm256_storeu_si256(out as *mut __m256i, v);
                ix = _mm256_add_epi32(ix, one);
            }
        }
    }
    true
}

/// Whole-instruction store of `N` dwords per lane from the rows `reg_of(0..N)`; read-only regions answer `false`
/// (the per-lane path faults). A chunk of `DWORD` stores whose active lanes are one contiguous run is one masked
/// move; every other lane is stored on its own in lane order, so overlapping lanes end as the per-lane path leaves
/// them (the later lane wins).
///
/// # Safety
/// The host must have the features of [`host_avx2`].
#[target_feature(enable = "avx2,fma")]
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
        // SAFETY: this function has the features.
        if let Some(p) = unsafe { halves(&wave.vreg, hint, rows, ap, mem) } {
            if !p.region.writable {
                return false;
            }
            if wave.lane_addrs.wanted {
                record_halves(&mut wave.lane_addrs, &p, wave.instructions);
            }
            let d = p.region.dwords();
            let base = d.as_ptr() as *mut i32;
            let row = &wave.vreg[reg_of(0) & (VREGS - 1)];
            // SAFETY: as in `load`. Lane order as the per-lane path: the lower half first, so where the halves
            // overlap the upper half's (later) lanes win; a broadcast half's dword ends as its last lane's value; a
            // run's 32 dwords are distinct. Plain stores (a masked one is microcoded on AMD hosts).
            unsafe {
                for h in 0..2 {
                    let i = p.idx[h];
                    if p.uniform[h] {
                        d.get_unchecked(i).store(
                            row[HALF * h + HALF - 1],
                            std::sync::atomic::Ordering::Relaxed,
                        );
                    } else {
                        let dst = base.add(i) as *mut __m256i;
                        for c in 0..CHUNKS / 2 {
                            _mm256_storeu_si256(dst.add(c), row_chunk(row, CHUNKS / 2 * h + c));
                        }
                    }
                }
            }
            return true;
        }
    }
    // SAFETY: this function has the features.
    let Some(p) = (unsafe { plan(&wave.vreg, hint, rows, ap, mem, mask, 4 * N, 3) }) else {
        return false;
    };
    if !p.region.writable {
        return false;
    }
    if wave.lane_addrs.wanted {
        // SAFETY: as above.
        unsafe { record(&mut wave.lane_addrs, &p, wave.instructions) };
    }
    let d = p.region.dwords();
    let base = d.as_ptr() as *mut i32;
    let regs: [&VReg; N] = std::array::from_fn(|i| &wave.vreg[reg_of(i) & (VREGS - 1)]);
    let mut idx = [0u32; LANES];
    for c in 0..CHUNKS {
        // SAFETY: 8 entries from 8 * c lie inside `idx`.
        unsafe { _mm256_storeu_si256(idx.as_mut_ptr().add(W * c) as *mut __m256i, p.idx[c]) };
    }
    for c in 0..CHUNKS {
        let k = chunk_bits(mask, c);
        if k == 0 {
            continue;
        }
        // SAFETY: as in `load`.
        unsafe {
            if N == 1 {
                let act = active(k);
                let (i0, contiguous, _) = shape(p.idx[c], act);
                if contiguous && k == u8::MAX {
                    // every lane in the region: a plain store (a masked one is microcoded on AMD hosts)
                    _mm256_storeu_si256(
                        base.add(i0 as usize) as *mut __m256i,
                        row_chunk(regs[0], c),
                    );
                    continue;
                }
                if contiguous {
                    // masked-off dwords are not written: another work-group may own them (`--jobs N`)
                    _mm256_maskstore_epi32(
                        base.wrapping_add(i0 as usize),
                        act,
                        row_chunk(regs[0], c),
                    );
                    continue;
                }
            }
            let mut m = k;
            while m != 0 {
                let l = W * c + m.trailing_zeros() as usize;
                m &= m - 1;
                for (i, r) in regs.iter().enumerate() {
                    d.get_unchecked(idx[l] as usize + i)
                        .store(r[l], std::sync::atomic::Ordering::Relaxed);
                }
            }
        }
    }
    true
}

/// Whole-instruction sub-dword load (`KIND` as the AVX-512 pass's `load_sub`: `U8`, `I8`, `U16`, `I16` extended to
/// the whole VGPR, or a D16 kind into one half with the other half kept) into row `dst`: each lane's containing
/// dword gathered, shifted and extended. 16-bit lanes must be 2-byte aligned (an unaligned one may cross a dword:
/// the general path). Region storage is whole qwords, so the dword holding an in-region byte is inside it.
/// `false`: nothing done.
///
/// # Safety
/// The host must have the features of [`host_avx2`].
#[target_feature(enable = "avx2,fma")]
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
    // SAFETY: this function has the features.
    let Some(p) = (unsafe { plan(&wave.vreg, hint, rows, ap, mem, mask, size, size as u32 - 1) })
    else {
        return false;
    };
    if wave.lane_addrs.wanted {
        // SAFETY: as above.
        unsafe { record(&mut wave.lane_addrs, &p, wave.instructions) };
    }
    let base = p.region.dwords().as_ptr() as *const i32;
    let row = wave.vreg[dst & (VREGS - 1)].as_mut_ptr();
    for c in 0..CHUNKS {
        let k = chunk_bits(mask, c);
        if k == 0 {
            continue;
        }
        // SAFETY: every active lane's dword index lies inside the region's storage (see above); masked-off lanes
        // are not accessed. The row pointer addresses 8 lanes inside a 64-lane row.
        unsafe {
            let act = active(k);
            let shift = _mm256_slli_epi32::<3>(_mm256_and_si256(p.off[c], _mm256_set1_epi32(3)));
            let dw = _mm256_mask_i32gather_epi32::<4>(_mm256_setzero_si256(), base, p.idx[c], act);
            let raw = _mm256_srlv_epi32(dw, shift);
            let ext = match KIND {
                kind::U8 | kind::U8_D16 | kind::U8_D16_HI => {
                    _mm256_and_si256(raw, _mm256_set1_epi32(0xFF))
                }
                kind::I8 | kind::I8_D16 | kind::I8_D16_HI => {
                    _mm256_srai_epi32::<24>(_mm256_slli_epi32::<24>(raw))
                }
                kind::U16 | kind::B16_D16 | kind::B16_D16_HI => {
                    _mm256_and_si256(raw, _mm256_set1_epi32(0xFFFF))
                }
                _ => _mm256_srai_epi32::<16>(_mm256_slli_epi32::<16>(raw)),
            };
            let out = row.add(W * c) as *mut __m256i;
            let old = _mm256_loadu_si256(out);
            // D16: the (16-bit) value into one half of the VGPR, the other half kept (access::kind::merge)
            let v = match KIND {
                kind::U8_D16 | kind::I8_D16 | kind::B16_D16 => _mm256_or_si256(
                    _mm256_and_si256(old, _mm256_set1_epi32(0xFFFF_0000u32 as i32)),
                    _mm256_and_si256(ext, _mm256_set1_epi32(0xFFFF)),
                ),
                kind::U8_D16_HI | kind::I8_D16_HI | kind::B16_D16_HI => _mm256_or_si256(
                    _mm256_and_si256(old, _mm256_set1_epi32(0xFFFF)),
                    _mm256_slli_epi32::<16>(ext),
                ),
                _ => ext,
            };
            // inactive lanes keep their values
            let v = if k == u8::MAX {
                v
            } else {
                _mm256_blendv_epi8(old, v, act)
            };
            _mm256_storeu_si256(out, v);
        }
    }
    true
}
