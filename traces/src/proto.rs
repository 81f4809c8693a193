//! Perfetto wire format: the few `TracePacket`s written once per track, sequence or interned string are built
//! with `perfetto_protos` (Perfetto's own schema) and serialized by rust-protobuf; the packets written once or
//! twice per wave-instruction (slice begin/end, counter values) are encoded by hand here, because building a
//! `TracePacket` message for each costs more than the instruction it describes. `tests` checks every hand
//! encoder against a parse by `perfetto_protos`.
//!
//! A trace file is `Trace { repeated TracePacket packet = 1; }`: each packet is tag 0x0A, a varint length and the
//! packet, so serialized packets concatenate into one valid trace (trace.proto).

use perfetto_protos::trace_packet::TracePacket;
use protobuf::Message;

/// `Trace.packet` (field 1, length-delimited).
const TRACE_PACKET: u8 = 0x0A;

// TracePacket fields (trace_packet.proto).
const PKT_TIMESTAMP: u8 = 8 << 3; // uint64
const PKT_SEQUENCE_ID: u8 = 10 << 3; // trusted_packet_sequence_id, uint32
const PKT_TRACK_EVENT: u8 = 11 << 3 | 2;
/// timestamp_clock_id = 58: a two-byte tag.
const PKT_TIMESTAMP_CLOCK_ID: [u8; 2] = [0xD0, 0x03];

// TrackEvent fields (track_event.proto).
const TE_TYPE: u8 = 9 << 3;
const TE_NAME_IID: u8 = 10 << 3;
const TE_TRACK_UUID: u8 = 11 << 3;
const TE_DEBUG_ANNOTATIONS: u8 = 4 << 3 | 2;
/// counter_value = 30 (int64).
const TE_COUNTER_VALUE: [u8; 2] = [0xF0, 0x01];
/// source_location_iid = 34.
const TE_SOURCE_LOCATION_IID: [u8; 2] = [0x90, 0x02];
/// flow_ids = 47 (fixed64).
const TE_FLOW_IDS: [u8; 2] = [0xF9, 0x02];
/// terminating_flow_ids = 48 (fixed64).
const TE_TERMINATING_FLOW_IDS: [u8; 2] = [0x81, 0x03];
/// flow_ids_old = 36 (varint; deprecated in track_event.proto, still read by trace_processor).
const TE_FLOW_IDS_OLD: [u8; 2] = [0xA0, 0x02];
/// terminating_flow_ids_old = 42 (varint; deprecated, still read by trace_processor).
const TE_TERMINATING_FLOW_IDS_OLD: [u8; 2] = [0xD0, 0x02];
/// extra_counter_values = 12 (int64), for the tracks of `TrackEventDefaults.extra_counter_track_uuids`.
const TE_EXTRA_COUNTER_VALUES: u8 = 12 << 3;

// DebugAnnotation fields (debug_annotation.proto).
const DA_NAME_IID: u8 = 1 << 3;
const DA_UINT_VALUE: u8 = 3 << 3;

/// TrackEvent.Type.
pub const TYPE_SLICE_BEGIN: u8 = 1;
pub const TYPE_SLICE_END: u8 = 2;
pub const TYPE_INSTANT: u8 = 3;
pub const TYPE_COUNTER: u8 = 4;

/// TracePacket.SequenceFlags.
pub const SEQ_INCREMENTAL_STATE_CLEARED: u32 = 1;
pub const SEQ_NEEDS_INCREMENTAL_STATE: u32 = 2;

/// BUILTIN_CLOCK_BOOTTIME (builtin_clock.proto): the trace clock when a snapshot names it and no other.
pub const CLOCK_BOOTTIME: u32 = 6;
/// The sequence-scoped clock (ids 64..=127 are per sequence) every wave sequence uses: nanoseconds, delta-encoded.
pub const CLOCK_WAVE: u32 = 64;

#[inline(always)]
pub fn put_varint(buf: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        buf.push(v as u8 | 0x80);
        v >>= 7;
    }
    buf.push(v as u8);
}

#[inline(always)]
fn varint_len(v: u64) -> usize {
    (64 - (v | 1).leading_zeros() as usize).div_ceil(7)
}

/// Start a length-delimited field whose length is not known yet: one placeholder byte, fixed by `close`.
#[inline(always)]
fn open(buf: &mut Vec<u8>, tag: u8) -> usize {
    buf.push(tag);
    buf.push(0);
    buf.len()
}

/// Write the length of the field opened at `start` (moving the body when it needs a longer varint, which the
/// hot packets never do: they stay under 128 bytes).
#[inline(always)]
fn close(buf: &mut Vec<u8>, start: usize) {
    let len = buf.len() - start;
    if len < 0x80 {
        buf[start - 1] = len as u8;
    } else {
        let mut v = Vec::with_capacity(3);
        put_varint(&mut v, len as u64);
        buf[start - 1] = v[0];
        buf.splice(start..start, v[1..].iter().copied());
    }
}

/// Hot packets are written in place: `emit` appends `N` zero bytes (wide stores of a constant), `f` writes the
/// packet into them with the write position `n` a plain local (so it stays in a register) and returns its end
/// and where the `track_event` body starts, and the zeros past the end are cut. Pushing byte by byte made the
/// compiler reload and store the `Vec`'s length at every byte; assembling in a stack array and copying it made
/// every packet wait on store-to-load forwarding (narrow stores read back as a wide load). Each caller's `N`
/// holds its largest packet (see the sizes there; `largest_hot_packets_fit_their_arrays`).
#[inline(always)]
fn emit<const N: usize>(buf: &mut Vec<u8>, f: impl FnOnce(&mut [u8; N]) -> (usize, usize)) {
    let at = buf.len();
    buf.extend_from_slice(&[0u8; N]);
    let Ok(a) = <&mut [u8; N]>::try_from(&mut buf[at..at + N]) else {
        return; // the range is N bytes long
    };
    let (n, ev) = f(a);
    // both lengths are under 128 (N <= 128): one byte each
    a[ev - 1] = (n - ev) as u8;
    a[1] = (n - 2) as u8;
    buf.truncate(at + n);
}

/// `emit` for packets that may reach 128 bytes: when the packet (and so its track event) comes out under 128
/// bytes it stays and this returns true; otherwise nothing is written and the caller takes the long path.
#[inline(always)]
fn emit_checked<const N: usize>(
    buf: &mut Vec<u8>,
    f: impl FnOnce(&mut [u8; N]) -> (usize, usize),
) -> bool {
    let at = buf.len();
    buf.extend_from_slice(&[0u8; N]);
    let Ok(a) = <&mut [u8; N]>::try_from(&mut buf[at..at + N]) else {
        return false; // the range is N bytes long
    };
    let (n, ev) = f(a);
    if n - 2 >= 0x80 {
        buf.truncate(at);
        return false;
    }
    a[ev - 1] = (n - ev) as u8;
    a[1] = (n - 2) as u8;
    buf.truncate(at + n);
    true
}

#[inline(always)]
fn byte<const N: usize>(a: &mut [u8; N], n: usize, b: u8) -> usize {
    a[n] = b;
    n + 1
}

#[inline(always)]
fn varint<const N: usize>(a: &mut [u8; N], mut n: usize, mut v: u64) -> usize {
    while v >= 0x80 {
        n = byte(a, n, v as u8 | 0x80);
        v >>= 7;
    }
    byte(a, n, v as u8)
}

