//! `homework_agent`: plays a CSCI 561 homework Halma agent (a program that
//! reads `input.txt` and writes `output.txt` in its directory) as an engine
//! of the halma engine protocol, so that `halma match --b "cmd=..."` can play
//! it (`docs/agents.md`).
//!
//! ```text
//! cargo build --release -p halma-tools --example homework_agent
//! homework_agent [--budget S] [--move-timeout S] [--mode game|single] [--dir DIR] [--keep-dirs] -- PROGRAM [ARGS...]
//! ```
//!
//! Each game gets a fresh directory (under `--dir`, by default the system's
//! temporary directory) where the agent runs for every move, so files it
//! keeps between moves stay for the game; it is removed after the game
//! unless `--keep-dirs` is given. The agent is told the time left
//! from a budget of `--budget` seconds a game (300), less the time its
//! moves took; a move gets at most `--move-timeout` seconds (30) or the time
//! left, whichever is shorter. A move past its time, an agent that fails or
//! writes no legal move is answered with an `error` line, which a match
//! scores as the agent's forfeit; the protocol's `go` limits are ignored.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use halma_protocol::command::{escape_message, Command, StartPosition, PROTOCOL_VERSION};
use halma_protocol::line::{read_line, LineError, MAX_LINE};
use halma_rules::{Game, Rules, Setup};
use halma_tools::homework::runner::AgentCommand;
use halma_tools::homework::{check_rules, input_text, read_output, Mode};

const USAGE: &str = "usage: homework_agent [--budget S] [--move-timeout S] [--mode game|single] \
                     [--dir DIR] [--keep-dirs] -- PROGRAM [ARGS...]";

/// The longest budget or time-out accepted, in seconds: a day.
const MAX_SECONDS: f64 = 86_400.0;

struct Options {
    budget: Duration,
    move_timeout: Duration,
    mode: Mode,
    dir: PathBuf,
    /// Leave each game's directory behind (`--keep-dirs`), to look into.
    keep_dirs: bool,
    agent: AgentCommand,
}

fn seconds(flag: &str, value: &str) -> Result<Duration, String> {
    match value.parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= MAX_SECONDS => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "{flag} {value}: expected seconds, more than 0 and at most {MAX_SECONDS}"
        )),
    }
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut budget = Duration::from_secs(300);
    let mut move_timeout = Duration::from_secs(30);
    let mut mode = Mode::Game;
    let mut dir = std::env::temp_dir();
    let mut keep_dirs = false;
    let mut rest = args;
    loop {
        match rest {
            [flag, tail @ ..] if flag == "--" => {
                let Some((program, args)) = tail.split_first() else {
                    return Err(format!("no agent program after `--`\n{USAGE}"));
                };
                let agent = AgentCommand::new(program, args.to_vec());
                return Ok(Options {
                    budget,
                    move_timeout,
                    mode,
                    dir,
                    keep_dirs,
                    agent,
                });
            }
            [flag, tail @ ..] if flag == "--keep-dirs" => {
                keep_dirs = true;
                rest = tail;
            }
            [flag, value, tail @ ..] => {
                match flag.as_str() {
                    "--budget" => budget = seconds(flag, value)?,
                    "--move-timeout" => move_timeout = seconds(flag, value)?,
                    "--mode" => {
                        mode = match value.as_str() {
                            "game" => Mode::Game,
                            "single" => Mode::Single,
                            _ => return Err(format!("--mode {value}: game or single")),
                        }
                    }
                    "--dir" => dir = PathBuf::from(value),
                    _ => return Err(format!("unknown option `{flag}`\n{USAGE}")),
                }
                rest = tail;
            }
            _ => return Err(USAGE.to_owned()),
        }
    }
}

/// A directory of its own for one game of the agent, removed with it
/// unless kept.
struct GameDir {
    path: PathBuf,
    keep: bool,
}

impl GameDir {
    fn create(parent: &Path, keep: bool) -> io::Result<GameDir> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = parent.join(format!("homework-agent-{}-{n}", std::process::id()));
        fs::create_dir_all(&path)?;
        Ok(GameDir { path, keep })
    }
}

