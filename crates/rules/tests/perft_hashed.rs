//! Hashed perft (`Rules::perft_hashed` and its relatives) gives the plain
//! perft's counts: on every line of the reference files, with tables from
//! one bucket (every store replaces another count) to several MiB, on one
//! or two threads, with a table reused across runs and rules, and on random
//! positions of every preset and option against `Rules::perft`.

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::sync::Mutex;

use halma_rules::{Bitboard, PerftTable, Position, Rules, Seat, Setup, Square};
use proptest::prelude::*;

mod common;
use common::rules_with;

/// A reference line: rules, position, depth, count and where it came from.
struct Line {
    place: String,
    rules: Rules,
    position: Position,
    depth: u32,
    count: u64,
}

/// Every line of `reference.tsv` and `reference_options.tsv`.
fn reference_lines() -> Vec<Line> {
    let mut lines = Vec::new();
    for name in ["reference.tsv", "reference_options.tsv"] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/perft")
            .join(name);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let place = format!("{name} line {}", number + 1);
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "{place}: expected 4 fields");
            let rules: Rules = fields[0].parse().unwrap_or_else(|e| panic!("{place}: {e}"));
            let position = if fields[1] == "startpos" {
                rules.start_position()
            } else {
                rules
                    .parse_position(fields[1])
                    .unwrap_or_else(|e| panic!("{place}: {e}"))
            };
            lines.push(Line {
                place,
                rules,
                position,
                depth: fields[2].parse().expect("depth"),
                count: fields[3].parse().expect("count"),
            });
        }
    }
    assert!(lines.len() >= 60, "only {} reference lines", lines.len());
    lines
}

fn buckets(count: usize) -> PerftTable {
    PerftTable::with_buckets(NonZeroUsize::new(count).expect("non-zero")).expect("allocated")
}

/// Runs `count` on every reference line and lists the lines it gets wrong.
fn check_every_line(what: &str, mut count: impl FnMut(&Line) -> u64) {
    let failures: Vec<String> = reference_lines()
        .iter()
        .filter_map(|line| {
            let got = count(line);
            (got != line.count)
                .then(|| format!("{}: expected {}, got {got}", line.place, line.count))
        })
        .collect();
    assert!(failures.is_empty(), "{what}:\n{}", failures.join("\n"));
}

#[test]
fn every_reference_line_matches_with_a_fresh_table() {
    check_every_line("a fresh 4 MiB table per line", |line| {
        let mut table = PerftTable::new(4).expect("4 MiB");
        line.rules
            .perft_hashed(&line.position, line.depth, &mut table)
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
                .perft_hashed(&line.position, line.depth, &mut buckets(size))
                .expect("depth in range")
        });
    }
}

#[test]
fn every_reference_line_matches_on_two_threads_sharing_a_table() {
    check_every_line("two threads, one shared table", |line| {
        let mut table = buckets(509);
        line.rules
            .perft_hashed_parallel(&line.position, line.depth, 2, &mut table)
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
            .perft_hashed(&line.position, line.depth, &mut table)
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
                line.rules
                    .perft_hashed(&line.position, depth, &mut buckets(size)),
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
                rules.perft_hashed(&start, 3, &mut table),
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
            rules.perft_hashed_parallel(&start, 5, threads, &mut table),
            Ok(expected)
        );
    }
    table.clear();
    assert_eq!(rules.perft_hashed(&start, 5, &mut table), Ok(expected));
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
                .divide_observed(
                    &start,
                    3,
                    threads,
                    hashed.then_some(&mut table),
                    &|index, count| seen.lock().unwrap().push((index, count)),
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
            rules.perft_hashed(&start, depth, &mut table),
            rules.perft(&start, depth)
        );
        assert_eq!(
            rules.perft_hashed_parallel(&start, depth, 2, &mut table),
            rules.perft(&start, depth)
        );
    }
    for depth in [halma_rules::MAX_PERFT_DEPTH + 1, u32::MAX] {
        assert_eq!(
            rules.perft_hashed(&start, depth, &mut table),
            rules.perft(&start, depth)
        );
        assert!(rules.perft_hashed(&start, depth, &mut table).is_err());
        assert!(rules
            .divide_observed(&start, depth, 2, Some(&mut table), &|_, _| {})
            .is_err());
    }
}

