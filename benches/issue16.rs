//! Every speed figure of issue 16 in one run, one table (`cargo bench --bench issue16`; `-- --quick`: one run
//! per figure instead of the best of three). Each end-to-end row runs an example and checks its output buffers
//! against the example's numpy-made expected files (`Session::check`); the bench stops on a mismatch or fault.
//!
//! - gemm 512 (PolyBench, 29.5 M wave-instructions), in M wave-instructions/s: the interpreter alone, the cycle
//!   model alone (memory system on, checkers off), the CLI configuration in process (`RunConfig::full`: cycle
//!   model + memory system + hazard, missing-wait and LDS race checkers) on 1 host thread and on all cores
//!   (`--jobs N`), and `wavescope run` vs `wavescope run --trace` as subprocesses (the traced/untraced ratio);
//! - the MFMA GEMM examples in G MAC/s (interpreter; MACs counted from the MFMAs executed: M x N x K x blocks
//!   each), with the Triton 1024^3 FP8 GEMM's seconds per dispatch next to rocJITsu's published 4.21 s, and the
//!   bf16 / f16 1024^3 GEMMs of the same kernel (`cargo bench --bench mfma -- gemm` gives the three with thread
//!   CPU time);
//! - a VALU microkernel: each f32 VALU form (VOP2, VOP3 FMA, packed VOP3P) in ns per wave-instruction on 64
//!   active lanes, every lane's result checked against host f32 arithmetic, and its cost relative to v_fma_f32;
//! - a load/store kernel (triton_vector_add: two dword loads, an add, a store per element) in ns per
//!   wave-instruction.
//!
//! Machines are shared: compare ratios within one run.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;
use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, GlobalMemory, Wave, WaveId, LANES};
use wavescope::isa::{Format, Inst, Op, Operand};
use wavescope::launch::RunOptions;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

/// rocJITsu's published time for a 1024^3 FP8 Triton GEMM on one host thread (the anchor).
const ROCJITSU_FP8_1024_SECONDS: f64 = 4.21;

const MFMA_EXAMPLES: &[&str] = &[
    "mfma_bf16_16x16",
    "mfma_fp8_16x16x32",
    "mfma_f8f6f4_scale_16x16x128",
    "mfma_f8f6f4_fp6_bf8_16x16x128",
    "labnotes_mfma_f16_32x32x8",
    "labnotes_mfma_f64_16x16x4",
    "triton_matmul_f16",
    "triton_matmul_fp8",
    "triton_matmul_fp8_1024",
    "triton_matmul_bf16_1024",
    "triton_matmul_f16_1024",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A VALU form of the microkernel: name, opcode, encoding, sources, packed, the host arithmetic it must equal.
type ValuForm = (
    &'static str,
    Op,
    Format,
    usize,
    bool,
    fn(f32, f32, f32) -> f32,
);

/// What one end-to-end configuration runs.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Interp,
    CycleModel,
    Full,
}

/// Best of `n` runs of `dir` under `mode` on `jobs` host threads: (wave-instructions, MACs, seconds). Output and
/// fault checked after every run.
fn run_example(dir: &Path, mode: Mode, jobs: usize, n: usize) -> (u64, u64, f64) {
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let mut best = f64::MAX;
    let (mut insts, mut macs) = (0, 0);
    for _ in 0..n {
        let s = Session::load(dir, &opts).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let t = Instant::now();
        let (stats, faulted) = match mode {
            Mode::Interp => {
                let (stats, fault) = wavescope::engine::run(&s.dispatch, &opts);
                (stats, fault.is_some())
            }
            Mode::CycleModel => {
                let config = RunConfig {
                    hazards: false,
                    races: None,
                    ..RunConfig::full(opts.clone())
                };
                let o = s.run(&config);
                (o.stats, o.fault.is_some())
            }
            Mode::Full => {
                let o = s.run(&RunConfig::full(opts.clone()));
                (o.stats, o.fault.is_some())
            }
        };
        let dt = t.elapsed().as_secs_f64();
        assert!(!faulted, "{} faulted", dir.display());
        let checks = s.check();
        assert!(!checks.is_empty(), "{}: no expected output", dir.display());
        assert!(
            checks.iter().all(|c| c.passed()),
            "{}: output differs from the numpy reference",
            dir.display()
        );
        insts = stats.wave_instructions;
        macs = stats
            .exec_counts
            .iter()
            .zip(&s.dispatch.program.insts)
            .map(|(&c, i)| {
                semantics::mai::layout::shape(i.op)
                    .map_or(0, |sh| c * (sh.m * sh.n * sh.k * sh.blocks) as u64)
            })
            .sum();
        best = best.min(dt);
    }
    (insts, macs, best)
}

