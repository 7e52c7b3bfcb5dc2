//! Property tests: for random positions of every preset and every option
//! combination, the bitboard generator agrees with the plain reference
//! generator (`halma-reference`: square arrays and path search) on the set of
//! moves, the path written for each, the position after it and the winner;
//! every written path is read back segment by segment; make/unmake restores
//! the position and its hash.

use halma_reference as oracle;
use halma_rules::{Bitboard, Move, MoveKind, Position, Rules, Seat, Setup, Square};
use proptest::prelude::*;

mod common;
use common::{rules_of, rules_with};

/// Removes from `free` and returns one of its squares in `from`, the one
/// the next of `picks` chooses; `None` when `free` has none there.
fn take_square(
    free: &mut Vec<Square>,
    from: Bitboard,
    picks: &mut impl Iterator<Item = u16>,
) -> Option<Square> {
    let candidates: Vec<usize> = (0..free.len())
        .filter(|&i| from.contains(free[i]))
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let index = candidates[picks.next().unwrap_or(0) as usize % candidates.len()];
    Some(free.swap_remove(index))
}

/// A valid position: every seat in play gets its camp size in pieces. With
/// `crowd_target`, the side to move's target camp is first filled, mostly by
/// its own pieces and by `spoilers` foreign ones, so that win tests, camp-lock
/// and swaps come into play; the other pieces go to random free squares.
fn random_position(
    rules: &Rules,
    to_move: usize,
    crowd_target: bool,
    spoilers: usize,
    picks: &[u16],
) -> Position {
    let seats: Vec<Seat> = rules.seats().iter().collect();
    let mover = seats[to_move % seats.len()];
    let squares = rules.geometry().squares();
    let mut free: Vec<Square> = squares.squares_sorted();
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut remaining: Vec<(Seat, u32)> = seats
        .iter()
        .map(|&s| (s, rules.camp_size() as u32))
        .collect();
    let mut pick = picks.iter().copied().cycle();
    let mut take = |free: &mut Vec<Square>, from: Bitboard| take_square(free, from, &mut pick);
    if crowd_target {
        let target = rules.target_camp(mover);
        let others: Vec<Seat> = seats.iter().copied().filter(|&s| s != mover).collect();
        // With no spoiler, one square stays open, or the mover would already have won.
        let filled = target.count() as usize - usize::from(spoilers == 0);
        for k in 0..filled {
            let seat = if k < spoilers && !others.is_empty() {
                others[k % others.len()]
            } else {
                mover
            };
            let slot = remaining
                .iter_mut()
                .find(|(s, _)| *s == seat)
                .expect("seat in play");
            if slot.1 == 0 {
                continue;
            }
            if let Some(square) = take(&mut free, target) {
                pieces[seat.index()].insert(square);
                slot.1 -= 1;
            }
        }
    }
    for (seat, count) in remaining {
        for _ in 0..count {
            let square = take(&mut free, squares).expect("boards have room for every piece");
            pieces[seat.index()].insert(square);
        }
    }
    rules
        .position(&Setup::new(rules.geometry(), pieces, mover))
        .expect("a valid position by construction")
}

