//! The copy of the code object that stock gdb reads through `qXfer:exec-file` and `vFile` (gdb-stock-client.md §4).
//!
//! gdb takes symbols, the line table and the inline-function tree from it, so `break kernel.cl:32`, `list`,
//! `info line` and `bt` work with no `file` command. Three changes make an x86-64 gdb accept it:
//! - ELF header: `e_machine` = EM_X86_64, `EI_OSABI`/`EI_ABIVERSION` = 0, `e_flags` = 0 (else gdb takes the file
//!   for another architecture, or as 32-bit i386);
//! - `.debug_frame`: LLVM's AMDGPU CFI rules mean nothing on x86 and gdb 13 stops with "Unknown CFA rule"; it is
//!   replaced by one CIE (`CFA = rsp + 0`, `rip` undefined) and one FDE per function, so every function is an
//!   outermost frame;
//! - DWARF 5 line tables: relative include directories (clang writes comp_dir "." when it compiles in the
//!   source directory) are made absolute against the code object's directory, because gdb resolves relative
//!   ones against its own working directory and `list` would find no source elsewhere; the new strings are
//!   appended to a relocated `.debug_line_str`;
//! - variable locations (`DW_AT_location`, `DW_AT_frame_base`, location lists): AMDGPU DWARF names AMDGPU
//!   registers and `DW_OP_LLVM_*`/`DW_OP_xderef` operations that x86 gdb either cannot evaluate ("Unhandled
//!   dwarf expression opcode" on every frame line) or would read from its x86 filler registers (wrong values).
//!   The location of each variable and parameter is overwritten in place, same length, with
//!   `DW_OP_breg6 (rbp) VAR_STRIDE*k` and `DW_OP_nop`s: a memory location in a window that does not exist on the
//!   device ([`VAR_BASE`], the value the server gives rbp). A gdb read there is variable `k` of
//!   [`ServedCopy::vars`], which the server evaluates from the real AMDGPU expression for one lane of the wave
//!   (`p x`, `info locals`, frame arguments). Expressions too short for that, and frame bases, become
//!   `DW_OP_nop`s and an empty `DW_OP_piece`, which gdb shows as `<optimized out>`;
//! - nothing else: loadable segments keep their addresses, so the wave PC is the ELF virtual address.
//!
//! The new `.debug_frame` is appended at the end of the file and its section header points there (a non-alloc
//! section may live anywhere); a code object without `.debug_frame` gets a new section header table and a new
//! `.shstrtab` appended the same way.

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("cannot prepare the code object for gdb: {0}")]
pub struct ServedElfError(String);

const EM_X86_64: u16 = 62;
const SHT_SYMTAB: u32 = 2;
const SHT_DYNSYM: u32 = 11;
const STT_FUNC: u8 = 2;

struct Shdr {
    name: u32,
    kind: u32,
    offset: u64,
    size: u64,
    link: u32,
    entsize: u64,
}

fn rd<const N: usize>(b: &[u8], at: usize) -> Result<[u8; N], ServedElfError> {
    at.checked_add(N)
        .and_then(|end| b.get(at..end))
        .map(|s| s.try_into().unwrap())
        .ok_or_else(|| ServedElfError(format!("truncated ELF (reading {N} bytes at 0x{at:x})")))
}
fn u16_at(b: &[u8], at: usize) -> Result<u16, ServedElfError> {
    Ok(u16::from_le_bytes(rd(b, at)?))
}
fn u32_at(b: &[u8], at: usize) -> Result<u32, ServedElfError> {
    Ok(u32::from_le_bytes(rd(b, at)?))
}
fn u64_at(b: &[u8], at: usize) -> Result<u64, ServedElfError> {
    Ok(u64::from_le_bytes(rd(b, at)?))
}

fn section_headers(b: &[u8]) -> Result<(usize, Vec<Shdr>, usize), ServedElfError> {
    let shoff = u64_at(b, 0x28)? as usize;
    let shentsize = u16_at(b, 0x3A)? as usize;
    let shnum = u16_at(b, 0x3C)? as usize;
    let shstrndx = u16_at(b, 0x3E)? as usize;
    if shentsize != 64 {
        return Err(ServedElfError(format!(
            "section header size {shentsize}, expected 64"
        )));
    }
    let mut v = Vec::with_capacity(shnum);
    for i in 0..shnum {
        let h = shoff
            .checked_add(i * 64)
            .ok_or_else(|| ServedElfError("section header offset overflows".into()))?;
        v.push(Shdr {
            name: u32_at(b, h)?,
            kind: u32_at(b, h + 4)?,
            offset: u64_at(b, h + 0x18)?,
            size: u64_at(b, h + 0x20)?,
            link: u32_at(b, h + 0x28)?,
            entsize: u64_at(b, h + 0x38)?,
        });
    }
    if shstrndx >= v.len() {
        return Err(ServedElfError("no section name table".into()));
    }
    Ok((shoff, v, shstrndx))
}

fn section_bytes<'a>(b: &'a [u8], s: &Shdr) -> Result<&'a [u8], ServedElfError> {
    let (o, n) = (s.offset as usize, s.size as usize);
    o.checked_add(n)
        .and_then(|e| b.get(o..e))
        .ok_or_else(|| ServedElfError("a section lies outside the file".into()))
}

fn name_of(strtab: &[u8], off: u32) -> &[u8] {
    let s = strtab.get(off as usize..).unwrap_or(&[]);
    &s[..s.iter().position(|&c| c == 0).unwrap_or(s.len())]
}

