//! Race checker, round 2 (docs/races.md): the default's global check (small dispatches, a budget of global
//! lane-accesses, the report's `race_mode`), and the racy-kernel corpus of tests/fixtures/races_r2 (races_r2.hip,
//! clang-22 -g -O2 for gfx950): realistic bugs, each beside a correct twin that must stay silent.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::observers::races::{RaceMode, RaceOptions, DEFAULT_GLOBAL_BUDGET};
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(case: &PathBuf, max: u64) -> Session {
    let opts = RunOptions {
        max_instructions: max,
        ..RunOptions::default()
    };
    Session::load(case, &opts).unwrap_or_else(|e| panic!("{}: {e}", case.display()))
}

fn config(races: RaceOptions, max: u64) -> RunConfig {
    RunConfig {
        races: Some(races),
        ..RunConfig::full(RunOptions {
            max_instructions: max,
            ..RunOptions::default()
        })
    }
}

// ---- the default's budget ---------------------------------------------------------------------------------

/// debugger/tests/fixtures/spin: two work-groups of one wave spinning on a global flag nobody sets. The default
/// checks the flag loads until its budget runs out, says where once, and the run goes on to the instruction
/// budget without checking (session 19's small-dispatch default without a budget took minutes here).
#[test]
fn the_default_global_check_stops_at_its_budget_and_says_where() {
    let case = root().join("debugger/tests/fixtures/spin/case.json");
    // enough wave-instructions for the spin loop's 64-lane flag loads to pass the budget
    let max = 4 * DEFAULT_GLOBAL_BUDGET;
    let s = load(&case, max);
    let o = s.run(&config(RaceOptions::default(), max));
    assert_eq!(o.report.race_mode, RaceMode::DefaultSmall);
    let stop = o
        .report
        .global_races_stopped
        .as_ref()
        .expect("the spinning loads pass the budget: the report says where the check stopped");
    // counted per lane: the load that would pass the budget is the first one not checked
    assert!(
        stop.accesses <= DEFAULT_GLOBAL_BUDGET && stop.accesses + 64 > DEFAULT_GLOBAL_BUDGET,
        "{stop:?}"
    );
    assert!(stop.wave <= 1, "{stop:?}");
    assert!(
        stop.source
            .as_deref()
            .is_some_and(|l| l.starts_with("spin.cl:")),
        "{stop:?}"
    );
    assert!(
        stop.message.contains(&format!(
            "global race checking stopped after {} accesses at wave {} PC {}",
            stop.accesses, stop.wave, stop.pc
        )) && stop.message.contains("rerun with --races"),
        "{}",
        stop.message
    );
    assert_eq!(o.report.fault.as_ref().unwrap().kind, "instruction limit");
    assert!(o.report.races.is_empty(), "{:?}", o.report.races);
    let json = serde_json::to_value(&o.report).unwrap();
    assert_eq!(json["race_mode"], "default-small");
    assert_eq!(json["global_races_stopped"]["accesses"], stop.accesses);
    // --races: the whole dispatch, no budget
    let o = s.run(&config(RaceOptions::full(), max));
    assert_eq!(o.report.race_mode, RaceMode::Full);
    assert!(o.report.global_races_stopped.is_none());
    // --no-races
    let o = s.run(&config(RaceOptions::off(), 1000));
    assert_eq!(o.report.race_mode, RaceMode::Off);
}

/// The default's global check covers small dispatches only: gemm 512 (4096 waves) and the 1024 Triton GEMMs
/// (more than 2 MiB of buffers) run LDS-only, and the report says so.
#[test]
fn large_dispatches_run_the_default_lds_only() {
    for (ex, small) in [
        ("polybench_gemm_512", false),
        ("triton_matmul_fp8_1024", false),
        ("triton_matmul_bf16_1024", false),
        ("polybench_gemm_64", true),
        ("triton_matmul_fp8", true),
    ] {
        let s = load(&root().join("examples").join(ex).join("case.json"), 1000);
        let r = RaceOptions::default().for_dispatch(&s.dispatch);
        assert_eq!(
            r.mode(),
            if small {
                RaceMode::DefaultSmall
            } else {
                RaceMode::LdsOnly
            },
            "{ex}"
        );
        // --races and --no-races do not depend on the dispatch
        assert_eq!(
            RaceOptions::full().for_dispatch(&s.dispatch).mode(),
            RaceMode::Full
        );
        assert_eq!(
            RaceOptions::off().for_dispatch(&s.dispatch).mode(),
            RaceMode::Off
        );
    }
    // the flags, as `run` and `exec` read them
    assert_eq!(
        RaceOptions::from_flags(false, false),
        RaceOptions::default()
    );
    assert_eq!(RaceOptions::from_flags(true, false), RaceOptions::full());
    assert_eq!(RaceOptions::from_flags(false, true), RaceOptions::off());
}
