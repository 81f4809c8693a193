//! The memory system of the cycle model: coalescing, vector L1 per CU, scalar cache, L2 per XCD, the MALL
//! (Infinity Cache), HBM bandwidth, and LDS bank conflicts. Pure: it sees line numbers, lane addresses and
//! modelled cycles, never a wave; `timing` asks it what each memory instruction costs.
//!
//! Determinism for any `--jobs`: every cache and bandwidth schedule here belongs to one XCD (work-group `i` goes
//! to XCD `i % xcds`, as the hardware's dispatcher round-robins work-groups over XCDs), and the scheduler runs an
//! XCD's work-groups on one host thread in flat order, so the state each access sees does not depend on the
//! number of threads. What is approximated (see docs/memory-model.md): the MALL and HBM are shared by all XCDs on
//! hardware; here each XCD gets an equal slice of the MALL and of HBM bandwidth (exact for work spread evenly
//! over XCDs, which round-robin dispatch gives any dispatch of at least `xcds` work-groups; a dispatch with fewer
//! work-groups gives each active XCD `1/active` of the bandwidth). Waves of one work-group are executed one after
//! another, not interleaved, so a cache sees their accesses in that order.

pub mod cache;
pub mod counters;
pub mod lds;

use cache::{BandwidthSchedule, Cache};

/// The default memory-system parameters, each with its source.
pub const CDNA4_MEMORY_TOML: &str = include_str!("cdna4_memory.toml");

/// A memory-system model file: one `[memory_system]` table.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MemFile {
    pub memory_system: MemParams,
}

impl Default for MemParams {
    /// The figures of `cdna4_memory.toml`.
    fn default() -> Self {
        toml::from_str::<MemFile>(CDNA4_MEMORY_TOML)
            .expect("the embedded memory model parses")
            .memory_system
    }
}

/// Parameters of the memory system (the `[memory_system]` section of the cycle model file).
#[derive(Clone, Debug, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct MemParams {
    pub xcds: u64,
    pub line_bytes: u64,
    pub l1_bytes: u64,
    pub l1_ways: u64,
    pub l1_hit_latency: u64,
    /// Cache lines the vector L1 (TA/TCP) looks up per cycle: an instruction touching 64 lines holds it 64 cycles.
    pub l1_lines_per_cycle: u64,
    pub scalar_cache_bytes: u64,
    pub scalar_line_bytes: u64,
    pub scalar_cache_ways: u64,
    pub scalar_hit_latency: u64,
    pub l2_bytes_per_xcd: u64,
    pub l2_ways: u64,
    pub l2_channels: u64,
    pub l2_bytes_per_cycle_per_channel: u64,
    pub l2_hit_latency: u64,
    pub mall_bytes: u64,
    pub mall_ways: u64,
    pub mall_hit_latency: u64,
    pub hbm_latency: u64,
    /// HBM bandwidth in bytes per shader-clock cycle (TB/s / GHz).
    pub hbm_bytes_per_cycle: f64,
    pub lds_banks: u64,
    pub lds_cycles_per_phase: u64,
    /// Size of the bandwidth schedule's time buckets (cycles, a power of two).
    pub bandwidth_bucket_cycles: u64,
}

/// Where one line was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    L1 = 0,
    L2 = 1,
    Mall = 2,
    Hbm = 3,
}

impl Level {
    pub fn as_str(self) -> &'static str {
        match self {
            Level::L1 => "L1",
            Level::L2 => "L2",
            Level::Mall => "MALL",
            Level::Hbm => "HBM",
        }
    }
}

/// What one vector-memory instruction cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VmemCost {
    /// Distinct cache lines touched.
    pub lines: u32,
    pub l1_hits: u32,
    pub l2_hits: u32,
    pub mall_hits: u32,
    pub hbm_lines: u32,
    /// Cycles from issue to completion.
    pub latency: u64,
    /// The deepest level any line came from (what the latency waited for).
    pub level: u8,
}

/// What one scalar load cost.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScalarCost {
    /// Scalar-cache lines touched, how many of them hit, and how many found their line still on its way from
    /// an earlier miss (duplicate misses; the rest missed).
    pub lines: u32,
    pub hits: u32,
    pub duplicates: u32,
    /// Cycles from issue to completion.
    pub latency: u64,
    /// The deepest level a missing line came from; None when every line hit the scalar cache.
    pub level: Option<Level>,
}

