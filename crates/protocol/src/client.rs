//! The client side of the protocol: an engine run as a child process and
//! driven through `docs/protocol.md`, as a [`Player`] of matches.
//!
//! Every wait has a time-out ([`ClientOptions`]): the handshake (`hep` ->
//! `hepok`), `isready` -> `readyok`, and every `bestmove` (derived from the
//! `go` limits by [`GoLimits::move_timeout`]). The engine's output is read by
//! a thread of its own and its input written by another, so a silent, slow or
//! stuck engine never blocks the controller.
//!
//! An engine that is silent, crashes, writes garbage (a line that is not
//! UTF-8 text, or longer than 1 MiB), answers `error` to a move's commands,
//! answers one `go` with two `bestmove` lines or gives an illegal `bestmove`
//! fails the move: [`Player::choose`] returns a
//! [`Forfeit`] with the reason, and the engine is killed. The next game
//! starts a new process (handshake again). A start that fails is that
//! game's forfeit; after [`ClientOptions::max_start_failures`] failed starts
//! in a row the player stops trying and forfeits its remaining games at once.
//!
//! The commands used are `hep`, `isready`, `newgame`, `rules`, `position`,
//! `go` and `quit`; the answers read are `hepok`, `readyok`, `bestmove` and
//! `error`; every other line is ignored, as the protocol asks.

mod go;
mod process;

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use halma_engine::player::{Forfeit, Player};
use halma_rules::{Game, Move};
use thiserror::Error;

pub use self::go::{GoError, GoLimits};
use self::process::Process;
use crate::command::quote;
use crate::shell_words::{self, ShellWordsError};

/// How long a controller waits for an engine, and how often it restarts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientOptions {
    /// From `hep` to `hepok` (the engine's start-up included). Default 10 s.
    pub handshake: Duration,
    /// From `isready` to `readyok`. Default 5 s.
    pub ready: Duration,
    /// The engine's time for a move when `go` limits neither the time nor
    /// the clock of the side to move (`go nodes ...`, `go depth ...`).
    /// Default 60 s.
    pub move_cap: Duration,
    /// Added to every move's time before the engine forfeits (the time to
    /// start the search, write the answer and carry it). Default 1 s.
    pub margin: Duration,
    /// Failed starts in a row after which the player stops starting the
    /// engine and forfeits every further game at once (at least 1). Default 3.
    pub max_start_failures: u32,
}

impl Default for ClientOptions {
    fn default() -> ClientOptions {
        ClientOptions {
            handshake: Duration::from_secs(10),
            ready: Duration::from_secs(5),
            move_cap: Duration::from_secs(60),
            margin: Duration::from_secs(1),
            max_start_failures: 3,
        }
    }
}

/// How long a well-behaved engine gets to exit after `quit`.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// Why an engine command line cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EngineCommandError {
    /// The command line's quoting is broken.
    #[error(transparent)]
    Quoting(#[from] ShellWordsError),
    /// The command line holds no word.
    #[error("empty command")]
    Empty,
    /// The program is not an executable file (a path with `/`), or is not
    /// found in any directory of `PATH`.
    #[error("`{}`: no such executable file", quote(.0))]
    NotFound(String),
}

/// An engine's command line, split into words with the POSIX shell's
/// quoting rules ([`shell_words`]) and never run through a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    text: String,
    words: Vec<String>,
}

impl FromStr for EngineCommand {
    type Err = EngineCommandError;

    /// Splits `text` into the program and its arguments.
    fn from_str(text: &str) -> Result<EngineCommand, EngineCommandError> {
        let words = shell_words::split(text)?;
        if words.is_empty() {
            return Err(EngineCommandError::Empty);
        }
        Ok(EngineCommand {
            text: text.trim().to_owned(),
            words,
        })
    }
}

impl EngineCommand {
    /// The program (the first word).
    pub fn program(&self) -> &str {
        &self.words[0]
    }

    /// The arguments.
    pub fn args(&self) -> &[String] {
        &self.words[1..]
    }

    /// The command line as given (trimmed).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where the program is: a path containing `/` as it is, else the first
    /// directory of `PATH` holding it; it must be an executable file. Checks
    /// a typing error before a match starts rather than forfeiting its games.
    pub fn find_program(&self) -> Result<PathBuf, EngineCommandError> {
        let program = self.program();
        let not_found = || EngineCommandError::NotFound(program.to_owned());
        if program.contains('/') {
            let path = PathBuf::from(program);
            return if is_executable(&path) {
                Ok(path)
            } else {
                Err(not_found())
            };
        }
        let path = std::env::var_os("PATH").ok_or_else(not_found)?;
        std::env::split_paths(&path)
            .map(|dir| dir.join(program))
            .find(|candidate| is_executable(candidate))
            .ok_or_else(not_found)
    }
}

#[cfg(unix)]
fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

#[cfg(not(unix))]
fn is_executable(path: &Path) -> bool {
    path.is_file()
}

/// An engine speaking the protocol, run as a child process (started for the
/// first game, restarted after a failure).
pub struct ProtocolPlayer {
    command: EngineCommand,
    go: GoLimits,
    options: ClientOptions,
    process: Option<Process>,
    /// The rules string the running engine was last given.
    sent_rules: Option<String>,
    /// Why the engine is not ready for the current game, if it is not.
    not_ready: Option<String>,
    /// Failed starts since the last good one.
    start_failures: u32,
}

impl ProtocolPlayer {
    /// A player running `command` and searching with `go <go>` each move.
    /// Nothing starts until the first game.
    pub fn new(command: EngineCommand, go: GoLimits, options: ClientOptions) -> ProtocolPlayer {
        ProtocolPlayer {
            command,
            go,
            options,
            process: None,
            sent_rules: None,
            not_ready: None,
            start_failures: 0,
        }
    }

