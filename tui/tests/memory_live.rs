//! The memory gutter and the `m` view follow the interactive machine as the user steps (docs/memory-model.md,
//! "Interactive machine"): before any memory instruction ran they show none; after each step the live figures
//! are what the machine's memory system reports (`MachineTiming::pc_memory_table`, `mem_counters`); at the end
//! of a single-work-group dispatch, run one work-group at a time as a batch run does (tests/memory_machine.rs),
//! they equal the whole-dispatch run's (`engine::memory_profile`: the profile and the run report, computed by
//! the batch pipeline). Hand-counted facts of the microkernels (tests/memory_model.rs): the stride-32 load
//! touches 64 lines, the coalesced store 2; `ds_read_b32`/`ds_write_b32` with a lane stride of 32 dwords on 64
//! banks cost 31 conflict cycles each.

mod common;

use common::{chars, keys, memory_model_case as micro, open_at, screen, screen_row as row};
use crossterm::event::KeyCode;
use std::path::{Path, PathBuf};
use wavescope::machine::MachineOptions;
use wavescope::machine::PcCycles;
use wavescope_tui::app::{App, Mode};
use wavescope_tui::engine::{
    memory_profile, whole_dispatch, Engine, MemCell, MemoryProfile, Update,
};

fn memory_fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/memory")
        .join(format!("case_{name}.json"))
}

/// The `m` view's row labelled `label`: (so far, whole dispatch).
fn view_row(app: &App, label: &str) -> Option<(String, String)> {
    wavescope_tui::panes::memory::rows(app)
        .into_iter()
        .find(|r| r.0.trim() == label)
        .map(|r| (r.1, r.2))
}

fn live(app: &App) -> &MemoryProfile {
    app.snapshot
        .memory
        .as_ref()
        .expect("the live cycle model has its memory system")
}

/// The live figures the UI holds are the machine's: per instruction its `pc_memory_table` entry (vector or
/// LDS by the instruction's format), counters from its memory system's totals.
fn assert_live_is_the_machines(e: &Engine, app: &App) {
    let m = e.machine();
    let t = m.timing().unwrap();
    let insts = &m.dispatch().program.insts;
    let l = live(app);
    for (i, p) in t.pc_memory_table().iter().enumerate() {
        let c = l.per_inst[i];
        let fmt = format!("{:?}", insts[i].format);
        match fmt.as_str() {
            "Ds" => assert_eq!(
                (c.lds_accesses, c.lds_conflict_cycles, c.bytes, c.requests),
                (p.accesses, p.lds_conflict_cycles, p.bytes, 0)
            ),
            "Global" | "Flat" | "Mubuf" | "Mtbuf" | "Scratch" => assert_eq!(
                (
                    c.requests,
                    c.lines,
                    c.l1_hits,
                    c.l2_hits,
                    c.mall_hits,
                    c.hbm_lines,
                    c.bytes
                ),
                (
                    p.accesses,
                    p.lines,
                    p.l1_hits,
                    p.l2_hits,
                    p.mall_hits,
                    p.hbm_lines,
                    p.bytes
                )
            ),
            _ => assert_eq!(c, MemCell::default()),
        }
    }
    let mc = t.mem_counters().unwrap();
    let c = l.counters.as_ref().unwrap();
    assert_eq!(c.TCP_TOTAL_CACHE_ACCESSES_sum, mc.l1_accesses);
    assert_eq!(c.TCP_TCC_READ_REQ_sum, mc.l2_read_req);
    assert_eq!(c.TCP_TCC_WRITE_REQ_sum, mc.l2_write_req);
    assert_eq!((c.TCC_HIT_sum, c.TCC_MISS_sum), (mc.l2_hits, mc.l2_misses));
    assert_eq!(c.SQ_LDS_BANK_CONFLICT, mc.lds_conflict_cycles);
    assert_eq!(c.SQC_DCACHE_REQ, mc.scalar_accesses);
    assert_eq!(c.SQ_WAVES, t.inst_counts().waves);
    // every vector line per instruction adds up to the L1 lookups
    let lines: u64 = l.per_inst.iter().map(|c| c.lines).sum();
    assert_eq!(lines, c.TCP_TOTAL_CACHE_ACCESSES_sum);
}

