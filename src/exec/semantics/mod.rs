//! Semantics, one module per operation family. Each family module exposes `lookup(op) -> Option<Handler>`;
//! `handler` asks them in turn once per instruction at load time, so the hot path is one indirect call.
//! Every handler cites the pseudocode it follows (the CDNA4 guide's per-instruction pseudocode).

use super::{Ctx, Fault, FaultKind, Handler, Wave};
use crate::exec::FlowWord;
use crate::isa::{Inst, Op};

pub mod ds;
pub mod mai;
pub mod salu;
pub mod smem;
pub mod sopp;
pub mod valu;
pub mod vmem;
pub mod vop3p;

/// The handler for an operation, if implemented.
pub fn lookup(op: Op) -> Option<Handler> {
    sopp::lookup(op)
        .or_else(|| salu::lookup(op))
        .or_else(|| smem::lookup(op))
        .or_else(|| valu::lookup(op))
        .or_else(|| vop3p::lookup(op))
        .or_else(|| ds::lookup(op))
        .or_else(|| vmem::lookup(op))
        .or_else(|| mai::lookup(op))
}

/// The handler for a decoded instruction: its semantics, or one that reports why it cannot run.
pub fn handler(inst: &Inst) -> Handler {
    if inst.op == Op::INVALID {
        return illegal;
    }
    valu::lookup_inst(inst)
        .or_else(|| vop3p::lookup_inst(inst))
        .or_else(|| lookup(inst.op))
        .unwrap_or(not_implemented)
}

fn illegal(_: &mut Wave, _: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    Err(Fault::new(
        FaultKind::IllegalInstruction,
        "illegal instruction (no gfx950 opcode matches these words)",
    ))
}

fn not_implemented(_: &mut Wave, inst: &Inst, _: &mut Ctx) -> Result<FlowWord, Box<Fault>> {
    Err(Fault::new(
        FaultKind::NotImplemented,
        format!("not implemented: {}", inst.name()),
    ))
}
