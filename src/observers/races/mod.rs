//! Race and barrier checker (an `Observer`): LDS races between the waves of a work-group, global-memory races
//! between waves and work-groups, conflicting lanes of one store, and barrier misuse. docs/races.md says what is
//! checked and why.
//!
//! wavescope knows every address, so the checker is exact about *which* bytes two accesses share; what it must
//! decide is whether the two accesses are ordered. It never uses the emulator's own interleaving for that (the
//! scheduler runs a wave until it waits at `s_barrier`, and work-groups one after another):
//! - **LDS**: two accesses of different waves of a work-group are ordered when an `s_barrier` release lies
//!   between them (barrier epochs: the group's epoch advances at `Observer::barrier_release`). A wave that ended
//!   counts as arrived at every later barrier (hardware: an ended wave leaves the barrier). Same-wave DS accesses
//!   are in program order and never race. Atomics never race with atomics.
//! - **Global**: happens-before from vector clocks per wave: program order, barrier releases inside a work-group,
//!   and release/acquire through atomic locations (see `ReleaseAcquire` below for the recognised idioms).
//! - LDS DMA (`global_load_lds_*`, `buffer_load_* lds`): its LDS write lands when the covering `s_waitcnt
//!   vmcnt` completes it; one still in flight at a barrier release lands after the release (in the new epoch),
//!   one in flight when the wave ends lands then.
//!
//! Shadow memory: one cell per LDS byte per work-group (recycled), one cell per global byte of each buffer
//! argument, allocated on the first access when global checking is on.

use crate::exec::observe::Observer;
use crate::exec::semantics::vmem::access::Loc;
use crate::exec::semantics::vmem::{locate_lanes, vreg};
use crate::exec::{Apertures, Flow, GlobalMemory, Program, RegionKind, Wave, LANES};
use crate::isa::{mem_flags, Format, Inst};
use crate::launch::{Dispatch, RunFault};
use serde::Serialize;
use std::collections::HashMap;

/// What to check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceOptions {
    /// LDS races, conflicting lanes of LDS stores, barrier misuse (cheap: on by default in `run`).
    pub lds: bool,
    /// Global-memory races and conflicting lanes of global stores (runs on one host thread).
    pub global: bool,
    /// `Some(n)`: the default ("default-small"): global checking runs only for a small dispatch
    /// ([`RaceOptions::for_dispatch`]) and stops after `n` checked global lane-accesses, saying where.
    /// `None`: the whole dispatch, however large (`--races`).
    pub global_budget: Option<u64>,
}

/// Global lane-accesses the default checks before it stops: ~0.1 s of checking on the 2-core build host (~100 ns
/// a lane-access where byte loads split the shadow's dwords; docs/races.md "Defaults"). A spinning kernel reaches
/// it in a fraction of its instruction budget.
pub const DEFAULT_GLOBAL_BUDGET: u64 = 1 << 20;
/// The default stops checking global memory when its shadow pages take more than this (a page of 56 KiB per
/// 4 KiB of buffer touched, 192 KiB more once an access splits a dword in it): the memory bound, as
/// [`DEFAULT_GLOBAL_BUDGET`] is the time bound.
pub const DEFAULT_GLOBAL_SHADOW_BYTES: u64 = 256 << 20;
/// The default checks global memory only in dispatches of at most this many waves: global checking runs on one
/// host thread, also after its budget ran out, so this bounds what a large grid loses of the host's threads
/// (polybench_gemm_512, 4096 waves, took 1.73 s of wall time instead of 0.85 s on the 2-core host with it;
/// docs/races.md "Defaults"). The shadow is lazy (pages of [`GPAGE`] bytes at their first touch), so the size of
/// the buffers no longer matters (the 1024 Triton GEMMs, 256 waves and 2-6 MiB of buffers, are inside): its
/// memory is bounded by [`DEFAULT_GLOBAL_SHADOW_BYTES`].
pub const SMALL_DISPATCH_WAVES: u64 = 256;

impl Default for RaceOptions {
    /// What `wavescope run` and `exec` check: LDS and barriers always; global memory for a small dispatch, within
    /// [`DEFAULT_GLOBAL_BUDGET`].
    fn default() -> Self {
        RaceOptions {
            lds: true,
            global: true,
            global_budget: Some(DEFAULT_GLOBAL_BUDGET),
        }
    }
}

/// Which race check a run made: what "0 findings" covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RaceMode {
    /// `--no-races`.
    Off,
    /// LDS and barriers only: the dispatch was too large for the default global check (or global was off).
    LdsOnly,
    /// LDS, barriers and global memory, within the default budget of global lane-accesses.
    DefaultSmall,
    /// LDS, barriers and global memory over the whole dispatch (`--races`).
    Full,
}

impl RaceMode {
    pub fn as_str(self) -> &'static str {
        match self {
            RaceMode::Off => "off",
            RaceMode::LdsOnly => "lds-only",
            RaceMode::DefaultSmall => "default-small",
            RaceMode::Full => "full",
        }
    }
}

impl RaceOptions {
    pub fn off() -> RaceOptions {
        RaceOptions {
            lds: false,
            global: false,
            global_budget: None,
        }
    }
    /// `lds` and, with `global`, global memory over the whole dispatch (no budget).
    pub const fn new(lds: bool, global: bool) -> RaceOptions {
        RaceOptions {
            lds,
            global,
            global_budget: None,
        }
    }
    /// What the command-line flags ask for (`run`, `exec`): `--no-races` nothing, `--races` everything over the
    /// whole dispatch, neither the default.
    pub fn from_flags(races: bool, no_races: bool) -> RaceOptions {
        match (races, no_races) {
            (_, true) => RaceOptions::off(),
            (true, false) => RaceOptions::full(),
            (false, false) => RaceOptions::default(),
        }
    }
    /// LDS races and barriers only.
    pub fn lds_only() -> RaceOptions {
        RaceOptions::new(true, false)
    }
    /// Everything, over the whole dispatch (`--races`).
    pub fn full() -> RaceOptions {
        RaceOptions::new(true, true)
    }
    pub fn any(&self) -> bool {
        self.lds || self.global
    }
    /// The options for dispatch `d`: the default's global check (`global_budget` set) only when `d` is small
    /// (at most [`SMALL_DISPATCH_WAVES`] waves).
    pub fn for_dispatch(self, d: &Dispatch) -> RaceOptions {
        if !self.global || self.global_budget.is_none() {
            return self;
        }
        RaceOptions {
            global: d.wave_count() <= SMALL_DISPATCH_WAVES,
            ..self
        }
    }
    /// The check these options make.
    pub fn mode(&self) -> RaceMode {
        match (self.lds, self.global, self.global_budget) {
            (_, true, None) => RaceMode::Full,
            (_, true, Some(_)) => RaceMode::DefaultSmall,
            (true, false, _) => RaceMode::LdsOnly,
            (false, false, _) => RaceMode::Off,
        }
    }
}

/// [`GlobalStop`] as the report gives it: the PC in hex, the source line, the console message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GlobalStopReport {
    pub accesses: u64,
    pub wave: u32,
    pub pc: String,
    pub source: Option<String>,
    pub message: String,
}

impl GlobalStopReport {
    pub fn new(session: &dyn Described, g: GlobalStop) -> GlobalStopReport {
        GlobalStopReport {
            accesses: g.accesses,
            wave: g.wave,
            pc: format!("{:#x}", g.pc),
            // a stop at the first unchecked work-group's start names no instruction of interest
            source: if g.work_groups.is_some() {
                None
            } else {
                short_loc(&session.source_line(g.pc))
            },
            message: g.message(),
        }
    }
}

/// Where the default's global check stopped: its budget of global lane-accesses ran out at the instruction at
/// `pc` of `wave` (that instruction and every later global access went unchecked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GlobalStop {
    /// Global lane-accesses checked.
    pub accesses: u64,
    pub wave: u32,
    pub pc: u64,
    /// `Some(bytes)`: it stopped because the shadow pages took this many bytes (more than
    /// [`DEFAULT_GLOBAL_SHADOW_BYTES`]), not for the budget of accesses.
    pub shadow_bytes: Option<u64>,
    /// `Some([checked, total])`: a large dispatch's check covered its first `checked` of `total` work-groups
    /// and stopped there within its budget (`pipeline::Plan`, "first work-groups"); `wave` and `pc` are where the
    /// first unchecked work-group starts.
    pub work_groups: Option<[u32; 2]>,
}

impl GlobalStop {
    /// The console line (and the report's `global_races_stopped`).
    pub fn message(&self) -> String {
        let why = match self.shadow_bytes {
            Some(b) => format!(" (its shadow memory reached {} MiB)", b >> 20),
            None => String::new(),
        };
        if let Some([checked, total]) = self.work_groups {
            return format!(
                "global race checking covered the first {checked} of {total} work-groups ({} accesses){why}; rerun with --races for the whole dispatch",
                self.accesses
            );
        }
        format!(
            "global race checking stopped after {} accesses at wave {} PC {:#x}{why}; rerun with --races for the whole dispatch",
            self.accesses, self.wave, self.pc
        )
    }
}

// ---- the per-instruction table ------------------------------------------------------------------------------

/// What an instruction does that the checker follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Acc {
    None,
    Barrier,
    Waitcnt,
    /// `buffer_wbl2`: release fence (AMDGPUUsage gfx942 memory model: agent/system release).
    Wbl2,
    /// `buffer_inv`: acquire fence.
    Inv,
    /// DS single address: bytes read / written per lane, atomic, store kind shift (16 for *_d16_hi).
    Ds {
        read: u8,
        write: u8,
        atomic: bool,
        hi: bool,
    },
    /// DS two-address (read2/write2/wrxchg2): element bytes, offset scale.
    Ds2 {
        read: bool,
        write: bool,
        elem: u8,
        scale: u16,
    },
    /// DS read at `ADDR + offset` that is not a memory op of interest (transposing reads count as reads).
    /// VMEM (FLAT/GLOBAL/MUBUF): bytes per lane, load/store/atomic, `sc`: a load/store with SC0/SC1 (an atomic
    /// load/store on gfx942+, AMDGPUUsage), `hi`: *_d16_hi store.
    Vmem {
        read: u8,
        write: u8,
        rmw: bool,
        sc: bool,
        hi: bool,
    },
    /// Load to LDS (DMA): bytes per lane read from global; n bytes written to LDS per lane at stride.
    LoadLds {
        bytes: u8,
        n: u8,
        stride: u8,
    },
}

/// Per-instruction facts of one program, built once and shared by every checker.
pub struct RaceTable {
    acc: Vec<Acc>,
    pub pcs: Vec<u64>,
    apertures: Apertures,
    lds_bytes: u32,
    /// Buffer regions (base, size), sorted.
    buffers: Vec<(u64, u64)>,
    /// The program has an instruction the LDS and barrier checks follow: `s_barrier`, a DS access, a load to
    /// LDS, or a FLAT access (its lanes may address LDS).
    lds_or_barrier: bool,
}

fn classify(inst: &Inst) -> Acc {
    let name = inst.name();
    match inst.format {
        Format::Sopp if name == "s_barrier" => Acc::Barrier,
        Format::Sopp if name == "s_waitcnt" => Acc::Waitcnt,
        Format::Ds => classify_ds(name),
        Format::Mubuf if name == "buffer_wbl2" => Acc::Wbl2,
        Format::Mubuf if name == "buffer_inv" => Acc::Inv,
        Format::Global | Format::Flat | Format::Mubuf => classify_vmem(inst, name),
        _ => Acc::None,
    }
}

fn classify_ds(name: &str) -> Acc {
    let b = name.strip_prefix("ds_").unwrap_or(name);
    let size_of = |s: &str| -> u8 {
        if s.contains("b128") {
            16
        } else if s.contains("b96") {
            12
        } else if s.contains("64") {
            8
        } else if s.contains("8") && !s.contains("b32") {
            1
        } else if s.contains("16") && !s.contains("b32") {
            2
        } else {
            4
        }
    };
    if b.starts_with("nop")
        || b.starts_with("swizzle")
        || b.starts_with("permute")
        || b.starts_with("bpermute")
        || b.starts_with("append")
        || b.starts_with("consume")
        || b.starts_with("gws")
        || b.contains("addtid")
    {
        return Acc::None;
    }
    if let Some(r) = b
        .strip_prefix("read2")
        .or_else(|| b.strip_prefix("write2"))
        .or_else(|| b.strip_prefix("wrxchg2"))
    {
        let elem = if r.contains("b64") { 8 } else { 4 };
        let scale = if r.starts_with("st64") { 64 } else { 1 } * elem as u16;
        return Acc::Ds2 {
            read: !b.starts_with("write2"),
            write: !b.starts_with("read2"),
            elem,
            scale,
        };
    }
    if b.starts_with("read_b64_tr") {
        return Acc::Ds {
            read: 8,
            write: 0,
            atomic: false,
            hi: false,
        };
    }
    if b.starts_with("read_b96_tr") {
        return Acc::Ds {
            read: 12,
            write: 0,
            atomic: false,
            hi: false,
        };
    }
    if let Some(r) = b.strip_prefix("read_") {
        return Acc::Ds {
            read: size_of(r.trim_end_matches("_d16_hi").trim_end_matches("_d16")),
            write: 0,
            atomic: false,
            hi: false,
        };
    }
    if let Some(r) = b.strip_prefix("write_") {
        let hi = r.ends_with("_d16_hi");
        return Acc::Ds {
            read: 0,
            write: size_of(r.trim_end_matches("_d16_hi")),
            atomic: false,
            hi,
        };
    }
    // everything else is an atomic read-modify-write (DS_ADD_U32 ... DS_CONDXCHG32_RTN_B64)
    let n = if b.contains("64") { 8 } else { 4 };
    Acc::Ds {
        read: n,
        write: n,
        atomic: true,
        hi: false,
    }
}

fn classify_vmem(inst: &Inst, name: &str) -> Acc {
    let op = inst.op.info().opcode;
    let sc = inst.mem & (mem_flags::SC0 | mem_flags::SC1) != 0;
    let lds = inst.mem & mem_flags::LDS != 0 || name.contains("load_lds");
    let ld = |n: u8| Acc::Vmem {
        read: n,
        write: 0,
        rmw: false,
        sc,
        hi: false,
    };
    let st = |n: u8, hi: bool| Acc::Vmem {
        read: 0,
        write: n,
        rmw: false,
        sc,
        hi,
    };
    let am = |n: u8| Acc::Vmem {
        read: n,
        write: n,
        rmw: true,
        sc,
        hi: false,
    };
    if inst.format == Format::Global && (38..=42).contains(&op) || op == 125 || op == 126 {
        let bytes = match op {
            38 | 39 => 1,
            40 | 41 => 2,
            42 => 4,
            125 => 16,
            _ => 12,
        };
        return Acc::LoadLds {
            bytes,
            n: bytes.max(4),
            stride: if bytes > 4 { 16 } else { 4 },
        };
    }
    if inst.format == Format::Mubuf && lds {
        let bytes = match op {
            16 | 17 => 1,
            18 | 19 => 2,
            22 => 12,
            23 => 16,
            _ => 4,
        };
        return Acc::LoadLds {
            bytes,
            n: bytes.max(4),
            stride: if bytes > 4 { 16 } else { 4 },
        };
    }
    match op {
        16 | 17 => ld(1),
        18 | 19 => ld(2),
        20 => ld(4),
        21 => ld(8),
        22 => ld(12),
        23 => ld(16),
        24 => st(1, false),
        25 => st(1, true),
        26 => st(2, false),
        27 => st(2, true),
        28 => st(4, false),
        29 => st(8, false),
        30 => st(12, false),
        31 => st(16, false),
        32..=35 => ld(1),
        36 | 37 => ld(2),
        64..=78 | 82 => am(4),
        79..=81 | 96..=108 => am(8),
        _ => Acc::None,
    }
}

impl RaceTable {
    /// Can a checker with options `opts` find anything in this program? Without global checking, a program with
    /// no `s_barrier`, DS access, load to LDS or FLAT access (PolyBench gemm: global loads and stores only) has
    /// no LDS access to race and no barrier to misuse (a barrier deadlock needs a wave waiting at an
    /// `s_barrier`), so the pipeline runs no checker for it: it costs nothing per instruction.
    pub fn can_find(&self, opts: RaceOptions) -> bool {
        opts.global || (opts.lds && self.lds_or_barrier)
    }

