//! `wavescope exec` options beyond running and capturing: `--trace FILE` (one Perfetto trace of every launch,
//! checked with the traces crate's validator and against the launch table), `--timing-model FILE` (the cycle
//! model of every launch), `--tui KERNEL|INDEX` (the terminal UI on a launch, driven by keys in tmux), and a HIP 6
//! program (HIP 6's 1472-byte `hipDeviceProp_tR0600`, `hipGetProcAddress`). Programs: rocm-examples' (see
//! rocm_examples.rs) and tests/fixtures/hip6. Needs `cargo build --release -p wavescope-cli -p wavescope-hip`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod common;
use common::*;

fn example(name: &str) -> PathBuf {
    fixture("rocm-examples/bin").join(name)
}

fn scratch(name: &str) -> PathBuf {
    scratch_dir("exec-options", name)
}

/// `wavescope exec ARGS -- PROGRAM PARGS` with a report; (output, exit code, report).
fn exec(
    dir: &Path,
    args: &[&str],
    program: &Path,
    pargs: &[&str],
) -> (Output, i32, serde_json::Value) {
    let report = dir.join("report.json");
    let o = Command::new(wavescope())
        .arg("exec")
        .arg("--report")
        .arg(&report)
        .args(args)
        .arg("--")
        .arg(program)
        .args(pargs)
        .current_dir(dir)
        .output()
        .unwrap();
    let code = o.status.code().unwrap_or(-1);
    let r = std::fs::read_to_string(&report)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null);
    (o, code, r)
}

