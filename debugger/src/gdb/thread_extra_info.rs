//! `qThreadExtraInfo`: what `info threads` shows beside each wave.

use super::{copy_range, wave_of, GdbTarget};
use gdbstub::common::Tid;
use gdbstub::target::ext::thread_extra_info::ThreadExtraInfo;

impl GdbTarget {
    /// "wave 5 (wg 1,0,0) simd 1 barrier".
    pub fn wave_text(&self, wave: u32) -> String {
        match self.wave_ref(wave) {
            Some(w) if self.ended.as_ref().is_some_and(|z| z.id.wave == wave) => {
                let g = w.id.work_group;
                format!(
                    "wave {} (wg {},{},{}) simd {} ended",
                    w.id.wave, g[0], g[1], g[2], w.id.simd
                )
            }
            Some(w) => {
                let g = w.id.work_group;
                format!(
                    "wave {} (wg {},{},{}) simd {} {}",
                    w.id.wave,
                    g[0],
                    g[1],
                    g[2],
                    w.id.simd,
                    self.machine.wave_state(w).as_str()
                )
            }
            None => format!("wave {wave} done"),
        }
    }
}

impl ThreadExtraInfo for GdbTarget {
    fn thread_extra_info(&self, tid: Tid, buf: &mut [u8]) -> Result<usize, Self::Error> {
        let text = self.wave_text(wave_of(tid));
        Ok(copy_range(text.as_bytes(), 0, buf.len(), buf))
    }
}
