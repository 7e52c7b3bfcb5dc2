//! The shortest-game solver against a plain brute force on small positions,
//! and its errors.

mod common;

use common::bytes_of_tables;
use halma_core::{Bitboard, Move, Position, Seat, SeatSet, Setup, Square};
use halma_rules::Rules;
use halma_solver::shortest::{bound, shortest_game, ShortestOptions};
use halma_solver::{LimitKind, SolveError, SolveLimits};
use halma_tools::rng::Rng;

/// The fewest plies (1 to `max`) of a game from `position` that ends with a
/// win by one of `accepted`, by plain iterative deepening over the rules'
/// legal moves: no bound, no table, nothing clever.
fn brute_force(rules: &Rules, position: &Position, accepted: SeatSet, max: u32) -> Option<u32> {
    fn within(rules: &Rules, position: &Position, accepted: SeatSet, depth: u32) -> bool {
        for mv in rules.legal_moves(position) {
            let mut next = position.clone();
            next.make_move(mv).unwrap();
            let won = match rules.winner(&next) {
                Some(seat) => accepted.contains(seat),
                None => depth > 1 && within(rules, &next, accepted, depth - 1),
            };
            if won {
                return true;
            }
        }
        false
    }
    (1..=max).find(|&depth| within(rules, position, accepted, depth))
}

/// A `halma8` position near the end: each seat fills its target camp but
/// for one or two squares, its other pieces on random squares within three
/// rows and files of the camp; sometimes a piece of the other seat is left
/// in a target camp. `None` when the draw is not a valid unfinished position.
fn near_end(rules: &Rules, rng: &mut Rng) -> Option<Position> {
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut occupied = Bitboard::EMPTY;
    for seat in [Seat::Red, Seat::Blue] {
        let target: Vec<Square> = rules.target_camp(seat).squares_sorted();
        let out = 1 + rng.below(2);
        let mut inside = target.clone();
        for _ in 0..out {
            inside.remove(rng.below(inside.len()));
        }
        for &square in &inside {
            if occupied.contains(square) {
                return None;
            }
            pieces[seat.index()].insert(square);
            occupied.insert(square);
        }
        let corner = rules.target_corner(seat);
        let mut placed = 0;
        let mut tries = 0;
        while placed < out {
            tries += 1;
            if tries > 1000 {
                return None;
            }
            let file = i32::from(corner.file()) + rng.below(9) as i32 - 4;
            let rank = i32::from(corner.rank()) + rng.below(9) as i32 - 4;
            let Some(square) = (0..8)
                .contains(&file)
                .then_some(())
                .and((0..8).contains(&rank).then_some(()))
                .and_then(|_| Square::new(file as u8, rank as u8))
            else {
                continue;
            };
            if occupied.contains(square) || rules.target_camp(seat).contains(square) {
                continue;
            }
            pieces[seat.index()].insert(square);
            occupied.insert(square);
            placed += 1;
        }
    }
    let to_move = if rng.below(2) == 0 {
        Seat::Red
    } else {
        Seat::Blue
    };
    let setup = Setup::new(rules.geometry(), pieces, to_move);
    let position = rules.position(&setup).ok()?;
    (!rules.is_finished(&position)).then_some(position)
}

fn replay(rules: &Rules, start: &Position, moves: &[Move]) -> Option<Seat> {
    let mut position = start.clone();
    for (i, &mv) in moves.iter().enumerate() {
        assert!(
            rules.is_legal(&position, mv),
            "move {} {mv:?} illegal",
            i + 1
        );
        position.make_move(mv).unwrap();
        if i + 1 < moves.len() {
            assert_eq!(rules.winner(&position), None, "won before the last ply");
        }
    }
    rules.winner(&position)
}

fn quiet() -> impl FnMut(&str) {
    |_: &str| {}
}

