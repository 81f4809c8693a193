//! Race checker, round 2 (docs/races.md): the default's global check (small dispatches, a budget of global
//! lane-accesses, the report's `race_mode`), and the racy-kernel corpus of tests/fixtures/races_r2 (races_r2.hip,
//! clang-22 -g -O2 for gfx950): realistic bugs, each beside a correct twin that must stay silent.

#[path = "support/race_corpus.rs"]
mod race_corpus;

use race_corpus::{config, load, root, want, Corpus, Want};
use std::path::PathBuf;
use wavescope::observers::races::{
    RaceMode, RaceOptions, DEFAULT_GLOBAL_BUDGET, SMALL_DISPATCH_WAVES,
};

// ---- the default's budget ---------------------------------------------------------------------------------

/// debugger/tests/fixtures/spin: two work-groups of one wave spinning on a global flag nobody sets. The default
/// checks the flag loads until its budget runs out, says where once, and the run goes on to the instruction
/// budget without checking (session 19's small-dispatch default without a budget took minutes here).
#[test]
fn the_default_global_check_stops_at_its_budget_and_says_where() {
    let case = root().join("debugger/tests/fixtures/spin/case.json");
    // enough wave-instructions for the spin loop's 64-lane flag loads to pass the budget
    let max = 4 * DEFAULT_GLOBAL_BUDGET;
    let s = load(&case, max);
    let o = s.run(&config(RaceOptions::default(), max));
    assert_eq!(o.report.race_mode, RaceMode::DefaultSmall);
    let stop = o
        .report
        .global_races_stopped
        .as_ref()
        .expect("the spinning loads pass the budget: the report says where the check stopped");
    // counted per lane: the load that would pass the budget is the first one not checked
    assert!(
        stop.accesses <= DEFAULT_GLOBAL_BUDGET && stop.accesses + 64 > DEFAULT_GLOBAL_BUDGET,
        "{stop:?}"
    );
    assert!(stop.wave <= 1, "{stop:?}");
    assert!(
        stop.source
            .as_deref()
            .is_some_and(|l| l.starts_with("spin.cl:")),
        "{stop:?}"
    );
    assert!(
        stop.message.contains(&format!(
            "global race checking stopped after {} accesses at wave {} PC {}",
            stop.accesses, stop.wave, stop.pc
        )) && stop.message.contains("rerun with --races"),
        "{}",
        stop.message
    );
    assert_eq!(o.report.fault.as_ref().unwrap().kind, "instruction limit");
    assert!(o.report.races.is_empty(), "{:?}", o.report.races);
    let json = serde_json::to_value(&o.report).unwrap();
    assert_eq!(json["race_mode"], "default-small");
    assert_eq!(json["global_races_stopped"]["accesses"], stop.accesses);
    // --races: the whole dispatch, no budget
    let o = s.run(&config(RaceOptions::full(), max));
    assert_eq!(o.report.race_mode, RaceMode::Full);
    assert!(o.report.global_races_stopped.is_none());
    // --no-races
    let o = s.run(&config(RaceOptions::off(), 1000));
    assert_eq!(o.report.race_mode, RaceMode::Off);
}

