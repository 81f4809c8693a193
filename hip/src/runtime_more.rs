//! Runtime calls real programs make beyond the first set: pitched allocations and 2D memsets, peer copies on
//! the one device, stream-ordered allocation, stream callbacks, prefetch / advise, limits, stream flags and
//! priorities, the PCI bus id. Work on a stream is done when its call returns (the runtime is synchronous), so
//! each `...Async` call is its synchronous twin and a callback runs at once, in stream order.

use crate::{
    hipFree, hipMalloc, hipMemcpy, hipMemcpy2D, put, with, HipError, INVALID_DEVICE, INVALID_VALUE,
    SUCCESS,
};
use std::collections::HashMap;
use std::ffi::{c_char, c_int, c_uint, c_void};
use std::sync::Mutex;

/// hipErrorUnsupportedLimit
const UNSUPPORTED_LIMIT: HipError = 215;

/// Row pitch of hipMallocPitch: the width rounded up to the device's texturePitchAlignment (256 bytes, as
/// hipGetDeviceProperties reports).
pub(crate) const PITCH_ALIGN: usize = 256;

/// Per-stream flags and priority (hipStreamCreateWithFlags / WithPriority), keyed by the stream handle.
static STREAMS: Mutex<Option<HashMap<usize, (c_uint, c_int)>>> = Mutex::new(None);

pub(crate) fn record_stream(handle: usize, flags: c_uint, priority: c_int) {
    STREAMS
        .lock()
        .unwrap()
        .get_or_insert_with(HashMap::new)
        .insert(handle, (flags, priority));
}

fn stream_info(s: *mut c_void) -> (c_uint, c_int) {
    STREAMS
        .lock()
        .unwrap()
        .as_ref()
        .and_then(|m| m.get(&(s as usize)).copied())
        .unwrap_or((0, 0))
}

/// hipLimit_t: 0 stack size (HIP 6), 1 printf FIFO, 2 malloc heap; the values programs set, read back.
static LIMITS: Mutex<[usize; 3]> = Mutex::new([
    1024,
    wavescope::services::buffered::PRINTF_BUFFER_DEFAULT_BYTES as usize,
    0,
]);

/// The printf buffer a launch gets (buffered printf): hipLimitPrintfFifoSize as the program set it, at most
/// 4 GiB - 1 (the buffer header's size is a dword).
pub fn printf_fifo_bytes() -> u32 {
    LIMITS.lock().unwrap()[1].min(u32::MAX as usize) as u32
}

