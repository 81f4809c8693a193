//! The code object copy served to gdb, read back with `object` and `gimli` and compared with the committed
//! llvm-objdump / llvm-dwarfdump listings of the original.

use gimli::{CfaRule, EndianSlice, LittleEndian, RegisterRule, UnwindSection};
use object::{Object, ObjectSection};
use std::path::Path;
use wavescope_debugger::served_elf::served_copy;

fn repo(p: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(p)
}

/// (start, end) of every function in an llvm-objdump listing: its label, and the end of its last instruction
/// (the `s_nop 0` run that pads `.text` after the last function is not part of it).
fn functions_from_listing(listing: &str) -> Vec<(String, u64, u64)> {
    let text = std::fs::read_to_string(repo(listing)).unwrap();
    let mut out: Vec<(String, u64, u64)> = Vec::new();
    for line in text.lines() {
        if let Some((addr, rest)) = line.split_once(" <") {
            if let (Ok(a), Some(name)) = (u64::from_str_radix(addr, 16), rest.strip_suffix(">:")) {
                out.push((name.to_string(), a, a));
                continue;
            }
        }
        // "\tinst ...   // 000000001700: C0020180 00000004"
        if let Some((_, tail)) = line.rsplit_once("// ") {
            if let Some((addr, words)) = tail.split_once(": ") {
                let padding = line.trim_start().starts_with("s_nop 0 ");
                if let (Ok(a), Some(f), false) =
                    (u64::from_str_radix(addr, 16), out.last_mut(), padding)
                {
                    let n = words
                        .split_whitespace()
                        .take_while(|w| w.len() == 8)
                        .count() as u64;
                    f.2 = a + 4 * n;
                }
            }
        }
    }
    out
}

fn check(original: &[u8], listing: &str, base: &str, kernels: &[&str]) {
    let served = served_copy(original, Some(base)).unwrap();
    let f = object::File::parse(&*served).unwrap();
    // gdb takes the file as x86-64 (e_machine 62), not as AMDGPU or 32-bit i386.
    assert_eq!(f.architecture(), object::Architecture::X86_64);
    assert!(f.is_64());
    assert_eq!(served[7], 0, "EI_OSABI");
    assert_eq!(
        u32::from_le_bytes(served[0x30..0x34].try_into().unwrap()),
        0,
        "e_flags"
    );
    // Code and addresses untouched.
    let orig = object::File::parse(original).unwrap();
    let (t0, t1) = (
        orig.section_by_name(".text").unwrap(),
        f.section_by_name(".text").unwrap(),
    );
    assert_eq!(
        (t0.address(), t0.data().unwrap()),
        (t1.address(), t1.data().unwrap())
    );

    // .debug_frame: one FDE per function (DWARF registers: 7 rsp, 8..15 r8..r15, 16 rip).
    let frame = f
        .section_by_name(".debug_frame")
        .expect(".debug_frame")
        .data()
        .unwrap();
    let mut df = gimli::DebugFrame::new(frame, LittleEndian);
    df.set_address_size(8);
    let bases = gimli::BaseAddresses::default();
    let mut ctx = gimli::UnwindContext::new();
    let funcs = functions_from_listing(listing);
    assert!(!funcs.is_empty());
    for (name, start, end) in &funcs {
        for pc in [*start, end - 4] {
            let fde = df
                .fde_for_address(&bases, pc, gimli::DebugFrame::cie_from_offset)
                .unwrap_or_else(|e| panic!("no FDE for {name} at 0x{pc:x}: {e}"));
            assert_eq!(
                (fde.initial_address(), fde.initial_address() + fde.len()),
                (*start, *end),
                "{name}"
            );
            let row = fde
                .unwind_info_for_address(&df, &bases, &mut ctx, pc)
                .unwrap();
            // Every function: CFA = rsp + 8. The kernel (case.json "kernel") is outermost, rip undefined; a
            // device function finds its return address in r15 (and the caller's r15..r9 in r14..r8).
            assert_eq!(
                *row.cfa(),
                CfaRule::RegisterAndOffset {
                    register: gimli::Register(7),
                    offset: 8
                },
                "{name}"
            );
            if kernels.contains(&name.as_str()) {
                assert_eq!(
                    row.register(gimli::Register(16)),
                    Some(RegisterRule::Undefined),
                    "{name}"
                );
            } else {
                assert_eq!(
                    row.register(gimli::Register(16)),
                    Some(RegisterRule::Register(gimli::Register(15))),
                    "{name}"
                );
                assert_eq!(
                    row.register(gimli::Register(9)),
                    Some(RegisterRule::Register(gimli::Register(8)))
                );
                assert_eq!(
                    row.register(gimli::Register(8)),
                    Some(RegisterRule::Undefined)
                );
            }
        }
    }

    // Line tables: relative include directories are now absolute under `base`; absolute ones unchanged.
    let load = |id: gimli::SectionId| -> Result<EndianSlice<LittleEndian>, gimli::Error> {
        Ok(EndianSlice::new(
            f.section_by_name(id.name())
                .and_then(|s| s.data().ok())
                .unwrap_or(&[]),
            LittleEndian,
        ))
    };
    let dwarf = gimli::Dwarf::load(load).unwrap();
    let mut units = dwarf.units();
    let mut dirs = Vec::new();
    while let Some(h) = units.next().unwrap() {
        let unit = dwarf.unit(h).unwrap();
        let lp = unit.line_program.as_ref().expect("line program");
        for d in lp.header().include_directories() {
            let s = dwarf.attr_string(&unit, *d).unwrap();
            dirs.push(String::from_utf8_lossy(s.slice()).into_owned());
        }
    }
    // kernel.lines.txt: include_directories "." , "/usr/lib/llvm-22/lib/clang/22/include", "./."
    assert_eq!(
        dirs,
        vec![
            format!("{base}/."),
            "/usr/lib/llvm-22/lib/clang/22/include".to_string(),
            format!("{base}/./.")
        ]
    );
}

