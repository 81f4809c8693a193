"""bf16 MFMA example (HIP): D = A(16x64) * B(64x16) + C with one v_mfma_f32_16x16x32_bf16 (k 0..31)
and two v_mfma_f32_16x16x16_bf16 (k 32..63), one wave (block 16x4).
Reference written from kernel.hip: the kernel places A[i][k] in lane i + 16*g with g = k/8 (x32
form, 8 items per lane) or g = (k%16)/4 (x16 form, 4 items), B likewise by column, C/D[i][j] in
lane j + 16*(i/4), item i%4 (CDNA4 guide 7.1.4), and writes D back with the same layout, so the
memory result is the plain product. Inputs are multiples of 1/4 in [-4, 4] (exact in bf16), C
multiples of 1/16: every product and partial sum is exact in f32 (atol 0)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, out, write_case, bf16_bits, bf16_to_f32

M, N, K = 16, 16, 64
rng = np.random.default_rng(71)
Af = (rng.integers(-16, 17, (M, K)) / 4).astype(np.float32)
Bf = (rng.integers(-16, 17, (K, N)) / 4).astype(np.float32)
A, B = bf16_bits(Af), bf16_bits(Bf)
assert np.all(bf16_to_f32(A) == Af) and np.all(bf16_to_f32(B) == Bf)
C = (rng.integers(-256, 257, (M, N)) / 16).astype(np.float32)
D = (Af.astype(np.float64) @ Bf.astype(np.float64) + C).astype(np.float32)

write_case(
    "_Z17bf16gemm_16x16x64PKtS0_PKfPf", [16, 4, 1], [16, 4, 1],
    [buf("in_a.bin", A, "bf16"), buf("in_b.bin", B, "bf16"), buf("in_c.bin", C, "f32"), zero_buf("f32", M * N)],
    [out(3, "expected_d.bin", D, "f32")],
    origin="written for wavescope, modelled on amd/amd-lab-notes matrix-cores/src/mfma_fp32_16x16x16fp16.cpp "
           "(MIT, Advanced Micro Devices): same one-wave indexing, bf16 gfx950 MFMAs, C input",
    notes="MFMA bf16: v_mfma_f32_16x16x32_bf16 (gfx950) and v_mfma_f32_16x16x16_bf16 (_1k) x2, chained through C. Exact: atol 0.",
)
