//! The batch policy: whole work-groups per host thread (`--jobs`), in flat order or, with several threads, in XCD
//! streams ([`WORK_GROUP_STREAMS`]); inside a work-group each wave runs until it reaches a barrier or ends. The
//! budget and the stop flag (`RunControl`) are looked at between slices of [`POLL_INSTRUCTIONS`]. What a run
//! with no debugger takes (`wavescope run`, traces, profiles); the interactive schedule is `engine::resident`.

use super::step::{
    budget_fault, fault_at, gws, gws_deadlock, gws_release, halt_fault, issue, release_barrier,
    schedule, service_fault, trap_fault,
};
use crate::exec::observe::{NoObserver, Observer};
use crate::exec::{Ctx, FaultKind, Flow, Wave, WaveId, WaveStatus};
use crate::launch::{Dispatch, RunControl, RunFault, RunOptions, POLL_INSTRUCTIONS};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Totals of a run.
#[derive(Clone, Debug, Default)]
pub struct RunStats {
    pub waves: u64,
    pub wave_instructions: u64,
    pub work_groups_done: u64,
    /// Per executed instruction index: execution count (opcode coverage and fidelity).
    pub exec_counts: Vec<u64>,
    /// The run stopped on request (`RunControl::stop`): where each wave that had not ended stood then (work-groups
    /// in flat order, waves in order).
    pub interrupted: Option<Vec<WavePosition>>,
    /// The dispatch needed every work-group resident (`Dispatch::needs_co_residency`: a cooperative grid barrier)
    /// and ran on the resident schedule, without observers.
    pub co_resident: bool,
}

/// Where a wave stood when a run stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WavePosition {
    pub wave: WaveId,
    pub pc: u64,
    pub status: WaveStatus,
}

/// Run every work-group of `d` to completion or to the first fault.
pub fn run(d: &Dispatch, opts: &RunOptions) -> (RunStats, Option<RunFault>) {
    let (stats, fault, _) = run_observed(d, opts, || NoObserver);
    (stats, fault)
}

/// Work-group streams of a parallel run: stream `x` holds work-groups `x, x + 8, x + 16, ...` (XCD `x` of the
/// cycle model's memory system, `memsys`: work-group `i` runs on XCD `i % xcds`, `xcds` dividing 8). One host thread
/// runs a whole stream in flat order, so each XCD's caches and bandwidth see the same accesses in the same order
/// for any `--jobs`.
pub const WORK_GROUP_STREAMS: usize = 8;

