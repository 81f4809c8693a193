//! Key bindings as data: what each key means (the `?` help pane lists this table).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent {
    Step,
    Next,
    Continue,
    ToggleBreakpoint,
    NextWave,
    PrevWave,
    PickLane,
    PickReg,
    NextVreg,
    PrevVreg,
    NextPane,
    PrevPane,
    Search,
    WriteTrace,
    MemoryView,
    Help,
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    Jump,
    ZoomIn,
    Gutter,
    ZoomOut,
    Quit,
}

pub struct Binding {
    pub key: KeyCode,
    pub intent: Intent,
    pub label: &'static str,
    pub help: &'static str,
}

const fn b(key: KeyCode, intent: Intent, label: &'static str, help: &'static str) -> Binding {
    Binding {
        key,
        intent,
        label,
        help,
    }
}

pub const BINDINGS: &[Binding] = &[
    b(
        KeyCode::Char('s'),
        Intent::Step,
        "s",
        "step one instruction of the selected wave",
    ),
    b(
        KeyCode::Char('n'),
        Intent::Next,
        "n",
        "next source line of the selected wave",
    ),
    b(
        KeyCode::Char('c'),
        Intent::Continue,
        "c",
        "continue to a breakpoint or the end (Esc interrupts)",
    ),
    b(
        KeyCode::Char('b'),
        Intent::ToggleBreakpoint,
        "b",
        "toggle a breakpoint on the selected line",
    ),
    b(KeyCode::Char('w'), Intent::NextWave, "w", "next wave"),
    b(KeyCode::Char('W'), Intent::PrevWave, "W", "previous wave"),
    b(
        KeyCode::Char('l'),
        Intent::PickLane,
        "l",
        "pick a lane (type its number, Enter)",
    ),
    b(
        KeyCode::Char('r'),
        Intent::PickReg,
        "r [ ]",
        "pick the VGPR/AGPR shown (v12, a3); next, previous",
    ),
    b(KeyCode::Char(']'), Intent::NextVreg, "", ""),
    b(KeyCode::Char('['), Intent::PrevVreg, "", ""),
    b(KeyCode::Tab, Intent::NextPane, "Tab", "next pane"),
    b(KeyCode::BackTab, Intent::PrevPane, "S-Tab", "previous pane"),
    b(
        KeyCode::Char('/'),
        Intent::Search,
        "/",
        "search source or disassembly (empty: again)",
    ),
    b(
        KeyCode::Char('t'),
        Intent::WriteTrace,
        "t",
        "write the Perfetto trace so far",
    ),
    b(
        KeyCode::Char('m'),
        Intent::MemoryView,
        "m",
        "memory counters, roofline: so far, whole dispatch",
    ),
    b(KeyCode::Char('?'), Intent::Help, "?", "this help"),
    b(
        KeyCode::Up,
        Intent::Up,
        "↑↓ k j",
        "move the selection (Registers: the lane; ← → too)",
    ),
    b(KeyCode::Char('k'), Intent::Up, "", ""),
    b(KeyCode::Down, Intent::Down, "", ""),
    b(KeyCode::Char('j'), Intent::Down, "", ""),
    b(
        KeyCode::Left,
        Intent::Left,
        "← →",
        "source/disassembly: scroll sideways (8 columns)",
    ),
    b(KeyCode::Right, Intent::Right, "", ""),
    b(KeyCode::PageUp, Intent::PageUp, "PgUp/Dn", "page up / down"),
    b(KeyCode::PageDown, Intent::PageDown, "", ""),
    b(
        KeyCode::Enter,
        Intent::Jump,
        "Enter",
        "findings/waves: jump to the PC",
    ),
    b(
        KeyCode::Char('+'),
        Intent::ZoomIn,
        "+/-",
        "timeline: zoom in / out (← → pan)",
    ),
    b(KeyCode::Char('-'), Intent::ZoomOut, "", ""),
    b(
        KeyCode::Char('p'),
        Intent::Gutter,
        "p",
        "gutters (cycles, memory): so far / whole dispatch",
    ),
    b(KeyCode::Char('q'), Intent::Quit, "q", "quit (also Ctrl-C)"),
];

/// The intent of a key in normal mode.
pub fn intent_of(key: &KeyEvent) -> Option<Intent> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return Some(Intent::Quit);
    }
    BINDINGS
        .iter()
        .find(|b| b.key == key.code)
        .map(|b| b.intent)
}
