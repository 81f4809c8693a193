//! What a long run shows and how it stops: a progress line on stderr for runs longer than a second (only when
//! stderr is a terminal), and Ctrl-C (SIGINT) turned into the scheduler's stop flag, so the command still prints
//! where the waves stood, writes its report and `--out` buffers, and exits 130. A second Ctrl-C ends the process at
//! once.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use wavescope::engine::WavePosition;
use wavescope::launch::RunControl;
use wavescope::session::Session;

/// Set by the SIGINT handler (an atomic store is all a handler may do).
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigint(_: libc::c_int) {
    if INTERRUPTED.swap(true, Ordering::Relaxed) {
        // the second Ctrl-C: the user does not want to wait for the report
        // SAFETY: _exit is async-signal-safe.
        unsafe { libc::_exit(130) };
    }
}

/// Watches one run: progress line and Ctrl-C.
pub struct Watch {
    pub control: Arc<RunControl>,
    done: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watch {
    /// Install the Ctrl-C handler and start the progress thread for a dispatch of `total_waves` waves.
    pub fn start(total_waves: u64) -> Watch {
        #[cfg(unix)]
        // SAFETY: installing a handler that only stores to an atomic (or calls _exit).
        unsafe {
            libc::signal(
                libc::SIGINT,
                on_sigint as extern "C" fn(libc::c_int) as libc::sighandler_t,
            );
        }
        let control = Arc::new(RunControl::default());
        let done = Arc::new(AtomicBool::new(false));
        let (c, d) = (control.clone(), done.clone());
        let thread = std::thread::spawn(move || progress(&c, &d, total_waves));
        Watch {
            control,
            done,
            thread: Some(thread),
        }
    }

    /// Stop the progress thread (and clear its line).
    pub fn finish(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.finish();
    }
}

fn progress(c: &RunControl, done: &AtomicBool, total_waves: u64) {
    let t0 = Instant::now();
    let tty = std::io::stderr().is_terminal();
    let mut shown = false;
    let mut last = Instant::now();
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(20));
        if INTERRUPTED.load(Ordering::Relaxed) {
            c.stop.store(true, Ordering::Relaxed);
        }
        let t = t0.elapsed().as_secs_f64();
        if !tty || t < 1.0 || last.elapsed() < Duration::from_millis(250) {
            continue;
        }
        last = Instant::now();
        let waves = c.waves_done.load(Ordering::Relaxed);
        let insts = c.wave_instructions.load(Ordering::Relaxed);
        let eta = if waves > 0 {
            let rest = t / waves as f64 * total_waves.saturating_sub(waves) as f64;
            format!("ETA {rest:.0} s")
        } else {
            "ETA ?".to_string()
        };
        eprint!(
            "\r\x1b[Kwavescope: {waves}/{total_waves} waves done, {:.1} M wave-instructions/s, {eta} (Ctrl-C stops)",
            insts as f64 / t / 1e6
        );
        let _ = std::io::stderr().flush();
        shown = true;
    }
    if shown {
        eprint!("\r\x1b[K");
    }
}

/// One line per wave that had not ended when the run stopped: where it is (PC, instruction, source line).
pub fn position_lines(session: &Session, waves: &[WavePosition]) -> Vec<String> {
    waves
        .iter()
        .map(|p| {
            let wg = p.wave.work_group;
            format!(
                "wave {} (work-group {},{},{}) {} at {}",
                p.wave.wave,
                wg[0],
                wg[1],
                wg[2],
                match p.status {
                    wavescope::exec::WaveStatus::AtBarrier => "waits at s_barrier",
                    _ => "stopped",
                },
                crate::cmd_run::describe_pc(session, p.pc)
            )
        })
        .collect()
}
