//! The `wavescope` command. Each subcommand lives in its own file; this one only parses arguments,
//! dispatches, and turns errors into one clear line and an exit code.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

mod cmd_disasm;
mod cmd_exec;
mod cmd_inspect;
mod cmd_profile;
mod cmd_run;
mod cmd_serve;
mod cmd_tui;
mod exec_trace;
mod exit;

use exit::AFTER_HELP;
mod run_control;

#[derive(Parser)]
#[command(
    name = "wavescope",
    version,
    about = "Debugger and trace profiler for AMD CDNA4 (gfx950) kernels, no GPU needed",
    after_help = AFTER_HELP
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Disassemble a gfx950 code object in llvm-objdump's format.
    #[command(after_help = AFTER_HELP)]
    Disasm {
        /// The code object (ELF, e.g. kernel.hsaco).
        #[arg(value_name = "CODE_OBJECT")]
        code_object: PathBuf,
        /// Only the function with this symbol name.
        #[arg(long)]
        kernel: Option<String>,
        /// Interleave file:line and the source text (DWARF line table).
        #[arg(long)]
        source: bool,
        /// Extra directories to search for source files.
        #[arg(long = "source-dir")]
        source_dirs: Vec<PathBuf>,
    },
    /// Execute one dispatch described by a manifest (MANIFEST.json, or DIR for DIR/case.json).
    #[command(after_help = AFTER_HELP)]
    Run {
        #[arg(value_name = "MANIFEST|DIR")]
        manifest: PathBuf,
        /// Emulated-memory limit for all buffers of the dispatch together, e.g. 64G (default 16G).
        #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit)]
        memory_limit: Option<u64>,

        /// Compare every output with its expected file; exit 1 on any mismatch.
        #[arg(long)]
        check: bool,
        /// Write the run report (JSON) to FILE; `--report` alone or `--report -` prints it on stdout (the console
        /// lines then go to stderr).
        #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-")]
        report: Option<PathBuf>,
        /// Write each buffer argument after the run into this directory (argN.bin).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Stop when the dispatch has issued this many wave-instructions, all waves together (0: no limit; exit 4).
        #[arg(long, default_value_t = wavescope::launch::DEFAULT_MAX_INSTRUCTIONS)]
        max_instructions: u64,
        /// Run work-groups on this many host threads (default: the cores available).
        #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
        jobs: usize,
        /// Exit 1 when the hazard or missing-wait checker finds anything.
        #[arg(long)]
        strict: bool,
        /// Write a Perfetto trace (open it at https://ui.perfetto.dev).
        #[arg(long)]
        trace: Option<PathBuf>,
        /// Trace only these waves, e.g. "0-3,17".
        #[arg(long)]
        trace_waves: Option<String>,
        /// Trace only instructions at these PCs, e.g. "0x1780-0x1800,0x1900".
        #[arg(long)]
        trace_pcs: Option<String>,
        /// Trace only this window of modelled cycles, e.g. "1000-2000" or "1000-".
        #[arg(long)]
        trace_cycles: Option<String>,
        /// Modelled clock for trace timestamps, in MHz.
        #[arg(long, default_value_t = 1000)]
        trace_clock_mhz: u64,
        /// Trace encoding: `standard` (the default: every event names its track and every counter value is its
        /// own packet, what every TrackEvent reader accepts) or `compact` (~30% smaller and cheaper to write:
        /// sequence defaults, counters on the slices, varint flow ids, which trace_processor and ui.perfetto.dev
        /// import as the standard layout, docs/tracing.md; readers that apply no sequence defaults need
        /// `tools/expand_pftrace.py --standard` first).
        #[arg(long, default_value = "standard", value_parser = ["standard", "compact"])]
        trace_layout: String,
        /// Write the trace's packets zlib-compressed in `compressed_packets` containers (~20x smaller), as
        /// Perfetto's own service does: ui.perfetto.dev and trace_processor read it directly;
        /// `python3 tools/expand_pftrace.py IN OUT` gives back the uncompressed file.
        #[arg(long)]
        trace_compress: bool,
        /// Check global-memory races between waves and work-groups over the whole dispatch, however large. By
        /// default LDS races, conflicting lanes of one store and barrier misuse are checked, and global races too
        /// for a dispatch of at most 256 waves, until 1 Mi global lane-accesses were checked or its shadow took
        /// 256 MiB (the report's `race_mode` says which ran; docs/races.md). Global checking runs on one host thread.
        #[arg(long)]
        races: bool,
        /// Do not run the race and barrier checker.
        #[arg(long, conflicts_with = "races")]
        no_races: bool,
    },
    /// Profile one dispatch under the cycle model: cost per source line (with inline chain) and per instruction,
    /// stalls by reason, memory latency hidden vs exposed, hazards (MANIFEST.json, or DIR for DIR/case.json).
    #[command(after_help = AFTER_HELP)]
    Profile {
        #[arg(value_name = "MANIFEST|DIR")]
        manifest: PathBuf,
        /// Emulated-memory limit for all buffers of the dispatch together, e.g. 64G (default 16G).
        #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit)]
        memory_limit: Option<u64>,

        /// Rows per table (0: all).
        #[arg(long, default_value_t = 20)]
        top: usize,
        /// Which table(s) to print.
        #[arg(long, value_enum, default_value = "both")]
        by: cmd_profile::By,
        /// Also write the whole profile as JSON to this file (`-`: JSON to stdout instead of the tables).
        #[arg(long)]
        json: Option<PathBuf>,
        /// Run work-groups on this many host threads (default: the cores available).
        #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
        jobs: usize,
        /// Stop when the dispatch has issued this many wave-instructions, all waves together (0: no limit; exit 4).
        #[arg(long, default_value_t = wavescope::launch::DEFAULT_MAX_INSTRUCTIONS)]
        max_instructions: u64,
        /// Cycle-model parameters: a changed copy of src/observers/timing/cdna4.toml (default: that file's figures).
        #[arg(long)]
        timing_model: Option<PathBuf>,
    },
    /// Run a dispatch until one wave reaches a source line; print the stop and its source variables per lane.
    #[command(after_help = AFTER_HELP)]
    Inspect {
        /// MANIFEST.json, or DIR for DIR/case.json.
        #[arg(value_name = "MANIFEST|DIR")]
        manifest: PathBuf,
        /// Emulated-memory limit for all buffers of the dispatch together, e.g. 64G (default 16G).
        #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit)]
        memory_limit: Option<u64>,

        /// Where to stop: FILE:LINE (kernel.cl:30), or *ADDR for an instruction address (*0x1760).
        #[arg(long = "break", value_name = "FILE:LINE")]
        breakpoint: String,
        /// The wave to stop (its index in the dispatch: work-groups in x, y, z order, then waves in the group).
        #[arg(long, default_value_t = 0)]
        wave: u32,
        /// Lanes whose variables to print (repeat for several; default lane 0).
        #[arg(long = "lane")]
        lanes: Vec<u32>,
        /// Stop at the wave's Nth arrival at the line (a loop body's line is arrived at once per iteration).
        #[arg(long, default_value_t = 1)]
        hit: u32,
        /// Give up after the dispatch (all waves up to the stop) has issued this many wave-instructions (exit 4).
        #[arg(long, default_value_t = wavescope::launch::DEFAULT_MAX_INSTRUCTIONS)]
        max_instructions: u64,
        /// Extra directories to search for source files.
        #[arg(long = "source-dir")]
        source_dirs: Vec<PathBuf>,
    },
    /// Serve one dispatch to gdb over the remote protocol: `gdb -ex 'target remote :1234'` (waves are threads).
    #[command(after_help = AFTER_HELP)]
    Serve {
        /// MANIFEST.json, or DIR for DIR/case.json.
        #[arg(value_name = "MANIFEST|DIR")]
        manifest: PathBuf,
        /// Emulated-memory limit for all buffers of the dispatch together, e.g. 64G (default 16G).
        #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit)]
        memory_limit: Option<u64>,

        /// TCP port to listen on.
        #[arg(long, default_value_t = 1234)]
        port: u16,
        /// Address to listen on (only this machine unless you say otherwise).
        #[arg(long, default_value = "127.0.0.1")]
        listen: String,
        /// When the dispatch ends, compare the outputs with the manifest's expected files (exit 1 on a mismatch).
        #[arg(long)]
        check: bool,
        /// Most waves resident at once (whole work-groups); later work-groups launch as earlier ones end.
        #[arg(long, default_value_t = 256)]
        resident_waves: u32,
        /// Stop a wave (SIGTRAP) at the consumer of each new hazard or missing wait, naming the rule, and before
        /// the second access of each new race, naming both accesses (docs/races.md).
        #[arg(long)]
        stop_on_findings: bool,
        /// Also check global-memory races live, as `run --races` does (LDS races, conflicting lanes of one store
        /// and barrier misuse are always checked); with `--stop-on-findings` a wave stops before the second
        /// access of a global race too.
        #[arg(long)]
        races: bool,
        /// Stop when the dispatch has issued this many wave-instructions, all waves together (0: no limit): the
        /// wave about to go past it stops with the fault `run` reports (exit 4 there).
        #[arg(long, default_value_t = wavescope::launch::DEFAULT_MAX_INSTRUCTIONS)]
        max_instructions: u64,
        /// `monitor trace start FILE` writes only inside DIR (default: the directory the server starts in).
        #[arg(long, value_name = "DIR")]
        trace_dir: Option<PathBuf>,
    },
    /// Run an unmodified HIP program with wavescope's HIP runtime: every kernel launch runs on the executor
    /// (docs/exec.md). Returns the program's exit status.
    Exec {
        /// Write every launch (with its run report) to this JSON file.
        #[arg(long)]
        report: Option<PathBuf>,
        /// Write each launch as a manifest directory DIR/launch-NNNN (replay: wavescope run DIR/launch-NNNN --check).
        #[arg(long)]
        capture: Option<PathBuf>,
        /// Capture only this launch: a kernel name (mangled or demangled) or a launch index.
        #[arg(long)]
        capture_only: Option<String>,
        /// Stop the program at this launch (KERNEL or INDEX, optionally :PORT, default 1234) and serve it to gdb.
        #[arg(long)]
        gdb: Option<String>,
        /// Run each launch's work-groups on this many host threads (default: the cores available; results do not
        /// depend on it).
        #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
        jobs: usize,
        /// Exit 1 when the program exits 0 but a launch has hazard, missing-wait or race-error findings.
        #[arg(long)]
        strict: bool,
        /// Stop a launch when it has issued this many wave-instructions, all its waves together (0: no limit); the
        /// launch then fails with hipErrorLaunchFailure, as `run` exits 4.
        #[arg(long, default_value_t = wavescope::launch::DEFAULT_MAX_INSTRUCTIONS)]
        max_instructions: u64,
        /// Cycle-model parameters for every launch: a changed copy of src/observers/timing/cdna4.toml.
        #[arg(long)]
        timing_model: Option<PathBuf>,
        /// One Perfetto trace with every launch on the modelled timeline (launches, then each launch's waves).
        #[arg(long)]
        trace: Option<PathBuf>,
        /// Open the terminal UI on this launch (KERNEL or INDEX); the program continues when the UI quits.
        #[arg(long, value_name = "KERNEL|INDEX")]
        tui: Option<String>,
        /// Check global-memory races over each whole launch, as `run --races` (by default as `run`: LDS, barriers,
        /// and global memory for a small launch within a budget; docs/races.md).
        #[arg(long)]
        races: bool,
        /// Do not run the race and barrier checker.
        #[arg(long, conflicts_with = "races")]
        no_races: bool,
        /// The program and its arguments (after `--`).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, required = true)]
        program: Vec<String>,
    },
    /// Step one dispatch interactively in the terminal: source, disassembly, waves, registers (MANIFEST or DIR).
    #[command(after_help = AFTER_HELP)]
    Tui {
        #[arg(value_name = "MANIFEST|DIR")]
        manifest: PathBuf,
        /// Emulated-memory limit for all buffers of the dispatch together, e.g. 64G (default 16G).
        #[arg(long, value_name = "SIZE", value_parser = parse_memory_limit)]
        memory_limit: Option<u64>,

        /// Most waves resident at once (whole work-groups).
        #[arg(long, default_value_t = 256)]
        resident_waves: u32,
        /// Stop when the dispatch has issued this many wave-instructions, all waves together (0: no limit): the
        /// wave about to go past it stops with the fault `run` reports (exit 4 there).
        #[arg(long, default_value_t = wavescope::launch::DEFAULT_MAX_INSTRUCTIONS)]
        max_instructions: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(cli.command, Command::Serve { .. } | Command::Tui { .. }) {
        // Report commands end quietly when their reader goes away (`wavescope disasm X | head`), as Unix tools do;
        // Rust's default (SIGPIPE ignored) would make every later print panic. The server and the TUI keep the
        // default so a dropped gdb connection is an error to handle, not a kill.
        #[cfg(unix)]
        // SAFETY: restoring the default disposition of one signal before any thread starts.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
    let memory_limit = match &cli.command {
        Command::Run { memory_limit, .. }
        | Command::Profile { memory_limit, .. }
        | Command::Inspect { memory_limit, .. }
        | Command::Serve { memory_limit, .. }
        | Command::Tui { memory_limit, .. } => *memory_limit,
        Command::Disasm { .. } | Command::Exec { .. } => None,
    };
    if let Some(bytes) = memory_limit {
        wavescope::manifest::set_memory_limit(bytes);
    }
    let result = match cli.command {
        Command::Exec {
            report,
            capture,
            capture_only,
            gdb,
            jobs,
            strict,
            max_instructions,
            timing_model,
            trace,
            tui,
            races,
            no_races,
            program,
        } => cmd_exec::run(&cmd_exec::ExecArgs {
            program,
            report,
            capture,
            capture_only,
            gdb,
            jobs,
            strict,
            max_instructions,
            timing_model,
            trace,
            tui,
            races,
            no_races,
        }),
        Command::Disasm {
            code_object,
            kernel,
            source,
            source_dirs,
        } => cmd_disasm::run(&code_object, kernel.as_deref(), source, &source_dirs),
        Command::Inspect {
            manifest,
            breakpoint,
            wave,
            lanes,
            hit,
            max_instructions,
            source_dirs,
            ..
        } => cmd_inspect::run(&cmd_inspect::InspectArgs {
            manifest,
            breakpoint,
            wave,
            lanes,
            hit,
            max_instructions,
            source_dirs,
        }),
        Command::Profile {
            manifest,
            top,
            by,
            json,
            jobs,
            max_instructions,
            timing_model,
            ..
        } => cmd_profile::run(&cmd_profile::ProfileArgs {
            manifest,
            top,
            by,
            json,
            jobs,
            max_instructions,
            timing_model,
        }),
        Command::Serve {
            manifest,
            port,
            listen,
            check,
            resident_waves,
            stop_on_findings,
            races,
            trace_dir,
            max_instructions,
            ..
        } => cmd_serve::run(&cmd_serve::ServeArgs {
            manifest,
            port,
            listen,
            check,
            resident_waves,
            stop_on_findings,
            global_races: races,
            trace_dir,
            max_instructions,
        }),
        Command::Tui {
            manifest,
            resident_waves,
            max_instructions,
            ..
        } => cmd_tui::run(&cmd_tui::TuiArgs {
            manifest,
            resident_waves,
            max_instructions,
        }),
        Command::Run {
            manifest,
            check,
            report,
            out,
            max_instructions,
            jobs,
            strict,
            trace,
            trace_waves,
            trace_pcs,
            trace_cycles,
            trace_clock_mhz,
            trace_layout,
            trace_compress,
            races,
            no_races,
            ..
        } => cmd_run::run(&cmd_run::RunArgs {
            manifest,
            check,
            report,
            out,
            max_instructions,
            jobs,
            strict,
            trace,
            trace_waves,
            trace_pcs,
            trace_cycles,
            trace_clock_mhz,
            compact_trace: trace_layout == "compact",
            compress_trace: trace_compress,
            races,
            no_races,
        }),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("wavescope: error: {}", exit::one_line(&e));
            exit::for_error(&e).into()
        }
    }
}

fn parse_memory_limit(s: &str) -> Result<u64, String> {
    let n = wavescope::manifest::parse_size(s)?;
    if n == 0 {
        return Err("the memory limit must be more than 0".into());
    }
    Ok(n)
}
