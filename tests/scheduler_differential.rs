//! The batch policy (`wavescope::engine::run_observed`: whole work-groups, one after another) and the resident policy
//! (`machine::Machine`: resident work-groups stepped round-robin, as gdb and the TUI drive it) are two schedules of
//! one step (`wavescope::engine::issue`). For every example they must give the same final memory and, per wave, the same
//! instruction stream (the PC, and the EXEC mask and STATUS after each instruction, in order): a wave's own execution cannot
//! depend on how the scheduler interleaves it with others (the examples have no inter-work-group races).
//! The resident runs use pseudo-random quanta (fixed seed, so a failure replays): one work-group resident at a
//! time, several resident work-groups, and one run that steps a single wave at a time with the others held
//! ("scheduler locking"). Both policies also find the same hazards and missing waits, fault identically (a
//! faulting copy of gemm_64), and obey the budget and the stop flag alike.
//!
//! Skipped for size: examples whose name ends in `_512` (polybench_gemm_512, 29.5 M wave-instructions; the
//! benchmark case) — every other example with a `case.json` runs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use wavescope::engine::run_observed;
use wavescope::exec::observe::Observer;
use wavescope::exec::{FaultKind, Flow, Wave};
use wavescope::isa::Inst;
use wavescope::launch::{RunControl, RunFault, RunOptions};
use wavescope::machine::{Action, Machine, MachineOptions, Plan, Stop};
use wavescope::observers::hazards::HazardEvent;
use wavescope::observers::timing::CycleModel;
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

/// Per wave: instructions and a hash of (PC before, EXEC and STATUS after) of each, in order.
type Streams = BTreeMap<u32, (u64, u64)>;

struct Recorder {
    local: Streams,
    out: Arc<Mutex<Streams>>,
}

impl Recorder {
    fn new(out: &Arc<Mutex<Streams>>) -> Recorder {
        Recorder {
            local: Streams::new(),
            out: out.clone(),
        }
    }
}

