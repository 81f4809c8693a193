//! The dispatch manifest (docs/manifest.md): one kernel launch written down.
//!
//! Parsed with serde into typed structs (`Raw*`, one per argument `kind`), then a validation pass turns them into
//! [`Manifest`]. Every error names its key path (`args[2].count`) and says what was expected and what was found.
//! Unknown keys are ignored (the design doc lets producers add their own, e.g. `origin`, `notes`).
//!
//! Sizes are bounded before anything is allocated or read: element counts with checked arithmetic against the
//! emulated-memory limit ([`memory_limit`], `--memory-limit`), files stat'ed first (regular files only, exact
//! size), the launch shape against [`MAX_WAVES`].

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Default emulated-memory limit for all buffers of one dispatch together.
pub const DEFAULT_MEMORY_LIMIT: u64 = 16 << 30;
/// Largest manifest file read.
pub const MAX_MANIFEST_BYTES: u64 = 16 << 20;
/// Largest raw by-value argument (`{"kind":"scalar","file":...}`): the kernarg segment is far smaller.
pub const MAX_SCALAR_FILE_BYTES: u64 = 64 << 10;
/// Most waves in one dispatch: wave ids are 32-bit (`WaveId::wave`).
pub const MAX_WAVES: u64 = 1 << 31;
/// gfx950 LDS per work-group (state.md Table 2).
pub const LDS_LIMIT: u64 = 160 * 1024;
/// Explicit buffer addresses (`"address"`) are aligned like the runtime's allocations.
pub const ADDRESS_ALIGN: u64 = 256;

static MEMORY_LIMIT: AtomicU64 = AtomicU64::new(DEFAULT_MEMORY_LIMIT);

/// The emulated-memory limit in force (bytes, all buffers of a dispatch together).
pub fn memory_limit() -> u64 {
    MEMORY_LIMIT.load(Ordering::Relaxed)
}

/// Set the emulated-memory limit (the CLI's `--memory-limit`), for every manifest loaded afterwards.
pub fn set_memory_limit(bytes: u64) {
    MEMORY_LIMIT.store(bytes, Ordering::Relaxed);
}

/// `16 GiB`, `64 EiB`, `1.5 MiB`, `300 bytes`.
pub fn fmt_bytes(n: u128) -> String {
    const UNITS: [&str; 7] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if n < 1024 {
        return format!("{n} bytes");
    }
    let mut v = n as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if v >= 1024.0 {
        // past EiB: say it in EiB anyway
        return format!("{:.0} EiB", v);
    }
    if (v - v.round()).abs() < 0.05 {
        format!("{:.0} {}", v, UNITS[u])
    } else {
        format!("{:.1} {}", v, UNITS[u])
    }
}

/// Parse a size with an optional binary suffix: `16G`, `512M`, `4096`, `1T`, `16GiB`.
pub fn parse_size(s: &str) -> Result<u64, String> {
    let t = s.trim();
    let t = t
        .strip_suffix("iB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(t);
    let (num, shift) = match t.char_indices().last() {
        Some((i, 'K' | 'k')) => (&t[..i], 10),
        Some((i, 'M' | 'm')) => (&t[..i], 20),
        Some((i, 'G' | 'g')) => (&t[..i], 30),
        Some((i, 'T' | 't')) => (&t[..i], 40),
        _ => (t, 0),
    };
    let n: u64 = num
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a size (write e.g. 16G, 512M or 4096)"))?;
    n.checked_mul(1u64 << shift)
        .ok_or_else(|| format!("`{s}` is too large"))
}

/// Read an input file whose size is known in advance: stat first (a regular file, exactly `expected` bytes, or
/// at most `max` bytes when `expected` is None), then read at most that many bytes. `/dev/zero`, a FIFO or a
/// directory are refused before a byte is read.
pub fn read_bounded(path: &Path, expected: Option<u64>, max: u64) -> Result<Vec<u8>, String> {
    let size = stat_regular(path)?;
    match expected {
        Some(e) if size != e => {
            return Err(format!(
                "{} has {size} bytes, expected exactly {e}",
                path.display()
            ))
        }
        None if size > max => {
            return Err(format!(
                "{} has {size} bytes, more than the {} allowed",
                path.display(),
                fmt_bytes(max as u128)
            ))
        }
        _ => {}
    }
    let want = expected.unwrap_or(size);
    let mut buf = Vec::new();
    buf.try_reserve_exact(want as usize).map_err(|_| {
        format!(
            "cannot allocate {} to read {}",
            fmt_bytes(want as u128),
            path.display()
        )
    })?;
    let f =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    // One byte more than expected, so a file that grew since the stat is noticed, not read whole.
    f.take(want + 1)
        .read_to_end(&mut buf)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if buf.len() as u64 != want {
        return Err(format!(
            "{} changed while being read ({} bytes, expected {want})",
            path.display(),
            buf.len()
        ));
    }
    Ok(buf)
}

/// The size of `path` if it is a regular file (symlinks followed), else an error saying what it is.
pub fn stat_regular(path: &Path) -> Result<u64, String> {
    let md = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if md.is_dir() {
        return Err(format!("{} is a directory, not a file", path.display()));
    }
    if !md.is_file() {
        return Err(format!(
            "{} is not a regular file (a device, FIFO or socket cannot be read to a known size)",
            path.display()
        ));
    }
    Ok(md.len())
}
/// Element types of buffers, scalars and outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Dtype {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F16,
    Bf16,
    F32,
    F64,
}

