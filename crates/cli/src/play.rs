//! `halma play`: a person against the engine in the terminal.

use std::io::{BufRead, IsTerminal, Read};

use halma_protocol::line::{read_line, LineError, MAX_LINE};
use std::sync::atomic::AtomicBool;

use clap::Args;
use halma_engine::{Engine, EngineOptions, Level, Limits, Score};
use halma_rules::{
    quote, read_record, result_text, write_record_ended, ErrorChain, Game, GameResult, Seat,
    Termination, MAX_RECORD_LEN,
};

use crate::board::{draw_for_play, plies_text};
use crate::setup::GameArgs;
use crate::{quote_path, CliError};

/// Arguments of `halma play`.
#[derive(Args)]
#[command(
    after_help = "In the game, type a move (e4-e5, c3-e5-g5) or a command: hint, undo, \
moves, board, level N, record, save PATH, load PATH (game records: docs/game-record.md), \
resign, new, help, quit. Scores are from your side."
)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Engine level, 1 (beginner) to 10 (full strength).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
    /// The seat you play: red, green, blue or yellow (the others are the engine's).
    #[arg(long, default_value = "red")]
    seat: String,
    /// Engine thinking time per move in milliseconds, at least 1 (levels
    /// 5-10 also stop at their node budget).
    #[arg(long, default_value_t = 2000,
          value_parser = clap::value_parser!(u64).range(1..=halma_protocol::command::MAX_MILLIS))]
    movetime: u64,
    /// Colours: `auto` (when the output is a terminal), `always` or `never`.
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
    color: String,
}