    pub fn new(d: &Dispatch) -> RaceTable {
        let mut buffers: Vec<(u64, u64)> = d
            .mem
            .regions()
            .iter()
            .filter(|r| matches!(r.kind, RegionKind::Buffer { .. }))
            .map(|r| (r.base, r.size))
            .collect();
        buffers.sort();
        RaceTable::for_program(&d.program, d.apertures, d.lds_bytes, buffers)
    }
    pub fn for_program(
        program: &Program,
        apertures: Apertures,
        lds_bytes: u32,
        buffers: Vec<(u64, u64)>,
    ) -> RaceTable {
        let acc: Vec<Acc> = program.insts.iter().map(classify).collect();
        let lds_or_barrier = acc.iter().zip(&program.insts).any(|(a, i)| match a {
            Acc::Barrier | Acc::Ds { .. } | Acc::Ds2 { .. } | Acc::LoadLds { .. } => true,
            Acc::Vmem { .. } => i.format == Format::Flat,
            _ => false,
        });
        RaceTable {
            acc,
            lds_or_barrier,
            pcs: program.pcs.clone(),
            apertures,
            lds_bytes,
            buffers,
        }
    }
}

// ---- shadow cells -------------------------------------------------------------------------------------------

const F_ATOMIC: u8 = 1;
/// The written byte's value is known (a plain store; not an atomic's result, not DMA).
const F_KNOWN: u8 = 2;
/// The write stored the value the byte already held (known before and after).
const F_SAME: u8 = 4;

/// Shadow of one LDS byte. Epoch numbers are unique within a checker, so a cell from an earlier work-group
/// (epoch below the group's first) counts as never accessed.
#[derive(Clone, Copy)]
struct LdsCell {
    w_epoch: u32,
    w_idx: u32,
    w_serial: u32,
    w_wave: u8,
    w_lane: u8,
    w_val: u8,
    w_flags: u8,
    r_epoch: u32,
    /// Waves (bit per wave in group) that read plainly / atomically in `r_epoch` since the last write.
    r_plain: u16,
    r_atomic: u16,
    r_idx: u32,
    r_wave: u8,
    r_lane: u8,
    /// A reader of another wave than `r_wave` (for naming the other PC of a WAR).
    r2_wave: u8,
    r2_lane: u8,
    r2_idx: u32,
}

impl LdsCell {
    const EMPTY: LdsCell = LdsCell {
        w_epoch: 0,
        w_idx: 0,
        w_serial: 0,
        w_wave: 0,
        w_lane: 0,
        w_val: 0,
        w_flags: 0,
        r_epoch: 0,
        r_plain: 0,
        r_atomic: 0,
        r_idx: 0,
        r_wave: 0,
        r_lane: 0,
        r2_wave: 0,
        r2_lane: 0,
        r2_idx: 0,
    };
}

/// The shadow of one aligned LDS dword while its four bytes share their history (every access to it so far
/// covered it whole): the byte cell they would all hold, with the per-byte values and `F_SAME` flags apart
/// (`c.w_val`, `c.w_lane` and `c.w_flags & F_SAME` unused). Once a partial access comes the dword is split
/// (`GroupSt::split`): the four byte cells of `GroupSt::lds` hold its history from then on. The writing lane is
/// per byte too: a byte store whose consecutive lanes write the four bytes of a dword (`ds_write_b8` of a
/// Triton fp8 tile) leaves the bytes' histories equal but for value and lane, so the dword stays whole.
#[derive(Clone, Copy)]
struct LdsWord {
    c: LdsCell,
    vals: [u8; 4],
    /// The last write's lane of byte k.
    lanes: [u8; 4],
    /// `F_SAME` of byte k at bit k.
    same: u8,
}

impl LdsWord {
    const EMPTY: LdsWord = LdsWord {
        c: LdsCell::EMPTY,
        vals: [0; 4],
        lanes: [0; 4],
        same: 0,
    };
    /// The byte cell of byte `b`.
    fn byte(&self, b: usize) -> LdsCell {
        LdsCell {
            w_val: self.vals[b],
            w_lane: self.lanes[b],
            w_flags: self.c.w_flags | if self.same & (1 << b) != 0 { F_SAME } else { 0 },
            ..self.c
        }
    }
}

const NO_WAVE: u32 = u32::MAX;

/// Shadow of one global byte: the last write and up to two reads since it, as (wave, clock) epochs.
#[derive(Clone, Copy)]
struct GCell {
    w_wave: u32,
    w_clock: u32,
    w_idx: u32,
    w_serial: u32,
    w_lane: u8,
    w_val: u8,
    w_flags: u8,
    r_flags: u8,
    r_wave: u32,
    r_clock: u32,
    r_idx: u32,
    r_lane: u8,
    r2_flags: u8,
    r2_lane: u8,
    r2_wave: u32,
    r2_clock: u32,
    r2_idx: u32,
}

impl GCell {
    const EMPTY: GCell = GCell {
        w_wave: NO_WAVE,
        w_clock: 0,
        w_idx: 0,
        w_serial: 0,
        w_lane: 0,
        w_val: 0,
        w_flags: 0,
        r_flags: 0,
        r_wave: NO_WAVE,
        r_clock: 0,
        r_idx: 0,
        r_lane: 0,
        r2_flags: 0,
        r2_lane: 0,
        r2_wave: NO_WAVE,
        r2_clock: 0,
        r2_idx: 0,
    };
}

/// The shadow of one aligned dword of a buffer while its four bytes share their history (every access to it so
/// far covered it whole, from one lane): the byte cell they would all hold, with the per-byte values and
/// `F_SAME` flags apart (`c.w_val` and `c.w_flags & F_SAME` unused). An access to part of it splits it
/// (`GShadow::split`): its four byte cells in `GShadow::bytes` hold its history from then on. A 4-byte load or
/// store then touches one 56-byte cell instead of four 48-byte ones.
#[derive(Clone, Copy)]
struct GWord {
    c: GCell,
    vals: [u8; 4],
    /// `F_SAME` of byte k at bit k.
    same: u8,
}

impl GWord {
    const EMPTY: GWord = GWord {
        c: GCell::EMPTY,
        vals: [0; 4],
        same: 0,
    };
    /// The byte cell of byte `b`.
    #[inline(always)]
    fn byte(&self, b: usize) -> GCell {
        GCell {
            w_val: self.vals[b],
            w_flags: self.c.w_flags | if self.same & (1 << b) != 0 { F_SAME } else { 0 },
            ..self.c
        }
    }
}

/// The global shadow of one buffer: a page table with one entry per [`GPAGE`] bytes of the buffer (8 bytes
/// each, set up at the buffer's first access), a page allocated when an access first touches it. A kernel that
/// touches a few rows of a large buffer pays for those rows only; the page of an offset is found by indexing
/// (no hashing per lane).
#[derive(Default)]
struct GShadow {
    pages: Vec<Option<Box<GPage>>>,
}

/// Buffer bytes per page of the global shadow (`GShadow::pages`): 56 KiB of dword cells, and 192 KiB of byte
/// cells once a dword in it splits.
const GPAGE: usize = 4096;
const GPAGE_WORDS: usize = GPAGE / 4;

/// The shadow of [`GPAGE`] bytes of a buffer.
struct GPage {
    /// One cell per dword (page offsets 4k..4k+3) while its bytes share their history.
    words: Box<[GWord]>,
    /// One bit per dword: split (its byte cells in `bytes` hold its history).
    split: [u64; GPAGE_WORDS / 64],
    /// One cell per byte, allocated at the first split of a dword of the page (empty before).
    bytes: Box<[GCell]>,
}

/// Shadow memory of one [`GPage`] without and with its byte cells (what the default's memory bound counts).
const GPAGE_WORD_BYTES: u64 = (GPAGE_WORDS * std::mem::size_of::<GWord>()) as u64;
const GPAGE_SPLIT_BYTES: u64 = (GPAGE * std::mem::size_of::<GCell>()) as u64;

impl GPage {
    fn new() -> Box<GPage> {
        Box::new(GPage {
            words: vec![GWord::EMPTY; GPAGE_WORDS].into_boxed_slice(),
            split: [0; GPAGE_WORDS / 64],
            bytes: Box::default(),
        })
    }
    #[inline(always)]
    fn is_split(&self, d: usize) -> bool {
        self.split[d / 64] & (1 << (d % 64)) != 0
    }
    /// Split dword `d` (of the page) into its byte cells for good; returns the shadow bytes this allocated.
    #[cold]
    fn split_word(&mut self, d: usize) -> u64 {
        let mut grown = 0;
        if self.bytes.is_empty() {
            self.bytes = vec![GCell::EMPTY; GPAGE].into_boxed_slice();
            grown = GPAGE_SPLIT_BYTES;
        }
        let w = self.words[d];
        for b in 0..4 {
            self.bytes[4 * d + b] = w.byte(b);
        }
        self.split[d / 64] |= 1 << (d % 64);
        grown
    }
}

impl GShadow {
    /// The page holding buffer offset `o` of a buffer of `size` bytes, allocated at its first touch (the page
    /// table at the buffer's first access); with the shadow bytes this allocated.
    #[inline(always)]
    fn page(&mut self, o: usize, size: u64) -> (&mut GPage, u64) {
        if self.pages.is_empty() {
            self.pages = (0..(size as usize).div_ceil(GPAGE)).map(|_| None).collect();
        }
        let slot = &mut self.pages[o / GPAGE];
        let mut grown = 0;
        if slot.is_none() {
            *slot = Some(GPage::new());
            grown = GPAGE_WORD_BYTES;
        }
        (slot.as_deref_mut().expect("allocated above"), grown)
    }
    /// The page holding offset `o` if it was touched (no allocation).
    #[inline(always)]
    fn page_if(&self, o: usize) -> Option<&GPage> {
        self.pages.get(o / GPAGE)?.as_deref()
    }
}

/// A sparse vector clock: (wave, clock) sorted by wave.
#[derive(Clone, Debug, Default)]
struct Vc(Vec<(u32, u32)>);

impl Vc {
    #[inline]
    fn get(&self, w: u32) -> u32 {
        match self.0.binary_search_by_key(&w, |e| e.0) {
            Ok(i) => self.0[i].1,
            Err(_) => 0,
        }
    }
    fn set(&mut self, w: u32, c: u32) {
        match self.0.binary_search_by_key(&w, |e| e.0) {
            Ok(i) => self.0[i].1 = c,
            Err(i) => self.0.insert(i, (w, c)),
        }
    }
    fn join(&mut self, o: &Vc) {
        for &(w, c) in &o.0 {
            match self.0.binary_search_by_key(&w, |e| e.0) {
                Ok(i) => self.0[i].1 = self.0[i].1.max(c),
                Err(i) => self.0.insert(i, (w, c)),
            }
        }
    }
}

// ---- per-wave and per-group state ---------------------------------------------------------------------------

/// An LDS DMA write still in flight.
#[derive(Clone, Copy)]
struct Dma {
    seq: u64,
    idx: u32,
    mask: u64,
    base: u32,
    stride: u8,
    n: u8,
}

struct WaveSt {
    wave: u32,
    group: usize,
    wig: u8,
    at_barrier: Option<u32>,
    vc: Vc,
    /// Vector clock at the last `buffer_wbl2` (agent-scope release: what a wave of another work-group may
    /// acquire; AMDGPUUsage gfx942 memory model).
    rel_agent: Option<Vc>,
    /// Clocks acquired by atomic reads, taking effect at the next acquire fence.
    acq: Vc,
    /// Clocks acquired by atomic reads of what waves of other work-groups released: they take effect only at
    /// the next `buffer_inv` (an agent-scope acquire; `s_waitcnt vmcnt(0)` alone is a workgroup-scope one).
    acq_agent: Vc,
    /// What atomic reads found released at workgroup scope only by waves of other work-groups (`SyncLoc::vc`
    /// beyond `SyncLoc::agent`), and the last releasing atomic: it joins `weak` at the next `buffer_inv`.
    acq_weak: Vc,
    acq_weak_site: u32,
    /// Clocks this wave would be ordered after if workgroup-scope releases were enough across work-groups: a
    /// race ordered by them is a missing `buffer_wbl2` (`RaceKind::ReleaseScope`), the release at `weak_site`.
    weak: Vc,
    weak_site: u32,
    vm_issued: u64,
    dma: Vec<Dma>,
    last_pc: u64,
}

struct GroupSt {
    flat: u32,
    work_group: [u32; 3],
    /// First epoch of this group: cells with older epochs are from earlier groups.
    base: u32,
    epoch: u32,
    /// Byte cells of the dwords that were split.
    lds: Vec<LdsCell>,
    /// One bit per dword: split (its byte cells in `lds` hold its history). A bitmap apart from the cells, so
    /// a kernel whose dwords are all split (byte stores) touches only the byte cells.
    split: Vec<u64>,
    /// One cell per aligned dword (`lds.len()` bytes, rounded up).
    words: Vec<LdsWord>,
    /// Per block of [`BLOCK_DWORDS`] dwords: the last epoch a write or atomic of this group touched it, and the
    /// waves (bit per wave in group) that did in that epoch. A read finds a RAW only in a cell another wave wrote
    /// in the read's epoch, so a block whose summary says none did needs no cell visit (`lazy_read`).
    blk_w_epoch: Vec<u32>,
    blk_w_waves: Vec<u16>,
    /// Plain reads of this epoch whose reader fields are not yet in the cells (`lazy_read`).
    reads: ReadLog,
    live: bool,
    /// Join of the clocks of waves that ended (they arrive at every later barrier).
    ended: Vc,
    /// Wave ids of the group (global), and which of them ended.
    waves: Vec<(u32, bool)>,
}

/// Dwords per block of the write summary (`GroupSt::blk_w_epoch`): 256 bytes, a few lanes' `ds_read_b128`; one
/// word of the split bitmap, so `lazy_read` indexes both alike.
const BLOCK_DWORDS: usize = 64;
const _: () = assert!(
    BLOCK_DWORDS == 64,
    "lazy_read takes a split-bitmap word for a block"
);

/// Logged reads a group holds at most before it applies them (bounds the log's memory: ~280 bytes each).
const MAX_LOGGED_READS: usize = 4096;

/// The plain reads of one epoch (`epoch`) not yet applied to the cells' reader fields, in issue order.
#[derive(Default)]
struct ReadLog {
    epoch: u32,
    entries: Vec<LoggedRead>,
}

/// One logged read instruction: what `lds_read` needs to apply it to each cell it read.
#[derive(Clone, Copy)]
struct LoggedRead {
    wig: u8,
    /// Bytes per lane (a multiple of 4, at most 16).
    n: u8,
    idx: u32,
    off: u32,
    mask: u64,
    /// The lanes' ADDR VGPR when the read issued.
    addrs: [u32; LANES],
}

impl GroupSt {
    /// Apply the logged reads of the current epoch to the cells' reader fields, in issue order (each as the
    /// eager path's `lds_read` would have, findings aside: those were recorded when the read issued), and empty
    /// the log. Reads logged in an earlier epoch are dropped: a reader field names only reads of the epoch of a
    /// write that looks at it (`lds_war` ignores other epochs, and a cell's second reader `r2` is copied from
    /// its first when a read of the current epoch comes), so applying them changes no finding. Every access that
    /// reads or writes the cells other than a logged read calls this first (`RaceChecker::lds_parts`).
    fn apply_reads(&mut self) {
        if self.reads.entries.is_empty() {
            return;
        }
        if self.reads.epoch == self.epoch {
            for r in &self.reads.entries {
                let mut acc = LdsAccess {
                    e: self.epoch,
                    base: self.base,
                    wig: r.wig,
                    me: 1u16 << (r.wig & 15),
                    lane: 0,
                    idx: r.idx,
                    serial: 0,
                    op: LdsOp {
                        read: true,
                        write: false,
                        known: false,
                        atomic: false,
                    },
                };
                let mut m = r.mask;
                while m != 0 {
                    let l = m.trailing_zeros() as usize;
                    m &= m - 1;
                    acc.lane = l as u8;
                    // `lazy_read` logged only whole dwords inside the shadow, none split since (nothing else
                    // touched the cells before this)
                    let w0 = (r.addrs[l].wrapping_add(r.off) / 4) as usize;
                    for w in &mut self.words[w0..w0 + r.n as usize / 4] {
                        let _ = lds_read(&mut w.c, &acc);
                    }
                }
            }
        }
        self.reads.entries.clear();
    }

    /// Note a write or atomic of `n` bytes from `addr` by the wave with bit `me` in the write summary.
    #[inline(always)]
    fn mark_written(&mut self, addr: u32, n: u32, me: u16) {
        let dwords = self.words.len();
        if n == 0 || addr as usize / 4 >= dwords {
            return;
        }
        let first = addr as usize / 4 / BLOCK_DWORDS;
        let last = ((addr as usize + n as usize - 1) / 4).min(dwords - 1) / BLOCK_DWORDS;
        for b in first..=last {
            if self.blk_w_epoch[b] != self.epoch {
                self.blk_w_epoch[b] = self.epoch;
                self.blk_w_waves[b] = 0;
            }
            self.blk_w_waves[b] |= me;
        }
    }
}

