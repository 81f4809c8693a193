//! Test harness shared by tests/sem_vop3p.rs and tests/sem_mai.rs: load an llvm-mc fixture, find its labels,
//! decode its vector instructions, and run them on a wave through the real semantics handlers (exactly as
//! `Program::step` calls them).
//!
//! Decoding uses the project's decoder (`wavescope::isa::decode`). While it still yields `Op::INVALID`, a
//! minimal test-only field extraction written here from encodings.md (VOP3P, VOP3P-MAI incl. the 128-bit
//! scaled MFMA, VOP3A, VOP1 with SDWA, SOPP s_endpgm) fills the `Inst` as documented in src/isa/mod.rs. When
//! the real decoder decodes an instruction, the fields the semantics read are compared with the fallback's
//! (op, format, size, dst, sources, modifiers, MAI controls) so both are checked.
#![allow(dead_code)]

use object::{Object, ObjectSection, ObjectSymbol};
use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, Flow, GlobalMemory, Wave, WaveId};
use wavescope::isa::{
    decode, Ext, Format, Inst, Op, Operand, SOPP_OPS, VOP1_OPS, VOP3P_OPS, VOP3_OPS,
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

    /// The instruction at `pc`: the fallback decode, checked against the project's decoder when it decodes.
    pub fn inst_at(&self, pc: u64) -> Inst {
        let words = self.words_at(pc);
        let mine = fallback_decode(&words);
        let real = decode::decode(&words, pc);
        if real.op != Op::INVALID {
            assert_eq!(real.op, mine.op, "decoder vs fallback op at 0x{pc:x}");
            assert_eq!(real.size, mine.size, "size of {} at 0x{pc:x}", mine.name());
            assert_eq!(real.dst, mine.dst, "dst of {} at 0x{pc:x}", mine.name());
            let nsrc = mine.src.iter().filter(|s| !s.is_none()).count();
            assert_eq!(
                real.src[..nsrc],
                mine.src[..nsrc],
                "sources of {} at 0x{pc:x}",
                mine.name()
            );
            if mine.format == Format::Vop3pMai {
                assert_eq!(
                    real.mai,
                    mine.mai,
                    "MAI controls of {} at 0x{pc:x}",
                    mine.name()
                );
            } else {
                assert_eq!(
                    real.mods.op_sel,
                    mine.mods.op_sel,
                    "op_sel of {} at 0x{pc:x}",
                    mine.name()
                );
                assert_eq!(
                    real.mods.neg,
                    mine.mods.neg,
                    "neg of {} at 0x{pc:x}",
                    mine.name()
                );
                assert_eq!(
                    real.mods.clamp,
                    mine.mods.clamp,
                    "clamp of {} at 0x{pc:x}",
                    mine.name()
                );
            }
            return real;
        }
        mine
    }
}

fn vreg_or_agpr(code: u32, acc: bool) -> Operand {
    if code >= 256 {
        if acc {
            Operand::agpr((code - 256) as u16)
        } else {
            Operand::vgpr((code - 256) as u16)
        }
    } else {
        Operand(code as u16)
    }
}