/// `Trace.packet` tag, a length byte set by `append`, the timestamp and sequence id; returns the position.
#[inline(always)]
fn header<const N: usize>(a: &mut [u8; N], seq: u32, ts: Stamp) -> usize {
    a[0] = TRACE_PACKET;
    let (Stamp::Delta(t) | Stamp::Absolute(t)) = ts;
    let mut n = byte(a, 2, PKT_TIMESTAMP);
    n = varint(a, n, t);
    n = byte(a, n, PKT_SEQUENCE_ID);
    n = varint(a, n, seq as u64);
    if let Stamp::Absolute(_) = ts {
        n = byte(a, n, PKT_TIMESTAMP_CLOCK_ID[0]);
        n = byte(a, n, PKT_TIMESTAMP_CLOCK_ID[1]);
        n = varint(a, n, CLOCK_BOOTTIME as u64);
    }
    // the track_event field; its length byte is at the returned position - 1
    n = byte(a, n, PKT_TRACK_EVENT);
    byte(a, n, 0)
}

/// Append one serialized `TracePacket` (built with `perfetto_protos`) as `Trace.packet`.
pub fn put_message(buf: &mut Vec<u8>, p: &TracePacket) {
    let bytes = p.write_to_bytes().unwrap_or_default();
    buf.push(TRACE_PACKET);
    put_varint(buf, bytes.len() as u64);
    buf.extend_from_slice(&bytes);
}

/// What one interning packet adds to its sequence: at most one event name, one source location and the
/// `lanes` debug annotation name, each with its iid (`(iid, name)`; `(iid, file, function, line)`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Interned<'s> {
    pub event_name: Option<(u64, &'s str)>,
    pub source_location: Option<(u64, &'s str, &'s str, u32)>,
    pub annotation_name: Option<(u64, &'s str)>,
}

// InternedData fields (interned_data.proto) and their messages' fields.
const PKT_INTERNED_DATA: u8 = 12 << 3 | 2;
const PKT_SEQUENCE_FLAGS: u8 = 13 << 3;
const ID_EVENT_NAMES: u8 = 2 << 3 | 2;
const ID_DEBUG_ANNOTATION_NAMES: u8 = 3 << 3 | 2;
const ID_SOURCE_LOCATIONS: u8 = 4 << 3 | 2;
const F1_VARINT: u8 = 1 << 3;
const F2_BYTES: u8 = 2 << 3 | 2;
const F3_BYTES: u8 = 3 << 3 | 2;
const F4_VARINT: u8 = 4 << 3;

/// Bytes of a string field (tag, length, bytes).
fn string_field_len(s: &str) -> usize {
    1 + varint_len(s.len() as u64) + s.len()
}

fn put_string_field(buf: &mut Vec<u8>, tag: u8, s: &str) {
    buf.push(tag);
    put_varint(buf, s.len() as u64);
    buf.extend_from_slice(s.as_bytes());
}

/// An interning packet on sequence `seq` (`SEQ_NEEDS_INCREMENTAL_STATE`) carrying `i`: byte for byte what
/// rust-protobuf writes for the `TracePacket` with those `interned_data` entries (its field order: interned
/// data, sequence flags, then the sequence id; in the interned data event names, debug annotation names, source
/// locations), encoded by hand because each wave's sequence interns its names and locations again: building
/// the message made ~3,800 host instructions a call, ~24 per wave-instruction of gemm 512's trace.
/// `tests::interned_matches_rust_protobuf` holds it to rust-protobuf's bytes.
pub fn put_interned(buf: &mut Vec<u8>, seq: u32, i: &Interned) {
    let name_len = |(iid, s): (u64, &str)| 1 + varint_len(iid) + string_field_len(s);
    let en = i.event_name.map(name_len);
    let an = i.annotation_name.map(name_len);
    let sl = i.source_location.map(|(iid, file, function, line)| {
        1 + varint_len(iid)
            + string_field_len(file)
            + string_field_len(function)
            + 1
            + varint_len(line as u64)
    });
    let field = |n: usize| 1 + varint_len(n as u64) + n;
    let data = en.map_or(0, field) + an.map_or(0, field) + sl.map_or(0, field);
    let flags = SEQ_NEEDS_INCREMENTAL_STATE as u64;
    let packet = field(data) + 1 + varint_len(flags) + 1 + varint_len(seq as u64);
    buf.reserve(1 + varint_len(packet as u64) + packet);
    buf.push(TRACE_PACKET);
    put_varint(buf, packet as u64);
    buf.push(PKT_INTERNED_DATA);
    put_varint(buf, data as u64);
    let put_name = |buf: &mut Vec<u8>, tag: u8, len: Option<usize>, v: Option<(u64, &str)>| {
        if let (Some(len), Some((iid, s))) = (len, v) {
            buf.push(tag);
            put_varint(buf, len as u64);
            buf.push(F1_VARINT);
            put_varint(buf, iid);
            put_string_field(buf, F2_BYTES, s);
        }
    };
    put_name(buf, ID_EVENT_NAMES, en, i.event_name);
    put_name(buf, ID_DEBUG_ANNOTATION_NAMES, an, i.annotation_name);
    if let (Some(len), Some((iid, file, function, line))) = (sl, i.source_location) {
        buf.push(ID_SOURCE_LOCATIONS);
        put_varint(buf, len as u64);
        buf.push(F1_VARINT);
        put_varint(buf, iid);
        put_string_field(buf, F2_BYTES, file);
        put_string_field(buf, F3_BYTES, function);
        buf.push(F4_VARINT);
        put_varint(buf, line as u64);
    }
    buf.push(PKT_SEQUENCE_FLAGS);
    put_varint(buf, flags);
    buf.push(PKT_SEQUENCE_ID);
    put_varint(buf, seq as u64);
}

/// A flow id (`TrackEvent.flow_ids` / `terminating_flow_ids`): named by its source event, ended by the event
/// that lists it as terminating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FlowId(pub u64);

/// Where a hot packet's timestamp comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stamp {
    /// Delta on the sequence's incremental clock (`CLOCK_WAVE`, the sequence default).
    Delta(u64),
    /// Absolute nanoseconds on BOOTTIME (when an event goes back in time on its sequence).
    Absolute(u64),
}

#[inline(always)]
fn put_header(buf: &mut Vec<u8>, seq: u32, ts: Stamp) -> usize {
    let packet = open(buf, TRACE_PACKET);
    let (Stamp::Delta(t) | Stamp::Absolute(t)) = ts;
    buf.push(PKT_TIMESTAMP);
    put_varint(buf, t);
    buf.push(PKT_SEQUENCE_ID);
    put_varint(buf, seq as u64);
    if let Stamp::Absolute(_) = ts {
        buf.extend_from_slice(&PKT_TIMESTAMP_CLOCK_ID);
        put_varint(buf, CLOCK_BOOTTIME as u64);
    }
    packet
}

/// The per-event fields of a slice begin.
#[derive(Clone, Copy, Debug, Default)]
pub struct Begin<'a> {
    /// `TrackEvent.track_uuid`; 0 = leave it to `TrackEventDefaults`.
    pub track: u64,
    pub name_iid: u64,
    pub source_location_iid: u64,
    /// `(annotation name iid, value)` written as a uint debug annotation, when the name iid is not 0.
    pub uint_arg: (u64, u64),
    /// More `(name iid, value)` uint debug annotations (a memory instruction's figures); written by the long
    /// path.
    pub more_args: &'a [(u64, u64)],
    pub flows_out: &'a [FlowId],
    pub flows_in: &'a [FlowId],
    /// Flow ids as varints in the deprecated `flow_ids_old` / `terminating_flow_ids_old` (a few bytes for a
    /// small id) instead of `fixed64` `flow_ids` / `terminating_flow_ids` (8 bytes).
    pub varint_flows: bool,
    /// `extra_counter_values`: values for the first tracks of the sequence's
    /// `TrackEventDefaults.extra_counter_track_uuids`, in that order.
    pub extra_counters: &'a [i64],
}

