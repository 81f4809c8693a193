//! The instruction and source-line profile of a run (`wavescope profile`): where the modelled wave-cycles went,
//! per instruction and per source line with its inline call chain, and how much of each memory instruction's
//! latency the wave hid behind other work.
//!
//! The figures are the cycle model's (`wavescope::observers::timing`, parameters in `src/observers/timing/cdna4.toml`), received
//! through its `TimingSink` hook by a [`ProfileSink`] (one per host thread, summed), so the profile and the run
//! report's timing section come from the same single run and always agree. Every figure is in wave-cycles
//! summed over all waves of the dispatch (a wave-cycle is one cycle of one wave's own clock).
//!
//! # Per instruction (`Counts`)
//! - `executions`: wave-instructions executed at this PC (one per wave per execution, whatever `exec` is);
//! - `issue_cycles`: cycles the wave was occupied issuing it (the model's issue cost: 4 per issue slot, VALU
//!   passes, `s_nop` wait states, `s_sleep` time);
//! - stall cycles by reason, charged to the instruction the wave stood still at: `waitcnt_vmcnt` and
//!   `waitcnt_lgkmcnt` (at an `s_waitcnt`: the part of its stall spent waiting for operations counted on vmcnt,
//!   i.e. VMEM and FLAT, and for the others, i.e. LDS, SMEM, messages), `counter_full` (at a memory instruction
//!   held because its counter was at its maximum), `barrier` (at `s_barrier`, until the release), `mfma_busy`
//!   (at an MFMA waiting for the previous one to leave the matrix core);
//! - `cost` = issue + all stall cycles; the tables sort by it.
//!
//! # Memory instructions: latency, hidden, exposed
//! For each execution of a memory instruction the model gives an issue cycle `i` and a completion cycle `c`;
//! - `latency` = Σ (c − i) over its executions (the class's latency from cdna4.toml, plus any wait behind older
//!   operations of an in-order queue);
//! - `exposed` = the stall cycles spent waiting for it: an `s_waitcnt` stall is split among the operations that
//!   completed during it, each getting the cycles from the previous completion (or the stall's start) to its own
//!   completion, so the parts of a stall sum to the stall and each cycle is charged to exactly one operation.
//!   `exposed_waitcnt` is that split of `s_waitcnt` stalls (Σ over the program = the report's
//!   `waitcnt_stall_cycles`), `exposed_counter_full` the same split of counter-full stalls;
//! - `hidden` = `latency − exposed`: the cycles of its latency in which the wave did something else: issued
//!   other instructions, or stood still for another reason (a barrier, an MFMA, another operation completing
//!   first), or had already ended (stores in flight at `s_endpgm` are all hidden: the model does not hold a wave
//!   for them). A latency window is always at least its exposed part, as a wait only starts after the issue and
//!   ends at the completion at the latest.
//!
//! Example: `global_load_dword` at cycle 0 (latency 600), three 4-cycle instructions, then `s_waitcnt vmcnt(0)`
//! at cycle 16: the wait stalls 600 − 16 = 584 cycles, all exposed on the load; hidden = 16.
//!
//! # Memory system (`Counts::mem`, with the cycle model's memory system on: docs/memory-model.md)
//! Per execution of a memory instruction the memory system reports (`TimingSink::mem_access`) the distinct
//! 128-byte lines its active lanes touched and the level each was found at (L1, L2, MALL, HBM), or for an LDS
//! instruction its phase cycles and bank-conflict cycles, and the bytes the lanes asked for. `MemCounts` sums
//! them, with the L1 -> L2 and L2 -> HBM requests split by direction as the run report's counters are, so the
//! sums over all instructions equal the dispatch's `counters` (`TCP_TOTAL_CACHE_ACCESSES_sum` = Σ `lines`,
//! `TCC_HIT_sum` = Σ `l2_hits`, `SQ_LDS_BANK_CONFLICT` = Σ `lds_conflict_cycles`, ...; traces/tests/profile.rs).
//! Each execution's latency is charged to the level it waited for (`MemLevel`: the deepest level any of its
//! lines came from; a store's is the L2, where it completes; LDS; `fixed` where the model has no memory-system
//! figure, e.g. scalar loads), and so is the exposed part of it (the `s_waitcnt` / counter-full split above):
//! `latency_by_level`, `exposed_by_level`, hidden = the difference.
//!
//! # Per source line
//! Instructions are grouped by their source line and inline call chain (from the DWARF: innermost line, then
//! each call site it was inlined at, as llvm-symbolizer --inlining prints them, columns dropped); a line's
//! counts are the sums of its instructions'. Instructions without line information form a `??` line.
//!
//! # Findings
//! With the hazard checker on, each wait-state hazard is listed at its consumer PC and each missing wait at the
//! PC that used the register too early (with the producer / load PC in the text).

