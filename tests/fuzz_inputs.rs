//! Seeded random-mutation fuzzing of the input readers, bounded (a fixed iteration count per target, so `cargo
//! test` stays deterministic and its time bounded): the ELF/metadata/DWARF loader on mutated real code objects,
//! and the manifest parser plus launch setup on mutated real manifests. Every input either loads or gives an
//! error; a panic fails the test and names the seed and the iteration to replay it.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use wavescope::code_object::CodeObject;
use wavescope::debug_info::DebugInfo;
use wavescope::launch::RunOptions;
use wavescope::manifest::Manifest;
use wavescope::session::Session;

/// xorshift64*: deterministic, no dependency.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Values that make readers go wrong: zero, all ones, sign bits, sizes just past a boundary.
const INTERESTING: [u64; 10] = [
    0,
    1,
    0x7f,
    0xff,
    0xffff,
    0x7fff_ffff,
    0xffff_ffff,
    0x8000_0000_0000_0000,
    u64::MAX,
    0x1_0000_0000,
];

/// One random mutation of `b`: flip bits, set bytes, write an interesting value (1, 2, 4 or 8 bytes), cut,
/// duplicate a block, or insert bytes.
fn mutate(rng: &mut Rng, b: &mut Vec<u8>) {
    if b.is_empty() {
        b.push(rng.next() as u8);
        return;
    }
    match rng.below(7) {
        0 => {
            for _ in 0..1 + rng.below(8) {
                let i = rng.below(b.len());
                b[i] ^= 1 << rng.below(8);
            }
        }
        1 => {
            let i = rng.below(b.len());
            b[i] = rng.next() as u8;
        }
        2 => {
            let v = INTERESTING[rng.below(INTERESTING.len())];
            let w = [1usize, 2, 4, 8][rng.below(4)];
            let i = rng.below(b.len());
            let n = w.min(b.len() - i);
            b[i..i + n].copy_from_slice(&v.to_le_bytes()[..n]);
        }
        3 => {
            let n = rng.below(b.len());
            b.truncate(n);
        }
        4 => {
            let i = rng.below(b.len());
            let n = rng.below(64).min(b.len() - i);
            let chunk = b[i..i + n].to_vec();
            let j = rng.below(b.len());
            b.splice(j..j, chunk);
        }
        5 => {
            let i = rng.below(b.len());
            let n = 1 + rng.below(16);
            let ins: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
            b.splice(i..i, ins);
        }
        _ => {
            // header-focused: the ELF and program/section header fields sit in the first 64 bytes
            let i = rng.below(b.len().min(64));
            let v = INTERESTING[rng.below(INTERESTING.len())];
            let n = 8.min(b.len() - i);
            b[i..i + n].copy_from_slice(&v.to_le_bytes()[..n]);
        }
    }
}

/// Everything a command does with a code object: parse, kernels and their ABI, segments, text, DWARF.
fn exercise_code_object(bytes: Vec<u8>) {
    let Ok(co) = CodeObject::parse(bytes) else {
        return;
    };
    let _ = co.text();
    let _ = co.load_segments();
    let _ = co.functions().len();
    let names: Vec<String> = co.kernels().iter().map(|k| k.name.clone()).collect();
    for n in &names {
        if let Ok(abi) = wavescope::kernel_abi::kernel_abi(&co, n) {
            let _ = abi.args.len();
        }
    }
    if let Ok(di) = DebugInfo::from_elf(co.bytes()) {
        let (base, text) = co.text();
        for pc in (base..base + text.len() as u64).step_by(64).take(64) {
            let _ = di.source_loc(pc);
        }
    }
}

