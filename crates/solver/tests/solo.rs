//! The solo solver against an obviously correct breadth-first search built on
//! the rules crate's legal moves, on small races near the target camp.

use std::collections::HashSet;

mod common;

use common::bytes_of_tables;
use halma_core::{Bitboard, Position, Seat, SeatSet, Setup, Square};
use halma_rules::Rules;
use halma_solver::solo::{replay, solo_start, solve, solve_with, SoloConfig, SoloSolution};
use halma_solver::{LimitKind, SolveError, SolveLimits};
use proptest::prelude::*;

/// What a plain breadth-first search learns within `max_depth` moves.
#[derive(Debug, PartialEq, Eq)]
enum Brute {
    /// The fewest moves.
    Optimum(u32),
    /// No sequence of at most `max_depth` moves.
    Longer,
}

/// The fewest moves for the side to move of the one-seat `start`, by
/// breadth-first search over `Rules::legal_moves`, up to `max_depth`.
fn brute_force(rules: &Rules, start: &Position, max_depth: u32) -> Brute {
    let seat = start.to_move();
    let mut seen = HashSet::from([start.pieces(seat)]);
    let mut frontier = vec![start.clone()];
    for depth in 1..=max_depth {
        let mut next = Vec::new();
        for position in &frontier {
            for mv in rules.legal_moves(position) {
                let mut child = position.clone();
                child.make_move_unchecked(mv);
                if rules.meets_goal(&child, seat) {
                    return Brute::Optimum(depth);
                }
                if seen.insert(child.pieces(seat)) {
                    next.push(child);
                }
            }
        }
        frontier = next;
    }
    Brute::Longer
}

/// A one-seat position of Red on the rules' board with pieces on `squares`.
fn red_position(rules: &Rules, squares: Bitboard) -> Position {
    let mut pieces = [Bitboard::EMPTY; 4];
    pieces[Seat::Red.index()] = squares;
    let setup = Setup::new(rules.geometry(), pieces, Seat::Red);
    Position::from_setup(&setup, SeatSet::of(&[Seat::Red])).unwrap()
}

/// Red's target camp with the pieces at `gone` (indices into the camp's
/// squares) moved to `to` (squares near the camp, outside it), plus `extra`
/// more pieces there.
fn near_goal(rules: &Rules, gone: &[usize], to: &[(u8, u8)]) -> Option<Position> {
    let target = rules.target_camp(Seat::Red);
    let camp: Vec<Square> = target.squares_sorted();
    let corner = rules.target_corner(Seat::Red);
    let mut pieces = target;
    for &i in gone {
        pieces.remove(camp[i % camp.len()]);
    }
    for &(dx, dy) in to {
        // Offsets from the target corner (Red's is the south-east).
        let square = Square::new(corner.file() - dx, corner.rank() + dy)?;
        if target.contains(square) || pieces.contains(square) {
            return None;
        }
        pieces.insert(square);
    }
    if target.is_subset(pieces) {
        return None;
    }
    Some(red_position(rules, pieces))
}

/// Checks a solution the way a user would: each move legal in the rules'
/// list, the last one finishing the race.
fn check_replays(rules: &Rules, start: &Position, moves: &[halma_core::Move]) {
    let mut position = start.clone();
    for &mv in moves {
        assert!(!rules.is_finished(&position), "a move after the race ended");
        assert!(
            rules.legal_moves(&position).contains(&mv),
            "{mv:?} is illegal"
        );
        position.make_move_unchecked(mv);
    }
    assert!(
        rules.meets_goal(&position, Seat::Red),
        "the race is not finished"
    );
    replay(rules, start, moves).expect("the solver's own replay agrees");
}

/// [`solve_with`] without progress lines.
fn solve_quietly(
    rules: &Rules,
    start: &Position,
    limits: SolveLimits,
    config: &SoloConfig,
) -> Result<SoloSolution, SolveError> {
    solve_with(rules, start, limits, config, &mut |_| {})
}

/// The search knobs with a beam of `beam_width` (0: none), no meeting beam
/// and the exact search on or off, the rest at their defaults.
fn config(beam_width: usize, exact: bool) -> SoloConfig {
    SoloConfig {
        beam_width,
        meet_width: 0,
        exact,
        ..SoloConfig::default()
    }
}

