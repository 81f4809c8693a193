//! LDS bank conflicts on gfx950: 64 banks of 4 bytes (LLVM AMDGPU, llvm/llvm-project#220632: "gfx950 doubled the
//! bank count to 64"; CDNA3 has 32).
//!
//! A wave64 LDS instruction is served in *phases*: the lanes of one phase present their addresses to the banks
//! together, and a phase takes as many cycles as the busiest bank has distinct dword addresses (lanes reading the
//! same dword are served by one broadcast). Conflicts never span phases. Which lanes share a phase depends on the
//! bytes each lane moves, because one phase moves at most 64 banks x 4 bytes = 256 bytes:
//! - 1, 2 and 4 bytes per lane (`ds_read_b32`, `ds_write_b8`, atomics): one phase of 64 lanes (assumed from the
//!   256-byte phase; no published gfx950 measurement for b32 was found);
//! - 8 bytes (`ds_read_b64`, `ds_read2_b32`, `ds_write_b64`, `_tr_b8/_tr_b16/_tr_b4` reads): 2 phases of 32
//!   consecutive lanes (a published gfx950 measurement for `ds_read_b64`; the rest assumed alike);
//! - 16 bytes read (`ds_read_b128`, and `ds_read_b96`, `ds_read_b96_tr_b6` assumed alike): 4 phases of 16 lanes,
//!   {0-3,12-15,20-23,24-27}, {4-7,8-11,16-19,28-31} and the same +32 (triton-lang/triton#11365, IREE#24428);
//! - 16 bytes written (`ds_write_b128`, `ds_write_b96` assumed alike): 8 phases of 8 consecutive lanes
//!   (composable_kernel's LDS bank-conflict notes, measured on MI300);
//! - `read2`/`write2` of 64-bit elements (16 bytes per lane in two pieces): 4 phases of 16 consecutive lanes.

/// Banks of gfx950's LDS.
pub const BANKS: u32 = 64;

/// How an LDS instruction's lanes are grouped into phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseShape {
    /// One phase of 64 lanes (up to 4 bytes per lane).
    One,
    /// Consecutive groups of `n` lanes.
    Consecutive(u8),
    /// gfx950's `ds_read_b128` grouping.
    ReadB128,
}

impl PhaseShape {
    /// The shape for an access moving `bytes` per lane (`write` for stores).
    pub fn for_access(bytes: u32, write: bool) -> PhaseShape {
        match bytes {
            0..=4 => PhaseShape::One,
            5..=8 => PhaseShape::Consecutive(32),
            _ if write => PhaseShape::Consecutive(8),
            _ => PhaseShape::ReadB128,
        }
    }

    /// Phase number (0-based) of `lane`, and the number of phases.
    #[inline]
    pub fn phase_of(self, lane: u32) -> u32 {
        match self {
            PhaseShape::One => 0,
            PhaseShape::Consecutive(n) => lane / n as u32,
            PhaseShape::ReadB128 => {
                // Within each half of 32 lanes, quads 0,3,5,6 form one phase and quads 1,2,4,7 the other.
                let quad = (lane % 32) / 4;
                let second = matches!(quad, 1 | 2 | 4 | 7) as u32;
                (lane / 32) * 2 + second
            }
        }
    }

    /// The lanes of phase `phase` (what [`phase_of`](Self::phase_of) gives, as a mask).
    #[inline]
    pub fn phase_lanes(self, phase: u32) -> u64 {
        match self {
            PhaseShape::One => !0,
            PhaseShape::Consecutive(n) if n >= 64 => !0,
            PhaseShape::Consecutive(n) => ((1u64 << n) - 1) << (phase * n as u32),
            PhaseShape::ReadB128 => {
                // quads 0,3,5,6 (lanes 0-3, 12-15, 20-23, 24-27) / quads 1,2,4,7 of each half
                let half = if phase % 2 == 0 {
                    0x0FF0_F00F
                } else {
                    0xF00F_0FF0u64
                };
                half << (32 * (phase / 2))
            }
        }
    }

    pub fn phases(self) -> u32 {
        match self {
            PhaseShape::One => 1,
            PhaseShape::Consecutive(n) => 64 / n as u32,
            PhaseShape::ReadB128 => 4,
        }
    }
}

