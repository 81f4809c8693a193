//! The connection gdbstub talks through: a guard in front of the protocol engine.
//!
//! gdbstub 0.7 ends the session on a bad checksum, an over-long packet or a packet it cannot parse. A debugging
//! server must survive a confused or hostile client, so every packet is checked here first:
//! - bytes outside a packet other than Ctrl-C are dropped (acks included: the server never retransmits);
//! - a packet with a bad or missing checksum is refused with `-` (the client retransmits it), or answered `E16`
//!   once the client switched acknowledgements off;
//! - a packet longer than the packet buffer is answered `E16` (EINVAL) and dropped;
//! - `m` reads are capped at [`MAX_READ`] bytes (a shorter reply is a partial read to gdb);
//! - a packet naming a thread that is not in the thread list (`Hg`, `Hc`, `T`, `qThreadExtraInfo`, an action of
//!   `vCont`) is answered `E03` (ESRCH): gdbstub would accept `Hg`/`Hc` of any id and run a `vCont` whose only
//!   action names no wave as if it named none (the whole dispatch to its end);
//!
//! and only well-formed packets reach gdbstub. What gdbstub still rejects (a malformed command body) makes its
//! session fail; `server` then answers `E16` through [`Frontend::reply_error`] and starts a new gdbstub session on
//! the same connection, replaying the packets that set session state ([`Frontend::replay_packets`]).
//!
//! Writes are buffered and go out on `flush`, once per reply, not one system call per byte.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::rc::Rc;

/// Bytes of console text in one `O` packet (hex doubles them; well under gdb's packet buffer).
const CONSOLE_CHUNK: usize = 1024;

/// Largest packet accepted (the gdbstub packet buffer is this plus framing).
pub const MAX_PACKET: usize = 64 * 1024 - 8;
/// Largest `m` read served in one reply.
pub const MAX_READ: usize = 16 * 1024;

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Idle,
    Body,
    Checksum1,
    Checksum2,
    /// Inside an over-long packet: skip to its end.
    Overflow,
    OverflowChecksum(u8),
}

pub struct Frontend {
    stream: TcpStream,
    /// Checked bytes gdbstub has not read yet.
    ready: VecDeque<u8>,
    state: State,
    packet: Vec<u8>,
    out: Vec<u8>,
    /// While replaying state packets into a fresh gdbstub session its replies are not sent.
    mute: bool,
    /// Bytes of replayed packets still queued.
    replay_left: usize,
    /// The packets that set session state, latest of each kind (qSupported, Hg, Hc).
    state_packets: Vec<Vec<u8>>,
    /// The last packet handed to gdbstub.
    last_packet: Vec<u8>,
    nonblocking: bool,
    /// The client switched acknowledgements off (`QStartNoAckMode`, answered OK by gdbstub).
    no_ack: bool,
    /// The waves gdb may name (sorted): the thread list as of the last stop (`set_threads`). None: no check.
    threads: Option<Vec<u32>>,
    pub stats: Stats,
}

/// Counts of what the guard refused (the tests look at them).
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    pub bad_checksum: u32,
    pub overlong: u32,
    pub dropped_bytes: u64,
    pub packets: u64,
    pub unknown_thread: u32,
}

impl Frontend {
    pub fn new(stream: TcpStream) -> Frontend {
        let _ = stream.set_nodelay(true);
        Frontend {
            stream,
            ready: VecDeque::new(),
            state: State::Idle,
            packet: Vec::new(),
            out: Vec::with_capacity(64 * 1024),
            mute: false,
            replay_left: 0,
            state_packets: Vec::new(),
            last_packet: Vec::new(),
            nonblocking: false,
            no_ack: false,
            threads: None,
            stats: Stats::default(),
        }
    }

    /// The waves that are threads now (sorted): packets naming any other thread are refused.
    pub fn set_threads(&mut self, waves: Vec<u32>) {
        self.threads = Some(waves);
    }

