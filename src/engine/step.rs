//! The one step every scheduler takes ([`issue`]) and the flow rules around it: barrier arrival and release with
//! STATUS.IN_BARRIER, `s_endpgm`, `s_sethalt`, `s_trap`, handler faults and the instruction budget. The batch
//! policy (`engine::batch`) and the resident policy (`engine::resident`) call these and nothing else to change a
//! wave's schedule state, so the two cannot disagree on what a barrier, a trap or a fault is.

use crate::exec::gws::GwsUnit;
use crate::exec::{
    wave::status_bits, Ctx, Fault, FaultKind, Flow, GwsOp, Program, Wave, WaveStatus,
};
use crate::launch::RunFault;
use std::sync::Mutex;

/// What every command says when a dispatch's budget ran out.
pub fn budget_message(max: u64) -> String {
    format!(
        "the dispatch reached its budget of {max} wave-instructions (a runaway kernel? if not, raise it with \
         --max-instructions N, or 0 for no limit)"
    )
}

/// The fault a spent budget is: the wave about to issue the dispatch's instruction `max + 1` stops at its PC (it
/// did not issue) and is `Faulted`; the detail is [`budget_message`].
pub fn budget_fault(wave: &mut Wave, max: u64) -> RunFault {
    wave.wave_status = WaveStatus::Faulted;
    RunFault {
        kind: FaultKind::InstructionLimit,
        wave: wave.id,
        pc: wave.pc,
        lanes: 0,
        addr: None,
        detail: budget_message(max),
    }
}

/// Execute the instruction at the wave's PC (`idx` = its index in the program, when the PC starts one) and apply
/// its flow to the wave's schedule state: the one step every scheduler (batch, resident, inspect) takes.
/// - `s_barrier`: `WaveStatus::AtBarrier` and STATUS.IN_BARRIER (state.md STATUS) until [`release_barrier`];
/// - `s_endpgm`: `WaveStatus::Done`;
/// - a fault, or `s_sethalt` (`Flow::Sleep(u32::MAX)`: no one can resume a halted wave; [`halt_fault`]):
///   `WaveStatus::Faulted`, PC at the faulting instruction;
/// - `s_trap` is left to the caller: a batch run makes it a fault ([`trap_fault`]), a debugger stops past it.
///
/// Returns what the instruction's handler returned (small, so the hot loop keeps it in registers).
#[inline(always)]
pub fn issue(
    program: &Program,
    wave: &mut Wave,
    idx: Option<usize>,
    ctx: &mut Ctx,
) -> Result<Flow, Box<Fault>> {
    let r = match idx {
        Some(i) => program.step_index(wave, i, ctx),
        None => program.step(wave, ctx),
    };
    match r {
        Ok(flow) => schedule(wave, flow),
        Err(_) => wave.wave_status = WaveStatus::Faulted,
    }
    r
}

/// The schedule state an executed instruction's flow leaves the wave in (the rules of [`issue`]; the batch loop,
/// which runs the handler itself to skip the flow decoding of a plain fall-through, applies them through this too).
#[inline(always)]
pub fn schedule(wave: &mut Wave, flow: Flow) {
    match flow {
        Flow::Next | Flow::Jump => {}
        Flow::Barrier => {
            wave.wave_status = WaveStatus::AtBarrier;
            wave.status |= status_bits::IN_BARRIER;
        }
        Flow::End => wave.wave_status = WaveStatus::Done,
        Flow::Sleep(u32::MAX) => wave.wave_status = WaveStatus::Faulted,
        _ => {}
    }
}

/// The fault `s_sethalt` is: the wave halted itself and no one can resume it.
pub fn halt_fault(wave: &mut Wave) -> RunFault {
    fault_at(
        wave,
        Fault::new(
            FaultKind::BarrierDeadlock,
            "s_sethalt: the wave halted itself and can never resume",
        ),
    )
}

/// The fault a trap is when no one handles it: at the `s_trap` itself (the wave never resumes), naming the lanes
/// that reached it.
pub fn trap_fault(wave: &mut Wave, code: u8, pc: u64) -> RunFault {
    wave.pc = pc;
    let mut f = Fault::new(
        FaultKind::Trap,
        format!("s_trap {code}: the kernel raised a trap (no trap handler)"),
    );
    f.lanes = wave.exec();
    fault_at(wave, f)
}

