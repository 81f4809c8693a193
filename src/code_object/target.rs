//! `amdhsa.target`: the target triple and target ID a code object was compiled for (AMDGPUUsage "Target Triples",
//! "Target ID" and "Code Object Target Identification").
//!
//! The string is `<arch>-<vendor>-<os>-<environment>-<processor>[:<feature>(+|-)]...`. Current compilers spell
//! the same gfx950 target several ways, and all of them load:
//!
//! | producer                                   | `amdhsa.target`                              |
//! |--------------------------------------------|----------------------------------------------|
//! | clang-22 `-target amdgcn-amd-amdhsa`        | `amdgcn-amd-amdhsa--gfx950` (empty environment) |
//! | clang-22 `-mcpu=gfx950:sramecc+:xnack-`     | `amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-`  |
//! | clang-22 `-target amdgcn-amd-amdhsa-unknown` | `amdgcn-amd-amdhsa-unknown-gfx950`          |
//! | Triton 3.9 (its bundled LLVM)              | `amdgpu9.50-amd-amdhsa-unknown-gfx950`       |
//!
//! The processor may itself hold dashes (`gfx9-4-generic`), so the string is split at the first four dashes only.

/// A parsed `amdhsa.target`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetId {
    /// `amdgcn`, or `amdgpu` with an optional sub-architecture version (`amdgpu9.50`).
    pub arch: String,
    pub vendor: String,
    pub os: String,
    /// Empty for clang's default triple, `unknown` when the triple spells it out.
    pub environment: String,
    /// `gfx950`, `gfx9-4-generic`, ...
    pub processor: String,
    /// Target features in the order written, with their sign: `sramecc+` is `("sramecc", true)`.
    pub features: Vec<(String, bool)>,
}

impl TargetId {
    /// The setting of `feature` (`xnack`, `sramecc`): `Some(true)` for `+`, `Some(false)` for `-`, `None` when the
    /// target ID does not name it (the code runs either way).
    pub fn feature(&self, feature: &str) -> Option<bool> {
        self.features
            .iter()
            .find(|(n, _)| n == feature)
            .map(|&(_, on)| on)
    }
}

