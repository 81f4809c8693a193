//! DS (LDS) semantics on the assembled fixture tests/fixtures/sem/ds.s (ds.o, listing ds.objdump.txt).
//! Expected values are worked out from pseudocode.md and the MI200 guide (§11, §12.12) in the comments, never read
//! back from wavescope.

#[path = "sem_mem/shim.rs"]
mod shim;

use shim::{fixture, memory, wave, Fixture};
use wavescope::exec::{FaultKind, GlobalMemory, Wave};
use wavescope::isa::Operand;

fn fx() -> Fixture {
    fixture("sem/ds.o")
}

fn no_mem() -> GlobalMemory {
    memory(0x1000, &[], 16)
}

fn v(w: &Wave, r: usize) -> [u32; 64] {
    w.vreg[r]
}

fn a(w: &Wave, r: usize) -> [u32; 64] {
    w.vreg[256 + r]
}

fn set(w: &mut Wave, r: usize, f: impl Fn(usize) -> u32) {
    for l in 0..64 {
        w.vreg[r][l] = f(l);
    }
}

fn rd32(lds: &[u8], a: usize) -> u32 {
    u32::from_le_bytes(lds[a..a + 4].try_into().unwrap())
}

fn wr32(lds: &mut [u8], a: usize, v: u32) {
    lds[a..a + 4].copy_from_slice(&v.to_le_bytes());
}

fn rd64(lds: &[u8], a: usize) -> u64 {
    u64::from_le_bytes(lds[a..a + 8].try_into().unwrap())
}