/// CPU seconds (user + system) of this process's waited-for children so far (/proc/self/stat cutime and
/// cstime, 100 ticks per second; 0 where there is no /proc): every thread of a `wavescope` subprocess.
fn children_cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // fields after the parenthesized command name: state is field 3, cutime 16, cstime 17
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let f: Vec<u64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0))
        .collect();
    (f.get(13).copied().unwrap_or(0) + f.get(14).copied().unwrap_or(0)) as f64 / 100.0
}

/// A `wavescope run` subprocess's figures: wave-instructions (from its report), best wall and CPU seconds (all its
/// threads), and the largest peak resident memory seen (MiB; 0 where there is no /proc).
struct CliRun {
    insts: u64,
    wall: f64,
    cpu: f64,
    peak_mib: u64,
}

/// The peak resident memory of process `pid` so far (/proc/PID/status VmHWM, KiB).
fn peak_kib(pid: u32) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Best of `n` runs of `wavescope run DIR --jobs 1 [extra]` (`jobs` None: the CLI's default, the cores available;
/// the report's wave-instructions checked). The peak memory is sampled every millisecond while the run lasts (VmHWM
/// only grows, so the last sample is within a millisecond of the end; the wall time is late by as much).
fn run_cli(bin: &Path, dir: &Path, jobs: Option<usize>, extra: &[&str], n: usize) -> CliRun {
    let tmp = std::env::temp_dir();
    let report = tmp.join(format!("wavescope-issue16-{}.json", std::process::id()));
    let err_path = tmp.join(format!("wavescope-issue16-{}.err", std::process::id()));
    let mut best = f64::MAX;
    let mut best_cpu = f64::MAX;
    let mut insts = 0;
    let mut peak = 0;
    for _ in 0..n {
        let t = Instant::now();
        let cpu = children_cpu_seconds();
        let mut cmd = Command::new(bin);
        cmd.arg("run").arg(dir);
        if let Some(j) = jobs {
            cmd.args(["--jobs", &j.to_string()]);
        }
        let err = std::fs::File::create(&err_path).expect("a temporary file");
        let mut child = cmd
            .args(["--check", "--report"])
            .arg(&report)
            .args(extra)
            .stdout(std::process::Stdio::null())
            .stderr(err)
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", bin.display()));
        let status = loop {
            if let Some(st) = child.try_wait().expect("the run's status") {
                break st;
            }
            peak = peak.max(peak_kib(child.id()).unwrap_or(0));
            std::thread::sleep(std::time::Duration::from_millis(1));
        };
        let dt = t.elapsed().as_secs_f64();
        best_cpu = best_cpu.min(children_cpu_seconds() - cpu);
        assert!(
            status.success(),
            "wavescope run {} {extra:?}: {status}\n{}",
            dir.display(),
            std::fs::read_to_string(&err_path).unwrap_or_default()
        );
        let v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&report).expect("the report")).expect("JSON");
        insts = v["wave_instructions"].as_u64().expect("wave_instructions");
        best = best.min(dt);
    }
    let _ = std::fs::remove_file(&report);
    let _ = std::fs::remove_file(&err_path);
    CliRun {
        insts,
        wall: best,
        cpu: best_cpu,
        peak_mib: peak >> 10,
    }
}

