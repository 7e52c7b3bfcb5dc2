//! The set-based home-lock and forced-exit against the scalar search of
//! `exact`, which follows the rule book segment by segment.

use crate::{Bitboard, Constraints, Direction, MoveGenerator, PathRules};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Per piece and in bulk, the sets give the moves the scalar search gives.
    #[test]
    fn sets_match_the_scalar_search(
        side in prop::sample::select(vec![6u8, 8, 10, 16]),
        seeds in prop::array::uniform8(any::<u64>()),
        dense in any::<bool>(),
        lock in prop::bool::weighted(0.3),
        home_lock in any::<bool>(),
        forced_exit in any::<bool>(),
        swaps in prop::bool::weighted(0.2),
        forward in 0usize..4,
    ) {
        let board = Bitboard::rectangle(side, side);
        let a = Bitboard([seeds[0], seeds[1], seeds[2], seeds[3]]);
        let b = Bitboard([seeds[4], seeds[5], seeds[6], seeds[7]]);
        let occupied = board & if dense { a | b } else { a };
        let own = occupied & ((a ^ b) | Bitboard([seeds[1], seeds[3], seeds[5], seeds[7]]));
        let corner = Bitboard::rectangle(side / 3 + 1, side / 3 + 1);
        let far = board
            - Bitboard::rectangle(side - side / 3 - 1, side)
            - Bitboard::rectangle(side, side - side / 3 - 1);
        let mut constraints = Constraints::default();
        if lock {
            constraints.lock = far;
        }
        if swaps {
            constraints.swap_onto = occupied & (far - own);
            constraints.swap_from = board - far;
        }
        // Forward: the diagonal away from the home corner and its two halves,
        // or (to exercise other sets) the diagonal towards it.
        let directions = [
            [Direction::NE, Direction::N, Direction::E],
            [Direction::SW, Direction::S, Direction::W],
            [Direction::NW, Direction::N, Direction::W],
            [Direction::SE, Direction::S, Direction::E],
        ][forward];
        let mut path = PathRules::default();
        if home_lock {
            path.home_lock = corner;
        }
        if forced_exit {
            path.forced_from = corner & own;
            path.forward = directions.iter().copied().collect();
            path.foreign = occupied - own;
        }
        let sets = MoveGenerator::with_path_rules(board, occupied, constraints, path);
        let mut scalar = sets.clone();
        if let Some(state) = scalar.path.as_mut() {
            state.search = true;
        }
        let mut listed = 0;
        for origin in own {
            let moves = sets.piece_moves(origin);
            prop_assert_eq!(moves, scalar.piece_moves(origin), "{}", origin);
            listed += u64::from(moves.count());
        }
        prop_assert_eq!(sets.count_moves(own), listed);
    }
}
