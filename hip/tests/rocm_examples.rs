//! Original, unmodified public programs of ROCm/rocm-examples (HIP-Basic and Applications; MIT licence, its text
//! in tests/fixtures/rocm-examples/bin/LICENSE.md), built by tests/fixtures/rocm-examples/build.sh with clang-22 for
//! gfx950 against Debian bookworm's HIP 5.2 headers, run under `wavescope exec`. Each program checks its own
//! results: it must exit 0 and print its own success line ("Validation passed."); the few that only print
//! results are checked here against what their source says they compute. Every captured launch replays
//! bit-exactly under `wavescope run --check`; one launch is stepped with real gdb through `exec --gdb`.
//! Needs target/<profile>/wavescope and libamdhip64.so (`cargo build --release -p wavescope-cli -p wavescope-hip`).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

mod common;
use common::*;

fn bin(name: &str) -> PathBuf {
    fixture("rocm-examples/bin").join(name)
}

fn scratch(name: &str) -> PathBuf {
    scratch_dir("rocm-examples", name)
}

struct Ran {
    out: String,
    err: String,
    cap: PathBuf,
    launches: Vec<serde_json::Value>,
}

/// `wavescope exec --capture DIR --report DIR/report.json -- bin/PROGRAM ARGS` must exit 0 with a launch table.
fn exec(program: &str, args: &[&str]) -> Ran {
    let cap = scratch(program);
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--capture")
        .arg(&cap)
        .arg("--report")
        .arg(cap.join("report.json"))
        .arg("--")
        .arg(bin(program))
        .args(args)
        .current_dir(&cap);
    let (o, code) = run(c, Duration::from_secs(600));
    let (out, err) = text(&o);
    assert_eq!(code, 0, "{program} under wavescope exec:\n{out}\n{err}");
    assert!(err.contains("kernel launch(es)"), "no launch table:\n{err}");
    assert!(
        !err.contains("not supported by wavescope"),
        "{program} called something unsupported:\n{err}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cap.join("report.json")).unwrap()).unwrap();
    let launches = report["launches"].as_array().unwrap().clone();
    for l in &launches {
        assert!(l["wave_instructions"].as_u64().unwrap() > 0, "{l}");
        assert!(l["cycles"].as_u64().unwrap() > 0, "{l}");
        assert!(l["fault"].is_null(), "{l}");
        assert!(l["captured"].is_string(), "launch not captured: {l}\n{err}");
    }
    Ran {
        out,
        err,
        cap,
        launches,
    }
}

/// The program passes its own check, launches at least `min_launches` kernels, and every launch replays.
fn validates(program: &str, args: &[&str], min_launches: usize) -> Ran {
    let r = exec(program, args);
    assert!(
        r.out.lines().any(|l| l.trim() == "Validation passed."),
        "{program} did not validate:\n{}\n{}",
        r.out,
        r.err
    );
    assert!(
        r.launches.len() >= min_launches,
        "{program}: {} launches",
        r.launches.len()
    );
    assert_eq!(replay_all(&r.cap), r.launches.len(), "{program}: {}", r.err);
    r
}

fn f32s(p: &Path) -> Vec<f32> {
    std::fs::read(p)
        .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn done(r: Ran) {
    let _ = std::fs::remove_dir_all(&r.cap);
}

#[test]
fn matrix_multiplication() {
    // [64x64]*[64x64] (the program's own -A_rows/-A_cols/-B_cols options; its default 2048x1024 is minutes)
    let r = validates(
        "matrix_multiplication",
        &["-A_rows", "64", "-A_cols", "64", "-B_cols", "64"],
        1,
    );
    assert!(r.err.contains("matrix_multiplication_kernel"), "{}", r.err);
    done(r);
}

#[test]
fn matrix_multiplication_two_offload_archs() {
    let data = std::fs::read(bin("matrix_multiplication_two_archs")).unwrap();
    for arch in [&b"gfx942"[..], b"gfx950"] {
        assert!(data.windows(6).any(|w| w == arch), "no {arch:?} entry");
    }
    done(validates(
        "matrix_multiplication_two_archs",
        &["-A_rows", "32", "-A_cols", "48", "-B_cols", "64"],
        1,
    ));
}

#[test]
fn bit_extract_compressed_bundle() {
    let data = std::fs::read(bin("bit_extract_compressed")).unwrap();
    assert!(
        data.windows(4).any(|w| w == b"CCOB"),
        "built without --offload-compress"
    );
    done(validates("bit_extract_compressed", &[], 1));
}

#[test]
fn bit_extract() {
    done(validates("bit_extract", &[], 1));
}

#[test]
fn shared_memory() {
    done(validates("shared_memory", &[], 1));
}

#[test]
fn dynamic_shared() {
    let r = validates("dynamic_shared", &[], 1);
    assert!(r.launches[0]["dynamic_lds"].as_u64().unwrap() > 0);
    done(r);
}

#[test]
fn warp_shuffle() {
    done(validates("warp_shuffle", &[], 1));
}

#[test]
fn events() {
    let r = validates("events", &[], 1);
    // hipEventElapsedTime reports the cycle model's time of the kernels between the events (docs/exec.md)
    let modelled_ms = r.launches[0]["modelled_ns"].as_f64().unwrap() / 1e6;
    let line = r
        .out
        .lines()
        .find(|l| l.starts_with("Kernel execution time"))
        .unwrap_or_else(|| panic!("{}", r.out));
    let printed: f64 = line
        .split('=')
        .nth(1)
        .unwrap()
        .trim()
        .trim_end_matches("ms")
        .trim()
        .parse()
        .unwrap();
    assert!(
        (printed - modelled_ms).abs() <= modelled_ms * 1e-3,
        "{line} vs {modelled_ms} ms modelled"
    );
    done(r);
}

#[test]
fn device_globals() {
    // __device__ variables set with hipMemcpy to hipGetSymbolAddress and hipMemcpyToSymbol: the capture
    // carries them (the code object's bss part), so the replay sees them too
    done(validates("device_globals", &[], 1));
}

#[test]
fn module_api_loads_module_co() {
    // module.co is the offload bundle `hipcc --genco` makes; the program loads it from its own directory
    let r = validates("module_api", &[], 1);
    assert!(r.err.contains("test_module_api_kernel"), "{}", r.err);
    done(r);
}

#[test]
fn inline_assembly() {
    done(validates("inline_assembly", &[], 1));
}

#[test]
fn gpu_arch() {
    done(validates("gpu_arch", &[], 1));
}

#[test]
fn bitonic_sort() {
    // 120 launches, one per bitonic step
    done(validates("bitonic_sort", &[], 100));
}

#[test]
fn floyd_warshall() {
    done(validates("floyd_warshall", &[], 16));
}

#[test]
fn histogram() {
    done(validates("histogram", &[], 1));
}

#[test]
fn prefix_sum() {
    done(validates("prefix_sum", &[], 1));
}

#[test]
fn convolution_with_constant_mask() {
    // The mask is a __constant__ array set by hipMemcpyToSymbol; the program prints the RMS difference to its
    // CPU reference rather than a verdict.
    let r = exec("convolution", &["-x", "256", "-y", "256", "-i", "2"]);
    let rms: f64 = r
        .out
        .lines()
        .find(|l| l.contains("root-mean-square error"))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{}", r.out));
    assert!(rms < 1e-3, "rms {rms}:\n{}", r.out);
    assert_eq!(r.launches.len(), 2);
    assert_eq!(replay_all(&r.cap), 2);
    done(r);
}

#[test]
fn saxpy() {
    // saxpy prints its first results; the source fills x with 1, 2, 3, ... and y with 1 and computes y = 2x + y
    let r = exec("saxpy", &[]);
    assert!(
        r.out
            .contains("First 10 elements of the results: [ 3, 5, 7, 9, 11, 13, 15, 17, 19, 21 ]"),
        "{}",
        r.out
    );
    let d = r.cap.join("launch-0000");
    let (x, y) = (
        f32s(&d.join("arg1.bin")),
        f32s(&d.join("arg2.expected.bin")),
    );
    assert_eq!(x.len(), 1_000_000);
    for (i, (x, y)) in x.iter().zip(&y).enumerate() {
        assert_eq!(*x, (i + 1) as f32);
        assert_eq!(*y, 2.0 * (i + 1) as f32 + 1.0, "y[{i}]");
    }
    assert_eq!(replay_all(&r.cap), 1);
    done(r);
}

#[test]
fn streams_two_transposes() {
    // streams prints no verdict: each of its two launches transposes the 32x32 matrix in[i] = i
    let r = exec("streams", &[]);
    assert!(r.out.contains("streams completed!"), "{}", r.out);
    assert_eq!(r.launches.len(), 2);
    for k in 0..2 {
        let d = r.cap.join(format!("launch-{k:04}"));
        let (out, inp) = (
            f32s(&d.join("arg0.expected.bin")),
            f32s(&d.join("arg1.bin")),
        );
        for row in 0..32 {
            for col in 0..32 {
                assert_eq!(inp[row * 32 + col], (row * 32 + col) as f32);
                assert_eq!(out[row * 32 + col], inp[col * 32 + row], "launch {k}");
            }
        }
    }
    assert_eq!(replay_all(&r.cap), 2);
    done(r);
}

#[test]
fn occupancy_pairwise_product() {
    // occupancy prints occupancy figures, no verdict: its kernel computes C = A * B element-wise
    let r = exec("occupancy", &[]);
    assert!(r.out.contains("Theoretical Occupancy is"), "{}", r.out);
    assert_eq!(r.launches.len(), 2);
    for k in 0..2 {
        let d = r.cap.join(format!("launch-{k:04}"));
        let c = f32s(&d.join("arg0.expected.bin"));
        let (a, b) = (f32s(&d.join("arg1.bin")), f32s(&d.join("arg2.bin")));
        assert!(!a.is_empty());
        for i in 0..a.len() {
            assert_eq!(c[i], a[i] * b[i], "launch {k} C[{i}]");
        }
    }
    assert_eq!(replay_all(&r.cap), 2);
    done(r);
}

#[test]
fn device_query_reports_the_gfx950_device() {
    let r = exec("device_query", &[]);
    for want in [
        "Name:                     AMD Instinct MI355X",
        "gcnArchName:              gfx950:sramecc+:xnack-",
        "warpSize:                 64",
        "sharedMemPerBlock:        160 KiB",
        "maxThreadsPerBlock:       1024",
    ] {
        assert!(r.out.contains(want), "{want}:\n{}", r.out);
    }
    done(r);
}

/// Real gdb through `exec --gdb`: matrix_multiplication stops at its kernel's launch, gdb breaks at the kernel's
/// inner loop (main.hip:97, `thread_result += a_values[ty][i] * b_values[i][tx];`), reads the source variable
/// `thread_result` (0 on the first pass: the source initialises it so) and the exec mask (a 16x16 block is four
/// full waves: all 64 lanes), steps, continues to the end of the dispatch; the program then finishes and
/// validates what the launch computed.
#[test]
fn gdb_steps_matrix_multiplication() {
    let cap = scratch("gdb");
    let r = exec_under_gdb(
        "matrix_multiplication_kernel",
        |c| {
            c.arg(bin("matrix_multiplication"))
                .args(["-A_rows", "32", "-A_cols", "32", "-B_cols", "32"])
                .current_dir(&cap);
        },
        Duration::from_secs(120),
        &[
            "break main.hip:97",
            "continue",
            "info line *$pc",
            "print thread_result",
            "print/x $exec",
            "stepi",
            "delete",
            "continue",
        ],
    );
    let (gout, all) = (&r.gdb_out, r.all());
    assert!(
        gout.contains("Line 97") && gout.contains("matrix_multiplication/main.hip"),
        "{all}"
    );
    assert!(gout.lines().any(|l| l == "$1 = 0"), "{all}");
    assert!(
        gout.lines().any(|l| l == "$2 = 0xffffffffffffffff"),
        "{all}"
    );
    assert!(gout.contains("exited normally"), "{all}");
    assert_eq!(r.code, Some(0), "{all}");
    assert!(r.program_out.contains("Validation passed."), "{all}");
    assert!(r.program_err.contains("waits for gdb"), "{all}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// The program asks hipDeviceAttributeImageSupport first; gfx950 has no image instructions, so the answer is 0
/// and the program says so and exits 0 (before, the attribute was unsupported and the program failed).
#[test]
fn texture_management_sees_no_image_support() {
    let r = exec("texture_management", &[]);
    assert!(
        r.out
            .contains("Texture functions are not supported on device 0."),
        "{}\n{}",
        r.out,
        r.err
    );
    assert!(r.launches.is_empty());
    done(r);
}

/// One device: the peer-to-peer program says it needs two and exits 0.
#[test]
fn multi_gpu_data_transfer_needs_two_devices() {
    let r = exec("multi_gpu_data_transfer", &[]);
    assert!(
        r.out.contains("requires at least 2 GPU devices"),
        "{}\n{}",
        r.out,
        r.err
    );
    done(r);
}

/// hipDeviceAttributeCooperativeLaunch is 1: the program launches its reduction with hipLaunchCooperativeKernel
/// (one work-group, thread-block and tiled-partition groups, no grid barrier: the usual schedule with the cycle
/// model and checkers) and validates it (it took its own skip path while the attribute was 0).
#[test]
fn cooperative_groups() {
    let r = validates("cooperative_groups", &[], 1);
    assert!(!r.out.contains("Skipping"), "{}", r.out);
    assert!(
        r.launches[0]["report"]["co_resident"].is_null(),
        "{}",
        r.launches[0]
    );
    done(r);
}

/// The memcpy bandwidth meter, pinned host memory: host->device, device->host and device->device figures, each a
/// positive number of GB/s.
#[test]
fn bandwidth_pinned() {
    let r = exec(
        "bandwidth",
        &[
            "-start", "65536", "-end", "131072", "-stride", "65536", "-trials", "3", "-memory",
            "pinned",
        ],
    );
    for what in [
        "Pinned Bandwidth Host to Device",
        "Pinned Bandwidth Device to Host",
        "Bandwidth Device to Device",
    ] {
        let line = r
            .out
            .lines()
            .find(|l| l.contains(what))
            .unwrap_or_else(|| panic!("no {what} line:\n{}", r.out));
        let v: f64 = line
            .rsplit('[')
            .next()
            .unwrap()
            .trim_end_matches([']', ' '])
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{line}"));
        assert!(v > 0.0, "{line}");
    }
    done(r);
}

/// rocm-examples' hello_world prints from the host, from a __host__ __device__ function and from its kernel
/// (device printf through the hostcall buffer): every line its README shows, the device's in work-group order,
/// and it exits 0.
#[test]
fn hello_world_device_printf() {
    let cap = scratch("hello_world");
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--")
        .arg(bin("hello_world"))
        .current_dir(&cap);
    let (o, code) = run(c, Duration::from_secs(120));
    let (out, err) = text(&o);
    assert_eq!(code, 0, "{out}\n{err}");
    let lines: Vec<&str> = out.lines().collect();
    let mut want = vec!["Hello world from host!", "Hello world from device or host!"];
    for b in 0..2 {
        want.extend(["Hello world from device or host!"; 2]);
        for t in 0..2 {
            want.push(if (b, t) == (0, 0) {
                "Hello world from device kernel block 0 thread 0!"
            } else if (b, t) == (0, 1) {
                "Hello world from device kernel block 0 thread 1!"
            } else if t == 0 {
                "Hello world from device kernel block 1 thread 0!"
            } else {
                "Hello world from device kernel block 1 thread 1!"
            });
        }
    }
    assert_eq!(lines, want, "{out}\n{err}");
    assert!(!err.contains("fault"), "{err}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// Relocatable device code (-fgpu-rdc) from a static library, device-linked into the program: one kernel
/// registered from the linked module; the program validates and the launch replays.
#[test]
fn static_device_library_rdc() {
    done(validates("static_device_library", &[], 1));
}

/// Kernels and their launcher in a static host library (--emit-static-lib); main is plain C++.
#[test]
fn static_host_library() {
    done(validates("static_host_library", &[], 1));
}