/// A function of the code object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Func {
    pub start: u64,
    pub size: u64,
    /// A kernel entry (a `NAME.kd` descriptor symbol exists): the outermost frame. Others are device functions.
    pub kernel: bool,
}

/// Functions from the symbol tables, sorted, without duplicates or empty ones.
fn functions(b: &[u8], shdrs: &[Shdr]) -> Result<Vec<Func>, ServedElfError> {
    let mut f = Vec::new();
    let mut names = std::collections::HashSet::new();
    let mut named = Vec::new();
    for s in shdrs
        .iter()
        .filter(|s| s.kind == SHT_SYMTAB || s.kind == SHT_DYNSYM)
    {
        if s.entsize != 24 {
            continue;
        }
        let syms = section_bytes(b, s)?;
        let strtab = shdrs
            .get(s.link as usize)
            .and_then(|t| section_bytes(b, t).ok())
            .unwrap_or(&[]);
        for e in syms.chunks_exact(24) {
            let name = name_of(strtab, u32::from_le_bytes(e[0..4].try_into().unwrap()));
            names.insert(name.to_vec());
            let info = e[4];
            let value = u64::from_le_bytes(e[8..16].try_into().unwrap());
            let size = u64::from_le_bytes(e[16..24].try_into().unwrap());
            if info & 0xF == STT_FUNC && size > 0 {
                named.push((value, size, name.to_vec()));
            }
        }
    }
    for (start, size, name) in named {
        let mut kd = name;
        kd.extend_from_slice(b".kd");
        f.push(Func {
            start,
            size,
            kernel: names.contains(&kd),
        });
    }
    f.sort_unstable();
    f.dedup();
    Ok(f)
}

/// Deepest device-function call chain gdb can unwind: return addresses ride in r15, r14, ... r8.
pub const UNWIND_DEPTH: usize = 8;

/// CFA of the kernel's own frame (call depth 0); a frame at depth d has CFA `KERNEL_CFA - 8 d`.
pub const KERNEL_CFA: u64 = 0x1_0000;

/// The rsp the server reports for a wave `depth` calls deep (`CFA = rsp + 8` in every function).
pub fn stack_pointer(depth: usize) -> u64 {
    KERNEL_CFA.wrapping_sub(8 * (depth as u64 + 1))
}

/// `.debug_frame` (DWARF 4 §6.4.1; version 1, code alignment 1, data alignment -8, return address column 16 =
/// rip) with two CIEs and one FDE per function:
/// - kernels: `CFA = rsp + 8`, `rip` undefined: the outermost frame;
/// - device functions: `CFA = rsp + 8`, `rip` = r15 and r15..r9 = r14..r8 of the frame below, r8 undefined.
///
/// The server loads r15, r14, ... with the wave's return addresses from the machine's shadow call stack
/// (innermost first) and rsp with [`stack_pointer`] of the call depth, so a frame at call depth d always has the
/// same CFA (gdb's frame ids stay valid while the wave calls and returns): `bt`, `up`, `finish` and `next` over
/// a call work up to [`UNWIND_DEPTH`] device-function frames deep.
pub fn synthetic_debug_frame(funcs: &[Func]) -> Vec<u8> {
    fn entry(out: &mut Vec<u8>, body: &[u8]) {
        // Pad with DW_CFA_nop so every entry (length field included) is a multiple of the 8-byte address size.
        let mut len = body.len();
        while !(len + 4).is_multiple_of(8) {
            len += 1;
        }
        out.extend_from_slice(&(len as u32).to_le_bytes());
        out.extend_from_slice(body);
        out.resize(out.len() + len - body.len(), 0);
    }
    let header = [
        0xFF, 0xFF, 0xFF, 0xFF, // CIE_id
        1,    // version
        0,    // augmentation ""
        1,    // code_alignment_factor (ULEB128)
        0x78, // data_alignment_factor -8 (SLEB128)
        16,   // return_address_register: rip
    ];
    let mut out = Vec::new();
    let mut kernel_cie = header.to_vec();
    kernel_cie.extend_from_slice(&[0x0C, 7, 8]); // DW_CFA_def_cfa rsp, 8
    kernel_cie.extend_from_slice(&[0x07, 16]); // DW_CFA_undefined rip
    entry(&mut out, &kernel_cie);
    let device_cie_at = out.len() as u32;
    let mut device_cie = header.to_vec();
    device_cie.extend_from_slice(&[0x0C, 7, 8]); // DW_CFA_def_cfa rsp, 8
    device_cie.extend_from_slice(&[0x09, 16, 15]); // DW_CFA_register rip, r15
    for r in (16 - UNWIND_DEPTH as u8 + 1..=15).rev() {
        device_cie.extend_from_slice(&[0x09, r, r - 1]); // DW_CFA_register r, r-1
    }
    device_cie.extend_from_slice(&[0x07, 16 - UNWIND_DEPTH as u8]); // DW_CFA_undefined r8
                                                                    // The caller's rbp is rbx, which the server reports unavailable: the variable window is evaluated at the
                                                                    // wave's own PC only, so a caller's variables read as <unavailable>, not as another frame's values.
    device_cie.extend_from_slice(&[0x09, 6, 3]); // DW_CFA_register rbp, rbx
    entry(&mut out, &device_cie);
    for f in funcs {
        let mut fde = Vec::with_capacity(20);
        let cie = if f.kernel { 0 } else { device_cie_at };
        fde.extend_from_slice(&cie.to_le_bytes()); // CIE_pointer
        fde.extend_from_slice(&f.start.to_le_bytes());
        fde.extend_from_slice(&f.size.to_le_bytes());
        entry(&mut out, &fde);
    }
    out
}

