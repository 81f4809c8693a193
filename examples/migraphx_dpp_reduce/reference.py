"""AMDMIGraphX DPP wave reduction + LDS block reduction (HIP), one segment of n floats per
work-group (block 256 = 4 waves), thread 0 writes the segment sum.
Reference written from kernel.hip, reproducing the exact f32 summation order:
1. each lane accumulates x = 0 + in[l] + in[l+256] + ... (local stride loop);
2. dpp_reduce on each wave, modelled lane by lane with the DPP rules (row = 16 lanes):
   row_shr:s -> lane r of a row reads lane r-s of the same row (invalid for r < s);
   bank_mask 0xe / 0xc -> only banks 1-3 / 2-3 (lanes 4-15 / 8-15 of each row) are written;
   row_bcast:15 (row_mask 0xa) -> rows 1 and 3 read lane 15 of the previous row;
   row_bcast:31 (row_mask 0xc) -> rows 2 and 3 read lane 31;
   lanes whose value is not written hold an undefined value (NaN here) and x = x + out;
3. lane 63 of each wave stores its x in LDS; after __syncthreads y = 0 + b0 + b1 + b2 + b3.
Lane 63 never depends on an undefined lane (asserted), so the output is bit-exact (atol 0)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, scalar, out, write_case

NB, BLOCK, NSEG = 8, 256, 1000     # n not a multiple of 256: lanes run 3 or 4 loop iterations
rng = np.random.default_rng(53)
data = rng.standard_normal(NB * NSEG).astype(np.float32)
f = np.float32

def dpp_mov(x, kind, arg, row_mask=0xF, bank_mask=0xF):
    outv = np.full(64, np.nan, np.float32)
    for lane in range(64):
        row, r = divmod(lane, 16)
        if not (row_mask >> row) & 1 or not (bank_mask >> (r // 4)) & 1:
            continue
        if kind == "shr":
            if r >= arg:
                outv[lane] = x[lane - arg]
        elif kind == "bcast15":
            if row >= 1:
                outv[lane] = x[16 * row - 1]
        elif kind == "bcast31":
            if row >= 2:
                outv[lane] = x[31]
    return outv

def wave_reduce(x):
    for kind, arg, rm, bm in [("shr", 1, 0xF, 0xF), ("shr", 2, 0xF, 0xF), ("shr", 4, 0xF, 0xE),
                              ("shr", 8, 0xF, 0xC), ("bcast15", 0, 0xA, 0xF), ("bcast31", 0, 0xC, 0xF)]:
        o = dpp_mov(x, kind, arg, rm, bm)
        x = (x + o).astype(np.float32)
    assert not np.isnan(x[63])
    return x[63]

res = np.zeros(NB, np.float32)
for b in range(NB):
    seg = data[b * NSEG:(b + 1) * NSEG]
    lanes = np.zeros(BLOCK, np.float32)
    for l in range(BLOCK):
        acc = f(0)
        for i in range(l, NSEG, BLOCK):
            acc = f(acc + seg[i])
        lanes[l] = acc
    y = f(0)
    for w in range(BLOCK // 64):
        y = f(y + wave_reduce(lanes[64 * w:64 * (w + 1)].copy()))
    res[b] = y
print("max |ref - f64 sum| =", np.abs(res - data.reshape(NB, NSEG).astype(np.float64).sum(1)).max())

write_case(
    "_Z16block_reduce_sumPKfPfj", [NB * BLOCK, 1, 1], [BLOCK, 1, 1],
    [buf("in_data.bin", data, "f32"), zero_buf("f32", NB), scalar("u32", NSEG)],
    [out(1, "expected_sums.bin", res, "f32")],
    origin="ROCm/AMDMIGraphX src/targets/gpu/kernels/include/migraphx/kernels/dpp.hpp + reduce.hpp "
           "(MIT, Advanced Micro Devices); dpp_reduce/block_reduce extracted into one kernel (see kernel.hip header)",
    notes="DPP: v_mov_b32_dpp row_shr:1/2/4/8 with bank masks, row_bcast:15/31 with row masks; LDS + s_barrier. "
          "Bit-exact reference following the DPP lane rules.",
)
