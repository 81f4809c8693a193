//! HIP graphs, made by stream capture (vLLM's and PyTorch's decode paths: `hipStreamBeginCapture`, the step's
//! copies and launches issued on the stream, `hipStreamEndCapture`, `hipGraphInstantiate`, then `hipGraphLaunch`
//! once per step) or node by node (`hipGraphCreate`, `hipGraphAdd*Node`, `hipGraphAddDependencies`), queried,
//! edited, cloned, instantiated and updated.
//!
//! While a stream captures, the work issued on it (and on streams that joined the capture by waiting on an event
//! recorded in it) is recorded, not run: each operation becomes a node that depends on the last node of its
//! stream (or the recorded events it waited on), kernel arguments are copied when the launch is captured, copies
//! read their source when the graph runs, as on a GPU. An instantiated graph (`Exec`) is a snapshot of its
//! nodes' parameters: editing the graph afterwards does not change it, `hipGraphExec*NodeSetParams` and
//! `hipGraphExecUpdate` do. A launch runs the nodes in an order that respects every dependency (of the ready
//! nodes, the one added first, so a capture runs in capture order) through the same entry points as the calls
//! they stand for (every kernel goes through `launch::launch`, so `--capture`, the report and the fault path see
//! graph launches like any other). The runtime runs work in issue order, on the calling thread.
//!
//! Node types are answered with HIP 5.2's `hipGraphNodeType` values (the library this one stands in for; ROCm 6
//! renumbered them from 0). Not modelled: memory allocation nodes, external semaphores, and stream-ordered
//! allocation inside a capture (refused with hipErrorStreamCaptureUnsupported, as the synchronising calls are).

use crate::volume::HipMemcpy3DParms;
use crate::{launch, put, with, HipError, INVALID_HANDLE, INVALID_VALUE, SUCCESS};
use std::collections::HashMap;
use std::ffi::{c_int, c_uint, c_ulonglong, c_void};
use std::sync::{Arc, Mutex};

mod exec;
mod nodes;
mod params;

pub(crate) const ILLEGAL_STATE: HipError = 401;
pub(crate) const CAPTURE_UNSUPPORTED: HipError = 900;
pub(crate) const CAPTURE_INVALIDATED: HipError = 901;
pub(crate) const CAPTURE_UNMATCHED: HipError = 903;
pub(crate) const CAPTURE_IMPLICIT: HipError = 906;
/// hipErrorGraphExecUpdateFailure
const EXEC_UPDATE_FAILURE: HipError = 910;

const GRAPH_TAG: usize = 0x7ac9_0000_0000;
const EXEC_TAG: usize = 0x7ac8_0000_0000;
/// Node handles: NODE_TAG + (graph << NODE_BITS) + node, in a region of their own (2^20 graphs of 2^20 nodes).
const NODE_TAG: usize = 0x7b00_0000_0000;
const NODE_BITS: u32 = 20;
const NODE_MAX: usize = 1 << NODE_BITS;

/// hipStreamCaptureMode
const MODE_RELAXED: c_int = 2;

/// One operation of a graph, run by `run`.
#[derive(Clone)]
pub(crate) enum Op {
    Launch {
        f: usize,
        grid: [u32; 3],
        block: [u32; 3],
        shmem: usize,
        kernarg: Vec<u8>,
        cooperative: bool,
    },
    Memcpy {
        dst: u64,
        src: u64,
        n: usize,
    },
    Memcpy2D {
        dst: u64,
        dpitch: usize,
        src: u64,
        spitch: usize,
        width: usize,
        height: usize,
    },
    /// hipGraphAddMemcpyNode: a pitched 3D copy.
    Memcpy3D(HipMemcpy3DParms),
    Memset {
        dst: u64,
        pattern: Vec<u8>,
        count: usize,
    },
    Memset2D {
        dst: u64,
        pitch: usize,
        value: c_int,
        width: usize,
        height: usize,
    },
    HostFunc {
        f: unsafe extern "C" fn(*mut c_void),
        user: usize,
    },
    EventRecord {
        event: usize,
    },
    /// An event wait node: work runs in issue order, so the event has been recorded already.
    EventWait {
        event: usize,
    },
    /// A child graph node: the graph (a table entry the node owns).
    Child {
        graph: usize,
    },
    /// An instantiated child graph: its operations in order (in instantiated graphs only).
    Seq(Arc<Vec<Op>>),
    /// hipGraphAddEmptyNode: a point other nodes depend on.
    Empty,
}

