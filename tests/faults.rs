//! Faults are findings, not crashes: a bad access stops the run with one precise message (wave, work-group, lane,
//! PC, instruction, source line, address), and what the kernel wrote before it is kept.

use std::path::{Path, PathBuf};
use wavescope::exec::FaultKind;
use wavescope::launch::RunOptions;
use wavescope::session::Session;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A copy of examples/polybench_gemm_64 whose C buffer lacks its last row (64 floats): the waves of the last
/// row of work-groups access it out of bounds.
fn short_c_case(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let ex = root().join("examples/polybench_gemm_64");
    let c = std::fs::read(ex.join("in_c.bin")).unwrap();
    std::fs::write(dir.join("in_c_short.bin"), &c[..(4096 - 64) * 4]).unwrap();
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ex.join("case.json")).unwrap()).unwrap();
    m["code_object"] = ex.join("kernel.hsaco").to_string_lossy().into();
    for (i, name) in ["in_a.bin", "in_b.bin"].iter().enumerate() {
        m["args"][i]["file"] = ex.join(name).to_string_lossy().into();
    }
    m["args"][2]["file"] = "in_c_short.bin".into();
    m["args"][2]["count"] = (4096 - 64).into();
    // expected files are exactly `count` elements: keep the first 4032 of gemm's expected C
    let expected = std::fs::read(ex.join("expected_c.bin")).unwrap();
    std::fs::write(
        dir.join("expected_c_short.bin"),
        &expected[..(4096 - 64) * 4],
    )
    .unwrap();
    m["outputs"][0]["file"] = "expected_c_short.bin".into();
    m["outputs"][0]["count"] = (4096 - 64).into();
    let p = dir.join("case.json");
    std::fs::write(&p, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    p
}

#[test]
fn out_of_bounds_store_is_a_precise_fault_and_earlier_results_survive() {
    let dir = std::env::temp_dir().join(format!("wavescope-fault-{}", std::process::id()));
    let case = short_c_case(&dir);
    let opts = RunOptions::default();
    let s = Session::load(&case, &opts).unwrap();
    let o = s.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    let f = o.fault.as_ref().expect("the short buffer must fault");
    assert_eq!(f.kind, FaultKind::Memory);
    let r = o.report.fault.as_ref().unwrap();
    // Row 63 is i = get_global_id(1) = 63: work-group y = 7 (block 32x8), x = 0 runs first.
    assert_eq!(r.work_group, [0, 7, 0], "{}", r.message);
    assert!(r.message.contains("outside every buffer"), "{}", r.message);
    assert!(r.message.contains("lane"), "{}", r.message);
    // gemm reads C[i][j] first (`c *= beta`), so the first out-of-bounds access is that load.
    assert!(
        r.instruction.starts_with("global_load_dword"),
        "{}",
        r.instruction
    );
    assert!(
        r.source
            .as_deref()
            .is_some_and(|s| s.contains("kernel.cl:")),
        "{:?}",
        r.source
    );
    let addr =
        u64::from_str_radix(r.address.as_ref().unwrap().trim_start_matches("0x"), 16).unwrap();
    let c_base = s.dispatch.buffer_addrs[2].unwrap();
    assert_eq!(
        addr,
        c_base + 63 * 64 * 4 + 4 * (r.lanes[0] as u64 % 32),
        "address of C[63][j] for the first faulting lane"
    );
    // Rows 0..55 were written by work-groups that ran before the faulting one: they equal the reference.
    let got = s.buffer(2).unwrap();
    let exp = std::fs::read(root().join("examples/polybench_gemm_64/expected_c.bin")).unwrap();
    assert_eq!(&got[..56 * 64 * 4], &exp[..56 * 64 * 4]);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn instruction_limit_stops_the_run() {
    let ex = root().join("examples/polybench_gemm_64");
    let opts = RunOptions {
        max_instructions: 100,
        ..RunOptions::default()
    };
    let s = Session::load(&ex, &opts).unwrap();
    let o = s.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    let f = o
        .fault
        .expect("gemm needs more than 100 instructions per wave");
    assert_eq!(f.kind, FaultKind::InstructionLimit);
    assert_eq!(f.wave.wave, 0);
    // the budget counts the whole dispatch's wave-instructions, and one job stops exactly at it
    assert_eq!(o.stats.wave_instructions, 100);
    assert!(f.detail.contains("--max-instructions"), "{}", f.detail);
}

#[test]
fn illegal_words_fault_as_illegal_instruction() {
    // Overwrite the kernel entry with words no gfx950 opcode decodes (0xFFFFFFFF: reserved format).
    let ex = root().join("examples/polybench_gemm_64");
    let opts = RunOptions::default();
    let mut s = Session::load(&ex, &opts).unwrap();
    let entry = s.dispatch.abi.entry_pc;
    let (base, text) = (s.dispatch.program.base, s.dispatch.program.text.clone());
    let mut t = text;
    let off = (entry - base) as usize;
    t[off..off + 4].copy_from_slice(&0xFFFF_FFFFu32.to_le_bytes());
    s.dispatch.program = wavescope::exec::Program::new(&t, base);
    let o = s.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
    let f = o.fault.expect("illegal words must fault");
    assert_eq!(f.kind, FaultKind::IllegalInstruction, "{}", f.detail);
    assert_eq!(f.pc, entry);
}

#[test]
fn parallel_jobs_give_the_same_outputs_and_atomics_stay_atomic() {
    for name in ["heteromark_hist", "polybench_gemm_64", "rodinia_backprop"] {
        let ex = root().join("examples").join(name);
        let one = RunOptions::default();
        let two = RunOptions {
            jobs: 2,
            ..RunOptions::default()
        };
        let a = Session::load(&ex, &one).unwrap();
        a.run(&wavescope::pipeline::RunConfig::full(one.clone()));
        let b = Session::load(&ex, &two).unwrap();
        b.run(&wavescope::pipeline::RunConfig::full(two.clone()));
        assert_eq!(
            a.buffers(),
            b.buffers(),
            "{name}: --jobs 2 differs from --jobs 1"
        );
        assert!(b.check().iter().all(|c| c.passed()), "{name} with --jobs 2");
    }
}
