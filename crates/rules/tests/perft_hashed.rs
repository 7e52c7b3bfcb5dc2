//! Hashed perft (`PerftOptions::table`) gives the plain
//! perft's counts: on every line of the reference files, with tables from
//! one bucket (every store replaces another count) to several MiB, on one
//! or two threads, with a table reused across runs and rules, and on random
//! positions of every preset and option against `Rules::perft`.

use std::num::NonZeroUsize;
use std::sync::Mutex;

use halma_rules::{PerftOptions, PerftTable, Position, Rules};
use proptest::prelude::*;

mod common;
use common::perft_cases::{
    affordable, check_every_line, deepest_affordable, playout, reference_lines, scattered, Line,
};
use common::rules_with;

fn buckets(count: usize) -> PerftTable {
    PerftTable::with_buckets(NonZeroUsize::new(count).expect("non-zero")).expect("allocated")
}

#[test]
fn every_reference_line_matches_with_a_fresh_table() {
    check_every_line("a fresh 4 MiB table per line", |line| {
        let mut table = PerftTable::new(4).expect("4 MiB");
        line.rules
            .perft_with(
                &line.position,
                line.depth,
                PerftOptions::new().table(&mut table),
            )
            .expect("depth in range")
    });
}

#[test]
fn every_reference_line_matches_with_tiny_tables() {
    // One bucket: two entries for every subtree, so nearly every store
    // replaces another count and every probe meets counts of other
    // positions and depths. Three buckets: the same, over a length that is
    // not a power of two.
    for size in [1, 3, 61] {
        check_every_line(&format!("{size} buckets"), |line| {
            line.rules
                .perft_with(
                    &line.position,
                    line.depth,
                    PerftOptions::new().table(&mut buckets(size)),
                )
                .expect("depth in range")
        });
    }
}

#[test]
fn every_reference_line_matches_on_two_threads_sharing_a_table() {
    check_every_line("two threads, one shared table", |line| {
        let mut table = buckets(509);
        line.rules
            .perft_with(
                &line.position,
                line.depth,
                PerftOptions::new().threads(2).table(&mut table),
            )
            .expect("depth in range")
    });
}

#[test]
fn one_table_serves_every_line_in_turn() {
    // Reused across rules, seats and positions: the table must drop the
    // counts of other rules, and may keep those of the same rules.
    let mut table = PerftTable::new(2).expect("2 MiB");
    check_every_line("one table reused for every line", |line| {
        line.rules
            .perft_with(
                &line.position,
                line.depth,
                PerftOptions::new().table(&mut table),
            )
            .expect("depth in range")
    });
}

