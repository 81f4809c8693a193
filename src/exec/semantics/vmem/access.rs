//! Per-lane memory access shared by DS, MUBUF/MTBUF and FLAT/GLOBAL/SCRATCH.
//!
//! An instruction runs in three phases so that no register is borrowed while memory is touched:
//! 1. gather: per-lane `Loc`ations (and store/atomic data) from the registers;
//! 2. access: `Spaces` reads/writes/atomics lane by lane over EXEC, collecting faulting lanes in `Faults`;
//! 3. write back the returned data (loads write no register at all when any lane faulted, so the debugger shows the
//!    wave as it was before the faulting instruction; stores and atomics of the lanes that did not fault happen).

use crate::exec::{Fault, FaultKind, GlobalMemory, MemError, LANES};
use crate::isa::Inst;

/// Where one lane's access lands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Loc {
    /// Device (global) address.
    Global(u64),
    /// Byte address in the work-group's LDS allocation.
    Lds(u64),
    /// Byte offset in the lane's private (scratch) segment.
    Scratch(u64),
    /// Buffer access of which only the first `n` dwords are inside the V# range (MI200 §9.1.5.1: multi-dword
    /// loads/stores are range-checked per component; out-of-range components read 0, writes are dropped).
    Partial(u64, u8),
    /// Buffer access outside the V# range: reads return 0, writes and atomics are dropped.
    Dropped,
}

/// Why one lane's access failed.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Why {
    Global(MemError),
    /// LDS access beyond the work-group's allocation (`align` 0), or a misaligned LDS atomic (`align` 4/8).
    Lds {
        addr: u64,
        len: u32,
        size: usize,
        align: u32,
    },
    /// Private-segment access beyond the lane's `size` bytes (`align` 0), or a misaligned scratch atomic.
    Scratch {
        off: u64,
        len: u32,
        size: u32,
        align: u32,
    },
}

/// Faulting lanes of one instruction: the first one's reason and the mask of all.
#[derive(Default)]
pub(crate) struct Faults {
    pub lanes: u64,
    first: Option<(usize, Why)>,
}

impl Faults {
    #[inline(always)]
    pub fn add(&mut self, lane: usize, why: Why) {
        if self.first.is_none() {
            self.first = Some((lane, why));
        }
        self.lanes |= 1u64 << lane;
    }

    #[inline(always)]
    pub fn check(self, inst: &Inst) -> Result<(), Box<Fault>> {
        if self.lanes == 0 {
            Ok(())
        } else {
            Err(self.into_fault(inst))
        }
    }

    /// One Memory fault naming the first faulting lane and address; `lanes` holds every faulting lane.
    #[cold]
    #[inline(never)]
    pub fn into_fault(self, inst: &Inst) -> Box<Fault> {
        let (lane, why) = self.first.expect("a fault was recorded");
        let (addr, what) = match why {
            Why::Global(e) => {
                let mut f = Fault::memory(e, lane);
                f.lanes = self.lanes;
                f.detail = format!("{}: lane {lane}: {}{}", inst.name(), f.detail, others(self.lanes, lane));
                return f;
            }
            Why::Lds { addr, len, size, align: 0 } => (
                addr,
                format!(
                    "{len}-byte LDS access at 0x{addr:x} is outside the work-group's {size}-byte LDS allocation"
                ),
            ),
            Why::Lds { addr, align, .. } => (addr, format!("LDS atomic at 0x{addr:x} is not {align}-byte aligned")),
            Why::Scratch { off, len, size, align: 0 } => (
                off,
                format!("{len}-byte scratch access at private offset 0x{off:x} is outside the lane's {size}-byte private segment"),
            ),
            Why::Scratch { off, align, .. } => {
                (off, format!("scratch atomic at private offset 0x{off:x} is not {align}-byte aligned"))
            }
        };
        Box::new(Fault {
            kind: FaultKind::Memory,
            lanes: self.lanes,
            addr: Some(addr),
            detail: format!(
                "{}: lane {lane}: {what}{}",
                inst.name(),
                others(self.lanes, lane)
            ),
        })
    }
}

fn others(lanes: u64, first: usize) -> String {
    let n = (lanes & !(1u64 << first)).count_ones();
    if n == 0 {
        String::new()
    } else {
        format!(
            " (and {n} more lane{}: mask 0x{lanes:016x})",
            if n == 1 { "" } else { "s" }
        )
    }
}

/// The memories one instruction can reach, borrowed for the access phase.
pub(crate) struct Spaces<'a> {
    pub mem: &'a GlobalMemory,
    pub lds: &'a mut [u8],
    pub scratch: &'a mut [u8],
    pub private_size: u64,
    /// Index of the global region the previous lane hit (see `GlobalMemory::region_hinted`).
    pub hint: std::cell::Cell<usize>,
}