/// Dispatch totals of the memory system, in the units rocprof-compute's counters use (see docs/memory-model.md).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct MemCounters {
    pub vmem_read_insts: u64,
    pub vmem_write_insts: u64,
    pub vmem_atomic_insts: u64,
    /// Cache-line requests to the vector L1 (TCP_TOTAL_CACHE_ACCESSES).
    pub l1_accesses: u64,
    pub l1_hits: u64,
    /// L1 -> L2 read / write requests (TCP_TCC_READ_REQ / TCP_TCC_WRITE_REQ), 128-byte lines.
    pub l2_read_req: u64,
    pub l2_write_req: u64,
    pub l2_atomic_req: u64,
    pub l2_hits: u64,
    pub l2_misses: u64,
    pub mall_hits: u64,
    /// L2 -> memory (EA) read / write requests (TCC_EA0_RDREQ / TCC_EA0_WRREQ).
    pub hbm_read_req: u64,
    pub hbm_write_req: u64,
    /// Scalar-cache lines looked up (SQC_DCACHE_REQ), hits (SQC_DCACHE_HITS) and misses (SQC_DCACHE_MISSES,
    /// each a 64-byte read request to the L2: SQC_TC_DATA_READ_REQ). Scalar traffic stays out of the vector
    /// counters above (TCP_*, TCC_*), which per-instruction figures of vector memory instructions add up to.
    pub scalar_accesses: u64,
    pub scalar_hits: u64,
    pub scalar_misses: u64,
    /// Lookups of a line whose fill from an earlier miss was still on its way (SQC_DCACHE_MISSES_DUPLICATE):
    /// they wait for that fill and make no request of their own.
    pub scalar_duplicate_misses: u64,
    /// Of the scalar misses: found in the L2, the MALL, or read from HBM.
    pub scalar_l2_hits: u64,
    pub scalar_mall_hits: u64,
    pub scalar_hbm_req: u64,
    pub lds_insts: u64,
    /// LDS cycles (SQ_LDS_IDX_ACTIVE) and conflict cycles (SQ_LDS_BANK_CONFLICT).
    pub lds_active_cycles: u64,
    pub lds_conflict_cycles: u64,
    pub lds_bytes: u64,
}

impl MemCounters {
    pub fn add(&mut self, o: &MemCounters) {
        macro_rules! sum { ($($f:ident),*) => { $( self.$f += o.$f; )* } }
        sum!(
            vmem_read_insts,
            vmem_write_insts,
            vmem_atomic_insts,
            l1_accesses,
            l1_hits,
            l2_read_req,
            l2_write_req,
            l2_atomic_req,
            l2_hits,
            l2_misses,
            mall_hits,
            hbm_read_req,
            hbm_write_req,
            scalar_accesses,
            scalar_hits,
            scalar_misses,
            scalar_duplicate_misses,
            scalar_l2_hits,
            scalar_mall_hits,
            scalar_hbm_req,
            lds_insts,
            lds_active_cycles,
            lds_conflict_cycles,
            lds_bytes
        );
    }
}

/// How a vector memory instruction uses the hierarchy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VmemKind {
    Load,
    Store,
    /// Performed at the L2 (device-scope atomics bypass the L1).
    Atomic,
}

/// `XcdMemory::vmem_lines`' kinds.
const A_LOAD: u8 = 0;
const A_STORE: u8 = 1;
const A_ATOMIC: u8 = 2;

/// What `XcdMemory::smem` reads of the parameters.
struct SmemParams {
    scalar_hit_latency: u64,
    scalar_line_bytes: u64,
    line_bytes: u64,
    l2_hit_latency: u64,
    mall_hit_latency: u64,
    hbm_latency: u64,
}

/// Scalar-cache fills remembered per scalar cache (outstanding misses it can merge later lookups into).
const SCALAR_FILLS: usize = 8;

/// A line that missed the L2 at cycle `at_l2`: looked up in the MALL, else read from HBM. (true when the MALL
/// had it, the cycle the line is back at the L2). Out of line: the common instruction's lines stop at the L1
/// or the L2, and the inlined lookups stay small.
#[inline(never)]
fn below_l2(
    mall: &mut Cache,
    hbm: &mut BandwidthSchedule,
    line: u64,
    at_l2: u64,
    line_bytes: u64,
    mall_lat: u64,
    hbm_lat: u64,
) -> (bool, u64) {
    if mall.access(line) {
        (true, at_l2 + mall_lat)
    } else {
        (false, hbm.transfer(at_l2, line_bytes) + hbm_lat)
    }
}

/// The memory system of one XCD: its CUs' L1s, its L2 and its slices of the MALL and of HBM bandwidth.
pub struct XcdMemory {
    params: MemParams,
    line_shift: u32,
    l1: Vec<Cache>,
    /// Per-CU address-processing schedule (lines per cycle).
    l1_rate: Vec<BandwidthSchedule>,
    scalar: Vec<Cache>,
    /// Per scalar cache: its last misses (line, cycle the fill arrives), round robin; a lookup that finds its
    /// line here still in flight waits for the fill (a duplicate miss).
    scalar_fills: Vec<[(u64, u64); SCALAR_FILLS]>,
    l2: Cache,
    l2_rate: BandwidthSchedule,
    mall: Cache,
    hbm: BandwidthSchedule,
    /// Per instruction (its index in the program, [`XcdMemory::vmem_at`]): the first line of its last access, to
    /// warm the host cache for its next one (a hint only, see [`XcdMemory::prefetch_stride`]).
    last_first_line: Vec<u64>,
    pub counters: MemCounters,
}

/// Instructions [`XcdMemory::vmem_at`] keeps a last line for (larger indices go without the hint).
const STRIDE_SITES: usize = 1 << 16;

