//! The compiled check plan (src/observers/hazards/plan.rs) against the generic rule evaluation (`HazardChecker::generic`,
//! every rule for every instruction): identical findings (rules, PCs, required/provided wait states, wave
//! counts, registers) and identical trace events, on
//! - every labelled sequence of the rules fixture (tests/fixtures/hazards/rules.o: one case per hazards.md rule
//!   and per missing-wait counter rule, both the violating and the padded version), and
//! - every corpus kernel (examples, extra_kernels, extra_kernels_hip, the sweep's -O1 variants) as built and
//!   with every `s_nop N` cut to `s_nop 0` and every `s_waitcnt` replaced by a wait for nothing, so that the
//!   compiler's padding is gone and the checkers have something to find.
//!
//! The findings themselves are pinned by tests/hazards.rs and tests/hazards_sweep.rs; this test pins that the
//! plan skips only work that cannot find anything.

use object::{Object, ObjectSection, ObjectSymbol};
use std::path::PathBuf;
use wavescope::engine::run_observed;
use wavescope::exec::observe::Observer;
use wavescope::exec::{Apertures, Ctx, GlobalMemory, Program, Wave, WaveId};
use wavescope::isa::Op;
use wavescope::launch::RunOptions;
use wavescope::observers::hazards::{Findings, HazardChecker, HazardTable};
use wavescope::session::Session;

fn text(f: &Findings) -> String {
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
    s.join("\n")
}

/// Both texts equal, else a panic naming `what` and the first line that differs (the texts can be long).
fn assert_same(planned: &str, generic: &str, what: &str) {
    if planned == generic {
        return;
    }
    let (p, g): (Vec<&str>, Vec<&str>) = (planned.lines().collect(), generic.lines().collect());
    let i = (0..p.len().max(g.len()))
        .find(|&i| p.get(i) != g.get(i))
        .unwrap_or(0);
    panic!(
        "{what}: plan and generic evaluation differ at line {i} of {}/{}:\n  plan:    {}\n  generic: {}",
        p.len(),
        g.len(),
        p.get(i).unwrap_or(&"(none)"),
        g.get(i).unwrap_or(&"(none)")
    );
}

/// Runs the labelled sequence `start..` of `p` as one wave (executing each instruction, as tests/hazards.rs
/// does) under `checker`.
fn run_sequence(p: &Program, start: usize, mut checker: HazardChecker) -> Findings {
    let mut wave = Wave::new(WaveId {
        wave: 3,
        ..WaveId::default()
    });
    wave.set_exec(u64::MAX);
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 65536];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    checker.wave_start(&wave);
    let mut i = start;
    while i < p.insts.len() {
        let inst = p.insts[i];
        wave.pc = p.pcs[i];
        checker.before(&wave, i, &inst);
        let _ = p.step(&mut wave, &mut ctx);
        if inst.op == Op::S_ENDPGM {
            break;
        }
        i += 1;
    }
    checker.wave_end(&wave);
    checker.findings()
}

#[test]
fn plan_matches_generic_on_the_rules_fixture() {
    let path = format!(
        "{}/tests/fixtures/hazards/rules.o",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(path).unwrap();
    let f = object::File::parse(&*bytes).unwrap();
    let s = f.section_by_name(".text").unwrap();
    let program = Program::new(s.data().unwrap(), s.address());
    let table = HazardTable::new(&program);
    let mut labels = 0;
    let mut with_findings = 0;
    for sym in f.symbols() {
        let Some(start) = program.index_of(sym.address()) else {
            continue;
        };
        let name = sym.name().unwrap_or("?");
        let planned = run_sequence(&program, start, HazardChecker::new(&table));
        let generic = run_sequence(&program, start, HazardChecker::generic(&table));
        assert_same(&text(&planned), &text(&generic), &format!("label {name}"));
        labels += 1;
        with_findings += (!generic.is_empty()) as usize;
    }
    // the fixture has a violating sequence per rule: the comparison must have covered real findings
    assert!(labels > 100, "{labels} labels");
    assert!(with_findings > 50, "{with_findings} labels with findings");
}

fn opts() -> RunOptions {
    RunOptions {
        max_instructions: 1_000_000_000,
        jobs: 1,
        ..RunOptions::default()
    }
}

/// Every corpus kernel directory (as tests/hazards_sweep.rs lists them, without the benchmark-sized ones).
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
            // vmcnt 63, expcnt 7, lgkmcnt 15 (waitcnt.md SIMM16 layout)
            Op::S_WAITCNT => (old & 0xFFFF_0000) | 0xCF7F,
            _ => continue,
        };
        text[off..off + 4].copy_from_slice(&new.to_le_bytes());
    }
    Program::new(&text, p.base)
}

/// The planned and the generic checker's findings on `dir`'s dispatch (each on a freshly loaded copy: a run
/// changes the buffers, and data-dependent control flow must see the same inputs), with the program patched
/// by `patch`.
fn run_both(dir: &std::path::Path, patch: fn(&Program) -> Program) -> Option<(Findings, Findings)> {
    let mut out = Vec::new();
    for generic in [false, true] {
        let mut session = Session::load(dir, &opts()).ok()?;
        session.dispatch.program = patch(&session.dispatch.program);
        let d = &session.dispatch;
        let table = HazardTable::with_apertures(&d.program, d.apertures);
        let (_, _, checkers) = run_observed(d, &opts(), || {
            if generic {
                HazardChecker::generic(&table)
            } else {
                HazardChecker::new(&table)
            }
        });
        out.push(Findings::merge(checkers));
    }
    let generic = out.pop()?;
    let planned = out.pop()?;
    Some((planned, generic))
}

fn as_built(p: &Program) -> Program {
    Program::new(&p.text, p.base)
}

#[test]
fn plan_matches_generic_on_the_corpus() {
    let mut kernels_run = 0;
    let mut with_findings = 0;
    for dir in kernels() {
        // a kernel refused on purpose (tests/extra_kernels_ocl.rs) is no case here
        let Some((planned, generic)) = run_both(&dir, as_built) else {
            continue;
        };
        assert_same(&text(&planned), &text(&generic), &dir.display().to_string());
        let (planned, generic) = run_both(&dir, unpadded).unwrap();
        assert_same(
            &text(&planned),
            &text(&generic),
            &format!("{} without s_nop/s_waitcnt", dir.display()),
        );
        kernels_run += 1;
        with_findings += (!generic.is_empty()) as usize;
    }
    assert!(kernels_run > 20, "{kernels_run} kernels");
    assert!(with_findings > 10, "{with_findings} kernels with findings");
}
