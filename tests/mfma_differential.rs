//! The MFMA fast path (`mai::fast`: per-opcode layout plans, whole-register operand decode, the R-row exact-sum
//! kernel) against the exact path (`mai::mfma_exact`, the reference; selected with `mai::fast::set_exact_only`),
//! bit for bit, on every MFMA/SMFMAC opcode (f32, f16, bf16, FP8/BF8, every F8F6F4 type pair and the block-scaled
//! form, f64, i8; gfx950 has no xf32 MFMA).
//!
//! What tests/fast_paths.rs does not vary and this does:
//! - register placement: A, B, C and D anywhere in the VGPR/AGPR file, D == C (a GEMM's accumulator chain), D
//!   overlapping A or B, C an inline constant or a literal;
//! - chains of MFMAs with D == C and fresh A/B each step (what a compiled GEMM issues), compared after every step;
//! - inputs that mix the fast path's branches inside one instruction: mostly small values (the whole-instruction
//!   exact kernel) with denormals, infinities, NaNs, signed zeros or a wide value dropped into a few elements of
//!   one type (rows then take the per-row exact, TwoSum or non-finite paths), C rows of -0 with zero A rows;
//! - random CBSZ/ABID/BLGP on every dense non-F8F6F4 op (multi-block broadcasts included), random F8F6F4 type
//!   codes and scale bytes (NaN scales too);
//! - MODE: default, FP16_OVFL (overflow to ±MAX), f32 input denormals flushed.
//!
//! And the f16 decode the fast path uses (`f16_to_f64`) against `half` on all 65536 encodings.

use wavescope::exec::semantics::{self, mai::fast::set_exact_only, mai::layout::shape};
use wavescope::exec::{Apertures, Ctx, GlobalMemory, Wave, WaveId, LANES};
use wavescope::isa::{Format, Inst, Operand, VOP3P_OPS};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const MODE_DEFAULT: u32 = 0x3F0; // round to nearest even, denormals kept, IEEE, DX10_CLAMP

/// Element bit patterns of one type class, all small integers x 2^-2 (every partial sum exact).
fn small(rng: &mut Rng, bits: u32) -> u32 {
    let v = (rng.below(17) as i32 - 8) as f32 / 4.0;
    match bits {
        32 => v.to_bits(),
        16 => {
            // Both f16 and bf16 readings of these halves are small: use bf16 bits (f16 reads them as small too
            // often enough: either way finite and small-exponent).
            v.to_bits() >> 16
        }
        8 => {
            // E4M3 / E5M2 bytes with small exponents: sign, exponent 6..8 (E4M3) / 14..16 (E5M2 reads it lower).
            (rng.below(2) << 7 | (6 + rng.below(3)) << 3 | rng.below(8)) as u32
        }
        _ => rng.next() as u32 & ((1 << bits) - 1),
    }
}

/// A special element of `bits` width: denormal, infinity/NaN (where the encoding has them), ±0, a wide value.
fn special(rng: &mut Rng, bits: u32) -> u32 {
    match bits {
        32 => [
            0x0000_0001,
            0x807F_FFFF,
            0x7F80_0000,
            0xFF80_0000,
            0x7FC0_0000,
            0x8000_0000,
            0x0000_0000,
            0x7F00_0000,
            0x0080_0000,
            0x5F12_3456,
        ][rng.below(10) as usize],
        16 => [
            0x0001, 0x83FF, 0x7C00, 0xFC00, 0x7E00, 0x8000, 0x0000, 0x7BFF, 0x0400, 0x0080, 0x7F80,
            0x8001,
        ][rng.below(12) as usize],
        8 => [0x01, 0x87, 0x7F, 0xFF, 0x7C, 0xFC, 0x80, 0x00, 0x7E, 0x04][rng.below(10) as usize],
        _ => 0,
    }
}

#[derive(Clone, Copy, Debug)]
enum Profile {
    /// Every element small: the whole-instruction exact kernel.
    Small,
    /// Small, with a few special elements of one width dropped in (mixed branches inside one instruction).
    Sprinkled(u32),
    /// Wide finite values (TwoSum everywhere).
    Wide,
    /// Raw bits.
    Raw,
}

