//! SALU semantics (SOP2/SOP1/SOPK/SOPC) against tests/fixtures/sem/salu.s, assembled by llvm-mc-22.
//! Every expected value is worked out by hand from the per-op text in the CDNA4 guide's pseudocode (the
//! derivation is the comment beside it); bit patterns of wider ops were computed with Python from the same
//! formulas. Labels and their addresses come from the object's symbol table (llvm-mc's layout).

#[path = "sem_salu/harness.rs"]
mod harness;

use harness::{run, run_label, wave_at, Fixture};
use wavescope::exec::{FaultKind, GlobalMemory, Wave, WaveId};

fn fx() -> Fixture {
    Fixture::load("sem/salu.o")
}

fn set64(w: &mut Wave, r: usize, v: u64) {
    w.sgpr[r] = v as u32;
    w.sgpr[r + 1] = (v >> 32) as u32;
}

fn get64(w: &Wave, r: usize) -> u64 {
    w.sgpr[r] as u64 | (w.sgpr[r + 1] as u64) << 32
}

fn mem() -> GlobalMemory {
    GlobalMemory::new()
}

#[test]
fn add_sub_with_carry_and_overflow() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = 0xFFFF_FFFF;
    w.sgpr[3] = 1;
    w.sgpr[5] = 0x7FFF_FFFF;
    w.sgpr[6] = 1;
    run_label(&f, "add_carry", &mut w, &mem());
    // S_ADD_U32: tmp = 0xFFFFFFFF + 1 = 0x1_0000_0000 -> D = 0, SCC = tmp >= 2^32 = 1
    assert_eq!(w.sgpr[0], 0);
    assert_eq!(w.sgpr[10], 1);
    // S_ADDC_U32 0, 0: tmp = 0 + 0 + SCC(1) = 1 -> D = 1, SCC = 0
    assert_eq!(w.sgpr[1], 1);
    assert_eq!(w.sgpr[11], 0);
    // S_ADD_I32 0x7FFFFFFF + 1 = 0x80000000: S0[31] == S1[31] (0) and S0[31] != tmp[31] -> SCC = 1 (overflow)
    assert_eq!(w.sgpr[4], 0x8000_0000);
    assert_eq!(w.sgpr[12], 1);
    // S_SUB_U32 3 - 5 = 0xFFFFFFFE, SCC = 5 > 3 = 1; then S_SUBB_U32 10 - 2 - SCC(1) = 7, SCC = 2 + 1 > 10 = 0
    assert_eq!(w.sgpr[7], 0xFFFF_FFFE);
    assert_eq!(w.sgpr[8], 7);
    assert_eq!(w.sgpr[13], 0);
    // S_SUB_I32 0x7FFFFFFF - (-1) = 0x80000000: S0[31] (0) != S1[31] (1) and S0[31] != tmp[31] -> SCC = 1
    assert_eq!(w.sgpr[9], 0x8000_0000);
    assert_eq!(w.sgpr[14], 1);
    // literal source: 0xFFFFFFFF + 0x12345678 = 0x1_12345677 -> 0x12345677
    assert_eq!(w.sgpr[15], 0x1234_5677);
}

#[test]
fn min_max_cselect_absdiff() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = (-5i32) as u32;
    w.sgpr[3] = 3;
    run_label(&f, "min_max", &mut w, &mem());
    // S_MIN_I32: SCC = -5 < 3 = 1, D = S0 = -5
    assert_eq!((w.sgpr[0], w.sgpr[10]), ((-5i32) as u32, 1));
    // S_MIN_U32: SCC = 0xFFFFFFFB < 3 = 0, D = S1 = 3
    assert_eq!((w.sgpr[1], w.sgpr[11]), (3, 0));
    // S_MAX_I32: SCC = -5 >= 3 = 0, D = S1 = 3
    assert_eq!((w.sgpr[4], w.sgpr[12]), (3, 0));
    // S_MAX_U32: SCC = 0xFFFFFFFB >= 3 = 1, D = S0
    assert_eq!(w.sgpr[5], 0xFFFF_FFFB);
    // S_CSELECT_B64 with SCC = 1 -> S0 = s[2:3]
    assert_eq!(get64(&w, 6), 0x0000_0003_FFFF_FFFB);
    // s_cmp_eq_u32 s2, 0 -> SCC = 0 -> S_CSELECT_B64 picks S1 = -1 (64-bit inline constant)
    assert_eq!(get64(&w, 8), u64::MAX);
    // S_ABSDIFF_I32 3 - (-5) = 8; s2 - s2 = 0 -> SCC = D != 0 = 0
    assert_eq!(w.sgpr[13], 8);
    assert_eq!((w.sgpr[14], w.sgpr[15]), (0, 0));
}

