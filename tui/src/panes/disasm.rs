//! Disassembly pane: the kernel's instructions with the current PC, breakpoints and source line numbers.

use crate::app::{App, Pane};
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let p = &app.program;
    let inner = super::frame(
        app,
        Pane::Disasm,
        format!(" Disassembly: {} ", p.kernel),
        area,
        buf,
    );
    let current = app.current_pc();
    let (top, end) = super::window(app.disasm_cursor, p.disasm.len(), inner.height as usize);
    for (row, i) in (top..end).enumerate() {
        let d = &p.disasm[i];
        let mark = if app.breakpoints.contains(&d.pc) {
            "●"
        } else {
            " "
        };
        let arrow = if current == Some(d.pc) { "▶" } else { " " };
        let mut style = Style::default();
        if current == Some(d.pc) {
            style = THEME.current;
        }
        if i == app.disasm_cursor && app.focus == Pane::Disasm {
            style = style.patch(THEME.cursor);
        }
        let line_no = d
            .line
            .map(|l| format!("{l:>4}"))
            .unwrap_or_else(|| "    ".into());
        // Executions over the whole dispatch, and `!` where the hazard checker found a hazard or missing wait.
        let (count, flag) = match &app.heat {
            Some(h) => {
                let x = h.per_inst.get(i).copied().unwrap_or(0);
                let lvl = crate::app::heat_level(x, h.max_inst);
                (
                    Span::styled(
                        format!("{:>6} ", super::source::short(x)),
                        Style::new().fg(THEME.heat[lvl]),
                    ),
                    if h.marked.contains(&d.pc) {
                        Span::styled("!", THEME.fault)
                    } else {
                        Span::raw(" ")
                    },
                )
            }
            None => (Span::raw(""), Span::raw(" ")),
        };
        let line = Line::from(vec![
            Span::styled(mark, THEME.breakpoint),
            flag,
            count,
            Span::raw(arrow),
            Span::styled(format!("{:x} ", d.pc), THEME.dim),
            Span::styled(line_no, THEME.dim),
            Span::raw(" "),
            Span::styled(d.text.as_str(), style),
        ]);
        buf.set_line(inner.x, inner.y + row as u16, &line, inner.width);
    }
}
