//! Random LDS access programs: the race checker's shadow with its dword cells and fast paths
//! (`RaceChecker::new`) against the byte-by-byte reference (`RaceChecker::bytewise`, one cell per LDS byte, every
//! access byte by byte): identical findings (kind, access, both instructions, waves, lanes, work-group, byte
//! range, occurrences, error/benign) and identical first-occurrence events.
//!
//! Each case drives the checker directly through the `Observer` calls the engine makes (`wave_start`, `before`,
//! `barrier_release`, `wave_end`) over a program of DS instructions encoded here (each encoding checked by the
//! decoder's name): stores of 1/2/4/8/12/16 bytes (and `_d16_hi`), reads of 1/2/4/8/16 bytes, the transposing
//! `ds_read_b64_tr_b16`, atomics with and without return, two-address reads and writes, barriers; two or four
//! waves of a group, two groups one after the other (the shadow is recycled); lane addresses as a wave would make
//! them (a contiguous span of the access width, pairs and quads of sub-dword stores filling dwords, swizzled
//! spans, broadcast, scattered, misaligned, out of range) under full, partial and alternating EXEC, with data
//! drawn from a few values so that same-value (benign) races happen too. The seeds are fixed: a failing case
//! re-runs exactly.

#[path = "support/rng.rs"]
mod rng;

use rng::{exec_mask, Rng};
use std::collections::HashMap;
use wavescope::exec::observe::Observer;
use wavescope::exec::{Apertures, GlobalMemory, Program, Wave, WaveId};
use wavescope::isa::decode::decode;
use wavescope::observers::races::{RaceChecker, RaceFindings, RaceOptions, RaceTable};

const S_BARRIER: u32 = 0xbf8a_0000;
const S_ENDPGM: u32 = 0xbf81_0000;
thread_local! {
    /// LDS bytes of a case: small, so that the waves' accesses collide often (192: less than one of the checker's
    /// 256-byte summary blocks; the long-program test also takes sizes of several blocks).
    static LDS_BYTES: std::cell::Cell<u32> = const { std::cell::Cell::new(192) };
}

/// This thread's case LDS size (`LDS_BYTES`).
#[allow(non_snake_case)]
fn LDS() -> u32 {
    LDS_BYTES.with(|c| c.get())
}
const ADDR: u32 = 1;
const DATA0: u32 = 2;
const DATA1: u32 = 8;
const VDST: u32 = 20;

/// DS opcodes by name, found by decoding every opcode of the DS encoding.
fn ds_opcodes() -> HashMap<&'static str, u32> {
    (0..256u32)
        .map(|op| (decode(&[0xd800_0000 | op << 17, 0], 0).name(), op))
        .collect()
}

/// `name vdst, v[ADDR], v[DATA0], v[DATA1] offset0 offset1` (the fields an instruction does not use are ignored).
fn ds(ops: &HashMap<&'static str, u32>, name: &str, offset: u16) -> [u32; 2] {
    let op = *ops
        .get(name)
        .unwrap_or_else(|| panic!("{name}: no DS opcode"));
    let w0 = 0xd800_0000 | op << 17 | offset as u32;
    // the register fields the instruction has (the decoder takes an unused field that is not zero as no
    // instruction): the first set of them that decodes to `name`
    let fields = [VDST << 24, DATA1 << 16, DATA0 << 8];
    (0..8u32)
        .map(|drop| {
            let w1 = (0..3)
                .filter(|k| drop & (1 << k) == 0)
                .fold(ADDR, |w, k| w | fields[k]);
            [w0, w1]
        })
        .find(|w| decode(w, 0).name() == name)
        .unwrap_or_else(|| panic!("{name}: no encoding decodes"))
}

/// (name, bytes per lane element, offset field)
const KINDS: &[(&str, u32, u16)] = &[
    ("ds_write_b8", 1, 0),
    ("ds_write_b8", 1, 1),
    ("ds_write_b8_d16_hi", 1, 0),
    ("ds_write_b16", 2, 0),
    ("ds_write_b16", 2, 2),
    ("ds_write_b16", 2, 64),
    ("ds_write_b16_d16_hi", 2, 0),
    ("ds_write_b32", 4, 0),
    ("ds_write_b64", 8, 0),
    ("ds_write_b96", 12, 0),
    ("ds_write_b128", 16, 0),
    ("ds_read_u8", 1, 0),
    ("ds_read_u16", 2, 0),
    ("ds_read_b32", 4, 0),
    ("ds_read_b64", 8, 0),
    ("ds_read_b128", 16, 0),
    ("ds_read_b64_tr_b16", 8, 0),
    ("ds_add_u32", 4, 0),
    ("ds_add_rtn_u32", 4, 0),
    ("ds_write2_b32", 4, 0x0100),
    ("ds_read2_b32", 4, 0x0201),
];

struct Case {
    program: Program,
    /// Instruction index of each kind, and of `s_barrier`.
    kind_idx: Vec<usize>,
    barrier: usize,
}