impl Drop for GameDir {
    fn drop(&mut self) {
        if !self.keep {
            // What the agent left there is of no use once the game is over.
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}

struct Session {
    options: Options,
    rules: Rules,
    game: Game,
    dir: Option<GameDir>,
    /// The agent's time so far in this game.
    used: Duration,
    out: io::Stdout,
}

impl Session {
    fn send(&mut self, line: &str) {
        // A controller that closed our output is gone: nothing to tell it.
        let mut out = self.out.lock();
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }

    fn new_game(&mut self) {
        self.dir = None;
        self.used = Duration::ZERO;
        self.game = Game::new(self.rules.clone());
    }

    /// Carries out one command; `false` to quit.
    fn execute(&mut self, command: Command) -> bool {
        match command {
            Command::Hep => {
                let name = self.options.agent.program().display().to_string();
                self.send(&format!("id name homework agent {}", escape_message(&name)));
                self.send("id author the agent's authors; adapter from halma-tools");
                self.send(&format!("id protocol {PROTOCOL_VERSION}"));
                self.send("hepok");
            }
            Command::IsReady => self.send("readyok"),
            // The agent has no options: they are accepted and change nothing.
            Command::SetOption(_) | Command::Stop => {}
            Command::Rules(rules) => match check_rules(&rules) {
                Ok(()) => {
                    self.rules = rules;
                    self.new_game();
                }
                Err(e) => self.send(&format!("error {e}")),
            },
            Command::NewGame => self.new_game(),
            Command::Position(position) => {
                let start = match &position.start {
                    StartPosition::Start => Ok(Game::new(self.rules.clone())),
                    StartPosition::Setup { rows, side } => format!("{rows} {side}")
                        .parse::<Setup>()
                        .map_err(|e| e.to_string())
                        .and_then(|setup| {
                            Game::from_setup(self.rules.clone(), &setup).map_err(|e| e.to_string())
                        }),
                };
                let played = start.and_then(|mut game| {
                    for mv in &position.moves {
                        game.play_str(mv)
                            .map_err(|e| format!("move {}: {e}", escape_message(mv)))?;
                    }
                    Ok(game)
                });
                match played {
                    Ok(game) => self.game = game,
                    Err(e) => self.send(&format!("error position: {e}")),
                }
            }
            Command::Go(_) => self.go(),
            Command::Show => {
                let text = format!(
                    "info string rules {} position {} moves {}",
                    self.rules,
                    self.game.position().to_setup(),
                    self.game.moves().len()
                );
                self.send(&text);
            }
            Command::Moves => {
                let mut line = String::from("moves");
                for text in self.game.move_texts() {
                    line.push(' ');
                    line.push_str(&text);
                }
                self.send(&line);
            }
            Command::Quit => return false,
        }
        true
    }

    fn go(&mut self) {
        if self.game.is_over() {
            let result = self.game.result();
            self.send(&format!("info string game over: {result}"));
            self.send("bestmove none");
            return;
        }
        let moves = self.game.legal_moves();
        if moves.len() == 1 && moves.iter().all(|mv| mv.is_pass()) {
            // The homework has no pass: the agent is not asked.
            self.send("bestmove pass");
            return;
        }
        match self.agent_move() {
            Ok(text) => self.send(&format!("bestmove {text}")),
            Err(e) => {
                let line = format!("error homework agent: {e}");
                self.send(&line);
            }
        }
    }

    /// Runs the agent on the current position and returns its move.
    fn agent_move(&mut self) -> Result<String, String> {
        let left = self.options.budget.saturating_sub(self.used);
        if left.is_zero() {
            return Err(format!(
                "out of time: its {} s for the game are used up",
                self.options.budget.as_secs_f64()
            ));
        }
        let limit = left.min(self.options.move_timeout);
        // Milliseconds: the first move of a 300 s game reads `300.0`.
        let left_seconds = left.as_millis() as f64 / 1000.0;
        let position = self.game.position().clone();
        let input = input_text(&self.rules, &position, self.options.mode, left_seconds)
            .map_err(|e| e.to_string())?;
        if self.dir.is_none() {
            let dir = GameDir::create(&self.options.dir, self.options.keep_dirs).map_err(|e| {
                format!(
                    "cannot make a directory in {}: {e}",
                    self.options.dir.display()
                )
            })?;
            self.dir = Some(dir);
        }
        let dir = self
            .dir
            .as_ref()
            .map(|d| d.path.clone())
            .unwrap_or_default();
        let start = Instant::now();
        let result = self.options.agent.run(&dir, &input, limit);
        self.used += start.elapsed();
        let text = result.map_err(|e| e.to_string())?;
        let mv = read_output(&self.rules, &position, &text).map_err(|e| e.to_string())?;
        self.game.move_to_string(mv).map_err(|e| e.to_string())
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_options(&args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("homework_agent: {message}");
            return ExitCode::from(2);
        }
    };
    let rules: Rules = "halma"
        .parse()
        .expect("the default preset is a rules string");
    let mut session = Session {
        options,
        game: Game::new(rules.clone()),
        rules,
        dir: None,
        used: Duration::ZERO,
        out: io::stdout(),
    };
    let mut input = io::stdin().lock();
    let mut buffer = Vec::new();
    loop {
        match read_line(&mut input, &mut buffer, MAX_LINE) {
            Ok(false) => break,
            Ok(true) => {}
            Err(LineError::TooLong) => {
                session.send(&format!("error line too long: at most {MAX_LINE} bytes"));
                continue;
            }
            Err(LineError::Io(e)) => {
                session.send(&format!("error reading input: {e}"));
                break;
            }
        }
        let Ok(line) = std::str::from_utf8(&buffer) else {
            session.send("error the command is not valid UTF-8");
            continue;
        };
        if line.split_ascii_whitespace().next().is_none() {
            continue;
        }
        match line.parse::<Command>() {
            Ok(command) => {
                if !session.execute(command) {
                    break;
                }
            }
            Err(e) => session.send(&format!("error {e}")),
        }
    }
    ExitCode::SUCCESS
}
