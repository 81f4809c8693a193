//! Source model of one code object from its DWARF: PC -> file:line:column and inline chain, functions, line ->
//! breakpoint PCs, source text, and the variables of a frame evaluated per lane.
//!
//! Built once per code object from the ELF bytes in memory (`DebugInfo::from_elf`) and shared (it is plain data,
//! `Send + Sync`) by disasm --source, traces, the profile, the TUI and the gdb backend. Every instruction slot of
//! the executable sections gets its interned source location (`LocId`) and inline chain (`ChainId`) up front, so
//! the hot path (`loc_id`, `pc_entry`) is one bounds check and one index, with no allocation.
//!
//! Bad DWARF (truncated sections, unknown operations, stripped objects) never panics: what can be read is kept,
//! the rest is described by `notes()`, and PCs without source keep working as plain PCs.

mod expr;
mod frame_values;
mod lines;
mod model;
mod source;
mod types;

pub use expr::{
    evaluate, read_location, AddrSpace, EvalError, ExprEnv, Location, Reg, WaveView, WAVE64,
};
pub use frame_values::{KernelArgs, LocalValue, ValueOrigin};
pub use lines::{normalize_path, row_flags, LineRow};
pub use model::Function;
pub use source::{MissingSource, SourceCache, SourceText};
pub use types::{Encoding, Member, TypeId, TypeInfo, TypeKind, Types};

use model::{Model, ScopeKind, VarLoc};
use object::{Object, ObjectSection};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub(crate) type R = gimli::EndianArcSlice<gimli::LittleEndian>;

/// Index of a source file in `DebugInfo::files`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

impl FileId {
    pub const NONE: FileId = FileId(u32::MAX);
}

/// A source position. `line` 0 marks compiler-generated code with no source line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SourceLoc {
    pub file: FileId,
    pub line: u32,
    pub column: u32,
}

/// Small integer naming a distinct `SourceLoc` of this code object (for traces and the profile).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocId(pub u32);

impl LocId {
    pub const NONE: LocId = LocId(u32::MAX);
    pub fn is_none(self) -> bool {
        self == LocId::NONE
    }
}

/// Small integer naming a distinct inline chain (innermost frame first) of this code object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChainId(pub u32);

impl ChainId {
    pub const NONE: ChainId = ChainId(u32::MAX);
}

/// What is known about one instruction address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PcEntry {
    /// The line table's location (innermost frame).
    pub loc: LocId,
    /// The inline chain (`frames`): the innermost inlined function first, the out-of-line function last.
    pub chain: ChainId,
}

impl PcEntry {
    pub const NONE: PcEntry = PcEntry {
        loc: LocId::NONE,
        chain: ChainId::NONE,
    };
}

/// A source file named by the line tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// comp_dir / include dir / name as llvm-symbolizer joins them, without its `.` components (`kernel.cl`,
    /// `ocl_prelude.h` where llvm-symbolizer prints `./kernel.cl`, `./././ocl_prelude.h`; `lines::normalize_path`).
    pub path: String,
    /// The file name entry alone (`kernel.cl`).
    pub name: String,
    /// Source carried in the line table (`DW_LNCT_LLVM_source`).
    pub embedded: Option<Arc<str>>,
}

/// clang emits an OpenCL kernel's body as `__clang_ocl_kern_imp_NAME`, inlined into the kernel entry `NAME`
/// (whose only line is the kernel's declaration): a chain ending `[.., __clang_ocl_kern_imp_NAME (inlined),
/// NAME]` ends `[.., NAME]` here, the stub frame's line standing as the entry's, so the kernel's own lines show
/// as the user wrote them (not `<- kernel.cl:22`, the declaration, under every line). Other chains stay.
/// [`DebugInfo::frames`] keeps the stub (llvm-symbolizer's chain; `Variable::frame` indexes it);
/// [`DebugInfo::user_frames`] is the folded chain, for showing.
pub fn fold_kernel_stub(frames: &mut Vec<Frame>) {
    let n = frames.len();
    if n < 2 {
        return;
    }
    let (stub, entry) = (&frames[n - 2], &frames[n - 1]);
    let folds = stub.inlined
        && !entry.inlined
        && stub
            .function
            .strip_prefix("__clang_ocl_kern_imp_")
            .is_some_and(|k| k == &*entry.function);
    if folds {
        let entry = frames.pop().expect("n >= 2");
        let last = frames.last_mut().expect("n >= 2");
        last.function = entry.function;
        last.inlined = false;
    }
}

/// One frame of an inline chain.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    /// Function name as llvm-symbolizer prints it: the linkage name, demangled (`Histogram(unsigned int*, ...)`),
    /// else `DW_AT_name`; `??` when unknown.
    pub function: Arc<str>,
    /// Innermost frame: the instruction's line; outer frames: the call site of the frame inside them.
    pub loc: LocId,
    /// Inlined into the next frame of the chain (false for the last, out-of-line frame).
    pub inlined: bool,
}

/// Something the model could not read, for the user (shown once per code object).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note(pub String);

impl Note {
    pub fn new(s: impl Into<String>) -> Note {
        Note(s.into())
    }
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Loading errors: only a file that is not an ELF object at all is an error; bad DWARF becomes notes.
#[derive(Debug, thiserror::Error)]
pub enum DebugInfoError {
    #[error("cannot read {path}: {err}")]
    Io { path: PathBuf, err: std::io::Error },
    #[error("not an ELF code object: {0}")]
    Elf(String),
}

/// The PCs of a source line (`line_pcs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinePcs {
    pub file: Option<FileId>,
    pub line: u32,
    /// Every instruction address attributed to the line (innermost location).
    pub pcs: Vec<u64>,
    /// Addresses of the line's `is_stmt` rows (the recommended breakpoint addresses of DWARF 5 6.2.2).
    pub stmt_pcs: Vec<u64>,
}

