//! The UI as a person uses it: the real `wavescope` binary in a tmux session (send-keys, capture-pane). Opens an
//! example, checks its source, disassembly and registers against the source file and llvm-objdump's listing,
//! steps with s, sets a breakpoint with b, continues with c, clicks a wave (an SGR mouse report), writes the
//! trace so far with t, shrinks the window to 80x24, quits with q and checks the terminal is clean.
//! Skips (passing, with a message) when tmux is not installed; every wait has a timeout.

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

#[path = "common/tmux.rs"]
mod tmux_harness;
use tmux_harness::{binary, Tmux};

#[test]
fn a_person_in_tmux_opens_steps_breaks_continues_and_quits() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("SKIPPED: tmux is not installed (apt-get install tmux)");
        return;
    }
    let bin = binary();
    let ex = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/heteromark_hist");
    let t = Tmux {
        socket: format!("wavescope-tui-test-{}", std::process::id()),
    };
    let shell = format!(
        "{} tui {}; echo EXITED:$?; sleep 60",
        bin.display(),
        ex.display()
    );
    // The session's working directory is where `t` writes the trace by default.
    let dir = std::env::temp_dir().join(format!("wavescope-tui-tmux-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    t.start(140, 44, Some(&dir), &shell);

    // Source (kernel.hip), disassembly (kernel.objdump.txt: first instruction at 0x1600) and registers.
    // (A capture can catch a frame half drawn: wait until every part is there.)
    t.wait("source, disassembly and registers", 30, |s| {
        s.contains("Registers: wave 0 pc 1600")
            && s.contains("__global__ void Histogram")
            && s.contains("s_load_dword s5, s[0:1], 0x4")
            && s.contains("EXEC")
    });

    // s: one instruction; objdump's second instruction is at 0x1608.
    let t0 = Instant::now();
    t.keys(&["s"]);
    t.wait("a step to 0x1608", 10, |s| s.contains("pc 1608"));
    // Includes tmux's own round trips and the 10 ms polling of this test.
    eprintln!("key-to-screen latency (s, via tmux): {:?}", t0.elapsed());

    // b on the __syncthreads() line (found with /), then c stops there.
    t.keys(&["/"]);
    t.keys(&["-l", "__syncthreads"]);
    t.keys(&["Enter"]);
    t.keys(&["b"]);
    t.wait("a breakpoint mark", 10, |s| {
        s.lines()
            .any(|l| l.contains("__syncthreads") && l.contains('●'))
    });
    t.keys(&["c"]);
    t.wait("the breakpoint stop", 30, |s| {
        s.contains(": breakpoint at")
            && s.lines()
                .any(|l| l.contains("__syncthreads") && l.contains('▶'))
    });

    // A mouse click (SGR mouse report, as a terminal sends it) on wave 3's row of the waves pane selects it.
    let s = t.screen();
    let (y, line) = s
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("│ 3    "))
        .expect("wave 3's row");
    let x = line[..line.find("│ 3    ").unwrap()].chars().count() + 3;
    t.keys(&["-l", &format!("\x1b[<0;{};{}M", x + 1, y + 1)]);
    t.keys(&["-l", &format!("\x1b[<0;{};{}m", x + 1, y + 1)]);
    t.wait("wave 3 selected by a click", 10, |s| {
        s.contains(" wave 3 lane 0 |") && s.contains("Registers: wave 3")
    });

    // t, Enter: the trace so far goes to the default file in the working directory.
    t.keys(&["t"]);
    t.wait("the trace file prompt", 10, |s| {
        s.contains("write the trace so far to")
    });
    t.keys(&["Enter"]);
    let s = t.wait("the trace written", 30, |s| s.contains("written to"));
    let trace = dir.join("_Z9HistogramPjS_jj.pftrace");
    assert!(s.contains("_Z9HistogramPjS_jj.pftrace"), "{s}");
    let bytes = std::fs::read(&trace).expect("the trace file");
    // A Perfetto trace is a protobuf `Trace`: repeated field 1 (TracePacket), wire type 2 -> first byte 0x0a.
    assert_eq!(bytes[0], 0x0a);
    let _ = std::fs::remove_dir_all(&dir);

    // Down to 80x24: the panes collapse, source, disassembly and registers stay.
    t.cmd(&["resize-window", "-t", "t", "-x", "80", "-y", "24"]);
    t.wait("the 80x24 layout", 10, |s| {
        let lines: Vec<&str> = s.lines().collect();
        lines.len() <= 24
            && lines.iter().all(|l| l.chars().count() <= 80)
            && s.contains("Source")
            && s.contains("Disassembly")
            && s.contains("Registers: wave 3")
            && s.contains(" wave 3 lane 0 |")
    });

    // q: the UI leaves the alternate screen; the shell prints the exit status on a clean screen.
    t.keys(&["q"]);
    let s = t.wait("the exit", 10, |s| s.contains("EXITED:"));
    assert!(s.contains("EXITED:0"), "{s}");
    assert!(!s.contains("Registers:"), "UI left on screen:\n{s}");
    assert!(!s.contains('│'), "UI left on screen:\n{s}");
}
