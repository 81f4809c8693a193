//! One file per pane. Each draws from `&App` only.

pub mod disasm;
pub mod findings;
pub mod help;
pub mod memory;
pub mod registers;
pub mod source;
pub mod status;
pub mod timeline;
pub mod waves;

use crate::app::{App, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Widget};

/// The rows `top..end` shown of `n` rows in a pane `height` rows high, keeping `cursor` in the middle. Pure, so
/// rendering needs no scroll state and the mouse handler maps clicks back the same way.
pub fn window(cursor: usize, n: usize, height: usize) -> (usize, usize) {
    if n <= height {
        return (0, n);
    }
    let top = cursor.saturating_sub(height / 2).min(n - height);
    (top, top + height)
}

/// The bordered block of a pane; returns the inner area.
pub fn frame(app: &App, pane: Pane, title: String, area: Rect, buf: &mut Buffer) -> Rect {
    let style = if app.focus == pane {
        THEME.border_focused
    } else {
        THEME.border
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(style)
        .title(Line::styled(title, THEME.title));
    let inner = block.inner(area);
    block.render(area, buf);
    inner
}

pub fn render(app: &App, pane: Pane, area: Rect, buf: &mut Buffer) {
    // Too small for a border and one row: leave it empty rather than draw outside it.
    if area.height < 3 || area.width < 4 {
        return;
    }
    match pane {
        Pane::Source => source::render(app, area, buf),
        Pane::Disasm => disasm::render(app, area, buf),
        Pane::Registers => registers::render(app, area, buf),
        Pane::Waves => waves::render(app, area, buf),
        Pane::Findings => findings::render(app, area, buf),
        Pane::Timeline => timeline::render(app, area, buf),
    }
}
