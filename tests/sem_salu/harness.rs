//! Test harness shared by tests/sem_salu.rs and tests/sem_smem.rs: load an llvm-mc fixture, find its labels,
//! decode its scalar instructions, and step a wave through them with the real semantics handlers.
//!
//! Decoding uses the project's decoder (`wavescope::isa::decode`). While that decoder cannot decode an
//! instruction (it returns `Op::INVALID`), a minimal scalar-only decoder written here from encodings.md
//! (SOP2/SOPK/SOP1/SOPC/SOPP/SMEM field tables) fills the `Inst` as documented in src/isa/mod.rs, so the
//! semantics can be checked before the decoder lands; once it decodes everything, it is used alone.
#![allow(dead_code)]

use object::{Object, ObjectSection, ObjectSymbol};
use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, Fault, Flow, GlobalMemory, Wave, WaveId};
use wavescope::isa::{
    decode, mem_flags, Format, Inst, Op, Operand, SMEM_OPS, SOP1_OPS, SOP2_OPS, SOPC_OPS, SOPK_OPS,
    SOPP_OPS,
};

pub struct Fixture {
    pub base: u64,
    pub text: Vec<u8>,
    pub labels: Vec<(String, u64)>,
}

impl Fixture {
    pub fn load(path: &str) -> Fixture {
        let file = format!("{}/tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let f = object::File::parse(&*bytes).expect("fixture is an ELF object");
        let s = f.section_by_name(".text").expect("fixture has .text");
        let labels = f
            .symbols()
            .filter(|s| !s.name().unwrap_or("").is_empty())
            .map(|s| (s.name().unwrap().to_string(), s.address()))
            .collect();
        Fixture {
            base: s.address(),
            text: s.data().unwrap().to_vec(),
            labels,
        }
    }

    /// Address of a label (from the object's symbol table, i.e. as llvm-mc laid the code out).
    pub fn label(&self, name: &str) -> u64 {
        self.labels
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no label {name}"))
            .1
    }

    fn words_at(&self, pc: u64) -> Vec<u32> {
        let off = (pc - self.base) as usize;
        self.text[off..]
            .chunks(4)
            .take(4)
            .map(|c| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            })
            .collect()
    }

    /// The instruction at `pc`: the project's decoder, or the scalar fallback while it cannot decode it.
    pub fn inst_at(&self, pc: u64) -> Inst {
        let words = self.words_at(pc);
        let real = decode::decode(&words, pc);
        if real.op != Op::INVALID {
            return real;
        }
        fallback_decode(&words, pc)
    }
}

fn op_name(op: Op) -> &'static str {
    op.name()
}