fn check_against_brute_force(rules: &Rules, start: &Position) {
    const MAX_DEPTH: u32 = 4;
    let brute = brute_force(rules, start, MAX_DEPTH);
    // The exact search alone (no beam to hand it a race), then after a beam.
    for beam_width in [0, 50] {
        let solution = solve_quietly(
            rules,
            start,
            SolveLimits::default(),
            &config(beam_width, true),
        )
        .unwrap_or_else(|e| panic!("{start}: {e}"));
        check_replays(rules, &solution.start, &solution.moves);
        assert!(solution.optimal, "{start}: not proved");
        assert_eq!(solution.lower_bound as usize, solution.moves.len());
        match brute {
            Brute::Optimum(optimum) => {
                assert_eq!(solution.moves.len() as u32, optimum, "{rules} {start}")
            }
            Brute::Longer => {
                assert!(solution.moves.len() as u32 > MAX_DEPTH, "{rules} {start}")
            }
        }
    }
    let solution_length = {
        let Brute::Optimum(optimum) = brute else {
            return;
        };
        optimum as usize
    };
    // The bound alone (no exact search) never exceeds the optimum.
    let beam_only =
        solve_quietly(rules, start, SolveLimits::default(), &config(50, false)).unwrap();
    assert!(beam_only.lower_bound as usize <= solution_length);
    assert!(beam_only.moves.len() >= solution_length);
    check_replays(rules, &beam_only.start, &beam_only.moves);
    check_longest_race_asked_for(rules, start, solution_length as u32);
}

/// `SoloConfig::max_length` around the brute-force `optimum` of `start`: at
/// the optimum the exact search finds and proves it; one move shorter it
/// proves that no race exists, and a beam finds none.
fn check_longest_race_asked_for(rules: &Rules, start: &Position, optimum: u32) {
    let capped = |max_length, beam_width, exact| SoloConfig {
        max_length: Some(max_length),
        ..config(beam_width, exact)
    };
    for beam_width in [0, 50] {
        let solution = solve_quietly(
            rules,
            start,
            SolveLimits::default(),
            &capped(optimum, beam_width, true),
        )
        .unwrap_or_else(|e| panic!("{start}: {e}"));
        assert!(solution.optimal, "{start}");
        assert_eq!(solution.moves.len() as u32, optimum, "{start}");
        check_replays(rules, &solution.start, &solution.moves);
    }
    let shorter = optimum - 1;
    if shorter == 0 {
        return;
    }
    for beam_width in [0, 50] {
        let reason = impossible(solve_quietly(
            rules,
            start,
            SolveLimits::default(),
            &capped(shorter, beam_width, true),
        ));
        assert!(
            reason.contains(&format!("no race of at most {shorter} moves")),
            "{start}: {reason}"
        );
    }
    // A beam alone proves nothing, but must not return a longer race: it
    // ends without one (or the start's bound already rules the length out).
    match solve_quietly(
        rules,
        start,
        SolveLimits::default(),
        &capped(shorter, 50, false),
    ) {
        Err(SolveError::NotFound { .. }) | Err(SolveError::Impossible(_)) => {}
        other => panic!("{start}: a race longer than {shorter} moves: {other:?}"),
    }
}

const RULES: [&str; 5] = [
    "halma8",
    "halma8,long-jumps",
    "halma8,camp-lock",
    "halma8,home-lock,jump-continue",
    "halma10",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    #[test]
    fn matches_brute_force_near_the_camp(
        rules in 0..RULES.len(),
        gone in proptest::collection::vec(0usize..15, 1..=2),
        to in proptest::collection::vec((0u8..5, 0u8..5), 2),
    ) {
        let rules: Rules = RULES[rules].parse().unwrap();
        let gone: Vec<usize> = gone.into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect();
        let to = &to[..gone.len()];
        if let Some(start) = near_goal(&rules, &gone, to) {
            check_against_brute_force(&rules, &start);
        }
    }

    #[test]
    fn spare_pieces_may_end_anywhere(
        gone in 0usize..10,
        to in proptest::collection::vec((0u8..5, 0u8..5), 2),
    ) {
        // Eleven pieces for a camp of ten: one is spare.
        let rules: Rules = "halma8".parse().unwrap();
        if let Some(start) = near_goal(&rules, &[gone], &to) {
            check_against_brute_force(&rules, &start);
        }
    }
}

#[test]
fn a_known_position_is_solved_optimally() {
    // Two pieces off the camp, one needing a step to change its parity class.
    let rules: Rules = "halma8".parse().unwrap();
    let start = near_goal(&rules, &[0, 5], &[(4, 0), (0, 4)]).unwrap();
    check_against_brute_force(&rules, &start);
}

