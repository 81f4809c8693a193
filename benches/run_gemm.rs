//! Emulation speed on PolyBench gemm 512^3 (4096 waves, 29.5 M wave-instructions), in wave-instructions per second:
//! - `executor`: `wavescope::engine::run` with no observer (the interpreter alone), on 1 and N host threads;
//! - `executor + cycle model`: `Session::run` with the checkers off (what a run without checks costs);
//! - `wavescope run`: `Session::run` with the hazard and missing-wait checkers on (the CLI's default).
//! Every run's output is checked against the numpy reference. `cargo bench --bench run_gemm` (add `-- --quick` for
//! one run each, `-- --one` for the one-core executor run only, e.g. under a profiler). Compare ratios within one
//! run: the machines are shared and noisy.

use std::path::PathBuf;
use std::time::Instant;
use wavescope::launch::RunOptions;
use wavescope::session::Session;

#[derive(Clone, Copy, PartialEq)]
enum What {
    Executor,
    WithCycleModel,
    WavescopeRun,
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let one = std::env::args().any(|a| a == "--one");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/polybench_gemm_512");
    let jobs_max = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let configs: Vec<(What, usize)> = if one {
        vec![(What::Executor, 1)]
    } else {
        vec![
            (What::Executor, 1),
            (What::Executor, jobs_max),
            (What::WithCycleModel, 1),
            (What::WavescopeRun, 1),
            (What::WavescopeRun, jobs_max),
        ]
    };
    let mut base = 0.0;
    for (what, jobs) in configs {
        let opts = RunOptions {
            jobs,
            ..RunOptions::default()
        };
        // `wavescope run`'s instruments, or the cycle model alone
        let config = match what {
            What::WavescopeRun => wavescope::pipeline::RunConfig::full(opts.clone()),
            _ => wavescope::pipeline::RunConfig {
                cycle_model: Some(wavescope::observers::timing::CycleModel::default()),
                ..wavescope::pipeline::RunConfig::plain(opts.clone())
            },
        };
        let mut best = f64::MAX;
        let mut insts = 0;
        for _ in 0..if quick { 1 } else { 3 } {
            let s = Session::load(&dir, &opts).expect("load gemm 512");
            let t = Instant::now();
            let (wave_instructions, faulted) = if what == What::Executor {
                let (stats, fault) = wavescope::engine::run(&s.dispatch, &opts);
                (stats.wave_instructions, fault.is_some())
            } else {
                let o = s.run(&config);
                (o.stats.wave_instructions, o.fault.is_some())
            };
            let dt = t.elapsed().as_secs_f64();
            assert!(!faulted, "gemm faulted");
            assert!(s.check().iter().all(|c| c.passed()), "gemm output mismatch");
            insts = wave_instructions;
            best = best.min(dt);
        }
        let rate = insts as f64 / best;
        if base == 0.0 {
            base = rate;
        }
        let name = match what {
            What::Executor => "executor",
            What::WithCycleModel => "executor + cycle model",
            What::WavescopeRun => "wavescope run (cycle model + checkers)",
        };
        println!(
            "gemm 512^3, jobs {jobs}, {name}: {insts} wave-instructions in {best:.3} s = {:.1} M wave-instructions/s ({:.2}x of the 1-job executor)",
            rate / 1e6,
            rate / base
        );
    }
}
