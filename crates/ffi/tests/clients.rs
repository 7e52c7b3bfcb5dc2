//! Builds and runs the ABI's clients against the library cargo just built:
//! the C example (normally and under AddressSanitizer + UndefinedBehavior-
//! Sanitizer, leaks included) and the C++ example over `include/halma.hpp`.
//! (The Python package, the third client, is tested by
//! `bindings/python/native/tests/python.rs`.)
//!
//! The libraries are found beside this test's
//! executable (`<target>/<profile>/deps/`), whatever the target directory
//! (`target/`, `$CARGO_TARGET_DIR`) or profile; the binaries are built in
//! `<target>/tmp/ffi-clients/`. Cargo names them after the crate
//! (`libhalma_ffi.a`, `libhalma_ffi.so`: the Rust library is `halma_ffi` so
//! that it does not collide with the facade crate `halma`); the installed C
//! library is `libhalma`, which `scripts/c-install-test.sh` tests.
//! Compilers: `$CC` (default `cc`) and `$CXX` (default `c++`).
//! Every command runs under a watchdog (`process::WATCHDOG`, 300 s): one
//! that hangs is killed and its test fails, naming it.
//!
//! A fresh machine may lack a C++ compiler: a test whose
//! tool is missing says so on standard error and passes without running, so
//! that `cargo test --workspace` works there. `.ci/run` installs the tools and
//! sets `HALMA_REQUIRE_CLIENT_TOOLS=1`, which turns a missing tool into a failure.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod process;
use process::{output_within, run, tool, tool_present, WATCHDOG};

/// The repository root.
fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository root exists")
}

/// The static library cargo builds (the crate's library name is `halma_ffi`).
const STATIC_LIB: &str = "libhalma_ffi.a";
/// The shared library cargo builds.
const SHARED_LIB: &str = if cfg!(target_os = "macos") {
    "libhalma_ffi.dylib"
} else {
    "libhalma_ffi.so"
};

/// The directory holding the library artifacts of this build: `deps/` beside
/// this test's executable, where cargo writes the `cdylib` and `staticlib` it
/// builds for the tests (it copies them up to `<profile>/` only for `cargo
/// build`), else `<profile>/` itself.
fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the test knows its path");
    let deps = exe
        .parent()
        .expect("the test runs from <target>/<profile>/deps");
    let candidates = [deps, deps.parent().unwrap_or(deps)];
    candidates
        .iter()
        .find(|dir| {
            [STATIC_LIB, SHARED_LIB]
                .iter()
                .all(|name| dir.join(name).exists())
        })
        .unwrap_or_else(|| {
            panic!(
                "{STATIC_LIB} and {SHARED_LIB} not found in {} or its parent: \
                 build halma-ffi with cargo first",
                deps.display()
            )
        })
        .to_path_buf()
}

/// A fresh scratch directory for one test's binaries.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("ffi-clients")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the scratch directory can be made");
    dir
}

/// The watchdog ends a child that hangs, instead of hanging the test run.
#[cfg(unix)]
#[test]
#[should_panic(expected = "did not end within 1s: killed")]
fn watchdog_kills_a_hung_command() {
    let started = Instant::now();
    let _ = output_within(Command::new("sleep").arg("600"), Duration::from_secs(1));
    unreachable!("sleep 600 returned after {:?}", started.elapsed());
}

/// The system libraries a Rust static library needs on this platform.
fn native_libs() -> &'static [&'static str] {
    if cfg!(target_os = "macos") {
        &["-lSystem", "-lc", "-lm"]
    } else {
        &["-lpthread", "-ldl", "-lm"]
    }
}

/// Compiles examples/c/play.c with the strict flags plus `extra`, linked to the static library.
fn build_c(name: &str, extra: &[&str]) -> PathBuf {
    let repo = repository();
    let exe = scratch(name).join("play");
    run(
        Command::new(tool("CC", "cc"))
            .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-g"])
            .args(extra)
            .arg("-I")
            .arg(repo.join("crates/ffi/include"))
            .arg(repo.join("examples/c/play.c"))
            .arg(library_dir().join(STATIC_LIB))
            .args(native_libs())
            .arg("-o")
            .arg(&exe),
        "compiling examples/c/play.c",
    );
    exe
}

