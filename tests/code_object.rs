//! The code-object loader against facts from outside it: LLVM's own tools' listings of the same files
//! (llvm-readelf --notes / -s / -h -l -S / -x .rodata, llvm-objdump's .amdhsa_kernel disassembly of each kernel
//! descriptor and its instruction listing), all committed beside the objects in tests/fixtures/code_object/
//! (rebuilt by build.sh there), plus values worked by hand from AMDGPUUsage and state.md.

use std::collections::BTreeMap;
use wavescope::code_object::{
    ArgValueKind, CodeObject, FeatureSetting, LoadError, SgprInit, SgprPreload, WorkItemIdLayout,
};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/code_object");

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{DIR}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn text_fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn load(name: &str) -> CodeObject {
    CodeObject::parse(fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn load_err(bytes: Vec<u8>) -> String {
    match CodeObject::parse(bytes) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e.to_string(),
    }
}

/// The code objects whose listings are committed.
const GOOD: &[&str] = &["kernels_v6", "kernels_v5", "hip_saxpy", "preload"];

// ---------------------------------------------------------------------------------------------------------
// Readers for the LLVM tool listings.

/// One kernel of `llvm-readelf --notes`: scalar keys, list keys joined by ",", and its args.
#[derive(Default, Debug)]
struct NoteKernel {
    keys: BTreeMap<String, String>,
    args: Vec<BTreeMap<String, String>>,
}

#[derive(Default, Debug)]
struct Notes {
    kernels: Vec<NoteKernel>,
    target: String,
    version: Vec<u32>,
}

fn unquote(v: &str) -> String {
    v.trim().trim_matches('\'').to_string()
}

fn key_value(s: &str) -> (String, String) {
    let (k, v) = s.split_once(':').expect("key: value");
    (k.trim().to_string(), unquote(v))
}

/// Reads the YAML that llvm-readelf prints for NT_AMDGPU_METADATA (the layout it uses, not general YAML).
fn read_notes(name: &str) -> Notes {
    let text = text_fixture(&format!("{name}.notes.txt"));
    let mut notes = Notes::default();
    let mut list_key: Option<String> = None;
    let mut in_version = false;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("  - .") {
            notes.kernels.push(NoteKernel::default());
            let (k, v) = key_value(&format!(".{rest}"));
            notes.kernels.last_mut().unwrap().keys.insert(k, v);
        } else if let Some(rest) = line.strip_prefix("      - .") {
            let k = notes.kernels.last_mut().unwrap();
            k.args.push(BTreeMap::new());
            let (kk, v) = key_value(&format!(".{rest}"));
            k.args.last_mut().unwrap().insert(kk, v);
        } else if let Some(rest) = line.strip_prefix("        .") {
            let k = notes.kernels.last_mut().unwrap();
            let (kk, v) = key_value(&format!(".{rest}"));
            k.args.last_mut().unwrap().insert(kk, v);
        } else if let Some(rest) = line.strip_prefix("    .") {
            let (k, v) = key_value(&format!(".{rest}"));
            list_key = if v.is_empty() { Some(k.clone()) } else { None };
            notes.kernels.last_mut().unwrap().keys.insert(k, v);
        } else if let Some(rest) = line.strip_prefix("      - ") {
            let key = list_key.clone().expect("list item under a key");
            let e = notes
                .kernels
                .last_mut()
                .unwrap()
                .keys
                .get_mut(&key)
                .unwrap();
            if !e.is_empty() {
                e.push(',');
            }
            e.push_str(rest.trim());
        } else if let Some(rest) = line.strip_prefix("amdhsa.target:") {
            notes.target = unquote(rest);
            in_version = false;
        } else if line.starts_with("amdhsa.version:") {
            in_version = true;
        } else if let (true, Some(rest)) = (in_version, line.strip_prefix("  - ")) {
            notes.version.push(rest.trim().parse().unwrap());
        }
    }
    notes
}

/// `llvm-objdump -D -j .rodata`: per descriptor symbol, its address and its `.amdhsa_*` directives.
fn read_kd_directives(name: &str) -> BTreeMap<String, (u64, BTreeMap<String, i64>)> {
    let text = text_fixture(&format!("{name}.kd.txt"));
    let mut out = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some((addr, rest)) = line.split_once(" <") {
            if let Some(sym) = rest.strip_suffix(">:").filter(|s| s.ends_with(".kd")) {
                let addr = u64::from_str_radix(addr.trim(), 16).unwrap();
                out.insert(sym.to_string(), (addr, BTreeMap::new()));
                current = Some(sym.to_string());
                continue;
            }
        }
        let t = line.trim();
        if let (Some(cur), Some(rest)) = (&current, t.strip_prefix(".amdhsa_")) {
            if let Some((k, v)) = rest.split_once(' ') {
                if let Ok(v) = v.trim().parse::<i64>() {
                    out.get_mut(cur).unwrap().1.insert(k.to_string(), v);
                }
            }
        }
    }
    out
}

/// `llvm-readelf -x .rodata`: address -> byte.
fn read_hex_dump(name: &str) -> BTreeMap<u64, u8> {
    let text = text_fixture(&format!("{name}.rodata.txt"));
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("0x") else {
            continue;
        };
        let mut words = rest.split_whitespace();
        let mut addr = u64::from_str_radix(words.next().unwrap(), 16).unwrap();
        for w in words.take(4) {
            if w.len() != 8 || !w.chars().all(|c| c.is_ascii_hexdigit()) {
                break;
            }
            for i in 0..4 {
                out.insert(addr, u8::from_str_radix(&w[2 * i..2 * i + 2], 16).unwrap());
                addr += 1;
            }
        }
    }
    out
}

