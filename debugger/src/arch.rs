//! How a wave looks to stock gdb: an x86-64 target whose `rip` is the wave PC, with the gfx950 registers in a
//! feature of their own (gdb-stock-client.md §1). No stock gdb knows amdgcn, and a description holding only AMDGPU
//! registers is rejected, so the 40 registers of `org.gnu.gdb.i386.core` are present as filler.
//!
//! Register numbers follow the XML order, fixed for every launch so that `RegId` needs no per-launch state:
//!
//! | numbers   | registers                                                     | bytes |
//! |-----------|---------------------------------------------------------------|-------|
//! | 0..16     | rax, rbx, rcx, rdx, rsi, rdi, rbp, rsp, r8..r15 (filler; r15..r8 carry the return addresses of the device-function calls the wave is in, for `served_elf`'s CFI; rsp the call depth; rbp the variable window; rax/rdx a device function's return value; rbx is unavailable) | 8 |
//! | 16        | rip = wave PC                                                  | 8     |
//! | 17..24    | eflags, cs, ss, ds, es, fs, gs (filler)                        | 4     |
//! | 24..32    | st0..st7 (filler)                                              | 10    |
//! | 32..40    | fctrl..fop (filler)                                            | 4     |
//! | 40..142   | s0..s101                                                       | 4     |
//! | 142..150  | vcc, exec (8), m0, scc, mode, status, trapsts (4), flat_scratch (8) |  |
//! | 150..406  | v0..v255 (64 lanes x 32 bits)                                  | 256   |
//! | 406..662  | a0..a255                                                       | 256   |
//! | 662..678  | xmm0..xmm15 (`org.gnu.gdb.i386.sse`; xmm0/xmm1 carry a device function's float return value) | 16 |
//! | 678       | mxcsr (filler)                                                 | 4     |
//!
//! The description lists only the VGPRs/AGPRs the kernel allocates (AGPRs keep their numbers via `regnum`).
//! The `g` reply stops after `flat_scratch`: gdb then fetches a vector register with `p` only when it is used
//! (gdb-stock-client.md §2: a full `g` of 393 KB per wave made `info threads` take seconds).

use core::num::NonZeroUsize;
use gdbstub::arch::{Arch, RegId, Registers};

pub const RIP: usize = 16;
/// rbx: always unavailable to gdb (see `WaveRegs::gdb_serialize`).
pub const RBX: usize = 1;
/// rbp: the base of the served copy's variable locations.
pub const RBP: usize = 6;
pub const SGPR0: usize = 40;
pub const SGPRS: usize = 102;
pub const VCC: usize = SGPR0 + SGPRS; // 142
pub const EXEC: usize = VCC + 1;
pub const M0: usize = VCC + 2;
pub const SCC: usize = VCC + 3;
pub const MODE: usize = VCC + 4;
pub const STATUS: usize = VCC + 5;
pub const TRAPSTS: usize = VCC + 6;
pub const FLAT_SCRATCH: usize = VCC + 7; // 149
pub const VGPR0: usize = 150;
pub const AGPR0: usize = VGPR0 + 256; // 406
pub const REG_END: usize = AGPR0 + 256; // 662
/// x86-64 `finish` reads a float/double return value from xmm0 (SysV ABI): without the SSE feature gdb 13 dies
/// on `regcache.c: read_part` assertion. They sit after the AMDGPU registers so no number above moves.
pub const XMM0: usize = REG_END; // 662
pub const MXCSR: usize = XMM0 + 16; // 678
/// Bytes of a vector register: 64 lanes of 32 bits.
pub const VREG_BYTES: usize = 256;

/// Size in bytes of register `n`, or None past the last one.
pub fn reg_size(n: usize) -> Option<usize> {
    Some(match n {
        0..=16 => 8,
        17..=23 => 4,
        24..=31 => 10,
        32..=39 => 4,
        40..=141 => 4,
        VCC | EXEC | FLAT_SCRATCH => 8,
        M0..=TRAPSTS => 4,
        VGPR0..REG_END => VREG_BYTES,
        XMM0..MXCSR => 16,
        MXCSR => 4,
        _ => return None,
    })
}

