//! The NT_AMDGPU_METADATA note: a MessagePack map (AMDGPUUsage "Code Object V3 Metadata", with the v4, v5 and
//! v6 changes). Only the keys wavescope uses or shows are decoded; unknown keys are ignored, as the runtime does.

use rmpv::Value;

/// `amdhsa.*` of one code object.
#[derive(Clone, Debug, PartialEq)]
pub struct Metadata {
    /// `amdhsa.version`: [major, minor] (1.2 for code object v5 and v6).
    pub version: [u32; 2],
    /// `amdhsa.target`, e.g. `amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-` (`<triple>-<target-id>`).
    pub target: String,
    /// `amdhsa.printf`: format strings of printf calls, when the device library's printf is used.
    pub printf: Vec<String>,
    /// `amdhsa.kernels`.
    pub kernels: Vec<KernelMetadata>,
}

/// One entry of `amdhsa.kernels` (AMDGPUUsage "AMDHSA Code Object V3 Kernel Metadata Map" and the v5/v6
/// additions).
#[derive(Clone, Debug, PartialEq)]
pub struct KernelMetadata {
    /// `.name`: source name of the kernel (mangled for HIP).
    pub name: String,
    /// `.symbol`: name of the kernel descriptor symbol (`<name>.kd`).
    pub symbol: String,
    /// `.language`, e.g. "OpenCL C", "HIP".
    pub language: Option<String>,
    /// `.language_version`.
    pub language_version: Option<[u32; 2]>,
    /// `.args`, in kernarg order.
    pub args: Vec<KernelArg>,
    /// `.reqd_workgroup_size` (OpenCL `reqd_work_group_size`).
    pub reqd_workgroup_size: Option<[u32; 3]>,
    /// `.workgroup_size_hint` (OpenCL `work_group_size_hint`).
    pub workgroup_size_hint: Option<[u32; 3]>,
    /// `.vec_type_hint`.
    pub vec_type_hint: Option<String>,
    /// `.device_enqueue_symbol`.
    pub device_enqueue_symbol: Option<String>,
    /// `.kernarg_segment_size`: bytes of kernarg segment, hidden arguments included.
    pub kernarg_segment_size: u32,
    /// `.group_segment_fixed_size`: LDS bytes per work-group, without dynamic LDS.
    pub group_segment_fixed_size: u32,
    /// `.private_segment_fixed_size`: scratch bytes per work-item, without a dynamic stack.
    pub private_segment_fixed_size: u32,
    /// `.kernarg_segment_align`.
    pub kernarg_segment_align: u32,
    /// `.wavefront_size` (64 on gfx950).
    pub wavefront_size: u32,
    /// `.sgpr_count`: SGPRs used, VCC and XNACK_MASK included, trap handler SGPRs not.
    pub sgpr_count: u32,
    /// `.vgpr_count`: arch VGPRs used.
    pub vgpr_count: u32,
    /// `.agpr_count`: AccVGPRs used.
    pub agpr_count: u32,
    /// `.max_flat_workgroup_size`.
    pub max_flat_workgroup_size: u32,
    /// `.sgpr_spill_count`.
    pub sgpr_spill_count: Option<u32>,
    /// `.vgpr_spill_count`.
    pub vgpr_spill_count: Option<u32>,
    /// `.kind`: "normal" (the default), "init" or "fini".
    pub kind: String,
    /// `.uses_dynamic_stack` (v5+; false when absent).
    pub uses_dynamic_stack: bool,
    /// `.uniform_work_group_size` (v5+): the grid is a multiple of the work-group size in every dimension.
    pub uniform_work_group_size: bool,
    /// `.max_num_work_groups_{x,y,z}`.
    pub max_num_work_groups: Option<[u32; 3]>,
    /// `.cluster_dims` (v6).
    pub cluster_dims: Option<[u32; 3]>,
}

impl KernelMetadata {
    /// The arguments a launch supplies (not `hidden_*`).
    pub fn explicit_args(&self) -> impl Iterator<Item = &KernelArg> {
        self.args.iter().filter(|a| !a.value_kind.is_hidden())
    }
}

