//! Bad DWARF degrades to PCs with a note, never a panic: a stripped object (llvm-strip-22 -g), a truncated
//! .debug_line, random bytes in .debug_info and the other DWARF sections.

use std::path::{Path, PathBuf};
use wavescope::debug_info::*;

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/debug_info")
}

/// (file offset, size, header offset) of an ELF64 section, read from the section headers.
fn section(elf: &[u8], name: &str) -> (usize, usize, usize) {
    let u16_at = |o: usize| u16::from_le_bytes(elf[o..o + 2].try_into().unwrap()) as usize;
    let u32_at = |o: usize| u32::from_le_bytes(elf[o..o + 4].try_into().unwrap()) as usize;
    let u64_at = |o: usize| u64::from_le_bytes(elf[o..o + 8].try_into().unwrap()) as usize;
    let (shoff, shentsize, shnum, shstrndx) =
        (u64_at(0x28), u16_at(0x3a), u16_at(0x3c), u16_at(0x3e));
    let strtab = u64_at(shoff + shstrndx * shentsize + 0x18);
    for i in 0..shnum {
        let h = shoff + i * shentsize;
        let n = strtab + u32_at(h);
        let end = n + elf[n..].iter().position(|&b| b == 0).unwrap();
        if &elf[n..end] == name.as_bytes() {
            return (u64_at(h + 0x18), u64_at(h + 0x20), h);
        }
    }
    panic!("no section {name}");
}

/// Deterministic xorshift bytes.

/// Exercise every query a view makes, over every PC of the text.
fn exercise(d: &DebugInfo) -> usize {
    struct Zero;
    impl WaveView for Zero {
        fn pc(&self) -> u64 {
            0
        }
        fn exec(&self) -> u64 {
            !0
        }
        fn vcc(&self) -> u64 {
            0
        }
        fn sgpr(&self, _: u32) -> u32 {
            0
        }
        fn vgpr(&self, _: u32, _: u32) -> u32 {
            0
        }
        fn agpr(&self, _: u32, _: u32) -> u32 {
            0
        }
        fn read_memory(&self, _: AddrSpace, _: u32, _: u64, buf: &mut [u8]) -> bool {
            buf.fill(0);
            true
        }
    }
    let mut n = 0;
    for &(b, e) in d.text_ranges() {
        let mut pc = b;
        while pc < e {
            let _ = d.pc_entry(pc);
            let _ = d.format_loc(d.loc_id(pc));
            n += d.frames(pc).len();
            let _ = d.function_at(pc);
            for v in d.variables_at(pc) {
                let _ = d.format_variable(&v, &Zero, 0);
                let _ = d.type_name(v.ty);
            }
            pc += 4;
        }
    }
    for f in 0..d.files().len().min(4) {
        let _ = d.breakpoint_pcs(FileId(f as u32), 5);
    }
    for v in d.all_variables() {
        let _ = d.variable_locations(&v);
    }
    n
}

#[test]
fn stripped_object_has_pcs_and_a_note() {
    let d = DebugInfo::load_file(&fixtures().join("saxpy.stripped.hsaco")).unwrap();
    assert!(!d.has_dwarf());
    assert!(d.notes()[0].0.contains("no DWARF"), "{:?}", d.notes());
    // saxpy.objdump.txt: .text from 0x1600; the stripped object keeps it.
    assert_eq!(d.text_ranges()[0].0, 0x1600);
    assert_eq!(d.loc_id(0x1600), LocId::NONE);
    assert!(
        d.frames(0x1600).is_empty()
            && d.variables_at(0x1600).is_empty()
            && d.functions().is_empty()
    );
    assert_eq!(d.format_loc(d.loc_id(0x1600)), "??:0:0");
    exercise(&d);
}

