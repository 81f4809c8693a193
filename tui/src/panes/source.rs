//! Source pane: the kernel's file with the current line, breakpoints and the cursor; the gutter has a heat cell
//! (stall cycles of the line, log scale), the line's executions and its stall cycles, so far or over the whole
//! dispatch (`p`). Panes narrower than 50 columns drop the executions column. ← → scroll the text sideways
//! (the gutter stays); the title then says from which column.

use crate::app::{App, Gutter, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let p = &app.listing;
    let which = match app.gutter {
        Gutter::SoFar => "so far",
        Gutter::Whole => "whole dispatch",
    };
    // The frame's inner width decides the gutter columns (and so the title, drawn with the frame).
    let wide = area.width.saturating_sub(2) >= 50;
    let cols = if wide { "execs, stall" } else { "stall" };
    // A long path keeps its end: the file name matters more than the directories.
    // Scrolled sideways: from which column, before the gutter note (a narrow pane cuts the title's end).
    let scrolled = match app.source_col {
        0 => String::new(),
        c => format!(" col {}+", c + 1),
    };
    let rest = format!("{scrolled} ({cols}: {which}) ");
    let room = (area.width as usize).saturating_sub(" Source: ".len() + rest.chars().count() + 2);
    let n = p.file_name.chars().count();
    let name = if n > room && room > 1 {
        let tail: String = p.file_name.chars().skip(n - (room - 1)).collect();
        format!("…{tail}")
    } else {
        p.file_name.clone()
    };
    let inner = super::frame(
        app,
        Pane::Source,
        format!(" Source: {name}{rest}"),
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
    let heat = app.heat();
    let (top, end) = super::window(app.source_cursor, p.source.len(), inner.height as usize);
    for (row, i) in (top..end).enumerate() {
        let n = i as u32 + 1;
        let mark = if bp_lines.contains(&n) { "●" } else { " " };
        let arrow = if current == Some(n) { "▶" } else { " " };
        let mut style = Style::default();
        if current == Some(n) {
            style = THEME.current;
        }
        if i == app.source_cursor && app.focus == Pane::Source {
            style = style.patch(THEME.cursor);
        }
        let c = heat
            .and_then(|h| h.per_line.get(n as usize))
            .copied()
            .unwrap_or_default();
        let lvl = heat.map_or(0, |h| crate::app::heat_level(c.stall, h.max_line));
        let cell = if c.count > 0 || c.stall > 0 {
            "█"
        } else {
            " "
        };
        let mut spans = vec![
            Span::styled(mark, THEME.breakpoint),
            Span::styled(cell, Style::new().fg(THEME.heat[lvl])),
        ];
        if wide {
            spans.push(Span::styled(blank0(c.count, 6), THEME.dim));
        }
        spans.push(Span::styled(
            if c.count > 0 || c.stall > 0 {
                format!("{:>6}", compact(c.stall))
            } else {
                "      ".into()
            },
            Style::new().fg(THEME.heat[lvl]),
        ));
        spans.extend([
            Span::styled(format!("{n:>5}"), THEME.dim),
            Span::raw(arrow),
            Span::styled(
                p.source[i]
                    .replace('\t', "    ")
                    .chars()
                    .skip(app.source_col)
                    .collect::<String>(),
                style,
            ),
        ]);
        buf.set_line(
            inner.x,
            inner.y + row as u16,
            &Line::from(spans),
            inner.width,
        );
    }
}

/// `n` right-aligned in `w` columns (compact), blank for 0.
pub fn blank0(n: u64, w: usize) -> String {
    if n == 0 {
        " ".repeat(w)
    } else {
        format!("{:>w$}", compact(n))
    }
}

/// A count in at most 5 columns: 99999, 123K, 1.2M, 12M, 3.4G.
pub fn compact(n: u64) -> String {
    match n {
        0..=99_999 => n.to_string(),
        100_000..=999_999 => format!("{}K", n / 1000),
        1_000_000..=9_999_999 => format!("{:.1}M", n as f64 / 1e6),
        10_000_000..=999_999_999 => format!("{}M", n / 1_000_000),
        _ => format!("{:.1}G", n as f64 / 1e9),
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
