//! Findings pane: hazards, missing waits and races from the background run's checkers, race findings of the
//! interactive session as it runs (`live race ...`), and faults met while stepping.
//! A finding wraps over up to three rows on a narrow pane. Enter (or a click) jumps to its PC.
//! Under them, the kernel's printed output (device printf, assert messages): its last lines, newest at the bottom.

use crate::app::{App, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

/// Rows a finding of `len` characters takes in a pane `width` wide.
fn rows_of(len: usize, width: usize) -> usize {
    len.div_ceil(width.max(1)).clamp(1, 3)
}

/// The findings shown in an inner area `width` x `height`: (index, first row, rows), the cursor's visible and
/// about in the middle. Shared by rendering and the mouse.
pub fn placement(app: &App, width: u16, height: u16) -> Vec<(usize, usize, usize)> {
    let (w, h) = (width as usize, height as usize);
    let n = app.findings.len();
    if n == 0 || h == 0 {
        return Vec::new();
    }
    let rows = |i: usize| rows_of(app.findings[i].text.chars().count(), w);
    let cursor = app.findings_cursor.min(n - 1);
    let mut top = cursor;
    let mut used = rows(cursor);
    while top > 0 && used + rows(top - 1) <= h / 2 + 1 {
        top -= 1;
        used += rows(top);
    }
    let mut out = Vec::new();
    let mut y = 0;
    for i in top..n {
        if y >= h {
            break;
        }
        let r = rows(i).min(h - y);
        out.push((i, y, r));
        y += r;
    }
    out
}

/// Rows of an inner area `height` high that the printed output takes (a header and its last lines): none without
/// output, at most half the pane when there are findings, else all of it.
pub fn output_rows(app: &App, height: u16) -> u16 {
    if app.output.is_empty() {
        return 0;
    }
    let most = if app.findings.is_empty() {
        height.saturating_sub(2)
    } else {
        height / 2
    };
    (app.output.len() as u16).saturating_add(1).min(most)
}

fn render_output(app: &App, area: Rect, buf: &mut Buffer) {
    if area.height == 0 {
        return;
    }
    let header = format!("printf output ({} lines):", app.output.len());
    buf.set_line(area.x, area.y, &Line::styled(header, THEME.dim), area.width);
    let shown = area.height as usize - 1;
    let start = app.output.len().saturating_sub(shown);
    for (k, l) in app.output[start..].iter().enumerate() {
        buf.set_line(
            area.x,
            area.y + 1 + k as u16,
            &Line::raw(l.to_string()),
            area.width,
        );
    }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let title = format!(" Findings: {} ", app.findings.len());
    let whole = super::frame(app, Pane::Findings, title, area, buf);
    let out_h = output_rows(app, whole.height);
    let mut inner = whole;
    inner.height -= out_h;
    render_output(
        app,
        Rect {
            y: inner.y + inner.height,
            height: out_h,
            ..whole
        },
        buf,
    );
    if app.findings.is_empty() {
        let lines = [
            "no faults so far",
            if app.profile.is_some() {
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
    let w = inner.width as usize;
    for (i, y, rows) in placement(app, inner.width, inner.height) {
        let f = &app.findings[i];
        let mut style = THEME.fault;
        if i == app.findings_cursor && app.focus == Pane::Findings {
            style = style.patch(THEME.cursor);
        }
        let chars: Vec<char> = f.text.chars().collect();
        for k in 0..rows {
            let part: String = chars.iter().skip(k * w).take(w).collect();
            // Continuation rows are indented by nothing: the cursor style marks the whole finding.
            buf.set_line(
                inner.x,
                inner.y + (y + k) as u16,
                &Line::styled(part, style),
                inner.width,
            );
        }
    }
}
