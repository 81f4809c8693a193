//! Single-address DS reads and writes (ds.rs: direct byte copies when every active lane is inside the LDS
//! allocation) against a byte model written from pseudocode.md "Format DS": `MEM[ADDR + OFFSET]` little-endian,
//! DS_READ_U8/U16 zero-extend, I8/I16 sign-extend, the *_D16 forms replace the low half and *_D16_HI the high half
//! of VDST (the other half kept), DS_WRITE_B8/B16 store the low bits and *_D16_HI the high half of DATA0,
//! B32..B128 1..4 dwords; lanes in order (a later lane's write to the same byte wins); unaligned addresses served
//! byte-exactly (ds.rs module doc). Random addresses (unaligned, lanes colliding), OFFSET, partial EXEC and
//! register placement (VDST over ADDR). A lane one byte past the allocation faults naming that lane and, for a
//! read, writes no register.

use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, FaultKind, GlobalMemory, Wave, WaveId, LANES};
use wavescope::isa::{Format, Inst, Op, Operand};

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

const LDS: usize = 2048;

/// (op, bytes accessed, is a write)
const OPS: &[(Op, usize, bool)] = &[
    (Op::DS_WRITE_B8, 1, true),
    (Op::DS_WRITE_B16, 2, true),
    (Op::DS_WRITE_B8_D16_HI, 1, true),
    (Op::DS_WRITE_B16_D16_HI, 2, true),
    (Op::DS_WRITE_B32, 4, true),
    (Op::DS_WRITE_B64, 8, true),
    (Op::DS_WRITE_B96, 12, true),
    (Op::DS_WRITE_B128, 16, true),
    (Op::DS_READ_U8, 1, false),
    (Op::DS_READ_I8, 1, false),
    (Op::DS_READ_U16, 2, false),
    (Op::DS_READ_I16, 2, false),
    (Op::DS_READ_U8_D16, 1, false),
    (Op::DS_READ_U8_D16_HI, 1, false),
    (Op::DS_READ_I8_D16, 1, false),
    (Op::DS_READ_I8_D16_HI, 1, false),
    (Op::DS_READ_U16_D16, 2, false),
    (Op::DS_READ_U16_D16_HI, 2, false),
    (Op::DS_READ_B32, 4, false),
    (Op::DS_READ_B64, 8, false),
    (Op::DS_READ_B96, 12, false),
    (Op::DS_READ_B128, 16, false),
];

/// The new VDST dword `d` of a read of `bytes` (little-endian) into `old`.
fn read_model(op: Op, bytes: &[u8], d: usize, old: u32) -> u32 {
    let b0 = bytes[0] as u32;
    let h0 = if bytes.len() >= 2 {
        u16::from_le_bytes([bytes[0], bytes[1]]) as u32
    } else {
        0
    };
    let sext8 = b0 as u8 as i8 as i32 as u32;
    match op {
        Op::DS_READ_U8 => b0,
        Op::DS_READ_I8 => sext8,
        Op::DS_READ_U16 => h0,
        Op::DS_READ_I16 => h0 as u16 as i16 as i32 as u32,
        Op::DS_READ_U8_D16 => (old & 0xFFFF_0000) | b0,
        Op::DS_READ_U8_D16_HI => (old & 0xFFFF) | b0 << 16,
        Op::DS_READ_I8_D16 => (old & 0xFFFF_0000) | (sext8 & 0xFFFF),
        Op::DS_READ_I8_D16_HI => (old & 0xFFFF) | (sext8 & 0xFFFF) << 16,
        Op::DS_READ_U16_D16 => (old & 0xFFFF_0000) | h0,
        Op::DS_READ_U16_D16_HI => (old & 0xFFFF) | h0 << 16,
        _ => u32::from_le_bytes(bytes[4 * d..4 * d + 4].try_into().unwrap()),
    }
}

/// The bytes a write of `n` bytes stores from DATA0..DATA3 of one lane.
fn write_model(op: Op, data: [u32; 4], n: usize) -> Vec<u8> {
    let hi = matches!(op, Op::DS_WRITE_B8_D16_HI | Op::DS_WRITE_B16_D16_HI);
    let v: Vec<u8> = data.iter().flat_map(|x| x.to_le_bytes()).collect();
    if hi {
        (data[0] >> 16).to_le_bytes()[..n].to_vec()
    } else {
        v[..n].to_vec()
    }
}

