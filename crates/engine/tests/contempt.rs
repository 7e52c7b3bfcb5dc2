//! Contempt: a draw by repetition is worth less to the engine than an even
//! position, so a seat that is behind keeps racing instead of repeating
//! (a repetition needs the other seats to repeat too, which a seat that can
//! win never does).

use std::sync::atomic::AtomicBool;

use halma_core::{Move, Seat, Square};
use halma_engine::{Contempt, Engine, EngineOptions, Limits};
use halma_rules::{Game, Rules};

/// The first step (a move to an adjacent square) of the side to move.
fn first_step(game: &Game) -> Option<Move> {
    game.legal_moves().into_iter().find(|mv| {
        let df = i32::from(mv.from().file()) - i32::from(mv.to().file());
        let dr = i32::from(mv.from().rank()) - i32::from(mv.to().rank());
        !mv.is_pass() && df.abs() <= 1 && dr.abs() <= 1
    })
}

/// The legal move of the side to move from `from` to `to`, if any.
fn find_move(game: &Game, from: Square, to: Square) -> Option<Move> {
    game.legal_moves()
        .into_iter()
        .find(|m| !m.is_pass() && m.from() == from && m.to() == to)
}

/// From a position where Red (to move) is behind, Red and Blue each step
/// out and back, so that Red's step out repeats a position. Red falls behind
/// by playing the same reversible step back and forth while Blue races.
fn red_behind_with_a_repetition(seed: u64) -> Option<(Game, Move)> {
    let rules: Rules = "halma8".parse().unwrap();
    let mut game = Game::new(rules);
    let stop = AtomicBool::new(false);
    let mut blue = Engine::new(EngineOptions::default());
    let plies = 6 + 2 * seed as usize;
    let mut wasted: Option<Move> = None;
    while game.moves().len() < plies {
        let mv = if game.to_move() == Seat::Red {
            // Red wastes its moves: one step out and back, again and again.
            match wasted.take() {
                Some(out) => find_move(&game, out.to(), out.from())?,
                None => {
                    let out = first_step(&game)?;
                    wasted = Some(out);
                    out
                }
            }
        } else {
            blue.search(&game, Limits::nodes(500), &stop)
                .unwrap()
                .best_move?
        };
        game.play(mv).ok()?;
    }
    let red_out = first_step(&game)?;
    game.play(red_out).ok()?;
    let blue_out = first_step(&game)?;
    game.play(blue_out).ok()?;
    game.play(find_move(&game, red_out.to(), red_out.from())?)
        .ok()?;
    game.play(find_move(&game, blue_out.to(), blue_out.from())?)
        .ok()?;
    (!game.is_over()).then_some((game, red_out))
}

fn best_move(game: &Game, contempt: i32) -> (Move, i32) {
    let mut options = EngineOptions::default();
    options.contempt = Contempt::new(contempt as u64).expect("in range");
    let mut engine = Engine::new(options);
    let result = engine
        .search(game, Limits::nodes(3_000), &AtomicBool::new(false))
        .unwrap();
    let score = match result.score {
        halma_engine::Score::Units(value) => value,
        other => panic!("a race position, not a forced result: {other:?}"),
    };
    (result.best_move.expect("a move"), score)
}

#[test]
fn behind_without_contempt_the_engine_repeats_and_with_it_races_on() {
    let default = EngineOptions::default().contempt.units();
    assert!(default > 0, "contempt is on by default");
    let mut cases = 0;
    for seed in 0..6 {
        let Some((game, repeating)) = red_behind_with_a_repetition(seed) else {
            continue;
        };
        let (without, score) = best_move(&game, 0);
        if without != repeating {
            continue;
        }
        // Without contempt the repetition is chosen and scored as even.
        assert_eq!(score, 0, "seed {seed}");
        cases += 1;
        let (with, score) = best_move(&game, default);
        if with == repeating {
            // Only when every other line is worse than the draw's price.
            assert_eq!(score, -default, "seed {seed}");
        } else {
            assert!(score > -default, "seed {seed}: {score}");
        }
        let (far, _) = best_move(&game, 10 * default);
        assert_ne!(far, repeating, "seed {seed}: a draw at any price");
    }
    assert!(cases >= 2, "only {cases} positions where Red repeats");
}