use std::collections::HashMap;
use std::sync::Arc;
use wavescope::debug_info::DebugInfo;
use wavescope::exec::Program;
use wavescope::observers::hazards::effects::{effects_of, MemClass};
use wavescope::observers::hazards::Findings;
use wavescope::observers::timing::{MemAccess, MemLevel, StallReason, TimingSink};
use wavescope::pipeline::{Plan, RunConfig, RunResult};
use wavescope::session::Session;

/// Cycle and execution counts of one instruction, line or the whole run. See the module doc.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub executions: u64,
    pub issue_cycles: u64,
    pub waitcnt_vmcnt: u64,
    pub waitcnt_lgkmcnt: u64,
    pub counter_full: u64,
    pub barrier: u64,
    pub mfma_busy: u64,
    /// Memory instructions only: Σ (completion − issue) over executions.
    pub latency: u64,
    pub exposed_waitcnt: u64,
    pub exposed_counter_full: u64,
    /// The memory system's figures (zero without it).
    pub mem: MemCounts,
}

/// What the memory system made of a memory instruction's executions, summed (see the module doc, "Memory
/// system"). Indexes of the per-level arrays: `MemLevel as usize`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MemCounts {
    /// Vector memory executions the memory system costed (one per wave-instruction; the TA's wavefronts).
    pub requests: u64,
    /// Split of `requests`: loads, stores, atomics.
    pub loads: u64,
    pub stores: u64,
    pub atomics: u64,
    /// Distinct 128-byte lines touched (L1 lookups), and where each was found.
    pub lines: u64,
    pub l1_hits: u64,
    pub l2_hits: u64,
    pub mall_hits: u64,
    pub hbm_lines: u64,
    /// Lines that went from the L1 to the L2 (read, write, atomic requests), and from the L2 to memory (a MALL
    /// hit counts: the MALL is memory-side), by direction.
    pub l2_read_req: u64,
    pub l2_write_req: u64,
    pub l2_atomic_req: u64,
    pub hbm_read_req: u64,
    pub hbm_write_req: u64,
    /// LDS executions the memory system costed, their phase cycles and bank-conflict cycles.
    pub lds_accesses: u64,
    pub lds_cycles: u64,
    pub lds_conflict_cycles: u64,
    /// Bytes the active lanes asked for (vector memory and LDS).
    pub bytes: u64,
    /// Latency and its exposed part by the level it came from (`MemLevel`); hidden = latency - exposed.
    pub latency_by_level: [u64; 6],
    pub exposed_by_level: [u64; 6],
}

