//! The public Rust API under misuse: arbitrary setups (any board size, any
//! pieces, any side to move), arbitrary rules, arbitrary moves (any squares,
//! any kind) and arbitrary move texts. Nothing panics: every misuse is a
//! typed error, the checked paths agree with the one legality contract, and
//! every game the API lets you build writes a record that reads back.

use halma_rules::{
    read_record, write_record, Bitboard, ErrorChain, Game, Geometry, IllegalReason, MakeMoveError,
    Move, MoveError, MoveKind, PlayError, Position, PositionError, Preset, Rules, Seat, SeatSet,
    Setup, Spoil, Square,
};
use proptest::prelude::*;

fn arb_rules() -> impl Strategy<Value = Rules> {
    (
        0..Preset::ALL.len(),
        any::<bool>(),
        any::<bool>(),
        0..Spoil::ALL.len(),
    )
        .prop_map(|(preset, long_jumps, camp_lock, spoil)| {
            let preset = Preset::ALL[preset];
            // A preset's own long jumps cannot be turned off.
            Rules::builder(preset)
                .long_jumps(long_jumps || preset.long_jumps())
                .camp_lock(camp_lock)
                .spoil(Spoil::ALL[spoil])
                .build()
                .expect("no option turned off that the preset has")
        })
}

fn square(index: u8) -> Square {
    Square::from_index(usize::from(index)).expect("every u8 is a square of the 16x16 grid")
}

fn seat(index: u8) -> Seat {
    Seat::ALL[usize::from(index % 4)]
}

/// Any setup: any size, pieces anywhere on the 16x16 grid (off the board
/// and on top of each other included), any side to move.
fn arb_setup() -> impl Strategy<Value = Setup> {
    (
        1u8..=16,
        1u8..=16,
        [
            prop::collection::vec(any::<u8>(), 0..24),
            prop::collection::vec(any::<u8>(), 0..24),
            prop::collection::vec(any::<u8>(), 0..24),
            prop::collection::vec(any::<u8>(), 0..24),
        ],
        any::<u8>(),
    )
        .prop_map(|(width, height, pieces, to_move)| {
            let geometry = Geometry::new(width, height).expect("1 to 16");
            let pieces = pieces.map(|squares| squares.into_iter().map(square).collect());
            Setup::new(geometry, pieces, seat(to_move))
        })
}

/// A setup valid under `rules` more often than chance: each seat in play gets
/// the camp size's pieces on board squares drawn by `keys` (distinct squares),
/// then `shift` may move one piece off the board or onto another's square.
fn setup_near(rules: &Rules, keys: &[u32], to_move: u8, damage: u8) -> Setup {
    let geometry = rules.geometry();
    let mut squares: Vec<Square> = geometry.squares().into_iter().collect();
    squares.sort_by_key(|s| keys[s.index() % keys.len()] ^ s.index() as u32);
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut next = squares.into_iter();
    for seat in rules.seats().iter() {
        for square in next.by_ref().take(usize::from(rules.camp_size())) {
            pieces[seat.index()].insert(square);
        }
    }
    let seats: Vec<Seat> = rules.seats().iter().collect();
    let mover = seats[usize::from(to_move) % seats.len()];
    match damage % 8 {
        // Off the board (the 16x16 corner square is off every preset's board).
        0 => {
            let off = square(255);
            let mine = pieces[mover.index()];
            if let Some(first) = mine.first() {
                pieces[mover.index()].remove(first);
                pieces[mover.index()].insert(off);
            }
        }
        // Two seats on one square.
        1 => {
            let other = rules.seats().next_after(mover);
            if let Some(shared) = pieces[other.index()].first() {
                if let Some(first) = pieces[mover.index()].first() {
                    pieces[mover.index()].remove(first);
                    pieces[mover.index()].insert(shared);
                }
            }
        }
        _ => {}
    }
    Setup::new(geometry, pieces, mover)
}

fn arb_move() -> impl Strategy<Value = Move> {
    (any::<u8>(), any::<u8>(), 0u8..5).prop_map(|(from, to, kind)| match kind {
        0 => Move::new(square(from), square(to), MoveKind::Step),
        1 => Move::new(square(from), square(to), MoveKind::Jump),
        2 => Move::new(square(from), square(to), MoveKind::Swap),
        3 => Move::PASS,
        _ => Move::new(square(from), square(to), MoveKind::Pass),
    })
}

