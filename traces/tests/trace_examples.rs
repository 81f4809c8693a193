//! Traces of real example runs, validated by `wavescope_traces::validate` and checked through its tables against
//! what the executor ran (a counting observer beside the tracer), the dispatch geometry (case.json) and the
//! llvm tools' listings (kernel.objdump.txt, kernel.lines.txt).

mod common;

use common::*;
use perfetto_protos::trace_packet::TracePacket;
use protobuf::Message;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::Path;
use wavescope::engine::{run_observed, RunStats};
use wavescope::exec::Program;
use wavescope::launch::RunOptions;
use wavescope::pipeline::{Plan, RunConfig};
use wavescope::session::Session;
use wavescope_traces::validate::{Arg, CounterValue, Slice, Trace, TrackKind};
use wavescope_traces::writer::Layout;
use wavescope_traces::{
    finish, CycleClock, CycleSink, IssueOrderClock, TraceConfig, TraceFile, TraceFilter,
    TraceObserver, TraceOptions, TraceProgram, TraceStats,
};

struct Traced {
    stats: RunStats,
    trace: TraceStats,
    count: Count,
    findings: Option<wavescope::observers::hazards::Findings>,
}

fn trace(
    session: &Session,
    path: &Path,
    opts: &RunOptions,
    topts: &TraceOptions,
    hazards: bool,
) -> Traced {
    trace_layout(session, path, opts, topts, hazards, Layout::Standard)
}

fn trace_layout(
    session: &Session,
    path: &Path,
    opts: &RunOptions,
    topts: &TraceOptions,
    hazards: bool,
    layout: Layout,
) -> Traced {
    let d = &session.dispatch;
    let prog = TraceProgram::new(&d.program, session.debug_info.as_deref());
    // the pipeline with the hazard checker alone (no cycle model: the clock counts issue order)
    let plan = Plan::new(
        d,
        &RunConfig {
            hazards,
            ..RunConfig::plain(opts.clone())
        },
    );
    let file = TraceFile::create(
        path,
        TraceConfig {
            wave_count: d.wave_count(),
            layout,
            ..TraceConfig::default()
        },
    )
    .expect("create trace");
    let run = plan.run_with(
        CycleSink::default,
        |i| {
            (
                Count::default(),
                TraceObserver::new(&prog, &d.program, topts, file.writer(), CycleClock::of(i)),
            )
        },
        |(c, t)| {
            let p = t.finish();
            (p.clock.into_instruments(), (c, p.writer))
        },
    );
    let (stats, fault, findings) = (run.stats, run.fault, run.hazards);
    assert!(fault.is_none(), "run faulted: {fault:?}");
    let mut count = Count::default();
    let mut writers = Vec::new();
    for (c, w) in run.extra {
        for (k, v) in c.per_wave {
            *count.per_wave.entry(k).or_default() += v;
        }
        for (k, v) in c.per_wave_pc {
            *count.per_wave_pc.entry(k).or_default() += v;
        }
        count.mem += c.mem;
        writers.push(w);
    }
    let trace = file.finish(writers).expect("finish trace");
    Traced {
        stats,
        trace,
        count,
        findings,
    }
}

fn load(name: &str) -> Session {
    Session::load(&example(name), &RunOptions::default()).expect("load example")
}

/// Expected wave track names from the dispatch geometry: waves of a work-group are consecutive, work-groups
/// in x, y, z order, SIMD round-robin inside the group.
fn wave_names(grid: [u32; 3], block: [u32; 3]) -> Vec<String> {
    let wgs: Vec<u32> = (0..3).map(|d| grid[d].div_ceil(block[d])).collect();
    let per_group = (block[0] * block[1] * block[2]).div_ceil(64);
    let mut v = Vec::new();
    for flat in 0..wgs[0] * wgs[1] * wgs[2] {
        let (x, y, z) = (
            flat % wgs[0],
            flat / wgs[0] % wgs[1],
            flat / (wgs[0] * wgs[1]),
        );
        for w in 0..per_group {
            v.push(format!(
                "wave {} WG({x},{y},{z}) SIMD {}",
                flat * per_group + w,
                w % 4
            ));
        }
    }
    v
}

/// What `gemm_64_every_instruction_is_a_slice` asks of a trace of the whole gemm 64 dispatch, one value each.
fn gemm64_facts(t: &Trace) -> Vec<String> {
    let name = |u: u64| t.track_name(u);
    let parent = |u: u64| t.tracks.get(&u).and_then(|x| x.parent);
    let waves = wave_tracks(t);
    let counters_on = |f: &dyn Fn(&str) -> bool| -> Vec<f64> {
        t.counters
            .iter()
            .filter(|c| f(name(c.track)))
            .map(|c| c.value)
            .collect()
    };
    let max = |v: &[f64]| format!("{:?}", v.iter().cloned().fold(f64::MIN, f64::max));
    let min = |v: &[f64]| format!("{:?}", v.iter().cloned().fold(f64::MAX, f64::min));
    let mut per_track: BTreeMap<u64, u64> = BTreeMap::new();
    for s in timed(t) {
        *per_track.entry(s.track).or_default() += 1;
    }
    let lanes = counters_on(&|n: &str| n.ends_with(" active lanes"));
    let busy: Vec<&CounterValue> = t
        .counters
        .iter()
        .filter(|c| {
            name(c.track).starts_with("CU 0 SIMD ") && name(c.track).ends_with(" busy waves")
        })
        .collect();
    let busy_tracks: BTreeSet<u64> = busy.iter().map(|c| c.track).collect();
    let busy_values: Vec<f64> = busy.iter().map(|c| c.value).collect();
    let slice = |i: usize| &t.slices[i];
    let flow_ins: BTreeSet<usize> = t.flows.iter().map(|f| f.to).collect();
    let first_load = t
        .slices
        .iter()
        .filter(|s| name(s.track).starts_with("wave 0 ") && s.name == "global_load_dword")
        .min_by_key(|s| s.ts)
        .map(|s| {
            format!(
                "args {:?} source {:?}",
                s.args,
                s.source.as_ref().map(|x| (&x.file, x.line))
            )
        })
        .unwrap_or_default();
    let is_64 = |a: &Arg| matches!(a, Arg::Uint(64) | Arg::Int(64));
    let counter_tracks = |suffix: &str| {
        t.tracks
            .values()
            .filter(|x| {
                x.kind == TrackKind::Counter
                    && x.name.starts_with("wave ")
                    && x.name.ends_with(suffix)
            })
            .count()
            .to_string()
    };
    vec![
        timed(t).count().to_string(),
        t.slices.iter().filter(|s| s.dur == 0).count().to_string(),
        waves.iter().map(|&u| name(u)).collect::<Vec<_>>().join(";"),
        per_track
            .values()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(","),
        waves
            .iter()
            .filter(|&&w| {
                parent(w).is_some_and(|g| {
                    name(g).starts_with("WG (") && parent(g).is_some_and(|c| name(c) == "CU 0")
                })
            })
            .count()
            .to_string(),
        counter_tracks(" vmcnt"),
        counter_tracks(" lgkmcnt"),
        max(&counters_on(&|n: &str| n.ends_with(" vmcnt"))),
        max(&counters_on(&|n: &str| n.ends_with(" lgkmcnt"))),
        format!("{},{}", min(&lanes), max(&lanes)),
        format!("{},{}", busy_tracks.len(), max(&busy_values)),
        t.flows.len().to_string(),
        t.flows
            .iter()
            .filter(|f| !["s_waitcnt", "s_endpgm"].contains(&slice(f.to).name.as_str()))
            .count()
            .to_string(),
        t.flows
            .iter()
            .filter(|f| {
                let n = &slice(f.from).name;
                !n.starts_with("global_") && !n.starts_with("s_load_")
            })
            .count()
            .to_string(),
        first_load,
        timed(t)
            .filter(|s| s.name != "s_waitcnt" && s.name != "s_endpgm" && flow_ins.contains(&s.id))
            .count()
            .to_string(),
        t.slices
            .iter()
            .filter(|s| s.arg("lanes").is_some_and(is_64))
            .count()
            .to_string(),
        t.slices
            .iter()
            .filter(|s| s.arg("lanes").is_some())
            .count()
            .to_string(),
    ]
}

