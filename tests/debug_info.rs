//! The DWARF source model against LLVM's own tools: every line table row against `llvm-dwarfdump-22 --debug-line`
//! and every instruction PC's inline chain against `llvm-symbolizer-22 --inlining`, for the fixtures in
//! tests/fixtures/debug_info (built by its build.sh) and, when present, every examples/*/kernel.hsaco.
//! Breakpoint addresses, source loading and bad input are checked against facts read off those listings.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use wavescope::debug_info::*;

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/debug_info")
}

/// A row of `llvm-dwarfdump --debug-line`: (address, line, column, file, flags).
#[derive(Debug, PartialEq, Eq, Clone)]
struct DumpRow {
    address: u64,
    line: u32,
    column: u32,
    file: u32,
    is_stmt: bool,
    prologue_end: bool,
    end_sequence: bool,
}

/// Parse the row tables of `llvm-dwarfdump --debug-line` (in table order).
fn parse_lines(text: &str) -> Vec<DumpRow> {
    let mut rows = Vec::new();
    for l in text.lines() {
        if !l.starts_with("0x") {
            continue;
        }
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.len() < 7 {
            continue;
        }
        let flags = &f[7..];
        rows.push(DumpRow {
            address: u64::from_str_radix(&f[0][2..], 16).unwrap(),
            line: f[1].parse().unwrap(),
            column: f[2].parse().unwrap(),
            file: f[3].parse().unwrap(),
            is_stmt: flags.contains(&"is_stmt"),
            prologue_end: flags.contains(&"prologue_end"),
            end_sequence: flags.contains(&"end_sequence"),
        });
    }
    rows
}

/// `llvm-symbolizer --inlining --print-address` blocks: pc -> [(function, "file:line:col")], innermost first,
/// with paths as wavescope shows them: without `.` components (`./././ocl_prelude.h` is `ocl_prelude.h`).
fn parse_symbolizer(text: &str) -> BTreeMap<u64, Vec<(String, String)>> {
    let norm = |loc: &str| -> String {
        // file:line:col; the file may hold ':' only in a drive letter, which these fixtures do not have
        let mut parts = loc.rsplitn(3, ':');
        let (col, line, file) = (parts.next(), parts.next(), parts.next());
        match (file, line, col) {
            (Some(f), Some(l), Some(c)) if f != "??" => {
                format!("{}:{l}:{c}", wavescope::debug_info::normalize_path(f))
            }
            _ => loc.to_string(),
        }
    };
    let mut out = BTreeMap::new();
    for block in text.split("\n\n") {
        let mut lines = block.lines().filter(|l| !l.is_empty());
        let Some(pc) = lines.next() else { continue };
        let pc = u64::from_str_radix(pc.trim_start_matches("0x"), 16).unwrap();
        let rest: Vec<&str> = lines.collect();
        let frames = rest
            .chunks(2)
            .map(|c| (c[0].to_string(), norm(c.get(1).unwrap_or(&""))))
            .collect();
        out.insert(pc, frames);
    }
    out
}

struct Case {
    name: String,
    hsaco: PathBuf,
    lines: PathBuf,
    symbolizer: PathBuf,
}

fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    for k in ["saxpy", "loop", "call", "call_O0"] {
        let d = fixtures();
        v.push(Case {
            name: format!("fixture {k}"),
            hsaco: d.join(format!("{k}.hsaco")),
            lines: d.join(format!("{k}.lines.txt")),
            symbolizer: d.join(format!("{k}.symbolizer.txt")),
        });
    }
    v.extend(example_cases());
    v
}

/// The teammates' examples/*/ kernels with their LLVM listings; none when the directory is absent.
fn example_cases() -> Vec<Case> {
    let ex = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut v = Vec::new();
    let Ok(rd) = std::fs::read_dir(&ex) else {
        return v;
    };
    let mut dirs: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    dirs.sort();
    for d in dirs {
        let (h, l, s) = (
            d.join("kernel.hsaco"),
            d.join("kernel.lines.txt"),
            d.join("kernel.symbolizer.txt"),
        );
        if h.is_file() && l.is_file() && s.is_file() {
            v.push(Case {
                name: format!("example {}", d.file_name().unwrap().to_string_lossy()),
                hsaco: h,
                lines: l,
                symbolizer: s,
            });
        }
    }
    v
}

