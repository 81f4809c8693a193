//! Extra kernels, round 2: gfx950 builtins and launch/ABI corners the first two suites lack (buffer resources,
//! by-value structs, partial 3D grids with implicit arguments, dynamic LDS, scratch, indirect calls, ...). Each
//! lives under tests/fixtures/extra_kernels_r2/<name>/ (kernel source, clang-22 kernel.hsaco, llvm-objdump-22
//! listing, case.json, numpy/Python reference.py and its data; build.sh rebuilds one) and runs with `--check`
//! semantics: every output equals the reference written from the kernel source and the ISA documents, and the
//! hazard / missing-wait checkers report nothing on LLVM's code.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::session::Session;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r2")
        .join(name)
}

/// Loads and runs one fixture; panics unless every output matches and no hazard / missing wait is reported.
fn run_one(name: &str) {
    let opts = RunOptions {
        max_instructions: 1_000_000_000, // per dispatch
        ..RunOptions::default()
    };
    let session =
        Session::load(&dir(name), &opts).unwrap_or_else(|e| panic!("{name}: cannot load: {e}"));
    let outcome = session.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    if let Some(f) = &outcome.report.fault {
        panic!("{name}: fault: {}", f.message);
    }
    let checks = session.check();
    assert!(!checks.is_empty(), "{name}: manifest has no outputs");
    let bad: Vec<String> = checks
        .iter()
        .filter(|c| !c.passed())
        .map(wavescope::check::summary_line)
        .collect();
    assert!(bad.is_empty(), "{name}: {}", bad.join("; "));
    assert!(
        outcome.report.hazards.is_empty() && outcome.report.missing_waits.is_empty(),
        "{name}: {} hazard findings, {} missing waits on LLVM's code: {:?}",
        outcome.report.hazards.len(),
        outcome.report.missing_waits.len(),
        outcome
            .report
            .hazards
            .iter()
            .map(wavescope::observers::hazards::format_finding)
            .collect::<Vec<_>>()
    );
}

/// v_bitop3_b32/b16, v_minimum3/maximum3_f32 (signed zeros, infinities), v_cvt_pk_f16/bf16_f32,
/// v_cvt_sr_bf16/f16_f32, v_dot2_f32_bf16 / v_dot2c_f32_bf16 / v_dot2_f32_f16 (+clamp), v_permlane16/32_swap.
#[test]
fn r2_gfx950_valu() {
    run_one("r2_gfx950_valu");
}

/// make_buffer_rsrc + raw buffer loads/stores of 1..16 bytes with soffset; num_records range checks (soffset not
/// counted, per-dword for x2..x4); raw buffer atomic add / f32 add with returns.
#[test]
fn r2_buffer_rsrc() {
    run_one("r2_buffer_rsrc");
}

/// 3D grid 23x11x7 with 6x5x3 blocks: partial work-groups in x, y, z and partial waves; hidden_block_count_*
/// (non-partial groups only, as CLR writes them) and hidden_remainder_* through the implicit-argument pointer.
#[test]
fn r2_grid3d() {
    run_one("r2_grid3d");
}

/// By-value struct (104 bytes) and by-value int[40]-in-struct kernel arguments (the manifest's raw-bytes form).
#[test]
fn r2_kernarg_struct() {
    run_one("r2_kernarg_struct");
}

/// The same kernel with the by-value struct and array given as buffers of their bytes (copied into the kernarg
/// slot, since the kernel's argument is by_value and not pointer-sized).
#[test]
fn r2_kernarg_struct_buffer() {
    run_one("r2_kernarg_struct_buffer");
}

/// HIP extern __shared__ sized by lds_dynamic_bytes, placed after static LDS; block of 96 (partial wave).
#[test]
fn r2_dyn_lds() {
    run_one("r2_dyn_lds");
}

/// Private arrays indexed by data (scratch): histogram, insertion sort, struct array.
#[test]
fn r2_scratch() {
    run_one("r2_scratch");
}

/// Divergent indirect calls through a function-pointer table (waterfall), recursion, mutual recursion.
#[test]
fn r2_indirect() {
    run_one("r2_indirect");
}

/// wave64 builtins: ballot, readfirstlane, readlane (runtime and constant lane), mbcnt, read_exec in a branch,
/// s_setprio / s_sleep / s_memtime / s_memrealtime, s_getreg MODE (from the descriptor), fences at each scope.
#[test]
fn r2_wave64() {
    run_one("r2_wave64");
}

/// Global f32/f64 atomic add/min/max and LDS atomics with returns (u32/u64 add/sub/min/max/inc/dec/xchg/cmpswap,
/// f32 add/min/max, f64 add); returned values checked order-free.
#[test]
fn r2_atomics() {
    run_one("r2_atomics");
}

