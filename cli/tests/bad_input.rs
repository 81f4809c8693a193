//! Bad input ends cleanly (issue 13 part 4): each malformed manifest, input file or code object gives exit code 2
//! and exactly one `wavescope: error:` line naming what is wrong, never a panic (101), an abort (134) or a hang,
//! under a 4 GiB address-space limit (so a size that slipped through would abort, not swap).
//!
//! The base case is examples/polybench_gemm_64 (an OpenCL gemm: 3 f32 buffers of 4096, alpha/beta f32,
//! ni/nj/nk int); each case changes one thing in a copy of it.

mod common;

use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(60);
const ADDRESS_SPACE: u64 = 4 << 30;

/// Run `wavescope ARGS` under RLIMIT_AS and a timeout: (exit code, stdout, stderr); -1 when a signal ended it.
fn run_limited(args: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_wavescope"));
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: ADDRESS_SPACE,
                rlim_max: ADDRESS_SPACE,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("spawn wavescope");
    let t0 = Instant::now();
    // read the pipes on threads so a chatty child cannot block on a full pipe
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let ho = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut out, &mut s);
        s
    });
    let he = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut err, &mut s);
        s
    });
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t0.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("wavescope {args:?} hung (killed after {TIMEOUT:?})");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    (
        status.code().unwrap_or(-1),
        ho.join().unwrap(),
        he.join().unwrap(),
    )
}

fn example() -> PathBuf {
    common::root().join("examples/polybench_gemm_64")
}

