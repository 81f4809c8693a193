//! A simple, documented cycle model of a CDNA4 compute unit, and `s_waitcnt` stall attribution.
//!
//! The executor runs the waves of a work-group one after another (each until `s_barrier` or `s_endpgm`), so
//! events of different waves do not arrive in time order. The model therefore gives each wave its own clock:
//! - an instruction issues at the wave's clock and occupies it for its issue cost (`issue_cycles` for SALU, SMEM,
//!   VMEM, DS, branches; `valu_cycles` for wave64 VALU, `valu_f64_cycles`, `trans_cycles`);
//! - an MFMA issues when the wave's previous MFMA has left the matrix core (passes x `mfma_pass_cycles`,
//!   mfma.md Table 28/33); the wave goes on issuing independent instructions meanwhile;
//! - a memory instruction raises its counters at issue (waitcnt.md "Increment / decrement") and completes at
//!   issue + latency; VMEM (and FLAT) complete in issue order, LDS in issue order, SMEM out of order
//!   (waitcnt.md "Ordering"); FLAT counts on both vmcnt and lgkmcnt;
//! - `s_waitcnt` moves the clock to the first time every named counter is at or below its field; the stall is
//!   split among the memory instructions that completed during it (each gets the cycles from the previous
//!   completion to its own), giving per-PC attribution;
//! - a counter at its maximum (vmcnt 63, lgkmcnt 15) stalls the next issue until one operation completes;
//! - `s_sleep N` costs `sleep_cycles_per_unit` x N; `s_barrier` releases every waiting wave at the latest
//!   arrival + `barrier_release_cycles`.
//!
//! SIMD sharing is computed after the fact: a work-group takes max(longest wave, VALU+MFMA cycles of the
//! work-groups sharing the CU spread over its SIMDs, its own busiest SIMD); the work-groups sharing a CU are
//! min(occupancy, work-groups / cu_count). A dispatch takes the makespan of work-groups assigned in flat order to
//! the earliest free of `cu_count` x `concurrent_work_groups_per_cu` slots. `s_setprio` costs an issue slot:
//! with per-wave clocks and after-the-fact SIMD sharing, priority changes no modelled time (documented limit).
//!
//! Memory latencies come from the memory system (`crate::observers::memsys`: coalescing, vector L1, scalar
//! cache, L2, MALL, HBM bandwidth, LDS banks; docs/memory-model.md) unless it is off (`memory_system: None`: the
//! fixed `[memory]` latencies). Not modelled: instruction fetch, branch penalties, VALU result
//! dependencies beyond what the code's own `s_nop`s cost, MFMA result dependencies (again only the `s_nop`s),
//! wave launch rate, `s_wakeup`. `waitcnt_stall_cycles` and the other stall totals are wave-cycles summed over
//! waves; `cycles` is the dispatch's modelled makespan.
//!
//! The parameters, each with its source, are in `cdna4.toml` beside this file (`CycleModel::default()` parses
//! it); `CycleModel::from_file` reads a changed copy (TOML, keys in their sections, missing keys keep the default).

use crate::exec::semantics::vmem::{access::Loc, locate_lanes};
use crate::exec::{Apertures, GlobalMemory};
use crate::exec::{Flow, Program, Wave};
use crate::isa::{Inst, Op};
use crate::launch::Dispatch;
use crate::observers::hazards::effects::{class, effects_of, mfma_passes, MemClass};
use crate::observers::memsys::counters::{Ceilings, Counters, InstCounts, Metrics};
use crate::observers::memsys::lds::{bank_cost_with, LanePieces, PhaseShape};
use crate::observers::memsys::{MemCounters, MemParams, VmemKind, XcdMemory};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

/// The default parameters, with their sources.
pub const CDNA4_TOML: &str = include_str!("cdna4.toml");

/// Name of this model in the run report's `timing_model`.
pub const MODEL_NAME: &str = "cdna4-cu-v1";

/// The cycle model's parameters, grouped as `cdna4.toml` groups them (`[machine]`, `[issue]`, `[memory]`,
/// `[sync]`); every figure's source is a comment in that file.
#[derive(Clone, Debug, PartialEq)]
pub struct CycleModel {
    pub cu_count: u64,
    pub simds_per_cu: u64,
    pub wave_slots_per_simd: u64,
    pub vgprs_per_simd_lane: u64,
    pub vgpr_alloc_granule: u64,
    pub lds_bytes_per_cu: u64,
    pub lds_alloc_granule: u64,
    pub concurrent_work_groups_per_cu: u64,
    pub issue_cycles: u64,
    pub salu_cycles: u64,
    pub valu_cycles: u64,
    pub valu_f64_cycles: u64,
    pub trans_cycles: u64,
    pub mfma_pass_cycles: u64,
    pub nop_cycles_per_wait_state: u64,
    pub smem_latency: u64,
    pub lds_latency: u64,
    pub global_load_latency: u64,
    pub global_store_latency: u64,
    pub flat_latency: u64,
    pub sendmsg_latency: u64,
    pub sleep_cycles_per_unit: u64,
    pub barrier_release_cycles: u64,
    /// The memory system (`[memory_system]`, defaults in `memsys/cdna4_memory.toml`): caches, bandwidth and LDS
    /// banks give each memory instruction its latency. `None` (`enabled = false`): the fixed `[memory]` latencies.
    pub memory_system: Option<crate::observers::memsys::MemParams>,
}

