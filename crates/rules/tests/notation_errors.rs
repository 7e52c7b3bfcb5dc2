//! Every error of section 6 (moves and positions), each with its message.

use halma_rules::{
    IllegalReason, Move, MoveError, MoveKind, Path, PositionError, Preset, Rules, SegmentError,
    Square,
};

fn rules(text: &str) -> Rules {
    text.parse().unwrap()
}

/// The error message for reading `text` as a move in `position` (default: the start).
fn move_error(rules_text: &str, position: Option<&str>, text: &str) -> (MoveError, String) {
    let rules = rules(rules_text);
    let position = match position {
        Some(p) => rules.parse_position(p).unwrap(),
        None => rules.start_position(),
    };
    let error = rules.parse_move(&position, text).unwrap_err();
    let message = error.to_string();
    (error, message)
}

#[test]
fn move_errors_name_the_segment_and_the_reason() {
    // halma8 start: Red a8-d8, a7-c7, a6-b6, a5; Blue h1-e1, h2-f2, h3-g3, h4.
    let cases: &[(&str, Option<&str>, &str, &str)] = &[
        ("halma8", None, "", "empty move: expected a path like e4-e5 or c3-e5-g5, or pass"),
        ("halma8", None, "pass", "pass is only legal when the side to move has no other move"),
        ("halma8", None, "a5", "a move needs at least two squares joined by `-`"),
        ("halma8", None, "a5-z9", "square 2 of the path: `z9` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8"),
        ("halma8", None, "a5-a0", "square 2 of the path: `a0` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8"),
        ("halma8", None, "a5-", "square 2 of the path is missing: a square is a column letter a-h followed by a row number 1-8"),
        ("halma8", None, "i1-h1", "square 1 of the path: `i1` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8"),
        ("halma", None, "a17-a16", "square 1 of the path: `a17` is not a square of the 16x16 board: a square is a column letter a-p followed by a row number 1-16"),
        ("halma8", None, "d4-d5", "there is no piece on d4"),
        ("halma8", None, "h1-g1", "h1 holds a piece of Blue, but Red is to move"),
        ("halma8", None, "a5-a9", "square 2 of the path: `a9` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8"),
        ("halma8", None, "b6-c4", "segment 1 (b6-c4): the segment is bent: its squares are not on one line"),
        ("halma8", None, "a8-a6", "segment 1 (a8-a6): the landing square a6 is occupied"),
        ("halma8", None, "a5-b5-c5", "segment 1 (a5-b5): a step cannot be combined with jumps in one move"),
        ("halma8", None, "a6-a4-a3", "segment 2 (a4-a3): a step cannot be combined with jumps in one move"),
        ("halma8", None, "c7-c5", "segment 1 (c7-c5): there is no piece on c6 to jump over"),
        ("halma8", None, "a5-a2", "segment 1 (a5-a2): a segment of 3 squares is neither a step nor a jump (a jump's length is even)"),
        ("halma8", None, "a6-a4-a6", "segment 2 (a4-a6): the piece may not land on its origin a6"),
        ("halma8", Some("rrrr4/rrr5/r7/8/rr6/6bb/4bbbb/4bbbb r"), "a4-c4-a4", "segment 2 (c4-a4): the piece may not land on its origin a4"),
        ("halma8", Some("rrrr4/rrr5/8/8/8/2r3bb/rr2bbbb/4bbbb r"), "a2-c2-c4-b2", "segment 3 (c4-b2): the segment is bent: its squares are not on one line"),
        ("halma8", Some("rrrr4/rrr5/8/8/1r6/1r4bb/r3bbbb/4bbbb r"), "a2-c4-a4-c2-a4", "segment 4 (c2-a4): the piece already landed on a4 in this move"),
        ("halma8", Some("rrrr4/rrr5/8/8/8/r5bb/4bbbb/rr2bbbb r"), "a1-a5", "segment 1 (a1-a5): a jump over 4 squares needs long-jumps, which are off"),
        ("halma8,long-jumps", Some("rrrr4/rrr5/8/8/8/r5bb/r3bbbb/r3bbbb r"), "a1-a5", "segment 1 (a1-a5): a2 lies between the origin and the landing of a long jump but is not empty"),
        ("halma8,camp-lock", Some("rrrr4/rrr5/rr6/3b4/7b/6bb/5bbb/4rbbb r"), "e1-f1", "segment 1 (e1-f1): the landing square f1 is occupied"),
        ("halma8,camp-lock", Some("rrrr4/rrr5/rr6/3b4/7b/6bb/5bbb/4rbbb r"), "e1-d1", "segment 1 (e1-d1): the segment leaves the target camp from e1, which camp-lock forbids"),
        ("halma8", Some("bbbb4/bbb5/bb6/4b3/7r/6rr/5rrr/4rrrr b"), "a8-a7", "the game is over: no move can be played"),
    ];
    for (rules_text, position, text, message) in cases {
        let (_, got) = move_error(rules_text, *position, text);
        assert_eq!(&got, message, "{rules_text} {position:?} {text}");
    }
    let (error, _) = move_error("halma8", None, &"a1-".repeat(100));
    assert!(matches!(error, MoveError::TooLong { len: 300 }));
    assert!(matches!(
        move_error("halma8", None, "a8-a6").0,
        MoveError::Segment {
            index: 1,
            reason: SegmentError::OccupiedLanding(_),
            ..
        }
    ));
}

