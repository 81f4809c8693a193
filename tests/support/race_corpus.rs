//! What the racy-kernel corpus tests (tests/races_r2.rs, tests/races_r3.rs) share: a fixture directory of one
//! HIP source, its code object, llvm-objdump listing and manifests (`case_NAME.json`); the expected findings
//! (`Want`: kind, severity, access, both accesses' source lines and mnemonics, occurrences); and the run that
//! compares them with the report's findings in the default run and under `--races`.
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use wavescope::launch::RunOptions;
use wavescope::observers::races::{RaceFinding, RaceMode, RaceOptions};
use wavescope::pipeline::RunConfig;
use wavescope::session::Session;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn load(case: &Path, max: u64) -> Session {
    let opts = RunOptions {
        max_instructions: max,
        ..RunOptions::default()
    };
    Session::load(case, &opts).unwrap_or_else(|e| panic!("{}: {e}", case.display()))
}

pub fn config(races: RaceOptions, max: u64) -> RunConfig {
    RunConfig {
        races: Some(races),
        ..RunConfig::full(RunOptions {
            max_instructions: max,
            ..RunOptions::default()
        })
    }
}

/// One fixture directory: `dir` holds `source` (the HIP file), `listing` (llvm-objdump-22 of its code object)
/// and the manifests.
pub struct Corpus {
    pub dir: PathBuf,
    pub source: &'static str,
    pub listing: &'static str,
}

impl Corpus {
    /// Line number (1-based) of the first line of the source containing `needle` after the first line
    /// containing `anchor` (the kernel's own body: several kernels share a line's text).
    pub fn line(&self, anchor: &str, needle: &str) -> u32 {
        let src = std::fs::read_to_string(self.dir.join(self.source)).unwrap();
        let lines: Vec<&str> = src.lines().collect();
        let from = lines
            .iter()
            .position(|l| l.contains(anchor))
            .unwrap_or_else(|| panic!("{} has no line with {anchor:?}", self.source));
        (from
            + lines[from..]
                .iter()
                .position(|l| l.contains(needle))
                .unwrap_or_else(|| {
                    panic!(
                        "{} has no line with {needle:?} after {anchor:?}",
                        self.source
                    )
                })) as u32
            + 1
    }

    /// PC -> instruction text (its words joined by one space) from the listing.
    pub fn listing(&self) -> HashMap<u64, String> {
        let text = std::fs::read_to_string(self.dir.join(self.listing)).unwrap();
        let mut m = HashMap::new();
        for l in text.lines() {
            let Some((inst, rest)) = l.split_once("//") else {
                continue;
            };
            let Some((pc, _)) = rest.trim().split_once(':') else {
                continue;
            };
            if let Ok(pc) = u64::from_str_radix(pc.trim(), 16) {
                m.insert(pc, inst.split_whitespace().collect::<Vec<_>>().join(" "));
            }
        }
        m
    }

    /// PC -> mnemonic from the listing.
    pub fn mnemonics(&self) -> HashMap<u64, String> {
        self.listing()
            .into_iter()
            .filter_map(|(pc, t)| Some((pc, t.split_whitespace().next()?.to_string())))
            .collect()
    }

    /// Run every case in the default mode and under `--races` (every case is a small dispatch, so both check
    /// global memory and must agree); returns a description of each case whose findings differ from the
    /// expected ones. Outputs are checked too (the emulator writes memory through at once, so even the racy
    /// twins compute the right values). `each` sees every report's findings.
    pub fn run(
        &self,
        cases: Vec<(&'static str, Vec<Want>)>,
        mut each: impl FnMut(&str, &[RaceFinding]),
    ) -> Vec<String> {
        let ops = self.mnemonics();
        let mut failures = Vec::new();
        for (case, mut expected) in cases {
            expected.sort();
            let path = self.dir.join(format!("case_{case}.json"));
            for (opts, mode) in [
                (RaceOptions::default(), RaceMode::DefaultSmall),
                (RaceOptions::full(), RaceMode::Full),
            ] {
                // a fresh load each time: the buffers keep what a run wrote
                let s = load(&path, 10_000_000);
                let o = s.run(&config(opts, 10_000_000));
                assert!(o.report.fault.is_none(), "{case}: {:?}", o.report.fault);
                assert_eq!(o.report.race_mode, mode, "{case}");
                assert!(o.report.global_races_stopped.is_none(), "{case}");
                each(case, &o.report.races);
                let mut got: Vec<Want> = o
                    .report
                    .races
                    .iter()
                    .map(|f| {
                        let op = |pc: &str| {
                            let pc = u64::from_str_radix(pc.trim_start_matches("0x"), 16).unwrap();
                            ops.get(&pc).map(|s| s.as_str()).unwrap_or("?")
                        };
                        let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
                        // the report's instruction text and the listing agree on the mnemonic
                        assert_eq!(
                            f.first_instruction.split_whitespace().next(),
                            Some(op(&f.first_pc)),
                            "{case}: {}",
                            f.message
                        );
                        Want {
                            kind: leak(f.kind.clone()),
                            severity: leak(f.severity.clone()),
                            access: leak(f.access.clone()),
                            first: (src_line(&f.first_source), leak(op(&f.first_pc).to_string())),
                            second: (
                                src_line(&f.second_source),
                                leak(op(&f.second_pc).to_string()),
                            ),
                            occurrences: f.occurrences,
                        }
                    })
                    .collect();
                got.sort();
                if got != expected {
                    failures.push(format!(
                        "{case} ({}): got {got:#?}\nwant {expected:#?}",
                        mode.as_str()
                    ));
                }
                for c in s.check() {
                    assert!(c.passed(), "{case}: {}", wavescope::check::summary_line(&c));
                }
            }
        }
        failures
    }
}

/// One expected finding: kind, severity, access, the first and second access (source line, or 0 where the
/// compiler gives the instruction line 0, and the instruction's mnemonic), conflicting byte accesses.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord, Clone)]
pub struct Want {
    pub kind: &'static str,
    pub severity: &'static str,
    pub access: &'static str,
    pub first: (u32, &'static str),
    pub second: (u32, &'static str),
    pub occurrences: u64,
}

pub fn want(
    kind: &'static str,
    severity: &'static str,
    access: &'static str,
    first: (u32, &'static str),
    second: (u32, &'static str),
    occurrences: u64,
) -> Want {
    Want {
        kind,
        severity,
        access,
        first,
        second,
        occurrences,
    }
}

/// "races_r2.hip:17:23" -> 17 (0 without a line).
pub fn src_line(s: &Option<String>) -> u32 {
    s.as_deref()
        .and_then(|s| s.split(':').nth(1))
        .and_then(|l| l.parse().ok())
        .unwrap_or(0)
}
