//! Round-9 HIP programs (tests/fixtures/src, built by tests/fixtures/build.sh) under `wavescope exec`: a tiny
//! llama-style decoder layer whose later decode steps replay a step captured as a HIP graph (vLLM's and
//! PyTorch's decode path), a tour of graph capture's rules as HIP documents them, and a reduction benchmark over
//! block sizes 64..1024 with a last-work-group (threadfence + ticket) one-pass reduction. Each program checks its
//! own results against a host reference and prints PASSED; every captured launch replays bit-exactly under
//! `wavescope run --check`.

use std::path::PathBuf;
use std::time::Duration;

mod common;
use common::*;

fn bin(name: &str) -> PathBuf {
    fixture("bin").join(name)
}

fn exec(program: &str) -> (String, String, i32, serde_json::Value, PathBuf) {
    exec_captured("hip-r9", program, &[])
}

/// The program passes its own checks with `launches` launches, none faulting or with findings, and every
/// captured launch replays bit-exactly.
fn passes(program: &str, launches: usize) -> (String, String, PathBuf) {
    let (out, err, code, report, cap) = exec(program);
    assert_eq!(code, 0, "{program}:\n{out}\n{err}");
    assert!(
        out.contains("PASSED") && !out.contains("FAILED"),
        "{program}:\n{out}\n{err}"
    );
    assert_launches_clean(&report, &cap, launches, program, &err);
    (out, err, cap)
}

