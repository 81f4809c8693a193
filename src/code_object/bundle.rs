//! Clang offload bundles: `__CLANG_OFFLOAD_BUNDLE__` (uncompressed) and `CCOB` (compressed, versions 1 to 3,
//! zlib or zstd), as clang-offload-bundler writes them; picking the gfx950 code object. `CodeObject::load`
//! opens a bundle file (a multi-arch `--offload-device-only` build, compressed or not) through `pick_gfx950`;
//! the HIP runtime finds bundles in a program's fat binary.

use std::io::Read;

pub const MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
pub const CCOB: &[u8] = b"CCOB";
/// Upper bound on a decompressed bundle (sizes are checked before anything is allocated).
const MAX_BUNDLE: u64 = 4 << 30;

/// One entry: its target triple (e.g. `hipv4-amdgcn-amd-amdhsa--gfx950`) and bytes.
pub struct Entry {
    pub triple: String,
    pub bytes: Vec<u8>,
}

/// A HIP host program or shared library (an ELF for another machine) carries its device code as offload bundles
/// in the `.hip_fatbin` section, one per translation unit, each on a 4096-byte boundary. `Some` for such a file:
/// its one bundle, or a message when it has none or several (which unit to take is not the loader's guess).
/// `None` for anything else (an AMDGPU ELF, a bundle file, or a host ELF without device code, which the ELF
/// header check then names).
pub fn host_fat_binary(data: &[u8]) -> Option<Result<Vec<u8>, String>> {
    Some(host_fat_binaries(data)?.and_then(|mut all| match all.len() {
        1 => Ok(all.remove(0)),
        n => Err(format!(
            "a host program with {n} offload bundles in .hip_fatbin (one per translation unit); name a kernel \
             (a manifest's kernel, disasm --kernel) to pick its bundle, or extract one with clang-offload-bundler \
             --unbundle --type=o --targets=hipv4-amdgcn-amd-amdhsa--gfx950"
        )),
    }))
}

/// Every offload bundle in a host program's `.hip_fatbin` section, in section order: a program linked from
/// several HIP translation units (a PyTorch extension's .cu files) has one bundle per unit, each starting on a
/// 4096-byte boundary. `None` when `data` is not a host ELF with that section; an error when it holds none.
pub fn host_fat_binaries(data: &[u8]) -> Option<Result<Vec<Vec<u8>>, String>> {
    use object::{Object, ObjectSection};
    const EM_AMDGPU: u16 = 224;
    if data.len() < 20
        || !data.starts_with(b"\x7fELF")
        || u16::from_le_bytes([data[18], data[19]]) == EM_AMDGPU
    {
        return None;
    }
    let file = object::File::parse(data).ok()?;
    let fatbin = file.section_by_name(".hip_fatbin")?.data().ok()?;
    let starts: Vec<usize> = (0..fatbin.len())
        .step_by(4096)
        .filter(|&at| is_bundle(&fatbin[at..]))
        .collect();
    if starts.is_empty() {
        return Some(Err(
            "a host program whose .hip_fatbin section holds no offload bundle".into(),
        ));
    }
    // each bundle runs to the next one's start (its own entries say where its code objects end)
    let ends = starts.iter().skip(1).copied().chain([fatbin.len()]);
    Some(Ok(starts
        .iter()
        .zip(ends)
        .map(|(&a, b)| fatbin[a..b].to_vec())
        .collect()))
}

/// Whether `data` starts like an offload bundle (either kind).
pub fn is_bundle(data: &[u8]) -> bool {
    data.starts_with(MAGIC) || data.starts_with(CCOB)
}

pub fn le64(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

/// The entries of a bundle (decompressing a `CCOB`).
pub fn entries(data: &[u8]) -> Result<Vec<Entry>, String> {
    if data.starts_with(CCOB) {
        return entries(&decompress(data)?);
    }
    if !data.starts_with(MAGIC) {
        return Err(
            "not a clang offload bundle (no __CLANG_OFFLOAD_BUNDLE__ or CCOB magic)".into(),
        );
    }
    let get = |at: usize| -> Result<u64, String> {
        data.get(at..at + 8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap()))
            .ok_or_else(|| format!("offload bundle truncated at byte {at}"))
    };
    let n = get(24)?;
    if n > 4096 {
        return Err(format!("offload bundle claims {n} entries"));
    }
    let mut out = Vec::new();
    let mut off = 32usize;
    for i in 0..n {
        let (eo, es, ts) = (get(off)?, get(off + 8)?, get(off + 16)?);
        off += 24;
        let past = || format!("offload bundle entry {i}: triple past the end");
        let triple_end = off
            .checked_add(usize::try_from(ts).map_err(|_| past())?)
            .ok_or_else(past)?;
        let triple = data.get(off..triple_end).ok_or_else(past)?;
        off = triple_end;
        // eo + es can wrap on a corrupt header: checked, never a panic
        let bytes = eo
            .checked_add(es)
            .and_then(|end| data.get(usize::try_from(eo).ok()?..usize::try_from(end).ok()?))
            .ok_or(format!(
                "offload bundle entry {i}: bytes {eo}+{es} past the end ({} bytes)",
                data.len()
            ))?;
        out.push(Entry {
            triple: String::from_utf8_lossy(triple).into_owned(),
            bytes: bytes.to_vec(),
        });
    }
    Ok(out)
}

