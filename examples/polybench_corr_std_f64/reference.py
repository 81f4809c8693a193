"""PolyBench/GPU correlation, std_kernel, with DATA_TYPE = double (f64 arithmetic).
Reference written from kernel.cl: std[j] = 0; for i < n: std[j] += (data[i][j]-mean[j])^2
(clang: v_add_f64 x = d - mean then v_fmac_f64 std = fma(x, x, std), in i order); std /= float_n
(f64 division: v_div_scale/v_rcp/v_div_fmas/v_div_fixup, correctly rounded); std = sqrt(std)
(f64 sqrt expansion: v_rsq_f64 + Newton steps); if std <= eps: std = 1.0.
The fma is done exactly (fractions) and rounded once, division and sqrt are IEEE in numpy.
Tolerance rtol 4.5e-16 (2 ulp of f64) only for the sqrt expansion, which LLVM documents as
accurate but which is not an IEEE primitive on the hardware; everything else is exact."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from fractions import Fraction
import numpy as np
from refutil import buf, zero_buf, scalar, out, write_case

M, N = 200, 32      # M columns = work-items (grid 200, block 64: partial last work-group of 8)
rng = np.random.default_rng(7)
data = rng.standard_normal((N, M)) * 3.0 + 1.0
data[:, 5] = 2.5            # constant columns: std == 0 <= eps -> 1.0
data[:, 77] = -1.25
data[:, 150] = data[:, 150] * 1e-3   # tiny spread: std <= eps -> 1.0
mean = np.zeros(M)
for i in range(N):
    mean = mean + data[i]
mean = mean / N
float_n, eps = float(N), 0.1

std = np.zeros(M)
for j in range(M):
    s = 0.0
    for i in range(N):
        x = float(data[i, j] - mean[j])        # v_add_f64, IEEE
        s = float(Fraction(x) * Fraction(x) + Fraction(s))   # v_fmac_f64: one rounding
    std[j] = s
std = std / float_n
std = np.sqrt(std)
std[std <= eps] = 1.0

write_case(
    "std_kernel", [M, 1, 1], [64, 1, 1],
    [buf("in_mean.bin", mean, "f64"), zero_buf("f64", M), buf("in_data.bin", data, "f64"),
     scalar("f64", float_n), scalar("f64", eps), scalar("i32", M), scalar("i32", N)],
    [out(1, "expected_std.bin", std, "f64", 4.5e-16, 0)],
    origin="cavazos-lab/PolyBench-ACC OpenCL/datamining/correlation/correlation.cl (BSD-3-Clause, University of Delaware); "
           "changed only 'typedef float DATA_TYPE' to double",
    notes="f64 arithmetic: v_add_f64, v_fmac_f64, f64 division sequence, f64 sqrt expansion (v_rsq_f64), v_cmp_*_f64. "
          "Grid 200 with block 64: the last work-group has 8 work-items. rtol = 2 f64 ulp for the sqrt expansion.",
)
