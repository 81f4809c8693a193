//! The same scripted stock-gdb session (batch mode) on kernels that cover distinct features: MFMA, LDS and
//! barriers, DPP, inlined header functions, device-function calls (direct, through a pointer table, returning
//! float), -O0 code with structs on the private stack, HIP and OpenCL. Every expected value comes from outside the
//! server: the llvm-dwarfdump line tables (examples/*/kernel.lines.txt, fixtures/sweep/*.lines.txt), the
//! llvm-objdump listings, the launch geometry and input files of case.json, AMDGPUUsage's work-item id packing
//! and the numpy reference outputs (the server's `--check`).

mod common;

use common::*;
use std::collections::BTreeMap;
use wavescope::launch::RunOptions;
use wavescope::machine::MachineOptions;
use wavescope::session::Session;
use wavescope_debugger::server::make_target_with;
use wavescope_debugger::{serve_on_with, Ending};

/// One row of a llvm-dwarfdump `--debug-line` listing.
struct Row {
    addr: u64,
    line: u32,
    file: String,
    stmt: bool,
}

fn line_table(path: &str) -> Vec<Row> {
    let text = std::fs::read_to_string(repo(path)).unwrap();
    let mut files: BTreeMap<u32, String> = BTreeMap::new();
    let mut cur = None;
    let mut rows = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        if let Some(rest) = t.strip_prefix("file_names[") {
            cur = rest
                .split(']')
                .next()
                .and_then(|n| n.trim().parse::<u32>().ok());
        } else if let (Some(i), Some(name)) = (cur, t.strip_prefix("name: \"")) {
            files.insert(i, name.trim_end_matches('"').to_string());
            cur = None;
        }
        let f: Vec<&str> = t.split_whitespace().collect();
        if f.len() >= 8 && f[0].starts_with("0x") && !t.contains("end_sequence") {
            let (Ok(addr), Ok(line), Ok(file)) = (
                u64::from_str_radix(&f[0][2..], 16),
                f[1].parse::<u32>(),
                f[3].parse::<u32>(),
            ) else {
                continue;
            };
            rows.push(Row {
                addr,
                line,
                file: files.get(&file).cloned().unwrap_or_default(),
                stmt: t.contains("is_stmt"),
            });
        }
    }
    rows
}

/// Instruction text per address from an llvm-objdump listing, and symbol addresses.
struct Listing {
    insts: BTreeMap<u64, String>,
    syms: BTreeMap<String, u64>,
}

fn listing(path: &str) -> Listing {
    let text = std::fs::read_to_string(repo(path)).unwrap();
    let mut insts = BTreeMap::new();
    let mut syms = BTreeMap::new();
    for l in text.lines() {
        if let Some((code, tail)) = l.split_once("// ") {
            if let Some(a) = tail.get(..12).and_then(|h| u64::from_str_radix(h, 16).ok()) {
                insts.insert(a, code.trim().to_string());
            }
        } else if let Some((a, rest)) = l.split_once(" <") {
            if let (Ok(a), Some(name)) = (u64::from_str_radix(a, 16), rest.strip_suffix(">:")) {
                syms.insert(name.to_string(), a);
            }
        }
    }
    Listing { insts, syms }
}

/// The values gdb printed (`$N = 0x...` lines) in `s`, in order.
fn values(s: &str) -> Vec<u64> {
    s.lines()
        .filter(|l| l.starts_with('$'))
        .filter_map(|l| hex_after(l, " = "))
        .collect()
}

/// The number (0x... hex or decimal) after `marker`.
fn hex_after(s: &str, marker: &str) -> Option<u64> {
    let i = s.find(marker)? + marker.len();
    let t = s[i..].trim_start();
    match t.strip_prefix("0x") {
        Some(h) => {
            let h: String = h.chars().take_while(|c| c.is_ascii_hexdigit()).collect();
            u64::from_str_radix(&h, 16).ok()
        }
        None => t
            .chars()
            .take_while(|c| c.is_ascii_digit())
            .collect::<String>()
            .parse()
            .ok(),
    }
}

