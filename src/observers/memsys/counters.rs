//! The counters a kernel author reads from rocprof-compute on hardware, computed from a wavescope run, and the
//! derived metrics rocprof-compute shows (hit rates, coalescing, bank conflicts, bandwidth, MFMA utilisation,
//! arithmetic intensity, roofline bound). docs/memory-model.md says what each counts here.

use super::{MemCounters, MemParams};
use serde::Serialize;

/// Executed instructions by class (wave-instructions), summed over the dispatch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct InstCounts {
    pub waves: u64,
    pub valu: u64,
    pub salu: u64,
    pub lds: u64,
    pub smem: u64,
    pub branch: u64,
    pub mfma: u64,
    /// MFMA floating-point (or integer) operations by input type: 2 x M x N x K x blocks per instruction.
    pub mfma_ops_f16: u64,
    pub mfma_ops_bf16: u64,
    pub mfma_ops_f32: u64,
    pub mfma_ops_f64: u64,
    pub mfma_ops_i8: u64,
    /// FP8/BF8/FP6/BF6/FP4 inputs.
    pub mfma_ops_f8: u64,
    /// Cycles the matrix cores were busy (passes x pass cycles), summed over SIMDs.
    pub mfma_busy_cycles: u64,
    /// Vector (non-MFMA) floating-point operations: one per active lane, two for FMA forms.
    pub valu_flops: u64,
    /// Bytes the lanes asked for (active lanes x bytes), for the coalescing figure.
    pub vmem_bytes_requested: u64,
    /// Lines the lanes' requests needed at the least (bytes requested per instruction / line, rounded up).
    pub vmem_lines_ideal: u64,
}

impl InstCounts {
    pub fn add(&mut self, o: &InstCounts) {
        macro_rules! sum { ($($f:ident),*) => { $( self.$f += o.$f; )* } }
        sum!(
            waves,
            valu,
            salu,
            lds,
            smem,
            branch,
            mfma,
            mfma_ops_f16,
            mfma_ops_bf16,
            mfma_ops_f32,
            mfma_ops_f64,
            mfma_ops_i8,
            mfma_ops_f8,
            mfma_busy_cycles,
            valu_flops,
            vmem_bytes_requested,
            vmem_lines_ideal
        );
    }

    pub fn mfma_ops(&self) -> u64 {
        self.mfma_ops_f16
            + self.mfma_ops_bf16
            + self.mfma_ops_f32
            + self.mfma_ops_f64
            + self.mfma_ops_i8
            + self.mfma_ops_f8
    }
}

/// rocprof-compute's counter names, dispatch totals (the `_sum` forms: summed over every XCD and channel).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[allow(non_snake_case)]
pub struct Counters {
    pub SQ_WAVES: u64,
    pub SQ_INSTS_VALU: u64,
    pub SQ_INSTS_SALU: u64,
    pub SQ_INSTS_VMEM_RD: u64,
    pub SQ_INSTS_VMEM_WR: u64,
    pub SQ_INSTS_LDS: u64,
    pub SQ_INSTS_SMEM: u64,
    pub SQ_INSTS_BRANCH: u64,
    pub SQ_INSTS_VALU_MFMA: u64,
    pub SQ_LDS_BANK_CONFLICT: u64,
    pub SQ_LDS_IDX_ACTIVE: u64,
    /// In units of 512 operations, as on hardware.
    pub SQ_INSTS_VALU_MFMA_MOPS_F16: u64,
    pub SQ_INSTS_VALU_MFMA_MOPS_BF16: u64,
    pub SQ_INSTS_VALU_MFMA_MOPS_F32: u64,
    pub SQ_INSTS_VALU_MFMA_MOPS_F64: u64,
    pub SQ_INSTS_VALU_MFMA_MOPS_I8: u64,
    pub SQ_INSTS_VALU_MFMA_MOPS_F8: u64,
    pub SQ_VALU_MFMA_BUSY_CYCLES: u64,
    pub TA_TOTAL_WAVEFRONTS_sum: u64,
    pub TCP_TOTAL_CACHE_ACCESSES_sum: u64,
    pub TCP_TCC_READ_REQ_sum: u64,
    pub TCP_TCC_WRITE_REQ_sum: u64,
    pub TCP_TCC_ATOMIC_REQ_sum: u64,
    pub TCC_HIT_sum: u64,
    pub TCC_MISS_sum: u64,
    pub TCC_EA0_RDREQ_sum: u64,
    pub TCC_EA0_WRREQ_sum: u64,
    /// Scalar cache (sL1D): 64-byte lines looked up, hits, misses, and the misses' read requests to the L2.
    pub SQC_DCACHE_REQ: u64,
    pub SQC_DCACHE_HITS: u64,
    pub SQC_DCACHE_MISSES: u64,
    pub SQC_DCACHE_MISSES_DUPLICATE: u64,
    pub SQC_TC_DATA_READ_REQ: u64,
}

