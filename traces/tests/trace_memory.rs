//! The memory system in the trace (`run --trace` with the cycle model's memory system, on by default): memory
//! instruction slices carry `lines` and the levels that served lines (`l1_hits`, `l2_hits`, `mall_hits`,
//! `hbm_lines`, each only when not 0) / `lds_cycles`, `conflict_cycles`; per-CU counter tracks
//! (L1 hit rate, LDS bank conflicts) and device tracks (L2, HBM bandwidth) add up to the run report's counters.
//! Facts: the memory-model microkernels of tests/fixtures/memory_model (hand-counted in tests/memory_model.rs:
//! the stride-32 load touches 64 lines, the store 2; lane stride 32 on 64 banks costs 31 conflict cycles per
//! `ds_*_b32`), and the report's counters for a many-work-group example. Every trace is checked by
//! `wavescope_traces::validate`.

mod common;

use common::{example, tmp, validate};
use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;
use wavescope_traces::validate::{Arg, Trace};
use wavescope_traces::writer::{TraceConfig, MEMORY_SAMPLE_CYCLES};
use wavescope_traces::TraceOptions;

fn micro(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/memory_model")
        .join(format!("case_{name}.json"))
}

fn traced(
    path: &std::path::Path,
    tag: &str,
    jobs: usize,
) -> (Trace, wavescope::pipeline::RunResult) {
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let s = Session::load(path, &opts).unwrap();
    let out = tmp(&format!("memory_{tag}_{jobs}.pftrace"));
    let r = wavescope_traces::run_traced(
        &s,
        &RunConfig::full(opts),
        &out,
        TraceConfig::default(),
        &TraceOptions::default(),
    )
    .unwrap();
    assert!(r.run.fault.is_none());
    (validate(&out), r.run)
}

fn arg(s: &wavescope_traces::validate::Slice, k: &str) -> Option<u64> {
    s.args
        .iter()
        .find(|(n, _)| n == k)
        .and_then(|(_, v)| match v {
            Arg::Uint(u) => Some(*u),
            Arg::Int(i) => Some(*i as u64),
            _ => None,
        })
}

/// Σ of a counter track's values, by the track's name.
fn track_sum(t: &Trace, name: &str) -> f64 {
    let uuid = t
        .tracks
        .values()
        .find(|x| x.name == name)
        .unwrap_or_else(|| panic!("no track {name:?}"))
        .uuid;
    t.counters
        .iter()
        .filter(|c| c.track == uuid)
        .map(|c| c.value)
        .sum()
}

#[test]
fn memory_slices_carry_lines_hits_and_conflicts() {
    let (t, _) = traced(&micro("strided"), "strided", 1);
    let load = t
        .slices
        .iter()
        .find(|s| s.name == "global_load_dword")
        .expect("the load's slice");
    assert_eq!(arg(load, "lines"), Some(64));
    // a cold cache: every line from HBM
    assert_eq!(arg(load, "hbm_lines"), Some(64));
    // levels that served no line are left out (0)
    assert_eq!(arg(load, "l1_hits"), None);
    let store = t
        .slices
        .iter()
        .find(|s| s.name == "global_store_dword")
        .unwrap();
    assert_eq!(arg(store, "lines"), Some(2));
    // non-memory slices have no memory arguments
    assert!(t
        .slices
        .iter()
        .filter(|s| s.name.starts_with("v_"))
        .all(|s| arg(s, "lines").is_none()));

    let (t, _) = traced(&micro("lds_stride_32"), "lds32", 1);
    for name in ["ds_write_b32", "ds_read_b32"] {
        let s = t.slices.iter().find(|s| s.name == name).unwrap();
        assert_eq!(arg(s, "lds_cycles"), Some(32), "{name}");
        assert_eq!(arg(s, "conflict_cycles"), Some(31), "{name}");
        assert_eq!(arg(s, "lines"), None, "{name}");
    }
    let w = MEMORY_SAMPLE_CYCLES;
    assert_eq!(
        track_sum(&t, &format!("CU 0 LDS bank conflict cycles / {w} cycles")),
        62.0
    );
}

