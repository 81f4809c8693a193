//! Shared helpers for executor tests: load the `.text` of an assembled fixture and run one wave over it.
#![allow(dead_code)]

pub mod extra_kernels;

use object::{Object, ObjectSection};
use wavescope::exec::{
    Apertures, Ctx, Flow, GlobalMemory, Program, Region, RegionKind, Wave, WaveId,
};

/// The `.text` bytes and address of an ELF object (e.g. `llvm-mc-22 -filetype=obj` output).
pub fn text_of(elf: &[u8]) -> (Vec<u8>, u64) {
    let f = object::File::parse(elf).expect("fixture is an ELF object");
    let s = f.section_by_name(".text").expect("fixture has .text");
    (s.data().unwrap().to_vec(), s.address())
}

/// Program from a fixture file under tests/fixtures.
pub fn program(path: &str) -> Program {
    let bytes = std::fs::read(format!(
        "{}/tests/fixtures/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let (text, base) = text_of(&bytes);
    Program::new(&text, base)
}

/// A fresh wave at `pc` with all 64 lanes on.
pub fn wave_at(pc: u64) -> Wave {
    let mut w = Wave::new(WaveId::default());
    w.pc = pc;
    w.set_exec(u64::MAX);
    w
}

/// Memory with one writable region of `size` bytes at `base`.
pub fn memory_with(base: u64, bytes: &[u8], size: u64) -> GlobalMemory {
    let mut m = GlobalMemory::new();
    m.map(Region::new(
        base,
        bytes,
        size,
        "test buffer",
        RegionKind::Other,
        true,
    ))
    .unwrap();
    m
}

/// Step `wave` until `s_endpgm` (or panic after `limit` steps / on a fault).
pub fn run_to_end(p: &Program, wave: &mut Wave, mem: &GlobalMemory, lds: &mut [u8], limit: usize) {
    let mut ctx = Ctx {
        mem,
        lds,
        apertures: Apertures::default(),
    };
    for _ in 0..limit {
        match p.step(wave, &mut ctx) {
            Ok(Flow::End) => return,
            Ok(_) => {}
            Err(f) => panic!("fault at pc 0x{:x}: {:?}", wave.pc, f),
        }
    }
    panic!("no s_endpgm within {limit} steps");
}

/// Step exactly `n` instructions.
pub fn step_n(p: &Program, wave: &mut Wave, mem: &GlobalMemory, lds: &mut [u8], n: usize) {
    let mut ctx = Ctx {
        mem,
        lds,
        apertures: Apertures::default(),
    };
    for _ in 0..n {
        if let Err(f) = p.step(wave, &mut ctx) {
            panic!("fault at pc 0x{:x}: {:?}", wave.pc, f);
        }
    }
}

/// The hazard checker alone, through the run pipeline (what `wavescope run` composes, with only `hazards` on).
pub fn run_checked(
    d: &wavescope::launch::Dispatch,
    o: &wavescope::launch::RunOptions,
) -> (
    wavescope::engine::RunStats,
    Option<wavescope::launch::RunFault>,
    wavescope::observers::hazards::Findings,
) {
    let config = wavescope::pipeline::RunConfig {
        hazards: true,
        ..wavescope::pipeline::RunConfig::plain(o.clone())
    };
    let r = wavescope::pipeline::run(d, &config);
    (r.stats, r.fault, r.hazards.expect("hazards on"))
}