/// Locals (`Local`), arguments (`Param`) and compilation-unit variables (`Global`, e.g. LDS arrays).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VarKind {
    Param,
    Local,
    Global,
}

/// Where a variable is at the PC it was looked up for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VarLocation {
    /// No location at this PC: optimized out.
    OptimizedOut,
    /// A DWARF location expression, evaluated per lane.
    Expr(Arc<[u8]>),
    /// `DW_AT_const_value`: the same bytes in every lane.
    Const(Arc<[u8]>),
    /// The location could not be read (damaged DWARF); the reason.
    Unreadable(String),
}

/// A variable in scope at a PC.
#[derive(Clone, Debug)]
pub struct Variable {
    pub name: Arc<str>,
    pub kind: VarKind,
    pub ty: Option<TypeId>,
    pub decl: Option<SourceLoc>,
    /// Index into `frames(pc)`: 0 = innermost (inlined) function. Globals: the outermost frame.
    pub frame: usize,
    /// Lexical depth inside its frame (0 = the function's own scope); an inner variable shadows an outer one.
    pub depth: u32,
    pub location: VarLocation,
    /// The variable's DIE in this model (`DebugInfo::variable_locations`).
    pub id: VarId,
    env_unit: u32,
    function: Option<u32>,
}

/// Index of a variable DIE of a code object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// The cached source model of one code object.
pub struct DebugInfo {
    files: Vec<SourceFile>,
    locs: Vec<SourceLoc>,
    chains: Vec<Box<[Frame]>>,
    /// Per 4-byte instruction slot of `[text_base, text_end)`.
    pc_table: Vec<PcEntry>,
    text_base: u64,
    text_end: u64,
    text_ranges: Vec<(u64, u64)>,
    lines: lines::LineTables,
    model: Model,
    debug_addr: Arc<[u8]>,
    notes: Vec<Note>,
    object_dir: Option<PathBuf>,
    has_dwarf: bool,
    /// Some unit's line program could not be opened (addr2line cannot open that unit either): inline chains
    /// come from this model's scopes.
    line_damaged: bool,
}

/// Largest `.text` covered by the direct-index table (beyond it, lookups fall back to binary search).
const MAX_TABLE_SLOTS: u64 = 1 << 24;

impl DebugInfo {
    /// Read a code object file and build its model; the file's directory is remembered as a source search
    /// directory.
    pub fn load_file(path: &Path) -> Result<DebugInfo, DebugInfoError> {
        let bytes = std::fs::read(path).map_err(|err| DebugInfoError::Io {
            path: path.to_path_buf(),
            err,
        })?;
        let mut d = DebugInfo::from_elf(&bytes)?;
        d.object_dir = path.parent().map(|p| {
            if p.as_os_str().is_empty() {
                PathBuf::from(".")
            } else {
                p.to_path_buf()
            }
        });
        Ok(d)
    }

    /// Build the model from the ELF bytes of a code object.
    pub fn from_elf(bytes: &[u8]) -> Result<DebugInfo, DebugInfoError> {
        let obj = object::File::parse(bytes).map_err(|e| DebugInfoError::Elf(e.to_string()))?;
        let mut notes = Vec::new();
        let mut sections: HashMap<&'static str, Arc<[u8]>> = HashMap::new();
        let mut has_dwarf = false;
        for id in ALL_SECTIONS {
            let name = id.name();
            if let Some(s) = obj.section_by_name(name) {
                match s.uncompressed_data() {
                    Ok(d) => {
                        has_dwarf |= name == ".debug_info" || name == ".debug_line";
                        sections.insert(name, Arc::from(d.as_ref()));
                    }
                    Err(e) => notes.push(Note::new(format!("section {name} unreadable: {e}"))),
                }
            }
        }
        let mut text_ranges: Vec<(u64, u64)> = obj
            .sections()
            .filter(|s| s.kind() == object::SectionKind::Text && s.size() > 0)
            .map(|s| (s.address(), s.address().saturating_add(s.size())))
            .collect();
        text_ranges.sort();
        if !has_dwarf {
            notes.push(Note::new(
                "no DWARF debug information (stripped or built without -g): showing PCs only",
            ));
        }
        let dwarf = load_dwarf(&sections);
        let debug_addr = sections
            .get(".debug_addr")
            .cloned()
            .unwrap_or_else(|| Arc::from(&[][..]));

        let mut d = DebugInfo {
            files: Vec::new(),
            locs: Vec::new(),
            chains: Vec::new(),
            pc_table: Vec::new(),
            text_base: 0,
            text_end: 0,
            text_ranges,
            lines: lines::LineTables::default(),
            model: Model::default(),
            debug_addr,
            notes,
            object_dir: None,
            has_dwarf,
            line_damaged: false,
        };
        d.read_units(&dwarf);
        d.build_pc_table(&sections);
        d.compute_prologues();
        Ok(d)
    }

