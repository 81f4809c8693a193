//! Unmodified HIP programs (tests/fixtures/src, built by tests/fixtures/build.sh with clang-22 for gfx950 against
//! Debian's HIP 5.2 headers) run under `wavescope exec`: each checks its own results and prints PASSED; every
//! captured launch replays bit-exactly under `wavescope run --check`; a fault comes back as hipErrorIllegalAddress
//! with the fault report; a program without gfx950 code is told so; unsupported calls are named; one launch is
//! stepped with gdb. Needs target/<profile>/wavescope and libamdhip64.so (`cargo build --release -p wavescope-cli
//! -p wavescope-hip`, or `cargo test --workspace`).

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

mod common;
use common::*;

fn bin(name: &str) -> PathBuf {
    fixture("bin").join(name)
}

fn scratch(name: &str) -> PathBuf {
    scratch_dir("hip-test", name)
}

/// `wavescope exec --capture DIR -- PROGRAM ARGS`: (stdout, stderr, exit code, capture dir).
fn exec(program: &str, args: &[&str], extra: &[&str]) -> (String, String, i32, PathBuf) {
    // one directory per program and arguments: tests running one program with other arguments run in parallel
    let cap = scratch(&[&[program][..], args].concat().join("_"));
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--capture")
        .arg(&cap)
        .arg("--report")
        .arg(cap.join("report.json"))
        .args(extra)
        .arg("--")
        .arg(bin(program))
        .args(args);
    c.current_dir(bin(""));
    let (o, code) = run(c, Duration::from_secs(600));
    let (out, err) = text(&o);
    (out, err, code, cap)
}

fn passes(program: &str, args: &[&str], min_launches: usize) -> (String, String) {
    passes_with(program, args, min_launches, true)
}

