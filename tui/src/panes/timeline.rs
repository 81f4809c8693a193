//! Timeline pane: waves x modelled cycles (the machine's live cycle model) as a heat strip per wave: issuing
//! (green, ▒ ▓ █ by the share of the cell spent issuing), stalls by kind (s_waitcnt red, counter full light
//! red, barrier magenta, MFMA busy blue), idle blank. A wave's clock counts from its work-group's launch (the
//! model's time: timing module doc). Up/Down scroll waves, +/- zoom, Left/Right pan. The engine computes only
//! the rows and cells shown (`TimelineView`).

use crate::app::{App, Pane};
use crate::engine::Cell;
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use wavescope::machine::StallKind;

/// Row label ("w4095 ") and the right-hand figures (" 123456c 45%") around the cells.
const LABEL: u16 = 6;
const FIGURES: u16 = 12;

/// Cells of a row in an inner width.
pub fn cells_for(inner_width: u16) -> usize {
    inner_width.saturating_sub(LABEL + FIGURES) as usize
}

fn cell(c: Cell) -> (&'static str, Style) {
    match c {
        Cell::Idle => (" ", Style::default()),
        Cell::Issue(1) => ("▒", THEME.issue),
        Cell::Issue(2) => ("▓", THEME.issue),
        Cell::Issue(_) => ("█", THEME.issue),
        Cell::Stall(StallKind::Waitcnt) => ("█", THEME.waitcnt),
        Cell::Stall(StallKind::CounterFull) => ("█", THEME.counter_full),
        Cell::Stall(StallKind::Barrier) => ("█", THEME.barrier),
        Cell::Stall(StallKind::MfmaBusy) => ("█", THEME.mfma_busy),
    }
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.snapshot.timeline;
    let title = format!(
        " Timeline: modelled cycles {}-{} of {} (x{}; +/- zoom, ←→ pan) ",
        t.from, t.to, t.max_clock, app.timeline_zoom
    );
    let inner = super::frame(app, Pane::Timeline, title, area, buf);
    if inner.height == 0 {
        return;
    }
    let legend = Line::from(vec![
        Span::styled("▒▓█", THEME.issue),
        Span::raw(" issue "),
        Span::styled("█", THEME.waitcnt),
        Span::raw(" s_waitcnt "),
        Span::styled("█", THEME.counter_full),
        Span::raw(" cnt full "),
        Span::styled("█", THEME.barrier),
        Span::raw(" barrier "),
        Span::styled("█", THEME.mfma_busy),
        Span::raw(" MFMA busy; w·: ended, totals; clock, stall%"),
    ]);
    buf.set_line(inner.x, inner.y, &legend, inner.width);
    if t.max_clock == 0 {
        buf.set_line(
            inner.x,
            inner.y + 1,
            &Line::styled("nothing has run yet (s, n or c)", THEME.dim),
            inner.width,
        );
        return;
    }
    for (row, r) in t.rows.iter().take(inner.height as usize - 1).enumerate() {
        // Ended waves (totals as segments, not in time order) are marked with a `·`.
        let label = if r.ended {
            format!("w{:<width$}·", r.wave, width = LABEL as usize - 2)
        } else {
            format!("w{:<width$}", r.wave, width = LABEL as usize - 1)
        };
        let mut spans = vec![Span::styled(
            label,
            if r.wave == app.wave && !r.ended {
                THEME.key
            } else {
                THEME.dim
            },
        )];
        for &c in &r.cells {
            let (s, st) = cell(c);
            spans.push(Span::styled(s, st));
        }
        {
            let c = r.cycles;
            let pct = 100 * c.stall() / c.clock.max(1);
            spans.push(Span::styled(
                format!(
                    " {:>5}c {:>3}%",
                    crate::panes::source::compact(c.clock),
                    pct.min(100)
                ),
                THEME.dim,
            ));
        }
        buf.set_line(
            inner.x,
            inner.y + 1 + row as u16,
            &Line::from(spans),
            inner.width,
        );
    }
}