#[test]
fn logic_b32_b64() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = 0xF0F0_1234;
    w.sgpr[3] = 0x0FF0_00FF;
    set64(&mut w, 4, 0x0123_4567_89AB_CDEF);
    set64(&mut w, 6, 0xFFFF_0000_0000_FFFF);
    run_label(&f, "logic", &mut w, &mem());
    // D = f(0xF0F01234, 0x0FF000FF)
    assert_eq!(w.sgpr[10], 0x00F0_0034); // and
    assert_eq!(w.sgpr[11], 0xFFF0_12FF); // or
    assert_eq!(w.sgpr[12], 0xFF00_12CB); // xor
    assert_eq!(w.sgpr[13], 0xF000_1200); // andn2: S0 & ~S1
    assert_eq!(w.sgpr[14], 0xF0FF_FF34); // orn2: S0 | ~S1
    assert_eq!(w.sgpr[15], 0xFF0F_FFCB); // nand
    assert_eq!(w.sgpr[16], 0x000F_ED00); // nor
    assert_eq!(w.sgpr[17], 0x00FF_ED34); // xnor
    assert_eq!(w.sgpr[18], 1); // SCC = xnor result != 0
    assert_eq!((w.sgpr[19], w.sgpr[20]), (0, 0)); // and with 0: D = 0, SCC = 0
    assert_eq!(get64(&w, 30), 0x0123_0000_0000_CDEF);
    assert_eq!(get64(&w, 32), 0xFFFF_4567_89AB_FFFF);
    assert_eq!(get64(&w, 34), 0xFEDC_4567_89AB_3210);
    assert_eq!(get64(&w, 36), 0x0000_4567_89AB_0000);
    assert_eq!(get64(&w, 38), 0x0123_FFFF_FFFF_CDEF);
    assert_eq!(get64(&w, 40), 0xFEDC_FFFF_FFFF_3210);
    assert_eq!(get64(&w, 42), 0x0000_BA98_7654_0000);
    assert_eq!(get64(&w, 44), 0x0123_BA98_7654_CDEF);
    // x XNOR x = all ones -> SCC = 1
    assert_eq!(get64(&w, 46), u64::MAX);
    assert_eq!(w.sgpr[21], 1);
    assert_eq!(w.sgpr[22], 0x0F0F_EDCB); // not_b32
    assert_eq!(get64(&w, 48), 0xFEDC_BA98_7654_3210); // not_b64
}

#[test]
fn shifts_mask_their_amount_and_bfm() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = 0x8000_0001;
    set64(&mut w, 4, 0x8000_0000_0000_0003);
    run_label(&f, "shifts", &mut w, &mem());
    // S_LSHL_B32 by 33: S1[4:0] = 1 -> 0x80000001 << 1 = 0x00000002
    assert_eq!(w.sgpr[10], 2);
    // S_LSHR_B32 by 36: S1[4:0] = 4 -> 0x08000000
    assert_eq!(w.sgpr[11], 0x0800_0000);
    // S_ASHR_I32 0x80000000 >> 31 (arithmetic) = 0xFFFFFFFF
    assert_eq!(w.sgpr[12], 0xFFFF_FFFF);
    // S_LSHL_B64 by literal 68: S1[5:0] = 4 -> 0x8000000000000003 << 4 = 0x30 (mod 2^64)
    assert_eq!(get64(&w, 20), 0x30);
    // S_LSHR_B64 by 64: S1[5:0] = 0 -> unchanged, SCC = 1
    assert_eq!(get64(&w, 22), 0x8000_0000_0000_0003);
    assert_eq!(w.sgpr[13], 1);
    // S_ASHR_I64 0x8000000000000003 >> 36 = -2^63 / 2^36 = -2^27 = 0xFFFFFFFFF8000000
    assert_eq!(get64(&w, 24), 0xFFFF_FFFF_F800_0000);
    // S_ASHR_I64 of literal 0xFFFF0000: a signed 64-bit operand sign-extends its literal (CDNA4 §6.2.1.1)
    // -> 0xFFFFFFFFFFFF0000 >> 4 = 0xFFFFFFFFFFFFF000
    assert_eq!(get64(&w, 26), 0xFFFF_FFFF_FFFF_F000);
    // S_LSHR_B32 by 32: S1[4:0] = 0 -> unchanged
    assert_eq!(w.sgpr[14], 0x8000_0001);
    // S_BFM_B32 5, 3: ((1 << 5) - 1) << 3 = 0xF8
    assert_eq!(w.sgpr[15], 0xF8);
    // S_BFM_B64 40, 10: ((1 << 40) - 1) << 10 = 0x3FFFFFFFFFC00
    assert_eq!(get64(&w, 28), 0x0003_FFFF_FFFF_FC00);
    // S_MOV_B64 of literal 0xFFFF0000: unsigned 64-bit operand, zero-extended
    assert_eq!(get64(&w, 30), 0x0000_0000_FFFF_0000);
}