/// Cycles one LDS instruction spends in the banks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LdsCost {
    /// Phases that had at least one active lane.
    pub phases: u32,
    /// Cycles the banks were busy: the sum over phases of the busiest bank's distinct dwords (>= 1 per phase).
    pub cycles: u32,
    /// Cycles beyond one per phase (the conflict cost; rocprof's `SQ_LDS_BANK_CONFLICT` counts these).
    pub conflict_cycles: u32,
}

/// The dword addresses one lane touches: `pieces` of (`byte address`, `bytes`).
#[derive(Clone, Copy, Debug, Default)]
pub struct LanePieces {
    pub addr: [u32; 2],
    pub bytes: [u8; 2],
    pub n: u8,
}

/// Bank conflicts of one instruction. `pieces[lane]` lists what each active lane (bit set in `mask`) touches.
pub fn bank_cost(pieces: &[LanePieces; 64], mask: u64, shape: PhaseShape) -> LdsCost {
    bank_cost_with(pieces, mask, shape, &mut Vec::new())
}

/// Dwords one phase can present: 64 lanes x 2 pieces, each piece at most 255 bytes unaligned (65 dwords).
pub const DWORDS_PER_PHASE: usize = 64 * 2 * 65;

/// [`bank_cost`] with the caller's scratch for phases whose dwords spread too wide for a bitmap (no allocation
/// once it has grown).
///
/// Per phase, the busiest bank's distinct dwords: [`phase_worst_bitmap`] when the phase's dwords lie within its
/// window of [`SPAN_WORDS`] x 64 dwords (every tile access of a real kernel), else [`phase_worst_sorted`].
pub fn bank_cost_with(
    pieces: &[LanePieces; 64],
    mask: u64,
    shape: PhaseShape,
    dwords: &mut Vec<u32>,
) -> LdsCost {
    let mut cost = LdsCost::default();
    let mut bits = [0u64; SPAN_WORDS];
    for phase in 0..shape.phases() {
        let lanes = shape.phase_lanes(phase) & mask;
        if lanes == 0 {
            continue;
        }
        let worst = match phase_worst_bitmap(pieces, lanes, &mut bits) {
            Some(w) => w,
            None => phase_worst_sorted(pieces, lanes, dwords),
        };
        cost.phases += 1;
        cost.cycles += worst;
        cost.conflict_cycles += worst - 1;
    }
    cost
}

/// 64-dword words of [`phase_worst_bitmap`]'s window (32 KiB of LDS: 8 KiB below the phase's first lane's
/// dword, 24 KiB from it).
pub const SPAN_WORDS: usize = 128;

/// Words of the window below the first lane's word (lanes mostly ascend from the first lane).
const WORDS_BELOW: u32 = 32;

// The bitmap's bit `i` of a word is bank `i`: one word per 64 banks.
const _: () = assert!(BANKS == 64);

