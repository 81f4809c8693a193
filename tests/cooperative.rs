//! Cooperative dispatches (tests/fixtures/cooperative: `two_phase` of hip/tests/fixtures/src/grid_sync.hip, 12
//! work-groups separated by two grid barriers, `ds_gws_barrier` from HIP 5.2's device library; outputs against
//! numpy in reference.py). The grid barrier waits for work-groups the batch schedule would start only later, so
//! the dispatch runs with every work-group resident (`engine::resident::run_co_resident`), and the report says
//! what that run leaves out. The GWS state machine itself is unit-tested in src/exec/gws.rs.

#[path = "support/cooperative.rs"]
mod support;

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
        assert!(s.dispatch.cooperative() && s.dispatch.needs_co_residency());
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
        assert!(
            note.contains("the checkers saw that interleaving"),
            "{note}"
        );
        // the instruments ran on that schedule: the cycle model timed every work-group, and the checkers found
        // nothing in this correct kernel (the global race check on: a small dispatch)
        let t = o.report.timing.as_ref().expect("the cycle model ran");
        assert_eq!(t.work_groups, 12);
        assert!(o.report.cycles > 0);
        assert!(o.report.counters.is_some(), "the memory system ran");
        assert_eq!(o.report.race_mode.as_str(), "default-small");
        assert!(o.report.races.is_empty(), "{:?}", o.report.races);
        assert!(o.report.hazards.is_empty() && o.report.missing_waits.is_empty());
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

/// The machine with every instrument (what `serve --check` and the TUI turn on): the grid barriers order the
/// work-groups' accesses for its race checker too, so the correct kernel has no race.
#[test]
fn the_machine_checks_a_cooperative_dispatch_without_false_races() {
    let mut m = Machine::new(load(&dir(), 1), MachineOptions::default());
    m.configure(&RunConfig::full(RunOptions::default()));
    assert!(matches!(m.run_to_end(), Some(Stop::Exited)));
    let r = m.race_findings().expect("the race checker ran");
    assert!(r.raw.is_empty(), "{:?}", r.raw);
    assert!(m.session().check().iter().all(|c| c.passed()));
}

/// A copy of the fixture with its first `n` grid barriers patched out (tests/support/cooperative.rs).
fn without_grid_barriers(n: usize, tag: &str) -> PathBuf {
    support::without_grid_barriers(&dir(), n, tag)
}

