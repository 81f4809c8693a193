"""Unscaled F8F6F4 MFMA with mixed types (HIP): v_mfma_f32_16x16x128_f8f6f4 cbsz:2 (A FP6 E2M3)
blgp:1 (B BF8 E5M2), C input. D = A*B + C (scales are 1.0: clang emitted the unscaled op).
Reference written from kernel.hip and the CDNA4 guide 7.1.4 / 7.1.5.1: A row m, k 32g..32g+31
are items 0..31 (6 bits each, densely packed over 6 VGPRs) of lane m + 16g; B column n,
k 16g..16g+15 in bytes 0..15 and k 64+16g.. in bytes 16..31 of lane n + 16g; D in the 16x16
f32 layout. FP6 E2M3: bias 1, max 7.5, no inf/nan; BF8 E5M2: bias 15 (guide Table 30).
A uses every FP6 value (subnormals included), B values in +-[0.25, 8], C multiples of 1/64:
all terms are multiples of 2^-6 below 2^14, exact in f32 in any order (atol 0)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, out, write_case, minifloat_value, minifloat_encode

M, N, K = 16, 16, 128
rng = np.random.default_rng(89)
fp6_vals = sorted({minifloat_value(c, 2, 3, 1) for c in range(64)})
bf8_vals = [s * (1 + m / 4) * 2.0 ** e for s in (1, -1) for m in range(4) for e in range(-2, 3)]
Av = rng.choice(fp6_vals, (M, K)); Bv = rng.choice(bf8_vals, (K, N))
A = minifloat_encode(Av, 2, 3, 1)
B = minifloat_encode(Bv, 5, 2, 15)
assert all(minifloat_value(int(c), 2, 3, 1) == v for c, v in zip(A.ravel(), Av.ravel()))
assert all(minifloat_value(int(c), 5, 2, 15) == v for c, v in zip(B.ravel(), Bv.ravel()))
C = (rng.integers(-4096, 4097, (M, N)) / 64).astype(np.float32)
D64 = Av @ Bv + C
D = D64.astype(np.float32)
assert np.all(D == D64)

write_case(
    "_Z20fp6bf8gemm_16x16x128PKhS0_PKfPf", [16, 4, 1], [16, 4, 1],
    [buf("in_a_fp6.bin", A, "u8"), buf("in_b_bf8.bin", B, "u8"), buf("in_c.bin", C, "f32"), zero_buf("f32", M * N)],
    [out(3, "expected_d.bin", D, "f32")],
    origin="written for wavescope, modelled on amd/amd-lab-notes matrix-cores/src/mfma_fp32_16x16x16fp16.cpp "
           "(MIT, Advanced Micro Devices): one-wave indexing, gfx950 F8F6F4 MFMA with FP6 x BF8, C input",
    notes="MFMA f8f6f4 unscaled, mixed types: A FP6 (6 VGPRs, codes straddling registers), B BF8 (8 VGPRs). Exact: atol 0.",
)