impl Dtype {
    pub fn parse(s: &str) -> Option<Dtype> {
        Some(match s {
            "i8" => Dtype::I8,
            "u8" => Dtype::U8,
            "i16" => Dtype::I16,
            "u16" => Dtype::U16,
            "i32" => Dtype::I32,
            "u32" => Dtype::U32,
            "i64" => Dtype::I64,
            "u64" => Dtype::U64,
            "f16" => Dtype::F16,
            "bf16" => Dtype::Bf16,
            "f32" => Dtype::F32,
            "f64" => Dtype::F64,
            _ => return None,
        })
    }
    pub fn size(self) -> usize {
        match self {
            Dtype::I8 | Dtype::U8 => 1,
            Dtype::I16 | Dtype::U16 | Dtype::F16 | Dtype::Bf16 => 2,
            Dtype::I32 | Dtype::U32 | Dtype::F32 => 4,
            Dtype::I64 | Dtype::U64 | Dtype::F64 => 8,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Dtype::I8 => "i8",
            Dtype::U8 => "u8",
            Dtype::I16 => "i16",
            Dtype::U16 => "u16",
            Dtype::I32 => "i32",
            Dtype::U32 => "u32",
            Dtype::I64 => "i64",
            Dtype::U64 => "u64",
            Dtype::F16 => "f16",
            Dtype::Bf16 => "bf16",
            Dtype::F32 => "f32",
            Dtype::F64 => "f64",
        }
    }
    pub fn is_float(self) -> bool {
        matches!(self, Dtype::F16 | Dtype::Bf16 | Dtype::F32 | Dtype::F64)
    }
    /// Element `i` of little-endian `bytes` as f64 (exact for every dtype but i64/u64 beyond 2^53).
    pub fn element(self, bytes: &[u8], i: usize) -> f64 {
        let s = self.size();
        let b = &bytes[i * s..i * s + s];
        match self {
            Dtype::I8 => b[0] as i8 as f64,
            Dtype::U8 => b[0] as f64,
            Dtype::I16 => i16::from_le_bytes([b[0], b[1]]) as f64,
            Dtype::U16 => u16::from_le_bytes([b[0], b[1]]) as f64,
            Dtype::I32 => i32::from_le_bytes(b.try_into().unwrap()) as f64,
            Dtype::U32 => u32::from_le_bytes(b.try_into().unwrap()) as f64,
            Dtype::I64 => i64::from_le_bytes(b.try_into().unwrap()) as f64,
            Dtype::U64 => u64::from_le_bytes(b.try_into().unwrap()) as f64,
            Dtype::F16 => half::f16::from_bits(u16::from_le_bytes([b[0], b[1]])).to_f32() as f64,
            Dtype::Bf16 => f32::from_bits((u16::from_le_bytes([b[0], b[1]]) as u32) << 16) as f64,
            Dtype::F32 => f32::from_le_bytes(b.try_into().unwrap()) as f64,
            Dtype::F64 => f64::from_le_bytes(b.try_into().unwrap()),
        }
    }
    /// Raw integer bits of element `i` (for exact comparison of integer dtypes).
    pub fn bits(self, bytes: &[u8], i: usize) -> u64 {
        let s = self.size();
        let mut b = [0u8; 8];
        b[..s].copy_from_slice(&bytes[i * s..i * s + s]);
        u64::from_le_bytes(b)
    }
}

/// How a buffer without a file is filled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fill {
    Zero,
    /// Every element set to this value (`"fill": 1.5`).
    Value(f64),
}

#[derive(Clone, Debug, PartialEq)]
pub enum ArgSpec {
    Buffer {
        file: Option<PathBuf>,
        dtype: Dtype,
        count: usize,
        fill: Fill,
        /// `"address"`: place the buffer at exactly this device address (256-byte aligned, checked for
        /// overlap); None places it as the runtime would.
        address: Option<u64>,
        /// `"offset"`: the kernarg slot gets the buffer's address plus this many bytes (a pointer into an
        /// allocation, as a tensor view or `p + n` is); at most the buffer's size. 0 by default.
        offset: u64,
    },
    /// `{"kind": "pointer", "arg": J, "offset": N}`: a pointer `N` bytes into the buffer of an earlier argument
    /// `J` (two arguments in one allocation: views of one tensor, `dm` and `dm + 32`).
    Pointer {
        arg: usize,
        offset: u64,
    },
    /// OpenCL `__local` pointer argument: a dynamic LDS region of `bytes`.
    Local {
        bytes: u32,
    },
    /// `{"kind": "null"}`: a pointer argument passed as a null pointer (a kernel's optional input, such as a
    /// residual or bias it skips when null); nothing is mapped for it.
    Null,
    /// `{"kind": "global", "symbol": "accum", "offset": N}`: a pointer `N` bytes into a `__device__` or
    /// `__constant__` variable of the code object (what `hipGetSymbolAddress` gives a program), which is
    /// mapped with its segment at its own address; nothing else is mapped for it.
    Global {
        symbol: String,
        offset: u64,
    },
    Scalar {
        dtype: Dtype,
        value: ScalarValue,
    },
    /// A by-value argument wider than one scalar (a struct or an array in a struct), written as its raw
    /// little-endian kernarg bytes: `{"kind":"scalar","dtype":"f32","value":[1.5, 2.0, ...]}` (each element
    /// as `dtype`) or `{"kind":"scalar","file":"arg.bin"}` (the bytes of the slot). Its length must equal the
    /// argument's `.size`.
    Bytes {
        bytes: Vec<u8>,
    },
}

impl ArgSpec {
    /// Bytes of a buffer argument (count × element size), None for other kinds. Validated to fit in u64.
    pub fn buffer_bytes(&self) -> Option<u64> {
        match self {
            ArgSpec::Buffer { dtype, count, .. } => Some(*count as u64 * dtype.size() as u64),
            _ => None,
        }
    }
}

/// A scalar argument's value, kept exact for 64-bit integers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScalarValue {
    Int(i128),
    Float(f64),
}

impl ScalarValue {
    /// Little-endian bytes of this value as `dtype`, wrapping or rounding what does not fit (use
    /// [`ScalarValue::encode`] to refuse that instead).
    pub fn to_bytes(self, dtype: Dtype) -> Vec<u8> {
        let (i, f) = match self {
            ScalarValue::Int(i) => (i, i as f64),
            ScalarValue::Float(f) => (f as i128, f),
        };
        match dtype {
            Dtype::I8 | Dtype::U8 => vec![i as u8],
            Dtype::I16 | Dtype::U16 => (i as u16).to_le_bytes().to_vec(),
            Dtype::I32 | Dtype::U32 => (i as u32).to_le_bytes().to_vec(),
            Dtype::I64 | Dtype::U64 => (i as u64).to_le_bytes().to_vec(),
            Dtype::F16 => half::f16::from_f64(f).to_bits().to_le_bytes().to_vec(),
            Dtype::Bf16 => half::bf16::from_f64(f).to_bits().to_le_bytes().to_vec(),
            Dtype::F32 => (f as f32).to_le_bytes().to_vec(),
            Dtype::F64 => f.to_le_bytes().to_vec(),
        }
    }

