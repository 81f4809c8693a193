//! Test harness shared by tests/sem_vop3p.rs and tests/sem_mai.rs: load an llvm-mc fixture, find its labels,
//! decode its vector instructions, and run them on a wave through the real semantics handlers (exactly as
//! `Program::step` calls them).
//!
//! Instructions come from the project's decoder (`wavescope::isa::decode`); a word it cannot decode fails the test.
#![allow(dead_code)]

use object::{Object, ObjectSection, ObjectSymbol};
use wavescope::exec::semantics;
use wavescope::exec::{Apertures, Ctx, Flow, GlobalMemory, Wave, WaveId};
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
