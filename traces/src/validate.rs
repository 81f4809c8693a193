//! The project's own trace checker: decodes a `.pftrace` with Perfetto's schema (`perfetto_protos`) and checks
//! what trace_processor's TrackEvent import relies on, so a trace that passes here opens in ui.perfetto.dev with
//! every slice, counter and flow in place.
//!
//! Checked, per the comments of trace_packet.proto, track_event.proto, interned_data.proto,
//! track_descriptor.proto, clock_snapshot.proto and trace_packet_defaults.proto:
//! - framing: a trace is `Trace.packet` records (tag 0x0A, varint length); a length past the end is an error
//!   found before anything is read; `compressed_packets` containers are inflated and their packets checked in
//!   place, as trace_processor reads them;
//! - sequences: packets with interned data, defaults, events or sequence flags carry a
//!   `trusted_packet_sequence_id`; a sequence must have cleared its incremental state
//!   (`SEQ_INCREMENTAL_STATE_CLEARED`, or the older `incremental_state_cleared`) before it interns data or uses
//!   an interned id (trace_processor drops such packets);
//! - interned ids (event names, categories, debug annotation names and string values, source locations) are
//!   defined on their sequence before an event uses them;
//! - timestamps: the packet's clock (or the sequence default) is BOOTTIME or a sequence-scoped clock (64..=127)
//!   given by an earlier clock snapshot on the sequence; incremental clocks add deltas;
//! - tracks: every track an event lands on (its `track_uuid`, the sequence's default track, extra counter
//!   tracks) and every parent uuid is described by a `TrackDescriptor` somewhere in the trace; counter values
//!   only on counter tracks, slices and instants never on them;
//! - slices: per track, every `TYPE_SLICE_END` closes an open begin no earlier than it, no event falls before
//!   the begin of the slice it is written inside, nothing is left open at the end; every event has a type;
//! - flows: an id in `flow_ids` (or `flow_ids_old`) starts or continues a flow, one in `terminating_flow_ids`
//!   ends it; every flow ends, and none ends without having started.
//!
//! Events are taken in file order. trace_processor sorts by timestamp first; with the nesting checks above that
//! changes nothing for slices written begin-to-end, and this writer's flows stay within one wave's sequence,
//! written in time order.

use flate2::read::ZlibDecoder;
use perfetto_protos::debug_annotation::debug_annotation;
use perfetto_protos::trace_packet::TracePacket;
use perfetto_protos::track_descriptor::track_descriptor;
use perfetto_protos::track_event::track_event::{self, Type};
use protobuf::Message;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::io::{BufReader, Read};
use std::path::Path;

/// A `compressed_packets` container inflating to more than this is refused (Perfetto's service writes
/// containers of at most a few MiB).
pub const MAX_INFLATED_BYTES: usize = 256 << 20;
/// Problems kept in full; the rest are counted in one last `TooManyProblems` entry.
const MAX_PROBLEMS: usize = 200;

/// BUILTIN_CLOCK_BOOTTIME (builtin_clock.proto), trace_processor's default trace clock.
const CLOCK_BOOTTIME: u32 = 6;
/// TracePacket.SequenceFlags.
const SEQ_INCREMENTAL_STATE_CLEARED: u32 = 1;
const SEQ_NEEDS_INCREMENTAL_STATE: u32 = 2;

/// What is wrong with a trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ProblemKind {
    /// The file cannot be read.
    Io,
    /// Framing or protobuf decoding failed, or a container does not inflate.
    Malformed,
    /// A packet needing a sequence has no `trusted_packet_sequence_id`.
    NoSequenceId,
    /// Interned data or an interned id on a sequence that never set `SEQ_INCREMENTAL_STATE_CLEARED`.
    StateNotCleared,
    /// An interned id not defined (yet) on the event's sequence.
    UndefinedInternedId,
    /// A timestamp on a sequence-scoped clock no clock snapshot of the sequence defined, or on another clock.
    UnknownClock,
    /// An event on a track uuid no `TrackDescriptor` describes (or an event naming no track).
    UndescribedTrack,
    /// A `TrackDescriptor` whose `parent_uuid` is not described.
    UnknownParentTrack,
    /// An event without a (known) `type`.
    UnspecifiedEventType,
    /// A track's events go back in time.
    TimestampBackwards,
    /// `TYPE_SLICE_END` on a track with no open slice.
    SliceEndWithoutBegin,
    /// A slice still open at the end of the trace.
    UnterminatedSlice,
    /// A counter value on a track that is not a counter track.
    CounterOnNonCounterTrack,
    /// A slice or instant on a counter track.
    SliceOnCounterTrack,
    /// A terminating flow id that no event started.
    FlowWithoutSource,
    /// A flow that never terminates.
    FlowNeverTerminated,
    /// More problems than are listed.
    TooManyProblems,
}

