//! Disassembly pane: the kernel's instructions with the current PC, breakpoints, `!` where the hazard checker
//! found a hazard or missing wait, source line numbers, and each instruction's modelled cycles (issue + stall)
//! and stall cycles, and, under the cycle model's memory system, its memory cost: `64L` = 128-byte lines per
//! wave-instruction (vector memory), `15c` = LDS bank-conflict cycles per wave-instruction; all so far (the
//! interactive machine, as it steps) or over the whole dispatch (`p`; the background run, once done). Narrow
//! panes keep the stall column only. ← → scroll the
//! instruction text sideways.

use crate::app::{App, Gutter, Pane};
use crate::panes::source::blank0;
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
    // the memory gutter (lines per request `L`, LDS conflict cycles per access `c`): the live machine's so far,
    // or the whole dispatch's once its run is done
    let mem = app.mem_figures().filter(|_| wide);
    let cols = match (wide, mem.is_some()) {
        (true, true) => "cycles, stall, mem",
        (true, false) => "cycles, stall",
        _ => "stall",
    };
    let inner = super::frame(
        app,
        Pane::Disasm,
        match app.disasm_col {
            0 => format!(" Disassembly: {} ({cols}: {which}) ", p.kernel),
            c => format!(
                " Disassembly: {} col {}+ ({cols}: {which}) ",
                p.kernel,
                c + 1
            ),
        },
        area,
        buf,
    );
    let current = app.current_pc();
    let heat = app.heat();
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
        let c = heat
            .and_then(|h| h.per_inst.get(i))
            .copied()
            .unwrap_or_default();
        let lvl = heat.map_or(0, |h| crate::app::heat_level(c.stall, h.max_inst));
        let flag = if app.marked.contains(&d.pc) {
            Span::styled("!", THEME.fault)
        } else {
            Span::raw(" ")
        };
        let mut spans = vec![Span::styled(mark, THEME.breakpoint), flag];
        if wide {
            spans.push(Span::styled(blank0(c.issue + c.stall, 6), THEME.dim));
        }
        if let Some(m) = mem {
            let cell = m.per_inst.get(i).copied().unwrap_or_default();
            spans.push(Span::styled(cell.gutter(), THEME.dim));
        }
        spans.extend([
            Span::styled(
                if c.count > 0 || c.stall > 0 {
                    format!("{:>6}", crate::panes::source::compact(c.stall))
                } else {
                    "      ".into()
                },
                Style::new().fg(THEME.heat[lvl]),
            ),
            Span::raw(" "),
            Span::raw(arrow),
            Span::styled(format!("{:x} ", d.pc), THEME.dim),
            Span::styled(line_no, THEME.dim),
            Span::raw(" "),
            Span::styled(
                d.text.chars().skip(app.disasm_col).collect::<String>(),
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