/// Scalar-only decoder (encodings.md "SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMEM").
pub fn fallback_decode(w: &[u32], pc: u64) -> Inst {
    let w0 = w[0];
    let mut i = Inst::INVALID;
    let lit = w.get(1).copied().unwrap_or(0);
    let sop_literal = |i: &mut Inst| {
        if i.src.contains(&Operand::LITERAL) {
            i.literal = lit;
            i.size = 8;
        }
    };
    if w0 >> 23 == 0b1_0111_1101 {
        // SOP1: SDST [22:16], OP [15:8], SSRC0 [7:0]
        i.format = Format::Sop1;
        i.op = SOP1_OPS[((w0 >> 8) & 0xFF) as usize];
        i.dst = Operand(((w0 >> 16) & 0x7F) as u16);
        i.src[0] = Operand((w0 & 0xFF) as u16);
        sop_literal(&mut i);
    } else if w0 >> 23 == 0b1_0111_1110 {
        // SOPC: OP [22:16], SSRC1 [15:8], SSRC0 [7:0]
        i.format = Format::Sopc;
        i.op = SOPC_OPS[((w0 >> 16) & 0x7F) as usize];
        i.src[0] = Operand((w0 & 0xFF) as u16);
        if i.op == Op::S_SET_GPR_IDX_ON {
            // SSRC1 is the raw 4-bit mode mask, kept in `imm` (as src/isa/decode.rs does)
            i.imm = ((w0 >> 8) & 0xFF) as i32;
        } else {
            i.src[1] = Operand(((w0 >> 8) & 0xFF) as u16);
        }
        sop_literal(&mut i);
    } else if w0 >> 23 == 0b1_0111_1111 {
        // SOPP: OP [22:16], SIMM16 [15:0]; branch target = PC + 4 + SIMM16 * 4
        i.format = Format::Sopp;
        i.op = SOPP_OPS[((w0 >> 16) & 0x7F) as usize];
        i.imm = (w0 & 0xFFFF) as u16 as i16 as i32;
        i.target = (pc as i64 + 4 + i.imm as i64 * 4) as u64;
    } else if w0 >> 28 == 0b1011 {
        // SOPK: OP [27:23], SDST [22:16], SIMM16 [15:0]
        i.format = Format::Sopk;
        i.op = SOPK_OPS[((w0 >> 23) & 0x1F) as usize];
        i.dst = Operand(((w0 >> 16) & 0x7F) as u16);
        i.imm = (w0 & 0xFFFF) as u16 as i16 as i32;
        i.target = (pc as i64 + 4 + i.imm as i64 * 4) as u64;
        if i.op == Op::S_SETREG_IMM32_B32 {
            i.literal = lit;
            i.size = 8;
        }
    } else if w0 >> 30 == 0b10 {
        // SOP2: OP [29:23], SDST [22:16], SSRC1 [15:8], SSRC0 [7:0]
        i.format = Format::Sop2;
        i.op = SOP2_OPS[((w0 >> 23) & 0x7F) as usize];
        i.dst = Operand(((w0 >> 16) & 0x7F) as u16);
        i.src[0] = Operand((w0 & 0xFF) as u16);
        i.src[1] = Operand(((w0 >> 8) & 0xFF) as u16);
        sop_literal(&mut i);
    } else if w0 >> 26 == 0b11_0000 {
        // SMEM: SBASE [5:0] (pair index), SDATA [12:6], SOE [14], NV [15], GLC [16], IMM [17], OP [25:18],
        // OFFSET [52:32], SOFFSET [63:57]
        let w1 = w.get(1).copied().unwrap_or(0);
        i.format = Format::Smem;
        i.size = 8;
        i.op = SMEM_OPS[((w0 >> 18) & 0xFF) as usize];
        let sdata = Operand(((w0 >> 6) & 0x7F) as u16);
        i.src[0] = Operand(((w0 & 0x3F) * 2) as u16);
        let name = op_name(i.op);
        if name.contains("store") || name.contains("atomic") {
            i.src[1] = sdata;
        } else {
            i.dst = sdata;
        }
        let soe = (w0 >> 14) & 1 != 0;
        let imm = (w0 >> 17) & 1 != 0;
        i.mem = if soe { mem_flags::SOE } else { 0 }
            | if imm { mem_flags::IMM } else { 0 }
            | if (w0 >> 16) & 1 != 0 {
                mem_flags::GLC
            } else {
                0
            }
            | if (w0 >> 15) & 1 != 0 {
                mem_flags::NV
            } else {
                0
            };
        let offset = w1 & 0x1F_FFFF;
        if soe {
            i.src[2] = Operand((w1 >> 25) as u16);
            i.imm = offset as i32;
        } else if imm {
            i.imm = offset as i32;
        } else {
            i.src[2] = Operand((offset & 0x7F) as u16);
        }
    }
    i
}

/// A fresh wave at `pc` with all 64 lanes on.
pub fn wave_at(pc: u64) -> Wave {
    let mut w = Wave::new(WaveId::default());
    w.pc = pc;
    w.set_exec(u64::MAX);
    w
}

/// Step `wave` through the fixture until `s_endpgm`; returns the fault if one stops it.
pub fn run(
    fx: &Fixture,
    wave: &mut Wave,
    mem: &GlobalMemory,
    lds: &mut [u8],
) -> Result<(), Box<Fault>> {
    let mut ctx = Ctx {
        mem,
        lds,
        apertures: Apertures::default(),
    };
    for _ in 0..1000 {
        let inst = fx.inst_at(wave.pc);
        assert_ne!(
            inst.op,
            Op::INVALID,
            "undecodable instruction at 0x{:x}",
            wave.pc
        );
        let handler = semantics::handler(&inst);
        wave.instructions += 1;
        match handler(wave, &inst, &mut ctx)? {
            Flow::End => return Ok(()),
            Flow::Jump => {}
            _ => wave.pc += inst.size as u64,
        }
    }
    panic!("no s_endpgm within 1000 instructions");
}

/// Run from a label to `s_endpgm`, panicking on a fault.
pub fn run_label(fx: &Fixture, label: &str, wave: &mut Wave, mem: &GlobalMemory) {
    wave.pc = fx.label(label);
    let mut lds = [0u8; 0];
    if let Err(f) = run(fx, wave, mem, &mut lds) {
        panic!("{label}: fault at pc 0x{:x}: {f:?}", wave.pc);
    }
}
