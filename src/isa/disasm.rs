//! Disassembler: `Inst` -> the text `llvm-objdump-22 -d --mcpu=gfx950` prints, and whole-section listings in
//! llvm-objdump's layout. Not on the executor's hot path (strings are fine here).
//!
//! Operand order, register widths and register files come from the generated `OP_SYNTAX` (derived from the
//! opcodes.csv llvm examples); modifiers, constants and special operands are printed as llvm's AMDGPU
//! instruction printer spells them (checked by tests/isa_disasm_llvm.rs against committed llvm-objdump output).

use super::decode::{is_branch, vop3_syntax};
use super::*;
use std::fmt::Write;

// ---- registers and constants --------------------------------------------------------------------------------

fn range(out: &mut String, prefix: &str, first: u32, width: u8) {
    if width <= 1 {
        let _ = write!(out, "{prefix}{first}");
    } else {
        let _ = write!(out, "{prefix}[{}:{}]", first, first + width as u32 - 1);
    }
}

/// A scalar-file register operand (codes 0..=127 and the named specials).
fn sreg(out: &mut String, code: u16, width: u8) {
    // llvm decodes an SGPR/TTMP tuple by its aligned index: pairs even, wider tuples 4-aligned
    let c = match (code as u32, width) {
        (c @ (0..=101 | 108..=123), 2) => c & !1,
        (c @ 0..=101, 3..) => c & !3,
        (c @ 108..=123, 3..) => 108 + ((c - 108) & !3),
        (c, _) => c,
    };
    match c {
        0..=101 => range(out, "s", c, width),
        102 | 103 if width == 2 && c == 102 => out.push_str("flat_scratch"),
        104 if width == 2 => out.push_str("xnack_mask"),
        106 if width == 2 => out.push_str("vcc"),
        126 if width == 2 => out.push_str("exec"),
        108..=123 => range(out, "ttmp", c - 108, width),
        102 => out.push_str("flat_scratch_lo"),
        103 => out.push_str("flat_scratch_hi"),
        104 => out.push_str("xnack_mask_lo"),
        105 => out.push_str("xnack_mask_hi"),
        106 => out.push_str("vcc_lo"),
        107 => out.push_str("vcc_hi"),
        124 => out.push_str("m0"),
        125 => out.push_str("null"),
        126 => out.push_str("exec_lo"),
        127 => out.push_str("exec_hi"),
        _ => {
            let _ = write!(out, "<unknown sreg {c}>");
        }
    }
}

fn is_inline_int(v: i64) -> bool {
    (-16..=64).contains(&v)
}

const F32_INLINE: [(u32, &str); 9] = [
    (0x3F00_0000, "0.5"),
    (0xBF00_0000, "-0.5"),
    (0x3F80_0000, "1.0"),
    (0xBF80_0000, "-1.0"),
    (0x4000_0000, "2.0"),
    (0xC000_0000, "-2.0"),
    (0x4080_0000, "4.0"),
    (0xC080_0000, "-4.0"),
    (0x3E22_F983, "0.15915494"),
];
const F16_INLINE: [u16; 9] = [
    0x3800, 0xB800, 0x3C00, 0xBC00, 0x4000, 0xC000, 0x4400, 0xC400, 0x3118,
];
const BF16_INLINE: [u16; 9] = [
    0x3F00, 0xBF00, 0x3F80, 0xBF80, 0x4000, 0xC000, 0x4080, 0xC080, 0x3E22,
];
const F64_INLINE_HI: [u32; 8] = [
    0x3FE0_0000,
    0xBFE0_0000,
    0x3FF0_0000,
    0xBFF0_0000,
    0x4000_0000,
    0xC000_0000,
    0x4010_0000,
    0xC010_0000,
];

fn inline32(v: u32) -> bool {
    is_inline_int(v as i32 as i64) || F32_INLINE.iter().any(|&(b, _)| b == v)
}
fn inline_f16(lo: u16) -> bool {
    is_inline_int(lo as i16 as i64) || F16_INLINE.contains(&lo)
}
fn inline_bf16(lo: u16) -> bool {
    is_inline_int(lo as i16 as i64) || BF16_INLINE.contains(&lo)
}

fn hex(out: &mut String, v: u64) {
    let _ = write!(out, "0x{v:x}");
}

/// The literal dword as llvm prints it for an operand of type `ty` (`lit(...)` where the value would read
/// back as an inline constant).
fn literal_text(out: &mut String, v: u32, ty: Ty) {
    let lo = v as u16;
    let (is_inline, shown) = match ty {
        Ty::W32 => (inline32(v), v as u64),
        Ty::F16 => (inline_f16(lo), lo as u64),
        Ty::I16 => (is_inline_int(lo as i16 as i64), lo as u64),
        Ty::V2F16 => (
            is_inline_int(v as i32 as i64) || (v >> 16 == 0 && F16_INLINE.contains(&lo)),
            v as u64,
        ),
        Ty::V2BF16 => (
            is_inline_int(v as i32 as i64) || (v >> 16 == 0 && BF16_INLINE.contains(&lo)),
            v as u64,
        ),
        Ty::I64 => (is_inline_int(v as i64), v as u64),
        Ty::F64 => (v == 0 || F64_INLINE_HI.contains(&v), v as u64),
    };
    if is_inline {
        let _ = write!(out, "lit(0x{v:x})");
    } else {
        hex(out, shown);
    }
    let _ = inline_bf16;
}

/// A source operand code 0..=511 (or an AccVGPR) of type `ty`, `width` registers wide.
fn src_text(out: &mut String, op: Operand, width: u8, ty: Ty, literal: u32) {
    if op.is_agpr() {
        return range(out, "a", op.index() as u32, width);
    }
    if op.is_vgpr() {
        return range(out, "v", op.index() as u32, width);
    }
    let c = op.0 as u32;
    match c {
        0..=127 => sreg(out, op.0, width),
        128..=192 => {
            let _ = write!(out, "{}", c - 128);
        }
        193..=208 => {
            let _ = write!(out, "-{}", c - 192);
        }
        230 => out.push_str("src_flat_scratch_base_lo"),
        231 => out.push_str("src_flat_scratch_base_hi"),
        235 => out.push_str("src_shared_base"),
        236 => out.push_str("src_shared_limit"),
        237 => out.push_str("src_private_base"),
        238 => out.push_str("src_private_limit"),
        239 => out.push_str("src_pops_exiting_wave_id"),
        240..=248 => {
            let k = (c - 240) as usize;
            if ty == Ty::I16 {
                hex(out, F16_INLINE[k] as u64);
            } else if k == 8 && matches!(ty, Ty::F64 | Ty::I64) {
                out.push_str("0.15915494309189532");
            } else {
                out.push_str(F32_INLINE[k].1);
            }
        }
        251 => out.push_str("src_vccz"),
        252 => out.push_str("src_execz"),
        253 => out.push_str("src_scc"),
        254 => out.push_str("src_lds_direct"),
        255 => literal_text(out, literal, ty),
        _ => {
            let _ = write!(out, "<unknown src {c}>");
        }
    }
}

/// Any register operand (VGPR, AccVGPR or scalar code).
fn reg_text(out: &mut String, op: Operand, width: u8) {
    if op.is_agpr() {
        range(out, "a", op.index() as u32, width)
    } else if op.is_vgpr() {
        range(out, "v", op.index() as u32, width)
    } else {
        src_text(
            out,
            op,
            width,
            if width == 2 { Ty::I64 } else { Ty::W32 },
            0,
        )
    }
}

