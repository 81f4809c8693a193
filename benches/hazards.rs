//! What each checker costs, alone and together, on PolyBench gemm 512^3 (4096 waves, 29.5 M wave-instructions,
//! global memory) and the Triton fp8 matmul 1024^3 (LDS tiles, MFMA, barriers), one host thread, in
//! wave-instructions per second of process CPU time (the figure to compare on a shared, loaded machine) and wall:
//! - `executor`: `wavescope::engine::run`, no observer (the interpreter alone);
//! - `hazards (plan)`: the executor with `HazardChecker` alone, using the table's compiled check plan;
//! - `hazards (generic)`: the same with `HazardChecker::generic` (every rule for every instruction, no plan);
//! - `races (lds)`: the LDS race checker alone (`RunConfig { races: lds }`);
//! - `cycle model (no memsys)`: the cycle model alone, memory system off;
//! - `run-nomem`: cycle model (memory system off) + hazards, missing waits, LDS races;
//! - `wavescope run`: `Session::run(&RunConfig::full(..))`: what `wavescope run` does (memory system on).
//!
//! Each checker's cost is its row minus `executor`. Every run's output is checked against the kernel's
//! expected files and the checkers must find nothing (both kernels are clean). `cargo bench --bench hazards`;
//! options after `--`: `--quick` (one run each, else best of 3), `--only NAME-PREFIX` (repeatable),
//! `--example gemm|lds` (repeatable; default gemm). Each figure is also a `RESULT kernel mode cpu_ms wall_ms`
//! line.
//!
//! Measured 2026-11-27 (branch checkfast) on the shared 2-core machine, CPU seconds, gemm: see the commit
//! messages and the session report.

use std::path::PathBuf;
use std::time::Instant;
use wavescope::engine::run_observed;
use wavescope::launch::RunOptions;
use wavescope::observers::hazards::{HazardChecker, HazardTable};
use wavescope::observers::races::RaceOptions;
use wavescope::observers::timing::CycleModel;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

#[derive(Clone, Copy, PartialEq)]
enum What {
    Executor,
    HazardsPlan,
    HazardsGeneric,
    RacesLds,
    CycleModelNoMem,
    RunNoMem,
    WavescopeRun,
}

impl What {
    fn name(self) -> &'static str {
        match self {
            What::Executor => "executor",
            What::HazardsPlan => "hazards (plan)",
            What::HazardsGeneric => "hazards (generic)",
            What::RacesLds => "races (lds)",
            What::CycleModelNoMem => "cycle model (no memsys)",
            What::RunNoMem => "run-nomem",
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

fn arg_values(name: &str) -> Vec<String> {
    let args: Vec<String> = std::env::args().collect();
    args.windows(2)
        .filter(|w| w[0] == name)
        .map(|w| w[1].clone())
        .collect()
}

const KERNELS: [(&str, &str); 2] = [
    ("gemm", "examples/polybench_gemm_512"),
    ("lds", "examples/triton_matmul_fp8_1024"),
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let only = arg_values("--only");
    let mut want = arg_values("--example");
    if want.is_empty() {
        want.push("gemm".into());
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for (ex, path) in KERNELS {
        if !want.iter().any(|w| w == ex) {
            continue;
        }
        let dir = root.join(path);
        let mut base = 0.0;
        for what in [
            What::Executor,
            What::HazardsPlan,
            What::HazardsGeneric,
            What::RacesLds,
            What::CycleModelNoMem,
            What::RunNoMem,
            What::WavescopeRun,
        ] {
            if !only.is_empty() && !only.iter().any(|o| what.name().starts_with(o.as_str())) {
                continue;
            }
            let opts = RunOptions {
                jobs: 1,
                ..RunOptions::default()
            };
            let nomem = || CycleModel {
                memory_system: None,
                ..CycleModel::default()
            };
            let (mut best_wall, mut best_cpu) = (f64::MAX, f64::MAX);
            let mut insts = 0;
            for _ in 0..if quick { 1 } else { 3 } {
                let s = Session::load(&dir, &opts).expect("load the kernel");
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
                        assert!(f.is_empty(), "{ex} is clean: {}", f.summary_line());
                        (stats.wave_instructions, fault.is_some())
                    }
                    _ => {
                        let config = match what {
                            What::RacesLds => RunConfig {
                                races: Some(RaceOptions::default()),
                                ..RunConfig::plain(opts.clone())
                            },
                            What::CycleModelNoMem => RunConfig {
                                cycle_model: Some(nomem()),
                                ..RunConfig::plain(opts.clone())
                            },
                            What::RunNoMem => RunConfig {
                                cycle_model: Some(nomem()),
                                ..RunConfig::full(opts.clone())
                            },
                            _ => RunConfig::full(opts.clone()),
                        };
                        let o = s.run(&config);
                        assert!(o.report.races.is_empty(), "{ex}: {:?}", o.report.races);
                        (o.stats.wave_instructions, o.fault.is_some())
                    }
                };
                let (wall, cpu) = (t.elapsed().as_secs_f64(), cpu_seconds() - c);
                assert!(!faulted, "{ex} faulted");
                assert!(
                    s.check().iter().all(|c| c.passed()),
                    "{ex}: output mismatch"
                );
                insts = wave_instructions;
                best_wall = best_wall.min(wall);
                best_cpu = best_cpu.min(cpu.max(0.01));
            }
            let rate = insts as f64 / best_cpu;
            if base == 0.0 {
                base = best_cpu;
            }
            println!(
                "{ex}, 1 job, {}: {insts} wave-instructions, {best_wall:.3} s wall ({:.1} M/s), {best_cpu:.2} s CPU = {:.1} M wave-instructions/s per core (+{:.0}% CPU over the first row)",
                what.name(),
                insts as f64 / best_wall / 1e6,
                rate / 1e6,
                (best_cpu / base - 1.0) * 100.0
            );
            println!(
                "RESULT {ex} {} {:.0} {:.0}",
                what.name().replace(' ', "_"),
                best_cpu * 1e3,
                best_wall * 1e3
            );
        }
    }
}
