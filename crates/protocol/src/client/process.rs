//! An engine child process whose input and output are served by threads of
//! their own, so that the controller never blocks on it: lines to the
//! engine go through a channel to a writer thread (an engine that stops
//! reading cannot block the controller on a full pipe), lines from it come
//! through a channel from a reader thread and are awaited with a time-out.
//!
//! On Unix the engine runs in a process group of its own, which is killed
//! whole when the engine is killed or has quit, so that no process it
//! started outlives it; and a wait notices the engine's own exit even when a
//! child of it still holds its output open.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread;
use std::time::{Duration, Instant};

use crate::command::{escape_message, quote};
use crate::line::{read_line, LineError};

/// The longest line read from an engine (`docs/protocol.md` section 1).
pub use crate::line::MAX_LINE;

/// Lines buffered from an engine before its reader thread waits (and so the
/// engine blocks on its own output): bounds the memory a chatty engine takes.
const BUFFERED_LINES: usize = 1024;

/// How long to wait for a killed engine to be reaped.
const REAP_TIMEOUT: Duration = Duration::from_secs(2);

/// How often a wait for a line also checks whether the engine has exited.
const EXIT_POLL: Duration = Duration::from_millis(20);

/// How long lines the engine wrote before it exited may take to arrive.
const LAST_WORDS: Duration = Duration::from_millis(100);

