//! Two rules of the repository's layout that a review would otherwise have
//! to remember.
//!
//! **No source file over 800 lines of code.** A line of code is a line that
//! is neither blank nor only a comment: lines whose first non-blank
//! characters are `//` (`///` and `//!` included) and lines inside a
//! `/* ... */` block comment do not count; a line with code and a trailing
//! comment does. The files are every `.rs` file under `crates/*/src`,
//! `bindings/python/native/src`, `src` and `fuzz` (but `fuzz/target`), except
//! test files: those in a `tests` folder (none are under those roots) and
//! those named `tests.rs` or `*_tests.rs`, which hold a `#[cfg(test)]`
//! module of their own.
//!
//! An in-file `#[cfg(test)] mod tests { ... }` counts with its file: the
//! limit is on what a reader of the file has to scroll through, and a test
//! module that makes its file too long costs nothing to move into a
//! `<module>/tests.rs` of its own (`#[cfg(test)] mod tests;` keeps its access
//! to private items), as `crates/solver/src/solo/exact/tests.rs` is.
//!
//! **`#![forbid(unsafe_code)]` in every crate without `unsafe`.** The crate
//! roots checked are each package's `src/lib.rs` and `src/main.rs` and the
//! fuzz workspace's targets (`fuzz/fuzz_targets/*.rs`) and examples; a crate's
//! code is its root and, for `src/`, every file under `src`, for a fuzz target
//! its file and the folder of the same name beside it. A crate whose code
//! has the word `unsafe` outside comments and string literals may use it
//! (`halma-ffi`, the popcnt bulk count of `halma-core`, the handle reader of
//! the Python module, the `c_abi` fuzz target); every other crate root must
//! forbid it, so that `unsafe` never creeps into a crate that had none.

use std::path::{Path, PathBuf};

use halma_testdata::repository;

/// The most lines of code a source file may have.
const MAX_LINES_OF_CODE: usize = 800;

/// Files allowed over [`MAX_LINES_OF_CODE`] for a while (a split under
/// way), relative to the repository's root: none. An entry under the limit
/// is an error too, so that the list only shrinks.
const OVER_THE_LIMIT: &[&str] = &[];

/// Every `.rs` file under `dir`, recursively, but in `target` folders.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name != "target") {
                rust_files(&path, found);
            }
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

