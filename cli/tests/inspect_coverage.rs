//! How many of the variables clang describes in the examples wavescope can print, and why not the rest.
//!
//! For every example, waves are stepped one instruction at a time on the interactive machine (from their first
//! instruction, where `inspect::stop_at_pc` stops them) and at every PC they reach (the first visits) every
//! variable `variables_at(pc)` lists is read for the first active lane. Source variables (name + declaration
//! file:line, so the copies of an inlined function's variable count once) are then sorted into: printed from DWARF,
//! printed from the kernarg segment (OpenCL kernel stub arguments), or the reason they cannot be: no location in
//! any DIE, a location only in code the dispatch never runs, or a location that reads as undefined. The test fails
//! if any location that covers a reached PC cannot be evaluated for another reason (an unsupported operation, an
//! unreadable register or address): that would be a wavescope gap, not a compiler choice.
//!
//! `cargo test --release -p wavescope-cli --test inspect_coverage -- --nocapture` prints the table.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;
use wavescope::debug_info::{EvalError, VarKind, VarLocation, WaveView};
use wavescope::isa::Op;
use wavescope::launch::RunOptions;
use wavescope::machine::{Plan, Stop};
use wavescope::session::Session;
use wavescope_cli::inspect::{self, InspectOptions, ValueOrigin};

type Key = (String, String, u32);

#[derive(Default)]
struct Seen {
    /// Source variables read at some PC.
    printed: BTreeSet<Key>,
    /// Source variables printed from the kernarg segment.
    kernarg: BTreeSet<Key>,
    /// Source variables whose location at a reached PC evaluated to "undefined" (optimized out inside a range).
    undefined: BTreeSet<Key>,
    /// Failures other than optimized out: (variable, pc, error).
    failures: Vec<(Key, u64, String)>,
    /// PCs reached.
    pcs: BTreeSet<u64>,
}

fn key(di: &wavescope::debug_info::DebugInfo, v: &wavescope::debug_info::Variable) -> Key {
    let (file, line) = match v.decl {
        Some(l) => (
            di.file(l.file).map(|f| f.path.clone()).unwrap_or_default(),
            l.line,
        ),
        None => (String::new(), 0),
    };
    (v.name.to_string(), file, line)
}

fn survey(name: &str, waves: &[u32], seen: &mut Seen) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name);
    for &wave in waves {
        let s = Session::load(&dir, &RunOptions::default()).unwrap();
        let di = s.debug_info.clone().unwrap();
        let mut visits: HashMap<u64, u32> = HashMap::new();
        let mut stops: Vec<u64> = Vec::new();
        // The wave at its first instruction, then stepped (the others run while it waits at a barrier) until
        // it is about to end, faults, or the dispatch's budget is spent.
        let entry = s.abi().entry_pc;
        let Ok(mut st) = inspect::stop_at_pc(s, entry, wave, &InspectOptions::default()) else {
            continue;
        };
        st.machine.clear_breakpoints_and_watches();
        let m = &mut st.machine;
        let budget = wavescope::launch::DEFAULT_MAX_INSTRUCTIONS;
        while m.wave_instructions() < budget {
            let Some(v) = m.debug_view(wave) else { break };
            let pc = v.pc();
            let n = visits.entry(pc).or_default();
            *n += 1;
            if *n <= 2 {
                seen.pcs.insert(pc);
                let exec = v.exec();
                let lane = if exec == 0 { 0 } else { exec.trailing_zeros() };
                for var in di.variables_at(pc) {
                    match di.read_variable(&var, &v, lane) {
                        Ok(_) => {
                            seen.printed.insert(key(&di, &var));
                        }
                        Err(EvalError::OptimizedOut) => {
                            if matches!(var.location, VarLocation::Expr(_) | VarLocation::Const(_))
                            {
                                seen.undefined.insert(key(&di, &var));
                            }
                            if var.kind == VarKind::Param
                                && di.function_at(pc).map(|f| f.entry) == Some(entry)
                            {
                                stops.push(pc);
                            }
                        }
                        Err(e) => seen.failures.push((key(&di, &var), pc, e.to_string())),
                    }
                }
            }
            // a stepped wave that ends lets the whole dispatch run on: stop before its s_endpgm
            if m.dispatch()
                .program
                .inst_at(pc)
                .is_none_or(|i| i.op == Op::S_ENDPGM)
            {
                break;
            }
            m.resume(Plan::step(wave, false));
            match m.run(&mut || false) {
                Some(Stop::StepDone { .. }) => {}
                _ => break,
            }
        }
        // Kernel arguments from the kernarg segment: stop again at one PC where a parameter was optimized out.
        stops.sort_unstable();
        stops.dedup();
        if let Some(&pc) = stops.first() {
            let s = Session::load(&dir, &RunOptions::default()).unwrap();
            if let Ok(st) = inspect::stop_at_pc(s, pc, wave, &InspectOptions::default()) {
                let lane = st.wave().exec().trailing_zeros().min(63);
                let vars = di.variables_at(pc);
                for (v, l) in vars.iter().zip(inspect::locals(&st, lane)) {
                    if l.origin == ValueOrigin::Kernarg {
                        seen.kernarg.insert(key(&di, v));
                    }
                }
            }
        }
    }
}