/// One problem, at the packet (1-based, counting packets inside containers too) where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub kind: ProblemKind,
    pub packet: u64,
    pub detail: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "packet {}: {:?}: {}",
            self.packet, self.kind, self.detail
        )
    }
}

/// Counts of what a valid trace holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Packets, those inside `compressed_packets` containers included (containers too).
    pub packets: u64,
    /// `Trace.packet` records of the file itself (a container counts once).
    pub top_level_packets: u64,
    pub compressed_containers: u64,
    pub sequences: u64,
    /// Described tracks, and how many of them are counter tracks.
    pub tracks: u64,
    pub counter_tracks: u64,
    /// Completed begin/end slices, and instants.
    pub slices: u64,
    pub instants: u64,
    /// Counter values (`TYPE_COUNTER` events and `extra_counter_values` entries).
    pub counter_values: u64,
    /// Flow arrows (a flow over several events counts each step).
    pub flows: u64,
    pub slices_by_name: BTreeMap<String, u64>,
    pub instants_by_name: BTreeMap<String, u64>,
    /// Slices (not instants) per track uuid.
    pub slices_by_track: BTreeMap<u64, u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrackKind {
    Counter,
    Process,
    Thread,
    Named,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    pub uuid: u64,
    pub name: String,
    pub parent: Option<u64>,
    pub kind: TrackKind,
}

/// A debug annotation's value.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Bool(bool),
    Uint(u64),
    Int(i64),
    Double(f64),
    Pointer(u64),
    Str(String),
    /// Nested or proto values: not decoded.
    Other,
}

/// An interned source location.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    pub file: String,
    pub line: u32,
    pub function: String,
}

/// A slice or instant, in the order its begin (or the instant) appears.
#[derive(Clone, Debug, PartialEq)]
pub struct Slice {
    /// Index in [`Trace::slices`].
    pub id: usize,
    pub ts: i64,
    /// Duration in ns; 0 for an instant; -1 while open.
    pub dur: i64,
    pub instant: bool,
    pub track: u64,
    pub name: String,
    /// Open slices on the track below it.
    pub depth: u32,
    pub args: Vec<(String, Arg)>,
    pub source: Option<Source>,
}

impl Slice {
    pub fn arg(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct CounterValue {
    pub ts: i64,
    pub track: u64,
    pub value: f64,
}

/// A flow arrow between two slices (indices in [`Trace::slices`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flow {
    pub from: usize,
    pub to: usize,
}

/// The whole decoded trace, as trace_processor's `track`, `slice`, `counter` and `flow` tables would hold it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    pub summary: Summary,
    pub tracks: BTreeMap<u64, Track>,
    pub slices: Vec<Slice>,
    pub counters: Vec<CounterValue>,
    pub flows: Vec<Flow>,
}

impl Trace {
    pub fn track_name(&self, uuid: u64) -> &str {
        self.tracks
            .get(&uuid)
            .map(|t| t.name.as_str())
            .unwrap_or("")
    }
}

/// Check a trace file; its summary, or every problem found.
pub fn check_file(path: &Path) -> Result<Summary, Vec<Problem>> {
    run_file(path, false).map(|t| t.summary)
}

/// Check a trace file and keep its tables.
pub fn read_file(path: &Path) -> Result<Trace, Vec<Problem>> {
    run_file(path, true)
}

/// Check a trace held in memory.
pub fn check_bytes(bytes: &[u8]) -> Result<Summary, Vec<Problem>> {
    run(bytes, bytes.len() as u64, false).map(|t| t.summary)
}

