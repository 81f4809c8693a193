//! The errors of `wavescope inspect`'s stop on bad requests (moved with inspect from the core crate): each is a
//! clear error, never a panic or a hang.

use wavescope::launch::RunOptions;
use wavescope::session::Session;
use wavescope_cli::inspect::{self, InspectError, InspectOptions};

fn example(name: &str) -> Session {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name);
    Session::load(&dir, &RunOptions::default()).unwrap()
}

#[test]
fn bad_requests_are_clear_errors() {
    // A file the line table does not name: the error lists the files it does.
    match inspect::stop_at_line(example("polybench_gemm_64"), "nosuch.cl", 3, 0) {
        Err(InspectError::NoSuchFile { files, .. }) => {
            assert!(files.iter().any(|f| f.ends_with("kernel.cl")), "{files:?}");
            assert!(
                files.iter().any(|f| f.ends_with("ocl_prelude.h")),
                "{files:?}"
            );
        }
        r => panic!("{:?}", r.err()),
    }
    // Past the last line with code (gemm's closing brace is kernel.cl:35).
    match inspect::stop_at_line(example("polybench_gemm_64"), "kernel.cl", 500, 0) {
        Err(e @ InspectError::NoCode { .. }) => assert!(e.to_string().contains("kernel.cl:500")),
        r => panic!("{:?}", r.err()),
    }
    // 64x64 work-items in 32x8 groups: 16 groups of 4 waves.
    match inspect::stop_at_line(example("polybench_gemm_64"), "kernel.cl", 30, 64) {
        Err(InspectError::NoSuchWave { wave: 64, reason }) => assert!(reason.contains("64 waves")),
        r => panic!("{:?}", r.err()),
    }
    // Not an instruction start.
    assert!(matches!(
        inspect::stop_at_pc(
            example("polybench_gemm_64"),
            0x1702,
            0,
            &InspectOptions::default()
        ),
        Err(InspectError::NoInstruction { pc: 0x1702 })
    ));
    // A budget too small for the run.
    let opts = InspectOptions {
        max_instructions: 10,
        hit: 1,
    };
    assert!(matches!(
        inspect::stop_at_line_with(example("polybench_gemm_64"), "kernel.cl", 32, 5, &opts),
        Err(InspectError::InstructionLimit { limit: 10, .. })
    ));
    // Line 28 runs once per wave: a second arrival never comes.
    let opts = InspectOptions {
        hit: 2,
        ..InspectOptions::default()
    };
    match inspect::stop_at_line_with(example("polybench_gemm_64"), "kernel.cl", 28, 0, &opts) {
        Err(e @ InspectError::NeverReached { .. }) => {
            assert!(e.to_string().contains("arrived there 1 times"), "{e}")
        }
        r => panic!("{:?}", r.err()),
    }
    // rodinia_nn's last work-group has 40 work-items: one wave, so wave 21 does not exist.
    match inspect::stop_at_line(example("rodinia_nn"), "kernel.cl", 17, 21) {
        Err(InspectError::NoSuchWave { reason, .. }) => {
            assert!(reason.contains("partial"), "{reason}")
        }
        r => panic!("{:?}", r.err()),
    }
    // backprop's kernel.cl also holds bpnn_adjust_weights_ocl: its lines are never reached by this dispatch.
    match inspect::stop_at_line(example("rodinia_backprop"), "kernel.cl", 80, 0) {
        Err(e @ InspectError::NeverReached { .. }) => {
            assert!(e.to_string().contains("ended"), "{e}")
        }
        r => panic!("{:?}", r.err()),
    }
}

#[test]
fn every_line_either_stops_or_says_why() {
    // Each line of heteromark_bs's kernel.cl (and a few past its end), for wave 0: a stop whose locals can all
    // be formatted, or an error. Never a panic.
    let mut stops = 0;
    for line in 1..=110 {
        // A fresh session per stop: a stop leaves the memory as the kernel wrote it so far.
        let s = example("heteromark_bs");
        match inspect::stop_at_line(s, "kernel.cl", line, 0) {
            Ok(st) => {
                stops += 1;
                for lane in [0, 63] {
                    for v in inspect::locals(&st, lane) {
                        assert!(!v.value.is_empty());
                    }
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    assert!(stops > 20, "{stops}");
}
