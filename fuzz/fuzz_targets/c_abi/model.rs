//! What the documentation says the ABI answers, from the Rust API: the
//! outputs as the ABI writes them, and the codes of moves given as records
//! or text.

use ::halma_rules::{Game, IllegalReason, Move, MoveError, MoveKind, Seat, Square};
use halma_ffi::halma_move;

use super::Code;

pub(super) fn text_vec(text: &str) -> Vec<u8> {
    text.as_bytes().to_vec()
}

pub(super) fn moves_vec(moves: &[Move]) -> Vec<halma_move> {
    moves.iter().map(|&mv| halma_move::from(mv)).collect()
}

pub(super) fn seat_value(seat: Option<Seat>) -> u32 {
    seat.map_or(255, |s| s.index() as u32)
}

/// The code the ABI gives for a move record in a game, as documented.
pub(super) fn model_play(game: &Game, record: &halma_move) -> Result<Move, Code> {
    let mv = match record.kind {
        0..=2 => {
            let square = |index: u16| Square::from_index(index.into()).ok_or(Code::InvalidArgument);
            let kind = [MoveKind::Step, MoveKind::Jump, MoveKind::Swap][record.kind as usize];
            Move::new(square(record.origin)?, square(record.destination)?, kind)
        }
        3 => Move::PASS,
        _ => return Err(Code::InvalidArgument),
    };
    if game.is_over() {
        return Err(Code::GameOver);
    }
    if !game.legal_moves().contains(&mv) {
        return Err(Code::IllegalMove);
    }
    Ok(mv)
}

/// The code of a move text in a game.
pub(super) fn model_text(game: &Game, text: &str) -> Result<Move, Code> {
    game.rules()
        .parse_move(game.position(), text)
        .map_err(|error| match error {
            MoveError::Illegal(IllegalReason::GameOver) => Code::GameOver,
            _ => Code::IllegalMove,
        })
}