    /// The bytes of this value as `dtype`, or why it does not fit: an integer out of the dtype's range (negative
    /// for an unsigned one), a fraction for an integer dtype, a value that becomes infinite as f16/bf16/f32.
    pub fn encode(self, dtype: Dtype) -> Result<Vec<u8>, String> {
        let range: Option<(i128, i128)> = match dtype {
            Dtype::I8 => Some((i8::MIN as i128, i8::MAX as i128)),
            Dtype::U8 => Some((0, u8::MAX as i128)),
            Dtype::I16 => Some((i16::MIN as i128, i16::MAX as i128)),
            Dtype::U16 => Some((0, u16::MAX as i128)),
            Dtype::I32 => Some((i32::MIN as i128, i32::MAX as i128)),
            Dtype::U32 => Some((0, u32::MAX as i128)),
            Dtype::I64 => Some((i64::MIN as i128, i64::MAX as i128)),
            Dtype::U64 => Some((0, u64::MAX as i128)),
            _ => None,
        };
        match (self, range) {
            (ScalarValue::Int(i), Some((lo, hi))) => {
                if i < lo || i > hi {
                    return Err(format!(
                        "{i} does not fit in {} ({lo} to {hi})",
                        dtype.name()
                    ));
                }
            }
            (ScalarValue::Float(f), Some(_)) => {
                return Err(format!(
                    "{f:?} is not an integer but the dtype is {}",
                    dtype.name()
                ))
            }
            (v, None) => {
                let f = match v {
                    ScalarValue::Int(i) => i as f64,
                    ScalarValue::Float(f) => f,
                };
                let back = match dtype {
                    Dtype::F16 => half::f16::from_f64(f).to_f64(),
                    Dtype::Bf16 => half::bf16::from_f64(f).to_f64(),
                    Dtype::F32 => f as f32 as f64,
                    _ => f,
                };
                if f.is_finite() && !back.is_finite() {
                    return Err(format!(
                        "{f:?} is out of range for {} (it would become infinite)",
                        dtype.name()
                    ));
                }
            }
        }
        Ok(self.to_bytes(dtype))
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct OutputSpec {
    /// The buffer compared: a buffer argument's index, or for a memory region (`memory`) the number of
    /// arguments plus its index (the dispatch maps the regions after the arguments).
    pub arg_index: usize,
    /// The memory region compared (`"memory": k`), if the output names one.
    pub memory: Option<usize>,
    pub file: PathBuf,
    pub dtype: Dtype,
    pub count: usize,
    pub rtol: f64,
    pub atol: f64,
}

impl OutputSpec {
    /// Bytes the expected file must have.
    pub fn bytes(&self) -> u64 {
        self.count as u64 * self.dtype.size() as u64
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Manifest {
    /// The manifest file (errors name it).
    pub path: PathBuf,
    pub code_object: PathBuf,
    pub kernel: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub lds_dynamic_bytes: Option<u32>,
    pub args: Vec<ArgSpec>,
    pub outputs: Vec<OutputSpec>,
    /// Launched as `hipLaunchCooperativeKernel` does: every work-group resident at once and the global wave sync
    /// unit given to the dispatch (grid-wide barriers, `cooperative_groups::this_grid().sync()`).
    pub cooperative: bool,
    /// The directory a debugger resolves the code object's relative source paths against (`source_dir`;
    /// clang's `-fdebug-compilation-dir=.` writes them relative to where it compiled). None: the code object's
    /// own directory.
    pub source_dir: Option<PathBuf>,
    /// `memory`: buffers no argument points at, each an `ArgSpec::Buffer` with its `address` (a captured launch's
    /// allocations it reaches through pointers held in memory: pointer arrays, `__device__` pointer variables).
    pub memory: Vec<ArgSpec>,
}

/// A manifest error: what is wrong, and where.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {msg}")]
pub struct ManifestError {
    pub path: String,
    pub msg: String,
}

// ---------------------------------------------------------------------------------------------------------------
// The typed form serde reads. Field types say what is accepted; `validate` says what is sensible.

#[derive(Deserialize)]
struct RawManifest {
    kernel: String,
    #[serde(default)]
    code_object: Option<String>,
    grid: Dims,
    block: Dims,
    #[serde(default)]
    lds_dynamic_bytes: Option<u64>,
    #[serde(default)]
    args: Vec<RawArg>,
    #[serde(default)]
    outputs: Vec<RawOutput>,
    #[serde(default)]
    cooperative: bool,
    #[serde(default)]
    source_dir: Option<String>,
    #[serde(default)]
    memory: Vec<RawBuffer>,
}

/// One argument, tagged by `kind`. Deserialized by hand (read `kind`, then the variant's struct) rather than with
/// `#[serde(tag = "kind")]`, whose buffering loses the key path of errors inside the variant.
enum RawArg {
    Buffer(RawBuffer),
    Local(RawLocal),
    Scalar(RawScalar),
    Null,
    Pointer(RawPointer),
    Global(RawGlobal),
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum ArgKind {
    Buffer,
    Local,
    Scalar,
    Null,
    Pointer,
    Global,
}

#[derive(Deserialize)]
struct KindOf {
    kind: ArgKind,
}

/// Marks a custom error that carries its own key path (relative to where it is raised): `\u{1}PATH\u{1}MSG`.
const INNER: char = '\u{1}';

fn inner_error<E: de::Error>(e: serde_path_to_error::Error<serde_json::Error>) -> E {
    let msg = e.inner().to_string();
    let msg = strip_position(&msg);
    // nested inner errors keep their own path
    let (path, msg) = match msg.strip_prefix(INNER).and_then(|r| r.split_once(INNER)) {
        Some((p, m)) => (join_path(&e.path().to_string(), p), m.to_string()),
        None => (e.path().to_string(), msg.to_string()),
    };
    E::custom(format!("{INNER}{path}{INNER}{msg}"))
}

fn join_path(outer: &str, inner: &str) -> String {
    match (outer, inner) {
        (".", i) => i.to_string(),
        (o, ".") => o.to_string(),
        (o, i) if i.starts_with('[') => format!("{o}{i}"),
        (o, i) => format!("{o}.{i}"),
    }
}

impl<'de> Deserialize<'de> for RawArg {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        if !v.is_object() {
            return Err(de::Error::custom(format!(
                "must be an object (an argument with a `kind`), got {}",
                describe_value(&v)
            )));
        }
        let k: KindOf = serde_path_to_error::deserialize(&v).map_err(inner_error)?;
        Ok(match k.kind {
            ArgKind::Buffer => {
                RawArg::Buffer(serde_path_to_error::deserialize(&v).map_err(inner_error)?)
            }
            ArgKind::Local => {
                RawArg::Local(serde_path_to_error::deserialize(&v).map_err(inner_error)?)
            }
            ArgKind::Scalar => {
                RawArg::Scalar(serde_path_to_error::deserialize(&v).map_err(inner_error)?)
            }
            ArgKind::Pointer => {
                RawArg::Pointer(serde_path_to_error::deserialize(&v).map_err(inner_error)?)
            }
            ArgKind::Global => {
                RawArg::Global(serde_path_to_error::deserialize(&v).map_err(inner_error)?)
            }
            ArgKind::Null => {
                if let Some(k) = v.as_object().and_then(|o| o.keys().find(|k| *k != "kind")) {
                    return Err(de::Error::custom(format!(
                        "a null pointer argument has only `kind`; `{k}` is not allowed"
                    )));
                }
                RawArg::Null
            }
        })
    }
}

#[derive(Deserialize)]
struct RawBuffer {
    dtype: Dtype,
    count: u64,
    #[serde(default)]
    file: Option<String>,
    #[serde(default)]
    fill: Option<RawFill>,
    #[serde(default)]
    address: Option<RawAddress>,
    #[serde(default)]
    offset: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPointer {
    #[allow(dead_code)]
    kind: String,
    arg: u64,
    #[serde(default)]
    offset: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGlobal {
    #[allow(dead_code)]
    kind: String,
    symbol: String,
    #[serde(default)]
    offset: u64,
}

#[derive(Deserialize)]
struct RawLocal {
    bytes: u64,
}

#[derive(Deserialize)]
struct RawScalar {
    #[serde(default)]
    dtype: Option<Dtype>,
    #[serde(default)]
    value: Option<RawValue>,
    #[serde(default)]
    file: Option<String>,
}

#[derive(Deserialize)]
struct RawOutput {
    /// The buffer argument compared, or (`memory`) the memory region; exactly one of the two.
    #[serde(default)]
    arg_index: Option<u64>,
    #[serde(default)]
    memory: Option<u64>,
    file: String,
    dtype: Dtype,
    count: u64,
    #[serde(default)]
    rtol: Option<f64>,
    #[serde(default)]
    atol: Option<f64>,
}

/// `grid` / `block`: 1 to 3 positive integers.
struct Dims(Vec<u64>);

impl<'de> Deserialize<'de> for Dims {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Dims;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an array of 1-3 positive integers")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Dims, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = seq.next_element::<PositiveInt>()? {
                    v.push(x.0);
                    if v.len() > 3 {
                        return Err(de::Error::custom(
                            "must be an array of 1-3 positive integers, has more than 3",
                        ));
                    }
                }
                if v.is_empty() {
                    return Err(de::Error::custom(
                        "must be an array of 1-3 positive integers, is empty",
                    ));
                }
                Ok(Dims(v))
            }
        }
        d.deserialize_seq(V)
    }
}

struct PositiveInt(u64);

impl<'de> Deserialize<'de> for PositiveInt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = PositiveInt;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a positive integer")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<PositiveInt, E> {
                if n == 0 {
                    return Err(E::custom("must be a positive integer, got 0"));
                }
                Ok(PositiveInt(n))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<PositiveInt, E> {
                if n <= 0 {
                    return Err(E::custom(format!("must be a positive integer, got {n}")));
                }
                Ok(PositiveInt(n as u64))
            }
        }
        d.deserialize_any(V)
    }
}