/// hipGraphNodeType, HIP 5.2's values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Kernel = 1,
    Memcpy = 2,
    Memset = 3,
    Host = 4,
    Graph = 5,
    Empty = 6,
    WaitEvent = 7,
    EventRecord = 8,
    Memcpy1D = 9,
    MemcpyFromSymbol = 10,
    MemcpyToSymbol = 11,
}

impl Kind {
    /// The value `hipGraphNodeGetType` gives: HIP 5.2's, or ROCm 6's for a program built against it (ROCm 6
    /// numbers from 0, has no 1D-copy type and moved the symbol copies to 12 and 13).
    fn code(self) -> c_int {
        if !crate::newer::rocm6_abi() {
            return self as c_int;
        }
        match self {
            Kind::Kernel => 0,
            Kind::Memcpy | Kind::Memcpy1D => 1,
            Kind::Memset => 2,
            Kind::Host => 3,
            Kind::Graph => 4,
            Kind::Empty => 5,
            Kind::WaitEvent => 6,
            Kind::EventRecord => 7,
            Kind::MemcpyFromSymbol => 12,
            Kind::MemcpyToSymbol => 13,
        }
    }
    fn of(op: &Op) -> Kind {
        match op {
            Op::Launch { .. } => Kind::Kernel,
            Op::Memcpy { .. } => Kind::Memcpy1D,
            Op::Memcpy2D { .. } | Op::Memcpy3D(_) => Kind::Memcpy,
            Op::Memset { .. } | Op::Memset2D { .. } => Kind::Memset,
            Op::HostFunc { .. } => Kind::Host,
            Op::EventRecord { .. } => Kind::EventRecord,
            Op::EventWait { .. } => Kind::WaitEvent,
            Op::Child { .. } | Op::Seq(_) => Kind::Graph,
            Op::Empty => Kind::Empty,
        }
    }
}

#[derive(Clone)]
struct Node {
    op: Op,
    kind: Kind,
    /// The nodes this one runs after (indices in its graph).
    deps: Vec<usize>,
    /// A kernel node's argument pointers handed out by hipGraphKernelNodeGetParams (addresses into `op`'s
    /// kernarg copy; kept here so the array outlives the call).
    arg_views: Vec<usize>,
}

struct Capture {
    /// The stream capture began on (only it may end the capture); `streams` holds it and the joined ones.
    origin: usize,
    streams: Vec<usize>,
    nodes: Vec<Node>,
    /// Each capturing stream's last nodes: what its next operation depends on.
    tails: HashMap<usize, Vec<usize>>,
    /// Events recorded in this capture -> the nodes they stand for (their stream's last nodes then).
    events: HashMap<usize, Vec<usize>>,
    /// A prohibited call happened during the capture: it can only be ended, with hipErrorStreamCaptureInvalidated.
    invalid: bool,
    mode: c_int,
    id: u64,
    /// The graph handle the capture will become (`hipStreamGetCaptureInfo_v2` names it early).
    graph: usize,
}

impl Capture {
    /// Adds `op` as the next node of `stream`.
    fn push(&mut self, stream: usize, op: Op) -> usize {
        let deps = self.tails.get(&stream).cloned().unwrap_or_default();
        let kind = Kind::of(&op);
        self.nodes.push(Node {
            op,
            kind,
            deps,
            arg_views: Vec::new(),
        });
        let k = self.nodes.len() - 1;
        self.tails.insert(stream, vec![k]);
        k
    }
}

/// A graph's nodes (None once destroyed: handles stay valid for the others), in the order they were added.
#[derive(Clone, Default)]
struct Graph {
    nodes: Vec<Option<Node>>,
    /// The graph this one is a clone of (`hipGraphNodeFindInClone`).
    cloned_from: Option<usize>,
}

impl Graph {
    fn live(&self) -> impl Iterator<Item = (usize, &Node)> {
        self.nodes
            .iter()
            .enumerate()
            .filter_map(|(k, n)| n.as_ref().map(|n| (k, n)))
    }

