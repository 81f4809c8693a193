//! The colours of the UI in one place.

use ratatui::style::{Color, Modifier, Style};

pub struct Theme {
    pub border: Style,
    pub border_focused: Style,
    pub title: Style,
    pub current: Style,
    pub cursor: Style,
    pub breakpoint: Style,
    pub dim: Style,
    pub changed: Style,
    pub fault: Style,
    pub status: Style,
    pub key: Style,
    pub heat: [Color; 4],
    /// Timeline cells: issuing, and the stalls by kind.
    pub issue: Style,
    pub waitcnt: Style,
    pub counter_full: Style,
    pub barrier: Style,
    pub mfma_busy: Style,
}

pub const THEME: Theme = Theme {
    border: Style::new().fg(Color::DarkGray),
    border_focused: Style::new().fg(Color::Cyan),
    title: Style::new().fg(Color::White).add_modifier(Modifier::BOLD),
    current: Style::new().fg(Color::Black).bg(Color::Yellow),
    cursor: Style::new().add_modifier(Modifier::REVERSED),
    breakpoint: Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
    dim: Style::new().fg(Color::DarkGray),
    changed: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
    fault: Style::new().fg(Color::Red),
    status: Style::new().fg(Color::Black).bg(Color::Gray),
    key: Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
    heat: [Color::DarkGray, Color::Blue, Color::Yellow, Color::Red],
    issue: Style::new().fg(Color::Green),
    waitcnt: Style::new().fg(Color::Red),
    counter_full: Style::new().fg(Color::LightRed),
    barrier: Style::new().fg(Color::Magenta),
    mfma_busy: Style::new().fg(Color::Blue),
};
