//! Engine speed on a GEMM and an LDS-heavy kernel, in wave-instructions per second and wall milliseconds (the
//! best of N runs), for what each front door costs:
//! - `interp`: `wavescope::engine::run` with nothing attached (the interpreter alone);
//! - `run`: `Session::run`, what `wavescope run` does in-process: cycle model with the memory system, hazard and
//!   missing-wait checkers, LDS race checker;
//! - `run-nomem`: the same with the cycle model's memory system off (`CycleModel::memory_system = None`, what `[memory_system] enabled = false` gives), so
//!   `run / run-nomem` is what the memory system costs (issue 17);
//! - `cli`: `wavescope run DIR --jobs J` as a subprocess (start-up, loading and the report included), when the
//!   binary is there: `WAVESCOPE_BIN`, else `target/release/wavescope` (`cargo build --release -p wavescope-cli`).
//!
//! Every in-process run's output is checked against the example's expected files.
//! `cargo bench --bench engine` runs all; options after `--`: `--n N` (runs per figure, default 3), `--jobs J`
//! (host threads, default 1: the machines are shared), `--example gemm|lds`, `--mode interp|run|run-nomem|cli`
//! (repeatable; default all). Each figure is also printed as a `RESULT example mode wave_instructions ms` line
//! that `tools/bench_engine_pair.sh` reads to compare two builds run in turn.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use wavescope::launch::RunOptions;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

const EXAMPLES: [(&str, &str); 2] = [
    // 4096 waves of v_fmac loops over 1 MiB matrices: the global-memory GEMM
    ("gemm", "polybench_gemm_512"),
    // Triton fp8 matmul 1024^3: LDS tiles (ds_write_b128 / ds_read_b64) feeding MFMA, barriers
    ("lds", "triton_matmul_fp8_1024"),
];

const MODES: [&str; 4] = ["interp", "run", "run-nomem", "cli"];

fn arg_values(name: &str) -> Vec<String> {
    let args: Vec<String> = std::env::args().collect();
    args.windows(2)
        .filter(|w| w[0] == name)
        .map(|w| w[1].clone())
        .collect()
}

fn wavescope_bin(root: &Path) -> PathBuf {
    std::env::var_os("WAVESCOPE_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/release/wavescope"))
}

/// One timed run: (wave-instructions, seconds).
fn run_once(mode: &str, dir: &Path, jobs: usize, bin: &Path) -> (u64, f64) {
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    if mode == "cli" {
        let report_path = std::env::temp_dir().join(format!(
            "wavescope-bench-engine-{}.json",
            std::process::id()
        ));
        let t = Instant::now();
        let out = Command::new(bin)
            .arg("run")
            .arg(dir)
            .args(["--jobs", &jobs.to_string(), "--report"])
            .arg(&report_path)
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", bin.display()));
        let dt = t.elapsed().as_secs_f64();
        assert!(
            out.status.success(),
            "wavescope run {}: {}\n{}",
            dir.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read(&report_path).expect("wavescope run --report wrote its report");
        let _ = std::fs::remove_file(&report_path);
        let report: serde_json::Value = serde_json::from_slice(&text).expect("the report is JSON");
        let insts = report["wave_instructions"]
            .as_u64()
            .expect("wave_instructions");
        return (insts, dt);
    }
    let s = Session::load(dir, &opts).expect("load the example");
    let t = Instant::now();
    let (insts, faulted) = match mode {
        "interp" => {
            let (stats, fault) = wavescope::engine::run(&s.dispatch, &opts);
            (stats.wave_instructions, fault.is_some())
        }
        // what `wavescope run` runs in process: cycle model (memory system on), hazards, LDS races
        "run" => {
            let o = s.run(&RunConfig::full(opts.clone()));
            (o.stats.wave_instructions, o.fault.is_some())
        }
        _ => {
            let config = RunConfig {
                cycle_model: Some(wavescope::observers::timing::CycleModel {
                    memory_system: None,
                    ..wavescope::observers::timing::CycleModel::default()
                }),
                ..RunConfig::full(opts.clone())
            };
            let o = s.run(&config);
            (o.stats.wave_instructions, o.fault.is_some())
        }
    };
    let dt = t.elapsed().as_secs_f64();
    assert!(!faulted, "{} faulted", dir.display());
    assert!(
        s.check().iter().all(|c| c.passed()),
        "{}: output mismatch",
        dir.display()
    );
    (insts, dt)
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let n: usize = arg_values("--n")
        .last()
        .map_or(3, |v| v.parse().expect("--n N"));
    let jobs: usize = arg_values("--jobs")
        .last()
        .map_or(1, |v| v.parse().expect("--jobs J"));
    let want_ex = arg_values("--example");
    let want_mode = arg_values("--mode");
    let bin = wavescope_bin(&root);
    println!(
        "{:<6} {:<10} {:>12} {:>10} {:>14} {:>9}",
        "kernel", "mode", "wave-insts", "best ms", "M wave-inst/s", "x interp"
    );
    for (ex, name) in EXAMPLES {
        if !want_ex.is_empty() && !want_ex.iter().any(|w| w == ex) {
            continue;
        }
        let dir = root.join("examples").join(name);
        let mut interp_ms = None;
        let mut run_ms = None;
        for mode in MODES {
            if !want_mode.is_empty() && !want_mode.iter().any(|w| w == mode) {
                continue;
            }
            if mode == "cli" && !bin.exists() {
                println!("{ex:<6} {mode:<10} skipped: no {}", bin.display());
                continue;
            }
            let mut best = f64::MAX;
            let mut insts = 0;
            for _ in 0..n.max(1) {
                let (i, dt) = run_once(mode, &dir, jobs, &bin);
                insts = i;
                best = best.min(dt);
            }
            let ms = best * 1e3;
            match mode {
                "interp" => interp_ms = Some(ms),
                "run" => run_ms = Some(ms),
                _ => {}
            }
            let rel = interp_ms.map_or(String::new(), |b| format!("{:.2}", ms / b));
            println!(
                "{ex:<6} {mode:<10} {insts:>12} {ms:>10.1} {:>14.2} {rel:>9}",
                insts as f64 / best / 1e6
            );
            if mode == "run-nomem" {
                if let Some(r) = run_ms {
                    println!(
                        "{ex:<6} memory system on/off: {:.2}x wall (run / run-nomem)",
                        r / ms
                    );
                }
            }
            println!("RESULT {ex} {mode} {insts} {ms:.3}");
        }
    }
}