/// `.value_kind` of an argument: how the runtime fills its kernarg slot (AMDGPUUsage kernel argument metadata
/// tables, v3 and v5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValueKind {
    ByValue,
    GlobalBuffer,
    DynamicSharedPointer,
    Sampler,
    Image,
    Pipe,
    Queue,
    HiddenGlobalOffsetX,
    HiddenGlobalOffsetY,
    HiddenGlobalOffsetZ,
    HiddenNone,
    HiddenPrintfBuffer,
    HiddenHostcallBuffer,
    HiddenDefaultQueue,
    HiddenCompletionAction,
    HiddenMultigridSyncArg,
    HiddenBlockCountX,
    HiddenBlockCountY,
    HiddenBlockCountZ,
    HiddenGroupSizeX,
    HiddenGroupSizeY,
    HiddenGroupSizeZ,
    HiddenRemainderX,
    HiddenRemainderY,
    HiddenRemainderZ,
    HiddenGridDims,
    HiddenHeapV1,
    HiddenDynamicLdsSize,
    HiddenPrivateBase,
    HiddenSharedBase,
    HiddenQueuePtr,
    /// A kind this table does not know, as written.
    Other(String),
}

const KINDS: &[(&str, ArgValueKind)] = &[
    ("by_value", ArgValueKind::ByValue),
    ("global_buffer", ArgValueKind::GlobalBuffer),
    ("dynamic_shared_pointer", ArgValueKind::DynamicSharedPointer),
    ("sampler", ArgValueKind::Sampler),
    ("image", ArgValueKind::Image),
    ("pipe", ArgValueKind::Pipe),
    ("queue", ArgValueKind::Queue),
    ("hidden_global_offset_x", ArgValueKind::HiddenGlobalOffsetX),
    ("hidden_global_offset_y", ArgValueKind::HiddenGlobalOffsetY),
    ("hidden_global_offset_z", ArgValueKind::HiddenGlobalOffsetZ),
    ("hidden_none", ArgValueKind::HiddenNone),
    ("hidden_printf_buffer", ArgValueKind::HiddenPrintfBuffer),
    ("hidden_hostcall_buffer", ArgValueKind::HiddenHostcallBuffer),
    ("hidden_default_queue", ArgValueKind::HiddenDefaultQueue),
    (
        "hidden_completion_action",
        ArgValueKind::HiddenCompletionAction,
    ),
    (
        "hidden_multigrid_sync_arg",
        ArgValueKind::HiddenMultigridSyncArg,
    ),
    ("hidden_block_count_x", ArgValueKind::HiddenBlockCountX),
    ("hidden_block_count_y", ArgValueKind::HiddenBlockCountY),
    ("hidden_block_count_z", ArgValueKind::HiddenBlockCountZ),
    ("hidden_group_size_x", ArgValueKind::HiddenGroupSizeX),
    ("hidden_group_size_y", ArgValueKind::HiddenGroupSizeY),
    ("hidden_group_size_z", ArgValueKind::HiddenGroupSizeZ),
    ("hidden_remainder_x", ArgValueKind::HiddenRemainderX),
    ("hidden_remainder_y", ArgValueKind::HiddenRemainderY),
    ("hidden_remainder_z", ArgValueKind::HiddenRemainderZ),
    ("hidden_grid_dims", ArgValueKind::HiddenGridDims),
    ("hidden_heap_v1", ArgValueKind::HiddenHeapV1),
    (
        "hidden_dynamic_lds_size",
        ArgValueKind::HiddenDynamicLdsSize,
    ),
    ("hidden_private_base", ArgValueKind::HiddenPrivateBase),
    ("hidden_shared_base", ArgValueKind::HiddenSharedBase),
    ("hidden_queue_ptr", ArgValueKind::HiddenQueuePtr),
];

impl ArgValueKind {
    pub fn parse(s: &str) -> ArgValueKind {
        KINDS
            .iter()
            .find(|(n, _)| *n == s)
            .map(|(_, k)| k.clone())
            .unwrap_or_else(|| ArgValueKind::Other(s.to_string()))
    }

    /// The metadata spelling, e.g. "global_buffer".
    pub fn as_str(&self) -> &str {
        match self {
            ArgValueKind::Other(s) => s,
            k => KINDS
                .iter()
                .find(|(_, v)| v == k)
                .map(|(n, _)| *n)
                .unwrap_or(""),
        }
    }

    /// Filled by the runtime, not by the caller (`hidden_*`).
    pub fn is_hidden(&self) -> bool {
        self.as_str().starts_with("hidden_")
    }
}