// ---- findings -----------------------------------------------------------------------------------------------

/// Kinds of findings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RaceKind {
    Lds,
    Global,
    IntraInstruction,
    DivergentBarrier,
    BarrierDeadlock,
    /// A global race ordered only through a workgroup-scope release (`s_waitcnt vmcnt(0)`, no `buffer_wbl2`)
    /// that a wave of another work-group acquired.
    ReleaseScope,
}

impl RaceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RaceKind::Lds => "lds",
            RaceKind::Global => "global",
            RaceKind::IntraInstruction => "intra-instruction",
            RaceKind::DivergentBarrier => "divergent-barrier",
            RaceKind::BarrierDeadlock => "barrier-deadlock",
            RaceKind::ReleaseScope => "release-scope",
        }
    }
}

/// RAW / WAR / WAW: the order in which the emulator happened to run the two accesses (first, second).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Access {
    Raw,
    War,
    Waw,
    None,
}

impl Access {
    pub fn as_str(self) -> &'static str {
        match self {
            Access::Raw => "RAW",
            Access::War => "WAR",
            Access::Waw => "WAW",
            Access::None => "",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    kind: RaceKind,
    access: Access,
    first: u32,
    second: u32,
}

impl Key {
    /// The key a finding was counted under.
    fn of(f: &RawFinding) -> Key {
        if matches!(f.kind, RaceKind::BarrierDeadlock) {
            return Key::deadlock(f);
        }
        Key {
            kind: f.kind,
            access: f.access,
            first: f.first_idx,
            second: f.second_idx,
        }
    }

    fn deadlock(d: &RawFinding) -> Key {
        Key {
            kind: RaceKind::BarrierDeadlock,
            access: Access::None,
            first: d.first_idx,
            second: u32::MAX,
        }
    }
}

/// One finding before it is described against the code object (instruction indices, raw addresses).
#[derive(Clone, Debug)]
pub struct RawFinding {
    pub kind: RaceKind,
    pub access: Access,
    /// Error unless every occurrence was benign (same value).
    pub error: bool,
    pub first_idx: u32,
    pub second_idx: u32,
    pub first_wave: u32,
    pub second_wave: u32,
    pub first_lane: u8,
    pub second_lane: u8,
    pub work_group: [u32; 3],
    /// Byte range [lo, hi] seen (LDS offsets for lds, device addresses for global).
    pub lo: u64,
    pub hi: u64,
    /// Conflicting byte accesses counted.
    pub occurrences: u64,
    /// Barrier findings: (barrier instruction index, waves waiting there), and the waves that never came
    /// with their PCs.
    pub barriers: Vec<(u32, Vec<u32>)>,
    pub missing: Vec<(u32, u64)>,
    /// `RaceKind::ReleaseScope`: the instruction index of the atomic that released at workgroup scope only.
    pub release_idx: Option<u32>,
}

/// What atomic writes released at one dword: the join of their release clocks, and the work-group of the waves
/// that released there (`None`: waves of several).
#[derive(Clone, Default)]
struct SyncLoc {
    vc: Vc,
    group: Option<u32>,
    /// The join of the agent-scope release clocks (`buffer_wbl2`): what waves of other work-groups acquire.
    agent: Vc,
    /// The last atomic write that released here (its instruction index).
    site: u32,
}

/// Wave ids below this have their slot in `RaceChecker::slot_of` (4 MiB at most); the rest are searched.
const SLOT_OF_MAX: u32 = 1 << 20;
const NO_SLOT: u32 = u32::MAX;

/// The checker: one per host thread.
pub struct RaceChecker<'a> {
    t: &'a RaceTable,
    mem: Option<&'a GlobalMemory>,
    opts: RaceOptions,
    groups: Vec<GroupSt>,
    waves: Vec<WaveSt>,
    /// `waves`' slot of each wave id below [`SLOT_OF_MAX`] (`NO_SLOT`: none): the resident schedule switches
    /// between thousands of live waves, where a scan of `waves` per switch took half a co-resident run.
    slot_of: Vec<u32>,
    cur_wave: usize,
    epoch_counter: u32,
    serial: u32,
    /// Global shadow: per buffer (same order as `t.buffers`), a page allocated at its first touch.
    gshadow: Vec<GShadow>,
    /// Bytes of global shadow pages allocated (bounded by `DEFAULT_GLOBAL_SHADOW_BYTES` in the default).
    gshadow_bytes: u64,
    /// Index in `t.buffers` of the buffer the last global access fell in.
    last_buffer: usize,
    /// Release clocks of atomic locations (dword address).
    sync: HashMap<u64, SyncLoc>,
    findings: HashMap<Key, RawFinding>,
    /// First occurrence of each finding on this thread, in order (a trace's instants; bounded).
    events: Vec<RaceEvent>,
    locs: Box<[Loc; LANES]>,
    /// Every LDS access byte by byte (no dword cells): the reference the dword shadow is tested against.
    bytewise: bool,
    /// Global lane-accesses checked so far (counted against `opts.global_budget`).
    global_spent: u64,
    /// Where the budget ran out (global checking is off from there on).
    global_stop: Option<GlobalStop>,
}

/// A finding the checker just made (its first occurrence on this host thread): what a trace marks on the wave
/// that made the second access (or reached the second barrier).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaceEvent {
    pub kind: RaceKind,
    pub access: Access,
    /// The wave of the second access.
    pub wave: u32,
    /// Instruction indices of the first and second access (barriers: the two `s_barrier`s).
    pub first_idx: u32,
    pub second_idx: u32,
    pub error: bool,
}

/// Events kept per host thread (each is a distinct finding, so a real kernel has few).
const MAX_EVENTS: usize = 1 << 12;

