//! MFMA/SMFMAC shapes and register layouts (CDNA4 guide §7.1.4 "General input and output layout", §7.1.5
//! "8-bit and smaller" tables, §7.5 sparse layouts; mfma.md for opcodes and register counts).
//!
//! Input layout (§7.1.4.1): with K_L = K / (64 / (M·B)) values per lane, A[b,i,k] is item k % K_L of lane
//! i + M·(b + B·(k / K_L)) (B analogously with N and j). The gfx950 tables of §7.1.5/§7.5 refine this for
//! operands wider than four registers: the lane's items come in chunks of at most 128 bits (4 registers), and
//! chunk c covers K range [c·K/NC, (c+1)·K/NC) with the same per-lane-group placement inside it (e.g. FP8
//! 16x16x128: v0–v3 of lanes 16–31 hold k = 16..31, v4–v7 hold k = 80..95). 6- and 4-bit operands are one
//! chunk (FP6 16x16x128: lanes 0–15 hold k = 0..31 in v0–v5). With one chunk this is exactly the formula.
//!
//! Output layout (§7.1.4.2, f64 see `output_pos`): H = 4, B_I = ceil(64 / (N·M / H)), M_I = (64 / B_I) / N,
//! G = M / (H·M_I); D[b,i,j] is item (i % H) + H·(i / (H·M_I) + G·(b / B_I)) of lane
//! j + N·((i / H) % M_I + M_I·(b % B_I)). Items are registers (register pairs for f64).
//!
//! Cross-check: these layouts, the block-based CBSZ/ABID rule and BLGP were compared entry by entry with
//! AMD's Matrix Instruction Calculator (CDNA3 mode) for every CDNA3-era shape (dense f32/f16/bf16/i8/fp8/f64
//! and SMFMAC A/index layouts, incl. index-set selection): 0 differences.

use super::super::vop3p::lowfloat::Low;
use crate::isa::Op;

/// Element type of an A or B operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    F32,
    F16,
    BF16,
    I8,
    F64,
    /// FP8/BF8/FP6/BF6/FP4.
    Low(Low),
    /// V_MFMA_*_F8F6F4: the type comes from CBSZ (A) / BLGP (B).
    F8F6F4,
}

impl Ty {
    pub const fn bits(self) -> u32 {
        match self {
            Ty::F32 => 32,
            Ty::F16 | Ty::BF16 => 16,
            Ty::I8 => 8,
            Ty::F64 => 64,
            Ty::Low(l) => l.bits(),
            Ty::F8F6F4 => 8,
        }
    }
}

/// Accumulator (C/D) type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Acc {
    F32,
    I32,
    F64,
}

/// One MFMA/SMFMAC instruction's geometry and types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub m: usize,
    pub n: usize,
    pub k: usize,
    pub blocks: usize,
    pub a: Ty,
    pub b: Ty,
    pub acc: Acc,
    /// SMFMAC: A is 4:2 sparse (compressed, half the values), SRC2 is the index VGPR, C is D.
    pub sparse: bool,
}

impl Shape {
    /// Items (elements) of a dense A per lane.
    pub const fn a_items(&self) -> usize {
        self.blocks * self.m * self.k / 64
    }
    pub const fn b_items(&self) -> usize {
        self.blocks * self.n * self.k / 64
    }
    /// C/D items per lane (registers, or register pairs for f64).
    pub const fn d_items(&self) -> usize {
        self.blocks * self.m * self.n / 64
    }
}

/// Lane and item of a dense input element: `mn` is the row of A (i) or column of B (j), `mn_size` M or N.
/// `items` = values per lane, `bits` = element width.
#[inline(always)]
pub fn input_pos(
    mn_size: usize,
    blocks: usize,
    k_size: usize,
    items: usize,
    bits: u32,
    lane: usize,
    item: usize,
) -> (usize, usize, usize) {
    let mn = lane % mn_size;
    let q = lane / mn_size;
    let b = q % blocks;
    let kg = q / blocks;
    let ch = chunk(items, bits);
    let nc = items / ch;
    let k = (item / ch) * (k_size / nc) + kg * ch + item % ch;
    (b, mn, k)
}

