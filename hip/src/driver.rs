//! The HIP driver API that Triton's AMD backend calls (triton/backends/amd/driver.c in the wheel), beyond what
//! HIP 5.2 programs use: `hipGetProcAddress` (its launcher resolves every function through it, passing the HIP
//! version `hipDriverGetVersion` reported), the HIP 6 `hipDeviceProp_t` layout that version implies for
//! `hipGetDeviceProperties`, `hipPointerGetAttribute` (every pointer argument is checked with it),
//! `hipFuncGetAttribute` (registers, spills and work-group size after loading) and the two launch variants it
//! must find (`hipDrvLaunchKernelEx`), which wavescope does not model; `hipModuleLaunchCooperativeKernel` launches.

use crate::{
    function_of, put, unsupported, with, Backing, HipError, INVALID_DEVICE_FUNCTION, INVALID_VALUE,
    NOT_FOUND, SUCCESS,
};
use std::ffi::{c_char, c_int, c_uint, c_void, CStr};

/// What `hipDriverGetVersion` reports: HIP 7.1 (the headers Triton 3.9 bundles; HIP_VERSION = major * 10^7 +
/// minor * 10^5 + patch). Triton refuses a runtime whose major version is below 6; a caller that then asks
/// `hipGetProcAddress` for `hipGetDeviceProperties` at this version gets the HIP 6 (R0600) layout. Programs
/// linked against HIP 5.2 call the exported 5.2 entry points directly and never see this number's effect.
pub const DRIVER_VERSION: i32 = 70125424;

/// hipDriverProcAddressQueryResult
const PROC_SUCCESS: c_int = 0;
const PROC_SYMBOL_NOT_FOUND: c_int = 1;

/// The version `hipGetProcAddress` is asked for, as 100 * major + minor. The HIP headers document that form
/// (601 for HIP 6.1); Triton passes the full HIP_VERSION it got from `hipDriverGetVersion` (70125424): accept
/// both.
fn major_minor(v: c_int) -> c_int {
    if v >= 10_000_000 {
        v / 10_000_000 * 100 + v % 10_000_000 / 100_000
    } else {
        v
    }
}

/// `hipGetProcAddress(symbol, pfn, hipVersion, flags, symbolStatus)`: the address of one of this library's
/// entry points. Names whose ABI changed in HIP 6 resolve, for a version of 6.0 or later, to the HIP 6 variant
/// (as `#define hipGetDeviceProperties hipGetDevicePropertiesR0600` does for code compiled against HIP 6
/// headers). Any other name is looked up among the library's own exports, so an entry point wavescope does not
/// implement resolves to its stub, which names itself and returns hipErrorNotSupported when called.
#[no_mangle]
pub unsafe extern "C" fn hipGetProcAddress(
    symbol: *const c_char,
    pfn: *mut *mut c_void,
    hip_version: c_int,
    _flags: u64,
    status: *mut c_int,
) -> HipError {
    if symbol.is_null() || pfn.is_null() {
        return with(|_| INVALID_VALUE);
    }
    let name = CStr::from_ptr(symbol);
    let set_status = |s: c_int| {
        if !status.is_null() {
            status.write_unaligned(s);
        }
    };
    let hip6 = major_minor(hip_version) >= 600;
    let versioned: Option<*mut c_void> = match name.to_bytes() {
        b"hipGetDeviceProperties" if hip6 => {
            Some(crate::hipGetDevicePropertiesR0600 as *mut c_void)
        }
        b"hipChooseDevice" if hip6 => Some(crate::hipChooseDeviceR0600 as *mut c_void),
        _ => None,
    };
    let f = versioned.unwrap_or_else(|| own_symbol(name));
    if f.is_null() {
        *pfn = std::ptr::null_mut();
        set_status(PROC_SYMBOL_NOT_FOUND);
        return with(|_| NOT_FOUND);
    }
    *pfn = f;
    set_status(PROC_SUCCESS);
    SUCCESS
}

