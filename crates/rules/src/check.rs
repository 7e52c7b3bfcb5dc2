//! The legality contract: whether one move is legal, and if not, why
//! (section 4 of the rule book). Notation, games, the C ABI, the engine and
//! the fuzz targets all ask here.

use halma_core::{Bitboard, Move, MoveGenerator, MoveKind, PathRules, Position, Seat, Square};
use thiserror::Error;

use crate::legal::pass_is_due;
use crate::Rules;

/// Why a move is not legal in a position. `Display` gives the explanation
/// the C ABI returns as the error detail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum IllegalReason {
    /// The game is over: no move can be played.
    #[error("the game is over: no move can be played")]
    GameOver,
    /// A pass while the side to move has another move.
    #[error("pass is only legal when the side to move has no other move")]
    PassNotAllowed,
    /// The origin is outside the board.
    #[error("the origin {0} is off the board")]
    OriginOffBoard(Square),
    /// No piece on the origin.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece on the origin is not the side to move's.
    #[error("{square} holds a piece of {owner}, but {to_move} is to move")]
    NotYourPiece {
        /// The origin.
        square: Square,
        /// Whose piece stands there.
        owner: Seat,
        /// The side to move.
        to_move: Seat,
    },
    /// A legal move joins the two squares, but of another kind.
    #[error("{from}-{to} is a {legal}, not a {played}")]
    WrongKind {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
        /// The kind of the legal move.
        legal: MoveKind,
        /// The kind asked for.
        played: MoveKind,
    },
    /// forced-exit: a forced exit is due and no move of the piece that
    /// begins with a forced segment ends on the destination.
    #[error("a forced exit is due: every move must begin with a forward jump from the home camp over another seat's piece, and none of the piece on {from} ends on {to}")]
    ForcedExitDue {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// home-lock: the destination is in the mover's home camp, the piece
    /// stands outside it, and without home-lock the move would exist.
    #[error("the piece on {from} is outside its home camp and may not come back into it on {to} (home-lock)")]
    EntersHomeCamp {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// jump-continue: jump sequences of the piece reach the destination,
    /// but every one of them could go on from there.
    #[error("every jump sequence of the piece on {from} that reaches {to} could go on from there, which jump-continue forbids")]
    StopsEarly {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// No legal move of the piece ends on the destination.
    #[error("no legal move of the piece on {from} ends on {to}")]
    NoSuchMove {
        /// The origin.
        from: Square,
        /// The destination.
        to: Square,
    },
}

impl Rules {
    /// Whether `mv` is legal in `position`, and if not, why: the one legality
    /// contract (a move is legal exactly when
    /// [`legal_moves`](Rules::legal_moves) holds it). Only the moving piece's
    /// destinations are generated.
    ///
    /// # Errors
    /// The [`IllegalReason`], checked in this order: the game is over, a
    /// pass while another move exists, the origin (off the board, empty,
    /// another seat's piece), then the destination and kind.
    pub fn check_move(&self, position: &Position, mv: Move) -> Result<(), IllegalReason> {
        if self.is_finished(position) {
            return Err(IllegalReason::GameOver);
        }
        let mover = position.to_move();
        // Every move of kind pass is `Move::PASS` (`Move::new` sees to it).
        if mv.kind() == MoveKind::Pass {
            let generator = self.move_generator(position);
            let others = generator.count_moves(position.pieces(mover));
            return if pass_is_due(others as usize) {
                Ok(())
            } else {
                Err(IllegalReason::PassNotAllowed)
            };
        }
        let from = mv.from();
        self.check_origin(position, from)?;
        match self.find_move(position, from, mv.to()) {
            Some(legal) if legal == mv => Ok(()),
            Some(legal) => Err(IllegalReason::WrongKind {
                from,
                to: mv.to(),
                legal: legal.kind(),
                played: mv.kind(),
            }),
            None => Err(self.why_no_move(position, from, mv.to())),
        }
    }

    /// Why no legal move of the piece on `from` ends on `to`: the path rule
    /// that refuses it, when one does.
    fn why_no_move(&self, position: &Position, from: Square, to: Square) -> IllegalReason {
        if self.move_generator(position).forced() {
            return IllegalReason::ForcedExitDue { from, to };
        }
        let rules = self.path_rules(position);
        // The moves of the piece with one path rule fewer.
        let without = |path: PathRules| {
            MoveGenerator::with_path_rules(
                position.geometry().squares(),
                position.occupied(),
                self.constraints(position),
                path,
            )
            .piece_moves(from)
            .destinations()
        };
        if self.home_lock()
            && rules.home_lock.contains(to)
            && !rules.home_lock.contains(from)
            && without({
                let mut rules = rules;
                rules.home_lock = Bitboard::EMPTY;
                rules
            })
            .contains(to)
        {
            return IllegalReason::EntersHomeCamp { from, to };
        }
        if self.jump_continue()
            && without({
                let mut rules = rules;
                rules.jump_continue = false;
                rules
            })
            .contains(to)
        {
            return IllegalReason::StopsEarly { from, to };
        }
        IllegalReason::NoSuchMove { from, to }
    }

    /// Whether `from` holds a piece of the side to move, and if not, why.
    pub(crate) fn check_origin(
        &self,
        position: &Position,
        from: Square,
    ) -> Result<(), IllegalReason> {
        let mover = position.to_move();
        if !position.geometry().contains(from) {
            return Err(IllegalReason::OriginOffBoard(from));
        }
        match position.piece_at(from) {
            None => Err(IllegalReason::NoPiece(from)),
            Some(owner) if owner != mover => Err(IllegalReason::NotYourPiece {
                square: from,
                owner,
                to_move: mover,
            }),
            Some(_) => Ok(()),
        }
    }

    /// The legal move from `from` to `to`, if there is one (at most one
    /// exists: a step lands next to its origin, a jump farther on an empty
    /// square, a swap on an occupied one). Never the pass.
    pub fn find_move(&self, position: &Position, from: Square, to: Square) -> Option<Move> {
        if self.is_finished(position) || !position.pieces(position.to_move()).contains(from) {
            return None;
        }
        let moves = self.move_generator(position).piece_moves(from);
        [
            (moves.steps, MoveKind::Step),
            (moves.jumps, MoveKind::Jump),
            (moves.swaps, MoveKind::Swap),
        ]
        .into_iter()
        .find(|(set, _)| set.contains(to))
        .map(|(_, kind)| Move::new(from, to, kind))
    }
}
