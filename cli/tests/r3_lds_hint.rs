//! A Triton kernel run without the `lds_dynamic_bytes` its launch needs (tests/fixtures/extra_kernels_r3/
//! t_dropout: metadata.shared 2048, no static LDS) faults on its first LDS access; `wavescope run` exits 3 and
//! says what is missing. With the manifest as committed it runs clean and prints no hint.

use std::path::PathBuf;
use std::process::Command;

fn case_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/extra_kernels_r3/t_dropout")
}

#[test]
fn missing_dynamic_lds_faults_with_a_hint() {
    let d = case_dir();
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("case.json")).unwrap()).unwrap();
    v.as_object_mut().unwrap().remove("lds_dynamic_bytes");
    v["code_object"] = d.join("kernel.hsaco").display().to_string().into();
    for key in ["args", "outputs"] {
        for e in v[key].as_array_mut().unwrap() {
            if let Some(f) = e.get_mut("file") {
                *f = d.join(f.as_str().unwrap()).display().to_string().into();
            }
        }
    }
    let m = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("r3_no_lds.json");
    std::fs::write(&m, v.to_string()).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .arg("run")
        .arg(&m)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(
        err.contains("0-byte LDS allocation")
            && err.contains("hint:")
            && err.contains("lds_dynamic_bytes"),
        "{err}"
    );

    let o = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .arg("run")
        .arg(&d)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("hint:"), "{err}");
}

/// A failing `tl.device_assert` (tests/fixtures/extra_kernels_r3/t_assert_pass/case_negative.json: one negative
/// input, x[777]) prints Triton's assertion message on stderr through the hostcall printf service (the kernel's own string,
/// as kernel.hsaco holds it), then stops at the trap: exit 3, one fault naming the wave and lane of that element
/// (256-wide work-groups: work-group 3, lane 9) and the source line of the assert, and no hint about null buffers.
/// The passing manifest prints nothing.
#[test]
fn failing_device_assert_prints_its_message_then_faults() {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/extra_kernels_r3/t_assert_pass");
    let x: Vec<i32> = std::fs::read(d.join("in_x_negative.bin"))
        .unwrap()
        .chunks(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let neg = x.iter().position(|&v| v < 0).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .arg("run")
        .arg(d.join("case_negative.json"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(3), "{err}");
    // Triton's assert message is an fprintf to stderr (the message's control qword 1), before the fault.
    assert!(
        err.starts_with("device assertion failed: 'negative input', in unknown at ")
            && err.lines().next().unwrap().ends_with("/kernel.py:12"),
        "{err}"
    );
    assert_eq!(err.matches("device assertion failed").count(), 1, "{err}");
    assert!(!out.contains("device assertion failed"), "{out}");
    assert!(
        err.contains("wavescope: fault: trap: s_trap 2")
            && err.contains("(kernel.py:12:5)")
            && err.contains(&format!(
                "(work-group {},0,0), lane {}",
                neg / 256,
                neg % 64
            )),
        "{err}"
    );
    assert!(!err.contains("hint:"), "{err}");
    let o = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .arg("run")
        .arg(&d)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(!err.contains("hint:"), "{err}");
}

/// Triton's flash attention writes replicated data to the same LDS bytes from several waves (benign same-value
/// races): `run` prints the first three and a count of the rest, and `--report` keeps every one.
#[test]
fn benign_same_value_races_are_counted_past_three() {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/extra_kernels_r3/t_attention_fwd");
    let report = std::env::temp_dir().join(format!("r3_benign_{}.json", std::process::id()));
    let o = Command::new(env!("CARGO_BIN_EXE_wavescope"))
        .arg("run")
        .arg(&d)
        .arg("--report")
        .arg(&report)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    let _ = std::fs::remove_file(&report);
    let races = json["races"].as_array().unwrap();
    let benign = races
        .iter()
        .filter(|r| {
            r["severity"] == "warning"
                && r["message"]
                    .as_str()
                    .unwrap()
                    .contains("benign: same value")
        })
        .count();
    assert!(
        benign > 3,
        "the fixture has more than three benign pairs: {benign}"
    );
    assert_eq!(out.matches(", benign: same value)").count(), 3, "{out}");
    assert!(
        out.contains(&format!(
            "... and {} more benign same-value race warnings",
            benign - 3
        )),
        "{out}"
    );
    assert!(!out.contains("race error"), "{out}");
}