/// Check a trace held in memory and keep its tables.
pub fn read_bytes(bytes: &[u8]) -> Result<Trace, Vec<Problem>> {
    run(bytes, bytes.len() as u64, true)
}

fn run_file(path: &Path, keep: bool) -> Result<Trace, Vec<Problem>> {
    let io = |e: std::io::Error| {
        vec![Problem {
            kind: ProblemKind::Io,
            packet: 0,
            detail: format!("{}: {e}", path.display()),
        }]
    };
    let f = std::fs::File::open(path).map_err(io)?;
    let len = f.metadata().map_err(io)?.len();
    run(BufReader::with_capacity(1 << 20, f), len, keep)
}

fn run(r: impl Read, len: u64, keep: bool) -> Result<Trace, Vec<Problem>> {
    let mut c = Checker {
        keep,
        ..Checker::default()
    };
    c.framing_broke = !c.read_records(r, len, false);
    c.finish()
}

/// A sequence-scoped clock from a clock snapshot.
#[derive(Clone, Copy, Default)]
struct SeqClock {
    /// The clock's value and BOOTTIME's at the snapshot.
    snap: u64,
    boot: u64,
    mult: u64,
    incremental: bool,
    /// An incremental clock's latest value.
    last: u64,
}

#[derive(Default)]
struct Sequence {
    cleared: bool,
    names: HashMap<u64, String>,
    categories: HashSet<u64>,
    ann_names: HashMap<u64, String>,
    strings: HashMap<u64, String>,
    sources: HashMap<u64, Source>,
    default_clock: Option<u32>,
    default_track: Option<u64>,
    extra_counters: Vec<u64>,
    extra_double_counters: Vec<u64>,
    clocks: HashMap<u32, SeqClock>,
}

impl Sequence {
    fn clear(&mut self) {
        self.cleared = true;
        self.names.clear();
        self.categories.clear();
        self.ann_names.clear();
        self.strings.clear();
        self.sources.clear();
        self.default_clock = None;
        self.default_track = None;
        self.extra_counters.clear();
        self.extra_double_counters.clear();
    }
}

#[derive(Default)]
struct TrackUse {
    /// Open slices: (slice id, begin ts).
    stack: Vec<(usize, i64)>,
    /// First packet using the track for a counter value / for a slice or instant.
    counter_at: Option<u64>,
    slice_at: Option<u64>,
}

#[derive(Default)]
struct Checker {
    keep: bool,
    packet: u64,
    problems: Vec<Problem>,
    more_problems: u64,
    seqs: HashMap<u32, Sequence>,
    tracks: BTreeMap<u64, Track>,
    uses: HashMap<u64, TrackUse>,
    /// Open flows: id -> (slice id, its ts).
    flows_open: HashMap<u64, (usize, i64)>,
    next_slice: usize,
    /// The file's framing broke: what follows cannot be read, so the end-of-trace checks are skipped.
    framing_broke: bool,
    out: Trace,
}

fn varint(r: &mut impl Read) -> Result<Option<u64>, String> {
    let mut v = 0u64;
    for i in 0..10 {
        let mut b = [0u8];
        match r.read(&mut b) {
            Ok(0) if i == 0 => return Ok(None),
            Ok(0) => return Err("the file ends inside a varint".into()),
            Ok(_) => {}
            Err(e) => return Err(e.to_string()),
        }
        v |= ((b[0] & 0x7F) as u64) << (7 * i);
        if b[0] < 0x80 {
            return Ok(Some(v));
        }
    }
    Err("varint longer than 10 bytes".into())
}

impl Checker {
    fn problem(&mut self, kind: ProblemKind, detail: impl Into<String>) {
        if self.problems.len() < MAX_PROBLEMS {
            self.problems.push(Problem {
                kind,
                packet: self.packet,
                detail: detail.into(),
            });
        } else {
            self.more_problems += 1;
        }
    }

