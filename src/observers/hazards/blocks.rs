//! Per-basic-block checking: the checker's block path (issue 16).
//!
//! The program is split into straight-line blocks of instructions that all have an inline record
//! (`plan::Fast` with `fast::ON`). For each block the table keeps what its instructions need from the wave's
//! checker state at entry and what they leave in it:
//! - the wait-state offsets (from block entry) of the first instruction that reads a VGPR only trans/shifted/
//!   MFMA/DL producers can be in a hazard with, and of the first that reads an SGPR a VALU (or SALU) SGPR
//!   writer can be in a hazard with: one comparison each against the wave's recency clocks decides that no
//!   instruction of the block has such a producer within `WINDOW` (later readers only sit further away);
//! - the union of the registers its instructions touch: none may wait for a memory op outstanding at entry;
//! - whether the block is clean inside: no producer of the block within the window of a later reader of the
//!   block, and no register of a memory op issued in the block touched before an `s_waitcnt` of the block
//!   completes it (the in-order counters make that static: an op is completed by `vmcnt(N)` / `lgkmcnt(N)`
//!   exactly when at least N ops of its counter issued after it, whatever was outstanding before the block);
//!   a block that is not is not kept;
//! - its net effect: the last writer of each register (history records), the last producers of the recency
//!   clocks, the total wait states, and its memory ops and waits in order.
//!
//! When the entry test passes, every instruction of the block would take the inline path with nothing to find
//! (each inline test depends only on the state at entry and the block's earlier instructions), so the checker
//! only counts the block's instructions as they come and applies the net effect at the last one. A wave that
//! leaves the block early (a fault, a stop, another wave's instruction) has the instructions it issued replayed
//! one by one (`HazardChecker::block_flush`), so the state is always what the per-instruction path leaves.
//! tests/hazards_blocks.rs compares both paths finding by finding.

use super::effects::{InstEffects, MemClass, NREG};
use super::plan::{fast, pk, Fast, REG_WORDS};
use super::WINDOW;
use crate::exec::Program;

/// No block starts here / no block is being counted.
pub const NONE: u32 = u32::MAX;
/// Blocks shorter than this take the per-instruction path (an entry test would save nothing).
const MIN_LEN: usize = 3;
/// The longest block (bounds the tables; a longer run is split).
const MAX_LEN: usize = 64;
/// Offset meaning "no such instruction in the block".
pub const NO_OFFSET: u32 = u32::MAX;

/// Flags of a [`Block`].
pub mod bflag {
    /// Holds a VALU (needs VGPR indexing mode off at entry: under it the inline path is not taken).
    pub const VALU: u8 = 1;
    /// Holds a trans/shifted-result/MFMA/DL producer (`vec_after`).
    pub const P_VEC: u8 = 2;
    /// Holds a VALU writing an SGPR at issue (`valu_after`).
    pub const W_VALU_SGPR: u8 = 4;
    /// Holds a SALU writing an SGPR at issue (`salu_after`).
    pub const W_SALU_SGPR: u8 = 8;
}

/// One block: instructions `start..end` of the program, in fall-through order.
#[derive(Clone, Copy, Debug)]
pub struct Block {
    pub start: u32,
    pub end: u32,
    pub flags: u8,
    /// Wait states from entry to the issue of the first `fast::VEC_READ` instruction (`NO_OFFSET`: none).
    pub vec_read_at: u32,
    /// ... of the first instruction whose SGPR reads care about VALU (SALU) SGPR writers.
    pub valu_sgpr_at: u32,
    pub salu_sgpr_at: u32,
    /// Wait states from entry to just after the last P_VEC / VALU SGPR writer / SALU SGPR writer.
    pub vec_after: u32,
    pub valu_after: u32,
    pub salu_after: u32,
    /// Wait states the whole block provides.
    pub waits: u32,
    /// `Blocks::mw[mw.0..mw.1]`: (word, bits) of the registers the block touches.
    pub mw: (u32, u32),
    /// `Blocks::recs[..]`: the history records it leaves.
    pub recs: (u32, u32),
    /// `Blocks::mem[..]`: its memory ops and waits, in order.
    pub mem: (u32, u32),
    /// The same net effect on the memory state, summarised ([`MemSummary`]); None when the block issues an op
    /// of another class than VM, LDS and SMEM.
    pub sum: Option<MemSummary>,
}

