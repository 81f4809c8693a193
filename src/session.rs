//! A loaded launch: manifest + code object + decoded program + prepared dispatch. What `run`, `serve` and `tui`
//! start from.

use crate::check::{check_all, OutputCheck};
use crate::code_object::CodeObject;
use crate::debug_info::DebugInfo;
use crate::engine::RunStats;
use crate::exec::{FaultKind, Program, RegionKind};
use crate::launch::{self, Dispatch, KernelAbi, RunFault, RunOptions};
use crate::manifest::Manifest;
use crate::pipeline::{RunConfig, RunResult};
use crate::report::{FaultReport, FidelitySection, RunReport};
use std::path::Path;
use std::sync::Arc;

pub struct Session {
    pub manifest: Manifest,
    pub code_object: Arc<CodeObject>,
    pub dispatch: Dispatch,
    /// The code object's DWARF source model (empty with notes when the object has none).
    pub debug_info: Option<Arc<DebugInfo>>,
}

/// What a run produced.
pub struct Outcome {
    pub stats: RunStats,
    /// Hazards and missing waits (when `RunConfig::hazards`).
    pub findings: Option<crate::observers::hazards::Findings>,
    pub fault: Option<RunFault>,
    /// Race and barrier findings (`crate::observers::races`; `None` when the checker was off).
    pub races: Option<crate::observers::races::RaceFindings>,
    pub report: RunReport,
    /// Modelled cycles, stalls and their attribution (`crate::observers::timing`; all zero without a cycle model).
    pub timing: crate::observers::timing::TimingReport,
    pub wall_seconds: f64,
}

/// Why a launch could not be prepared (all of them bad input: exit code 2). Each Display is the whole message;
/// none has a `source`, so an error chain printer never repeats the cause.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Manifest(#[from] crate::manifest::ManifestError),
    #[error("{path}: {error}")]
    CodeObject {
        path: String,
        error: crate::code_object::LoadError,
    },
    /// `message` names the file (`cannot read P: ...`, `P is a directory`).
    #[error("code object: {message}")]
    Io { path: String, message: String },
    #[error("{manifest}: {message}")]
    Argument { manifest: String, message: String },
    #[error(transparent)]
    Launch(#[from] launch::LaunchError),
}

/// How a dispatch that needed every work-group resident ran (`RunReport::co_resident`), with instruments.
pub const CO_RESIDENT_NOTE: &str = "cooperative grid barrier: every work-group ran resident at once, round robin; \
     the checkers saw that interleaving (a grid barrier orders the accesses of the waves it releases), and the \
     cycle model times each work-group on its own clock without the waits at the grid barrier";

/// The same, for a run configured with no instrument (no cycle model, no checker): `run`, `profile` and traces
/// run theirs on that schedule.
pub const CO_RESIDENT_UNINSTRUMENTED_NOTE: &str = "cooperative grid barrier: every work-group ran resident at once, \
     round robin; no cycle model or checker was configured, so this run has outputs but no cycles or findings";

impl Session {
    /// Load `MANIFEST.json` or `DIR` (meaning `DIR/case.json`) and prepare the dispatch.
    pub fn load(path: &Path, opts: &RunOptions) -> Result<Session, SessionError> {
        let manifest = Manifest::load(path)?;
        let co_path = manifest.code_object.display().to_string();
        // stat first: a regular file under the size limit, read with that bound (never /dev/zero whole)
        let bytes = crate::manifest::read_bounded(
            &manifest.code_object,
            None,
            crate::code_object::MAX_CODE_OBJECT_BYTES,
        )
        .map_err(|message| SessionError::Io {
            path: co_path.clone(),
            message,
        })?;
        // a program of several HIP translation units: the unit that defines the manifest's kernel
        let co = CodeObject::parse_for_kernel(bytes, &manifest.kernel).map_err(|e| {
            SessionError::CodeObject {
                path: co_path.clone(),
                error: e,
            }
        })?;
        let abi = crate::kernel_abi::kernel_abi(&co, &manifest.kernel).map_err(|e| {
            SessionError::CodeObject {
                path: co_path.clone(),
                error: e,
            }
        })?;
        check_scalar_types(&manifest, &co).map_err(|message| SessionError::Argument {
            manifest: manifest.path.display().to_string(),
            message,
        })?;
        let (text_addr, text) = co.text();
        let program = Program::new(text, text_addr);
        let segments = co.load_segments();
        let symbol = |name: &str| co.data_symbol(name).map(|d| (d.address, d.size));
        let dispatch = Dispatch::new(&manifest, abi, program, &segments, &symbol, opts)?;
        let debug_info = DebugInfo::from_elf(co.bytes()).ok().map(Arc::new);
        Ok(Session {
            manifest,
            code_object: Arc::new(co),
            dispatch,
            debug_info,
        })
    }

    pub fn abi(&self) -> &KernelAbi {
        &self.dispatch.abi
    }

