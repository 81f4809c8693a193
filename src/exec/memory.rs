//! Global memory as the dispatch sees it: the buffers a manifest creates, the kernarg segment, the dispatch packet
//! and the code object's loadable segments, each a `Region` at a fixed device address. Everything else faults.
//!
//! Storage is `AtomicU32` so work-groups can run on several host threads (`--jobs`) with global atomics atomic across
//! them; relaxed loads and stores compile to plain moves on x86-64, so the single-threaded path pays nothing.

use std::sync::atomic::{AtomicU32, AtomicU64, Ordering::Relaxed};

/// Why an access failed; the executor adds wave, lane and PC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemError {
    /// No region holds these bytes.
    Unmapped { addr: u64, len: u32 },
    /// A store into a read-only region (code object segments).
    ReadOnly { addr: u64 },
    /// An atomic whose address is not naturally aligned.
    Misaligned { addr: u64, align: u32 },
}

impl std::fmt::Display for MemError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            MemError::Unmapped { addr, len } => {
                write!(f, "{len}-byte access at 0x{addr:x} is outside every buffer")
            }
            MemError::ReadOnly { addr } => write!(f, "store to read-only memory at 0x{addr:x}"),
            MemError::Misaligned { addr, align } => {
                write!(f, "atomic at 0x{addr:x} is not {align}-byte aligned")
            }
        }
    }
}

/// What a region holds, for messages and for `--out`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionKind {
    /// A manifest buffer argument (index into the manifest's `args`).
    Buffer {
        arg_index: usize,
    },
    Kernarg,
    DispatchPacket,
    CodeObject,
    Other,
}

pub struct Region {
    pub base: u64,
    pub size: u64,
    pub name: String,
    pub kind: RegionKind,
    pub writable: bool,
    /// Rounded up to whole dwords; 8-byte aligned (Vec<AtomicU64> backing) so 64-bit atomics are natural.
    words: Box<[AtomicU64]>,
}

impl Region {
    pub fn new(
        base: u64,
        bytes: &[u8],
        size: u64,
        name: impl Into<String>,
        kind: RegionKind,
        writable: bool,
    ) -> Region {
        let qwords = size.div_ceil(8) as usize;
        let words: Box<[AtomicU64]> = (0..qwords).map(|_| AtomicU64::new(0)).collect();
        let r = Region {
            base,
            size,
            name: name.into(),
            kind,
            writable,
            words,
        };
        r.write_bytes_unchecked(0, &bytes[..bytes.len().min(size as usize)]);
        r
    }

    /// [`Region::new`] that reports a failed allocation (a buffer too large for this host) instead of aborting.
    pub fn try_new(
        base: u64,
        bytes: &[u8],
        size: u64,
        name: impl Into<String>,
        kind: RegionKind,
        writable: bool,
    ) -> Result<Region, String> {
        let name = name.into();
        let qwords = usize::try_from(size.div_ceil(8))
            .map_err(|_| format!("{name}: {size} bytes is too large"))?;
        let mut words: Vec<AtomicU64> = Vec::new();
        words.try_reserve_exact(qwords).map_err(|_| {
            format!("cannot allocate {size} bytes of emulated memory for {name} on this host")
        })?;
        words.extend((0..qwords).map(|_| AtomicU64::new(0)));
        let r = Region {
            base,
            size,
            name,
            kind,
            writable,
            words: words.into_boxed_slice(),
        };
        r.write_bytes_unchecked(0, &bytes[..bytes.len().min(size as usize)]);
        Ok(r)
    }

    #[inline]
    pub(crate) fn dwords(&self) -> &[AtomicU32] {
        // SAFETY: AtomicU64 and [AtomicU32; 2] have the same size, and AtomicU64's alignment satisfies AtomicU32's.
        // x86-64 (the supported host) gives mixed-size relaxed atomics the expected little-endian meaning.
        unsafe {
            std::slice::from_raw_parts(
                self.words.as_ptr() as *const AtomicU32,
                self.words.len() * 2,
            )
        }
    }