/// The file's shape: four sections, each with its own keys (a key in the wrong section is an error).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ModelFile {
    machine: MachineSection,
    issue: IssueSection,
    memory: MemorySection,
    sync: SyncSection,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MachineSection {
    #[serde(deserialize_with = "count")]
    cu_count: u64,
    #[serde(deserialize_with = "count")]
    simds_per_cu: u64,
    #[serde(deserialize_with = "count")]
    wave_slots_per_simd: u64,
    #[serde(deserialize_with = "count")]
    vgprs_per_simd_lane: u64,
    #[serde(deserialize_with = "count")]
    vgpr_alloc_granule: u64,
    #[serde(deserialize_with = "count")]
    lds_bytes_per_cu: u64,
    #[serde(deserialize_with = "count")]
    lds_alloc_granule: u64,
    #[serde(deserialize_with = "count")]
    concurrent_work_groups_per_cu: u64,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct IssueSection {
    #[serde(deserialize_with = "count")]
    issue_cycles: u64,
    #[serde(deserialize_with = "count")]
    salu_cycles: u64,
    #[serde(deserialize_with = "count")]
    valu_cycles: u64,
    #[serde(deserialize_with = "count")]
    valu_f64_cycles: u64,
    #[serde(deserialize_with = "count")]
    trans_cycles: u64,
    #[serde(deserialize_with = "count")]
    mfma_pass_cycles: u64,
    #[serde(deserialize_with = "count")]
    nop_cycles_per_wait_state: u64,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MemorySection {
    #[serde(deserialize_with = "count")]
    smem_latency: u64,
    #[serde(deserialize_with = "count")]
    lds_latency: u64,
    #[serde(deserialize_with = "count")]
    global_load_latency: u64,
    #[serde(deserialize_with = "count")]
    global_store_latency: u64,
    #[serde(deserialize_with = "count")]
    flat_latency: u64,
    #[serde(deserialize_with = "count")]
    sendmsg_latency: u64,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SyncSection {
    #[serde(deserialize_with = "count")]
    sleep_cycles_per_unit: u64,
    #[serde(deserialize_with = "count")]
    barrier_release_cycles: u64,
}

/// A non-negative whole number of cycles (or units): a TOML integer in any base (`600`, `0x258`, `1_000`) or a
/// float with no fraction (`6e2`).
fn count<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    use serde::de::Error;
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Num {
        Int(i64),
        Float(f64),
    }
    match <Num as serde::Deserialize>::deserialize(d)
        .map_err(|_| D::Error::custom("expected a non-negative whole number"))?
    {
        Num::Int(i) if i >= 0 => Ok(i as u64),
        Num::Float(f) if f >= 0.0 && f.fract() == 0.0 && f < 2f64.powi(63) => Ok(f as u64),
        _ => Err(D::Error::custom("expected a non-negative whole number")),
    }
}

impl From<ModelFile> for CycleModel {
    fn from(f: ModelFile) -> CycleModel {
        let (m, i, mem, s) = (f.machine, f.issue, f.memory, f.sync);
        CycleModel {
            cu_count: m.cu_count,
            simds_per_cu: m.simds_per_cu,
            wave_slots_per_simd: m.wave_slots_per_simd,
            vgprs_per_simd_lane: m.vgprs_per_simd_lane,
            vgpr_alloc_granule: m.vgpr_alloc_granule,
            lds_bytes_per_cu: m.lds_bytes_per_cu,
            lds_alloc_granule: m.lds_alloc_granule,
            concurrent_work_groups_per_cu: m.concurrent_work_groups_per_cu,
            issue_cycles: i.issue_cycles,
            salu_cycles: i.salu_cycles,
            valu_cycles: i.valu_cycles,
            valu_f64_cycles: i.valu_f64_cycles,
            trans_cycles: i.trans_cycles,
            mfma_pass_cycles: i.mfma_pass_cycles,
            nop_cycles_per_wait_state: i.nop_cycles_per_wait_state,
            smem_latency: mem.smem_latency,
            lds_latency: mem.lds_latency,
            global_load_latency: mem.global_load_latency,
            global_store_latency: mem.global_store_latency,
            flat_latency: mem.flat_latency,
            sendmsg_latency: mem.sendmsg_latency,
            sleep_cycles_per_unit: s.sleep_cycles_per_unit,
            barrier_release_cycles: s.barrier_release_cycles,
            memory_system: Some(crate::observers::memsys::MemParams::default()),
        }
    }
}

impl Default for CycleModel {
    /// `cdna4.toml`, parsed (the file is the one place the figures live).
    fn default() -> Self {
        static DEFAULT: std::sync::OnceLock<CycleModel> = std::sync::OnceLock::new();
        DEFAULT
            .get_or_init(|| {
                let t: toml::Table = CDNA4_TOML.parse().expect("cdna4.toml is valid TOML");
                parse_merged(t).expect("cdna4.toml is a valid cycle model")
            })
            .clone()
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ModelError {
    /// Not TOML, a key unknown in its section, or a value of the wrong type (toml's message names the line).
    #[error(
        "timing model{}{}: {msg}",
        path.as_deref().map(|p| format!(" {p}")).unwrap_or_default(),
        line.map(|n| format!(" line {n}")).unwrap_or_default()
    )]
    Syntax {
        path: Option<String>,
        line: Option<usize>,
        msg: String,
    },
    #[error("timing model: {0} must be at least 1")]
    Zero(&'static str),
    #[error("cannot read timing model {path}: {msg}")]
    Io { path: String, msg: String },
}

fn syntax(line: Option<usize>, msg: String) -> ModelError {
    ModelError::Syntax {
        path: None,
        line,
        msg,
    }
}

/// Check the section structure and deserialize a complete table.
fn parse_merged(t: toml::Table) -> Result<CycleModel, ModelError> {
    let f: ModelFile = t
        .try_into()
        .map_err(|e: toml::de::Error| syntax(None, e.message().trim().replace('\n', "; ")))?;
    let m = CycleModel::from(f);
    for (name, v) in [
        ("cu_count", m.cu_count),
        ("simds_per_cu", m.simds_per_cu),
        ("wave_slots_per_simd", m.wave_slots_per_simd),
        ("vgprs_per_simd_lane", m.vgprs_per_simd_lane),
        ("vgpr_alloc_granule", m.vgpr_alloc_granule),
        ("issue_cycles", m.issue_cycles),
    ] {
        if v == 0 {
            return Err(ModelError::Zero(name));
        }
    }
    Ok(m)
}

/// `[memory_system]` of a model file over the embedded `cdna4_memory.toml`: keys not given keep their figure;
/// `enabled = false` turns the memory system off (fixed latencies).
fn memory_params(
    user: Option<toml::Value>,
) -> Result<Option<crate::observers::memsys::MemParams>, ModelError> {
    let mut base: toml::Table = crate::observers::memsys::CDNA4_MEMORY_TOML
        .parse()
        .expect("cdna4_memory.toml is valid TOML");
    let Some(toml::Value::Table(mut base_ms)) = base.remove("memory_system") else {
        unreachable!("cdna4_memory.toml has [memory_system]")
    };
    match user {
        None => {}
        Some(toml::Value::Table(mut keys)) => {
            match keys.remove("enabled") {
                None | Some(toml::Value::Boolean(true)) => {}
                Some(toml::Value::Boolean(false)) => return Ok(None),
                Some(_) => {
                    return Err(syntax(
                        None,
                        "memory_system.enabled must be true or false".into(),
                    ))
                }
            }
            base_ms.extend(keys);
        }
        Some(_) => {
            return Err(syntax(
                None,
                "`memory_system` must be a section ([memory_system])".into(),
            ))
        }
    }
    let p: crate::observers::memsys::MemParams =
        toml::Value::Table(base_ms)
            .try_into()
            .map_err(|e: toml::de::Error| {
                syntax(
                    None,
                    format!(
                        "[memory_system]: {}",
                        e.message().trim().replace('\n', "; ")
                    ),
                )
            })?;
    // the scheduler's work-group streams (crate::engine::WORK_GROUP_STREAMS) must each hold whole XCDs
    if !(p.xcds > 0 && crate::engine::WORK_GROUP_STREAMS as u64 % p.xcds == 0) {
        return Err(syntax(
            None,
            "[memory_system]: xcds must be 1, 2, 4 or 8".into(),
        ));
    }
    for (name, v) in [
        ("xcds", p.xcds),
        ("line_bytes", p.line_bytes),
        ("lds_banks", p.lds_banks),
    ] {
        if v == 0 {
            return Err(ModelError::Zero(name));
        }
    }
    if !p.line_bytes.is_power_of_two() || !p.scalar_line_bytes.is_power_of_two() {
        return Err(syntax(
            None,
            "[memory_system]: line_bytes and scalar_line_bytes must be powers of two".into(),
        ));
    }
    Ok(Some(p))
}

impl CycleModel {
    /// Parse a cycle model in `cdna4.toml`'s form (TOML: sections `[machine]`, `[issue]`, `[memory]`, `[sync]`).
    /// Keys not given keep the figure of `cdna4.toml`; an unknown section or key, or a key in the wrong section, is
    /// an error.
    pub fn from_toml(text: &str) -> Result<CycleModel, ModelError> {
        let user: toml::Table = text.parse().map_err(|e: toml::de::Error| {
            // toml's own text spans several lines (a source excerpt); one line says the same
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            let msg = e.message().trim().replace('\n', "; ");
            syntax(line, msg)
        })?;
        let mut merged: toml::Table = CDNA4_TOML.parse().expect("cdna4.toml is valid TOML");
        let mut user = user;
        let memory = user.remove("memory_system");
        for (section, value) in user {
            match (merged.get_mut(&section), value) {
                (Some(toml::Value::Table(base)), toml::Value::Table(keys)) => base.extend(keys),
                (Some(_), _) => {
                    return Err(syntax(None, format!(
                        "`{section}` must be a section ([{section}])"
                    )))
                }
                (None, toml::Value::Table(_)) => {
                    return Err(syntax(None, format!(
                        "unknown section [{section}] (sections: machine, issue, memory, sync, memory_system)"
                    )))
                }
                (None, _) => {
                    return Err(syntax(None, format!(
                        "`{section}` is outside a section; put it under its section as in cdna4.toml"
                    )))
                }
            }
        }
        let mut m = parse_merged(merged)?;
        m.memory_system = memory_params(memory)?;
        Ok(m)
    }

    pub fn from_file(path: &std::path::Path) -> Result<CycleModel, ModelError> {
        let text = std::fs::read_to_string(path).map_err(|e| ModelError::Io {
            path: path.display().to_string(),
            msg: e.to_string(),
        })?;
        CycleModel::from_toml(&text).map_err(|e| match e {
            ModelError::Syntax { line, msg, .. } => ModelError::Syntax {
                path: Some(path.display().to_string()),
                line,
                msg,
            },
            e => e,
        })
    }

    /// Work-groups one CU holds at once: the parameter, or the tightest of wave slots, VGPRs and LDS.
    pub fn work_groups_per_cu(
        &self,
        waves_per_group: u64,
        vgprs_per_wave: u64,
        lds_bytes: u64,
    ) -> u64 {
        if self.concurrent_work_groups_per_cu > 0 {
            return self.concurrent_work_groups_per_cu;
        }
        let per_simd = waves_per_group.max(1).div_ceil(self.simds_per_cu);
        let g = self.vgpr_alloc_granule;
        let regs = vgprs_per_wave.max(1).div_ceil(g) * g;
        let waves_by_vgpr = (self.vgprs_per_simd_lane / regs).min(self.wave_slots_per_simd);
        let mut k = waves_by_vgpr / per_simd;
        let lds = match self.lds_alloc_granule {
            0 => lds_bytes,
            g => lds_bytes.div_ceil(g) * g,
        };
        if let Some(by_lds) = self.lds_bytes_per_cu.checked_div(lds) {
            k = k.min(by_lds);
        }
        k.max(1)
    }
}

/// Why a wave stood still.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StallReason {
    /// `s_waitcnt`; bit 0 vmcnt, bit 1 lgkmcnt.
    Waitcnt { counters: u8 },
    /// A counter at its maximum held the next memory issue.
    CounterFull { counters: u8 },
    /// Waiting at `s_barrier` for the rest of the work-group.
    Barrier,
    /// The previous MFMA still occupied the matrix core.
    MfmaBusy,
}

/// Receives the per-wave timeline (for a trace writer). Cycles are per work-group (each starts at 0).
pub trait TimingSink {
    /// False for a sink that ignores every event ([`NoSink`]): the model then skips gathering what the events
    /// carry (the PCs a stall waited for).
    const EVENTS: bool = true;
    /// False for a sink that takes stalls but not their parts (`waited`, `waited_level` and the stall's
    /// `waited_for` PCs; the trace's clock): the model skips gathering them.
    const WAITED: bool = Self::EVENTS;
    /// `wave` issued the instruction at `pc` at cycle `start`; it occupied the wave for `dur` cycles.
    #[inline(always)]
    fn issue(&mut self, _wave: u32, _pc: u64, _start: u64, _dur: u64) {}
    /// `wave` stood still at `pc` from `start` for `dur` cycles; `waited_for` = PCs of the memory instructions
    /// whose completion it waited for (empty for barriers).
    #[inline(always)]
    fn stall(
        &mut self,
        _wave: u32,
        _pc: u64,
        _start: u64,
        _dur: u64,
        _reason: StallReason,
        _waited_for: &[u64],
    ) {
    }
    /// The memory instruction at `pc` issued at `start` and completes at `complete` (`complete - start` is its
    /// modelled latency, including any wait behind older operations of an in-order queue). For the profile.
    #[inline(always)]
    fn mem_issue(&mut self, _wave: u32, _pc: u64, _start: u64, _complete: u64) {}
    /// Part of the stall at `pc` that `stall` reports next: `cycles` spent waiting for the completion of the
    /// memory instruction at `mem_pc` (the per-operation split of `s_waitcnt` and counter-full stalls; the parts
    /// of one stall sum to its duration). For the profile.
    #[inline(always)]
    fn waited(&mut self, _wave: u32, _pc: u64, _mem_pc: u64, _cycles: u64, _reason: StallReason) {}
    /// With the memory system: what the memory instruction at `pc` cost, reported right before its
    /// `mem_issue`. For the profile, the trace and the TUI.
    #[inline(always)]
    fn mem_access(&mut self, _wave: u32, _pc: u64, _access: &MemAccess) {}
    /// Right after each `waited`: the level the waited-for execution of `mem_pc` got its latency from.
    #[inline(always)]
    fn waited_level(&mut self, _wave: u32, _mem_pc: u64, _level: MemLevel, _cycles: u64) {}
    /// With the memory system: what the scalar load at `pc` cost in the scalar cache, reported right before
    /// its `mem_issue`. Its latency counts as `MemLevel::Fixed` in `waited_level` and in a profile's levels
    /// (they split vector and LDS latency; the scalar cache's figures are the `SQC_*` counters).
    #[inline(always)]
    fn scalar_access(&mut self, _wave: u32, _pc: u64, _access: &ScalarAccess) {}
}

/// What the scalar cache made of one execution of a scalar load (`TimingSink::scalar_access`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScalarAccess {
    /// 64-byte scalar-cache lines the load touched, and how many of them hit.
    pub lines: u32,
    pub hits: u32,
    /// Lines still on their way from an earlier miss (the load waited for that fill: duplicate misses).
    pub duplicates: u32,
    /// Bytes it read (the dwords in range).
    pub bytes: u32,
    /// Where the slowest missing line came from (L2, MALL or HBM); None when every line hit.
    pub miss_level: Option<MemLevel>,
}

/// Where a memory instruction's latency came from (what its slowest part waited for), as the profile, the
/// trace and the TUI show it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum MemLevel {
    /// No memory-system figure: the model's fixed `[memory]` latency (no memory system, scalar loads, scratch,
    /// messages, an instruction with no active lane).
    #[default]
    Fixed = 0,
    /// The LDS (its latency plus the bank-conflict cycles).
    Lds = 1,
    L1 = 2,
    L2 = 3,
    Mall = 4,
    Hbm = 5,
}

impl MemLevel {
    pub const ALL: [MemLevel; 6] = [
        MemLevel::Fixed,
        MemLevel::Lds,
        MemLevel::L1,
        MemLevel::L2,
        MemLevel::Mall,
        MemLevel::Hbm,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            MemLevel::Fixed => "fixed",
            MemLevel::Lds => "LDS",
            MemLevel::L1 => "L1",
            MemLevel::L2 => "L2",
            MemLevel::Mall => "MALL",
            MemLevel::Hbm => "HBM",
        }
    }
    pub fn from_u8(v: u8) -> MemLevel {
        MemLevel::ALL
            .get(v as usize)
            .copied()
            .unwrap_or(MemLevel::Fixed)
    }
}

/// What the memory system made of one execution of a memory instruction (`TimingSink::mem_access`). Vector
/// memory: `lines` = `l1_hits + l2_hits + mall_hits + hbm_lines` (each line is found at exactly one level);
/// LDS: the phase and conflict cycles of `memsys::lds`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemAccess {
    /// Vector memory kind: 1 load, 2 store, 3 atomic; 4 LDS.
    pub kind: u8,
    pub lines: u32,
    pub l1_hits: u32,
    pub l2_hits: u32,
    pub mall_hits: u32,
    pub hbm_lines: u32,
    /// LDS: cycles its phases took (SQ_LDS_IDX_ACTIVE) and the conflict cycles among them
    /// (SQ_LDS_BANK_CONFLICT).
    pub lds_cycles: u32,
    pub lds_conflict_cycles: u32,
    /// Bytes the active lanes asked for.
    pub bytes: u64,
    pub level: MemLevel,
    /// The modelled device cycle the memory system saw the access at: its work-group's start on its XCD (the
    /// earliest free CU slot) + the wave's clock. Issue and stall cycles of the sink count from the
    /// work-group's start; device-wide tracks (L2, HBM bandwidth) use this time.
    pub device_cycle: u64,
}

impl MemAccess {
    pub const LOAD: u8 = A_LOAD;
    pub const STORE: u8 = A_STORE;
    pub const ATOMIC: u8 = A_ATOMIC;
    pub const LDS: u8 = A_LDS;
}

/// Receives nothing.
pub struct NoSink;
impl TimingSink for NoSink {
    const EVENTS: bool = false;
}

// ---- per-instruction classes, computed once per program ----------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
enum Kind {
    // Issue, Nop and Valu only occupy the wave (and Valu its SIMD): `after`'s fast path takes them
    Issue,
    Nop,
    Valu,
    Mfma,
    Mem,
}

/// Memory queues: completions are in issue order within 0..=2, free within 3.
const Q_VM: u8 = 0;
const Q_LDS: u8 = 1;
const Q_MSG: u8 = 2;
const Q_SMEM: u8 = 3;

