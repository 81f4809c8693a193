//! MUBUF/MTBUF and FLAT/GLOBAL/SCRATCH semantics on the assembled fixture tests/fixtures/sem/vmem.s (vmem.o,
//! listing vmem.objdump.txt). Expected values are worked out from pseudocode.md and the MI200 guide (ch. 9–10) in
//! the comments, never read back from wavescope.

#[path = "sem_mem/shim.rs"]
mod shim;

use shim::{fixture, memory, wave, Fixture};
use wavescope::exec::{Apertures, FaultKind, GlobalMemory, Wave};

const BASE: u64 = 0x7000_0000;
const SIZE: u64 = 8192;

fn fx() -> Fixture {
    fixture("sem/vmem.o")
}

/// Global memory byte k = (k * 0x1B) ^ 0x96 (so bytes 3 and 6.. have both signs).
fn pattern() -> Vec<u8> {
    (0..SIZE as u32)
        .map(|k| ((k as u8).wrapping_mul(0x1B)) ^ 0x96)
        .collect()
}

fn mem_bytes(m: &GlobalMemory) -> Vec<u8> {
    m.regions()[0].to_bytes()
}

fn d32(b: &[u8], a: usize) -> u32 {
    u32::from_le_bytes(b[a..a + 4].try_into().unwrap())
}

fn d64(b: &[u8], a: usize) -> u64 {
    u64::from_le_bytes(b[a..a + 8].try_into().unwrap())
}

fn set(w: &mut Wave, r: usize, f: impl Fn(usize) -> u32) {
    for l in 0..64 {
        w.vreg[r][l] = f(l);
    }
}

fn set64(w: &mut Wave, r: usize, f: impl Fn(usize) -> u64) {
    for l in 0..64 {
        w.vreg[r][l] = f(l) as u32;
        w.vreg[r + 1][l] = (f(l) >> 32) as u32;
    }
}

fn v(w: &Wave, r: usize) -> [u32; 64] {
    w.vreg[r]
}

/// v[2:3] = BASE + 128 * lane (each lane its own 128-byte block), s[4:5] = BASE, v1 = 128 * lane.
fn lane_blocks(w: &mut Wave) {
    set64(w, 2, |l| BASE + 128 * l as u64);
    set(w, 1, |l| 128 * l as u32);
    w.sgpr[4] = BASE as u32;
    w.sgpr[5] = (BASE >> 32) as u32;
}

#[test]
fn global_loads_extend_merge_and_address() {
    let f = fx();
    let mut w = wave(0);
    lane_blocks(&mut w);
    set(&mut w, 1, |l| 128 * l as u32 + 12); // dwordx3 uses offset:-12 from s[4:5] + v1
    for r in 24..27 {
        set(&mut w, r, |_| 0x1234_5678);
    }
    let m = memory(BASE, &pattern(), SIZE);
    f.run("g_loads", &mut w, &m, &mut []).unwrap();
    let b = pattern();
    // Lane 0 by hand: bytes 0..7 = 96,8D,A0,C7,FA,11,34,2B.
    assert_eq!(v(&w, 11)[0], 0xFFFF_FFC7, "global_load_sbyte sign-extends");
    assert_eq!(v(&w, 12)[0], 0xC7);
    assert_eq!(v(&w, 13)[0], 0x2B34, "sshort of 0x2B34");
    assert_eq!(v(&w, 24)[0], 0x00C7_5678, "ubyte_d16_hi keeps the low half");
    assert_eq!(v(&w, 25)[0], 0x1234_FFC7, "sbyte_d16 keeps the high half");
    assert_eq!(v(&w, 26)[0], 0x2B34_5678, "short_d16_hi");
    for l in 0..64 {
        let o = 128 * l;
        let s16 = u16::from_le_bytes([b[o + 6], b[o + 7]]);
        assert_eq!(v(&w, 10)[l], d32(&b, o));
        assert_eq!(v(&w, 11)[l], b[o + 3] as i8 as i32 as u32);
        assert_eq!(v(&w, 12)[l], b[o + 3] as u32);
        assert_eq!(v(&w, 13)[l], s16 as i16 as i32 as u32);
        assert_eq!(v(&w, 14)[l], s16 as u32);
        for d in 0..3 {
            assert_eq!(
                v(&w, 16 + d)[l],
                d32(&b, o + 4 * d),
                "saddr + vgpr + offset:-12"
            );
        }
        for d in 0..4 {
            assert_eq!(v(&w, 20 + d)[l], d32(&b, o + 12 + 4 * d));
        }
        assert_eq!(w.vreg[256 + 4][l], d32(&b, o + 8), "a4");
        assert_eq!(w.vreg[256 + 5][l], d32(&b, o + 12), "a5");
    }
}

