//! `monitor ...` (qRcmd): what gdb's own commands cannot show. `monitor help` lists them.
//!
//! `disas1 ADDR` answers `LEN TEXT`, one instruction, for the gdb Python disassembler plugin
//! (debugger/gdb/wavescope_disasm.py) that makes `x/i`, `display/i $pc` and `disassemble` print gfx950 text.

use super::GdbTarget;
use gdbstub::target::ext::monitor_cmd::{outputln, ConsoleOutput, MonitorCmd};
use std::fmt::Write;
use wavescope::exec::LANES;

const HELP: &str = "\
wavescope monitor commands. They act on the wave gdb addressed last; prefix \"thread N\" to name one
(the plugin's `wavescope CMD` command, alias `ws`, passes gdb's selected thread):
  disas1 ADDR            one instruction at ADDR as \"LEN TEXT\" (for the disassembler plugin)
  buffers                the kernel's buffer arguments: device address, type, size (for watch/x)
  waves                  every resident wave (ended ones too): work-group, SIMD, PC, state, active lanes
  lanes [vN...]          the lanes of the current wave: active, work-item ids, values of vN
  locals [LANE]          source variables of every frame at the PC, for one lane (default: first active)
  print NAME [LANE|all]  one source variable, for one lane or every active lane
  lane [N|auto]          the lane gdb's own `p VAR`, `info locals` and frame arguments show (default auto:
                         the first active lane of the wave)
  waitcnt                the current wave's outstanding memory operations, vmcnt/lgkmcnt/expcnt and modelled
                         clock, as the cycle model has them (issue and completion cycles per operation)
  timing                 the cycle model so far: wave-cycles issued and stalled, the most stalled PCs
  findings               hazards and missing waits this debugged run has hit so far (the live checker;
                         `serve --stop-on-findings` also stops a wave at each new one)
  hazards                the same findings with their totals (what `wavescope run` prints at the end)
  races                  race and barrier findings so far (the live race checker, LDS by default): both
                         accesses of each race with PCs, instructions, source lines, waves and bytes
  lds ADDR LEN           bytes of the current wave's work-group LDS
  scratch LANE ADDR LEN  bytes of one lane's private (scratch) memory
  watch                  the last watched write: which lanes wrote what
  trace start FILE       write a Perfetto trace of what executes from now on (cycle-model time); FILE is
                         relative to the server's trace directory (its working directory or --trace-dir)
  trace stop             complete it (the end of the dispatch or of the session completes it too)
  help";

/// Most bytes a dump prints.
const MAX_DUMP: u64 = 64 * 1024;