/// Text between `@NAME` and the next `@` marker line.
fn section<'a>(out: &'a str, name: &str) -> &'a str {
    let key = format!("@{name}\n");
    let Some(i) = out.find(&key) else {
        panic!("{key:?} not in gdb output:\n{out}");
    };
    let s = &out[i + key.len()..];
    let end = s.find("\n@").map(|e| e + 1).unwrap_or(s.len());
    &s[..end]
}

fn is_flow(inst: &str) -> bool {
    [
        "s_branch",
        "s_cbranch",
        "s_setpc",
        "s_swappc",
        "s_endpgm",
        "s_getpc",
        "s_call",
        "s_trap",
        "s_sleep",
        "s_barrier",
    ]
    .iter()
    .any(|p| inst.starts_with(p))
}

/// Waves of the launch and work-items of wave 0 (edge work-groups have fewer work-items, hence fewer waves).
fn geometry(grid: [u32; 3], block: [u32; 3]) -> (usize, u32) {
    let groups: Vec<u32> = (0..3).map(|d| grid[d].div_ceil(block[d])).collect();
    let mut waves = 0usize;
    for z in 0..groups[2] {
        for y in 0..groups[1] {
            for x in 0..groups[0] {
                let items: u32 = [x, y, z]
                    .iter()
                    .enumerate()
                    .map(|(d, &g)| block[d].min(grid[d] - g * block[d]))
                    .product();
                waves += items.div_ceil(64) as usize;
            }
        }
    }
    let wg0: u32 = (0..3).map(|d| block[d].min(grid[d])).product();
    (waves, wg0.min(64))
}

struct Kernel {
    dir: &'static str,
    lines: &'static str,
    listing: &'static str,
}

const KERNELS: &[Kernel] = &[
    // MFMA 32x32x8 f16, HIP, one wave
    Kernel {
        dir: "examples/labnotes_mfma_f16_32x32x8",
        lines: "examples/labnotes_mfma_f16_32x32x8/kernel.lines.txt",
        listing: "examples/labnotes_mfma_f16_32x32x8/kernel.objdump.txt",
    },
    // DPP row/bank reductions, LDS, barriers, inlined device functions
    Kernel {
        dir: "examples/migraphx_dpp_reduce",
        lines: "examples/migraphx_dpp_reduce/kernel.lines.txt",
        listing: "examples/migraphx_dpp_reduce/kernel.objdump.txt",
    },
    // OpenCL: LDS + barrier, the prelude header's inlined helpers
    Kernel {
        dir: "examples/rodinia_pathfinder",
        lines: "examples/rodinia_pathfinder/kernel.lines.txt",
        listing: "examples/rodinia_pathfinder/kernel.objdump.txt",
    },
    // OpenCL: a device function (Phi) and math library calls
    Kernel {
        dir: "examples/heteromark_bs",
        lines: "examples/heteromark_bs/kernel.lines.txt",
        listing: "examples/heteromark_bs/kernel.objdump.txt",
    },
    // OpenCL f64
    Kernel {
        dir: "examples/polybench_corr_std_f64",
        lines: "examples/polybench_corr_std_f64/kernel.lines.txt",
        listing: "examples/polybench_corr_std_f64/kernel.objdump.txt",
    },
    // HIP: LDS ping-pong scan, many barriers, several waves per work-group
    Kernel {
        dir: "tests/fixtures/extra_kernels_hip/hip_lds_block",
        lines: "debugger/tests/fixtures/sweep/hip_lds_block.lines.txt",
        listing: "tests/fixtures/extra_kernels_hip/hip_lds_block/kernel.objdump.txt",
    },
    // HIP: noinline device functions writing MODE, returning float/double
    Kernel {
        dir: "tests/fixtures/extra_kernels_hip/hip_round_modes",
        lines: "debugger/tests/fixtures/sweep/hip_round_modes.lines.txt",
        listing: "tests/fixtures/extra_kernels_hip/hip_round_modes/kernel.objdump.txt",
    },
    // HIP: indirect calls through a function-pointer table
    Kernel {
        dir: "tests/fixtures/extra_kernels_hip/hip_fnptr_table",
        lines: "debugger/tests/fixtures/sweep/hip_fnptr_table.lines.txt",
        listing: "tests/fixtures/extra_kernels_hip/hip_fnptr_table/kernel.objdump.txt",
    },
    // HIP: MFMA in a loop
    Kernel {
        dir: "tests/fixtures/extra_kernels_hip/hip_mfma_gemm_loop",
        lines: "debugger/tests/fixtures/sweep/hip_mfma_gemm_loop.lines.txt",
        listing: "tests/fixtures/extra_kernels_hip/hip_mfma_gemm_loop/kernel.objdump.txt",
    },
    // HIP: DPP scans of int, half and float
    Kernel {
        dir: "tests/fixtures/extra_kernels_hip/hip_dpp_scan",
        lines: "debugger/tests/fixtures/sweep/hip_dpp_scan.lines.txt",
        listing: "tests/fixtures/extra_kernels_hip/hip_dpp_scan/kernel.objdump.txt",
    },
    // OpenCL -O0: device calls, structs on the private (scratch) stack
    Kernel {
        dir: "tests/fixtures/extra_kernels/rd_cfd_flux_O0",
        lines: "debugger/tests/fixtures/sweep/rd_cfd_flux_O0.lines.txt",
        listing: "tests/fixtures/extra_kernels/rd_cfd_flux_O0/kernel.objdump.txt",
    },
    // HIP: cross-lane shuffles (ds_bpermute, readlane)
    Kernel {
        dir: "tests/fixtures/extra_kernels_hip/hip_warp_shuffle",
        lines: "debugger/tests/fixtures/sweep/hip_warp_shuffle.lines.txt",
        listing: "tests/fixtures/extra_kernels_hip/hip_warp_shuffle/kernel.objdump.txt",
    },
];