#[test]
fn the_solver_matches_brute_force_on_small_positions() {
    let mut rng = Rng::new(2026);
    let mut checked = 0;
    let mut none_within = 0;
    let mut compared_lengths = Vec::new();
    let max = 3;
    for rules_text in ["halma8", "halma8,spoil=swap", "halma8,camp-lock"] {
        let rules: Rules = rules_text.parse().unwrap();
        let mut count = 0;
        while count < 12 {
            let Some(position) = near_end(&rules, &mut rng) else {
                continue;
            };
            count += 1;
            for winner in [None, Some(Seat::Red), Some(Seat::Blue)] {
                let accepted = winner.map_or(rules.seats(), |s| SeatSet::of(&[s]));
                let expected = brute_force(&rules, &position, accepted, max);
                let options = ShortestOptions {
                    winner,
                    max_plies: Some(max),
                    beam_width: 64,
                    ..ShortestOptions::default()
                };
                let got = shortest_game(
                    &rules,
                    &position,
                    &options,
                    SolveLimits::default(),
                    &mut quiet(),
                );
                let what = format!("{rules_text} {position} winner {winner:?}");
                match (expected, got) {
                    (Some(plies), Ok(game)) => {
                        assert_eq!(game.plies(), plies, "{what}");
                        assert!(game.proven_shortest, "{what}");
                        assert_eq!(game.lower_bound, plies, "{what}");
                        let won = replay(&rules, &position, &game.moves);
                        assert_eq!(won, Some(game.winner), "{what}");
                        assert!(accepted.contains(game.winner), "{what}");
                        compared_lengths.push(plies);
                    }
                    (None, Err(SolveError::Impossible(text))) => {
                        assert!(text.contains("no win within 3 plies"), "{what}: {text}");
                        none_within += 1;
                    }
                    (expected, got) => panic!("{what}: brute force {expected:?}, solver {got:?}"),
                }
                // The bound never says more than the truth.
                let lower = bound::plies_to_any_win(&rules, &position, accepted.iter()).unwrap();
                assert!(expected.is_none_or(|plies| lower <= plies), "{what}");
                checked += 1;
            }
        }
    }
    // The draw covers wins at several lengths and requests with no answer.
    assert_eq!(checked, 108);
    assert!(none_within > 0);
    for plies in 1..=3 {
        assert!(
            compared_lengths.contains(&plies),
            "no case of {plies} plies"
        );
    }
}

#[test]
fn the_beam_alone_never_claims_too_much() {
    let mut rng = Rng::new(7);
    let rules: Rules = "halma8".parse().unwrap();
    let mut count = 0;
    while count < 10 {
        let Some(position) = near_end(&rules, &mut rng) else {
            continue;
        };
        count += 1;
        let expected = brute_force(&rules, &position, rules.seats(), 3);
        let options = ShortestOptions {
            beam_width: 4,
            prove: false,
            ..ShortestOptions::default()
        };
        let limits = SolveLimits {
            nodes: Some(200_000),
            ..SolveLimits::default()
        };
        match shortest_game(&rules, &position, &options, limits, &mut quiet()) {
            Ok(game) => {
                assert!(replay(&rules, &position, &game.moves).is_some());
                if let Some(plies) = expected {
                    assert!(game.plies() >= plies);
                    assert!(game.lower_bound <= plies);
                    assert_eq!(game.proven_shortest, game.plies() == game.lower_bound);
                } else {
                    assert!(game.plies() > 3);
                    assert!(!game.proven_shortest || game.lower_bound > 3);
                }
            }
            Err(error) => panic!("{position}: {error}"),
        }
    }
}

#[test]
fn a_finished_game_is_an_impossible_request() {
    let rules: Rules = "halma8".parse().unwrap();
    // Red fills its target camp: Red has won.
    let mut pieces = [Bitboard::EMPTY; 4];
    pieces[Seat::Red.index()] = rules.target_camp(Seat::Red);
    pieces[Seat::Blue.index()] = rules.target_camp(Seat::Blue);
    let setup = Setup::new(rules.geometry(), pieces, Seat::Blue);
    let position = rules.position(&setup).unwrap();
    let error = shortest_game(
        &rules,
        &position,
        &ShortestOptions::default(),
        SolveLimits::default(),
        &mut quiet(),
    )
    .unwrap_err();
    assert_eq!(
        error,
        SolveError::Impossible("the game is already over: Red has won".into())
    );
}

