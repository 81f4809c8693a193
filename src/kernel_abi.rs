//! From a loaded code object's kernel to what a launch needs (`launch::KernelAbi`).

use crate::code_object::{CodeObject, LoadError};
use crate::launch::{ArgMeta, KernelAbi};

/// The launch ABI of kernel `name` (its ELF symbol) in `co`.
pub fn kernel_abi(co: &CodeObject, name: &str) -> Result<KernelAbi, LoadError> {
    let k = co.kernel(name)?;
    let d = &k.descriptor;
    let md = &k.metadata;
    let args = md
        .args
        .iter()
        .enumerate()
        .map(|(i, a)| ArgMeta {
            name: a.name.clone().unwrap_or_else(|| format!("arg{i}")),
            offset: a.offset,
            size: a.size,
            value_kind: a.value_kind.as_str().to_string(),
            pointee_align: a.pointee_align,
        })
        .collect();
    Ok(KernelAbi {
        name: k.name.clone(),
        entry_pc: k.entry_pc,
        sgpr_init: k.sgpr_preload_layout(),
        workitem_id: k.workitem_id_layout(),
        group_segment_fixed_size: md.group_segment_fixed_size.max(d.group_segment_fixed_size),
        private_segment_fixed_size: md
            .private_segment_fixed_size
            .max(d.private_segment_fixed_size),
        uses_dynamic_stack: md.uses_dynamic_stack || d.kernel_code_properties.uses_dynamic_stack,
        kernarg_segment_size: md.kernarg_segment_size.max(d.kernarg_size),
        args,
        vgpr_count: md.vgpr_count as u16,
        agpr_count: md.agpr_count as u16,
        mode: k.initial_mode(),
        max_flat_workgroup_size: md.max_flat_workgroup_size,
        reqd_workgroup_size: md.reqd_workgroup_size,
        printf_formats: co.metadata().printf.clone(),
    })
}
