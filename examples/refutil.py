"""Helpers shared by the examples' reference.py scripts.

Each reference.py computes its expected outputs with numpy FROM THE KERNEL SOURCE's semantics
(never from an emulator), writes little-endian raw .bin files beside itself and writes case.json,
the dispatch manifest of docs/manifest.md.
"""
import json
import os
import sys

import numpy as np

DTYPES = {
    "i8": np.int8, "u8": np.uint8, "i16": np.int16, "u16": np.uint16,
    "i32": np.int32, "u32": np.uint32, "i64": np.int64, "u64": np.uint64,
    "f16": np.float16, "bf16": np.uint16, "f32": np.float32, "f64": np.float64,
}
SIZES = {"i8": 1, "u8": 1, "i16": 2, "u16": 2, "i32": 4, "u32": 4, "i64": 8, "u64": 8,
         "f16": 2, "bf16": 2, "f32": 4, "f64": 8}


def here():
    return os.path.dirname(os.path.abspath(sys.argv[0]))


def save(name, arr, dtype):
    """Write arr as a little-endian raw array of manifest dtype `dtype`; return (file, count)."""
    want = np.dtype(DTYPES[dtype]).newbyteorder("<")
    a = np.ascontiguousarray(arr)
    if a.dtype != want:
        if dtype == "bf16" and a.dtype != np.uint16:
            raise TypeError("bf16 data must be given as raw uint16 bit patterns")
        a = a.astype(want)
    a.tofile(os.path.join(here(), name))
    return name, int(a.size)


def buf(name, arr, dtype):
    f, n = save(name, arr, dtype)
    return {"kind": "buffer", "file": f, "dtype": dtype, "count": n}


def zero_buf(dtype, count):
    return {"kind": "buffer", "dtype": dtype, "count": int(count), "fill": "zero"}


def local(nbytes):
    return {"kind": "local", "bytes": int(nbytes)}


def scalar(dtype, value):
    if dtype.startswith("f"):
        value = float(value)
    else:
        value = int(value)
    return {"kind": "scalar", "dtype": dtype, "value": value}


def out(arg_index, name, arr, dtype, rtol=0.0, atol=0.0):
    f, n = save(name, arr, dtype)
    return {"arg_index": arg_index, "file": f, "dtype": dtype, "count": n,
            "rtol": float(rtol), "atol": float(atol)}


def write_case(kernel, grid, block, args, outputs, origin, notes, **extra):
    case = {"code_object": "kernel.hsaco", "kernel": kernel, "grid": list(grid), "block": list(block)}
    case.update(extra)
    case["args"] = args
    case["outputs"] = outputs
    case["origin"] = origin
    case["notes"] = notes
    with open(os.path.join(here(), "case.json"), "w") as f:
        json.dump(case, f, indent=2)
        f.write("\n")
    check_case(here())


def check_case(d):
    """Every file the manifest names exists with count * sizeof(dtype) bytes."""
    with open(os.path.join(d, "case.json")) as f:
        c = json.load(f)
    items = [a for a in c["args"] if "file" in a] + c["outputs"]
    for a in items:
        p = os.path.join(d, a["file"])
        want = a["count"] * SIZES[a["dtype"]]
        got = os.path.getsize(p)
        if got != want:
            raise SystemExit(f"{p}: {got} bytes, manifest says {want}")
    for o in c["outputs"]:
        arg = c["args"][o["arg_index"]]
        if arg["kind"] != "buffer" or arg["dtype"] != o["dtype"] or arg["count"] != o["count"]:
            raise SystemExit(f"{d}: output {o['file']} does not match arg {o['arg_index']}")
    return c


def f32(x):
    return np.float32(x)


def fma32(a, b, c):
    """Correctly rounded f32 fused multiply-add (what v_fma_f32 / v_fmac_f32 compute).
    The f32*f32 product is exact in f64; the f64 sum s = p + c is exact up to err (TwoSum).
    Rounding s to f32 equals rounding the exact sum unless s sits exactly on an f32 rounding
    midpoint with err != 0: then s is nudged one f64 ulp toward the exact value first."""
    a = np.asarray(a, np.float32).astype(np.float64)
    b = np.asarray(b, np.float32).astype(np.float64)
    c = np.asarray(c, np.float32).astype(np.float64)
    p = a * b
    s = p + c
    bp = s - c
    err = (p - bp) + (c - (s - bp))
    r = s.astype(np.float32)
    lo = np.nextafter(r, np.float32(-np.inf)).astype(np.float64)
    hi = np.nextafter(r, np.float32(np.inf)).astype(np.float64)
    rd = r.astype(np.float64)
    mid = ((s == (rd + lo) / 2) | (s == (rd + hi) / 2)) & (err != 0)
    if np.any(mid):
        s2 = np.where(mid, np.nextafter(s, np.where(err > 0, np.inf, -np.inf)), s)
        r = s2.astype(np.float32)
    return r


def bf16_bits(x):
    """float32 -> bf16 bit pattern, round to nearest even."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = ((u >> 16) & 1) + 0x7FFF
    return ((u + r) >> 16).astype(np.uint16)


def bf16_to_f32(bits):
    return (np.asarray(bits, np.uint32) << 16).view(np.float32)


def e4m3_value(code):
    """OCP FP8 E4M3 (gfx950 FP8, CDNA4 guide Table 30: bias 7, max 448, 0x7F/0xFF NaN, no inf)."""
    s = -1.0 if code & 0x80 else 1.0
    e = (code >> 3) & 0xF
    m = code & 7
    if e == 0xF and m == 7:
        return float("nan")
    if e == 0:
        return s * (m / 8.0) * 2.0 ** -6
    return s * (1 + m / 8.0) * 2.0 ** (e - 7)


def e4m3_encode(values):
    """Exact encoding of values that E4M3 represents exactly (raises otherwise)."""
    table = {}
    for c in range(256):
        v = e4m3_value(c)
        if v == v and v not in table:
            table[v] = c
    return np.array([table[float(v)] for v in np.ravel(values)], np.uint8).reshape(np.shape(values))


FP4_E2M1 = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0]   # codes 0..7, bit 3 = sign (CDNA4 guide Table 30)


def e2m1_encode(values):
    out = []
    for v in np.ravel(values):
        v = float(v)
        code = FP4_E2M1.index(abs(v))
        out.append(code | (8 if v < 0 or (v == 0 and np.signbit(v)) else 0))
    return np.array(out, np.uint8).reshape(np.shape(values))



def minifloat_value(code, ebits, mbits, bias):
    """Value of a sign/exponent/mantissa code without inf/nan (FP6 E2M3 bias 1, BF6 E3M2 bias 3,
    FP4 E2M1 bias 1; CDNA4 guide Table 30). BF8 E5M2 (bias 15) only for finite codes."""
    s = -1.0 if (code >> (ebits + mbits)) & 1 else 1.0
    e = (code >> mbits) & ((1 << ebits) - 1)
    m = code & ((1 << mbits) - 1)
    if e == 0:
        return s * (m / (1 << mbits)) * 2.0 ** (1 - bias)
    return s * (1 + m / (1 << mbits)) * 2.0 ** (e - bias)


def minifloat_encode(values, ebits, mbits, bias):
    n = 1 + ebits + mbits
    table = {}
    for c in range(1 << n):
        v = minifloat_value(c, ebits, mbits, bias)
        if v not in table:
            table[v] = c
    return np.array([table[float(v)] for v in np.ravel(values)], np.uint8).reshape(np.shape(values))
