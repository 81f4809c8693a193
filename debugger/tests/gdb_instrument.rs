//! Stock gdb against `serve` with the machine's instrumentation: `monitor trace start/stop` (the file checked by
//! `wavescope_traces::validate`: Perfetto's schema and trace_processor's import rules), `monitor
//! waitcnt` from the cycle model, and `--stop-on-findings`. Expected values come from outside the server: PCs and
//! instruction text from the committed llvm-objdump listings, counter increments from waitcnt.md, latencies from
//! src/observers/timing/cdna4.toml, the hazard rule and its wait states from hazards.md (the same shortened `s_nop` that
//! tests/hazards_corpus.rs uses).

mod common;

use common::*;
use object::{Object, ObjectSection};
use std::path::{Path, PathBuf};
use wavescope::machine::MachineOptions;
use wavescope_debugger::Ending;
use wavescope_traces::validate::{self, Slice, Trace};

const GEMM: &str = "examples/polybench_gemm_64";

/// A fresh directory for one test's traces (the server's `--trace-dir`).
fn trace_dir(test: &str) -> PathBuf {
    let p = std::env::temp_dir().join(format!("wavescope-gdb-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&p);
    std::fs::create_dir_all(&p).unwrap();
    std::fs::canonicalize(p).unwrap()
}

fn after<'a>(out: &'a str, marker: &str) -> &'a str {
    &out[out
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} not in gdb output:\n{out}"))..]
}

/// Check `trace` (the test fails with every problem found); its tables.
fn validate(trace: &Path) -> Trace {
    validate::read_file(trace).unwrap_or_else(|problems| {
        let lines: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        panic!(
            "{} is not a valid trace:\n{}",
            trace.display(),
            lines.join("\n")
        )
    })
}

/// Slices with a duration on the track named `wave 0 ...`, in time order.
fn wave0(t: &Trace) -> Vec<&Slice> {
    let mut v: Vec<&Slice> = t
        .slices
        .iter()
        .filter(|s| t.track_name(s.track).starts_with("wave 0 "))
        .collect();
    v.sort_by_key(|s| (s.ts, s.id));
    v
}