/// One VALU form on 64 active lanes: ns per wave-instruction, after checking every lane against `want`.
fn valu(
    op: Op,
    format: Format,
    srcs: usize,
    packed: bool,
    reps: usize,
    want: impl Fn(f32, f32, f32) -> f32,
) -> f64 {
    let mut w = Wave::new(WaveId::default());
    w.set_exec(u64::MAX);
    // round to nearest even, denormals kept (the kernel default MODE)
    w.mode = 0x3F0;
    for r in 0..12 {
        for l in 0..LANES {
            w.vreg[r][l] = (1.0f32 + (r * 64 + l) as f32 / 4096.0).to_bits();
        }
    }
    let mut inst = Inst::INVALID;
    inst.op = op;
    inst.format = format;
    inst.size = if format == Format::Vop2 { 4 } else { 8 };
    inst.dst = Operand::vgpr(20);
    inst.src = [Operand::vgpr(0), Operand::vgpr(4), Operand::vgpr(8)];
    if packed {
        inst.mods.op_sel_hi = 7;
    }
    let h = semantics::handler(&inst);
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 0];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    // the check: one execution from fresh sources, every lane (both halves when packed)
    h(&mut w, &inst, &mut ctx).expect("VALU op");
    let halves = if packed { 2 } else { 1 };
    for half in 0..halves {
        for l in 0..LANES {
            let f = |r: usize| f32::from_bits(w.vreg[r + half][l]);
            let c = if srcs == 3 { f(8) } else { 0.0 };
            let got = w.vreg[20 + half][l];
            let exp = want(f(0), f(4), c).to_bits();
            assert_eq!(got, exp, "{} lane {l} half {half}", op.info().name);
        }
    }
    // the fastest of many short chunks: a chunk the host descheduled (shared machine) does not count
    let mut best = f64::MAX;
    for _ in 0..reps / CHUNK {
        let t = Instant::now();
        for _ in 0..CHUNK {
            h(&mut w, &inst, &mut ctx).expect("VALU op");
        }
        best = best.min(t.elapsed().as_secs_f64() / CHUNK as f64 * 1e9);
    }
    best
}

/// Repetitions timed together in the microkernels (~20-100 us).
const CHUNK: usize = 1000;

fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let n = if quick { 1 } else { 3 };
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    let ex = |name: &str| root().join("examples").join(name);
    let bin = std::env::var_os("WAVESCOPE_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/release/wavescope"));

    println!("issue 16 speed table (best of {n}; ratios within this run are what count)");
    println!("{:<58} {:>14} {:>10}  note", "what", "figure", "ms");
    // `--valu`: the VALU microkernel rows only (quick to pair two builds, and to profile).
    if std::env::args().any(|a| a == "--valu") {
        valu_rows(if quick { 50_000 } else { 300_000 });
        if std::env::var_os("WAVESCOPE_VALU_ONLY").is_none() {
            valu_int_rows(if quick { 50_000 } else { 300_000 });
        }
        return;
    }
    // `--vmem`: the load microkernel rows only (the address VALU, the load, and the two back to back).
    if std::env::args().any(|a| a == "--vmem") {
        let reps = if quick { 50_000 } else { 300_000 };
        println!(
            "{:<58} {:>14}",
            "load microkernel: global_load_dword, 64 lanes coalesced",
            format!("{:.1} ns/inst", load(reps))
        );
        address_then_load(reps);
        return;
    }
    let gemm = ex("polybench_gemm_512");
    let (insts, _, t_interp) = run_example(&gemm, Mode::Interp, 1, n);
    let rate = |t: f64| insts as f64 / t / 1e6;
    let row = |what: &str, fig: String, t: f64, note: String| {
        println!("{what:<58} {fig:>14} {:>10.1}  {note}", t * 1e3);
    };
    // `--interp`: the interpreter row only (to pair two builds, and to profile the interpreter alone)
    if std::env::args().any(|a| a == "--interp") {
        row(
            "gemm 512: interpreter, 1 job",
            format!("{:.1} M/s", rate(t_interp)),
            t_interp,
            format!("{insts} wave-instructions"),
        );
        return;
    }
    // `--gemm`: the two in-process gemm 512 rows only, interpreter and CLI configuration (to pair two builds, and
    // to profile)
    if std::env::args().any(|a| a == "--gemm") {
        row(
            "gemm 512: interpreter, 1 job",
            format!("{:.1} M/s", rate(t_interp)),
            t_interp,
            format!("{insts} wave-instructions"),
        );
        let (_, _, t_full) = run_example(&gemm, Mode::Full, 1, n);
        row(
            "gemm 512: CLI configuration (model + all checkers), 1 job",
            format!("{:.1} M/s", rate(t_full)),
            t_full,
            format!("{:.2}x interpreter", t_full / t_interp),
        );
        return;
    }
    row(
        "gemm 512: interpreter, 1 job",
        format!("{:.1} M/s", rate(t_interp)),
        t_interp,
        format!("{insts} wave-instructions"),
    );
    let (_, _, t_model) = run_example(&gemm, Mode::CycleModel, 1, n);
    row(
        "gemm 512: cycle model + memory system, 1 job",
        format!("{:.1} M/s", rate(t_model)),
        t_model,
        format!("{:.2}x interpreter", t_model / t_interp),
    );
    let (_, _, t_full) = run_example(&gemm, Mode::Full, 1, n);
    row(
        "gemm 512: CLI configuration (model + all checkers), 1 job",
        format!("{:.1} M/s", rate(t_full)),
        t_full,
        format!("{:.2}x interpreter; goal 50 M/s", t_full / t_interp),
    );
    let (_, _, t_jobs) = run_example(&gemm, Mode::Full, cores, n);
    row(
        &format!("gemm 512: CLI configuration, --jobs {cores}"),
        format!("{:.1} M/s", rate(t_jobs)),
        t_jobs,
        format!("{:.2}x the 1-job run", t_full / t_jobs),
    );
    if bin.exists() {
        let cli = run_cli(&bin, &gemm, Some(1), &[], n);
        let (t_cli, cpu_cli) = (cli.wall, cli.cpu);
        assert_eq!(
            cli.insts, insts,
            "the CLI ran a different instruction count"
        );
        let trace =
            std::env::temp_dir().join(format!("wavescope-issue16-{}.pftrace", std::process::id()));
        let trace_arg = trace.to_str().expect("a UTF-8 temp path");
        row(
            "gemm 512: `wavescope run --jobs 1` (subprocess)",
            format!("{:.1} M/s", rate(t_cli)),
            t_cli,
            String::new(),
        );
        // the default (standard) layout, then `--trace-layout compact` (docs/tracing.md)
        for (what, extra) in [
            ("--trace", &[][..]),
            (
                "--trace --trace-layout compact",
                &["--trace-layout", "compact"][..],
            ),
        ] {
            let mut args = vec!["--trace", trace_arg];
            args.extend_from_slice(extra);
            let traced = run_cli(&bin, &gemm, Some(1), &args, n);
            let (t_traced, cpu_traced) = (traced.wall, traced.cpu);
            let bytes = std::fs::metadata(&trace).map_or(0, |m| m.len());
            let _ = std::fs::remove_file(&trace);
            row(
                &format!("gemm 512: `wavescope run --jobs 1 {what}`"),
                format!("{:.1} M/s", rate(t_traced)),
                t_traced,
                format!(
                    "{:.2}x untraced wall (goal <= 1.5x), {:.2}x CPU (all threads); {} MB trace, {:.1} bytes/wave-instr",
                    t_traced / t_cli,
                    cpu_traced / cpu_cli.max(0.01),
                    bytes >> 20,
                    bytes as f64 / insts.max(1) as f64
                ),
            );
        }
        // as users run it: the default `--jobs` (the cores available), untraced and traced, with peak memory
        let plain = run_cli(&bin, &gemm, None, &[], n);
        let traced = run_cli(&bin, &gemm, None, &["--trace", trace_arg], n);
        let _ = std::fs::remove_file(&trace);
        row(
            "gemm 512: `wavescope run --trace`, default --jobs",
            format!("{:.1} M/s", rate(traced.wall)),
            traced.wall,
            format!(
                "{:.2}x the untraced default run's wall ({:.0} ms); peak memory {} MiB traced, {} MiB untraced",
                traced.wall / plain.wall,
                plain.wall * 1e3,
                traced.peak_mib,
                plain.peak_mib
            ),
        );
    } else {
        println!(
            "(CLI rows skipped: no {}; cargo build --release -p wavescope-cli)",
            bin.display()
        );
    }

    for name in MFMA_EXAMPLES {
        let (insts, macs, t) = run_example(&ex(name), Mode::Interp, 1, n);
        assert!(macs > 0, "{name}: no MFMA executed");
        let note = if *name == "triton_matmul_fp8_1024" {
            format!(
                "{t:.3} s per dispatch vs rocJITsu {ROCJITSU_FP8_1024_SECONDS} s ({:.1}x)",
                ROCJITSU_FP8_1024_SECONDS / t
            )
        } else {
            format!("{macs} MACs, {insts} wave-instructions")
        };
        row(
            &format!("MFMA {name}"),
            format!("{:.3} G MAC/s", macs as f64 / t / 1e9),
            t,
            note,
        );
    }

    let reps = if quick { 50_000 } else { 300_000 };
    let fma = valu_rows(reps);
    valu_int_rows(reps);

    let ns = load(reps);
    println!(
        "{:<58} {:>14} {:>10}  {:.2}x v_fma_f32",
        "load microkernel: global_load_dword, 64 lanes coalesced",
        format!("{ns:.1} ns/inst"),
        "",
        ns / fma
    );
    let (insts, _, t) = run_example(&ex("triton_vector_add"), Mode::Interp, 1, n.max(3));
    row(
        "load/store kernel: triton_vector_add, interpreter",
        format!("{:.1} ns/inst", t * 1e9 / insts as f64),
        t,
        format!("{insts} wave-instructions (start-up of a small grid included)"),
    );
}

