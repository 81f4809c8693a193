//! The live memory gutter and `m` view in a real terminal: the `wavescope` binary in tmux on the stride-32
//! microkernel (tests/fixtures/memory_model, hand-counted in tests/memory_model.rs: its load touches 64 lines,
//! its store 2). Before any step the view shows no memory figures so far; the whole dispatch's 66 L1 lookups
//! arrive from the background run; five steps run the load: the gutter shows ` 64L` on its row and the view
//! 64 lookups so far beside the whole dispatch's 66. Skips (passing, with a message) when tmux is not installed;
//! every wait has a timeout.

use std::process::Command;

#[path = "common/tmux.rs"]
mod tmux_harness;
use tmux_harness::{binary, root, Tmux};

/// The line holding `what` (the first).
fn line<'a>(s: &'a str, what: &str) -> &'a str {
    s.lines().find(|l| l.contains(what)).unwrap_or("")
}

/// The view's two values (so far, whole dispatch) after `label` on its line, up to the view's border (the
/// panes behind it show on either side).
fn after<'a>(s: &'a str, label: &str) -> Vec<&'a str> {
    let l = line(s, label);
    let rest = &l[l.find(label).map_or(l.len(), |i| i + label.len())..];
    rest.split('│')
        .next()
        .unwrap_or("")
        .split_whitespace()
        .collect()
}

#[test]
fn live_memory_gutter_and_view_follow_steps_in_tmux() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("SKIPPED: tmux is not installed (apt-get install tmux)");
        return;
    }
    let bin = binary();
    let case = root().join("tests/fixtures/memory_model/case_strided.json");
    let t = Tmux {
        socket: format!("wavescope-tui-mem-{}", std::process::id()),
    };
    let shell = format!(
        "{} tui {}; echo EXITED:$?; sleep 60",
        bin.display(),
        case.display()
    );
    t.start(160, 50, None, &shell);
    t.wait("the disassembly with the live memory column", 30, |s| {
        s.contains("(cycles, stall, mem: so far)") && s.contains("global_load_dword v1, v1, s[0:1]")
    });
    // nothing ran: no memory figure on the load's row
    let s = t.screen();
    assert!(!line(&s, "global_load_dword").contains("64L"), "{s}");

    // m: none so far; the whole dispatch's figures once its background run is done
    t.keys(&["m"]);
    let s = t.wait("the whole dispatch's counters", 60, |s| {
        s.contains("no memory instruction yet")
            && after(s, "TCP_TOTAL_CACHE_ACCESSES_sum") == ["0", "66"]
    });
    assert_eq!(after(&s, "L1 hit rate")[0], "-", "{s}");
    t.keys(&["Escape"]);
    t.wait("the view closed", 10, |s| {
        !s.contains("TCP_TOTAL_CACHE_ACCESSES_sum")
    });

    // five steps: s_load, two shifts, s_waitcnt, the stride-32 load
    for pc in ["2608", "260c", "2610", "2614", "261c"] {
        t.keys(&["s"]);
        t.wait(&format!("a step to {pc}"), 10, |s| {
            s.contains(&format!("pc {pc}"))
        });
    }
    let s = t.wait("the load's 64 lines in the gutter", 10, |s| {
        line(s, "global_load_dword").contains(" 64L")
    });
    assert!(!line(&s, "global_store_dword").contains("2L"), "{s}");
    t.keys(&["m"]);
    let s = t.wait(
        "64 lookups so far beside the whole dispatch's 66",
        10,
        |s| after(s, "TCP_TOTAL_CACHE_ACCESSES_sum") == ["64", "66"],
    );
    // a cold cache: every line of the load missed the L1 and the L2
    assert_eq!(after(&s, "TCC_MISS_sum").first(), Some(&"64"), "{s}");
    t.keys(&["Escape"]);

    t.keys(&["q"]);
    let s = t.wait("the exit", 10, |s| s.contains("EXITED:"));
    assert!(s.contains("EXITED:0"), "{s}");
}
