//! The engine under the rule options `forced-exit` and `jump-continue`:
//! searches answer legal moves (a forced one when a forced exit is due), and
//! the evaluation's forced-exit term counts only under `forced-exit`. The
//! positions are those of `tests/data/perft/reference_options.tsv`.

use std::sync::atomic::AtomicBool;

use halma_engine::eval::{EvalWeights, Evaluator};
use halma_engine::{Engine, EngineOptions, HashSize, Limits};
use halma_rules::{Bitboard, MoveKind, Position, Rules, Seat, Setup};
use halma_testdata::PerftPosition;

fn engine() -> Engine {
    let mut options = EngineOptions::default();
    options.hash = HashSize::new(4).unwrap();
    Engine::new(options)
}

/// (rules, position) of every line of `reference_options.tsv`.
fn reference_positions() -> Vec<(Rules, Position)> {
    halma_testdata::perft_lines("reference_options.tsv")
        .into_iter()
        .map(|line| {
            let rules: Rules = line.rules.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            let position = match line.position {
                PerftPosition::Start => rules.start_position(),
                PerftPosition::Text(text) => rules
                    .parse_position(text)
                    .unwrap_or_else(|e| panic!("{line}: {e}")),
            };
            (rules, position)
        })
        .collect()
}

/// `rules` with `forced-exit` off.
fn without_forced_exit(rules: &Rules) -> Rules {
    let mut options = rules.options();
    options.forced_exit = false;
    Rules::with(rules.preset(), options)
}

/// The reference positions where a forced exit is due: the option removes moves.
fn forced_exit_positions() -> Vec<(Rules, Position)> {
    let found: Vec<_> = reference_positions()
        .into_iter()
        .filter(|(rules, position)| {
            rules.forced_exit()
                && rules.legal_move_count(position)
                    < without_forced_exit(rules).legal_move_count(position)
        })
        .collect();
    assert!(
        !found.is_empty(),
        "no reference position has a forced exit due"
    );
    found
}

#[test]
fn a_search_with_a_forced_exit_due_plays_a_forced_move() {
    for (rules, position) in forced_exit_positions() {
        let free = without_forced_exit(&rules);
        let free_only = free
            .legal_moves(&position)
            .iter()
            .filter(|mv| !rules.is_legal(&position, **mv))
            .count();
        assert!(free_only > 0);
        for limits in [Limits::depth(1), Limits::depth(2), Limits::nodes(2000)] {
            let result = engine()
                .search_position(&rules, &position, &[], limits, &AtomicBool::new(false))
                .unwrap();
            let best = result.best_move.expect("a move");
            assert!(
                rules.legal_moves(&position).contains(&best),
                "{rules} {position}: {}",
                rules.move_to_string(&position, best).unwrap()
            );
            // Every move of the principal variation is legal in turn.
            let mut at = position.clone();
            for mv in &result.pv {
                assert!(rules.is_legal(&at, *mv), "{rules} {position}: pv {mv:?}");
                at.make_move(*mv).unwrap();
            }
        }
    }
}

#[test]
fn a_search_under_jump_continue_plays_a_legal_move() {
    let mut searched = 0;
    for (rules, position) in reference_positions()
        .into_iter()
        .filter(|(rules, _)| rules.jump_continue())
    {
        for limits in [Limits::depth(2), Limits::nodes(1000)] {
            let result = engine()
                .search_position(&rules, &position, &[], limits, &AtomicBool::new(false))
                .unwrap();
            let best = result.best_move.expect("a move");
            assert!(rules.is_legal(&position, best), "{rules} {position}");
            let mut at = position.clone();
            for mv in &result.pv {
                assert!(rules.is_legal(&at, *mv), "{rules} {position}: pv {mv:?}");
                at.make_move(*mv).unwrap();
            }
        }
        searched += 1;
    }
    assert!(searched >= 2, "{searched} jump-continue positions");
}