#[test]
fn bitfield_extract() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = 0x0000_0F80;
    w.sgpr[3] = (8 << 16) | 4; // width 8, offset 4
    w.sgpr[6] = 4; // width 0, offset 4
    set64(&mut w, 4, 0x8765_4321_0FED_CBA9);
    w.sgpr[8] = (8 << 16) | 56; // width 8, offset 56
    run_label(&f, "bfe", &mut w, &mem());
    // S_BFE_U32: (0xF80 >> 4) & 0xFF = 0xF8
    assert_eq!(w.sgpr[10], 0xF8);
    // S_BFE_I32: tmp = (0xF80 >> 4) & 0xFF = 0xF8; signext_from_bit(0xF8, 8) = 0xFFFFFFF8
    assert_eq!(w.sgpr[11], 0xFFFF_FFF8);
    // width 0: mask (1 << 0) - 1 = 0 -> D = 0, SCC = 0
    assert_eq!((w.sgpr[12], w.sgpr[13]), (0, 0));
    // S_BFE_U64 offset 56 width 8 of 0x87654321_0FEDCBA9 = 0x87; S_BFE_I64 sign-extends from bit 7
    assert_eq!(get64(&w, 20), 0x87);
    assert_eq!(get64(&w, 22), 0xFFFF_FFFF_FFFF_FF87);
}

#[test]
fn unary_bit_ops() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = 0x1234_80F0;
    w.sgpr[3] = (-123i32) as u32;
    set64(&mut w, 4, 0xFFFF_0000_0000_0000);
    run_label(&f, "unary", &mut w, &mem());
    assert_eq!(w.sgpr[10], 0x3F80_0000); // s_mov_b32 1.0: 32-bit inline float
    assert_eq!(get64(&w, 40), 0x3FF0_0000_0000_0000); // s_mov_b64 1.0: the f64 bit pattern
    assert_eq!(w.sgpr[11], 0x0F01_2C48); // brev 0x123480F0 (Python: reversed 32-bit string)
    assert_eq!(get64(&w, 42), 0x0000_0000_0000_FFFF); // brev_b64
    assert_eq!(w.sgpr[12], 22); // bcnt0: 32 - popcount(0x123480F0) = 32 - 10
    assert_eq!(w.sgpr[13], 10); // bcnt1
    assert_eq!(w.sgpr[14], 48); // bcnt0_b64 of 0xFFFF000000000000
    assert_eq!(w.sgpr[15], 16); // bcnt1_b64
    assert_eq!(w.sgpr[16], 0); // ff0: bit 0 of 0x...F0 is 0
    assert_eq!(w.sgpr[17], 4); // ff1: lowest one is bit 4
    assert_eq!(w.sgpr[18], 0xFFFF_FFFF); // ff1 of 0 = -1 (no ones)
    assert_eq!(w.sgpr[19], 0xFFFF_FFFF); // ff0 of -1 = -1 (no zeros)
    assert_eq!(w.sgpr[20], 48); // ff1_b64 of 0xFFFF000000000000
    assert_eq!(w.sgpr[21], 0); // ff0_b64
    assert_eq!(w.sgpr[22], 3); // flbit_b32: 0x1... has 3 leading zeros
    assert_eq!(w.sgpr[23], 0xFFFF_FFFF); // flbit of 0 = -1
    assert_eq!(w.sgpr[24], 0); // flbit_b64: bit 63 set
    assert_eq!(w.sgpr[25], 0xFFFF_FFFF); // flbit_i32 of -1: all bits equal the sign -> -1
    assert_eq!(w.sgpr[26], 31); // flbit_i32 of 1: bit 0 (i = 31) is the first differing from sign 0
    assert_eq!(w.sgpr[27], 3); // flbit_i32 of 0x123480F0: bit 28 (i = 3) is the first one
    assert_eq!(w.sgpr[28], 16); // flbit_i32_i64 of 0xFFFF0000...: bit 47 (i = 16) is the first zero
    assert_eq!(w.sgpr[29], 0xFFFF_FFF0); // sext_i32_i8 of 0xF0
    assert_eq!(w.sgpr[30], 0xFFFF_80F0); // sext_i32_i16 of 0x80F0
    assert_eq!(w.sgpr[31], 123); // abs(-123)
                                 // abs(0x80000000) = -(-2^31) wraps to 0x80000000, SCC = D != 0 = 1
    assert_eq!((w.sgpr[32], w.sgpr[33]), (0x8000_0000, 1));
}

