//! Functions, lexical scopes, variables and types read from `.debug_info` (DWARF 5 chapters 3-5).

use super::types::{Encoding, Member, TypeId, TypeInfo, TypeKind, Types};
use super::{FileId, Note, SourceLoc, R};
use gimli::{AttributeValue, Reader, UnitOffset};
use std::collections::HashMap;
use std::sync::Arc;

/// DW_CC_LLVM_DeviceKernel: the calling convention clang 22 gives kernels (byte 0xc7 in the fixtures' .debug_info,
/// printed by llvm-dwarfdump-22 as DW_CC_LLVM_DeviceKernel).
const DW_CC_LLVM_DEVICE_KERNEL: u8 = 0xc7;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScopeKind {
    Subprogram,
    Inlined,
    Lexical,
}

/// A variable's location as the DWARF describes it over its whole scope.
#[derive(Clone, Debug)]
pub(crate) enum VarLoc {
    None,
    Expr(Arc<[u8]>),
    /// `[begin, end)` ranges with their expressions.
    List(Vec<(u64, u64, Arc<[u8]>)>),
    Const(Arc<[u8]>),
    /// The location attribute could not be read.
    Bad(String),
}

#[derive(Clone, Debug)]
pub(crate) struct VarDef {
    pub name: Arc<str>,
    pub is_param: bool,
    pub ty: Option<TypeId>,
    pub decl: Option<SourceLoc>,
    pub loc: VarLoc,
    pub unit: u32,
    /// DIE offset of the abstract origin, if any (to find abstract variables without a concrete instance).
    pub origin: Option<u64>,
    /// The concrete function whose frame holds the variable (`None`: unit-level or abstract).
    pub function: Option<u32>,
}

#[derive(Clone, Debug)]
pub(crate) struct Scope {
    pub kind: ScopeKind,
    pub ranges: Vec<(u64, u64)>,
    pub children: Vec<u32>,
    pub vars: Vec<u32>,
    /// Function name for subprograms and inlined subroutines.
    pub name: Option<Arc<str>>,
    /// Index into `functions` of the enclosing concrete subprogram.
    pub function: Option<u32>,
    /// Unit-relative offset of the abstract origin DIE (inlined subroutines, out-of-line instances).
    pub origin: Option<u64>,
    pub unit: u32,
    /// Call site of an inlined subroutine.
    pub call: Option<SourceLoc>,
}

impl Scope {
    pub fn contains(&self, pc: u64) -> bool {
        self.ranges.iter().any(|&(b, e)| b <= pc && pc < e)
    }
}

/// A concrete (out-of-line) function of the code object.
#[derive(Clone, Debug)]
pub struct Function {
    /// `DW_AT_name` (through the abstract origin): `apply_poly`, `__clang_ocl_kern_imp_apply_poly` has this
    /// name too.
    pub name: Arc<str>,
    /// `DW_AT_linkage_name`, if any (`__clang_ocl_kern_imp_apply_poly`, `_Z9HistogramPjS_jj`).
    pub linkage_name: Option<Arc<str>>,
    /// Address ranges `[begin, end)`.
    pub ranges: Vec<(u64, u64)>,
    /// Lowest address (the entry point for clang's functions).
    pub entry: u64,
    pub decl: Option<SourceLoc>,
    /// Calling convention `DW_CC_LLVM_DeviceKernel`.
    pub is_kernel: bool,
    /// First address after the prologue: the first row flagged `prologue_end` in the function, else the
    /// address of the second distinct line (gdb's rule), else the entry.
    pub prologue_end: u64,
    pub(crate) frame_base: Option<Arc<[u8]>>,
    pub(crate) scope: u32,
}

impl Function {
    pub fn contains(&self, pc: u64) -> bool {
        self.ranges.iter().any(|&(b, e)| b <= pc && pc < e)
    }
}

/// Per-unit facts evaluation needs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct UnitInfo {
    pub encoding: gimli::Encoding,
    pub addr_base: u64,
}