impl XcdMemory {
    /// `cus` CUs in this XCD; `share` = the fraction of the device's MALL and HBM bandwidth this XCD gets.
    pub fn new(p: &MemParams, cus: u64, share: f64) -> XcdMemory {
        let line_shift = p.line_bytes.max(1).trailing_zeros();
        let bucket_shift = p.bandwidth_bucket_cycles.max(1).trailing_zeros();
        let cus = cus.max(1) as usize;
        XcdMemory {
            line_shift,
            l1: (0..cus)
                .map(|_| Cache::new(p.l1_bytes, p.line_bytes, p.l1_ways))
                .collect(),
            l1_rate: (0..cus)
                .map(|_| {
                    BandwidthSchedule::new(
                        (p.l1_lines_per_cycle * p.line_bytes) as f64,
                        bucket_shift,
                    )
                })
                .collect(),
            // One scalar cache per pair of CUs.
            scalar: (0..cus.div_ceil(2))
                .map(|_| {
                    Cache::new(
                        p.scalar_cache_bytes,
                        p.scalar_line_bytes,
                        p.scalar_cache_ways,
                    )
                })
                .collect(),
            scalar_fills: vec![[(u64::MAX, 0); SCALAR_FILLS]; cus.div_ceil(2)],
            l2: Cache::new(p.l2_bytes_per_xcd, p.line_bytes, p.l2_ways),
            l2_rate: BandwidthSchedule::new(
                (p.l2_channels * p.l2_bytes_per_cycle_per_channel) as f64,
                bucket_shift,
            ),
            mall: Cache::new(
                ((p.mall_bytes as f64 * share) as u64).max(p.line_bytes),
                p.line_bytes,
                p.mall_ways,
            ),
            hbm: BandwidthSchedule::new(p.hbm_bytes_per_cycle * share, bucket_shift),
            last_first_line: Vec::new(),
            counters: MemCounters::default(),
            params: p.clone(),
        }
    }

    pub fn line_shift(&self) -> u32 {
        self.line_shift
    }

    /// A vector memory instruction issued at cycle `t` (absolute, this XCD's time) on CU `cu` touching the
    /// distinct `lines` (line numbers, see [`cache::distinct_lines`]). Inline: its caller is the cycle model's
    /// memory arm, once per access, where a call and the cost returned through memory were ~35 host instructions
    /// (callgrind, gemm 512); loads and stores are inlined there, atomics and wide accesses stay out of line.
    #[inline(always)]
    pub fn vmem(&mut self, cu: usize, t: u64, lines: &[u64], kind: VmemKind) -> VmemCost {
        let cu = if cu < self.l1.len() {
            cu
        } else {
            cu % self.l1.len()
        };
        self.count_vmem(kind);
        if lines.is_empty() {
            return VmemCost::default();
        }
        if lines.len() > 64 {
            return self.vmem_many(cu, t, lines, kind);
        }
        // one loop per kind: the kind's branches leave the per-line loop
        match kind {
            VmemKind::Load => self.vmem_lines::<{ A_LOAD }, false>(cu, t, lines),
            VmemKind::Store => self.vmem_lines::<{ A_STORE }, false>(cu, t, lines),
            VmemKind::Atomic => self.vmem_atomic(cu, t, lines),
        }
    }

    /// A vector memory instruction that touches no line (a SCRATCH access, a FLAT access of no global lane):
    /// counted, as [`XcdMemory::vmem`] counts it, and costing nothing here.
    pub fn vmem_without_lines(&mut self, kind: VmemKind) {
        self.count_vmem(kind);
    }

    #[inline(always)]
    fn count_vmem(&mut self, kind: VmemKind) {
        match kind {
            VmemKind::Load => self.counters.vmem_read_insts += 1,
            VmemKind::Store => self.counters.vmem_write_insts += 1,
            VmemKind::Atomic => self.counters.vmem_atomic_insts += 1,
        }
    }

    /// [`XcdMemory::vmem`] of an atomic (at most 64 lines): out of line, rare.
    #[inline(never)]
    fn vmem_atomic(&mut self, cu: usize, t: u64, lines: &[u64]) -> VmemCost {
        self.vmem_lines::<{ A_ATOMIC }, false>(cu, t, lines)
    }

    /// [`XcdMemory::vmem`] by the instruction at index `site` of its program: the same cost and the same model
    /// state, and then a host prefetch of the L2 and L1 sets of the line this instruction's next access will
    /// likely start at (its first line plus the step from its previous access: a loop's load walking a row
    /// or a column). The memory system looks a line up right after the handler computed it, so a tag array
    /// set not in the host's cache (the L2's 128 KiB of tags, the MALL's 1 MiB) stalls the lookup; the
    /// prefetch gives it one loop iteration to arrive. No effect on any figure.
    #[inline]
    pub fn vmem_at(
        &mut self,
        site: usize,
        cu: usize,
        t: u64,
        lines: &[u64],
        kind: VmemKind,
    ) -> VmemCost {
        let c = self.vmem(cu, t, lines, kind);
        if let Some(&first) = lines.first() {
            self.prefetch_stride(site, cu, first);
        }
        c
    }

    /// The line predicted for `site`'s next access (its first line `first` plus the step from the last one),
    /// its sets prefetched, and `first` kept; None (nothing prefetched) when `site` has no earlier access or
    /// the step is 0 (the sets are the ones just used).
    #[inline(always)]
    fn prefetch_stride(&mut self, site: usize, cu: usize, first: u64) -> Option<u64> {
        // inline: a site seen before (every access of a loop but its first); its first access out of line
        let last = match self.last_first_line.get_mut(site) {
            Some(l) => std::mem::replace(l, first),
            None => return self.first_at_site(site, first),
        };
        if last == u64::MAX || last == first {
            return None;
        }
        let next = first.wrapping_add(first.wrapping_sub(last));
        self.l2.prefetch(next);
        if let Some(l1) = self.l1.get(cu) {
            l1.prefetch(next);
        }
        Some(next)
    }

