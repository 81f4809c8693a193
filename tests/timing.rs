//! Cycle-model sanity (issue 5): a dependent chain of global loads costs about N x latency, independent loads
//! overlap, a VALU-only loop costs its passes, `s_waitcnt` stalls name the loads they waited for.
//! Expected cycles are worked by hand from the documented parameters of src/observers/timing/cdna4.toml (issue 4, VALU 4,
//! trans 16, SALU 4, global load 600, LDS 64, MFMA pass 4, s_sleep 64*N); PCs come from the llvm-objdump
//! listing tests/fixtures/timing/timing.lst (llvm-mc-22 -mcpu=gfx950 of timing.s).

mod common;

use common::{memory_with, program, wave_at};
use std::sync::Arc;
use wavescope::exec::observe::Observer;
use wavescope::exec::{Apertures, Ctx, Flow, Program};
use wavescope::observers::timing::{
    CycleModel, ModelError, StallReason, TimingObserver, TimingReport, TimingSink, TimingTable,
    CDNA4_TOML,
};

const BASE: u64 = 0x1000_0000;

#[derive(Default)]
struct Events {
    issues: Vec<(u64, u64, u64)>,
    stalls: Vec<(u64, u64, u64, StallReason, Vec<u64>)>,
}
impl TimingSink for Events {
    fn issue(&mut self, _wave: u32, pc: u64, start: u64, dur: u64) {
        self.issues.push((pc, start, dur));
    }
    fn stall(&mut self, _w: u32, pc: u64, start: u64, dur: u64, r: StallReason, waited: &[u64]) {
        self.stalls.push((pc, start, dur, r, waited.to_vec()));
    }
}

/// Run one wave from `start` to `s_endpgm` under the model; returns the merged report and the timeline.
fn run(p: &Program, model: CycleModel, start: u64) -> (TimingReport, Events) {
    // 64 bytes whose first qword is its own address: a pointer chase
    let mut bytes = vec![0u8; 64];
    bytes[..8].copy_from_slice(&BASE.to_le_bytes());
    let mem = memory_with(BASE, &bytes, 64);
    let mut lds = vec![0u8; 65536];
    let mut wave = wave_at(start);
    for l in 0..64 {
        wave.vreg[0][l] = BASE as u32;
        wave.vreg[1][l] = (BASE >> 32) as u32;
        wave.vreg[6][l] = 0;
    }
    // these cases check the fixed `[memory]` latencies; the memory system has its own tests
    // (src/observers/memsys, tests/memory_model.rs)
    let mut model = model;
    model.memory_system = None;
    let table = Arc::new(TimingTable::new(p, model, 0));
    let mut obs = TimingObserver::with_sink(table, Events::default());
    obs.wave_start(&wave);
    let mut ctx = Ctx {
        mem: &mem,
        lds: &mut lds,
        apertures: Apertures::default(),
    };
    for _ in 0..10_000 {
        let pc = wave.pc;
        let i = p.index_of(pc).unwrap();
        let inst = p.insts[i];
        obs.before(&wave, i, &inst);
        let flow = p.step(&mut wave, &mut ctx).expect("no fault");
        obs.after(&wave, i, &inst, pc, flow);
        if flow == Flow::End {
            obs.wave_end(&wave);
            let mut obs = obs;
            let events = std::mem::take(&mut obs.sink);
            return (TimingObserver::merge(vec![obs]), events);
        }
    }
    panic!("no s_endpgm");
}

fn fixture() -> Program {
    program("timing/timing.o")
}

#[test]
fn default_model_is_the_documented_toml() {
    assert_eq!(
        CycleModel::from_toml(CDNA4_TOML).unwrap(),
        CycleModel::default()
    );
}

