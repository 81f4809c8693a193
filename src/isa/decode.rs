//! Table-driven gfx950 decoder: words -> `Inst` (encodings.md "Format identification" and "Field layouts").
//!
//! `decode` never panics: words no gfx950 encoding matches (as llvm-objdump-22 judges them, reserved bits
//! included) decode as `Op::INVALID` of size 4, which the disassembler prints as `.long 0x...`.
//! `decode_text` decodes a whole .text once and indexes it by PC for the executor.

use super::*;

/// A decoded .text section: one `Inst` per instruction start, in address order, with an O(1) PC lookup.
#[derive(Clone, Debug, Default)]
pub struct DecodedText {
    /// Address of the first byte of the text.
    pub base: u64,
    pub insts: Vec<Inst>,
    /// Byte offset from `base` of each instruction in `insts`.
    pub offsets: Vec<u32>,
    /// Per dword of the text: index into `insts` of the instruction starting there, or `u32::MAX` when that
    /// dword is inside an instruction (literal, second dword, ...).
    pub index: Vec<u32>,
}

impl DecodedText {
    /// Index into `insts` of the instruction that starts at `pc`.
    #[inline]
    pub fn index_at(&self, pc: u64) -> Option<usize> {
        let off = pc.checked_sub(self.base)?;
        if off & 3 != 0 {
            return None;
        }
        match self.index.get((off >> 2) as usize) {
            Some(&i) if i != u32::MAX => Some(i as usize),
            _ => None,
        }
    }
    /// The instruction that starts at `pc`.
    #[inline]
    pub fn at(&self, pc: u64) -> Option<&Inst> {
        self.index_at(pc).map(|i| &self.insts[i])
    }
    /// Address of `insts[i]`.
    #[inline]
    pub fn pc_of(&self, i: usize) -> u64 {
        self.base + self.offsets[i] as u64
    }
    pub fn len(&self) -> usize {
        self.insts.len()
    }
    pub fn is_empty(&self) -> bool {
        self.insts.is_empty()
    }
}

