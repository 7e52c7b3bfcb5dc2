//! Game records. An input starting with byte 0 builds a game (a rule set, a
//! position, moves chosen by the input), a termination and extra tags from
//! the bytes, and its record must read back to the same game, termination
//! and tags; the writer refuses a termination exactly when
//! `check_termination` does. Any other input is read as record text: a
//! record that reads is written again with its termination, and that record
//! reads back to the same rules, start, moves, final position, result and
//! termination, with canonical `Rules`/`Position`/`Result`/termination tags
//! and the extra tags in order; writing is then a fixed point.

#![no_main]
#![forbid(unsafe_code)]

use halma_fuzz::{legal_moves_unsorted, pick_move, scenario, Bytes};
use halma_rules::{
    check_termination, read_record, result_text, sanitize_tag_value, write_record,
    write_record_ended, DrawReason, Game, GameResult, Record, Seat, TagError, Termination,
    MAX_GAME_MOVES, RESERVED_TAGS,
};
use libfuzzer_sys::fuzz_target;

const RESERVED: [&str; 6] = [
    "Rules",
    "Position",
    "Result",
    "Termination",
    "Loser",
    "TerminationDetails",
];

/// Checks the game against a replay from its start.
fn check_game(game: &Game) {
    let rules = game.rules();
    assert!(game.moves().len() <= MAX_GAME_MOVES);
    let mut position = game.start_position().clone();
    for &mv in game.moves() {
        assert!(
            legal_moves_unsorted(rules, &position).contains(&mv),
            "{mv:?} in {position}"
        );
        position.make_move_unchecked(mv);
    }
    assert_eq!(&position, game.position());
    assert_eq!(position.hash(), game.position().hash());
    assert_eq!(position.hash(), position.hash_from_scratch());
    let expected = match rules.winner(&position) {
        Some(seat) => GameResult::Won(seat),
        None => GameResult::Ongoing,
    };
    assert_eq!(game.result(), expected);
}

/// The tags a record of `game` ended by `termination` with `extra` tags
/// holds when read back.
fn expected_tags(
    game: &Game,
    termination: &Termination,
    extra: &[(String, String)],
) -> Vec<(String, String)> {
    let rules = game.rules();
    let mut tags = vec![("Rules".to_owned(), rules.to_string())];
    if *game.start_position() != rules.start_position() {
        tags.push(("Position".to_owned(), game.start_position().to_string()));
    }
    let result = result_text(game, termination);
    if *termination == Termination::Normal {
        assert_eq!(result, game.result().to_string());
    }
    tags.push(("Result".to_owned(), result));
    if *termination != Termination::Normal {
        tags.push(("Termination".to_owned(), termination.tag_value().to_owned()));
    }
    if let Some(loser) = termination.loser() {
        tags.push(("Loser".to_owned(), loser.to_string()));
    }
    if let Termination::Forfeit { reason, .. } = termination {
        if !reason.is_empty() {
            tags.push(("TerminationDetails".to_owned(), sanitize_tag_value(reason)));
        }
    }
    for (name, value) in extra {
        tags.push((name.clone(), value.replace(['"', '\n', '\r'], "'")));
    }
    tags
}

/// The termination as it reads back: a forfeit's reason sanitised.
fn as_read(termination: &Termination) -> Termination {
    match termination {
        Termination::Forfeit { loser, reason } => Termination::Forfeit {
            loser: *loser,
            reason: sanitize_tag_value(reason),
        },
        other => other.clone(),
    }
}