/// `llvm-readelf -s -W`, the `.symtab` table: (name, value, size, type).
fn read_symtab(name: &str) -> Vec<(String, u64, u64, String)> {
    let text = text_fixture(&format!("{name}.syms.txt"));
    let mut out = Vec::new();
    let mut in_symtab = false;
    for line in text.lines() {
        if line.starts_with("Symbol table") {
            in_symtab = line.contains("'.symtab'");
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        if !in_symtab || f.len() < 8 || !f[0].ends_with(':') || f[0] == "Num:" {
            continue;
        }
        let value = u64::from_str_radix(f[1], 16).unwrap();
        let size: u64 = f[2].parse().unwrap();
        out.push((f[7].to_string(), value, size, f[3].to_string()));
    }
    out
}

fn symbol(name: &str, sym: &str) -> (u64, u64) {
    read_symtab(name)
        .into_iter()
        .find(|s| s.0 == sym)
        .map(|s| (s.1, s.2))
        .unwrap_or_else(|| panic!("{name}: no symbol {sym}"))
}

/// `llvm-readelf -h -l -S`: the header lines as key -> value, LOAD program headers, section headers.
struct Headers {
    header: BTreeMap<String, String>,
    /// (offset, vaddr, filesz, memsz, flags)
    loads: Vec<(u64, u64, u64, u64, String)>,
    /// name -> (address, offset, size)
    sections: BTreeMap<String, (u64, u64, u64)>,
}

fn hex(s: &str) -> u64 {
    u64::from_str_radix(s.trim_start_matches("0x"), 16).unwrap()
}

fn read_headers(name: &str) -> Headers {
    let text = text_fixture(&format!("{name}.headers.txt"));
    let mut h = Headers {
        header: BTreeMap::new(),
        loads: Vec::new(),
        sections: BTreeMap::new(),
    };
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.first() == Some(&"LOAD") {
            // LOAD Offset VirtAddr PhysAddr FileSiz MemSiz Flg... Align
            let flags = f[6..f.len() - 1].concat();
            h.loads
                .push((hex(f[1]), hex(f[2]), hex(f[4]), hex(f[5]), flags));
        } else if line.trim_start().starts_with('[') && f.len() >= 7 && !line.contains("Nr]") {
            let close = line.find(']').unwrap();
            let g: Vec<&str> = line[close + 1..].split_whitespace().collect();
            if g.len() >= 5 {
                h.sections
                    .insert(g[0].to_string(), (hex(g[2]), hex(g[3]), hex(g[4])));
            }
        } else if let Some((k, v)) = line.split_once(':') {
            if line.starts_with("  ") && !h.header.contains_key(k.trim()) {
                h.header.insert(k.trim().to_string(), v.trim().to_string());
            }
        }
    }
    h
}

// ---------------------------------------------------------------------------------------------------------
// Good objects.

#[test]
fn header_facts_match_readelf() {
    for name in GOOD {
        let co = load(&format!("{name}.hsaco"));
        let h = read_headers(name);
        assert_eq!(h.header["OS/ABI"], "AMDGPU - HSA", "{name}");
        // AMDGPUUsage: ELFABIVERSION_AMDGPU_HSA_V5 = 3, _V6 = 4.
        let abi: u32 = h.header["ABI Version"].parse().unwrap();
        assert_eq!(co.code_object_version(), abi + 2, "{name}");
        // "Flags: 0x54f, gfx950, xnack, sramecc": mach 0x4f, XNACK_ANY_V4 0x100, SRAMECC_ANY_V4 0x400.
        let flags = &h.header["Flags"];
        assert!(flags.starts_with("0x54f, gfx950"), "{name}: {flags}");
        assert_eq!(co.header().e_flags, 0x54f);
        assert_eq!(co.xnack(), FeatureSetting::Any, "{name}");
        assert_eq!(co.sramecc(), FeatureSetting::Any, "{name}");
    }
    // clang-22's default is v6; kernels_v5 was built with -mcode-object-version=5.
    assert_eq!(load("kernels_v6.hsaco").code_object_version(), 6);
    assert_eq!(load("kernels_v5.hsaco").code_object_version(), 5);
}

#[test]
fn metadata_matches_readelf_notes() {
    let mut kernels_checked = 0;
    let mut args_checked = 0;
    for name in GOOD {
        let co = load(&format!("{name}.hsaco"));
        let notes = read_notes(name);
        assert_eq!(co.target(), notes.target, "{name}");
        assert_eq!(co.metadata().version.to_vec(), notes.version, "{name}");
        let names: Vec<&str> = co.kernels().iter().map(|k| k.name.as_str()).collect();
        let note_names: Vec<&str> = notes
            .kernels
            .iter()
            .map(|k| k.keys[".name"].as_str())
            .collect();
        assert_eq!(names, note_names, "{name}: kernel names in order");
        for (k, nk) in co.kernels().iter().zip(&notes.kernels) {
            let md = &k.metadata;
            let at = format!("{name}/{}", k.name);
            let num = |key: &str| -> u32 {
                nk.keys[key]
                    .parse()
                    .unwrap_or_else(|_| panic!("{at}: {key}"))
            };
            assert_eq!(md.symbol, nk.keys[".symbol"], "{at}");
            assert_eq!(
                md.kernarg_segment_size,
                num(".kernarg_segment_size"),
                "{at}"
            );
            assert_eq!(
                md.kernarg_segment_align,
                num(".kernarg_segment_align"),
                "{at}"
            );
            assert_eq!(
                md.group_segment_fixed_size,
                num(".group_segment_fixed_size"),
                "{at}"
            );
            assert_eq!(
                md.private_segment_fixed_size,
                num(".private_segment_fixed_size"),
                "{at}"
            );
            assert_eq!(md.sgpr_count, num(".sgpr_count"), "{at}");
            assert_eq!(md.vgpr_count, num(".vgpr_count"), "{at}");
            assert_eq!(md.agpr_count, num(".agpr_count"), "{at}");
            assert_eq!(md.wavefront_size, num(".wavefront_size"), "{at}");
            assert_eq!(
                md.max_flat_workgroup_size,
                num(".max_flat_workgroup_size"),
                "{at}"
            );
            assert_eq!(md.sgpr_spill_count, Some(num(".sgpr_spill_count")), "{at}");
            assert_eq!(md.vgpr_spill_count, Some(num(".vgpr_spill_count")), "{at}");
            assert_eq!(
                md.uses_dynamic_stack.to_string(),
                nk.keys[".uses_dynamic_stack"],
                "{at}"
            );
            assert_eq!(
                md.language.as_deref(),
                nk.keys.get(".language").map(|s| s.as_str()),
                "{at}"
            );
            let lv = md.language_version.map(|v| format!("{},{}", v[0], v[1]));
            assert_eq!(
                lv.as_deref(),
                nk.keys.get(".language_version").map(|s| s.as_str()),
                "{at}"
            );
            assert_eq!(
                md.uniform_work_group_size,
                nk.keys
                    .get(".uniform_work_group_size")
                    .map(|s| s == "1")
                    .unwrap_or(false),
                "{at}"
            );
            assert_eq!(k.args().len(), nk.args.len(), "{at}: arg count");
            for (i, (a, na)) in k.args().iter().zip(&nk.args).enumerate() {
                let at = format!("{at} arg {i}");
                assert_eq!(a.offset.to_string(), na[".offset"], "{at}");
                assert_eq!(a.size.to_string(), na[".size"], "{at}");
                assert_eq!(a.value_kind.as_str(), na[".value_kind"], "{at}");
                assert_eq!(
                    a.type_name.as_deref(),
                    na.get(".type_name").map(|s| s.as_str()),
                    "{at}"
                );
                assert_eq!(
                    a.name.as_deref(),
                    na.get(".name").map(|s| s.as_str()),
                    "{at}"
                );
                assert_eq!(
                    a.address_space.as_deref(),
                    na.get(".address_space").map(|s| s.as_str()),
                    "{at}"
                );
                assert_eq!(
                    a.pointee_align.map(|v| v.to_string()).as_deref(),
                    na.get(".pointee_align").map(|s| s.as_str()),
                    "{at}"
                );
                assert_eq!(
                    a.is_const,
                    na.get(".is_const").is_some_and(|s| s == "true"),
                    "{at}"
                );
                args_checked += 1;
            }
            kernels_checked += 1;
        }
    }
    assert_eq!(kernels_checked, 5 + 5 + 1 + 2);
    assert!(args_checked > 30, "{args_checked}");
}