impl<'a> RaceChecker<'a> {
    pub fn new(t: &'a RaceTable, mem: &'a GlobalMemory, opts: RaceOptions) -> RaceChecker<'a> {
        RaceChecker {
            mem: Some(mem),
            ..RaceChecker::detached(t, opts)
        }
    }

    /// A checker without the dispatch's memory: the caller lends it per instruction ([`RaceChecker::before_in`];
    /// the interactive machine owns the memory it checks).
    pub fn detached(t: &'a RaceTable, opts: RaceOptions) -> RaceChecker<'a> {
        RaceChecker {
            t,
            mem: None,
            opts,
            groups: Vec::new(),
            waves: Vec::new(),
            slot_of: Vec::new(),
            cur_wave: usize::MAX,
            epoch_counter: 0,
            serial: 0,
            gshadow: (0..t.buffers.len()).map(|_| GShadow::default()).collect(),
            gshadow_bytes: 0,
            last_buffer: 0,
            sync: HashMap::new(),
            findings: HashMap::new(),
            events: Vec::new(),
            locs: Box::new([Loc::Dropped; LANES]),
            bytewise: false,
            global_spent: 0,
            global_stop: None,
        }
    }

    /// A checker that keeps the LDS shadow byte by byte only (slower; the same findings): the reference for
    /// tests of the dword cells.
    pub fn bytewise(t: &'a RaceTable, mem: &'a GlobalMemory, opts: RaceOptions) -> RaceChecker<'a> {
        RaceChecker {
            bytewise: true,
            ..RaceChecker::new(t, mem, opts)
        }
    }

    /// Where the default's global check stopped, when its budget ran out.
    pub fn global_stop(&self) -> Option<GlobalStop> {
        self.global_stop
    }

    /// Global lane-accesses checked so far.
    pub fn global_accesses(&self) -> u64 {
        self.global_spent
    }

    /// Count a global access of `lanes` checked lanes against the budget; when it would go over, or the shadow
    /// pages already take [`DEFAULT_GLOBAL_SHADOW_BYTES`], global checking stops here (before this access) for
    /// the rest of the dispatch. Returns whether global checking is still on.
    #[inline(always)]
    fn spend_global(&mut self, wave: &Wave, lanes: u64) -> bool {
        if let Some(b) = self.opts.global_budget {
            let n = self.global_spent + lanes;
            if n > b {
                self.stop_global(wave, false);
                return false;
            }
            if self.gshadow_bytes > DEFAULT_GLOBAL_SHADOW_BYTES {
                self.stop_global(wave, true);
                return false;
            }
            self.global_spent = n;
        }
        true
    }

    #[cold]
    fn stop_global(&mut self, wave: &Wave, memory: bool) {
        self.global_stop = Some(GlobalStop {
            accesses: self.global_spent,
            wave: wave.id.wave,
            pc: wave.pc,
            shadow_bytes: memory.then_some(self.gshadow_bytes),
            work_groups: None,
        });
        self.gshadow_bytes = 0;
        self.opts.global = false;
        // the rest of the run checks no global access: the shadow and release clocks go now
        for g in &mut self.gshadow {
            *g = GShadow::default();
        }
        self.sync = HashMap::new();
    }

    /// First occurrence of each finding on this thread so far, in order.
    pub fn events(&self) -> &[RaceEvent] {
        &self.events
    }

    /// The finding an event is the first occurrence of, as counted so far (occurrences, byte range).
    pub fn finding(&self, e: &RaceEvent) -> Option<&RawFinding> {
        self.findings.get(&Key {
            kind: e.kind,
            access: e.access,
            first: e.first_idx,
            second: e.second_idx,
        })
    }

    #[inline]
    fn wave_slot(&mut self, wave: u32) -> Option<usize> {
        if self.cur_wave < self.waves.len() && self.waves[self.cur_wave].wave == wave {
            return Some(self.cur_wave);
        }
        let i = if wave < SLOT_OF_MAX {
            match self.slot_of.get(wave as usize) {
                Some(&i) if i != NO_SLOT => i as usize,
                _ => return None,
            }
        } else {
            self.waves.iter().position(|w| w.wave == wave)?
        };
        self.cur_wave = i;
        Some(i)
    }

    /// Note `wave`'s slot in `waves` (`NO_SLOT`: it has none).
    fn set_slot(&mut self, wave: u32, slot: usize) {
        if wave < SLOT_OF_MAX {
            let w = wave as usize;
            if self.slot_of.len() <= w {
                self.slot_of.resize(w + 1, NO_SLOT);
            }
            self.slot_of[w] = slot as u32;
        }
    }

    // ---- LDS --------------------------------------------------------------------------------------------

    /// A lane's access of `n` consecutive LDS bytes from `addr` by wave slot `ws` (`vals[k]`: the value of
    /// byte k when `write`; `known`: a plain store's value). The rules are per byte (docs/races.md). The shadow
    /// keeps one cell per aligned dword while all four bytes share their history (`LdsWord`): an access covering
    /// whole dwords updates one cell per dword, and its per-byte findings are those four byte cells would give;
    /// the first access to part of a dword splits it into its four byte cells for good. Findings are recorded
    /// where they are found (a cold call), in the order of the bytes: RAW, then WAW (or intra-instruction), then
    /// WAR for each byte.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn lds_run(
        &mut self,
        ws: usize,
        addr: u32,
        n: u32,
        idx: u32,
        lane: u8,
        serial: u32,
        op: LdsOp,
        vals: &[u8; 16],
    ) {
        let bytewise = self.bytewise;
        let (grp, mut a, mut hit) = self.lds_parts(ws, idx, serial, op);
        a.lane = lane;
        lds_cells(grp, &a, bytewise, addr, n, vals, &mut hit);
    }

    /// What the LDS accesses of all lanes of one instruction (index `idx`, wave slot `ws`) share: the shadow of
    /// the wave's group, the access (`lane` 0: the caller sets each lane's), and the finding callback, which
    /// names the other access's wave by its wave in group and records under the group's work-group.
    #[inline(always)]
    fn lds_parts(
        &mut self,
        ws: usize,
        idx: u32,
        serial: u32,
        op: LdsOp,
    ) -> (
        &mut GroupSt,
        LdsAccess,
        impl FnMut(RaceKind, Access, u32, u8, u8, u32, bool, u8) + '_,
    ) {
        let (g, wig, wave_id) = {
            let w = &self.waves[ws];
            (w.group, w.wig, w.wave)
        };
        let RaceChecker {
            groups,
            findings,
            events,
            ..
        } = self;
        let grp = &mut groups[g];
        // the cells' reader fields as the eager path would have left them
        grp.apply_reads();
        let wg = grp.work_group;
        let a = LdsAccess {
            e: grp.epoch,
            base: grp.base,
            wig,
            me: 1u16 << (wig & 15),
            lane: 0,
            idx,
            serial,
            op,
        };
        let wave_first_base = wave_id - wig as u32;
        let hit =
            move |kind, access, fidx: u32, fwig: u8, flane: u8, at: u32, error: bool, slane: u8| {
                record_finding(
                    findings,
                    events,
                    wg,
                    Found {
                        kind,
                        access,
                        first: (fidx, wave_first_base + fwig as u32, flane),
                        second: (idx, wave_id, slane),
                        addr: at as u64,
                        error,
                        release: None,
                    },
                )
            };
        (grp, a, hit)
    }

    /// A plain read (`ds_read_b32` ... `_b128`, the `_tr` forms) of whole dwords on every active lane, none of
    /// them split, all inside the shadow: the RAW check now, against the cells' last writes, but only in blocks
    /// another wave wrote in this epoch (`GroupSt::blk_w_epoch`); the reader fields the read would set are
    /// logged (`GroupSt::reads`) instead, since only a later write, atomic or split of this epoch looks at them
    /// and each applies the log first (`lds_parts`). A correct kernel's reads of a tile after a barrier then
    /// touch no cell. Findings, and their order, as the eager path's (tests/races_random.rs compares with the
    /// bytewise checker). False, nothing done: not such a read (the caller's eager path).
    #[inline(never)]
    fn lazy_read(
        &mut self,
        ws: usize,
        idx: u32,
        a: &[u32; LANES],
        off: u32,
        n: u32,
        mask: u64,
    ) -> bool {
        if n == 0 || !n.is_multiple_of(4) || n > 16 {
            return false;
        }
        let (g, wig) = (self.waves[ws].group, self.waves[ws].wig);
        let grp = &self.groups[g];
        let dwords = (grp.lds.len() / 4) as u32;
        let me = 1u16 << (wig & 15);
        let e = grp.epoch;
        let mut raw_possible = false;
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let addr = a[l].wrapping_add(off);
            let w0 = addr / 4;
            if !addr.is_multiple_of(4) || w0 >= dwords || dwords - w0 < n / 4 {
                return false;
            }
            // the lane's 1-4 dwords in the split bitmap's words (a word is a summary block too): one or two
            // masks
            let (w0, w1) = (w0 as usize, (w0 + n / 4 - 1) as usize);
            let (b0, b1) = (w0 / 64, w1 / 64);
            let ones = |k: usize| (1u64 << k) - 1;
            let split = if b0 == b1 {
                grp.split[b0] & ones(w1 - w0 + 1) << (w0 % 64)
            } else {
                grp.split[b0] & !ones(w0 % 64) | grp.split[b1] & ones(w1 % 64 + 1)
            };
            if split != 0 {
                return false;
            }
            raw_possible |= grp.blk_w_epoch[b0] == e && grp.blk_w_waves[b0] & !me != 0;
            raw_possible |= grp.blk_w_epoch[b1] == e && grp.blk_w_waves[b1] & !me != 0;
        }
        if raw_possible {
            // the RAW half of `lds_word` on each dword, in the eager path's order (lanes, then dwords)
            let RaceChecker {
                groups,
                findings,
                events,
                waves,
                ..
            } = self;
            let wave_id = waves[ws].wave;
            let grp = &groups[g];
            let wg = grp.work_group;
            let wave_first_base = wave_id - wig as u32;
            let mut m = mask;
            while m != 0 {
                let l = m.trailing_zeros() as usize;
                m &= m - 1;
                let addr = a[l].wrapping_add(off);
                for j in 0..n / 4 {
                    let at = addr + 4 * j;
                    let w = &grp.words[at as usize / 4];
                    let c = &w.c;
                    if !read_races(c.w_epoch == e && c.w_wave != wig, c.w_flags) {
                        continue;
                    }
                    for k in 0..4u32 {
                        let benign = w.same & (1 << k) != 0;
                        record_finding(
                            findings,
                            events,
                            wg,
                            Found {
                                kind: RaceKind::Lds,
                                access: Access::Raw,
                                first: (
                                    c.w_idx,
                                    wave_first_base + c.w_wave as u32,
                                    w.lanes[k as usize],
                                ),
                                second: (idx, wave_id, l as u8),
                                addr: (at + k) as u64,
                                error: !benign,
                                release: None,
                            },
                        );
                    }
                }
            }
        }
        let grp = &mut self.groups[g];
        if grp.reads.epoch != e {
            grp.reads.entries.clear();
            grp.reads.epoch = e;
        } else if grp.reads.entries.len() >= MAX_LOGGED_READS {
            grp.apply_reads();
        }
        grp.reads.entries.push(LoggedRead {
            wig,
            n: n as u8,
            idx,
            off,
            mask,
            addrs: *a,
        });
        true
    }

    /// Start loading the shadow cells a lane's access of `n` bytes at `addr` will touch: the cells of a large
    /// LDS exceed the caches, and the lanes' cells are found one after another, so without this each lane's
    /// access waits for its own miss. (A hint only: no effect on what is checked.)
    #[inline(always)]
    fn prefetch_lds(&self, g: usize, addr: u32, n: u32) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let grp = &self.groups[g];
            let (a, n) = (addr as usize, n as usize);
            if n == 0 || a + n > grp.lds.len() {
                return;
            }
            let wi = a / 4;
            let (p, bytes) =
                if self.bytewise || a % 4 != 0 || grp.split[wi / 64] & (1 << (wi % 64)) != 0 {
                    (
                        grp.lds[a..].as_ptr() as *const i8,
                        n * std::mem::size_of::<LdsCell>(),
                    )
                } else {
                    (
                        grp.words[wi..].as_ptr() as *const i8,
                        n.div_ceil(4) * std::mem::size_of::<LdsWord>(),
                    )
                };
            // SAFETY: a prefetch never faults; both addresses are inside the cell vectors
            unsafe {
                _mm_prefetch(p, _MM_HINT_T0);
                _mm_prefetch(p.add(bytes - 1), _MM_HINT_T0);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (g, addr, n);
    }

    /// Apply in-flight LDS DMA writes of wave slot `ws` that `keep` does not hold back.
    fn land_dma(&mut self, ws: usize, complete_upto: u64) {
        if self.waves[ws].dma.is_empty() {
            return;
        }
        let pending = std::mem::take(&mut self.waves[ws].dma);
        let mut keep = Vec::new();
        for d in pending {
            if d.seq > complete_upto {
                keep.push(d);
                continue;
            }
            self.serial = self.serial.wrapping_add(1);
            let serial = self.serial;
            let mut m = d.mask;
            while m != 0 {
                let l = m.trailing_zeros() as usize;
                m &= m - 1;
                let a = d.base.wrapping_add(l as u32 * d.stride as u32);
                // a DMA write: its value is not known, not atomic
                let op = LdsOp {
                    read: false,
                    write: true,
                    known: false,
                    atomic: false,
                };
                self.lds_run(ws, a, d.n as u32, d.idx, l as u8, serial, op, &[0; 16]);
            }
        }
        self.waves[ws].dma = keep;
    }

    // ---- global -----------------------------------------------------------------------------------------

    /// The buffer and its offset of global address `addr`, and how many of the `n` bytes from it lie in that
    /// buffer; None when `addr` is in no buffer. (The shadow pages are allocated where the bytes are checked.)
    #[inline]
    fn gshadow_at(&mut self, addr: u64, n: usize) -> Option<(usize, usize, usize)> {
        let b = &self.t.buffers;
        // the buffer of the last access first: a wave's lanes mostly stay in one
        let i = match b.get(self.last_buffer) {
            Some(&(base, size)) if addr.wrapping_sub(base) < size => self.last_buffer,
            _ => match b.binary_search_by(|r| r.0.cmp(&addr)) {
                Ok(i) => i,
                Err(0) => return None,
                Err(i) => i - 1,
            },
        };
        self.last_buffer = i;
        let (base, size) = b[i];
        let off = addr - base;
        if off >= size {
            return None;
        }
        Some((i, off as usize, n.min((size - off) as usize)))
    }

    /// The lanes of `mask` whose access `locs` puts in a buffer argument: the lane-accesses the global check
    /// checks (what the default's budget counts; a lane outside every buffer, or a buffer lane dropped by its
    /// range check, does nothing to check). On x86-64 it also starts loading those lanes' shadow words into the
    /// host cache, so that their cache misses overlap instead of coming one after another (a column walk meets a
    /// new shadow line at every lane). No effect on any finding.
    fn checked_lanes(&mut self, locs: &[Loc; LANES], mask: u64) -> u64 {
        let mut n = 0;
        let mut m = mask;
        while m != 0 {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            let (Loc::Global(a) | Loc::Partial(a, _)) = locs[l] else {
                continue;
            };
            let Some((i, off, _)) = self.gshadow_at(a, 1) else {
                continue;
            };
            n += 1;
            #[cfg(target_arch = "x86_64")]
            if !self.bytewise {
                use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                if let Some(p) = self.gshadow[i].page_if(off) {
                    let w = p.words[(off % GPAGE) / 4..].as_ptr() as *const i8;
                    // SAFETY: a prefetch never faults; the address is inside the page's word cells
                    unsafe { _mm_prefetch(w, _MM_HINT_T0) };
                }
            }
            #[cfg(not(target_arch = "x86_64"))]
            let _ = (i, off);
        }
        n
    }

    /// One lane's access of the `len` (at most 16) global bytes from `base` by wave slot `ws` (`vals[k]`: byte
    /// k's value when `write`). The rules are per byte (docs/races.md, `global_cell`); what does not change from
    /// byte to byte (the wave, its clock and clock vector, the buffer) is looked up once. Findings are recorded
    /// as the bytes find them. Returns how many there were.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn global_run(
        &mut self,
        ws: usize,
        base: u64,
        len: usize,
        idx: u32,
        lane: u8,
        serial: u32,
        read: bool,
        write: Option<(&[u8; 16], bool)>,
        atomic: bool,
    ) -> usize {
        let me = self.waves[ws].wave;
        let g = self.waves[ws].group;
        let vc = std::mem::take(&mut self.waves[ws].vc);
        let weak = std::mem::take(&mut self.waves[ws].weak);
        let weak_site = self.waves[ws].weak_site;
        let a = GAccess {
            me,
            clock: vc.get(me),
            vc: &vc,
            idx,
            lane,
            serial,
            read,
            known: write.is_some_and(|w| w.1),
            atomic,
        };
        let mut nf = 0;
        let len = len.min(16);
        let mut k = 0;
        while k < len {
            let addr = base.wrapping_add(k as u64);
            let Some((i, off, n)) = self.gshadow_at(addr, len - k) else {
                k += 1;
                continue;
            };
            let wg = self.groups[g].work_group;
            let size = self.t.buffers[i].1;
            let (sh, findings, events, grown) = (
                &mut self.gshadow[i],
                &mut self.findings,
                &mut self.events,
                &mut self.gshadow_bytes,
            );
            // a finding: the cold path, recorded in the order the bytes find it
            let mut note = |hits: &[GHit], at: u64| {
                for &(kind, access, fidx, fw, fl, error, fclock) in hits {
                    // ordered only through a release of workgroup scope that a wave of another work-group
                    // acquired: the missing buffer_wbl2 is the finding (`RaceKind::ReleaseScope`)
                    let scope = kind == RaceKind::Global && weak.get(fw) >= fclock && fclock != 0;
                    let found = Found {
                        kind: if scope { RaceKind::ReleaseScope } else { kind },
                        access,
                        first: (fidx, fw, fl),
                        second: (idx, me, lane),
                        addr: at,
                        error,
                        release: scope.then_some(weak_site),
                    };
                    record_finding(findings, events, wg, found);
                }
            };
            let mut j = 0;
            while j < n {
                let o = off + j;
                let (p, g) = sh.page(o, size);
                *grown += g;
                let po = o % GPAGE;
                let d = po / 4;
                let val = |b: usize| write.map(|w| w.0[k + b]);
                if po.is_multiple_of(4) && n - j >= 4 && !self.bytewise && !p.is_split(d) {
                    // the whole dword, its bytes sharing their history: the byte rules on each byte's cell,
                    // then one word again (a read or a write by one lane leaves the histories agreeing)
                    let vals =
                        write.map(|w| [w.0[k + j], w.0[k + j + 1], w.0[k + j + 2], w.0[k + j + 3]]);
                    let v = global_word(&mut p.words[d], &a, vals);
                    if v.any() {
                        for b in 0..4 {
                            let mut hits = [GHIT_NONE; 4];
                            let nh = v.hits(b, me, &mut hits);
                            note(&hits[..nh], addr + (j + b) as u64);
                            nf += nh;
                        }
                    }
                    j += 4;
                    continue;
                }
                if !p.is_split(d) {
                    *grown += p.split_word(d);
                }
                let mut hits = [GHIT_NONE; 4];
                let nh = global_cell(&mut p.bytes[po], &a, val(j), &mut hits);
                if nh != 0 {
                    note(&hits[..nh], addr + j as u64);
                    nf += nh;
                }
                j += 1;
            }
            k += n;
        }
        self.waves[ws].vc = vc;
        self.waves[ws].weak = weak;
        nf
    }

    /// A plain or atomic read of the `len` global bytes from `base` by `lane` when the previous lane of the same
    /// instruction read exactly these bytes and found nothing: the full rules would find nothing again (the last
    /// write is unchanged and this wave is already the last reader), and change only the reader's lane.
    #[inline]
    fn global_reread(&mut self, base: u64, len: usize, lane: u8) {
        let len = len.min(16);
        let mut k = 0;
        while k < len {
            let Some((i, off, n)) = self.gshadow_at(base.wrapping_add(k as u64), len - k) else {
                k += 1;
                continue;
            };
            let size = self.t.buffers[i].1;
            let sh = &mut self.gshadow[i];
            let mut j = 0;
            while j < n {
                let o = off + j;
                // the lane before touched these bytes: their page is there
                let (p, _) = sh.page(o, size);
                let po = o % GPAGE;
                let d = po / 4;
                if po.is_multiple_of(4) && n - j >= 4 && !p.is_split(d) {
                    p.words[d].c.r_lane = lane;
                    j += 4;
                    continue;
                }
                if !p.is_split(d) {
                    self.gshadow_bytes += p.split_word(d);
                }
                p.bytes[po].r_lane = lane;
                j += 1;
            }
            k += n;
        }
    }

    /// An atomic write (instruction `idx`) of the dword at `addr`: a release of workgroup scope of everything
    /// the wave did before it (`SyncLoc::vc`), and of agent scope of what it did before its last `buffer_wbl2`
    /// (`SyncLoc::agent`). AMDGPUUsage, gfx942 memory model: the waves of a work-group share the CU's vector L1
    /// and a wave's vector memory operations complete in order, so a workgroup-scope release needs no wait (clang
    /// emits none before a release store of workgroup scope); an agent-scope one writes the L2 back first
    /// (`buffer_wbl2 sc1`, `s_waitcnt vmcnt(0)`), since a wave of another work-group may run on another XCD
    /// behind another L2. The caller moves the wave's clock on after the instruction (`tick`).
    fn atomic_release(&mut self, ws: usize, addr: u64, idx: u32) {
        // the work-group itself (its slot in `groups` is reused by later work-groups)
        let g = self.groups[self.waves[ws].group].flat;
        let w = &self.waves[ws];
        let e = self.sync.entry(addr & !3).or_insert(SyncLoc {
            vc: Vc::default(),
            group: Some(g),
            agent: Vc::default(),
            site: idx,
        });
        e.vc.join(&w.vc);
        e.site = idx;
        if let Some(ra) = &w.rel_agent {
            e.agent.join(ra);
        }
        if e.group != Some(g) {
            e.group = None;
        }
    }

    /// The wave's own clock moves on: its later accesses are not covered by a release made before.
    fn tick(&mut self, ws: usize) {
        let w = &mut self.waves[ws];
        let me = w.wave;
        let c = w.vc.get(me);
        w.vc.set(me, c + 1);
    }
    /// An atomic read of the dword at `addr`: what was released there is acquired at the next acquire fence, or,
    /// when a wave of another work-group released it, at the next `buffer_inv` (AMDGPUUsage gfx942 memory model:
    /// an agent-scope acquire is `buffer_inv sc1` after the load; the relaxed flag load and `s_waitcnt vmcnt(0)`
    /// of a spin loop do not invalidate the CU's cache, so data read after them may be stale).
    /// Across work-groups only the agent-scope releases (`buffer_wbl2`) count; the workgroup-scope ones go to
    /// `acq_weak`, so that a race they would have ordered is named as the missing `buffer_wbl2`.
    fn atomic_acquire(&mut self, ws: usize, addr: u64) {
        if let Some(e) = self.sync.get(&(addr & !3)) {
            let g = self.groups[self.waves[ws].group].flat;
            let w = &mut self.waves[ws];
            if e.group == Some(g) {
                w.acq.join(&e.vc);
            } else {
                w.acq_agent.join(&e.agent);
                w.acq_weak.join(&e.vc);
                w.acq_weak_site = e.site;
            }
        }
    }

    /// `buffer_wbl2`: the agent-scope release fence (the L2 written back, so waves of other work-groups, possibly
    /// on another XCD, may acquire what came before through a later atomic write).
    fn release_fence(&mut self, ws: usize) {
        let w = &mut self.waves[ws];
        let mut ra = w.rel_agent.take().unwrap_or_default();
        ra.0.clear();
        ra.0.extend_from_slice(&w.vc.0);
        w.rel_agent = Some(ra);
        let me = w.wave;
        let c = w.vc.get(me);
        w.vc.set(me, c + 1);
    }
    /// An acquire fence: `s_waitcnt vmcnt(0)` (workgroup scope) or `buffer_inv` (`agent`: also what other
    /// work-groups released).
    fn acquire_fence(&mut self, ws: usize, agent: bool) {
        let w = &mut self.waves[ws];
        if !w.acq.0.is_empty() {
            let a = std::mem::take(&mut w.acq);
            w.vc.join(&a);
        }
        if agent && !w.acq_agent.0.is_empty() {
            let a = std::mem::take(&mut w.acq_agent);
            w.vc.join(&a);
        }
        if agent && !w.acq_weak.0.is_empty() {
            let a = std::mem::take(&mut w.acq_weak);
            w.weak.join(&a);
            w.weak_site = w.acq_weak_site;
        }
    }

    fn finish_group_waves(&mut self, g: usize) -> bool {
        self.groups[g].waves.iter().all(|w| w.1)
    }
}