#[derive(Clone, Copy, Debug)]
struct TInst {
    kind: Kind,
    /// Cycles the wave is occupied at issue.
    cost: u32,
    /// Memory: latency to completion; MFMA: matrix-core cycles.
    lat: u32,
    /// VALU: cycles its SIMD is busy (`cost`); 0 for every other kind.
    busy: u32,
    vm: u8,
    lgkm: u8,
    queue: u8,
}

/// What the memory system needs to know of one instruction (computed once per program).
#[derive(Clone, Copy, Debug, Default)]
struct MemAcc {
    /// `A_*`.
    kind: u8,
    /// Bytes per lane (per piece for DS read2/write2).
    bytes: u8,
    /// DS read2/write2: offset scale in bytes (element size, x64 for `st64`); 0 for one-address forms.
    ds2_scale: u16,
    write: bool,
    /// Scalar loads: `S_BUFFER_LOAD_*` (a V# in SGPRs) rather than `S_LOAD_*` (an SGPR-pair base).
    scalar_buffer: bool,
    /// A memory instruction (`Kind::Mem`): `before` sets its `Pending` (None when `kind` is `A_NONE`); other
    /// instructions leave `before` at once (`after` reads `Pending` only for memory instructions). False in an
    /// observer's rows for `recorded` instructions and without a memory system (see [`Row`]).
    mem: bool,
    /// A GLOBAL/FLAT access (`kind` load, store or atomic): `before` has nothing to do, `after` makes its lines
    /// from the lane addresses its handler recorded (`Wave::lane_addrs`): one address computation per
    /// instruction, the handler's.
    recorded: bool,
}

/// One instruction's row in an observer's own table: its class and costs (`TInst`), what its memory access
/// needs (`MemAcc`) and how often this observer's waves executed it. `before` and `after` of one instruction read
/// (and `after` updates) this one row: 32 bytes, two to a cache line, where three tables (the shared classes and
/// accesses, the observer's counts) took three lines.
#[derive(Clone, Copy, Debug)]
struct Row {
    /// Executions (this observer's waves): the class counts (SQ_INSTS_*, MFMA operations and busy cycles) are
    /// made from it when asked for.
    executed: u64,
    t: TInst,
    /// `acc.mem`: `before` has work for it (a memory instruction, and the model has a memory system).
    acc: MemAcc,
}

const _: () = assert!(std::mem::size_of::<Row>() == 32);

const A_NONE: u8 = 0;
const A_LOAD: u8 = 1;
const A_STORE: u8 = 2;
const A_ATOMIC: u8 = 3;
const A_LDS: u8 = 4;
/// Scalar loads from global memory (`S_LOAD_DWORD*`, `S_BUFFER_LOAD_DWORD*`): through the scalar cache.
const A_SCALAR: u8 = 5;

/// Instruction classes counted for the run report's `counters` (SQ_INSTS_*).
const C_VALU: u8 = 1;
const C_SALU: u8 = 2;
const C_LDS: u8 = 4;
const C_SMEM: u8 = 8;
const C_BRANCH: u8 = 16;
const C_MFMA: u8 = 32;

/// Bytes per lane of a vector memory or DS instruction, from its name (the data width the ISA names).
fn lane_bytes(name: &str) -> u8 {
    let n = name;
    if n.contains("b128") || n.contains("dwordx4") {
        16
    } else if n.contains("b96") || n.contains("dwordx3") {
        12
    } else if n.contains("dwordx2") || n.contains("64") || n.contains("_x2") {
        8
    } else if n.contains("ubyte")
        || n.contains("sbyte")
        || n.contains("_u8")
        || n.contains("_i8")
        || n.contains("_b8")
    {
        1
    } else if n.contains("short")
        || n.contains("_u16")
        || n.contains("_i16")
        || n.contains("_b16")
        || n.contains("d16")
    {
        2
    } else {
        4
    }
}

fn mem_acc(inst: &Inst) -> MemAcc {
    use crate::isa::Format;
    // scalar loads (guide chapter 8): dwords from the name; S_SCRATCH_*, stores and atomics keep the fixed latency
    let scalar = |dwords: u8, buffer: bool| MemAcc {
        kind: A_SCALAR,
        bytes: 4 * dwords,
        scalar_buffer: buffer,
        ..MemAcc::default()
    };
    match inst.op {
        Op::S_LOAD_DWORD => return scalar(1, false),
        Op::S_LOAD_DWORDX2 => return scalar(2, false),
        Op::S_LOAD_DWORDX4 => return scalar(4, false),
        Op::S_LOAD_DWORDX8 => return scalar(8, false),
        Op::S_LOAD_DWORDX16 => return scalar(16, false),
        Op::S_BUFFER_LOAD_DWORD => return scalar(1, true),
        Op::S_BUFFER_LOAD_DWORDX2 => return scalar(2, true),
        Op::S_BUFFER_LOAD_DWORDX4 => return scalar(4, true),
        Op::S_BUFFER_LOAD_DWORDX8 => return scalar(8, true),
        Op::S_BUFFER_LOAD_DWORDX16 => return scalar(16, true),
        _ => {}
    }
    let e = effects_of(inst);
    let name = inst.name();
    let write = e.is(class::STORE);
    match (e.mem, inst.format) {
        (MemClass::Lds, Format::Ds) => {
            let b = name.strip_prefix("ds_").unwrap_or(name);
            // only instructions that address LDS by lane (not swizzles, permutes, GWS, append/consume)
            if [
                "nop", "swizzle", "permute", "bpermute", "append", "consume", "gws",
            ]
            .iter()
            .any(|p| b.starts_with(p))
                || b.contains("addtid")
            {
                return MemAcc::default();
            }
            let two = b.starts_with("read2") || b.starts_with("write2") || b.starts_with("wrxchg2");
            let elem = if b.contains("b64") { 8 } else { 4 };
            MemAcc {
                kind: A_LDS,
                bytes: if two { elem } else { lane_bytes(b) },
                ds2_scale: if two {
                    elem as u16 * if b.contains("st64") { 64 } else { 1 }
                } else {
                    0
                },
                write: write && !b.starts_with("read"),
                scalar_buffer: false,
                mem: false,
                recorded: false,
            }
        }
        (
            MemClass::Vm | MemClass::Flat,
            Format::Global | Format::Flat | Format::Mubuf | Format::Mtbuf | Format::Scratch,
        ) => {
            let kind = if name.contains("atomic") {
                A_ATOMIC
            } else if write {
                A_STORE
            } else {
                A_LOAD
            };
            MemAcc {
                kind,
                bytes: lane_bytes(name),
                ds2_scale: 0,
                write,
                scalar_buffer: false,
                mem: false,
                recorded: false,
            }
        }
        _ => MemAcc::default(),
    }
}

/// The byte address and the bytes a scalar load reads (guide §8.2.1.1; the SMEM addressing rules as
/// `exec::semantics::smem` documents them): `S_LOAD_*` reads SGPR-pair[SBASE] + OFFSET (signed 21 bits) + the
/// SGPR offset; `S_BUFFER_LOAD_*` reads the V#'s base + OFFSET (unsigned) + the SGPR offset, only the dwords
/// inside the buffer's range (the rest read as 0 and touch no memory). The two address LSBs are ignored.
fn scalar_address(w: &Wave, i: &Inst, a: MemAcc, ap: &Apertures) -> (u64, u32) {
    crate::exec::semantics::smem::load_extent(w, i, ap, a.scalar_buffer, a.bytes as u32)
}

fn count_class(inst: &Inst) -> u8 {
    let e = effects_of(inst);
    let name = inst.name();
    if e.is(class::MFMA) {
        C_MFMA
    } else if e.is(class::VALU) {
        C_VALU
    } else if e.mem == MemClass::Lds {
        C_LDS
    } else if e.mem == MemClass::Smem {
        C_SMEM
    } else if name.starts_with("s_branch") || name.starts_with("s_cbranch") {
        C_BRANCH
    } else if e.is(class::SALU) {
        C_SALU
    } else {
        0
    }
}

/// MFMA operations (2 x M x N x K x blocks) and the input-type slot of `InstCounts` (0 f16, 1 bf16, 2 f32,
/// 3 f64, 4 i8, 5 f8/f6/f4).
fn mfma_ops(op: Op) -> (u8, u64) {
    use crate::exec::semantics::mai::layout::{shape, Ty};
    let Some(s) = shape(op) else {
        return (0, 0);
    };
    let ty = match s.a {
        Ty::F16 => 0,
        Ty::BF16 => 1,
        Ty::F32 => 2,
        Ty::F64 => 3,
        Ty::I8 => 4,
        Ty::Low(_) | Ty::F8F6F4 => 5,
    };
    (ty, 2 * (s.m * s.n * s.k * s.blocks) as u64)
}

fn classify(inst: &Inst, m: &CycleModel) -> TInst {
    let e = effects_of(inst);
    let mut t = TInst {
        kind: Kind::Issue,
        cost: m.issue_cycles as u32,
        lat: 0,
        busy: 0,
        vm: 0,
        lgkm: 0,
        queue: 0,
    };
    let name = inst.name();
    let store = e.is(class::STORE);
    match e.mem {
        MemClass::Vm => {
            t.kind = Kind::Mem;
            t.vm = 1;
            t.queue = Q_VM;
            t.lat = if store {
                m.global_store_latency
            } else {
                m.global_load_latency
            } as u32;
        }
        MemClass::Flat => {
            t.kind = Kind::Mem;
            t.vm = 1;
            t.lgkm = 1;
            t.queue = Q_VM;
            t.lat = m.flat_latency as u32;
        }
        MemClass::Lds => {
            t.kind = Kind::Mem;
            t.lgkm = 1;
            t.queue = Q_LDS;
            t.lat = m.lds_latency as u32;
        }
        MemClass::Smem => {
            t.kind = Kind::Mem;
            // waitcnt.md: 1 for a 1-dword load, 2 for 2 dwords or more (and S_MEMTIME)
            t.lgkm = if name.ends_with("dword") || store {
                1
            } else {
                2
            };
            t.queue = Q_SMEM;
            t.lat = m.smem_latency as u32;
        }
        MemClass::Msg => {
            t.kind = Kind::Mem;
            t.lgkm = 1;
            t.queue = Q_MSG;
            t.lat = m.sendmsg_latency as u32;
        }
        MemClass::None => {
            if e.is(class::MFMA) {
                t.kind = Kind::Mfma;
                let p = if e.passes > 0 {
                    e.passes
                } else {
                    mfma_passes(inst.op, inst.mai.cbsz, inst.mai.blgp)
                };
                t.lat = (p as u64 * m.mfma_pass_cycles) as u32;
            } else if e.is(class::VALU) {
                t.kind = Kind::Valu;
                t.cost = if e.is(class::TRANS) {
                    m.trans_cycles
                } else if name.contains("_f64") {
                    m.valu_f64_cycles
                } else {
                    m.valu_cycles
                } as u32;
                t.busy = t.cost;
            } else if e.is(class::SALU) {
                t.cost = m.salu_cycles as u32;
            } else if inst.op == Op::S_NOP {
                t.kind = Kind::Nop;
                let ws = (inst.imm as u64 & 0xF) + 1;
                t.cost = (ws * m.nop_cycles_per_wait_state).max(m.issue_cycles) as u32;
            }
        }
    }
    t
}

// ---- per-wave state ----------------------------------------------------------------------------------------

/// Outstanding memory operations per wave (vmcnt max 63 + lgkmcnt max 15 fit).
const MAX_OUT: usize = 80;
const VM_MAX: u32 = 63;
const LGKM_MAX: u32 = 15;

#[derive(Clone, Copy)]
struct Outstanding {
    complete: u64,
    /// Cycle it issued at (for a debugger's view of the outstanding operations).
    issue: u64,
    idx: u32,
    vm: u8,
    lgkm: u8,
    /// `MemLevel` its latency came from.
    level: u8,
}

