"""UoB-HPC OpenCL training NBody (solutions/NBody/kernel.cl), one step, with the host's options
-cl-fast-relaxed-math -Dsoftening=0.05f -Ddelta=0.0002f -DWGSIZE=64 -DUSE_LOCAL.
Reference written from kernel.cl in float64: for each body i,
force = sum_j m_j * rsqrt(|p_j - p_i|^2 + softening^2)^3 * (p_j - p_i)  (w component 0),
velocity += force * delta, positionsOut = p_i + velocity * delta (w keeps the mass).
The kernel runs in f32 with v_rsq_f32 (about 1 ulp) under -cl-fast-relaxed-math (the compiler may
reassociate), summing 512 terms of both signs. An f32 evaluation in source order differs from the
f64 reference by a few 1e-7 of the largest |velocity| (printed when run); tolerance: atol = 2e-5 *
max|velocity| (about 50x that, for reassociation and rsq approximation) plus rtol 1e-5 on the
velocities; positions are dominated by p_i: rtol 1e-6 + the same atol times delta."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, out, scalar, write_case

N, WG = 512, 64
SOFT, DELTA = np.float32(0.05), np.float32(0.0002)
rng = np.random.default_rng(43)
# bodies on a unit sphere surface as the host program places them, masses in [0.5, 1.5)
lon = 2 * np.pi * rng.random(N)
lat = np.arccos(2 * rng.random(N) - 1)
pos = np.zeros((N, 4), np.float32)
pos[:, 0] = np.sin(lat) * np.cos(lon)
pos[:, 1] = np.sin(lat) * np.sin(lon)
pos[:, 2] = np.cos(lat)
pos[:, 3] = 0.5 + rng.random(N)
vel = np.zeros((N, 4), np.float32)

def step(p, v, dt):
    p = p.astype(dt); v = v.astype(dt)
    d = p[None, :, :3] - p[:, None, :3]                  # [i, j, xyz] = p_j - p_i
    dist2 = (d * d).sum(-1) + dt(SOFT) * dt(SOFT)
    inv = dt(1) / np.sqrt(dist2)
    coeff = p[None, :, 3] * inv * inv * inv
    force = np.zeros((N, 3), dt)
    for j in range(N):                                   # source order over j
        force = force + coeff[:, j:j + 1] * d[:, j, :]
    vn = v.copy(); vn[:, :3] = v[:, :3] + force * dt(DELTA)
    pn = p.copy(); pn[:, :3] = p[:, :3] + vn[:, :3] * dt(DELTA)
    pn[:, 3] = p[:, 3] + vn[:, 3] * dt(DELTA)
    return pn, vn

p64, v64 = step(pos, vel, np.float64)
p32, v32 = step(pos, vel, np.float32)
vmax = np.abs(v64).max()
print("max|v| =", vmax, " f32 vs f64: max abs dv / max|v| =", np.abs(v32 - v64).max() / vmax,
      " max abs dp =", np.abs(p32 - p64).max())
atol_v = 2e-5 * vmax
atol_p = float(atol_v * DELTA) + 1e-7

write_case(
    "nbody", [N, 1, 1], [WG, 1, 1],
    [buf("in_positions.bin", pos, "f32"),
     {"kind": "buffer", "dtype": "f32", "count": 4 * N, "fill": "zero"},
     buf("in_velocities.bin", vel, "f32"), scalar("u32", N)],
    [out(1, "expected_positions.bin", p64, "f32", 1e-6, atol_p),
     out(2, "expected_velocities.bin", v64, "f32", 1e-5, atol_v)],
    origin="UoB-HPC/opencl-training-code solutions/NBody/kernel.cl (CC BY, High Performance Computing Group, "
           "University of Bristol); kernel unchanged, build options in cflags.txt "
           "(-Dnative_rsqrt=__builtin_amdgcn_rsqf because -nogpulib has no native_rsqrt)",
    notes="v_rsq_f32 (native_rsqrt); float4 LDS tile with barriers (ds_write_b128/ds_read_b128); fast-relaxed-math. "
          "Tolerance from the f32-vs-f64 difference, see reference.py.",
)
