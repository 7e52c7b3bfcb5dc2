//! Property tests: for random positions of every preset and every option
//! combination, the bitboard generator agrees with the plain reference
//! generator (`halma-reference`: square arrays and path search) on the set of
//! moves, the path written for each, the position after it and the winner;
//! every written path is read back segment by segment; make/unmake restores
//! the position and its hash.

use halma_reference as oracle;
use halma_rules::{Move, MoveKind, Position, Rules, Square};
use proptest::prelude::*;

mod common;
use common::oracle::{oracle_of, oracle_square};
use common::positions::{playout, position_near_home, random_position};
use common::{rules_of, rules_with};

/// A move as (origin and destination, or `None` for a pass), whether it is a swap, and its path text.
type KeyedMove = (Option<(oracle::RefSquare, oracle::RefSquare)>, bool, String);

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
