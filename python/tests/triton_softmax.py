"""Triton tutorial 02 (fused softmax, one row per program) launched from Python on wavescope: 64 rows of 781 f32,
checked against numpy's softmax in f64 (rtol 4e-6: exp2, a tree sum and one divide stay within ~35 ulp)."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import triton  # noqa: E402
import wavescope_triton  # noqa: E402
from triton_kernels import softmax_kernel  # noqa: E402

wavescope_triton.activate()
rows, cols = 64, 781
rng = np.random.default_rng(2)
x = (rng.standard_normal((rows, cols)) * 3).astype(np.float32)
y = np.zeros_like(x)
softmax_kernel[(rows, )](y, x, x.strides[0] // 4, y.strides[0] // 4, cols,
                         BLOCK_SIZE=triton.next_power_of_2(cols), num_warps=4)
e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
ref = e / e.sum(axis=1, keepdims=True)
rel = np.abs(y - ref) / np.abs(ref)
worst = float(rel.max())
if not np.all(np.isfinite(y)) or worst > 4e-6:
    print(f"FAILED: worst relative error {worst:.3g} (limit 4e-6)")
    sys.exit(1)
print(f"softmax: {rows}x{cols}, worst relative error {worst:.3g} against numpy (f64)")
print("PASSED")
