"""amd-lab-notes matrix-cores mfma_fp64_16x16x4fp64 (HIP) with a C input: D = A*B + C for 16x16
f64 matrices, one wave (block 16x4), four v_mfma_f64_16x16x4_f64.
Reference written from kernel.hip: A[i][k] in lane i + 16*(k%4) of iteration k/4, B likewise by
column, C/D[i][j] in lane j + 16*(i%4), item i/4 (f64 output layout, CDNA4 guide 7.1.3.4/7.1.4),
stored back in the same layout: memory holds the plain matrix product. Inputs are multiples of
1/8 with |x| <= 4, C multiples of 1/64: exact in f64 in any summation order (atol 0)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, out, write_case

M = N = K = 16
rng = np.random.default_rng(67)
A = rng.integers(-32, 33, (M, K)) / 8.0
B = rng.integers(-32, 33, (K, N)) / 8.0
C = rng.integers(-512, 513, (M, N)) / 64.0
D = A @ B + C

write_case(
    "_Z14dgemm_16x16x16PKdS0_S0_Pd", [16, 4, 1], [16, 4, 1],
    [buf("in_a.bin", A, "f64"), buf("in_b.bin", B, "f64"), buf("in_c.bin", C, "f64"), zero_buf("f64", M * N)],
    [out(3, "expected_d.bin", D, "f64")],
    origin="amd/amd-lab-notes matrix-cores/src/mfma_fp64_16x16x4fp64.cpp (MIT, Advanced Micro Devices); "
           "kernel dgemm_16x16x16 with a C input added and the gfx950 guard (see kernel.hip header)",
    notes="MFMA f64: v_mfma_f64_16x16x4_f64 x4 with C (8 VGPR accumulator, f64 output layout). Exact values: atol 0.",
)
