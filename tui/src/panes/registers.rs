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
    // The same wave before the last run: what it changed is highlighted.
    let before = app.prev_regs.as_ref().filter(|p| p.wave == r.wave);
    let hi = |changed: bool| {
        if changed {
            THEME.changed
        } else {
            Style::default()
        }
    };
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line::from(vec![
        Span::styled("EXEC ", THEME.key),
        Span::styled(
            format!("{:016x} ", r.exec),
            hi(before.is_some_and(|p| p.exec != r.exec)),
        ),
        Span::styled("VCC ", THEME.key),
        Span::styled(
            format!("{:016x}", r.vcc),
            hi(before.is_some_and(|p| p.vcc != r.vcc)),
        ),
    ]));
    lines.push(Line::from(vec![
        Span::styled("M0 ", THEME.key),
        Span::styled(
            format!("{:08x} ", r.m0),
            hi(before.is_some_and(|p| p.m0 != r.m0)),
        ),
        Span::styled("SCC ", THEME.key),
        Span::styled(
            format!("{} ", r.scc as u8),
            hi(before.is_some_and(|p| p.scc != r.scc)),
        ),
        Span::styled("MODE ", THEME.key),
        Span::styled(
            format!("{:08x}", r.mode),
            hi(before.is_some_and(|p| p.mode != r.mode)),
        ),
    ]));
    // SGPRs: as many per row as fit (9 columns each: "s12 " label + 8 hex digits would not fit 80 columns, so
    // the row starts with the first register's number).
    let per_row = ((inner.width.saturating_sub(5)) / 9).clamp(1, 8) as usize;
    // s0..s31 when there is room; on a short pane fewer rows, so the lane grid (9 rows) and a local stay visible.
    let room = (inner.height as usize).saturating_sub(2 + 9 + 2);
    let sgpr_rows = 32usize.div_ceil(per_row).min(room).max(1);
    let shown = (sgpr_rows * per_row).min(r.sgpr.len());
    for start in (0..shown).step_by(per_row) {
        let mut spans = vec![Span::styled(format!("s{start:<3} "), THEME.key)];
        for (n, v) in r
            .sgpr
            .iter()
            .enumerate()
            .take((start + per_row).min(shown))
            .skip(start)
        {
            let changed = before.is_some_and(|p| p.sgpr.get(n) != Some(v));
            spans.push(Span::styled(format!("{v:08x}"), hi(changed)));
            spans.push(Span::raw(" "));
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
    let prev = before
        .filter(|p| p.vreg == r.vreg && p.vgpr_count == r.vgpr_count)
        .map(|p| p.lanes);
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
