//! The trace checker against hand-made traces: a small valid trace (built with Perfetto's schema,
//! `perfetto_protos`, and counted by hand) passes with the counts it holds; each way of breaking one rule of
//! trace_processor's import fails with that problem and no other.

use flate2::write::ZlibEncoder;
use perfetto_protos::clock_snapshot::{clock_snapshot::Clock, ClockSnapshot};
use perfetto_protos::counter_descriptor::CounterDescriptor;
use perfetto_protos::interned_data::InternedData;
use perfetto_protos::trace_packet::TracePacket;
use perfetto_protos::track_descriptor::TrackDescriptor;
use perfetto_protos::track_event::{track_event::Type, EventName, TrackEvent};
use protobuf::Message;
use std::io::Write;
use wavescope_traces::validate::{check_bytes, read_bytes, ProblemKind, Summary};

const SEQ: u32 = 1;
const SLICE_TRACK: u64 = 10;
const COUNTER_TRACK: u64 = 11;

fn track(uuid: u64, parent: Option<u64>, name: &str, counter: bool) -> TracePacket {
    let mut t = TrackDescriptor::new();
    t.set_uuid(uuid);
    if let Some(p) = parent {
        t.set_parent_uuid(p);
    }
    t.set_name(name.to_string());
    if counter {
        t.counter = Some(CounterDescriptor::new()).into();
    }
    let mut p = TracePacket::new();
    p.set_trusted_packet_sequence_id(SEQ);
    p.set_track_descriptor(t);
    p
}

fn event(ts: u64, ty: Type, track: u64, f: impl FnOnce(&mut TrackEvent)) -> TracePacket {
    let mut e = TrackEvent::new();
    e.set_type(ty);
    e.set_track_uuid(track);
    f(&mut e);
    let mut p = TracePacket::new();
    p.set_trusted_packet_sequence_id(SEQ);
    p.set_timestamp(ts);
    p.set_track_event(e);
    p
}

/// A valid trace: a slice track with one counter track under it; slice `load` (interned name) 100..110 starting
/// flow 7, counter 5 at 120, instant `wait` at 130 ending flow 7.
fn valid() -> Vec<TracePacket> {
    let mut first = track(SLICE_TRACK, None, "wave 0", false);
    first.sequence_flags = Some(1); // SEQ_INCREMENTAL_STATE_CLEARED
    let mut names = InternedData::new();
    let mut n = EventName::new();
    n.set_iid(1);
    n.set_name("load".into());
    names.event_names.push(n);
    let mut interned = TracePacket::new();
    interned.set_trusted_packet_sequence_id(SEQ);
    interned.sequence_flags = Some(2); // SEQ_NEEDS_INCREMENTAL_STATE
    interned.interned_data = Some(names).into();
    vec![
        first,
        track(COUNTER_TRACK, Some(SLICE_TRACK), "wave 0 vmcnt", true),
        interned,
        event(100, Type::TYPE_SLICE_BEGIN, SLICE_TRACK, |e| {
            e.set_name_iid(1);
            e.flow_ids.push(7);
        }),
        event(110, Type::TYPE_SLICE_END, SLICE_TRACK, |_| {}),
        event(120, Type::TYPE_COUNTER, COUNTER_TRACK, |e| {
            e.set_counter_value(5)
        }),
        event(130, Type::TYPE_INSTANT, SLICE_TRACK, |e| {
            e.set_name("wait".into());
            e.terminating_flow_ids.push(7);
        }),
    ]
}

fn encode(packets: &[TracePacket]) -> Vec<u8> {
    let mut out = Vec::new();
    for p in packets {
        let b = p.write_to_bytes().unwrap();
        out.push(0x0A);
        let mut n = b.len();
        while n >= 0x80 {
            out.push(n as u8 | 0x80);
            n >>= 7;
        }
        out.push(n as u8);
        out.extend_from_slice(&b);
    }
    out
}

