//! The executor: a pre-decoded program, wave state, memory, and the semantics that step a wave.
//!
//! The API the adapters use is small: build a [`Program`] once per code object, create waves and memory
//! (see `crate::launch` for doing that from a manifest), then [`Program::step`] a wave or run whole work-groups.
//! Observers (`Observer`) see every executed instruction; the default `NoObserver` compiles to nothing.

pub mod fidelity;
pub mod float;
pub mod gws;
pub mod memory;
pub mod observe;
pub mod semantics;
pub mod wave;

use crate::isa::{decode, Inst, Op};
pub use memory::{GlobalMemory, MemError, Region, RegionKind};
pub use wave::{Apertures, ConstKind, GwsWait, Wave, WaveId, WaveStatus, LANES};

/// What an instruction asks of the scheduler after it executed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Fall through to the next instruction (the step adds the instruction size).
    Next,
    /// The handler set `wave.pc` itself (branches, s_setpc, s_swappc).
    Jump,
    /// `s_barrier`: wait for the work-group, then continue at the next instruction.
    Barrier,
    /// `s_endpgm`.
    End,
    /// `s_sleep N` (64*N clocks) or `s_sethalt`: no architectural effect in an untimed run.
    Sleep(u32),
    /// `s_waitcnt`/`s_waitcnt_*`: the counters to wait for, as the raw SIMM16.
    Waitcnt(u16),
    /// `s_trap N`.
    Trap(u8),
    /// A global wave sync instruction (`ds_gws_*`) on GWS resource `rid` with the DATA0 value of the first active
    /// lane: the scheduler owns the dispatch's GWS state and applies it (`engine::step::gws`).
    Gws { op: GwsOp, rid: u8, value: u32 },
}

/// The global wave sync operations (CDNA4 guide §12 DS_GWS_*; §2.2.2 "Global Wave Sync").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum GwsOp {
    Init = 0,
    Barrier = 1,
    SemaV = 2,
    SemaBr = 3,
    SemaP = 4,
    SemaReleaseAll = 5,
}

impl GwsOp {
    /// The operation of its `repr(u8)` value (`SemaReleaseAll` for any value past the last).
    pub(crate) fn from_u8(v: u8) -> GwsOp {
        match v {
            0 => GwsOp::Init,
            1 => GwsOp::Barrier,
            2 => GwsOp::SemaV,
            3 => GwsOp::SemaBr,
            4 => GwsOp::SemaP,
            _ => GwsOp::SemaReleaseAll,
        }
    }
    /// The mnemonic.
    pub fn name(self) -> &'static str {
        match self {
            GwsOp::Init => "ds_gws_init",
            GwsOp::Barrier => "ds_gws_barrier",
            GwsOp::SemaV => "ds_gws_sema_v",
            GwsOp::SemaBr => "ds_gws_sema_br",
            GwsOp::SemaP => "ds_gws_sema_p",
            GwsOp::SemaReleaseAll => "ds_gws_sema_release_all",
        }
    }
}

/// A handler's [`Flow`] packed into one word. `Result<FlowWord, Box<Fault>>` comes back from the handler call in two
/// registers, where `Result<Flow, Box<Fault>>` (16 bytes, an enum with payload) came back through memory and the run
/// loop's 8-byte read of the flow stalled on store forwarding from the handler's 1-byte tag store (~12 cycles per
/// instruction, measured with perf on gemm 512).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub struct FlowWord(u64);

