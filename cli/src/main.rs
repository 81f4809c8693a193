//! The `wavescope` command. Each subcommand lives in its own file; this one only parses arguments,
//! dispatches, and turns errors into one clear line and an exit code.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

mod cmd_disasm;

#[derive(Parser)]
#[command(name = "wavescope", version, about = "Debugger and trace profiler for AMD CDNA4 (gfx950) kernels, no GPU needed")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Disassemble a gfx950 code object in llvm-objdump's format.
    Disasm {
        /// The code object (ELF, e.g. kernel.hsaco).
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Disasm { code_object, kernel, source, source_dirs } => {
            cmd_disasm::run(&code_object, kernel.as_deref(), source, &source_dirs)
        }
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("wavescope: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
