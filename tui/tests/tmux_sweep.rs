//! The UI in tmux on kernels unlike the one tmux.rs opens: an OpenCL kernel built at -O0 (device functions of a
//! header sit before the kernel in the code object), a HIP kernel whose waves meet at barriers, and a one-wave
//! MFMA kernel that runs to its end. Each: the source pane names the kernel's file and marks the line of the
//! entry PC (llvm-dwarfdump's line table), the disassembly row at the PC is llvm-objdump's text, `s` moves to
//! objdump's next address; then next, continue, pane and wave switching, help, 80x24, quit with status 0.
//! Skips (passing, with a message) when tmux is not installed; every wait has a timeout.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

#[path = "common/tmux.rs"]
mod tmux_harness;
use tmux_harness::{binary, root, Tmux};

/// (address, text) of every instruction, and the address of symbol `name`, from an llvm-objdump listing.
fn listing(path: &PathBuf, name: &str) -> (Vec<(u64, String)>, u64) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut insts = Vec::new();
    let mut entry = None;
    for l in text.lines() {
        if let Some((code, tail)) = l.split_once("// ") {
            if let Some(a) = tail.get(..12).and_then(|h| u64::from_str_radix(h, 16).ok()) {
                insts.push((a, code.trim().to_string()));
            }
        } else if l.ends_with(&format!(" <{name}>:")) {
            entry = u64::from_str_radix(l.split(' ').next().unwrap(), 16).ok();
        }
    }
    (insts, entry.expect("kernel symbol in the listing"))
}

/// The line the source pane marks at `pc`: the first row at or after `pc` in the kernel's file (file 0) of a
/// llvm-dwarfdump `--debug-line` listing (code inlined from a header shows at its call site, which for these
/// entries is that next kernel-file row: hip_lds_block's __pl_tid() call on line 17, DW_AT_call_line 17).
/// The kernel's file is file 0 and every later entry of the same name (DWARF 5 tables may list the primary
/// file again, e.g. as file 2 when a header comes between, and rows then name that index).
fn line_at(path: &PathBuf, pc: u64) -> u32 {
    let text = std::fs::read_to_string(path).unwrap();
    let mut names: Vec<String> = Vec::new();
    let mut lines = text.lines();
    while let Some(l) = lines.next() {
        if l.trim().starts_with("file_names[") {
            if let Some(n) = lines.next().and_then(|n| n.trim().strip_prefix("name: ")) {
                names.push(n.trim_matches('"').to_string());
            }
        }
    }
    let kernel_file: Vec<String> = (0..names.len())
        .filter(|&i| names[i] == names[0])
        .map(|i| i.to_string())
        .collect();
    text.lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let a = u64::from_str_radix(f.first()?.strip_prefix("0x")?, 16).ok()?;
            (f.len() >= 8 && a >= pc && kernel_file.iter().any(|k| k == f[3]))
                .then(|| f[1].parse().ok())?
        })
        .next()
        .unwrap_or_else(|| panic!("0x{pc:x} not in {}", path.display()))
}

