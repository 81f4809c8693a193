"""Rodinia pathfinder, dynproc_kernel (OpenCL): dynamic programming over `iteration` rows of a
grid; each work-group keeps a row slice in a __local array (prev) and writes the next row into a
second one (result), with barriers inside the loop, a ghost-zone (pyramid) so every work-group
finishes a non-overlapping 'small block' of columns.
Reference written from kernel.cl by running every work-group's work-items in lock step between
barriers (LDS cells that are not written keep their value; never-initialised cells are a
sentinel that is asserted never to reach an output). Integer min/add: exact.
Also checks the kernel's debug write outputBuffer[gpuSrc[xidx]] = 1 (tx == 11, first step)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, local, scalar, out, write_case

BS, COLS, ROWS, IT, HALO = 100, 500, 5, 4, 1     # block 100: one full + one partial (36-lane) wave
BORDER = IT * HALO
SMALL = BS - IT * HALO * 2
NBLK = (COLS + SMALL - 1) // SMALL
rng = np.random.default_rng(83)
wall = rng.integers(0, 10, (ROWS, COLS)).astype(np.int32)
src = rng.integers(0, 10, COLS).astype(np.int32)
NOUT = 256
SENT = -(1 << 30)

results = np.zeros(COLS, np.int32)
outbuf = np.zeros(NOUT, np.int32)
for bx in range(NBLK):
    blkX = SMALL * bx - BORDER
    blkXmax = blkX + BS - 1
    tx = np.arange(BS)
    xidx = blkX + tx
    vmin = -blkX if blkX < 0 else 0
    vmax = BS - 1 - (blkXmax - COLS + 1) if blkXmax > COLS - 1 else BS - 1
    W = np.maximum(tx - 1, vmin)
    E = np.minimum(tx + 1, vmax)
    valid = (tx >= vmin) & (tx <= vmax)
    prev = np.full(BS, SENT, np.int64)
    result = np.full(BS, SENT, np.int64)
    inr = (xidx >= 0) & (xidx <= COLS - 1)
    prev[inr] = src[xidx[inr]]
    computed = np.zeros(BS, bool)
    for i in range(IT):
        computed = (tx >= i + 1) & (tx <= BS - i - 2) & valid
        for t in np.nonzero(computed)[0]:
            left, up, right = prev[W[t]], prev[t], prev[E[t]]
            assert SENT not in (left, up, right)
            result[t] = min(left, up, right) + wall[0 + i, xidx[t]]
            if t == 11 and i == 0:
                outbuf[src[xidx[t]]] = 1
        if i == IT - 1:
            break
        prev[computed] = result[computed]
    for t in np.nonzero(computed)[0]:
        results[xidx[t]] = result[t]

write_case(
    "dynproc_kernel", [NBLK * BS, 1, 1], [BS, 1, 1],
    [scalar("i32", IT), buf("in_wall.bin", wall, "i32"), buf("in_src.bin", src, "i32"), zero_buf("i32", COLS),
     scalar("i32", COLS), scalar("i32", ROWS), scalar("i32", 0), scalar("i32", BORDER), scalar("i32", HALO),
     local(4 * BS), local(4 * BS), zero_buf("i32", NOUT)],
    [out(3, "expected_results.bin", results, "i32"), out(11, "expected_output_buffer.bin", outbuf, "i32")],
    origin="yuhc/gpu-rodinia opencl/pathfinder/kernels.cl (Rodinia 3.1, University of Virginia license); kernel unchanged",
    notes="Two __local pointer args (dynamic LDS, 400 bytes each, as the host's localSize*sizeof(int)), barriers inside a "
          "loop with break, block 100 (partial second wave), 6 work-groups. Exact integers.",
    lds_dynamic_bytes=8 * BS,
)