#[test]
fn gemm_64_every_instruction_is_a_slice() {
    let s = load("polybench_gemm_64");
    let path = tmp("gemm64.pftrace");
    let t = trace(
        &s,
        &path,
        &RunOptions::default(),
        &TraceOptions::default(),
        false,
    );
    let waves = s.dispatch.wave_count();
    assert_eq!(waves, 64, "case.json: grid 64x64, block 32x8");
    let bytes = std::fs::metadata(&path).unwrap().len();
    assert_eq!(bytes, t.trace.bytes);
    eprintln!(
        "gemm 64: {} wave-instructions, {} bytes = {:.1} bytes/wave-instruction",
        t.stats.wave_instructions,
        bytes,
        bytes as f64 / t.stats.wave_instructions as f64
    );
    let per_wave: Vec<String> = (0..waves as u32)
        .map(|w| t.count.per_wave[&w].to_string())
        .collect();
    let trace = validate(&path);
    let rows = gemm64_facts(&trace);
    let summary = wavescope_traces::validate::check_file(&path).expect("valid trace");
    assert_eq!(summary.slices, t.stats.wave_instructions);
    assert_eq!(summary.instants, 0);
    assert_eq!(summary.flows, t.count.mem);
    assert_eq!(
        rows[0],
        t.stats.wave_instructions.to_string(),
        "one slice per wave-instruction"
    );
    assert_eq!(rows[1], "0", "no instants without hazards");
    assert_eq!(
        rows[2],
        wave_names(s.dispatch.grid, s.dispatch.block).join(";")
    );
    assert_eq!(
        rows[3],
        per_wave.join(","),
        "each wave's slices are its instructions"
    );
    assert_eq!(rows[4], waves.to_string(), "wave -> WG -> CU");
    assert_eq!(rows[5], waves.to_string());
    assert_eq!(rows[6], waves.to_string());
    // kernel.objdump.txt loop: global_store_dword of the last iteration, then global_load_dword v7 and v3
    // are outstanding at s_waitcnt vmcnt(1) @0x17f8: 3.
    assert_eq!(rows[7], "3.0");
    // s_load_dword @0x1700 + s_load_dwordx4 @0x1708 before s_waitcnt lgkmcnt(0) @0x1720: 2.
    assert_eq!(rows[8], "2.0");
    // 64x64 grid in 32x8 blocks: every lane of every wave is in range.
    assert_eq!(rows[9], "64.0,64.0");
    // 4 waves per group round-robin over 4 SIMDs; with the issue-order clock every wave starts at 0.
    assert_eq!(rows[10], format!("4,{}.0", waves / 4));
    assert_eq!(
        rows[11],
        t.count.mem.to_string(),
        "a flow per memory instruction"
    );
    assert_eq!(rows[12], "0", "flows end at s_waitcnt or s_endpgm");
    assert_eq!(rows[13], "0", "flows start at memory instructions");
    // kernel.lines.txt: 0x1780 (the first global_load_dword) is kernel.cl line 28 (llvm's ./kernel.cl, normalized).
    assert_eq!(rows[14], "args [] source Some((\"kernel.cl\", 28))");
    assert_eq!(rows[15], "0");
    // Every lane active throughout: only each wave's first instruction carries `lanes` (64).
    assert_eq!(rows[16], waves.to_string());
    assert_eq!(rows[17], waves.to_string());
    assert_eq!(t.trace.instructions, t.stats.wave_instructions);

    // The interned source location of 0x1780 carries the PC and llvm-objdump's text.
    let text = objdump_text(
        &example("polybench_gemm_64").join("kernel.objdump.txt"),
        0x1780,
    );
    assert_eq!(text, "global_load_dword v4, v[0:1], off");
    let want = format!("0x1780: {text}");
    let found = packets(&path).iter().any(|p| {
        p.interned_data.source_locations.iter().any(|l| {
            l.function_name() == want && l.file_name() == "kernel.cl" && l.line_number() == 28
        })
    });
    assert!(
        found,
        "no interned source location `{want}` at kernel.cl:28"
    );
}

/// Everything a trace holds, in an order that does not depend on packet order: slices (instants too) with
/// their arguments, counter values, and flows by the time and track of their ends.
type Fingerprint = (Vec<String>, Vec<(u64, i64, u64)>, Vec<(i64, u64, i64, u64)>);

fn fingerprint(t: &Trace) -> Fingerprint {
    let mut slices: Vec<String> = t
        .slices
        .iter()
        .map(|s| {
            format!(
                "{} {} {} {} {} {:?} {:?}",
                s.track, s.ts, s.dur, s.depth, s.name, s.args, s.source
            )
        })
        .collect();
    slices.sort();
    let mut counters: Vec<(u64, i64, u64)> = t
        .counters
        .iter()
        .map(|c| (c.track, c.ts, c.value.to_bits()))
        .collect();
    counters.sort();
    let mut flows: Vec<(i64, u64, i64, u64)> = t
        .flows
        .iter()
        .map(|f| {
            let (a, b) = (&t.slices[f.from], &t.slices[f.to]);
            (a.ts, a.track, b.ts, b.track)
        })
        .collect();
    flows.sort();
    (slices, counters, flows)
}

