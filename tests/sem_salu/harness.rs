//! Test harness shared by tests/sem_salu.rs and tests/sem_smem.rs: load an llvm-mc fixture, find its labels,
//! decode its scalar instructions, and step a wave through them with the real semantics handlers.
//!
//! Instructions come from the project's decoder (`wavescope::isa::decode`); a word it cannot decode fails the test.
#![allow(dead_code)]

use object::{Object, ObjectSection, ObjectSymbol};
use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, Fault, Flow, GlobalMemory, Wave, WaveId};
use wavescope::isa::{decode, Inst, Op};

pub struct Fixture {
    pub base: u64,
    pub text: Vec<u8>,
    pub labels: Vec<(String, u64)>,
}

impl Fixture {
    pub fn load(path: &str) -> Fixture {
        let file = format!("{}/tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let f = object::File::parse(&*bytes).expect("fixture is an ELF object");
        let s = f.section_by_name(".text").expect("fixture has .text");
        let labels = f
            .symbols()
            .filter(|s| !s.name().unwrap_or("").is_empty())
            .map(|s| (s.name().unwrap().to_string(), s.address()))
            .collect();
        Fixture {
            base: s.address(),
            text: s.data().unwrap().to_vec(),
            labels,
        }
    }

    /// Address of a label (from the object's symbol table, i.e. as llvm-mc laid the code out).
    pub fn label(&self, name: &str) -> u64 {
        self.labels
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no label {name}"))
            .1
    }

    fn words_at(&self, pc: u64) -> Vec<u32> {
        let off = (pc - self.base) as usize;
        self.text[off..]
            .chunks(4)
            .take(4)
            .map(|c| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            })
            .collect()
    }

    /// The instruction at `pc`, as the project's decoder gives it.
    pub fn inst_at(&self, pc: u64) -> Inst {
        let words = self.words_at(pc);
        let inst = decode::decode(&words, pc);
        assert_ne!(inst.op, Op::INVALID, "no instruction decodes at 0x{pc:x}");
        inst
    }
}

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
