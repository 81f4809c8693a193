//! The global wave sync unit (GWS): 64 resources shared by every wave of a dispatch, each a barrier or a
//! semaphore, driven by the `ds_gws_*` instructions (CDNA4 guide §2.2.2 "Global Wave Sync" and the DS_GWS_*
//! pseudocode of §12; §11.4 for the programming rules). HIP's `cooperative_groups::this_grid().sync()` is one
//! `ds_gws_barrier` per work-group with the device library of HIP 5.2 (and of later ROCm on gfx950).
//!
//! The runtime gives GWS resources only to cooperative launches (`hipLaunchCooperativeKernel`), and initialises
//! resource 0 as a barrier for the whole grid (ROCclr's `gwsInit` blit kernel: `ds_gws_init` with the number of
//! work-groups minus one). A dispatch that is not cooperative has no unit: its GWS instructions fault with a
//! message saying so (on a GPU they are aborted, the guide's "GWS operation aborted" memory violation).
//!
//! This module is the state machine only; which waves run when is the scheduler's (`engine::step::gws`).

use super::{Fault, FaultKind, GwsOp, GwsWait, Wave, WaveStatus};

/// GWS resources (`rid[5:0]`).
pub const RESOURCES: usize = 64;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Resource {
    counter: i64,
    flag: bool,
    /// Waves queued by `ds_gws_sema_p` (`state.wave_in_queue` of DS_GWS_SEMA_RELEASE_ALL).
    queued: u32,
}

/// A dispatch's GWS unit.
#[derive(Clone, Debug)]
pub struct GwsUnit {
    /// The dispatch was launched cooperatively: it owns the resources.
    pub enabled: bool,
    res: [Resource; RESOURCES],
    seq: u64,
    /// The waves (ids) the last `release` let go from a barrier (not a semaphore): the grid barrier's
    /// happens-before for the observers (`Observer::grid_barrier_release`).
    pub released: Vec<u32>,
}

impl GwsUnit {
    /// The unit of a dispatch that is not cooperative: every GWS instruction faults.
    pub fn disabled() -> GwsUnit {
        GwsUnit {
            enabled: false,
            res: [Resource::default(); RESOURCES],
            seq: 0,
            released: Vec::new(),
        }
    }

    /// The unit of a cooperative dispatch of `work_groups` work-groups: resource 0 initialised as the runtime
    /// does before the kernel starts (`ds_gws_init` of `work_groups - 1`).
    pub fn cooperative(work_groups: u32) -> GwsUnit {
        let mut u = GwsUnit {
            enabled: true,
            ..GwsUnit::disabled()
        };
        u.res[0].counter = work_groups.saturating_sub(1) as i64;
        u
    }

    /// Apply `op` of `wave` (at `pc`) to resource `rid` with `value`. A barrier or `sema_p` queues the wave
    /// (`WaveStatus::AtGridBarrier`); [`GwsUnit::release`] lets it go when the resource says so.
    pub fn issue(
        &mut self,
        wave: &mut Wave,
        op: GwsOp,
        rid: u8,
        value: u32,
        pc: u64,
    ) -> Result<(), Box<Fault>> {
        if !self.enabled {
            return Err(Fault::new(
                FaultKind::IllegalInstruction,
                format!(
                    "{}: global wave sync in a dispatch that was not launched cooperatively (the runtime gives GWS \
                     resources only to hipLaunchCooperativeKernel; a manifest says \"cooperative\": true): on a \
                     GPU the operation is aborted",
                    op.name()
                ),
            ));
        }
        let r = &mut self.res[rid as usize % RESOURCES];
        match op {
            GwsOp::Init => {
                r.counter = value as i64;
                r.flag = false;
            }
            GwsOp::SemaV => r.counter += 1,
            GwsOp::SemaBr => r.counter += value as i64,
            GwsOp::SemaReleaseAll => r.counter = r.queued as i64,
            GwsOp::Barrier => {
                // DS_GWS_BARRIER: every arrival takes the current flag; the arrival that finds the counter
                // spent flips the flag (which releases all who hold the old one, itself included) and loads the
                // count for the next barrier from its own value.
                let flag = r.flag;
                if r.counter <= 0 {
                    r.flag = !r.flag;
                    r.counter = value as i64;
                } else {
                    r.counter -= 1;
                }
                self.seq += 1;
                wave.wave_status = WaveStatus::AtGridBarrier;
                wave.gws_wait = GwsWait {
                    rid,
                    sema: false,
                    flag,
                    seq: self.seq,
                    pc,
                };
            }
            GwsOp::SemaP => {
                r.queued += 1;
                self.seq += 1;
                wave.wave_status = WaveStatus::AtGridBarrier;
                wave.gws_wait = GwsWait {
                    rid,
                    sema: true,
                    flag: false,
                    seq: self.seq,
                    pc,
                };
            }
        }
        Ok(())
    }

