//! Coalescing (lane addresses -> cache lines), a set-associative LRU cache, and a bandwidth schedule.

/// The distinct `line_bytes`-aligned lines that `lanes` accesses of `bytes` each touch, sorted, into `out`
/// (cleared first). CDNA3/4 vector L1 and L2 use 128-byte lines.
pub fn distinct_lines(
    addrs: impl Iterator<Item = (u64, u32)>,
    line_shift: u32,
    out: &mut Vec<u64>,
) {
    out.clear();
    let mut sorted = true;
    for (a, bytes) in addrs {
        let first = a >> line_shift;
        // an end past 2^64 touches no line (such an access faults before it reaches memory)
        let last = a.wrapping_add(bytes.max(1) as u64 - 1) >> line_shift;
        for l in first..=last {
            // neighbouring lanes mostly share a line: drop repeats as they come (a coalesced wave64 dword
            // access pushes 2 lines, not 64), and sort only when the lanes went backwards
            match out.last() {
                Some(&p) if p == l => continue,
                Some(&p) if p > l => sorted = false,
                _ => {}
            }
            out.push(l);
        }
    }
    if !sorted {
        out.sort_unstable();
        out.dedup();
    }
}

/// The same set as [`distinct_lines`] (sorted, distinct), for the active lanes (`mask`) of one instruction whose
/// lane `l` accesses `bytes[l]` bytes at `addrs[l]`. See [`lane_lines_uniform`] for how.
pub fn lane_lines(
    addrs: &[u64; 64],
    bytes: &[u32; 64],
    mask: u64,
    line_shift: u32,
    out: &mut Vec<u64>,
) {
    out.clear();
    if mask == 0 {
        return;
    }
    let base = addrs[mask.trailing_zeros() as usize] >> line_shift;
    if let Some(bits) = window(addrs, bytes, mask, line_shift, base) {
        push_bits(bits, base, out);
        return;
    }
    lines_by_span(addrs, |l| bytes[l], mask, line_shift, out);
}

/// [`lane_lines`] with every lane accessing `bytes` bytes (GLOBAL and FLAT instructions: one data width).
///
/// Per line, not per lane, where it can be. First one branch-free pass over all 64 lanes, vectorised (AVX-512
/// or AVX2 where the CPU has them: variable 64-bit shifts), sets each active lane's first and last line in a 64-line
/// window starting at the first active lane's line: every coalesced, broadcast, two-row (a 32x8 work-group's
/// wave) or short-strided access fits, and its lines are read off the bitmap in order, with no sorting and no
/// per-lane branches. An access that leaves the window (lanes below the first lane's line, a span of 64 lines
/// or more), a lane of more than two lines, or an end that wraps takes the general path: the lowest and highest
/// line, then a bitmap over up to [`SPAN_LINES`] lines, else [`distinct_lines`].
pub fn lane_lines_uniform(
    addrs: &[u64; 64],
    bytes: u32,
    mask: u64,
    line_shift: u32,
    out: &mut Vec<u64>,
) {
    out.clear();
    if mask == 0 {
        return;
    }
    if mask == !0 {
        if let Some(r) = halves_uniform(addrs, bytes as u64) {
            push_halves(r, line_shift, out);
            return;
        }
    }
    let base = addrs[mask.trailing_zeros() as usize] >> line_shift;
    if let Some(bits) = window_uniform(addrs, bytes, mask, line_shift, base) {
        push_bits(bits, base, out);
        return;
    }
    lines_by_span(addrs, |_| bytes, mask, line_shift, out);
}

/// The lines of an access of 64 active lanes whose handler recorded its shape (each 32-lane half one run,
/// `crate::exec::wave::HalfRuns`), the same as [`lane_lines_uniform`] finds from the 64 addresses, without
/// reading them. False (nothing written) when the runs' lane width is not `bytes` or a half's range wraps: the
/// caller then takes the addresses. Inline: the memory system's one caller makes it for most vector accesses.
#[inline(always)]
pub fn lines_of_half_runs(
    h: &crate::exec::wave::HalfRuns,
    bytes: u32,
    line_shift: u32,
    out: &mut Vec<u64>,
) -> bool {
    if h.width != bytes {
        return false;
    }
    let mut r = [(0, 0); 2];
    for (k, range) in r.iter_mut().enumerate() {
        let u = h.uniform[k];
        match halves_range(h.first[k], bytes as u64, !u, u) {
            Some(x) => *range = x,
            None => return false,
        }
    }
    out.clear();
    push_halves(r, line_shift, out);
    true
}

/// The byte ranges `[first, last]` of the two halves of a wave whose every lane is active, when each half of 32
/// lanes reads one run: contiguous (lane `l` at the half's first address + `l x bytes`) or broadcast (every lane
/// at one address). The common shapes (a coalesced wave, a broadcast, a 32-wide work-group's wave of two rows)
/// take two short reductions instead of a per-lane line bitmap; None otherwise (or when a range wraps).
#[inline(always)]
fn halves_body(addrs: &[u64; 64], bytes: u64) -> Option<[(u64, u64); 2]> {
    let mut r = [(0, 0); 2];
    for (h, half) in addrs.chunks_exact(32).enumerate() {
        let base = half[0];
        let (mut contig, mut bcast) = (0u64, 0u64);
        for (l, &a) in half.iter().enumerate() {
            contig |= a ^ base.wrapping_add(l as u64 * bytes);
            bcast |= a ^ base;
        }
        r[h] = halves_range(base, bytes, contig == 0, bcast == 0)?;
    }
    Some(r)
}

/// A half's byte range from what its lanes are: broadcast, else contiguous, else None (also when it wraps).
#[inline(always)]
fn halves_range(base: u64, bytes: u64, contig: bool, bcast: bool) -> Option<(u64, u64)> {
    let span = if bcast {
        bytes
    } else if contig {
        32 * bytes
    } else {
        return None;
    };
    Some((base, base.checked_add(span.max(1) - 1)?))
}

/// [`halves_body`] in AVX-512: per half, four 8-lane loads each compared (xor, or) with the expected contiguous
/// addresses (the half's first address + a lane ramp, advanced 8 lanes a step) and with the first address.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn halves_avx512(addrs: &[u64; 64], bytes: u64) -> Option<[(u64, u64); 2]> {
    use std::arch::x86_64::*;
    // the lane ramp 0, bytes, .., 7 x bytes: one multiply of the lane numbers' low halves (exact for a width
    // below 2^32, which every caller's is: it comes from a u32)
    let ramp = if bytes <= u32::MAX as u64 {
        _mm512_mul_epu32(
            _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0),
            _mm512_set1_epi64(bytes as i64),
        )
    } else {
        let ramp: [u64; 8] = std::array::from_fn(|i| (i as u64).wrapping_mul(bytes));
        // SAFETY: an unaligned load of the 8 lanes of `ramp`
        unsafe { _mm512_loadu_si512(ramp.as_ptr() as *const _) }
    };
    // SAFETY (the loads below): unaligned loads of 8 lanes inside `addrs` (offsets 0..64 step 8)
    let step = _mm512_set1_epi64(bytes.wrapping_mul(8) as i64);
    let mut r = [(0, 0); 2];
    for (h, half) in addrs.chunks_exact(32).enumerate() {
        let base = half[0];
        let first = _mm512_set1_epi64(base as i64);
        let mut want = _mm512_add_epi64(first, ramp);
        let (mut contig, mut bcast) = (_mm512_setzero_si512(), _mm512_setzero_si512());
        for c in half.chunks_exact(8) {
            // SAFETY: `c` is 8 lanes
            let v = unsafe { _mm512_loadu_si512(c.as_ptr() as *const _) };
            contig = _mm512_or_si512(contig, _mm512_xor_si512(v, want));
            bcast = _mm512_or_si512(bcast, _mm512_xor_si512(v, first));
            want = _mm512_add_epi64(want, step);
        }
        r[h] = halves_range(
            base,
            bytes,
            _mm512_test_epi64_mask(contig, contig) == 0,
            _mm512_test_epi64_mask(bcast, bcast) == 0,
        )?;
    }
    Some(r)
}

