"""Triton tutorial 03 (matmul, `tl.dot`) launched from Python on wavescope: f16 inputs with an f32 output
(128x128x128) and OCP FP8 E4M3FN inputs with an f16 output (128x128x256). Inputs are integers in [-15, 15] times
2^-3, exact in f16 and E4M3FN, so every product and partial sum is exact in f32 in any order: the result must equal
numpy's f64 product rounded once to the output type (nearest even), bit for bit."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
import wavescope_triton  # noqa: E402
from triton_kernels import matmul_kernel  # noqa: E402


def e4m3fn_bytes(x):
    """OCP FP8 E4M3FN encoding (bias 7, no infinities) of values known to be exact in it."""
    table = {}
    for b in range(256):
        s, e, m = b >> 7, (b >> 3) & 15, b & 7
        if (e == 15 and m == 7) or b == 0x80:
            continue
        mag = (m / 8) * 2.0**-6 if e == 0 else (1 + m / 8) * 2.0**(e - 7)
        table.setdefault(-mag if s else mag, b)
    return np.array([table[float(v)] for v in x.ravel()], dtype=np.uint8).reshape(x.shape)


def run(name, m, n, k, in_type, out_dtype, blocks, seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(-15, 16, size=(m, k)) / 8.0
    b = rng.integers(-15, 16, size=(k, n)) / 8.0
    ref = (a @ b).astype(out_dtype)  # f64 product is exact; one rounding to the output type
    if in_type == "f16":
        da, db = a.astype(np.float16), b.astype(np.float16)
    else:
        da, db = wavescope_triton.typed(e4m3fn_bytes(a), tl.float8e4nv), wavescope_triton.typed(
            e4m3fn_bytes(b), tl.float8e4nv)
    c = np.zeros((m, n), dtype=out_dtype)
    bm, bn, bk, gm = blocks
    grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn), )
    compiled = matmul_kernel[grid](da, db, c, m, n, k, k, 1, n, 1, n, 1, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn,
                                   BLOCK_SIZE_K=bk, GROUP_SIZE_M=gm, num_warps=4, num_stages=2)
    mfma = compiled.asm["amdgcn"].count("v_mfma")
    bits = np.uint32 if c.dtype == np.float32 else np.uint16
    bad = np.flatnonzero(c.view(bits).ravel() != ref.view(bits).ravel())
    if bad.size or mfma == 0:
        print(f"FAILED: {name}: {bad.size} of {m * n} elements differ, {mfma} MFMA instructions")
        if bad.size:
            i = bad[0]
            print(f"  first at {i}: {c.ravel()[i]} != {ref.ravel()[i]}")
        return False
    print(f"matmul {name}: {m}x{n}x{k} equals numpy bit for bit ({mfma} v_mfma in the kernel)")
    return True


wavescope_triton.activate()
ok = run("f16", 128, 128, 128, "f16", np.float32, (64, 64, 32, 4), 3)
ok &= run("fp8e4nv", 128, 128, 256, "fp8", np.float16, (64, 64, 64, 4), 4)
if not ok:
    sys.exit(1)
print("PASSED")
