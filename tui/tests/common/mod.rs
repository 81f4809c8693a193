//! Shared by the UI tests: open an example, feed keys as the event loop does (engine commands run
//! synchronously), render into ratatui's TestBackend.
#![allow(dead_code)]

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use wavescope::machine::MachineOptions;
use wavescope_tui::app::{App, Out, Pane};
use wavescope_tui::engine::{Engine, Update};

pub fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name)
}

pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// A case of the workspace's memory-model microkernels (tests/fixtures/memory_model, hand-counted in
/// tests/memory_model.rs).
pub fn memory_model_case(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/memory_model")
        .join(format!("case_{name}.json"))
}

/// The screen row holding `inst` (an llvm-objdump instruction text, or a PC column); panics with the screen.
pub fn screen_row<'a>(lines: &'a [String], inst: &str) -> &'a str {
    lines
        .iter()
        .find(|l| l.contains(inst))
        .unwrap_or_else(|| panic!("{inst} not on screen:\n{}", lines.join("\n")))
}

pub fn open_at(dir: &std::path::Path) -> (Engine, App) {
    let (engine, mut app) =
        wavescope_tui::load(dir, MachineOptions::default()).expect("example loads");
    app.apply(engine.snapshot());
    (engine, app)
}

pub fn open(name: &str) -> (Engine, App) {
    open_at(&example(name))
}

/// Open, with the background run's heat columns and findings already in (as they are a moment after start).
pub fn open_profiled(dir: &std::path::Path) -> (Engine, App) {
    let (e, mut app) = open_at(dir);
    app.apply(wavescope_tui::engine::profile(dir).unwrap());
    (e, app)
}

/// Feed keys as the event loop does, running engine commands synchronously.
pub fn keys(engine: &mut Engine, app: &mut App, keys: &[KeyCode]) {
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

pub fn chars(s: &str) -> Vec<KeyCode> {
    s.chars().map(KeyCode::Char).collect()
}

/// `typed` as keys, then Enter (for `/`, `l` and `t` prompts).
pub fn typed(prefix: char, typed: &str) -> Vec<KeyCode> {
    let mut k = vec![KeyCode::Char(prefix)];
    k.extend(chars(typed));
    k.push(KeyCode::Enter);
    k
}

pub fn render(app: &mut App, w: u16, h: u16) -> Buffer {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| {
        // As the event loop does: the mouse handler maps clicks with the same layout.
        app.area = f.area();
        f.render_widget(&*app, f.area());
    })
    .unwrap();
    t.backend().buffer().clone()
}

/// As the event loop does after a draw: ask the engine for the timeline the pane now needs, then draw again.
pub fn settled(e: &mut Engine, app: &mut App, w: u16, h: u16) -> Buffer {
    let buf = render(app, w, h);
    match app.take_view_request() {
        Some(c) => {
            let flag = AtomicBool::new(false);
            for u in e.handle(c, &flag, &mut |_| {}) {
                app.apply(u);
            }
            render(app, w, h)
        }
        None => buf,
    }
}

pub fn text(buf: &Buffer, r: Rect) -> Vec<String> {
    (r.y..r.y + r.height)
        .map(|y| {
            (r.x..r.x + r.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect()
        })
        .collect()
}

pub fn screen(app: &mut App, w: u16, h: u16) -> Vec<String> {
    let buf = render(app, w, h);
    text(&buf, buf.area)
}

/// One character per cell for what its style means, so a snapshot shows highlighting as well as text.
pub const STYLE_LEGEND: &str = "# current PC/line, R cursor/selected lane, Y changed by the last run, . dim \
(borders, lanes off in EXEC, labels), c focused border/key names, r breakpoint/fault/finding, b y heat (low, \
mid; r high), w titles, = status line; timeline: g issue, r s_waitcnt, l counter full, m barrier, b MFMA busy";

fn style_char(buf: &Buffer, x: u16, y: u16) -> char {
    let c = &buf[(x, y)];
    // A blank's foreground shows nothing.
    if c.symbol() == " " && c.bg == Color::Reset && !c.modifier.contains(Modifier::REVERSED) {
        return ' ';
    }
    if c.bg == Color::Yellow {
        return '#';
    }
    if c.modifier.contains(Modifier::REVERSED) {
        return 'R';
    }
    if c.bg == Color::Gray {
        return '=';
    }
    match c.fg {
        Color::Yellow if c.modifier.contains(Modifier::BOLD) => 'Y',
        Color::Yellow => 'y',
        Color::DarkGray => '.',
        Color::Cyan => 'c',
        Color::Red => 'r',
        Color::Blue => 'b',
        Color::White => 'w',
        Color::Green => 'g',
        Color::Magenta => 'm',
        Color::LightRed => 'l',
        _ => ' ',
    }
}

/// The text of `r` and, under it, one style character per cell (see `STYLE_LEGEND`); trailing blanks trimmed.
pub fn styled_text(buf: &Buffer, r: Rect) -> String {
    let mut out = String::new();
    for line in text(buf, r) {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("-- styles: ");
    out.push_str(STYLE_LEGEND);
    out.push('\n');
    for y in r.y..r.y + r.height {
        let s: String = (r.x..r.x + r.width)
            .map(|x| style_char(buf, x, y))
            .collect();
        out.push_str(s.trim_end());
        out.push('\n');
    }
    out
}

/// The whole screen, styled.
pub fn snap_screen(e: &mut Engine, app: &mut App, w: u16, h: u16) -> String {
    let buf = settled(e, app, w, h);
    styled_text(&buf, buf.area)
}

/// One pane as laid out on a `w` x `h` screen, styled.
pub fn snap_pane(e: &mut Engine, app: &mut App, pane: Pane, w: u16, h: u16) -> String {
    let buf = settled(e, app, w, h);
    let screen = wavescope_tui::app::layout(buf.area, app.focus);
    let r = screen
        .panes
        .iter()
        .find(|(p, _)| *p == pane)
        .map(|(_, r)| *r)
        .unwrap_or_else(|| panic!("{pane:?} is not on a {w}x{h} screen"));
    styled_text(&buf, r)
}

/// The status line of a `w` x `h` screen.
pub fn snap_status(app: &mut App, w: u16, h: u16) -> String {
    let buf = render(app, w, h);
    let screen = wavescope_tui::app::layout(buf.area, app.focus);
    text(&buf, screen.status)[0].trim_end().to_string()
}