#[test]
fn argument_kinds_are_typed() {
    let co = load("kernels_v6.hsaco");
    let k = co.kernel("mixed_args").unwrap();
    let kinds: Vec<&ArgValueKind> = k.args().iter().map(|a| &a.value_kind).collect();
    assert_eq!(
        kinds,
        [
            &ArgValueKind::GlobalBuffer,
            &ArgValueKind::DynamicSharedPointer,
            &ArgValueKind::ByValue,
            &ArgValueKind::ByValue,
            &ArgValueKind::GlobalBuffer
        ]
    );
    // hidden_args reads the implicit arguments, so its metadata lists them (v5+ layout, AMDGPUUsage
    // "Code Object V5 Metadata"): 1 explicit, 13 hidden.
    let co = load("preload.hsaco");
    let k = co.kernel("hidden_args").unwrap();
    assert_eq!(k.metadata.explicit_args().count(), 1);
    let hidden: Vec<&ArgValueKind> = k
        .args()
        .iter()
        .filter(|a| a.value_kind.is_hidden())
        .map(|a| &a.value_kind)
        .collect();
    assert_eq!(hidden.len(), 13);
    assert_eq!(hidden[0], &ArgValueKind::HiddenBlockCountX);
    assert_eq!(hidden[12], &ArgValueKind::HiddenGridDims);
}

#[test]
fn descriptor_bytes_match_readelf_hex_dump() {
    for name in GOOD {
        let co = load(&format!("{name}.hsaco"));
        let dump = read_hex_dump(name);
        for k in co.kernels() {
            let (addr, size) = symbol(name, &k.metadata.symbol);
            assert_eq!(size, 64, "{name}/{}", k.name);
            assert_eq!(k.descriptor_address, addr, "{name}/{}", k.name);
            let expected: Vec<u8> = (addr..addr + 64).map(|a| dump[&a]).collect();
            assert_eq!(k.descriptor_bytes.to_vec(), expected, "{name}/{}", k.name);
        }
    }
}