fn bits_list(out: &mut String, name: &str, bits: u8, n: usize) {
    out.push(' ');
    out.push_str(name);
    out.push_str(":[");
    for k in 0..n {
        if k > 0 {
            out.push(',');
        }
        out.push(if bits >> k & 1 != 0 { '1' } else { '0' });
    }
    out.push(']');
}

// ---- entry points -------------------------------------------------------------------------------------------

/// The instruction text exactly as llvm-objdump prints it (without the tab and the `// PC: words` comment).
pub fn inst_text(inst: &Inst, words: &[u32], pc: u64) -> String {
    let mut out = String::with_capacity(64);
    let _ = pc;
    if inst.op == Op::INVALID {
        let _ = write!(out, ".long 0x{:08x}", words.first().copied().unwrap_or(0));
        return out;
    }
    match inst.format {
        Format::Sop1 | Format::Sop2 | Format::Sopc | Format::Sopk | Format::Sopp => {
            salu(&mut out, inst)
        }
        Format::Smem => smem(&mut out, inst),
        Format::Vop1 | Format::Vop2 | Format::Vopc => vop32(&mut out, inst),
        Format::Vop3a | Format::Vop3b => vop3(&mut out, inst),
        Format::Vop3p => vop3p(&mut out, inst),
        Format::Vop3pMai => mai(&mut out, inst),
        Format::Ds => ds(&mut out, inst),
        Format::Mubuf | Format::Mtbuf => buf(&mut out, inst),
        Format::Flat | Format::Global | Format::Scratch => flat(&mut out, inst),
        Format::Invalid => {}
    }
    out
}

fn sep(out: &mut String, first: &mut bool) {
    out.push_str(if *first { " " } else { ", " });
    *first = false;
}

// ---- scalar ALU ---------------------------------------------------------------------------------------------

const HWREG_NAMES: [(u32, &str); 19] = [
    (1, "HW_REG_MODE"),
    (2, "HW_REG_STATUS"),
    (3, "HW_REG_TRAPSTS"),
    (4, "HW_REG_HW_ID"),
    (5, "HW_REG_GPR_ALLOC"),
    (6, "HW_REG_LDS_ALLOC"),
    (7, "HW_REG_IB_STS"),
    (15, "HW_REG_SH_MEM_BASES"),
    (16, "HW_REG_TBA_LO"),
    (17, "HW_REG_TBA_HI"),
    (18, "HW_REG_TMA_LO"),
    (19, "HW_REG_TMA_HI"),
    (20, "HW_REG_XCC_ID"),
    (21, "HW_REG_SQ_PERF_SNAPSHOT_DATA"),
    (22, "HW_REG_SQ_PERF_SNAPSHOT_DATA1"),
    (23, "HW_REG_SQ_PERF_SNAPSHOT_PC_LO"),
    (24, "HW_REG_SQ_PERF_SNAPSHOT_PC_HI"),
    (0xFFFF, ""),
    (0xFFFF, ""),
];

fn hwreg(out: &mut String, simm: u32) {
    let id = simm & 0x3F;
    let offset = (simm >> 6) & 0x1F;
    let width = ((simm >> 11) & 0x1F) + 1;
    out.push_str("hwreg(");
    match HWREG_NAMES.iter().find(|&&(i, _)| i == id) {
        Some(&(_, n)) => out.push_str(n),
        None => {
            let _ = write!(out, "{id}");
        }
    }
    if !(offset == 0 && width == 32) {
        let _ = write!(out, ", {offset}, {width}");
    }
    out.push(')');
}

fn waitcnt(out: &mut String, simm: u32) {
    let vm = (simm & 0xF) | ((simm >> 10) & 0x30);
    let exp = (simm >> 4) & 7;
    let lgkm = (simm >> 8) & 0xF;
    let all = vm == 63 && exp == 7 && lgkm == 15;
    let mut first = true;
    let mut put = |out: &mut String, s: String| {
        if !first {
            out.push(' ');
        }
        first = false;
        out.push_str(&s);
    };
    if vm != 63 || all {
        put(out, format!("vmcnt({vm})"));
    }
    if exp != 7 || all {
        put(out, format!("expcnt({exp})"));
    }
    if lgkm != 15 || all {
        put(out, format!("lgkmcnt({lgkm})"));
    }
}

fn sendmsg(out: &mut String, simm: u32) {
    let id = simm & 0xF;
    let op = (simm >> 4) & 7;
    let stream = (simm >> 8) & 3;
    let name = match id {
        1 => Some("MSG_INTERRUPT"),
        2 => Some("MSG_GS"),
        3 => Some("MSG_GS_DONE"),
        4 => Some("MSG_SAVEWAVE"),
        5 => Some("MSG_STALL_WAVE_GEN"),
        6 => Some("MSG_HALT_WAVES"),
        7 => Some("MSG_ORDERED_PS_DONE"),
        8 => Some("MSG_EARLY_PRIM_DEALLOC"),
        9 => Some("MSG_GS_ALLOC_REQ"),
        10 => Some("MSG_GET_DOORBELL"),
        15 => Some("MSG_SYSMSG"),
        _ => None,
    };
    let gs = id == 2 || id == 3;
    let op_name = match (id, op) {
        (2 | 3, 0) => Some("GS_OP_NOP"),
        (2 | 3, 1) => Some("GS_OP_CUT"),
        (2 | 3, 2) => Some("GS_OP_EMIT"),
        (2 | 3, 3) => Some("GS_OP_EMIT_CUT"),
        (15, 1) => Some("SYSMSG_OP_ECC_ERR_INTERRUPT"),
        (15, 2) => Some("SYSMSG_OP_REG_RD"),
        (15, 4) => Some("SYSMSG_OP_TTRACE_PC"),
        _ => None,
    };
    let needs_op = gs || id == 15;
    let op_ok = if needs_op {
        op_name.is_some() && !(id == 2 && op == 0)
    } else {
        op == 0
    };
    let stream_ok = if gs && op != 0 { true } else { stream == 0 };
    if let (Some(n), true, true) = (name, op_ok, stream_ok) {
        let _ = write!(out, "sendmsg({n}");
        if needs_op {
            let _ = write!(out, ", {}", op_name.unwrap_or(""));
            if gs && op != 0 {
                let _ = write!(out, ", {stream}");
            }
        }
        out.push(')');
    } else if simm & !0x37F == 0 {
        // llvm re-encodes the fields and prints them raw only if that gives back the same value
        let _ = write!(out, "sendmsg({id}, {op}, {stream})");
    } else {
        let _ = write!(out, "{simm}");
    }
}

fn gpr_idx(out: &mut String, mask: u32) {
    if mask > 0xF {
        return hex(out, mask as u64);
    }
    out.push_str("gpr_idx(");
    let mut first = true;
    for (k, n) in ["SRC0", "SRC1", "SRC2", "DST"].iter().enumerate() {
        if mask >> k & 1 != 0 {
            if !first {
                out.push(',');
            }
            first = false;
            out.push_str(n);
        }
    }
    out.push(')');
}