    /// Read every unit; a unit whose line program is too damaged for gimli to open it is opened without its
    /// line program.
    fn read_units(&mut self, dwarf: &gimli::Dwarf<R>) {
        let mut interner = lines::FileInterner {
            files: &mut self.files,
            by_path: HashMap::new(),
        };
        let mut headers = dwarf.units();
        let mut unit_no = 0usize;
        loop {
            let header = match headers.next() {
                Ok(Some(h)) => h,
                Ok(None) => break,
                Err(e) => {
                    self.notes.push(Note::new(format!(
                        "debug info unit list is damaged ({e}); later units skipped"
                    )));
                    break;
                }
            };
            // Where the unit starts, for messages about a damaged one (`.debug_info+0x..`).
            let unit_at = format!(".debug_info+0x{:x}", header.offset().0);
            let abbrev_at = format!(".debug_abbrev+0x{:x}", header.debug_abbrev_offset().0);
            let opened = match dwarf.unit(header.clone()) {
                Ok(u) => Ok(u),
                Err(e) => match open_unit_without_lines(dwarf, header) {
                    Ok(u) => {
                        self.notes.push(Note::new(format!(
                            "corrupt DWARF: line table of unit {unit_no} (at {unit_at}) unreadable ({e}): its PCs have no source line"
                        )));
                        self.line_damaged = true;
                        Ok(u)
                    }
                    Err(_) => Err(e),
                },
            };
            let unit = match opened {
                Ok(u) => u,
                Err(e) => {
                    self.notes.push(Note::new(format!(
                        "corrupt DWARF: unit {unit_no} (at {unit_at}, abbreviations at {abbrev_at}) unreadable ({e})"
                    )));
                    // Keep unit numbers aligned with `model.units`.
                    self.lines.unit_files.push(Vec::new());
                    self.model.units.push(model::UnitInfo {
                        encoding: gimli::Encoding {
                            format: gimli::Format::Dwarf32,
                            version: 5,
                            address_size: 8,
                        },
                        addr_base: 0,
                    });
                    unit_no += 1;
                    continue;
                }
            };
            let uref = unit.unit_ref(dwarf);
            self.lines
                .add_unit(uref, unit_no, &mut interner, &mut self.notes);
            let files = self
                .lines
                .unit_files
                .get(unit_no)
                .cloned()
                .unwrap_or_default();
            self.model
                .add_unit(uref, unit_no as u32, &files, &mut self.notes);
            unit_no += 1;
            if unit_no > 100_000 {
                break;
            }
        }
        self.lines.finish();
    }

    fn intern_loc(&mut self, map: &mut HashMap<SourceLoc, LocId>, l: SourceLoc) -> LocId {
        *map.entry(l).or_insert_with(|| {
            self.locs.push(l);
            LocId(self.locs.len() as u32 - 1)
        })
    }

    /// Map every instruction slot of the executable sections to its location and inline chain, with addr2line
    /// for the inline chains (built from a second, private `Dwarf` and dropped afterwards so the model stays
    /// `Sync`).
    fn build_pc_table(&mut self, sections: &HashMap<&'static str, Arc<[u8]>>) {
        let (Some(first), Some(last)) = (self.text_ranges.first(), self.text_ranges.last()) else {
            return;
        };
        let (base, end) = (first.0, last.1.max(first.1));
        let slots = (end - base) / 4;
        if slots > MAX_TABLE_SLOTS {
            self.notes.push(Note::new(
                "executable sections too large for the PC table; lookups are slower",
            ));
            return;
        }
        self.text_base = base;
        self.text_end = end;
        self.pc_table = vec![PcEntry::NONE; slots as usize];
        let mut loc_map = HashMap::new();
        let mut chain_map: HashMap<Vec<Frame>, ChainId> = HashMap::new();

        let ctx = if self.has_dwarf {
            let dwarf = load_dwarf(sections);
            match addr2line::Context::from_dwarf(dwarf) {
                Ok(c) => Some(c),
                Err(e) => {
                    self.notes.push(Note::new(format!(
                        "inline information unreadable ({e}): no inline chains"
                    )));
                    None
                }
            }
        } else {
            None
        };
        let mut frames_failed = 0usize;
        let text_ranges = self.text_ranges.clone();
        for &(b, e) in &text_ranges {
            let mut pc = b.next_multiple_of(4);
            while pc < e {
                let slot = ((pc - base) / 4) as usize;
                let loc = match self.lines.row_for(pc).copied() {
                    Some(r) if r.file != FileId::NONE => self.intern_loc(
                        &mut loc_map,
                        SourceLoc {
                            file: r.file,
                            line: r.line,
                            column: r.column,
                        },
                    ),
                    _ => LocId::NONE,
                };
                let mut chain = ChainId::NONE;
                let from_addr2line = match &ctx {
                    Some(ctx) if !self.line_damaged => {
                        match self.frames_at(ctx, pc, &mut loc_map) {
                            Ok(f) => Some(f),
                            Err(_) => {
                                frames_failed += 1;
                                None
                            }
                        }
                    }
                    _ => None,
                };
                let mut frames = match from_addr2line {
                    Some(f) => f,
                    None => self.frames_from_scopes(pc, loc, &mut loc_map),
                };
                if !frames.is_empty() {
                    // The innermost frame's line is the line table's (addr2line drops the column of line-0
                    // rows; llvm-symbolizer keeps it).
                    if loc != LocId::NONE {
                        frames[0].loc = loc;
                    }
                    let n = self.chains.len() as u32;
                    chain = *chain_map.entry(frames.clone()).or_insert(ChainId(n));
                    if chain.0 == n {
                        self.chains.push(frames.into_boxed_slice());
                    }
                }
                self.pc_table[slot] = PcEntry { loc, chain };
                pc += 4;
            }
        }
        if frames_failed > 0 {
            self.notes.push(Note::new(format!(
                "inline chains unreadable at {frames_failed} PCs (damaged .debug_info): those show the line only"
            )));
        }
    }