/// One register's worth of elements of width `bits` under `p`.
fn reg_value(rng: &mut Rng, p: Profile) -> u32 {
    match p {
        Profile::Small => {
            let bits = [32, 16, 8][rng.below(3) as usize];
            pack(rng, bits, small)
        }
        Profile::Sprinkled(bits) => {
            if rng.below(40) == 0 {
                pack(rng, bits, special)
            } else {
                pack(rng, bits, small)
            }
        }
        Profile::Wide => rng.next() as u32 & 0xBFBF_BFBF,
        Profile::Raw => rng.next() as u32,
    }
}

fn pack(rng: &mut Rng, bits: u32, f: fn(&mut Rng, u32) -> u32) -> u32 {
    let per = 32 / bits;
    (0..per).fold(0u32, |acc, i| {
        acc | (f(rng, bits) & (u32::MAX >> (32 - bits))) << (i * bits)
    })
}

fn mai_ops() -> Vec<wavescope::isa::Op> {
    VOP3P_OPS
        .iter()
        .copied()
        .filter(|op| {
            let info = op.info();
            info.format == Format::Vop3pMai
                && (info.name.starts_with("v_mfma_f")
                    || info.name.starts_with("v_mfma_i")
                    || info.name.starts_with("v_smfmac"))
        })
        .collect()
}

/// A register operand `n` of the unified file: v0..v255 below 256, a0..a255 above.
fn unified(n: usize) -> Operand {
    if n < 256 {
        Operand::vgpr(n as u16)
    } else {
        Operand::agpr((n - 256) as u16)
    }
}

/// Runs `inst` on a copy of `w` through both paths and compares outcomes and the whole register file.
fn compare(w: &Wave, inst: &Inst, what: &str) -> Wave {
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 0];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    let (mut fast, mut exact) = (w.clone(), w.clone());
    let h = semantics::handler(inst);
    set_exact_only(false);
    let rf = h(&mut fast, inst, &mut ctx).map(|s| s.flow());
    set_exact_only(true);
    let re = h(&mut exact, inst, &mut ctx).map(|s| s.flow());
    set_exact_only(false);
    assert_eq!(format!("{rf:?}"), format!("{re:?}"), "{what}: outcome");
    for r in 0..512 {
        if fast.vreg[r] != exact.vreg[r] {
            let l = (0..LANES)
                .find(|&l| fast.vreg[r][l] != exact.vreg[r][l])
                .unwrap();
            panic!(
                "{what}: unified register {r} lane {l}: fast 0x{:08x} exact 0x{:08x}",
                fast.vreg[r][l], exact.vreg[r][l]
            );
        }
    }
    fast
}