    /// Run every work-group as `config` says (`RunConfig::default()`: what `wavescope run` runs). Buffers keep
    /// whatever the kernel wrote, also after a fault.
    pub fn run(&self, config: &RunConfig) -> Outcome {
        self.outcome_of(config, crate::pipeline::run(&self.dispatch, config))
    }

    /// The outcome (report included) of a run made by any driver of the pipeline (`run`, a traced or profiled
    /// run); what the adapter kept (`RunResult::extra`) is dropped.
    pub fn outcome_of<X>(&self, config: &RunConfig, run: RunResult<X>) -> Outcome {
        let RunResult {
            stats,
            fault,
            timing,
            hazards: findings,
            races,
            wall_seconds,
            ..
        } = run;
        let opts = &config.options;
        // Buffered printf's records are the runtime's to print when the dispatch ends.
        if let Some(sv) = &self.dispatch.services {
            sv.drain_printf_buffer(&self.dispatch.mem);
        }
        let fidelity = FidelitySection::from_counts(&self.dispatch.program, &stats.exec_counts);
        let mut report = RunReport {
            kernel: self.manifest.kernel.clone(),
            waves: stats.waves,
            wave_instructions: stats.wave_instructions,
            cycles: 0,
            waitcnt_stall_cycles: 0,
            timing_model: "none".to_string(),
            timing: None,
            counters: None,
            metrics: None,
            hazards: Vec::new(),
            missing_waits: Vec::new(),
            races: Vec::new(),
            race_mode: crate::observers::races::RaceMode::Off,
            global_races_stopped: None,
            work_groups: self.dispatch.work_group_count() as u64,
            grid: self.dispatch.grid,
            block: self.dispatch.block,
            wall_seconds,
            wave_instructions_per_second: stats.wave_instructions as f64 / wall_seconds.max(1e-9),
            jobs: opts.jobs.max(1),
            fidelity,
            checks: Vec::new(),
            passed: None,
            fault: fault.as_ref().map(|f| self.fault_report(f)),
            interrupted: None,
            printf: self
                .dispatch
                .services
                .as_ref()
                .map(|sv| crate::report::PrintfOutput::from_printed(&sv.printed())),
            co_resident: stats.co_resident.then(|| {
                if timing.is_some() || findings.is_some() || races.is_some() {
                    CO_RESIDENT_NOTE
                } else {
                    CO_RESIDENT_UNINSTRUMENTED_NOTE
                }
                .to_string()
            }),
        };
        if let Some(h) = &findings {
            report.fill_findings(h);
        }
        if let Some(t) = &timing {
            report.fill_timing(t);
        }
        if let Some(r) = &races {
            report.races = crate::observers::races::describe(self, r);
            report.race_mode = r
                .options
                .map_or(crate::observers::races::RaceMode::Off, |o| o.mode());
            report.global_races_stopped = r
                .global_stop
                .map(|g| crate::observers::races::GlobalStopReport::new(self, g));
        }
        Outcome {
            stats,
            findings,
            fault,
            races,
            report,
            timing: timing.unwrap_or_default(),
            wall_seconds,
        }
    }

    /// Compare the outputs with the manifest's expected files.
    pub fn check(&self) -> Vec<OutputCheck> {
        check_all(&self.manifest, |i| self.buffer(i))
    }

    /// The bytes of buffer argument `arg_index` now.
    pub fn buffer(&self, arg_index: usize) -> Option<Vec<u8>> {
        self.dispatch
            .mem
            .regions()
            .iter()
            .find(|r| r.kind == RegionKind::Buffer { arg_index })
            .map(|r| r.to_bytes())
    }

    /// Every buffer argument with its bytes, in argument order.
    pub fn buffers(&self) -> Vec<(usize, Vec<u8>)> {
        let mut v: Vec<(usize, Vec<u8>)> = self
            .dispatch
            .mem
            .regions()
            .iter()
            .filter_map(|r| match r.kind {
                RegionKind::Buffer { arg_index } => Some((arg_index, r.to_bytes())),
                _ => None,
            })
            .collect();
        v.sort_by_key(|(i, _)| *i);
        v
    }

    /// The instruction text at `pc` (llvm-objdump syntax), or a placeholder outside `.text`.
    pub fn inst_text(&self, pc: u64) -> String {
        let p = &self.dispatch.program;
        match p.index_of(pc) {
            Some(i) => crate::isa::disasm::inst_text(&p.insts[i], &p.words_of(i), pc),
            None => "<not an instruction>".to_string(),
        }
    }

    /// `file:line` of `pc` (innermost inline frame), when the object has a line table.
    pub fn source_line(&self, pc: u64) -> Option<String> {
        let di = self.debug_info.as_ref()?;
        let id = di.loc_id(pc);
        if id.is_none() {
            return None;
        }
        Some(di.format_loc(id))
    }

