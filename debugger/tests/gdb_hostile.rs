//! A confused or hostile client: bad checksums, over-long and malformed packets, unknown queries, file access
//! outside the served code object. Every one gets an error reply (or a refusal `-`), the server never panics and
//! the session goes on.

mod common;

use common::*;
use wavescope::machine::MachineOptions;
use wavescope_debugger::Ending;

/// A vFile reply "Fresult[,errno][;data]" as numbers (the protocol's numbers are hex).
fn f_reply(r: &str) -> (i64, Option<u32>, String) {
    let body = r
        .strip_prefix('F')
        .unwrap_or_else(|| panic!("not an F reply: {r}"));
    let (nums, data) = body.split_once(';').unwrap_or((body, ""));
    let (res, errno) = nums
        .split_once(',')
        .map(|(a, b)| (a, Some(b)))
        .unwrap_or((nums, None));
    let res = match res.strip_prefix('-') {
        Some(v) => -i64::from_str_radix(v, 16).unwrap(),
        None => i64::from_str_radix(res, 16).unwrap(),
    };
    (
        res,
        errno.map(|e| u32::from_str_radix(e, 16).unwrap()),
        data.to_string(),
    )
}

const ENOENT: u32 = 2;
const EBADF: u32 = 9;
const EACCES: u32 = 13;

