//! Random and mutated remote-protocol packets against the gdb server (seeded, a fixed number of sessions and
//! packets, so the time is bounded): every packet gets an answer or the connection is closed, the server never
//! panics and never hangs (a reply or a close within the timeout; the server thread ends once the connection is
//! gone).

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};
use wavescope::launch::RunOptions;
use wavescope::machine::MachineOptions;
use wavescope::session::Session;
use wavescope_debugger::serve_on;
use wavescope_debugger::server::make_target_with;

const SESSIONS: u64 = 40;
const PACKETS_PER_SESSION: usize = 60;
const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Packets a real gdb sends (gdb 13 against this server), the seeds of the mutations.
const TEMPLATES: &[&str] = &[
    "qSupported:multiprocess+;swbreak+;hwbreak+;qRelocInsn+;fork-events+;vfork-events+;exec-events+;vContSupported+;QThreadEvents+;no-resumed+;memory-tagging+",
    "vMustReplyEmpty",
    "Hg0",
    "Hgp1.1",
    "Hc-1",
    "qXfer:features:read:target.xml:0,ffb",
    "qXfer:exec-file:read::0,ffb",
    "qXfer:libraries:read::0,ffb",
    "qXfer:threads:read::0,ffb",
    "qTStatus",
    "?",
    "qfThreadInfo",
    "qsThreadInfo",
    "qAttached:1",
    "qC",
    "qOffsets",
    "g",
    "p0",
    "p10",
    "p41",
    "p1ff",
    "P0=0100000000000000",
    "m0,10",
    "m1000,40",
    "m7fffffffffff,8",
    "M1000,4:01020304",
    "X1000,0:",
    "Z0,1000,4",
    "z0,1000,4",
    "Z2,100000000000,4",
    "vCont?",
    "vCont;s:p1.1;c",
    "vCont;s:p1.2",
    "vCont;c",
    "s",
    "Tp1.1",
    "qThreadExtraInfo,p1.1",
    "qRcmd,68656c70",
    "qRcmd,77617665732e",
    "qSymbol::",
    "qL1200000000000000000",
    "D",
    "k",
];

/// A mutated body: random byte changes, huge hex numbers, truncation, repetition, random bytes.
fn mutated(rng: &mut Rng) -> Vec<u8> {
    let mut b = TEMPLATES[rng.below(TEMPLATES.len())].as_bytes().to_vec();
    for _ in 0..rng.below(4) {
        match rng.below(7) {
            0 if !b.is_empty() => {
                let i = rng.below(b.len());
                b[i] = rng.next() as u8;
            }
            1 => {
                let i = rng.below(b.len() + 1);
                let big: &[u8] = [
                    &b"ffffffffffffffff"[..],
                    b"-1",
                    b"0",
                    b"10000000000000000000",
                    b",",
                    b":",
                    b";",
                    b"#",
                    b"$",
                    b"}",
                ][rng.below(10)];
                b.splice(i..i, big.iter().copied());
            }
            2 => {
                let n = rng.below(b.len() + 1);
                b.truncate(n);
            }
            3 if !b.is_empty() => {
                let n = 1 + rng.below(4);
                let copy = b.clone();
                for _ in 0..n {
                    b.extend_from_slice(&copy);
                }
            }
            4 => {
                let n = rng.below(32);
                b.extend((0..n).map(|_| rng.next() as u8));
            }
            5 => {
                // a long run of hex digits (a memory write, a register value)
                let n = rng.below(5000);
                b.extend((0..n).map(|i| b"0123456789abcdef"[i % 16]));
            }
            _ => {}
        }
    }
    // '$' and '#' inside a body would start or end a packet: escape them as the protocol does
    let mut out = Vec::with_capacity(b.len());
    for c in b {
        if matches!(c, b'$' | b'#' | b'}' | b'*') && rng.below(4) != 0 {
            out.push(b'}');
            out.push(c ^ 0x20);
        } else {
            out.push(c);
        }
    }
    out
}

fn packet(body: &[u8], good_checksum: bool) -> Vec<u8> {
    let mut sum = body.iter().fold(0u8, |a, &c| a.wrapping_add(c));
    if !good_checksum {
        sum = sum.wrapping_add(1);
    }
    let mut v = vec![b'$'];
    v.extend_from_slice(body);
    v.extend_from_slice(format!("#{sum:02x}").as_bytes());
    v
}

