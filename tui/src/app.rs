//! The application state and its event handling. Rendering reads it (`impl Widget for &App`); only `key`,
//! `mouse` and `apply` change it.

use crate::engine::{Command, PcCycles, Snapshot, TimelineView, Update};
use crate::keys::{intent_of, Intent};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::widgets::Widget;
use std::collections::BTreeSet;
use std::sync::Arc;
use wavescope::debug_info::{DebugInfo, FileId};
use wavescope::session::Session;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pane {
    Source,
    Disasm,
    Registers,
    Waves,
    Findings,
    Timeline,
}

pub const PANES: [Pane; 6] = [
    Pane::Source,
    Pane::Disasm,
    Pane::Registers,
    Pane::Waves,
    Pane::Findings,
    Pane::Timeline,
];

impl Pane {
    pub fn title(self) -> &'static str {
        match self {
            Pane::Source => "Source",
            Pane::Disasm => "Disassembly",
            Pane::Registers => "Registers",
            Pane::Waves => "Waves",
            Pane::Findings => "Findings",
            Pane::Timeline => "Timeline",
        }
    }
}

/// What keys mean right now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    Normal,
    Help,
    /// The counters/roofline view (`m`; any key closes).
    Memory,
    /// Typing a search string.
    Search(String),
    /// Typing a lane number.
    Lane(String),
    /// Editing the file name the trace so far goes to (`t`; starts with a default).
    TracePath(String),
    /// Typing a vector register for the registers pane (`v12`, `a3`).
    Reg(String),
    /// The engine is running (continue/next): Esc or Ctrl-C interrupts.
    Running,
}

/// What the app asks of the outside after a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Out {
    Engine(Command),
    Interrupt,
}

/// One instruction of the disassembly pane.
#[derive(Clone, Debug)]
pub struct DisasmLine {
    pub pc: u64,
    pub text: String,
    /// Its source line in the shown file (1-based).
    pub line: Option<u32>,
}

/// A hazard, missing wait, race or fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub text: String,
    pub pc: Option<u64>,
    /// A live race finding's identity (`Snapshot::races`): its text is updated in place as it recurs.
    pub key: Option<String>,
}

/// What does not change while the dispatch runs: the kernel's disassembly listing and its source.
pub struct Listing {
    pub kernel: String,
    pub disasm: Vec<DisasmLine>,
    pub file: Option<FileId>,
    pub file_name: String,
    pub source: Vec<String>,
    pub debug_info: Option<Arc<DebugInfo>>,
}

/// Executions and modelled cycles per instruction and per source line of the shown file: of the interactive
/// machine so far, or of the whole dispatch (the background run).
#[derive(Clone, Debug, Default)]
pub struct Heat {
    pub per_inst: Vec<PcCycles>,
    pub per_line: Vec<PcCycles>,
    /// Most stall cycles of an instruction, of a line (the heat scale).
    pub max_inst: u64,
    pub max_line: u64,
}

impl Heat {
    fn new(pc_cycles: Vec<PcCycles>, listing: &Listing) -> Heat {
        let mut per_line = vec![PcCycles::default(); listing.source.len() + 1];
        for (i, d) in listing.disasm.iter().enumerate() {
            if let (Some(l), Some(c)) = (d.line, pc_cycles.get(i)) {
                if let Some(x) = per_line.get_mut(l as usize) {
                    x.issue += c.issue;
                    x.stall += c.stall;
                    x.count += c.count;
                }
            }
        }
        Heat {
            max_inst: pc_cycles.iter().map(|c| c.stall).max().unwrap_or(0),
            max_line: per_line.iter().map(|c| c.stall).max().unwrap_or(0),
            per_inst: pc_cycles,
            per_line,
        }
    }
}

/// Which figures the source and disassembly gutters show (`p` switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gutter {
    /// What the interactive machine ran so far.
    SoFar,
    /// The whole dispatch (the background run).
    Whole,
}

/// 0..=3: how hot `n` is against `max` (log scale: a loop body stands out from straight-line code).
pub fn heat_level(n: u64, max: u64) -> usize {
    if n == 0 || max == 0 {
        return 0;
    }
    let f = ((n as f64).ln_1p() / (max as f64).ln_1p() * 3.0).ceil() as usize;
    f.clamp(1, 3)
}

