//! Start positions, position checks, legal moves, passes and the winner
//! (sections 4 and 5 of the rule book).

use halma_core::{
    Bitboard, Constraints, Move, MoveGenerator, MoveKind, MoveList, ParseSetupError,
    PieceMovesIter, Position, Seat, Setup,
};
use thiserror::Error;

use crate::variant::{Rules, Spoil};

/// Why a position string or setup is not a position under some rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The string itself is malformed.
    #[error(transparent)]
    Syntax(#[from] ParseSetupError),
    /// The board size is not the preset's.
    #[error("the board is {width}x{height}, but {rules} is played on {expected}x{expected}")]
    Size {
        /// Width read.
        width: u8,
        /// Height read.
        height: u8,
        /// The preset's side length.
        expected: u8,
        /// The rules string.
        rules: String,
    },
    /// A piece of a seat that is not in play.
    #[error("`{letter}` ({seat}) is not a seat in play under {rules}")]
    SeatNotInPlay {
        /// The seat.
        seat: Seat,
        /// Its letter.
        letter: char,
        /// The rules string.
        rules: String,
    },
    /// A seat with the wrong number of pieces.
    #[error("{seat} has {found} pieces, but {rules} gives every seat {expected}")]
    PieceCount {
        /// The seat.
        seat: Seat,
        /// Pieces found.
        found: u32,
        /// The camp size.
        expected: u8,
        /// The rules string.
        rules: String,
    },
    /// The side to move is not in play.
    #[error("the side to move `{letter}` ({seat}) is not a seat in play under {rules}")]
    SideNotInPlay {
        /// The seat.
        seat: Seat,
        /// Its letter.
        letter: char,
        /// The rules string.
        rules: String,
    },
}

impl Rules {
    /// The preset's start position: every seat in play fills its home camp; Red moves.
    pub fn start_position(&self) -> Position {
        let mut pieces = [Bitboard::EMPTY; 4];
        for seat in self.seats().iter() {
            pieces[seat.index()] = self.home_camp(seat);
        }
        let setup = Setup::new(self.geometry(), pieces, Seat::Red);
        Position::from_setup(&setup, self.seats()).expect("start positions are valid")
    }

    /// The position a setup describes, checked against these rules (section 6).
    pub fn position(&self, setup: &Setup) -> Result<Position, PositionError> {
        let geometry = setup.geometry();
        let expected = self.geometry().width();
        if geometry.width() != expected || geometry.height() != self.geometry().height() {
            return Err(PositionError::Size {
                width: geometry.width(),
                height: geometry.height(),
                expected,
                rules: self.to_string(),
            });
        }
        for seat in Seat::ALL {
            let found = setup.pieces(seat).count();
            if !self.seats().contains(seat) {
                if found > 0 {
                    return Err(PositionError::SeatNotInPlay {
                        seat,
                        letter: seat.letter(),
                        rules: self.to_string(),
                    });
                }
            } else if found != self.camp_size() as u32 {
                return Err(PositionError::PieceCount {
                    seat,
                    found,
                    expected: self.camp_size(),
                    rules: self.to_string(),
                });
            }
        }
        if !self.seats().contains(setup.to_move()) {
            return Err(PositionError::SideNotInPlay {
                seat: setup.to_move(),
                letter: setup.to_move().letter(),
                rules: self.to_string(),
            });
        }
        Ok(Position::from_setup(setup, self.seats())
            .expect("size, seats and side checked; a parsed setup never overlaps"))
    }

    /// Reads a position string and checks it against these rules.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        self.position(&text.parse::<Setup>()?)
    }

    /// What the side to move may do beyond plain moves: long jumps, the
    /// camp-lock set, and swap targets when spoil=swap is in force for it.
    #[inline]
    pub fn constraints(&self, position: &Position) -> Constraints {
        let mover = position.to_move();
        let target = self.target_camp(mover);
        let lock = if self.camp_lock() {
            target
        } else {
            Bitboard::EMPTY
        };
        let (swap_onto, swap_from) = if self.spoil() == Spoil::Swap {
            let foreign = target - position.pieces(mover);
            if target.is_subset(position.occupied()) && !foreign.is_empty() {
                (foreign, self.geometry().squares() - target)
            } else {
                (Bitboard::EMPTY, Bitboard::EMPTY)
            }
        } else {
            (Bitboard::EMPTY, Bitboard::EMPTY)
        };
        Constraints {
            long_jumps: self.long_jumps(),
            lock,
            swap_onto,
            swap_from,
        }
    }

    /// A move generator for the side to move.
    #[inline]
    pub fn move_generator(&self, position: &Position) -> MoveGenerator {
        position.move_generator(self.constraints(position))
    }

    /// Whether `seat` meets its winning condition (section 5).
    #[inline]
    pub fn meets_goal(&self, position: &Position, seat: Seat) -> bool {
        let target = self.target_camp(seat);
        match self.spoil() {
            Spoil::None | Spoil::Swap => target.is_subset(position.pieces(seat)),
            Spoil::Fill => {
                target.is_subset(position.occupied())
                    && !(target & position.pieces(seat)).is_empty()
            }
        }
    }

    /// The winner, if the game is over: the first seat meeting its winning
    /// condition in turn order, starting from the seat that moved last.
    pub fn winner(&self, position: &Position) -> Option<Seat> {
        self.seats()
            .starting_from(position.last_mover())
            .find(|&seat| self.meets_goal(position, seat))
    }

    /// Whether some seat meets its winning condition (the game is over).
    #[inline]
    pub fn is_finished(&self, position: &Position) -> bool {
        self.seats()
            .iter()
            .any(|seat| self.meets_goal(position, seat))
    }

    /// The pieces of the side to move with their destinations (no allocation).
    /// Empty for a finished game; a pass is due when every piece has no move.
    pub fn piece_moves<'a>(
        &self,
        position: &Position,
        generator: &'a MoveGenerator,
    ) -> PieceMovesIter<'a> {
        let pieces = if self.is_finished(position) {
            Bitboard::EMPTY
        } else {
            position.pieces(position.to_move())
        };
        PieceMovesIter::new(generator, pieces)
    }

    /// Every legal move (section 4): none when the game is over, `[pass]`
    /// when the side to move has no other move. Ordered by origin, then kind,
    /// then destination, with squares in row-major order.
    pub fn legal_moves(&self, position: &Position) -> MoveList {
        let mut list = MoveList::new();
        if self.is_finished(position) {
            return list;
        }
        position.moves_into(&self.move_generator(position), &mut list);
        if list.is_empty() {
            list.push(Move::PASS);
        }
        list.sort_by_key(|m| (m.from(), m.kind() as u8, m.to()));
        list
    }

    /// Whether `mv` is a legal move in `position`: exactly when
    /// [`legal_moves`](Rules::legal_moves) holds it, but only the moving
    /// piece's destinations are generated (playing a move is not a sort of
    /// every move).
    pub fn is_legal(&self, position: &Position, mv: Move) -> bool {
        if self.is_finished(position) {
            return false;
        }
        let pieces = position.pieces(position.to_move());
        let generator = self.move_generator(position);
        if mv.kind() == MoveKind::Pass {
            return mv == Move::PASS && generator.count_moves(pieces) == 0;
        }
        if !pieces.contains(mv.from()) {
            return false;
        }
        let moves = generator.piece_moves(mv.from());
        let destinations = match mv.kind() {
            MoveKind::Step => moves.steps,
            MoveKind::Jump => moves.jumps,
            MoveKind::Swap => moves.swaps,
            MoveKind::Pass => return false,
        };
        destinations.contains(mv.to())
    }
}