/// `run` with an observer per host thread (`make` builds one per worker); returns the observers, in no
/// particular order, for the caller to merge.
///
/// The batch policy of the scheduler: one host thread runs the work-groups in flat order; with several, each owns
/// whole [`WORK_GROUP_STREAMS`] and runs theirs interleaved in flat order; every work-group runs whole
/// ([`run_work_group`]). The dispatch's budget (`max_instructions`) and the stop flag are checked between slices
/// of [`POLL_INSTRUCTIONS`]; with one job the run stops exactly at the budget.
pub fn run_observed<O: Observer + Send>(
    d: &Dispatch,
    opts: &RunOptions,
    make: impl Fn() -> O + Sync,
) -> (RunStats, Option<RunFault>, Vec<O>) {
    // A grid barrier waits for work-groups this schedule has not started: the resident schedule holds them all.
    if d.needs_co_residency() {
        let (stats, fault) = super::resident::run_co_resident(d, opts);
        return (stats, fault, Vec::new());
    }
    let total = d.work_group_count() as usize;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let own_control;
    let control: &RunControl = match &opts.control {
        Some(c) => c,
        None => {
            own_control = RunControl::default();
            &own_control
        }
    };
    let start_instructions = control.wave_instructions.load(Ordering::Relaxed);
    let fault: Mutex<Option<(RunFault, u64)>> = Mutex::new(None);
    let interrupted: Mutex<Option<Vec<WavePosition>>> = Mutex::new(None);
    let counts: Mutex<Vec<u64>> = Mutex::new(vec![0; d.program.insts.len()]);
    let observers: Mutex<Vec<O>> = Mutex::new(Vec::new());
    // A kernel that calls the host (printf) runs on one host thread: its output comes in one order whatever
    // `--jobs` says (services/mod.rs).
    let jobs = if d.services.is_some() {
        1
    } else {
        opts.jobs.max(1).min(total.max(1))
    };
    let budget = Budget {
        control,
        limit: match opts.max_instructions {
            0 => u64::MAX,
            n => n.saturating_add(start_instructions),
        },
        max: opts.max_instructions,
    };
    // One thread: flat order (every stream is then in flat order too). Several: thread `t` owns the streams `s`
    // with `s % jobs == t` and runs their work-groups interleaved, in flat order. The threads then move through
    // the flat order side by side, so a trace, written in work-group order, has each thread's finished chunks
    // wait for the others' only briefly (traces/src/writer.rs, "work-group order"); a thread that ran whole
    // streams one after another made the others' chunks wait for a whole stream.
    let by_stream = jobs > 1;
    // (a thread past the streams would own none: none is started)
    let jobs = if by_stream {
        jobs.min(WORK_GROUP_STREAMS)
    } else {
        jobs
    };
    let worker = |t: usize| {
        // the next flat index this thread looks at
        let mut cursor = t;
        let mut obs = make();
        let mut local_counts = vec![0u64; d.program.insts.len()];
        let mut lds = vec![0u8; d.lds_bytes as usize];
        let mut waves: Vec<Wave> = Vec::new();
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            if control.stop.load(Ordering::Relaxed) {
                interrupted.lock().unwrap().get_or_insert_with(Vec::new);
                break;
            }
            let flat = if by_stream {
                let mut f = cursor;
                while f < total && f % WORK_GROUP_STREAMS % jobs != t {
                    f += 1;
                }
                if f >= total {
                    break;
                }
                cursor = f + 1;
                // `next` counts work-groups started (RunStats::work_groups_done)
                next.fetch_add(1, Ordering::Relaxed);
                f
            } else {
                let f = next.fetch_add(1, Ordering::Relaxed);
                if f >= total {
                    break;
                }
                f
            };
            lds.iter_mut().for_each(|b| *b = 0);
            d.make_work_group_reused(flat as u32, &mut waves);
            let r = run_work_group(
                d,
                &mut waves,
                &mut lds,
                &budget,
                &mut local_counts,
                &mut obs,
            );
            match r {
                Ok(GroupEnd::Done) => {
                    control
                        .waves_done
                        .fetch_add(waves.len() as u64, Ordering::Relaxed);
                }
                Ok(GroupEnd::Stopped) => {
                    let mut g = interrupted.lock().unwrap();
                    let v = g.get_or_insert_with(Vec::new);
                    v.extend(
                        waves
                            .iter()
                            .filter(|w| w.wave_status != WaveStatus::Done)
                            .map(|w| WavePosition {
                                wave: w.id,
                                pc: w.pc,
                                status: w.wave_status,
                            }),
                    );
                    break;
                }
                Err(f) => {
                    let issued = waves
                        .iter()
                        .find(|w| w.id == f.wave)
                        .map_or(0, |w| w.instructions);
                    let mut g = fault.lock().unwrap();
                    // Which fault the run reports when several threads fault: a kernel's own fault before a spent
                    // budget; among kernel faults the lowest work-group (parallel runs report the same one); among
                    // budget faults the wave that issued the most (the runaway one: a starved thread's wave may
                    // hold the budget's last slice before it reached its loop).
                    let rank = |f: &RunFault, issued: u64| {
                        let budget = f.kind == FaultKind::InstructionLimit;
                        (
                            budget,
                            if budget { u64::MAX - issued } else { 0 },
                            f.wave.wave,
                        )
                    };
                    if g.as_ref()
                        .is_none_or(|(o, o_issued)| rank(&f, issued) < rank(o, *o_issued))
                    {
                        *g = Some((f, issued));
                    }
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        let mut c = counts.lock().unwrap();
        for (a, b) in c.iter_mut().zip(&local_counts) {
            *a += b;
        }
        observers.lock().unwrap().push(obs);
    };
    if jobs == 1 {
        worker(0);
    } else {
        std::thread::scope(|s| {
            for t in 0..jobs {
                let worker = &worker;
                s.spawn(move || worker(t));
            }
        });
    }
    let mut interrupted = interrupted.into_inner().unwrap();
    if let Some(v) = &mut interrupted {
        v.sort_by_key(|p| p.wave.wave);
    }
    let stats = RunStats {
        waves: d.wave_count(),
        wave_instructions: control.wave_instructions.load(Ordering::Relaxed) - start_instructions,
        work_groups_done: next.load(Ordering::Relaxed).min(total) as u64,
        exec_counts: counts.into_inner().unwrap(),
        interrupted,
        co_resident: false,
    };
    (
        stats,
        fault.into_inner().unwrap().map(|(f, _)| f),
        observers.into_inner().unwrap(),
    )
}

/// The dispatch's instruction budget, shared by the host threads.
pub struct Budget<'a> {
    pub control: &'a RunControl,
    /// Stop when `control.wave_instructions` reaches this (u64::MAX: no limit).
    pub limit: u64,
    /// The budget as the user gave it (`--max-instructions`).
    pub max: u64,
}

impl Budget<'_> {
    /// Wave-instructions the next slice may issue: at most [`POLL_INSTRUCTIONS`], 0 when the budget is spent.
    #[inline]
    fn slice(&self) -> u64 {
        let used = self.control.wave_instructions.load(Ordering::Relaxed);
        self.limit.saturating_sub(used).min(POLL_INSTRUCTIONS)
    }
    #[inline]
    fn spend(&self, n: u64) {
        self.control
            .wave_instructions
            .fetch_add(n, Ordering::Relaxed);
    }
}

