//! `run --trace` of a cooperative dispatch (tests/fixtures/cooperative: `two_phase`, 12 work-groups of 4 waves
//! separated by grid barriers, `ds_gws_barrier`). It runs with every work-group resident, the waves of all
//! work-groups interleaved on one host thread (`Plan::run_co_resident_with`); the trace must carry what a batch
//! dispatch's does: a slice per executed wave-instruction on its wave's track, timed by its work-group's cycle
//! model, with the stalls the model counted. Checked against the untraced run's report (`Session::run`, which
//! runs the same instruments on the same schedule) and its per-instruction execution counts.

mod common;
#[path = "../../tests/support/cooperative.rs"]
mod cooperative;

use common::*;
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;
use wavescope_traces::{TraceConfig, TraceOptions};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/cooperative")
}

fn load(jobs: usize) -> Session {
    Session::load(
        &fixture(),
        &RunOptions {
            jobs,
            ..RunOptions::default()
        },
    )
    .expect("load the cooperative fixture")
}

fn config(jobs: usize) -> RunConfig {
    RunConfig::full(RunOptions {
        jobs,
        ..RunOptions::default()
    })
}

#[test]
fn a_cooperative_dispatch_traces_every_instruction_with_its_timing() {
    let s = load(1);
    assert!(s.dispatch.needs_co_residency());
    let path = tmp("cooperative.pftrace");
    let traced = wavescope_traces::run_traced(
        &s,
        &config(1),
        &path,
        TraceConfig::default(),
        &TraceOptions::default(),
    )
    .expect("trace the cooperative dispatch");
    let r = &traced.run;
    assert!(r.fault.is_none(), "{:?}", r.fault);
    assert!(r.stats.co_resident);
    let timing = r
        .timing
        .as_ref()
        .expect("the cycle model ran under the trace");
    assert!(r.hazards.is_some() && r.races.is_some(), "the checkers ran");

    // the same dispatch untraced: the same schedule, instruments and figures
    let o = load(1).run(&config(1));
    assert!(o.stats.co_resident && o.fault.is_none());
    assert_eq!(r.stats.wave_instructions, o.stats.wave_instructions);
    assert_eq!(r.stats.exec_counts, o.stats.exec_counts);
    assert_eq!(
        (
            timing.cycles,
            timing.waitcnt_stall_cycles,
            timing.barrier_cycles,
            timing.work_groups
        ),
        (
            o.timing.cycles,
            o.timing.waitcnt_stall_cycles,
            o.timing.barrier_cycles,
            o.timing.work_groups
        )
    );
    assert!(
        o.report.cycles > 0 && o.timing.waitcnt_stall_cycles > 0 && o.timing.barrier_cycles > 0
    );
    assert!(o.report.races.is_empty() && o.report.hazards.is_empty());

    // the trace: valid, every wave and work-group on its track, one slice per executed wave-instruction
    assert_eq!(traced.trace.instructions, o.stats.wave_instructions);
    let tr = validate(&path);
    assert_eq!(wave_tracks(&tr).len() as u64, o.stats.waves);
    let groups = tr
        .tracks
        .values()
        .filter(|t| t.name.starts_with("WG ("))
        .count();
    assert_eq!(groups, 12);
    let stall = |n: &str| n.starts_with("stall: ");
    let slices: Vec<_> = timed(&tr).filter(|x| !stall(&x.name)).collect();
    assert_eq!(slices.len() as u64, o.stats.wave_instructions);
    // per PC (the slice's `0xPC: text` location) against the run's execution count of that instruction
    let mut per_pc: BTreeMap<u64, u64> = BTreeMap::new();
    for x in &slices {
        let f = &x
            .source
            .as_ref()
            .expect("an instruction slice has its location")
            .function;
        let pc = f
            .strip_prefix("0x")
            .and_then(|f| f.split(':').next())
            .and_then(|h| u64::from_str_radix(h, 16).ok())
            .unwrap_or_else(|| panic!("`{f}` names no PC"));
        *per_pc.entry(pc).or_default() += 1;
    }
    let program = &s.dispatch.program;
    let run: BTreeMap<u64, u64> = o
        .stats
        .exec_counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(i, &n)| (program.pcs[i], n))
        .collect();
    assert_eq!(per_pc, run, "slices per PC = the run's execution counts");
    // every wave-instruction on the track of one of the waves, each wave with its work-group's share
    let waves = wave_tracks(&tr);
    assert!(slices.iter().all(|x| waves.contains(&x.track)));

    // timing: each work-group's model clock (cycles from its start, 1 GHz: a cycle is a ns)
    let end = slices.iter().map(|x| x.ts + x.dur).max().unwrap_or(0);
    assert_eq!(
        end as u64, o.report.cycles,
        "the last slice ends at the run's cycles"
    );
    let stalled = |names: &[&str]| -> u64 {
        tr.slices
            .iter()
            .filter(|x| names.contains(&x.name.as_str()))
            .map(|x| x.dur as u64)
            .sum()
    };
    assert_eq!(
        stalled(&["stall: vmcnt", "stall: lgkmcnt", "stall: vmcnt+lgkmcnt"]),
        o.timing.waitcnt_stall_cycles
    );
    assert_eq!(stalled(&["stall: barrier"]), o.timing.barrier_cycles);
    // no findings in this correct kernel, so no instants but the model's
    assert!(
        !tr.slices
            .iter()
            .any(|x| x.instant && (x.name.starts_with("race") || x.name.starts_with("hazard"))),
        "a correct kernel has no finding instants"
    );
    // waitcnt flows: every memory instruction's flow ends at the wait that covers it
    assert!(!tr.flows.is_empty());

    // one host thread whatever --jobs: the same bytes
    let path2 = tmp("cooperative_jobs2.pftrace");
    let s2 = load(2);
    let t2 = wavescope_traces::run_traced(
        &s2,
        &config(2),
        &path2,
        TraceConfig::default(),
        &TraceOptions::default(),
    )
    .unwrap();
    assert!(t2.run.fault.is_none());
    assert_eq!(
        std::fs::read(&path).unwrap(),
        std::fs::read(&path2).unwrap(),
        "--jobs changes no byte of a co-resident trace"
    );
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_file(&path2);
}

