//! Pane tests: render the real app into ratatui's TestBackend after key sequences, and compare what is on screen
//! with facts from outside the code: the kernel's source file, llvm-objdump's listing of its code object.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use wavescope::machine::MachineOptions;
use wavescope_tui::app::{App, Out, Pane};
use wavescope_tui::engine::{Engine, Update};

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name)
}

fn open(name: &str) -> (Engine, App) {
    let (engine, mut app) =
        wavescope_tui::load(&example(name), MachineOptions::default()).expect("example loads");
    app.apply(engine.snapshot());
    (engine, app)
}

/// Feed keys as the event loop does, running engine commands synchronously.
fn keys(engine: &mut Engine, app: &mut App, keys: &[KeyCode]) {
    let flag = AtomicBool::new(false);
    for &k in keys {
        for out in app.key(&KeyEvent::new(k, KeyModifiers::NONE)) {
            if let Out::Engine(c) = out {
                let mut progress: Vec<Update> = Vec::new();
                let ups = engine.handle(c, &flag, &mut |u| progress.push(u));
                for u in progress.into_iter().chain(ups) {
                    app.apply(u);
                }
            }
        }
    }
}

fn chars(s: &str) -> Vec<KeyCode> {
    s.chars().map(KeyCode::Char).collect()
}

fn screen(app: &mut App, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| {
        // As the event loop does: the mouse handler maps clicks with the same layout.
        app.area = f.area();
        f.render_widget(&*app, f.area());
    })
    .unwrap();
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect()
}

fn has(lines: &[String], needle: &str) -> bool {
    lines.iter().any(|l| l.contains(needle))
}

/// The row holding `needle`.
fn row_of<'a>(lines: &'a [String], needle: &str) -> &'a str {
    lines
        .iter()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("{needle:?} not on screen:\n{}", lines.join("\n")))
}

/// The first instructions of the Histogram kernel as llvm-objdump-22 prints them (kernel.objdump.txt).
fn objdump(name: &str) -> Vec<(u64, String)> {
    let text = std::fs::read_to_string(example(name).join("kernel.objdump.txt")).unwrap();
    text.lines()
        .filter_map(|l| {
            let (inst, rest) = l.split_once("//")?;
            let addr = rest.trim().split(':').next()?;
            Some((u64::from_str_radix(addr, 16).ok()?, inst.trim().to_string()))
        })
        .collect()
}

#[test]
fn opens_with_source_disassembly_and_registers() {
    let (_e, mut app) = open("heteromark_hist");
    let s = screen(&mut app, 140, 44);
    let src = std::fs::read_to_string(example("heteromark_hist/kernel.hip")).unwrap();
    let sig = src
        .lines()
        .find(|l| l.contains("__global__ void Histogram"))
        .unwrap();
    // As much of the signature line as the pane's width shows.
    let shown: String = sig.trim().chars().take(30).collect();
    assert!(has(&s, &shown), "{}", s.join("\n"));
    let od = objdump("heteromark_hist");
    // Stopped before the first instruction: the disassembly marks it as current.
    assert!(row_of(&s, &od[0].1).contains('▶'));
    assert!(has(&s, &format!("Registers: wave 0 pc {:x}", od[0].0)));
    for t in [
        "EXEC",
        "VCC",
        "M0",
        "SCC",
        "MODE",
        "v0 by lane",
        "Waves:",
        "Findings:",
        "Timeline",
    ] {
        assert!(has(&s, t), "{t} missing:\n{}", s.join("\n"));
    }
    assert!(has(&s, "Timeline: modelled cycles"));
}

#[test]
fn step_moves_the_current_pc_to_the_next_instruction() {
    let (mut e, mut app) = open("heteromark_hist");
    let od = objdump("heteromark_hist");
    keys(&mut e, &mut app, &chars("ss"));
    let s = screen(&mut app, 140, 44);
    assert!(row_of(&s, &od[2].1).contains('▶'), "{}", s.join("\n"));
    assert!(!row_of(&s, &od[0].1).contains('▶'));
    assert!(has(&s, &format!("pc {:x}", od[2].0)));
    assert!(has(&s, "step done"));
}

