//! Property tests of long-jump generation on random boards: the bulk count
//! against the per-piece sum, and each piece's closure against a plain
//! search that reads the rule book's segment definition square by square.

use crate::{Bitboard, Constraints, Direction, MoveGenerator, Square};
use proptest::prelude::*;

/// The landing of the one segment from `from` in `direction` (RULES.md §4),
/// the moving piece's `origin` counting as empty, walked square by square.
fn naive_segment(
    board: Bitboard,
    occupied: Bitboard,
    origin: Square,
    from: Square,
    direction: Direction,
) -> Option<Square> {
    let piece = |square: Square| square != origin && occupied.contains(square);
    let on_board = |distance: u8| {
        from.offset(direction, distance)
            .filter(|&s| board.contains(s))
    };
    let mut half = 1;
    loop {
        let square = on_board(half)?;
        if piece(square) {
            break;
        }
        half += 1;
    }
    for distance in half + 1..=2 * half {
        if piece(on_board(distance)?) {
            return None;
        }
    }
    on_board(2 * half)
}

/// Every square the piece on `origin` reaches by one or more segments.
fn naive_closure(board: Bitboard, occupied: Bitboard, lock: Bitboard, origin: Square) -> Bitboard {
    let mut reached = Bitboard::from_square(origin);
    let mut todo = vec![origin];
    while let Some(from) = todo.pop() {
        for direction in Direction::ALL {
            if let Some(landing) = naive_segment(board, occupied, origin, from, direction) {
                let allowed = !lock.contains(from) || lock.contains(landing);
                if allowed && !reached.contains(landing) {
                    reached.insert(landing);
                    todo.push(landing);
                }
            }
        }
    }
    reached - Bitboard::from_square(origin)
}

/// A square `side` x `side` board with pseudo-random pieces of density about
/// `density` / 8, the mover's among them, and optionally a lock corner and
/// swap squares.
fn random_case(
    side: u8,
    density: u32,
    seeds: &[u64; 12],
    lock: bool,
    swaps: bool,
) -> (Bitboard, Bitboard, Bitboard, Constraints) {
    let board = Bitboard::rectangle(side, side);
    let bits = |k: usize| Bitboard([seeds[k], seeds[k + 1], seeds[k + 2], seeds[k + 3]]);
    // Three random sets give densities 1/8 .. 7/8 by majority-like mixes.
    let (a, b, c) = (bits(0), bits(4), bits(8));
    let occupied = board
        & match density {
            1 => a & b & c,
            2 => a & b,
            3 => a & (b | c),
            4 => a,
            5 => a | (b & c),
            6 => a | b,
            _ => a | b | c,
        };
    let pieces = occupied & (bits(4) ^ bits(8));
    let corner = Bitboard::rectangle(side / 3 + 1, side / 3 + 1);
    let mut constraints = Constraints {
        long_jumps: true,
        ..Constraints::default()
    };
    if lock {
        constraints.lock = corner;
    }
    if swaps {
        constraints.swap_onto = occupied & (corner - pieces);
        constraints.swap_from = board - corner;
    }
    (board, occupied, pieces, constraints)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// The bulk count (components plus exact closures for the pieces whose
    /// origin changes the graph) equals the sum of the per-piece moves, and
    /// every piece's closure is the plain search's.
    #[test]
    fn long_jump_counts_and_closures_match_a_plain_search(
        side in prop::sample::select(vec![8u8, 10, 16, 6, 13]),
        density in 1u32..8,
        seeds in prop::array::uniform12(any::<u64>()),
        lock in prop::bool::weighted(0.2),
        swaps in prop::bool::weighted(0.2),
    ) {
        let (board, occupied, pieces, constraints) = random_case(side, density, &seeds, lock, swaps);
        let generator = MoveGenerator::new(board, occupied, constraints);
        let mut sum = 0u64;
        for origin in pieces {
            let moves = generator.piece_moves(origin);
            prop_assert_eq!(
                moves.jumps,
                naive_closure(board, occupied, constraints.lock, origin),
                "closure of {}", origin
            );
            sum += moves.count() as u64;
        }
        prop_assert_eq!(generator.count_moves(pieces), sum);
    }
}
