//! wavescope core: loads gfx950 code objects, decodes them once into a compact form, and executes waves.
//! Knows nothing of gdb, Perfetto or terminals: those adapters live in `debugger/`, `traces/` and `tui/`.
//!
//! The data path, in module order (no module imports one later in the path; tests/module_graph.rs):
//! - [`manifest`] (the dispatch's JSON) and [`code_object`] (the ELF, its kernel descriptors and metadata,
//!   [`kernel_abi`]), [`debug_info`] (DWARF lines, frames, variables);
//! - [`isa`] (decode tables generated from data/isa/opcodes.csv, disassembly) and [`exec`] (the decoded
//!   `Program`, wave state, memory, the semantics grouped by operation family);
//! - [`launch`]: a prepared dispatch (buffers mapped, kernargs written, initial wave state);
//! - [`engine`]: the one step and the two scheduling policies (batch, resident);
//! - [`observers`]: cycle model with its memory system, hazard and race checkers; [`pipeline`] configures them once
//!   per run ([`pipeline::RunConfig`]) for every command; [`machine`] is the interactive façade (gdb, TUI);
//! - [`session`], [`report`], [`check`]: what a run gives the user (the JSON report, `--check` comparisons).
pub mod check;
pub mod code_object;
pub mod debug_info;
pub mod engine;
pub mod exec;
pub mod isa;
pub mod kernel_abi;
pub mod launch;
pub mod machine;
pub mod manifest;
pub mod observers;
pub mod pipeline;
pub mod report;
pub mod services;
pub mod session;

/// The HIP runtime's launch path (`launch::raw`), under the name its users know.
pub use launch::raw as raw_launch;