/// Move texts: paths over a few squares, `pass`, junk.
fn arb_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec((0u8..18, 1u8..18), 1..5).prop_map(|squares| {
            squares
                .iter()
                .map(|&(file, rank)| format!("{}{rank}", char::from(b'a' + file)))
                .collect::<Vec<_>>()
                .join("-")
        }),
        Just("pass".to_owned()),
        "[a-q0-9x -]{0,12}",
    ]
}

/// The checks every game the API built must pass after each step.
fn check_game(game: &Game) -> Result<(), TestCaseError> {
    let rules = game.rules();
    let position = game.position();
    prop_assert_eq!(position.hash(), position.hash_from_scratch());
    let legal = game.legal_moves();
    let mut unsorted = Vec::new();
    rules.legal_moves_into(position, &mut unsorted);
    prop_assert_eq!(unsorted.len(), legal.len());
    prop_assert_eq!(rules.legal_move_count(position), legal.len());
    for mv in &unsorted {
        prop_assert!(legal.contains(mv));
        prop_assert_eq!(rules.check_move(position, *mv), Ok(()));
    }
    prop_assert_eq!(game.is_over(), legal.is_empty());
    prop_assert_eq!(rules.perft(position, 1), Ok(legal.len() as u64));
    if legal.len() <= 40 {
        let by_divide: u64 = rules
            .divide(position, 2)
            .map_err(|e| TestCaseError::fail(e.to_string()))?
            .iter()
            .map(|(_, n)| n)
            .sum();
        prop_assert_eq!(rules.perft(position, 2), Ok(by_divide));
    }
    // The written record reads back to the same game.
    let record = write_record(game, &[("Event", "api_misuse")])
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let read = read_record(&record).map_err(|e| TestCaseError::fail(format!("{e}\n{record}")))?;
    prop_assert_eq!(read.game.rules(), game.rules());
    prop_assert_eq!(read.game.start_position(), game.start_position());
    prop_assert_eq!(read.game.moves(), game.moves());
    prop_assert_eq!(read.game.result(), game.result());
    Ok(())
}

