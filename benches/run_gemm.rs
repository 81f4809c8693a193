//! Emulation speed on PolyBench gemm 512^3 (4096 waves): wave-instructions per second with 1 and N host threads.
//! `cargo bench --bench run_gemm` (add `-- --quick` for one run each, `-- --one` for the one-core run only). Compare ratios within one run: the
//! machines are shared and noisy.

use std::path::PathBuf;
use std::time::Instant;
use wavescope::launch::RunOptions;
use wavescope::session::Session;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/polybench_gemm_512");
    let jobs_max = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let mut base = 0.0;
    // `--one`: only the one-core executor run (for profiling it alone).
    let one = std::env::args().any(|a| a == "--one");
    let configs: &[(usize, bool)] = if one {
        &[(1, false)]
    } else {
        &[(1, false), (jobs_max, false), (1, true)]
    };
    for &(jobs, check_hazards) in configs {
        let opts = RunOptions {
            jobs,
            check_hazards,
            ..RunOptions::default()
        };
        let mut best = f64::MAX;
        let mut insts = 0;
        for _ in 0..if quick { 1 } else { 3 } {
            let s = Session::load(&dir, &opts).expect("load gemm 512");
            let t = Instant::now();
            let o = s.run(&opts);
            let dt = t.elapsed().as_secs_f64();
            assert!(o.fault.is_none(), "gemm faulted: {:?}", o.report.fault);
            assert!(s.check().iter().all(|c| c.passed()), "gemm output mismatch");
            insts = o.stats.wave_instructions;
            best = best.min(dt);
        }
        let rate = insts as f64 / best;
        if jobs == 1 && !check_hazards {
            base = rate;
        }
        let what = if check_hazards {
            "with hazard checker"
        } else {
            "executor only"
        };
        println!(
            "gemm 512^3, jobs {jobs}, {what}: {insts} wave-instructions in {best:.3} s = {:.1} M wave-instructions/s ({:.2}x of 1 job)",
            rate / 1e6,
            rate / base
        );
    }
}
