//! Per-program check plans: what the checker has to look at for each instruction, decided once when the
//! `HazardTable` is built so the per-instruction work is a few bit tests and array reads.
//!
//! For every instruction the plan keeps
//! - the register reads that can be the second instruction of some rule, each with the mask of producer kinds
//!   (`pk`) that can make a rule fire for it, already narrowed to the kinds that occur in this program (a read
//!   whose mask comes out empty is dropped: no rule can fire on it in this program);
//! - flags for the rarer rule groups (EXEC/VCCZ/hardware-register rules, vector WAW/WAR) so an ordinary
//!   instruction skips them with one test;
//! - the registers it touches as (word, bits) pairs of a 640-bit set, so the missing-wait scan runs only when
//!   one of them still waits for an outstanding memory op.
//!
//! The masks are supersets of the conditions in `read_hazards` / `write_hazards` (mod.rs), which still decide
//! every finding: the plan only skips work that cannot produce one, so findings are exactly those of the
//! generic evaluation (tests/hazards_plan.rs compares both on every example).

use super::effects::{class, InstEffects, MemClass, ReadKind, NREG};

/// Producer kinds a `Rec` carries (the classes that rules name as first instruction).
pub mod pk {
    pub const VALU: u8 = 1;
    pub const SALU: u8 = 2;
    pub const TRANS: u8 = 4;
    pub const DSTSHIFT: u8 = 8;
    pub const DOT: u8 = 16;
    pub const MFMA: u8 = 32;
}

/// The producer kinds of an instruction of class bits `c`.
pub fn pk_of(c: u64) -> u8 {
    let mut k = 0;
    if c & class::VALU != 0 {
        k |= pk::VALU;
    }
    if c & class::SALU != 0 {
        k |= pk::SALU;
    }
    if c & class::TRANS != 0 {
        k |= pk::TRANS;
    }
    if c & class::DSTSHIFT != 0 {
        k |= pk::DSTSHIFT;
    }
    if c & class::DOT != 0 {
        k |= pk::DOT;
    }
    if c & class::MFMA != 0 {
        k |= pk::MFMA;
    }
    k
}

/// Producer kinds that can make `read_hazards` report anything for read `kind` of a `vector` register by an
/// instruction of class bits `e` (`by_index`: the program writes SGPRs M0-relatively, H3.9-01).
pub fn read_pmask(e: u64, kind: ReadKind, vector: bool, by_index: bool) -> u8 {
    let is = |b: u64| e & b != 0;
    let mut m = 0;
    if vector {
        if is(class::VALU) {
            m |= pk::DSTSHIFT; // H4.5-20
            if !is(class::TRANS) {
                m |= pk::TRANS; // H4.5-21
            }
        }
        if is(class::DPP | class::PERMLANE | class::MFMA)
            || (is(class::READLANE | class::READFIRSTLANE) && kind == ReadKind::Src)
        {
            m |= pk::VALU; // H4.5-12/19/23, H7-01
        }
        m |= pk::DOT; // H7-03/04
        if is(class::MFMA | class::VMEM | class::DS | class::VALU) {
            m |= pk::MFMA; // Table 38
        }
        return m;
    }
    if is(class::VALU)
        && matches!(
            kind,
            ReadKind::Src | ReadKind::Src2 | ReadKind::LaneSel | ReadKind::DivFmasVcc
        )
    {
        m |= pk::VALU; // H4.5-06/07/14/18a/18d
    }
    if is(class::VMEM) && kind == ReadKind::MemSgpr {
        m |= pk::VALU; // H4.5-10
    }
    if kind == ReadKind::M0 && is(class::SENDMSG | class::M0_LDS | class::SMOVREL) {
        m |= pk::SALU; // H4.5-11/16/17
    }
    if kind == ReadKind::Branch && is(class::CBR_VCC) && by_index {
        m |= pk::SALU; // H3.9-01
    }
    m
}

/// Consumers of the rules on EXEC/VCC written by a VALU and on VCCZ/EXECZ (mod.rs `rare_hazards`).
const EXEC_VCC_CONSUMERS: u64 = class::DPP
    | class::MFMA
    | class::READLANE
    | class::READFIRSTLANE
    | class::WRITELANE
    | class::PERMLANE
    | class::READS_VCCZ
    | class::READS_EXECZ;

