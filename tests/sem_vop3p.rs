//! VOP3P semantics (packed math, mix FMAs, dots) and the gfx950 small-float conversions, against
//! tests/fixtures/sem/vop3p.s (llvm-mc-22). Packed-math expectations are worked by hand from pseudocode.md
//! (derivation beside each assert); conversion expectations come from tests/fixtures/sem/vop3p_ref.py, which
//! encodes/decodes with the ml_dtypes package (independent OCP FP8/FP6/FP4 implementation) and writes
//! vop3p_ref.json; stochastic rounding is worked by hand from the pseudocode's mantissa addition.

#[path = "sem_vop3p/harness.rs"]
mod harness;

use harness::{f32b, run_label, set_reg, wave, Fixture};

fn fx() -> Fixture {
    Fixture::load("sem/vop3p.o")
}

fn all(w: &wavescope::exec::Wave, r: usize) -> u32 {
    let v = w.vreg[r][0];
    assert!(
        w.vreg[r].iter().all(|x| *x == v),
        "register {r} differs across lanes"
    );
    v
}

#[test]
fn packed_f16_op_sel_neg_hi_consts_clamp() {
    let f = fx();
    let mut w = wave();
    set_reg(&mut w, 1, |_| 0x4000_3C00); // {hi 2.0, lo 1.0}
    set_reg(&mut w, 2, |_| 0x3800_4200); // {hi 0.5, lo 3.0}
    set_reg(&mut w, 69, |_| 0x7E00_3C00); // {hi qNaN, lo 1.0}
    set_reg(&mut w, 70, |_| 0x3C00_8000); // {hi 1.0, lo -0.0}
    set_reg(&mut w, 71, |_| 0x4000_0000); // {hi 2.0, lo +0.0}
    run_label(&f, "pk_f16", &mut w);
    // v_pk_add_f16 op_sel:[1,0] op_sel_hi:[0,1] neg_hi:[0,1]: lo = v1.hi + v2.lo = 2 + 3 = 5 (0x4500);
    // hi = v1.lo + -(v2.hi) = 1 - 0.5 = 0.5 (0x3800).
    assert_eq!(all(&w, 0), 0x3800_4500);
    // v_pk_fma_f16 v1, v2, 1.0 op_sel_hi:[1,1,0]: constant 1.0 (f16 in bits 15:0) read by both lanes:
    // lo = 1*3 + 1 = 4 (0x4400); hi = 2*0.5 + 1 = 2 (0x4000).
    assert_eq!(all(&w, 3), 0x4000_4400);
    // v_pk_add_f16 v1, 1.0 (default op_sel_hi): the high lane reads bits 31:16 of the constant = 0:
    // lo = 1 + 1 = 2, hi = 2 + 0 = 2.
    assert_eq!(all(&w, 4), 0x4000_4000);
    // v_pk_mul_f16 clamp: lo 1*3 = 3 -> 1.0; hi 2*0.5 = 1.0.
    assert_eq!(all(&w, 5), 0x3C00_3C00);
    // v_pk_minimum3_f16: lo minimum(1, -0, +0) = -0 (0x8000); hi: NaN operand -> NaN (quiet 0x7E00).
    assert_eq!(all(&w, 68), 0x7E00_8000);
    // v_pk_max_f16 neg_lo:[0,1] neg_hi:[1,0]: lo = max(1, -3) = 1; hi = max(-2, 0.5) = 0.5.
    assert_eq!(all(&w, 72), 0x3800_3C00);
}

