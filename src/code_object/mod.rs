//! The gfx950 code-object loader: an AMDGPU HSA shared object (clang-22 or Triton output, code object v4/v5/v6)
//! parsed into what the executor, the disassembler and the debugger need.
//!
//! - ELF header checks (AMDGPUUsage "Header"): only 64-bit little-endian `EM_AMDGPU`, `ELFOSABI_AMDGPU_HSA`,
//!   `ET_DYN`, `EF_AMDGPU_MACH_AMDGCN_GFX950`. Every other input gets one [`LoadError`] naming what it is.
//! - Loadable segments (`PT_LOAD`), mapped by the executor at their own virtual addresses so PC-relative
//!   `.rodata` accesses work; `.text`; function symbols.
//! - Per kernel: the NT_AMDGPU_METADATA entry ([`metadata`]), the 64-byte kernel descriptor ([`descriptor`]), its
//!   entry PC, the SGPRs and VGPRs the hardware preloads.
//!
//! Nothing here panics on bad input: every offset read from the file is bounds-checked.

pub mod bundle;
pub mod descriptor;
pub mod elf;
pub mod metadata;
pub mod target;

pub use descriptor::{
    ComputePgmRsrc1, ComputePgmRsrc2, ComputePgmRsrc3, FloatDenormMode, FloatRoundMode,
    KernelCodeProperties, KernelDescriptor, SgprInit, SgprPreload, WorkItemIdLayout,
    KERNEL_DESCRIPTOR_SIZE,
};
pub use elf::{ElfHeaderInfo, FeatureSetting};
pub use metadata::{ArgValueKind, KernelArg, KernelMetadata, Metadata};
pub use target::{parse_target, TargetId};

use object::read::elf::{ElfFile64, FileHeader, ProgramHeader, SectionHeader};
use object::{Object, ObjectSection, ObjectSymbol, ObjectSymbolTable, SymbolKind};
use std::sync::Arc;

/// Why a file cannot be loaded. Each variant's message names what was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read {path}: {message}")]
    Io { path: String, message: String },
    #[error("not an ELF file: {0}")]
    NotElf(String),
    #[error("truncated ELF: {0}")]
    Truncated(String),
    #[error("not an AMDGPU code object: {0}")]
    WrongClass(String),
    #[error("not an AMDGPU code object: the ELF is for {0}, not AMDGPU (e_machine 224)")]
    NotAmdgpu(String),
    #[error(
        "code object is for {processor} (e_flags mach {mach:#x}), wavescope executes gfx950 only"
    )]
    WrongProcessor { processor: String, mach: u32 },
    #[error("unsupported code object: {0}")]
    Unsupported(String),
    #[error("malformed code object: {0}")]
    Malformed(String),
    #[error("bad NT_AMDGPU_METADATA note: {0}")]
    Metadata(String),
    #[error("kernel {kernel}: {message}")]
    Kernel { kernel: String, message: String },
    #[error("no kernel named \"{name}\" in the code object; its kernels are: {}", .available.join(", "))]
    NoSuchKernel {
        name: String,
        available: Vec<String>,
    },
}

/// Largest code object read (clang's gfx950 objects are kilobytes to a few megabytes).
pub const MAX_CODE_OBJECT_BYTES: u64 = 256 << 20;

/// `n_type` of the metadata note (AMDGPUUsage "Code Object V3 and Above Note Records").
pub const NT_AMDGPU_METADATA: u32 = 32;
/// `name` of the metadata note.
pub const NOTE_NAME_AMDGPU: &[u8] = b"AMDGPU";

/// One `PT_LOAD` segment. Bytes past `filesz` up to `memsz` are zero (`.bss`-like).
#[derive(Clone)]
pub struct Segment {
    pub vaddr: u64,
    pub memsz: u64,
    pub file_offset: u64,
    pub filesz: u64,
    pub readable: bool,
    pub writable: bool,
    pub executable: bool,
    data: Arc<[u8]>,
}

impl Segment {
    /// The `filesz` bytes stored in the file.
    pub fn file_bytes(&self) -> &[u8] {
        &self.data[self.file_offset as usize..(self.file_offset + self.filesz) as usize]
    }

    /// Whether `addr` lies in `[vaddr, vaddr + memsz)`.
    pub fn contains(&self, addr: u64) -> bool {
        addr >= self.vaddr && addr - self.vaddr < self.memsz
    }
}

impl std::fmt::Debug for Segment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let flags = format!(
            "{}{}{}",
            if self.readable { "R" } else { "-" },
            if self.writable { "W" } else { "-" },
            if self.executable { "X" } else { "-" }
        );
        f.debug_struct("Segment")
            .field("vaddr", &format_args!("{:#x}", self.vaddr))
            .field("memsz", &format_args!("{:#x}", self.memsz))
            .field("filesz", &format_args!("{:#x}", self.filesz))
            .field("flags", &flags)
            .finish()
    }
}

/// A section's address and bytes (`.text`).
#[derive(Clone)]
pub struct SectionData {
    pub name: String,
    pub address: u64,
    data: Arc<[u8]>,
    file_offset: usize,
    size: usize,
}

impl SectionData {
    pub fn bytes(&self) -> &[u8] {
        &self.data[self.file_offset..self.file_offset + self.size]
    }

    pub fn end(&self) -> u64 {
        self.address + self.size as u64
    }
}

impl std::fmt::Debug for SectionData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SectionData")
            .field("name", &self.name)
            .field("address", &format_args!("{:#x}", self.address))
            .field("size", &format_args!("{:#x}", self.size))
            .finish()
    }
}

/// A defined `STT_FUNC` symbol (a kernel entry point or a device function).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionSymbol {
    pub name: String,
    pub address: u64,
    pub size: u64,
}