#[test]
fn global_stores_bytes_halves_and_dwords() {
    let f = fx();
    let mut w = wave(0);
    lane_blocks(&mut w);
    set(&mut w, 4, |l| 0xA1B2_C3D4u32.wrapping_add(l as u32));
    for k in 0..4 {
        set(&mut w, 6 + k, |l| 0x1111_1111 * (k as u32 + 1) + l as u32);
    }
    for l in 0..64 {
        w.vreg[256 + 3][l] = 0xACC0_0000 + l as u32;
    }
    let m = memory(BASE, &vec![0xEE; SIZE as usize], SIZE);
    f.run("g_stores", &mut w, &m, &mut []).unwrap();
    let b = mem_bytes(&m);
    for l in 0..64 {
        let o = 128 * l;
        let d = 0xA1B2_C3D4u32.wrapping_add(l as u32);
        let x = |k: u32| 0x1111_1111 * (k + 1) + l as u32;
        assert_eq!(b[o], d as u8, "store_byte: VDATA[7:0]");
        assert_eq!(b[o + 1], (d >> 16) as u8, "store_byte_d16_hi: VDATA[23:16]");
        assert_eq!(&b[o + 2..o + 4], &(d as u16).to_le_bytes());
        assert_eq!(
            &b[o + 4..o + 6],
            &((d >> 16) as u16).to_le_bytes(),
            "short_d16_hi through saddr"
        );
        assert_eq!(&b[o + 6..o + 8], &[0xEE, 0xEE]);
        for k in 0..3 {
            assert_eq!(d32(&b, o + 8 + 4 * k as usize), x(k));
        }
        for k in 0..4 {
            assert_eq!(d32(&b, o + 20 + 4 * k as usize), x(k));
        }
        assert_eq!(d32(&b, o + 36), 0xACC0_0000 + l as u32, "store from a3");
        assert_eq!(b[o + 40], 0xEE);
    }
}