/// Little-endian dwords of `text` (a trailing partial dword is dropped: no instruction can start there).
pub fn text_words(text: &[u8]) -> Vec<u32> {
    text.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Decode every instruction of a text section that starts at address `base`.
pub fn decode_text(text: &[u8], base: u64) -> DecodedText {
    let words = text_words(text);
    let mut out = DecodedText {
        base,
        insts: Vec::with_capacity(words.len() / 2 + 1),
        offsets: Vec::with_capacity(words.len() / 2 + 1),
        index: vec![u32::MAX; words.len()],
    };
    let mut i = 0usize;
    while i < words.len() {
        let inst = decode(&words[i..], base + 4 * i as u64);
        out.index[i] = out.insts.len() as u32;
        out.offsets.push(4 * i as u32);
        out.insts.push(inst);
        i += (inst.size as usize / 4).max(1);
    }
    out
}

/// Decode the instruction whose first dword is `words[0]`, at byte address `pc`.
pub fn decode(words: &[u32], pc: u64) -> Inst {
    let Some(&w0) = words.first() else {
        return Inst::INVALID;
    };
    let r = if w0 >> 30 == 0b10 {
        match w0 >> 23 {
            0x17D => sop1(words),
            0x17E => sopc(words),
            0x17F => sopp(w0, pc),
            _ if w0 >> 28 == 0b1011 => sopk(words, pc),
            _ => sop2(words),
        }
    } else if w0 >> 31 == 0 {
        match w0 >> 25 {
            0x3F => vop1(words),
            0x3E => vopc(words),
            _ => vop2(words),
        }
    } else {
        match w0 >> 26 {
            0x30 => smem(words),
            0x34 if (w0 >> 23) & 7 == 7 => vop3p(words),
            0x34 => vop3(words),
            0x36 => ds(words),
            0x38 => mubuf(words),
            0x3A => mtbuf(words),
            0x37 => flat(words),
            _ => None,
        }
    };
    match r {
        Some(i) if operands_ok(&i) => i,
        _ => Inst::INVALID,
    }
}

/// Scalar source codes llvm decodes (encodings.md "Operand encodings": 209..=229, 232..=234 are reserved;
/// 249/250 only select SDWA/DPP in a VOP1/VOP2/VOPC SRC0).
fn ssrc_ok(code: u16) -> bool {
    !matches!(code, 209..=229 | 232..=234 | 249 | 250)
}

/// A scalar register tuple of `width` dwords starting at `code` exists (SGPR pairs/quads are re-aligned by
/// llvm; named specials only in their own widths).
fn sreg_ok(code: u16, width: u8) -> bool {
    let w = width as u16;
    let align = if w == 2 { 2 } else { 4 };
    match (code, w) {
        (_, 0 | 1) | (125, _) => true,
        // tuples must end inside the file: s0..s103 (s102/s103 only as padding of s[100:103]), ttmp0..15
        (0..=101, _) => (code & !(align - 1)) + w <= 104,
        (108..=123, _) => ((code - 108) & !(align - 1)) + w <= 16,
        (_, 2) => !matches!(code, 103 | 105 | 107 | 124 | 127),
        _ => false,
    }
}

/// Every printed operand of `i` is one llvm can decode.
fn operands_ok(i: &Inst) -> bool {
    let syn = match i.format {
        Format::Vop3a | Format::Vop3b | Format::Vop3p | Format::Vop3pMai => vop3_syntax(i.op),
        _ => syntax(i.op).native,
    };
    let valu = !matches!(
        i.format,
        Format::Sop1 | Format::Sop2 | Format::Sopc | Format::Sopk | Format::Sopp
    );
    for o in syn {
        let (op, source) = match o.role {
            Role::Dst if i.format != Format::Vopc => (i.dst, false),
            Role::SDst if matches!(i.sdst.0, 104 | 126) => return false, // no XNACK_MASK/EXEC carry-out
            Role::SDst => (i.sdst, false),
            Role::Src2
                if i.format == Format::Vop3pMai
                    && i.name().starts_with("v_mfma")
                    && !i.name().ends_with("_f64")
                    && matches!(i.src[2].0, 235..=239 | 251..=254) =>
            {
                return false; // f32/int MFMA C takes no aperture / condition source
            }
            Role::Src0 | Role::Src1 | Role::Src2
                if i.format == Format::Vop3pMai
                    && o.width >= 3
                    && matches!(i.src[o.role as usize - Role::Src0 as usize].0, 235..=239 | 251..=254) =>
            {
                return false; // no 96-bit-or-wider aperture / condition tuples
            }
            Role::Src0 | Role::Src1 | Role::Src2
                if i.format == Format::Vop3pMai
                    && o.width >= 3
                    && matches!(i.src[o.role as usize - Role::Src0 as usize].0, 230 | 231) =>
            {
                return false; // no flat-scratch-base source for MFMA operands
            }
            Role::Src0 | Role::Src1 | Role::Src2 => {
                (i.src[o.role as usize - Role::Src0 as usize], true)
            }
            Role::Sbase | Role::Srsrc => (
                if o.role == Role::Sbase {
                    i.src[0]
                } else {
                    i.src[1]
                },
                false,
            ),
            Role::Sdata => (if i.dst.is_none() { i.src[1] } else { i.dst }, false),
            Role::Soffset if i.format != Format::Smem => (i.src[2], true),
            Role::Saddr => (i.src[2], false),
            Role::Vdata | Role::Vdst => (if i.dst.is_none() { i.data } else { i.dst }, false),
            Role::Data0 => (i.src[1], false),
            Role::Data1 => (i.src[2], false),
            _ => continue,
        };
        if op.is_none() {
            continue;
        }
        if !op.is_scalar() {
            // a VGPR/AccVGPR tuple must end at register 255
            let mut w = o.width as u16;
            if matches!(
                i.op,
                Op::V_MFMA_F32_16X16X128_F8F6F4 | Op::V_MFMA_F32_32X32X64_F8F6F4
            ) {
                let fmt = match o.role {
                    Role::Src0 => i.mai.cbsz,
                    Role::Src1 => i.mai.blgp,
                    _ => 0xFF,
                };
                w = match fmt {
                    0 | 1 => 8,
                    2 | 3 => 6,
                    4 => 4,
                    _ => w,
                };
            }
            // AccVGPR tuples must end at a255 (VGPR tuples llvm still prints past v255)
            if op.is_agpr() && op.index() + w > 256 {
                return false;
            }
            continue;
        }
        let c = op.0;
        if source {
            if !ssrc_ok(c)
                || (o.width >= 2
                    && ((c < 128 && !sreg_ok(c, o.width.min(16))) || matches!(c, 231 | 254)))
            {
                return false;
            }
        } else if c < 128 {
            let w = if o.role == Role::Saddr && i.format == Format::Scratch {
                1
            } else {
                o.width
            };
            if !sreg_ok(c, w) {
                return false;
            }
        } else if valu && (!ssrc_ok(c) || matches!(c, 231 | 254)) {
            return false;
        }
    }
    true
}

/// Apply llvm's reserved/ignored bits of one encoding form (`OP_BITS`, probed from llvm-objdump-22):
/// None when a reserved bit differs, else the dwords with ignored bits set to their don't-care value.
#[inline]
fn fix(f: &FormBits, w0: u32, w1: u32) -> Option<(u32, u32)> {
    if !f.valid {
        return None;
    }
    let x = w0 as u64 | (w1 as u64) << 32;
    if x & f.reserved != f.value & f.reserved {
        return None;
    }
    let x = (x & !f.ignored) | (f.value & f.ignored);
    Some((x as u32, (x >> 32) as u32))
}

#[inline]
fn bits(op: Op) -> &'static OpBits {
    &OP_BITS[op as usize]
}

fn new(op: Op, format: Format, size: u8) -> Option<Inst> {
    if op == Op::INVALID {
        return None;
    }
    let mut i = Inst::INVALID;
    i.op = op;
    i.format = format;
    i.size = size;
    Some(i)
}

