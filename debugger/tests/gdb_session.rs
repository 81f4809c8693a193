//! Stock gdb (batch mode, -nx) against `serve` on example kernels. Expected values come from outside the
//! server: the committed llvm-objdump listings and line tables (examples/*/kernel.objdump.txt, kernel.lines.txt),
//! AMDGPUUsage's work-item id packing, the OpenCL source's arithmetic, and the numpy reference outputs.

mod common;

use common::*;
use wavescope::machine::MachineOptions;
use wavescope_debugger::Ending;

const GEMM: &str = "examples/polybench_gemm_64";

/// First `is_stmt` address of `line` in file 0 of a llvm-dwarfdump line table listing.
fn line_address(listing: &str, line: u32) -> u64 {
    let text = std::fs::read_to_string(repo(listing)).unwrap();
    for row in text.lines() {
        let f: Vec<&str> = row.split_whitespace().collect();
        if f.len() >= 8
            && f[0].starts_with("0x")
            && f[1] == line.to_string()
            && f[3] == "0"
            && row.contains("is_stmt")
        {
            return u64::from_str_radix(&f[0][2..], 16).unwrap();
        }
    }
    panic!("line {line} not in {listing}");
}

fn f32_bits(path: &str, index: usize) -> u32 {
    let b = std::fs::read(repo(path)).unwrap();
    u32::from_le_bytes(b[4 * index..4 * index + 4].try_into().unwrap())
}

fn after<'a>(out: &'a str, marker: &str) -> &'a str {
    &out[out
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} not in gdb output:\n{out}"))..]
}

#[test]
fn source_level_session_on_gemm() {
    let srv = serve(GEMM, MachineOptions::default(), true);
    let line32 = line_address(&format!("{GEMM}/kernel.lines.txt"), 32);
    // c[65] = c[i=1][j=1]: first written by `c[i*nj+j] *= beta` (beta = 2123, case.json).
    let c = 0x1000_0004_0000u64; // `monitor buffers` below confirms this address
    let want_c65 = (f32::from_bits(f32_bits(&format!("{GEMM}/in_c.bin"), 65)) * 2123.0).to_bits();
    let a0 = 0x1000_0000_0000u64;
    let a0_bits = f32_bits(&format!("{GEMM}/in_a.bin"), 0);
    let out = gdb(
        srv.port,
        &[
            "echo @start\\n",
            "p $pc",
            "p $v0[35]",
            "p/x $exec",
            "monitor buffers",
            "monitor hazards",
            "echo @stepi\\n",
            "stepi",
            "stepi",
            "stepi",
            "p/x $pc",
            "p $v1[35]",
            "x/i $pc",
            "echo @setvar\\n",
            "set var $v2[5] = 7",
            "p $v2[5]",
            "set {int}0x100000000000 = 1",
            "x/dw 0x100000000000",
            &format!("set {{int}}0x100000000000 = {}", a0_bits as i32),
            "echo @watch\\n",
            &format!("watch *(int*)0x{:x}", c + 65 * 4),
            "continue",
            "p/x *(int*)0x100000040104",
            "monitor watch",
            "delete",
            "echo @break\\n",
            "break kernel.cl:32",
            "continue",
            "info line *$pc",
            "bt",
            "list 32,32",
            "echo @threads\\n",
            "info threads",
            "thread 2",
            "p $_thread",
            "echo @next\\n",
            "thread 1",
            "next",
            "echo @end\\n",
            "delete",
            "continue",
        ],
    );
    let (outcome, log) = srv.finish();
    let s = after(&out, "@start");
    assert!(s.contains("= (void (*)()) 0x1700 <gemm>"), "{out}");
    // AMDGPUUsage: v0 = z<<20 | y<<10 | x; lane 35 of a 32-wide block is (3, 1, 0).
    assert!(s.contains("= 1027\n"), "{out}");
    assert!(s.contains("= 0xffffffffffffffff\n"), "{out}");
    assert!(
        s.contains(&format!("args[2] arg2: 0x{c:x} f32[4096]")),
        "{out}"
    );
    assert!(
        s.contains(&format!("args[0] arg0: 0x{a0:x} f32[4096]")),
        "{out}"
    );
    // gemm as clang built it has no hazards and no missing waits (LLVM's own recognizer and waitcnt insertion).
    assert!(s.contains("hazards: 0 findings, missing waits: 0"), "{out}");

    let s = after(&out, "@stepi");
    // Three instructions from 0x1700 (kernel.objdump.txt: 8 + 8 + 8 bytes); the third, `v_and_b32 v1, 0x3ff, v0`,
    // leaves work-item x in v1.
    assert!(s.contains("= 0x1718\n"), "{out}");
    assert!(s.contains("= 3\n"), "{out}");
    let text = objdump_text(&format!("{GEMM}/kernel.objdump.txt"), 0x1718);
    assert!(
        s.contains(&format!("=> 0x1718 <gemm+24>:\t{text}")),
        "x/i via the plugin: {out}"
    );

    let s = after(&out, "@setvar");
    assert!(s.contains("= 7\n"), "{out}");
    assert!(s.contains("0x100000000000:\t1\n"), "{out}");

    let s = after(&out, "@watch");
    assert!(s.contains("Hardware watchpoint 1"), "{out}");
    assert!(s.contains("Thread 1 hit Hardware watchpoint 1"), "{out}");
    assert!(
        s.contains(&format!("= 0x{want_c65:x}\n")),
        "value stored by c *= beta: {out}"
    );
    // Wave 0, lane 33 = work-item (1, 1): c[1*64 + 1].
    assert!(
        s.contains("lane 33 wrote 4 bytes at 0x100000040104"),
        "{out}"
    );

    let s = after(&out, "@break");
    assert!(
        s.contains(&format!("Breakpoint 2 at 0x{line32:x}: kernel.cl:32.")),
        "{out}"
    );
    assert!(s.contains("hit Breakpoint 2"), "{out}");
    assert!(
        s.contains("Line 32 of \"") && s.contains(&format!("starts at address 0x{line32:x}")),
        "{out}"
    );
    assert!(
        s.contains("#0  __clang_ocl_kern_imp_gemm") && s.contains("kernel.cl:32"),
        "{out}"
    );
    assert!(s.contains("#1  gemm ("), "{out}");
    assert!(
        s.contains("c[i * nj + j] += alpha * a[i * nk + k] * b[k * nj +j];"),
        "list finds the source: {out}"
    );

    let s = after(&out, "@threads");
    // 64 waves: grid 64x64 / block 32x8 = 16 work-groups of 4 waves.
    for w in 0..64u32 {
        let wg = w / 4;
        let needle = format!("(wave {w} (wg {},{},0) simd {} ", wg % 2, wg / 2, w % 4);
        assert!(s.contains(&needle), "{needle} missing: {out}");
    }
    assert!(s.contains("[Switching to thread 2 (Thread 1.2)]"), "{out}");

    let s = after(&out, "@next");
    assert!(
        s.lines()
            .any(|l| l.starts_with("30\t") || l.starts_with("32\t")),
        "next lands on a loop line: {out}"
    );

    let s = after(&out, "@end");
    assert!(
        s.contains("[Inferior 1 (process 1) exited normally]"),
        "{out}"
    );
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(
        !outcome.checks.is_empty() && outcome.checks.iter().all(|c| c.passed()),
        "{log}"
    );
    assert!(log.contains("4096/4096 elements match"), "{log}");
}

