//! The domain writer on hand-made events; expected timestamps, durations and values worked by hand.

mod common;

use common::*;
use wavescope_traces::validate::{Arg as TraceArg, CounterValue, Slice};

/// A slice's arguments written as the Python dict the old SQL checks printed: `{'lanes': 64, 'source': './k.cl:7'}`.
fn py_args(s: &Slice) -> String {
    let mut parts: Vec<String> = s
        .args
        .iter()
        .map(|(k, v)| {
            let v = match v {
                TraceArg::Uint(u) | TraceArg::Pointer(u) => u.to_string(),
                TraceArg::Int(i) => i.to_string(),
                TraceArg::Double(d) => format!("{d:?}"),
                TraceArg::Bool(b) => if *b { "True" } else { "False" }.to_string(),
                TraceArg::Str(x) => format!("'{x}'"),
                TraceArg::Other => "None".to_string(),
            };
            format!("'{k}': {v}")
        })
        .collect();
    if let Some(src) = &s.source {
        parts.push(format!("'source': '{}:{}'", src.file, src.line));
    }
    format!("{{{}}}", parts.join(", "))
}

fn rows_at(rows: &[String], i: usize) -> String {
    rows[i].clone()
}
use wavescope_traces::{Arg, TraceConfig, TraceFile, TraceWriter, WaveCounter, WaveDesc};

fn desc(wave: u32, simd: u8) -> WaveDesc {
    WaveDesc {
        wave,
        work_group_flat: 0,
        work_group: [0, 0, 0],
        wave_in_group: wave,
        simd,
        cu: 0,
    }
}

