//! The dispatch manifest (docs/manifest.md): one kernel launch written down.
//! Parsed by hand from `serde_json::Value` so every error names the key that is wrong.

use serde_json::Value;
use std::path::{Path, PathBuf};

/// Element types of buffers, scalars and outputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    },
    /// OpenCL `__local` pointer argument: a dynamic LDS region of `bytes`.
    Local {
        bytes: u32,
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

/// A scalar argument's value, kept exact for 64-bit integers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ScalarValue {
    Int(i128),
    Float(f64),
}

impl ScalarValue {
    /// Little-endian bytes of this value as `dtype`.
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
}

#[derive(Clone, Debug, PartialEq)]
pub struct OutputSpec {
    pub arg_index: usize,
    pub file: PathBuf,
    pub dtype: Dtype,
    pub count: usize,
    pub rtol: f64,
    pub atol: f64,
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
}

/// A manifest error: what is wrong, and where.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {msg}")]
pub struct ManifestError {
    pub path: String,
    pub msg: String,
}

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
        let text = std::fs::read_to_string(&file).map_err(|e| err(format!("cannot read: {e}")))?;
        let v: Value = serde_json::from_str(&text).map_err(|e| {
            err(format!(
                "not valid JSON: {e} (line {}, column {})",
                e.line(),
                e.column()
            ))
        })?;
        Self::from_value(&v, &file).map_err(err)
    }

    /// Build from parsed JSON; relative file names resolve beside `file`.
    pub fn from_value(v: &Value, file: &Path) -> Result<Manifest, String> {
        let dir = file.parent().unwrap_or(Path::new(".")).to_path_buf();
        let obj = v.as_object().ok_or("the manifest must be a JSON object")?;
        let kernel = obj
            .get("kernel")
            .and_then(Value::as_str)
            .ok_or("missing \"kernel\" (the kernel's ELF symbol name)")?
            .to_string();
        let code_object = match obj.get("code_object") {
            None => dir.join("kernel.hsaco"),
            Some(Value::String(s)) => dir.join(s),
            Some(_) => return Err("\"code_object\" must be a string (a path)".into()),
        };
        let dims = |key: &str| -> Result<[u32; 3], String> {
            let a = obj
                .get(key)
                .and_then(Value::as_array)
                .ok_or(format!("missing \"{key}\" (an array of 1 to 3 sizes)"))?;
            if a.is_empty() || a.len() > 3 {
                return Err(format!(
                    "\"{key}\" must have 1 to 3 entries, has {}",
                    a.len()
                ));
            }
            let mut d = [1u32; 3];
            for (i, x) in a.iter().enumerate() {
                d[i] = x
                    .as_u64()
                    .filter(|&n| n >= 1 && n <= u32::MAX as u64)
                    .ok_or(format!("\"{key}\"[{i}] must be a positive integer, is {x}"))?
                    as u32;
            }
            Ok(d)
        };
        let grid = dims("grid")?;
        let block = dims("block")?;
        let wg_items = block.iter().map(|&b| b as u64).product::<u64>();
        if wg_items > 1024 {
            return Err(format!("\"block\" {block:?} has {wg_items} work-items; gfx950 allows at most 1024 per work-group"));
        }
        let lds_dynamic_bytes = match obj.get("lds_dynamic_bytes") {
            None | Some(Value::Null) => None,
            Some(x) => Some(x.as_u64().filter(|&n| n <= 160 * 1024).ok_or(format!(
                "\"lds_dynamic_bytes\" must be an integer from 0 to 163840 (160 KiB of LDS), is {x}"
            ))? as u32),
        };
        let mut args = Vec::new();
        let arr = match obj.get("args") {
            None => &Vec::new(),
            Some(a) => a.as_array().ok_or("\"args\" must be an array")?,
        };
        for (i, a) in arr.iter().enumerate() {
            args.push(parse_arg(a, &dir).map_err(|m| format!("args[{i}]: {m}"))?);
        }
        let mut outputs = Vec::new();
        let arr = match obj.get("outputs") {
            None => &Vec::new(),
            Some(a) => a.as_array().ok_or("\"outputs\" must be an array")?,
        };
        for (i, o) in arr.iter().enumerate() {
            let out = parse_output(o, &dir).map_err(|m| format!("outputs[{i}]: {m}"))?;
            match args.get(out.arg_index) {
                Some(ArgSpec::Buffer { .. }) => {}
                Some(_) => {
                    return Err(format!(
                        "outputs[{i}]: arg_index {} is not a buffer argument",
                        out.arg_index
                    ))
                }
                None => {
                    return Err(format!(
                        "outputs[{i}]: arg_index {} but there are {} args",
                        out.arg_index,
                        args.len()
                    ))
                }
            }
            outputs.push(out);
        }
        Ok(Manifest {
            path: file.to_path_buf(),
            code_object,
            kernel,
            grid,
            block,
            lds_dynamic_bytes,
            args,
            outputs,
        })
    }

    /// Work-items per work-group.
    pub fn work_group_size(&self) -> u32 {
        self.block.iter().product()
    }
    /// Work-groups in each dimension (the last one may be partial).
    pub fn work_groups(&self) -> [u32; 3] {
        [0, 1, 2].map(|d| self.grid[d].div_ceil(self.block[d]))
    }
}