    #[inline]
    fn contains(&self, addr: u64, len: u64) -> bool {
        addr >= self.base && addr.wrapping_sub(self.base).saturating_add(len) <= self.size
    }

    /// A copy of the region with its bytes as they are now.
    fn snapshot(&self) -> Region {
        Region {
            base: self.base,
            size: self.size,
            name: self.name.clone(),
            kind: self.kind.clone(),
            writable: self.writable,
            words: self
                .words
                .iter()
                .map(|w| AtomicU64::new(w.load(Relaxed)))
                .collect(),
        }
    }

    /// Copy out the region's bytes (for `--out` and checks).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = vec![0u8; self.size as usize];
        self.read_bytes_unchecked(0, &mut out);
        out
    }

    fn read_bytes_unchecked(&self, off: u64, out: &mut [u8]) {
        let d = self.dwords();
        for (i, b) in out.iter_mut().enumerate() {
            let o = off as usize + i;
            *b = (d[o / 4].load(Relaxed) >> ((o % 4) * 8)) as u8;
        }
    }

    fn write_bytes_unchecked(&self, off: u64, data: &[u8]) {
        let d = self.dwords();
        let mut i = 0;
        while i < data.len() {
            let o = off as usize + i;
            if o % 4 == 0 && data.len() - i >= 4 {
                d[o / 4].store(
                    u32::from_le_bytes(data[i..i + 4].try_into().unwrap()),
                    Relaxed,
                );
                i += 4;
            } else {
                // Sub-dword store: touch only this byte, so concurrent stores to neighbouring bytes survive.
                let shift = (o % 4) * 8;
                d[o / 4].fetch_and(!(0xFFu32 << shift), Relaxed);
                d[o / 4].fetch_or((data[i] as u32) << shift, Relaxed);
                i += 1;
            }
        }
    }
}

/// The device address space of one dispatch.
pub struct GlobalMemory {
    regions: Vec<Region>,
    /// Which of the equivalent VMEM paths this dispatch's loads and stores take (`vmem::VmemPath`, resolved against
    /// the host's features once here, not per instruction; differential tests pin the slower ones with
    /// `GlobalMemory::set_vmem_path`).
    pub(crate) vmem_path: crate::exec::semantics::vmem::HostPath,
}

impl Default for GlobalMemory {
    fn default() -> Self {
        GlobalMemory {
            regions: Vec::new(),
            vmem_path: crate::exec::semantics::vmem::HostPath::resolve(
                crate::exec::semantics::vmem::VmemPath::Fastest,
            ),
        }
    }
}

impl GlobalMemory {
    pub fn new() -> Self {
        Self::default()
    }

    /// A copy of this memory as it is now (the same regions at the same addresses): a run on it leaves this
    /// memory as it was.
    pub fn snapshot(&self) -> GlobalMemory {
        GlobalMemory {
            regions: self.regions.iter().map(Region::snapshot).collect(),
            vmem_path: self.vmem_path,
        }
    }

    /// Bytes held by every region.
    pub fn total_bytes(&self) -> u64 {
        self.regions.iter().map(|r| r.size).sum()
    }

    /// Pin this memory's GLOBAL/FLAT/buffer/scratch loads and stores to `path` (differential tests; the default is
    /// `Fastest`). Every path gives the same registers, memory and faults.
    pub fn set_vmem_path(&mut self, path: crate::exec::semantics::vmem::VmemPath) {
        self.vmem_path = crate::exec::semantics::vmem::HostPath::resolve(path);
    }

