//! When a game between players ends without a winner on the board: the one
//! repetition rule of matches, self-play and the game record.
//!
//! A position counts every time it stands on the board, the start position
//! included, exactly as [`halma_rules::occurrences_of_final_position`] counts
//! it for the record reader, so that a game adjudicated a draw by repetition
//! here always writes a record that reads back. The engine's search agrees:
//! its repetition history starts with the start position too (see
//! `halma_engine::DrawRules`).

use halma_rules::{occurrences_of_final_position, DrawReason, Game};

/// How often a position must occur for a draw by repetition: three times,
/// the number the record reader checks for `[Termination "repetition"]`.
pub const REPETITION_DRAW: u32 = 3;

/// Whether the current position of `game` has occurred `times` times or
/// more (the start position counting); never with `times` 0, which means
/// "no repetition rule".
pub fn is_repeated(game: &Game, times: u32) -> bool {
    times > 0 && occurrences_of_final_position(game) >= times as usize
}

/// The draw that ends `game` now, if any: [`DrawReason::PlyLimit`] when it
/// has `max_plies` moves or more, else [`DrawReason::Repetition`] when its
/// position occurred `repetitions` times (0: no repetition rule). A game
/// won on the board is not a draw.
pub fn draw(game: &Game, max_plies: usize, repetitions: u32) -> Option<DrawReason> {
    if game.is_over() {
        None
    } else if is_repeated(game, repetitions) {
        Some(DrawReason::Repetition)
    } else if game.moves().len() >= max_plies {
        Some(DrawReason::PlyLimit)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_rules::{check_termination, Move, Rules, Termination};

    /// A step of the side to move that can be taken back by the reverse step
    /// a cycle later: the first legal step.
    fn a_step(game: &Game) -> Move {
        *game
            .legal_moves()
            .iter()
            .find(|m| !m.is_pass() && m.kind() == halma_core::MoveKind::Step)
            .expect("a step in the opening")
    }

    #[test]
    fn the_start_position_counts_as_the_record_reader_counts_it() {
        let rules: Rules = "halma8".parse().unwrap();
        let mut game = Game::new(rules);
        // Both sides step out and back twice: the start position stands on
        // the board three times (the start, and after each cycle).
        let mut draw_at = None;
        for cycle in 0..2 {
            let mut cycle_moves = Vec::new();
            for _ in 0..2 {
                let mv = a_step(&game);
                game.play(mv).unwrap();
                cycle_moves.push(mv);
            }
            for mv in cycle_moves {
                let back = Move::new(mv.to(), mv.from(), mv.kind());
                game.play(back).unwrap();
            }
            let repetition = Termination::Draw(DrawReason::Repetition);
            if draw(&game, 1000, REPETITION_DRAW).is_some() {
                draw_at = draw_at.or(Some(cycle));
            } else {
                // Not yet adjudicated: the record check refuses the draw too.
                assert!(check_termination(&game, &repetition).is_err());
            }
        }
        assert_eq!(game.position(), game.start_position());
        // Counting the start, the third occurrence comes after the second cycle.
        assert_eq!(draw_at, Some(1));
        assert_eq!(
            draw(&game, 1000, REPETITION_DRAW),
            Some(DrawReason::Repetition)
        );
        // The record check accepts exactly this draw.
        assert_eq!(
            check_termination(&game, &Termination::Draw(DrawReason::Repetition)),
            Ok(())
        );
        assert!(!is_repeated(&game, 0), "0 means no repetition rule");
        assert!(!is_repeated(&game, 4));
    }

    #[test]
    fn the_ply_cap_and_a_won_board() {
        let rules: Rules = "halma8".parse().unwrap();
        let mut game = Game::new(rules);
        assert_eq!(draw(&game, 0, REPETITION_DRAW), Some(DrawReason::PlyLimit));
        assert_eq!(draw(&game, 1, REPETITION_DRAW), None);
        game.play(a_step(&game)).unwrap();
        assert_eq!(draw(&game, 1, REPETITION_DRAW), Some(DrawReason::PlyLimit));
    }
}
