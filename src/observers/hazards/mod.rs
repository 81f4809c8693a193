//! Dynamic hazard checker and missing-wait checker (an `Observer`).
//!
//! **Hazards** (docs/hazards.md, data/isa/hazards.csv): for every executed instruction of a wave, the checker looks back at
//! the instructions that wrote (or, for the WAR rules, read) the registers it touches and counts the wait
//! states issued in between the way the hardware does: every issued instruction provides 1, `s_nop N`
//! provides N+1 (hazards.md header). A shortfall is a finding of that rule at (producer PC, consumer PC).
//! Because the count follows the path the wave actually took, it is never smaller than the count along the
//! shortest static path, so code that satisfies the rules statically (LLVM's hazard recognizer) is clean.
//!
//! **Missing waits** (docs/hazards.md#missing-wait, data/isa/waitcnt.csv): memory instructions that write registers when they complete
//! are tracked per wave with the counters' ordering rules: VMEM (MUBUF/MTBUF/GLOBAL/SCRATCH, and FLAT when no
//! lane addressed LDS) complete in issue order, so `vmcnt(N)` completes all but the newest N; LDS instructions
//! complete in order among themselves, so `lgkmcnt(N)` completes an LDS op once at least N LDS ops were issued
//! after it; SMEM may return out of order, so only `lgkmcnt(0)` completes it; a FLAT access with LDS lanes
//! needs `vmcnt(0)` and `lgkmcnt(0)`. Reading a register such an op still has to write (RAW), or writing it
//! (WAW, unless the writer is a later op of the same in-order class), is a missing wait.
//!
//! **Cost**: the table compiles a per-program check plan (plan.rs): per instruction only the reads and rule
//! groups that can fire given the producer classes in the program, and the missing-wait scan only when a
//! register it touches still waits for an outstanding op. M0-relative operands and VGPR indexing mode take the
//! generic evaluation (`HazardChecker::generic`, the reference tests/hazards_plan.rs compares the plan with).
//! Straight-line blocks of inline-checkable instructions are checked at once (blocks.rs): one entry test per
//! block, its net effect applied at its last instruction (tests/hazards_blocks.rs compares it with the
//! per-instruction path, `HazardChecker::per_instruction`).
//!
//! Use: build one [`HazardTable`] per program, give every host thread a [`HazardChecker`] (see
//! `crate::pipeline`, which does it for every run), then [`Findings::merge`] them.
//!
//! Readings of hazards.md where the table is open to more than one reading (each agrees with LLVM 22's
//! GCNHazardRecognizer or is more lenient than it, so compiler output stays clean):
//! - "reads an SGPR as a constant" (H4.5-18a, H4.5-14) includes V_CNDMASK's mask and V_DIV_FMAS's VCC; only
//!   the carry-in of V_ADDC/V_SUBB/V_SUBBREV is H4.5-18b (no wait). LLVM pads carry-in reads too.
//! - Table 38 "overlapped" means overlapping but not the same block; an exact SrcC match after an XDL/SMFMAC
//!   op is H7-05 for any MFMA consumer. "VALU" consumers of H7-09/14/22/31 exclude MFMAs (their own rows
//!   apply); V_ACCVGPR_READ/WRITE are VALUs.
//! - H4.5-19 also covers V_READFIRSTLANE (as LLVM applies it); H4.5-16 also covers MUBUF LDS loads.
//! - "V_CMPX writes EXEC" (H4.5-13/18d/18e/22, H7-33) is any VALU that writes EXEC.
//! - H4.5-08 does not apply to loads (VMEM/DS) writing a wide store's data VGPRs: they write at completion, and
//!   LLVM 22 pads only VALU writers (clang -O2 emits such reloads; tests/fixtures/extra_kernels_hip).
//!
//! Where the table is stricter than LLVM the table is followed (LLVM never saw these in the corpus): H7-22 WAW
//! (LLVM: 11), H7-04 with an MFMA consumer.

pub mod blocks;
pub mod effects;
pub mod plan;
pub mod rules;

use crate::exec::observe::Observer;
// MODE.GPR_IDX_EN (state.md MODE bit 27): VGPR indexing moves VALU operands by M0[7:0].
use crate::exec::semantics::salu::mode_bits::GPR_IDX_EN;
use crate::exec::{Apertures, Flow, Program, Wave};
use crate::isa::{Format, Inst};
use effects::{
    class, InstEffects, MemClass, ReadKind, Regs, AGPR_BASE, EXEC, M0, NREG, VCC, VGPR_BASE,
};
pub use rules::Rule;
use std::collections::{HashMap, HashSet};

/// The longest wait any rule requires (H7-08/H7-09 after a 16-pass XDL op): older producers cannot matter.
const WINDOW: u64 = 20;

/// Per-instruction effects of one program and its check plan, built once and shared (read-only) by every
/// checker.
pub struct HazardTable {
    pub effects: Vec<InstEffects>,
    pub pcs: Vec<u64>,
    pub apertures: Apertures,
    /// What to check per instruction, compiled from `effects` (plan.rs).
    pub plan: plan::CheckPlan,
    /// Straight-line blocks checked at once (blocks.rs).
    pub blocks: blocks::Blocks,
}

impl HazardTable {
    pub fn new(program: &Program) -> HazardTable {
        HazardTable::with_apertures(program, Apertures::default())
    }
    /// `apertures` decides which FLAT addresses are LDS (waitcnt.md FLAT caveat).
    pub fn with_apertures(program: &Program, apertures: Apertures) -> HazardTable {
        let effects = effects::build(program);
        let plan = plan::CheckPlan::build(&effects);
        let blocks = blocks::Blocks::build(program, &effects, &plan.fast);
        HazardTable {
            effects,
            pcs: program.pcs.clone(),
            apertures,
            plan,
            blocks,
        }
    }
}

/// One finding as the checker first saw it in a wave: for a trace's instant events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HazardEvent {
    pub wave: u32,
    /// `Wave::instructions` when the consumer issued (a per-wave timestamp).
    pub wave_instruction: u64,
    pub producer_pc: u64,
    pub consumer_pc: u64,
    /// Rule id (hazards) or counter name (missing waits).
    pub label: &'static str,
    pub missing_wait: bool,
}

/// One hazard finding (a rule, its producer and consumer), as the run report lists it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct HazardFinding {
    pub rule: String,
    pub producer_pc: String,
    pub consumer_pc: String,
    pub required: u32,
    pub provided: u32,
    pub waves: u64,
    pub first_wave: u64,
    /// Where the rule is explained (`docs/hazards.md#<rule>`).
    pub doc: String,
}

/// One missing wait, as the run report lists it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MissingWait {
    pub load_pc: String,
    pub use_pc: String,
    pub register: String,
    pub counter: String,
    pub waves: u64,
    /// Where missing waits are explained (`docs/hazards.md#missing-wait`).
    pub doc: String,
}

/// Findings of a run, ready for the report (`hazards`, `missing_waits`) and the trace.
#[derive(Clone, Debug, Default)]
pub struct Findings {
    pub hazards: Vec<HazardFinding>,
    pub missing_waits: Vec<MissingWait>,
    /// First occurrence per (finding, wave), in no particular order across threads; capped.
    pub events: Vec<HazardEvent>,
}

impl Findings {
    pub fn is_empty(&self) -> bool {
        self.hazards.is_empty() && self.missing_waits.is_empty()
    }

    /// `hazards: 2 findings (H7-09, H4.5-18a), missing waits: 0`
    pub fn summary_line(&self) -> String {
        let mut rules: Vec<&str> = self.hazards.iter().map(|h| h.rule.as_str()).collect();
        rules.sort();
        rules.dedup();
        let list = if rules.is_empty() {
            String::new()
        } else {
            format!(" ({})", rules.join(", "))
        };
        format!(
            "hazards: {} finding{}{list}, missing waits: {}",
            self.hazards.len(),
            if self.hazards.len() == 1 { "" } else { "s" },
            self.missing_waits.len()
        )
    }