impl Listing {
    pub fn from_session(s: &Session) -> Listing {
        let p = &s.dispatch.program;
        let di = s.debug_info.clone();
        let file = di
            .as_ref()
            .and_then(|d| crate::engine::kernel_file(p, d, s.dispatch.abi.entry_pc));
        let mut file_name = String::from("(no source: the code object has no line table)");
        let mut source = Vec::new();
        if let (Some(d), Some(f)) = (&di, file) {
            let mut extra = Vec::new();
            // the manifest's `source_dir` first (relative source paths of `-fdebug-compilation-dir=.` builds)
            extra.extend(s.manifest.source_dir.clone());
            if let Some(dir) = s.manifest.code_object.parent() {
                extra.push(dir.to_path_buf());
            }
            let cache = d.source_cache(extra);
            file_name = d.file(f).map(|x| x.path.clone()).unwrap_or_default();
            match d.source_text(&cache, f) {
                Ok(t) => {
                    source = (1..=t.line_count() as u32)
                        .map(|n| t.line(n).unwrap_or("").to_string())
                        .collect()
                }
                Err(_) => file_name.push_str(" (source file not found)"),
            }
        }
        let disasm = (0..p.insts.len())
            .map(|i| {
                let pc = p.pcs[i];
                let line = di
                    .as_ref()
                    .zip(file)
                    .and_then(|(d, f)| crate::engine::line_in(d, f, pc));
                DisasmLine {
                    pc,
                    text: wavescope::isa::disasm::inst_text(&p.insts[i], &p.words_of(i), pc),
                    line,
                }
            })
            .collect();
        Listing {
            kernel: s.manifest.kernel.clone(),
            disasm,
            file,
            file_name,
            source,
            debug_info: di,
        }
    }

    pub fn disasm_index(&self, pc: u64) -> Option<usize> {
        self.disasm.binary_search_by_key(&pc, |d| d.pc).ok()
    }

    pub fn line_of(&self, pc: u64) -> Option<u32> {
        self.disasm_index(pc).and_then(|i| self.disasm[i].line)
    }
}

pub struct App {
    pub listing: Listing,
    pub snapshot: Snapshot,
    /// The registers before the last run (step, next, continue), for highlighting what it changed.
    pub prev_regs: Option<crate::engine::WaveRegs>,
    /// The whole dispatch: None until the background run finished.
    pub profile: Option<Heat>,
    /// The whole dispatch with the memory system (memory gutter and counters view under `p`'s "whole
    /// dispatch"): None until its run finished. The live figures are `snapshot.memory`.
    pub memory: Option<Box<crate::engine::MemoryProfile>>,
    /// What ran so far (from the last snapshot).
    pub live: Heat,
    pub gutter: Gutter,
    /// PCs with a hazard or missing-wait finding.
    pub marked: BTreeSet<u64>,
    pub focus: Pane,
    pub mode: Mode,
    pub source_cursor: usize,
    pub disasm_cursor: usize,
    /// Columns scrolled sideways in the source and disassembly panes (← →).
    pub source_col: usize,
    pub disasm_col: usize,
    pub wave_cursor: usize,
    pub findings_cursor: usize,
    pub timeline_offset: usize,
    /// Timeline magnification: the strip shows 1/zoom of the longest wave clock...
    pub timeline_zoom: u32,
    /// ...from this many eighths of a window in.
    pub timeline_pan: u32,
    /// The last timeline view asked of the engine.
    pub sent_view: Option<TimelineView>,
    pub wave: u32,
    pub vreg: u16,
    pub lane: u8,
    pub breakpoints: BTreeSet<u64>,
    pub findings: Vec<Finding>,
    /// What the kernel printed (device printf/assert), line by line as it came; shown under the findings.
    pub output: Vec<String>,
    /// Whether `output`'s last line is not ended yet (the kernel printed a line in parts).
    pub output_open: bool,
    pub status: String,
    pub last_search: String,
    pub progress: Option<u64>,
    pub quit: bool,
    /// The terminal's size at the last draw (mouse hits are computed from the same layout).
    pub area: Rect,
}

impl App {
    pub fn new(listing: Listing) -> App {
        App {
            listing,
            snapshot: Snapshot::default(),
            prev_regs: None,
            profile: None,
            memory: None,
            live: Heat::default(),
            gutter: Gutter::SoFar,
            marked: BTreeSet::new(),
            focus: Pane::Source,
            mode: Mode::Normal,
            source_cursor: 0,
            disasm_cursor: 0,
            source_col: 0,
            disasm_col: 0,
            wave_cursor: 0,
            findings_cursor: 0,
            timeline_offset: 0,
            timeline_zoom: 1,
            timeline_pan: 0,
            sent_view: None,
            wave: 0,
            vreg: 0,
            lane: 0,
            breakpoints: BTreeSet::new(),
            findings: Vec::new(),
            output: Vec::new(),
            output_open: false,
            status: "? for keys".into(),
            last_search: String::new(),
            progress: None,
            quit: false,
            area: Rect::new(0, 0, 120, 40),
        }
    }