    /// `Trace.packet` records from `r` (`len` bytes). Returns false when the framing broke.
    fn read_records(&mut self, mut r: impl Read, len: u64, inner: bool) -> bool {
        let mut at = 0u64;
        let mut buf = Vec::new();
        loop {
            let mut tag = [0u8];
            match r.read(&mut tag) {
                Ok(0) => return true,
                Ok(_) => {}
                Err(e) => {
                    self.problem(ProblemKind::Io, e.to_string());
                    return false;
                }
            }
            at += 1;
            if tag[0] != 0x0A {
                self.problem(
                    ProblemKind::Malformed,
                    format!(
                        "offset {}: expected a Trace.packet record (tag 0x0a), found 0x{:02x}",
                        at - 1,
                        tag[0]
                    ),
                );
                return false;
            }
            let n = match varint(&mut r) {
                Ok(Some(n)) => n,
                Ok(None) | Err(_) => {
                    self.problem(
                        ProblemKind::Malformed,
                        format!("offset {at}: bad packet length"),
                    );
                    return false;
                }
            };
            at += varint_len(n);
            // The length is checked against what is left before anything is allocated.
            if n > len.saturating_sub(at) {
                self.problem(
                    ProblemKind::Malformed,
                    format!(
                        "offset {at}: packet of {n} bytes runs past the end ({} bytes left)",
                        len.saturating_sub(at)
                    ),
                );
                return false;
            }
            buf.resize(n as usize, 0);
            if let Err(e) = r.read_exact(&mut buf) {
                self.problem(ProblemKind::Io, e.to_string());
                return false;
            }
            at += n;
            self.packet += 1;
            if !inner {
                self.out.summary.top_level_packets += 1;
            }
            match TracePacket::parse_from_bytes(&buf) {
                Ok(p) => self.packet_in(&p, inner),
                Err(e) => self.problem(ProblemKind::Malformed, format!("not a TracePacket: {e}")),
            }
        }
    }

    fn packet_in(&mut self, p: &TracePacket, inner: bool) {
        if p.has_compressed_packets() {
            self.out.summary.compressed_containers += 1;
            if inner {
                self.problem(
                    ProblemKind::Malformed,
                    "compressed_packets inside a compressed_packets container",
                );
                return;
            }
            let mut data = Vec::new();
            let mut z =
                ZlibDecoder::new(p.compressed_packets()).take(MAX_INFLATED_BYTES as u64 + 1);
            if let Err(e) = z.read_to_end(&mut data) {
                self.problem(
                    ProblemKind::Malformed,
                    format!("compressed_packets does not inflate: {e}"),
                );
                return;
            }
            if data.len() > MAX_INFLATED_BYTES {
                self.problem(
                    ProblemKind::Malformed,
                    format!("compressed_packets inflates past {MAX_INFLATED_BYTES} bytes"),
                );
                return;
            }
            let n = data.len() as u64;
            self.read_records(&data[..], n, true);
            return;
        }
        let flags = p.sequence_flags();
        let needs_seq = p.interned_data.is_some()
            || p.trace_packet_defaults.is_some()
            || p.has_track_event()
            || flags != 0
            || p.incremental_state_cleared()
            || p.first_packet_on_sequence();
        let sid = p.trusted_packet_sequence_id();
        if needs_seq && sid == 0 {
            self.problem(
                ProblemKind::NoSequenceId,
                "packet uses sequence state but has no trusted_packet_sequence_id",
            );
            return;
        }
        let seq = self.seqs.entry(sid).or_default();
        if flags & SEQ_INCREMENTAL_STATE_CLEARED != 0
            || p.incremental_state_cleared()
            || p.first_packet_on_sequence()
        {
            seq.clear();
        }
        let cleared = seq.cleared;
        if !cleared
            && (flags & SEQ_NEEDS_INCREMENTAL_STATE != 0
                || p.interned_data.is_some()
                || p.trace_packet_defaults.is_some())
        {
            self.problem(
                ProblemKind::StateNotCleared,
                format!(
                    "sequence {sid} uses incremental state (interned data, defaults or \
                     SEQ_NEEDS_INCREMENTAL_STATE) before a packet with SEQ_INCREMENTAL_STATE_CLEARED"
                ),
            );
        }
        let seq = self.seqs.get_mut(&sid).unwrap();
        if let Some(d) = p.trace_packet_defaults.as_ref() {
            seq.default_clock = d.timestamp_clock_id;
            if let Some(t) = d.track_event_defaults.as_ref() {
                seq.default_track = t.track_uuid;
                seq.extra_counters = t.extra_counter_track_uuids.clone();
                seq.extra_double_counters = t.extra_double_counter_track_uuids.clone();
            }
        }
        if let Some(d) = p.interned_data.as_ref() {
            for e in &d.event_names {
                seq.names.insert(e.iid(), e.name().to_string());
            }
            for e in &d.event_categories {
                seq.categories.insert(e.iid());
            }
            for e in &d.debug_annotation_names {
                seq.ann_names.insert(e.iid(), e.name().to_string());
            }
            for e in &d.debug_annotation_string_values {
                seq.strings
                    .insert(e.iid(), String::from_utf8_lossy(e.str()).into_owned());
            }
            for e in &d.source_locations {
                seq.sources.insert(
                    e.iid(),
                    Source {
                        file: e.file_name().to_string(),
                        line: e.line_number(),
                        function: e.function_name().to_string(),
                    },
                );
            }
        }
        if p.has_clock_snapshot() {
            let clocks = &p.clock_snapshot().clocks;
            let boot = clocks
                .iter()
                .find(|c| c.clock_id() == CLOCK_BOOTTIME)
                .map(|c| c.timestamp());
            let mut unconvertible = Vec::new();
            for c in clocks {
                if (64..=127).contains(&c.clock_id()) {
                    match boot {
                        Some(boot) => {
                            seq.clocks.insert(
                                c.clock_id(),
                                SeqClock {
                                    snap: c.timestamp(),
                                    boot,
                                    mult: c.unit_multiplier_ns.unwrap_or(1).max(1),
                                    incremental: c.is_incremental(),
                                    last: c.timestamp(),
                                },
                            );
                        }
                        None => unconvertible.push(c.clock_id()),
                    }
                }
            }
            for id in unconvertible {
                self.problem(
                    ProblemKind::UnknownClock,
                    format!("clock snapshot defines clock {id} without BOOTTIME to convert it to"),
                );
            }
        }
        if p.has_track_descriptor() {
            self.descriptor(p);
        }
        if p.has_track_event() {
            self.event(p, sid);
        }
    }