impl FlowWord {
    pub const NEXT: FlowWord = FlowWord(0);
    pub const JUMP: FlowWord = FlowWord(1);
    /// A flow that only moves the PC past the instruction: `Flow::Next`, or `Flow::Waitcnt` (no effect on an
    /// untimed wave; observers still see it as `Flow::Waitcnt`). The batch loop's short path.
    #[inline(always)]
    pub fn falls_through(self) -> bool {
        matches!(self.0 as u8, 0 | 5)
    }
    /// The flow this word stands for.
    #[inline(always)]
    pub fn flow(self) -> Flow {
        let payload = (self.0 >> 8) as u32;
        match self.0 as u8 {
            0 => Flow::Next,
            1 => Flow::Jump,
            2 => Flow::Barrier,
            3 => Flow::End,
            4 => Flow::Sleep(payload),
            5 => Flow::Waitcnt(payload as u16),
            6 => Flow::Trap(payload as u8),
            _ => Flow::Gws {
                op: GwsOp::from_u8(payload as u8),
                rid: (payload >> 8) as u8,
                value: (self.0 >> 24) as u32,
            },
        }
    }
}

impl From<Flow> for FlowWord {
    #[inline(always)]
    fn from(f: Flow) -> FlowWord {
        let (tag, payload) = match f {
            Flow::Next => (0, 0),
            Flow::Jump => (1, 0),
            Flow::Barrier => (2, 0),
            Flow::End => (3, 0),
            Flow::Sleep(n) => (4, n as u64),
            Flow::Waitcnt(s) => (5, s as u64),
            Flow::Trap(n) => (6, n as u64),
            Flow::Gws { op, rid, value } => {
                (7, op as u64 | (rid as u64) << 8 | (value as u64) << 16)
            }
        };
        FlowWord(tag | payload << 8)
    }
}

/// The class of a fault, which picks the exit code and the gdb signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// Access outside every buffer, store to read-only memory, misaligned atomic (gdb: SIGSEGV).
    Memory,
    /// Undecodable words or an instruction not valid here (gdb: SIGILL).
    IllegalInstruction,
    /// A valid gfx950 instruction wavescope has no semantics for yet.
    NotImplemented,
    /// `s_trap` with no trap handler.
    Trap,
    /// Waves wait at a barrier that can never be released.
    BarrierDeadlock,
    /// `--max-instructions` reached.
    InstructionLimit,
}

/// A fault raised by a handler; `step` adds where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub kind: FaultKind,
    /// Lanes involved (0 when not lane-specific).
    pub lanes: u64,
    pub addr: Option<u64>,
    pub detail: String,
}

impl Fault {
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Box<Fault> {
        Box::new(Fault {
            kind,
            lanes: 0,
            addr: None,
            detail: detail.into(),
        })
    }
    /// A memory fault of one lane.
    pub fn memory(e: MemError, lane: usize) -> Box<Fault> {
        let addr = match e {
            MemError::Unmapped { addr, .. }
            | MemError::ReadOnly { addr }
            | MemError::Misaligned { addr, .. } => addr,
        };
        Box::new(Fault {
            kind: FaultKind::Memory,
            lanes: 1u64 << lane,
            addr: Some(addr),
            detail: e.to_string(),
        })
    }
}

/// What a handler can reach besides its wave.
pub struct Ctx<'a> {
    pub mem: &'a GlobalMemory,
    /// The work-group's LDS allocation.
    pub lds: &'a mut [u8],
    pub apertures: Apertures,
}

/// Semantics of one operation. Handlers are chosen once per instruction at load time.
pub type Handler = fn(&mut Wave, &Inst, &mut Ctx) -> Result<FlowWord, Box<Fault>>;

/// A code object's `.text`, decoded once: instructions, their handlers, and a PC index.
#[derive(Clone)]
pub struct Program {
    /// Address of the first byte of `.text`.
    pub base: u64,
    /// The raw `.text` bytes (for the disassembler and gdb memory reads).
    pub text: Vec<u8>,
    pub insts: Vec<Inst>,
    /// PC of each instruction.
    pub pcs: Vec<u64>,
    handlers: Vec<Handler>,
    /// (pc − base) / 4 → index into `insts`, or `u32::MAX` inside an instruction or past the end.
    index: Vec<u32>,
    /// Per instruction: the index of the instruction at `pcs[i] + size` (where a fall-through goes), or
    /// `u32::MAX` when none starts there; saves the run loop a PC lookup per instruction.
    next: Vec<u32>,
    /// Rows `0..vreg_rows` of each register file (VGPRs, AGPRs) hold everything this program's handlers can write
    /// (see [`Program::vreg_rows`]).
    vreg_rows: usize,
}

