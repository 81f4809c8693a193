//! Snapshot tests of every pane (insta, committed under tests/snapshots/): the real app rendered into ratatui's
//! TestBackend after key sequences on an example kernel, text and styles (one character per cell, see
//! `common::STYLE_LEGEND`). Everything shown is deterministic: no wall times, no machine-dependent paths.
//! Review a change with `cargo insta review` (or `INSTA_UPDATE=always` and `git diff tests/snapshots`).
//!
//! Beside each snapshot, the facts it must show are asserted against sources outside the code (llvm-objdump's
//! listing, the kernel source, the fixture's design), so an accepted snapshot cannot silently be wrong there.

mod common;

use common::*;
use crossterm::event::KeyCode;
use insta::assert_snapshot;
use wavescope_tui::app::{Mode, Pane};

const HIST: &str = "heteromark_hist";

#[test]
fn whole_screen_at_start_140x44() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    let s = snap_screen(&mut e, &mut app, 140, 44);
    // kernel.objdump.txt: the first instruction.
    assert!(s.contains("s_load_dword s5, s[0:1], 0x4"));
    assert_snapshot!(s);
}

#[test]
fn whole_screen_at_start_80x24() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    let s = snap_screen(&mut e, &mut app, 80, 24);
    for t in ["Source", "Disassembly", "Registers", "Waves"] {
        assert!(s.contains(t), "{t}");
    }
    assert_snapshot!(s);
}

#[test]
fn whole_screen_80x24_findings_and_timeline_take_the_shared_slot() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    // Tab order: source, disassembly, registers, waves, findings, timeline.
    keys(&mut e, &mut app, &[KeyCode::Tab; 4]);
    assert_eq!(app.focus, Pane::Findings);
    assert_snapshot!(
        "findings_focused_80x24",
        snap_screen(&mut e, &mut app, 80, 24)
    );
    keys(&mut e, &mut app, &[KeyCode::Tab]);
    assert_eq!(app.focus, Pane::Timeline);
    assert_snapshot!(
        "timeline_focused_80x24",
        snap_screen(&mut e, &mut app, 80, 24)
    );
}

#[test]
fn source_pane_breakpoint_found_by_search() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    keys(&mut e, &mut app, &typed('/', "__syncthreads"));
    keys(&mut e, &mut app, &chars("b"));
    let src = std::fs::read_to_string(example("heteromark_hist/kernel.hip")).unwrap();
    let line = src
        .lines()
        .position(|l| l.contains("__syncthreads"))
        .unwrap();
    assert_eq!(app.source_cursor, line);
    assert_snapshot!(snap_pane(&mut e, &mut app, Pane::Source, 140, 44));
}

#[test]
fn source_and_waves_after_continue_to_the_breakpoint() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    keys(&mut e, &mut app, &typed('/', "__syncthreads"));
    keys(&mut e, &mut app, &chars("bc"));
    assert!(app.status.contains("breakpoint at"), "{}", app.status);
    assert_snapshot!(
        "source_at_breakpoint",
        snap_pane(&mut e, &mut app, Pane::Source, 140, 44)
    );
    assert_snapshot!(
        "waves_at_breakpoint",
        snap_pane(&mut e, &mut app, Pane::Waves, 140, 44)
    );
    assert_snapshot!(
        "disasm_at_breakpoint",
        snap_pane(&mut e, &mut app, Pane::Disasm, 140, 44)
    );
}

#[test]
fn disassembly_pane_after_two_steps() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    keys(&mut e, &mut app, &chars("ss"));
    keys(&mut e, &mut app, &[KeyCode::Tab]);
    assert_eq!(app.focus, Pane::Disasm);
    let s = snap_pane(&mut e, &mut app, Pane::Disasm, 140, 44);
    // kernel.objdump.txt: the third instruction, now current.
    let row = s
        .lines()
        .find(|l| l.contains("s_waitcnt lgkmcnt(0)"))
        .unwrap();
    assert!(row.contains("▶1610"), "{row}");
    assert_snapshot!(s);
}

#[test]
fn registers_pane_after_a_step_with_lane_17_and_v1() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    keys(&mut e, &mut app, &chars("s"));
    keys(&mut e, &mut app, &typed('l', "17"));
    let s = snap_pane(&mut e, &mut app, Pane::Registers, 140, 44);
    // s_load_dword s5 changed s5 only; v0 lane 17 holds work-item id 17 (AMDGPUUsage: VGPR work-item ID).
    assert!(s.contains("00000011"));
    assert_snapshot!("registers_after_step_lane_17", s);
    keys(&mut e, &mut app, &chars("]"));
    assert_snapshot!(
        "registers_v1_lane_17",
        snap_pane(&mut e, &mut app, Pane::Registers, 140, 44)
    );
}

