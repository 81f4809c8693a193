//! `wavescope inspect` as a user meets it: the stop, the source line and the locals per lane (values worked out
//! from the example's source and manifest), and one clear line with exit 2 for every kind of bad request.

mod common;

use common::{root, wavescope};

fn gemm() -> String {
    root()
        .join("examples/polybench_gemm_64")
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn stop_at_a_line_and_print_locals_for_lanes() {
    // Wave 5 = work-group (1,0) (16 groups of 4 waves, x fastest), its second wave: work-items 64..127 of the
    // 32x8 group, so lane L is local (L % 32, 2 + L / 32) and global (32 + L % 32, 2 + L / 32).
    let (code, out, err) = wavescope(&[
        "inspect",
        &gemm(),
        "--break",
        "kernel.cl:30",
        "--wave",
        "5",
        "--lane",
        "0",
        "--lane",
        "33",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("wave 5 (work-group 1,0,0, wave 1 of the group) stopped at kernel.cl:30"),
        "{first}"
    );
    assert!(out.contains("for(k=0; k < nk; k++)"), "{out}");
    assert!(out.contains("exec 0xffffffffffffffff"), "{out}");
    let lane0 = out
        .split("lane 0:")
        .nth(1)
        .unwrap()
        .split("lane 33:")
        .next()
        .unwrap();
    let lane33 = out.split("lane 33:").nth(1).unwrap();
    assert!(lane0.contains("global (32,2,0)"), "{lane0}");
    assert!(
        lane0.contains("int j = 32\n") && lane0.contains("int i = 2\n"),
        "{lane0}"
    );
    assert!(lane33.contains("global (33,3,0)"), "{lane33}");
    assert!(
        lane33.contains("int j = 33\n") && lane33.contains("int i = 3\n"),
        "{lane33}"
    );
    // case.json: alpha 32412, beta 2123, ni = nj = nk = 64; a is the first buffer the launch maps.
    for want in [
        "DATA_TYPE alpha = 32412   [kernarg]",
        "DATA_TYPE beta = 2123   [kernarg]",
        "int nk = 64   [kernarg]",
        "DATA_TYPE * a = (DATA_TYPE *) 0x100000000000   [kernarg]",
    ] {
        assert!(lane33.contains(want), "{want}: {lane33}");
    }
    assert!(out.contains("int k = <optimized out>"), "{out}");
}

#[test]
fn stop_at_an_address_and_a_later_arrival() {
    // gemm's loop-entry branch, where clang describes k = 0.
    let (code, out, err) = wavescope(&["inspect", &gemm(), "--break", "*0x179c", "--wave", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("(pc 0x179c)") && out.contains("int k = 0\n"),
        "{out}"
    );
    // heteromark_hist's while loop, kernel.hip:64 `priv_hist[color]++;` with color = pixels[index], index = tid,
    // tid + 512, ... (gsize is the 512-item grid): wave 1 lane 2 is tid 66, its third arrival reads pixel 1090.
    let hist = root().join("examples/heteromark_hist");
    let pixels = std::fs::read(hist.join("in_pixels.bin")).unwrap();
    let pixel = u32::from_le_bytes(pixels[4 * 1090..4 * 1091].try_into().unwrap());
    let (code, out, err) = wavescope(&[
        "inspect",
        hist.to_str().unwrap(),
        "--break",
        "kernel.hip:64",
        "--hit",
        "3",
        "--wave",
        "1",
        "--lane",
        "2",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("arrival 3"), "{out}");
    assert!(out.contains("global (66,0,0)"), "{out}");
    assert!(
        out.contains(&format!("uint32_t color = {pixel}\n")),
        "{out}"
    );
}

#[test]
fn a_line_without_code_moves_on_and_says_so() {
    let hist = root().join("examples/heteromark_hist");
    let (code, out, err) = wavescope(&[
        "inspect",
        hist.to_str().unwrap(),
        "--break",
        "kernel.hip:68",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("kernel.hip:68 has no code; stopping at line 71"),
        "{out}"
    );
}

#[test]
fn bad_requests_exit_2_with_one_clear_line() {
    let g = gemm();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["--break", "nosuch.cl:3"], "kernel.cl"),
        (
            vec!["--break", "kernel.cl:500"],
            "no code for kernel.cl:500",
        ),
        (
            vec!["--break", "kernel.cl:30", "--wave", "64"],
            "no wave 64",
        ),
        (vec!["--break", "kernel.cl"], "FILE:LINE"),
        (vec!["--break", "kernel.cl:x"], "not a line number"),
        (
            vec!["--break", "*0x1702"],
            "no instruction starts at pc 0x1702",
        ),
        (vec!["--break", "*zz"], "not an address"),
        (vec!["--break", "kernel.cl:30", "--lane", "64"], "--lane 64"),
        (
            vec!["--break", "kernel.cl:30", "--max-instructions", "10"],
            "budget of 10 wave-instructions",
        ),
        (
            vec!["--break", "kernel.cl:28", "--hit", "2"],
            "never reached",
        ),
    ];
    for (extra, want) in cases {
        let mut args = vec!["inspect", g.as_str()];
        args.extend(&extra);
        let (code, out, err) = wavescope(&args);
        // a spent budget exits 4 (the runaway-kernel code), bad input 2
        let want_code = if want.starts_with("budget") { 4 } else { 2 };
        assert_eq!(code, want_code, "{extra:?}: {out}{err}");
        assert!(out.is_empty(), "{extra:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{extra:?}: {err}");
        assert!(err.starts_with("wavescope: error: "), "{err}");
        assert!(err.contains(want), "{extra:?}: want {want}: {err}");
    }
    // Never reached: backprop's second kernel's lines are not run by the first kernel's dispatch.
    let bp = root().join("examples/rodinia_backprop");
    let (code, _, err) = wavescope(&["inspect", bp.to_str().unwrap(), "--break", "kernel.cl:80"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("wave 0 never reached kernel.cl:80: it ended"),
        "{err}"
    );
    // Not a manifest.
    let (code, _, err) = wavescope(&["inspect", "/nonexistent/dir", "--break", "kernel.cl:1"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A `__bf16` vector local prints as bfloat16, not IEEE half (DWARF gives both a 2-byte DW_ATE_float; only the
/// type name differs). hip_half_dot's `u = p[0]`: in_p.bin starts 0x406f 0xc040, which as bfloat16 are 3.734375
/// and -3 (numpy: the bits shifted into a float32's top half); read as IEEE half they would be 2.2167969 and -2.125.
#[test]
fn bf16_locals_print_as_bfloat16() {
    let dir = root().join("tests/fixtures/extra_kernels_hip/hip_half_dot");
    let (code, out, err) =
        wavescope(&["inspect", "--break", "kernel.hip:19", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("bf162 u = {3.734375, -3}"), "{out}");
}

/// A wave that traps before the stop names the s_trap's own PC and source line, as `run` does. r2_trap's
/// llvm-objdump-22 listing has `s_trap 2` at 0x1674 (kernel.hip:7, `if (v < 0) __builtin_trap();`) and s_endpgm
/// at 0x1678; in_v.bin's only negative value is element 200 (work-group 3, lane 8).
#[test]
fn a_trap_before_the_stop_names_the_s_trap() {
    let dir = root().join("tests/fixtures/extra_kernels_r2/r2_trap");
    let (code, out, err) = wavescope(&[
        "inspect",
        "--wave",
        "3",
        "--break",
        "*0x1678",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 3, "a kernel fault (README, exit codes): {out}{err}");
    assert!(
        err.contains(
            "at pc 0x1674 `s_trap 2` (kernel.hip:7:14) in wave 3 (work-group 3,0,0), lane 8"
        ),
        "{err}"
    );
}