#[test]
fn global_atomics_return_with_sc0_only() {
    let f = fx();
    let mut w = wave(0);
    w.set_exec(0b11);
    lane_blocks(&mut w);
    set(&mut w, 0, |_| 0xBEEF); // VDST field of the no-return forms is 0: v0 must stay.
    set(&mut w, 4, |l| 5 + l as u32);
    set(&mut w, 6, |_| 0x66); // cmpswap src
    set(&mut w, 7, |l| [0x77, 0x78][l.min(1)]); // cmpswap cmp
    set64(&mut w, 28, |_| 0xAAAA_BBBB_CCCC_DDDD); // cmpswap_x2 src
    set64(&mut w, 30, |l| [0x1_0000_0001, 3][l.min(1)]); // cmpswap_x2 cmp
    set(&mut w, 5, |l| [2.25f32.to_bits(), 1][l.min(1)]);
    set64(&mut w, 24, |l| [1.0f64.to_bits(), 1][l.min(1)]);
    set64(&mut w, 26, |l| [(-3i64) as u64, 5][l.min(1)]);
    let mut init = vec![0u8; SIZE as usize];
    let put32 = |b: &mut Vec<u8>, a: usize, x: u32| b[a..a + 4].copy_from_slice(&x.to_le_bytes());
    let put64 = |b: &mut Vec<u8>, a: usize, x: u64| b[a..a + 8].copy_from_slice(&x.to_le_bytes());
    for l in 0..2 {
        let o = 128 * l;
        put32(&mut init, o, 100);
        put32(&mut init, o + 4, 7);
        put32(&mut init, o + 8, 0x77);
        put64(&mut init, o + 16, 0x1_0000_0001);
        put32(&mut init, o + 32, [1.5f32.to_bits(), 1][l]);
        put32(&mut init, o + 36, [0x3C00_3C00, 1][l]);
        put64(&mut init, o + 40, [0.25f64.to_bits(), 1][l]);
        put64(
            &mut init,
            o + 48,
            [3.0f64.to_bits(), (-1.0f64).to_bits()][l],
        );
        put64(&mut init, o + 56, 2);
        put32(&mut init, o + 64, [0, 3][l]);
        put32(&mut init, o + 68, 1);
    }
    let m = memory(BASE, &init, SIZE);
    f.run("g_atomics", &mut w, &m, &mut []).unwrap();
    let b = mem_bytes(&m);
    let r64 = |r: usize, l: usize| v(&w, r)[l] as u64 | (v(&w, r + 1)[l] as u64) << 32;
    for l in 0..2 {
        let o = 128 * l;
        assert_eq!(
            (v(&w, 10)[l], d32(&b, o)),
            (100, 105 + l as u32),
            "add sc0 returns the old value"
        );
        assert_eq!(d32(&b, o + 4), 12 + l as u32, "add without sc0 still adds");
        // cmpswap: DATA = {src, cmp}: lane0 memory 0x77 == cmp 0x77 -> 0x66; lane1 cmp 0x78 -> unchanged.
        assert_eq!((v(&w, 11)[l], d32(&b, o + 8)), (0x77, [0x66, 0x77][l]));
        assert_eq!(r64(12, l), 0x1_0000_0001);
        assert_eq!(
            d64(&b, o + 16),
            [0xAAAA_BBBB_CCCC_DDDD, 0x1_0000_0001][l],
            "cmpswap_x2 DATA[127:64] is cmp"
        );
        assert_eq!(
            d32(&b, o + 36),
            [0x4210_3C00, 0x0000_0002][l],
            "pk_add_f16 (denormals kept)"
        );
        assert_eq!(v(&w, 15)[l], [0x3C00_3C00, 1][l]);
        assert_eq!(d64(&b, o + 56), [(-3i64) as u64, 2][l], "smin_x2 is signed");
        assert_eq!(r64(20, l), 2);
        // dec: (tmp == 0 || tmp > src) ? src : tmp - 1
        assert_eq!((v(&w, 22)[l], d32(&b, o + 64)), ([0, 3][l], [5, 2][l]));
        assert_eq!(d32(&b, o + 68), 5 + l as u32, "umax without return");
    }
    // add_f32 in memory: 1.5 + 2.25 = 3.75; denormal 1 ulp + 1 ulp = 2 ulp (gfx950 L2 keeps denormals even
    // though this wave's MODE flushes).
    assert_eq!((d32(&b, 32), d32(&b, 128 + 32)), (3.75f32.to_bits(), 2));
    assert_eq!((v(&w, 14)[0], v(&w, 14)[1]), (1.5f32.to_bits(), 1));
    // add_f64: 0.25 + 1 = 1.25; denormal + denormal = 2. max_f64: max(3, 1) = 3; max(-1, denormal) = denormal.
    assert_eq!((d64(&b, 40), d64(&b, 168)), (1.25f64.to_bits(), 2));
    assert_eq!((d64(&b, 48), d64(&b, 176)), (3.0f64.to_bits(), 1));
    assert_eq!(
        (r64(16, 0), r64(18, 1)),
        (0.25f64.to_bits(), (-1.0f64).to_bits())
    );
    assert!(
        v(&w, 0).iter().all(|&x| x == 0xBEEF),
        "no-return atomics write no VDST"
    );
}