/// Round 4's kernels (tests/fixtures/extra_kernels_r4): DPP row broadcasts with ds_swizzle / ds_permute, a
/// recursive device function on the scratch stack, and a softmax with dynamic LDS and several waves.
const R4_KERNELS: &[Kernel] = &[
    Kernel {
        dir: "tests/fixtures/extra_kernels_r4/h_dpp_swizzle",
        lines: "debugger/tests/fixtures/sweep/r4_h_dpp_swizzle.lines.txt",
        listing: "tests/fixtures/extra_kernels_r4/h_dpp_swizzle/kernel.objdump.txt",
    },
    Kernel {
        dir: "tests/fixtures/extra_kernels_r4/h_scratch",
        lines: "debugger/tests/fixtures/sweep/r4_h_scratch.lines.txt",
        listing: "tests/fixtures/extra_kernels_r4/h_scratch/kernel.objdump.txt",
    },
    Kernel {
        dir: "tests/fixtures/extra_kernels_r4/g_soft_max",
        lines: "debugger/tests/fixtures/sweep/r4_g_soft_max.lines.txt",
        listing: "tests/fixtures/extra_kernels_r4/g_soft_max/kernel.objdump.txt",
    },
];

/// Three statement lines of the kernel's own file and one of an included header (inlined helpers), spread
/// over the code; with the is_stmt addresses of each.
fn pick_lines(rows: &[Row]) -> Vec<(String, u32, Vec<u64>)> {
    let mut by_line: BTreeMap<(String, u32), Vec<u64>> = BTreeMap::new();
    for r in rows.iter().filter(|r| r.stmt && r.line > 0) {
        by_line
            .entry((r.file.clone(), r.line))
            .or_default()
            .push(r.addr);
    }
    let main_file = rows.first().map(|_| {
        // The kernel's source: the file with the most rows.
        let mut n: BTreeMap<&str, usize> = BTreeMap::new();
        for r in rows {
            *n.entry(r.file.as_str()).or_default() += 1;
        }
        n.into_iter().max_by_key(|(_, c)| *c).unwrap().0.to_string()
    });
    let main_file = main_file.unwrap_or_default();
    let main: Vec<_> = by_line
        .iter()
        .filter(|((f, _), _)| *f == main_file)
        .collect();
    let other: Vec<_> = by_line
        .iter()
        .filter(|((f, _), _)| *f != main_file)
        .collect();
    let mut picks = Vec::new();
    let n = main.len();
    for i in [n / 4, n / 2, 3 * n / 4] {
        if let Some(((f, l), a)) = main.get(i) {
            if !picks
                .iter()
                .any(|(pf, pl, _): &(String, u32, Vec<u64>)| pf == f && pl == l)
            {
                picks.push((f.clone(), *l, a.to_vec()));
            }
        }
    }
    if let Some(((f, l), a)) = other.get(other.len() / 2) {
        picks.push((f.clone(), *l, a.to_vec()));
    }
    picks
}

