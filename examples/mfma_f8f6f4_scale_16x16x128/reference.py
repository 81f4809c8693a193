"""Block-scaled F8F6F4 MFMA example (HIP): v_mfma_scale_f32_16x16x128_f8f6f4 with A in FP8 E4M3
(cbsz 0), B in FP4 E2M1 (blgp 4), C input and E8M0 block scales.
Reference written from kernel.hip and the CDNA4 guide 7.1.5 / 7.2:
  D[i][j] = C[i][j] + sum_k (A[i][k] * 2^(SA[i][k/32]-127)) * (B[k][j] * 2^(SB[j][k/32]-127))
The kernel places A row m, k 16g..16g+15 and 64+16g..64+16g+15 in lane m + 16g (FP8 16x16x128
layout), B column n, k 32g..32g+31 as nibbles in lane n + 16g (FP4 layout), and the scale of
(row m / column n, K block g) in byte 0 of lane m + 16g (16x16 scale layout, op_sel 0); D in
the usual 16x16 f32 layout. Scales vary by row/column AND by K block (exponents 125..129).
Values: A in {0, +-0.5 .. +-6} (E4M3), B all 15 FP4 values, C multiples of 1/64: all terms are
multiples of 2^-8 below 2^16, exact in f32 in any order (atol 0)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, out, write_case, e4m3_encode, e2m1_encode, FP4_E2M1

M, N, K = 16, 16, 128
rng = np.random.default_rng(79)
avals = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.5, -1, -1.5, -2, -3, -4, -6])
bvals = np.array(FP4_E2M1 + [-v for v in FP4_E2M1[1:]])
Av = rng.choice(avals, (M, K)); Bv = rng.choice(bvals, (K, N))
A, B = e4m3_encode(Av), e2m1_encode(Bv)
SA = rng.integers(125, 130, (M, 4)).astype(np.uint8)    # E8M0: 2^(e-127), e in 125..129
SB = rng.integers(125, 130, (N, 4)).astype(np.uint8)
C = (rng.integers(-2048, 2049, (M, N)) / 64).astype(np.float32)
sa = 2.0 ** (SA.astype(np.float64) - 127)               # [i][kb]
sb = 2.0 ** (SB.astype(np.float64) - 127)               # [j][kb]
kb = np.arange(K) // 32
As = Av * sa[:, kb]                                     # A[i][k] * scaleA(i, k/32)
Bs = Bv * sb[:, kb].T                                   # B[k][j] * scaleB(j, k/32)
D64 = As @ Bs + C
D = D64.astype(np.float32)
assert np.all(D == D64)

write_case(
    "_Z25scaled_f8f4gemm_16x16x128PKhS0_S0_S0_PKfPf", [16, 4, 1], [16, 4, 1],
    [buf("in_a_fp8.bin", A, "u8"), buf("in_b_fp4.bin", B, "u8"), buf("in_scale_a.bin", SA, "u8"),
     buf("in_scale_b.bin", SB, "u8"), buf("in_c.bin", C, "f32"), zero_buf("f32", M * N)],
    [out(5, "expected_d.bin", D, "f32")],
    origin="written for wavescope, modelled on amd/amd-lab-notes matrix-cores/src/mfma_fp32_16x16x16fp16.cpp "
           "(MIT, Advanced Micro Devices): one-wave indexing, gfx950 scaled F8F6F4 MFMA (FP8 x FP4), C input",
    notes="MFMA f8f6f4 + scale: v_mfma_scale_f32_16x16x128_f8f6f4 (V_MFMA_LD_SCALE_B32 prefix + op 0x2D), "
          "A FP8 8 VGPRs, B FP4 4 VGPRs, per-(row, K-block) scales. Exact: atol 0.",
)
