//! `Z0`/`z0` software breakpoints (by PC: the code is never patched) and `Z2`/`z2` write watchpoints on global
//! memory (the machine compares the watched bytes after every instruction and names the lanes that stored).

use super::GdbTarget;
use gdbstub::target::ext::breakpoints::{
    Breakpoints, HwWatchpoint, HwWatchpointOps, SwBreakpoint, SwBreakpointOps, WatchKind,
};
use gdbstub::target::TargetResult;

impl Breakpoints for GdbTarget {
    fn support_sw_breakpoint(&mut self) -> Option<SwBreakpointOps<'_, Self>> {
        Some(self)
    }
    fn support_hw_watchpoint(&mut self) -> Option<HwWatchpointOps<'_, Self>> {
        Some(self)
    }
}

impl SwBreakpoint for GdbTarget {
    fn add_sw_breakpoint(&mut self, addr: u64, _kind: usize) -> TargetResult<bool, Self> {
        // An address where no instruction starts is accepted (gdb may place one there) and never hit.
        self.machine.add_breakpoint(addr);
        Ok(true)
    }

    fn remove_sw_breakpoint(&mut self, addr: u64, _kind: usize) -> TargetResult<bool, Self> {
        Ok(self.machine.remove_breakpoint(addr))
    }
}

impl HwWatchpoint for GdbTarget {
    fn add_hw_watchpoint(
        &mut self,
        addr: u64,
        len: u64,
        kind: WatchKind,
    ) -> TargetResult<bool, Self> {
        // Only writes are watched: reads leave no trace to compare.
        if kind != WatchKind::Write || len == 0 || len > 4096 {
            return Ok(false);
        }
        self.machine.add_watch(addr, len);
        Ok(true)
    }

    fn remove_hw_watchpoint(
        &mut self,
        addr: u64,
        len: u64,
        kind: WatchKind,
    ) -> TargetResult<bool, Self> {
        if kind != WatchKind::Write {
            return Ok(false);
        }
        Ok(self.machine.remove_watch(addr, len))
    }
}
