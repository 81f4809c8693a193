//! Issue 7's proof: stop waves of real example kernels at source lines and check that the source variables wavescope
//! prints there (kernel arguments, work-item indices, loop counters, accumulators) equal what the kernel source says
//! they must be, for several lanes. Every expected value is worked out here from the manifest (case.json, parsed
//! with serde_json), the input .bin files and the source text, with plain Rust: never read back from wavescope.
//! Only the buffer addresses come from the dispatch (`Session::dispatch.buffer_addrs`: where the launch mapped each
//! buffer), and the stop PCs of unrolled loop copies come from the committed `llvm-dwarfdump --debug-line` listing.

use std::path::{Path, PathBuf};
use wavescope::debug_info::LocalValue;
use wavescope::launch::RunOptions;
use wavescope::session::Session;
use wavescope_cli::inspect::{self, InspectOptions, StoppedWave, ValueOrigin};

fn example(name: &str) -> PathBuf {
    // the workspace root is the parent of the cli package
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples")
        .join(name)
}

fn session(name: &str) -> Session {
    Session::load(&example(name), &RunOptions::default()).expect("example loads")
}

fn manifest(name: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(example(name).join("case.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// `args[i].value` of the manifest.
fn arg_value(m: &serde_json::Value, i: usize) -> f64 {
    m["args"][i]["value"].as_f64().expect("scalar arg")
}

fn dims(m: &serde_json::Value, key: &str) -> [u32; 3] {
    let v = m[key].as_array().unwrap();
    [0, 1, 2].map(|k| v[k].as_u64().unwrap() as u32)
}

fn f32s(path: PathBuf) -> Vec<f32> {
    std::fs::read(path)
        .unwrap()
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn u32s(path: PathBuf) -> Vec<u32> {
    std::fs::read(path)
        .unwrap()
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Work-item of `lane` of dispatch wave `wave`, worked out from grid and block as the HSA model numbers them
/// (work-groups x fastest, waves of 64 work-items in x-fastest order inside the (maybe partial) work-group):
/// (work-group id, local id, global id), or `None` for a lane past the end of a partial wave.
fn work_item(
    m: &serde_json::Value,
    wave: u32,
    lane: u32,
) -> Option<([u32; 3], [u32; 3], [u32; 3])> {
    let (grid, block) = (dims(m, "grid"), dims(m, "block"));
    let groups = [0, 1, 2].map(|k| grid[k].div_ceil(block[k]));
    let waves_per_group = (block[0] * block[1] * block[2]).div_ceil(64);
    let flat = wave / waves_per_group;
    let wg = [
        flat % groups[0],
        flat / groups[0] % groups[1],
        flat / (groups[0] * groups[1]),
    ];
    let size = [0, 1, 2].map(|k| (grid[k] - wg[k] * block[k]).min(block[k]));
    let l = (wave % waves_per_group) * 64 + lane;
    if l >= size[0] * size[1] * size[2] {
        return None;
    }
    let local = [l % size[0], l / size[0] % size[1], l / (size[0] * size[1])];
    let global = [0, 1, 2].map(|k| wg[k] * block[k] + local[k]);
    Some((wg, local, global))
}

/// The variable `name` of the frame whose function is `function` (`None`: the innermost frame that has it).
fn var<'a>(vars: &'a [LocalValue], function: Option<&str>, name: &str) -> &'a LocalValue {
    vars.iter()
        .find(|v| v.name == name && function.is_none_or(|f| v.function == f))
        .unwrap_or_else(|| panic!("no variable {name} in {function:?}: {vars:#?}"))
}

fn int(v: &LocalValue) -> i64 {
    assert_eq!(v.origin, ValueOrigin::Dwarf, "{v:?}");
    v.value
        .parse()
        .unwrap_or_else(|_| panic!("{} = {} is not an integer", v.name, v.value))
}

fn float(v: &LocalValue) -> f32 {
    assert_ne!(v.origin, ValueOrigin::Unavailable, "{v:?}");
    v.value
        .parse()
        .unwrap_or_else(|_| panic!("{} = {} is not a number", v.name, v.value))
}

/// `(T *) 0x1000` -> 0x1000.
fn pointer(v: &LocalValue) -> u64 {
    let hex = v
        .value
        .rsplit_once(") 0x")
        .unwrap_or_else(|| panic!("{} = {} is not a pointer", v.name, v.value))
        .1;
    u64::from_str_radix(hex, 16).unwrap()
}

fn close(got: f32, want: f64, rtol: f64) -> bool {
    ((got as f64) - want).abs() <= rtol * want.abs()
}

/// Stop wave `wave` of a freshly loaded example at `file:line` (a stop keeps the memory as the kernel wrote it
/// so far).
fn stop(name: &str, file: &str, line: u32, wave: u32) -> StoppedWave {
    inspect::stop_at_line(session(name), file, line, wave)
        .unwrap_or_else(|e| panic!("stop at {file}:{line} wave {wave}: {e}"))
}

fn stop_pc(name: &str, pc: u64, wave: u32) -> StoppedWave {
    inspect::stop_at_pc(session(name), pc, wave, &InspectOptions::default())
        .unwrap_or_else(|e| panic!("stop at 0x{pc:x} wave {wave}: {e}"))
}

/// Kernel arguments as the kernel's own frame shows them: buffers at the addresses the dispatch mapped, scalars
/// as the manifest gives them.
fn check_args(
    s: &Session,
    m: &serde_json::Value,
    vars: &[LocalValue],
    kernel: &str,
    names: &[&str],
) {
    for (i, name) in names.iter().enumerate() {
        let v = var(vars, Some(kernel), name);
        assert_eq!(v.origin, ValueOrigin::Kernarg, "{v:?}");
        match m["args"][i]["kind"].as_str().unwrap() {
            "buffer" => assert_eq!(
                Some(pointer(v)),
                s.dispatch.buffer_addrs[i],
                "{kernel} arg {name}"
            ),
            "scalar" => {
                let want = arg_value(m, i);
                let got: f64 = v.value.parse().unwrap();
                assert_eq!(got, want, "{kernel} arg {name}");
            }
            k => panic!("arg kind {k}"),
        }
    }
}

// ---- polybench_gemm_64: j = get_global_id(0), i = get_global_id(1), the loop counter k, every argument ----------

#[test]
fn gemm_indices_and_arguments_at_the_loop_head() {
    let (s, m) = (session("polybench_gemm_64"), manifest("polybench_gemm_64"));
    for wave in [0u32, 5, 63] {
        // kernel.cl:30 `for(k=0; k < nk; k++)`
        let st = stop("polybench_gemm_64", "kernel.cl", 30, wave);
        assert_eq!(st.line, 30);
        for lane in [0u32, 1, 31, 33, 63] {
            let (_, _, global) = work_item(&m, wave, lane).unwrap();
            let vars = inspect::locals(&st, lane);
            assert_eq!(
                int(var(&vars, None, "j")),
                global[0] as i64,
                "wave {wave} lane {lane}"
            );
            assert_eq!(
                int(var(&vars, None, "i")),
                global[1] as i64,
                "wave {wave} lane {lane}"
            );
            check_args(
                &s,
                &m,
                &vars,
                "gemm",
                &["a", "b", "c", "alpha", "beta", "ni", "nj", "nk"],
            );
        }
    }
}

#[test]
fn gemm_loop_counter_is_zero_before_the_first_iteration() {
    let m = manifest("polybench_gemm_64");
    // The loop's entry test `s_cbranch_scc1` of kernel.cl:30 (kernel.objdump.txt), the only PC where clang
    // describes k (its location list holds `k = 0` there).
    let listing =
        std::fs::read_to_string(example("polybench_gemm_64").join("kernel.objdump.txt")).unwrap();
    assert!(listing
        .lines()
        .any(|l| l.contains("s_cbranch_scc1") && l.contains("00000000179C")));
    for wave in [2u32, 17] {
        let st = stop_pc("polybench_gemm_64", 0x179c, wave);
        for lane in [0u32, 40, 63] {
            let vars = inspect::locals(&st, lane);
            assert_eq!(int(var(&vars, None, "k")), 0);
            let (_, _, global) = work_item(&m, wave, lane).unwrap();
            assert_eq!(int(var(&vars, None, "j")), global[0] as i64);
        }
    }
}

// ---- rodinia_nn: globalId, the guard globalId < numRecords, arguments --------------------------------------------

#[test]
fn nn_global_id_and_the_guard_of_the_partial_group() {
    let (s, m) = (session("rodinia_nn"), manifest("rodinia_nn"));
    let num_records = arg_value(&m, 2) as u32;
    for wave in [0u32, 3, 20] {
        // kernel.cl:17, inside `if (globalId < numRecords)`.
        let st = stop("rodinia_nn", "kernel.cl", 17, wave);
        let mut want_exec = 0u64;
        for lane in 0..64u32 {
            if let Some((_, _, g)) = work_item(&m, wave, lane) {
                if g[0] < num_records {
                    want_exec |= 1 << lane;
                }
            }
        }
        assert_eq!(st.wave().exec(), want_exec, "wave {wave}");
        for lane in [0u32, 5, 29, 31] {
            let (_, _, g) = work_item(&m, wave, lane).unwrap();
            let vars = inspect::locals(&st, lane);
            assert_eq!(int(var(&vars, None, "globalId")), g[0] as i64);
            check_args(
                &s,
                &m,
                &vars,
                "NearestNeighbor",
                &["d_locations", "d_distances", "numRecords", "lat", "lng"],
            );
        }
    }
    // Wave 20 is the last group's only wave (1000 - 960 = 40 items): lanes 30.. fail the guard, 40.. hold none.
    assert!(work_item(&m, 20, 40).is_none());
}

// ---- polybench_2dconv: i, j, the nine coefficients, the edge guard of the corner group ----------------------------

#[test]
fn conv2d_indices_coefficients_and_the_corner_group() {
    let (s, m) = (session("polybench_2dconv"), manifest("polybench_2dconv"));
    let (ni, nj) = (arg_value(&m, 2) as i64, arg_value(&m, 3) as i64);
    // kernel.cl:26-28, `DATA_TYPE` is float: each double literal rounded to float.
    let coefficients = [
        ("c11", 0.2),
        ("c21", 0.5),
        ("c31", -0.8),
        ("c12", -0.3),
        ("c22", 0.6),
        ("c32", -0.9),
        ("c13", 0.4),
        ("c23", 0.7),
        ("c33", 0.10),
    ];
    // Wave 5: work-group (1,0); wave 80: the 6x2 corner work-group (2,6), 12 work-items.
    for wave in [5u32, 80] {
        // kernel.cl:31, inside `if ((i < (ni-1)) && (j < (nj - 1)) && (i > 0) && (j > 0))`.
        let st = stop("polybench_2dconv", "kernel.cl", 31, wave);
        let mut want_exec = 0u64;
        for lane in 0..64u32 {
            if let Some((_, _, g)) = work_item(&m, wave, lane) {
                let (j, i) = (g[0] as i64, g[1] as i64);
                if i < ni - 1 && j < nj - 1 && i > 0 && j > 0 {
                    want_exec |= 1 << lane;
                }
            }
        }
        assert_eq!(st.wave().exec(), want_exec, "wave {wave}");
        for lane in (0..64u32).filter(|l| want_exec >> l & 1 != 0).step_by(3) {
            let (_, _, g) = work_item(&m, wave, lane).unwrap();
            let vars = inspect::locals(&st, lane);
            assert_eq!(int(var(&vars, None, "j")), g[0] as i64);
            assert_eq!(int(var(&vars, None, "i")), g[1] as i64);
            for (name, c) in coefficients {
                assert_eq!(float(var(&vars, None, name)), c as f32, "{name}");
            }
            check_args(
                &s,
                &m,
                &vars,
                "Convolution2D_kernel",
                &["A", "B", "ni", "nj"],
            );
        }
    }
}

// ---- heteromark_hist (HIP): tid, loop counters, a loaded pixel, the private histogram in scratch ----------------

#[test]
fn hist_private_histogram_equals_the_counts_of_the_pixels() {
    let m = manifest("heteromark_hist");
    let pixels = u32s(example("heteromark_hist").join("in_pixels.bin"));
    let (num_colors, num_pixels) = (arg_value(&m, 2) as usize, arg_value(&m, 3) as u32);
    // gsize = hipGridDim_x * hipBlockDim_x: the whole grid.
    let gsize = dims(&m, "grid")[0];
    let wave = 5u32;
    let lanes = [0u32, 2, 37, 63];
    let tid = |lane: u32| work_item(&m, wave, lane).unwrap().2[0];

    // kernel.hip:57 `priv_hist[i] = 0;` at its first arrival: i = 0.
    let st = stop("heteromark_hist", "kernel.hip", 57, wave);
    for lane in lanes {
        let vars = inspect::locals(&st, lane);
        assert_eq!(int(var(&vars, None, "i")), 0);
        assert_eq!(int(var(&vars, None, "tid")), tid(lane) as i64);
    }

    // kernel.hip:64 `priv_hist[color]++;` at its first arrival: color = pixels[tid].
    let st = stop("heteromark_hist", "kernel.hip", 64, wave);
    for lane in lanes {
        let vars = inspect::locals(&st, lane);
        assert_eq!(
            int(var(&vars, None, "color")),
            pixels[tid(lane) as usize] as i64
        );
    }

    // The same line at later arrivals: one per iteration of the while loop, index = tid + (n - 1) * gsize.
    for n in [2u32, 5, 8] {
        let opts = InspectOptions {
            hit: n,
            ..InspectOptions::default()
        };
        let st =
            inspect::stop_at_line_with(session("heteromark_hist"), "kernel.hip", 64, wave, &opts)
                .unwrap();
        for lane in lanes {
            let vars = inspect::locals(&st, lane);
            let index = tid(lane) + (n - 1) * gsize;
            assert_eq!(
                int(var(&vars, None, "color")),
                pixels[index as usize] as i64,
                "arrival {n}"
            );
        }
    }

    // kernel.hip:71, the copy loop after the private histogram (line 68's __syncthreads has no line-table row
    // of its own, so a breakpoint there moves on to 71): priv_hist holds the count of each color among the
    // thread's pixels tid, tid + gsize, ...; index has left the while loop at the first tid + n*gsize >= num_pixels.
    let st = stop("heteromark_hist", "kernel.hip", 68, wave);
    assert_eq!(st.line, 71);
    for lane in lanes {
        let t = tid(lane);
        let mut want = vec![0u64; num_colors];
        let mut index = t;
        while index < num_pixels {
            want[pixels[index as usize] as usize] += 1;
            index += gsize;
        }
        let vars = inspect::locals(&st, lane);
        let h = var(&vars, None, "priv_hist");
        assert_eq!(h.origin, ValueOrigin::Dwarf);
        let got: Vec<u64> = h
            .value
            .trim_start_matches('{')
            .split(", ")
            .take(num_colors)
            .map(|x| x.parse().unwrap())
            .collect();
        assert_eq!(got, want, "lane {lane} (tid {t})");
        assert_eq!(int(var(&vars, None, "index")), index as i64);
    }
}

// ---- heteromark_bs: i_rand from the input, the device function Phi's argument and constants --------------------

#[test]
fn bs_random_input_and_phi_argument() {
    let (s, m) = (session("heteromark_bs"), manifest("heteromark_bs"));
    let rand = f32s(example("heteromark_bs").join("in_rand.bin"));
    let offset = arg_value(&m, 3) as usize;
    let wave = 3u32;
    let lanes = [0u32, 3, 44, 63];
    // kernel.cl:81, after `float i_rand = rand_array[tid];` with rand_array advanced by offset.
    let st = stop("heteromark_bs", "kernel.cl", 81, wave);
    for lane in lanes {
        let tid = work_item(&m, wave, lane).unwrap().2[0] as usize;
        let vars = inspect::locals(&st, lane);
        assert_eq!(float(var(&vars, None, "i_rand")), rand[offset + tid]);
        // The body assigned `rand_array = rand_array + offset`: its copy there is not the launch value, and
        // clang describes none; the kernel's own frame shows the arguments as launched.
        let body = var(&vars, Some("__clang_ocl_kern_imp_bs_cl12"), "rand_array");
        assert_eq!(body.origin, ValueOrigin::Unavailable);
        check_args(
            &s,
            &m,
            &vars,
            "bs_cl12",
            &["rand_array", "d_call_price_", "d_put_price_", "offset"],
        );
    }

    // Phi (noinline, called with s_swappc_b64) at kernel.cl:60: its first call is Phi(d1). With s == k (the same
    // expression) log(s / k) = 0, so d1 = (r + sigma*sigma/2) * t / (sigma * sqrt(t)).
    let st = stop("heteromark_bs", "kernel.cl", 60, wave);
    for lane in lanes {
        let tid = work_item(&m, wave, lane).unwrap().2[0] as usize;
        let x = rand[offset + tid] as f64;
        let one_minus = (1.0f32 - rand[offset + tid]) as f64;
        let t = (1.0 * x + 10.0 * one_minus) as f32 as f64;
        let r = (0.01 * x + 0.05 * one_minus) as f32 as f64;
        let sigma = (0.01 * x + 0.10 * one_minus) as f32 as f64;
        let d1 = (r + sigma * sigma / 2.0) * t / (sigma * t.sqrt());
        let vars = inspect::locals(&st, lane);
        let got = float(var(&vars, Some("Phi"), "X"));
        assert!(close(got, d1, 1e-5), "lane {lane}: X = {got}, d1 = {d1}");
        for (name, c) in [
            ("c1", 0.319381530f32),
            ("c2", -0.356563782),
            ("c3", 1.781477937),
            ("c4", -1.821255978),
            ("c5", 1.330274429),
            ("oneBySqrt2pi", 0.398942280),
        ] {
            assert_eq!(float(var(&vars, Some("Phi"), name)), c, "{name}");
        }
    }
}

// ---- uob_nbody: lid, the outer loop counter, distSq of the first body pair inside the inlined computeForce ------

#[test]
fn nbody_first_interaction() {
    let (s, m) = (session("uob_nbody"), manifest("uob_nbody"));
    let pos = f32s(example("uob_nbody").join("in_positions.bin"));
    let wave = 2u32;
    let lanes = [0u32, 3, 31, 63];
    // kernel.cl:37 `for (uint j = 0; j < numBodies; j+=WGSIZE)` at its first arrival.
    let st = stop("uob_nbody", "kernel.cl", 37, wave);
    for lane in lanes {
        let vars = inspect::locals(&st, lane);
        assert_eq!(int(var(&vars, None, "j")), 0);
        assert_eq!(
            int(var(&vars, None, "lid")),
            work_item(&m, wave, lane).unwrap().1[0] as i64
        );
        check_args(
            &s,
            &m,
            &vars,
            "nbody",
            &["positionsIn", "positionsOut", "velocities", "numBodies"],
        );
    }
    // kernel.cl:16 in computeForce(ipos, scratch[0]): the first call has jpos = positionsIn[0] (j = 0, k = 0,
    // staged through LDS) and ipos = positionsIn[i]. softening = 0.05f (cflags.txt).
    let st = stop("uob_nbody", "kernel.cl", 16, wave);
    for lane in lanes {
        let i = work_item(&m, wave, lane).unwrap().2[0] as usize;
        let d: Vec<f64> = (0..3)
            .map(|c| pos[c] as f64 - pos[4 * i + c] as f64)
            .collect();
        let soft = 0.05f32 as f64;
        let dist_sq = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] + soft * soft;
        let vars = inspect::locals(&st, lane);
        let got = float(var(&vars, Some("computeForce"), "distSq"));
        assert!(close(got, dist_sq, 1e-5), "lane {lane}: {got} vs {dist_sq}");
    }
}

// ---- rodinia_backprop: tx, ty, index_in, the unrolled reduction loop's i and power_two, __local arguments --------

/// `is_stmt` rows of `line` in `[from, to)` from the committed `llvm-dwarfdump --debug-line` listing.
fn stmt_rows(name: &str, line: u32, from: u64, to: u64) -> Vec<u64> {
    let text = std::fs::read_to_string(example(name).join("kernel.lines.txt")).unwrap();
    let mut pcs: Vec<u64> = text
        .lines()
        .filter(|l| l.starts_with("0x") && l.contains("is_stmt") && !l.contains("end_sequence"))
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let pc = u64::from_str_radix(&f[0][2..], 16).ok()?;
            (f[1].parse::<u32>().ok()? == line && (from..to).contains(&pc)).then_some(pc)
        })
        .collect();
    pcs.sort_unstable();
    pcs.dedup();
    pcs
}