/// Names of the filler registers, in order (gdb checks them, not their values).
const X86_CORE: [(&str, u32, &str, &str); 40] = [
    ("rax", 64, "int64", "general"),
    ("rbx", 64, "int64", "general"),
    ("rcx", 64, "int64", "general"),
    ("rdx", 64, "int64", "general"),
    ("rsi", 64, "int64", "general"),
    ("rdi", 64, "int64", "general"),
    ("rbp", 64, "data_ptr", "general"),
    ("rsp", 64, "data_ptr", "general"),
    ("r8", 64, "int64", "general"),
    ("r9", 64, "int64", "general"),
    ("r10", 64, "int64", "general"),
    ("r11", 64, "int64", "general"),
    ("r12", 64, "int64", "general"),
    ("r13", 64, "int64", "general"),
    ("r14", 64, "int64", "general"),
    ("r15", 64, "int64", "general"),
    ("rip", 64, "code_ptr", "general"),
    ("eflags", 32, "int32", "general"),
    ("cs", 32, "int32", "general"),
    ("ss", 32, "int32", "general"),
    ("ds", 32, "int32", "general"),
    ("es", 32, "int32", "general"),
    ("fs", 32, "int32", "general"),
    ("gs", 32, "int32", "general"),
    ("st0", 80, "i387_ext", "float"),
    ("st1", 80, "i387_ext", "float"),
    ("st2", 80, "i387_ext", "float"),
    ("st3", 80, "i387_ext", "float"),
    ("st4", 80, "i387_ext", "float"),
    ("st5", 80, "i387_ext", "float"),
    ("st6", 80, "i387_ext", "float"),
    ("st7", 80, "i387_ext", "float"),
    ("fctrl", 32, "int", "float"),
    ("fstat", 32, "int", "float"),
    ("ftag", 32, "int", "float"),
    ("fiseg", 32, "int", "float"),
    ("fioff", 32, "int", "float"),
    ("foseg", 32, "int", "float"),
    ("fooff", 32, "int", "float"),
    ("fop", 32, "int", "float"),
];