    /// The live nodes in an order that respects every dependency: of the nodes whose dependencies have run, the
    /// one added first (so a capture runs in capture order). None for a cycle.
    fn order(&self) -> Option<Vec<usize>> {
        let n = self.nodes.len();
        let mut done: Vec<bool> = self.nodes.iter().map(Option::is_none).collect();
        let mut out = Vec::with_capacity(n);
        let live = self.live().count();
        while out.len() < live {
            let next = (0..n).find(|&i| {
                !done[i]
                    && self.nodes[i]
                        .as_ref()
                        .is_some_and(|nd| nd.deps.iter().all(|&d| done[d]))
            })?;
            done[next] = true;
            out.push(next);
        }
        Some(out)
    }
}

/// An instantiated graph: a snapshot of each node's operation (child graphs flattened) and the order they run in.
#[derive(Clone)]
struct Exec {
    graph: usize,
    order: Vec<usize>,
    ops: Vec<Option<Op>>,
    kinds: Vec<Option<Kind>>,
    deps: Vec<Option<Vec<usize>>>,
}

#[derive(Default)]
struct Graphs {
    captures: Vec<Capture>,
    /// Graph handles (index after GRAPH_TAG): None once destroyed or while still being captured.
    graphs: Vec<Option<Graph>>,
    execs: Vec<Option<Exec>>,
    /// Events recorded in a capture -> the capture's id (a stream waiting on one joins that capture).
    captured_events: HashMap<usize, u64>,
    next_id: u64,
}

static GRAPHS: Mutex<Option<Graphs>> = Mutex::new(None);

fn graphs<R>(f: impl FnOnce(&mut Graphs) -> R) -> R {
    let mut g = GRAPHS.lock().unwrap_or_else(|e| e.into_inner());
    f(g.get_or_insert_with(Graphs::default))
}

/// Sets the runtime's last error as every entry point does.
fn ret(e: HipError) -> HipError {
    if e == SUCCESS {
        e
    } else {
        with(|_| e)
    }
}

fn untag(p: *const c_void, tag: usize, n: usize) -> Option<usize> {
    let v = p as usize;
    (v >= tag && v - tag < n).then(|| v - tag)
}

impl Graphs {
    fn capture_of(&mut self, stream: usize) -> Option<&mut Capture> {
        self.captures
            .iter_mut()
            .find(|c| c.streams.contains(&stream))
    }
}

/// The work `stream` is given: recorded when the stream is capturing (`Some` of the entry point's result; `op`
/// builds the operation, or refuses it with an error), `None` when it runs now. Work on the null stream while a
/// capture in global or thread-local mode is under way invalidates it (hipErrorStreamCaptureImplicit), as the
/// legacy stream synchronises with every other.
pub(crate) fn record(
    stream: *mut c_void,
    op: impl FnOnce() -> Result<Op, HipError>,
) -> Option<HipError> {
    let s = stream as usize;
    let state = graphs(|g| {
        if s == 0 {
            let mut hit = false;
            for c in g.captures.iter_mut().filter(|c| c.mode != MODE_RELAXED) {
                c.invalid = true;
                hit = true;
            }
            return hit.then_some(Err(CAPTURE_IMPLICIT));
        }
        g.capture_of(s).map(|c| {
            if c.invalid {
                Err(CAPTURE_INVALIDATED)
            } else {
                Ok(())
            }
        })
    })?;
    if let Err(e) = state {
        return Some(ret(e));
    }
    // built outside the lock: building a launch takes the runtime's state
    let built = op();
    Some(ret(graphs(|g| match (built, g.capture_of(s)) {
        (Ok(o), Some(c)) => {
            c.push(s, o);
            SUCCESS
        }
        (Ok(_), None) => CAPTURE_INVALIDATED,
        (Err(e), _) => e,
    })))
}

/// A call that cannot be part of a graph (a synchronisation, stream-ordered allocation) on `stream`: when it
/// captures, the capture is invalidated and the call refused with hipErrorStreamCaptureUnsupported.
pub(crate) fn refuse(stream: *mut c_void, name: &str) -> Option<HipError> {
    let s = stream as usize;
    let hit = graphs(|g| match g.capture_of(s) {
        Some(c) => {
            c.invalid = true;
            true
        }
        None => false,
    });
    hit.then(|| {
        eprintln!("wavescope-hip: {name} on a capturing stream: the capture is invalidated (hipErrorStreamCaptureUnsupported)");
        ret(CAPTURE_UNSUPPORTED)
    })
}