/// The busiest bank's distinct dwords of one phase (`lanes`, at least one), or None when a dword falls outside
/// the window of [`SPAN_WORDS`] 64-dword words around the first lane's first dword (or a piece's end wraps).
/// The dwords are bits of a bitmap whose first dword is a multiple of 64, so bit `i` of each 64-bit word is bank
/// `i` and each distinct dword is one bit (lanes on the same dword set it once: a broadcast). A bank's distinct
/// dwords are then its column's bits over the words: the words are summed column-wise in bit-sliced form (plane
/// `k` holds bit `k` of every bank's count, 8 planes for up to 128 words) and the largest count read off the
/// planes from the top. One pass over the lanes, no sorting and no per-dword branches. `bits` is all zero on
/// entry and is left so.
#[inline]
pub fn phase_worst_bitmap(
    pieces: &[LanePieces; 64],
    lanes: u64,
    bits: &mut [u64; SPAN_WORDS],
) -> Option<u32> {
    let first = pieces[lanes.trailing_zeros() as usize].addr[0] / 4;
    let base = (first & !63).saturating_sub(WORDS_BELOW * 64);
    let (mut wlo, mut whi) = (SPAN_WORDS as u32, 0u32);
    // Per piece index, the word being filled and its bits so far, in a register: neighbouring lanes mostly set
    // bits of one word, and an `|=` to memory per piece would chain every lane through a store and its reload.
    let (mut cur, mut acc) = ([0usize; 2], [0u64; 2]);
    for lane in Lanes(lanes) {
        let p = &pieces[lane];
        for k in 0..p.n as usize {
            let (a, b) = piece_dwords(p, k);
            let (x, y) = (a.wrapping_sub(base), b.wrapping_sub(base));
            // below the window (wraps to a large offset), past it, or an end past 2^32
            if y >= SPAN_WORDS as u32 * 64 || x > y || b < a {
                *bits = [0; SPAN_WORDS];
                return None;
            }
            let (wx, wy) = ((x / 64) as usize, (y / 64) as usize);
            wlo = wlo.min(wx as u32);
            whi = whi.max(wy as u32);
            let (from, to) = (!0u64 << (x % 64), !0u64 >> (63 - y % 64));
            if wx == wy {
                if wx == cur[k] {
                    acc[k] |= from & to;
                } else {
                    bits[cur[k]] |= acc[k];
                    cur[k] = wx;
                    acc[k] = from & to;
                }
            } else {
                // a piece of at most 255 bytes spans at most 65 dwords: two words
                bits[wx] |= from;
                bits[wy] |= to;
            }
        }
    }
    bits[cur[0]] |= acc[0];
    bits[cur[1]] |= acc[1];
    if wlo >= whi {
        // no piece (`n` = 0 on every lane), or one word of 64 consecutive dwords: each bank holds at most one
        if wlo == whi {
            bits[wlo as usize] = 0;
        }
        return Some(1);
    }
    // bit-sliced column sums: planes[k] bit i = bit k of bank i's count; each word read once and cleared
    let mut planes = [0u64; 8];
    for word in &mut bits[wlo as usize..=whi as usize] {
        let mut carry = std::mem::take(word);
        for plane in planes.iter_mut() {
            if carry == 0 {
                break;
            }
            let next = *plane & carry;
            *plane ^= carry;
            carry = next;
        }
    }
    // the largest count: from the top plane down, keep the banks that have the bit when any has it
    let (mut banks, mut worst) = (!0u64, 0u32);
    for k in (0..planes.len()).rev() {
        let with = banks & planes[k];
        if with != 0 {
            banks = with;
            worst |= 1 << k;
        }
    }
    Some(worst.max(1))
}

/// The busiest bank's distinct dwords of one phase (`lanes`, at least one) for any spread: a first pass gives
/// each bank the first dword it sees and stops at a second, different dword on a bank: without one, every bank
/// has at most one distinct dword (a broadcast costs nothing) and the phase takes one cycle. A phase with a
/// conflict is counted exactly: its dwords sorted and made distinct (in `dwords`), then counted per bank.
pub fn phase_worst_sorted(pieces: &[LanePieces; 64], lanes: u64, dwords: &mut Vec<u32>) -> u32 {
    let mut first = [u32::MAX; BANKS as usize];
    let mut conflict = false;
    'lanes: for lane in Lanes(lanes) {
        let p = &pieces[lane];
        for k in 0..p.n as usize {
            let (lo, hi) = piece_dwords(p, k);
            for d in lo..=hi {
                let f = &mut first[(d % BANKS) as usize];
                if *f == u32::MAX {
                    *f = d;
                } else if *f != d {
                    conflict = true;
                    break 'lanes;
                }
            }
        }
    }
    if !conflict {
        return 1;
    }
    dwords.clear();
    for lane in Lanes(lanes) {
        let p = &pieces[lane];
        for k in 0..p.n as usize {
            let (lo, hi) = piece_dwords(p, k);
            dwords.extend(lo..=hi);
        }
    }
    dwords.sort_unstable();
    dwords.dedup();
    let mut per_bank = [0u32; BANKS as usize];
    for &d in dwords.iter() {
        per_bank[(d % BANKS) as usize] += 1;
    }
    per_bank.iter().copied().max().unwrap_or(0).max(1)
}

