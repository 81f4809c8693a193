//! Round-11 HIP programs (tests/fixtures/src, built by tests/fixtures/build.sh) under `wavescope exec`, shaped like
//! a PyTorch extension's host code: `tiny_block` (a transformer block over 16 tokens whose kernels live in two
//! translation units, so the program carries two offload bundles; hipMemcpyAsync / hipStreamSynchronize between
//! stages) and `train_step` (12 SGD steps of a two-layer MLP: hipMemsetAsync'd gradients, forward, backward with
//! atomicAdd, update; the loss checked against a host replica every step and required to halve). Each program
//! checks itself and prints PASSED; every launch has no finding (global race checking on) and replays bit-exactly.
//! Also: `disasm` of the two-unit program, and truncated / bit-flipped copies of round 11's new objects through
//! `disasm` and `run` (one clear error, a documented exit code, no panic, no hang).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

mod common;
use common::*;

fn bin(name: &str) -> PathBuf {
    fixture("bin").join(name)
}

fn r11(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/extra_kernels_r11")
        .join(rel)
}

/// `wavescope exec --races --strict --capture DIR --report DIR/report.json -- PROGRAM`: the program passed with
/// `launches` launches, none faulting or with findings, every one captured and replayed bit-exactly. Returns
/// (stdout, capture dir).
fn passes(program: &str, launches: usize) -> (String, PathBuf) {
    passes_as(program, program, launches)
}

/// `passes` for a program that prints `printed PASSED` (a variant build of another program's source).
fn passes_as(program: &str, printed: &str, launches: usize) -> (String, PathBuf) {
    let (out, err, code, report, cap) = exec_captured("hip-r11", program, &["--races", "--strict"]);
    assert_eq!(code, 0, "{program}:\n{out}\n{err}");
    assert!(
        out.contains(&format!("{printed} PASSED")) && !out.contains("FAILED"),
        "{program}:\n{out}\n{err}"
    );
    assert!(
        !err.contains("not captured") && !err.contains("not supported"),
        "{err}"
    );
    assert_launches_clean(&report, &cap, launches, program, &err);
    (out, cap)
}

/// Ten launches over two modules: embed, rms_norm, linear (unit 1), rope_neox, causal_attention (unit 0), then
/// linear, rms_norm, linear, silu_mul, linear. The captured launches of the two units carry different code objects.
#[test]
fn tiny_block_two_modules() {
    let (out, cap) = passes("tiny_block", 10);
    assert!(
        out.contains("attention ok") && out.contains("block output ok"),
        "{out}"
    );
    let co = |i: usize| std::fs::read(cap.join(format!("launch-{i:04}/kernel.hsaco"))).unwrap();
    assert_ne!(
        co(0),
        co(3),
        "embed and rope_neox come from different translation units"
    );
    assert_eq!(co(0), co(1));
    assert_eq!(co(3), co(4));
}

/// The same block built with -fgpu-rdc: one device-linked code object for both units whose metadata comes as a
/// note per kernel. Every launch but rope_neox's used to fail with hipErrorInvalidDeviceFunction ("no kernel
/// named _Z5embedPfPKfPKi ...; its kernels are: _Z9rope_neoxPf").
#[test]
fn tiny_block_relocatable_device_code() {
    let (out, cap) = passes_as("tiny_block_rdc", "tiny_block", 10);
    assert!(out.contains("block output ok"), "{out}");
    let co = |i: usize| std::fs::read(cap.join(format!("launch-{i:04}/kernel.hsaco"))).unwrap();
    assert_eq!(co(0), co(3), "one device-linked code object");
}

/// 12 steps x (2 memsets, 4 kernels): the loss matches the host replica at every step and halves; the atomics
/// of the backward kernel raise no race error.
#[test]
fn train_step_loss_decreases() {
    let (out, _) = passes("train_step", 48);
    let losses: Vec<f64> = out
        .lines()
        .filter_map(|l| l.trim().strip_prefix("step "))
        .filter_map(|l| l.split("loss").nth(1)?.trim().parse().ok())
        .collect();
    assert_eq!(losses.len(), 12, "{out}");
    assert!(losses.windows(2).all(|w| w[1] < w[0]), "{losses:?}");
    assert!(losses[11] < 0.5 * losses[0], "{losses:?}");
}

/// `wavescope disasm tiny_block` lists both translation units' code objects, each headed `PROGRAM(unitN)`, each
/// equal to llvm-objdump-22's listing of the object clang-offload-bundler-22 unbundles from that unit but for the
/// name; `--kernel` picks the unit that defines the function. It used to stop at "2 offload bundles".
#[test]
fn disasm_lists_every_translation_unit() {
    let mut c = Command::new(wavescope());
    c.args(["disasm", "tiny_block"]).current_dir(bin(""));
    let (o, code) = run(c, Duration::from_secs(60));
    let (out, err) = text(&o);
    assert_eq!(code, 0, "{err}");
    let mut want = String::new();
    for i in 0..2 {
        let l = std::fs::read_to_string(r11(&format!("p_tiny_block/unit{i}.objdump.txt"))).unwrap();
        want.push_str(&l.replacen("kernel.hsaco:", &format!("tiny_block(unit{i}):"), 1));
    }
    assert!(
        out == want,
        "disasm of the two units differs from llvm-objdump-22's"
    );
    let mut c = Command::new(wavescope());
    c.args(["disasm", "--kernel", "_Z8silu_mulPfPKf", "tiny_block"])
        .current_dir(bin(""));
    let (o, code) = run(c, Duration::from_secs(60));
    let (out, err) = text(&o);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("<_Z8silu_mulPfPKf>:") && !out.contains("rope_neox"),
        "{out}"
    );
    let mut c = Command::new(wavescope());
    c.args(["disasm", "--kernel", "nope", "tiny_block"])
        .current_dir(bin(""));
    let (o, code) = run(c, Duration::from_secs(60));
    let (_, err) = text(&o);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no function named \"nope\" in any of the 2 translation units"),
        "{err}"
    );
}