impl Program {
    /// Decode `text` (loaded at `base`) linearly, as llvm-objdump does.
    pub fn new(text: &[u8], base: u64) -> Program {
        let words: Vec<u32> = text
            .chunks(4)
            .map(|c| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            })
            .collect();
        let mut insts = Vec::new();
        let mut pcs = Vec::new();
        let mut index = vec![u32::MAX; words.len()];
        let mut w = 0usize;
        while w < words.len() {
            let pc = base + 4 * w as u64;
            let inst = decode::decode(&words[w..], pc);
            index[w] = insts.len() as u32;
            insts.push(inst);
            pcs.push(pc);
            w += (inst.size as usize / 4).max(1);
        }
        let handlers = insts.iter().map(|i| semantics::handler(i)).collect();
        let mut p = Program {
            base,
            text: text.to_vec(),
            insts,
            pcs,
            handlers,
            index,
            next: Vec::new(),
            vreg_rows: 0,
        };
        p.vreg_rows = vreg_rows_written(&p.insts);
        p.next = (0..p.insts.len())
            .map(|i| {
                p.index_of(p.pcs[i].wrapping_add(p.insts[i].size as u64))
                    .map_or(u32::MAX, |n| n as u32)
            })
            .collect();
        p
    }

    /// A bound on the register rows this program can write: every handler write lands in rows `0..vreg_rows()` of
    /// the VGPR file or of the AGPR file (`VREGS / 2`: anywhere). The batch engine zeroes only these rows when
    /// it reuses a wave of the same program (`Dispatch::make_work_group_into`): the others are still zero.
    #[inline]
    pub fn vreg_rows(&self) -> usize {
        self.vreg_rows
    }

    /// Index of the instruction a fall-through from instruction `i` reaches (`index_of(pcs[i] + size)`).
    #[inline(always)]
    pub fn next_index(&self, i: usize) -> Option<usize> {
        match self.next.get(i) {
            Some(&n) if n != u32::MAX => Some(n as usize),
            _ => None,
        }
    }

    /// Index of the instruction starting at `pc`.
    #[inline(always)]
    pub fn index_of(&self, pc: u64) -> Option<usize> {
        let off = pc.wrapping_sub(self.base);
        if off % 4 != 0 {
            return None;
        }
        match self.index.get((off / 4) as usize) {
            Some(&i) if i != u32::MAX => Some(i as usize),
            _ => None,
        }
    }

    /// The instruction at `pc`, if one starts there.
    pub fn inst_at(&self, pc: u64) -> Option<&Inst> {
        self.index_of(pc).map(|i| &self.insts[i])
    }

    /// Does the program hold a global wave sync instruction that waits for other waves (`ds_gws_barrier`,
    /// `ds_gws_sema_p`)? Such a dispatch, when cooperative, needs every work-group resident (`Dispatch`).
    pub fn waits_on_gws(&self) -> bool {
        self.insts
            .iter()
            .any(|i| matches!(i.op, Op::DS_GWS_BARRIER | Op::DS_GWS_SEMA_P))
    }

    /// The `s_sleep` of the spin loop `pc` is in, if it is in one: the first backward branch at or after `pc`
    /// (within 256 instructions) whose target is at or before `pc` closes the loop, and the loop holds an
    /// `s_sleep`. A wave whose budget ran out there was waiting for a flag or lock no other wave released (what
    /// a budget fault there most likely means; the fault reports say so).
    pub fn spin_loop_sleep(&self, pc: u64) -> Option<u64> {
        let start = self.index_of(pc)?;
        let end = (start + 256).min(self.insts.len());
        let close = (start..end).find(|&i| {
            decode::is_branch(self.insts[i].op)
                && self.insts[i].target <= pc
                && self.insts[i].target >= self.base
        })?;
        let head = self.index_of(self.insts[close].target)?;
        (head..=close)
            .find(|&i| self.insts[i].op == Op::S_SLEEP)
            .map(|i| self.pcs[i])
    }

    /// The dwords of the instruction with index `i`.
    pub fn words_of(&self, i: usize) -> Vec<u32> {
        let off = (self.pcs[i] - self.base) as usize;
        let end = (off + self.insts[i].size as usize).min(self.text.len());
        self.text[off..end]
            .chunks(4)
            .map(|c| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            })
            .collect()
    }

    /// Execute one instruction of `wave`. On a fault the wave is left at the faulting PC.
    #[inline(always)]
    pub fn step(&self, wave: &mut Wave, ctx: &mut Ctx) -> Result<Flow, Box<Fault>> {
        let Some(i) = self.index_of(wave.pc) else {
            return Err(Fault::new(
                FaultKind::IllegalInstruction,
                format!(
                    "PC 0x{:x} is not the start of an instruction in .text",
                    wave.pc
                ),
            ));
        };
        self.step_index(wave, i, ctx)
    }

    /// Run the handler of instruction `i` (which starts at `wave.pc`) and count the issue; the caller moves the
    /// PC as `step_index` does (`FlowWord::NEXT`: past the instruction). The batch loop's step: a plain
    /// fall-through needs no flow decoding.
    #[inline(always)]
    pub fn exec_index(
        &self,
        wave: &mut Wave,
        i: usize,
        ctx: &mut Ctx,
    ) -> Result<FlowWord, Box<Fault>> {
        wave.instructions += 1;
        (self.handlers[i])(wave, &self.insts[i], ctx)
    }

    /// `exec_index` without bounds checks, for the batch loop's hot path.
    ///
    /// # Safety
    /// `i` was given out by `index_of` or `next_index` (their tables are private and built with `handlers`, so every
    /// index they give is below `handlers.len()`), and `insts` still has one entry per handler
    /// (`handler_count`: `insts` is a public field).
    #[inline(always)]
    pub unsafe fn exec_index_unchecked(
        &self,
        wave: &mut Wave,
        i: usize,
        ctx: &mut Ctx,
    ) -> Result<FlowWord, Box<Fault>> {
        wave.instructions += 1;
        // SAFETY: the caller's.
        unsafe { (self.handlers.get_unchecked(i))(wave, self.insts.get_unchecked(i), ctx) }
    }

    /// Number of decoded instructions the handlers and tables were built for (`insts.len()` unless a caller changed
    /// `insts` afterwards).
    #[inline]
    pub fn handler_count(&self) -> usize {
        self.handlers.len()
    }

    /// `next_index` without the bounds check.
    ///
    /// # Safety
    /// As `exec_index_unchecked`.
    #[inline(always)]
    pub unsafe fn next_index_unchecked(&self, i: usize) -> Option<usize> {
        // SAFETY: `next` has one entry per handler (built with them in `Program::new`); the caller's `i` is below that.
        match unsafe { *self.next.get_unchecked(i) } {
            u32::MAX => None,
            n => Some(n as usize),
        }
    }

    /// `step` for a caller that already looked up the instruction index of `wave.pc` (the run loop does, for
    /// its counts and observers), so the hot path does one PC lookup, not two.
    #[inline(always)]
    pub fn step_index(&self, wave: &mut Wave, i: usize, ctx: &mut Ctx) -> Result<Flow, Box<Fault>> {
        let inst = &self.insts[i];
        wave.instructions += 1;
        let flow = (self.handlers[i])(wave, inst, ctx)?.flow();
        match flow {
            Flow::Jump | Flow::End => {}
            _ => wave.pc += inst.size as u64,
        }
        Ok(flow)
    }
}

