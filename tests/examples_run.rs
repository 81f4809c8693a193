//! Every example under examples/ runs with `--check` semantics: its outputs equal the numpy reference
//! (computed from the kernel source, independently of wavescope) within the manifest's tolerances.

use std::path::PathBuf;
use wavescope::launch::RunOptions;
use wavescope::session::Session;

fn example_dirs() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|r| {
            r.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.join("case.json").exists())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Examples too large for the test suite (they are benchmark cases).
fn is_benchmark(p: &std::path::Path) -> bool {
    p.file_name().unwrap().to_string_lossy().ends_with("_512")
}

#[test]
fn every_example_matches_its_reference() {
    let opts = RunOptions {
        max_instructions: 1_000_000_000, // per dispatch
        ..RunOptions::default()
    };
    let mut passed = 0;
    let mut failures = Vec::new();
    let dirs: Vec<PathBuf> = example_dirs()
        .into_iter()
        .filter(|p| !is_benchmark(p))
        .collect();
    for dir in &dirs {
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        let session = match Session::load(dir, &opts) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{name}: cannot load: {e}"));
                continue;
            }
        };
        let outcome = session.run(&wavescope::pipeline::RunConfig::full(opts.clone()));
        if let Some(f) = &outcome.report.fault {
            failures.push(format!("{name}: fault: {}", f.message));
            continue;
        }
        let checks = session.check();
        let bad: Vec<String> = checks
            .iter()
            .filter(|c| !c.passed())
            .map(wavescope::check::summary_line)
            .collect();
        if bad.is_empty() && !checks.is_empty() {
            passed += 1;
            println!(
                "{name}: ok ({} wave-instructions)",
                outcome.stats.wave_instructions
            );
        } else if checks.is_empty() {
            failures.push(format!("{name}: manifest has no outputs to check"));
        } else {
            failures.push(format!("{name}: {}", bad.join("; ")));
        }
    }
    println!("examples: {passed}/{} match their references", dirs.len());
    assert!(
        failures.is_empty(),
        "{} of {} examples fail:\n{}",
        failures.len(),
        dirs.len(),
        failures.join("\n")
    );
}