    /// [`XcdMemory::prefetch_stride`] of a site past the kept ones: they grow to it (up to [`STRIDE_SITES`])
    /// and it keeps `first`; nothing to prefetch (no step yet).
    #[cold]
    #[inline(never)]
    fn first_at_site(&mut self, site: usize, first: u64) -> Option<u64> {
        if site < STRIDE_SITES {
            self.last_first_line.resize(site + 1, u64::MAX);
            self.last_first_line[site] = first;
        }
        None
    }

    /// [`XcdMemory::vmem`] of more than 64 lines (a lane straddling lines, wide accesses): out of line, so the
    /// common instruction's code stays small.
    #[inline(never)]
    fn vmem_many(&mut self, cu: usize, t: u64, lines: &[u64], kind: VmemKind) -> VmemCost {
        match kind {
            VmemKind::Load => self.vmem_lines::<{ A_LOAD }, true>(cu, t, lines),
            VmemKind::Store => self.vmem_lines::<{ A_STORE }, true>(cu, t, lines),
            VmemKind::Atomic => self.vmem_lines::<{ A_ATOMIC }, true>(cu, t, lines),
        }
    }

    /// [`XcdMemory::vmem`] for a kind (`A_*`) and at least one line. The caches and schedules are borrowed
    /// apart once (their pointers stay in registers over the lines), the counters are summed in locals and
    /// added once, and what does not depend on the line leaves the loop: an L1 hit's completion
    /// (`looked_up + l1_hit_latency`, the same for every hit) and the deepest level (from the per-level counts).
    /// `MANY`: more than 64 lines (one line at a time), else at most 64 (an L1 miss mask).
    #[inline(always)]
    fn vmem_lines<const KIND: u8, const MANY: bool>(
        &mut self,
        cu: usize,
        t: u64,
        lines: &[u64],
    ) -> VmemCost {
        let XcdMemory {
            params,
            l1,
            l1_rate,
            l2,
            l2_rate,
            mall,
            hbm,
            counters,
            ..
        } = self;
        let (lb, l1_lat, l2_lat, mall_lat, hbm_lat) = (
            params.line_bytes,
            params.l1_hit_latency,
            params.l2_hit_latency,
            params.mall_hit_latency,
            params.hbm_latency,
        );
        let n = lines.len() as u64;
        // The L1 looks the lines up at its rate; the instruction's lines leave it by `looked_up`.
        let looked_up = l1_rate[cu].transfer(t, n * lb);
        let l1 = &mut l1[cu];
        let mut done = looked_up;
        let (mut l1_hits, mut l2_hits, mut mall_hits, mut hbm_lines) = (0u32, 0u32, 0u32, 0u32);
        // a line that missed the L1 (or a store's or atomic's) at the L2 at `at_l2`, then the MALL, then HBM
        macro_rules! below_l1 {
            ($line:expr, $at_l2:expr) => {{
                let (line, at_l2) = ($line, $at_l2);
                if l2.access(line) {
                    l2_hits += 1;
                    done = done.max(at_l2 + l2_lat);
                } else {
                    let (in_mall, at) = below_l2(mall, hbm, line, at_l2, lb, mall_lat, hbm_lat);
                    if in_mall {
                        mall_hits += 1;
                    } else {
                        hbm_lines += 1;
                    }
                    done = done.max(at);
                }
            }};
        }
        if !MANY {
            // The L1 lookups first (the L1 is the CU's own: its order relative to the L2's does not matter),
            // then the L1 misses in line order, which all ask the L2 schedule for a line at `looked_up`: when
            // its arrival bucket has room for every one, each gets the same time (`transfer_n`), one call.
            // Stores write through to L2 (CDNA L1 is write-through); atomics are performed at L2.
            // the hits counted as they come: `count_ones` is ~15 instructions on the baseline x86-64 build
            let mut miss = u64::MAX >> (64 - n);
            if KIND == A_LOAD {
                for (i, &line) in lines.iter().enumerate() {
                    if l1.access(line) {
                        miss &= !(1 << i);
                        l1_hits += 1;
                    }
                }
            }
            if miss != 0 {
                let same = l2_rate.transfer_n(looked_up, lb, n - l1_hits as u64);
                while miss != 0 {
                    let i = miss.trailing_zeros() as usize;
                    miss &= miss - 1;
                    let at_l2 = match same {
                        Some(at) => at,
                        None => l2_rate.transfer(looked_up, lb),
                    };
                    below_l1!(lines[i], at_l2);
                }
            }
        } else {
            for &line in lines {
                if KIND == A_LOAD && l1.access(line) {
                    l1_hits += 1;
                    continue;
                }
                below_l1!(line, l2_rate.transfer(looked_up, lb));
            }
        }
        if l1_hits != 0 {
            done = done.max(looked_up + l1_lat);
        }
        // the deepest level any line came from (an L1 hit is level 0)
        let level = if hbm_lines != 0 {
            Level::Hbm
        } else if mall_hits != 0 {
            Level::Mall
        } else if l2_hits != 0 {
            Level::L2
        } else {
            Level::L1
        };
        let l2_req = n - l1_hits as u64;
        let c = counters;
        c.l1_accesses += n;
        c.l1_hits += l1_hits as u64;
        match KIND {
            A_LOAD => c.l2_read_req += l2_req,
            A_STORE => c.l2_write_req += l2_req,
            _ => c.l2_atomic_req += l2_req,
        }
        c.l2_hits += l2_hits as u64;
        c.l2_misses += (mall_hits + hbm_lines) as u64;
        c.mall_hits += mall_hits as u64;
        if KIND == A_STORE {
            c.hbm_write_req += hbm_lines as u64;
            // Stores complete (vmcnt) when L2 has the data; the L1 write-through does not wait for memory below.
            done = done.min(looked_up + l2_lat).max(looked_up);
        } else {
            c.hbm_read_req += hbm_lines as u64;
        }
        VmemCost {
            lines: n as u32,
            l1_hits,
            l2_hits,
            mall_hits,
            hbm_lines,
            latency: done - t,
            level: level as u8,
        }
    }