/// Items per 128-bit chunk (all items for 6- and 4-bit elements).
#[inline(always)]
pub const fn chunk(items: usize, bits: u32) -> usize {
    if bits >= 8 {
        let c = (128 / bits) as usize;
        if c < items {
            c
        } else {
            items
        }
    } else {
        items
    }
}

/// (register item, lane) of D[b,i,j] / C[b,i,j].
#[inline(always)]
pub fn output_pos(s: &Shape, b: usize, i: usize, j: usize) -> (usize, usize) {
    if s.acc == Acc::F64 {
        // f64 rows are packed contiguously, R = 64 / (N·B) rows per register pair with the blocks interleaved
        // inside each row group: D[b,i,j] in pair i / R, lane j + N·(b + B·(i % R)). This is the guide's
        // formula for the one-block 16x16x4; for 4x4x4_4B the guide's general formula would give lane
        // j + 4i + 16b, but AMD's Matrix Instruction Calculator (CDNA3) gives j + 4b + 16i, which is used.
        let r = 64 / (s.n * s.blocks);
        return (i / r, j + s.n * (b + s.blocks * (i % r)));
    }
    let h = 4;
    let per = s.n * s.m / h;
    let b_i = 64usize.div_ceil(per);
    let m_i = (64 / b_i) / s.n;
    let g = s.m / (h * m_i);
    let item = (i % h) + h * (i / (h * m_i) + g * (b / b_i));
    let lane = j + s.n * ((i / h) % m_i + m_i * (b % b_i));
    (item, lane)
}

