//! The `?` pane: the key bindings table.

use crate::keys::BINDINGS;
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

pub fn render(area: Rect, buf: &mut Buffer) {
    let rows: Vec<_> = BINDINGS.iter().filter(|b| !b.label.is_empty()).collect();
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
    for (i, b) in rows.iter().enumerate().take(inner.height as usize) {
        let line = Line::from(vec![
            Span::styled(format!("{:>6}  ", b.label), THEME.key),
            Span::raw(b.help),
        ]);
        buf.set_line(inner.x, inner.y + i as u16, &line, inner.width);
    }
}