/// Findings in both directions: with the first grid barrier patched out (tests/support/cooperative.rs; the
/// dispatch still needs every work-group resident for the second), the race checker finds the RAW and WAR on
/// `partial[]` across it between work-groups (tests/cooperative.rs); the trace has exactly those as instants on the
/// second access's wave, naming both instructions. The correct kernel's trace has none (the test above).
#[test]
fn a_missing_grid_sync_is_a_race_instant_in_the_trace() {
    let d = cooperative::without_grid_barriers(&fixture(), 1, "trace-nosync1");
    let s = Session::load(&d, &RunOptions::default()).unwrap();
    assert!(s.dispatch.needs_co_residency());
    let path = tmp("cooperative_nosync1.pftrace");
    let traced = wavescope_traces::run_traced(
        &s,
        &config(1),
        &path,
        TraceConfig::default(),
        &TraceOptions::default(),
    )
    .unwrap();
    assert!(traced.run.fault.is_none() && traced.run.stats.co_resident);
    let o = Session::load(&d, &RunOptions::default())
        .unwrap()
        .run(&config(1));
    let report: BTreeSet<(String, String, String)> = o
        .report
        .races
        .iter()
        .map(|r| {
            (
                format!("race {} {}", r.kind, r.access),
                r.first_pc.clone(),
                r.second_pc.clone(),
            )
        })
        .collect();
    assert_eq!(report.len(), 2, "RAW and WAR on partial[]: {report:?}");
    let tr = validate(&path);
    let pc_of = |x: &wavescope_traces::validate::Slice, arg: &str| -> String {
        match x.arg(arg) {
            Some(wavescope_traces::validate::Arg::Str(l)) => {
                l.split(':').next().unwrap_or("").to_string()
            }
            a => panic!("race instant without `{arg}`: {a:?}"),
        }
    };
    let instants: Vec<(String, String, String)> = tr
        .slices
        .iter()
        .filter(|x| x.instant && x.name.starts_with("race "))
        .map(|x| (x.name.clone(), pc_of(x, "first"), pc_of(x, "second")))
        .collect();
    assert_eq!(
        instants.iter().cloned().collect::<BTreeSet<_>>(),
        report,
        "the trace's race instants are the report's races"
    );
    assert!(wave_tracks(&tr).len() as u64 == o.stats.waves);
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_dir_all(&d);
}