    fn frames_at(
        &mut self,
        ctx: &addr2line::Context<R>,
        pc: u64,
        loc_map: &mut HashMap<SourceLoc, LocId>,
    ) -> Result<Vec<Frame>, addr2line::gimli::Error> {
        let mut it = ctx.find_frames(pc).skip_all_loads()?;
        let mut raw = Vec::new();
        while let Some(f) = it.next()? {
            let function: Arc<str> = match &f.function {
                Some(name) => {
                    let n = name.raw_name()?;
                    // llvm-symbolizer demangles Itanium names whatever the unit's language (HIP units say C++,
                    // OpenCL names are plain).
                    let d = if n.starts_with("_Z") {
                        addr2line::demangle(&n, gimli::DW_LANG_C_plus_plus)
                            .map(|d| llvm_spelling(&d))
                            .unwrap_or_else(|| n.to_string())
                    } else {
                        n.to_string()
                    };
                    Arc::from(d.as_str())
                }
                None => Arc::from("??"),
            };
            let loc = f.location.as_ref().and_then(|l| {
                let want = lines::normalize_path(l.file?);
                let file = self.files.iter().position(|sf| sf.path == want)?;
                Some(SourceLoc {
                    file: FileId(file as u32),
                    line: l.line.unwrap_or(0),
                    column: l.column.unwrap_or(0),
                })
            });
            raw.push((function, loc));
            if raw.len() > 256 {
                break;
            }
        }
        let n = raw.len();
        Ok(raw
            .into_iter()
            .enumerate()
            .map(|(i, (function, loc))| Frame {
                function,
                loc: loc
                    .map(|l| self.intern_loc(loc_map, l))
                    .unwrap_or(LocId::NONE),
                inlined: i + 1 < n,
            })
            .collect())
    }

    /// The inline chain from this model's scopes (when addr2line cannot read the DWARF): function names and
    /// the call sites of inlined subroutines.
    fn frames_from_scopes(
        &mut self,
        pc: u64,
        loc: LocId,
        loc_map: &mut HashMap<SourceLoc, LocId>,
    ) -> Vec<Frame> {
        let chain = self.scope_chain(pc);
        let mut frames = Vec::new();
        let mut cur = loc;
        for &s in chain.iter().rev() {
            let sc = &self.model.scopes[s as usize];
            if sc.kind == ScopeKind::Lexical {
                continue;
            }
            let name = sc.name.clone().unwrap_or_else(|| Arc::from("??"));
            let function = if name.starts_with("_Z") {
                addr2line::demangle(&name, gimli::DW_LANG_C_plus_plus)
                    .map(|d| Arc::from(llvm_spelling(&d).as_str()))
                    .unwrap_or(name)
            } else {
                name
            };
            let call = sc.call;
            frames.push(Frame {
                function,
                loc: cur,
                inlined: sc.kind == ScopeKind::Inlined,
            });
            cur = match call {
                Some(c) => self.intern_loc(loc_map, c),
                None => LocId::NONE,
            };
        }
        frames
    }

    /// Scopes holding `pc`, outermost (the function) first.
    fn scope_chain(&self, pc: u64) -> Vec<u32> {
        let Some(func) = self.model.functions.iter().find(|f| f.contains(pc)) else {
            return Vec::new();
        };
        let mut chain = vec![func.scope];
        while let Some(&last) = chain.last() {
            let s = &self.model.scopes[last as usize];
            match s
                .children
                .iter()
                .find(|&&c| self.model.scopes[c as usize].contains(pc))
            {
                Some(&c) if chain.len() < 256 => chain.push(c),
                _ => break,
            }
        }
        chain
    }

    /// gdb's prologue rule per function: the first `prologue_end` row, else the second distinct line.
    fn compute_prologues(&mut self) {
        for f in &mut self.model.functions {
            f.prologue_end = f.entry;
            let Some(seq) = self.lines.sequence_for(f.entry).copied() else {
                continue;
            };
            let rows = &self.lines.rows[seq.rows.0 as usize..seq.rows.1 as usize];
            let in_fn: Vec<&LineRow> = rows.iter().filter(|r| f.contains(r.address)).collect();
            if let Some(r) = in_fn.iter().find(|r| r.prologue_end()) {
                f.prologue_end = r.address;
            } else if let Some(first) = in_fn.first() {
                if let Some(r) = in_fn
                    .iter()
                    .find(|r| r.line != first.line && r.line != 0 && r.address > first.address)
                {
                    f.prologue_end = r.address;
                }
            }
        }
    }

    // ---- PCs -> source ------------------------------------------------------------------------------------

    /// Location and inline chain of an instruction address (hot path: one index, no allocation).
    #[inline]
    pub fn pc_entry(&self, pc: u64) -> PcEntry {
        if pc >= self.text_base && pc < self.text_end && pc % 4 == 0 {
            if let Some(e) = self.pc_table.get(((pc - self.text_base) / 4) as usize) {
                return *e;
            }
        }
        PcEntry::NONE
    }

    /// Interned innermost source location of `pc` (`LocId::NONE` when unknown).
    #[inline]
    pub fn loc_id(&self, pc: u64) -> LocId {
        self.pc_entry(pc).loc
    }

    pub fn loc(&self, id: LocId) -> Option<SourceLoc> {
        self.locs.get(id.0 as usize).copied()
    }

    /// Number of distinct interned locations (ids are `0..loc_count()`).
    pub fn loc_count(&self) -> usize {
        self.locs.len()
    }