#[test]
fn backprop_reduction_loop_counter_doubles() {
    let (s, m) = (session("rodinia_backprop"), manifest("rodinia_backprop"));
    let wave = 9u32; // work-group (0,2): by = 2
    let by = work_item(&m, wave, 0).unwrap().0[1] as i64;
    // kernel.cl:31 `input_node[ty] = input_cuda[index_in];` under `if (tx == 0)`.
    let st = stop("rodinia_backprop", "kernel.cl", 31, wave);
    let mut want_exec = 0u64;
    for lane in 0..64u32 {
        if work_item(&m, wave, lane).unwrap().1[0] == 0 {
            want_exec |= 1 << lane;
        }
    }
    assert_eq!(st.wave().exec(), want_exec);
    for lane in [0u32, 16, 32, 48] {
        let (_, local, _) = work_item(&m, wave, lane).unwrap();
        let vars = inspect::locals(&st, lane);
        assert_eq!(
            int(var(&vars, None, "index_in")),
            16 * by + local[1] as i64 + 1
        );
        assert_eq!(int(var(&vars, None, "ty")), local[1] as i64);
        // Buffers and ints as the manifest says; the two __local pointers get LDS offsets 0 and 64 (no static
        // LDS, then the `local` args in order: 64 bytes of input_node).
        check_args(
            &s,
            &m,
            &vars,
            "bpnn_layerforward_ocl",
            &[
                "input_cuda",
                "output_hidden_cuda",
                "input_hidden_cuda",
                "hidden_partial_sum",
            ],
        );
        let k = "bpnn_layerforward_ocl";
        assert_eq!(s.abi().group_segment_fixed_size, 0);
        assert_eq!(pointer(var(&vars, Some(k), "input_node")), 0);
        assert_eq!(
            pointer(var(&vars, Some(k), "weight_matrix")),
            m["args"][4]["bytes"].as_u64().unwrap()
        );
        assert_eq!(float(var(&vars, Some(k), "in")), arg_value(&m, 6) as f32);
        assert_eq!(float(var(&vars, Some(k), "hid")), arg_value(&m, 7) as f32);
    }
    // kernel.cl:40-48, `for (i = 1; i <= HEIGHT; i = i*2) { power_two = i; ... barrier }` is unrolled: the n-th
    // copy of line 48 (the barrier) in the first kernel's code runs with i = power_two = 2^n.
    let kernel_end = s
        .debug_info
        .as_ref()
        .unwrap()
        .functions_named("bpnn_layerforward_ocl")[0]
        .ranges[0]
        .1;
    let pcs = stmt_rows("rodinia_backprop", 48, 0, kernel_end);
    assert_eq!(pcs.len(), 5, "{pcs:x?}");
    for (n, &pc) in pcs.iter().enumerate() {
        let st = stop_pc("rodinia_backprop", pc, wave);
        for lane in [1u32, 17, 63] {
            let vars = inspect::locals(&st, lane);
            assert_eq!(int(var(&vars, None, "power_two")), 1 << n, "pc 0x{pc:x}");
            assert_eq!(int(var(&vars, None, "i")), 1 << n, "pc 0x{pc:x}");
            let (_, local, _) = work_item(&m, wave, lane).unwrap();
            assert_eq!(int(var(&vars, None, "ty")), local[1] as i64);
        }
    }
}