/// `TracePacket { timestamp, trusted_packet_sequence_id, track_event { type, name_iid, track_uuid, ... } }`.
#[inline]
pub fn put_slice_begin(buf: &mut Vec<u8>, seq: u32, ts: Stamp, kind: u8, e: &Begin) {
    // Sizes at most: 2 + 20 (header) + 2 + 2 + 11 + 11 + 12 = 60 bytes, + 24 with an argument, + 33 with three
    // counter values, + 22 with two flows. Packets that could reach 128 bytes (a length of two bytes) take the
    // long path.
    let flows = e.flows_out.len() + e.flows_in.len();
    let arg = e.uint_arg.0 != 0;
    if !e.more_args.is_empty() {
        // A memory instruction's slice (its figures as arguments): written in place when it holds at most 7
        // more arguments and 2 flows (the array holds 22 + 24 + 7 x 24 + 36 + 33 + 2 x 12 = 307 bytes; the hot
        // ones take about 50) and comes out under 128 bytes; otherwise by the long path.
        if e.extra_counters.len() <= 3
            && flows <= 2
            && e.more_args.len() <= 7
            && emit_checked::<320>(buf, |a| begin_body(a, seq, ts, kind, e))
        {
            return;
        }
        return put_slice_begin_long(buf, seq, ts, kind, e);
    }
    if e.extra_counters.len() > 3 || flows > 2 || (flows > 0 && arg) {
        return put_slice_begin_long(buf, seq, ts, kind, e);
    }
    if !arg && e.extra_counters.is_empty() && flows == 0 {
        put_begin_small::<64>(buf, seq, ts, kind, e)
    } else {
        put_begin_small::<128>(buf, seq, ts, kind, e)
    }
}

#[inline(always)]
fn put_begin_small<const N: usize>(buf: &mut Vec<u8>, seq: u32, ts: Stamp, kind: u8, e: &Begin) {
    emit::<N>(buf, |a| begin_body(a, seq, ts, kind, e));
}

#[inline(always)]
fn begin_body<const N: usize>(
    a: &mut [u8; N],
    seq: u32,
    ts: Stamp,
    kind: u8,
    e: &Begin,
) -> (usize, usize) {
    let ev = header(a, seq, ts);
    let mut n = ev;
    if e.uint_arg.0 != 0 {
        n = byte(a, n, TE_DEBUG_ANNOTATIONS);
        n = byte(a, n, 0);
        let at = n;
        n = byte(a, n, DA_NAME_IID);
        n = varint(a, n, e.uint_arg.0);
        n = byte(a, n, DA_UINT_VALUE);
        n = varint(a, n, e.uint_arg.1);
        a[at - 1] = (n - at) as u8;
    }
    for &(k, v) in e.more_args {
        n = byte(a, n, TE_DEBUG_ANNOTATIONS);
        n = byte(a, n, 0);
        let at = n;
        n = byte(a, n, DA_NAME_IID);
        n = varint(a, n, k);
        n = byte(a, n, DA_UINT_VALUE);
        n = varint(a, n, v);
        a[at - 1] = (n - at) as u8;
    }
    n = byte(a, n, TE_TYPE);
    n = byte(a, n, kind);
    if e.name_iid != 0 {
        n = byte(a, n, TE_NAME_IID);
        n = varint(a, n, e.name_iid);
    }
    if e.track != 0 {
        n = byte(a, n, TE_TRACK_UUID);
        n = varint(a, n, e.track);
    }
    if e.source_location_iid != 0 {
        n = byte(a, n, TE_SOURCE_LOCATION_IID[0]);
        n = byte(a, n, TE_SOURCE_LOCATION_IID[1]);
        n = varint(a, n, e.source_location_iid);
    }
    for &v in e.extra_counters {
        n = byte(a, n, TE_EXTRA_COUNTER_VALUES);
        n = varint(a, n, v as u64);
    }
    let (tags, fixed) = if e.varint_flows {
        ((TE_FLOW_IDS_OLD, TE_TERMINATING_FLOW_IDS_OLD), false)
    } else {
        ((TE_FLOW_IDS, TE_TERMINATING_FLOW_IDS), true)
    };
    for (tag, ids) in [(tags.0, e.flows_out), (tags.1, e.flows_in)] {
        for f in ids {
            n = byte(a, n, tag[0]);
            n = byte(a, n, tag[1]);
            if fixed {
                for b in f.0.to_le_bytes() {
                    n = byte(a, n, b);
                }
            } else {
                n = varint(a, n, f.0);
            }
        }
    }
    (n, ev)
}

/// `put_slice_begin` for any number of flows (lengths of any size).
fn put_slice_begin_long(buf: &mut Vec<u8>, seq: u32, ts: Stamp, kind: u8, e: &Begin) {
    let packet = put_header(buf, seq, ts);
    let ev = open(buf, PKT_TRACK_EVENT);
    if e.uint_arg.0 != 0 {
        let a = open(buf, TE_DEBUG_ANNOTATIONS);
        buf.push(DA_NAME_IID);
        put_varint(buf, e.uint_arg.0);
        buf.push(DA_UINT_VALUE);
        put_varint(buf, e.uint_arg.1);
        close(buf, a);
    }
    for &(k, v) in e.more_args {
        let a = open(buf, TE_DEBUG_ANNOTATIONS);
        buf.push(DA_NAME_IID);
        put_varint(buf, k);
        buf.push(DA_UINT_VALUE);
        put_varint(buf, v);
        close(buf, a);
    }
    buf.push(TE_TYPE);
    buf.push(kind);
    if e.name_iid != 0 {
        buf.push(TE_NAME_IID);
        put_varint(buf, e.name_iid);
    }
    if e.track != 0 {
        buf.push(TE_TRACK_UUID);
        put_varint(buf, e.track);
    }
    if e.source_location_iid != 0 {
        buf.extend_from_slice(&TE_SOURCE_LOCATION_IID);
        put_varint(buf, e.source_location_iid);
    }
    for &v in e.extra_counters {
        buf.push(TE_EXTRA_COUNTER_VALUES);
        put_varint(buf, v as u64);
    }
    if e.varint_flows {
        for f in e.flows_out {
            buf.extend_from_slice(&TE_FLOW_IDS_OLD);
            put_varint(buf, f.0);
        }
        for f in e.flows_in {
            buf.extend_from_slice(&TE_TERMINATING_FLOW_IDS_OLD);
            put_varint(buf, f.0);
        }
    } else {
        for f in e.flows_out {
            buf.extend_from_slice(&TE_FLOW_IDS);
            buf.extend_from_slice(&f.0.to_le_bytes());
        }
        for f in e.flows_in {
            buf.extend_from_slice(&TE_TERMINATING_FLOW_IDS);
            buf.extend_from_slice(&f.0.to_le_bytes());
        }
    }
    close(buf, ev);
    close(buf, packet);
}

/// `TYPE_SLICE_END` on `track` (0 = the sequence's default track).
#[inline]
pub fn put_slice_end(buf: &mut Vec<u8>, seq: u32, ts: Stamp, track: u64) {
    // At most 2 + 20 (header) + 2 + 2 + 11 = 37 bytes.
    emit::<48>(buf, |a| {
        let ev = header(a, seq, ts);
        let mut n = byte(a, ev, TE_TYPE);
        n = byte(a, n, TYPE_SLICE_END);
        if track != 0 {
            n = byte(a, n, TE_TRACK_UUID);
            n = varint(a, n, track);
        }
        (n, ev)
    });
}

/// The fields of a slice end that do not change on a sequence (sequence id, type, track), for `put_end`: the
/// end packet is then that template and the timestamp (protobuf fields may come in any order).
#[derive(Clone, Copy, Debug, Default)]
pub struct EndTemplate {
    bytes: [u8; 32],
    len: u8,
}

