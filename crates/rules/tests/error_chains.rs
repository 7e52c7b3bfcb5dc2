//! Every error of `halma-core` and `halma-rules` either says what its cause
//! says or returns the cause from `source()`, never both: a printer of error
//! chains (`ErrorChain`, `anyhow`'s `{:#}`) shows each cause once. Each
//! error here is made the way a user makes it, from bad input.

use std::error::Error;
use std::num::NonZeroUsize;

use halma_rules::{
    read_record, write_record_ended, BuildRulesError, ErrorChain, Game, Geometry, Move, MoveError,
    MoveKind, ParseMoveKindError, PerftTable, PlayError, Position, Preset, Rules, SeatSet,
    SegmentError, Setup, Spoil, Termination,
};

/// Panics when a message of `error`'s chain contains its source's message.
/// The notation errors (`MoveError`, `SegmentError`) are checked by their
/// own tests, not here; their causes are.
fn assert_each_cause_once(error: &(dyn Error + 'static)) {
    let mut current = error;
    while let Some(source) = current.source() {
        let owned_elsewhere = current.downcast_ref::<MoveError>().is_some()
            || current.downcast_ref::<SegmentError>().is_some()
            || matches!(
                current.downcast_ref::<PlayError>(),
                Some(PlayError::Notation(_))
            );
        let (message, cause) = (current.to_string(), source.to_string());
        assert!(
            owned_elsewhere || !message.contains(&cause),
            "`{message}` repeats its source `{cause}` (chain: {})",
            ErrorChain(error)
        );
        current = source;
    }
}

/// A record that does not read: its error, checked.
fn record_error(text: &str) -> String {
    let error = read_record(text).expect_err(text);
    assert_each_cause_once(&error);
    ErrorChain(&error).to_string()
}

#[test]
fn record_errors_name_each_cause_once() {
    let head = "[Rules \"halma8\"]\n";
    let cases = [
        // RecordError::Rules.
        ("[Rules \"halma9\"]\n".to_owned(), "line 1: unknown preset `halma9`: expected halma, halma3, halma4, halma8, halma10 or super-halma"),
        // RecordError::Position, for each kind of position error.
        (format!("{head}[Position \"8/8 r\"]\n"), "line 2: the board is 8x2, but halma8 is played on 8x8"),
        (format!("{head}[Position \"8/8\"]\n"), "line 2: position string has no side to move: expected the rows, one space, then r, g, b or y"),
        (format!("{head}[Position \"rrrr4/rrr5/rr6/r7/8/8/8/8 r\"]\n"), "line 2: Blue has 0 pieces, but halma8 gives every seat 10"),
        (format!("{head}[Position \"rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/3gbbbb r\"]\n"), "line 2: `g` (Green) has pieces but is not a seat in play"),
        (format!("{head}[Position \"rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb g\"]\n"), "line 2: the side to move `g` (Green) is not a seat in play"),
        // RecordError::Move: a segment, a square, the legality contract.
        (format!("{head}\n1. a5-a4 h4-h5 a4-a2\n"), "move 3 `a4-a2` (line 3): segment 1 (a4-a2): there is no piece on a3 to jump over"),
        (format!("{head}\n1. a5-a4\n2. h4-x5\n"), "move 2 `h4-x5` (line 4): square 2 of the path: `x5` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8"),
        (format!("{head}\n1. pass\n"), "move 1 `pass` (line 3): pass is only legal when the side to move has no other move"),
        // RecordError::Termination.
        (format!("{head}[Result \"Draw\"]\n[Termination \"repetition\"]\n\n1. a5-a4 h4-h5 a4-a5 h5-h4\n"), "line 3: a draw by repetition needs the final position three times, but it occurred 2 time(s)"),
    ];
    for (text, chain) in cases {
        assert_eq!(record_error(&text), chain, "{text}");
    }
}

#[test]
fn game_errors_name_each_cause_once() {
    let rules = Rules::new(Preset::Halma8);
    let mut game = Game::new(rules.clone());
    let a5 = "a5".parse().unwrap();
    let a3 = "a3".parse().unwrap();
    // PlayError::Illegal: its reason is the source, not part of the text.
    let error = game.play(Move::jump(a5, a3)).unwrap_err();
    assert_each_cause_once(&error);
    assert_eq!(error.to_string(), "a5-a3 is not a legal move here");
    assert!(error.source().is_some());
    // PlayError::Notation is its move error.
    let error = game.play_str("a5-a3").unwrap_err();
    assert_each_cause_once(&error);
    // PositionError, from strings and from setups built in code.
    for text in ["8/8", "8/8 r", "rrrr4/rrr5/rr6/r7/7g/6gg/5ggg/4gggg r"] {
        let error = rules.parse_position(text).unwrap_err();
        assert_each_cause_once(&error);
    }
    let mut pieces = rules.start_position().to_setup();
    pieces = Setup::new(
        Geometry::new(8, 8).unwrap(),
        [
            pieces.pieces(halma_rules::Seat::Red),
            halma_rules::Bitboard::EMPTY,
            pieces.pieces(halma_rules::Seat::Red),
            halma_rules::Bitboard::EMPTY,
        ],
        halma_rules::Seat::Red,
    );
    let error = Game::from_setup(rules.clone(), &pieces).unwrap_err();
    assert_each_cause_once(&error);
    assert!(
        error.to_string().contains("holds pieces of two seats"),
        "{error}"
    );
    // A position of other seats: the rules' own check.
    let other = Position::from_setup(
        &rules.start_position().to_setup(),
        SeatSet::of(&halma_rules::Seat::ALL),
    )
    .unwrap();
    let error = Game::from_position(rules.clone(), other).unwrap_err();
    assert_each_cause_once(&error);
    // TagError::Termination is its termination error.
    let error = write_record_ended(
        &game,
        &Termination::Draw(halma_rules::DrawReason::Repetition),
        &[],
    )
    .unwrap_err();
    assert_each_cause_once(&error);
}

#[test]
fn value_errors_name_each_cause_once() {
    let mut errors: Vec<Box<dyn Error>> = vec![
        Box::new("chess".parse::<Rules>().unwrap_err()),
        Box::new("halma,fast".parse::<Rules>().unwrap_err()),
        Box::new("halma,,".parse::<Rules>().unwrap_err()),
        Box::new("Halma".parse::<Preset>().unwrap_err()),
        Box::new("all".parse::<Spoil>().unwrap_err()),
        Box::new("hop".parse::<MoveKind>().unwrap_err()),
        Box::new("q1".parse::<halma_rules::Square>().unwrap_err()),
        Box::new("purple".parse::<halma_rules::Seat>().unwrap_err()),
        Box::new("8/8 x".parse::<Setup>().unwrap_err()),
        Box::new(Geometry::new(17, 3).unwrap_err()),
        Box::new(PerftTable::new(0).unwrap_err()),
        Box::new(
            Rules::new(Preset::Halma8)
                .perft(&Rules::new(Preset::Halma8).start_position(), 65)
                .unwrap_err(),
        ),
        Box::new(
            Rules::builder(Preset::SuperHalma)
                .long_jumps(false)
                .build()
                .unwrap_err(),
        ),
    ];
    errors.push(Box::new(
        PerftTable::with_buckets(NonZeroUsize::MAX).unwrap_err(),
    ));
    let _: Option<ParseMoveKindError> = None;
    let _: Option<BuildRulesError> = None;
    for error in &errors {
        assert_each_cause_once(error.as_ref());
        assert!(!error.to_string().is_empty());
    }
}