#[test]
fn descriptor_fields_match_objdump_amdhsa_directives() {
    let mut fields_checked = 0;
    for name in GOOD {
        let co = load(&format!("{name}.hsaco"));
        let kds = read_kd_directives(name);
        assert_eq!(kds.len(), co.kernels().len(), "{name}");
        for k in co.kernels() {
            let (addr, d) = &kds[&k.metadata.symbol];
            assert_eq!(*addr, k.descriptor_address);
            let kd = &k.descriptor;
            let r1 = &kd.compute_pgm_rsrc1;
            let r2 = &kd.compute_pgm_rsrc2;
            let r3 = &kd.compute_pgm_rsrc3;
            let p = &kd.kernel_code_properties;
            let ours: Vec<(&str, i64)> = vec![
                (
                    "group_segment_fixed_size",
                    kd.group_segment_fixed_size as i64,
                ),
                (
                    "private_segment_fixed_size",
                    kd.private_segment_fixed_size as i64,
                ),
                ("kernarg_size", kd.kernarg_size as i64),
                ("accum_offset", r3.accum_offset_vgprs() as i64),
                ("tg_split", r3.tg_split as i64),
                ("next_free_vgpr", r1.allocated_vgprs() as i64),
                ("next_free_sgpr", r1.allocated_sgprs() as i64),
                ("float_round_mode_32", r1.float_round_mode_32 as i64),
                ("float_round_mode_16_64", r1.float_round_mode_16_64 as i64),
                ("float_denorm_mode_32", r1.float_denorm_mode_32 as i64),
                ("float_denorm_mode_16_64", r1.float_denorm_mode_16_64 as i64),
                ("dx10_clamp", r1.enable_dx10_clamp as i64),
                ("ieee_mode", r1.enable_ieee_mode as i64),
                ("fp16_overflow", r1.fp16_ovfl as i64),
                ("enable_private_segment", r2.enable_private_segment as i64),
                (
                    "system_sgpr_workgroup_id_x",
                    r2.enable_sgpr_workgroup_id_x as i64,
                ),
                (
                    "system_sgpr_workgroup_id_y",
                    r2.enable_sgpr_workgroup_id_y as i64,
                ),
                (
                    "system_sgpr_workgroup_id_z",
                    r2.enable_sgpr_workgroup_id_z as i64,
                ),
                (
                    "system_sgpr_workgroup_info",
                    r2.enable_sgpr_workgroup_info as i64,
                ),
                ("system_vgpr_workitem_id", r2.enable_vgpr_workitem_id as i64),
                (
                    "exception_fp_ieee_invalid_op",
                    (r2.enable_exception & 1) as i64,
                ),
                (
                    "exception_fp_denorm_src",
                    (r2.enable_exception >> 1 & 1) as i64,
                ),
                (
                    "exception_fp_ieee_div_zero",
                    (r2.enable_exception >> 2 & 1) as i64,
                ),
                (
                    "exception_fp_ieee_overflow",
                    (r2.enable_exception >> 3 & 1) as i64,
                ),
                (
                    "exception_fp_ieee_underflow",
                    (r2.enable_exception >> 4 & 1) as i64,
                ),
                (
                    "exception_fp_ieee_inexact",
                    (r2.enable_exception >> 5 & 1) as i64,
                ),
                (
                    "exception_int_div_zero",
                    (r2.enable_exception >> 6 & 1) as i64,
                ),
                ("user_sgpr_dispatch_ptr", p.enable_sgpr_dispatch_ptr as i64),
                ("user_sgpr_queue_ptr", p.enable_sgpr_queue_ptr as i64),
                (
                    "user_sgpr_kernarg_segment_ptr",
                    p.enable_sgpr_kernarg_segment_ptr as i64,
                ),
                ("user_sgpr_dispatch_id", p.enable_sgpr_dispatch_id as i64),
                (
                    "user_sgpr_private_segment_size",
                    p.enable_sgpr_private_segment_size as i64,
                ),
                ("uses_dynamic_stack", p.uses_dynamic_stack as i64),
            ];
            for (key, v) in ours {
                let expected = d.get(key).unwrap_or_else(|| {
                    panic!("{name}/{}: objdump printed no .amdhsa_{key}", k.name)
                });
                assert_eq!(v, *expected, "{name}/{}: .amdhsa_{key}", k.name);
                fields_checked += 1;
            }
            // Printed only when non-zero.
            let preload = d
                .get("user_sgpr_kernarg_preload_length")
                .copied()
                .unwrap_or(0);
            assert_eq!(
                kd.kernarg_preload_spec_length as i64, preload,
                "{name}/{}",
                k.name
            );
            let preload_off = d
                .get("user_sgpr_kernarg_preload_offset")
                .copied()
                .unwrap_or(0);
            assert_eq!(
                kd.kernarg_preload_spec_offset as i64, preload_off,
                "{name}/{}",
                k.name
            );
            // The descriptor and the metadata agree on the segment sizes.
            assert_eq!(
                kd.group_segment_fixed_size,
                k.metadata.group_segment_fixed_size
            );
            assert_eq!(
                kd.private_segment_fixed_size,
                k.metadata.private_segment_fixed_size
            );
            assert_eq!(kd.kernarg_size, k.metadata.kernarg_segment_size);
            assert_eq!(p.uses_dynamic_stack, k.metadata.uses_dynamic_stack);
        }
    }
    assert!(fields_checked >= 13 * 33, "{fields_checked}");
}

#[test]
fn entry_is_the_kernel_function_symbol() {
    for name in GOOD {
        let co = load(&format!("{name}.hsaco"));
        for k in co.kernels() {
            let (func, _) = symbol(name, &k.name);
            assert_eq!(k.code_entry, func, "{name}/{}", k.name);
            // No kernarg preload: the wave starts at the entry symbol.
            if k.descriptor.kernarg_preload_spec_length == 0 {
                assert_eq!(k.entry_pc, func, "{name}/{}", k.name);
            }
        }
    }
    // With kernarg preload the compiler puts a 256-byte compatibility prologue at the entry that ends in
    // "s_branch ... <preload_add+0x100>" (preload.objdump.txt); preloading firmware starts there.
    let co = load("preload.hsaco");
    let objdump = text_fixture("preload.objdump.txt");
    for kname in ["preload_add", "hidden_args"] {
        let k = co.kernel(kname).unwrap();
        let (func, _) = symbol("preload", kname);
        assert!(objdump.contains(&format!("<{kname}+0x100>")), "{kname}");
        assert_eq!(k.entry_pc, func + 0x100, "{kname}");
    }
}

#[test]
fn segments_and_text_match_program_and_section_headers() {
    for name in GOOD {
        let bytes = fixture(&format!("{name}.hsaco"));
        let co = CodeObject::parse(bytes.clone()).unwrap();
        let h = read_headers(name);
        assert_eq!(co.segments().len(), h.loads.len(), "{name}");
        for (s, (off, vaddr, filesz, memsz, flags)) in co.segments().iter().zip(&h.loads) {
            assert_eq!(
                (s.file_offset, s.vaddr, s.filesz, s.memsz),
                (*off, *vaddr, *filesz, *memsz),
                "{name}"
            );
            assert_eq!(s.readable, flags.contains('R'), "{name}");
            assert_eq!(s.writable, flags.contains('W'), "{name}");
            assert_eq!(s.executable, flags.contains('E'), "{name}");
            assert_eq!(
                s.file_bytes(),
                &bytes[*off as usize..(*off + *filesz) as usize]
            );
        }
        let (addr, off, size) = h.sections[".text"];
        let (text_addr, text) = co.text();
        assert_eq!(text_addr, addr, "{name}");
        assert_eq!(text, &bytes[off as usize..(off + size) as usize], "{name}");
        let ls = co.load_segments();
        assert_eq!(ls.len(), h.loads.len());
        assert!(
            ls.iter().any(|s| s.3),
            "{name}: the RW segment (.dynamic) is writable"
        );
    }
}

#[test]
fn rodata_table_is_readable_at_its_virtual_address() {
    // `constant uint table[16]` in kernels.cl, read PC-relative by `lookup`.
    let co = load("kernels_v6.hsaco");
    let (addr, size) = symbol("kernels_v6", "table");
    assert_eq!(size, 64);
    let bytes = co.read_file_bytes(addr, 64).unwrap();
    let words: Vec<u32> = bytes
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3]);
    let dump = read_hex_dump("kernels_v6");
    assert!(bytes
        .iter()
        .enumerate()
        .all(|(i, b)| dump[&(addr + i as u64)] == *b));
}

