//! Graphs built node by node, and their structure read back and edited: nodes of every kind added, edges added
//! and removed, nodes destroyed, graphs cloned.

use super::*;
#[allow(unused_imports)]
use super::{exec::*, params::*};

#[no_mangle]
pub unsafe extern "C" fn hipGraphCreate(graph: *mut *mut c_void, flags: c_uint) -> HipError {
    if graph.is_null() || flags != 0 {
        return ret(INVALID_VALUE);
    }
    let h = graphs(|g| {
        g.graphs.push(Some(Graph::default()));
        GRAPH_TAG + g.graphs.len() - 1
    });
    *graph = h as *mut c_void;
    SUCCESS
}

/// Adds the node `make` builds (given the graph table, for child graphs) to `graph` after the `n` nodes of
/// `deps` (each must be a node of that graph).
pub(super) unsafe fn add_node_with(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    make: impl FnOnce(&mut Graphs) -> Result<(Op, Kind), HipError>,
) -> HipError {
    if node.is_null() || (deps.is_null() && n > 0) {
        return ret(INVALID_VALUE);
    }
    ret(graphs(|g| {
        let Some(gi) = graph_index(g, graph) else {
            return INVALID_VALUE;
        };
        let mut d = Vec::with_capacity(n.min(NODE_MAX));
        for k in 0..n {
            match node_of(g, gi, *deps.add(k)) {
                Some(i) if !d.contains(&i) => d.push(i),
                Some(_) => {}
                None => return INVALID_VALUE,
            }
        }
        if g.graphs[gi].as_ref().unwrap().nodes.len() >= NODE_MAX {
            eprintln!("wavescope-hip: a graph holds at most {NODE_MAX} nodes");
            return crate::OUT_OF_MEMORY;
        }
        let (op, kind) = match make(g) {
            Ok(x) => x,
            Err(e) => return e,
        };
        let gr = g.graphs[gi].as_mut().unwrap();
        gr.nodes.push(Some(Node {
            op,
            kind,
            deps: d,
            arg_views: Vec::new(),
        }));
        *node = node_handle(gi, gr.nodes.len() - 1);
        SUCCESS
    }))
}

pub(super) unsafe fn add_node(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    op: Result<Op, HipError>,
) -> HipError {
    add_node_with(node, graph, deps, n, |_| {
        op.map(|o| (Kind::of(&o), o)).map(|(k, o)| (o, k))
    })
}

/// hipKernelNodeParams (HIP 5.2 layout).
#[repr(C)]
pub struct KernelNodeParams {
    pub(super) block: crate::Dim3,
    pub(super) extra: *mut *mut c_void,
    pub(super) func: *const c_void,
    pub(super) grid: crate::Dim3,
    pub(super) kernel_params: *mut *mut c_void,
    pub(super) shared_mem_bytes: c_uint,
}

/// hipMemsetParams (HIP 5.2 layout): `height` rows of `width` elements of `element_size` bytes, `pitch` bytes
/// apart.
#[repr(C)]
pub struct MemsetParams {
    pub(super) dst: *mut c_void,
    pub(super) element_size: c_uint,
    pub(super) height: usize,
    pub(super) pitch: usize,
    pub(super) value: c_uint,
    pub(super) width: usize,
}

/// hipHostNodeParams.
#[repr(C)]
pub struct HostNodeParams {
    pub(super) f: Option<unsafe extern "C" fn(*mut c_void)>,
    pub(super) user: *mut c_void,
}

/// A kernel node's launch: the arguments copied now, as the runtime copies them into the node.
pub(super) unsafe fn kernel_op(
    p: *const KernelNodeParams,
    cooperative: bool,
) -> Result<Op, HipError> {
    let p = p.as_ref().ok_or(INVALID_VALUE)?;
    let args = crate::module_args(p.kernel_params, p.extra)?;
    launch_op(
        p.func,
        [p.grid.x, p.grid.y, p.grid.z],
        [p.block.x, p.block.y, p.block.z],
        p.shared_mem_bytes as usize,
        args,
        cooperative,
    )
}

