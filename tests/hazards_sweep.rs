//! Sweep of the hazard and missing-wait checkers over every kernel of the corpus (examples/*/,
//! tests/fixtures/extra_kernels/*/, tests/fixtures/extra_kernels_hip/*/; not the *_512 benchmark): every
//! executed `s_nop N` (N >= 1) is shortened to `s_nop N-1`, and every executed `s_waitcnt` has each counter it
//! waits on weakened by one step and, separately, is replaced by a wait for nothing (`s_waitcnt vmcnt(63)
//! expcnt(7) lgkmcnt(15)`, same size). Each patched copy runs with the checkers.
//!
//! Expectations: tests/fixtures/hazard_sweep/expected.tsv, one row per patched case, written from
//! hazards.md / waitcnt.md and the llvm-objdump listings (kernel.objdump.txt), not from the checker's output.
//! A row either names the finding (rule id or counter, producer PC, consumer PC) or says why LLVM 22's
//! wait/nop was not needed on the executed path (`conservative:<reason>`). Both directions are asserted.

use std::path::PathBuf;
use wavescope::exec::Program;
use wavescope::isa::Op;
use wavescope::launch::RunOptions;
use wavescope::observers::hazards::Findings;
use wavescope::session::Session;

mod common;
use common::run_checked;

fn opts() -> RunOptions {
    RunOptions {
        max_instructions: 1_000_000_000, // per dispatch
        jobs: 1,
        ..RunOptions::default()
    }
}

/// Every case directory (or manifest) of the corpus, as (name, manifest path).
fn kernels() -> Vec<(String, PathBuf)> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut v = Vec::new();
    for (prefix, dir) in [
        ("", root.join("examples")),
        ("ocl/", root.join("tests/fixtures/extra_kernels")),
        ("hip/", root.join("tests/fixtures/extra_kernels_hip")),
        // corpus kernels rebuilt at -O1 whose code the -O2 builds lack (VALU SGPR -> VMEM nops, H7-34 WAR,
        // an SMEM load pending across a recursive call): tests/fixtures/hazard_sweep/variants/README.md
        (
            "variant/",
            root.join("tests/fixtures/hazard_sweep/variants"),
        ),
    ] {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut dirs: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.join("case.json").exists())
            .collect();
        dirs.sort();
        for d in dirs {
            let name = d.file_name().unwrap().to_string_lossy().to_string();
            // the benchmark-sized dispatches (gemm 512, the 1024^3 fp8 GEMM) would take minutes per patch
            if name.ends_with("_512") || name.ends_with("_1024") {
                continue;
            }
            v.push((format!("{prefix}{name}"), d));
        }
    }
    // an ad-hoc extra corpus for the ignored dump tests: SWEEP_EXTRA=DIR holds GROUP/NAME/case.json
    if let Ok(extra) = std::env::var("SWEEP_EXTRA") {
        let mut dirs: Vec<PathBuf> = glob_dirs(&PathBuf::from(&extra))
            .into_iter()
            .flat_map(|g| glob_dirs(&g))
            .filter(|d| d.join("case.json").exists())
            .collect();
        dirs.sort();
        for d in dirs {
            let rel = d
                .strip_prefix(&extra)
                .unwrap()
                .to_string_lossy()
                .to_string();
            v.push((format!("extra/{rel}"), d));
        }
    }
    // probe kernels (one code object, several manifests each): the checker's stress kernels, and the
    // sweep's own short dependent chains (tests/fixtures/hazard_sweep/probe)
    for (prefix, dir) in [
        ("stress/", root.join("tests/fixtures/hazards/stress")),
        ("probe/", root.join("tests/fixtures/hazard_sweep/probe")),
    ] {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut m: Vec<PathBuf> = rd
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                let n = p.file_name().unwrap().to_string_lossy();
                n.starts_with("case_") && n.ends_with(".json")
            })
            .collect();
        m.sort();
        for p in m {
            let n = p.file_stem().unwrap().to_string_lossy().to_string();
            v.push((format!("{prefix}{n}"), p));
        }
    }
    v
}

/// One patched case.
#[derive(Clone, Debug)]
struct Case {
    kernel: String,
    /// nop | vmcnt | lgkmcnt | expcnt | remove
    kind: &'static str,
    pc: u64,
    old: u32,
    new: u32,
}