fn serve_dir(
    dir: &str,
    reconnect: bool,
) -> (
    u16,
    std::thread::JoinHandle<(Result<wavescope_debugger::ServeOutcome, String>, String)>,
) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let session = Session::load(&repo(dir), &RunOptions::default()).expect("manifest loads");
    let target = make_target_with(session, MachineOptions::default(), false).expect("target");
    let h = std::thread::spawn(move || {
        let mut log = Vec::new();
        let r =
            serve_on_with(listener, target, true, reconnect, &mut log).map_err(|e| e.to_string());
        (r, String::from_utf8_lossy(&log).into_owned())
    });
    (port, h)
}

fn finish(
    h: std::thread::JoinHandle<(Result<wavescope_debugger::ServeOutcome, String>, String)>,
) -> (wavescope_debugger::ServeOutcome, String) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !h.is_finished() {
        assert!(std::time::Instant::now() < deadline, "server did not end");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let (r, log) = h.join().expect("server thread panicked");
    (
        r.unwrap_or_else(|e| panic!("serve failed: {e}\n{log}")),
        log,
    )
}

const GDB_ERRORS: &[&str] = &[
    "internal-error",
    "Invalid remote reply",
    "Remote connection closed",
    "Remote communication error",
    "Unhandled dwarf expression",
    "Python Exception",
    "received signal",
    "Couldn't get registers",
];