/// The games the examples play: (rules, seed, ply cap). The last two take
/// the path options (home-lock, forced-exit, jump-continue) with no special
/// case in the clients.
const GAMES: [(&str, &str, &str); 6] = [
    ("halma8", "1", "400"),
    ("halma8", "2", "400"),
    ("halma10,spoil=fill", "3", "600"),
    ("halma", "4", "1000"),
    (
        "halma8,home-lock,camp-lock,forced-exit,spoil=fill",
        "5",
        "400",
    ),
    ("halma8,jump-continue", "6", "400"),
];

fn check_game_output(output: &Output, what: &str) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("all checks passed"),
        "{what}: no success line:\n{stdout}"
    );
    assert!(
        stdout.contains(" won after ") || stdout.contains("draw: no winner after"),
        "{what}: no result line:\n{stdout}"
    );
}

#[test]
fn c_example_plays_whole_games() {
    let exe = build_c("c", &[]);
    for (rules, seed, cap) in GAMES {
        let output = run(
            Command::new(&exe).args([rules, seed, cap]),
            "examples/c/play",
        );
        check_game_output(&output, &format!("C example, {rules} seed {seed}"));
    }
}

#[test]
fn c_example_is_clean_under_address_and_undefined_sanitizers() {
    let exe = build_c(
        "c-asan",
        &[
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            "-fno-omit-frame-pointer",
        ],
    );
    for (rules, seed, cap) in &GAMES[..2] {
        let output = run(
            Command::new(&exe)
                .args([rules, seed, cap])
                .env(
                    "ASAN_OPTIONS",
                    "detect_leaks=1:halt_on_error=1:abort_on_error=0",
                )
                .env("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1"),
            "examples/c/play under ASan+UBSan",
        );
        check_game_output(&output, "C example under sanitizers");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            !stderr.contains("Sanitizer") && !stderr.contains("runtime error"),
            "sanitizer report:\n{stderr}"
        );
    }
}

/// The sanitizer run is only worth something if it catches a leak: a copy of
/// the example that forgets one `halma_game_free` must fail under it.
#[test]
fn sanitizer_run_catches_a_leaked_handle() {
    let repo = repository();
    let dir = scratch("c-leak");
    let source = std::fs::read_to_string(repo.join("examples/c/play.c")).unwrap();
    let leaky = source.replacen("    halma_game_free(game);\n", "", 1);
    assert_ne!(leaky, source, "examples/c/play.c frees its game");
    std::fs::write(dir.join("leak.c"), leaky).unwrap();
    let exe = dir.join("leak");
    run(
        Command::new(tool("CC", "cc"))
            .args(["-std=c99", "-g", "-fsanitize=address,undefined"])
            .arg("-I")
            .arg(repo.join("crates/ffi/include"))
            .arg(dir.join("leak.c"))
            .arg(library_dir().join(STATIC_LIB))
            .args(native_libs())
            .arg("-o")
            .arg(&exe),
        "compiling the leaky copy",
    );
    let output = output_within(
        Command::new(&exe)
            .args(["halma8", "1", "400"])
            .env("ASAN_OPTIONS", "detect_leaks=1"),
        WATCHDOG,
    )
    .expect("the leaky copy runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "a leak went unnoticed");
    assert!(
        stderr.contains("LeakSanitizer"),
        "no leak report:\n{stderr}"
    );
}

#[test]
fn cpp_example_plays_through_the_raii_wrapper() {
    let probe = &mut Command::new(tool("CXX", "c++"));
    if !tool_present(
        "cpp_example",
        "a C++ compiler ($CXX, default c++)",
        probe.arg("--version"),
    ) {
        return;
    }
    let repo = repository();
    let lib = library_dir();
    let exe = scratch("cpp").join("play");
    run(
        Command::new(tool("CXX", "c++"))
            .args(["-std=c++17", "-Wall", "-Wextra", "-Werror", "-g"])
            .arg("-I")
            .arg(repo.join("crates/ffi/include"))
            .arg(repo.join("examples/cpp/play.cpp"))
            .arg("-L")
            .arg(&lib)
            .arg("-lhalma_ffi")
            .arg(format!("-Wl,-rpath,{}", lib.display()))
            .arg("-o")
            .arg(&exe),
        "compiling examples/cpp/play.cpp",
    );
    for (rules, seed, cap) in [("halma4", "7", "3000"), ("halma8", "3", "400")] {
        let output = run(
            Command::new(&exe).args([rules, seed, cap]),
            "examples/cpp/play",
        );
        check_game_output(&output, &format!("C++ example, {rules}"));
    }
}