#[test]
fn the_start_of_halma8_gets_a_replayable_race_and_a_sound_bound() {
    let rules: Rules = "halma8".parse().unwrap();
    let solution = solve_quietly(
        &rules,
        &rules.start_position(),
        SolveLimits::default(),
        &config(200, false),
    )
    .unwrap();
    check_replays(&rules, &solution.start, &solution.moves);
    // Ten pieces to bring over: at least ten moves.
    assert!(solution.lower_bound >= 10);
    assert!(solution.lower_bound as usize <= solution.moves.len());
    assert_eq!(solution.start.seats(), SeatSet::of(&[Seat::Red]));
    assert!(solution.start.pieces(Seat::Blue).is_empty());
}

fn impossible(result: Result<impl std::fmt::Debug, SolveError>) -> String {
    match result {
        Err(SolveError::Impossible(reason)) => reason,
        other => panic!("expected an impossible request, got {other:?}"),
    }
}

#[test]
fn impossible_requests_say_why() {
    let rules: Rules = "halma8".parse().unwrap();
    let target = rules.target_camp(Seat::Red);

    let finished = red_position(&rules, target);
    let reason = impossible(solve(&rules, &finished, SolveLimits::default()));
    assert!(reason.contains("already fills"), "{reason}");

    let mut nine = target;
    nine.remove(target.first().unwrap());
    let reason = impossible(solve(
        &rules,
        &red_position(&rules, nine),
        SolveLimits::default(),
    ));
    assert!(
        reason.contains("9 pieces") && reason.contains("10 squares"),
        "{reason}"
    );

    let reason = impossible(solve(
        &rules,
        &red_position(&rules, Bitboard::EMPTY),
        SolveLimits::default(),
    ));
    assert!(reason.contains("no pieces"), "{reason}");

    let other: Rules = "halma10".parse().unwrap();
    let reason = impossible(solo_start(&other, &rules.start_position()));
    assert!(
        reason.contains("8x8") && reason.contains("10x10"),
        "{reason}"
    );
}

#[test]
fn the_other_seats_are_removed() {
    // Blue to move from the start: Blue races alone to Red's home camp.
    let rules: Rules = "halma8".parse().unwrap();
    let position = rules
        .parse_position(&rules.start_position().to_string().replace(" r", " b"))
        .unwrap();
    let start = solo_start(&rules, &position).unwrap();
    assert_eq!(start.to_move(), Seat::Blue);
    assert!(start.pieces(Seat::Red).is_empty());
    assert_eq!(start.pieces(Seat::Blue), rules.home_camp(Seat::Blue));
}

/// The limit that runs out when solving `start` under `limits` with
/// `config`: the search must end with [`SolveError::LimitReached`].
fn limit_reached(
    rules: &Rules,
    start: &Position,
    limits: SolveLimits,
    config: &SoloConfig,
) -> LimitKind {
    match solve_quietly(rules, start, limits, config) {
        Err(SolveError::LimitReached { limit, .. }) => limit,
        other => panic!("expected a limit to run out, got {other:?}"),
    }
}

/// No limit but `kind`, at `amount` (nodes, seconds or bytes).
fn only(kind: LimitKind, amount: u64) -> SolveLimits {
    let mut limits = SolveLimits::default();
    match kind {
        LimitKind::Nodes => limits.nodes = Some(amount),
        LimitKind::Time => limits.time = Some(std::time::Duration::from_secs(amount)),
        LimitKind::Memory => limits.memory_bytes = Some(amount),
    }
    limits
}

#[test]
fn limits_stop_the_search_with_what_was_proved() {
    let rules: Rules = "halma8".parse().unwrap();
    let start = rules.start_position();
    let exact_alone = config(0, true);
    // No beam and almost no nodes: nothing found.
    let limit = limit_reached(&rules, &start, only(LimitKind::Nodes, 1000), &exact_alone);
    assert_eq!(limit, LimitKind::Nodes);
    // A beam first, then the exact search cut short: the beam's race, unproved.
    let solution = solve_quietly(
        &rules,
        &start,
        only(LimitKind::Nodes, 200_000),
        &config(100, true),
    )
    .unwrap();
    assert!(!solution.optimal);
    assert_eq!(solution.stopped, Some(LimitKind::Nodes));
    assert!((solution.lower_bound as usize) < solution.moves.len());
    check_replays(&rules, &solution.start, &solution.moves);
    // A memory limit too small for the first tables.
    let limit = limit_reached(&rules, &start, only(LimitKind::Memory, 1), &exact_alone);
    assert_eq!(limit, LimitKind::Memory);
}

