//! The client side of the protocol: an engine run as a child process and
//! driven through `docs/protocol.md`, as a [`Player`] of matches.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use halma_engine::players::Player;
use halma_rules::{Game, Move};

/// An engine speaking the protocol, run as a child process.
pub struct ProtocolPlayer {
    command: String,
    go: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The first failure (the engine died, or answered with an illegal move).
    pub error: Option<String>,
}

impl ProtocolPlayer {
    /// Starts `command` (split on spaces) and shakes hands.
    pub fn spawn(command: &str, go: &str) -> Result<ProtocolPlayer, String> {
        let mut parts = command.split_whitespace();
        let program = parts
            .next()
            .ok_or_else(|| "cmd=: empty command".to_owned())?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cmd={command}: {e}"))?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let mut player = ProtocolPlayer {
            command: command.to_owned(),
            go: go.to_owned(),
            child,
            input,
            output,
            error: None,
        };
        player.send("hep")?;
        player.wait_for("hepok")?;
        Ok(player)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("{}: {e}", self.command))
    }

    /// Reads lines until one starts with `prefix`; returns it.
    fn wait_for(&mut self, prefix: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("{}: {e}", self.command))?;
            if n == 0 {
                return Err(format!("{}: the engine closed its output", self.command));
            }
            if line.trim_end().starts_with(prefix) {
                return Ok(line.trim_end().to_owned());
            }
        }
    }

    fn ask(&mut self, game: &Game) -> Result<Move, String> {
        self.send(&format!("rules {}", game.rules()))?;
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
        self.send(&position)?;
        self.send(&format!("go {}", self.go))?;
        let line = self.wait_for("bestmove")?;
        let text = line.trim_start_matches("bestmove").trim();
        game.rules()
            .parse_move(game.position(), text)
            .map_err(|e| format!("{}: bestmove `{text}`: {e}", self.command))
    }
}

impl Player for ProtocolPlayer {
    fn name(&self) -> String {
        self.command.clone()
    }
    fn new_game(&mut self, _seed: u64) {
        if let Err(e) = self.send("newgame") {
            self.error.get_or_insert(e);
        }
    }
    fn choose(&mut self, game: &Game) -> Move {
        match self.ask(game) {
            Ok(mv) => mv,
            Err(e) => {
                // The match notices the error after the game and stops.
                self.error.get_or_insert(e);
                game.legal_moves()[0]
            }
        }
    }
    fn failure(&self) -> Option<String> {
        self.error.clone()
    }
}

impl Drop for ProtocolPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
