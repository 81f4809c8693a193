//! `qXfer:exec-file:read`: the name of the served code object copy, which gdb then reads with `vFile`.

use super::{copy_range, GdbTarget};
use gdbstub::common::Pid;
use gdbstub::target::ext::exec_file::ExecFile;
use gdbstub::target::TargetResult;

impl ExecFile for GdbTarget {
    fn get_exec_file(
        &self,
        _pid: Option<Pid>,
        offset: u64,
        length: usize,
        buf: &mut [u8],
    ) -> TargetResult<usize, Self> {
        Ok(copy_range(self.served_name.as_bytes(), offset, length, buf))
    }
}