fn parse_num(s: &str) -> Option<u64> {
    let s = s.trim();
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

fn hex_dump(out: &mut String, base: u64, bytes: &[u8]) {
    for (i, row) in bytes.chunks(16).enumerate() {
        let _ = write!(out, "0x{:08x}:", base + 16 * i as u64);
        for b in row {
            let _ = write!(out, " {b:02x}");
        }
        out.push('\n');
    }
}

impl GdbTarget {
    /// Run one monitor command; the text gdb prints.
    pub fn monitor(&mut self, cmd: &str) -> String {
        let mut words: Vec<&str> = cmd.split_whitespace().collect();
        let mut out = String::new();
        // "thread N CMD": act on thread N (the plugin's `wavescope` command passes gdb's selected thread this
        // way; a plain `monitor CMD` acts on the wave gdb addressed last).
        if let ["thread", n, ..] = words.as_slice() {
            match n
                .parse::<u32>()
                .ok()
                .filter(|&t| t > 0 && self.machine.is_live(t - 1))
            {
                Some(t) => self.set_current(t - 1),
                None => return format!("error: no live thread {n}"),
            }
            words.drain(..2);
        }
        match words.as_slice() {
            [] | ["help"] => out.push_str(HELP),
            ["disas1", addr] => match parse_num(addr) {
                Some(a) => out.push_str(&self.disas1(a)),
                None => out.push_str("error: disas1 ADDR"),
            },
            ["waves"] => self.waves_text(&mut out),
            ["lane"] => match self.var_lane {
                Some(l) => {
                    let _ = write!(out, "gdb shows source variables of lane {l}");
                }
                None => out.push_str("gdb shows source variables of the first active lane (auto)"),
            },
            ["lane", "auto"] => {
                self.var_lane = None;
                out.push_str("gdb shows source variables of the first active lane");
            }
            ["lane", n] => match parse_num(n) {
                Some(l) if l < LANES as u64 => {
                    self.var_lane = Some(l as u32);
                    let _ = write!(out, "gdb shows source variables of lane {l}");
                }
                _ => out.push_str("error: lane [0..63|auto]"),
            },
            ["buffers"] => self.buffers_text(&mut out),
            ["lanes", regs @ ..] => self.lanes_text(regs, &mut out),
            ["waitcnt"] => self.waitcnt_text(&mut out),
            ["locals"] => self.locals_text(None, &mut out),
            ["locals", lane] => match parse_num(lane) {
                Some(l) if l < LANES as u64 => self.locals_text(Some(l as u32), &mut out),
                _ => out.push_str("error: locals [LANE 0..63]"),
            },
            ["print", name] => self.print_text(name, Some(None), &mut out),
            ["print", name, "all"] => self.print_text(name, None, &mut out),
            ["print", name, lane] => match parse_num(lane) {
                Some(l) if l < LANES as u64 => {
                    self.print_text(name, Some(Some(l as u32)), &mut out)
                }
                _ => out.push_str("error: print NAME [LANE 0..63|all]"),
            },
            ["hazards"] => self.hazards_text(&mut out),
            ["races"] => self.races_text(&mut out),
            ["lds", addr, len] => match (parse_num(addr), parse_num(len)) {
                (Some(a), Some(n)) => self.lds_text(a, n, &mut out),
                _ => out.push_str("error: lds ADDR LEN"),
            },
            ["scratch", lane, addr, len] => {
                match (parse_num(lane), parse_num(addr), parse_num(len)) {
                    (Some(l), Some(a), Some(n)) => self.scratch_text(l, a, n, &mut out),
                    _ => out.push_str("error: scratch LANE ADDR LEN"),
                }
            }
            ["watch"] => self.watch_text(&mut out),
            ["findings"] => self.findings_text(&mut out),
            ["timing"] => self.timing_text(&mut out),
            ["trace", "start", file] => out.push_str(&self.trace_start(file)),
            ["trace", "stop"] => out.push_str(&self.trace_stop()),
            ["trace", ..] => out.push_str("error: trace start FILE | trace stop"),
            _ => {
                let _ = write!(out, "unknown monitor command \"{}\"\n{HELP}", cmd.trim());
            }
        }
        out
    }

    /// "LEN TEXT" for the instruction at `addr`; words that start no instruction print as `.long`.
    fn disas1(&self, addr: u64) -> String {
        let program = &self.machine.dispatch().program;
        if let Some(i) = program.inst_at(addr) {
            return format!("{} {}", i.size, self.machine.session().inst_text(addr));
        }
        let mut w = [0u8; 4];
        if self.machine.read_memory(None, addr, &mut w) == 4 {
            format!("4 .long 0x{:08x}", u32::from_le_bytes(w))
        } else {
            format!("error: cannot read memory at 0x{addr:x}")
        }
    }

    fn buffers_text(&self, out: &mut String) {
        let s = self.machine.session();
        let d = self.machine.dispatch();
        let names: Vec<&str> = d
            .abi
            .args
            .iter()
            .filter(|a| !a.is_hidden())
            .map(|a| a.name.as_str())
            .collect();
        for (i, spec) in s.manifest.args.iter().enumerate() {
            let name = names.get(i).copied().unwrap_or("?");
            match (spec, d.buffer_addrs.get(i).copied().flatten()) {
                (wavescope::manifest::ArgSpec::Buffer { dtype, count, .. }, Some(addr)) => {
                    let _ = writeln!(
                        out,
                        "args[{i}] {name}: 0x{addr:x} {}[{count}] ({} bytes)",
                        dtype.name(),
                        count * dtype.size()
                    );
                }
                (wavescope::manifest::ArgSpec::Local { bytes }, _) => {
                    let _ = writeln!(out, "args[{i}] {name}: __local, {bytes} bytes of LDS");
                }
                _ => {}
            }
        }
    }

    fn waves_text(&self, out: &mut String) {
        let m = &self.machine;
        let (retired, resident, pending) = m.group_counts();
        let _ = writeln!(
            out,
            "{} waves in {} work-groups: {resident} resident, {retired} retired, {pending} not launched yet",
            m.total_waves(),
            retired + resident + pending
        );
        let cur = self.current_wave();
        let _ = writeln!(
            out,
            "  Thread  Wave  Work-group   SIMD  PC              State      Lanes"
        );
        // Ended waves of resident work-groups are shown too (gdb no longer lists them as threads).
        for w in m.resident_waves() {
            let g = w.id.work_group;
            let _ = writeln!(
                out,
                "{} {:<6}  {:<4}  {:<11}  {:<4}  0x{:012x}  {:<9}  {}",
                if cur == Some(w.id.wave) { '*' } else { ' ' },
                w.id.wave + 1,
                w.id.wave,
                format!("{},{},{}", g[0], g[1], g[2]),
                w.id.simd,
                w.pc,
                m.wave_state(w).as_str(),
                w.exec().count_ones()
            );
        }
    }

    fn lanes_text(&self, regs: &[&str], out: &mut String) {
        let Some(wave) = self.current_wave().and_then(|w| self.machine.wave(w)) else {
            out.push_str("no wave");
            return;
        };
        let d = self.machine.dispatch();
        let mut vregs = Vec::new();
        for r in regs {
            match r
                .strip_prefix('v')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|&n| n < 256)
            {
                Some(n) => vregs.push(n),
                None => {
                    let _ = writeln!(out, "error: \"{r}\" is not a VGPR (v0..v255)");
                    return;
                }
            }
        }
        let exec = wave.exec();
        let g = wave.id.work_group;
        let _ = writeln!(
            out,
            "wave {} (wg {},{},{}) exec 0x{exec:016x} ({} active)",
            wave.id.wave,
            g[0],
            g[1],
            g[2],
            exec.count_ones()
        );
        let _ = write!(out, "lane  act  local (x,y,z)    global (x,y,z)");
        for v in &vregs {
            let _ = write!(out, "  {:>10}", format!("v{v}"));
        }
        out.push('\n');
        // Work-item ids from the wave's place in its work-group (x fastest), as the launch assigned them.
        let b = d.block;
        let size: [u32; 3] = [0, 1, 2].map(|k| (d.grid[k] - g[k] * b[k]).min(b[k]));
        for lane in 0..LANES {
            let i = wave.id.wave_in_group * LANES as u32 + lane as u32;
            if i >= size[0] * size[1] * size[2] {
                break;
            }
            let local = [
                i % size[0],
                (i / size[0]) % size[1],
                i / (size[0] * size[1]),
            ];
            let global: [u32; 3] = [0, 1, 2].map(|k| g[k] * b[k] + local[k]);
            let _ = write!(
                out,
                "{lane:>4}  {}    {:<15}  {:<15}",
                if exec >> lane & 1 != 0 { '*' } else { ' ' },
                format!("{},{},{}", local[0], local[1], local[2]),
                format!("{},{},{}", global[0], global[1], global[2])
            );
            for &v in &vregs {
                let _ = write!(out, "  0x{:08x}", wave.vreg[v][lane]);
            }
            out.push('\n');
        }
    }

    fn waitcnt_text(&self, out: &mut String) {
        let Some(wave) = self.current_wave().and_then(|w| self.machine.wave(w)) else {
            out.push_str("no wave");
            return;
        };
        let session = self.machine.session();
        let id = wave.id.wave;
        let _ = writeln!(
            out,
            "wave {id} at 0x{:x}: {}",
            wave.pc,
            session.inst_text(wave.pc)
        );
        if let Some(i) = self.machine.dispatch().program.inst_at(wave.pc) {
            if i.op == wavescope::isa::Op::S_WAITCNT {
                // waitcnt.md SIMM16: vmcnt [3:0]+[15:14], expcnt [6:4], lgkmcnt [11:8].
                let s = i.imm as u32 & 0xFFFF;
                let _ = writeln!(
                    out,
                    "  waits for vmcnt <= {}, expcnt <= {}, lgkmcnt <= {}",
                    (s & 0xF) | (s >> 14 & 3) << 4,
                    s >> 4 & 7,
                    s >> 8 & 0xF
                );
            }
        }
        let Some(t) = self.machine.timing() else {
            out.push_str("  the cycle model is off: no outstanding operations are known");
            return;
        };
        let Some(c) = t.wave_cycles(id) else {
            out.push_str("  the cycle model has not seen this wave start");
            return;
        };
        let _ = writeln!(
            out,
            "  modelled clock: cycle {} of its work-group ({}): issued {}, stalled {} (s_waitcnt {}, counter full {}, barrier {}, MFMA busy {})",
            c.clock,
            wavescope::observers::timing::MODEL_NAME,
            c.issue,
            c.stall(),
            c.waitcnt,
            c.counter_full,
            c.barrier,
            c.mfma_busy
        );
        let (vm, lgkm) = t.counters(id).unwrap_or((0, 0));
        let _ = writeln!(
            out,
            "  counters: vmcnt {vm}, lgkmcnt {lgkm}, expcnt 0 (exports and GDS only: none in a compute kernel)"
        );
        let ops = t.outstanding(id);
        if ops.is_empty() {
            out.push_str("  outstanding: none");
            return;
        }
        let _ = writeln!(out, "  outstanding ({}):", ops.len());
        for o in &ops {
            let counts = match (o.vmcnt, o.lgkmcnt) {
                (0, l) => format!("lgkmcnt +{l}"),
                (v, 0) => format!("vmcnt +{v}"),
                (v, l) => format!("vmcnt +{v}, lgkmcnt +{l}"),
            };
            let src = session
                .source_line(o.pc)
                .map(|s| format!("  ({s})"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "    0x{:x}  {:<40}  issued at {}, completes at {} (in {} cycles)  {counts}{src}",
                o.pc,
                session.inst_text(o.pc),
                o.issue,
                o.complete,
                o.complete.saturating_sub(c.clock)
            );
        }
    }

    /// Totals of the live cycle model and the instructions that stood still longest.
    fn timing_text(&self, out: &mut String) {
        let Some(t) = self.machine.timing() else {
            out.push_str("the cycle model is off");
            return;
        };
        let c = t.totals();
        let _ = writeln!(
            out,
            "cycle model {} so far: {} wave-cycles issuing, {} stalled (s_waitcnt {}, counter full {}, barrier {}, MFMA busy {})",
            wavescope::observers::timing::MODEL_NAME,
            c.issue,
            c.stall(),
            c.waitcnt,
            c.counter_full,
            c.barrier,
            c.mfma_busy
        );
        let pcs = &self.machine.dispatch().program.pcs;
        let mut rows: Vec<(u64, u64, u64)> = t
            .pc_table()
            .iter()
            .zip(pcs)
            .filter(|(p, _)| p.stall > 0)
            .map(|(p, &pc)| (pc, p.stall, p.count))
            .collect();
        rows.sort_by_key(|&(pc, stall, _)| (std::cmp::Reverse(stall), pc));
        if rows.is_empty() {
            out.push_str("no stalls yet");
            return;
        }
        out.push_str("most stalled instructions (wave-cycles, executions):\n");
        let session = self.machine.session();
        for (pc, stall, count) in rows.into_iter().take(8) {
            let src = session
                .source_line(pc)
                .map(|s| format!("  ({s})"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  0x{pc:x}  {:<40}  {stall} stalled in {count}{src}",
                session.inst_text(pc)
            );
        }
    }

    /// The live checker's findings so far, one line per (finding, producer, consumer).
    fn findings_text(&self, out: &mut String) {
        if !self.machine.hazards_enabled() {
            out.push_str("findings: the live checker is off in this session");
            return;
        }
        let events = self.machine.hazard_events();
        if events.is_empty() {
            out.push_str("findings: none so far in this run");
            return;
        }
        // (label, producer, consumer, missing wait) -> (waves, first wave)
        let mut rows: Vec<(&str, u64, u64, bool, u32, u32)> = Vec::new();
        for e in events {
            match rows
                .iter_mut()
                .find(|r| (r.0, r.1, r.2) == (e.label, e.producer_pc, e.consumer_pc))
            {
                Some(r) => {
                    r.4 += 1;
                    r.5 = r.5.min(e.wave);
                }
                None => rows.push((
                    e.label,
                    e.producer_pc,
                    e.consumer_pc,
                    e.missing_wait,
                    1,
                    e.wave,
                )),
            }
        }
        rows.sort_by_key(|r| (r.1, r.2));
        for (label, p, c, missing, waves, first) in rows {
            let _ = writeln!(out, "{}", finding_line(label, p, c, missing, waves, first));
        }
    }
    /// The session's DWARF model and the current wave, or a line saying why not.
    fn dwarf_wave(
        &self,
        out: &mut String,
    ) -> Option<(std::sync::Arc<wavescope::debug_info::DebugInfo>, u32)> {
        let Some(di) = self.machine.session().debug_info.clone() else {
            out.push_str("no DWARF debug information in this code object");
            return None;
        };
        let Some(w) = self.current_wave() else {
            out.push_str("no wave");
            return None;
        };
        Some((di, w))
    }

    fn locals_text(&self, lane: Option<u32>, out: &mut String) {
        let Some((di, w)) = self.dwarf_wave(out) else {
            return;
        };
        let Some(view) = self.machine.debug_view(w) else {
            return;
        };
        let wave = self.machine.wave(w).unwrap();
        let lane = lane.unwrap_or_else(|| first_lane(wave.exec()));
        let frames = di.frames(wave.pc);
        // the core's one frame view (kernel arguments without a DWARF location come from the kernarg segment)
        let vars = di.frame_values(
            &view,
            &wavescope::debug_info::KernelArgs::of(self.machine.dispatch()),
            lane,
        );
        if vars.is_empty() {
            let _ = write!(out, "no variables in scope at 0x{:x}", wave.pc);
            return;
        }
        let _ = writeln!(out, "wave {w} lane {lane} at 0x{:x}:", wave.pc);
        let mut shown_frame = usize::MAX;
        for v in &vars {
            if v.frame != shown_frame {
                shown_frame = v.frame;
                let name = frames
                    .get(v.frame)
                    .map(|f| f.function.to_string())
                    .unwrap_or_else(|| "<unit>".into());
                let _ = writeln!(out, "#{} {name}", v.frame);
            }
            let _ = writeln!(out, "  {}", v.assignment());
        }
    }

    /// `lane`: Some(Some(l)) one lane, Some(None) the first active lane, None every active lane.
    fn print_text(&self, name: &str, lane: Option<Option<u32>>, out: &mut String) {
        let Some((di, w)) = self.dwarf_wave(out) else {
            return;
        };
        let Some(view) = self.machine.debug_view(w) else {
            return;
        };
        let wave = self.machine.wave(w).unwrap();
        // The innermost variable of that name (variables_at lists innermost scopes first).
        let Some(var) = di
            .variables_at(wave.pc)
            .into_iter()
            .find(|v| &*v.name == name)
        else {
            let _ = write!(out, "no variable \"{name}\" in scope at 0x{:x}", wave.pc);
            return;
        };
        let exec = wave.exec();
        let lanes: Vec<u32> = match lane {
            Some(Some(l)) => vec![l],
            Some(None) => vec![first_lane(exec)],
            None => (0..LANES as u32).filter(|l| exec >> l & 1 != 0).collect(),
        };
        for l in lanes {
            let _ = writeln!(out, "lane {l:>2}: {}", di.format_variable(&var, &view, l));
        }
    }

    /// The live checker's findings so far (`findings`) and their totals, in `wavescope run`'s words: what this
    /// debugged run executed, as it executed it (a stepped or edited run shows what it really did).
    fn hazards_text(&self, out: &mut String) {
        self.findings_text(out);
        if !self.machine.hazards_enabled() {
            return;
        }
        let mut hazards: Vec<(&str, u64, u64)> = Vec::new();
        let mut missing: Vec<(&str, u64, u64)> = Vec::new();
        for e in self.machine.hazard_events() {
            let key = (e.label, e.producer_pc, e.consumer_pc);
            let v = if e.missing_wait {
                &mut missing
            } else {
                &mut hazards
            };
            if !v.contains(&key) {
                v.push(key);
            }
        }
        let mut rules: Vec<&str> = hazards.iter().map(|h| h.0).collect();
        rules.sort();
        rules.dedup();
        let list = if rules.is_empty() {
            String::new()
        } else {
            format!(" ({})", rules.join(", "))
        };
        let _ = write!(
            out,
            "\nhazards: {} finding{}{list}, missing waits: {} (after {} of the dispatch's wave-instructions so far)",
            hazards.len(),
            if hazards.len() == 1 { "" } else { "s" },
            missing.len(),
            self.machine.wave_instructions()
        );
    }

    /// The live race checker's findings so far, each with both sides, then `wavescope run`'s summary line.
    fn races_text(&self, out: &mut String) {
        let Some(found) = self.machine.race_findings() else {
            out.push_str("races: the live race checker is off in this session");
            return;
        };
        let session = self.machine.session();
        let described = wavescope::observers::races::describe(session, &found);
        for f in &described {
            out.push_str(&race_text(f));
        }
        let _ = write!(
            out,
            "{} (after {} of the dispatch's wave-instructions so far)",
            wavescope::observers::races::summary_line(&described, found.options),
            self.machine.wave_instructions()
        );
    }

    fn lds_text(&self, addr: u64, len: u64, out: &mut String) {
        let Some(w) = self.current_wave() else {
            out.push_str("no wave");
            return;
        };
        match self.machine.lds(w) {
            Ok(lds) => dump_slice(out, "LDS", lds, addr, len),
            Err(e) => out.push_str(&e.to_string()),
        }
    }

    fn scratch_text(&self, lane: u64, addr: u64, len: u64, out: &mut String) {
        let Some(w) = self.current_wave() else {
            out.push_str("no wave");
            return;
        };
        match self.machine.scratch(w, lane.min(u32::MAX as u64) as u32) {
            Ok(s) => dump_slice(out, "scratch", s, addr, len),
            Err(e) => out.push_str(&e.to_string()),
        }
    }

    fn watch_text(&self, out: &mut String) {
        let Some(h) = self.machine.last_watch() else {
            out.push_str("no watched write yet");
            return;
        };
        let _ = writeln!(
            out,
            "wave {} at 0x{:x} ({}) wrote 0x{:x} (watch 0x{:x}, {} bytes)",
            h.wave,
            h.pc,
            self.machine.session().inst_text(h.pc),
            h.addr,
            h.watch_addr,
            h.watch_len
        );
        let _ = writeln!(out, "  old: {}", hex_bytes(&h.old));
        let _ = writeln!(out, "  new: {}", hex_bytes(&h.new));
        if h.lanes.is_empty() {
            out.push_str("  lanes: not known for this kind of instruction");
        }
        for l in &h.lanes {
            let mut b = vec![0u8; l.len as usize];
            let n = self.machine.read_memory(None, l.addr, &mut b);
            let _ = writeln!(
                out,
                "  lane {:>2} wrote {} bytes at 0x{:x}: {}",
                l.lane,
                l.len,
                l.addr,
                hex_bytes(&b[..n])
            );
        }
    }
}

/// `hazard H4.5-18a (...): producer 0x1784 -> consumer 0x178c (3 waves, first wave 0)`.
pub(crate) fn finding_line(
    label: &str,
    producer: u64,
    consumer: u64,
    missing_wait: bool,
    waves: u32,
    first_wave: u32,
) -> String {
    let what = if missing_wait {
        format!("missing wait (needs s_waitcnt {label})")
    } else {
        let text = wavescope::observers::hazards::Rule::from_id(label)
            .map(|r| r.text())
            .unwrap_or("");
        format!("hazard {label} ({text})")
    };
    format!(
        "{what}: producer 0x{producer:x} -> consumer 0x{consumer:x} ({waves} wave{}, first wave {first_wave})",
        if waves == 1 { "" } else { "s" }
    )
}

/// A race or barrier finding with both sides, one per line:
/// ```text
/// race error (LDS WAR) at 0x100..0x1fc in LDS variable sdata (+0x100), 64 times so far
///   first:  wave 0 lane 0 read  0x4978  ds_read2_b32 v[2:3], v1 offset1:64  (races.hip:13)
///   second: wave 1 lane 0 write 0x4960  ds_write_b32 v1, v2  (races.hip:13)
///   fix: no barrier between the read at races.hip:13 and the write at races.hip:13
/// ```
pub(crate) fn race_text(f: &wavescope::observers::races::RaceFinding) -> String {
    let src = |s: &Option<String>| s.as_deref().map(|s| format!("  ({s})")).unwrap_or_default();
    let hint = f
        .message
        .rsplit_once(": ")
        .map(|(_, h)| h)
        .unwrap_or(&f.message);
    let mut out = String::new();
    match f.kind.as_str() {
        "lds" | "global" | "intra-instruction" => {
            let (fk, sk) = match f.access.as_str() {
                "RAW" => ("write", "read "),
                "WAR" => ("read ", "write"),
                _ => ("write", "write"),
            };
            let range = if f.address_lo == f.address_hi {
                f.address_lo.clone()
            } else {
                format!("{}..{}", f.address_lo, f.address_hi)
            };
            let region = f
                .region
                .as_deref()
                .map(|r| format!(" in {r}"))
                .unwrap_or_default();
            let what = match f.kind.as_str() {
                "lds" => "LDS",
                "global" => "global",
                _ => "intra-instruction",
            };
            let _ = writeln!(
                out,
                "race {} ({what} {}) at {range}{region}, {} time{}",
                f.severity,
                f.access,
                f.occurrences,
                if f.occurrences == 1 { "" } else { "s" }
            );
            let _ = writeln!(
                out,
                "  first:  wave {} lane {} {fk} {}  {}{}",
                f.first_wave,
                f.first_lane,
                f.first_pc,
                f.first_instruction,
                src(&f.first_source)
            );
            let _ = writeln!(
                out,
                "  second: wave {} lane {} {sk} {}  {}{}",
                f.second_wave,
                f.second_lane,
                f.second_pc,
                f.second_instruction,
                src(&f.second_source)
            );
            let _ = writeln!(out, "  fix: {hint}");
        }
        _ => {
            let _ = writeln!(out, "{}", f.message);
        }
    }
    out
}

fn first_lane(exec: u64) -> u32 {
    if exec == 0 {
        0
    } else {
        exec.trailing_zeros()
    }
}

fn hex_bytes(b: &[u8]) -> String {
    b.iter()
        .map(|x| format!("{x:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn dump_slice(out: &mut String, what: &str, mem: &[u8], addr: u64, len: u64) {
    let len = len.min(MAX_DUMP);
    let start = addr.min(mem.len() as u64) as usize;
    let end = addr.saturating_add(len).min(mem.len() as u64) as usize;
    if start >= end {
        let _ = write!(out, "{what}: 0x{addr:x} is outside its {} bytes", mem.len());
        return;
    }
    hex_dump(out, addr, &mem[start..end]);
}

impl MonitorCmd for GdbTarget {
    fn handle_monitor_cmd(
        &mut self,
        cmd: &[u8],
        mut out: ConsoleOutput<'_>,
    ) -> Result<(), Self::Error> {
        let text = match std::str::from_utf8(cmd) {
            Ok(c) => self.monitor(c),
            Err(_) => "monitor commands are text".to_string(),
        };
        outputln!(out, "{}", text.trim_end());
        Ok(())
    }
}