/// cpp_demangle and LLVM's demangler spell a few constructs differently; compare names modulo those.
fn same_function(ours: &str, llvm: &str) -> bool {
    if ours == llvm {
        return true;
    }
    let canon = |s: &str| {
        s.replace(' ', "")
            .replace("{lambda(", "'lambda'(")
            .replace(")#1}", ")")
    };
    canon(ours) == canon(llvm)
}

#[test]
fn line_tables_match_llvm_dwarfdump() {
    let mut total = 0usize;
    for c in cases() {
        let d = DebugInfo::load_file(&c.hsaco).unwrap();
        let dump = parse_lines(&std::fs::read_to_string(&c.lines).unwrap());
        let ours: Vec<DumpRow> = d
            .line_rows()
            .iter()
            .map(|r| DumpRow {
                address: r.address,
                line: r.line,
                column: r.column,
                file: r.file_index,
                is_stmt: r.is_stmt(),
                prologue_end: r.prologue_end(),
                end_sequence: r.end_sequence(),
            })
            .collect();
        assert_eq!(ours.len(), dump.len(), "{}: row count", c.name);
        for (i, (a, b)) in ours.iter().zip(&dump).enumerate() {
            assert_eq!(a, b, "{}: row {i}", c.name);
        }
        assert!(d.notes().is_empty(), "{}: {:?}", c.name, d.notes());
        println!(
            "{}: {} line rows agree with llvm-dwarfdump-22",
            c.name,
            ours.len()
        );
        total += ours.len();
    }
    println!("line rows checked: {total}");
}

#[test]
fn inline_chains_match_llvm_symbolizer_at_every_pc() {
    let (mut pcs, mut frames_checked, mut demangler_spelling) = (0usize, 0usize, 0usize);
    let mut cases_seen = 0;
    for c in cases() {
        let d = DebugInfo::load_file(&c.hsaco).unwrap();
        let sym = parse_symbolizer(&std::fs::read_to_string(&c.symbolizer).unwrap());
        assert!(!sym.is_empty(), "{}: empty symbolizer listing", c.name);
        let mut mismatches = Vec::new();
        for (&pc, want) in &sym {
            let got = d.frames(pc);
            let unknown = want.len() == 1 && want[0].0 == "??" && want[0].1 == "??:0:0";
            if unknown {
                if !got.is_empty() || d.loc_id(pc) != LocId::NONE {
                    mismatches.push(format!("0x{pc:x}: llvm ?? but ours {got:?}"));
                }
                pcs += 1;
                continue;
            }
            if got.len() != want.len() {
                mismatches.push(format!(
                    "0x{pc:x}: {} frames, llvm {}: {want:?}",
                    got.len(),
                    want.len()
                ));
                continue;
            }
            for (g, (wf, wl)) in got.iter().zip(want) {
                let loc = d.format_loc(g.loc);
                if &loc != wl {
                    mismatches.push(format!("0x{pc:x}: location {loc} vs llvm {wl}"));
                }
                if *g.function != **wf {
                    if same_function(&g.function, wf) {
                        demangler_spelling += 1;
                    } else {
                        mismatches.push(format!("0x{pc:x}: function {} vs llvm {wf}", g.function));
                    }
                }
                frames_checked += 1;
            }
            // The table's innermost location is the line table's, as llvm-symbolizer's first frame.
            assert_eq!(
                d.format_loc(d.loc_id(pc)),
                want[0].1,
                "{}: 0x{pc:x} innermost",
                c.name
            );
            pcs += 1;
        }
        assert!(
            mismatches.is_empty(),
            "{}: {} mismatches, first: {:#?}",
            c.name,
            mismatches.len(),
            &mismatches[..mismatches.len().min(10)]
        );
        println!(
            "{}: {} PCs agree with llvm-symbolizer-22 --inlining",
            c.name,
            sym.len()
        );
        cases_seen += 1;
    }
    println!(
        "PCs checked: {pcs} in {cases_seen} code objects; frames: {frames_checked} \
         ({demangler_spelling} differing only in demangler spelling)"
    );
}

