//! perft with reply reuse (`PerftMode::ReuseReplies`) gives the counts of
//! perft that generates every position: on every line of the reference
//! files, alone, with a transposition table and on two threads (through
//! `divide_with` and `perft_with`), and on
//! random positions of every preset and option (where reuse does not
//! apply, it must change nothing either). And it does reuse: from the
//! `halma` start, no first move of Blue's touches what Red's count reads.

use halma_rules::{
    Constraints, MoveGenerator, PerftMode, PerftOptions, PerftTable, Position, Rules, Seat,
};
use proptest::prelude::*;

mod common;
use common::perft_cases::{affordable, check_every_line, playout, scattered};
use common::rules_with;

#[test]
fn every_reference_line_matches_reusing_replies() {
    check_every_line("reply reuse", |line| {
        line.rules
            .perft_with(
                &line.position,
                line.depth,
                PerftOptions::new().mode(PerftMode::ReuseReplies),
            )
            .expect("depth in range")
    });
}

#[test]
fn every_reference_line_matches_reusing_replies_with_a_table_on_two_threads() {
    check_every_line("reply reuse, a shared table, two threads", |line| {
        let mut table = PerftTable::new(2).expect("2 MiB");
        line.rules
            .divide_with(
                &line.position,
                line.depth,
                PerftOptions::new()
                    .threads(2)
                    .table(Some(&mut table))
                    .mode(PerftMode::ReuseReplies)
                    .on_root_move(&|_, _| {}),
            )
            .expect("depth in range")
            .iter()
            .map(|(_, count)| count)
            .sum()
    });
}

#[test]
fn every_reference_line_matches_through_the_general_perft() {
    for (threads, megabytes) in [(1, None), (2, None), (2, Some(1))] {
        check_every_line(
            &format!("perft_with, {threads} threads, table {megabytes:?}"),
            |line| {
                let mut table = megabytes.map(|mb| PerftTable::new(mb).expect("a small table"));
                line.rules
                    .perft_with(
                        &line.position,
                        line.depth,
                        PerftOptions::new()
                            .threads(threads)
                            .table(table.as_mut())
                            .mode(PerftMode::ReuseReplies),
                    )
                    .expect("depth in range")
            },
        );
    }
}

#[test]
fn from_the_halma_start_reds_count_reads_nothing_blue_moves() {
    // Blue's moves from the start stay near its corner (steps and jumps over
    // its own pieces); Red's count reads near Red's. So every one of Blue's
    // first moves keeps Red's count, and perft reuses it for all of them.
    for rules in ["halma", "halma,long-jumps"] {
        let rules: Rules = rules.parse().expect("rules");
        let start = rules.start_position();
        let red = MoveGenerator::new(
            rules.geometry().squares(),
            start.occupied(),
            Constraints::long_jumps(rules.long_jumps()),
        );
        let (_, read) = red.count_with_read_set(start.pieces(Seat::Red));
        assert!(!read.is_empty());
        let blue = rules.move_generator(&start);
        let blues_moves = blue.all_piece_moves(start.pieces(Seat::Blue));
        let mut moves = 0;
        for piece in blues_moves {
            assert!(!read.contains(piece.origin), "{rules}: {}", piece.origin);
            assert!(
                (piece.destinations() & read).is_empty(),
                "{rules}: {}",
                piece.origin
            );
            moves += piece.count();
        }
        assert!(moves > 0);
    }
}

/// perft with reply reuse, alone and with a small table, against perft.
fn reuse_agrees(rules: &Rules, position: &Position) -> Result<(), TestCaseError> {
    let (depth, expected) = affordable(rules, position);
    prop_assert_eq!(
        rules.perft_with(
            position,
            depth,
            PerftOptions::new().mode(PerftMode::ReuseReplies)
        ),
        Ok(expected),
        "{} {} depth {}",
        rules,
        position,
        depth
    );
    prop_assert_eq!(
        rules.perft_with(
            position,
            depth,
            PerftOptions::new().threads(2).mode(PerftMode::ReuseReplies)
        ),
        Ok(expected)
    );
    prop_assert_eq!(
        rules.perft_with(
            position,
            0,
            PerftOptions::new().threads(2).mode(PerftMode::ReuseReplies)
        ),
        Ok(1)
    );
    let mut table = PerftTable::new(1).expect("1 MiB");
    let divided = rules
        .divide_with(
            position,
            depth,
            PerftOptions::new()
                .threads(2)
                .table(Some(&mut table))
                .mode(PerftMode::ReuseReplies)
                .on_root_move(&|_, _| {}),
        )
        .expect("depth in range");
    if depth > 0 {
        prop_assert_eq!(
            divided.iter().map(|(_, count)| count).sum::<u64>(),
            expected,
            "{} {} depth {} (table, two threads)",
            rules,
            position,
            depth
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn reuse_agrees_with_perft_after_random_playouts(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in prop::bool::weighted(0.2),
        spoil in 0usize..3,
        flags in prop_oneof![3 => Just(0u8), 1 => 0u8..8],
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        let rules = rules_with(preset, long_jumps, camp_lock, spoil, flags);
        reuse_agrees(&rules, &playout(&rules, &choices))?;
    }

    #[test]
    fn reuse_agrees_with_perft_on_random_positions(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in prop::bool::weighted(0.2),
        spoil in 0usize..3,
        flags in prop_oneof![3 => Just(0u8), 1 => 0u8..8],
        to_move in 0usize..4,
        crowd in any::<bool>(),
        spoilers in 0usize..4,
        picks in prop::collection::vec(any::<u16>(), 64),
    ) {
        let rules = rules_with(preset, long_jumps, camp_lock, spoil, flags);
        let position = scattered(&rules, to_move, crowd, spoilers, &picks);
        prop_assume!(position.is_some());
        reuse_agrees(&rules, &position.expect("assumed"))?;
    }
}
