//! The rule catalogue: every row of the guide's wait-state tables (data/isa/hazards.csv, explained per rule in
//! docs/hazards.md), with the id the run report uses.
//!
//! Rules whose required wait is 0 for every case (H4.5-18b, H4.5-18f, H7-02, H7-12, H7-15, H7-17, H7-18,
//! H7-26, H7-27) can never be violated; they are listed so the checker's coverage of the table is explicit and
//! so their producer/consumer pairs are known *not* to fall under a stricter rule. H4.5-18c duplicates
//! H4.5-06 (same pair, same wait) and is reported under H4.5-06.

/// One hazards.md rule. The numbering follows the guide tables: `H4_5_xx` = §4.5 Table 11, `H3_9_01` = §3.9,
/// `H7_xx` = §7.6 Table 38.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u16)]
pub enum Rule {
    /// H4.5-01: S_SETREG then S_GETREG of the same hardware register: 2 wait states.
    H4_5_01,
    /// H4.5-02: S_SETREG then S_SETREG of the same hardware register: 2.
    H4_5_02,
    /// H4.5-03: S_SETVSKIP then S_GETREG MODE (reads VSKIP): 2.
    H4_5_03,
    /// H4.5-04: S_SETREG writing MODE.VSKIP (bit 28) then any vector instruction: 2.
    H4_5_04,
    /// H4.5-05: VALU writes VCC or EXEC, then a VALU reads VCCZ or EXECZ as a data source: 5.
    H4_5_05,
    /// H4.5-06 (= H4.5-18c): VALU writes an SGPR/VCC, then V_READLANE/V_WRITELANE uses it as lane select: 4.
    H4_5_06,
    /// H4.5-07: VALU writes VCC (V_DIV_SCALE included), then V_DIV_FMAS: 4.
    H4_5_07,
    /// H4.5-08: a store/atomic with more than 64 bits of data (FLAT/GLOBAL/SCRATCH, or MUBUF/MTBUF without an
    /// SGPR soffset), then any instruction writes a VGPR holding its data: 1.
    H4_5_08,
    /// H4.5-09: same stores as H4.5-08, then a VALU writes a VGPR holding their data: 2.
    H4_5_09,
    /// H4.5-10: VALU writes an SGPR, then a VMEM instruction reads it: 5.
    H4_5_10,
    /// H4.5-11: SALU writes M0, then S_SENDMSG: 1.
    H4_5_11,
    /// H4.5-12: VALU writes a VGPR, then a DPP VALU reads it: 2.
    H4_5_12,
    /// H4.5-13: VALU writes EXEC, then a DPP VALU: 5.
    H4_5_13,
    /// H4.5-14: VALU writes VCC (readlane/readfirstlane/cmp/add/sub/div_scale), then a VALU reads VCC as a
    /// constant (not as carry-in): 1.
    H4_5_14,
    /// H4.5-15: S_SETREG TRAPSTS, then S_RFE_B64 / S_RFE_RESTORE_B64: 1.
    H4_5_15,
    /// H4.5-16: SALU writes M0, then an LDS add-TID instruction or a buffer/global/scratch LDS-DMA load: 1.
    H4_5_16,
    /// H4.5-17: SALU writes M0, then S_MOVREL*: 1.
    H4_5_17,
    /// H4.5-18a: VALU writes an SGPR/VCC, then a VALU reads that SGPR as a constant: 2.
    H4_5_18a,
    /// H4.5-18b: VALU writes an SGPR/VCC, then a VALU reads it as carry-in: 0 (never violated).
    H4_5_18b,
    /// H4.5-18d: V_CMPX writes EXEC, then a VALU reads EXEC as a constant: 2.
    H4_5_18d,
    /// H4.5-18e: V_CMPX writes EXEC, then V_READLANE / V_READFIRSTLANE / V_WRITELANE: 4.
    H4_5_18e,
    /// H4.5-18f: V_CMPX, then any other VALU: 0 (never violated).
    H4_5_18f,
    /// H4.5-19: VALU writes VGPRn, then V_READLANE (and, as LLVM applies it, V_READFIRSTLANE) reads it as
    /// vsrc0: 1.
    H4_5_19,
    /// H4.5-20: VALU with SDWA dst_sel != DWORD or VOP3 `op_sel[3]` (result not at bit 0), then a VALU consuming
    /// the result: 1 (§6.2.1 repeats it as H6.2-01).
    H4_5_20,
    /// H4.5-21: trans VALU (Table 12), then a non-trans VALU consuming its result: 1.
    H4_5_21,
    /// H4.5-22: V_CMPX writes EXEC, then V_PERMLANE*: 4.
    H4_5_22,
    /// H4.5-23: VALU writes a VGPR, then V_PERMLANE* reads it: 2.
    H4_5_23,
    /// H3.9-01: SALU writes SGPR 106/107 by number (M0-relative S_MOVRELD), then S_CBRANCH_VCCZ/VCCNZ: 1.
    H3_9_01,
    /// H7-01: non-DL VALU writes a VGPR, then an MFMA/SMFMAC reads it: 2.
    H7_01,
    /// H7-02: DL op writes a VGPR, then the same DL opcode reads it as SrcC: 0 (never violated).
    H7_02,
    /// H7-03: DL op writes a VGPR, then the same DL opcode reads it as SrcA/B: 3.
    H7_03,
    /// H7-04: DL op writes a VGPR, then any other opcode reads or writes it: 3.
    H7_04,
    /// H7-05: XDL/SMFMAC writes VGPRs, then an MFMA reads exactly that block as SrcC (SMFMAC: matrix C):
    /// 2/0/0/0 for 2/4/8/16 passes.
    H7_05,
    /// H7-06: XDL/SMFMAC writes, then XDL/SMFMAC reads SrcC overlapping (not equal to) it: 4/6/10/18.
    H7_06,
    /// H7-07: XDL/SMFMAC writes, then SGEMM/DGEMM reads SrcC overlapping it: 3/6/10/18.
    H7_07,
    /// H7-08: XDL/SMFMAC writes, then an MFMA reads SrcA/B (SMFMAC: A/B/index): 5/8/12/20.
    H7_08,
    /// H7-09: XDL/SMFMAC writes, then VMEM/LDS/FLAT reads the VGPR, or a VALU reads or writes it: 5/8/12/20.
    H7_09,
    /// H7-10: SGEMM writes, then SGEMM reads exactly that block as SrcC: 2/0/0/0.
    H7_10,
    /// H7-11: SGEMM writes, then SGEMM/DGEMM reads SrcC overlapping it: 2/4/8/16.
    H7_11,
    /// H7-12: SGEMM writes, then XDL/SMFMAC reads SrcC overlapping it: 0 (never violated).
    H7_12,
    /// H7-13: SGEMM writes, then an MFMA reads SrcA/B (SMFMAC: A/B/index): 4/6/10/18.
    H7_13,
    /// H7-14: SGEMM writes, then VMEM/LDS/FLAT reads, or a VALU reads or writes the VGPR: 4/6/10/18.
    H7_14,
    /// H7-15: V_MFMA_F64_16X16X4_F64 writes, then the same op reads exactly that block as SrcC: 0.
    H7_15,
    /// H7-16: V_MFMA_F64_16X16X4_F64 writes, then SGEMM/DGEMM reads SrcC overlapping it: 17.
    H7_16,
    /// H7-17: V_MFMA_F64_16X16X4_F64 writes, then XDL reads SrcC overlapping it: 0.
    H7_17,
    /// H7-18: V_MFMA_F64_16X16X4_F64 writes, then SMFMAC reads matrix C overlapping it: 0.
    H7_18,
    /// H7-19: V_MFMA_F64_16X16X4_F64 writes, then SGEMM/DGEMM reads SrcA/B: 19.
    H7_19,
    /// H7-20: V_MFMA_F64_16X16X4_F64 writes, then XDL reads SrcA/B: 19.
    H7_20,
    /// H7-21: V_MFMA_F64_16X16X4_F64 writes, then SMFMAC reads SrcA/B/index: 19.
    H7_21,
    /// H7-22: V_MFMA_F64_16X16X4_F64 writes, then a VALU reads or writes the VGPR: 19.
    H7_22,
    /// H7-23: V_MFMA_F64_16X16X4_F64 writes, then VMEM/LDS/FLAT reads the VGPR: 18.
    H7_23,
    /// H7-24: V_MFMA_F64_4X4X4_4B_F64 writes, then the same op reads exactly that block as SrcC: 4.
    H7_24,
    /// H7-25: V_MFMA_F64_4X4X4_4B_F64 writes, then SGEMM/DGEMM reads SrcC overlapping it: 4.
    H7_25,
    /// H7-26: V_MFMA_F64_4X4X4_4B_F64 writes, then XDL reads SrcC overlapping it: 0.
    H7_26,
    /// H7-27: V_MFMA_F64_4X4X4_4B_F64 writes, then SMFMAC reads matrix C overlapping it: 0.
    H7_27,
    /// H7-28: V_MFMA_F64_4X4X4_4B_F64 writes, then SGEMM/DGEMM reads SrcA/B: 6.
    H7_28,
    /// H7-29: V_MFMA_F64_4X4X4_4B_F64 writes, then XDL reads SrcA/B: 6.
    H7_29,
    /// H7-30: V_MFMA_F64_4X4X4_4B_F64 writes, then SMFMAC reads SrcA/B/index: 6.
    H7_30,
    /// H7-31: V_MFMA_F64_4X4X4_4B_F64 writes, then a VALU reads or writes the VGPR: 6.
    H7_31,
    /// H7-32: V_MFMA_F64_4X4X4_4B_F64 writes, then VMEM/LDS/FLAT reads the VGPR: 9.
    H7_32,
    /// H7-33: V_CMPX writes EXEC, then any V_MFMA/V_SMFMAC: 4.
    H7_33,
    /// H7-34: XDL/SMFMAC reads a VGPR as SrcC, then a VALU writes it (WAR): 1/3/7/15.
    H7_34,
}

