//! What every CLI test needs: the workspace root, the `wavescope` binary run to completion, a scratch directory.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;

/// The workspace root (examples/, tools/, data/).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Run `wavescope ARGS`; its exit code (-1 when a signal ended it), stdout and stderr.
pub fn wavescope(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

/// A fresh scratch directory for one test (per process, so parallel test binaries do not meet).
pub fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("wavescope-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}