impl Spaces<'_> {
    #[inline(always)]
    fn lds_range(&self, addr: u64, len: usize) -> Result<usize, Why> {
        if addr.saturating_add(len as u64) <= self.lds.len() as u64 {
            Ok(addr as usize)
        } else {
            Err(Why::Lds {
                addr,
                len: len as u32,
                size: self.lds.len(),
                align: 0,
            })
        }
    }

    #[inline(always)]
    fn scratch_range(&self, lane: usize, off: u64, len: usize) -> Result<usize, Why> {
        let start = lane as u64 * self.private_size + off;
        if off.saturating_add(len as u64) <= self.private_size
            && start + len as u64 <= self.scratch.len() as u64
        {
            Ok(start as usize)
        } else {
            Err(Why::Scratch {
                off,
                len: len as u32,
                size: self.private_size as u32,
                align: 0,
            })
        }
    }

    /// Read `buf.len()` bytes of `lane` at `loc` (little-endian, any alignment: the ROCm runtime programs
    /// SH_MEM_CONFIG.alignment_mode = unaligned on gfx9, so unaligned LDS/global/scratch accesses are legal).
    #[inline(always)]
    pub fn read(&self, lane: usize, loc: Loc, buf: &mut [u8]) -> Result<(), Why> {
        match loc {
            Loc::Global(a) => {
                let mut h = self.hint.get();
                let r = self.mem.read_hinted(&mut h, a, buf).map_err(Why::Global);
                self.hint.set(h);
                r
            }
            Loc::Lds(a) => {
                let s = self.lds_range(a, buf.len())?;
                buf.copy_from_slice(&self.lds[s..s + buf.len()]);
                Ok(())
            }
            Loc::Scratch(o) => {
                let s = self.scratch_range(lane, o, buf.len())?;
                buf.copy_from_slice(&self.scratch[s..s + buf.len()]);
                Ok(())
            }
            Loc::Partial(a, n) => {
                let n = (4 * n as usize).min(buf.len());
                buf[n..].fill(0);
                self.mem.read(a, &mut buf[..n]).map_err(Why::Global)
            }
            Loc::Dropped => {
                buf.fill(0);
                Ok(())
            }
        }
    }

    #[inline(always)]
    pub fn write(&mut self, lane: usize, loc: Loc, data: &[u8]) -> Result<(), Why> {
        match loc {
            Loc::Global(a) => {
                let h = self.hint.get_mut();
                self.mem.write_hinted(h, a, data).map_err(Why::Global)
            }
            Loc::Lds(a) => {
                let s = self.lds_range(a, data.len())?;
                self.lds[s..s + data.len()].copy_from_slice(data);
                Ok(())
            }
            Loc::Scratch(o) => {
                let s = self.scratch_range(lane, o, data.len())?;
                self.scratch[s..s + data.len()].copy_from_slice(data);
                Ok(())
            }
            Loc::Partial(a, n) => {
                let n = (4 * n as usize).min(data.len());
                if n == 0 {
                    return Ok(());
                }
                self.mem.write(a, &data[..n]).map_err(Why::Global)
            }
            Loc::Dropped => Ok(()),
        }
    }

    /// Atomic read-modify-write of a naturally aligned dword; returns the pre-op value (0 for a dropped access).
    #[inline(always)]
    pub fn atomic32(&mut self, lane: usize, loc: Loc, f: impl Fn(u32) -> u32) -> Result<u32, Why> {
        match loc {
            Loc::Global(a) | Loc::Partial(a, _) if !matches!(loc, Loc::Partial(_, 0)) => {
                self.mem.atomic_u32(a, f).map_err(Why::Global)
            }
            Loc::Lds(a) => {
                if a % 4 != 0 {
                    return Err(Why::Lds {
                        addr: a,
                        len: 4,
                        size: self.lds.len(),
                        align: 4,
                    });
                }
                let s = self.lds_range(a, 4)?;
                let old = u32::from_le_bytes(self.lds[s..s + 4].try_into().unwrap());
                self.lds[s..s + 4].copy_from_slice(&f(old).to_le_bytes());
                Ok(old)
            }
            Loc::Scratch(o) => {
                if o % 4 != 0 {
                    return Err(Why::Scratch {
                        off: o,
                        len: 4,
                        size: self.private_size as u32,
                        align: 4,
                    });
                }
                let s = self.scratch_range(lane, o, 4)?;
                let old = u32::from_le_bytes(self.scratch[s..s + 4].try_into().unwrap());
                self.scratch[s..s + 4].copy_from_slice(&f(old).to_le_bytes());
                Ok(old)
            }
            _ => Ok(0),
        }
    }

    /// Atomic read-modify-write of a naturally aligned qword; returns the pre-op value (0 for a dropped access).
    #[inline(always)]
    pub fn atomic64(&mut self, lane: usize, loc: Loc, f: impl Fn(u64) -> u64) -> Result<u64, Why> {
        match loc {
            Loc::Global(a) | Loc::Partial(a, _) if !matches!(loc, Loc::Partial(_, 0)) => {
                self.mem.atomic_u64(a, f).map_err(Why::Global)
            }
            Loc::Lds(a) => {
                if a % 8 != 0 {
                    return Err(Why::Lds {
                        addr: a,
                        len: 8,
                        size: self.lds.len(),
                        align: 8,
                    });
                }
                let s = self.lds_range(a, 8)?;
                let old = u64::from_le_bytes(self.lds[s..s + 8].try_into().unwrap());
                self.lds[s..s + 8].copy_from_slice(&f(old).to_le_bytes());
                Ok(old)
            }
            Loc::Scratch(o) => {
                if o % 8 != 0 {
                    return Err(Why::Scratch {
                        off: o,
                        len: 8,
                        size: self.private_size as u32,
                        align: 8,
                    });
                }
                let s = self.scratch_range(lane, o, 8)?;
                let old = u64::from_le_bytes(self.scratch[s..s + 8].try_into().unwrap());
                self.scratch[s..s + 8].copy_from_slice(&f(old).to_le_bytes());
                Ok(old)
            }
            _ => Ok(0),
        }
    }

    /// Which atomic denormal rule applies at `loc` (MI200 §9.5.2 Table 43): LDS follows MODE, the L2 does not.
    #[inline(always)]
    pub fn in_lds(loc: Loc) -> bool {
        matches!(loc, Loc::Lds(_))
    }
}

