//! wavescope traces adapter: Perfetto traces of a run.
//!
//! - [`writer`]: the domain layer (tracks, slices, instants, flows, counters) streaming TrackEvent packets to a
//!   `.pftrace` file with bounded memory;
//! - [`observer`]: [`TraceObserver`], an executor `Observer` writing one slice per executed wave-instruction,
//!   timed by a [`Clock`] ([`IssueOrderClock`] until the cycle model exists);
//! - [`proto`]: the wire format (Perfetto's schema from `perfetto_protos`, hand-encoded hot packets).
//! - [`validate`]: the trace checker (what trace_processor's import needs), used by the tests.
//!
//! # Opening a trace
//! Open <https://ui.perfetto.dev>, choose "Open trace file" and pick the `.pftrace` (the file stays in the
//! browser; nothing is uploaded). Tracks are grouped `CU n` → `WG (x,y,z)` → `wave W WG(x,y,z) SIMD s`;
//! expand a wave for its `vmcnt`, `lgkmcnt` and `active lanes` counters; a CU also holds `SIMD s busy waves`.
//! Click an instruction slice: its arguments show `source.file_name`/`source.line_number` and, in
//! `source.function_name`, the PC and the instruction text, and (`debug.lanes`) the active lanes where they
//! changed since the wave's previous such argument; arrows (flows) lead from each memory instruction
//! to the `s_waitcnt` that waits for it. Hazards and missing waits are instant markers on the wave's track.
//! With the issue-order clock, 1 "ns" is one issued instruction of that wave. For SQL, "Query (SQL)" in the UI
//! (or `trace_processor_shell`) has the `slice`, `track`, `counter` and `flow` tables:
//! `select name, count(*) from slice group by name order by 2 desc`.
//!
//! # Threads
//! `launch::run_observed` makes one observer per host thread (`--jobs`). Each gets its own `TraceWriter` from
//! one `TraceFile`: its own sequences and buffer, handed a whole buffer at a time to the file's I/O thread, so
//! packets of different threads interleave without breaking a sequence (Perfetto sequences are independent).
//! `finish` merges the threads' SIMD busy-wave counts and writes them last.
//!
//! # Size
//! Two layouts ([`writer::Layout`]; the module docs of [`writer`] count the bytes): `Standard` (default), which
//! every Perfetto reader takes — 41.0 bytes per wave-instruction on gemm 512 with the issue-order clock, 43.0
//! with the cycle model's stall slices — and `Compact`, which relies on trace_processor's sequence defaults
//! (`TrackEventDefaults` track and counter tracks, `extra_counter_values`, varint flow ids): 27.9 and 29.5.
//! `benches/trace_gemm.rs` measures both, and the cost against the untraced run.
//!
//! # Use
//! `run_traced` is what `wavescope run --trace` needs; by hand:
//! ```no_run
//! # use std::path::Path;
//! use wavescope::{launch::{self, RunOptions}, session::Session};
//! use wavescope_traces::{finish, TraceConfig, TraceFile, TraceObserver, TraceOptions, TraceProgram, IssueOrderClock};
//! let opts = RunOptions::default();
//! let s = Session::load(Path::new("examples/polybench_gemm_64"), &opts).unwrap();
//! let d = &s.dispatch;
//! let prog = TraceProgram::new(&d.program, s.debug_info.as_deref());
//! let topts = TraceOptions::default();
//! let file = TraceFile::create(Path::new("gemm.pftrace"),
//!     TraceConfig { wave_count: d.wave_count(), ..TraceConfig::default() }).unwrap();
//! let (_stats, _fault, observers) = launch::run_observed(d, &opts, || {
//!     TraceObserver::new(&prog, &d.program, &topts, file.writer(), IssueOrderClock)
//! });
//! let (trace_stats, _hazards) = finish(file, observers).unwrap();
//! ```

pub mod observer;
pub mod profile;
pub mod proto;
pub mod tap;
pub mod validate;
pub mod writer;