/// First and last dword address of piece `k` of a lane.
#[inline(always)]
fn piece_dwords(p: &LanePieces, k: usize) -> (u32, u32) {
    (
        p.addr[k] / 4,
        (p.addr[k] + p.bytes[k].max(1) as u32 - 1) / 4,
    )
}

/// The lanes of a mask, lowest first.
struct Lanes(u64);

impl Iterator for Lanes {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let l = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(l)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observers::memsys::xorshift;

    fn strided(stride_dwords: u32, bytes: u8) -> [LanePieces; 64] {
        let mut p = [LanePieces::default(); 64];
        for (lane, lp) in p.iter_mut().enumerate() {
            lp.addr[0] = lane as u32 * stride_dwords * 4;
            lp.bytes[0] = bytes;
            lp.n = 1;
        }
        p
    }

    /// Stride s dwords, b32: lanes 0..63 hit banks (s*lane) % 64; with s = 2^k each used bank holds 2^k distinct
    /// dwords (k <= 6), so the phase takes 2^k cycles.
    #[test]
    fn b32_strides_give_the_bank_rule_degree() {
        for (stride, degree) in [(1, 1), (2, 2), (4, 4), (32, 32), (64, 64), (3, 1), (33, 1)] {
            let c = bank_cost(&strided(stride, 4), !0, PhaseShape::for_access(4, false));
            assert_eq!(c.cycles, degree, "stride {stride}");
            assert_eq!(c.conflict_cycles, degree - 1, "stride {stride}");
            assert_eq!(c.phases, 1);
        }
    }

    #[test]
    fn same_address_broadcasts() {
        let c = bank_cost(&strided(0, 4), !0, PhaseShape::One);
        assert_eq!((c.cycles, c.conflict_cycles), (1, 0));
    }

    /// ds_read_b64, stride 2 dwords: 2 phases of 32 lanes, each lane 2 consecutive dwords: 64 distinct dwords per
    /// phase over 64 banks: conflict-free. Stride 4 dwords: 32 lanes x 2 dwords span 128 dwords -> 2 per bank.
    #[test]
    fn b64_phases_of_32() {
        let c = bank_cost(&strided(2, 8), !0, PhaseShape::for_access(8, false));
        assert_eq!((c.phases, c.cycles, c.conflict_cycles), (2, 2, 0));
        let c = bank_cost(&strided(4, 8), !0, PhaseShape::for_access(8, false));
        assert_eq!((c.phases, c.cycles, c.conflict_cycles), (4 / 2, 4, 2));
    }

    /// ds_read_b128 contiguous (lane i at 16*i bytes): phase {0-3,12-15,20-23,24-27} reads dwords 4*lane..+3:
    /// quads 0,3,5,6 -> dwords 0-15, 48-63, 80-95, 96-111 -> banks 0-15, 48-63, 16-31, 32-47: conflict-free.
    #[test]
    fn b128_contiguous_is_conflict_free() {
        let c = bank_cost(&strided(4, 16), !0, PhaseShape::for_access(16, false));
        assert_eq!((c.phases, c.cycles, c.conflict_cycles), (4, 4, 0));
    }

    /// ds_read_b128 where lanes 0-3 and 4-7 collide on banks: lane i reads at (i%4)*16 + (i/4)*256 bytes
    /// (rows of 256 bytes: every quad starts at bank 0). Within a phase the 4 quads all map to banks 0-15:
    /// 4 distinct dwords per bank -> 4 cycles per phase, 3 conflict cycles each.
    #[test]
    fn b128_quads_on_the_same_banks_conflict_within_a_phase() {
        let mut p = [LanePieces::default(); 64];
        for (lane, lp) in p.iter_mut().enumerate() {
            lp.addr[0] = ((lane % 4) * 16 + (lane / 4) * 256) as u32;
            lp.bytes[0] = 16;
            lp.n = 1;
        }
        let c = bank_cost(&p, !0, PhaseShape::ReadB128);
        assert_eq!((c.phases, c.cycles, c.conflict_cycles), (4, 16, 12));
        // Only the lanes of one phase active (quads 0 and 1 are in different phases): no conflict at all.
        let c = bank_cost(&p, 0xFF, PhaseShape::ReadB128);
        assert_eq!((c.phases, c.cycles, c.conflict_cycles), (2, 2, 0));
    }