    fn descriptor(&mut self, p: &TracePacket) {
        let td = p.track_descriptor();
        let kind = if td.counter.is_some() {
            TrackKind::Counter
        } else if td.process.is_some() {
            TrackKind::Process
        } else if td.thread.is_some() {
            TrackKind::Thread
        } else {
            TrackKind::Named
        };
        let name = match &td.static_or_dynamic_name {
            Some(track_descriptor::Static_or_dynamic_name::Name(n))
            | Some(track_descriptor::Static_or_dynamic_name::StaticName(n))
            | Some(track_descriptor::Static_or_dynamic_name::AtraceName(n)) => n.clone(),
            None if kind == TrackKind::Process => td.process.process_name().to_string(),
            None if kind == TrackKind::Thread => td.thread.thread_name().to_string(),
            _ => String::new(),
        };
        let uuid = td.uuid();
        if self.tracks.contains_key(&uuid) {
            // trace_processor keeps the first description of a uuid; a second one is harmless if equal.
            return;
        }
        self.tracks.insert(
            uuid,
            Track {
                uuid,
                name,
                parent: td.parent_uuid,
                kind,
            },
        );
    }

    /// The event's time in ns on the trace clock (BOOTTIME).
    fn timestamp(&mut self, p: &TracePacket, sid: u32) -> Option<i64> {
        let seq = self.seqs.get_mut(&sid).unwrap();
        let clock = p.timestamp_clock_id.or(seq.default_clock);
        let ts = p.timestamp();
        match clock {
            None | Some(CLOCK_BOOTTIME) => Some(ts as i64),
            Some(id) => {
                match seq.clocks.get_mut(&id) {
                    Some(c) => {
                        let v = if c.incremental {
                            c.last = c.last.wrapping_add(ts);
                            c.last
                        } else {
                            ts
                        };
                        let ns = c.boot as i128 + (v as i128 - c.snap as i128) * c.mult as i128;
                        Some(ns as i64)
                    }
                    None => {
                        let why = if (64..=127).contains(&id) {
                            format!("sequence {sid}: clock {id} was not defined by a clock snapshot on it")
                        } else {
                            format!("clock {id} is neither BOOTTIME nor a sequence-scoped clock")
                        };
                        self.problem(ProblemKind::UnknownClock, why);
                        None
                    }
                }
            }
        }
    }

