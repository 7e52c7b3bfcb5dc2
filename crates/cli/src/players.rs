//! Players for `halma match` and `halma selfplay`: engine settings written as
//! a spec (`level=8,nodes=20000`), the baselines (`greedy`, `random`), and
//! protocol engines run as child processes (`cmd=...`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use halma_engine::players::{EnginePlayer, GreedyPlayer, Player, RandomPlayer};
use halma_engine::{EngineOptions, Limits};
use halma_rules::{Game, Move};

use crate::CliError;

/// Engine options and per-move limits read from a spec like
/// `level=8,nodes=20000,movetime=100,depth=6,hash=16,threads=1`.
pub fn engine_settings(spec: &str) -> Result<(EngineOptions, Limits), CliError> {
    let mut options = EngineOptions::default();
    let mut limits = Limits::default();
    for item in spec.split(',').filter(|s| !s.is_empty()) {
        let (key, value) = item
            .split_once('=')
            .ok_or_else(|| CliError(format!("`{item}`: expected key=value")))?;
        let number: u64 = value
            .parse()
            .map_err(|_| CliError(format!("`{item}`: `{value}` is not a whole number")))?;
        match key {
            "level" => {
                if !(1..=10).contains(&number) {
                    return Err(CliError(format!("`{item}`: the level is 1 to 10")));
                }
                options.level = number as u8;
            }
            "nodes" => limits.nodes = Some(number.max(1)),
            "depth" => limits.depth = Some(number.clamp(1, 64) as u32),
            "movetime" => limits.movetime = Some(Duration::from_millis(number)),
            "hash" => options.hash_mib = number.min(halma_engine::MAX_HASH_MIB as u64) as usize,
            "threads" => {
                options.threads = number.clamp(1, halma_engine::MAX_THREADS as u64) as usize
            }
            "seed" => options.seed = number,
            _ => {
                return Err(CliError(format!(
                    "`{item}`: unknown setting (level, nodes, depth, movetime, hash, threads, seed)"
                )))
            }
        }
    }
    if limits == Limits::default() && options.level == halma_engine::levels::MAX_LEVEL {
        limits.nodes = Some(halma_engine::levels::FULL_STRENGTH_NODES);
    }
    Ok((options, limits))
}

/// A player from a spec: `greedy`, `random`, `cmd=<command line>` (a
/// protocol engine, searching with `go <go>`), or engine settings.
pub fn player_from_spec(spec: &str, go: &str) -> Result<Box<dyn Player + Send>, CliError> {
    match spec {
        "greedy" => Ok(Box::new(GreedyPlayer::new(1))),
        "random" => Ok(Box::new(RandomPlayer::new(1))),
        _ => {
            if let Some(command) = spec.strip_prefix("cmd=") {
                return Ok(Box::new(ProtocolPlayer::spawn(command, go)?));
            }
            let (options, limits) = engine_settings(spec)?;
            Ok(Box::new(EnginePlayer::new(
                options,
                limits,
                format!("halma {spec}"),
            )))
        }
    }
}

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
    pub fn spawn(command: &str, go: &str) -> Result<ProtocolPlayer, CliError> {
        let mut parts = command.split_whitespace();
        let program = parts
            .next()
            .ok_or_else(|| CliError("cmd=: empty command".to_owned()))?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| CliError(format!("cmd={command}: {e}")))?;
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
        player.send("hep").map_err(CliError)?;
        player.wait_for("hepok").map_err(CliError)?;
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