/// gemm 512's compare, 64-bit multiply-add and V_LSHL_ADD_U64 (encodings from llvm-mc-22 -mcpu=gfx950) on 64 active lanes: ns per
/// wave-instruction on the plain path and on the general path (the same instruction with MODE.GPR_IDX_EN set and
/// M0 = 0, which means the same: what every VOPC / V_MAD_U64_U32 ran before their plain paths), after checking
/// that both give the same wave state and that lane results equal host integer arithmetic.
fn valu_int_rows(reps: usize) {
    // the first three each with a per-lane check below; the rest are gemm 512's loop VALU (checked against the
    // general path only)
    const FORMS: [(&str, [u32; 2]); 10] = [
        (
            "v_cmp_lt_i32_e64 s[0:1], v12, v9",
            [0xD0C1_0000, 0x0002_130C],
        ),
        (
            "v_mad_u64_u32 v[14:15], s[2:3], v11, v9, v[12:13]",
            [0xD1E8_020E, 0x0432_130B],
        ),
        (
            "v_lshl_add_u64 v[4:5], v[2:3], 2, v[6:7]",
            [0xD208_0004, 0x0419_0502],
        ),
        ("gemm: v_nop", [0x7E00_0000, 0]),
        ("gemm: v_mov_b32_e32 v8, v9", [0x7E10_0309, 0]),
        ("gemm: v_ashrrev_i32_e32 v3, 31, v2", [0x2206_049F, 0]),
        ("gemm: v_add_u32_e32 v2, s11, v2", [0x6804_040B, 0]),
        ("gemm: v_mul_f32_e32 v7, s8, v7", [0x0A0E_0E08, 0]),
        ("gemm: v_fmac_f32_e32 v6, v7, v3", [0x760C_0707, 0]),
        (
            "gemm: v_lshl_add_u64 v[4:5], v[4:5], 0, 4",
            [0xD208_0004, 0x0211_0104],
        ),
    ];
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 0];
    for (text, words) in FORMS {
        let inst = wavescope::isa::decode::decode(&words, 0x1000);
        assert!(
            text.trim_start_matches("gemm: ").starts_with(inst.name()),
            "{text}: decoded as {}",
            inst.name()
        );
        let h = semantics::handler(&inst);
        let mut w = Wave::new(WaveId::default());
        w.set_exec(u64::MAX);
        w.mode = 0x3F0;
        for r in 0..16 {
            for l in 0..LANES {
                w.vreg[r][l] = ((r * 64 + l) as u32).wrapping_mul(0x9E37_79B9);
            }
        }
        let mut ctx = Ctx {
            mem: &mem,
            lds: &mut lds,
            apertures: Apertures::default(),
        };
        let (mut plain, mut general) = (w.clone(), w.clone());
        general.mode |= 1 << 27; // GPR_IDX_EN, M0 = 0
        h(&mut plain, &inst, &mut ctx).expect("plain");
        h(&mut general, &inst, &mut ctx).expect("general");
        general.mode &= !(1 << 27);
        assert!(
            plain.vreg[..] == general.vreg[..] && plain.sgpr == general.sgpr,
            "{text}: paths differ"
        );
        for l in (0..LANES).filter(|_| !text.starts_with("gemm: ")) {
            let (a, b) = (w.vreg[12][l], w.vreg[9][l]);
            if text.starts_with("v_cmp") {
                let bits = plain.sgpr[0] as u64 | (plain.sgpr[1] as u64) << 32;
                assert_eq!(
                    bits >> l & 1 != 0,
                    (a as i32) < (b as i32),
                    "{text} lane {l}"
                );
            } else if text.starts_with("v_lshl_add") {
                let x = w.vreg[2][l] as u64 | (w.vreg[3][l] as u64) << 32;
                let y = w.vreg[6][l] as u64 | (w.vreg[7][l] as u64) << 32;
                let got = plain.vreg[4][l] as u64 | (plain.vreg[5][l] as u64) << 32;
                assert_eq!(got, (x << 2).wrapping_add(y), "{text} lane {l}");
            } else {
                let acc = w.vreg[12][l] as u64 | (w.vreg[13][l] as u64) << 32;
                let want = (w.vreg[11][l] as u64 * b as u64).wrapping_add(acc);
                let got = plain.vreg[14][l] as u64 | (plain.vreg[15][l] as u64) << 32;
                assert_eq!(got, want, "{text} lane {l}");
            }
        }
        let mut time = |w: &mut Wave| {
            let mut best = f64::MAX;
            for _ in 0..reps / CHUNK {
                let t = Instant::now();
                for _ in 0..CHUNK {
                    h(w, &inst, &mut ctx).expect("VALU op");
                }
                best = best.min(t.elapsed().as_secs_f64() / CHUNK as f64 * 1e9);
            }
            best
        };
        general.mode |= 1 << 27;
        let (tp, tg) = (time(&mut plain), time(&mut general));
        println!(
            "{:<58} {:>14} {:>10}  general path {tg:.1} ns ({:.2}x)",
            format!("VALU microkernel: {text}"),
            format!("{tp:.1} ns/inst"),
            "",
            tg / tp
        );
    }
}

