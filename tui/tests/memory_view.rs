//! The memory gutter and the counters/roofline view (`m`) on the memory-model microkernels
//! (tests/fixtures/memory_model, hand-counted in tests/memory_model.rs): the stride-32 load touches 64 lines per
//! wave-instruction, the coalesced store 2; `ds_read_b32` with a lane stride of 32 dwords on 64 banks costs 31
//! conflict cycles. The instruction rows are found by llvm-objdump's text (kernel.objdump.txt).

mod common;

use common::{chars, keys, memory_model_case as case, open_at, screen, screen_row as row, typed};
use crossterm::event::KeyCode;
use wavescope_tui::app::Mode;

#[test]
fn gutter_shows_lines_per_request_and_conflicts() {
    let p = case("strided");
    let (mut e, mut app) = open_at(&p);
    let before = screen(&mut app, 160, 50);
    assert!(!row(&before, "global_load_dword").contains("64L"));
    app.apply(wavescope_tui::engine::memory_profile(&p).unwrap());
    // p: the gutters show the whole dispatch (the live figures are none yet: tests/memory_live.rs)
    keys(&mut e, &mut app, &chars("p"));
    let s = screen(&mut app, 160, 50);
    assert!(
        row(&s, "global_load_dword").contains(" 64L"),
        "{}",
        row(&s, "global_load_dword")
    );
    assert!(
        row(&s, "global_store_dword").contains("  2L"),
        "{}",
        row(&s, "global_store_dword")
    );
    assert!(s
        .iter()
        .any(|l| l.contains("cycles, stall, mem: whole dispatch")));

    let p = case("lds_stride_32");
    let (mut e, mut app) = open_at(&p);
    app.apply(wavescope_tui::engine::memory_profile(&p).unwrap());
    // the disassembly pane (whole-dispatch gutters), its cursor on the LDS read (search)
    let mut k = vec![KeyCode::Char('p'), KeyCode::Tab];
    k.extend(typed('/', "ds_read_b32"));
    keys(&mut e, &mut app, &k);
    assert_eq!(app.focus, wavescope_tui::app::Pane::Disasm);
    let s = screen(&mut app, 160, 50);
    assert!(
        row(&s, "ds_read_b32").contains(" 31c"),
        "{}",
        row(&s, "ds_read_b32")
    );
    assert!(
        row(&s, "ds_write_b32").contains(" 31c"),
        "{}",
        row(&s, "ds_write_b32")
    );
}

#[test]
fn m_toggles_the_counters_and_roofline_view() {
    let p = case("strided");
    let (mut e, mut app) = open_at(&p);
    app.apply(wavescope_tui::engine::memory_profile(&p).unwrap());
    keys(&mut e, &mut app, &chars("m"));
    assert_eq!(app.mode, Mode::Memory);
    let s = screen(&mut app, 160, 50);
    // 64 lines loaded + 2 stored (tests/memory_model.rs)
    let l1 = row(&s, "TCP_TOTAL_CACHE_ACCESSES_sum");
    assert!(l1.contains(" 66"), "{l1}");
    // the bound: 66 lines x 128 bytes = 8448 bytes through the L2 at 16 channels x 128 bytes per cycle = 4
    // cycles; from HBM at 3333 bytes per cycle (8 TB/s at 2.4 GHz), 3 (cdna4_memory.toml): L2-bound
    let bound = row(&s, "roofline bound");
    assert!(bound.contains(" L2 "), "{bound}");
    // the last number on the row (the whole dispatch's)
    let ceiling = |name: &str| {
        row(&s, &format!("{name} ceiling"))
            .split(|c: char| c.is_whitespace() || c == '│')
            .rfind(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()))
            .unwrap()
            .to_string()
    };
    assert_eq!((ceiling("L2"), ceiling("HBM")), ("4".into(), "3".into()));
    assert!(s.iter().any(|l| l.contains("HBM ceiling")));
    keys(&mut e, &mut app, &[KeyCode::Esc]);
    assert_eq!(app.mode, Mode::Normal);
    let s = screen(&mut app, 160, 50);
    assert!(!s.iter().any(|l| l.contains("TCP_TOTAL_CACHE_ACCESSES_sum")));
}
