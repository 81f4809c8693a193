//! wavescope core: loads gfx950 code objects, decodes them once into a compact form, and executes waves.
//! Knows nothing of gdb, Perfetto or terminals: those adapters live in `debugger/`, `traces/` and `tui/`.
pub mod check;
pub mod code_object;
pub mod debug_info;
pub mod engine;
pub mod exec;
pub mod hazards;
pub mod isa;
pub mod kernel_abi;
pub mod launch;
pub mod machine;
pub mod manifest;
pub mod memsys;
pub mod pipeline;
pub mod races;
pub mod report;
pub mod session;
pub mod timing;

/// The HIP runtime's launch path (`launch::raw`), under the name its users know.
pub use launch::raw as raw_launch;
