//! Every error of section 6 (moves and positions), each with its message.

use halma_rules::{MoveError, PositionError, Rules, SegmentError};

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
        ("halma8", None, "a5-z9", "square 2 of the path: `z9` is not a square: a square is a column letter a-p followed by a row number 1-16"),
        ("halma8", None, "a5-a0", "square 2 of the path: `a0` is not a square: the row must be a number from 1 to 16"),
        ("halma8", None, "i1-h1", "the origin i1 is off the board"),
        ("halma8", None, "d4-d5", "there is no piece on d4"),
        ("halma8", None, "h1-g1", "h1 holds a piece of Blue, but Red is to move"),
        ("halma8", None, "a5-a9", "segment 1 (a5-a9): a9 is off the board"),
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

#[test]
fn two_squares_resolve_to_the_written_path() {
    let rules = rules("halma8");
    let position = rules
        .parse_position("rrrr4/rrr5/8/8/1r6/1r4bb/r3bbbb/4bbbb r")
        .unwrap();
    // a2 reaches a4 by a2-c4-a4 (two segments); "a2-a4" is not a segment but names the move.
    let mv = rules.parse_move(&position, "a2-a4").unwrap();
    assert_eq!(rules.move_to_string(&position, mv), "a2-c4-a4");
    assert_eq!(rules.parse_move(&position, "a2-c4-a4"), Ok(mv));
}

#[test]
fn position_errors_say_what_is_wrong() {
    let cases = [
        ("halma8", "rrrr4/rrr5/rr6/r7/8/8/8/8 r", "Blue has 0 pieces, but halma8 gives every seat 10"),
        ("halma8", "rrrr4/rrr5/rr6/r7/7g/6gg/5ggg/4gggg r", "`g` (Green) is not a seat in play under halma8"),
        ("halma8", "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb g", "the side to move `g` (Green) is not a seat in play under halma8"),
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