impl std::fmt::Display for ArgValueKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One entry of `.args` (AMDGPUUsage "AMDHSA Code Object V3 Kernel Argument Metadata Map").
#[derive(Clone, Debug, PartialEq)]
pub struct KernelArg {
    /// `.name` (absent for HIP and hidden arguments).
    pub name: Option<String>,
    /// `.type_name`, e.g. "float*".
    pub type_name: Option<String>,
    /// `.size`: bytes.
    pub size: u32,
    /// `.offset`: byte offset in the kernarg segment.
    pub offset: u32,
    /// `.value_kind`.
    pub value_kind: ArgValueKind,
    /// `.address_space` of a pointer: "global", "constant", "local", "generic", "private", "region".
    pub address_space: Option<String>,
    /// `.pointee_align` (dynamic_shared_pointer).
    pub pointee_align: Option<u32>,
    /// `.access`: "read_only", "write_only", "read_write" (image, pipe).
    pub access: Option<String>,
    /// `.actual_access`.
    pub actual_access: Option<String>,
    /// `.is_const`.
    pub is_const: bool,
    /// `.is_restrict`.
    pub is_restrict: bool,
    /// `.is_volatile`.
    pub is_volatile: bool,
    /// `.is_pipe`.
    pub is_pipe: bool,
}

/// A map's entries with string keys; other keys are skipped.
struct Map<'a> {
    entries: &'a [(Value, Value)],
    /// Where this map is, for messages: `amdhsa.kernels[2]`, `kernel vadd, .args[1]`.
    at: String,
}

impl<'a> Map<'a> {
    fn new(v: &'a Value, at: String) -> Result<Map<'a>, String> {
        match v.as_map() {
            Some(entries) => Ok(Map { entries, at }),
            None => Err(format!("{at} is not a map")),
        }
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.entries
            .iter()
            .find(|(k, _)| k.as_str() == Some(key))
            .map(|(_, v)| v)
    }

    fn missing(&self, key: &str) -> String {
        format!("{} has no required key {key}", self.at)
    }

    fn str_opt(&self, key: &str) -> Result<Option<String>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_str()
                .map(|s| Some(s.to_string()))
                .ok_or_else(|| format!("{}: {key} is not a string", self.at)),
        }
    }

    fn str_req(&self, key: &str) -> Result<String, String> {
        self.str_opt(key)?.ok_or_else(|| self.missing(key))
    }

    fn u32_opt(&self, key: &str) -> Result<Option<u32>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => as_u32(v)
                .map(Some)
                .ok_or_else(|| format!("{}: {key} is not an unsigned 32-bit integer", self.at)),
        }
    }

    fn u32_req(&self, key: &str) -> Result<u32, String> {
        self.u32_opt(key)?.ok_or_else(|| self.missing(key))
    }

    /// Booleans; integers 0/1 are accepted too (`.uniform_work_group_size` is an integer).
    fn bool_opt(&self, key: &str) -> Result<bool, String> {
        match self.get(key) {
            None => Ok(false),
            Some(Value::Boolean(b)) => Ok(*b),
            Some(v) => match v.as_u64() {
                Some(n) => Ok(n != 0),
                None => Err(format!("{}: {key} is not a boolean", self.at)),
            },
        }
    }

    fn ints_opt<const N: usize>(&self, key: &str) -> Result<Option<[u32; N]>, String> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => {
                let bad = || format!("{}: {key} is not a sequence of {N} integers", self.at);
                let a = v.as_array().ok_or_else(bad)?;
                if a.len() != N {
                    return Err(bad());
                }
                let mut out = [0u32; N];
                for (o, e) in out.iter_mut().zip(a) {
                    *o = as_u32(e).ok_or_else(bad)?;
                }
                Ok(Some(out))
            }
        }
    }
}

fn as_u32(v: &Value) -> Option<u32> {
    v.as_u64().and_then(|n| u32::try_from(n).ok())
}

/// Decode the note's descriptor bytes.
pub fn parse(desc: &[u8]) -> Result<Metadata, String> {
    let mut rd = desc;
    let root =
        rmpv::decode::read_value(&mut rd).map_err(|e| format!("not valid MessagePack: {e}"))?;
    let top = Map::new(&root, "the metadata root".into())?;
    let version = top
        .ints_opt::<2>("amdhsa.version")?
        .ok_or_else(|| top.missing("amdhsa.version"))?;
    let target = top.str_req("amdhsa.target")?;
    let printf = match top.get("amdhsa.printf") {
        None => Vec::new(),
        Some(v) => v
            .as_array()
            .ok_or("amdhsa.printf is not a sequence")?
            .iter()
            .map(|s| {
                s.as_str()
                    .map(str::to_string)
                    .ok_or("amdhsa.printf holds a non-string")
            })
            .collect::<Result<_, _>>()?,
    };
    let kernels_v = top
        .get("amdhsa.kernels")
        .ok_or_else(|| top.missing("amdhsa.kernels"))?;
    let kernels_a = kernels_v
        .as_array()
        .ok_or("amdhsa.kernels is not a sequence")?;
    let mut kernels = Vec::with_capacity(kernels_a.len());
    for (i, k) in kernels_a.iter().enumerate() {
        kernels.push(parse_kernel(k, i)?);
    }
    Ok(Metadata {
        version,
        target,
        printf,
        kernels,
    })
}