/// The compact layout written back in the standard layout, applying what trace_processor does with it
/// (track_event.proto, trace_packet_defaults.proto): a `TrackEvent` without `track_uuid` is on
/// `TrackEventDefaults.track_uuid`; `extra_counter_values[i]` is a counter value, at the event's timestamp, for
/// `extra_counter_track_uuids[i]` of the defaults; `flow_ids_old`/`terminating_flow_ids_old` are flow ids like
/// `flow_ids`/`terminating_flow_ids`. Counter values equal to their track's previous value are dropped (the same
/// step function; the standard layout writes changes only).
fn expand_compact(src: &Path, dst: &Path) {
    use perfetto_protos::track_event::{track_event::Type, TrackEvent};
    use std::collections::HashMap;
    let mut defaults: HashMap<u32, (Option<u64>, Vec<u64>)> = HashMap::new();
    let mut last: HashMap<u64, i64> = HashMap::new();
    let mut out = Vec::new();
    let put = |out: &mut Vec<u8>, p: &TracePacket| {
        let b = p.write_to_bytes().unwrap();
        out.push(0x0A);
        let mut n = b.len();
        while n >= 0x80 {
            out.push(n as u8 | 0x80);
            n >>= 7;
        }
        out.push(n as u8);
        out.extend_from_slice(&b);
    };
    for mut p in packets(src) {
        let seq = p.trusted_packet_sequence_id();
        if let Some(d) = p.trace_packet_defaults.as_ref() {
            if let Some(t) = d.track_event_defaults.as_ref() {
                defaults.insert(seq, (t.track_uuid, t.extra_counter_track_uuids.clone()));
            }
        }
        if !p.has_track_event() {
            put(&mut out, &p);
            continue;
        }
        let (track, extra) = defaults.get(&seq).cloned().unwrap_or_default();
        let e = p.mut_track_event();
        if !e.has_track_uuid() {
            if let Some(t) = track {
                e.set_track_uuid(t);
            }
        }
        let old = std::mem::take(&mut e.flow_ids_old);
        e.flow_ids.extend(old);
        let old = std::mem::take(&mut e.terminating_flow_ids_old);
        e.terminating_flow_ids.extend(old);
        let values = std::mem::take(&mut e.extra_counter_values);
        put(&mut out, &p);
        for (i, v) in values.into_iter().enumerate() {
            let uuid = extra[i];
            if last.insert(uuid, v) == Some(v) {
                continue;
            }
            let mut c = TracePacket::new();
            c.set_trusted_packet_sequence_id(seq);
            if p.has_timestamp_clock_id() {
                c.set_timestamp(p.timestamp());
                c.set_timestamp_clock_id(p.timestamp_clock_id());
            } else {
                c.set_timestamp(0); // a delta on the sequence's incremental clock: the event's time
            }
            let mut e = TrackEvent::new();
            e.set_type(Type::TYPE_COUNTER);
            e.set_track_uuid(uuid);
            e.set_counter_value(v);
            c.set_track_event(e);
            put(&mut out, &c);
        }
    }
    std::fs::write(dst, out).unwrap();
}

#[test]
fn compact_layout_holds_the_same_trace() {
    let s = load("polybench_gemm_64");
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    let topts = TraceOptions::default();
    let full = tmp("gemm64_standard_layout.pftrace");
    let compact = tmp("gemm64_compact.pftrace");
    let expanded = tmp("gemm64_compact_expanded.pftrace");
    let a = trace_layout(&s, &full, &opts, &topts, false, Layout::Standard);
    let b = trace_layout(&s, &compact, &opts, &topts, false, Layout::Compact);
    assert_eq!(a.trace.instructions, b.trace.instructions);
    assert_eq!(a.trace.counter_values, b.trace.counter_values);
    // The compact layout's instruction packets name no track and carry no counter packets of their own.
    let ps = packets(&compact);
    let events: Vec<_> = ps
        .iter()
        .filter(|p| p.has_track_event() && p.track_event().has_name_iid())
        .collect();
    assert!(events.iter().all(|p| !p.track_event().has_track_uuid()));
    assert!(events
        .iter()
        .any(|p| !p.track_event().extra_counter_values.is_empty()));
    assert!(!ps.iter().any(|p| p.has_track_event()
        && p.track_event().has_counter_value()
        && p.track_event().track_uuid() <= s.dispatch.wave_count() * 4));
    expand_compact(&compact, &expanded);
    let want = validate(&full);
    let got = validate(&expanded);
    assert_eq!(gemm64_facts(&got), gemm64_facts(&want));
    let (ws, wc, wf) = fingerprint(&want);
    let (gs, gc, gf) = fingerprint(&got);
    assert_eq!(gs, ws, "slices");
    assert_eq!(gc, wc, "counters");
    assert_eq!(gf, wf, "flows");
    // The checker applies the sequence defaults itself: the compact file as written holds the same slices and
    // flows (its counters repeat unchanged values, which the expansion drops).
    let direct = validate(&compact);
    let (ds, _, df) = fingerprint(&direct);
    assert_eq!(ds, ws, "compact slices");
    assert_eq!(df, wf, "compact flows");
    let (fa, fb) = (a.trace.bytes as f64, b.trace.bytes as f64);
    let n = a.stats.wave_instructions as f64;
    eprintln!(
        "gemm 64: standard layout {:.1} bytes/wave-instruction, compact {:.1}",
        fa / n,
        fb / n
    );
    assert!(fb < fa * 0.8, "compact {fb} bytes, standard layout {fa}");
}

fn packets(path: &Path) -> Vec<TracePacket> {
    let buf = std::fs::read(path).unwrap();
    let mut out = Vec::new();
    let mut i = 0;
    while i < buf.len() {
        assert_eq!(buf[i], 0x0A);
        i += 1;
        let (mut len, mut shift) = (0usize, 0);
        loop {
            let b = buf[i];
            i += 1;
            len |= ((b & 0x7F) as usize) << shift;
            shift += 7;
            if b < 0x80 {
                break;
            }
        }
        out.push(TracePacket::parse_from_bytes(&buf[i..i + len]).unwrap());
        i += len;
    }
    out
}

#[test]
fn gemm_64_filters_keep_flows_whole() {
    let s = load("polybench_gemm_64");
    // kernel.objdump.txt: the k loop is 0x17c8 (v_ashrrev_i32 before the loads) .. 0x1810 (s_cbranch_scc1);
    // s_endpgm is 0x1814.
    let topts = TraceOptions {
        filter: TraceFilter {
            waves: Some(TraceFilter::parse_waves("1-2").unwrap()),
            pcs: Some(TraceFilter::parse_pcs("0x17c8-0x1814").unwrap()),
            cycles: None,
        },
        ..TraceOptions::default()
    };
    let path = tmp("gemm64_filtered.pftrace");
    let t = trace(&s, &path, &RunOptions::default(), &topts, false);
    let in_loop: u64 = t
        .count
        .per_wave_pc
        .iter()
        .filter(|((w, pc), _)| (1..=2).contains(w) && (0x17c8..0x1814).contains(pc))
        .map(|(_, n)| n)
        .sum();
    let tr = validate(&path);
    let rows: Vec<String> = [
        timed(&tr).count(),
        wave_tracks(&tr).len(),
        tr.slices.iter().filter(|s| s.name == "s_endpgm").count(),
        tr.flows.len(),
    ]
    .iter()
    .map(|n| n.to_string())
    .collect();
    // The last iteration's global_store_dword is still outstanding at s_endpgm, which joins the trace.
    assert_eq!(rows_at(&rows, 0), (in_loop + 2).to_string());
    assert_eq!(rows_at(&rows, 1), "2");
    assert_eq!(rows_at(&rows, 2), "2");
    // 3 memory instructions per iteration (kernel.objdump.txt 0x17cc, 0x17dc, 0x1808).
    let iterations = t.count.per_wave_pc[&(1, 0x17cc)] + t.count.per_wave_pc[&(2, 0x17cc)];
    assert_eq!(rows_at(&rows, 3), (3 * iterations).to_string());

    // A cycle window: with the issue-order clock, cycle n is each wave's instruction n.
    let topts = TraceOptions {
        filter: TraceFilter {
            cycles: Some(TraceFilter::parse_cycles("100-200").unwrap()),
            ..TraceFilter::default()
        },
        ..TraceOptions::default()
    };
    let path = tmp("gemm64_window.pftrace");
    let t = trace(&s, &path, &RunOptions::default(), &topts, false);
    let waves = s.dispatch.wave_count();
    assert!(t.count.per_wave.values().all(|&n| n >= 200));
    let tr = validate(&path);
    let rows: Vec<String> = [
        timed(&tr).filter(|s| (100..200).contains(&s.ts)).count() as i64,
        tr.slices.iter().map(|s| s.ts).min().unwrap(),
        timed(&tr)
            .filter(|s| s.ts >= 200 && s.name != "s_waitcnt" && s.name != "s_endpgm")
            .count() as i64,
    ]
    .iter()
    .map(|n| n.to_string())
    .collect();
    assert_eq!(rows_at(&rows, 0), (100 * waves).to_string());
    assert_eq!(rows_at(&rows, 1), "100");
    assert_eq!(
        rows_at(&rows, 2),
        "0",
        "after the window only waits that end flows"
    );
}

