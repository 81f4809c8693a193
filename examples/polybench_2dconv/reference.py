"""PolyBench/GPU 2DConvolution (OpenCL): 3x3 stencil B = sum c_xy * A[i+dy][j+dx] on the interior.
Reference written from kernel.cl. clang contracts the 9-term sum (fmuladd, left to right) into
t = c21*A[i-1][j]; t = fma(c11, A[i-1][j-1], t); then fma with c31, c12, c22, c32, c13, c23, c33
in source order (kernel.objdump.txt: v_mul_f32 0.5 then eight v_fmamk_f32), so the reference
does exactly that with a correctly rounded f32 fma: bit-exact (rtol = atol = 0).
Border elements of B are not written; B starts zero-filled so they stay 0."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, scalar, out, write_case, fma32

NI, NJ = 50, 70   # grid 70x50 with block 32x8: partial last work-groups in x (6 wide) and y (2 high)
rng = np.random.default_rng(2024)
A = rng.random((NI, NJ), dtype=np.float32)
f = np.float32
c11, c21, c31 = f(0.2), f(0.5), f(-0.8)
c12, c22, c32 = f(-0.3), f(0.6), f(-0.9)
c13, c23, c33 = f(0.4), f(0.7), f(0.10)
B = np.zeros((NI, NJ), np.float32)
a = lambda di, dj: A[1 + di:NI - 1 + di, 1 + dj:NJ - 1 + dj]
t = (c21 * a(-1, 0)).astype(np.float32)
for c, di, dj in [(c11, -1, -1), (c31, -1, 1), (c12, 0, -1), (c22, 0, 0), (c32, 0, 1),
                  (c13, 1, -1), (c23, 1, 0), (c33, 1, 1)]:
    t = fma32(c, a(di, dj), t)
B[1:NI - 1, 1:NJ - 1] = t

write_case(
    "Convolution2D_kernel", [NJ, NI, 1], [32, 8, 1],
    [buf("in_a.bin", A, "f32"), zero_buf("f32", NI * NJ), scalar("i32", NI), scalar("i32", NJ)],
    [out(1, "expected_b.bin", B, "f32", 0, 0)],
    origin="cavazos-lab/PolyBench-ACC OpenCL/stencils/convolution-2d/2DConvolution.cl (BSD-3-Clause, University of Delaware); kernel unchanged",
    notes="2D grid 70x50 (work-items) with block 32x8: the last work-group in x is 6 wide and in y 2 high "
          "(partial work-groups; the corner one has 12 work-items = one partial wave). Exact fma-chain reference.",
)
