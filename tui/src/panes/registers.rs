//! Registers pane: SGPRs, EXEC, VCC, M0, SCC, MODE; the selected VGPR/AGPR as an 8x8 grid of its 64 lanes (lanes
//! off in EXEC dimmed, values changed by the last run highlighted); the source variables of the selected lane.

use crate::app::{App, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let Some(r) = app.snapshot.regs.as_ref() else {
        let inner = super::frame(app, Pane::Registers, " Registers ".into(), area, buf);
        buf.set_line(
            inner.x,
            inner.y,
            &Line::styled("no resident wave", THEME.dim),
            inner.width,
        );
        return;
    };
    let title = format!(" Registers: wave {} pc {:x} ", r.wave, r.pc);
    let inner = super::frame(app, Pane::Registers, title, area, buf);
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line::from(vec![
        Span::styled("EXEC ", THEME.key),
        Span::raw(format!("{:016x} ", r.exec)),
        Span::styled("VCC ", THEME.key),
        Span::raw(format!("{:016x}", r.vcc)),
    ]));
    lines.push(Line::from(vec![
        Span::styled("M0 ", THEME.key),
        Span::raw(format!("{:08x} ", r.m0)),
        Span::styled("SCC ", THEME.key),
        Span::raw(format!("{} ", r.scc as u8)),
        Span::styled("MODE ", THEME.key),
        Span::raw(format!("{:08x}", r.mode)),
    ]));
    // SGPRs: as many per row as fit (9 columns each: "s12 " label + 8 hex digits would not fit 80 columns, so
    // the row starts with the first register's number).
    let per_row = ((inner.width.saturating_sub(5)) / 9).clamp(1, 8) as usize;
    let sgpr_rows = 32usize.div_ceil(per_row).min(106usize.div_ceil(per_row));
    let shown = (sgpr_rows * per_row).min(r.sgpr.len());
    for start in (0..shown).step_by(per_row) {
        let mut spans = vec![Span::styled(format!("s{start:<3} "), THEME.key)];
        for v in &r.sgpr[start..(start + per_row).min(shown)] {
            spans.push(Span::raw(format!("{v:08x} ")));
        }
        lines.push(Line::from(spans));
    }
    let (kind, n) = if r.vreg >= 256 {
        ("a", r.vreg - 256)
    } else {
        ("v", r.vreg)
    };
    lines.push(Line::styled(
        format!("{kind}{n} by lane ([ ] pick, lane {} selected)", r.lane),
        THEME.title,
    ));
    let prev = app
        .prev_lanes
        .filter(|(w, v, _)| *w == r.wave && *v == r.vreg)
        .map(|(_, _, l)| l);
    for row in 0..8 {
        let mut spans = vec![Span::styled(format!("{:>2} ", row * 8), THEME.dim)];
        for col in 0..8 {
            let lane = row * 8 + col;
            let v = r.lanes[lane];
            let mut style = if r.exec >> lane & 1 == 0 {
                THEME.dim
            } else {
                Style::default()
            };
            if prev.is_some_and(|p| p[lane] != v) {
                style = THEME.changed;
            }
            if lane == r.lane as usize {
                style = style.patch(THEME.cursor);
            }
            spans.push(Span::styled(format!("{v:08x}"), style));
            spans.push(Span::raw(" "));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::styled(
        format!("locals, lane {}", r.lane),
        THEME.title,
    ));
    if r.locals.is_empty() {
        lines.push(Line::styled("(none in scope)", THEME.dim));
    }
    for l in &r.locals {
        lines.push(Line::raw(l.as_str()));
    }
    for (i, l) in lines.iter().enumerate().take(inner.height as usize) {
        buf.set_line(inner.x, inner.y + i as u16, l, inner.width);
    }
}
