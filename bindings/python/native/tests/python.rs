//! The Python package's unittest suite, run against the native module cargo
//! just built (`lib_halma.so` in `<target>/<profile>/deps/`, which cargo
//! builds for this test because the crate is also an rlib): `HALMA_LIBRARY`
//! points the package at it.
//!
//! The tests are written with `unittest`, so that a python3 with only its
//! standard library runs them (pytest also finds them). Tests that need
//! numpy, pettingzoo, gymnasium or an SVG renderer skip themselves when
//! those are missing, each with a line on standard error, and fail instead
//! under `HALMA_REQUIRE_CLIENT_TOOLS` (which the Python process inherits;
//! `.ci/run` sets it). A machine without python3 skips the whole suite with
//! a printed line.

use std::path::{Path, PathBuf};
use std::process::Command;

#[path = "../../../../crates/ffi/tests/process/mod.rs"]
mod process;
use process::{run, tool, tool_present};

/// The package's folder, `bindings/python`.
fn package_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("bindings/python exists")
}

/// The module cargo built for this test: beside this test's executable.
fn native_module() -> PathBuf {
    let name = if cfg!(target_os = "macos") {
        "lib_halma.dylib"
    } else {
        "lib_halma.so"
    };
    let exe = std::env::current_exe().expect("the test knows its path");
    let deps = exe
        .parent()
        .expect("the test runs from <target>/<profile>/deps");
    [deps, deps.parent().unwrap_or(deps)]
        .iter()
        .map(|dir| dir.join(name))
        .find(|path| path.exists())
        .unwrap_or_else(|| {
            panic!(
                "{name} not found beside {}: build halma-python first",
                exe.display()
            )
        })
}

#[test]
fn python_package_passes_its_tests() {
    let python = tool("PYTHON", "python3");
    if !tool_present(
        "python_package",
        "python3 ($PYTHON, default python3)",
        Command::new(&python).args(["-c", "import ctypes, unittest"]),
    ) {
        return;
    }
    let output = run(
        Command::new(&python)
            .args(["-m", "unittest", "discover", "-v", "-s", "tests"])
            .current_dir(package_dir())
            .env("HALMA_LIBRARY", native_module())
            .env("PYTHONDONTWRITEBYTECODE", "1"),
        "python3 -m unittest in bindings/python",
    );
    // unittest reports on standard error.
    let report = String::from_utf8_lossy(&output.stderr);
    assert!(
        report.lines().any(|line| line.starts_with("OK")) && report.contains("\nRan "),
        "unittest gave no success line:\n{report}"
    );
    let skipped: Vec<&str> = report
        .lines()
        .filter(|line| line.contains(" ... skipped "))
        .collect();
    assert!(
        skipped.is_empty() || std::env::var_os("HALMA_REQUIRE_CLIENT_TOOLS").is_none(),
        "Python tests skipped under HALMA_REQUIRE_CLIENT_TOOLS:\n{}",
        skipped.join("\n")
    );
    // Tests left to another script (the Ray cluster tests, without ray)
    // say so on a line of their own: shown like a skip, never a failure.
    let left: Vec<&str> = report
        .lines()
        .filter(|line| line.contains(" are left to scripts/"))
        .collect();
    use std::io::Write as _;
    for line in skipped.into_iter().chain(left) {
        let _ = writeln!(std::io::stderr(), "python_package: {line}");
    }
}