#[test]
fn gemm_64_two_jobs_trace_the_same_slices() {
    let s = load("polybench_gemm_64");
    let path = tmp("gemm64_jobs2.pftrace");
    let opts = RunOptions {
        jobs: 2,
        ..RunOptions::default()
    };
    let t = trace(&s, &path, &opts, &TraceOptions::default(), false);
    let per_wave: Vec<String> = (0..s.dispatch.wave_count() as u32)
        .map(|w| t.count.per_wave[&w].to_string())
        .collect();
    let tr = validate(&path);
    let mut per_track: BTreeMap<u64, u64> = BTreeMap::new();
    for s in timed(&tr) {
        *per_track.entry(s.track).or_default() += 1;
    }
    let rows = vec![
        timed(&tr).count().to_string(),
        per_track
            .values()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(","),
        tr.flows.len().to_string(),
    ];
    assert_eq!(rows_at(&rows, 0), t.stats.wave_instructions.to_string());
    assert_eq!(rows_at(&rows, 1), per_wave.join(","));
    assert_eq!(rows_at(&rows, 2), t.count.mem.to_string());
}

#[test]
fn missing_wait_is_an_instant_on_its_wave() {
    // mfma_bf16_16x16 (kernel.objdump.txt): s_load_dwordx8 s[4:11] @0x1700 ... s_waitcnt lgkmcnt(0) @0x173c;
    // global_load_dwordx4 v[18:21], v5, s[4:5] @0x1740 reads s[4:5]. The wait replaced by s_nop 0 (0xBF800000).
    let mut s = load("mfma_bf16_16x16");
    let p = &s.dispatch.program;
    let off = (0x173c - p.base) as usize;
    let mut text = p.text.clone();
    assert_eq!(&text[off..off + 4], &0xBF8C_C07Fu32.to_le_bytes());
    text[off..off + 4].copy_from_slice(&0xBF80_0000u32.to_le_bytes());
    let base = p.base;
    s.dispatch.program = Program::new(&text, base);
    let path = tmp("mfma_missing_wait.pftrace");
    let t = trace(
        &s,
        &path,
        &RunOptions::default(),
        &TraceOptions::default(),
        true,
    );
    let f = t.findings.expect("findings");
    // The checker's own facts (tests/hazards_corpus.rs checks them against the listing): the first use of
    // s[4:5] at 0x1740, and every later use of s[4:11] before any wait.
    let first = f
        .missing_waits
        .iter()
        .find(|m| m.load_pc == "0x1700" && m.use_pc == "0x1740")
        .expect("missing wait 0x1700 -> 0x1740");
    let all: u64 = f.missing_waits.iter().map(|m| m.waves).sum();
    let tr = validate(&path);
    let marks: Vec<&Slice> = tr
        .slices
        .iter()
        .filter(|s| s.name == "missing wait (lgkmcnt)" && s.instant)
        .collect();
    let at = |s: &Slice| {
        let text = format!("{:?}", s.args);
        text.find("0x1700")
            .is_some_and(|i| text[i..].contains("0x1740"))
    };
    let rows = vec![
        marks.iter().filter(|s| at(s)).count().to_string(),
        marks.len().to_string(),
        timed(&tr).count().to_string(),
    ];
    assert_eq!(rows_at(&rows, 0), first.waves.to_string());
    assert_eq!(rows_at(&rows, 1), all.to_string());
    assert_eq!(rows_at(&rows, 2), t.stats.wave_instructions.to_string());
}

/// With the cycle model as clock: still a slice per wave-instruction, and the stall slices add up to the
/// model's own totals (`TimingReport`, merged from the same observers).
fn cycle_traced(name: &str) -> (u64, wavescope::observers::timing::TimingReport, Vec<String>) {
    use std::sync::Arc;
    use wavescope::observers::timing::{CycleModel, TimingObserver, TimingTable};
    let s = load(name);
    let d = &s.dispatch;
    let prog = TraceProgram::new(&d.program, s.debug_info.as_deref());
    let table = Arc::new(TimingTable::new(
        &d.program,
        CycleModel::default(),
        d.lds_bytes,
    ));
    let topts = TraceOptions::default();
    let path = tmp(&format!("{name}_cycles.pftrace"));
    let file = TraceFile::create(
        &path,
        TraceConfig {
            wave_count: d.wave_count(),
            ..TraceConfig::default()
        },
    )
    .unwrap();
    let (stats, fault, obs) = run_observed(d, &RunOptions::default(), || {
        TraceObserver::new(
            &prog,
            &d.program,
            &topts,
            file.writer(),
            CycleClock::new(table.clone()),
        )
    });
    assert!(fault.is_none());
    let (_, clocks) = finish(file, obs).unwrap();
    let timing = TimingObserver::merge(
        clocks
            .into_iter()
            .filter_map(CycleClock::into_timing)
            .collect(),
    );
    let tr = validate(&path);
    (stats.wave_instructions, timing, cycle_facts(&tr))
}

/// Instruction slices, stall totals by reason, stalls directly followed by another stall, and each work-group
/// track with its CU.
fn cycle_facts(tr: &Trace) -> Vec<String> {
    let dur_of = |names: &[&str]| -> i64 {
        tr.slices
            .iter()
            .filter(|s| names.contains(&s.name.as_str()))
            .map(|s| s.dur)
            .sum()
    };
    let stall = |s: &Slice| s.name.starts_with("stall: ");
    let starts: HashSet<(u64, i64)> = tr
        .slices
        .iter()
        .filter(|s| stall(s))
        .map(|s| (s.track, s.ts))
        .collect();
    let stall_then_stall = tr
        .slices
        .iter()
        .filter(|s| {
            stall(s) && s.name != "stall: barrier" && starts.contains(&(s.track, s.ts + s.dur))
        })
        .count();
    let groups: Vec<String> = tr
        .tracks
        .values()
        .filter(|g| g.name.starts_with("WG ("))
        .filter_map(|g| g.parent.map(|c| format!("{}:{}", tr.track_name(c), g.name)))
        .collect();
    vec![
        timed(tr).filter(|s| !stall(s)).count().to_string(),
        dur_of(&["stall: vmcnt", "stall: lgkmcnt", "stall: vmcnt+lgkmcnt"]).to_string(),
        dur_of(&["stall: barrier"]).to_string(),
        dur_of(&["stall: MFMA busy"]).to_string(),
        stall_then_stall.to_string(),
        groups.join(";"),
    ]
}

