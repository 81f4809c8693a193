//! Test harness shared by tests/sem_vop3p.rs and tests/sem_mai.rs: load an llvm-mc fixture, find its labels,
//! decode its vector instructions, and run them on a wave through the real semantics handlers (exactly as
//! `Program::step` calls them).
//!
//! Instructions come from the project's decoder (`wavescope::isa::decode`); a word it cannot decode fails the test.
#![allow(dead_code)]

#[path = "../common/fixture.rs"]
mod fixture;
pub use fixture::Fixture;

use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, Flow, GlobalMemory, Wave, WaveId};
use wavescope::isa::{Inst, Op};

/// A fresh wave with all 64 lanes on; MODE 0x3F0: round to nearest even, denormals kept, DX10_CLAMP and IEEE on.
pub fn wave() -> Wave {
    let mut w = Wave::new(WaveId::default());
    w.set_exec(u64::MAX);
    w.mode = 0x3F0;
    w
}

/// Run from `label` to s_endpgm (at most 64 instructions); returns the instructions executed.
pub fn run_label(f: &Fixture, label: &str, w: &mut Wave) -> Vec<Inst> {
    let mem = GlobalMemory::new();
    let mut lds = vec![0u8; 0];
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    let mut pc = f.label(label);
    let mut ran = Vec::new();
    for _ in 0..64 {
        let inst = f.inst_at(pc);
        assert_ne!(inst.op, Op::INVALID, "undecodable word at 0x{pc:x}");
        if inst.op == Op::S_ENDPGM {
            return ran;
        }
        let h = semantics::handler(&inst);
        match h(w, &inst, &mut ctx).map(|s| s.flow()) {
            Ok(Flow::Next) => {}
            Ok(other) => panic!("unexpected flow {other:?} from {}", inst.name()),
            Err(e) => panic!("fault in {} at 0x{pc:x}: {:?}", inst.name(), e),
        }
        ran.push(inst);
        pc += inst.size as u64;
    }
    panic!("no s_endpgm after {label}");
}

/// Set register `r` (unified index: v0 = 0, a0 = 256) of every lane from a per-lane function.
pub fn set_reg(w: &mut Wave, r: usize, f: impl Fn(usize) -> u32) {
    for l in 0..64 {
        w.vreg[r][l] = f(l);
    }
}

pub fn f32b(x: f32) -> u32 {
    x.to_bits()
}