#[test]
fn bad_requests_are_refused_with_the_reason() {
    let rules: Rules = "halma".parse().unwrap();
    let start = rules.start_position();
    let run = |options: ShortestOptions| {
        shortest_game(
            &rules,
            &start,
            &options,
            SolveLimits::default(),
            &mut quiet(),
        )
        .unwrap_err()
    };
    let text = |error: SolveError| match error {
        SolveError::Impossible(text) => text,
        other => panic!("{other:?}"),
    };
    let green = run(ShortestOptions {
        winner: Some(Seat::Green),
        ..ShortestOptions::default()
    });
    assert!(text(green).contains("Green is not in play"));
    let short = run(ShortestOptions {
        max_plies: Some(42),
        ..ShortestOptions::default()
    });
    assert!(text(short).contains("no win within 42 plies: every win needs at least 43"));
    for options in [
        ShortestOptions {
            max_plies: Some(0),
            ..ShortestOptions::default()
        },
        ShortestOptions {
            beam_width: 0,
            ..ShortestOptions::default()
        },
        ShortestOptions {
            threads: 0,
            ..ShortestOptions::default()
        },
    ] {
        assert!(text(run(options)).contains("out of range"));
    }
    // A position of another board size is refused.
    let small: Rules = "halma8".parse().unwrap();
    let error = shortest_game(
        &rules,
        &small.start_position(),
        &ShortestOptions::default(),
        SolveLimits::default(),
        &mut quiet(),
    )
    .unwrap_err();
    assert!(text(error).contains("the position is not valid"));
}

#[test]
fn limits_give_the_best_game_found_or_say_none_was() {
    let rules: Rules = "halma".parse().unwrap();
    let start = rules.start_position();
    let tight = SolveLimits {
        nodes: Some(1000),
        ..SolveLimits::default()
    };
    let error = shortest_game(
        &rules,
        &start,
        &ShortestOptions::default(),
        tight,
        &mut quiet(),
    )
    .unwrap_err();
    assert!(
        matches!(error, SolveError::LimitReached { .. }),
        "{error:?}"
    );

    // A narrow beam finds a game; the proof then runs out of nodes.
    let options = ShortestOptions {
        winner: Some(Seat::Red),
        beam_width: 4,
        ..ShortestOptions::default()
    };
    let limits = SolveLimits {
        nodes: Some(400_000),
        ..SolveLimits::default()
    };
    let game = shortest_game(&rules, &start, &options, limits, &mut quiet()).unwrap();
    assert_eq!(replay(&rules, &start, &game.moves), Some(Seat::Red));
    assert!(!game.proven_shortest);
    assert_eq!(game.lower_bound, 43);
    assert!(game.plies() > 43);
    assert!(game.stats.nodes > 400_000);
}

#[test]
fn the_exact_search_stops_before_its_table_passes_the_memory_limit() {
    // The table doubles its capacity at once: checked only after inserting,
    // it would end up to twice the limit.
    let rules: Rules = "halma10".parse().unwrap();
    let start = rules.start_position();
    let options = ShortestOptions {
        winner: Some(Seat::Red),
        beam_width: 64,
        ..ShortestOptions::default()
    };
    for megabytes in [4, 8] {
        let limit = megabytes << 20;
        let limits = SolveLimits {
            memory_bytes: Some(limit),
            ..SolveLimits::default()
        };
        let game = shortest_game(&rules, &start, &options, limits, &mut quiet()).unwrap();
        assert!(!game.proven_shortest);
        assert!(game.stats.exact_table_positions > 0);
        assert!(
            game.stats.peak_memory_bytes <= limit,
            "{} > {limit}",
            game.stats.peak_memory_bytes
        );
    }
}