struct Row {
    name: String,
    total: usize,
    dwarf: usize,
    kernarg: usize,
    no_location: usize,
    /// Of `no_location`: parameters of the kernel (HIP kernels, and OpenCL bodies not covered by the stub).
    no_location_kernel_params: usize,
    not_run: usize,
    undefined: usize,
}

#[test]
fn variables_clang_describes_and_what_wavescope_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples");
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("case.json").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    let mut unexplained = Vec::new();
    let mut detail = Vec::new();
    for name in &names {
        let s = Session::load(&root.join(name), &RunOptions::default()).unwrap();
        let di = s.debug_info.clone().unwrap();
        let d = &s.dispatch;
        // The first wave, a middle one and the last (guards and partial groups take other paths), bounded so the
        // 4096-wave benchmark only runs its first wave.
        let last = (d.wave_count() as u32).saturating_sub(1);
        let mut waves = vec![0];
        if d.wave_count() <= 256 {
            waves.extend([last / 2, last]);
        }
        waves.sort_unstable();
        waves.dedup();
        let mut seen = Seen::default();
        survey(name, &waves, &mut seen);
        failures.extend(seen.failures.iter().map(|f| format!("{name}: {f:?}")));

        // Every source variable of the object, with whether any of its DIEs has a location description.
        let mut described: BTreeMap<Key, bool> = BTreeMap::new();
        for v in di.all_variables() {
            let has = !di.variable_locations(&v).is_empty()
                && di
                    .variable_locations(&v)
                    .iter()
                    .any(|(_, l)| !matches!(l, VarLocation::OptimizedOut));
            *described.entry(key(&di, &v)).or_default() |= has;
        }
        // The kernel's parameters: those of its outermost frame at the entry, and of an inlined OpenCL body.
        let entry = s.abi().entry_pc;
        let frames = di.frames(entry);
        let kernel_params: BTreeSet<Key> = di
            .variables_at(entry)
            .iter()
            .filter(|v| {
                v.kind == VarKind::Param
                    && (v.frame + 1 == frames.len()
                        || frames
                            .get(v.frame)
                            .is_some_and(|f| f.function.starts_with("__clang_ocl_kern_imp_")))
            })
            .map(|v| key(&di, v))
            .collect();
        let mut row = Row {
            name: name.clone(),
            total: described.len(),
            dwarf: 0,
            kernarg: 0,
            no_location: 0,
            no_location_kernel_params: 0,
            not_run: 0,
            undefined: 0,
        };
        for (k, has_location) in &described {
            if seen.printed.contains(k) {
                row.dwarf += 1;
            } else if seen.kernarg.contains(k) {
                row.kernarg += 1;
            } else if !has_location {
                detail.push(format!("{name}: no location: {} ({}:{})", k.0, k.1, k.2));
                row.no_location += 1;
                if kernel_params.contains(k) {
                    row.no_location_kernel_params += 1;
                }
            } else if seen.undefined.contains(k) {
                row.undefined += 1;
            } else {
                // Described, never read: its location ranges must all lie in code these waves did not reach.
                let reached = di
                    .all_variables()
                    .iter()
                    .filter(|v| key(&di, v) == *k)
                    .any(|v| {
                        di.variable_locations(v).iter().any(|(r, l)| {
                            !matches!(l, VarLocation::OptimizedOut)
                                && match r {
                                    Some((b, e)) => seen.pcs.range(*b..*e).next().is_some(),
                                    None => false,
                                }
                        })
                    });
                if reached {
                    unexplained.push(format!("{name}: {k:?}"));
                }
                detail.push(format!("{name}: not run: {} ({}:{})", k.0, k.1, k.2));
                row.not_run += 1;
            }
        }
        rows.push(row);
    }
    println!("| example | source variables | printed (DWARF) | printed (kernarg) | no location in any DIE (kernel params) | location only in code not run | undefined where described |");
    println!("|---|---|---|---|---|---|---|");
    let mut t = [0usize; 7];
    for r in &rows {
        println!(
            "| {} | {} | {} | {} | {} ({}) | {} | {} |",
            r.name,
            r.total,
            r.dwarf,
            r.kernarg,
            r.no_location,
            r.no_location_kernel_params,
            r.not_run,
            r.undefined
        );
        for (a, b) in t.iter_mut().zip([
            r.total,
            r.dwarf,
            r.kernarg,
            r.no_location,
            r.no_location_kernel_params,
            r.not_run,
            r.undefined,
        ]) {
            *a += b;
        }
    }
    println!(
        "| **all** | {} | {} | {} | {} ({}) | {} | {} |",
        t[0], t[1], t[2], t[3], t[4], t[5], t[6]
    );
    for d in &detail {
        println!("  {d}");
    }
    assert!(
        failures.is_empty(),
        "locations wavescope could not evaluate: {failures:#?}"
    );
    assert!(
        unexplained.is_empty(),
        "described at reached PCs but never read: {unexplained:#?}"
    );
    // Every example whose DWARF describes variables prints something (Triton's objects carry line tables
    // only: no variables to print); together, more than half of the source variables.
    assert!(rows
        .iter()
        .filter(|r| r.total > 0)
        .all(|r| r.dwarf + r.kernarg > 0));
    assert!(rows.iter().filter(|r| r.total > 0).count() >= 20);
    assert!(2 * (t[1] + t[2]) > t[0], "{t:?}");
}
