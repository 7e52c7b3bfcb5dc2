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
    out!("{}", draw(&game, colour));
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
/// for empty camp squares; then the status and the position string.
pub fn draw(game: &Game, colour: bool) -> String {
    let mut out = board_text(game.rules(), game.position(), None, colour);
    push_status(game, &mut out);
    out
}

/// As [`draw`] for a person playing: the last move marked (`*` before the
/// square it left, `>` before the square it reached; highlighted as well in
/// colour) and a one-line legend under the board.
pub fn draw_for_play(game: &Game, colour: bool) -> String {
    let last = game
        .moves()
        .last()
        .filter(|mv| !mv.is_pass())
        .map(|mv| (mv.from(), mv.to()));
    let mut out = board_text(game.rules(), game.position(), last, colour);
    out.push_str(&legend(game.rules()));
    out.push('\n');
    push_status(game, &mut out);
    out
}

/// One line naming every symbol of [`draw_for_play`].
pub fn legend(rules: &Rules) -> String {
    let pieces: Vec<String> = rules
        .seats()
        .iter()
        .map(|s| format!("{} {}", s.letter(), s.name()))
        .collect();
    format!(
        "    {} | . empty | : empty camp square | * last move's origin, > its destination",
        pieces.join(", ")
    )
}

fn push_status(game: &Game, out: &mut String) {
    let position = game.position();
    let status = match game.result() {
        GameResult::Ongoing => format!("{} to move", position.to_move()),
        GameResult::Won(seat) => format!("{seat} has won"),
    };
    out.push_str(&format!("{status}\n{position}\n"));
}

/// `1 ply`, `2 plies`.
pub fn plies_text(count: usize) -> String {
    if count == 1 {
        "1 ply".to_owned()
    } else {
        format!("{count} plies")
    }
}

/// The board; `last` marks the origin and destination of the last move in
/// the space before each square, so the columns stay aligned.
fn board_text(
    rules: &Rules,
    position: &Position,
    last: Option<(Square, Square)>,
    colour: bool,
) -> String {
    const HIGHLIGHT: &str = "\x1b[7m";
    const RESET: &str = "\x1b[0m";
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
            let symbol = match position.piece_at(square) {
                Some(seat) => seat.letter(),
                None if camps.contains(square) => ':',
                None => '.',
            };
            let marker = match last {
                Some((from, _)) if from == square => Some('*'),
                Some((_, to)) if to == square => Some('>'),
                _ => None,
            };
            out.push(marker.unwrap_or(' '));
            match (colour, position.piece_at(square)) {
                (true, _) if marker.is_some() => {
                    let tint = position.piece_at(square).map_or("", seat_colour);
                    out.push_str(&format!("{tint}{HIGHLIGHT}{symbol}{RESET}"));
                }
                (true, Some(seat)) => {
                    out.push_str(&format!("{}{symbol}{RESET}", seat_colour(seat)))
                }
                _ => out.push(symbol),
            }
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