    /// Starts the engine if it is not running and checks that it answers:
    /// `hep` -> `hepok` after a start, then `newgame`, `isready` -> `readyok`.
    fn get_ready(&mut self) -> Result<(), String> {
        if let Some(process) = &mut self.process {
            process.send("newgame");
            process.send("isready");
            match process.wait_for("readyok", self.options.ready, false) {
                Ok(_) => return Ok(()),
                // It was fine last game: try a fresh process before failing.
                Err(_) => self.discard(),
            }
        }
        if self.start_failures >= self.options.max_start_failures.max(1) {
            return Err(format!(
                "the engine is not started again after {} failed starts",
                self.start_failures
            ));
        }
        match self.start() {
            Ok(process) => {
                self.start_failures = 0;
                self.process = Some(process);
                Ok(())
            }
            Err(e) => {
                self.start_failures += 1;
                Err(format!("could not start the engine: {e}"))
            }
        }
    }

    fn start(&self) -> Result<Process, String> {
        let mut process = Process::spawn(self.command.program(), self.command.args())?;
        let handshake = process
            .wait_for_after("hep", "hepok", self.options.handshake)
            .and_then(|_| {
                process.wait_for_after("newgame\nisready", "readyok", self.options.ready)
            });
        match handshake {
            Ok(_) => Ok(process),
            Err(e) => {
                process.kill();
                Err(e)
            }
        }
    }

    /// Kills the engine (after a failure its state is unknown).
    fn discard(&mut self) {
        if let Some(process) = self.process.take() {
            process.kill();
        }
        self.sent_rules = None;
    }

    /// Sends the game and `go`; reads and checks `bestmove`.
    fn ask(&mut self, game: &Game) -> Result<Move, String> {
        let process = self
            .process
            .as_mut()
            .ok_or_else(|| "the engine is not running".to_owned())?;
        let rules = game.rules().to_string();
        if self.sent_rules.as_deref() != Some(rules.as_str()) {
            process.send(&format!("rules {rules}"));
            self.sent_rules = Some(rules);
        }
        // A line written since the last answer must not be taken for this
        // one: a stray `bestmove` would otherwise be played as this move.
        process.settle(self.options.ready)?;
        process.send(&position_command(game));
        process.send(&format!("go {}", self.go.text()));
        let limit = self.go.move_timeout(game.to_move(), &self.options);
        let line = process.wait_for("bestmove", limit, true)?;
        let text = line.split_whitespace().nth(1).unwrap_or("");
        match text {
            "" => Err("the engine answered `bestmove` without a move".to_owned()),
            "none" => {
                Err("the engine answered `bestmove none` in a game that is not over".to_owned())
            }
            _ => game
                .rules()
                .parse_move(game.position(), text)
                .map_err(|e| format!("illegal bestmove `{}`: {e}", quote(text))),
        }
    }
}

/// The `position` command for `game`: its start and every move.
fn position_command(game: &Game) -> String {
    let start = game.start_position();
    let mut position = if *start == game.rules().start_position() {
        "position startpos".to_owned()
    } else {
        format!("position setup {start}")
    };
    let moves = game.move_texts();
    if !moves.is_empty() {
        position.push_str(" moves ");
        position.push_str(&moves.join(" "));
    }
    position
}

impl Process {
    /// Sends `lines` (one or more, `\n`-separated) and waits at most `limit`
    /// for `keyword`, skipping every other line.
    fn wait_for_after(
        &mut self,
        lines: &str,
        keyword: &str,
        limit: Duration,
    ) -> Result<String, String> {
        for line in lines.lines() {
            self.send(line);
        }
        self.wait_for(keyword, limit, false)
    }
}

impl Player for ProtocolPlayer {
    fn name(&self) -> String {
        self.command.text().to_owned()
    }

    fn new_game(&mut self, _seed: u64) {
        self.not_ready = self.get_ready().err();
    }

    fn choose(&mut self, game: &Game) -> Result<Move, Forfeit> {
        if let Some(reason) = self.not_ready.take() {
            return Err(Forfeit::new(reason));
        }
        if self.process.is_none() {
            // Used without `new_game` (or after a failure in this game).
            self.get_ready().map_err(Forfeit::new)?;
        }
        self.ask(game).map_err(|reason| {
            self.discard();
            Forfeit::new(reason)
        })
    }
}

impl Drop for ProtocolPlayer {
    fn drop(&mut self) {
        if let Some(process) = self.process.take() {
            process.quit(QUIT_GRACE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_split_with_shell_quoting() {
        let command = r#"  python3 -c 'print("hepok")' "a b"  "#.parse::<EngineCommand>().unwrap();
        assert_eq!(command.program(), "python3");
        assert_eq!(command.args(), ["-c", r#"print("hepok")"#, "a b"]);
        assert_eq!(command.text(), r#"python3 -c 'print("hepok")' "a b""#);
        assert_eq!(
            "  ".parse::<EngineCommand>(),
            Err(EngineCommandError::Empty)
        );
        assert!(matches!(
            "sh -c 'x".parse::<EngineCommand>(),
            Err(EngineCommandError::Quoting(_))
        ));
    }

    #[test]
    fn programs_are_found_on_the_path_or_as_paths() {
        let sh = "sh -c true".parse::<EngineCommand>().unwrap();
        assert!(sh.find_program().unwrap().ends_with("sh"));
        let missing = "no-such-halma-engine-xyz".parse::<EngineCommand>().unwrap();
        assert_eq!(
            missing.find_program(),
            Err(EngineCommandError::NotFound(
                "no-such-halma-engine-xyz".into()
            ))
        );
        let dir = "/".parse::<EngineCommand>().unwrap();
        assert!(dir.find_program().is_err());
    }
}
