//! The domain layer: tracks (compute unit, work-group, wave, counters), slices, instants, flows and counters,
//! streamed to a `.pftrace` file with bounded memory.
//!
//! Layout of the file (TrackEvent, track_event.proto / interned_data.proto / clock_snapshot.proto):
//! - Track descriptors: `CU n` → `WG (x,y,z)` → `wave W WG(x,y,z) SIMD s` (slices) → its counter tracks
//!   `vmcnt`, `lgkmcnt`, `active lanes`; `CU n SIMD s busy waves` counters under each CU.
//! - Every live wave owns one trusted packet sequence (a *slot*, reused by the next wave once the wave ends).
//!   Its timestamps are deltas on the sequence-scoped incremental clock 64 in nanoseconds, anchored at
//!   BOOTTIME 0 by a clock snapshot when a wave takes the slot; mnemonics (`event_names`), per-PC source
//!   locations (`source_locations`, whose `function_name` is `0xPC: instruction text`) and the `lanes`
//!   argument name are interned per sequence, the `interned_data` packet going before the first event that uses
//!   an iid. The first packet of a sequence sets `SEQ_INCREMENTAL_STATE_CLEARED`; packets carrying or using
//!   interned data set `SEQ_NEEDS_INCREMENTAL_STATE`, except the per-instruction slice and counter packets: that
//!   flag only lets a reader drop packets after a sequence lost data (a ring buffer wrapping), which a file
//!   written in one pass cannot do, and it would cost 2 bytes a packet.
//! - An instruction slice has a `lanes` argument (active lanes) when the count differs from the wave's last
//!   `lanes` argument, so always at the wave's first instruction: the lanes of any slice are those of the
//!   latest slice of its wave at or before it with the argument (and the `active lanes` counter track shows
//!   them at every instruction).
//! - In both layouts an instruction slice's begin (no arguments, no flows) and a counter value are the slot's
//!   template (`proto::BeginTemplate` per location or, for stalls, per name, followed in the compact layout by
//!   its `extra_counter_values`; `proto::CounterTemplate` per counter) behind the timestamp delta: the bytes the
//!   field-by-field encoder writes ([`TraceConfig::field_by_field`]), made once per wave and location instead of
//!   encoded per instruction. An instruction that changes no counter is written begin and end at once
//!   ([`TraceWriter::plain_instruction`]): most of a trace. In the standard layout a memory instruction's or an
//!   `s_waitcnt`'s slice (arguments, flows, the counter values it changes, its end) is written at once from the
//!   same templates too ([`TraceWriter::instruction_slice`]), and so is a stall's begin and end.
//! - Per-instruction packets are appended to a buffer; at `flush_bytes` the buffer goes to the file's I/O
//!   thread (a queue of `QUEUED_BUFFERS`, buffers recycled), so memory does not grow with the run and the
//!   writing runs beside the executor (packets of different sequences may interleave freely); it writes with
//!   `O_DIRECT` in aligned blocks past the page cache (`TraceConfig::direct_io`, `FileSink`).
//! - Several writers (one per host thread) share one file through `TraceFile`; each hands over whole buffers
//!   and owns its sequences, so their packets interleave without breaking any sequence.
//! - In work-group order ([`TraceConfig::work_group_order`], the default; the observer calls
//!   [`TraceWriter::work_group`] as each work-group starts) the file is the same bytes whatever the number of
//!   writers and however the host threads were scheduled: each work-group's packets form one *chunk* that
//!   starts from nothing (sequence ids `2` for the track descriptors and `3..` for the waves, counted from the
//!   work-group's first wave; interned data cleared by the chunk's first packet on each sequence; CU and
//!   work-group tracks declared again), and chunks go to the file in work-group order, never interleaved. The
//!   writer of the lowest work-group not yet written streams; the others hold their finished buffers until
//!   their turn (memory: what the other threads produce while one work-group is slower than theirs). With
//!   compression, the I/O thread gathers buffers into containers of `flush_bytes`, so containers do not depend
//!   on chunk boundaries either.
//!
//! # Size
//! Bytes per instruction (gemm 512: 4096 waves, so wave track uuids take 2 bytes; deltas, sequence ids and
//! iids 1). Every packet costs 2 (`Trace.packet` tag and length) + 2 (timestamp: trace_processor needs one on
//! every packet, it stamps a packet without one with the latest time of the whole trace) + 2 (sequence id) + 2
//! (`track_event` tag and length) + 2 (type).
//! - [`Layout::Standard`] (default): begin 10 + name 2 + track 3 + source location 3 = 18, end 10 + track 3 =
//!   13: 31 per instruction slice; a counter change 16 (10 + track 3 + value 3); a flow 20 (two `fixed64`
//!   ids with their 2-byte tags). gemm 512 (14 instructions a loop iteration: 3 memory instructions, 5 vmcnt
//!   changes): 41.0 bytes per wave-instruction with the issue-order clock, 43.0 with the cycle model (stall
//!   slices). This is the floor for what validate_pftrace.py reads: every event names its track, every counter
//!   value is a packet, flows use the `fixed64` ids.
//! - [`Layout::Compact`]: begin 15, end 10: 25 per slice; a counter change 2 (an `extra_counter_values` entry on
//!   the slice begin); a flow about 10 (varint ids). gemm 512: 27.9 (issue order), 29.5 (cycle model).
//!   The floor of this encoding: a slice needs its name and source location (5 bytes), and
//!   begin and end each 10 bytes of framing, timestamp, sequence and type.
//!
//! - With the cycle model's memory system (the default), a memory instruction's slice begin carries its
//!   `MEMORY_ARGS` (`lines` and the levels that served lines, or the LDS cycles and conflicts) and takes the long
//!   path: gemm 512 (3 memory instructions of 14) 48.3 bytes per slice instead of 45.5 in the standard layout,
//!   34.4 in the compact one (`wavescope run --trace`'s default).
//!
//! Neither reaches 24 bytes per wave-instruction: a slice alone is 25 bytes at least in any TrackEvent encoding
//! that gives each slice its own name and source location and each packet a timestamp.
//! - Compressed ([`TraceConfig::compress`], `--trace-compress`): the standard layout's packets, zlib level 1, in
//!   one `compressed_packets` container per handed-over buffer (about 1 MiB of packets each), the form Perfetto's
//!   own service writes when a trace config asks for compression; trace_processor (and so ui.perfetto.dev)
//!   inflates each container and reads its packets in place. The packets repeat heavily (the same few names,
//!   tracks and deltas), so gemm 512 takes 2.6 bytes per wave-instruction (~17x less), and deflating on the I/O
//!   thread costs less wall time than writing the 17x larger file. validate_pftrace.py reads the file after
//!   tools/expand_pftrace.py, whose output is byte for byte the uncompressed trace of the same run.

pub use crate::proto::FlowId;
use crate::proto::{self, Begin, Stamp};
use perfetto_protos::clock_snapshot::{clock_snapshot::Clock as SnapClock, ClockSnapshot};
use perfetto_protos::counter_descriptor::CounterDescriptor;
use perfetto_protos::debug_annotation::{DebugAnnotation, DebugAnnotationName};
use perfetto_protos::interned_data::InternedData;
use perfetto_protos::trace_packet::TracePacket;
use perfetto_protos::trace_packet_defaults::TracePacketDefaults;
use perfetto_protos::track_descriptor::{track_descriptor::ChildTracksOrdering, TrackDescriptor};
use perfetto_protos::track_event::{track_event::Type, TrackEvent, TrackEventDefaults};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// How per-event fields are encoded (see the module docs, "Size").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Layout {
    /// Every event names its track (`track_uuid`), counter values are their own `TYPE_COUNTER` packets and flows
    /// use the `fixed64` ids: what `validate_pftrace.py` reads, and trace_processor too.
    #[default]
    Standard,
    /// trace_processor's rules for sequence defaults (track_event.proto, trace_packet_defaults.proto): a wave's
    /// events leave `track_uuid` to `TrackEventDefaults.track_uuid`; the wave's `vmcnt`, `lgkmcnt` and
    /// `active lanes` values ride on the instruction's slice begin as `extra_counter_values` for
    /// `TrackEventDefaults.extra_counter_track_uuids`; flows use the varint `flow_ids_old` /
    /// `terminating_flow_ids_old`. validate_pftrace.py applies none of these, so this layout is tested by
    /// expanding it back into the standard layout (tests/trace_examples.rs).
    Compact,
}

/// How a trace file is laid out.
#[derive(Clone, Debug)]
pub struct TraceConfig {
    /// Modelled cycles per second: cycle `c` is at `c * 1e9 / clock_hz` ns. At 1 GHz (the default) a cycle is a
    /// nanosecond; above 1 GHz, events less than a nanosecond apart share a timestamp (Perfetto counts ns).
    pub clock_hz: u64,
    /// Waves in the dispatch: the counter tracks' uuids start after the waves' so every uuid written per event
    /// stays a short varint.
    pub wave_count: u64,
    pub layout: Layout,
    /// Write the packets zlib-compressed inside `TracePacket.compressed_packets` (trace_packet.proto field 50),
    /// one container per handed-over buffer, as Perfetto's own tracing service does when asked to compress:
    /// trace_processor and ui.perfetto.dev expand each container and read its packets in place.
    /// validate_pftrace.py does not expand them (`expand_compressed` does).
    pub compress: bool,
    /// Buffer size at which a writer hands its packets to the file.
    pub flush_bytes: usize,
    /// Write each work-group's packets as one chunk, chunks in work-group order (see the module docs): the file
    /// is then byte-identical for any number of writers. Needs every work-group from 0 on to be started in
    /// some writer (`wavescope run`); a trace of part of a dispatch (the debugger's `monitor trace`) sets it
    /// off.
    pub work_group_order: bool,
    /// Encode every packet field by field (`false`: the default, per-sequence templates for instruction slice
    /// begins and counter values). The bytes are the same either way; the tests compare the two.
    pub field_by_field: bool,
    /// Write the file with `O_DIRECT` (Linux), past the page cache, where its file system allows it (`false`, or
    /// a file system without it: ordinary buffered writes). Copying a gemm 512 trace (1.4 GB) into the page
    /// cache took 0.9-2.9 s of kernel time on the 2-core host, more than the untraced run's whole CPU time;
    /// direct writes of 4 MiB blocks take ~0.1 s of it (the disk's DMA does the rest). The bytes are the same.
    pub direct_io: bool,
    /// In work-group order, the bytes of finished chunks waiting for their turn that are kept in memory, all
    /// writers together; the rest wait in a spill file (an unlinked file beside the trace), so memory stays
    /// bounded whatever the host threads' drift. The bytes are the same either way.
    pub hold_bytes: usize,
}

impl Default for TraceConfig {
    fn default() -> Self {
        TraceConfig {
            clock_hz: 1_000_000_000,
            wave_count: 1 << 14,
            layout: Layout::Standard,
            compress: false,
            flush_bytes: 1 << 20,
            work_group_order: true,
            field_by_field: false,
            direct_io: true,
            hold_bytes: 64 << 20,
        }
    }
}

/// Totals of a written trace.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceStats {
    /// Bytes in the file.
    pub bytes: u64,
    /// Bytes of the packets before compression (= `bytes` when not compressed).
    pub packet_bytes: u64,
    /// Bytes the I/O thread wrote with `O_DIRECT` straight from the writers' buffers, without copying them
    /// into its aligned staging block (`TraceConfig::direct_io`, uncompressed).
    pub unstaged_bytes: u64,
    /// Bytes of waiting chunks that went through the spill file (`TraceConfig::hold_bytes`).
    pub spilled_bytes: u64,
    pub waves: u64,
    /// Instruction slices.
    pub instructions: u64,
    pub stalls: u64,
    pub instants: u64,
    pub counter_values: u64,
    pub flows: u64,
    pub sequences: u64,
}