fn sweep_one(k: &Kernel) {
    let rows = line_table(k.lines);
    let lst = listing(k.listing);
    let picks = pick_lines(&rows);
    assert!(picks.len() >= 3, "{}: too few statement lines", k.dir);
    let session = Session::load(&repo(k.dir), &RunOptions::default()).unwrap();
    let kernel = session.manifest.kernel.clone();
    let entry = *lst
        .syms
        .get(&kernel)
        .unwrap_or_else(|| panic!("{kernel} not in {}", k.listing));
    // The first buffer argument read from a file: its address, and its first 16 bytes on disk.
    let (buf_addr, buf_words) = session
        .manifest
        .args
        .iter()
        .enumerate()
        .find_map(|(i, a)| {
            let wavescope::manifest::ArgSpec::Buffer { file: Some(f), .. } = a else {
                return None;
            };
            let addr = session.dispatch.buffer_addrs.get(i).copied().flatten()?;
            let bytes = std::fs::read(repo(k.dir).join(f)).ok()?;
            let words: Vec<u32> = bytes
                .chunks_exact(4)
                .take(4)
                .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
                .collect();
            (words.len() == 4).then_some((addr, words))
        })
        .unwrap_or_else(|| panic!("{}: no buffer argument with an input file", k.dir));
    let (waves, wave0_items) = geometry(session.manifest.grid, session.manifest.block);
    drop(session);

    let (port, h) = serve_dir(k.dir, false);
    let mut cmds: Vec<String> = vec![
        "echo @start\\n".into(),
        "p $pc".into(),
        "p/x $exec".into(),
        "p $v0[1]".into(),
        format!("x/4xw 0x{buf_addr:x}"),
        "echo @threads\\n".into(),
        "info threads".into(),
    ];
    for (i, (f, l, _)) in picks.iter().enumerate() {
        let base = f.rsplit('/').next().unwrap();
        cmds.push(format!("echo @set{i}\\n"));
        cmds.push(format!("break {base}:{l}"));
    }
    for i in 0..picks.len() {
        cmds.extend([
            format!("echo @cont{i}\\n"),
            "continue".into(),
            "p/x $pc".into(),
            "x/i $pc".into(),
            "bt".into(),
            "info locals".into(),
        ]);
    }
    cmds.extend(
        [
            "echo @stepi\\n",
            "delete",
            "p/x $pc",
            "stepi",
            "p/x $pc",
            "echo @steps\\n",
            "next",
            "step",
            "bt",
            "echo @thread2\\n",
            "thread 2",
            "echo @tbreak\\n",
        ]
        .map(String::from),
    );
    let (_, _, last) = &picks[picks.len() - 1];
    cmds.extend([
        format!("tbreak *0x{:x}", last[0]),
        "continue".into(),
        "echo @end\\n".into(),
        "delete".into(),
        "continue".into(),
    ]);
    let refs: Vec<&str> = cmds.iter().map(|s| s.as_str()).collect();
    let out = gdb(port, &refs);
    let (outcome, log) = finish(h);
    let ctx = format!("{}:\n{out}\n--- server:\n{log}", k.dir);

    for e in GDB_ERRORS {
        assert!(!out.contains(e), "{e:?} in {ctx}");
    }
    // Start: wave 0 at the kernel's entry symbol, every work-item of its first wave active, work-item x of lane 1
    // is 1 in v0 (AMDGPUUsage: packed work-item ids), the buffer holds its input file.
    let s = section(&out, "start");
    assert!(
        s.contains(&format!(") 0x{entry:x} <")),
        "entry 0x{entry:x}: {ctx}"
    );
    let mask = if wave0_items >= 64 {
        u64::MAX
    } else {
        (1u64 << wave0_items) - 1
    };
    assert!(
        s.contains(&format!("= 0x{mask:x}\n")),
        "exec 0x{mask:x}: {ctx}"
    );
    assert!(s.contains("= 1\n"), "v0[1]: {ctx}");
    let words: String = buf_words.iter().map(|w| format!("\t0x{w:08x}")).collect();
    assert!(
        s.contains(&words),
        "x/4xw 0x{buf_addr:x} = {words:?}: {ctx}"
    );

    let s = section(&out, "threads");
    let n = s.matches(" Thread 1.").count();
    assert_eq!(n, waves, "info threads lists every wave: {ctx}");
    assert!(s.contains("(wave 0 (wg 0,0,0) simd 0 "), "{ctx}");

    for (i, (f, l, addrs)) in picks.iter().enumerate() {
        let s = section(&out, &format!("set{i}"));
        let a = hex_after(s, " at ").unwrap_or_else(|| panic!("break {f}:{l}: {ctx}"));
        assert!(
            addrs.contains(&a),
            "break {f}:{l} at 0x{a:x}, line table {addrs:x?}: {ctx}"
        );
    }
    let all: BTreeMap<u64, u32> = picks
        .iter()
        .flat_map(|(_, l, a)| a.iter().map(move |&x| (x, *l)))
        .collect();
    let mut stops = 0;
    for i in 0..picks.len() {
        let s = section(&out, &format!("cont{i}"));
        if s.contains("exited normally") {
            break; // fewer stops than breakpoints: a line not reached by the remaining waves
        }
        assert!(
            s.contains("\nBreakpoint ") || s.contains(" hit Breakpoint "),
            "{ctx}"
        );
        let pc = values(s)[0];
        let line = all
            .get(&pc)
            .unwrap_or_else(|| panic!("stop at 0x{pc:x}, not a breakpoint address: {ctx}"));
        assert!(
            s.contains(&format!("\n{line}\t")),
            "stop shows line {line}: {ctx}"
        );
        let text = &lst.insts[&pc];
        assert!(
            s.contains(&format!(">:\t{text}\n")),
            "x/i shows {text:?}: {ctx}"
        );
        stops += 1;
    }
    assert!(stops >= 1, "no breakpoint was hit: {ctx}");

    let s = section(&out, "stepi");
    if !s.contains("The program is not being run") {
        let v = values(s);
        let (before, after) = (v[0], v[1]);
        let inst = &lst.insts[&before];
        if !is_flow(inst) {
            let next = *lst.insts.range(before + 1..).next().unwrap().0;
            assert_eq!(after, next, "stepi over {inst:?}: {ctx}");
        }
    }
    if waves >= 2 && !section(&out, "thread2").contains("Unknown thread") {
        assert!(
            section(&out, "thread2").contains("[Switching to thread 2 (Thread 1.2)]"),
            "{ctx}"
        );
    }
    // The dispatch ends once, at the final continue or earlier (a one-wave kernel may end in `next`).
    assert_eq!(
        out.matches("[Inferior 1 (process 1) exited normally]")
            .count(),
        1,
        "{ctx}"
    );
    assert_eq!(outcome.ending, Ending::Finished, "{ctx}");
    assert!(
        !outcome.checks.is_empty() && outcome.checks.iter().all(|c| c.passed()),
        "outputs against the reference: {ctx}"
    );
}