fn align8(v: &mut Vec<u8>) {
    while !v.len().is_multiple_of(8) {
        v.push(0);
    }
}

fn uleb(b: &[u8], at: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    let mut shift = 0;
    loop {
        let byte = *b.get(*at)?;
        *at += 1;
        if shift < 64 {
            v |= ((byte & 0x7F) as u64) << shift;
        }
        shift += 7;
        if byte & 0x80 == 0 {
            return Some(v);
        }
    }
}

/// Skip one attribute value of `form` (DWARF 5 §7.5.6) in a line table header; None for forms not expected
/// there.
fn skip_form(b: &[u8], at: &mut usize, form: u64) -> Option<()> {
    let n = match form {
        0x08 => b.get(*at..)?.iter().position(|&c| c == 0)? + 1, // string
        0x0e | 0x1f | 0x06 | 0x17 => 4, // strp, line_strp, data4, sec_offset
        0x0b | 0x25 => 1,               // data1, strx1
        0x05 | 0x26 => 2,               // data2, strx2
        0x27 => 3,                      // strx3
        0x28 => 4,                      // strx4
        0x07 => 8,                      // data8
        0x1e => 16,                     // data16
        0x0f | 0x1a => {
            uleb(b, at)?;
            0
        }
        0x09 => uleb(b, at)? as usize, // block
        _ => return None,
    };
    *at = at.checked_add(n)?;
    (*at <= b.len()).then_some(())
}

/// Positions (in `line`) of the `DW_FORM_line_strp` offsets naming include directories, for every DWARF 5
/// line table; other versions and forms are left alone.
fn line_dir_strp_positions(line: &[u8]) -> Vec<usize> {
    let mut found = Vec::new();
    let mut unit = 0usize;
    while unit + 4 <= line.len() {
        let len = u32::from_le_bytes(line[unit..unit + 4].try_into().unwrap()) as usize;
        if len >= 0xFFFF_FFF0 {
            break; // 64-bit DWARF: not produced for AMDGPU
        }
        let end = (unit + 4).saturating_add(len).min(line.len());
        let _ = (|| -> Option<()> {
            let b = &line[..end];
            let mut at = unit + 4;
            let version = u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?);
            if version != 5 {
                return None;
            }
            at += 2 + 1 + 1 + 4 + 1 + 1 + 1 + 1 + 1; // address/seg sizes, header_length, min_inst..line_range
            let opcode_base = *b.get(at)? as usize;
            at += 1 + opcode_base.saturating_sub(1);
            let nformats = *b.get(at)? as usize;
            at += 1;
            let mut formats = Vec::with_capacity(nformats);
            for _ in 0..nformats {
                formats.push((uleb(b, &mut at)?, uleb(b, &mut at)?));
            }
            let ndirs = uleb(b, &mut at)?;
            for _ in 0..ndirs {
                for &(content, form) in &formats {
                    let start = at;
                    skip_form(b, &mut at, form)?;
                    if content == 1 && form == 0x1f {
                        found.push(start);
                    }
                }
            }
            Some(())
        })();
        unit = end;
    }
    found
}

