"""Rodinia backprop, bpnn_layerforward_ocl (OpenCL): per 16x16 work-group, loads 16 inputs and a
16x16 weight tile into the two __local pointer arguments, scales, then a tree reduction over ty
with barriers, writes the tile back and the partial sums.
Reference written from kernel.cl, step by step, in f32:
  wm[ty][tx] = w[index] * input[index_in]           (one f32 mul)
  for p in 1,2,4,8,16: rows ty % p == 0 do wm[ty] += wm[ty + p/2]   (p = 1 adds the row to itself)
  w[index] = wm[ty][tx]; partial[by*hid + ty] = wm[0][ty]
Only single f32 mul/add per element, no contraction possible across the LDS stores: exact."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, local, scalar, out, write_case

H = W = 16
NB = 4                      # work-groups in y
IN, HID = H * NB, 16
rng = np.random.default_rng(11)
inp = rng.random(IN + 1, dtype=np.float32)
w = (rng.random((IN + 1) * (HID + 1), dtype=np.float32) - np.float32(0.5)).astype(np.float32)
w_out = w.copy()
partial = np.zeros(NB * HID, np.float32)
for by in range(NB):
    ty = np.arange(H)[:, None]
    tx = np.arange(W)[None, :]
    index = (HID + 1) * H * by + (HID + 1) * ty + tx + 1 + (HID + 1)
    index_in = H * by + np.arange(H) + 1
    node = inp[index_in]
    wm = (w[index] * node[:, None]).astype(np.float32)
    p = 1
    while p <= H:
        new = wm.copy()
        for r in range(H):
            if r % p == 0:
                new[r] = wm[r] + wm[r + p // 2]
        wm = new.astype(np.float32)
        p *= 2
    w_out[index] = wm
    partial[by * HID + np.arange(H)] = wm[0, :]

write_case(
    "bpnn_layerforward_ocl", [W, H * NB, 1], [W, H, 1],
    [buf("in_input.bin", inp, "f32"), zero_buf("f32", HID + 1), buf("in_weights.bin", w, "f32"),
     zero_buf("f32", NB * HID), local(4 * H), local(4 * H * W), scalar("i32", IN), scalar("i32", HID)],
    [out(2, "expected_weights.bin", w_out, "f32", 0, 0), out(3, "expected_partial_sum.bin", partial, "f32", 0, 0)],
    origin="yuhc/gpu-rodinia opencl/backprop/backprop_kernel.cl (Rodinia 3.1, University of Virginia license); kernel unchanged",
    notes="Dynamic LDS through two OpenCL __local pointer arguments (64 + 1024 bytes, as the Rodinia host sets them), "
          "barriers, 2D grid 16x64 with 16x16 blocks (4 waves per work-group). Exact f32.",
    lds_dynamic_bytes=4 * H + 4 * H * W,
)