#[test]
fn breakpoint_on_a_source_line_then_continue_stops_there() {
    let (mut e, mut app) = open("heteromark_hist");
    let src = std::fs::read_to_string(example("heteromark_hist/kernel.hip")).unwrap();
    let target = "__syncthreads();";
    let line = src.lines().position(|l| l.contains(target)).unwrap() + 1;
    // Move the source cursor to the line by searching for it, then toggle a breakpoint and continue.
    app.focus = Pane::Source;
    let mut k = vec![KeyCode::Char('/')];
    k.extend(chars(target));
    k.push(KeyCode::Enter);
    k.push(KeyCode::Char('b'));
    keys(&mut e, &mut app, &k);
    assert_eq!(app.source_cursor + 1, line);
    assert!(!app.breakpoints.is_empty());
    let s = screen(&mut app, 140, 44);
    assert!(row_of(&s, target).contains('●'));
    keys(&mut e, &mut app, &chars("c"));
    let s = screen(&mut app, 140, 44);
    assert!(has(&s, ": breakpoint at"), "{}", s.join("\n"));
    let row = row_of(&s, target);
    assert!(
        row.contains('▶') && row.contains(&format!("{line}")),
        "{row}"
    );
}

#[test]
fn continue_to_the_end() {
    let (mut e, mut app) = open("heteromark_hist");
    keys(&mut e, &mut app, &chars("c"));
    let s = screen(&mut app, 120, 40);
    assert!(has(&s, "the dispatch has ended"), "{}", s.join("\n"));
}

#[test]
fn waves_lanes_vregs_and_help() {
    let (mut e, mut app) = open("heteromark_hist");
    // Histogram: 512 work-items in work-groups of 128 = 4 work-groups of 2 wave64 each (case.json).
    assert_eq!(app.snapshot.total_waves, 8);
    keys(&mut e, &mut app, &chars("w"));
    assert_eq!(app.wave, 1);
    keys(&mut e, &mut app, &chars("W"));
    assert_eq!(app.wave, 0);
    let mut k = chars("l17");
    k.push(KeyCode::Enter);
    k.extend(chars("]"));
    keys(&mut e, &mut app, &k);
    let s = screen(&mut app, 140, 44);
    assert!(has(&s, "v1 by lane, lane 17 selected"), "{}", s.join("\n"));
    // v0 holds the work-item id in x at entry (AMDGPUUsage: VGPR work-item ID), lane 17 -> 17.
    keys(&mut e, &mut app, &chars("["));
    assert_eq!(app.snapshot.regs.as_ref().unwrap().lanes[17], 17);
    keys(&mut e, &mut app, &chars("?"));
    let s = screen(&mut app, 100, 30);
    assert!(has(&s, "step one instruction of the selected wave"));
    assert!(has(&s, "toggle a breakpoint on the selected line"));
}

#[test]
fn collapses_to_80x24() {
    let (_e, mut app) = open("heteromark_hist");
    let s = screen(&mut app, 80, 24);
    for t in ["Source", "Disassembly", "Registers", "Waves"] {
        assert!(has(&s, t), "{t} missing at 80x24:\n{}", s.join("\n"));
    }
    // Focusing the findings pane swaps it into the shared slot.
    app.focus = Pane::Findings;
    let s = screen(&mut app, 80, 24);
    assert!(has(&s, "Findings"));
    // Tiny terminals must not panic.
    screen(&mut app, 20, 5);
    screen(&mut app, 1, 1);
}

#[test]
fn frame_render_time_for_4096_waves() {
    let (_e, mut app) = open("heteromark_hist");
    let row = app.snapshot.waves[0].clone();
    app.snapshot.waves = (0..4096)
        .map(|i| {
            let mut r = row.clone();
            r.wave = i;
            r.instructions = i as u64;
            r
        })
        .collect();
    let mut t = Terminal::new(TestBackend::new(200, 60)).unwrap();
    let n = 50;
    let t0 = std::time::Instant::now();
    for _ in 0..n {
        t.draw(|f| f.render_widget(&app, f.area())).unwrap();
    }
    let per = t0.elapsed() / n;
    eprintln!("frame render, 4096 waves, 200x60: {per:?}");
    // Debug builds are several times slower than release; the 5 ms goal is for release (benches/).
    assert!(per.as_millis() < 100, "{per:?}");
}

