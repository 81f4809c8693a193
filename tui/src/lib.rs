//! wavescope's terminal UI: source, disassembly, waves, registers, a timeline and findings of one dispatch,
//! stepped live. The engine (a `Machine`) runs on its own thread and talks to the UI over flume channels
//! (`engine`); `app` owns the UI state and the event loop; one file per pane under `panes`.

pub mod app;
pub mod engine;
pub mod keys;
pub mod panes;
pub mod theme;

use app::{App, Listing, Mode, Out};
use crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use crossterm::execute;
use engine::{Command, Engine};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Duration;
use wavescope::launch::RunOptions;
use wavescope::machine::MachineOptions;
use wavescope::session::Session;

pub type Error = Box<dyn std::error::Error + Send + Sync>;

pub struct Options {
    pub manifest: PathBuf,
    pub machine: MachineOptions,
}

/// Load a dispatch for the UI: the engine and the app state that shows it.
pub fn load(manifest: &Path, machine: MachineOptions) -> Result<(Engine, App), Error> {
    let session = Session::load(manifest, &RunOptions::default())?;
    let listing = Listing::from_session(&session);
    let warnings = session.launch_warnings();
    let engine = Engine::new(session, machine).with_manifest(manifest);
    let mut app = App::new(listing);
    if !warnings.is_empty() {
        // What `wavescope run` prints on stderr (e.g. a grid that is not a multiple of a uniform block).
        app.status = format!("{} | ? for keys", warnings.join("; "));
    }
    Ok((engine, app))
}

fn restore_terminal() {
    let _ = execute!(std::io::stdout(), DisableMouseCapture);
    ratatui::restore();
}

/// Run the UI until the user quits. The terminal is restored on return, on error and on panic.
pub fn run(opts: &Options) -> Result<(), Error> {
    let (engine, mut app) = load(&opts.manifest, opts.machine.clone())?;
    let handle = engine::spawn(engine, Some(opts.manifest.clone()));
    // ratatui::init installs a panic hook that restores the terminal; ours also turns the mouse off first.
    let mut terminal = ratatui::init();
    let prev_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        prev_hook(info);
    }));
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, &mut app, &handle);
    restore_terminal();
    let _ = handle.commands.send(Command::Quit);
    handle.interrupt.store(true, Ordering::Relaxed);
    result
}

fn event_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    handle: &engine::EngineHandle,
) -> Result<(), Error> {
    // Terminal input on its own thread, so the loop can wait on input and the engine at once.
    let (in_tx, in_rx) = flume::unbounded::<Event>();
    std::thread::spawn(move || loop {
        match event::poll(Duration::from_millis(100)) {
            Ok(true) => match event::read() {
                Ok(e) => {
                    if in_tx.send(e).is_err() {
                        return;
                    }
                }
                Err(_) => return,
            },
            Ok(false) => {
                if in_tx.is_disconnected() {
                    return;
                }
            }
            Err(_) => return,
        }
    });
    loop {
        terminal.draw(|f| {
            app.area = f.area();
            f.render_widget(&*app, f.area());
        })?;
        if app.quit && app.mode != Mode::Running {
            return Ok(());
        }
        if let Some(c) = app.take_view_request() {
            let _ = handle.commands.send(c);
        }
        enum Got {
            Input(Result<Event, flume::RecvError>),
            Engine(Result<engine::Update, flume::RecvError>),
        }
        let got = flume::Selector::new()
            .recv(&in_rx, Got::Input)
            .recv(&handle.updates, Got::Engine)
            .wait();
        let outs = match got {
            Got::Input(Ok(Event::Key(k))) if k.kind == event::KeyEventKind::Press => app.key(&k),
            Got::Input(Ok(Event::Mouse(m))) => app.mouse(&m),
            Got::Input(Ok(_)) => Vec::new(),
            Got::Input(Err(_)) | Got::Engine(Err(_)) => {
                app.quit = true;
                app.mode = Mode::Normal;
                Vec::new()
            }
            Got::Engine(Ok(u)) => {
                app.apply(u);
                Vec::new()
            }
        };
        // Drain what else is queued so a burst of progress updates costs one frame.
        while let Ok(u) = handle.updates.try_recv() {
            app.apply(u);
        }
        for o in outs {
            match o {
                Out::Engine(c) => {
                    let _ = handle.commands.send(c);
                }
                Out::Interrupt => handle.interrupt.store(true, Ordering::Relaxed),
            }
        }
    }
}