/// The target description for a kernel allocating `vgprs` VGPRs and `agprs` AGPRs.
pub fn target_xml(vgprs: u16, agprs: u16) -> String {
    use std::fmt::Write;
    let mut x = String::with_capacity(16 * 1024);
    x.push_str(concat!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target version=\"1.0\">\n",
        "<architecture>i386:x86-64</architecture>\n<osabi>none</osabi>\n",
        "<feature name=\"org.gnu.gdb.i386.core\">\n"
    ));
    for (name, bits, ty, group) in X86_CORE {
        let _ = writeln!(
            x,
            "<reg name=\"{name}\" bitsize=\"{bits}\" type=\"{ty}\" group=\"{group}\"/>"
        );
    }
    x.push_str("</feature>\n<feature name=\"org.gnu.gdb.amdgpu.core\">\n");
    x.push_str("<vector id=\"v64u32\" type=\"uint32\" count=\"64\"/>\n");
    for s in 0..SGPRS {
        let _ = writeln!(
            x,
            "<reg name=\"s{s}\" bitsize=\"32\" type=\"uint32\" group=\"general\"/>"
        );
    }
    for (name, bits) in [
        ("vcc", 64),
        ("exec", 64),
        ("m0", 32),
        ("scc", 32),
        ("mode", 32),
        ("status", 32),
        ("trapsts", 32),
        ("flat_scratch", 64),
    ] {
        let ty = if bits == 64 { "uint64" } else { "uint32" };
        let _ = writeln!(
            x,
            "<reg name=\"{name}\" bitsize=\"{bits}\" type=\"{ty}\" group=\"general\"/>"
        );
    }
    for v in 0..vgprs.min(256) {
        let _ = writeln!(
            x,
            "<reg name=\"v{v}\" bitsize=\"2048\" type=\"v64u32\" regnum=\"{}\" group=\"vector\"/>",
            VGPR0 + v as usize
        );
    }
    for a in 0..agprs.min(256) {
        let _ = writeln!(
            x,
            "<reg name=\"a{a}\" bitsize=\"2048\" type=\"v64u32\" regnum=\"{}\" group=\"vector\"/>",
            AGPR0 + a as usize
        );
    }
    x.push_str("</feature>\n");
    // The SSE registers x86-64 gdb reads float return values from (amd64_return_value); the types are the
    // ones gdb's own 64bit-sse.xml declares.
    x.push_str(concat!(
        "<feature name=\"org.gnu.gdb.i386.sse\">\n",
        "<vector id=\"v4f\" type=\"ieee_single\" count=\"4\"/>\n",
        "<vector id=\"v2d\" type=\"ieee_double\" count=\"2\"/>\n",
        "<vector id=\"v16i8\" type=\"int8\" count=\"16\"/>\n",
        "<vector id=\"v8i16\" type=\"int16\" count=\"8\"/>\n",
        "<vector id=\"v4i32\" type=\"int32\" count=\"4\"/>\n",
        "<vector id=\"v2i64\" type=\"int64\" count=\"2\"/>\n",
        "<union id=\"vec128\"><field name=\"v4_float\" type=\"v4f\"/><field name=\"v2_double\" type=\"v2d\"/>",
        "<field name=\"v16_int8\" type=\"v16i8\"/><field name=\"v8_int16\" type=\"v8i16\"/>",
        "<field name=\"v4_int32\" type=\"v4i32\"/><field name=\"v2_int64\" type=\"v2i64\"/>",
        "<field name=\"uint128\" type=\"uint128\"/></union>\n"
    ));
    for i in 0..16 {
        let _ = writeln!(
            x,
            "<reg name=\"xmm{i}\" bitsize=\"128\" type=\"vec128\" regnum=\"{}\" group=\"sse\"/>",
            XMM0 + i
        );
    }
    let _ = writeln!(
        x,
        "<reg name=\"mxcsr\" bitsize=\"32\" type=\"int\" regnum=\"{MXCSR}\" group=\"vector\"/>"
    );
    x.push_str("</feature>\n</target>\n");
    x
}

/// A register number as gdb sends it in `p`/`P`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaveRegId(pub usize);

impl RegId for WaveRegId {
    fn from_raw_id(id: usize) -> Option<(Self, Option<NonZeroUsize>)> {
        let size = reg_size(id)?;
        Some((WaveRegId(id), NonZeroUsize::new(size)))
    }
    fn to_raw_id(&self) -> Option<usize> {
        Some(self.0)
    }
}

/// The registers a `g` packet carries: everything up to `flat_scratch` (scalars only).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WaveRegs {
    /// rax..r15: zero, except r15, r14, ... = the wave's return addresses, innermost first.
    pub gpr: [u64; 16],
    pub pc: u64,
    pub sgpr: Vec<u32>,
    pub vcc: u64,
    pub exec: u64,
    pub m0: u32,
    pub scc: u32,
    pub mode: u32,
    pub status: u32,
    pub trapsts: u32,
    pub flat_scratch: u64,
    /// rbp (the variable window) is unavailable: the wave has ended, its variables are gone.
    pub no_variables: bool,
}

/// Bytes of the `g` packet: filler, rip, the scalar registers.
pub const G_BYTES: usize = 16 * 8 + 8 + 7 * 4 + 8 * 10 + 8 * 4 + SGPRS * 4 + 8 + 8 + 5 * 4 + 8;

impl Registers for WaveRegs {
    type ProgramCounter = u64;