#[test]
fn background_run_fills_the_heat_columns_and_findings() {
    let (_e, mut app) = open("heteromark_hist");
    let s = screen(&mut app, 140, 44);
    assert!(has(&s, "hazard check running"));
    app.apply(wavescope_tui::engine::profile(&example("heteromark_hist")).unwrap());
    // `p`: the gutters show the whole dispatch.
    let mut e = _e;
    keys(&mut e, &mut app, &chars("p"));
    let s = screen(&mut app, 140, 44);
    // The entry instruction runs once per wave: 512 work-items / 64 lanes = 8 waves (case.json grid), each
    // issue taking one issue slot of 4 cycles (cdna4.toml issue_cycles): 32 cycles, no stall.
    let od = objdump("heteromark_hist");
    assert_eq!(app.profile.as_ref().unwrap().per_inst[0].count, 8);
    let row = row_of(&s, &od[0].1);
    assert!(row.contains("    32     0 ▶1600"), "{row}");
    // The third instruction, s_waitcnt lgkmcnt(0), waits for the scalar loads (smem_latency 200 > 2 slots).
    assert_eq!(od[2].1, "s_waitcnt lgkmcnt(0)");
    assert!(app.profile.as_ref().unwrap().per_inst[2].stall >= 8 * (200 - 8));
    // The kernel's signature line has no code: no count in its gutter.
    assert!(has(&s, "no hazards or missing waits") || !app.findings.is_empty());
}

#[test]
fn a_step_highlights_the_registers_it_changed() {
    let (mut e, mut app) = open("heteromark_hist");
    // kernel.objdump.txt: the first instruction is `s_load_dword s5, s[0:1], 0x4` (writes s5 only).
    keys(&mut e, &mut app, &chars("s"));
    let (w, h) = (140u16, 44u16);
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| f.render_widget(&app, f.area())).unwrap();
    let buf = t.backend().buffer().clone();
    let text: Vec<String> = (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol().to_string()).collect())
        .collect();
    let y = text.iter().position(|l| l.contains("│s4  ")).unwrap() as u16;
    let line = &text[y as usize];
    let x = line[..line.find("│s4  ").unwrap()].chars().count() as u16 + 1;
    let cell = |k: u16| &buf[(x + 5 + 9 * k, y)];
    let yellow = ratatui::style::Color::Yellow;
    assert_eq!(cell(1).fg, yellow, "s5 is highlighted");
    assert_ne!(cell(0).fg, yellow, "s4 is not");
    assert_ne!(cell(2).fg, yellow, "s6 is not");
}

#[test]
fn next_leaves_the_current_source_line() {
    let (mut e, mut app) = open("heteromark_hist");
    let od = objdump("heteromark_hist");
    let line0 = app.listing.line_of(od[0].0).expect("entry has a line");
    keys(&mut e, &mut app, &chars("n"));
    let pc = app.current_pc().unwrap();
    assert_ne!(app.listing.line_of(pc), Some(line0), "pc {pc:x}");
    // Every instruction between the entry and the new PC belonged to the entry's line (objdump addresses).
    for (a, _) in od.iter().take_while(|(a, _)| *a < pc) {
        assert_eq!(app.listing.line_of(*a), Some(line0), "{a:x}");
    }
    let s = screen(&mut app, 140, 44);
    assert!(has(&s, "step done"));
}

#[test]
fn enter_on_a_finding_jumps_to_its_pc() {
    let (_e, mut app) = open("heteromark_hist");
    let od = objdump("heteromark_hist");
    let pc = od[6].0;
    app.apply(Update::Stopped {
        text: "memory fault: test".into(),
        wave: Some(0),
        fault_pc: Some(pc),
    });
    assert_eq!(app.findings.len(), 1);
    app.focus = Pane::Findings;
    let mut e = _e;
    keys(&mut e, &mut app, &[KeyCode::Enter]);
    assert_eq!(app.focus, Pane::Disasm);
    assert_eq!(app.listing.disasm[app.disasm_cursor].pc, pc);
    let s = screen(&mut app, 140, 44);
    assert!(has(&s, "fault: memory fault: test"));
}

