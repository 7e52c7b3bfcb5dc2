//! The public reference data of the rule book, as every test reads it.
//!
//! The repository carries verbatim copies of the upstream contract: the rule
//! book in `spec/RULES.md` and the reference perft counts of an independent
//! implementation in `tests/data/perft/*.tsv`. This crate is the one reader of
//! those files: the conformance tests of every crate, the fuzz targets and
//! (through `bindings/python/tests/reference_data.py`, which reads the same
//! files the same way) the Python tests take their lines from here, so a
//! clone of the repository alone passes its tests. Every `*.tsv` file in
//! `tests/data/perft` is read, so a file added there is checked by every
//! conformance test without a change of code.
//!
//! `tests/upstream.rs` compares the copies with `../shared` byte for byte
//! when that folder sits beside the repository, and fails on any difference.
#![forbid(unsafe_code)]

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A reference perft file: its name under `tests/data/perft` and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftFile {
    /// The file name, for example `reference.tsv`.
    pub name: &'static str,
    /// The whole file, verbatim.
    pub text: &'static str,
}

/// The repository's root, where `spec/` and `tests/data/` are.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The folder of the reference perft files: `tests/data/perft`.
pub fn perft_dir() -> PathBuf {
    repository().join("tests/data/perft")
}

/// Every `*.tsv` file of [`perft_dir`], sorted by name, read once.
///
/// # Panics
/// If the folder or a file cannot be read: the data is part of the
/// repository, so either is a broken checkout, which a test should report.
pub fn perft_files() -> &'static [PerftFile] {
    static FILES: OnceLock<Vec<PerftFile>> = OnceLock::new();
    FILES.get_or_init(|| {
        let dir = perft_dir();
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .map(|entry| entry.expect("a directory entry").file_name())
            .map(|name| name.to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".tsv"))
            .collect();
        names.sort();
        assert!(!names.is_empty(), "no *.tsv in {}", dir.display());
        names
            .into_iter()
            .map(|name| {
                let path = dir.join(&name);
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
                // Read once for the whole test binary: leaked, so lines can borrow it.
                PerftFile {
                    name: Box::leak(name.into_boxed_str()),
                    text: Box::leak(text.into_boxed_str()),
                }
            })
            .collect()
    })
}

/// The position field of a perft line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerftPosition {
    /// `startpos`: the preset's start position.
    Start,
    /// A position string in the rule book's format.
    Text(&'static str),
}

/// One line of a reference perft file: `RULES<TAB>POSITION<TAB>DEPTH<TAB>COUNT`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftLine {
    /// The file the line is in.
    pub file: &'static str,
    /// Its line number in that file, from 1.
    pub number: usize,
    /// The rules string.
    pub rules: &'static str,
    /// The position.
    pub position: PerftPosition,
    /// The perft depth.
    pub depth: u32,
    /// The number of leaves the independent implementation counts.
    pub count: u64,
}

impl PerftLine {
    /// The position field as written in the file (`startpos` or a position string).
    pub fn position_text(&self) -> &'static str {
        match self.position {
            PerftPosition::Start => "startpos",
            PerftPosition::Text(text) => text,
        }
    }

    /// The whole line as written in the file, tabs included.
    pub fn to_tsv(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}",
            self.rules,
            self.position_text(),
            self.depth,
            self.count
        )
    }
}

/// Where a line is: `reference.tsv line 12`, for test failures.
impl fmt::Display for PerftLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} line {}", self.file, self.number)
    }
}

/// Why a line of a perft file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftFormatError {
    /// The file.
    pub file: &'static str,
    /// The line number, from 1.
    pub number: usize,
    /// What is wrong.
    pub reason: String,
}

impl fmt::Display for PerftFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} line {}: {}", self.file, self.number, self.reason)
    }
}

impl std::error::Error for PerftFormatError {}

/// Reads the lines of a perft file; blank lines are skipped.
pub fn parse_perft_file(file: PerftFile) -> Result<Vec<PerftLine>, PerftFormatError> {
    let mut lines = Vec::new();
    for (index, text) in file.text.lines().enumerate() {
        if text.trim().is_empty() {
            continue;
        }
        let number = index + 1;
        let error = |reason: String| PerftFormatError {
            file: file.name,
            number,
            reason,
        };
        let fields: Vec<&'static str> = text.split('\t').collect();
        let [rules, position, depth, count] = fields[..] else {
            return Err(error(format!(
                "expected 4 tab-separated fields, found {}",
                fields.len()
            )));
        };
        let depth = depth
            .parse()
            .map_err(|_| error(format!("depth {depth:?} is not a whole number")))?;
        let count = count
            .parse()
            .map_err(|_| error(format!("count {count:?} is not a whole number")))?;
        let position = match position {
            "startpos" => PerftPosition::Start,
            text => PerftPosition::Text(text),
        };
        lines.push(PerftLine {
            file: file.name,
            number,
            rules,
            position,
            depth,
            count,
        });
    }
    Ok(lines)
}

/// Every line of the perft file `name` (`reference.tsv` or
/// `reference_options.tsv`).
///
/// # Panics
/// If there is no such file or a line is malformed, as [`perft_files`].
pub fn perft_lines(name: &str) -> Vec<PerftLine> {
    let file = perft_files()
        .iter()
        .find(|file| file.name == name)
        .unwrap_or_else(|| panic!("no reference perft file named {name:?}"));
    parse_perft_file(*file).unwrap_or_else(|e| panic!("{e}"))
}

/// Every line of every reference perft file, in file order.
///
/// # Panics
/// As [`perft_lines`].
pub fn all_perft_lines() -> Vec<PerftLine> {
    perft_files()
        .iter()
        .flat_map(|file| perft_lines(file.name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_reads_and_holds_lines() {
        for file in perft_files() {
            let lines = perft_lines(file.name);
            let written = file.text.lines().filter(|l| !l.trim().is_empty()).count();
            assert_eq!(lines.len(), written, "{}", file.name);
            assert!(!lines.is_empty(), "{} is empty", file.name);
        }
    }

    #[test]
    fn lines_print_back_as_written() {
        for file in perft_files() {
            let written: Vec<&str> = file.text.lines().filter(|l| !l.trim().is_empty()).collect();
            let printed: Vec<String> = perft_lines(file.name)
                .iter()
                .map(PerftLine::to_tsv)
                .collect();
            assert_eq!(printed, written, "{}", file.name);
        }
    }

    #[test]
    fn malformed_lines_are_refused_with_their_place() {
        let bad = |text: &'static str| {
            parse_perft_file(PerftFile {
                name: "bad.tsv",
                text,
            })
            .unwrap_err()
            .to_string()
        };
        assert_eq!(
            bad("halma\tstartpos\t1\t40\n\nhalma\tstartpos\t2"),
            "bad.tsv line 3: expected 4 tab-separated fields, found 3"
        );
        assert_eq!(
            bad("halma\tstartpos\tx\t40"),
            "bad.tsv line 1: depth \"x\" is not a whole number"
        );
        assert_eq!(
            bad("halma\tstartpos\t1\t-4"),
            "bad.tsv line 1: count \"-4\" is not a whole number"
        );
    }
}
