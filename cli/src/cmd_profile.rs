//! `wavescope profile`: run one dispatch under the cycle model and print where the wave-cycles went, per source
//! line (with its inline call chain) and per instruction, sorted by cost (issue + stall wave-cycles); memory
//! instructions show how much of their latency the wave hid behind other work and how much it exposed as
//! `s_waitcnt` stall. Definitions: `wavescope_traces::profile`.
//!
//! The terminal tables fit 120 columns; cycle figures there are rounded (`1.20M`), exact in the JSON.
//!
//! # JSON (`--json FILE`, or `--json -` for stdout instead of the tables)
//! ```text
//! { "kernel": str, "timing_model": str, "waves": n, "wave_instructions": n,
//!   "cycles": n,                       // the dispatch's modelled makespan (the run report's `cycles`)
//!   "fault": str | null,
//!   "totals": COUNTS, "hazards": n, "missing_waits": n,
//!   "instructions": [                  // every executed instruction, most cost first
//!     { "pc": "0x1a2c", "text": str, "source": "./kernel.cl:32:5" | null,
//!       "chain": [FRAME],              // innermost first: {"function", "file", "line", "column"}
//!       "memory": bool, "findings": [str], ...COUNTS } ],
//!   "lines": [                         // every source line with its inline chain, most cost first
//!     { "source": "kernel.cl:32 <- kernel.cl:22", "text": str | null (the source line's text),
//!       "chain": [FRAME] (column 0),
//!       "pcs": ["0x.."], "findings": n, ...COUNTS } ] }
//! COUNTS = { "executions", "issue_cycles", "stall_cycles", "cost", "cost_percent",
//!            "stall": {"waitcnt_vmcnt", "waitcnt_lgkmcnt", "counter_full", "barrier", "mfma_busy"},
//!            "latency", "hidden", "exposed", "exposed_waitcnt", "exposed_counter_full" }
//! ```
//! Cycle figures are wave-cycles summed over all waves; `latency`/`hidden`/`exposed` are 0 for non-memory
//! instructions; `cost_percent` is of the total cost.
//!
//! With the cycle model's memory system (on by default; docs/memory-model.md) COUNTS also has
//! ```text
//! "memory_system": null | {            // null where the memory system costed nothing
//!   "requests", "loads", "stores", "atomics",   // vector memory wave-instructions
//!   "lines", "lines_per_request",      // distinct 128-byte lines (L1 lookups)
//!   "l1_hits", "l2_hits", "mall_hits", "hbm_lines", "l1_hit_rate", "l2_hit_rate" (percent | null),
//!   "l2_read_req", "l2_write_req", "l2_atomic_req", "hbm_read_req", "hbm_write_req",
//!   "lds_accesses", "lds_cycles", "bank_conflict_cycles", "bytes",
//!   "level": "HBM" | "MALL" | "L2" | "L1" | "LDS" | "fixed" | null,   // where most latency came from
//!   "by_level": { LEVEL: {"latency", "hidden", "exposed"} } }   // levels with latency only
//! ```
//! Summed over all instructions, each figure equals the dispatch's counter (`lines` =
//! `TCP_TOTAL_CACHE_ACCESSES_sum`, `l2_hits` = `TCC_HIT_sum`, `bank_conflict_cycles` = `SQ_LDS_BANK_CONFLICT`,
//! ...); the top level then also has the run report's `counters` and `metrics`.

use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use wavescope::launch::RunOptions;
use wavescope::observers::timing::MemLevel;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;
use wavescope_traces::profile::{
    self, Counts, InstProfile, LineProfile, MemCounts, Profile, SourceFrame,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    /// Source lines with their inline call chain.
    Line,
    /// Instructions.
    Inst,
    /// Both tables.
    Both,
}

pub struct ProfileArgs {
    pub manifest: PathBuf,
    pub top: usize,
    pub by: By,
    pub json: Option<PathBuf>,
    pub jobs: usize,
    pub max_instructions: u64,
    /// A changed copy of src/observers/timing/cdna4.toml.
    pub timing_model: Option<PathBuf>,
}

const WIDTH: usize = 120;