    /// Merge the checkers of a run (one per host thread): wave counts add up.
    pub fn merge<'a>(checkers: impl IntoIterator<Item = HazardChecker<'a>>) -> Findings {
        let mut all: HashMap<Key, Agg> = HashMap::new();
        let mut events = Vec::new();
        let mut table: Option<&HazardTable> = None;
        for c in checkers {
            table = Some(c.table);
            for (k, a) in c.findings {
                all.entry(k)
                    .and_modify(|b| {
                        b.waves += a.waves;
                        b.first_wave = b.first_wave.min(a.first_wave);
                        b.provided = b.provided.min(a.provided);
                        b.required = b.required.max(a.required);
                    })
                    .or_insert(a);
            }
            events.extend(c.events);
        }
        let mut f = Findings {
            events,
            ..Findings::default()
        };
        let Some(t) = table else { return f };
        let pc = |i: u32| format!("0x{:x}", t.pcs.get(i as usize).copied().unwrap_or(0));
        let mut keys: Vec<(&Key, &Agg)> = all.iter().collect();
        keys.sort_by_key(|(k, _)| {
            (
                t.pcs.get(k.producer as usize).copied().unwrap_or(0),
                t.pcs.get(k.consumer as usize).copied().unwrap_or(0),
                k.kind,
                k.code,
            )
        });
        for (k, a) in keys {
            if k.kind == KIND_HAZARD {
                let rule = rules::ALL_RULES[k.code as usize];
                f.hazards.push(HazardFinding {
                    rule: rule.id().to_string(),
                    producer_pc: pc(k.producer),
                    consumer_pc: pc(k.consumer),
                    required: a.required,
                    provided: a.provided,
                    waves: a.waves,
                    first_wave: a.first_wave as u64,
                    doc: rule.doc(),
                });
            } else {
                f.missing_waits.push(MissingWait {
                    load_pc: pc(k.producer),
                    use_pc: pc(k.consumer),
                    register: a.register.clone().unwrap_or_default(),
                    counter: COUNTERS[k.code as usize].to_string(),
                    waves: a.waves,
                    doc: MISSING_WAIT_DOC.to_string(),
                });
            }
        }
        f
    }
}

/// One console line for a hazard finding:
/// `hazard H7-09 (XDL/SMFMAC writes then ...): 0x18a0 -> 0x18a4 needs 8 wait states, has 7 (4 waves, first wave 0)
/// (docs/hazards.md#h7-09)`.
pub fn format_finding(f: &HazardFinding) -> String {
    let text = Rule::from_id(&f.rule).map(|r| r.text()).unwrap_or("");
    format!(
        "hazard {} ({}): {} -> {} needs {} wait state{}, has {} ({} wave{}, first wave {}) ({})",
        f.rule,
        text,
        f.producer_pc,
        f.consumer_pc,
        f.required,
        if f.required == 1 { "" } else { "s" },
        f.provided,
        f.waves,
        if f.waves == 1 { "" } else { "s" },
        f.first_wave,
        f.doc
    )
}

/// One console line for a missing wait:
/// `missing wait: v4 used at 0x1630 before the memory op at 0x1620 wrote it (needs s_waitcnt vmcnt; 2 waves)
/// (docs/hazards.md#missing-wait)`.
pub fn format_missing_wait(m: &MissingWait) -> String {
    format!(
        "missing wait: {} used at {} before the memory op at {} wrote it (needs s_waitcnt {}; {} wave{}) ({})",
        m.register,
        m.use_pc,
        m.load_pc,
        m.counter,
        m.waves,
        if m.waves == 1 { "" } else { "s" },
        m.doc
    )
}

// ---- findings bookkeeping ---------------------------------------------------------------------------------

/// Where missing waits are explained; hazards name their rule's anchor (`Rule::doc`).
pub const MISSING_WAIT_DOC: &str = "docs/hazards.md#missing-wait";
const KIND_HAZARD: u8 = 0;
const KIND_WAIT: u8 = 1;
/// Counter names of missing waits, indexed by `Key::code`.
const COUNTERS: [&str; 3] = ["vmcnt", "lgkmcnt", "vmcnt+lgkmcnt"];
const MAX_EVENTS: usize = 1 << 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Key {
    kind: u8,
    code: u16,
    producer: u32,
    consumer: u32,
}

#[derive(Clone, Debug)]
struct Agg {
    waves: u64,
    first_wave: u32,
    required: u32,
    provided: u32,
    register: Option<String>,
}

// ---- per-wave state ---------------------------------------------------------------------------------------

/// Who last wrote (or read) a register, at which point of the wave's wait-state count.
#[derive(Clone, Copy, Debug)]
struct Rec {
    /// Wait states counted up to and including the instruction.
    clock: u64,
    idx: u32,
    flags: u8,
    /// Producer kinds of the instruction (`plan::pk`).
    pk: u8,
}

/// The write went through an M0-relative index (H3.9-01).
const BY_INDEX: u8 = 1;

impl Rec {
    const NONE: Rec = Rec {
        clock: 0,
        idx: u32::MAX,
        flags: 0,
        pk: 0,
    };
    #[inline]
    fn recent(&self, now: u64) -> bool {
        self.idx != u32::MAX && now - self.clock < WINDOW
    }
}

/// An outstanding memory operation.
#[derive(Clone, Copy, Debug)]
struct Pending {
    seq: u32,
    idx: u32,
    class: MemClass,
    /// FLAT with LDS lanes: counters still to reach 0 (bit 0 vmcnt, bit 1 lgkmcnt).
    need: u8,
    done: bool,
    /// The registers it writes when it completes (their `pending` entries name it until then).
    regs: Regs,
}

/// Slots of outstanding memory ops per wave: more than the four capped queues (vm, lds, smem, flat) can hold.
const OPS: usize = 512;
const NEED_VM: u8 = 1;
const NEED_LGKM: u8 = 2;

/// The seqs of the outstanding ops of one in-order counter (VM or LDS), oldest first: a ring of the
/// counter's cap (`MemState::issue` completes the oldest before a 65th), no allocation and no wrap test.
#[repr(C)]
struct Fifo {
    head: u32,
    len: u32,
    q: [u32; FIFO],
}

const FIFO: usize = 64;

impl Fifo {
    fn new() -> Fifo {
        Fifo {
            q: [0; FIFO],
            head: 0,
            len: 0,
        }
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.len as usize
    }
    #[inline(always)]
    fn pop_front(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let s = self.q[self.head as usize % FIFO];
        self.head = self.head.wrapping_add(1);
        self.len -= 1;
        Some(s)
    }
    /// Callers keep `len < FIFO` (`MemState::issue`).
    #[inline(always)]
    fn push_back(&mut self, seq: u32) {
        self.q[self.head.wrapping_add(self.len) as usize % FIFO] = seq;
        self.len += 1;
    }
}

/// Hot fields first (`repr(C)`; see `WaveState`).
#[repr(C)]
struct MemState {
    /// Registers whose `pending` entry may name an outstanding op (a superset: cleared on a register write and
    /// when nothing is outstanding), one bit each: the missing-wait scan runs only for instructions touching
    /// one of them.
    bits: [u64; plan::REG_WORDS],
    next_seq: u32,
    ops: Box<[Pending]>,
    /// Per register: seq of the outstanding op that will write it (0 = none).
    pending: Box<[u32]>,
    vm: Fifo,
    lds: Fifo,
    smem: Vec<u32>,
    flat: Vec<u32>,
    /// `apply_summary`'s seqs of the summary's open ops, by their number (mod 64). Kept, not made per call: a
    /// summary lists every `Issue` before the `Own`s naming them (blocks.rs `summarise`), so a slot read was
    /// written by the same call, and zeroing 64 slots per block was ~17 host instructions each.
    open_seqs: [u32; 64],
}

