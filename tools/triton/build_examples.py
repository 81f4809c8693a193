#!/usr/bin/env python3
"""Build the Triton examples (examples/triton_*) offline, with no GPU.

For each example: write the Triton kernel (kernel.py, a copy of the source compiled), compile it for gfx950 with
the pip `triton` wheel (its bundled LLVM and linker), and write kernel.hsaco, kernel.amdgcn.s, case.json, the input
files and the numpy reference outputs; kernel.objdump.txt comes from `llvm-objdump-22 -d --mcpu=gfx950`.

    pip install triton==3.9.0 numpy
    python3 tools/triton/build_examples.py            # all examples
    python3 tools/triton/build_examples.py softmax    # those whose name contains "softmax"

Compiled with triton 3.9.0 (TRITON_VERSION below is checked). Inputs come from a fixed seed, so a rebuild with
the same wheel writes the same files.

Every Triton kernel for AMD takes two more pointer arguments than its Python signature: the global scratch and
the profile scratch buffers (`global_scratch_size` and `profile_scratch_size` in the compiled metadata; the HIP
launcher passes null when the size is 0). The manifests give each a 1-byte zero buffer: the kernels here use no
scratch, so the pointer is never read; a kernel with global_scratch_size > 0 needs a buffer of
global_scratch_size x (number of programs) bytes.

Triton's LDS is dynamic: the object's .group_segment_fixed_size is 0 and the launcher asks for
`metadata.shared` bytes at launch, so each manifest sets "lds_dynamic_bytes" to it.
"""

import atexit
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import triton
import triton.language as tl
from triton.backends.compiler import GPUTarget

TRITON_VERSION = "3.9.0"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET = GPUTarget("hip", "gfx950", 64)
OBJDUMP = shutil.which("llvm-objdump-22") or "llvm-objdump"
SYMBOLIZER = shutil.which("llvm-symbolizer-22") or "llvm-symbolizer"
# A private, empty Triton cache for this run: a cached object compiled in another checkout carries that checkout's
# absolute directory (the line table's compilation directory), which relative_paths below cannot see.
os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="triton-build-")
atexit.register(shutil.rmtree, os.environ["TRITON_CACHE_DIR"], True)
# Fusion on (the 3.9 default; named so the warning about the default changing in 3.10 stays quiet and a rebuild
# with a later wheel compiles the same way).
os.environ.setdefault("TRITON_DEFAULT_FP_FUSION", "1")

# ----------------------------------------------------------------------------------------------------------------
# Kernels (the examples' kernel.py files are written from these sources)

VECTOR_ADD = '''
import triton
import triton.language as tl


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)
'''

SOFTMAX = '''
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols, BLOCK_SIZE: tl.constexpr):
    # One program per row (the Triton fused-softmax tutorial, one row per program).
    row_idx = tl.program_id(0)
    row_start_ptr = input_ptr + row_idx * input_row_stride
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    row = tl.load(row_start_ptr + col_offsets, mask=mask, other=-float("inf"))
    row_minus_max = row - tl.max(row, axis=0)
    numerator = tl.exp(row_minus_max)
    denominator = tl.sum(numerator, axis=0)
    softmax_output = numerator / denominator
    tl.store(output_ptr + row_idx * output_row_stride + col_offsets, softmax_output, mask=mask)
'''

# The Triton tutorial 03-matrix-multiplication kernel (grouped program ordering, masked K tail), with the output
# element type taken from the C pointer.
MATMUL = '''
import triton
import triton.language as tl


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                  GROUP_SIZE_M: tl.constexpr):
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m

    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)

    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    c = accumulator.to(c_ptr.dtype.element_ty)

    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)
'''


def load_kernel(src, name, path):
    """Import the kernel from the file it is committed as (triton.jit needs real source lines)."""
    with open(path, "w") as f:
        f.write(src.lstrip())
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"triton_example_{name}", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ----------------------------------------------------------------------------------------------------------------
# Helpers