/// The VALU microkernel rows: each f32 form's ns per wave-instruction and its ratio to v_fma_f32.
fn valu_rows(reps: usize) -> f64 {
    let forms: [ValuForm; 6] = [
        (
            "v_add_f32 (VOP2)",
            Op::V_ADD_F32,
            Format::Vop2,
            2,
            false,
            |a, b, _| a + b,
        ),
        (
            "v_mul_f32 (VOP2)",
            Op::V_MUL_F32,
            Format::Vop2,
            2,
            false,
            |a, b, _| a * b,
        ),
        (
            "v_fma_f32 (VOP3)",
            Op::V_FMA_F32,
            Format::Vop3a,
            3,
            false,
            |a, b, c| a.mul_add(b, c),
        ),
        (
            "v_pk_add_f32 (VOP3P)",
            Op::V_PK_ADD_F32,
            Format::Vop3p,
            2,
            true,
            |a, b, _| a + b,
        ),
        (
            "v_pk_mul_f32 (VOP3P)",
            Op::V_PK_MUL_F32,
            Format::Vop3p,
            2,
            true,
            |a, b, _| a * b,
        ),
        (
            "v_pk_fma_f32 (VOP3P)",
            Op::V_PK_FMA_F32,
            Format::Vop3p,
            3,
            true,
            |a, b, c| a.mul_add(b, c),
        ),
    ];
    // WAVESCOPE_VALU_ONLY=N: time only form N (the others get 0: to profile one form)
    let only: Option<usize> = std::env::var("WAVESCOPE_VALU_ONLY")
        .ok()
        .and_then(|v| v.parse().ok());
    let ns: Vec<f64> = forms
        .iter()
        .enumerate()
        .map(|(k, &(_, op, format, srcs, packed, want))| {
            if only.is_some_and(|o| o != k) {
                return 1.0;
            }
            valu(op, format, srcs, packed, reps, want)
        })
        .collect();
    assert!(forms[2].1 == Op::V_FMA_F32, "the ratios are to v_fma_f32");
    let fma = ns[2];
    for ((name, ..), ns) in forms.iter().zip(ns) {
        println!(
            "{:<58} {:>14} {:>10}  {:.2}x v_fma_f32 (goal <= 2x)",
            format!("VALU microkernel: {name}"),
            format!("{ns:.1} ns/inst"),
            "",
            ns / fma
        );
    }

    fma
}