#[test]
fn packed_integer() {
    let f = fx();
    let mut w = wave();
    set_reg(&mut w, 7, |_| 0xFFF0_0005); // {hi 0xFFF0 (-16), lo 5}
    set_reg(&mut w, 8, |_| 0x0020_0003); // {hi 32, lo 3}
    set_reg(&mut w, 12, |_| 0x0003_0004); // shift amounts / addend {hi 3, lo 4}
    run_label(&f, "pk_int", &mut w);
    // add_u16 clamp: lo 5+3 = 8; hi 0xFFF0+0x20 = 0x10010 -> saturates to 0xFFFF.
    assert_eq!(all(&w, 6), 0xFFFF_0008);
    // add_u16: hi wraps to 0x0010.
    assert_eq!(all(&w, 9), 0x0010_0008);
    // sub_i16: lo 5-3 = 2; hi -16-32 = -48 = 0xFFD0.
    assert_eq!(all(&w, 10), 0xFFD0_0002);
    // lshlrev_b16 (S1 << S0[3:0]): lo 5 << 4 = 0x50; hi 0xFFF0 << 3 = 0x7FF80 -> 0xFF80.
    assert_eq!(all(&w, 11), 0xFF80_0050);
    // ashrrev_i16: lo 5 >> 4 = 0; hi -16 >> 3 = -2 = 0xFFFE.
    assert_eq!(all(&w, 13), 0xFFFE_0000);
    // mad_u16: lo 5*3+4 = 19 = 0x13; hi 0xFFF0*0x20+3 = 0x1FFE03 -> 0xFE03.
    assert_eq!(all(&w, 14), 0xFE03_0013);
    // max_i16: lo max(5,3) = 5; hi max(-16, 32) = 32.
    assert_eq!(all(&w, 15), 0x0020_0005);
    // min_u16: lo 3; hi min(0xFFF0, 0x20) = 0x20.
    assert_eq!(all(&w, 16), 0x0020_0003);
    // add_u16 v7, -1: integer inline constant = 0xFFFFFFFF, both halves 0xFFFF: lo 5+0xFFFF = 4, hi 0xFFEF.
    assert_eq!(all(&w, 17), 0xFFEF_0004);
    // sub_i16 op_sel:[1,1] op_sel_hi:[0,0]: lo = hi halves -16-32 = -48; hi = lo halves 5-3 = 2.
    assert_eq!(all(&w, 18), 0x0002_FFD0);
    // add_i16 clamp: lo 8; hi -16+32 = 16.
    assert_eq!(all(&w, 19), 0x0010_0008);
    // mul_lo_u16: lo 15; hi 0xFFF0*0x20 = 0x1FFE00 -> 0xFE00.
    assert_eq!(all(&w, 39), 0xFE00_000F);
    // lshrrev_b16: lo 5 >> 4 = 0; hi 0xFFF0 >> 3 = 0x1FFE.
    assert_eq!(all(&w, 40), 0x1FFE_0000);
    // mad_i16: lo 5*3+4 = 19; hi -16*32+3 = -509 = 0xFE03.
    assert_eq!(all(&w, 41), 0xFE03_0013);
    // min_i16: lo 3; hi -16.
    assert_eq!(all(&w, 42), 0xFFF0_0003);
    // max_u16: lo 5; hi 0xFFF0.
    assert_eq!(all(&w, 43), 0xFFF0_0005);
    // sub_u16 v8, v7 clamp: lo 3-5 < 0 -> 0; hi 0x20-0xFFF0 < 0 -> 0.
    assert_eq!(all(&w, 44), 0x0000_0000);
}

