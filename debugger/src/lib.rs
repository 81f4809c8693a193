//! wavescope's gdb remote backend: `wavescope serve` lets stock gdb (x86-64 `gdb` or `gdb-multiarch`, 13+) debug a
//! gfx950 dispatch over the remote protocol. Waves are threads, the wave PC is `$pc`, the gfx950 registers are
//! `$s0..`, `$v0..` (64 lanes), `$exec`...; the code object is served to gdb rewritten so that source-level
//! commands work with no `file` command. See README.md in this directory.
//!
//! Layout (after gdbstub's armv4t example): `arch` is what gdb believes the target is, `gdb/` the `Target` with one
//! file per protocol extension, `server` the transport and the stop-event translation, `conn` the packet guard,
//! `served_elf` the code object rewrite; `monitor trace` uses wavescope-traces' machine tap (`trace`). The execution itself is `wavescope::machine::Machine`.

pub mod arch;
pub mod conn;
pub mod gdb;
pub mod served_elf;
pub mod server;
/// The Machine-to-Perfetto tap behind `monitor trace` (it lives in wavescope-traces, shared with the TUI).
pub use wavescope_traces::tap as trace;

pub use gdb::GdbTarget;
pub use server::{serve, serve_on, serve_on_with, Ending, ServeError, ServeOptions, ServeOutcome};