#[inline]
fn has_role(list: &[Opnd], role: Role) -> bool {
    list.iter().any(|o| o.role == role)
}

#[inline]
fn role(list: &[Opnd], role: Role) -> Option<&Opnd> {
    list.iter().find(|o| o.role == role)
}

/// Fetch the literal dword after `n` dwords if a scalar source is 255.
fn literal(words: &[u32], n: usize, inst: &mut Inst) -> Option<()> {
    let lit = *words.get(n)?;
    inst.literal = lit;
    inst.size = 4 * (n as u8 + 1);
    Some(())
}

// ---- scalar ALU ---------------------------------------------------------------------------------------------

fn sop2(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let mut i = new(SOP2_OPS[((w0 >> 23) & 0x7F) as usize], Format::Sop2, 4)?;
    let (w0, _) = fix(&bits(i.op).native, w0, 0)?;
    let syn = syntax(i.op).native;
    let (s0, s1) = (w0 & 0xFF, (w0 >> 8) & 0xFF);
    if has_role(syn, Role::Dst) {
        i.dst = Operand((w0 >> 16) as u16 & 0x7F);
    } else if (w0 >> 16) & 0x7F != 0 {
        return None;
    }
    i.src[0] = Operand(s0 as u16);
    i.src[1] = Operand(s1 as u16);
    if s0 == 255 || s1 == 255 {
        literal(words, 1, &mut i)?;
    }
    Some(i)
}

fn sopk(words: &[u32], pc: u64) -> Option<Inst> {
    let w0 = words[0];
    let mut i = new(SOPK_OPS[((w0 >> 23) & 0x1F) as usize], Format::Sopk, 4)?;
    let (w0, _) = fix(&bits(i.op).native, w0, 0)?;
    i.dst = Operand((w0 >> 16) as u16 & 0x7F);
    i.imm = (w0 & 0xFFFF) as u16 as i16 as i32;
    match i.op {
        Op::S_SETREG_IMM32_B32 => {
            if (w0 >> 16) & 0x7F != 0 {
                return None;
            }
            i.dst = Operand::NONE;
            literal(words, 1, &mut i)?;
        }
        Op::S_CALL_B64 | Op::S_CBRANCH_I_FORK => {
            i.target = pc.wrapping_add(4).wrapping_add((i.imm as i64 * 4) as u64);
        }
        _ => {}
    }
    Some(i)
}

fn sop1(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let mut i = new(SOP1_OPS[((w0 >> 8) & 0xFF) as usize], Format::Sop1, 4)?;
    let (w0, _) = fix(&bits(i.op).native, w0, 0)?;
    let syn = syntax(i.op).native;
    let s0 = w0 & 0xFF;
    if has_role(syn, Role::Dst) {
        i.dst = Operand((w0 >> 16) as u16 & 0x7F);
    } else if (w0 >> 16) & 0x7F != 0 {
        return None;
    }
    if has_role(syn, Role::Src0) {
        i.src[0] = Operand(s0 as u16);
        if s0 == 255 {
            literal(words, 1, &mut i)?;
        }
    } else if s0 != 0 {
        return None;
    }
    Some(i)
}

fn sopc(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let mut i = new(SOPC_OPS[((w0 >> 16) & 0x7F) as usize], Format::Sopc, 4)?;
    let (w0, _) = fix(&bits(i.op).native, w0, 0)?;
    let (s0, s1) = (w0 & 0xFF, (w0 >> 8) & 0xFF);
    i.src[0] = Operand(s0 as u16);
    if i.op == Op::S_SET_GPR_IDX_ON {
        // SSRC1 holds the 4-bit mode mask, not an operand code (encodings.md SOPC; llvm `gpr_idx(...)`)
        i.imm = s1 as i32;
        if s0 == 255 {
            literal(words, 1, &mut i)?;
        }
        return Some(i);
    }
    i.src[1] = Operand(s1 as u16);
    if s0 == 255 || s1 == 255 {
        literal(words, 1, &mut i)?;
    }
    Some(i)
}

fn sopp(w0: u32, pc: u64) -> Option<Inst> {
    let mut i = new(SOPP_OPS[((w0 >> 16) & 0x7F) as usize], Format::Sopp, 4)?;
    let (w0, _) = fix(&bits(i.op).native, w0, 0)?;
    i.imm = (w0 & 0xFFFF) as u16 as i16 as i32;
    if is_branch(i.op) {
        i.target = pc.wrapping_add(4).wrapping_add((i.imm as i64 * 4) as u64);
    }
    Some(i)
}

/// SOPP ops whose SIMM16 is a PC-relative branch offset in dwords.
pub fn is_branch(op: Op) -> bool {
    matches!(
        op,
        Op::S_BRANCH
            | Op::S_CBRANCH_SCC0
            | Op::S_CBRANCH_SCC1
            | Op::S_CBRANCH_VCCZ
            | Op::S_CBRANCH_VCCNZ
            | Op::S_CBRANCH_EXECZ
            | Op::S_CBRANCH_EXECNZ
            | Op::S_CBRANCH_CDBGSYS
            | Op::S_CBRANCH_CDBGUSER
            | Op::S_CBRANCH_CDBGSYS_OR_USER
            | Op::S_CBRANCH_CDBGSYS_AND_USER
    )
}

