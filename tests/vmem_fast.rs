//! GLOBAL/FLAT loads and stores: the AVX-512 vector pass (`vmem::fast`) and the 64-address dword path against the
//! per-lane path (the reference), which every handler can be pinned to (`GlobalMemory::set_vmem_path`).
//!
//! Instructions are llvm-mc-22's encodings (`llvm-mc-22 -triple=amdgcn -mcpu=gfx950 -show-encoding`), decoded by
//! wavescope's decoder: dword to dwordx4 loads and stores in the vaddr and saddr forms with positive and negative
//! offsets, a load whose destination overwrites its own address registers, sub-dword loads (which the vector pass
//! also takes) and stores, and FLAT
//! (lanes may route to LDS or scratch). Each runs on random waves over lane address layouts that cover what the
//! vector pass decides on: contiguous runs, strides (0, 8, 12, 16, backwards), gemm's half-wave patterns (two
//! contiguous halves reading the same row; two broadcast halves), random lanes in one buffer, unaligned lanes,
//! lanes spanning two buffers, low address dwords wrapping under one high dword, back-to-back dwordx2 / dwordx4
//! elements, a lane just past or before a buffer or far away, runs past a buffer's end, a buffer across a 4 GiB
//! boundary (high address dwords differ), read-only memory, duplicate store addresses (the later
//! lane must win), FLAT lanes in the LDS and private apertures, wild addresses; under full, empty, single-lane,
//! half and random EXEC masks with wild addresses in inactive lanes.
//!
//! Every path must leave the same registers, memory, LDS and the same result (flow or fault: kind, lanes, address
//! and message). The vector pass is also run alone (`vmem::vector_pass_only`) and must have taken the coalesced
//! layouts, so the comparison exercises it.

use wavescope::exec::semantics::{
    self,
    vmem::{self, VmemPath},
};
use wavescope::exec::wave::HalfRuns;
use wavescope::exec::{Apertures, Ctx, GlobalMemory, Region, RegionKind, Wave, WaveId, LANES};
use wavescope::isa::decode::decode;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