fn salu(out: &mut String, inst: &Inst) {
    out.push_str(inst.name());
    let syn = syntax(inst.op).native;
    let simm = inst.imm as u32 & 0xFFFF;
    let mut first = true;
    for o in syn {
        match o.role {
            Role::Dst => {
                sep(out, &mut first);
                sreg(out, inst.dst.0, o.width);
            }
            Role::Src0 | Role::Src1 => {
                sep(out, &mut first);
                let k = if o.role == Role::Src0 { 0 } else { 1 };
                let ty = if o.width == 2 { Ty::I64 } else { Ty::W32 };
                if syntax(inst.op).reg_only >> k & 1 != 0 && is_constant(inst.src[k]) {
                    invalid_imm(out, inst.src[k], inst.literal);
                } else {
                    src_text(out, inst.src[k], o.width, ty, inst.literal);
                    if inst.src[k].0 == 254 {
                        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
                    }
                }
            }
            Role::Simm16 => {
                if inst.format == Format::Sopp && simm == 0 && matches!(inst.op, Op::S_ENDPGM) {
                    continue;
                }
                sep(out, &mut first);
                // branch offsets, s_endpgm and the SOPK call/fork offsets print as unsigned decimals; other
                // immediates as llvm prints a 16-bit immediate: decimal up to 64, hex above
                let decimal = is_branch(inst.op)
                    || inst.format == Format::Sopk
                    || matches!(inst.op, Op::S_ENDPGM);
                if decimal || simm <= 64 {
                    let _ = write!(out, "{simm}");
                } else {
                    hex(out, simm as u64);
                }
            }
            Role::Imm16 => {
                sep(out, &mut first);
                hex(out, simm as u64);
            }
            Role::Hwreg => {
                sep(out, &mut first);
                hwreg(out, simm);
            }
            Role::Waitcnt => {
                sep(out, &mut first);
                waitcnt(out, simm);
            }
            Role::Sendmsg => {
                sep(out, &mut first);
                sendmsg(out, simm);
            }
            Role::GprIdx => {
                sep(out, &mut first);
                gpr_idx(
                    out,
                    if inst.format == Format::Sopc {
                        inst.imm as u32
                    } else {
                        simm
                    },
                );
            }
            Role::Lit32 => {
                sep(out, &mut first);
                let v = inst.literal;
                if is_inline_int(v as i32 as i64) {
                    let _ = write!(out, "{}", v as i32);
                } else if let Some(&(_, n)) = F32_INLINE.iter().find(|&&(b, _)| b == v) {
                    out.push_str(n);
                } else {
                    hex(out, v as u64);
                }
            }
            _ => {}
        }
    }
    if inst.format == Format::Sopp && is_branch(inst.op) {
        // target comment is added by the listing (needs symbols)
    }
}

// ---- SMEM ---------------------------------------------------------------------------------------------------

fn signed_hex(out: &mut String, v: i64) {
    if v < 0 {
        let _ = write!(out, "-0x{:x}", -v);
    } else {
        let _ = write!(out, "0x{v:x}");
    }
}

fn smem(out: &mut String, inst: &Inst) {
    out.push_str(inst.name());
    let syn = syntax(inst.op);
    let sdata = if syn.mem & (MEM_STORE | MEM_ATOMIC) != 0 {
        inst.src[1]
    } else {
        inst.dst
    };
    let mut first = true;
    for o in syn.native {
        match o.role {
            Role::Sdata => {
                sep(out, &mut first);
                sreg(out, sdata.0, o.width);
                match (o.width, sdata.0) {
                    (1, 124 | 126 | 127) => out.push_str(
                        "/*Invalid register, operand has 'SReg_32_XM0_XEXEC' register class*/",
                    ),
                    (2, 126) => out.push_str(
                        "/*Invalid register, operand has 'SReg_64_XEXEC' register class*/",
                    ),
                    _ => {}
                }
            }
            Role::ProbeImm => {
                sep(out, &mut first);
                if sdata.0 <= 64 {
                    let _ = write!(out, "{}", sdata.0);
                } else {
                    hex(out, sdata.0 as u64);
                }
            }
            Role::Sbase => {
                sep(out, &mut first);
                sreg(out, inst.src[0].0, o.width);
            }
            Role::Soffset => {
                sep(out, &mut first);
                if inst.mem & mem_flags::IMM == 0 {
                    src_text(out, inst.src[2], 1, Ty::W32, 0);
                } else if inst.mem & mem_flags::SOE != 0 {
                    src_text(out, inst.src[2], 1, Ty::W32, 0);
                    out.push_str(" offset:");
                    signed_hex(out, inst.imm as i64);
                } else {
                    signed_hex(out, inst.imm as i64);
                }
            }
            _ => {}
        }
    }
    if inst.mem & mem_flags::GLC != 0 {
        out.push_str(" glc");
    }
    if inst.mem & mem_flags::NV != 0 {
        out.push_str(" nv");
    }
}

// ---- VALU ---------------------------------------------------------------------------------------------------

/// A VALU source with its modifiers; `note` = the register class family for llvm's misaligned-tuple note,
/// which goes right after the register (inside `|...|`).
fn modded_src_note(out: &mut String, inst: &Inst, k: usize, width: u8, ty: Ty, note: Option<&str>) {
    let neg = inst.mods.neg >> k & 1 != 0;
    let abs = inst.mods.abs >> k & 1 != 0;
    let sext = inst.ext == Ext::Sdwa && inst.sdwa.sext >> k & 1 != 0;
    // llvm spells a negated immediate neg(x) (unless |x| is also taken), since -x would read as a constant
    let neg_mnemo = neg && !abs && is_constant(inst.src[k]);
    if neg_mnemo {
        out.push_str("neg(");
    } else if neg {
        out.push('-');
    }
    if abs {
        out.push('|');
    }
    if sext {
        out.push_str("sext(");
    }
    src_text(out, inst.src[k], width, ty, inst.literal);
    if let Some(cls) = note {
        reg_class_note(out, inst.src[k], width, cls);
    }
    if sext {
        out.push(')');
    }
    if abs {
        out.push('|');
    }
    if neg_mnemo {
        out.push(')');
    }
}

fn clamp_omod(out: &mut String, inst: &Inst) {
    if inst.mods.clamp {
        out.push_str(" clamp");
    }
    match inst.mods.omod {
        1 => out.push_str(" mul:2"),
        2 => out.push_str(" mul:4"),
        3 => out.push_str(" div:2"),
        _ => {}
    }
}

