//! Barrier sweep (issue 18): for corpus kernels that use LDS and `s_barrier`, remove each executed barrier in
//! turn (patch it to `s_nop 0` in a copy of the code object's `.text`) and compare the race checker's LDS
//! findings with an independent model written here, in both directions (a missed pair and an unexpected pair
//! both fail).
//!
//! The model is a separate `Observer` that does not use `src/observers/races`: it records every DS access of every lane
//! (bytes, read / write / atomic) with its work-group's barrier epoch (the number of `s_barrier` releases the
//! group has seen), then computes the racing instruction pairs from the rules docs/races.md states:
//! two accesses race when they come from different waves of one work-group, in the same epoch (no release
//! between them), share a byte, and
//! - both write and not both are atomic, or
//! - one reads and the other writes with a plain (non-atomic) write (a read never races with an atomic write:
//!   a CAS loop starts with a plain load).
//!
//! The checker keeps, per byte, the last write and the last two reading waves (docs/races.md, "shadow memory"),
//! so it names one earlier access per conflict, not every one. The comparison is therefore:
//! - unexpected: every (first PC, second PC) the checker reports must be a racing pair of the model;
//! - missed: every PC the model has in a racing pair must appear in some checker finding, and every racing
//!   pair of the model whose later access conflicts with only that one earlier instruction must be reported.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::PathBuf;
use wavescope::engine::run_observed;
use wavescope::exec::observe::Observer;
use wavescope::exec::{Program, Wave};
use wavescope::isa::{Format, Inst};
use wavescope::launch::RunOptions;
use wavescope::observers::races::{RaceChecker, RaceFindings, RaceKind, RaceOptions, RaceTable};
use wavescope::session::Session;

const S_BARRIER: u32 = 0xbf8a_0000;
const S_NOP_0: u32 = 0xbf80_0000;

/// One DS access of one lane: bytes [lo, hi), with the work-group's epoch when it ran.
#[derive(Clone, Copy)]
struct Access {
    group: u32,
    epoch: u32,
    wave: u32,
    idx: u32,
    lo: u32,
    hi: u32,
    read: bool,
    write: bool,
    atomic: bool,
}

/// What a DS instruction does, from its name (the ISA guide's DS opcode table): (bytes per address, addresses
/// (1 or 2), read, write, atomic, offset scale for two-address forms); None for DS ops that touch no LDS bytes.
fn ds_shape(name: &str) -> Option<(u32, u32, bool, bool, bool, u32)> {
    let op = name.strip_prefix("ds_").unwrap();
    let skip = [
        "nop", "swizzle", "permute", "bpermute", "append", "consume", "gws",
    ];
    if skip.iter().any(|s| op.starts_with(s)) || op.contains("addtid") {
        return None;
    }
    let width = |s: &str| -> u32 {
        for (k, n) in [
            ("b128", 16),
            ("b96", 12),
            ("b64", 8),
            ("u64", 8),
            ("i64", 8),
            ("f64", 8),
            ("b32", 4),
            ("u32", 4),
            ("i32", 4),
            ("f32", 4),
            ("u16", 2),
            ("i16", 2),
            ("b16", 2),
            ("u8", 1),
            ("i8", 1),
            ("b8", 1),
            // ds_pk_add_f16 / ds_pk_add_bf16: one packed dword
            ("pk_add", 4),
        ] {
            if s.contains(k) {
                return n;
            }
        }
        panic!("model: no width in {name}")
    };
    for (p, read, write) in [
        ("read2st64_", true, false),
        ("read2_", true, false),
        ("write2st64_", false, true),
        ("write2_", false, true),
        ("wrxchg2st64_rtn_", true, true),
        ("wrxchg2_rtn_", true, true),
    ] {
        if let Some(r) = op.strip_prefix(p) {
            let w = width(r);
            let scale = if p.contains("st64") { 64 * w } else { w };
            return Some((w, 2, read, write, false, scale));
        }
    }
    if let Some(r) = op.strip_prefix("read_") {
        return Some((width(r), 1, true, false, false, 1));
    }
    if let Some(r) = op.strip_prefix("write_") {
        return Some((width(r), 1, false, true, false, 1));
    }
    // every other DS op with an address is an atomic read-modify-write
    Some((width(op), 1, true, true, true, 1))
}

#[derive(Default)]
struct Model {
    /// Releases seen per work-group (flat id).
    epoch: HashMap<u32, u32>,
    acc: Vec<Access>,
    /// Instruction indices of executed `s_barrier`s.
    barriers: BTreeSet<u32>,
    /// A DS op the model does not handle (the kernel is then not swept).
    unknown: Option<String>,
}