#[test]
fn served_copy_of_gemm() {
    let original = std::fs::read(repo("examples/polybench_gemm_64/kernel.hsaco")).unwrap();
    check(
        &original,
        "examples/polybench_gemm_64/kernel.objdump.txt",
        "/src/gemm",
        &["gemm"],
    );
}

#[test]
fn served_copy_without_debug_frame_gets_one() {
    // The same object with .debug_frame removed (llvm-objcopy-22 --remove-section=.debug_frame).
    let original = std::fs::read(repo("debugger/tests/fixtures/gemm_noframe.hsaco")).unwrap();
    assert!(object::File::parse(&*original)
        .unwrap()
        .section_by_name(".debug_frame")
        .is_none());
    check(
        &original,
        "examples/polybench_gemm_64/kernel.objdump.txt",
        "/src/gemm",
        &["gemm"],
    );
}

#[test]
fn truncated_and_corrupt_objects_are_errors_not_panics() {
    let original = std::fs::read(repo("examples/polybench_gemm_64/kernel.hsaco")).unwrap();
    for n in [0, 3, 16, 63, 64, 1000, original.len() - 1] {
        let _ = served_copy(&original[..n], Some("/x"));
    }
    let mut bad = original.clone();
    bad[0x28..0x30].copy_from_slice(&u64::MAX.to_le_bytes()); // e_shoff far away
    assert!(served_copy(&bad, None).is_err());
    let mut bad = original.clone();
    bad[0x3E] = 0xFF; // e_shstrndx out of range
    assert!(served_copy(&bad, None).is_err());
    // Random corruption of the ELF header, section headers and DWARF sections: errors or copies, never panics.
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let shoff = u64::from_le_bytes(original[0x28..0x30].try_into().unwrap()) as usize;
    for _ in 0..3000 {
        let mut bad = original.clone();
        for _ in 0..4 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let at = match x % 3 {
                0 => (x >> 8) as usize % 64,
                1 => shoff + (x >> 8) as usize % (original.len() - shoff),
                _ => 0x1398 + (x >> 8) as usize % 0x300, // .debug_frame .. .debug_line_str
            };
            bad[at] = (x >> 40) as u8;
        }
        let _ = served_copy(&bad, Some("/x"));
    }
}

/// DW_AT_comp_dir of the first unit, read back with gimli.
fn comp_dir(elf: &[u8]) -> (u16, String) {
    use object::{Object, ObjectSection};
    let file = object::File::parse(elf).unwrap();
    let load = |id: gimli::SectionId| -> Result<gimli::EndianSlice<'_, gimli::LittleEndian>, gimli::Error> {
        let data = file
            .section_by_name(id.name())
            .and_then(|s| s.data().ok())
            .unwrap_or(&[]);
        Ok(gimli::EndianSlice::new(data, gimli::LittleEndian))
    };
    let dwarf = gimli::Dwarf::load(load).unwrap();
    let header = dwarf.units().next().unwrap().unwrap();
    let unit = dwarf.unit(header).unwrap();
    let dir = unit.comp_dir.unwrap().to_string_lossy().into_owned();
    (header.version(), dir)
}

#[test]
fn dwarf4_relative_compilation_directory_is_made_absolute() {
    // fixtures/dwarf4/README.md: gemm at DWARF 4 with -fdebug-compilation-dir=. (llvm-dwarfdump: comp_dir ".").
    let original = std::fs::read(repo("debugger/tests/fixtures/dwarf4/gemm_dwarf4.hsaco")).unwrap();
    assert_eq!(comp_dir(&original), (4, ".".to_string()));
    let served = served_copy(&original, Some("/src/gemm")).unwrap();
    // gdb resolves a DWARF 4 unit's relative file names against comp_dir: an absolute one lets `list` find the
    // source wherever gdb runs.
    assert_eq!(comp_dir(&served), (4, "/src/gemm/.".to_string()));
    // DWARF 5 units keep theirs (their line tables carry absolute directories instead).
    let gemm5 = std::fs::read(repo("examples/polybench_gemm_64/kernel.hsaco")).unwrap();
    let served5 = served_copy(&gemm5, Some("/src/gemm")).unwrap();
    assert_eq!(comp_dir(&served5), (5, ".".to_string()));
}

