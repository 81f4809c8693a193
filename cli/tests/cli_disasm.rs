//! `wavescope disasm` as a user meets it: the listing equals llvm-objdump's for a real kernel, and bad input
//! (truncated ELF, non-AMDGPU ELF, a gfx90a object, random bytes, a missing kernel) gives one clear line and a
//! non-zero exit, never a panic.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn disasm(args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .arg("disasm")
        .args(args)
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

/// The instruction lines (those starting with a tab) of a listing.
fn inst_lines(s: &str) -> Vec<&str> {
    s.lines().filter(|l| l.starts_with('\t')).collect()
}

#[test]
fn example_listing_equals_llvm_objdump() {
    for ex in [
        "rodinia_backprop",
        "mfma_f8f6f4_scale_16x16x128",
        "heteromark_hist",
    ] {
        let dir = root().join("examples").join(ex);
        let (code, out, err) = disasm(&[dir.join("kernel.hsaco").to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let want = std::fs::read_to_string(dir.join("kernel.objdump.txt")).unwrap();
        let (a, b) = (inst_lines(&out), inst_lines(&want));
        assert_eq!(a.len(), b.len(), "{ex}: instruction count");
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x, y, "{ex}");
        }
    }
}

#[test]
fn source_interleaving_names_the_kernel_file() {
    let dir = root().join("examples/polybench_gemm_64");
    let (code, out, err) = disasm(&[dir.join("kernel.hsaco").to_str().unwrap(), "--source"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("kernel.cl:"),
        "no file:line in --source output"
    );
    assert!(
        out.contains("c[i * NJ + j]") || out.contains("C[i * NJ + j]") || out.contains("*="),
        "no source text"
    );
}

#[test]
fn bad_input_is_one_clear_line() {
    let tmp = std::env::temp_dir().join(format!("wavescope-disasm-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let good = std::fs::read(root().join("examples/polybench_gemm_64/kernel.hsaco")).unwrap();
    std::fs::write(tmp.join("truncated.hsaco"), &good[..good.len() / 3]).unwrap();
    let mut seed = 0x2545F4914F6CDD1Du64;
    let random: Vec<u8> = (0..4096)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect();
    std::fs::write(tmp.join("random.bin"), &random).unwrap();
    let fx = root().join("tests/fixtures/code_object");
    let cases: Vec<(PathBuf, Vec<&str>, &str)> = vec![
        (tmp.join("truncated.hsaco"), vec![], "truncated"),
        (fx.join("tiny_x86_64.o"), vec![], "x86-64"),
        (fx.join("kernels_gfx90a.hsaco"), vec![], "gfx90a"),
        (tmp.join("random.bin"), vec![], "ELF"),
        (tmp.join("does-not-exist.hsaco"), vec![], "does-not-exist"),
        (
            root().join("examples/polybench_gemm_64/kernel.hsaco"),
            vec!["--kernel", "no_such_kernel"],
            "no_such_kernel",
        ),
    ];
    for (path, extra, want) in cases {
        let mut args = vec![path.to_str().unwrap()];
        args.extend(extra);
        let (code, out, err) = disasm(&args);
        assert_ne!(code, 0, "{}: {out}", path.display());
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(
            err.trim_end().lines().count(),
            1,
            "one line for {}: {err}",
            path.display()
        );
        assert!(
            err.to_lowercase().contains(&want.to_lowercase()),
            "expected '{want}' in: {err}"
        );
    }
    std::fs::remove_dir_all(&tmp).ok();
}