impl TraceStats {
    fn add(&mut self, o: &TraceStats) {
        self.bytes += o.bytes;
        self.packet_bytes += o.packet_bytes;
        self.unstaged_bytes += o.unstaged_bytes;
        self.spilled_bytes += o.spilled_bytes;
        self.waves += o.waves;
        self.instructions += o.instructions;
        self.stalls += o.stalls;
        self.instants += o.instants;
        self.counter_values += o.counter_values;
        self.flows += o.flows;
        self.sequences += o.sequences;
    }
}

/// A wave's counter tracks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum WaveCounter {
    Vmcnt = 0,
    Lgkmcnt = 1,
    ActiveLanes = 2,
}

impl WaveCounter {
    pub const ALL: [WaveCounter; 3] = [
        WaveCounter::Vmcnt,
        WaveCounter::Lgkmcnt,
        WaveCounter::ActiveLanes,
    ];
    pub fn name(self) -> &'static str {
        match self {
            WaveCounter::Vmcnt => "vmcnt",
            WaveCounter::Lgkmcnt => "lgkmcnt",
            WaveCounter::ActiveLanes => "active lanes",
        }
    }
}

/// Track uuids. The ones written with every event (wave slices, wave counters) are small numbers.
pub mod uuid {
    /// The slice track of wave `wave`.
    pub fn wave(wave: u32) -> u64 {
        wave as u64 + 1
    }
    /// Counter track `k` (`WaveCounter as u64`) of wave `wave`, in a dispatch of `wave_count` waves.
    pub fn wave_counter(wave_count: u64, wave: u32, k: u64) -> u64 {
        if (wave as u64) < wave_count {
            1 + wave_count + 3 * wave as u64 + k
        } else {
            (4 << 40) + 3 * wave as u64 + k
        }
    }
    pub fn work_group(flat: u32) -> u64 {
        (1 << 40) + flat as u64
    }
    pub fn cu(cu: u32) -> u64 {
        (2 << 40) + cu as u64
    }
    pub fn simd_busy(cu: u32, simd: u8) -> u64 {
        (3 << 40) + cu as u64 * 4 + simd as u64
    }
    /// The memory-system counter `k` (`MemTrack as u64`) of `cu`.
    pub fn cu_memory(cu: u32, k: u64) -> u64 {
        (5 << 40) + cu as u64 * 2 + k
    }
    /// The device's memory bandwidth counter `k` (0: L2, 1: HBM).
    pub fn device_memory(k: u64) -> u64 {
        (6 << 40) + k
    }
}

/// Arguments a memory instruction's slice carries (the cycle model's memory system, docs/memory-model.md),
/// in this order; their names are interned on each sequence as debug-annotation names 2, 3, ...
pub const MEMORY_ARGS: [&str; 7] = [
    "lines",
    "l1_hits",
    "l2_hits",
    "mall_hits",
    "hbm_lines",
    "lds_cycles",
    "conflict_cycles",
];

/// Modelled cycles per sample of the memory counter tracks (per-CU L1 hit rate and LDS bank conflicts,
/// device L2 and HBM bandwidth).
pub const MEMORY_SAMPLE_CYCLES: u64 = 256;

/// What one memory instruction adds to the memory counter tracks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemorySample {
    /// L1 lookups (lines) and hits.
    pub lines: u64,
    pub l1_hits: u64,
    pub lds_conflict_cycles: u64,
    /// Bytes that went from the L1 to the L2, and to or from HBM.
    pub l2_bytes: u64,
    pub hbm_bytes: u64,
    /// The modelled device cycle of the access (`MemAccess::device_cycle`): the device tracks (L2, HBM
    /// bandwidth) are over the dispatch's modelled time, where work-groups overlap as the memory system
    /// scheduled them, not over the per-work-group time of the slices.
    pub device_cycle: u64,
}

/// An interned event name (mnemonic, stall reason, instant name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NameId(u32);
/// An interned source location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocId(u32);

/// A wave's tracks while the wave lives (returned by `wave_track`, given back to `end_wave`).
#[derive(Debug, PartialEq, Eq)]
pub struct WaveTrack {
    slot: u32,
    uuid: u64,
}

/// What names a wave and places it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct WaveDesc {
    pub wave: u32,
    pub work_group_flat: u32,
    pub work_group: [u32; 3],
    pub wave_in_group: u32,
    pub simd: u8,
    pub cu: u32,
}

/// An argument of an instant event.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Str(String),
    Uint(u64),
}

/// What the I/O thread reports when its channel closes.
struct Output {
    bytes: u64,
    packet_bytes: u64,
    unstaged_bytes: u64,
    spilled_bytes: u64,
    error: Option<io::Error>,
}

/// Buffers handed to the I/O thread at once (with each writer's own and one being written: the memory bound).
const QUEUED_BUFFERS: usize = 4;

/// `TracePacket.compressed_packets`: field 50, length-delimited (trace_packet.proto).
const COMPRESSED_PACKETS_TAG: [u8; 2] = [0x92, 0x03];

/// Deflates whole buffers of packets into `compressed_packets` containers, reusing its state and output buffer.
struct Compressor {
    zlib: flate2::Compress,
    out: Vec<u8>,
}

impl Compressor {
    fn new() -> Compressor {
        // Level 1: these packets repeat so much that the fastest level already gives ~20x, and the I/O thread
        // must keep up with the executor.
        Compressor {
            zlib: flate2::Compress::new(flate2::Compression::fast(), true),
            out: Vec::new(),
        }
    }

    /// One top-level `Trace.packet` holding `packets` zlib-compressed (a complete zlib stream per container:
    /// trace_processor inflates each one on its own).
    fn container(&mut self, packets: &[u8]) -> io::Result<&[u8]> {
        // Room for the container's header in front, written once the deflated size is known.
        const HEAD: usize = 1 + 10 + 2 + 10;
        self.zlib.reset();
        let body = &mut self.out;
        body.clear();
        body.reserve(HEAD + packets.len() / 8 + 64);
        body.resize(HEAD, 0);
        loop {
            let done = self.zlib.total_in() as usize;
            let status = self
                .zlib
                .compress_vec(&packets[done..], body, flate2::FlushCompress::Finish)
                .map_err(io::Error::other)?;
            if status == flate2::Status::StreamEnd {
                break;
            }
            body.reserve(body.capacity().max(4096));
        }
        let deflated = (body.len() - HEAD) as u64;
        let inner = COMPRESSED_PACKETS_TAG.len() as u64 + varint_len(deflated) as u64 + deflated;
        let mut head = [0u8; HEAD];
        let mut h = 0;
        head[h] = 0x0A; // Trace.packet
        h += 1;
        h += put_varint(&mut head[h..], inner);
        head[h..h + 2].copy_from_slice(&COMPRESSED_PACKETS_TAG);
        h += 2;
        h += put_varint(&mut head[h..], deflated);
        body[HEAD - h..HEAD].copy_from_slice(&head[..h]);
        Ok(&body[HEAD - h..])
    }
}

fn varint_len(mut v: u64) -> usize {
    let mut n = 1;
    while v >= 0x80 {
        v >>= 7;
        n += 1;
    }
    n
}

fn put_varint(out: &mut [u8], mut v: u64) -> usize {
    let mut i = 0;
    while v >= 0x80 {
        out[i] = v as u8 | 0x80;
        v >>= 7;
        i += 1;
    }
    out[i] = v as u8;
    i + 1
}

/// Alignment of `O_DIRECT` writes: buffer address, length and file offset (4096 covers 512- and 4096-byte
/// logical blocks).
const DIRECT_ALIGN: usize = 4096;
/// Bytes per direct write.
const DIRECT_BLOCK: usize = 4 << 20;

/// The trace file as the I/O thread writes it: with `O_DIRECT` in whole aligned blocks staged here (the tail
/// last, after `O_DIRECT` is switched off), or buffered when direct writes are off or refused.
struct FileSink {
    file: File,
    direct: bool,
    /// `DIRECT_BLOCK` bytes from `off` (aligned) are the stage; `len` of them are filled.
    stage: Vec<u8>,
    off: usize,
    len: usize,
    /// Bytes written directly from the callers' buffers, not through the stage.
    unstaged: u64,
}

impl FileSink {
    fn new(file: File, direct: bool) -> FileSink {
        let direct = direct && set_direct(&file, true);
        let (stage, off) = if direct {
            let stage = vec![0u8; DIRECT_BLOCK + DIRECT_ALIGN];
            let off = stage.as_ptr().align_offset(DIRECT_ALIGN);
            (stage, off)
        } else {
            (Vec::new(), 0)
        };
        FileSink {
            file,
            direct,
            stage,
            off,
            len: 0,
            unstaged: 0,
        }
    }

    fn write_all(&mut self, mut bytes: &[u8]) -> io::Result<()> {
        if !self.direct {
            return self.file.write_all(bytes);
        }
        // Nothing staged and the bytes start on an aligned address (a writer's aligned buffer,
        // `TraceFile::buffer`): their whole blocks go to the file straight from them, without the copy into
        // the stage (1.4 GB for gemm 512).
        if self.len == 0 && (bytes.as_ptr() as usize).is_multiple_of(DIRECT_ALIGN) {
            let whole = bytes.len() / DIRECT_ALIGN * DIRECT_ALIGN;
            if whole > 0 {
                write_direct(&mut self.file, &mut self.direct, &bytes[..whole])?;
                self.unstaged += whole as u64;
                bytes = &bytes[whole..];
            }
        }
        while !bytes.is_empty() {
            if !self.direct {
                return self.file.write_all(bytes);
            }
            let n = bytes.len().min(DIRECT_BLOCK - self.len);
            let at = self.off + self.len;
            self.stage[at..at + n].copy_from_slice(&bytes[..n]);
            self.len += n;
            bytes = &bytes[n..];
            if self.len == DIRECT_BLOCK {
                self.write_stage(DIRECT_BLOCK)?;
            }
        }
        Ok(())
    }

    /// Write the stage's first `n` bytes (a multiple of `DIRECT_ALIGN`) directly and keep the rest.
    fn write_stage(&mut self, n: usize) -> io::Result<()> {
        let at = self.off;
        write_direct(&mut self.file, &mut self.direct, &self.stage[at..at + n])?;
        self.stage
            .copy_within(self.off + n..self.off + self.len, self.off);
        self.len -= n;
        if !self.direct {
            // what is left goes buffered
            let rest = self.stage[self.off..self.off + self.len].to_vec();
            self.len = 0;
            self.file.write_all(&rest)?;
        }
        Ok(())
    }

    /// Write what is staged: the aligned part directly, the tail buffered.
    fn finish(&mut self) -> io::Result<()> {
        if self.direct {
            let whole = self.len / DIRECT_ALIGN * DIRECT_ALIGN;
            if whole > 0 {
                self.write_stage(whole)?;
            }
            if self.direct && self.len > 0 {
                self.direct = false;
                set_direct(&self.file, false);
                let tail = self.stage[self.off..self.off + self.len].to_vec();
                self.len = 0;
                self.file.write_all(&tail)?;
            }
        }
        self.file.flush()
    }
}

/// Write `data` (at an aligned address, a multiple of `DIRECT_ALIGN` long, the file at an aligned offset) with
/// `O_DIRECT`. Where the file system refuses (EINVAL: it wants another alignment) or a short write leaves the
/// offset unaligned, the rest goes buffered and `direct` turns off.
fn write_direct(file: &mut File, direct: &mut bool, data: &[u8]) -> io::Result<()> {
    let mut done = 0;
    while done < data.len() {
        match file.write(&data[done..]) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(k) => done += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            // refused (EINVAL: the file system or device wants another alignment): buffered from here on
            Err(e) if e.raw_os_error() == Some(libc::EINVAL) && done % DIRECT_ALIGN == 0 => {
                break;
            }
            Err(e) => return Err(e),
        }
        if done % DIRECT_ALIGN != 0 {
            break; // a short write left the offset unaligned
        }
    }
    if done < data.len() {
        *direct = false;
        set_direct(file, false);
        file.write_all(&data[done..])?;
    }
    Ok(())
}