impl Counters {
    pub fn new(i: &InstCounts, m: &MemCounters) -> Counters {
        Counters {
            SQ_WAVES: i.waves,
            SQ_INSTS_VALU: i.valu,
            SQ_INSTS_SALU: i.salu,
            SQ_INSTS_VMEM_RD: m.vmem_read_insts,
            SQ_INSTS_VMEM_WR: m.vmem_write_insts + m.vmem_atomic_insts,
            SQ_INSTS_LDS: i.lds,
            SQ_INSTS_SMEM: i.smem,
            SQ_INSTS_BRANCH: i.branch,
            SQ_INSTS_VALU_MFMA: i.mfma,
            SQ_LDS_BANK_CONFLICT: m.lds_conflict_cycles,
            SQ_LDS_IDX_ACTIVE: m.lds_active_cycles,
            SQ_INSTS_VALU_MFMA_MOPS_F16: i.mfma_ops_f16 / 512,
            SQ_INSTS_VALU_MFMA_MOPS_BF16: i.mfma_ops_bf16 / 512,
            SQ_INSTS_VALU_MFMA_MOPS_F32: i.mfma_ops_f32 / 512,
            SQ_INSTS_VALU_MFMA_MOPS_F64: i.mfma_ops_f64 / 512,
            SQ_INSTS_VALU_MFMA_MOPS_I8: i.mfma_ops_i8 / 512,
            SQ_INSTS_VALU_MFMA_MOPS_F8: i.mfma_ops_f8 / 512,
            SQ_VALU_MFMA_BUSY_CYCLES: i.mfma_busy_cycles,
            TA_TOTAL_WAVEFRONTS_sum: m.vmem_read_insts + m.vmem_write_insts + m.vmem_atomic_insts,
            TCP_TOTAL_CACHE_ACCESSES_sum: m.l1_accesses,
            TCP_TCC_READ_REQ_sum: m.l2_read_req,
            TCP_TCC_WRITE_REQ_sum: m.l2_write_req,
            TCP_TCC_ATOMIC_REQ_sum: m.l2_atomic_req,
            TCC_HIT_sum: m.l2_hits,
            TCC_MISS_sum: m.l2_misses,
            TCC_EA0_RDREQ_sum: m.hbm_read_req,
            TCC_EA0_WRREQ_sum: m.hbm_write_req,
            SQC_DCACHE_REQ: m.scalar_accesses,
            SQC_DCACHE_HITS: m.scalar_hits,
            SQC_DCACHE_MISSES: m.scalar_misses,
            SQC_DCACHE_MISSES_DUPLICATE: m.scalar_duplicate_misses,
            SQC_TC_DATA_READ_REQ: m.scalar_misses,
        }
    }
}

