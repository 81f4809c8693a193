//! Findings pane: faults now; hazards and missing waits once the checker reports to the UI. Enter jumps to the PC.

use crate::app::{App, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let title = format!(" Findings: {} ", app.findings.len());
    let inner = super::frame(app, Pane::Findings, title, area, buf);
    if app.findings.is_empty() {
        let lines = [
            "no faults so far",
            if app.heat.is_some() {
                "no hazards or missing waits"
            } else {
                "hazard check running..."
            },
        ];
        for (i, l) in lines.iter().enumerate().take(inner.height as usize) {
            buf.set_line(
                inner.x,
                inner.y + i as u16,
                &Line::styled(*l, THEME.dim),
                inner.width,
            );
        }
        return;
    }
    let (top, end) = super::window(
        app.findings_cursor,
        app.findings.len(),
        inner.height as usize,
    );
    for (row, i) in (top..end).enumerate() {
        let f = &app.findings[i];
        let mut style = THEME.fault;
        if i == app.findings_cursor && app.focus == Pane::Findings {
            style = style.patch(THEME.cursor);
        }
        buf.set_line(
            inner.x,
            inner.y + row as u16,
            &Line::styled(f.text.as_str(), style),
            inner.width,
        );
    }
}