#[derive(Default)]
pub(crate) struct Model {
    pub functions: Vec<Function>,
    pub scopes: Vec<Scope>,
    pub vars: Vec<VarDef>,
    /// Unit-relative DIE offset of each variable.
    pub var_offsets: Vec<u64>,
    /// Variables at compilation-unit level (LDS and global variables): always in scope.
    pub globals: Vec<u32>,
    pub types: Types,
    pub units: Vec<UnitInfo>,
    /// (unit, abstract DIE offset) -> its direct variable children, for abstract variables without a concrete
    /// instance in an inlined or out-of-line copy (shown as optimized out).
    pub abstract_vars: HashMap<(u32, u64), Vec<u32>>,
}

/// Attribute values looked up through `DW_AT_abstract_origin` / `DW_AT_specification`.
struct Origin<'a> {
    unit: gimli::UnitRef<'a, R>,
}

impl Origin<'_> {
    /// The value of `at` on `die` or, failing that, on the DIEs it names by abstract origin or specification.
    fn attr(
        &self,
        die: &gimli::DebuggingInformationEntry<R>,
        at: gimli::DwAt,
    ) -> Option<AttributeValue<R>> {
        if let Some(v) = die.attr_value(at) {
            return Some(v);
        }
        let mut off = origin_of(die)?;
        for _ in 0..8 {
            let d = self.unit.entry(off).ok()?;
            if let Some(v) = d.attr_value(at) {
                return Some(v);
            }
            off = origin_of(&d)?;
        }
        None
    }

    fn string(
        &self,
        die: &gimli::DebuggingInformationEntry<R>,
        at: gimli::DwAt,
    ) -> Option<Arc<str>> {
        let v = self.attr(die, at)?;
        let s = self.unit.attr_string(v).ok()?;
        let s = s.to_string_lossy().ok()?;
        Some(Arc::from(s.as_ref()))
    }
}

fn origin_of(die: &gimli::DebuggingInformationEntry<R>) -> Option<UnitOffset<usize>> {
    for at in [gimli::DW_AT_abstract_origin, gimli::DW_AT_specification] {
        if let Some(AttributeValue::UnitRef(o)) = die.attr_value(at) {
            return Some(o);
        }
    }
    None
}

fn udata(v: &AttributeValue<R>) -> Option<u64> {
    match *v {
        AttributeValue::Data1(x) => Some(x as u64),
        AttributeValue::Data2(x) => Some(x as u64),
        AttributeValue::Data4(x) => Some(x as u64),
        AttributeValue::Data8(x) => Some(x),
        AttributeValue::Udata(x) => Some(x),
        AttributeValue::Sdata(x) if x >= 0 => Some(x as u64),
        // gimli reads DW_AT_decl_file / DW_AT_call_file as a file index.
        AttributeValue::FileIndex(x) => Some(x),
        _ => None,
    }
}

fn sdata(v: &AttributeValue<R>) -> Option<i64> {
    match *v {
        AttributeValue::Sdata(x) => Some(x),
        AttributeValue::Data1(x) => Some(x as i8 as i64),
        AttributeValue::Data2(x) => Some(x as i16 as i64),
        AttributeValue::Data4(x) => Some(x as i32 as i64),
        AttributeValue::Data8(x) => Some(x as i64),
        AttributeValue::Udata(x) => Some(x as i64),
        _ => None,
    }
}

fn bytes_of(r: &R) -> Option<Arc<[u8]>> {
    r.to_slice().ok().map(|c| Arc::from(c.as_ref()))
}

impl Model {
    /// Read the DIE tree of one unit. Errors inside the unit add a note and keep what was read.
    pub fn add_unit(
        &mut self,
        unit: gimli::UnitRef<'_, R>,
        unit_no: u32,
        files: &[FileId],
        notes: &mut Vec<Note>,
    ) {
        self.units.push(UnitInfo {
            encoding: unit.encoding(),
            addr_base: unit.addr_base.0 as u64,
        });
        if let Err(e) = self.walk(unit, unit_no, files) {
            notes.push(Note::new(format!(
                "debug info of unit {unit_no} is damaged ({e}); variables and functions past it are missing"
            )));
        }
    }