/// Derived figures, as rocprof-compute shows them.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Metrics {
    /// Percent; `None` where nothing was accessed.
    pub l1_hit_rate: Option<f64>,
    pub l2_hit_rate: Option<f64>,
    pub mall_hit_rate: Option<f64>,
    pub scalar_cache_hit_rate: Option<f64>,
    /// 100 x lines the requests needed at the least / lines they touched.
    pub coalescing: Option<f64>,
    pub lds_bank_conflicts_per_access: Option<f64>,
    pub bytes_l1: u64,
    pub bytes_l2: u64,
    pub bytes_hbm: u64,
    pub bytes_lds: u64,
    /// GB/s at the model's clock over the dispatch's modelled time.
    pub bandwidth_l1_gbs: f64,
    pub bandwidth_l2_gbs: f64,
    pub bandwidth_hbm_gbs: f64,
    pub bandwidth_lds_gbs: f64,
    /// Percent of the matrix cores' capacity (every SIMD of the CUs in use) over the modelled time.
    pub mfma_utilisation: f64,
    pub flops: u64,
    /// FLOPs per HBM byte.
    pub arithmetic_intensity: Option<f64>,
    /// The ceiling that bounds the kernel on the roofline: "compute", "LDS", "L2" or "HBM" (the one whose
    /// minimum time for this work is largest).
    pub roofline_bound: &'static str,
    /// Minimum modelled cycles at each ceiling (compute, LDS, L2, HBM).
    pub roofline_cycles: [u64; 4],
}

/// Ceilings of the device used for the roofline (per cycle, whole device).
#[derive(Clone, Copy, Debug)]
pub struct Ceilings {
    pub cus: u64,
    pub simds_per_cu: u64,
    pub clock_mhz: u64,
    /// Dense MFMA ops per cycle per CU for the dominant input type, and vector FLOPs per cycle per CU.
    pub mfma_ops_per_cycle_per_cu: u64,
    pub valu_flops_per_cycle_per_cu: u64,
    pub lds_bytes_per_cycle_per_cu: u64,
}