impl EndTemplate {
    /// `track` 0: the sequence's default track.
    pub fn new(seq: u32, track: u64) -> EndTemplate {
        let mut a = [0u8; 32];
        let mut n = byte(&mut a, 0, PKT_SEQUENCE_ID);
        n = varint(&mut a, n, seq as u64);
        n = byte(&mut a, n, PKT_TRACK_EVENT);
        let ev = byte(&mut a, n, 0);
        n = byte(&mut a, ev, TE_TYPE);
        n = byte(&mut a, n, TYPE_SLICE_END);
        if track != 0 {
            n = byte(&mut a, n, TE_TRACK_UUID);
            n = varint(&mut a, n, track);
        }
        // at most 6 + 2 + 2 + 11 = 21 bytes; the event body under 128
        a[ev - 1] = (n - ev) as u8;
        EndTemplate {
            bytes: a,
            len: n as u8,
        }
    }
}

/// A slice end from its sequence's template: the same packet as `put_slice_end`, the timestamp last.
#[inline]
pub fn put_end(buf: &mut Vec<u8>, t: &EndTemplate, ts: Stamp) {
    // At most 2 + 21 + 11 + 3 = 37 bytes (the template is copied whole, 32 bytes, then cut).
    let at = buf.len();
    buf.extend_from_slice(&[0u8; 64]);
    let Ok(a) = <&mut [u8; 64]>::try_from(&mut buf[at..at + 64]) else {
        return; // the range is 64 bytes long
    };
    let n = end_at(a, 0, t, ts);
    buf.truncate(at + n);
}

/// The slice end of template `t` at `ts` written at `a[m..]` (with its length); returns where it ends. The
/// caller leaves 2 + 32 + 14 bytes from `m`.
#[inline(always)]
fn end_at<const N: usize>(a: &mut [u8; N], m: usize, t: &EndTemplate, ts: Stamp) -> usize {
    a[m] = TRACE_PACKET;
    a[m + 2..m + 34].copy_from_slice(&t.bytes);
    let (Stamp::Delta(v) | Stamp::Absolute(v)) = ts;
    let mut n = byte(a, m + 2 + t.len as usize, PKT_TIMESTAMP);
    n = varint(a, n, v);
    if let Stamp::Absolute(_) = ts {
        n = byte(a, n, PKT_TIMESTAMP_CLOCK_ID[0]);
        n = byte(a, n, PKT_TIMESTAMP_CLOCK_ID[1]);
        n = varint(a, n, CLOCK_BOOTTIME as u64);
    }
    a[m + 1] = (n - m - 2) as u8;
    n
}

/// The fields of an instruction slice's begin that stay the same while one wave holds a sequence and executes
/// one instruction (sequence id, type, name, track, source location): `put_begin` writes the packet as that
/// template behind the timestamp, the bytes `put_slice_begin` writes for a begin without arguments or flows.
/// `key` says whose template it is (the writer's wave generation and event name), so a stale one is not used.
#[derive(Clone, Copy, Debug)]
pub struct BeginTemplate {
    bytes: [u8; 48],
    /// The track event's body alone (`bytes[ev..len]`, zeros after it), for a begin with arguments in front of
    /// it (`put_instruction`).
    body: [u8; 48],
    len: u8,
    /// Position of the first byte of the track event's body (its length byte is the one before).
    ev: u8,
    pub key: (u32, u32),
}

impl Default for BeginTemplate {
    /// No packet, matching no key a writer gives (its generations start at 1).
    fn default() -> BeginTemplate {
        BeginTemplate {
            bytes: [0; 48],
            body: [0; 48],
            len: 0,
            ev: 0,
            key: (0, u32::MAX),
        }
    }
}

impl BeginTemplate {
    pub fn new(
        seq: u32,
        kind: u8,
        track: u64,
        name_iid: u64,
        source_location_iid: u64,
        key: (u32, u32),
    ) -> BeginTemplate {
        // at most 6 + 2 + 2 + 11 + 11 + 12 = 44 bytes; the event body under 128
        let mut a = [0u8; 48];
        let mut n = byte(&mut a, 0, PKT_SEQUENCE_ID);
        n = varint(&mut a, n, seq as u64);
        n = byte(&mut a, n, PKT_TRACK_EVENT);
        let ev = byte(&mut a, n, 0);
        n = byte(&mut a, ev, TE_TYPE);
        n = byte(&mut a, n, kind);
        if name_iid != 0 {
            n = byte(&mut a, n, TE_NAME_IID);
            n = varint(&mut a, n, name_iid);
        }
        if track != 0 {
            n = byte(&mut a, n, TE_TRACK_UUID);
            n = varint(&mut a, n, track);
        }
        if source_location_iid != 0 {
            n = byte(&mut a, n, TE_SOURCE_LOCATION_IID[0]);
            n = byte(&mut a, n, TE_SOURCE_LOCATION_IID[1]);
            n = varint(&mut a, n, source_location_iid);
        }
        a[ev - 1] = (n - ev) as u8;
        let mut body = [0u8; 48];
        body[..n - ev].copy_from_slice(&a[ev..n]);
        BeginTemplate {
            bytes: a,
            body,
            len: n as u8,
            ev: ev as u8,
            key,
        }
    }
}

/// A slice begin from its template with a delta timestamp: byte for byte what `put_slice_begin` writes for it.
#[inline(always)]
pub fn put_begin(buf: &mut Vec<u8>, t: &BeginTemplate, delta: u64) {
    // At most 3 + 10 + 44 bytes (the template is copied whole, 48 bytes, then cut).
    let at = buf.len();
    buf.extend_from_slice(&[0u8; 64]);
    let Ok(a) = <&mut [u8; 64]>::try_from(&mut buf[at..at + 64]) else {
        return; // the range is 64 bytes long
    };
    let n = begin_at(a, t, delta);
    a[1] = (n - 2) as u8;
    buf.truncate(at + n);
}

/// The slice begin of template `t` with `delta` at the start of `a`, its length byte left to the caller;
/// returns where it ends.
#[inline(always)]
fn begin_at<const N: usize>(a: &mut [u8; N], t: &BeginTemplate, delta: u64) -> usize {
    a[0] = TRACE_PACKET;
    let n = byte(a, 2, PKT_TIMESTAMP);
    let n = varint(a, n, delta);
    a[n..n + 48].copy_from_slice(&t.bytes);
    n + t.len as usize
}

/// A slice begin and its end, both from their templates with delta timestamps: byte for byte `put_begin` then
/// `put_end` (one bounds check and one write position for the pair: most instructions of a trace are this).
#[inline(always)]
pub fn put_begin_end(buf: &mut Vec<u8>, b: &BeginTemplate, e: &EndTemplate, delta: u64, dur: u64) {
    // At most 3 + 10 + 44 (begin) + 2 + 21 + 11 (end) = 91 bytes; the templates are copied whole (48 and 32
    // bytes) and cut.
    let at = buf.len();
    buf.extend_from_slice(&[0u8; 128]);
    let Ok(a) = <&mut [u8; 128]>::try_from(&mut buf[at..at + 128]) else {
        return; // the range is 128 bytes long
    };
    let m = begin_at(a, b, delta);
    a[1] = (m - 2) as u8;
    let n = end_at(a, m, e, Stamp::Delta(dur));
    buf.truncate(at + n);
}