// ---- the stop itself ----------------------------------------------------------------------------------------------

#[test]
fn the_stop_is_the_first_arrival_and_leaves_later_work_undone() {
    // gemm_64: wave 5 stopped at kernel.cl:28 `c[i * nj + j] *= beta;` before its store: c of its own
    // work-items still holds the input, while every earlier work-group (0) has finished its c entries.
    let m = manifest("polybench_gemm_64");
    let c_in = f32s(example("polybench_gemm_64").join("in_c.bin"));
    let c_out = f32s(example("polybench_gemm_64").join("expected_c.bin"));
    let st = stop("polybench_gemm_64", "kernel.cl", 28, 5);
    assert!(st.breakpoint_pcs.contains(&st.pc()));
    let c_now = st.session().buffer(2).unwrap();
    let c_now: Vec<f32> = c_now
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let nj = arg_value(&m, 6) as usize;
    for lane in [0u32, 63] {
        let (_, _, g) = work_item(&m, 5, lane).unwrap();
        let at = g[1] as usize * nj + g[0] as usize;
        assert_eq!(
            c_now[at], c_in[at],
            "wave 5's own c[{at}] is not written yet"
        );
    }
    for wave in 0..4 {
        for lane in [0u32, 63] {
            let (_, _, g) = work_item(&m, wave, lane).unwrap();
            let at = g[1] as usize * nj + g[0] as usize;
            assert_eq!(c_now[at], c_out[at], "work-group 0 finished c[{at}]");
        }
    }
}
