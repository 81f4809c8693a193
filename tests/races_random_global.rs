//! Random global-memory access programs: the race checker's global shadow with its dword cells
//! (`RaceChecker::new`: one cell per dword of a buffer while its four bytes share their history, `global_word`)
//! against the byte-by-byte reference (`RaceChecker::bytewise`: one cell per byte, every access byte by byte):
//! identical findings (kind, access, both instructions, waves, lanes, work-group, byte range, occurrences,
//! error/benign) and identical first-occurrence events.
//!
//! Each case drives the checker through the `Observer` calls the engine makes (`wave_start`, `before`,
//! `barrier_release`, `wave_end`) over a program of GLOBAL instructions encoded here (each encoding checked by
//! the decoder's name): stores of 1/2/4/8/16 bytes (and `_d16_hi`), loads of 1/2/4/8/16 bytes, atomics with and
//! without return, barriers; two or four waves in each of three work-groups run one after the other (waves of
//! different work-groups are never ordered); lane addresses as kernels make them (contiguous spans, broadcast,
//! swizzled, scattered aligned or not, repeated lanes, partly outside the buffer) over a buffer whose base is
//! dword-aligned or not, under full, partial and alternating EXEC, with data drawn from a few values so that
//! same-value (benign) races happen too. The seeds are fixed: a failing case re-runs exactly.

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
/// Buffer size: small, so that the waves' accesses collide often.
const SIZE: u64 = 160;
const ADDR: u32 = 1;
const DATA: u32 = 4;
const VDST: u32 = 20;
/// GLOBAL segment, `off` (no SGPR base).
const SEG_GLOBAL: u32 = 2 << 14;
const SADDR_OFF: u32 = 0x7f << 16;
const GLC: u32 = 1 << 16;

/// GLOBAL opcodes by name, found by decoding every opcode.
fn global_opcodes() -> HashMap<&'static str, u32> {
    (0..128u32)
        .map(|op| {
            let w = [0xdc00_0000 | op << 18 | SEG_GLOBAL, ADDR | SADDR_OFF];
            (decode(&w, 0).name(), op)
        })
        .collect()
}

/// `name v[VDST], v[ADDR:ADDR+1], v[DATA], off` with the fields the instruction has (the decoder refuses an
/// unused field that is not zero): the first combination that decodes to `name`.
fn global(ops: &HashMap<&'static str, u32>, name: &str, glc: bool) -> [u32; 2] {
    let op = *ops
        .get(name)
        .unwrap_or_else(|| panic!("{name}: no GLOBAL opcode"));
    let w0 = 0xdc00_0000 | op << 18 | SEG_GLOBAL | if glc { GLC } else { 0 };
    let fields = [VDST << 24, DATA << 8];
    (0..4u32)
        .map(|drop| {
            let w1 = (0..2)
                .filter(|k| drop & (1 << k) == 0)
                .fold(ADDR | SADDR_OFF, |w, k| w | fields[k]);
            [w0, w1]
        })
        .find(|w| decode(w, 0).name() == name)
        .unwrap_or_else(|| panic!("{name}: no encoding decodes"))
}

/// (name, bytes per lane, glc)
const KINDS: &[(&str, u64, bool)] = &[
    ("global_store_byte", 1, false),
    ("global_store_byte_d16_hi", 1, false),
    ("global_store_short", 2, false),
    ("global_store_dword", 4, false),
    ("global_store_dword", 4, false),
    ("global_store_dwordx2", 8, false),
    ("global_store_dwordx4", 16, false),
    ("global_load_ubyte", 1, false),
    ("global_load_ushort", 2, false),
    ("global_load_dword", 4, false),
    ("global_load_dword", 4, false),
    ("global_load_dwordx2", 8, false),
    ("global_load_dwordx4", 16, false),
    ("global_atomic_add", 4, false),
    ("global_atomic_add", 4, true),
    ("global_atomic_swap", 4, true),
];

struct Case {
    program: Program,
    barrier: usize,
}

fn case() -> Case {
    let ops = global_opcodes();
    let mut words: Vec<u32> = Vec::new();
    for (name, _, glc) in KINDS {
        words.extend(global(&ops, name, *glc));
    }
    words.push(S_BARRIER);
    words.push(S_ENDPGM);
    let text: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let program = Program::new(&text, 0x1000);
    assert_eq!(program.insts.len(), KINDS.len() + 2);
    for (i, (name, _, _)) in KINDS.iter().enumerate() {
        assert_eq!(program.insts[i].name(), *name);
    }
    Case {
        program,
        barrier: KINDS.len(),
    }
}

/// The lanes' offsets into the buffer of an access of `n` bytes per lane (`rng::lane_offsets`).
fn offsets(r: &mut Rng, n: u64) -> [u64; 64] {
    rng::lane_offsets(r, n, SIZE)
}

/// One case: `waves` waves in each of three groups over a buffer at `base`; returns (findings and events as
/// text, findings count).
fn run(
    c: &Case,
    base: u64,
    seed: u64,
    waves: u32,
    steps: usize,
    bytewise: bool,
) -> (String, usize) {
    let t = RaceTable::for_program(&c.program, Apertures::default(), 0, vec![(base, SIZE)]);
    let mem = GlobalMemory::new();
    let o = RaceOptions::new(false, true);
    let mut chk = if bytewise {
        RaceChecker::bytewise(&t, &mem, o)
    } else {
        RaceChecker::new(&t, &mem, o)
    };
    let mut r = Rng(seed);
    for g in 0..3u32 {
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
            if r.below(10) == 0 {
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
            let w = &mut ws[wi];
            w.pc = c.program.pcs[k];
            w.set_exec(exec_mask(&mut r));
            let off = offsets(&mut r, n);
            for l in 0..64 {
                let a = base + off[l];
                w.vreg[ADDR as usize][l] = a as u32;
                w.vreg[ADDR as usize + 1][l] = (a >> 32) as u32;
            }
            let same = r.below(2) == 0;
            for d in 0..4u32 {
                let v = vals[r.below(4) as usize];
                for l in 0..64 {
                    let x = if same { v } else { vals[(l + d as usize) % 4] };
                    w.vreg[(DATA + d) as usize][l] = x;
                }
            }
            let inst = c.program.insts[k];
            chk.before(w, k, &inst);
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

#[test]
fn dword_cells_match_byte_cells_on_random_global_programs() {
    let c = case();
    let (mut cases, mut with_findings) = (0, 0);
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 1..=400u64 {
        let waves = if seed % 3 == 0 { 4 } else { 2 };
        let steps = 6 + (seed % 5) as usize * 5;
        // a dword-aligned buffer mostly; every fourth case one whose base is 2 bytes off (no whole dwords of
        // the buffer line up with the lanes' aligned accesses)
        let base = 0x7f00_0000_0000 + if seed % 4 == 0 { 2 } else { 0 };
        let s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let (w, _) = run(&c, base, s, waves, steps, false);
        let (b, nb) = run(&c, base, s, waves, steps, true);
        assert_eq!(
            w, b,
            "seed {seed}: the dword shadow and the byte shadow differ"
        );
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