/// One kernel: its metadata, its descriptor and where it starts.
#[derive(Clone, Debug)]
pub struct Kernel {
    /// Metadata `.name` (mangled for HIP).
    pub name: String,
    pub descriptor: KernelDescriptor,
    /// The descriptor as stored.
    pub descriptor_bytes: [u8; KERNEL_DESCRIPTOR_SIZE],
    /// Address of the `<name>.kd` symbol.
    pub descriptor_address: u64,
    /// `descriptor_address + kernel_code_entry_byte_offset`: the kernel's entry symbol.
    pub code_entry: u64,
    /// First instruction the wave executes: `code_entry`, or 256 bytes later with kernarg preload
    /// ([`KernelDescriptor::entry_pc`]).
    pub entry_pc: u64,
    pub metadata: KernelMetadata,
}

impl Kernel {
    pub fn args(&self) -> &[KernelArg] {
        &self.metadata.args
    }

    /// The SGPRs the hardware fills before the first instruction ([`KernelDescriptor::sgpr_preload_layout`]).
    pub fn sgpr_preload_layout(&self) -> Vec<SgprPreload> {
        self.descriptor.sgpr_preload_layout()
    }

    /// The work-item id VGPR layout (packed in v0 on gfx950).
    pub fn workitem_id_layout(&self) -> WorkItemIdLayout {
        self.descriptor.workitem_id_layout()
    }

    /// The MODE register the waves start with.
    pub fn initial_mode(&self) -> u32 {
        self.descriptor.initial_mode()
    }

    /// Whether the hardware sets FLAT_SCRATCH to the wave's scratch base (COMPUTE_PGM_RSRC2.ENABLE_PRIVATE_SEGMENT
    /// with architected flat scratch).
    pub fn flat_scratch_initialised(&self) -> bool {
        self.descriptor.compute_pgm_rsrc2.enable_private_segment
    }
}

/// A loaded gfx950 code object.
#[derive(Clone, Debug)]
pub struct CodeObject {
    bytes: Arc<[u8]>,
    header: ElfHeaderInfo,
    metadata: Metadata,
    segments: Vec<Segment>,
    text: SectionData,
    functions: Vec<FunctionSymbol>,
    /// Defined data symbols (`__device__` and `__constant__` variables: STT_OBJECT), by address.
    data_symbols: Vec<FunctionSymbol>,
    kernels: Vec<Kernel>,
    /// `.rela.dyn` entries the loader applies to the segments (function-pointer and address tables).
    dynamic_relocations: Vec<DynamicRelocation>,
    /// The first address `load_segments` maps: everything below it is loader bookkeeping no kernel reads.
    null_guard: u64,
}

/// One dynamic relocation (AMDGPUUsage "Relocation Records"): the code object is loaded at its own addresses
/// (load base 0), so `S` is the symbol's address and `B` is 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DynamicRelocation {
    pub offset: u64,
    pub r_type: u32,
    pub symbol_value: u64,
    pub addend: i64,
}

impl DynamicRelocation {
    /// The bytes this relocation writes at `offset` (little-endian), or `None` for a type the loader does not
    /// apply. R_AMDGPU_ABS32_LO 1, ABS32_HI 2, ABS64 3, ABS32 6, RELATIVE64 13.
    pub fn value(&self) -> Option<Vec<u8>> {
        let sa = self.symbol_value.wrapping_add(self.addend as u64);
        Some(match self.r_type {
            1 | 6 => (sa as u32).to_le_bytes().to_vec(),
            2 => ((sa >> 32) as u32).to_le_bytes().to_vec(),
            3 => sa.to_le_bytes().to_vec(),
            13 => (self.addend as u64).to_le_bytes().to_vec(),
            _ => return None,
        })
    }
}

fn malformed(e: impl std::fmt::Display) -> LoadError {
    LoadError::Malformed(e.to_string())
}

/// The error of reading the notes of `what` at file offset `off` (`size` bytes): says which notes and why, as
/// the `object` crate's words alone ("Invalid ELF note namesz") name neither the place nor the limit broken.
fn note_error(
    what: &'static str,
    (off, size): (u64, u64),
) -> impl Fn(object::Error) -> LoadError + Copy {
    move |e| {
        malformed(format!(
            "{what} at file offset {off:#x} ({size} bytes): {e} (a note's namesz or descsz runs past its end, \
             or it runs past the file)"
        ))
    }
}

/// What a disassembly listing needs of a code object whose notes or metadata cannot be read (`wavescope disasm`
/// lists the text as llvm-objdump does whatever the notes hold): the `.text` section (or the executable segment)
/// and the function symbols. The ELF header is checked as for a full load (AMDGPU, gfx950); nothing else.
pub struct TextOnly {
    pub text_address: u64,
    pub text: Vec<u8>,
    pub functions: Vec<FunctionSymbol>,
}

