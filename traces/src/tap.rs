//! The Machine-to-Perfetto tap: a Perfetto trace of what an interactive machine (`wavescope::machine::Machine`)
//! executes while the tap is attached. Used by gdb's `monitor trace start FILE` / `monitor trace stop` and by the
//! TUI's trace key; it lives here, with the trace writer, so neither front end depends on the other.
//!
//! The machine interleaves the waves of every resident work-group, while a `TraceObserver` (like the cycle
//! model it uses as its clock) follows one work-group at a time, as one host thread of a batch run does. So the
//! tap keeps one `TraceObserver` per resident work-group, each with its own writer into the one file, and hands
//! an observer whose work-group retired to the next work-group, as a host thread takes the next work-group.
//! Timestamps are the machine's own live cycle model (`Machine::attach_timed_observer`): each wave's modelled
//! clock, counted from its work-group's launch, the same cycles `monitor waitcnt` shows, with the stalls of loads
//! issued before the trace started. Traced instructions are exactly those executed while the trace runs:
//! stepping one wave traces one slice per `stepi`.

use crate::observer::stall_name;
use crate::{
    Clock, Issue, Stall, TraceConfig, TraceFile, TraceObserver, TraceOptions, TraceProgram,
    TraceStats,
};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use wavescope::exec::observe::Observer;
use wavescope::exec::{Flow, Wave};
use wavescope::isa::Inst;
use wavescope::machine::{TimedObserver, TimedSpan};
use wavescope::observers::timing::StallReason;
use wavescope::session::Session;

/// What a trace needs for the whole session: made once per debugged dispatch (at the first `trace start`) and
/// shared by every trace of it; the observers hold their share (`TraceObserver::shared`), so it goes when the
/// session and its last trace do.
pub struct TraceStatic {
    prog: Arc<TraceProgram>,
    /// The dispatch's program decoded once more (the machine owns the session's; `TraceObserver::shared` reads
    /// its PCs for the filter).
    program: wavescope::exec::Program,
    options: Arc<TraceOptions>,
}

impl TraceStatic {
    pub fn new(session: &Session) -> Arc<TraceStatic> {
        let d = &session.dispatch;
        Arc::new(TraceStatic {
            prog: Arc::new(TraceProgram::new(&d.program, session.debug_info.as_deref())),
            program: wavescope::exec::Program::new(&d.program.text, d.program.base),
            options: Arc::new(TraceOptions::default()),
        })
    }
}

/// The machine's model time of the instruction being reported, handed from `Tap::timed` to the lane's
/// observer through its `FeedClock`.
#[derive(Default)]
struct Feed {
    issue: Option<Issue>,
    barrier: Vec<(u32, Stall)>,
    /// Clocks of the waves already running when the trace started.
    start: HashMap<u32, u64>,
}

/// A trace `Clock` reading the machine's cycle model (`Feed`).
struct FeedClock(Arc<Mutex<Feed>>);

impl Clock for FeedClock {
    fn timing_model(&self) -> &'static str {
        wavescope::observers::timing::MODEL_NAME
    }
    fn wave_start(&mut self, wave: &Wave) -> u64 {
        self.0
            .lock()
            .ok()
            .and_then(|f| f.start.get(&wave.id.wave).copied())
            .unwrap_or(0)
    }
    fn issue(&mut self, wave: &Wave, _idx: usize, _inst: &Inst, _pc: u64, _flow: Flow) -> Issue {
        let fed = self.0.lock().ok().and_then(|mut f| f.issue.take());
        // Without the machine's model (never in `serve`): issue order, as traces' IssueOrderClock.
        fed.unwrap_or(Issue {
            cycle: wave.instructions.saturating_sub(1),
            cycles: 1,
            stall: None,
            mem: None,
        })
    }
    fn barrier_release(&mut self, _work_group_flat: u32, stalls: &mut Vec<(u32, Stall)>) {
        if let Ok(mut f) = self.0.lock() {
            stalls.append(&mut f.barrier);
        }
    }
}

/// One trace observer and the work-group it follows.
struct Lane {
    obs: TraceObserver<'static, FeedClock>,
    group: Option<u32>,
    /// Waves of that work-group started and not yet ended.
    live: u32,
}

struct TraceState {
    st: Arc<TraceStatic>,
    file: TraceFile,
    lanes: Vec<Lane>,
    feed: Arc<Mutex<Feed>>,
}

impl TraceState {
    fn lane_of(&self, group: u32) -> Option<usize> {
        self.lanes.iter().position(|l| l.group == Some(group))
    }
}

/// The observer attached to the machine; `Trace` keeps the other handle.
struct Tap(Arc<Mutex<TraceState>>);

