//! The line number program (DWARF 5 6.2) of every unit, flattened into one table.

use super::{FileId, Note, SourceFile, R};
use gimli::Reader;
use std::collections::HashMap;
use std::sync::Arc;

/// Flags of a line table row (DWARF 5 6.2.2 state machine registers).
pub mod row_flags {
    pub const IS_STMT: u8 = 1 << 0;
    pub const PROLOGUE_END: u8 = 1 << 1;
    pub const EPILOGUE_BEGIN: u8 = 1 << 2;
    pub const END_SEQUENCE: u8 = 1 << 3;
    pub const BASIC_BLOCK: u8 = 1 << 4;
}

/// One row of a line table, in program order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRow {
    pub address: u64,
    pub file: FileId,
    /// The unit's own file index (as `llvm-dwarfdump --debug-line` prints it).
    pub file_index: u32,
    /// 0: no source line (compiler-generated code).
    pub line: u32,
    /// 0: the left edge / unknown.
    pub column: u32,
    pub flags: u8,
    /// Index of the unit's line table (`LineTables::tables`).
    pub table: u32,
}

impl LineRow {
    pub fn is_stmt(&self) -> bool {
        self.flags & row_flags::IS_STMT != 0
    }
    pub fn end_sequence(&self) -> bool {
        self.flags & row_flags::END_SEQUENCE != 0
    }
    pub fn prologue_end(&self) -> bool {
        self.flags & row_flags::PROLOGUE_END != 0
    }
}

/// A contiguous run of rows `[start, end)` of addresses (DWARF sequence).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sequence {
    pub start: u64,
    pub end: u64,
    /// Rows of the sequence in `rows` (the end_sequence row excluded).
    pub rows: (u32, u32),
}

#[derive(Default)]
pub(crate) struct LineTables {
    pub rows: Vec<LineRow>,
    pub sequences: Vec<Sequence>,
    /// `.debug_line` offset of each unit's table.
    pub tables: Vec<u64>,
    /// Per unit (index = unit number in `DebugInfo::units`): file index -> FileId.
    pub unit_files: Vec<Vec<FileId>>,
}

/// The path of a file entry as llvm-symbolizer and addr2line join it (`DW_AT_comp_dir`, then the include
/// directory unless it is directory 0, the compilation directory itself, then the name), normalized
/// ([`normalize_path`]): `./././ocl_prelude.h` is `ocl_prelude.h`.
fn render_file(
    unit: gimli::UnitRef<'_, R>,
    file: &gimli::FileEntry<R>,
    header: &gimli::LineProgramHeader<R>,
) -> Result<(String, String), gimli::Error> {
    let mut path = match unit.comp_dir.as_ref() {
        Some(d) => d.to_string_lossy()?.into_owned(),
        None => String::new(),
    };
    if file.directory_index() != 0 {
        if let Some(dir) = file.directory(header) {
            path_push(&mut path, &unit.attr_string(dir)?.to_string_lossy()?);
        }
    }
    let name = unit
        .attr_string(file.path_name())?
        .to_string_lossy()?
        .into_owned();
    path_push(&mut path, &name);
    Ok((normalize_path(&path), name))
}

/// A DWARF path as people write it: `.` components and doubled slashes dropped, lexically (`..` stays: after
/// a symlinked directory `a/..` is not `.`). An empty result is `.`.
pub fn normalize_path(p: &str) -> String {
    let mut s = String::with_capacity(p.len());
    if p.starts_with('/') {
        s.push('/');
    }
    for c in p.split('/').filter(|c| !c.is_empty() && *c != ".") {
        if !s.is_empty() && !s.ends_with('/') {
            s.push('/');
        }
        s.push_str(c);
    }
    if s.is_empty() {
        s.push('.');
    }
    s
}

fn path_push(path: &mut String, p: &str) {
    if p.starts_with('/') || p.get(1..3) == Some(":/") || p.starts_with('\\') {
        *path = p.to_string();
    } else {
        if !path.is_empty() && !path.ends_with('/') {
            path.push('/');
        }
        path.push_str(p);
    }
}

#[cfg(test)]
mod path_tests {
    #[test]
    fn normalize() {
        for (a, b) in [
            ("./././ocl_prelude.h", "ocl_prelude.h"),
            ("./kernel.cl", "kernel.cl"),
            (
                "/usr/lib/llvm-22/lib/clang/22/include/./opencl-c.h",
                "/usr/lib/llvm-22/lib/clang/22/include/opencl-c.h",
            ),
            ("a//b/./../c", "a/b/../c"),
            ("/", "/"),
            (".", "."),
            ("", "."),
        ] {
            assert_eq!(super::normalize_path(a), b, "{a}");
        }
    }
}

pub(crate) struct FileInterner<'a> {
    pub files: &'a mut Vec<SourceFile>,
    pub by_path: HashMap<String, FileId>,
}

impl FileInterner<'_> {
    pub fn intern(&mut self, path: String, name: String, embedded: Option<Arc<str>>) -> FileId {
        if let Some(id) = self.by_path.get(&path) {
            if let (Some(e), Some(f)) = (embedded, self.files.get_mut(id.0 as usize)) {
                f.embedded.get_or_insert(e);
            }
            return *id;
        }
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile {
            path: path.clone(),
            name,
            embedded,
        });
        self.by_path.insert(path, id);
        id
    }
}