    /// Add a region; regions must not overlap (checked).
    pub fn map(&mut self, region: Region) -> Result<(), String> {
        if let Some(o) = self
            .regions
            .iter()
            .find(|o| region.base < o.base + o.size && o.base < region.base + region.size.max(1))
        {
            return Err(format!(
                "region {} at 0x{:x}..0x{:x} overlaps {} at 0x{:x}..0x{:x}",
                region.name,
                region.base,
                region.base + region.size,
                o.name,
                o.base,
                o.base + o.size
            ));
        }
        self.regions.push(region);
        self.regions.sort_by_key(|r| r.base);
        Ok(())
    }

    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    #[inline]
    pub fn region_at(&self, addr: u64, len: u64) -> Result<&Region, MemError> {
        // A dispatch has a handful of regions: a linear scan beats a binary search here.
        for r in &self.regions {
            if r.contains(addr, len) {
                return Ok(r);
            }
        }
        Err(MemError::Unmapped {
            addr,
            len: len as u32,
        })
    }

    /// The region holding `[addr, addr + len)`, trying region `*hint` first and remembering the hit: the lanes of
    /// one memory instruction almost always fall in one buffer, so a wave pays one search, not 64.
    #[inline(always)]
    pub fn region_hinted(
        &self,
        hint: &mut usize,
        addr: u64,
        len: u64,
    ) -> Result<&Region, MemError> {
        if let Some(r) = self.regions.get(*hint) {
            if r.contains(addr, len) {
                return Ok(r);
            }
        }
        for (i, r) in self.regions.iter().enumerate() {
            if r.contains(addr, len) {
                *hint = i;
                return Ok(r);
            }
        }
        Err(MemError::Unmapped {
            addr,
            len: len as u32,
        })
    }

    /// The region holding all of `[lo, end)` when `lo` is dword-aligned: the whole-instruction fast path of
    /// VMEM dword accesses (one region check for 64 lanes, then plain dword loads/stores). `None` sends the
    /// instruction down the per-lane path, which finds and reports any bad lane.
    #[inline(always)]
    pub(crate) fn span(&self, hint: &mut usize, lo: u64, end: u64) -> Option<&Region> {
        if end < lo {
            return None;
        }
        self.region_hinted(hint, lo, end - lo).ok()
    }

    /// `read` with a region hint (see `region_hinted`).
    #[inline(always)]
    pub fn read_hinted(&self, hint: &mut usize, addr: u64, out: &mut [u8]) -> Result<(), MemError> {
        let r = self.region_hinted(hint, addr, out.len() as u64)?;
        let off = addr - r.base;
        if off % 4 == 0 && out.len() % 4 == 0 {
            let d = &r.dwords()[off as usize / 4..off as usize / 4 + out.len() / 4];
            for (c, w) in out.chunks_exact_mut(4).zip(d) {
                c.copy_from_slice(&w.load(Relaxed).to_le_bytes());
            }
        } else {
            r.read_bytes_unchecked(off, out);
        }
        Ok(())
    }

    /// `write` with a region hint (see `region_hinted`).
    #[inline(always)]
    pub fn write_hinted(&self, hint: &mut usize, addr: u64, data: &[u8]) -> Result<(), MemError> {
        let r = self.region_hinted(hint, addr, data.len() as u64)?;
        if !r.writable {
            return Err(MemError::ReadOnly { addr });
        }
        let off = addr - r.base;
        if off % 4 == 0 && data.len() % 4 == 0 {
            let d = &r.dwords()[off as usize / 4..off as usize / 4 + data.len() / 4];
            for (c, w) in data.chunks_exact(4).zip(d) {
                w.store(u32::from_le_bytes(c.try_into().unwrap()), Relaxed);
            }
        } else {
            r.write_bytes_unchecked(off, data);
        }
        Ok(())
    }

    /// Read `out.len()` bytes at `addr`.
    #[inline]
    pub fn read(&self, addr: u64, out: &mut [u8]) -> Result<(), MemError> {
        let r = self.region_at(addr, out.len() as u64)?;
        let off = addr - r.base;
        if off % 4 == 0 && out.len() % 4 == 0 {
            let d = r.dwords();
            for (i, c) in out.chunks_exact_mut(4).enumerate() {
                c.copy_from_slice(&d[off as usize / 4 + i].load(Relaxed).to_le_bytes());
            }
        } else {
            r.read_bytes_unchecked(off, out);
        }
        Ok(())
    }