#[test]
fn bitset_wqm_quadmask_bitreplicate_cmov() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = 0x0010_2003;
    set64(&mut w, 4, 0x8000_0000_0100_0020);
    w.sgpr[6] = 0x0F;
    w.sgpr[15] = 0xDEAD;
    set64(&mut w, 30, 0xBEEF);
    run_label(&f, "unary2", &mut w, &mem());
    // S_BITSET0_B32 bit 3 of 0x0F -> 0x07; S_BITSET1_B32 bit 36 & 31 = 4 -> 0x1F
    assert_eq!(w.sgpr[10], 0x07);
    assert_eq!(w.sgpr[11], 0x1F);
    // 64-bit: set bit 35 / clear bit 63 of 0x8000000001000020
    assert_eq!(get64(&w, 20), 0x8000_0008_0100_0020);
    assert_eq!(get64(&w, 22), 0x0000_0000_0100_0020);
    // S_WQM_B32 0x00102003: nibbles 0, 3, 5 are non-zero -> 0x00F0F00F; S_QUADMASK_B32 -> bits 0,3,5 = 0x29
    assert_eq!(w.sgpr[12], 0x00F0_F00F);
    assert_eq!(w.sgpr[13], 0x29);
    // 64-bit: non-zero nibbles 1, 6, 15 of 0x8000000001000020
    assert_eq!(get64(&w, 24), 0xF000_0000_0F00_00F0);
    assert_eq!(get64(&w, 26), 0x8042);
    // S_BITREPLICATE: bits 0, 1, 13, 20 -> pairs at 0-1, 2-3, 26-27, 40-41
    assert_eq!(get64(&w, 28), 0x0000_0300_0C00_000F);
    // SCC was 1 (quadmask_b64 result != 0): s_cmov_b32 s14 copies; after SCC = 0, s15 and s[30:31] keep values
    assert_eq!(w.sgpr[14], 0x0010_2003);
    assert_eq!(w.sgpr[15], 0xDEAD);
    assert_eq!(get64(&w, 30), 0xBEEF);
}

#[test]
fn mul_lshl_add_pack() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = 0xFFFF_FFFE;
    w.sgpr[3] = 0x7FFF_FFFF;
    run_label(&f, "mul_pack", &mut w, &mem());
    // S_MUL_I32 -2 * 0x7FFFFFFF = -0xFFFFFFFE = 2 (mod 2^32)
    assert_eq!(w.sgpr[10], 2);
    // S_MUL_HI_U32 (0xFFFFFFFE * 0x7FFFFFFF) >> 32 = 0x7FFFFFFE
    assert_eq!(w.sgpr[11], 0x7FFF_FFFE);
    // S_MUL_HI_I32 (-2 * 0x7FFFFFFF) >> 32 = -1
    assert_eq!(w.sgpr[12], 0xFFFF_FFFF);
    // S_LSHL1_ADD_U32 (0xFFFFFFFE << 1) + 0x7FFFFFFF = 0x2_7FFFFFFB -> 0x7FFFFFFB, SCC = 1
    assert_eq!((w.sgpr[13], w.sgpr[14]), (0x7FFF_FFFB, 1));
    // S_LSHL2_ADD_U32 (1 << 2) + 0x7FFFFFFF = 0x80000003, SCC = 0
    assert_eq!((w.sgpr[15], w.sgpr[16]), (0x8000_0003, 0));
    // S_LSHL3_ADD_U32 (0x7FFFFFFF << 3) + 1 = 0x3_FFFFFFF9
    assert_eq!(w.sgpr[17], 0xFFFF_FFF9);
    // S_LSHL4_ADD_U32 (0x7FFFFFFF << 4) + 0xFFFFFFFE = 0x8_FFFFFFEE
    assert_eq!(w.sgpr[18], 0xFFFF_FFEE);
    // S_PACK_LL { S1[15:0], S0[15:0] } = {0xFFFF, 0xFFFE}; LH {S1[31:16], S0[15:0]}; HH {S1[31:16], S0[31:16]}
    assert_eq!(w.sgpr[19], 0xFFFF_FFFE);
    assert_eq!(w.sgpr[20], 0x7FFF_FFFE);
    assert_eq!(w.sgpr[21], 0x7FFF_FFFF);
}

