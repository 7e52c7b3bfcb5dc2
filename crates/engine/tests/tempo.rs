//! The tempo of a two-seat leaf (`EngineOptions::tempo`): a search of one
//! ply scores each root move by the evaluation after it less the forward
//! gain of the opponent's best answer among its 8 pieces farthest from the
//! goal, and by the evaluation alone with the tempo off.

use std::sync::atomic::AtomicBool;

use halma_engine::{Engine, EngineOptions, Evaluator, HashSize, Limits, Score, Selectivity};
use halma_rules::{Position, Rules, Square};

/// The forward gain of the best move of the side to move, from the rules'
/// move list, by one of its 8 pieces farthest from the goal (ties by square).
fn best_gain_of_rear_pieces(rules: &Rules, eval: &Evaluator, position: &Position) -> i32 {
    let seat = position.to_move();
    let mut by_cost: Vec<Square> = position.pieces(seat).into_iter().collect();
    by_cost.sort_by_key(|&s| (std::cmp::Reverse(eval.cost(seat, s)), s));
    by_cost.truncate(8);
    rules
        .legal_moves(position)
        .iter()
        .filter(|mv| !mv.is_pass() && by_cost.contains(&mv.from()))
        .map(|mv| eval.gain(seat, mv.from(), mv.to()))
        .fold(0, i32::max)
}

/// The score of a one-ply search of `position`, by the rules' move list.
fn one_ply_score(rules: &Rules, position: &Position, tempo: bool) -> i32 {
    let eval = Evaluator::new(rules);
    let seat = position.to_move();
    rules
        .legal_moves(position)
        .iter()
        .map(|&mv| {
            let mut after = position.clone();
            after.make_move_unchecked(mv);
            let answer = if tempo {
                best_gain_of_rear_pieces(rules, &eval, &after)
            } else {
                0
            };
            eval.evaluate(&after, seat) - answer
        })
        .max()
        .expect("a move")
}

#[test]
fn a_one_ply_search_charges_each_move_the_best_answer() {
    let stop = AtomicBool::new(false);
    let mut differs = 0;
    for name in ["halma8", "halma"] {
        let rules: Rules = name.parse().unwrap();
        let mut position = rules.start_position();
        for ply in 0..40 {
            for tempo in [true, false] {
                let mut options = EngineOptions::default();
                options.hash = HashSize::new(1).unwrap();
                options.tempo = tempo;
                // Every root move searched, as the reference does.
                options.selectivity = Selectivity::default().with_duel_root(usize::MAX);
                let result = Engine::new(options)
                    .search_position(&rules, &position, &[], Limits::depth(1), &stop)
                    .unwrap();
                assert_eq!(
                    result.score,
                    Score::Units(one_ply_score(&rules, &position, tempo)),
                    "{name} ply {ply}, tempo {tempo}: {position}"
                );
            }
            differs += usize::from(
                one_ply_score(&rules, &position, true) != one_ply_score(&rules, &position, false),
            );
            // Not the best move, so that the game goes somewhere varied.
            let moves = rules.legal_moves(&position);
            let mv = moves[ply % moves.len()];
            position.make_move_unchecked(mv);
        }
    }
    // 80 positions compared: the tempo must matter in most of them.
    assert!(differs >= 40, "the tempo changed {differs} of 80 scores");
}