/// A valid position where the new options bite: `at_home` of the mover's
/// pieces in its home camp with `near_home` pieces of other seats in and
/// around it (forced exits), and every other piece in the quarter of the
/// board around the mover's home corner as far as room allows (crowded jump
/// graphs for jump-continue).
fn position_near_home(
    rules: &Rules,
    to_move: usize,
    at_home: usize,
    near_home: usize,
    picks: &[u16],
) -> Position {
    let seats: Vec<Seat> = rules.seats().iter().collect();
    let mover = seats[to_move % seats.len()];
    let squares = rules.geometry().squares();
    let home = rules.home_camp(mover);
    let ring = (home.neighbours().neighbours() | home) & squares;
    let corner = rules.home_corner(mover);
    let half = rules.geometry().width() / 2;
    let quarter: Bitboard = squares
        .squares_sorted()
        .into_iter()
        .filter(|sq| {
            sq.file().abs_diff(corner.file()) < half && sq.rank().abs_diff(corner.rank()) < half
        })
        .collect();
    let mut free: Vec<Square> = squares.squares_sorted();
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut pick = picks.iter().copied().cycle();
    let mut take = |free: &mut Vec<Square>, from: Bitboard| take_square(free, from, &mut pick);
    let others: Vec<Seat> = seats.iter().copied().filter(|&s| s != mover).collect();
    let mut remaining: Vec<(Seat, u32)> = seats
        .iter()
        .map(|&s| (s, rules.camp_size() as u32))
        .collect();
    let mut place =
        |seat: Seat, region: Bitboard, free: &mut Vec<Square>, pieces: &mut [Bitboard; 4]| {
            let slot = remaining
                .iter_mut()
                .find(|(s, _)| *s == seat)
                .expect("in play");
            if slot.1 > 0 {
                if let Some(square) = take(free, region) {
                    pieces[seat.index()].insert(square);
                    slot.1 -= 1;
                }
            }
        };
    for _ in 0..at_home {
        place(mover, home, &mut free, &mut pieces);
    }
    for k in 0..near_home {
        place(others[k % others.len()], ring, &mut free, &mut pieces);
    }
    for &seat in &seats {
        for _ in 0..rules.camp_size() {
            let region = if free.iter().any(|&sq| quarter.contains(sq)) {
                quarter
            } else {
                squares
            };
            place(seat, region, &mut free, &mut pieces);
        }
    }
    rules
        .position(&Setup::new(rules.geometry(), pieces, mover))
        .expect("a valid position by construction")
}

/// A move as (origin and destination, or `None` for a pass), whether it is a swap, and its path text.
type KeyedMove = (Option<(oracle::RefSquare, oracle::RefSquare)>, bool, String);

fn oracle_square(square: Square) -> oracle::RefSquare {
    (square.file(), square.rank())
}

fn oracle_of(rules: &Rules, position: &Position) -> (oracle::RefRules, oracle::RefPosition) {
    let ref_rules =
        oracle::parse_rules(&rules.to_string()).expect("the oracle reads our rules strings");
    let ref_position = oracle::parse_position(&ref_rules, &position.to_string())
        .expect("the oracle reads our position strings");
    (ref_rules, ref_position)
}