    /// The figures the gutters show now (None: the whole-dispatch run is not done yet).
    pub fn heat(&self) -> Option<&Heat> {
        match self.gutter {
            Gutter::SoFar => Some(&self.live),
            Gutter::Whole => self.profile.as_ref(),
        }
    }

    /// The memory figures the disassembly's memory gutter shows now (`p`): the interactive machine's so far
    /// (None without its memory system), or the whole dispatch's (None until its run finished).
    pub fn mem_figures(&self) -> Option<&crate::engine::MemoryProfile> {
        match self.gutter {
            Gutter::SoFar => self.snapshot.memory.as_ref(),
            Gutter::Whole => self.memory.as_deref(),
        }
    }

    /// The timeline the pane needs at the last drawn size, scroll and zoom (rows 0 when it is not on screen).
    pub fn timeline_view(&self) -> TimelineView {
        let rect = layout(self.area, self.focus)
            .panes
            .into_iter()
            .find(|(p, _)| *p == Pane::Timeline)
            .map(|(_, r)| r);
        let (rows, cells) = match rect {
            Some(r) if r.height > 3 && r.width > 2 => (
                r.height as usize - 3,
                crate::panes::timeline::cells_for(r.width - 2),
            ),
            _ => (0, 0),
        };
        TimelineView {
            first: self.timeline_offset,
            rows,
            cells,
            zoom: self.timeline_zoom,
            pan: self.timeline_pan,
        }
    }

    /// After a draw: the command that brings the timeline up to date with the pane, if it is not.
    pub fn take_view_request(&mut self) -> Option<Command> {
        let v = self.timeline_view();
        if v == self.snapshot.timeline.view
            || self.sent_view == Some(v)
            || self.mode == Mode::Running
        {
            return None;
        }
        self.sent_view = Some(v);
        Some(Command::TimelineView(v))
    }

    /// Where `t` offers to write the trace: the kernel's name (symbol characters only) in the working directory.
    pub fn default_trace_path(&self) -> String {
        let name: String = self
            .listing
            .kernel
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        format!("{name}.pftrace")
    }

    /// The PC of the selected wave.
    pub fn current_pc(&self) -> Option<u64> {
        self.snapshot
            .regs
            .as_ref()
            .filter(|r| r.wave == self.wave)
            .map(|r| r.pc)
            .or_else(|| {
                self.snapshot
                    .waves
                    .iter()
                    .find(|w| w.wave == self.wave)
                    .map(|w| w.pc)
            })
    }

    fn follow_pc(&mut self) {
        if let Some(pc) = self.current_pc() {
            if let Some(i) = self.listing.disasm_index(pc) {
                self.disasm_cursor = i;
            }
            if let Some(l) = self.listing.line_of(pc) {
                self.source_cursor = l.saturating_sub(1) as usize;
            }
        }
        if let Some(i) = self.snapshot.waves.iter().position(|w| w.wave == self.wave) {
            self.wave_cursor = i;
        }
    }

    /// Take in what the engine sent.
    pub fn apply(&mut self, u: Update) {
        match u {
            Update::Snapshot(s) => {
                self.snapshot = *s;
                self.live = Heat::new(std::mem::take(&mut self.snapshot.pc_cycles), &self.listing);
                // live race findings: new ones join the list, known ones update their counts
                for (key, text, pc) in std::mem::take(&mut self.snapshot.races) {
                    match self
                        .findings
                        .iter_mut()
                        .find(|f| f.key.as_deref() == Some(key.as_str()))
                    {
                        Some(f) => f.text = text,
                        None => {
                            self.marked.extend(pc);
                            self.findings.push(Finding {
                                text,
                                pc,
                                key: Some(key),
                            });
                        }
                    }
                }
                if let Some(r) = &self.snapshot.regs {
                    self.wave = r.wave;
                } else if let Some(w) = self.snapshot.waves.first() {
                    self.wave = w.wave;
                }
                self.follow_pc();
            }
            Update::Profile {
                pc_cycles,
                findings,
            } => {
                self.marked.extend(findings.iter().filter_map(|f| f.1));
                for (text, pc) in findings {
                    self.findings.push(Finding {
                        text,
                        pc,
                        key: None,
                    });
                }
                self.profile = Some(Heat::new(pc_cycles, &self.listing));
            }
            Update::Memory(m) => self.memory = Some(m),
            Update::Message(m) => self.status = m,
            Update::Output(text) if text.is_empty() => {}
            Update::Output(text) => {
                // Lines as the kernel ended them: text that did not end its line goes on with the next output.
                let ended = text.ends_with('\n');
                let body = text.strip_suffix('\n').unwrap_or(&text);
                let mut lines = body.split('\n');
                let first = lines.next().unwrap_or_default();
                match self.output.last_mut().filter(|_| self.output_open) {
                    Some(open) => open.push_str(first),
                    None => self.output.push(first.to_string()),
                }
                self.output.extend(lines.map(str::to_string));
                self.output_open = !ended;
                if self.output.len() > OUTPUT_MAX_LINES {
                    let drop = self.output.len() - OUTPUT_MAX_LINES;
                    self.output.drain(..drop);
                }
            }
            Update::Progress {
                wave_instructions,
                waves_done,
                total_waves,
            } => {
                self.progress = Some(wave_instructions);
                self.status = format!(
                    "running: {} wave-instructions, {waves_done}/{total_waves} waves done; Esc stops",
                    crate::panes::source::short(wave_instructions)
                );
            }
            Update::Stopped {
                text,
                wave,
                fault_pc,
            } => {
                if self.mode == Mode::Running {
                    self.mode = Mode::Normal;
                }
                self.progress = None;
                if let Some(w) = wave {
                    self.wave = w;
                }
                if let Some(pc) = fault_pc {
                    self.findings.push(Finding {
                        text: format!("fault: {text}"),
                        pc: Some(pc),
                        key: None,
                    });
                }
                self.status = text;
            }
        }
    }

