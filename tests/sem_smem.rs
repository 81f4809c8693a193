//! SMEM semantics against tests/fixtures/sem/smem.s (llvm-mc-22). Expected values come from pseudocode.md
//! ("Format SMEM"), the addressing rules of CDNA4 guide §8.2.1.1 (SBASE + inst_offset + SGPR offset, two LSBs
//! ignored, scratch offset × 64, V# base/stride/num_records) and MI200 guide §8.4 / §9.1.5.1 (out-of-range
//! buffer dwords read 0, writes and atomics dropped), worked by hand in the comments.

#[path = "sem_salu/harness.rs"]
mod harness;

use harness::{run, run_label, wave_at, Fixture};
use wavescope::exec::{FaultKind, GlobalMemory, Region, RegionKind, Wave};

fn fx() -> Fixture {
    Fixture::load("sem/smem.o")
}

fn set64(w: &mut Wave, r: usize, v: u64) {
    w.sgpr[r] = v as u32;
    w.sgpr[r + 1] = (v >> 32) as u32;
}

fn get64(w: &Wave, r: usize) -> u64 {
    w.sgpr[r] as u64 | (w.sgpr[r + 1] as u64) << 32
}

/// 0x200 bytes at 0x1000 where dword k (address 0x1000 + 4k) holds 0xA000_0000 + k.
fn pattern_memory() -> GlobalMemory {
    let bytes: Vec<u8> = (0..0x80u32)
        .flat_map(|k| (0xA000_0000 + k).to_le_bytes())
        .collect();
    let mut m = GlobalMemory::new();
    m.map(Region::new(
        0x1000,
        &bytes,
        0x200,
        "pattern",
        RegionKind::Other,
        true,
    ))
    .unwrap();
    m
}

/// The pattern value of the dword at `addr`.
fn pat(addr: u64) -> u32 {
    0xA000_0000 + ((addr - 0x1000) / 4) as u32
}

#[test]
fn s_load_addressing() {
    let f = fx();
    let m = pattern_memory();
    let mut w = wave_at(0);
    set64(&mut w, 4, 0x1020);
    w.sgpr[6] = 0x40;
    w.sgpr[124] = 0x100; // M0
    set64(&mut w, 26, 0x1022);
    run_label(&f, "loads", &mut w, &m);
    // s_load_dword 0x10: 0x1020 + 0x10 = 0x1030
    assert_eq!(w.sgpr[8], pat(0x1030));
    // s_load_dwordx2 -0x8: the 21-bit offset is signed for S_LOAD -> 0x1018, 0x101C
    assert_eq!((w.sgpr[10], w.sgpr[11]), (pat(0x1018), pat(0x101C)));
    // s_load_dwordx4 with SGPR offset (IMM = 0): 0x1020 + s6 (0x40) = 0x1060
    for k in 0..4 {
        assert_eq!(w.sgpr[12 + k], pat(0x1060 + 4 * k as u64));
    }
    // s_load_dwordx8 s6 offset:0x20 (SOE): 0x1020 + 0x20 + 0x40 = 0x1080
    for k in 0..8 {
        assert_eq!(w.sgpr[16 + k], pat(0x1080 + 4 * k as u64));
    }
    // s_load_dwordx16 with M0 offset: 0x1020 + 0x100 = 0x1120
    for k in 0..16 {
        assert_eq!(w.sgpr[32 + k], pat(0x1120 + 4 * k as u64));
    }
    // offset 0x13: the two address LSBs are ignored -> 0x1030
    assert_eq!(w.sgpr[24], pat(0x1030));
    // SBASE 0x1022: -> 0x1020
    assert_eq!(w.sgpr[25], pat(0x1020));
    // SDATA = VCC
    assert_eq!(w.vcc(), pat(0x1020) as u64 | (pat(0x1024) as u64) << 32);
}

