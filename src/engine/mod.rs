//! The scheduler: one step, two policies.
//!
//! - [`step`]: the one step ([`step::issue`]) and the flow rules every schedule applies (barrier arrival and
//!   release with STATUS.IN_BARRIER, `s_endpgm`, `s_sethalt`, `s_trap`, faults, the budget's fault);
//! - [`batch`]: whole work-groups per host thread, `--jobs`, XCD streams, budget and stop polling (`wavescope run`);
//! - [`resident`]: a bounded set of resident work-groups whose waves step round-robin with a quantum, launching
//!   work-groups as others retire, with breakpoint, watchpoint and stop-request hooks (the debugger's
//!   [`Machine`](crate::machine::Machine) is a façade over it).
//!
//! Dispatch preparation (memory layout, kernargs, the initial wave state) is `launch`'s, below the engine: the
//! engine reads a prepared `launch::Dispatch`, never the other way round (tests/module_graph.rs).

pub mod batch;
pub mod resident;
pub mod step;

pub use batch::{
    run, run_observed, run_work_group, Budget, GroupEnd, RunStats, WavePosition, WORK_GROUP_STREAMS,
};
pub use step::{
    budget_fault, budget_message, fault_at, gws, gws_deadlock, gws_release, halt_fault, issue,
    release_barrier, schedule, service_fault, trap_fault,
};