#[test]
fn fixtures_have_inline_chains_and_functions() {
    let d = DebugInfo::load_file(&fixtures().join("saxpy.hsaco")).unwrap();
    // saxpy.symbolizer.txt 0x1660: axpy (./saxpy.cl:4:15) inlined into __clang_ocl_kern_imp_saxpy at
    // ./saxpy.cl:12:12, inlined into saxpy at ./saxpy.cl:8:82 (the kernel's declaration).
    let f = d.frames(0x1660);
    let names: Vec<&str> = f.iter().map(|f| &*f.function).collect();
    assert_eq!(names, ["axpy", "__clang_ocl_kern_imp_saxpy", "saxpy"]);
    assert_eq!(d.format_loc(f[1].loc), "saxpy.cl:12:12");
    assert!(f[0].inlined && f[1].inlined && !f[2].inlined);
    // As shown: the stub is clang's (the kernel body, inlined into the entry), so it is the kernel itself,
    // at the line inside it.
    let u = d.user_frames(0x1660);
    let names: Vec<&str> = u.iter().map(|f| &*f.function).collect();
    assert_eq!(names, ["axpy", "saxpy"]);
    assert_eq!(d.format_loc(u[1].loc), "saxpy.cl:12:12");
    assert!(u[0].inlined && !u[1].inlined);
    // A chain without the stub is shown as it is (0x1680: inside the out-of-line __clang_ocl_kern_imp_saxpy).
    assert_eq!(&*d.user_frames(0x1680), d.frames(0x1680));
    // saxpy.info.txt: subprograms saxpy [0x1600, 0x167c) and __clang_ocl_kern_imp_saxpy [0x167c, 0x16fc).
    let fs: Vec<(String, u64, bool)> = d
        .functions()
        .iter()
        .map(|f| (f.name.to_string(), f.entry, f.is_kernel))
        .collect();
    assert!(fs.contains(&("saxpy".into(), 0x1600, true)), "{fs:?}");
    assert_eq!(
        d.function_at(0x1680).unwrap().linkage_name.as_deref(),
        Some("__clang_ocl_kern_imp_saxpy")
    );
    assert!(d.function_at(0x1700).is_none());
    // The same location interned once: 0x1610..0x1620 are all ./saxpy.cl:10:9 (lines.txt row 0x1610).
    assert_eq!(d.loc_id(0x1610), d.loc_id(0x161c));
    assert_ne!(d.loc_id(0x1610), d.loc_id(0x1620));
    assert!(d.loc_count() > 5 && d.chain_count() > 3);
}

#[test]
fn line_to_pcs_and_breakpoints() {
    let d = DebugInfo::load_file(&fixtures().join("saxpy.hsaco")).unwrap();
    let f = d.find_files("saxpy.cl");
    assert_eq!(f.len(), 1);
    assert_eq!(d.find_files("./saxpy.cl"), f);
    let f = f[0];
    // saxpy.lines.txt: line 11 rows at 0x1628 (to 0x1634), 0x163c (to 0x1650) and 0x16ac (to 0x16c8), all
    // is_stmt.
    let lp = d.line_pcs(f, 11);
    assert_eq!(lp.stmt_pcs, vec![0x1628, 0x163c, 0x16ac]);
    let want: Vec<u64> = (0x1628..0x1634)
        .step_by(4)
        .chain((0x163c..0x1650).step_by(4))
        .chain((0x16ac..0x16c8).step_by(4))
        .collect();
    assert_eq!(lp.pcs, want);
    // break saxpy.cl:11: one address per function holding it (saxpy and __clang_ocl_kern_imp_saxpy).
    assert_eq!(d.breakpoint_pcs(f, 11), (11, vec![0x1628, 0x16ac]));
    // Line 8 (the kernel's signature) only has the row 0x167c in __clang_ocl_kern_imp_saxpy, inside its
    // prologue: the breakpoint goes to the prologue_end row 0x1698.
    assert_eq!(d.breakpoint_pcs(f, 8), (8, vec![0x1698]));
    // Line 7 has no code: the next line with code is 8.
    assert_eq!(d.breakpoint_pcs(f, 7).0, 8);
    // Line 4 is inside axpy, inlined twice (0x1660 in saxpy, 0x16d8 in __clang_ocl_kern_imp_saxpy).
    assert_eq!(d.breakpoint_pcs(f, 4), (4, vec![0x1660, 0x16d8]));
    let fun = d
        .functions()
        .iter()
        .find(|f| f.linkage_name.as_deref() == Some("__clang_ocl_kern_imp_saxpy"))
        .unwrap();
    assert_eq!(fun.prologue_end, 0x1698);
}

