"""Run Triton kernels from Python on wavescope: `kernel[grid](...)` with numpy arrays, no GPU, no torch.

    import numpy as np, triton, triton.language as tl
    import wavescope_triton

    wavescope_triton.activate()                   # or: with wavescope_triton.active(): ...
    x = np.random.rand(5000).astype(np.float32); y = ...; out = np.empty_like(x)
    add_kernel[(triton.cdiv(5000, 1024),)](x, y, out, 5000, BLOCK_SIZE=1024)   # out now holds x + y

Triton's own pieces do the work: its compiler (gfx950, wave64: the target comes from the device properties
wavescope's HIP runtime reports), its launcher stub (driver.c in the wheel, compiled by Triton with the system C
compiler), and its HIP driver (`triton.backends.amd.driver`: HIPUtils, HIPLauncher) which dlopens the HIP
runtime named by TRITON_LIBHIP_PATH. This module sets TRITON_LIBHIP_PATH to wavescope's `libamdhip64.so` and
replaces only what Triton takes from torch:

- the active driver: a subclass of Triton's HIPDriver whose current device is 0 and current stream is the null
  stream (HIPDriver gets both from torch.cuda); `is_active` is true without torch;
- tensors: numpy arrays passed to a kernel are copied into device memory (hipMalloc + hipMemcpyHtoD through
  ctypes, in the same library instance Triton's launcher uses), the kernel is launched with objects that have
  `data_ptr()` and `dtype` (what Triton asks of a tensor), and every array is copied back afterwards
  (hipMemcpyDtoH), so outputs appear in the caller's arrays. `DeviceArray` keeps data on the device across
  launches; `typed(array, tl.float8e4nv)` passes raw bytes as a Triton type numpy lacks;
- allocators: scratch and profile scratch buffers (`triton.set_allocator`, the driver's default profile
  scratch) come from hipMalloc instead of torch.empty;
- the benchmarker (`triton.testing.do_bench` needs torch): `do_bench` here times launches with HIP events, that
  is with the cycle model's modelled time (docs/exec.md).

Launches run synchronously on the calling thread. Under `wavescope exec -- python3 script.py` the library is the
one exec put on LD_LIBRARY_PATH, so capture, --gdb and the launch table work for these launches.
"""

import contextlib
import ctypes
import os

import numpy as np

__all__ = ["activate", "deactivate", "active", "DeviceArray", "typed", "find_library", "HIPError", "do_bench"]

_HOST_TO_DEVICE = 1
_DEVICE_TO_HOST = 2


class HIPError(RuntimeError):
    """A HIP call into wavescope's runtime failed (a kernel fault surfaces here, at the next copy)."""

    def __init__(self, call, code, name):
        super().__init__(f"{call} failed: {name} ({code})")
        self.call, self.code, self.name = call, code, name


def _candidates():
    for var in ("TRITON_LIBHIP_PATH", "WAVESCOPE_HIP_LIB"):
        if os.environ.get(var):
            yield var, os.environ[var]
    # Under `wavescope exec`, the runtime is first on LD_LIBRARY_PATH.
    for d in os.environ.get("LD_LIBRARY_PATH", "").split(":"):
        if d and os.path.isfile(os.path.join(d, "libamdhip64.so")):
            yield "LD_LIBRARY_PATH", os.path.join(d, "libamdhip64.so")
    here = os.path.dirname(os.path.abspath(__file__))
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(here, "..", "target")
    yield "the repository's build", os.path.join(target, "release", "libamdhip64.so")