    fn walk(
        &mut self,
        unit: gimli::UnitRef<'_, R>,
        unit_no: u32,
        files: &[FileId],
    ) -> gimli::Result<()> {
        let o = Origin { unit };
        let mut cursor = unit.entries();
        // (depth, scope index or None for DIEs that are not scopes, abstract DIE offset collecting variables)
        let mut stack: Vec<(isize, Option<u32>, Option<u64>)> = Vec::new();
        let mut steps = 0usize;
        while let Some(die) = cursor.next_dfs()? {
            steps += 1;
            if steps > 10_000_000 {
                break;
            }
            let depth = die.depth();
            while stack.last().is_some_and(|&(d, _, _)| d >= depth) {
                stack.pop();
            }
            let parent_scope = stack.iter().rev().find_map(|&(_, s, _)| s);
            let parent_abstract = stack.last().and_then(|&(_, _, a)| a);
            let off = die.offset().0 as u64;
            let tag = die.tag();
            match tag {
                gimli::DW_TAG_subprogram
                | gimli::DW_TAG_inlined_subroutine
                | gimli::DW_TAG_lexical_block => {
                    let ranges = die_ranges(unit, die);
                    let concrete = !ranges.is_empty();
                    let kind = match tag {
                        gimli::DW_TAG_subprogram => ScopeKind::Subprogram,
                        gimli::DW_TAG_inlined_subroutine => ScopeKind::Inlined,
                        _ => ScopeKind::Lexical,
                    };
                    // A subprogram without addresses is abstract (or a declaration); an inlined subroutine or
                    // block inside an abstract tree is abstract too.
                    let inside_concrete = parent_scope.is_some() || kind == ScopeKind::Subprogram;
                    if concrete && inside_concrete {
                        let idx = self.scopes.len() as u32;
                        let name = if kind == ScopeKind::Lexical {
                            None
                        } else {
                            o.string(die, gimli::DW_AT_linkage_name)
                                .or_else(|| o.string(die, gimli::DW_AT_name))
                        };
                        let call = if kind == ScopeKind::Inlined {
                            let file = die
                                .attr_value(gimli::DW_AT_call_file)
                                .and_then(|v| udata(&v))
                                .and_then(|i| files.get(i as usize).copied());
                            let line = die
                                .attr_value(gimli::DW_AT_call_line)
                                .and_then(|v| udata(&v));
                            let col = die
                                .attr_value(gimli::DW_AT_call_column)
                                .and_then(|v| udata(&v));
                            file.map(|f| SourceLoc {
                                file: f,
                                line: line.unwrap_or(0) as u32,
                                column: col.unwrap_or(0) as u32,
                            })
                        } else {
                            None
                        };
                        let mut function =
                            parent_scope.and_then(|p| self.scopes[p as usize].function);
                        if kind == ScopeKind::Subprogram {
                            let fidx = self.functions.len() as u32;
                            let frame_base = match die.attr_value(gimli::DW_AT_frame_base) {
                                Some(AttributeValue::Exprloc(e)) => bytes_of(&e.0),
                                _ => None,
                            };
                            let cc = die.attr_value(gimli::DW_AT_calling_convention).and_then(
                                |v| match v {
                                    AttributeValue::CallingConvention(cc) => Some(cc.0 as u64),
                                    other => udata(&other),
                                },
                            );
                            self.functions.push(Function {
                                name: o
                                    .string(die, gimli::DW_AT_name)
                                    .or_else(|| o.string(die, gimli::DW_AT_linkage_name))
                                    .unwrap_or_else(|| Arc::from("??")),
                                linkage_name: o.string(die, gimli::DW_AT_linkage_name),
                                entry: ranges.iter().map(|r| r.0).min().unwrap_or(0),
                                ranges: ranges.clone(),
                                decl: decl(&o, die, files),
                                is_kernel: cc == Some(DW_CC_LLVM_DEVICE_KERNEL as u64),
                                prologue_end: 0,
                                frame_base,
                                scope: idx,
                            });
                            function = Some(fidx);
                        }
                        self.scopes.push(Scope {
                            kind,
                            ranges,
                            children: Vec::new(),
                            vars: Vec::new(),
                            name,
                            function,
                            origin: origin_of(die).map(|x| x.0 as u64),
                            unit: unit_no,
                            call,
                        });
                        if let Some(p) = parent_scope {
                            self.scopes[p as usize].children.push(idx);
                        }
                        stack.push((depth, Some(idx), Some(off)));
                    } else {
                        // Abstract scope: remember its variables by DIE offset.
                        stack.push((depth, None, Some(off)));
                    }
                }
                gimli::DW_TAG_variable | gimli::DW_TAG_formal_parameter => {
                    let in_cu = depth == 1;
                    if parent_scope.is_none() && parent_abstract.is_none() && !in_cu {
                        stack.push((depth, None, None));
                        continue;
                    }
                    let Some(name) = o.string(die, gimli::DW_AT_name) else {
                        stack.push((depth, None, None));
                        continue;
                    };
                    let ty = match o.attr(die, gimli::DW_AT_type) {
                        Some(AttributeValue::UnitRef(t)) => {
                            Some(self.intern_type(unit, unit_no, t, 0))
                        }
                        _ => None,
                    };
                    let loc = var_loc(unit, die);
                    let vidx = self.vars.len() as u32;
                    self.var_offsets.push(off);
                    self.vars.push(VarDef {
                        name,
                        is_param: tag == gimli::DW_TAG_formal_parameter,
                        ty,
                        decl: decl(&o, die, files),
                        loc,
                        unit: unit_no,
                        origin: origin_of(die).map(|x| x.0 as u64),
                        function: parent_scope.and_then(|p| self.scopes[p as usize].function),
                    });
                    let direct_parent = stack.last().map(|&(_, s, a)| (s, a));
                    match direct_parent {
                        _ if in_cu => self.globals.push(vidx),
                        Some((Some(s), a)) => {
                            self.scopes[s as usize].vars.push(vidx);
                            if let Some(a) = a {
                                self.abstract_vars
                                    .entry((unit_no, a))
                                    .or_default()
                                    .push(vidx);
                            }
                        }
                        Some((None, Some(a))) => {
                            self.abstract_vars
                                .entry((unit_no, a))
                                .or_default()
                                .push(vidx);
                        }
                        _ => {}
                    }
                    stack.push((depth, None, None));
                }
                _ => stack.push((depth, None, None)),
            }
        }
        Ok(())
    }

