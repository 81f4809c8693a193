//! Shared by tests/sem_ds.rs and tests/sem_vmem.rs: load a labelled fixture, run one label's program on a wave.
//!
//! Instructions come from `Program` (the real decoder). While the decoder still yields INVALID for a word, a
//! minimal test-only field extraction of the DS / MUBUF / MTBUF / FLAT encodings (encodings.md field tables)
//! stands in, so the semantics can be tested before the decoder lands; the handlers run either way through
//! `semantics::handler`, exactly as `Program::step` calls them.
#![allow(dead_code)]

use object::{Object, ObjectSection, ObjectSymbol};
use wavescope::exec::{
    semantics, Apertures, Ctx, Fault, GlobalMemory, Program, Region, RegionKind, Wave, WaveId,
};
use wavescope::isa::{
    mem_flags, Format, Inst, Op, Operand, DS_OPS, FLAT_OPS, GLOBAL_OPS, MTBUF_OPS, MUBUF_OPS,
    SCRATCH_OPS,
};

pub struct Fixture {
    program: Program,
    syms: Vec<(String, u64)>,
}

pub fn fixture(path: &str) -> Fixture {
    let bytes = std::fs::read(format!(
        "{}/tests/fixtures/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let f = object::File::parse(&*bytes).expect("fixture is an ELF object");
    let s = f.section_by_name(".text").expect("fixture has .text");
    let program = Program::new(s.data().unwrap(), s.address());
    let syms = f
        .symbols()
        .filter_map(|y| Some((y.name().ok()?.to_string(), y.address())))
        .collect();
    Fixture { program, syms }
}

/// A wave with all lanes on and `private_size` bytes of scratch per lane.
pub fn wave(private_size: u32) -> Wave {
    let mut w = Wave::new(WaveId::default());
    w.set_exec(u64::MAX);
    w.private_size = private_size;
    w.scratch = vec![0; private_size as usize * 64];
    w
}

/// Memory with one writable buffer of `size` bytes at `base`, filled from `bytes`.
pub fn memory(base: u64, bytes: &[u8], size: u64) -> GlobalMemory {
    let mut m = GlobalMemory::new();
    m.map(Region::new(
        base,
        bytes,
        size,
        "test buffer",
        RegionKind::Other,
        true,
    ))
    .unwrap();
    m
}

impl Fixture {
    pub fn pc(&self, label: &str) -> u64 {
        self.syms
            .iter()
            .find(|(n, _)| n == label)
            .unwrap_or_else(|| panic!("no label {label}"))
            .1
    }

    /// Run `label` to its s_endpgm (at most 64 instructions).
    pub fn run(
        &self,
        label: &str,
        w: &mut Wave,
        mem: &GlobalMemory,
        lds: &mut [u8],
    ) -> Result<(), Box<Fault>> {
        let mut ctx = Ctx {
            mem,
            lds,
            apertures: Apertures::default(),
        };
        let mut pc = self.pc(label);
        for _ in 0..64 {
            let inst = self.inst_at(pc);
            if inst.op == Op::S_ENDPGM {
                return Ok(());
            }
            assert_ne!(inst.op, Op::INVALID, "undecodable word at 0x{pc:x}");
            w.pc = pc;
            (semantics::handler(&inst))(w, &inst, &mut ctx)?;
            pc += inst.size as u64;
        }
        panic!("no s_endpgm after {label}");
    }

    fn inst_at(&self, pc: u64) -> Inst {
        match self.program.inst_at(pc) {
            Some(i) if i.op != Op::INVALID => *i,
            _ => {
                let off = (pc - self.program.base) as usize;
                let w = |k: usize| {
                    u32::from_le_bytes(
                        self.program.text[off + 4 * k..off + 4 * k + 4]
                            .try_into()
                            .unwrap(),
                    )
                };
                fields(
                    w(0),
                    if off + 8 <= self.program.text.len() {
                        w(1)
                    } else {
                        0
                    },
                )
            }
        }
    }
}

/// Test-only extraction of the memory-instruction fields (encodings.md "DS", "MUBUF", "MTBUF", "FLAT").
fn fields(w0: u32, w1: u32) -> Inst {
    let mut i = Inst::INVALID;
    i.size = 8;
    let v = |n: u32| Operand::vgpr((n & 0xFF) as u16);
    let d = |n: u32, acc: bool| {
        if acc {
            Operand::agpr((n & 0xFF) as u16)
        } else {
            v(n)
        }
    };
    if w0 == 0xBF81_0000 {
        i.op = Op::S_ENDPGM;
        i.format = Format::Sopp;
        i.size = 4;
        return i;
    }
    match w0 >> 26 {
        0x36 => {
            let acc = w0 >> 25 & 1 != 0;
            i.op = DS_OPS[(w0 >> 17 & 0xFF) as usize];
            i.format = Format::Ds;
            i.imm = (w0 & 0xFFFF) as i32;
            i.src = [v(w1), d(w1 >> 8, acc), d(w1 >> 16, acc)];
            i.dst = d(w1 >> 24, acc);
        }
        0x38 | 0x3A => {
            let mtbuf = w0 >> 26 == 0x3A;
            let acc = w1 >> 23 & 1 != 0;
            if mtbuf {
                i.op = MTBUF_OPS[(w0 >> 15 & 0xF) as usize];
                i.format = Format::Mtbuf;
                i.fmt = ((w0 >> 19 & 0xF) | (w0 >> 23 & 7) << 4) as u8;
            } else {
                i.op = MUBUF_OPS[(w0 >> 18 & 0x7F) as usize];
                i.format = Format::Mubuf;
                if w0 >> 16 & 1 != 0 {
                    i.mem |= mem_flags::LDS;
                }
            }
            i.imm = (w0 & 0xFFF) as i32;
            for (bit, f) in [
                (12, mem_flags::OFFEN),
                (13, mem_flags::IDXEN),
                (14, mem_flags::SC0),
            ] {
                if w0 >> bit & 1 != 0 {
                    i.mem |= f;
                }
            }
            i.src = [
                v(w1),
                Operand::sgpr(((w1 >> 16 & 0x1F) * 4) as u16),
                Operand((w1 >> 24) as u16),
            ];
            i.dst = d(w1 >> 8, acc);
            i.data = i.dst;
        }
        0x37 => {
            let acc = w1 >> 23 & 1 != 0;
            let seg = w0 >> 14 & 3;
            let op = (w0 >> 18 & 0x7F) as usize;
            let saddr = w1 >> 16 & 0x7F;
            let (op, format) = match seg {
                0 => (FLAT_OPS[op], Format::Flat),
                1 => (SCRATCH_OPS[op], Format::Scratch),
                _ => (GLOBAL_OPS[op], Format::Global),
            };
            i.op = op;
            i.format = format;
            i.imm = if format == Format::Flat {
                (w0 & 0xFFF) as i32
            } else {
                ((w0 & 0x1FFF) << 19) as i32 >> 19
            };
            if w0 >> 16 & 1 != 0 {
                i.mem |= mem_flags::SC0;
            }
            if w0 >> 13 & 1 != 0 {
                i.mem |= if format == Format::Scratch {
                    mem_flags::SVE
                } else {
                    mem_flags::LDS
                };
            }
            let saddr = if format == Format::Flat || saddr == 0x7F {
                Operand::NONE
            } else {
                Operand::sgpr(saddr as u16)
            };
            i.src = [v(w1), d(w1 >> 8, acc), saddr];
            i.dst = d(w1 >> 24, acc);
        }
        _ => {}
    }
    i
}