impl MemCounts {
    pub fn add(&mut self, o: &MemCounts) {
        macro_rules! sum { ($($f:ident),*) => { $( self.$f += o.$f; )* } }
        sum!(
            requests,
            loads,
            stores,
            atomics,
            lines,
            l1_hits,
            l2_hits,
            mall_hits,
            hbm_lines,
            l2_read_req,
            l2_write_req,
            l2_atomic_req,
            hbm_read_req,
            hbm_write_req,
            lds_accesses,
            lds_cycles,
            lds_conflict_cycles,
            bytes
        );
        for k in 0..6 {
            self.latency_by_level[k] += o.latency_by_level[k];
            self.exposed_by_level[k] += o.exposed_by_level[k];
        }
    }
    /// The memory system costed something here.
    pub fn any(&self) -> bool {
        self.requests + self.lds_accesses > 0
    }
    pub fn lines_per_request(&self) -> Option<f64> {
        (self.requests > 0).then(|| self.lines as f64 / self.requests as f64)
    }
    /// Percent of L1 lookups that hit (loads only can hit: stores write through, atomics go to L2).
    pub fn l1_hit_rate(&self) -> Option<f64> {
        (self.lines > 0).then(|| 100.0 * self.l1_hits as f64 / self.lines as f64)
    }
    /// Percent of the lines that reached the L2 and hit there.
    pub fn l2_hit_rate(&self) -> Option<f64> {
        let at_l2 = self.l2_hits + self.mall_hits + self.hbm_lines;
        (at_l2 > 0).then(|| 100.0 * self.l2_hits as f64 / at_l2 as f64)
    }
    /// The level with most latency (what this instruction mostly waited for), `None` if no latency.
    pub fn main_level(&self) -> Option<MemLevel> {
        let k = (0..6).max_by_key(|&k| (self.latency_by_level[k], k))?;
        (self.latency_by_level[k] > 0).then(|| MemLevel::from_u8(k as u8))
    }
    pub fn hidden_by_level(&self) -> [u64; 6] {
        std::array::from_fn(|k| self.latency_by_level[k].saturating_sub(self.exposed_by_level[k]))
    }
}

impl Counts {
    pub fn waitcnt(&self) -> u64 {
        self.waitcnt_vmcnt + self.waitcnt_lgkmcnt
    }
    /// Every stall cycle charged here.
    pub fn stall_cycles(&self) -> u64 {
        self.waitcnt() + self.counter_full + self.barrier + self.mfma_busy
    }
    /// Issue + stall cycles: what the tables sort by.
    pub fn cost(&self) -> u64 {
        self.issue_cycles + self.stall_cycles()
    }
    pub fn exposed(&self) -> u64 {
        self.exposed_waitcnt + self.exposed_counter_full
    }
    pub fn hidden(&self) -> u64 {
        self.latency.saturating_sub(self.exposed())
    }
    /// The stall reasons with their cycles, in a fixed order (names as in the JSON).
    pub fn stalls(&self) -> [(&'static str, u64); 5] {
        [
            ("waitcnt_vmcnt", self.waitcnt_vmcnt),
            ("waitcnt_lgkmcnt", self.waitcnt_lgkmcnt),
            ("counter_full", self.counter_full),
            ("barrier", self.barrier),
            ("mfma_busy", self.mfma_busy),
        ]
    }
    pub fn add(&mut self, o: &Counts) {
        self.executions += o.executions;
        self.issue_cycles += o.issue_cycles;
        self.waitcnt_vmcnt += o.waitcnt_vmcnt;
        self.waitcnt_lgkmcnt += o.waitcnt_lgkmcnt;
        self.counter_full += o.counter_full;
        self.barrier += o.barrier;
        self.mfma_busy += o.mfma_busy;
        self.latency += o.latency;
        self.exposed_waitcnt += o.exposed_waitcnt;
        self.exposed_counter_full += o.exposed_counter_full;
        self.mem.add(&o.mem);
    }
}

/// The cycle model's `TimingSink` that sums everything per instruction (no allocation per event: one PC lookup
/// and a few adds).
pub struct ProfileSink<'a> {
    program: &'a Program,
    /// Per instruction index: the memory operation counts on vmcnt (VMEM, FLAT).
    on_vmcnt: Arc<[bool]>,
    counts: Vec<Counts>,
    /// The level of the memory access `mem_access` reported, for the `mem_issue` that follows it.
    level: MemLevel,
}

