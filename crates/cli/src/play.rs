//! `halma play`: a person against the engine in the terminal.

use std::io::{BufRead, IsTerminal, Write};
use std::sync::atomic::AtomicBool;

use clap::Args;
use halma_engine::{game_history, Engine, EngineOptions, Limits, Score};
use halma_rules::{write_record, Game, GameResult, Seat};

use crate::board::draw;
use crate::setup::GameArgs;
use crate::CliError;

/// Arguments of `halma play`.
#[derive(Args)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Engine level, 1 (beginner) to 10 (full strength).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
    /// The seat you play: red, green, blue or yellow (the others are the engine's).
    #[arg(long, default_value = "red")]
    seat: String,
    /// Engine thinking time per move in milliseconds (levels 5-10 also stop at their node budget).
    #[arg(long, default_value_t = 2000)]
    movetime: u64,
    /// Colours: `auto` (when the output is a terminal), `always` or `never`.
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
    color: String,
}

const HELP: &str = "commands: a move (e4-e5, c3-e5-g5, or origin-destination), hint, undo, \
level N, moves, board, record, new, help, quit";

fn parse_seat(text: &str) -> Option<Seat> {
    Seat::ALL.into_iter().find(|s| {
        s.name().eq_ignore_ascii_case(text) || text.len() == 1 && text.starts_with(s.letter())
    })
}

/// Runs the game loop on standard input and output.
pub fn run(args: &PlayArgs) -> Result<(), CliError> {
    let game = args.game.game()?;
    let human = parse_seat(&args.seat).ok_or_else(|| {
        CliError(format!(
            "--seat: `{}` is not red, green, blue or yellow",
            args.seat
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
        human,
        engine: Engine::new(EngineOptions {
            level: args.level,
            ..EngineOptions::default()
        }),
        limits: Limits::movetime(std::time::Duration::from_millis(args.movetime)),
        colour,
    };
    session.play(stdin.lock())
}

struct Session {
    start: Game,
    game: Game,
    human: Seat,
    engine: Engine,
    limits: Limits,
    colour: bool,
}

impl Session {
    fn search(&mut self) -> halma_engine::SearchResult {
        let history = game_history(&self.game);
        let stop = AtomicBool::new(false);
        self.engine.search(
            self.game.rules(),
            self.game.position(),
            &history,
            self.limits,
            &stop,
        )
    }

    fn play(&mut self, mut input: impl BufRead) -> Result<(), CliError> {
        println!(
            "You play {} against the engine at level {}. {HELP}",
            self.human,
            self.engine.options().level
        );
        print!("{}", draw(&self.game, self.colour));
        let mut announced = false;
        loop {
            if self.game.is_over() {
                if !announced {
                    if let GameResult::Won(seat) = self.game.result() {
                        let who = if seat == self.human {
                            "You win"
                        } else {
                            "The engine wins"
                        };
                        println!(
                            "{who}: {seat} has filled its target camp after {} plies.",
                            self.game.moves().len()
                        );
                    }
                    println!("Type `undo`, `new`, `record` or `quit`.");
                    announced = true;
                }
            } else if self.game.to_move() != self.human {
                let result = self.search();
                let text = self.game.move_to_string(result.best_move);
                let seat = self.game.to_move();
                self.game.play(result.best_move)?;
                println!(
                    "{seat} plays {text}   (score {}, depth {})",
                    Score::from_raw(result.score),
                    result.depth
                );
                print!("{}", draw(&self.game, self.colour));
                continue;
            }
            print!("{}> ", self.human.name());
            let _ = std::io::stdout().flush();
            let mut line = String::new();
            if input
                .read_line(&mut line)
                .map_err(|e| CliError(e.to_string()))?
                == 0
            {
                println!();
                return Ok(());
            }
            let line = line.trim();
            let mut words = line.split_whitespace();
            match words.next() {
                None => {}
                Some("quit" | "exit") => return Ok(()),
                Some("help") => println!("{HELP}"),
                Some("board") => print!("{}", draw(&self.game, self.colour)),
                Some("record") => {
                    print!("{}", write_record(&self.game, &[]).expect("no extra tags"))
                }
                Some("moves") => {
                    let texts: Vec<String> = self
                        .game
                        .legal_moves()
                        .iter()
                        .map(|&m| self.game.move_to_string(m))
                        .collect();
                    println!("{} moves: {}", texts.len(), texts.join(" "));
                }
                Some("new") => {
                    self.game = self.start.clone();
                    self.engine.new_game();
                    announced = false;
                    print!("{}", draw(&self.game, self.colour));
                }
                Some("level") => match words.next().and_then(|w| w.parse::<u8>().ok()) {
                    Some(level @ 1..=10) => {
                        self.engine.set_level(level);
                        println!("Level {level}.");
                    }
                    _ => println!("error: level takes a number from 1 to 10"),
                },
                Some("hint") => {
                    if self.game.is_over() {
                        println!("The game is over.");
                    } else {
                        let level = self.engine.options().level;
                        self.engine.set_level(10);
                        let result = self.search();
                        self.engine.set_level(level);
                        println!(
                            "Hint: {}   (score {})",
                            self.game.move_to_string(result.best_move),
                            Score::from_raw(result.score)
                        );
                    }
                }
                Some("undo") => {
                    // Back to the previous position where it was your move.
                    let mut undone = 0;
                    while let Some(_mv) = self.game.undo() {
                        undone += 1;
                        if self.game.to_move() == self.human {
                            break;
                        }
                    }
                    announced = false;
                    if undone == 0 {
                        println!("Nothing to undo.");
                    } else {
                        println!("Took back {undone} plies.");
                        print!("{}", draw(&self.game, self.colour));
                    }
                }
                Some(_) if self.game.is_over() => {
                    println!("The game is over. Type `undo`, `new` or `quit`.")
                }
                Some(_) => match self.game.play_str(line) {
                    Ok(_) => print!("{}", draw(&self.game, self.colour)),
                    Err(e) => println!("error: {e}"),
                },
            }
        }
    }
}
