//! Registers pane: SGPRs, EXEC, VCC, M0, SCC, MODE; the selected VGPR/AGPR as a grid of its 64 lanes (lanes
//! off in EXEC dimmed, values changed by the last run highlighted); the source variables of the selected lane.
//!
//! Space goes first to the special registers, then to the lane grid (8, 4, 2 or 1 lanes a row, as the width
//! allows; on a short pane a window of grid rows around the selected lane), then to SGPRs and locals
//! ([`GridLayout`]).

use crate::app::{App, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// Lanes a grid row holds in `width` columns: a 3-column row label, then 9 columns a lane (8 hex digits and a
/// space; the last lane needs no space).
pub fn lanes_per_row(width: u16) -> usize {
    [8usize, 4, 2, 1]
        .into_iter()
        .find(|&n| 3 + 9 * n as u16 - 1 <= width)
        .unwrap_or(1)
}

/// Where things go in the pane's inner area: shared by rendering and the mouse (a click on a lane selects it).
pub struct GridLayout {
    /// EXEC/VCC (one row or two), M0/SCC/MODE.
    pub special_rows: usize,
    pub sgpr_rows: usize,
    pub sgprs_per_row: usize,
    pub lanes_per_row: usize,
    /// Grid rows shown, and the first one (a window around the selected lane on short panes).
    pub grid_rows: usize,
    pub top_row: usize,
}

impl GridLayout {
    /// Space goes to the special registers, the grid title and at least one grid row; then the whole grid; then
    /// SGPRs (s0..s31) and the locals share what is left.
    pub fn new(r: &crate::engine::WaveRegs, inner: Rect) -> GridLayout {
        let height = inner.height as usize;
        // "EXEC <16> VCC <16>" is 42 columns: on narrower panes VCC gets its own row.
        let special_rows = if inner.width >= 42 { 2 } else { 3 };
        let lpr = lanes_per_row(inner.width);
        let grid_total = 64 / lpr;
        let mut left = height.saturating_sub(special_rows + 1);
        let grid_rows = grid_total.min(left.max(1));
        left = left.saturating_sub(grid_rows);
        let per_row = ((inner.width.saturating_sub(5)) / 9).clamp(1, 8) as usize;
        let locals_want = 1 + r.locals.len().max(1);
        let sgpr_rows = 32usize
            .div_ceil(per_row)
            .min(left.saturating_sub(locals_want.min(3)));
        let sel_row = r.lane as usize / lpr;
        let top_row = if grid_rows >= grid_total {
            0
        } else {
            sel_row
                .saturating_sub(grid_rows / 2)
                .min(grid_total - grid_rows)
        };
        GridLayout {
            special_rows,
            sgpr_rows,
            sgprs_per_row: per_row,
            lanes_per_row: lpr,
            grid_rows,
            top_row,
        }
    }

    /// Row (from the inner area's top) of the first grid row.
    pub fn grid_y(&self) -> usize {
        self.special_rows + self.sgpr_rows + 1
    }

    /// The lane drawn at (`col`, `row`) of the inner area, if any.
    pub fn lane_at(&self, col: u16, row: u16) -> Option<u8> {
        let row = (row as usize).checked_sub(self.grid_y())?;
        if row >= self.grid_rows || col < 3 {
            return None;
        }
        let k = (col as usize - 3) / 9;
        (k < self.lanes_per_row).then(|| ((self.top_row + row) * self.lanes_per_row + k) as u8)
    }
}

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
    let height = inner.height as usize;
    // The same wave before the last run: what it changed is highlighted.
    let before = app.prev_regs.as_ref().filter(|p| p.wave == r.wave);
    let hi = |changed: bool| {
        if changed {
            THEME.changed
        } else {
            Style::default()
        }
    };
    let exec = vec![
        Span::styled("EXEC ", THEME.key),
        Span::styled(
            format!("{:016x} ", r.exec),
            hi(before.is_some_and(|p| p.exec != r.exec)),
        ),
    ];
    let vcc = vec![
        Span::styled("VCC ", THEME.key),
        Span::styled(
            format!("{:016x}", r.vcc),
            hi(before.is_some_and(|p| p.vcc != r.vcc)),
        ),
    ];
    let mut special: Vec<Line> = Vec::new();
    if inner.width >= 42 {
        special.push(Line::from([exec, vcc].concat()));
    } else {
        special.push(Line::from(exec));
        special.push(Line::from(vcc));
    }
    special.push(Line::from(vec![
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

    let g = GridLayout::new(r, inner);
    let (lpr, grid_rows, grid_total, top, sgpr_rows, per_row) = (
        g.lanes_per_row,
        g.grid_rows,
        64 / g.lanes_per_row,
        g.top_row,
        g.sgpr_rows,
        g.sgprs_per_row,
    );
    let mut lines = special;
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
    let title = if grid_rows < grid_total {
        format!(
            "{kind}{n} lanes {}-{}, lane {} selected",
            top * lpr,
            ((top + grid_rows) * lpr).min(64) - 1,
            r.lane
        )
    } else {
        format!("{kind}{n} by lane, lane {} selected", r.lane)
    };
    lines.push(Line::styled(title, THEME.title));
    let prev = before
        .filter(|p| p.vreg == r.vreg && p.vgpr_count == r.vgpr_count)
        .map(|p| p.lanes);
    for row in top..top + grid_rows {
        let mut spans = vec![Span::styled(format!("{:>2} ", row * lpr), THEME.dim)];
        for col in 0..lpr {
            let lane = row * lpr + col;
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
            if col + 1 < lpr {
                spans.push(Span::raw(" "));
            }
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
    for (i, l) in lines.iter().enumerate().take(height) {
        buf.set_line(inner.x, inner.y + i as u16, l, inner.width);
    }
}