    /// One precise message for a fault: what, where (wave, work-group, lanes, PC, instruction, address).
    pub fn fault_report(&self, f: &RunFault) -> FaultReport {
        let lanes: Vec<u32> = (0..64).filter(|l| f.lanes >> l & 1 != 0).collect();
        let kind = match f.kind {
            FaultKind::Memory => "memory fault",
            FaultKind::IllegalInstruction => "illegal instruction",
            FaultKind::NotImplemented => "not implemented",
            FaultKind::Trap => "trap",
            FaultKind::BarrierDeadlock => "deadlock",
            FaultKind::InstructionLimit => "instruction limit",
        };
        let text = self.inst_text(f.pc);
        let lane_text = match lanes.len() {
            0 => String::new(),
            1 => format!(", lane {}", lanes[0]),
            n => format!(", lanes {} (+{} more)", lanes[0], n - 1),
        };
        let wg = f.wave.work_group;
        let source = self.source_line(f.pc);
        let at_source = source
            .as_ref()
            .map(|s| format!(" ({s})"))
            .unwrap_or_default();
        let message = format!(
            "{kind}: {} at pc 0x{:x} `{text}`{at_source} in wave {} (work-group {},{},{}){lane_text}",
            f.detail, f.pc, f.wave.wave, wg[0], wg[1], wg[2]
        );
        FaultReport {
            kind: kind.to_string(),
            message,
            wave: f.wave.wave as u64,
            work_group: wg,
            lanes,
            pc: format!("0x{:x}", f.pc),
            instruction: text,
            source,
            address: f.addr.map(|a| format!("0x{a:x}")),
        }
    }
}

impl Session {
    /// What about this launch a kernel author should know before trusting its results, one line each (the
    /// launch itself is valid).
    ///
    /// - A kernel compiled with `.uniform_work_group_size: 1` (HIP's default; OpenCL's with
    ///   `-cl-uniform-work-group-size`) on a grid that is not a multiple of the block in some dimension: the
    ///   compiler has assumed whole work-groups (e.g. folding `hidden_remainder_*` to 0 and the partial
    ///   work-group's size to the full one), so what the partial work-group computes is not what the source says.
    ///   A HIP launch always has whole work-groups (its grid is given in blocks).
    pub fn launch_warnings(&self) -> Vec<String> {
        let mut w = Vec::new();
        let (grid, block) = (self.manifest.grid, self.manifest.block);
        let uniform = self
            .code_object
            .kernel(&self.manifest.kernel)
            .is_ok_and(|k| k.metadata.uniform_work_group_size);
        if uniform && (0..3).any(|d| grid[d] % block[d].max(1) != 0) {
            w.push(format!(
                "warning: kernel {} was compiled for whole work-groups (.uniform_work_group_size: 1) but grid \
                 {grid:?} is not a multiple of block {block:?}: the compiler assumed full work-groups, so the \
                 partial ones may compute wrong values (make the grid a multiple of the block, as a HIP launch is)",
                self.manifest.kernel
            ));
        }
        w
    }
}

/// A scalar whose manifest dtype contradicts the parameter's source type (`.type_name` in the metadata, which
/// OpenCL kernels carry): a float given for an `int` parameter, or an integer dtype for a `float` one. The bytes
/// would be reinterpreted, not converted, so the kernel would silently see another value.
fn check_scalar_types(m: &Manifest, co: &CodeObject) -> Result<(), String> {
    let Ok(k) = co.kernel(&m.kernel) else {
        return Ok(());
    };
    let explicit = k
        .metadata
        .args
        .iter()
        .filter(|a| !a.value_kind.as_str().starts_with("hidden_"));
    for (i, (spec, meta)) in m.args.iter().zip(explicit).enumerate() {
        let crate::manifest::ArgSpec::Scalar { dtype, .. } = spec else {
            continue;
        };
        let Some(ty) = meta.type_name.as_deref() else {
            continue;
        };
        let ty = ty.trim().trim_start_matches("const ").trim();
        if ty.contains('*') || ty.contains('[') {
            continue;
        }
        let float_type = matches!(
            ty,
            "float" | "double" | "half" | "_Float16" | "__bf16" | "bfloat16"
        );
        let int_type = matches!(
            ty,
            "char"
                | "uchar"
                | "short"
                | "ushort"
                | "int"
                | "uint"
                | "long"
                | "ulong"
                | "unsigned int"
                | "unsigned char"
                | "unsigned short"
                | "unsigned long"
                | "size_t"
                | "int32_t"
                | "uint32_t"
                | "int64_t"
                | "uint64_t"
                | "bool"
        );
        let name = meta.name.clone().unwrap_or_else(|| format!("arg{i}"));
        if (float_type && !dtype.is_float()) || (int_type && dtype.is_float()) {
            return Err(format!(
                "args[{i}].dtype: {} given for parameter {name} of type {ty}",
                dtype.name()
            ));
        }
    }
    Ok(())
}

impl crate::observers::races::Described for Session {
    fn dispatch(&self) -> &Dispatch {
        &self.dispatch
    }
    fn debug_info(&self) -> Option<&crate::debug_info::DebugInfo> {
        self.debug_info.as_deref()
    }
    fn inst_text(&self, pc: u64) -> String {
        Session::inst_text(self, pc)
    }
    fn source_line(&self, pc: u64) -> Option<String> {
        Session::source_line(self, pc)
    }
}