#[test]
fn cycle_model_clock_stalls_match_the_model() {
    let (insts, timing, rows) = cycle_traced("polybench_gemm_64");
    assert_eq!(rows_at(&rows, 0), insts.to_string());
    assert!(timing.waitcnt_stall_cycles > 0, "gemm waits for its loads");
    assert_eq!(rows_at(&rows, 1), timing.waitcnt_stall_cycles.to_string());
    assert_eq!(rows_at(&rows, 2), timing.barrier_cycles.to_string());
    assert_eq!(rows_at(&rows, 3), timing.mfma_busy_cycles.to_string());
    assert_eq!(
        rows_at(&rows, 4),
        "0",
        "an instruction stall is followed by its instruction"
    );
    // The model (cdna4.toml: 256 CUs) gives the 16 work-groups (64x64 grid in 32x8 blocks) CUs in flat order:
    // work-group (x,y) is flat x + 2y, on CU x + 2y.
    let want: Vec<String> = (0..16)
        .map(|f| format!("CU {f}:WG ({},{},0)", f % 2, f / 2))
        .collect();
    assert_eq!(rows_at(&rows, 5), want.join(";"));
    // An LDS kernel with s_barrier, and an MFMA kernel (its MFMAs are spaced by waits: no MFMA-busy stalls).
    for name in ["rodinia_backprop", "labnotes_mfma_f16_32x32x8"] {
        let (insts, timing, rows) = cycle_traced(name);
        assert_eq!(rows_at(&rows, 0), insts.to_string(), "{name}");
        if name == "rodinia_backprop" {
            assert!(
                timing.barrier_cycles > 0,
                "{name}: the model has barrier stalls to compare"
            );
        }
        assert_eq!(
            rows_at(&rows, 1),
            timing.waitcnt_stall_cycles.to_string(),
            "{name}"
        );
        assert_eq!(
            rows_at(&rows, 2),
            timing.barrier_cycles.to_string(),
            "{name}"
        );
        assert_eq!(
            rows_at(&rows, 3),
            timing.mfma_busy_cycles.to_string(),
            "{name}"
        );
    }
}

/// Active lanes (EXEC's population before the instruction) of every executed instruction, per wave, in order.
#[derive(Default)]
struct Lanes(std::collections::HashMap<u32, Vec<u32>>);

impl wavescope::exec::observe::Observer for Lanes {
    fn before(&mut self, wave: &wavescope::exec::Wave, _idx: usize, _inst: &wavescope::isa::Inst) {
        self.0
            .entry(wave.id.wave)
            .or_default()
            .push(wave.exec().count_ones());
    }
}

#[test]
fn lanes_argument_where_the_active_lanes_change() {
    // rodinia_bfs: 1000 threads in blocks of 256 (a partial last wave) and branches under saveexec.
    let s = load("rodinia_bfs");
    let d = &s.dispatch;
    let prog = TraceProgram::new(&d.program, s.debug_info.as_deref());
    let topts = TraceOptions::default();
    let path = tmp("bfs_lanes.pftrace");
    let file = TraceFile::create(
        &path,
        TraceConfig {
            wave_count: d.wave_count(),
            ..TraceConfig::default()
        },
    )
    .unwrap();
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    let (_, fault, obs) = run_observed(d, &opts, || {
        (
            Lanes::default(),
            TraceObserver::new(&prog, &d.program, &topts, file.writer(), IssueOrderClock),
        )
    });
    assert!(fault.is_none());
    let mut lanes = Lanes::default();
    let mut tracers = Vec::new();
    for (l, t) in obs {
        lanes.0.extend(l.0);
        tracers.push(t);
    }
    finish(file, tracers).unwrap();
    // Where the executor's active lanes differ from the wave's previous instruction (and at its first).
    let mut want = Vec::new();
    let mut waves: Vec<_> = lanes.0.iter().collect();
    waves.sort();
    for (w, seq) in waves {
        for (n, &l) in seq.iter().enumerate() {
            if n == 0 || seq[n - 1] != l {
                want.push(format!("{w}#{n}={l}"));
            }
        }
    }
    let tr = validate(&path);
    // Each wave track's instruction slices in time order; `W#N=L` where the `lanes` argument is.
    let mut got: Vec<(u32, usize, String)> = Vec::new();
    for uuid in wave_tracks(&tr) {
        let name = tr.track_name(uuid);
        let w: u32 = name[5..].split(' ').next().unwrap().parse().unwrap();
        let mut slices: Vec<&Slice> = timed(&tr).filter(|s| s.track == uuid).collect();
        slices.sort_by_key(|s| s.ts);
        for (n, s) in slices.iter().enumerate() {
            if let Some(l) = s.arg("lanes") {
                let l = match l {
                    Arg::Uint(v) => *v as i64,
                    Arg::Int(v) => *v,
                    other => panic!("lanes {other:?}"),
                };
                got.push((w, n, format!("{w}#{n}={l}")));
            }
        }
    }
    got.sort();
    let got: Vec<String> = got.into_iter().map(|(_, _, x)| x).collect();
    assert!(
        want.len() > lanes.0.len(),
        "bfs changes its active lanes inside a wave"
    );
    assert_eq!(got, want);
}

/// A copy of examples/polybench_gemm_64 whose C buffer lacks its last row: a wave of the last row of
/// work-groups faults on `c *= beta`'s load of C (as in tests/faults.rs of the core).
fn short_c_case(dir: &Path) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let ex = example("polybench_gemm_64");
    let c = std::fs::read(ex.join("in_c.bin")).unwrap();
    std::fs::write(dir.join("in_c_short.bin"), &c[..(4096 - 64) * 4]).unwrap();
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ex.join("case.json")).unwrap()).unwrap();
    m["code_object"] = ex.join("kernel.hsaco").to_string_lossy().into();
    for (i, name) in ["in_a.bin", "in_b.bin"].iter().enumerate() {
        m["args"][i]["file"] = ex.join(name).to_string_lossy().into();
    }
    m["args"][2]["file"] = "in_c_short.bin".into();
    m["args"][2]["count"] = (4096 - 64).into();
    // expected files are exactly `count` elements: keep the first 4032 of gemm's expected C
    let expected = std::fs::read(ex.join("expected_c.bin")).unwrap();
    std::fs::write(
        dir.join("expected_c_short.bin"),
        &expected[..(4096 - 64) * 4],
    )
    .unwrap();
    m["outputs"][0]["file"] = "expected_c_short.bin".into();
    m["outputs"][0]["count"] = (4096 - 64).into();
    let p = dir.join("case.json");
    std::fs::write(&p, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    p
}