/// A slice begin from its template with a delta timestamp and `extra_counter_values` (the compact layout's
/// counters, at most 3): byte for byte what `put_slice_begin` writes for it (the values are the track event's
/// last fields there too).
#[inline(always)]
pub fn put_begin_counters(buf: &mut Vec<u8>, t: &BeginTemplate, delta: u64, extra: &[i64]) {
    // At most 3 + 10 + 44 + 3 x 11 = 90 bytes (the template is copied whole, 48 bytes, then cut); the track
    // event's body stays under 128 bytes (44 + 33), so its length is one byte.
    let at = buf.len();
    buf.extend_from_slice(&[0u8; 128]);
    let Ok(a) = <&mut [u8; 128]>::try_from(&mut buf[at..at + 128]) else {
        return; // the range is 128 bytes long
    };
    let mut n = begin_at(a, t, delta);
    let ev = n - t.len as usize + t.ev as usize;
    for &v in extra.iter().take(3) {
        n = byte(a, n, TE_EXTRA_COUNTER_VALUES);
        n = varint(a, n, v as u64);
    }
    a[ev - 1] = (n - ev) as u8;
    a[1] = (n - 2) as u8;
    buf.truncate(at + n);
}

/// Memory arguments `put_instruction` writes in place at most (`writer::MEMORY_ARGS`).
pub const INSTRUCTION_ARGS: usize = 7;
/// Flows (out and in together) `put_instruction` writes in place at most.
pub const INSTRUCTION_FLOWS: usize = 8;

/// A whole instruction slice of the standard layout from its sequence's templates, in one write: the begin of
/// template `b` at `delta` with uint debug annotations `args` (`(name iid, value)`, name iids under 128) and
/// `fixed64` flows (`flows_out`, then `flows_in`), then a counter value at delta 0 for each of `counters`
/// (template and value, in order), then the end of template `e` after `dur`. Byte for byte `put_slice_begin`
/// (with `Begin { track, name_iid, source_location_iid, more_args: args, flows_out, flows_in, .. }` as in `b`),
/// `put_counter_value` for each counter and `put_end`: the packets a memory instruction or an `s_waitcnt`
/// writes field by field. False (nothing written) when the begin would reach 128 bytes (lengths of two bytes:
/// the long path's) or there are more than `INSTRUCTION_ARGS` arguments, `INSTRUCTION_FLOWS` flows or three
/// counters.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub fn put_instruction(
    buf: &mut Vec<u8>,
    b: &BeginTemplate,
    delta: u64,
    args: &[(u8, u64)],
    flows_out: &[FlowId],
    flows_in: &[FlowId],
    counters: &[(&CounterTemplate, i64)],
    e: &EndTemplate,
    dur: u64,
) -> bool {
    if args.len() > INSTRUCTION_ARGS
        || flows_out.len() + flows_in.len() > INSTRUCTION_FLOWS
        || counters.len() > 3
        || args.iter().any(|&(k, _)| k >= 0x80)
    {
        return false;
    }
    // Room: before the length check the begin reaches 2 + 11 (header) + 8 (template head) + 7 x 15 (arguments)
    // + 36 (body, its 48-byte window ends by 174) + 8 x 10 (flows) = 242 bytes; after it (begin under 130)
    // 3 counter values of at most 4 + 23 + 10 (their templates copied whole, 32), 240, and the end from there
    // (`end_at`: 2 + 32 + 14): under 320.
    const N: usize = 320;
    let at = buf.len();
    buf.extend_from_slice(&[0u8; N]);
    let Ok(a) = <&mut [u8; N]>::try_from(&mut buf[at..at + N]) else {
        return false; // the range is N bytes long
    };
    a[0] = TRACE_PACKET;
    let mut n = byte(a, 2, PKT_TIMESTAMP);
    n = varint(a, n, delta);
    // The template's sequence id and track_event tag (its body follows the arguments).
    a[n..n + 48].copy_from_slice(&b.bytes);
    let ev = n + b.ev as usize;
    n = ev;
    for &(k, v) in args {
        n = byte(a, n, TE_DEBUG_ANNOTATIONS);
        let len_at = n;
        n = byte(a, n, 0);
        n = byte(a, n, DA_NAME_IID);
        n = byte(a, n, k);
        n = byte(a, n, DA_UINT_VALUE);
        n = varint(a, n, v);
        a[len_at] = (n - len_at - 1) as u8;
    }
    a[n..n + 48].copy_from_slice(&b.body);
    n += b.len as usize - b.ev as usize;
    for (tag, ids) in [
        (TE_FLOW_IDS, flows_out),
        (TE_TERMINATING_FLOW_IDS, flows_in),
    ] {
        for f in ids {
            a[n] = tag[0];
            a[n + 1] = tag[1];
            a[n + 2..n + 10].copy_from_slice(&f.0.to_le_bytes());
            n += 10;
        }
    }
    if n - 2 >= 0x80 {
        buf.truncate(at);
        return false;
    }
    a[ev - 1] = (n - ev) as u8;
    a[1] = (n - 2) as u8;
    for &(t, value) in counters {
        let m = n;
        a[m] = TRACE_PACKET;
        a[m + 2] = PKT_TIMESTAMP;
        a[m + 3] = 0; // delta 0: the slice's timestamp
        a[m + 4..m + 36].copy_from_slice(&t.bytes);
        let cev = m + 4 + t.ev as usize;
        n = varint(a, m + 4 + t.len as usize, value as u64);
        a[cev - 1] = (n - cev) as u8;
        a[m + 1] = (n - m - 2) as u8;
    }
    let n = end_at(a, n, e, Stamp::Delta(dur));
    buf.truncate(at + n);
    true
}

/// The fields of a counter value that do not change on a sequence (sequence id, type, track), for
/// `put_counter_value`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CounterTemplate {
    bytes: [u8; 32],
    len: u8,
    /// Position of the first byte of the track event's body.
    ev: u8,
}

impl CounterTemplate {
    pub fn new(seq: u32, track: u64) -> CounterTemplate {
        // at most 6 + 2 + 2 + 11 + 2 = 23 bytes
        let mut a = [0u8; 32];
        let mut n = byte(&mut a, 0, PKT_SEQUENCE_ID);
        n = varint(&mut a, n, seq as u64);
        n = byte(&mut a, n, PKT_TRACK_EVENT);
        let ev = byte(&mut a, n, 0);
        n = byte(&mut a, ev, TE_TYPE);
        n = byte(&mut a, n, TYPE_COUNTER);
        n = byte(&mut a, n, TE_TRACK_UUID);
        n = varint(&mut a, n, track);
        n = byte(&mut a, n, TE_COUNTER_VALUE[0]);
        n = byte(&mut a, n, TE_COUNTER_VALUE[1]);
        CounterTemplate {
            bytes: a,
            len: n as u8,
            ev: ev as u8,
        }
    }
}

/// A counter value from its template with a delta timestamp: byte for byte what `put_counter` writes.
#[inline(always)]
pub fn put_counter_value(buf: &mut Vec<u8>, t: &CounterTemplate, delta: u64, value: i64) {
    // At most 3 + 10 + 23 + 10 bytes (the template is copied whole, 32 bytes).
    let at = buf.len();
    buf.extend_from_slice(&[0u8; 64]);
    let Ok(a) = <&mut [u8; 64]>::try_from(&mut buf[at..at + 64]) else {
        return; // the range is 64 bytes long
    };
    a[0] = TRACE_PACKET;
    let mut n = byte(a, 2, PKT_TIMESTAMP);
    n = varint(a, n, delta);
    a[n..n + 32].copy_from_slice(&t.bytes);
    let ev = n + t.ev as usize;
    n = varint(a, n + t.len as usize, value as u64);
    a[ev - 1] = (n - ev) as u8;
    a[1] = (n - 2) as u8;
    buf.truncate(at + n);
}