/// The deepest depth up to 5 whose plain perft has at most `limit` leaves
/// (at least 1), with that count: deep enough for transpositions (from
/// depth 5, a side's two moves in either order meet at ply 3, where depth 2
/// is left) where the position allows it, small enough for a property test.
fn deepest_affordable(rules: &Rules, position: &Position, limit: u64) -> (u32, u64) {
    let mut best = (1, rules.perft(position, 1).expect("depth 1"));
    let mut previous = 1;
    for depth in 2..=5 {
        let (_, count) = best;
        // Stop before a depth whose perft would pass the limit at this branching factor.
        if count == 0 || count.saturating_mul(count / previous) > limit {
            break;
        }
        previous = count;
        best = (depth, rules.perft(position, depth).expect("depth in range"));
    }
    best
}

/// The position after the legal moves `choices` pick from the start (each
/// taken modulo the number of moves), stopping at a finished game.
fn playout(rules: &Rules, choices: &[u16]) -> Position {
    let mut position = rules.start_position();
    for &choice in choices {
        let moves = rules.legal_moves(&position);
        if moves.is_empty() {
            break;
        }
        position
            .make_move(moves[usize::from(choice) % moves.len()])
            .expect("a legal move");
    }
    position
}

/// A position with every seat's pieces on random squares; with `crowd`,
/// the side to move's target camp filled first by `spoilers` foreign pieces
/// and its own (swaps, fills, wins and camp-lock then come into play).
fn scattered(
    rules: &Rules,
    to_move: usize,
    crowd: bool,
    spoilers: usize,
    picks: &[u16],
) -> Option<Position> {
    let seats: Vec<Seat> = rules.seats().iter().collect();
    let mover = seats[to_move % seats.len()];
    let mut free: Vec<Square> = rules.geometry().squares().squares_sorted();
    let mut pick = picks.iter().copied().cycle();
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut left: Vec<(Seat, usize)> = seats
        .iter()
        .map(|&s| (s, usize::from(rules.camp_size())))
        .collect();
    let mut place =
        |seat: Seat, region: Bitboard, free: &mut Vec<Square>, pieces: &mut [Bitboard; 4]| {
            let slot = left.iter_mut().find(|(s, _)| *s == seat).expect("in play");
            let candidates: Vec<usize> = (0..free.len())
                .filter(|&i| region.contains(free[i]))
                .collect();
            if slot.1 == 0 || candidates.is_empty() {
                return;
            }
            let index = candidates[usize::from(pick.next().unwrap_or(0)) % candidates.len()];
            pieces[seat.index()].insert(free.swap_remove(index));
            slot.1 -= 1;
        };
    if crowd {
        let target = rules.target_camp(mover);
        let others: Vec<Seat> = seats.iter().copied().filter(|&s| s != mover).collect();
        for k in 0..target.count() as usize - 1 {
            let seat = if k < spoilers && !others.is_empty() {
                others[k % others.len()]
            } else {
                mover
            };
            place(seat, target, &mut free, &mut pieces);
        }
    }
    let squares = rules.geometry().squares();
    for &seat in &seats {
        for _ in 0..rules.camp_size() {
            place(seat, squares, &mut free, &mut pieces);
        }
    }
    rules
        .position(&Setup::new(rules.geometry(), pieces, mover))
        .ok()
}

/// Hashed perft, fresh and tiny tables, one and two threads, against plain perft.
fn agrees_with_plain(
    rules: &Rules,
    position: &Position,
    table_buckets: usize,
) -> Result<(), TestCaseError> {
    // jump-continue enumerates paths: up to a hundred times the cost per leaf.
    let limit = if rules.options().jump_continue {
        10_000
    } else {
        200_000
    };
    let (depth, expected) = deepest_affordable(rules, position, limit);
    let mut table = buckets(table_buckets);
    prop_assert_eq!(
        rules.perft_hashed(position, depth, &mut table),
        Ok(expected),
        "{} {} depth {}",
        rules,
        position,
        depth
    );
    // The same table again, warm, shared by two threads.
    prop_assert_eq!(
        rules.perft_hashed_parallel(position, depth, 2, &mut table),
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
        prop_assert_eq!(rules.perft_hashed(&position, depth, &mut table), Ok(expected), "{} {}", rules, position);
        prop_assert_eq!(rules.perft_hashed_parallel(&position, depth, 2, &mut table), Ok(expected), "{} {}", rules, position);
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
