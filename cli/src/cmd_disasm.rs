//! `wavescope disasm`: llvm-objdump-shaped listing of a code object.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn run(code_object: &Path, kernel: Option<&str>, source: bool, source_dirs: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let _ = (code_object, kernel, source, source_dirs);
    anyhow::bail!("disasm is not implemented yet")
}