pub fn run(a: &ProfileArgs) -> anyhow::Result<ExitCode> {
    let mut config = RunConfig::full(RunOptions {
        max_instructions: a.max_instructions,
        jobs: a.jobs,
        ..RunOptions::default()
    });
    let session = Session::load(&a.manifest, &config.options)?;
    for w in session.launch_warnings() {
        eprintln!("wavescope: {w}");
    }
    // the run's configuration (`wavescope run`'s instruments), with the given model
    if let Some(p) = &a.timing_model {
        config.cycle_model = Some(wavescope::observers::timing::CycleModel::from_file(p)?);
    }
    let mut watch = crate::run_control::Watch::start(session.dispatch.wave_count());
    config.options.control = Some(watch.control.clone());
    let r = profile::run_profiled(&session, &config);
    watch.finish();
    let fault = r
        .run
        .fault
        .as_ref()
        .map(|f| session.fault_report(f).message);
    let fault_exit = r
        .run
        .fault
        .as_ref()
        .map(|f| crate::exit::Exit::for_fault(f.kind));
    let to_stdout = a.json.as_deref().is_some_and(|j| j.as_os_str() == "-");
    // a closed pipe (`| head`) ends the output quietly
    let mut stdout = std::io::stdout().lock();
    if r.run.stats.co_resident {
        // a cooperative grid barrier ran on the resident schedule: profiled per work-group (session 21)
        let note = if r.run.timing.is_some() {
            wavescope::session::CO_RESIDENT_NOTE
        } else {
            wavescope::session::CO_RESIDENT_UNINSTRUMENTED_NOTE
        };
        eprintln!("wavescope: schedule: {note}");
    }
    if !to_stdout {
        for l in tables(&session, &r, a) {
            if writeln!(stdout, "{l}").is_err() {
                break;
            }
        }
    }
    if let Some(path) = &a.json {
        let v = to_json(&session, &r, fault.as_deref());
        let text = serde_json::to_string_pretty(&v)? + "\n";
        if to_stdout {
            let _ = stdout.write_all(text.as_bytes());
        } else {
            std::fs::write(path, text)
                .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))?;
        }
    }
    if let Some(m) = fault {
        eprintln!("wavescope: fault: {m}");
        return Ok(fault_exit.unwrap_or(crate::exit::Exit::KernelFault).into());
    }
    if let Some(waves) = &r.run.stats.interrupted {
        eprintln!("wavescope: interrupted (Ctrl-C); the profile covers the run until then");
        for l in crate::run_control::position_lines(&session, waves) {
            eprintln!("  {l}");
        }
        return Ok(crate::exit::Exit::Interrupted.into());
    }
    Ok(ExitCode::SUCCESS)
}