/// The race checker in both directions on the grid barrier (worked by hand from grid_sync.hip): phase 1
/// writes partial[b] (line 26), phase 2 reads every partial (line 31), phase 3 writes in[b] (line 35) that phase
/// 1 read (line 16).
/// - both grid barriers: no race (the test above);
/// - the first one gone (the dispatch still needs every work-group resident for the second): exactly the
///   partial[] races across it, RAW 26 -> 31 and WAR 31 -> 26, each between two work-groups, and none across
///   the barrier that is left (16 -> 35);
/// - both gone (the batch schedule: work-group 0 runs whole before work-group 1 writes its partial): RAW 26 ->
///   31 and 26 -> 35, WAR 16 -> 35 on in[], and the WAR on partial[] named by its last reader before the write,
///   work-group 0's line 35 (its line-31 reads are ordered before that one by the s_barrier between them).
#[test]
fn a_missing_grid_sync_is_a_race_between_work_groups() {
    let lines = |o: &wavescope::session::Outcome| -> Vec<(String, String, String, String)> {
        let mut v: Vec<_> = o
            .report
            .races
            .iter()
            .map(|r| {
                let line = |s: &Option<String>| {
                    s.as_deref()
                        .and_then(|s| s.split(':').nth(1))
                        .unwrap_or("?")
                        .to_string()
                };
                (
                    r.access.clone(),
                    line(&r.first_source),
                    line(&r.second_source),
                    r.severity.clone(),
                )
            })
            .collect();
        v.sort();
        v
    };
    let d1 = without_grid_barriers(1, "nosync1");
    let s = load(&d1, 1);
    assert!(s.dispatch.needs_co_residency());
    let o = s.run(&RunConfig::full(RunOptions::default()));
    assert!(o.fault.is_none(), "{:?}", o.fault);
    assert!(o.stats.co_resident);
    let e = |a: &str, f: &str, g: &str| {
        (
            a.to_string(),
            f.to_string(),
            g.to_string(),
            "error".to_string(),
        )
    };
    assert_eq!(lines(&o), vec![e("RAW", "26", "31"), e("WAR", "31", "26")]);
    for r in &o.report.races {
        assert_eq!(r.kind, "global");
        assert_ne!(
            r.first_wave / 4,
            r.second_wave / 4,
            "two work-groups: {}",
            r.message
        );
    }
    let _ = std::fs::remove_dir_all(&d1);

    let d3 = without_grid_barriers(3, "nosync3");
    let s = load(&d3, 1);
    assert!(!s.dispatch.needs_co_residency());
    let o = s.run(&RunConfig::full(RunOptions::default()));
    assert!(!o.stats.co_resident);
    assert_eq!(
        lines(&o),
        vec![
            e("RAW", "26", "31"),
            e("RAW", "26", "35"),
            e("WAR", "16", "35"),
            e("WAR", "35", "26"),
        ]
    );
    let _ = std::fs::remove_dir_all(&d3);
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
    assert!(!s.dispatch.cooperative() && !s.dispatch.needs_co_residency());
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

/// The GWS handler's operands, from llvm-mc-22's encodings for gfx950: the resource is M0[21:16] + OFFSET0
/// (6 bits, wrapping), the value is the data VGPR of the first active lane (lane 0 when EXEC is 0), and the
/// semaphore P/V forms carry no value.
#[test]
fn gws_operands_decode_as_the_guide_says() {
    use wavescope::exec::{Apertures, Ctx, Flow, GlobalMemory, GwsOp, Program, Wave, WaveId};
    let text: Vec<u8> = [
        // ds_gws_barrier v2 offset:3 gds
        [0x03, 0x00, 0x3b, 0xd9, 0x02, 0x00, 0x00, 0x00],
        // ds_gws_init v4 offset:60 gds
        [0x3c, 0x00, 0x33, 0xd9, 0x04, 0x00, 0x00, 0x00],
        // ds_gws_sema_p offset:1 gds
        [0x01, 0x00, 0x39, 0xd9, 0x00, 0x00, 0x00, 0x00],
        // ds_gws_sema_br v6 gds
        [0x00, 0x00, 0x37, 0xd9, 0x06, 0x00, 0x00, 0x00],
    ]
    .concat();
    let base = 0x1000;
    let p = Program::new(&text, base);
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 64];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    let mut w = Wave::new(WaveId::default());
    for l in 0..64 {
        w.vreg[2][l] = 100 + l as u32;
        w.vreg[4][l] = 200 + l as u32;
        w.vreg[6][l] = 300 + l as u32;
    }
    w.set_exec(0xFFFF_FFFF_FFFF_FFF8); // first active lane: 3
    w.sgpr[124] = 5 << 16 | 0xABCD; // M0: resource base 5 (bits 21:16); the low bits do not matter
    let mut step = |w: &mut Wave, pc: u64| {
        w.pc = pc;
        p.step(w, &mut ctx).unwrap()
    };
    let gws = |op, rid, value| Flow::Gws { op, rid, value };
    assert_eq!(step(&mut w, base), gws(GwsOp::Barrier, 8, 103));
    // 5 + 60 wraps to resource 1
    assert_eq!(step(&mut w, base + 8), gws(GwsOp::Init, 1, 203));
    assert_eq!(step(&mut w, base + 16), gws(GwsOp::SemaP, 6, 0));
    w.set_exec(0);
    assert_eq!(step(&mut w, base + 24), gws(GwsOp::SemaBr, 5, 300));
}
