//! Running a client's commands from a test: a watchdog on every child, its
//! output read on threads, and the tools a test needs found or the test
//! skipped with a printed line (a failure under `HALMA_REQUIRE_CLIENT_TOOLS`,
//! which `.ci/run` sets). Shared by the C ABI's client tests
//! (`crates/ffi/tests/clients.rs`) and the Python package's
//! (`bindings/python/native/tests/python.rs`).

#![allow(dead_code)]

use std::io::Read;
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long one client command (a compilation, a game, the Python suite) may
/// run before it is killed and its test fails: far above the normal time
/// (the sanitizer build and the Python suite take well under a minute), but
/// a hung child must not hang `cargo test`.
pub const WATCHDOG: Duration = Duration::from_secs(300);

/// The tool named by `var`, else `default`.
pub fn tool(var: &str, default: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| default.to_owned())
}

/// Whether `probe` runs and succeeds. When it does not, a test that needs it is
/// skipped with a line on standard error (written past libtest's output
/// capture, so that it shows), or fails when `HALMA_REQUIRE_CLIENT_TOOLS` is set.
pub fn tool_present(test: &str, what: &str, probe: &mut Command) -> bool {
    let present = output_within(probe, WATCHDOG).is_ok_and(|output| output.status.success());
    if !present {
        let message = format!("{test}: {what} is not installed (.ci/run installs it)");
        assert!(
            std::env::var_os("HALMA_REQUIRE_CLIENT_TOOLS").is_none(),
            "{message}"
        );
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "skipped {message}");
    }
    present
}

/// Runs `command` to its end with no standard input, reading its output on
/// threads (a child filling a pipe, or a grandchild holding one open, must
/// not block the wait). Past `limit` the child is killed and the test fails,
/// naming the command. An `Err` only when the command cannot start.
pub fn output_within(command: &mut Command, limit: Duration) -> std::io::Result<Output> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let (sender, receiver) = mpsc::channel();
    let pipes: [(usize, Box<dyn Read + Send>); 2] = [
        (0, Box::new(child.stdout.take().expect("stdout is piped"))),
        (1, Box::new(child.stderr.take().expect("stderr is piped"))),
    ];
    for (which, mut pipe) in pipes {
        let sender = sender.clone();
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            let _ = sender.send((which, bytes));
        });
    }
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{command:?} did not end within {limit:?}: killed");
        }
        thread::sleep(Duration::from_millis(20));
    };
    let mut out = [Vec::new(), Vec::new()];
    for _ in 0..2 {
        // A grandchild that outlives the child may keep a pipe open: give up
        // on its output rather than wait for it.
        match receiver.recv_timeout(Duration::from_secs(10)) {
            Ok((which, bytes)) => out[which] = bytes,
            Err(_) => break,
        }
    }
    let [stdout, stderr] = out;
    Ok(Output {
        status,
        stdout,
        stderr,
    })
}

/// Runs a command under the [`WATCHDOG`], failing the test with its output
/// unless it succeeds.
pub fn run(command: &mut Command, what: &str) -> Output {
    let output = output_within(command, WATCHDOG)
        .unwrap_or_else(|error| panic!("{what}: cannot run {command:?}: {error}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{what} failed ({}):\n{command:?}\n--- stdout\n{stdout}\n--- stderr\n{stderr}",
        output.status
    );
    output
}
