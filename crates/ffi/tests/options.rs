//! The rule options `home-lock`, `forced-exit` and `jump-continue` through the
//! C ABI: rules strings, legal moves, forced exits, refused moves and perft
//! against `tests/data/perft/reference_options.tsv`, with no special case.

use std::ptr;

use ::halma_rules::{Move, Position, Rules};
use halma_ffi::*;
use halma_testdata::PerftPosition;

mod common;
use common::{record_of, text, AbiGame};

/// The detail of the last failure on this thread.
fn last_error() -> String {
    // SAFETY: `text` passes valid buffers.
    text(|b, l, o| unsafe { halma_last_error(b, l, o) })
}

/// A rules handle made through the ABI, freed on drop.
struct AbiRules(*mut halma_rules);

impl AbiRules {
    fn new(rules: &str) -> Result<AbiRules, (halma_result, String)> {
        let mut handle = ptr::null_mut();
        // SAFETY: a valid string and output.
        let code = unsafe { halma_rules_new(rules.as_ptr().cast(), rules.len(), &mut handle) };
        if code == halma_result::Ok {
            Ok(AbiRules(handle))
        } else {
            assert!(handle.is_null(), "no handle on failure");
            Err((code, last_error()))
        }
    }

    fn canonical(&self) -> String {
        // SAFETY: a live handle; `text` passes valid buffers.
        text(|b, l, o| unsafe { halma_rules_string(self.0, b, l, o) })
    }
}

impl Drop for AbiRules {
    fn drop(&mut self) {
        // SAFETY: a live handle, freed once.
        unsafe { halma_rules_free(self.0) }
    }
}

/// One line of a reference file.
struct Line {
    number: usize,
    rules: String,
    position: Option<String>,
    depth: u32,
    count: u64,
}

/// Every line of `tests/data/perft/reference_options.tsv`.
fn reference_lines() -> Vec<Line> {
    let lines: Vec<Line> = halma_testdata::perft_lines("reference_options.tsv")
        .into_iter()
        .map(|line| Line {
            number: line.number,
            rules: line.rules.to_owned(),
            position: match line.position {
                PerftPosition::Start => None,
                PerftPosition::Text(text) => Some(text.to_owned()),
            },
            depth: line.depth,
            count: line.count,
        })
        .collect();
    assert!(lines.len() >= 18, "{} lines", lines.len());
    lines
}

/// The Rust position of a reference line.
fn position_of(rules: &Rules, line: &Line) -> Position {
    match &line.position {
        None => rules.start_position(),
        Some(text) => rules.parse_position(text).unwrap(),
    }
}

/// `rules` with `forced-exit` off.
fn without_forced_exit(rules: &Rules) -> Rules {
    let mut options = rules.options();
    options.forced_exit = false;
    Rules::with(rules.preset(), options)
}

/// The ABI's moves, as records, in the Rust API's order.
fn rust_records(rules: &Rules, position: &Position) -> Vec<halma_move> {
    rules
        .legal_moves(position)
        .into_iter()
        .map(record_of)
        .collect()
}

#[test]
fn rules_strings_with_the_new_options_parse_and_print_canonically() {
    let cases = [
        "halma,home-lock,camp-lock,forced-exit,spoil=fill",
        "halma8,jump-continue",
        "super-halma,jump-continue,forced-exit,home-lock",
        "halma4,forced-exit,spoil=swap",
        "halma10,home-lock",
    ];
    for case in cases {
        let rules: Rules = case.parse().unwrap();
        let handle = AbiRules::new(case).unwrap_or_else(|e| panic!("{case}: {e:?}"));
        let canonical = handle.canonical();
        assert_eq!(canonical, rules.to_string(), "{case}");
        // The canonical string reads back to the same rules, through the ABI too.
        let again = AbiRules::new(&canonical).unwrap();
        assert_eq!(again.canonical(), canonical);
        assert_eq!(canonical.parse::<Rules>().unwrap(), rules);
    }
    let abstract_play = AbiRules::new("halma,home-lock,camp-lock,forced-exit,spoil=fill")
        .unwrap()
        .canonical();
    for option in ["home-lock", "camp-lock", "forced-exit", "spoil=fill"] {
        assert!(abstract_play.contains(option), "{abstract_play}");
    }
}

#[test]
fn start_moves_match_the_rust_api_for_each_option() {
    for rules_text in [
        "halma,home-lock",
        "halma,forced-exit",
        "halma,jump-continue",
        "halma8,home-lock,forced-exit,jump-continue",
        "super-halma,jump-continue",
    ] {
        let rules: Rules = rules_text.parse().unwrap();
        let game = AbiGame::new(rules_text, None);
        assert_eq!(
            game.legal_moves(),
            rust_records(&rules, &rules.start_position()),
            "{rules_text}"
        );
    }
}

