"""amd-lab-notes matrix-cores mfma_fp32_32x32x8fp16 (HIP) with a C input: D = A*B + C for
32x32 f16 A, B (row-major) and f32 C, D, one wave (block 32x2), four v_mfma_f32_32x32x8_f16.
Reference written from kernel.hip: the kernel loads A/B/C in the operand layout of the CDNA4
guide 7.1.4 (A[i][k] in lane i + 32*(k%8/4), item k%4 of iteration k/8; C/D[i][j] in lane
j + 32*((i/4)%2), item i%4 + 4*(i/8)) and stores D back with the same layout, so the memory
result is the plain matrix product. Inputs are multiples of 1/4 in [-2, 2] and C multiples of
1/16: every product and partial sum is exact in f32, so the result does not depend on the MFMA's
internal summation order (atol 0)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, out, write_case

M = N = K = 32
rng = np.random.default_rng(61)
A = (rng.integers(-8, 9, (M, K)) / 4).astype(np.float16)
B = (rng.integers(-8, 9, (K, N)) / 4).astype(np.float16)
C = (rng.integers(-64, 65, (M, N)) / 16).astype(np.float32)
D = (A.astype(np.float64) @ B.astype(np.float64) + C).astype(np.float32)
assert np.all(D.astype(np.float64) == A.astype(np.float64) @ B.astype(np.float64) + C)

write_case(
    "_Z14sgemm_32x32x32PKDF16_S0_PKfPf", [32, 2, 1], [32, 2, 1],
    [buf("in_a.bin", A, "f16"), buf("in_b.bin", B, "f16"), buf("in_c.bin", C, "f32"), zero_buf("f32", M * N)],
    [out(3, "expected_d.bin", D, "f32")],
    origin="amd/amd-lab-notes matrix-cores/src/mfma_fp32_32x32x8fp16.cpp (MIT, Advanced Micro Devices); "
           "kernel sgemm_32x32x32 with a C input added and the gfx950 guard (see kernel.hip header)",
    notes="MFMA f16: v_mfma_f32_32x32x8_f16 x4 with C (16 VGPR accumulator). Exact values: atol 0.",
)
