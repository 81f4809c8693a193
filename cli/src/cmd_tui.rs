//! `wavescope tui`: the interactive terminal UI over one dispatch (tui/).

use std::path::PathBuf;
use std::process::ExitCode;
use wavescope::machine::MachineOptions;

pub struct TuiArgs {
    pub manifest: PathBuf,
    pub resident_waves: u32,
    /// The dispatch's budget of wave-instructions (`run --max-instructions`; 0: no limit).
    pub max_instructions: u64,
}

pub fn run(a: &TuiArgs) -> anyhow::Result<ExitCode> {
    let opts = wavescope_tui::Options {
        manifest: a.manifest.clone(),
        machine: MachineOptions {
            resident_waves: a.resident_waves,
            max_instructions: a.max_instructions,
            ..MachineOptions::default()
        },
    };
    wavescope_tui::run(&opts).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(ExitCode::SUCCESS)
}