/// On a dispatch of many work-groups over many CUs: the per-CU LDS conflict tracks and the per-instruction
/// arguments add up to the report's counters; the device's HBM bandwidth track, turned back into bytes
/// (GB/s x bucket time), gives the report's HBM bytes within the rounding of each sample to 1 GB/s; the
/// per-CU L1 hit-rate tracks stay within 0-100 %.
#[test]
fn counter_tracks_add_up_to_the_report() {
    for name in ["rodinia_pathfinder", "polybench_gemm_64"] {
        let (t, r) = traced(&example(name), name, 2);
        let c = r.timing.as_ref().unwrap().counters.clone().unwrap();
        let m = r.timing.as_ref().unwrap().metrics.clone().unwrap();
        let lines: u64 = t.slices.iter().filter_map(|s| arg(s, "lines")).sum();
        assert_eq!(lines, c.TCP_TOTAL_CACHE_ACCESSES_sum, "{name}");
        let confl: u64 = t
            .slices
            .iter()
            .filter_map(|s| arg(s, "conflict_cycles"))
            .sum();
        assert_eq!(confl, c.SQ_LDS_BANK_CONFLICT, "{name}");
        let hbm: u64 = t.slices.iter().filter_map(|s| arg(s, "hbm_lines")).sum();
        assert_eq!(hbm, c.TCC_EA0_RDREQ_sum + c.TCC_EA0_WRREQ_sum, "{name}");
        let conflict_tracks: f64 = t
            .tracks
            .values()
            .filter(|x| x.name.contains("LDS bank conflict cycles"))
            .map(|x| track_sum(&t, &x.name))
            .sum();
        assert_eq!(conflict_tracks as u64, c.SQ_LDS_BANK_CONFLICT, "{name}");
        for x in t
            .tracks
            .values()
            .filter(|x| x.name.ends_with("L1 hit rate %"))
        {
            for v in t.counters.iter().filter(|v| v.track == x.uuid) {
                assert!((0.0..=100.0).contains(&v.value), "{name}: {}", x.name);
            }
        }
        // GB/s per sample -> bytes: value x 1e9 x width / clock (1 GHz trace clock: width ns)
        let samples = t
            .counters
            .iter()
            .filter(|v| {
                t.tracks
                    .get(&v.track)
                    .is_some_and(|x| x.name == "HBM bandwidth GB/s")
            })
            .count() as f64;
        let width = width_of(&t);
        let bytes = track_sum(&t, "HBM bandwidth GB/s") * width;
        let exact = m.bytes_hbm as f64;
        assert!(
            (bytes - exact).abs() <= 0.5 * width * samples,
            "{name}: {bytes} vs {exact}"
        );
        assert!(bytes > 0.0, "{name}");
    }
}

/// The bucket width in cycles (ns at the 1 GHz trace clock), from the conflict track's name.
fn width_of(t: &Trace) -> f64 {
    t.tracks
        .values()
        .find_map(|x| {
            x.name
                .split("LDS bank conflict cycles / ")
                .nth(1)?
                .strip_suffix(" cycles")?
                .parse()
                .ok()
        })
        .unwrap_or(MEMORY_SAMPLE_CYCLES as f64)
}

/// With the memory system the trace is still the same bytes for `--jobs 1` and `--jobs 2` (each XCD's caches
/// see their work-groups in flat order on one thread; the counter tracks are sums merged at the end).
#[test]
fn memory_trace_is_the_same_for_1_and_2_jobs() {
    let p = example("polybench_gemm_64");
    let (_, a) = traced(&p, "det", 1);
    let (_, b) = traced(&p, "det", 2);
    assert_eq!(a.timing, b.timing);
    let one = std::fs::read(tmp("memory_det_1.pftrace")).unwrap();
    let two = std::fs::read(tmp("memory_det_2.pftrace")).unwrap();
    assert!(
        one == two,
        "the traces differ ({} vs {} bytes)",
        one.len(),
        two.len()
    );
}