#[test]
fn stopped_runs_give_whole_traces() {
    // A memory fault: the faulting instruction (counted by the executor) has its slice; flows still open end
    // at `wave stopped`.
    let case = short_c_case(&tmp("short_c"));
    let s = Session::load(&case, &RunOptions::default()).unwrap();
    let d = &s.dispatch;
    let prog = TraceProgram::new(&d.program, s.debug_info.as_deref());
    let topts = TraceOptions::default();
    let path = tmp("gemm64_fault.pftrace");
    let file = TraceFile::create(&path, TraceConfig::default()).unwrap();
    let (stats, fault, obs) = run_observed(d, &RunOptions::default(), || {
        TraceObserver::new(&prog, &d.program, &topts, file.writer(), IssueOrderClock)
    });
    let f = fault.expect("the short buffer faults");
    finish(file, obs).unwrap();
    let tr = validate(&path);
    let prefix = format!("wave {} ", f.wave.wave);
    let last = timed(&tr)
        .filter(|s| tr.track_name(s.track).starts_with(&prefix))
        .max_by_key(|s| (s.ts, s.id))
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let rows = vec![timed(&tr).count().to_string(), last];
    assert_eq!(rows_at(&rows, 0), stats.wave_instructions.to_string());
    let listing = example("polybench_gemm_64").join("kernel.objdump.txt");
    let text = objdump_text(&listing, f.pc);
    assert_eq!(
        rows_at(&rows, 1),
        text.split_whitespace().next().unwrap(),
        "the faulting instruction ends its wave"
    );

    // The instruction limit stops wave 0 inside the k loop, with loads outstanding.
    let s = load("polybench_gemm_64");
    let opts = RunOptions {
        max_instructions: 100,
        ..RunOptions::default()
    };
    let path = tmp("gemm64_limit.pftrace");
    let t = trace_allow_fault(&s, &path, &opts);
    let tr = validate(&path);
    let rows: Vec<String> = [
        timed(&tr).count(),
        tr.slices
            .iter()
            .filter(|s| s.name == "wave stopped")
            .count(),
        tr.flows
            .iter()
            .filter(|f| tr.slices[f.to].name == "wave stopped")
            .count(),
    ]
    .iter()
    .map(|n| n.to_string())
    .collect();
    assert_eq!(t, 100);
    assert_eq!(rows_at(&rows, 0), "100");
    assert_eq!(rows_at(&rows, 1), "1");
    assert_ne!(rows_at(&rows, 2), "0");
}

fn trace_allow_fault(s: &Session, path: &Path, opts: &RunOptions) -> u64 {
    let d = &s.dispatch;
    let prog = TraceProgram::new(&d.program, s.debug_info.as_deref());
    let topts = TraceOptions::default();
    let file = TraceFile::create(path, TraceConfig::default()).unwrap();
    let (stats, fault, obs) = run_observed(d, opts, || {
        TraceObserver::new(&prog, &d.program, &topts, file.writer(), IssueOrderClock)
    });
    assert!(fault.is_some());
    finish(file, obs).unwrap();
    stats.wave_instructions
}

#[test]
fn run_traced_keeps_the_run_report_facts() {
    let s = load("polybench_gemm_64");
    let config = RunConfig::default();
    let path = tmp("gemm64_run_traced.pftrace");
    let traced = wavescope_traces::run_traced(
        &s,
        &config,
        &path,
        TraceConfig::default(),
        &TraceOptions::default(),
    )
    .unwrap();
    let r = &traced.run;
    let timing = r.timing.as_ref().expect("cycle model on by default");
    // The same dispatch untraced (Session::run: cycle model and hazard checker on).
    let s2 = load("polybench_gemm_64");
    let o = s2.run(&config);
    assert!(r.fault.is_none());
    assert_eq!(r.stats.wave_instructions, o.stats.wave_instructions);
    // the trace's clock is the run's cycle model (the memory-system counters are the run report's, not the trace's)
    assert_eq!(
        (
            timing.cycles,
            timing.waitcnt_stall_cycles,
            timing.barrier_cycles,
            timing.counter_full_cycles,
            timing.mfma_busy_cycles,
            timing.work_groups,
        ),
        (
            o.timing.cycles,
            o.timing.waitcnt_stall_cycles,
            o.timing.barrier_cycles,
            o.timing.counter_full_cycles,
            o.timing.mfma_busy_cycles,
            o.timing.work_groups,
        ),
        "the trace's clock is the run's cycle model"
    );
    assert_eq!(timing.waitcnt_stalls, o.timing.waitcnt_stalls);
    assert!(timing.cycles > 0);
    let f = r.hazards.as_ref().expect("hazards are checked by default");
    assert!(f.is_empty());
    assert_eq!(traced.trace.instructions, r.stats.wave_instructions);
    let rows = cycle_facts(&validate(&path));
    assert_eq!(rows_at(&rows, 0), r.stats.wave_instructions.to_string());
    assert_eq!(rows_at(&rows, 1), o.timing.waitcnt_stall_cycles.to_string());
}

/// One fact of a list, by index.
fn rows_at(rows: &[String], i: usize) -> String {
    rows[i].clone()
}

/// `wavescope run --trace`'s recipe (cycle-model clock, hazard checker) with `jobs` host threads.
/// The trace file's bytes, and how many of them waited in the spill file.
fn traced_bytes(s: &Session, jobs: usize, config: TraceConfig, tag: &str) -> (Vec<u8>, u64) {
    use wavescope::observers::timing::CycleModel;
    let d = &s.dispatch;
    let path = tmp(&format!("determinism_{tag}_{jobs}.pftrace"));
    // fixed latencies (no memory system) and the hazard checker
    let run = RunConfig {
        cycle_model: Some(CycleModel {
            memory_system: None,
            ..CycleModel::default()
        }),
        hazards: true,
        ..RunConfig::plain(RunOptions {
            jobs,
            ..RunOptions::default()
        })
    };
    let r = wavescope_traces::run_traced(s, &run, &path, config, &TraceOptions::default()).unwrap();
    assert!(r.run.fault.is_none());
    let bytes = std::fs::read(&path).unwrap();
    if tag == "plain" && jobs == 2 {
        // the chunked file is still a valid trace with every wave's track
        let tr = validate(&path);
        let waves = tr
            .tracks
            .values()
            .filter(|t| t.name.starts_with("wave ") && t.name.contains(" SIMD "))
            .count();
        assert_eq!(waves as u64, d.wave_count());
    }
    (bytes, r.trace.spilled_bytes)
}

/// The trace is the same bytes whatever the number of host threads and however they were scheduled: each
/// work-group's packets are one chunk, chunks in work-group order (writer.rs, "work-group order"). gemm 64 has
/// 16 work-groups of 4 waves; small flush buffers make writers hold and hand over several buffers per chunk.
/// With `hold_bytes` 0 every waiting chunk goes through the spill file.
#[test]
fn trace_bytes_do_not_depend_on_jobs() {
    let s = load("polybench_gemm_64");
    assert!(s.dispatch.work_group_count() >= 16);
    for (tag, config) in [
        (
            "plain",
            TraceConfig {
                flush_bytes: 4096,
                ..TraceConfig::default()
            },
        ),
        (
            "compressed",
            TraceConfig {
                flush_bytes: 4096,
                compress: true,
                ..TraceConfig::default()
            },
        ),
        ("compact", {
            TraceConfig {
                layout: Layout::Compact,
                ..TraceConfig::default()
            }
        }),
        (
            "spilled",
            TraceConfig {
                flush_bytes: 4096,
                hold_bytes: 0,
                ..TraceConfig::default()
            },
        ),
        (
            "spilled_compressed",
            TraceConfig {
                flush_bytes: 4096,
                hold_bytes: 0,
                compress: true,
                ..TraceConfig::default()
            },
        ),
    ] {
        let (one_thread, spilled) = traced_bytes(&s, 1, config.clone(), tag);
        assert!(one_thread.len() > 10_000, "{tag}");
        // one writer: its chunk always has its turn
        assert_eq!(spilled, 0, "{tag}");
        let mut spilled_total = 0;
        for (k, jobs) in [2, 2, 4, 2, 3].into_iter().enumerate() {
            let (other, spilled) = traced_bytes(&s, jobs, config.clone(), tag);
            spilled_total += spilled;
            if config.hold_bytes > 0 {
                // 64 MiB: far more than gemm 64's whole trace
                assert_eq!(spilled, 0, "{tag}");
            }
            assert!(
                other == one_thread,
                "{tag}: --jobs {jobs} (run {k}) wrote {} bytes, --jobs 1 {}; first difference at byte {:?}",
                other.len(),
                one_thread.len(),
                other.iter().zip(&one_thread).position(|(a, b)| a != b)
            );
        }
        if config.hold_bytes == 0 {
            // the spill file was used (4 KiB buffers of 4-wave chunks: a writer ahead of the others waits)
            assert!(
                spilled_total > 0,
                "{tag}: nothing went through the spill file"
            );
        }
    }
}

