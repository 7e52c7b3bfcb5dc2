//! `Position::make_move` refuses a move whose pieces are not where it says,
//! and leaves the position unchanged; `make_move_unchecked` never panics.

use halma_core::{MakeMoveError, Move, MoveKind, Position, Setup, Square};

fn position(text: &str) -> Position {
    Position::try_from(text.parse::<Setup>().unwrap()).unwrap()
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    // Red on b3 and c3, Blue on a1, on a 4x4 board.
    let start = position("4/1rr1/4/b3 r");
    let cases = [
        (
            Move::new(sq("b3"), sq("c3"), MoveKind::Step),
            MakeMoveError::Occupied {
                square: sq("c3"),
                kind: MoveKind::Step,
            },
        ),
        (
            Move::new(sq("b3"), sq("b3"), MoveKind::Jump),
            MakeMoveError::Occupied {
                square: sq("b3"),
                kind: MoveKind::Jump,
            },
        ),
        (
            Move::new(sq("a4"), sq("a3"), MoveKind::Step),
            MakeMoveError::NotYourPiece {
                square: sq("a4"),
                to_move: halma_core::Seat::Red,
            },
        ),
        (
            Move::new(sq("a1"), sq("a2"), MoveKind::Step),
            MakeMoveError::NotYourPiece {
                square: sq("a1"),
                to_move: halma_core::Seat::Red,
            },
        ),
        (
            Move::new(sq("b3"), sq("e3"), MoveKind::Jump),
            MakeMoveError::OffBoard {
                square: sq("e3"),
                width: 4,
                height: 4,
            },
        ),
        (
            Move::new(sq("b3"), sq("a4"), MoveKind::Swap),
            MakeMoveError::NothingToSwap { square: sq("a4") },
        ),
        (
            Move::new(sq("b3"), sq("c3"), MoveKind::Swap),
            MakeMoveError::NothingToSwap { square: sq("c3") },
        ),
    ];
    for (mv, expected) in cases {
        let mut after = start.clone();
        assert_eq!(after.make_move(mv), Err(expected), "{mv:#?}");
        assert_eq!(after, start, "{mv:?} changed the position");
        assert!(!expected.to_string().is_empty());
    }
}

#[test]
fn good_moves_are_played_and_taken_back() {
    let start = position("4/1rr1/4/b3 r");
    for mv in [
        Move::new(sq("b3"), sq("b4"), MoveKind::Step),
        Move::new(sq("b3"), sq("d3"), MoveKind::Jump),
        Move::new(sq("b3"), sq("a1"), MoveKind::Swap),
        Move::PASS,
    ] {
        let mut position = start.clone();
        position.make_move(mv).unwrap();
        assert_ne!(position.to_move(), start.to_move());
        assert_eq!(position.hash(), position.hash_from_scratch());
        position.unmake_move(mv);
        assert_eq!(position, start);
    }
}

#[test]
#[cfg(not(debug_assertions))]
fn an_unchecked_bad_swap_does_not_panic() {
    // Release builds only: debug builds assert the contract instead.
    let mut position = position("4/1rr1/4/b3 r");
    let mv = Move::new(sq("b3"), sq("a4"), MoveKind::Swap);
    position.make_move_unchecked(mv);
    position.unmake_move(mv);
}

#[test]
fn debug_shows_the_text_the_reader_takes_and_alternate_the_kind() {
    let mv = Move::new(sq("c3"), sq("e5"), MoveKind::Swap);
    assert_eq!(format!("{mv:?}"), "c3-e5");
    assert_eq!(format!("{:?}", Move::PASS), "pass");
    assert!(format!("{mv:#?}").contains("Swap"));
    assert_eq!(MoveKind::Jump.to_string(), "jump");
}
