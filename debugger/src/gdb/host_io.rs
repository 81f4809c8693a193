//! `vFile`: serves the rewritten code object and nothing else. Every other name is "no such file"; nothing on the
//! host file system is ever opened, written or listed.

use super::{copy_range, GdbTarget};
use gdbstub::target::ext::host_io::{
    FsKind, HostIo, HostIoClose, HostIoCloseOps, HostIoErrno, HostIoError, HostIoFstat,
    HostIoFstatOps, HostIoOpen, HostIoOpenFlags, HostIoOpenMode, HostIoOpenOps, HostIoPread,
    HostIoPreadOps, HostIoReadlink, HostIoReadlinkOps, HostIoResult, HostIoSetfs, HostIoSetfsOps,
    HostIoStat,
};

/// The one descriptor there is.
const SERVED_FD: u32 = 3;

impl HostIo for GdbTarget {
    fn support_open(&mut self) -> Option<HostIoOpenOps<'_, Self>> {
        Some(self)
    }
    fn support_close(&mut self) -> Option<HostIoCloseOps<'_, Self>> {
        Some(self)
    }
    fn support_pread(&mut self) -> Option<HostIoPreadOps<'_, Self>> {
        Some(self)
    }
    fn support_fstat(&mut self) -> Option<HostIoFstatOps<'_, Self>> {
        Some(self)
    }
    fn support_readlink(&mut self) -> Option<HostIoReadlinkOps<'_, Self>> {
        Some(self)
    }
    fn support_setfs(&mut self) -> Option<HostIoSetfsOps<'_, Self>> {
        Some(self)
    }
}

impl HostIoOpen for GdbTarget {
    fn open(
        &mut self,
        filename: &[u8],
        flags: HostIoOpenFlags,
        _mode: HostIoOpenMode,
    ) -> HostIoResult<u32, Self> {
        if filename != self.served_name.as_bytes() {
            return Err(HostIoError::Errno(HostIoErrno::ENOENT));
        }
        let writes = HostIoOpenFlags::O_WRONLY
            | HostIoOpenFlags::O_RDWR
            | HostIoOpenFlags::O_CREAT
            | HostIoOpenFlags::O_TRUNC
            | HostIoOpenFlags::O_APPEND;
        if flags.intersects(writes) {
            return Err(HostIoError::Errno(HostIoErrno::EACCES));
        }
        self.served_open = true;
        Ok(SERVED_FD)
    }
}

impl GdbTarget {
    fn check_fd(&self, fd: u32) -> HostIoResult<(), Self> {
        if fd == SERVED_FD && self.served_open {
            Ok(())
        } else {
            Err(HostIoError::Errno(HostIoErrno::EBADF))
        }
    }
}

impl HostIoClose for GdbTarget {
    fn close(&mut self, fd: u32) -> HostIoResult<(), Self> {
        self.check_fd(fd)?;
        self.served_open = false;
        Ok(())
    }
}

impl HostIoPread for GdbTarget {
    fn pread(
        &mut self,
        fd: u32,
        count: usize,
        offset: u64,
        buf: &mut [u8],
    ) -> HostIoResult<usize, Self> {
        self.check_fd(fd)?;
        // The reply is binary-escaped (up to two bytes per byte): keep it inside the packet buffer.
        let room = buf.len() / 2;
        Ok(copy_range(&self.served, offset, count.min(room), buf))
    }
}

impl HostIoFstat for GdbTarget {
    fn fstat(&mut self, fd: u32) -> HostIoResult<HostIoStat, Self> {
        self.check_fd(fd)?;
        // gdb discards .text from a file whose fstat fails (gdb-stock-client.md §4).
        Ok(HostIoStat {
            st_dev: 0,
            st_ino: 0,
            st_mode: HostIoOpenMode::S_IFREG | HostIoOpenMode::S_IRUSR,
            st_nlink: 1,
            st_uid: 0,
            st_gid: 0,
            st_rdev: 0,
            st_size: self.served.len() as u64,
            st_blksize: 4096,
            st_blocks: (self.served.len() as u64).div_ceil(512),
            st_atime: 0,
            st_mtime: 0,
            st_ctime: 0,
        })
    }
}

impl HostIoReadlink for GdbTarget {
    fn readlink(&mut self, _filename: &[u8], _buf: &mut [u8]) -> HostIoResult<usize, Self> {
        Err(HostIoError::Errno(HostIoErrno::ENOENT))
    }
}

impl HostIoSetfs for GdbTarget {
    fn setfs(&mut self, _fs: FsKind) -> HostIoResult<(), Self> {
        Ok(())
    }
}
