//! `wavescope exec -- PROGRAM [ARGS...]`: run an unmodified HIP program with wavescope's HIP runtime
//! (`libamdhip64.so`, built from hip/) in place of AMD's: every kernel launch runs on the gfx950 executor. The
//! runtime is found beside this executable (or at `WAVESCOPE_HIP_LIB`); symlinks with the sonames programs link
//! against go into a temporary directory put first on `LD_LIBRARY_PATH`. Settings reach the runtime through
//! `WAVESCOPE_EXEC_CONFIG` (a JSON file); it appends one JSON line per launch to a records file read here at the
//! end for the table and `--report` (docs/exec.md).

use anyhow::{anyhow, bail, Context};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub struct ExecArgs {
    pub program: Vec<String>,
    pub report: Option<PathBuf>,
    pub capture: Option<PathBuf>,
    pub capture_only: Option<String>,
    pub gdb: Option<String>,
    pub jobs: usize,
    pub strict: bool,
    pub max_instructions: u64,
    pub timing_model: Option<PathBuf>,
    pub trace: Option<PathBuf>,
    pub tui: Option<String>,
    /// `--races` / `--no-races` (`RaceOptions::from_flags`, as `run`).
    pub races: bool,
    pub no_races: bool,
}

/// Sonames HIP programs link against: Debian's HIP 5.2 (`.so.5`), ROCm 6 and 7.
const SONAMES: &[&str] = &[
    "libamdhip64.so",
    "libamdhip64.so.5",
    "libamdhip64.so.6",
    "libamdhip64.so.7",
];

fn runtime_library() -> anyhow::Result<PathBuf> {
    if let Some(p) = std::env::var_os("WAVESCOPE_HIP_LIB") {
        let p = PathBuf::from(p);
        if p.is_file() {
            return Ok(p);
        }
        bail!("WAVESCOPE_HIP_LIB={} is not a file", p.display());
    }
    let exe =
        std::env::current_exe().context("cannot find the wavescope executable's directory")?;
    let dir = exe.parent().unwrap_or(Path::new("."));
    // A `cargo test` build leaves the library in deps/ beside the uplifted binary and does not refresh an older
    // uplifted copy a `cargo build` left: of the copies present, the newest is the one built with this binary.
    let newest = [
        dir.join("libamdhip64.so"),
        dir.join("../lib/libamdhip64.so"),
        dir.join("deps/libamdhip64.so"),
    ]
    .into_iter()
    .filter(|p| p.is_file())
    .map(|p| {
        let t = std::fs::metadata(&p).and_then(|m| m.modified()).ok();
        (t, p)
    })
    .reduce(|a, b| if b.0 > a.0 { b } else { a });
    if let Some((_, p)) = newest {
        return Ok(p);
    }
    bail!(
        "wavescope's HIP runtime libamdhip64.so is not beside {} (build it with `cargo build --release -p wavescope-hip`, \
         or point WAVESCOPE_HIP_LIB at it)",
        exe.display()
    )
}

