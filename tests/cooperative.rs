//! Cooperative dispatches (tests/fixtures/cooperative: `two_phase` of hip/tests/fixtures/src/grid_sync.hip, 12
//! work-groups separated by two grid barriers, `ds_gws_barrier` from HIP 5.2's device library; outputs against
//! numpy in reference.py). The grid barrier waits for work-groups the batch schedule would start only later, so
//! the dispatch runs with every work-group resident (`engine::resident::run_co_resident`), and the report says
//! what that run leaves out. The GWS state machine itself is unit-tested in src/exec/gws.rs.

use std::path::PathBuf;
use wavescope::exec::FaultKind;
use wavescope::launch::RunOptions;
use wavescope::machine::{Machine, MachineOptions, Stop};
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/cooperative")
}

fn load(d: &std::path::Path, jobs: usize) -> Session {
    Session::load(
        d,
        &RunOptions {
            jobs,
            ..RunOptions::default()
        },
    )
    .unwrap()
}

#[test]
fn grid_barriers_run_with_every_work_group_resident() {
    let mut outputs = Vec::new();
    for jobs in [1, 2] {
        let s = load(&dir(), jobs);
        assert!(s.dispatch.cooperative && s.dispatch.needs_co_residency());
        let o = s.run(&RunConfig::full(RunOptions {
            jobs,
            ..RunOptions::default()
        }));
        assert!(o.fault.is_none(), "{:?}", o.fault);
        assert!(o.stats.co_resident);
        assert_eq!(o.stats.work_groups_done, 12);
        assert_eq!(o.stats.waves, 48);
        // every executed instruction counted (the fidelity section reads these)
        assert_eq!(
            o.stats.exec_counts.iter().sum::<u64>(),
            o.stats.wave_instructions
        );
        let note = o.report.co_resident.as_deref().unwrap_or_default();
        assert!(note.contains("no cycles or findings"), "{note}");
        let checks = s.check();
        assert_eq!(checks.len(), 4);
        assert!(checks.iter().all(|c| c.passed()), "{checks:?}");
        outputs.push(s.buffers());
    }
    assert_eq!(outputs[0], outputs[1], "--jobs changes nothing");
}

/// The debugger's and the TUI's machine (the same resident schedule) runs it to the end with the same outputs,
/// however few waves it would otherwise keep resident.
#[test]
fn the_machine_keeps_every_work_group_of_a_cooperative_dispatch_resident() {
    let mut m = Machine::new(
        load(&dir(), 1),
        MachineOptions {
            resident_waves: 4,
            ..MachineOptions::default()
        },
    );
    assert!(matches!(m.run_to_end(), Some(Stop::Exited)));
    assert!(m.session().check().iter().all(|c| c.passed()));
}

/// The same kernel in a dispatch that is not cooperative: the runtime gave it no GWS resources, and the first
/// `ds_gws_barrier` faults with that reason (a GPU aborts it).
#[test]
fn a_grid_barrier_outside_a_cooperative_dispatch_faults() {
    let tmp = std::env::temp_dir().join(format!("wavescope-coop-plain-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for e in std::fs::read_dir(dir()).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, tmp.join(p.file_name().unwrap())).unwrap();
    }
    let case = std::fs::read_to_string(tmp.join("case.json")).unwrap();
    std::fs::write(
        tmp.join("case.json"),
        case.replace("\"cooperative\": true", "\"cooperative\": false"),
    )
    .unwrap();
    let s = load(&tmp, 1);
    assert!(!s.dispatch.cooperative && !s.dispatch.needs_co_residency());
    let o = s.run(&RunConfig::full(RunOptions::default()));
    let f = o.fault.expect("no GWS without a cooperative launch");
    assert_eq!(f.kind, FaultKind::IllegalInstruction);
    assert!(
        f.detail.starts_with(
            "ds_gws_barrier: global wave sync in a dispatch that was not launched cooperatively"
        ),
        "{}",
        f.detail
    );
    assert_eq!(f.wave.work_group_flat, 0);
    let inst = s
        .dispatch
        .program
        .inst_at(f.pc)
        .expect("the fault names the GWS instruction");
    assert_eq!(inst.op, wavescope::isa::Op::DS_GWS_BARRIER);
    assert!(o.report.co_resident.is_none());
    let _ = std::fs::remove_dir_all(&tmp);
}
