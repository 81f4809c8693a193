//! Test harness shared by tests/sem_salu.rs and tests/sem_smem.rs: load an llvm-mc fixture, find its labels,
//! decode its scalar instructions, and step a wave through them with the real semantics handlers.
//!
//! Instructions come from the project's decoder (`wavescope::isa::decode`); a word it cannot decode fails the test.
#![allow(dead_code)]

#[path = "../common/fixture.rs"]
mod fixture;
pub use fixture::Fixture;

use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, Fault, Flow, GlobalMemory, Wave, WaveId};
use wavescope::isa::Op;

/// A fresh wave at `pc` with all 64 lanes on.
pub fn wave_at(pc: u64) -> Wave {
    let mut w = Wave::new(WaveId::default());
    w.pc = pc;
    w.set_exec(u64::MAX);
    w
}

/// Step `wave` through the fixture until `s_endpgm`; returns the fault if one stops it.
pub fn run(
    fx: &Fixture,
    wave: &mut Wave,
    mem: &GlobalMemory,
    lds: &mut [u8],
) -> Result<(), Box<Fault>> {
    let mut ctx = Ctx {
        mem,
        lds,
        apertures: Apertures::default(),
    };
    for _ in 0..1000 {
        let inst = fx.inst_at(wave.pc);
        assert_ne!(
            inst.op,
            Op::INVALID,
            "undecodable instruction at 0x{:x}",
            wave.pc
        );
        let handler = semantics::handler(&inst);
        wave.instructions += 1;
        match handler(wave, &inst, &mut ctx)?.flow() {
            Flow::End => return Ok(()),
            Flow::Jump => {}
            _ => wave.pc += inst.size as u64,
        }
    }
    panic!("no s_endpgm within 1000 instructions");
}

/// Run from a label to `s_endpgm`, panicking on a fault.
pub fn run_label(fx: &Fixture, label: &str, wave: &mut Wave, mem: &GlobalMemory) {
    wave.pc = fx.label(label);
    let mut lds = [0u8; 0];
    if let Err(f) = run(fx, wave, mem, &mut lds) {
        panic!("{label}: fault at pc 0x{:x}: {f:?}", wave.pc);
    }
}
