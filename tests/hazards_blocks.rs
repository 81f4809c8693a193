//! The hazard checker's block path (src/observers/hazards/blocks.rs: a straight-line block checked by one entry
//! test, its net effect applied at once) against the per-instruction path (`HazardChecker::per_instruction`):
//! identical findings (rules, PCs, wait states, wave counts, registers) and trace events, finding by finding, on
//! - random programs built from the instructions of the rules fixture (tests/fixtures/hazards/rules.o: one
//!   violating and one padded sequence per hazards.md rule and missing-wait counter rule) with random `s_nop N`
//!   and `s_waitcnt` mixed in, run by several waves interleaved at random, each wave sometimes jumping (so
//!   blocks are left in the middle and the checker replays what the wave issued of them);
//! - every corpus kernel (as built, and with every `s_nop` cut to 0 and every `s_waitcnt` waiting for nothing).
//!
//! The sweep (tests/hazards_sweep.rs) runs the block path on every patched case against the generic evaluation.

use object::{Object, ObjectSection};
use std::path::PathBuf;
use wavescope::engine::run_observed;
use wavescope::exec::observe::Observer;
use wavescope::exec::{Apertures, Ctx, GlobalMemory, Program, Wave, WaveId};
use wavescope::isa::Op;
use wavescope::launch::RunOptions;
use wavescope::observers::hazards::{Findings, HazardChecker, HazardTable};
use wavescope::session::Session;

fn text(f: &Findings) -> Vec<String> {
    let mut s: Vec<String> = f
        .hazards
        .iter()
        .map(|h| serde_json::to_string(h).unwrap())
        .collect();
    s.extend(
        f.missing_waits
            .iter()
            .map(|m| serde_json::to_string(m).unwrap()),
    );
    s.extend(f.events.iter().map(|e| format!("{e:?}")));
    s
}

/// Compare finding by finding; a panic names `what` and the first that differs.
fn assert_same(blocks: &Findings, per_inst: &Findings, what: &str) {
    let (b, p) = (text(blocks), text(per_inst));
    if b == p {
        return;
    }
    let i = (0..b.len().max(p.len()))
        .find(|&i| b.get(i) != p.get(i))
        .unwrap_or(0);
    panic!(
        "{what}: block path and per-instruction path differ at finding {i} of {}/{}:\n  blocks:          {}\n  per-instruction: {}",
        b.len(),
        p.len(),
        b.get(i).map_or("(none)", |s| s.as_str()),
        p.get(i).map_or("(none)", |s| s.as_str())
    );
}

/// xorshift64*: a fixed, reproducible sequence.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The encodings of every instruction of the rules fixture but `s_endpgm`.
fn pool() -> Vec<Vec<u8>> {
    let path = format!(
        "{}/tests/fixtures/hazards/rules.o",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(path).unwrap();
    let f = object::File::parse(&*bytes).unwrap();
    let s = f.section_by_name(".text").unwrap();
    let data = s.data().unwrap();
    let program = Program::new(data, s.address());
    let mut v = Vec::new();
    for (i, inst) in program.insts.iter().enumerate() {
        if inst.op == Op::S_ENDPGM || inst.op == Op::INVALID {
            continue;
        }
        let off = (program.pcs[i] - program.base) as usize;
        v.push(data[off..off + inst.size as usize].to_vec());
    }
    v
}

/// A random program of `n` instructions from `pool`, with `s_nop N` and `s_waitcnt` (random counts) mixed in,
/// ending with `s_endpgm`.
fn random_program(rng: &mut Rng, pool: &[Vec<u8>], n: usize) -> Program {
    let mut text = Vec::new();
    for _ in 0..n {
        match rng.below(10) {
            // s_nop N (SOPP 0xBF80): N in 0..=7
            0 => text.extend_from_slice(&(0xBF80_0000u32 | rng.below(8) as u32).to_le_bytes()),
            // s_waitcnt (SOPP 0xBF8C) vmcnt 0..=3 or 63, lgkmcnt 0..=2 or 15, expcnt 7
            1 => {
                let vm = [0u32, 1, 2, 3, 63][rng.below(5)];
                let lgkm = [0u32, 1, 2, 15][rng.below(4)];
                let simm = (vm & 0xF) | ((vm >> 4) << 14) | (7 << 4) | (lgkm << 8);
                text.extend_from_slice(&(0xBF8C_0000u32 | simm).to_le_bytes());
            }
            _ => text.extend_from_slice(&pool[rng.below(pool.len())]),
        }
    }
    text.extend_from_slice(&0xBF81_0000u32.to_le_bytes()); // s_endpgm
    Program::new(&text, 0x1000)
}

/// One schedule step: which wave issues, and where it goes next (`None`: falls through).
type Step = (usize, Option<usize>);

/// A random schedule for `waves` waves over a program of `n` instructions: waves take turns in runs of random
/// length, and now and then a wave jumps to a random instruction.
fn random_schedule(rng: &mut Rng, waves: usize, n: usize, steps: usize) -> Vec<Step> {
    let mut v = Vec::new();
    let mut w = 0;
    while v.len() < steps {
        let run = 1 + rng.below(40);
        for _ in 0..run {
            let jump = (rng.below(16) == 0).then(|| rng.below(n));
            v.push((w, jump));
        }
        w = rng.below(waves);
    }
    v
}

/// Runs `schedule` on `p` under `checker` (each wave executes the instructions it issues; faults are
/// ignored: the checker sees the issue order only).
fn run_schedule(
    p: &Program,
    waves: usize,
    schedule: &[Step],
    mut checker: HazardChecker,
) -> (Findings, u64) {
    let mut ws: Vec<Wave> = (0..waves)
        .map(|k| {
            let mut w = Wave::new(WaveId {
                wave: 5 + k as u32,
                ..WaveId::default()
            });
            w.set_exec(u64::MAX);
            w
        })
        .collect();
    let mut at = vec![0usize; waves];
    let mut done = vec![false; waves];
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 65536];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    for w in &ws {
        checker.wave_start(w);
    }
    for &(k, jump) in schedule {
        if done[k] {
            continue;
        }
        let i = at[k];
        let inst = p.insts[i];
        ws[k].pc = p.pcs[i];
        checker.before(&ws[k], i, &inst);
        let _ = p.step(&mut ws[k], &mut ctx);
        if inst.op == Op::S_ENDPGM {
            checker.wave_end(&ws[k]);
            done[k] = true;
            continue;
        }
        at[k] = jump.unwrap_or(i + 1).min(p.insts.len() - 1);
    }
    let entered = checker.blocks_entered();
    (checker.findings(), entered)
}