/// [`halves_body`] in AVX2 (hosts without AVX-512, e.g. Zen 3): per half, the step from the first lane to the
/// second picks the one run the half can be (contiguous: `bytes`, broadcast: 0; any other step is neither),
/// and eight 4-lane loads are compared (xor, or) with that run. The compiler's own vectorisation of
/// [`halves_body`] emulated the 64-bit lane multiply and packed every compare into a byte mask (~150
/// instructions); comparing with both runs as [`halves_avx512`] does took ~50, this ~35.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn halves_avx2(addrs: &[u64; 64], bytes: u64) -> Option<[(u64, u64); 2]> {
    use std::arch::x86_64::*;
    let mut r = [(0, 0); 2];
    for (h, half) in addrs.chunks_exact(32).enumerate() {
        let base = half[0];
        // A half is contiguous or a broadcast only if its second lane is `bytes` or 0 past the first: that
        // step then names the one run to compare every lane with (lane l at base + l x step), one compare
        // chain instead of one per shape. A width of 0 makes both runs one (a broadcast, as the portable
        // check prefers).
        let step = half[1].wrapping_sub(base);
        if step != 0 && step != bytes {
            return None;
        }
        // the lane ramp 0, step, 2 x step, 3 x step: one multiply of the lane numbers' low halves (exact for
        // a step below 2^32, which every caller's width is: it comes from a u32)
        let ramp = if step <= u32::MAX as u64 {
            _mm256_mul_epu32(
                _mm256_set_epi64x(3, 2, 1, 0),
                _mm256_set1_epi64x(step as i64),
            )
        } else {
            _mm256_set_epi64x(
                3u64.wrapping_mul(step) as i64,
                2u64.wrapping_mul(step) as i64,
                step as i64,
                0,
            )
        };
        let inc = _mm256_set1_epi64x(step.wrapping_mul(4) as i64);
        let mut want = _mm256_add_epi64(_mm256_set1_epi64x(base as i64), ramp);
        let mut diff = _mm256_setzero_si256();
        for c in half.chunks_exact(4) {
            // SAFETY: an unaligned load of the 4 lanes of `c`
            let v = unsafe { _mm256_loadu_si256(c.as_ptr() as *const _) };
            diff = _mm256_or_si256(diff, _mm256_xor_si256(v, want));
            want = _mm256_add_epi64(want, inc);
        }
        if _mm256_testz_si256(diff, diff) == 0 {
            return None;
        }
        r[h] = halves_range(base, bytes, step != 0, step == 0)?;
    }
    Some(r)
}

#[inline]
fn halves_uniform(addrs: &[u64; 64], bytes: u64) -> Option<[(u64, u64); 2]> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the CPU has AVX-512F (checked above)
        return unsafe { halves_avx512(addrs, bytes) };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked above)
        return unsafe { halves_avx2(addrs, bytes) };
    }
    halves_body(addrs, bytes)
}

/// The distinct lines of two byte ranges, in order (every line between a range's first and last byte is
/// touched: its lanes cover it without a gap).
#[inline(always)]
fn push_halves(r: [(u64, u64); 2], line_shift: u32, out: &mut Vec<u64>) {
    let (mut a, mut b) = (
        (r[0].0 >> line_shift, r[0].1 >> line_shift),
        (r[1].0 >> line_shift, r[1].1 >> line_shift),
    );
    if b.0 < a.0 {
        std::mem::swap(&mut a, &mut b);
    }
    push_run(a.0, a.1, out);
    // the second range's lines past the first's
    push_run(b.0.max(a.1.saturating_add(1)), b.1, out);
}

/// Push the lines `first..=last` (none when `last < first`). A half is one or a few lines: pushed one by one,
/// where `extend` of a range went through the vector's reserve-and-fill (~40 host instructions an access,
/// callgrind, gemm 512).
#[inline(always)]
fn push_run(first: u64, last: u64, out: &mut Vec<u64>) {
    if last < first {
        return;
    }
    let mut line = first;
    loop {
        out.push(line);
        if line == last {
            return;
        }
        line += 1;
    }
}

#[inline(always)]
fn push_bits(mut bits: u64, base: u64, out: &mut Vec<u64>) {
    while bits != 0 {
        out.push(base + bits.trailing_zeros() as u64);
        bits &= bits - 1;
    }
}

/// The lines of the active lanes as bits over `base..base + 64`, or None when a lane's lines leave that
/// window, span more than two lines, or its end wraps past 2^64. Every lane is computed (inactive ones are
/// masked), so the loop has no branches and vectorises.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // lane `l` indexes the addresses and the width closure alike
fn window_body(
    addrs: &[u64; 64],
    size: impl Fn(usize) -> u32,
    mask: u64,
    line_shift: u32,
    base: u64,
) -> Option<u64> {
    let (mut bits, mut bad) = (0u64, 0u64);
    for l in 0..64 {
        let on = 0u64.wrapping_sub(mask >> l & 1);
        let a = addrs[l];
        let end = a.wrapping_add(size(l).max(1) as u64 - 1);
        let f = (a >> line_shift).wrapping_sub(base);
        let e = (end >> line_shift).wrapping_sub(base);
        // f or e outside 0..64, e before f or more than one line after it, or the end wrapped
        let out_of_window = ((f | e) >> 6) | (e.wrapping_sub(f) >> 1) | (end < a) as u64;
        bad |= on & out_of_window;
        bits |= on & ((1u64 << (f & 63)) | (1u64 << (e & 63)));
    }
    (bad == 0).then_some(bits)
}

fn window(
    addrs: &[u64; 64],
    bytes: &[u32; 64],
    mask: u64,
    line_shift: u32,
    base: u64,
) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        #[target_feature(enable = "avx512f,avx2")]
        unsafe fn avx512(a: &[u64; 64], b: &[u32; 64], m: u64, s: u32, base: u64) -> Option<u64> {
            window_body(a, |l| b[l], m, s, base)
        }
        // SAFETY: the CPU has AVX-512F (checked above)
        return unsafe { avx512(addrs, bytes, mask, line_shift, base) };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        #[target_feature(enable = "avx2")]
        unsafe fn avx2(a: &[u64; 64], b: &[u32; 64], m: u64, s: u32, base: u64) -> Option<u64> {
            window_body(a, |l| b[l], m, s, base)
        }
        // SAFETY: the CPU has AVX2 (checked above)
        return unsafe { avx2(addrs, bytes, mask, line_shift, base) };
    }
    window_body(addrs, |l| bytes[l], mask, line_shift, base)
}

fn window_uniform(
    addrs: &[u64; 64],
    bytes: u32,
    mask: u64,
    line_shift: u32,
    base: u64,
) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        #[target_feature(enable = "avx512f,avx2")]
        unsafe fn avx512(a: &[u64; 64], b: u32, m: u64, s: u32, base: u64) -> Option<u64> {
            window_body(a, |_| b, m, s, base)
        }
        // SAFETY: the CPU has AVX-512F (checked above)
        return unsafe { avx512(addrs, bytes, mask, line_shift, base) };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        #[target_feature(enable = "avx2")]
        unsafe fn avx2(a: &[u64; 64], b: u32, m: u64, s: u32, base: u64) -> Option<u64> {
            window_body(a, |_| b, m, s, base)
        }
        // SAFETY: the CPU has AVX2 (checked above)
        return unsafe { avx2(addrs, bytes, mask, line_shift, base) };
    }
    window_body(addrs, |_| bytes, mask, line_shift, base)
}