// ---- SMEM ---------------------------------------------------------------------------------------------------

fn smem(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let w1 = *words.get(1)?;
    let mut i = new(SMEM_OPS[((w0 >> 18) & 0xFF) as usize], Format::Smem, 8)?;
    let (w0, w1) = fix(&bits(i.op).native, w0, w1)?;
    let syn = syntax(i.op);
    let sdata = Operand((w0 >> 6) as u16 & 0x7F);
    let soe = w0 & (1 << 14) != 0;
    let imm = w0 & (1 << 17) != 0;
    if w0 & (1 << 13) != 0 {
        return None;
    }
    if soe {
        i.mem |= mem_flags::SOE;
    }
    if w0 & (1 << 15) != 0 {
        i.mem |= mem_flags::NV;
    }
    if w0 & (1 << 16) != 0 {
        i.mem |= mem_flags::GLC;
    }
    if imm {
        i.mem |= mem_flags::IMM;
    }
    if has_role(syn.native, Role::Sbase) {
        i.src[0] = Operand(((w0 & 0x3F) << 1) as u16);
    }
    if has_role(syn.native, Role::Sdata) || has_role(syn.native, Role::ProbeImm) {
        if syn.mem & (MEM_STORE | MEM_ATOMIC) != 0 {
            i.src[1] = sdata;
            if syn.mem & MEM_ATOMIC != 0 && i.mem & mem_flags::GLC != 0 {
                i.dst = sdata;
            }
        } else {
            i.dst = sdata;
        }
    }
    let off21 = ((w1 & 0x1F_FFFF) << 11) as i32 >> 11;
    if imm {
        i.imm = off21;
        if soe {
            i.src[2] = Operand((w1 >> 25) as u16);
        }
    } else if soe {
        // SOE without IMM: the SGPR in SOFFSET is the whole offset
        i.src[2] = Operand((w1 >> 25) as u16);
    } else {
        i.src[2] = Operand((w1 & 0x7F) as u16);
    }
    Some(i)
}

// ---- VALU 32-bit encodings ----------------------------------------------------------------------------------

/// DPP/SDWA second dword or literal for a VOP1/VOP2/VOPC whose SRC0 field is `s0`.
fn vop_ext(words: &[u32], i: &mut Inst, s0: u32, vopc: bool) -> Option<()> {
    let info = i.info();
    match s0 {
        250 if info.dpp && !vopc => {
            let (_, w1) = fix(&bits(i.op).dpp, 0, *words.get(1)?)?;
            i.size = 8;
            i.ext = Ext::Dpp;
            i.src[0] = Operand::vgpr((w1 & 0xFF) as u16);
            let ctrl = ((w1 >> 8) & 0x1FF) as u16;
            i.dpp = Dpp {
                ctrl,
                row_mask: (w1 >> 28) as u8,
                bank_mask: ((w1 >> 24) & 0xF) as u8,
                bound_ctrl: w1 & (1 << 19) != 0,
            };
            // an unknown DPP_CTRL still decodes (llvm prints `/* Invalid dpp_ctrl value */`)
            let _ = dpp_ctrl_valid;
            i.mods.neg = (((w1 >> 20) & 1) | ((w1 >> 21) & 2)) as u8;
            i.mods.abs = (((w1 >> 21) & 1) | ((w1 >> 22) & 2)) as u8;
            Some(())
        }
        249 if info.sdwa => {
            let (_, w1) = fix(&bits(i.op).sdwa, 0, *words.get(1)?)?;
            i.size = 8;
            i.ext = Ext::Sdwa;
            let s0_sgpr = w1 & (1 << 23) != 0;
            let src0 = (w1 & 0xFF) as u16;
            i.src[0] = if s0_sgpr {
                Operand(src0)
            } else {
                Operand::vgpr(src0)
            };
            if w1 & (1 << 31) != 0 && !i.src[1].is_none() {
                i.src[1] = Operand(i.src[1].index());
            }
            i.sdwa.src0_sel = ((w1 >> 16) & 7) as u8;
            i.sdwa.src1_sel = ((w1 >> 24) & 7) as u8;
            i.sdwa.sext = (((w1 >> 19) & 1) | ((w1 >> 26) & 2)) as u8;
            i.mods.neg = (((w1 >> 20) & 1) | ((w1 >> 27) & 2)) as u8;
            i.mods.abs = (((w1 >> 21) & 1) | ((w1 >> 28) & 2)) as u8;
            if vopc {
                // SDWAB: SDST [46:40] with SD [47] (encodings.md SDWAB)
                if w1 & (1 << 15) != 0 {
                    i.dst = Operand(((w1 >> 8) & 0x7F) as u16);
                }
            } else {
                i.sdwa.dst_sel = ((w1 >> 8) & 7) as u8;
                i.sdwa.dst_unused = ((w1 >> 11) & 3) as u8;
                i.mods.clamp = w1 & (1 << 13) != 0;
                i.mods.omod = ((w1 >> 14) & 3) as u8;
            }
            Some(())
        }
        255 => literal(words, 1, i),
        _ => Some(()),
    }
}