enum Answer {
    Reply,
    Nak,
    Closed,
}

/// Read until a whole `$...#cs` reply (acked), a '-' (nak), or the end of the connection.
fn answer(s: &mut TcpStream, what: &str) -> Answer {
    let deadline = Instant::now() + REPLY_TIMEOUT;
    let mut in_packet = false;
    let mut after_hash = 0;
    let mut buf = [0u8; 4096];
    loop {
        let n = match s.read(&mut buf) {
            Ok(0) => return Answer::Closed,
            Ok(n) => n,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                assert!(Instant::now() < deadline, "the server hung on {what}");
                continue;
            }
            Err(_) => return Answer::Closed,
        };
        for &c in &buf[..n] {
            if after_hash > 0 {
                after_hash -= 1;
                if after_hash == 0 {
                    let _ = s.write_all(b"+");
                    return Answer::Reply;
                }
                continue;
            }
            match c {
                b'$' => in_packet = true,
                b'#' if in_packet => after_hash = 2,
                b'-' if !in_packet => return Answer::Nak,
                _ => {}
            }
        }
        assert!(Instant::now() < deadline, "the server hung on {what}");
    }
}

#[test]
fn random_packets_are_answered_or_closed_never_a_panic_or_hang() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/saxpy_dbg");
    let t0 = Instant::now();
    let (mut sent, mut replies, mut naks, mut closes) = (0usize, 0usize, 0usize, 0usize);
    for session_no in 0..SESSIONS {
        let seed = 0x5EED_0000_0000_u64 + session_no * 0x9E37_79B9;
        let mut rng = Rng(seed);
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let session = Session::load(&manifest, &RunOptions::default()).expect("fixture loads");
        let target = make_target_with(session, MachineOptions::default(), false).expect("target");
        let server = std::thread::spawn(move || {
            let mut log = Vec::new();
            serve_on(listener, target, false, &mut log).is_ok()
        });
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let mut history: Vec<String> = Vec::new();
        // a real handshake first, so the later packets reach the interesting states
        let _ = s.write_all(&packet(TEMPLATES[0].as_bytes(), true));
        let mut open = !matches!(answer(&mut s, "qSupported"), Answer::Closed);
        for _ in 0..PACKETS_PER_SESSION {
            if !open {
                break;
            }
            let kind = rng.below(10);
            let body = mutated(&mut rng);
            let shown = String::from_utf8_lossy(&body[..body.len().min(80)]).into_owned();
            history.push(shown.clone());
            let what = format!(
                "session {session_no} (seed {seed:#x}), packet {shown:?} after {history:?}"
            );
            sent += 1;
            let bytes = match kind {
                0 => {
                    // raw garbage outside a packet (ignored by the protocol), then a packet that needs an answer
                    let mut g: Vec<u8> = (0..rng.below(64))
                        .map(|_| rng.next() as u8)
                        .filter(|&c| c != b'$' && c != 3)
                        .collect();
                    g.extend_from_slice(&packet(b"?", true));
                    g
                }
                1 => packet(&body, false),
                _ => packet(&body, true),
            };
            if s.write_all(&bytes).is_err() {
                closes += 1;
                break;
            }
            match answer(&mut s, &what) {
                Answer::Reply => replies += 1,
                Answer::Nak => naks += 1,
                Answer::Closed => {
                    closes += 1;
                    open = false;
                }
            }
        }
        drop(s);
        let deadline = Instant::now() + Duration::from_secs(60);
        while !server.is_finished() {
            assert!(
                Instant::now() < deadline,
                "session {session_no} (seed {seed:#x}): the server did not end after the connection closed; packets {history:?}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(
            server.join().is_ok(),
            "session {session_no} (seed {seed:#x}): the server panicked; packets {history:?}"
        );
    }
    eprintln!(
        "{SESSIONS} sessions, {sent} fuzzed packets: {replies} replies, {naks} naks, {closes} closes, in {:.1} s",
        t0.elapsed().as_secs_f64()
    );
}
