//! `halma show`: the board drawn in the terminal.

use std::io::IsTerminal;

use clap::Args;
use halma_rules::{Game, GameResult, Position, Rules, Seat, Square};

use crate::setup::GameArgs;
use crate::CliError;

/// Arguments of `halma show`.
#[derive(Args)]
pub struct ShowArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Colours: `auto` (when the output is a terminal), `always` or `never`.
    #[arg(long, default_value = "auto", value_parser = ["auto", "always", "never"])]
    color: String,
}

/// Prints the board, the side to move, the result and the position string.
pub fn run(args: &ShowArgs) -> Result<(), CliError> {
    let game = args.game.game()?;
    let colour = match args.color.as_str() {
        "always" => true,
        "never" => false,
        _ => std::io::stdout().is_terminal(),
    };
    print!("{}", draw(&game, colour));
    Ok(())
}

fn seat_colour(seat: Seat) -> &'static str {
    match seat {
        Seat::Red => "\x1b[1;31m",
        Seat::Green => "\x1b[1;32m",
        Seat::Blue => "\x1b[1;34m",
        Seat::Yellow => "\x1b[1;33m",
    }
}

/// The board as text: rank numbers on the left, file letters below, one
/// letter per piece (coloured when `colour`), `.` for empty squares and `:`
/// for empty camp squares.
pub fn draw(game: &Game, colour: bool) -> String {
    let rules = game.rules();
    let position = game.position();
    let mut out = board_text(rules, position, colour);
    let status = match game.result() {
        GameResult::Ongoing => format!("{} to move", position.to_move()),
        GameResult::Won(seat) => format!("{seat} has won"),
    };
    out.push_str(&format!("{status}\n{position}\n"));
    out
}

fn board_text(rules: &Rules, position: &Position, colour: bool) -> String {
    let geometry = rules.geometry();
    let camps = rules
        .seats()
        .iter()
        .fold(halma_rules::Bitboard::EMPTY, |all, s| {
            all | rules.home_camp(s)
        });
    let mut out = String::new();
    for rank in (0..geometry.height()).rev() {
        out.push_str(&format!("{:>2} ", rank + 1));
        for file in 0..geometry.width() {
            let square = Square::new(file, rank).expect("on the board");
            let cell = match position.piece_at(square) {
                Some(seat) if colour => format!("{}{}\x1b[0m", seat_colour(seat), seat.letter()),
                Some(seat) => seat.letter().to_string(),
                None if camps.contains(square) => ":".to_owned(),
                None => ".".to_owned(),
            };
            out.push(' ');
            out.push_str(&cell);
        }
        out.push('\n');
    }
    out.push_str("   ");
    for file in 0..geometry.width() {
        out.push(' ');
        out.push((b'a' + file) as char);
    }
    out.push('\n');
    out
}