/// A crowded halma8 midgame (line 13 of `reference_options.tsv`), Red to move.
const CROWDED: &str = "rbrrb3/rrrbb3/rr1bb3/rb1b4/b1b5/8/8/6r1 r";
/// Red must jump a5-c5 over Blue's b5 (line 7 of `reference_options.tsv`).
const FORCED: &str = "bbbb4/bbb5/bb6/rb6/7r/6rr/6rr/4rrrr r";

/// Every message of a notation error says its reason once: an error whose
/// text holds its reason has no `source()`, and none of the chain repeats
/// the message of the error behind it.
#[test]
fn notation_errors_do_not_repeat_their_source() {
    use std::error::Error as _;
    let texts = [
        "", "pass", "a5", "a5-z9", "a5-", "i1-h1", "a5-a9", "d4-d5", "h1-g1", "b6-c4", "a8-a6",
        "a5-b5-c5", "c7-c5", "a5-a2", "a6-a4-a6",
    ];
    let rules = rules("halma8");
    let start = rules.start_position();
    let mut errors: Vec<MoveError> = texts
        .iter()
        .map(|text| rules.parse_move(&start, text).unwrap_err())
        .collect();
    errors.push(MoveError::Illegal(IllegalReason::GameOver));
    errors.push(MoveError::TooLong { len: 300 });
    for error in &errors {
        let message = error.to_string();
        let mut next = error.source();
        while let Some(cause) = next {
            assert!(
                !message.contains(&cause.to_string()),
                "{message:?} repeats its source {cause:?}"
            );
            next = cause.source();
        }
        // What the caller sees is the whole story: the reason is in the text.
        assert!(error.source().is_none(), "{error:?}");
    }
    // The reasons stay reachable as values.
    assert!(errors.iter().any(|e| matches!(
        e,
        MoveError::Segment {
            reason: SegmentError::OccupiedLanding(_),
            ..
        }
    )));
    assert!(errors
        .iter()
        .any(|e| matches!(e, MoveError::Illegal(IllegalReason::NoPiece(_)))));
}

/// Writing a move that is not legal is an error with the legality
/// contract's reason, never a panic.
#[test]
fn writing_an_illegal_move_says_why() {
    let rules = rules("halma8");
    let start = rules.start_position();
    let sq = |name: &str| name.parse::<Square>().unwrap();
    let cases = [
        (Move::PASS, IllegalReason::PassNotAllowed),
        (
            Move::new(sq("a5"), sq("a4"), MoveKind::Jump),
            IllegalReason::WrongKind {
                from: sq("a5"),
                to: sq("a4"),
                legal: MoveKind::Step,
                played: MoveKind::Jump,
            },
        ),
        (
            Move::new(sq("a5"), sq("a1"), MoveKind::Jump),
            IllegalReason::NoSuchMove {
                from: sq("a5"),
                to: sq("a1"),
            },
        ),
        (
            Move::new(sq("d4"), sq("d5"), MoveKind::Step),
            IllegalReason::NoPiece(sq("d4")),
        ),
        (
            Move::new(sq("h1"), sq("g1"), MoveKind::Step),
            IllegalReason::NotYourPiece {
                square: sq("h1"),
                owner: halma_rules::Seat::Blue,
                to_move: halma_rules::Seat::Red,
            },
        ),
    ];
    for (mv, reason) in cases {
        assert_eq!(rules.move_to_string(&start, mv), Err(reason), "{mv:?}");
        assert_eq!(rules.check_move(&start, mv), Err(reason), "{mv:?}");
    }
    let step = Move::new(sq("a5"), sq("a4"), MoveKind::Step);
    assert_eq!(rules.move_to_string(&start, step).as_deref(), Ok("a5-a4"));
    // A finished game has no notation for any move, not even its pass.
    let won = rules
        .parse_position("bbbb4/bbb5/bb6/4b3/7r/6rr/5rrr/4rrrr b")
        .unwrap();
    assert_eq!(
        rules.move_to_string(&won, Move::PASS),
        Err(IllegalReason::GameOver)
    );
}