/// One register read the plan checks.
#[derive(Clone, Copy, Debug)]
pub struct PlanRead {
    pub first: u16,
    pub end: u16,
    /// Producer kinds that can fire a rule on this read.
    pub pmask: u8,
    /// Index of the read in `InstEffects::reads`.
    pub read: u8,
    /// Only MFMA/DL/trans/shifted-result producers matter (skip unless one issued within the window).
    pub vec_only: bool,
    /// An SGPR read: only VALU/SALU producers of SGPRs matter (skip unless one issued within the window).
    pub scalar: bool,
}

/// Flags of an instruction's plan.
pub mod flag {
    /// Needs the generic evaluation: M0-relative scalar operands (S_MOVRELS/D).
    pub const GENERIC: u16 = 1;
    /// A VALU: under VGPR indexing mode its operands move (generic evaluation).
    pub const VALU: u16 = 2;
    /// EXEC-by-VALU, VCCZ/EXECZ, S_GETREG/S_SETREG, S_RFE or H4.5-04 checks may apply.
    pub const RARE: u16 = 4;
    /// Vector writes that can be the second instruction of a WAW/WAR rule in this program.
    pub const WRITES: u16 = 8;
    /// Touches more register words than `MW_WORDS`: always scan for missing waits.
    pub const MW_ALL: u16 = 16;
    /// Writes an SGPR at issue.
    pub const SCALAR_WRITE: u16 = 32;
}

/// Words of the 640-bit register set one plan entry can name.
pub const MW_WORDS: usize = 4;
/// Words of a 640-bit register set.
pub const REG_WORDS: usize = NREG.div_ceil(64);

/// What the checker does for one instruction.
#[derive(Clone, Copy, Debug)]
pub struct InstPlan {
    pub flags: u16,
    /// Producer kinds of this instruction (stored in the history records it leaves).
    pub pk: u8,
    pub reads_start: u32,
    pub nreads: u8,
    /// Registers it reads or writes (missing-wait candidates), as words `mw_word[..nmw]` of a 640-bit set with
    /// bits `mw_bits`.
    pub mw_word: [u8; MW_WORDS],
    pub nmw: u8,
    pub mw_bits: [u64; MW_WORDS],
}

/// The plan of a whole program, indexed like `Program::insts`.
pub struct CheckPlan {
    pub insts: Vec<InstPlan>,
    pub reads: Vec<PlanRead>,
    /// The inline path's records, indexed like `insts`.
    pub fast: Vec<Fast>,
}

impl CheckPlan {
    pub fn build(effects: &[InstEffects]) -> CheckPlan {
        let present = effects.iter().fold(0u64, |a, e| a | e.class);
        let present_pk = pk_of(present);
        let by_index = present & class::DYN_SDST != 0;
        let mut reads = Vec::new();
        let mut insts = Vec::with_capacity(effects.len());
        // a VGPR read only matters after these producers, or for these consumers (mod.rs `before_generic`)
        const C_VEC: u64 =
            class::DPP | class::READLANE | class::READFIRSTLANE | class::PERMLANE | class::MFMA;
        for e in effects {
            let mut flags = 0;
            if e.is(class::DYN_SSRC | class::DYN_SDST) {
                flags |= flag::GENERIC;
            }
            if e.is(class::VALU) {
                flags |= flag::VALU;
            }
            if e.is(EXEC_VCC_CONSUMERS | class::GETREG | class::SETREG | class::RFE)
                || (e.is(class::VECTOR) && present & class::SETREG != 0)
            {
                flags |= flag::RARE;
            }
            let vector_write = e.writes().iter().any(|w| w.is_vector())
                || (e.async_write.count > 0 && e.async_write.is_vector());
            if e.is(class::VALU | class::VMEM | class::DS)
                && vector_write
                && present & (class::DOT | class::MFMA | class::WIDE_STORE) != 0
            {
                flags |= flag::WRITES;
            }
            if e.writes().iter().any(|w| w.is_scalar()) {
                flags |= flag::SCALAR_WRITE;
            }
            let reads_start = reads.len() as u32;
            for (i, rd) in e.reads().iter().enumerate() {
                let vector = rd.regs.is_vector();
                let pmask = read_pmask(e.class, rd.kind, vector, by_index) & present_pk;
                if pmask == 0 {
                    continue;
                }
                reads.push(PlanRead {
                    first: rd.regs.first,
                    end: rd.regs.end(),
                    pmask,
                    read: i as u8,
                    vec_only: vector && !e.is(C_VEC),
                    scalar: !vector,
                });
            }
            let nreads = (reads.len() as u32 - reads_start) as u8;
            let mut mw = [(0u8, 0u64); MW_WORDS];
            let mut nmw = 0usize;
            let ranges = e
                .reads()
                .iter()
                .map(|r| r.regs)
                .chain(e.writes().iter().copied())
                .chain(std::iter::once(e.async_write));
            'ranges: for r in ranges {
                for g in r.first..r.end() {
                    let (w, b) = ((g / 64) as u8, 1u64 << (g % 64));
                    if let Some(x) = mw[..nmw].iter_mut().find(|x| x.0 == w) {
                        x.1 |= b;
                    } else if nmw < MW_WORDS {
                        mw[nmw] = (w, b);
                        nmw += 1;
                    } else {
                        flags |= flag::MW_ALL;
                        break 'ranges;
                    }
                }
            }
            insts.push(InstPlan {
                flags,
                pk: pk_of(e.class),
                reads_start,
                nreads,
                mw_word: mw.map(|x| x.0),
                nmw: nmw as u8,
                mw_bits: mw.map(|x| x.1),
            });
        }
        let keep = Records::of(effects, present, by_index);
        let fast = effects
            .iter()
            .zip(&insts)
            .map(|(e, p)| {
                let r = &reads[p.reads_start as usize..p.reads_start as usize + p.nreads as usize];
                Fast::build(e, p, r, keep)
            })
            .collect();
        CheckPlan { insts, reads, fast }
    }

    #[inline]
    pub fn reads_of(&self, p: &InstPlan) -> &[PlanRead] {
        &self.reads[p.reads_start as usize..p.reads_start as usize + p.nreads as usize]
    }
}