def find_library():
    """Path of wavescope's libamdhip64.so: TRITON_LIBHIP_PATH, WAVESCOPE_HIP_LIB, LD_LIBRARY_PATH (as set by
    `wavescope exec`) or target/release/ of this repository (`cargo build --release -p wavescope-hip`)."""
    tried = []
    for where, path in _candidates():
        if os.path.isfile(path):
            return os.path.abspath(path)
        tried.append(f"{path} ({where})")
        if where in ("TRITON_LIBHIP_PATH", "WAVESCOPE_HIP_LIB"):
            raise FileNotFoundError(f"{where}={path} is not a file")
    raise FileNotFoundError("wavescope's libamdhip64.so not found; tried " + ", ".join(tried) +
                            "; build it with `cargo build --release -p wavescope-hip` or set WAVESCOPE_HIP_LIB")


class _Runtime:
    """The few HIP calls made from Python, through ctypes, on the library Triton's launcher also dlopens (the
    same file, so the same loaded instance: allocations made here are the launcher's device memory)."""

    def __init__(self, path):
        self.path = path
        lib = ctypes.CDLL(path)
        vp, sz, i = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
        for name, args in {
            "hipMalloc": [ctypes.POINTER(vp), sz],
            "hipFree": [vp],
            "hipMemcpyHtoD": [vp, vp, sz],
            "hipMemcpyDtoH": [vp, vp, sz],
            "hipMemset": [vp, i, sz],
            "hipDeviceSynchronize": [],
            "hipDeviceGetName": [ctypes.c_char_p, i, i],
            "hipEventCreate": [ctypes.POINTER(vp)],
            "hipEventRecord": [vp, vp],
            "hipEventSynchronize": [vp],
            "hipEventElapsedTime": [ctypes.POINTER(ctypes.c_float), vp, vp],
            "hipEventDestroy": [vp],
        }.items():
            f = getattr(lib, name)
            f.argtypes, f.restype = args, i
        lib.hipGetErrorName.argtypes, lib.hipGetErrorName.restype = [i], ctypes.c_char_p
        self.lib = lib
        name = ctypes.create_string_buffer(256)
        self.check("hipDeviceGetName", lib.hipDeviceGetName(name, 256, 0))
        if b"wavescope" not in name.value:
            raise RuntimeError(f"{path} is not wavescope's HIP runtime (its device is {name.value.decode()!r})")

    def check(self, call, code):
        if code != 0:
            raise HIPError(call, code, self.lib.hipGetErrorName(code).decode())

    def malloc(self, nbytes):
        p = ctypes.c_void_p()
        self.check("hipMalloc", self.lib.hipMalloc(ctypes.byref(p), nbytes))
        return p.value or 0

    def free(self, ptr):
        self.lib.hipFree(ptr)


_rt = None
_saved = None