/// 8 decode steps of 10 launches: steps 0-3 launched one by one, 4-7 by `hipGraphLaunch` of step 4's capture
/// (the host input copied by the graph's memcpy node from a pinned buffer the host rewrites each step; the
/// position read from device memory, advanced by the graph's last kernel). The matvec launches pass a null
/// residual pointer: captured as `{"kind": "null"}` they replay bit-exactly (a one-byte buffer stood in for
/// null before, and the kernel, which tests the pointer, added garbage).
#[test]
fn llama_layer_graph_decode() {
    let (out, err, cap) = passes("llama_layer", 80);
    assert!(out.contains("8 decode steps (4 by graph replay)"), "{out}");
    assert!(!err.contains("not supported"), "{err}");
    let first = std::fs::read_to_string(cap.join("launch-0001/case.json")).unwrap();
    assert!(first.contains("\"kind\": \"null\""), "{first}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// Capture and replay of copies, fills and launches (arguments fixed at capture, the copy's host source read at
/// replay), a forked and joined second stream, a graph launched into another capture, and the refusals: the
/// null stream, a synchronisation inside a capture (hipErrorStreamCaptureUnsupported, the capture invalidated,
/// hipStreamEndCapture then hipErrorStreamCaptureInvalidated and a null graph, its launches never run), ending a
/// capture that is not under way (hipErrorIllegalState).
#[test]
fn graph_tour() {
    let (_, err, cap) = passes("graph_tour", 14);
    assert!(
        err.contains("hipStreamSynchronize on a capturing stream: the capture is invalidated"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&cap);
}

/// Sum over block sizes 64..1024 (template kernels, dynamic shared memory, __launch_bounds__ read back by
/// hipFuncGetAttributes), float max at two block sizes, and the one-pass last-block reduction sized by
/// hipOccupancyMaxPotentialBlockSize, run twice (the last group resets its ticket). The max's second pass reads
/// and writes one allocation through two arguments (`dm`, `dm + 32`): captured as a buffer and a pointer into it,
/// it replays (such launches were not captured before).
#[test]
fn reduce_bench() {
    let (out, _, cap) = passes("reduce_bench", 16);
    // reduce_max(dm, dm + 32, 32): the second argument is a pointer into the first one's allocation
    let second = std::fs::read_to_string(cap.join("launch-0011/case.json")).unwrap();
    assert!(
        second.contains("\"kind\": \"pointer\"") && second.contains("\"offset\": 128"),
        "{second}"
    );
    for b in [64, 128, 256, 512, 1024] {
        assert!(
            out.contains(&format!("block {b:4}: ")) && out.contains(&format!("max {b} threads")),
            "{out}"
        );
    }
    let _ = std::fs::remove_dir_all(&cap);
}

/// `exec --gdb attention` on the decode loop: gdb stops at a source line of the first attention launch (step 0,
/// before the graph), reads `lane` of thread 1 (wave 0, lane 0), and detaches; the program then runs its
/// other 7 attention launches (3 direct, 4 by graph replay) without stopping and passes. Before, every launch
/// of the kernel waited for gdb again, so the program hung after the first session.
#[test]
fn llama_layer_under_gdb_stops_once() {
    let src = std::fs::read_to_string(fixture("src/llama_layer.hip")).unwrap();
    let line = 1 + src
        .lines()
        .position(|l| l.contains("out[h * HD + lane] = o / sum;"))
        .unwrap();
    let brk = format!("break llama_layer.hip:{line}");
    let cap = scratch_dir("hip-r9", "gdb");
    let r = exec_under_gdb(
        "attention",
        |c| {
            c.arg(bin("llama_layer")).current_dir(&cap);
        },
        Duration::from_secs(120),
        &[&brk, "continue", "info line *$pc", "print lane", "detach"],
    );
    let all = r.all();
    assert!(
        r.gdb_out.contains(&format!("Line {line} of")) && r.gdb_out.contains("llama_layer.hip"),
        "{all}"
    );
    assert!(r.gdb_out.contains("$1 = 0"), "{all}");
    assert_eq!(r.code, Some(0), "{all}");
    assert!(r.program_out.contains("PASSED"), "{all}");
    assert_eq!(r.program_err.matches("waits for gdb").count(), 1, "{all}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// A program built with `-fdebug-compilation-dir=.` (build.sh, from hip/tests/fixtures) names its sources
/// relative to where it was compiled. Under `exec --gdb` the code object is written to a temporary directory, and
/// gdb's `list` found nothing there (round 10); the session's `source_dir` is now the directory the program runs
/// in, as gdb itself would resolve the paths, so `list` shows the source when the program runs where it was built.
#[test]
fn exec_gdb_lists_the_source_of_a_relative_build() {
    let src = std::fs::read_to_string(fixture("src/llama_layer.hip")).unwrap();
    let line = 1 + src
        .lines()
        .position(|l| l.contains("out[h * HD + lane] = o / sum;"))
        .unwrap();
    let brk = format!("break llama_layer.hip:{line}");
    let list = format!("list {line},{line}");
    let r = exec_under_gdb(
        "attention",
        |c| {
            c.arg(bin("llama_layer")).current_dir(fixture(""));
        },
        Duration::from_secs(120),
        &[&brk, "continue", &list, "detach"],
    );
    let all = r.all();
    assert!(
        r.gdb_out.contains(&format!("{line}\t"))
            && r.gdb_out.contains("out[h * HD + lane] = o / sum;"),
        "{all}"
    );
    assert!(r.program_out.contains("PASSED"), "{all}");
}

/// Built with the per-thread default stream (the launch, hipMemcpy(Async), hipMemset and hipStreamSynchronize
/// import their `_spt` entry points): the primary context (current, device, retain / state / release, an
/// invalid device refused), the device UUID, profiler start / stop, occupancy WithFlags, hipMemPtrGetInfo /
/// hipMemGetAddressRange on an interior pointer, hipHostGetFlags (unpinned memory refused), stream write-value
/// and wait-value with each of HIP's compare operations. All of these returned hipErrorNotSupported before.
#[test]
fn context_tour() {
    let data = std::fs::read(bin("context_tour")).unwrap();
    assert!(data.windows(19).any(|w| w == b"hipLaunchKernel_spt"));
    let (_, err, cap) = passes("context_tour", 1);
    assert!(!err.contains("not supported"), "{err}");
    let _ = std::fs::remove_dir_all(&cap);
}

/// A graph built node by node: a diamond of a copy in, a fill (4-byte elements), two kernels on the copied
/// input, an empty join node, a combining kernel whose dependency is added afterwards
/// (hipGraphAddDependencies), and a copy out; launched twice with new host input, the result exact; a
/// dependency cycle is refused at instantiation and a node of another graph as a dependency when added.
/// Graphs edited after they are built: every node kind HIP 5.2 exports without arrays, the structure read
/// back (types, roots, edges, dependencies), parameters changed on the graph and on the instantiated graph,
/// clone + find-in-clone, `hipGraphExecUpdate` accepted and refused, node and edge removal, and the shape of a
/// captured fork/join. The program checks every answer and every result on the host.
#[test]
fn graph_edit() {
    let (_, err, cap) = passes("graph_edit", 13);
    assert!(!err.contains("not supported"), "{err}");
    let _ = std::fs::remove_dir_all(&cap);
}

#[test]
fn graph_api() {
    let (_, err, cap) = passes("graph_api", 6);
    assert!(!err.contains("not supported"), "{err}");
    let _ = std::fs::remove_dir_all(&cap);
}
