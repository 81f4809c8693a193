//! Instantiated graphs: instantiation, parameters changed on the instantiated graph, hipGraphExecUpdate, launch.

use super::*;
#[allow(unused_imports)]
use super::{nodes::*, params::*};

/// Graph `gi` instantiated: each live node's operation (child graphs flattened into their operations in
/// order) and the order the nodes run in. None for a dependency cycle, here or in a child graph.
pub(super) fn instantiate(g: &Graphs, gi: usize) -> Option<Exec> {
    let gr = g.graphs.get(gi)?.as_ref()?;
    let order = gr.order()?;
    let mut ops = vec![None; gr.nodes.len()];
    let mut kinds = vec![None; gr.nodes.len()];
    let mut deps = vec![None; gr.nodes.len()];
    for (k, n) in gr.live() {
        ops[k] = Some(match n.op {
            Op::Child { graph } => Op::Seq(Arc::new(flatten(&instantiate(g, graph)?))),
            ref op => op.clone(),
        });
        kinds[k] = Some(n.kind);
        deps[k] = Some(n.deps.clone());
    }
    Some(Exec {
        graph: gi,
        order,
        ops,
        kinds,
        deps,
    })
}

/// An instantiated graph's operations in the order they run.
pub(super) fn flatten(e: &Exec) -> Vec<Op> {
    e.order.iter().filter_map(|&k| e.ops[k].clone()).collect()
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphInstantiate(
    exec: *mut *mut c_void,
    graph: *mut c_void,
    _error_node: *mut *mut c_void,
    _log: *mut u8,
    _log_size: usize,
) -> HipError {
    hipGraphInstantiateWithFlags(exec, graph, 0)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphInstantiateWithFlags(
    exec: *mut *mut c_void,
    graph: *mut c_void,
    _flags: c_ulonglong,
) -> HipError {
    if exec.is_null() {
        return ret(INVALID_VALUE);
    }
    let h = graphs(|g| {
        let gi = graph_index(g, graph).ok_or(INVALID_VALUE)?;
        // a dependency cycle has no order to run in
        let e = instantiate(g, gi).ok_or(INVALID_VALUE)?;
        g.execs.push(Some(e));
        Ok(EXEC_TAG + g.execs.len() - 1)
    });
    match h {
        Ok(h) => {
            *exec = h as *mut c_void;
            SUCCESS
        }
        Err(e) => ret(e),
    }
}

/// Replaces, in an instantiated graph, the operation of `node` (a node of the graph it was instantiated from)
/// with one of the same family; the graph itself is unchanged.
pub(super) fn exec_set(
    exec: *mut c_void,
    node: *mut c_void,
    made: Result<(Op, Kind), HipError>,
) -> HipError {
    let (op, kind) = match made {
        Ok(x) => x,
        Err(e) => return ret(e),
    };
    ret(graphs(|g| {
        let Some(ei) = untag(exec, EXEC_TAG, g.execs.len()).filter(|&i| g.execs[i].is_some())
        else {
            return INVALID_HANDLE;
        };
        let Some((gi, k)) = node_at(g, node) else {
            return INVALID_VALUE;
        };
        let e = g.execs[ei].as_mut().unwrap();
        match e.kinds.get(k).copied().flatten() {
            Some(now) if e.graph == gi && same_family(now, kind) => {
                e.ops[k] = Some(op);
                e.kinds[k] = Some(kind);
                SUCCESS
            }
            _ => INVALID_VALUE,
        }
    }))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecKernelNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    p: *const KernelNodeParams,
) -> HipError {
    exec_set(exec, node, kinded(kernel_op(p, cooperative_of(node))))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    p: *const HipMemcpy3DParms,
) -> HipError {
    exec_set(exec, node, kinded(memcpy3d_op(p)))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParams1D(
    exec: *mut c_void,
    node: *mut c_void,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    _kind: c_int,
) -> HipError {
    exec_set(exec, node, memcpy1d(dst, src, count))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParamsToSymbol(
    exec: *mut c_void,
    node: *mut c_void,
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    off: usize,
    _kind: c_int,
) -> HipError {
    exec_set(exec, node, symbol_op(true, sym, src, count, off))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemcpyNodeSetParamsFromSymbol(
    exec: *mut c_void,
    node: *mut c_void,
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    off: usize,
    _kind: c_int,
) -> HipError {
    exec_set(exec, node, symbol_op(false, sym, dst, count, off))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecMemsetNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    p: *const MemsetParams,
) -> HipError {
    exec_set(exec, node, kinded(memset_op(p)))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecHostNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    p: *const HostNodeParams,
) -> HipError {
    exec_set(exec, node, kinded(host_op(p)))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecEventRecordNodeSetEvent(
    exec: *mut c_void,
    node: *mut c_void,
    event: *mut c_void,
) -> HipError {
    exec_set(exec, node, event_op(event, false))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecEventWaitNodeSetEvent(
    exec: *mut c_void,
    node: *mut c_void,
    event: *mut c_void,
) -> HipError {
    exec_set(exec, node, event_op(event, true))
}

/// The nodes' kinds and edges of an instantiated graph, in node order (what an update must keep).
pub(super) fn shape(e: &Exec) -> Vec<Option<(Kind, Vec<usize>)>> {
    e.kinds
        .iter()
        .zip(&e.deps)
        .map(|(k, d)| k.zip(d.clone()))
        .collect()
}

/// A child graph node's new graph: it must have the instantiated child's shape.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecChildGraphNodeSetParams(
    exec: *mut c_void,
    node: *mut c_void,
    child: *mut c_void,
) -> HipError {
    let made = graphs(|g| {
        let ci = graph_index(g, child).ok_or(INVALID_VALUE)?;
        let (gi, k) = node_at(g, node).ok_or(INVALID_VALUE)?;
        let Op::Child { graph: old } = g.graphs[gi].as_ref().unwrap().nodes[k].as_ref().unwrap().op
        else {
            return Err(INVALID_VALUE);
        };
        let (new, old) = (
            instantiate(g, ci).ok_or(INVALID_VALUE)?,
            instantiate(g, old).ok_or(INVALID_VALUE)?,
        );
        if shape(&new) != shape(&old) {
            return Err(INVALID_VALUE);
        }
        Ok((Op::Seq(Arc::new(flatten(&new))), Kind::Graph))
    });
    exec_set(exec, node, made)
}

/// hipGraphExecUpdateResult
const UPDATE_SUCCESS: c_int = 0;
const UPDATE_TOPOLOGY_CHANGED: c_int = 2;
const UPDATE_NODE_TYPE_CHANGED: c_int = 3;

/// Takes every node's parameters from `graph` into the instantiated graph, if `graph` has its shape: the same
/// nodes (matched by position) of the same types with the same edges. Otherwise nothing changes, the result says
/// why and names the first node that differs, and the call fails with hipErrorGraphExecUpdateFailure. A kernel
/// node may change its function.
#[no_mangle]
pub unsafe extern "C" fn hipGraphExecUpdate(
    exec: *mut c_void,
    graph: *mut c_void,
    error_node: *mut *mut c_void,
    result: *mut c_int,
) -> HipError {
    let (r, res, bad) = graphs(|g| {
        let Some(ei) = untag(exec, EXEC_TAG, g.execs.len()).filter(|&i| g.execs[i].is_some())
        else {
            return (INVALID_HANDLE, 1, None);
        };
        let Some(gi) = graph_index(g, graph) else {
            return (INVALID_VALUE, 1, None);
        };
        let Some(new) = instantiate(g, gi) else {
            return (INVALID_VALUE, 1, None);
        };
        let (was, now) = (shape(g.execs[ei].as_ref().unwrap()), shape(&new));
        let n = was.len().max(now.len());
        for k in 0..n {
            let (a, b) = (was.get(k).cloned().flatten(), now.get(k).cloned().flatten());
            match (a, b) {
                (None, None) => {}
                (Some((ka, _)), Some((kb, _))) if ka != kb => {
                    return (
                        EXEC_UPDATE_FAILURE,
                        UPDATE_NODE_TYPE_CHANGED,
                        Some(node_handle(gi, k)),
                    )
                }
                (Some((_, da)), Some((_, db))) if da == db => {}
                (_, b) => {
                    let at = b.map(|_| node_handle(gi, k));
                    return (EXEC_UPDATE_FAILURE, UPDATE_TOPOLOGY_CHANGED, at);
                }
            }
        }
        let e = g.execs[ei].as_mut().unwrap();
        e.ops = new.ops;
        e.kinds = new.kinds;
        (SUCCESS, UPDATE_SUCCESS, None)
    });
    if !error_node.is_null() {
        *error_node = bad.unwrap_or(std::ptr::null_mut());
    }
    if !result.is_null() {
        *result = res;
    }
    ret(r)
}

/// Runs the instantiated graph now; on a capturing stream its operations join that capture instead.
#[no_mangle]
pub unsafe extern "C" fn hipGraphLaunch(exec: *mut c_void, stream: *mut c_void) -> HipError {
    let Some(ops) = graphs(|g| {
        untag(exec, EXEC_TAG, g.execs.len()).and_then(|i| g.execs[i].as_ref().map(flatten))
    }) else {
        return ret(INVALID_HANDLE);
    };
    let s = stream as usize;
    let joined = graphs(|g| match g.capture_of(s) {
        Some(c) if !c.invalid => {
            for op in ops.iter() {
                c.push(s, op.clone());
            }
            Some(SUCCESS)
        }
        Some(_) => Some(CAPTURE_INVALIDATED),
        None => None,
    });
    if let Some(r) = joined {
        return ret(r);
    }
    run(&ops)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphExecDestroy(exec: *mut c_void) -> HipError {
    ret(graphs(|g| match untag(exec, EXEC_TAG, g.execs.len()) {
        Some(i) if g.execs[i].is_some() => {
            g.execs[i] = None;
            SUCCESS
        }
        _ => INVALID_VALUE,
    }))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphDestroy(graph: *mut c_void) -> HipError {
    ret(graphs(|g| match untag(graph, GRAPH_TAG, g.graphs.len()) {
        Some(i) if g.graphs[i].is_some() => {
            g.graphs[i] = None;
            SUCCESS
        }
        _ => INVALID_VALUE,
    }))
}
