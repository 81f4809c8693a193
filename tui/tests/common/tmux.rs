//! The tmux harness the terminal tests share: a tmux server on the test's own socket (killed on drop), keys in,
//! the screen out, waits with a timeout, and the `wavescope` release binary they drive.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

pub struct Tmux {
    pub socket: String,
}

impl Tmux {
    pub fn cmd(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs")
    }
    /// Start session `t`, `cols` x `rows`, running `shell` (in `dir` when given); panic with tmux's error if it
    /// cannot.
    pub fn start(&self, cols: u16, rows: u16, dir: Option<&std::path::Path>, shell: &str) {
        let (cols, rows) = (cols.to_string(), rows.to_string());
        let mut a = vec!["new-session", "-d", "-s", "t", "-x", &cols, "-y", &rows];
        if let Some(d) = dir {
            a.extend(["-c", d.to_str().unwrap()]);
        }
        a.push(shell);
        let out = self.cmd(&a);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    pub fn keys(&self, keys: &[&str]) {
        let mut a = vec!["send-keys", "-t", "t"];
        a.extend_from_slice(keys);
        self.cmd(&a);
    }
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.cmd(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }
    /// Wait until `pred` holds for the screen; panic with the screen after `secs`.
    pub fn wait(&self, what: &str, secs: u64, pred: impl Fn(&str) -> bool) -> String {
        let t0 = Instant::now();
        loop {
            let s = self.screen();
            if pred(&s) {
                return s;
            }
            if t0.elapsed() > Duration::from_secs(secs) {
                panic!("timed out waiting for {what}; screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // Only the server this test started (its own socket).
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The release binary: the tests run with `--release`, so building it shares their artifacts. It belongs to
/// wavescope-cli; building it here keeps the test right after a change to the UI.
pub fn binary() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"));
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let st = Command::new(cargo)
        .args(["build", "--release", "-q", "-p", "wavescope-cli"])
        .current_dir(root())
        .status()
        .expect("cargo runs");
    assert!(st.success(), "building wavescope-cli failed");
    target.join("release/wavescope")
}
