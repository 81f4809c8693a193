//! The tests' seeded xorshift64 generator (Marsaglia's 13/7/17 shifts): reproducible random cases without a
//! crate. A test names its seed, so a failing case can be re-run exactly.
#![allow(dead_code)]

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Uniform-enough in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The lanes' offsets into a space of `size` bytes (an LDS allocation, a buffer) of an access of `n` bytes per
/// lane, as kernels make them (tests/races_random.rs, tests/races_random_global.rs).
pub fn lane_offsets(r: &mut Rng, n: u64, size: u64) -> [u64; 64] {
    let mut a = [0u64; 64];
    let base = |r: &mut Rng, align: u64| r.below(size) & !(align - 1);
    match r.below(9) {
        // one contiguous span: lane l at base + l * n (wrapping inside the buffer)
        0..=2 => {
            let b = base(r, n.min(4));
            for (l, x) in a.iter_mut().enumerate() {
                *x = (b + l as u64 * n) % (size & !(n.min(4) - 1));
            }
        }
        // a span with lanes swizzled in groups, or a stride of two elements
        3 => {
            let b = base(r, 4);
            let x = r.below(8) as usize;
            let stride = if r.below(2) == 0 { n } else { 2 * n };
            for (l, v) in a.iter_mut().enumerate() {
                *v = (b + (l ^ x) as u64 * stride) % size;
            }
        }
        // every lane the same address (broadcast loads, intra-instruction conflicts for stores)
        4 => {
            let b = base(r, 1);
            a.fill(b);
        }
        // scattered, aligned to the access or not
        5 | 6 => {
            let align = if r.below(2) == 0 { n.min(4) } else { 1 };
            for x in a.iter_mut() {
                *x = r.below(size) & !(align - 1);
            }
        }
        // pairs of lanes in reverse order, or a few lanes repeating the previous lane's address
        7 => {
            let b = base(r, 4);
            for (l, x) in a.iter_mut().enumerate() {
                let k = if r.below(2) == 0 { l ^ 1 } else { l };
                *x = (b + k as u64 * n) % size;
            }
            for l in 1..64 {
                if r.below(16) == 0 {
                    a[l] = a[l - 1];
                }
            }
        }
        // partly past the buffer's end (those bytes are in no buffer)
        _ => {
            let b = size - r.below(64);
            for (l, x) in a.iter_mut().enumerate() {
                *x = b + l as u64 * n;
            }
        }
    }
    a
}

/// An EXEC mask: mostly full, else halves, alternate lanes, a prefix or random.
pub fn exec_mask(r: &mut Rng) -> u64 {
    match r.below(8) {
        0..=3 => u64::MAX,
        4 => r.next() | r.next(),
        5 => 0x5555_5555_5555_5555 << r.below(2),
        6 => u64::MAX >> r.below(64),
        _ => r.next(),
    }
}