#[test]
fn functions_match_symtab_sorted_by_address() {
    for name in GOOD {
        let co = load(&format!("{name}.hsaco"));
        let mut expected: Vec<(String, u64, u64)> = read_symtab(name)
            .into_iter()
            .filter(|s| s.3 == "FUNC")
            .map(|s| (s.0, s.1, s.2))
            .collect();
        expected.sort_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)));
        let ours: Vec<(String, u64, u64)> = co
            .functions()
            .iter()
            .map(|f| (f.name.clone(), f.address, f.size))
            .collect();
        assert_eq!(ours, expected, "{name}");
        for f in co.functions() {
            assert_eq!(co.function_at(f.address).map(|g| &g.name), Some(&f.name));
            assert_eq!(
                co.function_at(f.address + f.size - 4).map(|g| &g.name),
                Some(&f.name)
            );
        }
    }
    let co = load("kernels_v6.hsaco");
    assert_eq!(
        co.functions().len(),
        10,
        "5 kernels + 5 __clang_ocl_kern_imp_ bodies"
    );
}

// ---------------------------------------------------------------------------------------------------------
// What the hardware preloads, checked against the registers the compiled code reads (objdump listings).

fn sgprs(k: &[SgprPreload]) -> Vec<(u16, SgprInit, u16)> {
    k.iter().map(|p| (p.first_sgpr, p.what, p.count)).collect()
}

#[test]
fn sgpr_layout_matches_the_registers_the_code_reads() {
    let co = load("kernels_v6.hsaco");
    let listing = text_fixture("kernels_v6.objdump.txt");
    let has = |s: &str| assert!(listing.contains(s), "kernels_v6.objdump.txt lacks {s:?}");

    // vadd: "s_load_dword s5, s[0:1], 0x4" reads the dispatch packet's workgroup_size_x (packet offset 4),
    // "s_load_dword s6, s[2:3], 0x18" reads n (kernarg offset 24, notes), "s_mul_i32 s4, s4, s0" scales the
    // work-group id x by the work-group size.
    has("s_load_dword s5, s[0:1], 0x4 ");
    has("s_load_dword s6, s[2:3], 0x18 ");
    has("s_mul_i32 s4, s4, s0 ");
    let k = co.kernel("vadd").unwrap();
    assert_eq!(
        sgprs(&k.sgpr_preload_layout()),
        [
            (0, SgprInit::DispatchPtr, 2),
            (2, SgprInit::KernargSegmentPtr, 2),
            (4, SgprInit::WorkGroupIdX, 1)
        ]
    );

    // mixed_args: kernarg pointer s[0:1] ("s_load_dwordx2 s[4:5], s[0:1], 0x28" = coef at offset 40), work-group
    // id z in s3 ("s_add_i32 s0, s3, s0" adds gz); x is enabled too (ADC order x, y, z), so x is s2.
    has("s_load_dwordx2 s[4:5], s[0:1], 0x28 ");
    has("s_add_i32 s0, s3, s0 ");
    let k = co.kernel("mixed_args").unwrap();
    assert_eq!(
        sgprs(&k.sgpr_preload_layout()),
        [
            (0, SgprInit::KernargSegmentPtr, 2),
            (2, SgprInit::WorkGroupIdX, 1),
            (3, SgprInit::WorkGroupIdZ, 1)
        ]
    );

    // preload_add: the compatibility prologue loads what preloading firmware puts in s[2:5]:
    // "s_load_dwordx2 s[2:3], s[0:1], 0x0" and "s_load_dwordx2 s[4:5], s[0:1], 0x8".
    let pre = text_fixture("preload.objdump.txt");
    assert!(pre.contains("s_load_dwordx2 s[2:3], s[0:1], 0x0 "));
    assert!(pre.contains("s_load_dwordx2 s[4:5], s[0:1], 0x8 "));
    let co = load("preload.hsaco");
    let k = co.kernel("preload_add").unwrap();
    assert_eq!(
        sgprs(&k.sgpr_preload_layout()),
        [
            (0, SgprInit::KernargSegmentPtr, 2),
            (2, SgprInit::KernargPreload { kernarg_offset: 0 }, 1),
            (3, SgprInit::KernargPreload { kernarg_offset: 4 }, 1),
            (4, SgprInit::KernargPreload { kernarg_offset: 8 }, 1),
            (5, SgprInit::KernargPreload { kernarg_offset: 12 }, 1),
            (6, SgprInit::WorkGroupIdX, 1)
        ]
    );
    assert_eq!(k.descriptor.compute_pgm_rsrc2.user_sgpr_count, 6);
}

#[test]
fn workitem_ids_are_packed_in_v0() {
    let co = load("kernels_v6.hsaco");
    // .amdhsa_system_vgpr_workitem_id: vadd 0, tile_sum 1, mixed_args 2 (kernels_v6.kd.txt).
    assert_eq!(
        co.kernel("vadd").unwrap().workitem_id_layout(),
        WorkItemIdLayout { dims: 1 }
    );
    assert_eq!(
        co.kernel("tile_sum").unwrap().workitem_id_layout(),
        WorkItemIdLayout { dims: 2 }
    );
    let l = co.kernel("mixed_args").unwrap().workitem_id_layout();
    assert_eq!(l, WorkItemIdLayout { dims: 3 });
    // AMDGPUUsage "Register Layout for Packed Work-Item ID Method": x 9:0, y 19:10, z 29:20. By hand:
    // 7 << 20 | 6 << 10 | 5 = 0x700000 + 0x1800 + 5.
    assert_eq!(l.pack(5, 6, 7), 0x0070_1805);
    assert_eq!(WorkItemIdLayout { dims: 2 }.pack(5, 6, 7), 0x0000_1805);
    assert_eq!(WorkItemIdLayout { dims: 1 }.pack(5, 6, 7), 5);
    assert_eq!(l.pack(1023, 1023, 1023), 0x3fff_ffff);
    // mixed_args unpacks v0 itself: "v_and_b32_e32 v0, 0x3ff, v0" (x) and "v_lshrrev_b32_e32 v3, 8, v0" then
    // "v_and_b32_e32 v3, 0xffc, v3" (y * 4 = bits 19:10 shifted down by 8).
    let listing = text_fixture("kernels_v6.objdump.txt");
    assert!(listing.contains("v_and_b32_e32 v0, 0x3ff, v0 "));
    assert!(listing.contains("v_and_b32_e32 v3, 0xffc, v3 "));
}

