//! `halma selfplay`: the engine plays a whole game against itself, shown
//! move by move, ending with the result and the game record.

use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;

use clap::Args;
use halma_engine::Engine;
use halma_rules::{write_record_ended, DrawReason, GameResult, Termination};
use halma_tools::adjudication::{self, REPETITION_DRAW};

use crate::board::{draw, plies_text};
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
    /// Stop after this many plies: a draw (`[Termination "ply limit"]` in the record).
    /// 1 to 100000, the longest game kept.
    #[arg(long, default_value_t = 1000, value_parser = crate::matches::max_plies_parser())]
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
    let mut termination = Termination::Normal;
    while !game.is_over() {
        if let Some(reason) = adjudication::draw(&game, args.max_plies, REPETITION_DRAW) {
            termination = Termination::Draw(reason);
            break;
        }
        let result = engine
            .search(&game, limits, &stop)
            .map_err(|e| CliError(format!("--engine: {e}")))?;
        let Some(mv) = result.best_move else { break };
        let text = game.move_to_string(mv)?;
        let seat = game.to_move();
        outln!(
            "{:>4}. {:<6} {:<24} score {:<10} depth {:>2} nodes {:>8} {:>5} ms",
            game.moves().len() + 1,
            seat.name(),
            text,
            result.score.to_string(),
            result.depth,
            result.nodes,
            result.elapsed.as_millis()
        );
        game.play(mv)
            .map_err(|e| halma_rules::ErrorChain(&e).to_string())?;
        if args.board {
            out!("{}", draw(&game, colour));
        }
    }
    out!("{}", draw(&game, colour));
    let plies = game.moves().len();
    match (game.result(), &termination) {
        (GameResult::Won(seat), _) => outln!("Result: {seat} wins after {}", plies_text(plies)),
        (_, Termination::Draw(DrawReason::PlyLimit)) => {
            outln!(
                "Result: a draw at the ply limit, after {}",
                plies_text(plies)
            )
        }
        (_, Termination::Draw(DrawReason::Repetition)) => outln!(
            "Result: a draw by repetition (a position occurred {REPETITION_DRAW} times), after {}",
            plies_text(plies)
        ),
        _ => outln!("Result: unfinished after {}", plies_text(plies)),
    }
    outln!();
    // The adjudicator counts positions as the record writer checks them, so
    // a repetition draw always writes a record that reads back.
    let record = write_record_ended(
        &game,
        &termination,
        &[("Engine", &format!("halma {}", args.engine))],
    )?;
    out!("{record}");
    Ok(())
}
