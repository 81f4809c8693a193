//! Building blocks of chunked plain-form VALU paths: 8-lane chunks read straight from the register file, computed in
//! registers and written back under the chunk's EXEC bits, so no 64-lane temporary is built, zeroed or copied.
//! Chunks whose EXEC bits are all clear are skipped (the lane operations are pure: skipping an unwritten lane
//! changes nothing). A chunk's sources are all read before its results are written, so a destination that is also
//! a source (a 64-bit destination pair over a source pair) reads the old values, as the general path does.
//!
//! The host level (AVX-512, AVX2+FMA, or neither) is detected once and cached; handlers are compiled once per level
//! (`#[target_feature]`): EXEC written as a blend and a full store; the AVX-512 build adds k-register compares and
//! masks and 64-bit lane ops in zmm registers (memory traffic stays 256-bit, see `C`).
//!
//! Used by the plain forms of every VALU family: one-result ops (`family::vop_chunks`, float ops with a host form
//! one ymm per chunk), the VOPC compares and the value-plus-flag ops (`family::VOpFlag`), and the packed f32 ops
//! (`vop3p`, through `put_ymm`).

use crate::exec::wave::{VReg, LANES};
use std::sync::atomic::{AtomicU8, Ordering};

/// Lanes per chunk: one ymm of dwords. Register-file traffic stays 256 bits wide even on AVX-512 hosts: on the
/// AVX-512 host this was measured on (AMD Zen 4, 512-bit stores split in two), a 512-bit load of data just stored
/// with a 512-bit store is not forwarded and waits for the store to reach the cache, and the next instruction
/// usually reads the row the last one wrote.
pub const C: usize = 8;
/// Chunks per wave.
pub const CHUNKS: usize = LANES / C;
/// 8 lanes of one register.
pub type Ch = [u32; C];
/// One bit per lane of a chunk (EXEC bits, NaN lanes, flags).
pub type Mask = u8;

/// Host levels (the `L` parameter of the chunked handlers).
pub const SCALAR: u8 = 1;
pub const AVX2: u8 = 2;
pub const AVX512: u8 = 3;

static LEVEL: AtomicU8 = AtomicU8::new(0);

/// The host's level, detected once (CPUID through std) and cached: one load per instruction.
#[inline(always)]
pub fn level() -> u8 {
    let l = LEVEL.load(Ordering::Relaxed);
    if l != 0 {
        return l;
    }
    detect()
}

#[cold]
fn detect() -> u8 {
    #[allow(unused_mut)]
    let mut l = SCALAR;
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("avx2") && has!("fma") {
            l = AVX2;
            if has!("avx512f") && has!("avx512bw") && has!("avx512vl") && has!("avx512dq") {
                l = AVX512;
            }
        }
    }
    LEVEL.store(l, Ordering::Relaxed);
    l
}

/// Write the lanes of chunk `c` of `row` whose bit in `m` is set.
///
/// # Safety
/// `row` points to a register row (64 dwords) that nothing else borrows; `c < CHUNKS`; `L >= AVX2` only when the
/// host has AVX2 (handlers compiled for a level run only after `level()` found it).
#[inline(always)]
pub unsafe fn put<const L: u8>(row: *mut VReg, c: usize, r: &Ch, m: Mask) {
    let p = (row as *mut u32).add(c * C) as *mut Ch;
    #[cfg(target_arch = "x86_64")]
    if L >= AVX2 {
        put256(p, r, m);
        return;
    }
    if m == Mask::MAX {
        p.write_unaligned(*r);
        return;
    }
    let old = p.read_unaligned();
    let mut out = [0u32; C];
    for l in 0..C {
        out[l] = if m >> l & 1 != 0 { r[l] } else { old[l] };
    }
    p.write_unaligned(out);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn put256(p: *mut Ch, r: &Ch, m: Mask) {
    use std::arch::x86_64::*;
    put_vec(p, _mm256_loadu_si256(r.as_ptr() as *const __m256i), m)
}

/// `put` of a chunk held in a ymm register: the lanes of chunk `c` of `row` whose bit in `m` is set.
///
/// # Safety
/// As `put`, and the host has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub unsafe fn put_ymm(row: *mut VReg, c: usize, v: std::arch::x86_64::__m256i, m: Mask) {
    put_vec((row as *mut u32).add(c * C) as *mut Ch, v, m)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn put_vec(p: *mut Ch, v: std::arch::x86_64::__m256i, m: Mask) {
    use std::arch::x86_64::*;
    if m == Mask::MAX {
        _mm256_storeu_si256(p as *mut __m256i, v);
        return;
    }
    // A blend and a full store, not a masked store: the next instruction usually reads this row, and a load is not
    // forwarded from a masked store (it waits for the store to reach the cache; AVX2 masked stores are slow on AMD
    // besides). The store is written in asm so that it is not folded back into a masked store.
    let bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    let sel = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32(m as i32), bits), bits);
    let old = _mm256_loadu_si256(p as *const __m256i);
    let out = _mm256_blendv_epi8(old, v, sel);
    std::arch::asm!(
        "vmovdqu ymmword ptr [{p}], {v}",
        p = in(reg) p,
        v = in(ymm_reg) out,
        options(nostack, preserves_flags)
    );
}

