//! VALU semantics (VOP1/VOP2/VOPC/VOP3A/VOP3B with DPP and SDWA) against tests/fixtures/sem/valu.s,
//! assembled by llvm-mc-22 (regen.sh). Each labelled block of valu.s is one case of valu_cases.json: the
//! MODE, EXEC and register values to start from and the registers expected at s_endpgm.
//!
//! The expected values are NOT produced by wavescope: valu_gen.py computes them from the pseudocode.md text
//! of each op written out in Python, IEEE-754 arithmetic on exact rationals rounded once (valu_ref.py,
//! itself checked against numpy's float16/float32 arithmetic), the MODE rules of state.md, the DPP table of
//! the MI200 guide (Table 83) and the SDWA fields of encodings.md.

mod common;

use object::{Object, ObjectSymbol};
use serde_json::Value;
use wavescope::exec::{GlobalMemory, Program, Wave, WaveId};

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/fixtures/sem/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// Address of every label in the fixture object.
fn labels(elf: &[u8]) -> std::collections::HashMap<String, u64> {
    let f = object::File::parse(elf).unwrap();
    f.symbols()
        .filter_map(|s| Some((s.name().ok()?.to_string(), s.address())))
        .collect()
}

fn num(v: &Value) -> u64 {
    v.as_u64().expect("integer")
}

struct Run {
    program: Program,
    labels: std::collections::HashMap<String, u64>,
    cases: Vec<Value>,
}

fn load() -> Run {
    let elf = fixture("valu.o");
    let (text, base) = common::text_of(&elf);
    let cases: Value = serde_json::from_slice(&fixture("valu_cases.json")).unwrap();
    Run {
        program: Program::new(&text, base),
        labels: labels(&elf),
        cases: cases.as_array().unwrap().clone(),
    }
}

/// Run one case; returns the mismatches as text lines.
fn run_case(r: &Run, c: &Value) -> Vec<String> {
    let label = c["label"].as_str().unwrap();
    let mut w = Wave::new(WaveId::default());
    w.pc = r.labels[label];
    w.set_exec(num(&c["exec"]));
    w.mode = num(&c["mode"]) as u32;
    for (k, v) in c["vgpr"].as_object().unwrap() {
        let reg: usize = k.parse().unwrap();
        for (l, x) in v.as_array().unwrap().iter().enumerate() {
            w.vreg[reg][l] = num(x) as u32;
        }
    }
    for (k, v) in c["sgpr"].as_object().unwrap() {
        w.sgpr[k.parse::<usize>().unwrap()] = num(v) as u32;
    }
    if let Some(v) = c.get("vcc") {
        w.set_vcc(num(v));
    }
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 0];
    let mut ctx = wavescope::exec::Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Default::default(),
    };
    let mut out = Vec::new();
    for _ in 0..200 {
        match r.program.step(&mut w, &mut ctx) {
            Ok(wavescope::exec::Flow::End) => break,
            Ok(_) => {}
            Err(f) => {
                out.push(format!("{label}: fault at 0x{:x}: {:?}", w.pc, f));
                return out;
            }
        }
    }
    for (k, v) in c["expect_vgpr"].as_object().unwrap() {
        let reg: usize = k.parse().unwrap();
        for (l, x) in v.as_array().unwrap().iter().enumerate() {
            let (e, g) = (num(x) as u32, w.vreg[reg][l]);
            if e != g {
                out.push(format!(
                    "{label}: v{reg} lane {l}: expected 0x{e:08x} got 0x{g:08x}"
                ));
            }
        }
    }
    for (k, v) in c["expect_sgpr"].as_object().unwrap() {
        let reg: usize = k.parse().unwrap();
        let (e, g) = (num(v) as u32, w.sgpr[reg]);
        if e != g {
            out.push(format!("{label}: s{reg}: expected 0x{e:08x} got 0x{g:08x}"));
        }
    }
    if let Some(v) = c.get("expect_vcc") {
        if num(v) != w.vcc() {
            out.push(format!(
                "{label}: vcc: expected 0x{:016x} got 0x{:016x}",
                num(v),
                w.vcc()
            ));
        }
    }
    if let Some(v) = c.get("expect_exec") {
        if num(v) != w.exec() {
            out.push(format!(
                "{label}: exec: expected 0x{:016x} got 0x{:016x}",
                num(v),
                w.exec()
            ));
        }
    }
    out
}

