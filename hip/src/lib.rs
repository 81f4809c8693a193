//! `libamdhip64.so` for wavescope: the HIP runtime API an unmodified HIP program calls, with every kernel launch
//! run on wavescope's gfx950 executor (the same dispatch path and cycle model as `wavescope run`).
//!
//! Device memory is emulated: `hipMalloc` hands out addresses from `DEVICE_BASE` (never a host address) backed by
//! host vectors; pinned host and managed memory are real host memory whose pages a kernel sees at the same
//! addresses (copied in before a launch and back after it). Streams run in order on the calling thread.
//! Configuration comes from `WAVESCOPE_EXEC_CONFIG` (written by `wavescope exec`, docs/exec.md).
#![allow(clippy::missing_safety_doc, non_snake_case)]

mod bundle;
mod context;
mod device;
mod driver;
mod graph;
mod launch;
mod newer;
mod runtime_more;
mod volume;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::ffi::{c_char, c_int, c_uint, c_void, CStr};
use std::sync::{Arc, Mutex, MutexGuard};
use wavescope::code_object::CodeObject;
use wavescope::debug_info::DebugInfo;

include!(concat!(env!("OUT_DIR"), "/stubs.rs"));

pub(crate) type HipError = c_int;
pub(crate) const SUCCESS: HipError = 0;
pub(crate) const INVALID_VALUE: HipError = 1;
pub(crate) const OUT_OF_MEMORY: HipError = 2;
pub(crate) const INVALID_SYMBOL: HipError = 13;
pub(crate) const INVALID_DEVICE_POINTER: HipError = 17;
pub(crate) const INVALID_DEVICE_FUNCTION: HipError = 98;
pub(crate) const INVALID_DEVICE: HipError = 101;
pub(crate) const INVALID_IMAGE: HipError = 200;
pub(crate) const NO_BINARY_FOR_GPU: HipError = 209;
pub(crate) const FILE_NOT_FOUND: HipError = 301;
pub(crate) const INVALID_HANDLE: HipError = 400;
pub(crate) const NOT_FOUND: HipError = 500;
pub(crate) const ILLEGAL_ADDRESS: HipError = 700;
pub(crate) const LAUNCH_FAILURE: HipError = 719;
pub(crate) const NOT_SUPPORTED: HipError = 801;

/// First device address `hipMalloc` hands out: far from where Linux places a process's heap, stack and
/// mappings (0x55.. and 0x7f..), so a device pointer is never mistaken for a host one.
const DEVICE_BASE: u64 = 0x0000_3000_0000_0000;
/// Gap after each allocation, so a kernel reading just past its end faults instead of reading the next one.
const GUARD: u64 = 0x1_0000;
/// Most bytes one allocation may have (emulated memory lives in host RAM).
const MAX_ALLOC: u64 = 64 << 30;

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Dim3 {
    pub x: u32,
    pub y: u32,
    pub z: u32,
}

pub(crate) enum Backing {
    /// hipMalloc: emulated device memory.
    Device(Vec<u8>),
    /// hipHostMalloc / hipMallocManaged (owned, freed with libc::free) or hipHostRegister (not owned): host
    /// memory a kernel may touch at its own address.
    Host { owned: bool, managed: bool },
}

pub(crate) struct Alloc {
    pub size: u64,
    pub backing: Backing,
}

/// A loaded code object (from a fat binary or hipModuleLoad*).
pub(crate) struct Module {
    pub name: String,
    pub co: Arc<CodeObject>,
    /// The ELF bytes as loaded (captures write them, patched with the current writable segments).
    pub elf: Vec<u8>,
    /// Loadable segments (vaddr, bytes, memsz, writable); writable ones keep what kernels and
    /// hipMemcpyToSymbol wrote.
    pub segments: Vec<(u64, Vec<u8>, u64, bool)>,
    pub debug_info: Option<Arc<DebugInfo>>,
}

pub(crate) struct Function {
    /// None when the program has no gfx950 code object for it.
    pub module: Option<usize>,
    pub name: String,
}

pub(crate) struct Event {
    /// Modelled nanoseconds when recorded.
    pub at_ns: Option<f64>,
    /// Created without `hipEventDisableTiming`: hipEventElapsedTime may read it.
    pub timing: bool,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Config {
    pub records: Option<String>,
    pub jobs: usize,
    pub strict: bool,
    pub max_instructions: u64,
    pub timing_model: Option<String>,
    /// `--timing-model`: the cycle model every launch runs with (default: cdna4.toml's figures).
    pub cycle_model: Option<wavescope::observers::timing::CycleModel>,
    /// `--trace`: each launch's trace goes to `launch-NNNN.pftrace` here; exec joins them.
    pub trace_dir: Option<String>,
    pub capture_dir: Option<String>,
    pub capture_only: Option<String>,
    pub gdb: Option<(String, u16)>,
    /// `--tui KERNEL|INDEX`: the launch the terminal UI opens on.
    pub tui: Option<String>,
    pub quiet: bool,
    /// `--races` / `--no-races` (`RaceOptions::from_flags`, as `wavescope run`).
    pub races: bool,
    pub no_races: bool,
}

pub(crate) struct State {
    pub cfg: Config,
    pub allocs: BTreeMap<u64, Alloc>,
    pub next_device: u64,
    pub device_bytes: u64,
    pub modules: Vec<Module>,
    pub functions: Vec<Function>,
    /// Host stub address -> function index.
    pub host_functions: HashMap<usize, usize>,
    /// Host shadow of a __device__/__constant__ variable -> (module, name).
    pub host_vars: HashMap<usize, (Option<usize>, String)>,
    /// Fat binary handle -> module index (None: no gfx950 code object).
    pub events: Vec<Event>,
    pub streams: usize,
    pub last_error: HipError,
    /// A kernel fault's error, returned by the next synchronising call.
    pub sticky: HipError,
    pub launches: usize,
    pub modelled_ns: f64,
    pub warned: HashSet<String>,
}

static STATE: Mutex<Option<State>> = Mutex::new(None);

fn config_from_env() -> Config {
    // the same defaults as `wavescope exec` (and `run`): every core, the 1 G wave-instruction budget per launch
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut c = Config {
        jobs: cores,
        max_instructions: wavescope::launch::DEFAULT_MAX_INSTRUCTIONS,
        ..Config::default()
    };
    let Ok(path) = std::env::var("WAVESCOPE_EXEC_CONFIG") else {
        return c;
    };
    let v: serde_json::Value = match std::fs::read_to_string(&path)
        .map_err(|e| e.to_string())
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
    {
        Ok(v) => v,
        Err(e) => {
            eprintln!(
                "wavescope-hip: cannot read WAVESCOPE_EXEC_CONFIG {path}: {e}; using defaults"
            );
            return c;
        }
    };
    let s = |k: &str| v.get(k).and_then(|x| x.as_str()).map(String::from);
    if let Some(m) = s("loaded_marker") {
        // tells `wavescope exec` the program reached this runtime (else it explains why nothing ran)
        let _ = std::fs::write(m, b"");
    }
    c.records = s("records");
    c.jobs = v
        .get("jobs")
        .and_then(|x| x.as_u64())
        .map_or(cores, |j| j.max(1) as usize);
    c.strict = v.get("strict").and_then(|x| x.as_bool()).unwrap_or(false);
    c.quiet = v.get("quiet").and_then(|x| x.as_bool()).unwrap_or(false);
    c.races = v.get("races").and_then(|x| x.as_bool()).unwrap_or(false);
    c.no_races = v.get("no_races").and_then(|x| x.as_bool()).unwrap_or(false);
    c.max_instructions = v
        .get("max_instructions")
        .and_then(|x| x.as_u64())
        .unwrap_or(wavescope::launch::DEFAULT_MAX_INSTRUCTIONS);
    c.timing_model = s("timing_model");
    if let Some(p) = &c.timing_model {
        match wavescope::observers::timing::CycleModel::from_file(std::path::Path::new(p)) {
            Ok(m) => c.cycle_model = Some(m),
            Err(e) => eprintln!("wavescope-hip: --timing-model {p}: {e}; using the default model"),
        }
    }
    c.trace_dir = s("trace_dir");
    c.tui = s("tui");
    c.capture_dir = s("capture_dir");
    c.capture_only = s("capture_only");
    if let Some(g) = s("gdb") {
        let (what, port) = match g.rsplit_once(':') {
            Some((w, p)) if p.parse::<u16>().is_ok() => (w.to_string(), p.parse().unwrap()),
            _ => (g.clone(), 1234),
        };
        c.gdb = Some((what, port));
    }
    c
}

pub(crate) fn state() -> MutexGuard<'static, Option<State>> {
    let mut g = STATE.lock().unwrap_or_else(|p| p.into_inner());
    if g.is_none() {
        *g = Some(State {
            cfg: config_from_env(),
            allocs: BTreeMap::new(),
            next_device: DEVICE_BASE,
            device_bytes: 0,
            modules: Vec::new(),
            functions: Vec::new(),
            host_functions: HashMap::new(),
            host_vars: HashMap::new(),
            events: Vec::new(),
            streams: 0,
            last_error: SUCCESS,
            sticky: SUCCESS,
            launches: 0,
            modelled_ns: 0.0,
            warned: HashSet::new(),
        });
    }
    g
}