pub fn run(a: &ExecArgs) -> anyhow::Result<ExitCode> {
    if a.program.is_empty() {
        bail!("no program given: wavescope exec [OPTIONS] -- PROGRAM [ARGS...]");
    }
    if a.tui.is_some() && a.gdb.is_some() {
        bail!("--tui and --gdb: give one of them (each stops the program at a launch)");
    }
    if let Some(t) = &a.timing_model {
        // checked here, before the program starts, so a bad file is one error (exit 2), not one per launch
        wavescope::observers::timing::CycleModel::from_file(t)
            .map_err(|e| anyhow!("--timing-model {}: {e}", t.display()))?;
    }
    let lib = runtime_library()?;
    let tmp = std::env::temp_dir().join(format!("wavescope-exec-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).with_context(|| format!("cannot create {}", tmp.display()))?;
    let result = run_in(a, &lib, &tmp);
    let _ = std::fs::remove_dir_all(&tmp);
    result
}

fn run_in(a: &ExecArgs, lib: &Path, tmp: &Path) -> anyhow::Result<ExitCode> {
    let lib = std::fs::canonicalize(lib)?;
    for s in SONAMES {
        std::os::unix::fs::symlink(&lib, tmp.join(s))
            .with_context(|| format!("cannot link {} in {}", s, tmp.display()))?;
    }
    if let Some(c) = &a.capture {
        std::fs::create_dir_all(c).with_context(|| format!("cannot create {}", c.display()))?;
    }
    let records = tmp.join("launches.jsonl");
    let marker = tmp.join("runtime-loaded");
    let trace_dir = tmp.join("traces");
    if a.trace.is_some() {
        std::fs::create_dir_all(&trace_dir)
            .with_context(|| format!("cannot create {}", trace_dir.display()))?;
    }
    let abs = |p: &Path| -> String {
        std::path::absolute(p)
            .unwrap_or_else(|_| p.to_path_buf())
            .display()
            .to_string()
    };
    let config = serde_json::json!({
        "records": abs(&records),
        "jobs": a.jobs,
        "strict": a.strict,
        "max_instructions": a.max_instructions,
        "capture_dir": a.capture.as_deref().map(abs),
        "capture_only": a.capture_only,
        "gdb": a.gdb,
        "timing_model": a.timing_model.as_deref().map(abs),
        "tui": a.tui,
        "races": a.races,
        "no_races": a.no_races,
        "trace_dir": a.trace.as_ref().map(|_| abs(&trace_dir)),
        "loaded_marker": abs(&marker),
    });
    let cfg_path = tmp.join("config.json");
    std::fs::write(&cfg_path, config.to_string())?;
    let mut ld = tmp.display().to_string();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
        ld = format!("{ld}:{}", old.to_string_lossy());
    }
    let status = std::process::Command::new(&a.program[0])
        .args(&a.program[1..])
        .env("LD_LIBRARY_PATH", ld)
        .env("WAVESCOPE_EXEC_CONFIG", &cfg_path)
        .status()
        .map_err(|e| anyhow!("cannot run {}: {e}", a.program[0]))?;
    let launches: Vec<serde_json::Value> = std::fs::read_to_string(&records)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect();
    eprint!("{}", table(&launches));
    if !marker.exists() {
        // nothing reached wavescope's runtime: say why, rather than leave "0 kernel launch(es)" unexplained
        let program = &a.program[0];
        if status.code() == Some(127) {
            eprintln!(
                "wavescope: {program} did not start: the dynamic loader refused it (its message is above; a \
                 missing ROCm library other than libamdhip64, e.g. hipBLAS or rocBLAS, is not provided by wavescope)"
            );
        } else {
            eprintln!(
                "wavescope: {program} made no HIP call through wavescope's runtime: it is not a HIP program, or it \
                 loads another libamdhip64 (an RPATH or an absolute path into a ROCm install; `ldd {program}` shows \
                 which)"
            );
        }
    }
    if let Some(t) = &a.trace {
        let (n, bytes) = crate::exec_trace::join(&trace_dir, &launches, &a.program[0], t)?;
        eprintln!(
            "wavescope: trace {} ({bytes} bytes, {n} launch(es) on one timeline); open it at https://ui.perfetto.dev",
            t.display()
        );
    }
    if let Some(p) = &a.report {
        let j = serde_json::json!({
            "program": a.program,
            "exit_status": status.code(),
            "launches": launches,
        });
        std::fs::write(p, serde_json::to_string_pretty(&j)? + "\n")
            .map_err(|e| anyhow!("cannot write report {}: {e}", p.display()))?;
    }
    let code = match status.code() {
        Some(c) => c as u8,
        None => {
            use std::os::unix::process::ExitStatusExt;
            128 + status.signal().unwrap_or(0) as u8
        }
    };
    let findings: u64 = launches.iter().filter_map(|l| l["findings"].as_u64()).sum();
    if a.strict && code == 0 && findings > 0 {
        eprintln!("wavescope: --strict: {findings} hazard, missing-wait or race-error finding(s) in the launches");
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::from(code))
}

/// The launch table: index, kernel, grid/block, waves, wave-instructions, modelled time, wall time, findings.
pub fn table(launches: &[serde_json::Value]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(s, "wavescope: {} kernel launch(es)", launches.len());
    if launches.is_empty() {
        return s;
    }
    let _ = writeln!(
        s,
        "{:>5}  {:<40} {:>16} {:>14} {:>7} {:>12} {:>12} {:>9}  findings",
        "#", "kernel", "grid", "block", "waves", "wave-insts", "modelled us", "wall ms"
    );
    let dims = |v: &serde_json::Value| {
        let d: Vec<String> = v
            .as_array()
            .map(|a| a.iter().map(|x| x.to_string()).collect())
            .unwrap_or_default();
        format!("({})", d.join(","))
    };
    for l in launches {
        let mut k = l["demangled"].as_str().unwrap_or("?").to_string();
        if k.chars().count() > 40 {
            k = k.chars().take(39).collect::<String>() + "~";
        }
        let fault = l["fault"].as_str().map(|_| " FAULT").unwrap_or("");
        // a launch run with every work-group resident (cooperative grid barrier) without its model or checkers
        // (`wavescope exec` models and checks them; a traced capture does not)
        let co_resident = l["report"]["co_resident"].is_string() && l["report"]["timing"].is_null();
        let (modelled, findings) = if co_resident {
            ("-".to_string(), "- (co-resident)".to_string())
        } else {
            (
                format!("{:.3}", l["modelled_ns"].as_f64().unwrap_or(0.0) / 1e3),
                l["findings"].to_string(),
            )
        };
        let _ = writeln!(
            s,
            "{:>5}  {:<40} {:>16} {:>14} {:>7} {:>12} {:>12} {:>9.2}  {findings}{fault}",
            l["index"].to_string(),
            k,
            dims(&l["grid"]),
            dims(&l["block"]),
            l["waves"].to_string(),
            l["wave_instructions"].to_string(),
            modelled,
            l["wall_seconds"].as_f64().unwrap_or(0.0) * 1e3,
        );
    }
    s
}