    fn event(&mut self, p: &TracePacket, sid: u32) {
        let Some(ts) = self.timestamp(p, sid) else {
            return;
        };
        let e = p.track_event();
        let seq = &self.seqs[&sid];
        let cleared = seq.cleared;
        let mut undefined: Vec<String> = Vec::new();
        let name = match &e.name_field {
            Some(track_event::Name_field::Name(n)) => n.clone(),
            Some(track_event::Name_field::NameIid(i)) => match seq.names.get(i) {
                Some(n) => n.clone(),
                None => {
                    undefined.push(format!("event name iid {i}"));
                    String::new()
                }
            },
            _ => String::new(),
        };
        for i in &e.category_iids {
            if !seq.categories.contains(i) {
                undefined.push(format!("category iid {i}"));
            }
        }
        let mut args = Vec::new();
        if self.keep || !e.debug_annotations.is_empty() {
            for a in &e.debug_annotations {
                let an = match &a.name_field {
                    Some(debug_annotation::Name_field::Name(n)) => n.clone(),
                    Some(debug_annotation::Name_field::NameIid(i)) => match seq.ann_names.get(i) {
                        Some(n) => n.clone(),
                        None => {
                            undefined.push(format!("debug annotation name iid {i}"));
                            continue;
                        }
                    },
                    _ => String::new(),
                };
                use debug_annotation::Value as V;
                let v = match &a.value {
                    Some(V::BoolValue(b)) => Arg::Bool(*b),
                    Some(V::UintValue(u)) => Arg::Uint(*u),
                    Some(V::IntValue(i)) => Arg::Int(*i),
                    Some(V::DoubleValue(d)) => Arg::Double(*d),
                    Some(V::PointerValue(u)) => Arg::Pointer(*u),
                    Some(V::StringValue(s)) | Some(V::LegacyJsonValue(s)) => Arg::Str(s.clone()),
                    Some(V::StringValueIid(i)) => match seq.strings.get(i) {
                        Some(s) => Arg::Str(s.clone()),
                        None => {
                            undefined.push(format!("debug annotation string iid {i}"));
                            Arg::Other
                        }
                    },
                    _ => Arg::Other,
                };
                args.push((an, v));
            }
        }
        let source = match &e.source_location_field {
            Some(track_event::Source_location_field::SourceLocationIid(i)) => {
                match seq.sources.get(i) {
                    Some(s) => Some(s.clone()),
                    None => {
                        undefined.push(format!("source location iid {i}"));
                        None
                    }
                }
            }
            Some(track_event::Source_location_field::SourceLocation(l)) => Some(Source {
                file: l.file_name().to_string(),
                line: l.line_number(),
                function: l.function_name().to_string(),
            }),
            _ => None,
        };
        let uses_iids = matches!(e.name_field, Some(track_event::Name_field::NameIid(_)))
            || !e.category_iids.is_empty()
            || matches!(
                e.source_location_field,
                Some(track_event::Source_location_field::SourceLocationIid(_))
            )
            || e.debug_annotations.iter().any(|a| {
                matches!(a.name_field, Some(debug_annotation::Name_field::NameIid(_)))
                    || matches!(a.value, Some(debug_annotation::Value::StringValueIid(_)))
            });
        let default_track = seq.default_track;
        let extra: Vec<(u64, f64)> = {
            let uuids = if e.extra_counter_track_uuids.is_empty() {
                &seq.extra_counters
            } else {
                &e.extra_counter_track_uuids
            };
            let duuids = if e.extra_double_counter_track_uuids.is_empty() {
                &seq.extra_double_counters
            } else {
                &e.extra_double_counter_track_uuids
            };
            if e.extra_counter_values.len() > uuids.len()
                || e.extra_double_counter_values.len() > duuids.len()
            {
                undefined.push("extra counter values without as many extra counter tracks".into());
            }
            let ints = e
                .extra_counter_values
                .iter()
                .zip(uuids)
                .map(|(v, u)| (*u, *v as f64));
            let doubles = e
                .extra_double_counter_values
                .iter()
                .zip(duuids)
                .map(|(v, u)| (*u, *v));
            ints.chain(doubles).collect()
        };
        if uses_iids && !cleared {
            self.problem(
                ProblemKind::StateNotCleared,
                format!(
                    "sequence {sid}: an interned id is used before SEQ_INCREMENTAL_STATE_CLEARED"
                ),
            );
        }
        for u in undefined {
            self.problem(
                ProblemKind::UndefinedInternedId,
                format!("sequence {sid}: {u} is not defined on the sequence"),
            );
        }
        let Some(track) = e.track_uuid.or(default_track) else {
            self.problem(
                ProblemKind::UndescribedTrack,
                format!("sequence {sid}: the event names no track_uuid and the sequence has no default track"),
            );
            return;
        };
        for (u, v) in extra {
            self.counter(u, ts, v);
        }
        let ty = e.type_.map(|t| t.enum_value());
        let flows_out: Vec<u64> = e.flow_ids.iter().chain(&e.flow_ids_old).copied().collect();
        let flows_in: Vec<u64> = e
            .terminating_flow_ids
            .iter()
            .chain(&e.terminating_flow_ids_old)
            .copied()
            .collect();
        let slice = match ty {
            Some(Ok(Type::TYPE_COUNTER)) => {
                let v = match e.counter_value_field {
                    Some(track_event::Counter_value_field::CounterValue(v)) => v as f64,
                    Some(track_event::Counter_value_field::DoubleCounterValue(v)) => v,
                    _ => 0.0,
                };
                self.counter(track, ts, v);
                return;
            }
            Some(Ok(Type::TYPE_SLICE_BEGIN)) | Some(Ok(Type::TYPE_INSTANT)) => {
                let instant = ty == Some(Ok(Type::TYPE_INSTANT));
                let Some(depth) = self.slice_use(track, ts) else {
                    return;
                };
                let id = self.next_slice;
                self.next_slice += 1;
                let s = &mut self.out.summary;
                if instant {
                    s.instants += 1;
                    *s.instants_by_name.entry(name.clone()).or_default() += 1;
                } else {
                    s.slices += 1;
                    *s.slices_by_name.entry(name.clone()).or_default() += 1;
                    *s.slices_by_track.entry(track).or_default() += 1;
                    self.uses.get_mut(&track).unwrap().stack.push((id, ts));
                }
                if self.keep {
                    self.out.slices.push(Slice {
                        id,
                        ts,
                        dur: if instant { 0 } else { -1 },
                        instant,
                        track,
                        name,
                        depth,
                        args,
                        source,
                    });
                }
                (id, ts)
            }
            Some(Ok(Type::TYPE_SLICE_END)) => {
                if self.slice_use(track, ts).is_none() {
                    return;
                }
                match self.uses.get_mut(&track).unwrap().stack.pop() {
                    Some((id, begin)) => {
                        if self.keep {
                            self.out.slices[id].dur = ts - begin;
                        }
                        (id, begin)
                    }
                    None => {
                        self.problem(
                            ProblemKind::SliceEndWithoutBegin,
                            format!("track {track}: TYPE_SLICE_END at {ts} with no open slice"),
                        );
                        return;
                    }
                }
            }
            _ => {
                self.problem(
                    ProblemKind::UnspecifiedEventType,
                    format!("track {track}: an event without a known type"),
                );
                return;
            }
        };
        for f in flows_out {
            if let Some((from, _)) = self.flows_open.insert(f, slice) {
                self.flow(from, slice.0);
            }
        }
        for f in flows_in {
            match self.flows_open.remove(&f) {
                Some((from, from_ts)) => {
                    if from_ts > ts {
                        self.problem(
                            ProblemKind::TimestampBackwards,
                            format!("flow {f:#x} ends at {ts}, before it starts at {from_ts}"),
                        );
                    }
                    self.flow(from, slice.0);
                }
                None => self.problem(
                    ProblemKind::FlowWithoutSource,
                    format!("flow {f:#x} terminates but no event started it"),
                ),
            }
        }
    }

