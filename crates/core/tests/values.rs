//! The small value types read back what they write, and a malformed pass
//! cannot be made.

use halma_core::{Direction, DirectionSet, Move, MoveKind, ParseMoveKindError, Square};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn move_kinds_read_back_what_they_print() {
    for (i, kind) in MoveKind::ALL.into_iter().enumerate() {
        assert_eq!(kind as usize, i);
        assert_eq!(kind.to_string().parse(), Ok(kind));
    }
    assert_eq!(
        "Jump".parse::<MoveKind>(),
        Err(ParseMoveKindError("Jump".to_owned()))
    );
    assert_eq!(
        "hop".parse::<MoveKind>().unwrap_err().to_string(),
        "unknown move kind `hop`: expected step, jump, swap or pass"
    );
}

#[test]
fn every_pass_is_the_pass() {
    for (from, to) in [("a1", "a1"), ("c3", "e5"), ("p16", "a1")] {
        assert_eq!(Move::new(sq(from), sq(to), MoveKind::Pass), Move::PASS);
    }
    let (c3, e5) = (sq("c3"), sq("e5"));
    assert_eq!(Move::new(c3, e5, MoveKind::Step), Move::step(c3, e5));
    assert_eq!(Move::new(c3, e5, MoveKind::Jump), Move::jump(c3, e5));
    assert_eq!(Move::new(c3, e5, MoveKind::Swap), Move::swap(c3, e5));
    for mv in [Move::step(c3, e5), Move::jump(c3, e5), Move::swap(c3, e5)] {
        assert!(!mv.is_pass());
        assert_eq!((mv.from(), mv.to()), (c3, e5));
    }
}

#[test]
fn moves_display_in_notation() {
    let (c3, e5) = (sq("c3"), sq("e5"));
    assert_eq!(Move::jump(c3, e5).to_string(), "c3-e5");
    assert_eq!(Move::swap(c3, e5).to_string(), "c3-e5");
    assert_eq!(Move::PASS.to_string(), "pass");
    assert_eq!(
        format!("{:#?}", Move::jump(c3, e5)).replace([' ', '\n'], ""),
        "Move{from:c3,to:e5,kind:Jump,}"
    );
}

/// Every set of directions against a plain list of them.
#[test]
fn direction_sets_hold_what_was_put_in() {
    for mask in 0u32..256 {
        let listed: Vec<Direction> = Direction::ALL
            .into_iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, d)| d)
            .collect();
        let set = DirectionSet::of(&listed);
        assert_eq!(set, listed.iter().copied().collect());
        assert_eq!(set.iter().collect::<Vec<_>>(), listed);
        assert_eq!(set.is_empty(), listed.is_empty());
        for direction in Direction::ALL {
            assert_eq!(set.contains(direction), listed.contains(&direction));
        }
    }
    assert_eq!(DirectionSet::default(), DirectionSet::EMPTY);
}