#[test]
fn s_store_and_cache_ops() {
    let f = fx();
    let m = pattern_memory();
    let mut w = wave_at(0);
    set64(&mut w, 4, 0x1000);
    w.sgpr[124] = 0x20;
    w.sgpr[8] = 0x1111_1111;
    set64(&mut w, 10, 0x3333_3333_2222_2222);
    for k in 0..4 {
        w.sgpr[12 + k] = 0x4444_0000 + k as u32;
    }
    run_label(&f, "stores", &mut w, &m);
    assert_eq!(m.read_u32(0x1000).unwrap(), 0x1111_1111);
    assert_eq!(m.read_u32(0x1004).unwrap(), pat(0x1004)); // untouched
    assert_eq!(m.read_u64(0x1008).unwrap(), 0x3333_3333_2222_2222);
    for k in 0..4u64 {
        assert_eq!(m.read_u32(0x1020 + 4 * k).unwrap(), 0x4444_0000 + k as u32);
    }
    assert_eq!(m.read_u32(0x1030).unwrap(), pat(0x1030));
}

#[test]
fn s_buffer_range_checking() {
    let f = fx();
    let m = pattern_memory();
    let mut w = wave_at(0);
    // V# 1: base 0x1102 (LSBs ignored -> 0x1100), SGPR1[31:30] swizzle bits (ignored by SMEM), stride 0,
    // num_records 16 bytes.
    w.sgpr[0] = 0x1102;
    w.sgpr[1] = 0xC000_0000;
    w.sgpr[2] = 16;
    w.sgpr[3] = 0;
    w.sgpr[6] = 0x40;
    w.sgpr[20] = 0x5555;
    w.sgpr[21] = 0x6666;
    set64(&mut w, 10, u64::MAX);
    // V# 2: base 0x1180, stride 8, num_records 3 -> range 24 bytes.
    w.sgpr[40] = 0x1180;
    w.sgpr[41] = 8 << 16;
    w.sgpr[42] = 3;
    w.sgpr[43] = 0;
    w.sgpr[124] = 0x10;
    run_label(&f, "buffer", &mut w, &m);
    // offset 4 < 16: 0x1104
    assert_eq!(w.sgpr[8], pat(0x1104));
    // x4 at offset 8: dwords at 8 and 12 are in range, 16 and 20 are not -> 0
    assert_eq!(&w.sgpr[12..16], &[pat(0x1108), pat(0x110C), 0, 0]);
    // SGPR offset 0x40 >= 16: both dwords 0
    assert_eq!((w.sgpr[10], w.sgpr[11]), (0, 0));
    // store at 0xC is in range; the x2 store at 0x10 is dropped
    assert_eq!(m.read_u32(0x110C).unwrap(), 0x5555);
    assert_eq!(m.read_u32(0x1110).unwrap(), pat(0x1110));
    assert_eq!(m.read_u32(0x1114).unwrap(), pat(0x1114));
    // stride 8 x 3 records = 24 bytes: six dwords from 0x1180, then 0
    for k in 0..6u64 {
        assert_eq!(w.sgpr[24 + k as usize], pat(0x1180 + 4 * k));
    }
    assert_eq!((w.sgpr[30], w.sgpr[31]), (0, 0));
    // x16 at M0 offset 16: dwords at 16 and 20 in range, 14 zeros
    assert_eq!((w.sgpr[48], w.sgpr[49]), (pat(0x1190), pat(0x1194)));
    assert!(w.sgpr[50..64].iter().all(|&d| d == 0));
}