#[test]
fn scripted_session_on_twelve_kernels() {
    let t0 = std::time::Instant::now();
    for k in KERNELS {
        sweep_one(k);
    }
    eprintln!("{} kernels in {:?}", KERNELS.len(), t0.elapsed());
}

#[test]
fn scripted_session_on_round4_kernels() {
    for k in R4_KERNELS {
        sweep_one(k);
    }
}

fn f32_at(path: &str, index: usize) -> f32 {
    let b = std::fs::read(repo(path)).unwrap();
    f32::from_le_bytes(b[4 * index..4 * index + 4].try_into().unwrap())
}

/// The float gdb printed on the first line containing `marker`.
fn float_after(out: &str, marker: &str) -> f32 {
    let l = out
        .lines()
        .find(|l| l.contains(marker))
        .unwrap_or_else(|| panic!("{marker:?} not in:\n{out}"));
    let v = &l[l.find(marker).unwrap() + marker.len()..];
    v.split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches(',')
        .parse()
        .unwrap()
}

#[test]
fn source_variables_through_gdbs_own_print() {
    // gemm: j = get_global_id(0), i = get_global_id(1); lane 33 of wave 0 is work-item (1, 1) (block 32 wide).
    let (port, h) = serve_dir("examples/polybench_gemm_64", false);
    let out = gdb(
        port,
        &[
            "break kernel.cl:28",
            "continue",
            "echo @lane0\\n",
            "p j",
            "p i",
            "monitor lane 33",
            "echo @lane33\\n",
            "p j",
            "p i",
            "p j * 100 + i",
            "monitor lane auto",
            "echo @auto\\n",
            "p j",
            "echo @end\\n",
            "delete",
            "continue",
        ],
    );
    let (outcome, log) = finish(h);
    let s = section(&out, "lane0");
    assert!(s.contains("$1 = 0\n$2 = 0\n"), "{out}");
    let s = section(&out, "lane33");
    assert!(s.contains("$3 = 1\n$4 = 1\n$5 = 101\n"), "{out}");
    assert!(section(&out, "auto").contains("$6 = 0\n"), "{out}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(outcome.checks.iter().all(|c| c.passed()), "{log}");

    // migraphx block_reduce: i starts at threadIdx.x = 64 * wave + lane (block 256 = 4 waves).
    let (port, h) = serve_dir("examples/migraphx_dpp_reduce", false);
    let out = gdb(
        port,
        &[
            "break kernel.hip:102",
            "continue",
            "continue",
            "continue",
            "echo @third\\n",
            "p $_thread",
            "p i",
            "monitor lane 5",
            "p i",
            "info locals",
            "echo @end\\n",
            "delete",
            "continue",
        ],
    );
    let (outcome, log) = finish(h);
    let s = section(&out, "third");
    let t = values(s)[0];
    assert_eq!(values(s)[1], 64 * (t - 1), "{out}");
    assert_eq!(values(s)[2], 64 * (t - 1) + 5, "{out}");
    assert!(
        s.contains(&format!("\ni = {}\n", 64 * (t - 1) + 5)),
        "{out}"
    );
    assert_eq!(outcome.ending, Ending::Finished, "{log}");

    // cfd compute_flux at -O0: locals live on the private (scratch) stack; a struct and its member; nelr is the
    // scalar argument 300 (case.json); normal = normals[i + j*nelr...] for work-item 0, neighbour j = 0.
    let dir = "tests/fixtures/extra_kernels/rd_cfd_flux_O0";
    let (port, h) = serve_dir(dir, false);
    let out = gdb(
        port,
        &[
            "break kernel.cl:160",
            "continue",
            "echo @vars\\n",
            "p nelr",
            "p i",
            "p j",
            "p normal.x",
            "p normal",
            "info args",
            "echo @end\\n",
            "delete",
            "detach",
        ],
    );
    let (outcome, log) = finish(h);
    let s = section(&out, "vars");
    assert!(s.contains("$1 = 300\n$2 = 0\n$3 = 0\n"), "{out}");
    let nx = f32_at(&format!("{dir}/in_normals.bin"), 0);
    let ny = f32_at(&format!("{dir}/in_normals.bin"), 4 * 300);
    assert_eq!(float_after(s, "$4 = "), nx, "{out}");
    assert_eq!(float_after(s, "{x = "), nx, "{out}");
    assert_eq!(float_after(s, "y = "), ny, "{out}");
    assert!(s.contains("nelr = 300\n"), "{out}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(outcome.checks.iter().all(|c| c.passed()), "{log}");
}

#[test]
fn finish_from_a_device_function_returning_float() {
    // round_modes calls noinline mul_ru(x, y) for of[6 i + 3]; x = a[i]. Lane 0 is work-item 0.
    let dir = "tests/fixtures/extra_kernels_hip/hip_round_modes";
    let (port, h) = serve_dir(dir, false);
    let out = gdb(
        port,
        &[
            "break mul_ru",
            "continue",
            "echo @in\\n",
            "bt",
            "p a",
            "p b",
            "up",
            "p x",
            "down",
            // Other waves would reach mul_ru while gdb runs to the return address.
            "delete",
            "echo @finish\\n",
            "finish",
            "echo @x\\n",
            "p x",
            "p y",
            "echo @end\\n",
            "continue",
        ],
    );
    let (outcome, log) = finish(h);
    for e in GDB_ERRORS {
        assert!(!out.contains(e), "{e:?} in {out}");
    }
    let a0 = f32_at(&format!("{dir}/in_a.bin"), 0);
    let b0 = f32_at(&format!("{dir}/in_b.bin"), 0);
    let s = section(&out, "in");
    assert!(
        s.contains("#0  mul_ru (a=") && s.contains("#1  0x"),
        "{out}"
    );
    assert_eq!(float_after(s, "$1 = "), a0, "{out}");
    assert_eq!(float_after(s, "$2 = "), b0, "{out}");
    // A caller's variable seen from the callee: not evaluated there.
    assert!(s.contains("$3 = <unavailable>"), "{out}");
    let s = section(&out, "finish");
    let want = f32_at(&format!("{dir}/expected_of.bin"), 3);
    assert_eq!(float_after(s, "Value returned is $4 = "), want, "{out}");
    let s = section(&out, "x");
    assert_eq!(float_after(s, "$5 = "), a0, "{out}");
    assert_eq!(float_after(s, "$6 = "), b0, "{out}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(outcome.checks.iter().all(|c| c.passed()), "{log}");
}

fn interrupt_after(secs: f64) -> impl FnOnce(u32) {
    move |pid| {
        std::thread::sleep(std::time::Duration::from_secs_f64(secs));
        let _ = std::process::Command::new("kill")
            .arg("-INT")
            .arg(pid.to_string())
            .status();
    }
}

#[test]
fn ctrl_c_then_kill_and_ctrl_c_then_detach() {
    // spin.cl loops until *flag != 0: a continue never ends by itself.
    let (port, h) = serve_dir("debugger/tests/fixtures/spin", false);
    let out = gdb_with(
        "gdb",
        port,
        &[
            "continue",
            "echo @stopped\\n",
            "p $_siginfo",
            "info threads",
            "kill",
        ],
        interrupt_after(1.0),
    );
    let (outcome, log) = finish(h);
    assert!(out.contains("received signal SIGINT"), "{out}");
    assert!(
        section(&out, "stopped").contains("(wave 1 (wg 1,0,0) simd 0 "),
        "{out}"
    );
    assert!(out.contains("[Inferior 1 (process 1) killed]"), "{out}");
    assert_eq!(outcome.ending, Ending::Killed, "{log}");

    let (port, h) = serve_dir("debugger/tests/fixtures/spin", false);
    let out = gdb_with(
        "gdb",
        port,
        &[
            "continue",
            "echo @stopped\\n",
            "set {int}0x100000000000 = 1",
            "detach",
        ],
        interrupt_after(1.0),
    );
    let (outcome, log) = finish(h);
    assert!(out.contains("received signal SIGINT"), "{out}");
    assert!(out.contains("[Inferior 1 (process 1) detached]"), "{out}");
    // Detached, the dispatch runs to its end: out[id] = id + 1 (expected_out.bin).
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(
        !outcome.checks.is_empty() && outcome.checks.iter().all(|c| c.passed()),
        "{log}"
    );
}

#[test]
fn a_second_gdb_reconnects_after_disconnect() {
    let dir = "examples/polybench_gemm_64";
    let line28 = line_table(&format!("{dir}/kernel.lines.txt"))
        .into_iter()
        .find(|r| r.line == 28 && r.stmt && r.file == "kernel.cl")
        .unwrap()
        .addr;
    let (port, h) = serve_dir(dir, true);
    let first = gdb(
        port,
        &[
            "break kernel.cl:28",
            "continue",
            "echo @first\\n",
            "p/x $pc",
            "p $_thread",
            "disconnect",
        ],
    );
    let s = section(&first, "first");
    assert_eq!(values(s)[0], line28, "{first}");
    let t = values(s)[1];
    let second = gdb(
        port,
        &[
            "echo @second\\n",
            &format!("thread {t}"),
            "p/x $pc",
            "info breakpoints",
            "echo @end\\n",
            "continue",
        ],
    );
    let (outcome, log) = finish(h);
    let s = section(&second, "second");
    // The wave is where the first gdb left it; that gdb's breakpoint went with it.
    assert_eq!(values(s)[0], line28, "{second}");
    assert!(s.contains("No breakpoints or watchpoints."), "{second}");
    assert!(
        section(&second, "end").contains("[Inferior 1 (process 1) exited normally]"),
        "{second}"
    );
    assert!(log.contains("Waiting for another gdb"), "{log}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(
        !outcome.checks.is_empty() && outcome.checks.iter().all(|c| c.passed()),
        "{log}"
    );
}

#[test]
fn finish_to_a_call_followed_by_s_endpgm_with_several_waves() {
    // At -O0 the OpenCL kernel compute_flux calls its body __clang_ocl_kern_imp_compute_flux and then ends: the
    // return address is the s_endpgm after the s_swappc_b64 (kernel.objdump.txt). Waves that reach it first
    // must not carry the stepped wave past it while gdb steps them off the temporary breakpoint.
    let dir = "tests/fixtures/extra_kernels/rd_cfd_flux_O0";
    let lst = listing(&format!("{dir}/kernel.objdump.txt"));
    let entry = lst.syms["compute_flux"];
    let (&call, _) = lst
        .insts
        .range(entry..)
        .find(|(_, t)| t.starts_with("s_swappc_b64"))
        .unwrap();
    let ret = call + 4;
    assert!(lst.insts[&ret].starts_with("s_endpgm"));
    let (port, h) = serve_dir(dir, false);
    let out = gdb(
        port,
        &[
            "break kernel.cl:108",
            "continue",
            "continue",
            "echo @finish\\n",
            "p $_thread",
            "delete",
            "finish",
            "p/x $pc",
            "p $_thread",
            "echo @end\\n",
            "continue",
        ],
    );
    let (outcome, log) = finish(h);
    let s = section(&out, "finish");
    assert!(s.contains("\ncompute_flux ("), "back in the kernel: {out}");
    let v = values(s);
    assert_eq!(v[1], ret, "finish stops at the return address: {out}");
    assert_eq!(v[2], v[0], "in the thread that ran finish: {out}");
    assert!(section(&out, "end").contains("exited normally"), "{out}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(outcome.checks.iter().all(|c| c.passed()), "{log}");
}