#[test]
fn mouse_click_selects_and_wheel_scrolls() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let (_e, mut app) = open("heteromark_hist");
    let s = screen(&mut app, 140, 44);
    let od = objdump("heteromark_hist");
    // Click on the row of the third instruction in the disassembly.
    let y = s.iter().position(|l| l.contains(&od[2].1)).unwrap() as u16;
    let x = s[y as usize]
        .find(&od[2].1)
        .map(|b| s[y as usize][..b].chars().count())
        .unwrap() as u16;
    let ev = |kind| MouseEvent {
        kind,
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    app.mouse(&ev(MouseEventKind::Down(MouseButton::Left)));
    assert_eq!(app.focus, Pane::Disasm);
    assert_eq!(app.listing.disasm[app.disasm_cursor].pc, od[2].0);
    app.mouse(&ev(MouseEventKind::ScrollDown));
    assert_eq!(app.listing.disasm[app.disasm_cursor].pc, od[5].0);
}

#[test]
fn at_80x24_the_lane_grid_stays_visible() {
    let (_e, mut app) = open("heteromark_hist");
    let s = screen(&mut app, 80, 24);
    assert!(
        has(&s, "v0 lanes 0-31, lane 0 selected"),
        "{}",
        s.join("\n")
    );
    assert!(has(&s, "EXEC"));
}

#[test]
fn mouse_click_on_a_lane_and_on_a_wave_selects_them() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let (mut e, mut app) = open("heteromark_hist");
    let s = screen(&mut app, 140, 44);
    // v0 holds the work-item id at entry: lane 6 shows 00000006 (AMDGPUUsage: VGPR work-item ID).
    let y = s.iter().position(|l| l.contains("00000006")).unwrap();
    let x = s[y][..s[y].find("00000006").unwrap()].chars().count() as u16 + 2;
    let click = |x: u16, y: u16| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    let flag = AtomicBool::new(false);
    for o in app.mouse(&click(x, y as u16)) {
        if let Out::Engine(c) = o {
            for u in e.handle(c, &flag, &mut |_| {}) {
                app.apply(u);
            }
        }
    }
    assert_eq!(app.lane, 6);
    assert_eq!(app.snapshot.regs.as_ref().unwrap().lane, 6);
    // The waves pane row of wave 3 (case.json: 8 waves).
    let s = screen(&mut app, 140, 44);
    let y = s.iter().position(|l| l.contains("│ 3    ")).unwrap();
    let x = s[y][..s[y].find("│ 3    ").unwrap()].chars().count() as u16 + 2;
    for o in app.mouse(&click(x, y as u16)) {
        if let Out::Engine(c) = o {
            for u in e.handle(c, &flag, &mut |_| {}) {
                app.apply(u);
            }
        }
    }
    assert_eq!(app.wave, 3);
    assert_eq!(app.snapshot.regs.as_ref().unwrap().wave, 3);
}

#[test]
fn search_in_the_disassembly_and_again_with_an_empty_search() {
    let (mut e, mut app) = open("heteromark_hist");
    let od = objdump("heteromark_hist");
    // kernel.objdump.txt: the s_waitcnt instructions, in address order.
    let waits: Vec<u64> = od
        .iter()
        .filter(|(_, t)| t.starts_with("s_waitcnt"))
        .map(|(a, _)| *a)
        .collect();
    keys(&mut e, &mut app, &[KeyCode::Tab]);
    assert_eq!(app.focus, Pane::Disasm);
    let mut k = vec![KeyCode::Char('/')];
    k.extend(chars("s_waitcnt"));
    k.push(KeyCode::Enter);
    keys(&mut e, &mut app, &k);
    assert_eq!(app.listing.disasm[app.disasm_cursor].pc, waits[0]);
    keys(&mut e, &mut app, &[KeyCode::Char('/'), KeyCode::Enter]);
    assert_eq!(app.listing.disasm[app.disasm_cursor].pc, waits[1]);
    let mut k = vec![KeyCode::Char('/')];
    k.extend(chars("no such text"));
    k.push(KeyCode::Enter);
    keys(&mut e, &mut app, &k);
    assert!(app.status.contains("not found"));
}

