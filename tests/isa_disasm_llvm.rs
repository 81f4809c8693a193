//! wavescope's disassembly equals llvm-objdump-22's at every instruction of the committed fixtures
//! (tests/fixtures/isa/*.objdump.txt, made by regen.sh) and of every examples/*/kernel.hsaco with a
//! kernel.objdump.txt beside it.

use std::path::{Path, PathBuf};
use wavescope::isa::disasm::Symbol;

/// Text section bytes and address of an ELF.
fn text_of(path: &Path) -> (Vec<u8>, u64) {
    use object::{Object, ObjectSection};
    let data = std::fs::read(path).unwrap();
    let file = object::File::parse(&*data).unwrap();
    let sec = file.section_by_name(".text").unwrap();
    (sec.data().unwrap().to_vec(), sec.address())
}

/// Compare, at every PC the llvm-objdump listing shows, the whole line `listing` prints (instruction text,
/// padding, encoding words, branch-target and warning comments); returns (exact, total, first mismatches).
fn compare(obj: &Path, listing: &Path) -> (usize, usize, Vec<String>) {
    use object::{Object, ObjectSymbol};
    let (text, base) = text_of(obj);
    let data = std::fs::read(obj).unwrap();
    let file = object::File::parse(&*data).unwrap();
    let mut syms: Vec<Symbol> = file
        .symbols()
        .filter(|s| s.kind() == object::SymbolKind::Text && s.is_definition())
        .map(|s| Symbol {
            addr: s.address(),
            name: s.name().unwrap_or("").to_string(),
        })
        .collect();
    syms.sort_by(|a, b| (a.addr, &a.name).cmp(&(b.addr, &b.name)));
    let ours: std::collections::HashMap<u64, String> =
        wavescope::isa::disasm::listing(&text, base, &syms)
            .lines()
            .filter_map(|l| Some((line_pc(l)?, l.to_string())))
            .collect();
    let want_text = std::fs::read_to_string(listing).unwrap();
    let (mut exact, mut total) = (0, 0);
    let mut bad = Vec::new();
    for want in want_text.lines().filter(|l| l.starts_with('\t')) {
        let Some(pc) = line_pc(want) else { continue };
        total += 1;
        let got = ours
            .get(&pc)
            .map(String::as_str)
            .unwrap_or("<no instruction starts here>");
        if got == want {
            exact += 1;
        } else if bad.len() < 400 {
            bad.push(format!("{pc:06x}\n   want: {want}\n   got:  {got}"));
        }
    }
    (exact, total, bad)
}

fn line_pc(line: &str) -> Option<u64> {
    let rest = line.strip_prefix('\t')?;
    let c = &rest[rest.find("// ")? + 3..];
    u64::from_str_radix(c.split(':').next()?.trim(), 16).ok()
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
fn random_words_big_fixture() {
    let d = fixture_dir();
    assert!(check(
        "random-words-big",
        &d.join("random_big.o"),
        &d.join("random_big.objdump.txt")
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

/// Any object + llvm-objdump listing: `ISA_OBJ=x.o ISA_LISTING=x.txt cargo test --test isa_disasm_llvm -- --ignored`
/// (e.g. a bigger random-word set made with tests/fixtures/isa/gen_fixture_asm.py and another seed).
#[test]
#[ignore]
fn external_listing() {
    let (Ok(obj), Ok(lst)) = (std::env::var("ISA_OBJ"), std::env::var("ISA_LISTING")) else {
        println!("set ISA_OBJ and ISA_LISTING");
        return;
    };
    assert!(check("external", Path::new(&obj), Path::new(&lst)));
}