impl<'a> ProfileSink<'a> {
    pub fn new(program: &'a Program) -> ProfileSink<'a> {
        let on_vmcnt: Arc<[bool]> = program
            .insts
            .iter()
            .map(|i| matches!(effects_of(i).mem, MemClass::Vm | MemClass::Flat))
            .collect();
        ProfileSink::with_classes(program, on_vmcnt)
    }
    fn with_classes(program: &'a Program, on_vmcnt: Arc<[bool]>) -> ProfileSink<'a> {
        ProfileSink {
            program,
            counts: vec![Counts::default(); program.insts.len()],
            on_vmcnt,
            level: MemLevel::Fixed,
        }
    }
    /// A sink for another host thread (shares the per-program classes).
    pub fn fork(&self) -> ProfileSink<'a> {
        ProfileSink::with_classes(self.program, self.on_vmcnt.clone())
    }
    /// The counts per instruction index so far (leaves zeros behind).
    pub fn take_counts(&mut self) -> Vec<Counts> {
        std::mem::replace(
            &mut self.counts,
            vec![Counts::default(); self.on_vmcnt.len()],
        )
    }
    #[inline(always)]
    fn at(&mut self, pc: u64) -> Option<&mut Counts> {
        let i = self.program.index_of(pc)?;
        self.counts.get_mut(i)
    }
}

impl TimingSink for ProfileSink<'_> {
    #[inline]
    fn issue(&mut self, _wave: u32, pc: u64, _start: u64, dur: u64) {
        if let Some(c) = self.at(pc) {
            c.executions += 1;
            c.issue_cycles += dur;
        }
    }
    #[inline]
    fn stall(
        &mut self,
        _wave: u32,
        pc: u64,
        _start: u64,
        dur: u64,
        reason: StallReason,
        _waited_for: &[u64],
    ) {
        let Some(c) = self.at(pc) else { return };
        match reason {
            // split among the waited-for operations by `waited`
            StallReason::Waitcnt { .. } => {}
            StallReason::CounterFull { .. } => c.counter_full += dur,
            StallReason::Barrier => c.barrier += dur,
            StallReason::MfmaBusy => c.mfma_busy += dur,
        }
    }
    #[inline]
    fn mem_issue(&mut self, _wave: u32, pc: u64, start: u64, complete: u64) {
        let level = std::mem::take(&mut self.level);
        if let Some(c) = self.at(pc) {
            let lat = complete.saturating_sub(start);
            c.latency += lat;
            c.mem.latency_by_level[level as usize] += lat;
        }
    }
    #[inline]
    fn mem_access(&mut self, _wave: u32, pc: u64, a: &MemAccess) {
        self.level = a.level;
        let Some(c) = self.at(pc) else { return };
        let m = &mut c.mem;
        m.bytes += a.bytes;
        if a.kind == MemAccess::LDS {
            m.lds_accesses += 1;
            m.lds_cycles += a.lds_cycles as u64;
            m.lds_conflict_cycles += a.lds_conflict_cycles as u64;
            return;
        }
        m.requests += 1;
        let lines = a.lines as u64;
        let below_l1 = lines - a.l1_hits as u64;
        m.lines += lines;
        m.l1_hits += a.l1_hits as u64;
        m.l2_hits += a.l2_hits as u64;
        m.mall_hits += a.mall_hits as u64;
        m.hbm_lines += a.hbm_lines as u64;
        match a.kind {
            MemAccess::STORE => {
                m.stores += 1;
                m.l2_write_req += below_l1;
                m.hbm_write_req += a.hbm_lines as u64;
            }
            MemAccess::ATOMIC => {
                m.atomics += 1;
                m.l2_atomic_req += below_l1;
                m.hbm_read_req += a.hbm_lines as u64;
            }
            _ => {
                m.loads += 1;
                m.l2_read_req += below_l1;
                m.hbm_read_req += a.hbm_lines as u64;
            }
        }
    }
    #[inline]
    fn waited_level(&mut self, _wave: u32, mem_pc: u64, level: MemLevel, cycles: u64) {
        if let Some(c) = self.at(mem_pc) {
            c.mem.exposed_by_level[level as usize] += cycles;
        }
    }
    #[inline]
    fn waited(&mut self, _wave: u32, pc: u64, mem_pc: u64, cycles: u64, reason: StallReason) {
        let Some(m) = self.program.index_of(mem_pc) else {
            return;
        };
        let vm = self.on_vmcnt.get(m).copied().unwrap_or(false);
        let full = matches!(reason, StallReason::CounterFull { .. });
        if let Some(c) = self.counts.get_mut(m) {
            if full {
                c.exposed_counter_full += cycles;
            } else {
                c.exposed_waitcnt += cycles;
            }
        }
        if !full {
            if let Some(c) = self.at(pc) {
                if vm {
                    c.waitcnt_vmcnt += cycles;
                } else {
                    c.waitcnt_lgkmcnt += cycles;
                }
            }
        }
    }
}