/// Parse an `amdhsa.target` string. The error says what is wrong with it, quoting it.
pub fn parse_target(target: &str) -> Result<TargetId, String> {
    let bad = |why: &str| format!("amdhsa.target \"{target}\" {why}");
    let parts: Vec<&str> = target.splitn(5, '-').collect();
    if parts.len() < 5 {
        return Err(bad(
            "is not <arch>-<vendor>-<os>-<environment>-<processor> (e.g. amdgcn-amd-amdhsa--gfx950)",
        ));
    }
    let (arch, vendor, os, environment, target_id) =
        (parts[0], parts[1], parts[2], parts[3], parts[4]);
    let subarch_ok = |v: &str| v.is_empty() || v.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let arch_ok = arch == "amdgcn" || arch.strip_prefix("amdgpu").is_some_and(subarch_ok);
    if !arch_ok {
        return Err(bad(&format!(
            "has architecture \"{arch}\"; an HSA code object's is amdgcn (or amdgpu<version>)"
        )));
    }
    if vendor != "amd" {
        return Err(bad(&format!("has vendor \"{vendor}\", not amd")));
    }
    if os != "amdhsa" {
        return Err(bad(&format!(
            "has OS \"{os}\"; wavescope loads amdhsa code objects (the ROCm runtime's)"
        )));
    }
    if !environment
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        return Err(bad(&format!(
            "has a malformed environment \"{environment}\""
        )));
    }
    let mut pieces = target_id.split(':');
    let processor = pieces.next().unwrap_or("");
    let processor_ok = !processor.is_empty()
        && processor
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-');
    if !processor_ok {
        return Err(bad(&format!("names no processor (\"{processor}\")")));
    }
    let mut features: Vec<(String, bool)> = Vec::new();
    for f in pieces {
        let (name, on) = match (f.strip_suffix('+'), f.strip_suffix('-')) {
            (Some(n), _) => (n, true),
            (_, Some(n)) => (n, false),
            _ => return Err(bad(&format!("has feature \"{f}\" without its + or - sign"))),
        };
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(bad(&format!("has a malformed feature \"{f}\"")));
        }
        if features.iter().any(|(n, _)| n == name) {
            return Err(bad(&format!("names feature {name} twice")));
        }
        features.push((name.to_string(), on));
    }
    Ok(TargetId {
        arch: arch.to_string(),
        vendor: vendor.to_string(),
        os: os.to_string(),
        environment: environment.to_string(),
        processor: processor.to_string(),
        features,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(s: &str) -> TargetId {
        parse_target(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn every_gfx950_spelling_of_current_compilers() {
        // clang-22, default triple: empty environment.
        let t = ok("amdgcn-amd-amdhsa--gfx950");
        assert_eq!(
            (
                t.arch.as_str(),
                t.environment.as_str(),
                t.processor.as_str()
            ),
            ("amdgcn", "", "gfx950")
        );
        assert!(t.features.is_empty());
        // clang-22 with a target ID carrying features (it writes them sorted: sramecc before xnack).
        let t = ok("amdgcn-amd-amdhsa--gfx950:sramecc+:xnack-");
        assert_eq!(t.processor, "gfx950");
        assert_eq!(t.feature("sramecc"), Some(true));
        assert_eq!(t.feature("xnack"), Some(false));
        // clang-22 -target amdgcn-amd-amdhsa-unknown.
        let t = ok("amdgcn-amd-amdhsa-unknown-gfx950");
        assert_eq!(
            (t.environment.as_str(), t.processor.as_str()),
            ("unknown", "gfx950")
        );
        // Triton 3.9's bundled LLVM: sub-architecture in the arch, "unknown" environment.
        let t = ok("amdgpu9.50-amd-amdhsa-unknown-gfx950");
        assert_eq!(
            (
                t.arch.as_str(),
                t.environment.as_str(),
                t.processor.as_str()
            ),
            ("amdgpu9.50", "unknown", "gfx950")
        );
        let t = ok("amdgpu9.50-amd-amdhsa-unknown-gfx950:xnack+");
        assert_eq!(t.feature("xnack"), Some(true));
        assert_eq!(t.feature("sramecc"), None);
        // clang-22 -target amdgcn-amd-amdhsa-gnu.
        assert_eq!(ok("amdgcn-amd-amdhsa-gnu-gfx950").processor, "gfx950");
    }

    #[test]
    fn processors_with_dashes_and_others() {
        // Code object v6 generic processors (clang-22 -mcpu=gfx9-4-generic -mcode-object-version=6).
        let t = ok("amdgcn-amd-amdhsa--gfx9-4-generic:xnack-");
        assert_eq!(t.processor, "gfx9-4-generic");
        assert_eq!(t.feature("xnack"), Some(false));
        assert_eq!(ok("amdgcn-amd-amdhsa--gfx942").processor, "gfx942");
        assert_eq!(
            ok("amdgcn-amd-amdhsa--gfx12-generic").processor,
            "gfx12-generic"
        );
    }

    #[test]
    fn malformed_spellings_are_named() {
        for (s, want) in [
            ("", "is not <arch>"),
            ("gfx950", "is not <arch>"),
            ("amdgcn-amd-amdhsa-gfx950", "is not <arch>"),
            ("amdgcn-amd-amdhsa--", "names no processor"),
            ("amdgcn-amd-amdhsa--:xnack-", "names no processor"),
            ("x86_64-amd-amdhsa--gfx950", "architecture \"x86_64\""),
            ("amdgpuX-amd-amdhsa--gfx950", "architecture \"amdgpuX\""),
            ("r600-amd-amdhsa--gfx950", "architecture \"r600\""),
            ("amdgcn-nvidia-amdhsa--gfx950", "vendor \"nvidia\""),
            ("amdgcn-amd-amdpal--gfx950", "OS \"amdpal\""),
            ("amdgcn-amd-mesa3d--gfx950", "OS \"mesa3d\""),
            ("amdgcn-amd-amdhsa-un known-gfx950", "malformed environment"),
            ("amdgcn-amd-amdhsa--gfx950:xnack", "without its + or - sign"),
            ("amdgcn-amd-amdhsa--gfx950:+", "malformed feature"),
            ("amdgcn-amd-amdhsa--gfx950::", "without its + or - sign"),
            (
                "amdgcn-amd-amdhsa--gfx950:xnack+:xnack-",
                "names feature xnack twice",
            ),
            ("amdgcn-amd-amdhsa--gfx 950", "names no processor"),
        ] {
            let e = parse_target(s).expect_err(s);
            assert!(e.contains(want), "{s}: {e}");
            assert!(e.contains(&format!("\"{s}\"")), "quotes the target: {e}");
        }
    }
}
