//! An llvm-mc fixture object for the semantics harnesses (tests/sem_salu/harness.rs, tests/sem_vop3p/harness.rs):
//! its `.text`, its labels, and its instructions as the project's decoder gives them (a word it cannot decode
//! fails the test).
#![allow(dead_code)]

use object::{Object, ObjectSection, ObjectSymbol};
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