#[test]
fn before_any_memory_instruction_the_live_view_shows_none() {
    let p = micro("strided");
    let (mut e, mut app) = open_at(&p);
    let l = live(&app);
    assert!(!l.any);
    assert!(l.per_inst.iter().all(|c| *c == MemCell::default()));
    let c = l.counters.as_ref().unwrap();
    assert_eq!(
        (
            c.TCP_TOTAL_CACHE_ACCESSES_sum,
            c.SQ_INSTS_LDS,
            c.SQC_DCACHE_REQ
        ),
        (0, 0, 0)
    );
    // the memory column is there (so far), blank
    let s = screen(&mut app, 160, 50);
    assert!(s.iter().any(|l| l.contains("(cycles, stall, mem: so far)")));
    for inst in ["global_load_dword", "global_store_dword"] {
        let r = row(&s, inst);
        assert!(!r.contains("  2L") && !r.contains(" 64L"), "{r}");
    }
    keys(&mut e, &mut app, &chars("m"));
    assert_eq!(app.mode, Mode::Memory);
    let head = wavescope_tui::panes::memory::rows(&app)[0].clone();
    assert!(head.1.contains("no memory instruction yet"), "{head:?}");
    assert!(head.2.contains("not done yet"), "{head:?}");
    assert_eq!(view_row(&app, "L1 hit rate").unwrap().0, "-");
    assert_eq!(view_row(&app, "modelled cycles").unwrap().0, "-");
    assert!(view_row(&app, "TCP_TOTAL_CACHE_ACCESSES_sum").is_none());
    // the whole dispatch's figures arrive: the view shows them beside the (still empty) live ones
    app.apply(memory_profile(&p).unwrap());
    let (so_far, whole) = view_row(&app, "TCP_TOTAL_CACHE_ACCESSES_sum").unwrap();
    assert_eq!((so_far.as_str(), whole.as_str()), ("0", "66"));
    let s = screen(&mut app, 160, 50);
    assert!(s.iter().any(|l| l.contains("no memory instruction yet")));
    assert!(s.iter().any(|l| l.contains("whole dispatch")));
}

#[test]
fn stepping_moves_the_live_gutter_and_counters() {
    let p = micro("strided");
    let (mut e, mut app) = open_at(&p);
    app.apply(memory_profile(&p).unwrap());
    // the disassembly pane has the keys
    keys(&mut e, &mut app, &[KeyCode::Tab]);
    // s_load_dwordx4: a scalar load, no vector line yet
    keys(&mut e, &mut app, &chars("s"));
    assert_live_is_the_machines(&e, &app);
    let l = live(&app);
    assert!(l.any);
    let c = l.counters.as_ref().unwrap();
    assert!(c.SQC_DCACHE_REQ > 0);
    assert_eq!(c.TCP_TOTAL_CACHE_ACCESSES_sum, 0);
    // through the global_load_dword (0x2614, the 5th instruction): its 64 lines, the store none yet
    keys(&mut e, &mut app, &chars("ssss"));
    assert_eq!(app.snapshot.regs.as_ref().unwrap().pc, 0x261c);
    assert_live_is_the_machines(&e, &app);
    let s = screen(&mut app, 160, 50);
    assert!(
        row(&s, "global_load_dword").contains(" 64L"),
        "{}",
        row(&s, "global_load_dword")
    );
    assert!(
        !row(&s, "global_store_dword").contains("2L"),
        "{}",
        row(&s, "global_store_dword")
    );
    let c = live(&app).counters.clone().unwrap();
    assert_eq!(
        (
            c.TCP_TOTAL_CACHE_ACCESSES_sum,
            c.SQ_INSTS_VMEM_RD,
            c.SQ_INSTS_VMEM_WR
        ),
        (64, 1, 0)
    );
    // a cold L2: every line went on to memory
    assert_eq!((c.TCC_HIT_sum, c.TCC_MISS_sum), (0, 64));
    // the m view: so far 64 lookups, the whole dispatch 66; the load at the cursor: 64 lines per request
    keys(&mut e, &mut app, &chars("m"));
    let (so_far, whole) = view_row(&app, "TCP_TOTAL_CACHE_ACCESSES_sum").unwrap();
    assert_eq!((so_far.as_str(), whole.as_str()), ("64", "66"));
    assert_eq!(view_row(&app, "L1 hit rate").unwrap().0, "0.0%");
    keys(&mut e, &mut app, &[KeyCode::Esc]);
    keys(&mut e, &mut app, &[KeyCode::Up]);
    assert_eq!(
        app.listing.disasm[app.disasm_cursor].pc, 0x2614,
        "cursor on the load"
    );
    keys(&mut e, &mut app, &chars("m"));
    let (so_far, whole) = view_row(&app, "lines/request").unwrap();
    assert_eq!(
        (so_far.as_str(), whole.as_str()),
        ("64.00 lines", "64.00 lines")
    );
    let (so_far, _) = view_row(&app, "bytes").unwrap();
    assert_eq!(so_far, "256", "64 lanes x 4 bytes");
    let s = screen(&mut app, 160, 50);
    assert!(s
        .iter()
        .any(|l| l.contains("at the cursor: 2614 global_load_dword")));
    keys(&mut e, &mut app, &[KeyCode::Esc]);
    // to the end: the store's 2 lines, 66 in all
    keys(&mut e, &mut app, &chars("c"));
    assert!(app.snapshot.finished);
    assert_live_is_the_machines(&e, &app);
    let s = screen(&mut app, 160, 50);
    assert!(
        row(&s, "global_store_dword").contains("  2L"),
        "{}",
        row(&s, "global_store_dword")
    );
    assert_eq!(
        live(&app)
            .counters
            .as_ref()
            .unwrap()
            .TCP_TOTAL_CACHE_ACCESSES_sum,
        66
    );
}