    fn run(&mut self, c: Command) -> Vec<Out> {
        self.prev_regs = self.snapshot.regs.clone();
        self.mode = Mode::Running;
        self.status = "running...".into();
        vec![Out::Engine(c)]
    }

    fn select(&self) -> Out {
        Out::Engine(Command::Select {
            wave: self.wave,
            vreg: self.vreg,
            lane: self.lane,
        })
    }

    fn pane_len(&self, p: Pane) -> usize {
        match p {
            Pane::Source => self.listing.source.len(),
            Pane::Disasm => self.listing.disasm.len(),
            Pane::Waves => self.snapshot.waves.len(),
            Pane::Findings => self.findings.len(),
            // Scrolling stops when the last wave is on screen.
            Pane::Timeline => {
                let t = &self.snapshot.timeline;
                t.total_rows.saturating_sub(t.view.rows) + 1
            }
            Pane::Registers => 0,
        }
    }

    fn cursor_mut(&mut self, p: Pane) -> Option<&mut usize> {
        match p {
            Pane::Source => Some(&mut self.source_cursor),
            Pane::Disasm => Some(&mut self.disasm_cursor),
            Pane::Waves => Some(&mut self.wave_cursor),
            Pane::Findings => Some(&mut self.findings_cursor),
            Pane::Timeline => Some(&mut self.timeline_offset),
            Pane::Registers => None,
        }
    }

    fn move_cursor(&mut self, p: Pane, delta: isize) {
        let n = self.pane_len(p);
        if let Some(c) = self.cursor_mut(p) {
            *c = (*c as isize + delta).clamp(0, n.saturating_sub(1) as isize) as usize;
        }
    }

    fn toggle_breakpoint(&mut self) -> Vec<Out> {
        let pcs: Vec<u64> = match self.focus {
            Pane::Disasm => self
                .listing
                .disasm
                .get(self.disasm_cursor)
                .map(|d| vec![d.pc])
                .unwrap_or_default(),
            _ => {
                let line = self.source_cursor as u32 + 1;
                // A breakpoint on this line already: remove every breakpoint of the line.
                let here: Vec<u64> = self
                    .breakpoints
                    .iter()
                    .copied()
                    .filter(|&pc| self.listing.line_of(pc) == Some(line))
                    .collect();
                if !here.is_empty() {
                    for pc in &here {
                        self.breakpoints.remove(pc);
                    }
                    self.status = format!("breakpoint at line {line} removed");
                    return vec![Out::Engine(Command::Breakpoints(
                        self.breakpoints.iter().copied().collect(),
                    ))];
                }
                match (&self.listing.debug_info, self.listing.file) {
                    (Some(d), Some(f)) => {
                        let (l, mut pcs) = d.breakpoint_pcs(f, line);
                        // A line whose code is all inlined (`__syncthreads();`) has no PCs of its own in the
                        // line table: break where its inlined code starts (the disassembly's call-site lines).
                        if l != line {
                            if let Some(first) =
                                self.listing.disasm.iter().find(|x| x.line == Some(line))
                            {
                                pcs = vec![first.pc];
                                return self.set_breakpoints(pcs);
                            }
                        }
                        if pcs.is_empty() {
                            self.status = format!("no code at or after line {line}");
                        } else if l != line {
                            self.source_cursor = l as usize - 1;
                        }
                        pcs
                    }
                    _ => Vec::new(),
                }
            }
        };
        self.set_breakpoints(pcs)
    }

