//! Property tests of long-jump generation on random boards: the bulk count
//! against the per-piece sum, and each piece's closure against a plain
//! search that reads the rule book's segment definition square by square.

use crate::movegen::Carry;
use crate::{Bitboard, Constraints, Direction, MoveGenerator, PieceMoves, Square};
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
    /// every piece's closure is the plain search's: from the line tables on
    /// rectangles, from the per-position jump graph on a board with holes.
    #[test]
    fn long_jump_counts_and_closures_match_a_plain_search(
        side in prop::sample::select(vec![8u8, 10, 16, 6, 13, 17]),
        density in 1u32..8,
        seeds in prop::array::uniform12(any::<u64>()),
        lock in prop::bool::weighted(0.2),
        swaps in prop::bool::weighted(0.2),
    ) {
        let (board, occupied, pieces, constraints) = random_case(side.min(16), density, &seeds, lock, swaps);
        // 17 stands for a board of any shape: the 16x16 one with holes.
        let board = if side == 17 { board - Bitboard([seeds[3], 0, seeds[6], 0]) } else { board };
        let (occupied, pieces) = (occupied & board, pieces & board);
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

/// A board, its occupied squares, the pieces counted, and moves of other
/// pieces: (origin, destinations).
type MovesCase = (Bitboard, Bitboard, Bitboard, Vec<(Square, Bitboard)>);

/// A random position of `random_case` (on a board of side `side`; 17 stands
/// for a board of any shape: the 16x16 one with holes) and moves of up to
/// three pieces other than `pieces`, chosen anywhere on the board, each to
/// some empty squares (from the seeds, so that every part of the board is
/// reached).
fn random_moves_case(side: u8, density: u32, seeds: &[u64; 12]) -> MovesCase {
    let (board, occupied, pieces, _) = random_case(side.min(16), density, seeds, false, false);
    let board = if side == 17 {
        board - Bitboard([seeds[2], 0, seeds[5], 0])
    } else {
        board
    };
    let (occupied, pieces) = (occupied & board, pieces & board);
    let empty = board - occupied;
    let others = occupied - pieces;
    // Not the first squares in bit order, which would all be of one class.
    let picked = others & Bitboard(std::array::from_fn(|k| seeds[11 - k].rotate_left(17)));
    let movers = if picked.is_empty() { others } else { picked };
    let moves = movers
        .into_iter()
        .take(3)
        .enumerate()
        .map(|(k, origin)| {
            let near = Bitboard([seeds[k], seeds[k + 3], seeds[k + 6], seeds[k + 9]]);
            let far = Bitboard([seeds[k + 1], seeds[k + 4], seeds[k + 7], seeds[k + 2]]);
            (origin, empty & near & far)
        })
        .collect();
    (board, occupied, pieces, moves)
}

/// For each move of `moves` and each of its destinations, the bulk count of
/// `pieces` by a generator built for the position after it.
fn counts_after(
    (board, occupied, pieces, moves): &MovesCase,
    constraints: Constraints,
) -> Vec<u64> {
    let mut counts = Vec::new();
    for &(origin, destinations) in moves {
        for to in destinations {
            let after = (*occupied - Bitboard::from_square(origin)) | Bitboard::from_square(to);
            counts.push(MoveGenerator::new(*board, after, constraints).count_moves(*pieces));
        }
    }
    counts
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// The generator-free plain count of each position after a move (perft's
    /// last-but-one ply under plain rules) equals the bulk count of a
    /// generator built for that position.
    #[test]
    fn the_plain_count_after_each_move_matches_a_generator_for_the_child(
        side in prop::sample::select(vec![8u8, 10, 16, 6, 13, 17]),
        density in 1u32..8,
        seeds in prop::array::uniform12(any::<u64>()),
    ) {
        let case = random_moves_case(side, density, &seeds);
        let expected = counts_after(&case, Constraints::default());
        let (board, occupied, pieces, moves) = case;
        let mut counted = Vec::new();
        MoveGenerator::count_plain_after_moves(board, occupied, pieces, moves, |n| counted.push(n));
        prop_assert_eq!(counted, expected);
    }

    /// The same with long jumps: the count of each position after a move,
    /// from the closures of the counted pieces carried through the moves
    /// or from a jump graph derived from the parent's (or, on a board with
    /// holes, built for each position), equals the bulk count of a
    /// generator built for that position. A moving piece's destinations
    /// lie anywhere, on its lines or not, next to the mover's pieces or
    /// not, and its origin may empty a square a mover's segment crosses.
    /// perft's choice between the two ways, and each way alone, are tested.
    #[test]
    fn the_long_jump_count_after_each_move_matches_a_generator_for_the_child(
        side in prop::sample::select(vec![8u8, 10, 16, 6, 13, 17]),
        density in 1u32..8,
        seeds in prop::array::uniform12(any::<u64>()),
    ) {
        let case = random_moves_case(side, density, &seeds);
        let long = Constraints { long_jumps: true, ..Constraints::default() };
        let expected = counts_after(&case, long);
        let (board, occupied, pieces, moves) = case;
        let mut counted = Vec::new();
        MoveGenerator::count_long_after_moves(board, occupied, pieces, moves.clone(), |n| counted.push(n));
        prop_assert_eq!(&counted, &expected);
        for carry in [Carry::Always, Carry::Never] {
            counted.clear();
            MoveGenerator::count_long_after_moves_carrying(
                carry, board, occupied, pieces, moves.clone(), |n| counted.push(n),
            );
            prop_assert_eq!(&counted, &expected, "{:?}", carry);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Listing all pieces together (closures from shared components under
    /// plain rules) gives each piece's `piece_moves`, in bit order, under
    /// plain rules and with every constraint.
    #[test]
    fn all_piece_moves_lists_each_pieces_moves(
        side in prop::sample::select(vec![8u8, 10, 16, 6, 13]),
        density in 1u32..8,
        seeds in prop::array::uniform12(any::<u64>()),
        long_jumps in prop::bool::weighted(0.2),
        lock in prop::bool::weighted(0.2),
        swaps in prop::bool::weighted(0.2),
    ) {
        let (board, occupied, pieces, mut constraints) = random_case(side, density, &seeds, lock, swaps);
        constraints.long_jumps = long_jumps;
        let generator = MoveGenerator::new(board, occupied, constraints);
        let together: Vec<PieceMoves> = generator.all_piece_moves(pieces).collect();
        let one_by_one: Vec<PieceMoves> = pieces.into_iter().map(|sq| generator.piece_moves(sq)).collect();
        prop_assert_eq!(together, one_by_one);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    /// Changing the occupancy anywhere outside `count_with_read_set` (the mover's
    /// pieces kept) changes no count: perft reuses one count for every
    /// reply that stays outside it. Plain and long jumps, rectangles and a
    /// board with holes; the changed squares are many and random, pieces
    /// added and removed together.
    #[test]
    fn the_count_is_the_same_whatever_changes_outside_its_read_set(
        side in prop::sample::select(vec![8u8, 10, 16, 6, 13, 17]),
        density in 1u32..8,
        seeds in prop::array::uniform12(any::<u64>()),
        flips in prop::array::uniform4(any::<u64>()),
        long_jumps in prop::bool::ANY,
    ) {
        let (board, occupied, pieces, mut constraints) = random_case(side.min(16), density, &seeds, false, false);
        constraints.long_jumps = long_jumps;
        // 17 stands for a board of any shape: the 16x16 one with holes.
        let board = if side == 17 { board - Bitboard([seeds[1], 0, seeds[7], 0]) } else { board };
        let (occupied, pieces) = (occupied & board, pieces & board);
        let generator = MoveGenerator::new(board, occupied, constraints);
        let (count, read) = generator.count_with_read_set(pieces);
        prop_assert_eq!(count, generator.count_moves(pieces));
        let changed = (board - pieces - read) & Bitboard(flips);
        let after = MoveGenerator::new(board, occupied ^ changed, constraints);
        prop_assert_eq!(after.count_moves(pieces), count, "changed {:?}", changed);
    }
}