/// Run `f` on the runtime state; a non-success result becomes the last error.
pub(crate) fn with(f: impl FnOnce(&mut State) -> HipError) -> HipError {
    let mut g = state();
    let st = g.as_mut().unwrap();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(st))).unwrap_or_else(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default();
        eprintln!("wavescope-hip: internal error: {msg}");
        LAUNCH_FAILURE
    });
    if r != SUCCESS {
        st.last_error = r;
    }
    r
}

/// What every entry point wavescope does not implement answers (stderr names it once).
pub(crate) fn unsupported(name: &str) -> HipError {
    with(|st| {
        if st.warned.insert(name.to_string()) {
            eprintln!("wavescope-hip: {name} is not supported by wavescope's HIP runtime; it returns hipErrorNotSupported");
        }
        NOT_SUPPORTED
    })
}

unsafe fn cstr(p: *const c_char) -> Option<String> {
    if p.is_null() {
        None
    } else {
        Some(CStr::from_ptr(p).to_string_lossy().into_owned())
    }
}

unsafe fn put<T>(p: *mut T, v: T) -> HipError {
    if p.is_null() {
        return INVALID_VALUE;
    }
    p.write_unaligned(v);
    SUCCESS
}

impl State {
    /// The allocation containing `addr`: (base, alloc).
    pub(crate) fn find(&self, addr: u64) -> Option<(u64, &Alloc)> {
        let (&b, a) = self.allocs.range(..=addr).next_back()?;
        (addr < b + a.size.max(1)).then_some((b, a))
    }

    fn alloc_device(&mut self, size: u64) -> Result<u64, HipError> {
        if size > MAX_ALLOC || self.device_bytes + size > device::TOTAL_MEM {
            return Err(OUT_OF_MEMORY);
        }
        let addr = self.next_device;
        self.next_device = (addr + size.max(1) + GUARD).next_multiple_of(GUARD);
        self.device_bytes += size;
        self.allocs.insert(
            addr,
            Alloc {
                size,
                backing: Backing::Device(vec![0; size as usize]),
            },
        );
        Ok(addr)
    }

    fn alloc_host(&mut self, size: u64, managed: bool) -> Result<u64, HipError> {
        if size > MAX_ALLOC {
            return Err(OUT_OF_MEMORY);
        }
        let mut p: *mut c_void = std::ptr::null_mut();
        // SAFETY: posix_memalign writes p on success; 256-byte alignment as HIP gives.
        if unsafe { libc::posix_memalign(&mut p, 4096, size.max(1) as usize) } != 0 {
            return Err(OUT_OF_MEMORY);
        }
        unsafe { std::ptr::write_bytes(p as *mut u8, 0, size.max(1) as usize) };
        self.allocs.insert(
            p as u64,
            Alloc {
                size,
                backing: Backing::Host {
                    owned: true,
                    managed,
                },
            },
        );
        Ok(p as u64)
    }

    fn free(&mut self, addr: u64) -> HipError {
        if addr == 0 {
            return SUCCESS;
        }
        match self.allocs.remove(&addr) {
            Some(a) => {
                match a.backing {
                    Backing::Device(_) => self.device_bytes -= a.size,
                    Backing::Host { owned: true, .. } => unsafe { libc::free(addr as *mut c_void) },
                    Backing::Host { .. } => {}
                }
                SUCCESS
            }
            None => INVALID_DEVICE_POINTER,
        }
    }

    /// A module's writable segment holding `addr` (a __device__ variable's device address is its vaddr).
    fn segment_of(&mut self, addr: u64, len: u64) -> Option<&mut Vec<u8>> {
        for m in self.modules.iter_mut().rev() {
            for (va, bytes, memsz, _) in m.segments.iter_mut() {
                if addr >= *va && addr + len <= *va + *memsz {
                    if bytes.len() < *memsz as usize {
                        bytes.resize(*memsz as usize, 0);
                    }
                    return Some(bytes);
                }
            }
        }
        None
    }

    /// Read `n` bytes at `addr` (device, module global or host memory).
    unsafe fn read(&mut self, addr: u64, n: usize) -> Result<Vec<u8>, HipError> {
        if n == 0 {
            return Ok(Vec::new());
        }
        if let Some((b, a)) = self.find(addr) {
            if let Backing::Device(v) = &a.backing {
                let off = (addr - b) as usize;
                return v.get(off..off + n).map(|s| s.to_vec()).ok_or(INVALID_VALUE);
            }
        } else if addr >= DEVICE_BASE && addr < self.next_device {
            return Err(INVALID_DEVICE_POINTER);
        } else if let Some(seg) = self.segment_of_ro(addr, n as u64) {
            return Ok(seg);
        }
        if addr == 0 {
            return Err(INVALID_VALUE);
        }
        Ok(std::slice::from_raw_parts(addr as *const u8, n).to_vec())
    }

    fn segment_of_ro(&self, addr: u64, n: u64) -> Option<Vec<u8>> {
        if addr >= 0x1_0000_0000 {
            return None; // code object vaddrs are small; anything else is host memory
        }
        for m in self.modules.iter().rev() {
            for (va, bytes, memsz, _) in &m.segments {
                if addr >= *va && addr + n <= *va + *memsz {
                    let mut v = bytes.clone();
                    v.resize(*memsz as usize, 0);
                    let off = (addr - va) as usize;
                    return Some(v[off..off + n as usize].to_vec());
                }
            }
        }
        None
    }