#[test]
fn s_atomics() {
    let f = fx();
    let mut init = [0u32; 26];
    init[0] = 10; // add
    init[1] = 10; // sub
    init[2] = 7; // cmpswap hit
    init[3] = 7; // cmpswap miss
    init[4] = 5; // smin
    init[5] = 5; // umin
    init[6] = (-3i32) as u32; // smax
    init[7] = (-3i32) as u32; // umax
    init[8] = 0xF0F0; // and
    init[9] = 0xF0F0; // or
    init[10] = 0xFFFF; // xor
    init[11] = 7; // inc wrap
    init[12] = 3; // inc
    init[13] = 0; // dec from 0
    init[14] = 5; // dec above src
    init[15] = 5; // dec
    init[16] = 0x1111; // swap
    init[18] = 0xFFFF_FFFF; // add_x2 low (0x48)
    init[20] = 0x9ABC_DEF0; // cmpswap_x2 (0x50)
    init[21] = 0x1234_5678;
    init[22] = 5; // smin_x2 (0x58)
    init[24] = 0; // dec_x2 (0x60)
    let bytes: Vec<u8> = init.iter().flat_map(|d| d.to_le_bytes()).collect();
    let mut m = GlobalMemory::new();
    m.map(Region::new(
        0x2000,
        &bytes,
        0x100,
        "atomics",
        RegionKind::Other,
        true,
    ))
    .unwrap();
    let mut w = wave_at(0);
    set64(&mut w, 4, 0x2000);
    w.sgpr[8] = 5;
    w.sgpr[9] = 3;
    set64(&mut w, 10, 7 << 32 | 99); // src 99, cmp 7
    set64(&mut w, 12, 8 << 32 | 99); // src 99, cmp 8
    w.sgpr[14] = (-1i32) as u32;
    w.sgpr[15] = 0xFFFF_FFFF;
    w.sgpr[16] = 2;
    w.sgpr[17] = 2;
    w.sgpr[18] = 0xFF00;
    w.sgpr[19] = 0x0F0F;
    w.sgpr[20] = 0x0FF0;
    w.sgpr[21] = 7;
    w.sgpr[22] = 7;
    w.sgpr[23] = 9;
    w.sgpr[24] = 3;
    w.sgpr[25] = 9;
    w.sgpr[26] = 0x2222;
    set64(&mut w, 28, 1);
    set64(&mut w, 32, 1); // src
    set64(&mut w, 34, 0x1234_5678_9ABC_DEF0); // cmp
    set64(&mut w, 36, u64::MAX); // -1
    set64(&mut w, 38, 9);
    run_label(&f, "atomics", &mut w, &m);
    let rd = |o: u64| m.read_u32(0x2000 + o).unwrap();
    // ADD with GLC: MEM = 10 + 5, SDATA = old 10
    assert_eq!((rd(0x0), w.sgpr[8]), (15, 10));
    // SUB without GLC: MEM = 10 - 3, SDATA not written
    assert_eq!((rd(0x4), w.sgpr[9]), (7, 3));
    // CMPSWAP: tmp (7) == cmp (DATA[63:32] = 7) -> MEM = src (99); returns 7. Miss (cmp 8) keeps 7.
    assert_eq!((rd(0x8), w.sgpr[10]), (99, 7));
    assert_eq!((rd(0xC), w.sgpr[12]), (7, 7));
    // SMIN(5, -1) = -1; UMIN(5, 0xFFFFFFFF) = 5
    assert_eq!((rd(0x10), w.sgpr[14]), (0xFFFF_FFFF, 5));
    assert_eq!((rd(0x14), w.sgpr[15]), (5, 5));
    // SMAX(-3, 2) = 2; UMAX(0xFFFFFFFD, 2) = 0xFFFFFFFD
    assert_eq!((rd(0x18), w.sgpr[16]), (2, 0xFFFF_FFFD));
    assert_eq!((rd(0x1C), w.sgpr[17]), (0xFFFF_FFFD, 0xFFFF_FFFD));
    assert_eq!(rd(0x20), 0xF000); // 0xF0F0 & 0xFF00
    assert_eq!(rd(0x24), 0xFFFF); // 0xF0F0 | 0x0F0F
    assert_eq!(rd(0x28), 0xF00F); // 0xFFFF ^ 0x0FF0
                                  // INC: tmp (7) >= src (7) -> 0, returns 7; tmp 3 < 7 -> 4
    assert_eq!((rd(0x2C), w.sgpr[21]), (0, 7));
    assert_eq!(rd(0x30), 4);
    // DEC: tmp 0 -> src (9), returns 0; tmp 5 > src 3 -> 3; tmp 5 <= 9 -> 4
    assert_eq!((rd(0x34), w.sgpr[23]), (9, 0));
    assert_eq!(rd(0x38), 3);
    assert_eq!(rd(0x3C), 4);
    // SWAP returns the old value
    assert_eq!((rd(0x40), w.sgpr[26]), (0x2222, 0x1111));
    // ADD_X2: 0xFFFFFFFF + 1 carries into the high dword
    assert_eq!(m.read_u64(0x2048).unwrap(), 0x1_0000_0000);
    assert_eq!(get64(&w, 28), 0xFFFF_FFFF);
    // CMPSWAP_X2: src = DATA[63:0] = 1, cmp = DATA[127:64] matches -> MEM = 1, returns old
    assert_eq!(m.read_u64(0x2050).unwrap(), 1);
    assert_eq!(get64(&w, 32), 0x1234_5678_9ABC_DEF0);
    // SMIN_X2(5, -1) = -1
    assert_eq!(m.read_u64(0x2058).unwrap(), u64::MAX);
    // DEC_X2 from 0 -> src (9), returns 0
    assert_eq!(m.read_u64(0x2060).unwrap(), 9);
    assert_eq!(get64(&w, 38), 0);
}