fn sweep(dir: &str, src: &str, kernel: &str, lines: &str, one_wave: bool) {
    let bin = binary();
    let d = root().join(dir);
    let (insts, entry) = listing(&d.join("kernel.objdump.txt"), kernel);
    let line = line_at(&root().join(lines), entry);
    let source = std::fs::read_to_string(d.join(src)).unwrap();
    let src_line = source
        .lines()
        .nth(line as usize - 1)
        .unwrap()
        .trim()
        .to_string();
    let i = insts.iter().position(|(a, _)| *a == entry).unwrap();
    let (next, _) = &insts[i + 1];

    let t = Tmux {
        socket: format!(
            "wavescope-tui-sweep-{}-{}",
            std::process::id(),
            kernel.len()
        ),
    };
    let shell = format!(
        "{} tui {} 2>&1; echo EXITED:$?; sleep 60",
        bin.display(),
        d.display()
    );
    t.start(140, 44, None, &shell);

    let prefix = |s: &str, n: usize| s.chars().take(n).collect::<String>();
    let text = &insts[i].1;
    // (A capture can catch a frame half drawn: wait until every part is there, the current disassembly row's text
    // included: a capture once caught that row with its mnemonic only partly drawn.)
    let s = t.wait("the first frame", 30, |s| {
        s.contains(&format!("Registers: wave 0 pc {entry:x}"))
            && s.lines()
                .any(|l| l.contains(&format!("▶{entry:x} ")) && l.contains(&prefix(text, 20)))
            && s.contains(&format!("{line:>5}▶"))
            && s.contains(" | ? for keys")
    });
    // file names are shown normalized (no `./`)
    assert!(s.contains(&format!("Source: {src} ")), "{dir}: {s}");
    // The current line: its number and text (cut at the pane's edge).
    let cur = s
        .lines()
        .find(|l| l.contains(&format!("{line:>5}▶")))
        .unwrap_or_else(|| panic!("{dir}: line {line} not marked current:\n{s}"));
    let shown = cur
        .split('▶')
        .nth(1)
        .unwrap()
        .split('│')
        .next()
        .unwrap()
        .trim();
    assert!(
        src_line.starts_with(shown) && !shown.is_empty()
            || shown.starts_with(&prefix(&src_line, 10)),
        "{dir}: line {line} shows {shown:?}, file has {src_line:?}"
    );
    let row = s
        .lines()
        .find(|l| l.contains(&format!("▶{entry:x} ")))
        .unwrap_or_else(|| panic!("{dir}: no current disassembly row:\n{s}"));
    assert!(
        row.contains(&prefix(text, 20)),
        "{dir}: {text:?} not in {row:?}"
    );

    t.keys(&["s"]);
    t.wait("a step", 10, |s| s.contains(&format!("pc {next:x}")));
    t.keys(&["n"]);
    std::thread::sleep(Duration::from_millis(300));
    for k in ["Tab", "Tab", "Tab", "w", "W"] {
        t.keys(&[k]);
    }
    t.keys(&["?"]);
    t.wait("help", 10, |s| s.contains("Keys (any key closes)"));
    t.keys(&["Escape"]);
    t.wait("help closed", 10, |s| !s.contains("Keys (any key closes)"));
    t.keys(&["c"]);
    if one_wave {
        t.wait("the end", 30, |s| s.contains("the dispatch has ended"));
    } else {
        std::thread::sleep(Duration::from_millis(500));
    }
    t.cmd(&["resize-window", "-t", "t", "-x", "80", "-y", "24"]);
    t.wait("the 80x24 layout", 10, |s| {
        let l: Vec<&str> = s.lines().collect();
        l.len() <= 24 && l.iter().all(|l| l.chars().count() <= 80) && s.contains("Source")
    });
    t.keys(&["s"]);
    t.keys(&["q"]);
    let s = t.wait("the exit", 30, |s| s.contains("EXITED:"));
    assert!(s.contains("EXITED:0"), "{dir}: {s}");
    assert!(!s.contains("panicked"), "{dir}: {s}");
}

#[test]
fn tui_on_an_o0_kernel_a_barrier_kernel_and_a_one_wave_mfma_kernel() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("SKIPPED: tmux is not installed (apt-get install tmux)");
        return;
    }
    sweep(
        "tests/fixtures/extra_kernels/rd_cfd_flux_O0",
        "kernel.cl",
        "compute_flux",
        "debugger/tests/fixtures/sweep/rd_cfd_flux_O0.lines.txt",
        false,
    );
    sweep(
        "tests/fixtures/extra_kernels_hip/hip_lds_block",
        "kernel.hip",
        "_Z9lds_blockPKiPKfPKjPiPfPjS6_S7_S5_",
        "debugger/tests/fixtures/sweep/hip_lds_block.lines.txt",
        false,
    );
    sweep(
        "examples/labnotes_mfma_f16_32x32x8",
        "kernel.hip",
        "_Z14sgemm_32x32x32PKDF16_S0_PKfPf",
        "examples/labnotes_mfma_f16_32x32x8/kernel.lines.txt",
        true,
    );
}

/// Round 4's kernels: DPP / ds_swizzle cross-lane code (12 waves), and private arrays in scratch with a
/// recursive device function placed before the kernel in the code object.
#[test]
fn tui_on_round4_dpp_and_scratch_kernels() {
    if Command::new("tmux").arg("-V").output().is_err() {
        eprintln!("SKIPPED: tmux is not installed (apt-get install tmux)");
        return;
    }
    sweep(
        "tests/fixtures/extra_kernels_r4/h_dpp_swizzle",
        "kernel.hip",
        "_Z11dpp_swizzlePKiS0_PiS1_S1_S1_S1_",
        "debugger/tests/fixtures/sweep/r4_h_dpp_swizzle.lines.txt",
        false,
    );
    sweep(
        "tests/fixtures/extra_kernels_r4/h_scratch",
        "kernel.hip",
        "_Z14scratch_arraysPKiPKfPfS3_Pii",
        "debugger/tests/fixtures/sweep/r4_h_scratch.lines.txt",
        false,
    );
}