/// Switch `O_DIRECT` on or off for `file` (a regular file at an aligned offset only); whether it is now so.
#[cfg(target_os = "linux")]
fn set_direct(file: &File, on: bool) -> bool {
    use std::io::Seek;
    use std::os::fd::AsRawFd;
    if on {
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        let mut f = file;
        let aligned = f
            .stream_position()
            .is_ok_and(|p| p % DIRECT_ALIGN as u64 == 0);
        if !regular || !aligned {
            return false;
        }
    }
    let fd = file.as_raw_fd();
    // SAFETY: fcntl on a descriptor this `File` owns and keeps open; F_GETFL/F_SETFL touch only its status flags.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags < 0 {
            return false;
        }
        let want = if on {
            flags | libc::O_DIRECT
        } else {
            flags & !libc::O_DIRECT
        };
        libc::fcntl(fd, libc::F_SETFL, want) == 0 && on
    }
}

#[cfg(not(target_os = "linux"))]
fn set_direct(_file: &File, _on: bool) -> bool {
    false
}

/// The I/O thread: writes whole buffers in the order they come (each writer's in its own order), compressed
/// when `compress`, and hands them back to `pool`. After an error it keeps the first error and drops the rest.
fn io_thread(
    file: File,
    rx: Receiver<Packets>,
    pool: Arc<Mutex<Pool>>,
    compress: bool,
    flush_bytes: usize,
    direct: bool,
) -> Output {
    let mut file = FileSink::new(file, direct);
    let mut out = Output {
        bytes: 0,
        packet_bytes: 0,
        unstaged_bytes: 0,
        spilled_bytes: 0,
        error: None,
    };
    let mut compressor = compress.then(Compressor::new);
    // Compressed: buffers gathered up to `flush_bytes` per container (whole packets only), so the containers
    // depend on the packet stream alone, not on where writers cut their buffers.
    let mut gather: Vec<u8> = Vec::new();
    let mut write = |out: &mut Output, bytes: &[u8], c: Option<&mut Compressor>| {
        if out.error.is_some() || bytes.is_empty() {
            return;
        }
        let written = match c {
            None => file.write_all(bytes).map(|()| bytes.len()),
            Some(c) => c
                .container(bytes)
                .and_then(|b| file.write_all(b).map(|()| b.len())),
        };
        match written {
            Ok(n) => out.bytes += n as u64,
            Err(e) => out.error = Some(e),
        }
    };
    // a parked chunk's packets, read back from the spill file
    let mut unspilled: Vec<u8> = Vec::new();
    for p in rx {
        let packets = match &p.spilled {
            None => &p.bytes[p.start..],
            Some(s) => {
                unspilled.clear();
                unspilled.resize(s.len, 0);
                if let Err(e) = read_at(&s.file, &mut unspilled, s.at) {
                    out.error.get_or_insert(e);
                }
                out.spilled_bytes += s.len as u64;
                &unspilled[..]
            }
        };
        out.packet_bytes += packets.len() as u64;
        match compressor.as_mut() {
            None => write(&mut out, packets, None),
            Some(c) => {
                gather.extend_from_slice(packets);
                if gather.len() >= flush_bytes {
                    write(&mut out, &gather, Some(c));
                    gather.clear();
                }
            }
        }
        let mut buf = p.bytes;
        buf.clear();
        let mut pool = pool.lock().unwrap_or_else(|e| e.into_inner());
        pool.held -= p.held;
        pool.give_back(buf, flush_bytes);
    }
    write(&mut out, &gather, compressor.as_mut());
    if out.error.is_none() {
        if let Err(e) = file.finish() {
            out.error = Some(e);
        }
    }
    out.unstaged_bytes = file.unstaged;
    out
}

/// Packets handed to the I/O thread: `bytes[start..]`. A writer's buffer starts at its first `DIRECT_ALIGN`ed
/// byte (`TraceFile::buffer`), so that its whole blocks can go to the file without a copy.
struct Packets {
    bytes: Vec<u8>,
    start: usize,
    /// The packets are in the spill file instead (`bytes` is empty).
    spilled: Option<Spilled>,
    /// Bytes this buffer counts against `TraceConfig::hold_bytes` until the I/O thread has written it.
    held: usize,
}

impl Packets {
    fn new(bytes: Vec<u8>, start: usize) -> Packets {
        Packets {
            bytes,
            start,
            spilled: None,
            held: 0,
        }
    }
    fn whole(bytes: Vec<u8>) -> Packets {
        Packets::new(bytes, 0)
    }
}

/// Where a waiting chunk's packets were parked in the spill file.
struct Spilled {
    file: Arc<File>,
    at: u64,
    len: usize,
}

/// The spill file: an unlinked file beside the trace (or in the temporary directory) where chunks that wait for
/// their turn go once `TraceConfig::hold_bytes` of them wait in memory. How long a chunk waits depends on how far
/// the host threads drift apart in work-group order: little now that each thread runs its XCD streams
/// interleaved (`wavescope::engine::batch`), more with streams shared unevenly (`--jobs 3`) or work-groups of
/// uneven cost. When each thread ran whole streams one after another, nearly the whole trace waited in memory
/// (1.06 GB peak for gemm 512's 1.4 GB trace with `--jobs 2`), all of it fresh pages.
enum Spill {
    Untried(Option<PathBuf>),
    Ready { file: Arc<File>, end: u64 },
    Unavailable,
}

impl Spill {
    /// Append `bytes`; `None` when there is no spill file (the caller keeps them in memory).
    fn put(&mut self, bytes: &[u8]) -> Option<Spilled> {
        if let Spill::Untried(dir) = self {
            *self = match open_spill(dir.take()) {
                Some(file) => Spill::Ready {
                    file: Arc::new(file),
                    end: 0,
                },
                None => Spill::Unavailable,
            };
        }
        let Spill::Ready { file, end } = self else {
            return None;
        };
        if write_at(file, bytes, *end).is_err() {
            // full disk or the like: from here on chunks wait in memory (what was spilled stays readable)
            let _ = std::mem::replace(self, Spill::Unavailable);
            return None;
        }
        let s = Spilled {
            file: file.clone(),
            at: *end,
            len: bytes.len(),
        };
        *end += bytes.len() as u64;
        Some(s)
    }
}

/// A new file in `dir` (the temporary directory when `None`), unlinked at once: it lives as long as it is open.
#[cfg(unix)]
fn open_spill(dir: Option<PathBuf>) -> Option<File> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let dir = dir.unwrap_or_else(std::env::temp_dir);
    let name = format!(
        ".wavescope-trace-spill-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let path = dir.join(name);
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)
        .ok()?;
    std::fs::remove_file(&path).ok()?;
    Some(file)
}

#[cfg(not(unix))]
fn open_spill(_dir: Option<PathBuf>) -> Option<File> {
    None
}

#[cfg(unix)]
fn write_at(file: &File, bytes: &[u8], at: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::write_all_at(file, bytes, at)
}

#[cfg(not(unix))]
fn write_at(_file: &File, _bytes: &[u8], _at: u64) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

#[cfg(unix)]
fn read_at(file: &File, bytes: &mut [u8], at: u64) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, bytes, at)
}

#[cfg(not(unix))]
fn read_at(_file: &File, _bytes: &mut [u8], _at: u64) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

/// Empty buffers the I/O thread gave back: writers' flush buffers, and the copies that waiting chunks' last
/// packets were made in. Both are reused because a fresh buffer of a megabyte is fresh pages from the kernel (a
/// page fault and a zeroed page per 4 KiB).
#[derive(Default)]
struct Pool {
    full: Vec<Vec<u8>>,
    spare: Vec<Vec<u8>>,
    /// Bytes of waiting chunks kept in memory now (`TraceConfig::hold_bytes`).
    held: usize,
}

/// Copy buffers kept for reuse at most (more are freed: the memory bound).
const SPARE_BUFFERS: usize = 16;

impl Pool {
    fn give_back(&mut self, buf: Vec<u8>, flush_bytes: usize) {
        if buf.capacity() >= flush_bytes {
            self.full.push(buf);
        } else if buf.capacity() > 0 && self.spare.len() < SPARE_BUFFERS {
            self.spare.push(buf);
        }
    }
}

struct Io {
    tx: Option<SyncSender<Packets>>,
    thread: Option<JoinHandle<Output>>,
}

struct Shared {
    /// Packets go to the file on a thread of their own, so the copy into the page cache runs beside the
    /// executor instead of on its thread.
    io: Mutex<Io>,
    /// Empty buffers the I/O thread gave back.
    pool: Arc<Mutex<Pool>>,
    config: TraceConfig,
    /// ns = cycles * ns_q32 >> 32.
    ns_q32: u128,
    next_seq: AtomicU32,
    next_worker: AtomicU32,
    /// Writers created and not yet finished.
    live: AtomicU32,
    merged: Mutex<Merged>,
    order: Mutex<Order>,
    /// Where chunks that wait for their turn go (work-group order with several writers).
    spill: Mutex<Spill>,
}

/// Work-group order (`TraceConfig::work_group_order`).
#[derive(Default)]
struct Order {
    /// The work-group whose chunk goes to the file now.
    head: u32,
    /// Finished chunks of later work-groups, waiting for their turn.
    done: BTreeMap<u32, Vec<Packets>>,
}

impl Order {
    /// `head`'s chunk is complete: on to the next, sending the finished chunks that follow it.
    fn advance(&mut self, tx: &SyncSender<Packets>) {
        self.head += 1;
        while let Some(bufs) = self.done.remove(&self.head) {
            for b in bufs {
                let _ = tx.send(b);
            }
            self.head += 1;
        }
    }
}

#[derive(Default)]
struct Merged {
    stats: TraceStats,
    busy: BTreeMap<(u32, u8), BTreeMap<u64, i64>>,
    memory: MemorySamples,
}

/// Memory counter samples per bucket of `MEMORY_SAMPLE_CYCLES << shift` cycles: per CU (lines, L1 hits, LDS
/// conflict cycles) and for the device (L2 bytes, HBM bytes). Vectors indexed by bucket (no hashing per
/// instruction), at most `MEMORY_BUCKETS` long: a later sample doubles the bucket width (pairs folded), so
/// memory stays bounded however long the modelled time.
#[derive(Default)]
struct MemorySamples {
    shift: u32,
    cu: Vec<Vec<[u64; 3]>>,
    device: Vec<[u64; 2]>,
}

/// Buckets of the memory counter tracks at most (per CU and for the device).
const MEMORY_BUCKETS: usize = 4096;

fn fold<const N: usize>(v: &mut Vec<[u64; N]>) {
    let n = v.len().div_ceil(2);
    for i in 0..n {
        let mut x = v[2 * i];
        if let Some(y) = v.get(2 * i + 1) {
            for k in 0..N {
                x[k] += y[k];
            }
        }
        v[i] = x;
    }
    v.truncate(n);
}

impl MemorySamples {
    fn widen(&mut self) {
        self.shift += 1;
        for v in &mut self.cu {
            fold(v);
        }
        fold(&mut self.device);
    }

    fn add(&mut self, cu: u32, ts: u64, m: &MemorySample) {
        let far = ts.max(m.device_cycle);
        while (far / MEMORY_SAMPLE_CYCLES) >> self.shift >= MEMORY_BUCKETS as u64 {
            self.widen();
        }
        let bucket = ((ts / MEMORY_SAMPLE_CYCLES) >> self.shift) as usize;
        self.add_at(
            cu as usize,
            bucket,
            [m.lines, m.l1_hits, m.lds_conflict_cycles],
        );
        // the device tracks: in the dispatch's modelled time (memsys2: was the work-group's time `ts`)
        let bucket = ((m.device_cycle / MEMORY_SAMPLE_CYCLES) >> self.shift) as usize;
        if self.device.len() <= bucket {
            self.device.resize(bucket + 1, [0; 2]);
        }
        self.device[bucket][0] += m.l2_bytes;
        self.device[bucket][1] += m.hbm_bytes;
    }

    fn add_at(&mut self, cu: usize, bucket: usize, x: [u64; 3]) {
        if self.cu.len() <= cu {
            self.cu.resize_with(cu + 1, Vec::new);
        }
        let v = &mut self.cu[cu];
        if v.len() <= bucket {
            v.resize(bucket + 1, [0; 3]);
        }
        for k in 0..3 {
            v[bucket][k] += x[k];
        }
    }