/// `fill`: `"zero"` or a number.
enum RawFill {
    Zero,
    Value(ScalarValue),
}

impl<'de> Deserialize<'de> for RawFill {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = RawFill;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("\"zero\" or a number")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<RawFill, E> {
                match s {
                    "zero" | "zeros" => Ok(RawFill::Zero),
                    _ => Err(E::invalid_value(de::Unexpected::Str(s), &self)),
                }
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<RawFill, E> {
                Ok(RawFill::Value(ScalarValue::Int(n as i128)))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<RawFill, E> {
                Ok(RawFill::Value(ScalarValue::Int(n as i128)))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<RawFill, E> {
                Ok(RawFill::Value(ScalarValue::Float(n)))
            }
        }
        d.deserialize_any(V)
    }
}

/// A scalar `value`: one number, or an array of numbers (a by-value struct's elements).
enum RawValue {
    One(ScalarValue),
    Many(Vec<ScalarValue>),
}

struct Number(ScalarValue);

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match RawValue::deserialize(d)? {
            RawValue::One(v) => Ok(Number(v)),
            RawValue::Many(_) => Err(de::Error::custom("must be a number, got an array")),
        }
    }
}

impl<'de> Deserialize<'de> for RawValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawValue;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number or an array of numbers")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<RawValue, E> {
                Ok(RawValue::One(ScalarValue::Int(n as i128)))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<RawValue, E> {
                Ok(RawValue::One(ScalarValue::Int(n as i128)))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<RawValue, E> {
                Ok(RawValue::One(ScalarValue::Float(n)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawValue, A::Error> {
                let mut v = Vec::new();
                while let Some(Number(x)) = seq.next_element::<Number>()? {
                    // at most one kernarg segment's worth (a by-value struct is far smaller)
                    if v.len() >= MAX_SCALAR_FILE_BYTES as usize {
                        return Err(de::Error::custom(
                            "has more elements than a kernarg segment holds",
                        ));
                    }
                    v.push(x);
                }
                Ok(RawValue::Many(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// `address`: `"0x100000001000"` or an integer.
struct RawAddress(u64);

impl<'de> Deserialize<'de> for RawAddress {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = RawAddress;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a device address (a hex string \"0x...\" or an integer)")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<RawAddress, E> {
                Ok(RawAddress(n))
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<RawAddress, E> {
                let t = s.trim();
                let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                    Some(h) => u64::from_str_radix(&h.replace('_', ""), 16).ok(),
                    None => t.parse::<u64>().ok(),
                };
                parsed
                    .map(RawAddress)
                    .ok_or_else(|| E::invalid_value(de::Unexpected::Str(s), &self))
            }
        }
        d.deserialize_any(V)
    }
}

// ---------------------------------------------------------------------------------------------------------------

impl Manifest {
    /// Load `MANIFEST.json`, or `DIR/case.json` when given a directory.
    pub fn load(path: &Path) -> Result<Manifest, ManifestError> {
        let file = if path.is_dir() {
            path.join("case.json")
        } else {
            path.to_path_buf()
        };
        let err = |msg: String| ManifestError {
            path: file.display().to_string(),
            msg,
        };
        let bytes = read_bounded(&file, None, MAX_MANIFEST_BYTES).map_err(|m| {
            // read_bounded names the file; the error's prefix names it already
            err(m.replacen(&format!("{} ", file.display()), "", 1).replacen(
                &format!("cannot read {}: ", file.display()),
                "cannot read: ",
                1,
            ))
        })?;
        let text = String::from_utf8(bytes).map_err(|e| {
            err(format!(
                "not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            ))
        })?;
        let v: Value = serde_json::from_str(&text).map_err(|e| {
            err(format!(
                "{}:{}: not valid JSON: {}",
                e.line(),
                e.column(),
                strip_position(&e.to_string())
            ))
        })?;
        Self::from_value(&v, &file).map_err(err)
    }

    /// Build from parsed JSON; relative file names resolve beside `file`. The message names the key path.
    pub fn from_value(v: &Value, file: &Path) -> Result<Manifest, String> {
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        if !v.is_object() {
            return Err(format!(
                "the manifest must be a JSON object, got {}",
                describe_value(v)
            ));
        }
        let raw: RawManifest = serde_path_to_error::deserialize(v).map_err(path_error)?;
        raw.validate(&dir, file)
    }

    /// Work-items per work-group.
    pub fn work_group_size(&self) -> u32 {
        self.block.iter().product()
    }
    /// Work-groups in each dimension (the last one may be partial).
    pub fn work_groups(&self) -> [u32; 3] {
        [0, 1, 2].map(|d| self.grid[d].div_ceil(self.block[d]))
    }

    /// The expected files of the outputs, checked before a run with `--check`: each must be a regular file of
    /// exactly count × dtype bytes.
    pub fn check_expected_files(&self) -> Result<(), String> {
        for (i, o) in self.outputs.iter().enumerate() {
            let size = stat_regular(&o.file).map_err(|m| format!("outputs[{i}].file: {m}"))?;
            if size != o.bytes() {
                return Err(format!(
                    "outputs[{i}].file: {} has {size} bytes, but count {} × {} is {} bytes",
                    o.file.display(),
                    o.count,
                    o.dtype.name(),
                    o.bytes()
                ));
            }
        }
        Ok(())
    }
}

fn strip_position(msg: &str) -> &str {
    match msg.rfind(" at line ") {
        Some(i) => &msg[..i],
        None => msg,
    }
}

/// What a JSON value is, for "got ..." in messages.
fn describe_value(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("{b}"),
        Value::Number(n) => format!("{n}"),
        Value::String(s) => format!("a string \"{}\"", truncate(s)),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

fn truncate(s: &str) -> String {
    if s.chars().count() > 40 {
        format!("{}...", s.chars().take(40).collect::<String>())
    } else {
        s.to_string()
    }
}

/// serde's words for a found value ("string \"x\"", "integer `5`") in ours ("a string \"x\"", "5").
fn found(s: &str) -> String {
    let s = s.trim();
    if let Some(rest) = s.strip_prefix("string ") {
        return format!("a string {}", truncate(rest));
    }
    for p in ["integer ", "floating point ", "boolean "] {
        if let Some(rest) = s.strip_prefix(p) {
            return rest.trim_matches('`').to_string();
        }
    }
    match s {
        "sequence" => "an array".into(),
        "map" => "an object".into(),
        "unit value" | "null" => "null".into(),
        _ => s.to_string(),
    }
}

/// serde's words for what was expected ("u64", "a sequence", "struct RawBuffer") in ours.
fn expected(s: &str) -> String {
    let s = s.trim();
    match s {
        "u64" | "u32" | "usize" => "a non-negative integer".into(),
        "f64" | "f32" => "a number".into(),
        "a string" => "a string".into(),
        "a sequence" => "an array".into(),
        _ if s.starts_with("struct ") || s.starts_with("internally tagged enum") => {
            "an object".into()
        }
        _ => s.to_string(),
    }
}

/// Hints for missing keys.
fn missing_hint(field: &str) -> &'static str {
    match field {
        "kernel" => " (the kernel's ELF symbol name)",
        "grid" => " (the work-items in x, y, z: an array of 1-3 positive integers)",
        "block" => " (the work-group size in x, y, z: an array of 1-3 positive integers)",
        "kind" => " (buffer, local or scalar)",
        "dtype" => " (i8 u8 i16 u16 i32 u32 i64 u64 f16 bf16 f32 f64)",
        "count" => " (the number of elements)",
        "bytes" => " (the LDS bytes, 0 to 163840)",
        "arg_index" => " (the index in args of the buffer to compare)",
        "file" => " (the file of expected values)",
        _ => "",
    }
}

/// One line from a serde error with its key path: "`grid` must be an array of 1-3 positive integers, got a
/// string \"x\"".
fn path_error(e: serde_path_to_error::Error<serde_json::Error>) -> String {
    let raw = e.inner().to_string();
    let raw = strip_position(&raw);
    let (path, msg) = match raw.strip_prefix(INNER).and_then(|r| r.split_once(INNER)) {
        Some((p, m)) => (join_path(&e.path().to_string(), p), m),
        None => (e.path().to_string(), raw),
    };
    let at = if path == "." { String::new() } else { path };
    let key = |k: &str| {
        if at.is_empty() {
            k.to_string()
        } else {
            format!("{at}.{k}")
        }
    };
    if let Some(f) = msg
        .strip_prefix("missing field `")
        .and_then(|r| r.strip_suffix('`'))
    {
        return format!("`{}` is missing{}", key(f), missing_hint(f));
    }
    let what = if at.is_empty() {
        "the manifest".to_string()
    } else {
        format!("`{at}`")
    };
    for p in ["invalid type: ", "invalid value: ", "invalid length "] {
        if let Some(rest) = msg.strip_prefix(p) {
            if let Some((f, x)) = rest.rsplit_once(", expected ") {
                return format!("{what} must be {}, got {}", expected(x), found(f));
            }
        }
    }
    if let Some(rest) = msg.strip_prefix("unknown variant ") {
        if let Some((f, x)) = rest.split_once(", expected ") {
            let f = f.trim_matches('`');
            let x = x.replace('`', "");
            return format!("{what} is \"{f}\", expected {x}");
        }
    }
    if msg.starts_with("must ") || msg.starts_with("has ") || msg.starts_with("is ") {
        return format!("{what} {msg}");
    }
    format!("{what}: {msg}")
}

impl RawManifest {
    fn validate(self, dir: &Path, file: &Path) -> Result<Manifest, String> {
        if self.kernel.is_empty() {
            return Err(
                "`kernel` must be the kernel's ELF symbol name, got an empty string".into(),
            );
        }
        let code_object = match &self.code_object {
            None => dir.join("kernel.hsaco"),
            Some(s) if s.is_empty() => {
                return Err("`code_object` must be a path, got an empty string".into())
            }
            Some(s) => dir.join(s),
        };
        let source_dir = match &self.source_dir {
            None => None,
            Some(s) if s.is_empty() => {
                return Err("`source_dir` must be a path, got an empty string".into())
            }
            Some(s) => Some(dir.join(s)),
        };
        let mut grid = [1u32; 3];
        for (d, &n) in self.grid.0.iter().enumerate() {
            // the dispatch packet's grid_size_* are 32-bit (hsa_kernel_dispatch_packet_t)
            if n > u32::MAX as u64 {
                return Err(format!(
                    "`grid[{d}]` must be at most {} (the dispatch packet's 32-bit grid size), got {n}",
                    u32::MAX
                ));
            }
            grid[d] = n as u32;
        }
        let mut block = [1u32; 3];
        for (d, &n) in self.block.0.iter().enumerate() {
            if n > 1024 {
                return Err(format!(
                    "`block[{d}]` must be at most 1024 (gfx950's largest work-group), got {n}"
                ));
            }
            block[d] = n as u32;
        }
        let wg_items: u64 = block.iter().map(|&b| b as u64).product();
        if wg_items > 1024 {
            return Err(format!(
                "`block` {block:?} has {wg_items} work-items; gfx950 allows at most 1024 per work-group"
            ));
        }
        // The launch shape, in u64 with checks: work-groups and waves (the executor numbers both in 32 bits).
        let waves_per_group = wg_items.div_ceil(64);
        let groups = (0..3).try_fold(1u64, |acc, d| {
            acc.checked_mul((grid[d] as u64).div_ceil(block[d] as u64))
        });
        let waves = groups.and_then(|g| g.checked_mul(waves_per_group));
        match (groups, waves) {
            (Some(g), Some(w)) if w <= MAX_WAVES && g <= u32::MAX as u64 => {}
            (g, w) => {
                let says =
                    |x: Option<u64>| x.map_or("more than 2^64".to_string(), |n| n.to_string());
                return Err(format!(
                    "`grid` {grid:?} with `block` {block:?} is {} work-groups, {} waves: over the limit of {MAX_WAVES} waves per dispatch",
                    says(g),
                    says(w)
                ));
            }
        }
        let lds_dynamic_bytes = match self.lds_dynamic_bytes {
            None => None,
            Some(n) if n > LDS_LIMIT => {
                return Err(format!(
                    "`lds_dynamic_bytes` must be at most {LDS_LIMIT} (160 KiB of LDS per work-group), got {n}"
                ))
            }
            Some(n) => Some(n as u32),
        };
        let limit = memory_limit();
        let mut total: u128 = 0;
        let mut args = Vec::with_capacity(self.args.len());
        let mut placed: Vec<(u64, u64, String)> = Vec::new();
        for (i, a) in self.args.into_iter().enumerate() {
            let at = |k: &str| format!("args[{i}].{k}");
            let spec = match a {
                RawArg::Buffer(b) => buffer_spec(
                    b,
                    &format!("args[{i}]"),
                    dir,
                    limit,
                    &mut total,
                    &mut placed,
                )?,
                RawArg::Null => ArgSpec::Null,
                RawArg::Global(g) => {
                    if g.symbol.is_empty() {
                        return Err(format!(
                            "{} must name a variable of the code object",
                            at("symbol")
                        ));
                    }
                    ArgSpec::Global {
                        symbol: g.symbol,
                        offset: g.offset,
                    }
                }
                RawArg::Pointer(p) => {
                    let size = match args.get(p.arg as usize) {
                        Some(a @ ArgSpec::Buffer { .. }) if (p.arg as usize) < i => {
                            a.buffer_bytes().unwrap_or(0)
                        }
                        _ => {
                            return Err(format!(
                                "{}: {} is not an earlier buffer argument",
                                at("arg"),
                                p.arg
                            ))
                        }
                    };
                    if p.offset > size {
                        return Err(format!(
                            "{}: {} is past the end of args[{}]'s {size} bytes",
                            at("offset"),
                            p.offset,
                            p.arg
                        ));
                    }
                    ArgSpec::Pointer {
                        arg: p.arg as usize,
                        offset: p.offset,
                    }
                }
                RawArg::Local(l) => {
                    if l.bytes > LDS_LIMIT {
                        return Err(format!(
                            "{} must be at most {LDS_LIMIT} (160 KiB of LDS), got {}",
                            at("bytes"),
                            l.bytes
                        ));
                    }
                    ArgSpec::Local {
                        bytes: l.bytes as u32,
                    }
                }
                RawArg::Scalar(s) => {
                    if let Some(f) = s.file {
                        let p = dir.join(&f);
                        let bytes = read_bounded(&p, None, MAX_SCALAR_FILE_BYTES)
                            .map_err(|m| format!("{}: {m}", at("file")))?;
                        ArgSpec::Bytes { bytes }
                    } else {
                        let dtype = s.dtype.ok_or_else(|| {
                            format!("`{}` is missing{}", at("dtype"), missing_hint("dtype"))
                        })?;
                        match s.value {
                            None => {
                                return Err(format!(
                                    "`{}` is missing (a number, or an array of numbers for a by-value struct)",
                                    at("value")
                                ))
                            }
                            Some(RawValue::One(v)) => {
                                v.encode(dtype).map_err(|m| format!("{}: {m}", at("value")))?;
                                ArgSpec::Scalar { dtype, value: v }
                            }
                            Some(RawValue::Many(items)) => {
                                let mut bytes = Vec::with_capacity(items.len() * dtype.size());
                                for (k, x) in items.iter().enumerate() {
                                    let b = x
                                        .encode(dtype)
                                        .map_err(|m| format!("{}[{k}]: {m}", at("value")))?;
                                    bytes.extend_from_slice(&b);
                                }
                                ArgSpec::Bytes { bytes }
                            }
                        }
                    }
                }
            };
            args.push(spec);
        }
        // Memory regions: buffers no argument points at, placed at their addresses (a captured launch's
        // allocations that it reaches through pointers held in memory)
        let mut memory = Vec::with_capacity(self.memory.len());
        for (k, b) in self.memory.into_iter().enumerate() {
            let label = format!("memory[{k}]");
            if b.address.is_none() {
                return Err(format!(
                    "{label}.address: missing (a memory region is placed at its device address)"
                ));
            }
            if b.offset != 0 {
                return Err(format!(
                    "{label}.offset: a memory region has no pointer to offset (no argument points at it)"
                ));
            }
            memory.push(buffer_spec(b, &label, dir, limit, &mut total, &mut placed)?);
        }
        let mut outputs = Vec::with_capacity(self.outputs.len());
        for (i, o) in self.outputs.into_iter().enumerate() {
            let at = |k: &str| format!("outputs[{i}].{k}");
            let (arg_index, region) = match (o.arg_index, o.memory) {
                (Some(a), None) => (a, None),
                (None, Some(k)) => match memory.get(k as usize) {
                    // memory regions are numbered after the arguments, as the dispatch maps them
                    Some(m) => (args.len() as u64 + k, Some((k as usize, m))),
                    None => {
                        return Err(format!(
                            "{}: {k} is out of range, there are {} memory regions",
                            at("memory"),
                            memory.len()
                        ))
                    }
                },
                _ => {
                    return Err(format!(
                        "outputs[{i}]: give one of `arg_index` (the buffer argument compared) and `memory` (the \
                         memory region compared)"
                    ))
                }
            };
            let arg_bytes = match region
                .map(|(_, m)| m)
                .or_else(|| args.get(arg_index as usize))
            {
                Some(a @ ArgSpec::Buffer { .. }) => a.buffer_bytes().unwrap_or(0),
                Some(_) => {
                    return Err(format!(
                        "{}: args[{}] is not a buffer argument",
                        at("arg_index"),
                        arg_index
                    ))
                }
                None => {
                    return Err(format!(
                        "{}: {} is out of range, there are {} args",
                        at("arg_index"),
                        arg_index,
                        args.len()
                    ))
                }
            };
            let bytes = o.count as u128 * o.dtype.size() as u128;
            if bytes > arg_bytes as u128 {
                let what = match region {
                    Some((k, _)) => format!("memory[{k}]"),
                    None => format!("args[{arg_index}]"),
                };
                return Err(format!(
                    "{}: {} elements of {} is {}, more than {what}'s {}",
                    at("count"),
                    o.count,
                    o.dtype.name(),
                    fmt_bytes(bytes),
                    fmt_bytes(arg_bytes as u128)
                ));
            }
            let tol = |k: &str, t: Option<f64>| -> Result<f64, String> {
                match t {
                    None => Ok(0.0),
                    Some(t) if t >= 0.0 && t.is_finite() => Ok(t),
                    Some(t) => Err(format!(
                        "`{}` must be a non-negative number, got {t}",
                        at(k)
                    )),
                }
            };
            let file = dir.join(&o.file);
            // An expected file that exists must be a regular file of exactly count × dtype bytes (a longer
            // file would let --check pass on a prefix). A missing one matters only to --check.
            if std::fs::symlink_metadata(&file).is_ok() {
                let size = stat_regular(&file).map_err(|m| format!("{}: {m}", at("file")))?;
                if size as u128 != bytes {
                    return Err(format!(
                        "{}: {} has {size} bytes, but count {} × {} is {bytes} bytes",
                        at("file"),
                        file.display(),
                        o.count,
                        o.dtype.name()
                    ));
                }
            }
            outputs.push(OutputSpec {
                arg_index: arg_index as usize,
                memory: region.map(|(k, _)| k),
                file,
                dtype: o.dtype,
                count: o.count as usize,
                rtol: tol("rtol", o.rtol)?,
                atol: tol("atol", o.atol)?,
            });
        }
        Ok(Manifest {
            path: file.to_path_buf(),
            code_object,
            kernel: self.kernel,
            grid,
            block,
            lds_dynamic_bytes,
            args,
            outputs,
            cooperative: self.cooperative,
            source_dir,
            memory,
        })
    }
}

/// A buffer argument or a `memory` region (`label`: `args[2]`, `memory[0]`), checked: its bytes against the
/// emulated-memory limit (`total` sums every buffer so far), its file's size, its fill, its explicit address
/// against the ones `placed` so far.
fn buffer_spec(
    b: RawBuffer,
    label: &str,
    dir: &Path,
    limit: u64,
    total: &mut u128,
    placed: &mut Vec<(u64, u64, String)>,
) -> Result<ArgSpec, String> {
    let at = |k: &str| format!("{label}.{k}");

    let bytes = b.count as u128 * b.dtype.size() as u128;
    *total += bytes;
    if bytes > limit as u128 || *total > limit as u128 {
        let what = if bytes > limit as u128 {
            format!(
                "{} elements of {} is {}",
                b.count,
                b.dtype.name(),
                fmt_bytes(bytes)
            )
        } else {
            format!(
                "{} elements of {} brings the buffers to {}",
                b.count,
                b.dtype.name(),
                fmt_bytes(*total)
            )
        };
        return Err(format!(
            "{}: {what}, over the emulated-memory limit of {} (raise it with --memory-limit)",
            at("count"),
            fmt_bytes(limit as u128)
        ));
    }
    let file = match b.file {
        Some(f) => {
            let p = dir.join(&f);
            let size = stat_regular(&p).map_err(|m| format!("{}: {m}", at("file")))?;
            if size as u128 != bytes {
                return Err(format!(
                    "{}: {} has {size} bytes, but count {} × {} is {bytes} bytes",
                    at("file"),
                    p.display(),
                    b.count,
                    b.dtype.name()
                ));
            }
            Some(p)
        }
        None => None,
    };
    let fill = match b.fill {
        None | Some(RawFill::Zero) => Fill::Zero,
        Some(RawFill::Value(v)) => {
            v.encode(b.dtype)
                .map_err(|m| format!("{}: {m}", at("fill")))?;
            Fill::Value(match v {
                ScalarValue::Int(i) => i as f64,
                ScalarValue::Float(f) => f,
            })
        }
    };
    let address = match b.address {
        None => None,
        Some(RawAddress(addr)) => {
            if addr % ADDRESS_ALIGN != 0 {
                return Err(format!(
                    "{}: 0x{addr:x} is not {ADDRESS_ALIGN}-byte aligned",
                    at("address")
                ));
            }
            if addr < 0x1_0000 {
                return Err(format!(
                    "{}: 0x{addr:x} is in the first 64 KiB, where null pointers must fault",
                    at("address")
                ));
            }
            let end = addr.checked_add((bytes as u64).max(1)).ok_or_else(|| {
                format!(
                    "{}: 0x{addr:x} + {bytes} bytes is past the end of the address space",
                    at("address")
                )
            })?;
            if let Some((s, e, j)) = placed.iter().find(|(s, e, _)| addr < *e && *s < end) {
                return Err(format!(
                    "{}: 0x{addr:x}..0x{end:x} overlaps {j} at 0x{s:x}..0x{e:x}",
                    at("address")
                ));
            }
            placed.push((addr, end, label.to_string()));
            Some(addr)
        }
    };
    if b.offset as u128 > bytes {
        return Err(format!(
            "{}: {} is past the end of the buffer's {bytes} bytes",
            at("offset"),
            b.offset
        ));
    }
    Ok(ArgSpec::Buffer {
        file,
        dtype: b.dtype,
        count: b.count as usize,
        fill,
        address,
        offset: b.offset,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Result<Manifest, String> {
        Manifest::from_value(&serde_json::from_str(s).unwrap(), Path::new("/x/case.json"))
    }

    #[test]
    fn spec_example_parses() {
        let m = parse(
            r#"{"kernel":"k","grid":[16,64,1],"block":[16,16,1],"lds_dynamic_bytes":1088,
            "args":[{"kind":"buffer","dtype":"f32","count":65,"address":"0x100000001000"},
                    {"kind":"buffer","dtype":"u32","count":256,"fill":"zero"},
                    {"kind":"local","bytes":64},{"kind":"scalar","dtype":"i32","value":64}],
            "outputs":[{"arg_index":1,"file":"e.bin","dtype":"u32","count":256,"rtol":0,"atol":0}],
            "origin":"unknown keys are ignored"}"#,
        )
        .unwrap();
        assert_eq!(m.code_object, Path::new("/x/kernel.hsaco"));
        assert_eq!(m.work_groups(), [1, 4, 1]);
        assert_eq!(m.args[2], ArgSpec::Local { bytes: 64 });
        assert!(matches!(
            m.args[0],
            ArgSpec::Buffer {
                address: Some(0x1000_0000_1000),
                ..
            }
        ));
    }

    #[test]
    fn memory_regions_and_their_outputs() {
        let m = parse(
            r#"{"kernel":"k","grid":[1],"block":[1],
            "args":[{"kind":"buffer","dtype":"u64","count":2,"address":"0x100000000000"}],
            "memory":[{"address":"0x100000010000","dtype":"f32","count":8,"fill":1.5},
                      {"address":"0x100000020000","dtype":"u8","count":16}],
            "outputs":[{"memory":1,"file":"m1.bin","dtype":"u8","count":16},
                       {"arg_index":0,"file":"a0.bin","dtype":"u64","count":2}]}"#,
        )
        .unwrap();
        assert_eq!(m.memory.len(), 2);
        assert!(matches!(
            m.memory[0],
            ArgSpec::Buffer {
                address: Some(0x1000_0001_0000),
                count: 8,
                ..
            }
        ));
        // a region is numbered after the arguments, as the dispatch maps it
        assert_eq!((m.outputs[0].arg_index, m.outputs[0].memory), (2, Some(1)));
        assert_eq!((m.outputs[1].arg_index, m.outputs[1].memory), (0, None));
        let bad = |memory: &str, outputs: &str| {
            parse(&format!(
                r#"{{"kernel":"k","grid":[1],"block":[1],
                "args":[{{"kind":"buffer","dtype":"u8","count":512,"address":"0x100000000000"}}],
                "memory":[{memory}],"outputs":[{outputs}]}}"#
            ))
            .unwrap_err()
        };
        assert_eq!(
            bad(r#"{"dtype":"u8","count":4}"#, ""),
            "memory[0].address: missing (a memory region is placed at its device address)"
        );
        assert_eq!(
            bad(r#"{"dtype":"u8","count":4,"address":"0x100000000100"}"#, ""),
            "memory[0].address: 0x100000000100..0x100000000104 overlaps args[0] at 0x100000000000..0x100000000200"
        );
        assert_eq!(
            bad(
                r#"{"dtype":"u8","count":4,"address":"0x100000001000","offset":2}"#,
                ""
            ),
            "memory[0].offset: a memory region has no pointer to offset (no argument points at it)"
        );
        assert_eq!(
            bad(
                r#"{"dtype":"u8","count":4,"address":"0x100000001000"}"#,
                r#"{"memory":1,"file":"e.bin","dtype":"u8","count":4}"#
            ),
            "outputs[0].memory: 1 is out of range, there are 1 memory regions"
        );
        assert_eq!(
            bad(
                r#"{"dtype":"u8","count":4,"address":"0x100000001000"}"#,
                r#"{"memory":0,"file":"e.bin","dtype":"u8","count":8}"#
            ),
            "outputs[0].count: 8 elements of u8 is 8 bytes, more than memory[0]'s 4 bytes"
        );
        assert!(bad(
            r#"{"dtype":"u8","count":4,"address":"0x100000001000"}"#,
            r#"{"memory":0,"arg_index":0,"file":"e.bin","dtype":"u8","count":4}"#
        )
        .starts_with("outputs[0]: give one of `arg_index`"));
        // a user's arg_index past the arguments is still out of range (regions are named by `memory`)
        assert_eq!(
            bad(
                r#"{"dtype":"u8","count":4,"address":"0x100000001000"}"#,
                r#"{"arg_index":1,"file":"e.bin","dtype":"u8","count":4}"#
            ),
            "outputs[0].arg_index: 1 is out of range, there are 1 args"
        );
    }

    #[test]
    fn null_and_pointer_arguments() {
        let m = parse(
            r#"{"kernel":"k","grid":[1],"block":[1],"args":[
            {"kind":"buffer","dtype":"f32","count":64,"offset":128},
            {"kind":"null"},
            {"kind":"pointer","arg":0,"offset":256}]}"#,
        )
        .unwrap();
        assert!(matches!(m.args[0], ArgSpec::Buffer { offset: 128, .. }));
        assert_eq!(m.args[1], ArgSpec::Null);
        assert_eq!(
            m.args[2],
            ArgSpec::Pointer {
                arg: 0,
                offset: 256
            }
        );
        let bad = |args: &str| {
            parse(&format!(
                r#"{{"kernel":"k","grid":[1],"block":[1],"args":[{args}]}}"#
            ))
            .unwrap_err()
        };
        assert_eq!(
            bad(r#"{"kind":"buffer","dtype":"f32","count":4,"offset":17}"#),
            "args[0].offset: 17 is past the end of the buffer's 16 bytes"
        );
        assert_eq!(
            bad(
                r#"{"kind":"buffer","dtype":"f32","count":4},{"kind":"pointer","arg":0,"offset":20}"#
            ),
            "args[1].offset: 20 is past the end of args[0]'s 16 bytes"
        );
        assert_eq!(
            bad(r#"{"kind":"pointer","arg":1},{"kind":"buffer","dtype":"f32","count":4}"#),
            "args[0].arg: 1 is not an earlier buffer argument"
        );
        assert_eq!(
            bad(r#"{"kind":"scalar","dtype":"u64","value":0},{"kind":"pointer","arg":0}"#),
            "args[1].arg: 0 is not an earlier buffer argument"
        );
        assert!(bad(r#"{"kind":"null","count":1}"#).contains("`count` is not allowed"));
    }

    #[test]
    fn errors_name_the_key() {
        let e = parse(r#"{"kernel":"k","grid":[1],"block":[1],"args":[{"kind":"bufer"}]}"#)
            .unwrap_err();
        assert_eq!(
            e,
            "`args[0].kind` is \"bufer\", expected one of buffer, local, scalar, null, pointer, global"
        );
        let e = parse(r#"{"kernel":"k","grid":[0],"block":[1]}"#).unwrap_err();
        assert_eq!(e, "`grid[0]` must be a positive integer, got 0");
        let e = parse(r#"{"kernel":"k","grid":"x","block":[1]}"#).unwrap_err();
        assert_eq!(
            e,
            "`grid` must be an array of 1-3 positive integers, got a string \"x\""
        );
        let e = parse(r#"{"kernel":"k","grid":[1],"block":[2048]}"#).unwrap_err();
        assert!(e.contains("at most 1024"), "{e}");
        let e = parse(
            r#"{"kernel":"k","grid":[1],"block":[1],"args":[{"kind":"scalar","dtype":"i32","value":1},
            {"kind":"scalar","dtype":"i32","value":2}, {"kind":"buffer","dtype":"f32","count":18446744073709551615}]}"#,
        )
        .unwrap_err();
        assert_eq!(e, "args[2].count: 18446744073709551615 elements of f32 is 64 EiB, over the emulated-memory limit of 16 GiB (raise it with --memory-limit)");
        let e = parse(r#"{"kernel":"k","grid":[1],"block":[1],"args":[{"kind":"buffer","dtype":"f32","count":-1}]}"#)
            .unwrap_err();
        assert_eq!(e, "`args[0].count` must be a non-negative integer, got -1");
        let e =
            parse(r#"{"kernel":"k","grid":[1],"block":[1],"args":[{"kind":"buffer","count":1}]}"#)
                .unwrap_err();
        assert!(e.starts_with("`args[0].dtype` is missing"), "{e}");
        let e = parse(r#"{"kernel":"k","grid":[1],"block":[1],"args":[{"kind":"scalar","dtype":"i32","value":1099511627776}]}"#)
            .unwrap_err();
        assert!(
            e.starts_with("args[0].value: 1099511627776 does not fit in i32"),
            "{e}"
        );
        let e = parse(r#"{"kernel":"k","grid":[1],"block":[1],"args":[{"kind":"scalar","dtype":"f32","value":1e300}]}"#)
            .unwrap_err();
        assert!(e.contains("out of range for f32"), "{e}");
    }

    #[test]
    fn sizes() {
        assert_eq!(fmt_bytes(16 << 30), "16 GiB");
        assert_eq!(fmt_bytes((u64::MAX as u128) * 4), "64 EiB");
        assert_eq!(parse_size("16G").unwrap(), 16 << 30);
        assert_eq!(parse_size("512MiB").unwrap(), 512 << 20);
        assert!(parse_size("x").is_err());
    }
}