/// The default's global check covers dispatches of at most `SMALL_DISPATCH_WAVES` waves, whatever the size of
/// their buffers (session 21: the shadow is lazy): the 1024 Triton GEMMs (256 waves, 2-6 MiB of buffers) are
/// inside; gemm 512 (4096 waves) runs LDS-only, and the report says so.
#[test]
fn large_dispatches_run_the_default_lds_only() {
    for (ex, small) in [
        ("polybench_gemm_512", false),
        ("triton_matmul_fp8_1024", true),
        ("triton_matmul_bf16_1024", true),
        ("polybench_gemm_64", true),
        ("triton_matmul_fp8", true),
    ] {
        let s = load(&root().join("examples").join(ex).join("case.json"), 1000);
        assert_eq!(
            s.dispatch.wave_count() <= SMALL_DISPATCH_WAVES,
            small,
            "{ex}"
        );
        let r = RaceOptions::default().for_dispatch(&s.dispatch);
        assert_eq!(
            r.mode(),
            if small {
                RaceMode::DefaultSmall
            } else {
                RaceMode::LdsOnly
            },
            "{ex}"
        );
        // --races and --no-races do not depend on the dispatch
        assert_eq!(
            RaceOptions::full().for_dispatch(&s.dispatch).mode(),
            RaceMode::Full
        );
        assert_eq!(
            RaceOptions::off().for_dispatch(&s.dispatch).mode(),
            RaceMode::Off
        );
    }
    // the flags, as `run` and `exec` read them
    assert_eq!(
        RaceOptions::from_flags(false, false),
        RaceOptions::default()
    );
    assert_eq!(RaceOptions::from_flags(true, false), RaceOptions::full());
    assert_eq!(RaceOptions::from_flags(false, true), RaceOptions::off());
}

// ---- the corpus -------------------------------------------------------------------------------------------

fn r2() -> PathBuf {
    root().join("tests/fixtures/races_r2")
}

fn corpus() -> Corpus {
    Corpus {
        dir: r2(),
        source: "races_r2.hip",
        listing: "races_r2.objdump.txt",
    }
}

fn line(anchor: &str, needle: &str) -> u32 {
    corpus().line(anchor, needle)
}