/// Widest register tuple an operand names: 32 rows (the 32x32 MFMAs' f32 accumulators, `v_mfma_f32_32x32x1_2b_f32`
/// a[0:31]); every other multi-dword operand (DS/VMEM x4 data, 64-bit pairs, TFE's extra VGPR) is narrower.
const WIDEST_TUPLE: usize = 32;

/// `Program::vreg_rows`: one past the highest row (in either file) any instruction's operands name, plus the widest
/// tuple, and at least 1 (the launch writes the work-item ids into v0). Operands are the only way a handler picks
/// a row, except under VGPR indexing (MODE.GPR_IDX_EN, set by S_SET_GPR_IDX_ON / _MODE or S_SETREG on MODE), where
/// M0 moves the rows: a program with any of those answers the whole file. So does a tuple that could wrap at the
/// end of a file (handlers wrap a pair's second row into the other file).
fn vreg_rows_written(insts: &[Inst]) -> usize {
    let half = wave::VREGS / 2;
    let mut rows = 1usize;
    for i in insts {
        if matches!(
            i.op,
            Op::S_SET_GPR_IDX_ON
                | Op::S_SET_GPR_IDX_MODE
                | Op::S_SET_GPR_IDX_IDX
                | Op::S_SETREG_B32
                | Op::S_SETREG_IMM32_B32
        ) {
            return half;
        }
        for op in [i.dst, i.sdst, i.src[0], i.src[1], i.src[2], i.data] {
            if !op.is_none() && op.0 >= 256 {
                let r = (op.0 as usize - 256) % half;
                rows = rows.max(r + WIDEST_TUPLE);
            }
        }
    }
    if rows > half {
        half
    } else {
        rows
    }
}

