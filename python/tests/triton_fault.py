"""A Triton kernel that reads past the end of its input (no mask, 100 elements, a block of 1024): wavescope
prints its fault report (the faulting load and its line in triton_kernels.py) and the runtime returns
hipErrorIllegalAddress at the next synchronising call, the copy back, which wavescope_triton raises as HIPError."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import wavescope_triton  # noqa: E402
from triton_kernels import unmasked_copy_kernel  # noqa: E402

wavescope_triton.activate()
x = np.ones(100, dtype=np.float32)
out = np.zeros(100, dtype=np.float32)
try:
    unmasked_copy_kernel[(1, )](x, out, BLOCK_SIZE=1024)
except wavescope_triton.HIPError as e:
    print(f"fault surfaced: {e}")
    sys.exit(0 if e.name == "hipErrorIllegalAddress" else 1)
print("FAILED: the out-of-bounds launch did not fault")
sys.exit(1)
