//! Round 5's input edges through the `wavescope` binary (fixtures in tests/fixtures/extra_kernels_r5): a Triton
//! kernel calling tl.device_print (printf needs the hostcall service wavescope does not provide: one fault
//! report, exit 3, a hint naming hidden_hostcall_buffer), a launch wider than the kernel's __launch_bounds__ and
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

/// tl.device_print compiles to the hostcall printf protocol: the kernel reads the hidden_hostcall_buffer
/// pointer (null here) and faults 24 bytes past it before its store. The run stops with the fault (exit 3, as
/// README's exit codes say) and the hint names the service wavescope does not provide.
#[test]
fn triton_device_print_faults_with_the_hostcall_hint() {
    let d = case_dir("t_device_print").display().to_string();
    let (code, _out, err) = wavescope(&["run", &d, "--check"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("null pointer plus 24"), "{err}");
    assert!(err.contains("hidden_hostcall_buffer"), "{err}");
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