/// The evaluation of `position` for `seat` with the forced-exit weight `w`.
fn evaluate(rules: &Rules, position: &Position, seat: Seat, w: i32) -> i32 {
    let weights = EvalWeights {
        forced_exit: w,
        ..EvalWeights::default()
    };
    Evaluator::with_weights(rules, weights).evaluate(position, seat)
}

#[test]
fn the_forced_exit_term_sees_due_exits_and_counts_only_under_the_option() {
    let weight = EvalWeights::default().forced_exit;
    assert!(weight > 0, "the term is on by default");
    let positions = forced_exit_positions();
    let mut seen = 0;
    for (rules, position) in positions.iter().filter(|(r, _)| !r.long_jumps()) {
        let evaluator = Evaluator::new(rules);
        let mover = position.to_move();
        // Without long jumps every forced exit is a plain jump the term sees.
        assert!(
            evaluator.forced_exit_due(position, mover),
            "{rules} {position}"
        );
        for seat in rules.seats().iter() {
            let due = |s: Seat| i32::from(evaluator.forced_exit_due(position, s));
            let others: Vec<Seat> = rules.seats().iter().filter(|&s| s != seat).collect();
            let expected = if others.len() == 1 {
                weight * (due(others[0]) - due(seat))
            } else {
                -weight * due(seat)
            };
            let with = evaluate(rules, position, seat, weight);
            let without = evaluate(rules, position, seat, 0);
            assert_eq!(with - without, expected, "{rules} {position} {seat:?}");
            // The same position under rules without the option: no term.
            let free = without_forced_exit(rules);
            assert_eq!(
                evaluate(&free, position, seat, weight),
                evaluate(&free, position, seat, 0),
                "{free} {position}"
            );
        }
        seen += 1;
    }
    assert!(seen >= 1);
    // At the start no piece stands in front of another seat's: nothing is due.
    let rules: Rules = "halma,forced-exit".parse().unwrap();
    let start = rules.start_position();
    let evaluator = Evaluator::new(&rules);
    for seat in rules.seats().iter() {
        assert!(!evaluator.forced_exit_due(&start, seat));
    }
}

#[test]
fn the_forced_exit_term_sees_a_foreign_piece_in_front_of_the_home_camp() {
    // From the halma8 start, a Blue piece put one square forward of a piece
    // in Red's home camp, with the square beyond it empty, makes a forced
    // exit due for Red.
    let rules: Rules = "halma8,forced-exit".parse().unwrap();
    let evaluator = Evaluator::new(&rules);
    let start = rules.start_position();
    let red = start.to_move();
    let home = rules.home_camp(red);
    let mut found = None;
    // Found by looking, so that the test does not hard-code the camp's shape.
    'outer: for from in home {
        for d in rules.forward_directions(red) {
            let Some(over) = from.offset(d, 1) else {
                continue;
            };
            let Some(to) = over.offset(d, 1) else {
                continue;
            };
            if rules.geometry().contains(to)
                && start.piece_at(over).is_none()
                && start.piece_at(to).is_none()
            {
                found = Some(over);
                break 'outer;
            }
        }
    }
    let over = found.expect("a home piece with two empty squares in front");
    let blue = rules.seats().iter().find(|&s| s != red).unwrap();
    // One Blue piece (any: Blue's camp is far from Red's) moves onto `over`.
    let donor = start.pieces(blue).into_iter().next().expect("a blue piece");
    let mut pieces = Seat::ALL.map(|s| start.pieces(s));
    pieces[blue.index()] =
        (pieces[blue.index()] - Bitboard::from_square(donor)) | Bitboard::from_square(over);
    let position = rules
        .position(&Setup::new(rules.geometry(), pieces, red))
        .unwrap();
    assert!(evaluator.forced_exit_due(&position, red), "{position}");
    assert!(!evaluator.forced_exit_due(&start, red));
    // The rules agree that a forced exit is due: every move is a jump from
    // home, and fewer moves are left than without the option.
    let moves = rules.legal_moves(&position);
    assert!(moves
        .iter()
        .all(|mv| home.contains(mv.from()) && mv.kind() == MoveKind::Jump));
    assert!(moves.len() < without_forced_exit(&rules).legal_move_count(&position));
}