#[test]
fn slices_stalls_flows_counters_and_instants() {
    let path = tmp("writer_events.pftrace");
    // 500 MHz: a cycle is 2 ns.
    let file = TraceFile::create(
        &path,
        TraceConfig {
            clock_hz: 500_000_000,
            wave_count: 4,
            ..TraceConfig::default()
        },
    )
    .unwrap();
    let mut w = file.writer();
    let load = w.name("global_load_dword");
    let wait = w.name("s_waitcnt");
    let stall = w.name("stall: vmcnt");
    let hazard = w.name("hazard H1");
    let l_load = w.location("./k.cl", 7, "0x100: global_load_dword v1, v[2:3], off");
    let l_wait = w.location("./k.cl", 8, "0x108: s_waitcnt vmcnt(0)");

    let t0 = w.wave_track(&desc(0, 0));
    let t1 = w.wave_track(&desc(1, 1));
    let f = w.new_flow();
    // wave 0: load [0,1) cycles, vmcnt 1; stall [1,5); wait [5,6) ends the flow, vmcnt 0; hazard at 6.
    w.begin(&t0, 0, load, Some(l_load), Some(64), &[f], &[]);
    w.counter(&t0, WaveCounter::Vmcnt, 0, 1);
    w.counter(&t0, WaveCounter::Vmcnt, 0, 1); // unchanged: not written again
    w.end_instruction(&t0, 1);
    w.stall(&t0, 1, 4, stall);
    w.instruction(&t0, 5, 1, wait, Some(l_wait), 32, &[], &[f]);
    w.counter(&t0, WaveCounter::Vmcnt, 5, 0);
    w.instant(
        &t0,
        6,
        hazard,
        &[("producer_pc", Arg::Str("0x100".into()))],
        &[],
    );
    // wave 1: an event at cycle 10, then one back at cycle 3 (written with an absolute timestamp).
    w.instruction(&t1, 10, 2, load, Some(l_load), 64, &[], &[]);
    w.instruction(&t1, 3, 1, wait, None, 64, &[], &[]);
    w.simd_busy(0, 0, 0, 1);
    w.simd_busy(0, 1, 0, 1);
    w.simd_busy(0, 0, 6, -1);
    w.simd_busy(0, 1, 12, -1);
    w.end_wave(t0);
    // wave 2 takes wave 0's sequence: its clock starts again at 0.
    let t2 = w.wave_track(&desc(2, 2));
    w.instruction(&t2, 0, 3, wait, Some(l_wait), 16, &[], &[]);
    w.end_wave(t2);
    w.end_wave(t1);
    let stats = file.finish([w]).unwrap();
    assert_eq!(stats.instructions, 5);
    assert_eq!(stats.bytes, std::fs::metadata(&path).unwrap().len());

    let tr = validate(&path);
    let mut slices: Vec<&Slice> = tr.slices.iter().collect();
    slices.sort_by_key(|s| (s.track, s.ts, s.id));
    let mut counters: Vec<&CounterValue> = tr.counters.iter().collect();
    counters.sort_by_key(|c| (c.track, c.ts));
    let args_of = |name: &str, ts: Option<i64>| {
        tr.slices
            .iter()
            .find(|s| s.name == name && ts.is_none_or(|t| s.ts == t))
            .map(py_args)
            .unwrap_or_default()
    };
    let wg = tr
        .tracks
        .values()
        .find(|t| t.name == "WG (0,0,0)")
        .map(|t| t.uuid);
    let rows: Vec<String> = vec![
        slices
            .iter()
            .map(|s| format!("{}:{}@{}+{}", tr.track_name(s.track), s.name, s.ts, s.dur))
            .collect::<Vec<_>>()
            .join(";"),
        counters
            .iter()
            .map(|c| format!("{}={:?}@{}", tr.track_name(c.track), c.value, c.ts))
            .collect::<Vec<_>>()
            .join(";"),
        tr.flows
            .iter()
            .map(|f| format!("{}->{}", tr.slices[f.from].name, tr.slices[f.to].name))
            .collect::<Vec<_>>()
            .join(";"),
        args_of("global_load_dword", Some(0)),
        args_of("hazard H1", None),
        tr.tracks
            .values()
            .filter(|t| t.name.starts_with("wave ") && wg.is_some() && t.parent == wg)
            .count()
            .to_string(),
        slices
            .iter()
            .filter(|s| s.arg("lanes").is_some())
            .map(|s| format!("{}@{}:{}", s.name, s.ts, py_args(s)))
            .collect::<Vec<_>>()
            .join(";"),
    ];
    let n0 = "wave 0 WG(0,0,0) SIMD 0";
    let n1 = "wave 1 WG(0,0,0) SIMD 1";
    let n2 = "wave 2 WG(0,0,0) SIMD 2";
    assert_eq!(
        rows_at(&rows, 0),
        [
            format!("{n0}:global_load_dword@0+2"),
            format!("{n0}:stall: vmcnt@2+8"),
            format!("{n0}:s_waitcnt@10+2"),
            format!("{n0}:hazard H1@12+0"),
            format!("{n1}:s_waitcnt@6+2"),
            format!("{n1}:global_load_dword@20+4"),
            format!("{n2}:s_waitcnt@0+6"),
        ]
        .join(";")
    );
    assert_eq!(
        rows_at(&rows, 1),
        [
            "wave 0 vmcnt=1.0@0",
            "wave 0 vmcnt=0.0@10",
            "wave 0 active lanes=32.0@10",
            "wave 1 active lanes=64.0@20",
            "wave 2 active lanes=16.0@0",
            "CU 0 SIMD 0 busy waves=1.0@0",
            "CU 0 SIMD 0 busy waves=0.0@12",
            "CU 0 SIMD 1 busy waves=1.0@0",
            "CU 0 SIMD 1 busy waves=0.0@24",
        ]
        .join(";")
    );
    assert_eq!(rows_at(&rows, 2), "global_load_dword->s_waitcnt");
    // A wave's first instruction carries its active lanes as an argument.
    assert_eq!(rows_at(&rows, 3), "{'lanes': 64, 'source': './k.cl:7'}");
    assert_eq!(rows_at(&rows, 4), "{'producer_pc': '0x100'}");
    assert_eq!(rows_at(&rows, 5), "3");
    // `lanes` only where it differs from the wave's previous `lanes` argument: wave 0 64 then 32, wave 1 64
    // once (at its first written instruction, cycle 10), wave 2 (a new wave on wave 0's sequence) 16.
    assert_eq!(
        rows_at(&rows, 6),
        [
            "global_load_dword@0:{'lanes': 64, 'source': './k.cl:7'}",
            "s_waitcnt@10:{'lanes': 32, 'source': './k.cl:8'}",
            "global_load_dword@20:{'lanes': 64, 'source': './k.cl:7'}",
            "s_waitcnt@0:{'lanes': 16, 'source': './k.cl:8'}",
        ]
        .join(";")
    );
}