pub(super) unsafe fn memset_op(p: *const MemsetParams) -> Result<Op, HipError> {
    let p = p.as_ref().ok_or(INVALID_VALUE)?;
    let e = p.element_size as usize;
    if ![1, 2, 4].contains(&e) || (p.height > 1 && p.pitch < p.width * e) {
        Err(INVALID_VALUE)
    } else if p.height <= 1 {
        Ok(Op::Memset {
            dst: p.dst as u64,
            pattern: p.value.to_le_bytes()[..e].to_vec(),
            count: p.width,
        })
    } else if e == 1 {
        Ok(Op::Memset2D {
            dst: p.dst as u64,
            pitch: p.pitch,
            value: p.value as c_int,
            width: p.width,
            height: p.height,
        })
    } else {
        // rows of 2- or 4-byte elements: no runtime entry point fills those; said rather than done wrong
        eprintln!(
            "wavescope-hip: a memset node of {} rows of {e}-byte elements is not supported",
            p.height
        );
        Err(crate::NOT_SUPPORTED)
    }
}

pub(super) unsafe fn memcpy3d_op(p: *const HipMemcpy3DParms) -> Result<Op, HipError> {
    let p = p.as_ref().ok_or(INVALID_VALUE)?;
    if p.has_array() {
        eprintln!("wavescope-hip: a memcpy node naming a hipArray is not supported");
        return Err(crate::NOT_SUPPORTED);
    }
    Ok(Op::Memcpy3D(*p))
}

pub(super) unsafe fn host_op(p: *const HostNodeParams) -> Result<Op, HipError> {
    let p = p.as_ref().ok_or(INVALID_VALUE)?;
    let f = p.f.ok_or(INVALID_VALUE)?;
    Ok(Op::HostFunc {
        f,
        user: p.user as usize,
    })
}

/// A copy to (`to`) or from a `__device__` variable, `off` bytes in: checked and resolved now.
pub(super) unsafe fn symbol_op(
    to: bool,
    sym: *const c_void,
    other: *const c_void,
    count: usize,
    off: usize,
) -> Result<(Op, Kind), HipError> {
    let at = crate::symbol_range(sym, off, count)?;
    Ok(if to {
        (
            Op::Memcpy {
                dst: at,
                src: other as u64,
                n: count,
            },
            Kind::MemcpyToSymbol,
        )
    } else {
        (
            Op::Memcpy {
                dst: other as u64,
                src: at,
                n: count,
            },
            Kind::MemcpyFromSymbol,
        )
    })
}

pub(super) fn is_copy(k: Kind) -> bool {
    matches!(
        k,
        Kind::Memcpy | Kind::Memcpy1D | Kind::MemcpyFromSymbol | Kind::MemcpyToSymbol
    )
}