/// The problem kinds found (the check must fail).
fn kinds(packets: &[TracePacket]) -> Vec<ProblemKind> {
    let problems = check_bytes(&encode(packets)).expect_err("the broken trace passed");
    let mut k: Vec<ProblemKind> = problems.iter().map(|p| p.kind).collect();
    k.dedup();
    k
}

#[test]
fn valid_trace_passes_with_its_counts() {
    let s = check_bytes(&encode(&valid())).unwrap_or_else(|p| panic!("{p:#?}"));
    assert_eq!(s.packets, 7);
    assert_eq!(s.top_level_packets, 7);
    assert_eq!((s.tracks, s.counter_tracks), (2, 1));
    assert_eq!((s.slices, s.instants), (1, 1));
    assert_eq!((s.counter_values, s.flows), (1, 1));
    assert_eq!(s.slices_by_name["load"], 1);
    assert_eq!(s.instants_by_name["wait"], 1);
    assert_eq!(s.slices_by_track[&SLICE_TRACK], 1);
    let t = read_bytes(&encode(&valid())).unwrap();
    assert_eq!(t.slices[0].dur, 10);
    assert_eq!(t.slices[0].name, "load");
    assert_eq!((t.slices[1].ts, t.slices[1].dur), (130, 0));
    assert_eq!((t.flows[0].from, t.flows[0].to), (0, 1));
    assert_eq!(t.counters[0].value, 5.0);
    assert_eq!(t.track_name(COUNTER_TRACK), "wave 0 vmcnt");
}

#[test]
fn undefined_interned_name_fails() {
    let mut p = valid();
    p[3].mut_track_event().set_name_iid(2);
    assert_eq!(kinds(&p), [ProblemKind::UndefinedInternedId]);
    // An id used before the packet that defines it.
    let mut p = valid();
    p.swap(2, 3);
    assert_eq!(kinds(&p), [ProblemKind::UndefinedInternedId]);
}

#[test]
fn undescribed_track_fails() {
    let mut p = valid();
    p.push(event(140, Type::TYPE_INSTANT, 99, |e| {
        e.set_name("x".into())
    }));
    assert_eq!(kinds(&p), [ProblemKind::UndescribedTrack]);
    // A parent that is not described.
    let mut p = valid();
    p.push(track(12, Some(98), "orphan", false));
    assert_eq!(kinds(&p), [ProblemKind::UnknownParentTrack]);
}

#[test]
fn end_without_begin_fails() {
    let mut p = valid();
    p.push(event(140, Type::TYPE_SLICE_END, SLICE_TRACK, |_| {}));
    assert_eq!(kinds(&p), [ProblemKind::SliceEndWithoutBegin]);
    // and a begin never ended
    let mut p = valid();
    p.remove(4);
    assert_eq!(kinds(&p), [ProblemKind::UnterminatedSlice]);
}

#[test]
fn counter_on_a_slice_track_fails() {
    let mut p = valid();
    p[5].mut_track_event().set_track_uuid(SLICE_TRACK);
    assert_eq!(kinds(&p), [ProblemKind::CounterOnNonCounterTrack]);
    let mut p = valid();
    p[6].mut_track_event().set_track_uuid(COUNTER_TRACK);
    assert_eq!(kinds(&p), [ProblemKind::SliceOnCounterTrack]);
}

#[test]
fn missing_sequence_cleared_flag_fails() {
    let mut p = valid();
    p[0].sequence_flags = None;
    assert!(kinds(&p).contains(&ProblemKind::StateNotCleared));
    // No sequence id at all on an event.
    let mut p = valid();
    p[5].optional_trusted_packet_sequence_id = None;
    assert_eq!(kinds(&p), [ProblemKind::NoSequenceId]);
}