/// The general path of [`lane_lines`]: one branch-free pass finds the lowest and highest line; when they are
/// less than [`SPAN_LINES`] apart each lane sets its first and last line in a bitmap of that span; wider spans,
/// lanes of more than two lines, and addresses that wrap take [`distinct_lines`].
#[inline(never)]
#[allow(clippy::needless_range_loop)] // lane `l` indexes the addresses and the width closure alike
fn lines_by_span(
    addrs: &[u64; 64],
    size: impl Fn(usize) -> u32,
    mask: u64,
    line_shift: u32,
    out: &mut Vec<u64>,
) {
    let (mut lo, mut hi, mut odd) = (u64::MAX, 0u64, false);
    for l in 0..64 {
        let on = mask >> l & 1 != 0;
        let a = addrs[l];
        let end = a.wrapping_add(size(l).max(1) as u64 - 1);
        let (first, last) = (a >> line_shift, end >> line_shift);
        // a lane past two lines, or one whose end wraps, is left to the general path
        odd |= on & ((end < a) | (last.wrapping_sub(first) > 1));
        lo = if on { lo.min(first) } else { lo };
        hi = if on { hi.max(last) } else { hi };
    }
    if odd || hi - lo >= SPAN_LINES {
        distinct_lines(
            (0..64)
                .filter(|&l| mask >> l & 1 != 0)
                .map(|l| (addrs[l], size(l))),
            line_shift,
            out,
        );
        return;
    }
    if hi - lo < 64 {
        // the bitmap in one register, every lane without branches; inactive lanes shift a zero
        let mut bits = 0u64;
        for l in 0..64 {
            let on = mask >> l & 1;
            let a = addrs[l];
            let f = (a >> line_shift).wrapping_sub(lo) as u32;
            let e =
                (a.wrapping_add(size(l).max(1) as u64 - 1) >> line_shift).wrapping_sub(lo) as u32;
            bits |= on.wrapping_shl(f) | on.wrapping_shl(e);
        }
        push_bits(bits, lo, out);
        return;
    }
    let mut bits = [0u64; (SPAN_LINES / 64) as usize];
    let mut m = mask;
    while m != 0 {
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        let a = addrs[l];
        let f = (a >> line_shift) - lo;
        let e = ((a + size(l).max(1) as u64 - 1) >> line_shift) - lo;
        bits[(f >> 6) as usize] |= 1 << (f & 63);
        bits[(e >> 6) as usize] |= 1 << (e & 63);
    }
    for (w, &word) in bits.iter().enumerate() {
        push_bits(word, lo + (w as u64) * 64, out);
    }
}

/// Lines an instruction's lanes may spread over for [`lane_lines`]' bitmap (64 lanes, 2 lines strided apart).
pub const SPAN_LINES: u64 = 256;

/// A set-associative cache with true LRU replacement, holding line numbers (address >> line shift).
///
/// Each set keeps its ways in recency order, most recently used first (an empty way holds the empty tag, at
/// the end): a hit moves its line to the front, a miss drops the last way (the least recently used line, or an
/// empty way while the set is not full) and puts the new line in front. That is true LRU without use stamps, and
/// a line used again right away (neighbouring lanes, the next instruction of a loop) is found at the first way.
///
/// Host layout: with a power-of-two set count (every shipped model's caches) a way holds the line's bits above
/// the set index as a 32-bit tag relative to a base (set at the first line: device buffers sit at 2^44), set-major
/// and each set aligned to 64 bytes, so a 16-way set is one host cache line (the 4 MiB L2 of 8 XCDs: 1 MiB of
/// tags, not 2). A line whose tag falls outside the base's 2^32 tags turns the cache into full 64-bit line
/// numbers once, keeping its contents: the hits are those of one LRU whatever the layout.
#[derive(Clone)]
pub struct Cache {
    sets: u64,
    /// `sets - 1` when `sets` is a power of two: the set is a mask, not a division.
    set_mask: Option<u64>,
    /// log2(`sets`) when a power of two (the tag is `line >> set_shift`).
    set_shift: u32,
    ways: usize,
    tags: Tags,
}

#[derive(Clone)]
enum Tags {
    /// 32-bit tags (`(line >> set_shift) - base`), `EMPTY32` = no line; `off` = the first element (64-byte
    /// aligned).
    Narrow { v: Vec<u32>, off: usize, base: u64 },
    /// Line numbers, `EMPTY` = no line.
    Wide(Box<[u64]>),
}

/// A way holding no line (no line number reaches it: line numbers are addresses shifted right).
const EMPTY: u64 = u64::MAX;
/// A narrow way holding no line; tags at or above it are kept wide.
const EMPTY32: u32 = u32::MAX;

impl Cache {
    /// A cache of `bytes` capacity in lines of `line_bytes`, `ways`-associative (`ways` = 0: fully associative).
    pub fn new(bytes: u64, line_bytes: u64, ways: u64) -> Cache {
        let lines = (bytes / line_bytes.max(1)).max(1);
        let ways = if ways == 0 { lines } else { ways.min(lines) };
        let sets = (lines / ways).max(1);
        let n = (sets * ways) as usize;
        let set_mask = sets.is_power_of_two().then_some(sets - 1);
        let tags = if set_mask.is_some() {
            // 16 spare elements: the first set starts on a 64-byte boundary
            let v = vec![EMPTY32; n + 16];
            let off = (v.as_ptr() as usize).wrapping_neg() % 64 / 4;
            Tags::Narrow { v, off, base: 0 }
        } else {
            Tags::Wide(vec![EMPTY; n].into_boxed_slice())
        };
        Cache {
            sets,
            set_mask,
            set_shift: if set_mask.is_some() {
                sets.trailing_zeros()
            } else {
                0
            },
            ways: ways as usize,
            tags,
        }
    }

    /// Look `line` up; on a miss it is filled, evicting the set's least recently used line. True on a hit.
    #[inline(always)]
    pub fn access(&mut self, line: u64) -> bool {
        if let (Tags::Narrow { v, off, base }, Some(m)) = (&mut self.tags, self.set_mask) {
            let rel = (line >> self.set_shift).wrapping_sub(*base);
            if rel < EMPTY32 as u64 {
                let tag = rel as u32;
                let base = *off + (line & m) as usize * self.ways;
                // the most recent line (the next lane group's, the loop's next instruction's) inline; the rest
                // out of line
                if v[base] == tag {
                    return true;
                }
                return match <&mut [u32; 16]>::try_from(&mut v[base..base + self.ways]) {
                    Ok(set) => access_rest16(set, tag),
                    Err(_) => access_rest(&mut v[base..base + self.ways], tag),
                };
            }
        }
        self.access_wide(line)
    }

    /// [`Cache::access`] of a line whose tag is outside the narrow range: while the cache holds no line yet the
    /// base moves to it (2^31 tags below it, so lower buffers and kernel arguments fit too); else line numbers.
    #[inline(never)]
    fn access_wide(&mut self, line: u64) -> bool {
        if let Tags::Narrow { v, base, .. } = &mut self.tags {
            if v.iter().all(|&t| t == EMPTY32) {
                *base = (line >> self.set_shift).saturating_sub(1 << 31);
                return self.access(line);
            }
        }
        self.widen();
        let set = match self.set_mask {
            Some(m) => line & m,
            None => line % self.sets,
        } as usize;
        let base = set * self.ways;
        let Tags::Wide(t) = &mut self.tags else {
            unreachable!("widened above")
        };
        let tags = &mut t[base..base + self.ways];
        if tags[0] == line {
            return true;
        }
        access_rest(tags, line)
    }