/// Writes `game` ended by `termination` with `extra` tags, reads it back and
/// compares; the record read back writes the same text again.
fn round_trip(game: &Game, termination: &Termination, extra: &[(String, String)]) {
    let borrowed: Vec<(&str, &str)> = extra
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let written = match write_record_ended(game, termination, &borrowed) {
        Ok(written) => written,
        Err(TagError::Termination(error)) => {
            // Refused: only for a termination that cannot end the game.
            assert!(names_read_back(extra), "{error} before the names");
            assert_eq!(check_termination(game, termination), Err(error));
            return;
        }
        Err(TagError::TooLarge { len }) => {
            // Refused: only for a record the reader would refuse as too large.
            assert!(len > halma_rules::MAX_RECORD_LEN, "{len}");
            return;
        }
        Err(error) => {
            // Refused: only for names the reader would refuse.
            assert!(!names_read_back(extra), "{error} for {extra:?}");
            return;
        }
    };
    assert!(names_read_back(extra), "accepted {extra:?}");
    assert_eq!(check_termination(game, termination), Ok(()));
    if *termination == Termination::Normal {
        assert_eq!(write_record(game, &borrowed).as_ref(), Ok(&written));
    }
    let Record {
        game: again,
        termination: read_termination,
        tags,
    } = read_record(&written)
        .unwrap_or_else(|e| panic!("a written record does not read back: {e}\n{written}"));
    assert_eq!(read_termination, as_read(termination), "{written}");
    assert_eq!(again.rules(), game.rules(), "{written}");
    assert_eq!(again.start_position(), game.start_position(), "{written}");
    assert_eq!(again.moves(), game.moves(), "{written}");
    assert_eq!(again.position(), game.position(), "{written}");
    assert_eq!(again.position().hash(), game.position().hash());
    assert_eq!(again.result(), game.result(), "{written}");
    assert_eq!(again, *game);
    assert_eq!(tags, expected_tags(game, termination, extra), "{written}");
    for line in written.lines() {
        // Lines wrap at 80 characters; only a lone long move is longer.
        let lone = line
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .count()
            <= 1;
        assert!(
            line.len() <= 80 || line.starts_with('[') || lone,
            "{line:?}"
        );
    }
    let again_extra = extra_tags(&tags);
    let again_borrowed: Vec<(&str, &str)> = again_extra
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        write_record_ended(&again, &read_termination, &again_borrowed).as_ref(),
        Ok(&written),
        "writing is a fixed point"
    );
}

/// A termination chosen by the input: any kind, any seat (in play or not).
fn pick_termination(bytes: &mut Bytes) -> Termination {
    let seat = Seat::ALL[usize::from(bytes.u8() % 4)];
    match bytes.u8() % 8 {
        0..=3 => Termination::Normal,
        4 => Termination::Draw(DrawReason::ALL[usize::from(bytes.u8() % 4)]),
        5 => Termination::Resignation { loser: seat },
        _ => Termination::Forfeit {
            loser: seat,
            reason: String::from_utf8_lossy(bytes.chunk()).into_owned(),
        },
    }
}

/// Whether the reader takes these extra tag names back: ASCII letters,
/// digits and `_`, not a tag the writer writes itself, none twice.
fn names_read_back(extra: &[(String, String)]) -> bool {
    extra.iter().enumerate().all(|(i, (name, _))| {
        !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !RESERVED.contains(&name.as_str())
            && extra[..i].iter().all(|(earlier, _)| earlier != name)
    })
}

fn extra_tags(tags: &[(String, String)]) -> Vec<(String, String)> {
    tags.iter()
        .filter(|(name, _)| !RESERVED.contains(&name.as_str()))
        .cloned()
        .collect()
}

fuzz_target!(|data: &[u8]| {
    if let Some((0, rest)) = data.split_first() {
        let mut bytes = Bytes::new(rest);
        let (rules, start) = scenario(&mut bytes);
        let mut game =
            Game::from_position(rules, start).expect("scenarios are valid under their rules");
        let plies = bytes.u8() as usize * 2;
        for _ in 0..plies {
            match pick_move(game.rules(), game.position(), bytes.u8()) {
                Some(mv) => game.play(mv).expect("a legal move plays"),
                None => break,
            }
        }
        // Any names: the writer must refuse exactly those the reader would.
        let mut extra: Vec<(String, String)> = Vec::new();
        for _ in 0..bytes.u8() % 4 {
            let name = String::from_utf8_lossy(bytes.chunk()).into_owned();
            let value = String::from_utf8_lossy(bytes.chunk()).into_owned();
            extra.push((name, value));
        }
        let termination = pick_termination(&mut bytes);
        check_game(&game);
        round_trip(&game, &termination, &extra);
        return;
    }

    assert_eq!(RESERVED, RESERVED_TAGS);
    let text = String::from_utf8_lossy(data);
    match read_record(&text) {
        Ok(record) => {
            check_game(&record.game);
            let mut names: Vec<&str> = record.tags.iter().map(|(n, _)| n.as_str()).collect();
            names.sort_unstable();
            let count = names.len();
            names.dedup();
            assert_eq!(names.len(), count, "tags are unique");
            assert!(names.contains(&"Rules"));
            assert_eq!(check_termination(&record.game, &record.termination), Ok(()));
            round_trip(&record.game, &record.termination, &extra_tags(&record.tags));
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
        }
    }
});