#[test]
fn initial_mode_from_rsrc1() {
    // kernels_v6.kd.txt for vadd: round modes 0/0, denorm modes 3/3, dx10_clamp 1, ieee_mode 1, no exceptions,
    // fp16_overflow 0. state.md MODE: FP_ROUND 3:0, FP_DENORM 7:4, DX10_CLAMP 8, IEEE 9, so
    // 0 | 0 << 2 | 3 << 4 | 3 << 6 | 1 << 8 | 1 << 9 = 0x3f0.
    let co = load("kernels_v6.hsaco");
    let k = co.kernel("vadd").unwrap();
    assert_eq!(k.initial_mode(), 0x3f0);
    assert!(!k.flat_scratch_initialised());
    assert!(co
        .kernel("scratch_walk")
        .unwrap()
        .flat_scratch_initialised());
}

#[test]
fn kernel_lookup_by_name_symbol_and_hip_base_name() {
    let co = load("kernels_v6.hsaco");
    assert_eq!(co.kernel("lookup").unwrap().name, "lookup");
    assert_eq!(co.kernel("lookup.kd").unwrap().name, "lookup");
    let hip = load("hip_saxpy.hsaco");
    assert_eq!(
        hip.kernel("_Z5saxpyfPKfPfj").unwrap().name,
        "_Z5saxpyfPKfPfj"
    );
    assert_eq!(hip.kernel("saxpy").unwrap().name, "_Z5saxpyfPKfPfj");
}

// ---------------------------------------------------------------------------------------------------------
// Bad input: one clear error each, never a panic.

#[test]
fn missing_kernel_lists_the_available_ones() {
    let co = load("kernels_v6.hsaco");
    let e = co.kernel("nope").unwrap_err();
    assert_eq!(
        e.to_string(),
        "no kernel named \"nope\" in the code object; its kernels are: vadd, tile_sum, scratch_walk, lookup, mixed_args"
    );
}

#[test]
fn gfx90a_object_is_rejected_naming_its_processor() {
    // kernels_gfx90a.headers.txt: "Flags: 0x53f, gfx90a, xnack, sramecc" (mach 0x3f).
    let h = read_headers("kernels_gfx90a");
    assert!(h.header["Flags"].contains("gfx90a"));
    assert_eq!(
        load_err(fixture("kernels_gfx90a.hsaco")),
        "code object is for gfx90a (e_flags mach 0x3f), wavescope executes gfx950 only"
    );
}

#[test]
fn non_amdgpu_and_relocatable_objects_are_rejected() {
    // others.headers.txt: tiny_x86_64.o is ELF64 "Advanced Micro Devices X86-64", tiny_i686.o ELF32
    // "Intel 80386", preload_rel.o ELF64 EM_AMDGPU "REL (Relocatable file)".
    let others = text_fixture("others.headers.txt");
    assert!(others.contains("Advanced Micro Devices X86-64") && others.contains("Intel 80386"));
    assert_eq!(
        load_err(fixture("tiny_x86_64.o")),
        "not an AMDGPU code object: the ELF is for x86-64 (e_machine 62), not AMDGPU (e_machine 224)"
    );
    assert_eq!(
        load_err(fixture("tiny_i686.o")),
        "not an AMDGPU code object: an ELF32 file for i386 (e_machine 3); AMDGPU amdgcn code objects are ELF64"
    );
    assert_eq!(
        load_err(fixture("preload_rel.o")),
        "unsupported code object: this is a relocatable object (ET_REL, from clang -c); link it into a shared \
         code object (clang without -c, or ld.lld -shared) as the ROCm loader requires"
    );
}

/// xorshift64: deterministic noise.
fn noise(seed: u64, n: usize) -> Vec<u8> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

#[test]
fn random_bytes_and_empty_input_are_not_elf() {
    let r = noise(0x9e37_79b9_7f4a_7c15, 4096);
    let first: Vec<String> = r[..4].iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        load_err(r.clone()),
        format!(
            "not an ELF file: it starts with {}, not 7f 45 4c 46 (\"\\x7fELF\")",
            first.join(" ")
        )
    );
    assert_eq!(load_err(Vec::new()), "not an ELF file: the file is empty");
    assert_eq!(
        load_err(b"\x7fEL".to_vec()),
        "not an ELF file: it starts with 7f 45 4c, not 7f 45 4c 46 (\"\\x7fELF\")"
    );
}

#[test]
fn truncated_objects_give_an_error_at_every_length() {
    let bytes = fixture("kernels_v6.hsaco");
    let h = read_headers("kernels_v6");
    // "Start of section headers: 19344", 25 headers of 64 bytes: they end at 19344 + 1600 = 20944 = file size.
    let sh_end = 19344 + 25 * 64;
    assert_eq!(bytes.len(), sh_end);
    assert!(h.header["Start of section headers"].starts_with("19344"));
    assert_eq!(
        load_err(bytes[..40].to_vec()),
        "truncated ELF: 40 bytes, shorter than the 64-byte ELF64 header"
    );
    assert_eq!(
        load_err(bytes[..10].to_vec()),
        "truncated ELF: 10 bytes, shorter than the ELF identification and e_machine"
    );
    assert_eq!(
        load_err(bytes[..4096].to_vec()),
        format!(
            "truncated ELF: the section headers end at byte {sh_end} but the file has 4096 bytes"
        )
    );
    for n in (0..bytes.len()).step_by(7).chain([bytes.len() - 1]) {
        assert!(
            CodeObject::parse(bytes[..n].to_vec()).is_err(),
            "a {n}-byte prefix loaded"
        );
    }
}

#[test]
fn corrupted_objects_never_panic() {
    // Flip bytes all over a good object (and over a header-only copy with noise behind it); every outcome is
    // Ok or Err, never a panic.
    for name in ["kernels_v6.hsaco", "preload.hsaco", "hip_saxpy.hsaco"] {
        let good = fixture(name);
        for seed in 1..400u64 {
            let mut b = good.clone();
            let r = noise(seed.wrapping_mul(0x2545_f491_4f6c_dd1d), 16);
            for i in 0..4 {
                let at = u32::from_le_bytes([r[4 * i], r[4 * i + 1], r[4 * i + 2], 0]) as usize
                    % b.len();
                b[at] ^= r[4 * i + 3] | 1;
            }
            let _ = CodeObject::parse(b);
        }
        // Only the 64-byte header kept, the rest noise.
        let mut b = good[..64].to_vec();
        b.extend(noise(7, good.len() - 64));
        let _ = CodeObject::parse(b);
    }
}

