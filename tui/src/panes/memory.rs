//! The `m` view: rocprof-compute's counters and the derived metrics under the cycle model's memory system
//! (docs/memory-model.md), with the roofline: the minimum time each ceiling (compute, LDS, L2, HBM) allows for
//! this work, as bars against the modelled time; the longest is the bound. Two columns: **so far**, what the
//! interactive machine ran up to now (it moves as waves step), and **whole dispatch**, the background run of
//! the whole dispatch once it is done; then the same figures for the instruction at the disassembly cursor.

use crate::app::App;
use crate::engine::{MemCell, MemoryProfile};
use crate::panes::source::compact;
use crate::theme::THEME;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Widget};

/// Width of the label column.
const LABEL: usize = 28;

/// A column of the view: its heading and, for each label of [`LABELS`] and [`INST_LABELS`], its value.
struct Column {
    heading: String,
    values: Vec<String>,
    inst: Vec<String>,
    counters: Vec<(String, u64)>,
}

const LABELS: [&str; 16] = [
    "modelled cycles",
    "roofline bound",
    "  compute ceiling",
    "  LDS ceiling",
    "  L2 ceiling",
    "  HBM ceiling",
    "FLOP per HBM byte",
    "L1 hit rate",
    "L2 hit rate",
    "MALL hit rate",
    "scalar cache hit rate",
    "coalescing",
    "LDS conflicts/access",
    "bytes L1 L2 HBM LDS",
    "GB/s L1 L2 HBM LDS",
    "MFMA utilisation",
];

/// Rows for the instruction at the disassembly cursor.
const INST_LABELS: [&str; 6] = [
    "  requests (vector)",
    "  lines/request",
    "  L1 / L2 hit rate",
    "  LDS accesses",
    "  LDS conflicts/access",
    "  bytes",
];

fn pct(v: Option<f64>) -> String {
    v.map_or("-".to_string(), |v| format!("{v:.1}%"))
}

/// The counters of `c` by rocprof-compute's name (alphabetical).
fn counters(c: &wavescope::observers::memsys::counters::Counters) -> Vec<(String, u64)> {
    let v = serde_json::to_value(c).unwrap_or_default();
    v.as_object()
        .map(|o| {
            o.iter()
                .filter_map(|(k, v)| Some((k.clone(), v.as_u64()?)))
                .collect()
        })
        .unwrap_or_default()
}

fn inst_values(c: &MemCell) -> Vec<String> {
    let f = |v: Option<f64>, unit: &str| v.map_or("-".to_string(), |v| format!("{v:.2}{unit}"));
    vec![
        c.requests.to_string(),
        f(c.lines_per_request(), " lines"),
        format!("{} / {}", pct(c.l1_hit_rate()), pct(c.l2_hit_rate())),
        c.lds_accesses.to_string(),
        f(c.conflicts_per_access(), " cycles"),
        c.bytes.to_string(),
    ]
}

/// A column's values from `p`; `live`: the interactive machine's (before any memory instruction ran, its
/// memory figures are "-").
fn column(
    p: &MemoryProfile,
    heading: &str,
    cursor: Option<usize>,
    bar_w: usize,
    live: bool,
) -> Column {
    let (Some(c), Some(x)) = (&p.counters, &p.metrics) else {
        return Column {
            heading: format!("{heading}: the cycle model ran without its memory system"),
            values: Vec::new(),
            inst: Vec::new(),
            counters: Vec::new(),
        };
    };
    let none = live && !p.any;
    let heading = if none {
        format!("{heading}: no memory instruction yet")
    } else {
        heading.to_string()
    };
    let cell = cursor
        .and_then(|i| p.per_inst.get(i))
        .copied()
        .unwrap_or_default();
    let counters = counters(c);
    if none {
        return Column {
            heading,
            values: LABELS.iter().map(|_| "-".to_string()).collect(),
            inst: INST_LABELS.iter().map(|_| "-".to_string()).collect(),
            counters,
        };
    }
    let longest = x
        .roofline_cycles
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(p.cycles)
        .max(1);
    let bar = |v: u64| {
        let n = ((v as f64 / longest as f64) * bar_w as f64).round() as usize;
        format!("{:<bar_w$} {}", "█".repeat(n.min(bar_w)), compact(v))
    };
    let mut values = vec![p.cycles.to_string(), x.roofline_bound.to_string()];
    values.extend(x.roofline_cycles.iter().map(|&v| bar(v)));
    values.extend([
        x.arithmetic_intensity
            .map_or("-".to_string(), |v| format!("{v:.2}")),
        pct(x.l1_hit_rate),
        pct(x.l2_hit_rate),
        pct(x.mall_hit_rate),
        pct(x.scalar_cache_hit_rate),
        pct(x.coalescing),
        x.lds_bank_conflicts_per_access
            .map_or("-".to_string(), |v| format!("{v:.2} cycles")),
        format!(
            "{} {} {} {}",
            compact(x.bytes_l1),
            compact(x.bytes_l2),
            compact(x.bytes_hbm),
            compact(x.bytes_lds)
        ),
        format!(
            "{:.0} {:.0} {:.0} {:.0}",
            x.bandwidth_l1_gbs, x.bandwidth_l2_gbs, x.bandwidth_hbm_gbs, x.bandwidth_lds_gbs
        ),
        format!("{:.1}%", x.mfma_utilisation),
    ]);
    Column {
        heading,
        values,
        inst: inst_values(&cell),
        counters,
    }
}