    fn flow(&mut self, from: usize, to: usize) {
        self.out.summary.flows += 1;
        if self.keep {
            self.out.flows.push(Flow { from, to });
        }
    }

    /// Record a slice event on `track` at `ts`; the track's open-slice depth, or None when time went back.
    fn slice_use(&mut self, track: u64, ts: i64) -> Option<u32> {
        let packet = self.packet;
        let u = self.uses.entry(track).or_default();
        u.slice_at.get_or_insert(packet);
        // trace_processor sorts events by time before nesting them, so only an event earlier than the begin of
        // the slice it is written inside breaks the nesting (an end before its begin: a negative duration).
        let open = u.stack.last().map(|&(_, begin)| begin);
        if let Some(b) = open.filter(|&b| ts < b) {
            self.problem(
                ProblemKind::TimestampBackwards,
                format!("track {track}: event at {ts} inside a slice that begins at {b}"),
            );
            return None;
        }
        let u = self.uses.get_mut(&track).unwrap();
        Some(u.stack.len() as u32)
    }

    fn counter(&mut self, track: u64, ts: i64, value: f64) {
        let packet = self.packet;
        let u = self.uses.entry(track).or_default();
        u.counter_at.get_or_insert(packet);
        self.out.summary.counter_values += 1;
        if self.keep {
            self.out.counters.push(CounterValue { ts, track, value });
        }
    }

