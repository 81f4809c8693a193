//! The repository stands alone: no tracked text file names a directory beside the checkout or a path of the
//! machine it was written on (only `.ci/run`, which may use such a directory when it exists). Files holding NUL
//! bytes are binary (code objects, ELF files, data) and are exempt: compilers embed their build directory in them.

use std::path::Path;
use std::process::Command;

/// What no tracked text file may contain (built from pieces so this file does not name them itself).
fn forbidden() -> Vec<String> {
    let slash = "/";
    vec![
        format!("..{slash}shared"),
        format!("{slash}work{slash}"),
        format!("{slash}root{slash}"),
        format!("{slash}home{slash}"),
    ]
}

/// The offending lines of `text`: `path:line: text`.
fn offences(path: &str, text: &str, patterns: &[String]) -> Vec<String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| patterns.iter().any(|p| l.contains(p.as_str())))
        .map(|(i, l)| format!("{path}:{}: {}", i + 1, l.trim()))
        .collect()
}

#[test]
fn no_tracked_text_file_names_a_path_outside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = match Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
    {
        Ok(o) if o.status.success() => o,
        _ => {
            println!("SKIP: not a git checkout (or no git)");
            return;
        }
    };
    let patterns = forbidden();
    let mut bad = Vec::new();
    let mut text_files = 0;
    for name in out.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let name = String::from_utf8_lossy(name).to_string();
        if name == ".ci/run" {
            continue;
        }
        // A tracked file deleted in the work tree is not part of what a clone sees.
        let Ok(bytes) = std::fs::read(root.join(&name)) else {
            continue;
        };
        if bytes.contains(&0) {
            continue;
        }
        text_files += 1;
        bad.extend(offences(&name, &String::from_utf8_lossy(&bytes), &patterns));
    }
    assert!(text_files > 100, "only {text_files} tracked text files?");
    assert!(
        bad.is_empty(),
        "tracked files name paths outside the repository:\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_check_finds_each_pattern_and_spares_clean_text() {
    let p = forbidden();
    let slash = "/";
    for (line, hits) in [
        (format!("see ..{slash}shared{slash}isa{slash}hazards.md"), 1),
        (format!("cp {slash}work{slash}x{slash}a.h ."), 1),
        (format!("{slash}root{slash}.cargo"), 1),
        (format!("{slash}home{slash}me{slash}k.cl"), 1),
        (
            "data/isa/opcodes.csv, ../examples, shared/ memory".to_string(),
            0,
        ),
    ] {
        assert_eq!(offences("f", &line, &p).len(), hits, "{line}");
    }
}