/// DPP_CTRL values llvm decodes (encodings.md DPP).
fn dpp_ctrl_valid(c: u16) -> bool {
    matches!(c, 0x000..=0x0FF | 0x101..=0x10F | 0x111..=0x11F | 0x121..=0x12F | 0x130 | 0x134 | 0x138 | 0x13C
        | 0x140..=0x143 | 0x150..=0x15F)
}

fn vop2(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let mut i = new(VOP2_OPS[((w0 >> 25) & 0x3F) as usize], Format::Vop2, 4)?;
    let (w0, _) = fix(&bits(i.op).native, w0, 0)?;
    let syn = syntax(i.op).native;
    let s0 = w0 & 0x1FF;
    i.dst = Operand::vgpr(((w0 >> 17) & 0xFF) as u16);
    i.src[0] = Operand(s0 as u16);
    i.src[1] = Operand::vgpr(((w0 >> 9) & 0xFF) as u16);
    match i.op {
        Op::V_FMAMK_F32 | Op::V_MADMK_F16 => {
            i.src[2] = i.src[1];
            i.src[1] = Operand::LITERAL;
            literal(words, 1, &mut i)?;
            if s0 == 255 {
                return None;
            }
            return Some(i);
        }
        Op::V_FMAAK_F32 | Op::V_MADAK_F16 => {
            i.src[2] = Operand::LITERAL;
            literal(words, 1, &mut i)?;
            return Some(i);
        }
        _ => {}
    }
    if has_role(syn, Role::Vcc) {
        // carry-out ops write VCC; cndmask/addc/subb also read it as the last source
        let n = syn.iter().filter(|o| o.role == Role::Vcc).count();
        if syn.iter().position(|o| o.role == Role::Vcc) == Some(1) {
            i.sdst = Operand::VCC_LO;
        }
        if n == 2 || syn.last().map(|o| o.role) == Some(Role::Vcc) {
            i.src[2] = Operand::VCC_LO;
        }
    }
    vop_ext(words, &mut i, s0, false)?;
    Some(i)
}

fn vop1(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let mut i = new(VOP1_OPS[((w0 >> 9) & 0xFF) as usize], Format::Vop1, 4)?;
    let (w0, _) = fix(&bits(i.op).native, w0, 0)?;
    let syn = syntax(i.op).native;
    let s0 = w0 & 0x1FF;
    let vdst = ((w0 >> 17) & 0xFF) as u16;
    match role(syn, Role::Dst) {
        Some(d) if d.file == RegFile::S => i.dst = Operand(vdst),
        Some(d) if d.file == RegFile::A => i.dst = Operand::agpr(vdst),
        Some(_) => i.dst = Operand::vgpr(vdst),
        None => {}
    }
    if has_role(syn, Role::Src0) {
        i.src[0] = Operand(s0 as u16);
        if i.op == Op::V_ACCVGPR_MOV_B32 && s0 >= 256 {
            i.src[0] = Operand::agpr((s0 - 256) as u16);
        }
        vop_ext(words, &mut i, s0, false)?;
    } else {
        // v_nop / v_clrexcp: llvm still decodes DPP/SDWA forms of v_nop (SRC0 is otherwise don't-care)
        let s0 = words[0] & 0x1FF;
        if i.op == Op::V_NOP && (s0 == 249 || s0 == 250) {
            let w1 = *words.get(1)?;
            i.size = 8;
            i.ext = if s0 == 250 { Ext::Dpp } else { Ext::Sdwa };
            i.dpp = Dpp {
                ctrl: ((w1 >> 8) & 0x1FF) as u16,
                row_mask: (w1 >> 28) as u8,
                bank_mask: ((w1 >> 24) & 0xF) as u8,
                bound_ctrl: w1 & (1 << 19) != 0,
            };
        }
    }
    Some(i)
}

fn vopc(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let mut i = new(VOPC_OPS[((w0 >> 17) & 0xFF) as usize], Format::Vopc, 4)?;
    let (w0, _) = fix(&bits(i.op).native, w0, 0)?;
    let s0 = w0 & 0x1FF;
    i.dst = Operand::VCC_LO;
    i.src[0] = Operand(s0 as u16);
    i.src[1] = Operand::vgpr(((w0 >> 9) & 0xFF) as u16);
    vop_ext(words, &mut i, s0, true)?;
    Some(i)
}

// ---- VOP3 / VOP3P / MAI -------------------------------------------------------------------------------------

/// Operand list of the op as encoded in a 64-bit VALU format.
pub(crate) fn vop3_syntax(op: Op) -> &'static [Opnd] {
    let s = syntax(op);
    if s.vop3.is_empty() {
        s.native
    } else {
        s.vop3
    }
}