class DeviceArray:
    """A device allocation Triton accepts as a tensor: `data_ptr()` and `dtype` (a numpy dtype, or a Triton
    dtype such as tl.float8e4nv for bytes numpy has no type for), plus `shape`, `stride(d)` in elements and
    `numel()` for kernels' host code."""

    def __init__(self, shape, dtype, tl_dtype=None):
        if _rt is None:
            raise RuntimeError("wavescope_triton.activate() first")
        self.shape = tuple(int(s) for s in (shape if isinstance(shape, (tuple, list)) else (shape, )))
        self.np_dtype = np.dtype(dtype)
        self.dtype = tl_dtype if tl_dtype is not None else self.np_dtype
        self.nbytes = int(np.prod(self.shape, dtype=np.int64)) * self.np_dtype.itemsize
        self._rt = _rt
        self.ptr = _rt.malloc(self.nbytes)

    @classmethod
    def from_numpy(cls, a, tl_dtype=None):
        a = np.asarray(a)
        if not a.flags.c_contiguous:
            raise ValueError("a kernel argument must be a C-contiguous array (use np.ascontiguousarray)")
        d = cls(a.shape, a.dtype, tl_dtype)
        d.copy_from(a)
        return d

    def copy_from(self, a):
        a = np.ascontiguousarray(a, dtype=self.np_dtype)
        if a.nbytes != self.nbytes:
            raise ValueError(f"{a.nbytes} bytes into a device array of {self.nbytes}")
        if self.nbytes:
            self._rt.check("hipMemcpyHtoD", self._rt.lib.hipMemcpyHtoD(self.ptr, a.ctypes.data, self.nbytes))

    def copy_to(self, a):
        if not (a.flags.c_contiguous and a.flags.writeable) or a.nbytes != self.nbytes:
            raise ValueError("copy_to needs a writeable C-contiguous array of the same size")
        if self.nbytes:
            self._rt.check("hipMemcpyDtoH", self._rt.lib.hipMemcpyDtoH(a.ctypes.data, self.ptr, self.nbytes))

    def numpy(self):
        out = np.empty(self.shape, self.np_dtype)
        self.copy_to(out)
        return out

    def zero_(self):
        self._rt.check("hipMemset", self._rt.lib.hipMemset(self.ptr, 0, self.nbytes))
        return self

    def data_ptr(self):
        return self.ptr

    def numel(self):
        return int(np.prod(self.shape, dtype=np.int64))

    def element_size(self):
        return self.np_dtype.itemsize

    def stride(self, dim=None):
        s, acc = [], 1
        for n in reversed(self.shape):
            s.append(acc)
            acc *= n
        s = tuple(reversed(s))
        return s if dim is None else s[dim]

    def __del__(self):
        if getattr(self, "ptr", 0) and self._rt is not None:
            self._rt.free(self.ptr)
            self.ptr = 0

    def __repr__(self):
        return f"DeviceArray(0x{self.ptr:x}, shape={self.shape}, dtype={self.dtype})"


class typed:
    """A numpy array passed to a kernel as another element type of the same width, e.g.
    `typed(bytes_u8, tl.float8e4nv)`: Triton specialises the pointer as *fp8e4nv, the bytes go as they are."""

    def __init__(self, array, tl_dtype):
        self.array, self.tl_dtype = np.asarray(array), tl_dtype
        bits = getattr(tl_dtype, "primitive_bitwidth", None)
        if bits is not None and bits != self.array.dtype.itemsize * 8:
            raise ValueError(f"{tl_dtype} is {bits} bits, the array's elements {self.array.dtype.itemsize * 8}")


def _scratch(size, alignment, stream):
    # hipMalloc'd memory is 64 KiB aligned, beyond anything Triton asks.
    return DeviceArray((size, ), np.uint8).zero_()


def do_bench(fn, warmup=1, rep=3, quantiles=None, return_mode="mean", **_):
    """triton.testing.do_bench without torch: milliseconds of modelled time per call (HIP events on wavescope
    measure the cycle model's time of the kernels between them), over `rep` calls after `warmup`."""
    for _ in range(max(int(warmup), 0)):
        fn()
    lib = _rt.lib
    times = []
    for _ in range(max(int(rep), 1)):
        a, b = ctypes.c_void_p(), ctypes.c_void_p()
        _rt.check("hipEventCreate", lib.hipEventCreate(ctypes.byref(a)))
        _rt.check("hipEventCreate", lib.hipEventCreate(ctypes.byref(b)))
        _rt.check("hipEventRecord", lib.hipEventRecord(a, None))
        fn()
        _rt.check("hipEventRecord", lib.hipEventRecord(b, None))
        _rt.check("hipEventSynchronize", lib.hipEventSynchronize(b))
        ms = ctypes.c_float()
        _rt.check("hipEventElapsedTime", lib.hipEventElapsedTime(ctypes.byref(ms), a, b))
        lib.hipEventDestroy(a)
        lib.hipEventDestroy(b)
        times.append(ms.value)
    t = np.array(times, dtype=np.float64)
    if quantiles is not None:
        r = [float(np.quantile(t, q)) for q in quantiles]
        return r[0] if len(r) == 1 else r
    return float(getattr(np, return_mode)(t))