#[test]
fn gdb_multiarch_session() {
    if !have("gdb-multiarch") {
        eprintln!("SKIPPED: gdb-multiarch is not installed (apt-get install gdb-multiarch; .ci/run installs it)");
        return;
    }
    let srv = serve(GEMM, MachineOptions::default(), true);
    let line32 = line_address(&format!("{GEMM}/kernel.lines.txt"), 32);
    let out = gdb_with(
        "gdb-multiarch",
        srv.port,
        &[
            "p $pc",
            "x/i $pc",
            "break kernel.cl:32",
            "continue",
            "bt",
            "p $v0[35]",
            "delete",
            "continue",
        ],
        |_| {},
    );
    let (outcome, log) = srv.finish();
    let text = objdump_text(&format!("{GEMM}/kernel.objdump.txt"), 0x1700);
    assert!(out.contains("= (void (*)()) 0x1700 <gemm>"), "{out}");
    assert!(out.contains(&format!("=> 0x1700 <gemm>:\t{text}")), "{out}");
    assert!(
        out.contains(&format!("Breakpoint 1 at 0x{line32:x}: kernel.cl:32.")),
        "{out}"
    );
    assert!(out.contains("#1  gemm ("), "{out}");
    assert!(
        out.contains("[Inferior 1 (process 1) exited normally]"),
        "{out}"
    );
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(outcome.checks.iter().all(|c| c.passed()), "{log}");
}

