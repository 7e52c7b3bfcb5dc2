//! The repository's copies of the upstream contract (`spec/`, `tests/data/perft/`)
//! must equal `../shared` byte for byte whenever that folder sits beside the
//! repository: a change upstream fails here until it is copied in.

use std::io::Write;
use std::path::Path;

use halma_testdata::repository;

/// (upstream folder, in-repository folder) pairs that must match.
const MIRRORS: [(&str, &str); 2] = [("spec", "spec"), ("perft", "tests/data/perft")];

/// The names of the files directly in `dir`, sorted.
fn file_names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry"))
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn copies_equal_upstream_byte_for_byte() {
    let shared = repository().join("../shared");
    if !shared.is_dir() {
        // Past libtest's output capture, so that `cargo test` shows it.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no {} beside the repository to compare the copies with",
            shared.display()
        );
        return;
    }
    let mut differences = Vec::new();
    for (upstream, local) in MIRRORS {
        let upstream_dir = shared.join(upstream);
        let local_dir = repository().join(local);
        let upstream_names = file_names(&upstream_dir);
        let local_names = file_names(&local_dir);
        for name in &upstream_names {
            let theirs = std::fs::read(upstream_dir.join(name)).expect("readable upstream file");
            match std::fs::read(local_dir.join(name)) {
                Err(_) => differences.push(format!(
                    "{local}/{name} is missing (upstream has {upstream}/{name})"
                )),
                Ok(ours) if ours != theirs => differences.push(format!(
                    "{local}/{name} differs from ../shared/{upstream}/{name}: copy it again"
                )),
                Ok(_) => {}
            }
        }
        for name in local_names.iter().filter(|n| !upstream_names.contains(n)) {
            differences.push(format!(
                "{local}/{name} is not upstream (../shared/{upstream})"
            ));
        }
    }
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
