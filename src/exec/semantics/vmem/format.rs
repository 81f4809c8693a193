//! Typed-buffer data conversion (`ConvertFromFormat` / `ConvertToFormat` of pseudocode.md BUFFER_LOAD_FORMAT_*,
//! TBUFFER_*): DFMT/NFMT as in encodings.md MTBUF (MI200 Table 29). Supported: the uniform-channel formats
//! 8, 16, 32, 8_8, 16_16, 32_32, 32_32_32, 8_8_8_8, 16_16_16_16, 32_32_32_32 with every NFMT that applies; the packed
//! formats (10_11_11, 11_11_10, 10_10_10_2, 2_10_10_10) and 8-bit float are not implemented (the handler faults).

use half::f16;

pub(crate) const UNORM: u8 = 0;
pub(crate) const SNORM: u8 = 1;
pub(crate) const USCALED: u8 = 2;
pub(crate) const SSCALED: u8 = 3;
pub(crate) const UINT: u8 = 4;
pub(crate) const SINT: u8 = 5;
pub(crate) const FLOAT: u8 = 7;

/// A data format: channel width in bits, channel count, number format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fmt {
    pub bits: u32,
    pub chans: u32,
    pub nfmt: u8,
}

impl Fmt {
    pub fn decode(dfmt: u8, nfmt: u8) -> Option<Fmt> {
        let (bits, chans) = match dfmt {
            1 => (8, 1),
            2 => (16, 1),
            3 => (8, 2),
            4 => (32, 1),
            5 => (16, 2),
            10 => (8, 4),
            11 => (32, 2),
            12 => (16, 4),
            13 => (32, 3),
            14 => (32, 4),
            _ => return None,
        };
        match nfmt {
            UNORM | SNORM | USCALED | SSCALED | UINT | SINT => {}
            FLOAT if bits >= 16 => {}
            _ => return None,
        }
        Some(Fmt { bits, chans, nfmt })
    }

    /// Bytes of one element (all channels).
    pub fn bytes(self) -> usize {
        (self.bits * self.chans / 8) as usize
    }

    /// Integer formats return integers, the others floats (MI200 §9.1.3 "Read Data Format").
    pub fn is_float(self) -> bool {
        !matches!(self.nfmt, UINT | SINT)
    }

    fn max_u(self) -> u32 {
        if self.bits == 32 {
            u32::MAX
        } else {
            (1u32 << self.bits) - 1
        }
    }

    fn sext(self, raw: u32) -> i32 {
        let sh = 32 - self.bits;
        ((raw << sh) as i32) >> sh
    }

    /// The 32-bit VGPR value of channel bits `raw`. 32-bit channels are not converted (MI200 §9.1.3).
    pub fn load(self, raw: u32) -> u32 {
        if self.bits == 32 {
            return raw;
        }
        let s = self.sext(raw);
        match self.nfmt {
            UINT => raw,
            SINT => s as u32,
            FLOAT => f16::from_bits(raw as u16).to_f32().to_bits(),
            UNORM => (raw as f32 / self.max_u() as f32).to_bits(),
            SNORM => (s as f32 / (self.max_u() >> 1) as f32).max(-1.0).to_bits(),
            USCALED => (raw as f32).to_bits(),
            _ => (s as f32).to_bits(), // SSCALED
        }
    }

    /// The 16-bit VGPR half of a D16 load: floats as f16, integers truncated to 16 bits.
    pub fn load_d16(self, raw: u32) -> u16 {
        match self.nfmt {
            FLOAT if self.bits == 16 => raw as u16,
            UINT => raw as u16,
            SINT => self.sext(raw) as u16,
            _ => f16::from_f32(f32::from_bits(self.load(raw))).to_bits(),
        }
    }

    /// Channel bits stored for the 32-bit VGPR value `v`: floats round to nearest even, normalised values are
    /// clamped and rounded, integers keep their low bits.
    pub fn store(self, v: u32) -> u32 {
        if self.bits == 32 {
            return v;
        }
        let m = self.max_u();
        let f = f32::from_bits(v);
        match self.nfmt {
            UINT | SINT => v & m,
            FLOAT => f16::from_f32(f).to_bits() as u32,
            UNORM => (f.clamp(0.0, 1.0) * m as f32).round_ties_even() as u32,
            SNORM => ((f.clamp(-1.0, 1.0) * (m >> 1) as f32).round_ties_even() as i32 as u32) & m,
            USCALED => (f.clamp(0.0, m as f32) as u32) & m,
            _ => {
                let h = (m >> 1) as f32;
                ((f.clamp(-h - 1.0, h) as i32) as u32) & m
            }
        }
    }

    /// Channel bits stored for the 16-bit VGPR half `h` of a D16 store.
    pub fn store_d16(self, h: u16) -> u32 {
        match self.nfmt {
            FLOAT if self.bits == 16 => h as u32,
            UINT => (h as u32) & self.max_u(),
            SINT => (h as i16 as i32 as u32) & self.max_u(),
            _ => self.store(f16::from_bits(h).to_f32().to_bits()),
        }
    }

    /// The value a dst_sel of 1 selects: 1.0 for float formats, 1 for integer ones.
    pub fn one(self, d16: bool) -> u32 {
        match (self.is_float(), d16) {
            (true, false) => 0x3F80_0000,
            (true, true) => 0x3C00,
            _ => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        let unorm8 = Fmt::decode(1, UNORM).unwrap();
        assert_eq!(f32::from_bits(unorm8.load(255)), 1.0);
        assert_eq!(f32::from_bits(unorm8.load(51)), 0.2);
        assert_eq!(unorm8.store(0.2f32.to_bits()), 51);
        let snorm16 = Fmt::decode(2, SNORM).unwrap();
        assert_eq!(f32::from_bits(snorm16.load(0x8000)), -1.0); // -32768/32767 clamps to -1
        assert_eq!(snorm16.store((-1.0f32).to_bits()), 0x8001);
        let sint8 = Fmt::decode(1, SINT).unwrap();
        assert_eq!(sint8.load(0x80), 0xFFFF_FF80);
        let f16x2 = Fmt::decode(5, FLOAT).unwrap();
        assert_eq!(f16x2.load(0x3C00), 0x3F80_0000);
        assert_eq!(f16x2.store(0x3F80_0000), 0x3C00);
        assert_eq!(Fmt::decode(8, FLOAT), None);
        assert_eq!(Fmt::decode(1, FLOAT), None);
    }
}