    /// The first-dword-per-bank pass agrees with counting every phase's distinct dwords per bank (the
    /// definition), on random pieces clustered enough to conflict, broadcast and not.
    #[test]
    fn bank_cost_equals_the_definition() {
        fn reference(pieces: &[LanePieces; 64], mask: u64, shape: PhaseShape) -> LdsCost {
            let mut cost = LdsCost::default();
            for phase in 0..shape.phases() {
                let mut dwords = Vec::new();
                for lane in (0..64).filter(|&l| mask >> l & 1 != 0 && shape.phase_of(l) == phase) {
                    let p = &pieces[lane as usize];
                    for k in 0..p.n as usize {
                        let first = p.addr[k] / 4;
                        let last = (p.addr[k] + p.bytes[k].max(1) as u32 - 1) / 4;
                        dwords.extend(first..=last);
                    }
                }
                if !(0..64).any(|l| mask >> l & 1 != 0 && shape.phase_of(l) == phase) {
                    continue;
                }
                dwords.sort_unstable();
                dwords.dedup();
                let worst = (0..BANKS)
                    .map(|b| dwords.iter().filter(|&&d| d % BANKS == b).count() as u32)
                    .max()
                    .unwrap_or(0)
                    .max(1);
                cost.phases += 1;
                cost.cycles += worst;
                cost.conflict_cycles += worst - 1;
            }
            cost
        }
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut rnd = || xorshift(&mut seed);
        let mut scratch = Vec::new();
        for _ in 0..3000 {
            let spread = [4u64, 256, 1024, 65536][(rnd() % 4) as usize];
            let bytes = [1u8, 2, 4, 8, 16][(rnd() % 5) as usize];
            let two = rnd() % 4 == 0;
            let mut p = [LanePieces::default(); 64];
            for lp in p.iter_mut() {
                lp.n = if two { 2 } else { 1 };
                for k in 0..lp.n as usize {
                    lp.addr[k] = (rnd() % spread) as u32 & !(bytes as u32 - 1);
                    lp.bytes[k] = bytes;
                }
            }
            let mask = if rnd() % 2 == 0 { !0 } else { rnd() };
            let shape = PhaseShape::for_access(bytes as u32 * lp_count(two), rnd() % 2 == 0);
            assert_eq!(
                bank_cost_with(&p, mask, shape, &mut scratch),
                reference(&p, mask, shape),
                "{shape:?} spread {spread} bytes {bytes}"
            );
        }
        fn lp_count(two: bool) -> u32 {
            if two {
                2
            } else {
                1
            }
        }
    }

