//! The `m` view: the whole dispatch's rocprof-compute counters and derived metrics under the cycle model's
//! memory system (docs/memory-model.md), with the roofline: the minimum time each ceiling (compute, LDS, L2,
//! HBM) allows for this work, as bars against the modelled time; the longest is the bound.

use crate::app::App;
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

/// The view's rows (label, value) in order; public for tests and for the `?` text.
pub fn rows(app: &App) -> Vec<(String, String)> {
    let Some(m) = app.memory.as_deref() else {
        return vec![(
            "memory".into(),
            "the whole-dispatch run with the memory system is not done yet".into(),
        )];
    };
    let (Some(c), Some(x)) = (&m.counters, &m.metrics) else {
        return vec![(
            "memory".into(),
            "the cycle model ran without its memory system".into(),
        )];
    };
    let pct = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}%"));
    let mut r: Vec<(String, String)> = vec![
        ("modelled cycles".into(), m.cycles.to_string()),
        (
            "roofline bound".into(),
            format!(
                "{} (arithmetic intensity {} FLOP/HBM byte)",
                x.roofline_bound,
                x.arithmetic_intensity
                    .map_or("-".to_string(), |v| format!("{v:.2}"))
            ),
        ),
    ];
    let bar_w = 24usize;
    let names = ["compute", "LDS", "L2", "HBM"];
    let longest = x
        .roofline_cycles
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(m.cycles)
        .max(1);
    for (k, name) in names.iter().enumerate() {
        let v = x.roofline_cycles[k];
        let n = ((v as f64 / longest as f64) * bar_w as f64).round() as usize;
        r.push((
            format!("  {name} ceiling"),
            format!("{:<bar_w$} {v} cycles", "█".repeat(n.min(bar_w))),
        ));
    }
    r.extend([
        ("L1 hit rate".into(), pct(x.l1_hit_rate)),
        ("L2 hit rate".into(), pct(x.l2_hit_rate)),
        ("MALL hit rate".into(), pct(x.mall_hit_rate)),
        ("coalescing".into(), pct(x.coalescing)),
        (
            "LDS conflicts/access".into(),
            x.lds_bank_conflicts_per_access
                .map_or("-".to_string(), |v| format!("{v:.2} cycles")),
        ),
        (
            "bandwidth GB/s".into(),
            format!(
                "L1 {:.0}, L2 {:.0}, HBM {:.0}, LDS {:.0}",
                x.bandwidth_l1_gbs, x.bandwidth_l2_gbs, x.bandwidth_hbm_gbs, x.bandwidth_lds_gbs
            ),
        ),
        (
            "MFMA utilisation".into(),
            format!("{:.1}%", x.mfma_utilisation),
        ),
    ]);
    let v = serde_json::to_value(c).unwrap_or_default();
    if let Some(o) = v.as_object() {
        for (k, v) in o {
            if v.as_u64().is_some_and(|n| n > 0) {
                r.push((k.clone(), v.to_string()));
            }
        }
    }
    r
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let rows = rows(app);
    let h = (rows.len() as u16 + 2).min(area.height);
    let w = 78.min(area.width);
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
        .title(" Memory: counters and roofline, whole dispatch (any key closes) ");
    let inner = block.inner(r);
    block.render(r, buf);
    for (i, (label, value)) in rows.iter().enumerate().take(inner.height as usize) {
        let line = Line::from(vec![
            Span::styled(format!("{label:>28}  "), THEME.key),
            Span::raw(value.as_str()),
        ]);
        buf.set_line(inner.x, inner.y + i as u16, &line, inner.width);
    }
}
