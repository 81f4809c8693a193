//! `wavescope exec --trace FILE`: one Perfetto trace of every launch of the program on one timeline.
//!
//! The HIP runtime writes each launch's own trace (`wavescope run --trace`'s, on the modelled clock at the
//! device's 2.4 GHz) to `launch-NNNN.pftrace` in exec's scratch directory. Here they are joined: a track
//! `launches` holds one slice per launch, from the modelled time the launch starts (launches run back to back on
//! the device's modelled clock, as `hipEventElapsedTime` counts them) for its modelled duration; below it a
//! track per launch (`#N kernel`) is the parent of that launch's CU / work-group / wave tracks.
//!
//! Each launch's packets are copied with what makes them unique in the joined file moved out of the other
//! launches' way (track_descriptor.proto, trace_packet.proto, clock_snapshot.proto): track uuids and flow ids by
//! `(N + 1) << 48`, trusted packet sequence ids by `(N + 1) << 16`, and its BOOTTIME instants (clock snapshots
//! and BOOTTIME-stamped packets) by the launch's start in ns; the per-wave incremental clocks are anchored by the
//! snapshots, so their deltas stay as written.

use perfetto_protos::clock_snapshot::ClockSnapshot;
use perfetto_protos::trace_packet::TracePacket;
use perfetto_protos::track_descriptor::TrackDescriptor;
use perfetto_protos::track_event::{track_event::Type, TrackEvent};
use protobuf::Message;
use std::collections::HashMap;
use std::io::Write;
use std::path::Path;

/// BUILTIN_CLOCK_BOOTTIME (builtin_clock.proto).
const CLOCK_BOOTTIME: u32 = 6;
/// Sequence of the joined file's own packets (launch sequences start at 1 << 16).
const OWN_SEQUENCE: u32 = 1;
const ROOT_UUID: u64 = 1;
const QUEUE_UUID: u64 = 2;

fn launch_uuid(index: u64) -> u64 {
    16 + index
}

/// Append one `Trace.packet` record (field 1, length-delimited).
fn put_packet(out: &mut Vec<u8>, p: &TracePacket) -> protobuf::Result<()> {
    let bytes = p.write_to_bytes()?;
    out.push(0x0a);
    let mut n = bytes.len() as u64;
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            break;
        }
        out.push(b | 0x80);
    }
    out.extend_from_slice(&bytes);
    Ok(())
}

/// The `Trace.packet` records of a file: (offset, length) of each packet's bytes.
fn packets(bytes: &[u8]) -> Result<Vec<(usize, usize)>, String> {
    let mut v = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != 0x0a {
            return Err(format!("byte {i}: not a Trace.packet record"));
        }
        i += 1;
        let (mut n, mut shift) = (0u64, 0);
        loop {
            let b = *bytes.get(i).ok_or("truncated length")?;
            i += 1;
            n |= ((b & 0x7f) as u64) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
            if shift > 63 {
                return Err("bad varint".into());
            }
        }
        let n = n as usize;
        if i + n > bytes.len() {
            return Err(format!("packet at {i} runs past the end"));
        }
        v.push((i, n));
        i += n;
    }
    Ok(v)
}

fn named_track(uuid: u64, parent: Option<u64>, name: &str) -> TracePacket {
    let mut t = TrackDescriptor::new();
    t.set_uuid(uuid);
    if let Some(p) = parent {
        t.set_parent_uuid(p);
    }
    t.set_name(name.to_string());
    let mut p = TracePacket::new();
    p.set_track_descriptor(t);
    p.set_trusted_packet_sequence_id(OWN_SEQUENCE);
    p
}

fn slice_event(ts: u64, track: u64, ty: Type, name: Option<&str>) -> TracePacket {
    let mut e = TrackEvent::new();
    e.set_type(ty);
    e.set_track_uuid(track);
    if let Some(n) = name {
        e.set_name(n.to_string());
    }
    let mut p = TracePacket::new();
    p.set_timestamp(ts);
    p.set_timestamp_clock_id(CLOCK_BOOTTIME);
    p.set_track_event(e);
    p.set_trusted_packet_sequence_id(OWN_SEQUENCE);
    p
}