fn passes_with(
    program: &str,
    args: &[&str],
    min_launches: usize,
    replay: bool,
) -> (String, String) {
    let (out, err, code, cap) = exec(program, args, &[]);
    assert_eq!(code, 0, "{program} under wavescope exec:\n{out}\n{err}");
    assert!(out.contains("PASSED"), "{program}:\n{out}\n{err}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cap.join("report.json")).unwrap()).unwrap();
    let launches = report["launches"].as_array().unwrap();
    assert!(
        launches.len() >= min_launches,
        "{program}: {} launches\n{err}",
        launches.len()
    );
    for l in launches {
        assert!(l["wave_instructions"].as_u64().unwrap() > 0, "{l}");
        assert!(l["cycles"].as_u64().unwrap() > 0, "{l}");
        assert!(l["fault"].is_null(), "{l}");
    }
    assert!(err.contains("kernel launch(es)"), "no launch table:\n{err}");
    if !replay {
        let _ = std::fs::remove_dir_all(&cap);
        return (out, err);
    }
    let replayed = replay_all(&cap);
    assert_eq!(
        replayed,
        launches.len(),
        "{program}: every launch captured and replayed\n{err}"
    );
    let _ = std::fs::remove_dir_all(&cap);
    (out, err)
}

#[test]
fn vector_add() {
    let (_, err) = passes("vector_add", &[], 1);
    assert!(
        err.contains("vector_add(float const*, float const*"),
        "{err}"
    );
}
#[test]
fn saxpy() {
    passes("saxpy", &[], 1);
}
#[test]
fn saxpy_compressed_bundle() {
    let data = std::fs::read(bin("saxpy_compressed")).unwrap();
    assert!(
        data.windows(4).any(|w| w == b"CCOB"),
        "built without --offload-compress"
    );
    passes("saxpy_compressed", &[], 1);
}
#[test]
fn vector_add_two_archs() {
    passes("vector_add_two_archs", &[], 1);
}
/// Built for gfx942 and gfx9-4-generic (code object v6): the runtime's pick on a gfx950 device is the generic
/// entry, which gfx950 belongs to; the captured launch replays under `run --check`.
#[test]
fn vector_add_gfx9_4_generic() {
    let data = std::fs::read(bin("vector_add_generic")).unwrap();
    assert!(data
        .windows(39)
        .any(|w| w == b"hipv4-amdgcn-amd-amdhsa--gfx9-4-generic"));
    assert!(!data.windows(6).any(|w| w == b"gfx950"));
    passes("vector_add_generic", &[], 1);
}
#[test]
fn matrix_multiplication() {
    passes("matrix_multiplication", &[], 1);
}
#[test]
fn dynamic_shared() {
    passes("dynamic_shared", &[], 1);
}
#[test]
fn warp_shuffle() {
    passes("warp_shuffle", &[], 1);
}
#[test]
fn histogram() {
    passes("histogram", &[], 1);
}
#[test]
fn streams() {
    passes("streams", &[], 2);
}
#[test]
fn events() {
    passes("events", &[], 2);
}
#[test]
fn managed_memory() {
    // Its __constant__ table lives in the code object's zero-initialised part (set by hipMemcpyToSymbol):
    // the captured kernel.hsaco carries it, so the launch replays.
    passes("managed_memory", &[], 1);
}
#[test]
fn module_api() {
    passes("module_api", &["module_kernels.hsaco"], 5);
}
#[test]
fn device_query_and_unsupported_call_named() {
    let (_, err) = passes("device_query", &[], 0);
    assert!(
        err.contains("hipMallocArray is not supported") && err.contains("hipErrorNotSupported"),
        "{err}"
    );
}

#[test]
fn gfx942_only_program_is_told() {
    let (out, err, code, _) = exec("vector_add_gfx942", &[], &[]);
    assert_ne!(code, 0, "{out}\n{err}");
    assert!(err.contains("no gfx950 code object"), "{err}");
    assert!(err.contains("hipv4-amdgcn-amd-amdhsa--gfx942"), "{err}");
    assert!(out.contains("hipErrorNoBinaryForGpu"), "{out}");
}

#[test]
fn out_of_bounds_fault_reported_and_replayed() {
    let (out, err, code, cap) = exec("out_of_bounds", &[], &[]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("hipErrorIllegalAddress") && out.contains("PASSED"),
        "{out}"
    );
    // the fault report: kind, PC, instruction, source line, wave, lanes, address
    let line = err
        .lines()
        .find(|l| l.contains("fault:"))
        .unwrap_or_else(|| panic!("{err}"));
    for want in [
        "memory fault",
        "pc 0x",
        "global_store",
        "out_of_bounds.hip:7",
        "wave 0",
        "lanes 1",
    ] {
        assert!(line.contains(want), "{want} missing in: {line}");
    }
    assert!(err.contains("address 0x"), "{err}");
    let d = cap.join("launch-0000");
    let mut c = Command::new(wavescope());
    c.arg("run").arg(&d);
    let (o, rc) = run(c, Duration::from_secs(120));
    let (rout, rerr) = text(&o);
    assert_ne!(rc, 0, "the replay must fault too:\n{rout}\n{rerr}");
    let rline = rerr
        .lines()
        .find(|l| l.contains("fault:"))
        .unwrap_or_else(|| panic!("{rerr}"));
    assert!(
        rline.contains("memory fault") && rline.contains("out_of_bounds.hip:7"),
        "{rline}"
    );
}

#[test]
fn gdb_steps_a_launch() {
    let cap = scratch("gdb");
    let r = exec_under_gdb(
        "vector_add",
        |c| {
            c.arg(bin("vector_add")).current_dir(&cap);
        },
        Duration::from_secs(120),
        &[
            "break vector_add.hip:5",
            "continue",
            "info line *$pc",
            "stepi",
            "print $exec",
            "detach",
        ],
    );
    let all = r.all();
    assert!(
        r.gdb_out.contains("vector_add.hip") && r.gdb_out.contains("Line 5"),
        "{all}"
    );
    assert!(r.gdb_out.contains("$1 = "), "{all}");
    assert_eq!(r.code, Some(0), "{all}");
    assert!(r.program_out.contains("PASSED"), "{all}");
    assert!(r.program_err.contains("waits for gdb"), "{all}");
}

/// Pitched allocations, 2D copies and memsets, peer copies, stream-ordered allocation (imported at the
/// library's hip_5.1 version node: before api_versions.txt the loader refused the program), sized memsets on a
/// stream, a stream callback, prefetch / advise, limits, stream flags and priorities, the PCI bus id, and the
/// image-support attribute. The program checks every result itself.
#[test]
fn runtime_tour() {
    let (out, err) = passes("runtime_tour", &[], 3);
    assert!(out.contains("runtime_tour PASSED"), "{out}\n{err}");
    assert!(!err.contains("not supported by wavescope"), "{err}");
}

/// Bad launches (2048 work-items, an empty grid, 1 MiB of dynamic LDS) fail with an error hipGetLastError
/// returns once and run nothing; good launches after them work; templates launched with <<<>>> and
/// hipLaunchKernelGGL; extern __shared__ sized at launch.
#[test]
fn launch_errors_then_templates_and_dynamic_lds() {
    let (out, err) = passes("launch_errors", &[], 5);
    assert!(out.contains("launch_errors PASSED"), "{out}\n{err}");
    assert!(err.contains("has 2048 work-items; at most 1024"), "{err}");
    assert!(err.contains("1048576 dynamic"), "{err}");
}

/// A struct passed by value (mixed alignment, array and nested members), 24 scalar arguments of mixed sizes,
/// hipMemcpyToSymbol / FromSymbol at offsets into a __constant__ table, hipGetSymbolAddress of a __device__
/// array, and objects with virtual functions built in device code.
#[test]
fn args_tour() {
    let (out, err) = passes("args_tour", &[], 4);
    assert!(out.contains("args_tour PASSED"), "{out}\n{err}");
}

/// 3D pitched memory and hip_ext.h's launch: hipMalloc3D, hipMemset3D(Async), hipMemcpy3D host to device into a
/// sub-box at a hipPos, device to device, and hipMemcpy3DAsync back through a wider host pitch, around a 7-point
/// stencil launched by hipExtLaunchKernelGGL (start / stop events, dynamic LDS, a 3D grid); the program
/// computes the stencil on the host and compares every element. A 3D copy naming a hipArray is refused with
/// a message. The kernel takes hipPitchedPtr by value (a device pointer inside a by-value argument): the capture
/// keeps the struct's bytes and adds the allocation it points at to the manifest's `memory` at its own address,
/// so every launch replays and checks (before, such a launch was not captured; earlier still its capture faulted
/// at the stale pointer).
#[test]
fn volume_tour() {
    let (out, err) = passes_with("volume_tour", &[], 1, true);
    assert!(out.contains("volume_tour PASSED"), "{out}\n{err}");
    assert!(
        err.contains("hipMemcpy3D with a hipArray is not supported"),
        "{err}"
    );
    assert!(!err.contains("not captured"), "{err}");
    let other: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("not supported by wavescope") && !l.contains("hipArray"))
        .collect();
    assert!(other.is_empty(), "{other:?}");
}