/// (assembly, its two words from llvm-mc-22).
const INSTS: &[(&str, [u32; 2])] = &[
    (
        "global_load_dword v4, v[0:1], off",
        [0xDC508000, 0x047F0000],
    ),
    (
        "global_load_dword v4, v[0:1], off offset:-12",
        [0xDC509FF4, 0x047F0000],
    ),
    (
        "global_load_dwordx2 v[4:5], v[0:1], off offset:8",
        [0xDC548008, 0x047F0000],
    ),
    (
        "global_load_dwordx3 v[4:6], v[0:1], off",
        [0xDC588000, 0x047F0000],
    ),
    (
        "global_load_dwordx4 v[4:7], v[0:1], off offset:4",
        [0xDC5C8004, 0x047F0000],
    ),
    (
        "global_load_dwordx4 v[0:3], v[0:1], off",
        [0xDC5C8000, 0x007F0000],
    ),
    (
        "global_load_dword v4, v2, s[10:11] offset:-8",
        [0xDC509FF8, 0x040A0002],
    ),
    (
        "global_load_dwordx2 v[4:5], v2, s[10:11] offset:16",
        [0xDC548010, 0x040A0002],
    ),
    (
        "global_load_ubyte v4, v[0:1], off offset:3",
        [0xDC408003, 0x047F0000],
    ),
    (
        "global_load_sshort v4, v[0:1], off",
        [0xDC4C8000, 0x047F0000],
    ),
    (
        "global_load_sbyte v4, v[0:1], off offset:-1",
        [0xDC449FFF, 0x047F0000],
    ),
    (
        "global_load_ushort v4, v2, s[10:11] offset:2",
        [0xDC488002, 0x040A0002],
    ),
    (
        "global_load_ubyte_d16 v4, v[0:1], off offset:3",
        [0xDC808003, 0x047F0000],
    ),
    (
        "global_load_ubyte_d16_hi v4, v[0:1], off",
        [0xDC848000, 0x047F0000],
    ),
    (
        "global_load_sbyte_d16 v4, v2, s[10:11] offset:-1",
        [0xDC889FFF, 0x040A0002],
    ),
    (
        "global_load_sbyte_d16_hi v4, v[0:1], off offset:1",
        [0xDC8C8001, 0x047F0000],
    ),
    (
        "global_load_short_d16 v4, v[0:1], off offset:2",
        [0xDC908002, 0x047F0000],
    ),
    (
        "global_load_short_d16_hi v4, v[0:1], off",
        [0xDC948000, 0x047F0000],
    ),
    (
        "flat_load_short_d16_hi v4, v[0:1] offset:6",
        [0xDC940006, 0x04000000],
    ),
    (
        "global_store_dwordx2 v[0:1], v[0:1], off offset:4",
        [0xDC748004, 0x007F0000],
    ),
    (
        "global_store_dwordx4 v[0:1], v[2:5], off offset:-16",
        [0xDC7C9FF0, 0x007F0200],
    ),
    (
        "flat_load_ubyte v4, v[0:1] offset:5",
        [0xDC400005, 0x04000000],
    ),
    (
        "global_store_dword v[0:1], v4, off",
        [0xDC708000, 0x007F0400],
    ),
    (
        "global_store_dword v[0:1], v4, off offset:-4",
        [0xDC709FFC, 0x007F0400],
    ),
    (
        "global_store_dwordx2 v[0:1], v[4:5], off",
        [0xDC748000, 0x007F0400],
    ),
    (
        "global_store_dwordx3 v[0:1], v[4:6], off offset:12",
        [0xDC78800C, 0x007F0400],
    ),
    (
        "global_store_dwordx4 v[0:1], v[4:7], off",
        [0xDC7C8000, 0x007F0400],
    ),
    (
        "global_store_dword v2, v4, s[10:11] offset:4",
        [0xDC708004, 0x000A0402],
    ),
    (
        "global_store_dwordx4 v2, v[4:7], s[10:11]",
        [0xDC7C8000, 0x000A0402],
    ),
    (
        "global_store_byte v[0:1], v4, off offset:1",
        [0xDC608001, 0x007F0400],
    ),
    (
        "global_store_short v[0:1], v4, off",
        [0xDC688000, 0x007F0400],
    ),
    ("flat_load_dword v4, v[0:1]", [0xDC500000, 0x04000000]),
    (
        "flat_load_dwordx4 v[4:7], v[0:1] offset:16",
        [0xDC5C0010, 0x04000000],
    ),
    (
        "flat_store_dword v[0:1], v4 offset:8",
        [0xDC700008, 0x00000400],
    ),
    (
        "flat_store_dwordx2 v[0:1], v[4:5]",
        [0xDC740000, 0x00000400],
    ),
];

/// The buffers: (base, size, writable). Two adjacent ones, a read-only one, one across the 4 GiB boundary, one
/// high up.
const REGIONS: [(u64, u64, bool); 5] = [
    (0x1000, 0x800, true),
    (0x1800, 0x400, true),
    (0x4000, 0x200, false),
    (0xFFFF_FF00, 0x200, true),
    (0x7_0000_0000, 0x1_0000, true),
];

const LDS_BYTES: usize = 0x400;

/// Memory with every region filled from `seed`.
fn memory(seed: u64) -> GlobalMemory {
    let mut rng = Rng(seed | 1);
    let mut m = GlobalMemory::new();
    for (k, &(base, size, writable)) in REGIONS.iter().enumerate() {
        let bytes: Vec<u8> = (0..size).map(|_| rng.next() as u8).collect();
        m.map(Region::new(
            base,
            &bytes,
            size,
            format!("buffer {k}"),
            RegionKind::Other,
            writable,
        ))
        .unwrap();
    }
    m
}

/// Number of address layouts `addresses` knows.
const LAYOUTS: u64 = 20;

/// Layouts the vector pass must take when the instruction's dwords stay inside the buffer (full EXEC; vaddr).
fn coalesced(layout: u64) -> bool {
    matches!(layout, 0 | 2 | 3)
}

