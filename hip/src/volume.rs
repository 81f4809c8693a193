//! 3D pitched memory (hipMalloc3D, hipMemset3D, hipMemcpy3D on pitched pointers, as CUDA's cudaMalloc3D family:
//! a volume is `depth` slices of `ysize` rows of `pitch` bytes, of which `width` bytes per row are copied or set)
//! and hipExtLaunchKernel (hip_ext.h's hipExtLaunchKernelGGL: a launch that records a start and a stop event).
//! HIP arrays (hipArray_t) are not supported: a 3D copy naming one is refused with hipErrorNotSupported.

use crate::{
    hipEventRecord, hipLaunchKernel, runtime_more::PITCH_ALIGN, unsupported, with, Dim3, HipError,
    INVALID_VALUE, SUCCESS,
};
use std::ffi::{c_int, c_void};

#[repr(C)]
#[derive(Clone, Copy)]
pub struct HipPitchedPtr {
    ptr: *mut c_void,
    pitch: usize,
    xsize: usize,
    ysize: usize,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HipExtent {
    width: usize,
    height: usize,
    depth: usize,
}
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HipPos {
    x: usize,
    y: usize,
    z: usize,
}
/// hipMemcpy3DParms (driver_types.h).
#[repr(C)]
#[derive(Clone, Copy)]
pub struct HipMemcpy3DParms {
    src_array: *mut c_void,
    src_pos: HipPos,
    src_ptr: HipPitchedPtr,
    dst_array: *mut c_void,
    dst_pos: HipPos,
    dst_ptr: HipPitchedPtr,
    extent: HipExtent,
    kind: c_int,
}

// SAFETY: the parameters are addresses and sizes; graph nodes hold them and only the copy dereferences them, on
// the thread that launches the graph.
unsafe impl Send for HipMemcpy3DParms {}
// SAFETY: as above; shared copies are only read.
unsafe impl Sync for HipMemcpy3DParms {}

impl HipMemcpy3DParms {
    /// Whether either side is a hipArray (not supported).
    pub fn has_array(&self) -> bool {
        !self.src_array.is_null() || !self.dst_array.is_null()
    }

    /// `height` rows of `width` bytes between pitched pointers.
    pub fn rows(
        dst: u64,
        dpitch: usize,
        src: u64,
        spitch: usize,
        width: usize,
        height: usize,
    ) -> Self {
        let ptr = |p: u64, pitch: usize| HipPitchedPtr {
            ptr: p as *mut c_void,
            pitch,
            xsize: width,
            ysize: height,
        };
        let zero = HipPos { x: 0, y: 0, z: 0 };
        HipMemcpy3DParms {
            src_array: std::ptr::null_mut(),
            src_pos: zero,
            src_ptr: ptr(src, spitch),
            dst_array: std::ptr::null_mut(),
            dst_pos: zero,
            dst_ptr: ptr(dst, dpitch),
            extent: HipExtent {
                width,
                height,
                depth: 1,
            },
            kind: 4, // hipMemcpyDefault
        }
    }

    /// One row of `n` bytes.
    pub fn linear(dst: u64, src: u64, n: usize) -> Self {
        Self::rows(dst, n, src, n, n, 1)
    }
}

/// Byte address of row (y, z) of a pitched volume, x bytes in; None on overflow.
fn row_addr(p: &HipPitchedPtr, x: usize, y: usize, z: usize) -> Option<u64> {
    let slice = p.pitch.checked_mul(p.ysize)?;
    let off = z
        .checked_mul(slice)?
        .checked_add(y.checked_mul(p.pitch)?)?
        .checked_add(x)?;
    (p.ptr as u64).checked_add(off as u64)
}

#[no_mangle]
pub unsafe extern "C" fn hipMalloc3D(p: *mut HipPitchedPtr, e: HipExtent) -> HipError {
    if p.is_null() {
        return with(|_| INVALID_VALUE);
    }
    let pitch = e.width.next_multiple_of(PITCH_ALIGN);
    let Some(bytes) = pitch
        .checked_mul(e.height)
        .and_then(|b| b.checked_mul(e.depth))
    else {
        return with(|_| INVALID_VALUE);
    };
    let mut ptr = std::ptr::null_mut();
    let r = crate::hipMalloc(&mut ptr, bytes);
    if r == SUCCESS {
        p.write_unaligned(HipPitchedPtr {
            ptr,
            pitch,
            xsize: e.width,
            ysize: e.height,
        });
    }
    r
}

#[no_mangle]
pub unsafe extern "C" fn hipMemset3D(p: HipPitchedPtr, value: c_int, e: HipExtent) -> HipError {
    with(|st| {
        if e.width > p.pitch || (e.depth > 1 && e.height > p.ysize) {
            return INVALID_VALUE;
        }
        for z in 0..e.depth {
            for y in 0..e.height {
                let Some(a) = row_addr(&p, 0, y, z) else {
                    return INVALID_VALUE;
                };
                let r = st.memset(a, &[value as u8], e.width);
                if r != SUCCESS {
                    return r;
                }
            }
        }
        SUCCESS
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemset3DAsync(
    p: HipPitchedPtr,
    value: c_int,
    e: HipExtent,
    _s: *mut c_void,
) -> HipError {
    hipMemset3D(p, value, e)
}

#[no_mangle]
pub unsafe extern "C" fn hipMemcpy3D(p: *const HipMemcpy3DParms) -> HipError {
    if p.is_null() {
        return with(|_| INVALID_VALUE);
    }
    let p = &*p;
    if !p.src_array.is_null() || !p.dst_array.is_null() {
        return unsupported("hipMemcpy3D with a hipArray");
    }
    let (s, d, e) = (&p.src_ptr, &p.dst_ptr, &p.extent);
    with(|st| {
        // each row must fit its pitch; the slices of a multi-slice copy must fit the rows of a slice
        let fits = |q: &HipPitchedPtr, pos: &HipPos| {
            pos.x.checked_add(e.width).is_some_and(|w| w <= q.pitch)
                && (e.depth <= 1 || pos.y.checked_add(e.height).is_some_and(|h| h <= q.ysize))
        };
        if !fits(s, &p.src_pos) || !fits(d, &p.dst_pos) {
            return INVALID_VALUE;
        }
        for z in 0..e.depth {
            for y in 0..e.height {
                let (Some(from), Some(to)) = (
                    row_addr(s, p.src_pos.x, p.src_pos.y + y, p.src_pos.z + z),
                    row_addr(d, p.dst_pos.x, p.dst_pos.y + y, p.dst_pos.z + z),
                ) else {
                    return INVALID_VALUE;
                };
                let r = st.memcpy(to, from, e.width);
                if r != SUCCESS {
                    return r;
                }
            }
        }
        SUCCESS
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy3DAsync(p: *const HipMemcpy3DParms, s: *mut c_void) -> HipError {
    if let Some(r) = crate::graph::refuse(s, "hipMemcpy3DAsync") {
        return r;
    }
    hipMemcpy3D(p)
}

/// hipExtLaunchKernelGGL's launch: start recorded before, stop after (either may be null); `flags` only
/// chooses a cache policy on AMD's runtime.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipExtLaunchKernel(
    f: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shmem: usize,
    stream: *mut c_void,
    start: *mut c_void,
    stop: *mut c_void,
    _flags: c_int,
) -> HipError {
    if !start.is_null() {
        let r = hipEventRecord(start, stream);
        if r != SUCCESS {
            return r;
        }
    }
    let r = hipLaunchKernel(f, grid, block, args, shmem, stream);
    if r == SUCCESS && !stop.is_null() {
        return hipEventRecord(stop, stream);
    }
    r
}
