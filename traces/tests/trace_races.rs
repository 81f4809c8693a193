//! Issue 18, barrier misuse in `wavescope run --trace`: a barrier deadlock (waves of a work-group wait at an
//! `s_barrier` that another wave never reaches; the run ends when that wave spends the instruction budget) is an
//! instant `race barrier-deadlock` on the track of the wave that never comes, naming the barrier with the waves
//! that wait there. Expected values come from outside the trace: the run report of the untraced run, the
//! barrier's instruction in llvm-objdump's listing and the source line of races.hip.

mod common;

use common::*;
use wavescope::launch::RunOptions;
use wavescope::observers::races::RaceOptions;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;
use wavescope_traces::validate::Arg;
use wavescope_traces::{TraceConfig, TraceOptions};

fn races(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/races")
        .join(name)
}

fn arg<'a>(s: &'a wavescope_traces::validate::Slice, key: &str) -> &'a str {
    match s.args.iter().find(|(k, _)| k.ends_with(key)) {
        Some((_, Arg::Str(v))) => v,
        _ => panic!("no {key} in {:?}", s.args),
    }
}

#[test]
fn barrier_deadlock_is_a_trace_instant() {
    let config = RunConfig {
        races: Some(RaceOptions::default()),
        ..RunConfig::full(RunOptions {
            max_instructions: 200_000,
            ..RunOptions::default()
        })
    };
    let m = races("case_barrier_deadlock.json");
    let untraced = Session::load(&m, &config.options).unwrap().run(&config);
    let want: Vec<_> = untraced
        .report
        .races
        .iter()
        .filter(|f| f.kind == "barrier-deadlock")
        .collect();
    assert_eq!(want.len(), 1, "{:#?}", untraced.report.races);
    let f = want[0];
    let s = Session::load(&m, &config.options).unwrap();
    let path = tmp("races_barrier_deadlock.pftrace");
    let r = wavescope_traces::run_traced(
        &s,
        &config,
        &path,
        TraceConfig::default(),
        &TraceOptions::default(),
    )
    .unwrap();
    assert!(r.run.fault.is_some(), "the spinning wave spends the budget");
    let traced = s.outcome_of(&config, r.run);
    assert_eq!(traced.report.races, untraced.report.races);
    let tr = validate(&path);
    let marks: Vec<_> = tr
        .slices
        .iter()
        .filter(|s| s.instant && s.name == "race barrier-deadlock")
        .collect();
    // one instant per wave that never arrives, on that wave's track
    let never: Vec<u64> = f
        .never_arrive
        .iter()
        .flat_map(|b| b.waves.clone())
        .collect();
    assert_eq!(never, vec![1], "{f:#?}");
    assert_eq!(marks.len(), never.len(), "{marks:#?}");
    let mark = marks[0];
    assert!(
        tr.track_name(mark.track).starts_with("wave 1 "),
        "{}",
        tr.track_name(mark.track)
    );
    // the barrier: `s_barrier` at the PC the report names
    let pc = u64::from_str_radix(f.first_pc.trim_start_matches("0x"), 16).unwrap();
    assert_eq!(
        objdump_text(&races("races.objdump.txt"), pc),
        "s_barrier",
        "{f:#?}"
    );
    // the instant names the barrier by PC and instruction text (the report names its source line)
    assert_eq!(arg(mark, "barrier"), format!("0x{pc:x}: s_barrier"));
    assert_eq!(f.barriers[0].pc, f.first_pc);
    assert!(
        arg(mark, "waiting").contains("waves [0]"),
        "{:?}",
        mark.args
    );
    assert!(
        arg(mark, "never_arrive").starts_with("wave 1 "),
        "{:?}",
        mark.args
    );
    assert_eq!(arg(mark, "severity"), "error");
    // a run without the fault (the correct twin) has no such instant
    let ok = Session::load(&races("case_barrier_uniform.json"), &config.options).unwrap();
    let path = tmp("races_barrier_uniform.pftrace");
    let r = wavescope_traces::run_traced(
        &ok,
        &config,
        &path,
        TraceConfig::default(),
        &TraceOptions::default(),
    )
    .unwrap();
    assert!(r.run.fault.is_none());
    let tr = validate(&path);
    assert!(!tr.slices.iter().any(|s| s.name.starts_with("race ")));
}