/// `name` among this library's exports (its own handle, found from the address of one of its functions, so
/// the lookup works however the library was loaded: linked, `dlopen` with RTLD_LOCAL, or under another name).
unsafe fn own_symbol(name: &CStr) -> *mut c_void {
    let mut info: libc::Dl_info = std::mem::zeroed();
    if libc::dladdr(hipGetProcAddress as *const c_void, &mut info) == 0 || info.dli_fname.is_null()
    {
        return std::ptr::null_mut();
    }
    // RTLD_NOLOAD: only a handle to the copy already mapped (this one), never a second load.
    let h = libc::dlopen(info.dli_fname, libc::RTLD_LAZY | libc::RTLD_NOLOAD);
    if h.is_null() {
        return std::ptr::null_mut();
    }
    let f = libc::dlsym(h, name.as_ptr());
    libc::dlclose(h);
    f
}

/// hipPointer_attribute values (HIP 6/7 headers, driver_types.h).
const PA_MEMORY_TYPE: c_int = 2;
const PA_DEVICE_POINTER: c_int = 3;
const PA_HOST_POINTER: c_int = 4;
const PA_BUFFER_ID: c_int = 7;
const PA_IS_MANAGED: c_int = 8;
const PA_DEVICE_ORDINAL: c_int = 9;
const PA_RANGE_START_ADDR: c_int = 11;
const PA_RANGE_SIZE: c_int = 12;
const PA_MAPPED: c_int = 13;

/// `hipPointerGetAttribute(data, attribute, ptr)`: one fact about the allocation holding `ptr`; an address
/// that is no allocation of this runtime gets hipErrorInvalidValue (Triton then says the argument "cannot be
/// accessed from Triton (cpu tensor?)").
#[no_mangle]
pub unsafe extern "C" fn hipPointerGetAttribute(
    data: *mut c_void,
    attribute: c_int,
    ptr: *mut c_void,
) -> HipError {
    let r = with(|st| {
        if data.is_null() {
            return INVALID_VALUE;
        }
        let Some((base, a)) = st.find(ptr as u64) else {
            return INVALID_VALUE;
        };
        // hipMemoryType of HIP 6: host 1, device 2, managed 3.
        let (memory_type, host, managed) = match a.backing {
            Backing::Device(_) => (2u32, 0u64, false),
            Backing::Host { managed, .. } => (if managed { 3 } else { 1 }, ptr as u64, managed),
        };
        match attribute {
            PA_MEMORY_TYPE => put(data as *mut u32, memory_type),
            PA_DEVICE_POINTER => put(data as *mut u64, ptr as u64),
            PA_HOST_POINTER => put(data as *mut u64, host),
            PA_BUFFER_ID => put(data as *mut u64, base),
            // bool-valued attributes: one byte, the width of C's bool (a wider write would overrun it).
            PA_IS_MANAGED => put(data as *mut u8, managed as u8),
            PA_MAPPED => put(data as *mut u8, 1),
            PA_DEVICE_ORDINAL => put(data as *mut c_int, 0),
            PA_RANGE_START_ADDR => put(data as *mut u64, base),
            PA_RANGE_SIZE => put(data as *mut u64, a.size),
            _ => crate::NOT_SUPPORTED,
        }
    });
    if r == crate::NOT_SUPPORTED {
        return unsupported(&format!("hipPointerGetAttribute (attribute {attribute})"));
    }
    r
}

/// hipFunction_attribute values (HIP 6/7 headers, driver_types.h).
const FA_MAX_THREADS_PER_BLOCK: c_int = 0;
const FA_SHARED_SIZE_BYTES: c_int = 1;
const FA_CONST_SIZE_BYTES: c_int = 2;
const FA_LOCAL_SIZE_BYTES: c_int = 3;
const FA_NUM_REGS: c_int = 4;
const FA_PTX_VERSION: c_int = 5;
const FA_BINARY_VERSION: c_int = 6;
const FA_CACHE_MODE_CA: c_int = 7;
const FA_MAX_DYNAMIC_SHARED_SIZE_BYTES: c_int = 8;

