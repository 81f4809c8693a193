//! Stock gdb on round 11's library-shaped -O3 kernels (tests/fixtures/extra_kernels_r11): the blocked TRSV whose
//! work-groups wait on each other through a global flag, stopped in its last block after the wait; and the top-p
//! sampler stopped after its block reductions. Expected values come from the fixture's inputs and numpy
//! references and the kernel source's arithmetic, never from the server.

mod common;

use common::*;
use wavescope::machine::MachineOptions;

const R11: &str = "tests/fixtures/extra_kernels_r11";

fn section<'a>(out: &'a str, name: &str) -> &'a str {
    let start = out
        .find(&format!("@{name}\n"))
        .unwrap_or_else(|| panic!("no @{name} in {out}"));
    let rest = &out[start + name.len() + 2..];
    &rest[..rest.find("\n@").unwrap_or(rest.len())]
}

const GDB_ERRORS: &[&str] = &[
    "internal-error",
    "Invalid remote reply",
    "Remote connection closed",
    "Python Exception",
    "Unhandled dwarf expression",
];

/// The line of kernel.hip holding `text` (1-based).
fn line_of(text: &str) -> usize {
    let src = std::fs::read_to_string(repo(&format!("{R11}/h_lib11/kernel.hip"))).unwrap();
    1 + src.lines().position(|l| l.contains(text)).unwrap()
}

/// The TRSV's block 0 stopped at its release store (`__hip_atomic_store(done, ...)`): `info threads` shows the
/// four work-groups' waves, the other three in the acquire-load / s_sleep loop that waits for the flag (the
/// scheduler has run them while block 0 worked, and none can pass before block 0 publishes). After `continue`
/// the chain completes and x matches the numpy solution.
#[test]
fn trsv_blocks_wait_on_the_flag_under_gdb() {
    let release = line_of("__hip_atomic_store(done");
    let wait = line_of("while (__hip_atomic_load(done");
    let s = serve(
        &format!("{R11}/h_lib11_O3/case_trsv_lower_flagged.json"),
        MachineOptions::default(),
        true,
    );
    let out = gdb(
        s.port,
        &[
            &format!("break kernel.hip:{release}"),
            "continue",
            "echo @threads\\n",
            "info threads",
            "echo @end\\n",
            "delete",
            "continue",
        ],
    );
    let (outcome, log) = s.finish();
    for e in GDB_ERRORS {
        assert!(!out.contains(e), "{e:?} in {out}");
    }
    let t = section(&out, "threads");
    let rows: Vec<&str> = t.lines().filter(|l| l.contains("Thread 1.")).collect();
    assert_eq!(rows.len(), 4, "{out}");
    assert!(
        rows[0].starts_with('*')
            && rows[0].contains("(wg 0,0,0)")
            && rows[0].ends_with(&format!("kernel.hip:{release}")),
        "{out}"
    );
    for (i, r) in rows[1..].iter().enumerate() {
        assert!(
            r.contains(&format!("(wg {},0,0)", i + 1))
                && r.ends_with(&format!("kernel.hip:{wait}")),
            "wave {} not waiting at line {wait}: {out}",
            i + 1
        );
    }
    assert!(out.contains("exited normally"), "{out}");
    assert!(
        !outcome.checks.is_empty() && outcome.checks.iter().all(|c| c.passed()),
        "{log}"
    );
}

/// `serve` of a manifest whose code object is a HIP program (hip/tests/fixtures/bin/tiny_block, two translation
/// units): gdb is served the gfx950 code object of the unit defining the kernel (embed, in tiny_block.hip), and
/// stops in it at the source line of its one statement, which `list` shows (the manifest's `source_dir`). gdb
/// used to be served the host program file itself: it showed `main ()` at a host line, and the breakpoint
/// resolved to host addresses that never hit.
#[test]
fn serve_a_kernel_of_a_hip_program() {
    let src = std::fs::read_to_string(repo("hip/tests/fixtures/src/tiny_block.hip")).unwrap();
    let line = 1 + src
        .lines()
        .position(|l| l.contains("x[t * D + d] = table[ids[t] * D + d];"))
        .unwrap();
    let s = serve(
        &format!("{R11}/p_tiny_block/case_embed.json"),
        MachineOptions::default(),
        true,
    );
    let out = gdb(
        s.port,
        &[
            &format!("break tiny_block.hip:{line}"),
            "continue",
            "echo @stop\\n",
            "frame",
            "echo @list\\n",
            &format!("list {line},{line}"),
            "echo @end\\n",
            "delete",
            "continue",
        ],
    );
    let (outcome, log) = s.finish();
    for e in GDB_ERRORS {
        assert!(!out.contains(e), "{e:?} in {out}");
    }
    assert!(!out.contains("main ()"), "{out}");
    let stop = section(&out, "stop");
    assert!(
        stop.contains("embed (") && stop.contains(&format!("tiny_block.hip:{line}")),
        "{out}"
    );
    // the manifest's source_dir (where the program was compiled) resolves the unit's relative source path
    assert!(
        section(&out, "list").contains("x[t * D + d] = table[ids[t] * D + d];"),
        "{out}"
    );
    assert!(out.contains("exited normally"), "{out}");
    assert!(
        !outcome.checks.is_empty() && outcome.checks.iter().all(|c| c.passed()),
        "{log}"
    );
}