#[test]
fn corrupted_metadata_and_descriptor_give_clear_errors() {
    let good = fixture("kernels_v6.hsaco");
    let h = read_headers("kernels_v6");
    // The .note section (offset 0x200): a 12-byte note header, "AMDGPU\0" padded to 8, then the MessagePack.
    let (_, note_off, _) = h.sections[".note"];
    let desc = note_off as usize + 12 + 8;
    let mut b = good.clone();
    b[desc] = 0x93; // a 3-element array instead of the root map
    assert_eq!(
        load_err(b),
        "bad NT_AMDGPU_METADATA note: the metadata root is not a map"
    );
    // Rename the first ".kernarg_segment_size" key (vadd's, the first kernel) to ".xernarg_segment_size".
    let key = b".kernarg_segment_size";
    let at = good.windows(key.len()).position(|w| w == key).unwrap();
    assert!(
        at > desc && at < desc + 0xbda,
        "inside the note (notes: data size 0xbda)"
    );
    let mut b = good.clone();
    b[at + 1] = b'x';
    assert_eq!(
        load_err(b),
        "bad NT_AMDGPU_METADATA note: kernel vadd has no required key .kernarg_segment_size"
    );
    // Cut the MessagePack short by changing the root map's entry count (0x83: 3 entries) to 15.
    assert_eq!(good[desc], 0x83);
    let mut b = good.clone();
    b[desc] = 0x8f;
    let e = load_err(b);
    assert!(
        e.starts_with("bad NT_AMDGPU_METADATA note: not valid MessagePack"),
        "{e}"
    );

    // vadd.kd at 0x11c0 lies in the first PT_LOAD (offset 0 = vaddr 0). Set ENABLE_WAVEFRONT_SIZE32
    // (kernel_code_properties bit 10 = byte 57 bit 2).
    let (kd, _) = symbol("kernels_v6", "vadd.kd");
    assert_eq!(h.loads[0].0, 0);
    assert_eq!(h.loads[0].1, 0);
    let mut b = good.clone();
    b[kd as usize + 57] |= 1 << 2;
    assert_eq!(
        load_err(b),
        "kernel vadd: ENABLE_WAVEFRONT_SIZE32 is set; gfx950 runs wave64 only"
    );

    // An entry offset pointing outside .text.
    let mut b = good.clone();
    b[kd as usize + 16..kd as usize + 24].copy_from_slice(&(-0x1000i64).to_le_bytes());
    assert_eq!(
        load_err(b),
        "kernel vadd: its code entry 0x1c0 (descriptor at 0x11c0, kernel_code_entry_byte_offset -4096) is \
         outside the executable segment"
    );

    // USER_SGPR_COUNT below what the enable bits ask for: vadd asks for 4 (dispatch ptr + kernarg ptr).
    let mut b = good.clone();
    let rsrc2 = kd as usize + 52;
    b[rsrc2] &= !(0x1f << 1);
    b[rsrc2] |= 2 << 1;
    assert_eq!(
        load_err(b),
        "kernel vadd: the enable_sgpr_* bits and kernarg preload ask for 4 user SGPRs but \
         COMPUTE_PGM_RSRC2.USER_SGPR_COUNT is 2"
    );
}

#[test]
fn load_errors_are_comparable_values() {
    // The error type carries what was found, for callers that want more than the message.
    match CodeObject::parse(fixture("kernels_gfx90a.hsaco")) {
        Err(LoadError::WrongProcessor { processor, mach }) => {
            assert_eq!(processor, "gfx90a");
            assert_eq!(mach, 0x3f);
        }
        other => panic!("{:?}", other.map(|_| ())),
    }
}

#[test]
fn sgpr_layout_with_every_enable_bit_follows_the_amdgpuusage_order() {
    // A synthetic descriptor, worked by hand from AMDGPUUsage "SGPR Register Set Up Order": private segment
    // buffer s[0:3], dispatch ptr s[4:5], queue ptr s[6:7], kernarg ptr s[8:9], dispatch id s[10:11], flat
    // scratch init s[12:13], private segment size s14 (user SGPRs, dense from s0); USER_SGPR_COUNT = 15, so the
    // system SGPRs are work-group id x s15, y s16, z s17, work-group info s18.
    use wavescope::code_object::KernelDescriptor;
    let mut kd = [0u8; 64];
    kd[56] = 0x7f; // kernel_code_properties bits 0-6
    let rsrc2: u32 = 15 << 1 | 1 << 7 | 1 << 8 | 1 << 9 | 1 << 10 | 2 << 11;
    kd[52..56].copy_from_slice(&rsrc2.to_le_bytes());
    let d = KernelDescriptor::from_bytes(&kd);
    assert_eq!(
        sgprs(&d.sgpr_preload_layout()),
        [
            (0, SgprInit::PrivateSegmentBuffer, 4),
            (4, SgprInit::DispatchPtr, 2),
            (6, SgprInit::QueuePtr, 2),
            (8, SgprInit::KernargSegmentPtr, 2),
            (10, SgprInit::DispatchId, 2),
            (12, SgprInit::FlatScratchInit, 2),
            (14, SgprInit::PrivateSegmentSize, 1),
            (15, SgprInit::WorkGroupIdX, 1),
            (16, SgprInit::WorkGroupIdY, 1),
            (17, SgprInit::WorkGroupIdZ, 1),
            (18, SgprInit::WorkGroupInfo, 1),
        ]
    );
    assert_eq!(d.workitem_id_layout(), WorkItemIdLayout { dims: 3 });
    // gfx950 has architected flat scratch: the first two "must be 0" (AMDGPUUsage kernel descriptor table).
    assert!(d
        .check_gfx950()
        .unwrap_err()
        .0
        .contains("ENABLE_SGPR_PRIVATE_SEGMENT_BUFFER"));

    // Kernarg preload of 3 dwords from dword 2 after a kernarg pointer: s[0:1], then kernarg bytes 8, 12, 16 in
    // s2..s4 (AMDGPUUsage "Preloaded Kernel Arguments"). Bits 470:464 = length, 479:471 = dword offset.
    let mut kd = [0u8; 64];
    kd[56] = 1 << 3;
    let preload: u16 = 3 | 2 << 7;
    kd[58..60].copy_from_slice(&preload.to_le_bytes());
    let rsrc2: u32 = 5 << 1 | 1 << 7;
    kd[52..56].copy_from_slice(&rsrc2.to_le_bytes());
    let d = KernelDescriptor::from_bytes(&kd);
    assert_eq!(
        (d.kernarg_preload_spec_length, d.kernarg_preload_spec_offset),
        (3, 2)
    );
    assert_eq!(
        sgprs(&d.sgpr_preload_layout()),
        [
            (0, SgprInit::KernargSegmentPtr, 2),
            (2, SgprInit::KernargPreload { kernarg_offset: 8 }, 1),
            (3, SgprInit::KernargPreload { kernarg_offset: 12 }, 1),
            (4, SgprInit::KernargPreload { kernarg_offset: 16 }, 1),
            (5, SgprInit::WorkGroupIdX, 1),
        ]
    );
    assert!(d.check_gfx950().is_ok());
    // Entry: kd + offset, + 256 with preload. By hand: 0x1000 + 0x40 + 0x100.
    let mut kd2 = kd;
    kd2[16..24].copy_from_slice(&0x40i64.to_le_bytes());
    let d = KernelDescriptor::from_bytes(&kd2);
    assert_eq!(d.code_entry(0x1000), 0x1040);
    assert_eq!(d.entry_pc(0x1000), 0x1140);
}