/// The packages' folders under `crates/`, sorted.
fn crate_dirs() -> Vec<PathBuf> {
    let crates = repository().join("crates");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&crates)
        .unwrap_or_else(|e| panic!("{}: {e}", crates.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.join("Cargo.toml").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// The source files the size limit applies to (test files left out).
fn source_files() -> Vec<PathBuf> {
    let root = repository();
    let mut roots: Vec<PathBuf> = crate_dirs().iter().map(|dir| dir.join("src")).collect();
    roots.extend(["bindings/python/native/src", "src", "fuzz"].map(|dir| root.join(dir)));
    let mut files = Vec::new();
    for dir in roots {
        rust_files(&dir, &mut files);
    }
    files.retain(|path| {
        let name = relative(path);
        let file = name.rsplit('/').next().unwrap_or_default();
        let in_tests = name.split('/').any(|folder| folder == "tests");
        !in_tests && file != "tests.rs" && !file.ends_with("_tests.rs")
    });
    files.sort();
    files
}

/// The lines of `text` that are code: each with whether it is (`false` for
/// a blank line or a comment line), in order.
fn code_lines(text: &str) -> Vec<(bool, &str)> {
    let mut in_block = false;
    text.lines()
        .map(|line| {
            let trimmed = line.trim();
            if in_block {
                in_block = !trimmed.contains("*/");
                return (false, line);
            }
            if trimmed.starts_with("/*") {
                in_block = !trimmed.contains("*/");
                return (false, line);
            }
            (!trimmed.is_empty() && !trimmed.starts_with("//"), line)
        })
        .collect()
}

/// Lines of code of `text`, as the module documentation defines them.
fn lines_of_code(text: &str) -> usize {
    code_lines(text).iter().filter(|(code, _)| *code).count()
}

/// `path` relative to the repository's root, with `/` separators.
fn relative(path: &Path) -> String {
    let root = repository().canonicalize().expect("the repository");
    let path = path.canonicalize().expect("a file");
    let rel = path.strip_prefix(&root).expect("a file of the repository");
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_line_count_leaves_out_blank_and_comment_lines() {
    let text = "//! module\n\nfn f() { // why\n    /* a\n       block */\n    1\n}\n/// doc\n";
    assert_eq!(lines_of_code(text), 3);
    assert_eq!(lines_of_code("/* one */\nlet x = 1;\n"), 1);
}

#[test]
fn no_source_file_has_more_than_800_lines_of_code() {
    let files = source_files();
    assert!(
        files
            .iter()
            .any(|f| relative(f) == "crates/engine/src/search.rs"),
        "the walk found the sources"
    );
    let mut over = Vec::new();
    let mut listed_but_under = Vec::new();
    for file in &files {
        let name = relative(file);
        let count = lines_of_code(&read(file));
        let listed = OVER_THE_LIMIT.contains(&name.as_str());
        if count > MAX_LINES_OF_CODE && !listed {
            over.push(format!("{name}: {count} lines of code"));
        }
        if count <= MAX_LINES_OF_CODE && listed {
            listed_but_under.push(format!("{name}: {count} lines of code"));
        }
    }
    for name in OVER_THE_LIMIT {
        assert!(
            files.iter().any(|f| relative(f) == *name),
            "{name} is in OVER_THE_LIMIT but is no source file: remove it"
        );
    }
    assert!(
        over.is_empty(),
        "over {MAX_LINES_OF_CODE} lines of code: split them along their ideas:\n{}",
        over.join("\n")
    );
    assert!(
        listed_but_under.is_empty(),
        "in OVER_THE_LIMIT but no longer over it: remove them from the list:\n{}",
        listed_but_under.join("\n")
    );
}

/// Whether `text` has the word `unsafe` in code (outside comments and
/// string literals; strings are taken to open and close on one line).
fn uses_unsafe(text: &str) -> bool {
    code_lines(text).iter().any(|&(code, line)| {
        if !code {
            return false;
        }
        let code_part = line.split("//").next().unwrap_or("");
        let outside_strings: String = code_part
            .split('"')
            .step_by(2)
            .collect::<Vec<_>>()
            .join(" ");
        outside_strings
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|word| word == "unsafe")
    })
}

/// Whether the crate root `text` forbids unsafe code for the whole crate.
fn forbids_unsafe(text: &str) -> bool {
    text.lines()
        .any(|line| line.trim() == "#![forbid(unsafe_code)]")
}

/// Every crate root with the files of its crate.
fn crates() -> Vec<(PathBuf, Vec<PathBuf>)> {
    let root = repository();
    let mut packages = crate_dirs();
    packages.push(root.join("bindings/python/native"));
    packages.push(root.clone());
    packages.push(root.join("fuzz"));
    let mut found = Vec::new();
    for package in packages {
        let mut files = Vec::new();
        rust_files(&package.join("src"), &mut files);
        for name in ["lib.rs", "main.rs"] {
            let crate_root = package.join("src").join(name);
            if crate_root.is_file() {
                found.push((crate_root, files.clone()));
            }
        }
    }
    for dir in ["fuzz/fuzz_targets", "fuzz/examples"] {
        let dir = root.join(dir);
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.extension().is_some_and(|ext| ext == "rs") {
                let mut files = vec![path.clone()];
                let modules = path.with_extension("");
                if modules.is_dir() {
                    rust_files(&modules, &mut files);
                }
                found.push((path, files));
            }
        }
    }
    found.sort();
    found
}

#[test]
fn the_unsafe_check_reads_code_only() {
    assert!(uses_unsafe("    unsafe { f() }\n"));
    assert!(uses_unsafe("pub unsafe fn f() {}\n"));
    assert!(!uses_unsafe("//! no `unsafe` is needed\n"));
    assert!(!uses_unsafe("let s = \"unsafe\"; // unsafe\n"));
    assert!(!uses_unsafe("let unsafe_count = 1;\n"));
}

#[test]
fn every_crate_without_unsafe_forbids_it() {
    let crates = crates();
    let mut missing = Vec::new();
    let mut with_unsafe = Vec::new();
    for (crate_root, files) in &crates {
        if files.iter().any(|file| uses_unsafe(&read(file))) {
            with_unsafe.push(relative(crate_root));
        } else if !forbids_unsafe(&read(crate_root)) {
            missing.push(relative(crate_root));
        }
    }
    assert!(
        with_unsafe.contains(&"crates/ffi/src/lib.rs".to_string()),
        "the check finds the C ABI's unsafe: {with_unsafe:?}"
    );
    assert!(
        missing.is_empty(),
        "crates without unsafe code that do not carry #![forbid(unsafe_code)]: {missing:?}"
    );
}