#[no_mangle]
pub unsafe extern "C" fn hipMallocPitch(
    p: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
) -> HipError {
    if pitch.is_null() {
        return with(|_| INVALID_VALUE);
    }
    let row = width.next_multiple_of(PITCH_ALIGN);
    let Some(bytes) = row.checked_mul(height) else {
        return with(|_| INVALID_VALUE);
    };
    let e = hipMalloc(p, bytes);
    if e == SUCCESS {
        put(pitch, row);
    }
    e
}
#[no_mangle]
pub unsafe extern "C" fn hipMemAllocPitch(
    p: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
    _element_bytes: c_uint,
) -> HipError {
    hipMallocPitch(p, pitch, width, height)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemset2D(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
) -> HipError {
    with(|st| {
        if width > pitch {
            return INVALID_VALUE;
        }
        for r in 0..height {
            let e = st.memset(dst as u64 + (r * pitch) as u64, &[value as u8], width);
            if e != SUCCESS {
                return e;
            }
        }
        SUCCESS
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemset2DAsync(
    dst: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
    s: *mut c_void,
) -> HipError {
    if let Some(r) = crate::graph::record(s, || {
        Ok(crate::graph::Op::Memset2D {
            dst: dst as u64,
            pitch,
            value,
            width,
            height,
        })
    }) {
        return r;
    }
    hipMemset2D(dst, pitch, value, width, height)
}
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipMemcpy2DAsync(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
    s: *mut c_void,
) -> HipError {
    if let Some(r) = crate::graph::record(s, || {
        if width > dpitch || width > spitch {
            return Err(crate::INVALID_VALUE);
        }
        Ok(crate::graph::Op::Memcpy2D {
            dst: dst as u64,
            dpitch,
            src: src as u64,
            spitch,
            width,
            height,
        })
    }) {
        return r;
    }
    hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD8Async(
    dst: *mut c_void,
    v: u8,
    n: usize,
    s: *mut c_void,
) -> HipError {
    crate::memset_on(s, dst, &[v], n)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD16Async(
    dst: *mut c_void,
    v: u16,
    n: usize,
    s: *mut c_void,
) -> HipError {
    crate::memset_on(s, dst, &v.to_le_bytes(), n)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD32Async(
    dst: *mut c_void,
    v: c_int,
    n: usize,
    s: *mut c_void,
) -> HipError {
    crate::memset_on(s, dst, &v.to_le_bytes(), n)
}
/// Peer copies: the one device is its own peer.
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyPeer(
    dst: *mut c_void,
    dst_device: c_int,
    src: *const c_void,
    src_device: c_int,
    n: usize,
) -> HipError {
    if dst_device != 0 || src_device != 0 {
        return with(|_| INVALID_DEVICE);
    }
    hipMemcpy(dst, src, n, 3)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyPeerAsync(
    dst: *mut c_void,
    dst_device: c_int,
    src: *const c_void,
    src_device: c_int,
    n: usize,
    s: *mut c_void,
) -> HipError {
    if dst_device != 0 || src_device != 0 {
        return with(|_| INVALID_DEVICE);
    }
    crate::memcpy_on(s, dst, src, n)
}
#[no_mangle]
pub unsafe extern "C" fn hipMallocAsync(
    p: *mut *mut c_void,
    size: usize,
    s: *mut c_void,
) -> HipError {
    if let Some(r) = crate::graph::refuse(s, "hipMallocAsync") {
        return r;
    }
    hipMalloc(p, size)
}
#[no_mangle]
pub unsafe extern "C" fn hipFreeAsync(p: *mut c_void, s: *mut c_void) -> HipError {
    if let Some(r) = crate::graph::refuse(s, "hipFreeAsync") {
        return r;
    }
    hipFree(p)
}
/// Prefetch and advice only move or tag pages on a GPU; here memory is one space, so they check the range.
unsafe fn known_range(p: *const c_void, n: usize) -> HipError {
    with(|st| match st.find(p as u64) {
        Some((base, a)) if p as u64 + n as u64 <= base + a.size => SUCCESS,
        _ => INVALID_VALUE,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemPrefetchAsync(
    p: *const c_void,
    n: usize,
    _device: c_int,
    _s: *mut c_void,
) -> HipError {
    known_range(p, n)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemAdvise(
    p: *const c_void,
    n: usize,
    _advice: c_int,
    _device: c_int,
) -> HipError {
    known_range(p, n)
}
type StreamCallback = unsafe extern "C" fn(*mut c_void, HipError, *mut c_void);
/// The stream's earlier work is done when this is called, so the callback runs now (with a kernel fault's
/// error, if one is pending, as HIP passes it).
#[no_mangle]
pub unsafe extern "C" fn hipStreamAddCallback(
    s: *mut c_void,
    cb: Option<StreamCallback>,
    user: *mut c_void,
    flags: c_uint,
) -> HipError {
    let Some(cb) = cb else {
        return with(|_| INVALID_VALUE);
    };
    // not allowed in a capture (hipLaunchHostFunc is the graph's host node)
    if let Some(r) = crate::graph::refuse(s, "hipStreamAddCallback") {
        return r;
    }
    if flags != 0 {
        return with(|_| INVALID_VALUE);
    }
    let status = with(|st| {
        if st.sticky != SUCCESS {
            st.sticky
        } else {
            SUCCESS
        }
    });
    cb(s, status, user);
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipLaunchHostFunc(
    s: *mut c_void,
    f: Option<unsafe extern "C" fn(*mut c_void)>,
    user: *mut c_void,
) -> HipError {
    if let Some(f) = f {
        if let Some(r) = crate::graph::record(s, || {
            Ok(crate::graph::Op::HostFunc {
                f,
                user: user as usize,
            })
        }) {
            return r;
        }
    }
    match f {
        Some(f) => {
            f(user);
            SUCCESS
        }
        None => with(|_| INVALID_VALUE),
    }
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetFlags(s: *mut c_void, flags: *mut c_uint) -> HipError {
    with(|_| put(flags, stream_info(s).0))
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetPriority(s: *mut c_void, priority: *mut c_int) -> HipError {
    with(|_| put(priority, stream_info(s).1))
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetLimit(v: *mut usize, limit: c_int) -> HipError {
    with(|_| match usize::try_from(limit).ok().filter(|&l| l < 3) {
        Some(l) => put(v, LIMITS.lock().unwrap()[l]),
        None => UNSUPPORTED_LIMIT,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSetLimit(limit: c_int, v: usize) -> HipError {
    with(|_| match usize::try_from(limit).ok().filter(|&l| l < 3) {
        Some(l) => {
            LIMITS.lock().unwrap()[l] = v;
            SUCCESS
        }
        None => UNSUPPORTED_LIMIT,
    })
}
/// "domain:bus:device.function" of the one device (bus 0x11, as hipDeviceAttributePciBusId reports).
const PCI_BUS_ID: &str = "0000:11:00.0";
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetPCIBusId(
    out: *mut c_char,
    len: c_int,
    device: c_int,
) -> HipError {
    with(|_| {
        if device != 0 {
            return INVALID_DEVICE;
        }
        if out.is_null() || len <= PCI_BUS_ID.len() as c_int {
            return INVALID_VALUE;
        }
        std::ptr::copy_nonoverlapping(PCI_BUS_ID.as_ptr(), out as *mut u8, PCI_BUS_ID.len());
        *out.add(PCI_BUS_ID.len()) = 0;
        SUCCESS
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetByPCIBusId(device: *mut c_int, id: *const c_char) -> HipError {
    with(|_| match crate::cstr(id) {
        Some(s)
            if s.eq_ignore_ascii_case(PCI_BUS_ID) || s.eq_ignore_ascii_case(&PCI_BUS_ID[5..]) =>
        {
            put(device, 0)
        }
        Some(_) => INVALID_DEVICE,
        None => INVALID_VALUE,
    })
}

// Legacy and housekeeping calls that programs ported from CUDA make and check (a stub's hipErrorNotSupported
// would abort a program wrapping every call in a check macro). On this device they change nothing.

/// hipSharedMemConfig: default, four-byte or eight-byte banks; LDS banks are four bytes wide on gfx950.
const SHARED_MEM_CONFIGS: std::ops::RangeInclusive<c_int> = 0..=2;
/// hipFuncCache_t: prefer none, shared, L1 or equal.
const CACHE_CONFIGS: std::ops::RangeInclusive<c_int> = 0..=3;

fn accepted(v: c_int, range: std::ops::RangeInclusive<c_int>) -> HipError {
    with(|_| {
        if range.contains(&v) {
            SUCCESS
        } else {
            INVALID_VALUE
        }
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetSharedMemConfig(c: *mut c_int) -> HipError {
    with(|_| put(c, 1)) // hipSharedMemBankSizeFourByte
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSetSharedMemConfig(c: c_int) -> HipError {
    accepted(c, SHARED_MEM_CONFIGS)
}
#[no_mangle]
pub unsafe extern "C" fn hipFuncSetSharedMemConfig(_f: *const c_void, c: c_int) -> HipError {
    accepted(c, SHARED_MEM_CONFIGS)
}
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetSharedMemConfig(c: *mut c_int) -> HipError {
    with(|_| put(c, 1))
}
#[no_mangle]
pub unsafe extern "C" fn hipCtxSetSharedMemConfig(c: c_int) -> HipError {
    accepted(c, SHARED_MEM_CONFIGS)
}
#[no_mangle]
pub unsafe extern "C" fn hipCtxGetCacheConfig(c: *mut c_int) -> HipError {
    with(|_| put(c, 0))
}
#[no_mangle]
pub unsafe extern "C" fn hipCtxSetCacheConfig(c: c_int) -> HipError {
    accepted(c, CACHE_CONFIGS)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemAllocHost(p: *mut *mut c_void, size: usize) -> HipError {
    crate::hipHostMalloc(p, size, 0)
}
/// The one device is every stream's device.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetDevice(_s: *mut c_void, device: *mut c_int) -> HipError {
    with(|_| put(device, 0))
}
#[no_mangle]
pub unsafe extern "C" fn hipGetStreamDeviceId(_s: *mut c_void) -> c_int {
    0
}
#[no_mangle]
pub unsafe extern "C" fn hipDrvGetErrorName(e: c_int, s: *mut *const c_char) -> HipError {
    with(|_| put(s, crate::error_name(e).as_ptr() as *const c_char))
}
#[no_mangle]
pub unsafe extern "C" fn hipDrvGetErrorString(e: c_int, s: *mut *const c_char) -> HipError {
    with(|_| put(s, crate::error_string(e).as_ptr() as *const c_char))
}
/// Managed memory is host memory every launch maps: attaching it to a stream changes nothing.
#[no_mangle]
pub unsafe extern "C" fn hipStreamAttachMemAsync(
    _s: *mut c_void,
    _p: *mut c_void,
    _length: usize,
    _flags: c_uint,
) -> HipError {
    SUCCESS
}
