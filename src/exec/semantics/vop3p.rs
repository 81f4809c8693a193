//! Semantics placeholder: filled in by the vop3p family work.

use crate::exec::Handler;
use crate::isa::Op;

pub fn lookup(_op: Op) -> Option<Handler> {
    None
}