impl MemState {
    fn new() -> MemState {
        MemState {
            ops: vec![
                Pending {
                    seq: 0,
                    idx: 0,
                    class: MemClass::None,
                    need: 0,
                    done: true,
                    regs: Regs::NONE,
                };
                OPS
            ]
            .into_boxed_slice(),
            next_seq: 1,
            vm: Fifo::new(),
            lds: Fifo::new(),
            smem: Vec::with_capacity(72),
            flat: Vec::with_capacity(72),
            pending: vec![0; NREG].into_boxed_slice(),
            bits: [0; plan::REG_WORDS],
            open_seqs: [0; 64],
        }
    }
    #[inline]
    fn outstanding(&self) -> bool {
        self.vm.len() + self.lds.len() + self.smem.len() + self.flat.len() > 0
    }
    /// Does any register the plan names for an instruction wait for an op?
    #[inline]
    fn touches(&self, p: &plan::InstPlan) -> bool {
        (0..p.nmw as usize).any(|i| self.bits[p.mw_word[i] as usize] & p.mw_bits[i] != 0)
    }
    #[inline]
    fn set_pending(&mut self, g: u16, seq: u32) {
        self.pending[g as usize] = seq;
        self.bits[(g / 64) as usize] |= 1u64 << (g % 64);
    }
    /// Register `g` was written at issue: no op's completion is still to write it. (With its bit clear the
    /// entry is already dead: it names an op no longer outstanding, which `op` never returns again.)
    #[inline]
    fn clear_pending(&mut self, g: u16) {
        let (w, b) = ((g / 64) as usize, 1u64 << (g % 64));
        if self.bits[w] & b != 0 {
            self.bits[w] &= !b;
            self.pending[g as usize] = 0;
        }
    }
    /// Forget every outstanding op (a new wave in this slot). Every outstanding op is in one of the queues, so
    /// retiring those retires all; seqs keep counting up, so the `pending` entries left over name ops that are
    /// done for good and need no clearing (a wave start costs no 10 KB fill).
    fn reset(&mut self) {
        while let Some(s) = self.vm.pop_front() {
            self.complete(s);
        }
        while let Some(s) = self.lds.pop_front() {
            self.complete(s);
        }
        while let Some(s) = self.smem.pop() {
            self.complete(s);
        }
        while let Some(s) = self.flat.pop() {
            self.complete(s);
        }
        self.bits = [0; plan::REG_WORDS];
    }
    #[inline]
    fn op(&self, seq: u32) -> Option<&Pending> {
        let p = &self.ops[seq as usize % OPS];
        (seq != 0 && p.seq == seq && !p.done).then_some(p)
    }
    #[inline]
    fn complete(&mut self, seq: u32) {
        let p = &mut self.ops[seq as usize % OPS];
        if p.seq == seq && !p.done {
            p.done = true;
            let regs = p.regs;
            self.forget(regs, seq);
        }
    }
    /// Op `seq` completed: the registers it was still to write wait for nothing now, so their bits go (the
    /// missing-wait scan then runs only where an outstanding op is pending, not after every completed load).
    #[inline]
    fn forget(&mut self, regs: Regs, seq: u32) {
        for g in regs.first..regs.end() {
            if self.pending[g as usize] == seq {
                self.pending[g as usize] = 0;
                self.bits[(g / 64) as usize] &= !(1u64 << (g % 64));
            }
        }
    }
    /// `s_waitcnt` SIMM16 (waitcnt.md layout): vmcnt [3:0]+[15:14], lgkmcnt [11:8].
    fn wait(&mut self, simm16: u16) {
        let vm = ((simm16 & 0xF) | ((simm16 >> 14) & 3) << 4) as usize;
        let lgkm = ((simm16 >> 8) & 0xF) as usize;
        while self.vm.len() > vm {
            let s = self.vm.pop_front().unwrap_or(0);
            self.complete(s);
        }
        while self.lds.len() > lgkm {
            let s = self.lds.pop_front().unwrap_or(0);
            self.complete(s);
        }
        if lgkm == 0 {
            while let Some(s) = self.smem.pop() {
                self.complete(s);
            }
        }
        if vm == 0 || lgkm == 0 {
            let mut i = 0;
            while i < self.flat.len() {
                let s = self.flat[i];
                let slot = s as usize % OPS;
                if self.ops[slot].seq != s {
                    self.flat.swap_remove(i);
                    continue;
                }
                if vm == 0 {
                    self.ops[slot].need &= !NEED_VM;
                }
                if lgkm == 0 {
                    self.ops[slot].need &= !NEED_LGKM;
                }
                if self.ops[slot].need == 0 {
                    self.complete(s);
                    self.flat.swap_remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }
    /// A block's memory events applied through their summary (`blocks::MemSummary`): false, with nothing
    /// changed, when the summary does not hold here (a queue would reach its cap within the block, or a FLAT
    /// op is outstanding) and the caller replays the events instead.
    fn apply_summary(&mut self, sum: &blocks::MemSummary, events: &[blocks::SumEvent]) -> bool {
        if !self.flat.is_empty()
            || self.vm.len() + sum.n_vm as usize > FIFO
            || self.lds.len() + sum.n_lds as usize > FIFO
            || self.smem.len() + sum.n_smem as usize > 64
        {
            return false;
        }
        while self.vm.len() > sum.keep_vm as usize {
            let s = self.vm.pop_front().unwrap_or(0);
            self.complete(s);
        }
        while self.lds.len() > sum.keep_lds as usize {
            let s = self.lds.pop_front().unwrap_or(0);
            self.complete(s);
        }
        if sum.smem_all {
            while let Some(s) = self.smem.pop() {
                self.complete(s);
            }
        }
        let mut nopen = 0;
        for ev in events {
            match *ev {
                blocks::SumEvent::Issue {
                    idx,
                    class,
                    first,
                    end,
                } => {
                    let seq = self.issue(
                        idx,
                        class,
                        Regs {
                            first,
                            count: (end - first) as u8,
                        },
                    );
                    self.open_seqs[nopen & 63] = seq;
                    nopen += 1;
                }
                blocks::SumEvent::Own { first, end, op } => {
                    let seq = self.open_seqs[op as usize & 63];
                    for g in first..end {
                        self.set_pending(g, seq);
                    }
                }
            }
        }
        true
    }
    /// Record an issued memory op writing `regs` at completion; returns its seq. (`inline`, not
    /// `inline(always)`: forced into the dispatch loop it cost more than the call, 840 vs 780 ms CPU for the
    /// cycle model + checkers on gemm 512.)
    #[inline]
    fn issue(&mut self, idx: u32, class: MemClass, regs: Regs) -> u32 {
        // The op lives in slot seq % OPS. A slot whose op is still outstanding is skipped, not reused: an SMEM
        // load stays pending until the next lgkmcnt(0) however many VMEM ops come and go meanwhile (a recursive
        // device call spilling to scratch between the load and its use). The counters bound what can be
        // outstanding (waitcnt.md: the queues below are capped at 64 each), so a free slot is found at once in
        // practice; the probe is bounded all the same.
        let mut seq = self.next_seq;
        for _ in 0..OPS {
            let p = &self.ops[seq as usize % OPS];
            if p.seq == 0 || p.done {
                break;
            }
            seq = seq.wrapping_add(1).max(1);
        }
        self.next_seq = seq.wrapping_add(1).max(1);
        let slot = seq as usize % OPS;
        self.ops[slot] = Pending {
            seq,
            idx,
            class,
            need: if class == MemClass::Flat {
                NEED_VM | NEED_LGKM
            } else {
                0
            },
            done: false,
            regs,
        };
        match class {
            MemClass::Vm => {
                if self.vm.len() >= FIFO {
                    if let Some(s) = self.vm.pop_front() {
                        self.complete(s);
                    }
                }
                self.vm.push_back(seq);
            }
            MemClass::Lds => {
                if self.lds.len() >= FIFO {
                    if let Some(s) = self.lds.pop_front() {
                        self.complete(s);
                    }
                }
                self.lds.push_back(seq);
            }
            MemClass::Smem => {
                if self.smem.len() >= 64 {
                    let s = self.smem.remove(0);
                    self.complete(s);
                }
                self.smem.push(seq);
            }
            MemClass::Flat => {
                if self.flat.len() >= 64 {
                    let s = self.flat.remove(0);
                    self.complete(s);
                }
                self.flat.push(seq);
            }
            MemClass::None | MemClass::Msg => {}
        }
        seq
    }
}

/// In declaration order (`repr(C)`), so what the inline path reads for every instruction (the slot test,
/// the clock, the recency clocks, the history's pointer, the missing-wait bits and the VM queue's length) sits
/// in the first three cache lines, not spread over the 1.4 KB of the state.
#[repr(C)]
struct WaveState {
    wave: u32,
    active: bool,
    /// Wait states issued so far by this wave.
    clock: u64,
    /// Clock after the last producer a plain VGPR read or write can be in a hazard with (trans, shifted
    /// result, MFMA, DL) and after the last SrcC / wide-store data read: when both are older than `WINDOW`,
    /// the per-register vector checks are skipped.
    last_vec_producer: u64,
    last_war_reader: u64,
    /// Clock after the last VALU / SALU that wrote an SGPR at issue: when older than `WINDOW`, SGPR reads
    /// checked only against such producers are skipped.
    last_valu_sgpr_write: u64,
    last_salu_sgpr_write: u64,
    last_write: Box<[Rec]>,
    mem: MemState,
    /// Last XDL/SMFMAC SrcC read per vector register (H7-34), indexed from `VGPR_BASE`.
    last_srcc: Box<[Rec]>,
    /// Last >64-bit store data read per vector register (H4.5-08/09).
    last_store: Box<[Rec]>,
    setreg: [Rec; 64],
    setreg_vskip: Rec,
    setvskip: Rec,
    seen: HashSet<Key>,
}

impl WaveState {
    fn new(wave: u32) -> WaveState {
        WaveState {
            wave,
            active: true,
            clock: 0,
            last_write: vec![Rec::NONE; NREG].into_boxed_slice(),
            last_srcc: vec![Rec::NONE; 512].into_boxed_slice(),
            last_store: vec![Rec::NONE; 512].into_boxed_slice(),
            setreg: [Rec::NONE; 64],
            setreg_vskip: Rec::NONE,
            setvskip: Rec::NONE,
            last_vec_producer: 0,
            last_war_reader: 0,
            last_valu_sgpr_write: 0,
            last_salu_sgpr_write: 0,
            mem: MemState::new(),
            seen: HashSet::new(),
        }
    }
    /// A new wave in this slot. The history arrays are not cleared: moving the clock `WINDOW` wait states past
    /// everything recorded makes every record too old to matter (`Rec::recent`, `last_vec_producer`), as if
    /// they had been cleared (and a wave start costs no 26 KB fill).
    fn reset(&mut self, wave: u32) {
        self.wave = wave;
        self.active = true;
        self.clock += WINDOW;
        self.mem.reset();
        self.seen.clear();
    }
}

/// A hazard found at the current instruction, before deduplication.
#[derive(Clone, Copy)]
struct Hit {
    rule: Rule,
    producer: u32,
    required: u32,
    provided: u32,
}

/// Small fixed buffer of hits of one instruction (no allocation on the hot path).
struct Hits {
    h: [Hit; 24],
    n: usize,
}

impl Hits {
    fn new() -> Hits {
        Hits {
            h: [Hit {
                rule: Rule::H4_5_01,
                producer: 0,
                required: 0,
                provided: 0,
            }; 24],
            n: 0,
        }
    }
    #[inline]
    fn add(&mut self, rule: Rule, producer: u32, required: u32, provided: u64) {
        if provided >= required as u64 {
            return;
        }
        let provided = provided as u32;
        for x in &mut self.h[..self.n] {
            if x.rule == rule && x.producer == producer {
                x.provided = x.provided.min(provided);
                return;
            }
        }
        if self.n < self.h.len() {
            self.h[self.n] = Hit {
                rule,
                producer,
                required,
                provided,
            };
            self.n += 1;
        }
    }
}

/// The checker: an `Observer` keeping per-wave history. One per host thread.
pub struct HazardChecker<'a> {
    table: &'a HazardTable,
    /// The plan's inline records (`table.plan.fast`; empty for the generic checker, which takes
    /// `before_planned` for every instruction): one load fewer per instruction.
    fast: &'a [plan::Fast],
    slots: Vec<WaveState>,
    cur: usize,
    findings: HashMap<Key, Agg>,
    events: Vec<HazardEvent>,
    /// Scratch buffers of one instruction's findings (kept here so the hot path allocates nothing).
    hits: Hits,
    wait_hits: [(u32, u16, Regs); 8],
    /// Slot + 1 of each active wave id below `BY_WAVE_MAX` (0: none); grown at `wave_start` only.
    by_wave: Vec<u32>,
    /// Evaluate every rule for every instruction (no plan): the reference the plan is tested against.
    generic: bool,
    /// The block starting at each instruction (`table.blocks.at`; empty: per-instruction path only).
    block_at: &'a [u32],
    /// The block being counted (blocks.rs): its index, the wave and its slot, the next instruction expected
    /// and the block's end (`blocks::NONE` in `blk_next`: none).
    blk: u32,
    blk_wave: u32,
    blk_slot: usize,
    blk_next: u32,
    blk_end: u32,
    /// Blocks whose entry test passed (tests show the block path ran).
    blocks_entered: u64,
}

/// Wave ids the direct slot map covers (4 bytes each); waves beyond it are found by a scan.
const BY_WAVE_MAX: u32 = 1 << 22;

impl<'a> HazardChecker<'a> {
    pub fn new(table: &'a HazardTable) -> HazardChecker<'a> {
        HazardChecker {
            table,
            fast: &table.plan.fast,
            slots: Vec::new(),
            cur: usize::MAX,
            findings: HashMap::new(),
            events: Vec::new(),
            hits: Hits::new(),
            wait_hits: [(0, 0, Regs::NONE); 8],
            by_wave: Vec::new(),
            generic: false,
            block_at: &table.blocks.at,
            blk: blocks::NONE,
            blk_wave: 0,
            blk_slot: 0,
            blk_next: blocks::NONE,
            blk_end: 0,
            blocks_entered: 0,
        }
    }

    /// A checker without the block path (every instruction checked on its own, inline or planned): the
    /// reference tests/hazards_blocks.rs compares the block path with, and the interactive machine's checker
    /// (its waves interleave instruction by instruction).
    pub fn per_instruction(table: &'a HazardTable) -> HazardChecker<'a> {
        HazardChecker {
            block_at: &[],
            ..HazardChecker::new(table)
        }
    }

    /// A checker that evaluates every rule for every instruction without the table's plan (slower; same
    /// findings): the reference for tests of the plan.
    pub fn generic(table: &'a HazardTable) -> HazardChecker<'a> {
        HazardChecker {
            generic: true,
            fast: &[],
            block_at: &[],
            ..HazardChecker::new(table)
        }
    }

    /// Events recorded so far (first occurrence per finding and wave, in order): a trace writer running with
    /// the checker turns the new ones into instant events.
    pub fn events(&self) -> &[HazardEvent] {
        &self.events
    }

    /// How many blocks took the block path (blocks.rs) so far.
    pub fn blocks_entered(&self) -> u64 {
        self.blocks_entered
    }

    /// This checker's findings alone (use `Findings::merge` for a multi-threaded run).
    pub fn findings(self) -> Findings {
        Findings::merge([self])
    }

    /// The slot of `wave`: the last one used, else the direct map, else a new or recycled slot.
    #[inline]
    fn slot_for(&mut self, wave: u32) -> usize {
        if self.cur < self.slots.len()
            && self.slots[self.cur].active
            && self.slots[self.cur].wave == wave
        {
            return self.cur;
        }
        self.slot_lookup(wave)
    }

    #[inline(never)]
    fn slot_lookup(&mut self, wave: u32) -> usize {
        let mapped = self
            .by_wave
            .get(wave as usize)
            .map(|&s| s as usize)
            .filter(|&s| s > 0 && self.slots[s - 1].active && self.slots[s - 1].wave == wave)
            .map(|s| s - 1);
        let found = match mapped {
            Some(i) => Some(i),
            None if wave < BY_WAVE_MAX && (wave as usize) < self.by_wave.len() => None,
            None => self.slots.iter().position(|s| s.active && s.wave == wave),
        };
        let i = match found {
            Some(i) => i,
            None => match self.slots.iter().position(|s| !s.active) {
                Some(i) => {
                    self.slots[i].reset(wave);
                    i
                }
                None => {
                    self.slots.push(WaveState::new(wave));
                    self.slots.len() - 1
                }
            },
        };
        if wave < BY_WAVE_MAX {
            if self.by_wave.len() <= wave as usize {
                self.by_wave.resize(wave as usize + 1, 0);
            }
            self.by_wave[wave as usize] = i as u32 + 1;
        }
        self.cur = i;
        i
    }
}

#[allow(clippy::too_many_arguments)]
fn record(
    findings: &mut HashMap<Key, Agg>,
    events: &mut Vec<HazardEvent>,
    table: &HazardTable,
    st: &mut WaveState,
    wave: &Wave,
    key: Key,
    required: u32,
    provided: u32,
    register: Option<String>,
    label: &'static str,
) {
    let first_in_wave = st.seen.insert(key);
    let a = findings.entry(key).or_insert_with(|| Agg {
        waves: 0,
        first_wave: st.wave,
        required,
        provided,
        register,
    });
    a.provided = a.provided.min(provided);
    a.required = a.required.max(required);
    if first_in_wave {
        a.waves += 1;
        a.first_wave = a.first_wave.min(st.wave);
        if events.len() < MAX_EVENTS {
            events.push(HazardEvent {
                wave: st.wave,
                wave_instruction: wave.instructions,
                producer_pc: table.pcs.get(key.producer as usize).copied().unwrap_or(0),
                consumer_pc: table.pcs.get(key.consumer as usize).copied().unwrap_or(0),
                label,
                missing_wait: key.kind == KIND_WAIT,
            });
        }
    }
}

/// Wait states the current instruction still needs from the MFMA `p` for a read of kind `kind`
/// (Table 38 rows by producer and consumer class). `exact`: the consumer's SrcC block equals p's vDst.
fn mfma_read_rule(p: &InstEffects, e: &InstEffects, kind: ReadKind, exact: bool) -> Option<Rule> {
    use Rule::*;
    let xdl_p = p.is(class::XDL | class::SMFMAC);
    if e.is(class::MFMA) {
        let c_read = kind == ReadKind::MfmaC;
        let ab = matches!(
            kind,
            ReadKind::MfmaA | ReadKind::MfmaB | ReadKind::MfmaScale | ReadKind::SmfmacIdx
        );
        let xdl_e = e.is(class::XDL | class::SMFMAC);
        if xdl_p {
            if c_read {
                // an exact SrcC match is H7-05 whatever the consumer (LLVM gfx950 agrees)
                return Some(if exact {
                    H7_05
                } else if xdl_e {
                    H7_06
                } else {
                    H7_07
                });
            }
            return ab.then_some(H7_08);
        }
        if p.is(class::SGEMM) {
            if c_read {
                return if xdl_e {
                    None // H7-12: 0
                } else if exact && e.is(class::SGEMM) {
                    Some(H7_10)
                } else {
                    Some(H7_11)
                };
            }
            return ab.then_some(H7_13);
        }
        if p.is(class::DGEMM16) {
            if c_read {
                // H7-17/H7-18: XDL/SMFMAC 0; H7-15: same op, exact block: 0
                return if xdl_e || (exact && e.op == p.op) {
                    None
                } else {
                    Some(H7_16)
                };
            }
            return ab.then_some(if e.is(class::SMFMAC) {
                H7_21
            } else if e.is(class::XDL) {
                H7_20
            } else {
                H7_19
            });
        }
        if p.is(class::DGEMM4) {
            if c_read {
                return if xdl_e {
                    None // H7-26/H7-27
                } else if exact && e.op == p.op {
                    Some(H7_24)
                } else {
                    Some(H7_25)
                };
            }
            return ab.then_some(if e.is(class::SMFMAC) {
                H7_30
            } else if e.is(class::XDL) {
                H7_29
            } else {
                H7_28
            });
        }
        return None;
    }
    let mem = e.is(class::VMEM | class::DS);
    if !mem && !e.is(class::VALU) {
        return None;
    }
    Some(if xdl_p {
        H7_09
    } else if p.is(class::SGEMM) {
        H7_14
    } else if p.is(class::DGEMM16) {
        if mem {
            H7_23
        } else {
            H7_22
        }
    } else if mem {
        H7_32
    } else {
        H7_31
    })
}

/// Required waits of `rule` for producer `p`.
#[inline]
fn need(rule: Rule, p: &InstEffects) -> u32 {
    rule.wait_for_passes(p.passes)
}

/// Hazards of reading register `g` (of read `rd`) last written by `rec`.
#[allow(clippy::too_many_arguments)]
fn read_hazards(
    t: &HazardTable,
    e: &InstEffects,
    rd: effects::Read,
    g: u16,
    rec: Rec,
    now: u64,
    hits: &mut Hits,
) {
    use Rule::*;
    let p = &t.effects[rec.idx as usize];
    let d = now - rec.clock;
    let pi = rec.idx;
    if g >= VGPR_BASE {
        let valu_e = e.is(class::VALU);
        if p.is(class::TRANS) && valu_e && !e.is(class::TRANS) {
            hits.add(H4_5_21, pi, 1, d);
        }
        if p.is(class::DSTSHIFT) && valu_e {
            hits.add(H4_5_20, pi, 1, d);
        }
        if p.is(class::VALU) {
            if e.is(class::DPP) {
                hits.add(H4_5_12, pi, 2, d);
            }
            if e.is(class::READLANE | class::READFIRSTLANE) && rd.kind == ReadKind::Src {
                hits.add(H4_5_19, pi, 1, d);
            }
            if e.is(class::PERMLANE) {
                hits.add(H4_5_23, pi, 2, d);
            }
            if !p.is(class::MFMA | class::DOT) && e.is(class::MFMA) {
                hits.add(H7_01, pi, 2, d);
            }
        }
        if p.is(class::DOT) {
            if e.op == p.op {
                // H7-02: same op reading SrcC needs nothing; SrcA/B needs 3
                if rd.kind == ReadKind::Src {
                    hits.add(H7_03, pi, 3, d);
                }
            } else {
                hits.add(H7_04, pi, 3, d);
            }
        }
        if p.is(class::MFMA) {
            let exact = rd.kind == ReadKind::MfmaC && rd.regs == p.mfma_dst();
            if let Some(r) = mfma_read_rule(p, e, rd.kind, exact) {
                hits.add(r, pi, need(r, p), d);
            }
        }
        return;
    }
    // scalar registers
    if p.is(class::VALU) && e.is(class::VALU) {
        match rd.kind {
            ReadKind::Src | ReadKind::Src2 => {
                if g == EXEC || g == EXEC + 1 {
                    hits.add(H4_5_18d, pi, 2, d);
                } else {
                    hits.add(H4_5_18a, pi, 2, d);
                    if g == VCC || g == VCC + 1 {
                        hits.add(H4_5_14, pi, 1, d);
                    }
                }
            }
            ReadKind::LaneSel => hits.add(H4_5_06, pi, 4, d),
            ReadKind::DivFmasVcc => {
                hits.add(H4_5_07, pi, 4, d);
                hits.add(H4_5_18a, pi, 2, d);
            }
            _ => {} // carry-in: H4.5-18b, no wait
        }
    }
    if p.is(class::VALU) && e.is(class::VMEM) && rd.kind == ReadKind::MemSgpr {
        hits.add(H4_5_10, pi, 5, d);
    }
    if rd.kind == ReadKind::M0 && p.is(class::SALU) {
        if e.is(class::SENDMSG) {
            hits.add(H4_5_11, pi, 1, d);
        }
        if e.is(class::M0_LDS) {
            hits.add(H4_5_16, pi, 1, d);
        }
        if e.is(class::SMOVREL) {
            hits.add(H4_5_17, pi, 1, d);
        }
    }
    if rd.kind == ReadKind::Branch
        && e.is(class::CBR_VCC)
        && p.is(class::SALU)
        && rec.flags & BY_INDEX != 0
    {
        hits.add(H3_9_01, pi, 1, d);
    }
}

/// Hazards of writing vector register `g` (WAW after MFMA/DL, WAR after SrcC and wide-store data reads).
fn write_hazards(
    t: &HazardTable,
    st: &WaveState,
    e: &InstEffects,
    g: u16,
    now: u64,
    hits: &mut Hits,
) {
    use Rule::*;
    let rec = st.last_write[g as usize];
    if rec.recent(now) {
        let p = &t.effects[rec.idx as usize];
        let d = now - rec.clock;
        if p.is(class::DOT) && p.op != e.op {
            hits.add(H7_04, rec.idx, 3, d);
        }
        if p.is(class::MFMA) && e.is(class::VALU) && !e.is(class::MFMA) {
            let r = if p.is(class::XDL | class::SMFMAC) {
                H7_09
            } else if p.is(class::SGEMM) {
                H7_14
            } else if p.is(class::DGEMM16) {
                H7_22
            } else {
                H7_31
            };
            hits.add(r, rec.idx, need(r, p), d);
        }
    }
    let v = (g - VGPR_BASE) as usize;
    let rec = st.last_srcc[v];
    if rec.recent(now) && e.is(class::VALU) && !e.is(class::MFMA) {
        let p = &t.effects[rec.idx as usize];
        hits.add(H7_34, rec.idx, need(H7_34, p), now - rec.clock);
    }
    let rec = st.last_store[v];
    // hazards.md H4.5-08/09: only a writer that writes the store's data VGPRs at issue can bite. A VMEM/DS load
    // writes them at completion, long after the store read its data, and LLVM 22 (the authority for compiler
    // output) pads only VALU writers: clang -O2 reloads a wide store's data VGPR right after it.
    if rec.recent(now) && !e.is(class::VMEM | class::DS) {
        let d = now - rec.clock;
        hits.add(H4_5_08, rec.idx, 1, d);
        if e.is(class::VALU) {
            hits.add(H4_5_09, rec.idx, 2, d);
        }
    }
}

/// Does any active lane of this FLAT instruction address the LDS aperture?
fn flat_touches_lds(wave: &Wave, inst: &Inst, ap: &Apertures) -> bool {
    if inst.src[0].is_none() || !inst.src[0].is_vgpr() {
        return true;
    }
    let v = inst.src[0].index() as usize;
    if v + 1 >= 256 {
        return true;
    }
    let exec = wave.sgpr[EXEC as usize] as u64 | (wave.sgpr[EXEC as usize + 1] as u64) << 32;
    let lo = &wave.vreg[v];
    let hi = &wave.vreg[v + 1];
    (0..64).any(|l| {
        exec >> l & 1 != 0 && {
            let a = (lo[l] as u64 | (hi[l] as u64) << 32).wrapping_add(inst.imm as i64 as u64);
            a.wrapping_sub(ap.shared_base) < Apertures::SIZE
        }
    })
}

fn counter_code(p: &Pending) -> u16 {
    match p.class {
        MemClass::Vm => 0,
        MemClass::Flat => match p.need {
            NEED_VM => 0,
            NEED_LGKM => 1,
            _ => 2,
        },
        _ => 1,
    }
}

/// Missing-wait check of one register run read (`write` false) or written by the current instruction, whose
/// memory class (FLAT resolved) is `mem_class`: hits go to `wait_hits` (one per producer, at most 8).
#[inline]
fn scan_wait(
    mem: &MemState,
    regs: Regs,
    write: bool,
    mem_class: MemClass,
    wait_hits: &mut [(u32, u16, Regs); 8],
    nwait: &mut usize,
) {
    let mut g = regs.first;
    while g < regs.end() {
        let s = mem.pending[g as usize];
        if let Some(p) = mem.op(s) {
            let same_order = write
                && ((p.class == MemClass::Vm && mem_class == MemClass::Vm)
                    || (p.class == MemClass::Lds && mem_class == MemClass::Lds));
            if !same_order {
                let mut end = g + 1;
                while end < regs.end() && mem.pending[end as usize] == s {
                    end += 1;
                }
                let hit = (
                    p.idx,
                    counter_code(p),
                    Regs {
                        first: g,
                        count: (end - g) as u8,
                    },
                );
                if *nwait < 8 && !wait_hits[..*nwait].iter().any(|h| h.0 == hit.0) {
                    wait_hits[*nwait] = hit;
                    *nwait += 1;
                }
                g = end;
                continue;
            }
        }
        g += 1;
    }
}

/// A VGPR read only matters after these producers, or for these consumers.
const P_VEC: u64 = class::TRANS | class::DSTSHIFT | class::MFMA | class::DOT;
const C_VEC: u64 =
    class::DPP | class::READLANE | class::READFIRSTLANE | class::PERMLANE | class::MFMA;

/// The rules on EXEC/VCCZ/EXECZ written by a VALU, hardware registers, S_RFE and MODE.VSKIP.
#[inline(never)]
fn rare_hazards(t: &HazardTable, st: &WaveState, e: &InstEffects, now: u64, hits: &mut Hits) {
    // EXEC written by a VALU (V_CMPX): DPP, MFMA, lane ops, permlane
    if e.is(class::DPP
        | class::MFMA
        | class::READLANE
        | class::READFIRSTLANE
        | class::WRITELANE
        | class::PERMLANE)
    {
        for g in [EXEC, EXEC + 1] {
            let rec = st.last_write[g as usize];
            if !rec.recent(now) || !t.effects[rec.idx as usize].is(class::VALU) {
                continue;
            }
            let d = now - rec.clock;
            if e.is(class::DPP) {
                hits.add(Rule::H4_5_13, rec.idx, 5, d);
            }
            if e.is(class::MFMA) {
                hits.add(Rule::H7_33, rec.idx, 4, d);
            }
            if e.is(class::READLANE | class::READFIRSTLANE | class::WRITELANE) {
                hits.add(Rule::H4_5_18e, rec.idx, 4, d);
            }
            if e.is(class::PERMLANE) {
                hits.add(Rule::H4_5_22, rec.idx, 4, d);
            }
        }
    }
    // VCCZ / EXECZ as VALU data
    if e.is(class::READS_VCCZ | class::READS_EXECZ) {
        let base = if e.is(class::READS_VCCZ) { VCC } else { EXEC };
        for g in [base, base + 1] {
            let rec = st.last_write[g as usize];
            if rec.recent(now) && t.effects[rec.idx as usize].is(class::VALU) {
                hits.add(Rule::H4_5_05, rec.idx, 5, now - rec.clock);
            }
        }
        if e.is(class::READS_VCCZ) && e.is(class::READS_EXECZ) {
            for g in [EXEC, EXEC + 1] {
                let rec = st.last_write[g as usize];
                if rec.recent(now) && t.effects[rec.idx as usize].is(class::VALU) {
                    hits.add(Rule::H4_5_05, rec.idx, 5, now - rec.clock);
                }
            }
        }
    }
    // hardware registers
    if e.is(class::GETREG | class::SETREG) {
        let id = (e.simm16 & 0x3F) as usize;
        let rec = st.setreg[id];
        if rec.recent(now) {
            let r = if e.is(class::GETREG) {
                Rule::H4_5_01
            } else {
                Rule::H4_5_02
            };
            hits.add(r, rec.idx, 2, now - rec.clock);
        }
        if e.is(class::GETREG) && id == 1 && st.setvskip.recent(now) {
            hits.add(Rule::H4_5_03, st.setvskip.idx, 2, now - st.setvskip.clock);
        }
    }
    if e.is(class::RFE) && st.setreg[3].recent(now) {
        hits.add(Rule::H4_5_15, st.setreg[3].idx, 1, now - st.setreg[3].clock);
    }
    if e.is(class::VECTOR) && st.setreg_vskip.recent(now) {
        hits.add(
            Rule::H4_5_04,
            st.setreg_vskip.idx,
            2,
            now - st.setreg_vskip.clock,
        );
    }
}

/// WAW / WAR checks of the vector registers `e` writes.
#[inline(never)]
fn vector_write_hazards(
    t: &HazardTable,
    st: &WaveState,
    e: &InstEffects,
    now: u64,
    hits: &mut Hits,
) {
    for w in e.writes().iter().chain(std::iter::once(&e.async_write)) {
        if !w.is_vector() {
            continue;
        }
        for g in w.first..w.end() {
            write_hazards(t, st, e, g, now, hits);
        }
    }
}

/// Record the missing waits and hazards the current instruction (`idx32`) found.
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn record_all(
    findings: &mut HashMap<Key, Agg>,
    events: &mut Vec<HazardEvent>,
    t: &HazardTable,
    st: &mut WaveState,
    wave: &Wave,
    idx32: u32,
    wait_hits: &[(u32, u16, Regs)],
    hits: &Hits,
) {
    for &(pidx, code, regs) in wait_hits {
        let key = Key {
            kind: KIND_WAIT,
            code,
            producer: pidx,
            consumer: idx32,
        };
        let name = if findings.contains_key(&key) {
            None
        } else {
            Some(effects::regs_name(regs))
        };
        record(
            findings,
            events,
            t,
            st,
            wave,
            key,
            0,
            0,
            name,
            COUNTERS[code as usize],
        );
    }
    for h in &hits.h[..hits.n] {
        let key = Key {
            kind: KIND_HAZARD,
            code: h.rule as u16,
            producer: h.producer,
            consumer: idx32,
        };
        record(
            findings,
            events,
            t,
            st,
            wave,
            key,
            h.required,
            h.provided,
            None,
            h.rule.id(),
        );
    }
}

/// The wave's history after instruction `idx32` (effects `e`, plan `p`) issued. Inlined: it runs once per
/// instruction, at the end of `before`, and its call cost showed in the profile.
#[inline(always)]
fn update_history(
    st: &mut WaveState,
    e: &InstEffects,
    idx32: u32,
    p: &plan::InstPlan,
    dyn_write: Option<Regs>,
    mem_class: MemClass,
) {
    let pk = p.pk;
    let now = st.clock;
    let after = now + e.waits as u64;
    if p.flags & plan::flag::SCALAR_WRITE != 0 || dyn_write.is_some_and(|w| w.is_scalar()) {
        if pk & plan::pk::VALU != 0 {
            st.last_valu_sgpr_write = after;
        }
        if pk & plan::pk::SALU != 0 {
            st.last_salu_sgpr_write = after;
        }
    }
    if e.is(P_VEC) {
        st.last_vec_producer = after;
    }
    if e.is(class::XDL | class::SMFMAC | class::WIDE_STORE) {
        st.last_war_reader = after;
    }
    let rec = Rec {
        clock: after,
        idx: idx32,
        flags: 0,
        pk,
    };
    if e.is(class::XDL | class::SMFMAC) {
        if let Some(c) = e.read_of(ReadKind::MfmaC) {
            if c.is_vector() {
                for g in c.first..c.end() {
                    st.last_srcc[(g - VGPR_BASE) as usize] = rec;
                }
            }
        }
    }
    if e.is(class::WIDE_STORE) {
        if let Some(c) = e.read_of(ReadKind::Data) {
            if c.is_vector() {
                for g in c.first..c.end() {
                    st.last_store[(g - VGPR_BASE) as usize] = rec;
                }
            }
        }
    }
    for w in e.writes() {
        for g in w.first..w.end() {
            st.last_write[g as usize] = rec;
            st.mem.clear_pending(g);
        }
    }
    if let Some(w) = dyn_write {
        for g in w.first..w.end() {
            st.last_write[g as usize] = Rec {
                flags: BY_INDEX,
                ..rec
            };
            st.mem.clear_pending(g);
        }
    }
    if e.async_write.count > 0 {
        let w = e.async_write;
        for g in w.first..w.end() {
            st.last_write[g as usize] = rec;
        }
    }
    if e.is(class::SETREG) {
        let id = (e.simm16 & 0x3F) as usize;
        st.setreg[id] = rec;
        let offset = (e.simm16 >> 6) & 0x1F;
        let size = ((e.simm16 >> 11) & 0x1F) + 1;
        // state.md MODE: VSKIP is bit 28
        if id == 1 && offset <= 28 && offset + size > 28 {
            st.setreg_vskip = rec;
        }
    }
    if e.is(class::SETVSKIP) {
        st.setvskip = rec;
    }
    if mem_class != MemClass::None && mem_class != MemClass::Msg {
        let w = e.async_write;
        let seq = st.mem.issue(idx32, mem_class, w);
        for g in w.first..w.end() {
            st.mem.set_pending(g, seq);
        }
    }
    st.clock = after;
}

/// FLAT is in VM order only when no lane goes to LDS (decided per execution).
#[inline]
fn resolve_mem_class(e: &InstEffects, wave: &Wave, inst: &Inst, ap: &Apertures) -> MemClass {
    if e.mem == MemClass::Flat && inst.format == Format::Flat && !flat_touches_lds(wave, inst, ap) {
        MemClass::Vm
    } else {
        e.mem
    }
}

impl HazardChecker<'_> {
    /// Every rule for every instruction, from the instruction's effects alone: M0-relative operands, VGPR
    /// indexing mode, and the reference the plan is tested against.
    #[inline(never)]
    fn before_generic(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        let t = self.table;
        let Some(e) = t.effects.get(idx) else { return };
        // VGPR indexing mode (state.md MODE bit 27): operands move by M0[7:0]
        let indexed;
        let e = if wave.mode & GPR_IDX_EN != 0 && e.is(class::VALU) {
            indexed = effects::indexed(e, wave.sgpr[M0 as usize]);
            &indexed
        } else {
            e
        };
        let si = self.slot_for(wave.id.wave);
        let st = &mut self.slots[si];
        let now = st.clock;
        let idx32 = idx as u32;

        // M0-relative scalar operands (S_MOVRELS/D): resolve with this wave's M0
        let mut dyn_read: Option<Regs> = None;
        let mut dyn_write: Option<Regs> = None;
        if e.is(class::DYN_SSRC | class::DYN_SDST) {
            let w = if inst.name().ends_with("b64") { 2 } else { 1 };
            let m0 = wave.sgpr[M0 as usize] as u16;
            if e.is(class::DYN_SSRC) {
                dyn_read =
                    effects::operand_regs(crate::isa::Operand(inst.src[0].0.wrapping_add(m0)), w);
            } else {
                dyn_write =
                    effects::operand_regs(crate::isa::Operand(inst.dst.0.wrapping_add(m0)), w);
            }
        }
        let mem_class = resolve_mem_class(e, wave, inst, &t.apertures);

        // ---- missing waits -----------------------------------------------------------------------------
        if e.is(class::WAITCNT) {
            st.mem.wait(e.simm16);
        }
        let wait_hits = &mut self.wait_hits;
        let mut nwait = 0usize;
        if st.mem.outstanding() {
            let mem = &st.mem;
            for rd in e.reads() {
                scan_wait(mem, rd.regs, false, mem_class, wait_hits, &mut nwait);
            }
            if let Some(r) = dyn_read {
                scan_wait(mem, r, false, mem_class, wait_hits, &mut nwait);
            }
            for &w in e.writes() {
                scan_wait(mem, w, true, mem_class, wait_hits, &mut nwait);
            }
            if let Some(r) = dyn_write {
                scan_wait(mem, r, true, mem_class, wait_hits, &mut nwait);
            }
            if e.async_write.count > 0 {
                scan_wait(mem, e.async_write, true, mem_class, wait_hits, &mut nwait);
            }
        } else {
            st.mem.bits = [0; plan::REG_WORDS];
        }

        // ---- hazards -----------------------------------------------------------------------------------
        let hits = &mut self.hits;
        hits.n = 0;
        let consumer_vec = e.is(C_VEC);
        let vec_recent = st.last_vec_producer != 0 && now - st.last_vec_producer < WINDOW;
        let war_recent = st.last_war_reader != 0 && now - st.last_war_reader < WINDOW;
        for &rd in e.reads() {
            if rd.regs.is_vector() && !consumer_vec && !vec_recent {
                continue;
            }
            for g in rd.regs.first..rd.regs.end() {
                let rec = st.last_write[g as usize];
                if rec.recent(now)
                    && (g < VGPR_BASE || consumer_vec || t.effects[rec.idx as usize].is(P_VEC))
                {
                    read_hazards(t, e, rd, g, rec, now, hits);
                }
            }
        }
        if let Some(r) = dyn_read {
            for g in r.first..r.end() {
                let rec = st.last_write[g as usize];
                if rec.recent(now) {
                    let rd = effects::Read {
                        regs: r,
                        kind: ReadKind::Src,
                        src: effects::SRC_NONE,
                    };
                    read_hazards(t, e, rd, g, rec, now, hits);
                }
            }
        }
        rare_hazards(t, st, e, now, hits);
        // writes of vector registers: WAW / WAR
        if e.is(class::VALU | class::VMEM | class::DS) && (vec_recent || war_recent) {
            vector_write_hazards(t, st, e, now, hits);
        }
        record_all(
            &mut self.findings,
            &mut self.events,
            t,
            st,
            wave,
            idx32,
            &self.wait_hits[..nwait],
            &self.hits,
        );
        update_history(st, e, idx32, &t.plan.insts[idx], dyn_write, mem_class);
    }
}

impl Observer for HazardChecker<'_> {
    fn wave_start(&mut self, wave: &Wave) {
        self.block_flush();
        let i = self.slot_for(wave.id.wave);
        // a new wave with a recycled id (a second dispatch) starts clean
        self.slots[i].reset(wave.id.wave);
    }

    fn wave_end(&mut self, wave: &Wave) {
        self.block_flush();
        if let Some(s) = self
            .slots
            .iter_mut()
            .find(|s| s.active && s.wave == wave.id.wave)
        {
            s.active = false;
        }
    }

    /// The inline path for instructions whose plan has a [`plan::Fast`] record (most VALU and SALU
    /// instructions): when no producer their reads care about issued within the window and no register they
    /// touch waits for a memory op, there is nothing to find, and only their writes go into the history (as
    /// `update_history` records them). Everything else takes [`HazardChecker::before_planned`].
    #[inline(always)]
    fn before(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        // inside a block whose entry test passed: count the instruction, apply the block at its last one
        if self.blk_next != blocks::NONE {
            if idx as u32 == self.blk_next && wave.id.wave == self.blk_wave {
                self.blk_next += 1;
                if self.blk_next == self.blk_end {
                    self.block_apply();
                }
                return;
            }
            self.block_flush();
        }
        if let Some(&b) = self.block_at.get(idx) {
            if b != blocks::NONE && self.block_enter(wave, idx, b) {
                return;
            }
        }
        let Some(f) = self.fast.get(idx) else {
            // the generic checker (no records), or an index past the program (`before_planned` ignores it)
            self.before_planned(wave, idx, inst);
            return;
        };
        if f.flags & plan::fast::ON == 0
            || (f.flags & plan::fast::VALU != 0 && wave.mode & GPR_IDX_EN != 0)
        {
            self.before_planned(wave, idx, inst);
            return;
        }
        let si = self.slot_for(wave.id.wave);
        let st = &mut self.slots[si];
        let now = st.clock;
        if f.flags & plan::fast::WAIT != 0 {
            st.mem.wait(f.simm16);
        }
        // a register's bit is set exactly while an outstanding op is still to write it (`MemState::forget`
        // clears it when the op completes), so with no bit of the instruction's registers set there is no
        // missing wait to look for (and with nothing outstanding no bit is set at all)
        if (0..f.nmw as usize).any(|i| st.mem.bits[f.mw_word[i] as usize] & f.mw_bits[i] != 0) {
            self.before_planned(wave, idx, inst);
            return;
        }
        if f.flags & plan::fast::VEC_READ != 0
            && st.last_vec_producer != 0
            && now - st.last_vec_producer < WINDOW
        {
            self.before_planned(wave, idx, inst);
            return;
        }
        if f.sgpr_pmask != 0 {
            let mut sgpr_live = 0;
            if now - st.last_valu_sgpr_write < WINDOW {
                sgpr_live |= plan::pk::VALU;
            }
            if now - st.last_salu_sgpr_write < WINDOW {
                sgpr_live |= plan::pk::SALU;
            }
            if f.sgpr_pmask & sgpr_live != 0 {
                self.before_planned(wave, idx, inst);
                return;
            }
        }
        fast_update(st, f, idx, now);
    }

    fn after(&mut self, _wave: &Wave, _idx: usize, _inst: &Inst, _pc: u64, _flow: Flow) {}
}

/// The inline path's history update for instruction `idx` (record `f`) issuing at wait-state count `now`, once
/// its tests found nothing (its `s_waitcnt` already applied): the update of `update_history` for such an
/// instruction.
#[inline(always)]
fn fast_update(st: &mut WaveState, f: &plan::Fast, idx: usize, now: u64) {
    let after = now + f.waits as u64;
    if f.flags & plan::fast::SCALAR_WRITE != 0 {
        if f.pk & plan::pk::VALU != 0 {
            st.last_valu_sgpr_write = after;
        }
        if f.pk & plan::pk::SALU != 0 {
            st.last_salu_sgpr_write = after;
        }
    }
    if f.flags & plan::fast::P_VEC != 0 {
        st.last_vec_producer = after;
    }
    let rec = Rec {
        clock: after,
        idx: idx as u32,
        flags: 0,
        pk: f.pk,
    };
    // (no `clear_pending`: every register it writes has its bit clear, as checked above)
    for &(first, end) in &f.writes[..f.nwrites as usize] {
        for g in first..end {
            st.last_write[g as usize] = rec;
        }
    }
    if f.flags & plan::fast::MEM != 0 {
        let (first, end) = f.async_write;
        if f.flags & plan::fast::ASYNC_RECORD != 0 {
            for g in first..end {
                st.last_write[g as usize] = rec;
            }
        }
        let seq = st.mem.issue(
            idx as u32,
            f.mem,
            Regs {
                first,
                count: (end - first) as u8,
            },
        );
        for g in first..end {
            st.mem.set_pending(g, seq);
        }
    }
    st.clock = after;
}

impl HazardChecker<'_> {
    /// The entry test of block `b` (starting at `idx`, blocks.rs): when no instruction of it can find anything,
    /// start counting it and return true.
    #[inline(never)]
    fn block_enter(&mut self, wave: &Wave, idx: usize, b: u32) -> bool {
        let t = self.table;
        let blk = &t.blocks.blocks[b as usize];
        if blk.flags & blocks::bflag::VALU != 0 && wave.mode & GPR_IDX_EN != 0 {
            return false;
        }
        let si = self.slot_for(wave.id.wave);
        let st = &self.slots[si];
        let now = st.clock;
        let w = WINDOW;
        if blk.vec_read_at != blocks::NO_OFFSET
            && st.last_vec_producer != 0
            && now + blk.vec_read_at as u64 - st.last_vec_producer < w
        {
            return false;
        }
        if blk.valu_sgpr_at != blocks::NO_OFFSET
            && now + blk.valu_sgpr_at as u64 - st.last_valu_sgpr_write < w
        {
            return false;
        }
        if blk.salu_sgpr_at != blocks::NO_OFFSET
            && now + blk.salu_sgpr_at as u64 - st.last_salu_sgpr_write < w
        {
            return false;
        }
        if t.blocks.mw[blk.mw.0 as usize..blk.mw.1 as usize]
            .iter()
            .any(|&(word, bits)| st.mem.bits[word as usize] & bits != 0)
        {
            return false;
        }
        self.blk = b;
        self.blk_wave = wave.id.wave;
        self.blk_slot = si;
        self.blk_next = idx as u32 + 1;
        self.blk_end = blk.end;
        self.blocks_entered += 1;
        true
    }

    /// The counted block's last instruction came: apply its net effect (blocks.rs) at once.
    #[inline(never)]
    fn block_apply(&mut self) {
        let t = self.table;
        let blk = &t.blocks.blocks[self.blk as usize];
        self.blk_next = blocks::NONE;
        let st = &mut self.slots[self.blk_slot];
        let now = st.clock;
        let summarised = blk.sum.is_some_and(|sum| {
            st.mem.apply_summary(
                &sum,
                &t.blocks.sum[sum.events.0 as usize..sum.events.1 as usize],
            )
        });
        let replay = if summarised {
            &[][..]
        } else {
            &t.blocks.mem[blk.mem.0 as usize..blk.mem.1 as usize]
        };
        for ev in replay {
            match *ev {
                blocks::MemEvent::Wait(s) => st.mem.wait(s),
                blocks::MemEvent::Issue {
                    idx,
                    class,
                    first,
                    end,
                } => {
                    let seq = st.mem.issue(
                        idx,
                        class,
                        Regs {
                            first,
                            count: (end - first) as u8,
                        },
                    );
                    for g in first..end {
                        st.mem.set_pending(g, seq);
                    }
                }
            }
        }
        for r in &t.blocks.recs[blk.recs.0 as usize..blk.recs.1 as usize] {
            let rec = Rec {
                clock: now + r.after as u64,
                idx: r.idx,
                flags: 0,
                pk: r.pk,
            };
            for g in r.first..r.end {
                st.last_write[g as usize] = rec;
            }
        }
        if blk.flags & blocks::bflag::P_VEC != 0 {
            st.last_vec_producer = now + blk.vec_after as u64;
        }
        if blk.flags & blocks::bflag::W_VALU_SGPR != 0 {
            st.last_valu_sgpr_write = now + blk.valu_after as u64;
        }
        if blk.flags & blocks::bflag::W_SALU_SGPR != 0 {
            st.last_salu_sgpr_write = now + blk.salu_after as u64;
        }
        st.clock = now + blk.waits as u64;
    }

    /// The wave left the counted block before its end (or the checker is asked for something else): replay
    /// the instructions it issued one by one, as the inline path would have updated the state for them.
    #[inline(never)]
    fn block_flush(&mut self) {
        if self.blk_next == blocks::NONE {
            return;
        }
        let t = self.table;
        let start = t.blocks.blocks[self.blk as usize].start as usize;
        let next = self.blk_next as usize;
        self.blk_next = blocks::NONE;
        let st = &mut self.slots[self.blk_slot];
        for i in start..next {
            let f = &t.plan.fast[i];
            if f.flags & plan::fast::WAIT != 0 {
                st.mem.wait(f.simm16);
            }
            let now = st.clock;
            fast_update(st, f, i, now);
        }
    }
}

impl HazardChecker<'_> {
    /// The planned evaluation (plan.rs): only the reads, rule groups and missing-wait scans the program's plan
    /// says can find something; the same findings as `before_generic`.
    #[inline(never)]
    fn before_planned(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        let t = self.table;
        let Some(p) = t.plan.insts.get(idx) else {
            return;
        };
        if self.generic
            || p.flags & plan::flag::GENERIC != 0
            || (p.flags & plan::flag::VALU != 0 && wave.mode & GPR_IDX_EN != 0)
        {
            self.before_generic(wave, idx, inst);
            return;
        }
        let e = &t.effects[idx];
        let si = self.slot_for(wave.id.wave);
        let st = &mut self.slots[si];
        let now = st.clock;
        let idx32 = idx as u32;
        let mem_class = resolve_mem_class(e, wave, inst, &t.apertures);

        // ---- missing waits: only when a register this instruction touches waits for an outstanding op ----
        if e.is(class::WAITCNT) {
            st.mem.wait(e.simm16);
        }
        let mut nwait = 0usize;
        if !st.mem.outstanding() {
            st.mem.bits = [0; plan::REG_WORDS];
        } else if p.flags & plan::flag::MW_ALL != 0 || st.mem.touches(p) {
            let mem = &st.mem;
            let wait_hits = &mut self.wait_hits;
            for rd in e.reads() {
                scan_wait(mem, rd.regs, false, mem_class, wait_hits, &mut nwait);
            }
            for &w in e.writes() {
                scan_wait(mem, w, true, mem_class, wait_hits, &mut nwait);
            }
            if e.async_write.count > 0 {
                scan_wait(mem, e.async_write, true, mem_class, wait_hits, &mut nwait);
            }
        }

        // ---- hazards: the plan's reads, each against the producer kinds that can fire on it ------------
        let hits = &mut self.hits;
        hits.n = 0;
        let vec_recent = st.last_vec_producer != 0 && now - st.last_vec_producer < WINDOW;
        let mut sgpr_live = 0;
        if now - st.last_valu_sgpr_write < WINDOW {
            sgpr_live |= plan::pk::VALU;
        }
        if now - st.last_salu_sgpr_write < WINDOW {
            sgpr_live |= plan::pk::SALU;
        }
        for pr in t.plan.reads_of(p) {
            if (pr.vec_only && !vec_recent) || (pr.scalar && pr.pmask & sgpr_live == 0) {
                continue;
            }
            for g in pr.first..pr.end {
                let rec = st.last_write[g as usize];
                if rec.pk & pr.pmask != 0 && rec.recent(now) {
                    read_hazards(t, e, e.reads[pr.read as usize], g, rec, now, hits);
                }
            }
        }
        if p.flags & plan::flag::RARE != 0 {
            rare_hazards(t, st, e, now, hits);
        }
        if p.flags & plan::flag::WRITES != 0 {
            let war_recent = st.last_war_reader != 0 && now - st.last_war_reader < WINDOW;
            if vec_recent || war_recent {
                vector_write_hazards(t, st, e, now, hits);
            }
        }
        if nwait > 0 || hits.n > 0 {
            record_all(
                &mut self.findings,
                &mut self.events,
                t,
                st,
                wave,
                idx32,
                &self.wait_hits[..nwait],
                &self.hits,
            );
        }
        update_history(st, e, idx32, p, None, mem_class);
    }
}

/// Vector register index helpers for tests and adapters.
pub fn vgpr(n: u16) -> u16 {
    VGPR_BASE + n
}
pub fn agpr(n: u16) -> u16 {
    AGPR_BASE + n
}