#[test]
fn lds_conflicts_show_as_the_write_and_read_run() {
    let p = micro("lds_stride_32");
    let (mut e, mut app) = open_at(&p);
    keys(&mut e, &mut app, &[KeyCode::Tab]);
    // this kernel's DS instructions (the code object holds every microkernel): after its entry PC
    let entry = app.snapshot.regs.as_ref().unwrap().pc;
    let at = |name: &str| {
        app.listing
            .disasm
            .iter()
            .find(|d| d.pc >= entry && d.text.starts_with(name))
            .unwrap()
            .pc
    };
    let (ds_write, ds_read) = (at("ds_write_b32"), at("ds_read_b32"));
    // the disassembly row of `pc`
    let row_at = |s: &[String], pc: u64| row(s, &format!(" {pc:x} ")).to_string();
    // step until the ds_write_b32 ran: 31 conflict cycles there, the read none yet
    for _ in 0..64 {
        if app.snapshot.regs.as_ref().unwrap().pc > ds_write {
            break;
        }
        keys(&mut e, &mut app, &chars("s"));
    }
    assert!(app.snapshot.regs.as_ref().unwrap().pc <= ds_read);
    assert_live_is_the_machines(&e, &app);
    let s = screen(&mut app, 160, 50);
    assert!(row_at(&s, ds_write).contains("ds_write_b32"));
    assert!(
        row_at(&s, ds_write).contains(" 31c"),
        "{}",
        row_at(&s, ds_write)
    );
    assert!(
        !row_at(&s, ds_read).contains("31c"),
        "{}",
        row_at(&s, ds_read)
    );
    let c = live(&app).counters.clone().unwrap();
    assert_eq!((c.SQ_INSTS_LDS, c.SQ_LDS_BANK_CONFLICT), (1, 31));
    keys(&mut e, &mut app, &chars("c"));
    let c = live(&app).counters.clone().unwrap();
    assert_eq!((c.SQ_INSTS_LDS, c.SQ_LDS_BANK_CONFLICT), (2, 62));
    let s = screen(&mut app, 160, 50);
    assert!(
        row_at(&s, ds_read).contains(" 31c"),
        "{}",
        row_at(&s, ds_read)
    );
}

/// What a run to the end gives: the live memory figures and cycle gutter (the machine's `pc_table`), and the
/// whole-dispatch background run's.
struct End {
    live: MemoryProfile,
    whole: MemoryProfile,
    live_cycles: Vec<PcCycles>,
    whole_cycles: Vec<PcCycles>,
}

