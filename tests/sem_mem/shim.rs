//! Shared by tests/sem_ds.rs and tests/sem_vmem.rs: load a labelled fixture (llvm-mc object with one global label
//! per test program) and run one label's program on a wave through the decoder and `Program::step`.
#![allow(dead_code)]

use object::{Object, ObjectSection, ObjectSymbol};
use wavescope::exec::{
    Apertures, Ctx, Fault, Flow, GlobalMemory, Program, Region, RegionKind, Wave, WaveId,
};

pub struct Fixture {
    program: Program,
    syms: Vec<(String, u64)>,
}

pub fn fixture(path: &str) -> Fixture {
    let bytes = std::fs::read(format!(
        "{}/tests/fixtures/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let f = object::File::parse(&*bytes).expect("fixture is an ELF object");
    let s = f.section_by_name(".text").expect("fixture has .text");
    let program = Program::new(s.data().unwrap(), s.address());
    let syms = f
        .symbols()
        .filter_map(|y| Some((y.name().ok()?.to_string(), y.address())))
        .collect();
    Fixture { program, syms }
}

/// A wave with all lanes on and `private_size` bytes of scratch per lane.
pub fn wave(private_size: u32) -> Wave {
    let mut w = Wave::new(WaveId::default());
    w.set_exec(u64::MAX);
    w.private_size = private_size;
    w.scratch = vec![0; private_size as usize * 64];
    w
}

/// Memory with one writable buffer of `size` bytes at `base`, filled from `bytes`.
pub fn memory(base: u64, bytes: &[u8], size: u64) -> GlobalMemory {
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

impl Fixture {
    pub fn pc(&self, label: &str) -> u64 {
        self.syms
            .iter()
            .find(|(n, _)| n == label)
            .unwrap_or_else(|| panic!("no label {label}"))
            .1
    }

    /// Run `label` to its s_endpgm (at most 64 instructions) with `Program::step`, as the executor does.
    pub fn run(
        &self,
        label: &str,
        w: &mut Wave,
        mem: &GlobalMemory,
        lds: &mut [u8],
    ) -> Result<(), Box<Fault>> {
        let mut ctx = Ctx {
            mem,
            lds,
            apertures: Apertures::default(),
        };
        w.pc = self.pc(label);
        for _ in 0..64 {
            if self.program.step(w, &mut ctx)? == Flow::End {
                return Ok(());
            }
        }
        panic!("no s_endpgm after {label}");
    }
}