/// Lanes set in `exec`, a full EXEC without `count_ones`: the build targets baseline x86-64, which has no
/// `popcnt`, so `count_ones` is ~15 instructions; the trace front and the memory model ask at every instruction
/// or access, and EXEC is nearly always full (gemm 512: ~19 host instructions per wave-instruction saved on the
/// traced run's thread).
#[inline(always)]
pub fn active_lanes(exec: u64) -> u32 {
    if exec == u64::MAX {
        64
    } else {
        exec.count_ones()
    }
}

/// Is `op` one the executor can run?
pub fn is_implemented(op: Op) -> bool {
    semantics::lookup(op).is_some()
}

#[cfg(test)]
mod tests {
    use super::{Flow, FlowWord, GwsOp};

    #[test]
    fn step_packs_every_flow() {
        for f in [
            Flow::Next,
            Flow::Jump,
            Flow::Barrier,
            Flow::End,
            Flow::Sleep(0),
            Flow::Sleep(0x7F),
            Flow::Sleep(u32::MAX),
            Flow::Waitcnt(0),
            Flow::Waitcnt(0xFFFF),
            Flow::Trap(0),
            Flow::Trap(0xFF),
        ]
        .into_iter()
        .chain(
            [
                GwsOp::Init,
                GwsOp::Barrier,
                GwsOp::SemaV,
                GwsOp::SemaBr,
                GwsOp::SemaP,
                GwsOp::SemaReleaseAll,
            ]
            .into_iter()
            .flat_map(|op| {
                [(0, 0), (63, u32::MAX), (5, 0x8000_0001)].map(|(rid, value)| Flow::Gws {
                    op,
                    rid,
                    value,
                })
            }),
        ) {
            assert_eq!(FlowWord::from(f).flow(), f);
        }
        assert_eq!(FlowWord::NEXT.flow(), Flow::Next);
        assert_eq!(FlowWord::JUMP.flow(), Flow::Jump);
        // The batch loop's short path: exactly the flows that only move the PC.
        for f in [
            Flow::Next,
            Flow::Jump,
            Flow::Barrier,
            Flow::End,
            Flow::Sleep(3),
            Flow::Sleep(u32::MAX),
            Flow::Waitcnt(0),
            Flow::Waitcnt(0xFFFF),
            Flow::Trap(0),
            Flow::Gws {
                op: GwsOp::Barrier,
                rid: 0,
                value: 0,
            },
        ] {
            let short = matches!(f, Flow::Next | Flow::Waitcnt(_));
            assert_eq!(FlowWord::from(f).falls_through(), short, "{f:?}");
        }
    }
}