/// Lane addresses (what v[0:1] hold) of `layout`, inside or around region `r`.
fn addresses(rng: &mut Rng, layout: u64, r: usize) -> [u64; LANES] {
    let (base, size, _) = REGIONS[r];
    // a dword-aligned start in the first half (a 64-lane dword run fits in every region's first half but the
    // read-only one's, whose runs may pass its end)
    let start = base + 4 * rng.below(size / 8);
    let mut a = [0u64; LANES];
    for (l, x) in a.iter_mut().enumerate() {
        let l = l as u64;
        *x = match layout {
            0 => base + 4 * l,           // coalesced from the buffer's start
            1 => start + 4 * l,          // coalesced from a random start
            2 => base + 4 * (l % 32),    // gemm B: both halves read the same row
            3 => base + 0x40 * (l / 32), // gemm A: each half one broadcast dword
            4 => start + [0, 8, 12, 16][(rng.0 % 4) as usize] * l, // strides (same for the wave: rng.0 fixed here)
            5 => base + size - 4 - 4 * l,                          // backwards from the end
            6 => base + 4 * rng.below(size / 4),                   // random dwords of the buffer
            7 => base + rng.below(size), // random bytes (mostly unaligned)
            8 => start + 4 * l + 1,      // a misaligned run
            9 => 0x1800 - 0x80 + 4 * l,  // across the two adjacent buffers
            10 => base + size - 4 * 40 + 4 * l, // a run past the end
            11 => start + 4 * (l % 8),   // duplicate dwords (stores: the later lane wins)
            12 => 0xFFFF_FF00 + 4 * l,   // across 4 GiB: lanes' high dwords differ
            13 => rng.next(),            // wild
            14 => {
                // FLAT: some lanes in the LDS aperture, one maybe in the private one
                match rng.below(8) {
                    0 => Apertures::default().shared_base + 4 * rng.below(LDS_BYTES as u64 / 4),
                    1 if rng.below(4) == 0 => Apertures::default().private_base + 4 * l,
                    _ => start + 4 * l,
                }
            }
            16 => start + 8 * l, // dwordx2 elements back to back (interleaved stores)
            17 => base + 16 * l, // dwordx4 elements back to back
            // low dwords that wrap past 2^32 under one high dword: lanes 0..32 ascending in v0 mod 2^32 but not one
            // run of addresses (lanes 16..32 at 0..0x40, unmapped), lanes 32.. a run in region 3; the 128 bytes from
            // lane 0 are mapped too, so a half-wave run taken from its first lane alone would read or write them
            // instead of faulting
            18 if l < 32 => (0xFFFF_FFC0u32).wrapping_add(4 * l as u32) as u64,
            18 => 0xFFFF_FF00 + 4 * (l - 32),
            // one half a broadcast, the other a run (which is which from the wave's seed)
            19 if (l < 32) == (rng.0 % 2 == 0) => base + 0x40,
            19 => start + 4 * (l % 32),
            _ => start + 4 * l,
        };
    }
    if layout == 15 {
        // one lane just before the buffer, just past it, or far away
        let lane = rng.below(64) as usize;
        a[lane] = match rng.below(3) {
            0 => base.wrapping_sub(4),
            1 => base + size,
            _ => 0xDEAD_0000,
        };
    }
    a
}

fn exec_mask(rng: &mut Rng) -> u64 {
    match rng.below(8) {
        0..=2 => u64::MAX,
        3 => 0,
        4 => 1 << rng.below(64),
        5 => 0xFFFF_FFFF,
        6 => 0xFFFF_FFFF_0000_0000,
        _ => rng.next(),
    }
}

/// What one run leaves: the handler's result, the registers, every buffer and the LDS.
#[derive(Debug, PartialEq)]
struct Outcome {
    result: Result<wavescope::exec::FlowWord, Box<wavescope::exec::Fault>>,
    vreg: Vec<[u32; LANES]>,
    sgpr: Vec<u32>,
    memory: Vec<Vec<u8>>,
    lds: Vec<u8>,
}

