//! Shared helpers: run an example with tracing, and the trace checker (`wavescope_traces::validate`: Perfetto's
//! schema from `perfetto_protos` plus trace_processor's import rules, the trace as track/slice/counter/flow tables).
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use wavescope::exec::observe::Observer;
use wavescope::exec::Wave;
use wavescope::isa::Inst;
use wavescope_traces::validate::{self, Slice, Trace};

/// Check a trace file; its tables (the test fails with every problem found).
pub fn validate(trace: &Path) -> Trace {
    match validate::read_file(trace) {
        Ok(t) => t,
        Err(problems) => {
            let lines: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
            panic!(
                "{} is not a valid trace:\n{}",
                trace.display(),
                lines.join("\n")
            )
        }
    }
}

/// Slices (not instants) with a positive duration, as `dur > 0` selects them.
pub fn timed(t: &Trace) -> impl Iterator<Item = &Slice> {
    t.slices.iter().filter(|s| s.dur > 0)
}

/// The `wave N ...` tracks, by uuid.
pub fn wave_tracks(t: &Trace) -> Vec<u64> {
    t.tracks
        .values()
        .filter(|x| x.name.starts_with("wave ") && x.name.contains(" SIMD "))
        .map(|x| x.uuid)
        .collect()
}

/// Counts what the executor ran, independently of the trace code.
#[derive(Default)]
pub struct Count {
    pub per_wave: HashMap<u32, u64>,
    pub per_wave_pc: HashMap<(u32, u64), u64>,
    /// Executed memory instructions by mnemonic family (waitcnt.md counters: VMEM, LDS, SMEM, messages).
    pub mem: u64,
}

impl Observer for Count {
    fn before(&mut self, wave: &Wave, _idx: usize, inst: &Inst) {
        *self.per_wave.entry(wave.id.wave).or_default() += 1;
        *self.per_wave_pc.entry((wave.id.wave, wave.pc)).or_default() += 1;
        let n = inst.name();
        let families = [
            "global_",
            "buffer_",
            "flat_",
            "scratch_",
            "ds_",
            "s_load_",
            "s_buffer_load_",
            "s_store_",
            "s_buffer_store_",
        ];
        if families.iter().any(|f| n.starts_with(f)) || n == "s_sendmsg" {
            self.mem += 1;
        }
    }
}

pub fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name)
}

pub fn tmp(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

/// The instruction text at `pc` in an llvm-objdump listing (`kernel.objdump.txt`).
pub fn objdump_text(listing: &Path, pc: u64) -> String {
    let text = std::fs::read_to_string(listing).expect("listing");
    let key = format!("// {pc:012X}:");
    let line = text
        .lines()
        .find(|l| l.contains(&key))
        .unwrap_or_else(|| panic!("0x{pc:x} not in {}", listing.display()));
    line.split("//").next().unwrap_or("").trim().to_string()
}