impl Observer for RaceChecker<'_> {
    fn wave_start(&mut self, wave: &Wave) {
        let flat = wave.id.work_group_flat;
        let g = match self.groups.iter().position(|g| g.live && g.flat == flat) {
            Some(g) => g,
            None => {
                self.epoch_counter += 1;
                let e = self.epoch_counter;
                let lds_len = if self.opts.lds || self.opts.global {
                    self.t.lds_bytes as usize
                } else {
                    0
                };
                let g = match self.groups.iter().position(|g| !g.live) {
                    Some(g) => g,
                    None => {
                        self.groups.push(GroupSt {
                            flat,
                            work_group: wave.id.work_group,
                            base: e,
                            epoch: e,
                            lds: Vec::new(),
                            words: Vec::new(),
                            split: Vec::new(),
                            blk_w_epoch: Vec::new(),
                            blk_w_waves: Vec::new(),
                            reads: ReadLog::default(),
                            live: true,
                            ended: Vc::default(),
                            waves: Vec::new(),
                        });
                        self.groups.len() - 1
                    }
                };
                let gr = &mut self.groups[g];
                gr.flat = flat;
                gr.work_group = wave.id.work_group;
                gr.base = e;
                gr.epoch = e;
                gr.live = true;
                gr.ended = Vc::default();
                gr.waves.clear();
                // the reads of an earlier group's epochs are never replayed (they name no reader of this one)
                gr.reads.entries.clear();
                if gr.lds.len() != lds_len {
                    gr.lds = vec![LdsCell::EMPTY; lds_len];
                    gr.words = vec![LdsWord::EMPTY; lds_len.div_ceil(4)];
                    gr.split = vec![0; lds_len.div_ceil(4).div_ceil(64)];
                    let blocks = lds_len.div_ceil(4).div_ceil(BLOCK_DWORDS);
                    gr.blk_w_epoch = vec![0; blocks];
                    gr.blk_w_waves = vec![0; blocks];
                }
                g
            }
        };
        self.groups[g].waves.push((wave.id.wave, false));
        let mut vc = Vc::default();
        vc.set(wave.id.wave, 1);
        let st = WaveSt {
            wave: wave.id.wave,
            group: g,
            wig: wave.id.wave_in_group as u8,
            at_barrier: None,
            vc,
            acq: Vc::default(),
            acq_agent: Vc::default(),
            acq_weak: Vc::default(),
            acq_weak_site: 0,
            weak: Vc::default(),
            weak_site: 0,
            rel_agent: None,
            vm_issued: 0,
            dma: Vec::new(),
            last_pc: wave.pc,
        };
        match self.wave_slot(wave.id.wave) {
            Some(i) => self.waves[i] = st,
            None => {
                self.waves.push(st);
                self.set_slot(wave.id.wave, self.waves.len() - 1);
            }
        }
        self.cur_wave = usize::MAX;
    }

    fn wave_end(&mut self, wave: &Wave) {
        let Some(ws) = self.wave_slot(wave.id.wave) else {
            return;
        };
        self.land_dma(ws, u64::MAX);
        let g = self.waves[ws].group;
        let vc = std::mem::take(&mut self.waves[ws].vc);
        self.groups[g].ended.join(&vc);
        if let Some(e) = self.groups[g]
            .waves
            .iter_mut()
            .find(|e| e.0 == wave.id.wave)
        {
            e.1 = true;
        }
        self.waves.swap_remove(ws);
        self.set_slot(wave.id.wave, NO_SLOT as usize);
        if let Some(moved) = self.waves.get(ws) {
            self.set_slot(moved.wave, ws);
        }
        self.cur_wave = usize::MAX;
        if self.finish_group_waves(g) {
            self.groups[g].live = false;
        }
    }

    fn barrier_release(&mut self, flat: u32) {
        let Some(g) = self.groups.iter().position(|g| g.live && g.flat == flat) else {
            return;
        };
        // divergent barrier: waves released from different s_barrier instructions
        let mut at: Vec<(u32, u32)> = self
            .waves
            .iter()
            .filter(|w| w.group == g)
            .filter_map(|w| w.at_barrier.map(|i| (i, w.wave)))
            .collect();
        at.sort();
        if at.len() > 1 && at.iter().any(|a| a.0 != at[0].0) {
            let mut bars: Vec<(u32, Vec<u32>)> = Vec::new();
            for (i, w) in &at {
                match bars.last_mut() {
                    Some(b) if b.0 == *i => b.1.push(*w),
                    _ => bars.push((*i, vec![*w])),
                }
            }
            let key = Key {
                kind: RaceKind::DivergentBarrier,
                access: Access::None,
                first: bars[0].0,
                second: bars[1].0,
            };
            let wg = self.groups[g].work_group;
            if self.events.len() < MAX_EVENTS && !self.findings.contains_key(&key) {
                self.events.push(RaceEvent {
                    kind: RaceKind::DivergentBarrier,
                    access: Access::None,
                    wave: bars[1].1[0],
                    first_idx: bars[0].0,
                    second_idx: bars[1].0,
                    error: true,
                });
            }
            let f = self.findings.entry(key).or_insert_with(|| RawFinding {
                kind: RaceKind::DivergentBarrier,
                access: Access::None,
                error: false,
                first_idx: bars[0].0,
                second_idx: bars[1].0,
                first_wave: bars[0].1[0],
                second_wave: bars[1].1[0],
                first_lane: 0,
                second_lane: 0,
                work_group: wg,
                lo: 0,
                hi: 0,
                occurrences: 0,
                barriers: bars,
                missing: Vec::new(),
                release_idx: None,
            });
            f.occurrences += 1;
        }
        self.epoch_counter += 1;
        self.groups[g].epoch = self.epoch_counter;
        // global: every wave of the group (and those that ended) joins
        if self.opts.global {
            let mut j = self.groups[g].ended.clone();
            for w in self.waves.iter().filter(|w| w.group == g) {
                j.join(&w.vc);
            }
            // what waves acquired through workgroup-scope releases of other work-groups goes along
            let mut jw = Vc::default();
            let mut site = None;
            for w in self
                .waves
                .iter()
                .filter(|w| w.group == g && !w.weak.0.is_empty())
            {
                jw.join(&w.weak);
                site = Some(w.weak_site);
            }
            for w in self.waves.iter_mut().filter(|w| w.group == g) {
                w.vc.join(&j);
                let c = w.vc.get(w.wave);
                w.vc.set(w.wave, c + 1);
                if let Some(site) = site {
                    w.weak.join(&jw);
                    w.weak_site = site;
                }
            }
        }
        let slots: Vec<usize> = (0..self.waves.len())
            .filter(|&i| self.waves[i].group == g)
            .collect();
        for ws in slots {
            self.waves[ws].at_barrier = None;
            // LDS DMA still in flight lands after the release
            self.land_dma(ws, u64::MAX);
        }
    }

    /// A grid barrier orders every access of the waves it released before it before every access of theirs
    /// after it: their clocks join, as at an `s_barrier` release of one work-group (global memory only; LDS is
    /// per work-group, and its waves meet at their own `s_barrier`s around the grid barrier).
    fn grid_barrier_release(&mut self, waves: &[u32]) {
        if !self.opts.global {
            return;
        }
        let slots: Vec<usize> = waves.iter().filter_map(|&w| self.wave_slot(w)).collect();
        let mut j = Vc::default();
        for &ws in &slots {
            j.join(&self.waves[ws].vc);
        }
        for &ws in &slots {
            let w = &mut self.waves[ws];
            w.vc.join(&j);
            let c = w.vc.get(w.wave);
            w.vc.set(w.wave, c + 1);
        }
        self.cur_wave = usize::MAX;
    }

    #[inline(always)]
    fn before(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        // most instructions (VALU, SALU) touch no memory and no sync: the same early return as `before_in`,
        // here so it inlines into the dispatch loop and they skip the call
        match self.t.acc[idx] {
            Acc::None => return,
            // a GLOBAL/MUBUF access with global checking off (the default): `before_in` only notes the wave's
            // position and counts it for vmcnt (LDS DMA completion); done here without the call
            Acc::Vmem { .. } if !self.opts.global && inst.format != Format::Flat => {
                if let Some(ws) = self.wave_slot(wave.id.wave) {
                    let w = &mut self.waves[ws];
                    w.last_pc = wave.pc;
                    w.vm_issued += 1;
                }
                return;
            }
            // a wait with no LDS DMA in flight and global checking off: nothing to land, no fence
            Acc::Waitcnt if !self.opts.global => {
                if let Some(ws) = self.wave_slot(wave.id.wave) {
                    let w = &mut self.waves[ws];
                    w.last_pc = wave.pc;
                    if w.dma.is_empty() {
                        return;
                    }
                } else {
                    return;
                }
            }
            _ => {}
        }
        let mem = self.mem;
        self.before_in(mem, wave, idx, inst);
    }

    fn after(&mut self, _wave: &Wave, _idx: usize, _inst: &Inst, _pc: u64, _flow: Flow) {}
}

impl RaceChecker<'_> {
    /// What every DS access (single or two-address) starts with: nothing to check with LDS checking off or no
    /// lane active; else a new serial (the access's identity for the intra-instruction check) and the lanes'
    /// ADDR VGPR.
    #[inline(always)]
    fn ds_start<'w>(
        &mut self,
        wave: &'w Wave,
        inst: &Inst,
        mask: u64,
    ) -> Option<(u32, &'w [u32; LANES])> {
        if !self.opts.lds || mask == 0 {
            return None;
        }
        self.serial = self.serial.wrapping_add(1);
        Some((self.serial, &wave.vreg[vreg(inst.src[0], 0)]))
    }

    /// `Observer::before` with the dispatch's memory given here (a checker made with [`RaceChecker::detached`]
    /// has none of its own: the interactive machine owns the memory and lends it per instruction). Without memory
    /// VMEM accesses are not located (global races and LDS through the flat aperture go unchecked).
    pub fn before_in(&mut self, mem: Option<&GlobalMemory>, wave: &Wave, idx: usize, inst: &Inst) {
        let acc = self.t.acc[idx];
        if acc == Acc::None {
            return;
        }
        let Some(ws) = self.wave_slot(wave.id.wave) else {
            return;
        };
        self.waves[ws].last_pc = wave.pc;
        let idx32 = idx as u32;
        let mask = wave.exec();
        match acc {
            Acc::None => {}
            Acc::Barrier => self.waves[ws].at_barrier = Some(idx32),
            Acc::Waitcnt => {
                let s = inst.imm as u16;
                let vm = ((s & 0xF) | ((s >> 14) & 3) << 4) as u64;
                let issued = self.waves[ws].vm_issued;
                self.land_dma(ws, issued.saturating_sub(vm));
                if vm == 0 && self.opts.global {
                    // AMDGPUUsage: s_waitcnt vmcnt(0) completes every earlier access: the workgroup-scope
                    // acquire after an atomic load (agent scope adds buffer_inv sc1)
                    self.acquire_fence(ws, false);
                }
            }
            Acc::Wbl2 => {
                self.waves[ws].vm_issued += 1;
                if self.opts.global {
                    self.release_fence(ws);
                }
            }
            Acc::Inv => {
                self.waves[ws].vm_issued += 1;
                if self.opts.global {
                    self.acquire_fence(ws, true);
                }
            }
            Acc::Ds {
                read,
                write,
                atomic,
                hi,
            } => {
                let Some((serial, a)) = self.ds_start(wave, inst, mask) else {
                    return;
                };
                let off = inst.imm as u32 & 0xFFFF;
                let n = read.max(write) as u32;
                if write == 0
                    && !atomic
                    && !self.bytewise
                    && self.lazy_read(ws, idx32, a, off, n, mask)
                {
                    return;
                }
                let known = write > 0 && !atomic;
                let g = self.waves[ws].group;
                let mut m = mask;
                while m != 0 {
                    let l = m.trailing_zeros() as usize;
                    m &= m - 1;
                    self.prefetch_lds(g, a[l].wrapping_add(off), n);
                }
                // a plain byte or half-dword store (ds_write_b8, ds_write_b16, *_d16_hi): four (two) lanes in a
                // row writing the bytes (halves) of one aligned dword go to its dword cell at once (`lds_word`
                // with each byte's lane) instead of splitting it into byte cells
                let sub = (n == 1 || n == 2) && read == 0 && !atomic;
                let per = if n == 1 { 4 } else { 2 };
                // the group's shadow, the access and the finding callback, once for the instruction
                let bytewise = self.bytewise;
                let (grp, mut acc, mut hit) = self.lds_parts(
                    ws,
                    idx32,
                    serial,
                    LdsOp {
                        read: read > 0,
                        write: write > 0,
                        known,
                        atomic,
                    },
                );
                let len4 = grp.lds.len() & !3;
                let mut m = mask;
                while m != 0 {
                    let l = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let addr = a[l].wrapping_add(off);
                    acc.lane = l as u8;
                    if sub
                        && !bytewise
                        && addr.is_multiple_of(4)
                        && m.count_ones() >= per - 1
                        && addr as usize + 4 <= len4
                    {
                        let wi = (addr / 4) as usize;
                        // the next per-1 active lanes, each at the next element of the dword
                        let l1 = m.trailing_zeros() as usize;
                        let mut rest = m & (m - 1);
                        let mut run = a[l1].wrapping_add(off) == addr.wrapping_add(n);
                        let (mut l2, mut l3) = (l1, l1);
                        if n == 1 {
                            l2 = rest.trailing_zeros() as usize;
                            rest &= rest - 1;
                            l3 = rest.trailing_zeros() as usize;
                            rest &= rest - 1;
                            run &= a[l2].wrapping_add(off) == addr.wrapping_add(2)
                                && a[l3].wrapping_add(off) == addr.wrapping_add(3);
                        }
                        if run && grp.split[wi / 64] & (1 << (wi % 64)) == 0 {
                            // each lane writes only its own bytes, so the byte writes in lane order give the
                            // findings, in the order, of the dword cell's bytes in byte order; the values as
                            // `lane_bytes` takes them (the low, or with `hi` the high, half of the VGPR)
                            let data = &wave.vreg[vreg(inst.src[1], 0)];
                            let sh = if hi { 16 } else { 0 };
                            let v = |l: usize| data[l] >> sh;
                            let (by, vals) = if n == 1 {
                                (
                                    [l as u8, l1 as u8, l2 as u8, l3 as u8],
                                    [v(l) as u8, v(l1) as u8, v(l2) as u8, v(l3) as u8],
                                )
                            } else {
                                let (x, y) = (v(l), v(l1));
                                (
                                    [l as u8, l as u8, l1 as u8, l1 as u8],
                                    [x as u8, (x >> 8) as u8, y as u8, (y >> 8) as u8],
                                )
                            };
                            grp.mark_written(addr, 4, acc.me);
                            lds_word(&mut grp.words[wi], &acc, by, addr, vals, &mut hit);
                            m = rest;
                            continue;
                        }
                    }
                    let vals = if known {
                        lane_bytes(wave, inst.src[1], l, n as usize, hi)
                    } else {
                        [0; 16]
                    };
                    lds_cells(grp, &acc, bytewise, addr, n, &vals, &mut hit);
                }
            }
            Acc::Ds2 {
                read,
                write,
                elem,
                scale,
            } => {
                let Some((serial, a)) = self.ds_start(wave, inst, mask) else {
                    return;
                };
                let offs = [
                    (inst.imm as u32 & 0xFF) * scale as u32,
                    (inst.imm as u32 >> 8 & 0xFF) * scale as u32,
                ];
                let known = write && !read;
                let mut m = mask;
                while m != 0 {
                    let l = m.trailing_zeros() as usize;
                    m &= m - 1;
                    for (e, off) in offs.iter().enumerate() {
                        let addr = a[l].wrapping_add(*off);
                        let vals = if write {
                            lane_bytes(wave, inst.src[1 + e], l, elem as usize, false)
                        } else {
                            [0; 16]
                        };
                        self.lds_run(
                            ws,
                            addr,
                            elem as u32,
                            idx32,
                            l as u8,
                            serial,
                            LdsOp {
                                read,
                                write,
                                known,
                                atomic: false,
                            },
                            &vals,
                        );
                    }
                }
            }
            Acc::Vmem {
                read,
                write,
                rmw,
                sc,
                hi,
            } => {
                self.waves[ws].vm_issued += 1;
                let flat = inst.format == Format::Flat;
                if mask == 0 || !(self.opts.global || (flat && self.opts.lds)) {
                    return;
                }
                let Some(mem) = mem else {
                    return;
                };
                let n = read.max(write) as usize;
                let mut locs = std::mem::replace(&mut self.locs, Box::new([Loc::Dropped; LANES]));
                if !locate_lanes(wave, inst, mem, self.t.apertures, mask, n, &mut locs) {
                    self.locs = locs;
                    return;
                }
                if self.opts.global {
                    // only lanes in a buffer count against the budget (and have their shadow prefetched)
                    let lanes = self.checked_lanes(&locs, mask);
                    if lanes != 0 && !self.spend_global(wave, lanes) && !(flat && self.opts.lds) {
                        self.locs = locs;
                        return;
                    }
                }
                self.serial = self.serial.wrapping_add(1);
                let serial = self.serial;
                let atomic = rmw || sc;
                let known = write > 0 && !rmw;
                let data = if !inst.data.is_none() {
                    inst.data
                } else if inst.format == Format::Mubuf {
                    inst.dst
                } else {
                    inst.src[1]
                };
                // the last lane's global bytes when it read them and found nothing
                let mut reread: Option<(u64, usize)> = None;
                // the last lane that read exactly `reread`'s bytes after it: its reader lane is applied once,
                // before anything else touches those bytes
                let mut reread_lane: Option<u8> = None;
                let mut m = mask;
                while m != 0 {
                    let l = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let (lds, base, len) = match locs[l] {
                        Loc::Global(a) => (false, a, n),
                        Loc::Partial(a, k) => (false, a, (4 * k as usize).min(n)),
                        Loc::Lds(a) => (true, a, n),
                        _ => continue,
                    };
                    if lds && !self.opts.lds || !lds && !self.opts.global {
                        continue;
                    }
                    if !lds && atomic {
                        if write > 0 {
                            self.atomic_release(ws, base, idx32);
                        }
                        if read > 0 {
                            self.atomic_acquire(ws, base);
                        }
                    }
                    let vals = if known {
                        lane_bytes(wave, data, l, len, hi)
                    } else {
                        [0; 16]
                    };
                    if lds {
                        self.lds_run(
                            ws,
                            base as u32,
                            len as u32,
                            idx32,
                            l as u8,
                            serial,
                            LdsOp {
                                read: read > 0,
                                write: write > 0,
                                known,
                                atomic,
                            },
                            &vals,
                        );
                        continue;
                    }
                    if write == 0 && reread == Some((base, len)) && !self.bytewise {
                        // a broadcast read: the lane before read exactly these bytes and found nothing
                        reread_lane = Some(l as u8);
                        continue;
                    }
                    if let (Some((b, k)), Some(rl)) = (reread, reread_lane.take()) {
                        self.global_reread(b, k, rl);
                    }
                    let found = self.global_run(
                        ws,
                        base,
                        len,
                        idx32,
                        l as u8,
                        serial,
                        read > 0,
                        (write > 0).then_some((&vals, known)),
                        atomic,
                    );
                    reread = (found == 0).then_some((base, len));
                }
                if let (Some((b, k)), Some(rl)) = (reread, reread_lane) {
                    self.global_reread(b, k, rl);
                }
                if atomic && write > 0 && self.opts.global {
                    // what the wave does from here on is not covered by this release
                    self.tick(ws);
                }
                self.locs = locs;
            }
            Acc::LoadLds { bytes, n, stride } => {
                self.waves[ws].vm_issued += 1;
                if mask == 0 {
                    return;
                }
                if let (true, Some(mem)) = (self.opts.global, mem) {
                    let mut locs =
                        std::mem::replace(&mut self.locs, Box::new([Loc::Dropped; LANES]));
                    // when the budget runs out here, the LDS side below is still checked
                    if locate_lanes(
                        wave,
                        inst,
                        mem,
                        self.t.apertures,
                        mask,
                        bytes as usize,
                        &mut locs,
                    ) && {
                        let lanes = self.checked_lanes(&locs, mask);
                        lanes != 0 && self.spend_global(wave, lanes)
                    } {
                        self.serial = self.serial.wrapping_add(1);
                        let serial = self.serial;
                        let mut m = mask;
                        while m != 0 {
                            let l = m.trailing_zeros() as usize;
                            m &= m - 1;
                            let (a, len) = match locs[l] {
                                Loc::Global(a) => (a, bytes as usize),
                                Loc::Partial(a, k) => (a, (4 * k as usize).min(bytes as usize)),
                                _ => continue,
                            };
                            {
                                self.global_run(
                                    ws, a, len, idx32, l as u8, serial, true, None, false,
                                );
                            }
                        }
                    }
                    self.locs = locs;
                }
                if self.opts.lds {
                    let base =
                        ((wave.m0() & 0x3FFFF) as u64).wrapping_add(inst.imm as i64 as u64) as u32;
                    let w = &mut self.waves[ws];
                    let seq = w.vm_issued;
                    w.dma.push(Dma {
                        seq,
                        idx: idx32,
                        mask,
                        base,
                        stride,
                        n,
                    });
                    if w.dma.len() > 64 {
                        let first = w.dma[0].seq;
                        self.land_dma(ws, first);
                    }
                }
            }
        }
    }
}

