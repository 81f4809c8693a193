//! The gfx950 instruction set: generated opcode tables, the decoded instruction form the executor runs from,
//! the decoder and the llvm-objdump-exact disassembler.
//!
//! Decoding happens once per code object (`decode::decode_text`); the executor then indexes a `Vec<Inst>` by PC.
//! `Inst` is plain data (`Copy`, no strings, no heap): every field the semantics need is already extracted,
//! operands are resolved into one 16-bit operand space (see `Operand`).

pub mod decode;
pub mod disasm;
#[rustfmt::skip]
mod generated;
pub use generated::*;

/// Microcode format an instruction was encoded in (encodings.md "Format identification").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Format {
    Sop2,
    Sopk,
    Sop1,
    Sopc,
    Sopp,
    Smem,
    Vop2,
    Vop1,
    Vopc,
    Vop3a,
    Vop3b,
    Vop3p,
    Vop3pMai,
    Ds,
    Mubuf,
    Mtbuf,
    Flat,
    Global,
    Scratch,
    Invalid,
}

/// One operand in a single 16-bit space shared by every register file:
/// - `0..=255`: the scalar source codes of CDNA4 Table 13 / encodings.md "Operand encodings"
///   (s0..s101, flat_scratch, xnack_mask, vcc, ttmp, m0, exec, inline constants 128..=208 and 240..=248,
///   apertures 235..=238, vccz/execz/scc 251..=253, 255 = the instruction's literal in `Inst::literal`);
/// - `256..=511`: v0..v255;
/// - `512..=767`: a0..a255 (AccVGPRs, selected by the ACC bits of the encoding);
/// - `Operand::NONE`: the field does not exist for this instruction.
///
/// Multi-dword operands name their first register; the width comes from the operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Operand(pub u16);

impl Operand {
    pub const NONE: Operand = Operand(0xFFFF);
    pub const VCC_LO: Operand = Operand(106);
    pub const M0: Operand = Operand(124);
    pub const EXEC_LO: Operand = Operand(126);
    pub const LITERAL: Operand = Operand(255);
    pub const fn sgpr(n: u16) -> Operand {
        Operand(n)
    }
    pub const fn vgpr(n: u16) -> Operand {
        Operand(256 + n)
    }
    pub const fn agpr(n: u16) -> Operand {
        Operand(512 + n)
    }
    pub const fn is_none(self) -> bool {
        self.0 == 0xFFFF
    }
    /// A scalar-file code (SGPR, special register, constant or literal): 0..=255.
    pub const fn is_scalar(self) -> bool {
        self.0 < 256
    }
    pub const fn is_vgpr(self) -> bool {
        self.0 >= 256 && self.0 < 512
    }
    pub const fn is_agpr(self) -> bool {
        self.0 >= 512 && self.0 < 768
    }
    /// Index within its register file (SGPR code, VGPR number or AGPR number).
    pub const fn index(self) -> u16 {
        if self.0 < 256 {
            self.0
        } else {
            (self.0 - 256) & 0xFF
        }
    }
}

/// Per-source modifiers of VOP3/VOP3P/DPP/SDWA, bit i = source i.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mods {
    pub neg: u8,
    pub abs: u8,
    /// VOP3P: negate the high half.
    pub neg_hi: u8,
    /// VOP3A op_sel [3:0] (bit 3 = destination) or VOP3P op_sel [2:0].
    pub op_sel: u8,
    /// VOP3P op_sel_hi [2:0].
    pub op_sel_hi: u8,
    pub clamp: bool,
    /// Output modifier: 0 none, 1 *2, 2 *4, 3 /2.
    pub omod: u8,
}

/// DPP control word (encodings.md "DPP").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Dpp {
    pub ctrl: u16,
    pub row_mask: u8,
    pub bank_mask: u8,
    pub bound_ctrl: bool,
}

/// SDWA selections (encodings.md "SDWA"/"SDWAB"): sel 0..=3 BYTE_0..3, 4/5 WORD_0/1, 6 DWORD.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Sdwa {
    pub dst_sel: u8,
    /// 0 pad zeros, 1 sign-extend, 2 preserve.
    pub dst_unused: u8,
    pub src0_sel: u8,
    pub src1_sel: u8,
    /// bit i = sign-extend source i.
    pub sext: u8,
}

/// MFMA/SMFMAC controls (encodings.md "VOP3P-MAI").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Mai {
    pub cbsz: u8,
    pub abid: u8,
    pub blgp: u8,
    /// C and D live in AccVGPRs.
    pub acc_cd: bool,
    /// bit 0: A from AccVGPRs, bit 1: B from AccVGPRs.
    pub acc: u8,
    /// 128-bit scaled form (V_MFMA_LD_SCALE_B32 prefix folded in): scale operands and their op_sel bytes.
    pub scale_src: [Operand; 2],
    pub scale_sel: [u8; 2],
}

