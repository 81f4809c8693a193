//! Waves pane: every resident wave with its work-group, SIMD, state, PC and source line. Only the visible rows
//! are formatted, so thousands of waves cost what a screenful costs.

use crate::app::{App, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use wavescope::machine::WaveState;

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let s = &app.snapshot;
    let title = format!(
        " Waves: {} resident, {} done of {} ",
        s.waves.len(),
        s.waves_done,
        s.total_waves
    );
    let inner = super::frame(app, Pane::Waves, title, area, buf);
    if inner.height == 0 {
        return;
    }
    // Narrow panes drop the work-group and SIMD columns before the state, PC and line.
    let full = inner.width >= 48;
    let header = if full {
        "wave  wg        simd state           pc     line"
    } else {
        "wave  state           pc     line"
    };
    buf.set_line(
        inner.x,
        inner.y,
        &Line::styled(header, THEME.dim),
        inner.width,
    );
    let rows = inner.height as usize - 1;
    let (top, end) = super::window(app.wave_cursor, s.waves.len(), rows);
    for (row, i) in (top..end).enumerate() {
        let w = &s.waves[i];
        let state = match w.state {
            WaveState::Waitcnt if !w.waitcnt.is_empty() => format!("waitcnt {}", w.waitcnt),
            st => st.as_str().to_string(),
        };
        let line_no = app
            .listing
            .line_of(w.pc)
            .map(|l| l.to_string())
            .unwrap_or_default();
        let mark = if w.wave == app.wave { "*" } else { " " };
        let text = if full {
            let wg = format!(
                "{},{},{}",
                w.work_group[0], w.work_group[1], w.work_group[2]
            );
            format!(
                "{mark}{:<4} {:<9} {:<4} {:<15} {:<6x} {}",
                w.wave, wg, w.simd, state, w.pc, line_no
            )
        } else {
            format!("{mark}{:<4} {:<15} {:<6x} {}", w.wave, state, w.pc, line_no)
        };
        let mut style = match w.state {
            WaveState::Done => THEME.dim,
            WaveState::Faulted => THEME.fault,
            _ => Style::default(),
        };
        if i == app.wave_cursor && app.focus == Pane::Waves {
            style = style.patch(THEME.cursor);
        }
        buf.set_line(
            inner.x,
            inner.y + 1 + row as u16,
            &Line::styled(text, style),
            inner.width,
        );
    }
}