#[test]
fn source_text_is_found_beside_the_object_and_missing_files_say_so() {
    let d = DebugInfo::load_file(&fixtures().join("call.hsaco")).unwrap();
    let cache = d.source_cache(vec![]);
    let f = d.find_files("call.cl")[0];
    assert_eq!(d.file(f).unwrap().path, "call.cl");
    let text = d.source_text(&cache, f).unwrap();
    // call.cl line 7 is the noinline function's signature.
    assert_eq!(
        text.line(7),
        Some("__attribute__((noinline)) int poly(int x, int c) {")
    );
    let pc_line = d.source_line(&cache, d.loc_id(0x1744)).unwrap();
    assert!(pc_line.contains("poly(w, lid)"), "{pc_line}");

    // From bytes (no object directory) and a search path that lacks the file: a clear note.
    let bytes = std::fs::read(fixtures().join("call.hsaco")).unwrap();
    let d2 = DebugInfo::from_elf(&bytes).unwrap();
    let empty = std::env::temp_dir().join("wavescope-no-sources");
    let cache2 = SourceCache::new(Some(empty.clone()), vec![]);
    let cache2 = if std::env::current_dir().unwrap().join("call.cl").exists() {
        cache2
    } else {
        cache2
    };
    let err = d2.source_text(&cache2, f).unwrap_err();
    let msg = err.to_string();
    assert!(
        msg.contains("call.cl")
            && msg.contains("--source-dir")
            && msg.contains("wavescope-no-sources"),
        "{msg}"
    );
    // --source-dir finds it.
    let cache3 = SourceCache::new(Some(empty), vec![fixtures()]);
    assert!(d2.source_text(&cache3, f).is_ok());
}

#[test]
fn example_sources_resolve_beside_their_objects() {
    // Every relative file of every example's line table (./kernel.cl, ./././ocl_prelude.h, ...) is found
    // beside the code object; clang's own headers (absolute paths) are not required.
    let mut n = 0;
    for c in example_cases() {
        let d = DebugInfo::load_file(&c.hsaco).unwrap();
        let cache = d.source_cache(vec![]);
        for (i, f) in d.files().iter().enumerate() {
            if f.path.starts_with('/') {
                continue;
            }
            let t = d.source_text(&cache, FileId(i as u32));
            assert!(t.is_ok(), "{}: {}", c.name, t.unwrap_err());
            n += 1;
        }
    }
    println!("{n} example source files found");
}

#[test]
fn hot_path_lookups_are_cheap() {
    let mut slowest = (0u128, String::new());
    for c in cases() {
        let bytes = std::fs::read(&c.hsaco).unwrap();
        let t = std::time::Instant::now();
        let d = DebugInfo::from_elf(&bytes).unwrap();
        let us = t.elapsed().as_micros();
        if us > slowest.0 {
            slowest = (
                us,
                format!(
                    "{} ({} bytes of text)",
                    c.name,
                    d.text_ranges().iter().map(|r| r.1 - r.0).sum::<u64>()
                ),
            );
        }
    }
    println!("slowest model build: {} us for {}", slowest.0, slowest.1);
    let d = DebugInfo::load_file(&fixtures().join("loop.hsaco")).unwrap();
    let (b, e) = d.text_ranges()[0];
    let t = std::time::Instant::now();
    let mut n = 0u64;
    for _ in 0..1000 {
        let mut pc = b;
        while pc < e {
            n += d.loc_id(pc).0 as u64 & 1;
            pc += 4;
        }
    }
    let per = t.elapsed().as_nanos() as f64 / (1000.0 * ((e - b) / 4) as f64);
    println!("loc_id: {per:.1} ns per lookup ({n})");
    assert!(per < 200.0);
}