/// Join the launches' traces (`dir/launch-NNNN.pftrace`, for each record of `launches`) into `out`.
/// Returns (launches joined, bytes written).
pub fn join(
    dir: &Path,
    launches: &[serde_json::Value],
    program: &str,
    out: &Path,
) -> anyhow::Result<(usize, usize)> {
    let mut buf = Vec::new();
    let mut first = named_track(ROOT_UUID, None, &format!("wavescope exec {program}"));
    first.set_sequence_flags(1); // SEQ_INCREMENTAL_STATE_CLEARED
    put_packet(&mut buf, &first)?;
    put_packet(
        &mut buf,
        &named_track(QUEUE_UUID, Some(ROOT_UUID), "launches"),
    )?;
    let mut at_ns = 0u64;
    let mut joined = 0;
    for l in launches {
        let index = l["index"].as_u64().unwrap_or(0);
        let name = l["demangled"].as_str().unwrap_or("?");
        let dur = l["modelled_ns"].as_f64().unwrap_or(0.0).round().max(1.0) as u64;
        let lt = launch_uuid(index);
        put_packet(
            &mut buf,
            &named_track(lt, Some(ROOT_UUID), &format!("#{index} {name}")),
        )?;
        put_packet(
            &mut buf,
            &slice_event(at_ns, QUEUE_UUID, Type::TYPE_SLICE_BEGIN, Some(name)),
        )?;
        put_packet(
            &mut buf,
            &slice_event(at_ns + dur, QUEUE_UUID, Type::TYPE_SLICE_END, None),
        )?;
        let file = dir.join(format!("launch-{index:04}.pftrace"));
        if let Ok(bytes) = std::fs::read(&file) {
            copy_launch(&mut buf, &bytes, index, at_ns, lt)
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            joined += 1;
        }
        at_ns += dur;
    }
    let mut f = std::fs::File::create(out)
        .map_err(|e| anyhow::anyhow!("cannot write trace {}: {e}", out.display()))?;
    f.write_all(&buf)
        .map_err(|e| anyhow::anyhow!("cannot write trace {}: {e}", out.display()))?;
    Ok((joined, buf.len()))
}

/// Copy one launch's packets, moved to its own uuids, flow ids, sequences and start time (module docs).
fn copy_launch(
    out: &mut Vec<u8>,
    bytes: &[u8],
    index: u64,
    start_ns: u64,
    parent: u64,
) -> Result<(), String> {
    let ushift = (index + 1) << 48; // the writer's own uuids stay below 5 << 40 (writer::uuid)
    let sshift = ((index + 1) << 16) as u32;
    let mut default_clock: HashMap<u32, u32> = HashMap::new();
    for (off, n) in packets(bytes)? {
        let mut p =
            TracePacket::parse_from_bytes(&bytes[off..off + n]).map_err(|e| e.to_string())?;
        let seq = p.trusted_packet_sequence_id();
        if p.has_trusted_packet_sequence_id() {
            p.set_trusted_packet_sequence_id(seq.wrapping_add(sshift));
        }
        if let Some(d) = p.trace_packet_defaults.as_mut() {
            if d.has_timestamp_clock_id() {
                default_clock.insert(seq, d.timestamp_clock_id());
            }
            if let Some(t) = d.track_event_defaults.as_mut() {
                if t.has_track_uuid() {
                    t.set_track_uuid(t.track_uuid() + ushift);
                }
                for u in t.extra_counter_track_uuids.iter_mut() {
                    *u += ushift;
                }
            }
        }
        if p.has_clock_snapshot() {
            let s: &mut ClockSnapshot = p.mut_clock_snapshot();
            for c in s.clocks.iter_mut() {
                if c.clock_id() == CLOCK_BOOTTIME {
                    c.set_timestamp(c.timestamp() + start_ns);
                }
            }
        }
        if p.has_timestamp() {
            let clock = if p.has_timestamp_clock_id() {
                p.timestamp_clock_id()
            } else {
                default_clock.get(&seq).copied().unwrap_or(CLOCK_BOOTTIME)
            };
            if clock == CLOCK_BOOTTIME {
                p.set_timestamp(p.timestamp() + start_ns);
            }
        }
        if p.has_track_descriptor() {
            let t = p.mut_track_descriptor();
            t.set_uuid(t.uuid() + ushift);
            if t.has_parent_uuid() {
                t.set_parent_uuid(t.parent_uuid() + ushift);
            } else {
                t.set_parent_uuid(parent);
            }
        }
        if p.has_track_event() {
            let e = p.mut_track_event();
            if e.has_track_uuid() {
                e.set_track_uuid(e.track_uuid() + ushift);
            }
            for u in e.extra_counter_track_uuids.iter_mut() {
                *u += ushift;
            }
            for f in e.flow_ids.iter_mut() {
                *f += ushift;
            }
            for f in e.terminating_flow_ids.iter_mut() {
                *f += ushift;
            }
            for f in e.flow_ids_old.iter_mut() {
                *f += ushift;
            }
            for f in e.terminating_flow_ids_old.iter_mut() {
                *f += ushift;
            }
        }
        put_packet(out, &p).map_err(|e| e.to_string())?;
    }
    Ok(())
}