/// Test-only field extraction (encodings.md "VOP3P", "VOP3P-MAI", "VOP3A", "VOP1", "SDWA", "SOPP").
pub fn fallback_decode(w: &[u32]) -> Inst {
    let mut i = Inst::INVALID;
    let (w0, w1) = (w[0], w.get(1).copied().unwrap_or(0));
    let q = w0 as u64 | (w1 as u64) << 32;
    let f = |lo: u32, n: u32| ((q >> lo) & ((1u64 << n) - 1)) as u32;
    if w0 >> 23 == 0x1A7 {
        let op = VOP3P_OPS[f(16, 7) as usize];
        i.op = op;
        i.size = 8;
        if op.info().format == Format::Vop3pMai
            && op != Op::V_ACCVGPR_READ_B32
            && op != Op::V_ACCVGPR_WRITE_B32
        {
            i.format = Format::Vop3pMai;
            let mut scale = None;
            let (mut q2, mut op2) = (q, op);
            if op == Op::V_MFMA_LD_SCALE_B32
                && w.len() >= 4
                && w[2] >> 23 == 0x1A7
                && w[2] & (1 << 11) != 0
            {
                let next = VOP3P_OPS[((w[2] >> 16) & 0x7F) as usize];
                if matches!(
                    next,
                    Op::V_MFMA_F32_16X16X128_F8F6F4 | Op::V_MFMA_F32_32X32X64_F8F6F4
                ) {
                    let src = [vreg_or_agpr(f(32, 9), false), vreg_or_agpr(f(41, 9), false)];
                    let sel = [
                        f(11, 1) as u8 | (f(59, 1) as u8) << 1,
                        f(12, 1) as u8 | (f(60, 1) as u8) << 1,
                    ];
                    scale = Some((src, sel));
                    q2 = w[2] as u64 | (w[3] as u64) << 32;
                    op2 = next;
                }
            }
            let g = |lo: u32, n: u32| ((q2 >> lo) & ((1u64 << n) - 1)) as u32;
            i.op = op2;
            let acc_cd = g(15, 1) != 0;
            let acc = g(59, 2) as u8;
            let smfmac = op2.name().starts_with("v_smfmac");
            i.mai.cbsz = g(8, 3) as u8;
            i.mai.abid = g(11, 4) as u8;
            i.mai.acc_cd = acc_cd;
            i.mai.acc = acc;
            i.mai.blgp = g(61, 3) as u8;
            i.dst = if acc_cd {
                Operand::agpr(g(0, 8) as u16)
            } else {
                Operand::vgpr(g(0, 8) as u16)
            };
            i.src[0] = vreg_or_agpr(g(32, 9), acc & 1 != 0);
            i.src[1] = vreg_or_agpr(g(41, 9), acc & 2 != 0);
            if op2 != Op::V_MFMA_LD_SCALE_B32 {
                i.src[2] = vreg_or_agpr(g(50, 9), acc_cd && !smfmac);
            }
            if op2 == Op::V_MFMA_LD_SCALE_B32 {
                // Bits 60:59 are OP_SEL_HI here, not ACC: plain VGPR/constant sources, no destination.
                i.dst = Operand::NONE;
                i.mai = Inst::INVALID.mai;
                i.mods.op_sel = g(11, 3) as u8;
                i.mods.op_sel_hi = (g(59, 2) | g(14, 1) << 2) as u8;
                i.src[0] = vreg_or_agpr(g(32, 9), false);
                i.src[1] = vreg_or_agpr(g(41, 9), false);
            }
            if let Some((src, sel)) = scale {
                // ABID[0] only marks the scaled form (§7.1.5); the decoded Inst carries the scale instead.
                i.mai.abid = 0;
                i.mai.scale_src = src;
                i.mai.scale_sel = sel;
                i.size = 16;
            }
        } else {
            i.format = if op.info().format == Format::Vop3pMai {
                Format::Vop3pMai
            } else {
                Format::Vop3p
            };
            i.dst = Operand::vgpr(f(0, 8) as u16);
            if op == Op::V_ACCVGPR_WRITE_B32 {
                i.dst = Operand::agpr(f(0, 8) as u16);
            }
            i.mods.neg_hi = f(8, 3) as u8;
            i.mods.op_sel = f(11, 3) as u8;
            i.mods.op_sel_hi = (f(59, 2) | f(14, 1) << 2) as u8;
            i.mods.clamp = f(15, 1) != 0 && i.format == Format::Vop3p;
            i.mods.neg = f(61, 3) as u8;
            let nsrc = op
                .info()
                .example
                .split(" op_sel")
                .next()
                .unwrap()
                .matches(',')
                .count();
            for s in 0..nsrc.min(3) {
                i.src[s] = vreg_or_agpr(f(32 + 9 * s as u32, 9), false);
            }
            if op == Op::V_ACCVGPR_READ_B32 {
                i.src[0] = Operand::agpr((f(32, 9) & 0xFF) as u16);
            }
        }
    } else if w0 >> 26 == 0b110100 {
        i.op = VOP3_OPS[f(16, 10) as usize];
        i.format = Format::Vop3a;
        i.size = 8;
        i.dst = Operand::vgpr(f(0, 8) as u16);
        i.mods.abs = f(8, 3) as u8;
        i.mods.op_sel = f(11, 4) as u8;
        i.mods.clamp = f(15, 1) != 0;
        i.mods.omod = f(59, 2) as u8;
        i.mods.neg = f(61, 3) as u8;
        // Operand count from the csv example: "v_x v0, v2, v4" -> 2 sources.
        let nsrc =
            i.op.info()
                .example
                .split(" op_sel")
                .next()
                .unwrap()
                .matches(',')
                .count();
        for s in 0..nsrc.min(3) {
            i.src[s] = vreg_or_agpr(f(32 + 9 * s as u32, 9), false);
        }
    } else if w0 >> 25 == 0b0111111 {
        i.op = VOP1_OPS[f(9, 8) as usize];
        i.format = Format::Vop1;
        i.size = 4;
        i.dst = Operand::vgpr(f(17, 8) as u16);
        let s0 = f(0, 9);
        if s0 == 0xF9 {
            i.ext = Ext::Sdwa;
            i.size = 8;
            i.sdwa.dst_sel = f(40, 3) as u8;
            i.sdwa.dst_unused = f(43, 2) as u8;
            i.sdwa.src0_sel = f(48, 3) as u8;
            i.sdwa.sext = f(51, 1) as u8;
            i.mods.neg = f(52, 1) as u8;
            i.mods.abs = f(53, 1) as u8;
            i.mods.clamp = f(45, 1) != 0;
            i.mods.omod = f(46, 2) as u8;
            let r = f(32, 8);
            i.src[0] = if f(55, 1) != 0 {
                Operand(r as u16)
            } else {
                Operand::vgpr(r as u16)
            };
        } else {
            i.src[0] = vreg_or_agpr(s0, false);
            if i.op == Op::V_ACCVGPR_MOV_B32 {
                // Both operands are AccVGPRs (encodings.md "AccVGPR").
                i.dst = Operand::agpr(f(17, 8) as u16);
                i.src[0] = Operand::agpr((s0 & 0xFF) as u16);
            }
            if s0 == 255 {
                i.literal = w1;
                i.size = 8;
            }
        }
    } else if w0 >> 23 == 0b1_0111_1111 {
        i.format = Format::Sopp;
        i.op = SOPP_OPS[((w0 >> 16) & 0x7F) as usize];
        i.size = 4;
        i.imm = (w0 & 0xFFFF) as u16 as i16 as i32;
    }
    i
}