#[test]
fn timeline_scrolls_zooms_and_pans() {
    let (mut e, mut app) = open("heteromark_hist");
    keys(&mut e, &mut app, &chars("c"));
    app.focus = Pane::Timeline;
    // 80x24: the timeline takes the shared slot, too short for all 8 waves.
    let settle = |e: &mut Engine, app: &mut App| {
        screen(app, 80, 24);
        if let Some(c) = app.take_view_request() {
            let flag = AtomicBool::new(false);
            for u in e.handle(c, &flag, &mut |_| {}) {
                app.apply(u);
            }
        }
    };
    settle(&mut e, &mut app);
    let t = app.snapshot.timeline.clone();
    // case.json: 8 waves, all ended.
    assert_eq!(t.total_rows, 8);
    assert!(t.rows.iter().all(|r| r.ended));
    assert_eq!((t.from, t.to), (0, t.max_clock));
    keys(&mut e, &mut app, &[KeyCode::Down]);
    settle(&mut e, &mut app);
    assert!(t.rows.len() < 8);
    assert_eq!(app.snapshot.timeline.rows[0].wave, t.rows[1].wave);
    // Scrolling stops with the last wave on screen.
    keys(&mut e, &mut app, &[KeyCode::Down; 10]);
    settle(&mut e, &mut app);
    assert_eq!(app.timeline_offset + app.snapshot.timeline.rows.len(), 8);
    keys(
        &mut e,
        &mut app,
        &[KeyCode::Char('+'), KeyCode::Right, KeyCode::Right],
    );
    settle(&mut e, &mut app);
    let z = &app.snapshot.timeline;
    // x2: half the longest clock, panned by two eighths of that window.
    let w = t.max_clock.div_ceil(2);
    assert_eq!((z.from, z.to), (2 * w / 8, 2 * w / 8 + w));
}

#[test]
fn waves_pane_names_the_counter_a_waitcnt_waits_on() {
    let (mut e, mut app) = open("heteromark_hist");
    // kernel.objdump.txt: two s_load_dword, then `s_waitcnt lgkmcnt(0)` at 0x1610.
    keys(&mut e, &mut app, &chars("ss"));
    assert_eq!(app.current_pc(), Some(0x1610));
    let s = screen(&mut app, 140, 44);
    assert!(
        row_of(&s, "*0 ").contains("waitcnt lgkmcnt"),
        "{}",
        s.join("\n")
    );
    // `s_waitcnt vmcnt(0)` at 0x1740 (after a global load in the histogram loop): break there and continue.
    let mut k = vec![KeyCode::Tab];
    k.extend(chars("/s_waitcnt vmcnt"));
    k.push(KeyCode::Enter);
    k.extend(chars("bc"));
    keys(&mut e, &mut app, &k);
    assert_eq!(app.current_pc(), Some(0x1740));
    let s = screen(&mut app, 140, 44);
    let w = app.wave;
    assert!(
        row_of(&s, &format!("*{w} ")).contains("waitcnt vmcnt"),
        "{}",
        s.join("\n")
    );
}

#[test]
fn r_picks_a_register_and_a_timeline_click_picks_a_wave() {
    use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
    let (mut e, mut app) = open("heteromark_hist");
    let mut k = chars("ra3");
    k.push(KeyCode::Enter);
    keys(&mut e, &mut app, &k);
    assert_eq!(app.vreg, 256 + 3);
    let s = screen(&mut app, 140, 44);
    assert!(has(&s, "a3 by lane"), "{}", s.join("\n"));
    let mut k = chars("rv300");
    k.push(KeyCode::Enter);
    keys(&mut e, &mut app, &k);
    assert!(app.status.contains("no register"), "{}", app.status);
    // Run a little so the timeline has rows, then click the row of wave 2 (case.json: 8 waves).
    keys(&mut e, &mut app, &chars("ss"));
    let flag = AtomicBool::new(false);
    screen(&mut app, 140, 44);
    if let Some(c) = app.take_view_request() {
        for u in e.handle(c, &flag, &mut |_| {}) {
            app.apply(u);
        }
    }
    let s = screen(&mut app, 140, 44);
    let y = s.iter().position(|l| l.starts_with("│w2 ")).unwrap() as u16;
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 10,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    for o in app.mouse(&click) {
        if let Out::Engine(c) = o {
            for u in e.handle(c, &flag, &mut |_| {}) {
                app.apply(u);
            }
        }
    }
    assert_eq!(app.wave, 2);
    assert_eq!(app.snapshot.regs.as_ref().unwrap().wave, 2);
}

