//! The solo race reduced to what the search needs: one seat's pieces as a set
//! of squares, its target camp, and the moves of the rules in force.
//!
//! In a solo race the pieces are identical, so a state is just the set of
//! occupied squares. Moves come from `halma_core`'s generator, given the
//! constraints the rules put on this seat alone: no other seat means no swap
//! (spoil=swap needs a foreign piece in the camp) and no forced exit (a forced
//! segment passes over another seat's piece), and spoil=fill's goal, with no
//! other seat, is the plain goal.

use halma_core::{
    Bitboard, Constraints, Move, MoveGenerator, MoveKind, PathRules, Position, Seat, SeatSet,
    Setup, Square,
};
use halma_rules::Rules;

use crate::mirror::Mirror;

/// The fixed data of one solo race.
#[derive(Clone, Debug)]
pub(crate) struct SoloBoard {
    /// The rules in force.
    pub rules: Rules,
    /// The seat racing.
    pub seat: Seat,
    /// Board width and height.
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// The playable squares.
    pub squares: Bitboard,
    /// The seat's target camp: the race is over when it holds a piece on each square.
    pub target: Bitboard,
    /// The squares of each parity class (file mod 2, rank mod 2); jumps never
    /// change a piece's class.
    pub classes: [Bitboard; 4],
    constraints: Constraints,
    path: Option<PathRules>,
    /// Whether every move can be undone by a move (no camp-lock, home-lock or
    /// jump-continue): then the predecessors of a state are its successors.
    pub reversible: bool,
}

impl SoloBoard {
    /// The race of `seat` under `rules` (the board of the rules).
    pub fn new(rules: &Rules, seat: Seat) -> SoloBoard {
        let geometry = rules.geometry();
        let squares = geometry.squares();
        let mut classes = [Bitboard::EMPTY; 4];
        for square in squares {
            classes[class_of(square)].insert(square);
        }
        let target = rules.target_camp(seat);
        let mut constraints = Constraints::long_jumps(rules.long_jumps());
        if rules.camp_lock() {
            constraints.lock = target;
        }
        let path = (rules.home_lock() || rules.jump_continue()).then(|| {
            let mut path = PathRules::default();
            if rules.home_lock() {
                path.home_lock = rules.home_camp(seat);
            }
            path.jump_continue = rules.jump_continue();
            path
        });
        SoloBoard {
            rules: rules.clone(),
            seat,
            width: geometry.width(),
            height: geometry.height(),
            squares,
            target,
            classes,
            constraints,
            path,
            reversible: !rules.camp_lock() && !rules.home_lock() && !rules.jump_continue(),
        }
    }

    /// The move generator for the pieces `own`.
    #[inline]
    pub fn generator(&self, own: Bitboard) -> MoveGenerator {
        match &self.path {
            None => MoveGenerator::new(self.squares, own, self.constraints),
            Some(path) => {
                MoveGenerator::with_path_rules(self.squares, own, self.constraints, *path)
            }
        }
    }

    /// Calls `visit(from, to, child)` for every move of the state `own`.
    /// Distinct moves give distinct children (the child names the move).
    #[inline]
    pub fn for_each_child(&self, own: Bitboard, mut visit: impl FnMut(Square, Square, Bitboard)) {
        let generator = self.generator(own);
        for from in own {
            let moves = generator.piece_moves(from);
            let mut without = own;
            without.remove(from);
            for to in moves.steps | moves.jumps {
                let mut child = without;
                child.insert(to);
                visit(from, to, child);
            }
        }
    }

    /// Whether the state fills the target camp.
    #[inline]
    pub fn is_goal(&self, own: Bitboard) -> bool {
        self.target.is_subset(own)
    }

    /// The move from `own` that takes `from` to `to`, with its kind.
    pub fn make_move(&self, from: Square, to: Square) -> Move {
        let kind = if Bitboard::from_square(from).neighbours().contains(to) {
            MoveKind::Step
        } else {
            MoveKind::Jump
        };
        Move::new(from, to, kind)
    }

    /// The square a half-turn of the board sends `square` to.
    pub fn rotate_square(&self, square: Square) -> Square {
        Square::new(
            self.width - 1 - square.file(),
            self.height - 1 - square.rank(),
        )
        .expect("a board square rotates onto the board")
    }

    /// The state turned by a half-turn of the board.
    pub fn rotate(&self, own: Bitboard) -> Bitboard {
        own.into_iter().map(|s| self.rotate_square(s)).collect()
    }

    /// A reflection of the board in one of its diagonals that maps onto
    /// themselves the target camp, the home camp (which home-lock guards)
    /// and `start`, if one does: then a state and its mirror image are
    /// equally far from `start` and from the target, and a search from
    /// `start` may keep one state of each pair.
    pub fn mirror_for(&self, start: Bitboard) -> Option<Mirror> {
        let home = self.rules.home_camp(self.seat);
        Mirror::fixing(&self.rules, &[self.target, home, start])
    }

    /// The position where only this seat is on the board, with the pieces
    /// `own`, to move: where the rules' own move functions replay a race.
    pub fn position(&self, own: Bitboard) -> Position {
        let mut pieces = [Bitboard::EMPTY; 4];
        pieces[self.seat.index()] = own;
        let setup = Setup::new(self.rules.geometry(), pieces, self.seat);
        Position::from_setup(&setup, SeatSet::of(&[self.seat]))
            .expect("the pieces of a checked position stay on the board")
    }
}

/// The parity class of a square: file mod 2, rank mod 2.
#[inline]
pub(crate) fn class_of(square: Square) -> usize {
    (square.file() & 1) as usize | ((square.rank() & 1) as usize) << 1
}
