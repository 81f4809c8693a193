//! Where `monitor trace start FILE` may write: only inside the trace directory (the directory `wavescope serve`
//! was started in, or its `--trace-dir`). The command comes from whoever is connected (`--listen` can open the
//! server beyond this machine), and `host_io.rs` promises nothing else on the host is written: so FILE is a
//! relative path without `..`, its directory resolves (symlinks followed) to a place inside the trace directory,
//! and the file itself is never a symlink (O_NOFOLLOW), never anything but a regular file with one link (a FIFO
//! would block the server, a device or a hard link would write outside).

use std::fs::File;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::{Component, Path, PathBuf};

/// Open (create or truncate) `name` inside `dir` (canonical). Returns the file and the path it has.
pub(crate) fn open_in(dir: &Path, name: &str) -> Result<(File, PathBuf), String> {
    let rel = Path::new(name);
    if name.is_empty() {
        return Err("no file name".into());
    }
    if rel.is_absolute() {
        return Err("an absolute path".into());
    }
    for c in rel.components() {
        match c {
            Component::Normal(_) | Component::CurDir => {}
            Component::ParentDir => return Err("a path with `..`".into()),
            Component::RootDir | Component::Prefix(_) => return Err("an absolute path".into()),
        }
    }
    let Some(file_name) = rel.file_name() else {
        return Err("no file name".into());
    };
    let parent = dir.join(rel.parent().unwrap_or(Path::new("")));
    let parent = std::fs::canonicalize(&parent)
        .map_err(|e| format!("its directory {}: {e}", parent.display()))?;
    if !parent.starts_with(dir) {
        return Err(format!(
            "its directory resolves to {}, outside the trace directory",
            parent.display()
        ));
    }
    let path = parent.join(file_name);
    // Refused with a clear reason when it already is something else; O_NOFOLLOW and the checks after opening
    // hold if it changes in between.
    match std::fs::symlink_metadata(&path) {
        Ok(m) if m.file_type().is_symlink() => return Err("the file is a symbolic link".into()),
        Ok(m) if !m.file_type().is_file() => return Err("not a regular file".into()),
        _ => {}
    }
    // No O_TRUNC yet: only a regular file of our own may be truncated. O_NONBLOCK: opening a FIFO for writing
    // must fail (ENXIO without a reader), not wait.
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK | libc::O_CLOEXEC)
        .mode(0o644)
        .open(&path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => "the file is a symbolic link".to_string(),
            _ => e.to_string(),
        })?;
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.file_type().is_file() {
        return Err("not a regular file".into());
    }
    if meta.nlink() > 1 {
        return Err("the file has other hard links".into());
    }
    file.set_len(0).map_err(|e| e.to_string())?;
    Ok((file, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("wavescope-tracefile-{}-{tag}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("sub")).unwrap();
        std::fs::canonicalize(d).unwrap()
    }

    #[test]
    fn only_inside_the_directory() {
        let d = scratch("a");
        let outside = scratch("b");
        std::fs::write(outside.join("victim"), b"keep").unwrap();
        std::os::unix::fs::symlink(outside.join("victim"), d.join("link")).unwrap();
        std::os::unix::fs::symlink(&outside, d.join("out")).unwrap();
        std::fs::hard_link(outside.join("victim"), d.join("hard")).unwrap();
        for (name, why) in [
            ("/tmp/x", "absolute"),
            ("../x", "`..`"),
            ("sub/../../x", "`..`"),
            ("link", "symbolic link"),
            ("out/victim", "outside the trace directory"),
            ("out/new", "outside the trace directory"),
            ("hard", "hard links"),
            ("sub", "not a regular file"),
            ("", "no file name"),
            ("nosuchdir/x", "No such file"),
        ] {
            let e = open_in(&d, name).expect_err(name);
            assert!(e.contains(why), "{name}: {e}");
        }
        assert_eq!(std::fs::read(outside.join("victim")).unwrap(), b"keep");
        assert!(!outside.join("new").exists());
        std::fs::write(d.join("sub/old.pftrace"), b"old contents").unwrap();
        for name in ["t.pftrace", "./sub/t.pftrace", "sub/old.pftrace"] {
            let (_f, p) = open_in(&d, name).unwrap();
            assert!(p.starts_with(&d), "{}", p.display());
            assert_eq!(std::fs::metadata(&p).unwrap().len(), 0, "{name}");
        }
        // A symlinked directory that stays inside is fine.
        std::os::unix::fs::symlink(d.join("sub"), d.join("alias")).unwrap();
        let (_f, p) = open_in(&d, "alias/u.pftrace").unwrap();
        assert_eq!(p, d.join("sub/u.pftrace"));
        let _ = std::fs::remove_dir_all(&d);
        let _ = std::fs::remove_dir_all(&outside);
    }

    #[test]
    fn a_fifo_is_refused_without_blocking() {
        let d = scratch("c");
        let fifo = d.join("fifo");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        assert!(open_in(&d, "fifo").is_err());
        let _ = std::fs::remove_dir_all(&d);
    }
}
