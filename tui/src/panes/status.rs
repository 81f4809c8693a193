//! The status line: mode, last stop, the selected wave and lane.

use crate::app::{App, Mode};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    if area.height == 0 || area.width == 0 {
        return;
    }
    let left = match &app.mode {
        Mode::Search(s) => format!("/{s}"),
        Mode::Lane(s) => format!("lane: {s}"),
        _ => app.status.clone(),
    };
    let text = format!(
        " wave {} lane {} | {} | ? keys, q quit",
        app.wave, app.lane, left
    );
    buf.set_style(area, THEME.status);
    buf.set_line(
        area.x,
        area.y,
        &Line::styled(text, THEME.status),
        area.width,
    );
}
