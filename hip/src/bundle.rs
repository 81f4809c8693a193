//! Clang offload bundles in a program's fat binary: the format lives in the core
//! (`wavescope::code_object::bundle`); here the size of an image known only by its address.

#[cfg(test)]
use wavescope::code_object::bundle::decompress;
pub use wavescope::code_object::bundle::{pick_gfx950, CCOB, MAGIC};

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
        // the runtime's order on a gfx950 device: the exact processor, else the generic one it belongs to
        let generic = bundle(&[
            ("hipv4-amdgcn-amd-amdhsa--gfx9-4-generic", b"g94"),
            ("hipv4-amdgcn-amd-amdhsa--gfx950", b"950"),
        ]);
        assert_eq!(pick_gfx950(&generic).unwrap(), b"950");
        let generic = bundle(&[
            ("hipv4-amdgcn-amd-amdhsa--gfx942", b"942"),
            ("hipv4-amdgcn-amd-amdhsa--gfx9-4-generic:xnack-", b"g94"),
        ]);
        assert_eq!(pick_gfx950(&generic).unwrap(), b"g94");
        let other_generic = bundle(&[("hipv4-amdgcn-amd-amdhsa--gfx9-generic", b"g9")]);
        assert!(pick_gfx950(&other_generic).is_err());
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