#[test]
fn a_due_forced_exit_limits_the_moves_and_refuses_others_naming_the_rule() {
    let mut positions = 0;
    for line in reference_lines()
        .iter()
        .filter(|l| l.rules.contains("forced-exit"))
    {
        let rules: Rules = line.rules.parse().unwrap();
        let free = without_forced_exit(&rules);
        let position = position_of(&rules, line);
        let forced = rules.legal_moves(&position);
        let unforced = free.legal_moves(&position);
        // A forced exit is due where the option removes moves.
        let refused: Vec<Move> = unforced
            .iter()
            .copied()
            .filter(|mv| !forced.contains(mv))
            .collect();
        if refused.is_empty() {
            continue;
        }
        positions += 1;
        let what = format!("line {}", line.number);
        let game = AbiGame::new(&line.rules, line.position.as_deref());
        assert_eq!(
            game.legal_moves(),
            rust_records(&rules, &position),
            "{what}"
        );
        for mv in refused {
            let reason = rules.check_move(&position, mv).unwrap_err();
            let record = record_of(mv);
            // SAFETY: a live handle, a valid record.
            let code = unsafe { halma_game_play(game.0, &record) };
            assert_eq!(code, halma_result::IllegalMove, "{what}: {mv:?}");
            let detail = game.last_error();
            assert_eq!(detail, reason.to_string(), "{what}");
            // The option alone refuses it (the free rules allow it): the
            // detail names the rule.
            assert!(detail.contains("forced exit is due"), "{what}: {detail}");
        }
        // Refused moves left the game as it was.
        assert_eq!(
            game.legal_moves(),
            rust_records(&rules, &position),
            "{what}"
        );
    }
    assert!(positions >= 1, "no reference line has a forced exit due");
}

#[test]
fn a_refused_move_text_names_the_forced_exit_rule() {
    let line = reference_lines()
        .into_iter()
        .find(|l| {
            let rules: Rules = l.rules.parse().unwrap();
            rules.forced_exit() && {
                let position = position_of(&rules, l);
                let n = rules.legal_move_count(&position);
                let free = without_forced_exit(&rules);
                free.legal_move_count(&position) > n
            }
        })
        .expect("a reference line with a forced exit due");
    let rules: Rules = line.rules.parse().unwrap();
    let position = position_of(&rules, &line);
    let free = without_forced_exit(&rules);
    let refused = free
        .legal_moves(&position)
        .into_iter()
        .find(|mv| !rules.is_legal(&position, *mv))
        .unwrap();
    let written = free.move_to_string(&position, refused).unwrap();
    let expected = rules.parse_move(&position, &written).unwrap_err();
    let game = AbiGame::new(&line.rules, line.position.as_deref());
    let mut played = record_of(Move::PASS);
    // SAFETY: a live handle, a valid string and output.
    let code = unsafe {
        halma_game_play_notation(game.0, written.as_ptr().cast(), written.len(), &mut played)
    };
    assert_eq!(code, halma_result::IllegalMove);
    let detail = game.last_error();
    assert_eq!(detail, expected.to_string());
    assert!(detail.contains("forced exit"), "{written}: {detail}");
}

#[test]
fn perft_through_the_abi_matches_the_reference_lines() {
    let mut options_seen = [false; 3];
    for line in reference_lines().iter().filter(|l| l.count <= 10_000) {
        let game = AbiGame::new(&line.rules, line.position.as_deref());
        assert_eq!(
            game.perft(line.depth),
            line.count,
            "line {}: {}",
            line.number,
            line.rules
        );
        for (seen, option) in
            options_seen
                .iter_mut()
                .zip(["home-lock", "forced-exit", "jump-continue"])
        {
            *seen |= line.rules.contains(option);
        }
    }
    assert_eq!(options_seen, [true; 3], "every option checked");
}

#[test]
fn a_misspelt_option_is_refused_with_the_rust_message() {
    for bad in [
        "halma,forced-exits",
        "halma,home_lock",
        "halma,jump-continue,jump-continue",
        "halma,jump-continue=yes",
    ] {
        let expected = bad.parse::<Rules>().unwrap_err().to_string();
        let (code, detail) = match AbiRules::new(bad) {
            Ok(_) => panic!("{bad} was accepted"),
            Err(e) => e,
        };
        assert_eq!(code, halma_result::InvalidRules, "{bad}");
        assert_eq!(detail, expected, "{bad}");
    }
    let (_, detail) = AbiRules::new("halma,forced-exits").err().unwrap();
    assert!(detail.contains("forced-exits"), "{detail}");
    assert!(
        detail.contains("jump-continue"),
        "the list of options: {detail}"
    );
}

#[test]
fn a_move_text_refused_by_home_lock_or_jump_continue_names_the_rule() {
    let mut checked = [false; 2];
    for line in reference_lines() {
        let rules: Rules = line.rules.parse().unwrap();
        let position = position_of(&rules, &line);
        let mut options = rules.options();
        options.home_lock = false;
        options.jump_continue = false;
        options.forced_exit = false;
        let free = Rules::with(rules.preset(), options);
        if free == rules || rules.forced_exit() {
            continue;
        }
        let game = AbiGame::new(&line.rules, line.position.as_deref());
        for mv in free
            .legal_moves(&position)
            .into_iter()
            .filter(|mv| !rules.is_legal(&position, *mv))
        {
            let written = free.move_to_string(&position, mv).unwrap();
            let expected = rules.parse_move(&position, &written).unwrap_err();
            let mut played = record_of(Move::PASS);
            // SAFETY: a live handle, a valid string and output.
            let code = unsafe {
                halma_game_play_notation(
                    game.0,
                    written.as_ptr().cast(),
                    written.len(),
                    &mut played,
                )
            };
            assert_eq!(code, halma_result::IllegalMove, "line {}", line.number);
            let detail = game.last_error();
            assert_eq!(detail, expected.to_string(), "line {}", line.number);
            for (seen, rule) in checked.iter_mut().zip(["home-lock", "jump-continue"]) {
                if detail.contains(&format!("which {rule} forbids")) {
                    *seen = true;
                }
            }
            assert!(
                detail.contains("which home-lock forbids")
                    || detail.contains("which jump-continue forbids"),
                "line {}: {written}: {detail}",
                line.number
            );
        }
    }
    assert_eq!(checked, [true; 2], "both rules named somewhere");
}