#[test]
fn packed_f32_dword_selection() {
    let f = fx();
    let mut w = wave();
    for (r, x) in [
        (22, 1.5f32),
        (23, 2.0),
        (24, 3.0),
        (25, 4.0),
        (26, 0.25),
        (27, 8.0),
    ] {
        set_reg(&mut w, r, |_| f32b(x));
    }
    w.sgpr[4] = f32b(0.5);
    w.sgpr[5] = f32b(0.25);
    run_label(&f, "pk_f32", &mut w);
    // v_pk_fma_f32 op_sel:[0,1,0] op_sel_hi:[1,0,1] neg_lo:[0,0,1] neg_hi:[1,0,0]:
    // lo = v22 * v25 + -(v26) = 1.5*4 - 0.25 = 5.75; hi = -(v23) * v24 + v27 = -6 + 8 = 2.
    assert_eq!(all(&w, 20), f32b(5.75));
    assert_eq!(all(&w, 21), f32b(2.0));
    // v_pk_mul_f32 v[22:23], 1.0 op_sel_hi:[1,0]: both lanes read the constant's low dword (1.0).
    assert_eq!((all(&w, 28), all(&w, 29)), (f32b(1.5), f32b(2.0)));
    // v_pk_add_f32 v[22:23], s[4:5]: (1.5 + 0.5, 2 + 0.25).
    assert_eq!((all(&w, 30), all(&w, 31)), (f32b(2.0), f32b(2.25)));
    // v_pk_mov_b32 op_sel:[1,0]: D.lo = v[22:23].dword1 = 2.0, D.hi = v[24:25].dword0 = 3.0.
    assert_eq!((all(&w, 32), all(&w, 33)), (f32b(2.0), f32b(3.0)));
}

#[test]
fn exec_mask_respected() {
    let f = fx();
    let mut w = wave();
    w.set_exec(0x5555_5555_5555_5555);
    set_reg(&mut w, 1, |_| 0x4000_3C00);
    set_reg(&mut w, 2, |_| 0x3800_4200);
    set_reg(&mut w, 0, |_| 0xDEAD_BEEF);
    run_label(&f, "pk_f16", &mut w);
    for l in 0..64 {
        let want = if l % 2 == 0 { 0x3800_4500 } else { 0xDEAD_BEEF };
        assert_eq!(w.vreg[0][l], want, "lane {l}");
    }
}

#[test]
fn mixed_precision_fma() {
    let f = fx();
    let mut w = wave();
    set_reg(&mut w, 41, |_| 0x4000_3C00); // f16 {hi 2.0, lo 1.0}
    set_reg(&mut w, 42, |_| 0x4200_3800); // f16 {hi 3.0, lo 0.5}
    set_reg(&mut w, 43, |_| f32b(0.5));
    set_reg(&mut w, 45, |_| f32b(-2.0));
    set_reg(&mut w, 46, |_| 0x1234_5678);
    set_reg(&mut w, 47, |_| 0x1234_5678);
    run_label(&f, "mix", &mut w);
    // v_fma_mix_f32 op_sel:[0,1,0] op_sel_hi:[1,1,0]: f16(v41.lo)=1 * f16(v42.hi)=3 + f32 0.5 = 3.5.
    assert_eq!(all(&w, 40), f32b(3.5));
    // v_fma_mix_f32 |v45|, -v42, v43 op_sel_hi:[0,1,0]: |-2.0| * -(f16 v42.lo = 0.5) + 0.5 = -0.5.
    assert_eq!(all(&w, 44), f32b(-0.5));
    // v_fma_mixlo_f16: 1*0.5+0.5 = 1.0 -> f16 0x3C00 into bits 15:0, bits 31:16 kept.
    assert_eq!(all(&w, 46), 0x1234_3C00);
    // v_fma_mixhi_f16 op_sel:[1,1,0]: 2*3+0.5 = 6.5 -> f16 0x4680 into bits 31:16.
    assert_eq!(all(&w, 47), 0x4680_5678);
}