    /// Keep line numbers from now on (the same lines in the same recency order).
    fn widen(&mut self) {
        let Tags::Narrow { v, off, base } = &self.tags else {
            return;
        };
        let n = (self.sets as usize) * self.ways;
        let wide: Box<[u64]> = v[*off..*off + n]
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                if t == EMPTY32 {
                    EMPTY
                } else {
                    (t as u64 + base) << self.set_shift | (i / self.ways) as u64
                }
            })
            .collect();
        self.tags = Tags::Wide(wide);
    }

    /// The ways as line numbers, set-major, each set in recency order (`u64::MAX` = empty), for tests.
    #[cfg(test)]
    fn lines(&self) -> Vec<u64> {
        let mut c = self.clone();
        c.widen();
        let Tags::Wide(t) = c.tags else {
            unreachable!()
        };
        t.to_vec()
    }

    /// Ask the host to bring `line`'s set into its cache (no effect on the model): the memory system learns an
    /// instruction's lines in `before` and looks them up in `after`, so the set's tags are there by then.
    #[inline(always)]
    pub fn prefetch(&self, line: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let Some(m) = self.set_mask else {
                return;
            };
            let set = (line & m) as usize * self.ways;
            let p = match &self.tags {
                Tags::Narrow { v, off, .. } => {
                    v.get(off + set).map(|t| t as *const u32 as *const i8)
                }
                Tags::Wide(t) => t.get(set).map(|t| t as *const u64 as *const i8),
            };
            if let Some(p) = p {
                // SAFETY: a prefetch of a valid address has no architectural effect
                #[allow(unused_unsafe)]
                unsafe {
                    std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p)
                };
            }
        }
    }

    /// Forget every line (a cold cache).
    pub fn clear(&mut self) {
        match &mut self.tags {
            Tags::Narrow { v, .. } => v.fill(EMPTY32),
            Tags::Wide(t) => t.fill(EMPTY),
        }
    }
}

/// [`Cache::access`] past the set's first way.
#[inline(never)]
fn access_rest<T: Copy + PartialEq>(tags: &mut [T], line: T) -> bool {
    // the ways before the hit (every way but the last on a miss) move one down, `line` goes in front; a
    // carried value rather than `copy_within`, which is a memmove call for these few words
    let (k, hit) = match tags.iter().position(|&t| t == line) {
        Some(w) => (w, true),
        None => (tags.len() - 1, false),
    };
    let mut carry = line;
    for t in &mut tags[..=k] {
        carry = std::mem::replace(t, carry);
    }
    hit
}

/// [`access_rest`] for a 16-way set of narrow tags (one host cache line): the match as a bit mask and the move
/// as a select over the 16 ways, both without branches. A tag appears at most once in a set. Inlined into
/// [`Cache::access`], so the lookup calls the AVX-512 step directly (one call, not two).
#[inline(always)]
fn access_rest16(set: &mut [u32; 16], tag: u32) -> bool {
    // A hit at the second way, in scalar: two lines of one set used in turn (a wave's two rows 16 lines
    // apart in a 16-set L1: each finds itself behind the other) swap the first two ways, the rest stay.
    if set[1] == tag {
        set.swap(0, 1);
        return true;
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx512f") {
        // SAFETY: the CPU has AVX-512F (checked above)
        return unsafe { access_rest16_avx512(set, tag) };
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked above)
        return unsafe { access_rest16_avx2(set, tag) };
    }
    access_rest16_portable(set, tag)
}

/// [`access_rest16`] in AVX2 (hosts without AVX-512): the set as two 8-way halves; each half's compare becomes
/// 8 mask bits; the shifted set is each half rotated up one way (one permute) with way 0 taking the tag and way
/// 8 the first half's last way (two blends), selected up to the hit. Two whole 32-byte stores, which the next
/// lookup's 32-byte loads of the set read back by store forwarding. The portable body compiled to a select per
/// way.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn access_rest16_avx2(set: &mut [u32; 16], tag: u32) -> bool {
    use std::arch::x86_64::*;
    let p = set.as_mut_ptr() as *mut __m256i;
    // SAFETY: `set` is 16 u32 = two 32-byte halves, read unaligned
    let (lo, hi) = unsafe { (_mm256_loadu_si256(p), _mm256_loadu_si256(p.add(1))) };
    let t = _mm256_set1_epi32(tag as i32);
    let mask = |v| _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, t))) as u32;
    let hits = mask(lo) | mask(hi) << 8;
    let k = if hits != 0 { hits.trailing_zeros() } else { 15 };
    // each half rotated up one way: [x7, x0, x1, .., x6]
    let rot = _mm256_set_epi32(6, 5, 4, 3, 2, 1, 0, 7);
    let (lo_r, hi_r) = (
        _mm256_permutevar8x32_epi32(lo, rot),
        _mm256_permutevar8x32_epi32(hi, rot),
    );
    // way 0 takes the tag, way 8 the first half's way 7
    let lo_s = _mm256_blend_epi32::<1>(lo_r, t);
    let hi_s = _mm256_blend_epi32::<1>(hi_r, lo_r);
    // ways past the hit stay
    let kv = _mm256_set1_epi32(k as i32);
    let stay_lo = _mm256_cmpgt_epi32(_mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0), kv);
    let stay_hi = _mm256_cmpgt_epi32(_mm256_set_epi32(15, 14, 13, 12, 11, 10, 9, 8), kv);
    let (new_lo, new_hi) = (
        _mm256_blendv_epi8(lo_s, lo, stay_lo),
        _mm256_blendv_epi8(hi_s, hi, stay_hi),
    );
    // SAFETY: as above, written unaligned
    unsafe {
        _mm256_storeu_si256(p, new_lo);
        _mm256_storeu_si256(p.add(1), new_hi);
    }
    hits != 0
}

/// [`access_rest16_body`] out of line: every inlined [`Cache::access`] keeps only the AVX-512 call and this call,
/// not the unrolled portable body (the memory system's lookups are inlined at a dozen places).
#[inline(never)]
#[cold]
fn access_rest16_portable(set: &mut [u32; 16], tag: u32) -> bool {
    access_rest16_body(set, tag)
}

/// [`access_rest16`] in AVX-512: one 64-byte load, a compare into a mask, the ways shifted down one by an
/// align with the new tag, blended up to the hit, one 64-byte store (a whole-line store that the next lookup
/// of the set, often the next instruction's, reads back by store forwarding).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn access_rest16_avx512(set: &mut [u32; 16], tag: u32) -> bool {
    use std::arch::x86_64::*;
    // SAFETY: `set` is 16 u32 = 64 bytes, read and written unaligned
    let v = unsafe { _mm512_loadu_si512(set.as_ptr() as *const _) };
    let t = _mm512_set1_epi32(tag as i32);
    let hits = _mm512_cmpeq_epi32_mask(v, t) as u32;
    let k = if hits != 0 { hits.trailing_zeros() } else { 15 };
    // way w takes way w - 1 up to the hit (way 0 takes the tag: index 16 = `t`'s first lane), the rest stay:
    // one two-source permute of every lane, so the store is a whole-line store (a blend would become a masked
    // store, which the next lookup of the set could not read back by store forwarding)
    let upto = ((2u32 << k) - 1) as __mmask16;
    let stay = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    let down = _mm512_set_epi32(14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 16);
    let idx = _mm512_mask_blend_epi32(upto, stay, down);
    let r = _mm512_permutex2var_epi32(v, idx, t);
    // SAFETY: as above
    unsafe { _mm512_storeu_si512(set.as_mut_ptr() as *mut _, r) };
    hits != 0
}

/// [`access_rest16`] without AVX-512.
#[inline(always)]
fn access_rest16_body(set: &mut [u32; 16], tag: u32) -> bool {
    let mut hits = 0u32;
    for (w, &t) in set.iter().enumerate() {
        hits |= ((t == tag) as u32) << w;
    }
    // the ways up to the hit, or all on a miss (the last way's line drops out)
    let k = if hits != 0 { hits.trailing_zeros() } else { 15 };
    let old = *set;
    for w in 1..16 {
        set[w] = if w as u32 <= k { old[w - 1] } else { old[w] };
    }
    set[0] = tag;
    hits != 0
}