fn inst(op: Op, addr: u16, data: u16, dst: u16, offset: u16) -> Inst {
    let mut i = Inst::INVALID;
    i.op = op;
    i.format = Format::Ds;
    i.size = 8;
    i.src = [
        Operand::vgpr(addr),
        Operand::vgpr(data),
        Operand::vgpr(data + 4),
    ];
    i.dst = Operand::vgpr(dst);
    i.imm = offset as _;
    i
}

#[test]
fn lds_reads_and_writes_match_the_byte_model() {
    let mut rng = Rng(0x0123_4567_89AB_CDEF);
    let mem = GlobalMemory::new();
    for &(op, n, write) in OPS {
        for trial in 0..200 {
            let mut w = Wave::new(WaveId::default());
            for r in 0..256 {
                for l in 0..LANES {
                    w.vreg[r][l] = rng.next() as u32;
                }
            }
            let exec = match trial % 4 {
                0 => u64::MAX,
                1 => rng.next(),
                2 => rng.next() & rng.next(),
                _ => 1 << rng.below(64),
            };
            w.set_exec(exec);
            let offset = rng.below(256) as u16;
            // Addresses: anywhere the access fits; every fourth trial the lanes share a few addresses.
            let (a, d) = (10u16, 20u16);
            let dst = if trial % 5 == 0 { a } else { 40 };
            for l in 0..LANES {
                let x = if trial % 4 == 3 {
                    rng.below(4) * 3
                } else {
                    rng.below((LDS - n - offset as usize + 1) as u64)
                };
                w.vreg[a as usize][l] = x as u32;
            }
            let mut lds: Vec<u8> = (0..LDS).map(|_| rng.next() as u8).collect();
            let i = inst(op, a, d, dst, offset);
            // The model, from the state before.
            let mut want_lds = lds.clone();
            let mut want_v = w.vreg[..256].to_vec();
            for l in (0..LANES).filter(|l| exec >> l & 1 != 0) {
                let at = w.vreg[a as usize][l] as usize + offset as usize;
                if write {
                    let data = std::array::from_fn(|k| w.vreg[d as usize + k][l]);
                    want_lds[at..at + n].copy_from_slice(&write_model(op, data, n));
                } else {
                    for k in 0..n.div_ceil(4) {
                        let old = w.vreg[dst as usize + k][l];
                        want_v[dst as usize + k][l] = read_model(op, &lds[at..at + n], k, old);
                    }
                }
            }
            let mut ctx = Ctx {
                mem: &mem,
                lds: &mut lds,
                apertures: Apertures::default(),
            };
            semantics::handler(&i)(&mut w, &i, &mut ctx)
                .unwrap_or_else(|f| panic!("{op:?} trial {trial}: fault {}", f.detail));
            assert!(lds == want_lds, "{op:?} trial {trial}: LDS contents");
            for r in 0..256 {
                assert_eq!(w.vreg[r], want_v[r], "{op:?} trial {trial}: v{r}");
            }
        }
    }
}

#[test]
fn a_lane_past_the_allocation_faults_naming_it() {
    let mem = GlobalMemory::new();
    for &(op, n, write) in OPS {
        let mut w = Wave::new(WaveId::default());
        w.set_exec(u64::MAX);
        for l in 0..LANES {
            w.vreg[1][l] = 16 * l as u32;
        }
        // Lane 37 reaches one byte past the end.
        w.vreg[1][37] = (LDS - n + 1) as u32;
        let before = w.vreg[..256].to_vec();
        let mut lds = vec![0u8; LDS];
        let i = inst(op, 1, 2, 8, 0);
        let mut ctx = Ctx {
            mem: &mem,
            lds: &mut lds,
            apertures: Apertures::default(),
        };
        let err = semantics::handler(&i)(&mut w, &i, &mut ctx).unwrap_err();
        assert_eq!(err.kind, FaultKind::Memory, "{op:?}");
        assert_eq!(err.lanes, 1 << 37, "{op:?}");
        if !write {
            assert_eq!(
                &w.vreg[..256],
                &before[..],
                "{op:?}: a faulting read writes no register"
            );
        }
    }
}