/// Every case: its findings in the default run and under `--races` (every case is a small dispatch, so both
/// check global memory, and agree), and its outputs where the kernel is deterministic.
fn cases() -> Vec<(&'static str, Vec<Want>)> {
    let store = "global_store_dword";
    let load = "global_load_dword";
    vec![
        // two work-groups write the halo row: the tile's own store, then the next work-group's halo store;
        // 3 work-group pairs x 16 lanes x 4 bytes
        (
            "tile_overlap",
            vec![want(
                "global",
                "error",
                "WAW",
                (line("tile_body", "out[row * 16 + col] ="), store),
                (line("tile_body", "halo row"), store),
                192,
            )],
        ),
        ("tile_exact", vec![]),
        // work-group 1 reads and writes the 16 bins work-group 0 wrote
        (
            "ghist_plain",
            vec![
                want(
                    "global",
                    "error",
                    "RAW",
                    (line("ghist_body", "else out[bin]"), store),
                    (line("ghist_body", "else out[bin]"), load),
                    256,
                ),
                want(
                    "global",
                    "error",
                    "WAW",
                    (line("ghist_body", "else out[bin]"), store),
                    (line("ghist_body", "else out[bin]"), store),
                    64,
                ),
            ],
        ),
        ("ghist_atomic", vec![]),
        // 3 later work-groups x 64 rows x 4 bytes, read and written
        (
            "splitk_plain",
            vec![
                want(
                    "global",
                    "error",
                    "RAW",
                    (line("splitk_body", "else out[row]"), store),
                    (line("splitk_body", "else out[row]"), load),
                    768,
                ),
                want(
                    "global",
                    "error",
                    "WAW",
                    (line("splitk_body", "else out[row]"), store),
                    (line("splitk_body", "else out[row]"), store),
                    768,
                ),
            ],
        ),
        ("splitk_atomic", vec![]),
        // the last block reads the 3 other partial sums (4 bytes each) no fence published
        (
            "lastblock_nofence",
            vec![want(
                "global",
                "error",
                "RAW",
                (line("lastblock_body", "partial[b] = s[0]"), store),
                (
                    line("lastblock_body", "total += partial[i]"),
                    "global_load_dwordx2",
                ),
                12,
            )],
        ),
        ("lastblock_fence", vec![]),
        // waves 1-3 (192 lanes x 4 bytes) read s[0] after wave 0's last add, no barrier between
        (
            "rfinal_nosync",
            vec![want(
                "lds",
                "error",
                "RAW",
                (line("rfinal_body", "s[tid] += s[tid + st]"), "ds_write_b32"),
                (line("rfinal_body", "out[tid] = s[0]"), "ds_read_b32"),
                768,
            )],
        ),
        ("rfinal_sync", vec![]),
        // tile 0's store (line 0 in the DWARF line table) and the first step's reads of other waves' elements
        (
            "dbuf_noprologue",
            vec![
                want(
                    "lds",
                    "error",
                    "RAW",
                    (0, "ds_write2st64_b32"),
                    (line("dbuf_body", "acc += buf[t & 1]"), "ds_read_b32"),
                    512,
                ),
                want(
                    "lds",
                    "error",
                    "WAR",
                    (line("dbuf_body", "acc += buf[t & 1]"), "ds_read_b32"),
                    (0, "ds_write2st64_b32"),
                    512,
                ),
            ],
        ),
        ("dbuf_ok", vec![]),
        // one release joins the two halves' barriers: the else branch's waves reach theirs first
        (
            "divsync_bad",
            vec![want(
                "divergent-barrier",
                "warning",
                "",
                (line("divsync_body", "} else {") + 1, "s_barrier"),
                (line("divsync_body", "if (tid < 128) {") + 1, "s_barrier"),
                1,
            )],
        ),
        ("divsync_ok", vec![]),
        ("warp32_tail", vec![]),
        ("lane_bcast", vec![]),
        // the 3 other work-groups' atomics on the plain reset's 4 bytes (read and written by each)
        (
            "mixed_plain_reset",
            vec![
                want(
                    "global",
                    "error",
                    "RAW",
                    (line("mixed_body", "out[0] = 0"), store),
                    (line("mixed_body", "atomicAdd(&out[0]"), "global_atomic_add"),
                    12,
                ),
                want(
                    "global",
                    "error",
                    "WAW",
                    (line("mixed_body", "out[0] = 0"), store),
                    (line("mixed_body", "atomicAdd(&out[0]"), "global_atomic_add"),
                    12,
                ),
            ],
        ),
        ("mixed_atomic_only", vec![]),
        ("private_stack", vec![]),
        ("shfl_only", vec![]),
        // the critical section's store is not released at agent scope: the unlocking atomicExch (no
        // buffer_wbl2 before it) orders it only for waves of its own work-group, and the next holder, in another
        // work-group, acquires (CAS + __threadfence: buffer_inv sc1): its load and store race with it, a missing
        // buffer_wbl2 (session 21: `release-scope`; session 20 called it a plain global race)
        (
            "lock_norelease",
            vec![
                want(
                    "release-scope",
                    "error",
                    "RAW",
                    (line("lock_body", "out[0] = out[0]"), store),
                    (line("lock_body", "out[0] = out[0]"), load),
                    12,
                ),
                want(
                    "release-scope",
                    "error",
                    "WAW",
                    (line("lock_body", "out[0] = out[0]"), store),
                    (line("lock_body", "out[0] = out[0]"), store),
                    12,
                ),
            ],
        ),
        ("lock_ok", vec![]),
        ("bytes_neighbours", vec![]),
        // every lane reads an element another wave's DMA writes, landing after the barrier
        (
            "dma_nowait",
            vec![want(
                "lds",
                "error",
                "RAW",
                (line("dma_body", "global_load_lds"), "global_load_lds_dword"),
                (
                    line("dma_body", "out[tid] = tile[255 - tid]"),
                    "ds_read_b32",
                ),
                1024,
            )],
        ),
        ("dma_wait", vec![]),
        // the producer's data (256 lanes x 4 bytes) read after a relaxed flag load with no buffer_inv after it
        // (round 1's flag_right, with the acquire fence, is the silent twin: tests/races.rs)
        (
            "flag_noacquire",
            vec![want(
                "global",
                "error",
                "RAW",
                (line("flag_noacquire", "data[tid] = in[tid] * 3"), store),
                (line("flag_noacquire", "out[tid] = data[tid]"), load),
                1024,
            )],
        ),
    ]
}

#[test]
fn round2_corpus_findings_default_and_full() {
    let failures = corpus().run(cases(), |_, _| {});
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