#[test]
fn source_and_disassembly_scroll_sideways() {
    let (mut e, mut app) = open("heteromark_hist");
    let src = std::fs::read_to_string(example("heteromark_hist/kernel.hip")).unwrap();
    let (idx, sig) = src
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("__global__ void Histogram"))
        .unwrap();
    let sig = sig.replace('\t', "    ");
    let len = sig.chars().count();
    app.focus = Pane::Source;
    app.source_cursor = idx;
    let tail: String = sig.chars().skip(len - 16).collect();
    let head: String = sig.trim_start().chars().take(16).collect();
    // 80x24: the source pane (half the width, a 14-column gutter) shows 24 columns of text: not the end.
    let s = screen(&mut app, 80, 24);
    assert!(len > 40 && !has(&s, &tail), "{}", s.join("\n"));
    assert!(has(&s, &head), "{}", s.join("\n"));
    // → scrolls 8 columns at a time until the end of the line is in view.
    let k = (len - 24).div_ceil(8);
    keys(&mut e, &mut app, &vec![KeyCode::Right; k]);
    assert_eq!(app.source_col, 8 * k);
    let s = screen(&mut app, 80, 24);
    assert!(has(&s, &tail), "{}", s.join("\n"));
    assert!(
        has(&s, &format!("hip col {}+", 8 * k + 1)),
        "{}",
        s.join("\n")
    );
    // No further than the longest line; ← comes back to column 1.
    keys(&mut e, &mut app, &[KeyCode::Right; 200]);
    let longest = src
        .lines()
        .map(|l| l.replace('\t', "    ").chars().count())
        .max()
        .unwrap();
    assert!(app.source_col < longest && app.source_col + 8 >= longest - 1);
    keys(&mut e, &mut app, &[KeyCode::Left; 200]);
    assert_eq!(app.source_col, 0);
    let s = screen(&mut app, 80, 24);
    assert!(has(&s, &head) && !has(&s, "col 1+"), "{}", s.join("\n"));
    // The disassembly pane scrolls on its own.
    app.focus = Pane::Disasm;
    keys(&mut e, &mut app, &[KeyCode::Right]);
    assert_eq!((app.source_col, app.disasm_col), (0, 8));
    let od = objdump("heteromark_hist");
    let s = screen(&mut app, 80, 24);
    let shifted: String = od[0].1.chars().skip(8).take(10).collect();
    assert!(row_of(&s, &shifted).contains('▶'), "{}", s.join("\n"));
    // `?` lists the keys.
    keys(&mut e, &mut app, &chars("?"));
    let s = screen(&mut app, 80, 24);
    assert!(
        has(&s, "source/disassembly: scroll sideways"),
        "{}",
        s.join("\n")
    );
}

#[test]
fn wide_screens_give_the_source_the_width_the_registers_do_not_need() {
    use ratatui::layout::Rect;
    for w in [120u16, 160, 200] {
        let sc = wavescope_tui::app::layout(Rect::new(0, 0, w, 44), Pane::Source);
        let width = |p: Pane| sc.panes.iter().find(|(q, _)| *q == p).unwrap().1.width;
        // "EXEC <16> VCC <16>" needs 42 inner columns (registers.rs), 44 with the border; 4 lanes a row 38.
        assert_eq!(width(Pane::Registers), 44, "{w}");
        assert!(
            width(Pane::Source) >= w - 44 - w / 4 - 1,
            "{w}: {}",
            width(Pane::Source)
        );
    }
}

