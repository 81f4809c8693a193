//! Timeline pane: waves x modelled cycles. The cycle model is not wired to the UI yet, so this shows each wave's
//! issued instructions as a strip and says so.

use crate::app::{App, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let title = format!(" Timeline (zoom x{}, +/-) ", app.timeline_zoom);
    let inner = super::frame(app, Pane::Timeline, title, area, buf);
    if inner.height == 0 {
        return;
    }
    buf.set_line(
        inner.x,
        inner.y,
        &Line::styled(
            "timing model not available yet: bars are instructions issued per wave",
            THEME.dim,
        ),
        inner.width,
    );
    let waves = &app.snapshot.waves;
    let most = waves
        .iter()
        .map(|w| w.instructions)
        .max()
        .unwrap_or(0)
        .max(1);
    let rows = inner.height as usize - 1;
    let top = app.timeline_offset.min(waves.len().saturating_sub(rows));
    let bar_w = inner.width.saturating_sub(12) as u64;
    for (row, w) in waves.iter().skip(top).take(rows).enumerate() {
        let n = (w.instructions * bar_w * app.timeline_zoom as u64 / most).min(bar_w) as usize;
        let line = Line::from(vec![
            Span::styled(format!("w{:<5}", w.wave), THEME.dim),
            Span::styled(
                "█".repeat(n),
                ratatui::style::Style::new().fg(THEME.heat[1]),
            ),
            Span::raw(format!(" {}", w.instructions)),
        ]);
        buf.set_line(inner.x, inner.y + 1 + row as u16, &line, inner.width);
    }
}