/// `TYPE_COUNTER` with `counter_value` on counter track `track`.
#[inline]
pub fn put_counter(buf: &mut Vec<u8>, seq: u32, ts: Stamp, track: u64, value: i64) {
    // At most 2 + 20 (header) + 2 + 2 + 11 + 12 = 49 bytes.
    emit::<64>(buf, |a| {
        let ev = header(a, seq, ts);
        let mut n = byte(a, ev, TE_TYPE);
        n = byte(a, n, TYPE_COUNTER);
        n = byte(a, n, TE_TRACK_UUID);
        n = varint(a, n, track);
        n = byte(a, n, TE_COUNTER_VALUE[0]);
        n = byte(a, n, TE_COUNTER_VALUE[1]);
        n = varint(a, n, value as u64);
        (n, ev)
    });
}

/// Bytes a slice end takes (for the size model in the docs and tests).
pub fn slice_end_len(seq: u32, delta: u64, track: u64) -> usize {
    let te = 2 + if track != 0 { 1 + varint_len(track) } else { 0 };
    let body = 1 + varint_len(delta) + 1 + varint_len(seq as u64) + 2 + te;
    2 + body
}

#[cfg(test)]
mod tests {
    use super::*;
    use perfetto_protos::track_event::track_event::Type;

    /// Split a serialized trace into its packets, parsed with Perfetto's schema.
    fn parse(buf: &[u8]) -> Vec<TracePacket> {
        let mut out = Vec::new();
        let mut i = 0;
        while i < buf.len() {
            assert_eq!(buf[i], 0x0A, "Trace.packet tag at {i}");
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
            out.push(TracePacket::parse_from_bytes(&buf[i..i + len]).expect("packet parses"));
            i += len;
        }
        out
    }

    /// The interning packet the writer built with rust-protobuf before `put_interned` (the model).
    fn interned_by_protobuf(seq: u32, i: &Interned) -> Vec<u8> {
        use perfetto_protos::debug_annotation::DebugAnnotationName;
        use perfetto_protos::interned_data::InternedData;
        use perfetto_protos::source_location::SourceLocation;
        use perfetto_protos::track_event::EventName;
        let mut data = InternedData::new();
        if let Some((iid, name)) = i.event_name {
            let mut e = EventName::new();
            e.set_iid(iid);
            e.set_name(name.to_string());
            data.event_names.push(e);
        }
        if let Some((iid, file, function, line)) = i.source_location {
            let mut e = SourceLocation::new();
            e.set_iid(iid);
            e.set_file_name(file.to_string());
            e.set_function_name(function.to_string());
            e.set_line_number(line);
            data.source_locations.push(e);
        }
        if let Some((iid, name)) = i.annotation_name {
            let mut e = DebugAnnotationName::new();
            e.set_iid(iid);
            e.set_name(name.to_string());
            data.debug_annotation_names.push(e);
        }
        let mut p = TracePacket::new();
        p.set_trusted_packet_sequence_id(seq);
        p.sequence_flags = Some(SEQ_NEEDS_INCREMENTAL_STATE);
        p.interned_data = Some(data).into();
        let mut buf = Vec::new();
        put_message(&mut buf, &p);
        buf
    }

    #[test]
    fn interned_matches_rust_protobuf() {
        let long = "k".repeat(200);
        let huge = "x".repeat(20_000);
        let strings = [
            "",
            "v_fma_f32",
            "stall: vmcnt",
            "/src/kernel \u{e9}t\u{e9}.hip",
            &long,
            &huge,
        ];
        let iids = [1u64, 127, 128, 300, 1 << 40];
        let mut cases = 0;
        for (k, s) in strings.iter().enumerate() {
            let t = strings[(k + 2) % strings.len()];
            for (j, &iid) in iids.iter().enumerate() {
                for mask in 0..8u32 {
                    let i = Interned {
                        event_name: (mask & 1 != 0).then_some((iid, *s)),
                        source_location: (mask & 2 != 0).then_some((
                            iids[(j + 1) % iids.len()],
                            t,
                            s,
                            [0u32, 7, 200, u32::MAX][(j + k) % 4],
                        )),
                        annotation_name: (mask & 4 != 0).then_some((1, "lanes")),
                    };
                    for seq in [1u32, 200, u32::MAX] {
                        let mut mine = vec![0xEE];
                        put_interned(&mut mine, seq, &i);
                        let mut model = vec![0xEE];
                        model.extend(interned_by_protobuf(seq, &i));
                        assert_eq!(mine, model, "{i:?} seq {seq}");
                        cases += 1;
                    }
                }
            }
        }
        assert_eq!(cases, 6 * 5 * 8 * 3);
    }

    #[test]
    fn varint_lengths() {
        for v in [0u64, 1, 127, 128, 16383, 16384, u32::MAX as u64, u64::MAX] {
            let mut b = Vec::new();
            put_varint(&mut b, v);
            assert_eq!(b.len(), varint_len(v), "{v}");
        }
    }

    #[test]
    fn slice_begin_parses_with_perfetto_schema() {
        let mut buf = Vec::new();
        let flows = [FlowId(0x0102_0304_0506_0708), FlowId(9)];
        put_slice_begin(
            &mut buf,
            7,
            Stamp::Delta(300),
            TYPE_SLICE_BEGIN,
            &Begin {
                track: 4097,
                name_iid: 3,
                source_location_iid: 200,
                uint_arg: (5, 64),
                more_args: &[],
                flows_out: &flows[..1],
                flows_in: &flows[1..],
                ..Begin::default()
            },
        );
        let p = &parse(&buf)[0];
        assert_eq!(p.timestamp(), 300);
        assert!(!p.has_timestamp_clock_id());
        assert_eq!(p.trusted_packet_sequence_id(), 7);
        let e = p.track_event();
        assert_eq!(e.type_(), Type::TYPE_SLICE_BEGIN);
        assert_eq!(e.name_iid(), 3);
        assert_eq!(e.track_uuid(), 4097);
        assert_eq!(e.source_location_iid(), 200);
        assert_eq!(e.flow_ids, vec![0x0102_0304_0506_0708]);
        assert_eq!(e.terminating_flow_ids, vec![9]);
        assert_eq!(e.debug_annotations.len(), 1);
        assert_eq!(e.debug_annotations[0].name_iid(), 5);
        assert_eq!(e.debug_annotations[0].uint_value(), 64);
    }

    #[test]
    fn compact_begin_parses_with_perfetto_schema() {
        let mut buf = Vec::new();
        let flows = [FlowId(300), FlowId(5)];
        put_slice_begin(
            &mut buf,
            2,
            Stamp::Delta(0),
            TYPE_SLICE_BEGIN,
            &Begin {
                name_iid: 1,
                source_location_iid: 9,
                flows_out: &flows[..1],
                flows_in: &flows[1..],
                varint_flows: true,
                extra_counters: &[3, 0, 64],
                ..Begin::default()
            },
        );
        let p = &parse(&buf)[0];
        let e = p.track_event();
        assert!(!e.has_track_uuid());
        assert_eq!(e.extra_counter_values, vec![3, 0, 64]);
        #[allow(deprecated)]
        {
            assert_eq!(e.flow_ids_old, vec![300]);
            assert_eq!(e.terminating_flow_ids_old, vec![5]);
        }
        assert!(e.flow_ids.is_empty() && e.terminating_flow_ids.is_empty());
        assert_eq!(p.timestamp(), 0);
        assert!(p.has_timestamp());
    }