def div16(indices):
    """`tt.divisibility = 16` on these argument indices: what triton.jit infers for 16-aligned pointers and
    multiples of 16, so the offline build vectorises as a launch from Python would."""
    return {(i, ): [["tt.divisibility", 16]] for i in indices}


def compile_kernel(fn, signature, constexprs, attrs, options):
    src = triton.compiler.ASTSource(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs)
    return triton.compile(src, target=TARGET, options=options)


def buffer(file, dtype, count):
    return {"kind": "buffer", "file": file, "dtype": dtype, "count": int(count)}


def zero_buffer(dtype, count):
    return {"kind": "buffer", "dtype": dtype, "count": int(count), "fill": "zero"}


def scalar(dtype, value):
    # floats stay floats (an f32 scalar of -1.5 must not become -1)
    return {"kind": "scalar", "dtype": dtype, "value": float(value) if dtype.startswith("f") else int(value)}


def scratch_args(md):
    """The two trailing pointers every Triton AMD kernel takes (global scratch, profile scratch)."""
    assert md.global_scratch_size == 0 and md.profile_scratch_size == 0, "example uses scratch"
    return [zero_buffer("u8", 1), zero_buffer("u8", 1)]


def write_example(name, compiled, case, files, kernel_py_src, out_dir=None,
                  tool="tools/triton/build_examples.py"):
    """Write one case into examples/<name>, or into out_dir when given (tests/fixtures/extra_kernels_r3 does)."""
    d = out_dir or os.path.join(ROOT, "examples", name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "kernel.hsaco"), "wb") as f:
        f.write(relative_paths(compiled.asm["hsaco"], d))
    with open(os.path.join(d, "kernel.amdgcn.s"), "w") as f:
        f.write(relative_paths(compiled.asm["amdgcn"].encode(), d).decode())
    for fname, arr in files.items():
        arr.tofile(os.path.join(d, fname))
    md = compiled.metadata
    case["origin"] = (
        f"compiled by {tool} with triton {triton.__version__} (pip wheel, bundled LLVM) "
        f"for gfx950: num_warps {md.num_warps}, num_stages {md.num_stages}, LDS {md.shared} bytes")
    with open(os.path.join(d, "case.json"), "w") as f:
        json.dump(case, f, indent=2)
        f.write("\n")
    dump = subprocess.run([OBJDUMP, "-d", "--mcpu=gfx950", "kernel.hsaco"], cwd=d, check=True,
                          capture_output=True, text=True).stdout
    with open(os.path.join(d, "kernel.objdump.txt"), "w") as f:
        f.write(dump)
    # llvm-symbolizer's inline chains for every instruction PC (traces/tests/profile.rs compares with them)
    pcs = "".join("0x%s\n" % m.lstrip("0") for m in re.findall(r"// ([0-9A-Fa-f]{12}):", dump))
    sym = subprocess.run([SYMBOLIZER, "--inlining", "--print-address", "--obj=kernel.hsaco"], cwd=d, check=True,
                         input=pcs, capture_output=True, text=True).stdout
    with open(os.path.join(d, "kernel.symbolizer.txt"), "w") as f:
        f.write(sym)
    print(f"{name}: {len(compiled.asm['hsaco'])} byte object, LDS {md.shared}, warps {md.num_warps}, "
          f"mfma {dump.count('v_mfma')}")


