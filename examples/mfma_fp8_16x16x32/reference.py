"""FP8 MFMA example (HIP): D = A(16x32) * B(32x16) + C with v_mfma_f32_16x16x32_fp8_fp8.
Reference written from kernel.hip: A[i][k] in byte k%8 of lane i + 16*(k/8) (K_L = 8), B[k][j]
likewise by column, C/D[i][j] item i%4 of lane j + 16*(i/4) (CDNA4 guide 7.1.4); D written back
in the same layout. FP8 is OCP E4M3 on gfx950 (bias 7; guide Table 30). Values are drawn from
{0, +-0.25, +-0.5, +-0.75, +-1, +-1.5, +-2, +-3, +-4, +-6} and C from multiples of 1/16: every
product and partial sum is exact in f32, so the result is order independent (atol 0)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, out, write_case, e4m3_encode, e4m3_value

M, N, K = 16, 16, 32
rng = np.random.default_rng(73)
vals = np.array([0, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, -0.25, -0.5, -0.75, -1, -1.5, -2, -3, -4, -6])
Av = rng.choice(vals, (M, K)); Bv = rng.choice(vals, (K, N))
A, B = e4m3_encode(Av), e4m3_encode(Bv)
assert all(e4m3_value(int(c)) == v for c, v in zip(A.ravel(), Av.ravel()))
C = (rng.integers(-256, 257, (M, N)) / 16).astype(np.float32)
D = (Av @ Bv + C).astype(np.float32)
assert np.all(D == Av @ Bv + C)

write_case(
    "_Z16fp8gemm_16x16x32PKhS0_PKfPf", [16, 4, 1], [16, 4, 1],
    [buf("in_a_fp8.bin", A, "u8"), buf("in_b_fp8.bin", B, "u8"), buf("in_c.bin", C, "f32"), zero_buf("f32", M * N)],
    [out(3, "expected_d.bin", D, "f32")],
    origin="written for wavescope, modelled on amd/amd-lab-notes matrix-cores/src/mfma_fp32_16x16x16fp16.cpp "
           "(MIT, Advanced Micro Devices): same one-wave indexing, gfx950 FP8 MFMA, C input",
    notes="MFMA fp8: v_mfma_f32_16x16x32_fp8_fp8 (OCP E4M3 bytes given as u8). Needs SH_MEM_CONFIG[8]=1 semantics "
          "(guide 7.3). Exact: atol 0.",
)
