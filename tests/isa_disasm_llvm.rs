//! wavescope's disassembly equals llvm-objdump-22's at every instruction of the committed fixtures
//! (tests/fixtures/isa/*.objdump.txt, made by regen.sh) and of every examples/*/kernel.hsaco with a
//! kernel.objdump.txt beside it.

use std::path::{Path, PathBuf};
use wavescope::isa::decode::{decode, text_words};
use wavescope::isa::disasm::inst_text;

/// (pc, words, text) of every instruction line of an llvm-objdump listing.
fn parse_listing(path: &Path) -> Vec<(u64, Vec<u32>, String)> {
    let s = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for line in s.lines() {
        let Some(rest) = line.strip_prefix('\t') else {
            continue;
        };
        let Some(pos) = rest.rfind("// ") else {
            continue;
        };
        let (text, comment) = rest.split_at(pos);
        let comment = &comment[3..];
        let Some((pc, words)) = comment.split_once(':') else {
            continue;
        };
        let Ok(pc) = u64::from_str_radix(pc.trim(), 16) else {
            continue;
        };
        let words: Vec<u32> = words
            .split_whitespace()
            .take_while(|w| !w.starts_with('<'))
            .filter_map(|w| u32::from_str_radix(w, 16).ok())
            .collect();
        out.push((pc, words, text.trim_end().to_string()));
    }
    out
}

/// Text section bytes and address of an ELF.
fn text_of(path: &Path) -> (Vec<u8>, u64) {
    use object::{Object, ObjectSection};
    let data = std::fs::read(path).unwrap();
    let file = object::File::parse(&*data).unwrap();
    let sec = file.section_by_name(".text").unwrap();
    (sec.data().unwrap().to_vec(), sec.address())
}

/// Compare at every PC the listing shows; returns (exact, total, first mismatches).
fn compare(obj: &Path, listing: &Path) -> (usize, usize, Vec<String>) {
    let (text, base) = text_of(obj);
    let words = text_words(&text);
    let lines = parse_listing(listing);
    let mut exact = 0;
    let mut bad = Vec::new();
    for (pc, lwords, want) in &lines {
        let i = ((pc - base) / 4) as usize;
        let inst = decode(&words[i..], *pc);
        let n = (inst.size as usize / 4).min(words.len() - i);
        let got = inst_text(&inst, &words[i..i + n], *pc);
        let size_ok = n == lwords.len();
        if got == *want && size_ok {
            exact += 1;
        } else if bad.len() < 400 {
            bad.push(format!(
                "{pc:06x} {:08X?}\n   want: {want}\n   got:  {got} (size {})",
                lwords, inst.size
            ));
        }
    }
    (exact, lines.len(), bad)
}

fn fixture_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/isa")
}

fn check(name: &str, obj: &Path, listing: &Path) -> bool {
    let (exact, total, bad) = compare(obj, listing);
    println!("{name}: {exact}/{total} exact");
    if std::env::var("ISA_SHOW").is_ok() {
        for b in &bad {
            println!("{b}");
        }
    } else {
        for b in bad.iter().take(25) {
            println!("{b}");
        }
    }
    exact == total
}

#[test]
fn every_opcode_fixture() {
    let d = fixture_dir();
    assert!(check(
        "every-opcode",
        &d.join("every_opcode.o"),
        &d.join("every_opcode.objdump.txt")
    ));
}

#[test]
fn variants_fixture() {
    let d = fixture_dir();
    assert!(check(
        "variants",
        &d.join("variants.o"),
        &d.join("variants.objdump.txt")
    ));
}

#[test]
fn constants_fixture() {
    let d = fixture_dir();
    assert!(check(
        "constants",
        &d.join("constants.o"),
        &d.join("constants.objdump.txt")
    ));
}

#[test]
fn random_words_fixture() {
    let d = fixture_dir();
    assert!(check(
        "random-words",
        &d.join("random.o"),
        &d.join("random.objdump.txt")
    ));
}

#[test]
fn example_kernels() {
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&ex)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    dirs.sort();
    let (mut all_exact, mut all_total, mut n) = (0, 0, 0);
    let mut ok = true;
    for d in dirs {
        let (obj, lst) = (d.join("kernel.hsaco"), d.join("kernel.objdump.txt"));
        if !obj.exists() || !lst.exists() {
            continue;
        }
        let (exact, total, bad) = compare(&obj, &lst);
        n += 1;
        all_exact += exact;
        all_total += total;
        if exact != total {
            ok = false;
            println!("{}: {exact}/{total}", d.display());
            for b in bad.iter().take(10) {
                println!("{b}");
            }
        }
    }
    println!("examples ({n} kernels): {all_exact}/{all_total} exact");
    assert!(ok);
}

/// The whole listing (labels, blank lines, padding, encodings, branch-target comments) equals llvm-objdump's
/// for every example kernel, through the same library call `wavescope disasm` makes.
#[test]
fn example_whole_listings() {
    use wavescope::code_object::CodeObject;
    use wavescope::isa::disasm::{objdump_listing, Symbol};
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&ex)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    dirs.sort();
    let (mut same, mut n) = (0, 0);
    for d in dirs {
        let (obj, lst) = (d.join("kernel.hsaco"), d.join("kernel.objdump.txt"));
        if !obj.exists() || !lst.exists() {
            continue;
        }
        n += 1;
        let co = CodeObject::load(&obj).unwrap();
        let (base, text) = co.text();
        let syms: Vec<Symbol> = co
            .functions()
            .iter()
            .map(|f| Symbol {
                addr: f.address,
                name: f.name.clone(),
            })
            .collect();
        let got = objdump_listing("kernel.hsaco", text, base, &syms);
        let want = std::fs::read_to_string(&lst).unwrap();
        if got == want {
            same += 1;
        } else {
            let line = got.lines().zip(want.lines()).position(|(a, b)| a != b);
            println!(
                "{}: listing differs (first at line {:?})",
                d.display(),
                line.map(|l| l + 1)
            );
        }
    }
    println!("whole listings: {same}/{n} identical");
    assert!(n > 0 && same == n);
}