/// Run the cases whose label starts with one of `prefixes`; fail listing every mismatch (at most 12 per
/// case) so one run shows all the differences.
fn check(prefixes: &[&str]) {
    let r = load();
    let mut bad = Vec::new();
    let mut n = 0;
    for c in &r.cases {
        let label = c["label"].as_str().unwrap();
        if !prefixes.iter().any(|p| label.starts_with(p)) {
            continue;
        }
        n += 1;
        let m = run_case(&r, c);
        let total = m.len();
        bad.extend(m.into_iter().take(12));
        if total > 12 {
            bad.push(format!("{label}: ... {} more", total - 12));
        }
    }
    assert!(n > 0, "no cases for {prefixes:?}");
    assert!(
        bad.is_empty(),
        "{} mismatches in {n} cases:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn float_add_sub_mul_min_max() {
    check(&["add_", "sub_", "subrev_", "mul_", "min_", "max_"]);
}

#[test]
fn float_round_modes() {
    check(&["round1_", "round2_", "round3_"]);
}

#[test]
fn fma_mac_mad() {
    check(&["fma_"]);
}

#[test]
fn vop3_abs_neg_clamp_omod() {
    check(&["mods_", "omod_"]);
}

#[test]
fn min3_max3_med3_minimum3() {
    check(&["minmax3_", "minimum3_"]);
}

#[test]
fn conversions() {
    check(&["cvt_"]);
}

#[test]
fn trunc_ceil_floor_rndne_fract_frexp_ldexp() {
    check(&["round_", "frexp_"]);
}

#[test]
fn transcendentals_correctly_rounded() {
    check(&["trans_"]);
}

#[test]
fn division_sequences() {
    check(&["fdiv_", "div_fixup"]);
}

#[test]
fn integer_ops() {
    check(&["int_", "int64", "int16", "dot_"]);
}

#[test]
fn carry_chains_and_cndmask() {
    check(&["carry_", "cndmask"]);
}

#[test]
fn compares_all_predicates_cmpx_class() {
    check(&["vopc", "class_"]);
}

#[test]
fn dpp_controls_masks_bound_ctrl() {
    check(&["dpp_"]);
}

#[test]
fn sdwa_selects() {
    check(&["sdwa"]);
}

#[test]
fn cross_lane() {
    check(&["crosslane", "trig_preop", "acc_rfl", "gpr_idx"]);
}

#[test]
fn mixed_denormal_modes() {
    check(&["denorm1_", "denorm2_"]);
}

#[test]
fn cube_legacy_frexp_ldexp16_vop1_as_vop3() {
    check(&["cube", "misc_float"]);
}

#[test]
fn packed_fmac_dot2c_norm_and_u8_converts() {
    check(&["pk_dot", "norm_cvt"]);
}

/// Every opcode of the VOP1/VOP2/VOPC/VOP3A/VOP3B rows of opcodes.csv has a handler except the ones other
/// families own (fp8/fp6/fp4 and stochastic converts: vop3p) and V_SCREEN_PARTITION_4SE_B32 (no semantics
/// in any guide).
#[test]
fn opcode_coverage() {
    use wavescope::exec::semantics::{valu, vop3p};
    use wavescope::isa::{Op, VOP1_OPS, VOP2_OPS, VOP3_OPS, VOPC_OPS};
    let mut seen = std::collections::BTreeSet::new();
    let mut missing = Vec::new();
    for &op in VOP1_OPS
        .iter()
        .chain(&VOP2_OPS)
        .chain(&VOPC_OPS)
        .chain(&VOP3_OPS)
    {
        // VOP3_OPS also holds VOP3P-range ops of other families only as INVALID; skip those.
        if op == Op::INVALID || !seen.insert(op) {
            continue;
        }
        let name = op.name();
        if name.starts_with("v_pk_") && op != Op::V_PK_FMAC_F16 || name.starts_with("v_mfma") {
            continue;
        }
        if valu::lookup(op).is_none() && vop3p::lookup(op).is_none() {
            missing.push(name);
        }
    }
    assert_eq!(missing, ["v_screen_partition_4se_b32"]);
}
