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
        let last = (a + bytes.max(1) as u64 - 1) >> line_shift;
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

/// A set-associative cache with true LRU replacement, holding line numbers (address >> line shift).
#[derive(Clone)]
pub struct Cache {
    sets: u64,
    ways: usize,
    /// `sets * ways` tags, `u64::MAX` = empty.
    tags: Box<[u64]>,
    /// Last-use stamps parallel to `tags`.
    stamps: Box<[u64]>,
    now: u64,
}

impl Cache {
    /// A cache of `bytes` capacity in lines of `line_bytes`, `ways`-associative (`ways` = 0: fully associative).
    pub fn new(bytes: u64, line_bytes: u64, ways: u64) -> Cache {
        let lines = (bytes / line_bytes.max(1)).max(1);
        let ways = if ways == 0 { lines } else { ways.min(lines) };
        let sets = (lines / ways).max(1);
        let n = (sets * ways) as usize;
        Cache {
            sets,
            ways: ways as usize,
            tags: vec![u64::MAX; n].into_boxed_slice(),
            stamps: vec![0; n].into_boxed_slice(),
            now: 0,
        }
    }

    /// Look `line` up; on a miss it is filled, evicting the set's least recently used line. True on a hit.
    #[inline]
    pub fn access(&mut self, line: u64) -> bool {
        self.now += 1;
        let set = (line % self.sets) as usize;
        let base = set * self.ways;
        let tags = &mut self.tags[base..base + self.ways];
        let stamps = &mut self.stamps[base..base + self.ways];
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

    /// Forget every line (a cold cache).
    pub fn clear(&mut self) {
        self.tags.fill(u64::MAX);
        self.stamps.fill(0);
        self.now = 0;
    }
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
    used: Vec<u64>,
    /// Union-find over full buckets: `next[b]` leads to a bucket at or after `b` that may have room, so a
    /// request behind a long run of full buckets does not walk them one by one.
    next: Vec<u32>,
}

impl BandwidthSchedule {
    /// `bytes_per_cycle` (may be fractional) in buckets of `1 << bucket_shift` cycles.
    pub fn new(bytes_per_cycle: f64, bucket_shift: u32) -> BandwidthSchedule {
        let bytes_per_bucket =
            ((bytes_per_cycle * (1u64 << bucket_shift) as f64).round() as u64).max(1);
        BandwidthSchedule {
            bucket_shift,
            bytes_per_bucket,
            used: Vec::new(),
            next: Vec::new(),
        }
    }

    /// Move `bytes` starting at cycle `t`; returns the cycle the last byte moves (>= t). Work that spills past
    /// `t`'s bucket completes at the end of the bucket that finally holds it.
    pub fn transfer(&mut self, t: u64, bytes: u64) -> u64 {
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
                    // Within the arrival bucket: the time the transfer itself takes at full rate.
                    let cycles = (bytes << self.bucket_shift).div_ceil(self.bytes_per_bucket);
                    return t + cycles;
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