#[test]
fn registers_pane_dims_lanes_off_in_exec() {
    // fixtures/findings: grid 100 in work-groups of 64, so wave 1 has work-items 64..99 in lanes 0..35.
    let (mut e, mut app) = open_profiled(&fixture("findings"));
    keys(&mut e, &mut app, &chars("w"));
    assert_eq!(app.wave, 1);
    // kernel.objdump.txt: s_and_saveexec_b64 at 0x1628 narrows EXEC to the work-items below n = 100.
    while app.current_pc() != Some(0x162c) {
        keys(&mut e, &mut app, &chars("s"));
    }
    let r = app.snapshot.regs.as_ref().unwrap();
    assert_eq!(r.exec, (1u64 << 36) - 1);
    assert_snapshot!(snap_pane(&mut e, &mut app, Pane::Registers, 140, 44));
}

#[test]
fn registers_pane_at_80x24_shows_a_window_of_the_grid_around_the_lane() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    keys(&mut e, &mut app, &typed('l', "45"));
    let s = snap_pane(&mut e, &mut app, Pane::Registers, 80, 24);
    // Lane 45 holds work-item id 45 = 0x2d.
    assert!(s.contains("0000002d"), "{s}");
    assert_snapshot!(s);
}

#[test]
fn findings_pane_and_enter_jumps_to_the_pc() {
    let (mut e, mut app) = open_profiled(&fixture("findings"));
    // `wavescope run --strict` on the fixture: one H4.5-01 hazard (0x1658 -> 0x1660) and two missing waits.
    assert_eq!(app.findings.len(), 3, "{:?}", app.findings);
    keys(&mut e, &mut app, &[KeyCode::Tab; 4]);
    assert_eq!(app.focus, Pane::Findings);
    assert_snapshot!(
        "findings_list",
        snap_pane(&mut e, &mut app, Pane::Findings, 140, 44)
    );
    keys(&mut e, &mut app, &[KeyCode::Down, KeyCode::Enter]);
    assert_eq!(app.focus, Pane::Disasm);
    let pc = app.findings[1].pc.unwrap();
    assert_eq!(app.listing.disasm[app.disasm_cursor].pc, pc);
    assert_snapshot!(
        "disasm_after_enter_on_a_finding",
        snap_pane(&mut e, &mut app, Pane::Disasm, 140, 44)
    );
}

#[test]
fn timeline_pane_after_continue_to_the_end() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    keys(&mut e, &mut app, &chars("c"));
    assert!(app.status.contains("ended"), "{}", app.status);
    keys(&mut e, &mut app, &[KeyCode::BackTab]);
    assert_eq!(app.focus, Pane::Timeline);
    assert_snapshot!(
        "timeline_at_end",
        snap_pane(&mut e, &mut app, Pane::Timeline, 140, 44)
    );
    keys(&mut e, &mut app, &chars("++"));
    assert_snapshot!(
        "timeline_at_end_zoom_4",
        snap_pane(&mut e, &mut app, Pane::Timeline, 140, 44)
    );
}

#[test]
fn timeline_pane_midway() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    keys(&mut e, &mut app, &typed('/', "__syncthreads"));
    keys(&mut e, &mut app, &chars("bc"));
    assert_snapshot!(snap_pane(&mut e, &mut app, Pane::Timeline, 140, 44));
}

#[test]
fn help_overlay() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    keys(&mut e, &mut app, &chars("?"));
    assert_eq!(app.mode, Mode::Help);
    assert_snapshot!(snap_screen(&mut e, &mut app, 100, 30));
    // Every key fits an 80x24 terminal (keys.rs: 21 bindings shown, and the mouse).
    let small = snap_screen(&mut e, &mut app, 80, 24);
    assert!(
        small.contains("quit (also Ctrl-C)") && small.contains("wheel scrolls"),
        "{small}"
    );
    keys(&mut e, &mut app, &chars("x"));
    assert_eq!(app.mode, Mode::Normal);
}

#[test]
fn status_line_prompts() {
    let (mut e, mut app) = open_profiled(&example(HIST));
    keys(&mut e, &mut app, &chars("/atom"));
    assert_snapshot!("status_search", snap_status(&mut app, 140, 44));
    keys(&mut e, &mut app, &[KeyCode::Esc]);
    keys(&mut e, &mut app, &chars("l3"));
    assert_snapshot!("status_lane", snap_status(&mut app, 140, 44));
    keys(&mut e, &mut app, &[KeyCode::Esc]);
    keys(&mut e, &mut app, &chars("t"));
    assert_snapshot!("status_trace_prompt", snap_status(&mut app, 140, 44));
    keys(&mut e, &mut app, &[KeyCode::Esc]);
    assert_eq!(app.mode, Mode::Normal);
    assert_snapshot!("status_normal_80", snap_status(&mut app, 80, 24));
    // A long continue: what the engine reports while it runs (wave-instructions, waves done of all).
    keys(&mut e, &mut app, &[]);
    app.apply(wavescope_tui::engine::Update::Progress {
        wave_instructions: 1_234_567,
        waves_done: 3,
        total_waves: 8,
    });
    assert_snapshot!("status_progress_80", snap_status(&mut app, 80, 24));
}