    /// The packet names a specific thread that does not exist.
    fn names_unknown_thread(&self, body: &[u8]) -> bool {
        let Some(threads) = &self.threads else {
            return false;
        };
        let unknown = |id: &[u8]| match parse_thread_id(id) {
            Some(ThreadRef::Tid(tid)) => tid
                .checked_sub(1)
                .and_then(|w| u32::try_from(w).ok())
                .is_none_or(|w| threads.binary_search(&w).is_err()),
            _ => false, // any, all, or malformed (gdbstub's own error)
        };
        if let Some(id) = body
            .strip_prefix(b"Hg")
            .or_else(|| body.strip_prefix(b"Hc"))
            .or_else(|| body.strip_prefix(b"qThreadExtraInfo,"))
        {
            return unknown(id);
        }
        if let Some(actions) = body.strip_prefix(b"vCont;") {
            return actions
                .split(|&c| c == b';')
                .filter_map(|a| a.iter().position(|&c| c == b':').map(|i| &a[i + 1..]))
                .any(unknown);
        }
        match body.strip_prefix(b"T") {
            Some(id) => unknown(id),
            None => false,
        }
    }

    fn set_nonblocking(&mut self, on: bool) -> std::io::Result<()> {
        if self.nonblocking != on {
            self.stream.set_nonblocking(on)?;
            self.nonblocking = on;
        }
        Ok(())
    }

    /// Read what the socket has (blocking when `block`) and check it. Ok(false): the peer closed.
    fn fill(&mut self, block: bool) -> std::io::Result<bool> {
        self.set_nonblocking(!block)?;
        let mut buf = [0u8; 16 * 1024];
        let n = match self.stream.read(&mut buf) {
            Ok(0) => return Ok(false),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => return Ok(true),
            Err(e) => return Err(e),
        };
        for &b in &buf[..n] {
            self.accept(b)?;
        }
        Ok(true)
    }

    fn accept(&mut self, b: u8) -> std::io::Result<()> {
        match self.state {
            State::Idle => match b {
                b'$' => {
                    self.packet.clear();
                    self.packet.push(b);
                    self.state = State::Body;
                }
                0x03 => self.ready.push_back(b),
                _ => self.stats.dropped_bytes += 1,
            },
            State::Body => {
                if b == b'$' {
                    // An unescaped '$' starts a new packet: the one before was cut off.
                    self.stats.dropped_bytes += self.packet.len() as u64;
                    self.packet.clear();
                    self.packet.push(b);
                } else {
                    self.packet.push(b);
                    if b == b'#' {
                        self.state = State::Checksum1;
                    } else if self.packet.len() > MAX_PACKET {
                        self.packet.clear();
                        self.state = State::Overflow;
                    }
                }
            }
            State::Checksum1 => {
                self.packet.push(b);
                self.state = State::Checksum2;
            }
            State::Checksum2 => {
                self.packet.push(b);
                self.state = State::Idle;
                self.finish_packet()?;
            }
            State::Overflow => {
                if b == b'#' {
                    self.state = State::OverflowChecksum(0);
                }
            }
            State::OverflowChecksum(n) => {
                if n == 0 {
                    self.state = State::OverflowChecksum(1);
                } else {
                    self.state = State::Idle;
                    self.stats.overlong += 1;
                    self.ack()?;
                    self.send_packet(b"E16")?;
                }
            }
        }
        Ok(())
    }

    fn finish_packet(&mut self) -> std::io::Result<()> {
        let p = std::mem::take(&mut self.packet);
        let n = p.len();
        let body = &p[1..n - 3];
        let sum = body.iter().fold(0u8, |a, &c| a.wrapping_add(c));
        let given = std::str::from_utf8(&p[n - 2..])
            .ok()
            .and_then(|s| u8::from_str_radix(s, 16).ok());
        if given != Some(sum) {
            self.stats.bad_checksum += 1;
            // Without acknowledgements nothing is retransmitted: answer with an error instead.
            return if self.no_ack {
                self.send_packet(b"E16")
            } else {
                self.send_raw(b"-")
            };
        }
        self.stats.packets += 1;
        if self.names_unknown_thread(body) {
            self.stats.unknown_thread += 1;
            self.ack()?;
            return self.send_packet(b"E03");
        }
        let body = cap_memory_read(body);
        if body == b"QStartNoAckMode" {
            // gdbstub acknowledges this packet, answers OK and stops acknowledging; a fresh session must too.
            self.no_ack = true;
            self.state_packets
                .retain(|q| !q[1..].starts_with(b"QStartNoAckMode"));
            self.state_packets.push(frame(&body));
        }
        if body.starts_with(b"qSupported") || body.starts_with(b"Hg") || body.starts_with(b"Hc") {
            let key = &body[..2];
            self.state_packets.retain(|q| !q[1..].starts_with(key));
            self.state_packets.push(frame(&body));
        }
        let framed = frame(&body);
        self.last_packet = framed.clone();
        self.ready.extend(framed);
        Ok(())
    }

