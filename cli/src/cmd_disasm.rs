//! `wavescope disasm`: llvm-objdump-shaped listing of a code object.
//!
//! The output equals `llvm-objdump-22 -d --mcpu=gfx950 CODE_OBJECT` byte for byte (header line included, with
//! the path as given); tests/isa_disasm_llvm.rs checks the listing against committed llvm-objdump output.
//! `--kernel NAME` lists only that function (its label and instructions). `--source` puts the DWARF source
//! position (`; path:line`) and the source line (`; text`) before each instruction where it changes.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use wavescope::code_object::CodeObject;
use wavescope::debug_info::DebugInfo;
use wavescope::isa::disasm::{listing_range, objdump_listing, Symbol};

pub fn run(
    code_object: &Path,
    kernel: Option<&str>,
    source: bool,
    source_dirs: &[PathBuf],
) -> anyhow::Result<ExitCode> {
    use wavescope::code_object::{LoadError, TextOnly};
    let loaded = CodeObject::load(code_object);
    // A code object whose notes, metadata or kernel descriptors are broken still has its text: list it as
    // llvm-objdump does, after one warning naming what is broken (the ELF header, the file itself and the
    // sections the listing needs are still errors).
    let text_only = match &loaded {
        Err(e @ (LoadError::Malformed(_) | LoadError::Metadata(_) | LoadError::Kernel { .. })) => {
            let bytes = std::fs::read(code_object)
                .map_err(|io| anyhow::anyhow!("{}: {io}", code_object.display()))?;
            match TextOnly::parse(&bytes) {
                Ok(t) => {
                    eprintln!(
                        "wavescope: warning: {}: {e}; listing .text without the notes (no kernel metadata)",
                        code_object.display()
                    );
                    Some(t)
                }
                Err(_) => None,
            }
        }
        _ => None,
    };
    let co = match (loaded, &text_only) {
        (Ok(co), _) => Some(co),
        (Err(_), Some(_)) => None,
        (Err(e), None) => {
            if let Some(body) = list_units(code_object, kernel, source, source_dirs)? {
                print!("{body}");
                return Ok(ExitCode::SUCCESS);
            }
            return Err(match e {
                // the Io error names the path itself
                LoadError::Io { .. } => anyhow::anyhow!("{e}"),
                e => anyhow::anyhow!("{}: {e}", code_object.display()),
            });
        }
    };
    let label = code_object.display().to_string();
    let body = list_one(
        co.as_ref(),
        text_only.as_ref(),
        &label,
        code_object,
        kernel,
        source,
        source_dirs,
    )?;
    print!("{body}");
    Ok(ExitCode::SUCCESS)
}

/// A host program linked from several HIP translation units (one offload bundle each): with `--kernel`, the
/// listing of the unit that defines it; without, every unit's listing in `.hip_fatbin` order, each headed
/// `PROGRAM(unitN)` (as llvm-objdump heads an archive's members), so each equals llvm-objdump-22's listing of
/// the code object clang-offload-bundler unbundles from that unit but for the name. `None` for anything else.
fn list_units(
    code_object: &Path,
    kernel: Option<&str>,
    source: bool,
    source_dirs: &[PathBuf],
) -> anyhow::Result<Option<String>> {
    let Ok(bytes) = wavescope::manifest::read_bounded(
        code_object,
        None,
        wavescope::code_object::MAX_CODE_OBJECT_BYTES,
    ) else {
        return Ok(None);
    };
    let Some(units) = CodeObject::parse_units(&bytes) else {
        return Ok(None);
    };
    let n = units.len();
    let path = code_object.display();
    let mut all = String::new();
    for (i, unit) in units.into_iter().enumerate() {
        let co = unit.map_err(|e| anyhow::anyhow!("{path}: translation unit {i} of {n}: {e}"))?;
        match kernel {
            Some(name) if co.functions().iter().any(|f| f.name == name) => {
                return list_one(
                    Some(&co),
                    None,
                    &path.to_string(),
                    code_object,
                    kernel,
                    source,
                    source_dirs,
                )
                .map(Some);
            }
            Some(_) => {}
            None => all.push_str(&list_one(
                Some(&co),
                None,
                &format!("{path}(unit{i})"),
                code_object,
                None,
                source,
                source_dirs,
            )?),
        }
    }
    if let Some(name) = kernel {
        anyhow::bail!("no function named \"{name}\" in any of the {n} translation units of {path}");
    }
    Ok(Some(all))
}

