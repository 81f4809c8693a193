//! The run report (`--report FILE.json`, keys per docs/manifest.md) and the one-screen
//! human summary.

use crate::check::OutputCheck;
use crate::exec::fidelity::{classify, Fidelity};
use crate::exec::Program;
use crate::isa::Op;
use serde::Serialize;
use std::collections::BTreeMap;

// What the checkers find is theirs (`crate::observers::hazards`); the report shows it.
pub use crate::observers::hazards::{HazardFinding, MissingWait};

/// One executed opcode in the fidelity table.
#[derive(Clone, Debug, Serialize)]
pub struct FidelityEntry {
    pub opcode: String,
    pub executions: u64,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub bound: String,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct FidelitySection {
    pub exact: Vec<FidelityEntry>,
    pub approximate: Vec<FidelityEntry>,
    pub unsupported: Vec<FidelityEntry>,
    /// Wave-instructions per class.
    pub exact_executions: u64,
    pub approximate_executions: u64,
    pub unsupported_executions: u64,
}

impl FidelitySection {
    /// Class every executed opcode, from per-instruction execution counts.
    pub fn from_counts(program: &Program, counts: &[u64]) -> FidelitySection {
        let mut by_op: BTreeMap<Op, u64> = BTreeMap::new();
        for (i, &c) in counts.iter().enumerate() {
            if c > 0 {
                *by_op.entry(program.insts[i].op).or_default() += c;
            }
        }
        let mut f = FidelitySection::default();
        for (op, n) in by_op {
            let (class, bound) = classify(op);
            let e = FidelityEntry {
                opcode: op.name().to_string(),
                executions: n,
                bound: bound.to_string(),
            };
            match class {
                Fidelity::Exact => {
                    f.exact_executions += n;
                    f.exact.push(e)
                }
                Fidelity::Approximate => {
                    f.approximate_executions += n;
                    f.approximate.push(e)
                }
                Fidelity::Unsupported => {
                    f.unsupported_executions += n;
                    f.unsupported.push(e)
                }
            }
        }
        f
    }

    /// `fidelity: 41 opcodes exact (99.2% of wave-instructions), 2 approximate (v_exp_f32, v_rcp_f32), 0 unsupported`
    pub fn one_line(&self) -> String {
        let total =
            (self.exact_executions + self.approximate_executions + self.unsupported_executions)
                .max(1);
        let names = |v: &[FidelityEntry]| {
            if v.is_empty() {
                String::new()
            } else {
                let mut s: Vec<&str> = v.iter().take(4).map(|e| e.opcode.as_str()).collect();
                if v.len() > 4 {
                    s.push("...");
                }
                format!(" ({})", s.join(", "))
            }
        };
        format!(
            "fidelity: {} opcodes exact ({:.1}% of wave-instructions), {} approximate{}, {} unsupported{}",
            self.exact.len(),
            100.0 * self.exact_executions as f64 / total as f64,
            self.approximate.len(),
            names(&self.approximate),
            self.unsupported.len(),
            names(&self.unsupported)
        )
    }
}

/// A fault in the report.
#[derive(Clone, Debug, Serialize)]
pub struct FaultReport {
    pub kind: String,
    pub message: String,
    pub wave: u64,
    pub work_group: [u32; 3],
    pub lanes: Vec<u32>,
    pub pc: String,
    pub instruction: String,
    pub source: Option<String>,
    pub address: Option<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct RunReport {
    pub kernel: String,
    pub waves: u64,
    pub wave_instructions: u64,
    /// Modelled cycles from the first issue to the last wave's end (`timing_model`, src/observers/timing/cdna4.toml).
    pub cycles: u64,
    pub waitcnt_stall_cycles: u64,
    /// Which timing model produced `cycles`.
    pub timing_model: String,
    /// The cycle model's totals and per-PC s_waitcnt stall attribution (counter, waited-for memory PCs).
    pub timing: Option<crate::observers::timing::TimingReport>,
    /// rocprof-compute counters of the dispatch and derived metrics from the memory-system model
    /// (docs/memory-model.md); absent when the model file turns the memory system off.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters: Option<crate::observers::memsys::counters::Counters>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metrics: Option<crate::observers::memsys::counters::Metrics>,
    pub hazards: Vec<HazardFinding>,
    pub missing_waits: Vec<MissingWait>,
    /// Race and barrier findings (`crate::observers::races`, docs/races.md).
    pub races: Vec<crate::observers::races::RaceFinding>,
    /// Which race check ran (`off`, `lds-only`, `default-small`, `full`): whether no finding covered global memory.
    pub race_mode: crate::observers::races::RaceMode,
    /// The default's global check ran out of its budget here (`default-small`; docs/races.md "Defaults").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub global_races_stopped: Option<crate::observers::races::GlobalStopReport>,
    pub work_groups: u64,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub wall_seconds: f64,
    pub wave_instructions_per_second: f64,
    pub jobs: usize,
    pub fidelity: FidelitySection,
    pub checks: Vec<OutputCheck>,
    pub passed: Option<bool>,
    pub fault: Option<FaultReport>,
    /// The run was stopped (Ctrl-C): where each wave that had not ended stood, one line each.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<Vec<String>>,
    /// What the kernel printed (device printf, assert messages; `services`), one entry per completed printf in
    /// the order they completed; absent when the kernel takes no hostcall buffer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub printf: Option<Vec<PrintfOutput>>,
    /// Present when the dispatch ran with every work-group resident (a cooperative launch whose kernel has a
    /// grid barrier, `RunStats::co_resident`): what that run left out, in a sentence. Absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub co_resident: Option<String>,
}

/// One device printf: which stream and the text (invalid UTF-8 replaced).
#[derive(Clone, Debug, Serialize)]
pub struct PrintfOutput {
    pub stream: &'static str,
    pub text: String,
}

impl PrintfOutput {
    pub fn from_printed(p: &[crate::services::Printed]) -> Vec<PrintfOutput> {
        p.iter()
            .map(|p| PrintfOutput {
                stream: match p.stream {
                    crate::services::Stream::Stdout => "stdout",
                    crate::services::Stream::Stderr => "stderr",
                },
                text: String::from_utf8_lossy(&p.text).into_owned(),
            })
            .collect()
    }
}

impl RunReport {
    /// Fill the run report's timing keys from the cycle model's result.
    pub fn fill_timing(&mut self, t: &crate::observers::timing::TimingReport) {
        self.cycles = t.cycles;
        self.waitcnt_stall_cycles = t.waitcnt_stall_cycles;
        self.timing_model = crate::observers::timing::MODEL_NAME.to_string();
        self.counters = t.counters.clone();
        self.metrics = t.metrics.clone();
        self.timing = Some(t.clone());
    }
}

impl RunReport {
    /// Put the checkers' findings into the report's `hazards` and `missing_waits`.
    pub fn fill_findings(&mut self, f: &crate::observers::hazards::Findings) {
        self.hazards = f.hazards.clone();
        self.missing_waits = f.missing_waits.clone();
    }
}
