//! MFMA / SMFMAC / AccVGPR semantics against tests/fixtures/sem/mai.s (llvm-mc-22). Expected registers come
//! from tests/fixtures/sem/mai_ref.py (mai_ref.json): it fills the operand registers with random data, reads
//! the effective A/B/C matrices back through the guide's layouts (§7.1.4, §7.1.5, §7.5; cross-checked against
//! AMD's Matrix Instruction Calculator), and computes D with exact rational arithmetic in Python.

#[path = "sem_vop3p/harness.rs"]
mod harness;

use harness::{run_label, set_reg, wave, Fixture};
use wavescope::exec::fidelity::{classify, Fidelity};
use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, GlobalMemory};
use wavescope::isa::{Format, Inst, Operand, VOP3P_OPS};

fn fx() -> Fixture {
    Fixture::load("sem/mai.o")
}

fn json_case(name: &str) {
    let path = format!(
        "{}/tests/fixtures/sem/mai_ref.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let all: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let c = &all[name];
    assert!(c.is_object(), "no case {name}");
    let f = fx();
    let mut w = wave();
    w.mode = c["mode"].as_u64().unwrap() as u32;
    // EXEC is ignored by MFMA: run with half the lanes off to check that all lanes are written.
    w.set_exec(0x0000_FFFF_0000_FFFF);
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
    let ran = run_label(&f, name, &mut w);
    assert_eq!(ran.len(), 1);
    let mut checked = 0;
    for (r, vals) in c["expect"].as_object().unwrap() {
        let r: usize = r.parse().unwrap();
        for (l, x) in vals.as_array().unwrap().iter().enumerate() {
            let want = x.as_u64().unwrap() as u32;
            assert_eq!(
                w.vreg[r][l], want,
                "{name}: reg {r} lane {l}: got 0x{:08x} want 0x{want:08x}",
                w.vreg[r][l]
            );
            checked += 1;
        }
    }
    assert!(checked >= 128, "{name}: only {checked} values checked");
}

#[test]
fn mfma_f32_32x32x8_f16() {
    json_case("f32_32x32x8_f16");
}

#[test]
fn mfma_f32_16x16x16_f16() {
    json_case("f32_16x16x16_f16");
}

#[test]
fn mfma_f32_16x16x16_bf16_blgp_rotate() {
    json_case("f32_16x16x16_bf16_blgp3");
}

#[test]
fn mfma_f64_16x16x4_negate_a_and_c() {
    json_case("f64_16x16x4_neg");
}

#[test]
fn mfma_f64_4x4x4_4b_inline_constant_c() {
    json_case("f64_4x4x4_4b_const");
}

#[test]
fn mfma_f32_4x4x4_16b_f16_cbsz_abid_blgp() {
    json_case("f32_4x4x4_16b_f16_bcast");
}

#[test]
fn mfma_i32_16x16x64_i8() {
    json_case("i32_16x16x64_i8");
}

#[test]
fn mfma_i32_32x32x4_2b_i8_saturates_with_fp16_ovfl() {
    json_case("i32_32x32x4_2b_i8_ovfl");
}

#[test]
fn mfma_f32_16x16x32_fp8_bf8() {
    json_case("f32_16x16x32_fp8_bf8");
}

#[test]
fn mfma_gfx950_16x16x32_f16() {
    json_case("f32_16x16x32_f16");
}

#[test]
fn mfma_gfx950_32x32x16_bf16() {
    json_case("f32_32x32x16_bf16");
}

#[test]
fn mfma_f8f6f4_fp8_times_fp4() {
    json_case("f8f6f4_16x16x128_fp8_fp4");
}

#[test]
fn mfma_f8f6f4_fp6_times_bf8() {
    json_case("f8f6f4_32x32x64_fp6_bf8");
}

#[test]
fn mfma_scale_bf6_fp8_block_scales() {
    json_case("scale_16x16x128_bf6_fp8");
}

#[test]
fn mfma_acc_cd_and_a_from_agprs() {
    json_case("acc_32x32x8_f16");
}

#[test]
fn smfmac_f32_16x16x32_f16_index_set_2() {
    json_case("smfmac_16x16x32_f16");
}

#[test]
fn smfmac_f32_16x16x128_fp8() {
    json_case("smfmac_16x16x128_fp8");
}

#[test]
fn smfmac_i32_32x32x32_i8_index_set_1() {
    json_case("smfmac_32x32x32_i8");
}

#[test]
fn mfma_f32_16x16x4_f32_correctly_rounded() {
    json_case("f32_16x16x4_f32_random");
}

#[test]
fn mfma_f32_32x32x1_2b_broadcast() {
    json_case("f32_32x32x1_2b_bcast");
}

#[test]
fn accvgpr_moves() {
    let f = fx();
    let mut w = wave();
    set_reg(&mut w, 1, |l| 0x1000 + l as u32);
    w.set_exec(0xFFFF_FFFF_FFFF_FFFE);
    set_reg(&mut w, 2, |_| 0xDEAD);
    run_label(&f, "accvgpr", &mut w);
    // a5 = v1; a6 = 7; a7 = a5; v2 = a7; v3 = a6 (EXEC applies: lane 0 keeps its old v2).
    assert_eq!(w.vreg[256 + 5][3], 0x1003);
    assert_eq!(w.vreg[256 + 6][9], 7);
    assert_eq!(w.vreg[2][0], 0xDEAD);
    for l in 1..64 {
        assert_eq!(w.vreg[2][l], 0x1000 + l as u32);
        assert_eq!(w.vreg[3][l], 7);
    }
}

#[test]
fn ld_scale_alone_has_no_effect() {
    let f = fx();
    let mut w = wave();
    set_reg(&mut w, 1, |_| 5);
    set_reg(&mut w, 2, |_| 6);
    let before: Vec<[u32; 64]> = w.vreg.to_vec();
    run_label(&f, "ld_scale_alone", &mut w);
    assert!(w.vreg.iter().zip(before.iter()).all(|(a, b)| a == b));
}

/// Every MFMA/SMFMAC op (every F8F6F4 type pair) runs on arbitrary register contents without faulting or
/// reading/writing outside its registers' window, and writes exactly the D registers of mfma.md.
#[test]
fn every_matrix_op_runs() {
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 0];
    let mut n = 0;
    for &op in VOP3P_OPS.iter() {
        let info = op.info();
        if info.format != Format::Vop3pMai
            || !(info.name.starts_with("v_mfma_f")
                || info.name.starts_with("v_mfma_i")
                || info.name.starts_with("v_smfmac"))
        {
            continue;
        }
        let d_regs = d_regs_of(info.example);
        let codes: &[(u8, u8)] = if info.name.contains("f8f6f4") {
            &[
                (0, 0),
                (0, 4),
                (1, 2),
                (2, 3),
                (3, 1),
                (4, 4),
                (2, 2),
                (4, 0),
            ]
        } else {
            &[(0, 0)]
        };
        for &(cbsz, blgp) in codes {
            let mut w = wave();
            for r in 0..512 {
                set_reg(&mut w, r, |l| {
                    (r as u32).wrapping_mul(0x9E37_79B9) ^ (l as u32 * 0x0101_0101)
                });
            }
            let mut inst = Inst::INVALID;
            inst.op = op;
            inst.format = Format::Vop3pMai;
            inst.size = 8;
            inst.dst = Operand::vgpr(128);
            inst.src = [Operand::vgpr(64), Operand::vgpr(96), Operand::vgpr(32)];
            inst.mai.cbsz = cbsz;
            inst.mai.blgp = blgp;
            let before: Vec<[u32; 64]> = w.vreg.to_vec();
            let mut ctx = Ctx {
                mem: &mem,
                lds: &mut lds,
                apertures: Apertures::default(),
            };
            semantics::handler(&inst)(&mut w, &inst, &mut ctx)
                .unwrap_or_else(|e| panic!("{}: {e:?}", info.name));
            for r in 0..512 {
                if !(128..128 + d_regs).contains(&r) {
                    assert_eq!(
                        w.vreg[r], before[r],
                        "{} wrote v{r} outside its D registers",
                        info.name
                    );
                }
            }
            n += 1;
        }
        assert!(classify(op).0 != Fidelity::Unsupported, "{}", info.name);
    }
    assert_eq!(
        n,
        66 - 2 + 2 * 8,
        "MFMA/SMFMAC op count (mfma.md: 66, two of them F8F6F4)"
    );
}