#[test]
fn global_fault_names_first_lane_and_all_lanes() {
    let f = fx();
    let mut w = wave(0);
    lane_blocks(&mut w);
    set64(&mut w, 2, |l| match l {
        3 => 0xDEAD_0000,
        7 => BASE + SIZE - 2, // straddles the end of the buffer
        _ => BASE + 4 * l as u64,
    });
    set(&mut w, 10, |_| 0x77);
    let m = memory(BASE, &pattern(), SIZE);
    let e = f.run("g_fault", &mut w, &m, &mut []).unwrap_err();
    assert_eq!(e.kind, FaultKind::Memory);
    assert_eq!(e.lanes, 1 << 3 | 1 << 7);
    assert_eq!(e.addr, Some(0xDEAD_0000));
    assert!(e.detail.contains("lane 3"), "{}", e.detail);
    assert!(
        v(&w, 10).iter().all(|&x| x == 0x77),
        "a faulting load writes no register"
    );
}

#[test]
fn flat_routes_by_aperture() {
    let f = fx();
    let ap = Apertures::default();
    let mut w = wave(64);
    w.set_exec(0b111);
    set64(&mut w, 2, |l| match l {
        0 => BASE + 0x100,
        1 => ap.shared_base + 0x40,
        _ => ap.private_base + 0x10,
    });
    set(&mut w, 4, |l| 0x1234_0000 + l as u32);
    let mut init = vec![0u8; SIZE as usize];
    init[0x108..0x10C].copy_from_slice(&10u32.to_le_bytes());
    let m = memory(BASE, &init, SIZE);
    let mut lds = vec![0u8; 256];
    lds[0x48..0x4C].copy_from_slice(&20u32.to_le_bytes());
    w.scratch[2 * 64 + 0x18..2 * 64 + 0x1C].copy_from_slice(&30u32.to_le_bytes());
    f.run("flat_route", &mut w, &m, &mut lds).unwrap();
    let b = mem_bytes(&m);
    // Lane 0 -> global BASE+0x104; lane 1 -> LDS 0x44; lane 2 -> its private offset 0x14.
    assert_eq!(d32(&b, 0x104), 0x1234_0000);
    assert_eq!(d32(&lds, 0x44), 0x1234_0001);
    assert_eq!(d32(&w.scratch, 2 * 64 + 0x14), 0x1234_0002);
    assert_eq!(
        &v(&w, 10)[..3],
        &[0x1234_0000, 0x1234_0001, 0x1234_0002],
        "loads read back each space"
    );
    assert_eq!(
        &v(&w, 11)[..3],
        &[10, 20, 30],
        "flat_atomic_add sc0 returns the old value in each space"
    );
    assert_eq!(d32(&b, 0x108), 10 + 0x1234_0000);
    assert_eq!(d32(&lds, 0x48), 20 + 0x1234_0001);
    assert_eq!(d32(&w.scratch, 2 * 64 + 0x18), 30 + 0x1234_0002);
    assert_eq!(&v(&w, 12)[..3], &[0, 1, 2], "flat_load_ushort");
}

