//! The cooperative fixture (tests/fixtures/cooperative) with grid barriers patched out: shared by tests/cooperative.rs
//! and traces/tests/trace_cooperative.rs (`#[path]`), the race checker's and the trace's tests in both directions.

use std::path::{Path, PathBuf};

/// A copy of the fixture with the first `n` of the code object's `ds_gws_barrier`s (`D93B0000 00000000` in
/// llvm-objdump-22's listing: at 0x217c and 0x2228 in `two_phase`, 0x2390 in `early_exit`) made two `s_nop 0`.
pub fn without_grid_barriers(fixture: &Path, n: usize, tag: &str) -> PathBuf {
    let tmp = std::env::temp_dir().join(format!("wavescope-coop-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for e in std::fs::read_dir(fixture).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, tmp.join(p.file_name().unwrap())).unwrap();
    }
    let gws = [0x00, 0x00, 0x3b, 0xd9, 0x00, 0x00, 0x00, 0x00];
    let nops = [0x00, 0x00, 0x80, 0xbf, 0x00, 0x00, 0x80, 0xbf];
    let mut b = std::fs::read(tmp.join("kernel.hsaco")).unwrap();
    let at: Vec<usize> = b
        .windows(8)
        .enumerate()
        .filter(|(_, w)| *w == gws)
        .map(|(i, _)| i)
        .collect();
    assert_eq!(at.len(), 3, "the fixture's three ds_gws_barrier encodings");
    for &i in at.iter().take(n) {
        b[i..i + 8].copy_from_slice(&nops);
    }
    std::fs::write(tmp.join("kernel.hsaco"), b).unwrap();
    tmp
}
