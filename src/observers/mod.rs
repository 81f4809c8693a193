//! What watches a run: every instrument the pipeline (`crate::pipeline`) can attach to the engine's step, each an
//! `exec::observe::Observer` built from the run's configuration.
//!
//! - [`timing`]: the cycle model (issue, pipes, s_waitcnt stalls, barriers), parameters in `timing/cdna4.toml`;
//! - [`memsys`]: the cycle model's memory system (coalescing, L1/L2/MALL/HBM, LDS banks) and the rocprof counters;
//! - [`hazards`]: the wait-state hazard and missing-wait checkers (rule ids from the guide's hazard tables);
//! - [`races`]: the LDS/global race and barrier checker.

pub mod hazards;
pub mod memsys;
pub mod races;
pub mod timing;