#[test]
fn sopk_immediates() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = 0x1000;
    w.sgpr[3] = 0xFFFF;
    w.sgpr[13] = 0xAAAA;
    run_label(&f, "sopk", &mut w, &mem());
    assert_eq!(w.sgpr[10], 0xFFFF_8001); // movk: signext(0x8001)
    assert_eq!(w.sgpr[11], 0x7FFF);
    assert_eq!(w.sgpr[12], 0x1234); // cmovk with SCC = 1
    assert_eq!(w.sgpr[13], 0xAAAA); // cmovk with SCC = 0: unchanged
                                    // cmpk_lt_i32 0x1000 < signext(0x8000) = -32768: false; cmpk_lt_u32 0x1000 < 0x8000: true
    assert_eq!((w.sgpr[14], w.sgpr[15]), (0, 1));
    // cmpk_eq_i32 0xFFFF == signext(0xFFFF) = 0xFFFFFFFF: false; cmpk_eq_u32 0xFFFF == 0xFFFF: true
    assert_eq!((w.sgpr[16], w.sgpr[17]), (0, 1));
    assert_eq!(w.sgpr[18], 1); // 0x1000 > 0x10
                               // addk 0x7FFFFFF0 + 0x20 = 0x80000010: tmp[31] (0) == SIMM16[15] (0), tmp[31] != D[31] -> SCC = 1
    assert_eq!((w.sgpr[19], w.sgpr[20]), (0x8000_0010, 1));
    // addk 5 + signext(0xFFFE) = 3, SIMM16[15] = 1 != tmp[31] -> SCC = 0
    assert_eq!((w.sgpr[21], w.sgpr[22]), (3, 0));
    // mulk 0x10000 * signext(0xFFFD) = -0x30000 = 0xFFFD0000
    assert_eq!(w.sgpr[23], 0xFFFD_0000);
}

#[test]
fn sopc_compares_and_bitcmp() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[2] = 0xFFFF_FFFF;
    w.sgpr[3] = 1;
    set64(&mut w, 4, 0x0000_0002_8000_0000);
    set64(&mut w, 6, 0x0000_0003_8000_0000);
    run_label(&f, "sopc", &mut w, &mem());
    assert_eq!(w.sgpr[10], 1); // -1 < 1 signed
    assert_eq!(w.sgpr[11], 0); // 0xFFFFFFFF < 1 unsigned: no
    assert_eq!(w.sgpr[12], 1); // 1 >= 1
    assert_eq!(w.sgpr[13], 1); // 0xFFFFFFFF > 1 unsigned
    assert_eq!(w.sgpr[14], 1); // -1 <> 1
    assert_eq!(w.sgpr[15], 1); // 1 <= 0xFFFFFFFF unsigned
    assert_eq!(w.sgpr[16], 1); // bit 31 of 0xFFFFFFFF is 1
    assert_eq!(w.sgpr[17], 0); // bitcmp0 bit 63 & 31 = 31: it is 1 -> SCC 0
    assert_eq!(w.sgpr[18], 1); // bit 33 of 0x0000000280000000 is 1
    assert_eq!(w.sgpr[19], 1); // bit 32 is 0 -> bitcmp0 SCC 1
    assert_eq!(w.sgpr[20], 1); // eq_u64 of equal pairs
    assert_eq!(w.sgpr[21], 1); // lg_u64: high dwords differ
    assert_eq!(w.sgpr[22], 0); // eq_u64 of different pairs
}

#[test]
fn getpc_swappc_setpc_round_trip() {
    let f = fx();
    let mut w = wave_at(0);
    run_label(&f, "pc_roundtrip", &mut w, &mem());
    // S_GETPC_B64 gives the next instruction's address (pc_after_getpc); adding pc_target - pc_after_getpc
    // gives pc_target; S_SWAPPC saves the address after itself (pc_return) and jumps; S_SETPC returns.
    assert_eq!(get64(&w, 0), f.label("pc_target"));
    assert_eq!(get64(&w, 2), f.label("pc_return"));
    assert_eq!((w.sgpr[5], w.sgpr[6]), (1, 2));
}