#[test]
fn small_reference_lines_match_plain_perft_two_plies_deeper() {
    // The reference depths stop before transpositions are read back (ply 3
    // with depth 2 left needs depth 5); two plies more on the lines with
    // small counts (passes, wins, swaps, locks, forced exits) reach them.
    let mut checked = 0;
    // Without jump-continue, whose path enumeration costs too much for a test this deep.
    let small = |l: &&Line| l.count <= 2_500 && !l.rules.options().jump_continue;
    for line in reference_lines().iter().filter(small) {
        let depth = line.depth + 2;
        let expected = line
            .rules
            .perft(&line.position, depth)
            .expect("depth in range");
        for size in [1, 1000] {
            assert_eq!(
                line.rules.perft_with(
                    &line.position,
                    depth,
                    PerftOptions::new().table(&mut buckets(size))
                ),
                Ok(expected),
                "{} at depth {depth}, {size} buckets",
                line.place
            );
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} small lines");
}

#[test]
fn counts_of_other_rules_are_never_read() {
    // The same start position: long jumps add moves, so counts filled
    // under `halma` would be wrong under `halma,long-jumps`.
    let plain: Rules = "halma".parse().expect("rules");
    let long: Rules = "halma,long-jumps".parse().expect("rules");
    let start = plain.start_position();
    assert_eq!(start, long.start_position());
    let mut table = PerftTable::new(8).expect("8 MiB");
    for _ in 0..2 {
        for rules in [&plain, &long] {
            assert_eq!(
                rules.perft_with(&start, 3, PerftOptions::new().table(&mut table)),
                rules.perft(&start, 3),
                "{rules}"
            );
        }
    }
}

#[test]
fn a_warm_table_gives_the_same_count_again() {
    let rules: Rules = "halma8".parse().expect("rules");
    let start = rules.start_position();
    let expected = rules.perft(&start, 5).expect("depth in range");
    let mut table = PerftTable::new(1).expect("1 MiB");
    for threads in [1, 2, 1] {
        assert_eq!(
            rules.perft_with(
                &start,
                5,
                PerftOptions::new().threads(threads).table(&mut table)
            ),
            Ok(expected)
        );
    }
    table.clear();
    assert_eq!(
        rules.perft_with(&start, 5, PerftOptions::new().table(&mut table)),
        Ok(expected)
    );
}

#[test]
fn divide_reports_every_root_move_once_with_its_count() {
    let rules: Rules = "halma8".parse().expect("rules");
    let start = rules.start_position();
    let expected = rules.divide(&start, 3).expect("depth in range");
    for threads in [1, 2, 5] {
        for hashed in [false, true] {
            let mut table = buckets(17);
            let seen = Mutex::new(Vec::new());
            let got = rules
                .divide_with(
                    &start,
                    3,
                    PerftOptions::new()
                        .threads(threads)
                        .table(hashed.then_some(&mut table))
                        .on_root_move(&|index, count| seen.lock().unwrap().push((index, count))),
                )
                .expect("depth in range");
            assert_eq!(got, expected, "threads {threads}, hashed {hashed}");
            let mut seen = seen.into_inner().unwrap();
            seen.sort_unstable();
            let wanted: Vec<(usize, u64)> = expected.iter().map(|&(_, n)| n).enumerate().collect();
            assert_eq!(seen, wanted, "threads {threads}, hashed {hashed}");
        }
    }
}

#[test]
fn depth_zero_one_and_the_bound_behave_as_plain_perft() {
    let rules: Rules = "halma".parse().expect("rules");
    let start = rules.start_position();
    let mut table = buckets(1);
    for depth in [0, 1, 2] {
        assert_eq!(
            rules.perft_with(&start, depth, PerftOptions::new().table(&mut table)),
            rules.perft(&start, depth)
        );
        assert_eq!(
            rules.perft_with(
                &start,
                depth,
                PerftOptions::new().threads(2).table(&mut table)
            ),
            rules.perft(&start, depth)
        );
    }
    for depth in [halma_rules::MAX_PERFT_DEPTH + 1, u32::MAX] {
        assert_eq!(
            rules.perft_with(&start, depth, PerftOptions::new().table(&mut table)),
            rules.perft(&start, depth)
        );
        assert!(rules
            .perft_with(&start, depth, PerftOptions::new().table(&mut table))
            .is_err());
        assert!(rules
            .divide_with(
                &start,
                depth,
                PerftOptions::new()
                    .threads(2)
                    .table(Some(&mut table))
                    .on_root_move(&|_, _| {})
            )
            .is_err());
    }
}

/// Hashed perft, fresh and tiny tables, one and two threads, against plain perft.
fn agrees_with_plain(
    rules: &Rules,
    position: &Position,
    table_buckets: usize,
) -> Result<(), TestCaseError> {
    let (depth, expected) = affordable(rules, position);
    let mut table = buckets(table_buckets);
    prop_assert_eq!(
        rules.perft_with(position, depth, PerftOptions::new().table(&mut table)),
        Ok(expected),
        "{} {} depth {}",
        rules,
        position,
        depth
    );
    // The same table again, warm, shared by two threads.
    prop_assert_eq!(
        rules.perft_with(
            position,
            depth,
            PerftOptions::new().threads(2).table(&mut table)
        ),
        Ok(expected),
        "{} {} depth {} (two threads)",
        rules,
        position,
        depth
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    /// Depth 5 on the small two-seat board near the start: a side's two
    /// moves played in either order meet at ply 3 with depth 2 left, so
    /// counts are read back for positions reached by other move orders (the
    /// case the table is for), with every option but the costly
    /// jump-continue.
    #[test]
    fn transposed_subtrees_are_counted_right(
        long_jumps in any::<bool>(),
        camp_lock in any::<bool>(),
        spoil in 0usize..3,
        flags in 0u8..4,
        choices in prop::collection::vec(any::<u16>(), 0..10),
        table_buckets in prop_oneof![1usize..8, 1000usize..5000],
    ) {
        let halma8 = halma_rules::Preset::ALL
            .iter()
            .position(|p| p.name() == "halma8")
            .expect("the halma8 preset");
        let rules = rules_with(halma8, long_jumps, camp_lock, spoil, flags);
        let position = playout(&rules, &choices);
        let (depth, expected) = deepest_affordable(&rules, &position, 20_000_000);
        let mut table = buckets(table_buckets);
        prop_assert_eq!(rules.perft_with(&position, depth, PerftOptions::new().table(&mut table)), Ok(expected), "{} {}", rules, position);
        prop_assert_eq!(rules.perft_with(&position, depth, PerftOptions::new().threads(2).table(&mut table)), Ok(expected), "{} {}", rules, position);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn hashed_perft_agrees_with_perft_after_random_playouts(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in any::<bool>(),
        spoil in 0usize..3,
        flags in 0u8..8,
        choices in prop::collection::vec(any::<u16>(), 0..60),
        table_buckets in prop_oneof![1usize..8, 1000usize..5000],
    ) {
        let rules = rules_with(preset, long_jumps, camp_lock, spoil, flags);
        agrees_with_plain(&rules, &playout(&rules, &choices), table_buckets)?;
    }

    #[test]
    fn hashed_perft_agrees_with_perft_on_random_positions(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in any::<bool>(),
        spoil in 0usize..3,
        flags in 0u8..8,
        to_move in 0usize..4,
        crowd in any::<bool>(),
        spoilers in 0usize..4,
        picks in prop::collection::vec(any::<u16>(), 64),
        table_buckets in prop_oneof![1usize..8, 1000usize..5000],
    ) {
        let rules = rules_with(preset, long_jumps, camp_lock, spoil, flags);
        let position = scattered(&rules, to_move, crowd, spoilers, &picks);
        prop_assume!(position.is_some());
        agrees_with_plain(&rules, &position.expect("assumed"), table_buckets)?;
    }
}