#[test]
fn mutated_code_objects_never_panic() {
    let fixtures = [
        "examples/polybench_gemm_64/kernel.hsaco",
        "examples/rodinia_bfs/kernel.hsaco",
        "tests/fixtures/extra_kernels_r2/r2_kernarg_struct/kernel.hsaco",
        "examples/triton_softmax/kernel.hsaco",
    ];
    const ITERATIONS: usize = 1500;
    let t0 = std::time::Instant::now();
    let mut loaded = 0;
    for (f, path) in fixtures.iter().enumerate() {
        let original = std::fs::read(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
        let seed = 0xC0DE_0B1E_u64 ^ (f as u64) << 32;
        let mut rng = Rng(seed);
        for it in 0..ITERATIONS {
            let mut b = original.clone();
            for _ in 0..1 + rng.below(4) {
                mutate(&mut rng, &mut b);
            }
            if CodeObject::parse(b.clone()).is_ok() {
                loaded += 1;
            }
            let r = catch_unwind(AssertUnwindSafe(|| exercise_code_object(b)));
            assert!(
                r.is_ok(),
                "{path}: mutation {it} of seed {seed:#x} panicked the loader"
            );
        }
    }
    eprintln!(
        "{} mutated code objects ({loaded} still loaded) in {:.1} s",
        fixtures.len() * ITERATIONS,
        t0.elapsed().as_secs_f64()
    );
}

/// Mutations that keep the JSON valid but change one value to something hostile.
fn mutate_json(rng: &mut Rng, v: &mut serde_json::Value) {
    use serde_json::{json, Value};
    let hostile = |rng: &mut Rng| -> Value {
        match rng.below(14) {
            0 => json!(u64::MAX),
            1 => json!(-1),
            2 => json!(1e300),
            3 => json!("x"),
            4 => json!(null),
            5 => json!([]),
            6 => json!({}),
            7 => json!(1u64 << 62),
            8 => json!(0),
            9 => json!(1.5),
            10 => json!([u32::MAX, u32::MAX, u32::MAX]),
            11 => json!("/dev/zero"),
            12 => json!("0x100000001000"),
            _ => json!(true),
        }
    };
    // pick a random node (a path of keys/indices chosen while reading), then replace or remove it, or add a key
    enum Step {
        Key(String),
        Index(usize),
    }
    let mut path = Vec::new();
    {
        let mut node: &Value = v;
        for _ in 0..1 + rng.below(3) {
            let next = match node {
                Value::Object(m) if !m.is_empty() => {
                    let k = m.keys().nth(rng.below(m.len())).unwrap().clone();
                    let n = &m[&k];
                    Some((Step::Key(k), n))
                }
                Value::Array(a) if !a.is_empty() => {
                    let i = rng.below(a.len());
                    Some((Step::Index(i), &a[i]))
                }
                _ => None,
            };
            match next {
                Some((step, n)) if rng.below(3) != 0 => {
                    path.push(step);
                    node = n;
                }
                _ => break,
            }
        }
    }
    let mut node: &mut Value = v;
    for step in &path {
        node = match step {
            Step::Key(k) => node.get_mut(k.as_str()).unwrap(),
            Step::Index(i) => node.get_mut(*i).unwrap(),
        };
    }
    let remove = rng.below(3) == 0;
    let add = rng.below(2) == 0;
    match node {
        Value::Object(m) if remove && !m.is_empty() => {
            let k = m.keys().nth(rng.below(m.len())).unwrap().clone();
            m.remove(&k);
        }
        Value::Object(m) if add => {
            let keys = [
                "count", "address", "fill", "file", "dtype", "value", "kind", "bytes",
            ];
            m.insert(keys[rng.below(keys.len())].to_string(), hostile(rng));
        }
        n => *n = hostile(rng),
    }
}

#[test]
fn mutated_manifests_never_panic() {
    // A small limit: a fuzzed count must not make this test allocate gigabytes.
    wavescope::manifest::set_memory_limit(64 << 20);
    let cases = [
        "examples/polybench_gemm_64",
        "examples/rodinia_bfs",
        "tests/fixtures/extra_kernels_r2/r2_kernarg_struct",
        "tests/fixtures/extra_kernels_r2/r2_dyn_lds",
    ];
    const JSON_ITERATIONS: usize = 600;
    const TEXT_ITERATIONS: usize = 600;
    let t0 = std::time::Instant::now();
    let scratch =
        std::env::temp_dir().join(format!("wavescope-fuzz-manifest-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let (mut loaded, mut total) = (0, 0);
    for (c, dir) in cases.iter().enumerate() {
        let dir = root().join(dir);
        let text = std::fs::read_to_string(dir.join("case.json")).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let seed = 0x3A41_FE57_u64 ^ (c as u64) << 40;
        let mut rng = Rng(seed);
        // the manifest sits beside the example's files so relative names resolve
        let file = dir.join("case.json");
        for it in 0..JSON_ITERATIONS {
            let mut v = value.clone();
            for _ in 0..1 + rng.below(3) {
                mutate_json(&mut rng, &mut v);
            }
            total += 1;
            let r = catch_unwind(AssertUnwindSafe(|| {
                if let Ok(m) = Manifest::from_value(&v, &file) {
                    // and the launch setup, through a manifest file in scratch that names the example's files
                    let _ = m.check_expected_files();
                    let p = scratch.join("case.json");
                    std::fs::write(&p, absolutize(&v, &dir)).unwrap();
                    Session::load(&p, &RunOptions::default()).is_ok()
                } else {
                    false
                }
            }));
            match r {
                Ok(ok) => loaded += ok as usize,
                Err(_) => panic!(
                    "{}: JSON mutation {it} of seed {seed:#x} panicked",
                    dir.display()
                ),
            }
        }
        for it in 0..TEXT_ITERATIONS {
            let mut b = text.clone().into_bytes();
            for _ in 0..1 + rng.below(3) {
                mutate(&mut rng, &mut b);
            }
            total += 1;
            let p = scratch.join("case.json");
            std::fs::write(&p, &b).unwrap();
            let r = catch_unwind(AssertUnwindSafe(|| Manifest::load(&p).is_ok()));
            assert!(
                r.is_ok(),
                "{}: text mutation {it} of seed {seed:#x} panicked",
                dir.display()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!(
        "{total} mutated manifests ({loaded} still launched) in {:.1} s",
        t0.elapsed().as_secs_f64()
    );
}

/// The manifest with its relative file names made absolute (resolved in `dir`).
fn absolutize(v: &serde_json::Value, dir: &Path) -> String {
    let mut v = v.clone();
    let fix = |x: &mut serde_json::Value| {
        if let Some(s) = x.as_str() {
            *x = serde_json::Value::String(dir.join(s).display().to_string());
        }
    };
    if let Some(o) = v.as_object_mut() {
        match o.get_mut("code_object") {
            Some(x) => fix(x),
            None => {
                o.insert(
                    "code_object".into(),
                    dir.join("kernel.hsaco").display().to_string().into(),
                );
            }
        }
        for key in ["args", "outputs"] {
            if let Some(a) = o.get_mut(key).and_then(|a| a.as_array_mut()) {
                for e in a {
                    if let Some(f) = e.get_mut("file") {
                        fix(f);
                    }
                }
            }
        }
    }
    v.to_string()
}