/// s_waitcnt SIMM16 fields (waitcnt.md): vmcnt [3:0]+[15:14], expcnt [6:4], lgkmcnt [11:8].
fn waitcnt_fields(s: u16) -> (u16, u16, u16) {
    (
        (s & 0xF) | ((s >> 14) & 3) << 4,
        (s >> 4) & 7,
        (s >> 8) & 0xF,
    )
}
fn waitcnt_simm(vm: u16, exp: u16, lgkm: u16) -> u16 {
    (vm & 0xF) | (exp & 7) << 4 | (lgkm & 0xF) << 8 | ((vm >> 4) & 3) << 14
}

fn cases_of(kernel: &str, program: &Program, executed: &[u64]) -> Vec<Case> {
    let mut v = Vec::new();
    for (i, inst) in program.insts.iter().enumerate() {
        if executed.get(i).copied().unwrap_or(0) == 0 {
            continue;
        }
        let pc = program.pcs[i];
        let off = (pc - program.base) as usize;
        let old = u32::from_le_bytes(program.text[off..off + 4].try_into().unwrap());
        match inst.op {
            Op::S_NOP => {
                let n = old & 0xF;
                if n >= 1 {
                    v.push(Case {
                        kernel: kernel.to_string(),
                        kind: "nop",
                        pc,
                        old,
                        new: (old & !0xF) | (n - 1),
                    });
                }
            }
            Op::S_WAITCNT => {
                let s = (old & 0xFFFF) as u16;
                let (vm, exp, lgkm) = waitcnt_fields(s);
                let hi = old & 0xFFFF_0000;
                let mut push = |kind: &'static str, simm: u16| {
                    v.push(Case {
                        kernel: kernel.to_string(),
                        kind,
                        pc,
                        old,
                        new: hi | simm as u32,
                    })
                };
                if vm < 63 {
                    push("vmcnt", waitcnt_simm(vm + 1, exp, lgkm));
                }
                if lgkm < 15 {
                    push("lgkmcnt", waitcnt_simm(vm, exp, lgkm + 1));
                }
                if exp < 7 {
                    push("expcnt", waitcnt_simm(vm, exp + 1, lgkm));
                }
                push("remove", waitcnt_simm(63, 7, 15));
            }
            _ => {}
        }
    }
    v
}

fn glob_dirs(d: &std::path::Path) -> Vec<PathBuf> {
    std::fs::read_dir(d)
        .map(|r| {
            r.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default()
}

/// Every kernel that loads, with its directory and cases (from a plain run's execution counts).
fn all_cases() -> Vec<(PathBuf, Vec<Case>)> {
    let mut v = Vec::new();
    for (name, dir) in kernels() {
        // rd_srad_reduce_block512 is refused on purpose (block larger than .max_flat_workgroup_size;
        // tests/extra_kernels_ocl.rs rd_srad_reduce_block512_refused); its kernel runs as rd_srad_reduce_reqd512
        let Ok(session) = Session::load(&dir, &opts()) else {
            continue;
        };
        let (stats, _, _) = run_checked(&session.dispatch, &opts());
        let cases = cases_of(&name, &session.dispatch.program, &stats.exec_counts);
        v.push((dir, cases));
    }
    v
}

/// Runs `c` on a freshly loaded copy of the kernel (a run may change its buffers, e.g. atomics).
fn run_case(dir: &std::path::Path, c: &Case) -> (Option<String>, Findings) {
    let mut session = Session::load(dir, &opts()).unwrap();
    let p = &session.dispatch.program;
    let off = (c.pc - p.base) as usize;
    let mut text = p.text.clone();
    text[off..off + 4].copy_from_slice(&c.new.to_le_bytes());
    let base = p.base;
    session.dispatch.program = Program::new(&text, base);
    let (_, fault, f) = run_checked(&session.dispatch, &opts());
    (fault.map(|f| format!("{:?}@0x{:x}", f.kind, f.pc)), f)
}

fn findings_text(f: &Findings) -> String {
    let mut s: Vec<String> = f
        .hazards
        .iter()
        .map(|h| {
            format!(
                "{} {} {} {}/{}",
                h.rule, h.producer_pc, h.consumer_pc, h.required, h.provided
            )
        })
        .collect();
    s.extend(
        f.missing_waits
            .iter()
            .map(|m| format!("{} {} {} {}", m.counter, m.load_pc, m.use_pc, m.register)),
    );
    s.join("; ")
}

/// One row of expected.tsv.
struct Expect {
    key: String,
    what: String,
}

fn expected() -> Vec<Expect> {
    let p =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hazard_sweep/expected.tsv");
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.splitn(6, '\t').collect();
            assert_eq!(f.len(), 6, "bad row: {l}");
            Expect {
                key: f[..5].join("\t"),
                what: f[5].to_string(),
            }
        })
        .collect()
}