/// gemm's OpenCL kernel function (the stub clang 22 -O2 makes; its body `__clang_ocl_kern_imp_gemm` is inlined)
/// keeps its eight parameters without a location in the original. In the served copy each gets one: DW_OP_breg6
/// (rbp) + k * VAR_STRIDE, the server's window for variable k, which the variable table marks as a kernel
/// argument (read from the kernarg segment). The rewritten DWARF still reads: the same units, line table rows
/// and function names as the original.
#[test]
fn kernel_arguments_get_a_location_in_the_served_copy() {
    use wavescope_debugger::served_elf::{served_copy_with_vars, VAR_STRIDE};
    let original = std::fs::read(repo("examples/polybench_gemm_64/kernel.hsaco")).unwrap();
    let served = served_copy_with_vars(&original, None).unwrap();
    let load = |elf: &[u8], id: gimli::SectionId| -> Vec<u8> {
        let f = object::File::parse(elf).unwrap();
        f.section_by_name(id.name())
            .and_then(|s| s.uncompressed_data().ok())
            .map(|d| d.into_owned())
            .unwrap_or_default()
    };
    // (function, parameter, location expression bytes) of every formal parameter of a concrete subprogram
    let params = |elf: &[u8]| -> Vec<(String, String, Option<Vec<u8>>)> {
        let sections =
            gimli::DwarfSections::load(|id| Ok::<_, gimli::Error>(load(elf, id))).unwrap();
        let dwarf = sections.borrow(|s| EndianSlice::new(s, LittleEndian));
        let mut out = Vec::new();
        let mut units = dwarf.units();
        while let Some(h) = units.next().unwrap() {
            let unit = dwarf.unit(h).unwrap();
            let mut tree = unit.entries_tree(None).unwrap();
            let root = tree.root().unwrap();
            let mut children = root.children();
            while let Some(sub) = children.next().unwrap() {
                let e = sub.entry();
                if e.tag() != gimli::DW_TAG_subprogram
                    || e.attr_value(gimli::DW_AT_low_pc).is_none()
                {
                    continue;
                }
                let name = |e: &gimli::DebuggingInformationEntry<_>| {
                    e.attr_value(gimli::DW_AT_name)
                        .and_then(|v| dwarf.attr_string(&unit, v).ok())
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default()
                };
                let f = name(e);
                let mut kids = sub.children();
                while let Some(p) = kids.next().unwrap() {
                    let p = p.entry();
                    if p.tag() != gimli::DW_TAG_formal_parameter {
                        continue;
                    }
                    let loc = match p.attr_value(gimli::DW_AT_location) {
                        Some(gimli::AttributeValue::Exprloc(e)) => Some(e.0.to_vec()),
                        Some(_) => Some(Vec::new()),
                        None => None,
                    };
                    out.push((f.clone(), name(p), loc));
                }
            }
        }
        out
    };
    let names = ["a", "b", "c", "alpha", "beta", "ni", "nj", "nk"];
    let before: Vec<_> = params(&original)
        .into_iter()
        .filter(|p| p.0 == "gemm")
        .collect();
    assert_eq!(
        before.iter().map(|p| p.1.as_str()).collect::<Vec<_>>(),
        names
    );
    assert!(before.iter().all(|p| p.2.is_none()), "{before:?}");
    let after: Vec<_> = params(&served.bytes)
        .into_iter()
        .filter(|p| p.0 == "gemm")
        .collect();
    assert_eq!(after.len(), names.len(), "{after:?}");
    for (f, n, loc) in &after {
        let k = served
            .vars
            .iter()
            .position(|v| v.name == *n && v.kernel_arg)
            .unwrap_or_else(|| panic!("{f}: {n} has no kernel-argument window"));
        let mut want = vec![0x76u8]; // DW_OP_breg6
        let mut v = k as u64 * VAR_STRIDE;
        loop {
            let b = (v & 0x7f) as u8;
            v >>= 7;
            if v == 0 && b & 0x40 == 0 {
                want.push(b);
                break;
            }
            want.push(b | 0x80);
        }
        assert_eq!(loc.as_deref(), Some(want.as_slice()), "{n}");
    }
    // Everything else reads as before: the other functions' parameters and the line table.
    let others = |elf: &[u8]| -> Vec<(String, String)> {
        params(elf)
            .into_iter()
            .filter(|p| p.0 != "gemm")
            .map(|p| (p.0, p.1))
            .collect()
    };
    assert_eq!(others(&original), others(&served.bytes));
    let di_orig = wavescope::debug_info::DebugInfo::from_elf(&original).unwrap();
    let di_served = wavescope::debug_info::DebugInfo::from_elf(&served.bytes).unwrap();
    let rows = |d: &wavescope::debug_info::DebugInfo| -> Vec<(u64, u32, u32)> {
        d.line_rows()
            .iter()
            .map(|r| (r.address, r.line, r.column))
            .collect()
    };
    assert!(!rows(&di_orig).is_empty());
    assert_eq!(rows(&di_orig), rows(&di_served));
}
