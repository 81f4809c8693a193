//! The writer's per-sequence templates (instruction slice begins and counter values written as a template behind
//! the timestamp) against the field-by-field encoder, and the trace `wavescope run --trace` writes against the
//! one the writer wrote before the templates existed.
//!
//! - `templates_write_the_field_by_field_bytes`: the same runs written both ways give the same bytes (so every
//!   reader sees the same trace), at the default clock and at a clock where cycles round to shared nanoseconds,
//!   in both layouts.
//! - `trace_matches_the_writer_before_templates`: `fixtures/writer_before/*.pftrace` are the traces the writer
//!   of main b132e47 wrote for `wavescope run EXAMPLE --trace T --trace-compress` (the CLI's configuration:
//!   cycle model with its memory system, hazard and LDS race checkers, one job). The test writes the same runs
//!   now (uncompressed, as `--trace` alone) and compares what `wavescope_traces::validate` reads from both:
//!   every track, slice (name, timestamp, duration, track, depth, arguments, source location), counter value
//!   and flow. When the cycle model itself changes (other timings, other memory figures), the fixtures are
//!   rewritten with `WAVESCOPE_BLESS_TRACES=1`, by the field-by-field encoder; the first test keeps the
//!   templates equal to it.

mod common;

use common::*;
use std::path::{Path, PathBuf};
use wavescope::launch::RunOptions;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;
use wavescope_traces::validate::{Arg, Trace};
use wavescope_traces::{run_traced, Layout, TraceConfig, TraceOptions, TraceStats};

/// Examples with memory instructions (global and LDS), divergent lanes and barriers.
const EXAMPLES: [&str; 3] = ["rodinia_pathfinder", "heteromark_hist", "rodinia_bfs"];

/// `wavescope run DIR --jobs 1 --trace PATH` with `config` as the trace's settings.
fn cli_trace(name: &str, path: &Path, config: TraceConfig) -> TraceStats {
    let run = RunConfig::full(RunOptions {
        jobs: 1,
        ..RunOptions::default()
    });
    let session = Session::load(&example(name), &run.options).expect("load example");
    run_traced(&session, &run, path, config, &TraceOptions::default())
        .expect("traced run")
        .trace
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/writer_before")
        .join(format!("{name}.pftrace"))
}

#[test]
fn templates_write_the_field_by_field_bytes() {
    let mut exercised = (0, 0, 0);
    for name in EXAMPLES.iter().chain(&["triton_matmul_f16"]) {
        // 1 GHz (a cycle is a nanosecond) and 2.5 GHz (neighbouring cycles share a nanosecond), both layouts
        for (clock_hz, layout) in [
            (1_000_000_000, Layout::Standard),
            (2_500_000_000, Layout::Standard),
            (1_000_000_000, Layout::Compact),
            (2_500_000_000, Layout::Compact),
        ] {
            let mut bytes = Vec::new();
            for field_by_field in [false, true] {
                let path = tmp(&format!(
                    "encoding-{name}-{clock_hz}-{layout:?}-{field_by_field}.pftrace"
                ));
                let stats = cli_trace(
                    name,
                    &path,
                    TraceConfig {
                        clock_hz,
                        field_by_field,
                        layout,
                        ..TraceConfig::default()
                    },
                );
                assert!(stats.instructions > 0 && stats.counter_values > 0);
                bytes.push(std::fs::read(&path).expect("trace"));
                let _ = std::fs::remove_file(&path);
            }
            let what = format!("{name} at {clock_hz} Hz, {layout:?}");
            assert_eq!(bytes[0].len(), bytes[1].len(), "{what}");
            let first = bytes[0].iter().zip(&bytes[1]).position(|(a, b)| a != b);
            assert_eq!(first, None, "{what}: first different byte");
            // what the runs put through the encoders: slices with memory arguments, counters, flows
            let t = validate::read_bytes(&bytes[0]).unwrap_or_else(|p| panic!("{name}: {p:?}"));
            exercised.0 += t.slices.iter().filter(|s| s.arg("lines").is_some()).count();
            exercised.1 += t.counters.len();
            exercised.2 += t.flows.len();
        }
    }
    assert!(
        exercised.0 > 0 && exercised.1 > 0 && exercised.2 > 0,
        "{exercised:?}"
    );
}

use wavescope_traces::validate;

/// What a reader takes from a trace, packets and encoding aside.
fn content(t: &Trace) -> (String, usize) {
    let mut out = String::new();
    for tr in t.tracks.values() {
        out += &format!("track {tr:?}\n");
    }
    for s in &t.slices {
        let args: Vec<String> = s
            .args
            .iter()
            .map(|(k, v)| match v {
                Arg::Uint(u) => format!("{k}={u}"),
                other => format!("{k}={other:?}"),
            })
            .collect();
        out += &format!(
            "slice {} ts {} dur {} track {} depth {} instant {} args [{}] source {:?}\n",
            s.name,
            s.ts,
            s.dur,
            s.track,
            s.depth,
            s.instant,
            args.join(","),
            s.source
        );
    }
    for c in &t.counters {
        out += &format!("counter ts {} track {} value {}\n", c.ts, c.track, c.value);
    }
    for f in &t.flows {
        out += &format!("flow {} -> {}\n", f.from, f.to);
    }
    (out, t.slices.len())
}

#[test]
fn trace_matches_the_writer_before_templates() {
    let bless = std::env::var_os("WAVESCOPE_BLESS_TRACES").is_some();
    for name in EXAMPLES {
        if bless {
            cli_trace(
                name,
                &fixture(name),
                TraceConfig {
                    compress: true,
                    field_by_field: true,
                    ..TraceConfig::default()
                },
            );
        }
        let before = validate(&fixture(name));
        assert!(
            before.summary.compressed_containers > 0,
            "{name}: the fixture is a --trace-compress trace"
        );
        let path = tmp(&format!("encoding-now-{name}.pftrace"));
        let stats = cli_trace(name, &path, TraceConfig::default());
        let now = validate(&path);
        let _ = std::fs::remove_file(&path);
        assert_eq!(now.summary.compressed_containers, 0);
        let (a, n) = content(&before);
        let (b, _) = content(&now);
        assert!(
            n > 0 && n as u64 >= stats.instructions,
            "{name}: {n} slices"
        );
        if a != b {
            let line = a
                .lines()
                .zip(b.lines())
                .position(|(x, y)| x != y)
                .unwrap_or(a.lines().count().min(b.lines().count()));
            panic!(
                "{name}: the trace differs from the writer's before (line {line}):\n  before: {}\n  now:    {}",
                a.lines().nth(line).unwrap_or("(end)"),
                b.lines().nth(line).unwrap_or("(end)")
            );
        }
        // the arguments users see are there: instruction text and source line, memory figures, lanes
        let s = now
            .slices
            .iter()
            .find(|s| s.arg("lines").is_some())
            .expect("a memory instruction's slice");
        assert!(s
            .source
            .as_ref()
            .is_some_and(|l| l.function.starts_with("0x")));
        assert!(now.slices.iter().any(|s| s.arg("lanes").is_some()));
    }
}