/// `hipFuncGetAttribute(value, attribute, function)`: from the kernel's descriptor and metadata, as
/// `hipFuncGetAttributes` reports them. Triton reads NUM_REGS, LOCAL_SIZE_BYTES (spills) and
/// MAX_THREADS_PER_BLOCK after loading each kernel.
#[no_mangle]
pub unsafe extern "C" fn hipFuncGetAttribute(
    value: *mut c_int,
    attribute: c_int,
    f: *mut c_void,
) -> HipError {
    with(|st| {
        if function_of(st, f).is_none() {
            return INVALID_DEVICE_FUNCTION;
        }
        let Some(abi) = crate::launch::abi_of(st, f) else {
            return INVALID_DEVICE_FUNCTION;
        };
        let v = match attribute {
            FA_MAX_THREADS_PER_BLOCK => abi.max_flat_workgroup_size.max(1) as i32,
            FA_SHARED_SIZE_BYTES => abi.group_segment_fixed_size as i32,
            FA_CONST_SIZE_BYTES | FA_CACHE_MODE_CA => 0,
            FA_LOCAL_SIZE_BYTES => abi.private_segment_fixed_size as i32,
            FA_NUM_REGS => abi.vgpr_count as i32,
            FA_PTX_VERSION | FA_BINARY_VERSION => 95, // gfx950, as hipFuncGetAttributes says
            FA_MAX_DYNAMIC_SHARED_SIZE_BYTES => {
                (wavescope::launch::LDS_MAX - abi.group_segment_fixed_size) as i32
            }
            _ => return INVALID_VALUE,
        };
        put(value, v)
    })
}

/// A cooperative launch from a module (Triton's `launch_cooperative_grid=True`): as `hipLaunchCooperativeKernel`.
#[no_mangle]
pub unsafe extern "C" fn hipModuleLaunchCooperativeKernel(
    f: *mut c_void,
    gx: c_uint,
    gy: c_uint,
    gz: c_uint,
    bx: c_uint,
    by: c_uint,
    bz: c_uint,
    shmem: c_uint,
    stream: *mut c_void,
    params: *mut *mut c_void,
) -> HipError {
    let (g, b) = ([gx, gy, gz], [bx, by, bz]);
    if let Some(r) = crate::graph::record(stream, || {
        crate::graph::launch_op(
            f,
            g,
            b,
            shmem as usize,
            crate::launch::Args::Pointers(params),
            true,
        )
    }) {
        return r;
    }
    crate::with(|st| {
        crate::launch::launch(
            st,
            f,
            [gx, gy, gz],
            [bx, by, bz],
            shmem as usize,
            crate::launch::Args::Pointers(params),
            true,
        )
    })
}

/// Launches with attributes (clusters of work-groups); Triton uses it only when `num_ctas > 1`, which gfx950
/// kernels never have.
#[no_mangle]
pub unsafe extern "C" fn hipDrvLaunchKernelEx(
    _config: *const c_void,
    _f: *mut c_void,
    _params: *mut *mut c_void,
    _extra: *mut *mut c_void,
) -> HipError {
    unsupported("hipDrvLaunchKernelEx")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_forms() {
        assert_eq!(major_minor(601), 601);
        assert_eq!(major_minor(70125424), 701);
        assert_eq!(major_minor(60443483), 604);
        assert_eq!(major_minor(50221153), 502);
    }

    #[test]
    fn r0600_fields_triton_reads() {
        // Offsets from offsetof() against the HIP 7.1 headers (hipDeviceProp_tR0600).
        let p = crate::device::props_r0600();
        let i32_at = |off: usize| i32::from_le_bytes(p[off..off + 4].try_into().unwrap());
        assert_eq!(i32_at(308), 64); // warpSize
        assert_eq!(i32_at(388), 256); // multiProcessorCount
        assert_eq!(i32_at(304), 65536); // regsPerBlock
        assert_eq!(i32_at(624), 2048); // maxThreadsPerMultiProcessor
        assert_eq!(i32_at(688), 1); // cooperativeLaunch
        assert_eq!(i32_at(692), 0); // cooperativeMultiDeviceLaunch
        let arch = &p[1160..1160 + 22];
        assert_eq!(arch, b"gfx950:sramecc+:xnack-");
        assert_eq!(p[1160 + 22], 0);
    }
}