    /// Toggle the breakpoints `pcs` (one source line's) together.
    fn set_breakpoints(&mut self, pcs: Vec<u64>) -> Vec<Out> {
        let Some(&first) = pcs.first() else {
            return Vec::new();
        };
        if self.breakpoints.contains(&first) {
            for pc in &pcs {
                self.breakpoints.remove(pc);
            }
            self.status = format!("breakpoint at 0x{first:x} removed");
        } else {
            self.breakpoints.extend(pcs.iter().copied());
            self.status = format!("breakpoint set at 0x{first:x}");
        }
        vec![Out::Engine(Command::Breakpoints(
            self.breakpoints.iter().copied().collect(),
        ))]
    }

    fn search(&mut self, needle: &str) {
        // An empty search repeats the last one.
        let needle = if needle.is_empty() {
            self.last_search.clone()
        } else {
            self.last_search = needle.to_string();
            needle.to_string()
        };
        let needle = needle.as_str();
        if needle.is_empty() {
            return;
        }
        let (pane, start) = match self.focus {
            Pane::Disasm => (Pane::Disasm, self.disasm_cursor),
            _ => (Pane::Source, self.source_cursor),
        };
        let texts: Vec<&str> = match pane {
            Pane::Disasm => self
                .listing
                .disasm
                .iter()
                .map(|d| d.text.as_str())
                .collect(),
            _ => self.listing.source.iter().map(String::as_str).collect(),
        };
        let n = texts.len();
        let hit = (1..=n)
            .map(|k| (start + k) % n.max(1))
            .find(|&i| texts[i].contains(needle));
        match hit {
            Some(i) => {
                self.focus = pane;
                *self.cursor_mut(pane).unwrap() = i;
                self.status = format!("/{needle}");
            }
            None => self.status = format!("not found: {needle}"),
        }
    }

    fn change_wave(&mut self, delta: isize) -> Vec<Out> {
        let w = &self.snapshot.waves;
        if w.is_empty() {
            return Vec::new();
        }
        let i = w.iter().position(|r| r.wave == self.wave).unwrap_or(0) as isize;
        let j = (i + delta).rem_euclid(w.len() as isize) as usize;
        self.wave = w[j].wave;
        self.wave_cursor = j;
        vec![self.select()]
    }

