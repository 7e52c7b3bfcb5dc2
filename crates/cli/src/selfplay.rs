//! `halma selfplay`: the engine plays a whole game against itself, shown
//! move by move, ending with the result and the game record.

use std::collections::HashMap;
use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;

use clap::Args;
use halma_engine::{game_history, Engine, Score};
use halma_rules::{write_record, GameResult};

use crate::board::draw;
use crate::players::engine_settings;
use crate::setup::GameArgs;
use crate::CliError;

/// Arguments of `halma selfplay`.
#[derive(Args)]
pub struct SelfplayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Engine settings for every seat: `level=N,nodes=N,depth=N,movetime=MS,hash=MiB,threads=N,seed=N`.
    #[arg(long, default_value = "nodes=30000")]
    engine: String,
    /// Stop (a draw) after this many plies.
    #[arg(long, default_value_t = 1000)]
    max_plies: usize,
    /// Draw the board after every move (not only at the end).
    #[arg(long)]
    board: bool,
    /// Colours: `auto` (when the output is a terminal), `always` or `never`.
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
    color: String,
}

/// Plays the game, printing each move, then the board, the result and the record.
pub fn run(args: &SelfplayArgs) -> Result<(), CliError> {
    let mut game = args.game.game()?;
    let (options, limits) =
        engine_settings(&args.engine).map_err(|e| CliError(format!("--engine: {}", e.0)))?;
    let colour = match args.color.as_str() {
        "always" => true,
        "never" => false,
        _ => std::io::stdout().is_terminal(),
    };
    let mut engine = Engine::new(options);
    let stop = AtomicBool::new(false);
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let mut draw_reason = None;
    while !game.is_over() {
        if game.moves().len() >= args.max_plies {
            draw_reason = Some(format!("draw: {} plies played", args.max_plies));
            break;
        }
        let history = game_history(&game);
        let result = engine.search(game.rules(), game.position(), &history, limits, &stop);
        let text = game.move_to_string(result.best_move);
        let seat = game.to_move();
        println!(
            "{:>4}. {:<6} {:<24} score {:<10} depth {:>2} nodes {:>8} {:>5} ms",
            game.moves().len() + 1,
            seat.name(),
            text,
            Score::from_raw(result.score).to_string(),
            result.depth,
            result.nodes,
            result.elapsed.as_millis()
        );
        game.play(result.best_move)?;
        if args.board {
            print!("{}", draw(&game, colour));
        }
        let count = seen.entry(game.position().hash()).or_default();
        *count += 1;
        if *count >= 3 {
            draw_reason = Some("draw: a position occurred three times".to_owned());
            break;
        }
    }
    print!("{}", draw(&game, colour));
    match game.result() {
        GameResult::Won(seat) => println!("Result: {seat} wins after {} plies", game.moves().len()),
        GameResult::Ongoing => println!("Result: {}", draw_reason.unwrap_or_default()),
    }
    println!();
    print!(
        "{}",
        write_record(&game, &[("Engine", &format!("halma {}", args.engine))])
            .expect("a fixed, valid tag name")
    );
    Ok(())
}
