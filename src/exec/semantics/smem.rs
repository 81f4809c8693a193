//! Semantics placeholder: filled in by the smem family work.

use crate::exec::Handler;
use crate::isa::Op;

pub fn lookup(_op: Op) -> Option<Handler> {
    None
}
