//! `p`/`P`: one register of one wave, the way gdb fetches vector registers lazily and writes any register.

use super::{pair, status_of, GdbTarget};
use crate::arch::*;
use gdbstub::common::Tid;
use gdbstub::target::ext::base::single_register_access::SingleRegisterAccess;
use gdbstub::target::{TargetError, TargetResult};
use wavescope::exec::wave::{EXEC_LO, FLAT_SCRATCH_LO, VCC_LO};
use wavescope::exec::LANES;

impl SingleRegisterAccess<Tid> for GdbTarget {
    fn read_register(
        &mut self,
        tid: Tid,
        reg: WaveRegId,
        buf: &mut [u8],
    ) -> TargetResult<usize, Self> {
        let w = self.wave_for(tid)?;
        let wave = self.wave_ref(w).ok_or(TargetError::NonFatal)?;
        let n = reg.0;
        let size = reg_size(n).ok_or(TargetError::NonFatal)?;
        let buf = buf.get_mut(..size).ok_or(TargetError::NonFatal)?;
        buf.fill(0);
        let mut put = |bytes: &[u8]| buf[..bytes.len()].copy_from_slice(bytes);
        match n {
            RIP => put(&wave.pc.to_le_bytes()),
            _ if (SGPR0..SGPR0 + SGPRS).contains(&n) => put(&wave.sgpr[n - SGPR0].to_le_bytes()),
            VCC => put(&pair(wave, VCC_LO).to_le_bytes()),
            EXEC => put(&pair(wave, EXEC_LO).to_le_bytes()),
            M0 => put(&wave.sgpr[M0_SGPR].to_le_bytes()),
            SCC => put(&(wave.scc as u32).to_le_bytes()),
            MODE => put(&wave.mode.to_le_bytes()),
            STATUS => put(&status_of(wave).to_le_bytes()),
            TRAPSTS => put(&wave.trapsts.to_le_bytes()),
            FLAT_SCRATCH => put(&pair(wave, FLAT_SCRATCH_LO).to_le_bytes()),
            _ if (VGPR0..REG_END).contains(&n) => {
                let v = &wave.vreg[n - VGPR0];
                for lane in 0..LANES {
                    buf[4 * lane..4 * lane + 4].copy_from_slice(&v[lane].to_le_bytes());
                }
            }
            0..=15 => put(&self.return_registers(w)[n].to_le_bytes()),
            XMM0 | MXCSR_PREV => put(&self.return_xmm(w, n - XMM0)),
            _ => {} // x86 filler: zero
        }
        Ok(size)
    }

    fn write_register(&mut self, tid: Tid, reg: WaveRegId, val: &[u8]) -> TargetResult<(), Self> {
        let w = self.wave_for(tid)?;
        let n = reg.0;
        let size = reg_size(n).ok_or(TargetError::NonFatal)?;
        if val.len() != size {
            return Err(TargetError::NonFatal);
        }
        if self.ended.as_ref().is_some_and(|z| z.id.wave == w) {
            return Ok(()); // the wave has ended (`GdbTarget::ended`): nothing to write to
        }
        let wave = self.machine.wave_mut(w).ok_or(TargetError::NonFatal)?;
        let u32v = || u32::from_le_bytes(val[..4].try_into().unwrap());
        let u64v = || u64::from_le_bytes(val[..8].try_into().unwrap());
        match n {
            RIP => wave.pc = u64v(),
            _ if (SGPR0..SGPR0 + SGPRS).contains(&n) => wave.sgpr[n - SGPR0] = u32v(),
            VCC => wave.set_vcc(u64v()),
            EXEC => wave.set_exec(u64v()),
            M0 => wave.sgpr[M0_SGPR] = u32v(),
            SCC => wave.scc = u32v() & 1 != 0,
            MODE => wave.mode = u32v(),
            STATUS => {
                // SCC, EXECZ and VCCZ are views of other state; SCC is writable through STATUS too.
                let s = u32v();
                wave.scc = s & 1 != 0;
                wave.status = s;
            }
            TRAPSTS => wave.trapsts = u32v(),
            FLAT_SCRATCH => {
                let v = u64v();
                wave.sgpr[FLAT_SCRATCH_LO] = v as u32;
                wave.sgpr[FLAT_SCRATCH_LO + 1] = (v >> 32) as u32;
            }
            _ if (VGPR0..REG_END).contains(&n) => {
                let v = &mut wave.vreg[n - VGPR0];
                for lane in 0..LANES {
                    v[lane] = u32::from_le_bytes(val[4 * lane..4 * lane + 4].try_into().unwrap());
                }
            }
            _ => {} // x86 filler: writes are accepted and forgotten
        }
        Ok(())
    }
}

/// xmm1 (the second SSE return register).
const MXCSR_PREV: usize = XMM0 + 1;

/// M0's index in the scalar file (the arch module's `M0` is the gdb register number).
const M0_SGPR: usize = wavescope::exec::wave::M0;
