//! The executor's fast paths against its general paths.
//!
//! - Plain VALU forms (no DPP/SDWA/modifiers/indexing) run through a vectorised handler; every VOP1/VOP2/VOP3/VOPC
//!   assembler example of opcodes.csv (assembled by llvm-mc-22 into tests/fixtures/fast_paths/valu.o, with scalar,
//!   inline-constant and literal variants of the first source) is run on random and special values (NaNs, infinities,
//!   denormals, signed zeros) with full and partial EXEC, under the default MODE and round-toward-zero, once as is
//!   and once with MODE.GPR_IDX_EN set and M0 = 0, which sends the same instruction down the general path with
//!   identical meaning (state.md: index 0 moves nothing). The whole wave state must agree.
//! - The plain paths (8-lane chunked VOP, VOPC and value-plus-flag ops, chunks without EXEC lanes skipped)
//!   against the general path on the VALU forms of the gemm kernels (VGPR, SGPR, constant
//!   and literal sources, destinations over sources, 64-bit pairs, carry-outs, compares to VCC/SGPR pairs/EXEC), with
//!   single special-value lanes, EXEC with whole chunks off, and three MODEs.
//! - Whole-instruction dword global loads/stores against the byte contents of the buffers: lanes in one buffer, lanes
//!   spread over two buffers, misaligned lanes, partial EXEC, a lane outside every buffer (fault naming that lane).
//! - MFMA/SMFMAC: every matrix opcode (every F8F6F4 type pair, the block-scaled form, CBSZ/ABID/BLGP variants)
//!   on random registers, once through the fast path and once through the exact path (kept as the reference,
//!   `mai::fast::set_exact_only`), under the default MODE, with FP16_OVFL, and with f32 input denormals flushed.
//!   Register contents come in profiles that send the fast path down each of its branches: small values (every
//!   partial sum exact: one fma per product), wide finite values with denormals (TwoSum), huge values
//!   (overflow), and raw bits (NaNs, infinities, signed zeros). The whole register file must agree bit for bit.

mod common;

use common::*;
use wavescope::exec::{Apertures, Ctx, FaultKind, GlobalMemory, Region, RegionKind, Wave, LANES};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

impl Rng {
    /// A register value: random bits, a small integer, or a special f32 / f64-half pattern.
    fn value(&mut self) -> u32 {
        const SPECIAL: [u32; 14] = [
            0x7FC0_0000, // qNaN
            0x7F80_0001, // sNaN
            0xFFC0_1234, // negative NaN with payload
            0x7F80_0000, // +inf
            0xFF80_0000, // -inf
            0x0000_0001, // smallest denormal
            0x807F_FFFF, // largest negative denormal
            0x8000_0000, // -0
            0x3F80_0000, // 1.0
            0x7F7F_FFFF, // max f32
            0x7FF8_0000, // f64 qNaN high half
            0x7FF0_0000, // f64 inf high half
            0x000F_FFFF, // f64 denormal high half
            0xFFFF_FFFF,
        ];
        match self.next() % 4 {
            0 => SPECIAL[(self.next() % SPECIAL.len() as u64) as usize],
            1 => (self.next() % 64) as u32,
            _ => self.next() as u32,
        }
    }
}

const MODE_DEFAULT: u32 = 0x3F0; // round to nearest even, denormals kept, IEEE, DX10_CLAMP
const MODE_RTZ: u32 = 0x3FF; // round toward zero for f32 and f64/f16 (MODE.FP_ROUND = 0xF)
const GPR_IDX_EN: u32 = 1 << 27;

fn random_wave(rng: &mut Rng, pc: u64, mode: u32, exec: u64) -> Wave {
    let mut w = wave_at(pc);
    // Per register, one kind of content: special values are rare in real data, and a single NaN lane sends a whole
    // float instruction to the per-lane rules, so most rows hold plain numbers.
    for r in 0..24 {
        let kind = rng.next() % 4;
        for l in 0..LANES {
            w.vreg[r][l] = match kind {
                0 => rng.value(),
                1 => ((rng.next() % 2_000_001) as f32 / 1000.0 - 1000.0).to_bits(),
                2 => (rng.next() % 64) as u32,
                _ => {
                    // f64 halves of a plain double: low lanes of even rows, high of odd rows look alike here,
                    // so draw a double and take one half by row parity.
                    let d = (rng.next() % 2_000_001) as f64 / 1000.0 - 1000.0;
                    (d.to_bits() >> (32 * (r % 2))) as u32
                }
            };
        }
    }
    for s in 0..24 {
        w.sgpr[s] = rng.value();
    }
    w.set_vcc(rng.next());
    w.set_exec(exec);
    w.sgpr[124] = 0; // M0: the index when GPR_IDX_EN is set
    w.mode = mode;
    w
}

#[test]
fn plain_valu_forms_match_the_general_path() {
    let p = program("fast_paths/valu.o");
    let mem = GlobalMemory::new();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut compared = 0usize;
    for (idx, inst) in p.insts.iter().enumerate() {
        if inst.name().starts_with("s_") {
            continue;
        }
        let pc = p.pcs[idx];
        for trial in 0..8 {
            let exec = match trial % 4 {
                0 => u64::MAX,
                1 => rng.next(),
                2 => 0x0000_FFFF_0000_FFFF,
                _ => 1 << (rng.next() % 64),
            };
            let mode = if trial < 6 { MODE_DEFAULT } else { MODE_RTZ };
            let plain = random_wave(&mut rng, pc, mode, exec);
            let mut general = plain.clone();
            general.mode |= GPR_IDX_EN;
            let mut plain = plain;
            let (mut lds_a, mut lds_b) = (vec![0u8; 1024], vec![0u8; 1024]);
            let ra = p.step(
                &mut plain,
                &mut Ctx {
                    mem: &mem,
                    lds: &mut lds_a,
                    apertures: Apertures::default(),
                },
            );
            let rb = p.step(
                &mut general,
                &mut Ctx {
                    mem: &mem,
                    lds: &mut lds_b,
                    apertures: Apertures::default(),
                },
            );
            let what = || {
                format!(
                    "{} (pc 0x{pc:x}, trial {trial}, exec {exec:#x})",
                    inst.name()
                )
            };
            assert_eq!(ra.is_ok(), rb.is_ok(), "{}: {ra:?} vs {rb:?}", what());
            general.mode &= !GPR_IDX_EN;
            for r in 0..512 {
                if plain.vreg[r] != general.vreg[r] {
                    let l = (0..LANES)
                        .find(|&l| plain.vreg[r][l] != general.vreg[r][l])
                        .unwrap();
                    panic!(
                        "{}: register file row {r} lane {l}: fast 0x{:08x}, general 0x{:08x}",
                        what(),
                        plain.vreg[r][l],
                        general.vreg[r][l]
                    );
                }
            }
            assert_eq!(plain.sgpr, general.sgpr, "{}: SGPRs", what());
            assert_eq!(plain.scc, general.scc, "{}: SCC", what());
            assert_eq!(plain.pc, general.pc, "{}: PC", what());
            compared += 1;
        }
    }
    // Every assembled instruction was compared on every trial.
    assert!(compared >= 8 * 3000, "only {compared} comparisons");
}