    /// Handle one key.
    pub fn key(&mut self, k: &KeyEvent) -> Vec<Out> {
        // Ctrl-C quits from any mode (a run is interrupted first).
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            self.quit = true;
            if self.mode == Mode::Running {
                self.status = "interrupting...".into();
                return vec![Out::Interrupt];
            }
            self.mode = Mode::Normal;
            return Vec::new();
        }
        match self.mode.clone() {
            Mode::Running => {
                // Esc interrupts the run; q and Ctrl-C interrupt it and quit.
                if k.code == KeyCode::Esc || intent_of(k) == Some(Intent::Quit) {
                    if intent_of(k) == Some(Intent::Quit) {
                        self.quit = true;
                    }
                    self.status = "interrupting...".into();
                    return vec![Out::Interrupt];
                }
                Vec::new()
            }
            Mode::Help | Mode::Memory => {
                self.mode = Mode::Normal;
                Vec::new()
            }
            Mode::Search(mut s) | Mode::Lane(mut s) | Mode::TracePath(mut s) | Mode::Reg(mut s) => {
                let lane_mode = matches!(self.mode, Mode::Lane(_));
                let trace_mode = matches!(self.mode, Mode::TracePath(_));
                let reg_mode = matches!(self.mode, Mode::Reg(_));
                let rewrap = |s: String| {
                    if lane_mode {
                        Mode::Lane(s)
                    } else if reg_mode {
                        Mode::Reg(s)
                    } else if trace_mode {
                        Mode::TracePath(s)
                    } else {
                        Mode::Search(s)
                    }
                };
                match k.code {
                    KeyCode::Esc => self.mode = Mode::Normal,
                    KeyCode::Enter => {
                        self.mode = Mode::Normal;
                        if trace_mode {
                            if s.trim().is_empty() {
                                self.status = "no trace file given".into();
                                return Vec::new();
                            }
                            self.status = format!("writing the trace so far to {s}...");
                            return vec![Out::Engine(Command::WriteTrace(s.trim().into()))];
                        }
                        if reg_mode {
                            let t = s.trim().to_ascii_lowercase();
                            let (base, n) = match t.split_at_checked(1) {
                                Some(("v", n)) => (0u16, n),
                                Some(("a", n)) => (256, n),
                                _ => (0, ""),
                            };
                            match n.parse::<u16>() {
                                Ok(n) if n < 256 => {
                                    self.vreg = base + n;
                                    self.status = format!("register {t}");
                                    return vec![self.select()];
                                }
                                _ => self.status = format!("no register {s} (v0..v255, a0..a255)"),
                            }
                            return Vec::new();
                        }
                        if lane_mode {
                            match s.parse::<u8>() {
                                Ok(l) if l < 64 => {
                                    self.lane = l;
                                    self.status = format!("lane {l}");
                                    return vec![self.select()];
                                }
                                _ => self.status = format!("no lane {s} (0..63)"),
                            }
                        } else {
                            self.search(&s);
                        }
                    }
                    KeyCode::Backspace => {
                        s.pop();
                        self.mode = rewrap(s);
                    }
                    KeyCode::Char(c) => {
                        s.push(c);
                        self.mode = rewrap(s);
                    }
                    _ => {}
                }
                Vec::new()
            }
            Mode::Normal => self.normal_key(k),
        }
    }

    fn normal_key(&mut self, k: &KeyEvent) -> Vec<Out> {
        let Some(intent) = intent_of(k) else {
            return Vec::new();
        };
        let page = (self.area.height / 2).max(1) as isize;
        match intent {
            Intent::Quit => {
                self.quit = true;
                Vec::new()
            }
            Intent::Step => self.run(Command::Step { wave: self.wave }),
            Intent::Next => self.run(Command::Next { wave: self.wave }),
            Intent::Continue => self.run(Command::Continue),
            Intent::ToggleBreakpoint => self.toggle_breakpoint(),
            Intent::NextWave => self.change_wave(1),
            Intent::PrevWave => self.change_wave(-1),
            Intent::PickLane => {
                self.mode = Mode::Lane(String::new());
                Vec::new()
            }
            Intent::PickReg => {
                self.mode = Mode::Reg(String::new());
                Vec::new()
            }
            Intent::NextVreg | Intent::PrevVreg => {
                let d: i32 = if intent == Intent::NextVreg { 1 } else { -1 };
                self.vreg = (self.vreg as i32 + d).rem_euclid(512) as u16;
                vec![self.select()]
            }
            Intent::NextPane | Intent::PrevPane => {
                let i = PANES.iter().position(|&p| p == self.focus).unwrap_or(0) as isize;
                let d = if intent == Intent::NextPane { 1 } else { -1 };
                self.focus = PANES[(i + d).rem_euclid(PANES.len() as isize) as usize];
                Vec::new()
            }
            Intent::Search => {
                self.mode = Mode::Search(String::new());
                Vec::new()
            }
            Intent::WriteTrace => {
                self.mode = Mode::TracePath(self.default_trace_path());
                Vec::new()
            }
            Intent::MemoryView => {
                self.mode = Mode::Memory;
                Vec::new()
            }
            Intent::Help => {
                self.mode = Mode::Help;
                Vec::new()
            }
            Intent::Up | Intent::Down | Intent::Left | Intent::Right
                if self.focus == Pane::Registers =>
            {
                // The lane grid: left/right one lane, up/down one grid row.
                let lpr = self.lanes_per_row() as i32;
                let d = match intent {
                    Intent::Up => -lpr,
                    Intent::Down => lpr,
                    Intent::Left => -1,
                    _ => 1,
                };
                self.lane = (self.lane as i32 + d).clamp(0, 63) as u8;
                vec![self.select()]
            }
            Intent::Up => {
                self.move_cursor(self.focus, -1);
                Vec::new()
            }
            Intent::Down => {
                self.move_cursor(self.focus, 1);
                Vec::new()
            }
            Intent::Left | Intent::Right if self.focus == Pane::Timeline => {
                let max = 8 * (self.timeline_zoom.saturating_sub(1));
                self.timeline_pan = if intent == Intent::Left {
                    self.timeline_pan.saturating_sub(1)
                } else {
                    (self.timeline_pan + 1).min(max)
                };
                Vec::new()
            }
            Intent::Left | Intent::Right if matches!(self.focus, Pane::Source | Pane::Disasm) => {
                self.scroll_sideways(if intent == Intent::Left { -1 } else { 1 });
                Vec::new()
            }
            Intent::Left | Intent::Right => Vec::new(),
            Intent::Gutter => {
                self.gutter = match self.gutter {
                    Gutter::SoFar => Gutter::Whole,
                    Gutter::Whole => Gutter::SoFar,
                };
                self.status = match (self.gutter, self.profile.is_some()) {
                    (Gutter::SoFar, _) => "gutters: executions, cycles and memory so far".into(),
                    (Gutter::Whole, true) => "gutters: the whole dispatch".into(),
                    (Gutter::Whole, false) => {
                        "gutters: the whole dispatch (its run is not done yet)".into()
                    }
                };
                Vec::new()
            }
            Intent::PageUp => {
                self.move_cursor(self.focus, -page);
                Vec::new()
            }
            Intent::PageDown => {
                self.move_cursor(self.focus, page);
                Vec::new()
            }
            // Zooming keeps the window's start where it was (pan counts eighths of a window).
            Intent::ZoomIn => {
                if self.timeline_zoom < 64 {
                    self.timeline_zoom *= 2;
                    self.timeline_pan *= 2;
                }
                Vec::new()
            }
            Intent::ZoomOut => {
                if self.timeline_zoom > 1 {
                    self.timeline_zoom /= 2;
                    self.timeline_pan = (self.timeline_pan / 2).min(8 * (self.timeline_zoom - 1));
                }
                Vec::new()
            }
            Intent::Jump => match self.focus {
                Pane::Findings => {
                    self.jump_to_finding();
                    Vec::new()
                }
                Pane::Waves => match self.snapshot.waves.get(self.wave_cursor) {
                    Some(w) => {
                        self.wave = w.wave;
                        vec![self.select()]
                    }
                    None => Vec::new(),
                },
                _ => Vec::new(),
            },
        }
    }

    /// Show the selected finding's PC in the disassembly (focused) and its line in the source.
    fn jump_to_finding(&mut self) {
        if let Some(pc) = self.findings.get(self.findings_cursor).and_then(|f| f.pc) {
            if let Some(i) = self.listing.disasm_index(pc) {
                self.disasm_cursor = i;
                self.focus = Pane::Disasm;
            }
            if let Some(l) = self.listing.line_of(pc) {
                self.source_cursor = l as usize - 1;
            }
            self.status = self.findings[self.findings_cursor].text.clone();
        }
    }

    /// Lanes a row of the registers pane's grid holds at the last drawn size.
    /// ← → in the source or disassembly pane: [`SIDEWAYS_STEP`] columns, no further than the longest line
    /// (its last column stays in view).
    fn scroll_sideways(&mut self, dir: i32) {
        let (col, longest) = match self.focus {
            Pane::Source => (
                &mut self.source_col,
                self.listing
                    .source
                    .iter()
                    .map(|l| l.replace('\t', "    ").chars().count())
                    .max()
                    .unwrap_or(0),
            ),
            Pane::Disasm => (
                &mut self.disasm_col,
                self.listing
                    .disasm
                    .iter()
                    .map(|d| d.text.chars().count())
                    .max()
                    .unwrap_or(0),
            ),
            _ => return,
        };
        *col = if dir < 0 {
            col.saturating_sub(SIDEWAYS_STEP)
        } else {
            (*col + SIDEWAYS_STEP).min(longest.saturating_sub(1) / SIDEWAYS_STEP * SIDEWAYS_STEP)
        };
    }

    fn lanes_per_row(&self) -> usize {
        layout(self.area, self.focus)
            .panes
            .iter()
            .find(|(p, _)| *p == Pane::Registers)
            .map_or(8, |(_, r)| {
                crate::panes::registers::lanes_per_row(r.width.saturating_sub(2))
            })
    }

    /// Mouse: the wheel scrolls the pane under the pointer, a click focuses it and selects the row (in the
    /// registers pane, the lane under the pointer).
    pub fn mouse(&mut self, m: &MouseEvent) -> Vec<Out> {
        let hit = layout(self.area, self.focus)
            .panes
            .into_iter()
            .find(|(_, r)| r.contains((m.column, m.row).into()));
        let Some((pane, rect)) = hit else {
            return Vec::new();
        };
        match m.kind {
            MouseEventKind::ScrollDown => self.move_cursor(pane, 3),
            MouseEventKind::ScrollUp => self.move_cursor(pane, -3),
            MouseEventKind::Down(MouseButton::Left) if pane == Pane::Registers => {
                self.focus = pane;
                let inner = Rect::new(
                    rect.x + 1,
                    rect.y + 1,
                    rect.width.saturating_sub(2),
                    rect.height.saturating_sub(2),
                );
                let lane = self.snapshot.regs.as_ref().and_then(|r| {
                    crate::panes::registers::GridLayout::new(r, inner).lane_at(
                        m.column.saturating_sub(inner.x),
                        m.row.checked_sub(inner.y)?,
                    )
                });
                if let Some(l) = lane {
                    self.lane = l;
                    self.status = format!("lane {l}");
                    return vec![self.select()];
                }
            }
            MouseEventKind::Down(MouseButton::Left) if pane == Pane::Findings => {
                self.focus = pane;
                let row = m.row.saturating_sub(rect.y + 1) as usize;
                let inner_h = rect.height.saturating_sub(2);
                let hit = crate::panes::findings::placement(
                    self,
                    rect.width.saturating_sub(2),
                    inner_h - crate::panes::findings::output_rows(self, inner_h),
                )
                .into_iter()
                .find(|&(_, y, n)| (y..y + n).contains(&row));
                if let Some((i, _, _)) = hit {
                    // A click on the selected finding jumps to it, as Enter does.
                    if i == self.findings_cursor {
                        self.jump_to_finding();
                    }
                    self.findings_cursor = i;
                }
            }
            MouseEventKind::Down(MouseButton::Left) if pane == Pane::Timeline => {
                // A click on a running wave's row selects it (row 0 is the legend).
                self.focus = pane;
                let row = m.row.saturating_sub(rect.y + 1) as usize;
                let hit = row
                    .checked_sub(1)
                    .and_then(|r| self.snapshot.timeline.rows.get(r))
                    .filter(|r| !r.ended)
                    .map(|r| r.wave);
                if let Some(w) = hit {
                    self.wave = w;
                    if let Some(i) = self.snapshot.waves.iter().position(|x| x.wave == w) {
                        self.wave_cursor = i;
                    }
                    return vec![self.select()];
                }
            }
            MouseEventKind::Down(MouseButton::Left) => {
                self.focus = pane;
                // Rows are drawn centred on the cursor (see `panes::window`): map the row back. The waves pane
                // has a header row.
                let header = (pane == Pane::Waves) as u16;
                let inner_h = rect.height.saturating_sub(2 + header) as usize;
                let Some(row) = m.row.checked_sub(rect.y + 1 + header) else {
                    return Vec::new();
                };
                let row = row as usize;
                let n = self.pane_len(pane);
                if let Some(c) = self.cursor_mut(pane) {
                    let top = crate::panes::window(*c, n, inner_h).0;
                    if top + row < n {
                        *c = top + row;
                    }
                }
                // A click on a wave selects it.
                if pane == Pane::Waves {
                    if let Some(w) = self.snapshot.waves.get(self.wave_cursor) {
                        self.wave = w.wave;
                        return vec![self.select()];
                    }
                }
            }
            _ => {}
        }
        Vec::new()
    }
}

