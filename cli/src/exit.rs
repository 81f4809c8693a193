//! The exit codes of every `wavescope` command (the team's convention, README "Exit codes"), in one place.

use std::process::ExitCode;

/// Why a command ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Exit {
    /// Everything ran and matched.
    Success = 0,
    /// An output differs from its expected file under `--check`, or `--strict` found an error-severity finding.
    Mismatch = 1,
    /// Bad input: the command line, the manifest, the code object, an input file, or a limit exceeded before
    /// the kernel ran.
    BadInput = 2,
    /// The kernel faulted: memory violation, trap, illegal instruction, barrier deadlock.
    KernelFault = 3,
    /// The instruction budget (`--max-instructions`) ran out: a runaway kernel.
    Budget = 4,
    /// Interrupted by Ctrl-C (after writing the report and `--out` buffers).
    Interrupted = 130,
}

impl Exit {
    /// The exit code of a run that faulted with `kind`.
    pub fn for_fault(kind: wavescope::exec::FaultKind) -> Exit {
        match kind {
            wavescope::exec::FaultKind::InstructionLimit => Exit::Budget,
            _ => Exit::KernelFault,
        }
    }
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// The `--help` text every command ends with.
pub const AFTER_HELP: &str = "\
Exit codes:
  0    success
  1    an output mismatch under --check, or an error-severity finding under --strict
  2    bad input: command line, manifest, code object, input files, a limit exceeded before running
  3    kernel fault: memory violation, trap, illegal instruction, barrier deadlock
  4    the instruction budget ran out (runaway kernel)
  130  interrupted by Ctrl-C (after writing the report and --out buffers)";

/// One line for an error and its causes, each cause said once: a cause whose text the message already contains
/// (a `source` that a Display impl also prints, an io::Error quoted in a context) is not appended again.
pub fn one_line(e: &anyhow::Error) -> String {
    let mut s = e.to_string();
    for cause in e.chain().skip(1) {
        let c = cause.to_string();
        if !c.is_empty() && !s.contains(&c) {
            s.push_str(": ");
            s.push_str(&c);
        }
    }
    // one line, whatever a message embeds
    s.split('\n')
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The exit code for an error a command returned: a kernel fault found while inspecting is 3 (its budget running
/// out 4), anything else is bad input (2).
pub fn for_error(e: &anyhow::Error) -> Exit {
    for cause in e.chain() {
        match cause.downcast_ref::<wavescope_cli::inspect::InspectError>() {
            Some(wavescope_cli::inspect::InspectError::Fault { .. }) => return Exit::KernelFault,
            Some(wavescope_cli::inspect::InspectError::InstructionLimit { .. }) => {
                return Exit::Budget
            }
            _ => {}
        }
    }
    Exit::BadInput
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn causes_are_said_once() {
        let io = std::io::Error::new(
            std::io::ErrorKind::AddrInUse,
            "Address already in use (os error 98)",
        );
        let e = anyhow::Error::new(io)
            .context("cannot listen on 127.0.0.1:1234: Address already in use (os error 98)");
        assert_eq!(
            one_line(&e),
            "cannot listen on 127.0.0.1:1234: Address already in use (os error 98)"
        );
        let e = anyhow::anyhow!("inner cause").context("outer");
        assert_eq!(one_line(&e), "outer: inner cause");
    }
}