/// VALU forms of the PolyBench gemm kernels and their neighbours, as text and encoding (llvm-mc-22 -arch=amdgcn
/// -mcpu=gfx950 -show-encoding): VOP2 with VGPR, SGPR, inline-constant and literal sources, V_FMAC (source 2 is the
/// destination), VOP3 FMA with an SGPR or constant source, f64 arithmetic, 32-bit integer ops, V_LSHL_ADD_U64 with
/// its destination pair over a source pair and SGPR-pair / constant sources, and with shift amounts from a VGPR
/// (random values: 0..63 and large, S1[2:0] is used), an SGPR and constants 0..=4 and 9, V_LSHLREV_B64 with VGPR
/// (0..63 and large), SGPR and constant (3, 35: across the dword boundary) shifts, V_MAD_U64_U32 with an SGPR carry-out,
/// carry ops reading and writing VCC, V_MOV/V_CNDMASK (VCC and SGPR-pair conditions), compares writing VCC, an
/// SGPR pair or EXEC. Each 64-bit shift and f32 host form also with its register sources as SGPRs or constants (every
/// source-shape variant of the full-EXEC loops, which are compiled per shape: register row or broadcast).
const CHUNKED_FORMS: &[(&str, &[u32])] = &[
    ("v_fmac_f32_e32 v6, v7, v6", &[0x760C0D07]),
    ("v_fmac_f32_e32 v6, s8, v6", &[0x760C0C08]),
    ("v_mul_f32_e32 v7, s8, v7", &[0x0A0E0E08]),
    (
        "v_mul_f32_e32 v7, 0x40490fdb, v7",
        &[0x0A0E0EFF, 0x40490FDB],
    ),
    ("v_add_f32_e32 v9, v9, v10", &[0x02121509]),
    ("v_sub_f32_e32 v9, 1.0, v10", &[0x041214F2]),
    ("v_subrev_f32_e32 v9, v11, v9", &[0x0612130B]),
    ("v_fma_f32 v12, v13, s14, v12", &[0xD1CB000C, 0x04301D0D]),
    ("v_fma_f32 v12, v13, v14, 0.5", &[0xD1CB000C, 0x03C21D0D]),
    (
        "v_fma_f64 v[12:13], v[14:15], s[2:3], v[12:13]",
        &[0xD1CC000C, 0x0430050E],
    ),
    (
        "v_add_f64 v[14:15], v[14:15], v[16:17]",
        &[0xD280000E, 0x0002210E],
    ),
    (
        "v_mul_f64 v[14:15], 2.0, v[16:17]",
        &[0xD281000E, 0x000220F4],
    ),
    ("v_add_u32_e32 v2, s11, v2", &[0x6804040B]),
    ("v_add_u32_e32 v10, -1, v10", &[0x681414C1]),
    ("v_mul_lo_u32 v4, v3, s4", &[0xD2850004, 0x00000903]),
    ("v_ashrrev_i32_e32 v5, 31, v4", &[0x220A089F]),
    (
        "v_lshl_add_u64 v[4:5], v[4:5], 2, v[8:9]",
        &[0xD2080004, 0x04210504],
    ),
    (
        "v_lshl_add_u64 v[4:5], v[4:5], 0, 4",
        &[0xD2080004, 0x02110104],
    ),
    (
        "v_lshl_add_u64 v[8:9], v[2:3], 2, s[2:3]",
        &[0xD2080008, 0x00090502],
    ),
    (
        "v_lshl_add_u64 v[4:5], v[4:5], v6, v[8:9]",
        &[0xD2080004, 0x04220D04],
    ),
    (
        "v_lshl_add_u64 v[4:5], v[2:3], 1, v[4:5]",
        &[0xD2080004, 0x04110302],
    ),
    (
        "v_lshl_add_u64 v[4:5], v[2:3], 3, v[8:9]",
        &[0xD2080004, 0x04210702],
    ),
    (
        "v_lshl_add_u64 v[4:5], v[2:3], 4, v[8:9]",
        &[0xD2080004, 0x04210902],
    ),
    (
        "v_lshl_add_u64 v[4:5], v[2:3], 9, v[8:9]",
        &[0xD2080004, 0x04211302],
    ),
    (
        "v_lshl_add_u64 v[4:5], v[2:3], s6, v[8:9]",
        &[0xD2080004, 0x04200D02],
    ),
    (
        "v_lshlrev_b64 v[4:5], v6, v[4:5]",
        &[0xD28F0004, 0x00020906],
    ),
    ("v_lshlrev_b64 v[4:5], 3, v[8:9]", &[0xD28F0004, 0x00021083]),
    (
        "v_lshlrev_b64 v[4:5], 35, v[8:9]",
        &[0xD28F0004, 0x000210A3],
    ),
    (
        "v_lshlrev_b64 v[4:5], s6, v[8:9]",
        &[0xD28F0004, 0x00021006],
    ),
    (
        "v_mad_u64_u32 v[0:1], s[4:5], v3, s11, v[2:3]",
        &[0xD1E80400, 0x04081703],
    ),
    (
        "v_mad_u64_u32 v[14:15], s[2:3], v11, v9, v[12:13]",
        &[0xD1E8020E, 0x0432130B],
    ),
    (
        "v_lshl_add_u64 v[4:5], s[2:3], 2, v[8:9]",
        &[0xD2080004, 0x04210402],
    ),
    ("v_lshl_add_u64 v[4:5], 5, 1, 4", &[0xD2080004, 0x02110285]),
    ("v_lshlrev_b64 v[4:5], 3, s[2:3]", &[0xD28F0004, 0x00000483]),
    (
        "v_lshlrev_b64 v[4:5], v6, s[2:3]",
        &[0xD28F0004, 0x00000506],
    ),
    ("v_mul_f32_e64 v7, s8, 2.0", &[0xD1050007, 0x0001E808]),
    ("v_mul_f32_e64 v7, v8, s9", &[0xD1050007, 0x00001308]),
    ("v_fma_f32 v12, s13, v14, v12", &[0xD1CB000C, 0x04321C0D]),
    ("v_add_f32_e64 v9, s2, s2", &[0xD1010009, 0x00000402]),
    ("v_add_co_u32_e32 v1, vcc, v2, v1", &[0x32020302]),
    ("v_addc_co_u32_e32 v3, vcc, 0, v3, vcc", &[0x38060680]),
    ("v_mov_b32_e32 v8, s0", &[0x7E100200]),
    ("v_mov_b32_e32 v8, 0x12345678", &[0x7E1002FF, 0x12345678]),
    ("v_cndmask_b32_e32 v3, v4, v5, vcc", &[0x00060B04]),
    (
        "v_cndmask_b32_e64 v3, v4, 1.0, s[6:7]",
        &[0xD1000003, 0x0019E504],
    ),
    ("v_cmp_lt_i32_e32 vcc, v11, v8", &[0x7D82110B]),
    (
        "v_cmp_lt_i32_e64 s[0:1], v12, v9",
        &[0xD0C10000, 0x0002130C],
    ),
    ("v_cmp_eq_u32_e32 vcc, 0, v10", &[0x7D941480]),
    ("v_cmp_lt_f32_e32 vcc, v1, v2", &[0x7C820501]),
    (
        "v_cmp_nge_f32_e64 s[2:3], s4, v2",
        &[0xD0490002, 0x00020404],
    ),
    ("v_cmp_u_f64_e32 vcc, v[2:3], v[4:5]", &[0x7CD00902]),
    ("v_cmpx_gt_u32_e32 vcc, v1, v2", &[0x7DB80501]),
];