#[test]
fn memory_fault_is_sigsegv_at_the_faulting_pc() {
    let srv = serve(
        "debugger/tests/fixtures/gemm_fault",
        MachineOptions::default(),
        false,
    );
    let out = gdb(
        srv.port,
        &[
            "continue",
            "p/x $pc",
            "x/i $pc",
            "info threads 1",
            "continue",
        ],
    );
    let (outcome, log) = srv.finish();
    // Row 1 of `a` (lanes 32..63 of wave 0) lies past the 64-float buffer: the first load of a[i*nk+k].
    let text = objdump_text("examples/polybench_gemm_64/kernel.objdump.txt", 0x17cc);
    assert!(
        out.contains("Thread 1 received signal SIGSEGV, Segmentation fault."),
        "{out}"
    );
    assert!(
        out.contains("memory fault") && out.contains("0x100000000100"),
        "console message: {out}"
    );
    assert!(out.contains("= 0x17cc\n"), "{out}");
    assert!(
        out.contains(&format!("=> 0x17cc <gemm+204>:\t{text}")),
        "{out}"
    );
    assert!(out.contains("simd 0 faulted)"), "{out}");
    assert!(
        out.contains("Program terminated with signal SIGSEGV"),
        "{out}"
    );
    assert_eq!(outcome.ending, Ending::Terminated(11), "{log}");
}

