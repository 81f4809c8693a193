//! Extra kernels, round 6: code and packaging wavescope had not run before (written here, in the style of real
//! libraries): a rocPRIM-style block radix sort built at -O0 (locals in scratch through flat addressing),
//! `__constant__` tables read through relocations in a code object v6, and multi-arch offload bundles (plain and
//! `--offload-compress`) loaded as code objects. Each case lives under tests/fixtures/extra_kernels_r6/<name>/
//! with its object, llvm-objdump-22 listing, case.json (or case_<name>.json), inputs and numpy references, so
//! the tests need no compiler.

use std::path::PathBuf;
use wavescope::code_object::CodeObject;

fn dir(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/extra_kernels_r6")
        .join(name)
}

mod common;

fn run_one(name: &str) {
    common::extra_kernels::run_one(&dir(name), name)
}

/// Block radix sort of 256 u32 keys per work-group (ballot ranks, LDS digit counts, a serial block scan, a
/// stable scatter) at -O0: every local lives in scratch, reached by flat loads and stores.
#[test]
fn h_radix_o0() {
    let listing = std::fs::read_to_string(dir("h_radix_O0").join("kernel.objdump.txt")).unwrap();
    assert!(listing.contains("flat_store_dword") && listing.contains("s_mov_b32 s33"));
    run_one("h_radix_O0");
}

/// CRC-32 through a 256-entry `__constant__` table and a Horner polynomial with `__constant__` coefficients,
/// in a code object v6 (EI_ABIVERSION 4).
#[test]
fn h_const_cov6() {
    let co = CodeObject::load(&dir("h_const_cov6").join("kernel.hsaco")).unwrap();
    assert_eq!(co.code_object_version(), 6);
    run_one("h_const_cov6");
}

/// h_const_cov6's source built for two targets at once: an uncompressed `__CLANG_OFFLOAD_BUNDLE__`
/// (gfx90a + gfx950) and a zstd `CCOB` (gfx942 + gfx950) load as their gfx950 entry: outputs match, and the
/// listing of the loaded code equals llvm-objdump-22's of the entry clang-offload-bundler extracts.
#[test]
fn h_fat_bundle() {
    let d = dir("h_fat_bundle");
    for c in ["plain", "zstd"] {
        let label = format!("h_fat_bundle/{c}");
        let report =
            common::extra_kernels::run_checked(&d.join(format!("case_{c}.json")), &label, true);
        assert!(report.races.iter().all(|r| r.severity == "warning"));
    }
    // the listing of each bundle is llvm-objdump-22's of the gfx950 entry clang-offload-bundler extracts
    for f in ["fat.bundle", "fat_zstd.bundle"] {
        common::extra_kernels::assert_file_disasm_matches_objdump(
            &d,
            f,
            &format!("h_fat_bundle/{f}"),
        );
    }
}

/// A bundle with no gfx950 entry names the targets it has; corrupt bundles give one error, never a panic.
#[test]
fn bad_bundles() {
    let d = dir("h_fat_bundle");
    let e = CodeObject::load(&d.join("no_gfx950.bundle"))
        .err()
        .unwrap()
        .to_string();
    assert!(
        e.contains("no gfx950 code object") && e.contains("gfx90a") && e.contains("gfx942"),
        "{e}"
    );
    let plain = std::fs::read(d.join("fat.bundle")).unwrap();
    let err = |b: Vec<u8>| CodeObject::parse(b).err().unwrap().to_string();
    // truncated inside the entry table, and inside the entries' bytes
    assert!(
        err(plain[..40].to_vec()).contains("truncated"),
        "{}",
        err(plain[..40].to_vec())
    );
    assert!(err(plain[..200].to_vec()).contains("past the end"));
    // entry 0's offset + size wrapping past 2^64 (the first entry header starts at byte 32)
    let mut wrap = plain.clone();
    wrap[32..40].copy_from_slice(&u64::MAX.to_le_bytes());
    wrap[40..48].copy_from_slice(&2u64.to_le_bytes());
    assert!(err(wrap).contains("past the end"));
    // a triple length that would overflow the offset
    let mut tl = plain.clone();
    tl[48..56].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(err(tl).contains("triple past the end"));
    // compressed headers claiming 4 GiB (the limit) and 5 GiB uncompressed from an empty body: one error,
    // and the claimed size is never allocated up front
    let ccob = |size: u64| {
        let mut c = b"CCOB".to_vec();
        c.extend(3u16.to_le_bytes());
        c.extend(1u16.to_le_bytes());
        c.extend(32u64.to_le_bytes());
        c.extend(size.to_le_bytes());
        c.extend(0u64.to_le_bytes());
        c
    };
    assert!(err(ccob(5 << 30)).contains("do not fit"));
    assert!(
        err(ccob(4 << 30)).contains("zstd"),
        "{}",
        err(ccob(4 << 30))
    );
    let zstd = std::fs::read(d.join("fat_zstd.bundle")).unwrap();
    let mut bad = zstd.clone();
    for b in &mut bad[40..60] {
        *b ^= 0x5a;
    }
    assert!(err(bad).contains("unsupported code object"));
}