    fn send_raw(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.set_nonblocking(false)?;
        self.stream.write_all(bytes)
    }

    fn ack(&mut self) -> std::io::Result<()> {
        if self.no_ack {
            Ok(())
        } else {
            self.send_raw(b"+")
        }
    }

    fn send_packet(&mut self, body: &[u8]) -> std::io::Result<()> {
        let f = frame(body);
        self.send_raw(&f)
    }

    /// After gdbstub failed on the last packet: drop its unsent output and answer that packet with an error.
    pub fn reply_error(&mut self) -> std::io::Result<()> {
        self.out.clear();
        let bad = std::mem::take(&mut self.last_packet);
        self.state_packets.retain(|p| *p != bad);
        self.ack()?;
        self.send_packet(b"E16")
    }

    /// gdbstub ends the session on `vKill` without the `OK` gdb waits for (it answers only with extended mode):
    /// send it, so gdb reports the kill instead of a closed connection.
    pub fn answer_kill(&mut self) -> std::io::Result<()> {
        if self.last_packet.starts_with(b"$vKill") {
            self.out.clear();
            self.ack()?;
            self.send_packet(b"OK")?;
        }
        Ok(())
    }

    /// The packets to feed a fresh gdbstub session so it agrees with the client (multiprocess ids, current
    /// threads); their replies are dropped.
    pub fn replay_packets(&mut self) {
        let mut replay = Vec::new();
        for p in &self.state_packets {
            replay.extend_from_slice(p);
        }
        if replay.is_empty() {
            return;
        }
        self.mute = true;
        self.replay_left = replay.len();
        // Ahead of anything the client already sent.
        for b in replay.into_iter().rev() {
            self.ready.push_front(b);
        }
    }

    /// Send what gdbstub wrote but has not flushed: the ack of a `vCont`, whose reply comes only at the next stop
    /// (gdb gives up on an ack after its remote timeout, so it must not wait for the run to end).
    pub fn flush_pending(&mut self) -> std::io::Result<()> {
        if self.mute || self.out.is_empty() {
            return Ok(());
        }
        let out = std::mem::take(&mut self.out);
        let r = self.send_raw(&out);
        self.out = out;
        self.out.clear();
        r
    }

    /// Send a console message (`O` packet) while the target runs; gdb prints it before the stop reply.
    pub fn console(&mut self, text: &str) -> std::io::Result<()> {
        self.console_bytes(text.as_bytes())
    }

    /// Console output of any bytes (a kernel's printf text), in `O` packets of at most
    /// [`CONSOLE_CHUNK`] bytes each: gdb prints their contents one after another.
    pub fn console_bytes(&mut self, text: &[u8]) -> std::io::Result<()> {
        self.flush_pending()?;
        for chunk in text.chunks(CONSOLE_CHUNK) {
            let mut body = Vec::with_capacity(1 + 2 * chunk.len());
            body.push(b'O');
            for b in chunk {
                body.extend_from_slice(format!("{b:02x}").as_bytes());
            }
            self.send_packet(&body)?;
        }
        Ok(())
    }
}

/// A thread id of the remote protocol: `[p<pid>.]<tid>`, hex, `-1` all, `0` any.
#[derive(Debug, PartialEq, Eq)]
enum ThreadRef {
    AnyOrAll,
    Tid(u64),
}

fn parse_thread_id(id: &[u8]) -> Option<ThreadRef> {
    let id = std::str::from_utf8(id).ok()?;
    let tid = match id.strip_prefix('p') {
        // `p<pid>` alone: every thread of that process.
        Some(rest) => rest.split_once('.').map_or("-1", |(_, t)| t),
        None => id,
    };
    match tid {
        "-1" | "0" => Some(ThreadRef::AnyOrAll),
        t => u64::from_str_radix(t, 16).ok().map(ThreadRef::Tid),
    }
}

