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
    assert_eq!(c.ask(b"Hgp1.ffff"), "E03", "no such wave");
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

/// Send a monitor command and collect its console output (`O` packets) up to the final `OK`.
fn monitor(c: &mut Raw, cmd: &str) -> String {
    c.send_raw(&Raw::packet(format!("qRcmd,{}", hex(cmd)).as_bytes()));
    let mut text = String::new();
    for _ in 0..64 {
        let r = c.reply();
        if r == "OK" {
            return text;
        }
        let h = r.strip_prefix('O').unwrap_or_else(|| panic!("{cmd}: {r}"));
        let bytes: Vec<u8> = (0..h.len() / 2)
            .map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap())
            .collect();
        text.push_str(&String::from_utf8_lossy(&bytes));
    }
    panic!("{cmd}: no OK");
}

/// rip of wave 0 (thread 1) from a `g` reply.
fn rip(c: &mut Raw) -> String {
    assert_eq!(c.ask(b"Hgp1.1"), "OK");
    let g = c.ask(b"g");
    g[16 * 16..16 * 16 + 16].to_string()
}

/// A thread id that names no wave gets an error from every packet that takes one, and nothing runs:
/// `vCont;s:p1.ffffffff` used to run the whole dispatch to its end.
#[test]
fn unknown_thread_ids_get_errors_and_run_nothing() {
    let srv = serve(
        "examples/polybench_gemm_64",
        MachineOptions::default(),
        false,
    );
    let mut c = Raw::connect(srv.port);
    c.send_raw(b"+");
    c.ask(b"qSupported:multiprocess+;swbreak+;hwbreak+;vContSupported+");
    let threads = c.ask(b"qfThreadInfo");
    assert!(threads.starts_with("mp01.01,"), "{threads}");
    // gemm 64: 16 work-groups of 4 waves, at most 256 resident: threads 1..=64 (hex 01..40)
    assert!(
        threads.contains("p01.40") && !threads.contains("p01.41"),
        "{threads}"
    );
    assert_eq!(rip(&mut c), "0017000000000000", "starts at 0x1700");
    for bad in [
        &b"vCont;s:p1.ffffffff"[..],
        b"vCont;c:p1.41",
        b"vCont;s:p1.1;c:p1.ffffffff",
        b"vCont;r1700,1710:p1.ffffffff",
        b"Hgp1.ffffffff",
        b"Hcp1.ffffffff",
        b"Hg41",
        b"qThreadExtraInfo,p1.ffffffff",
        b"Tp1.ffffffff",
        b"Tp1.41",
    ] {
        assert_eq!(c.ask(bad), "E03", "{}", String::from_utf8_lossy(bad));
    }
    // Nothing ran, and the known ids still work.
    assert_eq!(rip(&mut c), "0017000000000000", "nothing ran");
    assert_eq!(c.ask(b"Tp1.40"), "OK");
    assert_eq!(c.ask(b"Hcp1.2"), "OK");
    assert!(
        c.ask(b"Hgp1.-1").starts_with('E'),
        "Hg of all threads is meaningless"
    );
    let info = c.ask(b"qThreadExtraInfo,p1.2");
    assert!(!info.starts_with('E') && !info.is_empty(), "{info}");
    // A real step of wave 0 still works: one instruction (0x1700 is 8 bytes: kernel.objdump.txt).
    let stop = c.ask(b"vCont;s:p1.1");
    assert!(stop.starts_with("T05thread:p01.01"), "{stop}");
    assert_eq!(rip(&mut c), "0817000000000000");
    c.send_raw(&Raw::packet(b"vKill;1"));
    let _ = c.reply_or_nak();
    let (outcome, log) = srv.finish();
    assert_eq!(outcome.ending, Ending::Killed, "{log}");
}

/// `monitor trace start` writes inside the trace directory only: no absolute paths, no `..`, no symlink out
/// of it (a directory or the file itself), no hard link, no FIFO (opening one would block the server).
#[test]
fn monitor_trace_writes_only_inside_the_trace_directory() {
    let base = std::env::temp_dir().join(format!("wavescope-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let dir = base.join("traces");
    let outside = base.join("outside");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    let dir = std::fs::canonicalize(dir).unwrap();
    let victim = outside.join("victim");
    std::fs::write(&victim, b"precious").unwrap();
    std::os::unix::fs::symlink(&victim, dir.join("link.pftrace")).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("out")).unwrap();
    std::fs::hard_link(&victim, dir.join("hard.pftrace")).unwrap();
    assert!(std::process::Command::new("mkfifo")
        .arg(dir.join("fifo"))
        .status()
        .is_ok_and(|s| s.success()));

    let srv = serve_traced(
        "examples/polybench_gemm_64",
        MachineOptions::default(),
        false,
        &dir,
    );
    let mut c = Raw::connect(srv.port);
    c.send_raw(b"+");
    c.ask(b"qSupported:multiprocess+;swbreak+;hwbreak+;vContSupported+");
    let victim_s = victim.display().to_string();
    for (file, why) in [
        (victim_s.as_str(), "an absolute path"),
        ("../outside/victim", "`..`"),
        ("sub/../../outside/victim", "`..`"),
        ("link.pftrace", "symbolic link"),
        ("out/victim", "outside the trace directory"),
        ("out/new.pftrace", "outside the trace directory"),
        ("hard.pftrace", "hard links"),
        ("fifo", "not a regular file"),
    ] {
        let text = monitor(&mut c, &format!("trace start {file}"));
        assert!(
            text.contains(&format!("trace: refused {file}: ")) && text.contains(why),
            "{file}: {text}"
        );
    }
    assert_eq!(std::fs::read(&victim).unwrap(), b"precious");
    assert!(!outside.join("new.pftrace").exists());
    // Inside: written, then completed by `trace stop`.
    let text = monitor(&mut c, "trace start ok.pftrace");
    assert!(
        text.contains(&format!(
            "trace: writing {}",
            dir.join("ok.pftrace").display()
        )),
        "{text}"
    );
    let stop = c.ask(b"vCont;s:p1.1");
    assert!(stop.starts_with("T05"), "{stop}");
    let text = monitor(&mut c, "trace stop");
    assert!(text.contains("1 instruction slices"), "{text}");
    assert!(std::fs::metadata(dir.join("ok.pftrace")).unwrap().len() > 0);
    c.send_raw(&Raw::packet(b"vKill;1"));
    let _ = c.reply_or_nak();
    let (outcome, log) = srv.finish();
    assert_eq!(outcome.ending, Ending::Killed, "{log}");
    let _ = std::fs::remove_dir_all(&base);
}