    /// The inline chain of `pc` as the user wrote it: `frames(pc)` with clang's OpenCL kernel stub folded into
    /// the kernel ([`fold_kernel_stub`]). For showing a line's call sites (the profile); not for `Variable::frame`.
    pub fn user_frames(&self, pc: u64) -> std::borrow::Cow<'_, [Frame]> {
        let f = self.frames(pc);
        let n = f.len();
        let stub = n >= 2
            && f[n - 2].inlined
            && !f[n - 1].inlined
            && f[n - 2]
                .function
                .strip_prefix("__clang_ocl_kern_imp_")
                .is_some_and(|k| k == &*f[n - 1].function);
        if !stub {
            return std::borrow::Cow::Borrowed(f);
        }
        let mut v = f.to_vec();
        fold_kernel_stub(&mut v);
        std::borrow::Cow::Owned(v)
    }

    /// Number of distinct inline chains (ids are `0..chain_count()`).
    pub fn chain_count(&self) -> usize {
        self.chains.len()
    }

    /// Source location of `pc`, also outside the precomputed table (binary search of the line table).
    pub fn source_loc(&self, pc: u64) -> Option<SourceLoc> {
        if let Some(l) = self.loc(self.loc_id(pc)) {
            return Some(l);
        }
        let r = self.lines.row_for(pc)?;
        (r.file != FileId::NONE).then_some(SourceLoc {
            file: r.file,
            line: r.line,
            column: r.column,
        })
    }

    /// The inline chain of `pc`, innermost (inlined) function first; empty when unknown.
    pub fn frames(&self, pc: u64) -> &[Frame] {
        self.chain(self.pc_entry(pc).chain)
    }

    pub fn chain(&self, id: ChainId) -> &[Frame] {
        self.chains
            .get(id.0 as usize)
            .map(|c| &c[..])
            .unwrap_or(&[])
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    pub fn file(&self, id: FileId) -> Option<&SourceFile> {
        self.files.get(id.0 as usize)
    }

    /// `path:line:column` as llvm-symbolizer prints it (`??:0:0` when unknown).
    pub fn format_loc(&self, id: LocId) -> String {
        match self.loc(id) {
            Some(l) => {
                let path = self.file(l.file).map(|f| f.path.as_str()).unwrap_or("??");
                format!("{path}:{}:{}", l.line, l.column)
            }
            None => "??:0:0".into(),
        }
    }

    /// Every line table row, in program order (sequence ends included, flagged `END_SEQUENCE`).
    pub fn line_rows(&self) -> &[LineRow] {
        &self.lines.rows
    }

    /// `.debug_line` offsets of the line tables (`LineRow::table` indexes this).
    pub fn line_tables(&self) -> &[u64] {
        &self.lines.tables
    }

    /// The executable address ranges `[begin, end)` of the code object.
    pub fn text_ranges(&self) -> &[(u64, u64)] {
        &self.text_ranges
    }

    /// What could not be read (damaged or missing DWARF).
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// True when the object has `.debug_info` or `.debug_line`.
    pub fn has_dwarf(&self) -> bool {
        self.has_dwarf
    }

    // ---- functions ----------------------------------------------------------------------------------------

    /// Concrete functions in address order of their entry.
    pub fn functions(&self) -> &[Function] {
        &self.model.functions
    }

    /// The out-of-line function holding `pc`.
    pub fn function_at(&self, pc: u64) -> Option<&Function> {
        self.model.functions.iter().find(|f| f.contains(pc))
    }

    /// Functions whose `DW_AT_name` or linkage name is `name`.
    pub fn functions_named(&self, name: &str) -> Vec<&Function> {
        self.model
            .functions
            .iter()
            .filter(|f| &*f.name == name || f.linkage_name.as_deref() == Some(name))
            .collect()
    }

    // ---- source lines -> PCs ------------------------------------------------------------------------------

    /// Files matching a user's spelling: the exact path, a path ending in it at a `/` boundary (after dropping
    /// `./` components), or the same file name.
    pub fn find_files(&self, query: &str) -> Vec<FileId> {
        let norm = |s: &str| -> String {
            s.split('/')
                .filter(|c| !c.is_empty() && *c != ".")
                .collect::<Vec<_>>()
                .join("/")
        };
        let q = norm(query);
        let exact: Vec<FileId> = (0..self.files.len())
            .filter(|&i| self.files[i].path == query || norm(&self.files[i].path) == q)
            .map(|i| FileId(i as u32))
            .collect();
        if !exact.is_empty() {
            return exact;
        }
        let suffix: Vec<FileId> = (0..self.files.len())
            .filter(|&i| {
                let p = norm(&self.files[i].path);
                p.ends_with(&format!("/{q}"))
            })
            .map(|i| FileId(i as u32))
            .collect();
        if !suffix.is_empty() {
            return suffix;
        }
        let base = q.rsplit('/').next().unwrap_or(&q).to_string();
        (0..self.files.len())
            .filter(|&i| self.files[i].name.rsplit('/').next() == Some(&base))
            .map(|i| FileId(i as u32))
            .collect()
    }

    /// All PCs of `file:line` and the line's `is_stmt` row addresses, sorted.
    pub fn line_pcs(&self, file: FileId, line: u32) -> LinePcs {
        let mut out = LinePcs {
            file: Some(file),
            line,
            ..Default::default()
        };
        for (slot, e) in self.pc_table.iter().enumerate() {
            if let Some(l) = self.loc(e.loc) {
                if l.file == file && l.line == line {
                    out.pcs.push(self.text_base + 4 * slot as u64);
                }
            }
        }
        for r in &self.lines.rows {
            if !r.end_sequence()
                && r.is_stmt()
                && r.file == file
                && r.line == line
                && self.is_row_effective(r)
            {
                out.stmt_pcs.push(r.address);
            }
        }
        out.stmt_pcs.sort_unstable();
        out.stmt_pcs.dedup();
        out
    }

    /// A row is effective when it is the row `pc` lookups return for its address (the last row at an address
    /// wins, as in llvm-symbolizer).
    fn is_row_effective(&self, r: &LineRow) -> bool {
        self.lines.row_for(r.address).is_some_and(|e| e == r)
    }

    /// Breakpoint addresses for `break file:line` (gdb's rule): the lowest `is_stmt` address of the line in
    /// each function or inlined copy that has it, moved past the function's prologue when it falls inside it.
    /// A line without code resolves to the next line that has some. Returns the line used and the PCs.
    pub fn breakpoint_pcs(&self, file: FileId, line: u32) -> (u32, Vec<u64>) {
        let max_line = self
            .lines
            .rows
            .iter()
            .filter(|r| r.file == file)
            .map(|r| r.line)
            .max()
            .unwrap_or(0);
        let mut l = line.max(1);
        while l <= max_line {
            let lp = self.line_pcs(file, l);
            let mut cands = lp.stmt_pcs.clone();
            if cands.is_empty() {
                cands = lp.pcs.clone();
            }
            if !cands.is_empty() {
                // One address per (function, inline instance): group by the chain's shape minus the
                // innermost line.
                let mut best: HashMap<(Option<u64>, Vec<Arc<str>>), u64> = HashMap::new();
                for pc in cands {
                    let key = (
                        self.function_at(pc).map(|f| f.entry),
                        self.frames(pc)
                            .iter()
                            .map(|f| f.function.clone())
                            .collect::<Vec<_>>(),
                    );
                    let e = best.entry(key).or_insert(pc);
                    *e = (*e).min(pc);
                }
                let mut pcs: Vec<u64> = best
                    .into_values()
                    .map(|pc| match self.function_at(pc) {
                        Some(f) if pc < f.prologue_end => f.prologue_end,
                        _ => pc,
                    })
                    .collect();
                pcs.sort_unstable();
                pcs.dedup();
                return (l, pcs);
            }
            l += 1;
        }
        (line, Vec::new())
    }

    // ---- source text --------------------------------------------------------------------------------------

    /// A source cache searching the code object's directory (when loaded with `load_file`), then `extra`
    /// (`--source-dir`), then the current directory.
    pub fn source_cache(&self, extra: Vec<PathBuf>) -> SourceCache {
        SourceCache::new(self.object_dir.clone(), extra)
    }

    /// The text of a file (embedded source first).
    pub fn source_text(
        &self,
        cache: &SourceCache,
        file: FileId,
    ) -> Result<Arc<SourceText>, MissingSource> {
        let Some(f) = self.file(file) else {
            return Err(MissingSource {
                file: "??".into(),
                tried: Vec::new(),
            });
        };
        cache.load(&f.path, f.embedded.as_deref())
    }

    /// The source line of a location, if its file can be read.
    pub fn source_line(&self, cache: &SourceCache, id: LocId) -> Option<String> {
        let l = self.loc(id)?;
        let t = self.source_text(cache, l.file).ok()?;
        t.line(l.line).map(str::to_string)
    }

    // ---- variables ----------------------------------------------------------------------------------------

    /// Arguments and locals of every frame of `pc` (innermost scope first, `Variable::frame` indexes
    /// `frames(pc)`), then the compilation unit's variables. Variables the compiler dropped from an inlined or
    /// out-of-line copy are listed as optimized out.
    pub fn variables_at(&self, pc: u64) -> Vec<Variable> {
        let mut out = Vec::new();
        let Some(func_idx) = self.model.functions.iter().position(|f| f.contains(pc)) else {
            return out;
        };
        let chain = self.scope_chain(pc);
        // Frame index and lexical depth per scope, innermost first.
        let mut frame = 0usize;
        let mut depth_in_frame: Vec<u32> = Vec::new();
        {
            // Lexical depth: number of lexical scopes between a scope and its frame's function scope.
            let mut d = 0u32;
            for &s in chain.iter() {
                let sc = &self.model.scopes[s as usize];
                if sc.kind != ScopeKind::Lexical {
                    d = 0;
                } else {
                    d += 1;
                }
                depth_in_frame.push(d);
            }
        }
        for (k, &s) in chain.iter().enumerate().rev() {
            let sc = &self.model.scopes[s as usize];
            let mut seen_origins = Vec::new();
            for &v in &sc.vars {
                let vd = &self.model.vars[v as usize];
                if let Some(o) = vd.origin {
                    seen_origins.push(o);
                }
                out.push(self.variable(v, pc, frame, depth_in_frame[k], Some(func_idx as u32)));
            }
            // Abstract variables with no concrete instance in this copy.
            if let Some(origin) = sc.origin {
                if let Some(abs) = self.model.abstract_vars.get(&(sc.unit, origin)) {
                    for &v in abs {
                        let off = self.var_die_offset(v);
                        if off.is_some_and(|o| seen_origins.contains(&o)) {
                            continue;
                        }
                        let mut var =
                            self.variable(v, pc, frame, depth_in_frame[k], Some(func_idx as u32));
                        var.location = VarLocation::OptimizedOut;
                        out.push(var);
                    }
                }
            }
            if sc.kind != ScopeKind::Lexical {
                frame += 1;
            }
        }
        let last_frame = frame.saturating_sub(1);
        for &v in &self.model.globals {
            out.push(self.variable(v, pc, last_frame, 0, None));
        }
        out
    }

    fn var_die_offset(&self, v: u32) -> Option<u64> {
        self.model.var_offsets.get(v as usize).copied()
    }

    fn variable(
        &self,
        v: u32,
        pc: u64,
        frame: usize,
        depth: u32,
        function: Option<u32>,
    ) -> Variable {
        let vd = &self.model.vars[v as usize];
        let location = match &vd.loc {
            VarLoc::None => VarLocation::OptimizedOut,
            VarLoc::Expr(e) if e.is_empty() => VarLocation::OptimizedOut,
            VarLoc::Expr(e) => VarLocation::Expr(e.clone()),
            VarLoc::Const(c) => VarLocation::Const(c.clone()),
            VarLoc::List(list) => match list.iter().find(|(b, e, _)| *b <= pc && pc < *e) {
                Some((_, _, x)) if !x.is_empty() => VarLocation::Expr(x.clone()),
                _ => VarLocation::OptimizedOut,
            },
            VarLoc::Bad(why) => VarLocation::Unreadable(why.clone()),
        };
        Variable {
            name: vd.name.clone(),
            kind: if function.is_none() {
                VarKind::Global
            } else if vd.is_param {
                VarKind::Param
            } else {
                VarKind::Local
            },
            ty: vd.ty,
            decl: vd.decl,
            frame,
            depth,
            location,
            id: VarId(v),
            env_unit: vd.unit,
            function,
        }
    }

    /// Every variable and parameter DIE of the code object (concrete and abstract), each once, with its first
    /// location (for listings such as gdb's `info scope`; use `variables_at` for a PC).
    pub fn all_variables(&self) -> Vec<Variable> {
        (0..self.model.vars.len() as u32)
            .map(|v| {
                let vd = &self.model.vars[v as usize];
                let mut var = self.variable(v, 0, 0, 0, vd.function);
                var.location = self
                    .variable_locations(&var)
                    .into_iter()
                    .next()
                    .map(|(_, l)| l)
                    .unwrap_or(VarLocation::OptimizedOut);
                if vd.function.is_none() && !self.model.globals.contains(&v) {
                    // An abstract variable: a parameter or local of an inlined function's abstract tree.
                    var.kind = if vd.is_param {
                        VarKind::Param
                    } else {
                        VarKind::Local
                    };
                }
                var
            })
            .collect()
    }

    /// All location descriptions of a variable: `(Some([begin, end)), location)` per location list entry, or
    /// one `(None, location)` for a single expression or constant; empty when it has no location.
    pub fn variable_locations(&self, var: &Variable) -> Vec<(Option<(u64, u64)>, VarLocation)> {
        let Some(vd) = self.model.vars.get(var.id.0 as usize) else {
            return Vec::new();
        };
        match &vd.loc {
            VarLoc::None => Vec::new(),
            VarLoc::Expr(e) if e.is_empty() => Vec::new(),
            VarLoc::Expr(e) => vec![(None, VarLocation::Expr(e.clone()))],
            VarLoc::Const(c) => vec![(None, VarLocation::Const(c.clone()))],
            VarLoc::List(list) => list
                .iter()
                .map(|(b, e, x)| {
                    (
                        Some((*b, *e)),
                        if x.is_empty() {
                            VarLocation::OptimizedOut
                        } else {
                            VarLocation::Expr(x.clone())
                        },
                    )
                })
                .collect(),
            VarLoc::Bad(why) => vec![(None, VarLocation::Unreadable(why.clone()))],
        }
    }

    /// Types of this code object.
    pub fn types(&self) -> &Types {
        &self.model.types
    }

    /// C spelling of a type.
    pub fn type_name(&self, ty: Option<TypeId>) -> String {
        match ty {
            Some(t) => self.model.types.name(t),
            None => "?".into(),
        }
    }

    /// The evaluation environment of a variable (its unit's encoding, frame base and `.debug_addr` slice).
    pub fn expr_env(&self, var: &Variable) -> ExprEnv<'_> {
        let unit = self.model.units.get(var.env_unit as usize);
        let frame_base = var
            .function
            .and_then(|f| self.model.functions.get(f as usize))
            .and_then(|f| f.frame_base.as_deref());
        let debug_addr = unit
            .and_then(|u| self.debug_addr.get(usize::try_from(u.addr_base).ok()?..))
            .unwrap_or(&[]);
        ExprEnv {
            encoding: unit
                .map(|u| u.encoding)
                .unwrap_or(ExprEnv::dwarf5().encoding),
            frame_base,
            debug_addr,
        }
    }

    /// Where `var` is for `lane`.
    pub fn locate(
        &self,
        var: &Variable,
        wave: &dyn WaveView,
        lane: u32,
    ) -> Result<Location, EvalError> {
        match &var.location {
            VarLocation::OptimizedOut => Err(EvalError::OptimizedOut),
            VarLocation::Unreadable(why) => Err(EvalError::Malformed(why.clone())),
            VarLocation::Const(c) => Ok(Location::Implicit(c.to_vec())),
            VarLocation::Expr(e) => evaluate(e, &self.expr_env(var), wave, lane),
        }
    }

    /// The bytes of `var` for `lane` (its type's size; 4 bytes when the type is unknown).
    pub fn read_variable(
        &self,
        var: &Variable,
        wave: &dyn WaveView,
        lane: u32,
    ) -> Result<Vec<u8>, EvalError> {
        let loc = self.locate(var, wave, lane)?;
        let size = var
            .ty
            .and_then(|t| self.model.types.size_of(t))
            .unwrap_or(4);
        read_location(&loc, size, wave, lane)
    }

    /// Format a value of type `ty`: `5`, `(float *) 0x100000`, `{1, 2, 3}`.
    pub fn format_value(&self, ty: Option<TypeId>, bytes: &[u8]) -> String {
        self.model.types.format_value(ty, bytes)
    }

    /// `name = value` for `lane`: `i = 5`, `p = (float *) 0x100000`, `x = <optimized out>`.
    pub fn format_variable(&self, var: &Variable, wave: &dyn WaveView, lane: u32) -> String {
        let v = match self.read_variable(var, wave, lane) {
            Ok(bytes) => self.format_value(var.ty, &bytes),
            Err(EvalError::OptimizedOut) => "<optimized out>".into(),
            Err(e) => format!("<unavailable: {e}>"),
        };
        format!("{} = {v}", var.name)
    }
}

