//! `wavescope run`: execute one dispatch, check, report.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use wavescope::launch::RunOptions;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

pub struct RunArgs {
    pub manifest: PathBuf,
    pub check: bool,
    pub report: Option<PathBuf>,
    pub out: Option<PathBuf>,
    pub max_instructions: u64,
    pub jobs: usize,
    /// Any hazard or missing wait makes the run exit 1.
    pub strict: bool,
    /// Write a Perfetto trace here.
    pub trace: Option<PathBuf>,
    pub trace_waves: Option<String>,
    pub trace_pcs: Option<String>,
    pub trace_cycles: Option<String>,
    /// Clock for trace timestamps (modelled cycles per microsecond).
    pub trace_clock_mhz: u64,
    /// `--trace-layout compact`.
    pub compact_trace: bool,
    /// `--trace-compress`.
    pub compress_trace: bool,
    /// `--races`: check global-memory races over the whole dispatch (`RaceOptions::from_flags`).
    pub races: bool,
    pub no_races: bool,
}

pub fn run(a: &RunArgs) -> anyhow::Result<ExitCode> {
    // `--report` alone (or `--report -`) puts the JSON report on stdout; the console lines then go to stderr, so
    // stdout is the report and nothing else
    let report_to_stdout = a.report.as_deref() == Some(Path::new("-"));
    macro_rules! say {
        ($($t:tt)*) => {
            if report_to_stdout {
                eprintln!($($t)*)
            } else {
                println!($($t)*)
            }
        };
    }
    let mut config = RunConfig::full(RunOptions {
        max_instructions: a.max_instructions,
        jobs: a.jobs,
        ..RunOptions::default()
    });
    // LDS races unless --no-races; global ones for a small dispatch within a budget, or with --races over the
    // whole dispatch (traced or not: one configuration)
    config.races = Some(wavescope::observers::races::RaceOptions::from_flags(
        a.races, a.no_races,
    ));
    let session = Session::load(&a.manifest, &config.options)?;
    if a.check {
        // the expected files are input too: a missing or wrong-sized one is found before the run (exit 2)
        session
            .manifest
            .check_expected_files()
            .map_err(|m| anyhow::anyhow!("{}: {m}", session.manifest.path.display()))?;
    }
    for w in session.launch_warnings() {
        eprintln!("wavescope: {w}");
    }
    let mut watch = crate::run_control::Watch::start(session.dispatch.wave_count());
    config.options.control = Some(watch.control.clone());
    let outcome = match &a.trace {
        None => session.run(&config),
        Some(path) => {
            use wavescope_traces::{TraceConfig, TraceFilter, TraceOptions};
            let filter = TraceFilter {
                waves: a
                    .trace_waves
                    .as_deref()
                    .map(TraceFilter::parse_waves)
                    .transpose()
                    .map_err(|e| anyhow::anyhow!("--trace-waves: {}", e.0))?,
                pcs: a
                    .trace_pcs
                    .as_deref()
                    .map(TraceFilter::parse_pcs)
                    .transpose()
                    .map_err(|e| anyhow::anyhow!("--trace-pcs: {}", e.0))?,
                cycles: a
                    .trace_cycles
                    .as_deref()
                    .map(TraceFilter::parse_cycles)
                    .transpose()
                    .map_err(|e| anyhow::anyhow!("--trace-cycles: {}", e.0))?,
            };
            let options = TraceOptions {
                filter,
                ..TraceOptions::default()
            };
            let trace_config = TraceConfig {
                clock_hz: a.trace_clock_mhz.max(1) * 1_000_000,
                layout: if a.compact_trace {
                    wavescope_traces::Layout::Compact
                } else {
                    wavescope_traces::Layout::Standard
                },
                compress: a.compress_trace,
                ..TraceConfig::default()
            };
            let r = wavescope_traces::run_traced(&session, &config, path, trace_config, &options)
                .map_err(|e| anyhow::anyhow!("cannot write trace {}: {e}", path.display()))?;
            let per_slice = |b: u64| b as f64 / r.trace.instructions.max(1) as f64;
            let compressed = if a.compress_trace {
                format!(
                    ", compressed from {} bytes ({:.1} per slice)",
                    r.trace.packet_bytes,
                    per_slice(r.trace.packet_bytes)
                )
            } else {
                String::new()
            };
            say!(
                "trace: {} ({} bytes, {} instruction slices, {:.1} bytes per slice{compressed}); open it at https://ui.perfetto.dev",
                path.display(),
                r.trace.bytes,
                r.trace.instructions,
                per_slice(r.trace.bytes)
            );
            session.outcome_of(&config, r.run)
        }
    };
    watch.finish();
    // The kernel's printf output first, as a program's output comes before what a tool says about it: stdout's to
    // stdout (to stderr when stdout is the report), stderr's to stderr.
    if let Some(sv) = &session.dispatch.services {
        use std::io::Write;
        for p in sv.printed() {
            let r = if p.stream == wavescope::services::Stream::Stdout && !report_to_stdout {
                std::io::stdout().lock().write_all(&p.text)
            } else {
                std::io::stderr().lock().write_all(&p.text)
            };
            r.map_err(|e| anyhow::anyhow!("cannot write the kernel's printf output: {e}"))?;
        }
        std::io::stdout().flush().ok();
    }
    let d = &session.dispatch;
    let s = &outcome.stats;
    say!(
        "{}: {} waves in {} work-groups, {} wave-instructions, {} modelled cycles (timing model: {}), {:.3} s wall, {:.1} M wave-instructions/s",
        session.manifest.kernel,
        s.waves,
        d.work_group_count(),
        s.wave_instructions,
        outcome.report.cycles,
        outcome.report.timing_model,
        outcome.wall_seconds,
        s.wave_instructions as f64 / outcome.wall_seconds.max(1e-9) / 1e6
    );
    let processor = session.code_object.header().processor;
    if processor != "gfx950" {
        // a generic code object: the ROCm runtime runs it on a gfx950 device, so it runs as gfx950 here too
        say!(
            "code object: {processor} (generic version {}), run as gfx950, one of its members",
            session.code_object.header().e_flags >> 24
        );
    }
    say!("{}", outcome.report.fidelity.one_line());
    if let Some(note) = &outcome.report.co_resident {
        say!("schedule: {note}");
    }
    if outcome.report.co_resident.is_none() || outcome.report.timing.is_some() {
        say!("{}", outcome.timing.summary_line());
    }
    if let Some(l) = outcome.timing.memory_line() {
        say!("{l}");
    }
    for l in outcome
        .timing
        .stall_lines(3, |pc| describe_pc(&session, pc))
    {
        say!("  {l}");
    }
    if let Some(f) = &outcome.findings {
        for h in &f.hazards {
            say!("{}", wavescope::observers::hazards::format_finding(h));
        }
        for m in &f.missing_waits {
            say!("{}", wavescope::observers::hazards::format_missing_wait(m));
        }
        say!("{}", f.summary_line());
    }
    if let Some(r) = &outcome.races {
        for line in wavescope::observers::races::console_lines(
            &outcome.report.races,
            r.options,
            outcome.report.global_races_stopped.as_ref(),
        ) {
            say!("{line}");
        }
    }
    if let Some(dir) = &a.out {
        write_buffers(&session, dir)?;
    }
    let mut code = ExitCode::SUCCESS;
    let mut report = outcome.report.clone();
    if a.check {
        let checks = session.check();
        let mut all = true;
        for c in &checks {
            say!("check {}", wavescope::check::summary_line(c));
            all &= c.passed();
        }
        if checks.is_empty() {
            say!("check: the manifest lists no outputs");
        }
        report.passed = Some(all && outcome.fault.is_none());
        report.checks = checks;
        if !all {
            code = ExitCode::from(1);
        }
    }
    if a.strict
        && (outcome.findings.as_ref().is_some_and(|f| !f.is_empty())
            || outcome.report.races.iter().any(|r| r.is_error()))
    {
        code = ExitCode::from(1);
    }
    if let (Some(f), Some(run_fault)) = (&report.fault, &outcome.fault) {
        eprintln!("wavescope: fault: {}", f.message);
        if f.message
            .contains("outside the work-group's 0-byte LDS allocation")
        {
            // The usual cause: a kernel that sizes its LDS at launch (Triton, HIP extern __shared__) run from a
            // manifest without `lds_dynamic_bytes`.
            eprintln!(
                "wavescope: hint: the kernel has no static LDS (.group_segment_fixed_size 0) and the manifest \
                 gives no `lds_dynamic_bytes`; a kernel that sizes LDS at launch needs it (Triton: the compiled \
                 metadata's `shared`; HIP: the launch's dynamic shared memory bytes)"
            );
        }
        // The code object's first bytes are not mapped (CodeObject::load_segments), so a read through a null
        // pointer faults at a small address.
        let null_offset = run_fault
            .addr
            .filter(|&a| a < session.code_object.null_guard().max(4096));
        if let Some(off) = null_offset {
            eprintln!("wavescope: hint: address {off:#x} is a null pointer plus {off}");
        }
        if let Some(h) = wavescope::launch::spin_hint(&session.dispatch.program, run_fault) {
            eprintln!("wavescope: hint: {h}");
        }
        code = crate::exit::Exit::for_fault(run_fault.kind).into();
    }
    if let Some(waves) = &outcome.stats.interrupted {
        let lines = crate::run_control::position_lines(&session, waves);
        eprintln!(
            "wavescope: interrupted (Ctrl-C) after {} wave-instructions; {} waves had not ended:",
            s.wave_instructions,
            lines.len()
        );
        for l in &lines {
            eprintln!("  {l}");
        }
        report.interrupted = Some(lines);
        code = crate::exit::Exit::Interrupted.into();
    }
    if report_to_stdout {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        out.write_all((serde_json::to_string_pretty(&report)? + "\n").as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| anyhow::anyhow!("cannot write the report to stdout: {e}"))?;
    } else if let Some(p) = &a.report {
        std::fs::write(p, serde_json::to_string_pretty(&report)? + "\n")
            .map_err(|e| anyhow::anyhow!("cannot write report {}: {e}", p.display()))?;
    }
    Ok(code)
}

/// `0x1a0 `s_waitcnt vmcnt(0)` (kernel.cl:12)`: an instruction as the console names it.
pub fn describe_pc(session: &Session, pc: u64) -> String {
    let src = session
        .source_line(pc)
        .map(|s| format!(" ({s})"))
        .unwrap_or_default();
    format!("0x{pc:x} `{}`{src}", session.inst_text(pc))
}

fn write_buffers(session: &Session, dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    for (i, bytes) in session.buffers() {
        let p = dir.join(format!("arg{i}.bin"));
        std::fs::write(&p, bytes)
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", p.display()))?;
    }
    Ok(())
}