#[test]
fn barrier_with_scheduler_locking() {
    let dir = "examples/rodinia_pathfinder";
    let srv = serve(dir, MachineOptions::default(), true);
    let out = gdb(
        srv.port,
        &[
            "break kernel.cl:57",
            "continue",
            "delete",
            "set scheduler-locking step",
            "echo @locked\\n",
            "next",
            "info threads 1-2",
            "echo @unlocked\\n",
            "set scheduler-locking off",
            "next",
            "info threads 1-2",
            "echo @end\\n",
            "continue",
        ],
    );
    let (outcome, log) = srv.finish();
    let s = after(&out, "@locked");
    // Wave 1 of work-group 0 is held: wave 0 cannot leave the barrier.
    assert!(s.contains("Thread 1 received signal SIGSTOP"), "{out}");
    assert!(s.contains("waits at s_barrier"), "{out}");
    assert!(s.contains("(wave 0 (wg 0,0,0) simd 0 barrier)"), "{out}");
    let s = after(&out, "@unlocked");
    assert!(!s[..s.find("@end").unwrap()].contains("SIGSTOP"), "{out}");
    assert!(
        s.contains("(wave 0 (wg 0,0,0) simd 0 running)"),
        "released: {out}"
    );
    assert!(after(&out, "@end").contains("exited normally"), "{out}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(outcome.checks.iter().all(|c| c.passed()), "{log}");
}

#[test]
fn stepping_a_wave_past_its_end() {
    let srv = serve(GEMM, MachineOptions::default(), true);
    // 0x1814 is gemm's s_endpgm, its last instruction, 4 bytes (kernel.objdump.txt).
    let out = gdb(
        srv.port,
        &[
            "break *0x1814",
            "continue",
            "echo @step\\n",
            "stepi",
            "p/x $pc",
            "info threads",
            "echo @cont\\n",
            "continue",
            "p/x $pc",
            "p $_thread",
            "echo @end\\n",
            "delete",
            "continue",
        ],
    );
    let (outcome, log) = srv.finish();
    assert!(
        !out.contains("internal-error") && !out.contains("Invalid remote reply"),
        "{out}"
    );
    // The step ends the wave and nothing else runs: gdb sees it stopped after the instruction, its thread
    // marked ended (gdb-stock-client.md §3: no thread-exit reply in all-stop).
    let s = after(&out, "@step");
    assert!(s.contains("= 0x1818\n"), "{out}");
    assert!(s.contains("(wave 0 (wg 0,0,0) simd 0 ended)"), "{out}");
    // The breakpoint gdb lifted to step wave 0 off it still stops the other waves at the kernel's end.
    let s = after(&out, "@cont");
    assert!(s.contains("hit Breakpoint 1"), "{out}");
    assert!(s.contains("= 0x1814\n"), "{out}");
    assert!(!s[..s.find("@end").unwrap()].contains("$2 = 1\n"), "{out}");
    assert!(after(&out, "@end").contains("exited normally"), "{out}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(outcome.checks.iter().all(|c| c.passed()), "{log}");
}

#[test]
fn ctrl_c_interrupts_a_spinning_kernel() {
    // spin.cl loops until *flag != 0: the dispatch never ends on its own.
    let srv = serve(
        "debugger/tests/fixtures/spin",
        MachineOptions::default(),
        true,
    );
    let out = gdb_with(
        "gdb",
        srv.port,
        &[
            "continue",
            "echo @stopped\\n",
            "info threads",
            "monitor buffers",
            "set {int}0x100000000000 = 1",
            "echo @release\\n",
            "continue",
        ],
        |pid| {
            std::thread::sleep(std::time::Duration::from_secs(2));
            let _ = std::process::Command::new("kill")
                .arg("-INT")
                .arg(pid.to_string())
                .status();
        },
    );
    let (outcome, log) = srv.finish();
    assert!(out.contains("received signal SIGINT"), "{out}");
    let s = after(&out, "@stopped");
    // grid 128 / block 64: two waves, both still spinning at line 6 or 7.
    assert!(
        s.contains("(wave 0 (wg 0,0,0) simd 0 ") && s.contains("(wave 1 (wg 1,0,0) simd 0 "),
        "{out}"
    );
    assert!(s.contains("spin.cl:6") || s.contains("spin.cl:7"), "{out}");
    assert!(s.contains("args[0] arg0: 0x100000000000 i32[1]"), "{out}");
    assert!(after(&out, "@release").contains("exited normally"), "{out}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    // out[id] = id + 1 for every work-item once the flag is set (expected_out.bin).
    assert!(
        !outcome.checks.is_empty() && outcome.checks.iter().all(|c| c.passed()),
        "{log}"
    );
}

#[test]
fn device_function_calls_unwind_and_finish() {
    let srv = serve(
        "debugger/tests/fixtures/call_O0",
        MachineOptions::default(),
        true,
    );
    let listing = "tests/fixtures/debug_info/call_O0.objdump.txt";
    // Return addresses: the instruction after each s_swappc_b64 (4 bytes) in the listing.
    let ret = |line_no: usize| {
        let text = std::fs::read_to_string(repo(listing)).unwrap();
        let l = text.lines().nth(line_no - 1).unwrap();
        assert!(l.contains("s_swappc_b64"), "{l}");
        u64::from_str_radix(
            l.rsplit("// ").next().unwrap().split(':').next().unwrap(),
            16,
        )
        .unwrap()
            + 4
    };
    let out = gdb(
        srv.port,
        &[
            "break square",
            "continue",
            "echo @bt\\n",
            "bt",
            "echo @finish\\n",
            "finish",
            "finish",
            "next",
            "echo @end\\n",
            "delete",
            "continue",
        ],
    );
    let (outcome, log) = srv.finish();
    let s = after(&out, "@bt");
    // call.cl: square (line 4) <- poly (line 8) <- __clang_ocl_kern_imp_apply_poly (line 16) <- apply_poly (13).
    assert!(s.contains("#0  square ("), "{out}");
    assert!(
        s.contains(&format!("#1  0x{:016x} in poly (", ret(80))) && s.contains("call.cl:8"),
        "{out}"
    );
    assert!(
        s.contains(&format!(
            "#2  0x{:016x} in __clang_ocl_kern_imp_apply_poly (",
            ret(191)
        )),
        "{out}"
    );
    assert!(
        s.contains(&format!("#3  0x{:016x} in apply_poly (", ret(353))),
        "{out}"
    );
    let s = after(&out, "@finish");
    // square(2) = 4, then poly(2, 3) = 2*2 + 3*2 - 1 = 9 (fill 2 and c = 3 in case.json), lane 0's v0.
    assert!(s.contains("Value returned is $1 = 4"), "{out}");
    assert!(s.contains("Value returned is $2 = 9"), "{out}");
    assert!(
        s.contains("17\t  data[lid] = w + poly(w, lid);"),
        "next after the call: {out}"
    );
    assert!(after(&out, "@end").contains("exited normally"), "{out}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
    assert!(
        !outcome.checks.is_empty() && outcome.checks.iter().all(|c| c.passed()),
        "{log}"
    );
}

#[test]
fn source_variables_per_lane() {
    let srv = serve(
        "debugger/tests/fixtures/call_O0",
        MachineOptions::default(),
        false,
    );
    let out = gdb(
        srv.port,
        &[
            "break call.cl:17",
            "continue",
            "echo @gdb\\n",
            "info locals",
            "echo @ws\\n",
            "ws locals 5",
            "ws print lid all",
            "kill",
        ],
    );
    srv.finish();
    // gdb cannot evaluate AMDGPU locations itself: the served copy points them at the server, which evaluates
    // them for the first active lane (lane 0: lid = 0, v = data[0] = 2, c = 3, w = poly(2, 3) = 9).
    let s = after(&out, "@gdb");
    for want in ["lid = 0\n", "v = 2\n", "c = 3\n", "w = 9\n"] {
        assert!(s.contains(want), "{want:?}: {out}");
    }
    assert!(!out.contains("Unhandled dwarf expression"), "{out}");
    // The server evaluates them per lane. call.cl at line 17, lane 5: lid = 5, v = data[5] = 2 (fill),
    // c = 3 (case.json), w = poly(2, 3) = 9.
    let s = after(&out, "@ws");
    for want in [
        "  c = 3\n",
        "  lid = 5\n",
        "  v = 2\n",
        "  w = 9\n",
        "data = (int *) 0x100000000000",
    ] {
        assert!(s.contains(want), "{want:?}: {out}");
    }
    for lane in 0..64 {
        assert!(
            s.contains(&format!("lane {lane:>2}: lid = {lane}\n")),
            "{out}"
        );
    }
}

#[test]
fn pc_inside_an_instruction_is_sigill() {
    let srv = serve(GEMM, MachineOptions::default(), false);
    // kernel.objdump.txt: 0x1700 is an 8-byte s_load_dword, so 0x1704 starts no instruction.
    let out = gdb(
        srv.port,
        &[
            "set var $pc = 0x1704",
            "stepi",
            "p/x $pc",
            "info threads 1",
            "kill",
        ],
    );
    let (outcome, log) = srv.finish();
    assert!(
        out.contains("Thread 1 received signal SIGILL, Illegal instruction."),
        "{out}"
    );
    assert!(
        out.contains("not the start of an instruction"),
        "console line: {out}"
    );
    assert!(out.contains("= 0x1704\n"), "{out}");
    assert!(out.contains("simd 0 faulted)"), "{out}");
    assert_eq!(outcome.ending, Ending::Killed, "{log}");
}

/// Kernel arguments clang leaves without a DWARF location (gemm's OpenCL kernel stub; clang 22 -O2) print their
/// launch values in stock gdb, as `wavescope inspect` prints them: `bt`'s frame line of the kernel and
/// `info args` in its frame. Expected values come from the manifest (case.json scalars, parsed here) and the
/// buffer addresses the launch mapped (`Dispatch::buffer_addrs`, which `monitor buffers` also lists).
#[test]
fn kernel_arguments_print_their_launch_values() {
    let session =
        wavescope::session::Session::load(&repo(GEMM), &wavescope::launch::RunOptions::default())
            .unwrap();
    let case: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(repo(&format!("{GEMM}/case.json"))).unwrap())
            .unwrap();
    let names = ["a", "b", "c", "alpha", "beta", "ni", "nj", "nk"];
    let want: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let arg = &case["args"][i];
            match arg["kind"].as_str().unwrap() {
                "buffer" => format!("{n} = 0x{:x}", session.dispatch.buffer_addrs[i].unwrap()),
                _ => format!("{n} = {}", arg["value"].as_f64().unwrap()),
            }
        })
        .collect();
    let srv = serve(GEMM, MachineOptions::default(), true);
    let out = gdb(
        srv.port,
        &[
            "break kernel.cl:32",
            "continue",
            "echo @bt\\n",
            "bt",
            "echo @args\\n",
            "frame 1",
            "info args",
            "echo @p\\n",
            "p alpha",
            "p/x ((int *)a)[65]",
            "echo @end\\n",
            "delete",
            "continue",
        ],
    );
    let (outcome, log) = srv.finish();
    let s = after(&out, "@bt");
    let frame1 = s
        .lines()
        .find(|l| l.starts_with("#1  gemm ("))
        .unwrap_or_else(|| panic!("no kernel frame: {out}"));
    let in_bt: Vec<String> = want.iter().map(|w| w.replace(" = ", "=")).collect();
    assert!(
        frame1.contains(&format!("({})", in_bt.join(", "))),
        "{frame1}\nwant {in_bt:?}"
    );
    let s = after(&out, "@args");
    let s = &s[..s.find("@p").unwrap()];
    for w in &want {
        assert!(s.contains(&format!("{w}\n")), "{w}: {out}");
    }
    assert!(!s.contains("optimized out"), "{out}");
    let s = after(&out, "@p");
    assert!(s.contains("$1 = 32412\n"), "{out}");
    // a[65]: in_a.bin's float 65 (its bits, not 0), read by gdb from the device buffer the argument points to.
    let a65 = f32_bits(&format!("{GEMM}/in_a.bin"), 65);
    assert_ne!(a65, 0);
    assert!(s.contains(&format!("$2 = 0x{a65:x}\n")), "{a65:x}: {out}");
    assert_eq!(outcome.ending, Ending::Finished, "{log}");
}
