//! src/isa/generated.rs is what tools/gen_isa_tables.py makes from data/isa/opcodes.csv (no drift): the script
//! regenerates the file in memory from the committed table and fails on any difference.

#[test]
fn generated_tables_are_current() {
    let root = env!("CARGO_MANIFEST_DIR");
    let csv = std::path::Path::new(root).join("data/isa/opcodes.csv");
    assert!(csv.is_file(), "{} is missing", csv.display());
    let out = std::process::Command::new("python3")
        .arg(format!("{root}/tools/gen_isa_tables.py"))
        .arg("--csv")
        .arg(&csv)
        .arg("--check")
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