/// Where each pane goes on a screen of `area`.
/// Printed lines the TUI keeps (the oldest go first).
pub const OUTPUT_MAX_LINES: usize = 10_000;

/// Columns one ← or → scrolls the source and disassembly panes.
pub const SIDEWAYS_STEP: usize = 8;

pub struct Screen {
    pub panes: Vec<(Pane, Rect)>,
    pub status: Rect,
}

/// Wide screens show every pane; below 120x32 the waves, findings and timeline share one slot (the focused one,
/// else the waves), so 80x24 still shows source, disassembly and registers.
pub fn layout(area: Rect, focus: Pane) -> Screen {
    let [main, status] = Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(area);
    let wide = area.width >= 120 && area.height >= 32;
    let mut panes = Vec::new();
    if wide {
        // The focused timeline gets two fifths of the height (more waves at once), else 7 rows.
        let tl = if focus == Pane::Timeline {
            (main.height * 2 / 5).max(7)
        } else {
            7
        };
        let [top, timeline] =
            Layout::vertical([Constraint::Min(10), Constraint::Length(tl)]).areas(main);
        // The registers pane gets what EXEC and VCC on one row need (42 inner columns, registers.rs; so 4 lanes
        // and 4 SGPRs a row), the waves and findings a quarter, the source and disassembly the rest: their lines
        // are the widest text on screen.
        let [left, mid, right] = Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(44),
            Constraint::Percentage(25),
        ])
        .areas(top);
        let [src, dis] =
            Layout::vertical([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(left);
        let [waves, findings] =
            Layout::vertical([Constraint::Percentage(65), Constraint::Percentage(35)]).areas(right);
        panes.extend([
            (Pane::Source, src),
            (Pane::Disasm, dis),
            (Pane::Registers, mid),
            (Pane::Waves, waves),
            (Pane::Findings, findings),
            (Pane::Timeline, timeline),
        ]);
    } else {
        let [left, right] = Layout::default()
            .direction(Direction::Horizontal)
            .constraints([Constraint::Percentage(50), Constraint::Percentage(50)])
            .areas(main);
        let [src, dis] =
            Layout::vertical([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(left);
        let [regs, other] =
            Layout::vertical([Constraint::Percentage(62), Constraint::Percentage(38)]).areas(right);
        let third = match focus {
            Pane::Findings | Pane::Timeline => focus,
            _ => Pane::Waves,
        };
        panes.extend([
            (Pane::Source, src),
            (Pane::Disasm, dis),
            (Pane::Registers, regs),
            (third, other),
        ]);
    }
    Screen { panes, status }
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let screen = layout(area, self.focus);
        for (pane, rect) in &screen.panes {
            crate::panes::render(self, *pane, *rect, buf);
        }
        crate::panes::status::render(self, screen.status, buf);
        if self.mode == Mode::Help {
            crate::panes::help::render(area, buf);
        }
        if self.mode == Mode::Memory {
            crate::panes::memory::render(self, area, buf);
        }
    }
}