/// `global_load_dword v4, v[0:1], off` (gemm 512's own encoding, DC508000 047F0000) on 64 lanes reading one
/// contiguous 256-byte run of a 64 KiB buffer, the run moving each repetition: ns per wave-instruction, after
/// checking every lane's dword against the buffer's bytes.
fn load(reps: usize) -> f64 {
    const BASE: u64 = 0x10_0000;
    const BYTES: usize = 64 << 10;
    let bytes: Vec<u8> = (0..BYTES).map(|i| (i * 7 + 3) as u8).collect();
    let mut mem = GlobalMemory::new();
    mem.map(wavescope::exec::Region::new(
        BASE,
        &bytes,
        BYTES as u64,
        "buffer",
        wavescope::exec::RegionKind::Other,
        false,
    ))
    .expect("map the buffer");
    let inst = wavescope::isa::decode::decode(&[0xDC50_8000, 0x047F_0000], 0x1780);
    assert_eq!(inst.op, Op::GLOBAL_LOAD_DWORD, "the encoding decodes");
    let h = semantics::handler(&inst);
    let mut w = Wave::new(WaveId::default());
    w.set_exec(u64::MAX);
    let mut lds = vec![0u8; 0];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    let runs = (BYTES / 256) as u64;
    let set = |w: &mut Wave, run: u64| {
        for l in 0..LANES {
            let a = BASE + (run % runs) * 256 + 4 * l as u64;
            w.vreg[0][l] = a as u32;
            w.vreg[1][l] = (a >> 32) as u32;
        }
    };
    set(&mut w, 5);
    h(&mut w, &inst, &mut ctx).expect("the load");
    for l in 0..LANES {
        let o = 5 * 256 + 4 * l;
        let want = u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
        assert_eq!(w.vreg[4][l], want, "load lane {l}");
    }
    let mut best = f64::MAX;
    for chunk in 0..reps / CHUNK {
        set(&mut w, chunk as u64);
        let t = Instant::now();
        for _ in 0..CHUNK {
            h(&mut w, &inst, &mut ctx).expect("the load");
        }
        best = best.min(t.elapsed().as_secs_f64() / CHUNK as f64 * 1e9);
    }
    best
}

