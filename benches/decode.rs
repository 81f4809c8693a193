//! Decoder throughput on the every-opcode fixture object (tests/fixtures/isa/every_opcode.o):
//! instructions decoded per second by `decode_text`, and `inst_text` lines per second.

use std::time::Instant;
use wavescope::isa::decode::decode_text;
use wavescope::isa::disasm::inst_text;

fn main() {
    use object::{Object, ObjectSection};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/isa/every_opcode.o"
    );
    let data = std::fs::read(path).expect("fixture object");
    let file = object::File::parse(&*data).expect("ELF");
    let text = file
        .section_by_name(".text")
        .expect(".text")
        .data()
        .expect("bytes")
        .to_vec();
    let words: Vec<u32> = text
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();

    let mut n = 0usize;
    let t = Instant::now();
    let mut rounds = 0;
    while t.elapsed().as_secs_f64() < 1.0 {
        let d = decode_text(&text, 0);
        n += d.insts.len();
        rounds += 1;
        std::hint::black_box(&d);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "decode_text: {} instructions x {rounds} rounds in {secs:.2}s = {:.1} M instructions/s",
        n / rounds,
        n as f64 / secs / 1e6
    );

    let d = decode_text(&text, 0);
    let t = Instant::now();
    let mut lines = 0usize;
    while t.elapsed().as_secs_f64() < 1.0 {
        for (k, inst) in d.insts.iter().enumerate() {
            let i = d.offsets[k] as usize / 4;
            let end = (i + inst.size as usize / 4).min(words.len());
            std::hint::black_box(inst_text(inst, &words[i..end], d.pc_of(k)));
            lines += 1;
        }
    }
    println!(
        "inst_text: {:.2} M lines/s",
        lines as f64 / t.elapsed().as_secs_f64() / 1e6
    );
}
