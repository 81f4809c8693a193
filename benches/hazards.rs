//! What the hazard and missing-wait checkers cost on PolyBench gemm 512^3 (4096 waves, 29.5 M wave-instructions),
//! one host thread, in wave-instructions per second of wall time and of process CPU time (the CPU figure is
//! the one to compare on a shared, loaded machine):
//! - `executor`: `wavescope::engine::run`, no observer (the interpreter alone);
//! - `hazards (plan)`: the executor with `HazardChecker` alone, using the table's compiled check plan;
//! - `hazards (generic)`: the same with `HazardChecker::generic` (every rule for every instruction, no plan);
//! - `cycle model`: `Session::run` with the checkers off;
//! - `wavescope run`: `Session::run(&RunConfig::full(..))`: cycle model, hazards, missing
//!   waits and LDS races, what `wavescope run` does.
//!
//! Measured 2026-11-27 on the shared 2-core machine under load ~10 (CPU seconds, best of 3): executor 0.74 s
//! (39.9 M/s), hazards (plan) 1.14 s (25.9 M/s), hazards (generic) 1.64 s (18.0 M/s), cycle model 2.96 s
//! (10.0 M/s), wavescope run 3.55 s (8.3 M/s): the plan costs 0.40 s over the executor where the generic
//! evaluation costs 0.90 s; the cycle model is what keeps `wavescope run` far from the executor.
//!
//! Every run's output is checked against the numpy reference. `cargo bench --bench hazards` (`-- --quick`: one
//! run each; `-- --only NAME-PREFIX`: one configuration, e.g. under a profiler).

use std::path::PathBuf;
use std::time::Instant;
use wavescope::engine::run_observed;
use wavescope::launch::RunOptions;
use wavescope::observers::hazards::{HazardChecker, HazardTable};
use wavescope::session::Session;

#[derive(Clone, Copy, PartialEq)]
enum What {
    Executor,
    HazardsPlan,
    HazardsGeneric,
    CycleModel,
    WavescopeRun,
}

impl What {
    fn name(self) -> &'static str {
        match self {
            What::Executor => "executor",
            What::HazardsPlan => "hazards (plan)",
            What::HazardsGeneric => "hazards (generic)",
            What::CycleModel => "cycle model",
            What::WavescopeRun => "wavescope run",
        }
    }
}

/// CPU time of this process so far (user + system), in seconds; Linux /proc, clock ticks of 10 ms.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // fields after the parenthesised command name: state is field 3, utime 14, stime 15
    let rest = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<&str> = rest.split_whitespace().collect();
    let tick = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    (tick(11) + tick(12)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1).cloned());
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/polybench_gemm_512");
    let mut base = 0.0;
    for what in [
        What::Executor,
        What::HazardsPlan,
        What::HazardsGeneric,
        What::CycleModel,
        What::WavescopeRun,
    ] {
        if only.as_deref().is_some_and(|o| !what.name().starts_with(o)) {
            continue;
        }
        let opts = RunOptions {
            jobs: 1,
            ..RunOptions::default()
        };
        let (mut best_wall, mut best_cpu) = (f64::MAX, f64::MAX);
        let mut insts = 0;
        for _ in 0..if quick { 1 } else { 3 } {
            let s = Session::load(&dir, &opts).expect("load gemm 512");
            let d = &s.dispatch;
            let (t, c) = (Instant::now(), cpu_seconds());
            let (wave_instructions, faulted) = match what {
                What::Executor => {
                    let (stats, fault) = wavescope::engine::run(d, &opts);
                    (stats.wave_instructions, fault.is_some())
                }
                What::HazardsPlan | What::HazardsGeneric => {
                    let table = HazardTable::with_apertures(&d.program, d.apertures);
                    let (stats, fault, checkers) = run_observed(d, &opts, || {
                        if what == What::HazardsPlan {
                            HazardChecker::new(&table)
                        } else {
                            HazardChecker::generic(&table)
                        }
                    });
                    let f = wavescope::observers::hazards::Findings::merge(checkers);
                    assert!(f.is_empty(), "gemm is clean: {}", f.summary_line());
                    (stats.wave_instructions, fault.is_some())
                }
                What::CycleModel => {
                    // the cycle model alone, checkers off
                    let o = s.run(&wavescope::pipeline::RunConfig {
                        cycle_model: Some(wavescope::observers::timing::CycleModel::default()),
                        ..wavescope::pipeline::RunConfig::plain(opts.clone())
                    });
                    (o.stats.wave_instructions, o.fault.is_some())
                }
                What::WavescopeRun => {
                    let o = s.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
                    (o.stats.wave_instructions, o.fault.is_some())
                }
            };
            let (wall, cpu) = (t.elapsed().as_secs_f64(), cpu_seconds() - c);
            assert!(!faulted, "gemm faulted");
            assert!(s.check().iter().all(|c| c.passed()), "gemm output mismatch");
            insts = wave_instructions;
            best_wall = best_wall.min(wall);
            best_cpu = best_cpu.min(cpu.max(0.01));
        }
        let rate = insts as f64 / best_cpu;
        if base == 0.0 {
            base = rate;
        }
        println!(
            "gemm 512^3, 1 job, {}: {insts} wave-instructions, {best_wall:.3} s wall ({:.1} M/s), {best_cpu:.2} s CPU = {:.1} M wave-instructions/s per core ({:.2}x of the first row)",
            what.name(),
            insts as f64 / best_wall / 1e6,
            rate / 1e6,
            rate / base
        );
    }
}