/// Issue 18: the findings pane lists the race findings of the interactive session as it runs (the machine's
/// live race checker, LDS as `wavescope run` checks), before the background whole run reports: the LDS tree
/// reduction without its loop barrier (tests/fixtures/races) continued to its end shows `live race error (LDS
/// ...)` lines for PC pairs the whole run (`wavescope run`) reports, each once, with the line of races.hip; its
/// correct twin shows none.
#[test]
fn findings_pane_lists_live_race_findings() {
    let races = |c: &str| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../tests/fixtures/races")
            .join(format!("case_{c}.json"))
    };
    let whole = wavescope::session::Session::load(
        &races("reduce_nobarrier"),
        &wavescope::launch::RunOptions::default(),
    )
    .unwrap()
    .run(&wavescope::pipeline::RunConfig::default())
    .report
    .races;
    assert!(!whole.is_empty());
    let src = std::fs::read_to_string(races("x").with_file_name("races.hip")).unwrap();
    let line = src
        .lines()
        .position(|l| l.contains("sdata[tid] += sdata[tid + s]"))
        .unwrap()
        + 1;
    for (case, racy) in [("reduce_nobarrier", true), ("reduce_ok", false)] {
        let (mut e, mut app) =
            wavescope_tui::load(&races(case), MachineOptions::default()).expect("fixture loads");
        app.apply(e.snapshot());
        assert!(app.findings.is_empty());
        keys(&mut e, &mut app, &chars("c"));
        let live: Vec<wavescope_tui::app::Finding> = app
            .findings
            .iter()
            .filter(|f| f.key.is_some())
            .cloned()
            .collect();
        assert_eq!(!live.is_empty(), racy, "{case}: {:#?}", app.findings);
        for f in &live {
            assert!(f.text.starts_with("live race error (LDS "), "{}", f.text);
            assert!(f.text.contains(&format!("races.hip:{line}")), "{}", f.text);
            // a pair of PCs the whole run reports, the later access's PC marked
            let pair = whole
                .iter()
                .find(|w| {
                    f.key.as_deref()
                        == Some(
                            format!("{} {} {} {}", w.kind, w.access, w.first_pc, w.second_pc)
                                .as_str(),
                        )
                })
                .or_else(|| {
                    whole.iter().find(|w| {
                        f.text.contains(&format!("at {}", w.first_pc))
                            && f.text.contains(&format!("at {}", w.second_pc))
                    })
                });
            assert!(pair.is_some(), "{} is no finding of the whole run", f.text);
            assert!(f.pc.is_some_and(|pc| app.marked.contains(&pc)));
        }
        // each finding once, however many snapshots came
        let mut keys_seen: Vec<_> = live.iter().map(|f| f.key.clone()).collect();
        keys_seen.sort();
        keys_seen.dedup();
        assert_eq!(keys_seen.len(), live.len());
        app.apply(e.snapshot());
        assert_eq!(
            app.findings.iter().filter(|f| f.key.is_some()).count(),
            live.len()
        );
        if racy {
            app.focus = Pane::Findings;
            let s = screen(&mut app, 140, 44);
            assert!(has(&s, "live race error (LDS"), "{}", s.join("\n"));
        }
    }
}

/// `wavescope tui --max-instructions N` (MachineOptions::max_instructions): a kernel that spins forever
/// (debugger/tests/fixtures/spin) stops when the budget is spent, with the fault text `wavescope run` gives for
/// the same budget (`wavescope::engine::budget_message`), in the status line and the findings pane.
#[test]
fn the_budget_stops_a_spinning_kernel() {
    let spin = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../debugger/tests/fixtures/spin");
    let (mut e, mut app) = wavescope_tui::load(
        &spin,
        MachineOptions {
            max_instructions: 20_000,
            ..MachineOptions::default()
        },
    )
    .expect("fixture loads");
    app.apply(e.snapshot());
    keys(&mut e, &mut app, &chars("c"));
    let want = wavescope::engine::budget_message(20_000);
    assert!(app.status.contains(&want), "{}", app.status);
    assert!(
        app.findings.iter().any(|f| f.text.contains(&want)),
        "{:#?}",
        app.findings
    );
    assert_eq!(e.machine().wave_instructions(), 20_000);
}

/// Printed text arrives in pieces (one per run or progress report), not always at line ends: the output pane
/// keeps C stdout's lines, a line printed in parts is one line, and an unfinished last line is shown as it is.
#[test]
fn printed_text_is_kept_as_lines() {
    let (_engine, mut app) = open("heteromark_hist");
    for piece in ["a=1\nb=", "2", "2\nc=3\n", "", "d=4\n\ne"] {
        app.apply(Update::Output(piece.into()));
    }
    assert_eq!(app.output, ["a=1", "b=22", "c=3", "d=4", "", "e"]);
    assert!(app.output_open);
    app.apply(Update::Output("nd\n".into()));
    assert_eq!(app.output.last().unwrap(), "end");
    assert_eq!(app.output.len(), 6);
    assert!(!app.output_open);
    // An empty line printed on its own, then a line printed as two pieces with its newline alone.
    for piece in ["\n", "f", "g", "\n"] {
        app.apply(Update::Output(piece.into()));
    }
    assert_eq!(&app.output[6..], ["", "fg"]);
}