#[test]
fn toml_overrides_and_errors() {
    let m = CycleModel::from_toml("[memory]\nglobal_load_latency = 1_000 # slower part\n").unwrap();
    assert_eq!(m.global_load_latency, 1000);
    assert_eq!(m.lds_latency, CycleModel::default().lds_latency);
    // any TOML spelling of a whole number: hex, a float without fraction, an inline table
    let m = CycleModel::from_toml("[memory]\nlds_latency = 0x40\nsmem_latency = 2e2\n").unwrap();
    assert_eq!((m.lds_latency, m.smem_latency), (64, 200));
    let m = CycleModel::from_toml("sync = { barrier_release_cycles = 32 }").unwrap();
    assert_eq!(m.barrier_release_cycles, 32);
    // a string in a TOML comment or value is TOML, not a syntax error of a line reader
    let e =
        CycleModel::from_toml("[memory] # \"cache\" figures\nlds_latency = \"fast\"").unwrap_err();
    assert!(e.to_string().contains("whole number"), "{e}");
    // sections are real: unknown keys, keys in the wrong section, keys outside a section, unknown sections
    for bad in [
        "[memory]\nno_such_key = 3",
        "[issue]\nlds_latency = 3",
        "lds_latency = 3",
        "[cache]\nl2_latency = 3",
        "[memory]\nlds_latency = -1",
        "[memory]\nlds_latency = 1.5",
        "[memory\n",
    ] {
        assert!(
            matches!(CycleModel::from_toml(bad), Err(ModelError::Syntax { .. })),
            "{bad}"
        );
    }
    let e = CycleModel::from_toml("[issue]\nlds_latency = 3").unwrap_err();
    assert!(e.to_string().contains("lds_latency"), "{e}");
    assert!(matches!(
        CycleModel::from_toml("[issue]\nissue_cycles = 0"),
        Err(ModelError::Zero("issue_cycles"))
    ));
}

#[test]
fn dependent_load_chain_costs_n_latencies() {
    let p = fixture();
    // each round: load issues (4), s_waitcnt waits to issue+600, then issues (4) -> 604; 4 rounds + s_endpgm 4
    let (r, ev) = run(&p, CycleModel::default(), 0x0);
    assert_eq!(r.cycles, 4 * 604 + 4);
    assert!(r.cycles >= 4 * 600 && r.cycles <= 4 * 600 + 64);
    assert_eq!(r.waitcnt_stall_cycles, 4 * 596);
    // with a slower memory the chain scales with the latency
    let slow = CycleModel::from_toml("[memory]\nglobal_load_latency = 1000").unwrap();
    let (r2, _) = run(&p, slow, 0x0);
    assert_eq!(r2.cycles, 4 * 1004 + 4);
    // each s_waitcnt (0x8, 0x14, 0x20, 0x2c) waited for the load just before it
    let waits: Vec<(u64, Vec<u64>)> = ev.stalls.iter().map(|s| (s.0, s.4.clone())).collect();
    assert_eq!(
        waits,
        vec![
            (0x8, vec![0x0]),
            (0x14, vec![0xc]),
            (0x20, vec![0x18]),
            (0x2c, vec![0x24])
        ]
    );
    assert!(ev
        .stalls
        .iter()
        .all(|s| s.3 == StallReason::Waitcnt { counters: 1 }));
}

#[test]
fn independent_loads_overlap() {
    let p = fixture();
    let (r, _) = run(&p, CycleModel::default(), 0x34);
    // loads issue at 0,4,8,12 and complete in order at 600..612; the wait ends at 612, +4, s_endpgm +4
    assert_eq!(r.cycles, 620);
    assert!(r.cycles < 2 * 600, "four loads overlap: about one latency");
    assert_eq!(r.waitcnt_stall_cycles, 612 - 16);
    assert_eq!(r.waitcnt_stalls.len(), 1);
    let s = &r.waitcnt_stalls[0];
    assert_eq!(s.pc, 0x54);
    assert_eq!(s.counter_names(), "vmcnt");
    // the stall splits over the loads in completion order: 16->600 first load, 4 cycles each after
    assert_eq!(
        s.waited_for,
        vec![(0x34, 584), (0x3c, 4), (0x44, 4), (0x4c, 4)]
    );
}

#[test]
fn valu_loop_costs_its_passes() {
    let p = fixture();
    let (r, ev) = run(&p, CycleModel::default(), 0x5c);
    // s_mov 4; 16 x (3 VALU x 4 + v_exp 16 + 3 SALU/branch x 4 = 40); s_endpgm 4
    assert_eq!(r.cycles, 4 + 16 * 40 + 4);
    assert_eq!(r.waitcnt_stall_cycles, 0);
    let exp: Vec<_> = ev.issues.iter().filter(|e| e.0 == 0x70).collect();
    assert_eq!(exp.len(), 16);
    assert!(exp.iter().all(|e| e.2 == 16));
}