impl Observer for Model {
    fn before(&mut self, wave: &Wave, idx: usize, inst: &Inst) {
        let name = inst.name();
        if name == "s_barrier" {
            self.barriers.insert(idx as u32);
            return;
        }
        if inst.format != Format::Ds {
            // LDS reached any other way (flat aperture, LDS DMA) is outside this model
            if inst.mem & wavescope::isa::mem_flags::LDS != 0 || name.contains("load_lds") {
                self.unknown = Some(name.to_string());
            }
            return;
        }
        let Some((w, naddr, read, write, atomic, scale)) = ds_shape(name) else {
            return;
        };
        let group = wave.id.work_group_flat;
        let epoch = *self.epoch.get(&group).unwrap_or(&0);
        // ADDR is a VGPR operand (256 + n); offsets: OFFSET0/OFFSET1 bytes of the instruction (one 16-bit
        // offset for single-address forms)
        let addr_reg = (inst.src[0].0 - 256) as usize;
        let offs: Vec<u32> = if naddr == 1 {
            vec![inst.imm as u32 & 0xffff]
        } else {
            vec![
                (inst.imm as u32 & 0xff) * scale,
                (inst.imm as u32 >> 8 & 0xff) * scale,
            ]
        };
        let exec = wave.exec();
        for lane in 0..64 {
            if exec >> lane & 1 == 0 {
                continue;
            }
            let a = wave.vreg[addr_reg][lane];
            for o in &offs {
                let lo = a.wrapping_add(*o);
                self.acc.push(Access {
                    group,
                    epoch,
                    wave: wave.id.wave,
                    idx: idx as u32,
                    lo,
                    hi: lo + w,
                    read,
                    write,
                    atomic,
                });
            }
        }
    }
    fn barrier_release(&mut self, work_group_flat: u32) {
        *self.epoch.entry(work_group_flat).or_default() += 1;
    }
}