/// How a work-group's run ended without a fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupEnd {
    /// Every wave ended.
    Done,
    /// The stop flag was raised; the waves stay where they are.
    Stopped,
}

/// Run the waves of one work-group: each wave runs until it reaches a barrier or ends; when every live wave waits
/// at the barrier, all are released. The fixed order makes runs deterministic.
pub fn run_work_group<O: Observer>(
    d: &Dispatch,
    waves: &mut [Wave],
    lds: &mut [u8],
    budget: &Budget,
    counts: &mut [u64],
    obs: &mut O,
) -> Result<GroupEnd, RunFault> {
    let mut ctx = Ctx {
        mem: &d.mem,
        lds,
        apertures: d.apertures,
    };
    // The loop below indexes `insts` and `counts` without bounds checks, by indices the program's tables give out
    // (below `handler_count`): both must hold that many.
    assert_eq!(
        d.program.insts.len(),
        d.program.handler_count(),
        "Program::insts changed after decoding"
    );
    let counts = &mut counts[..d.program.handler_count()];
    let lane_addrs = obs.wants_lane_addrs();
    for w in waves.iter_mut() {
        // GLOBAL/FLAT handlers record their lane addresses for the memory model (`Wave::lane_addrs`)
        w.lane_addrs.wanted = lane_addrs;
        obs.wave_start(w);
    }
    loop {
        let mut progressed = false;
        // a GWS instruction ran: waves queued on the unit may go (`step::gws_release`)
        let mut gws_touched = false;
        for wave in waves.iter_mut() {
            if wave.wave_status != WaveStatus::Running {
                continue;
            }
            progressed = true;
            // Slices of at most POLL_INSTRUCTIONS: between two, the budget and the stop flag.
            'slices: loop {
                if budget.control.stop.load(Ordering::Relaxed) {
                    return Ok(GroupEnd::Stopped);
                }
                let slice = budget.slice();
                if slice == 0 {
                    return Err(budget_fault(wave, budget.max));
                }
                let first = wave.instructions;
                let end = first + slice;
                // The index of the instruction at the wave's PC: looked up here and after a jump; a fall-through
                // takes the program's precomputed next index (`Program::next_index`).
                let mut idx = d.program.index_of(wave.pc);
                let ended = loop {
                    if wave.instructions >= end {
                        break false;
                    }
                    let pc = wave.pc;
                    let Some(i) = idx else {
                        // The PC starts no instruction: the general step reports it.
                        let f = match issue(&d.program, wave, None, &mut ctx) {
                            Err(f) => f,
                            Ok(_) => unreachable!("a step at no instruction faults"),
                        };
                        budget.spend(wave.instructions - first);
                        return Err(fault_at(wave, f));
                    };
                    // SAFETY (the unchecked accesses below): `i` came from `index_of` or `next_index`, which give
                    // out indices below `handler_count`, the length of `insts` and `counts` (checked above).
                    unsafe { *counts.get_unchecked_mut(i) += 1 };
                    let inst = unsafe { d.program.insts.get_unchecked(i) };
                    obs.before(wave, i, inst);
                    // `issue`, with the handler's flow word looked at once: a plain fall-through moves the PC and
                    // takes the next index; every other flow goes through `schedule` (issue's rules).
                    let flow = match unsafe { d.program.exec_index_unchecked(wave, i, &mut ctx) } {
                        Ok(w) if w.falls_through() => {
                            // Next or s_waitcnt: `schedule` and the flow rules below do nothing for these.
                            wave.pc += inst.size as u64;
                            idx = unsafe { d.program.next_index_unchecked(i) };
                            obs.after(wave, i, inst, pc, w.flow());
                            continue;
                        }
                        Ok(w) => {
                            let flow = w.flow();
                            if let Flow::Jump | Flow::End = flow {
                                idx = d.program.index_of(wave.pc);
                            } else {
                                wave.pc += inst.size as u64;
                                idx = unsafe { d.program.next_index_unchecked(i) };
                            }
                            schedule(wave, flow);
                            flow
                        }
                        Err(f) => {
                            wave.wave_status = WaveStatus::Faulted;
                            budget.spend(wave.instructions - first);
                            return Err(fault_at(wave, f));
                        }
                    };
                    obs.after(wave, i, inst, pc, flow);
                    match flow {
                        Flow::Barrier => break true,
                        Flow::End => {
                            obs.wave_end(wave);
                            break true;
                        }
                        Flow::Sleep(u32::MAX) => {
                            budget.spend(wave.instructions - first);
                            return Err(halt_fault(wave));
                        }
                        Flow::Trap(code) => {
                            budget.spend(wave.instructions - first);
                            return Err(trap_fault(wave, code, pc));
                        }
                        // A wave waiting for a hostcall answer sleeps: the host answers then (`services`).
                        Flow::Sleep(_) => {
                            if let Some(s) = &d.services {
                                if let Err(e) = s.serve(&d.mem) {
                                    budget.spend(wave.instructions - first);
                                    return Err(service_fault(wave, e, pc));
                                }
                            }
                        }
                        Flow::Gws { op, rid, value } => {
                            if let Err(f) = gws(&d.gws, wave, op, rid, value, pc) {
                                budget.spend(wave.instructions - first);
                                wave.pc = pc;
                                return Err(fault_at(wave, f));
                            }
                            gws_touched = true;
                            if wave.wave_status == WaveStatus::AtGridBarrier {
                                break true;
                            }
                        }
                        _ => {}
                    }
                };
                budget.spend(wave.instructions - first);
                if ended {
                    break 'slices;
                }
            }
        }
        if gws_touched {
            let (n, released) = gws_release(&d.gws, waves.iter_mut());
            if !released.is_empty() {
                obs.grid_barrier_release(&released);
            }
            if n > 0 {
                continue;
            }
        }
        if release_barrier(waves) {
            obs.barrier_release(waves[0].id.work_group_flat);
            continue;
        }
        if !progressed {
            let waiting: Vec<&Wave> = waves
                .iter()
                .filter(|w| w.wave_status == WaveStatus::AtGridBarrier)
                .collect();
            if !waiting.is_empty() {
                return Err(gws_deadlock(&waiting, d.work_group_count()));
            }
            return Ok(GroupEnd::Done);
        }
    }
}