/// Bandwidth as a schedule of fixed time buckets, each able to move `bytes_per_bucket`. A request arriving at
/// cycle `t` takes capacity from `t`'s bucket onward; when a bucket is full the rest waits for the next one, so
/// completion times grow once many requests stream (queueing), and a streaming kernel's modelled time
/// approaches bytes / bandwidth. Order-tolerant: requests need not arrive in time order (the executor runs the
/// waves of a work-group one after another), which a FIFO "free at" time would not allow.
#[derive(Clone)]
pub struct BandwidthSchedule {
    bucket_shift: u32,
    bytes_per_bucket: u64,
    /// log2(`bytes_per_bucket`) when it is a power of two (the L1 and L2 rates of the shipped model: lines of
    /// 128 bytes, buckets of 1024 cycles): [`BandwidthSchedule::cycles`] is then two shifts, not a division.
    bytes_per_bucket_shift: Option<u32>,
    used: Vec<u64>,
    /// Union-find over full buckets: `next[b]` leads to a bucket at or after `b` that may have room, so a
    /// request behind a long run of full buckets does not walk them one by one.
    next: Vec<u32>,
    /// (bytes, cycles to move them at full rate) of the last two sizes computed by division (a schedule mostly
    /// moves one or two sizes, a line or a few, or a vector and a scalar line). Looked up in place: a hit
    /// reorders nothing (a swap on every other request cost more than the division it saved).
    cycles_for: [(u64, u64); 2],
}

impl BandwidthSchedule {
    /// `bytes_per_cycle` (may be fractional) in buckets of `1 << bucket_shift` cycles.
    pub fn new(bytes_per_cycle: f64, bucket_shift: u32) -> BandwidthSchedule {
        let bytes_per_bucket =
            ((bytes_per_cycle * (1u64 << bucket_shift) as f64).round() as u64).max(1);
        BandwidthSchedule {
            bucket_shift,
            bytes_per_bucket,
            bytes_per_bucket_shift: bytes_per_bucket
                .is_power_of_two()
                .then_some(bytes_per_bucket.trailing_zeros()),
            used: Vec::new(),
            next: Vec::new(),
            cycles_for: [(u64::MAX, 0); 2],
        }
    }

    /// Move `bytes` starting at cycle `t`; returns the cycle the last byte moves (>= t). Work that spills past
    /// `t`'s bucket completes at the end of the bucket that finally holds it.
    #[inline]
    pub fn transfer(&mut self, t: u64, bytes: u64) -> u64 {
        // The common case in O(1): the arrival bucket exists and has room for all of it (a bucket with room is
        // its own representative in `next`, so `find` would stop there too).
        let arrival = (t >> self.bucket_shift) as usize;
        if let Some(u) = self.used.get_mut(arrival) {
            if *u < self.bytes_per_bucket && self.bytes_per_bucket - *u >= bytes {
                *u += bytes;
                if *u == self.bytes_per_bucket {
                    self.next[arrival] = arrival as u32 + 1;
                }
                return t + self.cycles(bytes);
            }
        }
        self.transfer_slow(t, bytes)
    }

    /// `n` (at least 1) transfers of `bytes` each at cycle `t` when the arrival bucket has room for all of them:
    /// then each [`BandwidthSchedule::transfer`] would return `t + cycles(bytes)` and the `n` calls leave the
    /// schedule as this one does. None, taking nothing, otherwise (the caller makes them one by one).
    #[inline(always)]
    pub fn transfer_n(&mut self, t: u64, bytes: u64, n: u64) -> Option<u64> {
        debug_assert!(n >= 1);
        let arrival = (t >> self.bucket_shift) as usize;
        let all = bytes.checked_mul(n)?;
        let u = self.used.get_mut(arrival)?;
        if *u < self.bytes_per_bucket && self.bytes_per_bucket - *u >= all {
            *u += all;
            if *u == self.bytes_per_bucket {
                self.next[arrival] = arrival as u32 + 1;
            }
            return Some(t + self.cycles(bytes));
        }
        None
    }

    /// Cycles `bytes` take at full rate: `(bytes << bucket_shift).div_ceil(bytes_per_bucket)`, by shifts when
    /// the bucket's bytes are a power of two, else a division kept for the two sizes computed last.
    #[inline(always)]
    fn cycles(&mut self, bytes: u64) -> u64 {
        let x = bytes << self.bucket_shift;
        if let Some(s) = self.bytes_per_bucket_shift {
            // x.div_ceil(2^s): the quotient, plus one when a remainder is left
            return (x >> s) + (x & ((1u64 << s) - 1) != 0) as u64;
        }
        if self.cycles_for[0].0 == bytes {
            return self.cycles_for[0].1;
        }
        if self.cycles_for[1].0 == bytes {
            return self.cycles_for[1].1;
        }
        self.cycles_slow(bytes)
    }

    /// [`BandwidthSchedule::cycles`] of a size not among the last two: divided, and kept in front.
    #[inline(never)]
    fn cycles_slow(&mut self, bytes: u64) -> u64 {
        let cycles = (bytes << self.bucket_shift).div_ceil(self.bytes_per_bucket);
        self.cycles_for = [(bytes, cycles), self.cycles_for[0]];
        cycles
    }

    #[inline(never)]
    fn transfer_slow(&mut self, t: u64, bytes: u64) -> u64 {
        // A bound on how far the schedule reaches (keeps memory bounded for pathological inputs).
        const MAX_BUCKETS: usize = 1 << 24;
        let arrival = ((t >> self.bucket_shift) as usize).min(MAX_BUCKETS - 1);
        let mut left = bytes;
        let mut b = arrival;
        loop {
            b = self.find(b);
            if b >= MAX_BUCKETS {
                return t.max((MAX_BUCKETS as u64) << self.bucket_shift);
            }
            let take = (self.bytes_per_bucket - self.used[b]).min(left);
            self.used[b] += take;
            left -= take;
            if self.used[b] == self.bytes_per_bucket {
                self.next[b] = b as u32 + 1;
            }
            if left == 0 {
                if b == arrival {
                    // Within the arrival bucket: the time the transfer itself takes at full rate
                    return t + self.cycles(bytes);
                }
                return ((b as u64) + 1) << self.bucket_shift;
            }
        }
    }

    /// The first bucket at or after `b` with room, growing the schedule as needed.
    fn find(&mut self, mut b: usize) -> usize {
        let mut path = b;
        loop {
            if b >= self.used.len() {
                let n = (b + 1).max(self.used.len() * 2).min(1 << 24);
                if b >= n {
                    return b;
                }
                let old = self.used.len();
                self.used.resize(n, 0);
                self.next.extend(old as u32..n as u32);
            }
            let n = self.next[b] as usize;
            if n == b {
                break;
            }
            b = n;
        }
        // Path compression.
        while path < b {
            let n = self.next[path] as usize;
            self.next[path] = b as u32;
            path = n;
        }
        b
    }

    /// Bytes moved in all.
    pub fn total_bytes(&self) -> u64 {
        self.used.iter().sum()
    }