/// Release the work-group's barrier when every live wave has arrived (ended waves leave the work-group, so they
/// no longer take part; a wave queued on a GWS resource has not arrived). Returns whether it released.
pub fn release_barrier(waves: &mut [Wave]) -> bool {
    let mut waiting = false;
    for w in waves.iter() {
        match w.wave_status {
            WaveStatus::Running | WaveStatus::AtGridBarrier => return false,
            WaveStatus::AtBarrier => waiting = true,
            _ => {}
        }
    }
    if waiting {
        for w in waves
            .iter_mut()
            .filter(|w| w.wave_status == WaveStatus::AtBarrier)
        {
            w.wave_status = WaveStatus::Running;
            w.status &= !status_bits::IN_BARRIER;
        }
    }
    waiting
}

/// Apply a global wave sync instruction (`Flow::Gws`) of `wave`, issued at `pc`, to the dispatch's unit: a
/// barrier or `sema_p` leaves the wave `AtGridBarrier` until [`gws_release`] lets it go. Both schedules call this
/// and nothing else for GWS (the state machine is `exec::gws`).
pub fn gws(
    unit: &Mutex<GwsUnit>,
    wave: &mut Wave,
    op: GwsOp,
    rid: u8,
    value: u32,
    pc: u64,
) -> Result<(), Box<Fault>> {
    unit.lock()
        .unwrap_or_else(|e| e.into_inner())
        .issue(wave, op, rid, value, pc)
}

/// Release the waves among `waves` that their GWS resource lets go; returns how many, and the ids of those a
/// grid barrier let go (for `Observer::grid_barrier_release`; empty when none).
pub fn gws_release<'w>(
    unit: &Mutex<GwsUnit>,
    waves: impl Iterator<Item = &'w mut Wave>,
) -> (usize, Vec<u32>) {
    let mut u = unit.lock().unwrap_or_else(|e| e.into_inner());
    let n = u.release(waves);
    (n, std::mem::take(&mut u.released))
}

/// The fault a grid barrier that can never release is: nothing else can run while `waiting` (the waves queued on
/// GWS resources, at least one) wait. Named at the first of them; the detail says how many waves of how many
/// work-groups arrived out of the dispatch's `work_groups`.
pub fn gws_deadlock(waiting: &[&Wave], work_groups: u32) -> RunFault {
    let first = waiting[0];
    let mut groups: Vec<u32> = waiting.iter().map(|w| w.id.work_group_flat).collect();
    groups.sort_unstable();
    groups.dedup();
    let what = if first.gws_wait.sema {
        "ds_gws_sema_p"
    } else {
        "ds_gws_barrier"
    };
    RunFault {
        kind: FaultKind::BarrierDeadlock,
        wave: first.id,
        pc: first.gws_wait.pc,
        lanes: 0,
        addr: None,
        detail: format!(
            "grid barrier deadlock: {} wave(s) of {} of the dispatch's {work_groups} work-group(s) wait at {what} \
             (GWS resource {}) and nothing else can run: the rest of the grid ended or waits elsewhere without \
             arriving (a grid.sync() that not every work-group reaches?)",
            waiting.len(),
            groups.len(),
            first.gws_wait.rid,
        ),
    }
}

/// A handler's fault as the run reports it (where: the wave and its PC); the wave is `Faulted` from now on.
#[allow(clippy::boxed_local)] // handlers return Box<Fault>
pub fn fault_at(wave: &mut Wave, f: Box<Fault>) -> RunFault {
    wave.wave_status = WaveStatus::Faulted;
    RunFault {
        kind: f.kind,
        wave: wave.id,
        pc: wave.pc,
        lanes: f.lanes,
        addr: f.addr,
        detail: f.detail,
    }
}

/// The fault a device service's error is (a corrupt hostcall packet, an unknown service, a runaway message): at the
/// `s_sleep` where the wave waited for the answer.
pub fn service_fault(wave: &mut Wave, detail: String, pc: u64) -> RunFault {
    wave.pc = pc;
    fault_at(wave, Fault::new(FaultKind::Memory, detail))
}
