//! `wavescope profile --json` with the memory system (docs/memory-model.md): per instruction and per source line
//! `memory_system` figures that sum to the report's `counters`, the same JSON for `--jobs 1` and `--jobs 2`, and
//! the hand-counted facts of the memory-model microkernels (tests/memory_model.rs: the stride-32 load touches 64
//! lines, the coalesced store 2; lane stride 32 on 64 LDS banks costs 31 conflict cycles per instruction).

mod common;

use common::{root, wavescope};
use serde_json::Value;

fn profile(manifest: &str, jobs: &str) -> Value {
    let p = root().join(manifest);
    let (code, out, err) = wavescope(&[
        "profile",
        p.to_str().unwrap(),
        "--jobs",
        jobs,
        "--json",
        "-",
    ]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn sum(rows: &Value, k: &str) -> u64 {
    rows.as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["memory_system"][k].as_u64())
        .sum()
}

#[test]
fn per_instruction_and_line_sums_are_the_counters_for_any_jobs() {
    for m in ["examples/polybench_gemm_64", "examples/rodinia_pathfinder"] {
        let a = profile(m, "1");
        let b = profile(m, "2");
        assert_eq!(a, b, "{m}: --jobs 1 and 2");
        let c = &a["counters"];
        for rows in [&a["instructions"], &a["lines"]] {
            for (k, counter) in [
                ("lines", "TCP_TOTAL_CACHE_ACCESSES_sum"),
                ("requests", "TA_TOTAL_WAVEFRONTS_sum"),
                ("l2_hits", "TCC_HIT_sum"),
                ("l2_read_req", "TCP_TCC_READ_REQ_sum"),
                ("l2_write_req", "TCP_TCC_WRITE_REQ_sum"),
                ("hbm_read_req", "TCC_EA0_RDREQ_sum"),
                ("hbm_write_req", "TCC_EA0_WRREQ_sum"),
                ("bank_conflict_cycles", "SQ_LDS_BANK_CONFLICT"),
                ("lds_cycles", "SQ_LDS_IDX_ACTIVE"),
            ] {
                assert_eq!(sum(rows, k), c[counter].as_u64().unwrap(), "{m}: {k}");
            }
        }
        assert!(a["metrics"]["roofline_bound"].is_string());
    }
}

/// The round-2 microkernels (tests/memory_r2.rs) through the CLI: per-instruction sums equal the counters for
/// `--jobs 1` and `2`, scratch and FLAT-to-LDS instructions included (requests without lines).
#[test]
fn memory_r2_sums_are_the_counters() {
    for m in [
        "scratch",
        "flat_lds",
        "l2_share",
        "buf_ld",
        "gload_lds",
        "reuse_48k_rev",
    ] {
        let m = format!("tests/fixtures/memory_r2/case_{m}.json");
        let a = profile(&m, "1");
        assert_eq!(a, profile(&m, "2"), "{m}: --jobs 1 and 2");
        let c = &a["counters"];
        for (k, counter) in [
            ("lines", "TCP_TOTAL_CACHE_ACCESSES_sum"),
            ("requests", "TA_TOTAL_WAVEFRONTS_sum"),
            ("l2_hits", "TCC_HIT_sum"),
            ("l2_read_req", "TCP_TCC_READ_REQ_sum"),
            ("l2_write_req", "TCP_TCC_WRITE_REQ_sum"),
            ("hbm_read_req", "TCC_EA0_RDREQ_sum"),
            ("hbm_write_req", "TCC_EA0_WRREQ_sum"),
            ("bank_conflict_cycles", "SQ_LDS_BANK_CONFLICT"),
            ("lds_cycles", "SQ_LDS_IDX_ACTIVE"),
        ] {
            assert_eq!(
                sum(&a["instructions"], k),
                c[counter].as_u64().unwrap(),
                "{m}: {k}"
            );
        }
    }
    // 128 scratch stores, a scratch load, the global load and store: 131 requests, 4 lines
    let v = profile("tests/fixtures/memory_r2/case_scratch.json", "1");
    assert_eq!(v["counters"]["TA_TOTAL_WAVEFRONTS_sum"], 131);
    assert_eq!(sum(&v["instructions"], "requests"), 131);
    assert_eq!(sum(&v["instructions"], "lines"), 4);
}

fn inst<'a>(v: &'a Value, starts: &str) -> &'a Value {
    v["instructions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["text"].as_str().unwrap().starts_with(starts))
        .unwrap_or_else(|| panic!("no {starts}"))
}

#[test]
fn microkernel_lines_and_conflicts() {
    let v = profile("tests/fixtures/memory_model/case_strided.json", "1");
    let load = &inst(&v, "global_load_dword")["memory_system"];
    assert_eq!(load["lines"], 64);
    assert_eq!(load["lines_per_request"], 64.0);
    assert_eq!(load["level"], "HBM");
    // every cycle of its latency is hidden or exposed at the level it came from
    let hbm = &load["by_level"]["HBM"];
    assert_eq!(
        hbm["latency"].as_u64().unwrap(),
        hbm["hidden"].as_u64().unwrap() + hbm["exposed"].as_u64().unwrap()
    );
    assert_eq!(hbm["latency"], inst(&v, "global_load_dword")["latency"]);
    assert_eq!(inst(&v, "global_store_dword")["memory_system"]["lines"], 2);
    assert_eq!(inst(&v, "v_add_f32")["memory_system"], Value::Null);

    let v = profile("tests/fixtures/memory_model/case_lds_stride_32.json", "1");
    for i in ["ds_write_b32", "ds_read_b32"] {
        let m = &inst(&v, i)["memory_system"];
        assert_eq!(m["bank_conflict_cycles"], 31, "{i}");
        assert_eq!(m["lds_cycles"], 32, "{i}");
        assert_eq!(m["level"], "LDS", "{i}");
    }
}