fn parse_kernel(v: &Value, index: usize) -> Result<KernelMetadata, String> {
    let m = Map::new(v, format!("amdhsa.kernels[{index}]"))?;
    let name = m.str_req(".name")?;
    // From here on, messages name the kernel.
    let m = Map {
        entries: m.entries,
        at: format!("kernel {name}"),
    };
    let args = match m.get(".args") {
        None => Vec::new(),
        Some(a) => {
            let a = a
                .as_array()
                .ok_or_else(|| format!("{}: .args is not a sequence", m.at))?;
            let mut args = Vec::with_capacity(a.len());
            for (j, arg) in a.iter().enumerate() {
                args.push(parse_arg(arg, &format!("{}, .args[{j}]", m.at))?);
            }
            args
        }
    };
    let max_num_work_groups = match (
        m.u32_opt(".max_num_work_groups_x")?,
        m.u32_opt(".max_num_work_groups_y")?,
        m.u32_opt(".max_num_work_groups_z")?,
    ) {
        (None, None, None) => None,
        (x, y, z) => Some([x.unwrap_or(0), y.unwrap_or(0), z.unwrap_or(0)]),
    };
    Ok(KernelMetadata {
        symbol: m.str_req(".symbol")?,
        language: m.str_opt(".language")?,
        language_version: m.ints_opt::<2>(".language_version")?,
        args,
        reqd_workgroup_size: m.ints_opt::<3>(".reqd_workgroup_size")?,
        workgroup_size_hint: m.ints_opt::<3>(".workgroup_size_hint")?,
        vec_type_hint: m.str_opt(".vec_type_hint")?,
        device_enqueue_symbol: m.str_opt(".device_enqueue_symbol")?,
        kernarg_segment_size: m.u32_req(".kernarg_segment_size")?,
        group_segment_fixed_size: m.u32_req(".group_segment_fixed_size")?,
        private_segment_fixed_size: m.u32_req(".private_segment_fixed_size")?,
        kernarg_segment_align: m.u32_req(".kernarg_segment_align")?,
        wavefront_size: m.u32_req(".wavefront_size")?,
        sgpr_count: m.u32_req(".sgpr_count")?,
        vgpr_count: m.u32_req(".vgpr_count")?,
        // Required for gfx90a-class targets; a producer that leaves it out uses no AGPRs.
        agpr_count: m.u32_opt(".agpr_count")?.unwrap_or(0),
        max_flat_workgroup_size: m.u32_req(".max_flat_workgroup_size")?,
        sgpr_spill_count: m.u32_opt(".sgpr_spill_count")?,
        vgpr_spill_count: m.u32_opt(".vgpr_spill_count")?,
        kind: m.str_opt(".kind")?.unwrap_or_else(|| "normal".into()),
        uses_dynamic_stack: m.bool_opt(".uses_dynamic_stack")?,
        uniform_work_group_size: m.bool_opt(".uniform_work_group_size")?,
        max_num_work_groups,
        cluster_dims: m.ints_opt::<3>(".cluster_dims")?,
        name,
    })
}

fn parse_arg(v: &Value, at: &str) -> Result<KernelArg, String> {
    let m = Map::new(v, at.to_string())?;
    Ok(KernelArg {
        name: m.str_opt(".name")?,
        type_name: m.str_opt(".type_name")?,
        size: m.u32_req(".size")?,
        offset: m.u32_req(".offset")?,
        value_kind: ArgValueKind::parse(&m.str_req(".value_kind")?),
        address_space: m.str_opt(".address_space")?,
        pointee_align: m.u32_opt(".pointee_align")?,
        access: m.str_opt(".access")?,
        actual_access: m.str_opt(".actual_access")?,
        is_const: m.bool_opt(".is_const")?,
        is_restrict: m.bool_opt(".is_restrict")?,
        is_volatile: m.bool_opt(".is_volatile")?,
        is_pipe: m.bool_opt(".is_pipe")?,
    })
}