/// Racing instruction pairs (first idx, second idx in execution order) and, per later access, how many distinct
/// earlier instructions it races with.
fn model_pairs(acc: &[Access]) -> (HashSet<(u32, u32)>, HashSet<(u32, u32)>) {
    let races = |a: &Access, b: &Access| {
        (a.write && b.write && !(a.atomic && b.atomic))
            || (a.read && b.write && !b.atomic)
            || (a.write && !a.atomic && b.read)
    };
    // per (group, epoch, byte): the accesses in execution order (deduplicated by wave, idx, kind)
    let mut by_byte: HashMap<(u32, u32, u32), Vec<usize>> = HashMap::new();
    for (i, a) in acc.iter().enumerate() {
        for b in a.lo..a.hi {
            let v = by_byte.entry((a.group, a.epoch, b)).or_default();
            if !v.iter().any(|&j| {
                let o = &acc[j];
                o.wave == a.wave && o.idx == a.idx
            }) {
                v.push(i);
            }
        }
    }
    let mut pairs = HashSet::new();
    let mut sole = HashSet::new();
    for v in by_byte.values() {
        for (k, &j) in v.iter().enumerate() {
            let b = &acc[j];
            let mut with: HashSet<u32> = HashSet::new();
            for &i in &v[..k] {
                let a = &acc[i];
                if a.wave != b.wave && races(a, b) {
                    pairs.insert((a.idx, b.idx));
                    with.insert(a.idx);
                }
            }
            if with.len() == 1 {
                sole.insert((*with.iter().next().unwrap(), b.idx));
            }
        }
    }
    (pairs, sole)
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Run `case` (first work-group only) with `patched` barriers turned into `s_nop 0`; the model and the checker
/// observe the same execution.
fn run_one(case: &str, patch: Option<u32>) -> (Model, RaceFindings, Vec<u64>) {
    let opts = RunOptions {
        max_instructions: 20_000_000,
        jobs: 1,
        ..RunOptions::default()
    };
    let mut s = Session::load(&root().join(case), &opts).unwrap();
    let d = &mut s.dispatch;
    // one work-group is enough for LDS races (they never cross work-groups) and keeps the sweep short
    d.grid = d.block;
    if let Some(i) = patch {
        let p = &d.program;
        let off = (p.pcs[i as usize] - p.base) as usize;
        let mut text = p.text.clone();
        assert_eq!(
            u32::from_le_bytes(text[off..off + 4].try_into().unwrap()),
            S_BARRIER,
            "{case}: instruction {i} is not s_barrier"
        );
        text[off..off + 4].copy_from_slice(&S_NOP_0.to_le_bytes());
        d.program = Program::new(&text, p.base);
    }
    let d = &s.dispatch;
    let rt = RaceTable::new(d);
    let ropts = RaceOptions::new(true, false);
    let (_stats, fault, obs) = run_observed(d, &opts, || {
        (RaceChecker::new(&rt, &d.mem, ropts), Model::default())
    });
    let mut model = Model::default();
    let mut checkers = Vec::new();
    for (c, m) in obs {
        checkers.push(c);
        model.acc.extend(m.acc);
        model.barriers.extend(m.barriers);
        model.unknown = model.unknown.or(m.unknown);
    }
    let f = RaceFindings::merge(checkers, fault.as_ref(), ropts);
    (model, f, d.program.pcs.clone())
}

#[derive(Default)]
struct Tally {
    kernels: usize,
    patched: usize,
    expected: usize,
    found: usize,
}

/// Compare one run; returns the mismatch lines.
fn compare(label: &str, m: &Model, f: &RaceFindings, pcs: &[u64], t: &mut Tally) -> Vec<String> {
    let (pairs, sole) = model_pairs(&m.acc);
    let got: HashSet<(u32, u32)> = f
        .raw
        .iter()
        .filter(|r| r.kind == RaceKind::Lds)
        .map(|r| (r.first_idx, r.second_idx))
        .collect();
    t.expected += pairs.len();
    t.found += got.len();
    let pc = |i: u32| pcs[i as usize];
    let mut bad = Vec::new();
    for &(a, b) in &got {
        if !pairs.contains(&(a, b)) {
            bad.push(format!(
                "{label}: unexpected race 0x{:x} -> 0x{:x}",
                pc(a),
                pc(b)
            ));
        }
    }
    let named: HashSet<u32> = got.iter().flat_map(|&(a, b)| [a, b]).collect();
    for &(a, b) in &pairs {
        if !named.contains(&a) || !named.contains(&b) {
            bad.push(format!(
                "{label}: missed race 0x{:x} -> 0x{:x} (a PC in no finding)",
                pc(a),
                pc(b)
            ));
        } else if sole.contains(&(a, b)) && !got.contains(&(a, b)) {
            bad.push(format!(
                "{label}: missed race 0x{:x} -> 0x{:x} (its only conflict)",
                pc(a),
                pc(b)
            ));
        }
    }
    bad
}

#[test]
fn removing_each_barrier_matches_the_model() {
    let cases = [
        "examples/rodinia_backprop",
        "examples/rodinia_pathfinder",
        "examples/triton_softmax",
        "examples/migraphx_dpp_reduce",
        "tests/fixtures/extra_kernels/rd_hotspot",
        "tests/fixtures/extra_kernels_hip/hip_radix_sort",
        "tests/fixtures/extra_kernels_hip/hip_softmax",
        "tests/fixtures/extra_kernels_r2/r2_atomics",
        "tests/fixtures/extra_kernels_r2/r2_fuzzmem1",
        "examples/triton_matmul_f16",
        "tests/fixtures/extra_kernels/ocl_mem_atomics",
        "tests/fixtures/extra_kernels/rd_nw",
        "tests/fixtures/extra_kernels/rd_srad_reduce",
        "tests/fixtures/extra_kernels/rd_streamcluster",
        "tests/fixtures/extra_kernels_hip/hip_lds_block",
        "tests/fixtures/extra_kernels_hip/hip_fences",
        "tests/fixtures/extra_kernels_r2/r2_big_lds",
        "tests/fixtures/extra_kernels_r2/r2_ocl_mix",
        "tests/fixtures/extra_kernels_r2/r2_dyn_lds",
    ];
    let mut t = Tally::default();
    let mut bad = Vec::new();
    for case in cases {
        let (m, f, pcs) = run_one(case, None);
        assert!(
            m.unknown.is_none(),
            "{case}: LDS access outside the model: {:?}",
            m.unknown
        );
        assert!(!m.barriers.is_empty(), "{case}: no barrier executed");
        t.kernels += 1;
        bad.extend(compare(case, &m, &f, &pcs, &mut t));
        for &b in &m.barriers {
            t.patched += 1;
            let (m, f, pcs) = run_one(case, Some(b));
            let label = format!("{case} without s_barrier at 0x{:x}", pcs[b as usize]);
            bad.extend(compare(&label, &m, &f, &pcs, &mut t));
        }
    }
    println!(
        "barrier sweep: {} kernels, {} barriers patched, {} racing pairs expected by the model, {} reported",
        t.kernels, t.patched, t.expected, t.found
    );
    assert!(
        t.expected > 0,
        "no barrier removal made a race: the sweep tests nothing"
    );
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}