    /// Warm the host cache for a later [`XcdMemory::vmem`] of `lines` on CU `cu` (its L1 and L2 sets): no
    /// effect on the model.
    #[inline]
    pub fn prefetch(&self, cu: usize, lines: &[u64]) {
        if let Some(l1) = self.l1.get(cu) {
            for &line in lines.iter().take(2) {
                l1.prefetch(line);
                self.l2.prefetch(line);
            }
        }
    }

    /// A scalar load issued at `t` (this XCD's time) on CU `cu` touching `lines` (scalar-cache line numbers:
    /// address >> log2(`scalar_line_bytes`)). A hit costs `scalar_hit_latency`; a miss reads its 64-byte line
    /// from the L2 (and below, as a vector line would go: MALL, HBM), taking room in the L2 and HBM bandwidth
    /// schedules; the load completes when its last line is there. The scalar cache is shared by CUs `2k` and
    /// `2k + 1` (CDNA3 white paper).
    pub fn smem(&mut self, cu: usize, t: u64, lines: &[u64]) -> ScalarCost {
        let p = SmemParams {
            scalar_hit_latency: self.params.scalar_hit_latency,
            scalar_line_bytes: self.params.scalar_line_bytes,
            line_bytes: self.params.line_bytes,
            l2_hit_latency: self.params.l2_hit_latency,
            mall_hit_latency: self.params.mall_hit_latency,
            hbm_latency: self.params.hbm_latency,
        };
        let sc = (cu / 2) % self.scalar.len();
        let mut cost = ScalarCost {
            lines: lines.len() as u32,
            latency: p.scalar_hit_latency,
            ..ScalarCost::default()
        };
        // a vector line holds `ratio` scalar lines (128 / 64)
        let ratio = (p.line_bytes / p.scalar_line_bytes.max(1)).max(1);
        for &line in lines {
            self.counters.scalar_accesses += 1;
            if self.scalar[sc].access(line) {
                // present, or on its way from an earlier miss: then it arrives with that fill
                let fill = self.scalar_fills[sc]
                    .iter()
                    .find(|f| f.0 == line && f.1 > t + p.scalar_hit_latency);
                if let Some(&(_, ready)) = fill {
                    self.counters.scalar_duplicate_misses += 1;
                    cost.duplicates += 1;
                    cost.latency = cost.latency.max(ready - t);
                } else {
                    self.counters.scalar_hits += 1;
                    cost.hits += 1;
                }
                continue;
            }
            self.counters.scalar_misses += 1;
            let l2_line = line / ratio;
            let at_l2 = self.l2_rate.transfer(t, p.scalar_line_bytes);
            let (below, level) = if self.l2.access(l2_line) {
                self.counters.scalar_l2_hits += 1;
                (at_l2 + p.l2_hit_latency, Level::L2)
            } else if self.mall.access(l2_line) {
                self.counters.scalar_mall_hits += 1;
                (at_l2 + p.mall_hit_latency, Level::Mall)
            } else {
                self.counters.scalar_hbm_req += 1;
                (
                    self.hbm.transfer(at_l2, p.line_bytes) + p.hbm_latency,
                    Level::Hbm,
                )
            };
            cost.level = Some(cost.level.map_or(level, |l| l.max(level)));
            let ready = below.max(t + p.scalar_hit_latency);
            cost.latency = cost.latency.max(ready - t);
            let fills = &mut self.scalar_fills[sc];
            fills.rotate_right(1);
            fills[0] = (line, ready);
        }
        cost
    }

    /// An LDS instruction: its bank cycles (counted in the counters); the caller adds them to the LDS latency.
    pub fn lds(&mut self, cost: lds::LdsCost, bytes: u64) -> u64 {
        self.counters.lds_insts += 1;
        self.counters.lds_active_cycles += cost.cycles as u64;
        self.counters.lds_conflict_cycles += cost.conflict_cycles as u64;
        self.counters.lds_bytes += bytes;
        cost.cycles as u64 * self.params.lds_cycles_per_phase
    }

    /// Bytes moved over HBM per bucket of modelled time (this XCD's slice).
    pub fn hbm_schedule(&self) -> &BandwidthSchedule {
        &self.hbm
    }

    pub fn l2_schedule(&self) -> &BandwidthSchedule {
        &self.l2_rate
    }
}