/// The first `n` (at most 16) bytes lane `lane` stores from the data VGPRs starting at `data`, little-endian
/// from the first register on (`hi`: each register's high half, a `*_d16_hi` store); the rest zero.
#[inline(always)]
fn lane_bytes(wave: &Wave, data: crate::isa::Operand, lane: usize, n: usize, hi: bool) -> [u8; 16] {
    let mut vals = [0u8; 16];
    for (k, v) in vals.iter_mut().enumerate().take(n) {
        let d = wave.vreg[vreg(data, k / 4)][lane];
        let d = if hi { d >> 16 } else { d };
        *v = (d >> (8 * (k % 4))) as u8;
    }
    vals
}

// ---- the per-byte checks' shared parts ----------------------------------------------------------------------

/// One conflicting byte access: the two accesses as (instruction index, wave, lane), the byte (LDS offset or
/// device address), and whether it is an error (else benign: the same value).
struct Found {
    kind: RaceKind,
    access: Access,
    first: (u32, u32, u8),
    second: (u32, u32, u8),
    addr: u64,
    error: bool,
    /// `RaceKind::ReleaseScope`: the releasing atomic's instruction index.
    release: Option<u32>,
}

/// Count a conflicting byte access under its finding (kind, access, first and second instruction), with an
/// event on the finding's first occurrence on this thread. Cold: a race-free kernel never comes here.
#[cold]
#[inline(never)]
fn record_finding(
    findings: &mut HashMap<Key, RawFinding>,
    events: &mut Vec<RaceEvent>,
    wg: [u32; 3],
    x: Found,
) {
    let Found {
        kind,
        access,
        first,
        second,
        addr,
        error,
        release,
    } = x;
    let key = Key {
        kind,
        access,
        first: first.0,
        second: second.0,
    };
    if events.len() < MAX_EVENTS && !findings.contains_key(&key) {
        events.push(RaceEvent {
            kind,
            access,
            wave: second.1,
            first_idx: first.0,
            second_idx: second.0,
            error,
        });
    }
    let f = findings.entry(key).or_insert_with(|| RawFinding {
        kind,
        access,
        error: false,
        first_idx: first.0,
        second_idx: second.0,
        first_wave: first.1,
        second_wave: second.1,
        first_lane: first.2,
        second_lane: second.2,
        work_group: wg,
        lo: addr,
        hi: addr,
        occurrences: 0,
        barriers: Vec::new(),
        missing: Vec::new(),
        release_idx: release,
    });
    if error && !f.error {
        // keep an erroneous example rather than a benign one
        f.first_wave = first.1;
        f.second_wave = second.1;
        f.first_lane = first.2;
        f.second_lane = second.2;
        f.work_group = wg;
    }
    f.error |= error;
    f.lo = f.lo.min(addr);
    f.hi = f.hi.max(addr);
    f.occurrences += 1;
}

/// The read check of docs/races.md shared by the LDS and the global shadow: a read races with the byte's last
/// write (flags `w_flags`) when that write is another wave's and not ordered before the read (`unordered`: each
/// shadow decides that its own way: barrier epochs or vector clocks), unless the write was atomic: a CAS loop
/// starts with a plain load of the old value (LLVM lowers a relaxed atomic load to a plain ds_read /
/// flat_load). Whether the race is benign (`F_SAME`) is the caller's to say: a dword cell keeps it per byte.
#[inline(always)]
fn read_races(unordered: bool, w_flags: u8) -> bool {
    unordered && w_flags & F_ATOMIC == 0
}

/// The last write a byte's shadow cell (LDS or global) holds, as the write check reads it.
#[derive(Clone, Copy)]
struct PriorWrite {
    /// The cell holds a write (LDS: of this work-group).
    valid: bool,
    /// That write was this same instruction of this same wave (another lane of it, or this lane's earlier
    /// element).
    same_inst: bool,
    lane: u8,
    val: u8,
    flags: u8,
}

/// What a write finds against the byte's last write.
#[derive(Clone, Copy, PartialEq, Eq)]
enum WriteHit {
    None,
    /// Two lanes of one store wrote the byte with different (or unknown) values.
    Intra,
    /// A write of another wave not ordered before this one (LDS: same barrier epoch; global: no
    /// happens-before), not both atomic.
    Waw,
}

/// The write check of docs/races.md shared by the LDS and the global shadow: `same` (this write stores the
/// known value the byte already held: a finding against it is benign) and the write-write verdict. `unordered`:
/// the prior write is another wave's and not ordered before this one (each shadow decides that its own way).
#[inline(always)]
fn write_check(
    p: PriorWrite,
    lane: u8,
    val: u8,
    known: bool,
    atomic: bool,
    unordered: bool,
) -> (bool, WriteHit) {
    let old_known = p.valid && p.flags & F_KNOWN != 0;
    // another lane of this same store wrote the byte first: compare with what it held before the store
    let same = if p.same_inst {
        p.flags & F_SAME != 0
    } else {
        known && old_known && p.val == val
    };
    let hit = if p.same_inst && p.lane != lane {
        // lanes of one store writing the same byte
        if (!known || !old_known || p.val != val) && !atomic {
            WriteHit::Intra
        } else {
            WriteHit::None
        }
    } else if unordered && !(atomic && p.flags & F_ATOMIC != 0) {
        WriteHit::Waw
    } else {
        WriteHit::None
    };
    (same, hit)
}

/// Flags of a byte's new last write.
#[inline(always)]
fn write_flags(atomic: bool, known: bool, same: bool) -> u8 {
    (if atomic { F_ATOMIC } else { 0 })
        | (if known { F_KNOWN } else { 0 })
        | (if same { F_SAME } else { 0 })
}

/// What one lane's global access is, for the per-byte rules (`global_cell`).
struct GAccess<'v> {
    me: u32,
    /// The wave's own clock.
    clock: u32,
    vc: &'v Vc,
    idx: u32,
    lane: u8,
    serial: u32,
    read: bool,
    known: bool,
    atomic: bool,
}

impl GAccess<'_> {
    /// The access of wave `w` at its clock `clk` happens before this one (program order or a join).
    #[inline(always)]
    fn ordered(&self, w: u32, clk: u32) -> bool {
        w == self.me || self.vc.get(w) >= clk
    }
}

impl GCell {
    /// `a` reads: an earlier reader of another wave not ordered before it moves to the second reader's place
    /// (to name the other side of a later WAR), and `a` becomes the last reader.
    #[inline(always)]
    fn take_read(&mut self, a: &GAccess) {
        if self.r_wave != NO_WAVE && self.r_wave != a.me && !a.ordered(self.r_wave, self.r_clock) {
            self.r2_wave = self.r_wave;
            self.r2_clock = self.r_clock;
            self.r2_idx = self.r_idx;
            self.r2_lane = self.r_lane;
            self.r2_flags = self.r_flags;
        }
        self.r_wave = a.me;
        self.r_clock = a.clock;
        self.r_idx = a.idx;
        self.r_lane = a.lane;
        self.r_flags = if a.atomic { F_ATOMIC } else { 0 };
    }
    /// The reader (instruction, wave, lane) a plain store `a` races with (WAR): the first of the two recorded
    /// readers not ordered before it.
    #[inline(always)]
    fn war_reader(&self, a: &GAccess) -> Option<(u32, u32, u8, u32)> {
        if a.read || a.atomic {
            return None;
        }
        [
            (self.r_wave, self.r_clock, self.r_idx, self.r_lane),
            (self.r2_wave, self.r2_clock, self.r2_idx, self.r2_lane),
        ]
        .into_iter()
        .find(|&(rw, rc, _, _)| rw != NO_WAVE && !a.ordered(rw, rc))
        .map(|(rw, rc, ri, rl)| (ri, rw, rl, rc))
    }
    /// `a`'s write becomes the last write (`flags`), unless `a` is atomic and the last write is a plain one: that
    /// one stays, its value no longer known, so the atomics of other waves that follow still race with it
    /// (`out[0] = 0` in one work-group, `atomicAdd(&out[0], v)` in all: the plain store and another work-group's
    /// atomic are unordered, also after the storing wave's own atomic). A store without a read clears the
    /// readers. Returns whether `a` became the last write.
    #[inline(always)]
    fn take_write(&mut self, a: &GAccess, val: u8, flags: u8) -> bool {
        let keep_plain = a.atomic && self.w_wave != NO_WAVE && self.w_flags & F_ATOMIC == 0;
        if keep_plain {
            self.w_flags &= !F_KNOWN;
        } else {
            self.w_wave = a.me;
            self.w_clock = a.clock;
            self.w_idx = a.idx;
            self.w_serial = a.serial;
            self.w_lane = a.lane;
            self.w_val = val;
            self.w_flags = flags;
        }
        if !a.read {
            self.r_wave = NO_WAVE;
            self.r2_wave = NO_WAVE;
        }
        !keep_plain
    }
}

/// A finding one byte gave: (kind, access, first instruction, first wave, first lane, error, first access's clock).
type GHit = (RaceKind, Access, u32, u32, u8, bool, u32);
const GHIT_NONE: GHit = (RaceKind::Global, Access::None, 0, 0, 0, false, 0);

/// The rules of docs/races.md on one global byte's shadow cell: the findings (RAW, then WAW or
/// intra-instruction, then WAR) go to `hits`, their count is returned, and the cell takes the access.
/// `val`: the byte's value when the access writes.
#[inline(always)]
fn global_cell(c: &mut GCell, a: &GAccess, val: Option<u8>, hits: &mut [GHit; 4]) -> usize {
    let me = a.me;
    let mut nh = 0;
    if a.read {
        if read_races(
            c.w_wave != NO_WAVE && !a.ordered(c.w_wave, c.w_clock),
            c.w_flags,
        ) {
            hits[nh] = (
                RaceKind::Global,
                Access::Raw,
                c.w_idx,
                c.w_wave,
                c.w_lane,
                c.w_flags & F_SAME == 0,
                c.w_clock,
            );
            nh += 1;
        }
        c.take_read(a);
    }
    if let Some(val) = val {
        let valid = c.w_wave != NO_WAVE;
        let prior = PriorWrite {
            valid,
            same_inst: valid && c.w_serial == a.serial && c.w_wave == me,
            lane: c.w_lane,
            val: c.w_val,
            flags: c.w_flags,
        };
        let unordered = valid && !a.ordered(c.w_wave, c.w_clock);
        let (same, w) = write_check(prior, a.lane, val, a.known, a.atomic, unordered);
        match w {
            WriteHit::None => {}
            WriteHit::Intra => {
                hits[nh] = (
                    RaceKind::IntraInstruction,
                    Access::Waw,
                    c.w_idx,
                    me,
                    c.w_lane,
                    true,
                    c.w_clock,
                );
                nh += 1;
            }
            WriteHit::Waw => {
                hits[nh] = (
                    RaceKind::Global,
                    Access::Waw,
                    c.w_idx,
                    c.w_wave,
                    c.w_lane,
                    !same,
                    c.w_clock,
                );
                nh += 1;
            }
        }
        if let Some((ri, rw, rl, rc)) = c.war_reader(a) {
            hits[nh] = (RaceKind::Global, Access::War, ri, rw, rl, !same, rc);
            nh += 1;
        }
        c.take_write(a, val, write_flags(a.atomic, a.known, same));
    }
    nh
}

/// What `global_word` found on the four bytes of a word: byte b's findings, in `global_cell`'s order, are the
/// RAW (`raw`, error when byte b's last write did not store the same value: `old_same` bit b clear), then its
/// write check (`write[b]`, against the prior write `prior`), then the WAR (`war`, error unless `same` bit b).
struct WordVerdict {
    raw: Option<(u32, u32, u8, u32)>,
    old_same: u8,
    write: [WriteHit; 4],
    prior: (u32, u32, u8, u32),
    war: Option<(u32, u32, u8, u32)>,
    same: u8,
}

impl WordVerdict {
    #[inline(always)]
    fn any(&self) -> bool {
        self.raw.is_some() || self.war.is_some() || self.write != [WriteHit::None; 4]
    }
    /// Byte b's findings, as `global_cell` gives them (`me`: the accessing wave).
    fn hits(&self, b: usize, me: u32, out: &mut [GHit; 4]) -> usize {
        let mut n = 0;
        if let Some((i, w, l, c)) = self.raw {
            out[n] = (
                RaceKind::Global,
                Access::Raw,
                i,
                w,
                l,
                self.old_same & (1 << b) == 0,
                c,
            );
            n += 1;
        }
        let same = self.same & (1 << b) != 0;
        let (pi, pw, pl, pc) = self.prior;
        match self.write[b] {
            WriteHit::None => {}
            WriteHit::Intra => {
                out[n] = (
                    RaceKind::IntraInstruction,
                    Access::Waw,
                    pi,
                    me,
                    pl,
                    true,
                    pc,
                );
                n += 1;
            }
            WriteHit::Waw => {
                out[n] = (RaceKind::Global, Access::Waw, pi, pw, pl, !same, pc);
                n += 1;
            }
        }
        if let Some((i, w, l, c)) = self.war {
            out[n] = (RaceKind::Global, Access::War, i, w, l, !same, c);
            n += 1;
        }
        n
    }
}

/// `global_cell` on the four byte cells a `GWord` stands for, at once: what does not depend on the byte (the
/// RAW and WAR verdicts, the readers, the new write's wave and clock) is decided on the shared cell, and only
/// the write check, which compares values, runs per byte. The word stays whole: one lane's access of the whole
/// dword leaves the four histories agreeing but for value and `F_SAME`. tests/races_shadow.rs holds it to the
/// byte cells.
#[inline(always)]
fn global_word(w: &mut GWord, a: &GAccess, vals: Option<[u8; 4]>) -> WordVerdict {
    let c = &mut w.c;
    let mut v = WordVerdict {
        raw: None,
        old_same: w.same,
        write: [WriteHit::None; 4],
        prior: (c.w_idx, c.w_wave, c.w_lane, c.w_clock),
        war: None,
        same: 0,
    };
    if a.read {
        if read_races(
            c.w_wave != NO_WAVE && !a.ordered(c.w_wave, c.w_clock),
            c.w_flags,
        ) {
            v.raw = Some((c.w_idx, c.w_wave, c.w_lane, c.w_clock));
        }
        c.take_read(a);
    }
    if let Some(vals) = vals {
        let valid = c.w_wave != NO_WAVE;
        let same_inst = valid && c.w_serial == a.serial && c.w_wave == a.me;
        let unordered = valid && !a.ordered(c.w_wave, c.w_clock);
        v.war = c.war_reader(a);
        for b in 0..4 {
            let prior = PriorWrite {
                valid,
                same_inst,
                lane: c.w_lane,
                val: w.vals[b],
                flags: c.w_flags | if w.same & (1 << b) != 0 { F_SAME } else { 0 },
            };
            let (same, hit) = write_check(prior, a.lane, vals[b], a.known, a.atomic, unordered);
            v.write[b] = hit;
            v.same |= (same as u8) << b;
        }
        // the per-byte values and F_SAME live beside the shared cell
        if c.take_write(a, 0, write_flags(a.atomic, a.known, false)) {
            w.vals = vals;
            w.same = v.same;
        }
    }
    v
}