    fn finish(mut self) -> Result<Trace, Vec<Problem>> {
        let packets = self.packet;
        if self.framing_broke {
            return Err(self.problems);
        }
        let uses = std::mem::take(&mut self.uses);
        let mut uuids: Vec<&u64> = uses.keys().collect();
        uuids.sort();
        for uuid in uuids {
            let u = &uses[uuid];
            let at = u.slice_at.or(u.counter_at).unwrap_or(0);
            self.packet = at;
            match self.tracks.get(uuid).map(|t| t.kind) {
                None => self.problem(
                    ProblemKind::UndescribedTrack,
                    format!("track {uuid} has events but no TrackDescriptor"),
                ),
                Some(TrackKind::Counter) => {
                    if let Some(p) = u.slice_at {
                        self.packet = p;
                        self.problem(
                            ProblemKind::SliceOnCounterTrack,
                            format!("a slice or instant on counter track {uuid}"),
                        );
                    }
                }
                Some(_) => {
                    if let Some(p) = u.counter_at {
                        self.packet = p;
                        self.problem(
                            ProblemKind::CounterOnNonCounterTrack,
                            format!(
                                "a counter value on track {uuid}, which has no CounterDescriptor"
                            ),
                        );
                    }
                }
            }
            if !u.stack.is_empty() {
                self.packet = at;
                self.problem(
                    ProblemKind::UnterminatedSlice,
                    format!("track {uuid}: {} slice(s) never end", u.stack.len()),
                );
            }
        }
        let parents: Vec<(u64, u64)> = self
            .tracks
            .values()
            .filter_map(|t| t.parent.map(|p| (t.uuid, p)))
            .filter(|(_, p)| !self.tracks.contains_key(p))
            .collect();
        for (uuid, parent) in parents {
            self.packet = 0;
            self.problem(
                ProblemKind::UnknownParentTrack,
                format!("track {uuid}: parent_uuid {parent} is not described"),
            );
        }
        if !self.flows_open.is_empty() {
            let mut ids: Vec<u64> = self.flows_open.keys().copied().collect();
            ids.sort();
            self.packet = 0;
            self.problem(
                ProblemKind::FlowNeverTerminated,
                format!("{} flow(s) never terminate, e.g. {:#x}", ids.len(), ids[0]),
            );
        }
        if self.more_problems > 0 {
            self.problems.push(Problem {
                kind: ProblemKind::TooManyProblems,
                packet: 0,
                detail: format!("{} more problems not listed", self.more_problems),
            });
        }
        if !self.problems.is_empty() {
            return Err(self.problems);
        }
        let mut out = self.out;
        out.summary.packets = packets;
        out.summary.sequences = self.seqs.keys().filter(|&&s| s != 0).count() as u64;
        out.summary.tracks = self.tracks.len() as u64;
        out.summary.counter_tracks = self
            .tracks
            .values()
            .filter(|t| t.kind == TrackKind::Counter)
            .count() as u64;
        if self.keep {
            out.tracks = self.tracks;
        }
        Ok(out)
    }
}

fn varint_len(v: u64) -> u64 {
    (64 - (v | 1).leading_zeros() as u64).div_ceil(7)
}