/// `hipDeviceSynchronize` during a capture in global or thread-local mode: refused, the capture invalidated.
pub(crate) fn refuse_device_sync() -> Option<HipError> {
    let hit = graphs(|g| {
        let mut hit = false;
        for c in g.captures.iter_mut().filter(|c| c.mode != MODE_RELAXED) {
            c.invalid = true;
            hit = true;
        }
        hit
    });
    hit.then(|| ret(CAPTURE_UNSUPPORTED))
}

/// A launch to record: the explicit arguments copied now (as the runtime copies them into the kernel node), the
/// function and geometry checked as a launch checks them.
pub(crate) unsafe fn launch_op(
    f: *const c_void,
    grid: [u32; 3],
    block: [u32; 3],
    shmem: usize,
    args: launch::Args,
    cooperative: bool,
) -> Result<Op, HipError> {
    let mut out = Err(INVALID_VALUE);
    with(|st| {
        let Some(abi) = launch::abi_of(st, f) else {
            eprintln!("wavescope-hip: captured launch of a function with no gfx950 code ({f:?})");
            out = Err(crate::INVALID_DEVICE_FUNCTION);
            return SUCCESS;
        };
        if grid.contains(&0) || block.contains(&0) {
            out = Err(9); // hipErrorInvalidConfiguration
            return SUCCESS;
        }
        out = launch::kernarg_of(&abi, &args).map(|kernarg| Op::Launch {
            f: f as usize,
            grid,
            block,
            shmem,
            kernarg,
            cooperative,
        });
        SUCCESS
    });
    out
}

/// `hipEventRecord` on a capturing stream: as in HIP, not a node of the graph but a mark: the event stands for
/// the stream's last nodes, and a stream that then waits on it joins the capture after those nodes.
pub(crate) fn record_event(event: *mut c_void, stream: *mut c_void) -> Option<HipError> {
    let s = stream as usize;
    let r = graphs(|g| {
        let c = g.capture_of(s)?;
        if c.invalid {
            return Some(Err(CAPTURE_INVALIDATED));
        }
        let last = c.tails.get(&s).cloned().unwrap_or_default();
        c.events.insert(event as usize, last);
        Some(Ok(c.id))
    })?;
    Some(match r {
        Ok(id) => {
            graphs(|g| g.captured_events.insert(event as usize, id));
            SUCCESS
        }
        Err(e) => ret(e),
    })
}

/// `hipStreamWaitEvent(stream, event)`: waiting on an event recorded in a capture makes `stream` part of it, its
/// next operation after the nodes the event stands for.
pub(crate) fn wait_event(stream: *mut c_void, event: *mut c_void) {
    let s = stream as usize;
    graphs(|g| {
        let Some(&id) = g.captured_events.get(&(event as usize)) else {
            return;
        };
        let Some(c) = g.captures.iter_mut().find(|c| c.id == id) else {
            return;
        };
        let Some(nodes) = c.events.get(&(event as usize)).cloned() else {
            return;
        };
        if !c.streams.contains(&s) {
            c.streams.push(s);
        }
        let t = c.tails.entry(s).or_default();
        for k in nodes {
            if !t.contains(&k) {
                t.push(k);
            }
        }
    })
}

/// Whether `stream` is part of a capture (hipStreamSynchronize and hipStreamQuery refuse then).
pub(crate) fn capturing(stream: *mut c_void) -> bool {
    graphs(|g| g.capture_of(stream as usize).is_some())
}

