//! Memory microkernels, round 2: one access form or pattern per kernel (tests/fixtures/memory_r2/kernel.hip,
//! clang-22 `-O2 -g` for gfx950, build.sh; the disassembly the PCs come from is llvm-objdump's
//! kernel.objdump.txt), and the counters the memory model must give, worked out by hand from the rules of
//! docs/memory-model.md. Every kernel's outputs must also match its numpy reference (reference.py).
//!
//! The rules the arithmetic uses (default `cdna4_memory.toml`):
//! - vector memory: the distinct 128-byte lines the active lanes' bytes touch; every case starts with cold
//!   caches; loads allocate in the 32 KiB 16-way LRU L1 (256 lines, 16 sets: set = line mod 16); stores write
//!   through without allocating in the L1; atomics go to the L2. A line that misses the L2 misses the (cold)
//!   MALL and is an HBM read (load, atomic) or write (store). One work-group = XCD 0, CU 0; work-group `i` is on
//!   XCD `i mod 8`, and the second work-group of an XCD on its next CU.
//! - LDS: 64 banks of 4 bytes; phases of 64 lanes (1, 2, 4 bytes a lane), 2 x 32 consecutive lanes (8 bytes,
//!   read2/write2 of b32), 4 x 16 lanes in the groups {0-3,12-15,20-23,24-27}, {4-7,8-11,16-19,28-31} and
//!   the same +32 (b96/b128 reads), 8 x 8 consecutive lanes (b96/b128 writes); a phase takes the busiest
//!   bank's count of distinct dwords; conflict cycles = cycles - phases.
//! - scalar loads: 64-byte lines in the scalar cache of the CU pair; a lookup of a line whose fill is on its
//!   way is a duplicate miss.
//!
//! The kernarg loads (`s_load_dword*` of s[0:1]) are scalar; each case's SQC figures are the kernarg line
//! plus what the kernel itself loads.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use wavescope::engine::run_observed;
use wavescope::launch::RunOptions;
use wavescope::observers::memsys::counters::Counters;
use wavescope::observers::memsys::MemCounters;
use wavescope::observers::timing::{
    CycleModel, MemAccess, ScalarAccess, StallReason, TimingObserver, TimingSink, TimingTable,
};
use wavescope::session::{Outcome, Session};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/memory_r2")
}

fn case(name: &str) -> PathBuf {
    dir().join(format!("case_{name}.json"))
}

/// `run --check` of a case: no fault, every output equal to its numpy reference.
fn run(name: &str, jobs: usize) -> Outcome {
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let session = Session::load(&case(name), &opts).unwrap_or_else(|e| panic!("{name}: {e}"));
    let outcome = session.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    assert!(outcome.report.fault.is_none(), "{name}: fault");
    let checks = session.check();
    assert!(!checks.is_empty(), "{name}: no outputs checked");
    for c in &checks {
        assert!(c.passed(), "{name}: {}", wavescope::check::summary_line(c));
    }
    outcome
}

/// The vector and LDS counters of one case, in the order of [`EXPECTED`]'s columns.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
struct V {
    rd: u64,
    wr: u64,
    tcp: u64,
    l1_hits: u64,
    rd_req: u64,
    wr_req: u64,
    at_req: u64,
    l2_hit: u64,
    l2_miss: u64,
    ea_rd: u64,
    ea_wr: u64,
    lds: u64,
    lds_active: u64,
    lds_conflict: u64,
}

#[allow(clippy::too_many_arguments)]
const fn v(
    rd: u64,
    wr: u64,
    tcp: u64,
    l1_hits: u64,
    rd_req: u64,
    wr_req: u64,
    at_req: u64,
    l2_hit: u64,
    l2_miss: u64,
    ea_rd: u64,
    ea_wr: u64,
    lds: u64,
    lds_active: u64,
    lds_conflict: u64,
) -> V {
    V {
        rd,
        wr,
        tcp,
        l1_hits,
        rd_req,
        wr_req,
        at_req,
        l2_hit,
        l2_miss,
        ea_rd,
        ea_wr,
        lds,
        lds_active,
        lds_conflict,
    }
}

