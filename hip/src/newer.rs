//! Entry points of newer HIP releases (ROCm 5.3 to 7.2; api_versions_rocm.txt names each one's version node) that
//! programs built against ROCm 6 or 7 call and that map onto what this runtime already does: the 2D element
//! memsets, stream ids, event records with flags, `hipExtHostAlloc` and `hipExtGetLastError`. Every other newer
//! name is a stub that names itself (build.rs).

use crate::{hipEventRecord, hipGetLastError, hipHostMalloc, put, with, HipError, INVALID_VALUE};
use std::ffi::{c_uint, c_ulonglong, c_void, CStr};
use std::sync::OnceLock;

/// Does the program expect ROCm 6's values where HIP 5.2 and ROCm 6 differ (`hipMemoryType`, `hipGraphNodeType`;
/// every other enum and struct either kept its values or has a new entry point, as hipDeviceProp_tR0600)? The
/// same entry points serve both, so the answer is the name the program loaded this library by:
/// `libamdhip64.so.6` or `.so.7` (what a ROCm 6 or 7 build links) means ROCm 6's values; `.so.5` or the
/// unversioned name HIP 5.2's. `WAVESCOPE_HIP_ABI=5` or `6` decides instead.
pub(crate) fn rocm6_abi() -> bool {
    static ABI6: OnceLock<bool> = OnceLock::new();
    *ABI6.get_or_init(|| {
        match std::env::var("WAVESCOPE_HIP_ABI").as_deref() {
            Ok("5") => return false,
            Ok("6") | Ok("7") => return true,
            _ => {}
        }
        let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
        let me = rocm6_abi as *const c_void;
        if unsafe { libc::dladdr(me, &mut info) } == 0 || info.dli_fname.is_null() {
            return false;
        }
        let path = unsafe { CStr::from_ptr(info.dli_fname) }.to_string_lossy();
        let major = path
            .rsplit_once(".so.")
            .map(|(_, v)| v.split('.').next().unwrap_or(""));
        major
            .and_then(|m| m.parse::<u32>().ok())
            .is_some_and(|m| m >= 6)
    })
}

/// `hipEventRecordExternal`: the only flag besides the default (0).
const EVENT_RECORD_EXTERNAL: c_uint = 1;

/// Rows of `width` elements of `pattern`, `pitch` bytes apart: each row is one memset on `s` (recorded as a node
/// when `s` is capturing, done at once otherwise).
unsafe fn memset_rows(
    s: *mut c_void,
    dst: *mut c_void,
    pitch: usize,
    pattern: &[u8],
    width: usize,
    height: usize,
) -> HipError {
    // a row must fit in its pitch (HIP: hipErrorInvalidValue otherwise)
    let fits = width
        .checked_mul(pattern.len())
        .is_some_and(|row| row <= pitch || height <= 1);
    if !fits || pitch.checked_mul(height).is_none() {
        return with(|_| INVALID_VALUE);
    }
    for r in 0..height {
        let row = (dst as usize).wrapping_add(r * pitch) as *mut c_void;
        let e = crate::memset_on(s, row, pattern, width);
        if e != crate::SUCCESS {
            return e;
        }
    }
    crate::SUCCESS
}

#[no_mangle]
pub unsafe extern "C" fn hipMemsetD2D8(
    dst: *mut c_void,
    pitch: usize,
    v: u8,
    width: usize,
    height: usize,
) -> HipError {
    memset_rows(std::ptr::null_mut(), dst, pitch, &[v], width, height)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD2D8Async(
    dst: *mut c_void,
    pitch: usize,
    v: u8,
    width: usize,
    height: usize,
    s: *mut c_void,
) -> HipError {
    memset_rows(s, dst, pitch, &[v], width, height)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD2D16(
    dst: *mut c_void,
    pitch: usize,
    v: u16,
    width: usize,
    height: usize,
) -> HipError {
    memset_rows(
        std::ptr::null_mut(),
        dst,
        pitch,
        &v.to_le_bytes(),
        width,
        height,
    )
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD2D16Async(
    dst: *mut c_void,
    pitch: usize,
    v: u16,
    width: usize,
    height: usize,
    s: *mut c_void,
) -> HipError {
    memset_rows(s, dst, pitch, &v.to_le_bytes(), width, height)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD2D32(
    dst: *mut c_void,
    pitch: usize,
    v: c_uint,
    width: usize,
    height: usize,
) -> HipError {
    memset_rows(
        std::ptr::null_mut(),
        dst,
        pitch,
        &v.to_le_bytes(),
        width,
        height,
    )
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD2D32Async(
    dst: *mut c_void,
    pitch: usize,
    v: c_uint,
    width: usize,
    height: usize,
    s: *mut c_void,
) -> HipError {
    memset_rows(s, dst, pitch, &v.to_le_bytes(), width, height)
}

/// A stream's id: its handle (the null stream is 0), unique while the stream lives.
#[no_mangle]
pub unsafe extern "C" fn hipStreamGetId(s: *mut c_void, id: *mut c_ulonglong) -> HipError {
    with(|_| put(id, s as usize as c_ulonglong))
}

#[no_mangle]
pub unsafe extern "C" fn hipEventRecordWithFlags(
    e: *mut c_void,
    s: *mut c_void,
    flags: c_uint,
) -> HipError {
    if flags & !EVENT_RECORD_EXTERNAL != 0 {
        return with(|_| INVALID_VALUE);
    }
    hipEventRecord(e, s)
}

/// HIP 6.3's host allocation with flags: host memory the device reads, as `hipHostMalloc`.
#[no_mangle]
pub unsafe extern "C" fn hipExtHostAlloc(
    p: *mut *mut c_void,
    size: usize,
    flags: c_uint,
) -> HipError {
    hipHostMalloc(p, size, flags)
}

/// The last error of any call, reset to success (HIP 6's name for what `hipGetLastError` does here).
#[no_mangle]
pub unsafe extern "C" fn hipExtGetLastError() -> HipError {
    hipGetLastError()
}
