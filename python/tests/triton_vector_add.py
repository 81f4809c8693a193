"""Triton tutorial 01 (vector add) launched from Python on wavescope: 5000 f32 elements in programs of 1024 (the
last one masked), checked bit-exactly against numpy (one f32 add per element)."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import triton  # noqa: E402
import wavescope_triton  # noqa: E402
from triton_kernels import add_kernel  # noqa: E402

driver = wavescope_triton.activate()
target = driver.get_current_target()  # from the device properties wavescope's runtime reports
print(f"target {target.backend} {target.arch} wave{target.warp_size}")
n = 5000
rng = np.random.default_rng(1)
x = rng.standard_normal(n).astype(np.float32)
y = rng.standard_normal(n).astype(np.float32)
out = np.zeros(n, dtype=np.float32)
add_kernel[(triton.cdiv(n, 1024), )](x, y, out, n, BLOCK_SIZE=1024)
bad = np.flatnonzero(out != x + y)
if bad.size:
    print(f"FAILED: {bad.size} of {n} elements differ; first at {bad[0]}: {out[bad[0]]} != {x[bad[0]] + y[bad[0]]}")
    sys.exit(1)
print(f"vector add: {n} elements equal numpy's x + y")
print("PASSED")
