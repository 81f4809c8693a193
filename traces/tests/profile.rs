//! The profile (`wavescope_traces::profile`) against facts from outside it: hand-worked cycles from the documented
//! model parameters (src/observers/timing/cdna4.toml: issue/VALU 4, global load 600, store 400, LDS 64, SMEM 200) on the
//! llvm-mc fixture tests/fixtures/profile/profile.s (PCs from its llvm-objdump listing profile.lst), the
//! executor's own instruction counts, the timing report's stall totals, and on example kernels the
//! llvm-objdump (kernel.objdump.txt) and llvm-symbolizer --inlining (kernel.symbolizer.txt) listings.

mod common;

use common::{example, objdump_text};
use std::collections::HashMap;
use std::sync::Arc;
use wavescope::exec::observe::Observer;
use wavescope::exec::{
    Apertures, Ctx, Flow, GlobalMemory, Program, Region, RegionKind, Wave, WaveId,
};
use wavescope::launch::RunOptions;
use wavescope::observers::timing::{CycleModel, TimingObserver, TimingReport, TimingTable};
use wavescope::session::Session;
use wavescope_traces::profile::{Counts, Profile, ProfileSink, ProfiledRun};

const BASE: u64 = 0x1000_0000;

fn fixture() -> Program {
    let bytes = std::fs::read(format!(
        "{}/tests/fixtures/profile/profile.bin",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    Program::new(&bytes, 0)
}

/// One wave from `start` to `s_endpgm` under the default model, feeding a `ProfileSink`.
fn run_one(p: &Program, start: u64) -> (Profile, TimingReport) {
    let mut mem = GlobalMemory::new();
    mem.map(Region::new(
        BASE,
        &[0u8; 64],
        64,
        "test buffer",
        RegionKind::Other,
        true,
    ))
    .unwrap();
    let mut lds = vec![0u8; 65536];
    let mut wave = Wave::new(WaveId::default());
    wave.pc = start;
    wave.set_exec(u64::MAX);
    for l in 0..64 {
        wave.vreg[0][l] = BASE as u32;
        wave.vreg[1][l] = (BASE >> 32) as u32;
        wave.vreg[6][l] = 0;
    }
    let table = Arc::new(TimingTable::new(p, CycleModel::default(), 0));
    let mut obs = TimingObserver::with_sink(table, ProfileSink::new(p));
    obs.wave_start(&wave);
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    for _ in 0..1000 {
        let pc = wave.pc;
        let i = p.index_of(pc).unwrap();
        let inst = p.insts[i];
        obs.before(&wave, i, &inst);
        let flow = p.step(&mut wave, &mut ctx).expect("no fault");
        obs.after(&wave, i, &inst, pc, flow);
        if flow == Flow::End {
            obs.wave_end(&wave);
            let counts = obs.sink.take_counts();
            let report = TimingObserver::merge(vec![obs]);
            return (Profile::build(p, None, [counts], None), report);
        }
    }
    panic!("no s_endpgm");
}

fn at(p: &Profile, pc: u64) -> Counts {
    p.inst(pc)
        .unwrap_or_else(|| panic!("0x{pc:x} not executed"))
        .counts
}

#[test]
fn one_load_exposes_latency_minus_the_work_before_its_wait() {
    let (p, r) = run_one(&fixture(), 0x0);
    // profile.lst: 0x0 global_load_dword, 0x8 v_add, 0xc v_mul, 0x10 s_waitcnt vmcnt(0), 0x14 v_add, 0x18 s_endpgm
    let load = at(&p, 0x0);
    assert_eq!(load.latency, 600);
    // the load's own issue and two VALU (3 x 4 cycles) before the wait: hidden 12, exposed 600 - 12
    assert_eq!(load.hidden(), 12);
    assert_eq!(load.exposed_waitcnt, 588);
    let wait = at(&p, 0x10);
    assert_eq!(wait.waitcnt_vmcnt, 588);
    assert_eq!(wait.waitcnt_lgkmcnt, 0);
    assert_eq!(wait.issue_cycles, 4);
    assert_eq!(r.waitcnt_stall_cycles, 588);
    // six instructions once each; every issue 4 cycles; the whole wave = 6 x 4 + 588
    assert_eq!(p.totals.executions, 6);
    assert_eq!(p.totals.issue_cycles, 24);
    assert_eq!(p.totals.cost(), 24 + 588);
    assert_eq!(p.insts.len(), 6);
    assert!(p.insts.iter().all(|i| i.memory == (i.pc == 0x0)));
    // the most costly instruction is the wait
    assert_eq!(p.top_insts(1)[0].pc, 0x10);
}

#[test]
fn lgkmcnt_and_vmcnt_waits_expose_their_own_operations() {
    let (p, r) = run_one(&fixture(), 0x1c);
    // 0x1c load issues 0..4 (done 600), 0x24 ds_read 4..8 (done 68), 0x2c lgkmcnt(0) at 8 stalls 60 and
    // issues 68..72, 0x30 vmcnt(0) at 72 stalls 528
    let (load, ds) = (at(&p, 0x1c), at(&p, 0x24));
    assert_eq!((ds.latency, ds.exposed_waitcnt, ds.hidden()), (64, 60, 4));
    assert_eq!(
        (load.latency, load.exposed_waitcnt, load.hidden()),
        (600, 528, 72)
    );
    let (w1, w2) = (at(&p, 0x2c), at(&p, 0x30));
    assert_eq!((w1.waitcnt_lgkmcnt, w1.waitcnt_vmcnt), (60, 0));
    assert_eq!((w2.waitcnt_lgkmcnt, w2.waitcnt_vmcnt), (0, 528));
    assert_eq!(r.waitcnt_stall_cycles, 588);
}

#[test]
fn a_store_in_flight_at_the_end_is_all_hidden() {
    let (p, _) = run_one(&fixture(), 0x38);
    let st = at(&p, 0x38);
    assert_eq!((st.latency, st.exposed(), st.hidden()), (400, 0, 400));
    assert_eq!(p.totals.stall_cycles(), 0);
}

#[test]
fn a_full_vmcnt_holds_the_64th_load_and_exposes_the_oldest() {
    let (p, r) = run_one(&fixture(), 0x44);
    // profile.lst: load k at 0x44 + 8k issues at 4k (done 4k + 600); load 63 (0x23c) arrives at 252 with 63
    // outstanding (vmcnt max 63) and is held until load 0 completes at 600: 348 counter-full cycles, exposed
    // on load 0 (hidden 252)
    let (first, held) = (at(&p, 0x44), at(&p, 0x23c));
    assert_eq!(held.counter_full, 348);
    assert_eq!(r.counter_full_cycles, 348);
    assert_eq!((first.exposed_counter_full, first.hidden()), (348, 252));
    // load 63 issues at 600 (done 1200), s_waitcnt vmcnt(0) at 604 waits 596: 4 for each of loads 2..62
    // (done 608..848) and 352 for load 63; load 1 was done at 604
    let wait = at(&p, 0x244);
    assert_eq!(wait.waitcnt_vmcnt, 596);
    assert_eq!(r.waitcnt_stall_cycles, 596);
    assert_eq!(
        (held.latency, held.exposed_waitcnt, held.hidden()),
        (600, 352, 248)
    );
    assert_eq!(at(&p, 0x4c).exposed(), 0);
    for k in 2..63u64 {
        assert_eq!(at(&p, 0x44 + 8 * k).exposed_waitcnt, 4, "load {k}");
    }
    assert_eq!(p.totals.latency, 64 * 600);
}

// ---- example kernels -------------------------------------------------------------------------------------

fn profiled(name: &str, jobs: usize) -> (Session, ProfiledRun) {
    let opts = RunOptions {
        jobs,
        ..RunOptions::default()
    };
    let s = Session::load(&example(name), &opts).expect("load example");
    // the accounting is checked under the fixed `[memory]` latencies (hand-worked below)
    let model = wavescope::observers::timing::CycleModel {
        memory_system: None,
        ..wavescope::observers::timing::CycleModel::default()
    };
    let config = wavescope::pipeline::RunConfig {
        cycle_model: Some(model),
        ..wavescope::pipeline::RunConfig::full(opts)
    };
    let r = wavescope_traces::profile::run_profiled(&s, &config);
    assert!(r.run.fault.is_none(), "{name} faulted: {:?}", r.run.fault);
    (s, r)
}

/// Invariants that tie the profile to the executor's counts and the timing report.
fn check_sums(s: &Session, r: &ProfiledRun) {
    let p = &r.profile;
    let timing = r.run.timing.as_ref().expect("cycle model on");
    let t = &p.totals;
    // every wave-instruction the executor ran is in the profile, at its PC
    assert_eq!(t.executions, r.run.stats.wave_instructions);
    for i in &p.insts {
        assert_eq!(
            i.counts.executions, r.run.stats.exec_counts[i.index],
            "0x{:x}",
            i.pc
        );
    }
    let executed = r.run.stats.exec_counts.iter().filter(|&&c| c > 0).count();
    assert_eq!(p.insts.len(), executed);
    // the stall totals are the timing report's
    assert_eq!(t.waitcnt(), timing.waitcnt_stall_cycles);
    assert_eq!(t.exposed_waitcnt, timing.waitcnt_stall_cycles);
    assert_eq!(t.counter_full, timing.counter_full_cycles);
    assert_eq!(t.exposed_counter_full, timing.counter_full_cycles);
    assert_eq!(t.barrier, timing.barrier_cycles);
    assert_eq!(t.mfma_busy, timing.mfma_busy_cycles);
    // each s_waitcnt's stall equals the report's figure for that PC
    for w in &timing.waitcnt_stalls {
        assert_eq!(
            p.inst(w.pc).unwrap().counts.waitcnt(),
            w.cycles,
            "0x{:x}",
            w.pc
        );
    }
    // lines partition the instructions
    let mut sum = Counts::default();
    let mut pcs = 0;
    for l in &p.lines {
        let mut ls = Counts::default();
        for pc in &l.pcs {
            ls.add(&p.inst(*pc).unwrap().counts);
        }
        assert_eq!(ls, l.counts, "{}", l.label());
        sum.add(&l.counts);
        pcs += l.pcs.len();
    }
    assert_eq!(&sum, t);
    assert_eq!(pcs, p.insts.len());
    // hidden + exposed = latency; only memory instructions have one
    let listing = example_path(s, "kernel.objdump.txt");
    for i in &p.insts {
        let c = &i.counts;
        assert!(c.exposed() <= c.latency, "0x{:x}", i.pc);
        assert_eq!(c.hidden() + c.exposed(), c.latency);
        if !i.memory {
            assert_eq!(c.latency + c.exposed(), 0, "0x{:x} {}", i.pc, i.text);
        }
        // the text is llvm-objdump's
        assert_eq!(i.text, objdump_text(&listing, i.pc), "0x{:x}", i.pc);
    }
}

fn example_path(s: &Session, file: &str) -> std::path::PathBuf {
    s.manifest.code_object.parent().unwrap().join(file)
}

/// llvm-symbolizer --inlining --print-address blocks: PC -> [(function, file:line:column)], as the profile shows
/// them: paths without `.` components (`./kernel.cl` is `kernel.cl`) and clang's OpenCL kernel stub folded
/// into the kernel (`[.., __clang_ocl_kern_imp_K at L, K at D]` ends `[.., K at L]`).
fn symbolizer(path: &std::path::Path) -> HashMap<u64, Vec<(String, String)>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut m = HashMap::new();
    for block in text.split("\n\n") {
        let mut lines = block.lines().filter(|l| !l.is_empty());
        let Some(pc) = lines.next() else { continue };
        let pc = u64::from_str_radix(pc.trim_start_matches("0x"), 16).unwrap();
        let rest: Vec<&str> = lines.collect();
        let norm = |loc: &str| -> String {
            let mut parts = loc.rsplitn(3, ':');
            match (parts.next(), parts.next(), parts.next()) {
                (Some(c), Some(l), Some(f)) if f != "??" => {
                    format!("{}:{l}:{c}", wavescope::debug_info::normalize_path(f))
                }
                _ => loc.to_string(),
            }
        };
        let mut frames: Vec<(String, String)> = rest
            .chunks(2)
            .map(|c| (c[0].to_string(), norm(c.get(1).unwrap_or(&""))))
            .collect();
        let n = frames.len();
        if n >= 2
            && frames[n - 2].0.strip_prefix("__clang_ocl_kern_imp_")
                == Some(frames[n - 1].0.as_str())
        {
            let entry = frames.pop().unwrap();
            frames[n - 2].0 = entry.0;
        }
        m.insert(pc, frames);
    }
    m
}

fn check_symbolizer(s: &Session, p: &Profile) {
    let sym = symbolizer(&example_path(s, "kernel.symbolizer.txt"));
    let mut checked = 0;
    for i in &p.insts {
        let Some(want) = sym.get(&i.pc) else { continue };
        let got: Vec<(String, String)> = i
            .frames
            .iter()
            .map(|f| {
                (
                    f.function.clone(),
                    format!("{}:{}:{}", f.file, f.line, f.column),
                )
            })
            .collect();
        assert_eq!(&got, want, "0x{:x}", i.pc);
        checked += 1;
    }
    assert_eq!(
        checked,
        p.insts.len(),
        "every executed PC is in the listing"
    );
}

#[test]
fn gemm_sums_lines_latencies_and_symbolizer_chains() {
    let (s, r) = profiled("polybench_gemm_64", 1);
    check_sums(&s, &r);
    check_symbolizer(&s, &r.profile);
    let p = &r.profile;
    // every global load takes the documented 600 cycles (loads are the slowest VMEM class, so no in-order wait
    // lengthens them), every s_load 200
    let mut loads = 0;
    for i in &p.insts {
        if i.text.starts_with("global_load") {
            assert_eq!(i.counts.latency, 600 * i.counts.executions, "0x{:x}", i.pc);
            loads += 1;
        }
        if i.text.starts_with("s_load") {
            assert_eq!(i.counts.latency, 200 * i.counts.executions, "0x{:x}", i.pc);
        }
    }
    assert!(loads >= 2);
    // the inner loop's line (kernel.cl:32, `c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj +j];`) is reached
    // through the inlined kernel body (llvm-symbolizer: kernel.cl:32 in __clang_ocl_kern_imp_gemm, inlined into
    // gemm at kernel.cl:22, the declaration): shown as the user wrote it, without the stub's call site
    let top = p.top_lines(1)[0];
    assert_eq!(top.label(), "kernel.cl:32", "{}", top.label());
    for l in &p.lines {
        let label = l.label();
        assert!(
            !label.contains("<- kernel.cl:22") && !label.contains("./"),
            "{label}"
        );
    }
    assert!(top.counts.exposed() > 0);
    // gemm has no hazards (tests/hazards_corpus.rs)
    assert_eq!((p.hazards, p.missing_waits), (0, 0));
}

#[test]
fn backprop_lds_and_barriers() {
    let (s, r) = profiled("rodinia_backprop", 1);
    check_sums(&s, &r);
    check_symbolizer(&s, &r.profile);
    let p = &r.profile;
    assert!(p.totals.barrier > 0);
    let barriers: Vec<_> = p.insts.iter().filter(|i| i.counts.barrier > 0).collect();
    assert!(!barriers.is_empty());
    assert!(barriers.iter().all(|i| i.text == "s_barrier"));
    // every LDS access takes the documented 64 cycles (one latency class, completes in order)
    let mut ds = 0;
    for i in &p.insts {
        if i.text.starts_with("ds_") {
            assert_eq!(i.counts.latency, 64 * i.counts.executions, "0x{:x}", i.pc);
            ds += 1;
        }
    }
    assert!(ds > 0);
}

#[test]
fn threads_give_the_same_profile() {
    let (_, a) = profiled("rodinia_pathfinder", 1);
    let (s, b) = profiled("rodinia_pathfinder", 2);
    check_sums(&s, &b);
    assert_eq!(a.profile.totals, b.profile.totals);
    for (x, y) in a.profile.insts.iter().zip(&b.profile.insts) {
        assert_eq!((x.pc, x.counts), (y.pc, y.counts));
    }
}

/// Every example kernel (but the 4096-wave benchmark): the sums and the llvm-symbolizer inline chains.
#[test]
fn every_example_sums_and_matches_the_symbolizer() {
    let dir = example("");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("case.json").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "polybench_gemm_512")
        .collect();
    names.sort();
    assert!(names.len() >= 15, "{names:?}");
    for name in names {
        let (s, r) = profiled(&name, 1);
        check_sums(&s, &r);
        // Triton's objects have line tables but no subprogram DIEs: llvm-symbolizer names the function from the
        // ELF symbol, the profile shows `??` (known gap, session 4 note); their lines are checked by the
        // profile test in cli/tests/triton.rs.
        if name.starts_with("triton_") {
            continue;
        }
        check_symbolizer(&s, &r.profile);
    }
}
