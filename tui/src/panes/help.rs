//! The `?` pane: the key bindings table.

use crate::keys::BINDINGS;
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

pub fn render(area: Rect, buf: &mut Buffer) {
    let mut rows: Vec<(&str, &str)> = BINDINGS
        .iter()
        .filter(|b| !b.label.is_empty())
        .map(|b| (b.label, b.help))
        .collect();
    rows.push(("mouse", "wheel scrolls, click selects (a lane, too)"));
    let h = (rows.len() as u16 + 2).min(area.height);
    let w = 64.min(area.width);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    Clear.render(r, buf);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(THEME.border_focused)
        .title(" Keys (any key closes) ");
    let inner = block.inner(r);
    block.render(r, buf);
    for (i, (label, help)) in rows.iter().enumerate().take(inner.height as usize) {
        let line = Line::from(vec![
            Span::styled(format!("{label:>7}  "), THEME.key),
            Span::raw(*help),
        ]);
        buf.set_line(inner.x, inner.y + i as u16, &line, inner.width);
    }
}
