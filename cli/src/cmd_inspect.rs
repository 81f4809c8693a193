//! `wavescope inspect`: run a dispatch until one wave reaches a source line, then print that wave's stop (wave,
//! work-group, PC, source line) and the source variables of its frame for the lanes asked, non-interactively.
//!
//! The run is `wavescope_cli::inspect::stop_at_line` (the interactive machine, work-groups in order, waves as
//! `wavescope run --jobs 1` runs them); values come from the core's frame view (`DebugInfo::frame_values`): the
//! DWARF location of each variable at the stop PC, or, for kernel arguments clang leaves without a location, the
//! kernarg segment (marked `[kernarg]`).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use wavescope::exec::LANES;
use wavescope::launch::RunOptions;
use wavescope::session::Session;
use wavescope_cli::inspect::{self, InspectOptions, StoppedWave, ValueOrigin};

pub struct InspectArgs {
    pub manifest: PathBuf,
    /// `FILE:LINE`, or `*ADDR` for an instruction address.
    pub breakpoint: String,
    pub wave: u32,
    pub lanes: Vec<u32>,
    pub hit: u32,
    pub max_instructions: u64,
    pub source_dirs: Vec<PathBuf>,
}

/// Where to stop, as the user wrote it.
enum Spec {
    Line(String, u32),
    Pc(u64),
}

fn parse_spec(s: &str) -> anyhow::Result<Spec> {
    let s = s.trim();
    if let Some(a) = s.strip_prefix('*') {
        let a = a.trim();
        let pc = match a.strip_prefix("0x").or_else(|| a.strip_prefix("0X")) {
            Some(h) => u64::from_str_radix(h, 16),
            None => a.parse(),
        }
        .with_context(|| format!("--break {s}: `{a}` is not an address (write *0x1760)"))?;
        return Ok(Spec::Pc(pc));
    }
    let Some((file, line)) = s.rsplit_once(':') else {
        bail!("--break {s}: write FILE:LINE (kernel.cl:30) or *ADDR (*0x1760)");
    };
    let line: u32 = line
        .trim()
        .parse()
        .ok()
        .filter(|&l| l > 0)
        .with_context(|| format!("--break {s}: `{line}` is not a line number"))?;
    if file.is_empty() {
        bail!("--break {s}: the file name is missing (kernel.cl:{line})");
    }
    Ok(Spec::Line(file.to_string(), line))
}

pub fn run(a: &InspectArgs) -> anyhow::Result<ExitCode> {
    let spec = parse_spec(&a.breakpoint)?;
    if let Some(&bad) = a.lanes.iter().find(|&&l| l as usize >= LANES) {
        bail!("--lane {bad}: a gfx950 wave has lanes 0..{}", LANES - 1);
    }
    // SessionError names the file and the key already
    let session = Session::load(&a.manifest, &RunOptions::default())?;
    if let Some(di) = &session.debug_info {
        // damaged DWARF is reported as such (where: section, offset), not as "no line table"
        if di.line_rows().is_empty() {
            if let Some(n) = di.notes().iter().find(|n| n.0.starts_with("corrupt DWARF")) {
                bail!("{}: {n}", session.manifest.code_object.display());
            }
        }
    }
    let opts = InspectOptions {
        max_instructions: a.max_instructions,
        hit: a.hit.max(1),
    };
    let stopped = match &spec {
        Spec::Line(file, line) => inspect::stop_at_line_with(session, file, *line, a.wave, &opts),
        Spec::Pc(pc) => inspect::stop_at_pc(session, *pc, a.wave, &opts),
    };
    let stopped = match stopped {
        Ok(s) => s,
        // the budget ran out: exit 4, as `run` and `profile` do
        Err(e @ inspect::InspectError::InstructionLimit { .. }) => {
            eprintln!("wavescope: error: {e}");
            return Ok(ExitCode::from(4));
        }
        Err(e) => return Err(e.into()),
    };
    let lanes = if a.lanes.is_empty() {
        vec![0]
    } else {
        a.lanes.clone()
    };
    if let Spec::Line(file, line) = &spec {
        if stopped.line != *line {
            println!(
                "{file}:{line} has no code; stopping at line {}, the next line that has some",
                stopped.line
            );
        }
    }
    print!("{}", render(&stopped, &lanes, &a.source_dirs, opts.hit));
    Ok(ExitCode::SUCCESS)
}

/// The stop and the locals of every lane, as printed.
fn render(s: &StoppedWave, lanes: &[u32], source_dirs: &[PathBuf], hit: u32) -> String {
    let mut o = String::new();
    let id = s.id();
    let wg = id.work_group;
    let arrival = if hit > 1 {
        format!(", arrival {hit}")
    } else {
        String::new()
    };
    let _ = writeln!(
        o,
        "wave {} (work-group {},{},{}, wave {} of the group) stopped at {} (pc 0x{:x}{arrival}) after {} wave-instructions of the run",
        id.wave,
        wg[0],
        wg[1],
        wg[2],
        id.wave_in_group,
        s.location(),
        s.pc(),
        s.run_instructions
    );
    let line = s
        .session()
        .debug_info
        .as_ref()
        .and_then(|d| d.source_loc(s.pc()))
        .map(|l| l.line)
        .unwrap_or(0);
    match s.source_line(source_dirs) {
        Some(text) => {
            let _ = writeln!(o, "{line:>6} | {text}");
        }
        None => {
            let _ = writeln!(o, "       (source text not found; pass --source-dir DIR)");
        }
    }
    let exec = s.wave().exec();
    let _ = writeln!(o, "exec 0x{exec:016x} ({} lanes active)", exec.count_ones());
    let frames = s.frames();
    if let Some(d) = &s.session().debug_info {
        for (k, f) in frames.iter().enumerate() {
            let _ = writeln!(
                o,
                "  #{k} {} at {}{}",
                f.function,
                d.format_loc(f.loc),
                if f.inlined { " (inlined)" } else { "" }
            );
        }
    }
    for &lane in lanes {
        let _ = writeln!(o);
        let active = exec >> lane & 1 != 0;
        match s.work_item(lane) {
            Some((local, global)) => {
                let _ = writeln!(
                    o,
                    "lane {lane}: work-item local ({},{},{}) global ({},{},{}){}",
                    local[0],
                    local[1],
                    local[2],
                    global[0],
                    global[1],
                    global[2],
                    if active {
                        ""
                    } else {
                        ", inactive here (EXEC bit clear: values may be stale)"
                    }
                );
            }
            None => {
                let _ = writeln!(
                    o,
                    "lane {lane}: holds no work-item (past the end of a partial wave)"
                );
            }
        }
        let vars = inspect::locals(s, lane);
        if vars.is_empty() {
            let _ = writeln!(o, "  no variables are described at this pc");
        }
        let mut last_frame = usize::MAX;
        for v in &vars {
            if v.frame != last_frame {
                last_frame = v.frame;
                let _ = writeln!(o, "  #{} {}", v.frame, v.function);
            }
            let kind = match v.kind {
                wavescope::debug_info::VarKind::Param => "param",
                wavescope::debug_info::VarKind::Local => "local",
                wavescope::debug_info::VarKind::Global => "global",
            };
            let mark = if v.origin == ValueOrigin::Kernarg {
                "   [kernarg]"
            } else {
                ""
            };
            let _ = writeln!(
                o,
                "    {kind:<6} {} {} = {}{mark}",
                v.type_name, v.name, v.value
            );
        }
    }
    o
}