    /// Intern the type DIE at `off` of `unit` (recursively; cycles through pointers end at the placeholder).
    fn intern_type(
        &mut self,
        unit: gimli::UnitRef<'_, R>,
        unit_no: u32,
        off: UnitOffset<usize>,
        depth: u32,
    ) -> TypeId {
        let key = (unit_no, off.0 as u64);
        if let Some(id) = self.types.by_die.get(&key) {
            return *id;
        }
        let id = TypeId(self.types.types.len() as u32);
        self.types.types.push(TypeInfo {
            name: None,
            kind: TypeKind::Unknown { size: None },
        });
        self.types.by_die.insert(key, id);
        if depth > 64 {
            return id;
        }
        let Ok(die) = unit.entry(off) else {
            return id;
        };
        let name = die
            .attr_value(gimli::DW_AT_name)
            .and_then(|v| unit.attr_string(v).ok())
            .and_then(|s| s.to_string_lossy().ok().map(|c| c.into_owned()));
        let size = die
            .attr_value(gimli::DW_AT_byte_size)
            .and_then(|v| udata(&v));
        let sub = |this: &mut Model, die: &gimli::DebuggingInformationEntry<R>| match die
            .attr_value(gimli::DW_AT_type)
        {
            Some(AttributeValue::UnitRef(t)) => Some(this.intern_type(unit, unit_no, t, depth + 1)),
            _ => None,
        };
        let kind = match die.tag() {
            gimli::DW_TAG_base_type => {
                let enc = die
                    .attr_value(gimli::DW_AT_encoding)
                    .and_then(|v| match v {
                        AttributeValue::Encoding(e) => Some(e.0),
                        other => udata(&other).map(|x| x as u8),
                    })
                    .unwrap_or(0);
                TypeKind::Base {
                    encoding: Encoding::from_dwarf(enc),
                    size: size.unwrap_or(0),
                }
            }
            gimli::DW_TAG_pointer_type => TypeKind::Pointer {
                pointee: sub(self, &die),
                size: size.unwrap_or(8),
            },
            gimli::DW_TAG_reference_type | gimli::DW_TAG_rvalue_reference_type => {
                TypeKind::Reference {
                    pointee: sub(self, &die),
                    size: size.unwrap_or(8),
                }
            }
            gimli::DW_TAG_const_type => TypeKind::Const(sub(self, &die)),
            gimli::DW_TAG_volatile_type => TypeKind::Volatile(sub(self, &die)),
            gimli::DW_TAG_restrict_type => TypeKind::Restrict(sub(self, &die)),
            gimli::DW_TAG_typedef => TypeKind::Typedef(sub(self, &die)),
            gimli::DW_TAG_subroutine_type => TypeKind::Function,
            gimli::DW_TAG_array_type => {
                let elem = sub(self, &die);
                let vector = matches!(
                    die.attr_value(gimli::DW_AT_GNU_vector),
                    Some(AttributeValue::Flag(true))
                );
                let mut dims = Vec::new();
                if let Ok(mut tree) = unit.entries_tree(Some(off)) {
                    if let Ok(root) = tree.root() {
                        let mut children = root.children();
                        while let Ok(Some(child)) = children.next() {
                            let c = child.entry();
                            if c.tag() != gimli::DW_TAG_subrange_type {
                                continue;
                            }
                            let count = c
                                .attr_value(gimli::DW_AT_count)
                                .and_then(|v| udata(&v))
                                .or_else(|| {
                                    let ub = c
                                        .attr_value(gimli::DW_AT_upper_bound)
                                        .and_then(|v| sdata(&v))?;
                                    let lb = c
                                        .attr_value(gimli::DW_AT_lower_bound)
                                        .and_then(|v| sdata(&v))
                                        .unwrap_or(0);
                                    u64::try_from(ub - lb + 1).ok()
                                });
                            dims.push(count);
                            if dims.len() > 16 {
                                break;
                            }
                        }
                    }
                }
                if dims.is_empty() {
                    dims.push(None);
                }
                TypeKind::Array { elem, dims, vector }
            }
            tag @ (gimli::DW_TAG_structure_type
            | gimli::DW_TAG_union_type
            | gimli::DW_TAG_class_type) => {
                let keyword = match tag {
                    gimli::DW_TAG_union_type => "union",
                    gimli::DW_TAG_class_type => "class",
                    _ => "struct",
                };
                let mut members = Vec::new();
                let mut member_dies = Vec::new();
                if let Ok(mut tree) = unit.entries_tree(Some(off)) {
                    if let Ok(root) = tree.root() {
                        let mut children = root.children();
                        while let Ok(Some(child)) = children.next() {
                            let c = child.entry();
                            if c.tag() == gimli::DW_TAG_member
                                && c.attr_value(gimli::DW_AT_external).is_none()
                                && members.len() < 4096
                            {
                                member_dies.push(c.clone());
                            }
                        }
                    }
                }
                for c in member_dies {
                    let mname = c
                        .attr_value(gimli::DW_AT_name)
                        .and_then(|v| unit.attr_string(v).ok())
                        .and_then(|s| s.to_string_lossy().ok().map(|c| c.into_owned()))
                        .unwrap_or_default();
                    let mty = sub(self, &c);
                    let offset = c
                        .attr_value(gimli::DW_AT_data_member_location)
                        .and_then(|v| udata(&v))
                        .unwrap_or(0);
                    members.push(Member {
                        name: mname,
                        ty: mty,
                        offset,
                    });
                }
                TypeKind::Struct {
                    keyword,
                    size,
                    members,
                }
            }
            gimli::DW_TAG_enumeration_type => {
                let under = sub(self, &die);
                let signed = under
                    .and_then(|u| self.types.get(self.types.strip(u)))
                    .is_some_and(|t| {
                        matches!(
                            t.kind,
                            TypeKind::Base {
                                encoding: Encoding::Signed,
                                ..
                            }
                        )
                    });
                let mut values = Vec::new();
                if let Ok(mut tree) = unit.entries_tree(Some(off)) {
                    if let Ok(root) = tree.root() {
                        let mut children = root.children();
                        while let Ok(Some(child)) = children.next() {
                            let c = child.entry();
                            if c.tag() != gimli::DW_TAG_enumerator || values.len() >= 4096 {
                                continue;
                            }
                            let n = c
                                .attr_value(gimli::DW_AT_name)
                                .and_then(|v| unit.attr_string(v).ok())
                                .and_then(|s| s.to_string_lossy().ok().map(|c| c.into_owned()))
                                .unwrap_or_default();
                            let v = c
                                .attr_value(gimli::DW_AT_const_value)
                                .and_then(|v| sdata(&v))
                                .unwrap_or(0);
                            values.push((n, v));
                        }
                    }
                }
                TypeKind::Enum {
                    size: size.unwrap_or(4),
                    signed,
                    values,
                }
            }
            _ => TypeKind::Unknown { size },
        };
        self.types.types[id.0 as usize] = TypeInfo { name, kind };
        id
    }
}