#[test]
fn flows_must_end_and_time_must_not_go_back() {
    let mut p = valid();
    p[6].mut_track_event().terminating_flow_ids.clear();
    assert_eq!(kinds(&p), [ProblemKind::FlowNeverTerminated]);
    let mut p = valid();
    p[6].mut_track_event().terminating_flow_ids[0] = 8;
    assert_eq!(
        kinds(&p),
        [
            ProblemKind::FlowWithoutSource,
            ProblemKind::FlowNeverTerminated
        ]
    );
    // An end before its own begin.
    let mut p = valid();
    p[4].set_timestamp(95);
    assert!(kinds(&p).contains(&ProblemKind::TimestampBackwards));
    // Out of file order on a track but inside no open slice: trace_processor sorts it, so it is valid.
    let mut p = valid();
    p[6].set_timestamp(105);
    check_bytes(&encode(&p)).unwrap_or_else(|e| panic!("{e:#?}"));
}

#[test]
fn sequence_clock_needs_a_snapshot() {
    // Timestamps as deltas on sequence clock 64: without the snapshot the events cannot be placed.
    let mut p = valid();
    for q in p.iter_mut().skip(3) {
        q.set_timestamp_clock_id(64);
    }
    assert!(kinds(&p).contains(&ProblemKind::UnknownClock));
    // With a snapshot (64 = 0 at BOOTTIME 1000, incremental), the deltas 100, 10, 10, 10 land at 1100.. 1130.
    let mut snap = ClockSnapshot::new();
    for (id, ts, inc) in [(6u32, 1000u64, false), (64, 0, true)] {
        let mut c = Clock::new();
        c.set_clock_id(id);
        c.set_timestamp(ts);
        c.set_is_incremental(inc);
        snap.clocks.push(c);
    }
    let mut s = TracePacket::new();
    s.set_trusted_packet_sequence_id(SEQ);
    s.set_clock_snapshot(snap);
    p.insert(1, s);
    for (q, d) in p.iter_mut().skip(4).zip([100, 10, 10, 10]) {
        q.set_timestamp(d);
    }
    let t = read_bytes(&encode(&p)).unwrap_or_else(|e| panic!("{e:#?}"));
    assert_eq!((t.slices[0].ts, t.slices[0].dur), (1100, 10));
    assert_eq!(t.counters[0].ts, 1120);
    assert_eq!(t.slices[1].ts, 1130);
}

fn container(packets: &[TracePacket]) -> TracePacket {
    let mut z = ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    z.write_all(&encode(packets)).unwrap();
    let mut c = TracePacket::new();
    c.set_compressed_packets(z.finish().unwrap());
    c
}

#[test]
fn compressed_packets_are_inflated_and_checked() {
    let p = valid();
    let packed = vec![container(&p[..4]), container(&p[4..])];
    let s = check_bytes(&encode(&packed)).unwrap_or_else(|e| panic!("{e:#?}"));
    let plain = check_bytes(&encode(&p)).unwrap();
    assert_eq!(
        Summary {
            packets: plain.packets + 2,
            top_level_packets: 2,
            compressed_containers: 2,
            ..plain.clone()
        },
        s
    );
    // A problem inside a container is found.
    let mut broken = valid();
    broken[3].mut_track_event().set_name_iid(2);
    assert_eq!(
        kinds(&[container(&broken)]),
        [ProblemKind::UndefinedInternedId]
    );
    // A container that does not inflate.
    let mut c = TracePacket::new();
    c.set_compressed_packets(vec![1, 2, 3, 4]);
    assert_eq!(kinds(&[c]), [ProblemKind::Malformed]);
}

#[test]
fn truncated_file_is_one_clear_error() {
    let bytes = encode(&valid());
    let problems = check_bytes(&bytes[..bytes.len() - 3]).unwrap_err();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!(problems[0].kind, ProblemKind::Malformed);
    assert!(
        problems[0].detail.contains("past the end"),
        "{}",
        problems[0]
    );
    // A length far past the end is refused before anything is allocated for it.
    let problems = check_bytes(&[0x0A, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]).unwrap_err();
    assert_eq!(problems[0].kind, ProblemKind::Malformed);
    assert_eq!(
        check_bytes(&[0x12, 0x00]).unwrap_err()[0].kind,
        ProblemKind::Malformed
    );
}
