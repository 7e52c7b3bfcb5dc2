//! Start positions, position checks, legal moves, passes and the winner
//! (sections 4 and 5 of the rule book).

use std::iter;

use halma_core::{
    Bitboard, Constraints, DirectionSet, Move, MoveGenerator, MoveList, ParseSetupError, PathRules,
    PieceMovesIter, Position, Seat, SeatSet, Setup, SetupError,
};
use thiserror::Error;

use crate::options::Spoil;
use crate::variant::Rules;

/// Why a position string, setup or position is not a position under some rules.
///
/// The one position error of the API: the checks of `halma-core` (pieces off
/// the board or on one square, pieces or the side to move of a seat not in
/// play) arrive as [`PositionError::Board`], the core's [`SetupError`]
/// itself; the variants here are what only the rules know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum PositionError {
    /// The string itself is malformed.
    #[error(transparent)]
    Syntax(#[from] ParseSetupError),
    /// The pieces do not form a position of the rules' seats on the board:
    /// off the board, two on one square, or pieces (or the side to move) of
    /// a seat not in play.
    #[error(transparent)]
    Board(#[from] SetupError),
    /// A position whose seats in play are not the rules' (a [`Position`] built
    /// with another seat set, given to [`Game::from_position`](crate::Game::from_position)).
    #[error("the position has {found:?} in play, but {rules} plays {expected:?}")]
    SeatsInPlay {
        /// The position's seats.
        found: SeatSet,
        /// The rules' seats.
        expected: SeatSet,
        /// The rules string.
        rules: String,
    },
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
    /// A seat in play with the wrong number of pieces.
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
        // Overlapping pieces, pieces outside the board of a setup built in
        // code, and pieces or the side to move of seats not in play: the
        // core's checks.
        let position = Position::from_setup(setup, self.seats())?;
        for seat in self.seats().iter() {
            let found = position.pieces(seat).count();
            if found != self.camp_size() as u32 {
                return Err(PositionError::PieceCount {
                    seat,
                    found,
                    expected: self.camp_size(),
                    rules: self.to_string(),
                });
            }
        }
        Ok(position)
    }

    /// Checks a position built elsewhere (say with [`Position::from_setup`])
    /// against these rules: what [`position`](Rules::position) checks, and
    /// that its seats in play are the rules'.
    pub fn check_position(&self, position: &Position) -> Result<(), PositionError> {
        self.position(&position.to_setup())?;
        if position.seats() != self.seats() {
            return Err(PositionError::SeatsInPlay {
                found: position.seats(),
                expected: self.seats(),
                rules: self.to_string(),
            });
        }
        Ok(())
    }

    /// Reads a position string and checks it against these rules.
    pub fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        self.position(&text.parse::<Setup>()?)
    }

    /// What the side to move may do beyond plain moves: long jumps, the
    /// camp-lock set, and swap targets when spoil=swap is in force for it.
    /// Home-lock, forced-exit and jump-continue are [`path_rules`](Self::path_rules).
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
        let mut constraints = Constraints::long_jumps(self.long_jumps());
        constraints.lock = lock;
        constraints.swap_onto = swap_onto;
        constraints.swap_from = swap_from;
        // Perft's shortcuts count without constraints when
        // `has_landing_constraints` says none apply: an option mapped here
        // and not there would be counted as if it were off.
        debug_assert!(
            self.has_landing_constraints()
                || constraints == Constraints::long_jumps(self.long_jumps()),
            "{self}: an option sets constraints that has_landing_constraints does not name"
        );
        constraints
    }

    /// Whether an option in force can give the side to move constraints
    /// beyond long jumps ([`constraints`](Self::constraints): camp-lock,
    /// spoil=swap). When not, perft counts replies straight from
    /// destination sets, with no generator per position; a debug assertion
    /// in `constraints` holds the two together.
    #[inline(always)]
    pub(crate) fn has_landing_constraints(&self) -> bool {
        self.camp_lock() || self.spoil() == Spoil::Swap
    }

    /// Whether home-lock, forced-exit or jump-continue is in force.
    #[inline(always)]
    pub(crate) fn has_path_rules(&self) -> bool {
        let options = self.options();
        options.home_lock || options.forced_exit || options.jump_continue
    }

    /// The home-lock, forced-exit and jump-continue rules for the side to
    /// move (all off when none is in force).
    pub fn path_rules(&self, position: &Position) -> PathRules {
        let mover = position.to_move();
        let home = self.home_camp(mover);
        let mut path = PathRules::default();
        path.jump_continue = self.jump_continue();
        if self.home_lock() {
            path.home_lock = home;
        }
        if self.forced_exit() {
            path.forced_from = home & position.pieces(mover);
            path.forward = DirectionSet::of(&self.forward_directions(mover));
            path.foreign = position.occupied() - position.pieces(mover);
        }
        // The generators without path rules ignore them: an option mapped
        // here and not named by `has_path_rules` would be played as off.
        debug_assert!(
            self.has_path_rules() || path == PathRules::default(),
            "{self}: an option sets path rules that has_path_rules does not name"
        );
        path
    }

    /// A move generator for the side to move.
    #[inline]
    pub fn move_generator(&self, position: &Position) -> MoveGenerator {
        if self.has_path_rules() {
            self.generator_for::<true>(position)
        } else {
            self.generator_for::<false>(position)
        }
    }

    /// [`move_generator`](Self::move_generator) for rules known to have
    /// path rules (`PATH`) or not: what a hot loop that decided once calls.
    #[inline(always)]
    pub(crate) fn generator_for<const PATH: bool>(&self, position: &Position) -> MoveGenerator {
        let constraints = self.constraints(position);
        if PATH {
            self.move_generator_with_path_rules(position, constraints)
        } else {
            position.move_generator(constraints)
        }
    }

    /// The generator of the options that depend on the path, kept out of
    /// line: plain rules never pay for them.
    #[cold]
    #[inline(never)]
    fn move_generator_with_path_rules(
        &self,
        position: &Position,
        constraints: Constraints,
    ) -> MoveGenerator {
        MoveGenerator::with_path_rules(
            position.geometry().squares(),
            position.occupied(),
            constraints,
            self.path_rules(position),
        )
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
    /// Empty for a finished game; a pass is due when every piece has no move
    /// (see [`legal_moves_into`](Rules::legal_moves_into), which adds it).
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

    /// Every legal move (section 4), appended to `out` in generation order
    /// (by origin in bitboard order, then steps, jumps, swaps; deterministic,
    /// not row-major): none when the game is over, the single [`Move::PASS`]
    /// when the side to move has no other move. Allocates nothing itself.
    pub fn legal_moves_into(&self, position: &Position, out: &mut impl Extend<Move>) {
        if self.is_finished(position) {
            return;
        }
        self.moves_with(position, &self.move_generator(position), out);
    }

    /// The number of legal moves: 0 when the game is over, 1 for the pass.
    /// Counted without listing them.
    pub fn legal_move_count(&self, position: &Position) -> usize {
        if self.is_finished(position) {
            return 0;
        }
        let generator = self.move_generator(position);
        self.count_with(position, &generator) as usize
    }

    /// Every legal move (section 4): none when the game is over, `[pass]`
    /// when the side to move has no other move. Ordered by origin, then kind,
    /// then destination, with squares in row-major order (sorted: for
    /// generation order without the sort use
    /// [`legal_moves_into`](Rules::legal_moves_into)).
    pub fn legal_moves(&self, position: &Position) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(position, &mut list);
        list.sort_unstable_by_key(|m| (m.from(), m.kind() as u8, m.to()));
        list
    }

    /// Whether `mv` is a legal move in `position`: exactly when
    /// [`legal_moves`](Rules::legal_moves) holds it (see
    /// [`check_move`](Rules::check_move) for why not).
    #[inline]
    pub fn is_legal(&self, position: &Position, mv: Move) -> bool {
        self.check_move(position, mv).is_ok()
    }

    /// The moves of an unfinished position under `generator`, with the pass
    /// rule: the one place it is applied to a list.
    #[inline]
    pub(crate) fn moves_with(
        &self,
        position: &Position,
        generator: &MoveGenerator,
        out: &mut impl Extend<Move>,
    ) {
        // The union of all destinations says whether any move exists: a few
        // ORs per piece, where counting would be popcounts.
        let mut destinations = Bitboard::EMPTY;
        for piece in PieceMovesIter::new(generator, position.pieces(position.to_move())) {
            destinations |= piece.steps | piece.jumps | piece.swaps;
            piece.extend_moves(out);
        }
        if pass_is_due(usize::from(!destinations.is_empty())) {
            out.extend(iter::once(Move::PASS));
        }
    }

    /// The number of moves of an unfinished position under `generator`, with
    /// the pass rule.
    #[inline]
    pub(crate) fn count_with(&self, position: &Position, generator: &MoveGenerator) -> u64 {
        let count = generator.count_moves(position.pieces(position.to_move()));
        if pass_is_due(count as usize) {
            1
        } else {
            count
        }
    }
}

/// The pass rule (section 4 of the rule book), written once: in an
/// unfinished game, a side to move whose pieces have `other_moves` moves
/// passes exactly when that is 0, and the pass is then its only move.
///
/// [`Rules::legal_moves_into`], [`Rules::legal_move_count`],
/// [`Rules::check_move`] and perft apply it; a caller that generates moves
/// itself (the engine's ordered generation) asks it here.
#[inline]
pub const fn pass_is_due(other_moves: usize) -> bool {
    other_moves == 0
}
