//! Round 5's input edges through the `wavescope` binary (fixtures in tests/fixtures/extra_kernels_r5): a Triton
//! kernel calling tl.device_print (answered by wavescope's hostcall printf service: its lines on stdout; a
//! corrupt packet is one fault), a launch wider than the kernel's __launch_bounds__ and
//! a device function named as the kernel (one error each, exit 2, no run).

mod common;
use common::*;
use std::path::PathBuf;

fn case_dir(name: &str) -> PathBuf {
    root().join("tests/fixtures/extra_kernels_r5").join(name)
}

/// `case` of fixture `name` with `edit` applied, its files made absolute, written to a scratch manifest.
fn edited(name: &str, case: &str, tag: &str, edit: impl Fn(&mut serde_json::Value)) -> String {
    let d = case_dir(name);
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join(case)).unwrap()).unwrap();
    v["code_object"] = d.join("kernel.hsaco").display().to_string().into();
    for key in ["args", "outputs"] {
        for e in v[key].as_array_mut().unwrap() {
            if let Some(f) = e.get_mut("file") {
                *f = d.join(f.as_str().unwrap()).display().to_string().into();
            }
        }
    }
    edit(&mut v);
    let m = tmp("r5").join(format!("{tag}.json"));
    std::fs::write(&m, v.to_string()).unwrap();
    m.display().to_string()
}

/// tl.device_print compiles to the hostcall printf protocol (the kernel reads the hidden_hostcall_buffer pointer,
/// pushes packets and spins on their ready flag). wavescope answers it: the run passes its check (exit 0) and
/// prints one line per element as Triton's device_print formats it (`pid (X, Y, Z) idx (I) PREFIX: VALUE`, the
/// index right-aligned to the block's digits), for both 64-wide programs in program order, lanes ascending; the
/// values are in_x.bin's (0 past n, the load's `other`). `--jobs 2` prints the same, and the report's `printf`
/// key holds the same lines.
#[test]
fn triton_device_print_prints_its_lines() {
    let d = case_dir("t_device_print");
    let x: Vec<i32> = std::fs::read(d.join("in_x.bin"))
        .unwrap()
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let mut want = String::new();
    for pid in 0..2 {
        for idx in 0..64 {
            let offs = pid * 64 + idx;
            let v = x.get(offs).copied().unwrap_or(0);
            want += &format!("pid ({pid}, 0, 0) idx ({idx:>2}) x =: {v}\n");
        }
    }
    let ds = d.display().to_string();
    let (code, out, err) = wavescope(&["run", &ds, "--check"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(&want), "{out}");
    assert!(!err.contains("fault"), "{err}");
    let (code2, out2, _) = wavescope(&["run", &ds, "--check", "--jobs", "2"]);
    assert_eq!(code2, 0);
    assert!(out2.starts_with(&want), "{out2}");
    let (code3, json, _) = wavescope(&["run", &ds, "--report", "-"]);
    assert_eq!(code3, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let texts: String = v["printf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            assert_eq!(p["stream"], "stdout");
            p["text"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(texts, want);
}

/// A corrupt hostcall packet is one clear fault at the wave's s_sleep, never a hang: the same kernel with its
/// hostcall service id patched in the code object (the `s_mov`/`v_mov` of service 2 made 9) faults with a message
/// naming the service, exit 3.
#[test]
fn triton_device_print_unknown_service_is_one_fault() {
    let d = case_dir("t_device_print");
    let m = edited("t_device_print", "case.json", "bad_service", |_| {});
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&m).unwrap()).unwrap();
    let mut code_object = std::fs::read(d.join("kernel.hsaco")).unwrap();
    let patched = patch_service_id(&mut code_object);
    assert!(patched, "no service-id move found");
    let co = tmp("r5").join("bad_service.hsaco");
    std::fs::write(&co, &code_object).unwrap();
    v["code_object"] = co.display().to_string().into();
    std::fs::write(&m, v.to_string()).unwrap();
    let (code, _out, err) = wavescope(&["run", &m]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("asks for service 9"), "{err}");
    assert_eq!(err.matches("wavescope: fault:").count(), 1, "{err}");
}

/// row_stats was compiled with __launch_bounds__(64) (.max_flat_workgroup_size 64): a 128-wide launch is one
/// error before anything runs; a manifest naming a noinline device function (no .kd) as its kernel lists the
/// object's four kernels.
#[test]
fn launch_bounds_and_device_function_names_are_refused() {
    let m = edited("h_calls_templates", "case_stats.json", "wide", |v| {
        v["block"] = serde_json::json!([128, 1, 1]);
        v["grid"] = serde_json::json!([256, 1, 1]);
    });
    let (code, out, err) = wavescope(&["run", &m]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains(
            "has 128 work-items but kernel _Z9row_statsPKfS0_PfPiS1_i was compiled for at most 64"
        ),
        "{err}"
    );
    assert!(!out.contains("wave-instructions"), "{out}");
    let m = edited("h_calls_templates", "case_f32.json", "devfn", |v| {
        v["kernel"] = "_Z10add_sample5Statsf".into();
    });
    let (code, _out, err) = wavescope(&["run", &m]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no kernel named \"_Z10add_sample5Statsf\""),
        "{err}"
    );
    for k in [
        "_Z5axpbyIfEvPKT_S2_PS0_S0_S0_i",
        "_Z5axpbyIdEvPKT_S2_PS0_S0_S0_i",
        "_Z5axpbyIiEvPKT_S2_PS0_S0_S0_i",
        "_Z9row_statsPKfS0_PfPiS1_i",
    ] {
        assert!(err.contains(k), "{err}");
    }
}

/// Make the first `v_mov_b32_e32 vN, 2` (VOP1: bits 31:25 0x3f, opcode 1, src0 inline constant 2 = 0x82) move 9
/// (0x89): in print_kernel that is the service id of its first hostcall (kernel.objdump.txt, 0x1bd8).
fn patch_service_id(code_object: &mut [u8]) -> bool {
    for k in (0..code_object.len() - 3).step_by(4) {
        let w = u32::from_le_bytes(code_object[k..k + 4].try_into().unwrap());
        if w >> 25 == 0x3f && (w >> 9) & 0xff == 1 && w & 0x1ff == 0x82 {
            let w = (w & !0x1ff) | 0x89;
            code_object[k..k + 4].copy_from_slice(&w.to_le_bytes());
            return true;
        }
    }
    false
}