#[derive(Clone)]
struct WaveClock {
    id: u32,
    /// Its SIMD's index in `TimingObserver::simd_busy` (the wave's SIMD modulo SIMDs per CU).
    simd_slot: usize,
    /// VALU and MFMA cycles it kept its SIMD busy, not yet added to `simd_busy` (added when the work-group
    /// closes: a per-instruction add on the wave's own line rather than on the SIMD table).
    busy: u64,
    clock: u64,
    mfma_free: u64,
    /// Last completion per in-order queue.
    last: [u64; 3],
    /// The outstanding operations are `out[head..head + nout]`, kept sorted by (completion, instruction index),
    /// ties in issue order (what a stable sort of them gives): a wait walks them in completion order and
    /// completed ones leave from the front. An in-order queue's new operation completes last, so a push mostly
    /// appends.
    out: [Outstanding; MAX_OUT],
    head: usize,
    nout: usize,
    /// vmcnt and lgkmcnt of the operations in `out`, and the earliest completion among them (`u64::MAX`: none),
    /// kept as operations come and go so that counting and retiring cost nothing while nothing completes.
    vm_out: u32,
    lgkm_out: u32,
    next_done: u64,
    at_barrier: bool,
    arrival: u64,
    barrier_pc: u64,
    ended: bool,
    started: bool,
}

impl WaveClock {
    fn new() -> WaveClock {
        WaveClock {
            id: 0,
            simd_slot: 0,
            busy: 0,
            clock: 0,
            mfma_free: 0,
            last: [0; 3],
            out: [Outstanding {
                complete: 0,
                issue: 0,
                idx: 0,
                vm: 0,
                lgkm: 0,
                level: 0,
            }; MAX_OUT],
            head: 0,
            nout: 0,
            vm_out: 0,
            lgkm_out: 0,
            next_done: u64::MAX,
            at_barrier: false,
            arrival: 0,
            barrier_pc: 0,
            ended: false,
            started: false,
        }
    }
    fn reset(&mut self, id: u32, simd_slot: usize) {
        self.id = id;
        self.simd_slot = simd_slot;
        self.busy = 0;
        self.clock = 0;
        self.mfma_free = 0;
        self.last = [0; 3];
        self.head = 0;
        self.nout = 0;
        self.vm_out = 0;
        self.lgkm_out = 0;
        self.next_done = u64::MAX;
        self.at_barrier = false;
        self.arrival = 0;
        self.ended = false;
        self.started = true;
    }
    #[inline(always)]
    fn counts(&self) -> (u32, u32) {
        (self.vm_out, self.lgkm_out)
    }
    /// Drop operations complete at `t`.
    #[inline(always)]
    fn retire(&mut self, t: u64) {
        if t >= self.next_done {
            self.retire_some(t);
        }
    }
    /// `retire` when at least one operation is complete at `t`: they are the front of the sorted list.
    fn retire_some(&mut self, t: u64) {
        let end = self.head + self.nout;
        let mut h = self.head;
        while h < end && self.out[h].complete <= t {
            self.vm_out -= self.out[h].vm as u32;
            self.lgkm_out -= self.out[h].lgkm as u32;
            h += 1;
        }
        self.nout = end - h;
        self.head = if self.nout == 0 { 0 } else { h };
        self.next_done = if self.nout == 0 {
            u64::MAX
        } else {
            self.out[h].complete
        };
    }
    /// The outstanding operations, sorted by (completion, instruction index), ties in issue order.
    #[inline(always)]
    fn ops(&self) -> &[Outstanding] {
        &self.out[self.head..self.head + self.nout]
    }
    /// Add an outstanding operation (room checked by the caller: `nout < MAX_OUT`) at its place in the order.
    #[inline(always)]
    fn push(&mut self, o: Outstanding) {
        if self.head + self.nout == MAX_OUT {
            self.out.copy_within(self.head..MAX_OUT, 0);
            self.head = 0;
        }
        let key = (o.complete, o.idx);
        let mut j = self.head + self.nout;
        while j > self.head && (self.out[j - 1].complete, self.out[j - 1].idx) > key {
            self.out[j] = self.out[j - 1];
            j -= 1;
        }
        self.out[j] = o;
        self.nout += 1;
        self.vm_out += o.vm as u32;
        self.lgkm_out += o.lgkm as u32;
        self.next_done = self.out[self.head].complete;
    }
}

/// `s_waitcnt` stalls of one instruction, summed over waves.
#[derive(Clone, Debug, Default)]
pub struct WaitStall {
    pub cycles: u64,
    pub stalls: u64,
    /// bit 0 vmcnt, bit 1 lgkmcnt: the counters that held it.
    pub counters: u8,
    /// (memory instruction index, cycles of the stall spent waiting for it), most cycles first after `finish`.
    pub waited_for: Vec<(u32, u64)>,
}

/// Memory instructions remembered per `s_waitcnt` while running (merging threads stays exact below this);
/// the report keeps the `REPORT_WAITED` that cost most.
const MAX_WAITED: usize = 64;
const REPORT_WAITED: usize = 8;

// ---- the observer ------------------------------------------------------------------------------------------

/// Per-program data shared by the observers of all host threads.
pub struct TimingTable {
    model: CycleModel,
    insts: Vec<TInst>,
    pcs: Vec<u64>,
    lds_bytes: u64,
    acc: Vec<MemAcc>,
    cls: Vec<u8>,
    /// (input-type slot, operations) per MFMA.
    mops: Vec<(u8, u64)>,
    apertures: Apertures,
    /// Each XCD's share of the MALL and of HBM bandwidth (1 / XCDs with work).
    xcd_share: f64,
    /// Waves per work-group of the dispatch (0: learned from the waves), for the CU slots of each XCD.
    waves_per_group: u64,
}

impl TimingTable {
    /// A table with the fixed `[memory]` latencies (no memory system: it needs the dispatch, see
    /// [`TimingTable::for_dispatch`]).
    pub fn new(program: &Program, model: CycleModel, lds_bytes: u32) -> TimingTable {
        TimingTable::build(
            program,
            CycleModel {
                memory_system: None,
                ..model
            },
            lds_bytes,
        )
    }

    fn build(program: &Program, model: CycleModel, lds_bytes: u32) -> TimingTable {
        let insts: Vec<TInst> = program.insts.iter().map(|i| classify(i, &model)).collect();
        let pcs = program.pcs.clone();
        let xcds = model.memory_system.as_ref().map_or(1, |p| p.xcds.max(1));
        TimingTable {
            acc: program
                .insts
                .iter()
                .zip(&insts)
                .map(|(i, t)| {
                    let a = mem_acc(i);
                    MemAcc {
                        mem: t.kind == Kind::Mem,
                        recorded: t.kind == Kind::Mem
                            && a.kind != A_NONE
                            && matches!(
                                i.format,
                                crate::isa::Format::Global | crate::isa::Format::Flat
                            ),
                        ..a
                    }
                })
                .collect(),
            cls: program.insts.iter().map(count_class).collect(),
            mops: program.insts.iter().map(|i| mfma_ops(i.op)).collect(),
            model,
            insts,
            pcs,
            lds_bytes: lds_bytes as u64,
            apertures: Apertures::default(),
            xcd_share: 1.0 / xcds as f64,
            waves_per_group: 0,
        }
    }

    /// The table for dispatch `d`: its apertures, and the XCD share and work-group shape its memory system uses.
    pub fn for_dispatch(d: &Dispatch, model: CycleModel) -> TimingTable {
        let mut t = TimingTable::build(&d.program, model, d.lds_bytes);
        t.apertures = d.apertures;
        if let Some(p) = &t.model.memory_system {
            let active = (d.work_group_count() as u64).clamp(1, p.xcds.max(1));
            t.xcd_share = 1.0 / active as f64;
        }
        t.waves_per_group = d.waves_per_group() as u64;
        t
    }
    pub fn model(&self) -> &CycleModel {
        &self.model
    }
}

/// Modelled time of every work-group this observer saw, and stall totals.
pub struct TimingObserver<S: TimingSink = NoSink> {
    table: Arc<TimingTable>,
    pub sink: S,
    waves: Vec<WaveClock>,
    group: Option<u32>,
    simd_busy: Vec<u64>,
    /// (work_group_flat, longest wave's cycles, busiest SIMD's VALU+MFMA cycles, all SIMDs' cycles).
    groups: Vec<(u32, u64, u64, u64)>,
    vgprs_per_wave: u64,
    waves_per_group: u64,
    pub waitcnt_stall_cycles: u64,
    pub barrier_cycles: u64,
    pub counter_full_cycles: u64,
    pub mfma_busy_cycles: u64,
    /// Indexed by instruction index; allocated once.
    wait: Vec<WaitStall>,
    pcs_buf: Vec<u64>,
    /// What `before` and `wave_start` count of the report's `counters` (waves, bytes and ideal lines asked for);
    /// the instruction classes come from `Row::executed` (see [`TimingObserver::inst_counts`]).
    counted: InstCounts,
    /// Per instruction index: this observer's own copy of what `before` and `after` read of it, and its
    /// execution count, in one 32-byte row (see [`Row`]).
    rows: Vec<Row>,
    /// The memory system, present when the model has one.
    mem: Option<Box<MemState>>,
}

/// The memory system of the XCDs this observer's thread runs, and the access being computed.
struct MemState {
    params: MemParams,
    cus_per_xcd: u64,
    /// Indexed by XCD; made when the XCD's first work-group arrives.
    xcds: Vec<Option<XcdState>>,
    /// The open work-group: its XCD, CU, CU slot and estimated start (cycles of its XCD's time).
    xcd: usize,
    cu: usize,
    slot: usize,
    start: u64,
    /// `locate_lanes` needs a memory for the formats that look at it; lane addresses of DS, FLAT, GLOBAL and
    /// buffer instructions come from registers and descriptors only, so an empty one serves.
    no_mem: GlobalMemory,
    locs: Box<[Loc; 64]>,
    /// Lane addresses and bytes of a vector memory access (the lines are made from them).
    addrs: Box<[u64; 64]>,
    sizes: Box<[u32; 64]>,
    line_shift: u32,
    /// log2(`scalar_line_bytes`), and the bytes of the scalar load in `pending`.
    scalar_line_shift: u32,
    scalar_bytes: u32,
    lines: Vec<u64>,
    pieces: Box<[LanePieces; 64]>,
    /// Scratch of `bank_cost` for a phase with bank conflicts.
    dwords: Vec<u32>,
    /// Set by `before` for the instruction `after` completes.
    pending: Pending,
}

struct XcdState {
    mem: XcdMemory,
    /// When each CU slot (CUs x work-groups per CU) is free, as `merge` places work-groups globally.
    slots: Vec<u64>,
    /// Slots a work-group holds now. A batch run opens an XCD's work-groups one after another, so at most one
    /// is held; an interactive machine keeps several resident at once (see [`SharedMemory`]).
    held: Vec<bool>,
}

/// The memory system of every XCD (caches, bandwidth schedules, CU slots), to be shared by several observers:
/// an interactive machine (`machine::MachineTiming`) keeps one `TimingObserver` per resident work-group and
/// lends each, around every call, the one memory system of the dispatch ([`TimingObserver::swap_memory`]), so
/// resident work-groups of one XCD share its L2 and their CUs' L1s, as in a batch run.
#[derive(Default)]
pub struct SharedMemory {
    xcds: Vec<Option<XcdState>>,
}

impl SharedMemory {
    /// Totals of the memory system over every XCD so far.
    pub fn counters(&self) -> MemCounters {
        let mut c = MemCounters::default();
        for x in self.xcds.iter().flatten() {
            c.add(&x.mem.counters);
        }
        c
    }
}

#[derive(Clone, Copy)]
enum Pending {
    None,
    /// Lines of the access are in `MemState::lines`; the bytes its lanes asked for.
    Vmem(VmemKind, u64),
    /// A vector memory instruction that reaches no cached global line: a SCRATCH access, or a FLAT access none
    /// of whose lanes is global (LDS or private). It counts as a vector memory instruction (SQ_INSTS_VMEM_RD/WR,
    /// TA_TOTAL_WAVEFRONTS: rocprof counts FLAT and SCRATCH instructions there) and keeps the fixed `[memory]`
    /// latency; the bytes its lanes asked for.
    Fixed(VmemKind, u64),
    Lds(crate::observers::memsys::lds::LdsCost, u64),
    /// A scalar load: its scalar-cache lines are in `MemState::lines`.
    Smem,
}

impl TimingObserver<NoSink> {
    pub fn new(table: Arc<TimingTable>) -> Self {
        TimingObserver::with_sink(table, NoSink)
    }
}