// ---- malformed copies of the new objects -------------------------------------------------------------------------

/// Deterministic mutations of `bytes`: truncations (half, 1000 bytes, the 64-byte ELF header, all but the last
/// byte) and bit flips (e_phoff's high byte, e_shoff's, e_phnum, e_shstrndx, and six positions of a fixed LCG).
fn mutations(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let n = bytes.len();
    let mut out = vec![];
    for cut in [n / 2, 1000, 64, n - 1] {
        out.push((format!("truncated to {cut}"), bytes[..cut].to_vec()));
    }
    let mut flip = |what: String, at: usize, mask: u8| {
        let mut b = bytes.to_vec();
        b[at] ^= mask;
        out.push((what, b));
    };
    flip("e_phoff high byte".into(), 0x27, 0x40);
    flip("e_shoff high byte".into(), 0x2f, 0x40);
    flip("e_phnum".into(), 0x38, 0xff);
    flip("e_shstrndx".into(), 0x3e, 0x5a);
    let mut s: u64 = 0x2545_f491_4f6c_dd1d;
    for _ in 0..6 {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let at = (s >> 33) as usize % n;
        flip(
            format!("bit {} of byte {at:#x}", (s >> 20) % 8),
            at,
            1 << ((s >> 20) % 8),
        );
    }
    out
}

/// The exit code is one README.md documents (0 success, 1 mismatch, 2 bad input, 3 fault, 4 budget), never a
/// panic (101) or a signal; a bad-input exit says so in exactly one `wavescope: error:` line.
fn clean_end(what: &str, code: i32, err: &str) {
    assert!((0..=4).contains(&code), "{what}: exit {code}\n{err}");
    assert!(!err.contains("panicked"), "{what}: panic\n{err}");
    if code == 2 {
        let n = err
            .lines()
            .filter(|l| l.starts_with("wavescope: error:"))
            .count();
        assert_eq!(n, 1, "{what}: {n} error lines\n{err}");
    }
}

/// Each mutation of a round-11 object through `disasm` and through `run` of a manifest naming it (with a bounded
/// instruction budget): a clean end within 60 s. The intact objects are checked to load first.
#[test]
fn malformed_round11_objects_end_cleanly() {
    let work = scratch_dir("hip-r11", "malformed");
    // (object, a manifest that runs it)
    let objects = [
        (
            r11("h_lib11_O3/kernel.hsaco"),
            r11("h_lib11_O3/case_block_scan_reduce.json"),
        ),
        (
            r11("t_fp8_block_gemm/kernel.hsaco"),
            r11("t_fp8_block_gemm/case.json"),
        ),
        (
            r11("t_mla_decode_split/kernel.hsaco"),
            r11("t_mla_decode_split/case.json"),
        ),
        (bin("tiny_block"), r11("p_tiny_block/case_rope.json")),
    ];
    let mut runs = 0;
    let mut errors = 0;
    for (k, (obj, manifest)) in objects.iter().enumerate() {
        let bytes = std::fs::read(obj).unwrap();
        // the manifest with absolute input paths and the code object replaced
        let mut case: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(manifest).unwrap()).unwrap();
        let base = manifest.parent().unwrap();
        for list in ["args", "outputs"] {
            for a in case[list].as_array_mut().unwrap() {
                if let Some(f) = a["file"].as_str() {
                    a["file"] = base.join(f).display().to_string().into();
                }
            }
        }
        for (m, (what, data)) in mutations(&bytes).into_iter().enumerate() {
            let label = format!("{} / {what}", obj.display());
            let co = work.join(format!("o{k}_{m}.bin"));
            std::fs::write(&co, &data).unwrap();
            case["code_object"] = co.display().to_string().into();
            let mp = work.join(format!("o{k}_{m}.json"));
            std::fs::write(&mp, serde_json::to_string(&case).unwrap()).unwrap();
            let mut c = Command::new(wavescope());
            c.arg("disasm").arg(&co);
            let (o, code) = run(c, Duration::from_secs(60));
            clean_end(&format!("disasm {label}"), code, &text(&o).1);
            errors += (code == 2) as usize;
            let mut c = Command::new(wavescope());
            c.args(["run", "--check", "--max-instructions", "20000000"])
                .arg(&mp);
            let (o, code) = run(c, Duration::from_secs(60));
            clean_end(&format!("run {label}"), code, &text(&o).1);
            runs += 2;
        }
    }
    assert_eq!(runs, 4 * 14 * 2);
    // every truncation at least is refused by disasm
    assert!(errors >= 4 * 4, "{errors} disasm errors");
}