fn vop3(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let w1 = *words.get(1)?;
    let op = VOP3_OPS[((w0 >> 16) & 0x3FF) as usize];
    let syn = vop3_syntax(op);
    let b = has_role(syn, Role::SDst);
    let mut i = new(op, if b { Format::Vop3b } else { Format::Vop3a }, 8)?;
    let home = op.info().format;
    let form = if matches!(home, Format::Vop1 | Format::Vop2 | Format::Vopc) {
        &bits(op).vop3
    } else {
        &bits(op).native
    };
    let (w0, w1) = fix(form, w0, w1)?;
    let vdst = (w0 & 0xFF) as u16;
    match role(syn, Role::Dst) {
        Some(d) if d.file == RegFile::S => i.dst = Operand(vdst),
        Some(_) => i.dst = Operand::vgpr(vdst),
        None => {}
    }
    if b {
        i.sdst = Operand(((w0 >> 8) & 0x7F) as u16);
    } else {
        i.mods.abs = ((w0 >> 8) & 7) as u8;
        i.mods.op_sel = ((w0 >> 11) & 0xF) as u8;
    }
    i.mods.clamp = w0 & (1 << 15) != 0;
    i.mods.omod = ((w1 >> 27) & 3) as u8;
    i.mods.neg = ((w1 >> 29) & 7) as u8;
    let fields = [w1 & 0x1FF, (w1 >> 9) & 0x1FF, (w1 >> 18) & 0x1FF];
    for (k, r) in [Role::Src0, Role::Src1, Role::Src2].into_iter().enumerate() {
        if has_role(syn, r) {
            i.src[k] = Operand(fields[k] as u16);
            if fields[k] == 255 && i.size == 8 {
                // llvm-objdump reads a literal dword after any 64-bit VALU encoding (the assembler rejects it)
                literal(words, 2, &mut i)?;
            }
        }
    }
    if matches!(op, Op::V_BITOP3_B16 | Op::V_BITOP3_B32) {
        // BITOP3 truth table: [2:0] in NEG, [5:3] in ABS, [7:6] in OMOD (llvm `bitop3:`)
        i.imm = (i.mods.neg as i32) | (i.mods.abs as i32) << 3 | (i.mods.omod as i32) << 6;
    }
    Some(i)
}

fn vop3p(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let w1 = *words.get(1)?;
    let op = VOP3P_OPS[((w0 >> 16) & 0x7F) as usize];
    if op == Op::INVALID {
        return None;
    }
    if op.info().format == Format::Vop3pMai {
        return mai(words, op);
    }
    let syn = vop3_syntax(op);
    let mut i = new(op, Format::Vop3p, 8)?;
    let (w0, w1) = fix(&bits(i.op).native, w0, w1)?;
    i.dst = Operand::vgpr((w0 & 0xFF) as u16);
    i.mods.neg_hi = ((w0 >> 8) & 7) as u8;
    i.mods.op_sel = ((w0 >> 11) & 7) as u8;
    i.mods.op_sel_hi = (((w1 >> 27) & 3) | ((w0 >> 12) & 4)) as u8;
    i.mods.clamp = w0 & (1 << 15) != 0;
    i.mods.neg = ((w1 >> 29) & 7) as u8;
    let fields = [w1 & 0x1FF, (w1 >> 9) & 0x1FF, (w1 >> 18) & 0x1FF];
    for (k, r) in [Role::Src0, Role::Src1, Role::Src2].into_iter().enumerate() {
        if has_role(syn, r) {
            i.src[k] = Operand(fields[k] as u16);
            if fields[k] == 255 && i.size == 8 {
                // llvm-objdump reads a literal dword after any 64-bit VALU encoding (the assembler rejects it)
                literal(words, 2, &mut i)?;
            }
        }
    }
    Some(i)
}

/// Put a 9-bit VALU source into the AccVGPR file when its ACC bit is set.
fn acc_src(field: u32, acc: bool) -> Operand {
    if acc && field >= 256 {
        Operand::agpr((field - 256) as u16)
    } else {
        Operand(field as u16)
    }
}