/// Decompress a `CCOB` bundle: header `CCOB`, u16 version, u16 method (0 zlib, 1 zstd), then
/// v1: u32 uncompressed size, u64 hash; v2: u32 total size, u32 uncompressed size, u64 hash;
/// v3: u64 total size, u64 uncompressed size, u64 hash.
pub fn decompress(data: &[u8]) -> Result<Vec<u8>, String> {
    let short = || "compressed offload bundle header truncated".to_string();
    let version = u16::from_le_bytes(data.get(4..6).ok_or_else(short)?.try_into().unwrap());
    let method = u16::from_le_bytes(data.get(6..8).ok_or_else(short)?.try_into().unwrap());
    let (total, size, header) = match version {
        1 => (
            data.len() as u64,
            u32::from_le_bytes(data.get(8..12).ok_or_else(short)?.try_into().unwrap()) as u64,
            20,
        ),
        2 => (
            u32::from_le_bytes(data.get(8..12).ok_or_else(short)?.try_into().unwrap()) as u64,
            u32::from_le_bytes(data.get(12..16).ok_or_else(short)?.try_into().unwrap()) as u64,
            24,
        ),
        3 => (
            le64(data.get(0..16).ok_or_else(short)?, 8),
            le64(data.get(0..24).ok_or_else(short)?, 16),
            32,
        ),
        v => {
            return Err(format!(
                "compressed offload bundle version {v} is not known (1 to 3 are)"
            ))
        }
    };
    if size > MAX_BUNDLE || total > data.len() as u64 || total < header as u64 {
        return Err(format!(
            "compressed offload bundle: sizes (total {total}, uncompressed {size}) do not fit its {} bytes",
            data.len()
        ));
    }
    let body = &data[header..total as usize];
    // grow as the stream yields: a header's claimed size alone never allocates
    let mut out = Vec::with_capacity(size.min(16 << 20) as usize);
    match method {
        0 => flate2::read::ZlibDecoder::new(body)
            .take(size)
            .read_to_end(&mut out)
            .map_err(|e| format!("zlib: {e}"))?,
        1 => {
            let mut src = body;
            let mut d = ruzstd::decoding::StreamingDecoder::new(&mut src)
                .map_err(|e| format!("zstd: {e}"))?;
            (&mut d)
                .take(size)
                .read_to_end(&mut out)
                .map_err(|e| format!("zstd: {e}"))?
        }
        m => {
            return Err(format!(
                "compression method {m} is not known (0 zlib, 1 zstd)"
            ))
        }
    };
    if out.len() as u64 != size {
        return Err(format!(
            "compressed offload bundle: {} bytes decompressed, header says {size}",
            out.len()
        ));
    }
    Ok(out)
}

/// The processor of a HIP entry's triple (`hipv4-amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-` -> `gfx950`).
pub fn processor(triple: &str) -> Option<&str> {
    if !triple.starts_with("hip") || !triple.contains("amdgcn") {
        return None;
    }
    let target = triple.rsplit("--").next()?;
    target.split(':').next()
}

/// The gfx950 code object of a bundle, else its gfx9-4-generic one (the ROCm runtime's choice on a gfx950
/// device: the exact processor first, then the generic one it belongs to), or a message naming the targets it has.
pub fn pick_gfx950(data: &[u8]) -> Result<Vec<u8>, String> {
    let es = entries(data)?;
    for wanted in ["gfx950", "gfx9-4-generic"] {
        if let Some(e) = es.iter().find(|e| processor(&e.triple) == Some(wanted)) {
            return Ok(e.bytes.clone());
        }
    }
    let targets: Vec<&str> = es
        .iter()
        .filter(|e| processor(&e.triple).is_some())
        .map(|e| e.triple.as_str())
        .collect();
    Err(format!(
        "no gfx950 code object in the program's offload bundle (it has: {}); rebuild with --offload-arch=gfx950",
        if targets.is_empty() {
            "no GPU code objects".to_string()
        } else {
            targets.join(", ")
        }
    ))
}
