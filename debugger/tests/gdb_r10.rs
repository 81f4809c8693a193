//! Stock gdb on round 10's build-mode fixtures (tests/fixtures/extra_kernels_r10): an -O0 kernel whose private
//! arrays live in scratch, read through gdb's own `print` on two lanes, and a breakpoint in a non-inlined device
//! function three calls deep (`bt`, `info args`, `finish` with its returned float). Expected values come from the
//! fixture's input files and numpy references and the kernel source's arithmetic, never from the server.

mod common;

use common::*;
use wavescope::machine::MachineOptions;

const R10: &str = "tests/fixtures/extra_kernels_r10";

fn f32s(path: &str) -> Vec<f32> {
    std::fs::read(repo(path))
        .unwrap()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// The text between `@name` and the next `@` marker.
fn section<'a>(out: &'a str, name: &str) -> &'a str {
    let start = out
        .find(&format!("@{name}\n"))
        .unwrap_or_else(|| panic!("no @{name} in {out}"));
    let rest = &out[start + name.len() + 2..];
    &rest[..rest.find("\n@").unwrap_or(rest.len())]
}

/// The value printed as `$n = ...` (the text after `= ` on that line).
fn value<'a>(s: &'a str, n: u32) -> &'a str {
    let key = format!("${n} = ");
    let at = s.find(&key).unwrap_or_else(|| panic!("no {key} in {s}"));
    s[at + key.len()..].lines().next().unwrap()
}

fn floats(v: &str) -> Vec<f32> {
    v.trim_matches(|c| c == '{' || c == '}')
        .split(", ")
        .map(|x| x.trim().parse().unwrap())
        .collect()
}

const GDB_ERRORS: &[&str] = &[
    "internal-error",
    "Invalid remote reply",
    "Remote connection closed",
    "Python Exception",
    "Unhandled dwarf expression",
];

/// priv_sort at -O0: after the insertion sort, `v` (16 floats) and `cnt` (8 ints) are on the scratch stack
/// behind s33; gdb prints them for the stopped lane and, after `monitor lane 5`, for lane 5 (work-item i + 5).
#[test]
fn o0_private_arrays_in_scratch_read_by_gdb() {
    let s = serve(
        &format!("{R10}/h_calls_O0/case_priv_sort.json"),
        MachineOptions::default(),
        true,
    );
    let out = gdb(
        s.port,
        &[
            "break kernel.hip:77",
            "continue",
            "echo @lane\\n",
            "p i",
            "p v",
            "p cnt",
            "monitor lane 5",
            "echo @lane5\\n",
            "p i",
            "p v[3]@4",
            "echo @end\\n",
            "delete",
            "continue",
        ],
    );
    let (outcome, log) = s.finish();
    for e in GDB_ERRORS {
        assert!(!out.contains(e), "{e:?} in {out}");
    }
    let sorted = f32s(&format!("{R10}/h_calls/expected_ps_sorted.bin"));
    let a = section(&out, "lane");
    let i: usize = value(a, 1).parse().unwrap();
    assert_eq!(floats(value(a, 2)), sorted[16 * i..16 * i + 16], "{out}");
    // cnt[b] counts the row's values whose integer part is b mod 8 (kernel.hip lines 72-76)
    let mut cnt = [0u32; 8];
    for x in &sorted[16 * i..16 * i + 16] {
        cnt[(*x as i32 & 7) as usize] += 1;
    }
    let want: Vec<String> = cnt.iter().map(|c| c.to_string()).collect();
    assert_eq!(value(a, 3), format!("{{{}}}", want.join(", ")), "{out}");
    let b = section(&out, "lane5");
    assert_eq!(value(b, 4), (i + 5).to_string(), "{out}");
    assert_eq!(
        floats(value(b, 5)),
        sorted[16 * (i + 5) + 3..16 * (i + 5) + 7],
        "{out}"
    );
    assert!(outcome.checks.iter().all(|c| c.passed()), "{log}");
}

