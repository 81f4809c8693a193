//! `cargo bench -p wavescope-debugger`: interactive latency of `serve` with stock gdb.
//! - stepi round trip: median of gdb's `stepi` (gdb's own work included: stop reply, registers, frame, source
//!   line), and of the bare protocol exchange `vCont;s` -> stop reply; goal 1 ms.
//! - `info threads` with every wave of a 4096-wave dispatch resident (polybench_gemm_512); goal 1 s. Also with
//!   the default residency (256 waves).

#[path = "../tests/common/mod.rs"]
mod common;

use common::*;
use std::process::Command;
use std::time::{Duration, Instant};
use wavescope::machine::MachineOptions;

const GDB_SCRIPT: &str = r#"
import gdb, time, statistics
def timed(cmd, n):
    ts = []
    for _ in range(n):
        t = time.perf_counter()
        gdb.execute(cmd, to_string=True)
        ts.append(time.perf_counter() - t)
    return ts

"#;

/// The first `info threads` after a stop reads every wave's registers; later ones hit gdb's register cache.
const INFO_THREADS: &str = "ts = timed('info threads', 1)\nprint('INFO_THREADS_S', ts[0])\n\
    print('THREADS', len(gdb.selected_inferior().threads()))\nts = timed('info threads', 3)\n\
    print('INFO_THREADS_CACHED_S', statistics.median(ts))";

fn gdb_python(port: u16, body: &str) -> String {
    let script =
        std::env::temp_dir().join(format!("wavescope-bench-{}-{port}.py", std::process::id()));
    std::fs::write(&script, format!("{GDB_SCRIPT}\n{body}\n")).unwrap();
    let mut c = Command::new("gdb");
    c.args(["-nx", "-batch", "-ex", "set confirm off"]);
    c.arg("-ex").arg(format!("target remote 127.0.0.1:{port}"));
    c.arg("-x").arg(&script).arg("-ex").arg("kill");
    c.current_dir(std::env::temp_dir());
    let (out, _) = run_with_timeout(c, Duration::from_secs(600), |_| {});
    let _ = std::fs::remove_file(&script);
    out
}

fn value(out: &str, key: &str) -> f64 {
    out.lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("{key} missing in gdb output:\n{out}"))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo test --benches` lists benches; nothing to list here
    }
    // stepi through gdb.
    let srv = serve(
        "examples/polybench_gemm_64",
        MachineOptions::default(),
        false,
    );
    let out = gdb_python(
        srv.port,
        "ts = timed('stepi', 200)\nprint('STEPI_MEDIAN_MS', statistics.median(ts) * 1e3)\nprint('STEPI_P90_MS', sorted(ts)[int(len(ts) * 0.9)] * 1e3)",
    );
    srv.finish();
    let stepi = value(&out, "STEPI_MEDIAN_MS");
    let stepi90 = value(&out, "STEPI_P90_MS");

    // The bare protocol round trip: vCont;s:1 -> T05.
    let srv = serve(
        "examples/polybench_gemm_64",
        MachineOptions::default(),
        false,
    );
    let mut c = Raw::connect(srv.port);
    c.send_raw(b"+");
    c.ask(b"qSupported:multiprocess+");
    let mut ts = Vec::new();
    for _ in 0..500 {
        let t = Instant::now();
        let r = c.ask(b"vCont;s:p1.1");
        ts.push(t.elapsed().as_secs_f64() * 1e3);
        assert!(r.starts_with("T05"), "{r}");
    }
    c.send_raw(&Raw::packet(b"vKill;1"));
    let _ = c.reply_or_nak();
    srv.finish();
    let raw = median(ts);

    // info threads, 4096 resident waves.
    let srv = serve(
        "examples/polybench_gemm_512",
        MachineOptions {
            resident_waves: 4096,
            ..Default::default()
        },
        false,
    );
    let out = gdb_python(srv.port, INFO_THREADS);
    srv.finish();
    let threads_all = value(&out, "THREADS");
    let info_all = value(&out, "INFO_THREADS_S");
    let info_all_cached = value(&out, "INFO_THREADS_CACHED_S");

    let srv = serve(
        "examples/polybench_gemm_512",
        MachineOptions::default(),
        false,
    );
    let out = gdb_python(srv.port, INFO_THREADS);
    srv.finish();
    let threads_def = value(&out, "THREADS");
    let info_def = value(&out, "INFO_THREADS_S");

    println!(
        "stepi through gdb (gemm_64): median {stepi:.3} ms, p90 {stepi90:.3} ms   (goal 1 ms)"
    );
    println!("stepi protocol round trip vCont;s -> T05: median {raw:.3} ms");
    println!(
        "info threads, {threads_all} resident waves (gemm_512, --resident-waves 4096): {info_all:.3} s first, \
         {info_all_cached:.3} s again   (goal 1 s)"
    );
    println!(
        "info threads, {threads_def} resident waves (gemm_512, default residency): {info_def:.3} s"
    );
}