/// What a block's memory ops and waits leave in the checker's memory state, worked out once (blocks.rs
/// header): the in-order counters make it static which of the block's own ops its waits complete (`closed`),
/// and how many ops outstanding at entry each wait leaves (a `vmcnt(N)` with `k` of the block's VM ops in the
/// queue keeps at most `N - k` older ones). So applying a block completes the oldest entry ops down to
/// `keep_vm` / `keep_lds` (all SMEM ones when a wait has `lgkmcnt(0)`) and issues only the block's ops still
/// open at its end, each register waiting for its last writer among them: the state the event replay
/// (`Blocks::mem`) leaves, up to the seq numbers given out. A register whose last writer is closed needs nothing:
/// the replay leaves it waiting for nothing, and so does the entry test (no register the block touches waits for
/// an op at entry; a clear bit means its entry names no outstanding op). Valid while
/// no queue's cap is reached within the block and no FLAT op is outstanding (`HazardChecker::block_apply`
/// replays the events otherwise); tests/hazards_blocks.rs checks it finding by finding.
#[derive(Clone, Copy, Debug)]
pub struct MemSummary {
    pub keep_vm: u32,
    pub keep_lds: u32,
    pub smem_all: bool,
    /// Ops of each queue the block issues (the cap test).
    pub n_vm: u8,
    pub n_lds: u8,
    pub n_smem: u8,
    /// `Blocks::sum[..]`: open issues, then owned registers.
    pub events: (u32, u32),
}

/// One step of a [`MemSummary`].
#[derive(Clone, Copy, Debug)]
pub enum SumEvent {
    /// An op of the block still outstanding at its end, in issue order; `first..end` its registers.
    Issue {
        idx: u32,
        class: MemClass,
        first: u16,
        end: u16,
    },
    /// Registers `first..end` wait for open op number `op` (in `Issue` order) at the block's end.
    Own { first: u16, end: u16, op: u8 },
}

/// The [`MemSummary`] of a block's memory events (pushed to `out`); None for a class it does not cover.
fn summarise(events: &[MemEvent], out: &mut Vec<SumEvent>) -> Option<MemSummary> {
    use std::collections::{BTreeMap, VecDeque};
    // (idx, class, first, end, closed) of every op, in issue order
    let mut ops: Vec<(u32, MemClass, u16, u16, bool)> = Vec::new();
    let (mut vm_q, mut lds_q, mut smem_q) = (VecDeque::new(), VecDeque::new(), Vec::new());
    let mut sum = MemSummary {
        keep_vm: u32::MAX,
        keep_lds: u32::MAX,
        smem_all: false,
        n_vm: 0,
        n_lds: 0,
        n_smem: 0,
        events: (0, 0),
    };
    for ev in events {
        match *ev {
            MemEvent::Issue {
                idx,
                class,
                first,
                end,
            } => {
                let k = ops.len();
                match class {
                    MemClass::Vm => {
                        vm_q.push_back(k);
                        sum.n_vm += 1;
                    }
                    MemClass::Lds => {
                        lds_q.push_back(k);
                        sum.n_lds += 1;
                    }
                    MemClass::Smem => {
                        smem_q.push(k);
                        sum.n_smem += 1;
                    }
                    _ => return None,
                }
                ops.push((idx, class, first, end, false));
            }
            MemEvent::Wait(s) => {
                // as `MemState::wait`: the block's ops sit behind every op outstanding at entry
                let vm = ((s & 0xF) | ((s >> 14) & 3) << 4) as usize;
                let lgkm = ((s >> 8) & 0xF) as usize;
                sum.keep_vm = sum.keep_vm.min(vm.saturating_sub(vm_q.len()) as u32);
                while vm_q.len() > vm {
                    let k = vm_q.pop_front().unwrap_or(0);
                    ops[k].4 = true;
                }
                sum.keep_lds = sum.keep_lds.min(lgkm.saturating_sub(lds_q.len()) as u32);
                while lds_q.len() > lgkm {
                    let k = lds_q.pop_front().unwrap_or(0);
                    ops[k].4 = true;
                }
                if lgkm == 0 {
                    sum.smem_all = true;
                    for k in smem_q.drain(..) {
                        ops[k].4 = true;
                    }
                }
            }
        }
    }
    // each register's last writer among the block's ops
    let mut owner: BTreeMap<u16, usize> = BTreeMap::new();
    for (k, op) in ops.iter().enumerate() {
        for g in op.2..op.3 {
            owner.insert(g, k);
        }
    }
    let open: Vec<usize> = (0..ops.len()).filter(|&k| !ops[k].4).collect();
    let e0 = out.len() as u32;
    for &k in &open {
        let (idx, class, first, end, _) = ops[k];
        out.push(SumEvent::Issue {
            idx,
            class,
            first,
            end,
        });
    }
    // runs of consecutive registers whose last writer is the same open op
    let mut run: Option<(u16, u16, usize)> = None;
    for (&g, &k) in owner.iter().filter(|&(_, &k)| !ops[k].4) {
        match run {
            Some((first, end, rk)) if end == g && rk == k => run = Some((first, g + 1, rk)),
            r => {
                if let Some((first, end, rk)) = r {
                    let op = open.iter().position(|&o| o == rk).unwrap_or(0) as u8;
                    out.push(SumEvent::Own { first, end, op });
                }
                run = Some((g, g + 1, k));
            }
        }
    }
    if let Some((first, end, rk)) = run {
        let op = open.iter().position(|&o| o == rk).unwrap_or(0) as u8;
        out.push(SumEvent::Own { first, end, op });
    }
    sum.events = (e0, out.len() as u32);
    Some(sum)
}