#[test]
fn s_buffer_atomics() {
    let f = fx();
    let init: [u32; 8] = [0x10, 0x20, 0x30, 0x40, 0x50, 0x60, 0x70, 0x80];
    let bytes: Vec<u8> = init.iter().flat_map(|d| d.to_le_bytes()).collect();
    let mut m = GlobalMemory::new();
    m.map(Region::new(
        0x2000,
        &bytes,
        0x20,
        "atomics",
        RegionKind::Other,
        true,
    ))
    .unwrap();
    let mut w = wave_at(0);
    // V#: base 0x2000, stride 0, num_records 16 bytes
    w.sgpr[0] = 0x2000;
    w.sgpr[1] = 0;
    w.sgpr[2] = 16;
    w.sgpr[3] = 0;
    w.sgpr[8] = 1;
    w.sgpr[9] = 0xDEAD;
    set64(&mut w, 12, 0xAAAA_BBBB_CCCC_DDDD); // src
    set64(&mut w, 14, 0x0000_0040_0000_0030); // cmp = MEM[8..16]
    set64(&mut w, 16, 0x0000_0001_0000_0000);
    run_label(&f, "buffer_atomics", &mut w, &m);
    // offset 4 in range: 0x20 + 1, returns 0x20
    assert_eq!((m.read_u32(0x2004).unwrap(), w.sgpr[8]), (0x21, 0x20));
    // offset 0x10 >= 16: dropped, returns 0
    assert_eq!((m.read_u32(0x2010).unwrap(), w.sgpr[9]), (0x50, 0));
    // CMPSWAP_X2 at 8: old 0x00000040_00000030 == cmp -> MEM = src, returns old
    assert_eq!(m.read_u64(0x2008).unwrap(), 0xAAAA_BBBB_CCCC_DDDD);
    assert_eq!(get64(&w, 12), 0x0000_0040_0000_0030);
    // UMAX_X2 at 0 without GLC: MEM[0..8] is 0x00000021_00000010 after the add; max with 0x1_00000000 keeps it
    assert_eq!(m.read_u64(0x2000).unwrap(), 0x0000_0021_0000_0010);
    assert_eq!(get64(&w, 16), 0x0000_0001_0000_0000);
}

