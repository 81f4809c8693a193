//! How far to trust a run: each operation is exact (bit-identical to hardware), approximate (with a documented
//! error bound), or unsupported. Each semantics family states its own ops in `semantics/<family>.rs::fidelity`.

use crate::isa::Op;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Fidelity {
    /// Bit-identical to CDNA4 hardware.
    Exact,
    /// Close to hardware within the stated bound.
    Approximate,
    /// No semantics: running it stops the wave with "not implemented".
    Unsupported,
}

/// Fidelity of `op` and, for approximate ones, the error bound in words.
pub fn classify(op: Op) -> (Fidelity, &'static str) {
    use super::semantics::*;
    if super::semantics::lookup(op).is_none() {
        return (Fidelity::Unsupported, "no semantics");
    }
    salu::fidelity(op)
        .or_else(|| smem::fidelity(op))
        .or_else(|| valu::fidelity(op))
        .or_else(|| vop3p::fidelity(op))
        .or_else(|| ds::fidelity(op))
        .or_else(|| vmem::fidelity(op))
        .or_else(|| mai::fidelity(op))
        .unwrap_or((Fidelity::Exact, ""))
}