fn key(c: &Case) -> String {
    format!(
        "{}\t{}\t0x{:x}\t{:08x}\t{:08x}",
        c.kernel, c.kind, c.pc, c.old, c.new
    )
}

/// `f` without the findings `base` (the unpatched kernel's expected findings) already has.
fn without(f: &Findings, base: &Findings) -> Findings {
    let mut f = f.clone();
    f.hazards.retain(|h| {
        !base.hazards.iter().any(|b| {
            b.rule == h.rule && b.producer_pc == h.producer_pc && b.consumer_pc == h.consumer_pc
        })
    });
    f.missing_waits.retain(|m| {
        !base
            .missing_waits
            .iter()
            .any(|b| b.counter == m.counter && b.load_pc == m.load_pc && b.use_pc == m.use_pc)
    });
    f
}

/// Checks one case's findings against its expectation; `Err` says what differs.
fn judge(what: &str, f: &Findings) -> Result<(), String> {
    let words: Vec<&str> = what.split_whitespace().collect();
    match words.first().copied() {
        Some("hazard") => {
            // hazard RULE PRODUCER CONSUMER REQUIRED [; hazard ...]: exactly these findings, each short
            let mut n = 0;
            for part in what.split(" ; ") {
                let w: Vec<&str> = part.split_whitespace().collect();
                let [_, rule, p, c, req] = w[..] else {
                    return Err(format!("bad expectation {what}"));
                };
                let req: u32 = req.parse().map_err(|_| format!("bad expectation {what}"))?;
                n += 1;
                if !f.hazards.iter().any(|h| {
                    h.rule == rule
                        && h.producer_pc == p
                        && h.consumer_pc == c
                        && h.required == req
                        && h.provided < req
                }) {
                    return Err(findings_text(f));
                }
            }
            (f.hazards.len() == n && f.missing_waits.is_empty())
                .then_some(())
                .ok_or_else(|| findings_text(f))
        }
        Some("wait") => {
            // wait COUNTER LOAD USE [; wait ...]: each first use of a path is reported, and no hazard
            for part in what.split(" ; ") {
                let w: Vec<&str> = part.split_whitespace().collect();
                let [_, counter, load, use_pc] = w[..] else {
                    return Err(format!("bad expectation {what}"));
                };
                if !f
                    .missing_waits
                    .iter()
                    .any(|m| m.counter == counter && m.load_pc == load && m.use_pc == use_pc)
                {
                    return Err(findings_text(f));
                }
            }
            f.hazards
                .is_empty()
                .then_some(())
                .ok_or_else(|| findings_text(f))
        }
        Some("conservative") => f.is_empty().then_some(()).ok_or_else(|| findings_text(f)),
        _ => Err(format!("bad expectation {what}")),
    }
}