#[test]
fn a_beam_that_ends_without_a_race_is_not_found_not_a_limit() {
    // Found by experiment: from the halma8 start a beam of width 1 settles
    // into a cycle (its best state's cost stops falling by move 40) and
    // reaches its horizon without filling the camp. No limit is set, so
    // none can have run out, and nothing is proved.
    let rules: Rules = "halma8".parse().unwrap();
    let start = rules.start_position();
    let width_one = config(1, false);
    match solve_quietly(&rules, &start, SolveLimits::default(), &width_one) {
        Err(error @ SolveError::NotFound { .. }) => {
            let text = error.to_string();
            assert!(
                text.contains("proves nothing") && text.contains("beam (width 1)"),
                "{text}"
            );
            assert!(!text.contains("limit"), "{text}");
        }
        other => panic!("expected no race found, got {other:?}"),
    }
    // The same beam under a node limit it passes: that limit is the answer,
    // even though the beam keeps far fewer states a move than the interval
    // at which the limits are read within a move.
    let limit = limit_reached(&rules, &start, only(LimitKind::Nodes, 1000), &width_one);
    assert_eq!(limit, LimitKind::Nodes);
    // The clock is read as well: a time limit of zero stops it at once.
    let limit = limit_reached(&rules, &start, only(LimitKind::Time, 0), &width_one);
    assert_eq!(limit, LimitKind::Time);
}

#[test]
fn a_search_with_neither_part_is_refused() {
    let rules: Rules = "halma8".parse().unwrap();
    let start = rules.start_position();
    let nothing = config(0, false);
    let reason = impossible(solve_quietly(
        &rules,
        &start,
        SolveLimits::default(),
        &nothing,
    ));
    assert!(reason.contains("nothing to search with"), "{reason}");
    // A meeting beam alone searches from the start, but not from a position
    // whose pieces are off their home camp.
    let meeting_alone = SoloConfig {
        meet_width: 10,
        ..nothing
    };
    let searched = solve_quietly(&rules, &start, SolveLimits::default(), &meeting_alone);
    assert!(
        !matches!(searched, Err(SolveError::Impossible(_))),
        "{searched:?}"
    );
    let near = near_goal(&rules, &[0, 5], &[(4, 0), (0, 4)]).unwrap();
    let reason = impossible(solve_quietly(
        &rules,
        &near,
        SolveLimits::default(),
        &meeting_alone,
    ));
    assert!(reason.contains("does not apply"), "{reason}");
}

#[test]
fn the_meeting_beam_gives_replayable_races_within_the_proved_bounds() {
    // From the halma8 start (pieces on the home camp): the meeting beam
    // alone, narrow and wider, and after a beam it must not lengthen.
    let rules: Rules = "halma8".parse().unwrap();
    let start = rules.start_position();
    for meet_width in [3, 300] {
        let meeting = SoloConfig {
            meet_width,
            ..config(0, false)
        };
        match solve_quietly(&rules, &start, SolveLimits::default(), &meeting) {
            Ok(solution) => {
                check_replays(&rules, &solution.start, &solution.moves);
                assert!(solution.lower_bound as usize <= solution.moves.len());
            }
            Err(error @ SolveError::NotFound { .. }) => {
                assert!(meet_width < 300, "width {meet_width}: {error}");
                assert!(error.to_string().contains("meeting beam"), "{error}");
            }
            Err(other) => panic!("width {meet_width}: {other}"),
        }
    }
    let beam = solve_quietly(&rules, &start, SolveLimits::default(), &config(30, false)).unwrap();
    let both = solve_quietly(
        &rules,
        &start,
        SolveLimits::default(),
        &SoloConfig {
            meet_width: 300,
            ..config(30, false)
        },
    )
    .unwrap();
    check_replays(&rules, &both.start, &both.moves);
    assert!(both.moves.len() <= beam.moves.len());
}

/// The `halma8` race from the start, proved optimal. About 5 s in release
/// (the meeting beam finds the optimal race, so the exact search only
/// refutes the shorter lengths), too long in `cargo test`'s debug build;
/// `.ci/run` runs it: `cargo test --release -p halma-solver --test solo -- --ignored`.
#[test]
#[ignore]
fn halma8_is_solved_to_proven_optimality() {
    let rules: Rules = "halma8".parse().unwrap();
    let solution = solve(&rules, &rules.start_position(), SolveLimits::default()).unwrap();
    assert!(solution.optimal);
    assert_eq!(solution.lower_bound as usize, solution.moves.len());
    check_replays(&rules, &solution.start, &solution.moves);
}