/// D register count from the csv example ("v_mfma_... v[0:15], ..." -> 16).
fn d_regs_of(example: &str) -> usize {
    let d = example
        .split_whitespace()
        .nth(1)
        .unwrap()
        .trim_end_matches(',');
    match d.strip_prefix("v[") {
        Some(r) => {
            let r = r.trim_end_matches(']');
            let (a, b) = r.split_once(':').unwrap();
            b.parse::<usize>().unwrap() - a.parse::<usize>().unwrap() + 1
        }
        None => 1,
    }
}

#[test]
fn smfmac_f32_16x16x64_bf16_two_index_sets() {
    json_case("smfmac_16x16x64_bf16");
}

#[test]
fn mfma_scale_32x32x64_fp4_fp6() {
    json_case("scale_32x32x64_fp4_fp6");
}

#[test]
fn mfma_f32_16x16x1_4b_cbsz1_blgp6() {
    json_case("f32_16x16x1_4b_cbsz1");
}

#[test]
fn mfma_i32_4x4x4_16b_i8_cbsz3_abid5() {
    json_case("i32_4x4x4_16b_i8_cbsz3");
}

#[test]
fn mfma_f32_32x32x16_bf8_fp8() {
    json_case("f32_32x32x16_bf8_fp8");
}

#[test]
fn mfma_gfx950_i32_32x32x32_i8() {
    json_case("i32_32x32x32_i8");
}

