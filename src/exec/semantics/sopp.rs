//! SOPP: program control (pseudocode.md "SOPP").

use crate::exec::FlowWord;
use crate::exec::{Fault, FaultKind, Flow, Handler, Wave};
use crate::isa::{Inst, Op};

pub fn lookup(op: Op) -> Option<Handler> {
    use Op::*;
    Some(match op {
        S_NOP => |_, _, _| Ok(FlowWord::NEXT),
        S_ENDPGM => |w, _, _| {
            w.wave_status = crate::exec::WaveStatus::Done;
            Ok(Flow::End.into())
        },
        S_BRANCH => |w, i, _| {
            w.pc = i.target;
            Ok(FlowWord::JUMP)
        },
        S_CBRANCH_SCC0 => |w, i, _| Ok(branch_if(w, i, !w.scc).into()),
        S_CBRANCH_SCC1 => |w, i, _| Ok(branch_if(w, i, w.scc).into()),
        S_CBRANCH_VCCZ => |w, i, _| Ok(branch_if(w, i, w.vcc() == 0).into()),
        S_CBRANCH_VCCNZ => |w, i, _| Ok(branch_if(w, i, w.vcc() != 0).into()),
        S_CBRANCH_EXECZ => |w, i, _| Ok(branch_if(w, i, w.exec() == 0).into()),
        S_CBRANCH_EXECNZ => |w, i, _| Ok(branch_if(w, i, w.exec() != 0).into()),
        // No debugger-conditional state is ever set: COND_DBG_USER/SYS stay 0 (state.md STATUS[21:20]).
        S_CBRANCH_CDBGSYS => |w, i, _| Ok(branch_if(w, i, w.status & (1 << 21) != 0).into()),
        S_CBRANCH_CDBGUSER => |w, i, _| Ok(branch_if(w, i, w.status & (1 << 20) != 0).into()),
        S_CBRANCH_CDBGSYS_OR_USER => {
            |w, i, _| Ok(branch_if(w, i, w.status & (3 << 20) != 0).into())
        }
        S_CBRANCH_CDBGSYS_AND_USER => {
            |w, i, _| Ok(branch_if(w, i, w.status & (3 << 20) == 3 << 20).into())
        }
        S_BARRIER => |_, _, _| Ok(Flow::Barrier.into()),
        S_WAITCNT => |_, i, _| Ok(Flow::Waitcnt(i.imm as u16).into()),
        S_SLEEP => |_, i, _| Ok(Flow::Sleep(i.imm as u32 & 0x7F).into()),
        S_SETPRIO => |w, i, _| {
            w.priority = (i.imm & 3) as u8;
            Ok(FlowWord::NEXT)
        },
        // Messages have no receiver in a single dispatch; hints and perf levels do not change results.
        S_SENDMSG | S_SENDMSGHALT | S_WAKEUP | S_SETKILL | S_ICACHE_INV | S_INCPERFLEVEL
        | S_DECPERFLEVEL | S_TTRACEDATA => |_, _, _| Ok(FlowWord::NEXT),
        S_SETHALT => |_, i, _| {
            Ok(if i.imm & 1 != 0 {
                Flow::Sleep(u32::MAX).into()
            } else {
                FlowWord::NEXT
            })
        },
        // state.md "Trap entry": with TRAP_EN = 0 s_trap is a no-op on hardware; a debugger user wants to know,
        // so wavescope stops the wave (gdb sees SIGTRAP).
        S_TRAP => |w, i, _| {
            if w.status & (1 << 6) == 0 {
                Ok(Flow::Trap(i.imm as u8).into())
            } else {
                Err(Fault::new(
                    FaultKind::Trap,
                    format!("s_trap {} with a trap handler enabled", i.imm & 0xFF),
                ))
            }
        },
        S_ENDPGM_SAVED | S_ENDPGM_ORDERED_PS_DONE => |w, _, _| {
            w.wave_status = crate::exec::WaveStatus::Done;
            Ok(Flow::End.into())
        },
        _ => return None,
    })
}

#[inline(always)]
fn branch_if(w: &mut Wave, i: &Inst, cond: bool) -> Flow {
    if cond {
        w.pc = i.target;
        Flow::Jump
    } else {
        Flow::Next
    }
}