/// Rewrite cpp_demangle's spelling of two constructs as LLVM's demangler (llvm-symbolizer, gdb's `info frame`
/// on ROCm) writes them, so every view names functions the same: integer template arguments `(unsigned int)273`
/// -> `273u` and closure types `{lambda(float, float)#1}` -> `'lambda'(float, float)` (`#2` -> `'lambda0'`).
fn llvm_spelling(s: &str) -> String {
    const SUFFIXES: [(&str, &str); 6] = [
        ("(unsigned long long)", "ull"),
        ("(unsigned long)", "ul"),
        ("(unsigned int)", "u"),
        ("(long long)", "ll"),
        ("(long)", "l"),
        ("(int)", ""),
    ];
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    'scan: while i < s.len() {
        for (cast, suffix) in SUFFIXES {
            if s[i..].starts_with(cast) {
                let j = i + cast.len();
                let mut k = j;
                if k < b.len() && b[k] == b'-' {
                    k += 1;
                }
                let digits = b[k..].iter().take_while(|c| c.is_ascii_digit()).count();
                if digits > 0 {
                    out.push_str(&s[j..k + digits]);
                    out.push_str(suffix);
                    i = k + digits;
                    continue 'scan;
                }
            }
        }
        if s[i..].starts_with("{lambda(") {
            // Find the parameter list's closing parenthesis, then "#N}".
            let mut depth = 0i32;
            let mut k = i + "{lambda".len();
            while k < b.len() {
                match b[k] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                k += 1;
            }
            let params_end = k + 1;
            if params_end < b.len() && b[params_end] == b'#' {
                let n_len = b[params_end + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                let close = params_end + 1 + n_len;
                if n_len > 0 && close < b.len() && b[close] == b'}' {
                    let n: u64 = s[params_end + 1..close].parse().unwrap_or(1);
                    out.push_str("'lambda");
                    if n > 1 {
                        out.push_str(&(n - 2).to_string());
                    }
                    out.push('\'');
                    out.push_str(&llvm_spelling(&s[i + "{lambda".len()..params_end]));
                    i = close + 1;
                    continue 'scan;
                }
            }
        }
        let ch = s[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Open a unit as `gimli::Dwarf::unit` does but without its line program (which failed to parse).
fn open_unit_without_lines(
    dwarf: &gimli::Dwarf<R>,
    header: gimli::UnitHeader<R>,
) -> gimli::Result<gimli::Unit<R>> {
    use gimli::AttributeValue;
    let abbreviations = dwarf.abbreviations(&header)?;
    let enc = header.encoding();
    let mut unit = gimli::Unit {
        abbreviations,
        name: None,
        comp_dir: None,
        low_pc: 0,
        str_offsets_base: gimli::DebugStrOffsetsBase::default_for_encoding_and_file(
            enc,
            dwarf.file_type,
        ),
        addr_base: gimli::DebugAddrBase(0),
        loclists_base: gimli::DebugLocListsBase::default_for_encoding_and_file(
            enc,
            dwarf.file_type,
        ),
        rnglists_base: gimli::DebugRngListsBase::default_for_encoding_and_file(
            enc,
            dwarf.file_type,
        ),
        line_program: None,
        dwo_id: None,
        header,
    };
    let (mut name, mut comp_dir, mut low_pc) = (None, None, None);
    {
        let mut cursor = unit.header.entries(&unit.abbreviations);
        cursor.next_dfs()?;
        let root = cursor.current().ok_or(gimli::Error::MissingUnitDie)?;
        for attr in root.attrs() {
            match (attr.name(), attr.value()) {
                (gimli::DW_AT_name, v) => name = Some(v),
                (gimli::DW_AT_comp_dir, v) => comp_dir = Some(v),
                (gimli::DW_AT_low_pc, v) => low_pc = Some(v),
                (gimli::DW_AT_str_offsets_base, AttributeValue::DebugStrOffsetsBase(b)) => {
                    unit.str_offsets_base = b
                }
                (gimli::DW_AT_addr_base, AttributeValue::DebugAddrBase(b)) => unit.addr_base = b,
                (gimli::DW_AT_loclists_base, AttributeValue::DebugLocListsBase(b)) => {
                    unit.loclists_base = b
                }
                (gimli::DW_AT_rnglists_base, AttributeValue::DebugRngListsBase(b)) => {
                    unit.rnglists_base = b
                }
                _ => {}
            }
        }
    }
    unit.name = name.and_then(|v| dwarf.attr_string(&unit, v).ok());
    unit.comp_dir = comp_dir.and_then(|v| dwarf.attr_string(&unit, v).ok());
    if let Some(v) = low_pc {
        if let Ok(Some(a)) = dwarf.attr_address(&unit, v) {
            unit.low_pc = a;
        }
    }
    Ok(unit)
}

/// A `gimli::Dwarf` over the section copies (missing sections are empty).
fn load_dwarf(sections: &HashMap<&'static str, Arc<[u8]>>) -> gimli::Dwarf<R> {
    let load = |id: gimli::SectionId| -> Result<R, std::convert::Infallible> {
        let data = sections
            .get(id.name())
            .cloned()
            .unwrap_or_else(|| Arc::from(&[][..]));
        Ok(R::new(data, gimli::LittleEndian))
    };
    match gimli::Dwarf::load(load) {
        Ok(d) => d,
        Err(e) => match e {},
    }
}

/// The DWARF sections a code object may carry.
const ALL_SECTIONS: [gimli::SectionId; 17] = [
    gimli::SectionId::DebugAbbrev,
    gimli::SectionId::DebugAddr,
    gimli::SectionId::DebugAranges,
    gimli::SectionId::DebugFrame,
    gimli::SectionId::DebugInfo,
    gimli::SectionId::DebugLine,
    gimli::SectionId::DebugLineStr,
    gimli::SectionId::DebugLoc,
    gimli::SectionId::DebugLocLists,
    gimli::SectionId::DebugMacinfo,
    gimli::SectionId::DebugMacro,
    gimli::SectionId::DebugRanges,
    gimli::SectionId::DebugRngLists,
    gimli::SectionId::DebugStr,
    gimli::SectionId::DebugStrOffsets,
    gimli::SectionId::DebugTypes,
    gimli::SectionId::DebugCuIndex,
];
