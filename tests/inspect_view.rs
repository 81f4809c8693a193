//! `inspect::StateView`, the executor's `debug_info::WaveView`: registers by DWARF number and memory by AMDGPU
//! address space, against layouts worked out by hand from AMDGPUUsage ("Register Identifier", "Address Space
//! Identifier": private_wave interleaves the lanes' dwords) and the apertures of `exec::Apertures`. Then the
//! errors of `inspect` on bad requests: each is a clear error, never a panic or a hang.

use wavescope::debug_info::{evaluate, read_location, AddrSpace, ExprEnv, Location, Reg, WaveView};
use wavescope::exec::{Apertures, GlobalMemory, Region, RegionKind, Wave, WaveId};
use wavescope::inspect::{self, InspectError, InspectOptions, StateView};
use wavescope::launch::RunOptions;
use wavescope::session::Session;

const GLOBAL: u64 = 0x1000_0000;

fn wave() -> Wave {
    let mut w = Wave::new(WaveId::default());
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
    w
}

fn memory() -> GlobalMemory {
    let mut m = GlobalMemory::new();
    let bytes: Vec<u8> = (0..64).map(|b| 0xa0 ^ b as u8).collect();
    m.map(Region::new(
        GLOBAL,
        &bytes,
        64,
        "buf",
        RegionKind::Other,
        true,
    ))
    .unwrap();
    m
}

#[test]
fn registers_by_their_dwarf_numbers() {
    let (w, m) = (wave(), memory());
    let lds = vec![0u8; 16];
    let v = StateView {
        wave: &w,
        mem: &m,
        lds: &lds,
        apertures: Apertures::default(),
    };
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
    assert_eq!(v.vgpr(256, 0), 0);
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
    let (w, m) = (wave(), memory());
    let lds: Vec<u8> = (0..32).map(|b| 0x40 + b as u8).collect();
    let ap = Apertures::default();
    let v = StateView {
        wave: &w,
        mem: &m,
        lds: &lds,
        apertures: ap,
    };
    let mut b = [0u8; 4];
    // global
    assert!(v.read_memory(AddrSpace::Global, 0, GLOBAL + 4, &mut b));
    assert_eq!(b, [0xa4, 0xa5, 0xa6, 0xa7]);
    assert!(!v.read_memory(AddrSpace::Global, 0, GLOBAL + 62, &mut b));
    // local: the work-group's LDS
    assert!(v.read_memory(AddrSpace::Local, 3, 8, &mut b));
    assert_eq!(b, [0x48, 0x49, 0x4a, 0x4b]);
    assert!(!v.read_memory(AddrSpace::Local, 0, 30, &mut b));
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
    assert!(v.read_memory(AddrSpace::Generic, 0, GLOBAL, &mut b));
    assert_eq!(b, [0xa0, 0xa1, 0xa2, 0xa3]);
    // no GDS, no unknown spaces
    assert!(!v.read_memory(AddrSpace::Region, 0, 0, &mut b));
    assert!(!v.read_memory(AddrSpace::Other(9), 0, 0, &mut b));
    // no overflow at the top of the address space
    assert!(!v.read_memory(AddrSpace::PrivateWave, 0, u64::MAX - 1, &mut b));
    assert!(!v.read_memory(AddrSpace::Local, 0, u64::MAX - 1, &mut b));
}

fn example(name: &str) -> Session {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    Session::load(&dir, &RunOptions::default()).unwrap()
}

#[test]
fn bad_requests_are_clear_errors() {
    let s = example("polybench_gemm_64");
    // A file the line table does not name: the error lists the files it does.
    match inspect::stop_at_line(&s, "nosuch.cl", 3, 0) {
        Err(InspectError::NoSuchFile { files, .. }) => {
            assert!(files.iter().any(|f| f.ends_with("kernel.cl")), "{files:?}");
            assert!(
                files.iter().any(|f| f.ends_with("ocl_prelude.h")),
                "{files:?}"
            );
        }
        r => panic!("{:?}", r.err()),
    }
    // Past the last line with code (gemm's closing brace is kernel.cl:35).
    match inspect::stop_at_line(&s, "kernel.cl", 500, 0) {
        Err(e @ InspectError::NoCode { .. }) => assert!(e.to_string().contains("kernel.cl:500")),
        r => panic!("{:?}", r.err()),
    }
    // 64x64 work-items in 32x8 groups: 16 groups of 4 waves.
    match inspect::stop_at_line(&s, "kernel.cl", 30, 64) {
        Err(InspectError::NoSuchWave { wave: 64, reason }) => assert!(reason.contains("64 waves")),
        r => panic!("{:?}", r.err()),
    }
    // Not an instruction start.
    assert!(matches!(
        inspect::stop_at_pc(&s, 0x1702, 0, &InspectOptions::default()),
        Err(InspectError::NoInstruction { pc: 0x1702 })
    ));
    // A budget too small for the run.
    let opts = InspectOptions {
        max_instructions: 10,
        hit: 1,
    };
    assert!(matches!(
        inspect::stop_at_line_with(&s, "kernel.cl", 32, 5, &opts),
        Err(InspectError::InstructionLimit { limit: 10, .. })
    ));
    // Line 28 runs once per wave: a second arrival never comes.
    let s = example("polybench_gemm_64");
    let opts = InspectOptions {
        hit: 2,
        ..InspectOptions::default()
    };
    match inspect::stop_at_line_with(&s, "kernel.cl", 28, 0, &opts) {
        Err(e @ InspectError::NeverReached { .. }) => {
            assert!(e.to_string().contains("arrived there 1 times"), "{e}")
        }
        r => panic!("{:?}", r.err()),
    }
    // rodinia_nn's last work-group has 40 work-items: one wave, so wave 21 does not exist.
    let s = example("rodinia_nn");
    match inspect::stop_at_line(&s, "kernel.cl", 17, 21) {
        Err(InspectError::NoSuchWave { reason, .. }) => {
            assert!(reason.contains("partial"), "{reason}")
        }
        r => panic!("{:?}", r.err()),
    }
    // backprop's kernel.cl also holds bpnn_adjust_weights_ocl: its lines are never reached by this dispatch.
    let s = example("rodinia_backprop");
    match inspect::stop_at_line(&s, "kernel.cl", 80, 0) {
        Err(e @ InspectError::NeverReached { .. }) => {
            assert!(e.to_string().contains("ended"), "{e}")
        }
        r => panic!("{:?}", r.err()),
    }
}

#[test]
fn every_line_either_stops_or_says_why() {
    // Each line of heteromark_bs's kernel.cl (and a few past its end), for wave 0: a stop whose locals can all
    // be formatted, or an error. Never a panic.
    let mut stops = 0;
    for line in 1..=110 {
        // A fresh session per stop: a stop leaves the memory as the kernel wrote it so far.
        let s = example("heteromark_bs");
        match inspect::stop_at_line(&s, "kernel.cl", line, 0) {
            Ok(st) => {
                stops += 1;
                for lane in [0, 63] {
                    for v in inspect::locals(&st, lane) {
                        assert!(!v.value.is_empty());
                    }
                }
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
    assert!(stops > 20, "{stops}");
}