pub fn metrics(
    i: &InstCounts,
    m: &MemCounters,
    p: &MemParams,
    c: &Ceilings,
    cycles: u64,
    cus_used: u64,
) -> Metrics {
    let pct = |a: u64, b: u64| (b > 0).then(|| 100.0 * a as f64 / b as f64);
    let line = p.line_bytes;
    let bytes_l1 = m.l1_accesses * line;
    let bytes_l2 = (m.l2_read_req + m.l2_write_req + m.l2_atomic_req) * line;
    let bytes_hbm = (m.hbm_read_req + m.hbm_write_req) * line;
    let secs = cycles as f64 / (c.clock_mhz.max(1) as f64 * 1e6);
    let gbs = |b: u64| {
        if secs > 0.0 {
            b as f64 / secs / 1e9
        } else {
            0.0
        }
    };
    let flops = i.mfma_ops() + i.valu_flops;
    let cus = cus_used.clamp(1, c.cus.max(1));
    let compute = i.mfma_ops() / (c.mfma_ops_per_cycle_per_cu * cus).max(1)
        + i.valu_flops / (c.valu_flops_per_cycle_per_cu * cus).max(1);
    let lds = m.lds_bytes / (c.lds_bytes_per_cycle_per_cu * cus).max(1);
    // work-group i runs on XCD i mod xcds (docs/memory-model.md): `cus` work-groups keep min(cus, xcds) XCDs'
    // L2s busy, not the ceil(cus / CUs per XCD) a CU-by-CU placement would
    let xcds_used = cus.min(p.xcds).max(1);
    let l2 = bytes_l2 / (p.l2_channels * p.l2_bytes_per_cycle_per_channel * xcds_used).max(1);
    let hbm = (bytes_hbm as f64 / p.hbm_bytes_per_cycle.max(1e-9)).ceil() as u64;
    let roof = [compute, lds, l2, hbm];
    let names = ["compute", "LDS", "L2", "HBM"];
    let worst = (0..4).max_by_key(|&k| (roof[k], 3 - k)).unwrap_or(0);
    let mfma_capacity = cycles * cus * c.simds_per_cu;
    Metrics {
        l1_hit_rate: pct(m.l1_hits, m.l1_accesses),
        l2_hit_rate: pct(m.l2_hits, m.l2_hits + m.l2_misses),
        mall_hit_rate: pct(m.mall_hits, m.l2_misses),
        // rocprof-compute's sL1D hit rate: hits / (hits + misses + duplicate misses) = hits / lookups
        scalar_cache_hit_rate: pct(m.scalar_hits, m.scalar_accesses),
        coalescing: pct(i.vmem_lines_ideal, m.l1_accesses),
        lds_bank_conflicts_per_access: (m.lds_insts > 0)
            .then(|| m.lds_conflict_cycles as f64 / m.lds_insts as f64),
        bytes_l1,
        bytes_l2,
        bytes_hbm,
        bytes_lds: m.lds_bytes,
        bandwidth_l1_gbs: gbs(bytes_l1),
        bandwidth_l2_gbs: gbs(bytes_l2),
        bandwidth_hbm_gbs: gbs(bytes_hbm),
        bandwidth_lds_gbs: gbs(m.lds_bytes),
        mfma_utilisation: pct(i.mfma_busy_cycles, mfma_capacity).unwrap_or(0.0),
        flops,
        arithmetic_intensity: (bytes_hbm > 0).then(|| flops as f64 / bytes_hbm as f64),
        roofline_bound: if roof.iter().all(|&r| r == 0) {
            "none"
        } else {
            names[worst]
        },
        roofline_cycles: roof,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> MemParams {
        toml::from_str::<super::super::MemFile>(super::super::CDNA4_MEMORY_TOML)
            .unwrap()
            .memory_system
    }

    const CEIL: Ceilings = Ceilings {
        cus: 256,
        simds_per_cu: 4,
        clock_mhz: 2400,
        mfma_ops_per_cycle_per_cu: 2048,
        valu_flops_per_cycle_per_cu: 256,
        lds_bytes_per_cycle_per_cu: 128,
    };

    #[test]
    fn counters_use_rocprof_names_and_units() {
        let i = InstCounts {
            waves: 4,
            mfma_ops_bf16: 2 * 32 * 32 * 16 * 10,
            ..InstCounts::default()
        };
        let m = MemCounters {
            vmem_read_insts: 3,
            vmem_write_insts: 1,
            vmem_atomic_insts: 1,
            ..MemCounters::default()
        };
        let c = Counters::new(&i, &m);
        assert_eq!(c.SQ_INSTS_VALU_MFMA_MOPS_BF16, 2 * 32 * 32 * 16 * 10 / 512);
        assert_eq!(c.TA_TOTAL_WAVEFRONTS_sum, 5);
        assert_eq!(c.SQ_INSTS_VMEM_WR, 2);
        let v = serde_json::to_value(&c).unwrap();
        assert!(v.get("TCC_EA0_RDREQ_sum").is_some() && v.get("SQ_LDS_BANK_CONFLICT").is_some());
    }

    /// A streaming copy of 1 GiB in and out (no compute) is HBM-bound; a GEMM with high reuse is compute-bound.
    #[test]
    fn roofline_bound() {
        let p = params();
        let lines = (1u64 << 30) / 128;
        let m = MemCounters {
            l1_accesses: 2 * lines,
            l2_read_req: lines,
            l2_write_req: lines,
            l2_misses: 2 * lines,
            hbm_read_req: lines,
            hbm_write_req: lines,
            ..MemCounters::default()
        };
        let i = InstCounts {
            vmem_lines_ideal: 2 * lines,
            ..InstCounts::default()
        };
        let cycles = ((2u64 << 30) as f64 / p.hbm_bytes_per_cycle) as u64;
        let x = metrics(&i, &m, &p, &CEIL, cycles, 256);
        assert_eq!(x.roofline_bound, "HBM");
        assert_eq!(x.coalescing, Some(100.0));
        // Achieved HBM bandwidth at the bandwidth-bound time is the configured 8 TB/s (3333 B/cycle x 2.4 GHz).
        assert!(
            (x.bandwidth_hbm_gbs - 3333.0 * 2.4).abs() < 10.0,
            "{}",
            x.bandwidth_hbm_gbs
        );

        let i = InstCounts {
            mfma_ops_bf16: 2 * 4096u64.pow(3),
            ..InstCounts::default()
        };
        let m = MemCounters {
            l2_read_req: 3 * 4096 * 4096 * 2 / 128,
            l2_misses: 3 * 4096 * 4096 * 2 / 128,
            hbm_read_req: 3 * 4096 * 4096 * 2 / 128,
            ..MemCounters::default()
        };
        let x = metrics(&i, &m, &p, &CEIL, 1_000_000, 256);
        assert_eq!(x.roofline_bound, "compute");
        assert!(x.arithmetic_intensity.unwrap() > 100.0);
    }
}