/// `$body#cs`.
fn frame(body: &[u8]) -> Vec<u8> {
    let sum = body.iter().fold(0u8, |a, &c| a.wrapping_add(c));
    let mut v = Vec::with_capacity(body.len() + 4);
    v.push(b'$');
    v.extend_from_slice(body);
    v.extend_from_slice(format!("#{sum:02x}").as_bytes());
    v
}

/// `mADDR,LEN` with LEN above [`MAX_READ`] becomes a read of MAX_READ bytes (gdb takes a short reply as a
/// partial read); gdbstub would otherwise loop over any length it is given.
fn cap_memory_read(body: &[u8]) -> Vec<u8> {
    if let Some(rest) = body.strip_prefix(b"m") {
        if let Some(comma) = rest.iter().position(|&c| c == b',') {
            let len = std::str::from_utf8(&rest[comma + 1..])
                .ok()
                .and_then(|s| usize::from_str_radix(s, 16).ok());
            if len.is_none_or(|l| l > MAX_READ) {
                let mut v = body[..comma + 2].to_vec();
                v.extend_from_slice(format!("{MAX_READ:x}").as_bytes());
                return v;
            }
        }
    }
    body.to_vec()
}

/// What gdbstub holds: a shared handle, so the connection outlives a failed gdbstub session.
#[derive(Clone)]
pub struct Conn(pub Rc<RefCell<Frontend>>);

impl gdbstub::conn::Connection for Conn {
    type Error = std::io::Error;

    fn write(&mut self, byte: u8) -> Result<(), Self::Error> {
        self.0.borrow_mut().out.push(byte);
        Ok(())
    }

    fn write_all(&mut self, buf: &[u8]) -> Result<(), Self::Error> {
        self.0.borrow_mut().out.extend_from_slice(buf);
        Ok(())
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        let mut f = self.0.borrow_mut();
        if f.mute {
            f.out.clear();
            return Ok(());
        }
        let out = std::mem::take(&mut f.out);
        let r = f.send_raw(&out);
        f.out = out;
        f.out.clear();
        r
    }
}

impl gdbstub::conn::ConnectionExt for Conn {
    fn read(&mut self) -> Result<u8, Self::Error> {
        let mut f = self.0.borrow_mut();
        if f.mute && f.replay_left == 0 {
            // gdbstub asks for the next packet: the replies to the replayed ones have been flushed (and dropped).
            f.mute = false;
            f.out.clear();
        }
        loop {
            if let Some(b) = f.ready.pop_front() {
                f.replay_left = f.replay_left.saturating_sub(1);
                return Ok(b);
            }
            if !f.fill(true)? {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::UnexpectedEof,
                    "gdb closed the connection",
                ));
            }
        }
    }

    fn peek(&mut self) -> Result<Option<u8>, Self::Error> {
        let mut f = self.0.borrow_mut();
        if f.ready.is_empty() && !f.fill(false)? {
            return Err(std::io::Error::new(
                std::io::ErrorKind::UnexpectedEof,
                "gdb closed the connection",
            ));
        }
        Ok(f.ready.front().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_and_caps() {
        assert_eq!(frame(b"OK"), b"$OK#9a");
        assert_eq!(cap_memory_read(b"m1000,4"), b"m1000,4");
        assert_eq!(cap_memory_read(b"m1000,ffffffffffffffffff"), b"m1000,4000");
        assert_eq!(cap_memory_read(b"m1000,100000"), b"m1000,4000");
    }

    #[test]
    fn thread_ids() {
        assert_eq!(
            parse_thread_id(b"p1.ffffffff"),
            Some(ThreadRef::Tid(0xffff_ffff))
        );
        assert_eq!(parse_thread_id(b"p1.-1"), Some(ThreadRef::AnyOrAll));
        assert_eq!(parse_thread_id(b"p1"), Some(ThreadRef::AnyOrAll));
        assert_eq!(parse_thread_id(b"0"), Some(ThreadRef::AnyOrAll));
        assert_eq!(parse_thread_id(b"1a"), Some(ThreadRef::Tid(0x1a)));
        assert_eq!(parse_thread_id(b"zz"), None);
    }
}
