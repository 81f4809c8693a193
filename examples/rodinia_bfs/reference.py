"""Rodinia bfs, BFS_1 (OpenCL): one level of breadth-first search, one work-item per node.
Reference written from kernel.cl: for every node tid < no_of_nodes with mask[tid] set:
mask[tid] = 0; for each edge i in [starting, starting + no_of_edges): id = edges[i];
if !visited[id]: cost[id] = cost[tid] + 1; updating[id] = 1.
All frontier nodes share one cost (level-synchronous BFS), so concurrent writes to the same
cost[id] store the same value: the result is deterministic. Integer/byte data: exact.
The input state is a random graph after two BFS levels from node 0 (computed here in Python,
as BFS_1 + BFS_2 would), so the frontier is large and per-node edge counts vary (0..15):
per-lane loop trip counts differ (divergent loop)."""
import sys, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import numpy as np
from refutil import buf, out, scalar, write_case

NN = 1000            # nodes = work-items; block 256 -> last work-group has 232 (partial, 3 full + 1 partial wave)
rng = np.random.default_rng(3)
deg = rng.integers(0, 16, NN)
deg[rng.random(NN) < 0.1] = 0
start = np.concatenate([[0], np.cumsum(deg)[:-1]]).astype(np.int32)
edges = rng.integers(0, NN, int(deg.sum())).astype(np.int32)
nodes = np.stack([start, deg.astype(np.int32)], axis=1)

cost = np.full(NN, -1, np.int32)
visited = np.zeros(NN, np.int8)
mask = np.zeros(NN, np.int8)
cost[0] = 0; visited[0] = 1; mask[0] = 1

def bfs1(mask, upd, visited, cost):
    mask = mask.copy(); upd = upd.copy(); cost = cost.copy()
    for tid in range(NN):
        if mask[tid]:
            mask[tid] = 0
            for i in range(start[tid], start[tid] + deg[tid]):
                nid = edges[i]
                if not visited[nid]:
                    cost[nid] = cost[tid] + 1
                    upd[nid] = 1
    return mask, upd, cost

def bfs2(mask, upd, visited):
    mask = mask.copy(); upd = upd.copy(); visited = visited.copy()
    sel = upd != 0
    mask[sel] = 1; visited[sel] = 1; upd[sel] = 0
    return mask, upd, visited

upd = np.zeros(NN, np.int8)
for _ in range(2):
    mask, upd, cost = bfs1(mask, upd, visited, cost)
    mask, upd, visited = bfs2(mask, upd, visited)
assert mask.sum() > 50
in_mask, in_upd, in_vis, in_cost = mask.copy(), upd.copy(), visited.copy(), cost.copy()
e_mask, e_upd, e_cost = bfs1(mask, upd, visited, cost)

write_case(
    "BFS_1", [NN, 1, 1], [256, 1, 1],
    [buf("in_nodes.bin", nodes, "i32"), buf("in_edges.bin", edges, "i32"),
     buf("in_mask.bin", in_mask, "i8"), buf("in_updating_mask.bin", in_upd, "i8"),
     buf("in_visited.bin", in_vis, "i8"), buf("in_cost.bin", in_cost, "i32"), scalar("i32", NN)],
    [out(2, "expected_mask.bin", e_mask, "i8"), out(3, "expected_updating_mask.bin", e_upd, "i8"),
     out(5, "expected_cost.bin", e_cost, "i32")],
    origin="yuhc/gpu-rodinia opencl/bfs/Kernels.cl (Rodinia 3.1, University of Virginia license); kernel unchanged",
    notes="char (i8) masks: sub-dword global loads/stores (global_load_ubyte / global_store_byte); data-dependent "
          "per-lane edge loop (divergent loop); block 256 on 1000 nodes (partial last work-group). Exact.",
)