#[test]
fn every_mfma_opcode_matches_the_exact_path_with_any_register_placement() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let ops = mai_ops();
    assert_eq!(ops.len(), 66, "MFMA/SMFMAC op count (mfma.md: 66)");
    let mut trials = 0;
    for &op in &ops {
        let info = op.info();
        let s = shape(op).unwrap();
        let f8f6f4 = info.name.contains("f8f6f4");
        let f64_op = info.name.contains("f64");
        let a_regs = (s.a_items() * 8).div_ceil(32).max(2) * 4; // generous (sparse/f64/6-bit forms fit)
        let d_regs = if f64_op { 2 * s.d_items() } else { s.d_items() };
        for trial in 0..40 {
            let profile = match trial % 5 {
                0 => Profile::Small,
                1 => Profile::Sprinkled([32, 16, 8][rng.below(3) as usize]),
                2 => Profile::Sprinkled(16),
                3 => Profile::Wide,
                _ => Profile::Raw,
            };
            let mode = match trial / 5 % 3 {
                0 => MODE_DEFAULT,
                1 => MODE_DEFAULT | 1 << 23,
                _ => MODE_DEFAULT & !0x30,
            };
            let mut w = Wave::new(WaveId::default());
            w.mode = mode;
            w.set_exec(u64::MAX);
            for r in 0..512 {
                for l in 0..LANES {
                    w.vreg[r][l] = reg_value(&mut rng, profile);
                }
            }
            // Some C rows all -0 (exact path: zero A elements are skipped, the sum's sign rule applies).
            if trial % 4 == 1 {
                for r in 0..512 {
                    if rng.below(8) == 0 {
                        w.vreg[r] = [0x8000_0000; LANES];
                    }
                }
            }
            let mut inst = Inst::INVALID;
            inst.op = op;
            inst.format = Format::Vop3pMai;
            inst.size = 8;
            // Placement: D == C, D over A, D over B, or all apart; any file.
            let room = 512 - d_regs.max(a_regs);
            let pick = |rng: &mut Rng| rng.below(room as u64) as usize;
            let (a, b) = (pick(&mut rng), pick(&mut rng));
            let (c, d) = match trial % 4 {
                0 => {
                    let c = pick(&mut rng);
                    (c, c)
                }
                1 => (pick(&mut rng), a),
                2 => (pick(&mut rng), b + rng.below(2) as usize),
                _ => (pick(&mut rng), pick(&mut rng)),
            };
            inst.src = [unified(a), unified(b), unified(c)];
            inst.dst = unified(d);
            if trial % 10 == 7 && !info.name.starts_with("v_smfmac") {
                // C as an inline constant (1.0 / -2.0 / 0) or a literal.
                let (code, lit) =
                    [(242u16, 0u32), (245, 0), (128, 0), (255, 0xC0A0_0000)][rng.below(4) as usize];
                inst.src[2] = Operand(code);
                inst.literal = lit;
            }
            if trial % 8 == 5 {
                // Zero A (either sign) and C all -0: nothing but signed zeros is summed.
                let z = [0u32, 0x8000_8000, 0x8080_8080, 0x8000_0000][rng.below(4) as usize];
                for r in 0..a_regs {
                    w.vreg[(a + r) & 511] = [z; LANES];
                }
                for r in 0..d_regs {
                    w.vreg[(c + r) & 511] = [0x8000_0000; LANES];
                }
            }
            if f8f6f4 {
                inst.mai.cbsz = rng.below(5) as u8;
                inst.mai.blgp = rng.below(5) as u8;
                if trial % 2 == 1 {
                    let (s0, s1) = (rng.below(512) as usize, rng.below(512) as usize);
                    inst.mai.scale_src = [unified(s0), unified(s1)];
                    inst.mai.scale_sel = [rng.below(4) as u8, rng.below(4) as u8];
                    for l in 0..LANES {
                        let near = |x: u64| 0x7A + (x % 10) as u32;
                        if !matches!(profile, Profile::Raw) {
                            w.vreg[s0][l] = near(rng.next()) * 0x0101_0101;
                            w.vreg[s1][l] = near(rng.next()) << 8 | near(rng.next()) << 24;
                        }
                    }
                }
            } else if trial % 3 != 0 {
                inst.mai.cbsz = rng.below(5) as u8;
                inst.mai.abid = rng.below(16) as u8;
                inst.mai.blgp = rng.below(8) as u8;
            }
            let what = format!(
                "{} trial {trial} {profile:?} mode 0x{mode:x} a {a} b {b} c {:?} d {d} cbsz {} abid {} blgp {} \
                 scaled {}",
                info.name,
                inst.src[2],
                inst.mai.cbsz,
                inst.mai.abid,
                inst.mai.blgp,
                !inst.mai.scale_src[0].is_none()
            );
            compare(&w, &inst, &what);
            trials += 1;
        }
    }
    assert_eq!(trials, 66 * 40);
}

/// A GEMM's K loop: D == C for eight steps with fresh A/B registers each step, every step compared (the
/// accumulator grows, so rows move between the exact kernel and the TwoSum path as its exponent range widens).
#[test]
fn accumulator_chains_match_the_exact_path() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for &op in &mai_ops() {
        let info = op.info();
        if info.name.starts_with("v_smfmac") || info.name.contains("_i32_") {
            continue;
        }
        let f8f6f4 = info.name.contains("f8f6f4");
        for chain in 0..3 {
            let mut w = Wave::new(WaveId::default());
            w.mode = MODE_DEFAULT;
            w.set_exec(u64::MAX);
            let mut inst = Inst::INVALID;
            inst.op = op;
            inst.format = Format::Vop3pMai;
            inst.size = 8;
            inst.src = [Operand::vgpr(0), Operand::vgpr(32), Operand::agpr(0)];
            inst.dst = Operand::agpr(0);
            if f8f6f4 {
                // FP8 x FP8, FP8 x BF8, BF8 x FP8.
                inst.mai.cbsz = [0, 0, 1][chain];
                inst.mai.blgp = [0, 1, 0][chain];
            }
            // C starts at zero (v_accvgpr_write 0), as a compiled GEMM's accumulators do.
            for r in 256..512 {
                w.vreg[r] = [0; LANES];
            }
            for step in 0..8 {
                let profile = match chain {
                    0 => Profile::Small,
                    1 => Profile::Sprinkled(8 << (step % 3)),
                    _ => Profile::Wide,
                };
                for r in 0..64 {
                    for l in 0..LANES {
                        w.vreg[r][l] = reg_value(&mut rng, profile);
                    }
                }
                let what = format!("{} chain {chain} step {step} {profile:?}", info.name);
                w = compare(&w, &inst, &what);
            }
        }
    }
}

