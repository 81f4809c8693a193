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
//! to the `s_waitcnt` that waits for it. Hazards, missing waits and race findings are instant markers on the
//! wave's track.
//! With the issue-order clock, 1 "ns" is one issued instruction of that wave. For SQL, "Query (SQL)" in the UI
//! (or `trace_processor_shell`) has the `slice`, `track`, `counter` and `flow` tables:
//! `select name, count(*) from slice group by name order by 2 desc`.
//!
//! # Threads
//! `wavescope::engine::run_observed` makes one observer per host thread (`--jobs`). Each gets its own `TraceWriter` from
//! one `TraceFile`: its own sequences and buffer, handed a whole buffer at a time to the file's I/O thread, so
//! packets of different threads interleave without breaking a sequence (Perfetto sequences are independent).
//! `finish` merges the threads' SIMD busy-wave counts and writes them last.
//!
//! # Size
//! Two layouts ([`writer::Layout`]; the module docs of [`writer`] count the bytes): `Standard` (the library's
//! default), which every Perfetto reader takes — 41.0 bytes per wave-instruction on gemm 512 with the issue-order
//! clock, 43.0 with the cycle model's stall slices — and `Compact` (`wavescope run --trace`'s default, see
//! docs/tracing.md), which relies on trace_processor's sequence defaults (`TrackEventDefaults` track and counter
//! tracks, `extra_counter_values`, varint flow ids): 27.9 and 29.5.
//! `benches/trace_gemm.rs` measures both, and the cost against the untraced run.
//!
//! # Use
//! `run_traced` is what `wavescope run --trace` needs (the run pipeline, `wavescope::pipeline`, with this crate's
//! observer wrapped around each thread's instruments); by hand, with no instrument but the trace:
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
//! let (_stats, _fault, observers) = wavescope::engine::run_observed(d, &opts, || {
//!     TraceObserver::new(&prog, &d.program, &topts, file.writer(), IssueOrderClock)
//! });
//! let (trace_stats, _clocks) = finish(file, observers).unwrap();
//! ```

pub mod observer;
pub mod profile;
pub mod proto;
pub mod tap;
pub mod validate;
pub mod writer;

pub use observer::{
    Clock, ClockInstruments, CoResidentClock, CycleClock, CycleSink, FilterError, Issue,
    IssueOrderClock, ModelClock, Stall, TraceFilter, TraceObserver, TraceOptions, TraceParts,
    TraceProgram,
};
pub use writer::{
    Arg, FlowId, Layout, LocId, NameId, TraceConfig, TraceFile, TraceStats, TraceWriter,
    WaveCounter, WaveDesc, WaveTrack,
};

use std::path::Path;
use wavescope::pipeline::{Plan, RunConfig, RunResult};
use wavescope::session::Session;

/// A traced run: what the pipeline gives for `config` (as `wavescope run`), plus the trace's totals.
pub struct TracedRun {
    pub run: RunResult,
    pub trace: TraceStats,
}

/// What `wavescope run --trace FILE` runs: the run `config` describes (the same instruments as the untraced run:
/// its report is the same), with each host thread's instruments as the trace's clock ([`CycleClock`]: modelled
/// cycles with the cycle model, issue order without), their hazards, missing waits and race findings as
/// instants, one writer per host thread (`--jobs`) into `path`, each encoding on a thread of its own beside the
/// run's ([`TraceObserver::threaded`]). `trace_config.wave_count` is set from the dispatch.
///
/// A dispatch that needs every work-group resident (a cooperative grid barrier: `Dispatch::needs_co_residency`)
/// runs on the resident schedule, one host thread interleaving the waves of every work-group
/// (`Plan::run_co_resident_with`): one observer keeps every wave by its id ([`TraceOptions::interleaved`]) and
/// its clock is the dispatch's co-resident instruments ([`CoResidentClock`]: each work-group's cycle model, the
/// dispatch's checkers), so its trace carries what a batch dispatch's does. Its file is written in the order
/// the waves ran (not in work-group chunks: `TraceConfig::work_group_order` off).
pub fn run_traced(
    session: &Session,
    config: &RunConfig,
    path: &Path,
    trace_config: TraceConfig,
    options: &TraceOptions,
) -> std::io::Result<TracedRun> {
    let d = &session.dispatch;
    let co_resident = d.needs_co_residency();
    // shared with each observer's builder thread (`TraceObserver::threaded`)
    let prog = std::sync::Arc::new(TraceProgram::new(&d.program, session.debug_info.as_deref()));
    let options = std::sync::Arc::new(TraceOptions {
        interleaved: co_resident,
        ..options.clone()
    });
    let file = TraceFile::create(
        path,
        TraceConfig {
            wave_count: d.wave_count(),
            work_group_order: trace_config.work_group_order && !co_resident,
            ..trace_config
        },
    )?;
    let plan = Plan::new(d, config);
    let (run, writers) = if co_resident {
        plan.run_co_resident_with(
            CycleSink::default,
            |co| {
                TraceObserver::threaded(
                    prog.clone(),
                    &d.program,
                    options.clone(),
                    file.writer(),
                    CoResidentClock::of(co),
                )
            },
            |o, fault| {
                let p = o.finish_after(fault);
                (p.clock.into_instruments(), p.writer)
            },
        )
    } else {
        plan.run_with_fault(
            CycleSink::default,
            |i| {
                TraceObserver::threaded(
                    prog.clone(),
                    &d.program,
                    options.clone(),
                    file.writer(),
                    CycleClock::of(i),
                )
            },
            |o, fault| {
                // a barrier deadlock is known only once the run ended with its fault
                let p = o.finish_after(fault);
                (p.clock.into_instruments(), p.writer)
            },
        )
    }
    .split();
    let trace = file.finish(writers)?;
    Ok(TracedRun { run, trace })
}

/// Finish a traced run made by hand (`wavescope::engine::run_observed` with `TraceObserver`s): close the observers' waves
/// and complete the file; returns the trace's totals and each observer's clock (e.g. a `CycleClock`'s
/// instruments, for the pipeline's merges).
pub fn finish<'a, C: Clock>(
    file: TraceFile,
    observers: impl IntoIterator<Item = TraceObserver<'a, C>>,
) -> std::io::Result<(TraceStats, Vec<C>)> {
    let mut writers = Vec::new();
    let mut clocks = Vec::new();
    for o in observers {
        let p = o.finish();
        writers.push(p.writer);
        clocks.push(p.clock);
    }
    Ok((file.finish(writers)?, clocks))
}