impl<S: TimingSink> TimingObserver<S> {
    /// The parameters this observer models with.
    pub fn model(&self) -> &CycleModel {
        &self.table.model
    }

    pub fn with_sink(table: Arc<TimingTable>, sink: S) -> Self {
        let n = table.insts.len();
        let simds = table.model.simds_per_cu as usize;
        TimingObserver {
            sink,
            waves: Vec::new(),
            group: None,
            simd_busy: vec![0; simds],
            groups: Vec::new(),
            vgprs_per_wave: 0,
            waves_per_group: 0,
            waitcnt_stall_cycles: 0,
            barrier_cycles: 0,
            counter_full_cycles: 0,
            mfma_busy_cycles: 0,
            wait: vec![WaitStall::default(); n],
            pcs_buf: Vec::with_capacity(MAX_OUT),
            counted: InstCounts::default(),
            rows: (0..n)
                .map(|i| {
                    let (t, acc) = (table.insts[i], table.acc[i]);
                    Row {
                        executed: 0,
                        t,
                        acc: MemAcc {
                            // `before` has work only with a memory system, and none for a recorded access
                            mem: acc.mem && !acc.recorded && table.model.memory_system.is_some(),
                            recorded: acc.recorded && table.model.memory_system.is_some(),
                            ..acc
                        },
                    }
                })
                .collect(),
            mem: table.model.memory_system.as_ref().map(|p| {
                Box::new(MemState {
                    params: p.clone(),
                    cus_per_xcd: (table.model.cu_count / p.xcds.max(1)).max(1),
                    xcds: Vec::new(),
                    xcd: 0,
                    cu: 0,
                    slot: 0,
                    start: 0,
                    no_mem: GlobalMemory::new(),
                    locs: Box::new([Loc::Dropped; 64]),
                    addrs: Box::new([0; 64]),
                    sizes: Box::new([0; 64]),
                    line_shift: p.line_bytes.max(1).trailing_zeros(),
                    scalar_line_shift: p.scalar_line_bytes.max(1).trailing_zeros(),
                    scalar_bytes: 0,
                    lines: Vec::with_capacity(256),
                    pieces: Box::new([LanePieces::default(); 64]),
                    dwords: Vec::with_capacity(crate::observers::memsys::lds::DWORDS_PER_PHASE),
                    pending: Pending::None,
                })
            }),
            table,
        }
    }

    /// Swap this observer's memory system with `shared` (a machine lends one to each resident work-group's
    /// observer around each call; see [`SharedMemory`]). Without a memory system nothing changes.
    #[inline]
    pub fn swap_memory(&mut self, shared: &mut SharedMemory) {
        if let Some(m) = self.mem.as_deref_mut() {
            std::mem::swap(&mut m.xcds, &mut shared.xcds);
        }
    }

    /// The open work-group ended: free its CU slot at its modelled end (a batch run does this when the next
    /// work-group opens or at `merge`; a machine retires work-groups while others run on).
    pub fn end_work_group(&mut self) {
        self.close_group();
    }

    /// What this observer's waves executed, by the classes the report's `counters` count (SQ_WAVES,
    /// SQ_INSTS_*, MFMA operations and busy cycles, bytes and lines asked for).
    pub fn inst_counts(&self) -> InstCounts {
        let mut n = self.counted;
        let table = &self.table;
        for (i, k) in self.rows.iter().map(|r| r.executed).enumerate() {
            if k == 0 {
                continue;
            }
            match table.cls[i] {
                0 => {}
                C_VALU => n.valu += k,
                C_SALU => n.salu += k,
                C_LDS => n.lds += k,
                C_SMEM => n.smem += k,
                C_BRANCH => n.branch += k,
                _ => {
                    n.mfma += k;
                    n.mfma_busy_cycles += k * table.insts[i].lat as u64;
                    let (ty, ops) = table.mops[i];
                    *[
                        &mut n.mfma_ops_f16,
                        &mut n.mfma_ops_bf16,
                        &mut n.mfma_ops_f32,
                        &mut n.mfma_ops_f64,
                        &mut n.mfma_ops_i8,
                        &mut n.mfma_ops_f8,
                    ][ty as usize] += k * ops;
                }
            }
        }
        n
    }

    /// Totals of the memory system over the XCDs this observer ran.
    pub fn mem_counters(&self) -> Option<MemCounters> {
        let m = self.mem.as_ref()?;
        let mut c = MemCounters::default();
        for x in m.xcds.iter().flatten() {
            c.add(&x.mem.counters);
        }
        Some(c)
    }

    /// A work-group opens: its XCD and CU (work-group `flat` on XCD `flat % xcds`, CU `(flat / xcds) % CUs`),
    /// and its start: the earliest free of its XCD's CU slots.
    fn open_group(&mut self, g: u32, wave: &Wave) {
        let table = &self.table;
        let Some(m) = self.mem.as_mut() else {
            return;
        };
        let xcds = m.params.xcds.max(1);
        let x = (g as u64 % xcds) as usize;
        m.xcd = x;
        m.cu = ((g as u64 / xcds) % m.cus_per_xcd) as usize;
        if m.xcds.len() <= x {
            m.xcds.resize_with(x + 1, || None);
        }
        let st = m.xcds[x].get_or_insert_with(|| {
            let k = table.model.work_groups_per_cu(
                table.waves_per_group.max(1),
                wave.vgpr_count as u64 + wave.agpr_count as u64,
                table.lds_bytes,
            );
            let n = (m.cus_per_xcd * k) as usize;
            XcdState {
                mem: XcdMemory::new(&m.params, m.cus_per_xcd, table.xcd_share),
                slots: vec![0; n],
                held: vec![false; n],
            }
        });
        // the earliest free slot no resident work-group holds (all held: the earliest of all, sharing it)
        let pick = |free_only: bool| {
            st.slots
                .iter()
                .enumerate()
                .filter(|&(i, _)| !(free_only && st.held[i]))
                .min_by_key(|&(i, &t)| (t, i))
                .map(|(i, &t)| (i, t))
        };
        let (slot, start) = pick(true)
            .or_else(|| pick(false))
            .expect("at least one CU slot");
        st.held[slot] = true;
        m.slot = slot;
        m.start = start;
    }

    fn close_group(&mut self) {
        if let Some(g) = self.group.take() {
            let crit = self
                .waves
                .iter()
                .filter(|w| w.started)
                .map(|w| w.clock)
                .max()
                .unwrap_or(0);
            for w in self.waves.iter_mut() {
                self.simd_busy[w.simd_slot] += std::mem::take(&mut w.busy);
            }
            let busy = self.simd_busy.iter().copied().max().unwrap_or(0);
            let total = self.simd_busy.iter().sum();
            self.groups.push((g, crit, busy, total));
            if let Some(m) = self.mem.as_mut() {
                if let Some(Some(st)) = m.xcds.get_mut(m.xcd) {
                    st.slots[m.slot] = m.start + crit.max(busy);
                    st.held[m.slot] = false;
                }
            }
            self.simd_busy.iter_mut().for_each(|b| *b = 0);
            self.waves.iter_mut().for_each(|w| w.started = false);
        }
    }

    /// Wait on `w` until vmcnt <= `vm_max` and lgkmcnt <= `lgkm_max`; returns (stall cycles, counters that held).
    /// Attributes the stall to `at` (an `s_waitcnt`) when `attribute`.
    ///
    /// One walk over the sorted outstanding list does both the waiting and the retiring: every operation the
    /// walk passes completes no later than the last one it waits for (the list is sorted by completion), so
    /// it leaves at once, and the walk then goes on over any later one complete by then (what `retire(t)`
    /// after the wait would drop). tests `wait_until_equals_wait_then_retire` checks it against that form.
    #[inline]
    fn wait_until(
        &mut self,
        slot: usize,
        vm_max: u32,
        lgkm_max: u32,
        at: usize,
        reason_full: bool,
    ) -> u64 {
        let w = &mut self.waves[slot];
        let start = w.clock;
        w.retire(start);
        let (mut vm, mut lgkm) = w.counts();
        if vm <= vm_max && lgkm <= lgkm_max {
            return 0;
        }
        let mut counters = 0u8;
        if vm > vm_max {
            counters |= 1;
        }
        if lgkm > lgkm_max {
            counters |= 2;
        }
        if S::WAITED {
            self.pcs_buf.clear();
        }
        let mut t = start;
        let agg = &mut self.wait[at];
        let reason = if reason_full {
            StallReason::CounterFull { counters }
        } else {
            StallReason::Waitcnt { counters }
        };
        let end = w.head + w.nout;
        let mut h = w.head;
        while h < end && (vm > vm_max || lgkm > lgkm_max) {
            let o = w.out[h];
            h += 1;
            // it leaves the list: it completes no later than the operation this walk stops at
            w.vm_out -= o.vm as u32;
            w.lgkm_out -= o.lgkm as u32;
            // only operations on a counter still above its limit are waited for
            let needed = (vm > vm_max && o.vm > 0) || (lgkm > lgkm_max && o.lgkm > 0);
            if !needed {
                continue;
            }
            let seg = o.complete.saturating_sub(t);
            vm -= o.vm as u32;
            lgkm -= o.lgkm as u32;
            if !reason_full {
                add_waited(&mut agg.waited_for, o.idx, seg);
            }
            if S::WAITED {
                let mem_pc = self.table.pcs[o.idx as usize];
                self.sink
                    .waited(w.id, self.table.pcs[at], mem_pc, seg, reason);
                self.sink
                    .waited_level(w.id, mem_pc, MemLevel::from_u8(o.level), seg);
                self.pcs_buf.push(mem_pc);
            }
            t = t.max(o.complete);
        }
        // the rest of `retire(t)`: later operations complete by `t` too
        while h < end && w.out[h].complete <= t {
            w.vm_out -= w.out[h].vm as u32;
            w.lgkm_out -= w.out[h].lgkm as u32;
            h += 1;
        }
        w.nout = end - h;
        if w.nout == 0 {
            w.head = 0;
            w.next_done = u64::MAX;
        } else {
            w.head = h;
            w.next_done = w.out[h].complete;
        }
        let dur = t - start;
        w.clock = t;
        if reason_full {
            self.counter_full_cycles += dur;
        } else {
            agg.cycles += dur;
            agg.stalls += 1;
            agg.counters |= counters;
            self.waitcnt_stall_cycles += dur;
        }
        if S::EVENTS {
            let id = w.id;
            self.sink
                .stall(id, self.table.pcs[at], start, dur, reason, &self.pcs_buf);
        }
        dur
    }