impl LineTables {
    /// Read the line program of `unit` (unit number `unit_no`); a damaged program keeps the rows read before the
    /// damage and adds a note.
    pub fn add_unit(
        &mut self,
        unit: gimli::UnitRef<'_, R>,
        unit_no: usize,
        files: &mut FileInterner<'_>,
        notes: &mut Vec<Note>,
    ) {
        while self.unit_files.len() <= unit_no {
            self.unit_files.push(Vec::new());
        }
        let Some(program) = unit.line_program.clone() else {
            return;
        };
        let table = self.tables.len() as u32;
        self.tables.push(program.header().offset().0 as u64);
        // File table first: rows refer to it by index.
        let header = program.header();
        let mut map = Vec::new();
        let first = if header.version() >= 5 { 0 } else { 1 };
        if first == 1 {
            map.push(FileId::NONE);
        }
        for (i, f) in header.file_names().iter().enumerate() {
            let _ = i;
            match render_file(unit, f, header) {
                Ok((path, name)) => {
                    let embedded = f
                        .source()
                        .and_then(|s| unit.attr_string(s).ok())
                        .and_then(|s| {
                            s.to_string_lossy()
                                .ok()
                                .map(|c| Arc::<str>::from(c.as_ref()))
                        })
                        .filter(|s| !s.is_empty());
                    map.push(files.intern(path, name, embedded));
                }
                Err(e) => {
                    notes.push(Note::new(format!(
                        "line table file entry {i} unreadable: {e}"
                    )));
                    map.push(FileId::NONE);
                }
            }
        }
        self.unit_files[unit_no] = map.clone();

        let mut rows = program.rows();
        let mut seq_start: Option<usize> = None;
        loop {
            let row = match rows.next_row() {
                Ok(Some((_, row))) => *row,
                Ok(None) => break,
                Err(e) => {
                    notes.push(Note::new(format!(
                        "line table at .debug_line+0x{:x} is damaged after {} rows ({e}); PCs past it have no \
                         source line",
                        self.tables[table as usize],
                        self.rows.len()
                    )));
                    break;
                }
            };
            let mut flags = 0u8;
            if row.is_stmt() {
                flags |= row_flags::IS_STMT;
            }
            if row.prologue_end() {
                flags |= row_flags::PROLOGUE_END;
            }
            if row.epilogue_begin() {
                flags |= row_flags::EPILOGUE_BEGIN;
            }
            if row.basic_block() {
                flags |= row_flags::BASIC_BLOCK;
            }
            if row.end_sequence() {
                flags |= row_flags::END_SEQUENCE;
            }
            let file_index = row.file_index();
            let r = LineRow {
                address: row.address(),
                file: map
                    .get(file_index as usize)
                    .copied()
                    .unwrap_or(FileId::NONE),
                file_index: file_index.min(u32::MAX as u64) as u32,
                line: row
                    .line()
                    .map(|l| l.get().min(u32::MAX as u64) as u32)
                    .unwrap_or(0),
                column: match row.column() {
                    gimli::ColumnType::LeftEdge => 0,
                    gimli::ColumnType::Column(c) => c.get().min(u32::MAX as u64) as u32,
                },
                flags,
                table,
            };
            if row.end_sequence() {
                if let Some(s) = seq_start.take() {
                    self.close_sequence(s, self.rows.len(), r.address);
                }
                self.rows.push(r);
                continue;
            }
            if seq_start.is_none() {
                seq_start = Some(self.rows.len());
            }
            self.rows.push(r);
        }
        if let Some(s) = seq_start {
            // A sequence without its end: the last row covers one instruction.
            let end = self
                .rows
                .last()
                .map(|r| r.address.saturating_add(4))
                .unwrap_or(0);
            self.close_sequence(s, self.rows.len(), end);
        }
    }

    fn close_sequence(&mut self, first: usize, last: usize, end: u64) {
        let start = self.rows[first].address;
        // Rows must not go backwards inside a sequence (DWARF 5 6.2.5.1); drop a sequence that does rather
        // than answer wrongly.
        let monotonic = self.rows[first..last]
            .windows(2)
            .all(|w| w[0].address <= w[1].address);
        if start < end && monotonic {
            self.sequences.push(Sequence {
                start,
                end,
                rows: (first as u32, last as u32),
            });
        }
    }

    pub fn finish(&mut self) {
        self.sequences.sort_by_key(|s| s.start);
    }

    /// The row describing `pc`: the last row at the greatest address <= pc in the sequence holding pc.
    pub fn row_for(&self, pc: u64) -> Option<&LineRow> {
        let i = self.sequences.partition_point(|s| s.start <= pc);
        // Sequences may overlap in bad input: try the nearest ones below pc.
        for s in self.sequences[..i].iter().rev().take(4) {
            if pc >= s.end {
                continue;
            }
            let rows = &self.rows[s.rows.0 as usize..s.rows.1 as usize];
            let k = rows.partition_point(|r| r.address <= pc);
            if k == 0 {
                continue;
            }
            return Some(&rows[k - 1]);
        }
        None
    }

    /// The sequence holding `pc`.
    pub fn sequence_for(&self, pc: u64) -> Option<&Sequence> {
        let i = self.sequences.partition_point(|s| s.start <= pc);
        self.sequences[..i]
            .iter()
            .rev()
            .take(4)
            .find(|s| pc < s.end)
    }
}