/// gemm 512's address step and B load back to back (`v_lshl_add_u64 v[14:15], v[12:13], 2, v[2:3]` then
/// `global_load_dword v11, v[14:15], off`, encodings from its objdump): the load reads address rows the VALU wrote
/// just before, which is how every load of the kernel meets its addresses. ns per pair, per VALU alone and per
/// load alone (its rows written long before), after checking the loaded dwords.
fn address_then_load(reps: usize) {
    const BASE: u64 = 0x10_0000;
    const BYTES: usize = 64 << 10;
    let bytes: Vec<u8> = (0..BYTES).map(|i| (i * 7 + 3) as u8).collect();
    let mut mem = GlobalMemory::new();
    mem.map(wavescope::exec::Region::new(
        BASE,
        &bytes,
        BYTES as u64,
        "buffer",
        wavescope::exec::RegionKind::Other,
        false,
    ))
    .expect("map the buffer");
    let valu = wavescope::isa::decode::decode(&[0xD208_000E, 0x0409_050C], 0x18C8);
    let ld = wavescope::isa::decode::decode(&[0xDC50_8000, 0x0B7F_000E], 0x18D0);
    assert_eq!(valu.op, Op::V_LSHL_ADD_U64, "the encoding decodes");
    assert_eq!(ld.op, Op::GLOBAL_LOAD_DWORD, "the encoding decodes");
    let (hv, hl) = (semantics::handler(&valu), semantics::handler(&ld));
    let mut w = Wave::new(WaveId::default());
    w.set_exec(u64::MAX);
    let mut lds = vec![0u8; 0];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    let runs = (BYTES / 256) as u64;
    // v[2:3] = the buffer, v[12:13] = the lane's dword index in run `run`
    let set = |w: &mut Wave, run: u64| {
        for l in 0..LANES {
            w.vreg[2][l] = BASE as u32;
            w.vreg[3][l] = (BASE >> 32) as u32;
            w.vreg[12][l] = ((run % runs) * 64 + l as u64) as u32;
            w.vreg[13][l] = 0;
        }
    };
    set(&mut w, 7);
    hv(&mut w, &valu, &mut ctx).expect("the VALU");
    hl(&mut w, &ld, &mut ctx).expect("the load");
    for l in 0..LANES {
        let o = 7 * 256 + 4 * l;
        let want = u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
        assert_eq!(w.vreg[11][l], want, "load lane {l}");
    }
    let mut time = |w: &mut Wave, v: bool, l: bool| {
        let mut best = f64::MAX;
        for chunk in 0..reps / CHUNK {
            set(w, chunk as u64);
            hv(w, &valu, &mut ctx).expect("the VALU");
            let t = Instant::now();
            for _ in 0..CHUNK {
                if v {
                    hv(w, &valu, &mut ctx).expect("the VALU");
                }
                if l {
                    hl(w, &ld, &mut ctx).expect("the load");
                }
            }
            best = best.min(t.elapsed().as_secs_f64() / CHUNK as f64 * 1e9);
        }
        best
    };
    let (tv, tl, tp) = (
        time(&mut w, true, false),
        time(&mut w, false, true),
        time(&mut w, true, true),
    );
    println!(
        "{:<58} {:>14} {:>10}  VALU alone {tv:.1} ns, load alone {tl:.1} ns: {:+.1} ns together",
        "load microkernel: v_lshl_add_u64 then global_load_dword",
        format!("{tp:.1} ns/pair"),
        "",
        tp - tv - tl
    );
}