/// calls_chain -> twice -> mix -> poly (all noinline, s_swappc_b64): stopped in poly, `bt` names the four
/// frames, `info args` gives x and k of one of the two calls a work-item makes (x[i], i & 3 or y[i], (i & 3) + 1
/// from the input files), and `finish` returns poly's Horner value for them.
#[test]
fn breakpoint_in_a_noinline_function_three_calls_deep() {
    for variant in ["h_calls_O0", "h_calls_O1"] {
        let s = serve(
            &format!("{R10}/{variant}/case_calls_chain.json"),
            MachineOptions::default(),
            true,
        );
        let out = gdb(
            s.port,
            &[
                "break poly",
                "continue",
                "echo @bt\\n",
                "bt",
                "echo @args\\n",
                "p x",
                "p k",
                "delete",
                "echo @finish\\n",
                "finish",
                "echo @end\\n",
                "continue",
            ],
        );
        let (outcome, log) = s.finish();
        for e in GDB_ERRORS {
            assert!(!out.contains(e), "{variant}: {e:?} in {out}");
        }
        let bt = section(&out, "bt");
        let frames: Vec<&str> = bt.lines().filter(|l| l.starts_with('#')).collect();
        assert_eq!(frames.len(), 4, "{variant}: {out}");
        for (f, name) in frames
            .iter()
            .zip(["poly (", "mix (", "twice (", "calls_chain ("])
        {
            assert!(f.contains(name), "{variant}: {f} in {out}");
        }
        let a = section(&out, "args");
        let x: f32 = value(a, 1).parse().unwrap();
        let k: i32 = value(a, 2).parse().unwrap();
        let (xs, ys) = (
            f32s(&format!("{R10}/h_calls/in_cc_x.bin")),
            f32s(&format!("{R10}/h_calls/in_cc_y.bin")),
        );
        assert!(
            (0..xs.len())
                .any(|i| (xs[i] == x && k == (i & 3) as i32)
                    || (ys[i] == x && k == (i & 3) as i32 + 1)),
            "{variant}: poly(x={x}, k={k}) is no call of the kernel: {out}"
        );
        let mut r = 0.0f32;
        for j in (0..=k).rev() {
            r = r * x + (j + 1) as f32;
        }
        let f = section(&out, "finish");
        let got: f32 = f
            .split("Value returned is $3 = ")
            .nth(1)
            .unwrap_or_else(|| panic!("{variant}: no returned value: {out}"))
            .lines()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(got, r, "{variant}: {out}");
        assert!(
            outcome.checks.iter().all(|c| c.passed()),
            "{variant}: {log}"
        );
    }
}

/// A `__constant__` struct and a `__constant__` array of a HIP program, as its launch captured them
/// (extra_kernels_r10/p_memory_tour/launch_zero_copy: memory_tour.hip's zero_copy launch, the constants set by
/// hipMemcpyToSymbol): gdb prints both from their DW_OP_addrx locations. The struct, the second global, printed
/// `<optimized out>` / `<synthetic pointer>` members before (its location was rewritten into a variable window
/// whose offset did not fit the expression's two bytes). Values from memory_tour.hip's host code.
#[test]
fn constant_globals_of_a_hip_program() {
    let s = serve(
        &format!("{R10}/p_memory_tour/launch_zero_copy"),
        MachineOptions::default(),
        true,
    );
    let out = gdb(
        s.port,
        &[
            "echo @g\\n",
            "p coeffs",
            "p coeffs.bias[5]",
            "p lut[40]",
            "p lut[5]",
            "echo @end\\n",
            "continue",
        ],
    );
    let (outcome, log) = s.finish();
    for e in GDB_ERRORS {
        assert!(!out.contains(e), "{e:?} in {out}");
    }
    let g = section(&out, "g");
    // Coeffs hc = {0.5f, 2, {1, -1, 2, -2, 0.25f, 8}}; hlut[i] = 1 + (i % 7) * 0.25
    assert_eq!(
        value(g, 1),
        "{scale = 0.5, shift = 2, bias = {1, -1, 2, -2, 0.25, 8}}",
        "{out}"
    );
    assert_eq!(value(g, 2), "8", "{out}");
    assert_eq!(
        value(g, 3),
        (1.0 + (40 % 7) as f32 * 0.25).to_string(),
        "{out}"
    );
    assert_eq!(value(g, 4), "2.25", "{out}");
    assert!(outcome.checks.iter().all(|c| c.passed()), "{log}");
}