fn valu_operands(out: &mut String, inst: &Inst, syn: &[Opnd]) {
    let s = syntax(inst.op);
    let mut first = true;
    for o in syn {
        match o.role {
            Role::Dst => {
                sep(out, &mut first);
                if inst.format == Format::Vopc || o.file == RegFile::S {
                    if is_constant(inst.dst) {
                        // a VOP3 SGPR destination field holding a constant code
                        src_text(out, inst.dst, 1, Ty::W32, 0);
                        out.push_str("/*Invalid immediate*/");
                    } else {
                        if inst.dst.0 >= 128 {
                            src_text(out, inst.dst, 1, Ty::W32, 0);
                        } else {
                            sreg(out, inst.dst.0, o.width);
                        }
                    }
                } else {
                    reg_text(out, inst.dst, o.width);
                    reg_class_note(out, inst.dst, o.width, "VReg");
                }
            }
            Role::SDst => {
                sep(out, &mut first);
                sreg(out, inst.sdst.0, o.width);
            }
            Role::Vcc => {
                sep(out, &mut first);
                out.push_str("vcc");
            }
            Role::K => {
                sep(out, &mut first);
                hex(out, inst.literal as u64);
            }
            Role::Src0 | Role::Src1 | Role::Src2 => {
                sep(out, &mut first);
                let mut k = o.role as usize - Role::Src0 as usize;
                if k == 1 && matches!(inst.op, Op::V_FMAMK_F32 | Op::V_MADMK_F16) {
                    k = 2;
                }
                if s.reg_only >> k & 1 != 0 && is_constant(inst.src[k]) {
                    invalid_imm(out, inst.src[k], inst.literal);
                } else {
                    let wide_only = o.width > 2
                        || (k == 1
                            && inst.format != Format::Vop3a
                            && inst.format != Format::Vop3b
                            && inst.format != Format::Vop3p)
                        || (k == 0 && s.reg_only & 1 != 0);
                    let cls = if wide_only || inst.ext != Ext::None {
                        "VReg"
                    } else {
                        "VS"
                    };
                    let sc = inst.src[k];
                    let vgpr_only_pair = o.width == 2 && k == 0 && s.reg_only & 1 != 0;
                    if (o.width > 2 || vgpr_only_pair) && sc.is_scalar() && sc.0 < 128 {
                        // a scalar tuple where only VGPRs fit (llvm prints its nearest SGPR class + a note)
                        modded_src_note(out, inst, k, scalar_width(o.width), s.ty[k], None);
                        let _ = write!(
                            out,
                            "/*Invalid register, operand has 'VReg_{}_Align2' register class*/",
                            32 * o.width as u32
                        );
                    } else {
                        // an SGPR carry-in (reg-only src2) holding a VGPR pair gets no class note
                        let note = if k == 2 && s.reg_only & 4 != 0 && o.width == 2 {
                            None
                        } else {
                            Some(cls)
                        };
                        modded_src_note(out, inst, k, o.width, s.ty[k], note);
                    }
                    let sc = inst.src[k];
                    if k == 0
                        && sc.is_scalar()
                        && (sc.0 < 128 || sc.0 == 254)
                        && matches!(
                            inst.op,
                            Op::V_SWAP_B32 | Op::V_PERMLANE16_SWAP_B32 | Op::V_PERMLANE32_SWAP_B32
                        )
                    {
                        out.push_str("/*Invalid register, operand has 'VGPR_32' register class*/");
                    }
                    if k == 0
                        && sc.is_scalar()
                        && sc.0 < 128
                        && matches!(inst.op, Op::V_READFIRSTLANE_B32 | Op::V_READLANE_B32)
                    {
                        out.push_str(
                            "/*Invalid register, operand has 'VRegOrLds_32' register class*/",
                        );
                    }
                    if k == 0
                        && sc.is_scalar()
                        && sc.0 < 128
                        && sc.0 != 125
                        && inst.op == Op::V_ACCVGPR_MOV_B32
                    {
                        out.push_str("/*Invalid register, operand has 'AGPR_32' register class*/");
                    }
                    if k == 1
                        && sc.is_vgpr()
                        && matches!(inst.op, Op::V_READLANE_B32 | Op::V_WRITELANE_B32)
                    {
                        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
                    }
                    if k == 0 && sc.is_vgpr() && inst.op == Op::V_WRITELANE_B32 {
                        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
                    }
                }
            }
            _ => {}
        }
    }
}

/// A constant where the operand takes registers only: llvm prints it as a plain 32-bit immediate and flags it.
fn invalid_imm(out: &mut String, op: Operand, literal: u32) {
    if op.0 == 255 {
        imm32_plain(out, literal);
    } else {
        src_text(out, op, 1, Ty::W32, 0);
    }
    out.push_str("/*Invalid immediate*/");
}

/// A 32-bit immediate as llvm's printImmediate32 prints it: inline integers in decimal, inline floats by
/// name, anything else in hex.
fn imm32_plain(out: &mut String, v: u32) {
    if is_inline_int(v as i32 as i64) {
        let _ = write!(out, "{}", v as i32);
    } else if let Some(&(_, n)) = F32_INLINE.iter().find(|&&(b, _)| b == v) {
        out.push_str(n);
    } else {
        hex(out, v as u64);
    }
}

/// An inline constant or literal (not a register).
fn is_constant(op: Operand) -> bool {
    op.is_scalar() && matches!(op.0, 128..=208 | 240..=248 | 255)
}

fn sel_name(sel: u8) -> &'static str {
    match sel {
        0 => "BYTE_0",
        1 => "BYTE_1",
        2 => "BYTE_2",
        3 => "BYTE_3",
        4 => "WORD_0",
        5 => "WORD_1",
        _ => "DWORD",
    }
}

fn dpp_ctrl(out: &mut String, c: u16) {
    match c {
        0x000..=0x0FF => {
            let _ = write!(
                out,
                " quad_perm:[{},{},{},{}]",
                c & 3,
                (c >> 2) & 3,
                (c >> 4) & 3,
                (c >> 6) & 3
            );
        }
        0x101..=0x10F => {
            let _ = write!(out, " row_shl:{}", c & 0xF);
        }
        0x111..=0x11F => {
            let _ = write!(out, " row_shr:{}", c & 0xF);
        }
        0x121..=0x12F => {
            let _ = write!(out, " row_ror:{}", c & 0xF);
        }
        0x130 => out.push_str(" wave_shl:1"),
        0x134 => out.push_str(" wave_rol:1"),
        0x138 => out.push_str(" wave_shr:1"),
        0x13C => out.push_str(" wave_ror:1"),
        0x140 => out.push_str(" row_mirror"),
        0x141 => out.push_str(" row_half_mirror"),
        0x142 => out.push_str(" row_bcast:15"),
        0x143 => out.push_str(" row_bcast:31"),
        0x150..=0x15F => {
            let _ = write!(out, " row_newbcast:{}", c & 0xF);
        }
        _ => out.push_str(" /* Invalid dpp_ctrl value */"),
    }
}

/// The fp8/bf8 -> f32 converts whose SDWA form only has a source select (llvm `src0_sel` alone).
fn sdwa_src_sel_only(op: Op) -> bool {
    matches!(
        op,
        Op::V_CVT_F32_FP8 | Op::V_CVT_F32_BF8 | Op::V_CVT_PK_F32_FP8 | Op::V_CVT_PK_F32_BF8
    )
}

