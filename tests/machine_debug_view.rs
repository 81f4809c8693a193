//! `Machine::debug_view`, the executor's `debug_info::WaveView` (what inspect, the TUI and the gdb server read
//! source variables through): registers by DWARF number and memory by AMDGPU address space, against layouts worked
//! out by hand from AMDGPUUsage ("Register Identifier", "Address Space Identifier": private_wave interleaves the
//! lanes' dwords) and the apertures of `exec::Apertures`. The wave's registers, scratch, LDS and a buffer are
//! set through the machine's public API, then read back through the view.

use wavescope::debug_info::{evaluate, read_location, AddrSpace, ExprEnv, Location, Reg, WaveView};
use wavescope::launch::RunOptions;
use wavescope::machine::{Machine, MachineOptions};
use wavescope::session::Session;

/// rodinia_backprop: 1088 bytes of dynamic LDS per work-group; wave 0 is resident from the start.
fn machine() -> (Machine, u64) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/rodinia_backprop");
    let s = Session::load(&dir, &RunOptions::default()).unwrap();
    let global = s.dispatch.buffer_addrs[0].unwrap();
    let mut m = Machine::new(s, MachineOptions::default());
    let w = m.wave_mut(0).unwrap();
    w.pc = 0x1700;
    for n in 0..128 {
        w.sgpr[n] = 0x5000 + n as u32;
    }
    w.set_exec(0xffff_0000_0000_00ff);
    w.set_vcc(0x0123_4567_89ab_cdef);
    for lane in 0..64 {
        w.vreg[3][lane] = 300 + lane as u32; // v3
        w.vreg[256 + 7][lane] = 700 + lane as u32; // a7
    }
    // 16 private bytes per lane: lane l holds bytes 16 l .. 16 l + 15 = (l, i) for i in 0..16.
    w.private_size = 16;
    w.scratch = (0..64 * 16).map(|b| (b / 16 * 4 + b % 16) as u8).collect();
    // the first buffer starts 0xa0 ^ i; the LDS 0x40 + i
    let bytes: Vec<u8> = (0..64).map(|b| 0xa0 ^ b as u8).collect();
    m.write_memory(None, global, &bytes).unwrap();
    let lds: Vec<u8> = (0..32).map(|b| 0x40 + b as u8).collect();
    let shared = m.dispatch().apertures.shared_base;
    m.write_memory(Some(0), shared, &lds).unwrap();
    (m, global)
}

#[test]
fn registers_by_their_dwarf_numbers() {
    let (m, _) = machine();
    let v = m.debug_view(0).unwrap();
    assert_eq!(v.pc(), 0x1700);
    assert_eq!(v.exec(), 0xffff_0000_0000_00ff);
    assert_eq!(v.vcc(), 0x0123_4567_89ab_cdef);
    assert_eq!(v.sgpr(0), 0x5000);
    assert_eq!(v.sgpr(105), 0x5000 + 105);
    // m0 is operand code 124 (encodings.md); exec_lo 126.
    assert_eq!(v.sgpr(124), 0x5000 + 124);
    assert_eq!(v.sgpr(1000), 0);
    assert_eq!(v.vgpr(3, 0), 300);
    assert_eq!(v.vgpr(3, 63), 363);
    assert_eq!(v.agpr(7, 5), 705);
    // there is no v256: the upper half of the unified file is the AGPRs, read as AGPRs
    assert_eq!(v.vgpr(256, 0), 0);
    assert_eq!(v.vgpr(256 + 7, 0), 0);
    assert_eq!(v.agpr(256, 0), 0);
    // Through the evaluator: DW_OP_regx SGPR70 (1088 + 6), DW_OP_regx VGPR3 wave64 (2560 + 3), AGPR7 (3072 + 7).
    let env = ExprEnv::dwarf5();
    for (dwarf, want) in [(1094u16, 0x5000 + 70), (2563, 300 + 9), (3079, 700 + 9)] {
        let mut e = vec![0x90u8]; // DW_OP_regx
        let mut n = dwarf as u32;
        loop {
            let b = (n & 0x7f) as u8;
            n >>= 7;
            if n == 0 {
                e.push(b);
                break;
            }
            e.push(b | 0x80);
        }
        let loc = evaluate(&e, &env, &v, 9).unwrap();
        let bytes = read_location(&loc, 4, &v, 9).unwrap();
        assert_eq!(
            u32::from_le_bytes(bytes.try_into().unwrap()),
            want,
            "{dwarf}"
        );
    }
    assert_eq!(Reg::from_dwarf(17), Some(Reg::Exec { bits: 64 }));
    let loc = Location::Register {
        reg: Reg::Exec { bits: 64 },
        offset: 0,
        lane_implicit: false,
    };
    let b = read_location(&loc, 8, &v, 0).unwrap();
    assert_eq!(
        u64::from_le_bytes(b.try_into().unwrap()),
        0xffff_0000_0000_00ff
    );
}

#[test]
fn memory_by_address_space() {
    let (m, global) = machine();
    let ap = m.dispatch().apertures;
    let end = {
        let r = m.dispatch().mem.region_at(global, 1).unwrap();
        r.base + r.size
    };
    let v = m.debug_view(0).unwrap();
    let mut b = [0u8; 4];
    // global
    assert!(v.read_memory(AddrSpace::Global, 0, global + 4, &mut b));
    assert_eq!(b, [0xa4, 0xa5, 0xa6, 0xa7]);
    assert!(!v.read_memory(AddrSpace::Global, 0, end - 2, &mut b));
    // local: the work-group's LDS (1088 bytes)
    assert!(v.read_memory(AddrSpace::Local, 3, 8, &mut b));
    assert_eq!(b, [0x48, 0x49, 0x4a, 0x4b]);
    assert!(!v.read_memory(AddrSpace::Local, 0, 1086, &mut b));
    // private_lane: the lane's own scratch
    assert!(v.read_memory(AddrSpace::PrivateLane, 5, 4, &mut b));
    assert_eq!(b, [24, 25, 26, 27]); // lane 5: 5*4 + 4..8
    assert!(!v.read_memory(AddrSpace::PrivateLane, 5, 14, &mut b));
    // private_wave: dword d of lane l at (d * 64 + l) * 4 — address 4 * (64 + 2) is dword 1 of lane 2.
    assert!(v.read_memory(AddrSpace::PrivateWave, 0, 4 * 66, &mut b));
    assert_eq!(b, [2 * 4 + 4, 2 * 4 + 5, 2 * 4 + 6, 2 * 4 + 7]);
    // generic: the shared aperture is LDS, the private aperture the lane's scratch, the rest global.
    assert!(v.read_memory(AddrSpace::Generic, 0, ap.shared_base + 1, &mut b));
    assert_eq!(b, [0x41, 0x42, 0x43, 0x44]);
    assert!(v.read_memory(AddrSpace::Generic, 7, ap.private_base + 8, &mut b));
    assert_eq!(b, [36, 37, 38, 39]); // lane 7: 28 + 8..12
    assert!(v.read_memory(AddrSpace::Generic, 0, global, &mut b));
    assert_eq!(b, [0xa0, 0xa1, 0xa2, 0xa3]);
    // no GDS, no unknown spaces
    assert!(!v.read_memory(AddrSpace::Region, 0, 0, &mut b));
    assert!(!v.read_memory(AddrSpace::Other(9), 0, 0, &mut b));
    // no overflow at the top of the address space
    assert!(!v.read_memory(AddrSpace::PrivateWave, 0, u64::MAX - 1, &mut b));
    assert!(!v.read_memory(AddrSpace::Local, 0, u64::MAX - 1, &mut b));
}