    /// Merge the observers of all host threads into the dispatch's totals (deterministic: work-groups are
    /// scheduled in flat order whatever thread ran them).
    pub fn merge(observers: Vec<TimingObserver<S>>) -> TimingReport {
        let mut report = TimingReport::default();
        let mut table: Option<Arc<TimingTable>> = None;
        let mut groups = Vec::new();
        let mut wait: Vec<WaitStall> = Vec::new();
        let (mut wpg, mut vgprs) = (0u64, 0u64);
        let mut insts = InstCounts::default();
        let mut mem: Option<MemCounters> = None;
        for mut o in observers {
            o.close_group();
            insts.add(&o.inst_counts());
            if let Some(c) = o.mem_counters() {
                mem.get_or_insert_with(MemCounters::default).add(&c);
            }
            report.waitcnt_stall_cycles += o.waitcnt_stall_cycles;
            report.barrier_cycles += o.barrier_cycles;
            report.counter_full_cycles += o.counter_full_cycles;
            report.mfma_busy_cycles += o.mfma_busy_cycles;
            groups.extend(o.groups.iter().copied());
            wpg = wpg.max(o.waves_per_group);
            vgprs = vgprs.max(o.vgprs_per_wave);
            if wait.is_empty() {
                wait = std::mem::take(&mut o.wait);
            } else {
                for (a, b) in wait.iter_mut().zip(o.wait.iter()) {
                    a.cycles += b.cycles;
                    a.stalls += b.stalls;
                    a.counters |= b.counters;
                    for &(i, c) in &b.waited_for {
                        add_waited(&mut a.waited_for, i, c);
                    }
                }
            }
            table = Some(o.table.clone());
        }
        let Some(table) = table else {
            return report;
        };
        let m = &table.model;
        let k = m.work_groups_per_cu(wpg, vgprs, table.lds_bytes);
        report.work_groups_per_cu = k;
        groups.sort_by_key(|g| g.0);
        // work-groups actually sharing a CU: no more than the dispatch gives each CU
        let k_eff = k.min((groups.len() as u64).div_ceil(m.cu_count)).max(1);
        let slots = (m.cu_count * k) as usize;
        let mut free: BinaryHeap<Reverse<u64>> = BinaryHeap::new();
        for _ in 0..slots.min(groups.len()) {
            free.push(Reverse(0));
        }
        let mut end = 0u64;
        for &(_, crit, busy, total) in &groups {
            // the VALU+MFMA work of k_eff work-groups spread over the SIMDs, never less than this
            // work-group's busiest SIMD
            let load = busy.max((k_eff * total).div_ceil(m.simds_per_cu));
            let dur = crit.max(load);
            report.issue_conflict_cycles += dur - crit;
            report.work_group_cycles_max = report.work_group_cycles_max.max(dur);
            let Reverse(t0) = free.pop().unwrap_or(Reverse(0));
            let t1 = t0 + dur;
            end = end.max(t1);
            free.push(Reverse(t1));
        }
        report.cycles = end;
        report.work_groups = groups.len() as u64;
        if let Some(p) = &m.memory_system {
            let mc = mem.unwrap_or_default();
            report.counters = Some(Counters::new(&insts, &mc));
            report.metrics = Some(crate::observers::memsys::counters::metrics(
                &insts,
                &mc,
                p,
                &ceilings(m),
                end,
                report.work_groups.min(m.cu_count),
            ));
        }
        for (i, w) in wait.into_iter().enumerate() {
            if w.stalls == 0 {
                continue;
            }
            let mut waited: Vec<(u64, u64)> = w
                .waited_for
                .iter()
                .map(|&(j, c)| (table.pcs[j as usize], c))
                .collect();
            waited.sort_by_key(|&(pc, c)| (Reverse(c), pc));
            waited.truncate(REPORT_WAITED);
            report.waitcnt_stalls.push(PcStall {
                pc: table.pcs[i],
                cycles: w.cycles,
                stalls: w.stalls,
                counters: w.counters,
                waited_for: waited,
            });
        }
        report
            .waitcnt_stalls
            .sort_by_key(|s| (Reverse(s.cycles), s.pc));
        report
    }
}

/// The device's peak rates per CU per cycle for the roofline (MI355X published peaks at a 2.4 GHz clock: dense
/// FP16/BF16 MFMA ~2.5 PFLOP/s -> 4096 ops, FP32 vector 157 TFLOP/s -> 256 FLOPs; LDS 128 bytes per cycle). Public
/// so the TUI's live view computes its metrics with the run report's ceilings.
pub fn ceilings(m: &CycleModel) -> Ceilings {
    Ceilings {
        cus: m.cu_count,
        simds_per_cu: m.simds_per_cu,
        clock_mhz: 2400,
        mfma_ops_per_cycle_per_cu: 4096,
        valu_flops_per_cycle_per_cu: 256,
        lds_bytes_per_cycle_per_cu: 128,
    }
}

fn add_waited(v: &mut Vec<(u32, u64)>, idx: u32, c: u64) {
    if let Some(e) = v.iter_mut().find(|e| e.0 == idx) {
        e.1 += c;
    } else if v.len() < MAX_WAITED {
        v.push((idx, c));
    } else if let Some(e) = v.iter_mut().min_by_key(|e| (e.1, Reverse(e.0))) {
        // keep the instructions that cost most
        if e.1 < c {
            *e = (idx, c);
        }
    }
}

impl<S: TimingSink> crate::exec::observe::Observer for TimingObserver<S> {
    /// The memory system makes lines from the handlers' recorded lane addresses (`MemAcc::recorded`).
    #[inline]
    fn wants_lane_addrs(&self) -> bool {
        self.mem.is_some()
    }

    /// The lane addresses of a memory instruction are read before it executes (it may overwrite its address
    /// registers): its lines, or its LDS bank cycles, wait in `pending` for `after`. Every other instruction
    /// (and every instruction without a memory system) leaves at the row's flag.
    #[inline(always)]
    fn before(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        if self.rows[idx].acc.mem {
            self.before_mem(wave, idx, inst);
        }
    }

    #[inline]
    fn wave_start(&mut self, wave: &Wave) {
        let g = wave.id.work_group_flat;
        if self.group != Some(g) {
            self.close_group();
            self.group = Some(g);
            self.open_group(g, wave);
        }
        self.counted.waves += 1;
        let slot = wave.id.wave_in_group as usize;
        if self.waves.len() <= slot {
            self.waves.resize_with(slot + 1, WaveClock::new);
        }
        let simd_slot = wave.id.simd as usize % self.simd_busy.len();
        let w = &mut self.waves[slot];
        if w.started {
            // a slot started again within its work-group: keep what it had made its SIMD do
            self.simd_busy[w.simd_slot] += std::mem::take(&mut w.busy);
        }
        w.reset(wave.id.wave, simd_slot);
        self.waves_per_group = self.waves_per_group.max(slot as u64 + 1);
        self.vgprs_per_wave = self
            .vgprs_per_wave
            .max(wave.vgpr_count as u64 + wave.agpr_count as u64);
    }

    /// The common case inline (SALU, VALU, branches, `s_nop`: the wave and a VALU's SIMD are busy `cost`), the
    /// rest in [`TimingObserver::after_slow`].
    #[inline(always)]
    fn after(&mut self, wave: &Wave, idx: usize, inst: &Inst, pc: u64, flow: Flow) {
        let slot = wave.id.wave_in_group as usize;
        if slot >= self.waves.len() {
            return;
        }
        let row = &mut self.rows[idx];
        row.executed += 1;
        // the fields the fast path needs, each read from the row (a copy of the whole class went through the
        // stack and its one-byte `kind` read back from there, a store-forwarding stall on every instruction)
        if row.t.kind as u8 <= Kind::Valu as u8 && matches!(flow, Flow::Next | Flow::Jump) {
            let (busy, cost) = (row.t.busy as u64, row.t.cost as u64);
            let w = &mut self.waves[slot];
            w.busy += busy;
            let start = w.clock;
            w.clock += cost;
            self.sink.issue(w.id, pc, start, cost);
            return;
        }
        self.after_slow(wave, slot, idx, inst, pc, flow);
    }

    #[inline]
    fn barrier_release(&mut self, _work_group_flat: u32) {
        let release = self
            .waves
            .iter()
            .filter(|w| w.started && w.at_barrier)
            .map(|w| w.arrival)
            .max()
            .unwrap_or(0)
            + self.table.model.barrier_release_cycles;
        for i in 0..self.waves.len() {
            let w = &mut self.waves[i];
            if !(w.started && w.at_barrier) {
                continue;
            }
            w.at_barrier = false;
            let dur = release - w.arrival;
            let (start, id, pc) = (w.arrival, w.id, w.barrier_pc);
            w.clock = release;
            self.barrier_cycles += dur;
            self.sink
                .stall(id, pc, start, dur, StallReason::Barrier, &[]);
        }
    }
}

impl<S: TimingSink> TimingObserver<S> {
    /// `after` of every instruction but a SALU, VALU, branch or `s_nop` that falls through or jumps: waits,
    /// barriers, ends, MFMA and memory instructions (wave slot `slot` checked).
    #[inline(never)]
    fn after_slow(
        &mut self,
        wave: &Wave,
        slot: usize,
        idx: usize,
        inst: &Inst,
        pc: u64,
        flow: Flow,
    ) {
        let t = self.rows[idx].t;
        let m_issue = self.table.model.issue_cycles;
        match flow {
            Flow::Waitcnt(s) => {
                // waitcnt.md SIMM16: vmcnt [3:0] + [15:14], lgkmcnt [11:8]
                let vm = (s as u32 & 0xF) | ((s as u32 >> 14) & 3) << 4;
                let lgkm = (s as u32 >> 8) & 0xF;
                self.wait_until(slot, vm, lgkm, idx, false);
                self.issue(slot, pc, m_issue);
                return;
            }
            Flow::Sleep(n) => {
                let c = (n as u64 * self.table.model.sleep_cycles_per_unit).max(m_issue);
                self.issue(slot, pc, c);
                return;
            }
            Flow::Barrier => {
                self.issue(slot, pc, m_issue);
                let w = &mut self.waves[slot];
                w.at_barrier = true;
                w.arrival = w.clock;
                w.barrier_pc = pc;
                return;
            }
            Flow::End => {
                self.issue(slot, pc, m_issue);
                self.waves[slot].ended = true;
                return;
            }
            _ => {}
        }
        match t.kind {
            Kind::Issue | Kind::Nop => self.issue(slot, pc, t.cost as u64),
            Kind::Valu => {
                self.waves[slot].busy += t.cost as u64;
                self.issue(slot, pc, t.cost as u64);
            }
            Kind::Mfma => {
                let w = &mut self.waves[slot];
                if w.mfma_free > w.clock {
                    let (start, dur, id) = (w.clock, w.mfma_free - w.clock, w.id);
                    w.clock = w.mfma_free;
                    self.mfma_busy_cycles += dur;
                    self.sink
                        .stall(id, pc, start, dur, StallReason::MfmaBusy, &[]);
                }
                let w = &mut self.waves[slot];
                w.mfma_free = w.clock + t.lat as u64;
                w.busy += t.lat as u64;
                self.issue(slot, pc, m_issue);
            }
            Kind::Mem => {
                // a counter at its maximum holds the issue (guide §4.4: counters saturate)
                let w = &mut self.waves[slot];
                w.retire(w.clock);
                let (vm, lgkm) = w.counts();
                if (t.vm > 0 && vm + t.vm as u32 > VM_MAX)
                    || (t.lgkm > 0 && lgkm + t.lgkm as u32 > LGKM_MAX)
                    || w.nout == MAX_OUT
                {
                    let vmax = if t.vm > 0 {
                        VM_MAX - t.vm as u32
                    } else {
                        VM_MAX
                    };
                    let lmax = if t.lgkm > 0 {
                        LGKM_MAX - t.lgkm as u32
                    } else {
                        LGKM_MAX
                    };
                    self.wait_until(slot, vmax.min(MAX_OUT as u32 - 1), lmax, idx, true);
                }
                let issue = self.waves[slot].clock;
                let mut lat = t.lat as u64;
                let mut level = MemLevel::Fixed;
                if let Some(m) = self.mem.as_deref_mut() {
                    let mut pending = std::mem::replace(&mut m.pending, Pending::None);
                    let a = self.rows[idx].acc;
                    if a.recorded {
                        // GLOBAL/FLAT write no EXEC: its active lanes are those `before` would have seen
                        pending = recorded_lines(m, &mut self.counted, a, wave, inst, wave.exec());
                    }
                    if let Some(Some(st)) = m.xcds.get_mut(m.xcd) {
                        match pending {
                            Pending::Vmem(kind, bytes) => {
                                let c = st.mem.vmem_at(idx, m.cu, m.start + issue, &m.lines, kind);
                                lat = c.latency;
                                level = match (c.lines, kind) {
                                    (0, _) => MemLevel::Fixed,
                                    // a store completes when the L2 has its data
                                    (_, VmemKind::Store) => MemLevel::L2,
                                    _ => MemLevel::from_u8(MemLevel::L1 as u8 + c.level),
                                };
                                let a = MemAccess {
                                    kind: self.rows[idx].acc.kind,
                                    lines: c.lines,
                                    l1_hits: c.l1_hits,
                                    l2_hits: c.l2_hits,
                                    mall_hits: c.mall_hits,
                                    hbm_lines: c.hbm_lines,
                                    bytes,
                                    level,
                                    device_cycle: m.start + issue,
                                    ..MemAccess::default()
                                };
                                self.sink.mem_access(self.waves[slot].id, pc, &a);
                            }
                            Pending::Fixed(kind, bytes) => {
                                // counted (no line: the cost is empty); the latency stays the fixed one
                                st.mem.vmem_without_lines(kind);
                                let a = MemAccess {
                                    kind: self.rows[idx].acc.kind,
                                    bytes,
                                    level,
                                    device_cycle: m.start + issue,
                                    ..MemAccess::default()
                                };
                                self.sink.mem_access(self.waves[slot].id, pc, &a);
                            }
                            Pending::Lds(cost, bytes) => {
                                lat = self.table.model.lds_latency + st.mem.lds(cost, bytes);
                                level = MemLevel::Lds;
                                let a = MemAccess {
                                    kind: A_LDS,
                                    lds_cycles: cost.cycles,
                                    lds_conflict_cycles: cost.conflict_cycles,
                                    bytes,
                                    level,
                                    device_cycle: m.start + issue,
                                    ..MemAccess::default()
                                };
                                self.sink.mem_access(self.waves[slot].id, pc, &a);
                            }
                            Pending::Smem => {
                                let c = st.mem.smem(m.cu, m.start + issue, &m.lines);
                                lat = c.latency;
                                let a = ScalarAccess {
                                    lines: c.lines,
                                    hits: c.hits,
                                    duplicates: c.duplicates,
                                    bytes: m.scalar_bytes,
                                    miss_level: c
                                        .level
                                        .map(|l| MemLevel::from_u8(MemLevel::L1 as u8 + l as u8)),
                                };
                                self.sink.scalar_access(self.waves[slot].id, pc, &a);
                            }
                            Pending::None => {}
                        }
                    }
                }
                let w = &mut self.waves[slot];
                let mut complete = issue + lat;
                if t.queue < 3 {
                    let q = t.queue as usize;
                    complete = complete.max(w.last[q]);
                    w.last[q] = complete;
                }
                let id = w.id;
                self.sink.mem_issue(id, pc, issue, complete);
                let w = &mut self.waves[slot];
                if w.nout < MAX_OUT {
                    w.push(Outstanding {
                        complete,
                        issue,
                        idx: idx as u32,
                        vm: t.vm,
                        lgkm: t.lgkm,
                        level: level as u8,
                    });
                }
                self.issue(slot, pc, t.cost as u64);
            }
        }
    }