/// A fresh wave with all 64 lanes on and MODE = 0x3F0 (RNE, denormals kept, IEEE, DX10_CLAMP).
pub fn wave() -> Wave {
    let mut w = Wave::new(WaveId::default());
    w.set_exec(u64::MAX);
    w.mode = 0x3F0;
    w
}

/// Run from `label` to s_endpgm (at most 64 instructions); returns the instructions executed.
pub fn run_label(f: &Fixture, label: &str, w: &mut Wave) -> Vec<Inst> {
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 0];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    let mut pc = f.label(label);
    let mut ran = Vec::new();
    for _ in 0..64 {
        let inst = f.inst_at(pc);
        assert_ne!(inst.op, Op::INVALID, "undecodable word at 0x{pc:x}");
        if inst.op == Op::S_ENDPGM {
            return ran;
        }
        let h = semantics::handler(&inst);
        match h(w, &inst, &mut ctx) {
            Ok(Flow::Next) => {}
            Ok(other) => panic!("unexpected flow {other:?} from {}", inst.name()),
            Err(e) => panic!("fault in {} at 0x{pc:x}: {:?}", inst.name(), e),
        }
        ran.push(inst);
        pc += inst.size as u64;
    }
    panic!("no s_endpgm after {label}");
}

/// Set register `r` (unified index: v0 = 0, a0 = 256) of every lane from a per-lane function.
pub fn set_reg(w: &mut Wave, r: usize, f: impl Fn(usize) -> u32) {
    for l in 0..64 {
        w.vreg[r][l] = f(l);
    }
}

pub fn f32b(x: f32) -> u32 {
    x.to_bits()
}