    /// Bytes moved per bucket (for counter tracks over modelled time).
    pub fn buckets(&self) -> (&[u64], u32) {
        (&self.used, self.bucket_shift)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observers::memsys::xorshift;

    #[test]
    fn coalesced_strided_and_random_lines() {
        let mut out = Vec::new();
        // 64 lanes x 4 bytes contiguous from a 128-byte boundary: 256 bytes = 2 lines.
        distinct_lines((0..64u64).map(|l| (0x1000 + 4 * l, 4)), 7, &mut out);
        assert_eq!(out.len(), 2);
        // Stride 32 dwords (128 bytes): every lane its own line.
        distinct_lines((0..64u64).map(|l| (0x1000 + 128 * l, 4)), 7, &mut out);
        assert_eq!(out.len(), 64);
        // Misaligned contiguous: 256 bytes starting 4 bytes into a line spill into a third line.
        distinct_lines((0..64u64).map(|l| (0x1004 + 4 * l, 4)), 7, &mut out);
        assert_eq!(out.len(), 3);
        // An access straddling a line boundary counts both lines.
        distinct_lines([(0x107e, 4)].into_iter(), 7, &mut out);
        assert_eq!(out, [0x20, 0x21]);
    }

    /// A recorded shape (`HalfRuns`) gives the lines `lane_lines_uniform` finds from the 64 addresses it stands
    /// for, and declines (false) only when the lane width differs or a range wraps: random first addresses (near
    /// line ends, near 2^64, the two halves overlapping or apart), uniform or contiguous halves, widths 1-16.
    #[test]
    fn half_runs_give_every_line_of_their_bytes() {
        // `lines_of_half_runs` against the lines each lane's bytes fall in, found one lane at a time, for lane
        // widths and line sizes where a half covers one line or many and the halves overlap, touch or not
        use crate::exec::wave::HalfRuns;
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = || xorshift(&mut seed);
        let mut multi = 0;
        for trial in 0..20_000u64 {
            let width = [1u32, 2, 4, 8, 16][(rnd() % 5) as usize];
            let line_shift = [0u32, 2, 4, 7, 12][(trial % 5) as usize];
            // no half's bytes wrap past 2^64 (that declines, tested below)
            let first0 = match trial % 3 {
                0 => 1024 + rnd() % (1 << 16),
                1 => u64::MAX - 2048 - rnd() % 512,
                _ => 1024 + (rnd() >> 2),
            };
            let first1 = match rnd() % 3 {
                0 => first0 + rnd() % 600,
                1 => first0 - rnd() % 600,
                _ => 1024 + (rnd() >> 2),
            };
            let h = HalfRuns {
                first: [first0, first1],
                uniform: [rnd() % 3 == 0, rnd() % 3 == 0],
                width,
            };
            let mut want = Vec::new();
            for l in 0..64 {
                let a = h.addr(l);
                want.extend((a >> line_shift)..=((a + width as u64 - 1) >> line_shift));
            }
            want.sort_unstable();
            want.dedup();
            let mut got = vec![7];
            assert!(lines_of_half_runs(&h, width, line_shift, &mut got), "{h:?}");
            assert_eq!(got, want, "{h:?} shift {line_shift}");
            multi += (want.len() > 2) as u32;
        }
        assert!(multi > 5_000, "{multi}");
    }

    #[test]
    fn half_runs_give_the_lines_of_their_addresses() {
        use crate::exec::wave::HalfRuns;
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut rnd = || xorshift(&mut seed);
        let (mut summarised, mut declined) = (0, 0);
        for trial in 0..20_000 {
            let width = [4u32, 4, 4, 1, 2, 8, 16][(rnd() % 7) as usize];
            let first0 = match trial % 4 {
                0 => rnd() % (1 << 20),
                1 => u64::MAX - rnd() % 512,
                2 => (rnd() % (1 << 20)) | 0x7c,
                _ => rnd(),
            };
            let first1 = match rnd() % 3 {
                0 => first0.wrapping_add(rnd() % 256),
                1 => first0.wrapping_sub(rnd() % 4096),
                _ => rnd() % (1 << 24),
            };
            let h = HalfRuns {
                first: [first0, first1],
                uniform: [rnd() % 2 == 0, rnd() % 2 == 0],
                width: 4,
            };
            // the 64 addresses the shape stands for (as the handler records them: 64-bit adds)
            let addrs: [u64; 64] = std::array::from_fn(|l| {
                let k = l / 32;
                match h.uniform[k] {
                    true => h.first[k],
                    false => h.first[k].wrapping_add(4 * (l % 32) as u64),
                }
            });
            let mut want = Vec::new();
            lane_lines_uniform(&addrs, width, !0, 7, &mut want);
            let mut got = vec![1, 2, 3];
            if lines_of_half_runs(&h, width, 7, &mut got) {
                assert_eq!(width, 4, "{h:?}: summarised for lanes of {width} bytes");
                assert_eq!(got, want, "{h:?}");
                summarised += 1;
            } else {
                assert_eq!(got, vec![1, 2, 3], "{h:?}: declined but wrote");
                // declined: another width, or a half's bytes wrap past 2^64
                let wraps = (0..2).any(|k| {
                    let span = if h.uniform[k] { 4 } else { 128 };
                    h.first[k].checked_add(span - 1).is_none()
                });
                assert!(width != 4 || wraps, "{h:?}: declined a plain shape");
                declined += 1;
            }
        }
        assert!(
            summarised > 5_000 && declined > 1_000,
            "{summarised} {declined}"
        );
    }

    /// `lane_lines` gives exactly `distinct_lines`' set, on coalesced, broadcast, strided, backwards, straddling,
    /// wide, partial-mask and wrapping accesses (a small xorshift makes the rest).
    #[test]
    fn lane_lines_equals_distinct_lines() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = || xorshift(&mut seed);
        let mut cases: Vec<([u64; 64], [u32; 64], u64)> = Vec::new();
        let lanes = |f: &dyn Fn(u64) -> u64, b: u32, mask: u64| {
            (std::array::from_fn(|l| f(l as u64)), [b; 64], mask)
        };
        cases.push(lanes(&|l| 0x1000 + 4 * l, 4, !0));
        cases.push(lanes(&|_| 0x1234, 4, !0));
        cases.push(lanes(&|l| 0x1000 + 128 * l, 4, !0));
        cases.push(lanes(&|l| 0x1000 + 256 * l, 16, !0));
        cases.push(lanes(&|l| 0x1000 + 4096 * l, 4, !0));
        cases.push(lanes(&|l| 0x9000 - 16 * l, 16, !0));
        cases.push(lanes(&|l| 0x107e + 8 * l, 8, 0xF0F0_0000_0000_0F0F));
        cases.push(lanes(&|l| u64::MAX - 2 - l, 4, !0));
        cases.push(lanes(&|l| 0x1000 + 4 * l, 300, 1 << 5));
        cases.push(lanes(&|l| 0x1000 + 4 * l, 4, 0));
        // a 32x8 work-group's wave: two rows of 32 lanes (broadcast, contiguous, rows 2 KiB apart)
        cases.push(lanes(&|l| 0x1000 + 2048 * (l / 32), 4, !0));
        cases.push(lanes(&|l| 0x1000 + 4 * (l % 32), 4, !0));
        cases.push(lanes(&|l| 0x1000 + 2048 * (l / 32) + 4 * (l % 32), 4, !0));
        // the halves' shapes: second row below the first, overlapping, one half broadcast inside the other,
        // straddling lines, a range that wraps past 2^64
        cases.push(lanes(&|l| 0x9000 - 2048 * (l / 32) + 4 * (l % 32), 4, !0));
        cases.push(lanes(&|l| 0x1040 + 64 * (l / 32) + 4 * (l % 32), 4, !0));
        cases.push(lanes(
            &|l| if l < 32 { 0x1000 + 16 * l } else { 0x1100 },
            16,
            !0,
        ));
        cases.push(lanes(
            &|l| {
                if l < 32 {
                    0x1100
                } else {
                    0x107c + 8 * (l - 32)
                }
            },
            8,
            !0,
        ));
        cases.push(lanes(&|l| u64::MAX - 200 + 4 * (l % 32), 8, !0));
        // the 64-line window's edges: last line 63 (fits) and 64 (leaves it) after the first lane's
        cases.push(lanes(&|l| 0x1000 + 63 * 128 * (l & 1), 4, !0));
        cases.push(lanes(&|l| 0x1000 + 64 * 128 * (l & 1), 4, !0));
        cases.push(lanes(&|l| 0x1000 + 63 * 128 * (l & 1) + 126, 4, !0));
        // a lane below the first active lane's line, and the first active lane not lane 0
        cases.push(lanes(&|l| 0x1000 + 128 * 5 - 128 * (l & 1), 4, !0));
        cases.push(lanes(&|l| 0x1000 + 4 * (63 - l), 4, !0 << 7));
        for _ in 0..2000 {
            let base = rnd() >> 20;
            let spread = [1u64, 64, 512, 4096, 8192, 8320, 1 << 20][(rnd() % 7) as usize];
            let mut a = [0u64; 64];
            let mut b = [0u32; 64];
            for l in 0..64 {
                a[l] = base + rnd() % spread;
                b[l] = [1u32, 2, 4, 8, 12, 16][(rnd() % 6) as usize];
            }
            let mask = if rnd() % 3 == 0 { rnd() } else { !0 };
            cases.push((a, b, mask));
        }
        let (mut want, mut got) = (Vec::new(), Vec::new());
        for (a, b, mask) in &cases {
            distinct_lines(
                (0..64)
                    .filter(|&l| mask >> l & 1 != 0)
                    .map(|l| (a[l], b[l])),
                7,
                &mut want,
            );
            lane_lines(a, b, *mask, 7, &mut got);
            assert_eq!(got, want, "addrs {:x?} mask {mask:x}", &a[..4]);
            // the portable window (the AVX2 one runs above where the CPU has it)
            if *mask != 0 {
                let base = a[mask.trailing_zeros() as usize] >> 7;
                if let Some(bits) = window_body(a, |l| b[l], *mask, 7, base) {
                    got.clear();
                    push_bits(bits, base, &mut got);
                    assert_eq!(
                        got,
                        want,
                        "portable window: addrs {:x?} mask {mask:x}",
                        &a[..4]
                    );
                }
            }
            // one width for every lane: the uniform entry gives the definition's set too
            let w = b[0];
            distinct_lines(
                (0..64).filter(|&l| mask >> l & 1 != 0).map(|l| (a[l], w)),
                7,
                &mut want,
            );
            lane_lines_uniform(a, w, *mask, 7, &mut got);
            assert_eq!(got, want, "uniform {w}: addrs {:x?} mask {mask:x}", &a[..4]);
        }
    }