fn case() -> Case {
    let ops = ds_opcodes();
    let mut words: Vec<u32> = Vec::new();
    for (name, _, off) in KINDS {
        words.extend(ds(&ops, name, *off));
    }
    words.push(S_BARRIER);
    words.push(S_ENDPGM);
    let text: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let program = Program::new(&text, 0x1000);
    assert_eq!(program.insts.len(), KINDS.len() + 2);
    Case {
        program,
        kind_idx: (0..KINDS.len()).collect(),
        barrier: KINDS.len(),
    }
}

/// The lanes' LDS addresses of an access of `n` bytes per lane (`rng::lane_offsets`).
fn addresses(r: &mut Rng, n: u32) -> [u32; 64] {
    rng::lane_offsets(r, n as u64, LDS() as u64).map(|a| a as u32)
}

/// One case: `waves` waves in each of two groups; returns (findings and events as text, findings count).
fn run(c: &Case, seed: u64, waves: u32, steps: usize, bytewise: bool) -> (String, usize) {
    let t = RaceTable::for_program(&c.program, Apertures::default(), LDS(), Vec::new());
    let mem = GlobalMemory::new();
    let o = RaceOptions::new(true, false);
    let mut chk = if bytewise {
        RaceChecker::bytewise(&t, &mem, o)
    } else {
        RaceChecker::new(&t, &mem, o)
    };
    let mut r = Rng(seed);
    for g in 0..2u32 {
        let mut ws: Vec<Wave> = (0..waves)
            .map(|i| {
                let mut w = Wave::new(WaveId {
                    wave: g * waves + i,
                    work_group_flat: g,
                    work_group: [g, 0, 0],
                    wave_in_group: i,
                    simd: (i % 4) as u8,
                });
                w.pc = c.program.pcs[0];
                w
            })
            .collect();
        for w in &ws {
            chk.wave_start(w);
        }
        // a few data values only: stores often write what the bytes already hold
        let vals = [0u32, 0x0101_0101, 0x1234_5678, r.next() as u32];
        for _ in 0..steps {
            if r.below(12) == 0 {
                for w in ws.iter_mut() {
                    w.pc = c.program.pcs[c.barrier];
                    let i = &c.program.insts[c.barrier];
                    chk.before(w, c.barrier, i);
                }
                chk.barrier_release(g);
                continue;
            }
            let wi = r.below(waves as u64) as usize;
            let k = r.below(KINDS.len() as u64) as usize;
            let (_, n, _) = KINDS[k];
            let idx = c.kind_idx[k];
            let w = &mut ws[wi];
            w.pc = c.program.pcs[idx];
            w.set_exec(exec_mask(&mut r));
            w.vreg[ADDR as usize] = addresses(&mut r, n);
            let same = r.below(2) == 0;
            for d in 0..8u32 {
                let v = vals[r.below(4) as usize];
                for l in 0..64 {
                    let x = if same { v } else { vals[(l + d as usize) % 4] };
                    w.vreg[(DATA0 + d) as usize][l] = x;
                    w.vreg[(DATA1 + d) as usize][l] = x;
                }
            }
            let inst = c.program.insts[idx];
            chk.before(w, idx, &inst);
        }
        // waves end in a random order
        while !ws.is_empty() {
            let i = r.below(ws.len() as u64) as usize;
            let w = ws.swap_remove(i);
            chk.wave_end(&w);
        }
    }
    let mut lines: Vec<String> = chk.events().iter().map(|e| format!("{e:?}")).collect();
    let f = RaceFindings::merge([chk], None, o);
    let n = f.raw.len();
    lines.extend(f.raw.iter().map(|r| format!("{r:?}")));
    (lines.join("\n"), n)
}

/// One differential case: the dword shadow and the byte shadow on seed `seed`'s program; the byte shadow's
/// findings as text and their count.
fn differential(c: &Case, seed: u64, s: u64, waves: u32, steps: usize) -> (String, usize) {
    let (w, _) = run(c, s, waves, steps, false);
    let (b, nb) = run(c, s, waves, steps, true);
    assert_eq!(
        w, b,
        "seed {seed}: the dword shadow and the byte shadow differ"
    );
    (b, nb)
}

#[test]
fn dword_shadow_matches_byte_shadow_on_random_lds_programs() {
    let c = case();
    let (mut cases, mut with_findings, mut kinds) = (0, 0, std::collections::BTreeSet::new());
    for seed in 1..=300u64 {
        let waves = if seed % 3 == 0 { 4 } else { 2 };
        let steps = 8 + (seed % 5) as usize * 6;
        let s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let (b, nb) = differential(&c, seed, s, waves, steps);
        cases += 1;
        with_findings += (nb > 0) as usize;
        for line in b.lines() {
            for k in ["Raw", "War", "Waw", "IntraInstruction"] {
                if line.contains(&format!(": {k},")) {
                    kinds.insert(k);
                }
            }
        }
    }
    println!("{cases} cases, {with_findings} with findings, kinds {kinds:?}");
    // the cases find races of every kind
    assert!(with_findings > cases / 2, "{with_findings} of {cases}");
    assert_eq!(kinds.len(), 4, "{kinds:?}");
}

