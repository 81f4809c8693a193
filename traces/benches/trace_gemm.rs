//! Cost of tracing every wave-instruction of PolyBench gemm 512^3 (4096 waves, ~30M wave-instructions), one
//! host thread throughout:
//! - issue-order clock: traced run / `launch::run` (no timing model);
//! - cycle-model clock: traced run / `timing::run_timed` (the same model, untraced), for the default layout
//!   (explicit track uuids, which validate_pftrace.py needs) and the one relying on `TrackEventDefaults`
//!   (what trace_processor accepts);
//! and trace bytes per wave-instruction. The trace streams to target/tmp and is deleted after each run.
//! `cargo bench -p wavescope-traces --bench trace_gemm` (`-- --quick`: one run each; `-- --keep`: keep the last
//! file; `-- --case DIR`: another example).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use wavescope::launch::{self, run_observed, RunOptions};
use wavescope::session::Session;
use wavescope::timing::{self, CycleModel, TimingTable};
use wavescope_traces::{
    finish, Clock, CycleClock, IssueOrderClock, TraceConfig, TraceFile, TraceObserver,
    TraceOptions, TraceProgram,
};

fn peak_rss_mib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| {
                l.split_whitespace()
                    .nth(1)
                    .and_then(|v| v.parse::<u64>().ok())
            })
        })
        .unwrap_or(0)
        / 1024
}

fn best_of(runs: usize, mut f: impl FnMut() -> u64) -> (f64, u64) {
    let mut best = f64::MAX;
    let mut v = 0;
    for _ in 0..runs {
        let t = Instant::now();
        v = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (best, v)
}

/// One traced run; returns trace bytes.
fn traced<C: Clock + Send>(
    s: &Session,
    out: &Path,
    explicit: bool,
    opts: &RunOptions,
    clock: impl Fn() -> C + Sync,
) -> u64 {
    let d = &s.dispatch;
    let prog = TraceProgram::new(&d.program, s.debug_info.as_deref());
    let topts = TraceOptions::default();
    let file = TraceFile::create(
        out,
        TraceConfig {
            wave_count: d.wave_count(),
            explicit_track_uuids: explicit,
            ..TraceConfig::default()
        },
    )
    .expect("create");
    let (stats, fault, obs) = run_observed(d, opts, || {
        TraceObserver::new(&prog, &d.program, &topts, file.writer(), clock())
    });
    let (ts, _) = finish(file, obs).expect("finish");
    assert!(fault.is_none());
    assert_eq!(ts.instructions, stats.wave_instructions);
    ts.bytes
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let keep = args.iter().any(|a| a == "--keep");
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let case = args
        .iter()
        .position(|a| a == "--case")
        .and_then(|i| args.get(i + 1))
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("examples/polybench_gemm_512"));
    let out = root.join("target/tmp/bench_trace.pftrace");
    let _ = std::fs::create_dir_all(out.parent().unwrap());
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    let runs = if quick { 1 } else { 3 };
    let s = Session::load(&case, &opts).expect("load");
    let d = &s.dispatch;
    let insts = launch::run(d, &opts).0.wave_instructions;
    let rate = |t: f64| insts as f64 / t / 1e6;
    let done = |bytes: u64| {
        if !keep {
            let _ = std::fs::remove_file(&out);
        }
        bytes
    };

    let (plain, _) = best_of(runs, || launch::run(d, &opts).0.wave_instructions);
    println!(
        "{}: {insts} wave-instructions; untraced, no timing model: {plain:.3} s ({:.1} M/s), peak RSS {} MiB",
        case.display(),
        rate(plain),
        peak_rss_mib()
    );
    let (t, bytes) = best_of(runs, || {
        done(traced(&s, &out, true, &opts, || IssueOrderClock))
    });
    println!(
        "traced, issue-order clock: {t:.3} s = {:.2}x; {:.1} bytes/wave-instruction; peak RSS {} MiB",
        t / plain,
        bytes as f64 / insts as f64,
        peak_rss_mib()
    );

    let (timed, _) = best_of(runs, || {
        timing::run_timed(d, &opts, CycleModel::default())
            .0
            .wave_instructions
    });
    println!(
        "untraced, cycle model: {timed:.3} s ({:.1} M/s)",
        rate(timed)
    );
    let table = Arc::new(TimingTable::new(
        &d.program,
        CycleModel::default(),
        d.lds_bytes,
    ));
    for explicit in [true, false] {
        let (t, bytes) = best_of(runs, || {
            done(traced(&s, &out, explicit, &opts, || {
                CycleClock::new(table.clone())
            }))
        });
        println!(
            "traced, cycle-model clock, {}: {t:.3} s = {:.2}x; {bytes} bytes = {:.1} bytes/wave-instruction; \
             peak RSS {} MiB",
            if explicit {
                "explicit track uuids (validator layout)"
            } else {
                "TrackEventDefaults track uuids"
            },
            t / timed,
            bytes as f64 / insts as f64,
            peak_rss_mib()
        );
    }
}