/// The plain paths (the whole-row VOP path; the 8-lane chunked VOPC and value-plus-flag paths, which skip chunks
/// with no EXEC lane and write results under EXEC) against the general path (the same instruction
/// with MODE.GPR_IDX_EN set and M0 = 0, which means the same), on the forms above: plain rows with a few special
/// values (NaNs, infinities, denormals, signed zeros) dropped into single lanes, so that one chunk of an
/// instruction takes the per-lane rules while the others stay on the host path; EXEC full, random, one lane, none,
/// whole chunks off; MODE default, round toward zero, and f32 denormals flushed. The whole wave must agree.
#[test]
fn gemm_valu_forms_match_the_general_path() {
    use wavescope::exec::semantics;
    let mem = GlobalMemory::new();
    let mut rng = Rng(0xC0FF_EE00_1234_5678);
    let mut compared = 0usize;
    for (text, words) in CHUNKED_FORMS {
        let inst = wavescope::isa::decode::decode(words, 0x1000);
        let mnemonic = text.split_whitespace().next().unwrap();
        assert!(
            mnemonic.starts_with(inst.name()),
            "{text}: decoded as {}",
            inst.name()
        );
        let h = semantics::handler(&inst);
        for trial in 0..96 {
            let exec = match trial % 6 {
                0 => u64::MAX,
                1 => rng.next(),
                // whole 8-lane chunks off
                2 => {
                    let keep = rng.next() % 256;
                    (0..8).fold(0u64, |m, c| {
                        if keep >> c & 1 != 0 {
                            m | 0xFF << (8 * c)
                        } else {
                            m
                        }
                    }) & rng.next()
                }
                3 => 1 << (rng.next() % 64),
                4 => 0,
                _ => 0xFFFF_0000_0000_FFFF,
            };
            let mode = match trial % 8 {
                6 => MODE_RTZ,
                7 => MODE_DEFAULT & !0x30, // f32 denormals flushed in and out
                _ => MODE_DEFAULT,
            };
            let mut fast = random_wave(&mut rng, 0x1000, mode, exec);
            for _ in 0..rng.next() % 8 {
                let (r, l) = ((rng.next() % 24) as usize, (rng.next() % 64) as usize);
                fast.vreg[r][l] = rng.value();
            }
            let mut general = fast.clone();
            general.mode |= GPR_IDX_EN;
            let (mut lds_a, mut lds_b) = (vec![0u8; 0], vec![0u8; 0]);
            let ra = h(
                &mut fast,
                &inst,
                &mut Ctx {
                    mem: &mem,
                    lds: &mut lds_a,
                    apertures: Apertures::default(),
                },
            );
            let rb = h(
                &mut general,
                &inst,
                &mut Ctx {
                    mem: &mem,
                    lds: &mut lds_b,
                    apertures: Apertures::default(),
                },
            );
            let what = format!("{text} (trial {trial}, exec {exec:#x}, mode {mode:#x})");
            assert!(ra.is_ok() && rb.is_ok(), "{what}: {ra:?} vs {rb:?}");
            general.mode &= !GPR_IDX_EN;
            for r in 0..512 {
                if fast.vreg[r] != general.vreg[r] {
                    let l = (0..LANES)
                        .find(|&l| fast.vreg[r][l] != general.vreg[r][l])
                        .unwrap();
                    panic!(
                        "{what}: v{r} lane {l}: chunked 0x{:08x}, general 0x{:08x}",
                        fast.vreg[r][l], general.vreg[r][l]
                    );
                }
            }
            assert_eq!(fast.sgpr, general.sgpr, "{what}: SGPRs");
            assert_eq!(fast.scc, general.scc, "{what}: SCC");
            compared += 1;
        }
    }
    assert_eq!(compared, CHUNKED_FORMS.len() * 96);
}

/// Memory of two adjacent buffers (0x1000..0x1400 and 0x1400..0x1800) filled with a byte pattern, plus the assembled
/// `global_load_dword`/`global_store_dword`/`_dwordx4` of the vmem fixture.
fn two_buffers() -> (GlobalMemory, Vec<u8>) {
    let bytes: Vec<u8> = (0..0x800u32).map(|i| (i * 7 + 3) as u8).collect();
    let mut m = GlobalMemory::new();
    for (k, base) in [0x1000u64, 0x1400].into_iter().enumerate() {
        let off = (base - 0x1000) as usize;
        m.map(Region::new(
            base,
            &bytes[off..off + 0x400],
            0x400,
            format!("buffer {k}"),
            RegionKind::Other,
            true,
        ))
        .unwrap();
    }
    (m, bytes)
}

fn set_addresses(w: &mut Wave, addr: impl Fn(usize) -> u64) {
    for l in 0..LANES {
        w.vreg[0][l] = addr(l) as u32;
        w.vreg[1][l] = (addr(l) >> 32) as u32;
    }
}

fn dword(bytes: &[u8], addr: u64) -> u32 {
    let o = (addr - 0x1000) as usize;
    u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap())
}

