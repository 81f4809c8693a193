//! `vCont`: continue, step, range step (`next`/`step` without a stop per instruction) and scheduler locking.
//!
//! gdbstub hands over one action per named thread, then calls `set_resume_action_scheduler_lock` when the packet
//! had no wildcard continue (the other waves stay), then `resume`.

use super::{wave_of, GdbTarget};
use gdbstub::common::{Signal, Tid};
use gdbstub::target::ext::base::multithread::{
    MultiThreadRangeStepping, MultiThreadRangeSteppingOps, MultiThreadResume,
    MultiThreadSchedulerLocking, MultiThreadSchedulerLockingOps, MultiThreadSingleStep,
    MultiThreadSingleStepOps,
};
use wavescope::machine::{Action, Plan, Stop};

/// Signals that end a process when passed to it (gdb passes a fault's signal back on `continue`).
fn is_fatal(sig: Signal) -> bool {
    matches!(
        sig,
        Signal::SIGSEGV
            | Signal::SIGILL
            | Signal::SIGBUS
            | Signal::SIGFPE
            | Signal::SIGABRT
            | Signal::SIGKILL
            | Signal::SIGTERM
            | Signal::SIGXCPU
    )
}

impl GdbTarget {
    fn note_signal(&mut self, signal: Option<Signal>) {
        if let Some(sig) = signal.filter(|s| is_fatal(*s)) {
            self.terminate = Some(sig);
        }
    }
}

impl GdbTarget {
    /// The wave's next instruction is `s_endpgm`.
    fn at_endpgm(&self, wave: u32) -> bool {
        let Some(w) = self
            .machine
            .wave(wave)
            .filter(|_| self.machine.is_live(wave))
        else {
            return false;
        };
        let p = &self.machine.dispatch().program;
        p.index_of(w.pc)
            .is_some_and(|i| p.insts[i].name() == "s_endpgm")
    }

    /// Execute `wave`'s `s_endpgm` and nothing else, and stop there (see `GdbTarget::ended`). The machine lets
    /// the other waves run once a stepped wave ends, so every other wave is fenced for that one run by a
    /// breakpoint at its PC (and one at the entry, for work-groups that launch): each stops before executing
    /// anything. The fences go away again; the stop they made is not reported.
    fn step_through_endpgm(&mut self, wave: u32) {
        let before = self.machine.breakpoints();
        let entry = self.machine.dispatch().abi.entry_pc;
        let mut fence: Vec<u64> = Vec::new();
        let pcs: Vec<u64> = self
            .machine
            .waves()
            .filter(|w| w.id.wave != wave)
            .map(|w| w.pc)
            .chain([entry])
            .collect();
        for pc in pcs {
            if !before.contains(&pc) && !fence.contains(&pc) {
                self.machine.add_breakpoint(pc);
                fence.push(pc);
            }
        }
        let shown = self.machine.wave(wave).map(|w| {
            let mut z = Box::new(w.clone());
            let p = &self.machine.dispatch().program;
            z.pc += p.index_of(w.pc).map_or(4, |i| p.insts[i].size as u64);
            z
        });
        self.machine.resume(Plan {
            actions: vec![(wave, Action::Step)],
            others: Action::Stop,
        });
        let stop = loop {
            if let Some(s) = self.machine.run(&mut || false) {
                break s;
            }
        };
        for pc in fence {
            self.machine.remove_breakpoint(pc);
        }
        self.pending_stop = Some(if self.machine.is_live(wave) {
            stop // the instruction did not end the wave (a fault, a finding): that is the stop
        } else if self.machine.finished() {
            Stop::Exited
        } else {
            self.ended = shown;
            Stop::StepDone { wave }
        });
    }
}

impl MultiThreadResume for GdbTarget {
    fn resume(&mut self) -> Result<(), Self::Error> {
        // A wave stepped through its end drops out of the thread list now.
        self.ended = None;
        if let Some(&(wave, _)) = self
            .actions
            .iter()
            .find(|&&(w, a)| a == Action::Step && self.at_endpgm(w))
        {
            // The stepped wave goes first and its step completes at once: the others do not run.
            self.actions.clear();
            self.step_through_endpgm(wave);
            return Ok(());
        }
        let plan = Plan {
            actions: std::mem::take(&mut self.actions),
            others: if self.locked {
                Action::Stop
            } else {
                Action::Continue
            },
        };
        self.machine.resume(plan);
        Ok(())
    }

    fn clear_resume_actions(&mut self) -> Result<(), Self::Error> {
        self.actions.clear();
        self.locked = false;
        self.terminate = None;
        Ok(())
    }

    fn set_resume_action_continue(
        &mut self,
        tid: Tid,
        signal: Option<Signal>,
    ) -> Result<(), Self::Error> {
        self.note_signal(signal);
        self.actions.push((wave_of(tid), Action::Continue));
        Ok(())
    }

    fn support_single_step(&mut self) -> Option<MultiThreadSingleStepOps<'_, Self>> {
        Some(self)
    }
    fn support_range_step(&mut self) -> Option<MultiThreadRangeSteppingOps<'_, Self>> {
        Some(self)
    }
    fn support_scheduler_locking(&mut self) -> Option<MultiThreadSchedulerLockingOps<'_, Self>> {
        Some(self)
    }
}

impl MultiThreadSingleStep for GdbTarget {
    fn set_resume_action_step(
        &mut self,
        tid: Tid,
        signal: Option<Signal>,
    ) -> Result<(), Self::Error> {
        self.note_signal(signal);
        self.actions.push((wave_of(tid), Action::Step));
        Ok(())
    }
}

impl MultiThreadRangeStepping for GdbTarget {
    fn set_resume_action_range_step(
        &mut self,
        tid: Tid,
        start: u64,
        end: u64,
    ) -> Result<(), Self::Error> {
        self.actions
            .push((wave_of(tid), Action::RangeStep { start, end }));
        Ok(())
    }
}

impl MultiThreadSchedulerLocking for GdbTarget {
    fn set_resume_action_scheduler_lock(&mut self) -> Result<(), Self::Error> {
        self.locked = true;
        Ok(())
    }
}