    unsafe fn write(&mut self, addr: u64, data: &[u8]) -> HipError {
        if data.is_empty() {
            return SUCCESS;
        }
        let found = self.find(addr).map(|(b, _)| b);
        if let Some(b) = found {
            let a = self.allocs.get_mut(&b).unwrap();
            if let Backing::Device(v) = &mut a.backing {
                let off = (addr - b) as usize;
                return match v.get_mut(off..off + data.len()) {
                    Some(s) => {
                        s.copy_from_slice(data);
                        SUCCESS
                    }
                    None => INVALID_VALUE,
                };
            }
        } else if addr >= DEVICE_BASE && addr < self.next_device {
            return INVALID_DEVICE_POINTER;
        } else if addr < 0x1_0000_0000 {
            if let Some(seg) = self.segment_of(addr, data.len() as u64) {
                let _ = seg;
                for m in self.modules.iter_mut().rev() {
                    for (va, bytes, memsz, _) in m.segments.iter_mut() {
                        if addr >= *va && addr + data.len() as u64 <= *va + *memsz {
                            let off = (addr - *va) as usize;
                            bytes[off..off + data.len()].copy_from_slice(data);
                            return SUCCESS;
                        }
                    }
                }
            }
        }
        if addr == 0 {
            return INVALID_VALUE;
        }
        std::ptr::copy_nonoverlapping(data.as_ptr(), addr as *mut u8, data.len());
        SUCCESS
    }

    unsafe fn memcpy(&mut self, dst: u64, src: u64, n: usize) -> HipError {
        if let Some(e) = self.take_sticky() {
            return e;
        }
        match self.read(src, n) {
            Ok(b) => self.write(dst, &b),
            Err(e) => e,
        }
    }

    unsafe fn memset(&mut self, dst: u64, value: &[u8], count: usize) -> HipError {
        let bytes: Vec<u8> = value
            .iter()
            .copied()
            .cycle()
            .take(count * value.len())
            .collect();
        self.write(dst, &bytes)
    }

    /// A kernel fault's error, once, at a synchronising call.
    pub(crate) fn take_sticky(&mut self) -> Option<HipError> {
        let e = std::mem::replace(&mut self.sticky, SUCCESS);
        (e != SUCCESS).then_some(e)
    }

    fn load_module(&mut self, name: String, image: &[u8]) -> Result<usize, (HipError, String)> {
        let elf = if image.starts_with(b"\x7fELF") {
            image.to_vec()
        } else {
            bundle::pick_gfx950(image).map_err(|e| (NO_BINARY_FOR_GPU, e))?
        };
        let co = CodeObject::parse(elf.clone()).map_err(|e| (INVALID_IMAGE, e.to_string()))?;
        let segments = co.load_segments();
        let debug_info = DebugInfo::from_elf(co.bytes()).ok().map(Arc::new);
        self.modules.push(Module {
            name,
            co: Arc::new(co),
            elf,
            segments,
            debug_info,
        });
        Ok(self.modules.len() - 1)
    }

    /// Address and size of ELF symbol `name` of module `m`.
    fn symbol(&self, m: usize, name: &str) -> Option<(u64, u64)> {
        use object::{Object, ObjectSymbol};
        let f = object::File::parse(&*self.modules[m].elf).ok()?;
        f.symbols()
            .find(|s| s.name() == Ok(name))
            .map(|s| (s.address(), s.size()))
    }
}

const FUNC_TAG: usize = 0x7ace_0000_0000;
const MOD_TAG: usize = 0x7acd_0000_0000;
const EVENT_TAG: usize = 0x7acc_0000_0000;
const STREAM_TAG: usize = 0x7acb_0000_0000;

fn untag(p: *const c_void, tag: usize, n: usize) -> Option<usize> {
    let v = p as usize;
    (v >= tag && v - tag < n).then(|| v - tag)
}

// ---------------------------------------------------------------- errors

fn error_name(e: c_int) -> &'static str {
    match e {
        0 => "hipSuccess\0",
        1 => "hipErrorInvalidValue\0",
        2 => "hipErrorOutOfMemory\0",
        3 => "hipErrorNotInitialized\0",
        9 => "hipErrorInvalidConfiguration\0",
        13 => "hipErrorInvalidSymbol\0",
        17 => "hipErrorInvalidDevicePointer\0",
        98 => "hipErrorInvalidDeviceFunction\0",
        100 => "hipErrorNoDevice\0",
        101 => "hipErrorInvalidDevice\0",
        200 => "hipErrorInvalidImage\0",
        209 => "hipErrorNoBinaryForGpu\0",
        301 => "hipErrorFileNotFound\0",
        400 => "hipErrorInvalidHandle\0",
        500 => "hipErrorNotFound\0",
        600 => "hipErrorNotReady\0",
        700 => "hipErrorIllegalAddress\0",
        719 => "hipErrorLaunchFailure\0",
        720 => "hipErrorCooperativeLaunchTooLarge\0",
        215 => "hipErrorUnsupportedLimit\0",
        801 => "hipErrorNotSupported\0",
        401 => "hipErrorIllegalState\0",
        900 => "hipErrorStreamCaptureUnsupported\0",
        901 => "hipErrorStreamCaptureInvalidated\0",
        903 => "hipErrorStreamCaptureUnmatched\0",
        906 => "hipErrorStreamCaptureImplicit\0",
        _ => "hipErrorUnknown\0",
    }
}

fn error_string(e: c_int) -> &'static str {
    match e {
        0 => "no error\0",
        1 => "invalid argument\0",
        2 => "out of memory\0",
        9 => "invalid configuration argument\0",
        13 => "invalid device symbol\0",
        17 => "invalid device pointer\0",
        98 => "invalid device function\0",
        101 => "invalid device ordinal\0",
        200 => "device kernel image is invalid\0",
        209 => "no kernel image is available for execution on the device\0",
        301 => "file not found\0",
        400 => "invalid resource handle\0",
        500 => "named symbol not found\0",
        600 => "device not ready\0",
        700 => "an illegal memory access was encountered\0",
        719 => "unspecified launch failure\0",
        720 => "too many blocks in cooperative launch\0",
        215 => "limit is not supported on this architecture\0",
        801 => "operation not supported\0",
        401 => "the operation cannot be performed in the present state\0",
        900 => "operation not permitted when stream is capturing\0",
        901 => "operation failed due to a previous error during capture\0",
        903 => "the capture was not initiated in this stream\0",
        906 => "operation would make the legacy stream depend on a capturing blocking stream\0",
        _ => "unknown error\0",
    }
}

#[no_mangle]
pub unsafe extern "C" fn hipGetErrorName(e: c_int) -> *const c_char {
    error_name(e).as_ptr() as *const c_char
}
#[no_mangle]
pub unsafe extern "C" fn hipGetErrorString(e: c_int) -> *const c_char {
    error_string(e).as_ptr() as *const c_char
}
#[no_mangle]
pub unsafe extern "C" fn hipGetLastError() -> HipError {
    let mut g = state();
    let st = g.as_mut().unwrap();
    let e = std::mem::replace(&mut st.last_error, SUCCESS);
    if e == SUCCESS {
        st.take_sticky().unwrap_or(SUCCESS)
    } else {
        e
    }
}
#[no_mangle]
pub unsafe extern "C" fn hipPeekAtLastError() -> HipError {
    let g = state();
    let st = g.as_ref().unwrap();
    if st.last_error != SUCCESS {
        st.last_error
    } else {
        st.sticky
    }
}

// ---------------------------------------------------------------- device