#[test]
fn global_dword_loads_read_the_buffer_bytes() {
    // global_load_dword v2, v[0:1], off / global_load_dwordx4 v[4:7], v[0:1], off offset:16 / s_endpgm
    let p = program("fast_paths/vmem.o");
    let (mem, bytes) = two_buffers();
    let layouts: [(&str, u64, Box<dyn Fn(usize) -> u64>); 4] = [
        ("one buffer", u64::MAX, Box::new(|l| 0x1000 + 4 * l as u64)),
        (
            "two buffers",
            u64::MAX,
            Box::new(|l| 0x1200 + 16 * l as u64),
        ),
        ("misaligned", u64::MAX, Box::new(|l| 0x1001 + 4 * l as u64)),
        (
            "partial exec, wild inactive lanes",
            0x5555_5555_5555_5555,
            Box::new(|l| {
                if l % 2 == 0 {
                    0x1000 + 12 * l as u64
                } else {
                    0xDEAD_0000
                }
            }),
        ),
    ];
    for (name, exec, addr) in layouts.iter() {
        let mut w = wave_at(p.pcs[0]);
        w.set_exec(*exec);
        set_addresses(&mut w, addr);
        for l in 0..LANES {
            w.vreg[2][l] = 0xAAAA_0000 | l as u32;
        }
        let mut lds = vec![0u8; 0];
        run_to_end(&p, &mut w, &mem, &mut lds, 10);
        for l in 0..LANES {
            if exec >> l & 1 == 0 {
                assert_eq!(
                    w.vreg[2][l],
                    0xAAAA_0000 | l as u32,
                    "{name}: inactive lane {l} kept"
                );
                continue;
            }
            assert_eq!(
                w.vreg[2][l],
                dword(&bytes, addr(l)),
                "{name}: lane {l} dword"
            );
            for i in 0..4 {
                assert_eq!(
                    w.vreg[4 + i][l],
                    dword(&bytes, addr(l) + 16 + 4 * i as u64),
                    "{name}: lane {l} dwordx4 element {i}"
                );
            }
        }
    }
}

#[test]
fn global_dword_stores_write_the_buffer_bytes() {
    // global_store_dword v[0:1], v2, off / s_endpgm (second program of the fixture at its label)
    let p = program("fast_paths/vmem_store.o");
    for (name, exec, base) in [
        ("one buffer, full exec", u64::MAX, 0x1000u64),
        ("two buffers", u64::MAX, 0x1300),
        ("partial exec", 0xF0F0_0000_FFFF_0001, 0x1000),
    ] {
        let (mem, mut expect) = two_buffers();
        let mut w = wave_at(p.pcs[0]);
        w.set_exec(exec);
        set_addresses(&mut w, |l| base + 8 * l as u64);
        for l in 0..LANES {
            w.vreg[2][l] = 0x5100_0000 + l as u32;
            if exec >> l & 1 != 0 {
                let o = (base - 0x1000) as usize + 8 * l;
                expect[o..o + 4].copy_from_slice(&(0x5100_0000 + l as u32).to_le_bytes());
            }
        }
        let mut lds = vec![0u8; 0];
        run_to_end(&p, &mut w, &mem, &mut lds, 10);
        let mut got = vec![0u8; 0x800];
        mem.read(0x1000, &mut got[..0x400]).unwrap();
        mem.read(0x1400, &mut got[0x400..]).unwrap();
        assert_eq!(got, expect, "{name}");
    }
}

#[test]
fn a_lane_outside_every_buffer_faults_with_that_lane() {
    let p = program("fast_paths/vmem.o");
    let (mem, _) = two_buffers();
    let mut w = wave_at(p.pcs[0]);
    set_addresses(&mut w, |l| {
        if l == 37 {
            0x9000
        } else {
            0x1000 + 4 * l as u64
        }
    });
    let before = w.vreg[2];
    let mut lds = vec![0u8; 0];
    let err = p
        .step(
            &mut w,
            &mut Ctx {
                mem: &mem,
                lds: &mut lds,
                apertures: Apertures::default(),
            },
        )
        .unwrap_err();
    assert_eq!(err.kind, FaultKind::Memory);
    assert_eq!(err.lanes, 1 << 37);
    assert_eq!(err.addr, Some(0x9000));
    // A faulting load writes no register (the debugger shows the state before it).
    assert_eq!(w.vreg[2], before);
}

/// Register contents of one MFMA trial.
#[derive(Clone, Copy, Debug)]
enum Profile {
    /// Small multiples of 1/4 (f32) whose halves and bytes are small values of every narrower type too.
    Small,
    /// Finite values of every type over a wide exponent range, denormals included (top exponent bit clear).
    WideFinite,
    /// Large exponents: sums overflow f32 for f32/bf16 operands.
    Huge,
    /// Raw bits: NaNs, infinities, signed zeros, denormals of every type.
    Raw,
    /// A and B of the op's own type with a narrow exponent range, C small multiples of 1/4: every partial sum is
    /// exact in f64, so the fast path takes its one-fma kernel (`exact_rows`) for every shape; none of the
    /// other profiles reaches it for N = 32 (a wrong column block of B there passed them all).
    Exact,
}

/// A register of `Profile::Exact` operands of type `t` (A, B) or f32 (C: `t` = `Ty::F32`).
fn exact_reg(rng: &mut Rng, t: wavescope::exec::semantics::mai::layout::Ty) -> u32 {
    use wavescope::exec::semantics::mai::layout::Ty;
    // i/4 for i in -16..=16 as f32 bits
    let small = |rng: &mut Rng| (((rng.next() % 33) as i32 - 16) as f32 / 4.0).to_bits();
    // f32 bits of a value with at most 10 mantissa bits and exponent in range -> f16 bits (exact)
    let f16 = |x: u32| -> u32 {
        if x & 0x7FFF_FFFF == 0 {
            return x >> 16;
        }
        let e = ((x >> 23) & 0xFF) as i32 - 127 + 15;
        (x >> 16 & 0x8000) | (e as u32) << 10 | (x >> 13 & 0x3FF)
    };
    match t {
        Ty::F32 => small(rng),
        Ty::BF16 => small(rng) >> 16 | small(rng) & 0xFFFF_0000,
        Ty::F16 => f16(small(rng)) | f16(small(rng)) << 16,
        // bytes whose E4M3 exponent field is 7 or 8 (so their E5M2 one is 14..17); FP6/FP4 codes are all
        // finite and narrow
        _ => (0..4).fold(0, |v, b| {
            let byte = (rng.next() as u32 & 0x87) | (7 + (rng.next() as u32 & 1)) << 3;
            v | byte << (8 * b)
        }),
    }
}

