"""Misuse: a kernel argument whose data_ptr() is host memory (a numpy array's own buffer), not device memory of
wavescope's runtime. Triton's launcher asks hipPointerGetAttribute about every pointer argument; the runtime
answers hipErrorInvalidValue for an address it did not allocate, and Triton refuses the launch with its own
message instead of handing the kernel a host address."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import wavescope_triton  # noqa: E402
from triton_kernels import add_kernel  # noqa: E402


class HostTensor:
    """A tensor-like object Triton accepts (data_ptr and dtype) that points at host memory."""

    def __init__(self, a):
        self.a, self.dtype = a, a.dtype

    def data_ptr(self):
        return self.a.ctypes.data


wavescope_triton.activate()
x = wavescope_triton.DeviceArray.from_numpy(np.ones(256, dtype=np.float32))
out = wavescope_triton.DeviceArray((256, ), np.float32)
host = np.ones(256, dtype=np.float32)
try:
    add_kernel[(1, )](x, HostTensor(host), out, 256, BLOCK_SIZE=256)
except ValueError as e:
    if "cannot be accessed from Triton" not in str(e):
        print(f"FAILED: unexpected error: {e}")
        sys.exit(1)
    print(f"host pointer refused: {e}")
else:
    print("FAILED: a host pointer was launched")
    sys.exit(1)
# A device array in the same place launches (the check does not cry wolf).
y = wavescope_triton.DeviceArray.from_numpy(np.full(256, 2, dtype=np.float32))
add_kernel[(1, )](x, y, out, 256, BLOCK_SIZE=256)
if not np.array_equal(out.numpy(), np.full(256, 3, dtype=np.float32)):
    print("FAILED: the device-array launch gave wrong results")
    sys.exit(1)
print("PASSED")