fn mai(words: &[u32], op: Op) -> Option<Inst> {
    let w0 = words[0];
    let w1 = words[1];
    // 128-bit scaled MFMA: V_MFMA_LD_SCALE_B32 then an F8F6F4 MFMA whose ABID[0] is set (CDNA4 §7.2.1)
    if op == Op::V_MFMA_LD_SCALE_B32
        && words.len() >= 4
        && words[2] >> 23 == 0x1A7
        && words[2] & (1 << 11) != 0
    {
        let op2 = VOP3P_OPS[((words[2] >> 16) & 0x7F) as usize];
        if matches!(
            op2,
            Op::V_MFMA_F32_16X16X128_F8F6F4 | Op::V_MFMA_F32_32X32X64_F8F6F4
        ) {
            // the second pair's ABID[0] marks the scaled form; decode it as the plain MFMA
            let mut i = mai(&[words[2] & !(1 << 11), words[3]], op2)?;
            i.size = 16;
            i.mai.abid = 0;
            i.mai.scale_src = [
                Operand((w1 & 0x1FF) as u16),
                Operand(((w1 >> 9) & 0x1FF) as u16),
            ];
            let op_sel = (w0 >> 11) & 7;
            let op_sel_hi = ((w1 >> 27) & 3) | ((w0 >> 12) & 4);
            i.mai.scale_sel = [
                ((op_sel & 1) | ((op_sel_hi & 1) << 1)) as u8,
                (((op_sel >> 1) & 1) | (op_sel_hi & 2)) as u8,
            ];
            i.mods.op_sel = op_sel as u8;
            i.mods.op_sel_hi = op_sel_hi as u8;
            return Some(i);
        }
    }
    let syn = vop3_syntax(op);
    let mut i = new(op, Format::Vop3pMai, 8)?;
    let (w0, w1) = fix(&bits(op).native, w0, w1)?;
    let vdst = (w0 & 0xFF) as u16;
    let fields = [w1 & 0x1FF, (w1 >> 9) & 0x1FF, (w1 >> 18) & 0x1FF];
    match op {
        Op::V_ACCVGPR_READ_B32 => {
            i.dst = Operand::vgpr(vdst);
            i.src[0] = acc_src(fields[0], true);
            return Some(i);
        }
        Op::V_ACCVGPR_WRITE_B32 => {
            i.dst = Operand::agpr(vdst);
            i.src[0] = Operand(fields[0] as u16);
            return Some(i);
        }
        Op::V_MFMA_LD_SCALE_B32 => {
            i.src[0] = Operand(fields[0] as u16);
            i.src[1] = Operand(fields[1] as u16);
            i.mods.op_sel = ((w0 >> 11) & 7) as u8;
            i.mods.op_sel_hi = (((w1 >> 27) & 3) | ((w0 >> 12) & 4)) as u8;
            return Some(i);
        }
        _ => {}
    }
    i.mai.cbsz = ((w0 >> 8) & 7) as u8;
    i.mai.abid = ((w0 >> 11) & 0xF) as u8;
    i.mai.acc_cd = w0 & (1 << 15) != 0;
    i.mai.acc = ((w1 >> 27) & 3) as u8;
    i.mai.blgp = ((w1 >> 29) & 7) as u8;
    i.dst = if i.mai.acc_cd {
        Operand::agpr(vdst)
    } else {
        Operand::vgpr(vdst)
    };
    i.src[0] = acc_src(fields[0], i.mai.acc & 1 != 0);
    i.src[1] = acc_src(fields[1], i.mai.acc & 2 != 0);
    if has_role(syn, Role::Src2) {
        let smfmac = op.name().starts_with("v_smfmac");
        i.src[2] = acc_src(fields[2], i.mai.acc_cd && !smfmac);
    }
    if fields.contains(&255) {
        // a literal source (not allowed, but llvm reads the dword and flags it)
        literal(words, 2, &mut i)?;
    }
    Some(i)
}

// ---- memory -------------------------------------------------------------------------------------------------

fn ds(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let w1 = *words.get(1)?;
    let mut i = new(DS_OPS[((w0 >> 17) & 0xFF) as usize], Format::Ds, 8)?;
    let (w0, w1) = fix(&bits(i.op).native, w0, w1)?;
    let syn = syntax(i.op).native;
    let acc = w0 & (1 << 25) != 0;
    let reg = |n: u32| {
        if acc {
            Operand::agpr(n as u16)
        } else {
            Operand::vgpr(n as u16)
        }
    };
    i.imm = (w0 & 0xFFFF) as i32;
    i.imm2 = ((w0 >> 8) & 0xFF) as i32;
    if w0 & (1 << 16) != 0 {
        i.mem |= mem_flags::GDS;
    }
    if acc {
        i.mem |= mem_flags::ACC;
    }
    if has_role(syn, Role::Addr) {
        i.src[0] = Operand::vgpr((w1 & 0xFF) as u16);
    }
    if has_role(syn, Role::Data0) {
        i.src[1] = reg((w1 >> 8) & 0xFF);
    }
    if has_role(syn, Role::Data1) {
        i.src[2] = reg((w1 >> 16) & 0xFF);
    }
    if has_role(syn, Role::Vdst) {
        i.dst = reg(w1 >> 24);
    }
    Some(i)
}

fn buf_common(i: &mut Inst, w0: u32, w1: u32) {
    let syn = syntax(i.op);
    let acc = w1 & (1 << 23) != 0;
    let vdata = ((w1 >> 8) & 0xFF) as u16;
    let vd = if acc {
        Operand::agpr(vdata)
    } else {
        Operand::vgpr(vdata)
    };
    i.imm = (w0 & 0xFFF) as i32;
    if w0 & (1 << 12) != 0 {
        i.mem |= mem_flags::OFFEN;
    }
    if w0 & (1 << 13) != 0 {
        i.mem |= mem_flags::IDXEN;
    }
    if w0 & (1 << 14) != 0 {
        i.mem |= mem_flags::SC0;
    }
    if acc {
        i.mem |= mem_flags::ACC;
    }
    if has_role(syn.native, Role::Vaddr) {
        i.src[0] = Operand::vgpr((w1 & 0xFF) as u16);
        i.src[1] = Operand((((w1 >> 16) & 0x1F) << 2) as u16);
        i.src[2] = Operand((w1 >> 24) as u16);
    }
    if has_role(syn.native, Role::Vdata) {
        if syn.mem & (MEM_STORE | MEM_ATOMIC) != 0 {
            i.data = vd;
            if syn.mem & MEM_ATOMIC != 0 && i.mem & mem_flags::SC0 != 0 {
                i.dst = vd;
            }
        } else {
            i.dst = vd;
        }
    }
}