    fn merge(&mut self, mut o: MemorySamples) {
        while self.shift < o.shift {
            self.widen();
        }
        while o.shift < self.shift {
            o.widen();
        }
        for (cu, v) in o.cu.into_iter().enumerate() {
            for (b, x) in v.into_iter().enumerate() {
                if x != [0; 3] {
                    self.add_at(cu, b, x);
                }
            }
        }
        if self.device.len() < o.device.len() {
            self.device.resize(o.device.len(), [0; 2]);
        }
        for (b, x) in o.device.into_iter().enumerate() {
            self.device[b][0] += x[0];
            self.device[b][1] += x[1];
        }
    }
}

/// The output file; hands out one `TraceWriter` per host thread.
#[derive(Clone)]
pub struct TraceFile(Arc<Shared>);

/// The sequence id of the packets the file itself writes (SIMD counters at the end).
const ROOT_SEQ: u32 = 1;
/// In work-group order: every chunk's track-descriptor sequence; its waves' sequences follow.
const CHUNK_DESC_SEQ: u32 = ROOT_SEQ + 1;

impl TraceFile {
    pub fn create(path: &Path, config: TraceConfig) -> io::Result<TraceFile> {
        let f = TraceFile::from_file(File::create(path)?, config)?;
        // the spill file beside the trace: the same file system, and not a memory-backed temporary directory
        let dir = path.parent().map(|d| match d.as_os_str().is_empty() {
            true => PathBuf::from("."),
            false => d.to_path_buf(),
        });
        *f.0.spill.lock().unwrap_or_else(|e| e.into_inner()) = Spill::Untried(dir);
        Ok(f)
    }

    /// Write the trace into an already open (empty) file: a caller that must decide how it is opened (the gdb
    /// server opens inside its trace directory only, without following a symlink).
    pub fn from_file(file: File, config: TraceConfig) -> io::Result<TraceFile> {
        if config.clock_hz == 0 {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the trace clock must be above 0 Hz",
            ));
        }
        let ns_q32 = (1_000_000_000u128 << 32) / config.clock_hz as u128;
        let pool = Arc::new(Mutex::new(Pool::default()));
        let (tx, rx) = sync_channel(QUEUED_BUFFERS);
        let p = pool.clone();
        let compress = config.compress;
        let flush_bytes = config.flush_bytes;
        let direct = config.direct_io;
        let thread = std::thread::Builder::new()
            .name("trace-io".into())
            .spawn(move || io_thread(file, rx, p, compress, flush_bytes, direct))?;
        Ok(TraceFile(Arc::new(Shared {
            io: Mutex::new(Io {
                tx: Some(tx),
                thread: Some(thread),
            }),
            pool,
            config,
            ns_q32,
            next_seq: AtomicU32::new(ROOT_SEQ + 1),
            next_worker: AtomicU32::new(0),
            live: AtomicU32::new(0),
            merged: Mutex::new(Merged::default()),
            order: Mutex::new(Order::default()),
            spill: Mutex::new(Spill::Untried(None)),
        })))
    }

    pub fn config(&self) -> &TraceConfig {
        &self.0.config
    }

    /// A writer with its own sequences and buffer, for one host thread.
    pub fn writer(&self) -> TraceWriter {
        let s = &self.0;
        s.live.fetch_add(1, Ordering::AcqRel);
        let worker = s.next_worker.fetch_add(1, Ordering::Relaxed);
        let desc_seq = s.next_seq.fetch_add(1, Ordering::Relaxed);
        let (buf, start) = self.buffer();
        TraceWriter {
            file: self.clone(),
            worker,
            desc_seq,
            desc_started: false,
            buf,
            start,
            aligned: s.config.direct_io && !s.config.compress,
            tx: self.sender(),
            layout: s.config.layout,
            flush_bytes: s.config.flush_bytes,
            ns_q32: s.ns_q32,
            names: Vec::new(),
            name_index: HashMap::new(),
            locs: Vec::new(),
            loc_index: HashMap::new(),
            slots: Vec::new(),
            free: Vec::new(),
            declared: HashSet::new(),
            next_flow: 0,
            busy: BTreeMap::new(),
            memory: MemorySamples::default(),
            stats: TraceStats::default(),
            finished: false,
            ordered: s.config.work_group_order,
            chunk: None,
            held: Vec::new(),
            templates: !s.config.field_by_field,
            next_gen: 0,
        }
    }

    /// Finish `writers` (all writers of this file that are still open), then write the SIMD busy-wave counters
    /// and return the totals.
    pub fn finish(self, writers: impl IntoIterator<Item = TraceWriter>) -> io::Result<TraceStats> {
        for w in writers {
            w.finish_part();
        }
        let s = &self.0;
        if s.live.load(Ordering::Acquire) != 0 {
            return Err(io::Error::other(
                "trace: a writer of this file was not finished; its packets are missing",
            ));
        }
        {
            // Chunks still waiting (after a work-group that never ran: a fault stopped the dispatch).
            let mut order = s.order.lock().unwrap_or_else(|e| e.into_inner());
            let tx = self.sender();
            for (_, bufs) in std::mem::take(&mut order.done) {
                for b in bufs {
                    let _ = tx.send(b);
                }
            }
        }
        let mut merged = s.merged.lock().unwrap_or_else(|e| e.into_inner());
        let busy = std::mem::take(&mut merged.busy);
        let mut buf = Vec::new();
        let mut counters = 0;
        let mut first = true;
        for ((cu, simd), deltas) in &busy {
            if first {
                let mut p = TracePacket::new();
                p.set_trusted_packet_sequence_id(ROOT_SEQ);
                p.sequence_flags = Some(proto::SEQ_INCREMENTAL_STATE_CLEARED);
                proto::put_message(&mut buf, &p);
                first = false;
            }
            put_descriptor(&mut buf, ROOT_SEQ, cu_track(*cu));
            put_track(
                &mut buf,
                ROOT_SEQ,
                uuid::simd_busy(*cu, *simd),
                Some(uuid::cu(*cu)),
                &format!("CU {cu} SIMD {simd} busy waves"),
                true,
                Some(-1 - *simd as i32),
            );
            let mut level = 0i64;
            for (&ns, &d) in deltas {
                level += d;
                proto::put_counter(
                    &mut buf,
                    ROOT_SEQ,
                    Stamp::Absolute(ns),
                    uuid::simd_busy(*cu, *simd),
                    level,
                );
                counters += 1;
            }
        }
        counters += memory_tracks(&mut buf, std::mem::take(&mut merged.memory), s, first);
        let (tx, thread) = {
            let mut io = s.io.lock().unwrap_or_else(|e| e.into_inner());
            (io.tx.take(), io.thread.take())
        };
        if let Some(tx) = tx {
            if !buf.is_empty() {
                let _ = tx.send(Packets::whole(buf));
            }
        }
        let out = match thread.map(|t| t.join()) {
            Some(Ok(out)) => out,
            Some(Err(_)) => return Err(io::Error::other("trace: the I/O thread panicked")),
            None => return Err(io::Error::other("trace: the file was already finished")),
        };
        if let Some(e) = out.error {
            return Err(e);
        }
        let mut stats = merged.stats.clone();
        stats.counter_values += counters;
        stats.bytes = out.bytes;
        stats.packet_bytes = out.packet_bytes;
        stats.unstaged_bytes = out.unstaged_bytes;
        stats.spilled_bytes = out.spilled_bytes;
        Ok(stats)
    }

    /// A sender to the I/O thread (a closed one after `finish`).
    fn sender(&self) -> SyncSender<Packets> {
        let io = self.0.io.lock().unwrap_or_else(|e| e.into_inner());
        match &io.tx {
            Some(tx) => tx.clone(),
            None => sync_channel(0).0,
        }
    }

    /// A full buffer of a chunk that must wait: kept while the waiting bytes in memory stay within
    /// `hold_bytes`, else parked in the spill file and the buffer recycled (kept when there is no spill file).
    fn park(&self, mut full: Packets) -> Packets {
        let len = full.bytes.len() - full.start;
        if self.hold(len) {
            full.held = len;
            return full;
        }
        match self.spill(&full.bytes[full.start..]) {
            Some(p) => {
                self.recycle(full.bytes);
                p
            }
            None => full,
        }
    }

    /// A chunk's last packets (`bytes`, in the writer's buffer, which stays) to wait: copied while within
    /// `hold_bytes`, else parked in the spill file (copied when there is none).
    fn park_copy(&self, bytes: &[u8]) -> Packets {
        let held = self.hold(bytes.len());
        if !held {
            if let Some(p) = self.spill(bytes) {
                return p;
            }
        }
        let mut copy = self.spare_buffer(bytes.len());
        copy.extend_from_slice(bytes);
        let mut p = Packets::whole(copy);
        if held {
            p.held = bytes.len();
        }
        p
    }

    /// Count `len` more waiting bytes in memory, if `hold_bytes` allows.
    fn hold(&self, len: usize) -> bool {
        let mut pool = self.pool();
        if pool.held + len > self.0.config.hold_bytes {
            return false;
        }
        pool.held += len;
        true
    }

    /// The buffer pool, locked (a poisoned lock still holds plain buffers).
    fn pool(&self) -> std::sync::MutexGuard<'_, Pool> {
        self.0.pool.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `bytes` parked in the spill file (`None`: there is none; the caller keeps them).
    fn spill(&self, bytes: &[u8]) -> Option<Packets> {
        let s = self
            .0
            .spill
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .put(bytes)?;
        Some(Packets {
            bytes: Vec::new(),
            start: 0,
            spilled: Some(s),
            held: 0,
        })
    }

    /// A buffer whose packets went elsewhere, back to the pool.
    fn recycle(&self, mut buf: Vec<u8>) {
        buf.clear();
        let flush_bytes = self.0.config.flush_bytes;
        self.pool().give_back(buf, flush_bytes);
    }

    /// An empty buffer of at least `len` bytes for a held chunk's copy: a smaller one the I/O thread gave back
    /// (grown if need be), else a new one of that size.
    fn spare_buffer(&self, len: usize) -> Vec<u8> {
        let b = self.pool().spare.pop();
        let mut b = b.unwrap_or_default();
        b.reserve(len);
        b
    }

    /// An empty buffer for a writer (one the I/O thread gave back, or a new one) and where its packets start.
    /// With direct I/O of an uncompressed trace that is its first `DIRECT_ALIGN`ed byte (zeros before it, which
    /// the I/O thread skips: `Packets::start`), so the I/O thread writes the buffer's whole blocks to the file
    /// straight from it (`FileSink::write_all`).
    fn buffer(&self) -> (Vec<u8>, usize) {
        let c = &self.0.config;
        let aligned = c.direct_io && !c.compress;
        let cap = c.flush_bytes + 4096 + if aligned { DIRECT_ALIGN } else { 0 };
        let b = self.pool().full.pop();
        let mut b = b.unwrap_or_else(|| Vec::with_capacity(cap));
        let start = if aligned {
            (DIRECT_ALIGN - b.as_ptr() as usize % DIRECT_ALIGN) % DIRECT_ALIGN
        } else {
            0
        };
        b.resize(start, 0);
        (b, start)
    }
}

/// One wave's sequence (reused by the next wave when the wave ends, keeping its interned data).
struct Slot {
    seq: u32,
    live: bool,
    uuid: u64,
    counters: [u64; 3],
    last_value: [i64; 3],
    last_ns: u64,
    name_iid: Vec<u32>,
    next_name_iid: u32,
    loc_iid: Vec<u32>,
    next_loc_iid: u32,
    lanes_iid: u32,
    /// `MEMORY_ARGS` names are interned on this sequence.
    mem_iids: bool,
    /// The next packet on this sequence starts it afresh (`SEQ_INCREMENTAL_STATE_CLEARED`).
    clear: bool,
    /// Active lanes given in the last `lanes` argument of this wave (`u32::MAX`: none yet).
    lanes_arg: u32,
    /// Flows started by this wave (`new_wave_flow`).
    flows: u32,
    /// This sequence's slice end (its track: the live wave's).
    end: proto::EndTemplate,
    /// The wave holding the sequence, as the writer counts them (`TraceWriter::next_gen`): templates of another
    /// wave (or made before the interned data was cleared) do not match it.
    gen: u32,
    /// Instruction slice begins by `LocId` (`BeginTemplate::key`: gen and name).
    begins: Vec<proto::BeginTemplate>,
    /// Begins without a location (stalls) by `NameId`.
    unlocated: Vec<proto::BeginTemplate>,
    /// This sequence's counter values (`WaveCounter` order; its tracks: the live wave's).
    counter_values: [proto::CounterTemplate; 3],
}

