//! Cost of tracing every wave-instruction of PolyBench gemm 512^3 (4096 waves, ~30M wave-instructions), one
//! host thread throughout:
//! - issue-order clock: traced run / `wavescope::engine::run` (no timing model);
//! - cycle-model clock: traced run / the pipeline with the cycle model alone (the same model, untraced);
//! - as the CLI runs: `run_traced` (`wavescope run --trace`) / `Session::run` (`wavescope run`), both with the
//!   cycle model, the hazard checker and the LDS race checker (`RunConfig::full`);
//!
//! each for three encodings (`Layout::Standard`, the default, which every Perfetto reader takes;
//! `Layout::Compact`, which relies on trace_processor's sequence defaults; and the standard layout written
//! zlib-compressed in `compressed_packets` containers, `--trace-compress`), and trace bytes per
//! wave-instruction. Wall time is the figure; CPU time (all threads, the I/O thread's too) shows what a loaded
//! machine hides. The trace streams to target/tmp and is deleted after each run, outside the timing.
//!
//! `cargo bench -p wavescope-traces --bench trace_gemm` (`-- --quick`: one run each; `-- --keep`: keep the last
//! file; `-- --case DIR`: another example; `-- --clock issue|cycle|run`,
//! `-- --layout standard|compact|compressed`: only those; `-- --out FILE`: write there, e.g. `/dev/null` to time the tracer without the file system).

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;
use wavescope::engine::run_observed;
use wavescope::launch::RunOptions;
use wavescope::observers::timing::{CycleModel, TimingTable};
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;
use wavescope_traces::{
    finish, run_traced, writer::Layout, Clock, CycleClock, IssueOrderClock, TraceConfig, TraceFile,
    TraceObserver, TraceOptions, TraceProgram,
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

/// CPU seconds (user + system) this process used so far (/proc/self/stat, 100 ticks per second): less
/// sensitive than wall time to other processes sharing the machine.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // fields after the parenthesized command name: state is field 3, utime 14, stime 15
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    (f.get(11).copied().unwrap_or(0) + f.get(12).copied().unwrap_or(0)) as f64 / 100.0
}

/// Best wall and CPU seconds of the runs so far, and the last result.
#[derive(Clone, Copy)]
struct Best {
    wall: f64,
    cpu: f64,
    value: u64,
}

impl Best {
    fn new() -> Best {
        Best {
            wall: f64::MAX,
            cpu: f64::MAX,
            value: 0,
        }
    }
    fn run(&mut self, f: impl FnOnce() -> u64) {
        let (t, c) = (Instant::now(), cpu_seconds());
        self.value = f();
        self.wall = self.wall.min(t.elapsed().as_secs_f64());
        self.cpu = self.cpu.min(cpu_seconds() - c);
    }
}

/// One traced run; returns trace bytes.
fn traced<C: Clock + Send>(
    s: &Session,
    out: &Path,
    (layout, compress): (Layout, bool),
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
            layout,
            compress,
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
    let out = args
        .iter()
        .position(|a| a == "--out")
        .and_then(|i| args.get(i + 1))
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/tmp/bench_trace.pftrace"));
    let _ = std::fs::create_dir_all(out.parent().unwrap());
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    let runs = if quick { 1 } else { 3 };
    let want = |flag: &str, v: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .is_none_or(|x| x == v)
    };
    let s = Session::load(&case, &opts).expect("load");
    let d = &s.dispatch;
    let insts = wavescope::engine::run(d, &opts).0.wave_instructions;
    // Deleting the file (freeing its page cache) is not part of tracing: it happens after the clock stops.
    let done = || {
        // only a regular file (never `/dev/null`)
        if !keep && std::fs::metadata(&out).is_ok_and(|m| m.is_file()) {
            let _ = std::fs::remove_file(&out);
        }
    };
    let table = Arc::new(TimingTable::new(
        &d.program,
        CycleModel::default(),
        d.lds_bytes,
    ));
    let layouts: Vec<(&str, (Layout, bool))> = [
        ("standard", (Layout::Standard, false)),
        ("compact", (Layout::Compact, false)),
        ("compressed", (Layout::Standard, true)),
    ]
    .into_iter()
    .filter(|(name, _)| want("--layout", name))
    .collect();
    let (issue, cycle, run) = (
        want("--clock", "issue"),
        want("--clock", "cycle"),
        want("--clock", "run"),
    );
    // Untraced and traced runs interleave, so a change in the machine's load hits both.
    let (mut plain, mut timed, mut session_run) = (Best::new(), Best::new(), Best::new());
    let mut traced_issue = vec![Best::new(); layouts.len()];
    let mut traced_cycle = vec![Best::new(); layouts.len()];
    let mut traced_run = vec![Best::new(); layouts.len()];
    for _ in 0..runs {
        if issue {
            plain.run(|| wavescope::engine::run(d, &opts).0.wave_instructions);
            for (b, &(_, layout)) in traced_issue.iter_mut().zip(&layouts) {
                b.run(|| traced(&s, &out, layout, &opts, || IssueOrderClock));
                done();
            }
        }
        if cycle {
            timed.run(|| {
                let config = RunConfig {
                    cycle_model: Some(CycleModel::default()),
                    ..RunConfig::plain(opts.clone())
                };
                wavescope::pipeline::run(d, &config).stats.wave_instructions
            });
            for (b, &(_, layout)) in traced_cycle.iter_mut().zip(&layouts) {
                b.run(|| traced(&s, &out, layout, &opts, || CycleClock::new(table.clone())));
                done();
            }
        }
        if run {
            // What `wavescope run` and `wavescope run --trace FILE` do: cycle model, hazard and LDS race checkers.
            let full = RunConfig::full(opts.clone());
            session_run.run(|| s.run(&full).stats.wave_instructions);
            for (b, &(_, (layout, compress))) in traced_run.iter_mut().zip(&layouts) {
                b.run(|| {
                    let config = TraceConfig {
                        layout,
                        compress,
                        ..TraceConfig::default()
                    };
                    let r = run_traced(&s, &full, &out, config, &TraceOptions::default())
                        .expect("run_traced");
                    assert_eq!(r.trace.instructions, r.run.stats.wave_instructions);
                    r.trace.bytes
                });
                done();
            }
        }
    }
    println!("{}: {insts} wave-instructions", case.display());
    let report = |what: &str, base: &Best, traced: &[Best]| {
        println!(
            "untraced, {what}: {:.3} s ({:.1} M/s), {:.2} CPU s",
            base.wall,
            insts as f64 / base.wall / 1e6,
            base.cpu
        );
        for (b, (layout, _)) in traced.iter().zip(&layouts) {
            println!(
                "traced, {what}, {layout} layout: {:.3} s = {:.2}x wall, {:.2} CPU s = {:.2}x CPU; {} bytes = \
                 {:.1} bytes/wave-instruction",
                b.wall,
                b.wall / base.wall,
                b.cpu,
                b.cpu / base.cpu,
                b.value,
                b.value as f64 / insts as f64
            );
        }
    };
    if issue {
        report("issue-order clock (no timing model)", &plain, &traced_issue);
    }
    if cycle {
        report("cycle model", &timed, &traced_cycle);
    }
    if run {
        report(
            "as `wavescope run` (cycle model, hazard and LDS race checkers)",
            &session_run,
            &traced_run,
        );
    }
    println!("peak RSS {} MiB", peak_rss_mib());
}
