//! Buffered device printf (`-mprintf-kind=buffered`): the kernel takes `hidden_printf_buffer`, a pointer to a
//! buffer the runtime gives every dispatch, and writes one record per printf call into it; the runtime formats the
//! records when the dispatch ends. Nothing answers the kernel while it runs, so the output does not depend on the
//! schedule beyond the order in which waves reserved their records.
//!
//! The layout (learnt from the ROCm device libraries' `__printf_alloc` and the records clang-22 emits for gfx950;
//! AMDGPUUsage "amdhsa.printf"):
//! - header: dword 0 the bytes of records written so far (the kernel's atomic reservation counter, 0 at launch),
//!   dword 1 the buffer's size in bytes, header included; records start at byte 8. A record that does not fit is
//!   not written (the device's reservation fails and that printf prints nothing): it is dropped, as on a GPU.
//! - record: a control dword (bit 0 the stream, 1 = stderr; bit 1 the format is a constant the metadata holds;
//!   bits 2-31 the record's size in bytes, control dword included), then either the 64-bit ID of a constant
//!   format (the low 64 bits of its MD5, which `amdhsa.printf` pairs with the text as `0:0:<hex id>,<format>`) or
//!   the format string inline (NUL-terminated, zero-padded to whole 8-byte words), then the arguments as
//!   hostcall printf sends them (`printf::Args`: every one widened to 8 bytes, `%s` inline) — except that with a
//!   format known only at run time the compiler cannot tell which arguments are strings and sends every `%s`
//!   argument as its device address: the host reads the string from device memory when it prints.

use super::{printf, Printed, Stream};
use crate::exec::{GlobalMemory, Region, RegionKind};

/// Device address of the printf buffer (below the hostcall buffer, away from every other region).
pub const PRINTF_BUFFER_BASE: u64 = 0x0000_0d00_0000_0000;
/// The buffer size when the program sets none: HIP's `hipLimitPrintfFifoSize` as wavescope's runtime reports it
/// (`hipDeviceGetLimit`), 4 MiB.
pub const PRINTF_BUFFER_DEFAULT_BYTES: u32 = 4 << 20;
/// Header bytes before the first record.
const HEADER_BYTES: u64 = 8;

/// The printf buffer of one dispatch and the code object's format table.
pub struct PrintfBuffer {
    pub addr: u64,
    /// Bytes, header included.
    pub size: u64,
    /// (ID, format) of every constant format in `amdhsa.printf`.
    formats: Vec<(u64, Vec<u8>)>,
}

/// The (ID, format) pairs of `amdhsa.printf` entries in buffered printf's form: `ID:N:S[0]:..:S[N-1]:<format>`
/// (AMDGPUUsage), where HIP's buffered printf writes ID 0, N 0 and a format field `<hex id>,<format text>`.
/// Entries of another form (OpenCL's numbered IDs) are left out: no HIP record names them.
pub fn parse_formats(entries: &[String]) -> Vec<(u64, Vec<u8>)> {
    let mut out = Vec::new();
    for e in entries {
        let mut fields = e.splitn(3, ':');
        let (Some(_id), Some(n), Some(rest)) = (fields.next(), fields.next(), fields.next()) else {
            continue;
        };
        let Ok(n) = n.parse::<usize>() else {
            continue;
        };
        // skip the N argument sizes
        let mut rest = rest;
        let mut ok = true;
        for _ in 0..n {
            match rest.split_once(':') {
                Some((_, r)) => rest = r,
                None => ok = false,
            }
        }
        let Some((hex, text)) = rest.split_once(',').filter(|_| ok) else {
            continue;
        };
        if hex.is_empty() || hex.len() > 16 {
            continue;
        }
        if let Ok(id) = u64::from_str_radix(hex, 16) {
            out.push((id, text.as_bytes().to_vec()));
        }
    }
    out
}