/// Cache-policy and addressing bits of memory instructions (SMEM/DS/MUBUF/MTBUF/FLAT).
pub mod mem_flags {
    pub const GLC: u16 = 1 << 0; // SMEM glc
    pub const SC0: u16 = 1 << 1;
    pub const SC1: u16 = 1 << 2;
    pub const NT: u16 = 1 << 3;
    pub const OFFEN: u16 = 1 << 4;
    pub const IDXEN: u16 = 1 << 5;
    pub const LDS: u16 = 1 << 6; // MUBUF/GLOBAL lds=1 load to LDS
    pub const GDS: u16 = 1 << 7;
    pub const SVE: u16 = 1 << 8; // SCRATCH: VGPR address enable
    pub const ACC: u16 = 1 << 9; // data/vdst are AccVGPRs
    pub const SOE: u16 = 1 << 10; // SMEM: SGPR offset (soffset) also added
    pub const NV: u16 = 1 << 11; // SMEM nv
    pub const IMM: u16 = 1 << 12; // SMEM: offset is an immediate
}

/// Encoding extension carried by a VOP1/VOP2/VOPC 32-bit instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[repr(u8)]
pub enum Ext {
    #[default]
    None,
    Dpp,
    Sdwa,
}

/// One decoded instruction. `Copy` plain data, built once per code object.
///
/// Field use by format:
/// - SALU: `dst` sdst, `src[0..2]` ssrc0/ssrc1; SOPK/SOPP `imm` = simm16 sign-extended
///   (SOPK `s_setreg_imm32` literal in `literal`; branch targets precomputed in `target`).
/// - SMEM: `dst`/`src[1]` sdata (dst for loads, src[1] for stores/atomics), `src[0]` sbase (first SGPR),
///   `src[2]` soffset SGPR when SOE or !IMM, `imm` immediate offset.
/// - VALU: `dst` vdst (SGPR code for VOPC-as-VOP3, readlane...), `sdst` VOP3B carry / VOPC SDWA sdst,
///   `src[0..3]`, `mods`, `ext` + `dpp`/`sdwa`; MAI in `mai`. V_BITOP3_B16/B32: `imm` = the 8-bit truth table
///   (also left in its NEG/ABS/OMOD fields in `mods`). A 128-bit scaled MFMA is one Inst (size 16): `op` = the F8F6F4
///   MFMA, `mai.scale_src`/`scale_sel` from the V_MFMA_LD_SCALE_B32 prefix.
/// - DS: `src[0]` addr, `src[1]` data0, `src[2]` data1, `dst` vdst, `imm` offset (offset0 | offset1 << 8),
///   `offset1`/`offset0` split in `imm2` for two-address ops.
/// - MUBUF/MTBUF: `src[0]` vaddr, `src[1]` srsrc (first SGPR), `src[2]` soffset, `dst`/`data` vdata, `imm` offset,
///   `fmt` = dfmt | nfmt << 4 for MTBUF.
/// - FLAT/GLOBAL/SCRATCH: `src[0]` vaddr, `src[1]` data, `src[2]` saddr (NONE for off), `dst` vdst, `imm` offset.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Inst {
    pub op: Op,
    pub format: Format,
    pub ext: Ext,
    /// Length in bytes: 4, 8, 12 (with literal) or 16 (scaled MFMA).
    pub size: u8,
    pub dst: Operand,
    pub sdst: Operand,
    pub src: [Operand; 3],
    /// Data operand of stores/atomics where it is separate from the address/sources (`Operand::NONE` otherwise).
    pub data: Operand,
    pub literal: u32,
    pub imm: i32,
    pub imm2: i32,
    pub mem: u16,
    pub fmt: u8,
    pub mods: Mods,
    pub dpp: Dpp,
    pub sdwa: Sdwa,
    pub mai: Mai,
    /// Branch target byte address for SOPP branches (absolute, in code-object address space), else 0.
    pub target: u64,
}

impl Inst {
    pub const INVALID: Inst = Inst {
        op: Op::INVALID,
        format: Format::Invalid,
        ext: Ext::None,
        size: 4,
        dst: Operand::NONE,
        sdst: Operand::NONE,
        src: [Operand::NONE; 3],
        data: Operand::NONE,
        literal: 0,
        imm: 0,
        imm2: 0,
        mem: 0,
        fmt: 0,
        mods: Mods {
            neg: 0,
            abs: 0,
            neg_hi: 0,
            op_sel: 0,
            op_sel_hi: 0,
            clamp: false,
            omod: 0,
        },
        dpp: Dpp {
            ctrl: 0,
            row_mask: 0,
            bank_mask: 0,
            bound_ctrl: false,
        },
        sdwa: Sdwa {
            dst_sel: 0,
            dst_unused: 0,
            src0_sel: 0,
            src1_sel: 0,
            sext: 0,
        },
        mai: Mai {
            cbsz: 0,
            abid: 0,
            blgp: 0,
            acc_cd: false,
            acc: 0,
            scale_src: [Operand::NONE; 2],
            scale_sel: [0; 2],
        },
        target: 0,
    };

    pub fn info(&self) -> &'static OpInfo {
        &OP_INFO[self.op as usize]
    }
    pub fn name(&self) -> &'static str {
        self.info().name
    }
}

impl Op {
    pub fn info(self) -> &'static OpInfo {
        &OP_INFO[self as usize]
    }
    pub fn name(self) -> &'static str {
        self.info().name
    }
}