pub use observer::{
    Clock, CycleClock, CycleSink, FilterError, Issue, IssueOrderClock, Stall, TraceFilter,
    TraceObserver, TraceOptions, TraceParts, TraceProgram,
};
pub use writer::{
    Arg, FlowId, Layout, LocId, NameId, TraceConfig, TraceFile, TraceStats, TraceWriter,
    WaveCounter, WaveDesc, WaveTrack,
};

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;
use wavescope::hazards::{Findings, HazardChecker, HazardTable};
use wavescope::launch::{run_observed, RunFault, RunOptions, RunStats};
use wavescope::session::Session;
use wavescope::timing::{CycleModel, TimingObserver, TimingReport, TimingTable};

/// A traced run: what `Session::run` gives, plus the trace's totals.
pub struct TracedRun {
    pub stats: RunStats,
    pub fault: Option<RunFault>,
    /// With `RunOptions::check_hazards`.
    pub findings: Option<Findings>,
    pub timing: TimingReport,
    pub trace: TraceStats,
    pub wall_seconds: f64,
}

/// What `wavescope run --trace FILE` runs: the dispatch with the cycle model as the trace's clock (the trace
/// shows modelled cycles and the run keeps its timing report), the hazard checker when `opts.check_hazards`
/// (its findings become instants), one writer per host thread (`--jobs`) into `path`. `config.wave_count` is
/// set from the dispatch.
pub fn run_traced(
    session: &Session,
    opts: &RunOptions,
    path: &Path,
    config: TraceConfig,
    options: &TraceOptions,
) -> std::io::Result<TracedRun> {
    let d = &session.dispatch;
    let t0 = Instant::now();
    let prog = TraceProgram::new(&d.program, session.debug_info.as_deref());
    // the run's own cycle model, memory system included, so the trace's clock is `wavescope run`'s
    let table = Arc::new(TimingTable::for_dispatch(d, CycleModel::default()));
    let hazards = HazardTable::with_apertures(&d.program, d.apertures);
    let file = TraceFile::create(
        path,
        TraceConfig {
            wave_count: d.wave_count(),
            ..config
        },
    )?;
    let (stats, fault, observers) = run_observed(d, opts, || {
        let o = TraceObserver::new(
            &prog,
            &d.program,
            options,
            file.writer(),
            CycleClock::new(table.clone()),
        );
        if opts.check_hazards {
            o.with_hazards(HazardChecker::new(&hazards))
        } else {
            o
        }
    });
    let (trace, findings, clocks) = finish_with_clocks(file, observers)?;
    let timing = TimingObserver::merge(clocks.into_iter().map(CycleClock::into_timing).collect());
    Ok(TracedRun {
        stats,
        fault,
        findings,
        timing,
        trace,
        wall_seconds: t0.elapsed().as_secs_f64(),
    })
}

/// Finish a traced run: close the observers' waves, complete the file and merge the hazard checkers' findings
/// (when the observers ran with one). `finish_with_clocks` also returns the clocks (a `CycleClock`'s timing).
pub fn finish<'a, C: Clock>(
    file: TraceFile,
    observers: impl IntoIterator<Item = TraceObserver<'a, C>>,
) -> std::io::Result<(TraceStats, Option<Findings>)> {
    finish_with_clocks(file, observers).map(|(s, f, _)| (s, f))
}

/// `finish`, also returning each observer's clock.
pub fn finish_with_clocks<'a, C: Clock>(
    file: TraceFile,
    observers: impl IntoIterator<Item = TraceObserver<'a, C>>,
) -> std::io::Result<(TraceStats, Option<Findings>, Vec<C>)> {
    let mut writers = Vec::new();
    let mut checkers: Vec<HazardChecker<'a>> = Vec::new();
    let mut clocks = Vec::new();
    for o in observers {
        let p = o.finish();
        writers.push(p.writer);
        checkers.extend(p.hazards);
        clocks.push(p.clock);
    }
    let findings = (!checkers.is_empty()).then(|| Findings::merge(checkers));
    Ok((file.finish(writers)?, findings, clocks))
}
