//! The default race check of a dispatch too large for one host thread (more than `SMALL_DISPATCH_WAVES` waves):
//! its first work-groups are checked for global races on a copy of the dispatch's memory beside the run, which
//! checks LDS only and keeps every host thread (`pipeline::Plan`, docs/races.md "Defaults"). Worked by hand from
//! races_r2.hip's histogram kernels over 1024 work-groups of one wave, every input in bin 3: `ghist_plain`'s
//! `out[bin] += 1` races between work-groups (a read and a write of `out[3]` by waves of different work-groups:
//! RAW, and two writes: WAW), `ghist_atomic`'s `atomicAdd` does not.

#[path = "support/race_corpus.rs"]
mod race_corpus;

use race_corpus::{config, load, root};
use std::collections::BTreeSet;
use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::observers::races::{RaceMode, RaceOptions, SMALL_DISPATCH_WAVES};
use wavescope::pipeline::RunConfig;
use wavescope::session::Outcome;

const MAX: u64 = 1 << 30;

fn case(name: &str) -> PathBuf {
    root().join(format!("tests/fixtures/races_r2/case_{name}.json"))
}

fn run(name: &str, races: RaceOptions, jobs: usize) -> (Outcome, Vec<u8>) {
    let s = load(&case(name), MAX);
    assert!(
        s.dispatch.wave_count() > SMALL_DISPATCH_WAVES,
        "{name} is a large dispatch"
    );
    let c = RunConfig {
        options: RunOptions {
            jobs,
            max_instructions: MAX,
            ..RunOptions::default()
        },
        ..config(races, MAX)
    };
    let o = s.run(&c);
    assert!(o.fault.is_none(), "{name}: {:?}", o.fault);
    let out = s.buffer(1).expect("args[1]");
    (o, out)
}

/// (kind, access, first PC, second PC) of every finding.
fn shape(o: &Outcome) -> BTreeSet<(String, String, String, String)> {
    o.report
        .races
        .iter()
        .map(|f| {
            (
                f.kind.clone(),
                f.access.clone(),
                f.first_pc.clone(),
                f.second_pc.clone(),
            )
        })
        .collect()
}

#[test]
fn a_large_dispatch_has_its_first_work_groups_checked_for_global_races() {
    let (o, _) = run("ghist_plain_large", RaceOptions::default(), 1);
    assert_eq!(o.report.race_mode, RaceMode::DefaultSmall);
    let kinds: BTreeSet<(&str, &str)> = o
        .report
        .races
        .iter()
        .map(|f| (f.kind.as_str(), f.access.as_str()))
        .collect();
    assert_eq!(
        kinds,
        BTreeSet::from([("global", "RAW"), ("global", "WAW")]),
        "{:#?}",
        o.report.races
    );
    for f in &o.report.races {
        assert_eq!(f.severity, "error", "{f:?}");
        assert_ne!(f.first_wave, f.second_wave, "{f:?}");
        assert!(
            f.region.as_deref().is_some_and(|r| r.contains("args[1]")),
            "{f:?}"
        );
    }
    // the whole dispatch (`--races`) finds the same races at the same instructions
    let (full, _) = run("ghist_plain_large", RaceOptions::full(), 1);
    assert_eq!(full.report.race_mode, RaceMode::Full);
    assert!(full.report.global_races_stopped.is_none());
    assert_eq!(shape(&o), shape(&full));
    // and the report says what the default covered: 256 waves' worth of work-groups of one wave, of 1024
    let stop = o
        .report
        .global_races_stopped
        .as_ref()
        .expect("where it stopped");
    assert!(
        stop.message
            .starts_with("global race checking covered the first 256 of 1024 work-groups")
            && stop.message.contains("rerun with --races"),
        "{}",
        stop.message
    );
    assert_eq!(stop.source, None);
    assert_eq!(stop.wave, 256, "the first unchecked wave");
}

#[test]
fn the_atomic_twin_stays_silent() {
    for races in [RaceOptions::default(), RaceOptions::full()] {
        let (o, out) = run("ghist_atomic_large", races, 2);
        assert!(
            o.report.races.is_empty(),
            "{races:?}: {:#?}",
            o.report.races
        );
        // every one of the 65536 inputs counted once in bin 3
        assert_eq!(i32::from_le_bytes(out[12..16].try_into().unwrap()), 65536);
    }
}

/// The check runs on a copy: the dispatch's own memory sees the kernel once, and the findings and outputs are
/// the same with one host thread (the check before the run) and two (beside it).
#[test]
fn the_check_leaves_the_run_alone_for_any_jobs() {
    let (plain, plain_out) = run("ghist_atomic_large", RaceOptions::off(), 1);
    assert_eq!(plain.report.race_mode, RaceMode::Off);
    let mut reports = Vec::new();
    for jobs in [1, 2] {
        let (o, out) = run("ghist_atomic_large", RaceOptions::default(), jobs);
        assert_eq!(out, plain_out, "jobs {jobs}: outputs");
        let (racy, _) = run("ghist_plain_large", RaceOptions::default(), jobs);
        reports.push((
            serde_json::to_value(&o.report.races).unwrap(),
            serde_json::to_value(&racy.report.races).unwrap(),
            serde_json::to_value(&racy.report.global_races_stopped).unwrap(),
        ));
        assert_eq!(
            o.stats.wave_instructions, plain.stats.wave_instructions,
            "jobs {jobs}: the run's own count"
        );
    }
    assert_eq!(reports[0], reports[1]);
}