fn snapshot(
    result: Result<wavescope::exec::FlowWord, Box<wavescope::exec::Fault>>,
    w: &Wave,
    mem: &GlobalMemory,
    lds: &[u8],
) -> Outcome {
    Outcome {
        result,
        vreg: w.vreg.to_vec(),
        sgpr: w.sgpr.to_vec(),
        memory: mem.regions().iter().map(|r| r.to_bytes()).collect(),
        lds: lds.to_vec(),
    }
}

/// A stale aperture mask for the record's sentinel (it must be overwritten where lanes are active).
fn rng_fill(exec: u64) -> u64 {
    !exec ^ 0x5555_5555_5555_5555
}

#[test]
fn global_and_flat_accesses_match_the_per_lane_path() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    // The vector passes this host runs: the AVX-512 one (`Fastest` there) and the AVX2 one (pinned with
    // `VmemPath::Avx2`, so an AVX-512 host checks it too); both take sub-dword loads.
    let passes: Vec<(VmemPath, &str)> = [(VmemPath::Fastest, "avx512"), (VmemPath::Avx2, "avx2")]
        .into_iter()
        .filter(|&(path, name)| vmem::vector_pass_on(path) == Some(name))
        .collect();
    let mut taken = vec![0u64; passes.len()];
    let mut coalesced_cases = vec![0u64; passes.len()];
    let mut shaped_cases = 0u64;
    for (name, words) in INSTS {
        let inst = decode(words, 0x1000);
        assert!(
            inst.name().starts_with(name.split(' ').next().unwrap()),
            "{name}: decodes as {}",
            inst.name()
        );
        let h = semantics::handler(&inst);
        let saddr = name.contains("s[10:11]");
        for trial in 0..600u64 {
            let layout = trial % LAYOUTS;
            let r = rng.below(REGIONS.len() as u64) as usize;
            let exec = if trial < LAYOUTS * 4 {
                u64::MAX
            } else {
                exec_mask(&mut rng)
            };
            let addrs = addresses(&mut rng, layout, r);
            let mut w = Wave::new(WaveId::default());
            w.set_exec(exec);
            // Where the vector pass's region search starts (`Wave::region_hints`, by PC): any region, or none, the
            // answer is the same.
            w.pc = 0x1000 + 4 * rng.below(16);
            w.region_hints = std::array::from_fn(|_| rng.below(REGIONS.len() as u64 + 2) as u8);
            for row in w.vreg.iter_mut().take(16) {
                for x in row.iter_mut() {
                    *x = rng.next() as u32;
                }
            }
            // saddr form: s[10:11] a little below the lanes, v2 the 32-bit lane offsets
            let sbase = addrs[exec.trailing_zeros() as usize & 63].wrapping_sub(rng.below(0x100));
            w.sgpr[10] = sbase as u32;
            w.sgpr[11] = (sbase >> 32) as u32;
            for (l, &addr) in addrs.iter().enumerate() {
                let a = if exec >> l & 1 != 0 {
                    addr
                } else {
                    rng.next() // inactive lanes hold anything
                };
                w.vreg[0][l] = a as u32;
                w.vreg[1][l] = (a >> 32) as u32;
                w.vreg[2][l] = a.wrapping_sub(sbase) as u32;
            }
            let mem_seed = rng.next();
            let lds0: Vec<u8> = (0..LDS_BYTES).map(|_| rng.next() as u8).collect();
            let run = |path: VmemPath| {
                let mut w = w.clone();
                let mut mem = memory(mem_seed);
                mem.set_vmem_path(path);
                let mut lds = lds0.clone();
                let mut ctx = Ctx {
                    mem: &mem,
                    lds: &mut lds,
                    apertures: Apertures::default(),
                };
                let res = h(&mut w, &inst, &mut ctx);
                snapshot(res, &w, &mem, &lds)
            };
            let reference = run(VmemPath::PerLane);
            let what = format!("{name}: trial {trial} layout {layout} region {r} exec {exec:#x}");
            // the cycle model's lane addresses: the AVX-512 lane pass equals the per-lane loop (every lane, and the
            // answer: a FLAT lane in an aperture)
            assert_eq!(
                vmem::global_lane_addrs_on(
                    VmemPath::Fastest,
                    &w,
                    &inst,
                    Apertures::default(),
                    exec
                ),
                vmem::global_lane_addrs_on(
                    VmemPath::PerLane,
                    &w,
                    &inst,
                    Apertures::default(),
                    exec
                ),
                "lane addresses: {what}"
            );
            assert_eq!(run(VmemPath::Dwords), reference, "dword path: {what}");
            assert_eq!(run(VmemPath::Avx2), reference, "AVX2 path: {what}");
            assert_eq!(run(VmemPath::Fastest), reference, "fastest path: {what}");

            // The lane addresses each path records for the memory model (`Wave::lane_addrs`, wanted): the active
            // lanes' addresses and which of them are in a FLAT aperture, as the per-lane path records them, on
            // every path (the vector pass from its own registers), recorded before a load overwrites its
            // address registers and before a fault; nothing when no lane is active.
            let recorded = |path: VmemPath| {
                let mut w = w.clone();
                w.lane_addrs.wanted = true;
                w.lane_addrs.at = u64::MAX;
                w.lane_addrs.aperture = rng_fill(exec);
                w.lane_addrs.addrs = [0xDEAD_BEEF; LANES];
                w.instructions = 7;
                let mut mem = memory(mem_seed);
                mem.set_vmem_path(path);
                let mut lds = lds0.clone();
                let mut ctx = Ctx {
                    mem: &mem,
                    lds: &mut lds,
                    apertures: Apertures::default(),
                };
                // a stale shape no path may leave behind
                w.lane_addrs.halves = Some(HalfRuns {
                    first: [0xDEAD_BEEF, 0],
                    uniform: [true, false],
                    width: 4,
                });
                let _ = h(&mut w, &inst, &mut ctx);
                let r = &w.lane_addrs;
                // a recorded shape (the vector passes' full-EXEC dword accesses) stands for the addresses, which
                // the handler then leaves stale (the sentinel above): the addresses it expands to are compared
                let shape = r.halves.filter(|_| r.at == 7);
                if shape.is_some() {
                    assert_eq!(exec, !0, "{path:?}: a shape for a partial EXEC: {what}");
                }
                let active: Vec<u64> = (0..LANES)
                    .filter(|l| exec >> l & 1 != 0)
                    .map(|l| shape.map_or(r.addrs[l], |s| s.addr(l)))
                    .collect();
                (
                    (r.at, r.aperture & exec, active),
                    r.halves.is_some() && r.at == 7,
                )
            };
            let want = recorded(VmemPath::PerLane).0;
            if exec != 0 {
                assert_eq!(want.0, 7, "per-lane path recorded nothing: {what}");
                // the reference's addresses are the ISA's: vaddr + offset, or saddr + vaddr offset + offset
                let off = inst.imm as i64 as u64;
                let isa: Vec<u64> = (0..LANES)
                    .filter(|l| exec >> l & 1 != 0)
                    .map(|l| {
                        if saddr {
                            sbase.wrapping_add(w.vreg[2][l] as u64).wrapping_add(off)
                        } else {
                            (w.vreg[0][l] as u64 | (w.vreg[1][l] as u64) << 32).wrapping_add(off)
                        }
                    })
                    .collect();
                assert_eq!(want.2, isa, "recorded lane addresses: {what}");
            }
            assert_eq!(
                recorded(VmemPath::Dwords).0,
                want,
                "dword path record: {what}"
            );
            assert_eq!(recorded(VmemPath::Avx2).0, want, "AVX2 path record: {what}");
            let (fastest, fastest_shaped) = recorded(VmemPath::Fastest);
            assert_eq!(fastest, want, "fastest path record: {what}");

            // Coalesced layouts inside a buffer the instruction may use, full EXEC, vaddr: the pass must take them.
            let n: u64 = match name.split(' ').next().unwrap() {
                s if s.ends_with("dwordx2") => 2,
                s if s.ends_with("dwordx3") => 3,
                s if s.ends_with("dwordx4") => 4,
                s if s.ends_with("dword") => 1,
                _ => 0,
            };
            // bytes per lane and their alignment; sub-dword loads (ubyte, sshort) take the pass too
            let op = name.split(' ').next().unwrap();
            let (bytes, align) = match op {
                s if s.ends_with("load_ubyte") || s.ends_with("load_sbyte") => (1, 1),
                s if s.ends_with("load_sshort") || s.ends_with("load_ushort") => (2, 2),
                s if s.ends_with("byte_d16") || s.ends_with("byte_d16_hi") => (1, 1),
                s if s.ends_with("short_d16") || s.ends_with("short_d16_hi") => (2, 2),
                _ => (4 * n, 4),
            };
            let (base, size, writable) = REGIONS[r];
            let fits = addrs.iter().all(|&a| {
                let a = a.wrapping_add(inst.imm as i64 as u64);
                a >= base && a + bytes <= base + size && (a - base) % align == 0
            });
            let must_take = bytes > 0
                && exec == u64::MAX
                && coalesced(layout)
                && fits
                && !saddr
                && (writable || name.contains("load"));
            // The AVX-512 pass records the shape of the gemm layouts it takes (each half one run of dwords or one
            // broadcast), so the memory system need not compare the 64 addresses again.
            if must_take && n == 1 && vmem::vector_pass_on(VmemPath::Fastest) == Some("avx512") {
                shaped_cases += 1;
                assert!(fastest_shaped, "avx512 pass recorded no shape: {what}");
            }

            // each vector pass alone: when it takes the instruction, the outcome is the reference's
            for (p, &(path, pass)) in passes.iter().enumerate() {
                coalesced_cases[p] += must_take as u64;
                let what = format!("{pass} pass: {what}");
                let mut w2 = w.clone();
                let mut mem = memory(mem_seed);
                mem.set_vmem_path(path);
                let mut lds = lds0.clone();
                let ctx = Ctx {
                    mem: &mem,
                    lds: &mut lds,
                    apertures: Apertures::default(),
                };
                match vmem::vector_pass_only(&mut w2, &inst, &ctx) {
                    None => assert!(bytes == 0, "{what}: an access the pass does not know"),
                    Some(true) => {
                        taken[p] += 1;
                        assert!(
                            reference.result.is_ok(),
                            "{what}: the vector pass took an access the per-lane path faults on"
                        );
                        let got = snapshot(reference.result.clone(), &w2, &mem, &lds);
                        assert_eq!(got, reference, "vector pass alone: {what}");
                    }
                    Some(false) => {
                        assert!(
                            !must_take,
                            "{what}: the vector pass declined a coalesced access"
                        );
                        // declined: nothing may have changed
                        assert_eq!(*w2.vreg, *w.vreg, "{what}: declined but wrote registers");
                        let untouched: Vec<Vec<u8>> = memory(mem_seed)
                            .regions()
                            .iter()
                            .map(|r| r.to_bytes())
                            .collect();
                        let now: Vec<Vec<u8>> =
                            mem.regions().iter().map(|r| r.to_bytes()).collect();
                        assert_eq!(now, untouched, "{what}: declined but wrote memory");
                    }
                }
            }
        }
    }
    // The comparison above ran the vector pass, not only its refusals.
    for (p, (_, pass)) in passes.iter().enumerate() {
        assert!(
            coalesced_cases[p] > 100 && taken[p] >= coalesced_cases[p],
            "{pass} vector pass took {} accesses; {} coalesced cases",
            taken[p],
            coalesced_cases[p]
        );
    }
    if passes.is_empty() {
        eprintln!("neither AVX-512 nor AVX2 on this host: no vector pass is checked here");
    }
    if vmem::vector_pass_on(VmemPath::Fastest) == Some("avx512") {
        assert!(shaped_cases > 50, "{shaped_cases} shaped cases");
    }
}