fn vop32(out: &mut String, inst: &Inst) {
    let s = syntax(inst.op);
    out.push_str(inst.name());
    match inst.ext {
        Ext::Dpp => out.push_str("_dpp"),
        Ext::Sdwa => out.push_str("_sdwa"),
        Ext::None => {
            if s.e32 {
                out.push_str("_e32");
            }
        }
    }
    if s.native.is_empty() {
        // v_nop / v_clrexcp: llvm prints no encoding suffix and, for DPP, the controls
        out.truncate(inst.name().len());
        if inst.ext == Ext::Dpp {
            dpp_ctrl(out, inst.dpp.ctrl);
            let _ = write!(
                out,
                " row_mask:0x{:x} bank_mask:0x{:x}",
                inst.dpp.row_mask, inst.dpp.bank_mask
            );
            if inst.dpp.bound_ctrl {
                out.push_str(" bound_ctrl:1");
            }
        }
        return;
    }
    let mut syn: &[Opnd] = s.native;
    let sdwa_vopc_dst;
    if inst.ext == Ext::Sdwa && inst.format == Format::Vopc {
        // SDWAB: the destination is VCC unless SD selects an SGPR pair
        sdwa_vopc_dst = [Opnd {
            role: Role::Dst,
            file: RegFile::S,
            width: 2,
        }];
        let _ = &sdwa_vopc_dst;
    }
    let _ = &mut syn;
    valu_operands(out, inst, syn);
    match inst.ext {
        Ext::Dpp => {
            dpp_ctrl(out, inst.dpp.ctrl);
            let _ = write!(
                out,
                " row_mask:0x{:x} bank_mask:0x{:x}",
                inst.dpp.row_mask, inst.dpp.bank_mask
            );
            if inst.dpp.bound_ctrl {
                out.push_str(" bound_ctrl:1");
            }
        }
        Ext::Sdwa => {
            clamp_omod(out, inst);
            if inst.format == Format::Vopc {
                let _ = write!(
                    out,
                    " src0_sel:{} src1_sel:{}",
                    sel_name(inst.sdwa.src0_sel),
                    sel_name(inst.sdwa.src1_sel)
                );
            } else if sdwa_src_sel_only(inst.op) {
                let _ = write!(out, " src0_sel:{}", sel_name(inst.sdwa.src0_sel));
            } else {
                let unused = ["UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "UNUSED_3"];
                let _ = write!(
                    out,
                    " dst_sel:{} dst_unused:{} src0_sel:{}",
                    sel_name(inst.sdwa.dst_sel),
                    unused[inst.sdwa.dst_unused as usize & 3],
                    sel_name(inst.sdwa.src0_sel)
                );
                if inst.format == Format::Vop2 {
                    let _ = write!(out, " src1_sel:{}", sel_name(inst.sdwa.src1_sel));
                }
            }
        }
        Ext::None => {}
    }
}

/// Number of entries llvm prints in a VOP3 `op_sel:[...]` for this op.
fn vop3_op_sel_count(inst: &Inst, syn: &[Opnd]) -> usize {
    let nsrc = syn
        .iter()
        .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2))
        .count();
    match inst.op {
        // a hidden tied source (the old destination) carries an op_sel bit too
        Op::V_CVT_SR_FP8_F32
        | Op::V_CVT_SR_BF8_F32
        | Op::V_CVT_SCALEF32_PK_FP4_F16
        | Op::V_CVT_SCALEF32_PK_FP4_BF16 => 4,
        _ => nsrc + 1,
    }
}

fn vop3(out: &mut String, inst: &Inst) {
    let syn = vop3_syntax(inst.op);
    out.push_str(inst.name());
    if matches!(
        inst.info().format,
        Format::Vop1 | Format::Vop2 | Format::Vopc
    ) && !syn.is_empty()
    {
        out.push_str("_e64");
    }
    if matches!(inst.op, Op::V_BITOP3_B16 | Op::V_BITOP3_B32) {
        // bitop3 truth table lives in the NEG/ABS/OMOD fields (decode.rs puts it in `imm`)
        let mut i2 = *inst;
        i2.mods.neg = 0;
        i2.mods.abs = 0;
        i2.mods.omod = 0;
        valu_operands(out, &i2, syn);
        if inst.imm != 0 {
            if inst.imm <= 10 {
                let _ = write!(out, " bitop3:{}", inst.imm);
            } else {
                let _ = write!(out, " bitop3:0x{:x}", inst.imm);
            }
        }
        if inst.mods.op_sel != 0 {
            bits_list(out, "op_sel", inst.mods.op_sel, 4);
        }
        clamp_omod(out, &i2);
        return;
    }
    valu_operands(out, inst, syn);
    if matches!(
        inst.op,
        Op::V_PERMLANE16_SWAP_B32 | Op::V_PERMLANE32_SWAP_B32
    ) {
        if inst.mods.op_sel & 2 != 0 {
            out.push_str(" bound_ctrl:1");
        }
        if inst.mods.op_sel & 1 != 0 {
            out.push_str(" fi:1");
        }
        clamp_omod(out, inst);
        return;
    }
    if inst.mods.op_sel != 0 {
        let n = vop3_op_sel_count(inst, syn);
        // the destination bit is bit 3 whatever the number of sources
        let bits =
            (inst.mods.op_sel & ((1 << (n - 1)) - 1)) | ((inst.mods.op_sel >> 3 & 1) << (n - 1));
        bits_list(out, "op_sel", bits, n);
    }
    clamp_omod(out, inst);
}

/// VOP3P ops whose op_sel_hi defaults to 0 (mixed-precision FMA), others default to all ones.
fn is_mix(op: Op) -> bool {
    matches!(
        op,
        Op::V_FMA_MIX_F32 | Op::V_FMA_MIXLO_F16 | Op::V_FMA_MIXHI_F16
    )
}

fn vop3p(out: &mut String, inst: &Inst) {
    let syn = vop3_syntax(inst.op);
    out.push_str(inst.name());
    let n = syn
        .iter()
        .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2))
        .count();
    let mask = ((1u16 << n) - 1) as u8;
    if is_mix(inst.op) {
        // mix ops print neg_hi as abs: |x|
        let mut i2 = *inst;
        i2.mods.abs = inst.mods.neg_hi;
        valu_operands(out, &i2, syn);
    } else {
        let mut i2 = *inst;
        i2.mods.neg = 0;
        i2.mods.abs = 0;
        valu_operands(out, &i2, syn);
    }
    if inst.mods.op_sel & mask != 0 {
        bits_list(out, "op_sel", inst.mods.op_sel, n);
    }
    let hi = inst.mods.op_sel_hi & mask;
    if (is_mix(inst.op) && hi != 0) || (!is_mix(inst.op) && hi != mask) {
        bits_list(out, "op_sel_hi", hi, n);
    }
    if !is_mix(inst.op) {
        if inst.mods.neg & mask != 0 {
            bits_list(out, "neg_lo", inst.mods.neg, n);
        }
        if inst.mods.neg_hi & mask != 0 {
            bits_list(out, "neg_hi", inst.mods.neg_hi, n);
        }
    }
    if inst.mods.clamp {
        out.push_str(" clamp");
    }
}

fn f8f6f4_regs(fmt: u8) -> u8 {
    match fmt {
        2 | 3 => 6,
        4 => 4,
        _ => 8,
    }
}