/// Whether a node of kind `now` may take parameters of kind `new` (a copy node any copy's).
pub(super) fn same_family(now: Kind, new: Kind) -> bool {
    now == new || (is_copy(now) && is_copy(new))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphAddKernelNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    p: *const KernelNodeParams,
) -> HipError {
    add_node(node, graph, deps, n, kernel_op(p, false))
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipGraphAddMemcpyNode1D(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    dst: *mut c_void,
    src: *const c_void,
    count: usize,
    _kind: c_int,
) -> HipError {
    let op = Ok(Op::Memcpy {
        dst: dst as u64,
        src: src as u64,
        n: count,
    });
    add_node(node, graph, deps, n, op)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemcpyNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    p: *const HipMemcpy3DParms,
) -> HipError {
    add_node(node, graph, deps, n, memcpy3d_op(p))
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipGraphAddMemcpyNodeToSymbol(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    sym: *const c_void,
    src: *const c_void,
    count: usize,
    off: usize,
    _kind: c_int,
) -> HipError {
    let made = symbol_op(true, sym, src, count, off);
    add_node_with(node, graph, deps, n, |_| made)
}

#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn hipGraphAddMemcpyNodeFromSymbol(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    dst: *mut c_void,
    sym: *const c_void,
    count: usize,
    off: usize,
    _kind: c_int,
) -> HipError {
    let made = symbol_op(false, sym, dst, count, off);
    add_node_with(node, graph, deps, n, |_| made)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphAddMemsetNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    p: *const MemsetParams,
) -> HipError {
    add_node(node, graph, deps, n, memset_op(p))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphAddHostNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    p: *const HostNodeParams,
) -> HipError {
    add_node(node, graph, deps, n, host_op(p))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEventRecordNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    event: *mut c_void,
) -> HipError {
    let op = if event.is_null() {
        Err(INVALID_VALUE)
    } else {
        Ok(Op::EventRecord {
            event: event as usize,
        })
    };
    add_node(node, graph, deps, n, op)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEventWaitNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    event: *mut c_void,
) -> HipError {
    let op = if event.is_null() {
        Err(INVALID_VALUE)
    } else {
        Ok(Op::EventWait {
            event: event as usize,
        })
    };
    add_node(node, graph, deps, n, op)
}

/// A child graph node: the node owns a copy of `child` (later changes to `child` do not reach it).
#[no_mangle]
pub unsafe extern "C" fn hipGraphAddChildGraphNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
    child: *mut c_void,
) -> HipError {
    add_node_with(node, graph, deps, n, |g| {
        let ci = graph_index(g, child).ok_or(INVALID_VALUE)?;
        Ok((
            Op::Child {
                graph: clone_graph(g, ci, false),
            },
            Kind::Graph,
        ))
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphAddEmptyNode(
    node: *mut *mut c_void,
    graph: *mut c_void,
    deps: *const *mut c_void,
    n: usize,
) -> HipError {
    add_node(node, graph, deps, n, Ok(Op::Empty))
}

/// The `n` edges `from[i]` -> `to[i]` of `graph`, as node indices.
pub(super) unsafe fn edges_of(
    g: &Graphs,
    graph: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    n: usize,
) -> Result<(usize, Vec<(usize, usize)>), HipError> {
    if n > 0 && (from.is_null() || to.is_null()) {
        return Err(INVALID_VALUE);
    }
    let gi = graph_index(g, graph).ok_or(INVALID_VALUE)?;
    let mut pairs = Vec::with_capacity(n.min(NODE_MAX));
    for k in 0..n {
        match (node_of(g, gi, *from.add(k)), node_of(g, gi, *to.add(k))) {
            (Some(a), Some(b)) if a != b => pairs.push((a, b)),
            _ => return Err(INVALID_VALUE),
        }
    }
    Ok((gi, pairs))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphAddDependencies(
    graph: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    n: usize,
) -> HipError {
    ret(graphs(|g| {
        let (gi, pairs) = match edges_of(g, graph, from, to, n) {
            Ok(x) => x,
            Err(e) => return e,
        };
        let gr = g.graphs[gi].as_mut().unwrap();
        for (a, b) in pairs {
            let d = &mut gr.nodes[b].as_mut().unwrap().deps;
            if !d.contains(&a) {
                d.push(a);
            }
        }
        SUCCESS
    }))
}

/// Removes edges; every one must exist (nothing is removed otherwise).
#[no_mangle]
pub unsafe extern "C" fn hipGraphRemoveDependencies(
    graph: *mut c_void,
    from: *const *mut c_void,
    to: *const *mut c_void,
    n: usize,
) -> HipError {
    ret(graphs(|g| {
        let (gi, pairs) = match edges_of(g, graph, from, to, n) {
            Ok(x) => x,
            Err(e) => return e,
        };
        let gr = g.graphs[gi].as_mut().unwrap();
        if !pairs
            .iter()
            .all(|&(a, b)| gr.nodes[b].as_ref().unwrap().deps.contains(&a))
        {
            return INVALID_VALUE;
        }
        for (a, b) in pairs {
            gr.nodes[b].as_mut().unwrap().deps.retain(|&d| d != a);
        }
        SUCCESS
    }))
}

/// Removes a node and every edge to or from it.
#[no_mangle]
pub unsafe extern "C" fn hipGraphDestroyNode(node: *mut c_void) -> HipError {
    ret(graphs(|g| {
        let Some((gi, k)) = node_at(g, node) else {
            return INVALID_VALUE;
        };
        let gr = g.graphs[gi].as_mut().unwrap();
        gr.nodes[k] = None;
        for n in gr.nodes.iter_mut().flatten() {
            n.deps.retain(|&d| d != k);
        }
        SUCCESS
    }))
}

/// The handles `pick` selects from graph `graph`'s live nodes, written as `list_out` does.
pub(super) unsafe fn graph_list(
    graph: *mut c_void,
    out: *mut *mut c_void,
    num: *mut usize,
    pick: impl Fn(&Graph, usize, &Node) -> bool,
) -> HipError {
    let Some(items) = graphs(|g| {
        let gi = graph_index(g, graph)?;
        let gr = g.graphs[gi].as_ref().unwrap();
        Some(
            gr.live()
                .filter(|&(k, n)| pick(gr, k, n))
                .map(|(k, _)| node_handle(gi, k))
                .collect::<Vec<_>>(),
        )
    }) else {
        return ret(INVALID_VALUE);
    };
    list_out(out, num, &items)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphGetNodes(
    graph: *mut c_void,
    nodes: *mut *mut c_void,
    num: *mut usize,
) -> HipError {
    graph_list(graph, nodes, num, |_, _, _| true)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphGetRootNodes(
    graph: *mut c_void,
    nodes: *mut *mut c_void,
    num: *mut usize,
) -> HipError {
    graph_list(graph, nodes, num, |_, _, n| n.deps.is_empty())
}

/// The edges, each dependency to its dependent, in node order.
#[no_mangle]
pub unsafe extern "C" fn hipGraphGetEdges(
    graph: *mut c_void,
    from: *mut *mut c_void,
    to: *mut *mut c_void,
    num: *mut usize,
) -> HipError {
    if num.is_null() || from.is_null() != to.is_null() {
        return ret(INVALID_VALUE);
    }
    let Some(edges) = graphs(|g| {
        let gi = graph_index(g, graph)?;
        let gr = g.graphs[gi].as_ref().unwrap();
        let mut e = Vec::new();
        for (k, n) in gr.live() {
            for &d in &n.deps {
                e.push((node_handle(gi, d), node_handle(gi, k)));
            }
        }
        Some(e)
    }) else {
        return ret(INVALID_VALUE);
    };
    if from.is_null() {
        *num = edges.len();
        return SUCCESS;
    }
    let n = (*num).min(edges.len());
    for (k, &(a, b)) in edges.iter().take(n).enumerate() {
        *from.add(k) = a;
        *to.add(k) = b;
    }
    *num = n;
    SUCCESS
}

/// The handles of the nodes `node` depends on (`dependents` false) or that depend on it (true).
pub(super) unsafe fn node_list(
    node: *mut c_void,
    out: *mut *mut c_void,
    num: *mut usize,
    dependents: bool,
) -> HipError {
    let Some(items) = graphs(|g| {
        let (gi, k) = node_at(g, node)?;
        let gr = g.graphs[gi].as_ref().unwrap();
        Some(if dependents {
            gr.live()
                .filter(|(_, n)| n.deps.contains(&k))
                .map(|(j, _)| node_handle(gi, j))
                .collect::<Vec<_>>()
        } else {
            let n = gr.nodes[k].as_ref().unwrap();
            n.deps.iter().map(|&d| node_handle(gi, d)).collect()
        })
    }) else {
        return ret(INVALID_VALUE);
    };
    list_out(out, num, &items)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetDependencies(
    node: *mut c_void,
    deps: *mut *mut c_void,
    num: *mut usize,
) -> HipError {
    node_list(node, deps, num, false)
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetDependentNodes(
    node: *mut c_void,
    out: *mut *mut c_void,
    num: *mut usize,
) -> HipError {
    node_list(node, out, num, true)
}

/// hipGraphNodeType, with HIP 5.2's numbering (kernel = 1).
#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeGetType(node: *mut c_void, ty: *mut c_int) -> HipError {
    if ty.is_null() {
        return ret(INVALID_VALUE);
    }
    with_node(node, |n| {
        *ty = n.kind.code();
        SUCCESS
    })
}

/// A deep copy of `original` (child graphs too); its nodes keep their positions, so a node's counterpart is
/// found by `hipGraphNodeFindInClone`.
#[no_mangle]
pub unsafe extern "C" fn hipGraphClone(out: *mut *mut c_void, original: *mut c_void) -> HipError {
    if out.is_null() {
        return ret(INVALID_VALUE);
    }
    ret(graphs(|g| match graph_index(g, original) {
        Some(gi) => {
            let ci = clone_graph(g, gi, true);
            *out = (GRAPH_TAG + ci) as *mut c_void;
            SUCCESS
        }
        None => INVALID_VALUE,
    }))
}

#[no_mangle]
pub unsafe extern "C" fn hipGraphNodeFindInClone(
    out: *mut *mut c_void,
    original: *mut c_void,
    cloned: *mut c_void,
) -> HipError {
    if out.is_null() {
        return ret(INVALID_VALUE);
    }
    ret(graphs(|g| {
        let (Some((gi, k)), Some(ci)) = (node_at(g, original), graph_index(g, cloned)) else {
            return INVALID_VALUE;
        };
        let c = g.graphs[ci].as_ref().unwrap();
        if c.cloned_from != Some(gi) || c.nodes.get(k).is_none_or(Option::is_none) {
            return INVALID_VALUE;
        }
        *out = node_handle(ci, k);
        SUCCESS
    }))
}

/// The graph a child graph node owns; changes to it change the node.
#[no_mangle]
pub unsafe extern "C" fn hipGraphChildGraphNodeGetGraph(
    node: *mut c_void,
    out: *mut *mut c_void,
) -> HipError {
    if out.is_null() {
        return ret(INVALID_VALUE);
    }
    with_node(node, |n| match n.op {
        Op::Child { graph } => {
            *out = (GRAPH_TAG + graph) as *mut c_void;
            SUCCESS
        }
        _ => INVALID_VALUE,
    })
}