/// The sweep: every case of every kernel against expected.tsv (both directions), and no finding on any
/// unpatched kernel. Prints the figures per kind and outcome.
#[test]
fn sweep() {
    let exp = expected();
    let mut by_key: std::collections::HashMap<&str, &str> = std::collections::HashMap::new();
    for e in &exp {
        assert!(
            by_key.insert(&e.key, &e.what).is_none(),
            "duplicate row {}",
            e.key
        );
    }
    let mut bad = Vec::new();
    let mut seen = 0usize;
    let mut figures: std::collections::BTreeMap<(String, String), usize> = Default::default();
    let mut kernels_swept = 0;
    for (name, dir) in kernels() {
        let Ok(session) = Session::load(&dir, &opts()) else {
            assert!(name.ends_with("block512"), "{name}: does not load");
            continue;
        };
        kernels_swept += 1;
        let (stats, fault, base) = run_checked(&session.dispatch, &opts());
        assert!(fault.is_none(), "{name}: {fault:?}");
        // the unpatched kernel: no finding, unless expected.tsv lists one (`baseline` rows)
        let base_key = format!("{name}\tbaseline\t-\t-\t-");
        let base_exp: Vec<&Expect> = exp.iter().filter(|e| e.key == base_key).collect();
        seen += base_exp.len();
        let what = base_exp
            .iter()
            .map(|e| e.what.as_str())
            .collect::<Vec<_>>()
            .join(" ; ");
        let base_ok = if what.is_empty() {
            base.is_empty()
        } else {
            judge(&what, &base).is_ok()
        };
        if !base_ok {
            bad.push(format!(
                "{name}: unpatched kernel: expected [{what}], found [{}]",
                findings_text(&base)
            ));
        }
        for c in cases_of(&name, &session.dispatch.program, &stats.exec_counts) {
            let k = key(&c);
            let Some(what) = by_key.get(k.as_str()) else {
                bad.push(format!("{k}: no row in expected.tsv"));
                continue;
            };
            seen += 1;
            let (fault, f) = run_case(&dir, &c);
            if let Some(fault) = fault {
                bad.push(format!("{k}: patched run faulted: {fault}"));
                continue;
            }
            let class = what.split_whitespace().take(2).collect::<Vec<_>>();
            let outcome = match class[0] {
                "conservative" => format!("conservative {}", class.get(1).unwrap_or(&"")),
                other => other.to_string(),
            };
            *figures.entry((c.kind.to_string(), outcome)).or_default() += 1;
            if let Err(got) = judge(what, &without(&f, &base)) {
                bad.push(format!("{k}: expected {what}, found [{got}]"));
            }
        }
    }
    if seen != exp.len() {
        bad.push(format!(
            "expected.tsv has {} rows, the sweep ran {seen} of them",
            exp.len()
        ));
    }
    println!("{kernels_swept} kernels swept");
    for ((kind, outcome), n) in &figures {
        println!("{kind:8} {outcome:40} {n}");
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// Writes every case and what the checker found to $SWEEP_OUT (default /tmp/hazard_sweep.tsv), for analysis.
/// `cargo test --release -p wavescope --test hazards_sweep -- --ignored dump --nocapture`
#[test]
#[ignore]
fn dump() {
    let out = std::env::var("SWEEP_OUT").unwrap_or("/tmp/hazard_sweep.tsv".into());
    let only = std::env::var("SWEEP_ONLY").ok();
    let mut lines = Vec::new();
    for (name, dir) in kernels() {
        if let Some(o) = &only {
            if !name.contains(o.as_str()) {
                continue;
            }
        }
        let t0 = std::time::Instant::now();
        let session = match Session::load(&dir, &opts()) {
            Ok(s) => s,
            Err(e) => {
                lines.push(format!("{name}\tload-error\t{e}"));
                continue;
            }
        };
        let (stats, fault, base) = run_checked(&session.dispatch, &opts());
        let executed = stats.exec_counts;
        lines.push(format!(
            "{name}\tbaseline\t{:?}\t{}",
            fault.map(|f| f.pc),
            findings_text(&base)
        ));
        let cases = cases_of(&name, &session.dispatch.program, &executed);
        let base_t = t0.elapsed();
        let t1 = std::time::Instant::now();
        for c in &cases {
            let (fault, f) = run_case(&dir, c);
            lines.push(format!(
                "{}\t{}\t0x{:x}\t{:08x}\t{:08x}\t{}\t{}",
                c.kernel,
                c.kind,
                c.pc,
                c.old,
                c.new,
                fault.unwrap_or_default(),
                findings_text(&f)
            ));
        }
        eprintln!(
            "{name}: {} cases, base {:.2}s, cases {:.2}s",
            cases.len(),
            base_t.as_secs_f64(),
            t1.elapsed().as_secs_f64()
        );
    }
    std::fs::write(&out, lines.join("\n") + "\n").unwrap();
}

/// Per-wave executed PC sequences (distinct ones, in the order the waves ran), one line per sequence:
/// `kernel<TAB>pc pc ...` (hex), for the waitcnt model. Control flow only, no checker output.
/// `SWEEP_TRACES=FILE cargo test --release -p wavescope --test hazards_sweep -- --ignored dump_traces`, then
/// gzip it to tests/fixtures/hazard_sweep/traces.txt.gz.
#[test]
#[ignore]
fn dump_traces() {
    use std::collections::{HashMap, HashSet};
    use wavescope::exec::observe::Observer;
    use wavescope::exec::Wave;
    use wavescope::isa::Inst;
    struct Tr(HashMap<u32, Vec<u32>>);
    impl Observer for Tr {
        fn before(&mut self, w: &Wave, idx: usize, _i: &Inst) {
            self.0.entry(w.id.wave).or_default().push(idx as u32);
        }
    }
    let out = std::env::var("SWEEP_TRACES").unwrap_or("/tmp/hazard_sweep_traces.txt".into());
    let mut text = String::new();
    for (name, dir) in kernels() {
        let Ok(session) = Session::load(&dir, &opts()) else {
            continue;
        };
        let pcs = session.dispatch.program.pcs.clone();
        let (_, _, obs) =
            wavescope::engine::run_observed(&session.dispatch, &opts(), || Tr(HashMap::new()));
        let mut seen = HashSet::new();
        for o in obs {
            let mut ws: Vec<_> = o.0.into_iter().collect();
            ws.sort();
            for (_, t) in ws {
                if seen.insert(t.clone()) {
                    let line: Vec<String> = t
                        .iter()
                        .map(|&i| format!("{:x}", pcs[i as usize]))
                        .collect();
                    text.push_str(&format!("{name}\t{}\n", line.join(" ")));
                }
            }
        }
    }
    std::fs::write(out, text).unwrap();
}

/// The patched cases, one line each: `kernel kind pc old new`.
/// `SWEEP_CASES=FILE cargo test --release -p wavescope --test hazards_sweep -- --ignored dump_cases`
#[test]
#[ignore]
fn dump_cases() {
    let out = std::env::var("SWEEP_CASES").unwrap_or("/tmp/hazard_sweep_cases.tsv".into());
    let mut text = String::new();
    for (_, cases) in all_cases() {
        for c in cases {
            text.push_str(&format!(
                "{}\t{}\t0x{:x}\t{:08x}\t{:08x}\n",
                c.kernel, c.kind, c.pc, c.old, c.new
            ));
        }
    }
    std::fs::write(out, text).unwrap();
}

/// Every finding in full (rule, PCs, wait states, wave counts, registers) and every trace event, one per line.
fn findings_full(f: &Findings) -> String {
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

/// The compiled check plan (src/observers/hazards/plan.rs, with its inline path) against the generic rule
/// evaluation (`HazardChecker::generic`: every rule for every instruction) on every patched case of the sweep:
/// the same findings, wave counts and trace events. The sweep above pins the findings against expected.tsv;
/// this pins that the plan skips only work that cannot find anything, on exactly the programs that have
/// something to find.
#[test]
fn plan_matches_generic_on_every_case() {
    use wavescope::engine::run_observed;
    use wavescope::observers::hazards::{HazardChecker, HazardTable};
    let mut cases = 0usize;
    let mut with_findings = 0usize;
    let mut blocks_entered = 0u64;
    let mut bad = Vec::new();
    for (dir, cs) in all_cases() {
        for c in &cs {
            let mut out = Vec::new();
            // 0: the plan with the block path (blocks.rs), 1: generic, 2: the plan without the block path
            for mode in 0..3 {
                let mut session = Session::load(&dir, &opts()).unwrap();
                let p = &session.dispatch.program;
                let off = (c.pc - p.base) as usize;
                let mut text = p.text.clone();
                text[off..off + 4].copy_from_slice(&c.new.to_le_bytes());
                let base = p.base;
                session.dispatch.program = Program::new(&text, base);
                let d = &session.dispatch;
                let table = HazardTable::with_apertures(&d.program, d.apertures);
                let (_, _, checkers) = run_observed(d, &opts(), || match mode {
                    0 => HazardChecker::new(&table),
                    1 => HazardChecker::generic(&table),
                    _ => HazardChecker::per_instruction(&table),
                });
                if mode == 0 {
                    blocks_entered += checkers.iter().map(|c| c.blocks_entered()).sum::<u64>();
                }
                out.push(findings_full(&Findings::merge(checkers)));
            }
            cases += 1;
            with_findings += (!out[1].is_empty()) as usize;
            if out[0] != out[2] {
                bad.push(format!(
                    "{}: block path:\n{}\nper-instruction path:\n{}",
                    key(c),
                    out[0],
                    out[2]
                ));
            }
            if out[0] != out[1] {
                bad.push(format!(
                    "{}: plan:\n{}\ngeneric:\n{}",
                    key(c),
                    out[0],
                    out[1]
                ));
            }
        }
    }
    println!("{cases} cases, {with_findings} with findings, {blocks_entered} blocks entered");
    assert!(cases > 100, "{cases} cases");
    assert!(blocks_entered > 10_000, "{blocks_entered} blocks entered");
    assert!(with_findings > 50, "{with_findings} cases with findings");
    assert!(
        bad.is_empty(),
        "{} cases differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