/// What the reader thread saw.
enum Event {
    /// A line, without its `\n` or `\r\n`.
    Line(String),
    /// Output the protocol does not allow; the reader stops.
    Garbage(&'static str),
    /// End of output, or a read error; the reader stops.
    Closed(Option<String>),
}

/// A running engine.
pub struct Process {
    child: Child,
    to_engine: Option<Sender<String>>,
    from_engine: Receiver<Event>,
}

impl Process {
    /// Starts `program` with `args`, its standard error shared with ours,
    /// in a process group of its own (on Unix).
    pub fn spawn(program: &str, args: &[String]) -> Result<Process, String> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            // The group's id is the engine's process id.
            command.process_group(0);
        }
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot run `{}`: {e}", quote(program)))?;
        let (Some(mut input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("the engine's pipes were not opened".to_owned());
        };
        let (to_engine, lines) = mpsc::channel::<String>();
        let (events, from_engine) = mpsc::sync_channel(BUFFERED_LINES);
        // Writes end when the controller drops its sender or the engine's
        // input is closed; a failed write shows up as the engine's silence.
        let writer = thread::Builder::new()
            .name("engine-writer".to_owned())
            .spawn(move || {
                for line in lines {
                    if writeln!(input, "{line}")
                        .and_then(|_| input.flush())
                        .is_err()
                    {
                        return;
                    }
                }
            });
        let reader = thread::Builder::new()
            .name("engine-reader".to_owned())
            .spawn(move || read_lines(output, events));
        if let Err(e) = writer.and(reader) {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("cannot start a thread for the engine: {e}"));
        }
        Ok(Process {
            child,
            to_engine: Some(to_engine),
            from_engine,
        })
    }

    /// Queues `line` for the engine (never blocks).
    pub fn send(&self, line: &str) {
        if let Some(sender) = &self.to_engine {
            // A closed writer means the engine's input is gone; the wait
            // that follows reports the engine's exit or silence.
            let _ = sender.send(line.to_owned());
        }
    }

    /// Waits at most `limit` for a line whose first word is `keyword`;
    /// returns the line. `error` lines are returned as `Err` when
    /// `errors_fail`, else skipped with every other line.
    pub fn wait_for(
        &mut self,
        keyword: &str,
        limit: Duration,
        errors_fail: bool,
    ) -> Result<String, String> {
        self.wait_refusing(keyword, limit, |first, line| {
            // The engine's text is escaped: it reaches a terminal and records.
            (errors_fail && first == "error")
                .then(|| format!("the engine answered `{}`", escape_message(line)))
        })
    }

    /// Settles the engine before a new question: sends `isready` and
    /// waits at most `limit` for `readyok`. A `bestmove` read before it
    /// answers no question (a second `bestmove` for one `go`), which is an
    /// error, as are an `error` line (the engine refused what was sent
    /// before, say the rules) and output that ended or is not text. Other
    /// lines are skipped. Waiting for `readyok`, not only reading what has arrived,
    /// is what catches a repeat that is still on its way.
    pub fn settle(&mut self, limit: Duration) -> Result<(), String> {
        self.send("isready");
        self.wait_refusing("readyok", limit, |first, line| match first {
            "bestmove" => Some(format!(
                "the engine answered one `go` with more than one bestmove (then `{}`)",
                escape_message(line)
            )),
            // An answer to the command before, such as a `rules` it refused.
            "error" => Some(format!("the engine answered `{}`", escape_message(line))),
            _ => None,
        })
        .map(drop)
    }

    /// Waits at most `limit` for a line whose first word is `keyword` and
    /// returns it; a line for which `refuse` (given its first word and the
    /// line) says why is an error, every other line is skipped.
    fn wait_refusing(
        &mut self,
        keyword: &str,
        limit: Duration,
        refuse: impl Fn(&str, &str) -> Option<String>,
    ) -> Result<String, String> {
        let start = Instant::now();
        // The engine's output may stay open after it exits (a child of it
        // holds it): its exit, checked every `EXIT_POLL`, ends the wait once
        // what it wrote before has had `LAST_WORDS` to arrive.
        let mut checked = start;
        let mut exited: Option<(ExitStatus, Instant)> = None;
        loop {
            if exited.is_none() && checked.elapsed() >= EXIT_POLL {
                checked = Instant::now();
                if let Ok(Some(status)) = self.child.try_wait() {
                    exited = Some((status, checked));
                }
            }
            if let Some((status, at)) = exited {
                if at.elapsed() >= LAST_WORDS {
                    return Err(format!("the engine exited ({status})"));
                }
            }
            let left = limit.saturating_sub(start.elapsed());
            let event = match self.from_engine.recv_timeout(left.min(EXIT_POLL)) {
                Ok(event) => event,
                Err(RecvTimeoutError::Timeout) if left > EXIT_POLL => continue,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no {keyword} within {} ms", limit.as_millis()))
                }
                Err(RecvTimeoutError::Disconnected) => Event::Closed(None),
            };
            match event {
                Event::Line(line) => {
                    let first = line.split_whitespace().next().unwrap_or("");
                    if first == keyword {
                        return Ok(line);
                    }
                    if let Some(why) = refuse(first, &line) {
                        return Err(why);
                    }
                }
                event => return Err(self.failure(event)),
            }
        }
    }

    /// Why the engine failed, for an event that is not a line.
    fn failure(&mut self, event: Event) -> String {
        match event {
            Event::Line(line) => format!("the engine wrote `{}`", escape_message(&line)),
            Event::Garbage(what) => format!("the engine wrote {what}"),
            Event::Closed(error) => {
                let how = match self.exit_status(Duration::from_millis(200)) {
                    Some(status) => format!("the engine exited ({status})"),
                    None => "the engine closed its output".to_owned(),
                };
                match error {
                    Some(error) => format!("{how}: {}", escape_message(&error)),
                    None => how,
                }
            }
        }
    }

    /// The exit status, if the engine exits within `limit`.
    fn exit_status(&mut self, limit: Duration) -> Option<ExitStatus> {
        let start = Instant::now();
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if start.elapsed() < limit => thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }

    /// Asks the engine to quit and waits at most `grace` for it; then kills
    /// what is left of it (itself if it did not quit, and every process of
    /// its group).
    pub fn quit(mut self, grace: Duration) {
        self.send("quit");
        // Closing its input is the protocol's other way to say quit.
        self.to_engine = None;
        let _ = self.exit_status(grace);
    }

    /// Kills the engine and every process of its group, and reaps it,
    /// waiting at most [`REAP_TIMEOUT`] (a process that survives a kill is
    /// left behind rather than waited on).
    pub fn kill(self) {
        // Dropping does it.
    }

    /// Sends SIGKILL to the engine's process group (on Unix; elsewhere to
    /// the engine alone). No new process can take the group's id while the
    /// engine is not reaped or any process of the group lives, so this
    /// reaches only the engine's processes (this is called right after the
    /// engine is reaped, if it was: a reuse of its id meanwhile would need
    /// the system to run through every process id in between).
    fn kill_group(&mut self) {
        #[cfg(unix)]
        {
            use rustix::process::{kill_process_group, Pid, Signal};
            let id = i32::try_from(self.child.id()).ok();
            // Never 1 (init), which would signal every process we may.
            if let Some(group) = id.filter(|&id| id > 1).and_then(Pid::from_raw) {
                let _ = kill_process_group(group, Signal::KILL);
            }
        }
        let _ = self.child.kill();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.to_engine = None;
        self.kill_group();
        let _ = self.exit_status(REAP_TIMEOUT);
    }
}

/// Forwards the engine's lines to `events` until its output ends, it writes
/// something that is not a line of text, or the controller stops listening.
fn read_lines(output: ChildStdout, events: SyncSender<Event>) {
    let mut output = BufReader::new(output);
    let mut line = Vec::new();
    loop {
        let event = match read_line(&mut output, &mut line, MAX_LINE) {
            Ok(false) => Event::Closed(None),
            Err(LineError::Io(e)) => Event::Closed(Some(e.to_string())),
            Err(LineError::TooLong) => Event::Garbage("a line longer than 1 MiB"),
            Ok(true) => match String::from_utf8(std::mem::take(&mut line)) {
                Ok(text) => Event::Line(text),
                Err(_) => Event::Garbage("a line that is not UTF-8 text"),
            },
        };
        let last = !matches!(event, Event::Line(_));
        if events.send(event).is_err() || last {
            return;
        }
    }
}