/// Runs an instantiated graph's operations in order; the first error stops it and is returned.
unsafe fn run(ops: &[Op]) -> HipError {
    for op in ops {
        let r = match op {
            Op::Launch {
                f,
                grid,
                block,
                shmem,
                kernarg,
                cooperative,
            } => with(|st| {
                launch::launch(
                    st,
                    *f as *const c_void,
                    *grid,
                    *block,
                    *shmem,
                    launch::Args::Blob(kernarg.clone()),
                    *cooperative,
                )
            }),
            Op::Memcpy { dst, src, n } => with(|st| st.memcpy(*dst, *src, *n)),
            Op::Memcpy2D {
                dst,
                dpitch,
                src,
                spitch,
                width,
                height,
            } => crate::hipMemcpy2D(
                *dst as *mut c_void,
                *dpitch,
                *src as *const c_void,
                *spitch,
                *width,
                *height,
                4,
            ),
            Op::Memset {
                dst,
                pattern,
                count,
            } => with(|st| st.memset(*dst, pattern, *count)),
            Op::Memset2D {
                dst,
                pitch,
                value,
                width,
                height,
            } => crate::runtime_more::hipMemset2D(
                *dst as *mut c_void,
                *pitch,
                *value,
                *width,
                *height,
            ),
            Op::HostFunc { f, user } => {
                f(*user as *mut c_void);
                SUCCESS
            }
            Op::Memcpy3D(p) => crate::volume::hipMemcpy3D(p),
            Op::EventRecord { event } => {
                crate::hipEventRecord(*event as *mut c_void, std::ptr::null_mut())
            }
            Op::Seq(ops) => run(ops),
            // instantiation turns a child graph into its operations
            Op::Child { .. } => INVALID_VALUE,
            Op::EventWait { .. } | Op::Empty => SUCCESS,
        };
        if r != SUCCESS {
            return r;
        }
    }
    SUCCESS
}

// ---------------------------------------------------------------- entry points

#[no_mangle]
pub unsafe extern "C" fn hipStreamBeginCapture(stream: *mut c_void, mode: c_int) -> HipError {
    let s = stream as usize;
    if s == 0 {
        // the legacy null stream synchronises with every stream and cannot be captured
        return ret(CAPTURE_UNSUPPORTED);
    }
    if !(0..=MODE_RELAXED).contains(&mode) {
        return ret(INVALID_VALUE);
    }
    ret(graphs(|g| {
        if g.capture_of(s).is_some() {
            return ILLEGAL_STATE;
        }
        g.next_id += 1;
        g.graphs.push(None);
        let c = Capture {
            origin: s,
            streams: vec![s],
            nodes: Vec::new(),
            tails: HashMap::new(),
            events: HashMap::new(),
            invalid: false,
            mode,
            id: g.next_id,
            graph: g.graphs.len() - 1,
        };
        g.captures.push(c);
        SUCCESS
    }))
}

#[no_mangle]
pub unsafe extern "C" fn hipStreamEndCapture(
    stream: *mut c_void,
    graph: *mut *mut c_void,
) -> HipError {
    if graph.is_null() {
        return ret(INVALID_VALUE);
    }
    let s = stream as usize;
    ret(graphs(|g| {
        let Some(i) = g.captures.iter().position(|c| c.streams.contains(&s)) else {
            return ILLEGAL_STATE;
        };
        if g.captures[i].origin != s {
            return CAPTURE_UNMATCHED;
        }
        let c = g.captures.remove(i);
        g.captured_events.retain(|_, id| *id != c.id);
        if c.invalid {
            *graph = std::ptr::null_mut();
            return CAPTURE_INVALIDATED;
        }
        g.graphs[c.graph] = Some(Graph {
            nodes: c.nodes.into_iter().map(Some).collect(),
            cloned_from: None,
        });
        *graph = (GRAPH_TAG + c.graph) as *mut c_void;
        SUCCESS
    }))
}

/// hipStreamCaptureStatus of `stream`: 0 none, 1 active, 2 invalidated; and the capture's id.
fn status_of(stream: *mut c_void) -> (c_int, u64, usize) {
    graphs(|g| match g.capture_of(stream as usize) {
        None => (0, 0, 0),
        Some(c) => (if c.invalid { 2 } else { 1 }, c.id, GRAPH_TAG + c.graph),
    })
}

#[no_mangle]
pub unsafe extern "C" fn hipStreamIsCapturing(stream: *mut c_void, status: *mut c_int) -> HipError {
    ret(put(status, status_of(stream).0))
}

#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo(
    stream: *mut c_void,
    status: *mut c_int,
    id: *mut c_ulonglong,
) -> HipError {
    let (st, i, _) = status_of(stream);
    let r = put(status, st);
    if r == SUCCESS && !id.is_null() && st != 0 {
        id.write_unaligned(i);
    }
    ret(r)
}