/// Which register histories (`WaveState::last_write`) some rule can read in this program. A record is read
/// only by a consumer whose rule names the record's producer kind; when no producer kind of the program can
/// fire a rule through a VGPR/AGPR (or SGPR) record, no such record is ever read to effect, and the inline path
/// leaves them unwritten. (Only a whole register class can be dropped: dropping one producer's record would
/// leave the previous writer's record in its place, which a later read could take for the last write.)
#[derive(Clone, Copy, Debug)]
pub struct Records {
    pub vector: bool,
    pub scalar: bool,
}

impl Records {
    /// The classes of records the program's consumers can read (`present`: union of the program's class bits).
    pub fn of(effects: &[InstEffects], present: u64, by_index: bool) -> Records {
        let (mut vector, mut scalar) = (0u8, 0u8);
        for e in effects {
            for rd in e.reads() {
                let v = rd.regs.is_vector();
                let m = read_pmask(e.class, rd.kind, v, by_index);
                if v {
                    vector |= m;
                } else {
                    scalar |= m;
                }
            }
        }
        // WAW after a DL or MFMA op (mod.rs `write_hazards`)
        if present & (class::DOT | class::MFMA) != 0 {
            vector |= pk::DOT | pk::MFMA;
        }
        // EXEC/VCC written by a VALU (mod.rs `rare_hazards`)
        if present & EXEC_VCC_CONSUMERS != 0 {
            scalar |= pk::VALU;
        }
        let present_pk = pk_of(present);
        Records {
            vector: vector & present_pk != 0,
            scalar: scalar & present_pk != 0,
        }
    }
}

/// Flags of a [`Fast`] record.
pub mod fast {
    /// The instruction can take the inline path (else the full planned evaluation always).
    pub const ON: u8 = 1;
    /// A VALU: under VGPR indexing mode its operands move (full evaluation, then generic).
    pub const VALU: u8 = 2;
    /// Reads VGPRs that only trans/shifted-result/MFMA/DL producers can be in a hazard with: full evaluation
    /// while such a producer is within the window.
    pub const VEC_READ: u8 = 4;
    /// Writes an SGPR at issue.
    pub const SCALAR_WRITE: u8 = 8;
    /// A trans/shifted-result/MFMA/DL producer (moves `last_vec_producer`).
    pub const P_VEC: u8 = 16;
    /// A memory op of a fixed counter class (`Fast::mem`: VMEM other than FLAT, LDS, SMEM) that writes
    /// `Fast::async_write` when it completes.
    pub const MEM: u8 = 32;
    /// `s_waitcnt` (`Fast::simm16`).
    pub const WAIT: u8 = 64;
    /// `MEM` with `Fast::async_write` recorded in the history (some rule reads vector records: `Records`).
    pub const ASYNC_RECORD: u8 = 128;
}