fn base_manifest() -> Value {
    let text = std::fs::read_to_string(example().join("case.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A copy of the example in a fresh directory (manifest, code object, inputs, expected output).
fn case_dir(name: &str) -> PathBuf {
    let d = common::tmp(&format!("bad-{name}"));
    for f in [
        "kernel.hsaco",
        "in_a.bin",
        "in_b.bin",
        "in_c.bin",
        "expected_c.bin",
    ] {
        std::fs::copy(example().join(f), d.join(f)).unwrap();
    }
    d
}

enum Edit {
    /// Change the manifest's JSON.
    Json(fn(&mut Value)),
    /// Write the manifest's text as given.
    Text(&'static str),
    /// Change the files in the case directory (the manifest stays the example's).
    Files(fn(&Path)),
    /// Both.
    JsonFiles(fn(&mut Value), fn(&Path)),
    /// Write the manifest's bytes as given (not UTF-8).
    Bytes(&'static [u8]),
}

struct Case {
    name: &'static str,
    edit: Edit,
    /// Extra command-line arguments.
    extra: &'static [&'static str],
    code: i32,
    /// Must appear in the error line.
    phrase: &'static str,
}

fn c(name: &'static str, edit: Edit, phrase: &'static str) -> Case {
    Case {
        name,
        edit,
        extra: &[],
        code: 2,
        phrase,
    }
}

fn patch_file(p: &Path, at: usize, bytes: &[u8]) {
    let mut b = std::fs::read(p).unwrap();
    b[at..at + bytes.len()].copy_from_slice(bytes);
    std::fs::write(p, b).unwrap();
}

fn cases() -> Vec<Case> {
    use Edit::*;
    vec![
        // -- the measured failures of issue 13
        c("count_u64_max", Json(|m| m["args"][0]["count"] = json!(u64::MAX)),
          "args[0].count: 18446744073709551615 elements of f32 is 64 EiB, over the emulated-memory limit of 16 GiB (raise it with --memory-limit)"),
        c("output_count_2_62", Json(|m| m["outputs"][0]["count"] = json!(1u64 << 62)),
          "outputs[0].count: 4611686018427387904 elements of f32 is 16 EiB, more than args[2]'s 16 KiB"),
        c("count_1e12_fill", Json(|m| m["args"][2] = json!({"kind":"buffer","dtype":"f32","count":1_000_000_000_000u64,"fill":1.0})),
          "args[2].count: 1000000000000 elements of f32 is 3.6 TiB, over the emulated-memory limit"),
        c("count_2_30_fill", Json(|m| m["args"][2] = json!({"kind":"buffer","dtype":"f32","count":1u64 << 30,"fill":1.0})),
          "cannot allocate"),
        c("count_wraps_to_file_size", Json(|m| m["args"][0]["count"] = json!((1u64 << 62) + 4096)),
          "args[0].count: 4611686018427392000 elements of f32 is 16 EiB"),
        c("grid_u32_max_xyz", Json(|m| m["grid"] = json!([u32::MAX, u32::MAX, u32::MAX])),
          "over the limit of 2147483648 waves per dispatch"),
        c("output_prefix", Json(|m| m["outputs"][0]["count"] = json!(4000)),
          "outputs[0].file: "),
        c("i32_2_40", Json(|m| m["args"][5]["value"] = json!(1u64 << 40)),
          "args[5].value: 1099511627776 does not fit in i32"),
        c("f32_1e300", Json(|m| m["args"][3]["value"] = json!(1e300)),
          "args[3].value: 1e300 is out of range for f32"),
        c("dev_zero_buffer", Json(|m| m["args"][0]["file"] = json!("/dev/zero")),
          "args[0].file: /dev/zero is not a regular file"),
        c("dev_zero_scalar_file", Json(|m| m["args"][3] = json!({"kind":"scalar","file":"/dev/zero"})),
          "args[3].file: /dev/zero is not a regular file"),
        c("dev_zero_code_object", Json(|m| m["code_object"] = json!("/dev/zero")),
          "/dev/zero is not a regular file"),
        c("f32_for_int_param", Json(|m| m["args"][5] = json!({"kind":"scalar","dtype":"f32","value":64.0})),
          "args[5].dtype: f32 given for parameter arg5 of type int"),
        c("kernel_typo", Json(|m| m["kernel"] = json!("gemmm")),
          "no kernel named \"gemmm\" in the code object; its kernels are: gemm"),
        // -- types and keys
        c("grid_string", Json(|m| m["grid"] = json!("64")),
          "`grid` must be an array of 1-3 positive integers, got a string \"64\""),
        c("grid_empty", Json(|m| m["grid"] = json!([])), "`grid` must be an array of 1-3 positive integers, is empty"),
        c("grid_four", Json(|m| m["grid"] = json!([1, 1, 1, 1])), "has more than 3"),
        c("grid_negative", Json(|m| m["grid"] = json!([-64, 64])), "`grid[0]` must be a positive integer, got -64"),
        c("grid_too_big", Json(|m| m["grid"] = json!([1u64 << 33])), "`grid[0]` must be at most 4294967295"),
        c("grid_huge", Json(|m| m["grid"] = json!([u32::MAX, u32::MAX])), "waves: over the limit"),
        c("block_zero", Json(|m| m["block"] = json!([0, 8, 1])), "`block[0]` must be a positive integer, got 0"),
        c("block_2048", Json(|m| m["block"] = json!([2048])), "`block[0]` must be at most 1024"),
        c("block_product", Json(|m| m["block"] = json!([32, 32, 2])), "has 2048 work-items; gfx950 allows at most 1024"),
        c("block_over_kernel_max", Json(|m| m["block"] = json!([1024])), "was compiled for at most 256"),
        c("lds_over_160k", Json(|m| m["lds_dynamic_bytes"] = json!(200_000)),
          "`lds_dynamic_bytes` must be at most 163840"),
        c("lds_string", Json(|m| m["lds_dynamic_bytes"] = json!("1k")),
          "`lds_dynamic_bytes` must be a non-negative integer, got a string"),
        c("bad_dtype", Json(|m| m["args"][0]["dtype"] = json!("f33")),
          "`args[0].dtype` is \"f33\", expected one of i8, u8"),
        c("missing_kernel", Json(|m| { m.as_object_mut().unwrap().remove("kernel"); }),
          "`kernel` is missing (the kernel's ELF symbol name)"),
        c("kernel_number", Json(|m| m["kernel"] = json!(5)), "`kernel` must be a string, got 5"),
        c("missing_grid", Json(|m| { m.as_object_mut().unwrap().remove("grid"); }), "`grid` is missing"),
        c("missing_count", Json(|m| { m["args"][0].as_object_mut().unwrap().remove("count"); }),
          "`args[0].count` is missing"),
        c("negative_count", Json(|m| m["args"][1]["count"] = json!(-1)),
          "`args[1].count` must be a non-negative integer, got -1"),
        c("fractional_count", Json(|m| m["args"][1]["count"] = json!(1.5)),
          "`args[1].count` must be a non-negative integer, got 1.5"),
        c("count_2_70", Text(r#"{"kernel":"gemm","grid":[64,64],"block":[32,8],"args":[{"kind":"buffer","dtype":"f32","count":1180591620717411303424}]}"#),
          "`args[0].count` must be a non-negative integer, got 1.1805916207174113e+21"),
        c("unknown_kind", Json(|m| m["args"][0]["kind"] = json!("bufer")),
          "`args[0].kind` is \"bufer\", expected one of buffer, local, scalar, null, pointer"),
        c("missing_kind", Json(|m| { m["args"][0].as_object_mut().unwrap().remove("kind"); }),
          "`args[0].kind` is missing"),
        c("arg_not_object", Json(|m| m["args"][4] = json!(2123.0)),
          "`args[4]` must be an object (an argument with a `kind`), got 2123.0"),
        c("args_not_array", Json(|m| m["args"] = json!({"a": 1})), "`args` must be an array, got an object"),
        c("scalar_value_string", Json(|m| m["args"][5]["value"] = json!("64")),
          "`args[5].value` must be a number or an array of numbers, got a string \"64\""),
        c("scalar_missing_value", Json(|m| { m["args"][5].as_object_mut().unwrap().remove("value"); }),
          "`args[5].value` is missing"),
        c("negative_unsigned", Json(|m| m["args"][5] = json!({"kind":"scalar","dtype":"u32","value":-1})),
          "args[5].value: -1 does not fit in u32 (0 to 4294967295)"),
        c("int_dtype_fraction", Json(|m| m["args"][5]["value"] = json!(1.5)),
          "args[5].value: 1.5 is not an integer but the dtype is i32"),
        c("fill_word", Json(|m| m["args"][2] = json!({"kind":"buffer","dtype":"f32","count":4096,"fill":"ones"})),
          "`args[2].fill` must be \"zero\" or a number, got a string \"ones\""),
        c("too_few_args", Json(|m| { m["args"].as_array_mut().unwrap().pop(); }),
          "the manifest gives 7 args but kernel gemm takes 8"),
        c("local_for_buffer", Json(|m| m["args"][0] = json!({"kind":"local","bytes":64})),
          "manifest says local, kernel says global_buffer"),
        c("local_too_big", Json(|m| m["args"][0] = json!({"kind":"local","bytes":200_000})),
          "args[0].bytes must be at most 163840"),
        c("scalar_for_buffer", Json(|m| m["args"][0] = json!({"kind":"scalar","dtype":"i32","value":1})),
          "manifest says scalar, kernel says global_buffer"),
        c("output_index_range", Json(|m| m["outputs"][0]["arg_index"] = json!(99)),
          "outputs[0].arg_index: 99 is out of range, there are 8 args"),
        c("output_of_scalar", Json(|m| m["outputs"][0]["arg_index"] = json!(3)),
          "outputs[0].arg_index: args[3] is not a buffer argument"),
        c("output_negative_rtol", Json(|m| m["outputs"][0]["rtol"] = json!(-1)),
          "`outputs[0].rtol` must be a non-negative number, got -1"),
        c("manifest_not_object", Text("[1, 2]"), "the manifest must be a JSON object, got an array"),
        c("json_syntax", Text("{\n  \"kernel\": \"gemm\",\n  \"grid\": [64,, 64]\n}\n"),
          "case.json: 3:15: not valid JSON: expected value"),
        c("json_empty", Text(""), "not valid JSON: EOF while parsing a value"),
        c("json_not_utf8", Bytes(b"{\"kernel\": \"g\xff\"}"), "not UTF-8 text (invalid byte at offset 13)"),
        // -- files
        c("file_missing", Json(|m| m["args"][0]["file"] = json!("nope.bin")),
          "args[0].file: cannot read"),
        c("file_directory", JsonFiles(|m| m["args"][0]["file"] = json!("sub"), |d| std::fs::create_dir_all(d.join("sub")).unwrap()),
          "args[0].file: "),
        c("file_too_short", Files(|d| std::fs::write(d.join("in_a.bin"), vec![0u8; 16380]).unwrap()),
          "in_a.bin has 16380 bytes, but count 4096 × f32 is 16384 bytes"),
        c("file_too_long", Files(|d| std::fs::write(d.join("in_b.bin"), vec![0u8; 16388]).unwrap()),
          "in_b.bin has 16388 bytes, but count 4096 × f32 is 16384 bytes"),
        c("expected_missing_check", Files(|d| std::fs::remove_file(d.join("expected_c.bin")).unwrap()),
          "outputs[0].file: cannot read"),
        c("expected_too_long", Files(|d| std::fs::write(d.join("expected_c.bin"), vec![0u8; 16388]).unwrap()),
          "outputs[0].file: "),
        c("scalar_file_too_big", JsonFiles(|m| m["args"][3] = json!({"kind":"scalar","file":"big.bin"}),
                                           |d| std::fs::write(d.join("big.bin"), vec![0u8; 70_000]).unwrap()),
          "args[3].file: "),
        c("scalar_file_wrong_size", JsonFiles(|m| m["args"][3] = json!({"kind":"scalar","file":"s.bin"}),
                                              |d| std::fs::write(d.join("s.bin"), [0u8; 8]).unwrap()),
          "8 bytes given but the kernel's by-value argument has 4"),
        // -- code objects
        c("code_object_missing", Files(|d| std::fs::remove_file(d.join("kernel.hsaco")).unwrap()),
          "code object: cannot read"),
        c("code_object_truncated", Files(|d| {
            let b = std::fs::read(d.join("kernel.hsaco")).unwrap();
            std::fs::write(d.join("kernel.hsaco"), &b[..100]).unwrap();
          }), "truncated ELF"),
        c("code_object_half", Files(|d| {
            let b = std::fs::read(d.join("kernel.hsaco")).unwrap();
            std::fs::write(d.join("kernel.hsaco"), &b[..b.len() / 2]).unwrap();
          }), "kernel.hsaco: "),
        c("code_object_not_elf", Files(|d| std::fs::write(d.join("kernel.hsaco"), "not an elf\n").unwrap()),
          "not an ELF file"),
        c("code_object_empty", Files(|d| std::fs::write(d.join("kernel.hsaco"), "").unwrap()),
          "not an ELF file"),
        c("code_object_x86", Files(|d| patch_file(&d.join("kernel.hsaco"), 18, &62u16.to_le_bytes())),
          "not AMDGPU (e_machine 224)"),
        c("code_object_gfx942", Files(|d| patch_file(&d.join("kernel.hsaco"), 48, &0x4cu32.to_le_bytes())),
          "wavescope executes gfx950 only"),
        c("code_object_directory", Json(|m| m["code_object"] = json!(".")), "is a directory"),
        // -- the buffer address key
        c("address_overlap", Json(|m| {
            m["args"][0]["address"] = json!("0x200000000000");
            m["args"][1]["address"] = json!("0x200000000000");
          }), "args[1].address: 0x200000000000..0x200000004000 overlaps args[0] at 0x200000000000..0x200000004000"),
        c("address_unaligned", Json(|m| m["args"][0]["address"] = json!("0x200000000010")),
          "args[0].address: 0x200000000010 is not 256-byte aligned"),
        c("address_garbage", Json(|m| m["args"][0]["address"] = json!("0xzz")),
          "`args[0].address` must be a device address (a hex string \"0x...\" or an integer), got a string \"0xzz\""),
        c("address_null_page", Json(|m| m["args"][0]["address"] = json!(256)),
          "args[0].address: 0x100 is in the first 64 KiB"),
        c("address_wraps", Json(|m| m["args"][0]["address"] = json!("0xffffffffffffff00")),
          "past the end of the address space"),
        c("address_on_kernarg", Json(|m| m["args"][0]["address"] = json!("0xf0000000000")),
          "overlaps args[0] arg0 at 0xf0000000000"),
        // -- the memory limit
        Case { name: "memory_limit_small", edit: Json(|_| {}), extra: &["--memory-limit", "32K"], code: 2,
               phrase: "args[2].count: 4096 elements of f32 brings the buffers to 48 KiB, over the emulated-memory limit of 32 KiB (raise it with --memory-limit)" },
    ]
}

fn write_case(d: &Path, edit: &Edit) {
    let mut m = base_manifest();
    match edit {
        Edit::Json(f) => f(&mut m),
        Edit::JsonFiles(f, g) => {
            f(&mut m);
            g(d);
        }
        Edit::Files(g) => g(d),
        Edit::Text(_) | Edit::Bytes(_) => {}
    }
    if let Edit::Bytes(b) = edit {
        std::fs::write(d.join("case.json"), b).unwrap();
        return;
    }
    let text = match edit {
        Edit::Text(t) => t.to_string(),
        _ => serde_json::to_string_pretty(&m).unwrap(),
    };
    std::fs::write(d.join("case.json"), text).unwrap();
}

#[test]
fn malformed_inputs_end_with_one_error_line() {
    let mut failures = Vec::new();
    let all = cases();
    for case in &all {
        let d = case_dir(case.name);
        write_case(&d, &case.edit);
        let dir = d.display().to_string();
        let mut args = vec![
            "run",
            dir.as_str(),
            "--check",
            "--max-instructions",
            "100000",
        ];
        args.extend_from_slice(case.extra);
        let (code, _out, err) = run_limited(&args);
        let lines: Vec<&str> = err.lines().collect();
        let phrase = case.phrase;
        let ok = code == case.code
            && lines.len() == 1
            && lines[0].starts_with("wavescope: error: ")
            && lines[0].contains(phrase)
            && !err.contains("panicked");
        eprintln!(
            "{:28} exit {code:3}  {}",
            case.name,
            lines.first().unwrap_or(&"")
        );
        if !ok {
            failures.push(format!(
                "{}: expected exit {} and one error line with `{phrase}`, got exit {code}, stderr:\n{err}",
                case.name, case.code
            ));
        }
        // the cause is said once: the key phrase does not come back later in the line
        if let Some(l) = lines.first() {
            if l.matches(phrase).count() > 1 {
                failures.push(format!("{}: the message repeats itself: {l}", case.name));
            }
        }
        let _ = std::fs::remove_dir_all(&d);
    }
    assert!(all.len() >= 60, "{} cases", all.len());
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

#[test]
fn manifest_that_is_a_device_or_missing() {
    let (code, _, err) = run_limited(&["run", "/dev/zero"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("/dev/zero: /dev/zero is not a regular file")
            || err.contains("is not a regular file"),
        "{err}"
    );
    let (code, _, err) = run_limited(&["run", "/nonexistent/case.json"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot read"), "{err}");
    let (code, _, err) = run_limited(&["disasm", "/dev/zero"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
}

#[test]
fn the_unchanged_example_still_passes() {
    let d = case_dir("unchanged");
    write_case(&d, &Edit::Json(|_| {}));
    let (code, out, err) = run_limited(&["run", d.to_str().unwrap(), "--check"]);
    assert_eq!(code, 0, "{out}{err}");
    // a buffer placed at an explicit address runs the same
    write_case(
        &d,
        &Edit::Json(|m| {
            m["args"][2]["address"] = json!("0x200000001000");
            m["args"][0]["address"] = json!(0x3000_0000_0000u64);
        }),
    );
    let (code, out, err) = run_limited(&[
        "run",
        d.to_str().unwrap(),
        "--check",
        "--report",
        d.join("r.json").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn check_lists_the_first_mismatches() {
    let d = case_dir("mismatch");
    write_case(&d, &Edit::Json(|_| {}));
    // change expected elements 7 and 100 (f32 little-endian) to 1.0 and 2.0
    let p = d.join("expected_c.bin");
    let mut b = std::fs::read(&p).unwrap();
    b[28..32].copy_from_slice(&1.0f32.to_le_bytes());
    b[400..404].copy_from_slice(&2.0f32.to_le_bytes());
    std::fs::write(&p, b).unwrap();
    let (code, out, err) = run_limited(&["run", d.to_str().unwrap(), "--check"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("4094/4096 elements match"), "{out}");
    assert!(
        out.contains("2 mismatching elements, the first 2:"),
        "{out}"
    );
    assert!(
        out.contains("[7] got ") && out.contains(", expected 1\n"),
        "{out}"
    );
    assert!(
        out.contains("[100] got ") && out.contains(", expected 2"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn kernel_fault_exits_3() {
    let d = common::root().join("tests/fixtures/extra_kernels_r2/r2_trap");
    let (code, _out, err) = run_limited(&["run", d.to_str().unwrap()]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("wavescope: fault: trap"), "{err}");
}

#[test]
fn disasm_kernel_typo_lists_the_functions() {
    let co = example().join("kernel.hsaco");
    let (code, _, err) = run_limited(&["disasm", co.to_str().unwrap(), "--kernel", "gemmm"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("no function named \"gemmm\"") && err.contains("its kernels are: gemm"),
        "{err}"
    );
}

#[test]
fn help_names_the_manifest_and_the_exit_codes() {
    for cmd in ["run", "profile", "inspect", "serve", "tui"] {
        let (code, out, _) = run_limited(&[cmd, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains("<MANIFEST|DIR>"), "{cmd}: {out}");
        assert!(
            out.contains("Exit codes:") && out.contains("3    kernel fault"),
            "{cmd}: {out}"
        );
        assert!(out.contains("--memory-limit <SIZE>"), "{cmd}: {out}");
    }
    let (_, out, _) = run_limited(&["disasm", "--help"]);
    assert!(out.contains("Exit codes:"), "{out}");
}
