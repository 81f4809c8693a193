//! `wavescope exec` runs the race checker on every launch as `run` does (docs/races.md "Defaults"): global races
//! of a small launch within the default budget, LDS races and barriers always. Programs: tests/fixtures/bin's
//! races_* (src/races_exec.hip, built three ways by build.sh): a histogram with plain increments, a grid-wide sum
//! whose partial sums are published without `__threadfence()`, and both done right. Needs
//! `cargo build --release -p wavescope-cli -p wavescope-hip`.

use std::process::Command;
use std::time::Duration;

mod common;
use common::*;

/// (stdout + stderr, exit code, report) of `wavescope exec ARGS -- bin/PROGRAM`.
fn exec(program: &str, args: &[&str]) -> (String, i32, serde_json::Value) {
    let dir = scratch_dir("exec-races", program);
    let report = dir.join("r.json");
    let mut c = Command::new(wavescope());
    c.arg("exec")
        .arg("--report")
        .arg(&report)
        .args(args)
        .arg("--")
        .arg(fixture("bin").join(program))
        .current_dir(&dir);
    let (o, code) = run(c, Duration::from_secs(300));
    let (out, err) = text(&o);
    let r = std::fs::read_to_string(&report)
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(serde_json::Value::Null);
    let _ = std::fs::remove_dir_all(&dir);
    (format!("{out}\n{err}"), code, r)
}

/// The race lines `exec` printed for launch `index`.
fn race_lines(t: &str, index: usize) -> Vec<String> {
    t.lines()
        .filter(|l| l.starts_with(&format!("wavescope: launch {index} ")) && l.contains(": race "))
        .map(String::from)
        .collect()
}

#[test]
fn a_histogram_without_atomics_is_reported() {
    let (t, code, r) = exec("races_hist_plain", &[]);
    assert_eq!(code, 0, "{t}");
    // lanes of one wave that hit one bin store the same old + 1: the program's own check sees lost updates
    assert!(t.contains("histogram: 0 of 16 bins right"), "{t}");
    let lines = race_lines(&t, 0);
    assert_eq!(lines.len(), 2, "{t}");
    // the increment's store, then the other waves' load (RAW) and store (WAW) of the same bins
    let src = std::fs::read_to_string(fixture("src/races_exec.hip")).unwrap();
    let line = src
        .lines()
        .position(|l| l.contains("bins[bin] += 1"))
        .unwrap()
        + 1;
    for (l, access) in lines.iter().zip(["RAW", "WAW"]) {
        assert!(l.contains(&format!("race error (global {access})")), "{l}");
        assert!(
            l.matches(&format!("races_exec.hip:{line}")).count() == 2,
            "{l}"
        );
    }
    assert!(
        t.contains("launch 0 histogram(int const*, int*): races (LDS + global within the default budget): 2 findings (2 errors, 0 warnings)"),
        "{t}"
    );
    // the sum launch is right and silent
    assert!(race_lines(&t, 1).is_empty(), "{t}");
    let l0 = &r["launches"][0];
    assert_eq!(l0["report"]["race_mode"], "default-small", "{r}");
    assert_eq!(l0["findings"], 2, "{r}");
    // --strict fails the run on race errors, --no-races checks nothing
    let (t, code, _) = exec("races_hist_plain", &["--strict"]);
    assert_eq!(code, 1, "{t}");
    let (t, code, r) = exec("races_hist_plain", &["--no-races"]);
    assert_eq!(code, 0, "{t}");
    assert!(race_lines(&t, 0).is_empty(), "{t}");
    assert_eq!(r["launches"][0]["report"]["race_mode"], "off", "{r}");
}

#[test]
fn partial_sums_without_a_fence_are_reported() {
    let (t, code, r) = exec("races_lastblock_nofence", &[]);
    assert_eq!(code, 0, "{t}");
    assert!(t.contains("sum: 25004 (want 25004)"), "{t}");
    assert!(race_lines(&t, 0).is_empty(), "{t}");
    let lines = race_lines(&t, 1);
    assert_eq!(lines.len(), 1, "{t}");
    let src = std::fs::read_to_string(fixture("src/races_exec.hip")).unwrap();
    let at = |needle: &str| src.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let l = &lines[0];
    assert!(l.contains("race error (global RAW)"), "{l}");
    // the partial store of 3 blocks (4 bytes each), read by the last block
    assert!(l.contains(", 12 times: different work-groups"), "{l}");
    assert!(
        l.contains(&format!(
            "the write at races_exec.hip:{}",
            at("partial[blockIdx.x] = s[0]")
        )) && l.contains(&format!(
            "the read at races_exec.hip:{}",
            at("t += partial[i]")
        )),
        "{l}"
    );
    assert_eq!(
        r["launches"][1]["report"]["race_mode"], "default-small",
        "{r}"
    );
    // --races: the same finding over the whole launch
    let (t, _, r) = exec("races_lastblock_nofence", &["--races"]);
    assert_eq!(race_lines(&t, 1).len(), 1, "{t}");
    assert_eq!(r["launches"][1]["report"]["race_mode"], "full", "{r}");
}

#[test]
fn the_fixed_program_is_silent() {
    for args in [&[][..], &["--races"][..]] {
        let (t, code, r) = exec("races_fixed", args);
        assert_eq!(code, 0, "{t}");
        assert!(t.contains("histogram: 16 of 16 bins right"), "{t}");
        assert!(t.contains("sum: 25004 (want 25004)"), "{t}");
        assert!(!t.contains("race"), "{args:?}: {t}");
        for l in r["launches"].as_array().unwrap() {
            assert_eq!(l["findings"], 0, "{r}");
            assert!(l["report"]["races"].as_array().unwrap().is_empty(), "{r}");
        }
    }
    // --strict passes
    let (t, code, _) = exec("races_fixed", &["--strict"]);
    assert_eq!(code, 0, "{t}");
}
