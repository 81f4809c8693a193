//! Random dword sequences through `decode`, `decode_text` and `inst_text`: never a panic, every instruction
//! advances by its size (4..=16 bytes) and stays inside the words it was given.

use wavescope::isa::decode::{decode, decode_text};
use wavescope::isa::disasm::inst_text;

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }
}

/// Format prefixes (encodings.md "Format identification") so every format gets exercised, not only VOP2.
const PREFIXES: [(u32, u32); 15] = [
    (0xC000_0000, 0x8000_0000),
    (0xFF80_0000, 0xBE80_0000),
    (0xFF80_0000, 0xBF00_0000),
    (0xFF80_0000, 0xBF80_0000),
    (0xF000_0000, 0xB000_0000),
    (0xFC00_0000, 0xC000_0000),
    (0x8000_0000, 0x0000_0000),
    (0xFE00_0000, 0x7E00_0000),
    (0xFE00_0000, 0x7C00_0000),
    (0xFC00_0000, 0xD000_0000),
    (0xFF80_0000, 0xD380_0000),
    (0xFC00_0000, 0xD800_0000),
    (0xFC00_0000, 0xE000_0000),
    (0xFC00_0000, 0xE800_0000),
    (0xFC00_0000, 0xDC00_0000),
];

#[test]
fn random_words_never_panic_and_always_advance() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut decoded = 0usize;
    for round in 0..4000 {
        let n = 1 + (rng.next() % 8) as usize;
        let mut words: Vec<u32> = (0..n).map(|_| rng.next()).collect();
        let (m, v) = PREFIXES[round % PREFIXES.len()];
        words[0] = (words[0] & !m) | v;
        let mut i = 0;
        while i < words.len() {
            let pc = 0x1000 + 4 * i as u64;
            let inst = decode(&words[i..], pc);
            assert!(
                matches!(inst.size, 4 | 8 | 12 | 16),
                "size {} at {pc:#x}: {:08x?}",
                inst.size,
                &words[i..]
            );
            let k = inst.size as usize / 4;
            assert!(
                i + k <= words.len(),
                "instruction runs past the words: {:08x?}",
                &words[i..]
            );
            let text = inst_text(&inst, &words[i..i + k], pc);
            assert!(!text.is_empty());
            i += k;
            decoded += 1;
        }
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let dt = decode_text(&bytes, 0x2000);
        let mut off = 0u32;
        for (k, inst) in dt.insts.iter().enumerate() {
            assert_eq!(dt.offsets[k], off);
            assert_eq!(dt.index_at(0x2000 + off as u64), Some(k));
            off += inst.size as u32;
        }
        assert_eq!(off as usize, bytes.len());
    }
    println!("fuzz: {decoded} random instructions decoded and printed");
}

#[test]
fn truncated_instructions_are_invalid_not_panics() {
    // 64-bit encodings and literal-carrying 32-bit ones with their tail missing
    for w in [
        0xD1C9_0000u32,
        0xC002_0140,
        0xDC50_8000,
        0x7E00_02FF,
        0x7E00_02FA,
        0xBA00_F801,
        0xD3AC_0000,
    ] {
        let inst = decode(&[w], 0);
        assert_eq!(inst.size, 4);
        assert_eq!(inst_text(&inst, &[w], 0), format!(".long 0x{w:08x}"));
    }
    assert_eq!(decode(&[], 0).size, 4);
}