fn mfma_reg(rng: &mut Rng, p: Profile) -> u32 {
    match p {
        Profile::Small => {
            let v = ((rng.next() % 33) as i32 - 16) as f32 / 4.0;
            let x = v.to_bits();
            // Sometimes a small value in the low half too (f16/bf16/fp8 pairs), sometimes -0.
            match rng.next() % 4 {
                0 => x | (((rng.next() % 9) as f32).to_bits() >> 16),
                1 => 0x8000_0000,
                _ => x,
            }
        }
        Profile::WideFinite => rng.next() as u32 & 0xBFBF_BFBF,
        Profile::Huge => (rng.next() as u32 & 0x87FF_87FF) | 0x7000_7000,
        Profile::Raw => rng.value() ^ (rng.next() as u32 & 0x0101_0101),
        Profile::Exact => rng.next() as u32,
    }
}

#[test]
fn mfma_fast_path_matches_the_exact_path() {
    use wavescope::exec::semantics::{self, mai::fast::set_exact_only};
    use wavescope::isa::{Format, Inst, Operand, VOP3P_OPS};
    let mem = GlobalMemory::new();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut ops = 0usize;
    let mut compared = 0usize;
    for &op in VOP3P_OPS.iter() {
        let info = op.info();
        if info.format != Format::Vop3pMai
            || !(info.name.starts_with("v_mfma_f")
                || info.name.starts_with("v_mfma_i")
                || info.name.starts_with("v_smfmac"))
        {
            continue;
        }
        ops += 1;
        let f8f6f4 = info.name.contains("f8f6f4");
        for trial in 0..30 {
            let profile = if trial >= 24 {
                Profile::Exact
            } else {
                [
                    Profile::Small,
                    Profile::WideFinite,
                    Profile::Huge,
                    Profile::Raw,
                ][trial % 4]
            };
            let mode = match trial / 4 % 3 {
                0 => MODE_DEFAULT,
                1 => MODE_DEFAULT | 1 << 23, // FP16_OVFL
                _ => MODE_DEFAULT & !0x30,   // f32 input/output denormals flushed
            };
            let mut w = wave_at(0);
            w.mode = mode;
            w.set_exec(u64::MAX);
            for r in 0..512 {
                for l in 0..LANES {
                    w.vreg[r][l] = mfma_reg(&mut rng, profile);
                }
            }
            if matches!(profile, Profile::Exact) {
                use wavescope::exec::semantics::mai::layout::{shape, Ty};
                let t = shape(op).map_or(Ty::F32, |s| s.a);
                // C at v32.., A at v64.., B at v96.. (the operands below)
                for r in 32..128 {
                    for l in 0..LANES {
                        w.vreg[r][l] = exact_reg(&mut rng, if r < 64 { Ty::F32 } else { t });
                    }
                }
            }
            let mut inst = Inst::INVALID;
            inst.op = op;
            inst.format = Format::Vop3pMai;
            inst.size = 8;
            inst.dst = Operand::vgpr(128);
            inst.src = [Operand::vgpr(64), Operand::vgpr(96), Operand::vgpr(32)];
            if f8f6f4 {
                // CBSZ/BLGP are the A/B types; every other trial the block-scaled form.
                inst.mai.cbsz = (rng.next() % 5) as u8;
                inst.mai.blgp = (rng.next() % 5) as u8;
                if trial % 2 == 1 {
                    inst.mai.scale_src = [Operand::vgpr(200), Operand::vgpr(201)];
                    inst.mai.scale_sel = [(rng.next() % 4) as u8, (rng.next() % 4) as u8];
                    for l in 0..LANES {
                        // E8M0 scales around 1.0 (0xFF, NaN, in Raw trials).
                        let near = |x: u64| 0x7C + (x % 8) as u32;
                        w.vreg[200][l] = if matches!(profile, Profile::Raw) {
                            rng.next() as u32
                        } else {
                            near(rng.next()) * 0x0101_0101
                        };
                        w.vreg[201][l] = near(rng.next()) << 8 | near(rng.next());
                    }
                }
            } else if trial % 3 != 0 {
                inst.mai.cbsz = (rng.next() % 5) as u8;
                inst.mai.abid = (rng.next() % 16) as u8;
                inst.mai.blgp = (rng.next() % 8) as u8;
            }
            let mut fast = w.clone();
            let mut exact = w;
            let mut lds = vec![0u8; 0];
            let mut ctx = Ctx {
                mem: &mem,
                lds: &mut lds,
                apertures: Apertures::default(),
            };
            set_exact_only(false);
            let rf = semantics::handler(&inst)(&mut fast, &inst, &mut ctx).map(|s| s.flow());
            set_exact_only(true);
            let re = semantics::handler(&inst)(&mut exact, &inst, &mut ctx).map(|s| s.flow());
            set_exact_only(false);
            assert_eq!(
                format!("{rf:?}"),
                format!("{re:?}"),
                "{} {profile:?}: outcome",
                info.name
            );
            for r in 0..512 {
                for l in 0..LANES {
                    assert_eq!(
                        fast.vreg[r][l], exact.vreg[r][l],
                        "{} {profile:?} mode 0x{mode:x} cbsz {} abid {} blgp {} scaled {}: v{r} lane {l}: fast \
                         0x{:08x} exact 0x{:08x}",
                        info.name,
                        inst.mai.cbsz,
                        inst.mai.abid,
                        inst.mai.blgp,
                        !inst.mai.scale_src[0].is_none(),
                        fast.vreg[r][l],
                        exact.vreg[r][l]
                    );
                }
            }
            compared += 1;
        }
    }
    assert_eq!(ops, 66, "MFMA/SMFMAC op count (mfma.md: 66)");
    assert_eq!(compared, 66 * 30);
}