#[no_mangle]
pub unsafe extern "C" fn hipStreamGetCaptureInfo_v2(
    stream: *mut c_void,
    status: *mut c_int,
    id: *mut c_ulonglong,
    graph: *mut *mut c_void,
    deps: *mut *const *mut c_void,
    num_deps: *mut usize,
) -> HipError {
    let (st, i, gr) = status_of(stream);
    let r = put(status, st);
    if r != SUCCESS {
        return ret(r);
    }
    if st != 0 {
        if !id.is_null() {
            id.write_unaligned(i);
        }
        if !graph.is_null() {
            graph.write_unaligned(gr as *mut c_void);
        }
        // the recorded operations run in order: no dependency set is kept
        if !deps.is_null() {
            deps.write_unaligned(std::ptr::null());
        }
        if !num_deps.is_null() {
            num_deps.write_unaligned(0);
        }
    }
    SUCCESS
}

thread_local! {
    static THREAD_MODE: std::cell::Cell<c_int> = const { std::cell::Cell::new(0) };
}

/// The calling thread's capture interaction mode, exchanged (PyTorch sets relaxed around allocator calls).
#[no_mangle]
pub unsafe extern "C" fn hipThreadExchangeStreamCaptureMode(mode: *mut c_int) -> HipError {
    if mode.is_null() || !(0..=MODE_RELAXED).contains(&*mode) {
        return ret(INVALID_VALUE);
    }
    *mode = THREAD_MODE.with(|m| m.replace(*mode));
    SUCCESS
}

fn graph_index(g: &Graphs, graph: *mut c_void) -> Option<usize> {
    untag(graph, GRAPH_TAG, g.graphs.len()).filter(|&i| g.graphs[i].is_some())
}

/// A node handle: its graph and its index there.
fn node_handle(graph: usize, k: usize) -> *mut c_void {
    (NODE_TAG + (graph << NODE_BITS) + k) as *mut c_void
}

/// The graph and index of a live node.
fn node_at(g: &Graphs, h: *mut c_void) -> Option<(usize, usize)> {
    let v = (h as usize).checked_sub(NODE_TAG)?;
    let (gi, k) = (v >> NODE_BITS, v & (NODE_MAX - 1));
    let gr = g.graphs.get(gi)?.as_ref()?;
    gr.nodes.get(k)?.as_ref()?;
    Some((gi, k))
}

/// The index of a live node of graph `graph`.
fn node_of(g: &Graphs, graph: usize, h: *mut c_void) -> Option<usize> {
    node_at(g, h).and_then(|(gi, k)| (gi == graph).then_some(k))
}

/// Runs `f` on a live node (INVALID_VALUE for anything else) and sets the last error as entry points do.
fn with_node(h: *mut c_void, f: impl FnOnce(&mut Node) -> HipError) -> HipError {
    ret(graphs(|g| match node_at(g, h) {
        Some((gi, k)) => f(g.graphs[gi].as_mut().unwrap().nodes[k].as_mut().unwrap()),
        None => INVALID_VALUE,
    }))
}

/// Writes up to `*num` handles of `items` to `out` (the count alone when `out` is null); `*num` becomes the
/// number written (or the count).
unsafe fn list_out<T: Copy>(out: *mut T, num: *mut usize, items: &[T]) -> HipError {
    if num.is_null() {
        return ret(INVALID_VALUE);
    }
    if out.is_null() {
        *num = items.len();
    } else {
        let n = (*num).min(items.len());
        for (k, &it) in items.iter().take(n).enumerate() {
            *out.add(k) = it;
        }
        *num = n;
    }
    SUCCESS
}

/// A deep copy of graph `gi` as a new table entry (child graphs copied too); its index.
fn clone_graph(g: &mut Graphs, gi: usize, mark_clone: bool) -> usize {
    let mut copy = g.graphs[gi].clone().unwrap_or_default();
    copy.cloned_from = mark_clone.then_some(gi);
    for node in copy.nodes.iter_mut().flatten() {
        if let Op::Child { graph } = node.op {
            node.op = Op::Child {
                graph: clone_graph(g, graph, false),
            };
        }
    }
    g.graphs.push(Some(copy));
    g.graphs.len() - 1
}
