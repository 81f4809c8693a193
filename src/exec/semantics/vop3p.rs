//! Semantics placeholder: filled in by the vop3p family work.

use crate::exec::Handler;
use crate::isa::Op;

pub fn lookup(_op: Op) -> Option<Handler> {
    None
}

/// Ops of this family that are not bit-exact, with their error bound (`None`: exact or not ours).
pub fn fidelity(_op: Op) -> Option<(crate::exec::fidelity::Fidelity, &'static str)> {
    None
}
