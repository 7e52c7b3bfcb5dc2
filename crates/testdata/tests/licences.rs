//! Every package of the repository carries the licence files of its root,
//! byte for byte: the crates (as links, which `cargo package` follows) and the
//! npm and Python packages (as copies: `npm pack` leaves links out).

use std::path::Path;

use halma_testdata::repository;

/// The folders that are packages of their own, relative to the root.
fn packages() -> Vec<String> {
    let mut found = Vec::new();
    for parent in ["crates", "bindings"] {
        let dir = repository().join(parent);
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            let manifest = ["Cargo.toml", "package.json", "pyproject.toml"]
                .iter()
                .any(|name| path.join(name).is_file());
            if manifest {
                found.push(format!(
                    "{parent}/{}",
                    path.file_name().unwrap().to_string_lossy()
                ));
            }
        }
    }
    found.sort();
    found
}

#[test]
fn every_package_carries_the_licences() {
    let root = repository();
    let packages = packages();
    assert!(packages.len() >= 10, "only {packages:?}");
    let mut missing = Vec::new();
    for licence in ["LICENSE-MIT", "LICENSE-APACHE"] {
        let text = std::fs::read(root.join(licence)).expect("the root's licence");
        for package in &packages {
            let path = Path::new(&root).join(package).join(licence);
            match std::fs::read(&path) {
                Ok(copy) if copy == text => {}
                Ok(_) => missing.push(format!("{package}/{licence} differs from the root's")),
                Err(e) => missing.push(format!("{package}/{licence}: {e}")),
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
