//! src/isa/generated.rs is what tools/gen_isa_tables.py makes from shared/isa/opcodes.csv (no drift).

#[test]
fn generated_tables_are_current() {
    let root = env!("CARGO_MANIFEST_DIR");
    let csv = std::path::Path::new(root).join("../shared/isa/opcodes.csv");
    if !csv.exists() {
        println!("skipped: {} not present", csv.display());
        return;
    }
    let out = std::process::Command::new("python3")
        .arg(format!("{root}/tools/gen_isa_tables.py"))
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