/// __builtin_trap (s_trap 2) in one lane: the run stops with a trap fault at the s_trap's own PC, naming the lane;
/// every other work-item (including the trapping wave's other lanes, whose store comes first) wrote its output.
#[test]
fn r2_trap() {
    let opts = RunOptions::default();
    let session = Session::load(&dir("r2_trap"), &opts).expect("load");
    let outcome = session.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    let f = outcome
        .report
        .fault
        .as_ref()
        .expect("the trap must stop the run");
    // kernel.objdump.txt: `s_trap 2` at 0x1674 (the instruction after it, s_endpgm, is 0x1678)
    assert!(
        f.message.contains("s_trap 2") && f.message.contains("0x1674"),
        "{}",
        f.message
    );
    // work-item 200 is lane 8 of wave 3, the only lane with a negative input
    assert_eq!((f.pc.as_str(), f.lanes.as_slice()), ("0x1674", &[8u32][..]));
    let checks = session.check();
    let bad: Vec<String> = checks
        .iter()
        .filter(|c| !c.passed())
        .map(wavescope::check::summary_line)
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("; "));
}

/// 64-bit integer arithmetic: mul/mulhi, variable shifts and rotates, clz/ctz/popcount/bitreverse, division and
/// remainder by runtime and constant divisors, min/max/abs, carries.
#[test]
fn r2_int64() {
    run_one("r2_int64");
}

/// Bit and small-integer builtins: bitreverse/popcount/ffs/clz/ctz, bfe, alignbyte, perm, saturating add/sub,
/// integer dot products (with clamp), msad/sad/lerp, 24-bit multiplies.
#[test]
fn r2_bits() {
    run_one("r2_bits");
}

/// Loads straight to LDS: global_load_lds ubyte/ushort/dword/dwordx3/dwordx4 with offsets, load_to_lds and
/// buffer_load_dword lds with a range check.
#[test]
fn r2_load_lds() {
    run_one("r2_load_lds");
}

/// _Float16 and half2 arithmetic, fma, min3/max3/med3, ldexp, compares, conversions, 16-bit integer min/max/med3.
#[test]
fn r2_f16_math() {
    run_one("r2_f16_math");
}

/// OpenCL: 3D non-uniform NDRange (13x9x7 in 5x4x3 groups), __local char/double/float4 arguments placed at their
/// pointee alignment, float3 arithmetic, a __constant table and a struct array by pointer.
#[test]
fn r2_ocl_mix() {
    run_one("r2_ocl_mix");
}

/// gfx950 scaled conversions: 32-element FP6/BF6 packing (pk32, 2xpk16 interleave) and decoding to
/// f32/f16/bf16, FP8/BF8/FP4 to and from f16/bf16 with byte/word/half selects (OCP MX formats, E8M0 scales).
#[test]
fn r2_cvt_mx() {
    run_one("r2_cvt_mx");
}

/// 128 KB static + 24 KB dynamic LDS (gfx950's 160 KB), block of 1000 (a partial 16th wave), tree reduction.
#[test]
fn r2_big_lds() {
    run_one("r2_big_lds");
}

/// __bf16 scalar/vector arithmetic and conversions, ds_pk_add_bf16/f16 LDS atomics, and flat (generic-pointer)
/// loads, stores and atomics resolving to LDS and to global memory.
#[test]
fn r2_bf16_flat() {
    run_one("r2_bf16_flat");
}

/// Generated random expression trees (gen_fuzz.py: unsigned 32/64-bit integer C; gen_fuzz_f32.py /
/// gen_fuzz_f64.py / gen_fuzz_f16.py / gen_fuzz_pk.py: f32 / f64 / f16 / half2 IEEE operations built
/// -ffp-contract=off; gen_fuzz_ftz.py: f32 with -fgpu-flush-denormals-to-zero; gen_fuzz_mem.py: mixed-width
/// loads/stores over the same bytes of LDS, global and private memory) over per-lane and uniform values; references evaluate the same trees in
/// Python with C / IEEE semantics. r2_fuzz_int4, r2_fuzzf3, r2_fuzzd2,
/// r2_fuzzftz2 and r2_fuzzmem2 are built -O0 (r2_fuzzh2 and r2_fuzzpk2 -O1).
#[test]
fn r2_fuzz() {
    for name in [
        "r2_fuzz_int1",
        "r2_fuzz_int2",
        "r2_fuzz_int3",
        "r2_fuzz_int4",
        "r2_fuzz_int5",
        "r2_fuzz_int6",
        "r2_fuzz_int7",
        "r2_fuzz_int8",
        "r2_fuzzf1",
        "r2_fuzzf2",
        "r2_fuzzf3",
        "r2_fuzzd1",
        "r2_fuzzd2",
        "r2_fuzzh1",
        "r2_fuzzh2",
        "r2_fuzzpk1",
        "r2_fuzzpk2",
        "r2_fuzzftz1",
        "r2_fuzzftz2",
        "r2_fuzzmem1",
        "r2_fuzzmem2",
    ] {
        run_one(name);
    }
}

