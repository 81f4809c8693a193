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
use wavescope::machine::{Action, Plan};

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

impl MultiThreadResume for GdbTarget {
    fn resume(&mut self) -> Result<(), Self::Error> {
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
