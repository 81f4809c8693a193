//! Source types from DWARF type DIEs (DWARF 5 chapter 5) and formatting of values for display.

use std::collections::HashMap;

/// Index of a type in `Types`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub u32);

/// A member of a structure, union or class.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    pub name: String,
    pub ty: Option<TypeId>,
    /// Byte offset in the object (`DW_AT_data_member_location` constant).
    pub offset: u64,
}

/// DWARF base type encodings used for formatting (DWARF 5 Table 7.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Signed,
    Unsigned,
    SignedChar,
    UnsignedChar,
    Float,
    Boolean,
    Other(u8),
}

#[derive(Clone, Debug, PartialEq)]
pub enum TypeKind {
    Base {
        encoding: Encoding,
        size: u64,
    },
    Pointer {
        pointee: Option<TypeId>,
        size: u64,
    },
    Reference {
        pointee: Option<TypeId>,
        size: u64,
    },
    Const(Option<TypeId>),
    Volatile(Option<TypeId>),
    Restrict(Option<TypeId>),
    Typedef(Option<TypeId>),
    /// `dims`: element counts per dimension, outermost first (`None`: unknown bound). `vector`:
    /// `DW_AT_GNU_vector` (OpenCL/clang vector types such as float4).
    Array {
        elem: Option<TypeId>,
        dims: Vec<Option<u64>>,
        vector: bool,
    },
    Struct {
        keyword: &'static str,
        size: Option<u64>,
        members: Vec<Member>,
    },
    Enum {
        size: u64,
        signed: bool,
        values: Vec<(String, i64)>,
    },
    Function,
    /// A type DIE this model does not describe (size may still be known).
    Unknown {
        size: Option<u64>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct TypeInfo {
    pub name: Option<String>,
    pub kind: TypeKind,
}

/// Arena of the types of one code object.
#[derive(Default, Debug)]
pub struct Types {
    pub(crate) types: Vec<TypeInfo>,
    pub(crate) by_die: HashMap<(u32, u64), TypeId>,
}

/// Elements shown for an array before "...".
const MAX_ELEMENTS: u64 = 200;

impl Types {
    pub fn get(&self, id: TypeId) -> Option<&TypeInfo> {
        self.types.get(id.0 as usize)
    }

    pub fn len(&self) -> usize {
        self.types.len()
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    /// Strip typedefs and cv-qualifiers.
    pub fn strip(&self, mut id: TypeId) -> TypeId {
        for _ in 0..32 {
            match self.get(id).map(|t| &t.kind) {
                Some(TypeKind::Typedef(Some(t)))
                | Some(TypeKind::Const(Some(t)))
                | Some(TypeKind::Volatile(Some(t)))
                | Some(TypeKind::Restrict(Some(t))) => id = *t,
                _ => break,
            }
        }
        id
    }

    /// Size in bytes, when known.
    pub fn size_of(&self, id: TypeId) -> Option<u64> {
        self.size_depth(id, 0)
    }

    fn size_depth(&self, id: TypeId, depth: u32) -> Option<u64> {
        if depth > 32 {
            return None;
        }
        match &self.get(id)?.kind {
            TypeKind::Base { size, .. }
            | TypeKind::Pointer { size, .. }
            | TypeKind::Reference { size, .. }
            | TypeKind::Enum { size, .. } => Some(*size),
            TypeKind::Const(t)
            | TypeKind::Volatile(t)
            | TypeKind::Restrict(t)
            | TypeKind::Typedef(t) => self.size_depth((*t)?, depth + 1),
            TypeKind::Array { elem, dims, .. } => {
                let mut n = self.size_depth((*elem)?, depth + 1)?;
                for d in dims {
                    n = n.checked_mul((*d)?)?;
                }
                Some(n)
            }
            TypeKind::Struct { size, .. } => *size,
            TypeKind::Function => None,
            TypeKind::Unknown { size } => *size,
        }
    }

    /// C spelling of a type: `int`, `const float *`, `float[8]`, `float4`, `params_t`.
    pub fn name(&self, id: TypeId) -> String {
        let (prefix, suffix) = self.declarator(id, 0);
        format!("{prefix}{suffix}")
    }

    fn declarator(&self, id: TypeId, depth: u32) -> (String, String) {
        let Some(t) = self.get(id) else {
            return ("?".into(), String::new());
        };
        if depth > 16 {
            return ("...".into(), String::new());
        }
        let named = |n: &Option<String>, dflt: &str| n.clone().unwrap_or_else(|| dflt.to_string());
        match &t.kind {
            TypeKind::Base { .. } | TypeKind::Typedef(_) | TypeKind::Unknown { .. } => {
                (named(&t.name, "?"), String::new())
            }
            TypeKind::Struct { keyword, .. } => match &t.name {
                Some(n) => (format!("{keyword} {n}"), String::new()),
                None => (format!("{keyword} {{...}}"), String::new()),
            },
            TypeKind::Enum { .. } => (format!("enum {}", named(&t.name, "{...}")), String::new()),
            TypeKind::Function => ("void (...)".into(), String::new()),
            TypeKind::Pointer { pointee, .. } | TypeKind::Reference { pointee, .. } => {
                let star = if matches!(t.kind, TypeKind::Reference { .. }) {
                    "&"
                } else {
                    "*"
                };
                match pointee {
                    None => (format!("void {star}"), String::new()),
                    Some(p) => {
                        let (pre, suf) = self.declarator(*p, depth + 1);
                        if suf.is_empty() {
                            let sep = if pre.ends_with('*') || pre.ends_with('&') {
                                ""
                            } else {
                                " "
                            };
                            (format!("{pre}{sep}{star}"), String::new())
                        } else {
                            (format!("{pre} ({star}"), format!("){suf}"))
                        }
                    }
                }
            }
            TypeKind::Const(inner) | TypeKind::Volatile(inner) | TypeKind::Restrict(inner) => {
                let q = match t.kind {
                    TypeKind::Const(_) => "const",
                    TypeKind::Volatile(_) => "volatile",
                    _ => "restrict",
                };
                match inner {
                    None => (format!("{q} void"), String::new()),
                    Some(i) => {
                        let (pre, suf) = self.declarator(*i, depth + 1);
                        if pre.ends_with('*') {
                            (format!("{pre} {q}"), suf)
                        } else {
                            (format!("{q} {pre}"), suf)
                        }
                    }
                }
            }
            TypeKind::Array { elem, dims, .. } => {
                let (pre, suf) = match elem {
                    Some(e) => self.declarator(*e, depth + 1),
                    None => ("?".into(), String::new()),
                };
                let mut s = String::new();
                for d in dims {
                    match d {
                        Some(n) => s.push_str(&format!("[{n}]")),
                        None => s.push_str("[]"),
                    }
                }
                (pre, format!("{s}{suf}"))
            }
        }
    }

    /// Format a value of type `ty` from its bytes (little-endian) as a debugger prints it: `5`, `1.5`,
    /// `(float *) 0x100000`, `{1, 2, 3}`, `{count = 3, scale = 1.5}`.
    pub fn format_value(&self, ty: Option<TypeId>, bytes: &[u8]) -> String {
        let mut s = String::new();
        match ty {
            Some(t) => self.fmt_value(t, bytes, &mut s, 0),
            None => s.push_str(&format_raw(bytes)),
        }
        s
    }

    fn fmt_value(&self, id: TypeId, bytes: &[u8], out: &mut String, depth: u32) {
        if depth > 16 {
            out.push_str("...");
            return;
        }
        let Some(t) = self.get(id) else {
            out.push_str(&format_raw(bytes));
            return;
        };
        match &t.kind {
            TypeKind::Typedef(Some(i))
            | TypeKind::Const(Some(i))
            | TypeKind::Volatile(Some(i))
            | TypeKind::Restrict(Some(i)) => self.fmt_value(*i, bytes, out, depth + 1),
            TypeKind::Base { encoding, size } => {
                let b = &bytes[..(*size as usize).min(bytes.len())];
                // DWARF gives `__bf16` and `_Float16` the same encoding and size: only the name tells them apart.
                if *encoding == Encoding::Float && b.len() == 2 && self.name(id).contains("bf16") {
                    out.push_str(&format!("{}", half::bf16::from_bits(le(b) as u16)));
                } else {
                    out.push_str(&format_base(*encoding, b));
                }
            }
            TypeKind::Pointer { .. } | TypeKind::Reference { .. } => {
                let v = le(bytes);
                out.push_str(&format!("({}) 0x{v:x}", self.name(id)));
            }
            TypeKind::Enum {
                size,
                signed,
                values,
            } => {
                let b = &bytes[..(*size as usize).min(bytes.len())];
                let v = if *signed { sext(b) } else { le(b) as i64 };
                match values.iter().find(|(_, x)| *x == v) {
                    Some((n, _)) => out.push_str(n),
                    None => out.push_str(&v.to_string()),
                }
            }
            TypeKind::Array { elem, dims, .. } => {
                let Some(elem) = elem else {
                    out.push_str(&format_raw(bytes));
                    return;
                };
                self.fmt_array(*elem, dims, bytes, out, depth);
            }
            TypeKind::Struct { members, .. } => {
                out.push('{');
                for (i, m) in members.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if !m.name.is_empty() {
                        out.push_str(&m.name);
                        out.push_str(" = ");
                    }
                    let size = m.ty.and_then(|t| self.size_of(t)).unwrap_or(0);
                    let start = (m.offset as usize).min(bytes.len());
                    let end = (m.offset.saturating_add(size) as usize).min(bytes.len());
                    match m.ty {
                        Some(t) => self.fmt_value(t, &bytes[start..end], out, depth + 1),
                        None => out.push('?'),
                    }
                }
                out.push('}');
            }
            _ => out.push_str(&format_raw(bytes)),
        }
    }

    fn fmt_array(
        &self,
        elem: TypeId,
        dims: &[Option<u64>],
        bytes: &[u8],
        out: &mut String,
        depth: u32,
    ) {
        let esize = self.size_of(elem).unwrap_or(0);
        let inner: u64 = dims[1..].iter().map(|d| d.unwrap_or(0)).product::<u64>() * esize;
        let count = dims.first().copied().flatten().unwrap_or(0);
        out.push('{');
        for i in 0..count.min(MAX_ELEMENTS) {
            if i > 0 {
                out.push_str(", ");
            }
            let stride = if dims.len() > 1 { inner } else { esize };
            let start = (i.saturating_mul(stride) as usize).min(bytes.len());
            let end = ((i + 1).saturating_mul(stride) as usize).min(bytes.len());
            if dims.len() > 1 {
                self.fmt_array(elem, &dims[1..], &bytes[start..end], out, depth + 1);
            } else {
                self.fmt_value(elem, &bytes[start..end], out, depth + 1);
            }
        }
        if count > MAX_ELEMENTS {
            out.push_str("...");
        }
        out.push('}');
    }
}

fn le(b: &[u8]) -> u64 {
    let mut buf = [0u8; 8];
    let n = b.len().min(8);
    buf[..n].copy_from_slice(&b[..n]);
    u64::from_le_bytes(buf)
}

fn sext(b: &[u8]) -> i64 {
    let n = b.len().min(8);
    if n == 0 {
        return 0;
    }
    let v = le(b);
    let shift = 64 - 8 * n as u32;
    ((v << shift) as i64) >> shift
}

fn format_raw(bytes: &[u8]) -> String {
    if bytes.len() <= 8 {
        format!("0x{:x}", le(bytes))
    } else {
        let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
        format!("<{} bytes: {}>", bytes.len(), hex.join(" "))
    }
}

fn format_base(enc: Encoding, b: &[u8]) -> String {
    match enc {
        Encoding::Float => match b.len() {
            2 => format!("{}", half::f16::from_bits(le(b) as u16)),
            4 => format!("{}", f32::from_bits(le(b) as u32)),
            8 => format!("{}", f64::from_bits(le(b))),
            _ => format_raw(b),
        },
        Encoding::Boolean => (if le(b) != 0 { "true" } else { "false" }).to_string(),
        Encoding::Signed => sext(b).to_string(),
        Encoding::Unsigned => le(b).to_string(),
        Encoding::SignedChar | Encoding::UnsignedChar => {
            let v = if enc == Encoding::SignedChar {
                sext(b)
            } else {
                le(b) as i64
            };
            let c = le(b) as u8;
            if c.is_ascii_graphic() || c == b' ' {
                format!("{v} '{}'", c as char)
            } else {
                format!("{v} '\\{:03o}'", c)
            }
        }
        Encoding::Other(_) => format_raw(b),
    }
}

impl Encoding {
    pub fn from_dwarf(ate: u8) -> Encoding {
        match ate {
            0x02 => Encoding::Boolean,
            0x04 => Encoding::Float,
            0x05 => Encoding::Signed,
            0x06 => Encoding::SignedChar,
            0x07 => Encoding::Unsigned,
            0x08 => Encoding::UnsignedChar,
            0x10 => Encoding::Unsigned, // DW_ATE_UTF
            other => Encoding::Other(other),
        }
    }
}