/// Kernels that reach memory only through pointers held in memory (fixtures/src/pointer_tour.hip): arrays of
/// device pointers, a struct of pointers passed by value, a `__device__` pointer variable, a linked list of
/// separate allocations. Each capture lists every allocation so reached in its manifest's `memory` (at its own
/// address, compared after the replay), so all four replay bit-exactly; before, three faulted in the replay and
/// the struct launch was not captured.
#[test]
fn pointers_held_in_memory_are_captured() {
    let (out, err, code, cap) = exec("pointer_tour", &[], &[]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("pointer_tour PASSED"), "{out}\n{err}");
    assert!(!err.contains("not captured"), "{err}");
    let memory = |launch: &str| -> usize {
        let case: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(cap.join(launch).join("case.json")).unwrap(),
        )
        .unwrap();
        case["memory"].as_array().map_or(0, Vec::len)
    };
    // x[0..3] and y[0..3]; x[1] and y[2]; the output g_out points at; nodes 2-5 and g_out's allocation
    assert_eq!(memory("launch-0000"), 6);
    assert_eq!(memory("launch-0001"), 2);
    assert_eq!(memory("launch-0002"), 1);
    assert_eq!(memory("launch-0003"), 5);
    assert_eq!(replay_all(&cap), 4, "{err}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// Device printf through the hostcall buffer (fixtures/src/printf_tour.hip): every C conversion, flag, width,
/// precision (`*` too) and length modifier printed on the device ("D" lines) must read exactly as the host's own
/// printf prints the same formats and values ("H" lines, glibc), line by line and in the same order (work-group,
/// call, lane); printf's return value (bytes printed) too. A 100-byte %s argument spans several hostcall packets.
#[test]
fn device_printf_matches_the_host_printf() {
    let (out, err, code, cap) = exec("printf_tour", &[], &[]);
    assert_eq!(code, 0, "{out}\n{err}");
    let tagged = |tag: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| l.strip_prefix(tag))
            .map(str::to_string)
            .collect()
    };
    let (d, h) = (tagged("D "), tagged("H "));
    assert_eq!(h.len(), 2 * 10 * 4, "{out}");
    assert_eq!(d.len(), h.len(), "{out}");
    for (i, (d, h)) in d.iter().zip(&h).enumerate() {
        assert_eq!(d, h, "line {i}");
    }
    // The device lines come before the host's (the kernel printed during the launch) and the run ends normally.
    let first_h = out.find("H 0.0").unwrap();
    assert!(out.find("D 1.3 the last").unwrap() < first_h, "{out}");
    assert!(out.contains("printf_tour done"), "{out}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// The D lines (tag stripped) and H lines of a program that prints the same formats on the device and the host.
fn device_and_host_lines(out: &str) -> (Vec<String>, Vec<String>) {
    let tagged = |tag: &str| -> Vec<String> {
        out.lines()
            .filter_map(|l| l.strip_prefix(tag))
            .map(str::to_string)
            .collect()
    };
    (tagged("D "), tagged("H "))
}

/// Buffered device printf (fixtures/src/printf_buffered.hip, built with -mprintf-kind=buffered): the kernel's
/// records in the printf buffer, printed when the dispatch ends, read exactly as the host's printf prints the same
/// formats and values (glibc), in the same order (work-group, call, lane): constant formats by their ID in
/// `amdhsa.printf`, %s of constant strings and of strings the kernel reads from device memory (inline in the
/// record, 0 to 15 bytes long), formats chosen at run time (inline, their %s arguments device addresses the host
/// reads) and a format read from device memory. The captured launch replays under `wavescope run`, which prints
/// the same lines.
#[test]
fn buffered_printf_matches_the_host_printf() {
    let (out, err, code, cap) = exec("printf_buffered", &[], &[]);
    assert_eq!(code, 0, "{out}\n{err}");
    let (d, h) = device_and_host_lines(&out);
    assert_eq!(h.len(), 2 * 8 * 4, "{out}");
    assert_eq!(d, h, "{out}\n{err}");
    assert!(!err.contains("printf buffer"), "{err}");
    assert!(
        out.find("D 1.3 no conversions").unwrap() < out.find("H 0.0").unwrap(),
        "{out}"
    );
    assert!(out.contains("printf_buffered done"), "{out}");
    // the captured launch under `run`: the same device lines on its stdout
    let mut c = Command::new(wavescope());
    c.arg("run").arg(cap.join("launch-0000")).arg("--check");
    let (o, rc) = run(c, Duration::from_secs(600));
    let (rout, rerr) = text(&o);
    assert_eq!(rc, 0, "{rout}\n{rerr}");
    assert_eq!(device_and_host_lines(&rout).0, d, "{rout}\n{rerr}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// Buffered printf overflow (printf_buffered's "overflow" mode): hipLimitPrintfFifoSize leaves room for 10 of the
/// 16 lanes' 36-byte records; as on a GPU the device's reservation fails for the rest and their printf prints
/// nothing: the output is exactly the first 10 host lines, no partial record, no error.
#[test]
fn buffered_printf_overflow_drops_the_records_that_do_not_fit() {
    // Its own scratch directory (the other buffered printf test runs the same program at the same time).
    let cap = scratch("printf_buffered_overflow");
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--")
        .arg(bin("printf_buffered"))
        .arg("overflow")
        .current_dir(&cap);
    let (o, code) = run(c, Duration::from_secs(600));
    let (out, err) = text(&o);
    assert_eq!(code, 0, "{out}\n{err}");
    let dev: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("O ")).collect();
    let host: Vec<&str> = out.lines().filter_map(|l| l.strip_prefix("H ")).collect();
    assert_eq!(host.len(), 16, "{out}");
    assert_eq!(dev, host[..10], "{out}\n{err}");
    assert!(out.contains("overflow done (limit 388, 10 of 16"), "{out}");
    assert!(!err.contains("printf buffer"), "{err}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// A failing device assert (printf_tour's "assert" mode: lane 2 of work-group 1 reads -6) prints HIP's assertion
/// message on the program's stderr, then the launch faults at the trap naming wave, lane and source line; the
/// program sees the launch failure at its next synchronising call.
#[test]
fn device_assert_prints_its_message_then_the_trap_fault() {
    // Its own scratch directory (the printf test runs the same program at the same time).
    let cap = scratch("printf_tour_assert");
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--")
        .arg(bin("printf_tour"))
        .arg("assert")
        .current_dir(&cap);
    let (o, code) = run(c, Duration::from_secs(600));
    let (out, err) = text(&o);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("after assert: hipErrorLaunchFailure"),
        "{out}\n{err}"
    );
    let msg = err
        .find("void assert_lane(const int *): Device-side assertion `x[blockIdx.x * blockDim.x + threadIdx.x] >= 0' failed.")
        .unwrap_or_else(|| panic!("{err}"));
    let fault = err
        .find("fault: trap: s_trap 2")
        .unwrap_or_else(|| panic!("{err}"));
    assert!(msg < fault, "{err}");
    assert!(
        err.contains("in wave 1 (work-group 1,0,0), lane 2"),
        "{err}"
    );
    assert_eq!(err.matches("Device-side assertion").count(), 1, "{err}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// A failing device assert under `exec --gdb` (printf_tour's "assert" mode, its `assert_lane` kernel served to the
/// real gdb): gdb's console shows HIP's assertion message (the assert's own source line, printf_tour.hip:43, in
/// it), then the wave stops with SIGTRAP and the console names the `s_trap 2`; the message comes once.
#[test]
fn device_assert_under_gdb_shows_its_message_then_sigtrap() {
    let cap = scratch("printf_tour_assert_gdb");
    let r = exec_under_gdb(
        "assert_lane",
        |c| {
            c.arg(bin("printf_tour")).arg("assert").current_dir(&cap);
        },
        Duration::from_secs(120),
        &["continue", "kill"],
    );
    let all = r.all();
    let msg = r
        .gdb_err
        .find("src/printf_tour.hip:43: void assert_lane(const int *): Device-side assertion `x[blockIdx.x * blockDim.x + threadIdx.x] >= 0' failed.")
        .unwrap_or_else(|| panic!("{all}"));
    let trap = r
        .gdb_err
        .find("executed s_trap 2 at")
        .unwrap_or_else(|| panic!("{all}"));
    assert!(msg < trap, "{all}");
    assert_eq!(
        r.gdb_err.matches("Device-side assertion").count(),
        1,
        "{all}"
    );
    assert!(r.gdb_out.contains("received signal SIGTRAP"), "{all}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// `exec --gdb` serves a copy of the launch and then runs it for the program: after gdb detaches, the program's
/// stdout holds the kernel's printf lines once (the 80 "D" lines of printf_tour, equal to its host "H" lines), not
/// once more from the copy gdb saw.
#[test]
fn device_printf_once_after_gdb_detaches() {
    let cap = scratch("printf_tour_gdb_detach");
    let r = exec_under_gdb(
        "print_tour",
        |c| {
            c.arg(bin("printf_tour")).current_dir(&cap);
        },
        Duration::from_secs(120),
        &["detach"],
    );
    let all = r.all();
    let d: Vec<&str> = r
        .program_out
        .lines()
        .filter_map(|l| l.strip_prefix("D "))
        .collect();
    let h: Vec<&str> = r
        .program_out
        .lines()
        .filter_map(|l| l.strip_prefix("H "))
        .collect();
    assert_eq!(h.len(), 80, "{all}");
    assert_eq!(d, h, "{all}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// Library-style device code (fixtures/src/library_tour.hip, in the manner of rocPRIM / hipCUB): a templated block
/// radix sort with `__launch_bounds__`, a single-pass scan whose work-groups spin with s_sleep on the look-back flags
/// of earlier tiles (tile ids from an atomic counter), wave sums by `__shfl_xor`, ds_bpermute, DPP row_shr /
/// row_bcast and v_permlane32_swap, `__ballot`, and the clocks (s_memrealtime, clock64, s_getreg). The program's
/// own host checks pass at -O2, -O1 and -O0 (scratch-heavy), with `--jobs 1` and `--jobs 2` (the look-back spin
/// must finish whatever the host threads), no checker finding (the kernels are race-free: flags are acquire /
/// release atomics), and every launch replays bit-exact under `run --check`.
#[test]
fn library_style_kernels_pass_at_every_optimisation_level() {
    for program in ["library_tour", "library_tour_O1", "library_tour_O0"] {
        let (out, err) = passes(program, &[], 4);
        assert_eq!(out.matches(": ok").count(), 8, "{program}:\n{out}\n{err}");
        assert!(
            err.contains("void lookback_scan<256>(unsigned int")
                && err.contains("void block_radix_sort<256, 4, 4>"),
            "{err}"
        );
    }
    let (out, err, code, cap) = exec("library_tour", &[], &["--jobs", "2"]);
    assert_eq!(code, 0, "--jobs 2:\n{out}\n{err}");
    assert!(out.contains("PASSED"), "--jobs 2:\n{out}\n{err}");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cap.join("report.json")).unwrap()).unwrap();
    for l in report["launches"].as_array().unwrap() {
        assert_eq!(l["findings"].as_u64(), Some(0), "{l}");
    }
    let _ = std::fs::remove_dir_all(&cap);
}

/// Cooperative groups across the grid (fixtures/src/grid_sync.hip, built with HIP 5.2's device library, whose
/// `this_grid().sync()` is one `ds_gws_barrier` per work-group): the program checks the device attribute and the
/// occupancy limit, launches 12 work-groups with hipLaunchCooperativeKernel, verifies a two-phase sum that reads
/// what other work-groups wrote before each grid barrier, and asks for one work-group more than can be resident
/// (hipErrorCooperativeLaunchTooLarge, as the runtime says). The launch runs with every work-group resident,
/// modelled and checked; its captured manifest says `"cooperative": true` and replays under `run --check`.
#[test]
fn cooperative_launch_with_grid_barriers() {
    let (out, err, code, cap) = exec("grid_sync", &[], &[]);
    assert_eq!(code, 0, "grid_sync under wavescope exec:\n{out}\n{err}");
    assert!(
        out.contains("grid.is_valid() = 1, total 240000, 0 mismatches\nPASSED"),
        "{out}\n{err}"
    );
    assert!(
        out.contains("oversized cooperative launch: hipErrorCooperativeLaunchTooLarge"),
        "{out}"
    );
    assert!(
        err.contains(
            "2049 work-groups, but at most 2048 can be resident at once (8 per CU x 256 CUs)"
        ),
        "{err}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cap.join("report.json")).unwrap()).unwrap();
    let launches = report["launches"].as_array().unwrap();
    assert_eq!(launches.len(), 1, "the refused launch never ran: {err}");
    let l = &launches[0];
    assert!(l["fault"].is_null(), "{l}");
    assert_eq!(l["waves"].as_u64(), Some(48));
    assert!(l["wave_instructions"].as_u64().unwrap() > 10_000, "{l}");
    assert!(l["report"]["co_resident"].is_string(), "{l}");
    // modelled and checked on that schedule: cycles, and no finding in this correct program (the grid
    // barriers order what each work-group reads of the others' writes)
    assert!(l["modelled_ns"].as_f64().unwrap() > 0.0, "{l}");
    assert_eq!(l["findings"].as_u64(), Some(0), "{l}");
    assert_eq!(
        l["report"]["race_mode"].as_str(),
        Some("default-small"),
        "{l}"
    );
    assert!(!err.contains("- (co-resident)"), "launch table:\n{err}");
    let case: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cap.join("launch-0000/case.json")).unwrap())
            .unwrap();
    assert_eq!(case["cooperative"], serde_json::Value::Bool(true), "{case}");
    assert_eq!(replay_all(&cap), 1);
    let _ = std::fs::remove_dir_all(&cap);
}

/// The two ways a grid barrier goes wrong, each one clear error (a GPU would abort or hang): the same kernel
/// launched with <<<>>> has no GWS resources (the runtime gives them to cooperative launches only), and a
/// cooperative kernel whose work-group 0 returns before `grid.sync()` leaves the other three waiting for ever.
#[test]
fn grid_barrier_outside_a_cooperative_launch_and_a_grid_barrier_deadlock() {
    let (out, err, code, cap) = exec("grid_sync", &["plain"], &[]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("plain launch: hipErrorLaunchFailure"),
        "{out}\n{err}"
    );
    assert!(
        err.contains(
            "ds_gws_barrier: global wave sync in a dispatch that was not launched cooperatively"
        ),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&cap);
    let (out, err, code, cap) = exec("grid_sync", &["early"], &[]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(
        out.contains("early exit: hipErrorLaunchFailure"),
        "{out}\n{err}"
    );
    assert!(
        err.contains(
            "grid barrier deadlock: 3 wave(s) of 3 of the dispatch's 4 work-group(s) wait at ds_gws_barrier"
        ),
        "{err}"
    );
    assert!(err.contains("in wave 1 (work-group 1,0,0)"), "{err}");
    let _ = std::fs::remove_dir_all(&cap);
}