/// The listing of one code object (or of the text of one whose notes are broken) under `label`.
fn list_one(
    co: Option<&CodeObject>,
    text_only: Option<&wavescope::code_object::TextOnly>,
    label: &str,
    code_object: &Path,
    kernel: Option<&str>,
    source: bool,
    source_dirs: &[PathBuf],
) -> anyhow::Result<String> {
    use wavescope::code_object::FunctionSymbol;
    let (base, text, functions): (u64, &[u8], &[FunctionSymbol]) = match (co, text_only) {
        (Some(co), _) => {
            let (b, t) = co.text();
            (b, t, co.functions())
        }
        (None, Some(t)) => (t.text_address, &t.text, &t.functions),
        (None, None) => unreachable!("one of the two loads succeeded"),
    };
    let syms: Vec<Symbol> = functions
        .iter()
        .map(|f| Symbol {
            addr: f.address,
            name: f.name.clone(),
        })
        .collect();
    let (from, to) = match kernel {
        Some(name) => {
            let f = functions.iter().find(|f| f.name == name).with_context(|| {
                let kernels: Vec<&str> = co
                    .iter()
                    .flat_map(|co| co.kernels())
                    .map(|k| k.name.as_str())
                    .collect();
                let others: Vec<&str> = functions
                    .iter()
                    .map(|f| f.name.as_str())
                    .filter(|n| !kernels.contains(n))
                    .collect();
                format!(
                    "no function named \"{name}\" in {label}; its kernels are: {}{}",
                    if kernels.is_empty() {
                        "(none)".to_string()
                    } else {
                        kernels.join(", ")
                    },
                    if others.is_empty() {
                        String::new()
                    } else {
                        format!("; other functions: {}", others.join(", "))
                    }
                )
            })?;
            let end = if f.size > 0 {
                f.address + f.size
            } else {
                base + text.len() as u64
            };
            (f.address, end)
        }
        None => (0, u64::MAX),
    };
    Ok(if kernel.is_none() && !source {
        objdump_listing(label, text, base, &syms)
    } else {
        let mut s =
            format!("\n{label}:\tfile format elf64-amdgpu\n\nDisassembly of section .text:\n");
        let l = listing_range(text, base, &syms, from, to);
        if let (true, Some(co)) = (source, co) {
            s.push_str(&with_source(&l, co, code_object, source_dirs));
        } else {
            s.push_str(&l);
        }
        s
    })
}

/// Insert `; path:line` and `; <source text>` before the instructions where the DWARF line changes.
fn with_source(listing: &str, co: &CodeObject, path: &Path, dirs: &[PathBuf]) -> String {
    let Ok(dbg) = DebugInfo::from_elf(co.bytes()) else {
        return listing.to_string();
    };
    let base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut cache: HashMap<String, Option<Vec<String>>> = HashMap::new();
    let mut out = String::with_capacity(listing.len() * 2);
    let mut last = None;
    for line in listing.lines() {
        if let Some(pc) = line_pc(line) {
            if let Some(loc) = dbg.source_loc(pc) {
                if last != Some((loc.file, loc.line)) && loc.line != 0 {
                    last = Some((loc.file, loc.line));
                    if let Some(f) = dbg.file(loc.file) {
                        out.push_str(&format!("; {}:{}\n", f.path, loc.line));
                        let lines = cache.entry(f.path.clone()).or_insert_with(|| {
                            let text = match &f.embedded {
                                Some(t) => Some(t.to_string()),
                                None => find_source(&f.path, &f.name, &base_dir, dirs),
                            };
                            text.map(|t| t.lines().map(str::to_string).collect())
                        });
                        if let Some(src) = lines.as_ref().and_then(|l| l.get(loc.line as usize - 1))
                        {
                            out.push_str(&format!("; {}\n", src.trim_end()));
                        }
                    }
                }
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn line_pc(line: &str) -> Option<u64> {
    let rest = line.strip_prefix('\t')?;
    let c = &rest[rest.rfind("// ")? + 3..];
    u64::from_str_radix(c.split(':').next()?.trim(), 16).ok()
}

fn find_source(path: &str, name: &str, base: &Path, dirs: &[PathBuf]) -> Option<String> {
    let mut cands = vec![PathBuf::from(path), base.join(path), base.join(name)];
    for d in dirs {
        cands.push(d.join(path));
        cands.push(d.join(name));
    }
    cands
        .into_iter()
        .find_map(|p| std::fs::read_to_string(p).ok())
}
