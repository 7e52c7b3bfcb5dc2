//! The server side: an engine speaking the protocol on a byte stream (see
//! `docs/protocol.md`). Every line is read into a typed [`Command`] first
//! (the [`crate::command`] reader checks every argument's range); only typed
//! commands are executed. A search runs on its own thread, so that `stop`,
//! `isready` and `quit` are answered while it thinks; it reports progress at
//! least once a second.

mod job;
mod report;
#[cfg(test)]
mod tests;

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use halma_engine::{
    Contempt, DrawRules, Engine, EngineOptions, HashSize, Level, SearchOptions, Threads,
    MAX_HASH_MIB, MAX_MULTIPV, MAX_THREADS,
};
use halma_rules::{Game, Rules};

use self::job::{Job, JobKind};
pub use self::report::{fill_line, final_line, info_line, line_text, progress_line};
use crate::command::{
    quote, Command, EngineOption, Go, PositionCommand, StartPosition, MAX_MAX_PLIES,
    PROTOCOL_VERSION,
};
use crate::line::{read_line, LineError};

/// The protocol's name, sent first by the controller.
pub const HANDSHAKE: &str = "hep";

/// Longest command line read, without its `\n`; longer lines get an error.
pub use crate::line::MAX_LINE;

/// How often a running search reports progress (`info ... currmove`): twice
/// a second, so that a line comes at least once a second even when the
/// search thread is briefly descheduled.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(500);