#[test]
fn buffers_stream_to_the_file() {
    let path = tmp("writer_stream.pftrace");
    let file = TraceFile::create(
        &path,
        TraceConfig {
            flush_bytes: 4096,
            // buffered writes: each handed-over buffer reaches the file (direct I/O stages 4 MiB blocks:
            // `direct_writes_stream_in_blocks`)
            direct_io: false,
            ..TraceConfig::default()
        },
    )
    .unwrap();
    let mut w = file.writer();
    let n = w.name("s_nop");
    let t = w.wave_track(&desc(0, 0));
    for i in 0..10_000u64 {
        w.instruction(&t, i, 1, n, None, 64, &[], &[]);
    }
    // The writer holds less than one buffer; the rest reaches the file (from the I/O thread, so allow it a
    // moment).
    assert!(
        w.stats().bytes < 4096 + 64,
        "buffer {} bytes",
        w.stats().bytes
    );
    let t0 = std::time::Instant::now();
    let mut on_disk = 0;
    while t0.elapsed().as_secs() < 10 {
        on_disk = std::fs::metadata(&path).unwrap().len();
        // 10,000 instructions of at least 20 bytes each
        if on_disk > 200_000 - 4096 - 64 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(on_disk > 200_000 - 4096 - 64, "{on_disk} bytes in the file");
    w.end_wave(t);
    let stats = file.finish([w]).unwrap();
    assert_eq!(stats.instructions, 10_000);
    assert!(stats.bytes >= on_disk);
    assert_eq!(stats.bytes, std::fs::metadata(&path).unwrap().len());
}

/// With direct I/O (the default) the file grows in whole 4 MiB blocks while the run goes on (memory stays
/// bounded by one block), and the tail reaches it at `finish`: every byte the writer made, in order.
#[test]
fn direct_writes_stream_in_blocks() {
    let path = tmp("writer_direct.pftrace");
    let file = TraceFile::create(&path, TraceConfig::default()).unwrap();
    let mut w = file.writer();
    let n = w.name("s_nop");
    let t = w.wave_track(&desc(0, 0));
    // ~27 bytes per instruction: ~16 MB, three whole blocks and a tail
    for i in 0..600_000u64 {
        w.instruction(&t, i, 1, n, None, 64, &[], &[]);
    }
    w.flush();
    let t0 = std::time::Instant::now();
    let mut on_disk = 0;
    while t0.elapsed().as_secs() < 10 {
        on_disk = std::fs::metadata(&path).unwrap().len();
        if on_disk >= 8 << 20 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(on_disk >= 8 << 20, "{on_disk} bytes in the file");
    w.end_wave(t);
    let stats = file.finish([w]).unwrap();
    assert_eq!(stats.instructions, 600_000);
    assert!(stats.bytes > on_disk && !stats.bytes.is_multiple_of(4096));
    assert_eq!(stats.bytes, std::fs::metadata(&path).unwrap().len());
    // the same bytes as buffered writes give
    let buffered = tmp("writer_buffered.pftrace");
    let file = TraceFile::create(
        &buffered,
        TraceConfig {
            direct_io: false,
            ..TraceConfig::default()
        },
    )
    .unwrap();
    let mut w = file.writer();
    let n = w.name("s_nop");
    let t = w.wave_track(&desc(0, 0));
    for i in 0..600_000u64 {
        w.instruction(&t, i, 1, n, None, 64, &[], &[]);
    }
    w.end_wave(t);
    file.finish([w]).unwrap();
    assert!(std::fs::read(&path).unwrap() == std::fs::read(&buffered).unwrap());
}

/// One writer's consecutive work-groups (one host thread: `wavescope run --jobs 1`) with direct I/O: the
/// writer hands over whole aligned buffers only (the next work-group's chunk goes on in the buffer of the last
/// one, the bytes past a full buffer begin the next), so the I/O thread writes all but the file's tail straight
/// from them, without copying them into its staging block; the bytes are those of buffered writes.
#[test]
fn one_writer_direct_writes_need_no_copy() {
    let write = |path: &std::path::Path, direct_io: bool| {
        let file = TraceFile::create(
            path,
            TraceConfig {
                flush_bytes: 64 << 10,
                direct_io,
                ..TraceConfig::default()
            },
        )
        .unwrap();
        let mut w = file.writer();
        let n = w.name("s_nop");
        // 64 work-groups of 2 waves, ~27 bytes per instruction: ~7 MB, chunk ends anywhere in a buffer
        for g in 0..64u32 {
            w.work_group(g);
            for k in 0..2u32 {
                let t = w.wave_track(&WaveDesc {
                    wave: 2 * g + k,
                    work_group_flat: g,
                    work_group: [g, 0, 0],
                    wave_in_group: k,
                    simd: k as u8,
                    cu: g % 4,
                });
                for i in 0..(2000 + 7 * g as u64) {
                    w.instruction(&t, i, 1, n, None, 64, &[], &[]);
                }
                w.end_wave(t);
            }
        }
        file.finish([w]).unwrap()
    };
    let direct = tmp("writer_direct_unstaged.pftrace");
    let stats = write(&direct, true);
    assert!(stats.bytes > 4 << 20, "{} bytes", stats.bytes);
    // everything but the last buffer's tail (less than a block) went without a copy
    assert!(
        stats.unstaged_bytes + 4096 > stats.bytes,
        "{} of {} bytes written without a copy",
        stats.unstaged_bytes,
        stats.bytes
    );
    let buffered = tmp("writer_buffered_unstaged.pftrace");
    let b = write(&buffered, false);
    assert_eq!(b.unstaged_bytes, 0);
    assert!(std::fs::read(&direct).unwrap() == std::fs::read(&buffered).unwrap());
}

#[test]
fn unfinished_writer_is_an_error() {
    let path = tmp("writer_unfinished.pftrace");
    let file = TraceFile::create(&path, TraceConfig::default()).unwrap();
    let a = file.writer();
    let _b = file.writer();
    assert!(file.finish([a]).is_err());
    let w = TraceWriter::create(&tmp("writer_single.pftrace"), 1_000_000_000).unwrap();
    assert!(w.finish().is_ok());
}