#[test]
fn s_scratch_uses_the_swizzled_wave_layout() {
    let f = fx();
    let m = GlobalMemory::new();
    let mut w = wave_at(0);
    w.private_size = 16;
    w.scratch = vec![0; 16 * 64];
    for lane in 0..64usize {
        w.scratch[lane * 16..lane * 16 + 4].copy_from_slice(&(0x100 + lane as u32).to_le_bytes());
    }
    set64(&mut w, 4, 0);
    w.sgpr[6] = 2;
    w.sgpr[8] = 0xABCD;
    set64(&mut w, 10, 0x2222_0000_1111_0000);
    run_label(&f, "scratch", &mut w, &m);
    let lane_dword = |w: &Wave, lane: usize, off: usize| {
        u32::from_le_bytes(
            w.scratch[lane * 16 + off..lane * 16 + off + 4]
                .try_into()
                .unwrap(),
        )
    };
    // wave address 0x104: dword 0x41 -> lane 0x41 % 64 = 1, private offset (0x104 / 256) * 4 = 4
    assert_eq!(lane_dword(&w, 1, 4), 0xABCD);
    // SGPR offset 2 is scaled by 64: wave address 0x80 -> lanes 32 and 33 at private offset 0
    assert_eq!(lane_dword(&w, 32, 0), 0x1111_0000);
    assert_eq!(lane_dword(&w, 33, 0), 0x2222_0000);
    assert_eq!(w.sgpr[12], 0xABCD);
    // wave address 0..16: lanes 0..3 at private offset 0
    assert_eq!(&w.sgpr[16..20], &[0x100, 0x101, 0x102, 0x103]);
}

#[test]
fn s_scratch_past_the_private_segment_faults() {
    let f = fx();
    let m = GlobalMemory::new();
    let mut w = wave_at(f.label("scratch_fault"));
    w.private_size = 16;
    w.scratch = vec![0; 16 * 64];
    let mut lds = [0u8; 0];
    // wave address 0x400 -> private offset 16 = private_size: outside
    let e = run(&f, &mut w, &m, &mut lds).unwrap_err();
    assert_eq!(e.kind, FaultKind::Memory);
    assert_eq!(e.addr, Some(0x400));
}

#[test]
fn s_memtime_counts_instructions() {
    let f = fx();
    let m = GlobalMemory::new();
    let mut w = wave_at(0);
    run_label(&f, "memtime", &mut w, &m);
    // wavescope's clock is the wave's issued-instruction count: s_memtime is the 3rd instruction,
    // s_memrealtime the 4th (documented approximation, see smem::fidelity)
    assert_eq!(get64(&w, 8), 3);
    assert_eq!(get64(&w, 10), 4);
}

#[test]
fn unmapped_load_faults_without_writing() {
    let f = fx();
    let m = pattern_memory();
    let mut w = wave_at(f.label("fault_load"));
    set64(&mut w, 4, 0xDEAD_0000);
    w.sgpr[8] = 0x77;
    let mut lds = [0u8; 0];
    let e = run(&f, &mut w, &m, &mut lds).unwrap_err();
    assert_eq!(e.kind, FaultKind::Memory);
    assert_eq!(e.addr, Some(0xDEAD_0000));
    assert_eq!(w.sgpr[8], 0x77);
    assert_eq!(w.pc, f.label("fault_load"));
}

#[test]
fn store_to_read_only_memory_faults() {
    let f = fx();
    let mut m = GlobalMemory::new();
    m.map(Region::new(
        0x3000,
        &[0; 16],
        16,
        "code",
        RegionKind::CodeObject,
        false,
    ))
    .unwrap();
    let mut w = wave_at(f.label("fault_store"));
    set64(&mut w, 4, 0x3000);
    let mut lds = [0u8; 0];
    let e = run(&f, &mut w, &m, &mut lds).unwrap_err();
    assert_eq!(e.kind, FaultKind::Memory);
    assert_eq!(e.addr, Some(0x3000));
}

/// Coverage: every SMEM row of opcodes.csv (84) has a handler.
#[test]
fn every_smem_opcode_is_implemented() {
    use wavescope::isa::{Op, SMEM_OPS};
    let ops: Vec<Op> = SMEM_OPS
        .iter()
        .copied()
        .filter(|o| *o != Op::INVALID)
        .collect();
    assert_eq!(ops.len(), 84);
    let missing: Vec<&str> = ops
        .iter()
        .filter(|o| !wavescope::exec::is_implemented(**o))
        .map(|o| o.name())
        .collect();
    assert!(missing.is_empty(), "{missing:?}");
}