    /// `before` of a memory instruction, with a memory system (`Row::acc.mem`).
    #[inline(never)]
    fn before_mem(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        let a = self.rows[idx].acc;
        let Some(m) = self.mem.as_deref_mut() else {
            return;
        };
        m.pending = Pending::None;
        if a.kind == A_NONE {
            return;
        }
        if a.kind == A_SCALAR {
            m.lines.clear();
            let (addr, bytes) = scalar_address(wave, inst, a, &self.table.apertures);
            if bytes > 0 {
                let first = addr >> m.scalar_line_shift;
                let last = addr.saturating_add(bytes as u64 - 1) >> m.scalar_line_shift;
                m.lines.extend(first..=last);
                m.scalar_bytes = bytes;
                m.pending = Pending::Smem;
            }
            return;
        }
        let mask = wave.exec();
        let active = mask.count_ones() as u64;
        let ap = self.table.apertures;
        if a.kind == A_LDS {
            if mask == 0
                || !locate_lanes(
                    wave,
                    inst,
                    &m.no_mem,
                    ap,
                    mask,
                    a.bytes as usize,
                    &mut m.locs,
                )
            {
                return;
            }
            // read2/write2: ADDR + OFFSET0 x scale and ADDR + OFFSET1 x scale (locate adds the 16-bit offset)
            let imm = inst.imm as u32 & 0xFFFF;
            let mut mm = mask;
            while mm != 0 {
                let l = mm.trailing_zeros() as usize;
                mm &= mm - 1;
                let p = &mut m.pieces[l];
                let Loc::Lds(addr) = m.locs[l] else {
                    p.n = 0;
                    continue;
                };
                if a.ds2_scale > 0 {
                    let base = (addr as u32).wrapping_sub(imm);
                    let s = a.ds2_scale as u32;
                    p.addr = [
                        base.wrapping_add((imm & 0xFF) * s),
                        base.wrapping_add((imm >> 8) * s),
                    ];
                    p.bytes = [a.bytes, a.bytes];
                    p.n = 2;
                } else {
                    p.addr = [addr as u32, 0];
                    p.bytes = [a.bytes, 0];
                    p.n = 1;
                }
            }
            let per_lane = a.bytes as u32 * if a.ds2_scale > 0 { 2 } else { 1 };
            let cost = bank_cost_with(
                &m.pieces,
                mask,
                PhaseShape::for_access(per_lane, a.write),
                &mut m.dwords,
            );
            m.pending = Pending::Lds(cost, active * per_lane as u64);
            return;
        }
        // GLOBAL/FLAT accesses never come here (`MemAcc::recorded`: `after` makes their lines)
        debug_assert!(!matches!(
            inst.format,
            crate::isa::Format::Global | crate::isa::Format::Flat
        ));
        // SCRATCH: private memory has no line here (docs/memory-model.md): counted, the fixed latency, and no
        // lane addresses to find
        if inst.format == crate::isa::Format::Scratch {
            m.pending = Pending::Fixed(vmem_kind(a), active * a.bytes as u64);
            return;
        }
        m.lines.clear();
        if mask != 0 {
            let b = a.bytes as u32;
            // buffer: lane by lane, keeping the lanes in range
            if locate_lanes(
                wave,
                inst,
                &m.no_mem,
                ap,
                mask,
                a.bytes as usize,
                &mut m.locs,
            ) {
                let mut global = 0u64;
                let mut mm = mask;
                while mm != 0 {
                    let l = mm.trailing_zeros() as usize;
                    mm &= mm - 1;
                    let (x, n) = match m.locs[l] {
                        Loc::Global(x) => (x, b),
                        Loc::Partial(x, n) => (x, n as u32 * 4),
                        _ => continue,
                    };
                    m.addrs[l] = x;
                    m.sizes[l] = n;
                    global |= 1 << l;
                }
                crate::observers::memsys::cache::lane_lines(
                    &m.addrs,
                    &m.sizes,
                    global,
                    m.line_shift,
                    &mut m.lines,
                );
            }
        }
        self.vmem_request(a, active);
    }

    /// The rest of `before` for a vector memory access whose lines are in `MemState::lines`: the request's
    /// counters, the host prefetch of its cache sets (`after` costs it), and `Pending::Vmem`.
    #[inline(always)]
    fn vmem_request(&mut self, a: MemAcc, active: u64) {
        let Some(m) = self.mem.as_deref_mut() else {
            return;
        };
        let p = vmem_pending(m, &mut self.counted, a, active);
        if let Some(Some(st)) = m.xcds.get(m.xcd) {
            st.mem.prefetch(m.cu, &m.lines);
        }
        m.pending = p;
    }
}

/// A vector memory request whose lines are in `m.lines`: its counters (bytes and ideal lines asked for) and its
/// `Pending::Vmem`.
#[inline(always)]
fn vmem_pending(m: &MemState, counted: &mut InstCounts, a: MemAcc, active: u64) -> Pending {
    let requested = active * a.bytes as u64;
    counted.vmem_bytes_requested += requested;
    // lanes sharing an address need its line once: the ideal never exceeds the lines touched
    let lb = m.params.line_bytes.max(1);
    let ideal = if lb.is_power_of_two() {
        (requested + (lb - 1)) >> m.line_shift
    } else {
        requested.div_ceil(lb)
    };
    counted.vmem_lines_ideal += ideal.min(m.lines.len() as u64);
    Pending::Vmem(vmem_kind(a), requested)
}

fn vmem_kind(a: MemAcc) -> VmemKind {
    match a.kind {
        A_STORE => VmemKind::Store,
        A_ATOMIC => VmemKind::Atomic,
        _ => VmemKind::Load,
    }
}

/// A recorded access (`MemAcc::recorded`, these active lanes) in `after`: the lines of a GLOBAL/FLAT access, into
/// `m.lines`, from the addresses its handler recorded before it could overwrite its address VGPRs
/// (`Wave::lane_addrs`, which both scheduling policies ask for: `wants_lane_addrs`): a lane in a FLAT aperture
/// is LDS or scratch (no line), every other active lane a global access of the data width. `Pending::Fixed` (counted, the fixed latency) for a
/// FLAT access none of whose lanes reaches global memory. No host prefetch: the lines are costed right after.
#[inline(always)]
fn recorded_lines(
    m: &mut MemState,
    counted: &mut InstCounts,
    a: MemAcc,
    wave: &Wave,
    inst: &Inst,
    mask: u64,
) -> Pending {
    m.lines.clear();
    if mask != 0 {
        let rec = &wave.lane_addrs;
        debug_assert!(
            rec.wanted,
            "the engine asks GLOBAL/FLAT handlers for lane addresses"
        );
        debug_assert_eq!(
            rec.at, wave.instructions,
            "the handler recorded its lane addresses"
        );
        let b = a.bytes as u32;
        if let Some(h) = rec.halves {
            // the handler recorded the shape instead of the addresses (`LaneAddrs::halves`): the lines from
            // it, or from the addresses it stands for where it does not give them directly
            let summarised = mask == !0
                && crate::observers::memsys::cache::lines_of_half_runs(
                    &h,
                    b,
                    m.line_shift,
                    &mut m.lines,
                );
            if !summarised {
                crate::observers::memsys::cache::lane_lines_uniform(
                    &h.addrs(),
                    b,
                    mask,
                    m.line_shift,
                    &mut m.lines,
                );
            }
        } else if rec.aperture & mask == 0 {
            crate::observers::memsys::cache::lane_lines_uniform(
                &rec.addrs,
                b,
                mask,
                m.line_shift,
                &mut m.lines,
            );
        } else {
            let global = mask & !rec.aperture;
            let mut mm = global;
            while mm != 0 {
                let l = mm.trailing_zeros() as usize;
                mm &= mm - 1;
                m.sizes[l] = b;
            }
            crate::observers::memsys::cache::lane_lines(
                &rec.addrs,
                &m.sizes,
                global,
                m.line_shift,
                &mut m.lines,
            );
        }
    }
    let active = crate::exec::active_lanes(mask) as u64;
    // a FLAT access whose lanes all address LDS or scratch: counted, fixed latency (`Pending::Fixed`)
    if m.lines.is_empty() && inst.format == crate::isa::Format::Flat {
        return Pending::Fixed(vmem_kind(a), active * a.bytes as u64);
    }
    vmem_pending(m, counted, a, active)
}

impl<S: TimingSink> TimingObserver<S> {
    #[inline(always)]
    fn issue(&mut self, slot: usize, pc: u64, dur: u64) {
        let w = &mut self.waves[slot];
        let start = w.clock;
        w.clock += dur;
        let id = w.id;
        self.sink.issue(id, pc, start, dur);
    }
}

/// A memory operation the model still has outstanding for a wave (see [`TimingObserver::outstanding`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutstandingOp {
    /// Instruction index in `Program::insts` and its PC.
    pub idx: u32,
    pub pc: u64,
    /// Modelled issue and completion cycles (the wave's clock).
    pub issue: u64,
    pub complete: u64,
    /// What it adds to vmcnt and lgkmcnt until it completes (waitcnt.md "Increment / decrement").
    pub vmcnt: u8,
    pub lgkmcnt: u8,
}

/// Read access for a debugger that drives the observer itself (`machine::Machine`): the state of wave slot
/// `wave_in_group` of the work-group the observer is running now.
impl<S: TimingSink> TimingObserver<S> {
    /// The wave's modelled clock (cycles since its work-group started), None when the slot never started.
    pub fn wave_clock(&self, wave_in_group: usize) -> Option<u64> {
        self.waves
            .get(wave_in_group)
            .filter(|w| w.started)
            .map(|w| w.clock)
    }

    /// Memory operations not complete at the wave's clock, in issue order, into `out` (cleared first).
    pub fn outstanding(&self, wave_in_group: usize, out: &mut Vec<OutstandingOp>) {
        out.clear();
        let Some(w) = self.waves.get(wave_in_group).filter(|w| w.started) else {
            return;
        };
        for o in w.ops() {
            if o.complete > w.clock {
                out.push(OutstandingOp {
                    idx: o.idx,
                    pc: self.table.pcs[o.idx as usize],
                    issue: o.issue,
                    complete: o.complete,
                    vmcnt: o.vm,
                    lgkmcnt: o.lgkm,
                });
            }
        }
        out.sort_by_key(|o| (o.issue, o.idx));
    }
}