    fn pc(&self) -> u64 {
        self.pc
    }

    fn gdb_serialize(&self, mut write_byte: impl FnMut(Option<u8>)) {
        for (i, r) in self.gpr.iter().enumerate() {
            if i == RBX || (i == RBP && self.no_variables) {
                // Unavailable ("xx"): what a caller frame's rbp unwinds to (served_elf's device CIE).
                (0..8).for_each(|_| write_byte(None));
            } else {
                r.to_le_bytes().iter().for_each(|b| write_byte(Some(*b)));
            }
        }
        let mut put = |bytes: &[u8]| bytes.iter().for_each(|b| write_byte(Some(*b)));
        put(&self.pc.to_le_bytes());
        put(&[0u8; 7 * 4 + 8 * 10 + 8 * 4]);
        for i in 0..SGPRS {
            put(&self.sgpr.get(i).copied().unwrap_or(0).to_le_bytes());
        }
        put(&self.vcc.to_le_bytes());
        put(&self.exec.to_le_bytes());
        for v in [self.m0, self.scc, self.mode, self.status, self.trapsts] {
            put(&v.to_le_bytes());
        }
        put(&self.flat_scratch.to_le_bytes());
    }

    /// A `G` packet: gdb writes registers with `P` when the stub supports it, so a `G` is rare; one shorter than
    /// the scalar block is refused.
    fn gdb_deserialize(&mut self, bytes: &[u8]) -> Result<(), ()> {
        if bytes.len() < G_BYTES {
            return Err(());
        }
        let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
        let u64_at = |o: usize| u64::from_le_bytes(bytes[o..o + 8].try_into().unwrap());
        self.pc = u64_at(16 * 8);
        let mut o = 16 * 8 + 8 + 7 * 4 + 8 * 10 + 8 * 4;
        self.sgpr = (0..SGPRS).map(|i| u32_at(o + 4 * i)).collect();
        o += SGPRS * 4;
        self.vcc = u64_at(o);
        self.exec = u64_at(o + 8);
        o += 16;
        self.m0 = u32_at(o);
        self.scc = u32_at(o + 4);
        self.mode = u32_at(o + 8);
        self.status = u32_at(o + 12);
        self.trapsts = u32_at(o + 16);
        self.flat_scratch = u64_at(o + 20);
        Ok(())
    }
}

/// The architecture gdbstub sees.
pub enum Gfx950X86Mimic {}

impl Arch for Gfx950X86Mimic {
    type Usize = u64;
    type Registers = WaveRegs;
    /// gdb sends `Z0,ADDR,1` (the x86 int3 length): any kind is accepted and ignored.
    type BreakpointKind = usize;
    type RegId = WaveRegId;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_packet_length_matches_register_sizes() {
        let sum: usize = (0..VGPR0).map(|n| reg_size(n).unwrap()).sum();
        assert_eq!(sum, G_BYTES);
        let mut n = 0;
        WaveRegs::default().gdb_serialize(|_| n += 1);
        assert_eq!(n, G_BYTES);
    }

    #[test]
    fn xml_names_registers_in_number_order() {
        let x = target_xml(3, 2);
        assert!(x.contains("<reg name=\"v2\" bitsize=\"2048\" type=\"v64u32\" regnum=\"152\""));
        assert!(x.contains("<reg name=\"a1\" bitsize=\"2048\" type=\"v64u32\" regnum=\"407\""));
        assert!(!x.contains("name=\"v3\""));
        // 40 filler + 102 SGPRs + 8 specials before v0.
        // ... and the 16 xmm + mxcsr of the SSE feature after them.
        assert_eq!(x.matches("<reg ").count(), 40 + 102 + 8 + 3 + 2 + 17);
        assert!(x.contains("<reg name=\"xmm0\" bitsize=\"128\" type=\"vec128\" regnum=\"662\""));
    }
}
