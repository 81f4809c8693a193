//! Events of an execution, for adapters and checkers (traces, hazard checker, profiler, debugger).
//! The run loop is generic over `Observer`; `NoObserver`'s empty inline methods compile to nothing, so
//! instrumentation costs nothing when off.

use super::{Flow, Wave};
use crate::isa::Inst;

pub trait Observer {
    /// `wave` is about to execute `inst` (index `idx` in `Program::insts`) at `wave.pc`.
    #[inline(always)]
    fn before(&mut self, _wave: &Wave, _idx: usize, _inst: &Inst) {}
    /// `inst` executed; `pc` is where it was, `wave` shows the state after it.
    #[inline(always)]
    fn after(&mut self, _wave: &Wave, _idx: usize, _inst: &Inst, _pc: u64, _flow: Flow) {}
    /// A wave was created (before its first instruction).
    #[inline(always)]
    fn wave_start(&mut self, _wave: &Wave) {}
    /// A wave ended (s_endpgm) or faulted.
    #[inline(always)]
    fn wave_end(&mut self, _wave: &Wave) {}
    /// Every live wave of work-group `work_group_flat` reached `s_barrier` and was released.
    #[inline(always)]
    fn barrier_release(&mut self, _work_group_flat: u32) {}
    /// A grid barrier (`ds_gws_barrier`) let `waves` go (wave ids, of any work-groups): each of them arrived
    /// after every other one had (the guide's GWS barrier; `exec::gws`). Waves of a work-group that did not take
    /// part (one wave per work-group usually does, between two `s_barrier`s) are not released by it.
    #[inline(always)]
    fn grid_barrier_release(&mut self, _waves: &[u32]) {}
    /// Should GLOBAL/FLAT handlers record their lane addresses in `Wave::lane_addrs` (asked once per work-group)?
    #[inline(always)]
    fn wants_lane_addrs(&self) -> bool {
        false
    }
}

/// Observes nothing.
pub struct NoObserver;
impl Observer for NoObserver {}

/// Both observers see every event (e.g. hazard checker + trace writer).
impl<A: Observer, B: Observer> Observer for (A, B) {
    #[inline(always)]
    fn before(&mut self, w: &Wave, i: usize, inst: &Inst) {
        self.0.before(w, i, inst);
        self.1.before(w, i, inst);
    }
    #[inline(always)]
    fn after(&mut self, w: &Wave, i: usize, inst: &Inst, pc: u64, f: Flow) {
        self.0.after(w, i, inst, pc, f);
        self.1.after(w, i, inst, pc, f);
    }
    #[inline(always)]
    fn wave_start(&mut self, w: &Wave) {
        self.0.wave_start(w);
        self.1.wave_start(w);
    }
    #[inline(always)]
    fn wave_end(&mut self, w: &Wave) {
        self.0.wave_end(w);
        self.1.wave_end(w);
    }
    #[inline(always)]
    fn barrier_release(&mut self, g: u32) {
        self.0.barrier_release(g);
        self.1.barrier_release(g);
    }
    #[inline(always)]
    fn grid_barrier_release(&mut self, w: &[u32]) {
        self.0.grid_barrier_release(w);
        self.1.grid_barrier_release(w);
    }
    #[inline(always)]
    fn wants_lane_addrs(&self) -> bool {
        self.0.wants_lane_addrs() || self.1.wants_lane_addrs()
    }
}
