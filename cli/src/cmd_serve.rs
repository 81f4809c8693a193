//! `wavescope serve`: let stock gdb debug one dispatch over the remote protocol (debugger/README.md).

use std::path::PathBuf;
use std::process::ExitCode;
use wavescope::machine::MachineOptions;
use wavescope_debugger::ServeOptions;

pub struct ServeArgs {
    pub manifest: PathBuf,
    pub port: u16,
    pub listen: String,
    pub check: bool,
    pub resident_waves: u32,
    /// Stop waves at new hazard, missing-wait and race findings (debugger/README.md).
    pub stop_on_findings: bool,
    /// Check global-memory races too (`--races`).
    pub global_races: bool,
    /// Where `monitor trace start FILE` may write (default: the working directory).
    pub trace_dir: Option<PathBuf>,
    /// The dispatch's budget of wave-instructions (`run --max-instructions`; 0: no limit).
    pub max_instructions: u64,
}

pub fn run(a: &ServeArgs) -> anyhow::Result<ExitCode> {
    let opts = ServeOptions {
        manifest: a.manifest.clone(),
        listen: a.listen.clone(),
        port: a.port,
        check: a.check,
        machine: MachineOptions {
            resident_waves: a.resident_waves,
            max_instructions: a.max_instructions,
            ..MachineOptions::default()
        },
        stop_on_findings: a.stop_on_findings,
        global_races: a.global_races,
        trace_dir: a.trace_dir.clone(),
    };
    let outcome = wavescope_debugger::serve(&opts, &mut std::io::stderr())?;
    Ok(ExitCode::from(outcome.exit_code()))
}
