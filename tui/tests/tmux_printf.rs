//! Device printf in the terminal UI as a person sees it: the real `wavescope tui` in tmux on the Triton
//! device_print fixture (tests/fixtures/extra_kernels_r5/t_device_print). After `c` runs the dispatch to its end,
//! the findings pane shows "printf output (128 lines)" and its last lines, each one of the lines Triton's
//! device_print formats from in_x.bin (`pid (P, 0, 0) idx (I) x =: VALUE`, 0 past n). Skips when tmux is missing.

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Command;

#[path = "common/tmux.rs"]
mod tmux_harness;
use tmux_harness::{binary, Tmux};

#[test]
fn the_tui_shows_what_the_kernel_printed() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("SKIPPED: tmux is not installed (apt-get install tmux)");
        return;
    }
    let bin = binary();
    let case = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/extra_kernels_r5/t_device_print");
    let x: Vec<i32> = std::fs::read(case.join("in_x.bin"))
        .unwrap()
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let mut want = HashSet::new();
    for pid in 0..2usize {
        for idx in 0..64 {
            let v = x.get(pid * 64 + idx).copied().unwrap_or(0);
            want.insert(format!("pid ({pid}, 0, 0) idx ({idx:>2}) x =: {v}"));
        }
    }
    let t = Tmux {
        socket: format!("wavescope-tui-printf-{}", std::process::id()),
    };
    let shell = format!(
        "{} tui {}; echo EXITED:$?; sleep 60",
        bin.display(),
        case.display()
    );
    t.start(160, 44, None, &shell);
    t.wait("the UI", 60, |s| s.contains("Findings:"));
    // Nothing printed before the kernel runs.
    assert!(!t.screen().contains("printf output"));
    t.keys(&["c"]);
    let s = t.wait("the printed lines", 120, |s| {
        s.contains("printf output (128 lines)") && s.contains("dispatch has ended")
    });
    // Every printed line on screen (cut at the pane's right border) is one device_print wrote.
    let mut shown = 0;
    for row in s.lines() {
        if let Some(at) = row.find("pid (") {
            let line: String = row[at..].split('│').next().unwrap().trim_end().to_string();
            assert!(
                want.iter().any(|w| w.starts_with(&line)) && line.len() >= 20,
                "{line:?} is not a line the kernel printed; screen:\n{s}"
            );
            shown += 1;
        }
    }
    assert!(shown >= 5, "{s}");
    t.keys(&["q"]);
    t.wait("a clean exit", 30, |s| s.contains("EXITED:0"));
}
