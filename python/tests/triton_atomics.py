"""Triton atomics launched from Python on wavescope: a masked tl.atomic_add histogram over a ragged tail, an
f32 tl.atomic_add of per-program sums (small integers: exact in any order), tl.atomic_max / tl.atomic_min of
masked (non-negative, see below) values, and a tl.atomic_cas ticket counter; every result checked exactly against numpy."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
import wavescope_triton  # noqa: E402


@triton.jit
def atomics_kernel(x_ptr, hist_ptr, fsum_ptr, stats_ptr, ticket_ptr, order_ptr, n, NBINS: tl.constexpr,
                   BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(hist_ptr + (x % NBINS), 1, mask=mask & (x >= 0))
    tl.atomic_add(fsum_ptr, tl.sum(tl.where(mask, x, 0), axis=0).to(tl.float32))
    # x + 50 >= 0: Triton 3.9's AMD backend first reduces lanes that share an address with v_max_u32 /
    # v_min_u32 and only then issues global_atomic_smax / smin, so negative values would come out as unsigned
    # (its code, on hardware too: seen here with x itself, giving max -1 and min 0)
    tl.atomic_max(stats_ptr + 0 * offs, x + 50, mask=mask)
    tl.atomic_min(stats_ptr + 1 + 0 * offs, x + 50, mask=mask)
    # a ticket by compare-and-swap: retry until this program's increment lands
    t = tl.atomic_add(ticket_ptr, 0)
    done = tl.atomic_cas(ticket_ptr, t, t + 1) == t
    while not done:
        t = tl.atomic_add(ticket_ptr, 0)
        done = tl.atomic_cas(ticket_ptr, t, t + 1) == t
    tl.store(order_ptr + t, pid + 1)


wavescope_triton.activate()
n, nbins, block = 3000, 29, 256
progs = triton.cdiv(n, block)
rng = np.random.default_rng(7)
x = rng.integers(-50, 500, n).astype(np.int32)
hist = np.zeros(nbins, np.int32)
fsum = np.zeros(1, np.float32)
stats = np.array([-(2**31), 2**31 - 1], np.int32)
ticket = np.zeros(1, np.int32)
order = np.zeros(progs, np.int32)
atomics_kernel[(progs, )](x, hist, fsum, stats, ticket, order, n, NBINS=nbins, BLOCK=block, num_warps=4)
want_hist = np.bincount(x[x >= 0] % nbins, minlength=nbins).astype(np.int32)
fails = []
if not np.array_equal(hist, want_hist):
    fails.append(f"histogram {hist.tolist()} != {want_hist.tolist()}")
if fsum[0] != np.float32(x.sum()):
    fails.append(f"f32 sum {fsum[0]} != {x.sum()}")
if stats[0] != x.max() + 50 or stats[1] != x.min() + 50:
    fails.append(f"max/min {stats.tolist()} != {[int(x.max()) + 50, int(x.min()) + 50]}")
if ticket[0] != progs or sorted(order.tolist()) != list(range(1, progs + 1)):
    fails.append(f"tickets {ticket[0]} / {order.tolist()}: every program must draw one distinct ticket")
if fails:
    print("FAILED: " + "; ".join(fails))
    sys.exit(1)
print(f"atomics: {n} values, {progs} programs: histogram, f32 sum, max/min and CAS tickets equal numpy")
print("PASSED")