/// A case of the race fixtures (tests/fixtures/races: races.hip built for gfx950; tests/races.rs checks their
/// findings against the llvm-objdump listing and the source).
fn races_case(name: &str) -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/races")
        .join(format!("case_{name}.json"))
}

/// The run report as JSON without the host's wall-clock figures (they differ run to run).
fn report_facts(r: &wavescope::report::RunReport) -> serde_json::Value {
    let mut v = serde_json::to_value(r).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("wall_seconds");
    o.remove("wave_instructions_per_second");
    v
}

/// One configuration, three drivers of the run pipeline: the plain run (`Session::run`, `wavescope run`), the
/// traced run (`run_traced`, `wavescope run --trace`) and the profiled run (`profile::run_profiled`, `wavescope
/// profile`) give the same run report (timing with its memory counters, hazards, missing waits, races), for
/// examples with LDS, barriers, MFMA, atomics, races (LDS, and global with `--races`) and a missing wait.
#[test]
fn run_traced_and_profiled_report_the_same() {
    use wavescope::observers::races::RaceOptions;
    let global = RunConfig {
        races: Some(RaceOptions::new(true, true)),
        ..RunConfig::default()
    };
    let cases = [
        (example("polybench_gemm_64"), RunConfig::default()),
        (example("heteromark_hist"), RunConfig::default()),
        (example("mfma_bf16_16x16"), RunConfig::default()),
        (races_case("hist_plain"), RunConfig::default()),
        (races_case("wg_plain"), global.clone()),
        (races_case("reduce_nobarrier"), global),
    ];
    let mut races = 0;
    for (k, (m, config)) in cases.iter().enumerate() {
        let load = || Session::load(m, &config.options).unwrap();
        let s = load();
        let plain = s.run(config);
        assert!(plain.fault.is_none(), "{}", m.display());
        let s = load();
        let path = tmp(&format!("same_report_{k}.pftrace"));
        let traced = wavescope_traces::run_traced(
            &s,
            config,
            &path,
            TraceConfig::default(),
            &TraceOptions::default(),
        )
        .unwrap();
        let traced = s.outcome_of(config, traced.run);
        let s = load();
        let profiled = wavescope_traces::profile::run_profiled(&s, config);
        assert_eq!(
            profiled.profile.totals.executions,
            plain.stats.wave_instructions,
            "{}: the profile counts every wave-instruction",
            m.display()
        );
        let profiled = s.outcome_of(config, profiled.run);
        let want = report_facts(&plain.report);
        assert_eq!(
            report_facts(&traced.report),
            want,
            "{}: traced",
            m.display()
        );
        assert_eq!(
            report_facts(&profiled.report),
            want,
            "{}: profiled",
            m.display()
        );
        assert!(plain.report.cycles > 0);
        races += plain.report.races.len();
    }
    assert!(races > 0, "the racy cases have race findings");
}

/// Issue 18: `wavescope run --trace` runs the race checker as `wavescope run` does; each race finding is an
/// instant `race {kind} {access}` on the wave track of its second access, naming both instructions, and the
/// traced run's race findings are the untraced run's.
#[test]
fn race_findings_are_trace_instants() {
    use wavescope::observers::races::RaceOptions;
    for (case, global) in [
        ("hist_plain", false),
        ("wg_plain", true),
        ("reduce_nobarrier", false),
    ] {
        let config = RunConfig {
            races: Some(RaceOptions::new(true, global)),
            ..RunConfig::default()
        };
        let m = races_case(case);
        let untraced = Session::load(&m, &config.options).unwrap().run(&config);
        let want = &untraced.report.races;
        assert!(!want.is_empty(), "{case} is racy");
        let s = Session::load(&m, &config.options).unwrap();
        let path = tmp(&format!("races_{case}.pftrace"));
        let r = wavescope_traces::run_traced(
            &s,
            &config,
            &path,
            TraceConfig::default(),
            &TraceOptions::default(),
        )
        .unwrap();
        let traced = s.outcome_of(&config, r.run);
        assert_eq!(&traced.report.races, want, "{case}");
        let tr = validate(&path);
        let marks: Vec<(&Slice, String)> = tr
            .slices
            .iter()
            .filter(|s| s.instant && s.name.starts_with("race "))
            .map(|s| (s, format!("{:?}", s.args)))
            .collect();
        let named = |f: &wavescope::observers::races::RaceFinding, name: &str, args: &str| {
            name == format!("race {} {}", f.kind, f.access).trim_end()
                && args.contains(&format!("{}: ", f.first_pc))
                && args.contains(&format!("{}: ", f.second_pc))
        };
        // every finding is marked, and every mark is a finding, on a wave's track
        for f in want {
            assert!(
                marks.iter().any(|(s, a)| named(f, &s.name, a)),
                "{case}: no instant for {}",
                f.message
            );
        }
        for (s, a) in &marks {
            assert!(
                want.iter().any(|f| named(f, &s.name, a)),
                "{case}: instant {} {a} is no finding",
                s.name
            );
            assert!(tr.track_name(s.track).starts_with("wave "), "{case}");
        }
    }
}

/// `wavescope run --trace`'s instruments (cycle model with its memory system, hazard and race checkers) with
/// the observer's builder inline (`TraceObserver::new`) or on its own thread (`TraceObserver::threaded`, what
/// `run_traced` uses), the file written with or without `O_DIRECT`: the bytes, the wave-instructions run and
/// whether the run faulted.
fn observed_bytes(
    s: &Session,
    opts: &RunOptions,
    threaded: bool,
    direct_io: bool,
    tag: &str,
) -> (Vec<u8>, u64, bool) {
    use std::sync::Arc;
    let d = &s.dispatch;
    let prog = Arc::new(TraceProgram::new(&d.program, s.debug_info.as_deref()));
    let topts = Arc::new(TraceOptions::default());
    let path = tmp(&format!("builder_{tag}_{threaded}_{direct_io}.pftrace"));
    let file = TraceFile::create(
        &path,
        TraceConfig {
            wave_count: d.wave_count(),
            direct_io,
            // several buffers, so the I/O thread stages and writes several direct blocks and a tail
            flush_bytes: 64 << 10,
            ..TraceConfig::default()
        },
    )
    .unwrap();
    let plan = Plan::new(d, &RunConfig::full(opts.clone()));
    let (run, writers) = plan
        .run_with_fault(
            CycleSink::default,
            |i| {
                let clock = CycleClock::of(i);
                if threaded {
                    TraceObserver::threaded(
                        prog.clone(),
                        &d.program,
                        topts.clone(),
                        file.writer(),
                        clock,
                    )
                } else {
                    TraceObserver::new(&prog, &d.program, &topts, file.writer(), clock)
                }
            },
            |o, fault| {
                let p = o.finish_after(fault);
                (p.clock.into_instruments(), p.writer)
            },
        )
        .split();
    let stats = file.finish(writers).unwrap();
    assert_eq!(stats.instructions, run.stats.wave_instructions, "{tag}");
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes.len() as u64, stats.bytes, "{tag}");
    if threaded && direct_io {
        // a valid trace, one slice per wave-instruction (besides the stall slices)
        assert_eq!(
            timed(&validate(&path))
                .filter(|s| !s.name.starts_with("stall: "))
                .count() as u64,
            run.stats.wave_instructions,
            "{tag}"
        );
    }
    (bytes, run.stats.wave_instructions, run.fault.is_some())
}