def _driver_class():
    from triton.backends.amd.driver import HIPDriver, HIPLauncher, HIPUtils

    class WavescopeHIPDriver(HIPDriver):
        """Triton's HIP driver, with device 0 and the null stream in place of torch.cuda's current ones."""

        def __init__(self):
            # HIPDriver.__init__ -> GPUDriver.__init__ imports torch for these four; the rest is Triton's.
            self.utils = HIPUtils()
            self.launcher_cls = HIPLauncher

        @staticmethod
        def is_active():
            return True

        def get_current_device(self):
            return 0

        def set_current_device(self, device):
            if device != 0:
                raise ValueError(f"wavescope has one device (0), not {device}")

        def get_current_stream(self, device=None):
            return 0

        def get_device_capability(self, device=None):
            return (9, 5)

        def get_active_torch_device(self):
            raise RuntimeError("wavescope_triton runs without torch: pass numpy arrays or DeviceArray")

        def get_device_interface(self):
            raise RuntimeError("wavescope_triton runs without torch: there is no torch device interface")

        def get_benchmarker(self):
            return do_bench

        def get_empty_cache_for_benchmark(self):
            return DeviceArray((1 << 20, ), np.uint8)

        def clear_cache(self, cache):
            cache.zero_()

        def allocate_default_profile_scratch(self, size, alignment, stream):
            return _scratch(size, alignment, stream)

    return WavescopeHIPDriver


def _wrap_run(run):
    """JITFunction.run taking numpy arrays: each is copied to a DeviceArray before the launch and back after."""

    def device_arg(a, copies):
        if isinstance(a, np.ndarray):
            d = DeviceArray.from_numpy(a)
            copies.append((a, d))
            return d
        if isinstance(a, typed):
            d = DeviceArray.from_numpy(a.array, a.tl_dtype)
            copies.append((a.array, d))
            return d
        return a

    def run_with_numpy(self, *args, grid, warmup, **kwargs):
        copies = []
        args = [device_arg(a, copies) for a in args]
        kwargs = {k: device_arg(v, copies) for k, v in kwargs.items()}
        result = run(self, *args, grid=grid, warmup=warmup, **kwargs)
        if not warmup:
            for host, dev in copies:
                if host.flags.writeable:
                    dev.copy_to(host)
        return result

    run_with_numpy.__wrapped__ = run
    return run_with_numpy


def activate(library=None):
    """Make Triton launch on wavescope: set TRITON_LIBHIP_PATH, install the torch-free HIP driver as Triton's
    active driver, hipMalloc-backed allocators, and numpy arguments for `kernel[grid](...)`. Returns the
    driver. `library` overrides where wavescope's libamdhip64.so is (default: `find_library()`)."""
    global _rt, _saved
    if _saved is not None:
        return _saved["driver"]
    path = os.path.abspath(library) if library else find_library()
    os.environ["TRITON_LIBHIP_PATH"] = path
    _rt = _Runtime(path)

    import triton
    from triton.runtime import _allocation
    from triton.runtime.driver import driver as config
    from triton.runtime.jit import JITFunction

    drv = _driver_class()()
    _saved = {
        "active": config._active,
        "allocator": _allocation._allocator.get(),
        "run": JITFunction.run,
        "driver": drv,
    }
    config.set_active(drv)
    triton.set_allocator(_scratch)
    JITFunction.run = _wrap_run(JITFunction.run)
    return drv


def deactivate():
    """Undo `activate` (Triton's previous active driver, allocator and JITFunction.run)."""
    global _saved
    if _saved is None:
        return
    import triton
    from triton.runtime.driver import driver as config
    from triton.runtime.jit import JITFunction

    config._active = _saved["active"]
    triton.set_allocator(_saved["allocator"])
    JITFunction.run = _saved["run"]
    _saved = None


@contextlib.contextmanager
def active(library=None):
    """`with wavescope_triton.active(): kernel[grid](...)`"""
    drv = activate(library)
    try:
        yield drv
    finally:
        deactivate()
