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
        // Gutter: executions of the line over the whole dispatch, as a heat cell and a count.
        let (heat, count) = match &app.heat {
            Some(h) => {
                let x = h.per_line.get(n as usize).copied().unwrap_or(0);
                let lvl = crate::app::heat_level(x, h.max_line);
                (
                    Span::styled("█", ratatui::style::Style::new().fg(THEME.heat[lvl])),
                    if x == 0 {
                        "      ".to_string()
                    } else {
                        format!("{:>6}", short(x))
                    },
                )
            }
            None => (Span::raw(" "), "      ".to_string()),
        };
        let line = Line::from(vec![
            Span::styled(mark, THEME.breakpoint),
            heat,
            Span::styled(count, THEME.dim),
            Span::styled(format!("{n:>4}"), THEME.dim),
            Span::raw(arrow),
            Span::styled(p.source[i].replace('\t', "    "), style),
        ]);
        buf.set_line(inner.x, inner.y + row as u16, &line, inner.width);
    }
}

/// A count in at most 6 columns: 999999, 1.2M, 34.5G.
pub fn short(n: u64) -> String {
    match n {
        0..=999_999 => n.to_string(),
        1_000_000..=999_999_999 => format!("{:.1}M", n as f64 / 1e6),
        _ => format!("{:.1}G", n as f64 / 1e9),
    }
}