/// DWARF 4 units name their compilation directory in the unit DIE (`DW_AT_comp_dir`), not in the line table:
/// a relative one (clang's `-fdebug-compilation-dir=.`) is made absolute against `base` the same way, the new
/// strings appended to a relocated `.debug_str`. Only the `DW_FORM_strp` form is rewritten; anything unexpected
/// leaves the unit as it is.
fn rebase_comp_dirs(out: &mut Vec<u8>, shoff: usize, shdrs: &[Shdr], names: &[u8], base: &str) {
    use gimli::{EndianSlice, LittleEndian};
    let find = |n: &[u8]| shdrs.iter().position(|s| name_of(names, s.name) == n);
    let (Some(ii), Some(si)) = (find(b".debug_info"), find(b".debug_str")) else {
        return;
    };
    let copy = out.clone();
    let section = |name: &str| -> &[u8] {
        find(name.as_bytes())
            .and_then(|i| section_bytes(&copy, &shdrs[i]).ok())
            .unwrap_or(&[])
    };
    let Ok(dwarf) = gimli::Dwarf::load(|id: gimli::SectionId| {
        Ok::<_, gimli::Error>(EndianSlice::new(section(id.name()), LittleEndian))
    }) else {
        return;
    };
    let info_off = shdrs[ii].offset as usize;
    let strs = section(".debug_str");
    let mut new_strs = strs.to_vec();
    let mut patches = Vec::new();
    let mut units = dwarf.units();
    while let Ok(Some(header)) = units.next() {
        if header.version() >= 5 {
            continue; // the line table carries the directories (rebase_line_dirs)
        }
        // `units()` walks .debug_info: the unit's offset is in that section.
        let unit_off = header.offset().0;
        let Ok(abbrevs) = dwarf.abbreviations(&header) else {
            continue;
        };
        // The unit DIE follows the header: ULEB abbreviation code, then the attributes in abbreviation order.
        let mut at = unit_off + header.header_size();
        let info = section(".debug_info");
        let Some(code) = uleb(info, &mut at) else {
            continue;
        };
        let Some(abbrev) = abbrevs.get(code) else {
            continue;
        };
        for spec in abbrev.attributes() {
            if spec.name() == gimli::DW_AT_comp_dir {
                if spec.form() == gimli::DW_FORM_strp {
                    if let Some(old) = info.get(at..at + 4) {
                        let old = u32::from_le_bytes(old.try_into().unwrap());
                        let dir = name_of(strs, old);
                        if !dir.starts_with(b"/") && !dir.is_empty() {
                            let Ok(new_off) = u32::try_from(new_strs.len()) else {
                                return;
                            };
                            new_strs.extend_from_slice(base.trim_end_matches('/').as_bytes());
                            new_strs.push(b'/');
                            new_strs.extend_from_slice(dir);
                            new_strs.push(0);
                            patches.push((info_off + at, new_off));
                        }
                    }
                }
                break;
            }
            let size = match spec.form() {
                gimli::DW_FORM_flag_present | gimli::DW_FORM_implicit_const => 0,
                gimli::DW_FORM_data1
                | gimli::DW_FORM_flag
                | gimli::DW_FORM_ref1
                | gimli::DW_FORM_strx1 => 1,
                gimli::DW_FORM_data2 | gimli::DW_FORM_ref2 | gimli::DW_FORM_strx2 => 2,
                gimli::DW_FORM_strx3 => 3,
                gimli::DW_FORM_data4
                | gimli::DW_FORM_ref4
                | gimli::DW_FORM_strp
                | gimli::DW_FORM_line_strp
                | gimli::DW_FORM_sec_offset
                | gimli::DW_FORM_strx4 => 4,
                gimli::DW_FORM_data8 | gimli::DW_FORM_ref8 | gimli::DW_FORM_addr => 8,
                gimli::DW_FORM_udata
                | gimli::DW_FORM_sdata
                | gimli::DW_FORM_strx
                | gimli::DW_FORM_addrx => {
                    if uleb(info, &mut at).is_none() {
                        break;
                    }
                    0
                }
                gimli::DW_FORM_string => {
                    match info.get(at..).and_then(|b| b.iter().position(|&c| c == 0)) {
                        Some(n) => n + 1,
                        None => break,
                    }
                }
                _ => break, // a form not expected in a unit DIE: leave the unit alone
            };
            at += size;
        }
    }
    if patches.is_empty() {
        return;
    }
    for (at, off) in patches {
        out[at..at + 4].copy_from_slice(&off.to_le_bytes());
    }
    let new_off = out.len() as u64;
    out.extend_from_slice(&new_strs);
    let h = shoff + si * 64;
    out[h + 0x18..h + 0x20].copy_from_slice(&new_off.to_le_bytes());
    out[h + 0x20..h + 0x28].copy_from_slice(&(new_strs.len() as u64).to_le_bytes());
}

/// Make the relative include directories of the line tables absolute under `base` (see the module docs).
fn rebase_line_dirs(out: &mut Vec<u8>, shoff: usize, shdrs: &[Shdr], names: &[u8], base: &str) {
    let find = |n: &[u8]| shdrs.iter().position(|s| name_of(names, s.name) == n);
    let (Some(li), Some(si)) = (find(b".debug_line"), find(b".debug_line_str")) else {
        return;
    };
    let (Ok(line), Ok(strs)) = (
        section_bytes(out, &shdrs[li]),
        section_bytes(out, &shdrs[si]),
    ) else {
        return;
    };
    let line_off = shdrs[li].offset as usize;
    let mut new_strs = strs.to_vec();
    let mut patches = Vec::new();
    for pos in line_dir_strp_positions(line) {
        let old = u32::from_le_bytes(line[pos..pos + 4].try_into().unwrap());
        let dir = name_of(strs, old);
        if dir.starts_with(b"/") || dir.is_empty() {
            continue;
        }
        let Ok(new_off) = u32::try_from(new_strs.len()) else {
            return;
        };
        new_strs.extend_from_slice(base.trim_end_matches('/').as_bytes());
        new_strs.push(b'/');
        new_strs.extend_from_slice(dir);
        new_strs.push(0);
        patches.push((line_off + pos, new_off));
    }
    if patches.is_empty() {
        return;
    }
    for (at, off) in patches {
        out[at..at + 4].copy_from_slice(&off.to_le_bytes());
    }
    let new_off = out.len() as u64;
    out.extend_from_slice(&new_strs);
    let h = shoff + si * 64;
    out[h + 0x18..h + 0x20].copy_from_slice(&new_off.to_le_bytes());
    out[h + 0x20..h + 0x28].copy_from_slice(&(new_strs.len() as u64).to_le_bytes());
}

