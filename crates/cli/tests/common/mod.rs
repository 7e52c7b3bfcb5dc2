//! Runs the `halma` binary for the CLI tests, always under a watchdog: a
//! command that does not end fails its test instead of hanging the suite.

#![allow(dead_code)] // each test file uses its own subset

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// The binary under test.
pub const HALMA: &str = env!("CARGO_BIN_EXE_halma");

/// The longest one command of these tests may take before it counts as hung.
pub const WATCHDOG: Duration = Duration::from_secs(120);

/// What one run of `halma` printed, and how it exited.
pub struct Run {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit status (`None`: killed by a signal).
    pub code: Option<i32>,
}

impl Run {
    /// Whether the exit status is 0.
    pub fn success(&self) -> bool {
        self.code == Some(0)
    }

    /// The last line of standard output.
    pub fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or("")
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "exit {:?}\n--- stdout\n{}--- stderr\n{}",
            self.code, self.stdout, self.stderr
        )
    }
}

/// Runs `halma args` with `input` on standard input (closed after it).
pub fn halma(args: &[&str], input: &str) -> Run {
    halma_within(args, input, WATCHDOG)
}

/// [`halma`] with its own watchdog: past `limit` the child is killed and the test fails.
pub fn halma_within(args: &[&str], input: &str, limit: Duration) -> Run {
    halma_bytes(args, input.as_bytes(), limit)
}

/// [`halma_within`] with input that need not be text.
pub fn halma_bytes(args: &[&str], input: &[u8], limit: Duration) -> Run {
    let mut child = Command::new(HALMA)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_vec();
    // Written and read on threads: a child that stops reading, or a stray
    // grandchild holding a pipe open, must not block the test.
    thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let (sender, receiver) = mpsc::channel();
    let pipes: [(usize, Box<dyn Read + Send>); 2] = [
        (0, Box::new(child.stdout.take().expect("piped"))),
        (1, Box::new(child.stderr.take().expect("piped"))),
    ];
    for (which, mut pipe) in pipes {
        let sender = sender.clone();
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            let _ = sender.send((which, String::from_utf8_lossy(&bytes).into_owned()));
        });
    }
    let status = wait_within(&mut child, args, limit);
    let mut out = [String::new(), String::new()];
    for _ in 0..2 {
        let (which, text) = receiver
            .recv_timeout(Duration::from_secs(10))
            .expect("the output pipes close when halma exits");
        out[which] = text;
    }
    let [stdout, stderr] = out;
    Run {
        stdout,
        stderr,
        code: status.code(),
    }
}

/// Waits for `child` (`halma args`); past `limit` it is killed and the test fails.
pub fn wait_within(
    child: &mut std::process::Child,
    args: &[&str],
    limit: Duration,
) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waitable") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("halma {args:?} did not end within {limit:?}");
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// One line of a reference perft file.
pub struct ReferenceLine {
    /// The line's number in its file, from 1.
    pub number: usize,
    /// The rules string.
    pub rules: String,
    /// The position string, or `startpos`.
    pub position: String,
    /// The depth, as written.
    pub depth: String,
    /// The reference count.
    pub count: u64,
}

/// Every line of `tests/data/perft/<file>` (`reference.tsv` or
/// `reference_options.tsv`).
pub fn reference_lines(file: &str) -> Vec<ReferenceLine> {
    halma_testdata::perft_lines(file)
        .into_iter()
        .map(|line| ReferenceLine {
            number: line.number,
            rules: line.rules.to_owned(),
            position: line.position_text().to_owned(),
            depth: line.depth.to_string(),
            count: line.count,
        })
        .collect()
}