/// Where the server writes its lines (shared with the search thread).
pub type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn send(out: &Out, line: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Runs the protocol on standard input and output until `quit` or end of input.
pub fn run_stdio() {
    let stdin = std::io::stdin();
    let out: Out = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    serve(stdin.lock(), out);
}

struct Session {
    out: Out,
    /// The game set by `rules` and `position`: its rules, its start and
    /// moves (the history of the repetition rule and the ply cap), played
    /// through `Game`, which holds only legal moves.
    game: Game,
    /// Principal variations per search (the `multipv` option).
    multipv: usize,
    engine: Option<Engine>,
    job: Option<Job>,
}

/// Serves the protocol: reads commands from `input`, writes to `out`, until
/// `quit` or the end of `input` (either stops a running search first).
pub fn serve(input: impl BufRead, out: Out) {
    let mut session = Session {
        out,
        game: Game::new(Rules::new(halma_rules::Preset::Halma)),
        multipv: 1,
        engine: Some(Engine::new(EngineOptions::default())),
        job: None,
    };
    // The default table is filled while the controller shakes hands.
    session.fill_in_background();
    let mut input = input;
    let mut buffer = Vec::new();
    loop {
        match read_line(&mut input, &mut buffer, MAX_LINE) {
            Ok(false) => break,
            Ok(true) => {}
            Err(LineError::TooLong) => {
                send(
                    &session.out,
                    &format!("error line too long: at most {MAX_LINE} bytes"),
                );
                continue;
            }
            Err(LineError::Io(e)) => {
                // A read error that is not an interruption does not go away
                // (stdin is a directory, a closed terminal): reading again
                // would repeat it forever, so it ends the input.
                send(&session.out, &format!("error reading input: {e}"));
                break;
            }
        }
        let Ok(line) = std::str::from_utf8(&buffer) else {
            send(&session.out, "error the command is not valid UTF-8");
            continue;
        };
        if line.split_ascii_whitespace().next().is_none() {
            continue;
        }
        let result = match line.parse::<Command>() {
            Ok(Command::Quit) => break,
            Ok(command) => session.execute(command),
            Err(e) => Err(e.to_string()),
        };
        if let Err(message) = result {
            send(&session.out, &format!("error {message}"));
        }
    }
    session.finish_job();
}

impl Session {
    /// Carries out a command (`quit` is the caller's); an error changes nothing.
    fn execute(&mut self, command: Command) -> Result<(), String> {
        self.reap();
        let result = self.run_command(command);
        // Whatever the command left of the table to fill (a new size, a new
        // game, a fill it interrupted) is filled while the next one is awaited.
        self.fill_in_background();
        result
    }

    fn run_command(&mut self, command: Command) -> Result<(), String> {
        match command {
            Command::Hep => {
                self.handshake();
                Ok(())
            }
            Command::IsReady => {
                send(&self.out, "readyok");
                Ok(())
            }
            Command::SetOption(option) => self.set_option(option),
            Command::Rules(rules) => {
                self.not_searching()?;
                self.game = Game::new(rules);
                Ok(())
            }
            Command::NewGame => {
                self.engine()?.new_game();
                Ok(())
            }
            Command::Position(position) => {
                self.not_searching()?;
                self.position_command(&position)
            }
            Command::Go(go) => {
                self.engine()?;
                self.go(&go)
            }
            Command::Stop => {
                // Without a search, stop does nothing (a race with bestmove
                // is harmless); a fill goes on.
                if self
                    .job
                    .as_ref()
                    .is_some_and(|job| job.kind == JobKind::Search)
                {
                    self.finish_job();
                }
                Ok(())
            }
            Command::Show => {
                let mut text = String::new();
                text.push_str(&format!("info string rules {}\n", self.game.rules()));
                text.push_str(&format!("info string position {}\n", self.game.position()));
                text.push_str(&format!("info string moves {}", self.game.moves().len()));
                send(&self.out, &text);
                Ok(())
            }
            Command::Moves => {
                let mut text = String::from("moves");
                // None once the game is over.
                for &mv in self.game.legal_moves().iter() {
                    text.push(' ');
                    text.push_str(&report::notation(
                        self.game.rules(),
                        self.game.position(),
                        mv,
                    ));
                }
                send(&self.out, &text);
                Ok(())
            }
            Command::Quit => Ok(()),
        }
    }

    fn handshake(&self) {
        let version = env!("CARGO_PKG_VERSION");
        let lines = [
            format!("id name halma {version}"),
            "id author The halma developers".to_owned(),
            format!("id protocol {PROTOCOL_VERSION}"),
            "option name level type spin default 10 min 1 max 10".to_owned(),
            format!(
                "option name hash type spin default {} min 0 max {MAX_HASH_MIB}",
                halma_engine::DEFAULT_HASH_MIB
            ),
            format!("option name threads type spin default 1 min 1 max {MAX_THREADS}"),
            "option name seed type spin default 0 min 0 max 18446744073709551615".to_owned(),
            format!("option name maxplies type spin default 0 min 0 max {MAX_MAX_PLIES}"),
            "option name repetition type check default true".to_owned(),
            format!("option name multipv type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!(
                "option name contempt type spin default {} min 0 max {}",
                Contempt::DEFAULT.units(),
                Contempt::MAX
            ),
            "hepok".to_owned(),
        ];
        send(&self.out, &lines.join("\n"));
    }

    fn set_option(&mut self, option: EngineOption) -> Result<(), String> {
        let engine = self.engine()?;
        match option {
            EngineOption::Level(level) => {
                engine.set_level(Level::new(level.into()).map_err(|e| e.to_string())?)
            }
            EngineOption::Hash(mib) => {
                engine.set_hash(HashSize::new(mib as u64).map_err(|e| e.to_string())?)
            }
            EngineOption::Threads(threads) => {
                engine.set_threads(Threads::new(threads as u64).map_err(|e| e.to_string())?)
            }
            EngineOption::Seed(seed) => engine.set_seed(seed),
            EngineOption::MaxPlies(plies) => {
                let draws = DrawRules {
                    max_plies: (plies > 0).then_some(plies),
                    ..engine.options().draws
                };
                engine.set_draw_rules(draws);
            }
            EngineOption::Repetition(on) => {
                let draws = DrawRules {
                    repetition: on,
                    ..engine.options().draws
                };
                engine.set_draw_rules(draws);
            }
            EngineOption::MultiPv(n) => self.multipv = n,
            EngineOption::Contempt(units) => {
                engine.set_contempt(Contempt::new(units.into()).map_err(|e| e.to_string())?)
            }
        }
        Ok(())
    }

    /// Replaces the game by the one `command` gives, played through
    /// [`Game`]; an error leaves the game as it was.
    fn position_command(&mut self, command: &PositionCommand) -> Result<(), String> {
        let rules = self.game.rules().clone();
        let mut game = match &command.start {
            StartPosition::Start => Game::new(rules),
            StartPosition::Setup { rows, side } => {
                let start = rules
                    .parse_position(&format!("{rows} {side}"))
                    .map_err(|e| format!("position: {e}"))?;
                Game::from_position(rules, start).map_err(|e| format!("position: {e}"))?
            }
        };
        for (i, text) in command.moves.iter().enumerate() {
            game.play_str(text)
                .map_err(|e| format!("position: move {} `{}`: {e}", i + 1, quote(text)))?;
        }
        self.game = game;
        Ok(())
    }

    /// Checks a `go` against the position and starts its search.
    fn go(&mut self, go: &Go) -> Result<(), String> {
        if !halma_rules::THREADS_AVAILABLE {
            // The search runs on a thread of its own while commands are read
            // (std's `thread::spawn` would panic here).
            return Err("go: this platform has no threads, and a search runs on one".to_owned());
        }
        let limits = go.limits(self.game.to_move()).map_err(|e| e.to_string())?;
        let mut searchmoves = Vec::with_capacity(go.searchmoves.len());
        for (i, text) in go.searchmoves.iter().enumerate() {
            let mv = self
                .game
                .rules()
                .parse_move(self.game.position(), text)
                .map_err(|e| format!("go: searchmoves: move {} `{}`: {e}", i + 1, quote(text)))?;
            if searchmoves.contains(&mv) {
                return Err(format!(
                    "go: searchmoves: move {} `{}` repeats an earlier move",
                    i + 1,
                    quote(text)
                ));
            }
            searchmoves.push(mv);
        }
        let options = SearchOptions {
            multipv: self.multipv,
            searchmoves,
            progress_interval: Some(PROGRESS_INTERVAL),
        };
        self.start_search(limits, options);
        Ok(())
    }
}