#[test]
fn scratch_addressing_sve_saddr_and_offsets() {
    let f = fx();
    let mut w = wave(64);
    for l in 0..64 {
        for k in 0..64 {
            w.scratch[64 * l + k] = (k as u8).wrapping_mul(0x1D) ^ l as u8 ^ 0x80;
        }
    }
    set(&mut w, 1, |l| 4 * (l as u32 & 7));
    set(&mut w, 4, |l| 0x4444_0000 + l as u32);
    set(&mut w, 6, |l| 0x6666_0000 + l as u32);
    set(&mut w, 7, |l| 0x7777_0000 + l as u32);
    set(&mut w, 14, |_| 0x1234_5678);
    w.sgpr[6] = 32;
    let before = w.scratch.clone();
    f.run("scratch_ops", &mut w, &memory(BASE, &[], 16), &mut [])
        .unwrap();
    for l in 0..64 {
        let s = &w.scratch[64 * l..64 * l + 64];
        let vo = 4 * (l & 7);
        // scratch_store_dword v1, v4, off offset:4 -> private offset v1 + 4.
        assert_eq!(d32(s, vo + 4), 0x4444_0000 + l as u32);
        // scratch_store_dwordx2 off, v[6:7], s6 offset:8 -> private offset s6 + 8 = 40 in every lane.
        assert_eq!(
            (d32(s, 40), d32(s, 44)),
            (0x6666_0000 + l as u32, 0x7777_0000 + l as u32)
        );
        assert_eq!(v(&w, 10)[l], 0x4444_0000 + l as u32);
        assert_eq!(
            (v(&w, 12)[l], v(&w, 13)[l]),
            (0x6666_0000 + l as u32, 0x7777_0000 + l as u32)
        );
        // scratch_load_sbyte_d16_hi v14, v1, s6 offset:-1 -> byte at v1 + 32 - 1 of the memory after the stores
        // (checked above), sign-extended into the high half.
        let a = vo + 31;
        let byte = if (40..48).contains(&a) {
            s[a]
        } else {
            before[64 * l + a]
        };
        assert_eq!(
            v(&w, 14)[l],
            (byte as i8 as i16 as u16 as u32) << 16 | 0x5678,
            "lane {l}"
        );
    }
}

#[test]
fn scratch_out_of_range_faults_with_lane_and_offset() {
    let f = fx();
    let mut w = wave(16);
    set(&mut w, 1, |l| match l {
        2 => 16,
        4 => 0xFFFF_FFFC,
        _ => 0,
    });
    let e = f
        .run("scratch_oob", &mut w, &memory(BASE, &[], 16), &mut [])
        .unwrap_err();
    assert_eq!(e.kind, FaultKind::Memory);
    assert_eq!(e.lanes, 1 << 2 | 1 << 4);
    assert_eq!(e.addr, Some(16));
    assert!(
        e.detail.contains("lane 2") && e.detail.contains("private"),
        "{}",
        e.detail
    );
}

#[test]
fn global_and_scratch_loads_to_lds() {
    let f = fx();
    let b = pattern();
    // global_load_lds_dword v[2:3], off offset:4: LDS[M0 + 4 + 4*lane] = MEM[v + 4].
    let mut w = wave(0);
    lane_blocks(&mut w);
    w.sgpr[124] = 0x100;
    let mut lds = vec![0u8; 4096];
    f.run("lds_dma_dword", &mut w, &memory(BASE, &b, SIZE), &mut lds)
        .unwrap();
    for l in 0..64 {
        assert_eq!(d32(&lds, 0x104 + 4 * l), d32(&b, 128 * l + 4));
    }
    // global_load_lds_sbyte v1, s[4:5] offset:3: LDS dword at M0 + 3 + 4*lane = sign-extended byte.
    let mut w = wave(0);
    lane_blocks(&mut w);
    w.sgpr[124] = 0x200;
    let mut lds = vec![0u8; 4096];
    f.run("lds_dma_sbyte", &mut w, &memory(BASE, &b, SIZE), &mut lds)
        .unwrap();
    for l in 0..64 {
        assert_eq!(d32(&lds, 0x203 + 4 * l), b[128 * l + 3] as i8 as i32 as u32);
    }
    // global_load_lds_dwordx4 v[2:3], off offset:16: 16 bytes per lane at M0 + 16 + 16*lane.
    let mut w = wave(0);
    lane_blocks(&mut w);
    let mut lds = vec![0u8; 2048];
    f.run("lds_dma_x4", &mut w, &memory(BASE, &b, SIZE), &mut lds)
        .unwrap();
    for l in 0..64 {
        assert_eq!(
            &lds[16 + 16 * l..32 + 16 * l],
            &b[128 * l + 16..128 * l + 32]
        );
    }
    // scratch_load_lds_ushort v1, off: zero-extended u16 of the lane's private offset v1 to M0 + 4*lane.
    let mut w = wave(16);
    set(&mut w, 1, |_| 2);
    for l in 0..64 {
        w.scratch[16 * l + 2] = 0x80 | l as u8;
        w.scratch[16 * l + 3] = 0xF0;
    }
    w.sgpr[124] = 0x40;
    let mut lds = vec![0xFFu8; 512];
    f.run("lds_dma_scratch", &mut w, &memory(BASE, &[], 16), &mut lds)
        .unwrap();
    for l in 0..64 {
        assert_eq!(d32(&lds, 0x40 + 4 * l), 0xF080 | l as u32);
    }
}