    /// The AVX-512 and AVX2 halves checks give the portable one's answer (each where the CPU has it; the test
    /// fails when it has neither, so it cannot pass vacuously on x86-64): contiguous, broadcast, two rows, one lane
    /// off (low and high address bits, in every chunk), every width, ranges that wrap past 2^64.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn halves_simd_equals_portable() {
        type Halves = Option<[(u64, u64); 2]>;
        let mut simd: Vec<(&str, fn(&[u64; 64], u64) -> Halves)> = Vec::new();
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F
            simd.push(("avx512", |a, b| unsafe { halves_avx512(a, b) }));
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2
            simd.push(("avx2", |a, b| unsafe { halves_avx2(a, b) }));
        }
        assert!(!simd.is_empty(), "an x86-64 host without AVX2");
        let mut some = 0;
        for (name, f) in simd {
            for bytes in [0u64, 1, 2, 4, 8, 12, 16, 300, 1 << 33, u32::MAX as u64] {
                for base in [0x1000u64, 0x107c, u64::MAX - 100, u64::MAX - 40 * bytes] {
                    let shapes: [&dyn Fn(u64) -> u64; 4] = [
                        &|l| base.wrapping_add(l * bytes),
                        &|_| base,
                        &|l| base.wrapping_add(2048 * (l / 32) + (l % 32) * bytes),
                        &|l| {
                            if l < 32 {
                                base
                            } else {
                                base.wrapping_add(l * bytes)
                            }
                        },
                    ];
                    for shape in shapes {
                        let a: [u64; 64] = std::array::from_fn(|l| shape(l as u64));
                        let want = halves_body(&a, bytes);
                        some += want.is_some() as u32;
                        assert_eq!(f(&a, bytes), want, "{name} {bytes} {base:x}");
                        for off in [0usize, 1, 2, 3, 4, 7, 8, 31, 32, 33, 35, 40, 63] {
                            for bit in [off % 13, 40 + off % 20] {
                                let mut b = a;
                                b[off] ^= 1 << bit;
                                let got = f(&b, bytes);
                                assert_eq!(
                                    got,
                                    halves_body(&b, bytes),
                                    "{name} {bytes} {base:x} lane {off} bit {bit}"
                                );
                            }
                        }
                    }
                }
            }
        }
        // the shapes above include ones the halves take (not only rejections)
        assert!(some > 0);
    }

    /// The LRU order after hits and misses at every way, against the copy_within form it replaces.
    #[test]
    fn carried_shift_equals_copy_within() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        for ways in [1u64, 2, 8, 16] {
            let mut c = Cache::new(ways * 4 * 128, 128, ways);
            let mut r: Vec<u64> = vec![EMPTY; c.lines().len()];
            for _ in 0..20_000 {
                xorshift(&mut seed);
                let line = seed % (ways * 12);
                let set = (line % c.sets) as usize * c.ways;
                let tags = &mut r[set..set + c.ways];
                let want = match tags.iter().position(|&t| t == line) {
                    Some(w) => {
                        tags.copy_within(0..w, 1);
                        true
                    }
                    None => {
                        let last = tags.len() - 1;
                        tags.copy_within(0..last, 1);
                        false
                    }
                };
                tags[0] = line;
                assert_eq!(c.access(line), want);
                assert_eq!(c.lines(), r);
            }
        }
    }

    #[test]
    fn lru_within_a_set() {
        // 4 lines, 2 ways -> 2 sets; lines 0, 2, 4 share set 0.
        let mut c = Cache::new(4 * 128, 128, 2);
        assert!(!c.access(0));
        assert!(!c.access(2));
        assert!(c.access(0)); // 0 most recent; 2 is LRU
        assert!(!c.access(4)); // evicts 2
        assert!(c.access(0));
        assert!(!c.access(2));
        assert!(!c.access(1)); // other set untouched by the above
    }

    /// The recency-ordered sets give exactly the hits of LRU by use stamps (the former layout: tags and stamps,
    /// the victim the way with the oldest stamp, empty ways first), on random lines over several cache shapes.
    #[test]
    fn recency_order_equals_stamp_lru() {
        struct Stamped {
            sets: u64,
            ways: usize,
            tags: Vec<u64>,
            stamps: Vec<u64>,
            now: u64,
        }
        impl Stamped {
            fn access(&mut self, line: u64) -> bool {
                self.now += 1;
                let base = (line % self.sets) as usize * self.ways;
                let (tags, stamps) = (
                    &mut self.tags[base..base + self.ways],
                    &mut self.stamps[base..base + self.ways],
                );
                if let Some(w) = tags.iter().position(|&t| t == line) {
                    stamps[w] = self.now;
                    return true;
                }
                let mut victim = 0;
                for w in 1..tags.len() {
                    if stamps[w] < stamps[victim] {
                        victim = w;
                    }
                }
                tags[victim] = line;
                stamps[victim] = self.now;
                false
            }
        }
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for (bytes, ways) in [
            (32 * 1024u64, 16u64),
            (4096, 4),
            (1024, 0),
            (3 * 128, 1),
            (16 * 1024, 8),
        ] {
            let mut c = Cache::new(bytes, 128, ways);
            let n = c.sets as usize * c.ways;
            let mut r = Stamped {
                sets: c.sets,
                ways: c.ways,
                tags: vec![u64::MAX; n],
                stamps: vec![0; n],
                now: 0,
            };
            let span = 4 * n as u64;
            for _ in 0..200_000 {
                xorshift(&mut seed);
                // mostly a hot neighbourhood, sometimes far lines
                let line = if seed % 5 == 0 {
                    seed >> 20
                } else {
                    seed % span
                };
                assert_eq!(
                    c.access(line),
                    r.access(line),
                    "{bytes} B {ways} ways, line {line}"
                );
            }
        }
    }

    /// The narrow tags (relative to a base set at the first line) give the hits of recency lists over line
    /// numbers: lines near device buffers (2^44), kernel arguments below them, and then lines far outside the
    /// narrow range, which turn the cache to line numbers with its contents kept.
    #[test]
    fn narrow_tags_rebase_and_widen_exactly() {
        let mut seed = 0x0DDB_1A5E_5BAD_5EEDu64;
        for (bytes, ways) in [
            (32 * 1024u64, 16u64),
            (16 * 1024, 8),
            (4 << 20, 16),
            (1024, 0),
        ] {
            let mut c = Cache::new(bytes, 128, ways);
            let (sets, w) = (c.sets, c.ways);
            let mut r: Vec<Vec<u64>> = vec![Vec::new(); sets as usize];
            let base = 0x0000_1000_0000_0000u64 >> 7;
            let kernarg = 0x0000_0f00_0000_0000u64 >> 7;
            let span = 8 * sets * w as u64;
            for i in 0..60_000u64 {
                xorshift(&mut seed);
                let line = match (i / 20_000, seed % 7) {
                    (0, 0) => kernarg + seed % 64,
                    (0, _) => base + seed % span,
                    (1, 0) => (seed >> 3) | 1 << 60,
                    (_, k) if k < 3 => kernarg + seed % 64,
                    _ => base + seed % span,
                };
                let set = &mut r[(line % sets) as usize];
                let want = match set.iter().position(|&l| l == line) {
                    Some(p) => {
                        set.remove(p);
                        true
                    }
                    None => {
                        set.truncate(w - 1);
                        false
                    }
                };
                set.insert(0, line);
                assert_eq!(c.access(line), want, "{bytes} B {ways} ways, access {i}");
            }
            // the final contents, way by way
            let got = c.lines();
            for (k, set) in r.iter().enumerate() {
                for (j, &l) in set.iter().enumerate() {
                    assert_eq!(got[k * w + j], l);
                }
            }
        }
    }

    /// `access_rest16` as the lookups call it (its scalar second-way step, then the SIMD or portable step) equals
    /// the portable step: two lines of one set used in turn (the second-way hit every time), mixed with hits at
    /// every other way and misses.
    #[test]
    fn access_rest16_second_way_step_equals_portable() {
        let mut seed = 0x0DDB_A11C_0FFE_E123u64;
        let (mut a, mut b) = ([EMPTY32; 16], [EMPTY32; 16]);
        let mut at_way = [0u32; 16];
        for i in 0..100_000u32 {
            xorshift(&mut seed);
            // mostly a pair taken in turn, else any of 40 tags
            let tag = if seed % 3 != 0 {
                100 + (i % 2)
            } else {
                (seed % 40) as u32
            };
            if a[0] == tag {
                continue;
            }
            if let Some(w) = b.iter().position(|&x| x == tag) {
                at_way[w] += 1;
            }
            let got = access_rest16(&mut a, tag);
            assert_eq!(got, access_rest16_body(&mut b, tag), "access {i}");
            assert_eq!(a, b, "access {i}");
        }
        assert!(at_way[1] > 10_000, "{at_way:?}");
        assert!(at_way[2..].iter().all(|&n| n > 0), "{at_way:?}");
    }

    /// The AVX-512 and AVX2 16-way steps equal the portable one (each where the CPU has it; the test fails on an
    /// x86-64 host with neither): hits at every way, misses, full and part-empty sets.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn access_rest16_simd_equals_portable() {
        let mut simd: Vec<(&str, fn(&mut [u32; 16], u32) -> bool)> = Vec::new();
        if std::arch::is_x86_feature_detected!("avx512f") {
            // SAFETY: the CPU has AVX-512F
            simd.push(("avx512", |s, t| unsafe { access_rest16_avx512(s, t) }));
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2
            simd.push(("avx2", |s, t| unsafe { access_rest16_avx2(s, t) }));
        }
        assert!(!simd.is_empty(), "an x86-64 host without AVX2");
        for (name, f) in simd {
            let mut seed = 0x51DE_CAFE_F00D_1234u64;
            let (mut a, mut b) = ([EMPTY32; 16], [EMPTY32; 16]);
            let mut at_way = [0u32; 16];
            for _ in 0..100_000 {
                xorshift(&mut seed);
                let tag = (seed % 40) as u32;
                if a[0] == tag {
                    continue;
                }
                if let Some(w) = b.iter().position(|&x| x == tag) {
                    at_way[w] += 1;
                }
                let got = f(&mut a, tag);
                assert_eq!(got, access_rest16_body(&mut b, tag), "{name}");
                assert_eq!(a, b, "{name}");
                if seed % 997 == 0 {
                    (a, b) = ([EMPTY32; 16], [EMPTY32; 16]);
                }
            }
            // a hit at every way past the first
            assert!(at_way[1..].iter().all(|&n| n > 0), "{name}: {at_way:?}");
        }
    }

    #[test]
    fn working_set_that_fits_hits_after_warmup() {
        let mut c = Cache::new(32 * 1024, 128, 16);
        let lines: Vec<u64> = (0..128).collect(); // 16 KiB
        for &l in &lines {
            c.access(l);
        }
        assert!(lines.iter().all(|&l| c.access(l)));
        // 64 KiB cycled through a 32 KiB LRU cache never hits.
        let mut c = Cache::new(32 * 1024, 128, 16);
        let big: Vec<u64> = (0..512).collect();
        for _ in 0..2 {
            for &l in &big {
                assert!(!c.access(l));
            }
        }
    }

    /// `cycles` (shifts for a power-of-two bucket, else the two kept sizes) is the division it stands for, on
    /// rates whose bucket is and is not a power of two, sizes repeated, alternating and new, multiples of the
    /// bucket's bytes and not.
    #[test]
    fn cycles_equal_the_division() {
        let mut seed = 0x3C6E_F372_FE94_F82Bu64;
        for (rate, shift) in [
            (128.0, 10u32),
            (2048.0, 10),
            (64.0, 6),
            (1.0, 0),
            (0.5, 1),
            (3333.0, 10),
            (3333.0 / 8.0, 10),
            (100.0, 7),
            (0.3, 10),
        ] {
            let mut s = BandwidthSchedule::new(rate, shift);
            assert_eq!(
                s.bytes_per_bucket_shift.is_some(),
                s.bytes_per_bucket.is_power_of_two()
            );
            for i in 0..20_000u64 {
                xorshift(&mut seed);
                let bytes = match i % 4 {
                    0 => [64u64, 128, 256][(seed % 3) as usize],
                    1 => 128 * (1 + seed % 64),
                    2 => seed % 5000,
                    _ => s.bytes_per_bucket * (seed % 3),
                };
                let want = (bytes << shift).div_ceil(s.bytes_per_bucket);
                assert_eq!(
                    s.cycles(bytes),
                    want,
                    "rate {rate} shift {shift} bytes {bytes}"
                );
            }
        }
    }

    #[test]
    fn bandwidth_queues_when_oversubscribed() {
        // 64 bytes per cycle, 1024-cycle buckets: 65536 bytes per bucket.
        let mut s = BandwidthSchedule::new(64.0, 10);
        assert_eq!(s.transfer(0, 128), 2);
        // Fill the rest of bucket 0 and two more buckets' worth: the last byte moves at the end of bucket 2.
        assert_eq!(s.transfer(0, 65536 - 128 + 2 * 65536), 3 * 1024);
        // A later arrival in a full bucket waits for the next free one.
        assert_eq!(s.transfer(100, 64), 4 * 1024);
        assert_eq!(s.total_bytes(), 3 * 65536 + 64);
    }

    #[test]
    fn streaming_approaches_bytes_over_bandwidth() {
        // 1 GiB requested all at once at 100 bytes/cycle finishes near 1 GiB / 100 cycles.
        let mut s = BandwidthSchedule::new(100.0, 10);
        let mut end = 0;
        for i in 0..(1u64 << 30) / 4096 {
            end = end.max(s.transfer(i % 1000, 4096));
        }
        let ideal = (1u64 << 30) as f64 / 100.0;
        assert!(
            (end as f64 - ideal).abs() / ideal < 0.01,
            "{end} vs {ideal}"
        );
    }
}