fn dtype_of(o: &serde_json::Map<String, Value>) -> Result<Dtype, String> {
    let s = o
        .get("dtype")
        .and_then(Value::as_str)
        .ok_or("missing \"dtype\"")?;
    Dtype::parse(s).ok_or(format!(
        "unknown dtype \"{s}\" (expected i8 u8 i16 u16 i32 u32 i64 u64 f16 bf16 f32 f64)"
    ))
}

fn count_of(o: &serde_json::Map<String, Value>) -> Result<usize, String> {
    o.get("count")
        .and_then(Value::as_u64)
        .map(|c| c as usize)
        .ok_or("missing \"count\" (a non-negative integer)".into())
}

fn parse_arg(a: &Value, dir: &Path) -> Result<ArgSpec, String> {
    let o = a.as_object().ok_or("each argument must be a JSON object")?;
    let kind = o
        .get("kind")
        .and_then(Value::as_str)
        .ok_or("missing \"kind\" (buffer, local or scalar)")?;
    match kind {
        "buffer" => {
            let dtype = dtype_of(o)?;
            let count = count_of(o)?;
            let file = match o.get("file") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) => Some(dir.join(s)),
                Some(_) => return Err("\"file\" must be a string".into()),
            };
            let fill = match o.get("fill") {
                None | Some(Value::Null) => Fill::Zero,
                Some(Value::String(s)) if s == "zero" || s == "zeros" => Fill::Zero,
                Some(Value::Number(n)) => Fill::Value(n.as_f64().unwrap_or(0.0)),
                Some(x) => {
                    return Err(format!(
                        "unknown \"fill\" {x} (expected \"zero\" or a number)"
                    ))
                }
            };
            Ok(ArgSpec::Buffer {
                file,
                dtype,
                count,
                fill,
            })
        }
        "local" => {
            let bytes = o
                .get("bytes")
                .and_then(Value::as_u64)
                .filter(|&b| b <= 160 * 1024)
                .ok_or("a local argument needs \"bytes\" (0 to 163840)")?;
            Ok(ArgSpec::Local {
                bytes: bytes as u32,
            })
        }
        "scalar" => {
            if let Some(f) = o.get("file") {
                let f = f.as_str().ok_or("\"file\" must be a string")?;
                let bytes = std::fs::read(dir.join(f))
                    .map_err(|e| format!("cannot read {}: {e}", dir.join(f).display()))?;
                return Ok(ArgSpec::Bytes { bytes });
            }
            let dtype = dtype_of(o)?;
            let v = o.get("value").ok_or("a scalar argument needs \"value\"")?;
            if let Some(items) = v.as_array() {
                let mut bytes = Vec::with_capacity(items.len() * dtype.size());
                for (k, x) in items.iter().enumerate() {
                    let one = if let Some(i) = x.as_i64() {
                        ScalarValue::Int(i as i128)
                    } else if let Some(u) = x.as_u64() {
                        ScalarValue::Int(u as i128)
                    } else if let (Some(f), true) = (x.as_f64(), dtype.is_float()) {
                        ScalarValue::Float(f)
                    } else {
                        return Err(format!(
                            "\"value\"[{k}] = {x} is not a {} number",
                            dtype.name()
                        ));
                    };
                    bytes.extend_from_slice(&one.to_bytes(dtype));
                }
                return Ok(ArgSpec::Bytes { bytes });
            }
            let value = if let Some(i) = v.as_i64() {
                ScalarValue::Int(i as i128)
            } else if let Some(u) = v.as_u64() {
                ScalarValue::Int(u as i128)
            } else if let Some(f) = v.as_f64() {
                if !dtype.is_float() {
                    return Err(format!(
                        "value {v} is not an integer but dtype is {}",
                        dtype.name()
                    ));
                }
                ScalarValue::Float(f)
            } else {
                return Err(format!("\"value\" must be a number, is {v}"));
            };
            Ok(ArgSpec::Scalar { dtype, value })
        }
        k => Err(format!(
            "unknown kind \"{k}\" (expected buffer, local or scalar)"
        )),
    }
}