/// V# in s[8:11]: base BASE, `stride`, `num_records`, dword 3.
fn vsharp(w: &mut Wave, stride: u32, num_records: u32, dword3: u32, swizzle: bool) {
    w.sgpr[8] = BASE as u32;
    w.sgpr[9] = (BASE >> 32) as u32 | stride << 16 | (swizzle as u32) << 31;
    w.sgpr[10] = num_records;
    w.sgpr[11] = dword3;
}

#[test]
fn raw_buffer_range_checks() {
    let f = fx();
    let mut w = wave(0);
    vsharp(&mut w, 0, 100, 0x0002_7000, false);
    w.sgpr[12] = 128; // soffset: added to the address, not to the range check
    set(&mut w, 1, |l| 4 * l as u32);
    set(&mut w, 4, |l| 0xB000 + l as u32);
    let b = pattern();
    let m = memory(BASE, &b, SIZE);
    f.run("buf_raw", &mut w, &m, &mut []).unwrap();
    let after = mem_bytes(&m);
    for l in 0..64 {
        let o = 4 * l;
        // buffer_load_dword offen: in range while offset 4L < num_records 100 (L <= 24), else 0.
        assert_eq!(
            v(&w, 10)[l],
            if o < 100 { d32(&b, o) } else { 0 },
            "lane {l}"
        );
        // dwordx4, soffset 128, offset:4: component i is in range iff 4L + 4 + 4i < 100.
        for i in 0..4 {
            let want = if o + 4 + 4 * i < 100 {
                d32(&b, 128 + o + 4 + 4 * i)
            } else {
                0
            };
            assert_eq!(v(&w, 12 + i)[l], want, "lane {l} component {i}");
        }
        // store offset:64: written iff 4L + 64 < 100 (L < 9); otherwise dropped.
        let st = d32(&after, o + 64);
        if o + 64 < 100 {
            assert_eq!(st, 0xB000 + l as u32);
        } else {
            assert_eq!(st, d32(&b, o + 64), "dropped store leaves memory");
        }
        // (after the store above, which ran first)
        assert_eq!(
            v(&w, 16)[l],
            if o + 1 < 100 { after[o + 1] as u32 } else { 0 },
            "ubyte offset:1"
        );
    }
}

#[test]
fn structured_buffer_index_range() {
    let f = fx();
    let mut w = wave(0);
    vsharp(&mut w, 16, 10, 0x0002_7000, false);
    set(&mut w, 2, |l| l as u32); // index
    set(&mut w, 3, |_| 4); // offset
    set(&mut w, 4, |l| 0xC000 + l as u32);
    let b = pattern();
    let m = memory(BASE, &b, SIZE);
    f.run("buf_struct", &mut w, &m, &mut []).unwrap();
    let after = mem_bytes(&m);
    for l in 0..64 {
        // address = base + index * stride + offset + inst_offset; out of range iff index >= num_records.
        let want = if l < 10 { d32(&b, 16 * l + 8) } else { 0 };
        assert_eq!(v(&w, 10)[l], want, "lane {l}");
        if l < 10 {
            assert_eq!(
                &after[16 * l + 2..16 * l + 4],
                &(0xC000 + l as u16).to_le_bytes()
            );
        }
    }
    assert_eq!(
        &after[16 * 10..16 * 64],
        &b[16 * 10..16 * 64],
        "index >= 10 stores dropped"
    );
}