fn mubuf(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let w1 = *words.get(1)?;
    let mut i = new(MUBUF_OPS[((w0 >> 18) & 0x7F) as usize], Format::Mubuf, 8)?;
    let (w0, w1) = fix(&bits(i.op).native, w0, w1)?;
    buf_common(&mut i, w0, w1);
    if w0 & (1 << 16) != 0 && syntax(i.op).mem & MEM_LOAD != 0 && w1 & (1 << 23) != 0 {
        // the LDS forms have no data register, so no AccVGPR one either
        return None;
    }
    if w1 >> 24 == 255 && has_role(syntax(i.op).native, Role::Soffset) {
        // SOFFSET = 255 takes a literal dword after the instruction (llvm decodes 12 bytes)
        literal(words, 2, &mut i)?;
    }
    if w0 & (1 << 15) != 0 {
        i.mem |= mem_flags::SC1;
    }
    if w0 & (1 << 16) != 0 {
        i.mem |= mem_flags::LDS;
        if syntax(i.op).mem & MEM_LOAD != 0 {
            i.dst = Operand::NONE;
        }
    }
    if w0 & (1 << 17) != 0 {
        i.mem |= mem_flags::NT;
    }
    Some(i)
}

fn mtbuf(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let w1 = *words.get(1)?;
    let mut i = new(MTBUF_OPS[((w0 >> 15) & 0xF) as usize], Format::Mtbuf, 8)?;
    let (w0, w1) = fix(&bits(i.op).native, w0, w1)?;
    buf_common(&mut i, w0, w1);
    if w1 >> 24 == 255 && has_role(syntax(i.op).native, Role::Soffset) {
        // SOFFSET = 255 takes a literal dword after the instruction (llvm decodes 12 bytes)
        literal(words, 2, &mut i)?;
    }
    i.fmt = (((w0 >> 19) & 0xF) | (((w0 >> 23) & 7) << 4)) as u8;
    if w1 & (1 << 21) != 0 {
        i.mem |= mem_flags::SC1;
    }
    if w1 & (1 << 22) != 0 {
        i.mem |= mem_flags::NT;
    }
    Some(i)
}

fn flat(words: &[u32]) -> Option<Inst> {
    let w0 = words[0];
    let w1 = *words.get(1)?;
    let opc = ((w0 >> 18) & 0x7F) as usize;
    let (op, format) = match (w0 >> 14) & 3 {
        0 => (FLAT_OPS[opc], Format::Flat),
        1 => (SCRATCH_OPS[opc], Format::Scratch),
        2 => (GLOBAL_OPS[opc], Format::Global),
        _ => return None,
    };
    let mut i = new(op, format, 8)?;
    let (w0, w1) = fix(&bits(i.op).native, w0, w1)?;
    let syn = syntax(op);
    let acc = w1 & (1 << 23) != 0;
    let reg = |n: u32| {
        if acc {
            Operand::agpr(n as u16)
        } else {
            Operand::vgpr(n as u16)
        }
    };
    i.imm = if format == Format::Flat {
        (w0 & 0x1FFF) as i32
    } else {
        ((w0 & 0x1FFF) << 19) as i32 >> 19
    };
    if w0 & (1 << 13) != 0 {
        i.mem |= if format == Format::Scratch {
            mem_flags::SVE
        } else {
            mem_flags::LDS
        };
    }
    if w0 & (1 << 16) != 0 {
        i.mem |= mem_flags::SC0;
    }
    if w0 & (1 << 17) != 0 {
        i.mem |= mem_flags::NT;
    }
    if w0 & (1 << 25) != 0 {
        i.mem |= mem_flags::SC1;
    }
    if acc {
        i.mem |= mem_flags::ACC;
    }
    let saddr = (w1 >> 16) & 0x7F;
    if format != Format::Flat && saddr != 0x7F {
        i.src[2] = Operand(saddr as u16);
    }
    let has_vaddr = format != Format::Scratch || i.mem & mem_flags::SVE != 0;
    if has_vaddr {
        i.src[0] = Operand::vgpr((w1 & 0xFF) as u16);
    }
    if has_role(syn.native, Role::Data0) {
        i.src[1] = reg((w1 >> 8) & 0xFF);
        i.data = i.src[1];
    }
    let returns = syn.mem & MEM_ATOMIC != 0 && i.mem & mem_flags::SC0 != 0;
    if has_role(syn.native, Role::Vdst) || returns {
        i.dst = reg(w1 >> 24);
    }
    Some(i)
}