struct Location {
    file: String,
    line: u32,
    function: String,
}

/// Writes one host thread's tracks and events. Methods never fail: an I/O error is kept and returned by
/// `TraceFile::finish` (and later packets are dropped).
pub struct TraceWriter {
    file: TraceFile,
    worker: u32,
    /// Sequence of this writer's track descriptors.
    desc_seq: u32,
    desc_started: bool,
    /// Packets: `buf[start..]` (`TraceFile::buffer`).
    buf: Vec<u8>,
    start: usize,
    /// Direct I/O of an uncompressed trace: buffers go to the I/O thread as whole multiples of `flush_bytes`
    /// where they can (`maybe_flush`), and one writer's consecutive work-groups share a buffer (`end_chunk`), so
    /// the I/O thread writes them without a copy.
    aligned: bool,
    /// To the file's I/O thread.
    tx: SyncSender<Packets>,
    // The file's settings the hot path reads, kept here (one load instead of two).
    layout: Layout,
    flush_bytes: usize,
    ns_q32: u128,
    names: Vec<String>,
    name_index: HashMap<String, u32>,
    locs: Vec<Location>,
    loc_index: HashMap<(String, u32, String), u32>,
    slots: Vec<Slot>,
    free: Vec<u32>,
    /// CU and work-group tracks this writer declared.
    declared: HashSet<u64>,
    next_flow: u64,
    busy: BTreeMap<(u32, u8), BTreeMap<u64, i64>>,
    memory: MemorySamples,
    stats: TraceStats,
    finished: bool,
    /// `TraceConfig::work_group_order`.
    ordered: bool,
    /// In work-group order: the work-group being written.
    chunk: Option<u32>,
    /// Buffers of `chunk` not yet sent (another writer's chunk goes first).
    held: Vec<Packets>,
    /// Templates on (`!TraceConfig::field_by_field`) and the standard layout.
    templates: bool,
    /// The last `Slot::gen` given.
    next_gen: u32,
}

impl TraceWriter {
    /// A trace file with one writer (one host thread) and the default layout; `finish` completes the file.
    pub fn create(path: &Path, clock_hz: u64) -> io::Result<TraceWriter> {
        let f = TraceFile::create(
            path,
            TraceConfig {
                clock_hz,
                ..TraceConfig::default()
            },
        )?;
        Ok(f.writer())
    }

    /// Finish this writer and, when it is the file's last open writer, the file.
    pub fn finish(self) -> io::Result<TraceStats> {
        let f = self.file.clone();
        f.finish([self])
    }

    pub fn file(&self) -> &TraceFile {
        &self.file
    }

    /// Modelled cycles to trace nanoseconds.
    #[inline(always)]
    pub fn ns(&self, cycles: u64) -> u64 {
        if self.ns_q32 == 1 << 32 {
            return cycles; // 1 GHz: a cycle is a nanosecond
        }
        ((cycles as u128 * self.ns_q32) >> 32) as u64
    }

    /// Intern an event name (off the hot path: keep the id).
    pub fn name(&mut self, s: &str) -> NameId {
        if let Some(&i) = self.name_index.get(s) {
            return NameId(i);
        }
        let i = self.names.len() as u32;
        self.names.push(s.to_string());
        self.name_index.insert(s.to_string(), i);
        NameId(i)
    }

    /// Intern a source location. `function` is what the UI shows as the location's function: the instruction
    /// tracer puts `0xPC: instruction text` there, so one interned record per PC carries PC, text and file:line.
    pub fn location(&mut self, file: &str, line: u32, function: &str) -> LocId {
        let key = (file.to_string(), line, function.to_string());
        if let Some(&i) = self.loc_index.get(&key) {
            return LocId(i);
        }
        let i = self.locs.len() as u32;
        self.locs.push(Location {
            file: key.0.clone(),
            line,
            function: key.2.clone(),
        });
        self.loc_index.insert(key, i);
        LocId(i)
    }

    /// Work-group `flat` starts (or goes on) on this writer: in work-group order a new chunk begins (see the
    /// module docs); otherwise nothing happens. Called at every wave start, before the wave's tracks; a writer
    /// writes one work-group at a time (its earlier waves ended).
    pub fn work_group(&mut self, flat: u32) {
        if !self.ordered || self.chunk == Some(flat) {
            return;
        }
        self.end_chunk(Some(flat));
        self.chunk = Some(flat);
        self.desc_seq = CHUNK_DESC_SEQ;
        self.desc_started = false;
        self.declared.clear();
        for s in &mut self.slots {
            s.live = false;
            s.clear = true;
            s.name_iid.clear();
            s.next_name_iid = 1;
            s.loc_iid.clear();
            s.next_loc_iid = 1;
            s.lanes_iid = 0;
            s.mem_iids = false;
            self.next_gen += 1;
            s.gen = self.next_gen;
        }
        // The work-group's first wave takes sequence 3, the next 4, ... (`free` pops from the end).
        self.free = (0..self.slots.len() as u32).rev().collect();
    }

    /// The chunk being written is complete: send it now if its turn has come, or leave it for the writer
    /// whose chunk completes before it. `next`: the work-group this writer takes next, if any.
    fn end_chunk(&mut self, next: Option<u32>) {
        let Some(wg) = self.chunk.take() else {
            return;
        };
        let file = self.file.clone();
        let mut order = file.0.order.lock().unwrap_or_else(|e| e.into_inner());
        if order.head == wg {
            // Its turn: the buffer itself goes (one writer, or the slowest: no copy of the trace's bytes).
            for b in self.held.drain(..) {
                let _ = self.tx.send(b);
            }
            // This writer also takes the next chunk (always so with one host thread): no other writer's
            // packets can come between, so the next chunk goes on in this buffer, which then still leaves
            // whole (`maybe_flush`) for the I/O thread to write without a copy. No other writer's chunk is
            // waiting (the next one is this writer's), so `advance` sends nothing before this buffer.
            let go_on = self.aligned && next == wg.checked_add(1);
            if !go_on && self.buf.len() > self.start {
                self.send_buffer();
            }
            order.advance(&self.tx);
        } else {
            drop(order);
            if self.buf.len() > self.start {
                // A copy, or parked: a held chunk must not keep a whole flush buffer.
                let parked = self.file.park_copy(&self.buf[self.start..]);
                self.held.push(parked);
                self.buf.truncate(self.start);
            }
            let mut order = file.0.order.lock().unwrap_or_else(|e| e.into_inner());
            if order.head == wg {
                // its turn came meanwhile
                for b in self.held.drain(..) {
                    let _ = self.tx.send(b);
                }
                order.advance(&self.tx);
            } else {
                order.done.insert(wg, std::mem::take(&mut self.held));
            }
        }
    }

    /// Send the whole buffer to the I/O thread; a fresh one takes its place.
    fn send_buffer(&mut self) {
        let (next, start) = self.file.buffer();
        let full = Packets::new(
            std::mem::replace(&mut self.buf, next),
            std::mem::replace(&mut self.start, start),
        );
        let _ = self.tx.send(full);
    }

    /// A flow id unique in the file (bit 63, the writer's count, the writer), for flows between any events.
    pub fn new_flow(&mut self) -> FlowId {
        self.next_flow += 1;
        self.stats.flows += 1;
        let w = self.worker as u64;
        FlowId(1 << 63 | (self.next_flow << 16) | (w & 0xFFFF))
    }

    /// A flow id for a flow starting on wave track `from`: the wave's uuid and a count modulo 128, so a short
    /// varint (3 bytes for 4096 waves, in the compact layout's `flow_ids_old`). An id comes back after 128 flows
    /// of the wave, so at most 128 of them may be open at once (the instruction tracer has at most vmcnt 63 +
    /// lgkmcnt 15 + 1), and a wave's events go forward in time (a reader pairs flow ends in time order).
    pub fn new_wave_flow(&mut self, from: &WaveTrack) -> FlowId {
        self.stats.flows += 1;
        let s = &mut self.slots[from.slot as usize];
        s.flows = s.flows.wrapping_add(1);
        FlowId(from.uuid << 7 | (s.flows & 127) as u64)
    }

    fn desc_packet(&mut self) {
        if !self.desc_started {
            self.desc_started = true;
            let mut p = TracePacket::new();
            p.set_trusted_packet_sequence_id(self.desc_seq);
            p.sequence_flags = Some(proto::SEQ_INCREMENTAL_STATE_CLEARED);
            proto::put_message(&mut self.buf, &p);
            self.stats.sequences += 1;
        }
    }

    /// Declare the wave's tracks (and its CU and work-group tracks the first time) and give it a sequence.
    pub fn wave_track(&mut self, d: &WaveDesc) -> WaveTrack {
        self.desc_packet();
        let seq_d = self.desc_seq;
        let cfg = self.file.0.config.clone();
        let cu = uuid::cu(d.cu);
        if self.declared.insert(cu) {
            put_descriptor(&mut self.buf, seq_d, cu_track(d.cu));
        }
        let wg = uuid::work_group(d.work_group_flat);
        let [x, y, z] = d.work_group;
        if self.declared.insert(wg) {
            let mut t = track(wg, Some(cu), &format!("WG ({x},{y},{z})"));
            t.set_child_ordering(ChildTracksOrdering::EXPLICIT);
            t.set_sibling_order_rank(d.work_group_flat.min(i32::MAX as u32) as i32);
            put_descriptor(&mut self.buf, seq_d, t);
        }
        let wave_uuid = uuid::wave(d.wave);
        let mut t = track(
            wave_uuid,
            Some(wg),
            &format!("wave {} WG({x},{y},{z}) SIMD {}", d.wave, d.simd),
        );
        t.set_child_ordering(ChildTracksOrdering::EXPLICIT);
        t.set_sibling_order_rank(d.wave_in_group.min(i32::MAX as u32) as i32);
        put_descriptor(&mut self.buf, seq_d, t);
        let mut counters = [0u64; 3];
        for k in WaveCounter::ALL {
            let u = uuid::wave_counter(cfg.wave_count, d.wave, k as u64);
            counters[k as usize] = u;
            put_track(
                &mut self.buf,
                seq_d,
                u,
                Some(wave_uuid),
                &format!("wave {} {}", d.wave, k.name()),
                true,
                Some(k as i32),
            );
        }
        // A sequence for the wave: a free slot or a new one.
        let (slot, fresh) = match self.free.pop() {
            Some(s) => (s, false),
            None => {
                let seq = if self.chunk.is_some() {
                    CHUNK_DESC_SEQ + 1 + self.slots.len() as u32
                } else {
                    self.file.0.next_seq.fetch_add(1, Ordering::Relaxed)
                };
                self.slots.push(Slot {
                    seq,
                    live: false,
                    uuid: 0,
                    counters,
                    last_value: [i64::MIN; 3],
                    last_ns: 0,
                    name_iid: Vec::new(),
                    next_name_iid: 1,
                    loc_iid: Vec::new(),
                    next_loc_iid: 1,
                    lanes_iid: 0,
                    mem_iids: false,
                    clear: true,
                    lanes_arg: u32::MAX,
                    flows: 0,
                    end: proto::EndTemplate::default(),
                    gen: 0,
                    begins: Vec::new(),
                    unlocated: Vec::new(),
                    counter_values: [proto::CounterTemplate::default(); 3],
                });
                (self.slots.len() as u32 - 1, true)
            }
        };
        let fresh = fresh || self.slots[slot as usize].clear;
        if fresh {
            self.stats.sequences += 1;
        }
        let s = &mut self.slots[slot as usize];
        s.live = true;
        s.clear = false;
        s.uuid = wave_uuid;
        s.counters = counters;
        s.last_value = [i64::MIN; 3];
        s.last_ns = 0;
        s.lanes_arg = u32::MAX;
        s.flows = 0;
        let track = match cfg.layout {
            Layout::Standard => wave_uuid,
            Layout::Compact => 0,
        };
        s.end = proto::EndTemplate::new(s.seq, track);
        self.next_gen += 1;
        s.gen = self.next_gen;
        s.counter_values = counters.map(|u| proto::CounterTemplate::new(s.seq, u));
        // The wave clock starts at BOOTTIME 0 (a snapshot also resets an incremental clock's base).
        // The snapshot goes first: a reader converts every later packet of the sequence with this clock.
        let mut p = TracePacket::new();
        p.set_trusted_packet_sequence_id(s.seq);
        if fresh {
            p.sequence_flags = Some(proto::SEQ_INCREMENTAL_STATE_CLEARED);
        }
        let mut snap = ClockSnapshot::new();
        let mut boot = SnapClock::new();
        boot.set_clock_id(proto::CLOCK_BOOTTIME);
        boot.set_timestamp(0);
        let mut wave_clock = SnapClock::new();
        wave_clock.set_clock_id(proto::CLOCK_WAVE);
        wave_clock.set_timestamp(0);
        wave_clock.set_is_incremental(true);
        wave_clock.set_unit_multiplier_ns(1);
        snap.clocks = vec![boot, wave_clock];
        p.set_clock_snapshot(snap);
        proto::put_message(&mut self.buf, &p);
        // Defaults: the wave clock, the wave's slice track.
        let mut p = TracePacket::new();
        p.set_trusted_packet_sequence_id(s.seq);
        let mut defaults = TracePacketDefaults::new();
        defaults.set_timestamp_clock_id(proto::CLOCK_WAVE);
        let mut ted = TrackEventDefaults::new();
        ted.set_track_uuid(wave_uuid);
        if cfg.layout == Layout::Compact {
            ted.extra_counter_track_uuids = counters.to_vec();
        }
        defaults.track_event_defaults = Some(ted).into();
        p.trace_packet_defaults = Some(defaults).into();
        proto::put_message(&mut self.buf, &p);
        self.stats.waves += 1;
        self.maybe_flush();
        WaveTrack {
            slot,
            uuid: wave_uuid,
        }
    }