impl Observer for Recorder {
    fn after(&mut self, w: &Wave, _idx: usize, _inst: &Inst, pc: u64, _flow: Flow) {
        let e = self
            .local
            .entry(w.id.wave)
            .or_insert((0, 0xcbf2_9ce4_8422_2325));
        e.0 += 1;
        // STATUS too: IN_BARRIER is set at s_barrier and cleared at the release, by both policies alike
        for x in [pc, w.exec(), w.status as u64] {
            e.1 = (e.1 ^ x).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl Drop for Recorder {
    fn drop(&mut self) {
        let mut g = self.out.lock().unwrap();
        for (k, v) in std::mem::take(&mut self.local) {
            assert!(g.insert(k, v).is_none(), "wave {k} recorded twice");
        }
    }
}

fn example_dirs() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("case.json").exists())
        // the 512^3 gemm is a benchmark case, too slow for the test suite
        .filter(|p| !p.file_name().unwrap().to_string_lossy().ends_with("_512"))
        .collect();
    v.sort();
    v
}

/// A small deterministic generator (xorshift), so a failure replays.

struct Result {
    buffers: Vec<(usize, Vec<u8>)>,
    streams: Streams,
}

fn batch(dir: &Path, jobs: usize) -> Result {
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let s = Session::load(dir, &opts).unwrap();
    let out = Arc::new(Mutex::new(Streams::new()));
    let (stats, fault, obs) = run_observed(&s.dispatch, &opts, || Recorder::new(&out));
    drop(obs);
    assert!(fault.is_none(), "{}: {fault:?}", dir.display());
    let streams = std::mem::take(&mut *out.lock().unwrap());
    assert_eq!(
        streams.values().map(|v| v.0).sum::<u64>(),
        stats.wave_instructions,
        "{}",
        dir.display()
    );
    Result {
        buffers: s.buffers(),
        streams,
    }
}

/// Wave-cycles (waitcnt, barrier, counter full, MFMA busy) summed over the waves.
type StallSums = [u64; 4];

/// The cycle model without its memory system: a cache's state depends on the global order of every wave's
/// accesses, which the two policies interleave differently, so only the fixed-latency model is a per-wave function
/// of the wave's own stream (and its work-group's barriers), the same under both.
fn model_without_memory_system() -> CycleModel {
    CycleModel {
        memory_system: None,
        ..CycleModel::default()
    }
}

fn batch_timing(dir: &Path) -> StallSums {
    let opts = RunOptions::default();
    let s = Session::load(dir, &opts).unwrap();
    let config = RunConfig {
        cycle_model: Some(model_without_memory_system()),
        ..RunConfig::plain(opts)
    };
    let r = wavescope::pipeline::run(&s.dispatch, &config);
    assert!(r.fault.is_none());
    let t = r.timing.unwrap();
    [
        t.waitcnt_stall_cycles,
        t.barrier_cycles,
        t.counter_full_cycles,
        t.mfma_busy_cycles,
    ]
}

/// The resident policy, round-robin with `quantum` and at most `resident_waves`; with `instruments`, the live
/// hazard and missing-wait checker (its events, sorted) and the cycle model without memory system (its sums) on.
fn resident(
    dir: &Path,
    quantum: u32,
    resident_waves: u32,
    instruments: bool,
) -> (Result, Vec<HazardEvent>, StallSums) {
    let s = Session::load(dir, &RunOptions::default()).unwrap();
    let mut m = Machine::new(
        s,
        MachineOptions {
            resident_waves,
            quantum,
            ..MachineOptions::default()
        },
    );
    let out = Arc::new(Mutex::new(Streams::new()));
    m.attach_observer(Box::new(Recorder::new(&out)));
    if instruments {
        m.enable_hazards(false);
        m.enable_timing(model_without_memory_system());
    }
    let stop = m.run_to_end();
    assert!(
        matches!(stop, Some(Stop::Exited)),
        "{}: {stop:?}",
        dir.display()
    );
    let mut events = m.hazard_events().to_vec();
    sort_events(&mut events);
    let sums = m.timing().map_or([0; 4], |t| {
        let c = t.totals();
        [c.waitcnt, c.barrier, c.counter_full, c.mfma_busy]
    });
    drop(m.detach_observer());
    let streams = std::mem::take(&mut *out.lock().unwrap());
    (
        Result {
            buffers: m.into_session().buffers(),
            streams,
        },
        events,
        sums,
    )
}

fn sort_events(v: &mut [HazardEvent]) {
    v.sort_by_key(|e| {
        (
            e.wave,
            e.wave_instruction,
            e.producer_pc,
            e.consumer_pc,
            e.label,
            e.missing_wait,
        )
    });
}

/// The batch policy's hazard and missing-wait events (one host thread), sorted.
fn batch_hazards(dir: &Path) -> Vec<HazardEvent> {
    let opts = RunOptions::default();
    let s = Session::load(dir, &opts).unwrap();
    let config = RunConfig {
        hazards: true,
        ..RunConfig::plain(opts)
    };
    let r = wavescope::pipeline::run(&s.dispatch, &config);
    assert!(r.fault.is_none(), "{}: {:?}", dir.display(), r.fault);
    let mut v = r.hazards.unwrap().events;
    sort_events(&mut v);
    v
}

fn assert_same(name: &str, how: &str, a: &Result, r: &Result) {
    assert_same_memory(name, how, a, r);
    assert_same_streams(name, how, a, r);
}

fn assert_same_memory(name: &str, how: &str, a: &Result, r: &Result) {
    assert_eq!(a.buffers.len(), r.buffers.len(), "{name}: {how}: buffers");
    for ((i, x), (_, y)) in a.buffers.iter().zip(&r.buffers) {
        // (no dump of the bytes: the first differing offset says enough)
        let first = x.iter().zip(y).position(|(p, q)| p != q);
        assert!(
            x.len() == y.len() && first.is_none(),
            "{name}: {how}: buffer args[{i}] differs (first at byte {first:?})"
        );
    }
}

fn assert_same_streams(name: &str, how: &str, a: &Result, r: &Result) {
    for (w, s) in &a.streams {
        assert_eq!(
            r.streams.get(w),
            Some(s),
            "{name}: {how}: wave {w}'s stream differs"
        );
    }
    assert_eq!(
        a.streams.len(),
        r.streams.len(),
        "{name}: {how}: waves differ"
    );
}

/// The resident policy stepping one wave at a time (the others held), a random live wave for a random number
/// of steps each time, as a gdb user with `set scheduler-locking step` would.
fn stepped(dir: &Path, rng: &mut Rng, max_steps: u64) -> Option<Result> {
    let s = Session::load(dir, &RunOptions::default()).unwrap();
    let mut m = Machine::new(s, MachineOptions::default());
    let out = Arc::new(Mutex::new(Streams::new()));
    m.attach_observer(Box::new(Recorder::new(&out)));
    let mut steps = 0u64;
    loop {
        if m.finished() {
            break;
        }
        // waves() lists the resident waves that have not ended
        let live: Vec<u32> = m.waves().map(|w| w.id.wave).collect();
        if live.is_empty() {
            // every resident work-group ended: a run with every wave held retires them and launches the next
            m.resume(Plan {
                actions: Vec::new(),
                others: Action::Stop,
            });
            match m.run(&mut || false) {
                Some(Stop::Exited) | Some(Stop::Blocked { .. }) => continue,
                other => panic!("{}: {other:?}", dir.display()),
            }
        }
        let wave = live[rng.below(live.len() as u64) as usize];
        for _ in 0..1 + rng.below(40) {
            if !m.is_live(wave) {
                break;
            }
            m.resume(Plan::step(wave, true));
            steps += 1;
            match m.run(&mut || false) {
                Some(Stop::StepDone { .. }) => {}
                // it waits at a barrier for waves held: step another one
                Some(Stop::Blocked { .. }) | Some(Stop::Exited) => break,
                other => panic!("{}: {other:?}", dir.display()),
            }
        }
        if steps > max_steps {
            return None; // too long to step through; the round-robin runs cover it
        }
    }
    drop(m.detach_observer());
    let streams = std::mem::take(&mut *out.lock().unwrap());
    Some(Result {
        buffers: m.into_session().buffers(),
        streams,
    })
}

#[test]
fn batch_and_resident_policies_agree_on_every_example() {
    let dirs = example_dirs();
    assert!(dirs.len() >= 10, "examples/ not found");
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut stepped_examples = 0;
    let mut with_findings = 0;
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let a = batch(dir, 1);
        assert!(!a.streams.is_empty(), "{name}: nothing ran");
        let b = batch(dir, 2);
        assert_eq!(a.buffers, b.buffers, "{name}: batch --jobs 2 memory");
        assert_eq!(a.streams, b.streams, "{name}: batch --jobs 2 streams");
        let waves_per_group = {
            let s = Session::load(dir, &RunOptions::default()).unwrap();
            s.dispatch.waves_per_group()
        };
        // One work-group resident at a time (its waves round-robin), then several at once; the hazard checker
        // and the cycle model ride along on the second.
        let q1 = 1 + rng.below(64) as u32;
        let (r, _, _) = resident(dir, q1, 1, false);
        assert_same(&name, &format!("one work-group, quantum {q1}"), &a, &r);
        let q2 = 1 + rng.below(64) as u32;
        let groups = 2 + rng.below(7) as u32;
        let (r, events, sums) = resident(dir, q2, groups * waves_per_group, true);
        let how = format!("{groups} work-groups, quantum {q2}");
        assert_same(&name, &how, &a, &r);
        let expected = batch_hazards(dir);
        with_findings += !expected.is_empty() as usize;
        assert_eq!(expected, events, "{name}: {how}: hazard findings differ");
        assert_eq!(
            batch_timing(dir),
            sums,
            "{name}: {how}: stall wave-cycles (waitcnt, barrier, counter full, MFMA busy) differ"
        );
        if let Some(r) = stepped(dir, &mut rng, 20_000) {
            stepped_examples += 1;
            assert_same(&name, "stepped", &a, &r);
        }
    }
    assert!(stepped_examples >= 1, "no example was small enough to step");
    // the examples are clean compiler output: their comparison guards against false findings of either policy;
    // both_policies_find_the_same_hazards compares real findings
    let _ = with_findings;
}

