//! Why a piece cannot go to a square: the legality contract's reason for
//! an (origin, destination) pair, for a board that a person clicks.

use halma_rules::{Game, Move, MoveKind, Square};
use wasm_bindgen::prelude::*;

use crate::error::Failure;
use crate::game::GameHandle;

/// The square named `text` ("e12"), which must be on the board of `game`.
pub(crate) fn square_on_board(game: &Game, text: &str) -> Result<Square, Failure> {
    let square: Square = text
        .parse()
        .map_err(|e: halma_rules::ParseSquareError| Failure::invalid(e.to_string()))?;
    let geometry = game.rules().geometry();
    if square.file() >= geometry.width() || square.rank() >= geometry.height() {
        return Err(Failure::invalid(format!(
            "square {square} is off the {}x{} board",
            geometry.width(),
            geometry.height()
        )));
    }
    Ok(square)
}

#[wasm_bindgen(js_class = WasmGame)]
impl GameHandle {
    /// `undefined` when a legal move goes from `from` to `to`; otherwise the
    /// library's reason why none does (the game is over, no piece of the
    /// side to move on `from`, a forced exit due, home-lock,
    /// jump-continue, or no move of that piece ending there). Squares off
    /// the board or malformed are refused.
    #[wasm_bindgen(js_name = illegalReason)]
    pub fn illegal_reason(&self, from: &str, to: &str) -> Result<Option<String>, Failure> {
        let from = square_on_board(&self.game, from)?;
        let to = square_on_board(&self.game, to)?;
        let rules = self.game.rules();
        let position = self.game.position();
        if rules.find_move(position, from, to).is_some() {
            return Ok(None);
        }
        // No legal move joins the squares, so the kind asked for plays no
        // part in the reason: check_move explains the origin or the path rule.
        let asked = Move::new(from, to, MoveKind::Jump);
        Ok(rules
            .check_move(position, asked)
            .err()
            .map(|reason| reason.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::FailureKind;

    #[test]
    fn every_legal_move_has_no_reason_and_other_squares_have_the_librarys() {
        for rules in [
            "halma8",
            "halma4,home-lock",
            "halma10,jump-continue",
            "halma,forced-exit",
        ] {
            let mut game = GameHandle::new(rules, None).expect("valid");
            // A few plies in, so that jumps exist.
            for _ in 0..4 {
                let first = game.legal_moves()[0].clone();
                game.play(&first).expect("legal");
            }
            let legal: Vec<(String, String)> = game
                .legal_moves()
                .iter()
                .map(|text| {
                    let path = game.path(text).expect("legal");
                    (path[0].clone(), path[path.len() - 1].clone())
                })
                .collect();
            let geometry = game.game.rules().geometry();
            let names: Vec<String> = (0..geometry.height())
                .flat_map(|rank| (0..geometry.width()).map(move |file| (file, rank)))
                .map(|(file, rank)| Square::new(file, rank).expect("on the board").to_string())
                .collect();
            // Every piece, of every seat, and a few empty squares as origins.
            let origins = names.iter().filter(|name| {
                game.piece_at(name).expect("on the board").is_some()
                    || ["a1", "c3", "e4"].contains(&name.as_str())
            });
            for from in origins {
                for to in &names {
                    let reason = game.illegal_reason(from, to).expect("on the board");
                    let is_legal = legal.contains(&(from.clone(), to.clone()));
                    assert_eq!(
                        reason.is_none(),
                        is_legal,
                        "{rules}: {from}-{to}: {reason:?}"
                    );
                    if let Some(reason) = reason {
                        let position = game.game.position();
                        let expected = game
                            .game
                            .rules()
                            .check_move(
                                position,
                                Move::new(
                                    from.parse().unwrap(),
                                    to.parse().unwrap(),
                                    MoveKind::Step,
                                ),
                            )
                            .expect_err("illegal");
                        assert_eq!(reason, expected.to_string());
                    }
                }
            }
        }
    }

    #[test]
    fn the_reasons_name_the_rule() {
        let game = GameHandle::new("halma8", None).expect("valid");
        assert_eq!(
            game.illegal_reason("h1", "h2").unwrap().as_deref(),
            Some("h1 holds a piece of Blue, but Red is to move")
        );
        assert_eq!(
            game.illegal_reason("e5", "e4").unwrap().as_deref(),
            Some("there is no piece on e5")
        );
        assert_eq!(
            game.illegal_reason("a5", "e5").unwrap().as_deref(),
            Some("no legal move of the piece on a5 ends on e5")
        );
        assert_eq!(game.illegal_reason("a5", "a4").unwrap(), None);
        for (from, to) in [("a9", "a1"), ("a1", "i1"), ("", "a1"), ("a1", "z")] {
            assert_eq!(
                game.illegal_reason(from, to).err().map(|f| f.kind),
                Some(FailureKind::InvalidArgument),
                "{from} {to}"
            );
        }
    }
}