/// The beam of the default width finds a `halma10` game that Red wins at
/// the first ply the bound allows, so it is proved shortest by the bound
/// alone (`prove: false` skips the exact search). With the beam's
/// distance weight of before, 1/6 move per square, no beam up to 16 384
/// found it: 39 plies at the default width, 37 at 16 384.
#[test]
fn the_beam_finds_the_shortest_halma10_game() {
    let rules: Rules = "halma10".parse().unwrap();
    let start = rules.start_position();
    let options = ShortestOptions {
        winner: Some(Seat::Red),
        threads: 2,
        prove: false,
        ..ShortestOptions::default()
    };
    let game = shortest_game(
        &rules,
        &start,
        &options,
        SolveLimits::default(),
        &mut quiet(),
    )
    .unwrap();
    assert_eq!(game.plies(), 35);
    assert!(game.proven_shortest);
    assert_eq!(game.lower_bound, 35);
    assert_eq!(replay(&rules, &start, &game.moves), Some(Seat::Red));
}

/// The shortest game of `halma10` won by Red, found and proved by the exact
/// search within the default 2 GiB of tables (a beam of 16 finds only a
/// longer game first). About eight minutes in release on the shared 2-core
/// machine when nothing else runs, half an hour beside a CI run; too long
/// for `cargo test`:
/// `cargo test --release -p halma-solver --test shortest -- --ignored`.
#[test]
#[ignore]
fn halma10_shortest_red_win_is_proved() {
    let rules: Rules = "halma10".parse().unwrap();
    let start = rules.start_position();
    let options = ShortestOptions {
        winner: Some(Seat::Red),
        beam_width: 16,
        ..ShortestOptions::default()
    };
    let limits = SolveLimits {
        time: Some(std::time::Duration::from_secs(3600)),
        memory_bytes: Some(2048 << 20),
        ..SolveLimits::default()
    };
    let game = shortest_game(&rules, &start, &options, limits, &mut quiet()).unwrap();
    assert!(
        game.proven_shortest,
        "{} plies, bound {}",
        game.plies(),
        game.lower_bound
    );
    assert_eq!(game.plies(), game.lower_bound);
    assert_eq!(replay(&rules, &start, &game.moves), Some(Seat::Red));
}

#[test]
fn the_beam_stops_before_its_tables_pass_the_memory_limit() {
    // The beam alone (no proof), asked to widen far past what the limits
    // allow: it stops on the memory limit while widening, and what it held
    // never passed the limit. The list of a ply's children and the set of
    // the positions made are checked before they grow, not after the ply.
    let rules: Rules = "halma10".parse().unwrap();
    let start = rules.start_position();
    for threads in [1, 2] {
        let options = ShortestOptions {
            winner: Some(Seat::Red),
            beam_width: 1 << 16,
            threads,
            prove: false,
            ..ShortestOptions::default()
        };
        for megabytes in 1..=6 {
            let limit = megabytes << 20;
            let limits = SolveLimits {
                memory_bytes: Some(limit),
                ..SolveLimits::default()
            };
            let held = match shortest_game(&rules, &start, &options, limits, &mut quiet()) {
                Ok(game) => {
                    assert!(
                        game.stats.beam_width_reached < options.beam_width,
                        "{threads} threads, {megabytes} MiB: the beam reached its full width"
                    );
                    assert_eq!(replay(&rules, &start, &game.moves), Some(Seat::Red));
                    game.stats.peak_memory_bytes
                }
                Err(SolveError::LimitReached {
                    limit: LimitKind::Memory,
                    detail,
                }) => bytes_of_tables(&detail),
                other => panic!("{threads} threads, {megabytes} MiB: {other:?}"),
            };
            assert!(
                held <= limit,
                "{threads} threads: {held} bytes held under a limit of {limit}"
            );
        }
    }
}