fn mai(out: &mut String, inst: &Inst) {
    let syn = vop3_syntax(inst.op);
    let scaled = inst.size == 16;
    let f8f6f4 = matches!(
        inst.op,
        Op::V_MFMA_F32_16X16X128_F8F6F4 | Op::V_MFMA_F32_32X32X64_F8F6F4
    );
    if scaled {
        out.push_str(&inst.name().replacen("v_mfma_", "v_mfma_scale_", 1));
    } else {
        out.push_str(inst.name());
    }
    let mut first = true;
    for o in syn {
        sep(out, &mut first);
        match o.role {
            Role::Dst => {
                reg_text(out, inst.dst, o.width);
                let cls = if inst.name().starts_with("v_smfmac") {
                    "AV"
                } else if inst.mai.acc_cd {
                    "AReg"
                } else {
                    "VReg"
                };
                mai_note(out, inst.dst, o.width, cls);
            }
            Role::Src0 | Role::Src1 | Role::Src2 => {
                let k = o.role as usize - Role::Src0 as usize;
                let mut w = o.width;
                if f8f6f4 && k == 0 {
                    w = f8f6f4_regs(inst.mai.cbsz);
                } else if f8f6f4 && k == 1 {
                    w = f8f6f4_regs(inst.mai.blgp);
                }
                let ty = syntax(inst.op).ty[k];
                if syntax(inst.op).reg_only >> k & 1 != 0 && is_constant(inst.src[k]) {
                    invalid_imm(out, inst.src[k], inst.literal);
                } else {
                    // scalar tuples stop at 16 registers (SGPR_512)
                    let sw = if inst.src[k].is_scalar() {
                        scalar_width(w)
                    } else {
                        w
                    };
                    src_text(out, inst.src[k], sw, ty, inst.literal);
                    let cls = if k < 2 {
                        "AV"
                    } else if inst.name().starts_with("v_smfmac") {
                        "VGPR"
                    } else if inst.mai.acc_cd {
                        "AReg"
                    } else {
                        "VReg"
                    };
                    if !matches!(
                        inst.op,
                        Op::V_ACCVGPR_READ_B32 | Op::V_ACCVGPR_WRITE_B32 | Op::V_MFMA_LD_SCALE_B32
                    ) {
                        mai_note(out, inst.src[k], w, cls);
                    } else if inst.op == Op::V_ACCVGPR_READ_B32
                        && inst.src[k].is_scalar()
                        && inst.src[k].0 < 128
                    {
                        out.push_str("/*Invalid register, operand has 'AGPR_32' register class*/");
                    }
                }
            }
            _ => {}
        }
    }
    if scaled {
        for k in 0..2 {
            sep(out, &mut first);
            src_text(out, inst.mai.scale_src[k], 1, Ty::W32, 0);
        }
        if inst.mods.op_sel & 7 != 0 {
            bits_list(out, "op_sel", inst.mods.op_sel, 3);
        }
        if inst.mods.op_sel_hi & 7 != 7 {
            bits_list(out, "op_sel_hi", inst.mods.op_sel_hi, 3);
        }
    }
    if inst.op == Op::V_MFMA_LD_SCALE_B32 {
        if inst.mods.op_sel & 3 != 0 {
            bits_list(out, "op_sel", inst.mods.op_sel, 2);
        }
        if inst.mods.op_sel_hi & 3 != 3 {
            bits_list(out, "op_sel_hi", inst.mods.op_sel_hi, 2);
        }
        return;
    }
    if matches!(
        inst.op,
        Op::V_ACCVGPR_READ_B32 | Op::V_ACCVGPR_WRITE_B32 | Op::V_ACCVGPR_MOV_B32
    ) {
        return;
    }
    if inst.mai.cbsz != 0 {
        let _ = write!(out, " cbsz:{}", inst.mai.cbsz);
    }
    if inst.mai.abid != 0 {
        let _ = write!(out, " abid:{}", inst.mai.abid);
    }
    let f64_op = inst.name().ends_with("_f64");
    if inst.mai.blgp != 0 {
        if f64_op {
            bits_list(out, "neg", inst.mai.blgp, 3);
        } else {
            let _ = write!(out, " blgp:{}", inst.mai.blgp);
        }
    }
}

// ---- memory -------------------------------------------------------------------------------------------------

fn swizzle(out: &mut String, imm: u32) {
    if imm == 0 {
        return;
    }
    out.push_str(" offset:");
    if imm & 0xFF00 == 0x8000 || (imm & 0x8000 != 0 && imm & 0xE000 == 0x8000) {
        // QUAD_PERM
        let _ = write!(
            out,
            "swizzle(QUAD_PERM,{},{},{},{})",
            imm & 3,
            (imm >> 2) & 3,
            (imm >> 4) & 3,
            (imm >> 6) & 3
        );
    } else if imm & 0x8000 == 0 {
        let and = imm & 0x1F;
        let or = (imm >> 5) & 0x1F;
        let xor = (imm >> 10) & 0x1F;
        if and == 31 && or == 0 && xor.count_ones() == 1 {
            let _ = write!(out, "swizzle(SWAP,{xor})");
        } else if and == 31 && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
            let _ = write!(out, "swizzle(REVERSE,{})", xor + 1);
        } else {
            let group = 31 - and + 1;
            if group > 1 && group.is_power_of_two() && or < group && xor == 0 {
                let _ = write!(out, "swizzle(BROADCAST,{group},{or})");
            } else {
                out.push_str("swizzle(BITMASK_PERM,\"");
                for k in (0..5).rev() {
                    let p = 1 << k;
                    let (a, o, x) = (and & p != 0, or & p != 0, xor & p != 0);
                    out.push(match (a, o, x) {
                        (false, _, _) if o ^ x => '1',
                        (false, _, _) => '0',
                        (true, true, true) => '0',
                        (true, true, false) => '1',
                        (true, false, true) => 'i',
                        (true, false, false) => 'p',
                    });
                }
                out.push_str("\")");
            }
        }
    } else if imm & 0xE000 == 0xE000 {
        let _ = write!(out, "swizzle(FFT,{})", imm & 0x1F);
    } else if imm & 0xE000 == 0xC000 {
        let _ = write!(
            out,
            "swizzle(ROTATE,{},{})",
            (imm >> 10) & 1,
            (imm >> 5) & 0x1F
        );
    } else {
        let _ = write!(out, "{imm}");
    }
}

fn ds(out: &mut String, inst: &Inst) {
    out.push_str(inst.name());
    let syn = syntax(inst.op).native;
    let mut first = true;
    for o in syn {
        let v = match o.role {
            Role::Vdst => inst.dst,
            Role::Addr => inst.src[0],
            Role::Data0 => inst.src[1],
            Role::Data1 => inst.src[2],
            _ => continue,
        };
        sep(out, &mut first);
        reg_text(out, v, o.width);
        if o.role != Role::Addr {
            // returning / two-data ops take VGPR classes (AccVGPRs there carry no note), the others AV
            let name = inst.name();
            if !name.contains("b96_tr") {
                let two_data = syn.iter().any(|x| x.role == Role::Data1);
                let vreg = name.contains("_rtn_") || two_data;
                if !(vreg && v.is_agpr()) {
                    reg_class_note(out, v, o.width, if vreg { "VReg" } else { "AV" });
                }
            }
        }
    }
    let name = inst.name();
    let off0 = inst.imm as u32 & 0xFF;
    let off1 = (inst.imm as u32 >> 8) & 0xFF;
    if inst.op == Op::DS_SWIZZLE_B32 {
        swizzle(out, inst.imm as u32 & 0xFFFF);
    } else if name.contains("read2") || name.contains("write2") || name.contains("wrxchg2") {
        if off0 != 0 {
            let _ = write!(out, " offset0:{off0}");
        }
        if off1 != 0 {
            let _ = write!(out, " offset1:{off1}");
        }
    } else if inst.imm & 0xFFFF != 0 {
        let _ = write!(out, " offset:{}", inst.imm & 0xFFFF);
    }
    // gfx950 has no GDS: llvm prints the bit only on the GWS ops
    if inst.mem & mem_flags::GDS != 0 && (name.starts_with("ds_gws") || inst.op == Op::DS_NOP) {
        out.push_str(" gds");
    }
}

fn cache_bits(out: &mut String, mem: u16) {
    if mem & mem_flags::SC0 != 0 {
        out.push_str(" sc0");
    }
    if mem & mem_flags::NT != 0 {
        out.push_str(" nt");
    }
    if mem & mem_flags::SC1 != 0 {
        out.push_str(" sc1");
    }
}