/// A history record a block leaves: registers `first..end` last written by instruction `idx`, `after` wait
/// states after entry.
#[derive(Clone, Copy, Debug)]
pub struct BlockRec {
    pub first: u16,
    pub end: u16,
    pub after: u32,
    pub idx: u32,
    pub pk: u8,
}

/// A memory-counter event of a block.
#[derive(Clone, Copy, Debug)]
pub enum MemEvent {
    /// `s_waitcnt` SIMM16.
    Wait(u16),
    /// A memory op of a fixed counter class writing `first..end` when it completes.
    Issue {
        idx: u32,
        class: MemClass,
        first: u16,
        end: u16,
    },
}

/// Every block of a program.
#[derive(Default)]
pub struct Blocks {
    /// Per instruction: the block starting there, or `NONE`.
    pub at: Vec<u32>,
    pub blocks: Vec<Block>,
    pub mw: Vec<(u16, u64)>,
    pub recs: Vec<BlockRec>,
    pub mem: Vec<MemEvent>,
    pub sum: Vec<SumEvent>,
}

/// Ends a block after it: the wave may not fall through (branch, end, barrier, sleep, trap, PC moves).
fn ends_block(name: &str) -> bool {
    [
        "s_cbranch",
        "s_branch",
        "s_endpgm",
        "s_barrier",
        "s_setpc",
        "s_swappc",
        "s_sleep",
        "s_trap",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

impl Blocks {
    pub fn build(program: &Program, effects: &[InstEffects], fasts: &[Fast]) -> Blocks {
        let n = effects.len().min(fasts.len()).min(program.insts.len());
        let mut b = Blocks {
            at: vec![NONE; n],
            ..Blocks::default()
        };
        // a member has an inline record and does not change the mode (VGPR indexing moves VALU operands)
        let member = |i: usize| {
            fasts[i].flags & fast::ON != 0 && !program.insts[i].name().starts_with("s_set")
        };
        // branch targets start blocks (loop heads)
        let mut target = vec![false; n];
        for inst in &program.insts[..n] {
            if inst.target != 0 {
                if let Some(t) = program.index_of(inst.target) {
                    if t < n {
                        target[t] = true;
                    }
                }
            }
        }
        let mut i = 0;
        while i < n {
            if !member(i) {
                i += 1;
                continue;
            }
            let mut e = i + 1;
            while e < n
                && e - i < MAX_LEN
                && member(e)
                && !target[e]
                && program.next_index(e - 1) == Some(e)
                && !ends_block(program.insts[e - 1].name())
            {
                e += 1;
            }
            if e - i >= MIN_LEN {
                b.add(i, e, fasts);
            }
            i = e;
        }
        b
    }

    /// Summarise instructions `s..e`; keep the block if it is clean inside.
    fn add(&mut self, s: usize, e: usize, fasts: &[Fast]) {
        let mut blk = Block {
            start: s as u32,
            end: e as u32,
            flags: 0,
            vec_read_at: NO_OFFSET,
            valu_sgpr_at: NO_OFFSET,
            salu_sgpr_at: NO_OFFSET,
            vec_after: 0,
            valu_after: 0,
            salu_after: 0,
            waits: 0,
            mw: (0, 0),
            recs: (0, 0),
            mem: (0, 0),
            sum: None,
        };
        let window = WINDOW as u32;
        let mut union = [0u64; REG_WORDS];
        // memory ops of the block still outstanding: (class, first, end, ops of its counter issued after it)
        let mut pending: Vec<(MemClass, u16, u16, u32)> = Vec::new();
        let mut events = Vec::new();
        let mut last: Vec<(u16, u32, u32, u8)> = Vec::new(); // (register, after, idx, pk)
        let (mut lvp, mut lvs, mut lss): (Option<u32>, Option<u32>, Option<u32>) =
            (None, None, None);
        let mut off = 0u32;
        for (i, f) in fasts.iter().enumerate().take(e).skip(s) {
            if f.flags & fast::VALU != 0 {
                blk.flags |= bflag::VALU;
            }
            // `s_waitcnt` first, as the inline path does
            if f.flags & fast::WAIT != 0 {
                let vm = ((f.simm16 & 0xF) | ((f.simm16 >> 14) & 3) << 4) as u32;
                let lgkm = ((f.simm16 >> 8) & 0xF) as u32;
                pending.retain(|&(c, _, _, newer)| match c {
                    MemClass::Vm => newer < vm,
                    MemClass::Lds => newer < lgkm,
                    MemClass::Smem => lgkm != 0,
                    _ => true,
                });
                events.push(MemEvent::Wait(f.simm16));
            }
            // missing-wait candidates: none may wait for an op of the block
            for k in 0..f.nmw as usize {
                let (w, bits) = (f.mw_word[k] as usize, f.mw_bits[k]);
                union[w] |= bits;
                for &(_, first, end, _) in &pending {
                    for g in first..end {
                        if g as usize / 64 == w && bits & (1u64 << (g % 64)) != 0 {
                            return;
                        }
                    }
                }
            }
            if f.flags & fast::VEC_READ != 0 {
                if blk.vec_read_at == NO_OFFSET {
                    blk.vec_read_at = off;
                }
                if lvp.is_some_and(|a| off - a < window) {
                    return;
                }
            }
            if f.sgpr_pmask & pk::VALU != 0 {
                if blk.valu_sgpr_at == NO_OFFSET {
                    blk.valu_sgpr_at = off;
                }
                if lvs.is_some_and(|a| off - a < window) {
                    return;
                }
            }
            if f.sgpr_pmask & pk::SALU != 0 {
                if blk.salu_sgpr_at == NO_OFFSET {
                    blk.salu_sgpr_at = off;
                }
                if lss.is_some_and(|a| off - a < window) {
                    return;
                }
            }
            let after = off + f.waits as u32;
            if f.flags & fast::SCALAR_WRITE != 0 {
                if f.pk & pk::VALU != 0 {
                    lvs = Some(after);
                }
                if f.pk & pk::SALU != 0 {
                    lss = Some(after);
                }
            }
            if f.flags & fast::P_VEC != 0 {
                lvp = Some(after);
            }
            let mut record = |first: u16, end: u16| {
                for g in first..end {
                    let r = (g, after, i as u32, f.pk);
                    match last.iter_mut().find(|x| x.0 == g) {
                        Some(x) => *x = r,
                        None => last.push(r),
                    }
                }
            };
            for &(first, end) in &f.writes[..f.nwrites as usize] {
                record(first, end);
            }
            if f.flags & fast::MEM != 0 {
                let (first, end) = f.async_write;
                if f.flags & fast::ASYNC_RECORD != 0 {
                    record(first, end);
                }
                events.push(MemEvent::Issue {
                    idx: i as u32,
                    class: f.mem,
                    first,
                    end,
                });
                for p in pending.iter_mut() {
                    if p.0 == f.mem {
                        p.3 += 1;
                    }
                }
                if end > first {
                    pending.push((f.mem, first, end, 0));
                }
            }
            off = after;
        }
        if let Some(a) = lvp {
            blk.flags |= bflag::P_VEC;
            blk.vec_after = a;
        }
        if let Some(a) = lvs {
            blk.flags |= bflag::W_VALU_SGPR;
            blk.valu_after = a;
        }
        if let Some(a) = lss {
            blk.flags |= bflag::W_SALU_SGPR;
            blk.salu_after = a;
        }
        blk.waits = off;
        let m0 = self.mw.len() as u32;
        for (w, &bits) in union.iter().enumerate() {
            if bits != 0 {
                self.mw.push((w as u16, bits));
            }
        }
        blk.mw = (m0, self.mw.len() as u32);
        // registers with the same writer next to each other go into one record
        last.sort_by_key(|x| x.0);
        let r0 = self.recs.len() as u32;
        for &(g, after, idx, pk) in &last {
            debug_assert!((g as usize) < NREG);
            if let Some(r) = self.recs[r0 as usize..].last_mut() {
                if r.end == g && r.idx == idx && r.after == after {
                    r.end = g + 1;
                    continue;
                }
            }
            self.recs.push(BlockRec {
                first: g,
                end: g + 1,
                after,
                idx,
                pk,
            });
        }
        blk.recs = (r0, self.recs.len() as u32);
        let e0 = self.mem.len() as u32;
        self.mem.extend(events);
        blk.mem = (e0, self.mem.len() as u32);
        blk.sum = summarise(&self.mem[e0 as usize..], &mut self.sum);
        self.at[s] = self.blocks.len() as u32;
        self.blocks.push(blk);
    }
}
