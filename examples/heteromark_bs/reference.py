"""Hetero-Mark bs (OpenCL 1.2), Black-Scholes call/put prices from one random number per option.
Reference written from kernel.cl, evaluated in float64 (the mathematically intended values):
s = k = 10*x + 100*(1-x) (double literals: computed in f64, then rounded to f32 as in the kernel),
t = 1*x + 10*(1-x), r = 0.01*x + 0.05*(1-x), sigma = 0.01*x + 0.10*(1-x) (also via f64 -> f32),
d1 = (log(s/k) + (r + sigma^2/2) t) / (sigma sqrt t), d2 = d1 - sigma sqrt t,
call = s Phi(d1) - k e^{-rt} Phi(d2), put = k e^{-rt} Phi(-d2) - s Phi(-d1), with Phi the
Abramowitz-Stegun polynomial of the source.
The kernel evaluates this in f32 with the hardware transcendental approximations v_exp_f32,
v_log_f32, v_sqrt_f32 and v_rcp_f32 (about 1 ulp each, OpenCL allows 3 ulp for exp/log/sqrt and
2.5 ulp for division) and FMA contraction of the polynomial. An f32 evaluation of the same
formula with correctly rounded exp/log/sqrt/div differs from this f64 reference by at most
1.4e-5 absolute (prices 0.008..40; relative up to 8e-5 on the smallest, from the cancellation in
1 - y of Phi and in the put difference); printed when run. Tolerance: rtol 1e-4 + atol 1e-4,
about 7x that, leaving room for the ~1 ulp hardware approximations."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, zero_buf, scalar, out, write_case

N, OFF, BLOCK = 1024, 16, 64
rng = np.random.default_rng(17)
x = rng.random(N + OFF, dtype=np.float32)

def phi(X, dt):
    c1, c2, c3, c4, c5 = [dt(v) for v in (0.319381530, -0.356563782, 1.781477937, -1.821255978, 1.330274429)]
    k = dt(0.398942280)
    absX = np.abs(X)
    t = dt(1) / (dt(1) + dt(0.2316419) * absX)
    y = dt(1) - k * np.exp(-X * X / dt(2)) * t * (c1 + t * (c2 + t * (c3 + t * (c4 + t * c5))))
    return np.where(X < 0, dt(1) - y, y)

def bs(xr, dt):
    one_m = (np.float32(1) - xr).astype(np.float32).astype(np.float64)
    xd = xr.astype(np.float64)
    s = (10.0 * xd + 100.0 * one_m).astype(np.float32).astype(dt)
    k = s.copy()
    t = (1.0 * xd + 10.0 * one_m).astype(np.float32).astype(dt)
    r = (0.01 * xd + 0.05 * one_m).astype(np.float32).astype(dt)
    sigma = (0.01 * xd + 0.10 * one_m).astype(np.float32).astype(dt)
    sst = sigma * np.sqrt(t)
    d1 = (np.log(s / k) + (r + sigma * sigma / dt(2)) * t) / sst
    d2 = d1 - sst
    kexp = k * np.exp(-r * t)
    call = s * phi(d1, dt) - kexp * phi(d2, dt)
    put = kexp * phi(-d2, dt) - s * phi(-d1, dt)
    return call, put

c64, p64 = bs(x[OFF:], np.float64)
c32, p32 = bs(x[OFF:], np.float32)
err = max(np.max(np.abs(c32 - c64) / np.abs(c64)), np.max(np.abs(p32 - p64) / np.abs(p64)))
print("f32-vs-f64 max relative difference:", err, " max abs:", max(np.abs(c32 - c64).max(), np.abs(p32 - p64).max()))
call = np.zeros(N + OFF, np.float32); put = np.zeros(N + OFF, np.float32)
call[OFF:] = c64; put[OFF:] = p64

write_case(
    "bs_cl12", [N, 1, 1], [BLOCK, 1, 1],
    [buf("in_rand.bin", x, "f32"), zero_buf("f32", N + OFF), zero_buf("f32", N + OFF), scalar("i32", OFF)],
    [out(1, "expected_call.bin", call, "f32", 1e-4, 1e-4), out(2, "expected_put.bin", put, "f32", 1e-4, 1e-4)],
    origin="NUCAR-DEV/Hetero-Mark src/bs/cl12/kernels.cl (NUCAR/Northeastern University, NCSA-style permissive license); "
           "adapted: exp/log #defined to __builtin_expf/__builtin_logf (no device library), Phi marked noinline",
    notes="Transcendentals v_exp_f32, v_log_f32, v_sqrt_f32, v_rcp_f32; f64 ops for the double literals; "
          "noinline device function Phi called 4 times (s_swappc_b64 / s_setpc_b64, scratch stack). "
          "Reference in f64; tolerance from the f32 approximations (see reference.py docstring). "
          "offset=16: the first 16 outputs are untouched (0).",
)