#[test]
fn load_reads_a_file_and_names_a_missing_one() {
    let co = CodeObject::load(std::path::Path::new(&format!("{DIR}/kernels_v6.hsaco"))).unwrap();
    assert_eq!(co.kernels().len(), 5);
    let e = CodeObject::load(std::path::Path::new("/nonexistent/k.hsaco")).unwrap_err();
    assert!(matches!(e, LoadError::Io { .. }));
    assert!(
        e.to_string()
            .starts_with("cannot read /nonexistent/k.hsaco: "),
        "{e}"
    );
}

/// `.rela.dyn` entries equal `llvm-readelf-22 -r` (committed beside the object), and `load_segments` applies them:
/// R_AMDGPU_RELATIVE64 writes load base (0) + addend, so the function-pointer table holds the functions' addresses.
#[test]
fn dynamic_relocations_are_applied_as_llvm_readelf_lists_them() {
    let dir = format!(
        "{}/tests/fixtures/extra_kernels_hip/hip_fnptr_table",
        env!("CARGO_MANIFEST_DIR")
    );
    let co = wavescope::code_object::CodeObject::load(std::path::Path::new(&format!(
        "{dir}/kernel.hsaco"
    )))
    .unwrap();
    let listing = std::fs::read_to_string(format!("{dir}/kernel.relocs.txt")).unwrap();
    let expected: Vec<(u64, u32, i64)> = listing
        .lines()
        .filter(|l| l.contains("R_AMDGPU_"))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let info = u64::from_str_radix(f[1], 16).unwrap();
            (
                u64::from_str_radix(f[0], 16).unwrap(),
                (info & 0xffff_ffff) as u32,
                i64::from_str_radix(f[f.len() - 1], 16).unwrap(),
            )
        })
        .collect();
    assert_eq!(expected.len(), 3, "{listing}");
    let got: Vec<(u64, u32, i64)> = co
        .dynamic_relocations()
        .iter()
        .map(|r| (r.offset, r.r_type, r.addend))
        .collect();
    assert_eq!(got, expected);
    let segs = co.load_segments();
    for (offset, _, addend) in expected {
        let (vaddr, bytes, _, _) = segs
            .iter()
            .find(|(v, _, m, _)| offset >= *v && offset < v + m)
            .expect("relocation inside a segment");
        let o = (offset - vaddr) as usize;
        assert_eq!(
            u64::from_le_bytes(bytes[o..o + 8].try_into().unwrap()),
            addend as u64
        );
    }
}

/// The loader's own bytes at the start of the first segment (ELF header, program headers, notes, dynamic
/// symbols) are not mapped, so a null pointer faults as on the hardware, where the object sits at a non-zero
/// base. What stays mapped starts at the lowest allocated PROGBITS/NOBITS section in llvm-readelf-22's section
/// table, and from there the bytes are the file's.
#[test]
fn null_page_is_not_mapped_and_data_sections_are() {
    for name in GOOD {
        let bytes = fixture(&format!("{name}.hsaco"));
        let co = CodeObject::parse(bytes.clone()).unwrap();
        let text = text_fixture(&format!("{name}.headers.txt"));
        let mut lowest: Option<(u64, u64)> = None; // (address, file offset)
        for line in text.lines() {
            if !line.trim_start().starts_with('[') || line.contains("Nr]") {
                continue;
            }
            let g: Vec<&str> = line[line.find(']').unwrap() + 1..]
                .split_whitespace()
                .collect();
            // Name Type Address Off Size ES [Flg] Lk Inf Al
            let flags = if g.len() == 10 { g[6] } else { "" };
            if (g[1] == "PROGBITS" || g[1] == "NOBITS") && flags.contains('A') {
                let (addr, off) = (hex(g[2]), hex(g[3]));
                if lowest.is_none_or(|(a, _)| addr < a) {
                    lowest = Some((addr, off));
                }
            }
        }
        let (guard, off) = lowest.expect("an allocated data section");
        assert!(guard > 0, "{name}");
        assert_eq!(co.null_guard(), guard, "{name}");
        let segs = co.load_segments();
        assert!(
            segs.iter().all(|(va, _, _, _)| *va >= guard),
            "{name}: something below {guard:#x} is mapped"
        );
        let (va, seg, _, _) = segs
            .iter()
            .find(|s| s.0 == guard)
            .expect("mapped from the guard");
        assert_eq!(*va, guard);
        assert_eq!(
            &seg[..16],
            &bytes[off as usize..off as usize + 16],
            "{name}"
        );
    }
}