#[test]
fn call_saves_return_address() {
    let f = fx();
    let mut w = wave_at(0);
    run_label(&f, "call", &mut w, &mem());
    // S_CALL_B64: D = PC + 4 (call_return), PC = PC + 4 + SIMM16 * 4 (call_callee)
    assert_eq!(get64(&w, 30), f.label("call_return"));
    assert_eq!((w.sgpr[5], w.sgpr[6]), (3, 7));
}

#[test]
fn saveexec_and_wrexec_family() {
    let f = fx();
    let mut w = wave_at(0);
    let e: u64 = 0x0000_FFFF_0000_FFFF;
    let s: u64 = 0x00FF_00FF_00FF_00FF;
    w.set_exec(e);
    set64(&mut w, 2, s);
    set64(&mut w, 4, e);
    run_label(&f, "saveexec", &mut w, &mem());
    // D = old EXEC; EXEC = f(S0, EXEC) per pseudocode.md
    assert_eq!(get64(&w, 10), e);
    assert_eq!(get64(&w, 12), s & e); // and: 0x000000FF000000FF
    assert_eq!(w.sgpr[40], 1); // SCC = EXEC != 0
    assert_eq!(get64(&w, 14), e);
    assert_eq!(get64(&w, 16), 0x00FF_FFFF_00FF_FFFF); // or
    assert_eq!(get64(&w, 18), e);
    assert_eq!(get64(&w, 20), 0x00FF_FF00_00FF_FF00); // xor
    assert_eq!(get64(&w, 22), e);
    assert_eq!(get64(&w, 24), 0x00FF_0000_00FF_0000); // andn2: S0 & ~EXEC
    assert_eq!(get64(&w, 28), 0xFFFF_00FF_FFFF_00FF); // orn2: S0 | ~EXEC
    assert_eq!(get64(&w, 32), 0xFFFF_FF00_FFFF_FF00); // nand
    assert_eq!(get64(&w, 36), 0xFF00_0000_FF00_0000); // nor
    assert_eq!(get64(&w, 50), 0xFF00_00FF_FF00_00FF); // xnor
    assert_eq!(get64(&w, 52), e);
    assert_eq!(get64(&w, 54), 0x0000_FF00_0000_FF00); // andn1: ~S0 & EXEC
    assert_eq!(get64(&w, 58), 0xFF00_FFFF_FF00_FFFF); // orn1: ~S0 | EXEC
                                                      // wrexec: D = the new EXEC
    assert_eq!(get64(&w, 60), 0x0000_FF00_0000_FF00);
    assert_eq!(get64(&w, 62), 0x0000_FF00_0000_FF00);
    assert_eq!(get64(&w, 64), 0x00FF_0000_00FF_0000);
    assert_eq!(get64(&w, 66), 0x00FF_0000_00FF_0000);
    // EXEC = 0 before: D = 0, EXEC = 0 -> SCC = 0
    assert_eq!(get64(&w, 68), 0);
    assert_eq!(w.sgpr[41], 0);
    assert_eq!(w.exec(), u64::MAX);
}

#[test]
fn movrels_movreld_index_by_m0() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[124] = 3; // M0
    w.sgpr[13] = 0x1313;
    w.sgpr[14] = 0x1414;
    w.sgpr[4] = 0x44;
    w.sgpr[6] = 0x66;
    w.sgpr[7] = 0x77;
    run_label(&f, "movrel", &mut w, &mem());
    // S_MOVRELS: D = SGPR[SRC0 + M0]: s[10 + 3] = s13
    assert_eq!(w.sgpr[0], 0x1313);
    assert_eq!((w.sgpr[2], w.sgpr[3]), (0x1313, 0x1414));
    // S_MOVRELD: SGPR[DST + M0] = S0: s[20 + 3] = s4; s[30 + 3 : 31 + 3] = s[6:7]
    assert_eq!(w.sgpr[23], 0x44);
    assert_eq!((w.sgpr[33], w.sgpr[34]), (0x66, 0x77));
    assert_eq!(w.sgpr[20], 0);
}

