//! Matrix-core emulation speed in G MAC/s (multiply-accumulates per second) on one host core.
//!
//! - `GEMM tile`: one wave's K loop of a GEMM tile (what a compiled f16/bf16/fp8 GEMM's inner loop issues): every
//!   step loads new A/B registers (GEMM-like data: values in [-1, 1] of the type) and accumulates into the same
//!   f32 D registers (C = D). Run once through the fast path and once through the exact path (the reference):
//!   the final accumulators must be bit-identical; the ratio of the two is the speed-up.
//! - `example`: the MFMA examples end to end (`wavescope::engine::run`, outputs checked against their numpy references).
//! - `gemm`: the three Triton 1024^3 GEMMs of issue 16 (fp8 `v_mfma_f32_32x32x64_f8f6f4`, bf16 and f16
//!   `v_mfma_f32_32x32x16_*`; the whole dispatch on the interpreter, one host thread) in G MAC/s (MACs counted from the
//!   MFMAs executed) and seconds per dispatch, each output checked against the example's numpy-made expected file.
//!
//! `cargo bench --bench mfma` (`-- --quick`: fewer steps, one run per GEMM; `-- tile|example|gemm`: only those
//! sections; `-- --reps N`: best of N dispatches per GEMM, default 3). Ratios within one run are what count (shared
//! machine).

use std::path::{Path, PathBuf};
use std::time::Instant;
use wavescope::exec::semantics::{self, mai::fast::set_exact_only, mai::layout::shape};
use wavescope::exec::{Apertures, Ctx, GlobalMemory, Wave, WaveId, LANES};
use wavescope::isa::{Format, Inst, Op, Operand};
use wavescope::launch::RunOptions;
use wavescope::session::Session;

/// MFMA examples run end to end (directory under examples/, MACs of one dispatch).
const EXAMPLES: &[&str] = &[
    "mfma_bf16_16x16",
    "mfma_fp8_16x16x32",
    "labnotes_mfma_f16_32x32x8",
    "mfma_f8f6f4_scale_16x16x128",
];

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    /// Uniform in [-1, 1).
    fn unit(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

#[derive(Clone, Copy)]
enum Elem {
    F16,
    BF16,
    Fp8,
}

/// One register of packed elements in [-1, 1].
fn packed(rng: &mut Rng, e: Elem) -> u32 {
    match e {
        Elem::F16 => {
            let lo = half::f16::from_f32(rng.unit()).to_bits() as u32;
            let hi = half::f16::from_f32(rng.unit()).to_bits() as u32;
            lo | hi << 16
        }
        Elem::BF16 => {
            let lo = rng.unit().to_bits() >> 16;
            let hi = rng.unit().to_bits() >> 16;
            lo | hi << 16
        }
        // E4M3 bytes with the top exponent bit clear: finite, |x| < 2.
        Elem::Fp8 => rng.next() as u32 & 0xB7B7_B7B7,
    }
}

/// The Triton 1024^3 GEMMs (issue 16's anchors; rocJITsu publishes 4.21 s per dispatch for the fp8 one).
const GEMMS_1024: &[&str] = &[
    "triton_matmul_fp8_1024",
    "triton_matmul_bf16_1024",
    "triton_matmul_f16_1024",
];

/// Run `steps` K-steps of `op` on one wave; returns (seconds, final D registers).
fn tile(op: Op, e: Elem, steps: usize, exact: bool) -> (f64, Vec<[u32; LANES]>) {
    let s = shape(op).unwrap();
    let (a_regs, b_regs, d_regs) = (
        s.a_items() * bits(e) / 32,
        s.b_items() * bits(e) / 32,
        s.d_items(),
    );
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    // 16 distinct A/B register sets, cycled (a real loop loads new tiles each step).
    let sets: Vec<Vec<[u32; LANES]>> = (0..16)
        .map(|_| {
            (0..a_regs + b_regs)
                .map(|_| std::array::from_fn(|_| packed(&mut rng, e)))
                .collect()
        })
        .collect();
    let mut w = Wave::new(WaveId::default());
    w.set_exec(u64::MAX);
    w.mode = 0x3F0;
    let mut inst = Inst::INVALID;
    inst.op = op;
    inst.format = Format::Vop3pMai;
    inst.size = 8;
    inst.dst = Operand::vgpr(128);
    inst.src = [Operand::vgpr(0), Operand::vgpr(64), Operand::vgpr(128)];
    let h = semantics::handler(&inst);
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 0];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    set_exact_only(exact);
    let t = Instant::now();
    for step in 0..steps {
        let set = &sets[step % 16];
        w.vreg[..a_regs].copy_from_slice(&set[..a_regs]);
        w.vreg[64..64 + b_regs].copy_from_slice(&set[a_regs..]);
        h(&mut w, &inst, &mut ctx).expect("mfma");
    }
    let dt = t.elapsed().as_secs_f64();
    set_exact_only(false);
    (dt, w.vreg[128..128 + d_regs].to_vec())
}

fn bits(e: Elem) -> usize {
    match e {
        Elem::F16 | Elem::BF16 => 16,
        Elem::Fp8 => 8,
    }
}

/// CPU time of this thread in seconds (Linux schedstat), or `None`: the machine is shared, and a one-thread
/// dispatch's CPU time is what the per-core figures mean.
fn thread_cpu_seconds() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(s.split_whitespace().next()?.parse::<u64>().ok()? as f64 * 1e-9)
}