/// A path built in code may name squares off the board: the segment says so.
#[test]
fn a_path_built_in_code_is_checked_like_a_text() {
    let rules = rules("halma8");
    let start = rules.start_position();
    let sq = |name: &str| name.parse::<Square>().unwrap();
    let off = Path(vec![sq("a5"), sq("a9")]);
    assert_eq!(
        rules.check_path(&start, &off).unwrap_err().to_string(),
        "segment 1 (a5-a9): a9 is off the board"
    );
    assert_eq!(
        rules.check_path(&start, &Path(vec![sq("a5")])),
        Err(MoveError::TooShort)
    );
    assert_eq!(
        rules.check_path(&start, &Path(vec![sq("a5"), sq("a4")])),
        Ok(Move::new(sq("a5"), sq("a4"), MoveKind::Step))
    );
}

#[test]
fn errors_of_the_new_options_say_which_rule_refuses() {
    let cases: &[(&str, &str, &str, &str)] = &[
        // home-lock: a step and a jump from outside back into Red's home camp.
        ("halma8,home-lock", "rrrr4/rrr5/rr6/8/r6b/6bb/5bbb/4bbbb r", "a4-a5", "segment 1 (a4-a5): the segment lands in the home camp on a5 from outside it, which home-lock forbids"),
        ("halma8,home-lock", "rrrr4/rrr5/r7/r1b5/3r4/6bb/5bbb/4bbbb r", "d4-b6", "segment 1 (d4-b6): the segment lands in the home camp on b6 from outside it, which home-lock forbids"),
        // forced-exit: a step, and a jump that is not forward over another seat's piece.
        ("halma8,forced-exit", FORCED, "e1-d1", "segment 1 (e1-d1): a forced exit is due: the move must begin with a forward jump from the home camp over another seat's piece (forced-exit)"),
        ("halma8,forced-exit", FORCED, "h3-h5", "segment 1 (h3-h5): a forced exit is due: the move must begin with a forward jump from the home camp over another seat's piece (forced-exit)"),
        // jump-continue: c8 S over c7 to c6 could go on SE over d5 to e4.
        ("halma8,jump-continue", CROWDED, "c8-c6", "segment 1 (c8-c6): the sequence stops on c6 but could jump on to e4, which jump-continue forbids"),
        ("halma8,jump-continue", CROWDED, "c7-e5-c5", "segment 2 (e5-c5): the sequence stops on c5 but could jump on to c3, which jump-continue forbids"),
    ];
    for (rules_text, position, text, message) in cases {
        let (_, got) = move_error(rules_text, Some(position), text);
        assert_eq!(&got, message, "{rules_text} {position} {text}");
        // Without the option the same path is a legal move.
        let plain: Rules = rules_text.split(',').next().unwrap().parse().unwrap();
        let position = plain.parse_position(position).unwrap();
        assert!(plain.parse_move(&position, text).is_ok(), "{text}");
    }
}

#[test]
fn the_legality_contract_names_a_due_forced_exit() {
    let rules = rules("halma8,forced-exit");
    let position = rules.parse_position(FORCED).unwrap();
    let step = Move::new("e1".parse().unwrap(), "d1".parse().unwrap(), MoveKind::Step);
    assert_eq!(
        rules.check_move(&position, step).unwrap_err().to_string(),
        "a forced exit is due: every move must begin with a forward jump from the home camp over another seat's piece, and none of the piece on e1 ends on d1"
    );
    assert!(rules
        .legal_moves(&position)
        .iter()
        .all(|mv| mv.from().to_string() == "a5"));
    let plain = Rules::new(Preset::Halma8);
    assert_eq!(plain.check_move(&position, step), Ok(()));
}