/// Checks one position against the oracle, then every move's path, replay and undo.
fn check_position(rules: &Rules, position: &Position) -> Result<(), TestCaseError> {
    let (ref_rules, ref_position) = oracle_of(rules, position);
    let last = position.last_mover().index() as u8;
    prop_assert_eq!(
        rules.winner(position).map(|s| s.index() as u8),
        oracle::winner(&ref_rules, &ref_position, last),
        "winner of {}",
        position
    );
    let ours = rules.legal_moves(position);
    let theirs = oracle::legal_moves(&ref_rules, &ref_position);
    let mut ours_keyed: Vec<KeyedMove> = ours
        .iter()
        .map(|&mv| {
            if mv.is_pass() {
                (None, false, "pass".to_owned())
            } else {
                (
                    Some((oracle_square(mv.from()), oracle_square(mv.to()))),
                    mv.kind() == MoveKind::Swap,
                    rules.move_to_string(position, mv).expect("a legal move"),
                )
            }
        })
        .collect();
    let mut theirs_keyed: Vec<KeyedMove> = theirs
        .iter()
        .map(|mv| match mv {
            oracle::RefMove::Pass => (None, false, "pass".to_owned()),
            oracle::RefMove::Move {
                from,
                to,
                path,
                swap,
            } => (
                Some((*from, *to)),
                *swap,
                path.iter()
                    .map(|&sq| oracle::square_name(sq))
                    .collect::<Vec<_>>()
                    .join("-"),
            ),
        })
        .collect();
    ours_keyed.sort();
    theirs_keyed.sort();
    prop_assert_eq!(
        ours_keyed,
        theirs_keyed,
        "moves of {} under {}",
        position,
        rules
    );

    // The bulk count at the last ply agrees with the list.
    let expected = if rules.is_finished(position) {
        0
    } else {
        ours.len() as u64
    };
    prop_assert_eq!(
        rules.perft(position, 1),
        Ok(expected),
        "perft 1 of {}",
        position
    );
    // perft 2 counts the positions after the moves without making them
    // (under long jumps, from jump graphs derived from this position's):
    // the same as perft 1 of each position made.
    let by_children: u64 = if rules.is_finished(position) {
        0
    } else {
        ours.iter()
            .map(|&mv| {
                let mut after = position.clone();
                after.make_move(mv).expect("a legal move");
                rules.perft(&after, 1).expect("depth 1")
            })
            .sum()
    };
    prop_assert_eq!(
        rules.perft(position, 2),
        Ok(by_children),
        "perft 2 of {}",
        position
    );

    // is_legal checks one piece; it must accept exactly the listed moves,
    // whatever the kind claimed, from pieces of the mover (and one of another
    // seat) to every square of the board.
    let squares: Vec<Square> = Square::all()
        .filter(|&sq| rules.geometry().contains(sq))
        .collect();
    let mover = position.to_move();
    let foreign = squares
        .iter()
        .copied()
        .find(|&sq| position.piece_at(sq).is_some_and(|seat| seat != mover));
    // Three of the mover's pieces (which ones varies with the position) keep
    // the checks (a few thousand per case) affordable.
    let origins = position.pieces(mover).into_iter().take(3).chain(foreign);
    for from in origins {
        for &to in &squares {
            for kind in [MoveKind::Step, MoveKind::Jump, MoveKind::Swap] {
                let mv = Move::new(from, to, kind);
                prop_assert_eq!(
                    rules.is_legal(position, mv),
                    ours.contains(&mv),
                    "is_legal({:?}) in {}",
                    mv,
                    position
                );
            }
        }
    }
    prop_assert_eq!(
        rules.is_legal(position, Move::PASS),
        ours.contains(&Move::PASS)
    );

    for mv in ours {
        let text = rules.move_to_string(position, mv).expect("a legal move");
        prop_assert_eq!(
            rules.parse_move(position, &text),
            Ok(mv),
            "reading back {}",
            text
        );
        let mut after = position.clone();
        prop_assert_eq!(after.make_move(mv), Ok(()));
        prop_assert_eq!(after.hash(), after.hash_from_scratch());
        let ref_move = theirs
            .iter()
            .find(|m| match m {
                oracle::RefMove::Pass => mv.is_pass(),
                oracle::RefMove::Move { from, to, .. } => {
                    !mv.is_pass()
                        && *from == oracle_square(mv.from())
                        && *to == oracle_square(mv.to())
                }
            })
            .expect("the same moves");
        let ref_after = oracle::play(&ref_rules, &ref_position, ref_move);
        prop_assert_eq!(after.to_string(), oracle::position_to_string(&ref_after));
        after.unmake_move(mv);
        prop_assert_eq!(&after, position);
        prop_assert_eq!(after.hash(), position.hash());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_positions_agree_with_the_reference(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in any::<bool>(),
        spoil in 0usize..3,
        to_move in 0usize..4,
        crowd_target in any::<bool>(),
        spoilers in 0usize..4,
        picks in prop::collection::vec(any::<u16>(), 64),
    ) {
        let rules = rules_of(preset, long_jumps, camp_lock, spoil);
        let position = random_position(&rules, to_move, crowd_target, spoilers, &picks);
        check_position(&rules, &position)?;
    }

    #[test]
    fn the_new_options_agree_with_the_reference(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in any::<bool>(),
        spoil in 0usize..3,
        flags in 1u8..8,
        to_move in 0usize..4,
        at_home in 1usize..8,
        near_home in 1usize..10,
        picks in prop::collection::vec(any::<u16>(), 64),
    ) {
        let rules = rules_with(preset, long_jumps, camp_lock, spoil, flags);
        let position = position_near_home(&rules, to_move, at_home, near_home, &picks);
        check_position(&rules, &position)?;
    }

    #[test]
    fn playouts_with_the_new_options_agree_with_the_reference(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in any::<bool>(),
        spoil in 0usize..3,
        flags in 1u8..8,
        choices in prop::collection::vec(any::<u16>(), 1..40),
    ) {
        let rules = rules_with(preset, long_jumps, camp_lock, spoil, flags);
        check_position(&rules, &playout(&rules, &choices))?;
    }

    #[test]
    fn random_playouts_agree_with_the_reference(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in any::<bool>(),
        spoil in 0usize..3,
        choices in prop::collection::vec(any::<u16>(), 1..40),
    ) {
        let rules = rules_of(preset, long_jumps, camp_lock, spoil);
        check_position(&rules, &playout(&rules, &choices))?;
    }
}

/// The position after playing from the start the legal moves `choices` pick
/// (each taken modulo the number of moves), stopping early at a finished game.
fn playout(rules: &Rules, choices: &[u16]) -> Position {
    let mut position = rules.start_position();
    for &choice in choices {
        let moves: Vec<Move> = rules.legal_moves(&position);
        if moves.is_empty() {
            break;
        }
        position
            .make_move(moves[usize::from(choice) % moves.len()])
            .unwrap();
    }
    position
}

/// The generators above must reach the interesting cases, or agreement would prove little.
#[test]
fn random_positions_reach_swaps_passes_wins_and_locks() {
    let (mut swaps, mut passes, mut wins, mut locked) = (0, 0, 0, 0);
    for seed in 0..600u32 {
        let picks: Vec<u16> = (0..64)
            .map(|i| (seed.wrapping_mul(2654435761).rotate_left(i) >> 7) as u16)
            .collect();
        let rules = rules_of(
            (seed % 6) as usize,
            seed % 5 == 0,
            seed % 2 == 0,
            (seed % 3) as usize,
        );
        let position = random_position(
            &rules,
            seed as usize,
            seed % 4 != 0,
            (seed % 3) as usize,
            &picks,
        );
        let moves = rules.legal_moves(&position);
        swaps += moves.iter().filter(|m| m.kind() == MoveKind::Swap).count();
        passes += usize::from(moves == [Move::PASS]);
        wins += usize::from(rules.winner(&position).is_some());
        let constraints = rules.constraints(&position);
        locked += usize::from(!(position.pieces(position.to_move()) & constraints.lock).is_empty());
    }
    assert!(
        swaps > 0 && wins > 0 && locked > 0,
        "swaps {swaps}, wins {wins}, locked {locked}"
    );
    eprintln!("swaps {swaps}, passes {passes}, wins {wins}, positions with locked pieces {locked}");
}

/// The generator of the new options' positions must reach due forced exits
/// and sequences that jump-continue forbids to stop, or agreement would
/// prove little.
#[test]
fn positions_near_home_reach_forced_exits_and_continued_jumps() {
    let (mut forced, mut continued) = (0, 0);
    for seed in 0..300u32 {
        let picks: Vec<u16> = (0..64)
            .map(|i| (seed.wrapping_mul(2654435761).rotate_left(i) >> 7) as u16)
            .collect();
        let rules = rules_with((seed % 6) as usize, seed % 5 == 0, false, 0, 6);
        let position = position_near_home(
            &rules,
            seed as usize,
            1 + (seed % 7) as usize,
            1 + (seed % 9) as usize,
            &picks,
        );
        forced += usize::from(rules.move_generator(&position).forced());
        // A jump-continue position where some stop of the plain rules is refused.
        let plain = rules_with((seed % 6) as usize, seed % 5 == 0, false, 0, 0);
        continued += usize::from(
            rules.legal_moves(&position).len() < plain.legal_moves(&position).len()
                && !rules.move_generator(&position).forced(),
        );
    }
    assert!(
        forced > 0 && continued > 0,
        "forced {forced}, continued {continued}"
    );
    eprintln!("positions with a due forced exit {forced}, with refused stops {continued}");
}