#[no_mangle]
pub unsafe extern "C" fn hipInit(_flags: c_uint) -> HipError {
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceCount(n: *mut c_int) -> HipError {
    with(|_| put(n, 1))
}
#[no_mangle]
pub unsafe extern "C" fn hipGetDevice(d: *mut c_int) -> HipError {
    with(|_| put(d, 0))
}
#[no_mangle]
pub unsafe extern "C" fn hipSetDevice(d: c_int) -> HipError {
    with(|_| if d == 0 { SUCCESS } else { INVALID_DEVICE })
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGet(dev: *mut c_int, ordinal: c_int) -> HipError {
    with(|_| {
        if ordinal == 0 {
            put(dev, 0)
        } else {
            INVALID_DEVICE
        }
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipSetDeviceFlags(_f: c_uint) -> HipError {
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceFlags(f: *mut c_uint) -> HipError {
    with(|_| put(f, 0))
}
#[no_mangle]
pub unsafe extern "C" fn hipGetDeviceProperties(p: *mut c_void, d: c_int) -> HipError {
    with(|_| {
        if d != 0 {
            return INVALID_DEVICE;
        }
        if p.is_null() {
            return INVALID_VALUE;
        }
        let props = device::props_r0000();
        std::ptr::copy_nonoverlapping(props.as_ptr(), p as *mut u8, props.len());
        SUCCESS
    })
}
/// HIP 6's `hipGetDeviceProperties` (its headers rename the call and the struct): the 1472-byte R0600 layout.
#[no_mangle]
pub unsafe extern "C" fn hipGetDevicePropertiesR0600(p: *mut c_void, d: c_int) -> HipError {
    with(|_| {
        if d != 0 {
            return INVALID_DEVICE;
        }
        if p.is_null() {
            return INVALID_VALUE;
        }
        let props = device::props_r0600();
        std::ptr::copy_nonoverlapping(props.as_ptr(), p as *mut u8, props.len());
        SUCCESS
    })
}
/// `hipChooseDevice(device, prop)` (HIP 5.2 layout) and its HIP 6 form: there is one device, so it is the one
/// closest to any wish.
#[no_mangle]
pub unsafe extern "C" fn hipChooseDevice(device: *mut c_int, prop: *const c_void) -> HipError {
    with(|_| {
        if prop.is_null() {
            return INVALID_VALUE;
        }
        put(device, 0)
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipChooseDeviceR0600(device: *mut c_int, prop: *const c_void) -> HipError {
    hipChooseDevice(device, prop)
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetAttribute(v: *mut c_int, attr: c_int, d: c_int) -> HipError {
    with(|st| {
        if d != 0 {
            return INVALID_DEVICE;
        }
        match device::attribute(attr) {
            Some(x) => put(v, x),
            None => {
                if st.warned.insert(format!("attr{attr}")) {
                    eprintln!("wavescope-hip: hipDeviceGetAttribute: attribute {attr} is not supported; returns hipErrorNotSupported");
                }
                NOT_SUPPORTED
            }
        }
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetName(name: *mut c_char, len: c_int, d: c_int) -> HipError {
    with(|_| {
        if d != 0 {
            return INVALID_DEVICE;
        }
        if name.is_null() || len <= 0 {
            return INVALID_VALUE;
        }
        let n = device::NAME.len().min(len as usize - 1);
        std::ptr::copy_nonoverlapping(device::NAME.as_ptr(), name as *mut u8, n);
        *name.add(n) = 0;
        SUCCESS
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceTotalMem(b: *mut usize, d: c_int) -> HipError {
    with(|_| {
        if d != 0 {
            INVALID_DEVICE
        } else {
            put(b, device::TOTAL_MEM as usize)
        }
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceComputeCapability(
    ma: *mut c_int,
    mi: *mut c_int,
    d: c_int,
) -> HipError {
    with(|_| {
        if d != 0 {
            return INVALID_DEVICE;
        }
        put(ma, 9).max(put(mi, 5))
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSynchronize() -> HipError {
    if let Some(r) = graph::refuse_device_sync() {
        return r;
    }
    with(|st| st.take_sticky().unwrap_or(SUCCESS))
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceReset() -> HipError {
    with(|st| {
        let addrs: Vec<u64> = st.allocs.keys().copied().collect();
        for a in addrs {
            st.free(a);
        }
        st.sticky = SUCCESS;
        SUCCESS
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipRuntimeGetVersion(v: *mut c_int) -> HipError {
    with(|_| put(v, device::HIP_VERSION))
}
#[no_mangle]
pub unsafe extern "C" fn hipDriverGetVersion(v: *mut c_int) -> HipError {
    with(|_| put(v, driver::DRIVER_VERSION))
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceSetCacheConfig(_c: c_int) -> HipError {
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetCacheConfig(c: *mut c_int) -> HipError {
    with(|_| put(c, 0))
}
#[no_mangle]
pub unsafe extern "C" fn hipFuncSetCacheConfig(_f: *const c_void, _c: c_int) -> HipError {
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceCanAccessPeer(can: *mut c_int, _d: c_int, _p: c_int) -> HipError {
    with(|_| put(can, 0))
}
#[no_mangle]
pub unsafe extern "C" fn hipDeviceGetStreamPriorityRange(
    least: *mut c_int,
    greatest: *mut c_int,
) -> HipError {
    with(|_| put(least, 0).max(put(greatest, 0)))
}

// ---------------------------------------------------------------- memory

#[no_mangle]
pub unsafe extern "C" fn hipMalloc(p: *mut *mut c_void, size: usize) -> HipError {
    with(|st| {
        if p.is_null() {
            return INVALID_VALUE;
        }
        match st.alloc_device(size as u64) {
            Ok(a) => put(p, a as *mut c_void),
            Err(e) => e,
        }
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipExtMallocWithFlags(
    p: *mut *mut c_void,
    size: usize,
    _f: c_uint,
) -> HipError {
    hipMalloc(p, size)
}
#[no_mangle]
pub unsafe extern "C" fn hipFree(p: *mut c_void) -> HipError {
    with(|st| st.free(p as u64))
}
unsafe fn host_malloc(p: *mut *mut c_void, size: usize, managed: bool) -> HipError {
    with(|st| {
        if p.is_null() {
            return INVALID_VALUE;
        }
        match st.alloc_host(size as u64, managed) {
            Ok(a) => put(p, a as *mut c_void),
            Err(e) => e,
        }
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipHostMalloc(p: *mut *mut c_void, size: usize, _f: c_uint) -> HipError {
    host_malloc(p, size, false)
}
#[no_mangle]
pub unsafe extern "C" fn hipHostAlloc(p: *mut *mut c_void, size: usize, _f: c_uint) -> HipError {
    host_malloc(p, size, false)
}
#[no_mangle]
pub unsafe extern "C" fn hipMallocHost(p: *mut *mut c_void, size: usize) -> HipError {
    host_malloc(p, size, false)
}
#[no_mangle]
pub unsafe extern "C" fn hipMallocManaged(
    p: *mut *mut c_void,
    size: usize,
    _f: c_uint,
) -> HipError {
    host_malloc(p, size, true)
}
#[no_mangle]
pub unsafe extern "C" fn hipHostFree(p: *mut c_void) -> HipError {
    with(|st| st.free(p as u64))
}
#[no_mangle]
pub unsafe extern "C" fn hipFreeHost(p: *mut c_void) -> HipError {
    with(|st| st.free(p as u64))
}
#[no_mangle]
pub unsafe extern "C" fn hipHostRegister(p: *mut c_void, size: usize, _f: c_uint) -> HipError {
    with(|st| {
        if p.is_null() || size == 0 {
            return INVALID_VALUE;
        }
        st.allocs.insert(
            p as u64,
            Alloc {
                size: size as u64,
                backing: Backing::Host {
                    owned: false,
                    managed: false,
                },
            },
        );
        SUCCESS
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipHostUnregister(p: *mut c_void) -> HipError {
    with(|st| st.free(p as u64))
}
#[no_mangle]
pub unsafe extern "C" fn hipHostGetDevicePointer(
    d: *mut *mut c_void,
    h: *mut c_void,
    _f: c_uint,
) -> HipError {
    with(|st| match st.find(h as u64) {
        Some((_, a)) if matches!(a.backing, Backing::Host { .. }) => put(d, h),
        _ => INVALID_VALUE,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    _k: c_int,
) -> HipError {
    with(|st| st.memcpy(dst as u64, src as u64, n))
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyWithStream(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    _k: c_int,
    s: *mut c_void,
) -> HipError {
    memcpy_on(s, dst, src, n)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyAsync(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    _k: c_int,
    s: *mut c_void,
) -> HipError {
    memcpy_on(s, dst, src, n)
}
/// A copy issued on stream `s`: recorded when `s` captures a graph, else done now.
pub(crate) unsafe fn memcpy_on(
    s: *mut c_void,
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
) -> HipError {
    if let Some(r) = graph::record(s, || {
        Ok(graph::Op::Memcpy {
            dst: dst as u64,
            src: src as u64,
            n,
        })
    }) {
        return r;
    }
    hipMemcpy(dst, src, n, 0)
}
/// A fill of `count` copies of `pattern` issued on stream `s` (recorded when `s` captures a graph).
pub(crate) unsafe fn memset_on(
    s: *mut c_void,
    dst: *mut c_void,
    pattern: &[u8],
    count: usize,
) -> HipError {
    if let Some(r) = graph::record(s, || {
        Ok(graph::Op::Memset {
            dst: dst as u64,
            pattern: pattern.to_vec(),
            count,
        })
    }) {
        return r;
    }
    with(|st| st.memset(dst as u64, pattern, count))
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyHtoD(dst: *mut c_void, src: *const c_void, n: usize) -> HipError {
    hipMemcpy(dst, src, n, 1)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoH(dst: *mut c_void, src: *const c_void, n: usize) -> HipError {
    hipMemcpy(dst, src, n, 2)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoD(dst: *mut c_void, src: *const c_void, n: usize) -> HipError {
    hipMemcpy(dst, src, n, 3)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyHtoDAsync(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    s: *mut c_void,
) -> HipError {
    memcpy_on(s, dst, src, n)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoHAsync(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    s: *mut c_void,
) -> HipError {
    memcpy_on(s, dst, src, n)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyDtoDAsync(
    dst: *mut c_void,
    src: *const c_void,
    n: usize,
    s: *mut c_void,
) -> HipError {
    memcpy_on(s, dst, src, n)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpy2D(
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    _k: c_int,
) -> HipError {
    with(|st| {
        if width > dpitch || width > spitch {
            return INVALID_VALUE;
        }
        for r in 0..height {
            let e = st.memcpy(
                (dst as u64) + (r * dpitch) as u64,
                (src as u64) + (r * spitch) as u64,
                width,
            );
            if e != SUCCESS {
                return e;
            }
        }
        SUCCESS
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemset(dst: *mut c_void, v: c_int, n: usize) -> HipError {
    with(|st| st.memset(dst as u64, &[v as u8], n))
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetAsync(
    dst: *mut c_void,
    v: c_int,
    n: usize,
    s: *mut c_void,
) -> HipError {
    memset_on(s, dst, &[v as u8], n)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD8(dst: *mut c_void, v: u8, n: usize) -> HipError {
    with(|st| st.memset(dst as u64, &[v], n))
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD16(dst: *mut c_void, v: u16, n: usize) -> HipError {
    with(|st| st.memset(dst as u64, &v.to_le_bytes(), n))
}
#[no_mangle]
pub unsafe extern "C" fn hipMemsetD32(dst: *mut c_void, v: c_int, n: usize) -> HipError {
    with(|st| st.memset(dst as u64, &v.to_le_bytes(), n))
}
#[no_mangle]
pub unsafe extern "C" fn hipMemGetInfo(free: *mut usize, total: *mut usize) -> HipError {
    with(|st| {
        put(free, (device::TOTAL_MEM - st.device_bytes) as usize)
            .max(put(total, device::TOTAL_MEM as usize))
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipPointerGetAttributes(attr: *mut c_void, p: *const c_void) -> HipError {
    with(|st| {
        if attr.is_null() {
            return INVALID_VALUE;
        }
        // hipPointerAttribute_t (HIP 5.2 and ROCm 6 alike, 32 bytes): memoryType, device, devicePointer,
        // hostPointer, isManaged, allocationFlags. The memory types are numbered differently (newer.rs).
        let abi6 = newer::rocm6_abi();
        let mut b = [0u8; 32];
        let Some((base, a)) = st.find(p as u64) else {
            if abi6 && !p.is_null() {
                // ROCm 6: memory the runtime does not know is hipMemoryTypeUnregistered (0), not an error
                std::ptr::copy_nonoverlapping(b.as_ptr(), attr as *mut u8, 32);
                return SUCCESS;
            }
            return INVALID_VALUE;
        };
        let (ty, host, managed) = match (&a.backing, abi6) {
            // HIP 5.2: Host 0, Device 1, Unified 3; ROCm 6: Host 1, Device 2, Managed 3
            (Backing::Device(_), false) => (1i32, 0u64, 0i32),
            (Backing::Device(_), true) => (2, 0, 0),
            (Backing::Host { managed, .. }, _) => {
                let managed = *managed;
                let ty = match (managed, abi6) {
                    (true, _) => 3,
                    (false, false) => 0,
                    (false, true) => 1,
                };
                (ty, p as u64, managed as i32)
            }
        };
        let _ = base;
        b[0..4].copy_from_slice(&ty.to_le_bytes());
        b[8..16].copy_from_slice(&(p as u64).to_le_bytes());
        b[16..24].copy_from_slice(&host.to_le_bytes());
        b[24..28].copy_from_slice(&managed.to_le_bytes());
        std::ptr::copy_nonoverlapping(b.as_ptr(), attr as *mut u8, 32);
        SUCCESS
    })
}

// ---------------------------------------------------------------- symbols

unsafe fn symbol_of(st: &State, sym: *const c_void) -> Result<(u64, u64), HipError> {
    let (m, name) = st.host_vars.get(&(sym as usize)).ok_or(INVALID_SYMBOL)?;
    let m = m.ok_or(NO_BINARY_FOR_GPU)?;
    st.symbol(m, name).ok_or(INVALID_SYMBOL)
}
/// The address `off` bytes into symbol `sym`, if `n` bytes fit there (a copy to or from it).
unsafe fn symbol_range(sym: *const c_void, off: usize, n: usize) -> Result<u64, HipError> {
    let mut at = Err(INVALID_VALUE);
    let r = with(|st| match symbol_of(st, sym) {
        Ok((a, size)) if (off + n) as u64 <= size => {
            at = Ok(a + off as u64);
            SUCCESS
        }
        Ok(_) => INVALID_VALUE,
        Err(e) => e,
    });
    at.map_err(|_| r)
}
#[no_mangle]
pub unsafe extern "C" fn hipGetSymbolAddress(d: *mut *mut c_void, sym: *const c_void) -> HipError {
    with(|st| match symbol_of(st, sym) {
        Ok((a, _)) => put(d, a as *mut c_void),
        Err(e) => e,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipGetSymbolSize(s: *mut usize, sym: *const c_void) -> HipError {
    with(|st| match symbol_of(st, sym) {
        Ok((_, n)) => put(s, n as usize),
        Err(e) => e,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyToSymbol(
    sym: *const c_void,
    src: *const c_void,
    n: usize,
    off: usize,
    _k: c_int,
) -> HipError {
    with(|st| match symbol_of(st, sym) {
        Ok((a, size)) if (off + n) as u64 <= size => st.memcpy(a + off as u64, src as u64, n),
        Ok(_) => INVALID_VALUE,
        Err(e) => e,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyToSymbolAsync(
    sym: *const c_void,
    src: *const c_void,
    n: usize,
    off: usize,
    k: c_int,
    s: *mut c_void,
) -> HipError {
    if graph::capturing(s) {
        return match symbol_range(sym, off, n) {
            Ok(a) => memcpy_on(s, a as *mut c_void, src, n),
            Err(e) => e,
        };
    }
    hipMemcpyToSymbol(sym, src, n, off, k)
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromSymbol(
    dst: *mut c_void,
    sym: *const c_void,
    n: usize,
    off: usize,
    _k: c_int,
) -> HipError {
    with(|st| match symbol_of(st, sym) {
        Ok((a, size)) if (off + n) as u64 <= size => st.memcpy(dst as u64, a + off as u64, n),
        Ok(_) => INVALID_VALUE,
        Err(e) => e,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipMemcpyFromSymbolAsync(
    dst: *mut c_void,
    sym: *const c_void,
    n: usize,
    off: usize,
    k: c_int,
    s: *mut c_void,
) -> HipError {
    if graph::capturing(s) {
        return match symbol_range(sym, off, n) {
            Ok(a) => memcpy_on(s, dst, a as *const c_void, n),
            Err(e) => e,
        };
    }
    hipMemcpyFromSymbol(dst, sym, n, off, k)
}

// ---------------------------------------------------------------- fat binaries and modules

#[no_mangle]
pub unsafe extern "C" fn __hipRegisterFatBinary(data: *const c_void) -> *mut *mut c_void {
    // __CudaFatBinaryWrapper: u32 magic "HIPF", u32 version, the bundle's address, unused.
    let mut g = state();
    let st = g.as_mut().unwrap();
    let mut module: Option<usize> = None;
    if !data.is_null() && *(data as *const u32) == 0x4849_5046 {
        let image = *(data as *const *const u8).add(1);
        match bundle::image_size(image) {
            Some(n) => {
                let bytes = std::slice::from_raw_parts(image, n);
                let name = format!("fat binary {}", st.modules.len());
                match st.load_module(name, bytes) {
                    Ok(m) => module = Some(m),
                    Err((_, msg)) => eprintln!("wavescope-hip: {msg}"),
                }
            }
            None => {
                eprintln!("wavescope-hip: the program's fat binary is not a clang offload bundle")
            }
        }
    } else {
        eprintln!(
            "wavescope-hip: __hipRegisterFatBinary: not a HIP fat binary wrapper (magic HIPF)"
        );
    }
    Box::into_raw(Box::new(
        module.map_or(std::ptr::null_mut(), |m| (MOD_TAG + m) as *mut c_void),
    ))
}
#[no_mangle]
pub unsafe extern "C" fn __hipUnregisterFatBinary(_h: *mut *mut c_void) {}
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterFunction(
    modules: *mut *mut c_void,
    host_function: *const c_void,
    _device_function: *mut c_char,
    device_name: *const c_char,
    _thread_limit: c_uint,
    _tid: *mut c_void,
    _bid: *mut c_void,
    _block: *mut Dim3,
    _grid: *mut Dim3,
    _wsize: *mut c_int,
) {
    let mut g = state();
    let st = g.as_mut().unwrap();
    let n = st.modules.len();
    let module = if modules.is_null() {
        None
    } else {
        untag(*modules, MOD_TAG, n)
    };
    let name = cstr(device_name).unwrap_or_default();
    st.functions.push(Function { module, name });
    let idx = st.functions.len() - 1;
    st.host_functions.insert(host_function as usize, idx);
}
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterVar(
    modules: *mut *mut c_void,
    var: *mut c_void,
    _host_var: *mut c_char,
    device_var: *const c_char,
    _ext: c_int,
    _size: usize,
    _constant: c_int,
    _global: c_int,
) {
    let mut g = state();
    let st = g.as_mut().unwrap();
    let n = st.modules.len();
    let module = if modules.is_null() {
        None
    } else {
        untag(*modules, MOD_TAG, n)
    };
    st.host_vars
        .insert(var as usize, (module, cstr(device_var).unwrap_or_default()));
}

/// A `__managed__` variable (clang registers each from the program's constructor): the device code reaches it
/// through the pointer variable `name` (8 bytes; its storage `name.managed` is the code object's copy), and the
/// host through `*pointer`. Both are pointed at one managed allocation holding the initial value, so host and
/// kernels see one object, as HIP's runtime does.
#[no_mangle]
pub unsafe extern "C" fn __hipRegisterManagedVar(
    modules: *mut *mut c_void,
    pointer: *mut *mut c_void,
    init_value: *const c_void,
    name: *const c_char,
    size: usize,
    _align: c_uint,
) {
    let var = cstr(name).unwrap_or_default();
    let mut p: *mut c_void = std::ptr::null_mut();
    if pointer.is_null() || host_malloc(&mut p, size.max(1), true) != SUCCESS {
        eprintln!(
            "wavescope-hip: __managed__ {var}: cannot allocate {size} bytes of managed memory"
        );
        return;
    }
    if !init_value.is_null() {
        std::ptr::copy_nonoverlapping(init_value as *const u8, p as *mut u8, size);
    }
    *pointer = p;
    let e = with(|st| {
        let module = if modules.is_null() {
            None
        } else {
            untag(*modules, MOD_TAG, st.modules.len())
        };
        let Some(m) = module else {
            return INVALID_SYMBOL;
        };
        match st.symbol(m, &var) {
            Some((at, n)) if n >= 8 => st.write(at, &(p as u64).to_le_bytes()),
            _ => INVALID_SYMBOL,
        }
    });
    if e != SUCCESS {
        eprintln!(
            "wavescope-hip: __managed__ {var}: the code object has no 8-byte pointer variable of that name; \
             kernels will not see the host's copy"
        );
    }
}

unsafe fn register_module(m: *mut *mut c_void, name: String, image: &[u8]) -> HipError {
    with(|st| {
        if m.is_null() {
            return INVALID_VALUE;
        }
        match st.load_module(name.clone(), image) {
            Ok(i) => put(m, (MOD_TAG + i) as *mut c_void),
            Err((e, msg)) => {
                eprintln!("wavescope-hip: {name}: {msg}");
                e
            }
        }
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleLoad(m: *mut *mut c_void, fname: *const c_char) -> HipError {
    let Some(f) = cstr(fname) else {
        return INVALID_VALUE;
    };
    match std::fs::read(&f) {
        Ok(b) => register_module(m, f, &b),
        Err(e) => {
            eprintln!("wavescope-hip: hipModuleLoad: cannot read {f}: {e}");
            with(|_| FILE_NOT_FOUND)
        }
    }
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleLoadData(m: *mut *mut c_void, image: *const c_void) -> HipError {
    if image.is_null() {
        return with(|_| INVALID_VALUE);
    }
    match bundle::image_size(image as *const u8) {
        Some(n) => register_module(
            m,
            "hipModuleLoadData image".into(),
            std::slice::from_raw_parts(image as *const u8, n),
        ),
        None => with(|_| INVALID_IMAGE),
    }
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleLoadDataEx(
    m: *mut *mut c_void,
    image: *const c_void,
    _n: c_uint,
    _o: *mut c_void,
    _v: *mut *mut c_void,
) -> HipError {
    hipModuleLoadData(m, image)
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleUnload(m: *mut c_void) -> HipError {
    with(|st| match untag(m, MOD_TAG, st.modules.len()) {
        Some(_) => SUCCESS,
        None => INVALID_HANDLE,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleGetFunction(
    f: *mut *mut c_void,
    m: *mut c_void,
    name: *const c_char,
) -> HipError {
    with(|st| {
        let Some(mi) = untag(m, MOD_TAG, st.modules.len()) else {
            return INVALID_HANDLE;
        };
        let Some(name) = cstr(name) else {
            return INVALID_VALUE;
        };
        if st.modules[mi].co.kernel(&name).is_err() {
            return NOT_FOUND;
        }
        st.functions.push(Function {
            module: Some(mi),
            name,
        });
        put(f, (FUNC_TAG + st.functions.len() - 1) as *mut c_void)
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleGetGlobal(
    d: *mut *mut c_void,
    bytes: *mut usize,
    m: *mut c_void,
    name: *const c_char,
) -> HipError {
    with(|st| {
        let Some(mi) = untag(m, MOD_TAG, st.modules.len()) else {
            return INVALID_HANDLE;
        };
        let Some(name) = cstr(name) else {
            return INVALID_VALUE;
        };
        match st.symbol(mi, &name) {
            Some((a, n)) => {
                if !d.is_null() {
                    put(d, a as *mut c_void);
                }
                if !bytes.is_null() {
                    put(bytes, n as usize);
                }
                SUCCESS
            }
            None => NOT_FOUND,
        }
    })
}

/// The function a launch names: a host stub address (hipLaunchKernel) or a hipFunction_t.
pub(crate) fn function_of(st: &State, f: *const c_void) -> Option<usize> {
    st.host_functions
        .get(&(f as usize))
        .copied()
        .or_else(|| untag(f, FUNC_TAG, st.functions.len()))
}

// ---------------------------------------------------------------- streams and events

#[no_mangle]
pub unsafe extern "C" fn hipStreamCreate(s: *mut *mut c_void) -> HipError {
    with(|st| {
        st.streams += 1;
        put(s, (STREAM_TAG + st.streams) as *mut c_void)
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreateWithFlags(s: *mut *mut c_void, f: c_uint) -> HipError {
    let e = hipStreamCreate(s);
    if e == SUCCESS {
        runtime_more::record_stream(*s as usize, f, 0);
    }
    e
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamCreateWithPriority(
    s: *mut *mut c_void,
    f: c_uint,
    p: c_int,
) -> HipError {
    let e = hipStreamCreate(s);
    if e == SUCCESS {
        runtime_more::record_stream(*s as usize, f, p);
    }
    e
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamDestroy(_s: *mut c_void) -> HipError {
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamSynchronize(s: *mut c_void) -> HipError {
    if let Some(r) = graph::refuse(s, "hipStreamSynchronize") {
        return r;
    }
    with(|st| st.take_sticky().unwrap_or(SUCCESS))
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamQuery(s: *mut c_void) -> HipError {
    if let Some(r) = graph::refuse(s, "hipStreamQuery") {
        return r;
    }
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipStreamWaitEvent(
    s: *mut c_void,
    e: *mut c_void,
    _f: c_uint,
) -> HipError {
    graph::wait_event(s, e);
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipEventCreate(e: *mut *mut c_void) -> HipError {
    hipEventCreateWithFlags(e, 0)
}
/// hipEventDefault 0, BlockingSync 1, DisableTiming 2, Interprocess 4, ReleaseToDevice 0x4000_0000,
/// ReleaseToSystem 0x8000_0000 (hip_runtime_api.h); any other bit is hipErrorInvalidValue, and an
/// interprocess event must disable timing (as CUDA and HIP's runtime require).
#[no_mangle]
pub unsafe extern "C" fn hipEventCreateWithFlags(e: *mut *mut c_void, f: c_uint) -> HipError {
    const DISABLE_TIMING: c_uint = 0x2;
    const INTERPROCESS: c_uint = 0x4;
    if f & !(0x1 | DISABLE_TIMING | INTERPROCESS | 0x4000_0000 | 0x8000_0000) != 0
        || (f & INTERPROCESS != 0 && f & DISABLE_TIMING == 0)
    {
        return INVALID_VALUE;
    }
    with(|st| {
        st.events.push(Event {
            at_ns: None,
            timing: f & DISABLE_TIMING == 0,
        });
        put(e, (EVENT_TAG + st.events.len() - 1) as *mut c_void)
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipEventRecord(e: *mut c_void, s: *mut c_void) -> HipError {
    if let Some(r) = graph::record_event(e, s) {
        return r;
    }
    with(|st| match untag(e, EVENT_TAG, st.events.len()) {
        Some(i) => {
            st.events[i].at_ns = Some(st.modelled_ns);
            SUCCESS
        }
        None => INVALID_HANDLE,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipEventSynchronize(e: *mut c_void) -> HipError {
    with(|st| match untag(e, EVENT_TAG, st.events.len()) {
        Some(_) => st.take_sticky().unwrap_or(SUCCESS),
        None => INVALID_HANDLE,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipEventQuery(e: *mut c_void) -> HipError {
    with(|st| match untag(e, EVENT_TAG, st.events.len()) {
        Some(_) => SUCCESS,
        None => INVALID_HANDLE,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipEventDestroy(e: *mut c_void) -> HipError {
    with(|st| match untag(e, EVENT_TAG, st.events.len()) {
        Some(_) => SUCCESS,
        None => INVALID_HANDLE,
    })
}
/// Milliseconds of modelled kernel time (the cycle model's cycles at the device clock) between the two events.
#[no_mangle]
pub unsafe extern "C" fn hipEventElapsedTime(
    ms: *mut f32,
    a: *mut c_void,
    b: *mut c_void,
) -> HipError {
    with(|st| {
        let n = st.events.len();
        let (Some(a), Some(b)) = (untag(a, EVENT_TAG, n), untag(b, EVENT_TAG, n)) else {
            return INVALID_HANDLE;
        };
        // an event created with hipEventDisableTiming has no timestamp to read (CUDA's rule, HIP's runtime too)
        if !st.events[a].timing || !st.events[b].timing {
            return INVALID_HANDLE;
        }
        match (st.events[a].at_ns, st.events[b].at_ns) {
            (Some(x), Some(y)) => put(ms, ((y - x) / 1e6) as f32),
            _ => INVALID_HANDLE,
        }
    })
}

// ---------------------------------------------------------------- launches

thread_local! {
    static CALL_CONFIG: std::cell::RefCell<Vec<(Dim3, Dim3, usize, usize)>> = const { std::cell::RefCell::new(Vec::new()) };
}

#[no_mangle]
pub unsafe extern "C" fn __hipPushCallConfiguration(
    grid: Dim3,
    block: Dim3,
    shmem: usize,
    stream: *mut c_void,
) -> HipError {
    CALL_CONFIG.with(|c| c.borrow_mut().push((grid, block, shmem, stream as usize)));
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn __hipPopCallConfiguration(
    grid: *mut Dim3,
    block: *mut Dim3,
    shmem: *mut usize,
    stream: *mut *mut c_void,
) -> HipError {
    match CALL_CONFIG.with(|c| c.borrow_mut().pop()) {
        Some((g, b, s, q)) => {
            put(grid, g);
            put(block, b);
            put(shmem, s);
            put(stream, q as *mut c_void);
            SUCCESS
        }
        None => with(|_| INVALID_VALUE),
    }
}
#[no_mangle]
pub unsafe extern "C" fn hipLaunchKernel(
    f: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shmem: usize,
    stream: *mut c_void,
) -> HipError {
    launch_dims(f, grid, block, args, shmem, false, stream)
}
/// `hipLaunchKernel` and `hipLaunchCooperativeKernel`: dim3 grid (in work-groups) and block.
unsafe fn launch_dims(
    f: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shmem: usize,
    cooperative: bool,
    stream: *mut c_void,
) -> HipError {
    let (g, b) = ([grid.x, grid.y, grid.z], [block.x, block.y, block.z]);
    if let Some(r) = graph::record(stream, || {
        graph::launch_op(f, g, b, shmem, launch::Args::Pointers(args), cooperative)
    }) {
        return r;
    }
    with(|st| {
        launch::launch(
            st,
            f,
            [grid.x, grid.y, grid.z],
            [block.x, block.y, block.z],
            shmem,
            launch::Args::Pointers(args),
            cooperative,
        )
    })
}
/// Every work-group resident at once and the grid barrier set up (`cooperative_groups::this_grid().sync()`);
/// refused with hipErrorCooperativeLaunchTooLarge beyond the occupancy limit, as the runtime does.
#[no_mangle]
pub unsafe extern "C" fn hipLaunchCooperativeKernel(
    f: *const c_void,
    grid: Dim3,
    block: Dim3,
    args: *mut *mut c_void,
    shmem: c_uint,
    stream: *mut c_void,
) -> HipError {
    launch_dims(f, grid, block, args, shmem as usize, true, stream)
}
/// Several devices at once: wavescope has one device.
#[no_mangle]
pub unsafe extern "C" fn hipLaunchCooperativeKernelMultiDevice(
    _list: *mut c_void,
    _n: c_int,
    _flags: c_uint,
) -> HipError {
    unsupported("hipLaunchCooperativeKernelMultiDevice")
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleLaunchKernel(
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
    extra: *mut *mut c_void,
) -> HipError {
    let args = match module_args(params, extra) {
        Ok(a) => a,
        Err(e) => return with(|_| e),
    };
    let (g, b) = ([gx, gy, gz], [bx, by, bz]);
    let mut args = Some(args);
    if let Some(r) = graph::record(stream, || {
        graph::launch_op(f, g, b, shmem as usize, args.take().unwrap(), false)
    }) {
        return r;
    }
    let args = args.unwrap();
    with(|st| launch::launch(st, f, g, b, shmem as usize, args, false))
}
/// A module launch's arguments: `params` (one pointer per argument) or `extra`'s argument buffer.
unsafe fn module_args(
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
) -> Result<launch::Args, HipError> {
    Ok(if !params.is_null() {
        launch::Args::Pointers(params)
    } else if !extra.is_null() {
        // {HIP_LAUNCH_PARAM_BUFFER_POINTER (1), ptr, HIP_LAUNCH_PARAM_BUFFER_SIZE (2), &size, HIP_LAUNCH_PARAM_END (3)}
        let (mut ptr, mut size) = (std::ptr::null::<u8>(), 0usize);
        let mut i = 0;
        loop {
            match *extra.add(i) as usize {
                1 => ptr = *extra.add(i + 1) as *const u8,
                2 => size = *(*extra.add(i + 1) as *const usize),
                3 => break,
                other => {
                    eprintln!("wavescope-hip: hipModuleLaunchKernel: unknown extra key {other:#x}");
                    return Err(INVALID_VALUE);
                }
            }
            i += 2;
            if i > 64 {
                return Err(INVALID_VALUE);
            }
        }
        if ptr.is_null() && size > 0 {
            return Err(INVALID_VALUE);
        }
        launch::Args::Blob(if size == 0 {
            Vec::new()
        } else {
            std::slice::from_raw_parts(ptr, size).to_vec()
        })
    } else {
        launch::Args::Blob(Vec::new())
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipExtModuleLaunchKernel(
    f: *mut c_void,
    gwx: c_uint,
    gwy: c_uint,
    gwz: c_uint,
    bx: c_uint,
    by: c_uint,
    bz: c_uint,
    shmem: usize,
    stream: *mut c_void,
    params: *mut *mut c_void,
    extra: *mut *mut c_void,
    _start: *mut c_void,
    _stop: *mut c_void,
    _flags: c_uint,
) -> HipError {
    // global work size in work-items
    if bx == 0
        || by == 0
        || bz == 0
        || !gwx.is_multiple_of(bx)
        || !gwy.is_multiple_of(by)
        || !gwz.is_multiple_of(bz)
    {
        eprintln!("wavescope-hip: hipExtModuleLaunchKernel: a global size that is not a multiple of the block is not supported");
        return with(|_| NOT_SUPPORTED);
    }
    hipModuleLaunchKernel(
        f,
        gwx / bx,
        gwy / by,
        gwz / bz,
        bx,
        by,
        bz,
        shmem as c_uint,
        stream,
        params,
        extra,
    )
}

#[no_mangle]
pub unsafe extern "C" fn hipFuncGetAttributes(attr: *mut c_void, f: *const c_void) -> HipError {
    with(|st| {
        let Some(abi) = launch::abi_of(st, f) else {
            return INVALID_DEVICE_FUNCTION;
        };
        // hipFuncAttributes (56 bytes)
        let mut b = [0u8; 56];
        b[0..4].copy_from_slice(&95i32.to_le_bytes());
        b[16..24].copy_from_slice(&(abi.private_segment_fixed_size as u64).to_le_bytes());
        b[24..28].copy_from_slice(
            &((wavescope::launch::LDS_MAX - abi.group_segment_fixed_size) as i32).to_le_bytes(),
        );
        b[28..32].copy_from_slice(&(abi.max_flat_workgroup_size.max(1) as i32).to_le_bytes());
        b[32..36].copy_from_slice(&(abi.vgpr_count as i32).to_le_bytes());
        b[48..56].copy_from_slice(&(abi.group_segment_fixed_size as u64).to_le_bytes());
        if attr.is_null() {
            return INVALID_VALUE;
        }
        std::ptr::copy_nonoverlapping(b.as_ptr(), attr as *mut u8, 56);
        SUCCESS
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipFuncSetAttribute(_f: *const c_void, _a: c_int, _v: c_int) -> HipError {
    SUCCESS
}
#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxActiveBlocksPerMultiprocessor(
    n: *mut c_int,
    f: *const c_void,
    block: c_int,
    dyn_lds: usize,
) -> HipError {
    with(|st| match launch::abi_of(st, f) {
        Some(abi) => put(
            n,
            launch::blocks_per_cu(&abi, block.max(1) as u32, dyn_lds as u32),
        ),
        None => INVALID_DEVICE_FUNCTION,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    n: *mut c_int,
    f: *const c_void,
    block: c_int,
    dyn_lds: usize,
    _flags: c_uint,
) -> HipError {
    hipOccupancyMaxActiveBlocksPerMultiprocessor(n, f, block, dyn_lds)
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
    n: *mut c_int,
    f: *mut c_void,
    block: c_int,
    dyn_lds: usize,
) -> HipError {
    hipOccupancyMaxActiveBlocksPerMultiprocessor(n, f, block, dyn_lds)
}
#[no_mangle]
pub unsafe extern "C" fn hipOccupancyMaxPotentialBlockSize(
    grid: *mut c_int,
    block: *mut c_int,
    f: *const c_void,
    dyn_lds: usize,
    limit: c_int,
) -> HipError {
    with(|st| match launch::abi_of(st, f) {
        Some(abi) => {
            let mut b = abi.max_flat_workgroup_size.clamp(64, 1024);
            if limit > 0 {
                b = b.min(limit as u32);
            }
            let per_cu = launch::blocks_per_cu(&abi, b, dyn_lds as u32);
            put(block, b as c_int).max(put(grid, per_cu * device::CUS))
        }
        None => INVALID_DEVICE_FUNCTION,
    })
}
#[no_mangle]
pub unsafe extern "C" fn hipModuleOccupancyMaxPotentialBlockSize(
    grid: *mut c_int,
    block: *mut c_int,
    f: *mut c_void,
    dyn_lds: usize,
    limit: c_int,
) -> HipError {
    hipOccupancyMaxPotentialBlockSize(grid, block, f, dyn_lds, limit)
}