#[test]
fn buffer_atomics() {
    let f = fx();
    let mut w = wave(0);
    w.set_exec(0b11);
    vsharp(&mut w, 0, 0x1_0000, 0x0002_7000, false);
    set(&mut w, 1, |l| 64 * l as u32);
    set(&mut w, 4, |l| 5 + l as u32);
    set(&mut w, 6, |_| 0x66);
    set(&mut w, 7, |l| [0x77, 0x78][l.min(1)]);
    set64(&mut w, 8, |_| 3);
    let mut init = vec![0u8; SIZE as usize];
    for l in 0..2 {
        init[64 * l..64 * l + 4].copy_from_slice(&100u32.to_le_bytes());
        init[64 * l + 4..64 * l + 8].copy_from_slice(&0x77u32.to_le_bytes());
        init[64 * l + 8..64 * l + 16].copy_from_slice(&[(-7i64) as u64, 9][l].to_le_bytes());
    }
    let m = memory(BASE, &init, SIZE);
    f.run("buf_atomic", &mut w, &m, &mut []).unwrap();
    let b = mem_bytes(&m);
    for l in 0..2 {
        assert_eq!(
            (v(&w, 4)[l], d32(&b, 64 * l)),
            (100, 105 + l as u32),
            "atomic_add sc0 returns in VDATA"
        );
        assert_eq!(
            (v(&w, 6)[l], d32(&b, 64 * l + 4)),
            (0x77, [0x66, 0x77][l]),
            "cmpswap {{src, cmp}}"
        );
        assert_eq!(d64(&b, 64 * l + 8), [3, 9][l], "smax_x2 signed");
        assert_eq!(
            (v(&w, 8)[l], v(&w, 9)[l]),
            (3, 0),
            "no sc0: VDATA keeps the data"
        );
    }
}

#[test]
fn buffer_load_to_lds() {
    let f = fx();
    let mut w = wave(0);
    vsharp(&mut w, 0, 100, 0x0002_7000, false);
    set(&mut w, 1, |l| 4 * l as u32);
    w.sgpr[124] = 0x80;
    let b = pattern();
    let mut lds = vec![0xFFu8; 1024];
    f.run("buf_lds", &mut w, &memory(BASE, &b, SIZE), &mut lds)
        .unwrap();
    // LDS[M0 + inst_offset + 4*lane] = MEM[base + v1 + 4], range-checked: out of range reads 0.
    for l in 0..64 {
        let want = if 4 * l + 4 < 100 {
            d32(&b, 4 * l + 4)
        } else {
            0
        };
        assert_eq!(d32(&lds, 0x84 + 4 * l), want, "lane {l}");
    }
}

#[test]
fn swizzled_add_tid_buffer() {
    let f = fx();
    let mut w = wave(0);
    // add_tid_enable (dword3 bit 23), swizzle_en, stride 8, index_stride 8 (code 0), element size 4.
    vsharp(&mut w, 8, 0, 1 << 23, true);
    set(&mut w, 4, |l| 0xD000 + l as u32);
    let m = memory(BASE, &vec![0; SIZE as usize], SIZE);
    f.run("buf_swizzle", &mut w, &m, &mut []).unwrap();
    let b = mem_bytes(&m);
    // MI200 §9.1.5.2 with index = lane, offset = 4: index_msb = L/8, index_lsb = L%8, offset_msb = 1,
    // offset_lsb = 0 -> (L/8 * 8 + 1 * 4) * 8 + (L%8) * 4 = 64*(L/8) + 32 + 4*(L%8). No range check (scratch).
    for l in 0..64 {
        let a = 64 * (l / 8) + 32 + 4 * (l % 8);
        assert_eq!(d32(&b, a), 0xD000 + l as u32, "lane {l} at {a}");
        assert_eq!(v(&w, 10)[l], 0xD000 + l as u32);
    }
    assert_eq!((d32(&b, 0), d32(&b, 36), d32(&b, 96)), (0, 0xD001, 0xD008));
}

