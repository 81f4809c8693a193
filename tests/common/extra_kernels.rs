//! The checks every extra-kernel fixture case gets (tests/extra_kernels_r3.rs, _r4.rs): outputs equal their
//! numpy references, the hazard and missing-wait checkers stay silent on compiler code, no race error, and
//! `wavescope disasm`'s listing equals the committed llvm-objdump-22 one byte for byte. `d` is the case's
//! directory (object, listing, case.json, inputs, references).

use std::path::Path;
use wavescope::launch::RunOptions;
use wavescope::observers::races::RaceOptions;
use wavescope::session::Session;

/// The listing `wavescope disasm kernel.hsaco` prints, compared with the committed llvm-objdump-22 one.
pub fn assert_disasm_matches_objdump(d: &Path, name: &str) {
    assert_file_disasm_matches_objdump(d, "kernel.hsaco", name)
}

/// `assert_disasm_matches_objdump` of the code object in file `file` of `d` (an offload bundle lists as its
/// gfx950 entry), listed under the name `kernel.hsaco` as the committed listing is.
pub fn assert_file_disasm_matches_objdump(d: &Path, file: &str, name: &str) {
    use wavescope::code_object::CodeObject;
    use wavescope::isa::disasm::{objdump_listing, Symbol};
    let co = CodeObject::load(&d.join(file)).unwrap();
    let (base, text) = co.text();
    let syms: Vec<Symbol> = co
        .functions()
        .iter()
        .map(|f| Symbol {
            addr: f.address,
            name: f.name.clone(),
        })
        .collect();
    let got = objdump_listing("kernel.hsaco", text, base, &syms);
    let want = std::fs::read_to_string(d.join("kernel.objdump.txt")).unwrap();
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

/// Runs one fixture with the race checker on (LDS and global) and returns its report after checking that every
/// output matches and no hazard / missing wait is reported.
pub fn run_checked(d: &Path, name: &str, global: bool) -> wavescope::report::RunReport {
    let opts = RunOptions {
        max_instructions: 1_000_000_000,
        ..RunOptions::default()
    };
    let session = Session::load(d, &opts).unwrap_or_else(|e| panic!("{name}: cannot load: {e}"));
    let outcome = session.run(&wavescope::pipeline::RunConfig {
        races: Some(RaceOptions::new(true, global)),
        ..wavescope::pipeline::RunConfig::full(opts.clone())
    });
    if let Some(f) = &outcome.report.fault {
        panic!("{name}: fault: {}", f.message);
    }
    let checks = session.check();
    assert!(!checks.is_empty(), "{name}: manifest has no outputs");
    let bad: Vec<String> = checks
        .iter()
        .filter(|c| !c.passed())
        .map(wavescope::check::summary_line)
        .collect();
    assert!(bad.is_empty(), "{name}: {}", bad.join("; "));
    assert!(
        outcome.report.hazards.is_empty() && outcome.report.missing_waits.is_empty(),
        "{name}: {} hazard findings, {} missing waits on compiler code: {:?}",
        outcome.report.hazards.len(),
        outcome.report.missing_waits.len(),
        outcome
            .report
            .hazards
            .iter()
            .map(wavescope::observers::hazards::format_finding)
            .collect::<Vec<_>>()
    );
    outcome.report
}

/// Outputs, silence of the hazard checkers, no race finding of error severity, and the disassembly.
pub fn run_one(d: &Path, name: &str) {
    let report = run_checked(d, name, true);
    assert_no_race_errors(&report, name);
    assert_disasm_matches_objdump(d, name);
}

/// A race-free kernel's report has no race finding of error severity (benign same-value warnings may stand).
pub fn assert_no_race_errors(report: &wavescope::report::RunReport, name: &str) {
    let errors: Vec<_> = report
        .races
        .iter()
        .filter(|r| r.severity != "warning")
        .map(|r| {
            format!(
                "{} {} at {} / {}",
                r.kind, r.access, r.first_pc, r.second_pc
            )
        })
        .collect();
    assert!(
        errors.is_empty(),
        "{name}: race errors on a race-free kernel: {errors:?}"
    );
}