/// Plays arbitrary moves and texts on `game`, checking every answer against
/// the legality contract.
fn drive(game: &mut Game, moves: &[Move], texts: &[String]) -> Result<(), TestCaseError> {
    check_game(game)?;
    for (i, &mv) in moves.iter().enumerate() {
        let before = game.clone();
        let verdict = game.rules().check_move(game.position(), mv);
        prop_assert_eq!(
            verdict.is_ok(),
            before.legal_moves().contains(&mv),
            "{:#?}",
            mv
        );
        // A bare position: make_move refuses what does not fit, unchanged.
        let mut bare = game.position().clone();
        match bare.make_move(mv) {
            Ok(()) => prop_assert_eq!(bare.hash(), bare.hash_from_scratch()),
            Err(error) => {
                prop_assert_eq!(&bare, game.position());
                prop_assert!(!error.to_string().is_empty());
                let _: MakeMoveError = error;
                prop_assert!(verdict.is_err(), "make_move refused the legal {:?}", mv);
            }
        }
        match game.play(mv) {
            Ok(()) => prop_assert_eq!(verdict, Ok(())),
            Err(PlayError::Illegal {
                mv: refused,
                reason,
            }) => {
                prop_assert_eq!(refused, mv);
                prop_assert_eq!(Err(reason), verdict);
                prop_assert_eq!(&*game, &before);
                let error = PlayError::Illegal { mv, reason };
                prop_assert!(ErrorChain(&error).to_string().contains(&reason.to_string()));
            }
            Err(other) => return Err(TestCaseError::fail(format!("{mv:?}: {other}"))),
        }
        if let Some(text) = texts.get(i) {
            match game.rules().parse_move(game.position(), text) {
                Ok(read) => {
                    prop_assert_eq!(game.rules().check_move(game.position(), read), Ok(()));
                    prop_assert_eq!(game.play_str(text), Ok(read));
                }
                Err(error) => {
                    prop_assert!(!error.to_string().is_empty());
                    prop_assert!(game.play_str(text).is_err());
                }
            }
        }
        // A legal move keeps the game going, so that the record has moves.
        let legal = game.legal_moves();
        if let Some(&mv) = legal.get(i * 7 % legal.len().max(1)) {
            let text = game.move_to_string(mv).expect("a legal move");
            prop_assert_eq!(game.rules().parse_move(game.position(), &text), Ok(mv));
            prop_assert_eq!(format!("{mv:?}").is_empty(), false);
            game.play(mv)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        check_game(game)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Any setup under any rules: a typed error or a game that works.
    #[test]
    fn any_setup_is_a_game_or_a_typed_error(
        rules in arb_rules(),
        setup in arb_setup(),
        moves in prop::collection::vec(arb_move(), 0..6),
        texts in prop::collection::vec(arb_text(), 0..6),
    ) {
        let checked = rules.position(&setup);
        let game = Game::from_setup(rules.clone(), &setup);
        prop_assert_eq!(checked.is_ok(), game.is_ok());
        if let Err(error) = &checked {
            prop_assert!(!error.to_string().is_empty());
        }
        // The same pieces as a rule-free position, then offered to a game.
        if let Ok(position) = Position::try_from(setup.clone()) {
            let from_position = Game::from_position(rules.clone(), position);
            if from_position.is_ok() {
                prop_assert!(checked.is_ok());
            }
        }
        if let Ok(mut game) = game {
            drive(&mut game, &moves, &texts)?;
        }
    }

    /// Setups that are valid (or nearly) under their rules, and arbitrary
    /// moves and texts on the game.
    #[test]
    fn near_valid_setups_play_and_read_back(
        rules in arb_rules(),
        keys in prop::collection::vec(any::<u32>(), 1..16),
        to_move in any::<u8>(),
        damage in any::<u8>(),
        moves in prop::collection::vec(arb_move(), 0..12),
        texts in prop::collection::vec(arb_text(), 0..12),
    ) {
        let setup = setup_near(&rules, &keys, to_move, damage);
        match Game::from_setup(rules.clone(), &setup) {
            Ok(mut game) => drive(&mut game, &moves, &texts)?,
            Err(error) => {
                prop_assert!(damage % 8 < 2, "an undamaged setup was refused: {}", error);
                prop_assert!(!error.to_string().is_empty());
                // The core's check is passed on as it is.
                if let PositionError::Board(core) = &error {
                    prop_assert_eq!(error.to_string(), core.to_string());
                }
            }
        }
    }

}

/// A rule-free position whose seats in play are not the rules' is refused,
/// although its pieces are those of the start position.
#[test]
fn a_position_with_other_seats_is_refused() {
    let mut refused = 0;
    for preset in Preset::ALL {
        let rules = Rules::new(preset);
        let start = rules.start_position();
        for extra in Seat::ALL
            .into_iter()
            .filter(|&s| !rules.seats().contains(s))
        {
            let seats = rules.seats().with(extra);
            let position = Position::from_setup(&start.to_setup(), seats).unwrap();
            let error = Game::from_position(rules.clone(), position).unwrap_err();
            assert!(
                matches!(error, PositionError::SeatsInPlay { .. }),
                "{error:?}"
            );
            refused += 1;
        }
    }
    assert!(refused > 0, "no preset leaves a seat out");
}

/// The bug of issue 16: a 4x4 position under `halma` was accepted, got
/// moves, and wrote a record that the reader refused.
#[test]
fn a_position_of_another_board_size_is_refused() {
    let rules: Rules = "halma".parse().unwrap();
    let position = Position::try_from("4/1rr1/4/3b r".parse::<Setup>().unwrap()).unwrap();
    let error = Game::from_position(rules.clone(), position).unwrap_err();
    assert!(
        matches!(
            error,
            PositionError::Size {
                width: 4,
                height: 4,
                ..
            }
        ),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "the board is 4x4, but halma is played on 16x16"
    );
}

/// The bug of issue 16: `Rules::position` panicked on overlapping pieces.
#[test]
fn overlapping_pieces_are_a_typed_error() {
    let rules: Rules = "halma8".parse().unwrap();
    let start = rules.start_position();
    let mut pieces = Seat::ALL.map(|s| start.pieces(s));
    // Move one of Red's pieces onto one of Blue's.
    let red = pieces[Seat::Red.index()].first().unwrap();
    let blue = pieces[Seat::Blue.index()].first().unwrap();
    pieces[Seat::Red.index()].remove(red);
    pieces[Seat::Red.index()].insert(blue);
    let setup = Setup::new(rules.geometry(), pieces, Seat::Red);
    let error = rules.position(&setup).unwrap_err();
    assert_eq!(
        error,
        PositionError::Board(halma_core::SetupError::Overlap { square: blue })
    );
    assert!(Game::from_setup(rules, &setup).is_err());
}

/// `PlayError::Illegal` carries the reason, in the words the C ABI returns.
#[test]
fn an_illegal_move_says_why() {
    let rules: Rules = "halma8".parse().unwrap();
    let mut game = Game::new(rules);
    let sq = |name: &str| name.parse::<Square>().unwrap();
    let cases = [
        (
            Move::PASS,
            "pass is only legal when the side to move has no other move",
        ),
        (
            Move::new(sq("a5"), sq("a4"), MoveKind::Jump),
            "a5-a4 is a step, not a jump",
        ),
        (
            Move::new(sq("a5"), sq("h8"), MoveKind::Step),
            "no legal move of the piece on a5 ends on h8",
        ),
        (
            Move::new(sq("h1"), sq("g1"), MoveKind::Step),
            "h1 holds a piece of Blue, but Red is to move",
        ),
        (
            Move::new(sq("d4"), sq("d5"), MoveKind::Step),
            "there is no piece on d4",
        ),
        (
            Move::new(sq("p16"), sq("d5"), MoveKind::Step),
            "the origin p16 is off the board",
        ),
        (
            Move::new(sq("a5"), sq("a4"), MoveKind::Pass),
            "pass is only legal when the side to move has no other move",
        ),
    ];
    for (mv, reason) in cases {
        match game.play(mv) {
            Err(PlayError::Illegal { reason: got, .. }) => assert_eq!(got.to_string(), reason),
            other => panic!("{mv:?}: {other:?}"),
        }
    }
    assert_eq!(
        game.rules().check_move(game.position(), Move::PASS),
        Err(IllegalReason::PassNotAllowed)
    );
}

/// A pass is a legal move exactly when nothing else is, and only then does
/// the reader take `pass`.
#[test]
fn the_pass_rule_is_the_same_everywhere() {
    // The reference line where Red, camp-locked, has no move; and the start.
    for (rules_text, text, stuck) in [
        (
            "halma8,camp-lock",
            "rbb5/bb6/b1b5/4b3/3b3r/2b3rr/5rrr/4brrr r",
            true,
        ),
        ("halma8", "rrrr4/rrr5/rr6/r7/7b/6bb/5bbb/4bbbb r", false),
    ] {
        let rules: Rules = rules_text.parse().unwrap();
        let position = rules.parse_position(text).unwrap();
        let mut moves = Vec::new();
        rules.legal_moves_into(&position, &mut moves);
        assert_eq!(moves == [Move::PASS], stuck);
        assert_eq!(rules.check_move(&position, Move::PASS).is_ok(), stuck);
        assert_eq!(rules.parse_move(&position, "pass").is_ok(), stuck);
        assert_eq!(rules.perft(&position, 1), Ok(moves.len() as u64));
    }
}

/// `Seat` and `GameResult` read back what `Display` writes; a reason is the
/// source of the move error that carries it.
#[test]
fn seats_and_results_parse_back() {
    for seat in Seat::ALL {
        assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
        let won = halma_rules::GameResult::Won(seat);
        assert_eq!(won.to_string().parse(), Ok(won));
    }
    let ongoing = halma_rules::GameResult::Ongoing;
    assert_eq!(ongoing.to_string().parse(), Ok(ongoing));
    assert!("red".parse::<halma_rules::GameResult>().is_err());
    assert_eq!(SeatSet::EMPTY.iter().count(), 0);
    // The reason is the move error itself (transparent), not a second copy
    // of its message behind `source()`.
    let error = MoveError::Illegal(IllegalReason::GameOver);
    assert_eq!(error.to_string(), IllegalReason::GameOver.to_string());
    assert!(std::error::Error::source(&error).is_none());
}

/// An error's `source()` chain reaches the cause: a record's bad move, then
/// the move error, whose message names the segment and its reason (a field,
/// not a `source()` repeating it).
#[test]
fn error_chains_reach_the_cause() {
    use std::error::Error as _;
    let rules: Rules = "halma8".parse().unwrap();
    let error = rules
        .parse_move(&rules.start_position(), "a8-a6")
        .unwrap_err();
    assert!(error.source().is_none(), "{error}");
    assert_eq!(
        error.to_string(),
        "segment 1 (a8-a6): the landing square a6 is occupied"
    );

    let record = "[Rules \"halma8\"]\n[Result \"*\"]\n\n1. a8-a6 *\n";
    let error = read_record(record).unwrap_err();
    let mut chain = vec![error.to_string()];
    let mut next = error.source();
    while let Some(cause) = next {
        chain.push(cause.to_string());
        next = cause.source();
    }
    assert_eq!(
        chain.last().map(String::as_str),
        Some("segment 1 (a8-a6): the landing square a6 is occupied"),
        "{chain:?}"
    );
}