impl PrintfBuffer {
    /// Map a zeroed buffer of `bytes` bytes (at least its 8-byte header) with its header set, as the runtime
    /// hands it to a dispatch.
    pub fn map(
        mem: &mut GlobalMemory,
        bytes: u32,
        entries: &[String],
    ) -> Result<PrintfBuffer, String> {
        let size = (bytes as u64).max(HEADER_BYTES);
        let mut header = [0u8; 8];
        header[4..].copy_from_slice(&(size as u32).to_le_bytes());
        mem.map(Region::try_new(
            PRINTF_BUFFER_BASE,
            &header,
            size,
            "printf buffer",
            RegionKind::Other,
            true,
        )?)?;
        Ok(PrintfBuffer {
            addr: PRINTF_BUFFER_BASE,
            size,
            formats: parse_formats(entries),
        })
    }

    /// Decode the records from byte `from` (of the record area) to the end of what the kernel reserved. Returns
    /// where decoding stopped, what the records print, and the error that stopped it early, if any.
    pub fn decode(&self, mem: &GlobalMemory, from: u64) -> (u64, Vec<Printed>, Option<String>) {
        let mut out = Vec::new();
        let used = match mem.read_u32(self.addr) {
            Ok(u) => (u as u64).min(self.size - HEADER_BYTES),
            Err(e) => return (from, out, Some(format!("cannot read its header: {e}"))),
        };
        let mut pos = from;
        while pos < used {
            match self.record(mem, pos, used) {
                Ok((size, p)) => {
                    out.push(p);
                    pos += size;
                }
                Err(e) => {
                    return (
                        used,
                        out,
                        Some(format!(
                            "record at byte {} of the buffer (device address {:#x}): {e}; the records after it \
                             are not printed",
                            HEADER_BYTES + pos,
                            self.addr + HEADER_BYTES + pos
                        )),
                    )
                }
            }
        }
        (pos, out, None)
    }

