//! Source pane: the kernel's file with the current line, breakpoints and the cursor.

use crate::app::{App, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let p = &app.program;
    let inner = super::frame(
        app,
        Pane::Source,
        format!(" Source: {} ", p.file_name),
        area,
        buf,
    );
    if p.source.is_empty() {
        buf.set_line(
            inner.x,
            inner.y,
            &Line::styled("no source text", THEME.dim),
            inner.width,
        );
        return;
    }
    let current = app.current_pc().and_then(|pc| p.line_of(pc));
    let bp_lines: Vec<u32> = app
        .breakpoints
        .iter()
        .filter_map(|&pc| p.line_of(pc))
        .collect();
    let (top, end) = super::window(app.source_cursor, p.source.len(), inner.height as usize);
    for (row, i) in (top..end).enumerate() {
        let n = i as u32 + 1;
        let mark = if bp_lines.contains(&n) { "●" } else { " " };
        let arrow = if current == Some(n) { "▶" } else { " " };
        let mut style = ratatui::style::Style::default();
        if current == Some(n) {
            style = THEME.current;
        }
        if i == app.source_cursor && app.focus == Pane::Source {
            style = style.patch(THEME.cursor);
        }
        let line = Line::from(vec![
            Span::styled(mark, THEME.breakpoint),
            Span::styled(format!("{n:>4}"), THEME.dim),
            Span::raw(arrow),
            Span::styled(p.source[i].replace('\t', "    "), style),
        ]);
        buf.set_line(inner.x, inner.y + row as u16, &line, inner.width);
    }
}