#[test]
fn the_legality_contract_names_home_lock_and_jump_continue() {
    let cases: &[(&str, &str, &str, &str, MoveKind)] = &[
        (
            "halma8,home-lock",
            "rrrr4/rrr5/rr6/8/r6b/6bb/5bbb/4bbbb r",
            "a4",
            "a5",
            MoveKind::Step,
        ),
        (
            "halma8,home-lock",
            "rrrr4/rrr5/r7/r1b5/3r4/6bb/5bbb/4bbbb r",
            "d4",
            "b6",
            MoveKind::Jump,
        ),
        ("halma8,jump-continue", CROWDED, "c8", "c6", MoveKind::Jump),
        ("halma8,jump-continue", CROWDED, "c7", "c5", MoveKind::Jump),
    ];
    let expected = [
        "the piece on a4 is outside its home camp and may not come back into it on a5 (home-lock)",
        "the piece on d4 is outside its home camp and may not come back into it on b6 (home-lock)",
        "every jump sequence of the piece on c8 that reaches c6 could go on from there, which jump-continue forbids",
        "every jump sequence of the piece on c7 that reaches c5 could go on from there, which jump-continue forbids",
    ];
    for (&(rules_text, position, from, to, kind), message) in cases.iter().zip(expected) {
        let rules = rules(rules_text);
        let position = rules.parse_position(position).unwrap();
        let mv = Move::new(from.parse().unwrap(), to.parse().unwrap(), kind);
        let error = rules.check_move(&position, mv).unwrap_err();
        assert_eq!(error.to_string(), message, "{rules_text} {from}-{to}");
        // Without the option the same move is legal.
        let plain: Rules = rules_text.split(',').next().unwrap().parse().unwrap();
        assert_eq!(plain.check_move(&position, mv), Ok(()), "{from}-{to}");
    }
    // A square of the home camp that no move reaches even without
    // home-lock (occupied here) is "no legal move", not home-lock's.
    let rules_home = self::rules("halma8,home-lock");
    let position = rules_home
        .parse_position("rrrr4/rrr5/rr6/8/r6b/6bb/5bbb/4bbbb r")
        .unwrap();
    let onto_own = Move::new("a4".parse().unwrap(), "b6".parse().unwrap(), MoveKind::Step);
    assert_eq!(
        rules_home
            .check_move(&position, onto_own)
            .unwrap_err()
            .to_string(),
        "no legal move of the piece on a4 ends on b6"
    );
    // A destination no sequence reaches is still "no legal move".
    let rules = rules("halma8,jump-continue");
    let position = rules.parse_position(CROWDED).unwrap();
    let far = Move::new("c8".parse().unwrap(), "h1".parse().unwrap(), MoveKind::Jump);
    assert_eq!(
        rules.check_move(&position, far).unwrap_err().to_string(),
        "no legal move of the piece on c8 ends on h1"
    );
}

#[test]
fn written_paths_follow_the_new_options() {
    // Under jump-continue c7 reaches c3 only by c7-e5-c5-c3, and c5 is no
    // stop; without it c7-e5-c5 is a move.
    let rules = rules("halma8,jump-continue");
    let position = rules.parse_position(CROWDED).unwrap();
    let mv = rules.parse_move(&position, "c7-c3").unwrap();
    assert_eq!(rules.move_to_string(&position, mv).unwrap(), "c7-e5-c5-c3");
    assert!(rules.parse_move(&position, "c7-c5").is_err());
    // Under forced-exit every written path begins with the forced a5-c5.
    let rules = self::rules("halma8,forced-exit");
    let position = rules.parse_position(FORCED).unwrap();
    for mv in rules.legal_moves(&position).iter() {
        assert!(rules
            .move_to_string(&position, *mv)
            .unwrap()
            .starts_with("a5-c5"));
    }
}

#[test]
fn two_squares_resolve_to_the_written_path() {
    let rules = rules("halma8");
    let position = rules
        .parse_position("rrrr4/rrr5/8/8/1r6/1r4bb/r3bbbb/4bbbb r")
        .unwrap();
    // a2 reaches a4 by a2-c4-a4 (two segments); "a2-a4" is not a segment but names the move.
    let mv = rules.parse_move(&position, "a2-a4").unwrap();
    assert_eq!(rules.move_to_string(&position, mv).unwrap(), "a2-c4-a4");
    assert_eq!(rules.parse_move(&position, "a2-c4-a4"), Ok(mv));
}

#[test]
fn position_errors_say_what_is_wrong() {
    let cases = [
        ("halma8", "rrrr4/rrr5/rr6/r7/8/8/8/8 r", "Blue has 0 pieces, but halma8 gives every seat 10"),
        ("halma8", "rrrr4/rrr5/rr6/r7/7g/6gg/5ggg/4gggg r", "`g` (Green) has pieces but is not a seat in play"),
        ("halma8", "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb g", "the side to move `g` (Green) is not a seat in play"),
        ("halma", "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb r", "the board is 8x8, but halma is played on 16x16"),
        ("halma8", "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb", "position string has no side to move: expected the rows, one space, then r, g, b or y"),
        ("halma8", "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbb r", "row 8 (from the north) has 7 squares at character 30, but the board is 8 wide"),
        ("halma8", "rrrr4/rrr5/rr6/r7/7b/6bb/5bxb/4bbbb r", "unexpected character `x` at character 27: rows hold r, g, b, y and counts of empty squares"),
    ];
    for (rules_text, text, message) in cases {
        let error = rules(rules_text).parse_position(text).unwrap_err();
        assert_eq!(error.to_string(), message, "{text}");
    }
    assert!(matches!(
        rules("halma8").parse_position("8/8 r"),
        Err(PositionError::Size {
            width: 8,
            height: 2,
            expected: 8,
            ..
        })
    ));
}