/// rocPRIM-style block scan at -O1: a wave scan with ds_bpermute, wave 0 scans the 8 wave totals in LDS, a
/// segmented max-scan alongside. Race-free: no finding at all (not even a warning).
#[test]
fn h_scan_o1() {
    let report = common::extra_kernels::run_checked(&dir("h_scan_O1"), "h_scan_O1", true);
    assert!(report.races.is_empty(), "{:?}", report.races.len());
    common::extra_kernels::assert_disasm_matches_objdump(&dir("h_scan_O1"), "h_scan_O1");
}

/// h_scan_O1 rebuilt with -DRACY, which drops the barrier after wave 0 scans the totals. Worked by hand:
/// wave_tot[8] and wave_seg[8] (LDS 0x40 and 0x20, 4 bytes each) are written by wave 0's lanes 0..7
/// (kernel.hip line "wave_tot[lane] = a") and read at [w - 1] by waves 1..7 (lines "s += wave_tot" and
/// "if (!h) m = ..."): two LDS read-after-write races, each over entries 0..6 (28 bytes); wave_has is never read
/// again, so nothing on it.
#[test]
fn h_scan_racy() {
    let opts = wavescope::launch::RunOptions::default();
    let s = wavescope::session::Session::load(&dir("h_scan_racy"), &opts).unwrap();
    let o = s.run(&wavescope::pipeline::RunConfig {
        races: Some(wavescope::observers::races::RaceOptions::new(true, true)),
        ..wavescope::pipeline::RunConfig::full(opts)
    });
    assert!(o.report.fault.is_none());
    let src = std::fs::read_to_string(dir("h_scan_O1").join("kernel.hip")).unwrap();
    let line = |needle: &str| 1 + src.lines().position(|l| l.contains(needle)).unwrap();
    let (w, r_tot, r_seg) = (
        line("wave_tot[lane] = a"),
        line("s += wave_tot[w - 1]"),
        line("if (!h) m = m > wave_seg[w - 1]"),
    );
    let mut got: Vec<(String, String, String, String, String)> = o
        .report
        .races
        .iter()
        .map(|r| {
            let ln =
                |s: &Option<String>| s.as_deref().unwrap().split(':').nth(1).unwrap().to_string();
            (
                r.severity.clone(),
                r.access.clone(),
                ln(&r.first_source),
                ln(&r.second_source),
                format!("{}..{}", r.address_lo, r.address_hi),
            )
        })
        .collect();
    got.sort();
    let e = |rl: usize, span: &str| {
        (
            "error".to_string(),
            "RAW".to_string(),
            w.to_string(),
            rl.to_string(),
            span.to_string(),
        )
    };
    let mut want = vec![e(r_seg, "0x20..0x3b"), e(r_tot, "0x40..0x5b")];
    want.sort();
    assert_eq!(got, want);
}