/// The compact record (40 bytes) of an instruction whose check the checker can do inline: nothing to look up
/// unless a producer its reads care about issued within the window or a register it touches waits for a
/// memory op; only its writes to record (and, for a memory op or a wait, the counters to update). FLAT
/// (its counter class depends on the addresses), MFMA/wide-store/hardware-register instructions, the rare rule
/// groups and anything with more than two register words or writes take the full evaluation (`fast::ON`
/// clear).
#[derive(Clone, Copy, Debug, Default)]
pub struct Fast {
    pub flags: u8,
    /// Wait states it provides (`InstEffects::waits`).
    pub waits: u8,
    /// Producer kinds (`pk`).
    pub pk: u8,
    /// Union of the producer-kind masks of its SGPR reads: full evaluation while one of these kinds wrote an
    /// SGPR within the window.
    pub sgpr_pmask: u8,
    /// Missing-wait candidates: `nmw` words of a 640-bit register set.
    pub nmw: u8,
    pub nwrites: u8,
    pub mw_word: [u8; 2],
    /// Registers written at issue: `writes[..nwrites]` as (first, end).
    pub writes: [(u16, u16); 2],
    pub mw_bits: [u64; 2],
    /// `fast::MEM`: the counter class, and the registers written at completion as (first, end).
    pub mem: MemClass,
    pub async_write: (u16, u16),
    /// `fast::WAIT`: the SIMM16 of `s_waitcnt`.
    pub simm16: u16,
}

impl Fast {
    /// The record of one instruction (`e`, its plan `p` and the program's plan reads `reads`; `keep`: the
    /// register histories some rule reads).
    pub fn build(e: &InstEffects, p: &InstPlan, reads: &[PlanRead], keep: Records) -> Fast {
        let mut f = Fast {
            waits: e.waits,
            pk: p.pk,
            ..Fast::default()
        };
        let slow_class = class::XDL
            | class::SMFMAC
            | class::WIDE_STORE
            | class::SETREG
            | class::SETVSKIP
            | class::DYN_SSRC
            | class::DYN_SDST;
        let eligible = p.flags & (flag::GENERIC | flag::RARE | flag::WRITES | flag::MW_ALL) == 0
            && !e.is(slow_class)
            && matches!(
                e.mem,
                MemClass::None | MemClass::Vm | MemClass::Lds | MemClass::Smem
            )
            && (e.mem != MemClass::None || e.async_write.count == 0)
            && e.writes().len() <= 2
            && p.nmw as usize <= 2
            && reads.iter().all(|r| r.vec_only || r.scalar);
        if !eligible {
            return f;
        }
        f.flags = fast::ON;
        if e.mem != MemClass::None {
            f.flags |= fast::MEM;
            f.mem = e.mem;
            f.async_write = (e.async_write.first, e.async_write.end());
            if e.async_write.count > 0
                && (if e.async_write.is_vector() {
                    keep.vector
                } else {
                    keep.scalar
                })
            {
                f.flags |= fast::ASYNC_RECORD;
            }
        }
        if e.is(class::WAITCNT) {
            f.flags |= fast::WAIT;
            f.simm16 = e.simm16;
        }
        if p.flags & flag::VALU != 0 {
            f.flags |= fast::VALU;
        }
        if p.flags & flag::SCALAR_WRITE != 0 {
            f.flags |= fast::SCALAR_WRITE;
        }
        if e.is(class::TRANS | class::DSTSHIFT | class::MFMA | class::DOT) {
            f.flags |= fast::P_VEC;
        }
        for r in reads {
            if r.vec_only {
                f.flags |= fast::VEC_READ;
            } else {
                f.sgpr_pmask |= r.pmask;
            }
        }
        f.nmw = p.nmw;
        for i in 0..p.nmw as usize {
            f.mw_word[i] = p.mw_word[i];
            f.mw_bits[i] = p.mw_bits[i];
        }
        for w in e.writes() {
            if !(if w.is_vector() {
                keep.vector
            } else {
                keep.scalar
            }) {
                continue;
            }
            f.writes[f.nwrites as usize] = (w.first, w.end());
            f.nwrites += 1;
        }
        f
    }
}