#[test]
fn vmcnt_n_waits_for_the_oldest_and_lds_on_lgkmcnt() {
    let p = fixture();
    let (r, _) = run(&p, CycleModel::default(), 0x84);
    // loads at 0 (->600) and 4 (->604); vmcnt(1) at 8 waits for the first only (592); +4 = 604;
    // ds_read at 604 (->668); lgkmcnt(0) at 608 waits 60; +4 = 672; vmcnt(0): done at 604, no stall; +4, +4
    assert_eq!(r.cycles, 680);
    assert_eq!(r.waitcnt_stall_cycles, 592 + 60);
    let by_pc: Vec<(u64, u64, &str, Vec<(u64, u64)>)> = r
        .waitcnt_stalls
        .iter()
        .map(|s| (s.pc, s.cycles, s.counter_names(), s.waited_for.clone()))
        .collect();
    assert_eq!(
        by_pc,
        vec![
            (0x94, 592, "vmcnt", vec![(0x84, 592)]),
            (0xa0, 60, "lgkmcnt", vec![(0x98, 60)]),
        ]
    );
}

#[test]
fn mfmas_share_the_matrix_core_and_s_sleep_sleeps() {
    let p = fixture();
    let (r, ev) = run(&p, CycleModel::default(), 0xac);
    // v_mfma_f32_32x32x8_f16: 32 cycles = 8 passes (mfma.md Table 28). Second MFMA waits 32-4 = 28;
    // issues at 32 (+4 = 36); s_sleep 2 = 128 -> 164; s_endpgm -> 168
    assert_eq!(r.cycles, 168);
    assert_eq!(r.mfma_busy_cycles, 28);
    assert!(ev
        .stalls
        .iter()
        .any(|s| s.0 == 0xb4 && s.2 == 28 && s.3 == StallReason::MfmaBusy));
}

#[test]
fn occupancy_limits() {
    let m = CycleModel::default();
    // 4 waves (one per SIMD), 128 VGPRs: 512/128 = 4 waves per SIMD -> 4 work-groups
    assert_eq!(m.work_groups_per_cu(4, 128, 0), 4);
    // 8 waves (2 per SIMD), 32 VGPRs: 8 slots per SIMD -> 4 work-groups; 64 KiB LDS each -> 2
    assert_eq!(m.work_groups_per_cu(8, 32, 0), 4);
    assert_eq!(m.work_groups_per_cu(8, 32, 65536), 2);
    // LDS in 1280-byte blocks (state.md): 40960 B = 32 blocks -> 4 fit; 41000 B = 33 blocks = 42240 B -> 3
    assert_eq!(m.work_groups_per_cu(8, 32, 40960), 4);
    assert_eq!(m.work_groups_per_cu(8, 32, 41000), 3);
}

/// Feed `n` executions of the instruction at `pc` to `obs` for `wave`, with `flow`.
fn feed<S: TimingSink>(
    obs: &mut TimingObserver<S>,
    p: &Program,
    wave: &wavescope::exec::Wave,
    pc: u64,
    flow: Flow,
    n: usize,
) {
    let i = p.index_of(pc).unwrap();
    for _ in 0..n {
        obs.after(wave, i, &p.insts[i], pc, flow);
    }
}

fn wave_in(group: u32, index: u32) -> wavescope::exec::Wave {
    let mut w = wave_at(0);
    w.id.work_group_flat = group;
    w.id.wave_in_group = index;
    w.id.wave = group * 4 + index;
    w.id.simd = (index % 4) as u8;
    w
}

#[test]
fn barrier_releases_at_the_last_arrival() {
    let p = fixture();
    let table = Arc::new(TimingTable::new(&p, CycleModel::default(), 0));
    let mut obs = TimingObserver::with_sink(table, Events::default());
    let (a, b) = (wave_in(0, 0), wave_in(0, 1));
    obs.wave_start(&a);
    obs.wave_start(&b);
    // the executor runs wave a to its barrier, then wave b, then releases both
    feed(&mut obs, &p, &a, 0x60, Flow::Next, 10); // 10 x v_add_f32: 40 cycles
    feed(&mut obs, &p, &a, 0xc4, Flow::Barrier, 1); // arrives at 44
    feed(&mut obs, &p, &b, 0xc4, Flow::Barrier, 1); // arrives at 4
    obs.barrier_release(0);
    feed(&mut obs, &p, &a, 0xc8, Flow::End, 1);
    feed(&mut obs, &p, &b, 0xc8, Flow::End, 1);
    obs.wave_end(&a);
    obs.wave_end(&b);
    let ev = std::mem::take(&mut obs.sink);
    let r = TimingObserver::merge(vec![obs]);
    // release = 44 + barrier_release_cycles 16 = 60; both s_endpgm issue at 60 -> 64
    assert_eq!(r.cycles, 64);
    assert_eq!(r.barrier_cycles, (60 - 44) + (60 - 4));
    let barriers: Vec<(u64, u64, u64)> = ev
        .stalls
        .iter()
        .filter(|s| s.3 == StallReason::Barrier)
        .map(|s| (s.0, s.1, s.2))
        .collect();
    assert_eq!(barriers, vec![(0xc4, 44, 16), (0xc4, 4, 56)]);
}