#[test]
fn dot_products() {
    let f = fx();
    let mut w = wave();
    set_reg(&mut w, 41, |_| 0x4000_3C00); // f16 {2, 1}
    set_reg(&mut w, 42, |_| 0x4200_3800); // f16 {3, 0.5}
    set_reg(&mut w, 43, |_| f32b(0.5));
    set_reg(&mut w, 52, |_| 0x4000_3FC0); // bf16 {2.0, 1.5}
    set_reg(&mut w, 53, |_| 0xBF80_4080); // bf16 {-1.0, 4.0}
    set_reg(&mut w, 7, |_| 0xFFF0_0005);
    set_reg(&mut w, 8, |_| 0x0020_0003);
    set_reg(&mut w, 55, |_| 100);
    set_reg(&mut w, 57, |_| 0x807F_FF02); // i8 bytes (lo..hi) 2, -1, 127, -128
    set_reg(&mut w, 58, |_| 0x0202_0305); // 5, 3, 2, 2
    set_reg(&mut w, 61, |_| 0x7654_3210); // nibbles 0..7
    set_reg(&mut w, 62, |_| 0xFFFF_FFFF);
    set_reg(&mut w, 66, |_| 0x8000_8000);
    set_reg(&mut w, 67, |_| 0x7FFF_FFFF);
    run_label(&f, "dot", &mut w);
    // dot2_f32_f16: 0.5 + 1*0.5 + 2*3 = 7.
    assert_eq!(all(&w, 50), f32b(7.0));
    // dot2_f32_bf16: 1.5*4 + 2*(-1) + 0.5 = 4.5.
    assert_eq!(all(&w, 51), f32b(4.5));
    // dot2_i32_i16: 100 + 5*3 + (-16)*32 = -397.
    assert_eq!(all(&w, 54), (-397i32) as u32);
    // dot4_i32_i8: 100 + 2*5 + (-1)*3 + 127*2 + (-128)*2 = 105.
    assert_eq!(all(&w, 56), 105);
    // dot4_u32_u8: 100 + 2*5 + 255*3 + 127*2 + 128*2 = 1385.
    assert_eq!(all(&w, 59), 1385);
    // dot8_i32_i4: 100 + (0+1+..+7)*(-1) = 72.
    assert_eq!(all(&w, 60), 72);
    // dot8_u32_u4: 100 + 28*15 = 520.
    assert_eq!(all(&w, 63), 520);
    // dot2_u32_u16: 100 + 5*3 + 0xFFF0*0x20 = 2096755.
    assert_eq!(all(&w, 64), 2_096_755);
    // dot2_i32_i16 clamp: 0x7FFFFFFF + 2 * (-32768)^2 = 2^31 - 1 + 2^31 -> saturates to 0x7FFFFFFF.
    assert_eq!(all(&w, 65), 0x7FFF_FFFF);
}

