//! The batch policy (`launch::run_observed`: whole work-groups, one after another) and the resident policy
//! (`machine::Machine`: resident work-groups stepped round-robin, as gdb and the TUI drive it) are two schedules of
//! one step (`launch::issue`). For every example they must give the same final memory and, per wave, the same
//! instruction stream (the PC and EXEC mask after each instruction, in order): a wave's own execution cannot
//! depend on how the scheduler interleaves it with others (the examples have no inter-work-group races).
//! The resident runs use pseudo-random quanta and residency limits, and one run steps a single wave at a time
//! with the others held ("scheduler locking").

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use wavescope::exec::observe::Observer;
use wavescope::exec::{Flow, Wave};
use wavescope::isa::Inst;
use wavescope::launch::{run_observed, RunOptions};
use wavescope::machine::{Action, Machine, MachineOptions, Plan, Stop};
use wavescope::session::Session;

/// Per wave: instructions and a hash of (PC before, EXEC after) of each, in order.
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
        for x in [pc, w.exec()] {
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
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

struct Result {
    buffers: Vec<(usize, Vec<u8>)>,
    streams: Streams,
}

fn batch(dir: &PathBuf, jobs: usize) -> Result {
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

/// The resident policy, round-robin with `quantum` and at most `resident_waves`.
fn resident(dir: &PathBuf, quantum: u32, resident_waves: u32) -> Result {
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
    let stop = m.run_to_end();
    assert!(matches!(stop, Stop::Exited), "{}: {stop:?}", dir.display());
    drop(m.detach_observer());
    let streams = std::mem::take(&mut *out.lock().unwrap());
    Result {
        buffers: m.into_session().buffers(),
        streams,
    }
}

/// The resident policy stepping one wave at a time (the others held), a random live wave for a random number
/// of steps each time, as a gdb user with `set scheduler-locking step` would.
fn stepped(dir: &PathBuf, rng: &mut Rng, max_steps: u64) -> Option<Result> {
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
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let a = batch(dir, 1);
        assert!(!a.streams.is_empty(), "{name}: nothing ran");
        let b = batch(dir, 2);
        assert_eq!(a.buffers, b.buffers, "{name}: batch --jobs 2 memory");
        assert_eq!(a.streams, b.streams, "{name}: batch --jobs 2 streams");
        for _ in 0..2 {
            let quantum = 1 + rng.below(64) as u32;
            let resident_waves = 1 + rng.below(32) as u32;
            let r = resident(dir, quantum, resident_waves);
            let how = format!("{name}: resident quantum {quantum} resident_waves {resident_waves}");
            assert_eq!(a.buffers, r.buffers, "{how}: memory differs");
            for (w, s) in &a.streams {
                assert_eq!(
                    r.streams.get(w),
                    Some(s),
                    "{how}: wave {w}'s stream differs"
                );
            }
            assert_eq!(a.streams.len(), r.streams.len(), "{how}: waves differ");
        }
        if let Some(r) = stepped(dir, &mut rng, 20_000) {
            stepped_examples += 1;
            assert_eq!(a.buffers, r.buffers, "{name}: stepped: memory differs");
            assert_eq!(a.streams, r.streams, "{name}: stepped: streams differ");
        }
    }
    assert!(stepped_examples >= 1, "no example was small enough to step");
}