/// The memory-system tests' random numbers: one xorshift64 step of `seed`.
#[cfg(test)]
pub(crate) fn xorshift(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_file_parses() {
        let p = MemParams::default();
        assert_eq!((p.xcds, p.line_bytes, p.lds_banks), (8, 128, 64));
    }

    fn params() -> MemParams {
        MemParams {
            xcds: 8,
            line_bytes: 128,
            l1_bytes: 32 * 1024,
            l1_ways: 16,
            l1_hit_latency: 120,
            l1_lines_per_cycle: 1,
            scalar_cache_bytes: 16 * 1024,
            scalar_line_bytes: 64,
            scalar_cache_ways: 8,
            scalar_hit_latency: 40,
            l2_bytes_per_xcd: 4 << 20,
            l2_ways: 16,
            l2_channels: 16,
            l2_bytes_per_cycle_per_channel: 128,
            l2_hit_latency: 250,
            mall_bytes: 256 << 20,
            mall_ways: 16,
            mall_hit_latency: 450,
            hbm_latency: 750,
            hbm_bytes_per_cycle: 3333.0,
            lds_banks: 64,
            lds_cycles_per_phase: 1,
            bandwidth_bucket_cycles: 1024,
        }
    }

    /// One lane chasing a cycle of lines through a working set settles at the latency of the level that holds
    /// it: 16 KiB in L1, 2 MiB in L2 (4 MiB), 64 MiB in the MALL (256 MiB / 8 XCDs = 32 MiB slice is too
    /// small: so with the whole MALL for one active XCD, share 1.0), 1 GiB in HBM.
    #[test]
    fn pointer_chase_settles_per_level() {
        let p = params();
        for (bytes, level, lat) in [
            // + 1 cycle for the L1 to look one line up (128 B at 128 B/cycle), + 1 for the line to cross to
            // L2 (128 B at 16 x 128 B/cycle, rounded up), + 1 for HBM to move it (128 B at 3333 B/cycle).
            (16u64 << 10, Level::L1, p.l1_hit_latency + 1),
            (2 << 20, Level::L2, p.l2_hit_latency + 2),
            (64 << 20, Level::Mall, p.mall_hit_latency + 2),
            (1 << 30, Level::Hbm, p.hbm_latency + 3),
        ] {
            let mut x = XcdMemory::new(&p, 32, 1.0);
            let lines = bytes / p.line_bytes;
            // Stride through the set with a step co-prime to the line count: one whole lap, then the first
            // 4096 lines again (the least recently used ones: they hit only where the whole set fits).
            let step = 7919 % lines.max(2) | 1;
            let mut t = 0;
            let mut last = VmemCost::default();
            for lap in 0..2 {
                let mut l = 0u64;
                let n = if lap == 0 { lines } else { lines.min(4096) };
                for _ in 0..n {
                    let c = x.vmem(0, t, &[l], VmemKind::Load);
                    t += c.latency;
                    if lap == 1 {
                        last = c;
                    }
                    l = (l + step) % lines;
                }
            }
            let got = if last.l1_hits == 1 {
                Level::L1
            } else if last.l2_hits == 1 {
                Level::L2
            } else if last.mall_hits == 1 {
                Level::Mall
            } else {
                Level::Hbm
            };
            assert_eq!(got, level, "{bytes} bytes");
            assert_eq!(last.latency, lat, "{bytes} bytes");
        }
    }

    /// A streaming copy far larger than every cache, issued by many waves at once, moves at the HBM rate.
    #[test]
    fn streaming_reaches_hbm_bandwidth() {
        let p = params();
        // A whole device streams: this XCD gets 1/8 of HBM.
        let share = 1.0 / p.xcds as f64;
        let mut x = XcdMemory::new(&p, 32, share);
        let total: u64 = 256 << 20;
        let per_inst = 2u64; // coalesced dword loads: 2 lines each
        let insts = total / (per_inst * p.line_bytes);
        let mut end = 0;
        for i in 0..insts {
            // Issue times spread over a short window: far more demand than bandwidth.
            let t = (i % 4096) * 4;
            let lines = [2 * i, 2 * i + 1];
            end = end.max(t + x.vmem((i % 32) as usize, t, &lines, VmemKind::Load).latency);
        }
        let ideal = total as f64 / (p.hbm_bytes_per_cycle * share);
        let err = (end as f64 - ideal).abs() / ideal;
        assert!(
            err < 0.10,
            "modelled {end} cycles vs bytes/bandwidth {ideal:.0}"
        );
        assert_eq!(x.counters.hbm_read_req, total / p.line_bytes);
    }

    /// Scalar loads, worked by hand with `params()`: L2 moves 16 x 128 = 2048 B/cycle, so a 64-byte scalar line
    /// crosses in 1 cycle; HBM moves 3333 B/cycle (share 1), a 128-byte line in 1 cycle.
    #[test]
    fn scalar_cache_hits_misses_and_duplicates() {
        let p = params();
        let mut x = XcdMemory::new(&p, 4, 1.0);
        // cold: line 10 (bytes 640..704) misses everything: 1 + 1 + hbm_latency
        let c = x.smem(0, 0, &[10]);
        assert_eq!((c.lines, c.hits, c.duplicates), (1, 0, 0));
        assert_eq!((c.latency, c.level), (752, Some(Level::Hbm)));
        // CU 1 shares CU 0's scalar cache: the line is on its way (arrives at 752): a duplicate miss
        let c = x.smem(1, 4, &[10]);
        assert_eq!((c.hits, c.duplicates, c.latency), (0, 1, 748));
        // CU 2 has its own scalar cache: a miss, found in the L2 (128-byte line 5 came in with the first)
        let c = x.smem(2, 4, &[10]);
        assert_eq!((c.hits, c.latency, c.level), (0, 1 + 250, Some(Level::L2)));
        // after the fill: a hit
        let c = x.smem(0, 1000, &[10]);
        assert_eq!(
            (c.hits, c.latency, c.level),
            (1, p.scalar_hit_latency, None)
        );
        // line 11 is the other half of 128-byte line 5: a scalar miss, an L2 hit
        let c = x.smem(0, 1000, &[11]);
        assert_eq!((c.hits, c.latency), (0, 251));
        let k = x.counters;
        assert_eq!(
            (
                k.scalar_accesses,
                k.scalar_hits,
                k.scalar_misses,
                k.scalar_duplicate_misses
            ),
            (5, 1, 3, 1)
        );
        assert_eq!(
            (k.scalar_l2_hits, k.scalar_mall_hits, k.scalar_hbm_req),
            (2, 0, 1)
        );
        // the vector counters (TCP_*, TCC_*) are the vector instructions' alone
        assert_eq!(
            (k.l2_read_req, k.l2_hits, k.l2_misses, k.hbm_read_req),
            (0, 0, 0, 0)
        );
    }

    /// `vmem` gives, access by access, the cost and counters of the memory system written the plain way: every
    /// cache a list of line numbers per set in recency order (`Vec::insert`/`remove`), each line looked up in
    /// turn L1, L2, MALL, HBM as the model's rules say, the deepest level and the completion taken per line.
    /// Small caches and slow schedules so that every level, full buckets and evictions occur; loads, stores
    /// and atomics on several CUs, times out of order within a window.
    #[test]
    fn vmem_equals_plain_lru_lists() {
        struct Lru {
            sets: u64,
            ways: usize,
            set: Vec<Vec<u64>>,
        }
        impl Lru {
            fn new(bytes: u64, line: u64, ways: u64) -> Lru {
                let lines = (bytes / line).max(1);
                let ways = if ways == 0 { lines } else { ways.min(lines) };
                let sets = (lines / ways).max(1);
                Lru {
                    sets,
                    ways: ways as usize,
                    set: vec![Vec::new(); sets as usize],
                }
            }
            fn access(&mut self, line: u64) -> bool {
                let s = &mut self.set[(line % self.sets) as usize];
                let hit = match s.iter().position(|&l| l == line) {
                    Some(p) => {
                        s.remove(p);
                        true
                    }
                    None => {
                        s.truncate(self.ways - 1);
                        false
                    }
                };
                s.insert(0, line);
                hit
            }
        }
        for (cus, share, hbm_rate, l2_ways) in [(4u64, 1.0, 3.0, 8u64), (3, 0.25, 40.0, 4)] {
            let mut p = params();
            p.l1_bytes = 2048;
            p.l1_ways = 4;
            p.l2_bytes_per_xcd = 16 * 1024;
            p.l2_ways = l2_ways;
            p.l2_channels = 2;
            p.l2_bytes_per_cycle_per_channel = 16;
            p.mall_bytes = 64 * 1024;
            p.mall_ways = 8;
            p.hbm_bytes_per_cycle = hbm_rate;
            p.bandwidth_bucket_cycles = 64;
            let mut x = XcdMemory::new(&p, cus, share);
            let shift = p.bandwidth_bucket_cycles.trailing_zeros();
            let mut l1: Vec<Lru> = (0..cus)
                .map(|_| Lru::new(p.l1_bytes, p.line_bytes, p.l1_ways))
                .collect();
            let mut l1_rate: Vec<BandwidthSchedule> = (0..cus)
                .map(|_| {
                    BandwidthSchedule::new((p.l1_lines_per_cycle * p.line_bytes) as f64, shift)
                })
                .collect();
            let mut l2 = Lru::new(p.l2_bytes_per_xcd, p.line_bytes, p.l2_ways);
            let mut l2_rate = BandwidthSchedule::new(
                (p.l2_channels * p.l2_bytes_per_cycle_per_channel) as f64,
                shift,
            );
            let mut mall = Lru::new(
                ((p.mall_bytes as f64 * share) as u64).max(p.line_bytes),
                p.line_bytes,
                p.mall_ways,
            );
            let mut hbm = BandwidthSchedule::new(p.hbm_bytes_per_cycle * share, shift);
            let mut want = MemCounters::default();
            let mut seed = 0x7F4A_7C15_9E37_79B9u64;
            let mut rnd = || xorshift(&mut seed);
            let base = 0x0000_1000_0000_0000u64 >> 7;
            let mut lines = Vec::new();
            for i in 0..30_000u64 {
                let cu = (rnd() % (cus + 1)) as usize; // cu == cus: taken modulo the CU count
                let t = i * 3 + rnd() % 500;
                let kind = [
                    VmemKind::Load,
                    VmemKind::Load,
                    VmemKind::Store,
                    VmemKind::Atomic,
                ][(rnd() % 4) as usize];
                lines.clear();
                // more than 64 lines: `vmem_many`, one line at a time
                let n = [0u64, 1, 1, 2, 2, 3, 8, 64, 65, 100][(rnd() % 10) as usize];
                let start = base + rnd() % 3000;
                let stride = [1u64, 1, 2, 17][(rnd() % 4) as usize];
                lines.extend((0..n).map(|k| start + k * stride));
                let got = x.vmem(cu, t, &lines, kind);
                // the plain model
                let cu = cu % cus as usize;
                match kind {
                    VmemKind::Load => want.vmem_read_insts += 1,
                    VmemKind::Store => want.vmem_write_insts += 1,
                    VmemKind::Atomic => want.vmem_atomic_insts += 1,
                }
                let mut c = VmemCost {
                    lines: n as u32,
                    ..VmemCost::default()
                };
                if n > 0 {
                    let looked_up = l1_rate[cu].transfer(t, n * p.line_bytes);
                    let mut done = looked_up;
                    for &line in &lines {
                        want.l1_accesses += 1;
                        if kind == VmemKind::Load && l1[cu].access(line) {
                            c.l1_hits += 1;
                            want.l1_hits += 1;
                            done = done.max(looked_up + p.l1_hit_latency);
                            continue;
                        }
                        match kind {
                            VmemKind::Load => want.l2_read_req += 1,
                            VmemKind::Store => want.l2_write_req += 1,
                            VmemKind::Atomic => want.l2_atomic_req += 1,
                        }
                        let at_l2 = l2_rate.transfer(looked_up, p.line_bytes);
                        if l2.access(line) {
                            c.l2_hits += 1;
                            want.l2_hits += 1;
                            c.level = c.level.max(Level::L2 as u8);
                            done = done.max(at_l2 + p.l2_hit_latency);
                            continue;
                        }
                        want.l2_misses += 1;
                        if mall.access(line) {
                            c.mall_hits += 1;
                            want.mall_hits += 1;
                            c.level = c.level.max(Level::Mall as u8);
                            done = done.max(at_l2 + p.mall_hit_latency);
                            continue;
                        }
                        c.hbm_lines += 1;
                        if kind == VmemKind::Store {
                            want.hbm_write_req += 1;
                        } else {
                            want.hbm_read_req += 1;
                        }
                        c.level = Level::Hbm as u8;
                        done = done.max(hbm.transfer(at_l2, p.line_bytes) + p.hbm_latency);
                    }
                    if kind == VmemKind::Store {
                        done = done.min(looked_up + p.l2_hit_latency).max(looked_up);
                    }
                    c.latency = done - t;
                }
                assert_eq!(got, c, "access {i}: {kind:?} cu {cu} t {t} lines {lines:?}");
                assert_eq!(x.counters, want, "access {i}");
            }
            // every level and kind occurred
            let k = x.counters;
            assert!(k.l1_hits > 0 && k.l2_hits > 0 && k.mall_hits > 0 && k.hbm_read_req > 0);
            assert!(k.hbm_write_req > 0 && k.l2_atomic_req > 0);
        }
    }

    /// `vmem_at` costs exactly as `vmem` (the same figures and counters from the same state, access by access),
    /// and its prefetch hint predicts an instruction's next first line from its own last one: per site, not
    /// from whichever instruction ran last.
    #[test]
    fn vmem_at_equals_vmem_and_predicts_per_site() {
        let p = params();
        let (mut a, mut b) = (XcdMemory::new(&p, 4, 1.0), XcdMemory::new(&p, 4, 1.0));
        let base = 0x0000_1000_0000_0000u64 >> 7;
        for k in 0..3000u64 {
            // a loop of three instructions: a column walk (16 lines a step), a row walk, a fixed line
            for (site, lines, kind) in [
                (7usize, vec![base + 16 * k], VmemKind::Load),
                (
                    9,
                    vec![base + 70_000 + k / 32, base + 80_000 + k / 32],
                    VmemKind::Load,
                ),
                (12, vec![base + 90_000, base + 90_001], VmemKind::Store),
            ] {
                let t = k * 40;
                assert_eq!(
                    a.vmem_at(site, (k % 4) as usize, t, &lines, kind),
                    b.vmem((k % 4) as usize, t, &lines, kind),
                    "access {k} site {site}"
                );
            }
        }
        assert_eq!(a.counters, b.counters);
        // the hint: site 7 steps 16 lines, so after line L it predicts L + 16; a fixed line predicts nothing
        let mut x = XcdMemory::new(&p, 4, 1.0);
        assert_eq!(x.prefetch_stride(7, 0, base), None);
        assert_eq!(x.prefetch_stride(9, 0, base + 5000), None);
        assert_eq!(x.prefetch_stride(7, 0, base + 16), Some(base + 32));
        assert_eq!(x.prefetch_stride(9, 0, base + 5001), Some(base + 5002));
        assert_eq!(x.prefetch_stride(7, 0, base + 32), Some(base + 48));
        assert_eq!(x.prefetch_stride(9, 0, base + 5001), None);
        // a step backwards, and sites past the kept range (no hint, no growth)
        assert_eq!(x.prefetch_stride(7, 0, base + 20), Some(base + 8));
        assert_eq!(x.prefetch_stride(STRIDE_SITES, 0, base), None);
        assert_eq!(x.prefetch_stride(STRIDE_SITES, 0, base + 1), None);
        assert!(x.last_first_line.len() <= STRIDE_SITES);
    }

    #[test]
    fn stores_write_through_and_count() {
        let p = params();
        let mut x = XcdMemory::new(&p, 4, 1.0);
        let c = x.vmem(0, 0, &[1, 2], VmemKind::Store);
        assert_eq!((c.lines, c.l1_hits), (2, 0));
        assert_eq!(x.counters.l2_write_req, 2);
        assert_eq!(x.counters.vmem_write_insts, 1);
        // A load of the stored lines misses L1 (no write-allocate) and hits L2.
        let c = x.vmem(0, 1000, &[1, 2], VmemKind::Load);
        assert_eq!((c.l1_hits, c.l2_hits), (0, 2));
    }
}
