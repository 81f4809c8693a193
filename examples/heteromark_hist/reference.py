"""Hetero-Mark hist (HIP): each work-item builds a private 256-entry histogram of a grid-strided
slice of the pixels (a dynamically indexed private array: lives in scratch memory), then adds its
non-zero bins to the global histogram with atomicAdd (global_atomic_add).
Reference written from kernel.hip: the global histogram is the count of each colour over all
pixels, whatever the order of the atomic adds: exact integers."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, scalar, out, write_case

GRID, BLOCK, NPIX, NCOL = 512, 128, 4096, 64
rng = np.random.default_rng(23)
# skewed colours so many work-items hit the same bins (contended atomics), some bins stay empty
pix = np.minimum(rng.geometric(0.08, NPIX) - 1, NCOL - 1).astype(np.uint32)
pix[rng.random(NPIX) < 0.3] = 7
hist = np.bincount(pix, minlength=NCOL).astype(np.uint32)

write_case(
    "_Z9HistogramPjS_jj", [GRID, 1, 1], [BLOCK, 1, 1],
    [buf("in_pixels.bin", pix, "u32"), zero_buf("u32", NCOL), scalar("u32", NCOL), scalar("u32", NPIX)],
    [out(1, "expected_histogram.bin", hist, "u32")],
    origin="NUCAR-DEV/Hetero-Mark src/hist/hip/hist_hip_benchmark.cu, kernel Histogram (NUCAR/Northeastern University "
           "permissive license); kernel body unchanged, host code dropped, <stdint.h> for uint32_t",
    notes="Private array priv_hist[256] indexed by data: scratch_load/scratch_store; global atomics "
          "(global_atomic_add, relaxed agent scope via hip_prelude.h atomicAdd); while loop with data-dependent "
          "exit; __syncthreads. C++-mangled kernel symbol. Exact.",
)