/// `12345`, `123k`, `1.20M`, `45.6G`: at most 6 characters.
fn n(v: u64) -> String {
    if v < 100_000 {
        return v.to_string();
    }
    let (x, u) = [(1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")]
        .into_iter()
        .map(|(d, u)| (v as f64 / d, u))
        .find(|(x, _)| *x >= 1.0)
        .unwrap_or((v as f64, ""));
    if x < 10.0 {
        format!("{x:.2}{u}")
    } else if x < 100.0 {
        format!("{x:.1}{u}")
    } else {
        format!("{x:.0}{u}")
    }
}

fn pct(v: u64, total: u64) -> String {
    format!("{:.1}%", 100.0 * v as f64 / total.max(1) as f64)
}

/// Cut `s` to `w` characters (marking the cut with `…`).
fn fit(s: &str, w: usize) -> String {
    if s.chars().count() <= w {
        return s.to_string();
    }
    let mut t: String = s.chars().take(w.saturating_sub(1)).collect();
    t.push('…');
    t
}

/// The stall reason with most cycles (`vmcnt`, `lgkmcnt`, `cnt full`, `barrier`, `mfma`), `+` when others too.
fn why(c: &Counts) -> String {
    let names = ["vmcnt", "lgkmcnt", "cnt full", "barrier", "mfma"];
    let s = c.stalls();
    let nonzero = s.iter().filter(|x| x.1 > 0).count();
    match s
        .iter()
        .enumerate()
        .max_by_key(|(i, x)| (x.1, std::cmp::Reverse(*i)))
    {
        Some((i, x)) if x.1 > 0 => format!("{}{}", names[i], if nonzero > 1 { "+" } else { "" }),
        _ => "-".to_string(),
    }
}

fn mem(v: u64, is_mem: bool) -> String {
    if is_mem {
        n(v)
    } else {
        "-".to_string()
    }
}

fn tables(session: &Session, r: &profile::ProfiledRun, a: &ProfileArgs) -> Vec<String> {
    let p = &r.profile;
    let t = &p.totals;
    let total = t.cost();
    let mut out = vec![
        fit(
            &format!(
                "{}: {} waves, {} wave-instructions, {} modelled cycles ({})",
                session.manifest.kernel,
                r.run.stats.waves,
                r.run.stats.wave_instructions,
                r.run.timing.as_ref().map_or(0, |t| t.cycles),
                wavescope::observers::timing::MODEL_NAME
            ),
            WIDTH,
        ),
        format!(
            "wave-cycles {total}: issue {}; stalls: vmcnt {}, lgkmcnt {}, counter full {}, barrier {}, MFMA {}",
            pct(t.issue_cycles, total),
            pct(t.waitcnt_vmcnt, total),
            pct(t.waitcnt_lgkmcnt, total),
            pct(t.counter_full, total),
            pct(t.barrier, total),
            pct(t.mfma_busy, total),
        ),
        format!(
            "memory latency {} wave-cycles: hidden {}, exposed {} (s_waitcnt {}, counter full {})",
            t.latency,
            pct(t.hidden(), t.latency),
            pct(t.exposed(), t.latency),
            pct(t.exposed_waitcnt, t.latency),
            pct(t.exposed_counter_full, t.latency),
        ),
    ];
    if r.run.hazards.is_some() {
        out.push(format!(
            "hazards: {}, missing waits: {}",
            p.hazards, p.missing_waits
        ));
    }
    if matches!(a.by, By::Line | By::Both) {
        out.push(String::new());
        out.extend(line_table(p, a.top));
    }
    if matches!(a.by, By::Inst | By::Both) {
        out.push(String::new());
        out.extend(inst_table(p, a.top));
    }
    if t.mem.any() {
        out.push(String::new());
        out.extend(mem_table(p, a.top));
    }
    out
}

/// `12.5%`, or `-` when there is nothing to rate.
fn rate(v: Option<f64>) -> String {
    v.map_or("-".to_string(), |v| format!("{v:.1}%"))
}

/// The memory instructions by latency: lines per request, hit rates, bank conflicts, bytes, and where the
/// latency came from (hidden / exposed).
fn mem_table(p: &Profile, top: usize) -> Vec<String> {
    let mut rows: Vec<&InstProfile> = p.insts.iter().filter(|i| i.counts.mem.any()).collect();
    rows.sort_by_key(|i| (std::cmp::Reverse(i.counts.latency), i.pc));
    let all = rows.len();
    if top > 0 {
        rows.truncate(top);
    }
    let m = &p.totals.mem;
    let mut out = vec![
        format!(
            "memory system: {} lines in {} requests ({} per request), L1 hit {}, L2 hit {}, LDS bank conflicts {} cycles",
            m.lines,
            m.requests,
            m.lines_per_request().map_or("-".to_string(), |v| format!("{v:.2}")),
            rate(m.l1_hit_rate()),
            rate(m.l2_hit_rate()),
            m.lds_conflict_cycles
        ),
        format!(
            "top {} of {all} memory instructions by latency; lines/req: 128-byte lines per wave-instruction; confl: LDS",
            rows.len()
        ),
        format!(
            "{:>8}  {:<34} {:>7} {:>9} {:>6} {:>6} {:>7} {:>7} {:<5} {:>7} {:>7}",
            "pc", "instruction", "execs", "lines/req", "L1hit", "L2hit", "confl", "bytes", "level", "hidden", "exposed"
        ),
    ];
    for i in rows {
        let c = &i.counts;
        let mm = &c.mem;
        out.push(format!(
            "{:>8}  {:<34} {:>7} {:>9} {:>6} {:>6} {:>7} {:>7} {:<5} {:>7} {:>7}",
            format!("0x{:x}", i.pc),
            fit(&i.text, 34),
            n(c.executions),
            mm.lines_per_request()
                .map_or("-".to_string(), |v| format!("{v:.2}")),
            fit(&rate(mm.l1_hit_rate()), 6),
            fit(&rate(mm.l2_hit_rate()), 6),
            if mm.lds_accesses > 0 {
                n(mm.lds_conflict_cycles)
            } else {
                "-".to_string()
            },
            n(mm.bytes),
            mm.main_level().map_or("-", MemLevel::as_str),
            n(c.hidden()),
            n(c.exposed()),
        ));
    }
    out.into_iter().map(|l| fit(&l, WIDTH)).collect()
}

fn line_table(p: &Profile, top: usize) -> Vec<String> {
    let total = p.totals.cost();
    let rows = p.top_lines(top);
    // the findings column only when there are findings; the source line takes the rest of the width
    let haz = p.hazards + p.missing_waits > 0;
    let w = WIDTH - 70 - if haz { 4 } else { 0 };
    let head = format!(
        "{:<w$} {:>5} {:>7} {:>7} {:>6} {:>7} {:>7} {:<8} {:>7} {:>7}",
        "source line",
        "insts",
        "execs",
        "cost",
        "cost%",
        "issue",
        "stall",
        "stall on",
        "hidden",
        "exposed"
    );
    let mut out = vec![
        format!(
            "top {} of {} source lines by cost (issue + stall wave-cycles); `a <- b`: a inlined at b",
            rows.len(),
            p.lines.len()
        ),
        if haz { format!("{head} {:>3}", "haz") } else { head },
    ];
    for l in rows {
        let c = &l.counts;
        let is_mem = c.latency > 0;
        let row = format!(
            "{:<w$} {:>5} {:>7} {:>7} {:>6} {:>7} {:>7} {:<8} {:>7} {:>7}",
            fit(&l.label(), w),
            l.pcs.len(),
            n(c.executions),
            n(c.cost()),
            pct(c.cost(), total),
            n(c.issue_cycles),
            n(c.stall_cycles()),
            why(c),
            mem(c.hidden(), is_mem),
            mem(c.exposed(), is_mem),
        );
        out.push(if haz {
            format!("{row} {:>3}", l.findings)
        } else {
            row
        });
    }
    out
}

fn inst_table(p: &Profile, top: usize) -> Vec<String> {
    let total = p.totals.cost();
    let rows = p.top_insts(top);
    let mut out = vec![
        format!(
            "top {} of {} instructions by cost (issue + stall wave-cycles); hidden/exposed: memory latency; ! finding",
            rows.len(),
            p.insts.len()
        ),
        format!(
            "{:>8}  {:<34} {:>7} {:>7} {:>6} {:>7} {:<8} {:>7} {:>7}  {}",
            "pc", "instruction", "execs", "cost", "cost%", "stall", "stall on", "hidden", "exposed", "source"
        ),
    ];
    let mut notes = Vec::new();
    for i in &rows {
        let c = &i.counts;
        let mark = if i.findings.is_empty() { ' ' } else { '!' };
        let line = format!(
            "{:>8}{mark} {:<34} {:>7} {:>7} {:>6} {:>7} {:<8} {:>7} {:>7}  ",
            format!("0x{:x}", i.pc),
            fit(&i.text, 34),
            n(c.executions),
            n(c.cost()),
            pct(c.cost(), total),
            n(c.stall_cycles()),
            why(c),
            mem(c.hidden(), i.memory),
            mem(c.exposed(), i.memory),
        );
        let room = WIDTH.saturating_sub(line.chars().count());
        out.push(format!("{line}{}", fit(&source_of(i), room)));
        for f in &i.findings {
            notes.push(fit(&format!("  ! 0x{:x}: {f}", i.pc), WIDTH));
        }
    }
    out.extend(notes);
    out
}

/// The innermost `file:line` (the lines table has the inline chain).
fn source_of(i: &InstProfile) -> String {
    i.frames
        .first()
        .map(SourceFrame::short)
        .unwrap_or_else(|| "??".to_string())
}

fn frames_json(frames: &[SourceFrame]) -> Value {
    Value::Array(
        frames
            .iter()
            .map(|f| json!({"function": f.function, "file": f.file, "line": f.line, "column": f.column}))
            .collect(),
    )
}

fn counts_json(c: &Counts, total: u64) -> serde_json::Map<String, Value> {
    let stall: serde_json::Map<String, Value> = c
        .stalls()
        .iter()
        .map(|(k, v)| (k.to_string(), json!(v)))
        .collect();
    let v = json!({
        "executions": c.executions,
        "issue_cycles": c.issue_cycles,
        "stall_cycles": c.stall_cycles(),
        "cost": c.cost(),
        "cost_percent": 100.0 * c.cost() as f64 / total.max(1) as f64,
        "stall": stall,
        "latency": c.latency,
        "hidden": c.hidden(),
        "exposed": c.exposed(),
        "exposed_waitcnt": c.exposed_waitcnt,
        "exposed_counter_full": c.exposed_counter_full,
        "memory_system": mem_json(&c.mem),
    });
    match v {
        Value::Object(m) => m,
        _ => serde_json::Map::new(),
    }
}

/// The memory system's figures of an instruction, line or the whole run (module doc), `null` when none.
fn mem_json(m: &MemCounts) -> Value {
    if !m.any() {
        return Value::Null;
    }
    let hidden = m.hidden_by_level();
    let by_level: serde_json::Map<String, Value> = MemLevel::ALL
        .iter()
        .filter(|&&l| m.latency_by_level[l as usize] > 0)
        .map(|&l| {
            let k = l as usize;
            (
                l.as_str().to_string(),
                json!({"latency": m.latency_by_level[k], "hidden": hidden[k], "exposed": m.exposed_by_level[k]}),
            )
        })
        .collect();
    json!({
        "requests": m.requests,
        "loads": m.loads,
        "stores": m.stores,
        "atomics": m.atomics,
        "lines": m.lines,
        "lines_per_request": m.lines_per_request(),
        "l1_hits": m.l1_hits,
        "l2_hits": m.l2_hits,
        "mall_hits": m.mall_hits,
        "hbm_lines": m.hbm_lines,
        "l1_hit_rate": m.l1_hit_rate(),
        "l2_hit_rate": m.l2_hit_rate(),
        "l2_read_req": m.l2_read_req,
        "l2_write_req": m.l2_write_req,
        "l2_atomic_req": m.l2_atomic_req,
        "hbm_read_req": m.hbm_read_req,
        "hbm_write_req": m.hbm_write_req,
        "lds_accesses": m.lds_accesses,
        "lds_cycles": m.lds_cycles,
        "bank_conflict_cycles": m.lds_conflict_cycles,
        "bytes": m.bytes,
        "level": m.main_level().map(MemLevel::as_str),
        "by_level": by_level,
    })
}

fn inst_json(i: &InstProfile, total: u64) -> Value {
    let source = i
        .frames
        .first()
        .map(|f| format!("{}:{}:{}", f.file, f.line, f.column));
    let mut m = serde_json::Map::new();
    m.insert("pc".into(), json!(format!("0x{:x}", i.pc)));
    m.insert("text".into(), json!(i.text));
    m.insert("source".into(), json!(source));
    m.insert("chain".into(), frames_json(&i.frames));
    m.insert("memory".into(), json!(i.memory));
    m.insert("findings".into(), json!(i.findings));
    m.extend(counts_json(&i.counts, total));
    Value::Object(m)
}

fn line_json(l: &LineProfile, total: u64, text: Option<String>) -> Value {
    let mut m = serde_json::Map::new();
    m.insert("source".into(), json!(l.label()));
    m.insert("text".into(), json!(text.map(|t| t.trim().to_string())));
    m.insert("chain".into(), frames_json(&l.frames));
    m.insert(
        "pcs".into(),
        json!(l
            .pcs
            .iter()
            .map(|pc| format!("0x{pc:x}"))
            .collect::<Vec<_>>()),
    );
    m.insert("findings".into(), json!(l.findings));
    m.extend(counts_json(&l.counts, total));
    Value::Object(m)
}

/// The source text of a line (innermost location of its first instruction), when the file can be read (next to
/// the code object, or embedded in the DWARF).
fn line_text(
    src: Option<&(
        &wavescope::debug_info::DebugInfo,
        wavescope::debug_info::SourceCache,
    )>,
    l: &LineProfile,
) -> Option<String> {
    let (di, cache) = src?;
    di.source_line(cache, di.loc_id(*l.pcs.first()?))
}

fn to_json(session: &Session, r: &profile::ProfiledRun, fault: Option<&str>) -> Value {
    let p = &r.profile;
    let total = p.totals.cost();
    let dirs: Vec<PathBuf> = session
        .manifest
        .code_object
        .parent()
        .map(|d| d.to_path_buf())
        .into_iter()
        .collect();
    let src = session
        .debug_info
        .as_deref()
        .map(|di| (di, di.source_cache(dirs)));
    json!({
        "kernel": session.manifest.kernel,
        "timing_model": wavescope::observers::timing::MODEL_NAME,
        "waves": r.run.stats.waves,
        "wave_instructions": r.run.stats.wave_instructions,
        "cycles": r.run.timing.as_ref().map_or(0, |t| t.cycles),
        "fault": fault,
        "totals": Value::Object(counts_json(&p.totals, total)),
        "hazards": p.hazards,
        "missing_waits": p.missing_waits,
        "counters": r.run.timing.as_ref().and_then(|t| t.counters.as_ref()),
        "metrics": r.run.timing.as_ref().and_then(|t| t.metrics.as_ref()),
        "instructions": p.top_insts(0).into_iter().map(|i| inst_json(i, total)).collect::<Vec<_>>(),
        "lines": p.top_lines(0).into_iter().map(|l| line_json(l, total, line_text(src.as_ref(), l))).collect::<Vec<_>>(),
    })
}
