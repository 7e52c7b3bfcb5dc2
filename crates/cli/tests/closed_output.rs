//! Standard output that goes away: a reader that stops reading (`halma ...
//! | head`) ends the command quietly with status 141, as `SIGPIPE` ends a C
//! tool, and an output that cannot be written (a full disk) with a
//! one-line error and status 2; never the panic that `print!` gives.

mod common;

use std::fs::File;
use std::io::Read;
use std::process::{Command, Stdio};
use std::thread;

use common::{wait_within, HALMA, WATCHDOG};

/// Runs `halma args` with `input`, its standard output going to `stdout`;
/// returns the exit status and standard error.
fn run_into(
    args: &[&str],
    input: &str,
    stdout: Stdio,
    close_stdout: bool,
) -> (Option<i32>, String) {
    let mut child = Command::new(HALMA)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    if close_stdout {
        drop(child.stdout.take());
    }
    let mut stdin = child.stdin.take().expect("piped");
    let input = input.to_owned();
    thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut stderr = child.stderr.take().expect("piped");
    let reader = thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let status = wait_within(&mut child, args, WATCHDOG);
    (status.code(), reader.join().expect("stderr read"))
}

/// Runs `halma args` with its output's reader gone as soon as it starts.
/// Each command here writes far more than a pipe holds (64 KiB on Linux),
/// so a write fails even if some output went into the pipe first.
fn run_with_reader_gone(args: &[&str], input: &str) -> (Option<i32>, String) {
    run_into(args, input, Stdio::piped(), true)
}

#[test]
fn a_reader_that_goes_away_ends_each_command_quietly() {
    let helps = "help\n".repeat(400);
    let cases: [(&[&str], &str); 2] = [
        (
            &[
                "selfplay",
                "--engine",
                "depth=1",
                "--board",
                "--max-plies",
                "200",
            ],
            "",
        ),
        (&["play", "--level", "1"], &helps),
    ];
    for (args, input) in cases {
        let (code, stderr) = run_with_reader_gone(args, input);
        assert_eq!(code, Some(141), "halma {args:?}: {stderr}");
        assert!(stderr.is_empty(), "halma {args:?} wrote: {stderr}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn an_output_that_cannot_be_written_is_a_one_line_error() {
    let full = File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let (code, stderr) = run_into(
        &["perft", "--rules", "halma", "--depth", "1", "--divide"],
        "",
        Stdio::from(full),
        false,
    );
    assert_eq!(code, Some(2), "{stderr}");
    assert_eq!(
        stderr,
        "error: cannot write to standard output: No space left on device (os error 28)\n"
    );
}
