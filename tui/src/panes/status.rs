//! The status line: the selected wave and lane, the last stop or what is being typed, and the key hint at the
//! right when there is room for it.

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
        Mode::Search(s) => format!("search: /{s}"),
        Mode::Lane(s) => format!("lane (0-63, Enter): {s}"),
        Mode::Reg(s) => format!("register (v0-v255, a0-a255, Enter): {s}"),
        Mode::TracePath(s) => format!("write the trace so far to (Enter, Esc cancels): {s}"),
        _ => app.status.clone(),
    };
    let text = format!(" wave {} lane {} | {}", app.wave, app.lane, left);
    let hint = "? keys  q quit ";
    buf.set_style(area, THEME.status);
    buf.set_line(
        area.x,
        area.y,
        &Line::styled(text.as_str(), THEME.status),
        area.width,
    );
    let used = text.chars().count() as u16;
    let hint_w = hint.len() as u16;
    if used + 2 + hint_w <= area.width {
        buf.set_line(
            area.x + area.width - hint_w,
            area.y,
            &Line::styled(hint, THEME.status),
            hint_w,
        );
    }
}