    /// Release the queued waves among `waves` whose resource allows it (barrier: its flag changed; semaphore: a
    /// positive counter, taken in arrival order). Returns how many were released.
    pub fn release<'w>(&mut self, waves: impl Iterator<Item = &'w mut Wave>) -> usize {
        let mut queued: Vec<&mut Wave> = waves
            .filter(|w| w.wave_status == WaveStatus::AtGridBarrier)
            .collect();
        queued.sort_by_key(|w| w.gws_wait.seq);
        self.released.clear();
        let mut n = 0;
        for w in queued {
            let g = w.gws_wait;
            let r = &mut self.res[g.rid as usize % RESOURCES];
            let go = if g.sema {
                if r.counter > 0 {
                    r.counter -= 1;
                    r.queued = r.queued.saturating_sub(1);
                    true
                } else {
                    false
                }
            } else {
                r.flag != g.flag
            };
            if go {
                w.wave_status = WaveStatus::Running;
                if !g.sema {
                    self.released.push(w.id.wave);
                }
                n += 1;
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::WaveId;

    fn waves(n: u32) -> Vec<Wave> {
        (0..n)
            .map(|i| {
                Wave::new(WaveId {
                    wave: i,
                    work_group_flat: i,
                    ..WaveId::default()
                })
            })
            .collect()
    }

    /// The guide's barrier: with the counter at N - 1 the first N - 1 arrivals wait, the N-th releases all of
    /// them and itself, and reloads the counter from its value, so the next barrier works the same way.
    #[test]
    fn barrier_releases_on_the_last_arrival_and_rearms() {
        let mut u = GwsUnit::cooperative(4);
        let mut w = waves(4);
        for round in 0..3 {
            for i in 0..3 {
                u.issue(&mut w[i], GwsOp::Barrier, 0, 3, 0x100).unwrap();
                assert_eq!(u.release(w.iter_mut()), 0, "round {round}: released early");
            }
            u.issue(&mut w[3], GwsOp::Barrier, 0, 3, 0x100).unwrap();
            assert_eq!(u.release(w.iter_mut()), 4, "round {round}");
            assert!(w.iter().all(|w| w.wave_status == WaveStatus::Running));
        }
    }

    /// Without the runtime's initialisation the first arrival finds the counter at 0 and passes alone: the
    /// reason the unit of a cooperative dispatch starts at N - 1.
    #[test]
    fn an_uninitialised_barrier_lets_the_first_arrival_through() {
        let mut u = GwsUnit::cooperative(1);
        let mut w = waves(2);
        u.issue(&mut w[0], GwsOp::Barrier, 0, 1, 0).unwrap();
        assert_eq!(u.release(w.iter_mut()), 1);
    }

    #[test]
    fn init_sets_the_count_of_another_resource() {
        let mut u = GwsUnit::cooperative(1);
        let mut w = waves(3);
        u.issue(&mut w[0], GwsOp::Init, 5, 2, 0).unwrap();
        u.issue(&mut w[0], GwsOp::Barrier, 5, 2, 0).unwrap();
        u.issue(&mut w[1], GwsOp::Barrier, 5, 2, 0).unwrap();
        assert_eq!(u.release(w.iter_mut()), 0);
        u.issue(&mut w[2], GwsOp::Barrier, 5, 2, 0).unwrap();
        assert_eq!(u.release(w.iter_mut()), 3);
    }

    /// Semaphores: P waits for a positive counter and takes one; V adds one, BR adds its value, RELEASE_ALL
    /// makes the counter the number of queued waves. Waves go in arrival order.
    #[test]
    fn semaphores_count_and_release_in_arrival_order() {
        let mut u = GwsUnit::cooperative(1);
        let mut w = waves(4);
        for i in [2, 0, 1] {
            u.issue(&mut w[i], GwsOp::SemaP, 1, 0, 0).unwrap();
        }
        assert_eq!(u.release(w.iter_mut()), 0);
        u.issue(&mut w[3], GwsOp::SemaV, 1, 0, 0).unwrap();
        assert_eq!(u.release(w.iter_mut()), 1);
        assert_eq!(w[2].wave_status, WaveStatus::Running, "first to arrive");
        u.issue(&mut w[3], GwsOp::SemaBr, 1, 1, 0).unwrap();
        assert_eq!(u.release(w.iter_mut()), 1);
        assert_eq!(w[0].wave_status, WaveStatus::Running);
        assert_eq!(w[1].wave_status, WaveStatus::AtGridBarrier);
        u.issue(&mut w[3], GwsOp::SemaReleaseAll, 1, 0, 0).unwrap();
        assert_eq!(u.release(w.iter_mut()), 1);
        assert_eq!(w[1].wave_status, WaveStatus::Running);
    }

    #[test]
    fn a_dispatch_that_is_not_cooperative_has_no_gws() {
        let mut u = GwsUnit::disabled();
        let mut w = waves(1);
        let f = u.issue(&mut w[0], GwsOp::Barrier, 0, 0, 0).unwrap_err();
        assert!(
            f.detail.contains("not launched cooperatively"),
            "{}",
            f.detail
        );
        assert_eq!(w[0].wave_status, WaveStatus::Running);
    }
}