/// Element kinds of loads and stores: how many bytes move and how they merge into / come from a VGPR.
/// pseudocode.md `*_LOAD_UBYTE`, `*_LOAD_SBYTE_D16_HI`, `*_STORE_SHORT_D16_HI`, ...
pub(crate) mod kind {
    /// Zero-extended byte.
    pub const U8: u8 = 0;
    /// Sign-extended byte.
    pub const I8: u8 = 1;
    pub const U16: u8 = 2;
    pub const I16: u8 = 3;
    /// Whole dwords (N of them).
    pub const B32: u8 = 4;
    /// D16: the low half of the VGPR gets the (extended) value, the high half is preserved.
    pub const U8_D16: u8 = 5;
    /// D16_HI: the high half gets the value, the low half is preserved.
    pub const U8_D16_HI: u8 = 6;
    pub const I8_D16: u8 = 7;
    pub const I8_D16_HI: u8 = 8;
    pub const B16_D16: u8 = 9;
    pub const B16_D16_HI: u8 = 10;
    /// Stores: byte from bits [7:0] / [23:16], short from [15:0] / [31:16].
    pub const ST8: u8 = 11;
    pub const ST8_HI: u8 = 12;
    pub const ST16: u8 = 13;
    pub const ST16_HI: u8 = 14;

    /// Bytes moved per lane (`n` dwords for `B32`).
    #[inline(always)]
    pub const fn size(kind: u8, n: usize) -> usize {
        match kind {
            U8 | I8 | U8_D16 | U8_D16_HI | I8_D16 | I8_D16_HI | ST8 | ST8_HI => 1,
            U16 | I16 | B16_D16 | B16_D16_HI | ST16 | ST16_HI => 2,
            _ => 4 * n,
        }
    }

    /// The new VGPR value from the loaded little-endian bits `raw` and the old value `old`.
    #[inline(always)]
    pub const fn merge(kind: u8, raw: u32, old: u32) -> u32 {
        let sb = raw as u8 as i8 as i16 as u16 as u32; // byte sign-extended to 16 bits
        match kind {
            U8 => raw & 0xFF,
            I8 => raw as u8 as i8 as i32 as u32,
            U16 => raw & 0xFFFF,
            I16 => raw as u16 as i16 as i32 as u32,
            U8_D16 => (old & 0xFFFF_0000) | (raw & 0xFF),
            U8_D16_HI => (old & 0xFFFF) | (raw & 0xFF) << 16,
            I8_D16 => (old & 0xFFFF_0000) | sb,
            I8_D16_HI => (old & 0xFFFF) | sb << 16,
            B16_D16 => (old & 0xFFFF_0000) | (raw & 0xFFFF),
            B16_D16_HI => (old & 0xFFFF) | raw << 16,
            _ => raw,
        }
    }

    /// The bits a store writes (low bytes of the result) from the data VGPR `v`.
    #[inline(always)]
    pub const fn store_bits(kind: u8, v: u32) -> u32 {
        match kind {
            ST8_HI | ST16_HI => v >> 16,
            _ => v,
        }
    }
}

/// A lane mask iterator over set bits (EXEC loops skip inactive lanes cheaply).
#[inline(always)]
pub(crate) fn lanes(mask: u64) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let l = m.trailing_zeros() as usize;
            m &= m - 1;
            Some(l)
        }
    })
}

const _: () = assert!(LANES == 64);
