//! The values of a stopped frame's source variables, as every front end prints them (`wavescope inspect`, the
//! TUI's locals pane, the gdb server's variable window): the DWARF location when it covers the PC, else, for an
//! OpenCL kernel's arguments, the kernarg slot the dispatch wrote.
//!
//! clang 22 at -O1 and up gives the parameters of a kernel no location at all. For OpenCL it emits the kernel as
//! a stub (the `DW_CC_LLVM_DeviceKernel` subprogram with the kernel's symbol) that calls the body
//! `__clang_ocl_kern_imp_<kernel>` with its own parameters unchanged; the body is inlined and the stub's
//! parameters keep no location. Their values are what the dispatch wrote in the kernarg segment (AMDGPUUsage
//! "Kernel Argument"), which is read-only, and the stub never assigns to them: they are read from there, at the
//! offset the code object metadata gives the explicit argument in the same position, and marked
//! [`ValueOrigin::Kernarg`]. The body's own copies of the parameters stay optimized out when DWARF says so (the
//! source may assign to them, e.g. `rand_array = rand_array + offset` in heteromark_bs), and so do the parameters
//! of HIP kernels, whose kernel function is the user's code.

use super::{DebugInfo, EvalError, VarKind, Variable, WaveView};
use crate::launch::ArgMeta;

/// What the kernarg fallback needs of the dispatch: the kernel (name, entry) and where its arguments lie.
#[derive(Clone, Copy, Debug)]
pub struct KernelArgs<'a> {
    /// The kernel's symbol (`.name` of the code object metadata).
    pub name: &'a str,
    /// Address of the kernel's first instruction.
    pub entry_pc: u64,
    /// Device address of the dispatch's kernarg segment.
    pub kernarg_addr: u64,
    /// The metadata's arguments (hidden ones included; they are skipped).
    pub args: &'a [ArgMeta],
}

impl<'a> KernelArgs<'a> {
    /// The kernel of a loaded dispatch.
    pub fn of(dispatch: &'a crate::launch::Dispatch) -> KernelArgs<'a> {
        KernelArgs {
            name: &dispatch.abi.name,
            entry_pc: dispatch.abi.entry_pc,
            kernarg_addr: dispatch.kernarg_addr,
            args: &dispatch.abi.args,
        }
    }
}

/// Where a printed value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueOrigin {
    /// The variable's DWARF location at this PC.
    Dwarf,
    /// A kernel argument DWARF gives no location for, read from the kernarg segment (see the module docs).
    Kernarg,
    /// Not readable: optimized out, or the location could not be evaluated (the value text says why).
    Unavailable,
}

/// One source variable of the stopped frame, for one lane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LocalValue {
    pub name: String,
    /// C spelling of its type (`int`, `DATA_TYPE *`).
    pub type_name: String,
    /// The value as `DebugInfo::format_value` prints it: `5`, `(float *) 0x100000`, `<optimized out>`.
    pub value: String,
    pub kind: VarKind,
    /// Index into the inline chain (`DebugInfo::frames(pc)`): 0 = innermost.
    pub frame: usize,
    /// The function of that frame.
    pub function: String,
    pub origin: ValueOrigin,
}

impl LocalValue {
    pub fn available(&self) -> bool {
        self.origin != ValueOrigin::Unavailable
    }
    /// `name = value`, as gdb's `info locals` prints it.
    pub fn assignment(&self) -> String {
        format!("{} = {}", self.name, self.value)
    }
}

impl DebugInfo {
    /// Every variable DWARF describes at the wave's PC (`variables_at`, innermost scope first), read for `lane`:
    /// from its DWARF location, or for an OpenCL kernel stub's argument from the kernarg segment (module docs).
    pub fn frame_values(
        &self,
        view: &dyn WaveView,
        kernel: &KernelArgs<'_>,
        lane: u32,
    ) -> Vec<LocalValue> {
        let pc = view.pc();
        let frames = self.frames(pc);
        let lane = lane % view.wave_size().max(1);
        let vars = self.variables_at(pc);
        vars.iter()
            .map(|v| {
                let function = frames
                    .get(v.frame)
                    .map(|f| f.function.to_string())
                    .unwrap_or_else(|| "??".into());
                let (value, origin) = match self.variable_value(view, kernel, &vars, v, lane) {
                    Ok((bytes, origin)) => (self.format_value(v.ty, &bytes), origin),
                    Err(EvalError::OptimizedOut) => {
                        ("<optimized out>".to_string(), ValueOrigin::Unavailable)
                    }
                    Err(e) => (format!("<unavailable: {e}>"), ValueOrigin::Unavailable),
                };
                LocalValue {
                    name: v.name.to_string(),
                    type_name: self.type_name(v.ty),
                    value,
                    kind: v.kind,
                    frame: v.frame,
                    function,
                    origin,
                }
            })
            .collect()
    }