/// Longer programs (40-112 steps, several barrier epochs each): the dword shadow's logged reads (a plain read
/// of whole dwords records its readers in a per-epoch log, applied to the cells when a write, atomic or split
/// of the same epoch comes, `RaceChecker::lazy_read`) meet writes of their own epoch, of later epochs and of
/// other waves many times per case. Findings and events equal the byte shadow's (which logs nothing) in every
/// case.
#[test]
fn logged_reads_match_the_byte_shadow_on_long_programs() {
    let c = case();
    let (mut cases, mut with_findings) = (0, 0);
    for seed in 1001..=2200u64 {
        // half the cases on an LDS of several 256-byte blocks: accesses across the checker's block boundaries
        LDS_BYTES.with(|c| c.set(if seed % 2 == 0 { 192 } else { 640 }));
        let waves = if seed % 4 < 2 { 4 } else { 2 };
        let steps = 40 + (seed % 7) as usize * 12;
        let s = seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1;
        let (_, nb) = differential(&c, seed, s, waves, steps);
        cases += 1;
        with_findings += (nb > 0) as usize;
    }
    println!("{cases} long cases, {with_findings} with findings");
    assert!(with_findings > cases / 2, "{with_findings} of {cases}");
}

/// One step of a hand-made case: a barrier, or wave `wave` running KINDS entry `kind` with lane 0 alone active
/// at LDS address `addr`.
enum Step {
    Barrier,
    Access {
        wave: usize,
        kind: &'static str,
        addr: u32,
    },
}

/// Hand-made cases on an LDS of `lds` bytes, two waves of one group: findings as text, as `run` gives them.
fn run_steps(c: &Case, lds: u32, steps: &[Step], bytewise: bool) -> String {
    LDS_BYTES.with(|b| b.set(lds));
    let t = RaceTable::for_program(&c.program, Apertures::default(), lds, Vec::new());
    let mem = GlobalMemory::new();
    let o = RaceOptions::new(true, false);
    let mut chk = if bytewise {
        RaceChecker::bytewise(&t, &mem, o)
    } else {
        RaceChecker::new(&t, &mem, o)
    };
    let mut ws: Vec<Wave> = (0..2u32)
        .map(|i| {
            let mut w = Wave::new(WaveId {
                wave: i,
                work_group_flat: 0,
                work_group: [0, 0, 0],
                wave_in_group: i,
                simd: i as u8,
            });
            w.pc = c.program.pcs[0];
            w
        })
        .collect();
    for w in &ws {
        chk.wave_start(w);
    }
    for s in steps {
        match *s {
            Step::Barrier => {
                for w in ws.iter_mut() {
                    w.pc = c.program.pcs[c.barrier];
                    chk.before(w, c.barrier, &c.program.insts[c.barrier]);
                }
                chk.barrier_release(0);
            }
            Step::Access { wave, kind, addr } => {
                let k = KINDS
                    .iter()
                    .position(|(n, _, off)| *n == kind && *off == 0)
                    .expect("a KINDS entry");
                let idx = c.kind_idx[k];
                let w = &mut ws[wave];
                w.pc = c.program.pcs[idx];
                w.set_exec(1);
                w.vreg[ADDR as usize][0] = addr;
                w.vreg[DATA0 as usize][0] = 0x5a5a_5a5a + wave as u32;
                let inst = c.program.insts[idx];
                chk.before(w, idx, &inst);
            }
        }
    }
    for w in &ws {
        chk.wave_end(w);
    }
    let mut lines: Vec<String> = chk.events().iter().map(|e| format!("{e:?}")).collect();
    let f = RaceFindings::merge([chk], None, o);
    lines.extend(f.raw.iter().map(|r| format!("{r:?}")));
    lines.join("\n")
}

/// A `ds_read_b128` whose 16 bytes cross a 256-byte block of the checker's write summary (dwords 61-64): the
/// RAW in the second block is found, and a dword split by a byte store in the second block sends the read to the
/// byte cells (the WAR a later byte store of that epoch finds names it). Each against the byte shadow, and each
/// finding required (a missed one fails as a false one does).
#[test]
fn reads_across_summary_blocks_match_the_byte_shadow() {
    let c = case();
    let raw = [
        Step::Access {
            wave: 1,
            kind: "ds_write_b32",
            addr: 256,
        },
        Step::Access {
            wave: 0,
            kind: "ds_read_b128",
            addr: 244,
        },
    ];
    let war = [
        Step::Access {
            wave: 0,
            kind: "ds_write_b8",
            addr: 257,
        },
        Step::Barrier,
        Step::Access {
            wave: 1,
            kind: "ds_read_b128",
            addr: 244,
        },
        Step::Access {
            wave: 0,
            kind: "ds_write_b8",
            addr: 257,
        },
    ];
    for (name, steps, want) in [("RAW", &raw[..], "Raw"), ("WAR", &war[..], "War")] {
        let (w, b) = (
            run_steps(&c, 640, steps, false),
            run_steps(&c, 640, steps, true),
        );
        assert_eq!(w, b, "{name}: the dword shadow and the byte shadow differ");
        assert!(
            b.contains(&format!("access: {want}")),
            "{name}: no {want} finding:\n{b}"
        );
    }
}