#[test]
fn f16_decode_is_exact_on_every_encoding() {
    use wavescope::exec::semantics::mai::fast::f16_to_f64;
    for h in 0..=u16::MAX {
        let want = half::f16::from_bits(h).to_f64();
        let got = f16_to_f64(h as u32);
        if want.is_nan() {
            assert!(got.is_nan(), "0x{h:04x}: {got} is not NaN");
            assert_eq!(
                got.is_sign_negative(),
                want.is_sign_negative(),
                "0x{h:04x}: NaN sign"
            );
        } else {
            assert_eq!(got.to_bits(), want.to_bits(), "0x{h:04x}: {got} vs {want}");
        }
    }
}

/// Sums whose f32 rounding is a tie in f64: C = 2^40 (f32), A and B elements from {0, 2^8, 2^-9}, so the
/// products are 2^16 (half an f32 ulp of C), 2^-1 and 2^-18 (58 bits below C: beyond f64's reach). An odd count
/// of 2^16 products puts C + Σ exactly on an f32 tie in f64 arithmetic, and only the tiny products decide the
/// rounding: a fast path that took these sums for exact (its span test wrong) would round to even. Random data
/// almost never lands on such ties.
#[test]
fn rounding_ties_decided_by_tiny_products_match_the_exact_path() {
    use wavescope::exec::semantics::mai::layout::Ty;
    let mut rng = Rng(0x5851_F42D_4C95_7F2D);
    let mut ops = 0;
    for &op in &mai_ops() {
        let s = shape(op).unwrap();
        // (bits, encoding of 2^8, encoding of 2^-9) per element type; F8F6F4 runs as FP8 x FP8 (CBSZ = BLGP = 0).
        let enc = |t: Ty| match t {
            Ty::F32 => Some((32, 0x4380_0000u32, 0x3B00_0000u32)),
            Ty::BF16 => Some((16, 0x4380, 0x3B00)),
            Ty::F16 => Some((16, 0x5C00, 0x1800)),
            Ty::F8F6F4 => Some((8, 0x78, 0x01)),
            Ty::Low(l) if l == wavescope::exec::semantics::vop3p::lowfloat::Low::FP8 => {
                Some((8, 0x78, 0x01))
            }
            _ => None,
        };
        if s.sparse || s.acc != wavescope::exec::semantics::mai::layout::Acc::F32 {
            continue;
        }
        let (Some(ea), Some(eb)) = (enc(s.a), enc(s.b)) else {
            continue;
        };
        ops += 1;
        for trial in 0..6 {
            let mut w = Wave::new(WaveId::default());
            w.mode = MODE_DEFAULT;
            w.set_exec(u64::MAX);
            let elems = |rng: &mut Rng, (bits, big, tiny): (u32, u32, u32)| {
                let per = 32 / bits;
                (0..per).fold(0u32, |acc, i| {
                    let e = match rng.below(4) {
                        0 | 1 => 0,
                        2 => big,
                        _ => tiny,
                    };
                    acc | e << (i * bits)
                })
            };
            for r in 0..32 {
                for l in 0..LANES {
                    w.vreg[r][l] = elems(&mut rng, ea);
                    w.vreg[64 + r][l] = elems(&mut rng, eb);
                }
            }
            for r in 256..512 {
                w.vreg[r] = [0x5380_0000; LANES]; // 2^40
            }
            let mut inst = Inst::INVALID;
            inst.op = op;
            inst.format = Format::Vop3pMai;
            inst.size = 8;
            inst.src = [Operand::vgpr(0), Operand::vgpr(64), Operand::agpr(0)];
            inst.dst = Operand::agpr(0);
            compare(&w, &inst, &format!("{} tie trial {trial}", op.info().name));
        }
    }
    // f32 (5), f16 (7), bf16 (7), FP8 x FP8 (2) and the two F8F6F4 shapes.
    assert_eq!(ops, 23);
}
