//! Games and game records: play, undo, results, and the record format written
//! and read back, with every reader error and its message.

use halma_rules::{
    read_record, write_record, write_record_ended, DrawReason, Game, GameResult, MoveKind,
    PlayError, RecordError, Rules, Seat, TagError, Termination, TerminationError,
};

/// A game of `plies` moves where each side plays its first legal move that is not a pass.
fn scripted_game(rules_text: &str, position: Option<&str>, plies: usize) -> Game {
    let rules: Rules = rules_text.parse().unwrap();
    let mut game = match position {
        Some(p) => {
            let start = rules.parse_position(p).unwrap();
            Game::from_position(rules, start).unwrap()
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
        Some(Ok("g5-h4".to_owned()))
    );
    assert_eq!(game.result(), GameResult::Ongoing);
    assert_eq!(game.undo(), None);
}

#[test]
fn record_errors_say_what_and_where() {
    let cases = [
        ("[Rules \"halma8\"]\n[Result \"Red\"]\n\n1. a5-a4\n", "the record says the result is Red but the moves give *"),
        ("[Rules \"halma8\"]\n\n1. a5-a4 h4-h5 a4-a2\n", "move 3 `a4-a2` (line 3): segment 1 (a4-a2): there is no piece on a3 to jump over"),
        ("[Rules \"halma8\"]\n\n1. a5-a4\n2. h4-x5\n", "move 2 `h4-x5` (line 4): square 2 of the path: `x5` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8"),
        ("[Event \"x\"]\n\n1. a5-a4\n", "the record has no [Rules \"...\"] tag"),
        ("[Rules \"halma9\"]\n", "line 1: unknown preset `halma9`: expected halma, halma3, halma4, halma8, halma10 or super-halma"),
        ("[Rules \"halma8\"]\n[Position \"8/8 r\"]\n", "line 2: the board is 8x2, but halma8 is played on 8x8"),
        ("[Rules \"halma8\"]\n[Result \"Purple\"]\n", "line 2: bad result `Purple`: expected *, Draw, a seat (Red, Green, Blue, Yellow) or `<seat> loses`"),
        ("[Rules halma8]\n", "line 1: malformed tag `[Rules halma8]`: expected [Name \"value\"]"),
        ("[Rules \"halma8\"]\n[Rules \"halma\"]\n", "line 2: tag Rules given twice"),
        ("[Rules \"halma8\"]\n[Position \"bbbb4/bbb5/bb6/4b3/7r/6rr/5rrr/4rrrr b\"]\n\nh8-g8\n", "move 1 `h8-g8` (line 4): the game is over: no move can be played"),
    ];
    for (text, message) in cases {
        let error = read_record(text).unwrap_err();
        assert_eq!(
            halma_rules::ErrorChain(&error).to_string(),
            message,
            "{text}"
        );
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

/// Every seat steps a piece out and then back, twice: the start position
/// occurs three times (at the start and after rounds 2 and 4).
fn repetition_game(rules_text: &str) -> Game {
    let mut game = Game::new(rules_text.parse().unwrap());
    let seats = game.rules().seats().len();
    let mut out = Vec::new();
    for _ in 0..2 {
        for _ in 0..seats {
            let mv = game
                .legal_moves()
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::Step)
                .expect("a step at the start");
            out.push(format!("{}-{}", mv.to(), mv.from()));
            game.play(mv).unwrap();
        }
        for back in out.drain(..) {
            game.play_str(&back).unwrap();
        }
    }
    assert_eq!(game.position(), game.start_position());
    game
}

/// Every termination, written and read back, for two and four seats; the
/// Result tag says what a reader needs without knowing the termination.
#[test]
fn every_termination_round_trips() {
    for (rules, seats) in [("halma8", 2), ("halma4", 4)] {
        let repeated = repetition_game(rules);
        let ongoing = scripted_game(rules, None, 5);
        let cases = [
            (Termination::Normal, &ongoing, "*"),
            (Termination::Draw(DrawReason::Repetition), &repeated, "Draw"),
            (Termination::Draw(DrawReason::PlyLimit), &ongoing, "Draw"),
            (Termination::Draw(DrawReason::Agreement), &ongoing, "Draw"),
            (
                Termination::Draw(DrawReason::Adjudication),
                &ongoing,
                "Draw",
            ),
            (
                Termination::Forfeit {
                    loser: Seat::Blue,
                    reason: "no move within 2000 ms".into(),
                },
                &ongoing,
                if seats == 2 { "Red" } else { "Blue loses" },
            ),
            (
                Termination::Forfeit {
                    loser: Seat::Red,
                    reason: String::new(),
                },
                &ongoing,
                if seats == 2 { "Blue" } else { "Red loses" },
            ),
            (
                Termination::Resignation { loser: Seat::Red },
                &repeated,
                if seats == 2 { "Blue" } else { "Red loses" },
            ),
        ];
        for (termination, game, result) in cases {
            let text = write_record_ended(game, &termination, &[("Event", "t")]).unwrap();
            assert!(text.contains(&format!("[Result \"{result}\"]\n")), "{text}");
            assert_eq!(
                text.contains("[Termination "),
                termination != Termination::Normal,
                "{text}"
            );
            let record = read_record(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(record.termination, termination, "{text}");
            assert_eq!(record.game, *game, "{text}");
            assert_eq!(record.tags.last().unwrap(), &("Event".into(), "t".into()));
            assert_eq!(
                write_record_ended(&record.game, &record.termination, &[("Event", "t")]).unwrap(),
                text
            );
        }
    }
}

#[test]
fn a_forfeit_is_written_with_its_loser_and_reason() {
    let game = scripted_game("halma8", None, 2);
    let forfeit = Termination::Forfeit {
        loser: Seat::Blue,
        reason: "played \"x9-y9\"\nan illegal move".into(),
    };
    let text = write_record_ended(&game, &forfeit, &[]).unwrap();
    assert!(
        text.starts_with(
            "[Rules \"halma8\"]\n[Result \"Red\"]\n[Termination \"forfeit\"]\n[Loser \"Blue\"]\n\
         [TerminationDetails \"played 'x9-y9''an illegal move\"]\n\n1. "
        ),
        "{text}"
    );
    let record = read_record(&text).unwrap();
    assert_eq!(
        record.termination,
        Termination::Forfeit {
            loser: Seat::Blue,
            reason: "played 'x9-y9''an illegal move".into()
        }
    );
    // The old writer is the writer of normal endings.
    assert_eq!(
        write_record(&game, &[]).unwrap(),
        write_record_ended(&game, &Termination::Normal, &[]).unwrap()
    );
    assert_eq!(
        read_record(&write_record(&game, &[]).unwrap())
            .unwrap()
            .termination,
        Termination::Normal
    );
}

#[test]
fn the_writer_refuses_terminations_that_would_not_read_back() {
    let mut won = scripted_game("halma8", Some("bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr r"), 0);
    won.play_str("g5-h4").unwrap();
    let ongoing = scripted_game("halma8", None, 4);
    let cases = [
        (
            &won,
            Termination::Draw(DrawReason::Agreement),
            TerminationError::AlreadyWon {
                winner: Seat::Red,
                termination: "agreement".into(),
            },
        ),
        (
            &won,
            Termination::Resignation { loser: Seat::Blue },
            TerminationError::AlreadyWon {
                winner: Seat::Red,
                termination: "resignation".into(),
            },
        ),
        (
            &ongoing,
            Termination::Resignation { loser: Seat::Green },
            TerminationError::LoserNotInPlay {
                loser: Seat::Green,
                rules: "halma8".into(),
            },
        ),
        (
            &ongoing,
            Termination::Draw(DrawReason::Repetition),
            TerminationError::NotRepeated { count: 1 },
        ),
    ];
    for (game, termination, error) in cases {
        assert_eq!(
            write_record_ended(game, &termination, &[]),
            Err(TagError::Termination(error)),
            "{termination:?}"
        );
    }
    for name in ["Termination", "Loser", "TerminationDetails"] {
        assert_eq!(
            write_record_ended(&ongoing, &Termination::Normal, &[(name, "x")]),
            Err(TagError::Reserved {
                index: 0,
                name: name.into()
            })
        );
    }
    // The won game ends normally.
    let text = write_record_ended(&won, &Termination::Normal, &[]).unwrap();
    assert_eq!(read_record(&text).unwrap().game, won);
}

#[test]
fn termination_errors_say_what_and_where() {
    let head = "[Rules \"halma8\"]\n";
    let won = "[Rules \"halma8\"]\n[Position \"bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr r\"]\n";
    let cases = [
        (format!("{head}[Result \"Draw\"]\n\n1. a5-a4\n"), "line 2: a drawn game needs a [Termination \"...\"] tag: repetition, ply limit, agreement or adjudication"),
        (format!("{head}[Result \"Draw\"]\n[Termination \"stalemate\"]\n"), "line 3: unknown termination `stalemate`: expected normal, repetition, ply limit, agreement, adjudication, forfeit or resignation"),
        (format!("{head}[Result \"Draw\"]\n[Termination \"Ply Limit\"]\n"), "line 3: unknown termination `Ply Limit`: expected normal, repetition, ply limit, agreement, adjudication, forfeit or resignation"),
        (format!("{head}[Result \"Draw\"]\n[Termination \"normal\"]\n"), "line 3: termination `normal` needs [Result \"*\"], but the record has [Result \"Draw\"]"),
        (format!("{head}[Result \"*\"]\n[Termination \"agreement\"]\n"), "line 3: termination `agreement` needs [Result \"Draw\"], but the record has [Result \"*\"]"),
        (format!("{head}[Termination \"agreement\"]\n"), "line 2: termination `agreement` needs [Result \"Draw\"], but the record has no Result tag"),
        (format!("{head}[Result \"Draw\"]\n[Termination \"repetition\"]\n\n1. a5-a4 h4-h5 a4-a5 h5-h4\n"), "line 3: a draw by repetition needs the final position three times, but it occurred 2 time(s)"),
        (format!("{won}[Result \"Draw\"]\n[Termination \"adjudication\"]\n\n1. g5-h4\n"), "line 4: Red has already won on the board, so the game cannot end by adjudication"),
        (format!("{won}[Result \"Red\"]\n[Termination \"forfeit\"]\n[Loser \"Blue\"]\n\n1. g5-h4\n"), "line 4: Red has already won on the board, so the game cannot end by forfeit"),
        (format!("{head}[Result \"Blue\"]\n[Termination \"resignation\"]\n"), "line 3: termination `resignation` needs a [Loser \"...\"] tag naming the seat that lost"),
        (format!("{head}[Result \"Blue\"]\n[Termination \"resignation\"]\n[Loser \"red\"]\n"), "line 4: bad loser `red`: expected Red, Green, Blue or Yellow"),
        (format!("{head}[Result \"Red\"]\n[Termination \"resignation\"]\n[Loser \"Green\"]\n"), "line 3: Green does not play in halma8"),
        (format!("{head}[Result \"Red\"]\n[Termination \"resignation\"]\n[Loser \"Red\"]\n"), "line 3: termination `resignation` needs [Result \"Blue\"], but the record has [Result \"Red\"]"),
        (format!("{head}[Result \"Red loses\"]\n[Termination \"resignation\"]\n[Loser \"Red\"]\n"), "line 3: termination `resignation` needs [Result \"Blue\"], but the record has [Result \"Red loses\"]"),
        ("[Rules \"halma4\"]\n[Result \"Green\"]\n[Termination \"forfeit\"]\n[Loser \"Red\"]\n".to_owned(), "line 3: termination `forfeit` needs [Result \"Red loses\"], but the record has [Result \"Green\"]"),
        (format!("{head}[Result \"Red loses\"]\n"), "line 2: termination `normal` needs [Result \"*\"], but the record has [Result \"Red loses\"]"),
        (format!("{head}[Result \"Draw\"]\n[Termination \"agreement\"]\n[Loser \"Red\"]\n"), "line 4: tag Loser does not go with termination `agreement`"),
        (format!("{head}[Result \"Blue\"]\n[Termination \"resignation\"]\n[Loser \"Red\"]\n[TerminationDetails \"x\"]\n"), "line 5: tag TerminationDetails does not go with termination `resignation`"),
        (format!("{head}[Loser \"Red\"]\n"), "line 2: tag Loser does not go with termination `normal`"),
    ];
    for (text, message) in cases {
        let error = read_record(&text).unwrap_err();
        assert_eq!(
            halma_rules::ErrorChain(&error).to_string(),
            message,
            "{text}"
        );
    }
}

#[test]
fn a_record_names_a_termination_exactly_as_written() {
    for reason in DrawReason::ALL {
        assert_eq!(reason.to_string().parse::<DrawReason>(), Ok(reason));
    }
    assert!("draw".parse::<DrawReason>().is_err());
    let ok = "[Rules \"halma8\"]\n[Result \"Draw\"]\n[Termination \"ply limit\"]\n\n1. a5-a4\n";
    let record = read_record(ok).unwrap();
    assert_eq!(record.termination, Termination::Draw(DrawReason::PlyLimit));
    assert_eq!(record.game.moves().len(), 1);
    let explicit_normal = "[Rules \"halma8\"]\n[Result \"*\"]\n[Termination \"normal\"]\n";
    assert_eq!(
        read_record(explicit_normal).unwrap().termination,
        Termination::Normal
    );
}