    #[test]
    fn end_counter_and_absolute_stamp_parse() {
        let mut buf = Vec::new();
        put_slice_end(&mut buf, 200, Stamp::Delta(1), 12);
        put_counter(&mut buf, 3, Stamp::Absolute(1 << 40), 99, -2);
        put_slice_end(&mut buf, 1, Stamp::Delta(0), 0);
        let ps = parse(&buf);
        assert_eq!(ps[0].timestamp(), 1);
        assert_eq!(ps[0].trusted_packet_sequence_id(), 200);
        assert_eq!(ps[0].track_event().type_(), Type::TYPE_SLICE_END);
        assert_eq!(ps[0].track_event().track_uuid(), 12);
        assert_eq!(ps[1].timestamp(), 1 << 40);
        assert_eq!(ps[1].timestamp_clock_id(), CLOCK_BOOTTIME);
        assert_eq!(ps[1].track_event().type_(), Type::TYPE_COUNTER);
        assert_eq!(ps[1].track_event().counter_value(), -2);
        assert_eq!(ps[1].track_event().track_uuid(), 99);
        assert!(!ps[2].track_event().has_track_uuid());
        // The size model agrees with the encoder.
        let mut b = Vec::new();
        put_slice_end(&mut b, 200, Stamp::Delta(1), 12);
        assert_eq!(b.len(), slice_end_len(200, 1, 12));
    }

