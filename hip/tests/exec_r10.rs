//! Round-10 HIP programs (tests/fixtures/src, built by tests/fixtures/build.sh) under `wavescope exec`:
//! `memory_tour` (pitched 2D copies and memsets, the memset family at odd offsets, zero-copy through
//! hipHostMalloc(Mapped) and hipHostRegister(Mapped) memory, __device__ / __constant__ symbols copied at offsets
//! and reached through hipGetSymbolAddress) and `occupancy_streams` (launch shapes from hipFuncGetAttributes,
//! hipDeviceGetAttribute and the occupancy calculator, 96 KiB of dynamic LDS after hipFuncSetAttribute, four
//! non-blocking streams joined by events without timing, stream callbacks in order). Each program checks its own
//! results against a host reference and prints PASSED; every captured launch replays bit-exactly under
//! `wavescope run --check`.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

mod common;
use common::*;

/// `wavescope exec --capture DIR --report DIR/report.json -- PROGRAM`; asserts the program passed with
/// `launches` launches, none faulting or with findings, every one captured and replayed bit-exactly. Returns
/// (stdout, stderr, capture dir).
fn passes(program: &str, launches: usize) -> (String, String, PathBuf) {
    let (out, err, code, report, cap) = exec_captured("hip-r10", program, &[]);
    assert_eq!(code, 0, "{program}:\n{out}\n{err}");
    assert!(
        out.contains(&format!("{program} PASSED")) && !out.contains("FAILED"),
        "{program}:\n{out}\n{err}"
    );
    assert!(!err.contains("not supported"), "{err}");
    assert!(!err.contains("not captured"), "{err}");
    assert_launches_clean(&report, &cap, launches, program, &err);
    (out, err, cap)
}

fn case(cap: &std::path::Path, launch: usize) -> serde_json::Value {
    let p = cap.join(format!("launch-{launch:04}/case.json"));
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// Launch 1 reads a malloc'd buffer registered with hipHostRegister (16-byte aligned): it used to be refused
/// at replay ("address ... is not 256-byte aligned"); the capture now places the buffer at the aligned address
/// below with zero bytes first and the kernel's pointer `offset` bytes in. Launch 2 accumulates into a
/// `__device__` array through hipGetSymbolAddress's pointer: it used to be left out of the capture ("not an
/// allocation of this program"); it is now a `{"kind": "global", "symbol": "accum"}` argument.
#[test]
fn memory_tour_pitched_zero_copy_and_symbols() {
    let (_, _, cap) = passes("memory_tour", 3);
    let c1 = case(&cap, 1);
    let a0 = &c1["args"][0];
    let addr =
        u64::from_str_radix(a0["address"].as_str().unwrap().trim_start_matches("0x"), 16).unwrap();
    let off = a0["offset"].as_u64().unwrap_or(0);
    assert_eq!(addr % 256, 0, "{a0}");
    assert!(
        off > 0 && off < 256,
        "a registered malloc'd buffer is not 256-byte aligned: {a0}"
    );
    let c2 = case(&cap, 2);
    assert_eq!(c2["args"][0]["kind"], "global", "{c2}");
    assert_eq!(c2["args"][0]["symbol"], "accum", "{c2}");

    // the `global` kind refuses what it cannot place, with the argument and the symbol named (exit 2)
    let d = cap.join("launch-0002");
    for (edit, want) in [
        (r#""symbol": "nosuch""#, "no variable `nosuch`"),
        (
            r#""symbol": "accum", "offset": 4096"#,
            "past the end of `accum`'s 32 bytes",
        ),
    ] {
        let mut j = c2.clone();
        let e: serde_json::Value =
            serde_json::from_str(&format!("{{\"kind\": \"global\", {edit}}}")).unwrap();
        j["args"][0] = e;
        std::fs::write(d.join("bad.json"), serde_json::to_string(&j).unwrap()).unwrap();
        let mut c = Command::new(wavescope());
        c.arg("run").arg(d.join("bad.json"));
        let (o, code) = run(c, Duration::from_secs(60));
        let (out, err) = text(&o);
        assert_eq!(code, 2, "{out}\n{err}");
        assert!(err.contains(want) && err.contains("args[0]"), "{err}");
    }
    let _ = std::fs::remove_dir_all(&cap);
}

/// Occupancy answers size the launches (block 256 from __launch_bounds__, dynamic LDS per thread), a 96 KiB
/// dynamic LDS launch after hipFuncSetAttribute, 12 stream launches joined by events created with
/// hipEventDisableTiming, whose hipEventElapsedTime must be hipErrorInvalidHandle (it returned a time before).
#[test]
fn occupancy_streams_callbacks_and_events() {
    let (out, _, cap) = passes("occupancy_streams", 15);
    assert!(out.contains("(block 256,"), "{out}");
    let _ = std::fs::remove_dir_all(&cap);
}