/// The view's rows (label, so far, whole dispatch) in order, the headings first; public for tests.
pub fn rows(app: &App) -> Vec<(String, String, String)> {
    rows_at(app, 12)
}

fn rows_at(app: &App, bar_w: usize) -> Vec<(String, String, String)> {
    let cursor = Some(app.disasm_cursor);
    let live = match &app.snapshot.memory {
        Some(p) => column(p, "so far (live)", cursor, bar_w, true),
        None => Column {
            heading: "so far: the live cycle model has no memory system".into(),
            values: Vec::new(),
            inst: Vec::new(),
            counters: Vec::new(),
        },
    };
    let whole = match app.memory.as_deref() {
        Some(p) => column(p, "whole dispatch", cursor, bar_w, false),
        None => Column {
            heading: "whole dispatch: its run is not done yet".into(),
            values: Vec::new(),
            inst: Vec::new(),
            counters: Vec::new(),
        },
    };
    let at = |v: &Vec<String>, k: usize| v.get(k).cloned().unwrap_or_default();
    let mut r = vec![(String::new(), live.heading.clone(), whole.heading.clone())];
    for (k, l) in LABELS.iter().enumerate() {
        r.push((l.to_string(), at(&live.values, k), at(&whole.values, k)));
    }
    let inst = app
        .listing
        .disasm
        .get(app.disasm_cursor)
        .map(|d| format!("at the cursor: {:x} {}", d.pc, d.text))
        .unwrap_or_default();
    r.push((String::new(), inst, String::new()));
    for (k, l) in INST_LABELS.iter().enumerate() {
        r.push((l.to_string(), at(&live.inst, k), at(&whole.inst, k)));
    }
    r.push((String::new(), "counters (non-zero)".into(), String::new()));
    let count = |cs: &[(String, u64)], name: &str| {
        cs.iter()
            .find(|(n, _)| n == name)
            .map(|&(_, v)| v)
            .unwrap_or(0)
    };
    let mut names: Vec<&String> = live
        .counters
        .iter()
        .chain(&whole.counters)
        .map(|(n, _)| n)
        .collect();
    names.sort();
    names.dedup();
    for name in names {
        let (a, b) = (count(&live.counters, name), count(&whole.counters, name));
        if a > 0 || b > 0 {
            let v = |n: u64, have: bool| if have { n.to_string() } else { String::new() };
            r.push((
                name.clone(),
                v(a, !live.counters.is_empty()),
                v(b, !whole.counters.is_empty()),
            ));
        }
    }
    r
}

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let w = 112.min(area.width);
    // two value columns side by side
    let col = ((w as usize).saturating_sub(2 + LABEL + 2) / 2).max(8);
    let rows = rows_at(app, col.saturating_sub(8).clamp(4, 16));
    let h = (rows.len() as u16 + 2).min(area.height);
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
        .title(" Memory: counters and roofline, so far and whole dispatch (any key closes) ");
    let inner = block.inner(r);
    block.render(r, buf);
    let cut = |s: &str, n: usize| s.chars().take(n).collect::<String>();
    for (i, (label, a, b)) in rows.iter().enumerate().take(inner.height as usize) {
        let line = if label.is_empty() && b.is_empty() && i > 0 {
            // a section heading across both columns
            Line::from(vec![
                Span::raw(" ".repeat(LABEL + 2)),
                Span::styled(a.clone(), THEME.title),
            ])
        } else {
            let style = if i == 0 {
                THEME.title
            } else {
                ratatui::style::Style::default()
            };
            Line::from(vec![
                Span::styled(format!("{label:>LABEL$}  "), THEME.key),
                Span::styled(format!("{:<col$} ", cut(a, col)), style),
                Span::styled(cut(b, col), style),
            ])
        };
        buf.set_line(inner.x, inner.y + i as u16, &line, inner.width);
    }
}
