//! Frame render time of the whole screen for a 4096-wave dispatch (goal: under 5 ms), and the time from a key
//! to the next frame for a step (engine round trip + render), both without a terminal (TestBackend).
//! `cargo bench -p wavescope-tui --bench render`

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use wavescope::machine::MachineOptions;
use wavescope_tui::app::Out;

fn main() {
    let ex = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/heteromark_hist");
    // 4096 resident waves: the histogram kernel over a grid of 4096 work-groups of 64 would need new inputs, so
    // the snapshot's wave list is widened to 4096 rows instead (the panes only format what is visible).
    let (mut engine, mut app) = wavescope_tui::load(&ex, MachineOptions::default()).unwrap();
    app.apply(engine.snapshot());
    app.apply(wavescope_tui::engine::profile(&ex).unwrap());
    let row = app.snapshot.waves[0].clone();
    app.snapshot.waves = (0..4096)
        .map(|i| {
            let mut r = row.clone();
            r.wave = i;
            r.instructions = i as u64 * 7 % 1000;
            r
        })
        .collect();
    for (w, h) in [(80u16, 24u16), (200, 60), (300, 80)] {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        let n = 200;
        let t0 = Instant::now();
        for _ in 0..n {
            t.draw(|f| f.render_widget(&app, f.area())).unwrap();
        }
        println!(
            "frame render, 4096 waves, {w}x{h}: {:.3} ms",
            t0.elapsed().as_secs_f64() * 1e3 / n as f64
        );
    }
    // A real 4096-wave dispatch, all resident: the engine's snapshot (what a stop costs) and a full frame.
    let gemm = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../examples/polybench_gemm_512");
    let opts = MachineOptions {
        resident_waves: 4096,
        ..MachineOptions::default()
    };
    let (mut g_engine, mut g_app) = wavescope_tui::load(&gemm, opts).unwrap();
    // Run a while first (so the cycle model has clocks, strips and per-PC cycles to show), as a user would.
    let flag = AtomicBool::new(false);
    g_app.apply(g_engine.snapshot());
    let mut reports = 0;
    let interrupt = AtomicBool::new(false);
    for u in g_engine.handle(
        wavescope_tui::engine::Command::Continue,
        &interrupt,
        &mut |_| {
            reports += 1;
            if reports == 4 {
                interrupt.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        },
    ) {
        g_app.apply(u);
    }
    // The timeline view of a 200x60 screen.
    {
        let mut t = Terminal::new(TestBackend::new(200, 60)).unwrap();
        t.draw(|f| {
            g_app.area = f.area();
            f.render_widget(&g_app, f.area());
        })
        .unwrap();
        if let Some(c) = g_app.take_view_request() {
            for u in g_engine.handle(c, &flag, &mut |_| {}) {
                g_app.apply(u);
            }
        }
    }
    println!(
        "polybench_gemm_512 after {} wave-instructions: {} timeline rows of {} cells",
        g_app.snapshot.wave_instructions,
        g_app.snapshot.timeline.rows.len(),
        g_app.snapshot.timeline.view.cells
    );
    let n = 20;
    let t0 = Instant::now();
    for _ in 0..n {
        g_app.apply(g_engine.snapshot());
    }
    println!(
        "engine snapshot + apply, polybench_gemm_512 ({} resident waves): {:.3} ms",
        g_app.snapshot.waves.len(),
        t0.elapsed().as_secs_f64() * 1e3 / n as f64
    );
    let mut t = Terminal::new(TestBackend::new(200, 60)).unwrap();
    let t0 = Instant::now();
    for _ in 0..n {
        t.draw(|f| f.render_widget(&g_app, f.area())).unwrap();
    }
    println!(
        "frame render, polybench_gemm_512, 200x60: {:.3} ms",
        t0.elapsed().as_secs_f64() * 1e3 / n as f64
    );
    // A long continue on the engine (the live cycle model on): the whole of gemm 512 from where it stopped.
    let t0 = Instant::now();
    let before = g_engine.machine().wave_instructions();
    g_engine.handle(wavescope_tui::engine::Command::Continue, &flag, &mut |_| {});
    let ran = g_engine.machine().wave_instructions() - before;
    println!(
        "continue to the end, polybench_gemm_512: {ran} wave-instructions at {:.1} M/s (cycle model on)",
        ran as f64 / t0.elapsed().as_secs_f64() / 1e6
    );
    // Key to screen: the s key, the engine's step and snapshot, one frame.
    let (mut engine2, mut app2) = wavescope_tui::load(&ex, MachineOptions::default()).unwrap();
    app2.apply(engine2.snapshot());
    let _ = &mut engine;
    let mut t = Terminal::new(TestBackend::new(200, 60)).unwrap();
    t.draw(|f| {
        app2.area = f.area();
        f.render_widget(&app2, f.area());
    })
    .unwrap();
    if let Some(c) = app2.take_view_request() {
        for u in engine2.handle(c, &flag, &mut |_| {}) {
            app2.apply(u);
        }
    }
    let n = 100;
    let t0 = Instant::now();
    for _ in 0..n {
        for o in app2.key(&KeyEvent::new(KeyCode::Char('s'), KeyModifiers::NONE)) {
            if let Out::Engine(c) = o {
                for u in engine2.handle(c, &flag, &mut |_| {}) {
                    app2.apply(u);
                }
            }
        }
        t.draw(|f| f.render_widget(&app2, f.area())).unwrap();
    }
    println!(
        "key-to-frame (s: step + snapshot + render), 200x60: {:.3} ms",
        t0.elapsed().as_secs_f64() * 1e3 / n as f64
    );
}
