//! Helpers for the gdb tests: a server on a free port (bound to 127.0.0.1:0 here, so no other test can take it),
//! a stock gdb in batch mode against it, and a raw remote-protocol client; everything gives up after a timeout
//! instead of hanging.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use wavescope::launch::RunOptions;
use wavescope::machine::MachineOptions;
use wavescope::session::Session;
use wavescope_debugger::server::make_target_with;
use wavescope_debugger::{serve_on, ServeOutcome};

pub const GDB_TIMEOUT: Duration = Duration::from_secs(240);

pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path)
}

pub fn plugin() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("gdb/wavescope_disasm.py")
}

/// A server thread serving one session.
pub struct Served {
    pub port: u16,
    handle: JoinHandle<(Result<ServeOutcome, String>, String)>,
}

pub fn serve(manifest: &str, opts: MachineOptions, check: bool) -> Served {
    serve_with(manifest, opts, check, false)
}

/// `serve`, with `--stop-on-findings` when `stop_on_findings` (`manifest` may be an absolute path).
pub fn serve_with(
    manifest: &str,
    opts: MachineOptions,
    check: bool,
    stop_on_findings: bool,
) -> Served {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let session = Session::load(&repo(manifest), &RunOptions::default()).expect("manifest loads");
    let target = make_target_with(session, opts, stop_on_findings).expect("target");
    spawn_server(listener, target, check)
}

/// `serve` with `--trace-dir dir`: `monitor trace start FILE` writes only inside `dir`.
pub fn serve_traced(manifest: &str, opts: MachineOptions, check: bool, dir: &Path) -> Served {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
    let session = Session::load(&repo(manifest), &RunOptions::default()).expect("manifest loads");
    let mut target = make_target_with(session, opts, false).expect("target");
    target.set_trace_dir(dir).expect("trace dir");
    spawn_server(listener, target, check)
}

fn spawn_server(
    listener: TcpListener,
    target: wavescope_debugger::GdbTarget,
    check: bool,
) -> Served {
    let port = listener.local_addr().unwrap().port();
    let handle = std::thread::spawn(move || {
        let mut log = Vec::new();
        let r = serve_on(listener, target, check, &mut log).map_err(|e| e.to_string());
        (r, String::from_utf8_lossy(&log).into_owned())
    });
    Served { port, handle }
}

impl Served {
    /// Wait for the session to end (the server thread must not panic).
    pub fn finish(self) -> (ServeOutcome, String) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while !self.handle.is_finished() {
            assert!(Instant::now() < deadline, "server did not end");
            std::thread::sleep(Duration::from_millis(20));
        }
        let (r, log) = self.handle.join().expect("server thread panicked");
        (
            r.unwrap_or_else(|e| panic!("serve failed: {e}\n{log}")),
            log,
        )
    }
}

/// Run `exe` with `args`, killing it after `timeout`. Returns (stdout + stderr, exit status).
pub fn run_with_timeout(
    mut cmd: Command,
    timeout: Duration,
    after_start: impl FnOnce(u32),
) -> (String, bool) {
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let pid = child.id();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    after_start(pid);
    match rx.recv_timeout(timeout) {
        Ok(Ok(out)) => {
            let mut s = String::from_utf8_lossy(&out.stdout).into_owned();
            s.push_str(&String::from_utf8_lossy(&out.stderr));
            (s, out.status.success())
        }
        Ok(Err(e)) => panic!("waiting for child: {e}"),
        Err(_) => {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
            panic!("timed out after {timeout:?}: {cmd:?}");
        }
    }
}