/// Overwrite every variable location expression with one of the same length that gdb reads as optimized out:
/// `DW_OP_nop`... `DW_OP_piece 1` (a piece with an empty stack is an optimized-out piece, DWARF 5 §2.6.1.2);
/// a one-byte expression becomes `DW_OP_nop`.
fn neutralize_locations(
    out: &mut [u8],
    original: &[u8],
    shdrs: &[Shdr],
    names: &[u8],
) -> Vec<ServedVar> {
    use gimli::{AttributeValue, EndianSlice, LittleEndian};
    let section = |name: &str| -> (usize, &[u8]) {
        shdrs
            .iter()
            .find(|s| name_of(names, s.name) == name.as_bytes())
            .and_then(|s| Some((s.offset as usize, section_bytes(original, s).ok()?)))
            .unwrap_or((0, &[]))
    };
    let load = |id: gimli::SectionId| -> Result<EndianSlice<'_, LittleEndian>, gimli::Error> {
        Ok(EndianSlice::new(section(id.name()).1, LittleEndian))
    };
    let Ok(dwarf) = gimli::Dwarf::load(load) else {
        return Vec::new();
    };
    // File offset of an expression slice that lies in one of these sections.
    let holders = [
        section(".debug_info"),
        section(".debug_loclists"),
        section(".debug_loc"),
    ];
    let file_pos = |slice: &[u8]| -> Option<usize> {
        let p = slice.as_ptr() as usize;
        holders.iter().find_map(|(off, sec)| {
            let base = sec.as_ptr() as usize;
            (p >= base && p + slice.len() <= base + sec.len()).then(|| off + (p - base))
        })
    };
    // (file position, length, variable index when the server evaluates it)
    let mut patches: Vec<(usize, usize, Option<usize>)> = Vec::new();
    let mut vars: Vec<ServedVar> = Vec::new();
    let mut units = dwarf.units();
    while let Ok(Some(header)) = units.next() {
        let Ok(unit) = dwarf.unit(header) else {
            continue;
        };
        let mut entries = unit.entries();
        while let Ok(Some(entry)) = entries.next_dfs() {
            let is_var = matches!(
                entry.tag(),
                gimli::DW_TAG_variable | gimli::DW_TAG_formal_parameter
            );
            let mut var: Option<usize> = None;
            for attr in entry.attrs() {
                if attr.name() != gimli::DW_AT_location && attr.name() != gimli::DW_AT_frame_base {
                    continue;
                }
                if is_var && attr.name() == gimli::DW_AT_location && var.is_none() {
                    if let Some(key) = served_var(&dwarf, &unit, entry) {
                        // One window per source variable: its inlined copies share it (the server finds the
                        // one in scope at the PC), which keeps the offsets, hence the expressions, short.
                        var = Some(match vars.iter().position(|v| *v == key) {
                            Some(k) => k,
                            None => {
                                vars.push(key);
                                vars.len() - 1
                            }
                        });
                    }
                }
                let k = if attr.name() == gimli::DW_AT_location {
                    var
                } else {
                    None
                };
                match attr.value() {
                    // A lone DW_OP_addr / DW_OP_addrx (a `__device__` or `__constant__` variable) is an address
                    // gdb evaluates itself and reads through the stub's memory: kept as it is. Rewritten, a
                    // second global's window offset did not fit its two bytes and it printed as
                    // <optimized out>.
                    AttributeValue::Exprloc(e) if is_static_address(e.0.slice()) => {}
                    AttributeValue::Exprloc(e) => {
                        patches.extend(file_pos(e.0.slice()).map(|p| (p, e.0.len(), k)))
                    }
                    v => {
                        if let Ok(Some(mut list)) = dwarf.attr_locations(&unit, v) {
                            while let Ok(Some(le)) = list.next() {
                                patches.extend(
                                    file_pos(le.data.0.slice()).map(|p| (p, le.data.0.len(), k)),
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    for (at, len, k) in patches {
        let Some(expr) = at.checked_add(len).and_then(|end| out.get_mut(at..end)) else {
            continue;
        };
        expr.fill(0x96); // DW_OP_nop
        let offset = k.map(|k| sleb128(k as u64 * VAR_STRIDE));
        match offset {
            Some(off) if 1 + off.len() <= len => {
                expr[0] = 0x76; // DW_OP_breg6 (rbp on x86-64)
                expr[1..1 + off.len()].copy_from_slice(&off);
            }
            _ if len >= 2 => {
                expr[len - 2] = 0x93; // DW_OP_piece
                expr[len - 1] = 1; // 1 byte (ULEB128)
            }
            _ => {}
        }
    }
    vars
}

/// Whether a location expression is exactly one `DW_OP_addr` (8-byte address) or `DW_OP_addrx` (ULEB128
/// index into `.debug_addr`): a static address, the same on the device and for x86 gdb.
fn is_static_address(expr: &[u8]) -> bool {
    match expr.first() {
        Some(0x03) => expr.len() == 9,
        Some(0xa1) => {
            let mut at = 1;
            uleb(expr, &mut at).is_some() && at == expr.len()
        }
        _ => false,
    }
}

/// Give the parameters of an OpenCL kernel function that have no location (clang 22 at -O1 and up: the kernel is
/// a stub calling its inlined body `__clang_ocl_kern_imp_<kernel>` with the same arguments) a window in the
/// server's variable area, so gdb's `info args` and `bt` show their launch values (the core's frame view reads
/// them from the kernarg segment; `debug_info::frame_values`). A DIE cannot grow in place, so the DWARF is
/// rewritten with gimli's writer (from the already neutralized copy: every expression in it is one gimli can
/// parse) and the new sections are appended, their headers pointing there. Sections the writer does not
/// produce (`.debug_addr`, `.debug_str_offsets`) stay as they are, unreferenced. Nothing changes when no kernel
/// argument lacks a location.
fn locate_kernel_args(
    out: &mut Vec<u8>,
    shoff: usize,
    names: &[u8],
    vars: &mut Vec<ServedVar>,
) -> Result<(), ServedElfError> {
    use gimli::write::{AttributeValue, EndianVec, Expression, Sections};
    use gimli::{EndianSlice, LittleEndian};
    let err = |e: &dyn std::fmt::Display| ServedElfError(format!("kernel arguments: {e}"));
    let (_, shdrs, _) = section_headers(out)?;
    let mut dwarf = {
        let section = |name: &str| -> &[u8] {
            shdrs
                .iter()
                .find(|s| name_of(names, s.name) == name.as_bytes())
                .and_then(|s| section_bytes(out, s).ok())
                .unwrap_or(&[])
        };
        let read = gimli::Dwarf::load(|id: gimli::SectionId| {
            Ok::<_, gimli::Error>(EndianSlice::new(section(id.name()), LittleEndian))
        })
        .map_err(|e| err(&e))?;
        writable_line_tables(&read)?;
        // gimli's writer asserts what it cannot encode; the checks above cover what is known of it, and a
        // panic left is one rewrite less, never the server's end.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            gimli::write::Dwarf::from(&read, &|a| Some(gimli::write::Address::Constant(a)))
        }))
        .map_err(|_| err(&"the DWARF writer refused this object"))?
        .map_err(|e| err(&e))?
    };
    let mut added = 0;
    for (_, unit) in dwarf.units.iter_mut() {
        let strings = &dwarf.strings;
        let string_attr =
            |e: &gimli::write::DebuggingInformationEntry, at: gimli::DwAt| -> Option<Vec<u8>> {
                match e.get(at)? {
                    AttributeValue::StringRef(id) => Some(strings.get(*id).to_vec()),
                    AttributeValue::String(b) => Some(b.clone()),
                    _ => None,
                }
            };
        let name_of_entry =
            |e: &gimli::write::DebuggingInformationEntry| string_attr(e, gimli::DW_AT_name);
        // Every DIE of the unit, depth first.
        let mut all = Vec::new();
        let mut stack = vec![unit.root()];
        while let Some(id) = stack.pop() {
            all.push(id);
            stack.extend(unit.get(id).children().rev().copied());
        }
        // The kernels whose body clang split off: `__clang_ocl_kern_imp_<kernel>` (the body's linkage name).
        let bodies: Vec<Vec<u8>> = all
            .iter()
            .filter(|&&id| unit.get(id).tag() == gimli::DW_TAG_subprogram)
            .flat_map(|&id| {
                let e = unit.get(id);
                [
                    string_attr(e, gimli::DW_AT_linkage_name),
                    string_attr(e, gimli::DW_AT_name),
                ]
            })
            .flatten()
            .filter_map(|n| n.strip_prefix(b"__clang_ocl_kern_imp_").map(<[u8]>::to_vec))
            .collect();
        let mut params = Vec::new();
        for &id in &all {
            let e = unit.get(id);
            let concrete =
                e.get(gimli::DW_AT_low_pc).is_some() || e.get(gimli::DW_AT_ranges).is_some();
            let is_body = string_attr(e, gimli::DW_AT_linkage_name)
                .is_some_and(|n| n.starts_with(b"__clang_ocl_kern_imp_"));
            if e.tag() != gimli::DW_TAG_subprogram
                || !concrete
                || is_body
                || !name_of_entry(e).is_some_and(|n| bodies.contains(&n))
            {
                continue;
            }
            for &c in e.children() {
                let p = unit.get(c);
                if p.tag() != gimli::DW_TAG_formal_parameter
                    || p.get(gimli::DW_AT_location).is_some()
                {
                    continue;
                }
                let line = match p.get(gimli::DW_AT_decl_line) {
                    Some(AttributeValue::Udata(n)) => *n,
                    Some(AttributeValue::Data1(n)) => *n as u64,
                    Some(AttributeValue::Data2(n)) => *n as u64,
                    Some(AttributeValue::Data4(n)) => *n as u64,
                    Some(AttributeValue::Data8(n)) => *n,
                    _ => continue,
                };
                let Some(name) = name_of_entry(p) else {
                    continue;
                };
                params.push((c, String::from_utf8_lossy(&name).into_owned(), line));
            }
        }
        for (c, name, decl_line) in params {
            let key = ServedVar {
                name,
                decl_line,
                decl_file: None,
                kernel_arg: true,
            };
            let k = match vars.iter().position(|v| *v == key) {
                Some(k) => k,
                None => {
                    vars.push(key);
                    vars.len() - 1
                }
            };
            let mut expr = vec![0x76]; // DW_OP_breg6 (rbp)
            expr.extend(sleb128(k as u64 * VAR_STRIDE));
            unit.get_mut(c).set(
                gimli::DW_AT_location,
                AttributeValue::Exprloc(Expression::raw(expr)),
            );
            added += 1;
        }
    }
    if added == 0 {
        return Ok(());
    }
    let mut sections = Sections::new(EndianVec::new(LittleEndian));
    dwarf.write(&mut sections).map_err(|e| err(&e))?;
    let mut new: Vec<(&'static str, Vec<u8>)> = Vec::new();
    sections
        .for_each(|id, w| {
            new.push((id.name(), w.slice().to_vec()));
            Ok::<(), gimli::write::Error>(())
        })
        .map_err(|e| err(&e))?;
    // Every section the writer produced must have a header to point at it; else leave the copy as it was.
    let mut placed = Vec::new();
    for (name, data) in &new {
        match shdrs
            .iter()
            .position(|s| name_of(names, s.name) == name.as_bytes())
        {
            Some(i) => placed.push((i, data)),
            None if data.is_empty() => {}
            None => {
                return Err(err(&format!(
                    "no section {name} to hold the rewritten DWARF"
                )))
            }
        }
    }
    for (i, data) in placed {
        align8(out);
        let off = out.len() as u64;
        out.extend_from_slice(data);
        let h = shoff + i * 64;
        out[h + 0x18..h + 0x20].copy_from_slice(&off.to_le_bytes());
        out[h + 0x20..h + 0x28].copy_from_slice(&(data.len() as u64).to_le_bytes());
    }
    Ok(())
}

/// The line tables' encodings and names as gimli's writer can write them again (it asserts, not errs): a
/// `line_base` <= 0 whose sum with `line_range` is positive, and no empty inline directory or file name.
fn writable_line_tables<R: gimli::Reader<Offset = usize>>(
    dwarf: &gimli::Dwarf<R>,
) -> Result<(), ServedElfError> {
    let bad = |what: &str| Err(ServedElfError(format!("kernel arguments: {what}")));
    let mut units = dwarf.units();
    while let Ok(Some(h)) = units.next() {
        let Ok(unit) = dwarf.unit(h) else {
            return bad("a unit does not parse");
        };
        let Some(lp) = &unit.line_program else {
            continue;
        };
        let h = lp.header();
        let (base, range) = (h.line_base(), h.line_range() as i8);
        if base > 0 || !base.checked_add(range).is_some_and(|v| v > 0) {
            return bad("a line table's line_base/line_range cannot be written again");
        }
        let empty_inline = |v: &gimli::AttributeValue<R>| matches!(v, gimli::AttributeValue::String(s) if s.is_empty());
        if h.include_directories().iter().any(empty_inline)
            || h.file_names().iter().any(|f| empty_inline(&f.path_name()))
        {
            return bad("a line table names an empty directory or file inline");
        }
    }
    Ok(())
}

/// Where gdb finds the variables the server evaluates: rbp holds this in every frame, and variable `k` lives at
/// `VAR_BASE + k * VAR_STRIDE` (no device aperture is near: buffers, kernarg and LDS are below 2^49).
pub const VAR_BASE: u64 = 0x7700_0000_0000_0000;
/// Room per variable: gdb reads a member of a struct at its own offset from the variable's address, and a large
/// private array in several reads (at most `conn::MAX_READ` bytes each).
pub const VAR_STRIDE: u64 = 0x1_0000;

/// A variable whose location the served copy turned into the server's window: enough to find it again among the
/// variables the core's DWARF model has in scope at a PC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServedVar {
    pub name: String,
    pub decl_line: u64,
    /// The file name (last path component) of the declaration, when the DWARF names it.
    pub decl_file: Option<String>,
    /// A kernel argument clang gave no location (the OpenCL kernel function's own parameter): the served copy
    /// gave it this window, and the server reads it through the core's frame view, from the kernarg segment.
    pub kernel_arg: bool,
}

/// The name and declaration line of a variable DIE, through its abstract origin (inlined copies carry neither).
fn served_var<R: gimli::Reader>(
    dwarf: &gimli::Dwarf<R>,
    unit: &gimli::Unit<R>,
    entry: &gimli::DebuggingInformationEntry<R>,
) -> Option<ServedVar> {
    let mut e = entry.clone();
    for _ in 0..4 {
        if let Some(n) = e.attr_value(gimli::DW_AT_name) {
            let name = dwarf.attr_string(unit, n).ok()?;
            let name = name.to_string_lossy().ok()?.into_owned();
            let decl_line = e.attr_value(gimli::DW_AT_decl_line)?.udata_value()?;
            let decl_file = e
                .attr_value(gimli::DW_AT_decl_file)
                .and_then(|f| f.udata_value())
                .and_then(|i| {
                    let header = unit.line_program.as_ref()?.header();
                    let path = dwarf.attr_string(unit, header.file(i)?.path_name()).ok()?;
                    let path = path.to_string_lossy().ok()?.into_owned();
                    Some(path.rsplit('/').next().unwrap_or(&path).to_string())
                });
            return Some(ServedVar {
                name,
                decl_line,
                decl_file,
                kernel_arg: false,
            });
        }
        match e.attr_value(gimli::DW_AT_abstract_origin)? {
            gimli::AttributeValue::UnitRef(o) => e = unit.entry(o).ok()?,
            _ => return None,
        }
    }
    None
}

fn sleb128(mut v: u64) -> Vec<u8> {
    // Non-negative values only: stop when the rest is zero and the sign bit of the last byte is clear.
    let mut out = Vec::new();
    loop {
        let b = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 && b & 0x40 == 0 {
            out.push(b);
            return out;
        }
        out.push(b | 0x80);
    }
}

/// Rewrite an AMDGPU code object for stock x86-64 gdb (see the module documentation). `source_base` is the
/// directory relative source directories are taken from (the code object's own directory).
pub fn served_copy(original: &[u8], source_base: Option<&str>) -> Result<Vec<u8>, ServedElfError> {
    served_copy_with_vars(original, source_base).map(|c| c.bytes)
}

/// The served copy and the variables whose locations point into the server's window.
pub struct ServedCopy {
    pub bytes: Vec<u8>,
    /// Variable `k` is read at `VAR_BASE + k * VAR_STRIDE`.
    pub vars: Vec<ServedVar>,
}

/// `served_copy`, with the variable table the server needs to answer reads of [`VAR_BASE`].
pub fn served_copy_with_vars(
    original: &[u8],
    source_base: Option<&str>,
) -> Result<ServedCopy, ServedElfError> {
    if original.get(..4) != Some(b"\x7fELF".as_slice()) {
        return Err(ServedElfError("not an ELF file".into()));
    }
    if original.get(4) != Some(&2) || original.get(5) != Some(&1) {
        return Err(ServedElfError("not a 64-bit little-endian ELF file".into()));
    }
    let (shoff, shdrs, shstrndx) = section_headers(original)?;
    let shstrtab = section_bytes(original, &shdrs[shstrndx])?;
    let funcs = functions(original, &shdrs)?;
    let frame = synthetic_debug_frame(&funcs);

    let mut out = original.to_vec();
    out[7] = 0; // EI_OSABI
    out[8] = 0; // EI_ABIVERSION
    out[0x12..0x14].copy_from_slice(&EM_X86_64.to_le_bytes());
    out[0x30..0x34].copy_from_slice(&0u32.to_le_bytes()); // e_flags

    if let Some(base) = source_base {
        rebase_line_dirs(&mut out, shoff, &shdrs, shstrtab, base);
        rebase_comp_dirs(&mut out, shoff, &shdrs, shstrtab, base);
    }
    let mut vars = neutralize_locations(&mut out, original, &shdrs, shstrtab);
    // gdb reads what the neutralized copy says; a failed rewrite only leaves the kernel arguments optimized out
    let _ = locate_kernel_args(&mut out, shoff, shstrtab, &mut vars);
    let existing = shdrs
        .iter()
        .position(|s| name_of(shstrtab, s.name) == b".debug_frame");
    align8(&mut out);
    let frame_off = out.len() as u64;
    out.extend_from_slice(&frame);
    match existing {
        Some(i) => {
            let h = shoff + i * 64;
            out[h + 0x18..h + 0x20].copy_from_slice(&frame_off.to_le_bytes());
            out[h + 0x20..h + 0x28].copy_from_slice(&(frame.len() as u64).to_le_bytes());
        }
        None => {
            // New .shstrtab (old names + ".debug_frame") and a new section header table with one more entry.
            align8(&mut out);
            let strtab_off = out.len() as u64;
            let name_off = shstrtab.len() as u32;
            out.extend_from_slice(shstrtab);
            out.extend_from_slice(b".debug_frame\0");
            let strtab_size = shstrtab.len() as u64 + 13;
            align8(&mut out);
            let new_shoff = out.len();
            let old_table = out
                .get(shoff..shoff + shdrs.len() * 64)
                .ok_or_else(|| ServedElfError("section header table outside the file".into()))?
                .to_vec();
            out.extend_from_slice(&old_table);
            let mut sh = [0u8; 64];
            sh[0..4].copy_from_slice(&name_off.to_le_bytes());
            sh[4..8].copy_from_slice(&1u32.to_le_bytes()); // SHT_PROGBITS
            sh[0x18..0x20].copy_from_slice(&frame_off.to_le_bytes());
            sh[0x20..0x28].copy_from_slice(&(frame.len() as u64).to_le_bytes());
            sh[0x30..0x38].copy_from_slice(&8u64.to_le_bytes()); // sh_addralign
            out.extend_from_slice(&sh);
            let h = new_shoff + shstrndx * 64;
            out[h + 0x18..h + 0x20].copy_from_slice(&strtab_off.to_le_bytes());
            out[h + 0x20..h + 0x28].copy_from_slice(&strtab_size.to_le_bytes());
            out[0x28..0x30].copy_from_slice(&(new_shoff as u64).to_le_bytes());
            let shnum = u16::try_from(shdrs.len() + 1)
                .map_err(|_| ServedElfError("too many sections".into()))?;
            out[0x3C..0x3E].copy_from_slice(&shnum.to_le_bytes());
        }
    }
    Ok(ServedCopy { bytes: out, vars })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cie_and_fde_layout() {
        let k = Func {
            start: 0x1700,
            size: 0x640,
            kernel: true,
        };
        let f = synthetic_debug_frame(&[k]);
        // Kernel CIE: 14 body bytes padded to 20 (24 with the length). Device CIE: 9 + 3 + 3 + 7*3 + 2 = 38
        // bytes padded to 44 (48). FDE: 20 body bytes (24).
        assert_eq!(&f[0..4], &20u32.to_le_bytes());
        assert_eq!(&f[4..8], &[0xFF; 4]);
        assert_eq!(&f[24..28], &44u32.to_le_bytes());
        assert_eq!(f.len(), 24 + 48 + 24);
        let fde = &f[72..];
        assert_eq!(&fde[0..4], &20u32.to_le_bytes());
        assert_eq!(
            &fde[4..8],
            &0u32.to_le_bytes(),
            "a kernel uses the first CIE"
        );
        assert_eq!(&fde[8..16], &0x1700u64.to_le_bytes());
        assert_eq!(&fde[16..24], &0x640u64.to_le_bytes());
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(served_copy(b"not an elf", None).is_err());
        let mut b = vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0];
        b.resize(64, 0);
        b[0x3A] = 64;
        b[0x3C] = 200; // 200 section headers at offset 0: past the end
        assert!(served_copy(&b, None).is_err());
    }
}