#[test]
fn blocks_match_per_instruction_on_random_programs() {
    let pool = pool();
    assert!(pool.len() > 300, "{} instructions in the pool", pool.len());
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let (mut entered, mut with_findings, mut programs) = (0u64, 0usize, 0usize);
    for round in 0..400 {
        let n = 8 + rng.below(120);
        let p = random_program(&mut rng, &pool, n);
        let table = HazardTable::new(&p);
        let waves = 1 + rng.below(3);
        let schedule = random_schedule(&mut rng, waves, p.insts.len(), 20 * p.insts.len());
        let (b, e) = run_schedule(&p, waves, &schedule, HazardChecker::new(&table));
        let (r, e0) = run_schedule(&p, waves, &schedule, HazardChecker::per_instruction(&table));
        assert_eq!(e0, 0, "the per-instruction checker entered blocks");
        assert_same(
            &b,
            &r,
            &format!("random program {round} ({n} instructions, {waves} waves)"),
        );
        entered += e;
        with_findings += (!r.is_empty()) as usize;
        programs += 1;
    }
    println!("{programs} programs, {with_findings} with findings, {entered} blocks entered");
    // the comparison covered both paths and real findings
    assert!(entered > 1000, "{entered} blocks entered");
    assert!(
        with_findings > 100,
        "{with_findings} programs with findings"
    );
}

fn opts() -> RunOptions {
    RunOptions {
        max_instructions: 1_000_000_000,
        jobs: 1,
        ..RunOptions::default()
    }
}

/// Every corpus kernel directory (without the benchmark-sized ones).
fn kernels() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut v = Vec::new();
    for dir in [
        root.join("examples"),
        root.join("tests/fixtures/extra_kernels"),
        root.join("tests/fixtures/extra_kernels_hip"),
        root.join("tests/fixtures/hazard_sweep/variants"),
    ] {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.join("case.json").exists())
            .filter(|p| {
                let n = p.file_name().unwrap().to_string_lossy();
                !n.ends_with("_512") && !n.ends_with("_1024")
            })
            .collect();
        dirs.sort();
        v.extend(dirs);
    }
    v
}

/// `program` with every `s_nop N` as `s_nop 0` and every `s_waitcnt` waiting for nothing.
fn unpadded(p: &Program) -> Program {
    let mut text = p.text.clone();
    for (i, inst) in p.insts.iter().enumerate() {
        let off = (p.pcs[i] - p.base) as usize;
        let old = u32::from_le_bytes(text[off..off + 4].try_into().unwrap());
        let new = match inst.op {
            Op::S_NOP => old & !0xF,
            Op::S_WAITCNT => (old & 0xFFFF_0000) | 0xCF7F,
            _ => continue,
        };
        text[off..off + 4].copy_from_slice(&new.to_le_bytes());
    }
    Program::new(&text, p.base)
}

/// Block path and per-instruction path on `dir`'s dispatch with the program patched by `patch` (each on a
/// freshly loaded copy), with the blocks the first entered.
fn run_both(
    dir: &std::path::Path,
    patch: fn(&Program) -> Program,
) -> Option<(Findings, Findings, u64)> {
    let mut out = Vec::new();
    let mut entered = 0;
    for blocks in [true, false] {
        let mut session = Session::load(dir, &opts()).ok()?;
        session.dispatch.program = patch(&session.dispatch.program);
        let d = &session.dispatch;
        let table = HazardTable::with_apertures(&d.program, d.apertures);
        let (_, _, checkers) = run_observed(d, &opts(), || {
            if blocks {
                HazardChecker::new(&table)
            } else {
                HazardChecker::per_instruction(&table)
            }
        });
        if blocks {
            entered = checkers.iter().map(|c| c.blocks_entered()).sum();
        }
        out.push(Findings::merge(checkers));
    }
    let r = out.pop()?;
    let b = out.pop()?;
    Some((b, r, entered))
}

fn as_built(p: &Program) -> Program {
    Program::new(&p.text, p.base)
}

#[test]
fn blocks_match_per_instruction_on_the_corpus() {
    let (mut kernels_run, mut with_findings, mut entered) = (0, 0, 0u64);
    for dir in kernels() {
        let Some((b, r, e)) = run_both(&dir, as_built) else {
            continue;
        };
        assert_same(&b, &r, &dir.display().to_string());
        let (b, r, e2) = run_both(&dir, unpadded).unwrap();
        assert_same(
            &b,
            &r,
            &format!("{} without s_nop/s_waitcnt", dir.display()),
        );
        kernels_run += 1;
        with_findings += (!r.is_empty()) as usize;
        entered += e + e2;
    }
    println!("{kernels_run} kernels, {with_findings} with findings, {entered} blocks entered");
    assert!(kernels_run > 20, "{kernels_run} kernels");
    assert!(with_findings > 10, "{with_findings} kernels with findings");
    assert!(entered > 10_000, "{entered} blocks entered");
}
