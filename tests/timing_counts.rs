//! The cycle model's instruction-class counters (`TimingObserver::inst_counts`: SQ_WAVES, SQ_INSTS_VALU, _LDS,
//! _SMEM, _BRANCH, _MFMA and the MFMA operations of the run report's `counters`) come from the observer's own
//! per-instruction execution counts, bumped on `after`'s inline fast path and on its slow path. Checked here
//! against the engine's own per-instruction counts (`RunStats::exec_counts`, counted by the run loop) classed
//! from the instruction names as the ISA names them (v_* VALU, v_mfma_* MFMA with 2 x M x N x K operations from
//! its shape, ds_* LDS, s_load_* / s_buffer_load_* scalar memory, s_branch / s_cbranch_* branches), on
//! examples that run every class, with 1 and 2 host threads.

use std::path::PathBuf;
use std::sync::Arc;
use wavescope::engine::run_observed;
use wavescope::launch::RunOptions;
use wavescope::observers::memsys::counters::InstCounts;
use wavescope::observers::timing::{CycleModel, TimingObserver, TimingTable};
use wavescope::session::Session;

fn path(p: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// M x N x K of an MFMA from its name (`v_mfma_f32_32x32x8_f16`, `v_mfma_f32_16x16x128_f8f6f4`): the shape
/// field; None for other names. Every MFMA these examples run has one block.
fn mfma_mnk(name: &str) -> Option<u64> {
    name.strip_prefix("v_mfma_")?.split('_').find_map(|f| {
        let d: Vec<u64> = f
            .split('x')
            .map(|x| x.parse().ok())
            .collect::<Option<_>>()?;
        (d.len() == 3).then(|| d[0] * d[1] * d[2])
    })
}

/// (waves, VALU, LDS, SMEM, branch, MFMA, MFMA operations) from the engine's counts and the instruction names.
fn from_names(s: &Session, exec_counts: &[u64]) -> [u64; 7] {
    let mut c = [0u64; 7];
    c[0] = s.dispatch.wave_count();
    for (inst, &k) in s.dispatch.program.insts.iter().zip(exec_counts) {
        let n = inst.name();
        if let Some(mnk) = mfma_mnk(n) {
            c[5] += k;
            c[6] += k * 2 * mnk;
        } else if n.starts_with("v_") {
            c[1] += k;
        } else if n.starts_with("ds_") {
            c[2] += k;
        } else if n.starts_with("s_load_") || n.starts_with("s_buffer_load_") {
            c[3] += k;
        } else if n.starts_with("s_branch") || n.starts_with("s_cbranch") {
            c[4] += k;
        }
    }
    c
}

fn from_model(i: &InstCounts) -> [u64; 7] {
    let ops = i.mfma_ops_f16
        + i.mfma_ops_bf16
        + i.mfma_ops_f32
        + i.mfma_ops_f64
        + i.mfma_ops_i8
        + i.mfma_ops_f8;
    [i.waves, i.valu, i.lds, i.smem, i.branch, i.mfma, ops]
}

#[test]
fn class_counters_equal_the_engines_per_instruction_counts() {
    let mut seen = [0u64; 7];
    for ex in [
        "examples/polybench_gemm_64",
        "examples/rodinia_pathfinder",
        "examples/triton_matmul_f16",
        "examples/labnotes_mfma_f16_32x32x8",
    ] {
        for jobs in [1, 2] {
            let opts = RunOptions {
                jobs,
                ..RunOptions::default()
            };
            let s = Session::load(&path(ex), &opts).unwrap();
            let table = Arc::new(TimingTable::for_dispatch(
                &s.dispatch,
                CycleModel::default(),
            ));
            let (stats, fault, obs) =
                run_observed(&s.dispatch, &opts, || TimingObserver::new(table.clone()));
            assert!(fault.is_none(), "{ex}");
            let mut model = InstCounts::default();
            for o in &obs {
                model.add(&o.inst_counts());
            }
            let want = from_names(&s, &stats.exec_counts);
            assert_eq!(from_model(&model), want, "{ex}, --jobs {jobs}");
            for (t, w) in seen.iter_mut().zip(want) {
                *t += w;
            }
        }
    }
    // every class occurs in some example (the comparison is not of zeros)
    assert!(seen.iter().all(|&c| c > 0), "{seen:?}");
}