fn hex(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn malformed_and_hostile_packets_get_error_replies() {
    let srv = serve(
        "examples/polybench_gemm_64",
        MachineOptions::default(),
        false,
    );
    let mut c = Raw::connect(srv.port);
    c.send_raw(b"+");
    let sup = c.ask(b"qSupported:multiprocess+;swbreak+;hwbreak+;vContSupported+");
    assert!(
        sup.contains("PacketSize=") && sup.contains("qXfer:exec-file:read+"),
        "{sup}"
    );

    // Framing: bad checksum, non-hex checksum -> '-' (the client would retransmit).
    c.send_raw(b"$qC#00");
    assert_eq!(c.reply_or_nak(), None);
    c.send_raw(b"$g#zz");
    assert_eq!(c.reply_or_nak(), None);
    // Noise outside packets is ignored.
    c.send_raw(b"garbage\xff\x00");
    // Over-long packet.
    let mut long = vec![b'$'];
    long.extend(std::iter::repeat_n(b'A', 200_000));
    long.extend_from_slice(b"#00");
    c.send_raw(&long);
    assert_eq!(c.reply_or_nak().as_deref(), Some("E16"));

    // Unknown queries: the empty "not supported" reply.
    assert_eq!(c.ask(b"qWavescopeNoSuchQuery"), "");
    assert_eq!(c.ask(b"vMustReplyEmpty"), "");

    // Malformed bodies of known commands: an error, then the session still works.
    for bad in [
        &b"mzz,4"[..],
        b"Hgzz",
        b"P10=zz",
        b"Z0,zz,1",
        b"vCont;s",
        b"vCont;q",
        b"qRcmd,zz",
        b"vFile:pread:zz",
        b"qXfer:features:read:target.xml:zz",
    ] {
        let r = c.ask(bad);
        assert!(
            r.starts_with('E') || r.is_empty(),
            "{}: {r}",
            String::from_utf8_lossy(bad)
        );
        let q = c.ask(b"?");
        assert!(
            q.starts_with("T05thread:"),
            "after {}: {q}",
            String::from_utf8_lossy(bad)
        );
    }
    // Reads: unmapped memory is an error; an absurd length is served as a short (partial) read.
    assert!(c.ask(b"m700000000000,4").starts_with('E'));
    assert!(c.ask(b"m700000000000,ffffffffffffffff").starts_with('E'));
    let r = c.ask(b"m1700,ffffffffffffffff");
    assert!(
        !r.is_empty() && r.len() <= 2 * 16 * 1024 && !r.starts_with('E'),
        "{}",
        r.len()
    );
    assert!(c.ask(b"M700000000000,4:00000000").starts_with('E'));
    // Registers: an unknown number gets the empty reply, a thread that does not exist an error.
    assert_eq!(c.ask(b"p99999"), "");
    assert_eq!(c.ask(b"Hgp1.ffff"), "OK");
    assert!(c.ask(b"g").starts_with('E'));
    assert_eq!(c.ask(b"Hgp1.1"), "OK");
    let g = c.ask(b"g");
    assert_eq!(g.len() % 2, 0);
    assert_eq!(
        &g[16 * 16..16 * 16 + 16],
        "0017000000000000",
        "rip = 0x1700, little-endian"
    );

    // Files: only the served copy, read-only; nothing else on the host, whatever the name.
    assert_eq!(f_reply(&c.ask(b"vFile:setfs:0")).0, 0);
    let real = std::fs::canonicalize(repo("examples/polybench_gemm_64/kernel.hsaco")).unwrap();
    for name in [
        "/etc/passwd",
        "../../../../etc/passwd",
        real.to_str().unwrap(),
        "",
        "/proc/self/exe",
    ] {
        let r = c.ask(format!("vFile:open:{},0,0", hex(name)).as_bytes());
        assert_eq!(
            f_reply(&r),
            (-1, Some(ENOENT), String::new()),
            "open {name:?}"
        );
    }
    let exec = c.ask(b"qXfer:exec-file:read::0,1000");
    // gdbstub answers 'm' + data, then 'l' (end) for a read past it.
    let served = exec.strip_prefix('m').expect("the name").to_string();
    assert_eq!(
        c.ask(format!("qXfer:exec-file:read::{:x},1000", served.len()).as_bytes()),
        "l"
    );
    assert!(served.ends_with(".wavescope-gdb.elf"), "{served}");
    assert!(
        !std::path::Path::new(&served).exists(),
        "the served name is virtual"
    );
    let no_write = c.ask(format!("vFile:open:{},1,0", hex(&served)).as_bytes());
    assert_eq!(f_reply(&no_write).1, Some(EACCES), "no writing");
    assert_eq!(
        f_reply(&c.ask(b"vFile:pread:3,10,0")).1,
        Some(EBADF),
        "not open yet"
    );
    let fd = f_reply(&c.ask(format!("vFile:open:{},0,0", hex(&served)).as_bytes())).0;
    assert!(fd >= 0);
    let head = f_reply(&c.ask(format!("vFile:pread:{fd:x},4,0").as_bytes()));
    assert_eq!(head, (4, None, "\x7fELF".to_string()));
    let stat = f_reply(&c.ask(format!("vFile:fstat:{fd:x}").as_bytes()));
    assert_eq!(stat.0, 64, "struct stat is 64 bytes");
    assert_eq!(
        c.ask(b"vFile:unlink:2f746d702f78"),
        "",
        "unlink is not supported"
    );
    assert_eq!(
        f_reply(&c.ask(format!("vFile:close:{fd:x}").as_bytes())).0,
        0
    );
    assert_eq!(
        f_reply(&c.ask(format!("vFile:close:{fd:x}").as_bytes())).1,
        Some(EBADF)
    );

    // Still a working session: threads, a monitor command, then kill.
    assert!(c.ask(b"qfThreadInfo").starts_with("mp01.01,"));
    c.send_raw(&Raw::packet(format!("qRcmd,{}", hex("waves")).as_bytes()));
    let mut saw_ok = false;
    for _ in 0..8 {
        let r = c.reply();
        if r == "OK" {
            saw_ok = true;
            break;
        }
        assert!(r.starts_with('O'), "{r}");
    }
    assert!(saw_ok);
    c.send_raw(&Raw::packet(b"vKill;1"));
    let _ = c.reply_or_nak();
    let (outcome, log) = srv.finish();
    assert_eq!(outcome.ending, Ending::Killed, "{log}");
    assert!(outcome.protocol_errors >= 9, "{}", outcome.protocol_errors);
}

#[test]
fn client_vanishing_mid_session_ends_the_server() {
    let srv = serve(
        "examples/polybench_gemm_64",
        MachineOptions::default(),
        false,
    );
    {
        let mut c = Raw::connect(srv.port);
        c.send_raw(b"+");
        assert!(c.ask(b"?").starts_with("T05"));
        // Continue, then disappear while the dispatch runs.
        c.send_raw(&Raw::packet(b"vCont;c"));
    }
    let (outcome, log) = srv.finish();
    assert!(
        outcome.ending == Ending::ConnectionLost || outcome.ending == Ending::Finished,
        "{:?} {log}",
        outcome.ending
    );
}