/// Hand-computed figures. Columns: SQ_INSTS_VMEM_RD, SQ_INSTS_VMEM_WR, TCP_TOTAL_CACHE_ACCESSES (lines), L1
/// hits, TCP_TCC_READ_REQ, _WRITE_REQ, _ATOMIC_REQ, TCC_HIT, TCC_MISS, TCC_EA0_RDREQ, TCC_EA0_WRREQ,
/// SQ_INSTS_LDS, SQ_LDS_IDX_ACTIVE, SQ_LDS_BANK_CONFLICT.
const EXPECTED: &[(&str, V)] = &[
    // ld_stride: out[t] = in[t s]; lane t's dword at byte 4 s t, line floor(s t / 32), t = 0..63:
    //   s = 2: 0..3 (4 lines); s = 3: 0..floor(189/32) = 5, step 3/32 < 1 so every line (6); s = 4: 0..7 (8);
    //   s = 8: 0..15 (16); s = 16: 0..31 (32); s = 33: floor(33t/32) steps by 1 or 2, all distinct (64);
    //   s = 64: every lane its own line, 2 apart (64). The store out[t]: 256 bytes = 2 lines. Cold: every
    //   line misses L1 and L2 and comes from HBM; the store's 2 lines are HBM writes.
    ("stride_2", v(1, 1, 4 + 2, 0, 4, 2, 0, 0, 6, 4, 2, 0, 0, 0)),
    ("stride_3", v(1, 1, 6 + 2, 0, 6, 2, 0, 0, 8, 6, 2, 0, 0, 0)),
    ("stride_4", v(1, 1, 8 + 2, 0, 8, 2, 0, 0, 10, 8, 2, 0, 0, 0)),
    (
        "stride_8",
        v(1, 1, 16 + 2, 0, 16, 2, 0, 0, 18, 16, 2, 0, 0, 0),
    ),
    (
        "stride_16",
        v(1, 1, 32 + 2, 0, 32, 2, 0, 0, 34, 32, 2, 0, 0, 0),
    ),
    (
        "stride_33",
        v(1, 1, 64 + 2, 0, 64, 2, 0, 0, 66, 64, 2, 0, 0, 0),
    ),
    (
        "stride_64",
        v(1, 1, 64 + 2, 0, 64, 2, 0, 0, 66, 64, 2, 0, 0, 0),
    ),
    // widths, 64 lanes contiguous from a 256-byte aligned buffer: ubyte/byte 64 B = 1 line, ushort/short
    // 128 B = 1 line, dword 256 B = 2, dwordx2 512 B = 4, dwordx3 768 B = 6, dwordx4 1 KiB = 8; w_i8 stores
    // dwords (2 lines). w_x4 at byte offset 8: bytes 8..1031 = lines 0..8 = 9 (lanes 7, 15, ... straddle two
    // lines), its store 8.
    ("w_u8", v(1, 1, 2, 0, 1, 1, 0, 0, 2, 1, 1, 0, 0, 0)),
    ("w_i8", v(1, 1, 3, 0, 1, 2, 0, 0, 3, 1, 2, 0, 0, 0)),
    ("w_u16", v(1, 1, 2, 0, 1, 1, 0, 0, 2, 1, 1, 0, 0, 0)),
    ("w_x2", v(1, 1, 8, 0, 4, 4, 0, 0, 8, 4, 4, 0, 0, 0)),
    ("w_x3", v(1, 1, 12, 0, 6, 6, 0, 0, 12, 6, 6, 0, 0, 0)),
    ("w_x4_off0", v(1, 1, 16, 0, 8, 8, 0, 0, 16, 8, 8, 0, 0, 0)),
    ("w_x4_off8", v(1, 1, 17, 0, 9, 8, 0, 0, 17, 9, 8, 0, 0, 0)),
    // partial EXEC: lanes 0..31 (bytes 0..127: 1 line each for the load and the store), lane 0 (1 + 1),
    // odd lanes (bytes 4..255 of both halves: 2 + 2); no lane: the compiler's s_cbranch_execz skips both
    // instructions, nothing is counted.
    ("partial_32", v(1, 1, 2, 0, 1, 1, 0, 0, 2, 1, 1, 0, 0, 0)),
    ("partial_1", v(1, 1, 2, 0, 1, 1, 0, 0, 2, 1, 1, 0, 0, 0)),
    ("partial_odd", v(1, 1, 4, 0, 2, 2, 0, 0, 4, 2, 2, 0, 0, 0)),
    ("partial_none", v(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    // broadcast: 64 lanes, one dword: 1 line; the store 2.
    ("bcast", v(1, 1, 3, 0, 1, 2, 0, 0, 3, 1, 2, 0, 0, 0)),
    // L1 reuse: pass 1 loads `chunks` x 256 bytes (2 lines each, one load per chunk), pass 2 again.
    //   16 KiB = 128 lines (8 a set): pass 2 hits all 128. 32 KiB = 256 lines = 16 a set = the ways: 256 hits.
    //   48 KiB = 384 lines, 24 a set: after pass 1 each set holds its last 16 (k = 8..23 of its lines 0..23).
    //   Forward pass 2 asks k = 0 first, which evicts k = 8 before it is asked, and so on: 0 hits (all 384 L2
    //   hits). Reversed (k = 23 down): 16 hits a set, then k = 7..0 miss: 16 x 16 = 256 hits, 128 L2 hits.
    //   Plus the store (2 lines). Loads: 2 x chunks instructions.
    (
        "reuse_16k",
        v(128, 1, 258, 128, 128, 2, 0, 0, 130, 128, 2, 0, 0, 0),
    ),
    (
        "reuse_32k",
        v(256, 1, 514, 256, 256, 2, 0, 0, 258, 256, 2, 0, 0, 0),
    ),
    (
        "reuse_48k_fwd",
        v(384, 1, 770, 0, 768, 2, 0, 384, 386, 384, 2, 0, 0, 0),
    ),
    (
        "reuse_48k_rev",
        v(384, 1, 770, 256, 512, 2, 0, 128, 386, 384, 2, 0, 0, 0),
    ),
    // L2 reuse across CUs: 16 work-groups read the same 2 lines; XCD x runs work-groups x and x + 8 on CUs 0
    // and 1: the first misses (HBM, its XCD's MALL slice is cold), the second misses its own L1 and hits the
    // L2: 16 HBM reads, 16 L2 hits. The stores: 16 x 2 distinct lines, HBM writes.
    (
        "l2_share",
        v(16, 16, 64, 0, 32, 32, 0, 16, 48, 16, 32, 0, 0, 0),
    ),
    // store 2 lines (L2 miss: HBM write; the L2 now has them), then load them: the L1 did not allocate on the
    // store (miss), the L2 has them (2 hits); the output store 2 more HBM writes.
    ("st_ld", v(1, 2, 6, 0, 2, 4, 0, 2, 4, 0, 4, 0, 0, 0)),
    // atomics at the L2: c[t & 7] (no return) 8 dwords = 1 line; d[t] (return) 2 lines; cold: 3 HBM reads.
    // The store out[t]: 2 lines. SQ_INSTS_VMEM_WR counts the atomics.
    ("atom", v(0, 3, 5, 0, 0, 2, 3, 0, 5, 3, 2, 0, 0, 0)),
    // buffer, V# of 192 bytes: buffer_load_dword lanes 0..47 in range (bytes 0..191: 2 lines; lanes 48..63
    // read 0, no line); buffer_load_dwordx4 at 16 t: dwords below byte 192 (lanes 0..11), the same 2 lines,
    // now L1 hits; buffer_store_dword into a V# of 160 bytes: lanes 0..39, bytes 0..159, 2 lines.
    ("buf_ld", v(2, 1, 6, 2, 2, 2, 0, 0, 4, 2, 2, 0, 0, 0)),
    // FLAT to global: flat_load of g[t ^ 1] 2 lines, flat_store g[t] 2 lines (L2 hits: just loaded), the
    // global_store 2; ds_write_b32 and ds_read_b32 of s[t]: 1 cycle each.
    ("flat_global", v(1, 2, 6, 0, 2, 4, 0, 2, 4, 2, 2, 2, 2, 0)),
    // FLAT to LDS (every lane in the LDS aperture): a vector memory instruction all the same (rocprof:
    // SQ_INSTS_VMEM_RD/WR count FLAT instructions), no line, the fixed latency: flat_load 1 read, flat_store
    // and the global_store 2 writes; lines only for the global_store.
    ("flat_lds", v(1, 2, 2, 0, 0, 2, 0, 0, 2, 0, 2, 2, 2, 0)),
    // scratch: 128 scratch_store_dword and a scratch_load_dword are vector memory instructions (FLAT encoding,
    // SEG = scratch: rocprof counts them in SQ_INSTS_VMEM_*) with no line (private memory keeps the fixed
    // latency, docs/memory-model.md): 1 + 1 reads, 128 + 1 writes; lines: the global_load of in[32 + t] (2)
    // and the store (2).
    ("scratch", v(2, 129, 4, 0, 2, 2, 0, 0, 4, 2, 2, 0, 0, 0)),
    // global_load_lds: dword 256 B = 2 lines, dwordx3 768 B from byte 256 = lines 2..7 (6), dwordx4 1 KiB from
    // byte 1024 = lines 8..15 (8); their LDS writes cost no bank cycles. Reads: s[t] 1 cycle; s[64 + 4t] and
    // s[320 + 4t + 3], 4 dwords apart: banks 4t mod 64 take 4 distinct dwords each: 4 cycles, 3 conflicts.
    ("gload_lds", v(3, 1, 18, 0, 16, 2, 0, 0, 18, 16, 2, 3, 9, 6)),
    // ds_write_b64 / ds_read_b64 of a[t s] (8 bytes): 2 phases of 32 lanes. s = 1: dwords 2t, 2t + 1 cover the
    // 64 banks once: 1 cycle a phase, 2 an instruction. s = 2: dwords 4t, 4t + 1: banks 4t mod 64 and +1 hold
    // lanes t and t + 16: 2 cycles a phase, 4 an instruction (2 conflicts). s = 4: lanes t, t+8, t+16, t+24
    // share banks: 4 a phase, 8 an instruction (6). Global: dwordx2 4 lines each way.
    ("lds_b64_s1", v(1, 1, 8, 0, 4, 4, 0, 0, 8, 4, 4, 2, 4, 0)),
    ("lds_b64_s2", v(1, 1, 8, 0, 4, 4, 0, 0, 8, 4, 4, 2, 8, 4)),
    ("lds_b64_s4", v(1, 1, 8, 0, 4, 4, 0, 0, 8, 4, 4, 2, 16, 12)),
    // 3 ds_write2st64_b32 (offsets k and k + 1 x 64 dwords: both on bank t: 2 cycles a 32-lane phase, 4 an
    // instruction, 2 conflicts), ds_read2_b32 offset1:32 (dwords t, t + 32: banks 0..63 once a phase: 2
    // cycles), ds_read_b32 of a[t + 320] (1 cycle): 12 + 2 + 1 = 15 cycles, 6 conflicts. 6 loads of 2 lines.
    (
        "lds_read2",
        v(6, 1, 14, 0, 12, 2, 0, 0, 14, 12, 2, 5, 15, 6),
    ),
    // bytes: ds_write_b8 a[t], ds_read_u8 a[63 - t]: 16 dwords, 16 banks, 1 cycle each.
    ("lds_u8", v(1, 1, 2, 0, 1, 1, 0, 0, 2, 1, 1, 2, 2, 0)),
    // shorts a[64 t]: byte 128 t = dword 32 t: banks 0 and 32, 32 distinct dwords each: 32 cycles, 31
    // conflicts, for the write and for the read.
    ("lds_u16", v(1, 1, 2, 0, 1, 1, 0, 0, 2, 1, 1, 2, 64, 62)),
    // ds_add_u32 of c[t & 7]: 8 dwords, each from 8 lanes. The model serves one dword once per phase (as a
    // broadcast read): 1 cycle; with ds_write_b32 and ds_read_b32 of c[t] 3 cycles. No vector load.
    ("lds_atomic", v(0, 1, 2, 0, 0, 2, 0, 0, 2, 0, 2, 3, 3, 0)),
    // ds_bpermute_b32: an LDS instruction that addresses lanes, not LDS memory: no bank cycles.
    ("bperm", v(1, 1, 4, 0, 2, 2, 0, 0, 4, 2, 2, 1, 0, 0)),
    // ds_write_b96 at 16 t: 8 phases of 8 lanes, dwords 4t..4t+2 on distinct banks: 8 cycles; ds_read_b96 of
    // a[63 - t]: 4 phases of 16 lanes, 1 cycle each. Global: dwordx3 at 16 t spans 1 KiB = 8 lines (only 12 of
    // each 16 bytes read), the dwordx4 store 8.
    ("lds_b96", v(1, 1, 16, 0, 8, 8, 0, 0, 16, 8, 8, 2, 12, 0)),
    // b128 contiguous: write 8 phases x 1 (8 lanes x 16 B = 32 banks), read 4 phases x 1 (the published
    // groups: lanes 0-3, 12-15, 20-23, 24-27 = dwords 0-15, 48-63, 80-95, 96-111: 64 banks once): 12, 0.
    ("lds_b128", v(1, 1, 16, 0, 8, 8, 0, 0, 16, 8, 8, 2, 12, 0)),
    // b128 swizzled, lane t -> slot (q + 8 (t / 32)) x 16 + (q / 2) x 4 + t % 4, q = (t % 32) / 4: quad q
    // covers the 16 banks of column group q / 2 in row q. Write phases of 8 lanes = quads 2k, 2k + 1: the same
    // banks in two rows: 2 cycles x 8 = 16 (8 conflicts). Read groups = quads {0, 3, 5, 6} and {1, 2, 4, 7}:
    // column groups {0, 1, 2, 3} each: 1 cycle x 4 = 4 (a model with phases of lanes 0-15 would give 8).
    (
        "lds_b128_swz",
        v(1, 1, 16, 0, 8, 8, 0, 0, 16, 8, 8, 2, 20, 8),
    ),
    // a 64x64 tile's column k = 5: [64][64]: dword 64 t + 5, all on bank 5: 64 cycles (63 conflicts) for the
    // write and the read; [64][65]: 65 t + 5 -> bank (t + 5) mod 64, distinct: 1 each; XOR: 64 t + (5 ^ t)
    // -> bank 5 ^ t, distinct: 1 each.
    ("col_plain", v(1, 1, 4, 0, 2, 2, 0, 0, 4, 2, 2, 2, 128, 126)),
    ("col_pad", v(1, 1, 4, 0, 2, 2, 0, 0, 4, 2, 2, 2, 2, 0)),
    ("col_xor", v(1, 1, 4, 0, 2, 2, 0, 0, 4, 2, 2, 2, 2, 0)),
    // inline assembly. A global_load_dword with EXEC = 0: a vector memory instruction with no line (the
    // store 2 lines).
    ("exec0", v(1, 1, 2, 0, 0, 2, 0, 0, 2, 0, 2, 0, 0, 0)),
    // s_load_dwordx16/x8/x4/x2/dword of a uniform pointer: scalar only (per instruction below); the store 2.
    ("sload", v(0, 1, 2, 0, 0, 2, 0, 0, 2, 0, 2, 0, 0, 0)),
    // s_buffer_load_*: scalar only (per instruction below); the store 2 lines.
    ("sbuf", v(0, 1, 2, 0, 0, 2, 0, 0, 2, 0, 2, 0, 0, 0)),
    // buffer_load_dword idxen, stride 16, 40 records: lanes 0..39 at 16 t = bytes 0..627 = lines 0..4 (5);
    // lanes 40..63 are out of range (index >= num_records): no line.
    ("buf_idx", v(1, 1, 7, 0, 5, 2, 0, 0, 7, 5, 2, 0, 0, 0)),
    // a swizzled V# (swizzle_en, stride 4, index_stride 64, add_tid_enable), offen with a uniform offset 4 j
    // (j = 2): lane l at base + j x 256 + 4 l (MI200 guide 9.1.5.2 with 4-byte elements): bytes 512..767 =
    // 2 lines, as private memory's swizzle lays a uniform access out.
    ("buf_swz", v(1, 1, 4, 0, 2, 2, 0, 0, 4, 2, 2, 0, 0, 0)),
    // ds_write2st64_b64 / ds_read2st64_b64 at 8 t and 8 t + 512 (16 bytes a lane): the pieces' dwords 2t, 2t+1
    // and 2t+128, 2t+129 share banks. Write: 8 phases of 8 lanes, 2 distinct dwords a bank: 16 cycles (8).
    // Read: the b128 groups, lanes 0-3 (banks 0-7), 12-15 (24-31), 20-23 (40-47), 24-27 (48-55): 2 a bank: 2
    // cycles x 4 = 8 (4). Global: 2 dwordx2 loads of 4 lines, the dwordx2 store 4.
    (
        "lds_read2st64_b64",
        v(2, 1, 12, 0, 8, 4, 0, 0, 12, 8, 4, 2, 24, 12),
    ),
    // ds_write_b64 a[t] and ds_read_b64_tr_b16 of a[t] (8 bytes a lane, the lane's own address): 2 phases of
    // 32 lanes covering 64 banks: 2 cycles each.
    ("lds_tr16", v(1, 1, 8, 0, 4, 4, 0, 0, 8, 4, 4, 2, 4, 0)),
];

fn observed(c: &Counters, l1_hits: u64) -> V {
    v(
        c.SQ_INSTS_VMEM_RD,
        c.SQ_INSTS_VMEM_WR,
        c.TCP_TOTAL_CACHE_ACCESSES_sum,
        l1_hits,
        c.TCP_TCC_READ_REQ_sum,
        c.TCP_TCC_WRITE_REQ_sum,
        c.TCP_TCC_ATOMIC_REQ_sum,
        c.TCC_HIT_sum,
        c.TCC_MISS_sum,
        c.TCC_EA0_RDREQ_sum,
        c.TCC_EA0_WRREQ_sum,
        c.SQ_INSTS_LDS,
        c.SQ_LDS_IDX_ACTIVE,
        c.SQ_LDS_BANK_CONFLICT,
    )
}

/// Every case's counters equal the hand-computed ones, and the derived metrics follow from the counters as
/// docs/memory-model.md defines them.
#[test]
fn counters_equal_the_hand_computed_figures() {
    // every case of the fixture directory has its figures here
    for f in std::fs::read_dir(dir()).unwrap() {
        let n = f.unwrap().file_name().into_string().unwrap();
        if let Some(c) = n
            .strip_prefix("case_")
            .and_then(|c| c.strip_suffix(".json"))
        {
            assert!(EXPECTED.iter().any(|(e, _)| *e == c), "{c} has no figures");
        }
    }
    let mut bad = Vec::new();
    for (name, want) in EXPECTED {
        let o = run(name, 1);
        let c = o.report.counters.clone().expect("counters");
        let m = o.report.metrics.clone().expect("metrics");
        let (batch, _) = batch(name, 1);
        let got = observed(&c, batch.counters.l1_hits);
        if got != *want {
            bad.push(format!("{name}:\n  want {want:?}\n  got  {got:?}"));
        }
        // TA wavefronts = every vector memory instruction; TCP lookups = L1 hits + L2 requests
        assert_eq!(
            c.TA_TOTAL_WAVEFRONTS_sum,
            c.SQ_INSTS_VMEM_RD + c.SQ_INSTS_VMEM_WR
        );
        assert_eq!(
            c.TCP_TOTAL_CACHE_ACCESSES_sum,
            batch.counters.l1_hits
                + c.TCP_TCC_READ_REQ_sum
                + c.TCP_TCC_WRITE_REQ_sum
                + c.TCP_TCC_ATOMIC_REQ_sum,
            "{name}"
        );
        // metrics from the counters
        let pct = |a: u64, b: u64| (b > 0).then(|| 100.0 * a as f64 / b as f64);
        assert_eq!(
            m.l1_hit_rate,
            pct(batch.counters.l1_hits, c.TCP_TOTAL_CACHE_ACCESSES_sum),
            "{name}"
        );
        assert_eq!(
            m.l2_hit_rate,
            pct(c.TCC_HIT_sum, c.TCC_HIT_sum + c.TCC_MISS_sum),
            "{name}"
        );
        let l2_req = c.TCP_TCC_READ_REQ_sum + c.TCP_TCC_WRITE_REQ_sum + c.TCP_TCC_ATOMIC_REQ_sum;
        assert_eq!(m.bytes_l1, 128 * c.TCP_TOTAL_CACHE_ACCESSES_sum, "{name}");
        assert_eq!(m.bytes_l2, 128 * l2_req, "{name}");
        assert_eq!(
            m.bytes_hbm,
            128 * (c.TCC_EA0_RDREQ_sum + c.TCC_EA0_WRREQ_sum),
            "{name}"
        );
        let lds_costed = batch.lds_accesses;
        assert_eq!(
            m.lds_bank_conflicts_per_access,
            (lds_costed > 0).then(|| c.SQ_LDS_BANK_CONFLICT as f64 / lds_costed as f64),
            "{name}"
        );
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The roofline's minimum cycles per ceiling [compute, LDS, L2, HBM] (docs/memory-model.md): LDS bytes / (128 B
/// x CUs), L1 -> L2 bytes / (16 channels x 128 B x XCDs with work), HBM bytes / 3333 B (rounded up); a dispatch
/// of n work-groups has min(n, 8) XCDs with work (work-group i on XCD i mod 8) and min(n, 256) CUs.
#[test]
fn roofline_ceilings_from_the_counters() {
    // stride_64, one work-group: 66 lines to the L2 = 8448 B / 2048 B = 4 cycles; HBM 8448 / 3333 -> 3: L2
    let m = run("stride_64", 1).report.metrics.expect("metrics");
    assert_eq!((m.roofline_cycles, m.roofline_bound), ([0, 0, 4, 3], "L2"));
    // l2_share, 16 work-groups on 8 XCDs: 64 lines = 8192 B over 8 x 2048 B/cycle = 0 whole cycles; HBM: 48
    // lines = 6144 B / 3333 -> 2: HBM-bound (a model placing the 16 work-groups on one XCD's CUs would have
    // the L2 at 4 cycles and bound)
    let m = run("l2_share", 1).report.metrics.expect("metrics");
    assert_eq!((m.roofline_cycles, m.roofline_bound), ([0, 0, 0, 2], "HBM"));
    // col_plain: LDS 2 x 256 B = 512 B / 128 B = 4 cycles; L2 4 lines = 512 B / 2048 -> 0; HBM 512 / 3333 -> 1
    let m = run("col_plain", 1).report.metrics.expect("metrics");
    assert_eq!((m.roofline_cycles, m.roofline_bound), ([0, 4, 0, 1], "LDS"));
}

/// Coalescing = 100 x (the fewest lines the requested bytes need, per instruction, at most its lines) / lines.
#[test]
fn coalescing_follows_from_requested_bytes() {
    // stride 4: load 256 B -> 2 ideal of 8 lines, store 2 of 2: 4 / 10
    // odd lanes: load 32 x 4 B = 1 ideal of 2 lines, store likewise: 2 / 4
    // dwordx4 at byte 8: 1 KiB = 8 ideal of 9 lines, store 8 of 8: 16 / 17
    // broadcast: 256 B -> 2 ideal, but 1 line touched: min = 1; store 2 of 2: 3 / 3
    // lds_b96: dwordx3 768 B -> 6 ideal of 8 lines; dwordx4 store 8 of 8: 14 / 16
    for (name, ideal, lines) in [
        ("stride_4", 4.0, 10.0),
        ("partial_odd", 2.0, 4.0),
        ("w_x4_off8", 16.0, 17.0),
        ("bcast", 3.0, 3.0),
        ("lds_b96", 14.0, 16.0),
    ] {
        let m = run(name, 1).report.metrics.expect("metrics");
        assert_eq!(m.coalescing, Some(100.0 * ideal / lines), "{name}");
    }
    // no vector memory instruction ran: no coalescing figure
    let m = run("partial_none", 1).report.metrics.expect("metrics");
    assert_eq!(m.coalescing, None);
    assert_eq!(m.l1_hit_rate, None);
}

/// Per-instruction figures (the PCs from llvm-objdump's disassembly) add up to the dispatch totals.
#[derive(Default)]
struct Batch {
    pcs: BTreeMap<u64, Pc>,
    cur: Option<(u64, Pc)>,
    counters: MemCounters,
    lds_accesses: u64,
}

#[derive(Default, Debug, Clone, Copy, PartialEq, Eq)]
struct Pc {
    n: u64,
    kind: u8,
    lines: u64,
    l1_hits: u64,
    l2_hits: u64,
    hbm: u64,
    lds_cycles: u64,
    lds_conflicts: u64,
    scalar_lines: u64,
    scalar_hits: u64,
    scalar_dups: u64,
    bytes: u64,
}

impl TimingSink for Batch {
    fn issue(&mut self, _: u32, _: u64, _: u64, _: u64) {}
    fn stall(&mut self, _: u32, _: u64, _: u64, _: u64, _: StallReason, _: &[u64]) {}
    fn mem_access(&mut self, _: u32, pc: u64, a: &MemAccess) {
        self.cur = Some((
            pc,
            Pc {
                n: 1,
                kind: a.kind,
                lines: a.lines as u64,
                l1_hits: a.l1_hits as u64,
                l2_hits: a.l2_hits as u64,
                hbm: a.hbm_lines as u64,
                lds_cycles: a.lds_cycles as u64,
                lds_conflicts: a.lds_conflict_cycles as u64,
                bytes: a.bytes,
                ..Pc::default()
            },
        ));
    }
    fn scalar_access(&mut self, _: u32, pc: u64, a: &ScalarAccess) {
        self.cur = Some((
            pc,
            Pc {
                n: 1,
                kind: 100,
                scalar_lines: a.lines as u64,
                scalar_hits: a.hits as u64,
                scalar_dups: a.duplicates as u64,
                bytes: a.bytes as u64,
                ..Pc::default()
            },
        ));
    }
    fn mem_issue(&mut self, _: u32, pc: u64, _: u64, _: u64) {
        if let Some((p, m)) = self.cur.take() {
            assert_eq!(p, pc);
            let e = self.pcs.entry(pc).or_default();
            e.n += m.n;
            e.kind = m.kind;
            e.lines += m.lines;
            e.l1_hits += m.l1_hits;
            e.l2_hits += m.l2_hits;
            e.hbm += m.hbm;
            e.lds_cycles += m.lds_cycles;
            e.lds_conflicts += m.lds_conflicts;
            e.scalar_lines += m.scalar_lines;
            e.scalar_hits += m.scalar_hits;
            e.scalar_dups += m.scalar_dups;
            e.bytes += m.bytes;
        }
    }
}

/// A batch run of a case with a sink that keeps per-PC figures; also the dispatch's memory counters.
fn batch(name: &str, jobs: usize) -> (Batch, Session) {
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let s = Session::load(&case(name), &opts).unwrap();
    let table = Arc::new(TimingTable::for_dispatch(
        &s.dispatch,
        CycleModel::default(),
    ));
    let (_, fault, obs) = run_observed(&s.dispatch, &opts, || {
        TimingObserver::with_sink(table.clone(), Batch::default())
    });
    assert!(fault.is_none(), "{name}");
    let mut b = Batch::default();
    for o in obs {
        b.counters.add(&o.mem_counters().expect("memory system"));
        for (pc, m) in &o.sink.pcs {
            let e = b.pcs.entry(*pc).or_default();
            e.n += m.n;
            e.kind = m.kind;
            e.lines += m.lines;
            e.l1_hits += m.l1_hits;
            e.l2_hits += m.l2_hits;
            e.hbm += m.hbm;
            e.lds_cycles += m.lds_cycles;
            e.lds_conflicts += m.lds_conflicts;
            e.scalar_lines += m.scalar_lines;
            e.scalar_hits += m.scalar_hits;
            e.scalar_dups += m.scalar_dups;
            e.bytes += m.bytes;
        }
    }
    b.lds_accesses = b
        .pcs
        .values()
        .filter(|p| p.kind == MemAccess::LDS)
        .map(|p| p.n)
        .sum();
    (b, s)
}

/// The PC of the `nth` instruction of `kernel` whose llvm-objdump text starts with `text`.
fn pc_of(kernel: &str, text: &str, nth: usize) -> u64 {
    let dis = std::fs::read_to_string(dir().join("kernel.objdump.txt")).unwrap();
    let head = format!("<{kernel}>:");
    let body = dis
        .split("\n\n")
        .find(|s| s.lines().any(|l| l.ends_with(&head)))
        .unwrap_or_else(|| panic!("{kernel} not in the disassembly"));
    let line = body
        .lines()
        .filter(|l| l.trim_start().starts_with(text))
        .nth(nth)
        .unwrap_or_else(|| panic!("{kernel}: no {nth}th `{text}`"));
    let addr = line.split("// ").nth(1).unwrap().split(':').next().unwrap();
    u64::from_str_radix(addr.trim(), 16).unwrap()
}

fn at(b: &Batch, kernel: &str, text: &str, nth: usize) -> Pc {
    let pc = pc_of(kernel, text, nth);
    *b.pcs
        .get(&pc)
        .unwrap_or_else(|| panic!("{kernel}: `{text}` at {pc:#x} has no memory figure"))
}

#[test]
fn per_instruction_figures_worked_by_hand() {
    // buffer: the in-range lanes' lines, then the same lines again (L1 hits), then the store's
    let (b, _) = batch("buf_ld", 1);
    let ld = at(&b, "buf_ld", "buffer_load_dword ", 0);
    assert_eq!((ld.lines, ld.l1_hits, ld.hbm), (2, 0, 2));
    // bytes asked for count every active lane, out of range or not (64 x 4, 64 x 16)
    assert_eq!(ld.bytes, 256);
    let x4 = at(&b, "buf_ld", "buffer_load_dwordx4", 0);
    assert_eq!((x4.lines, x4.l1_hits, x4.bytes), (2, 2, 1024));
    let st = at(&b, "buf_ld", "buffer_store_dword", 0);
    assert_eq!((st.lines, st.l1_hits, st.hbm), (2, 0, 2));

    // global_load_lds: lines 2, 6, 8 (all from HBM)
    let (b, _) = batch("gload_lds", 1);
    for (text, lines) in [
        ("global_load_lds_dword ", 2),
        ("global_load_lds_dwordx3", 6),
        ("global_load_lds_dwordx4", 8),
    ] {
        let p = at(&b, "gload_lds", text, 0);
        assert_eq!(
            (p.kind, p.lines, p.hbm),
            (MemAccess::LOAD, lines, lines),
            "{text}"
        );
    }
    let r = at(&b, "gload_lds", "ds_read_b32", 1);
    assert_eq!((r.lds_cycles, r.lds_conflicts), (4, 3));

    // scalar loads of p (64-byte aligned buffer): x16 = p[0..15], line 0: a miss; x8 = p[16..23], line 1: a
    // miss; dword p[30], x2 p[28..29], x4 p[24..27]: line 1 again while its fill is on its way: duplicates
    let (b, _) = batch("sload", 1);
    let x16 = at(&b, "sload", "s_load_dwordx16", 0);
    assert_eq!(
        (x16.scalar_lines, x16.scalar_hits, x16.scalar_dups),
        (1, 0, 0)
    );
    assert_eq!(x16.bytes, 64);
    let x8 = at(&b, "sload", "s_load_dwordx8", 0);
    assert_eq!((x8.scalar_lines, x8.scalar_hits, x8.scalar_dups), (1, 0, 0));
    for text in [
        "s_load_dword s15",
        "s_load_dwordx2",
        "s_load_dwordx4 s[8:11]",
    ] {
        let p = at(&b, "sload", text, 0);
        assert_eq!(
            (p.scalar_lines, p.scalar_hits, p.scalar_dups),
            (1, 0, 1),
            "{text}"
        );
    }
    assert_eq!(
        (
            b.counters.scalar_accesses,
            b.counters.scalar_misses,
            b.counters.scalar_duplicate_misses
        ),
        (6, 3, 3),
        "kernarg line + p's two lines missed; three duplicates"
    );

    // s_buffer_load through a V# of 100 bytes (64-byte aligned buffer): dword @0 misses line 0; x2 @8, x4
    // @0x10, x8 @0x20 find its fill on its way (duplicates); x16 @0x40 reads dwords 16..24 in range = bytes
    // 64..99, line 1: a miss; after the wait, dword @0x80 is out of range (no lookup), dword @4 hits line 0
    let (b, _) = batch("sbuf", 1);
    let want = [
        ("s_buffer_load_dword s33", (1, 0, 0, 4)),
        ("s_buffer_load_dwordx2", (1, 0, 1, 8)),
        ("s_buffer_load_dwordx4", (1, 0, 1, 16)),
        ("s_buffer_load_dwordx8", (1, 0, 1, 32)),
        ("s_buffer_load_dwordx16", (1, 0, 0, 36)),
        ("s_buffer_load_dword s28", (1, 1, 0, 4)),
    ];
    for (text, (lines, hits, dups, bytes)) in want {
        let p = at(&b, "sbuf", text, 0);
        assert_eq!(
            (p.scalar_lines, p.scalar_hits, p.scalar_dups, p.bytes),
            (lines, hits, dups, bytes),
            "{text}"
        );
    }
    assert!(!b
        .pcs
        .contains_key(&pc_of("sbuf", "s_buffer_load_dword s34", 0)));

    // EXEC = 0: one vector memory instruction, no line, no byte
    let (b, _) = batch("exec0", 1);
    let p = at(&b, "exec0", "global_load_dword", 0);
    assert_eq!((p.n, p.lines, p.bytes), (1, 0, 0));

    // LDS per instruction: write2st64 4 cycles (2 conflicts) each, read2 offset1:32 2 (0), read_b32 1 (0)
    let (b, _) = batch("lds_read2", 1);
    for k in 0..3 {
        let p = at(&b, "lds_read2", "ds_write2st64_b32", k);
        assert_eq!((p.lds_cycles, p.lds_conflicts, p.bytes), (4, 2, 512));
    }
    let p = at(&b, "lds_read2", "ds_read2_b32", 0);
    assert_eq!((p.lds_cycles, p.lds_conflicts), (2, 0));
    let p = at(&b, "lds_read2", "ds_read_b32", 0);
    assert_eq!((p.lds_cycles, p.lds_conflicts), (1, 0));

    // b128 swizzle: the write 16 cycles (8 conflicts), the read 4 (0)
    let (b, _) = batch("lds_b128_swz", 1);
    let w = at(&b, "lds_b128", "ds_write_b128", 0);
    assert_eq!((w.lds_cycles, w.lds_conflicts, w.bytes), (16, 8, 1024));
    let r = at(&b, "lds_b128", "ds_read_b128", 0);
    assert_eq!((r.lds_cycles, r.lds_conflicts), (4, 0));

    // misaligned dwordx4: 9 lines
    let (b, _) = batch("w_x4_off8", 1);
    assert_eq!(at(&b, "w_x4", "global_load_dwordx4", 0).lines, 9);

    // atomics: 1 line (no return), 2 lines (return), both atomics
    let (b, _) = batch("atom", 1);
    let a0 = at(&b, "atom", "global_atomic_add", 0);
    let a1 = at(&b, "atom", "global_atomic_add", 1);
    assert_eq!((a0.kind, a0.lines), (MemAccess::ATOMIC, 1));
    assert_eq!((a1.kind, a1.lines), (MemAccess::ATOMIC, 2));

    // ds_bpermute has no memory figure; the flat load and store to LDS are counted, without a line
    let (b, _) = batch("bperm", 1);
    assert!(!b.pcs.contains_key(&pc_of("bperm", "ds_bpermute_b32", 0)));
    let (b, _) = batch("flat_lds", 1);
    let f = at(&b, "flat_ld", "flat_load_dword", 0);
    assert_eq!(
        (f.n, f.kind, f.lines, f.bytes),
        (1, MemAccess::LOAD, 0, 256)
    );
    let f = at(&b, "flat_ld", "flat_store_dword", 0);
    assert_eq!(
        (f.n, f.kind, f.lines, f.bytes),
        (1, MemAccess::STORE, 0, 256)
    );
    // scratch: each of the 128 stores once, no line
    let (b, _) = batch("scratch", 1);
    let stores: Vec<&Pc> = b
        .pcs
        .iter()
        .filter(|(pc, _)| (0..128).any(|k| **pc == pc_of("scratch_k", "scratch_store_dword", k)))
        .map(|(_, p)| p)
        .collect();
    assert_eq!(stores.len(), 128);
    assert!(stores
        .iter()
        .all(|p| (p.n, p.kind, p.lines) == (1, MemAccess::STORE, 0)));
    let l = at(&b, "scratch_k", "scratch_load_dword", 0);
    assert_eq!((l.n, l.kind, l.lines), (1, MemAccess::LOAD, 0));
    let (b, _) = batch("flat_global", 1);
    let f = at(&b, "flat_ld", "flat_load_dword", 0);
    assert_eq!((f.kind, f.lines), (MemAccess::LOAD, 2));

    // reuse, reversed second pass: 256 L1 hits, all at the second pass's load instructions
    let (b, _) = batch("reuse_48k_rev", 1);
    assert_eq!(b.pcs.values().map(|p| p.l1_hits).sum::<u64>(), 256);
}

/// Summed over instructions, every figure equals its dispatch counter; for every case, and the same for
/// `--jobs 1` and `--jobs 2` (l2_share: 16 work-groups over 8 XCDs).
#[test]
fn per_instruction_sums_equal_the_counters_for_jobs_1_and_2() {
    for (name, _) in EXPECTED {
        for jobs in [1, 2] {
            let (b, _) = batch(name, jobs);
            let c = &b.counters;
            let vm = b.pcs.values().filter(|p| p.kind >= 1 && p.kind <= 3);
            let (mut n, mut lines, mut l1, mut l2, mut hbm) = (0, 0, 0, 0, 0);
            for p in vm {
                n += p.n;
                lines += p.lines;
                l1 += p.l1_hits;
                l2 += p.l2_hits;
                hbm += p.hbm;
            }
            assert_eq!(
                n,
                c.vmem_read_insts + c.vmem_write_insts + c.vmem_atomic_insts,
                "{name}"
            );
            assert_eq!(lines, c.l1_accesses, "{name}");
            assert_eq!(l1, c.l1_hits, "{name}");
            assert_eq!(l2, c.l2_hits, "{name}");
            assert_eq!(hbm, c.hbm_read_req + c.hbm_write_req, "{name}");
            let lds = b.pcs.values().filter(|p| p.kind == MemAccess::LDS);
            let (mut cyc, mut conf) = (0, 0);
            for p in lds {
                cyc += p.lds_cycles;
                conf += p.lds_conflicts;
            }
            assert_eq!(
                (cyc, conf),
                (c.lds_active_cycles, c.lds_conflict_cycles),
                "{name}"
            );
            let sc = b.pcs.values().filter(|p| p.kind == 100);
            let (mut sl, mut sh, mut sd) = (0, 0, 0);
            for p in sc {
                sl += p.scalar_lines;
                sh += p.scalar_hits;
                sd += p.scalar_dups;
            }
            assert_eq!(
                (sl, sh, sd),
                (c.scalar_accesses, c.scalar_hits, c.scalar_duplicate_misses),
                "{name}"
            );
        }
    }
    let a = run("l2_share", 1);
    let b = run("l2_share", 2);
    assert_eq!(a.report.counters, b.report.counters);
    assert_eq!(a.report.metrics, b.report.metrics);
    assert_eq!(a.report.cycles, b.report.cycles);
}

/// A microkernel whose lanes fault: one clear error naming the instruction, its lanes and address; the
/// counters hold what ran before it (the faulting load is not counted). A zero-size dispatch is refused when
/// the case loads.
#[test]
fn a_faulting_microkernel_and_a_zero_size_dispatch() {
    let text = std::fs::read_to_string(case("stride_2")).unwrap();
    let mut j: serde_json::Value = serde_json::from_str(&text).unwrap();
    j["args"][2]["value"] = serde_json::json!(1u64 << 24); // lane t at 64 MiB x t: past the 16 KiB buffer
    let tmp = std::env::temp_dir().join(format!("ws_memory_r2_{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for f in ["kernel.hsaco", "in_u32_4096.bin"] {
        std::fs::copy(dir().join(f), tmp.join(f)).unwrap();
    }
    let p = tmp.join("case_fault.json");
    std::fs::write(&p, serde_json::to_string(&j).unwrap()).unwrap();
    let opts = RunOptions::default();
    let s = Session::load(&p, &opts).unwrap();
    let o = s.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    let f = o.report.fault.as_ref().expect("a memory fault");
    let msg = format!("{f:?}");
    assert!(msg.contains("global_load_dword"), "{msg}");
    assert!(msg.contains("outside every buffer"), "{msg}");
    let c = o.report.counters.expect("counters up to the fault");
    assert_eq!((c.SQ_INSTS_VMEM_RD, c.TCP_TOTAL_CACHE_ACCESSES_sum), (0, 0));
    assert_eq!(c.SQ_INSTS_SMEM, 2, "the two kernarg loads before the fault");

    j["grid"] = serde_json::json!([0, 1, 1]);
    std::fs::write(&p, serde_json::to_string(&j).unwrap()).unwrap();
    let e = Session::load(&p, &opts).err().expect("grid 0 is refused");
    assert!(format!("{e}").contains("grid"), "{e}");
    std::fs::remove_dir_all(&tmp).ok();
}