#[test]
fn truncated_debug_line_keeps_the_rows_before_the_cut() {
    let good = std::fs::read(fixtures().join("loop.hsaco")).unwrap();
    let full = DebugInfo::from_elf(&good).unwrap();
    let (_, size, hdr) = section(&good, ".debug_line");
    let mut cuts = 0;
    for cut in [0usize, 4, 0x20, 0x70, 0x90, 0xb0, size / 2, size - 1] {
        let mut bad = good.clone();
        bad[hdr + 0x20..hdr + 0x28].copy_from_slice(&(cut as u64).to_le_bytes());
        let d = DebugInfo::from_elf(&bad).unwrap();
        // What was read is a prefix of the full table (the last row may be the cut's partial state).
        let rows = d.line_rows();
        assert!(rows.len() <= full.line_rows().len());
        for (a, b) in rows
            .iter()
            .zip(full.line_rows())
            .take(rows.len().saturating_sub(1))
        {
            assert_eq!(a, b, "cut {cut}");
        }
        if cut > 0 && rows.len() < full.line_rows().len() {
            assert!(!d.notes().is_empty(), "cut {cut}: no note");
        }
        // PCs still work; functions and variables come from .debug_info, which is intact.
        assert_eq!(d.text_ranges(), full.text_ranges());
        assert_eq!(d.functions().len(), full.functions().len());
        // Inline chains still come out (from the scopes of .debug_info), the same functions and, when the
        // table's file list survived (DW_AT_call_file indexes it), the same call sites as with the whole table
        // (checked against llvm-symbolizer in tests/debug_info.rs).
        let (b, e) = d.text_ranges()[0];
        for pc in (b..e).step_by(4) {
            let (x, y) = (d.frames(pc), full.frames(pc));
            let names = |f: &[Frame]| f.iter().map(|f| f.function.clone()).collect::<Vec<_>>();
            assert_eq!(names(x), names(y), "cut {cut} pc 0x{pc:x}");
            for (fx, fy) in x.iter().zip(y).skip(1).filter(|_| !d.files().is_empty()) {
                assert_eq!(
                    d.format_loc(fx.loc),
                    full.format_loc(fy.loc),
                    "cut {cut} pc 0x{pc:x}"
                );
            }
        }
        exercise(&d);
        cuts += 1;
    }
    println!("{cuts} truncations of .debug_line loaded without panic");
}

#[test]
fn random_bytes_in_debug_sections_never_panic() {
    let mut loaded = 0;
    let mut with_notes = 0;
    for (k, sec) in [
        ("saxpy", ".debug_info"),
        ("call", ".debug_info"),
        ("loop", ".debug_info"),
        ("loop", ".debug_abbrev"),
        ("loop", ".debug_line"),
        ("call", ".debug_loclists"),
        ("loop", ".debug_rnglists"),
        ("call", ".debug_addr"),
        ("call", ".debug_str_offsets"),
    ] {
        let good = std::fs::read(fixtures().join(format!("{k}.hsaco"))).unwrap();
        let (off, size, _) = section(&good, sec);
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ size as u64);
        for round in 0..40 {
            let mut bad = good.clone();
            if round == 0 {
                // The whole section random.
                for b in &mut bad[off..off + size] {
                    *b = rng.next() as u8;
                }
            } else {
                // A few random bytes at random places (keeps most structure so parsing goes deep).
                for _ in 0..(1 + round % 8) {
                    let at = off + (rng.next() as usize) % size;
                    bad[at] = rng.next() as u8;
                }
            }
            let d = DebugInfo::from_elf(&bad)
                .unwrap_or_else(|e| panic!("{k} {sec} round {round}: {e}"));
            exercise(&d);
            loaded += 1;
            if !d.notes().is_empty() {
                with_notes += 1;
            }
        }
    }
    println!(
        "{loaded} corrupted objects loaded and queried without panic ({with_notes} with notes)"
    );
}

#[test]
fn not_an_elf_is_an_error_not_a_panic() {
    assert!(DebugInfo::from_elf(b"not an elf").is_err());
    assert!(DebugInfo::from_elf(&[]).is_err());
    let good = std::fs::read(fixtures().join("saxpy.hsaco")).unwrap();
    for cut in [16, 64, 200, good.len() / 2] {
        // Truncated files: an error or a degraded model, never a panic.
        if let Ok(d) = DebugInfo::from_elf(&good[..cut]) {
            exercise(&d);
        }
    }
}
