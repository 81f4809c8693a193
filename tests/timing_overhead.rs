//! Cost of the cycle model on PolyBench gemm 512^3 (4096 waves): run time with and without the timing observer,
//! one host thread. `cargo test --release --test timing_overhead -- --ignored --nocapture` (a benchmark, not
//! run by default; the machines are shared and noisy, compare within one run).

use std::path::PathBuf;
use std::time::Instant;
use wavescope::launch::RunOptions;
use wavescope::observers::timing::CycleModel;
use wavescope::pipeline::{self, RunConfig};
use wavescope::session::Session;

#[test]
#[ignore]
fn timing_overhead_on_gemm_512() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/polybench_gemm_512");
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    let timed_only = RunConfig {
        cycle_model: Some(CycleModel::default()),
        ..RunConfig::plain(opts.clone())
    };
    let checked = RunConfig {
        hazards: true,
        ..RunConfig::plain(opts.clone())
    };
    let checked_timed = RunConfig {
        cycle_model: Some(CycleModel::default()),
        ..checked.clone()
    };
    let s = Session::load(&dir, &opts).expect("load gemm 512");
    let (mut plain, mut timed, mut hz, mut hz_timed) = (f64::MAX, f64::MAX, f64::MAX, f64::MAX);
    let mut cycles = Vec::new();
    for _ in 0..3 {
        let t = Instant::now();
        let (_, f) = wavescope::engine::run(&s.dispatch, &opts);
        plain = plain.min(t.elapsed().as_secs_f64());
        assert!(f.is_none());
        let t = Instant::now();
        let run = pipeline::run(&s.dispatch, &timed_only);
        timed = timed.min(t.elapsed().as_secs_f64());
        assert!(run.fault.is_none());
        let r = run.timing.expect("cycle model on");
        cycles.push(r.cycles);
        let t = Instant::now();
        let _ = pipeline::run(&s.dispatch, &checked);
        hz = hz.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        let r2 = pipeline::run(&s.dispatch, &checked_timed)
            .timing
            .expect("cycle model on");
        hz_timed = hz_timed.min(t.elapsed().as_secs_f64());
        assert_eq!(r2, r, "the hazard checker does not change the timing");
        eprintln!(
            "cycles {} waitcnt_stall {} barrier {} issue_conflict {} wg/cu {} top stalls {:?}",
            r.cycles,
            r.waitcnt_stall_cycles,
            r.barrier_cycles,
            r.issue_conflict_cycles,
            r.work_groups_per_cu,
            &r.waitcnt_stalls[..r.waitcnt_stalls.len().min(3)]
        );
    }
    eprintln!(
        "gemm 512, 1 thread: plain {plain:.3} s, with cycle model {timed:.3} s, overhead {:.1}%",
        100.0 * (timed / plain - 1.0)
    );
    eprintln!(
        "gemm 512, 1 thread: hazard checker {hz:.3} s, hazard checker + cycle model {hz_timed:.3} s, overhead {:.1}%",
        100.0 * (hz_timed / hz - 1.0)
    );
    assert!(cycles.windows(2).all(|w| w[0] == w[1]), "deterministic");
}