/// The shape of an MFMA/SMFMAC op (mfma.md table).
pub fn shape(op: Op) -> Option<Shape> {
    use Op::*;
    use Ty::*;
    const FP8: Ty = Ty::Low(super::super::vop3p::lowfloat::Low::FP8);
    const BF8: Ty = Ty::Low(super::super::vop3p::lowfloat::Low::BF8);
    let d = |m, n, k, blocks, a, b, acc| {
        Some(Shape {
            m,
            n,
            k,
            blocks,
            a,
            b,
            acc,
            sparse: false,
        })
    };
    let s = |m, n, k, a, b, acc| {
        Some(Shape {
            m,
            n,
            k,
            blocks: 1,
            a,
            b,
            acc,
            sparse: true,
        })
    };
    let f = Acc::F32;
    match op {
        V_MFMA_F32_32X32X1_2B_F32 => d(32, 32, 1, 2, F32, F32, f),
        V_MFMA_F32_16X16X1_4B_F32 => d(16, 16, 1, 4, F32, F32, f),
        V_MFMA_F32_4X4X1_16B_F32 => d(4, 4, 1, 16, F32, F32, f),
        V_MFMA_F32_32X32X2_F32 => d(32, 32, 2, 1, F32, F32, f),
        V_MFMA_F32_16X16X4_F32 => d(16, 16, 4, 1, F32, F32, f),
        V_MFMA_F32_32X32X4_2B_F16 => d(32, 32, 4, 2, F16, F16, f),
        V_MFMA_F32_16X16X4_4B_F16 => d(16, 16, 4, 4, F16, F16, f),
        V_MFMA_F32_4X4X4_16B_F16 => d(4, 4, 4, 16, F16, F16, f),
        V_MFMA_F32_32X32X8_F16 => d(32, 32, 8, 1, F16, F16, f),
        V_MFMA_F32_16X16X16_F16 => d(16, 16, 16, 1, F16, F16, f),
        V_MFMA_F32_16X16X32_F16 => d(16, 16, 32, 1, F16, F16, f),
        V_MFMA_F32_32X32X16_F16 => d(32, 32, 16, 1, F16, F16, f),
        V_MFMA_F32_32X32X4_2B_BF16 => d(32, 32, 4, 2, BF16, BF16, f),
        V_MFMA_F32_16X16X4_4B_BF16 => d(16, 16, 4, 4, BF16, BF16, f),
        V_MFMA_F32_4X4X4_16B_BF16 => d(4, 4, 4, 16, BF16, BF16, f),
        V_MFMA_F32_32X32X8_BF16 => d(32, 32, 8, 1, BF16, BF16, f),
        V_MFMA_F32_16X16X16_BF16 => d(16, 16, 16, 1, BF16, BF16, f),
        V_MFMA_F32_16X16X32_BF16 => d(16, 16, 32, 1, BF16, BF16, f),
        V_MFMA_F32_32X32X16_BF16 => d(32, 32, 16, 1, BF16, BF16, f),
        V_MFMA_I32_32X32X4_2B_I8 => d(32, 32, 4, 2, I8, I8, Acc::I32),
        V_MFMA_I32_16X16X4_4B_I8 => d(16, 16, 4, 4, I8, I8, Acc::I32),
        V_MFMA_I32_4X4X4_16B_I8 => d(4, 4, 4, 16, I8, I8, Acc::I32),
        V_MFMA_I32_32X32X16_I8 => d(32, 32, 16, 1, I8, I8, Acc::I32),
        V_MFMA_I32_16X16X32_I8 => d(16, 16, 32, 1, I8, I8, Acc::I32),
        V_MFMA_I32_16X16X64_I8 => d(16, 16, 64, 1, I8, I8, Acc::I32),
        V_MFMA_I32_32X32X32_I8 => d(32, 32, 32, 1, I8, I8, Acc::I32),
        V_MFMA_F64_16X16X4_F64 => d(16, 16, 4, 1, F64, F64, Acc::F64),
        V_MFMA_F64_4X4X4_4B_F64 => d(4, 4, 4, 4, F64, F64, Acc::F64),
        V_MFMA_F32_16X16X32_BF8_BF8 => d(16, 16, 32, 1, BF8, BF8, f),
        V_MFMA_F32_16X16X32_BF8_FP8 => d(16, 16, 32, 1, BF8, FP8, f),
        V_MFMA_F32_16X16X32_FP8_BF8 => d(16, 16, 32, 1, FP8, BF8, f),
        V_MFMA_F32_16X16X32_FP8_FP8 => d(16, 16, 32, 1, FP8, FP8, f),
        V_MFMA_F32_32X32X16_BF8_BF8 => d(32, 32, 16, 1, BF8, BF8, f),
        V_MFMA_F32_32X32X16_BF8_FP8 => d(32, 32, 16, 1, BF8, FP8, f),
        V_MFMA_F32_32X32X16_FP8_BF8 => d(32, 32, 16, 1, FP8, BF8, f),
        V_MFMA_F32_32X32X16_FP8_FP8 => d(32, 32, 16, 1, FP8, FP8, f),
        V_MFMA_F32_16X16X128_F8F6F4 => d(16, 16, 128, 1, F8F6F4, F8F6F4, f),
        V_MFMA_F32_32X32X64_F8F6F4 => d(32, 32, 64, 1, F8F6F4, F8F6F4, f),
        V_SMFMAC_F32_16X16X32_F16 => s(16, 16, 32, F16, F16, f),
        V_SMFMAC_F32_32X32X16_F16 => s(32, 32, 16, F16, F16, f),
        V_SMFMAC_F32_16X16X64_F16 => s(16, 16, 64, F16, F16, f),
        V_SMFMAC_F32_32X32X32_F16 => s(32, 32, 32, F16, F16, f),
        V_SMFMAC_F32_16X16X32_BF16 => s(16, 16, 32, BF16, BF16, f),
        V_SMFMAC_F32_32X32X16_BF16 => s(32, 32, 16, BF16, BF16, f),
        V_SMFMAC_F32_16X16X64_BF16 => s(16, 16, 64, BF16, BF16, f),
        V_SMFMAC_F32_32X32X32_BF16 => s(32, 32, 32, BF16, BF16, f),
        V_SMFMAC_I32_16X16X64_I8 => s(16, 16, 64, I8, I8, Acc::I32),
        V_SMFMAC_I32_32X32X32_I8 => s(32, 32, 32, I8, I8, Acc::I32),
        V_SMFMAC_I32_16X16X128_I8 => s(16, 16, 128, I8, I8, Acc::I32),
        V_SMFMAC_I32_32X32X64_I8 => s(32, 32, 64, I8, I8, Acc::I32),
        V_SMFMAC_F32_16X16X64_BF8_BF8 => s(16, 16, 64, BF8, BF8, f),
        V_SMFMAC_F32_16X16X64_BF8_FP8 => s(16, 16, 64, BF8, FP8, f),
        V_SMFMAC_F32_16X16X64_FP8_BF8 => s(16, 16, 64, FP8, BF8, f),
        V_SMFMAC_F32_16X16X64_FP8_FP8 => s(16, 16, 64, FP8, FP8, f),
        V_SMFMAC_F32_32X32X32_BF8_BF8 => s(32, 32, 32, BF8, BF8, f),
        V_SMFMAC_F32_32X32X32_BF8_FP8 => s(32, 32, 32, BF8, FP8, f),
        V_SMFMAC_F32_32X32X32_FP8_BF8 => s(32, 32, 32, FP8, BF8, f),
        V_SMFMAC_F32_32X32X32_FP8_FP8 => s(32, 32, 32, FP8, FP8, f),
        V_SMFMAC_F32_16X16X128_BF8_BF8 => s(16, 16, 128, BF8, BF8, f),
        V_SMFMAC_F32_16X16X128_BF8_FP8 => s(16, 16, 128, BF8, FP8, f),
        V_SMFMAC_F32_16X16X128_FP8_BF8 => s(16, 16, 128, FP8, BF8, f),
        V_SMFMAC_F32_16X16X128_FP8_FP8 => s(16, 16, 128, FP8, FP8, f),
        V_SMFMAC_F32_32X32X64_BF8_BF8 => s(32, 32, 64, BF8, BF8, f),
        V_SMFMAC_F32_32X32X64_BF8_FP8 => s(32, 32, 64, BF8, FP8, f),
        V_SMFMAC_F32_32X32X64_FP8_BF8 => s(32, 32, 64, FP8, BF8, f),
        V_SMFMAC_F32_32X32X64_FP8_FP8 => s(32, 32, 64, FP8, FP8, f),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guide_examples() {
        // §7.1.3.1 V_MFMA_F32_32X32X1_2B_F32: A[b,i,0] in lane i + 32b; D[b,i,j] in lane j + 32((i/4)%2),
        // register 16b + 4(i/8) + i%4.
        let s = shape(Op::V_MFMA_F32_32X32X1_2B_F32).unwrap();
        assert_eq!(input_pos(32, 2, 1, s.a_items(), 32, 37, 0), (1, 5, 0));
        for (b, i, j) in [(0, 0, 0), (0, 5, 7), (1, 31, 31), (1, 12, 3)] {
            assert_eq!(
                output_pos(&s, b, i, j),
                (16 * b + 4 * (i / 8) + i % 4, j + 32 * ((i / 4) % 2))
            );
        }
        // §7.1.3.4 V_MFMA_F64_16X16X4_F64: D[0,i,j] in register pair i/4, lane j + 16(i%4).
        let s = shape(Op::V_MFMA_F64_16X16X4_F64).unwrap();
        assert_eq!(output_pos(&s, 0, 13, 2), (3, 2 + 16));
        // V_MFMA_F64_4X4X4_4B_F64 (Matrix Instruction Calculator, CDNA3): D[b,i,j] in lane j + 4b + 16i.
        let s = shape(Op::V_MFMA_F64_4X4X4_4B_F64).unwrap();
        assert_eq!(output_pos(&s, 1, 2, 3), (0, 3 + 4 + 32));
        // §7.1.5 FP8 16x16x128: lanes 16-31 hold k = 16..31 in v0-v3 and k = 80..95 in v4-v7.
        assert_eq!(input_pos(16, 1, 128, 32, 8, 17, 0), (0, 1, 16));
        assert_eq!(input_pos(16, 1, 128, 32, 8, 17, 16), (0, 1, 80));
        // FP6 16x16x128: lanes 32-47 hold k = 64..95 contiguously in v0-v5.
        assert_eq!(input_pos(16, 1, 128, 32, 6, 33, 20), (0, 1, 84));
        // Table 34 SMFMAC 16x16x64 f16 B: v4 of lanes 16-31 holds k = 40,41.
        assert_eq!(input_pos(16, 1, 64, 16, 16, 20, 8), (0, 4, 40));
    }
}
