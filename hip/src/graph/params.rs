//! Node parameters read back and changed on a graph (hipGraph*NodeGet/SetParams, the kernel node's attributes).

use super::*;
#[allow(unused_imports)]
use super::{exec::*, nodes::*};

/// Replaces a node's operation with one of the same family.
pub(super) fn set_node(node: *mut c_void, made: Result<(Op, Kind), HipError>) -> HipError {
    let (op, kind) = match made {
        Ok(x) => x,
        Err(e) => return ret(e),
    };
    with_node(node, |n| {
        if !same_family(n.kind, kind) {
            return INVALID_VALUE;
        }
        n.op = op;
        n.kind = kind;
        n.arg_views.clear();
        SUCCESS
    })
}

pub(super) fn kinded(op: Result<Op, HipError>) -> Result<(Op, Kind), HipError> {
    op.map(|o| (Kind::of(&o), o)).map(|(k, o)| (o, k))
}

/// A kernel node's parameters. `kernelParams` points at one pointer per explicit argument, into the node's own
/// copy of the arguments (valid until the node's parameters change); `extra` is null.
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeGetParams(
    node: *mut c_void,
    p: *mut KernelNodeParams,
) -> HipError {
    if p.is_null() {
        return ret(INVALID_VALUE);
    }
    let Some((f, grid, block, shmem)) = graphs(|g| {
        let (gi, k) = node_at(g, node)?;
        match &g.graphs[gi].as_ref()?.nodes[k].as_ref()?.op {
            Op::Launch {
                f,
                grid,
                block,
                shmem,
                ..
            } => Some((*f, *grid, *block, *shmem)),
            _ => None,
        }
    }) else {
        return ret(INVALID_VALUE);
    };
    // the explicit arguments' offsets, from the code object (taken outside the graph table's lock)
    let mut offsets = Vec::new();
    with(|st| {
        if let Some(abi) = launch::abi_of(st, f as *const c_void) {
            offsets = abi
                .args
                .iter()
                .filter(|a| !a.is_hidden())
                .map(|a| a.offset as usize)
                .collect();
        }
        SUCCESS
    });
    let params = graphs(|g| {
        let (gi, k) = node_at(g, node)?;
        let n = g.graphs[gi].as_mut()?.nodes[k].as_mut()?;
        let Op::Launch { kernarg, .. } = &n.op else {
            return None;
        };
        let base = kernarg.as_ptr() as usize;
        let len = kernarg.len();
        n.arg_views = offsets
            .iter()
            .filter(|&&o| o < len)
            .map(|&o| base + o)
            .collect();
        Some(n.arg_views.as_ptr() as *mut *mut c_void)
    });
    let Some(kernel_params) = params else {
        return ret(INVALID_VALUE);
    };
    p.write_unaligned(KernelNodeParams {
        block: crate::Dim3 {
            x: block[0],
            y: block[1],
            z: block[2],
        },
        extra: std::ptr::null_mut(),
        func: f as *const c_void,
        grid: crate::Dim3 {
            x: grid[0],
            y: grid[1],
            z: grid[2],
        },
        kernel_params,
        shared_mem_bytes: shmem as c_uint,
    });
    SUCCESS
}

