"""Rodinia nn, NearestNeighbor (OpenCL): distance of each record (lat, lng) to a target point.
Reference written from kernel.cl: d = sqrt((lat-x)^2 + (lng-y)^2) for globalId < numRecords.
clang: dlat, dlng by v_sub_f32; t = dlng*dlng (v_mul_f32); s = fma(dlat, dlat, t) (v_fmac_f32);
then sqrt with !fpmath 3 ulp lowered to v_sqrt_f32 with denormal range scaling. The reference
does the same with an exact fma and a correctly rounded sqrt; rtol 2.5e-7 (2 f32 ulp) covers
the hardware v_sqrt_f32, which is not correctly rounded (~1 ulp)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, scalar, out, write_case, fma32

GRID, BLOCK, NREC = 1000, 96, 990
rng = np.random.default_rng(5)
loc = np.empty((GRID, 2), np.float32)
loc[:, 0] = rng.uniform(-90, 90, GRID).astype(np.float32)
loc[:, 1] = rng.uniform(-180, 180, GRID).astype(np.float32)
loc[3] = (np.float32(30.0), np.float32(90.0))      # exactly at the target: distance 0
lat, lng = np.float32(30.0), np.float32(90.0)
dlat = (lat - loc[:NREC, 0]).astype(np.float32)
dlng = (lng - loc[:NREC, 1]).astype(np.float32)
s = fma32(dlat, dlat, (dlng * dlng).astype(np.float32))
dist = np.zeros(GRID, np.float32)
dist[:NREC] = np.sqrt(s.astype(np.float64)).astype(np.float32)

write_case(
    "NearestNeighbor", [GRID, 1, 1], [BLOCK, 1, 1],
    [buf("in_locations.bin", loc, "f32"), zero_buf("f32", GRID), scalar("i32", NREC),
     scalar("f32", lat), scalar("f32", lng)],
    [out(1, "expected_distances.bin", dist, "f32", 2.5e-7, 0)],
    origin="yuhc/gpu-rodinia opencl/nn/nearestNeighbor_kernel.cl (Rodinia 3.1, University of Virginia license); kernel unchanged",
    notes="Block 96 = one full and one partial wave (32 lanes); grid 1000 = 10 full work-groups + one of 40 "
          "work-items; numRecords 990 so the last 10 work-items skip (outputs stay 0). v_sqrt_f32: rtol 2 ulp.",
)