    /// The wave ended: its sequence becomes free for the next wave.
    pub fn end_wave(&mut self, t: WaveTrack) {
        if let Some(s) = self.slots.get_mut(t.slot as usize) {
            if s.live && s.uuid == t.uuid {
                s.live = false;
                self.free.push(t.slot);
            }
        }
    }

    #[inline(always)]
    fn stamp(&mut self, slot: u32, cycles: u64) -> Stamp {
        let ns = self.ns(cycles);
        let s = &mut self.slots[slot as usize];
        if ns >= s.last_ns {
            let d = ns - s.last_ns;
            s.last_ns = ns;
            Stamp::Delta(d)
        } else {
            Stamp::Absolute(ns)
        }
    }

    #[inline(always)]
    fn track_field(&self, t: &WaveTrack) -> u64 {
        match self.layout {
            Layout::Standard => t.uuid,
            Layout::Compact => 0,
        }
    }

    /// Make sure name and location are interned on the slot's sequence; returns their iids.
    #[inline(always)]
    fn intern(
        &mut self,
        slot: u32,
        name: NameId,
        loc: Option<LocId>,
        lanes: bool,
    ) -> (u64, u64, u64) {
        let s = &self.slots[slot as usize];
        let n = s.name_iid.get(name.0 as usize).copied().unwrap_or(0);
        let l = match loc {
            Some(l) => s.loc_iid.get(l.0 as usize).copied().unwrap_or(0),
            None => 1,
        };
        let a = if lanes { s.lanes_iid } else { 1 };
        if n != 0 && l != 0 && a != 0 {
            let l = if loc.is_some() { l as u64 } else { 0 };
            let a = if lanes { a as u64 } else { 0 };
            return (n as u64, l, a);
        }
        self.intern_slow(slot, name, loc, lanes)
    }

    #[cold]
    fn intern_slow(
        &mut self,
        slot: u32,
        name: NameId,
        loc: Option<LocId>,
        lanes: bool,
    ) -> (u64, u64, u64) {
        let s = &mut self.slots[slot as usize];
        let mut data = proto::Interned::default();
        if s.name_iid.len() <= name.0 as usize {
            s.name_iid.resize(name.0 as usize + 1, 0);
        }
        if s.name_iid[name.0 as usize] == 0 {
            let iid = s.next_name_iid;
            s.next_name_iid += 1;
            s.name_iid[name.0 as usize] = iid;
            data.event_name = Some((iid as u64, &self.names[name.0 as usize]));
        }
        let mut l = 0;
        if let Some(loc) = loc {
            if s.loc_iid.len() <= loc.0 as usize {
                s.loc_iid.resize(loc.0 as usize + 1, 0);
            }
            if s.loc_iid[loc.0 as usize] == 0 {
                let iid = s.next_loc_iid;
                s.next_loc_iid += 1;
                s.loc_iid[loc.0 as usize] = iid;
                let src = &self.locs[loc.0 as usize];
                data.source_location = Some((iid as u64, &src.file, &src.function, src.line));
            }
            l = s.loc_iid[loc.0 as usize] as u64;
        }
        let mut a = 0;
        if lanes {
            if s.lanes_iid == 0 {
                s.lanes_iid = 1;
                data.annotation_name = Some((1, "lanes"));
            }
            a = s.lanes_iid as u64;
        }
        let n = s.name_iid[name.0 as usize] as u64;
        proto::put_interned(&mut self.buf, s.seq, &data);
        (n, l, a)
    }

    #[inline(always)]
    fn maybe_flush(&mut self) {
        if self.buf.len() - self.start >= self.flush_bytes {
            self.flush_full();
        }
    }

    /// The buffer holds `flush_bytes` or more: hand it over. With `aligned`, exactly `flush_bytes` of it (whole
    /// blocks for the I/O thread, when `flush_bytes` is a multiple of `DIRECT_ALIGN`); the packet bytes past
    /// that (less than a packet) begin the next buffer.
    #[cold]
    fn flush_full(&mut self) {
        let cut = self.start + self.flush_bytes;
        if !self.aligned || self.buf.len() == cut {
            return self.flush();
        }
        let (mut next, start) = self.file.buffer();
        next.extend_from_slice(&self.buf[cut..]);
        self.buf.truncate(cut);
        let full = Packets::new(
            std::mem::replace(&mut self.buf, next),
            std::mem::replace(&mut self.start, start),
        );
        self.hand_over(full);
    }

    /// Hand the buffered packets to the file's I/O thread (waits while it has `QUEUED_BUFFERS` to write).
    pub fn flush(&mut self) {
        if self.buf.len() > self.start {
            let (next, start) = self.file.buffer();
            let full = Packets::new(
                std::mem::replace(&mut self.buf, next),
                std::mem::replace(&mut self.start, start),
            );
            self.hand_over(full);
        }
    }

    /// `full` to the I/O thread now, or held until this writer's chunk has its turn.
    fn hand_over(&mut self, full: Packets) {
        let Some(wg) = self.chunk else {
            // An error means the file was finished: the packets have nowhere to go (`finish` reports the
            // writer as unfinished).
            let _ = self.tx.send(full);
            return;
        };
        let order = self.file.0.order.lock().unwrap_or_else(|e| e.into_inner());
        if order.head == wg {
            for b in self.held.drain(..) {
                let _ = self.tx.send(b);
            }
            let _ = self.tx.send(full);
            return;
        }
        drop(order);
        // not its turn: kept, or parked in the spill file
        let parked = self.file.park(full);
        self.held.push(parked);
    }