const DFMT: [&str; 16] = [
    "INVALID",
    "8",
    "16",
    "8_8",
    "32",
    "16_16",
    "10_11_11",
    "11_11_10",
    "10_10_10_2",
    "2_10_10_10",
    "8_8_8_8",
    "32_32",
    "16_16_16_16",
    "32_32_32",
    "32_32_32_32",
    "RESERVED_15",
];
const NFMT: [&str; 8] = [
    "UNORM",
    "SNORM",
    "USCALED",
    "SSCALED",
    "UINT",
    "SINT",
    "RESERVED_6",
    "FLOAT",
];

fn buf(out: &mut String, inst: &Inst) {
    out.push_str(inst.name());
    let syn = syntax(inst.op);
    let lds = inst.mem & mem_flags::LDS != 0;
    let mut first = true;
    for o in syn.native {
        match o.role {
            Role::Vdata => {
                if lds && syn.mem & MEM_LOAD != 0 {
                    continue;
                }
                sep(out, &mut first);
                let v = if syn.mem & MEM_LOAD != 0 {
                    inst.dst
                } else {
                    inst.data
                };
                reg_text(out, v, o.width);
                reg_class_note(out, v, o.width, "AV");
            }
            Role::Vaddr => {
                sep(out, &mut first);
                let both = inst.mem & mem_flags::OFFEN != 0 && inst.mem & mem_flags::IDXEN != 0;
                if inst.mem & (mem_flags::OFFEN | mem_flags::IDXEN) == 0 {
                    out.push_str("off");
                } else {
                    reg_text(out, inst.src[0], if both { 2 } else { 1 });
                    if inst.format == Format::Mubuf {
                        reg_class_note(out, inst.src[0], if both { 2 } else { 1 }, "VReg");
                    }
                }
            }
            Role::Srsrc => {
                sep(out, &mut first);
                sreg(out, inst.src[1].0, 4);
            }
            Role::Soffset => {
                sep(out, &mut first);
                if inst.src[2].0 == 255 {
                    hex(out, inst.literal as u64);
                } else {
                    src_text(out, inst.src[2], 1, Ty::W32, 0);
                    if inst.src[2].0 == 254 {
                        out.push_str("/*Invalid register, operand has 'SReg_32' register class*/");
                    }
                }
            }
            _ => {}
        }
    }
    if inst.format == Format::Mtbuf && inst.fmt != 1 {
        // default format (8, UNORM) is not printed, nor is either default half
        out.push_str(" format:[");
        let dfmt = inst.fmt & 0xF;
        if dfmt != 1 {
            let _ = write!(out, "BUF_DATA_FORMAT_{}", DFMT[dfmt as usize]);
        }
        if inst.fmt >> 4 != 0 {
            if dfmt != 1 {
                out.push(',');
            }
            let _ = write!(out, "BUF_NUM_FORMAT_{}", NFMT[(inst.fmt >> 4) as usize & 7]);
        }
        out.push(']');
    }
    if inst.mem & mem_flags::IDXEN != 0 {
        out.push_str(" idxen");
    }
    if inst.mem & mem_flags::OFFEN != 0 {
        out.push_str(" offen");
    }
    if inst.imm != 0 {
        let _ = write!(out, " offset:{}", inst.imm);
    }
    cache_bits(out, inst.mem);
    if lds {
        out.push_str(" lds");
    }
}

fn flat(out: &mut String, inst: &Inst) {
    out.push_str(inst.name());
    let syn = syntax(inst.op);
    let mut first = true;
    let returns = syn.mem & MEM_ATOMIC != 0 && inst.mem & mem_flags::SC0 != 0;
    let data_w = syn
        .native
        .iter()
        .find(|o| o.role == Role::Data0)
        .map(|o| o.width)
        .unwrap_or(1);
    if returns {
        sep(out, &mut first);
        let w = if inst.name().contains("cmpswap") {
            data_w / 2
        } else {
            data_w
        };
        reg_text(out, inst.dst, w);
        if !inst.dst.is_agpr() {
            reg_class_note(out, inst.dst, w, "VReg");
        }
    }
    for o in syn.native {
        match o.role {
            Role::Vdst => {
                sep(out, &mut first);
                reg_text(out, inst.dst, o.width);
                reg_class_note(out, inst.dst, o.width, "AV");
            }
            Role::Vaddr => {
                sep(out, &mut first);
                if inst.src[0].is_none() {
                    out.push_str("off");
                } else {
                    let w = if inst.format == Format::Scratch || !inst.src[2].is_none() {
                        1
                    } else {
                        2
                    };
                    reg_text(out, inst.src[0], w);
                    reg_class_note(out, inst.src[0], w, "VReg");
                }
            }
            Role::Data0 => {
                sep(out, &mut first);
                reg_text(out, inst.src[1], o.width);
                let cls = if returns { "VReg" } else { "AV" };
                if !(returns && inst.src[1].is_agpr()) {
                    reg_class_note(out, inst.src[1], o.width, cls);
                }
            }
            Role::Saddr => {
                sep(out, &mut first);
                if inst.src[2].is_none() {
                    out.push_str("off");
                } else {
                    let w = if inst.format == Format::Scratch { 1 } else { 2 };
                    sreg(out, inst.src[2].0, w);
                    if inst.format == Format::Global
                        && inst.src[2].0 == 126
                        && !inst.name().contains("_lds_")
                    {
                        out.push_str("/*Invalid register, operand has 'SReg_64_XEXEC_XNULL' register class*/");
                    }
                }
            }
            _ => {}
        }
    }
    if inst.imm != 0 {
        let _ = write!(out, " offset:{}", inst.imm);
    }
    cache_bits(out, inst.mem);
    if inst.format == Format::Global
        && inst.mem & mem_flags::LDS != 0
        && !inst.name().contains("_lds_")
    {
        out.push_str(" lds");
    }
}

// ---- listings -----------------------------------------------------------------------------------------------

/// A function symbol for listing labels and branch-target comments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub addr: u64,
    pub name: String,
}

/// One listing line as llvm-objdump lays it out: tab, text padded to column 60 (a tab counts 8... llvm pads the
/// text to 59 characters after the tab), then `// <12-hex-digit PC>: <words>`.
pub fn format_line(text: &str, pc: u64, words: &[u32]) -> String {
    let mut s = String::with_capacity(100);
    s.push('\t');
    s.push_str(text);
    let w = text.chars().count();
    for _ in w..59 {
        s.push(' ');
    }
    let _ = write!(s, "// {pc:012X}:");
    for w in words {
        let _ = write!(s, " {w:08X}");
    }
    s
}

/// `<sym+0x..>` for an address: the closest symbol at or below it (llvm-objdump's branch-target comment).
fn target_label(syms: &[Symbol], addr: u64) -> Option<String> {
    let s = syms
        .iter()
        .filter(|s| s.addr <= addr)
        .max_by_key(|s| s.addr)?;
    Some(if s.addr == addr {
        format!("<{}>", s.name)
    } else {
        format!("<{}+0x{:x}>", s.name, addr - s.addr)
    })
}