#[test]
fn format_loads_and_stores() {
    let f = fx();
    let mut w = wave(0);
    // dst_sel X,Y,Z,W = R,G,B,A (4,5,6,7), num_format unorm (0), data_format 8_8_8_8 (10).
    let dword3 = 4 | 5 << 3 | 6 << 6 | 7 << 9 | 10 << 15;
    vsharp(&mut w, 0, 0x1000, dword3, false);
    set(&mut w, 1, |l| 4 * l as u32);
    set(&mut w, 18, |l| [0.2f32, 1.5, -1.0, 0.5][l % 4].to_bits());
    set(&mut w, 14, |_| 0xFFFF_FFFF);
    let mut init = vec![0u8; SIZE as usize];
    for l in 0..64 {
        init[4 * l..4 * l + 4].copy_from_slice(&[l as u8, 255, 128, 51]);
        // f16 pair at 512 + 4L for the MTBUF 16_16 float load: (1.5, -2.0).
        init[512 + 4 * l..516 + 4 * l].copy_from_slice(&[0x00, 0x3E, 0x00, 0xC0]);
    }
    let m = memory(BASE, &init, SIZE);
    f.run("buf_format", &mut w, &m, &mut []).unwrap();
    let b = mem_bytes(&m);
    for l in 0..64 {
        // unorm8: x / 255 as f32.
        assert_eq!(v(&w, 10)[l], (l as f32 / 255.0).to_bits());
        assert_eq!(v(&w, 11)[l], 1.0f32.to_bits());
        assert_eq!(v(&w, 12)[l], (128.0f32 / 255.0).to_bits());
        assert_eq!(v(&w, 13)[l], 0.2f32.to_bits(), "51/255 = 0.2");
        assert_eq!(
            (v(&w, 16)[l], v(&w, 17)[l]),
            (1.5f32.to_bits(), (-2.0f32).to_bits()),
            "tbuffer 16_16 float"
        );
        // tbuffer_store_format_x 8 unorm at 4L + 64: round(clamp(x, 0, 1) * 255): 0.2 -> 51, 1.5 -> 255,
        // -1 -> 0, 0.5 -> 127.5 -> 128 (ties to even).
        assert_eq!(b[4 * l + 64], [51, 255, 0, 128][l % 4], "lane {l}");
        assert_eq!(
            &b[4 * l + 65..4 * l + 68],
            &init[4 * l + 65..4 * l + 68],
            "only one channel written"
        );
    }
    // d16_xy: (f16(0/255), f16(1.0)) for lane 0; lane 51: f16(0.2) = 0x3266 (numpy), 1.0 = 0x3C00.
    assert_eq!(v(&w, 14)[0], 0x3C00_0000);
    assert_eq!(v(&w, 14)[51], 0x3C00_3266);
}

#[test]
fn every_buffer_and_flat_opcode_has_semantics() {
    use wavescope::isa::{Op, FLAT_OPS, GLOBAL_OPS, MTBUF_OPS, MUBUF_OPS, SCRATCH_OPS};
    for (table, rows) in [
        (&MUBUF_OPS[..], 74),
        (&MTBUF_OPS[..], 16),
        (&FLAT_OPS[..], 54),
        (&GLOBAL_OPS[..], 61),
        (&SCRATCH_OPS[..], 27),
    ] {
        let ops: Vec<Op> = table
            .iter()
            .copied()
            .filter(|&o| o != Op::INVALID)
            .collect();
        assert_eq!(ops.len(), rows, "opcodes.csv rows");
        let missing: Vec<_> = ops
            .iter()
            .filter(|&&o| !wavescope::exec::is_implemented(o))
            .map(|o| o.name())
            .collect();
        assert!(missing.is_empty(), "no semantics: {missing:?}");
    }
}