#[test]
fn getreg_setreg() {
    let f = fx();
    let mut w = Wave::new(WaveId {
        wave_in_group: 5,
        simd: 1,
        ..WaveId::default()
    });
    w.set_exec(u64::MAX);
    w.mode = 0x0000_03F0;
    w.sgpr[2] = 0x5;
    w.sgpr[3] = 0;
    w.sgpr[4] = 0xFFFF;
    let mut lds = [0u8; 1024];
    w.pc = f.label("hwreg");
    run(&f, &mut w, &mem(), &mut lds).unwrap();
    // s_setreg_b32 hwreg(MODE, 4, 4), 5: mask = 0xF << 4; MODE = (5 << 4) | (0x3F0 & ~0xF0) = 0x350
    // s_getreg_b32 hwreg(MODE, 0, 8) = 0x350 & 0xFF = 0x50; hwreg(MODE, 8, 2) = (0x350 >> 8) & 3 = 3
    assert_eq!(w.sgpr[10], 0x50);
    assert_eq!(w.sgpr[11], 3);
    // s_setreg_imm32_b32 hwreg(MODE, 0, 2), 0xFFFFFFFF: only MODE[1:0] change -> 0x353
    assert_eq!(w.sgpr[12], 0x353);
    assert_eq!(w.mode, 0x353);
    // STATUS is read-only without PRIV (the write of VALID = 0 is dropped). Read: VALID (16) | VCCZ (10,
    // VCC = 0) | SCC (0, set by s_cmp_eq_u32 0, 0); EXECZ clear (EXEC = all ones)
    assert_eq!(w.sgpr[13], (1 << 16) | (1 << 10) | 1);
    // TRAPSTS is R/W: hwreg(TRAPSTS, 0, 9) <- 0xFFFF keeps 9 bits = 0x1FF
    assert_eq!(w.sgpr[14], 0x1FF);
    // HW_ID is read-only: the setreg in between changes nothing
    assert_eq!(w.sgpr[15], w.sgpr[16]);
    // XCC_ID of the only XCC
    assert_eq!(w.sgpr[17], 0);
    // SH_MEM_BASES[31:16] = shared aperture bits 63:48 (0x0001 for base 0x0001_0000_0000_0000)
    assert_eq!(w.sgpr[18], 1);
    // MODE.CSP (31:29) is 0
    assert_eq!(w.sgpr[19], 0);
    // LDS_ALLOC: LDS_SIZE [21:12] in units of 64 dwords: 1024 bytes = 4 units; LDS_BASE 0
    assert_eq!(w.sgpr[20], 4 << 12);
}

#[test]
fn gpr_idx_and_vskip_state() {
    let f = fx();
    let mut w = wave_at(0);
    w.sgpr[124] = 0xABCD_0F00;
    w.sgpr[2] = 0x1FF;
    w.sgpr[3] = 0x42;
    w.sgpr[4] = 1 << 5;
    run_label(&f, "gpr_idx", &mut w, &mem());
    // S_SET_GPR_IDX_ON s2, gpr_idx(SRC0,DST): MODE.GPR_IDX_EN = 1; M0[7:0] = 0xFF; M0[15:12] = raw SSRC1 = 0b1001
    assert_eq!(w.sgpr[10], 1);
    assert_eq!(w.sgpr[11], 0xABCD_9FFF); // bits 31:16 and 11:8 unmodified
                                         // S_SET_GPR_IDX_IDX s3: M0[7:0] = 0x42
    assert_eq!(w.sgpr[12], 0xABCD_9F42);
    // S_SET_GPR_IDX_MODE gpr_idx(SRC1,SRC2): M0[15:12] = 0b0110, other bits kept
    assert_eq!(w.sgpr[16], 0xABCD_6F42);
    // S_SET_GPR_IDX_OFF: MODE.GPR_IDX_EN = 0
    assert_eq!(w.sgpr[13], 0);
    // S_SETVSKIP s4, 5: VSKIP = s4[5] = 1; s4[4] = 0
    assert_eq!((w.sgpr[14], w.sgpr[15]), (1, 0));
}

#[test]
fn g_fork_and_join() {
    let f = fx();
    let mut w = wave_at(0);
    w.set_exec(0xF);
    set64(&mut w, 20, 0x3);
    set64(&mut w, 22, f.label("fork_taken"));
    run_label(&f, "fork", &mut w, &mem());
    // pass = 0x3, fail = 0xC; bitCount(fail) = 2 is not < bitCount(pass) = 2 -> EXEC = pass, push
    // {next = fork_fallthrough, fail}, CSP = 1, jump to fork_taken (ran with 0x3). The first join pops:
    // EXEC = 0xC, PC = fork_fallthrough (ran with 0xC); the second join has CSP == saved (0): falls through.
    assert_eq!(get64(&w, 32), 0x3);
    assert_eq!(get64(&w, 30), 0xC);
    assert_eq!(get64(&w, 34), 0xC);
    assert_eq!(get64(&w, 0), 0xC); // stack slot: SGPR[0:1] = mask
    assert_eq!(get64(&w, 2), f.label("fork_fallthrough")); // SGPR[2:3] = PC
    assert_eq!((w.sgpr[10], w.sgpr[11]), (0, 0));
}

