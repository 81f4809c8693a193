//! Shared helpers: run an example with tracing, and the offline validator
//! (/work/shared/tools/validate_pftrace.py: Perfetto's own schema from the `perfetto` wheel plus
//! trace_processor's import rules, results as SQL tables).
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use wavescope::exec::observe::Observer;
use wavescope::exec::Wave;
use wavescope::isa::Inst;

pub const VALIDATOR: &str = "/work/shared/tools/validate_pftrace.py";

pub fn validator() -> PathBuf {
    std::env::var_os("WAVESCOPE_VALIDATE_PFTRACE")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(VALIDATOR))
}

/// Whether python3 can import Perfetto's schema; prints why not (tests then skip).
pub fn have_validator() -> bool {
    let ok = Command::new("python3")
        .args([
            "-c",
            "from perfetto.protos.perfetto.trace import perfetto_trace_pb2; import google.protobuf",
        ])
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !ok {
        eprintln!(
            "SKIP: python3 cannot import the perfetto package; `pip install perfetto protobuf` to validate traces"
        );
    }
    ok
}

/// Run the validator with single-row queries; returns each query's row (column values as text).
pub fn validate(trace: &Path, queries: &[&str]) -> Vec<Vec<String>> {
    let v = validator();
    assert!(v.exists(), "validator {} is missing", v.display());
    let mut cmd = Command::new("python3");
    cmd.arg(&v).arg(trace);
    for q in queries {
        cmd.arg("--sql").arg(q);
    }
    let out = cmd.output().expect("run python3");
    let stdout = String::from_utf8_lossy(&out.stdout).to_string();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        out.status.success() && stdout.contains("OK: no errors"),
        "validator failed on {}:\n{stdout}\n{stderr}",
        trace.display()
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("packets="), "{stdout}");
    (0..queries.len())
        .map(|i| {
            let row = lines
                .get(2 + 2 * i)
                .unwrap_or_else(|| panic!("no row for {}:\n{stdout}", queries[i]));
            row.split(" | ").map(|s| s.to_string()).collect()
        })
        .collect()
}

/// One value of a one-column row.
pub fn one(rows: &[Vec<String>], i: usize) -> String {
    rows[i][0].clone()
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
