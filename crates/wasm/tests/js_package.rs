//! The npm package built, packed, installed into an empty project and
//! tested there with Node's test runner: `scripts/js-package.sh`, run when
//! its tools are installed (`scripts/js-package.sh --check-tools`: Debian's
//! Rust for wasm32, wasm-bindgen-cli, binaryen, Node and npm).
//!
//! A fresh machine has none of them: the test says so on standard error
//! and passes without running, so that `cargo test` works there. `.ci/run`
//! runs the script first, which installs them, and sets
//! `HALMA_REQUIRE_CLIENT_TOOLS=1`, which turns a missing tool into a failure.
//! The script bounds every step with a time limit, and this test the whole.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The longest the whole script may take here (its steps have their own
/// limits): a cold build of std for wasm32 and of the CLI takes minutes.
const LIMIT_SECONDS: u32 = 3600;

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root exists")
}

/// Runs `script` with `args` under `timeout`, its output into `log`; the
/// exit status and the log's text. A file rather than pipes: a worker the
/// script started cannot keep the test waiting for the end of a pipe.
fn run_script(args: &[&str], log: &Path) -> (bool, String) {
    let file = std::fs::File::create(log).expect("the log can be written");
    let status = Command::new("timeout")
        .arg(LIMIT_SECONDS.to_string())
        .arg(repository().join("scripts/js-package.sh"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(file.try_clone().expect("the log file can be shared"))
        .stderr(file)
        .status()
        .expect("timeout (coreutils) and bash run the script");
    let text = std::fs::read_to_string(log).unwrap_or_default();
    (status.success(), text)
}

#[test]
fn the_npm_package_installs_and_passes_its_tests() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("js-package");
    std::fs::create_dir_all(&dir).expect("the scratch directory can be made");
    let (ready, missing) = run_script(&["--check-tools"], &dir.join("check.log"));
    if !ready {
        let message = format!(
            "the npm package test: {} (scripts/js-package.sh installs them; .ci/run runs it)",
            missing.trim()
        );
        assert!(
            std::env::var_os("HALMA_REQUIRE_CLIENT_TOOLS").is_none(),
            "{message}"
        );
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "skipped: {message}");
        return;
    }
    let log = dir.join("js-package.log");
    let (passed, text) = run_script(&[], &log);
    assert!(passed, "scripts/js-package.sh failed:\n{text}");
    let tarball = text.lines().last().unwrap_or_default();
    assert!(
        tarball.ends_with(".tgz") && Path::new(tarball).is_file(),
        "the last line is not the tarball's path: `{tarball}` (log: {})",
        log.display()
    );
    assert!(
        text.contains("\u{2139} fail 0"),
        "no `fail 0` from node --test (log: {})",
        log.display()
    );
}