#[test]
fn i_fork_runs_the_smaller_side_first() {
    let f = fx();
    let mut w = wave_at(0);
    w.set_exec(0xF);
    set64(&mut w, 20, 0x7);
    run_label(&f, "ifork", &mut w, &mem());
    // pass = 0x7, fail = 0x8: bitCount(fail) 1 < 3 -> EXEC = fail, push {target = ifork_taken, pass},
    // fall through (ran with 0x8); the join pops EXEC = 0x7 at ifork_taken; the second join falls through.
    assert_eq!(get64(&w, 30), 0x8);
    assert_eq!(get64(&w, 32), 0x7);
    assert_eq!(get64(&w, 34), 0x7);
    assert_eq!(get64(&w, 2), f.label("ifork_taken"));
    assert_eq!(w.sgpr[11], 0);
}

#[test]
fn special_registers_as_operands() {
    let f = fx();
    let mut w = wave_at(0);
    set64(&mut w, 2, 0x0000_0001_8000_0000);
    run_label(&f, "special_dst", &mut w, &mem());
    assert_eq!(w.m0(), 0x1234);
    assert_eq!(w.sgpr[10], 0x1234);
    assert_eq!(w.vcc(), 0x0000_0001_8000_0000);
    assert_eq!(w.sgpr[12], 1); // vcc_hi
                               // EXEC (code 126/127) as destination: all ones & s[2:3]; SCC = result != 0
    assert_eq!(w.exec(), 0x0000_0001_8000_0000);
    assert_eq!(w.sgpr[11], 1);
    // src_shared_base as a 64-bit operand is the aperture base; src_private_base as 32-bit its high dword
    // (wavescope's apertures: shared 0x0001_0000_0000_0000, private 0x0002_0000_0000_0000)
    assert_eq!(get64(&w, 14), 0x0001_0000_0000_0000);
    assert_eq!(w.sgpr[16], 0x0002_0000);
}

#[test]
fn rfe_clears_priv_and_jumps() {
    let f = fx();
    let mut w = wave_at(0);
    w.status |= 1 << 5; // PRIV
    run_label(&f, "rfe", &mut w, &mem());
    assert_eq!(w.status & (1 << 5), 0);
    assert_eq!((w.sgpr[5], w.sgpr[6]), (0, 1));
}

#[test]
fn rfe_restore_fails_loudly() {
    // S_RFE_RESTORE_B64 has no pseudocode (pseudocode.md SOP2 43): it must stop the wave, not be skipped.
    let f = fx();
    let mut w = wave_at(f.label("rfe_restore"));
    let m = mem();
    let mut lds = [0u8; 0];
    let e = run(&f, &mut w, &m, &mut lds).unwrap_err();
    assert_eq!(e.kind, FaultKind::NotImplemented);
    assert!(e.detail.contains("s_rfe_restore_b64"), "{}", e.detail);
}

/// Coverage: every SOP1/SOP2/SOPK/SOPC opcode (the generated tables hold every opcodes.csv row of these formats)
/// has a handler, except S_RFE_RESTORE_B64, which has no pseudocode.
#[test]
fn every_scalar_alu_opcode_is_implemented() {
    use wavescope::isa::{Op, SOP1_OPS, SOP2_OPS, SOPC_OPS, SOPK_OPS};
    let ops: Vec<Op> = SOP1_OPS
        .iter()
        .chain(SOP2_OPS.iter())
        .chain(SOPK_OPS.iter())
        .chain(SOPC_OPS.iter())
        .copied()
        .filter(|o| *o != Op::INVALID)
        .collect();
    // opcodes.csv: 54 SOP1 + 53 SOP2 + 21 SOPK + 20 SOPC rows
    assert_eq!(ops.len(), 148);
    let missing: Vec<&str> = ops
        .iter()
        .filter(|o| !wavescope::exec::is_implemented(**o))
        .map(|o| o.name())
        .collect();
    assert_eq!(missing, vec!["s_rfe_restore_b64"]);
}
