//! Triton kernels launched from Python (`kernel[grid](...)`) run on wavescope through Triton's own HIP driver:
//! the pip wheel's compiler and launcher stub, wavescope's libamdhip64.so, and python/wavescope_triton.py in place
//! of torch. The scripts in python/tests/ check their results against numpy and print PASSED; under
//! `wavescope exec` every Triton launch is captured and replays bit-exactly, its replay writes a valid Perfetto
//! trace, and gdb stops in the kernel's Python source.
//!
//! Needs python3 with triton 3.9.0 and numpy (`pip install triton==3.9.0 numpy`; .ci/run installs them), a C
//! compiler (Triton builds its launcher with it), target/<profile>/wavescope and libamdhip64.so (`cargo build
//! --release -p wavescope-cli -p wavescope-hip`). Without triton the tests fail and say so.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

mod common;
use common::*;

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../python/tests")
        .join(name)
}

fn scratch(name: &str) -> PathBuf {
    scratch_dir("triton-test", name)
}

/// python3 with triton 3.9.0 and numpy, or a failure that says what to install (never a silent pass).
fn require_triton() {
    let o = Command::new("python3")
        .args(["-c", "import numpy, triton; print(triton.__version__)"])
        .output()
        .unwrap_or_else(|e| panic!("python3 is required for the Triton tests: {e}"));
    let version = String::from_utf8_lossy(&o.stdout).trim().to_string();
    assert!(
        o.status.success() && version == "3.9.0",
        "the Triton tests need python3 with triton 3.9.0 and numpy (pip install triton==3.9.0 numpy; \
         .ci/run installs them); found version {version:?}:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// The environment every Triton run gets: wavescope's library, a Triton cache of its own under the target
/// directory (warm across runs, never the user's ~/.triton), fusion stated (3.9 warns when it is unset).
///
/// The cache is one per checkout: Triton's cache key is the kernel's source text, not its file, and a cached
/// kernel's line table names the file it was first compiled from. A target directory shared by two clones (CI
/// reusing CARGO_TARGET_DIR) otherwise hands gdb a path in a clone that is gone ("No such file").
fn triton_env(c: &mut Command) {
    let checkout = env!("CARGO_MANIFEST_DIR")
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
    c.env("WAVESCOPE_HIP_LIB", hip_lib())
        .env_remove("TRITON_LIBHIP_PATH")
        .env_remove("WAVESCOPE_EXEC_CONFIG") // direct runs print one line per launch (exec sets its own)
        .env(
            "TRITON_CACHE_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join("triton-cache")
                .join(format!("{checkout:016x}")),
        )
        .env("TRITON_DEFAULT_FP_FUSION", "1");
}

/// `python3 SCRIPT` with wavescope's library found through WAVESCOPE_HIP_LIB (no exec): it must print PASSED
/// and wavescope's one-line-per-launch note for `kernel` on stderr, `launches` times.
fn python_passes(name: &str, kernel: &str, launches: usize) -> String {
    require_triton();
    let mut c = Command::new("python3");
    c.arg(script(name));
    triton_env(&mut c);
    let (o, code) = run(c, Duration::from_secs(900));
    let (out, err) = text(&o);
    assert_eq!(code, 0, "{name}:\n{out}\n{err}");
    assert!(out.contains("PASSED"), "{name}:\n{out}\n{err}");
    let notes = err
        .lines()
        .filter(|l| l.starts_with("wavescope: launch ") && l.contains(kernel))
        .count();
    assert_eq!(notes, launches, "launches of {kernel} on wavescope:\n{err}");
    out
}

#[test]
fn vector_add_from_python() {
    let out = python_passes("triton_vector_add.py", "add_kernel", 1);
    // Triton compiled for the target the runtime's device properties name (gcnArchName, warpSize).
    assert!(
        out.contains("target hip gfx950 wave64"),
        "target Triton chose:\n{out}"
    );
}

#[test]
fn softmax_from_python() {
    python_passes("triton_softmax.py", "softmax_kernel", 1);
}

#[test]
fn matmul_f16_and_fp8_from_python() {
    let out = python_passes("triton_matmul.py", "matmul_kernel", 2);
    assert!(
        out.contains("matmul f16:") && out.contains("matmul fp8e4nv:"),
        "{out}"
    );
}

/// A pointer that is not device memory of this runtime (a numpy array's host address behind `data_ptr()`) is
/// refused by Triton's launcher, which asks hipPointerGetAttribute; device arrays pass the same check in every
/// other test.
#[test]
fn host_pointer_is_refused_by_triton() {
    python_passes("triton_host_pointer.py", "add_kernel", 1);
}

/// `wavescope exec --capture DIR -- python3 triton_matmul.py`: the program passes, both `tl.dot` launches
/// (f16 and fp8) are captured (Triton's null scratch pointers included), replay bit-exactly with the same
/// modelled cycles, and the replay's Perfetto trace is valid with one slice per wave-instruction.
#[test]
fn exec_captures_triton_launches_that_replay_and_trace() {
    require_triton();
    let cap = scratch("capture");
    let report = cap.join("report.json");
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--capture")
        .arg(&cap)
        .arg("--report")
        .arg(&report)
        .arg("--")
        .arg("python3")
        .arg(script("triton_matmul.py"));
    triton_env(&mut c);
    let (o, code) = run(c, Duration::from_secs(900));
    let (out, err) = text(&o);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("PASSED"), "{out}\n{err}");
    assert!(err.contains("2 kernel launch(es)"), "launch table:\n{err}");
    assert!(!err.contains("not captured"), "{err}");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let launches = r["launches"].as_array().unwrap();
    assert_eq!(launches.len(), 2, "{r}");
    assert_eq!(replay_all(&cap), 2, "{err}");

    // The replay's trace: valid for Perfetto, one instruction slice per wave-instruction the program's launch
    // executed, and the same modelled cycles as under exec.
    let trace = cap.join("launch0.pftrace");
    let rr = cap.join("replay0.json");
    let mut c = Command::new(wavescope());
    c.arg("run")
        .arg(cap.join("launch-0000"))
        .arg("--trace")
        .arg(&trace)
        .arg("--report")
        .arg(&rr);
    let (o, code) = run(c, Duration::from_secs(600));
    let (rout, rerr) = text(&o);
    assert_eq!(code, 0, "{rout}\n{rerr}");
    let replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&rr).unwrap()).unwrap();
    let n = launches[0]["wave_instructions"].as_u64().unwrap();
    assert!(n > 0);
    assert_eq!(replay["wave_instructions"].as_u64(), Some(n), "{replay}");
    assert_eq!(replay["cycles"], launches[0]["cycles"], "{replay}");
    let summary = wavescope_traces::validate::check_file(&trace)
        .unwrap_or_else(|p| panic!("invalid trace: {p:#?}"));
    let slices: u64 = summary
        .slices_by_name
        .iter()
        .filter(|(name, _)| !name.starts_with("stall"))
        .map(|(_, n)| n)
        .sum();
    assert_eq!(slices, n, "{summary:?}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// `wavescope exec --gdb add_kernel:PORT -- python3 triton_vector_add.py`: the Python program stops at the
/// Triton launch, gdb breaks on a line of the kernel's Python source, and after gdb detaches the launch
/// completes and the program passes.
#[test]
fn gdb_stops_a_triton_launch_in_its_python_source() {
    require_triton();
    let r = exec_under_gdb(
        "add_kernel",
        |c| {
            c.arg("python3").arg(script("triton_vector_add.py"));
            triton_env(c);
        },
        Duration::from_secs(600),
        &[
            "break triton_kernels.py:15",
            "continue",
            "info line *$pc",
            "detach",
        ],
    );
    let all = r.all();
    // Line 15 of python/tests/triton_kernels.py is add_kernel's tl.store.
    assert!(
        r.gdb_out.contains("Breakpoint 1, add_kernel")
            && r.gdb_out.contains("Line 15 of \"triton_kernels.py\""),
        "{all}"
    );
    assert!(r.gdb_out.contains("tl.store(out_ptr + offsets"), "{all}");
    assert_eq!(r.code, Some(0), "{all}");
    assert!(r.program_out.contains("PASSED"), "{all}");
}

/// A Triton kernel that reads past its input's end, launched from Python under `wavescope exec --capture`:
/// the fault report names the load and its line in triton_kernels.py, Python gets hipErrorIllegalAddress at the
/// copy back, and the captured launch faults the same way when replayed (exit code 3).
#[test]
fn triton_fault_is_reported_raised_and_replayed() {
    require_triton();
    let cap = scratch("fault");
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--capture")
        .arg(&cap)
        .arg("--")
        .arg("python3")
        .arg(script("triton_fault.py"));
    triton_env(&mut c);
    let (o, code) = run(c, Duration::from_secs(900));
    let (out, err) = text(&o);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("fault surfaced: hipMemcpyDtoH failed: hipErrorIllegalAddress (700)"),
        "{out}\n{err}"
    );
    // Line 72 of python/tests/triton_kernels.py is unmasked_copy_kernel's unmasked load.
    let line = err
        .lines()
        .find(|l| l.contains("fault:"))
        .unwrap_or_else(|| panic!("no fault report:\n{err}"));
    assert!(
        line.contains("memory fault") && line.contains("triton_kernels.py:72"),
        "{line}"
    );
    let mut c = Command::new(wavescope());
    c.arg("run").arg(cap.join("launch-0000"));
    let (o, rc) = run(c, Duration::from_secs(600));
    let (rout, rerr) = text(&o);
    assert_eq!(rc, 3, "the replay must fault too:\n{rout}\n{rerr}");
    assert!(
        rerr.lines()
            .any(|l| l.contains("memory fault") && l.contains("triton_kernels.py:72")),
        "{rerr}"
    );
    let _ = std::fs::remove_dir_all(&cap);
}

/// tl.atomic_add (masked i32 histogram, f32 sums), tl.atomic_max / atomic_min, and a tl.atomic_cas ticket loop,
/// launched from Python; every result equals numpy's.
#[test]
fn atomics_from_python() {
    python_passes("triton_atomics.py", "atomics_kernel", 1);
}
