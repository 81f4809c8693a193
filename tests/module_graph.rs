//! The core's top-level modules form a layered graph (manifest -> code object -> program -> engine -> observers ->
//! report): no two modules import each other, directly or through others. Read from the sources themselves: every
//! `crate::MODULE` path outside comments is an edge from the file's top-level module to MODULE.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Edges between top-level modules of the crate rooted at `src`.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let rel = f.strip_prefix(src).unwrap();
        let first = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let top = first.trim_end_matches(".rs").to_string();
        if top == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        let mut in_tests = false;
        for line in text.lines() {
            // unit tests may reach anywhere (they are not part of the layering)
            if line.trim_start().starts_with("#[cfg(test)]") {
                in_tests = true;
            }
            if in_tests {
                continue;
            }
            let code = line.split("//").next().unwrap_or("");
            let mut rest = code;
            while let Some(k) = rest.find("crate::") {
                rest = &rest[k + "crate::".len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() && name != top {
                    g.entry(top.clone()).or_default().insert(name);
                }
            }
        }
    }
    g
}

/// One cycle, if there is any (depth-first search).
fn find_cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        n: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(n) {
            Some(2) => return None,
            Some(1) => {
                let k = path.iter().position(|p| p == n).unwrap();
                let mut c = path[k..].to_vec();
                c.push(n.to_string());
                return Some(c);
            }
            _ => {}
        }
        state.insert(n.to_string(), 1);
        path.push(n.to_string());
        for m in g.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, g, state, path) {
                return Some(c);
            }
        }
        path.pop();
        state.insert(n.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for n in g.keys() {
        if let Some(c) = visit(n, g, &mut state, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

#[test]
fn core_modules_have_no_cycles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let g = graph(&src);
    assert!(g.len() > 5, "read too few modules: {g:?}");
    if let Some(c) = find_cycle(&g) {
        panic!("module cycle in src/: {}", c.join(" -> "));
    }
}

#[test]
fn the_cycle_finder_finds_cycles() {
    // the test above must be able to fail: a hand-made graph with a three-module cycle and one without
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    fn edge(g: &mut BTreeMap<String, BTreeSet<String>>, a: &str, b: &str) {
        g.entry(a.into()).or_default().insert(b.into());
    }
    edge(&mut g, "session", "launch");
    edge(&mut g, "launch", "exec");
    edge(&mut g, "timing", "launch");
    assert_eq!(find_cycle(&g), None);
    edge(&mut g, "exec", "session");
    let c = find_cycle(&g).expect("cycle");
    assert_eq!(c.first(), c.last());
    assert_eq!(c.len(), 4, "{c:?}");
    // and it reads real edges from a file tree
    let dir = std::env::temp_dir().join(format!("wavescope_modgraph_{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a")).unwrap();
    std::fs::write(
        dir.join("a/mod.rs"),
        "use crate::b::X; // crate::c in a comment\n",
    )
    .unwrap();
    std::fs::write(dir.join("b.rs"), "fn f() { crate::a::g() }\n").unwrap();
    let g = graph(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(g["a"], BTreeSet::from(["b".to_string()]));
    assert!(find_cycle(&g).is_some());
}