/// The checker's probe and stress kernels (one code object, several manifests each), some of which have real
/// findings (hazard_sweep/probe/case_dot_chain.json: H7-03 in both of its waves). Their waves may write the same
/// words (case_flat_3 does), so the final memory depends on the interleaving; the instruction streams and the
/// findings do not.
#[test]
fn both_policies_find_the_same_hazards() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let mut cases: Vec<PathBuf> = ["hazard_sweep/probe", "hazards/stress"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).unwrap())
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with("case_") && n.ends_with(".json")
        })
        .collect();
    cases.sort();
    assert!(cases.len() >= 10, "probe cases not found");
    let mut rng = Rng(0x5851_f42d_4c95_7f2d);
    let mut with_findings = 0;
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().to_string();
        let a = batch(case, 1);
        let expected = batch_hazards(case);
        with_findings += !expected.is_empty() as usize;
        for resident_waves in [1, 1 << 16] {
            let quantum = 1 + rng.below(8) as u32;
            let (r, events, _) = resident(case, quantum, resident_waves, true);
            let how = format!("resident_waves {resident_waves}, quantum {quantum}");
            assert_same_streams(&name, &how, &a, &r);
            assert_eq!(expected, events, "{name}: {how}: hazard findings differ");
        }
    }
    assert!(with_findings >= 1, "no probe case has a finding");
}

/// A copy of examples/polybench_gemm_64 whose C buffer lacks its last row (64 floats): the waves of the last row
/// of work-groups load out of bounds (as in tests/faults.rs).
fn short_c_case(dir: &Path) -> PathBuf {
    let ex = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/polybench_gemm_64");
    std::fs::create_dir_all(dir).unwrap();
    let c = std::fs::read(ex.join("in_c.bin")).unwrap();
    std::fs::write(dir.join("in_c_short.bin"), &c[..(4096 - 64) * 4]).unwrap();
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(ex.join("case.json")).unwrap()).unwrap();
    m["code_object"] = ex.join("kernel.hsaco").to_string_lossy().into();
    for (i, name) in ["in_a.bin", "in_b.bin"].iter().enumerate() {
        m["args"][i]["file"] = ex.join(name).to_string_lossy().into();
    }
    m["args"][2]["file"] = "in_c_short.bin".into();
    m["args"][2]["count"] = (4096 - 64).into();
    if let Some(o) = m.as_object_mut() {
        o.remove("outputs");
    }
    let p = dir.join("case.json");
    std::fs::write(&p, serde_json::to_string_pretty(&m).unwrap()).unwrap();
    p
}