/// The disassembly of one text section in llvm-objdump's shape: for every function symbol a blank line and
/// `<16-hex-digit addr> <name>:`, then one line per instruction. `syms` must be sorted by address;
/// only instructions in [from, to) are listed. As llvm-objdump without `-z`, a run of 8 or more zero bytes at an
/// instruction start (alignment padding between kernels) is one `\t\t...` line, up to the next symbol.
pub fn listing_range(text: &[u8], base: u64, syms: &[Symbol], from: u64, to: u64) -> String {
    let words = decode::text_words(text);
    let dec = decode::decode_text(text, base);
    let mut out = String::new();
    let text_end = base + text.len() as u64;
    let mut skip_to = 0u64;
    for (k, inst) in dec.insts.iter().enumerate() {
        let pc = dec.pc_of(k);
        if pc < from || pc >= to {
            continue;
        }
        for s in syms.iter().filter(|s| s.addr == pc) {
            let _ = write!(out, "\n{:016x} <{}>:\n", s.addr, s.name);
        }
        if pc < skip_to {
            continue;
        }
        let zeros = zero_run(text, base, pc, syms, text_end);
        if zeros > 0 {
            out.push_str("\t\t...\n");
            skip_to = pc + zeros;
            continue;
        }
        let i0 = (pc - base) as usize / 4;
        let n = (inst.size as usize / 4).max(1).min(words.len() - i0);
        let ws = &words[i0..i0 + n];
        let text = inst_text(inst, ws, pc);
        let mut line = format_line(&text, pc, ws);
        if inst.format == Format::Sopp && is_branch(inst.op) {
            if let Some(l) = target_label(syms, inst.target) {
                line.push(' ');
                line.push_str(&l);
            }
        }
        let w = warnings(inst);
        if !w.is_empty() {
            line.push_str(" ; ");
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// llvm-objdump's skippable zero block at `pc`: the zero bytes from there to the next symbol (or the end of the
/// text), rounded down to whole dwords, when there are at least 8 of them; else 0.
fn zero_run(text: &[u8], base: u64, pc: u64, syms: &[Symbol], text_end: u64) -> u64 {
    // Most instructions start with a non-zero byte in their first 8: answer those before the symbol scan (it is
    // per instruction and walks every symbol).
    let at = (pc - base) as usize;
    if !text[at..(at + 8).min(text.len())].iter().all(|&b| b == 0) || at + 8 > text.len() {
        return 0;
    }
    let end = syms
        .iter()
        .map(|s| s.addr)
        .filter(|&a| a > pc)
        .min()
        .unwrap_or(text_end)
        .min(text_end);
    let bytes = &text[(pc - base) as usize..(end - base) as usize];
    let n = bytes.iter().take_while(|&&b| b == 0).count() as u64;
    if n < 8 {
        0
    } else {
        n & !3
    }
}

/// The whole text section's listing (see `listing_range`).
pub fn listing(text: &[u8], base: u64, syms: &[Symbol]) -> String {
    listing_range(text, base, syms, 0, u64::MAX)
}

/// The whole `llvm-objdump -d` output for a code object's .text: the `file format` header (with `file_label`
/// where llvm-objdump prints the path it was given), the section line and `listing`.
pub fn objdump_listing(file_label: &str, text: &[u8], base: u64, syms: &[Symbol]) -> String {
    let mut out =
        format!("\n{file_label}:\tfile format elf64-amdgpu\n\nDisassembly of section .text:\n");
    // Code before the first symbol (a stripped object: its local functions are gone) is labelled with the
    // section's name, as llvm-objdump labels it.
    if !text.is_empty() && !syms.iter().any(|s| s.addr == base) {
        let mut with_section = Vec::with_capacity(syms.len() + 1);
        with_section.push(Symbol {
            addr: base,
            name: ".text".into(),
        });
        with_section.extend(syms.iter().cloned());
        out.push_str(&listing(text, base, &with_section));
        return out;
    }
    out.push_str(&listing(text, base, syms));
    out
}

/// llvm-objdump's decoder warnings for an instruction (`Warning: SGPR_64: scalar reg isn't aligned 3`, one per
/// misaligned SGPR/TTMP tuple operand, concatenated), printed after the encoding words.
pub fn warnings(inst: &Inst) -> String {
    let mut out = String::new();
    if inst.op == Op::INVALID {
        return out;
    }
    let syn = match inst.format {
        Format::Vop3a | Format::Vop3b | Format::Vop3p | Format::Vop3pMai => vop3_syntax(inst.op),
        _ => syntax(inst.op).native,
    };
    let s = syntax(inst.op);
    let mut check = |op: Operand, width: u8| {
        if op.is_none() || !op.is_scalar() || width < 2 {
            return;
        }
        let width = scalar_width(width);
        let c = op.0 as u32;
        let (file, idx) = match c {
            0..=101 => ("SGPR", c),
            108..=123 => ("TTMP", c - 108),
            _ => return,
        };
        let align = if width == 2 { 2 } else { 4 };
        if idx % align != 0 {
            let _ = write!(
                out,
                "Warning: {file}_{}: scalar reg isn't aligned {idx}",
                32 * width as u32
            );
        }
    };
    for o in syn {
        match o.role {
            Role::Dst if inst.format != Format::Vopc || inst.ext == Ext::Sdwa => {
                check(inst.dst, o.width)
            }
            Role::SDst => check(inst.sdst, o.width),
            Role::Src0 | Role::Src1 | Role::Src2 => {
                let mut k = o.role as usize - Role::Src0 as usize;
                if k == 1 && matches!(inst.op, Op::V_FMAMK_F32 | Op::V_MADMK_F16) {
                    k = 2;
                }
                check(inst.src[k], o.width)
            }
            Role::Sdata => {
                if s.mem & (MEM_STORE | MEM_ATOMIC) != 0 {
                    if !inst.dst.is_none() {
                        check(inst.dst, o.width);
                    }
                    check(inst.src[1], o.width);
                } else {
                    check(inst.dst, o.width);
                }
            }
            Role::Sbase => check(inst.src[0], o.width),
            Role::Srsrc => check(inst.src[1], 4),
            Role::Saddr if inst.format == Format::Global => check(inst.src[2], 2),
            _ => {}
        }
    }
    out
}

/// llvm's `/*Invalid register, operand has 'CLASS' register class*/` after a VGPR/AccVGPR tuple that is not
/// even-aligned (gfx90a+ register tuples are `_Align2`). `prefix` is the operand's class family.
fn reg_class_note(out: &mut String, op: Operand, width: u8, prefix: &str) {
    if width >= 2 && !op.is_none() && !op.is_scalar() && op.index() % 2 == 1 {
        let _ = write!(
            out,
            "/*Invalid register, operand has '{prefix}_{}_Align2' register class*/",
            32 * width as u32
        );
    }
}

/// MFMA operands take vector registers only: a scalar register gets the class note too.
fn mai_note(out: &mut String, op: Operand, width: u8, prefix: &str) {
    if op.is_none() {
        return;
    }
    if op.is_scalar() && (op.0 < 128 && op.0 != 125 || op.0 == 254) {
        if width == 1 || prefix == "VGPR" {
            let _ = write!(
                out,
                "/*Invalid register, operand has '{prefix}_32' register class*/"
            );
        } else {
            let _ = write!(
                out,
                "/*Invalid register, operand has '{prefix}_{}_Align2' register class*/",
                32 * width as u32
            );
        }
    } else {
        reg_class_note(out, op, width, prefix);
    }
}

/// Width llvm gives a scalar tuple standing where a wider vector tuple is expected: there are SGPR classes
/// of 1..=5, 8 and 16 dwords only (6 prints as SGPR_160, more than 16 as SGPR_512).
fn scalar_width(w: u8) -> u8 {
    match w {
        6 | 7 => 5,
        9..=15 => 8,
        17.. => 16,
        _ => w,
    }
}