/// One frame of an instruction's inline chain, innermost first (as llvm-symbolizer --inlining prints it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SourceFrame {
    pub function: String,
    /// As llvm-symbolizer prints it (`./kernel.cl`).
    pub file: String,
    pub line: u32,
    pub column: u32,
}

impl SourceFrame {
    /// `kernel.cl:32` (file name without directories).
    pub fn short(&self) -> String {
        let name = self.file.rsplit('/').next().unwrap_or(&self.file);
        format!("{name}:{}", self.line)
    }
}

/// `ocl_prelude.h:24 <- kernel.cl:23 <- kernel.cl:22`: the line, then each call site it is inlined at.
pub fn chain_label(frames: &[SourceFrame]) -> String {
    if frames.is_empty() {
        return "??".to_string();
    }
    frames
        .iter()
        .map(SourceFrame::short)
        .collect::<Vec<_>>()
        .join(" <- ")
}

/// One executed instruction.
#[derive(Clone, Debug)]
pub struct InstProfile {
    pub pc: u64,
    pub index: usize,
    /// llvm-objdump syntax.
    pub text: String,
    /// Inline chain, innermost first; empty without line information.
    pub frames: Vec<SourceFrame>,
    /// Issues a memory operation (has a latency).
    pub memory: bool,
    pub counts: Counts,
    /// Hazard and missing-wait findings at this PC (one line each).
    pub findings: Vec<String>,
}

/// One source line with its inline chain.
#[derive(Clone, Debug)]
pub struct LineProfile {
    /// The chain with columns set to 0 (the grouping key).
    pub frames: Vec<SourceFrame>,
    /// PCs of its executed instructions, in address order.
    pub pcs: Vec<u64>,
    pub counts: Counts,
    /// Findings at its instructions.
    pub findings: usize,
}

impl LineProfile {
    pub fn label(&self) -> String {
        chain_label(&self.frames)
    }
}

/// The profile of one run.
#[derive(Clone, Debug, Default)]
pub struct Profile {
    /// Every executed instruction, in address order.
    pub insts: Vec<InstProfile>,
    /// Every source line with executed instructions, in order of first PC.
    pub lines: Vec<LineProfile>,
    pub totals: Counts,
    pub hazards: usize,
    pub missing_waits: usize,
}

/// One line per finding, keyed by the PC that lacks the wait (hazard consumer, register use before its load).
fn findings_by_pc(f: &Findings) -> HashMap<u64, Vec<String>> {
    let parse = |s: &str| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok();
    let mut m: HashMap<u64, Vec<String>> = HashMap::new();
    for h in &f.hazards {
        if let Some(pc) = parse(&h.consumer_pc) {
            m.entry(pc)
                .or_default()
                .push(wavescope::observers::hazards::format_finding(h));
        }
    }
    for w in &f.missing_waits {
        if let Some(pc) = parse(&w.use_pc) {
            m.entry(pc)
                .or_default()
                .push(wavescope::observers::hazards::format_missing_wait(w));
        }
    }
    m
}

fn frames_of(di: Option<&DebugInfo>, pc: u64) -> Vec<SourceFrame> {
    let Some(di) = di else { return Vec::new() };
    // As the user wrote it: an OpenCL kernel's lines without clang's kernel stub frame (`user_frames`).
    di.user_frames(pc)
        .iter()
        .map(|f| {
            let loc = di.loc(f.loc);
            SourceFrame {
                function: f.function.to_string(),
                file: loc
                    .and_then(|l| di.file(l.file))
                    .map(|f| f.path.clone())
                    .unwrap_or_else(|| "??".to_string()),
                line: loc.map(|l| l.line).unwrap_or(0),
                column: loc.map(|l| l.column).unwrap_or(0),
            }
        })
        .collect()
}

