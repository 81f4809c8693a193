//! Clang offload bundles: `__CLANG_OFFLOAD_BUNDLE__` (uncompressed) and `CCOB` (compressed, versions 1 to 3,
//! zlib or zstd), as clang-offload-bundler writes them; picking the gfx950 code object.

use std::io::Read;

const MAGIC: &[u8] = b"__CLANG_OFFLOAD_BUNDLE__";
const CCOB: &[u8] = b"CCOB";
/// Upper bound on a decompressed bundle (sizes are checked before anything is allocated).
const MAX_BUNDLE: u64 = 4 << 30;

/// One entry: its target triple (e.g. `hipv4-amdgcn-amd-amdhsa--gfx950`) and bytes.
pub struct Entry {
    pub triple: String,
    pub bytes: Vec<u8>,
}

/// How many bytes the bundle (or ELF) starting at `p` spans, read from its own header. `None` when `p` holds
/// neither.
///
/// # Safety
/// `p` must point to readable memory holding a complete bundle or ELF image.
pub unsafe fn image_size(p: *const u8) -> Option<usize> {
    let head = std::slice::from_raw_parts(p, 32);
    if head.starts_with(MAGIC) {
        let n = u64::from_le_bytes(head[24..32].try_into().unwrap());
        if n > 4096 {
            return None;
        }
        let mut off = 32usize;
        let mut end = off;
        for _ in 0..n {
            let h = std::slice::from_raw_parts(p.add(off), 24);
            let (eo, es, ts) = (le64(h, 0), le64(h, 8), le64(h, 16));
            if ts > 4096 {
                return None;
            }
            off += 24 + ts as usize;
            end = end.max(off).max((eo + es) as usize);
        }
        return Some(end);
    }
    if head.starts_with(CCOB) {
        let version = u16::from_le_bytes([head[4], head[5]]);
        return match version {
            2 => Some(u32::from_le_bytes(head[8..12].try_into().unwrap()) as usize),
            3 => Some(le64(head, 8) as usize),
            _ => None,
        };
    }
    if head.starts_with(b"\x7fELF") {
        // ELF64: the section header table is last in what the linker writes.
        let h = std::slice::from_raw_parts(p, 64);
        let shoff = le64(h, 40);
        let shentsize = u16::from_le_bytes([h[58], h[59]]) as u64;
        let shnum = u16::from_le_bytes([h[60], h[61]]) as u64;
        let phoff = le64(h, 32);
        let phentsize = u16::from_le_bytes([h[54], h[55]]) as u64;
        let phnum = u16::from_le_bytes([h[56], h[57]]) as u64;
        let mut end = (shoff + shentsize * shnum).max(phoff + phentsize * phnum);
        for i in 0..shnum {
            let s = std::slice::from_raw_parts(p.add((shoff + i * shentsize) as usize), 64);
            let ty = u32::from_le_bytes(s[4..8].try_into().unwrap());
            if ty != 8 {
                // not SHT_NOBITS
                end = end.max(le64(s, 24) + le64(s, 32));
            }
        }
        return Some(end as usize);
    }
    None
}

fn le64(b: &[u8], at: usize) -> u64 {
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
        let triple = data
            .get(off..off + ts as usize)
            .ok_or(format!("offload bundle entry {i}: triple past the end"))?;
        off += ts as usize;
        let bytes = data.get(eo as usize..(eo + es) as usize).ok_or(format!(
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
    let mut out = Vec::with_capacity(size as usize);
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

/// The gfx950 code object of a bundle, or a message naming the targets it has.
pub fn pick_gfx950(data: &[u8]) -> Result<Vec<u8>, String> {
    let es = entries(data)?;
    if let Some(e) = es.iter().find(|e| processor(&e.triple) == Some("gfx950")) {
        return Ok(e.bytes.clone());
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

#[cfg(test)]
mod tests {
    use super::*;

    fn bundle(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut head = MAGIC.to_vec();
        head.extend((entries.len() as u64).to_le_bytes());
        let table: usize = entries.iter().map(|(t, _)| 24 + t.len()).sum();
        let mut off = (32 + table) as u64;
        let mut body: Vec<u8> = Vec::new();
        for (t, b) in entries {
            head.extend(off.to_le_bytes());
            head.extend((b.len() as u64).to_le_bytes());
            head.extend((t.len() as u64).to_le_bytes());
            head.extend(t.as_bytes());
            body.extend_from_slice(b);
            off += b.len() as u64;
        }
        head.extend(body);
        head
    }

    #[test]
    fn picks_gfx950_and_names_other_targets() {
        let b = bundle(&[
            ("host-x86_64-unknown-linux-gnu-", b""),
            ("hipv4-amdgcn-amd-amdhsa--gfx942", b"942"),
            ("hipv4-amdgcn-amd-amdhsa--gfx950", b"950"),
        ]);
        assert_eq!(pick_gfx950(&b).unwrap(), b"950");
        assert_eq!(unsafe { image_size(b.as_ptr()) }, Some(b.len()));
        let only = bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx942:xnack-", b"x")]);
        let e = pick_gfx950(&only).unwrap_err();
        assert!(e.contains("gfx942:xnack-"), "{e}");
    }

    #[test]
    fn ccob_v2_zlib_and_v3_zstd_header_sizes() {
        let b = bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx950", b"code")]);
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        std::io::Write::write_all(&mut z, &b).unwrap();
        let body = z.finish().unwrap();
        let mut c = b"CCOB".to_vec();
        c.extend(2u16.to_le_bytes());
        c.extend(0u16.to_le_bytes());
        c.extend(((24 + body.len()) as u32).to_le_bytes());
        c.extend((b.len() as u32).to_le_bytes());
        c.extend(0u64.to_le_bytes());
        c.extend(&body);
        assert_eq!(pick_gfx950(&c).unwrap(), b"code");
        assert_eq!(unsafe { image_size(c.as_ptr()) }, Some(c.len()));
        // a header whose total size runs past the data is refused before decompressing
        let mut bad = c.clone();
        bad[8..12].copy_from_slice(&u32::MAX.to_le_bytes());
        assert!(decompress(&bad).unwrap_err().contains("do not fit"));
    }
}