/// Where one source's chunks come from: its low and high dword rows when they are register rows, else the dword
/// every lane reads (a scalar or constant broadcast, the zero high dwords of a 32-bit source, an unused source).
///
/// A broadcast is a value, not a row in memory: the AVX paths make it with one `vpbroadcastd` the compiler hoists
/// out of the chunk loop, where a broadcast chunk written to the stack and read back by every chunk put the store
/// (and its 128-bit halves, which a 256-bit load cannot be forwarded from) on each instruction's critical path
/// (gemm 512, Zen 4: the first chunk load of `v_lshl_add_u64 .., s[..]` and `v_mul_f32 v, s, v` held ~30% of
/// their handlers' samples). Register rows are raw pointers so that a chunk's results can be written to the
/// register file between chunks.
#[derive(Clone, Copy)]
pub struct Src {
    lo: *const u32,
    hi: *const u32,
    lo_val: u32,
    hi_val: u32,
    lo_reg: bool,
    hi_reg: bool,
}

impl Src {
    /// Unused source: reads 0.
    #[inline(always)]
    pub fn zero() -> Src {
        Src::scalar(0, false)
    }
    /// Register `row` (and `row + 1` for 64-bit sources) of the register file at `base` (`Wave::vreg`).
    #[inline(always)]
    pub fn reg(base: *const VReg, row: usize, wide: bool) -> Src {
        Src {
            lo: base.wrapping_add(row & 511) as *const u32,
            hi: base.wrapping_add((row + 1) & 511) as *const u32,
            lo_val: 0,
            hi_val: 0,
            lo_reg: true,
            hi_reg: wide,
        }
    }
    /// A scalar `value` broadcast to every lane (the high dword only for 64-bit sources).
    #[inline(always)]
    pub fn scalar(value: u64, wide: bool) -> Src {
        Src {
            lo: std::ptr::null(),
            hi: std::ptr::null(),
            lo_val: value as u32,
            hi_val: if wide { (value >> 32) as u32 } else { 0 },
            lo_reg: false,
            hi_reg: false,
        }
    }
    /// Chunk `c` as (low dwords, high dwords); the high dwords are 0 for 32-bit sources.
    ///
    /// # Safety
    /// The register rows this was made from are alive and not mutably borrowed; `c < CHUNKS`.
    #[inline(always)]
    pub unsafe fn get(&self, c: usize) -> (Ch, Ch) {
        (self.lo(c), self.hi(c))
    }
    /// The low dwords of chunk `c` (safety as `get`).
    #[inline(always)]
    pub unsafe fn lo(&self, c: usize) -> Ch {
        if self.lo_reg {
            (self.lo.add(c * C) as *const Ch).read_unaligned()
        } else {
            [self.lo_val; C]
        }
    }
    /// The high dwords of chunk `c` (safety as `get`).
    #[inline(always)]
    pub unsafe fn hi(&self, c: usize) -> Ch {
        if self.hi_reg {
            (self.hi.add(c * C) as *const Ch).read_unaligned()
        } else {
            [self.hi_val; C]
        }
    }
    /// The low dwords of chunk `c` in a ymm register (safety as `get`; the host has AVX2).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub unsafe fn ymm_lo(&self, c: usize) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        if self.lo_reg {
            _mm256_loadu_si256(self.lo.add(c * C) as *const __m256i)
        } else {
            _mm256_set1_epi32(self.lo_val as i32)
        }
    }
    /// The high dwords of chunk `c` in a ymm register (safety as `ymm_lo`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub unsafe fn ymm_hi(&self, c: usize) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        if self.hi_reg {
            _mm256_loadu_si256(self.hi.add(c * C) as *const __m256i)
        } else {
            _mm256_set1_epi32(self.hi_val as i32)
        }
    }
    /// The low dwords' register row (null for a broadcast: `lo_value` then).
    #[inline(always)]
    pub fn lo_row(&self) -> *const u32 {
        self.lo
    }
    /// The low dword every lane reads, for a broadcast (`!lo_is_reg()`).
    #[inline(always)]
    pub fn lo_value(&self) -> u32 {
        self.lo_val
    }
    /// Is the low dword a register row (and, for a 64-bit source, the high dword too)?
    #[inline(always)]
    pub fn lo_is_reg(&self) -> bool {
        self.lo_reg
    }
    /// `ymm_lo` for a source known to be a register row (`R`) or a broadcast (`!R`): no test per chunk.
    ///
    /// # Safety
    /// As `ymm_lo`, and `R == self.lo_is_reg()`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub unsafe fn ymm_lo_as<const R: bool>(&self, c: usize) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        if R {
            _mm256_loadu_si256(self.lo.add(c * C) as *const __m256i)
        } else {
            _mm256_set1_epi32(self.lo_val as i32)
        }
    }
    /// `ymm_hi` of a 64-bit source known to be a register pair (`R`) or a broadcast (`!R`).
    ///
    /// # Safety
    /// As `ymm_hi`, and `R == self.lo_is_reg()` for a source made 64-bit (`wide`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub unsafe fn ymm_hi_as<const R: bool>(&self, c: usize) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::*;
        if R {
            _mm256_loadu_si256(self.hi.add(c * C) as *const __m256i)
        } else {
            _mm256_set1_epi32(self.hi_val as i32)
        }
    }
    /// `ymm_lo_as` as f32 lanes (safety as `ymm_lo_as`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub unsafe fn ps_as<const R: bool>(&self, c: usize) -> std::arch::x86_64::__m256 {
        std::arch::x86_64::_mm256_castsi256_ps(self.ymm_lo_as::<R>(c))
    }
    /// `ymm_lo` as f32 lanes (safety as `ymm_lo`).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    #[inline]
    pub unsafe fn ps(&self, c: usize) -> std::arch::x86_64::__m256 {
        std::arch::x86_64::_mm256_castsi256_ps(self.ymm_lo(c))
    }
}