/// V_PK_FMA_F32 / V_PK_MUL_F32 / V_PK_ADD_F32: the whole-half host-arithmetic path against the per-lane rules
/// (`wavescope::exec::float::{fma, mul, add}` and `apply_clamp`, the general path's own functions), on random and
/// special values, random OP_SEL/OP_SEL_HI/NEG/NEG_HI/clamp, partial EXEC, under the default MODE (host path),
/// round-toward-zero and flushed denormals (per-lane path).
#[test]
fn packed_f32_forms_match_the_per_lane_rules() {
    use wavescope::exec::float::{self as fp, Fmt, FpMode};
    use wavescope::exec::semantics;
    use wavescope::isa::{Format, Inst, Op, Operand};
    let mem = GlobalMemory::new();
    let mut rng = Rng(0x0DDB_1A5E_5BAD_5EED);
    let mut compared = 0usize;
    for op in [Op::V_PK_FMA_F32, Op::V_PK_MUL_F32, Op::V_PK_ADD_F32] {
        for trial in 0..64 {
            let mode = match trial % 8 {
                6 => MODE_RTZ,
                7 => MODE_DEFAULT & !0x30,
                _ => MODE_DEFAULT,
            };
            let exec = if trial % 3 == 0 { u64::MAX } else { rng.next() };
            let w0 = random_wave(&mut rng, 0, mode, exec);
            let mut inst = Inst::INVALID;
            inst.op = op;
            inst.format = Format::Vop3p;
            inst.size = 8;
            inst.dst = Operand::vgpr(20);
            inst.src = [Operand::vgpr(0), Operand::vgpr(4), Operand::vgpr(8)];
            inst.mods.op_sel = (rng.next() % 8) as u8;
            inst.mods.op_sel_hi = (rng.next() % 8) as u8;
            inst.mods.neg = (rng.next() % 8) as u8;
            inst.mods.neg_hi = (rng.next() % 8) as u8;
            inst.mods.clamp = trial % 5 == 4;
            let mut w = w0.clone();
            let mut lds = vec![0u8; 0];
            let mut ctx = Ctx {
                mem: &mem,
                lds: &mut lds,
                apertures: Apertures::default(),
            };
            semantics::handler(&inst)(&mut w, &inst, &mut ctx).expect("packed f32 op");
            let m = FpMode::from_mode(mode);
            let md = inst.mods;
            for (h, (sel, neg)) in [(md.op_sel, md.neg), (md.op_sel_hi, md.neg_hi)]
                .into_iter()
                .enumerate()
            {
                for l in 0..LANES {
                    let s: Vec<u64> = (0..3)
                        .map(|i| {
                            let x = w0.vreg[4 * i + (sel >> i & 1) as usize][l] as u64;
                            if neg >> i & 1 != 0 {
                                x ^ 0x8000_0000
                            } else {
                                x
                            }
                        })
                        .collect();
                    let mut v = match op {
                        Op::V_PK_FMA_F32 => fp::fma(Fmt::F32, s[0], s[1], s[2], &m),
                        Op::V_PK_MUL_F32 => fp::mul(Fmt::F32, s[0], s[1], &m),
                        _ => fp::add(Fmt::F32, s[0], s[1], &m),
                    };
                    if md.clamp {
                        v = fp::apply_clamp(Fmt::F32, v, &m);
                    }
                    let want = if exec >> l & 1 != 0 {
                        v as u32
                    } else {
                        w0.vreg[20 + h][l]
                    };
                    assert_eq!(
                        w.vreg[20 + h][l],
                        want,
                        "{} trial {trial} half {h} lane {l}: sources {s:x?}, mods {md:?}",
                        op.info().name
                    );
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 3 * 64 * 2 * 64);
}

/// V_PK_FMA_F32 / V_PK_MUL_F32 / V_PK_ADD_F32: the whole-half host path (native MODE: VGPR sources read in
/// place, scalar sources made into rows) against the definition lane by lane (`float::fma`/`mul`/`add` on the
/// dword each lane's OP_SEL/OP_SEL_HI picks, NEG/NEG_HI flipping its sign; pseudocode.md VOP3P 48-50), on random
/// and special values (NaNs take the per-lane rules: the results must still agree), every OP_SEL/NEG combination,
/// VGPR, SGPR-pair and inline-constant sources (every register/scalar shape of the sources, which the whole-EXEC
/// loops specialise on), a destination over a source pair or offset by one dword, full and partial EXEC, under
/// the default MODE and round-toward-zero (the per-lane path). The host path runs 8 lanes at a time: NaN lanes send
/// their chunk alone to the per-lane rules, chunks without EXEC lanes are skipped.
#[test]
#[allow(clippy::needless_range_loop)] // lanes and halves index several registers at once
fn packed_f32_host_path_equals_the_definition() {
    use wavescope::exec::float::{self as fp, Fmt, FpMode};
    use wavescope::exec::semantics;
    use wavescope::isa::{Format, Inst, Op, Operand};
    let mut rng = Rng(0x5EED_F32F_0000_0001);
    let mut compared = 0;
    for trial in 0..3000 {
        let (op, nsrc) = [
            (Op::V_PK_FMA_F32, 3),
            (Op::V_PK_MUL_F32, 2),
            (Op::V_PK_ADD_F32, 2),
        ][trial % 3];
        let mut w = Wave::new(wavescope::exec::WaveId::default());
        w.mode = if trial % 7 == 6 {
            MODE_RTZ
        } else {
            MODE_DEFAULT
        };
        // full EXEC, random lanes, or random lanes in random whole 8-lane chunks (chunks with no lane are skipped)
        let exec = match trial % 10 {
            4 => rng.next(),
            9 => rng.next() & (0..8).fold(0u64, |m, c| m | (rng.next() & 1) * (0xFF << (8 * c))),
            _ => u64::MAX,
        };
        w.set_exec(exec);
        // mostly finite values (the host path), sometimes specials (NaN lanes send the op to the per-lane rules)
        let specials = trial % 4 == 0;
        for r in 0..16 {
            for l in 0..LANES {
                w.vreg[r][l] = if specials {
                    rng.value()
                } else {
                    (1.0f32 + (rng.next() % 4096) as f32 / 1024.0).to_bits()
                        ^ (rng.next() as u32 & 0x8000_0000)
                };
            }
        }
        for r in 0..8 {
            w.sgpr[r] = rng.value();
        }
        let mut inst = Inst::INVALID;
        inst.op = op;
        inst.format = Format::Vop3p;
        inst.size = 8;
        // sources: v[0:1], v[4:5], v[8:9]; sometimes an SGPR pair or an inline constant
        let mut src = [Operand::vgpr(0), Operand::vgpr(4), Operand::vgpr(8)];
        match trial % 6 {
            1 => src[1] = Operand::sgpr(2),
            2 => src[0] = Operand(242),        // 1.0
            3 => src[nsrc - 1] = Operand(193), // -1: high dword all ones
            4 | 5 => {
                // every source shape the full-EXEC loops specialise on (bit k: source k scalar), each scalar
                // an SGPR pair or an inline constant
                let shape = trial / 6 % 8;
                for (k, sk) in src.iter_mut().enumerate() {
                    if shape >> k & 1 != 0 {
                        *sk = match rng.next() % 3 {
                            0 => Operand::sgpr(2 * k as u16),
                            1 => Operand(242),
                            _ => Operand(193),
                        };
                    }
                }
            }
            _ => {}
        }
        inst.src = src;
        // destination v[12:13], or over a source's pair (same rows, or offset by one dword)
        let dst = match trial % 8 {
            7 => 4 * (trial / 8 % 3) as u16,
            3 => 4 * (trial / 8 % 3) as u16 + 1,
            _ => 12,
        };
        inst.dst = Operand::vgpr(dst);
        inst.mods.op_sel = (rng.next() & 7) as u8;
        inst.mods.op_sel_hi = (rng.next() & 7) as u8;
        inst.mods.neg = (rng.next() & 7) as u8;
        inst.mods.neg_hi = (rng.next() & 7) as u8;
        // the definition, from the state before
        let m = FpMode::from_mode(w.mode);
        let dword = |w: &Wave, i: usize, hi: bool, l: usize| -> u32 {
            let o = inst.src[i];
            if o.0 >= 256 {
                w.vreg[(o.0 as usize - 256 + hi as usize) & 511][l]
            } else if o.0 < 128 {
                w.sgpr[o.0 as usize + hi as usize]
            } else if hi {
                if (193..=208).contains(&o.0) {
                    u32::MAX
                } else {
                    0
                }
            } else if o.0 == 242 {
                0x3F80_0000
            } else {
                u32::MAX // -1 as an integer inline constant
            }
        };
        let mut want = [[0u32; LANES]; 2];
        for l in 0..LANES {
            for (h, (sel, neg)) in [
                (inst.mods.op_sel, inst.mods.neg),
                (inst.mods.op_sel_hi, inst.mods.neg_hi),
            ]
            .into_iter()
            .enumerate()
            {
                let a: Vec<u64> = (0..nsrc)
                    .map(|i| {
                        let x = dword(&w, i, sel >> i & 1 != 0, l);
                        (if neg >> i & 1 != 0 {
                            x ^ 0x8000_0000
                        } else {
                            x
                        }) as u64
                    })
                    .collect();
                let r = match op {
                    Op::V_PK_FMA_F32 => fp::fma(Fmt::F32, a[0], a[1], a[2], &m),
                    Op::V_PK_MUL_F32 => fp::mul(Fmt::F32, a[0], a[1], &m),
                    _ => fp::add(Fmt::F32, a[0], a[1], &m),
                };
                want[h][l] = if exec >> l & 1 != 0 {
                    r as u32
                } else {
                    w.vreg[dst as usize + h][l]
                };
            }
        }
        let before = w.clone();
        let mem = GlobalMemory::new();
        let mut lds = vec![0u8; 0];
        let mut ctx = Ctx {
            mem: &mem,
            lds: &mut lds,
            apertures: Apertures::default(),
        };
        semantics::handler(&inst)(&mut w, &inst, &mut ctx).expect("packed f32 op");
        for h in 0..2 {
            assert_eq!(
                w.vreg[dst as usize + h],
                want[h],
                "trial {trial}: {} half {h} src {:?} mods {:?} mode {:#x}",
                op.info().name,
                inst.src,
                inst.mods,
                w.mode
            );
        }
        // nothing else changed
        for r in 0..512 {
            if r != dst as usize && r != dst as usize + 1 {
                assert_eq!(w.vreg[r], before.vreg[r], "trial {trial}: v{r} changed");
            }
        }
        compared += 1;
    }
    assert_eq!(compared, 3000);
}

/// `Program::vreg_rows` on hand-assembled gfx950 words (llvm-mc-22 -mcpu=gfx950 -show-encoding).
#[test]
fn vreg_rows_bound_every_named_row() {
    const ENDPGM: [u8; 4] = [0x00, 0x00, 0x81, 0xbf];
    let rows = |body: &[&[u8]]| {
        let mut text: Vec<u8> = body.concat();
        text.extend_from_slice(&ENDPGM);
        wavescope::exec::Program::new(&text, 0x1000).vreg_rows()
    };
    // only the launch's v0
    assert_eq!(rows(&[]), 1);
    // v_mov_b32_e32 v40, s0: v40 and a 32-row tuple from it
    assert_eq!(rows(&[&[0x00, 0x02, 0x50, 0x7e]]), 40 + 32);
    // v_accvgpr_write_b32 a200, v1: AGPR rows count in the same bound
    assert_eq!(
        rows(&[&[0xc8, 0x40, 0xd9, 0xd3, 0x01, 0x01, 0x00, 0x18]]),
        200 + 32
    );
    // v_lshl_add_u64 v[10:11], v[2:3], 2, s[2:3]: the destination pair's first row names it
    assert_eq!(
        rows(&[&[0x0a, 0x00, 0x08, 0xd2, 0x02, 0x05, 0x09, 0x00]]),
        10 + 32
    );
    // v_mov_b32_e32 v250, s0: a tuple from v250 may wrap: the whole file
    assert_eq!(rows(&[&[0x00, 0x02, 0xf4, 0x7f]]), 256);
    // s_set_gpr_idx_on s0, gpr_idx(SRC0) turns on VGPR indexing: any row
    assert_eq!(
        rows(&[&[0x00, 0x01, 0x11, 0xbf], &[0x00, 0x02, 0x50, 0x7e]]),
        256
    );
}

/// `Wave::reset_rows` zeroes rows `0..rows` of both files and nothing else; `reset` is `Wave::new`.
#[test]
fn reset_rows_zeroes_the_bound_rows_of_both_files() {
    let mut w = Wave::new(wavescope::exec::WaveId::default());
    for r in [0usize, 5, 71, 72, 255, 256, 300, 328, 511] {
        w.vreg[r] = [r as u32 + 1; LANES];
    }
    w.region_hints = [3; 16];
    w.reset_rows(wavescope::exec::WaveId::default(), 72);
    for r in 0..512 {
        let kept = matches!(r, 72 | 255 | 328 | 511);
        let want = if kept { r as u32 + 1 } else { 0 };
        assert_eq!(w.vreg[r], [want; LANES], "row {r}");
    }
    assert_eq!(w.region_hints, [0; 16]);
    w.reset(wavescope::exec::WaveId::default());
    assert!(w.vreg.iter().all(|r| *r == [0; LANES]));
}

/// The handlers chosen per instruction at load (`semantics::handler`: for a plain VALU instruction the chunked
/// handler of the host's level, `valu::lookup_inst`) against the op's handler for any instruction
/// (`semantics::lookup`: `vop` / `vop_flag`, which look at the instruction each time), on every VALU instruction of
/// the fixture as assembled and with a source or output modifier or the DPP/SDWA extension set (which must not get
/// a plain handler), EXEC full, random and empty, MODE default, round toward zero and GPR_IDX_EN. The whole wave
/// must agree.
#[test]
fn handlers_chosen_at_load_match_the_op_handlers() {
    use wavescope::exec::semantics;
    use wavescope::isa::Ext;
    let p = program("fast_paths/valu.o");
    let mem = GlobalMemory::new();
    let mut rng = Rng(0x51DE_CAFE_0000_0017);
    let (mut compared, mut modified) = (0usize, 0usize);
    for (idx, decoded) in p.insts.iter().enumerate() {
        if decoded.name().starts_with("s_") {
            continue;
        }
        let pc = p.pcs[idx];
        for variant in 0..6 {
            let mut inst = *decoded;
            match variant {
                0 => {}
                1 => inst.mods.neg = 1,
                2 => inst.mods.abs = 2,
                3 => inst.mods.clamp = true,
                4 => inst.mods.omod = 1,
                _ => inst.ext = Ext::Sdwa,
            }
            if variant == 5 {
                // SDWA with the identity selects (dword, no sign extension): same lanes as plain.
                inst.sdwa = Default::default();
                inst.sdwa.dst_sel = 6;
                inst.sdwa.src0_sel = 6;
                inst.sdwa.src1_sel = 6;
            }
            let Some(by_op) = semantics::lookup(inst.op) else {
                continue;
            };
            let chosen = semantics::handler(&inst);
            for trial in 0..6 {
                let exec = match trial % 3 {
                    0 => u64::MAX,
                    1 => rng.next(),
                    _ => 0,
                };
                let mode = match trial {
                    4 => MODE_RTZ,
                    5 => MODE_DEFAULT | GPR_IDX_EN,
                    _ => MODE_DEFAULT,
                };
                let mut a = random_wave(&mut rng, pc, mode, exec);
                let mut b = a.clone();
                let (mut lds_a, mut lds_b) = (vec![0u8; 1024], vec![0u8; 1024]);
                let ra = chosen(
                    &mut a,
                    &inst,
                    &mut Ctx {
                        mem: &mem,
                        lds: &mut lds_a,
                        apertures: Apertures::default(),
                    },
                )
                .map(|f| f.flow());
                let rb = by_op(
                    &mut b,
                    &inst,
                    &mut Ctx {
                        mem: &mem,
                        lds: &mut lds_b,
                        apertures: Apertures::default(),
                    },
                )
                .map(|f| f.flow());
                let what = format!(
                    "{} variant {variant} (pc 0x{pc:x}, trial {trial}, exec {exec:#x})",
                    inst.name()
                );
                assert_eq!(ra.is_ok(), rb.is_ok(), "{what}: {ra:?} vs {rb:?}");
                for r in 0..512 {
                    assert!(a.vreg[r] == b.vreg[r], "{what}: register file row {r}");
                }
                assert_eq!(a.sgpr, b.sgpr, "{what}: SGPRs");
                assert_eq!(a.scc, b.scc, "{what}: SCC");
                compared += 1;
                if variant != 0 {
                    modified += 1;
                }
            }
        }
    }
    assert!(
        compared >= 6 * 3000 && modified >= 5 * 6 * 400,
        "only {compared} comparisons ({modified} modified)"
    );
}

/// V_PK_FMA_F32 / V_PK_MUL_F32 / V_PK_ADD_F32 with VGPR-pair sources: the handler chosen at load (`handler`, the
/// plain packed loop with the source rows fixed from OP_SEL/OP_SEL_HI) against the op's general handler (`lookup`)
/// on every OP_SEL x OP_SEL_HI x NEG x NEG_HI combination, with rows of special values (NaN payloads, infinities,
/// denormals, -0), full, partial and empty EXEC, a destination apart from or over a source pair (same rows or one
/// dword off), under the default MODE and round-toward-zero; whole register files compared.
#[test]
fn packed_f32_handlers_chosen_at_load_match_the_general_path() {
    use wavescope::exec::semantics;
    use wavescope::isa::{Format, Inst, Op, Operand};
    let mut rng = Rng(0x5EED_F32F_0000_0077);
    let mem = GlobalMemory::new();
    let mut compared = 0usize;
    for (op, nsrc) in [
        (Op::V_PK_FMA_F32, 3usize),
        (Op::V_PK_MUL_F32, 2),
        (Op::V_PK_ADD_F32, 2),
    ] {
        for combo in 0..(1u32 << (4 * nsrc)) {
            let field = |i: u32| ((combo >> (i * nsrc as u32)) & ((1 << nsrc) - 1)) as u8;
            let mut inst = Inst::INVALID;
            inst.op = op;
            inst.format = Format::Vop3p;
            inst.size = 8;
            inst.src = [Operand::vgpr(0), Operand::vgpr(4), Operand::vgpr(8)];
            inst.mods.op_sel = field(0);
            inst.mods.op_sel_hi = field(1);
            inst.mods.neg = field(2);
            inst.mods.neg_hi = field(3);
            let dst = match combo % 5 {
                1 => 4,
                2 => 1,
                3 => 9,
                _ => 12,
            };
            inst.dst = Operand::vgpr(dst);
            let exec = match combo % 7 {
                0 => 0,
                1 | 2 => rng.next(),
                3 => 0xFF00_0000_0000_00FF,
                _ => u64::MAX,
            };
            let mode = if combo % 11 == 10 {
                MODE_RTZ
            } else {
                MODE_DEFAULT
            };
            let mut a = random_wave(&mut rng, 0x1000, mode, exec);
            // sometimes every row finite (no chunk leaves the packed loop), sometimes specials in every row
            for r in 0..16 {
                for l in 0..LANES {
                    a.vreg[r][l] = match combo % 3 {
                        0 => ((rng.next() % 20001) as f32 / 100.0 - 100.0).to_bits(),
                        1 => rng.value(),
                        _ => a.vreg[r][l],
                    };
                }
            }
            if combo % 3 == 0 && combo % 4 == 1 {
                // finite rows but one NaN lane past the first half of the wave: the full-EXEC loop's later batch
                // of chunks leaves the packed loop, after earlier chunks were written
                a.vreg[rng.below(12) as usize][32 + rng.below(32) as usize] = 0x7FC0_1234;
            }
            let mut b = a.clone();
            let chosen = semantics::handler(&inst);
            let general = semantics::lookup(op).expect("packed f32 op");
            let (mut la, mut lb) = (vec![0u8; 0], vec![0u8; 0]);
            let ra = chosen(
                &mut a,
                &inst,
                &mut Ctx {
                    mem: &mem,
                    lds: &mut la,
                    apertures: Apertures::default(),
                },
            )
            .map(|f| f.flow());
            let rb = general(
                &mut b,
                &inst,
                &mut Ctx {
                    mem: &mem,
                    lds: &mut lb,
                    apertures: Apertures::default(),
                },
            )
            .map(|f| f.flow());
            assert_eq!(ra.is_ok(), rb.is_ok());
            for r in 0..512 {
                assert_eq!(
                    a.vreg[r],
                    b.vreg[r],
                    "{} mods {:?} dst v{dst} exec {exec:#x} mode {mode:#x}: v{r}",
                    op.info().name,
                    inst.mods
                );
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 4096 + 256 + 256);
}