def same_length_dot(n):
    """A path of n bytes that means "." ("./././." or "././")."""
    return "./" * (n // 2) + ("." if n % 2 else "")


def relative_paths(blob, example_dir):
    """The line table names kernel.py by its absolute directory (the compilation directory) and Triton's own
    helpers (tl.max, tl.sum are inlined from triton/language/standard.py) by the wheel's install path. Both are
    rewritten in place to relative paths of the same length, so no DWARF offset moves and the objects do not carry
    this machine's paths: the example's directory becomes "./././." (kernel.py is found beside the manifest),
    the wheel's site-packages "./././" (triton/language/standard.py is found from a directory holding the
    triton package)."""
    site = os.path.dirname(os.path.dirname(os.path.abspath(triton.__file__))) + "/"
    for prefix in (example_dir, site):
        blob = blob.replace(prefix.encode(), same_length_dot(len(prefix.encode())).encode())
    for prefix in (ROOT, site):
        assert prefix.encode() not in blob, f"{prefix} is still in the object"
    return blob


def fp8e4m3fn_table():
    """The value of each OCP FP8 E4M3FN byte (bias 7, no infinities, S.1111.111 is NaN)."""
    v = np.zeros(256, dtype=np.float64)
    for b in range(256):
        s, e, m = b >> 7, (b >> 3) & 15, b & 7
        mag = (m / 8) * 2.0**-6 if e == 0 else (1 + m / 8) * 2.0**(e - 7)
        v[b] = np.nan if (e == 15 and m == 7) else (-mag if s else mag)
    return v


def fp8e4m3fn_encode(x):
    """Bytes of values that are exactly representable in E4M3FN (checked)."""
    table = fp8e4m3fn_table()
    lookup = {}
    for b in range(256):
        if not np.isnan(table[b]) and table[b] not in lookup and b != 0x80:
            lookup[table[b]] = b
    out = np.array([lookup[float(v)] for v in x.ravel()], dtype=np.uint8).reshape(x.shape)
    assert np.array_equal(table[out], x), "value not exact in e4m3fn"
    return out


def bf16_encode(x):
    """bf16 bit patterns (as u16) of values that are exactly representable in bf16 (checked)."""
    bits = (x.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
    assert np.array_equal((bits.astype(np.uint32) << 16).view(np.float32), x), "value not exact in bf16"
    return bits


IN_NOTE = {"f16": "f16", "bf16": "bf16 bit patterns", "fp8": "OCP E4M3FN bytes, as u8"}

# ----------------------------------------------------------------------------------------------------------------
# Examples


def vector_add(kdir):
    mod = load_kernel(VECTOR_ADD, "vector_add", os.path.join(kdir, "kernel.py"))
    n, block = 5000, 1024  # n is not a multiple of the block: the last program's tail is masked off
    c = compile_kernel(mod.add_kernel, {"x_ptr": "*fp32", "y_ptr": "*fp32", "out_ptr": "*fp32",
                                        "n_elements": "i32", "BLOCK_SIZE": "constexpr"},
                       {"BLOCK_SIZE": block}, div16([0, 1, 2]), {"num_warps": 4})
    rng = np.random.default_rng(1)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    # One correctly rounded f32 add per element, as v_add_f32 does: exact.
    out = (x + y).astype(np.float32)
    md = c.metadata
    wg = md.num_warps * 64
    programs = -(-n // block)
    case = {
        "code_object": "kernel.hsaco", "kernel": md.name, "grid": [programs * wg, 1, 1], "block": [wg, 1, 1],
        "lds_dynamic_bytes": md.shared,
        "args": [buffer("in_x.bin", "f32", n), buffer("in_y.bin", "f32", n), zero_buffer("f32", n),
                 scalar("i32", n)] + scratch_args(md),
        "outputs": [{"arg_index": 2, "file": "expected_out.bin", "dtype": "f32", "count": n, "rtol": 0.0,
                     "atol": 0.0}],
        "notes": "Triton tutorial 01 vector add, BLOCK_SIZE 1024, 5000 elements (the fifth program is partly "
                 "masked). args[4], args[5]: Triton's global/profile scratch pointers (unused). Exact: one f32 add.",
    }
    return "triton_vector_add", c, case, {"in_x.bin": x, "in_y.bin": y, "expected_out.bin": out}


def softmax(kdir):
    mod = load_kernel(SOFTMAX, "softmax", os.path.join(kdir, "kernel.py"))
    rows, cols, block = 64, 781, 1024
    c = compile_kernel(mod.softmax_kernel, {"output_ptr": "*fp32", "input_ptr": "*fp32", "input_row_stride": "i32",
                                            "output_row_stride": "i32", "n_cols": "i32", "BLOCK_SIZE": "constexpr"},
                       {"BLOCK_SIZE": block}, div16([0, 1]), {"num_warps": 4})
    rng = np.random.default_rng(2)
    x = (rng.standard_normal((rows, cols)) * 3).astype(np.float32)
    xd = x.astype(np.float64)
    assert (xd.max(axis=1) - xd.min(axis=1)).max() <= 30, "the tolerance below assumes |x - max| <= 30"
    e = np.exp(xd - xd.max(axis=1, keepdims=True))
    ref = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
    md = c.metadata
    wg = md.num_warps * 64
    case = {
        "code_object": "kernel.hsaco", "kernel": md.name, "grid": [rows * wg, 1, 1], "block": [wg, 1, 1],
        "lds_dynamic_bytes": md.shared,
        "args": [zero_buffer("f32", rows * cols), buffer("in_x.bin", "f32", rows * cols), scalar("i32", cols),
                 scalar("i32", cols), scalar("i32", cols)] + scratch_args(md),
        # Against the exact (f64) softmax: the kernel's exp is exp2(x * log2 e) with v_exp_f32 (1 ulp) after a
        # rounded multiply (the argument is at most 30 in magnitude, so its rounding, 2^-24 x 30 x ln 2 relative,
        # adds ~20 ulp of the result in the worst case); the 781-term sum is a shuffle tree (10 levels, <= 10 ulp
        # of the sum) and the division one more (v_rcp_f32-based, <= 2 ulp). That is under ~35 ulp (2.1e-6
        # relative); rtol 4e-6 leaves a factor of two, atol 1e-30 only absorbs results that underflow.
        "outputs": [{"arg_index": 0, "file": "expected_out.bin", "dtype": "f32", "count": rows * cols,
                     "rtol": 4e-6, "atol": 1e-30}],
        "notes": f"Triton tutorial 02 fused softmax, one program per row: {rows} rows x {cols} columns (BLOCK_SIZE "
                 f"1024, the tail masked with -inf). args[5], args[6]: Triton's scratch pointers (unused). "
                 f"Reference: f64 softmax rounded to f32.",
    }
    return "triton_softmax", c, case, {"in_x.bin": x, "expected_out.bin": ref}


def matmul(kdir, name, m, n, k, in_type, out_type, blocks, num_warps, seed):
    """A tutorial-03 matmul. Inputs are small integers times 2^-3, so every product and every partial sum is exact
    in f32 whatever the summation order (|sum| x 2^6 stays far below 2^24): the only rounding is the final
    conversion to the output type, which the reference does the same way (round to nearest even)."""
    mod = load_kernel(MATMUL, name, os.path.join(kdir, "kernel.py"))
    bm, bn, bk, gm = blocks
    ptr_in = {"f16": "*fp16", "bf16": "*bf16", "fp8": "*fp8e4nv"}[in_type]
    ptr_out = {"f16": "*fp16", "f32": "*fp32"}[out_type]
    sig = {"a_ptr": ptr_in, "b_ptr": ptr_in, "c_ptr": ptr_out}
    for s in ["M", "N", "K", "stride_am", "stride_ak", "stride_bk", "stride_bn", "stride_cm", "stride_cn"]:
        sig[s] = "i32"
    for s in ["BLOCK_SIZE_M", "BLOCK_SIZE_N", "BLOCK_SIZE_K", "GROUP_SIZE_M"]:
        sig[s] = "constexpr"
    constexprs = {"BLOCK_SIZE_M": bm, "BLOCK_SIZE_N": bn, "BLOCK_SIZE_K": bk, "GROUP_SIZE_M": gm}
    # Pointers and the sizes/leading strides are multiples of 16 (as triton.jit would specialise them); the unit
    # strides stay runtime arguments so the signature is the tutorial's.
    c = compile_kernel(mod.matmul_kernel, sig, constexprs, div16([0, 1, 2, 3, 4, 5, 6, 9, 10]),
                       {"num_warps": num_warps, "num_stages": 2})
    rng = np.random.default_rng(seed)
    ka = rng.integers(-15, 16, size=(m, k))
    kb = rng.integers(-15, 16, size=(k, n))
    a, b = ka / 8.0, kb / 8.0
    exact = a @ b  # f64: exact (integers x 2^-6 below 2^53)
    files = {}
    if in_type == "f16":
        files["in_a.bin"], files["in_b.bin"] = a.astype(np.float16), b.astype(np.float16)
        in_dtype = "f16"
    elif in_type == "bf16":
        files["in_a.bin"], files["in_b.bin"] = bf16_encode(a), bf16_encode(b)
        in_dtype = "bf16"
    else:
        files["in_a.bin"], files["in_b.bin"] = fp8e4m3fn_encode(a), fp8e4m3fn_encode(b)
        in_dtype = "u8"
    out_np = {"f16": np.float16, "f32": np.float32}[out_type]
    files["expected_c.bin"] = exact.astype(out_np)
    md = c.metadata
    wg = md.num_warps * 64
    programs = -(-m // bm) * -(-n // bn)
    case = {
        "code_object": "kernel.hsaco", "kernel": md.name, "grid": [programs * wg, 1, 1], "block": [wg, 1, 1],
        "lds_dynamic_bytes": md.shared,
        "args": [buffer("in_a.bin", in_dtype, m * k), buffer("in_b.bin", in_dtype, k * n),
                 zero_buffer(out_type, m * n)] + [scalar("i32", v) for v in [m, n, k, k, 1, n, 1, n, 1]] +
        scratch_args(md),
        "outputs": [{"arg_index": 2, "file": "expected_c.bin", "dtype": out_type, "count": m * n, "rtol": 0.0,
                     "atol": 0.0}],
        "notes": f"Triton tutorial 03 matmul, {m}x{n}x{k}, {in_type} inputs ({IN_NOTE[in_type]}), f32 accumulate (tl.dot: MFMA, operands "
                 f"through LDS), {out_type} output; blocks {bm}x{bn}x{bk}, GROUP_SIZE_M {gm}, {programs} programs of "
                 f"{md.num_warps} waves. args[12], args[13]: Triton's scratch pointers (unused). Inputs are "
                 f"integers in [-15, 15] x 2^-3: every product and partial sum is exact in f32, so the result is "
                 f"exact before the final rounding to {out_type}, which the reference does alike (nearest even): "
                 f"atol 0.",
    }
    return name, c, case, files


EXAMPLES = {
    "triton_vector_add": vector_add,
    "triton_softmax": softmax,
    "triton_matmul_f16": lambda d: matmul(d, "triton_matmul_f16", 128, 128, 128, "f16", "f32", (64, 64, 32, 4), 4, 3),
    "triton_matmul_fp8": lambda d: matmul(d, "triton_matmul_fp8", 128, 128, 256, "fp8", "f16", (64, 64, 64, 4), 4, 4),
    "triton_matmul_fp8_1024": lambda d: matmul(d, "triton_matmul_fp8_1024", 1024, 1024, 1024, "fp8", "f16",
                                               (128, 128, 64, 8), 4, 5),
    # The issue-16 anchors next to the fp8 one: same kernel, blocks and output type, 16-bit inputs.
    "triton_matmul_bf16_1024": lambda d: matmul(d, "triton_matmul_bf16_1024", 1024, 1024, 1024, "bf16", "f16",
                                                (128, 128, 64, 8), 4, 6),
    "triton_matmul_f16_1024": lambda d: matmul(d, "triton_matmul_f16_1024", 1024, 1024, 1024, "f16", "f16",
                                               (128, 128, 64, 8), 4, 7),
}


def main():
    if triton.__version__ != TRITON_VERSION:
        print(f"warning: built with triton {TRITON_VERSION}, this is {triton.__version__}: the objects will differ",
              file=sys.stderr)
    wanted = sys.argv[1:]
    for name, build in EXAMPLES.items():
        if wanted and not any(w in name for w in wanted):
            continue
        d = os.path.join(ROOT, "examples", name)
        os.makedirs(d, exist_ok=True)
        ex_name, c, case, files = build(d)
        assert ex_name == name
        write_example(name, c, case, files, None)


if __name__ == "__main__":
    main()
