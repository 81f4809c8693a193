//! Entry points real programs call around their launches that the runtime lacked: the driver API's context
//! calls on the one device's primary context (`hipCtxGetCurrent`, `hipDevicePrimaryCtxRetain`, ...), the
//! device UUID, profiler start / stop (no profiler attached: nothing to do), the occupancy calls' `WithFlags`
//! forms (the only flag, hipOccupancyDefault / DisableCachingOverride, changes no answer here), allocation
//! queries (`hipMemPtrGetInfo`, `hipMemGetAddressRange`, `hipHostGetFlags`), stream memory operations
//! (`hipStreamWriteValue32/64`, `hipStreamWaitValue32/64`) and the per-thread default stream (`_spt`) forms
//! programs built with `-fgpu-default-stream=per-thread` import, which behave as their plain forms here: the
//! runtime runs every stream in order on the calling thread.

use crate::{put, with, HipError, INVALID_DEVICE, INVALID_VALUE, SUCCESS};
use std::ffi::{c_int, c_uint, c_void};

/// The one context: the primary context of device 0 (a non-null handle, as the runtime's is).
const PRIMARY_CTX: usize = 0x7ac6_0000_0001;

fn device_ok(d: c_int) -> bool {
    d == 0
}

#[no_mangle]
pub unsafe extern "C" fn hipCtxGetCurrent(ctx: *mut *mut c_void) -> HipError {
    with(|_| put(ctx, PRIMARY_CTX as *mut c_void))
}
#[no_mangle]
pub unsafe extern "C" fn hipCtxSetCurrent(ctx: *mut c_void) -> HipError {
    // null unbinds (nothing to do); the primary context is the only other handle
    with(|_| {
        if ctx.is_null() || ctx as usize == PRIMARY_CTX {
            SUCCESS
        } else {
            crate::INVALID_HANDLE
        }
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetDevice(device: *mut c_int) -> HipError {
    with(|_| put(device, 0))
}
#[no_mangle]
pub unsafe extern "C" fn hipCtxSynchronize() -> HipError {
    crate::hipDeviceSynchronize()
}
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxRetain(ctx: *mut *mut c_void, dev: c_int) -> HipError {
    if !device_ok(dev) {
        return with(|_| INVALID_DEVICE);
    }
    with(|_| put(ctx, PRIMARY_CTX as *mut c_void))
}
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxRelease(dev: c_int) -> HipError {
    with(|_| {
        if device_ok(dev) {
            SUCCESS
        } else {
            INVALID_DEVICE
        }
    })
}
/// Flags 0 and active: the primary context exists from the first call on.
#[no_mangle]
pub unsafe extern "C" fn hipDevicePrimaryCtxGetState(
    dev: c_int,
    flags: *mut c_uint,
    active: *mut c_int,
) -> HipError {
    if !device_ok(dev) {
        return with(|_| INVALID_DEVICE);
    }
    with(|_| put(flags, 0).max(put(active, 1)))
}

/// A fixed UUID for the one emulated device (the bytes of "wavescope-gfx950").
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetUuid(uuid: *mut [u8; 16], dev: c_int) -> HipError {
    if !device_ok(dev) {
        return with(|_| INVALID_DEVICE);
    }
    with(|_| put(uuid, *b"wavescope-gfx950"))
}

#[no_mangle]
pub unsafe extern "C" fn hipProfilerStart() -> HipError {
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipProfilerStop() -> HipError {
    SUCCESS
}

#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxPotentialBlockSizeWithFlags(
    grid: *mut c_int,
    block: *mut c_int,
    f: *const c_void,
    dyn_lds: usize,
    limit: c_int,
    _flags: c_uint,
) -> HipError {
    crate::hipOccupancyMaxPotentialBlockSize(grid, block, f, dyn_lds, limit)
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxPotentialBlockSizeWithFlags(
    grid: *mut c_int,
    block: *mut c_int,
    f: *mut c_void,
    dyn_lds: usize,
    limit: c_int,
    _flags: c_uint,
) -> HipError {
    crate::hipOccupancyMaxPotentialBlockSize(grid, block, f, dyn_lds, limit)
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    n: *mut c_int,
    f: *mut c_void,
    block: c_int,
    dyn_lds: usize,
    _flags: c_uint,
) -> HipError {
    crate::hipOccupancyMaxActiveBlocksPerMultiprocessor(n, f, block, dyn_lds)
}

/// The size of the allocation `ptr` starts or lies in (the runtime answers for a pointer inside one too).
#[no_mangle]
pub unsafe extern "C" fn hipMemPtrGetInfo(ptr: *mut c_void, size: *mut usize) -> HipError {
    with(|st| match st.find(ptr as u64) {
        Some((_, a)) => put(size, a.size as usize),
        None => INVALID_VALUE,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemGetAddressRange(
    base: *mut *mut c_void,
    size: *mut usize,
    ptr: *mut c_void,
) -> HipError {
    with(|st| match st.find(ptr as u64) {
        Some((b, a)) => {
            // either output may be null (the driver API's convention)
            if !base.is_null() {
                *base = b as *mut c_void;
            }
            if !size.is_null() {
                *size = a.size as usize;
            }
            SUCCESS
        }
        None => crate::NOT_FOUND,
    })
}
/// The flags a pinned allocation was made with; wavescope keeps none, so hipHostMallocDefault (0). A pointer
/// that is no pinned or registered host allocation is an invalid value, as HIP answers.
#[no_mangle]
pub unsafe extern "C" fn hipHostGetFlags(flags: *mut c_uint, ptr: *mut c_void) -> HipError {
    with(|st| match st.find(ptr as u64) {
        Some((_, a)) if matches!(a.backing, crate::Backing::Host { managed: false, .. }) => {
            put(flags, 0)
        }
        _ => INVALID_VALUE,
    })
}

// ---------------------------------------------------------------- stream memory operations

/// hipStreamWaitValueGte / Eq / And / Nor on `(*ptr & mask)` (HIP's definitions).
fn wait_holds(v: u64, value: u64, mask: u64, flags: c_uint) -> Option<bool> {
    let m = v & mask;
    match flags {
        0 => Some(m >= value),
        1 => Some(m == value),
        2 => Some(m & value != 0),
        3 => Some(!(m | (value & mask)) != 0),
        _ => None,
    }
}

unsafe fn read_u64(p: *mut c_void, bytes: usize) -> Result<u64, HipError> {
    let mut b = [0u8; 8];
    let r = with(|st| st.memcpy(b.as_mut_ptr() as u64, p as u64, bytes));
    if r != SUCCESS {
        return Err(r);
    }
    Ok(u64::from_le_bytes(b))
}

/// The wait is reached when the stream's earlier work is done (now, in this in-order runtime): a condition that
/// does not hold then could only be made true by other work on another stream, which has run already too, so
/// it never would; the stream would hang on a GPU. That is refused with a message and hipErrorInvalidValue
/// rather than hanging the program.
unsafe fn wait_value(
    name: &str,
    p: *mut c_void,
    value: u64,
    flags: c_uint,
    mask: u64,
    bytes: usize,
) -> HipError {
    let v = match read_u64(p, bytes) {
        Ok(v) => v,
        Err(e) => return e,
    };
    match wait_holds(v, value, mask, flags) {
        Some(true) => SUCCESS,
        Some(false) => {
            eprintln!(
                "wavescope-hip: {name}: *{p:?} = {v:#x} (mask {mask:#x}) never satisfies the wait (flags {flags}, value {value:#x}): no work left on any stream could change it, so the stream would wait forever"
            );
            with(|_| INVALID_VALUE)
        }
        None => with(|_| INVALID_VALUE),
    }
}

#[no_mangle]
pub unsafe extern "C" fn hipStreamWaitValue32(
    _s: *mut c_void,
    p: *mut c_void,
    value: u32,
    flags: c_uint,
    mask: u32,
) -> HipError {
    wait_value(
        "hipStreamWaitValue32",
        p,
        value as u64,
        flags,
        mask as u64,
        4,
    )
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamWaitValue64(
    _s: *mut c_void,
    p: *mut c_void,
    value: u64,
    flags: c_uint,
    mask: u64,
) -> HipError {
    wait_value("hipStreamWaitValue64", p, value, flags, mask, 8)
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamWriteValue32(
    s: *mut c_void,
    p: *mut c_void,
    value: u32,
    _flags: c_uint,
) -> HipError {
    crate::memset_on(s, p, &value.to_le_bytes(), 1)
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamWriteValue64(
    s: *mut c_void,
    p: *mut c_void,
    value: u64,
    _flags: c_uint,
) -> HipError {
    crate::memset_on(s, p, &value.to_le_bytes(), 1)
}

// ---------------------------------------------------------------- per-thread default stream forms

#[no_mangle]
pub unsafe extern "C" fn hipLaunchKernel_spt(
    f: *const c_void,
    grid: crate::Dim3,
    block: crate::Dim3,
    args: *mut *mut c_void,
    shmem: usize,
    stream: *mut c_void,
) -> HipError {
    crate::hipLaunchKernel(f, grid, block, args, shmem, stream)
}
#[no_mangle]
pub unsafe extern "C" fn hipLaunchCooperativeKernel_spt(
    f: *const c_void,
    grid: crate::Dim3,
    block: crate::Dim3,
    args: *mut *mut c_void,
    shmem: c_uint,
    stream: *mut c_void,
) -> HipError {
    crate::hipLaunchCooperativeKernel(f, grid, block, args, shmem, stream)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy_spt(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    kind: c_int,
) -> HipError {
    crate::hipMemcpy(dst, src, n, kind)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyAsync_spt(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    kind: c_int,
    s: *mut c_void,
) -> HipError {
    crate::hipMemcpyAsync(dst, src, n, kind, s)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemset_spt(dst: *mut c_void, v: c_int, n: usize) -> HipError {
    crate::hipMemset(dst, v, n)
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamSynchronize_spt(s: *mut c_void) -> HipError {
    crate::hipStreamSynchronize(s)
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamQuery_spt(s: *mut c_void) -> HipError {
    crate::hipStreamQuery(s)
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamWaitEvent_spt(
    s: *mut c_void,
    e: *mut c_void,
    f: c_uint,
) -> HipError {
    crate::hipStreamWaitEvent(s, e, f)
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetFlags_spt(s: *mut c_void, flags: *mut c_uint) -> HipError {
    crate::runtime_more::hipStreamGetFlags(s, flags)
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetPriority_spt(s: *mut c_void, p: *mut c_int) -> HipError {
    crate::runtime_more::hipStreamGetPriority(s, p)
}
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2D_spt(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
) -> HipError {
    crate::hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyToSymbol_spt(
    sym: *const c_void,
    src: *const c_void,
    n: usize,
    off: usize,
    kind: c_int,
) -> HipError {
    crate::hipMemcpyToSymbol(sym, src, n, off, kind)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromSymbol_spt(
    dst: *mut c_void,
    sym: *const c_void,
    n: usize,
    off: usize,
    kind: c_int,
) -> HipError {
    crate::hipMemcpyFromSymbol(dst, sym, n, off, kind)
}