impl Profile {
    /// Sum the sinks of every host thread and attach text, source and findings.
    pub fn build(
        program: &Program,
        debug_info: Option<&DebugInfo>,
        counts: impl IntoIterator<Item = Vec<Counts>>,
        findings: Option<&Findings>,
    ) -> Profile {
        let mut sum = vec![Counts::default(); program.insts.len()];
        for v in counts {
            for (a, b) in sum.iter_mut().zip(v.iter()) {
                a.add(b);
            }
        }
        let by_pc = findings.map(findings_by_pc).unwrap_or_default();
        let mut p = Profile {
            hazards: findings.map(|f| f.hazards.len()).unwrap_or(0),
            missing_waits: findings.map(|f| f.missing_waits.len()).unwrap_or(0),
            ..Profile::default()
        };
        let mut line_of: HashMap<Vec<SourceFrame>, usize> = HashMap::new();
        for (i, c) in sum.iter().enumerate() {
            if c.executions == 0 && c.cost() == 0 {
                continue;
            }
            let pc = program.pcs[i];
            let inst = &program.insts[i];
            let frames = frames_of(debug_info, pc);
            let found = by_pc.get(&pc).cloned().unwrap_or_default();
            let key: Vec<SourceFrame> = frames
                .iter()
                .map(|f| SourceFrame {
                    column: 0,
                    ..f.clone()
                })
                .collect();
            let li = *line_of.entry(key.clone()).or_insert_with(|| {
                p.lines.push(LineProfile {
                    frames: key,
                    pcs: Vec::new(),
                    counts: Counts::default(),
                    findings: 0,
                });
                p.lines.len() - 1
            });
            let l = &mut p.lines[li];
            l.pcs.push(pc);
            l.counts.add(c);
            l.findings += found.len();
            p.totals.add(c);
            p.insts.push(InstProfile {
                pc,
                index: i,
                text: wavescope::isa::disasm::inst_text(inst, &program.words_of(i), pc),
                frames,
                memory: effects_of(inst).mem != MemClass::None,
                counts: *c,
                findings: found,
            });
        }
        p
    }

    /// Instructions by cost, most first (ties: lower PC first); at most `top` (0: all).
    pub fn top_insts(&self, top: usize) -> Vec<&InstProfile> {
        let mut v: Vec<&InstProfile> = self.insts.iter().collect();
        v.sort_by_key(|i| (std::cmp::Reverse(i.counts.cost()), i.pc));
        if top > 0 {
            v.truncate(top);
        }
        v
    }

    /// Lines by cost, most first (ties: first PC); at most `top` (0: all).
    pub fn top_lines(&self, top: usize) -> Vec<&LineProfile> {
        let mut v: Vec<&LineProfile> = self.lines.iter().collect();
        v.sort_by_key(|l| (std::cmp::Reverse(l.counts.cost()), l.pcs[0]));
        if top > 0 {
            v.truncate(top);
        }
        v
    }

    /// The instruction at `pc`, if it executed.
    pub fn inst(&self, pc: u64) -> Option<&InstProfile> {
        self.insts
            .binary_search_by_key(&pc, |i| i.pc)
            .ok()
            .map(|k| &self.insts[k])
    }
}

/// A profiled run: what the pipeline gives for the run's configuration (as `wavescope run`), plus the profile.
pub struct ProfiledRun {
    pub run: RunResult,
    pub profile: Profile,
}

/// Run the session's dispatch as `config` says (`RunConfig::default()`: as `wavescope run`, so the totals and
/// findings are the run's), the cycle model feeding a [`ProfileSink`] per host thread. Without a cycle model in
/// `config` the profile counts nothing but the findings.
pub fn run_profiled(session: &Session, config: &RunConfig) -> ProfiledRun {
    let d = &session.dispatch;
    let proto = ProfileSink::new(&d.program);
    let plan = Plan::new(d, config);
    // (a sink-only adapter: the co-resident schedule of a cooperative dispatch profiles too)
    let (run, counts) = plan
        .run_with_sinks(|| proto.fork(), |s| s.take_counts())
        .split();
    let profile = Profile::build(
        &d.program,
        session.debug_info.as_deref(),
        counts.into_iter().flatten(),
        run.hazards.as_ref(),
    );
    ProfiledRun { run, profile }
}
