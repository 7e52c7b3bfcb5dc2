//! Running a homework agent once: `input.txt` written in its directory, the
//! program run there with a time-out, `output.txt` read back.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The most of `output.txt` read: a move is a few hundred bytes at most.
pub const MAX_OUTPUT_BYTES: u64 = 64 * 1024;

/// How often a running agent is checked for its exit.
const POLL: Duration = Duration::from_millis(2);

/// The program of a homework agent and its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AgentCommand {
    program: PathBuf,
    args: Vec<String>,
}

/// Why an agent run gave no `output.txt` to read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RunError {
    /// The agent's directory could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The program could not be started.
    #[error("cannot run {program}: {source}")]
    Start {
        /// The program.
        program: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The agent ran past its time and was killed.
    #[error("no output.txt within {} ms (the agent was killed)", .0.as_millis())]
    TimedOut(Duration),
    /// The agent exited without writing `output.txt`.
    #[error("the agent exited ({status}) without writing output.txt")]
    NoOutput {
        /// Its exit status.
        status: ExitStatus,
    },
    /// `output.txt` is longer than [`MAX_OUTPUT_BYTES`] or not UTF-8 text.
    #[error("output.txt is not a move: longer than {MAX_OUTPUT_BYTES} bytes or not UTF-8 text")]
    NotText,
    /// Waiting for the agent failed.
    #[error("waiting for the agent failed: {0}")]
    Wait(std::io::Error),
}

impl AgentCommand {
    /// The agent `program` with `args`. A program path with a `/` is made
    /// absolute from the current directory, as the agent runs elsewhere.
    pub fn new(program: impl Into<PathBuf>, args: Vec<String>) -> AgentCommand {
        let program = program.into();
        let program = if program.components().count() > 1 && program.is_relative() {
            std::env::current_dir().map_or(program.clone(), |dir| dir.join(&program))
        } else {
            program
        };
        AgentCommand { program, args }
    }

    /// The program.
    pub fn program(&self) -> &Path {
        &self.program
    }

    /// Writes `input` to `dir/input.txt`, removes any `output.txt` left by
    /// an earlier move, runs the agent in `dir` (standard input empty, its
    /// standard output and error discarded) for at most `limit`, and
    /// returns the text of `output.txt`. Other files the agent keeps in
    /// `dir` (notes on the game so far) are left alone.
    pub fn run(&self, dir: &Path, input: &str, limit: Duration) -> Result<String, RunError> {
        let write_error = |path: PathBuf| move |source| RunError::Write { path, source };
        let output_path = dir.join("output.txt");
        match fs::remove_file(&output_path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(write_error(output_path)(e)),
        }
        let input_path = dir.join("input.txt");
        fs::write(&input_path, input).map_err(write_error(input_path))?;
        let start = Instant::now();
        let mut child = Command::new(&self.program)
            .args(&self.args)
            .current_dir(dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| RunError::Start {
                program: self.program.clone(),
                source,
            })?;
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if start.elapsed() >= limit => {
                    // Killing fails only when it has exited meanwhile.
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(RunError::TimedOut(limit));
                }
                Ok(None) => thread::sleep(POLL),
                Err(e) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(RunError::Wait(e));
                }
            }
        };
        let Ok(file) = fs::File::open(&output_path) else {
            return Err(RunError::NoOutput { status });
        };
        let mut bytes = Vec::new();
        file.take(MAX_OUTPUT_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|_| RunError::NotText)?;
        if bytes.len() as u64 > MAX_OUTPUT_BYTES {
            return Err(RunError::NotText);
        }
        String::from_utf8(bytes).map_err(|_| RunError::NotText)
    }
}
