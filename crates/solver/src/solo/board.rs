//! The solo race reduced to what the search needs: one seat's pieces as a set
//! of squares, its target camp, and the moves of the rules in force.
//!
//! In a solo race the pieces are identical, so a state is just the set of
//! occupied squares. Moves come from `halma_core`'s generator, given the
//! constraints and path rules `halma_rules` puts on this seat alone (no other
//! seat means no swap, which needs a foreign piece in the camp, and no forced
//! exit, whose forced segment passes over another seat's piece), and the goal
//! is the rules' (spoil=fill's, with no other seat, is the plain goal).

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
        // The rules' own constraints and path rules (`Rules::constraints`,
        // `Rules::path_rules`) for the seat alone on the board. Alone, they do
        // not depend on where its pieces stand: a swap and a forced segment
        // both need another seat's piece, so those of the board without
        // pieces hold in every state of the race.
        let alone = solo_position(rules, seat, Bitboard::EMPTY);
        let constraints = rules.constraints(&alone);
        let path = rules.path_rules(&alone);
        // Moves undo each other unless a lock refuses the way back or
        // jump-continue forbids stopping where the way out began.
        let reversible =
            constraints.lock.is_empty() && path.home_lock.is_empty() && !path.jump_continue;
        // Without path rules the plain generator is the faster one.
        let path = (path != PathRules::default()).then_some(path);
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
            reversible,
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

    /// Whether the state fills the target camp: [`Rules::meets_goal`] of
    /// the seat alone (under every spoil rule, with no other seat, the
    /// target filled by its own pieces), on the bits, for the search's inner
    /// loops (the tests compare the two).
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
        solo_position(&self.rules, self.seat, own)
    }
}

/// The position where only `seat` is on the board of `rules`, with the
/// pieces `own`, to move.
fn solo_position(rules: &Rules, seat: Seat, own: Bitboard) -> Position {
    let mut pieces = [Bitboard::EMPTY; 4];
    pieces[seat.index()] = own;
    let setup = Setup::new(rules.geometry(), pieces, seat);
    Position::from_setup(&setup, SeatSet::of(&[seat]))
        .expect("the pieces of a checked position stay on the board")
}

/// The parity class of a square: file mod 2, rank mod 2.
#[inline]
pub(crate) fn class_of(square: Square) -> usize {
    (square.file() & 1) as usize | ((square.rank() & 1) as usize) << 1
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use proptest::prelude::*;

    use super::*;

    /// Every option that changes a solo race's moves or goal.
    const RULES: [&str; 9] = [
        "halma8",
        "halma8,long-jumps",
        "halma8,camp-lock",
        "halma8,home-lock",
        "halma8,forced-exit",
        "halma8,jump-continue",
        "halma8,spoil=fill",
        "halma8,spoil=swap,camp-lock",
        "halma4,long-jumps,home-lock,forced-exit,jump-continue",
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        /// Along a random race, the board's children and goal are those of
        /// the rules' legal moves and `meets_goal` on the same position.
        #[test]
        fn moves_and_goal_are_the_rules_own(
            which in 0..RULES.len(),
            seat_index in 0usize..2,
            choices in proptest::collection::vec(any::<u16>(), 1..60),
        ) {
            let rules: Rules = RULES[which].parse().unwrap();
            let seat = rules.seats().iter().nth(seat_index).unwrap();
            let board = SoloBoard::new(&rules, seat);
            let mut own = rules.home_camp(seat);
            for choice in choices {
                let position = board.position(own);
                prop_assert_eq!(board.is_goal(own), rules.meets_goal(&position, seat));
                if board.is_goal(own) {
                    break;
                }
                let mut expected = HashSet::new();
                for mv in rules.legal_moves(&position) {
                    if !mv.is_pass() {
                        let mut child = position.clone();
                        child.make_move_unchecked(mv);
                        expected.insert(child.pieces(seat));
                    }
                }
                let mut children = Vec::new();
                board.for_each_child(own, |_, _, child| children.push(child));
                let distinct: HashSet<Bitboard> = children.iter().copied().collect();
                prop_assert_eq!(distinct.len(), children.len(), "{} {}", rules, position);
                prop_assert_eq!(&distinct, &expected, "{} {}", rules, position);
                if children.is_empty() {
                    break;
                }
                own = children[usize::from(choice) % children.len()];
            }
        }
    }
}