#[test]
fn dispatch_is_the_makespan_over_cu_slots() {
    let p = fixture();
    let m = CycleModel::from_toml("[machine]\ncu_count = 1\nconcurrent_work_groups_per_cu = 2")
        .unwrap();
    let table = Arc::new(TimingTable::new(&p, m, 0));
    // three one-wave work-groups of 10 VALU + s_endpgm = 44 cycles; two slots: 44 + 44
    let mut parts = Vec::new();
    for groups in [vec![0u32, 2], vec![1]] {
        // two host threads saw different work-groups: the merge schedules them in flat order
        let mut obs = TimingObserver::new(table.clone());
        for g in groups {
            let w = wave_in(g, 0);
            obs.wave_start(&w);
            feed(&mut obs, &p, &w, 0x60, Flow::Next, 10);
            feed(&mut obs, &p, &w, 0xc8, Flow::End, 1);
            obs.wave_end(&w);
        }
        parts.push(obs);
    }
    let r = TimingObserver::merge(parts);
    assert_eq!(r.work_groups, 3);
    assert_eq!(r.work_group_cycles_max, 44);
    assert_eq!(r.cycles, 88);
}

#[test]
fn simd_sharing_stretches_valu_bound_work_groups() {
    let p = fixture();
    // one CU holding 4 work-groups of one VALU-bound wave each: 4 x 160 VALU cycles over 4 SIMDs = 160 each,
    // no stretch; 8 work-groups sharing it (8 per CU): 8 x 160 / 4 = 320 per SIMD > the wave's 164
    for (groups, expect) in [(4u32, 164u64), (8, 320)] {
        let m = CycleModel::from_toml(&format!(
            "[machine]\ncu_count = 1\nconcurrent_work_groups_per_cu = {groups}"
        ))
        .unwrap();
        let table = Arc::new(TimingTable::new(&p, m, 0));
        let mut obs = TimingObserver::new(table);
        for g in 0..groups {
            let w = wave_in(g, 0);
            obs.wave_start(&w);
            feed(&mut obs, &p, &w, 0x60, Flow::Next, 40);
            feed(&mut obs, &p, &w, 0xc8, Flow::End, 1);
            obs.wave_end(&w);
        }
        let r = TimingObserver::merge(vec![obs]);
        assert_eq!(r.cycles, expect, "{groups} work-groups");
    }
}

#[test]
fn vmcnt_saturates_at_63() {
    let p = fixture();
    let table = Arc::new(TimingTable::new(&p, CycleModel::default(), 0));
    let mut obs = TimingObserver::with_sink(table, Events::default());
    let w = wave_in(0, 0);
    obs.wave_start(&w);
    // 63 loads issue at 0, 4, ..., 248; the 64th finds vmcnt at its 6-bit maximum (waitcnt.md Table 2) and
    // issues when the first completes at 600: held 600 - 252 = 348 cycles
    feed(&mut obs, &p, &w, 0x34, Flow::Next, 64);
    feed(&mut obs, &p, &w, 0x58, Flow::End, 1);
    let ev = std::mem::take(&mut obs.sink);
    let r = TimingObserver::merge(vec![obs]);
    assert_eq!(r.counter_full_cycles, 348);
    assert_eq!(r.waitcnt_stall_cycles, 0);
    assert_eq!(ev.stalls.len(), 1);
    assert_eq!(ev.stalls[0].3, StallReason::CounterFull { counters: 1 });
    assert_eq!(ev.stalls[0].4, vec![0x34]);
}
