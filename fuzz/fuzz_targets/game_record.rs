//! Game records. An input starting with byte 0 builds a game (a rule set, a
//! position, moves chosen by the input) and extra tags from the bytes, and
//! its record must read back to the same game and tags. Any other input is
//! read as record text: a record that reads is written again, and that
//! record reads back to the same rules, start, moves, final position and
//! result, with canonical `Rules`/`Position`/`Result` tags and the extra
//! tags in order; writing is then a fixed point.

#![no_main]

use halma_fuzz::{legal_moves_unsorted, pick_move, scenario, Bytes};
use halma_rules::{read_record, write_record, Game, GameResult, Record, MAX_GAME_MOVES};
use libfuzzer_sys::fuzz_target;

const RESERVED: [&str; 3] = ["Rules", "Position", "Result"];

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
        position.make_move(mv);
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

/// The tags a record of `game` with `extra` tags holds when read back.
fn expected_tags(game: &Game, extra: &[(String, String)]) -> Vec<(String, String)> {
    let rules = game.rules();
    let mut tags = vec![("Rules".to_owned(), rules.to_string())];
    if *game.start_position() != rules.start_position() {
        tags.push(("Position".to_owned(), game.start_position().to_string()));
    }
    tags.push(("Result".to_owned(), game.result().to_string()));
    for (name, value) in extra {
        tags.push((name.clone(), value.replace(['"', '\n', '\r'], "'")));
    }
    tags
}

/// Writes `game` with `extra` tags, reads it back and compares; the record
/// read back writes the same text again.
fn round_trip(game: &Game, extra: &[(String, String)]) {
    let borrowed: Vec<(&str, &str)> = extra
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect();
    let written = match write_record(game, &borrowed) {
        Ok(written) => written,
        Err(error) => {
            // Refused: only for names the reader would refuse.
            assert!(!names_read_back(extra), "{error} for {extra:?}");
            return;
        }
    };
    assert!(names_read_back(extra), "accepted {extra:?}");
    let Record { game: again, tags } = read_record(&written)
        .unwrap_or_else(|e| panic!("a written record does not read back: {e}\n{written}"));
    assert_eq!(again.rules(), game.rules(), "{written}");
    assert_eq!(again.start_position(), game.start_position(), "{written}");
    assert_eq!(again.moves(), game.moves(), "{written}");
    assert_eq!(again.position(), game.position(), "{written}");
    assert_eq!(again.position().hash(), game.position().hash());
    assert_eq!(again.result(), game.result(), "{written}");
    assert_eq!(again, *game);
    assert_eq!(tags, expected_tags(game, extra), "{written}");
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
        write_record(&again, &again_borrowed).as_ref(),
        Ok(&written),
        "writing is a fixed point"
    );
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
        let mut game = Game::from_position(rules, start);
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
        check_game(&game);
        round_trip(&game, &extra);
        return;
    }

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
            round_trip(&record.game, &extra_tags(&record.tags));
        }
        Err(error) => {
            assert!(!error.to_string().is_empty());
        }
    }
});