    /// The bitmap count and the sorted count of one phase agree, both against the definition (distinct dwords
    /// per bank, counted one by one), on strided, broadcast, padded-row, random and straddling pieces of 1 to
    /// 255 bytes, one or two per lane; spans too wide for the bitmap (None) fall to the sorted count. Both
    /// outcomes of each occur: conflicts and none, within one word and over many.
    #[test]
    fn bitmap_and_sorted_phase_counts_equal_the_definition() {
        fn definition(pieces: &[LanePieces; 64], lanes: u64) -> u32 {
            let mut per_bank = vec![std::collections::BTreeSet::new(); BANKS as usize];
            for lane in (0..64).filter(|&l| lanes >> l & 1 != 0) {
                let p = &pieces[lane];
                for k in 0..p.n as usize {
                    let first = p.addr[k] / 4;
                    let last = (p.addr[k] + p.bytes[k].max(1) as u32 - 1) / 4;
                    for d in first..=last {
                        per_bank[(d % BANKS) as usize].insert(d);
                    }
                }
            }
            per_bank
                .iter()
                .map(|b| b.len() as u32)
                .max()
                .unwrap()
                .max(1)
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut rnd = || xorshift(&mut seed);
        let (mut wide, mut conflicts, mut free_multiword, mut max_seen) = (0, 0, 0, 0);
        let mut scratch = Vec::new();
        let mut bits = [0u64; SPAN_WORDS];
        for i in 0..20_000 {
            let mut p = [LanePieces::default(); 64];
            let start = (rnd() % 200_000) as u32;
            let bytes = [1u8, 2, 4, 8, 12, 16, 64, 255][(rnd() % 8) as usize];
            let two = rnd() % 3 == 0;
            let pattern = rnd() % 5;
            let stride = [0u32, 4, 8, 16, 128, 132, 256, 260, 1024][(rnd() % 9) as usize];
            let spread = [64u64, 1024, 16384, 70_000][(rnd() % 4) as usize];
            for (lane, lp) in p.iter_mut().enumerate() {
                let lane = lane as u32;
                lp.n = if two { 2 } else { 1 };
                for k in 0..lp.n as usize {
                    lp.addr[k] = match pattern {
                        // strided rows (stride 0: a broadcast), the second piece one row on
                        0 | 1 => start + lane * stride + k as u32 * 4096,
                        // a 32-lane tile column with a padded pitch
                        2 => start + (lane % 32) * stride + lane / 32 * 4,
                        // random within a spread (unaligned: pieces straddle dwords and words)
                        _ => start + (rnd() % spread) as u32,
                    };
                    lp.bytes[k] = bytes;
                }
                // a lane whose address is not in the LDS: no piece (its address stale, anywhere)
                if rnd() % 13 == 0 {
                    lp.n = 0;
                    lp.addr[0] = rnd() as u32;
                }
            }
            let lanes = match rnd() % 3 {
                0 => !0,
                1 => 0xFFFF_FFFF << (32 * (rnd() % 2)),
                _ => rnd() | 1,
            };
            let want = definition(&p, lanes);
            assert_eq!(
                phase_worst_sorted(&p, lanes, &mut scratch),
                want,
                "sorted, case {i}"
            );
            match phase_worst_bitmap(&p, lanes, &mut bits) {
                Some(got) => {
                    assert_eq!(got, want, "bitmap, case {i}");
                    assert_eq!(bits, [0; SPAN_WORDS], "bitmap left clear, case {i}");
                    if want > 1 {
                        conflicts += 1;
                    } else {
                        let (lo, hi) = (0..64)
                            .filter(|&l| lanes >> l & 1 != 0)
                            .flat_map(|l| (0..p[l].n as usize).map(move |k| (l, k)))
                            .fold((u32::MAX, 0), |(lo, hi), (l, k)| {
                                let (a, b) = piece_dwords(&p[l], k);
                                (lo.min(a), hi.max(b))
                            });
                        if hi / 64 != lo / 64 {
                            free_multiword += 1;
                        }
                    }
                    max_seen = max_seen.max(got);
                }
                None => {
                    assert_eq!(bits, [0; SPAN_WORDS], "bitmap left clear, case {i}");
                    wide += 1
                }
            }
        }
        assert!(
            wide > 100 && conflicts > 1000 && free_multiword > 100,
            "{wide} {conflicts} {free_multiword}"
        );
        // counts past 64 (two pieces a lane on one bank) need the top plane
        assert!(max_seen > 64, "{max_seen}");
        // hand-made: lanes 0..64 at a pitch of 64 dwords: 64 distinct dwords on bank 0 over 64 words
        let mut p = [LanePieces::default(); 64];
        for (lane, lp) in p.iter_mut().enumerate() {
            lp.addr = [lane as u32 * 256, (lane as u32 + 64) * 256];
            lp.bytes = [4, 4];
            lp.n = 1;
        }
        assert_eq!(phase_worst_bitmap(&p, !0, &mut bits), Some(64));
        // a second piece each 64 words on: 128 words, every one with a dword on bank 0 (the top plane)
        for lp in p.iter_mut() {
            lp.n = 2;
        }
        assert_eq!(phase_worst_bitmap(&p, !0, &mut bits), Some(128));
        assert_eq!(bits, [0; SPAN_WORDS]);
        // one word further: past the window
        p[63].addr[1] = 128 * 256;
        assert_eq!(phase_worst_bitmap(&p, !0, &mut bits), None);
        assert_eq!(bits, [0; SPAN_WORDS]);
        assert_eq!(phase_worst_sorted(&p, !0, &mut scratch), 128);
        // lanes below the first lane: lanes 1..64 at words 101..164 on bank 0, lane 0 on bank 1 of word 120
        // (window from word 88: every lane in it) or of word 170 (window from word 138: lanes 1..37 below it)
        for (lane, lp) in p.iter_mut().enumerate() {
            lp.addr[0] = (100 + lane as u32) * 256;
            lp.n = 1;
        }
        p[0].addr[0] = 120 * 256 + 4;
        assert_eq!(phase_worst_bitmap(&p, !0, &mut bits), Some(63));
        p[0].addr[0] = 170 * 256 + 4;
        assert_eq!(phase_worst_bitmap(&p, !0, &mut bits), None);
        assert_eq!(phase_worst_sorted(&p, !0, &mut scratch), 63);
        assert_eq!(bits, [0; SPAN_WORDS]);
    }

    /// `phase_lanes` is `phase_of` as masks, for every shape the LDS uses.
    #[test]
    fn phase_lanes_match_phase_of() {
        for s in [
            PhaseShape::One,
            PhaseShape::Consecutive(32),
            PhaseShape::Consecutive(16),
            PhaseShape::Consecutive(8),
            PhaseShape::ReadB128,
        ] {
            for p in 0..s.phases() {
                let want = (0..64u32)
                    .filter(|&l| s.phase_of(l) == p)
                    .fold(0u64, |m, l| m | 1 << l);
                assert_eq!(s.phase_lanes(p), want, "{s:?} phase {p}");
            }
        }
    }

    #[test]
    fn b128_phase_membership() {
        let s = PhaseShape::ReadB128;
        let first: Vec<u32> = (0..64).filter(|&l| s.phase_of(l) == 0).collect();
        assert_eq!(
            first,
            [0, 1, 2, 3, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25, 26, 27]
        );
        let second: Vec<u32> = (0..64).filter(|&l| s.phase_of(l) == 1).collect();
        assert_eq!(
            second,
            [4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 28, 29, 30, 31]
        );
        let third: Vec<u32> = (0..64).filter(|&l| s.phase_of(l) == 2).collect();
        assert_eq!(third, first.iter().map(|l| l + 32).collect::<Vec<_>>());
    }

    /// ds_write_b128: 8 phases of 8 lanes; contiguous rows are conflict-free (8 x 16 B = 128 B per phase).
    #[test]
    fn write_b128_phases_of_8() {
        let c = bank_cost(&strided(4, 16), !0, PhaseShape::for_access(16, true));
        assert_eq!((c.phases, c.cycles, c.conflict_cycles), (8, 8, 0));
    }

    /// A 32x32 f32 tile read by column (lane = row, 64 lanes cover two columns): `tile[lane%32][c + lane/32]`.
    /// Unpadded, row pitch 32 dwords: the 32 rows of a column fall on 2 banks (32*r mod 64 in {0, 32}) -> 16
    /// distinct dwords per bank, and the second column shifts by one bank: 16 cycles. Padded to [32][33], row r
    /// is at 33*r: column 0 takes banks {0,2,..,30} u {33,35,..,63}, column 1 those + 1, which wraps once
    /// (r = 31: 33*31 + 1 = 1024, bank 0, shared with r = 0 of column 0): 2 cycles.
    #[test]
    fn transpose_naive_vs_padded() {
        let tile = |pitch: u32| {
            let mut p = [LanePieces::default(); 64];
            for (lane, lp) in p.iter_mut().enumerate() {
                let (r, c) = (lane as u32 % 32, lane as u32 / 32);
                lp.addr[0] = (r * pitch + c) * 4;
                lp.bytes[0] = 4;
                lp.n = 1;
            }
            p
        };
        let naive = bank_cost(&tile(32), !0, PhaseShape::One);
        assert_eq!((naive.cycles, naive.conflict_cycles), (16, 15));
        let padded = bank_cost(&tile(33), !0, PhaseShape::One);
        assert_eq!((padded.cycles, padded.conflict_cycles), (2, 1));
    }

    #[test]
    fn inactive_lanes_cost_nothing() {
        assert_eq!(
            bank_cost(&strided(1, 4), 0, PhaseShape::One),
            LdsCost::default()
        );
    }
}