impl Observer for Tap {
    fn wave_start(&mut self, wave: &Wave) {
        let Ok(mut s) = self.0.lock() else { return };
        let g = wave.id.work_group_flat;
        let i = match s.lane_of(g) {
            Some(i) => i,
            None => match s.lanes.iter().position(|l| l.group.is_none()) {
                Some(i) => i,
                None => {
                    let st = s.st.clone();
                    let writer = s.file.writer();
                    let clock = FeedClock(s.feed.clone());
                    s.lanes.push(Lane {
                        obs: TraceObserver::shared(
                            st.prog.clone(),
                            &st.program,
                            st.options.clone(),
                            writer,
                            clock,
                        ),
                        group: None,
                        live: 0,
                    });
                    s.lanes.len() - 1
                }
            },
        };
        let l = &mut s.lanes[i];
        l.group = Some(g);
        l.live += 1;
        l.obs.wave_start(wave);
    }

    fn before(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        let Ok(mut s) = self.0.lock() else { return };
        if let Some(i) = s.lane_of(wave.id.work_group_flat) {
            s.lanes[i].obs.before(wave, idx, inst);
        }
    }

    fn after(&mut self, wave: &Wave, idx: usize, inst: &Inst, pc: u64, flow: Flow) {
        let Ok(mut s) = self.0.lock() else { return };
        match s.lane_of(wave.id.work_group_flat) {
            Some(i) => s.lanes[i].obs.after(wave, idx, inst, pc, flow),
            None => {
                // nobody takes this instruction's time: it must not become the next one's
                if let Ok(mut f) = s.feed.lock() {
                    f.issue = None;
                }
            }
        }
    }

    fn wave_end(&mut self, wave: &Wave) {
        let Ok(mut s) = self.0.lock() else { return };
        if let Some(i) = s.lane_of(wave.id.work_group_flat) {
            let l = &mut s.lanes[i];
            l.obs.wave_end(wave);
            l.live = l.live.saturating_sub(1);
            if l.live == 0 {
                // the work-group is over for this trace: the observer takes the next one
                l.group = None;
            }
        }
    }

    fn barrier_release(&mut self, work_group_flat: u32) {
        let Ok(mut s) = self.0.lock() else { return };
        if let Some(i) = s.lane_of(work_group_flat) {
            s.lanes[i].obs.barrier_release(work_group_flat);
        }
    }
}

impl TimedObserver for Tap {
    fn timed(&mut self, spans: &[TimedSpan]) {
        let Ok(s) = self.0.lock() else { return };
        let Ok(mut f) = s.feed.lock() else { return };
        let mut issue = Issue::default();
        for sp in spans {
            match sp.stall {
                None => {
                    issue.cycle = sp.start;
                    issue.cycles = sp.cycles.max(1);
                    f.issue = Some(issue);
                }
                Some(StallReason::Barrier) => f.barrier.push((
                    sp.wave,
                    Stall {
                        start: sp.start,
                        cycles: sp.cycles,
                        reason: stall_name(StallReason::Barrier),
                    },
                )),
                Some(r) => {
                    issue.stall = Some(Stall {
                        start: sp.start,
                        cycles: sp.cycles,
                        reason: stall_name(r),
                    })
                }
            }
        }
    }
}

/// A running trace.
pub struct Trace {
    state: Arc<Mutex<TraceState>>,
    pub path: String,
}

impl Trace {
    /// Create `path` and the observer to attach to the machine.
    /// `clocks`: the modelled clock of every wave already running (`MachineTiming::wave_clock`).
    pub fn start(
        st: Arc<TraceStatic>,
        session: &Session,
        path: &Path,
        clocks: HashMap<u32, u64>,
    ) -> std::io::Result<(Trace, Box<dyn TimedObserver>)> {
        Trace::start_file(st, session, std::fs::File::create(path)?, path, clocks)
    }

    /// `start` into a file the caller opened (`path`: its name, for messages).
    pub fn start_file(
        st: Arc<TraceStatic>,
        session: &Session,
        out: std::fs::File,
        path: &Path,
        clocks: HashMap<u32, u64>,
    ) -> std::io::Result<(Trace, Box<dyn TimedObserver>)> {
        let file = TraceFile::from_file(
            out,
            TraceConfig {
                wave_count: session.dispatch.wave_count(),
                // Part of a dispatch, work-groups in any order: sequences as the writer goes.
                work_group_order: false,
                ..TraceConfig::default()
            },
        )?;
        let state = Arc::new(Mutex::new(TraceState {
            st,
            file,
            lanes: Vec::new(),
            feed: Arc::new(Mutex::new(Feed {
                start: clocks,
                ..Feed::default()
            })),
        }));
        Ok((
            Trace {
                state: state.clone(),
                path: path.display().to_string(),
            },
            Box::new(Tap(state)),
        ))
    }

    /// Close the waves still open and complete the file (detach the observer first).
    pub fn finish(self) -> std::io::Result<TraceStats> {
        let state = match Arc::try_unwrap(self.state) {
            Ok(m) => m
                .into_inner()
                .map_err(|_| std::io::Error::other("trace state poisoned"))?,
            Err(_) => {
                return Err(std::io::Error::other(
                    "the trace observer is still attached",
                ))
            }
        };
        let writers: Vec<_> = state
            .lanes
            .into_iter()
            .map(|l| l.obs.finish().writer)
            .collect();
        state.file.finish(writers)
    }
}
