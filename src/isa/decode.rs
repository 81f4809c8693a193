//! Placeholder until the table-driven decoder lands: every word decodes as INVALID.
use super::Inst;
pub fn decode(_w: &[u32], _pc: u64) -> Inst {
    Inst::INVALID
}