fn wr64(lds: &mut [u8], a: usize, v: u64) {
    lds[a..a + 8].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn reads_extend_and_merge_halves() {
    let f = fx();
    let mut w = wave(0);
    let mut lds: Vec<u8> = (0..1024u32)
        .map(|k| ((k as u8).wrapping_mul(0x1B)) ^ 0x96)
        .collect();
    set(&mut w, 1, |l| 8 * l as u32);
    for r in 28..34 {
        set(&mut w, r, |_| 0x1234_5678);
    }
    f.run("ds_reads", &mut w, &no_mem(), &mut lds).unwrap();
    // Lane 0 by hand: bytes k = 0..7 are k*0x1B = 00,1B,36,51,6C,87,A2,BD, ^0x96 = 96,8D,A0,C7,FA,11,34,2B.
    assert_eq!(v(&w, 24)[0], 0xFFFF_FFC7, "ds_read_i8 sign-extends 0xC7");
    assert_eq!(v(&w, 25)[0], 0xC7, "ds_read_u8 zero-extends");
    assert_eq!(v(&w, 26)[0], 0x2B34, "ds_read_i16 of 0x2B34 (positive)");
    assert_eq!(
        v(&w, 10)[0],
        u32::from_le_bytes([0xFA, 0x11, 0x34, 0x2B]),
        "ds_read_b32 offset:4"
    );
    assert_eq!(v(&w, 28)[0], 0x1234_00C7, "u8_d16 keeps the high half");
    assert_eq!(v(&w, 29)[0], 0x00C7_5678, "u8_d16_hi keeps the low half");
    assert_eq!(
        v(&w, 30)[0],
        0x1234_FFC7,
        "i8_d16 sign-extends to 16 bits only"
    );
    assert_eq!(v(&w, 31)[0], 0xFFC7_5678, "i8_d16_hi");
    assert_eq!(v(&w, 32)[0], 0x1234_2B34, "u16_d16");
    assert_eq!(v(&w, 33)[0], 0x2B34_5678, "u16_d16_hi");
    // Every lane: RETURN_DATA from LDS[ADDR + offset], little-endian (pseudocode.md DS_READ_*).
    for l in 0..64 {
        let b = 8 * l;
        let i16v = u16::from_le_bytes([lds[b + 6], lds[b + 7]]);
        assert_eq!(v(&w, 10)[l], rd32(&lds, b + 4));
        assert_eq!(
            v(&w, 12)[l],
            rd32(&lds, b + 2),
            "unaligned ds_read_b64 low dword"
        );
        assert_eq!(v(&w, 13)[l], rd32(&lds, b + 6));
        for d in 0..3 {
            assert_eq!(v(&w, 14 + d)[l], rd32(&lds, b + 4 * d));
        }
        for d in 0..4 {
            assert_eq!(v(&w, 20 + d)[l], rd32(&lds, b + 16 + 4 * d));
        }
        assert_eq!(v(&w, 24)[l], lds[b + 3] as i8 as i32 as u32);
        assert_eq!(v(&w, 25)[l], lds[b + 3] as u32);
        assert_eq!(v(&w, 26)[l], i16v as i16 as i32 as u32);
        assert_eq!(v(&w, 27)[l], i16v as u32);
        assert_eq!(
            v(&w, 30)[l],
            0x1234_0000 | (lds[b + 3] as i8 as i16 as u16 as u32)
        );
    }
}

#[test]
fn writes_store_bytes_and_halves() {
    let f = fx();
    let mut w = wave(0);
    let mut lds = vec![0xEEu8; 4096];
    set(&mut w, 1, |l| 64 * l as u32);
    set(&mut w, 2, |l| 0xA1B2_C3D4u32.wrapping_add(l as u32));
    for k in 0..4 {
        set(&mut w, 4 + k, |l| {
            0x1111_1111u32 * (k as u32 + 1) + l as u32
        });
    }
    f.run("ds_writes", &mut w, &no_mem(), &mut lds).unwrap();
    for l in 0..64 {
        let b = 64 * l;
        let d = 0xA1B2_C3D4u32.wrapping_add(l as u32);
        assert_eq!(lds[b], d as u8, "ds_write_b8: DATA[7:0]");
        assert_eq!(
            lds[b + 1],
            (d >> 16) as u8,
            "ds_write_b8_d16_hi: DATA[23:16]"
        );
        assert_eq!(
            &lds[b + 2..b + 4],
            &(d as u16).to_le_bytes(),
            "ds_write_b16"
        );
        assert_eq!(
            &lds[b + 4..b + 6],
            &((d >> 16) as u16).to_le_bytes(),
            "ds_write_b16_d16_hi: DATA[31:16]"
        );
        assert_eq!(lds[b + 6], 0xEE, "byte between untouched");
        assert_eq!(rd32(&lds, b + 7), d, "unaligned ds_write_b32 offset:7");
        assert_eq!(lds[b + 11], 0xEE);
        let vk = |k: u32| 0x1111_1111u32 * (k + 1) + l as u32;
        assert_eq!(rd32(&lds, b + 12), vk(0));
        assert_eq!(rd32(&lds, b + 16), vk(1));
        for k in 0..3 {
            assert_eq!(rd32(&lds, b + 20 + 4 * k as usize), vk(k));
        }
        for k in 0..4 {
            assert_eq!(rd32(&lds, b + 32 + 4 * k as usize), vk(k));
        }
        assert_eq!(lds[b + 48], 0xEE);
    }
}

#[test]
fn read2_write2_scale_offsets() {
    let f = fx();
    let mut w = wave(0);
    w.set_exec(0b11);
    let mut lds = vec![0u8; 16384];
    set(&mut w, 1, |l| 8192 * l as u32);
    set(&mut w, 2, |l| 0x2000 + l as u32);
    set(&mut w, 3, |l| 0x3000 + l as u32);
    for k in 4..8 {
        set(&mut w, k, |l| 0x1000_0000 * k as u32 + l as u32);
    }
    f.run("ds_two_addr", &mut w, &no_mem(), &mut lds).unwrap();
    for l in 0..2 {
        let b = 8192 * l;
        let x = |k: u32| 0x1000_0000 * k + l as u32;
        // ds_write2_b32 offset0:1 offset1:5: DATA0 at ADDR+4, DATA1 at ADDR+20 (ADJ = 4).
        assert_eq!(rd32(&lds, b + 4), 0x2000 + l as u32);
        assert_eq!(rd32(&lds, b + 20), 0x3000 + l as u32);
        // ds_read2_b32 offset0:5 offset1:1: v10 = MEM[ADDR+20], v11 = MEM[ADDR+4].
        assert_eq!(v(&w, 10)[l], 0x3000 + l as u32);
        assert_eq!(v(&w, 11)[l], 0x2000 + l as u32);
        // ST64: offsets * 256.
        assert_eq!(rd32(&lds, b + 256), 0x2000 + l as u32);
        assert_eq!(rd32(&lds, b + 512), 0x3000 + l as u32);
        assert_eq!(
            (v(&w, 12)[l], v(&w, 13)[l]),
            (0x2000 + l as u32, 0x3000 + l as u32)
        );
        // b64: offsets * 8 -> ADDR+24, ADDR+32.
        assert_eq!(rd64(&lds, b + 24), x(4) as u64 | (x(5) as u64) << 32);
        assert_eq!(rd64(&lds, b + 32), x(6) as u64 | (x(7) as u64) << 32);
        assert_eq!(
            [v(&w, 14)[l], v(&w, 15)[l], v(&w, 16)[l], v(&w, 17)[l]],
            [x(4), x(5), x(6), x(7)]
        );
        // b64 ST64: offsets * 512 -> ADDR+1024, ADDR+1536; read back with offsets swapped.
        assert_eq!(rd64(&lds, b + 1024), x(4) as u64 | (x(5) as u64) << 32);
        assert_eq!(rd64(&lds, b + 1536), x(6) as u64 | (x(7) as u64) << 32);
        assert_eq!(
            [v(&w, 20)[l], v(&w, 21)[l], v(&w, 22)[l], v(&w, 23)[l]],
            [x(6), x(7), x(4), x(5)]
        );
    }
}

#[test]
fn atomics32_return_old_and_update() {
    let f = fx();
    let mut w = wave(0);
    let mut lds = vec![0u8; 4096];
    set(&mut w, 1, |l| 64 * l as u32);
    set(&mut w, 2, |l| (l as u32).wrapping_sub(32)); // DATA = lane - 32 (-32..31)
    set(&mut w, 3, |_| 0xF0); // DATA2
    for l in 0..64 {
        let b = 64 * l;
        let init: [u32; 14] = [
            100,
            1,
            3,
            5,
            5,
            10,
            10,
            0xFFFF_0000,
            if l % 2 == 0 {
                (l as u32).wrapping_sub(32)
            } else {
                0x55
            },
            0xDEAD,
            0xFF00_FF00,
            0x0F,
            0x1234_5678,
            7,
        ];
        for (k, x) in init.iter().enumerate() {
            wr32(&mut lds, b + 4 * k, *x);
        }
    }
    f.run("ds_atomics32", &mut w, &no_mem(), &mut lds).unwrap();
    for l in 0..64 {
        let b = 64 * l;
        let d = (l as u32).wrapping_sub(32);
        let m = |k: usize| rd32(&lds, b + 4 * k);
        assert_eq!((v(&w, 10)[l], m(0)), (100, 100u32.wrapping_add(d)), "add");
        assert_eq!((v(&w, 11)[l], m(1)), (1, 1u32.wrapping_sub(d)), "sub");
        assert_eq!(
            (v(&w, 12)[l], m(2)),
            (3, d.wrapping_sub(3)),
            "rsub: DATA - MEM"
        );
        // inc: tmp >= src ? 0 : tmp + 1 (unsigned: negative DATA is huge)
        assert_eq!(
            (v(&w, 13)[l], m(3)),
            (5, if 5 >= d { 0 } else { 6 }),
            "inc lane {l}"
        );
        // dec: (tmp == 0 || tmp > src) ? src : tmp - 1
        assert_eq!(
            (v(&w, 14)[l], m(4)),
            (5, if 5 > d { d } else { 4 }),
            "dec lane {l}"
        );
        assert_eq!(
            (v(&w, 15)[l], m(5)),
            (10, (d as i32).min(10) as u32),
            "min_i32 is signed"
        );
        assert_eq!((v(&w, 16)[l], m(6)), (10, d.max(10)), "max_u32 is unsigned");
        assert_eq!(
            (v(&w, 17)[l], m(7)),
            (0xFFFF_0000, (0xFFFF_0000 & !d) | 0xF0),
            "mskor"
        );
        let cmp_init = if l % 2 == 0 { d } else { 0x55 };
        assert_eq!(
            (v(&w, 18)[l], m(8)),
            (cmp_init, if l % 2 == 0 { 0xF0 } else { 0x55 }),
            "cmpst: DATA cmp, DATA2 src"
        );
        assert_eq!((v(&w, 19)[l], m(9)), (0xDEAD, d), "wrxchg");
        assert_eq!(m(10), 0xFF00_FF00 & d, "and (no return)");
        assert_eq!(m(11), 0x0F | d, "or");
        assert_eq!((v(&w, 20)[l], m(12)), (0x1234_5678, 0x1234_5678 ^ d), "xor");
        // wrap: tmp >= DATA ? tmp - DATA : tmp + DATA2
        assert_eq!(
            (v(&w, 21)[l], m(13)),
            (7, if 7 >= d { 7 - d } else { 7 + 0xF0 }),
            "wrap lane {l}"
        );
    }
}

#[test]
fn float_atomics_follow_the_guide_rules() {
    let f = fx();
    let mut w = wave(0);
    w.mode = 0xF0; // MODE.fp_denorm: keep f32 and f64/f16 denormals
    w.set_exec(0b111);
    let mut lds = vec![0u8; 256];
    set(&mut w, 1, |l| 64 * l as u32);
    let data = [2.25f32.to_bits(), f32::INFINITY.to_bits(), 1.0f32.to_bits()];
    set(&mut w, 2, |l| if l < 3 { data[l] } else { 0 });
    set(&mut w, 3, |_| 7.0f32.to_bits());
    let d64 = [1.0f64.to_bits(), f64::INFINITY.to_bits(), 1u64];
    set(&mut w, 4, |l| if l < 3 { d64[l] as u32 } else { 0 });
    set(&mut w, 5, |l| if l < 3 { (d64[l] >> 32) as u32 } else { 0 });
    let init32: [[u32; 7]; 3] = [
        // add, min, max, cmpst, pk_add_f16, pk_add_bf16, add (no rtn)
        [
            1.5f32.to_bits(),
            3.0f32.to_bits(),
            3.0f32.to_bits(),
            2.25f32.to_bits(),
            0x3C00_3C00,
            0x3F80_3F80,
            0.5f32.to_bits(),
        ],
        [
            0xFF80_0000,
            0x7FC0_0000,
            0x7F80_0001,
            0x7F80_0000,
            0x0001_0001,
            0x3F80_0001,
            1.0f32.to_bits(),
        ],
        [
            0x7F80_0001,
            0x8000_0000,
            (-2.0f32).to_bits(),
            0x7FC0_0000,
            0xBF80_7BFF,
            0xBF80_4049,
            1,
        ],
    ];
    let init64: [[u64; 2]; 3] = [
        [0.25f64.to_bits(), 3.0f64.to_bits()],
        [f64::NEG_INFINITY.to_bits(), 5.0f64.to_bits()],
        [1, (-0.0f64).to_bits()],
    ];
    for l in 0..3 {
        for k in 0..7 {
            wr32(&mut lds, 64 * l + 4 * k, init32[l][k]);
        }
        wr64(&mut lds, 64 * l + 32, init64[l][0]);
        wr64(&mut lds, 64 * l + 40, init64[l][1]);
    }
    f.run("ds_atomics_float", &mut w, &no_mem(), &mut lds)
        .unwrap();
    let m = |l: usize, k: usize| rd32(&lds, 64 * l + 4 * k);
    // Returned values are the old ones.
    for l in 0..3 {
        for (k, r) in [(0, 10), (1, 11), (2, 12), (3, 13), (4, 14), (5, 15)] {
            assert_eq!(v(&w, r)[l], init32[l][k], "rtn lane {l} op {k}");
        }
        assert_eq!(
            v(&w, 16)[l] as u64 | (v(&w, 17)[l] as u64) << 32,
            init64[l][0]
        );
        assert_eq!(
            v(&w, 18)[l] as u64 | (v(&w, 19)[l] as u64) << 32,
            init64[l][1]
        );
    }
    // ADD_F32 (§9.5.3): 1.5 + 2.25 = 3.75; -inf + inf = QNaN 0x7FC00000; SNaN input comes back quieted.
    assert_eq!(
        [m(0, 0), m(1, 0), m(2, 0)],
        [3.75f32.to_bits(), 0x7FC0_0000, 0x7FC0_0001]
    );
    // MIN_F32: min(3, 2.25) = 2.25; QNaN loses to +inf; min(-0, 1) = -0.
    assert_eq!(
        [m(0, 1), m(1, 1), m(2, 1)],
        [2.25f32.to_bits(), 0x7F80_0000, 0x8000_0000]
    );
    // MAX_F32: max(3, 2.25) = 3; SNaN in memory -> its quiet NaN; max(-2, 1) = 1.
    assert_eq!(
        [m(0, 2), m(1, 2), m(2, 2)],
        [3.0f32.to_bits(), 0x7FC0_0001, 1.0f32.to_bits()]
    );
    // CMPST_F32: 2.25 == 2.25 and inf == inf swap in DATA2 = 7.0; NaN never equal.
    assert_eq!(
        [m(0, 3), m(1, 3), m(2, 3)],
        [7.0f32.to_bits(), 7.0f32.to_bits(), 0x7FC0_0000]
    );
    // PK_ADD_F16 (numpy float16): lane0 (1+0, 1+2.03125) = (0x3C00, 0x4210); lane1 (denorm 1 ulp kept, +0 + NaN
    // 0x7F80 stays that quiet NaN); lane2 (65504 + 0, -1.875 + 1.875 = +0).
    assert_eq!(
        [m(0, 4), m(1, 4), m(2, 4)],
        [0x4210_3C00, 0x7F80_0001, 0x0000_7BFF]
    );
    // PK_ADD_BF16: lane0 (1+0, 1+2.25 = 3.25 = 0x4050); lane1 (denorm kept, 1 + inf = inf); lane2 (0x4049 + 0, -1 + 1).
    assert_eq!(
        [m(0, 5), m(1, 5), m(2, 5)],
        [0x4050_3F80, 0x7F80_0001, 0x0000_4049]
    );
    // DS_ADD_F32 without return: 0.5 + 2.25 = 2.75, 1 + inf = inf, denorm(1 ulp) + 1.0 rounds to 1.0.
    assert_eq!(
        [m(0, 6), m(1, 6), m(2, 6)],
        [2.75f32.to_bits(), 0x7F80_0000, 1.0f32.to_bits()]
    );
    // ADD_F64: 0.25 + 1 = 1.25; -inf + inf = default QNaN; denorm 1 + denorm 1 = 2 (never flushed).
    let m64 = |l: usize, o: usize| rd64(&lds, 64 * l + o);
    assert_eq!(
        [m64(0, 32), m64(1, 32), m64(2, 32)],
        [1.25f64.to_bits(), 0x7FF8_0000_0000_0000, 2]
    );
    // MAX_F64: max(3, 1) = 3; max(5, inf) = inf; max(-0, smallest denormal) = the denormal.
    assert_eq!(
        [m64(0, 40), m64(1, 40), m64(2, 40)],
        [3.0f64.to_bits(), f64::INFINITY.to_bits(), 1]
    );
}

#[test]
fn lds_f32_add_flushes_denormals_when_mode_says_so() {
    let f = fx();
    for (mode, expect) in [(0u32, 0u32), (0x30, 4)] {
        let mut w = wave(0);
        w.mode = mode;
        w.set_exec(1);
        let mut lds = vec![0u8; 256];
        set(&mut w, 2, |_| 1); // smallest f32 denormal
        wr32(&mut lds, 0, 3);
        f.run("ds_atomics_float", &mut w, &no_mem(), &mut lds)
            .unwrap();
        // MODE.fp_denorm[5:4] = 0: inputs flushed, 0 + 0 = +0; = 3: 3 ulp + 1 ulp = 4 ulp.
        assert_eq!(rd32(&lds, 0), expect, "mode 0x{mode:x}");
    }
}

#[test]
fn atomics64_and_wrxchg2() {
    let f = fx();
    let mut w = wave(0);
    w.set_exec(0b11);
    let mut lds = vec![0u8; 256];
    set(&mut w, 1, |l| 64 * l as u32);
    set(&mut w, 2, |l| 0x200 + l as u32);
    set(&mut w, 3, |l| 0x300 + l as u32);
    let data = [1u64, 2];
    set(&mut w, 4, |l| data.get(l).copied().unwrap_or(0) as u32);
    set(&mut w, 5, |_| 0);
    set(&mut w, 6, |_| 0xCCCC_DDDD);
    set(&mut w, 7, |_| 0xAAAA_BBBB);
    let init: [[u64; 3]; 2] = [[0x1_FFFF_FFFF, 1, (-5i64) as u64], [u64::MAX, 5, 7]];
    for l in 0..2 {
        for k in 0..3 {
            wr64(&mut lds, 64 * l + 8 * k, init[l][k]);
        }
        wr32(&mut lds, 64 * l + 24, 0x24);
        wr32(&mut lds, 64 * l + 28, 0x28);
        wr64(&mut lds, 64 * l + 32, [10, 1][l]);
    }
    f.run("ds_atomics64", &mut w, &no_mem(), &mut lds).unwrap();
    let r64 = |w: &Wave, r: usize, l: usize| v(w, r)[l] as u64 | (v(w, r + 1)[l] as u64) << 32;
    for l in 0..2 {
        for (k, r) in [(0, 10), (1, 12), (2, 14)] {
            assert_eq!(r64(&w, r, l), init[l][k], "old value returned");
        }
        assert_eq!(
            (v(&w, 16)[l], v(&w, 17)[l]),
            (0x24, 0x28),
            "wrxchg2 returns both old dwords"
        );
        assert_eq!(
            (rd32(&lds, 64 * l + 24), rd32(&lds, 64 * l + 28)),
            (0x200 + l as u32, 0x300 + l as u32)
        );
    }
    // add_u64 carries across the dword boundary: 0x1_FFFF_FFFF + 1; u64::MAX + 2 wraps to 1.
    assert_eq!((rd64(&lds, 0), rd64(&lds, 64)), (0x2_0000_0000, 1));
    // cmpst_b64: lane0 memory 1 == DATA 1 -> DATA2; lane1 5 != 2 keeps 5.
    assert_eq!((rd64(&lds, 8), rd64(&lds, 72)), (0xAAAA_BBBB_CCCC_DDDD, 5));
    // max_i64: max(-5, 1) = 1 (signed); max(7, 2) = 7.
    assert_eq!((rd64(&lds, 16), rd64(&lds, 80)), (1, 7));
    // min_u64: min(10, 1) = 1; min(1, 2) = 1.
    assert_eq!((rd64(&lds, 32), rd64(&lds, 96)), (1, 1));
}

#[test]
fn same_address_atomics_from_all_lanes_accumulate() {
    let f = fx();
    let mut w = wave(0);
    let mut lds = vec![0u8; 64];
    set(&mut w, 1, |_| 0);
    set(&mut w, 2, |l| l as u32 + 1);
    wr32(&mut lds, 0, 1000);
    f.run("ds_same_addr", &mut w, &no_mem(), &mut lds).unwrap();
    // 1000 + (1 + 2 + ... + 64) = 1000 + 2080.
    assert_eq!(rd32(&lds, 0), 3080);
    assert_eq!(rd32(&lds, 4), 64);
}

/// Source lane of each swizzle in ds.s, written out from the MI200 guide §12.12.1 mode descriptions and its
/// example tables (FFT and rotate tables list 1-based source threads in hex for threads 0..31).
fn swizzle_expect(which: usize, l: usize) -> usize {
    const FFT0: [usize; 32] = [
        0x1, 0x11, 0x9, 0x19, 0x5, 0x15, 0xd, 0x1d, 0x3, 0x13, 0xb, 0x1b, 0x7, 0x17, 0xf, 0x1f,
        0x2, 0x12, 0xa, 0x1a, 0x6, 0x16, 0xe, 0x1e, 0x4, 0x14, 0xc, 0x1c, 0x8, 0x18, 0x10, 0x20,
    ];
    const FFT16: [usize; 32] = [
        0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf, 0x2, 0xa, 0x6, 0xe, 0x4, 0xc, 0x8, 0x10, 0x11,
        0x19, 0x15, 0x1d, 0x13, 0x1b, 0x17, 0x1f, 0x12, 0x1a, 0x16, 0x1e, 0x14, 0x1c, 0x18, 0x20,
    ];
    let half = l & 32;
    let i = l & 31;
    match which {
        0 => (l & !3) | [1, 0, 3, 2][l & 3], // QUAD_PERM(1,0,3,2)
        1 => l ^ 16,                         // SWAP,16
        2 => l ^ 7,                          // REVERSE,8
        3 => (l & !7) | 3,                   // BROADCAST,8,3
        4 => half | 0b01000 | (l & 4) | (!l & 2) | (l & 1), // BITMASK_PERM "01pip": 0,1,preserve,invert,preserve
        5 => half | (FFT0[i] - 1),
        6 => half | (FFT16[i] - 1),
        7 => half | ((i + 1) % 32),  // rotate left 1: {2,3,...,20,1}
        8 => half | ((i + 31) % 32), // rotate right 1: {20,1,2,...}
        _ => unreachable!(),
    }
}

#[test]
fn swizzle_modes_and_inactive_sources() {
    let f = fx();
    let mut w = wave(0);
    let exec = !(1u64 << 6);
    w.set_exec(exec);
    set(&mut w, 1, |l| 0x100 + l as u32);
    for r in 10..19 {
        set(&mut w, r, |_| 0xDEAD);
    }
    let mut lds = vec![0u8; 0]; // DS_SWIZZLE does not touch LDS: works without an allocation.
    f.run("ds_swizzles", &mut w, &no_mem(), &mut lds).unwrap();
    for which in 0..9 {
        for l in 0..64 {
            let got = v(&w, 10 + which)[l];
            if l == 6 {
                assert_eq!(got, 0xDEAD, "inactive lane 6 not written");
                continue;
            }
            let s = swizzle_expect(which, l);
            let want = if s == 6 { 0 } else { 0x100 + s as u32 };
            assert_eq!(got, want, "swizzle {which} lane {l} (source {s})");
        }
    }
}

#[test]
fn permute_and_bpermute_guide_examples() {
    let f = fx();
    // MI200 guide DS_PERMUTE/BPERMUTE examples on lanes 0..3: DATA {A,B,C,D}, ADDR {0,0,12,4}; other lanes read
    // themselves (lane 5's address has high bits set, which are ignored: (20 + 0x1000) / 4 % 64 = 5).
    let setup = |w: &mut Wave| {
        set(w, 2, |l| 0x1000 + l as u32);
        set(w, 1, |l| match l {
            0 | 1 => 0,
            2 => 12,
            3 => 4,
            5 => 20 + 0x1000,
            _ => 4 * l as u32,
        });
        set(w, 10, |_| 0x77);
        set(w, 11, |_| 0x77);
    };
    let (aa, bb, cc, dd) = (0x1000, 0x1001, 0x1002, 0x1003);
    let mut w = wave(0);
    setup(&mut w);
    f.run("ds_permutes", &mut w, &no_mem(), &mut []).unwrap();
    assert_eq!(
        &v(&w, 10)[..4],
        &[aa, aa, dd, bb],
        "bpermute EXEC=0xF: {{A, A, D, B}}"
    );
    assert_eq!(
        &v(&w, 11)[..4],
        &[bb, dd, 0, cc],
        "permute EXEC=0xF: {{B, D, 0, C}}"
    );
    for l in 4..64 {
        assert_eq!(
            (v(&w, 10)[l], v(&w, 11)[l]),
            (0x1000 + l as u32, 0x1000 + l as u32)
        );
    }
    let mut w = wave(0);
    setup(&mut w);
    w.set_exec(0xA);
    f.run("ds_permutes", &mut w, &no_mem(), &mut []).unwrap();
    assert_eq!(
        &v(&w, 10)[..4],
        &[0x77, 0, 0x77, bb],
        "bpermute EXEC=0xA: {{-, 0, -, B}}"
    );
    assert_eq!(
        &v(&w, 11)[..4],
        &[0x77, dd, 0x77, 0],
        "permute EXEC=0xA: {{-, D, -, 0}}"
    );
}

#[test]
fn append_and_consume_count_active_lanes() {
    let f = fx();
    let mut w = wave(0);
    w.set_exec(0x0F0F); // 8 lanes
    w.sgpr[124] = 0x40; // M0 = counter address
    let mut lds = vec![0u8; 256];
    wr32(&mut lds, 0x40, 10);
    wr32(&mut lds, 0x44, 100);
    set(&mut w, 5, |_| 0x77);
    f.run("ds_append_consume", &mut w, &no_mem(), &mut lds)
        .unwrap();
    assert_eq!(rd32(&lds, 0x40), 18, "append adds popcount(EXEC)");
    assert_eq!(
        rd32(&lds, 0x44),
        92,
        "consume at M0 + offset:4 subtracts it"
    );
    for l in 0..64 {
        let on = 0x0F0Fu64 >> l & 1 != 0;
        assert_eq!(
            v(&w, 5)[l],
            if on { 10 } else { 0x77 },
            "pre-op value to every active lane"
        );
        if on {
            assert_eq!(v(&w, 6)[l], 100);
        }
    }
}

#[test]
fn addtid_addresses_by_lane() {
    let f = fx();
    let mut w = wave(0);
    w.sgpr[124] = 0x100;
    set(&mut w, 2, |l| 0xC0DE_0000 + l as u32);
    let mut lds = vec![0u8; 1024];
    f.run("ds_addtid", &mut w, &no_mem(), &mut lds).unwrap();
    // MEM[{OFFSET1,OFFSET0} + M0[15:0] + laneID*4]: write at 0x110 + 4L, read at 0x114 + 4L = lane L+1's dword.
    for l in 0..64 {
        assert_eq!(rd32(&lds, 0x110 + 4 * l), 0xC0DE_0000 + l as u32);
        assert_eq!(v(&w, 3)[l], if l < 63 { 0xC0DE_0001 + l as u32 } else { 0 });
    }
}

#[test]
fn transpose_reads_give_columns_of_the_16_lane_tile() {
    let f = fx();
    let mut w = wave(0);
    let mut lds = vec![0u8; 4096];
    set(&mut w, 1, |l| 8 * l as u32);
    set(&mut w, 2, |l| 12 * l as u32);
    // b16 tile at 0: halfword k = k (lane L's 8 bytes hold elements 4L..4L+3).
    for k in 0..256 {
        lds[2 * k..2 * k + 2].copy_from_slice(&(k as u16).to_le_bytes());
    }
    // b8 tile at 512: byte k = k.
    for k in 0..512 {
        lds[512 + k] = k as u8;
    }
    // b4 tile at 1024: lane L's nibble e = (3L + 5e) & 15 (asymmetric, so a transpose is visible).
    for l in 0..64 {
        let mut x = 0u64;
        for e in 0..16 {
            x |= (((3 * l + 5 * e) & 15) as u64) << (4 * e);
        }
        lds[1024 + 8 * l..1024 + 8 * l + 8].copy_from_slice(&x.to_le_bytes());
    }
    // b6 tile at 2048: lane L's 96 bits hold 16 six-bit elements e = (7L + 3e) & 63.
    for l in 0..64 {
        let mut x = 0u128;
        for e in 0..16 {
            x |= (((7 * l + 3 * e) & 63) as u128) << (6 * e);
        }
        lds[2048 + 12 * l..2048 + 12 * l + 12].copy_from_slice(&x.to_le_bytes()[..12]);
    }
    f.run("ds_transpose", &mut w, &no_mem(), &mut lds).unwrap();
    for j in 0..64 {
        let (g, jj) = (j / 16, j % 16);
        let q = |r: usize| v(&w, r)[j] as u64 | (v(&w, r + 1)[j] as u64) << 32;
        // b16: lane j gets column j of the 4x16 row-major tile its group loaded: 64g + jj + 16r.
        for r in 0..4 {
            assert_eq!(
                (q(10) >> (16 * r)) as u16 as usize,
                64 * g + jj + 16 * r,
                "tr_b16 lane {j} elem {r}"
            );
        }
        // b8: column j of an 8x16 byte tile: 128g + jj + 16r.
        for r in 0..8 {
            assert_eq!(
                (q(12) >> (8 * r)) as u8,
                (128 * g + jj + 16 * r) as u8,
                "tr_b8 lane {j} byte {r}"
            );
        }
        // b4: 16x16 nibble transpose: element r of lane j = element j of lane 16g + r.
        for r in 0..16 {
            assert_eq!(
                (q(14) >> (4 * r)) & 15,
                ((3 * (16 * g + r) + 5 * jj) & 15) as u64,
                "tr_b4 {j} {r}"
            );
        }
        let x = v(&w, 16)[j] as u128 | (v(&w, 17)[j] as u128) << 32 | (v(&w, 18)[j] as u128) << 64;
        for r in 0..16 {
            assert_eq!(
                (x >> (6 * r)) & 63,
                ((7 * (16 * g + r) + 3 * jj) & 63) as u128,
                "tr_b6 {j} {r}"
            );
        }
    }
}

#[test]
fn accvgpr_data_and_destination() {
    let f = fx();
    let mut w = wave(0);
    set(&mut w, 1, |l| 16 * l as u32);
    for l in 0..64 {
        w.vreg[256 + 6][l] = 0xACC0_0000 + l as u32;
    }
    let mut lds = vec![0u8; 1024];
    for l in 0..64 {
        wr32(&mut lds, 16 * l + 4, 0x5000 + l as u32);
        wr32(&mut lds, 16 * l + 12, 1);
    }
    f.run("ds_acc", &mut w, &no_mem(), &mut lds).unwrap();
    for l in 0..64 {
        assert_eq!(a(&w, 5)[l], 0x5000 + l as u32, "ds_read_b32 a5");
        assert_eq!(
            rd32(&lds, 16 * l + 8),
            0xACC0_0000 + l as u32,
            "ds_write_b32 from a6"
        );
        assert_eq!(a(&w, 7)[l], 1, "ds_add_rtn_u32 returns to a7");
        assert_eq!(rd32(&lds, 16 * l + 12), 1 + 0xACC0_0000 + l as u32);
    }
    assert_eq!(Operand::agpr(5).index(), 5);
}

#[test]
fn out_of_range_lds_is_a_fault_naming_lane_and_address() {
    let f = fx();
    let mut w = wave(0);
    set(&mut w, 1, |l| match l {
        5 => 0x1000,
        9 => 0x2000,
        _ => 4 * l as u32,
    });
    set(&mut w, 10, |_| 0x77);
    let mut lds = vec![0u8; 256];
    let e = f.run("ds_oob", &mut w, &no_mem(), &mut lds).unwrap_err();
    assert_eq!(e.kind, FaultKind::Memory);
    assert_eq!(e.lanes, 1 << 5 | 1 << 9, "every faulting lane");
    assert_eq!(
        e.addr,
        Some(0x1000),
        "the first faulting lane's LDS address"
    );
    assert!(
        e.detail.contains("lane 5") && e.detail.contains("LDS"),
        "{}",
        e.detail
    );
    assert!(
        v(&w, 10).iter().all(|&x| x == 0x77),
        "a faulting load writes no register"
    );
}

#[test]
fn misaligned_lds_atomic_faults() {
    let f = fx();
    let mut w = wave(0);
    w.set_exec(1);
    set(&mut w, 1, |_| 0);
    let mut lds = vec![0u8; 64];
    let e = f
        .run("ds_misaligned_atomic", &mut w, &no_mem(), &mut lds)
        .unwrap_err();
    assert_eq!(e.kind, FaultKind::Memory);
    assert_eq!(e.addr, Some(2));
    assert!(e.detail.contains("aligned"), "{}", e.detail);
}

#[test]
fn every_ds_opcode_has_semantics() {
    use wavescope::isa::{Op, DS_OPS};
    let mut missing = vec![];
    let mut n = 0;
    for op in DS_OPS.iter().copied().filter(|&o| o != Op::INVALID) {
        n += 1;
        // the GWS ones included: their handler hands the scheduler `Flow::Gws` (tests/cooperative.rs)
        if !wavescope::exec::is_implemented(op) {
            missing.push(op.name());
        }
    }
    assert_eq!(n, 132, "opcodes.csv DS rows");
    assert!(missing.is_empty(), "no semantics: {missing:?}");
}
