//! Cost of tracing every wave-instruction of PolyBench gemm 512^3 (4096 waves, ~20M wave-instructions):
//! traced / untraced run time (one host thread both times) and trace bytes per wave-instruction, for the
//! default layout (explicit track uuids, which validate_pftrace.py needs) and the one relying on
//! `TrackEventDefaults` (what trace_processor accepts). The trace streams to target/tmp and is deleted after.
//! `cargo bench -p wavescope-traces --bench trace_gemm` (`-- --quick`: one run each; `-- --keep`: keep the file;
//! `-- --case DIR`: another example).

use std::path::PathBuf;
use std::time::Instant;
use wavescope::launch::{run_observed, RunOptions};
use wavescope::session::Session;
use wavescope_traces::{
    finish, IssueOrderClock, TraceConfig, TraceFile, TraceObserver, TraceOptions, TraceProgram,
};

fn peak_rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
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

    let mut untraced = f64::MAX;
    let mut insts = 0;
    for _ in 0..runs {
        let s = Session::load(&case, &opts).expect("load");
        let t = Instant::now();
        let o = s.run(&opts);
        untraced = untraced.min(t.elapsed().as_secs_f64());
        assert!(o.fault.is_none(), "{:?}", o.report.fault);
        insts = o.stats.wave_instructions;
    }
    println!(
        "{}: {insts} wave-instructions, untraced {untraced:.3} s ({:.1} M/s)",
        case.display(),
        insts as f64 / untraced / 1e6
    );
    let rss_before = peak_rss_kib();

    for explicit in [true, false] {
        let mut best = f64::MAX;
        let mut bytes = 0;
        for _ in 0..runs {
            let s = Session::load(&case, &opts).expect("load");
            let d = &s.dispatch;
            let t = Instant::now();
            let prog = TraceProgram::new(&d.program, s.debug_info.as_deref());
            let topts = TraceOptions::default();
            let file = TraceFile::create(
                &out,
                TraceConfig {
                    wave_count: d.wave_count(),
                    explicit_track_uuids: explicit,
                    ..TraceConfig::default()
                },
            )
            .expect("create");
            let (stats, fault, obs) = run_observed(d, &opts, || {
                TraceObserver::new(&prog, &d.program, &topts, file.writer(), IssueOrderClock)
            });
            let (ts, _) = finish(file, obs).expect("finish");
            best = best.min(t.elapsed().as_secs_f64());
            assert!(fault.is_none());
            assert_eq!(stats.wave_instructions, insts);
            assert_eq!(ts.instructions, insts);
            bytes = ts.bytes;
        }
        println!(
            "traced ({}): {best:.3} s = {:.2}x untraced; {bytes} bytes = {:.1} bytes/wave-instruction",
            if explicit {
                "explicit track uuids, validator layout"
            } else {
                "TrackEventDefaults track uuids"
            },
            best / untraced,
            bytes as f64 / insts as f64
        );
        if !keep {
            let _ = std::fs::remove_file(&out);
        }
    }
    println!(
        "peak RSS: {} MiB before tracing, {} MiB after (the trace is {} MiB on disk per run)",
        rss_before / 1024,
        peak_rss_kib() / 1024,
        insts * 40 / (1 << 20)
    );
}