/// Run `p` to its end on the TUI's engine with `opts`; the live figures then, and the whole run's (both updates
/// of the one background run, `engine::whole_dispatch`).
fn to_the_end(p: &Path, opts: MachineOptions) -> End {
    let (mut e, mut app) = wavescope_tui::load(p, opts).unwrap();
    app.apply(e.snapshot());
    keys(&mut e, &mut app, &chars("c"));
    assert!(app.snapshot.finished, "{}", p.display());
    assert_live_is_the_machines(&e, &app);
    let (Update::Profile { pc_cycles, .. }, Update::Memory(whole)) = whole_dispatch(p).unwrap()
    else {
        panic!()
    };
    End {
        live: live(&app).clone(),
        whole: *whole,
        live_cycles: e.machine().timing().unwrap().pc_table().to_vec(),
        whole_cycles: pc_cycles,
    }
}

#[test]
fn one_work_group_run_to_its_end_gives_the_whole_runs_figures() {
    // one wave: the machine's schedule is the batch run's
    for p in [
        micro("strided"),
        micro("coalesced"),
        micro("lds_stride_32"),
        memory_fixture("gather"),
    ] {
        let End {
            live: l,
            whole: w,
            live_cycles,
            whole_cycles,
        } = to_the_end(&p, MachineOptions::default());
        assert!(w.any, "{}", p.display());
        assert_eq!(l.per_inst, w.per_inst, "{}", p.display());
        assert_eq!(l.counters, w.counters, "{}", p.display());
        assert_eq!(l.cycles, w.cycles, "{}", p.display());
        assert_eq!(l.metrics, w.metrics, "{}", p.display());
        // the cycle gutters too: the background run has the live machine's memory system
        assert_eq!(live_cycles, whole_cycles, "{}", p.display());
        assert!(whole_cycles.iter().any(|c| c.stall > 0), "{}", p.display());
    }
    // 16 waves through LDS with a barrier: one resident work-group, each wave until its barrier or end
    let p = memory_fixture("transpose_naive");
    let opts = MachineOptions {
        resident_waves: 16,
        quantum: u32::MAX,
        ..MachineOptions::default()
    };
    let End {
        live: l,
        whole: w,
        live_cycles,
        whole_cycles,
    } = to_the_end(&p, opts);
    assert_eq!(l.per_inst, w.per_inst);
    assert_eq!(l.counters, w.counters);
    // its busiest SIMD does not outlast its longest wave: the modelled time, and so every metric, agrees
    assert_eq!(l.cycles, w.cycles);
    assert_eq!(l.metrics, w.metrics);
    assert_eq!(live_cycles, whole_cycles);
}

#[test]
fn many_work_groups_interleaved_touch_the_whole_runs_lines() {
    // several work-groups resident at once, the machine's round robin: the live figures are the machine's at
    // every stop, and at the end the lines each instruction touched and its LDS conflict cycles are the whole
    // run's (they depend on addresses only; hits follow the order: tests/memory_machine.rs)
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/heteromark_hist");
    let (mut e, mut app) = open_at(&p);
    keys(&mut e, &mut app, &chars("ssssssssssssssssssss"));
    assert_live_is_the_machines(&e, &app);
    keys(&mut e, &mut app, &chars("c"));
    assert!(app.snapshot.finished);
    assert_live_is_the_machines(&e, &app);
    let Update::Memory(w) = memory_profile(&p).unwrap() else {
        panic!()
    };
    let l = live(&app);
    let addresses_only = |m: &MemoryProfile| -> Vec<(u64, u64, u64, u64, u64)> {
        m.per_inst
            .iter()
            .map(|c| {
                (
                    c.requests,
                    c.lines,
                    c.lds_accesses,
                    c.lds_conflict_cycles,
                    c.bytes,
                )
            })
            .collect()
    };
    assert_eq!(addresses_only(l), addresses_only(&w));
    assert!(l.per_inst.iter().any(|c| c.lines > 0));
    let (lc, wc) = (l.counters.as_ref().unwrap(), w.counters.as_ref().unwrap());
    assert_eq!(
        (
            lc.SQ_WAVES,
            lc.TCP_TOTAL_CACHE_ACCESSES_sum,
            lc.SQ_INSTS_LDS,
            lc.SQ_LDS_BANK_CONFLICT
        ),
        (
            wc.SQ_WAVES,
            wc.TCP_TOTAL_CACHE_ACCESSES_sum,
            wc.SQ_INSTS_LDS,
            wc.SQ_LDS_BANK_CONFLICT
        )
    );
}