#[test]
fn trace_of_stepped_instructions_and_of_a_continue() {
    let dir = trace_dir("instr");
    let srv = serve_traced(GEMM, MachineOptions::default(), true, &dir);
    let steps = dir.join("steps.pftrace");
    let cont = dir.join("continue.pftrace");
    let rest = dir.join("rest.pftrace");
    let out = gdb(
        srv.port,
        &[
            "monitor trace stop",
            "monitor trace start /tmp/wavescope-outside.pftrace",
            "monitor trace start nonexistent-wavescope-dir/x.pftrace",
            "monitor trace start steps.pftrace",
            "stepi",
            "stepi",
            "stepi",
            "echo @stop1\\n",
            "monitor trace stop",
            "monitor trace start ./continue.pftrace",
            "break *0x1788",
            "continue",
            "echo @stop2\\n",
            "monitor trace stop",
            "delete",
            "monitor trace start rest.pftrace",
            "continue",
        ],
    );
    assert!(out.contains("trace: no trace is running"), "{out}");
    assert!(
        out.contains("trace: refused /tmp/wavescope-outside.pftrace: an absolute path")
            && out.contains(&format!("written only inside {}", dir.display())),
        "{out}"
    );
    assert!(
        out.contains("trace: refused nonexistent-wavescope-dir/x.pftrace: its directory"),
        "{out}"
    );
    assert!(out.contains("trace: writing"), "{out}");
    let s1 = after(&out, "@stop1");
    assert!(
        s1.contains("trace: wrote") && s1.contains("3 instruction slices"),
        "{out}"
    );
    assert!(out.contains("exited normally"), "{out}");
    let (o, log) = srv.finish();
    assert_eq!(o.ending, Ending::Finished, "{log}");
    assert!(o.checks.iter().all(|c| c.passed()), "{log}");
    // Three stepi of wave 0 (thread 1): the first three instructions of kernel.objdump.txt.
    let want: Vec<String> = [0x1700, 0x1708, 0x1710]
        .iter()
        .map(|&pc| {
            objdump_text(&format!("{GEMM}/kernel.objdump.txt"), pc)
                .split_whitespace()
                .next()
                .unwrap()
                // slices are named by mnemonic, without the encoding suffix
                .trim_end_matches("_e32")
                .to_string()
        })
        .collect();
    let t = validate(&steps);
    let timed: Vec<&Slice> = wave0(&t).into_iter().filter(|s| s.dur > 0).collect();
    let r = [
        t.slices.iter().filter(|s| s.dur > 0).count().to_string(),
        timed
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>()
            .join(","),
        // the machine's model: every issue takes issue_cycles = 4 (cdna4.toml); 1 cycle = 1 ns at 1 GHz
        timed
            .iter()
            .map(|s| s.ts.to_string())
            .collect::<Vec<_>>()
            .join(","),
    ];
    assert_eq!(r[0], "3");
    assert_eq!(r[1], want.join(","));
    assert_eq!(r[2], "0,4,8");
    // Continuing to 0x1788 (after the first global_load): the waves that ran until one reached it.
    // Wave 0 resumes at cycle 12 (three 4-cycle issues traced before): `v_bfe_u32` 12..16, then the
    // `s_waitcnt lgkmcnt(0)` at 0x1720 waits for the two s_loads issued at 0 and 4. Through the memory system
    // (docs/memory-model.md) each reads a cold 64-byte line (dispatch packet, kernarg segment) that misses the
    // scalar cache, the L2 and the MALL: 1 cycle to the L2, 1 cycle of HBM, hbm_latency 750: complete at 752 and
    // 756: a stall slice 16..756, issued at 756 (the loads were issued before this trace started).
    let t = validate(&cont);
    let tracks: std::collections::BTreeSet<u64> = t
        .slices
        .iter()
        .filter(|s| s.dur > 0)
        .map(|s| s.track)
        .collect();
    let r = [
        t.slices
            .iter()
            .filter(|s| s.name == "global_load_dword")
            .count()
            .to_string(),
        wave0(&t)
            .iter()
            .take(3)
            .map(|s| format!("{}@{}+{}", s.name, s.ts, s.dur))
            .collect::<Vec<_>>()
            .join(","),
        tracks.len().to_string(),
    ];
    assert!(r[0].parse::<u32>().unwrap() >= 1, "{r:?}");
    assert_eq!(
        r[1], "v_bfe_u32@12+4,stall: lgkmcnt@16+740,s_waitcnt@756+4",
        "{r:?}"
    );
    assert!(r[2].parse::<u32>().unwrap() >= 1, "{r:?}");
    // The end of the dispatch completes a running trace: every one of the 64 waves ended in it.
    let t = validate(&rest);
    let ends = t.slices.iter().filter(|s| s.name == "s_endpgm").count();
    assert_eq!(ends, 64);
    assert_eq!(
        validate::check_file(&rest).unwrap().slices_by_name["s_endpgm"],
        64
    );
    for p in [steps, cont, rest] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn waitcnt_shows_the_outstanding_load_and_counters() {
    let srv = serve(GEMM, MachineOptions::default(), false);
    let out = gdb(
        srv.port,
        &[
            "echo @start\\n",
            "monitor waitcnt",
            "stepi",
            "stepi",
            "echo @smem\\n",
            "monitor waitcnt",
            "break *0x1788",
            "continue",
            "echo @load\\n",
            "monitor waitcnt",
            "delete",
            "monitor timing",
            "stepi",
            "echo @atwait\\n",
            "monitor waitcnt",
            "stepi",
            "echo @waited\\n",
            "monitor waitcnt",
            "kill",
        ],
    );
    // gdb prints monitor output apart from its own (stderr): find the five answers by their first line.
    let blocks: Vec<&str> = {
        let mut starts: Vec<usize> = out
            .match_indices("\nwave 0 at 0x")
            .map(|(i, _)| i + 1)
            .collect();
        starts.push(out.len());
        starts.windows(2).map(|w| &out[w[0]..w[1]]).collect()
    };
    assert_eq!(blocks.len(), 5, "{out}");
    let start = blocks[0];
    assert!(
        start.starts_with("wave 0 at 0x1700")
            && start.contains("counters: vmcnt 0, lgkmcnt 0")
            && start.contains("outstanding: none"),
        "{out}"
    );
    // 0x1700 s_load_dword (+1) and 0x1708 s_load_dwordx4 (+2, waitcnt.md: 2 dwords or more) outstanding;
    // cold scalar-cache misses through the memory system (see the trace test above), issue_cycles 4.
    let smem = blocks[1];
    assert!(smem.contains("counters: vmcnt 0, lgkmcnt 3"), "{out}");
    assert!(
        smem.contains("0x1700  s_load_dword s6, s[0:1], 0x4")
            && smem.contains("issued at 0, completes at 752"),
        "{out}"
    );
    assert!(smem.contains("issued at 4, completes at 756"), "{out}");
    assert!(smem.contains("modelled clock: cycle 8 "), "{out}");
    // After `global_load_dword v4, v[0:1], off` (0x1780): vmcnt 1. Its 64 lanes read 256 contiguous bytes: 2
    // cold lines (the first wave to load them): 2 cycles of L1 lookups, 1 to the L2, 1 of HBM, hbm_latency 750.
    let load = blocks[2];
    assert!(load.starts_with("wave 0 at 0x1788"), "{out}");
    assert!(load.contains("counters: vmcnt 1, lgkmcnt 0"), "{out}");
    let line = load
        .lines()
        .find(|l| l.contains("0x1780"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("global_load_dword v4, v[0:1], off"), "{line}");
    assert!(
        line.contains("vmcnt +1") && line.contains("kernel.cl:"),
        "{line}"
    );
    let num = |l: &str, key: &str| -> u64 {
        let i = l.find(key).unwrap() + key.len();
        l[i..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let (issue, complete) = (num(line, "issued at "), num(line, "completes at "));
    assert_eq!(complete - issue, 754, "{line}");
    // The wave issued the load 4 cycles ago (issue_cycles).
    assert_eq!(num(load, "modelled clock: cycle "), issue + 4, "{out}");
    // At the s_waitcnt vmcnt(0) (0x178c): still outstanding; after it: nothing, the clock past the completion.
    let at = blocks[3];
    assert!(
        at.starts_with("wave 0 at 0x178c")
            && at.contains("waits for vmcnt <= 0")
            && at.contains("vmcnt 1"),
        "{out}"
    );
    let waited = blocks[4];
    assert!(
        waited.starts_with("wave 0 at 0x1790")
            && waited.contains("counters: vmcnt 0, lgkmcnt 0")
            && waited.contains("outstanding: none"),
        "{out}"
    );
    assert_eq!(num(waited, "modelled clock: cycle "), complete + 4, "{out}");
    // monitor timing: every wave that passed the `s_waitcnt lgkmcnt(0)` at 0x1720 stood there 756 - 16 cycles
    // (see above); the wait at 0x1774 and the other waves' loads vary.
    let timing = after(&out, "cycle model cdna4-cu-v1 so far:");
    let row = timing
        .lines()
        .find(|l| l.trim_start().starts_with("0x1720 "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(row.contains("s_waitcnt lgkmcnt(0)"), "{row}");
    let i = row.find(" stalled in ").unwrap();
    let stall: u64 = row[..i].rsplit(' ').next().unwrap().parse().unwrap();
    let runs = num(row, " stalled in ");
    assert!(runs >= 1, "{row}");
    assert_eq!(stall, (756 - 16) * runs, "{row}");
    let (o, _) = srv.finish();
    assert_eq!(o.ending, Ending::Killed);
}

/// examples/heteromark_be with `s_nop 1` at 0x1788 shortened to `s_nop 0` in a copy of its code object:
/// `v_cmp_lt_f32_e32 vcc` @0x1784 then `v_cndmask_b32_e32 ..., vcc` @0x178c with one wait state, where
/// hazards.md H4.5-18a requires 2.
fn patched_be(tag: &str) -> PathBuf {
    let src = repo("examples/heteromark_be");
    let dir = std::env::temp_dir().join(format!("wavescope-gdb-{}-be-{tag}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for e in std::fs::read_dir(&src).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    let co = dir.join("kernel.hsaco");
    let mut bytes = std::fs::read(&co).unwrap();
    let off = {
        let f = object::File::parse(&*bytes).unwrap();
        let t = f.section_by_name(".text").unwrap();
        let (file_off, _) = t.file_range().unwrap();
        (file_off + (0x1788 - t.address())) as usize
    };
    assert_eq!(bytes[off..off + 4], 0xBF80_0001u32.to_le_bytes()); // s_nop 1 (the listing)
    bytes[off..off + 4].copy_from_slice(&0xBF80_0000u32.to_le_bytes());
    std::fs::write(&co, bytes).unwrap();
    dir
}

#[test]
fn stop_on_findings_stops_at_the_consumer() {
    let dir = patched_be("stop");
    let srv = serve_with(dir.to_str().unwrap(), MachineOptions::default(), true, true);
    let out = gdb(
        srv.port,
        &[
            "continue",
            "echo @stopped\\n",
            "p/x $pc",
            "x/i $pc",
            "monitor findings",
            "echo @cont\\n",
            "continue",
        ],
    );
    assert!(out.contains("Thread 1 received signal SIGTRAP"), "{out}");
    // The console line of the stop (and `monitor findings`) name the rule, producer and consumer.
    assert!(
        out.contains("wavescope: wave 0 stopped at 0x178c on hazard H4.5-18a")
            && out.contains("producer 0x1784 -> consumer 0x178c"),
        "{out}"
    );
    let s = after(&out, "@stopped");
    assert!(s.contains("= 0x178c"), "{out}");
    assert!(s.contains("v_cndmask_b32_e32"), "{out}");
    // The finding stops once; the dispatch then runs to its end with correct outputs.
    assert!(after(&out, "@cont").contains("exited normally"), "{out}");
    assert_eq!(out.matches("SIGTRAP").count(), 1, "{out}");
    let (o, log) = srv.finish();
    assert_eq!(o.ending, Ending::Finished, "{log}");
    assert!(
        !o.checks.is_empty() && o.checks.iter().all(|c| c.passed()),
        "{log}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn stop_on_findings_runs_a_clean_kernel_to_its_end() {
    let srv = serve_with(GEMM, MachineOptions::default(), true, true);
    let out = gdb(srv.port, &["continue", "monitor findings"]);
    assert!(
        out.contains("exited normally") && !out.contains("SIGTRAP"),
        "{out}"
    );
    let (o, log) = srv.finish();
    assert_eq!(o.ending, Ending::Finished, "{log}");
    assert!(o.checks.iter().all(|c| c.passed()), "{log}");
}

#[test]
fn detach_after_a_finding_runs_to_the_end() {
    let dir = patched_be("detach");
    let srv = serve_with(dir.to_str().unwrap(), MachineOptions::default(), true, true);
    let out = gdb(srv.port, &["continue", "detach"]);
    assert!(out.contains("SIGTRAP") && out.contains("detached"), "{out}");
    // The other waves reach the same consumer after the detach: findings no longer stop anything.
    let (o, log) = srv.finish();
    assert_eq!(o.ending, Ending::Finished, "{log}");
    assert!(
        !o.checks.is_empty() && o.checks.iter().all(|c| c.passed()),
        "{log}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

const RACES: &str = "tests/fixtures/races";

/// Line number (1-based) of the first line of races.hip containing `needle`.
fn races_line(needle: &str) -> u32 {
    let src = std::fs::read_to_string(repo(&format!("{RACES}/races.hip"))).unwrap();
    src.lines().position(|l| l.contains(needle)).unwrap() as u32 + 1
}

/// The LDS tree reduction without the loop's barrier (tests/fixtures/races, `reduce_nobarrier`): with
/// `--stop-on-findings` gdb stops the wave that is about to make the second access of the first race (before it
/// executes, as a hazard stops before its consumer), and the console names both sides: kind, severity, access
/// order, both PCs with llvm-objdump's instruction text and the source line of races.hip, the waves and the
/// bytes. `monitor races` lists it. The racing PC pair is one a whole run (`wavescope run`) reports.
#[test]
fn stop_on_findings_stops_at_the_second_access_of_a_race() {
    let manifest = format!("{RACES}/case_reduce_nobarrier.json");
    let batch = {
        let s = wavescope::session::Session::load(
            &repo(&manifest),
            &wavescope::launch::RunOptions::default(),
        )
        .unwrap();
        s.run(&wavescope::pipeline::RunConfig::default())
            .report
            .races
    };
    assert!(!batch.is_empty());
    let srv = serve_with(&manifest, MachineOptions::default(), false, true);
    let out = gdb(
        srv.port,
        &[
            "continue",
            "echo @stopped\\n",
            "p/x $pc",
            "monitor races",
            "echo @detach\\n",
            "detach",
        ],
    );
    if std::env::var("SHOW").is_ok() {
        eprintln!("{out}");
    }
    assert_eq!(out.matches("received signal SIGTRAP").count(), 1, "{out}");
    let stop = after(&out, "before its second access of a race");
    let grab = |key: &str| -> (u32, u32, u64) {
        // "  first:  wave 0 lane 3 read  0x4978  ds_read2st64_b32 ...  (/.../races.hip:13:22)"
        let l = stop
            .lines()
            .find(|l| l.contains(key))
            .unwrap_or_else(|| panic!("no {key} line:\n{out}"));
        let w: Vec<&str> = l.split_whitespace().collect();
        let i = w.iter().position(|x| *x == "wave").unwrap();
        let pc = w.iter().find(|x| x.starts_with("0x")).unwrap();
        (
            w[i + 1].parse().unwrap(),
            w[i + 3].parse().unwrap(),
            u64::from_str_radix(pc.trim_start_matches("0x"), 16).unwrap(),
        )
    };
    let (w1, _, pc1) = grab("first:");
    let (w2, _, pc2) = grab("second:");
    assert_ne!(w1, w2, "{out}");
    // gdb stopped the second wave (thread = wave + 1) at the second access, not yet executed
    assert!(
        out.contains(&format!("Thread {} received signal SIGTRAP", w2 + 1)),
        "{out}"
    );
    assert!(
        after(&out, "@stopped").contains(&format!("= {pc2:#x}")),
        "{out}"
    );
    // both sides: the instruction text of the listing, the line of `sdata[tid] += sdata[tid + s]`
    let line = races_line("sdata[tid] += sdata[tid + s]");
    for pc in [pc1, pc2] {
        let text = objdump_text(&format!("{RACES}/races.objdump.txt"), pc);
        let l = stop
            .lines()
            .find(|l| l.contains(&format!("{pc:#x}  ")))
            .unwrap();
        assert!(
            l.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .contains(&text.split_whitespace().collect::<Vec<_>>().join(" ")),
            "{text} in {l}"
        );
        assert!(l.contains(&format!("races.hip:{line}")), "{l}");
    }
    let head = stop.lines().nth(1).unwrap();
    assert!(
        head.contains("race error (LDS ")
            && ["RAW", "WAR", "WAW"].iter().any(|a| head.contains(a))
            && head.contains(" at 0x"),
        "{head}\n{out}"
    );
    assert!(stop.contains("fix: no barrier between the "), "{out}");
    // a pair the whole run reports
    let pair = |a: &str, b: &str| {
        let p = |s: &str| u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap();
        let (a, b) = (p(a), p(b));
        (a.min(b), a.max(b))
    };
    assert!(
        batch
            .iter()
            .any(|f| f.kind == "lds"
                && pair(&f.first_pc, &f.second_pc) == (pc1.min(pc2), pc1.max(pc2))),
        "{out}"
    );
    // monitor races lists it, with the run's summary line
    let m = after(&out, "@stopped");
    assert!(
        m.contains(&format!("{pc2:#x}  ")) && m.contains("races (LDS (global with --races)): "),
        "{out}"
    );
    assert!(after(&out, "@detach").contains("detached"), "{out}");
    let (o, log) = srv.finish();
    assert_eq!(o.ending, Ending::Finished, "{log}");
}

/// The same reduction with its barrier (`reduce_ok`) runs to its end under `--stop-on-findings`.
#[test]
fn stop_on_findings_runs_the_correct_twin_to_its_end() {
    let srv = serve_with(
        &format!("{RACES}/case_reduce_ok.json"),
        MachineOptions::default(),
        false,
        true,
    );
    let out = gdb(srv.port, &["continue"]);
    assert!(
        out.contains("exited normally") && !out.contains("SIGTRAP"),
        "{out}"
    );
    let (o, log) = srv.finish();
    assert_eq!(o.ending, Ending::Finished, "{log}");
}
