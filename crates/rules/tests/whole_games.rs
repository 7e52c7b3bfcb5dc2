//! Property tests: whole games, played to the end on every preset and every
//! option combination (2, 3 and 4 seats, long jumps, camp-lock, each
//! anti-spoiling rule), through the public `Game` API.
//!
//! Random play almost never finishes a Halma game, so the players here are
//! "mostly greedy": each ply takes, with high probability, a move that brings
//! the piece closest to its target camp's corner, and otherwise a random move.
//! That finishes most games while still visiting odd corners (pieces left
//! behind, spoilers, swaps, passes).
//!
//! Checked after every ply:
//! - the result equals a from-scratch evaluation of the winning condition by
//!   the independent reference implementation (`halma-reference`), so the
//!   game ends exactly at the first winning move and never before;
//! - the position's incremental hash equals its hash from scratch;
//! - the move was played from its own notation (`play_str` of the written
//!   path, or of the origin-destination short form), which must give back
//!   the same move;
//! - undo then replay restores the exact position and hash;
//! - a finished game has no legal moves and refuses every move.
//!
//! At the end, the game record is written and read back to the same game.

use halma_reference as oracle;
use halma_rules::{
    read_record, write_record, Game, GameResult, IllegalReason, Move, PlayError, Position, Rules,
    Seat, Square,
};
use proptest::prelude::*;

mod common;
use common::rules_of;

/// Plies after which a game that has not ended is abandoned (it is still
/// checked ply by ply up to there).
const MAX_PLIES: usize = 2_000;

/// A small deterministic generator, seeded by proptest, so a failure is
/// reproduced from its shrunk seed.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// How far a square is from where `seat` wants its pieces: distance to the
/// corner, plus a penalty outside the camp so that pieces fill the camp
/// rather than stop on an equally near square beside it.
fn distance_to_goal(rules: &Rules, seat: Seat, square: Square) -> i32 {
    let corner = rules.target_corner(seat);
    let dx = (i32::from(square.file()) - i32::from(corner.file())).abs();
    let dy = (i32::from(square.rank()) - i32::from(corner.rank())).abs();
    let outside = if rules.target_camp(seat).contains(square) {
        0
    } else {
        16
    };
    dx + dy + dx.max(dy) + outside
}

/// The mostly greedy player's choice among the legal moves.
fn choose(rules: &Rules, position: &Position, moves: &[Move], rng: &mut SplitMix) -> Move {
    if moves.len() == 1 || rng.below(10) == 0 {
        return moves[rng.below(moves.len())];
    }
    let seat = position.to_move();
    let gain = |mv: &Move| {
        distance_to_goal(rules, seat, mv.from()) - distance_to_goal(rules, seat, mv.to())
    };
    let best = moves.iter().map(gain).max().expect("moves is not empty");
    let best_moves: Vec<Move> = moves.iter().copied().filter(|m| gain(m) == best).collect();
    best_moves[rng.below(best_moves.len())]
}

/// The winner by the reference implementation, from the position alone.
fn winner_from_scratch(rules: &Rules, position: &Position) -> Option<Seat> {
    let ref_rules = oracle::parse_rules(&rules.to_string()).expect("oracle reads rules strings");
    let ref_position = oracle::parse_position(&ref_rules, &position.to_string())
        .expect("oracle reads position strings");
    let last_mover = position.last_mover().index() as u8;
    oracle::winner(&ref_rules, &ref_position, last_mover).map(|seat| Seat::ALL[seat as usize])
}

/// Plays one whole game; returns whether it ended with a winner.
fn play_whole_game(rules: &Rules, seed: u64) -> Result<bool, TestCaseError> {
    let mut rng = SplitMix(seed);
    let mut game = Game::new(rules.clone());
    while game.moves().len() < MAX_PLIES {
        let moves: Vec<Move> = game.legal_moves().to_vec();
        prop_assert!(
            !moves.is_empty(),
            "an ongoing game always has a move (or pass)"
        );
        let mv = choose(rules, game.position(), &moves, &mut rng);

        // Play it from its notation: the written path, or the short form.
        let before = game.position().clone();
        let text = if mv.is_pass() || rng.below(2) == 0 {
            game.move_to_string(mv).expect("a legal move")
        } else {
            format!("{}-{}", mv.from(), mv.to())
        };
        let played = game
            .play_str(&text)
            .map_err(|e| TestCaseError::fail(format!("{text:?} in {before}: {e}")))?;
        prop_assert_eq!(played, mv, "{:?} read back as another move", text);

        // Undo and replay restore the exact position and hash.
        let after = game.position().clone();
        prop_assert_eq!(game.undo(), Some(mv));
        prop_assert_eq!(game.position(), &before);
        prop_assert_eq!(game.position().hash(), before.hash());
        game.play(mv)
            .map_err(|e| TestCaseError::fail(format!("replay of {text:?}: {e}")))?;
        prop_assert_eq!(game.position(), &after);

        let position = game.position();
        prop_assert_eq!(position.hash(), position.hash_from_scratch());
        let expected = match winner_from_scratch(rules, position) {
            Some(seat) => GameResult::Won(seat),
            None => GameResult::Ongoing,
        };
        prop_assert_eq!(game.result(), expected, "after {} in {}", text, position);
        if game.is_over() {
            prop_assert!(game.legal_moves().is_empty());
            let refused = game.play(moves[0]);
            prop_assert_eq!(
                refused,
                Err(PlayError::Illegal {
                    mv: moves[0],
                    reason: IllegalReason::GameOver
                })
            );
            break;
        }
    }

    // The whole game survives its record.
    let record = write_record(&game, &[("Event", "whole_games")])
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let read = read_record(&record).map_err(|e| TestCaseError::fail(format!("{e}\n{record}")))?;
    prop_assert_eq!(read.game.rules(), game.rules());
    prop_assert_eq!(read.game.moves(), game.moves());
    prop_assert_eq!(read.game.position(), game.position());
    prop_assert_eq!(read.game.result(), game.result());
    Ok(game.is_over())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn whole_games_keep_every_invariant(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in any::<bool>(),
        spoil in 0usize..3,
        seed in any::<u64>(),
    ) {
        play_whole_game(&rules_of(preset, long_jumps, camp_lock, spoil), seed)?;
    }
}

/// Every preset and option combination, one game each: most must reach a
/// winner, or the property above would prove little about endings.
#[test]
fn every_option_combination_plays_to_a_winner() {
    let mut finished = 0;
    let mut total = 0;
    let mut unfinished = Vec::new();
    for preset in 0..6 {
        for options in 0..12 {
            let rules = rules_of(preset, options & 1 == 1, options & 2 == 2, options / 4);
            let seed = (preset * 12 + options) as u64;
            let over = play_whole_game(&rules, seed).unwrap_or_else(|e| panic!("{rules}: {e}"));
            total += 1;
            if over {
                finished += 1;
            } else {
                unfinished.push(rules.to_string());
            }
        }
    }
    eprintln!("{finished} of {total} games ended with a winner; unfinished: {unfinished:?}");
    assert!(
        finished * 4 >= total * 3,
        "only {finished} of {total} games ended: {unfinished:?}"
    );
}