fn parse_output(o: &Value, dir: &Path) -> Result<OutputSpec, String> {
    let o = o.as_object().ok_or("each output must be a JSON object")?;
    let arg_index = o
        .get("arg_index")
        .and_then(Value::as_u64)
        .ok_or("missing \"arg_index\"")? as usize;
    let file = dir.join(
        o.get("file")
            .and_then(Value::as_str)
            .ok_or("missing \"file\" (the expected values)")?,
    );
    let tol = |k: &str| -> Result<f64, String> {
        match o.get(k) {
            None => Ok(0.0),
            Some(x) => x
                .as_f64()
                .filter(|t| *t >= 0.0)
                .ok_or(format!("\"{k}\" must be a non-negative number")),
        }
    };
    Ok(OutputSpec {
        arg_index,
        file,
        dtype: dtype_of(o)?,
        count: count_of(o)?,
        rtol: tol("rtol")?,
        atol: tol("atol")?,
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
            "args":[{"kind":"buffer","file":"in.bin","dtype":"f32","count":65},
                    {"kind":"buffer","dtype":"u32","count":256,"fill":"zero"},
                    {"kind":"local","bytes":64},{"kind":"scalar","dtype":"i32","value":64}],
            "outputs":[{"arg_index":1,"file":"e.bin","dtype":"u32","count":256,"rtol":0,"atol":0}]}"#,
        )
        .unwrap();
        assert_eq!(m.code_object, Path::new("/x/kernel.hsaco"));
        assert_eq!(m.work_groups(), [1, 4, 1]);
        assert_eq!(m.args[2], ArgSpec::Local { bytes: 64 });
    }

    #[test]
    fn errors_name_the_key() {
        let e = parse(r#"{"kernel":"k","grid":[1],"block":[1],"args":[{"kind":"bufer"}]}"#)
            .unwrap_err();
        assert!(e.contains("args[0]: unknown kind \"bufer\""), "{e}");
        let e = parse(r#"{"kernel":"k","grid":[0],"block":[1]}"#).unwrap_err();
        assert!(e.contains("\"grid\"[0] must be a positive integer"), "{e}");
        let e = parse(r#"{"kernel":"k","grid":[1],"block":[2048]}"#).unwrap_err();
        assert!(e.contains("at most 1024"), "{e}");
    }
}