    /// Begin a slice on the wave's track. `flows_out` start at this slice, `flows_in` end at it. `lanes`: the
    /// active lanes, given as a `lanes` argument when they differ from the wave's last `lanes` argument (so the
    /// wave's first instruction always has one; the `active lanes` counter track has the value at every
    /// instruction).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn begin(
        &mut self,
        t: &WaveTrack,
        ts: u64,
        name: NameId,
        loc: Option<LocId>,
        lanes: Option<u32>,
        flows_out: &[FlowId],
        flows_in: &[FlowId],
    ) {
        self.begin_with(t, ts, name, loc, lanes, [None; 3], flows_out, flows_in, &[]);
    }

    /// Begin an instruction slice (as `begin`) and set the wave's counters at `ts`: `vmcnt`, `lgkmcnt` and
    /// `active lanes` = `lanes` (each written only when it changed).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn begin_instruction(
        &mut self,
        t: &WaveTrack,
        ts: u64,
        name: NameId,
        loc: Option<LocId>,
        lanes: u32,
        vmcnt: i64,
        lgkmcnt: i64,
        flows_out: &[FlowId],
        flows_in: &[FlowId],
    ) {
        let values = [Some(vmcnt), Some(lgkmcnt), Some(lanes as i64)];
        self.begin_with(
            t,
            ts,
            name,
            loc,
            Some(lanes),
            values,
            flows_out,
            flows_in,
            &[],
        );
    }

    /// `begin_instruction` for a memory instruction with the memory system's figures as arguments:
    /// `(index into MEMORY_ARGS, value)` each.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn begin_memory_instruction(
        &mut self,
        t: &WaveTrack,
        ts: u64,
        name: NameId,
        loc: Option<LocId>,
        lanes: u32,
        vmcnt: i64,
        lgkmcnt: i64,
        flows_out: &[FlowId],
        flows_in: &[FlowId],
        args: &[(u8, u64)],
    ) {
        let values = [Some(vmcnt), Some(lgkmcnt), Some(lanes as i64)];
        self.begin_with(
            t,
            ts,
            name,
            loc,
            Some(lanes),
            values,
            flows_out,
            flows_in,
            args,
        );
    }

    /// Intern `MEMORY_ARGS` on the slot's sequence (debug-annotation name iids 2, 3, ...; 1 is `lanes`).
    #[cold]
    fn intern_memory_args(&mut self, slot: u32) {
        let s = &mut self.slots[slot as usize];
        s.mem_iids = true;
        let mut data = InternedData::new();
        for (k, name) in MEMORY_ARGS.iter().enumerate() {
            let mut e = DebugAnnotationName::new();
            e.set_iid(2 + k as u64);
            e.set_name(name.to_string());
            data.debug_annotation_names.push(e);
        }
        let mut p = TracePacket::new();
        p.set_trusted_packet_sequence_id(s.seq);
        p.sequence_flags = Some(proto::SEQ_NEEDS_INCREMENTAL_STATE);
        p.interned_data = Some(data).into();
        proto::put_message(&mut self.buf, &p);
    }

    /// `values`: new values of the wave's counters (`WaveCounter` order), `None` = unchanged.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn begin_with(
        &mut self,
        t: &WaveTrack,
        ts: u64,
        name: NameId,
        loc: Option<LocId>,
        lanes: Option<u32>,
        values: [Option<i64>; 3],
        flows_out: &[FlowId],
        flows_in: &[FlowId],
        mem_args: &[(u8, u64)],
    ) {
        if self.templates
            && mem_args.is_empty()
            && flows_out.is_empty()
            && flows_in.is_empty()
            && lanes.is_none_or(|l| l == self.slots[t.slot as usize].lanes_arg)
            && self.begin_templated(t, ts, name, loc, values)
        {
            return;
        }
        if !mem_args.is_empty() && !self.slots[t.slot as usize].mem_iids {
            self.intern_memory_args(t.slot);
        }
        let mut more = [(0u64, 0u64); MEMORY_ARGS.len()];
        let n_more = mem_args.len().min(more.len());
        for (m, &(k, v)) in more.iter_mut().zip(mem_args) {
            *m = (2 + k as u64, v);
        }
        let lanes_arg = match lanes {
            Some(l) if l != self.slots[t.slot as usize].lanes_arg => Some(l),
            _ => None,
        };
        let (n, l, a) = self.intern(t.slot, name, loc, lanes_arg.is_some());
        let stamp = self.stamp(t.slot, ts);
        let track = self.track_field(t);
        let compact = self.layout == Layout::Compact;
        let s = &mut self.slots[t.slot as usize];
        let seq = s.seq;
        if let Some(l) = lanes_arg {
            s.lanes_arg = l;
        }
        // Which counters changed; in the compact layout the changed ones and those before them (values are
        // positional) ride on this packet, when every one of those is known.
        let mut changed = [false; 3];
        let mut extra = [0i64; 3];
        let mut n_extra = 0;
        for k in 0..3 {
            if let Some(v) = values[k] {
                if v != s.last_value[k] {
                    changed[k] = true;
                    n_extra = k + 1;
                }
                extra[k] = v;
            } else {
                extra[k] = s.last_value[k];
            }
        }
        let inline = compact && n_extra > 0 && extra[..n_extra].iter().all(|&v| v != i64::MIN);
        if inline {
            s.last_value[..n_extra].copy_from_slice(&extra[..n_extra]);
            self.stats.counter_values += changed.iter().filter(|&&c| c).count() as u64;
        }
        proto::put_slice_begin(
            &mut self.buf,
            seq,
            stamp,
            proto::TYPE_SLICE_BEGIN,
            &Begin {
                track,
                name_iid: n,
                source_location_iid: l,
                uint_arg: (a, lanes_arg.unwrap_or(0) as u64),
                more_args: &more[..n_more],
                flows_out,
                flows_in,
                varint_flows: compact,
                extra_counters: if inline { &extra[..n_extra] } else { &[] },
            },
        );
        if !inline && n_extra > 0 {
            // Counter packets at the slice's timestamp (delta 0 after the begin).
            for k in [
                WaveCounter::ActiveLanes,
                WaveCounter::Vmcnt,
                WaveCounter::Lgkmcnt,
            ] {
                if changed[k as usize] {
                    self.counter(t, k, ts, extra[k as usize]);
                }
            }
        }
    }

    /// An instruction slice `[ts, end)` (`ts < end`) without arguments or flows whose `lanes`, `vmcnt` and
    /// `lgkmcnt` are the wave's last values and whose begin template is made: the begin and end from their
    /// templates, the bytes `begin_instruction` and `end_instruction` write then. False (nothing written) when
    /// any of that does not hold: the caller takes that path.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub fn plain_instruction(
        &mut self,
        t: &WaveTrack,
        ts: u64,
        end: u64,
        name: NameId,
        loc: LocId,
        lanes: u32,
        vmcnt: i64,
        lgkmcnt: i64,
    ) -> bool {
        if !self.templates {
            return false;
        }
        let (ns, ns_end) = (self.ns(ts), self.ns(end));
        let s = &mut self.slots[t.slot as usize];
        // element by element: an array compare loads the three values stored just before as one wide load
        let v = &s.last_value;
        if ns < s.last_ns
            || lanes != s.lanes_arg
            || v[0] != vmcnt
            || v[1] != lgkmcnt
            || v[2] != lanes as i64
        {
            return false;
        }
        let Some(b) = s.begins.get(loc.0 as usize) else {
            return false;
        };
        if b.key != (s.gen, name.0) {
            return false;
        }
        proto::put_begin_end(&mut self.buf, b, &s.end, ns - s.last_ns, ns_end - ns);
        s.last_ns = ns_end;
        self.stats.instructions += 1;
        self.maybe_flush();
        true
    }

    /// An instruction slice `[ts, end)` (`ts < end`) of the standard layout with the memory system's
    /// arguments (`(index into MEMORY_ARGS, value)` each), its flow out and the flows ending at it, setting the
    /// wave's counters (`vmcnt`, `lgkmcnt`, `active lanes` = `lanes`; each written when it changed), whose
    /// `lanes` are the wave's last `lanes` argument: begin, counter values and end in one write from the slot's
    /// templates (`proto::put_instruction`; the begin's template made here the first time), the bytes
    /// `begin_memory_instruction` (or `begin_instruction`) and `end_instruction` write then. False (nothing
    /// written) when any of that does not hold or the packets do not fit the in-place write: the caller takes
    /// that path.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn instruction_slice(
        &mut self,
        t: &WaveTrack,
        ts: u64,
        end: u64,
        name: NameId,
        loc: LocId,
        lanes: u32,
        vmcnt: i64,
        lgkmcnt: i64,
        flow_out: Option<FlowId>,
        flows_in: &[FlowId],
        mem_args: &[(u8, u64)],
    ) -> bool {
        if !self.templates
            || self.layout != Layout::Standard
            || mem_args.len() > proto::INSTRUCTION_ARGS
            || flows_in.len() + flow_out.is_some() as usize > proto::INSTRUCTION_FLOWS
        {
            return false;
        }
        let (ns, ns_end) = (self.ns(ts), self.ns(end));
        let s = &self.slots[t.slot as usize];
        // `begin_with` would write a `lanes` argument, intern the memory arguments' names, or stamp the begin
        // absolute: its path
        if ns < s.last_ns || lanes != s.lanes_arg || (!mem_args.is_empty() && !s.mem_iids) {
            return false;
        }
        let key = (s.gen, name.0);
        if s.begins.get(loc.0 as usize).is_none_or(|b| b.key != key) {
            // interns name and location as `begin_with` would at this point (the same packet)
            self.make_begin_template(t, name, Some(loc));
        }
        let s = &mut self.slots[t.slot as usize];
        let mut args = [(0u8, 0u64); proto::INSTRUCTION_ARGS];
        for (a, &(k, v)) in args.iter_mut().zip(mem_args) {
            *a = (2 + k, v);
        }
        // counter values at the slice's timestamp, in `begin_with`'s order
        let values = [lanes as i64, vmcnt, lgkmcnt];
        let order = [
            WaveCounter::ActiveLanes as usize,
            WaveCounter::Vmcnt as usize,
            WaveCounter::Lgkmcnt as usize,
        ];
        let mut counters = [(&s.counter_values[0], 0i64); 3];
        let mut n_counters = 0;
        for (i, k) in order.into_iter().enumerate() {
            if values[i] != s.last_value[k] {
                counters[n_counters] = (&s.counter_values[k], values[i]);
                n_counters += 1;
            }
        }
        let out = match &flow_out {
            Some(f) => std::slice::from_ref(f),
            None => &[],
        };
        if !proto::put_instruction(
            &mut self.buf,
            &s.begins[loc.0 as usize],
            ns - s.last_ns,
            &args[..mem_args.len()],
            out,
            flows_in,
            &counters[..n_counters],
            &s.end,
            ns_end - ns,
        ) {
            return false;
        }
        for (i, k) in order.into_iter().enumerate() {
            s.last_value[k] = values[i];
        }
        s.last_ns = ns_end;
        self.stats.counter_values += n_counters as u64;
        self.stats.instructions += 1;
        self.maybe_flush();
        true
    }

    /// A begin without arguments or flows from the slot's template for `loc` (or for `name` without a location:
    /// stalls), made here the first time after interning as `begin_with` would, then its counter values from
    /// theirs: the same bytes `begin_with` writes field by field. False (nothing written) when the timestamp
    /// goes back on the sequence (an absolute one).
    #[inline(always)]
    fn begin_templated(
        &mut self,
        t: &WaveTrack,
        ts: u64,
        name: NameId,
        loc: Option<LocId>,
        values: [Option<i64>; 3],
    ) -> bool {
        let ns = self.ns(ts);
        let s = &self.slots[t.slot as usize];
        if ns < s.last_ns {
            return false;
        }
        // The compact layout: the changed counters and those before them ride on the begin
        // (`extra_counter_values` are positional), as `begin_with` writes them, when all of those are known.
        let mut extra = [0i64; 3];
        let mut n_extra = 0;
        if self.layout == Layout::Compact {
            for k in 0..3 {
                extra[k] = values[k].unwrap_or(s.last_value[k]);
                if extra[k] != s.last_value[k] {
                    n_extra = k + 1;
                }
            }
            if extra[..n_extra].contains(&i64::MIN) {
                return false;
            }
        }
        let key = (s.gen, name.0);
        let (list, i) = match loc {
            Some(l) => (&s.begins, l.0 as usize),
            None => (&s.unlocated, name.0 as usize),
        };
        if list.get(i).is_none_or(|b| b.key != key) {
            self.make_begin_template(t, name, loc);
        }
        let s = &mut self.slots[t.slot as usize];
        let delta = ns - s.last_ns;
        s.last_ns = ns;
        let list = match loc {
            Some(_) => &s.begins,
            None => &s.unlocated,
        };
        if self.layout == Layout::Compact {
            if n_extra == 0 {
                proto::put_begin(&mut self.buf, &list[i], delta);
            } else {
                proto::put_begin_counters(&mut self.buf, &list[i], delta, &extra[..n_extra]);
                let changed = extra[..n_extra]
                    .iter()
                    .zip(&s.last_value)
                    .filter(|(v, last)| v != last);
                self.stats.counter_values += changed.count() as u64;
                s.last_value[..n_extra].copy_from_slice(&extra[..n_extra]);
            }
            return true;
        }
        proto::put_begin(&mut self.buf, &list[i], delta);
        // Counter packets at the slice's timestamp (delta 0 after the begin), in `begin_with`'s order.
        for k in [
            WaveCounter::ActiveLanes,
            WaveCounter::Vmcnt,
            WaveCounter::Lgkmcnt,
        ] {
            let k = k as usize;
            if let Some(v) = values[k] {
                if v != s.last_value[k] {
                    s.last_value[k] = v;
                    proto::put_counter_value(&mut self.buf, &s.counter_values[k], 0, v);
                    self.stats.counter_values += 1;
                }
            }
        }
        true
    }

    #[cold]
    fn make_begin_template(&mut self, t: &WaveTrack, name: NameId, loc: Option<LocId>) {
        let (n, l, _) = self.intern(t.slot, name, loc, false);
        let track = self.track_field(t);
        let s = &mut self.slots[t.slot as usize];
        let (seq, gen) = (s.seq, s.gen);
        let (list, i) = match loc {
            Some(loc) => (&mut s.begins, loc.0 as usize),
            None => (&mut s.unlocated, name.0 as usize),
        };
        if list.len() <= i {
            list.resize(i + 1, proto::BeginTemplate::default());
        }
        list[i] =
            proto::BeginTemplate::new(seq, proto::TYPE_SLICE_BEGIN, track, n, l, (gen, name.0));
    }

    /// End the wave track's innermost open slice.
    #[inline]
    pub fn end(&mut self, t: &WaveTrack, ts: u64) {
        let stamp = self.stamp(t.slot, ts);
        proto::put_end(&mut self.buf, &self.slots[t.slot as usize].end, stamp);
        self.maybe_flush();
    }

    /// End an instruction slice begun with `begin` (counts it).
    #[inline]
    pub fn end_instruction(&mut self, t: &WaveTrack, ts: u64) {
        self.end(t, ts);
        self.stats.instructions += 1;
    }

    /// One executed instruction: a slice `[ts, ts + dur)` named `name` (the mnemonic) at `loc`; the wave's
    /// `active lanes` counter follows `lanes`.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn instruction(
        &mut self,
        t: &WaveTrack,
        ts: u64,
        dur: u64,
        name: NameId,
        loc: Option<LocId>,
        lanes: u32,
        flows_out: &[FlowId],
        flows_in: &[FlowId],
    ) {
        let values = [None, None, Some(lanes as i64)];
        self.begin_with(
            t,
            ts,
            name,
            loc,
            Some(lanes),
            values,
            flows_out,
            flows_in,
            &[],
        );
        self.end(t, ts + dur);
        self.stats.instructions += 1;
    }

    /// A stall slice `[ts, ts + dur)` named for its reason (intern it once, e.g. `name("stall: vmcnt")`).
    #[inline]
    pub fn stall(&mut self, t: &WaveTrack, ts: u64, dur: u64, reason: NameId) {
        if self.templates {
            // begin and end from their templates at once: what `begin` (its templated path) and `end` write
            let (ns, ns_end) = (self.ns(ts), self.ns(ts + dur));
            let s = &self.slots[t.slot as usize];
            if ns >= s.last_ns {
                let key = (s.gen, reason.0);
                let i = reason.0 as usize;
                if s.unlocated.get(i).is_none_or(|b| b.key != key) {
                    self.make_begin_template(t, reason, None);
                }
                let s = &mut self.slots[t.slot as usize];
                proto::put_begin_end(
                    &mut self.buf,
                    &s.unlocated[i],
                    &s.end,
                    ns - s.last_ns,
                    ns_end - ns,
                );
                s.last_ns = ns_end;
                self.stats.stalls += 1;
                self.maybe_flush();
                return;
            }
        }
        self.begin(t, ts, reason, None, None, &[], &[]);
        self.end(t, ts + dur);
        self.stats.stalls += 1;
    }

    /// Set a wave counter at `ts` (written only when the value changes).
    #[inline]
    pub fn counter(&mut self, t: &WaveTrack, k: WaveCounter, ts: u64, value: i64) {
        let s = &self.slots[t.slot as usize];
        if s.last_value[k as usize] == value {
            return;
        }
        let (seq, track) = (s.seq, s.counters[k as usize]);
        self.slots[t.slot as usize].last_value[k as usize] = value;
        let stamp = self.stamp(t.slot, ts);
        match stamp {
            Stamp::Delta(d) if self.templates => proto::put_counter_value(
                &mut self.buf,
                &self.slots[t.slot as usize].counter_values[k as usize],
                d,
                value,
            ),
            _ => proto::put_counter(&mut self.buf, seq, stamp, track, value),
        }
        self.stats.counter_values += 1;
    }

    /// An instant event on the wave's track with arguments (hazards, missing waits); `flows_in` end here.
    pub fn instant(
        &mut self,
        t: &WaveTrack,
        ts: u64,
        name: NameId,
        args: &[(&str, Arg)],
        flows_in: &[FlowId],
    ) {
        let (n, _, _) = self.intern(t.slot, name, None, false);
        let stamp = self.stamp(t.slot, ts);
        let seq = self.slots[t.slot as usize].seq;
        let mut p = TracePacket::new();
        p.set_trusted_packet_sequence_id(seq);
        p.sequence_flags = Some(proto::SEQ_NEEDS_INCREMENTAL_STATE);
        match stamp {
            Stamp::Delta(d) => p.set_timestamp(d),
            Stamp::Absolute(a) => {
                p.set_timestamp(a);
                p.set_timestamp_clock_id(proto::CLOCK_BOOTTIME);
            }
        }
        let mut e = TrackEvent::new();
        e.set_type(Type::TYPE_INSTANT);
        e.set_name_iid(n);
        if self.track_field(t) != 0 {
            e.set_track_uuid(t.uuid);
        }
        for (k, v) in args {
            let mut a = DebugAnnotation::new();
            a.set_name(k.to_string());
            match v {
                Arg::Str(s) => a.set_string_value(s.clone()),
                Arg::Uint(u) => a.set_uint_value(*u),
            }
            e.debug_annotations.push(a);
        }
        let ids = flows_in.iter().map(|f| f.0).collect();
        match self.layout {
            Layout::Standard => e.terminating_flow_ids = ids,
            Layout::Compact => e.terminating_flow_ids_old = ids,
        }
        p.set_track_event(e);
        proto::put_message(&mut self.buf, &p);
        self.stats.instants += 1;
        self.maybe_flush();
    }

    /// A wave became resident (`delta` +1) or left (`-1`) SIMD `simd` of `cu` at cycle `ts`: the file's
    /// `busy waves` counters are the running sums, written by `TraceFile::finish` (memory grows with distinct
    /// timestamps of wave starts and ends, not with instructions).
    pub fn simd_busy(&mut self, cu: u32, simd: u8, ts: u64, delta: i64) {
        let ns = self.ns(ts);
        *self
            .busy
            .entry((cu, simd))
            .or_default()
            .entry(ns)
            .or_insert(0) += delta;
    }

    /// A memory instruction at cycle `ts` on `cu` (with the cycle model's memory system): what it adds to the
    /// memory counter tracks `TraceFile::finish` writes (sums per `MEMORY_SAMPLE_CYCLES` bucket).
    #[inline]
    pub fn memory_sample(&mut self, cu: u32, ts: u64, m: &MemorySample) {
        self.memory.add(cu, ts, m);
    }

    /// Totals of this writer so far (bytes: buffered and not yet flushed).
    pub fn stats(&self) -> TraceStats {
        let mut s = self.stats.clone();
        s.bytes = (self.buf.len() - self.start) as u64;
        s
    }

    fn finish_part(mut self) {
        if self.chunk.is_some() {
            self.end_chunk(None);
        } else {
            self.flush();
        }
        self.finished = true;
        let sh = &self.file.0;
        let mut m = sh.merged.lock().unwrap_or_else(|e| e.into_inner());
        m.stats.add(&self.stats);
        for (k, v) in std::mem::take(&mut self.busy) {
            let e = m.busy.entry(k).or_default();
            for (ns, d) in v {
                *e.entry(ns).or_insert(0) += d;
            }
        }
        m.memory.merge(std::mem::take(&mut self.memory));
        drop(m);
        sh.live.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Drop for TraceWriter {
    /// A writer dropped without `finish` still hands over its packets (the file then reports it unfinished).
    fn drop(&mut self) {
        if !self.finished {
            if self.chunk.is_some() {
                self.end_chunk(None);
            } else {
                self.flush();
            }
        }
    }
}

/// The memory counter tracks (`TraceFile::finish`, on the root sequence after the SIMD counters; `first`: the
/// sequence has no packet yet): per CU `L1 hit rate %` (in buckets with L1 lookups) and `LDS bank conflict
/// cycles` per bucket, for the device the L2 (L1 -> L2 lines) and HBM bandwidth in GB/s at the trace clock.
/// Returns the counter values written.
fn memory_tracks(buf: &mut Vec<u8>, m: MemorySamples, s: &Shared, first: bool) -> u64 {
    if m.cu.iter().all(|v| v.is_empty()) && m.device.iter().all(|x| *x == [0; 2]) {
        return 0;
    }
    if first {
        let mut p = TracePacket::new();
        p.set_trusted_packet_sequence_id(ROOT_SEQ);
        p.sequence_flags = Some(proto::SEQ_INCREMENTAL_STATE_CLEARED);
        proto::put_message(buf, &p);
    }
    let width = MEMORY_SAMPLE_CYCLES << m.shift;
    let ns = |b: usize| ((b as u128 * width as u128 * s.ns_q32) >> 32) as u64;
    let mut n = 0;
    for (cu, v) in m.cu.iter().enumerate() {
        if v.is_empty() {
            continue;
        }
        let cu = cu as u32;
        put_descriptor(buf, ROOT_SEQ, cu_track(cu));
        let names = [
            format!("CU {cu} L1 hit rate %"),
            format!("CU {cu} LDS bank conflict cycles / {width} cycles"),
        ];
        for (k, name) in names.iter().enumerate() {
            put_track(
                buf,
                ROOT_SEQ,
                uuid::cu_memory(cu, k as u64),
                Some(uuid::cu(cu)),
                name,
                true,
                Some(-5 - k as i32),
            );
        }
        for (b, x) in v.iter().enumerate() {
            if let Some(rate) = (100 * x[1]).checked_div(x[0]) {
                let rate = rate as i64;
                proto::put_counter(
                    buf,
                    ROOT_SEQ,
                    Stamp::Absolute(ns(b)),
                    uuid::cu_memory(cu, 0),
                    rate,
                );
                n += 1;
            }
            proto::put_counter(
                buf,
                ROOT_SEQ,
                Stamp::Absolute(ns(b)),
                uuid::cu_memory(cu, 1),
                x[2] as i64,
            );
            n += 1;
        }
        proto::put_counter(
            buf,
            ROOT_SEQ,
            Stamp::Absolute(ns(v.len())),
            uuid::cu_memory(cu, 1),
            0,
        );
        n += 1;
    }
    // bytes per bucket -> GB/s: bytes x clock_hz / width cycles / 1e9
    let gbs =
        |bytes: u64| (bytes as f64 * s.config.clock_hz as f64 / width as f64 / 1e9).round() as i64;
    for (k, name) in ["L2 bandwidth GB/s (L1 -> L2)", "HBM bandwidth GB/s"]
        .iter()
        .enumerate()
    {
        let u = uuid::device_memory(k as u64);
        put_track(buf, ROOT_SEQ, u, None, name, true, None);
        for (b, x) in m.device.iter().enumerate() {
            proto::put_counter(buf, ROOT_SEQ, Stamp::Absolute(ns(b)), u, gbs(x[k]));
            n += 1;
        }
        proto::put_counter(buf, ROOT_SEQ, Stamp::Absolute(ns(m.device.len())), u, 0);
        n += 1;
    }
    n
}

fn track(uuid: u64, parent: Option<u64>, name: &str) -> TrackDescriptor {
    let mut t = TrackDescriptor::new();
    t.set_uuid(uuid);
    if let Some(p) = parent {
        t.set_parent_uuid(p);
    }
    t.set_name(name.to_string());
    t
}

/// A compute unit: its SIMD counters first, then its work-groups in dispatch order.
fn cu_track(cu: u32) -> TrackDescriptor {
    let mut t = track(uuid::cu(cu), None, &format!("CU {cu}"));
    t.set_child_ordering(ChildTracksOrdering::EXPLICIT);
    t.set_sibling_order_rank(cu.min(i32::MAX as u32) as i32);
    t
}

fn put_descriptor(buf: &mut Vec<u8>, seq: u32, t: TrackDescriptor) {
    let mut p = TracePacket::new();
    p.set_trusted_packet_sequence_id(seq);
    p.set_track_descriptor(t);
    proto::put_message(buf, &p);
}

fn put_track(
    buf: &mut Vec<u8>,
    seq: u32,
    uuid: u64,
    parent: Option<u64>,
    name: &str,
    counter: bool,
    rank: Option<i32>,
) {
    let mut t = track(uuid, parent, name);
    if counter {
        t.counter = Some(CounterDescriptor::new()).into();
    }
    if let Some(r) = rank {
        t.set_sibling_order_rank(r);
    }
    put_descriptor(buf, seq, t);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// A container is one `Trace.packet` whose only field is `compressed_packets` (tag 0x92 0x03), holding a
    /// zlib stream of exactly the input: also for input that does not compress (the output buffer grows past
    /// its first guess) and across reuse of the compressor.
    #[test]
    fn container_frames_a_whole_zlib_stream() {
        let mut c = Compressor::new();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let noise: Vec<u8> = (0..300_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x as u8
            })
            .collect();
        let repeats: Vec<u8> = b"\x0a\x0c\x40\x04\x50\x02\x5a\x06\x48\x02\x58\x81\x01"
            .repeat(20_000)
            .to_vec();
        for input in [&noise, &repeats, &noise] {
            let out = c.container(input).unwrap().to_vec();
            assert_eq!(out[0], 0x0A);
            let mut i = 1;
            let mut outer = 0u64;
            let mut shift = 0;
            loop {
                let b = out[i];
                i += 1;
                outer |= ((b & 0x7F) as u64) << shift;
                shift += 7;
                if b < 0x80 {
                    break;
                }
            }
            assert_eq!(outer as usize, out.len() - i, "outer length");
            assert_eq!(&out[i..i + 2], &COMPRESSED_PACKETS_TAG);
            i += 2;
            let (mut inner, mut shift) = (0u64, 0);
            loop {
                let b = out[i];
                i += 1;
                inner |= ((b & 0x7F) as u64) << shift;
                shift += 7;
                if b < 0x80 {
                    break;
                }
            }
            assert_eq!(inner as usize, out.len() - i, "compressed_packets length");
            let mut back = Vec::new();
            flate2::read::ZlibDecoder::new(&out[i..])
                .read_to_end(&mut back)
                .unwrap();
            assert!(back == *input);
        }
    }
}
