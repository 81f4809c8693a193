//! Semantics placeholder: filled in by the salu family work.

use crate::exec::Handler;
use crate::isa::Op;

pub fn lookup(_op: Op) -> Option<Handler> {
    None
}