#[test]
fn smfmac_f32_32x32x64_bf8_fp8() {
    json_case("smfmac_32x32x64_bf8_fp8");
}

#[test]
fn mfma_f64_4x4x4_4b_negate_b_and_c() {
    json_case("f64_4x4x4_4b_neg_bc");
}

/// §7.4: V_MFMA_F32_*_F32 honour MODE's f32 input-denormal flushing; FP16_OVFL clamps f32 overflow to ±MAX.
#[test]
fn mfma_f32_mode_denormals_and_fp16_ovfl() {
    let f = fx();
    // 16x16x4 f32: every D = C + Σ_k A·B over 4 k. A = 2^-140 (an f32 denormal), B = 2^100, C = 0.
    let run = |mode: u32, a: f32, b: f32| {
        let mut w = wave();
        w.mode = mode;
        set_reg(&mut w, 4, |_| a.to_bits());
        set_reg(&mut w, 5, |_| b.to_bits());
        for r in 6..10 {
            set_reg(&mut w, r, |_| 0);
        }
        run_label(&f, "f32_16x16x4_f32_random", &mut w);
        (w.vreg[0][0], w.vreg[3][63])
    };
    let a = f32::from_bits(1 << 9); // 2^-149 · 2^9 = 2^-140
    let b = 2f32.powi(100);
    // Denormals kept (MODE f32 denorm = 3): 4 · 2^-40 = 2^-38.
    assert_eq!(
        run(0x3F0, a, b),
        (2f32.powi(-38).to_bits(), 2f32.powi(-38).to_bits())
    );
    // FP_DENORM[5:4] = 0 (flush input): A flushes to +0, D = 0.
    assert_eq!(run(0x3C0, a, b), (0, 0));
    // 4 · 2^127 · 2^127 overflows f32: +inf, or +MAX_FLOAT (0x7F7FFFFF) with MODE.FP16_OVFL.
    let big = 2f32.powi(127);
    assert_eq!(run(0x3F0, big, big).0, 0x7F80_0000);
    assert_eq!(run(0x3F0 | 1 << 23, big, -big).0, 0xFF7F_FFFF);
}