    /// The bytes of variable `v` (one of `vars`, the `variables_at` list of the wave's PC) for `lane`, and where
    /// they came from: its DWARF location, else the kernarg slot of an OpenCL kernel stub's argument. The error
    /// is the DWARF one when neither gives a value.
    pub fn variable_value(
        &self,
        view: &dyn WaveView,
        kernel: &KernelArgs<'_>,
        vars: &[Variable],
        v: &Variable,
        lane: u32,
    ) -> Result<(Vec<u8>, ValueOrigin), EvalError> {
        match self.read_variable(v, view, lane) {
            Ok(b) => Ok((b, ValueOrigin::Dwarf)),
            Err(e) => {
                let from_kernarg = (v.kind == VarKind::Param
                    && self.kernel_stub_frame(view.pc(), kernel) == Some(v.frame)
                    && self.variable_locations(v).is_empty())
                .then(|| self.kernarg_bytes(view, kernel, vars, v))
                .flatten();
                match from_kernarg {
                    Some(b) => Ok((b, ValueOrigin::Kernarg)),
                    None => Err(e),
                }
            }
        }
    }

    /// The frame (index into `frames(pc)`) of an OpenCL kernel stub: the out-of-line function is the dispatched
    /// kernel and the frame inside it is its inlined body `__clang_ocl_kern_imp_<kernel>`.
    fn kernel_stub_frame(&self, pc: u64, kernel: &KernelArgs<'_>) -> Option<usize> {
        let f = self.function_at(pc)?;
        if f.entry != kernel.entry_pc || !f.is_kernel {
            return None;
        }
        let frames = self.frames(pc);
        let n = frames.len();
        (n >= 2 && *frames[n - 2].function == *format!("__clang_ocl_kern_imp_{}", kernel.name))
            .then_some(n - 1)
    }

    /// The launch value of kernel parameter `v` from the kernarg segment, in its DWARF type's size; `None` when
    /// the parameter cannot be matched to an explicit argument of the same name, position and size.
    fn kernarg_bytes(
        &self,
        view: &dyn WaveView,
        kernel: &KernelArgs<'_>,
        vars: &[Variable],
        v: &Variable,
    ) -> Option<Vec<u8>> {
        // Position among the parameters of the same frame and scope, in DIE order.
        let params: Vec<&Variable> = vars
            .iter()
            .filter(|p| p.kind == VarKind::Param && p.frame == v.frame && p.depth == v.depth)
            .collect();
        let index = params.iter().position(|p| p.id == v.id)?;
        let explicit: Vec<&ArgMeta> = kernel.args.iter().filter(|a| !a.is_hidden()).collect();
        // The parameters and the explicit arguments correspond one to one, in order. OpenCL metadata carries no
        // argument names without -cl-kernel-arg-info (`kernel_abi` then calls them argN); a name it has must
        // match.
        if params.len() != explicit.len() {
            return None;
        }
        let meta = explicit.get(index)?;
        if meta.name != *v.name && meta.name != format!("arg{index}") {
            return None;
        }
        let size =
            v.ty.and_then(|t| self.types().size_of(t))
                .unwrap_or(meta.size as u64);
        // A `__local` pointer is a 32-bit LDS offset in the kernarg segment (AMDGPUUsage "Address Spaces": local
        // is 32-bit) while DWARF's pointer type has the unit's address size: zero-extend it.
        let local_pointer =
            meta.value_kind == "dynamic_shared_pointer" && meta.size == 4 && size == 8;
        if (size != meta.size as u64 && !local_pointer) || size == 0 || size > 256 {
            return None;
        }
        let mut bytes = vec![0u8; size as usize];
        let addr = kernel.kernarg_addr.checked_add(meta.offset as u64)?;
        view.read_memory(
            super::AddrSpace::Global,
            0,
            addr,
            &mut bytes[..meta.size as usize],
        )
        .then_some(bytes)
    }
}
