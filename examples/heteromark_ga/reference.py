"""Hetero-Mark ga (OpenCL 1.2), gene alignment coarse match: work-item tid compares the target
window starting at current_position + tid against every window of the query and flags a match
(distance < threshold) in a char result, leaving the loop early with break.
Reference written from kernel.cl (same loops, same early exit): exact bytes."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, scalar, out, write_case

GRID, BLOCK = 1000, 128          # 1000 = 7 full work-groups + one of 104 (1 full + 1 partial wave)
LENGTH = 1000                    # kernel returns only for tid > length
QLEN, CML, THR, POS = 64, 16, 3, 8
rng = np.random.default_rng(31)
letters = np.frombuffer(b"ACGT", np.int8)
query = letters[rng.integers(0, 4, QLEN)]
target = letters[rng.integers(0, 4, POS + GRID + CML + 8)]
# plant query fragments (some with 1-2 mutations) so matches happen at various loop iterations
for at in rng.choice(GRID, 60, replace=False):
    qo = rng.integers(0, QLEN - CML + 1)
    frag = query[qo:qo + CML].copy()
    for _ in range(rng.integers(0, 5)):
        frag[rng.integers(0, CML)] = letters[rng.integers(0, 4)]
    target[POS + at:POS + at + CML] = frag

res = np.zeros(GRID, np.int8)
max_length = QLEN - CML
for tid in range(GRID):
    if tid > LENGTH:
        continue
    match = False
    for i in range(max_length + 1):
        dist = int(np.count_nonzero(target[POS + tid:POS + tid + CML] != query[i:i + CML]))
        if dist < THR:
            match = True
            break
    if match:
        res[tid] = 1
print("matches:", int(res.sum()))

write_case(
    "ga_cl12", [GRID, 1, 1], [BLOCK, 1, 1],
    [buf("in_target.bin", target, "i8"), buf("in_query.bin", query, "i8"), zero_buf("i8", GRID),
     scalar("u32", LENGTH), scalar("i32", QLEN), scalar("i32", CML), scalar("i32", THR), scalar("i32", POS)],
    [out(2, "expected_batch_result.bin", res, "i8")],
    origin="NUCAR-DEV/Hetero-Mark src/ga/cl12/kernels.cl (NUCAR/Northeastern University permissive license); kernel unchanged",
    notes="char (i8) loads (global_load_ubyte) and byte stores; nested loops whose trip count depends on the data "
          "(break on first match): divergent loops; partial last work-group and partial last wave. Exact.",
)