// ---- LDS shadow cells ---------------------------------------------------------------------------------------

/// What one lane's LDS access is, for the per-byte rules.
struct LdsAccess {
    /// The group's barrier epoch and its first epoch.
    e: u32,
    base: u32,
    /// Wave in group, and its bit.
    wig: u8,
    me: u16,
    lane: u8,
    idx: u32,
    serial: u32,
    op: LdsOp,
}

/// What an LDS access does to each byte: reads, writes (a `known` value: a plain store's), atomically.
#[derive(Clone, Copy)]
struct LdsOp {
    read: bool,
    write: bool,
    known: bool,
    atomic: bool,
}

/// A finding callback: (kind, access, first instruction, first wave in group, first lane, LDS offset, error,
/// second lane).
type LdsHit<'h> = dyn FnMut(RaceKind, Access, u32, u8, u8, u32, bool, u8) + 'h;

/// The read side of the per-byte rules on cell `c` (the same for a byte cell and a dword cell): a RAW against
/// another wave's plain write of this epoch (`Some((first idx, wave, lane))`), and the read recorded.
#[inline(always)]
fn lds_read(c: &mut LdsCell, a: &LdsAccess) -> Option<(u32, u8, u8)> {
    let raw = read_races(c.w_epoch == a.e && c.w_wave != a.wig, c.w_flags)
        .then_some((c.w_idx, c.w_wave, c.w_lane));
    if c.r_epoch != a.e {
        c.r_epoch = a.e;
        c.r_plain = 0;
        c.r_atomic = 0;
    }
    if a.op.atomic {
        c.r_atomic |= a.me;
    } else {
        c.r_plain |= a.me;
    }
    if c.r_wave != a.wig {
        c.r2_wave = c.r_wave;
        c.r2_lane = c.r_lane;
        c.r2_idx = c.r_idx;
    }
    c.r_wave = a.wig;
    c.r_lane = a.lane;
    c.r_idx = a.idx;
    raw
}

/// A write's WAR against the readers of this epoch from other waves: the reader to name (wave, lane, idx).
#[inline(always)]
fn lds_war(c: &LdsCell, a: &LdsAccess) -> Option<(u8, u8, u32)> {
    if c.r_epoch != a.e || a.op.read {
        return None;
    }
    let conflicting = if a.op.atomic {
        0
    } else {
        (c.r_plain | c.r_atomic) & !a.me
    };
    if conflicting == 0 {
        return None;
    }
    Some(
        if c.r_wave != a.wig && conflicting & (1 << (c.r_wave & 15)) != 0 {
            (c.r_wave, c.r_lane, c.r_idx)
        } else {
            (c.r2_wave, c.r2_lane, c.r2_idx)
        },
    )
}

/// The write recorded in cell `c` (value and `same` kept by the caller for a dword cell).
#[inline(always)]
fn lds_write_update(c: &mut LdsCell, a: &LdsAccess, val: u8, same: bool) {
    if a.op.atomic && c.w_epoch == a.e && c.w_flags & F_ATOMIC == 0 {
        // keep the plain write of this epoch as the byte's last write: an atomic races only with plain accesses,
        // and a later atomic or read of another wave races with that plain write (`cnt[t] = 0;
        // atomicAdd(&cnt[i], 1)` without a barrier: wave 0's own atomic must not hide its initialisation from
        // wave 1's atomic). Its value is no longer the byte's value.
        c.w_flags &= !F_KNOWN;
    } else {
        c.w_epoch = a.e;
        c.w_idx = a.idx;
        c.w_serial = a.serial;
        c.w_wave = a.wig;
        c.w_lane = a.lane;
        c.w_val = val;
        c.w_flags = write_flags(a.op.atomic, a.op.known, same);
    }
    if !a.op.read {
        c.r_epoch = 0;
    } else {
        c.r_plain &= a.me;
        c.r_atomic &= a.me;
    }
}

/// A lane's access `a` of `n` consecutive LDS bytes from `addr` in group `grp`'s shadow (`RaceChecker::lds_run`):
/// whole aligned dwords that are not split go to their dword cells, everything else to byte cells (splitting
/// the dwords it touches in part).
#[inline(always)]
fn lds_cells(
    grp: &mut GroupSt,
    a: &LdsAccess,
    bytewise: bool,
    addr: u32,
    n: u32,
    vals: &[u8; 16],
    hit: &mut LdsHit,
) {
    let n = n.min(16);
    if a.op.write {
        grp.mark_written(addr, n, a.me);
    }
    let len = grp.lds.len();
    let whole = !bytewise
        && addr.is_multiple_of(4)
        && n.is_multiple_of(4)
        && (addr as usize)
            .checked_add(n as usize)
            .is_some_and(|end| end <= len & !3);
    if whole {
        for j in 0..n / 4 {
            let at = addr + 4 * j;
            let wi = (at / 4) as usize;
            let v: [u8; 4] = vals[4 * j as usize..4 * j as usize + 4].try_into().unwrap();
            if grp.split[wi / 64] & (1 << (wi % 64)) == 0 {
                lds_word(&mut grp.words[wi], a, [a.lane; 4], at, v, hit);
                continue;
            }
            for k in 0..4 {
                let c = &mut grp.lds[(at + k) as usize];
                lds_byte(c, a, at + k, v[k as usize], hit);
            }
        }
        return;
    }
    for k in 0..n {
        let at = addr.wrapping_add(k);
        if at as usize >= len {
            continue;
        }
        let wi = (at / 4) as usize;
        if grp.split[wi / 64] & (1 << (wi % 64)) == 0 {
            grp.split[wi / 64] |= 1 << (wi % 64);
            let wc = grp.words[wi];
            for b in 0..4usize {
                if let Some(c) = grp.lds.get_mut((at & !3) as usize + b) {
                    *c = wc.byte(b);
                }
            }
        }
        lds_byte(&mut grp.lds[at as usize], a, at, vals[k as usize], hit);
    }
}

/// One byte cell: the per-byte rules (docs/races.md).
#[inline(always)]
fn lds_byte(c: &mut LdsCell, a: &LdsAccess, at: u32, val: u8, hit: &mut LdsHit) {
    if a.op.read {
        let benign = c.w_flags & F_SAME != 0;
        if let Some((i, w, l)) = lds_read(c, a) {
            hit(RaceKind::Lds, Access::Raw, i, w, l, at, !benign, a.lane);
        }
    }
    if a.op.write {
        let valid = c.w_epoch >= a.base && c.w_epoch != 0;
        let prior = PriorWrite {
            valid,
            same_inst: valid && c.w_serial == a.serial && c.w_wave == a.wig,
            lane: c.w_lane,
            val: c.w_val,
            flags: c.w_flags,
        };
        let unordered = c.w_epoch == a.e && c.w_wave != a.wig;
        let (same, w) = write_check(prior, a.lane, val, a.op.known, a.op.atomic, unordered);
        match w {
            WriteHit::None => {}
            WriteHit::Intra => hit(
                RaceKind::IntraInstruction,
                Access::Waw,
                c.w_idx,
                a.wig,
                c.w_lane,
                at,
                true,
                a.lane,
            ),
            WriteHit::Waw => hit(
                RaceKind::Lds,
                Access::Waw,
                c.w_idx,
                c.w_wave,
                c.w_lane,
                at,
                !same,
                a.lane,
            ),
        }
        if let Some((rw, rl, ri)) = lds_war(c, a) {
            hit(RaceKind::Lds, Access::War, ri, rw, rl, at, !same, a.lane);
        }
        lds_write_update(c, a, val, same);
    }
}

/// One aligned dword whose four bytes share their history: the byte rules once for the four bytes (all but
/// the values, the `same` flags and the lanes are the same for them), each byte's findings in byte order.
/// `lanes[k]`: the lane of this access that accesses byte k (all `a.lane`, or a byte store's four lanes).
#[inline(always)]
fn lds_word(
    w: &mut LdsWord,
    a: &LdsAccess,
    lanes: [u8; 4],
    at: u32,
    val: [u8; 4],
    hit: &mut LdsHit,
) {
    let c = &mut w.c;
    let raw = if a.op.read { lds_read(c, a) } else { None };
    if !a.op.write {
        if let Some((i, wv, _)) = raw {
            for k in 0..4u32 {
                let benign = w.same & (1 << k) != 0;
                let (l, second) = (w.lanes[k as usize], lanes[k as usize]);
                hit(
                    RaceKind::Lds,
                    Access::Raw,
                    i,
                    wv,
                    l,
                    at + k,
                    !benign,
                    second,
                );
            }
        }
        return;
    }
    let valid = c.w_epoch >= a.base && c.w_epoch != 0;
    let same_inst = valid && c.w_serial == a.serial && c.w_wave == a.wig;
    let unordered = c.w_epoch == a.e && c.w_wave != a.wig;
    if !a.op.read && !a.op.atomic && !same_inst && !unordered && c.r_epoch != a.e {
        // The common store: a plain write over no write, an earlier epoch's or this wave's, with no reader in
        // this epoch (a tile written after a barrier): `write_check` finds nothing for any byte and `lds_war`
        // no reader, so only the bytes' `same` (each stores the known value it held) and the write are left,
        // as below.
        let old_known = valid && c.w_flags & F_KNOWN != 0;
        let mut same = 0u8;
        if a.op.known && old_known {
            for k in 0..4 {
                same |= ((w.vals[k] == val[k]) as u8) << k;
            }
        }
        lds_write_update(c, a, 0, false);
        w.vals = val;
        w.lanes = lanes;
        w.same = same;
        return;
    }
    let mut same = 0u8;
    let mut verdict = [WriteHit::None; 4];
    for k in 0..4 {
        let prior = PriorWrite {
            valid,
            same_inst,
            lane: w.lanes[k],
            val: w.vals[k],
            flags: c.w_flags | if w.same & (1 << k) != 0 { F_SAME } else { 0 },
        };
        let (s, v) = write_check(prior, lanes[k], val[k], a.op.known, a.op.atomic, unordered);
        same |= (s as u8) << k;
        verdict[k] = v;
    }
    let war = lds_war(c, a);
    if raw.is_some() || war.is_some() || verdict.iter().any(|v| *v != WriteHit::None) {
        for k in 0..4u32 {
            let s = same & (1 << k) != 0;
            let (first, second) = (w.lanes[k as usize], lanes[k as usize]);
            if let Some((i, wv, _)) = raw {
                hit(
                    RaceKind::Lds,
                    Access::Raw,
                    i,
                    wv,
                    first,
                    at + k,
                    w.same & (1 << k) == 0,
                    second,
                );
            }
            match verdict[k as usize] {
                WriteHit::None => {}
                WriteHit::Intra => hit(
                    RaceKind::IntraInstruction,
                    Access::Waw,
                    c.w_idx,
                    a.wig,
                    first,
                    at + k,
                    true,
                    second,
                ),
                WriteHit::Waw => hit(
                    RaceKind::Lds,
                    Access::Waw,
                    c.w_idx,
                    c.w_wave,
                    first,
                    at + k,
                    !s,
                    second,
                ),
            }
            if let Some((rw, rl, ri)) = war {
                hit(RaceKind::Lds, Access::War, ri, rw, rl, at + k, !s, second);
            }
        }
    }
    let plain = !(a.op.atomic && c.w_epoch == a.e && c.w_flags & F_ATOMIC == 0);
    lds_write_update(c, a, 0, false);
    if plain {
        w.vals = val;
        w.lanes = lanes;
        w.same = same;
    }
}

// ---- results ------------------------------------------------------------------------------------------------

/// Findings of a run, merged over host threads, before they are described.
#[derive(Clone, Debug, Default)]
pub struct RaceFindings {
    pub raw: Vec<RawFinding>,
    pub options: Option<RaceOptions>,
    /// Where the default's global check ran out of its budget (`RaceOptions::global_budget`).
    pub global_stop: Option<GlobalStop>,
}

impl RaceFindings {
    /// Merge the checkers of a run; `fault` (when the run stopped on one) adds a barrier-deadlock finding when
    /// waves of the faulting wave's work-group wait at a barrier it never reached.
    pub fn merge<'a>(
        checkers: impl IntoIterator<Item = RaceChecker<'a>>,
        fault: Option<&RunFault>,
        opts: RaceOptions,
    ) -> RaceFindings {
        let mut all: HashMap<Key, RawFinding> = HashMap::new();
        let mut stop: Option<GlobalStop> = None;
        for c in checkers {
            stop = stop.or(c.global_stop);
            if let Some(d) = fault.and_then(|f| c.deadlock(f)) {
                all.insert(Key::deadlock(&d), d);
            }
            for (k, f) in c.findings {
                RaceFindings::add(&mut all, k, f);
            }
        }
        RaceFindings {
            global_stop: stop,
            ..RaceFindings::sorted(all, opts)
        }
    }

    /// Counts `f` under `k`: a finding already there takes its occurrences, byte range and severity.
    fn add(all: &mut HashMap<Key, RawFinding>, k: Key, f: RawFinding) {
        match all.get_mut(&k) {
            Some(a) => {
                a.occurrences += f.occurrences;
                a.lo = a.lo.min(f.lo);
                a.hi = a.hi.max(f.hi);
                a.error |= f.error;
            }
            None => {
                all.insert(k, f);
            }
        }
    }

    /// The findings of one checker so far, as `merge` would give them if the run ended now with `fault` (the
    /// interactive machine's live checker: one checker sees every work-group).
    pub fn snapshot(c: &RaceChecker, fault: Option<&RunFault>, opts: RaceOptions) -> RaceFindings {
        let mut all: HashMap<Key, RawFinding> =
            c.findings.iter().map(|(k, f)| (*k, f.clone())).collect();
        if let Some(d) = fault.and_then(|f| c.deadlock(f)) {
            all.insert(Key::deadlock(&d), d);
        }
        RaceFindings {
            global_stop: c.global_stop,
            ..RaceFindings::sorted(all, opts)
        }
    }

    fn sorted(all: HashMap<Key, RawFinding>, opts: RaceOptions) -> RaceFindings {
        let mut raw: Vec<RawFinding> = all.into_values().collect();
        raw.sort_by_key(|f| (f.kind, f.first_idx, f.second_idx, f.access));
        for f in &mut raw {
            if matches!(f.kind, RaceKind::BarrierDeadlock) {
                f.error = true;
            }
        }
        RaceFindings {
            raw,
            options: Some(opts),
            global_stop: None,
        }
    }

    pub fn errors(&self) -> usize {
        self.raw.iter().filter(|f| f.error).count()
    }

    /// Adds the findings of another check of the same dispatch (the global check of a large dispatch's first
    /// work-groups, made on a copy of its memory beside the run: `pipeline::Plan`), as `merge` adds threads';
    /// `options` become what the two checks covered together, and its stop is the one reported.
    pub fn absorb(&mut self, other: RaceFindings, options: RaceOptions) {
        let mut all: HashMap<Key, RawFinding> = HashMap::new();
        for f in self.raw.drain(..).chain(other.raw) {
            RaceFindings::add(&mut all, Key::of(&f), f);
        }
        let stop = other.global_stop.or(self.global_stop);
        *self = RaceFindings {
            global_stop: stop,
            ..RaceFindings::sorted(all, options)
        };
    }
}

