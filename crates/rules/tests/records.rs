//! Games and game records: play, undo, results, and the record format written
//! and read back, with every reader error and its message.

use halma_rules::{
    read_record, write_record, Game, GameResult, PlayError, RecordError, Rules, Seat, TagError,
};

/// A game of `plies` moves where each side plays its first legal move that is not a pass.
fn scripted_game(rules_text: &str, position: Option<&str>, plies: usize) -> Game {
    let rules: Rules = rules_text.parse().unwrap();
    let mut game = match position {
        Some(p) => {
            let start = rules.parse_position(p).unwrap();
            Game::from_position(rules, start)
        }
        None => Game::new(rules),
    };
    for ply in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[(ply * 7) % moves.len()]).unwrap();
    }
    game
}

#[test]
fn records_round_trip() {
    for (rules, position, plies) in [
        ("halma", None, 30),
        ("halma4,spoil=swap", None, 41),
        ("super-halma,camp-lock", None, 25),
        ("halma8", Some("bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr r"), 1),
        ("halma8", Some("bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr b"), 3),
    ] {
        let game = scripted_game(rules, position, plies);
        let text = write_record(&game, &[("Event", "test \"quoted\"")]).unwrap();
        let record = read_record(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(record.game, game, "{text}");
        assert_eq!(
            record.tags[0],
            ("Rules".to_owned(), game.rules().to_string())
        );
        assert!(record
            .tags
            .contains(&("Event".to_owned(), "test 'quoted'".to_owned())));
        assert_eq!(text.contains("[Position "), position.is_some(), "{text}");
        assert_eq!(
            write_record(&record.game, &[("Event", "test 'quoted'")]).unwrap(),
            text
        );
    }
}

#[test]
fn a_record_shows_its_result_and_numbers_rounds() {
    // Red wins with g5-h4 (the reference's line 36).
    let mut game = scripted_game("halma8", Some("bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr r"), 0);
    game.play_str("g5-h4").unwrap();
    assert_eq!(game.result(), GameResult::Won(Seat::Red));
    assert!(game.legal_moves().is_empty());
    assert!(matches!(
        game.play_str("a8-a7"),
        Err(PlayError::Notation(_))
    ));
    let text = write_record(&game, &[]).unwrap();
    assert_eq!(
        text,
        "[Rules \"halma8\"]\n[Position \"bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr r\"]\n[Result \"Red\"]\n\n1. g5-h4\n"
    );
    assert_eq!(
        game.undo()
            .map(|m| game.rules().move_to_string(game.position(), m)),
        Some("g5-h4".to_owned())
    );
    assert_eq!(game.result(), GameResult::Ongoing);
    assert_eq!(game.undo(), None);
}

#[test]
fn record_errors_say_what_and_where() {
    let cases = [
        ("[Rules \"halma8\"]\n[Result \"Red\"]\n\n1. a5-a4\n", "the record says the result is Red but the moves give *"),
        ("[Rules \"halma8\"]\n\n1. a5-a4 h4-h5 a4-a2\n", "move 3 `a4-a2` (line 3): segment 1 (a4-a2): there is no piece on a3 to jump over"),
        ("[Rules \"halma8\"]\n\n1. a5-a4\n2. h4-x5\n", "move 2 `h4-x5` (line 4): square 2 of the path: `x5` is not a square: a square is a column letter a-p followed by a row number 1-16"),
        ("[Event \"x\"]\n\n1. a5-a4\n", "the record has no [Rules \"...\"] tag"),
        ("[Rules \"halma9\"]\n", "line 1: unknown preset `halma9`: expected halma, halma3, halma4, halma8, halma10 or super-halma"),
        ("[Rules \"halma8\"]\n[Position \"8/8 r\"]\n", "line 2: the board is 8x2, but halma8 is played on 8x8"),
        ("[Rules \"halma8\"]\n[Result \"Purple\"]\n", "line 2: bad result `Purple`: expected *, Red, Green, Blue or Yellow"),
        ("[Rules halma8]\n", "line 1: malformed tag `[Rules halma8]`: expected [Name \"value\"]"),
        ("[Rules \"halma8\"]\n[Rules \"halma\"]\n", "line 2: tag Rules given twice"),
        ("[Rules \"halma8\"]\n[Position \"bbbb4/bbb5/bb6/4b3/7r/6rr/5rrr/4rrrr b\"]\n\nh8-g8\n", "move 1 `h8-g8` (line 4): the game is over: no move can be played"),
    ];
    for (text, message) in cases {
        let error = read_record(text).unwrap_err();
        assert_eq!(error.to_string(), message, "{text}");
    }
    let huge = " ".repeat(halma_rules::MAX_RECORD_LEN + 1);
    assert!(matches!(
        read_record(&huge),
        Err(RecordError::TooLarge { .. })
    ));
}

#[test]
fn a_record_with_too_many_moves_is_refused_without_replaying_forever() {
    // Two pieces shuffle back and forth: legal, endless.
    let mut text = String::from("[Rules \"halma8\"]\n\n");
    // A million moves: refused at move MAX_GAME_MOVES + 1, not replayed to the end.
    for _ in 0..250_000 {
        text.push_str("a5-a4 h4-h5 a4-a5 h5-h4 ");
    }
    assert_eq!(read_record(&text).unwrap_err(), RecordError::TooManyMoves);
}

/// Found by the `game_record` fuzz target's review (docs/reliability.md):
/// the writer used to accept any tag name and write a record that its own
/// reader refuses. Now such a tag is an error, and any accepted one reads back.
#[test]
fn the_writer_refuses_tags_that_would_not_read_back() {
    let mut game = Game::new("halma8".parse().unwrap());
    game.play_str("a5-a4").unwrap();
    let refused: [(&[(&str, &str)], TagError); 4] = [
        (
            &[("Bad name", "x")],
            TagError::BadName {
                index: 0,
                name: "Bad name".into(),
            },
        ),
        (
            &[("Event", "x"), ("", "y")],
            TagError::BadName {
                index: 1,
                name: String::new(),
            },
        ),
        (
            &[("Result", "Red")],
            TagError::Reserved {
                index: 0,
                name: "Result".into(),
            },
        ),
        (
            &[("Site", "a"), ("Site", "b")],
            TagError::Duplicate {
                index: 1,
                name: "Site".into(),
            },
        ),
    ];
    for (tags, error) in refused {
        assert_eq!(write_record(&game, tags), Err(error), "{tags:?}");
    }
    let tags = [
        ("Event", "a \"quoted\"\nvalue"),
        ("Round_2", "]["),
        ("X9", ""),
    ];
    let text = write_record(&game, &tags).unwrap();
    let record = read_record(&text).unwrap();
    let names: Vec<&str> = record.tags.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Rules", "Result", "Event", "Round_2", "X9"]);
    assert_eq!(record.game.moves(), game.moves());
}