/// Best of `reps` interpreter runs of one example (one host thread, run on this thread): (MACs,
/// wave-instructions, seconds: thread CPU time where Linux gives it, else wall). The output is checked against
/// the example's expected file after every run.
fn run_gemm(dir: &Path, reps: usize) -> (u64, u64, f64) {
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    let mut best = f64::MAX;
    let (mut macs, mut insts) = (0, 0);
    for _ in 0..reps {
        let s = Session::load(dir, &opts).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let (t, cpu) = (Instant::now(), thread_cpu_seconds());
        let (stats, fault) = wavescope::engine::run(&s.dispatch, &opts);
        let dt = match (cpu, thread_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => t.elapsed().as_secs_f64(),
        };
        assert!(fault.is_none(), "{} faulted", dir.display());
        let checks = s.check();
        assert!(
            !checks.is_empty() && checks.iter().all(|c| c.passed()),
            "{}: output differs from the numpy reference",
            dir.display()
        );
        macs = stats
            .exec_counts
            .iter()
            .zip(&s.dispatch.program.insts)
            .map(|(&c, i)| shape(i.op).map_or(0, |sh| c * (sh.m * sh.n * sh.k * sh.blocks) as u64))
            .sum();
        insts = stats.wave_instructions;
        best = best.min(dt);
    }
    (macs, insts, best)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let reps = args
        .iter()
        .position(|a| a == "--reps")
        .and_then(|i| args.get(i + 1))
        .map_or(if quick { 1 } else { 3 }, |r| r.parse().expect("--reps N"));
    // Sections named on the command line (cargo bench adds --bench: flags are not section names).
    let wanted: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| matches!(*a, "tile" | "example" | "gemm"))
        .collect();
    let want = |sec: &str| wanted.is_empty() || wanted.contains(&sec);
    // `--only SUBSTRING`: only the GEMMs/examples whose name contains it.
    let only = args
        .iter()
        .position(|a| a == "--only")
        .and_then(|i| args.get(i + 1))
        .map_or("", String::as_str);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    if want("gemm") {
        for ex in GEMMS_1024.iter().filter(|e| e.contains(only)) {
            let (macs, insts, t) = run_gemm(&root.join(ex), reps);
            assert!(macs > 0, "{ex}: no MFMA executed");
            println!(
                "MFMA GEMM {ex}: {:.3} G MAC/s, {t:.3} s per dispatch{} ({macs} MACs, {insts} wave-instructions; \
                 output matches numpy)",
                macs as f64 / t / 1e9,
                if thread_cpu_seconds().is_some() {
                    " (thread CPU time)"
                } else {
                    ""
                }
            );
        }
    }
    let steps = if quick { 2_000 } else { 20_000 };
    let cases = [
        (Op::V_MFMA_F32_32X32X16_F16, Elem::F16, "f16 32x32x16"),
        (Op::V_MFMA_F32_16X16X32_F16, Elem::F16, "f16 16x16x32"),
        (Op::V_MFMA_F32_32X32X16_BF16, Elem::BF16, "bf16 32x32x16"),
        (Op::V_MFMA_F32_16X16X32_BF16, Elem::BF16, "bf16 16x16x32"),
        (Op::V_MFMA_F32_32X32X16_FP8_FP8, Elem::Fp8, "fp8 32x32x16"),
        (Op::V_MFMA_F32_16X16X32_FP8_FP8, Elem::Fp8, "fp8 16x16x32"),
        (
            Op::V_MFMA_F32_16X16X128_F8F6F4,
            Elem::Fp8,
            "fp8 16x16x128 (f8f6f4)",
        ),
    ];
    for (op, e, name) in cases {
        if !want("tile") {
            break;
        }
        let s = shape(op).unwrap();
        let macs = (s.m * s.n * s.k * s.blocks * steps) as f64;
        let (mut tf, mut te) = (f64::MAX, f64::MAX);
        let (mut df, mut de) = (Vec::new(), Vec::new());
        for _ in 0..if quick { 1 } else { 3 } {
            let (t, d) = tile(op, e, steps, false);
            tf = tf.min(t);
            df = d;
            let (t, d) = tile(op, e, steps / 10, true);
            te = te.min(t * 10.0);
            de = d;
        }
        // The exact run did a tenth of the steps: compare it with a fast run of the same length.
        let (_, df_short) = tile(op, e, steps / 10, false);
        assert_eq!(df_short, de, "{name}: fast and exact paths differ");
        assert!(
            df.iter().flatten().all(|x| f32::from_bits(*x).is_finite()),
            "{name}: non-finite accumulator"
        );
        drop(df);
        println!(
            "MFMA GEMM tile {name}: {:.2} G MAC/s (exact path {:.3} G MAC/s, {:.1}x)",
            macs / tf / 1e9,
            macs / te / 1e9,
            te / tf
        );
    }
    let opts = RunOptions {
        jobs: 1,
        ..RunOptions::default()
    };
    for ex in EXAMPLES.iter().filter(|e| e.contains(only)) {
        if !want("example") {
            break;
        }
        let s = Session::load(&root.join(ex), &opts).expect("load example");
        let t = Instant::now();
        let (stats, fault) = wavescope::engine::run(&s.dispatch, &opts);
        let dt = t.elapsed().as_secs_f64();
        assert!(fault.is_none(), "{ex} faulted");
        assert!(
            s.check().iter().all(|c| c.passed()),
            "{ex}: output differs from the numpy reference"
        );
        println!(
            "MFMA example {ex}: {} wave-instructions in {:.1} us, output matches numpy",
            stats.wave_instructions,
            dt * 1e6
        );
    }
}