/// Every rule, in table order.
pub const ALL_RULES: [Rule; 62] = [
    Rule::H4_5_01,
    Rule::H4_5_02,
    Rule::H4_5_03,
    Rule::H4_5_04,
    Rule::H4_5_05,
    Rule::H4_5_06,
    Rule::H4_5_07,
    Rule::H4_5_08,
    Rule::H4_5_09,
    Rule::H4_5_10,
    Rule::H4_5_11,
    Rule::H4_5_12,
    Rule::H4_5_13,
    Rule::H4_5_14,
    Rule::H4_5_15,
    Rule::H4_5_16,
    Rule::H4_5_17,
    Rule::H4_5_18a,
    Rule::H4_5_18b,
    Rule::H4_5_18d,
    Rule::H4_5_18e,
    Rule::H4_5_18f,
    Rule::H4_5_19,
    Rule::H4_5_20,
    Rule::H4_5_21,
    Rule::H4_5_22,
    Rule::H4_5_23,
    Rule::H3_9_01,
    Rule::H7_01,
    Rule::H7_02,
    Rule::H7_03,
    Rule::H7_04,
    Rule::H7_05,
    Rule::H7_06,
    Rule::H7_07,
    Rule::H7_08,
    Rule::H7_09,
    Rule::H7_10,
    Rule::H7_11,
    Rule::H7_12,
    Rule::H7_13,
    Rule::H7_14,
    Rule::H7_15,
    Rule::H7_16,
    Rule::H7_17,
    Rule::H7_18,
    Rule::H7_19,
    Rule::H7_20,
    Rule::H7_21,
    Rule::H7_22,
    Rule::H7_23,
    Rule::H7_24,
    Rule::H7_25,
    Rule::H7_26,
    Rule::H7_27,
    Rule::H7_28,
    Rule::H7_29,
    Rule::H7_30,
    Rule::H7_31,
    Rule::H7_32,
    Rule::H7_33,
    Rule::H7_34,
];