    #[test]
    fn end_from_template_is_the_same_packet() {
        for (seq, ts, track) in [
            (3, Stamp::Delta(1), 4097),
            (u32::MAX, Stamp::Absolute(u64::MAX), u64::MAX),
            (1, Stamp::Delta(0), 0),
        ] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            put_slice_end(&mut a, seq, ts, track);
            put_end(&mut b, &EndTemplate::new(seq, track), ts);
            assert_eq!(a.len(), b.len());
            assert_eq!(parse(&a), parse(&b));
        }
    }

    /// Templates give the field-by-field packets byte for byte (the writer relies on it; tests/trace_encoding.rs
    /// checks whole traces).
    #[test]
    fn templates_are_the_field_by_field_packets() {
        for (seq, track, name, loc, delta) in [
            (3u32, 4097u64, 1u64, 1u64, 0u64),
            (200, 1, 130, 20_000, 127),
            (u32::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX),
            (1, 0, 5, 0, 128),
        ] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let e = Begin {
                track,
                name_iid: name,
                source_location_iid: loc,
                ..Begin::default()
            };
            put_slice_begin(&mut a, seq, Stamp::Delta(delta), TYPE_SLICE_BEGIN, &e);
            let t = BeginTemplate::new(seq, TYPE_SLICE_BEGIN, track, name, loc, (1, 0));
            put_begin(&mut b, &t, delta);
            assert_eq!(a, b);
            let p = &parse(&b)[0];
            assert_eq!(p.timestamp(), delta);
            assert_eq!(p.track_event().source_location_iid(), loc);
            for value in [0, 1, -1, 300, i64::MAX, i64::MIN] {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                let track = track.max(1);
                put_counter(&mut a, seq, Stamp::Delta(delta), track, value);
                put_counter_value(&mut b, &CounterTemplate::new(seq, track), delta, value);
                assert_eq!(a, b);
                let p = &parse(&b)[0];
                assert_eq!(p.track_event().counter_value(), value);
                assert_eq!(p.track_event().track_uuid(), track);
            }
        }
    }

    /// A begin and end written as a pair are `put_begin` then `put_end`, behind other bytes, for the largest
    /// templates and deltas too.
    #[test]
    fn begin_end_pair_is_the_two_packets() {
        for (seq, track, name, loc, delta, dur) in [
            (3u32, 4097u64, 1u64, 1u64, 0u64, 1u64),
            (200, 0, 130, 20_000, 127, 128),
            (u32::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX),
        ] {
            let bt = BeginTemplate::new(seq, TYPE_SLICE_BEGIN, track, name, loc, (1, 0));
            let et = EndTemplate::new(seq, track);
            let (mut a, mut b) = (vec![7], vec![7]);
            put_begin(&mut a, &bt, delta);
            put_end(&mut a, &et, Stamp::Delta(dur));
            put_begin_end(&mut b, &bt, &et, delta, dur);
            assert_eq!(a, b);
            let ps = parse(&b[1..]);
            assert_eq!((ps[0].timestamp(), ps[1].timestamp()), (delta, dur));
            assert_eq!(ps[1].track_event().type_(), Type::TYPE_SLICE_END);
        }
    }

    /// The compact layout's begins (no track, counter values on the slice) from a template are the
    /// field-by-field packets, for every count of values and values of every varint length.
    #[test]
    fn compact_begin_from_template_is_the_same_packet() {
        for (seq, name, loc, delta) in [
            (3u32, 1u64, 1u64, 0u64),
            (200, 130, 20_000, 127),
            (u32::MAX, u64::MAX, u64::MAX, u64::MAX),
        ] {
            for extra in [
                &[][..],
                &[5],
                &[0, 63],
                &[-1, i64::MAX, i64::MIN],
                &[3, 0, 64],
            ] {
                let (mut a, mut b) = (Vec::new(), vec![0xAB]);
                let e = Begin {
                    name_iid: name,
                    source_location_iid: loc,
                    extra_counters: extra,
                    varint_flows: true,
                    ..Begin::default()
                };
                put_slice_begin(&mut a, seq, Stamp::Delta(delta), TYPE_SLICE_BEGIN, &e);
                let t = BeginTemplate::new(seq, TYPE_SLICE_BEGIN, 0, name, loc, (1, 0));
                put_begin_counters(&mut b, &t, delta, extra);
                assert_eq!(a[..], b[1..], "{extra:?}");
                let p = &parse(&a)[0];
                assert_eq!(p.track_event().extra_counter_values, extra.to_vec());
                assert!(!p.track_event().has_track_uuid());
            }
        }
    }

    /// A memory instruction's slice begin (arguments and flows) written in place is the long path's packet,
    /// also after other bytes; one that would pass 127 bytes goes the long way (lengths of two bytes).
    #[test]
    fn memory_begin_in_place_is_the_long_packet() {
        let flows = [FlowId(u64::MAX), FlowId(7)];
        type Case<'a> = (Vec<(u64, u64)>, (u64, u64), &'a [FlowId], &'a [FlowId]);
        let cases: [Case; 3] = [
            (vec![(2, 64), (3, 60), (4, 4)], (1, 64), &flows[..1], &[]),
            (vec![(7, 3), (8, 1)], (0, 0), &[], &flows[1..]),
            (
                vec![(2, u64::MAX); 7],
                (1, u64::MAX),
                &flows[..1],
                &flows[1..],
            ),
        ];
        for (args, lanes, flows_out, flows_in) in &cases {
            for ts in [Stamp::Delta(3), Stamp::Absolute(1 << 40)] {
                let e = Begin {
                    track: 4097,
                    name_iid: 12,
                    source_location_iid: 99,
                    uint_arg: *lanes,
                    more_args: args,
                    flows_out,
                    flows_in,
                    ..Begin::default()
                };
                let (mut a, mut b) = (Vec::new(), vec![0xAB]);
                put_slice_begin_long(&mut a, 3, ts, TYPE_SLICE_BEGIN, &e);
                put_slice_begin(&mut b, 3, ts, TYPE_SLICE_BEGIN, &e);
                assert_eq!(a[..], b[1..]);
                let e = parse(&a)[0].track_event().clone();
                let n = args.len() + (lanes.0 != 0) as usize;
                assert_eq!(e.debug_annotations.len(), n);
                assert_eq!(
                    e.flow_ids.len() + e.terminating_flow_ids.len(),
                    flows_out.len() + flows_in.len()
                );
            }
        }
    }

    /// An instruction slice written at once (`put_instruction`) is `put_slice_begin`, `put_counter_value` for
    /// each counter and `put_end`, behind other bytes, for arguments, flows, counters, deltas and templates of
    /// every varint length; a begin that would reach 128 bytes writes nothing (the long path's case).
    #[test]
    fn instruction_at_once_is_the_packets_one_by_one() {
        let flows = [FlowId(u64::MAX), FlowId(7), FlowId(1 << 40)];
        let args_max = [(127u8, u64::MAX); INSTRUCTION_ARGS];
        type Case<'a> = (&'a [(u8, u64)], &'a [FlowId], &'a [FlowId], &'a [i64]);
        let cases: [Case; 6] = [
            (&[(2, 64), (3, 60), (4, 4)], &flows[..1], &[], &[3]),
            (&[(7, 3), (8, 1)], &[], &flows[1..], &[0, 63]),
            (&[], &[], &flows[..2], &[1]),
            (&[], &[], &[], &[]),
            (
                &[(2, 1)],
                &flows[..1],
                &flows[1..3],
                &[-1, i64::MIN, i64::MAX],
            ),
            (&args_max[..2], &flows[..1], &flows[..2], &[64, 0, 15]),
        ];
        let mut written = 0;
        for (seq, track, name, loc) in [
            (3u32, 4097u64, 12u64, 99u64),
            (200, 1, 130, 20_000),
            (u32::MAX, u64::MAX, u64::MAX, u64::MAX),
        ] {
            let bt = BeginTemplate::new(seq, TYPE_SLICE_BEGIN, track, name, loc, (1, 0));
            let et = EndTemplate::new(seq, track);
            let cts = [
                CounterTemplate::new(seq, 5),
                CounterTemplate::new(seq, 1 << 20),
                CounterTemplate::new(seq, u64::MAX),
            ];
            for (args, flows_out, flows_in, values) in &cases {
                for (delta, dur) in [(0u64, 1u64), (127, 128), (u64::MAX, u64::MAX)] {
                    let more: Vec<(u64, u64)> = args.iter().map(|&(k, v)| (k as u64, v)).collect();
                    let e = Begin {
                        track,
                        name_iid: name,
                        source_location_iid: loc,
                        more_args: &more,
                        flows_out,
                        flows_in,
                        ..Begin::default()
                    };
                    let mut a = vec![0xAB];
                    put_slice_begin(&mut a, seq, Stamp::Delta(delta), TYPE_SLICE_BEGIN, &e);
                    let long = a.len() - 1 - 2 >= 0x80;
                    let counters: Vec<(&CounterTemplate, i64)> = cts
                        .iter()
                        .zip(values.iter())
                        .map(|(t, &v)| (t, v))
                        .collect();
                    for &(t, v) in &counters {
                        put_counter_value(&mut a, t, 0, v);
                    }
                    put_end(&mut a, &et, Stamp::Delta(dur));
                    let mut b = vec![0xAB];
                    let ok = put_instruction(
                        &mut b, &bt, delta, args, flows_out, flows_in, &counters, &et, dur,
                    );
                    let what = format!("{seq} {track} {args:?} {flows_in:?} {values:?} {delta}");
                    if long {
                        assert!(
                            !ok,
                            "{what}: a begin of 128 bytes or more goes the long way"
                        );
                        assert_eq!(b, vec![0xAB], "{what}: nothing written");
                        continue;
                    }
                    assert!(ok, "{what}");
                    assert_eq!(a, b, "{what}");
                    let ps = parse(&b[1..]);
                    assert_eq!(ps.len(), 2 + values.len());
                    let ev = ps[0].track_event();
                    assert_eq!(ev.debug_annotations.len(), args.len());
                    assert_eq!(ev.flow_ids.len(), flows_out.len());
                    assert_eq!(ev.terminating_flow_ids.len(), flows_in.len());
                    for (p, &v) in ps[1..].iter().zip(values.iter()) {
                        assert_eq!(p.track_event().counter_value(), v);
                    }
                    assert_eq!(ps[ps.len() - 1].timestamp(), dur);
                    written += 1;
                }
            }
        }
        assert!(written > 20, "{written}");
        // beyond the bounds: nothing written
        let bt = BeginTemplate::new(3, TYPE_SLICE_BEGIN, 2, 1, 1, (1, 0));
        let et = EndTemplate::new(3, 2);
        let many = [FlowId(1); INSTRUCTION_FLOWS + 1];
        let mut b = Vec::new();
        assert!(!put_instruction(
            &mut b,
            &bt,
            0,
            &[],
            &many,
            &[],
            &[],
            &et,
            1
        ));
        assert!(!put_instruction(
            &mut b,
            &bt,
            0,
            &[(128, 0)],
            &[],
            &[],
            &[],
            &et,
            1
        ));
        assert!(b.is_empty());
    }

    #[test]
    fn largest_hot_packets_fit_their_arrays() {
        let mut buf = Vec::new();
        let ts = Stamp::Absolute(u64::MAX);
        put_slice_begin(
            &mut buf,
            u32::MAX,
            ts,
            TYPE_SLICE_BEGIN,
            &Begin {
                track: u64::MAX,
                name_iid: u64::MAX,
                source_location_iid: u64::MAX,
                uint_arg: (u64::MAX, u64::MAX),
                more_args: &[],
                extra_counters: &[-1, -1, -1],
                ..Begin::default()
            },
        );
        put_slice_end(&mut buf, u32::MAX, ts, u64::MAX);
        put_counter(&mut buf, u32::MAX, ts, u64::MAX, i64::MIN);
        let flows = [FlowId(u64::MAX), FlowId(u64::MAX - 1)];
        for varint_flows in [false, true] {
            put_slice_begin(
                &mut buf,
                u32::MAX,
                ts,
                TYPE_SLICE_BEGIN,
                &Begin {
                    track: u64::MAX,
                    name_iid: u64::MAX,
                    source_location_iid: u64::MAX,
                    flows_out: &flows[..1],
                    flows_in: &flows[1..],
                    extra_counters: &[-1, -1, -1],
                    varint_flows,
                    ..Begin::default()
                },
            );
        }
        let ps = parse(&buf);
        assert_eq!(ps.len(), 5);
        for p in &ps[3..] {
            let e = p.track_event();
            let out = [e.flow_ids.clone(), e.flow_ids_old.clone()].concat();
            let end = [
                e.terminating_flow_ids.clone(),
                e.terminating_flow_ids_old.clone(),
            ]
            .concat();
            assert_eq!((out, end), (vec![u64::MAX], vec![u64::MAX - 1]));
            assert_eq!(e.extra_counter_values, vec![-1, -1, -1]);
        }
        let e = ps[0].track_event();
        assert_eq!(e.extra_counter_values, vec![-1, -1, -1]);
        assert_eq!(e.debug_annotations[0].uint_value(), u64::MAX);
        assert_eq!(e.source_location_iid(), u64::MAX);
        assert_eq!(ps[1].track_event().track_uuid(), u64::MAX);
        assert_eq!(ps[2].track_event().counter_value(), i64::MIN);
        assert_eq!(ps[2].timestamp(), u64::MAX);
    }

    #[test]
    fn long_packets_get_longer_length_varints() {
        let mut buf = Vec::new();
        let ids: Vec<u64> = (1..=20).collect();
        let flows: Vec<FlowId> = ids.iter().map(|&i| FlowId(i)).collect();
        put_slice_begin(
            &mut buf,
            1,
            Stamp::Delta(0),
            TYPE_INSTANT,
            &Begin {
                track: 1,
                name_iid: 1,
                flows_in: &flows,
                ..Begin::default()
            },
        );
        let p = &parse(&buf)[0];
        assert_eq!(p.track_event().terminating_flow_ids, ids);
        assert_eq!(p.track_event().type_(), Type::TYPE_INSTANT);
    }

    #[test]
    fn put_message_frames_a_packet() {
        let mut p = TracePacket::new();
        p.set_timestamp(5);
        p.set_trusted_packet_sequence_id(2);
        let mut buf = Vec::new();
        put_message(&mut buf, &p);
        assert_eq!(parse(&buf), vec![p]);
    }
}