impl TextOnly {
    pub fn parse(bytes: &[u8]) -> Result<TextOnly, LoadError> {
        if let Some(fatbin) = bundle::host_fat_binary(bytes) {
            return TextOnly::parse(&fatbin.map_err(LoadError::Unsupported)?);
        }
        if bundle::is_bundle(bytes) {
            let image = bundle::pick_gfx950(bytes).map_err(LoadError::Unsupported)?;
            if bundle::is_bundle(&image) {
                return Err(LoadError::Unsupported(
                    "the gfx950 entry of the offload bundle is itself a bundle".into(),
                ));
            }
            return TextOnly::parse(&image);
        }
        elf::check_header(bytes)?;
        let file = ElfFile64::<object::Endianness>::parse(bytes).map_err(malformed)?;
        let endian = file.endian();
        let (text_address, off, size) = match file.section_by_name(".text") {
            Some(s) => {
                let (off, size) = s
                    .file_range()
                    .ok_or_else(|| malformed(".text has no file bytes"))?;
                (s.address(), off, size)
            }
            None => {
                let ph = file
                    .elf_program_headers()
                    .iter()
                    .find(|ph| {
                        ph.p_type(endian).0 == object::elf::PT_LOAD.0
                            && ph.p_flags(endian).0 & object::elf::PF_X.0 != 0
                    })
                    .ok_or_else(|| malformed("no .text section and no executable segment"))?;
                let (off, size) = ph.file_range(endian);
                (ph.p_vaddr(endian), off, size)
            }
        };
        let end = off
            .checked_add(size)
            .filter(|&e| e <= bytes.len() as u64)
            .ok_or_else(|| LoadError::Truncated(".text lies past the end of the file".into()))?;
        let mut functions: Vec<FunctionSymbol> = file
            .symbols()
            .chain(file.dynamic_symbols())
            .filter(|s| s.is_definition() && s.kind() == SymbolKind::Text)
            .filter_map(|s| {
                Some(FunctionSymbol {
                    name: s.name().ok()?.to_string(),
                    address: s.address(),
                    size: s.size(),
                })
            })
            .collect();
        functions.sort_by(|a, b| (a.address, &a.name).cmp(&(b.address, &b.name)));
        functions.dedup();
        Ok(TextOnly {
            text_address,
            text: bytes[off as usize..end as usize].to_vec(),
            functions,
        })
    }
}