impl RaceChecker<'_> {
    /// The waves of the faulting wave's group that wait at a barrier, when the fault means the faulting wave
    /// will never arrive (instruction budget ran out, s_sethalt).
    pub fn deadlock(&self, f: &RunFault) -> Option<RawFinding> {
        use crate::exec::FaultKind;
        if !matches!(
            f.kind,
            FaultKind::InstructionLimit | FaultKind::BarrierDeadlock
        ) {
            return None;
        }
        let g = self
            .groups
            .iter()
            .position(|g| g.live && g.flat == f.wave.work_group_flat)?;
        let mut waiting: Vec<(u32, u32)> = self
            .waves
            .iter()
            .filter(|w| w.group == g && w.wave != f.wave.wave)
            .filter_map(|w| w.at_barrier.map(|i| (i, w.wave)))
            .collect();
        if waiting.is_empty() {
            return None;
        }
        waiting.sort();
        let mut bars: Vec<(u32, Vec<u32>)> = Vec::new();
        for (i, w) in &waiting {
            match bars.last_mut() {
                Some(b) if b.0 == *i => b.1.push(*w),
                _ => bars.push((*i, vec![*w])),
            }
        }
        // every live wave that is not waiting never comes
        let missing: Vec<(u32, u64)> = self
            .waves
            .iter()
            .filter(|w| w.group == g && w.at_barrier.is_none())
            .map(|w| {
                (
                    w.wave,
                    if w.wave == f.wave.wave {
                        f.pc
                    } else {
                        w.last_pc
                    },
                )
            })
            .collect();
        Some(RawFinding {
            kind: RaceKind::BarrierDeadlock,
            access: Access::None,
            error: true,
            first_idx: bars[0].0,
            second_idx: u32::MAX,
            first_wave: bars[0].1[0],
            second_wave: f.wave.wave,
            first_lane: 0,
            second_lane: 0,
            work_group: self.groups[g].work_group,
            lo: 0,
            hi: 0,
            occurrences: 1,
            barriers: bars,
            missing,
            release_idx: None,
        })
    }
}

// ---- description (report and console) -----------------------------------------------------------------------

/// One race or barrier finding, as the run report carries it and the trace/TUI/debugger can show it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RaceFinding {
    /// `lds`, `global`, `intra-instruction`, `divergent-barrier`, `barrier-deadlock`, `release-scope`.
    pub kind: String,
    /// `error` or `warning` (benign: the racing write stored the value the bytes already held).
    pub severity: String,
    /// `RAW`, `WAR`, `WAW` (in the order the emulator ran them), empty for barrier findings.
    pub access: String,
    pub first_pc: String,
    pub first_instruction: String,
    pub first_source: Option<String>,
    pub second_pc: String,
    pub second_instruction: String,
    pub second_source: Option<String>,
    pub first_wave: u64,
    pub first_lane: u32,
    pub second_wave: u64,
    pub second_lane: u32,
    pub work_group: [u32; 3],
    /// First and last conflicting byte (LDS offset for `lds`, device address otherwise).
    pub address_lo: String,
    pub address_hi: String,
    /// The buffer argument or LDS variable the range falls in, when known.
    pub region: Option<String>,
    /// Conflicting byte accesses seen (barrier findings: releases or 1).
    pub occurrences: u64,
    /// Barrier findings: each barrier PC with the waves waiting there.
    pub barriers: Vec<BarrierWaves>,
    /// Barrier deadlock: the waves that never arrive, with the PC where each stopped.
    pub never_arrive: Vec<BarrierWaves>,
    /// `release-scope`: the atomic that released at workgroup scope only (no `buffer_wbl2` before it), and its
    /// source line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub release_pc: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub release_source: Option<String>,
    /// One line for the console, with a fix hint.
    pub message: String,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct BarrierWaves {
    pub pc: String,
    pub source: Option<String>,
    pub waves: Vec<u64>,
}

impl RaceFinding {
    pub fn is_error(&self) -> bool {
        self.severity == "error"
    }

    /// A benign data race: an LDS or global race whose racing write stored the value the bytes already held
    /// (a warning; divergent barriers are warnings of another kind).
    pub fn is_benign_race(&self) -> bool {
        self.severity == "warning"
            && (self.kind == RaceKind::Lds.as_str()
                || self.kind == RaceKind::Global.as_str()
                || self.kind == RaceKind::ReleaseScope.as_str())
    }
}

fn short_loc(s: &Option<String>) -> Option<String> {
    s.as_ref().map(|s| {
        // "dir/file.hip:14:5" -> "file.hip:14"
        let base = s.rsplit('/').next().unwrap_or(s);
        let mut parts = base.split(':');
        match (parts.next(), parts.next()) {
            (Some(f), Some(l)) => format!("{f}:{l}"),
            _ => base.to_string(),
        }
    })
}

/// Describe raw findings against the session's code object (instruction text, source lines, buffers, LDS
/// variables).
/// What describing a finding needs of a loaded dispatch (`crate::session::Session` provides it; the checker
/// itself knows nothing of sessions).
pub trait Described {
    fn dispatch(&self) -> &Dispatch;
    fn debug_info(&self) -> Option<&crate::debug_info::DebugInfo>;
    /// llvm-objdump's text of the instruction at `pc`.
    fn inst_text(&self, pc: u64) -> String;
    /// `file:line` of `pc`.
    fn source_line(&self, pc: u64) -> Option<String>;
}

pub fn describe(session: &dyn Described, f: &RaceFindings) -> Vec<RaceFinding> {
    let p = &session.dispatch().program;
    let pc_of = |i: u32| p.pcs.get(i as usize).copied().unwrap_or(0);
    let lds_vars = lds_variables(session);
    f.raw
        .iter()
        .map(|r| {
            let (a, b) = (pc_of(r.first_idx), pc_of(r.second_idx));
            let a_src = user_line(session, a);
            let b_src = if r.second_idx == u32::MAX {
                None
            } else {
                user_line(session, b)
            };
            let at = |pc: u64, src: &Option<String>| match short_loc(src) {
                Some(s) if !s.ends_with(":0") => s,
                Some(s) => format!("0x{pc:x} ({s}: no line, compiler-merged)"),
                None => format!("0x{pc:x}"),
            };
            let region = match r.kind {
                RaceKind::Lds => lds_name(&lds_vars, r.lo),
                RaceKind::Global | RaceKind::IntraInstruction | RaceKind::ReleaseScope => {
                    if r.kind == RaceKind::IntraInstruction && r.lo < (1 << 32) {
                        lds_name(&lds_vars, r.lo).or(Some("LDS".to_string()))
                    } else {
                        session
                            .dispatch()
                            .mem
                            .regions()
                            .iter()
                            .find(|g| g.base <= r.lo && r.lo < g.base + g.size)
                            .map(|g| format!("{} (+0x{:x})", g.name, r.lo - g.base))
                    }
                }
                _ => None,
            };
            let bw = |v: &[(u32, Vec<u32>)]| {
                v.iter()
                    .map(|(i, ws)| BarrierWaves {
                        pc: format!("0x{:x}", pc_of(*i)),
                        source: user_line(session, pc_of(*i)),
                        waves: ws.iter().map(|&w| w as u64).collect(),
                    })
                    .collect::<Vec<_>>()
            };
            let barriers = bw(&r.barriers);
            let never: Vec<BarrierWaves> = r
                .missing
                .iter()
                .map(|(w, pc)| BarrierWaves {
                    pc: format!("0x{pc:x}"),
                    source: user_line(session, *pc),
                    waves: vec![*w as u64],
                })
                .collect();
            let severity = if r.error { "error" } else { "warning" };
            let what = match r.kind {
                RaceKind::Lds => "LDS",
                _ => "global",
            };
            let range = if r.lo == r.hi {
                format!("0x{:x}", r.lo)
            } else {
                format!("0x{:x}..0x{:x}", r.lo, r.hi)
            };
            let in_region = region
                .as_ref()
                .map(|r| format!(" in {r}"))
                .unwrap_or_default();
            let message = match r.kind {
                RaceKind::Lds | RaceKind::Global => {
                    let (fk, sk) = match r.access {
                        Access::Raw => ("write", "read"),
                        Access::War => ("read", "write"),
                        _ => ("write", "write"),
                    };
                    let hint = if r.kind == RaceKind::Lds {
                        format!(
                            "no barrier between the {fk} at {} and the {sk} at {}",
                            at(a, &a_src),
                            at(b, &b_src)
                        )
                    } else if r.first_wave / session.dispatch().waves_per_group()
                        == r.second_wave / session.dispatch().waves_per_group()
                    {
                        format!(
                            "no barrier or release/acquire between the {fk} at {} and the {sk} at {}",
                            at(a, &a_src),
                            at(b, &b_src)
                        )
                    } else {
                        format!(
                            "different work-groups: the {fk} at {} and the {sk} at {} need atomics or a release/acquire flag",
                            at(a, &a_src),
                            at(b, &b_src)
                        )
                    };
                    format!(
                        "race {severity} ({what} {}{}): wave {} lane {} {fk} at 0x{a:x} and wave {} lane {} {sk} at 0x{b:x} touch {range}{in_region}, {} times: {hint}",
                        r.access.as_str(),
                        if r.error { "" } else { ", benign: same value" },
                        r.first_wave,
                        r.first_lane,
                        r.second_wave,
                        r.second_lane,
                        r.occurrences
                    )
                }
                RaceKind::ReleaseScope => {
                    let (fk, sk) = match r.access {
                        Access::Raw => ("write", "read"),
                        Access::War => ("read", "write"),
                        _ => ("write", "write"),
                    };
                    let rel = r.release_idx.map(pc_of).unwrap_or(0);
                    format!(
                        "race {severity} (global {}, missing buffer_wbl2): wave {} lane {} {fk} at 0x{a:x} and wave {} lane {} {sk} at 0x{b:x} touch {range}{in_region}, {} times: they are ordered only by the release of the atomic at 0x{rel:x} ({}), which is of workgroup scope (no buffer_wbl2 sc1 before it), but a wave of another work-group acquired it (possibly on another XCD, behind another L2): an agent-scope release needs buffer_wbl2 sc1 and s_waitcnt vmcnt(0) before the atomic (__threadfence(), or __HIP_MEMORY_SCOPE_AGENT on a release atomic); the {fk} is at {} and the {sk} at {}",
                        r.access.as_str(),
                        r.first_wave,
                        r.first_lane,
                        r.second_wave,
                        r.second_lane,
                        r.occurrences,
                        at(rel, &user_line(session, rel)),
                        at(a, &a_src),
                        at(b, &b_src)
                    )
                }
                RaceKind::IntraInstruction => format!(
                    "race {severity} (intra-instruction): lanes {} and {} of wave {} write different values to {range}{in_region} in one store at 0x{a:x} ({}): two lanes of one instruction store to the same bytes, {} times",
                    r.first_lane,
                    r.second_lane,
                    r.second_wave,
                    at(a, &a_src),
                    r.occurrences
                ),
                RaceKind::DivergentBarrier => format!(
                    "barrier warning (divergent): one release joined different s_barrier instructions: {}; waves reach different barriers (a __syncthreads() under a condition that is not uniform across the work-group), {} times",
                    barriers
                        .iter()
                        .map(|b| format!("{} ({}) waves {:?}", b.pc, short_loc(&b.source).unwrap_or_default(), b.waves))
                        .collect::<Vec<_>>()
                        .join(" vs "),
                    r.occurrences
                ),
                RaceKind::BarrierDeadlock => format!(
                    "barrier error (deadlock): {} wait at s_barrier; {} never arrive: the barrier is reached under control flow that some waves of the work-group never take",
                    barriers
                        .iter()
                        .map(|b| format!("waves {:?} at {} ({})", b.waves, b.pc, short_loc(&b.source).unwrap_or_default()))
                        .collect::<Vec<_>>()
                        .join(", "),
                    never
                        .iter()
                        .map(|b| format!("wave {} (at {} {})", b.waves[0], b.pc, short_loc(&b.source).unwrap_or_default()))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            };
            RaceFinding {
                kind: r.kind.as_str().to_string(),
                severity: severity.to_string(),
                access: r.access.as_str().to_string(),
                first_pc: format!("0x{a:x}"),
                first_instruction: session.inst_text(a),
                first_source: a_src,
                second_pc: if r.second_idx == u32::MAX {
                    String::new()
                } else {
                    format!("0x{b:x}")
                },
                second_instruction: if r.second_idx == u32::MAX {
                    String::new()
                } else {
                    session.inst_text(b)
                },
                second_source: b_src,
                first_wave: r.first_wave as u64,
                first_lane: r.first_lane as u32,
                second_wave: r.second_wave as u64,
                second_lane: r.second_lane as u32,
                work_group: r.work_group,
                address_lo: format!("0x{:x}", r.lo),
                address_hi: format!("0x{:x}", r.hi),
                region,
                occurrences: r.occurrences,
                barriers,
                never_arrive: never,
                release_pc: r.release_idx.map(|i| format!("0x{:x}", pc_of(i))),
                release_source: r.release_idx.and_then(|i| user_line(session, pc_of(i))),
                message,
            }
        })
        .collect()
}

/// The source line a kernel author looks for at `pc`: the innermost inline frame that is not in a header (a
/// `__syncthreads()` of the HIP prelude names its caller's line); an instruction the line table gives line 0
/// (compiler-made or merged) keeps line 0.
fn user_line(session: &dyn Described, pc: u64) -> Option<String> {
    let di = session.debug_info()?;
    let p = &session.dispatch().program;
    let idx = p.index_of(pc)?;
    let header = |s: &str| {
        let f = s.split(':').next().unwrap_or("");
        f.ends_with(".h") || f.ends_with(".hpp") || f.ends_with(".cuh") || f.ends_with(".inc")
    };
    let line = |s: &str| {
        s.rsplit(':')
            .nth(1)
            .and_then(|l| l.parse::<u32>().ok())
            .unwrap_or(0)
    };
    let frames = di.frames(p.pcs[idx]);
    if frames
        .first()
        .is_some_and(|f| line(&di.format_loc(f.loc)) != 0)
    {
        for f in frames {
            let s = di.format_loc(f.loc);
            if line(&s) != 0 && !header(&s) {
                return Some(s);
            }
        }
    }
    // line 0: the compiler made or merged the instruction (e.g. two stores of different lines combined into
    // one ds_write2): no line is the honest answer
    session.source_line(pc)
}

/// The console lines of a run's race findings (`run` and `exec` print them): every error and divergent barrier,
/// the first three benign same-value races and a count of the rest, where the default's global check stopped,
/// and the summary line.
pub fn console_lines(
    f: &[RaceFinding],
    opts: Option<RaceOptions>,
    stop: Option<&GlobalStopReport>,
) -> Vec<String> {
    // Compilers replicate data across waves on purpose (Triton's layout conversions write the same values to the
    // same LDS bytes from several waves): such same-value races are benign and can number dozens per kernel, so
    // past the first few only a count is printed; the report lists them all.
    const BENIGN_SHOWN: usize = 3;
    let mut out = Vec::new();
    let mut benign = 0usize;
    for r in f {
        if r.is_benign_race() {
            benign += 1;
            if benign > BENIGN_SHOWN {
                continue;
            }
        }
        out.push(r.message.clone());
    }
    if benign > BENIGN_SHOWN {
        out.push(format!(
            "... and {} more benign same-value race warnings (every one is in --report's `races`)",
            benign - BENIGN_SHOWN
        ));
    }
    if let Some(s) = stop {
        out.push(match &s.source {
            Some(src) => format!("{} ({src})", s.message),
            None => s.message.clone(),
        });
    }
    out.push(summary_line(f, opts));
    out
}

/// `races: 2 findings (1 error, 1 warning)`
pub fn summary_line(f: &[RaceFinding], opts: Option<RaceOptions>) -> String {
    let e = f.iter().filter(|x| x.is_error()).count();
    let scope = match opts.map(|o| o.mode()) {
        Some(RaceMode::Full) => "LDS + global",
        Some(RaceMode::DefaultSmall) => "LDS + global within the default budget",
        Some(RaceMode::LdsOnly) => "LDS (global with --races)",
        _ => "off",
    };
    format!(
        "races ({scope}): {} finding{} ({e} error{}, {} warning{})",
        f.len(),
        if f.len() == 1 { "" } else { "s" },
        if e == 1 { "" } else { "s" },
        f.len() - e,
        if f.len() - e == 1 { "" } else { "s" }
    )
}

/// LDS variables from DWARF: (offset, name) for compilation-unit variables located at `DW_OP_addr X` with X
/// inside the LDS allocation (HIP `__shared__` arrays).
fn lds_variables(session: &dyn Described) -> Vec<(u64, String)> {
    let Some(di) = session.debug_info() else {
        return Vec::new();
    };
    let mut v = Vec::new();
    for var in di.all_variables() {
        if var.kind != crate::debug_info::VarKind::Global {
            continue;
        }
        if let crate::debug_info::VarLocation::Expr(e) = &var.location {
            // DW_OP_addr (0x03) + 8-byte address
            if e.len() >= 9 && e[0] == 0x03 {
                let a = u64::from_le_bytes(e[1..9].try_into().unwrap());
                if a < session.dispatch().lds_bytes.max(1) as u64 {
                    v.push((a, var.name.to_string()));
                }
            }
        }
    }
    v.sort();
    v
}

fn lds_name(vars: &[(u64, String)], addr: u64) -> Option<String> {
    let i = vars.partition_point(|v| v.0 <= addr);
    if i == 0 {
        return None;
    }
    let (base, name) = &vars[i - 1];
    Some(format!("LDS variable {name} (+0x{:x})", addr - base))
}
