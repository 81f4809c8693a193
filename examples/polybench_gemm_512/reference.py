"""PolyBench/GPU gemm (OpenCL): C = alpha*A*B + beta*C, one work-item per C element.
Reference written from kernel.cl: c = beta*c (one f32 mul), then for k in 0..nk:
c += alpha * a[i][k] * b[k][j]. clang contracts this to v_mul_f32 t = alpha*a followed by
v_fmac_f32 c = fma(t, b, c) (see kernel.objdump.txt), so the reference does the same with a
correctly rounded f32 fma, in the same k order: the result is bit-exact (rtol = atol = 0).
Data: PolyBench init (A[i][j] = (float)i*j/NI, likewise B and C; alpha=32412, beta=2123)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, scalar, out, write_case, fma32

N = int(os.environ.get("GEMM_N", "512"))
NI = NJ = NK = N
f = np.float32
alpha, beta = f(32412), f(2123)
def init(r, c):
    i = np.arange(r, dtype=np.float32)[:, None]
    j = np.arange(c, dtype=np.float32)[None, :]
    return ((i * j) / f(NI)).astype(np.float32)
A, B, C = init(NI, NK), init(NK, NJ), init(NI, NJ)

c = (C * beta).astype(np.float32)
for k in range(NK):
    t = (alpha * A[:, k]).astype(np.float32)[:, None]
    c = fma32(t, B[k, :][None, :], c)

write_case(
    "gemm", [NJ, NI, 1], [32, 8, 1],
    [buf("in_a.bin", A, "f32"), buf("in_b.bin", B, "f32"), buf("in_c.bin", C, "f32"),
     scalar("f32", alpha), scalar("f32", beta),
     scalar("i32", NI), scalar("i32", NJ), scalar("i32", NK)],
    [out(2, "expected_c.bin", c, "f32", 0, 0)],
    origin="cavazos-lab/PolyBench-ACC OpenCL/linear-algebra/kernels/gemm/gemm.cl (BSD-3-Clause, University of Delaware; PolyBench license); kernel unchanged",
    notes=f"NI=NJ=NK={N}, block 32x8 as PolyBench-ACC (DIM_LOCAL_WORK_GROUP_X/Y), {N*N//64} waves. "
          "Exact: reference mimics v_mul_f32(alpha*a) + v_fmac_f32 per k in source order with a correctly rounded fma.",
)