impl Rule {
    /// The hazards.md id, as the run report prints it.
    pub fn id(self) -> &'static str {
        use Rule::*;
        match self {
            H4_5_01 => "H4.5-01",
            H4_5_02 => "H4.5-02",
            H4_5_03 => "H4.5-03",
            H4_5_04 => "H4.5-04",
            H4_5_05 => "H4.5-05",
            H4_5_06 => "H4.5-06",
            H4_5_07 => "H4.5-07",
            H4_5_08 => "H4.5-08",
            H4_5_09 => "H4.5-09",
            H4_5_10 => "H4.5-10",
            H4_5_11 => "H4.5-11",
            H4_5_12 => "H4.5-12",
            H4_5_13 => "H4.5-13",
            H4_5_14 => "H4.5-14",
            H4_5_15 => "H4.5-15",
            H4_5_16 => "H4.5-16",
            H4_5_17 => "H4.5-17",
            H4_5_18a => "H4.5-18a",
            H4_5_18b => "H4.5-18b",
            H4_5_18d => "H4.5-18d",
            H4_5_18e => "H4.5-18e",
            H4_5_18f => "H4.5-18f",
            H4_5_19 => "H4.5-19",
            H4_5_20 => "H4.5-20",
            H4_5_21 => "H4.5-21",
            H4_5_22 => "H4.5-22",
            H4_5_23 => "H4.5-23",
            H3_9_01 => "H3.9-01",
            H7_01 => "H7-01",
            H7_02 => "H7-02",
            H7_03 => "H7-03",
            H7_04 => "H7-04",
            H7_05 => "H7-05",
            H7_06 => "H7-06",
            H7_07 => "H7-07",
            H7_08 => "H7-08",
            H7_09 => "H7-09",
            H7_10 => "H7-10",
            H7_11 => "H7-11",
            H7_12 => "H7-12",
            H7_13 => "H7-13",
            H7_14 => "H7-14",
            H7_15 => "H7-15",
            H7_16 => "H7-16",
            H7_17 => "H7-17",
            H7_18 => "H7-18",
            H7_19 => "H7-19",
            H7_20 => "H7-20",
            H7_21 => "H7-21",
            H7_22 => "H7-22",
            H7_23 => "H7-23",
            H7_24 => "H7-24",
            H7_25 => "H7-25",
            H7_26 => "H7-26",
            H7_27 => "H7-27",
            H7_28 => "H7-28",
            H7_29 => "H7-29",
            H7_30 => "H7-30",
            H7_31 => "H7-31",
            H7_32 => "H7-32",
            H7_33 => "H7-33",
            H7_34 => "H7-34",
        }
    }

    /// The rule in a few words: first instruction, then second instruction (hazards.md columns).
    pub fn text(self) -> &'static str {
        use Rule::*;
        match self {
            H4_5_01 => "S_SETREG then S_GETREG of the same hardware register",
            H4_5_02 => "S_SETREG then S_SETREG of the same hardware register",
            H4_5_03 => "S_SETVSKIP then S_GETREG MODE",
            H4_5_04 => "S_SETREG MODE.VSKIP then a vector instruction",
            H4_5_05 => "VALU writes VCC/EXEC then a VALU reads VCCZ/EXECZ as data",
            H4_5_06 => "VALU writes an SGPR then V_READLANE/V_WRITELANE uses it as lane select",
            H4_5_07 => "VALU writes VCC then V_DIV_FMAS",
            H4_5_08 => "store/atomic with >64-bit data then a write of its data VGPRs",
            H4_5_09 => "store/atomic with >64-bit data then a VALU writes its data VGPRs",
            H4_5_10 => "VALU writes an SGPR then a VMEM instruction reads it",
            H4_5_11 => "SALU writes M0 then S_SENDMSG",
            H4_5_12 => "VALU writes a VGPR then a DPP instruction reads it",
            H4_5_13 => "VALU writes EXEC then a DPP instruction",
            H4_5_14 => "VALU writes VCC then a VALU reads VCC as a constant",
            H4_5_15 => "S_SETREG TRAPSTS then S_RFE",
            H4_5_16 => "SALU writes M0 then an LDS add-TID or LDS-DMA instruction",
            H4_5_17 => "SALU writes M0 then S_MOVREL",
            H4_5_18a => "VALU writes an SGPR then a VALU reads it as a constant",
            H4_5_18b => "VALU writes an SGPR then a VALU reads it as carry-in",
            H4_5_18d => "V_CMPX writes EXEC then a VALU reads EXEC as a constant",
            H4_5_18e => "V_CMPX writes EXEC then V_READLANE/V_READFIRSTLANE/V_WRITELANE",
            H4_5_18f => "V_CMPX writes EXEC then another VALU",
            H4_5_19 => "VALU writes a VGPR then V_READLANE reads it as vsrc0",
            H4_5_20 => "VALU with SDWA/OPSEL shifted result then a VALU consumes it",
            H4_5_21 => "trans VALU then a non-trans VALU consumes its result",
            H4_5_22 => "V_CMPX writes EXEC then V_PERMLANE",
            H4_5_23 => "VALU writes a VGPR then V_PERMLANE reads it",
            H3_9_01 => "SALU writes SGPR 106/107 by number then S_CBRANCH_VCCZ/VCCNZ",
            H7_01 => "non-DL VALU writes a VGPR then an MFMA reads it",
            H7_02 => "DL op writes then the same DL op reads it as SrcC",
            H7_03 => "DL op writes then the same DL op reads it as SrcA/B",
            H7_04 => "DL op writes then another opcode reads or writes the VGPR",
            H7_05 => "XDL/SMFMAC writes then an MFMA reads exactly that block as SrcC",
            H7_06 => "XDL/SMFMAC writes then XDL/SMFMAC reads overlapping SrcC",
            H7_07 => "XDL/SMFMAC writes then SGEMM/DGEMM reads overlapping SrcC",
            H7_08 => "XDL/SMFMAC writes then an MFMA reads it as SrcA/B",
            H7_09 => "XDL/SMFMAC writes then VMEM/LDS/FLAT reads or a VALU reads/writes the VGPR",
            H7_10 => "SGEMM writes then SGEMM reads exactly that block as SrcC",
            H7_11 => "SGEMM writes then SGEMM/DGEMM reads overlapping SrcC",
            H7_12 => "SGEMM writes then XDL/SMFMAC reads overlapping SrcC",
            H7_13 => "SGEMM writes then an MFMA reads it as SrcA/B",
            H7_14 => "SGEMM writes then VMEM/LDS/FLAT reads or a VALU reads/writes the VGPR",
            H7_15 => "V_MFMA_F64_16X16X4 writes then the same op reads that block as SrcC",
            H7_16 => "V_MFMA_F64_16X16X4 writes then SGEMM/DGEMM reads overlapping SrcC",
            H7_17 => "V_MFMA_F64_16X16X4 writes then XDL reads overlapping SrcC",
            H7_18 => "V_MFMA_F64_16X16X4 writes then SMFMAC reads overlapping matrix C",
            H7_19 => "V_MFMA_F64_16X16X4 writes then SGEMM/DGEMM reads it as SrcA/B",
            H7_20 => "V_MFMA_F64_16X16X4 writes then XDL reads it as SrcA/B",
            H7_21 => "V_MFMA_F64_16X16X4 writes then SMFMAC reads it as SrcA/B/index",
            H7_22 => "V_MFMA_F64_16X16X4 writes then a VALU reads or writes the VGPR",
            H7_23 => "V_MFMA_F64_16X16X4 writes then VMEM/LDS/FLAT reads the VGPR",
            H7_24 => "V_MFMA_F64_4X4X4 writes then the same op reads that block as SrcC",
            H7_25 => "V_MFMA_F64_4X4X4 writes then SGEMM/DGEMM reads overlapping SrcC",
            H7_26 => "V_MFMA_F64_4X4X4 writes then XDL reads overlapping SrcC",
            H7_27 => "V_MFMA_F64_4X4X4 writes then SMFMAC reads overlapping matrix C",
            H7_28 => "V_MFMA_F64_4X4X4 writes then SGEMM/DGEMM reads it as SrcA/B",
            H7_29 => "V_MFMA_F64_4X4X4 writes then XDL reads it as SrcA/B",
            H7_30 => "V_MFMA_F64_4X4X4 writes then SMFMAC reads it as SrcA/B/index",
            H7_31 => "V_MFMA_F64_4X4X4 writes then a VALU reads or writes the VGPR",
            H7_32 => "V_MFMA_F64_4X4X4 writes then VMEM/LDS/FLAT reads the VGPR",
            H7_33 => "V_CMPX writes EXEC then an MFMA",
            H7_34 => "XDL/SMFMAC reads SrcC then a VALU writes that VGPR",
        }
    }

    /// Required wait states when they do not depend on MFMA passes; `None` for the pass-dependent rules.
    pub fn fixed_wait(self) -> Option<u32> {
        use Rule::*;
        Some(match self {
            H4_5_01 | H4_5_02 | H4_5_03 | H4_5_04 | H4_5_09 | H4_5_12 | H4_5_18a | H4_5_18d
            | H4_5_23 | H7_01 => 2,
            H4_5_05 | H4_5_10 | H4_5_13 => 5,
            H4_5_06 | H4_5_07 | H4_5_18e | H4_5_22 | H7_24 | H7_25 | H7_33 => 4,
            H4_5_08 | H4_5_11 | H4_5_14 | H4_5_15 | H4_5_16 | H4_5_17 | H4_5_19 | H4_5_20
            | H4_5_21 | H3_9_01 => 1,
            H4_5_18b | H4_5_18f | H7_02 | H7_12 | H7_15 | H7_17 | H7_18 | H7_26 | H7_27 => 0,
            H7_03 | H7_04 => 3,
            H7_16 => 17,
            H7_19 | H7_20 | H7_21 | H7_22 => 19,
            H7_23 => 18,
            H7_28 | H7_29 | H7_30 | H7_31 => 6,
            H7_32 => 9,
            H7_05 | H7_06 | H7_07 | H7_08 | H7_09 | H7_10 | H7_11 | H7_13 | H7_14 | H7_34 => {
                return None
            }
        })
    }

    /// Required wait states of a pass-dependent rule for a first instruction of `passes` passes (2, 4, 8, 16).
    pub fn wait_for_passes(self, passes: u8) -> u32 {
        let i = match passes {
            0..=2 => 0,
            3..=4 => 1,
            5..=8 => 2,
            _ => 3,
        };
        use Rule::*;
        let row: [u32; 4] = match self {
            H7_05 | H7_10 => [2, 0, 0, 0],
            H7_06 => [4, 6, 10, 18],
            H7_07 => [3, 6, 10, 18],
            H7_08 | H7_09 => [5, 8, 12, 20],
            H7_11 => [2, 4, 8, 16],
            H7_13 | H7_14 => [4, 6, 10, 18],
            H7_34 => [1, 3, 7, 15],
            other => return other.fixed_wait().unwrap_or(0),
        };
        row[i]
    }

    /// Where the rule is explained: `docs/hazards.md#h4-5-18a` (the id in lower case, `.` as `-`).
    pub fn doc(self) -> String {
        format!(
            "docs/hazards.md#{}",
            self.id().to_ascii_lowercase().replace('.', "-")
        )
    }

    /// The rule with this report id.
    pub fn from_id(id: &str) -> Option<Rule> {
        ALL_RULES.iter().copied().find(|r| r.id() == id)
    }
}
