//! Exports: every HIP 5.2 entry point (api_names.txt, from tools/gen_api_names.py) under the version node
//! programs linked against Debian's libamdhip64.so.5 import it at (`hip_4.2`, or the newer node api_versions.txt
//! names, from tools/gen_api_versions.sh), and every entry point of a newer HIP (ROCm 5.3 to 7.2) under the node
//! ROCm's own library exports it at (api_versions_rocm.txt), so a program built against ROCm 6 or 7 loads too.
//! Those the runtime does not implement (no `extern "C" fn NAME` in src/) become stubs that name themselves and
//! return hipErrorNotSupported.

use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::Path;

/// Entry points outside api_names.txt (not declared as returning hipError_t) that programs import.
const EXTRA: &[&str] = &[
    "__hipRegisterManagedVar",
    "__hipRegisterSurface",
    "__hipRegisterTexture",
    "hipKernelNameRef",
    "hipKernelNameRefByPtr",
    "hipGetStreamDeviceId",
    "hipGetDevicePropertiesR0600",
    "hipGetProcAddress",
    "hipChooseDeviceR0600",
    "hiprtcCreateProgram",
    "hiprtcCompileProgram",
    "hiprtcDestroyProgram",
    "hiprtcGetCode",
    "hiprtcGetCodeSize",
    "hiprtcGetProgramLog",
    "hiprtcGetProgramLogSize",
    "hiprtcAddNameExpression",
    "hiprtcGetLoweredName",
];

fn main() {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap();
    let out = std::env::var("OUT_DIR").unwrap();
    println!("cargo:rerun-if-changed=api_names.txt");
    println!("cargo:rerun-if-changed=api_versions.txt");
    println!("cargo:rerun-if-changed=api_versions_rocm.txt");
    println!("cargo:rerun-if-changed=src");
    let api = std::fs::read_to_string(Path::new(&dir).join("api_names.txt")).unwrap();
    let mut all: BTreeSet<String> = api
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    all.extend(EXTRA.iter().map(|s| s.to_string()));
    let newer = std::fs::read_to_string(Path::new(&dir).join("api_versions_rocm.txt")).unwrap();
    let newer: Vec<(&str, &str)> = newer
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .collect();
    all.extend(newer.iter().map(|(n, _)| n.to_string()));
    let mut implemented = BTreeSet::new();
    // every source file, in src/ and its module directories
    let mut files = Vec::new();
    let mut dirs = vec![Path::new(&dir).join("src")];
    while let Some(d) = dirs.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                files.push(path);
            }
        }
    }
    for path in files {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        for line in text.lines() {
            if let Some(rest) = line.trim().strip_prefix("pub unsafe extern \"C\" fn ") {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                implemented.insert(name);
            }
        }
    }
    let mut stubs = String::new();
    for n in all.difference(&implemented) {
        writeln!(
            stubs,
            "#[no_mangle]\npub extern \"C\" fn {n}() -> i32 {{ crate::unsupported(\"{n}\") }}"
        )
        .unwrap();
    }
    std::fs::write(Path::new(&out).join("stubs.rs"), stubs).unwrap();
    // Each name at the version node Debian's libamdhip64.so.5 exports it under (api_versions.txt; hip_4.2 when
    // not listed): a program imports e.g. hipMallocAsync@hip_5.1, and the loader refuses it without that node.
    let versions = std::fs::read_to_string(Path::new(&dir).join("api_versions.txt")).unwrap();
    let mut node_of: std::collections::BTreeMap<&str, &str> =
        versions.lines().filter_map(|l| l.split_once(' ')).collect();
    // Debian's library exports none of the newer names (checked when the list was made), so nothing is moved
    node_of.extend(newer.iter().copied());
    let mut nodes: std::collections::BTreeMap<&str, Vec<&str>> = std::collections::BTreeMap::new();
    nodes.insert("hip_4.2", Vec::new());
    for n in all.union(&implemented) {
        let node = node_of.get(n.as_str()).copied().unwrap_or("hip_4.2");
        nodes.entry(node).or_default().push(n);
    }
    let mut script = String::new();
    let mut previous: Option<&str> = None;
    for (node, names) in &nodes {
        writeln!(script, "{node} {{\n  global:").unwrap();
        for n in names {
            writeln!(script, "    {n};").unwrap();
        }
        match previous {
            None => script.push_str("  local:\n    *;\n};\n"),
            Some(p) => writeln!(script, "}} {p};").unwrap(),
        }
        previous = Some(node);
    }
    let vs = Path::new(&out).join("hip.map");
    std::fs::write(&vs, script).unwrap();
    println!(
        "cargo:rustc-cdylib-link-arg=-Wl,--version-script={}",
        vs.display()
    );
    println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libamdhip64.so.5");
}