fn same_fault(a: &RunFault, b: &RunFault) -> bool {
    (a.kind, a.wave, a.pc, a.lanes, a.addr, &a.detail)
        == (b.kind, b.wave, b.pc, b.lanes, b.addr, &b.detail)
}

/// Every fault a resident run meets: after each, the faulted waves are held and the others go on, until the
/// dispatch ends or nothing may run.
fn resident_faults(case: &Path, quantum: u32) -> Vec<RunFault> {
    let s = Session::load(case, &RunOptions::default()).unwrap();
    let mut m = Machine::new(
        s,
        MachineOptions {
            quantum,
            resident_waves: 1 << 16,
            ..MachineOptions::default()
        },
    );
    let mut faults: Vec<RunFault> = Vec::new();
    loop {
        m.resume(Plan {
            actions: faults.iter().map(|f| (f.wave.wave, Action::Stop)).collect(),
            others: Action::Continue,
        });
        match m.run(&mut || false) {
            Some(Stop::Fault { fault, .. }) => faults.push(fault),
            Some(Stop::Exited) | Some(Stop::Blocked { .. }) => return faults,
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn both_policies_fault_alike() {
    let dir = std::env::temp_dir().join(format!("wavescope-sched-fault-{}", std::process::id()));
    let case = short_c_case(&dir);
    let opts = RunOptions::default();
    let s = Session::load(&case, &opts).unwrap();
    let (_, fault) = wavescope::engine::run(&s.dispatch, &opts);
    let batch = fault.expect("the short C buffer must fault");
    assert_eq!(batch.kind, FaultKind::Memory);
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for _ in 0..3 {
        let quantum = 1 + rng.below(64) as u32;
        let faults = resident_faults(&case, quantum);
        assert!(!faults.is_empty(), "quantum {quantum}: no fault");
        assert!(
            faults.iter().all(|f| f.kind == FaultKind::Memory),
            "{faults:?}"
        );
        // the batch run's fault (the first wave in flat order that faults) is the resident run's fault of that wave
        assert!(
            faults.iter().any(|f| same_fault(f, &batch)),
            "quantum {quantum}: batch fault {batch:?} not among {faults:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn both_policies_obey_the_budget_and_the_stop_flag() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/polybench_gemm_64");
    let max = 12_345;
    let opts = RunOptions {
        max_instructions: max,
        ..RunOptions::default()
    };
    let s = Session::load(&dir, &opts).unwrap();
    let (stats, fault) = wavescope::engine::run(&s.dispatch, &opts);
    let batch = fault.expect("the budget must end the batch run");
    assert_eq!(batch.kind, FaultKind::InstructionLimit);
    assert_eq!(stats.wave_instructions, max);
    let control = Arc::new(RunControl::default());
    let mut m = Machine::new(
        Session::load(&dir, &opts).unwrap(),
        MachineOptions {
            max_instructions: max,
            control: Some(control.clone()),
            ..MachineOptions::default()
        },
    );
    match m.run_to_end() {
        Some(Stop::Fault { fault, .. }) => {
            assert_eq!(fault.kind, batch.kind);
            assert_eq!(fault.detail, batch.detail);
            assert_eq!(fault.lanes, 0);
            // the wave that would go past the budget stops unissued at its PC
            assert_eq!(m.wave(fault.wave.wave).unwrap().pc, fault.pc);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(m.wave_instructions(), max);
    assert_eq!(
        control
            .wave_instructions
            .load(std::sync::atomic::Ordering::Relaxed),
        max
    );

    // A raised stop flag pauses the resident run at its next poll point, as it stops a batch run.
    let control = Arc::new(RunControl::default());
    control
        .stop
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let poll_interval = 100;
    let mut m = Machine::new(
        Session::load(&dir, &RunOptions::default()).unwrap(),
        MachineOptions {
            control: Some(control.clone()),
            poll_interval,
            ..MachineOptions::default()
        },
    );
    m.resume(Plan::continue_all());
    assert!(m.run(&mut || false).is_none(), "the stop flag must pause");
    assert_eq!(m.wave_instructions(), poll_interval as u64);
    let s = Session::load(&dir, &opts).unwrap();
    let o = RunOptions {
        control: Some(control),
        ..RunOptions::default()
    };
    let (stats, fault) = wavescope::engine::run(&s.dispatch, &o);
    assert!(fault.is_none() && stats.interrupted.is_some());
}
