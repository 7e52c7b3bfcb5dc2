//! Move texts: a rule set and a position (a start, a late-game position, or
//! one built from bytes), then some moves chosen by the input, then the rest
//! of the input read as a move. A move read is a legal move with the origin
//! and destination the text names; legal moves' notation and their
//! origin-destination short form read back to them; make/unmake restores
//! the position and its hash; the legal moves and the winner agree with the
//! plain reference generator, and so do the paths written and the
//! positions after the moves (the per-move checks take an even sample of up
//! to 12 moves, as each reads the move list again).

#![no_main]
#![forbid(unsafe_code)]

use halma_fuzz::{check_against_oracle, play_moves, sample, scenario, Bytes};
use halma_rules::{IllegalReason, MoveError, Square, MAX_MOVE_TEXT_LEN};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = Bytes::new(data);
    let (rules, mut position) = scenario(&mut bytes);
    let plies = bytes.u8() as usize % 100;
    play_moves(&rules, &mut position, &mut bytes, plies);
    let text = String::from_utf8_lossy(bytes.rest());

    let legal = rules.legal_moves(&position);
    let finished = rules.is_finished(&position);
    assert_eq!(legal.is_empty(), finished);
    assert_eq!(position.hash(), position.hash_from_scratch());

    match rules.parse_move(&position, &text) {
        Ok(mv) => {
            assert!(
                legal.contains(&mv),
                "{text:?} read as {mv:?}, not legal in {position}"
            );
            if mv.is_pass() {
                assert_eq!(&*text, "pass");
                assert_eq!(legal.as_slice(), &[mv]);
            } else {
                let squares: Vec<Square> = text.split('-').map(|s| s.parse().unwrap()).collect();
                assert_eq!(squares.first(), Some(&mv.from()), "{text:?}");
                assert_eq!(squares.last(), Some(&mv.to()), "{text:?}");
            }
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
            if finished && !text.is_empty() && text.len() <= MAX_MOVE_TEXT_LEN {
                assert_eq!(
                    error,
                    MoveError::Illegal(IllegalReason::GameOver),
                    "{text:?} in finished {position}"
                );
            }
        }
    }

    // Each check reads the move list again: a sample keeps runs fast.
    for mv in sample(&legal, 12) {
        let written = rules.move_to_string(&position, mv).expect("a legal move");
        assert!(written.len() <= MAX_MOVE_TEXT_LEN, "{written}");
        assert_eq!(
            rules.parse_move(&position, &written),
            Ok(mv),
            "{written} in {position} under {rules}"
        );
        if !mv.is_pass() {
            let path = rules
                .move_path(&position, mv)
                .expect("a legal move has a path");
            assert!(path.0.len() >= 2);
            assert_eq!(path.0.first(), Some(&mv.from()));
            assert_eq!(path.0.last(), Some(&mv.to()));
            assert_eq!(path.to_string(), written);
            let short = format!("{}-{}", mv.from(), mv.to());
            assert_eq!(
                rules.parse_move(&position, &short),
                Ok(mv),
                "{short} in {position} under {rules}"
            );
        }
        let mut after = position.clone();
        after.make_move_unchecked(mv);
        assert_eq!(after.hash(), after.hash_from_scratch());
        assert_eq!(rules.parse_position(&after.to_string()), Ok(after.clone()));
        after.unmake_move(mv);
        assert_eq!(after, position);
        assert_eq!(after.hash(), position.hash());
    }

    check_against_oracle(&rules, &position, 12);
});
