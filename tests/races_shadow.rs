//! The LDS shadow's dword cells (src/observers/races: `LdsWord`, one cell per aligned dword while its four bytes
//! share their history) against the byte-by-byte shadow (`RaceChecker::bytewise`): identical findings (kind,
//! access, both instructions, waves, lanes, work-group, byte range, occurrences, error/benign) and identical
//! first-occurrence events, on
//! - every racy and clean kernel of tests/fixtures/races (LDS and global checking on), and
//! - the LDS kernels of the barrier sweep (tests/races_barrier_sweep.rs) as built and with each executed
//!   `s_barrier` turned into `s_nop 0` in turn, so that there are races to find (first work-group).
//!
//! The findings themselves are pinned by tests/races.rs and tests/races_barrier_sweep.rs; this test pins that
//! the dword cells give exactly what the byte cells give.

use std::path::{Path, PathBuf};
use wavescope::engine::run_observed;
use wavescope::exec::Program;
use wavescope::launch::{Dispatch, RunOptions};
use wavescope::observers::races::{RaceChecker, RaceFindings, RaceOptions, RaceTable};
use wavescope::session::Session;

const S_BARRIER: u32 = 0xbf8a_0000;
const S_NOP_0: u32 = 0xbf80_0000;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn opts() -> RunOptions {
    RunOptions {
        max_instructions: 50_000_000,
        jobs: 1,
        ..RunOptions::default()
    }
}

/// Findings and events of one run in full, one per line.
fn text(f: &RaceFindings, events: &[String]) -> String {
    let mut s: Vec<String> = f.raw.iter().map(|r| format!("{r:?}")).collect();
    s.extend(events.iter().cloned());
    s.join("\n")
}

/// (dword shadow, byte shadow) on `load()`'s dispatch (a fresh copy per run: runs change buffers).
fn both(load: &dyn Fn() -> Option<Session>, o: RaceOptions) -> Option<(String, String)> {
    let mut out = Vec::new();
    for bytewise in [false, true] {
        let s = load()?;
        let d: &Dispatch = &s.dispatch;
        let t = RaceTable::new(d);
        let (_, fault, checkers) = run_observed(d, &opts(), || {
            if bytewise {
                RaceChecker::bytewise(&t, &d.mem, o)
            } else {
                RaceChecker::new(&t, &d.mem, o)
            }
        });
        let events: Vec<String> = checkers
            .iter()
            .flat_map(|c| c.events().iter().map(|e| format!("{e:?}")))
            .collect();
        let f = RaceFindings::merge(checkers, fault.as_ref(), o);
        out.push(text(&f, &events));
    }
    let b = out.pop()?;
    let w = out.pop()?;
    Some((w, b))
}

fn manifests(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| {
                    let n = p.file_name().unwrap().to_string_lossy().to_string();
                    n.starts_with("case") && n.ends_with(".json")
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn dword_cells_match_byte_cells_on_the_race_fixtures() {
    let o = RaceOptions::new(true, true);
    let (mut n, mut with_findings) = (0, 0);
    for m in manifests(&root().join("tests/fixtures/races")) {
        let Some((w, b)) = both(&|| Session::load(&m, &opts()).ok(), o) else {
            continue;
        };
        assert_eq!(w, b, "{}: dword and byte shadow differ", m.display());
        n += 1;
        with_findings += (!b.is_empty()) as usize;
    }
    assert!(n >= 8, "{n} fixtures");
    assert!(with_findings >= 5, "{with_findings} fixtures with findings");
}

#[test]
fn dword_cells_match_byte_cells_without_each_barrier() {
    let o = RaceOptions::new(true, false);
    let cases = [
        "examples/rodinia_backprop",
        "examples/rodinia_pathfinder",
        "examples/triton_softmax",
        "examples/migraphx_dpp_reduce",
        "examples/triton_matmul_f16",
        // byte stores (ds_write_b8) whose four lanes fill a dword: the dword cell's per-byte lanes
        "examples/triton_matmul_fp8",
        "tests/fixtures/extra_kernels/rd_hotspot",
        "tests/fixtures/extra_kernels/ocl_mem_atomics",
        "tests/fixtures/extra_kernels/rd_nw",
        "tests/fixtures/extra_kernels/rd_srad_reduce",
        "tests/fixtures/extra_kernels/rd_streamcluster",
        "tests/fixtures/extra_kernels_hip/hip_radix_sort",
        "tests/fixtures/extra_kernels_hip/hip_softmax",
        "tests/fixtures/extra_kernels_hip/hip_lds_block",
        "tests/fixtures/extra_kernels_hip/hip_fences",
        "tests/fixtures/extra_kernels_r2/r2_atomics",
        "tests/fixtures/extra_kernels_r2/r2_fuzzmem1",
        "tests/fixtures/extra_kernels_r2/r2_big_lds",
        "tests/fixtures/extra_kernels_r2/r2_ocl_mix",
        "tests/fixtures/extra_kernels_r2/r2_dyn_lds",
    ];
    let (mut runs, mut with_findings) = (0, 0);
    for case in cases {
        let dir = root().join(case);
        let load = |patch: Option<usize>| {
            let mut s = Session::load(&dir, &opts()).ok()?;
            let d = &mut s.dispatch;
            // LDS races never cross work-groups: the first one is enough
            d.grid = d.block;
            if let Some(i) = patch {
                let p = &d.program;
                let off = (p.pcs[i] - p.base) as usize;
                let mut text = p.text.clone();
                text[off..off + 4].copy_from_slice(&S_NOP_0.to_le_bytes());
                d.program = Program::new(&text, p.base);
            }
            Some(s)
        };
        let barriers: Vec<usize> = {
            let s = load(None).expect(case);
            let p = &s.dispatch.program;
            (0..p.insts.len())
                .filter(|&i| {
                    let off = (p.pcs[i] - p.base) as usize;
                    p.text
                        .get(off..off + 4)
                        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
                        == Some(S_BARRIER)
                })
                .collect()
        };
        for patch in std::iter::once(None).chain(barriers.into_iter().map(Some)) {
            let (w, b) = both(&|| load(patch), o).expect(case);
            assert_eq!(
                w, b,
                "{case} (barrier patched: {patch:?}): dword and byte shadow differ"
            );
            runs += 1;
            with_findings += (!b.is_empty()) as usize;
        }
    }
    println!("{runs} runs, {with_findings} with findings");
    assert!(runs > 30, "{runs} runs");
    assert!(with_findings > 10, "{with_findings} runs with findings");
}
