//! The exact search against a plain breadth-first search: every kind of
//! round, with and without freeing layers and mirror pairs.

use std::collections::HashSet;

use halma_core::{Bitboard, Seat, Square};
use halma_rules::Rules;

use super::*;
use crate::limits::SolveLimits;

/// The fewest moves from `start` to a state holding `board.target`, by a
/// plain breadth-first search over the board's moves.
pub(crate) fn breadth_first(board: &SoloBoard, start: Bitboard, max: u32) -> Option<u32> {
    let mut seen = HashSet::from([start]);
    let mut frontier = vec![start];
    for depth in 1..=max {
        let mut next = Vec::new();
        for &own in &frontier {
            board.for_each_child(own, |_, _, child| {
                if seen.insert(child) {
                    next.push(child);
                }
            });
        }
        if next.iter().any(|&s| board.is_goal(s)) {
            return Some(depth);
        }
        frontier = next;
    }
    None
}

/// The set of the squares `(file, rank)` of `list`.
pub(crate) fn squares(list: &[(u8, u8)]) -> Bitboard {
    list.iter()
        .map(|&(f, r)| Square::new(f, r).unwrap())
        .collect()
}

/// What [`check`] saw: searches that traced their race through a meeting
/// state having freed layers, and searches that used a mirror.
#[derive(Default)]
struct Seen {
    traced: usize,
    mirrored: usize,
}

/// Checks every kind of round (symmetric, two-sided, one-sided) on a
/// race of a few pieces to a small made-up target, against
/// `breadth_first`, with and without freeing layers and mirror pairs.
fn check(target: &[(u8, u8)], start: Option<&[(u8, u8)]>) -> Seen {
    let mut seen = Seen::default();
    let rules: Rules = "halma8".parse().unwrap();
    let mut board = SoloBoard::new(&rules, Seat::Red);
    board.target = squares(target);
    let start = match start {
        Some(list) => squares(list),
        None => board.rotate(board.target),
    };
    let expected = breadth_first(&board, start, 12).expect("solvable");
    for reversible in [true, false] {
        board.reversible = reversible;
        let two_sided = reversible && start.count() == board.target.count();
        seen.mirrored += (two_sided && board.mirror_for(start).is_some()) as usize;
        // Freeing layers (then tracing through the meeting state),
        // keeping them all, and keeping one state of each mirror pair
        // agree on the optimum and the proof.
        let mut peaks = Vec::new();
        for free_layers in [true, false] {
            for mirror in [true, false] {
                // One thread, and three sharing layers in shares of 7
                // slots: the same race, the same proof.
                let mut races = Vec::new();
                for (threads, share) in [(3, 7), (1, SLOTS_PER_THREAD)] {
                    let mut budget = Budget::new(SolveLimits::default());
                    let mut log = |line: &str| seen.traced += line.contains("tracing") as usize;
                    let options = Options {
                        free_layers,
                        mirror,
                        threads,
                        share,
                    };
                    let outcome =
                        exact_with::<u64>(&board, start, &mut budget, None, &mut log, options);
                    races.push((outcome.states.clone(), outcome.lower_bound));
                    if threads > 1 {
                        continue;
                    }
                    let what = format!("{target:?} reversible {reversible} {options:?}");
                    assert_eq!(races[0], races[1], "{what}: the threads disagree");
                    let states = outcome.states.expect("solved");
                    assert_eq!(states.len() as u32 - 1, expected, "{what}");
                    assert_eq!(outcome.lower_bound, expected, "{what}");
                    assert_eq!(states[0], start);
                    assert!(board.is_goal(*states.last().unwrap()));
                    assert!(
                        states[..states.len() - 1]
                            .iter()
                            .all(|&s| !board.is_goal(s)),
                        "{what}: the camp is filled before the last move"
                    );
                    for pair in states.windows(2) {
                        let mut found = false;
                        board.for_each_child(pair[0], |_, _, child| found |= child == pair[1]);
                        assert!(found, "not a move: {:?} -> {:?}", pair[0], pair[1]);
                    }
                    peaks.push(outcome.peak_memory);
                }
            }
        }
        // Peaks in the order (free, mirror), (free, no mirror), (keep,
        // mirror), (keep, no mirror). A mirror saves states, but these
        // races are too small for that to show (see
        // `mirror_pairs_halve_the_states`).
        assert!(peaks[1] <= peaks[3], "{target:?}: freeing holds more");
    }
    seen
}

#[test]
fn every_kind_of_round_finds_the_optimum() {
    // Symmetric (the start is the target turned): odd and even lengths;
    // the last two targets are their own mirror images.
    let seen = [
        check(&[(5, 2), (6, 2), (5, 3)], None),
        check(&[(4, 4), (5, 5)], None),
        check(&[(6, 1), (7, 0), (6, 0), (7, 1)], None),
        check(&[(1, 1), (2, 1), (3, 1)], None),
        check(&[(7, 0), (6, 0), (7, 1)], None),
    ];
    assert!(
        seen.iter().any(|seen| seen.traced > 0),
        "no symmetric round freed a layer it needed"
    );
    assert!(
        seen.iter().filter(|seen| seen.mirrored > 0).count() >= 2,
        "the mirror went unused"
    );
    // Two-sided, not symmetric; the second is its own mirror image.
    let seen = [
        check(&[(6, 6), (7, 7), (6, 7)], Some(&[(1, 1), (2, 2), (3, 1)])),
        check(&[(7, 0), (6, 1)], Some(&[(1, 6), (0, 7)])),
    ];
    assert!(
        seen.iter().any(|seen| seen.traced > 0),
        "no two-sided round freed a layer it needed"
    );
    assert!(seen[1].mirrored > 0, "the mirror went unused");
    // One-sided: a spare piece (three pieces, two target squares).
    let traced = check(&[(6, 6), (7, 7)], Some(&[(1, 1), (2, 2), (3, 1)])).traced;
    assert!(traced > 0, "no one-sided round freed a layer it needed");
}

/// On races that are their own mirror image, keeping one state of each
/// pair gives the same optimum and proof with far fewer states.
#[test]
fn mirror_pairs_halve_the_states() {
    let rules: Rules = "halma8".parse().unwrap();
    let mut board = SoloBoard::new(&rules, Seat::Red);
    for target in [
        &[(7, 0), (5, 0), (7, 2), (6, 1)][..],
        &[(7, 0), (6, 0), (7, 1), (5, 0), (7, 2)][..],
    ] {
        board.target = squares(target);
        let start = board.rotate(board.target);
        assert!(board.mirror_for(start).is_some(), "{target:?}");
        let mut runs = Vec::new();
        for mirror in [true, false] {
            let mut budget = Budget::new(SolveLimits::default());
            let options = Options {
                free_layers: true,
                mirror,
                threads: 1,
                share: SLOTS_PER_THREAD,
            };
            let outcome = exact_with::<u64>(&board, start, &mut budget, None, &mut |_| {}, options);
            let moves = outcome.states.expect("solved").len() - 1;
            runs.push((moves, outcome.lower_bound, budget.nodes()));
        }
        let [(moves, bound, nodes), (plain_moves, plain_bound, plain_nodes)] = runs[..] else {
            unreachable!()
        };
        assert_eq!((moves, bound), (plain_moves, plain_bound), "{target:?}");
        assert!(
            nodes * 10 < plain_nodes * 6,
            "{target:?}: {nodes} nodes with the mirror, {plain_nodes} without"
        );
    }
}