/// One `s_waitcnt` that stalled: totals over every wave, and the memory instructions it waited for.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PcStall {
    pub pc: u64,
    pub cycles: u64,
    pub stalls: u64,
    /// bit 0 vmcnt, bit 1 lgkmcnt.
    pub counters: u8,
    /// (memory instruction PC, stall cycles spent waiting for it), most first.
    pub waited_for: Vec<(u64, u64)>,
}

impl PcStall {
    pub fn counter_names(&self) -> &'static str {
        match self.counters {
            1 => "vmcnt",
            2 => "lgkmcnt",
            3 => "vmcnt+lgkmcnt",
            _ => "",
        }
    }
}

/// The dispatch's modelled time.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct TimingReport {
    /// Dispatch makespan over `cu_count` CUs.
    pub cycles: u64,
    /// Wave-cycles spent in `s_waitcnt` (summed over waves).
    pub waitcnt_stall_cycles: u64,
    /// Wave-cycles spent waiting at `s_barrier`.
    pub barrier_cycles: u64,
    /// Wave-cycles held because a counter was at its maximum.
    pub counter_full_cycles: u64,
    /// Wave-cycles an MFMA waited for the previous one to leave the matrix core.
    pub mfma_busy_cycles: u64,
    /// Work-group cycles added by SIMD sharing (busiest SIMD x work-groups per CU beyond the longest wave).
    pub issue_conflict_cycles: u64,
    pub work_groups: u64,
    pub work_groups_per_cu: u64,
    pub work_group_cycles_max: u64,
    /// Stalling `s_waitcnt`s, most cycles first.
    pub waitcnt_stalls: Vec<PcStall>,
    /// rocprof-compute counters of the dispatch (with the memory system; docs/memory-model.md). The run report
    /// carries them at its top level (`counters`, `metrics`), so they are not repeated under `timing`.
    #[serde(skip)]
    pub counters: Option<Counters>,
    #[serde(skip)]
    pub metrics: Option<Metrics>,
}

impl TimingReport {
    /// `timing: 322844 cycles (cdna4-cu-v1), s_waitcnt stalls 1204338688 wave-cycles, barriers 0, ...`
    pub fn summary_line(&self) -> String {
        format!(
            "timing: {} cycles ({MODEL_NAME}), {} work-groups at {} per CU; wave-cycles stalled: s_waitcnt {}, barrier {}, counter full {}, MFMA busy {}; SIMD sharing adds {} work-group cycles",
            self.cycles,
            self.work_groups,
            self.work_groups_per_cu,
            self.waitcnt_stall_cycles,
            self.barrier_cycles,
            self.counter_full_cycles,
            self.mfma_busy_cycles,
            self.issue_conflict_cycles
        )
    }

    /// `memory: L1 hit 12.5%, L2 hit 80.0%, coalescing 100.0%, LDS conflicts 0.00 cycles/inst, bound: HBM`
    pub fn memory_line(&self) -> Option<String> {
        let m = self.metrics.as_ref()?;
        let pct = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}%"));
        Some(format!(
            "memory: L1 hit {}, L2 hit {}, coalescing {}, LDS bank conflicts {} cycles/instruction, roofline bound: {}",
            pct(m.l1_hit_rate),
            pct(m.l2_hit_rate),
            pct(m.coalescing),
            m.lds_bank_conflicts_per_access
                .map_or("-".to_string(), |v| format!("{v:.2}")),
            m.roofline_bound
        ))
    }

    /// One line per stalling `s_waitcnt`, most cycles first (at most `top`), with instruction text and source
    /// line of the wait and of the memory instructions it waited for.
    /// `at(pc)` describes an instruction (the caller knows its text and source line).
    pub fn stall_lines(&self, top: usize, at: impl Fn(u64) -> String) -> Vec<String> {
        let total = self.waitcnt_stall_cycles.max(1);
        self.waitcnt_stalls
            .iter()
            .take(top)
            .map(|s| {
                let waited: Vec<String> = s
                    .waited_for
                    .iter()
                    .map(|&(pc, c)| format!("{} {:.0}%", at(pc), 100.0 * c as f64 / s.cycles.max(1) as f64))
                    .collect();
                format!(
                    "waitcnt stall: {} wave-cycles ({:.1}%) in {} stalls on {} at {}; waited for {}",
                    s.cycles,
                    100.0 * s.cycles as f64 / total as f64,
                    s.stalls,
                    s.counter_names(),
                    at(s.pc),
                    waited.join(", ")
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift64*), so the sequences repeat from run to run.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    /// `wait_until` as it was before its single walk: walk the sorted list to the operations the counters wait
    /// for (attributing each its segment), then `retire` at the new clock. Returns (stall cycles, the wave).
    fn wait_reference(
        w: &WaveClock,
        vm_max: u32,
        lgkm_max: u32,
        agg: &mut WaitStall,
        attribute: bool,
    ) -> (u64, WaveClock) {
        let mut w = w.clone();
        let start = w.clock;
        w.retire(start);
        let (mut vm, mut lgkm) = w.counts();
        if vm <= vm_max && lgkm <= lgkm_max {
            return (0, w);
        }
        let mut counters = 0u8;
        if vm > vm_max {
            counters |= 1;
        }
        if lgkm > lgkm_max {
            counters |= 2;
        }
        let mut t = start;
        let mut k = 0;
        while k < w.nout && (vm > vm_max || lgkm > lgkm_max) {
            let o = w.ops()[k];
            k += 1;
            if !((vm > vm_max && o.vm > 0) || (lgkm > lgkm_max && o.lgkm > 0)) {
                continue;
            }
            let seg = o.complete.saturating_sub(t);
            vm -= o.vm as u32;
            lgkm -= o.lgkm as u32;
            if attribute {
                add_waited(&mut agg.waited_for, o.idx, seg);
            }
            t = t.max(o.complete);
        }
        w.retire(t);
        w.clock = t;
        if attribute {
            agg.cycles += t - start;
            agg.stalls += 1;
            agg.counters |= counters;
        }
        (t - start, w)
    }

    /// The single-walk `wait_until` against `wait_reference` on random outstanding lists (in-order VM and LDS
    /// runs mixed with out-of-order SMEM, ties common, the list wrapped), random limits, both reasons: the same
    /// stall, the same list left (order, counts, next completion), the same attribution.
    #[test]
    fn wait_until_equals_wait_then_retire() {
        let n = 8;
        let model = CycleModel {
            memory_system: None,
            ..CycleModel::default()
        };
        let table = TimingTable {
            insts: vec![
                TInst {
                    kind: Kind::Issue,
                    cost: 1,
                    lat: 0,
                    busy: 0,
                    vm: 0,
                    lgkm: 0,
                    queue: 0,
                };
                n
            ],
            pcs: (0..n as u64).map(|i| 0x100 + 4 * i).collect(),
            lds_bytes: 0,
            acc: vec![MemAcc::default(); n],
            cls: vec![0; n],
            mops: vec![(0, 0); n],
            apertures: Apertures::default(),
            xcd_share: 1.0,
            waves_per_group: 1,
            model,
        };
        let mut obs = TimingObserver::new(Arc::new(table));
        obs.waves.push(WaveClock::new());
        obs.waves[0].reset(0, 0);
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let mut agg_ref: Vec<WaitStall> = vec![WaitStall::default(); n];
        let (mut waits, mut stalled) = (0, 0);
        for round in 0..20_000 {
            let r = rng.next();
            let w = &mut obs.waves[0];
            let mut last = [w.clock; 2];
            // issue a few operations, then wait
            for j in 0..(r % 6) {
                let r = rng.next();
                if w.nout == MAX_OUT {
                    break;
                }
                let q = (r % 3) as usize;
                let mut complete = w.clock + (r >> 8) % if round % 2 == 0 { 6 } else { 300 };
                if q < 2 {
                    complete = complete.max(last[q]);
                    last[q] = complete;
                }
                let (vm, lgkm) = match q {
                    0 => (1, (r >> 20) as u8 & 1),
                    1 => (0, 1),
                    _ => (0, 1 + ((r >> 21) as u8 & 1)),
                };
                w.push(Outstanding {
                    complete,
                    issue: w.clock,
                    idx: ((r >> 32) % n as u64) as u32,
                    vm,
                    lgkm,
                    level: 0,
                });
                w.clock += 1 + j;
            }
            let (vm_max, lgkm_max) = ((r >> 40) as u32 % 5, (r >> 48) as u32 % 4);
            let at = ((r >> 56) % n as u64) as usize;
            let full = r >> 63 != 0;
            let before = obs.waves[0].clone();
            let (want, w_ref) = wait_reference(&before, vm_max, lgkm_max, &mut agg_ref[at], !full);
            let got = obs.wait_until(0, vm_max, lgkm_max, at, full);
            let w = &obs.waves[0];
            assert_eq!(got, want, "round {round}");
            let key = |w: &WaveClock| {
                let ops: Vec<(u64, u64, u32, u8, u8)> = w
                    .ops()
                    .iter()
                    .map(|o| (o.complete, o.issue, o.idx, o.vm, o.lgkm))
                    .collect();
                (ops, w.counts(), w.next_done, w.clock)
            };
            assert_eq!(key(w), key(&w_ref), "round {round}");
            let a = &obs.wait[at];
            let b = &agg_ref[at];
            assert_eq!(
                (a.cycles, a.stalls, a.counters, &a.waited_for),
                (b.cycles, b.stalls, b.counters, &b.waited_for),
                "round {round}"
            );
            waits += 1;
            stalled += (got > 0) as u32;
        }
        // the rounds exercise both outcomes
        assert!(
            stalled > waits / 10 && stalled < waits,
            "{stalled} of {waits}"
        );
    }

    /// `WaveClock::push` (its in-order append and its insertion) and `retire` against the order they promise: a
    /// stable sort of the outstanding operations by (completion, instruction index), the issue order among
    /// equal keys. Completions come from a few values so ties are common; the list wraps (`head` moves on as
    /// operations retire) and mixes in-order runs with out-of-order ones, as VMEM with SMEM does.
    #[test]
    fn outstanding_order_is_a_stable_sort_by_completion_and_index() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for round in 0..200 {
            let mut w = WaveClock::new();
            w.reset(0, 0);
            // (complete, idx, issue serial) of what the model holds
            let mut reference: Vec<(u64, u32, u64)> = Vec::new();
            let mut clock = 0u64;
            let mut serial = 0u64;
            let mut last_vm = 0u64;
            for _ in 0..400 {
                let r = rng.next();
                if r % 5 == 0 || w.nout == MAX_OUT {
                    clock += r >> 60;
                    w.retire(clock);
                    reference.retain(|&(c, _, _)| c > clock);
                } else {
                    let in_order = (r >> 8) % 3 != 0;
                    let lat = (r >> 16) % if round % 2 == 0 { 4 } else { 40 };
                    let mut complete = clock + lat;
                    if in_order {
                        complete = complete.max(last_vm);
                        last_vm = complete;
                    }
                    let idx = ((r >> 32) % 6) as u32;
                    w.push(Outstanding {
                        complete,
                        issue: serial,
                        idx,
                        vm: in_order as u8,
                        lgkm: !in_order as u8,
                        level: 0,
                    });
                    reference.push((complete, idx, serial));
                    serial += 1;
                }
                let mut want = reference.clone();
                want.sort_by_key(|&(c, i, _)| (c, i));
                let got: Vec<(u64, u32, u64)> = w
                    .ops()
                    .iter()
                    .map(|o| (o.complete, o.idx, o.issue))
                    .collect();
                assert_eq!(got, want, "round {round}");
                let vm = want
                    .iter()
                    .filter(|e| w.ops().iter().any(|o| o.issue == e.2 && o.vm > 0))
                    .count();
                assert_eq!(w.counts().0 as usize, vm);
                assert_eq!(
                    w.next_done,
                    want.first().map_or(u64::MAX, |e| e.0),
                    "round {round}"
                );
            }
        }
    }
}