/// Cases from vop3p_ref.json: {name: {label?, mode, inputs: {reg: [64 u32]}, expect: {reg: [64 u32]}}}.
fn json_case(name: &str) {
    let path = format!(
        "{}/tests/fixtures/sem/vop3p_ref.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let all: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let c = &all[name];
    let label = c.get("label").and_then(|l| l.as_str()).unwrap_or(name);
    let f = fx();
    let mut w = wave();
    w.mode = c["mode"].as_u64().unwrap() as u32;
    for (r, vals) in c["inputs"].as_object().unwrap() {
        let r: usize = r.parse().unwrap();
        let v: Vec<u32> = vals
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap() as u32)
            .collect();
        set_reg(&mut w, r, |l| v[l]);
    }
    run_label(&f, label, &mut w);
    let mut checked = 0;
    for (r, vals) in c["expect"].as_object().unwrap() {
        let r: usize = r.parse().unwrap();
        for (l, x) in vals.as_array().unwrap().iter().enumerate() {
            let want = x.as_u64().unwrap() as u32;
            assert_eq!(
                w.vreg[r][l], want,
                "{name}: v{r} lane {l}: got 0x{:08x} want 0x{want:08x}",
                w.vreg[r][l]
            );
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn cvt_fp8_bf8_rne_overflow_nan() {
    json_case("cvt_f8_rne");
}

#[test]
fn cvt_fp8_bf8_fp16_ovfl_saturates() {
    json_case("cvt_f8_rne_ovfl");
}

#[test]
fn cvt_every_fp8_bf8_code_to_f32() {
    json_case("cvt_f8_decode");
}

#[test]
fn cvt_scalef32_fp8_bf8_fp4_both_ways() {
    json_case("cvt_scaled");
}

#[test]
fn cvt_scalef32_fp6_bf6_pk32() {
    json_case("cvt_f6");
}

#[test]
fn cvt_stochastic_rounding() {
    let f = fx();
    let mut w = wave();
    // x = 1.078125 = 1 + 0.078125: f32 mantissa field 0.078125 * 2^23 = 0xA0000. E4M3 keeps 3 mantissa bits
    // (lsb = 2^20 of the f32 field). Pseudocode: m += S1[31:12]; carry into the kept bits iff
    // 0xA0000 + (S1 >> 12) >= 0x100000, i.e. S1 >= 0x6000_0000. Lane 0: S1 = 0x5FFF_FFFF -> 1.0 (0x38);
    // lane 1: S1 = 0x6000_0000 -> 1.125 (0x39). Written to byte 3 (op_sel:[0,0,1,1]), other bytes kept.
    set_reg(&mut w, 1, |_| f32b(1.078125));
    set_reg(&mut w, 9, |l| {
        if l % 2 == 0 {
            0x5FFF_FFFF
        } else {
            0x6000_0000
        }
    });
    set_reg(&mut w, 8, |_| 0x00AB_CDEF);
    // BF16: x = 1 + 2^-8 + 2^-9 sits 0.75 ulp (2^-7) above 1.0; S1[31:16] is added below the kept 7 bits:
    // carry iff 0xC000 + (S1 >> 16) >= 0x10000, i.e. S1 >= 0x4000_0000.
    set_reg(&mut w, 20, |_| f32b(1.0 + 2f32.powi(-8) + 2f32.powi(-9)));
    set_reg(&mut w, 11, |l| {
        if l % 2 == 0 {
            0x3FFF_FFFF
        } else {
            0x4000_0000
        }
    });
    set_reg(&mut w, 13, |_| f32b(1.0 + 2f32.powi(-11) + 2f32.powi(-12)));
    set_reg(&mut w, 12, |_| 0x7777_0000);
    // Scaled SR: scale 2^2 (f32 4.0), x/4 = 1.078125/4 keeps the same mantissa -> 0.25 (0x28) or
    // 0.28125 (0x29) by the same threshold; op_sel:[0,0,0,1] sets OP_SEL[3] -> OP_SEL[3:2] = 2 -> byte 2.
    set_reg(&mut w, 15, |_| f32b(4.0));
    set_reg(&mut w, 14, |_| 0);
    set_reg(&mut w, 18, |_| f32b(1.25));
    set_reg(&mut w, 19, |_| f32b(5.0));
    set_reg(&mut w, 16, |_| 0xFFFF_FFFF);
    run_label(&f, "cvt_sr", &mut w);
    for l in 0..2 {
        let up = l == 1;
        assert_eq!(
            w.vreg[8][l],
            0x00AB_CDEF | if up { 0x39 } else { 0x38 } << 24,
            "sr fp8 lane {l}"
        );
        assert_eq!(
            w.vreg[10][l] & 0xFFFF,
            if up { 0x3F81 } else { 0x3F80 },
            "sr bf16 lane {l}"
        );
        assert_eq!(
            w.vreg[14][l],
            if up { 0x29 } else { 0x28 } << 16,
            "scaled sr fp8 lane {l}"
        );
    }
    // f16 of 1 + 2^-11 + 2^-12: f16 ulp at 1 is 2^-10, so the value is 0.75 ulp above 1.0: S1[31:19] is added
    // below the 10 kept bits (13 bits): carry iff 0.75 * 2^13 + (S1 >> 19) >= 2^13, i.e. S1 >= 0x4000_0000.
    // op_sel[3] is not encodable by llvm-mc for this op (dropped), so the result goes to bits 15:0.
    assert_eq!(w.vreg[12][0], 0x7777_3C00);
    assert_eq!(w.vreg[12][1], 0x7777_3C01);
    // FP4 SR (random S1 = v9): the first element 1.25/4 = 0.3125 is 0.625 of the 0.5 subnormal step; 22
    // random bits (23 - 1) S1 >> 10 are added to 0.625 * 2^22 = 0x280000, carry iff the sum >= 0x400000.
    // Lane 0: 0x5FFF_FFFF >> 10 = 0x17FFFF -> 0x3FFFFF: stays 0 (code 0). Lane 1: 0x6000_0000 >> 10 =
    // 0x180000 -> 0x400000: 0.5 (code 1). The second element 5/4 = 1.25 = 2.5 steps of 0.5 (0xA00000) uses
    // v_prng_b32(S1): lane 0 0xBFFF_FFFE >> 10 = 0x2FFFFF, lane 1 0xC000_0000 >> 10 = 0x300000; both give
    // floor((0xA00000 + r) / 2^22) = 3 steps = 1.5 (code 0b011). Byte 0 = hi << 4 | lo, other bytes kept.
    assert_eq!(w.vreg[16][0], 0xFFFF_FF30);
    assert_eq!(w.vreg[16][1], 0xFFFF_FF31);
}

/// Every VOP3P and VOP3P-MAI op of opcodes.csv, and every small-float / scaled / stochastic conversion
/// wherever it is encoded, has semantics.
#[test]
fn coverage_of_owned_ops() {
    use wavescope::exec::is_implemented;
    use wavescope::isa::{Format, Op, OP_COUNT, VOP1_OPS, VOP3P_OPS, VOP3_OPS};
    let (mut vop3p, mut mai, mut cvt) = ((0, 0), (0, 0), (0, 0));
    let mut seen = vec![false; OP_COUNT];
    for &op in VOP3P_OPS
        .iter()
        .chain(VOP3_OPS.iter())
        .chain(VOP1_OPS.iter())
    {
        if op == Op::INVALID || std::mem::replace(&mut seen[op as usize], true) {
            continue;
        }
        let info = op.info();
        let n = info.name;
        let small = ["fp8", "bf8", "fp4", "fp6", "bf6", "scalef32"]
            .iter()
            .any(|s| n.contains(s))
            || n.starts_with("v_cvt_sr_");
        let slot = match info.format {
            Format::Vop3p => &mut vop3p,
            Format::Vop3pMai => &mut mai,
            _ if small && n.starts_with("v_cvt") => &mut cvt,
            _ => continue,
        };
        slot.0 += 1;
        if is_implemented(op) {
            slot.1 += 1;
        } else {
            eprintln!("missing: {n}");
        }
    }
    eprintln!("VOP3P {vop3p:?}, VOP3P-MAI {mai:?}, conversions {cvt:?} (ops, implemented)");
    assert_eq!(vop3p, (36, 36));
    assert_eq!(mai, (69, 69));
    assert_eq!(cvt, (59, 59)); // 4 VOP1 (+ their VOP3 forms), 49 V_CVT_SCALEF32_*, 6 VOP3 674-679
}

#[test]
fn fidelity_classes() {
    use wavescope::exec::fidelity::{classify, Fidelity::*};
    use wavescope::isa::Op::*;
    for (op, want) in [
        (V_PK_FMA_F32, Exact),
        (V_PK_FMA_F16, Exact),
        (V_DOT2_F32_F16, Approximate),
        (V_DOT4_I32_I8, Exact),
        (V_CVT_PK_FP8_F32, Exact),
        (V_CVT_F32_BF8, Exact),
        (V_CVT_SR_FP8_F32, Approximate),
        (V_CVT_SCALEF32_SR_PK32_BF6_F16, Approximate),
        (V_CVT_SCALEF32_PK_FP4_F32, Approximate),
        (V_CVT_SCALEF32_PK32_F32_FP6, Exact),
        (V_CVT_SCALEF32_PK_BF16_FP8, Exact),
        (V_MFMA_F32_32X32X8_F16, Approximate),
        (V_MFMA_F64_16X16X4_F64, Approximate),
        (V_MFMA_I32_16X16X64_I8, Exact),
        (V_SMFMAC_I32_32X32X64_I8, Exact),
        (V_ACCVGPR_READ_B32, Exact),
    ] {
        let (got, why) = classify(op);
        assert_eq!(got, want, "{}: {why}", op.name());
    }
}