const HELP: &str = "\
Commands:
  e4-e5, c3-e5-g5  play a move: a path of squares joined by -, or its origin-destination;
                   pass (only when you have no other move)
  hint             the engine's suggestion for you, with its score
  undo             take back your last move (and the engine's replies after it)
  moves            list your legal moves
  board            draw the board again
  level N          the engine's level, 1 (beginner) to 10 (full strength)
  record           print the game record
  save PATH        write the game record to the file PATH
  load PATH        continue the game of the record in PATH (the current game is kept on error)
  resign           give up: the game is over, you lose (`new` starts another)
  new              start again from the start position
  help             this text
  quit             leave (so does the end of input)
Scores are yours: positive is good for you, cp 10 is about one square ahead in the race;
`win in N plies` or `lose in N plies` when the end is in sight. In three- and four-seat games
only `hint` shows a score (the engine's search scores its own seat, not yours).
The board: r g b y are pieces (Red, Green, Blue, Yellow), . an empty square, : an empty
square of a camp (a seat's home corner, the opposite seat's target), * before the square
the last move left, > before the square it reached.";

/// Largest game record file `load` reads: what the record reader accepts.
const MAX_LOAD_LEN: u64 = MAX_RECORD_LEN as u64;

/// Runs the game loop on standard input and output.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let game = args.game.game()?;
    let human: Seat = args.seat.parse().map_err(|_| {
        CliError(format!(
            "--seat: `{}` is not red, green, blue or yellow",
            quote(&args.seat)
        ))
    })?;
    if !game.rules().seats().contains(human) {
        return Err(CliError(format!(
            "--seat: {human} does not play in {}",
            game.rules()
        )));
    }
    let colour = match args.color.as_str() {
        "always" => true,
        "never" => false,
        _ => std::io::stdout().is_terminal(),
    };
    let stdin = std::io::stdin();
    let mut session = Session {
        start: game.clone(),
        game,
        termination: Termination::Normal,
        human,
        engine: {
            let mut options = EngineOptions::default();
            options.level = Level::new(args.level.into())?;
            Engine::new(options)
        },
        limits: Limits::movetime(std::time::Duration::from_millis(args.movetime)),
        colour,
    };
    session.play(stdin.lock())
}

/// What a line typed by the player asks for.
enum Input<'a> {
    Nothing,
    Quit,
    /// A command word and the rest of the line after it.
    Command(&'a str, &'a str),
    /// Something shaped like a move: squares joined by `-`, or `pass`.
    Move(&'a str),
    /// A move followed by more words.
    MoveAndMore(&'a str),
    /// Neither a command nor shaped like a move.
    Unknown(&'a str),
}

const COMMANDS: [&str; 12] = [
    "help", "board", "record", "moves", "new", "level", "hint", "undo", "save", "load", "resign",
    "exit",
];

fn classify(line: &str) -> Input<'_> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    };
    match word {
        "" => Input::Nothing,
        "quit" | "exit" => Input::Quit,
        _ if COMMANDS.contains(&word) => Input::Command(word, rest),
        _ if word == "pass" || word.contains('-') => {
            if rest.is_empty() {
                Input::Move(word)
            } else {
                Input::MoveAndMore(line)
            }
        }
        _ => Input::Unknown(word),
    }
}

/// A score of the engine's search, from the human's side; `None` when it
/// cannot be said (three or four seats, for the engine's own moves).
fn score_for_human(score: Score, scored_seat: Seat, human: Seat, seats: usize) -> Option<String> {
    let score = if scored_seat == human {
        score
    } else if seats == 2 {
        // Two seats: the game is zero-sum, so the engine's score negated is ours.
        -score
    } else {
        return None;
    };
    Some(match score {
        Score::Win(n) => format!("your score: win in {}", plies_text(n as usize)),
        Score::Loss(n) => format!("your score: lose in {}", plies_text(n as usize)),
        Score::Units(n) => format!("your score: cp {n:+}"),
    })
}

struct Session {
    /// Where `new` starts again.
    start: Game,
    game: Game,
    /// How the game ended when the board does not say: a resignation, or
    /// what a loaded record states.
    termination: Termination,
    human: Seat,
    engine: Engine,
    limits: Limits,
    colour: bool,
}

impl Session {
    /// The engine's move and its score in the current position, which is
    /// not over.
    fn search(&mut self) -> Result<(halma_rules::Move, halma_engine::SearchResult), CliError> {
        let stop = AtomicBool::new(false);
        let result = self
            .engine
            .search(&self.game, self.limits, &stop)
            .map_err(|e| CliError(format!("the engine refused its limits: {e}")))?;
        let mv = result
            .best_move
            .ok_or_else(|| CliError("the engine found no move: the game is over".to_owned()))?;
        Ok((mv, result))
    }

    fn is_over(&self) -> bool {
        self.game.is_over() || self.termination != Termination::Normal
    }

    fn show(&self) {
        out!("{}", draw_for_play(&self.game, self.colour));
    }

    /// How the game ended, in a sentence.
    fn ending(&self) -> String {
        let plies = plies_text(self.game.moves().len());
        match (&self.termination, self.game.result()) {
            (Termination::Normal, GameResult::Won(seat)) => {
                let who = if seat == self.human {
                    "You win"
                } else {
                    "The engine wins"
                };
                format!("{who}: {seat} has filled its target camp after {plies}.")
            }
            (Termination::Resignation { loser }, _) if *loser == self.human => {
                format!("You resigned after {plies}: {}.", self.outcome())
            }
            (termination, _) => format!(
                "The game ended by {} after {plies}: {}.",
                termination.tag_value(),
                self.outcome()
            ),
        }
    }

    /// The record's result in words: `Blue wins`, `Red loses`, `a draw`.
    fn outcome(&self) -> String {
        let result = result_text(&self.game, &self.termination);
        match result.as_str() {
            "Draw" => "a draw".to_owned(),
            "*" => "unfinished".to_owned(),
            _ if result.ends_with(" loses") => result,
            _ => format!("{result} wins"),
        }
    }

    fn record(&self) -> Result<String, CliError> {
        let level = format!("halma level {}", self.engine.options().level);
        Ok(write_record_ended(
            &self.game,
            &self.termination,
            &[("Human", self.human.name()), ("Engine", &level)],
        )?)
    }

    fn save(&self, path: &str) -> Result<String, String> {
        if path.is_empty() {
            return Err("save needs a file name: save PATH".to_owned());
        }
        let record = self.record().map_err(|e| e.0)?;
        std::fs::write(path, record)
            .map_err(|e| format!("cannot write `{}`: {e}", quote_path(path)))?;
        Ok(format!(
            "Saved the game ({}) to `{}`.",
            plies_text(self.game.moves().len()),
            quote_path(path)
        ))
    }

    /// Reads the record in `path` and makes its game the current one; on any
    /// error the current game stays.
    fn load(&mut self, path: &str) -> Result<String, String> {
        if path.is_empty() {
            return Err("load needs a file name: load PATH".to_owned());
        }
        let quoted = quote_path(path);
        let cannot = |e: std::io::Error| format!("cannot read `{quoted}`: {e}");
        let file = std::fs::File::open(path).map_err(cannot)?;
        let mut text = String::new();
        // One byte past the limit, so that the reader reports a file too large.
        file.take(MAX_LOAD_LEN + 1)
            .read_to_string(&mut text)
            .map_err(cannot)?;
        let record = read_record(&text).map_err(|e| format!("`{quoted}`: {}", ErrorChain(&e)))?;
        let rules = record.game.rules().clone();
        if !rules.seats().contains(self.human) {
            return Err(format!(
                "`{quoted}`: you play {}, who has no seat in {rules}",
                self.human
            ));
        }
        self.start = Game::from_position(rules, record.game.start_position().clone())
            .map_err(|e| format!("`{quoted}`: {e}"))?;
        self.game = record.game;
        self.termination = record.termination;
        self.engine.new_game();
        Ok(format!(
            "Loaded `{quoted}`: {} played.",
            plies_text(self.game.moves().len())
        ))
    }

    fn play(&mut self, mut input: impl BufRead) -> Result<(), CliError> {
        outln!(
            "You play {} against the engine at level {} ({}).",
            self.human,
            self.engine.options().level,
            self.game.rules()
        );
        outln!("{HELP}");
        self.show();
        let mut announced = false;
        let mut buffer = Vec::new();
        loop {
            if self.is_over() {
                if !announced {
                    outln!("{}", self.ending());
                    if self.termination == Termination::Normal {
                        outln!("Type `undo`, `new`, `save PATH`, `record` or `quit`.");
                    } else {
                        outln!("Type `new`, `load PATH`, `save PATH`, `record` or `quit`.");
                    }
                    announced = true;
                }
            } else if self.game.to_move() != self.human {
                let (mv, result) = self.search()?;
                let text = self.game.move_to_string(mv)?;
                let seat = self.game.to_move();
                self.game.play(mv).map_err(|e| ErrorChain(&e).to_string())?;
                let seats = self.game.rules().seats().len();
                match score_for_human(result.score, seat, self.human, seats) {
                    Some(score) => {
                        outln!("{seat} plays {text}   ({score}, depth {})", result.depth)
                    }
                    None => outln!("{seat} plays {text}   (depth {})", result.depth),
                }
                self.show();
                continue;
            }
            out!("{}> ", self.human.name());
            crate::output::flush();
            let line = match read_line(&mut input, &mut buffer, MAX_LINE) {
                Ok(true) => std::str::from_utf8(&buffer),
                Ok(false) => {
                    outln!();
                    return Ok(());
                }
                Err(LineError::TooLong) => {
                    outln!("error: the line is longer than {MAX_LINE} bytes: type one move or command per line");
                    continue;
                }
                Err(LineError::Io(e)) => return Err(CliError(format!("reading the input: {e}"))),
            };
            // The game goes on after a bad line, as after any other mistake.
            let Ok(line) = line else {
                outln!("error: the line is not UTF-8 text");
                continue;
            };
            match classify(line) {
                Input::Nothing => {}
                Input::Quit => return Ok(()),
                Input::Unknown(word) => {
                    outln!("unknown command `{}` (type help)", quote(word))
                }
                Input::MoveAndMore(text) => {
                    outln!(
                        "error: `{}`: type one move per line, with no spaces in it",
                        quote(text)
                    )
                }
                Input::Move(_) | Input::Command("undo" | "hint", _)
                    if self.termination != Termination::Normal =>
                {
                    outln!("The game is over. Type `new` or `load PATH` to play another.")
                }
                Input::Move(_) if self.game.is_over() => {
                    outln!("The game is over. Type `undo`, `new` or `quit`.")
                }
                Input::Move(text) => match self.game.play_str(text) {
                    Ok(_) => self.show(),
                    Err(e) => outln!("error: {e}"),
                },
                Input::Command(word, rest) => {
                    if self.command(word, rest) {
                        announced = false;
                    }
                }
            }
        }
    }

    /// Runs a command; true when the game changed so that its end (if any)
    /// must be announced again.
    fn command(&mut self, word: &str, rest: &str) -> bool {
        match word {
            "help" => outln!("{HELP}"),
            "board" => self.show(),
            "record" => match self.record() {
                Ok(record) => out!("{record}"),
                Err(e) => outln!("error: {}", e.0),
            },
            "save" => match self.save(rest) {
                Ok(message) => outln!("{message}"),
                Err(e) => outln!("error: {e}"),
            },
            "load" => match self.load(rest) {
                Ok(message) => {
                    outln!("{message}");
                    self.show();
                    return true;
                }
                Err(e) => outln!("error: {e} (the current game goes on)"),
            },
            "moves" => {
                let texts: Result<Vec<String>, _> = self
                    .game
                    .legal_moves()
                    .iter()
                    .map(|&m| self.game.move_to_string(m))
                    .collect();
                match texts {
                    Ok(texts) => {
                        let noun = if texts.len() == 1 { "move" } else { "moves" };
                        outln!("{} {noun}: {}", texts.len(), texts.join(" "));
                    }
                    Err(e) => outln!("error: {e}"),
                }
            }
            "new" => {
                self.game = self.start.clone();
                self.termination = Termination::Normal;
                self.engine.new_game();
                self.show();
                return true;
            }
            "resign" => {
                if self.is_over() {
                    outln!("The game is already over. Type `new` to play another.");
                } else {
                    self.termination = Termination::Resignation { loser: self.human };
                    return true;
                }
            }
            "level" => match rest.parse::<u64>().map(Level::new) {
                Ok(Ok(level)) => {
                    self.engine.set_level(level);
                    outln!("Level {level}.");
                }
                _ => outln!("error: level takes a number from 1 to 10"),
            },
            "hint" => {
                if self.game.is_over() {
                    outln!("The game is over.");
                } else {
                    let level = self.engine.options().level;
                    self.engine.set_level(Level::MAX);
                    let searched = self.search();
                    self.engine.set_level(level);
                    match searched {
                        Ok((mv, result)) => {
                            let seats = self.game.rules().seats().len();
                            let score = score_for_human(
                                result.score,
                                self.game.to_move(),
                                self.human,
                                seats,
                            )
                            .unwrap_or_default();
                            match self.game.move_to_string(mv) {
                                Ok(text) => outln!("Hint: {text}   ({score})"),
                                Err(e) => outln!("error: {e}"),
                            }
                        }
                        Err(error) => outln!("error: {}", error.0),
                    }
                }
            }
            "undo" => {
                // Back to the previous position where it was your move.
                let mut undone = 0;
                while let Some(_mv) = self.game.undo() {
                    undone += 1;
                    if self.game.to_move() == self.human {
                        break;
                    }
                }
                if undone == 0 {
                    outln!("Nothing to undo.");
                } else {
                    outln!("Took back {}.", plies_text(undone));
                    self.show();
                    return true;
                }
            }
            _ => outln!("unknown command `{}` (type help)", quote(word)),
        }
        false
    }
}