fn decl(
    o: &Origin<'_>,
    die: &gimli::DebuggingInformationEntry<R>,
    files: &[FileId],
) -> Option<SourceLoc> {
    let file = o
        .attr(die, gimli::DW_AT_decl_file)
        .and_then(|v| udata(&v))?;
    let line = o
        .attr(die, gimli::DW_AT_decl_line)
        .and_then(|v| udata(&v))
        .unwrap_or(0);
    Some(SourceLoc {
        file: files.get(file as usize).copied().unwrap_or(FileId::NONE),
        line: line.min(u32::MAX as u64) as u32,
        column: 0,
    })
}

/// `[begin, end)` ranges of a scope DIE (`DW_AT_low_pc`/`DW_AT_high_pc` or `DW_AT_ranges`).
fn die_ranges(
    unit: gimli::UnitRef<'_, R>,
    die: &gimli::DebuggingInformationEntry<R>,
) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    if let Ok(mut it) = unit.die_ranges(die) {
        while let Ok(Some(r)) = it.next() {
            if r.begin < r.end {
                out.push((r.begin, r.end));
            }
            if out.len() > 100_000 {
                break;
            }
        }
    }
    out
}

fn var_loc(unit: gimli::UnitRef<'_, R>, die: &gimli::DebuggingInformationEntry<R>) -> VarLoc {
    if let Some(v) = die.attr_value(gimli::DW_AT_const_value) {
        let bytes: Option<Arc<[u8]>> = match v {
            AttributeValue::Block(b) => bytes_of(&b),
            AttributeValue::Sdata(x) => Some(Arc::from(&x.to_le_bytes()[..])),
            AttributeValue::Udata(x) | AttributeValue::Data8(x) => {
                Some(Arc::from(&x.to_le_bytes()[..]))
            }
            AttributeValue::Data1(x) => Some(Arc::from(&[x][..])),
            AttributeValue::Data2(x) => Some(Arc::from(&x.to_le_bytes()[..])),
            AttributeValue::Data4(x) => Some(Arc::from(&x.to_le_bytes()[..])),
            _ => None,
        };
        if let Some(b) = bytes {
            return VarLoc::Const(b);
        }
    }
    let Some(v) = die.attr_value(gimli::DW_AT_location) else {
        return VarLoc::None;
    };
    match v {
        AttributeValue::Exprloc(e) => match bytes_of(&e.0) {
            Some(b) => VarLoc::Expr(b),
            None => VarLoc::Bad("unreadable expression".into()),
        },
        other => match unit.attr_locations(other) {
            Ok(Some(mut it)) => {
                let mut list = Vec::new();
                loop {
                    match it.next() {
                        Ok(Some(e)) => {
                            if let Some(b) = bytes_of(&e.data.0) {
                                list.push((e.range.begin, e.range.end, b));
                            }
                            if list.len() > 100_000 {
                                break;
                            }
                        }
                        Ok(None) => break,
                        Err(err) => return VarLoc::Bad(format!("location list: {err}")),
                    }
                }
                VarLoc::List(list)
            }
            Ok(None) => VarLoc::Bad("location attribute of an unexpected form".into()),
            Err(err) => VarLoc::Bad(format!("location list: {err}")),
        },
    }
}
