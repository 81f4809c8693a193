//! `--check`: compare output buffers with the expected files of the manifest
//! (dispatch-manifest.md: |got − exp| <= atol + rtol·|exp|; NaN never matches).

use crate::manifest::{Manifest, OutputSpec};

/// The comparison of one output.
#[derive(Clone, Debug, serde::Serialize)]
pub struct OutputCheck {
    pub arg_index: usize,
    /// The memory region compared (the manifest's `"memory": k`), when the output names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory: Option<usize>,
    pub dtype: &'static str,
    pub matched: usize,
    pub total: usize,
    /// Largest |got − exp| over all elements (NaN mismatches count as infinite; JSON null).
    pub worst_abs_error: Option<f64>,
    /// Index of the worst element, and its got/expected values.
    pub worst_index: Option<usize>,
    pub worst_got: Option<f64>,
    pub worst_expected: Option<f64>,
    /// First mismatching element.
    pub first_mismatch: Option<usize>,
    /// The first few mismatching elements (index, got, expected), in index order.
    pub mismatches: Vec<Mismatch>,
    /// Set when the comparison could not be made (missing file, wrong size).
    pub error: Option<String>,
}

/// One element that does not match.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Mismatch {
    pub index: usize,
    pub got: f64,
    pub expected: f64,
}

/// How many mismatching elements a check keeps and prints.
pub const SHOWN_MISMATCHES: usize = 5;

impl OutputCheck {
    pub fn passed(&self) -> bool {
        self.error.is_none() && self.matched == self.total
    }
}

/// Compare `got` (the buffer's bytes after the run) with the expected file of `spec`.
pub fn check_output(spec: &OutputSpec, got: &[u8]) -> OutputCheck {
    let mut out = OutputCheck {
        arg_index: spec.arg_index,
        memory: spec.memory,
        dtype: spec.dtype.name(),
        matched: 0,
        total: spec.count,
        worst_abs_error: None,
        worst_index: None,
        worst_got: None,
        worst_expected: None,
        first_mismatch: None,
        mismatches: Vec::new(),
        error: None,
    };
    let size = spec.dtype.size();
    // count × size was checked against the buffer when the manifest was loaded; the file must have exactly that
    // many bytes (a longer one would let a prefix pass), and is stat'ed before it is read.
    let want = spec.count as u64 * size as u64;
    let exp = match crate::manifest::read_bounded(&spec.file, Some(want), want) {
        Ok(b) => b,
        Err(e) => {
            out.error = Some(e);
            return out;
        }
    };
    if (got.len() as u64) < want {
        out.error = Some(format!(
            "the buffer has {} bytes, the output names {want}",
            got.len()
        ));
        return out;
    }
    let exact_ints = !spec.dtype.is_float() && spec.atol == 0.0 && spec.rtol == 0.0;
    let mut worst = -1.0f64;
    for i in 0..spec.count {
        let (ok, err, g, e) = if exact_ints {
            let (g, e) = (spec.dtype.bits(got, i), spec.dtype.bits(&exp, i));
            let (gf, ef) = (spec.dtype.element(got, i), spec.dtype.element(&exp, i));
            (g == e, (gf - ef).abs(), gf, ef)
        } else {
            let (g, e) = (spec.dtype.element(got, i), spec.dtype.element(&exp, i));
            // equal infinities are no error (inf - inf is NaN, which would rank them worst and hide a real
            // mismatch in the summary)
            let err = if g == e { 0.0 } else { (g - e).abs() };
            let ok =
                !g.is_nan() && !e.is_nan() && (err <= spec.atol + spec.rtol * e.abs() || g == e);
            (ok, if err.is_nan() { f64::INFINITY } else { err }, g, e)
        };
        if ok {
            out.matched += 1;
        } else {
            if out.first_mismatch.is_none() {
                out.first_mismatch = Some(i);
            }
            if out.mismatches.len() < SHOWN_MISMATCHES {
                out.mismatches.push(Mismatch {
                    index: i,
                    got: g,
                    expected: e,
                });
            }
        }
        if err > worst {
            worst = err;
            out.worst_index = Some(i);
            out.worst_got = Some(g);
            out.worst_expected = Some(e);
        }
    }
    out.worst_abs_error = if worst < 0.0 {
        None
    } else if worst.is_finite() {
        Some(worst)
    } else {
        None
    };
    out
}

/// One line a person reads: `out[1] u32: 256/256 match, worst |err| 0`.
pub fn summary_line(c: &OutputCheck) -> String {
    if let Some(e) = &c.error {
        return format!("{} {}: cannot compare: {e}", label(c), c.dtype);
    }
    let worst = match (c.worst_abs_error, c.worst_index) {
        (Some(w), Some(_)) if w == 0.0 && c.passed() => "bit-exact".to_string(),
        (Some(w), Some(i)) => format!(
            "worst |err| {w:.3e} at [{i}] (got {}, expected {})",
            fmt(c.worst_got),
            fmt(c.worst_expected)
        ),
        (None, Some(i)) => format!(
            "worst at [{i}]: got {}, expected {}",
            fmt(c.worst_got),
            fmt(c.worst_expected)
        ),
        _ => "empty".to_string(),
    };
    let verdict = if c.passed() { "ok" } else { "MISMATCH" };
    let mut s = format!(
        "{} {}: {}/{} elements match, {worst} {verdict}",
        label(c),
        c.dtype,
        c.matched,
        c.total
    );
    if !c.mismatches.is_empty() {
        let n = c.total - c.matched;
        s.push_str(&format!(
            "\n  {n} mismatching element{}, the first {}:",
            if n == 1 { "" } else { "s" },
            c.mismatches.len()
        ));
        for m in &c.mismatches {
            s.push_str(&format!(
                "\n    [{}] got {}, expected {}",
                m.index, m.got, m.expected
            ));
        }
    }
    s
}

/// `args[1]`, or `memory[0]` for a memory region.
fn label(c: &OutputCheck) -> String {
    match c.memory {
        Some(k) => format!("memory[{k}]"),
        None => format!("args[{}]", c.arg_index),
    }
}

fn fmt(v: Option<f64>) -> String {
    v.map(|x| format!("{x}")).unwrap_or_else(|| "-".into())
}

/// Check every output of `m`, given a function returning the bytes of a buffer argument.
pub fn check_all(m: &Manifest, buffer: impl Fn(usize) -> Option<Vec<u8>>) -> Vec<OutputCheck> {
    m.outputs
        .iter()
        .map(|o| match buffer(o.arg_index) {
            Some(b) => check_output(o, &b),
            None => {
                let mut c = check_output(o, &[]);
                c.error = Some(format!("args[{}] is not a buffer of this run", o.arg_index));
                c
            }
        })
        .collect()
}