#[test]
fn the_longest_race_asked_for_is_checked_and_obeyed() {
    let rules: Rules = "halma8".parse().unwrap();
    let start = rules.start_position();
    for max_length in [0, 1001] {
        let reason = impossible(solve_quietly(
            &rules,
            &start,
            SolveLimits::default(),
            &SoloConfig {
                max_length: Some(max_length),
                ..config(50, true)
            },
        ));
        assert!(
            reason.contains(&format!("{max_length} moves, is outside 1 ..= 1000")),
            "{reason}"
        );
    }
    // Below the start's admissible bound (ten pieces to bring over), refused
    // before any search.
    let reason = impossible(solve_quietly(
        &rules,
        &start,
        SolveLimits::default(),
        &SoloConfig {
            max_length: Some(9),
            ..config(50, true)
        },
    ));
    assert!(reason.contains("at least"), "{reason}");
    // The meeting beam prunes against it too: asked for races shorter than
    // the one it finds unasked, it finds a shorter one or none.
    for meet_width in [20, 300] {
        let meeting = SoloConfig {
            meet_width,
            ..config(0, false)
        };
        let unasked = solve_quietly(&rules, &start, SolveLimits::default(), &meeting).unwrap();
        let max_length = unasked.moves.len() as u32 - 1;
        let capped = SoloConfig {
            max_length: Some(max_length),
            ..meeting
        };
        match solve_quietly(&rules, &start, SolveLimits::default(), &capped) {
            Ok(solution) => {
                assert!(solution.moves.len() as u32 <= max_length);
                check_replays(&rules, &solution.start, &solution.moves);
            }
            Err(SolveError::NotFound { .. }) => {}
            Err(other) => panic!("width {meet_width}: {other}"),
        }
    }
}

#[test]
fn threads_out_of_range_are_refused_and_two_threads_prove_the_same() {
    let rules: Rules = "halma8".parse().unwrap();
    let start = rules.start_position();
    for threads in [0, 257] {
        let reason = impossible(solve_quietly(
            &rules,
            &start,
            SolveLimits::default(),
            &SoloConfig {
                threads,
                ..config(50, true)
            },
        ));
        assert!(
            reason.contains(&format!("threads {threads} is out of range (1 to 256)")),
            "{reason}"
        );
    }
    let near = near_goal(&rules, &[0, 5], &[(4, 0), (0, 4)]).unwrap();
    let solve_on = |threads| {
        solve_quietly(
            &rules,
            &near,
            SolveLimits::default(),
            &SoloConfig {
                threads,
                ..config(0, true)
            },
        )
        .unwrap()
    };
    let (one, two) = (solve_on(1), solve_on(2));
    assert!(two.optimal);
    assert_eq!((&one.moves, one.lower_bound), (&two.moves, two.lower_bound));
}

#[test]
fn the_searches_stop_before_their_tables_pass_the_memory_limit() {
    // Each search alone from the halma8 start (the beam, the meeting beam,
    // the exact search), on one thread and on two, under memory limits that
    // its tables reach part-way: it stops on the limit, and what it held
    // never passed it (a table is checked before it grows, not after, and
    // the threads' lists of children waiting to be merged count too).
    let rules: Rules = "halma8".parse().unwrap();
    let start = rules.start_position();
    for (beam_width, meet_width, exact) in [(20_000, 0, false), (0, 20_000, false), (0, 0, true)] {
        for threads in [1, 2] {
            let alone = SoloConfig {
                beam_width,
                meet_width,
                threads,
                ..config(0, exact)
            };
            let case =
                format!("beam {beam_width}, meet {meet_width}, exact {exact}, {threads} threads");
            for limit in (1..=12).map(|mib| mib << 20) {
                match solve_quietly(&rules, &start, only(LimitKind::Memory, limit), &alone) {
                    Err(SolveError::LimitReached {
                        limit: LimitKind::Memory,
                        detail,
                    }) => {
                        let held = bytes_of_tables(&detail);
                        assert!(
                            held <= limit,
                            "{case}: {held} bytes held under a limit of {limit}"
                        );
                    }
                    other => panic!("{case}, limit {limit}: {other:?}"),
                }
            }
        }
    }
}

#[test]
fn polishing_keeps_a_legal_race_and_never_lengthens_it() {
    let rules: Rules = "halma8".parse().unwrap();
    let start = rules.start_position();
    let beam = config(30, false);
    let plain = solve_quietly(&rules, &start, SolveLimits::default(), &beam).unwrap();
    let polished = solve_quietly(
        &rules,
        &start,
        SolveLimits::default(),
        &SoloConfig {
            polish_window: 6,
            polish_nodes: 200_000,
            ..beam
        },
    )
    .unwrap();
    check_replays(&rules, &polished.start, &polished.moves);
    assert!(polished.moves.len() <= plain.moves.len());
    assert!(polished.lower_bound as usize <= polished.moves.len());
}