    #[inline]
    pub fn read_u32(&self, addr: u64) -> Result<u32, MemError> {
        let r = self.region_at(addr, 4)?;
        let off = addr - r.base;
        if off % 4 == 0 {
            return Ok(r.dwords()[off as usize / 4].load(Relaxed));
        }
        let mut b = [0u8; 4];
        r.read_bytes_unchecked(off, &mut b);
        Ok(u32::from_le_bytes(b))
    }

    #[inline]
    pub fn read_u64(&self, addr: u64) -> Result<u64, MemError> {
        let mut b = [0u8; 8];
        self.read(addr, &mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    /// Write `data` at `addr`.
    #[inline]
    pub fn write(&self, addr: u64, data: &[u8]) -> Result<(), MemError> {
        let r = self.region_at(addr, data.len() as u64)?;
        if !r.writable {
            return Err(MemError::ReadOnly { addr });
        }
        r.write_bytes_unchecked(addr - r.base, data);
        Ok(())
    }

    #[inline]
    pub fn write_u32(&self, addr: u64, v: u32) -> Result<(), MemError> {
        self.write(addr, &v.to_le_bytes())
    }

    /// Atomic read-modify-write of a naturally aligned dword; returns the old value.
    #[inline]
    pub fn atomic_u32(&self, addr: u64, f: impl Fn(u32) -> u32) -> Result<u32, MemError> {
        if addr % 4 != 0 {
            return Err(MemError::Misaligned { addr, align: 4 });
        }
        let r = self.region_at(addr, 4)?;
        if !r.writable {
            return Err(MemError::ReadOnly { addr });
        }
        let cell = &r.dwords()[(addr - r.base) as usize / 4];
        let mut old = cell.load(Relaxed);
        loop {
            match cell.compare_exchange_weak(old, f(old), Relaxed, Relaxed) {
                Ok(v) => return Ok(v),
                Err(v) => old = v,
            }
        }
    }

    /// Atomic read-modify-write of a naturally aligned qword; returns the old value.
    #[inline]
    pub fn atomic_u64(&self, addr: u64, f: impl Fn(u64) -> u64) -> Result<u64, MemError> {
        if addr % 8 != 0 {
            return Err(MemError::Misaligned { addr, align: 8 });
        }
        let r = self.region_at(addr, 8)?;
        if !r.writable {
            return Err(MemError::ReadOnly { addr });
        }
        let off = addr - r.base;
        if off % 8 != 0 {
            return Err(MemError::Misaligned { addr, align: 8 });
        }
        let cell = &r.words[off as usize / 8];
        let mut old = cell.load(Relaxed);
        loop {
            match cell.compare_exchange_weak(old, f(old), Relaxed, Relaxed) {
                Ok(v) => return Ok(v),
                Err(v) => old = v,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_dword_and_unaligned_round_trip() {
        let mut m = GlobalMemory::new();
        m.map(Region::new(0x1000, &[], 16, "b", RegionKind::Other, true))
            .unwrap();
        m.write(0x1001, &[0xAA, 0xBB, 0xCC]).unwrap();
        assert_eq!(m.read_u32(0x1000).unwrap(), 0xCCBBAA00);
        m.write_u32(0x1006, 0x11223344).unwrap();
        assert_eq!(m.read_u64(0x1000).unwrap(), 0x3344_0000_CCBB_AA00);
        assert_eq!(m.read_u32(0x1008).unwrap() & 0xFFFF, 0x1122);
        assert!(matches!(m.read_u32(0x100E), Err(MemError::Unmapped { .. })));
        assert_eq!(m.atomic_u32(0x1008, |v| v + 1).unwrap() & 0xFFFF, 0x1122);
    }
}