/// f64/f32 division and sqrt at the range edges as LLVM expands them: denominators above 2^1022 (subnormal
/// reciprocal) with subnormal quotients, huge quotients, subnormal operands; numpy's correctly rounded results.
/// V_DIV_SCALE_F64 scaled such a denominator UP by 2^128 (the pseudocode's text) to infinity, so 0.75 / 1.7e308
/// came out as inf; it now scales it down.
#[test]
fn r2_div_edges() {
    run_one("r2_div_edges");
}

/// r2_div_edges built -fgpu-flush-denormals-to-zero: LLVM's f32 division runs V_RCP_F32 before it enables
/// denormals, so for a denominator above 2^126 it relies on V_DIV_SCALE_F32 scaling it down (the f32 pseudocode's
/// `1.0 / 64'F(S1) == DENORM.f64` test, read literally, never fired and x / 3.4e38 gave 0).
#[test]
fn r2_div_edges_ftz() {
    run_one("r2_div_edges_ftz");
}

/// Conversions LLVM expands: 64-bit integers to/from f32/f64 (beyond 2^53 / 2^63), f64 to f16/f32 with one
/// rounding (halfway and just-above-halfway cases), float to integer truncation, round(); -O2 and -O0.
#[test]
fn r2_conv() {
    run_one("r2_conv");
    run_one("r2_conv_O0");
}

/// The same sources rebuilt at -O0 (flat accesses to the private stack, spills), -O3 and -ffast-math
/// (cflags.txt in each directory); the references are the base cases'.
macro_rules! variants {
    ($($name:ident => $dir:literal),* $(,)?) => {$(
        #[test]
        fn $name() {
            run_one($dir);
        }
    )*};
}
variants!(
    r2_int64_o0 => "r2_int64_O0",
    r2_int64_o3 => "r2_int64_O3",
    r2_int64_fast => "r2_int64_fast",
    r2_bits_o0 => "r2_bits_O0",
    r2_bits_o3 => "r2_bits_O3",
    r2_bits_fast => "r2_bits_fast",
    r2_scratch_o0 => "r2_scratch_O0",
    r2_scratch_o3 => "r2_scratch_O3",
    r2_scratch_fast => "r2_scratch_fast",
    r2_indirect_o0 => "r2_indirect_O0",
    r2_indirect_o3 => "r2_indirect_O3",
    r2_indirect_fast => "r2_indirect_fast",
    r2_atomics_o0 => "r2_atomics_O0",
    r2_atomics_o3 => "r2_atomics_O3",
    r2_atomics_fast => "r2_atomics_fast",
    r2_gfx950_valu_o0 => "r2_gfx950_valu_O0",
    r2_cvt_mx_o0 => "r2_cvt_mx_O0",
    r2_wave64_o0 => "r2_wave64_O0",
    r2_buffer_rsrc_o0 => "r2_buffer_rsrc_O0",
    r2_load_lds_o0 => "r2_load_lds_O0",
);

/// A manifest's f64 scalar is the double nearest its decimal text (Python's json writes the shortest repr that
/// round-trips). -29.485729594586786 is 0xc03d7c58c6537318 (Python: float.hex); the default serde_json parser
/// read 0x...317, which made an f64 fuzz case one ulp off.
#[test]
fn manifest_f64_scalars_are_exact() {
    use wavescope::manifest::{ArgSpec, Manifest};
    let text = r#"{"kernel":"k","grid":[1,1,1],"block":[1,1,1],
        "args":[{"kind":"scalar","dtype":"f64","value":-29.485729594586786},
                {"kind":"scalar","dtype":"f64","value":2.2250738585072014e-308}],"outputs":[]}"#;
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    let m = Manifest::from_value(&v, std::path::Path::new("/tmp/case.json")).unwrap();
    let bits: Vec<u64> = m
        .args
        .iter()
        .map(|a| match a {
            ArgSpec::Scalar { dtype, value } => {
                u64::from_le_bytes(value.to_bytes(*dtype).try_into().unwrap())
            }
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(bits, vec![0xc03d_7c58_c653_7318, 0x0010_0000_0000_0000]);
}