pub fn have(exe: &str) -> bool {
    Command::new(exe)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// gdb (or gdb-multiarch) in batch mode: connect, run `cmds`, return its output.
pub fn gdb_with(exe: &str, port: u16, cmds: &[&str], after_start: impl FnOnce(u32)) -> String {
    let mut c = Command::new(exe);
    c.arg("-nx").arg("-batch").arg("-x").arg(plugin());
    c.arg("-ex")
        .arg("set width 0")
        .arg("-ex")
        .arg("set confirm off");
    c.arg("-ex").arg(format!("target remote 127.0.0.1:{port}"));
    for cmd in cmds {
        c.arg("-ex").arg(cmd);
    }
    // Sources must be found through the served copy, not because gdb runs in the kernel's directory.
    c.current_dir(std::env::temp_dir());
    run_with_timeout(c, GDB_TIMEOUT, after_start).0
}

pub fn gdb(port: u16, cmds: &[&str]) -> String {
    gdb_with("gdb", port, cmds, |_| {})
}

/// The text of the objdump listing line for `pc` ("s_load_dword s6, s[0:1], 0x4").
pub fn objdump_text(listing: &str, pc: u64) -> String {
    let text = std::fs::read_to_string(repo(listing)).unwrap();
    let key = format!("// {pc:012X}:");
    let line = text
        .lines()
        .find(|l| l.contains(&key))
        .unwrap_or_else(|| panic!("0x{pc:x} not in {listing}"));
    line.split("//").next().unwrap().trim().to_string()
}

/// A bare remote-protocol client.
pub struct Raw {
    s: TcpStream,
}

impl Raw {
    pub fn connect(port: u16) -> Raw {
        let s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        s.set_nodelay(true).unwrap();
        Raw { s }
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.s.write_all(bytes).unwrap();
    }

    pub fn packet(body: &[u8]) -> Vec<u8> {
        let sum = body.iter().fold(0u8, |a, &c| a.wrapping_add(c));
        let mut v = vec![b'$'];
        v.extend_from_slice(body);
        v.extend_from_slice(format!("#{sum:02x}").as_bytes());
        v
    }

    fn byte(&mut self) -> u8 {
        let mut b = [0u8; 1];
        self.s
            .read_exact(&mut b)
            .expect("reply (server silent or gone)");
        b[0]
    }

    /// Read one `$...#cs` reply (skipping acks), check its checksum, ack it, return the body.
    pub fn reply(&mut self) -> String {
        while self.byte() != b'$' {}
        let mut body = Vec::new();
        loop {
            let b = self.byte();
            if b == b'#' {
                break;
            }
            body.push(b);
        }
        let cs = [self.byte(), self.byte()];
        let sum = body.iter().fold(0u8, |a, &c| a.wrapping_add(c));
        assert_eq!(
            std::str::from_utf8(&cs).unwrap(),
            format!("{sum:02x}"),
            "reply checksum"
        );
        self.send_raw(b"+");
        unrle(&body)
    }

    /// Send a packet and return the first byte the server answers with ('+' or '-').
    pub fn send_expect_ack(&mut self, body: &[u8]) -> u8 {
        self.send_raw(&Self::packet(body));
        self.byte()
    }

    /// Send a packet, expect '+', return the reply body.
    pub fn ask(&mut self, body: &[u8]) -> String {
        assert_eq!(
            self.send_expect_ack(body),
            b'+',
            "ack for {}",
            String::from_utf8_lossy(body)
        );
        self.reply()
    }
}

impl Raw {
    /// The next reply, or None when the server refused the packet with '-'.
    pub fn reply_or_nak(&mut self) -> Option<String> {
        loop {
            match self.byte() {
                b'-' => return None,
                b'+' => continue,
                b'$' => {
                    let mut body = Vec::new();
                    loop {
                        let b = self.byte();
                        if b == b'#' {
                            break;
                        }
                        body.push(b);
                    }
                    let _ = (self.byte(), self.byte());
                    self.send_raw(b"+");
                    return Some(unrle(&body));
                }
                _ => continue,
            }
        }
    }
}

/// Undo the protocol's run-length encoding: `c*N` is `c` repeated N - 29 more times.
pub fn unrle(body: &[u8]) -> String {
    let mut out: Vec<u8> = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        if body[i] == b'*' && i + 1 < body.len() && !out.is_empty() {
            let last = *out.last().unwrap();
            for _ in 0..(body[i + 1] as usize).saturating_sub(29) {
                out.push(last);
            }
            i += 2;
        } else {
            out.push(body[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