fn text(o: &Output) -> String {
    format!(
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[test]
fn trace_puts_every_launch_on_one_timeline() {
    use wavescope_traces::validate;
    let dir = scratch("trace");
    let trace = dir.join("streams.pftrace");
    let (o, code, report) = exec(
        &dir,
        &["--trace", trace.to_str().unwrap()],
        &example("streams"),
        &[],
    );
    assert_eq!(code, 0, "{}", text(&o));
    let launches = report["launches"].as_array().unwrap();
    assert_eq!(launches.len(), 2);
    let t = validate::read_file(&trace).unwrap_or_else(|p| panic!("invalid trace: {p:?}"));
    // the queue track: one slice per launch, named by the kernel, back to back, each as long as its modelled time
    let queue = t
        .tracks
        .values()
        .find(|k| k.name == "launches")
        .expect("a launches track")
        .uuid;
    let on_queue: Vec<_> = t.slices.iter().filter(|s| s.track == queue).collect();
    assert_eq!(on_queue.len(), 2);
    let mut at = 0i64;
    let mut spans = Vec::new();
    for (s, l) in on_queue.iter().zip(launches) {
        assert_eq!(s.name, l["demangled"].as_str().unwrap());
        let dur = l["modelled_ns"].as_f64().unwrap().round() as i64;
        assert_eq!((s.ts, s.dur), (at, dur.max(1)), "{}", s.name);
        spans.push((s.ts, s.ts + s.dur));
        at += s.dur;
    }
    // below each launch's track: its waves (as many wave tracks as the launch has waves), every slice on them
    // inside the launch's span on the timeline
    let ancestor = |mut u: u64| -> Option<u64> {
        while let Some(p) = t.tracks.get(&u).and_then(|k| k.parent) {
            if t.tracks[&p].name.starts_with('#') {
                return Some(p);
            }
            u = p;
        }
        None
    };
    for (i, l) in launches.iter().enumerate() {
        let lt = t
            .tracks
            .values()
            .find(|k| k.name.starts_with(&format!("#{i} ")))
            .unwrap_or_else(|| panic!("no track for launch {i}"))
            .uuid;
        let waves: Vec<_> = t
            .tracks
            .values()
            .filter(|k| {
                k.kind != validate::TrackKind::Counter
                    && k.name.starts_with("wave ")
                    && ancestor(k.uuid) == Some(lt)
            })
            .map(|k| format!("{} {:?} {:x}", k.name, k.kind, k.uuid))
            .collect();
        assert_eq!(
            waves.len() as u64,
            l["waves"].as_u64().unwrap(),
            "launch {i}: {:?}",
            &waves[waves.len().saturating_sub(8)..]
        );
        let mut n = 0;
        for s in t.slices.iter().filter(|s| ancestor(s.track) == Some(lt)) {
            let (a, b) = spans[i];
            assert!(
                s.ts >= a && s.ts + s.dur.max(0) <= b + 1,
                "launch {i}: {} at {}+{} outside {a}..{b}",
                s.name,
                s.ts,
                s.dur
            );
            n += 1;
        }
        // one slice per executed wave-instruction at least (stall slices come on top)
        assert!(
            n as u64 >= l["wave_instructions"].as_u64().unwrap(),
            "launch {i}: {n} slices"
        );
    }
    assert!(String::from_utf8_lossy(&o.stderr).contains("on one timeline"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn timing_model_reaches_every_launch() {
    let dir = scratch("timing");
    let args = ["-A_rows", "32", "-A_cols", "32", "-B_cols", "32"];
    let prog = example("matrix_multiplication");
    let (o, code, base) = exec(&dir, &[], &prog, &args);
    assert_eq!(code, 0, "{}", text(&o));
    // a copy of the model that changes only the VALU issue cost: 4 -> 16 cycles (a key the copy may give alone)
    let model = dir.join("slow_valu.toml");
    std::fs::write(&model, "[issue]\nvalu_cycles = 16\n").unwrap();
    let (o, code, slow) = exec(
        &dir,
        &["--timing-model", model.to_str().unwrap()],
        &prog,
        &args,
    );
    assert_eq!(code, 0, "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("Validation passed."));
    let cycles = |r: &serde_json::Value| r["launches"][0]["cycles"].as_u64().unwrap();
    assert!(
        cycles(&slow) > cycles(&base),
        "slower VALU must take more modelled cycles: {} vs {}",
        cycles(&slow),
        cycles(&base)
    );
    // same instructions either way: only the model changed
    assert_eq!(
        slow["launches"][0]["wave_instructions"],
        base["launches"][0]["wave_instructions"]
    );
    // a bad file is one error before the program starts, exit 2
    std::fs::write(&model, "[issue]\nvalu_cycles = \"fast\"\n").unwrap();
    let (o, code, _) = exec(
        &dir,
        &["--timing-model", model.to_str().unwrap()],
        &prog,
        &args,
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(code, 2, "{}", text(&o));
    assert!(err.contains("slow_valu.toml"), "{err}");
    assert!(
        !String::from_utf8_lossy(&o.stdout).contains("Matrix"),
        "the program must not run"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn hip6_device_properties_and_proc_address() {
    let dir = scratch("hip6");
    let prog = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hip6/bin/hip6_query");
    let (o, code, _) = exec(&dir, &[], &prog, &[]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(code, 0, "{}", text(&o));
    assert!(out.contains("PASSED"), "{}", text(&o));
    assert!(
        out.contains("R0600: name=AMD Instinct MI355X")
            && out.contains("gcnArchName=gfx950:sramecc+:xnack-"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A program linked as ROCm 7 links one imports entry points at ROCm's version nodes (hip_5.3 ... hip_7.1): the
/// loader refuses it unless the runtime defines each node, and its newer calls (2D element memsets, stream ids,
/// event record flags, hipExtHostAlloc, hipExtGetLastError) must work; one it does not implement is a stub.
#[test]
fn rocm7_linked_program_loads_and_runs() {
    let dir = scratch("rocm7");
    let prog = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hip6/bin/rocm7_abi");
    let (o, code, _) = exec(&dir, &[], &prog, &[]);
    let out = String::from_utf8_lossy(&o.stdout);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(code, 0, "{}", text(&o));
    assert!(out.contains("PASSED"), "{}", text(&o));
    assert!(!err.contains("not found"), "{err}");
    assert!(
        err.contains("hipLaunchKernelExC is not supported"),
        "the stub names itself: {err}"
    );
    assert!(err.contains("1 kernel launch(es)"), "{err}");
    assert!(
        !err.contains("did not start") && !err.contains("made no HIP call"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `__managed__` variables: the runtime registers each (one managed copy the host and kernels share, its initial
/// value in place). A capture finds the three allocations through the code object's pointer variables and lists
/// them in the manifest's `memory`, so the replay (no runtime to register them) reads and writes them at their
/// addresses and compares them bit-exactly, instead of following the live run's host pointer into a fault.
#[test]
fn managed_variables_are_shared_and_captured() {
    let dir = scratch("managed");
    let prog = fixture("bin/managed_vars");
    let cap = dir.join("cap");
    let cap_arg = cap.display().to_string();
    let (o, code, report) = exec(&dir, &["--capture", &cap_arg], &prog, &[]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(code, 0, "{}", text(&o));
    assert!(out.contains("PASSED"), "{}", text(&o));
    assert_eq!(
        report["launches"].as_array().map(Vec::len),
        Some(2),
        "{report}"
    );
    for launch in ["launch-0000", "launch-0001"] {
        let o = Command::new(wavescope())
            .args(["run", "--check"])
            .arg(cap.join(launch))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{launch}: {}", text(&o));
        assert!(!err.contains("fault"), "{launch}: {err}");
        // counter, table, stats: each compared after the replay
        for k in 0..3 {
            assert!(
                out.contains(&format!("check memory[{k}] u8:")) && out.contains("bit-exact ok"),
                "{launch}: {out}"
            );
        }
        assert!(!out.contains("MISMATCH"), "{launch}: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A program that never reaches the runtime gets one line saying why, not an unexplained "0 kernel launch(es)":
/// the loader refused it (a ROCm library wavescope does not provide), or it made no HIP call at all.
#[test]
fn a_program_that_never_reaches_the_runtime_is_explained() {
    let dir = scratch("unreached");
    let prog = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/hip6/bin/needs_rocblas");
    let (o, code, report) = exec(&dir, &[], &prog, &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(code, 127, "{}", text(&o));
    assert!(
        err.contains("librocblas.so.4"),
        "the loader's own message: {err}"
    );
    assert!(
        err.contains("did not start: the dynamic loader refused it"),
        "{err}"
    );
    assert_eq!(report["exit_status"], 127, "{report}");
    let (o, code, _) = exec(&dir, &[], Path::new("/bin/true"), &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(code, 0, "{}", text(&o));
    assert!(
        err.contains("/bin/true made no HIP call through wavescope's runtime"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The runtime library defines every version node a program built against HIP 5.2 or a newer ROCm may import
/// (api_versions.txt, api_versions_rocm.txt: the facts build.rs exports by) and exports every listed name, so the
/// loader accepts any such program's import table.
#[test]
fn runtime_defines_every_version_node_and_name() {
    use object::read::elf::{ElfFile64, FileHeader};
    use object::{Object, ObjectSymbol};
    let bytes = std::fs::read(common::hip_lib()).unwrap();
    let elf = ElfFile64::<object::Endianness>::parse(&*bytes).unwrap();
    let endian = elf.endian();
    let sections = elf.elf_header().sections(endian, &*bytes).unwrap();
    let mut defined = std::collections::BTreeSet::new();
    if let Some((mut defs, link)) = sections.gnu_verdef(endian, &*bytes).unwrap() {
        let strings = sections.strings(endian, &*bytes, link).unwrap();
        while let Some((_, mut aux)) = defs.next().unwrap() {
            if let Some(a) = aux.next().unwrap() {
                defined
                    .insert(String::from_utf8_lossy(a.name(endian, strings).unwrap()).into_owned());
            }
        }
    }
    let exported: std::collections::BTreeSet<String> = elf
        .dynamic_symbols()
        .filter(|s| s.is_definition())
        .filter_map(|s| s.name().ok().map(String::from))
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut lines = 0;
    for file in ["api_versions.txt", "api_versions_rocm.txt"] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        for l in text.lines().filter(|l| !l.starts_with('#')) {
            let (name, node) = l.split_once(' ').unwrap();
            assert!(
                defined.contains(node),
                "{file}: node {node} of {name} is not defined: {defined:?}"
            );
            assert!(exported.contains(name), "{file}: {name} is not exported");
            lines += 1;
        }
    }
    assert!(lines > 250, "{lines} names listed");
    assert!(
        defined.contains("hip_4.2") && defined.contains("hip_7.2"),
        "{defined:?}"
    );
}

struct Tmux {
    socket: String,
}

impl Tmux {
    fn cmd(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs")
    }
    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.cmd(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }
    fn wait(&self, what: &str, secs: u64, pred: impl Fn(&str) -> bool) -> String {
        let t0 = Instant::now();
        loop {
            let s = self.screen();
            if pred(&s) {
                return s;
            }
            if t0.elapsed() > Duration::from_secs(secs) {
                panic!("timed out waiting for {what}; screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // only the server this test started (its own socket)
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// `--tui`: the program stops at the launch, the UI opens on the program's terminal showing the kernel; a key
/// steps it, `q` quits it, and the program then finishes and validates.
#[test]
fn tui_opens_on_a_launch_and_the_program_waits_for_it() {
    assert!(
        Command::new("tmux").arg("-V").output().is_ok(),
        "tmux is required"
    );
    let dir = scratch("tui");
    let t = Tmux {
        socket: format!("wavescope-exec-tui-{}", std::process::id()),
    };
    let line = format!(
        "cd {} && {} exec --tui matrix_multiplication_kernel -- {} -A_rows 32 -A_cols 32 -B_cols 32; echo EXIT=$?; sleep 60",
        dir.display(),
        wavescope().display(),
        example("matrix_multiplication").display()
    );
    t.cmd(&[
        "new-session",
        "-d",
        "-s",
        "t",
        "-x",
        "160",
        "-y",
        "48",
        "sh",
        "-c",
        &line,
    ]);
    // the UI: the kernel's disassembly (its symbol) and the program still waiting (no verdict printed)
    let s = t.wait("the UI", 120, |s| {
        s.contains("matrix_multiplication_kernel") && s.contains("s_load")
    });
    assert!(!s.contains("Validation passed."), "{s}");
    t.cmd(&["send-keys", "-t", "t", "s"]);
    std::thread::sleep(Duration::from_millis(300));
    t.cmd(&["send-keys", "-t", "t", "q"]);
    let s = t.wait("the program's end", 120, |s| s.contains("EXIT="));
    assert!(s.contains("Validation passed."), "{s}");
    assert!(s.contains("EXIT=0"), "{s}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `exec`'s defaults are `run`'s: every core (results do not depend on it) and the 1 G wave-instruction budget per
/// launch, so a runaway kernel fails its launch instead of hanging the program.
#[test]
fn defaults_are_runs_every_core_and_a_budget() {
    let dir = scratch("defaults");
    let program = example("bit_extract");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    let (o, code, r) = exec(&dir, &[], &program, &[]);
    assert_eq!(code, 0, "{}", text(&o));
    assert!(text(&o).contains("Validation passed."), "{}", text(&o));
    let many = &r["launches"][0]["report"];
    assert_eq!(many["jobs"].as_u64(), Some(cores), "{r}");
    // one job gives the same launch (cycles, counters, findings), wall time aside
    let (o1, code1, r1) = exec(&dir, &["--jobs", "1"], &program, &[]);
    assert_eq!(code1, 0, "{}", text(&o1));
    let one = &r1["launches"][0]["report"];
    assert_eq!(one["jobs"].as_u64(), Some(1), "{r1}");
    for k in [
        "wave_instructions",
        "cycles",
        "counters",
        "metrics",
        "hazards",
        "missing_waits",
        "fault",
    ] {
        assert_eq!(one[k], many[k], "{k}");
    }
    assert!(one["wave_instructions"].as_u64().unwrap() > 1000, "{one}");
    // a budget smaller than the launch: the launch fails as on a GPU and the message names the budget
    let (o2, code2, r2) = exec(
        &dir,
        &["--jobs", "1", "--max-instructions", "50"],
        &program,
        &[],
    );
    let t = text(&o2);
    assert_ne!(code2, 0, "the program sees its launch fail: {t}");
    assert!(!t.contains("Validation passed."), "{t}");
    assert!(t.contains("budget of 50 wave-instructions"), "{t}");
    let l = &r2["launches"][0]["report"];
    assert_eq!(l["wave_instructions"].as_u64(), Some(50), "{r2}");
    assert_eq!(l["fault"]["kind"], "instruction limit", "{r2}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A spin-wait that can never finish (fixtures/src/spin_deadlock.hip: two work-groups each wait, with s_sleep, for
/// the other's flag) ends at the instruction budget, at every `--jobs`, and the tool says why: the wave was
/// spinning in an s_sleep loop on a flag no wave will set. The program sees its launch fail. A budget that runs
/// out in straight-line code (the bit_extract example) gets no such hint.
#[test]
fn a_spin_wait_that_never_ends_is_named() {
    let dir = scratch("spin_deadlock");
    let program = fixture("bin").join("spin_deadlock");
    for jobs in ["1", "2"] {
        let (o, code, r) = exec(
            &dir,
            &["--jobs", jobs, "--max-instructions", "200000"],
            &program,
            &[],
        );
        let t = text(&o);
        assert_eq!(code, 0, "{t}");
        assert!(t.contains("sync: hipErrorLaunchFailure"), "{t}");
        assert!(t.contains("budget of 200000 wave-instructions"), "{t}");
        assert!(
            t.contains("hint: the wave was spinning in a loop with s_sleep")
                && t.contains("spin-wait deadlock"),
            "--jobs {jobs}: {t}"
        );
        assert_eq!(
            r["launches"][0]["report"]["fault"]["kind"], "instruction limit",
            "{r}"
        );
    }
    let (o, _, _) = exec(
        &dir,
        &["--jobs", "1", "--max-instructions", "50"],
        &example("bit_extract"),
        &[],
    );
    assert!(!text(&o).contains("spinning"), "{}", text(&o));
    let _ = std::fs::remove_dir_all(&dir);
}
