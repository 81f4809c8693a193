//! What the race checker costs `wavescope run` (docs/races.md, issue 18): each kernel run as `wavescope run`
//! runs it in process (`Session::run` with `RunConfig::full`: cycle model with its memory system, hazard and
//! missing-wait checkers) with the race checker off, LDS only (the default), and LDS + global (`--races`), the
//! three in turn in one process, best of N each, and the ratios to "off".
//! All three run on one host thread (`--jobs 1`: global checking needs one, and the ratios compare like with
//! like). Every run's outputs are checked against the kernel's expected files, and no run may report a race
//! (the kernels are race-free: tests/races_corpus.rs).
//!
//! `cargo bench --bench races`; options after `--`: `--n N` (runs per figure, default 1), `--example gemm|lds`
//! (repeatable; default both). Each figure is also a `RESULT kernel mode ms` line.

use std::path::PathBuf;
use std::time::Instant;
use wavescope::launch::RunOptions;
use wavescope::observers::races::RaceOptions;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

const KERNELS: [(&str, &str); 2] = [
    // 4096 waves of v_fmac loops over 1 MiB matrices: global memory only, no LDS
    ("gemm", "examples/polybench_gemm_512"),
    // Triton fp8 matmul 1024^3: LDS tiles (ds_write_b128 / ds_read_b64_tr_b8) feeding MFMA, barriers
    ("lds", "examples/triton_matmul_fp8_1024"),
];

const MODES: [(&str, RaceOptions); 3] = [
    ("off", RaceOptions::new(false, false)),
    ("lds", RaceOptions::new(true, false)),
    ("lds+global", RaceOptions::new(true, true)),
];

fn arg_values(name: &str) -> Vec<String> {
    let args: Vec<String> = std::env::args().collect();
    args.windows(2)
        .filter(|w| w[0] == name)
        .map(|w| w[1].clone())
        .collect()
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let n: usize = arg_values("--n")
        .last()
        .map_or(1, |v| v.parse().expect("--n N"));
    let want = arg_values("--example");
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    println!(
        "{:<5} {:<11} {:>12} {:>10} {:>8}",
        "kernel", "races", "wave-insts", "best ms", "x off"
    );
    for (ex, path) in KERNELS {
        if !want.is_empty() && !want.iter().any(|w| w == ex) {
            continue;
        }
        let mut off_ms = None;
        for (mode, races) in MODES {
            let config = RunConfig {
                races: Some(races),
                ..RunConfig::full(opts.clone())
            };
            let mut best = f64::INFINITY;
            let mut insts = 0;
            for _ in 0..n.max(1) {
                // a fresh dispatch per run: a kernel may update its inputs in place (gemm: C = a*A*B + b*C)
                let s = Session::load(&root.join(path), &opts).expect("load the kernel");
                let t = Instant::now();
                let o = s.run(&config);
                best = best.min(t.elapsed().as_secs_f64() * 1e3);
                insts = o.stats.wave_instructions;
                assert!(o.fault.is_none(), "{path} faulted");
                assert!(o.report.races.is_empty(), "{path}: {:?}", o.report.races);
                assert!(
                    s.check().iter().all(|c| c.passed()),
                    "{path}: output mismatch"
                );
            }
            let base = *off_ms.get_or_insert(best);
            println!(
                "{ex:<6} {mode:<11} {insts:>12} {best:>10.0} {:>7.2}x",
                best / base
            );
            println!("RESULT {ex} {mode} {best:.0}");
        }
    }
}
