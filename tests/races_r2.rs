//! Race checker, round 2 (docs/races.md): the default's global check (small dispatches, a budget of global
//! lane-accesses, the report's `race_mode`), and the racy-kernel corpus of tests/fixtures/races_r2 (races_r2.hip,
//! clang-22 -g -O2 for gfx950): realistic bugs, each beside a correct twin that must stay silent.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::observers::races::{RaceMode, RaceOptions, DEFAULT_GLOBAL_BUDGET};
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(case: &PathBuf, max: u64) -> Session {
    let opts = RunOptions {
        max_instructions: max,
        ..RunOptions::default()
    };
    Session::load(case, &opts).unwrap_or_else(|e| panic!("{}: {e}", case.display()))
}

fn config(races: RaceOptions, max: u64) -> RunConfig {
    RunConfig {
        races: Some(races),
        ..RunConfig::full(RunOptions {
            max_instructions: max,
            ..RunOptions::default()
        })
    }
}

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

/// The default's global check covers small dispatches only: gemm 512 (4096 waves) and the 1024 Triton GEMMs
/// (more than 2 MiB of buffers) run LDS-only, and the report says so.
#[test]
fn large_dispatches_run_the_default_lds_only() {
    for (ex, small) in [
        ("polybench_gemm_512", false),
        ("triton_matmul_fp8_1024", false),
        ("triton_matmul_bf16_1024", false),
        ("polybench_gemm_64", true),
        ("triton_matmul_fp8", true),
    ] {
        let s = load(&root().join("examples").join(ex).join("case.json"), 1000);
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

/// Line number (1-based) of the first line of races_r2.hip containing `needle` after the first line containing
/// `anchor` (the kernel's own body: several kernels share a line's text).
fn line(anchor: &str, needle: &str) -> u32 {
    let src = std::fs::read_to_string(r2().join("races_r2.hip")).unwrap();
    let lines: Vec<&str> = src.lines().collect();
    let from = lines
        .iter()
        .position(|l| l.contains(anchor))
        .unwrap_or_else(|| panic!("races_r2.hip has no line with {anchor:?}"));
    (from
        + lines[from..]
            .iter()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("races_r2.hip has no line with {needle:?} after {anchor:?}")))
        as u32
        + 1
}

/// PC -> mnemonic from the llvm-objdump-22 listing.
fn mnemonics() -> std::collections::HashMap<u64, String> {
    let text = std::fs::read_to_string(r2().join("races_r2.objdump.txt")).unwrap();
    let mut m = std::collections::HashMap::new();
    for l in text.lines() {
        let Some((inst, rest)) = l.split_once("//") else {
            continue;
        };
        let Some((pc, _)) = rest.trim().split_once(':') else {
            continue;
        };
        if let (Ok(pc), Some(op)) = (
            u64::from_str_radix(pc.trim(), 16),
            inst.split_whitespace().next(),
        ) {
            m.insert(pc, op.to_string());
        }
    }
    m
}

/// One expected finding: kind, severity, access, the first and second access (source line, or 0 where the
/// compiler gives the instruction line 0, and the instruction's mnemonic), conflicting byte accesses.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
struct Want {
    kind: &'static str,
    severity: &'static str,
    access: &'static str,
    first: (u32, &'static str),
    second: (u32, &'static str),
    occurrences: u64,
}

fn want(
    kind: &'static str,
    severity: &'static str,
    access: &'static str,
    first: (u32, &'static str),
    second: (u32, &'static str),
    occurrences: u64,
) -> Want {
    Want {
        kind,
        severity,
        access,
        first,
        second,
        occurrences,
    }
}

fn src_line(s: &Option<String>) -> u32 {
    // "races_r2.hip:17:23" -> 17
    s.as_deref()
        .and_then(|s| s.split(':').nth(1))
        .and_then(|l| l.parse().ok())
        .unwrap_or(0)
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
        // the critical section's store is not released: the next holder's load and store race with it
        (
            "lock_norelease",
            vec![
                want(
                    "global",
                    "error",
                    "RAW",
                    (line("lock_body", "out[0] = out[0]"), store),
                    (line("lock_body", "out[0] = out[0]"), load),
                    12,
                ),
                want(
                    "global",
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
    let ops = mnemonics();
    let mut failures = Vec::new();
    for (case, mut expected) in cases() {
        expected.sort();
        let path = r2().join(format!("case_{case}.json"));
        for (opts, mode) in [
            (RaceOptions::default(), RaceMode::DefaultSmall),
            (RaceOptions::full(), RaceMode::Full),
        ] {
            // a fresh load each time: the buffers keep what a run wrote
            let s = load(&path, 10_000_000);
            let o = s.run(&config(opts, 10_000_000));
            assert!(o.report.fault.is_none(), "{case}: {:?}", o.report.fault);
            assert_eq!(o.report.race_mode, mode, "{case}");
            assert!(o.report.global_races_stopped.is_none(), "{case}");
            let mut got: Vec<Want> = o
                .report
                .races
                .iter()
                .map(|f| {
                    let op = |pc: &str| {
                        let pc = u64::from_str_radix(pc.trim_start_matches("0x"), 16).unwrap();
                        ops.get(&pc).map(|s| s.as_str()).unwrap_or("?")
                    };
                    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
                    // the report's instruction text and the listing agree on the mnemonic
                    assert_eq!(
                        f.first_instruction.split_whitespace().next(),
                        Some(op(&f.first_pc)),
                        "{case}: {}",
                        f.message
                    );
                    Want {
                        kind: leak(f.kind.clone()),
                        severity: leak(f.severity.clone()),
                        access: leak(f.access.clone()),
                        first: (src_line(&f.first_source), leak(op(&f.first_pc).to_string())),
                        second: (
                            src_line(&f.second_source),
                            leak(op(&f.second_pc).to_string()),
                        ),
                        occurrences: f.occurrences,
                    }
                })
                .collect();
            got.sort();
            if got != expected {
                failures.push(format!(
                    "{case} ({}): got {got:#?}\nwant {expected:#?}",
                    mode.as_str()
                ));
            }
            // deterministic kernels: their outputs (a racy kernel whose result the emulator's order happens to
            // make right is checked as well: the finding is about the hardware's orders)
            for c in s.check() {
                assert!(c.passed(), "{case}: {}", wavescope::check::summary_line(&c));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