/// Whether a node launches cooperatively (its `hipKernelNodeAttributeCooperative`).
pub(super) fn cooperative_of(node: *mut c_void) -> bool {
    graphs(|g| {
        node_at(g, node).is_some_and(|(gi, k)| {
            matches!(
                g.graphs[gi].as_ref().unwrap().nodes[k].as_ref().unwrap().op,
                Op::Launch {
                    cooperative: true,
                    ..
                }
            )
        })
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeSetParams(
    node: *mut c_void,
    p: *const KernelNodeParams,
) -> HipError {
    set_node(node, kinded(kernel_op(p, cooperative_of(node))))
}

/// hipKernelNodeAttrID
const ATTR_ACCESS_POLICY_WINDOW: c_int = 1;
const ATTR_COOPERATIVE: c_int = 2;
/// sizeof(hipKernelNodeAttrValue): the access policy window (pointer, two enums, a float, size_t).
const ATTR_VALUE_BYTES: usize = 32;

/// The cooperative attribute makes the node's launch a cooperative one; an access policy window is a cache
/// hint, accepted and not modelled (reads back as zeros).
#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeSetAttribute(
    node: *mut c_void,
    attr: c_int,
    value: *const c_void,
) -> HipError {
    if value.is_null() {
        return ret(INVALID_VALUE);
    }
    with_node(node, |n| match (&mut n.op, attr) {
        (Op::Launch { cooperative, .. }, ATTR_COOPERATIVE) => {
            *cooperative = (value as *const c_int).read_unaligned() != 0;
            SUCCESS
        }
        (Op::Launch { .. }, ATTR_ACCESS_POLICY_WINDOW) => SUCCESS,
        _ => INVALID_VALUE,
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphKernelNodeGetAttribute(
    node: *mut c_void,
    attr: c_int,
    value: *mut c_void,
) -> HipError {
    if value.is_null() {
        return ret(INVALID_VALUE);
    }
    with_node(node, |n| match (&n.op, attr) {
        (Op::Launch { cooperative, .. }, ATTR_COOPERATIVE) => {
            (value as *mut c_int).write_unaligned(*cooperative as c_int);
            SUCCESS
        }
        (Op::Launch { .. }, ATTR_ACCESS_POLICY_WINDOW) => {
            std::ptr::write_bytes(value as *mut u8, 0, ATTR_VALUE_BYTES);
            SUCCESS
        }
        _ => INVALID_VALUE,
    })
}

/// A copy node's parameters as a 3D copy (a 1D copy is one row of `count` bytes).
#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeGetParams(
    node: *mut c_void,
    p: *mut HipMemcpy3DParms,
) -> HipError {
    if p.is_null() {
        return ret(INVALID_VALUE);
    }
    with_node(node, |n| match &n.op {
        Op::Memcpy3D(q) => {
            p.write_unaligned(*q);
            SUCCESS
        }
        Op::Memcpy { dst, src, n } => {
            p.write_unaligned(HipMemcpy3DParms::linear(*dst, *src, *n));
            SUCCESS
        }
        Op::Memcpy2D {
            dst,
            dpitch,
            src,
            spitch,
            width,
            height,
        } => {
            p.write_unaligned(HipMemcpy3DParms::rows(
                *dst, *dpitch, *src, *spitch, *width, *height,
            ));
            SUCCESS
        }
        _ => INVALID_VALUE,
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeSetParams(
    node: *mut c_void,
    p: *const HipMemcpy3DParms,
) -> HipError {
    set_node(node, kinded(memcpy3d_op(p)))
}

pub(super) fn memcpy1d(
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
) -> Result<(Op, Kind), HipError> {
    Ok((
        Op::Memcpy {
            dst: dst as u64,
            src: src as u64,
            n: count,
        },
        Kind::Memcpy1D,
    ))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeSetParams1D(
    node: *mut c_void,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    _kind: c_int,
) -> HipError {
    set_node(node, memcpy1d(dst, src, count))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeSetParamsToSymbol(
    node: *mut c_void,
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    off: usize,
    _kind: c_int,
) -> HipError {
    set_node(node, symbol_op(true, sym, src, count, off))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphMemcpyNodeSetParamsFromSymbol(
    node: *mut c_void,
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    off: usize,
    _kind: c_int,
) -> HipError {
    set_node(node, symbol_op(false, sym, dst, count, off))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphMemsetNodeGetParams(
    node: *mut c_void,
    p: *mut MemsetParams,
) -> HipError {
    if p.is_null() {
        return ret(INVALID_VALUE);
    }
    with_node(node, |n| {
        let q = match &n.op {
            Op::Memset {
                dst,
                pattern,
                count,
            } => {
                let mut v = [0u8; 4];
                v[..pattern.len()].copy_from_slice(pattern);
                MemsetParams {
                    dst: *dst as *mut c_void,
                    element_size: pattern.len() as c_uint,
                    height: 1,
                    pitch: 0,
                    value: u32::from_le_bytes(v),
                    width: *count,
                }
            }
            Op::Memset2D {
                dst,
                pitch,
                value,
                width,
                height,
            } => MemsetParams {
                dst: *dst as *mut c_void,
                element_size: 1,
                height: *height,
                pitch: *pitch,
                value: *value as u8 as c_uint,
                width: *width,
            },
            _ => return INVALID_VALUE,
        };
        p.write_unaligned(q);
        SUCCESS
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphMemsetNodeSetParams(
    node: *mut c_void,
    p: *const MemsetParams,
) -> HipError {
    set_node(node, kinded(memset_op(p)))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphHostNodeGetParams(
    node: *mut c_void,
    p: *mut HostNodeParams,
) -> HipError {
    if p.is_null() {
        return ret(INVALID_VALUE);
    }
    with_node(node, |n| match n.op {
        Op::HostFunc { f, user } => {
            p.write_unaligned(HostNodeParams {
                f: Some(f),
                user: user as *mut c_void,
            });
            SUCCESS
        }
        _ => INVALID_VALUE,
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphHostNodeSetParams(
    node: *mut c_void,
    p: *const HostNodeParams,
) -> HipError {
    set_node(node, kinded(host_op(p)))
}

/// The event of an event record (`wait` false) or wait node.
pub(super) unsafe fn event_get(node: *mut c_void, out: *mut *mut c_void, wait: bool) -> HipError {
    if out.is_null() {
        return ret(INVALID_VALUE);
    }
    with_node(node, |n| match (&n.op, wait) {
        (Op::EventRecord { event }, false) | (Op::EventWait { event }, true) => {
            *out = *event as *mut c_void;
            SUCCESS
        }
        _ => INVALID_VALUE,
    })
}

pub(super) fn event_op(event: *mut c_void, wait: bool) -> Result<(Op, Kind), HipError> {
    if event.is_null() {
        return Err(INVALID_VALUE);
    }
    let event = event as usize;
    Ok(if wait {
        (Op::EventWait { event }, Kind::WaitEvent)
    } else {
        (Op::EventRecord { event }, Kind::EventRecord)
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphEventRecordNodeGetEvent(
    node: *mut c_void,
    out: *mut *mut c_void,
) -> HipError {
    event_get(node, out, false)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphEventRecordNodeSetEvent(
    node: *mut c_void,
    event: *mut c_void,
) -> HipError {
    set_node(node, event_op(event, false))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphEventWaitNodeGetEvent(
    node: *mut c_void,
    out: *mut *mut c_void,
) -> HipError {
    event_get(node, out, true)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphEventWaitNodeSetEvent(
    node: *mut c_void,
    event: *mut c_void,
) -> HipError {
    set_node(node, event_op(event, true))
}