    fn record(&self, mem: &GlobalMemory, pos: u64, used: u64) -> Result<(u64, Printed), String> {
        let at = self.addr + HEADER_BYTES + pos;
        let control = mem.read_u32(at).map_err(|e| e.to_string())?;
        let size = (control >> 2) as u64;
        if control == 0 {
            return Err("its control dword is 0 (space reserved but no record written)".into());
        }
        if size < 12 || (size - 4) % 8 != 0 || pos + size > used {
            return Err(format!(
                "its control dword 0x{control:x} gives a size of {size} bytes, which is not 4 + a multiple of 8 \
                 within the {used} bytes written"
            ));
        }
        let mut body = vec![0u8; (size - 4) as usize];
        mem.read(at + 4, &mut body).map_err(|e| e.to_string())?;
        let words: Vec<u64> = body
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        let stream = if control & 1 != 0 {
            Stream::Stderr
        } else {
            Stream::Stdout
        };
        let (fmt, mut args) = if control & 2 != 0 {
            let id = words[0];
            let fmt = self
                .formats
                .iter()
                .find(|(k, _)| *k == id)
                .map(|(_, f)| f.clone())
                .ok_or_else(|| {
                    format!(
                        "its format ID {id:016x} is not in the code object's amdhsa.printf table ({} formats)",
                        self.formats.len()
                    )
                })?;
            (fmt, printf::Args::new(&words[1..]))
        } else {
            // A format known only at run time: the compiler could not tell the strings among the arguments, so
            // every `%s` argument is its device address.
            let mut args = printf::Args::new(&words).with_strings_at(mem);
            let fmt = args
                .string()
                .map_err(|_| "its inline format string has no NUL terminator".to_string())?;
            (fmt, args)
        };
        let text = printf::format(&fmt, &mut args).map_err(|e| {
            format!(
                "{e} (format \"{}\")",
                String::from_utf8_lossy(&fmt).escape_debug()
            )
        })?;
        Ok((size, Printed { stream, text }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::tests::words;

    /// Write one record as the device code does: reserve, then control dword and body.
    fn put(mem: &GlobalMemory, pb: &PrintfBuffer, control_bits: u32, body: &[u64]) -> bool {
        let size = 4 + 8 * body.len() as u32;
        let off = mem.read_u32(pb.addr).unwrap();
        if HEADER_BYTES + off as u64 + size as u64 > pb.size {
            return false; // __printf_alloc fails: nothing written
        }
        mem.write_u32(pb.addr, off + size).unwrap();
        let at = pb.addr + HEADER_BYTES + off as u64;
        mem.write_u32(at, size << 2 | control_bits).unwrap();
        for (k, w) in body.iter().enumerate() {
            mem.write(at + 4 + 8 * k as u64, &w.to_le_bytes()).unwrap();
        }
        true
    }

    #[test]
    fn the_format_table_pairs_ids_with_texts() {
        let t = parse_formats(&[
            "0:0:aab70e2506f09753,lane %d x=%s\n".to_string(),
            "0:0:5,a:b,c".to_string(),
            "1:1:4:%d\n".to_string(), // OpenCL form: no ID of ours
        ]);
        assert_eq!(
            t,
            vec![
                (0xaab70e2506f09753, b"lane %d x=%s\n".to_vec()),
                (5, b"a:b,c".to_vec())
            ]
        );
    }

    #[test]
    fn records_decode_in_buffer_order_and_overflow_drops_records() {
        let mut mem = GlobalMemory::new();
        let pb =
            PrintfBuffer::map(&mut mem, 8 + 3 * 28, &["0:0:2a,x=%d %s\n".to_string()]).unwrap();
        assert_eq!(
            mem.read_u32(pb.addr + 4).unwrap(),
            8 + 3 * 28,
            "size in the header"
        );
        let s = words("ok");
        assert!(put(&mem, &pb, 2, &[0x2a, (-3i32) as u32 as u64, s[0]]));
        // an inline (non-constant) format on stderr
        let f = words("inline %u|");
        assert!(put(&mem, &pb, 1, &[f[0], f[1], 7]));
        // does not fit (28 + 28 used, 28 left, this one needs 36): dropped by the device; a smaller one still fits
        assert!(!put(&mem, &pb, 2, &[0x2a, 1, s[0], 0]));
        assert!(put(&mem, &pb, 2, &[0x2a, 5, s[0]]));
        let (done, p, e) = pb.decode(&mem, 0);
        assert_eq!(e, None);
        assert_eq!(done, 84);
        let texts: Vec<_> = p
            .iter()
            .map(|p| String::from_utf8_lossy(&p.text).to_string())
            .collect();
        assert_eq!(texts, ["x=-3 ok\n", "inline 7|", "x=5 ok\n"]);
        assert_eq!(p[1].stream, Stream::Stderr);
        assert_eq!(p[0].stream, Stream::Stdout);
        // nothing new: nothing printed twice
        assert!(pb.decode(&mem, done).1.is_empty());
    }

    #[test]
    fn a_run_time_format_reads_its_strings_from_device_memory() {
        let mut mem = GlobalMemory::new();
        mem.map(Region::new(
            0x5000,
            b"from memory\0",
            16,
            "s",
            RegionKind::Other,
            false,
        ))
        .unwrap();
        let pb = PrintfBuffer::map(&mut mem, 256, &[]).unwrap();
        let f = words("<%s|%5.4s|%s>");
        assert!(put(&mem, &pb, 0, &[f[0], f[1], 0x5000, 0x5005, 0]));
        // an address no region holds: one clear error
        assert!(put(&mem, &pb, 0, &[f[0], f[1], 0x9000, 0x5005, 0]));
        let (_, p, e) = pb.decode(&mem, 0);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].text, b"<from memory| memo|(null)>");
        let e = e.unwrap();
        assert!(e.contains("%s argument 1 at 0x9000"), "{e}");
    }

    #[test]
    fn a_bad_record_is_one_clear_error() {
        let mut mem = GlobalMemory::new();
        let pb = PrintfBuffer::map(&mut mem, 256, &["0:0:2a,x=%d\n".to_string()]).unwrap();
        assert!(put(&mem, &pb, 2, &[0x2a, 1]));
        assert!(put(&mem, &pb, 2, &[0x2b, 1]));
        let (_, p, e) = pb.decode(&mem, 0);
        assert_eq!(p.len(), 1);
        let e = e.unwrap();
        assert!(
            e.contains("format ID 000000000000002b") && e.contains("byte 28"),
            "{e}"
        );
        // reserved but never written
        let mut mem = GlobalMemory::new();
        let pb = PrintfBuffer::map(&mut mem, 256, &[]).unwrap();
        mem.write_u32(pb.addr, 20).unwrap();
        let e = pb.decode(&mem, 0).2.unwrap();
        assert!(e.contains("control dword is 0"), "{e}");
    }
}