/// The builder on its own thread writes the bytes the inline one writes, and direct I/O the bytes buffered
/// writes give: for a whole run (stalls, memory-system arguments, flows), a run that faults (the faulting
/// instruction's slice, `wave stopped`) and one the instruction limit stops.
#[test]
fn threaded_builder_and_direct_io_write_the_inline_bytes() {
    let short = Session::load(
        &short_c_case(&tmp("short_c_threaded")),
        &RunOptions::default(),
    )
    .unwrap();
    let gemm = load("polybench_gemm_64");
    let limit = RunOptions {
        max_instructions: 100,
        ..RunOptions::default()
    };
    let cases = [
        ("whole", &gemm, RunOptions::default(), false),
        ("fault", &short, RunOptions::default(), true),
        ("limit", &gemm, limit, true),
    ];
    for (tag, s, opts, faults) in cases {
        let (inline, n, fault) = observed_bytes(s, &opts, false, false, tag);
        assert_eq!(fault, faults, "{tag}");
        assert!(n > 0 && inline.len() > 1000, "{tag}");
        for (threaded, direct) in [(true, false), (false, true), (true, true)] {
            let (other, m, _) = observed_bytes(s, &opts, threaded, direct, tag);
            assert_eq!(m, n, "{tag}");
            assert!(
                other == inline,
                "{tag}: threaded {threaded} direct {direct}: {} bytes, inline buffered {}; first difference at {:?}",
                other.len(),
                inline.len(),
                other.iter().zip(&inline).position(|(a, b)| a != b)
            );
        }
    }
}

/// A clock that hands over the cycle model's figures through `Clock::issue` only (the trait's default
/// `issue_with`), the general path beside `CycleClock::issue_with`'s, which lends them in place.
struct ByIssue<'t>(CycleClock<'t>);

impl wavescope_traces::Clock for ByIssue<'_> {
    fn timing_model(&self) -> &'static str {
        self.0.timing_model()
    }
    fn wave_start(&mut self, wave: &wavescope::exec::Wave) -> u64 {
        self.0.wave_start(wave)
    }
    fn before(&mut self, wave: &wavescope::exec::Wave, idx: usize, inst: &wavescope::isa::Inst) {
        self.0.before(wave, idx, inst)
    }
    fn issue(
        &mut self,
        wave: &wavescope::exec::Wave,
        idx: usize,
        inst: &wavescope::isa::Inst,
        pc: u64,
        flow: wavescope::exec::Flow,
    ) -> wavescope_traces::Issue {
        self.0.issue(wave, idx, inst, pc, flow)
    }
    fn barrier_release(&mut self, wg: u32, stalls: &mut Vec<(u32, wavescope_traces::Stall)>) {
        self.0.barrier_release(wg, stalls)
    }
    fn wave_end(&mut self, wave: &wavescope::exec::Wave) {
        self.0.wave_end(wave)
    }
    fn wants_lane_addrs(&self) -> bool {
        self.0.wants_lane_addrs()
    }
    fn line_bytes(&self) -> u64 {
        self.0.line_bytes()
    }
    fn compute_units(&self) -> Option<u32> {
        self.0.compute_units()
    }
    fn hazard_events(&self) -> &[wavescope::observers::hazards::HazardEvent] {
        self.0.hazard_events()
    }
    fn race_events(&self) -> &[wavescope::observers::races::RaceEvent] {
        self.0.race_events()
    }
    fn race_deadlock(
        &self,
        fault: &wavescope::launch::RunFault,
    ) -> Option<wavescope::observers::races::RawFinding> {
        self.0.race_deadlock(fault)
    }
}

/// `observed_bytes` (inline builder, buffered) with the cycle model's figures taken through `Clock::issue`.
fn observed_bytes_by_issue(s: &Session, threaded: bool, tag: &str) -> Vec<u8> {
    use std::sync::Arc;
    let d = &s.dispatch;
    let prog = Arc::new(TraceProgram::new(&d.program, s.debug_info.as_deref()));
    let topts = Arc::new(TraceOptions::default());
    let path = tmp(&format!("by_issue_{tag}_{threaded}.pftrace"));
    let file = TraceFile::create(
        &path,
        TraceConfig {
            wave_count: d.wave_count(),
            direct_io: false,
            flush_bytes: 64 << 10,
            ..TraceConfig::default()
        },
    )
    .unwrap();
    let plan = Plan::new(d, &RunConfig::full(RunOptions::default()));
    let (run, writers) = plan
        .run_with_fault(
            CycleSink::default,
            |i| {
                let clock = ByIssue(CycleClock::of(i));
                if threaded {
                    TraceObserver::threaded(
                        prog.clone(),
                        &d.program,
                        topts.clone(),
                        file.writer(),
                        clock,
                    )
                } else {
                    TraceObserver::new(&prog, &d.program, &topts, file.writer(), clock)
                }
            },
            |o, fault| {
                let p = o.finish_after(fault);
                (p.clock.0.into_instruments(), p.writer)
            },
        )
        .split();
    let stats = file.finish(writers).unwrap();
    assert_eq!(stats.instructions, run.stats.wave_instructions, "{tag}");
    std::fs::read(&path).unwrap()
}

/// The cycle model's figures lent in place (`CycleClock::issue_with`, what the observer uses) give the bytes
/// they give copied out through `Clock::issue`: instruction times and durations, stalls (waitcnt, barrier)
/// and the memory system's arguments (gemm: global loads; backprop: LDS and `s_barrier`).
#[test]
fn cycle_clock_lends_what_issue_gives() {
    for name in ["polybench_gemm_64", "rodinia_backprop"] {
        let s = load(name);
        for threaded in [false, true] {
            let (lent, n, _) = observed_bytes(
                &s,
                &RunOptions::default(),
                threaded,
                false,
                &format!("lend_{name}"),
            );
            let copied = observed_bytes_by_issue(&s, threaded, name);
            assert!(n > 0 && lent.len() > 1000, "{name}");
            assert!(
                lent == copied,
                "{name} threaded {threaded}: {} bytes lent, {} through issue; first difference at {:?}",
                lent.len(),
                copied.len(),
                lent.iter().zip(&copied).position(|(a, b)| a != b)
            );
        }
    }
}