impl CodeObject {
    /// `parse`, for a use that names its kernel (a manifest, `disasm --kernel`): a host program linked from several
    /// HIP translation units carries one offload bundle per unit, and the one whose gfx950 code object defines
    /// `kernel` (as [`CodeObject::kernel`] matches names) is taken. Anything else parses as `parse` does. When no
    /// unit defines it, the error lists every unit's kernels.
    pub fn parse_for_kernel(
        bytes: impl Into<Arc<[u8]>>,
        kernel: &str,
    ) -> Result<CodeObject, LoadError> {
        let bytes: Arc<[u8]> = bytes.into();
        let units = match bundle::host_fat_binaries(&bytes) {
            Some(Ok(units)) if units.len() > 1 => units,
            _ => return CodeObject::parse(bytes),
        };
        let mut available = Vec::new();
        let mut first_error = None;
        for unit in units {
            match CodeObject::parse(unit) {
                Ok(co) if co.kernel(kernel).is_ok() => return Ok(co),
                Ok(co) => available.extend(co.kernels().iter().map(|k| k.name.clone())),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match (available.is_empty(), first_error) {
            (true, Some(e)) => Err(e),
            _ => Err(LoadError::NoSuchKernel {
                name: kernel.to_string(),
                available,
            }),
        }
    }

    /// Every code object of a host program linked from several HIP translation units (one per offload bundle,
    /// in `.hip_fatbin` order); `None` for anything else (which `parse` loads as one code object).
    pub fn parse_units(bytes: &[u8]) -> Option<Vec<Result<CodeObject, LoadError>>> {
        match bundle::host_fat_binaries(bytes)? {
            Ok(units) if units.len() > 1 => {
                Some(units.into_iter().map(CodeObject::parse).collect())
            }
            _ => None,
        }
    }

    /// Parse a code object held in memory.
    pub fn parse(bytes: impl Into<Arc<[u8]>>) -> Result<CodeObject, LoadError> {
        let bytes: Arc<[u8]> = bytes.into();
        // a HIP program or library: the offload bundle in its .hip_fatbin section
        if let Some(fatbin) = bundle::host_fat_binary(&bytes) {
            return CodeObject::parse(fatbin.map_err(LoadError::Unsupported)?);
        }
        // a multi-arch build (several --offload-arch, maybe --offload-compress) is a clang offload bundle:
        // run its gfx950 entry, or say which targets it holds
        if bundle::is_bundle(&bytes) {
            let image = bundle::pick_gfx950(&bytes).map_err(LoadError::Unsupported)?;
            if bundle::is_bundle(&image) {
                return Err(LoadError::Unsupported(
                    "the gfx950 entry of the offload bundle is itself a bundle".into(),
                ));
            }
            return CodeObject::parse(image);
        }
        let header = elf::check_header(&bytes)?;
        let data: &[u8] = &bytes;
        let file = ElfFile64::<object::Endianness>::parse(data).map_err(malformed)?;
        let endian = file.endian();

        // Loadable segments; notes from PT_NOTE.
        let mut segments = Vec::new();
        // every NT_AMDGPU_METADATA note: an object linked from several modules (-fgpu-rdc's device link of
        // clang-22's split code generation) carries one per module, each describing its own kernels
        let mut metadata_descs: Vec<&[u8]> = Vec::new();
        for ph in file.elf_program_headers() {
            let p_type = ph.p_type(endian).0;
            if p_type == object::elf::PT_LOAD.0 {
                let (file_offset, filesz) = ph.file_range(endian);
                let vaddr: u64 = ph.p_vaddr(endian);
                let memsz: u64 = ph.p_memsz(endian);
                if file_offset
                    .checked_add(filesz)
                    .is_none_or(|end| end > data.len() as u64)
                {
                    return Err(LoadError::Truncated(format!(
                        "a PT_LOAD segment's {filesz} file bytes at offset {file_offset} lie past the end of the \
                         {}-byte file",
                        data.len()
                    )));
                }
                if memsz < filesz || vaddr.checked_add(memsz).is_none() {
                    return Err(malformed(format!(
                        "PT_LOAD at {vaddr:#x}: memsz {memsz:#x} is below filesz {filesz:#x} or wraps"
                    )));
                }
                let flags = ph.p_flags(endian).0;
                segments.push(Segment {
                    vaddr,
                    memsz,
                    file_offset,
                    filesz,
                    readable: flags & object::elf::PF_R.0 != 0,
                    writable: flags & object::elf::PF_W.0 != 0,
                    executable: flags & object::elf::PF_X.0 != 0,
                    data: bytes.clone(),
                });
            } else if let Some(mut notes) = ph
                .notes(endian, data)
                .map_err(note_error("PT_NOTE segment", ph.file_range(endian)))?
            {
                let note_err = note_error("PT_NOTE segment", ph.file_range(endian));
                while let Some(note) = notes.next().map_err(note_err)? {
                    if note.name() == NOTE_NAME_AMDGPU
                        && note.n_type(endian).0 == NT_AMDGPU_METADATA
                    {
                        metadata_descs.push(note.desc());
                    }
                }
            }
        }
        if segments.is_empty() {
            return Err(malformed("no PT_LOAD segments"));
        }
        for (i, a) in segments.iter().enumerate() {
            for b in &segments[i + 1..] {
                if a.vaddr < b.vaddr + b.memsz && b.vaddr < a.vaddr + a.memsz {
                    return Err(malformed(format!(
                        "PT_LOAD segments at {:#x} and {:#x} overlap",
                        a.vaddr, b.vaddr
                    )));
                }
            }
        }
        // Objects without a PT_NOTE (unusual) may still have the .note section.
        if metadata_descs.is_empty() {
            for section in file.elf_section_table().iter() {
                let note_err = note_error(
                    "SHT_NOTE section",
                    section.file_range(endian).unwrap_or((0, 0)),
                );
                if let Some(mut notes) = section.notes(endian, data).map_err(note_err)? {
                    while let Some(note) = notes.next().map_err(note_err)? {
                        if note.name() == NOTE_NAME_AMDGPU
                            && note.n_type(endian).0 == NT_AMDGPU_METADATA
                        {
                            metadata_descs.push(note.desc());
                        }
                    }
                }
            }
        }
        let (first, more) = metadata_descs.split_first().ok_or_else(|| {
            malformed(
                "no NT_AMDGPU_METADATA note (\"AMDGPU\", type 32): the kernels are described there",
            )
        })?;
        let mut metadata = metadata::parse(first).map_err(LoadError::Metadata)?;
        // together the notes describe the object: their kernels (and printf formats) joined, for one target
        for (i, desc) in more.iter().enumerate() {
            let m = metadata::parse(desc)
                .map_err(|e| LoadError::Metadata(format!("note {}: {e}", i + 2)))?;
            if m.version != metadata.version || m.target != metadata.target {
                return Err(LoadError::Metadata(format!(
                    "NT_AMDGPU_METADATA notes 1 and {} disagree: version {:?} target {} against version {:?} \
                     target {}",
                    i + 2,
                    metadata.version,
                    metadata.target,
                    m.version,
                    m.target
                )));
            }
            metadata.kernels.extend(m.kernels);
            metadata.printf.extend(m.printf);
        }
        check_target(&metadata, &header)?;

        // .text, or the executable segment of an object without section headers.
        let text = match file.section_by_name(".text") {
            Some(s) => {
                let (off, size) = s
                    .file_range()
                    .ok_or_else(|| malformed(".text has no file bytes"))?;
                if off.checked_add(size).is_none_or(|e| e > data.len() as u64) {
                    return Err(LoadError::Truncated(
                        ".text lies past the end of the file".into(),
                    ));
                }
                SectionData {
                    name: ".text".into(),
                    address: s.address(),
                    data: bytes.clone(),
                    file_offset: off as usize,
                    size: size as usize,
                }
            }
            None => {
                let seg = segments
                    .iter()
                    .find(|s| s.executable)
                    .ok_or_else(|| malformed("no .text section and no executable segment"))?;
                SectionData {
                    name: ".text".into(),
                    address: seg.vaddr,
                    data: bytes.clone(),
                    file_offset: seg.file_offset as usize,
                    size: seg.filesz as usize,
                }
            }
        };

        // Symbols: .symtab when present (it has the local ones too), else .dynsym.
        let mut all_symbols: Vec<(String, u64, u64, SymbolKind)> = Vec::new();
        for sym in file.symbols().chain(file.dynamic_symbols()) {
            if sym.is_undefined() || !sym.is_definition() {
                continue;
            }
            if let Ok(name) = sym.name() {
                all_symbols.push((name.to_string(), sym.address(), sym.size(), sym.kind()));
            }
        }
        let mut functions: Vec<FunctionSymbol> = all_symbols
            .iter()
            .filter(|s| s.3 == SymbolKind::Text)
            .map(|s| FunctionSymbol {
                name: s.0.clone(),
                address: s.1,
                size: s.2,
            })
            .collect();
        functions.sort_by(|a, b| (a.address, &a.name).cmp(&(b.address, &b.name)));
        functions.dedup();
        let mut data_symbols: Vec<FunctionSymbol> = all_symbols
            .iter()
            .filter(|s| s.3 == SymbolKind::Data)
            .map(|s| FunctionSymbol {
                name: s.0.clone(),
                address: s.1,
                size: s.2,
            })
            .collect();
        data_symbols.sort_by(|a, b| (a.address, &a.name).cmp(&(b.address, &b.name)));
        data_symbols.dedup();

        // .rela.dyn: what a loader patches into the loaded image (e.g. tables of function pointers, as
        // R_AMDGPU_RELATIVE64 entries in .data.rel.ro).
        let mut dynamic_relocations = Vec::new();
        if let Some(relocs) = file.dynamic_relocations() {
            let dynsym = file.dynamic_symbol_table();
            for (offset, r) in relocs {
                let object::RelocationFlags::Elf { r_type } = r.flags() else {
                    continue;
                };
                let symbol_value = match r.target() {
                    object::RelocationTarget::Symbol(i) => dynsym
                        .as_ref()
                        .and_then(|t| t.symbol_by_index(i).ok())
                        .map(|s| s.address())
                        .unwrap_or(0),
                    _ => 0,
                };
                dynamic_relocations.push(DynamicRelocation {
                    offset,
                    r_type: r_type.0,
                    symbol_value,
                    addend: r.addend(),
                });
            }
        }

        // The bytes at the start of the first segment (ELF and program headers, notes, the dynamic symbol and
        // string tables) are the loader's, never the kernel's. The hardware loads an object at a non-zero base,
        // so a null pointer cannot reach them; here the object sits at its own addresses from 0, so they are
        // left unmapped, and a null dereference (a kernel reading a hostcall buffer the runtime did not provide)
        // faults as it does on the hardware instead of reading the ELF header. Sections a kernel may read
        // (PROGBITS/NOBITS: .rodata with its tables and descriptors, .text, .data, .bss) stay mapped.
        let mut null_guard = u64::MAX;
        let mut have_sections = false;
        for section in file.elf_section_table().iter() {
            let (sh_type, sh_flags) = (section.sh_type(endian), section.sh_flags(endian));
            have_sections = true;
            if sh_flags.0 & object::elf::SHF_ALLOC.0 != 0
                && (sh_type.0 == object::elf::SHT_PROGBITS.0
                    || sh_type.0 == object::elf::SHT_NOBITS.0)
            {
                null_guard = null_guard.min(section.sh_addr(endian));
            }
        }
        if !have_sections || null_guard == u64::MAX {
            // No section headers: only the ELF and program headers are known to be the loader's.
            let h = file.elf_header();
            let ph_end =
                h.e_phoff(endian) + u64::from(h.e_phentsize(endian)) * u64::from(h.e_phnum(endian));
            null_guard = segments
                .iter()
                .find(|s| s.file_offset == 0)
                .map_or(0, |s| s.vaddr + ph_end.max(64));
        }

        let mut object = CodeObject {
            null_guard,
            bytes: bytes.clone(),
            header,
            metadata,
            segments,
            text,
            functions,
            data_symbols,
            kernels: Vec::new(),
            dynamic_relocations,
        };
        let mut kernels = Vec::with_capacity(object.metadata.kernels.len());
        for md in &object.metadata.kernels {
            let kerr = |message: String| LoadError::Kernel {
                kernel: md.name.clone(),
                message,
            };
            let descriptor_address = all_symbols
                .iter()
                .find(|s| s.0 == md.symbol)
                .map(|s| s.1)
                .ok_or_else(|| {
                    kerr(format!(
                        "its descriptor symbol {} is not defined",
                        md.symbol
                    ))
                })?;
            let raw = object
                .read_file_bytes(descriptor_address, KERNEL_DESCRIPTOR_SIZE as u64)
                .ok_or_else(|| {
                    kerr(format!(
                        "its descriptor {} at {descriptor_address:#x} is not 64 bytes inside a loadable segment",
                        md.symbol
                    ))
                })?;
            let mut descriptor_bytes = [0u8; KERNEL_DESCRIPTOR_SIZE];
            descriptor_bytes.copy_from_slice(raw);
            let descriptor = KernelDescriptor::from_bytes(&descriptor_bytes);
            descriptor.check_gfx950().map_err(|e| kerr(e.0))?;
            let code_entry = descriptor.code_entry(descriptor_address);
            let entry_pc = descriptor.entry_pc(descriptor_address);
            for (what, pc) in [("code entry", code_entry), ("entry PC", entry_pc)] {
                let in_code = object
                    .segments
                    .iter()
                    .any(|s| s.executable && pc >= s.vaddr && pc - s.vaddr < s.filesz);
                if !in_code {
                    return Err(kerr(format!(
                        "its {what} {pc:#x} (descriptor at {descriptor_address:#x}, \
                         kernel_code_entry_byte_offset {}) is outside the executable segment",
                        descriptor.kernel_code_entry_byte_offset
                    )));
                }
            }
            kernels.push(Kernel {
                name: md.name.clone(),
                descriptor,
                descriptor_bytes,
                descriptor_address,
                code_entry,
                entry_pc,
                metadata: md.clone(),
            });
        }
        object.kernels = kernels;
        Ok(object)
    }

    /// Read and parse a code object file.
    pub fn load(path: &std::path::Path) -> Result<CodeObject, LoadError> {
        // stat first: a regular file under MAX_CODE_OBJECT_BYTES, read with that bound (never /dev/zero whole)
        let bytes =
            crate::manifest::read_bounded(path, None, MAX_CODE_OBJECT_BYTES).map_err(|m| {
                let p = path.display().to_string();
                LoadError::Io {
                    message: m.replacen(&format!("cannot read {p}: "), "", 1).replacen(
                        &format!("{p} "),
                        "",
                        1,
                    ),
                    path: p,
                }
            })?;
        CodeObject::parse(bytes)
    }

    /// The whole file (for DWARF readers).
    pub fn bytes(&self) -> &Arc<[u8]> {
        &self.bytes
    }

    pub fn header(&self) -> &ElfHeaderInfo {
        &self.header
    }

    /// Code object version: 4, 5 or 6 (from EI_ABIVERSION).
    pub fn code_object_version(&self) -> u32 {
        self.header.code_object_version
    }

    /// `amdhsa.target`, e.g. `amdgcn-amd-amdhsa--gfx950`.
    pub fn target(&self) -> &str {
        &self.metadata.target
    }

    /// XNACK setting from `e_flags`.
    pub fn xnack(&self) -> FeatureSetting {
        self.header.xnack
    }

    /// SRAMECC setting from `e_flags`.
    pub fn sramecc(&self) -> FeatureSetting {
        self.header.sramecc
    }

    pub fn metadata(&self) -> &Metadata {
        &self.metadata
    }

    /// `PT_LOAD` segments in program header order.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// `.text`: its address and bytes.
    pub fn text(&self) -> (u64, &[u8]) {
        (self.text.address, self.text.bytes())
    }

    /// `.text` as a section record.
    pub fn text_section(&self) -> &SectionData {
        &self.text
    }

    /// The segments in the form `launch::Dispatch::new` maps them: (vaddr, bytes, memsz, writable), with the
    /// dynamic relocations applied (load base 0: the object sits at its own addresses). The loader's own bytes
    /// at the start (below `null_guard`: headers, notes, dynamic symbols) are cut off, so address 0 is not
    /// mapped; a segment lying wholly below it is left out.
    pub fn load_segments(&self) -> Vec<(u64, Vec<u8>, u64, bool)> {
        self.segments
            .iter()
            .filter_map(|s| {
                let mut bytes = s.file_bytes().to_vec();
                for r in &self.dynamic_relocations {
                    let Some(v) = r.value() else { continue };
                    let end = r.offset.wrapping_add(v.len() as u64);
                    if r.offset < s.vaddr || end > s.vaddr + s.memsz || end < r.offset {
                        continue;
                    }
                    let (a, b) = ((r.offset - s.vaddr) as usize, (end - s.vaddr) as usize);
                    if bytes.len() < b {
                        bytes.resize(b, 0);
                    }
                    bytes[a..b].copy_from_slice(&v);
                }
                // Only the segment holding the file's first bytes (the headers) is cut.
                let cut = if s.file_offset == 0 {
                    self.null_guard.saturating_sub(s.vaddr)
                } else {
                    0
                };
                if cut >= s.memsz {
                    return None;
                }
                bytes.drain(..(cut as usize).min(bytes.len()));
                Some((s.vaddr + cut, bytes, s.memsz - cut, s.writable))
            })
            .collect()
    }

    /// The first address `load_segments` maps (below it: the ELF's headers, notes and dynamic symbols).
    pub fn null_guard(&self) -> u64 {
        self.null_guard
    }

    /// The dynamic relocations (`.rela.dyn`) `load_segments` applies.
    pub fn dynamic_relocations(&self) -> &[DynamicRelocation] {
        &self.dynamic_relocations
    }

    /// Defined function symbols, sorted by address (then name).
    pub fn functions(&self) -> &[FunctionSymbol] {
        &self.functions
    }

    /// The function containing `addr` (by symbol address and size).
    pub fn function_at(&self, addr: u64) -> Option<&FunctionSymbol> {
        let i = self.functions.partition_point(|f| f.address <= addr);
        self.functions[..i]
            .iter()
            .rev()
            .find(|f| addr < f.address.saturating_add(f.size.max(1)))
    }

    /// The defined data symbol (a `__device__` or `__constant__` variable) called `name`.
    pub fn data_symbol(&self, name: &str) -> Option<&FunctionSymbol> {
        self.data_symbols.iter().find(|d| d.name == name)
    }

    /// The data symbol whose bytes hold `addr` (a pointer a program took with `hipGetSymbolAddress`).
    pub fn data_symbol_at(&self, addr: u64) -> Option<&FunctionSymbol> {
        let i = self.data_symbols.partition_point(|d| d.address <= addr);
        self.data_symbols[..i]
            .iter()
            .rev()
            .find(|d| addr < d.address.saturating_add(d.size.max(1)))
    }

    /// Kernels in metadata order.
    pub fn kernels(&self) -> &[Kernel] {
        &self.kernels
    }

    /// The kernel called `name`: its metadata `.name`, its descriptor symbol (`name.kd`), or, for HIP, the
    /// plain identifier of an Itanium-mangled name (`saxpy` for `_Z5saxpyfPKfPfj`) when that is unambiguous.
    pub fn kernel(&self, name: &str) -> Result<&Kernel, LoadError> {
        if let Some(k) = self.kernels.iter().find(|k| k.name == name) {
            return Ok(k);
        }
        if let Some(k) = self.kernels.iter().find(|k| {
            k.metadata.symbol == name || k.metadata.symbol.strip_suffix(".kd") == Some(name)
        }) {
            return Ok(k);
        }
        let by_base: Vec<&Kernel> = self
            .kernels
            .iter()
            .filter(|k| itanium_base_name(&k.name) == Some(name))
            .collect();
        if by_base.len() == 1 {
            return Ok(by_base[0]);
        }
        Err(LoadError::NoSuchKernel {
            name: name.to_string(),
            available: self.kernels.iter().map(|k| k.name.clone()).collect(),
        })
    }

    /// `len` bytes at virtual address `addr`, if they lie in one segment's file bytes.
    pub fn read_file_bytes(&self, addr: u64, len: u64) -> Option<&[u8]> {
        let seg = self.segments.iter().find(|s| s.contains(addr))?;
        let off = addr - seg.vaddr;
        let end = off.checked_add(len)?;
        if end > seg.filesz {
            return None;
        }
        Some(&seg.file_bytes()[off as usize..end as usize])
    }
}

/// The metadata must describe the object the ELF header describes: `amdhsa.target` names gfx950 with the xnack and
/// sramecc settings of `e_flags` (AMDGPUUsage "Target ID": a feature left out means "any"), and `amdhsa.version`
/// is 1.x, the map format of code object v3 to v6 (v4 writes 1.1, v5 and v6 write 1.2).
fn check_target(metadata: &Metadata, header: &ElfHeaderInfo) -> Result<(), LoadError> {
    let target = parse_target(&metadata.target).map_err(LoadError::Metadata)?;
    if target.processor != header.processor {
        return Err(LoadError::Metadata(format!(
            "amdhsa.target \"{}\" names processor {} but e_flags say {}",
            metadata.target, target.processor, header.processor
        )));
    }
    for (name, setting) in [("xnack", header.xnack), ("sramecc", header.sramecc)] {
        let expected = match setting {
            FeatureSetting::On => Some(true),
            FeatureSetting::Off => Some(false),
            FeatureSetting::Any | FeatureSetting::Unsupported => None,
        };
        let written = target.feature(name);
        if written != expected {
            let show = |v: Option<bool>| match v {
                Some(true) => format!("{name}+"),
                Some(false) => format!("{name}-"),
                None => format!("{name} unspecified (any)"),
            };
            return Err(LoadError::Metadata(format!(
                "amdhsa.target \"{}\" says {} but e_flags {:#x} say {}",
                metadata.target,
                show(written),
                header.e_flags,
                show(expected)
            )));
        }
    }
    if metadata.version[0] != 1 {
        return Err(LoadError::Metadata(format!(
            "amdhsa.version {}.{} is not the 1.x metadata of code object v4 to v6",
            metadata.version[0], metadata.version[1]
        )));
    }
    Ok(())
}

/// The identifier of a plain Itanium-mangled function name: `_Z5saxpyfPKfPfj` gives `saxpy`. Nested names
/// (`_ZN...E`) give `None`.
fn itanium_base_name(mangled: &str) -> Option<&str> {
    let rest = mangled.strip_prefix("_Z")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let len: usize = rest[..digits].parse().ok()?;
    rest.get(digits..digits + len)
}

#[cfg(test)]
mod tests {
    //! Real objects for each code object version and target spelling (testdata/build.sh, clang-22; the Triton
    //! 3.9 example), and the same objects with their header or metadata contradicting each other.
    use super::*;

    fn parse(bytes: &[u8]) -> Result<CodeObject, LoadError> {
        CodeObject::parse(bytes.to_vec())
    }

    #[test]
    fn every_version_and_spelling_of_gfx950_loads() {
        let cases: [(&[u8], u32, &str, FeatureSetting, FeatureSetting); 7] = [
            (
                include_bytes!("testdata/gfx950_v4.hsaco"),
                4,
                "amdgcn-amd-amdhsa--gfx950",
                FeatureSetting::Any,
                FeatureSetting::Any,
            ),
            (
                include_bytes!("testdata/gfx950_v5.hsaco"),
                5,
                "amdgcn-amd-amdhsa--gfx950",
                FeatureSetting::Any,
                FeatureSetting::Any,
            ),
            (
                include_bytes!("testdata/gfx950_v6.hsaco"),
                6,
                "amdgcn-amd-amdhsa--gfx950",
                FeatureSetting::Any,
                FeatureSetting::Any,
            ),
            (
                include_bytes!("testdata/gfx950_sramecc_on_xnack_off_v6.hsaco"),
                6,
                "amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-",
                FeatureSetting::Off,
                FeatureSetting::On,
            ),
            (
                include_bytes!("testdata/gfx950_xnack_on_v5.hsaco"),
                5,
                "amdgcn-amd-amdhsa--gfx950:xnack+",
                FeatureSetting::On,
                FeatureSetting::Any,
            ),
            (
                include_bytes!("testdata/gfx950_unknown_env.hsaco"),
                6,
                "amdgcn-amd-amdhsa-unknown-gfx950",
                FeatureSetting::Any,
                FeatureSetting::Any,
            ),
            (
                include_bytes!("../../examples/triton_vector_add/kernel.hsaco"),
                5,
                "amdgpu9.50-amd-amdhsa-unknown-gfx950",
                FeatureSetting::Any,
                FeatureSetting::Any,
            ),
        ];
        for (bytes, version, target, xnack, sramecc) in cases {
            let co = parse(bytes).unwrap_or_else(|e| panic!("{target}: {e}"));
            assert_eq!(co.code_object_version(), version, "{target}");
            assert_eq!(co.target(), target);
            assert_eq!((co.xnack(), co.sramecc()), (xnack, sramecc), "{target}");
            // amdhsa.version: 1.1 for v4, 1.2 for v5 and v6.
            let minor = if version == 4 { 1 } else { 2 };
            assert_eq!(co.metadata().version, [1, minor], "{target}");
            assert_eq!(co.kernels().len(), 1, "{target}");
        }
    }

    #[test]
    fn other_processors_are_named() {
        let e = parse(include_bytes!("testdata/gfx942_v5.hsaco")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "code object is for gfx942 (e_flags mach 0x4c), wavescope executes gfx950 only"
        );
        let mut b = include_bytes!("testdata/gfx950_v6.hsaco").to_vec();
        b[48] = 0x51; // gfx9-generic: gfx950 is not one of its members
        let e = parse(&b).unwrap_err();
        assert_eq!(
            e.to_string(),
            "code object is for gfx9-generic (e_flags mach 0x51), wavescope executes gfx950 only"
        );
    }

    /// gfx950 is a member of gfx9-4-generic (AMDGPUUsage "Generic Processors"): the runtime loads such an object
    /// on a gfx950 device, so it loads here, with the checks the runtime makes (code object v6, a generic
    /// version the device supports, a target ID naming the same processor).
    #[test]
    fn gfx9_4_generic_loads_as_a_gfx950_member() {
        // e_flags 0x100055f: mach 0x5f, xnack any, sramecc any, generic version 1 in the top byte
        let good = include_bytes!("testdata/gfx9_4_generic_v6.hsaco");
        let co = parse(good).unwrap();
        assert_eq!(co.target(), "amdgcn-amd-amdhsa--gfx9-4-generic");
        assert_eq!(co.code_object_version(), 6);
        assert_eq!(co.kernels().len(), 1);
        let mut b = good.to_vec();
        b[51] = 2; // generic version 2
        assert_eq!(
            parse(&b).unwrap_err().to_string(),
            "unsupported code object: gfx9-4-generic code object of generic version 2 (e_flags 0x200055f); \
             a gfx950 device runs generic version 1"
        );
        b[51] = 0; // no generic version: not a valid generic object
        assert!(parse(&b)
            .unwrap_err()
            .to_string()
            .contains("generic version 0"));
        let mut b = good.to_vec();
        b[8] = 3; // EI_ABIVERSION of code object v5
        assert_eq!(
            parse(&b).unwrap_err().to_string(),
            "unsupported code object: e_flags name gfx9-4-generic in a code object v5; generic processors \
             need code object v6"
        );
        // the metadata must name the processor e_flags name
        let mut b = include_bytes!("testdata/gfx950_v6.hsaco").to_vec();
        b[48] = 0x5f;
        b[51] = 1;
        assert!(parse(&b)
            .unwrap_err()
            .to_string()
            .contains("names processor gfx950 but e_flags say gfx9-4-generic"));
    }

    /// Offset of the (unique) `needle` in `hay`.
    fn find(hay: &[u8], needle: &[u8]) -> usize {
        let at: Vec<usize> = hay
            .windows(needle.len())
            .enumerate()
            .filter(|(_, w)| *w == needle)
            .map(|(i, _)| i)
            .collect();
        assert_eq!(at.len(), 1, "{}", String::from_utf8_lossy(needle));
        at[0]
    }

    #[test]
    fn header_and_metadata_must_agree() {
        // e_flags say "any" while the target ID says sramecc+ / xnack- (xnack is compared first).
        let mut b = include_bytes!("testdata/gfx950_sramecc_on_xnack_off_v6.hsaco").to_vec();
        b[48..52].copy_from_slice(&0x54fu32.to_le_bytes());
        assert_eq!(
            parse(&b).unwrap_err().to_string(),
            "bad NT_AMDGPU_METADATA note: amdhsa.target \"amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-\" says \
             xnack- but e_flags 0x54f say xnack unspecified (any)"
        );
        // e_flags say xnack- while the target ID says nothing about xnack.
        let mut b = include_bytes!("testdata/gfx950_v6.hsaco").to_vec();
        b[48..52].copy_from_slice(&0x64fu32.to_le_bytes());
        assert_eq!(
            parse(&b).unwrap_err().to_string(),
            "bad NT_AMDGPU_METADATA note: amdhsa.target \"amdgcn-amd-amdhsa--gfx950\" says xnack unspecified \
             (any) but e_flags 0x64f say xnack-"
        );
        // The metadata names another processor than e_flags (same length: the msgpack string keeps its size).
        let mut b = include_bytes!("testdata/gfx950_v5.hsaco").to_vec();
        let at = find(&b, b"amdgcn-amd-amdhsa--gfx950");
        b[at + 19..at + 25].copy_from_slice(b"gfx942");
        assert_eq!(
            parse(&b).unwrap_err().to_string(),
            "bad NT_AMDGPU_METADATA note: amdhsa.target \"amdgcn-amd-amdhsa--gfx942\" names processor gfx942 \
             but e_flags say gfx950"
        );
        // A malformed spelling.
        let mut b = include_bytes!("../../examples/triton_vector_add/kernel.hsaco").to_vec();
        let at = find(&b, b"amdgpu9.50-amd-amdhsa-unknown-gfx950");
        b[at..at + 10].copy_from_slice(b"amdgpu9x50");
        assert_eq!(
            parse(&b).unwrap_err().to_string(),
            "bad NT_AMDGPU_METADATA note: amdhsa.target \"amdgpu9x50-amd-amdhsa-unknown-gfx950\" has \
             architecture \"amdgpu9x50\"; an HSA code object's is amdgcn (or amdgpu<version>)"
        );
        // An unknown code object version (EI_ABIVERSION 5 would be v7).
        let mut b = include_bytes!("testdata/gfx950_v6.hsaco").to_vec();
        b[8] = 5;
        assert_eq!(
            parse(&b).unwrap_err().to_string(),
            "unsupported code object: EI_ABIVERSION 5 is code object v7; wavescope loads code object v4, v5 \
             and v6"
        );
    }

    #[test]
    fn metadata_version_2_is_refused() {
        let md = Metadata {
            version: [2, 0],
            target: "amdgcn-amd-amdhsa--gfx950".into(),
            printf: Vec::new(),
            kernels: Vec::new(),
        };
        let co = parse(include_bytes!("testdata/gfx950_v6.hsaco")).unwrap();
        assert_eq!(
            check_target(&md, co.header()).unwrap_err().to_string(),
            "bad NT_AMDGPU_METADATA note: amdhsa.version 2.0 is not the 1.x metadata of code object v4 to v6"
        );
        let md = Metadata {
            version: [1, 2],
            ..md
        };
        assert!(check_target(&md, co.header()).is_ok());
    }
}
