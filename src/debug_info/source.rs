//! Source text for the files a line table names.
//!
//! Paths come out of the line table as clang wrote them: `DW_AT_comp_dir` joined with the include directory and
//! the file name, e.g. `./kernel.cl` or `./././ocl_prelude.h` for objects built with `-fdebug-compilation-dir=.`.
//! A relative path is looked up under each search directory in turn (the code object's directory, the
//! `--source-dir` directories, the current directory), first as written and then by its file name alone.
//! Sources embedded in the line table (`DW_LNCT_LLVM_source`, clang `-gembed-source`) win over the disk.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The lines of one source file.
#[derive(Debug)]
pub struct SourceText {
    /// Where it was read from (`<embedded>` for sources carried in the line table).
    pub path: PathBuf,
    lines: Vec<String>,
}

impl SourceText {
    pub fn from_text(path: PathBuf, text: &str) -> SourceText {
        SourceText {
            path,
            lines: text
                .lines()
                .map(|l| l.trim_end_matches('\r').to_string())
                .collect(),
        }
    }

    /// Line `n` (1-based) without its newline.
    pub fn line(&self, n: u32) -> Option<&str> {
        if n == 0 {
            return None;
        }
        self.lines.get(n as usize - 1).map(String::as_str)
    }

    pub fn line_count(&self) -> usize {
        self.lines.len()
    }
}

/// A source file that could not be found, with every place that was tried (the note shown to the user).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("source file {file} not found (tried {}); pass --source-dir DIR", tried_list(.tried))]
pub struct MissingSource {
    pub file: String,
    pub tried: Vec<PathBuf>,
}

fn tried_list(t: &[PathBuf]) -> String {
    if t.is_empty() {
        return "nothing".into();
    }
    t.iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Loads and caches source files; shared by every view of one session.
#[derive(Debug, Default)]
pub struct SourceCache {
    dirs: Vec<PathBuf>,
    cache: Mutex<HashMap<String, Result<Arc<SourceText>, MissingSource>>>,
}

/// `a/./b/../c` -> `a/c` without touching the disk; leading `..` are kept.
fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

impl SourceCache {
    /// `object_dir`: the code object's directory (builds with a relative `DW_AT_comp_dir` keep their sources
    /// beside the object); `extra`: `--source-dir` directories, searched in order after it.
    pub fn new(object_dir: Option<PathBuf>, extra: Vec<PathBuf>) -> SourceCache {
        let mut dirs: Vec<PathBuf> = object_dir.into_iter().collect();
        dirs.extend(extra);
        if let Ok(cwd) = std::env::current_dir() {
            dirs.push(cwd);
        }
        SourceCache {
            dirs,
            cache: Mutex::new(HashMap::new()),
        }
    }

    pub fn search_dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// Candidate paths for `file` (as the line table names it), in search order.
    pub fn candidates(&self, file: &str) -> Vec<PathBuf> {
        let p = Path::new(file);
        let mut out = Vec::new();
        if p.is_absolute() {
            out.push(p.to_path_buf());
        }
        let rel = normalize(p);
        let rel = rel.strip_prefix("/").map(Path::to_path_buf).unwrap_or(rel);
        for d in &self.dirs {
            if !p.is_absolute() {
                out.push(d.join(&rel));
            }
            if let Some(name) = p.file_name() {
                let c = d.join(name);
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// Load `file`; `embedded`: the source carried in the line table, if any.
    pub fn load(
        &self,
        file: &str,
        embedded: Option<&str>,
    ) -> Result<Arc<SourceText>, MissingSource> {
        if let Ok(cache) = self.cache.lock() {
            if let Some(r) = cache.get(file) {
                return r.clone();
            }
        }
        let r = match embedded {
            Some(text) => Ok(Arc::new(SourceText::from_text(
                PathBuf::from("<embedded>"),
                text,
            ))),
            None => {
                let tried = self.candidates(file);
                tried
                    .iter()
                    .find_map(|c| {
                        let bytes = std::fs::read(c).ok()?;
                        Some(Arc::new(SourceText::from_text(
                            c.clone(),
                            &String::from_utf8_lossy(&bytes),
                        )))
                    })
                    .ok_or(MissingSource {
                        file: file.to_string(),
                        tried,
                    })
            }
        };
        if let Ok(mut cache) = self.cache.lock() {
            cache.insert(file.to_string(), r.clone());
        }
        r
    }
}
