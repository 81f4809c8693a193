//! Race checker, round 3 (docs/races.md): the scope of a release between work-groups, and the default's budget
//! counting only checked lane-accesses. Fixtures: tests/fixtures/races_r3 (races_r3.hip, clang-22 -g -O2 for
//! gfx950; build.sh regenerates them; the README says what clang emitted for each release and acquire).

#[path = "support/race_corpus.rs"]
mod race_corpus;

use race_corpus::{config, load, root, want, Corpus, Want};
use wavescope::observers::races::{RaceMode, RaceOptions};

fn corpus() -> Corpus {
    Corpus {
        dir: root().join("tests/fixtures/races_r3"),
        source: "races_r3.hip",
        listing: "races_r3.objdump.txt",
    }
}

fn line(anchor: &str, needle: &str) -> u32 {
    corpus().line(anchor, needle)
}

/// AMDGPUUsage's gfx942 memory model, as clang-22 compiles it for gfx950 (races_r3.objdump.txt): a release of
/// workgroup scope is the atomic store alone (the waves of a work-group share the CU's L1 and a wave's memory
/// operations complete in order); one of agent scope puts `buffer_wbl2 sc1; s_waitcnt vmcnt(0)` before it. A
/// reader in another work-group that acquires (`buffer_inv sc1`) what was released at workgroup scope only reads
/// data that may still sit in the producer's L2: a `release-scope` error at the reader. Inside one work-group
/// the workgroup scope is right and silent; with no acquire at all (`ticket_wg`: a workgroup-scope acq_rel
/// ticket emits no `buffer_inv`) it is an ordinary global race.
fn cases() -> Vec<(&'static str, Vec<Want>)> {
    let store = "global_store_dword";
    let load = "global_load_dword";
    let scope = |body: &str, w: &str, r: &str, rop: &'static str, n: u64| {
        vec![want(
            "release-scope",
            "error",
            "RAW",
            (line(body, w), store),
            (line(body, r), rop),
            n,
        )]
    };
    vec![
        // the 64 lanes x 4 bytes of data the consumer reads
        (
            "xwg_atomic_wg",
            scope(
                "xwg_atomic_body",
                "data[tid] = in[tid] * 3",
                "out[tid] = data[tid]",
                load,
                256,
            ),
        ),
        ("xwg_atomic_agent", vec![]),
        (
            "xwg_fence_block",
            scope(
                "xwg_fence_body",
                "data[tid] = in[tid] * 3",
                "out[tid] = data[tid]",
                load,
                256,
            ),
        ),
        ("xwg_fence", vec![]),
        ("inwg_atomic_wg", vec![]),
        ("inwg_fence_block", vec![]),
        // the last block reads the 3 other work-groups' partial sums (4 bytes each)
        (
            "lastblk_block",
            scope(
                "lastblk_body",
                "partial[b] = v",
                "total += partial[i]",
                "global_load_dwordx2",
                12,
            ),
        ),
        ("lastblk_agent", vec![]),
        (
            "ticket_wg",
            vec![want(
                "global",
                "error",
                "RAW",
                (line("ticket_body", "partial[b] = v"), store),
                (
                    line("ticket_body", "total += partial[i]"),
                    "global_load_dwordx2",
                ),
                12,
            )],
        ),
        ("ticket_agent", vec![]),
        ("oob_masked", vec![]),
    ]
}

/// Every case finds exactly what it should in the default run and under `--races`; a release-scope finding
/// names the missing buffer_wbl2 and the releasing atomic (its PC and source line).
#[test]
fn round3_release_scope_findings_default_and_full() {
    let c = corpus();
    let ops = c.mnemonics();
    let mut named = 0;
    let failures = c.run(cases(), |case, races| {
        for f in races.iter().filter(|f| f.kind == "release-scope") {
            let pc = f
                .release_pc
                .as_deref()
                .expect("release-scope names its release");
            let pc = u64::from_str_radix(pc.trim_start_matches("0x"), 16).unwrap();
            // the release site is the atomic store / ticket of the producer's body
            let op = ops.get(&pc).map(String::as_str).unwrap_or("?");
            assert!(
                op == "global_store_dword" || op == "global_atomic_add",
                "{case}: release at {pc:#x} is {op}"
            );
            let (body, needle) = match case {
                "xwg_atomic_wg" => ("xwg_atomic_body", "__hip_atomic_store(flag"),
                "xwg_fence_block" => ("xwg_fence_body", "__hip_atomic_store(flag"),
                _ => ("lastblk_body", "__hip_atomic_fetch_add(count"),
            };
            let want_line = line(body, needle);
            assert_eq!(
                race_corpus::src_line(&f.release_source),
                want_line,
                "{case}: {f:?}"
            );
            assert!(
                f.message.contains("missing buffer_wbl2")
                    && f.message.contains(&format!("races_r3.hip:{want_line}"))
                    && f.message.contains("buffer_wbl2 sc1"),
                "{case}: {}",
                f.message
            );
            named += 1;
        }
        for f in races.iter().filter(|f| f.kind != "release-scope") {
            assert!(f.release_pc.is_none(), "{case}: {f:?}");
        }
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    // three kernels, default and --races
    assert_eq!(named, 6);
}

/// The budget counts the lane-accesses the check makes: oob_masked (one wave) checks 16 + 12 lanes of its two
/// masked buffer loads and 64 of its store, 92 of the 192 active (hand-worked in races_r3.hip). A budget of 92
/// covers the run; 91 stops at the store, after the two loads' 28.
#[test]
fn the_budget_counts_only_checked_lanes() {
    let case = corpus().dir.join("case_oob_masked.json");
    let budget = |n| RaceOptions {
        global_budget: Some(n),
        ..RaceOptions::default()
    };
    let s = load(&case, 100_000);
    let o = s.run(&config(budget(92), 100_000));
    assert_eq!(o.report.race_mode, RaceMode::DefaultSmall);
    assert!(
        o.report.global_races_stopped.is_none(),
        "{:?}",
        o.report.global_races_stopped
    );
    let o = s.run(&config(budget(91), 100_000));
    let stop = o
        .report
        .global_races_stopped
        .as_ref()
        .expect("91 < 92 checked");
    assert_eq!(stop.accesses, 28, "{stop:?}");
    assert_eq!(
        race_corpus::src_line(&stop.source),
        line("oob_masked", "out[tid] = acc"),
        "{stop:?}"
    );
    // one budget short of the loads: the second load (12 lanes) is where it stops, after the first's 16
    let o = s.run(&config(budget(27), 100_000));
    let stop = o.report.global_races_stopped.as_ref().expect("27 < 28");
    assert_eq!(stop.accesses, 16, "{stop:?}");
}
