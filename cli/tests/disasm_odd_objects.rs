//! `wavescope disasm` on odd code objects (tests/fixtures/extra_kernels_r8/odd_objects, made by its build.sh from
//! one clang-22 object): llvm-objdump-22 lists whatever `.text` holds whatever the notes say, and so must disasm.
//! Each listing equals llvm-objdump-22's committed one byte for byte; a broken note, metadata map or kernel
//! descriptor symbol is named once on stderr (what and where) and the listing follows, exit 0; a stripped object
//! (its local device function gone) labels the code before the first symbol `<.text>` as llvm-objdump does.

use std::path::PathBuf;
use std::process::Command;

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("tests/fixtures/extra_kernels_r8/odd_objects")
}

/// (exit code, stdout, stderr) of `wavescope disasm NAME.hsaco` run in the fixture directory (the listing's header
/// names the path as given, as llvm-objdump's does).
fn disasm(name: &str) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .arg("disasm")
        .arg(format!("{name}.hsaco"))
        .current_dir(dir())
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
    )
}

fn objdump(name: &str) -> String {
    std::fs::read_to_string(dir().join(format!("{name}.objdump.txt"))).unwrap()
}

fn same_listing(name: &str, got: &str) {
    let want = objdump(name);
    if got != want {
        let (i, (g, w)) = got
            .lines()
            .zip(want.lines())
            .enumerate()
            .find(|(_, (g, w))| g != w)
            .unwrap_or((0, ("<length>", "<length>")));
        panic!(
            "{name}: disasm differs from llvm-objdump-22 at line {}:\n want: {w}\n got:  {g}",
            i + 1
        );
    }
}

#[test]
fn intact_stripped_and_symbol_less_objects_list_as_llvm_objdump() {
    for name in ["base", "stripped", "no_symtab"] {
        let (code, out, err) = disasm(name);
        assert_eq!(code, 0, "{name}: {err}");
        assert!(err.is_empty(), "{name}: {err}");
        same_listing(name, &out);
    }
    // the stripped object lost its local function symbol: llvm-objdump labels that code with the section
    assert!(objdump("stripped").contains("0000000000001800 <.text>:"));
    assert!(objdump("base").contains("0000000000001800 <_Z5scaleff>:"));
}

#[test]
fn broken_notes_are_named_once_and_the_text_still_lists() {
    for (name, what) in [
        (
            "bad_note_size",
            "PT_NOTE segment at file offset 0x238 (1024 bytes): Invalid ELF note descsz",
        ),
        (
            "bad_metadata",
            "bad NT_AMDGPU_METADATA note: the metadata root has no required key amdhsa.kernels",
        ),
        ("no_note", "no NT_AMDGPU_METADATA note"),
        (
            "no_descriptor",
            "kernel axpy: its descriptor symbol axpy.kd is not defined",
        ),
    ] {
        let (code, out, err) = disasm(name);
        assert_eq!(code, 0, "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(
            err.starts_with(&format!("wavescope: warning: {name}.hsaco: ")) && err.contains(what),
            "{name}: {err}"
        );
        same_listing(name, &out);
    }
}
