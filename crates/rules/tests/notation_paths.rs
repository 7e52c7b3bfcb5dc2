//! Property tests of the notation's path check ([`Rules::check_path`], with
//! which `parse_move` reads a path) for every preset and every rule option
//! (long jumps, camp-lock, each spoil rule, home-lock, forced-exit,
//! jump-continue, in every combination):
//!
//! - (a) it accepts the path written for every legal move, and reads back
//!   the move;
//! - (b) on random paths (walks of plausible segments, any squares, and
//!   mutations of written paths) its verdict is the rule book's, read square
//!   by square by the plain oracle (`halma_reference::path_move`): it never
//!   refuses a legal path nor accepts an illegal one, never accepts a path
//!   whose move [`Rules::check_move`] refuses, and names a rule for every
//!   refusal;
//! - on random moves, [`Rules::move_to_string`] writes exactly the moves
//!   `check_move` accepts, with `check_move`'s reason for the others.

use halma_reference as oracle;
use halma_rules::{
    Direction, IllegalReason, Move, MoveError, MoveKind, Path, Position, Rules, SegmentError,
    Square,
};
use proptest::prelude::*;

mod common;
use common::oracle::{oracle_of, oracle_square};
use common::positions::{playout, position_near_home, random_position};
use common::rules_with;

/// A position of one of the three kinds the other property tests use:
/// pieces anywhere (the target camp crowded, with spoilers, for swaps and
/// wins), crowded near the mover's home (forced exits, jump-continue), or
/// reached by a random playout.
fn position_of(rules: &Rules, source: usize, picks: &[u16]) -> Position {
    let pick = |i: usize| usize::from(picks[i % picks.len()]);
    match source {
        0 => random_position(rules, pick(0), pick(1) % 4 != 0, pick(2) % 4, picks),
        1 => position_near_home(rules, pick(0), 1 + pick(1) % 7, 1 + pick(2) % 9, picks),
        _ => playout(rules, &picks[..pick(3) % 40]),
    }
}

/// Reads values from `picks` in turn, round and round.
struct Picks<'a> {
    picks: &'a [u16],
    next: usize,
}

impl Picks<'_> {
    fn below(&mut self, bound: usize) -> usize {
        let value = usize::from(self.picks[self.next % self.picks.len()]);
        self.next += 1;
        value % bound.max(1)
    }
}

/// A random path of `picks`: from a piece of the mover (or, now and then,
/// any square), segments of a random direction and length (mostly the
/// jumps and steps a piece makes, now and then any square of the board).
fn random_path(rules: &Rules, position: &Position, picks: &mut Picks<'_>) -> Vec<Square> {
    let board: Vec<Square> = rules.geometry().squares().squares_sorted();
    let mine: Vec<Square> = position.pieces(position.to_move()).squares_sorted();
    let origin = if picks.below(8) == 0 || mine.is_empty() {
        board[picks.below(board.len())]
    } else {
        mine[picks.below(mine.len())]
    };
    let mut path = vec![origin];
    for _ in 0..1 + picks.below(5) {
        let at = *path.last().expect("the origin");
        let direction = Direction::ALL[picks.below(8)];
        // Plain jumps most, then steps and long jumps, odd lengths too.
        let length = match picks.below(6) {
            0..=2 => 2,
            3 => 1,
            _ => 1 + picks.below(8) as u8,
        };
        let next = match at.offset(direction, length) {
            Some(square) if picks.below(10) != 0 => square,
            _ => board[picks.below(board.len())],
        };
        path.push(next);
    }
    path
}

/// A written path changed a little: cut short, one segment more, one
/// square moved to a neighbour, its last segment dropped, or unchanged.
fn mutated(path: &[Square], picks: &mut Picks<'_>) -> Vec<Square> {
    let mut path = path.to_vec();
    let direction = Direction::ALL[picks.below(8)];
    match picks.below(5) {
        4 => {}
        0 => path.truncate(2),
        1 => {
            let last = *path.last().expect("two squares");
            if let Some(square) = last.offset(direction, 2) {
                path.push(square);
            }
        }
        2 => {
            let i = picks.below(path.len());
            if let Some(square) = path[i].offset(direction, 1) {
                path[i] = square;
            }
        }
        _ => {
            if path.len() > 2 {
                path.pop();
            }
        }
    }
    path
}

/// What the check of one random path came to, for the reach test.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Accepted { segments: usize, kind: MoveKind },
    Refused(Option<SegmentError>),
}

/// Checks one path: `check_path` against the oracle, `check_move` and
/// `parse_move`.
fn check_one_path(
    rules: &Rules,
    position: &Position,
    oracle_rules: &oracle::RefRules,
    oracle_position: &oracle::RefPosition,
    squares: &[Square],
) -> Result<Verdict, TestCaseError> {
    let path = Path(squares.to_vec());
    let ours = rules.check_path(position, &path);
    let on_board = squares.iter().all(|&sq| rules.geometry().contains(sq));
    let theirs = if on_board {
        let written: Vec<oracle::RefSquare> = squares.iter().map(|&sq| oracle_square(sq)).collect();
        oracle::path_move(oracle_rules, oracle_position, &written)
    } else {
        None
    };
    let verdict = match (&ours, &theirs) {
        (Ok(mv), Some(oracle::RefMove::Move { from, to, swap, .. })) => {
            prop_assert_eq!(
                (oracle_square(mv.from()), oracle_square(mv.to())),
                (*from, *to)
            );
            prop_assert_eq!(
                mv.kind() == MoveKind::Swap,
                *swap,
                "{} in {}",
                path,
                position
            );
            let step = squares.len() == 2
                && Direction::between(squares[0], squares[1]).is_some_and(|(_, n)| n == 1);
            prop_assert_eq!(
                mv.kind() == MoveKind::Step,
                step && !*swap,
                "{} in {}",
                path,
                position
            );
            prop_assert_eq!(
                rules.check_move(position, *mv),
                Ok(()),
                "{} in {}",
                path,
                position
            );
            Verdict::Accepted {
                segments: squares.len() - 1,
                kind: mv.kind(),
            }
        }
        (Err(error), None) => match error {
            MoveError::Segment { reason, .. } => {
                prop_assert_ne!(
                    reason,
                    &SegmentError::NotASegment,
                    "no rule named for {} in {} under {}",
                    path,
                    position,
                    rules
                );
                Verdict::Refused(Some(reason.clone()))
            }
            MoveError::Illegal(
                IllegalReason::GameOver
                | IllegalReason::OriginOffBoard(_)
                | IllegalReason::NoPiece(_)
                | IllegalReason::NotYourPiece { .. },
            ) => Verdict::Refused(None),
            other => {
                return Err(TestCaseError::fail(format!(
                    "{path} in {position} under {rules}: unexpected {other:?}"
                )))
            }
        },
        (Ok(mv), _) => {
            return Err(TestCaseError::fail(format!(
                "{path} in {position} under {rules}: accepted as {mv:?}, an illegal path"
            )))
        }
        (Err(error), _) => {
            return Err(TestCaseError::fail(format!(
                "{path} in {position} under {rules}: a legal path refused: {error}"
            )))
        }
    };
    // The move of the path, as its squares say: refused by the legality
    // contract, the path is refused too.
    let (origin, last) = (squares[0], squares[squares.len() - 1]);
    let guessed = match position.piece_at(last) {
        Some(_) => MoveKind::Swap,
        None if squares.len() == 2
            && Direction::between(origin, last).is_some_and(|(_, n)| n == 1) =>
        {
            MoveKind::Step
        }
        None => MoveKind::Jump,
    };
    if rules
        .check_move(position, Move::new(origin, last, guessed))
        .is_err()
    {
        prop_assert!(ours.is_err(), "{} in {}", path, position);
    }
    // parse_move reads the same path as text; two squares also name a move.
    let read = rules.parse_move(position, &path.to_string());
    if rules.is_finished(position) {
        prop_assert_eq!(read, Err(MoveError::Illegal(IllegalReason::GameOver)));
    } else if !on_board {
        prop_assert!(
            matches!(read, Err(MoveError::BadSquare { .. })),
            "{:?}",
            read
        );
    } else if squares.len() > 2 || ours.is_ok() {
        prop_assert_eq!(read.ok(), ours.ok(), "{} in {}", path, position);
    } else {
        prop_assert_eq!(
            read.ok(),
            rules.find_move(position, origin, last),
            "{} in {}",
            path,
            position
        );
    }
    Ok(verdict)
}

/// (a) for every legal move, then (b) for `paths` random paths and as many
/// mutations of written paths.
fn check_paths(
    rules: &Rules,
    position: &Position,
    picks: &[u16],
    paths: usize,
) -> Result<Vec<Verdict>, TestCaseError> {
    let (oracle_rules, oracle_position) = oracle_of(rules, position);
    let legal = rules.legal_moves(position);
    let mut written = Vec::with_capacity(legal.len());
    // The swaps' paths, few among the moves, are mutated as often as the others'.
    let mut swaps = Vec::new();
    for &mv in legal.iter() {
        let text = rules.move_to_string(position, mv);
        if mv.is_pass() {
            prop_assert_eq!(text, Ok("pass".to_owned()));
            continue;
        }
        let path = rules
            .move_path(position, mv)
            .expect("a legal move has a path");
        prop_assert_eq!(text, Ok(path.to_string()));
        prop_assert_eq!(
            rules.check_path(position, &path),
            Ok(mv),
            "{} in {} under {}",
            path,
            position,
            rules
        );
        prop_assert_eq!(rules.parse_move(position, &path.to_string()), Ok(mv));
        if mv.kind() == MoveKind::Swap {
            swaps.push(path.0.clone());
        }
        written.push(path.0);
    }
    let mut picks = Picks { picks, next: 0 };
    let check =
        |path: &[Square]| check_one_path(rules, position, &oracle_rules, &oracle_position, path);
    let mut verdicts = Vec::with_capacity(2 * paths);
    for _ in 0..paths {
        let path = random_path(rules, position, &mut picks);
        verdicts.push(check(&path)?);
        let pool = if swaps.is_empty() || picks.below(2) == 0 {
            &written
        } else {
            &swaps
        };
        if !pool.is_empty() {
            let path = mutated(&pool[picks.below(pool.len())], &mut picks);
            verdicts.push(check(&path)?);
        }
    }
    // Random moves of every kind: written exactly when legal.
    let board: Vec<Square> = rules.geometry().squares().squares_sorted();
    for _ in 0..paths {
        let kind = [MoveKind::Step, MoveKind::Jump, MoveKind::Swap][picks.below(3)];
        let mine = position.pieces(position.to_move()).squares_sorted();
        let from = if mine.is_empty() || picks.below(4) == 0 {
            board[picks.below(board.len())]
        } else {
            mine[picks.below(mine.len())]
        };
        let mv = Move::new(from, board[picks.below(board.len())], kind);
        let text = rules.move_to_string(position, mv);
        prop_assert_eq!(
            text.as_ref().err().copied(),
            rules.check_move(position, mv).err()
        );
        if let Ok(text) = text {
            prop_assert_eq!(rules.parse_move(position, &text), Ok(mv));
        }
    }
    Ok(verdicts)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn paths_are_checked_as_the_generator_moves(
        preset in 0usize..6,
        long_jumps in any::<bool>(),
        camp_lock in any::<bool>(),
        spoil in 0usize..3,
        flags in 0u8..8,
        source in 0usize..3,
        picks in prop::collection::vec(any::<u16>(), 64),
    ) {
        let rules = rules_with(preset, long_jumps, camp_lock, spoil, flags);
        let position = position_of(&rules, source, &picks);
        check_paths(&rules, &position, &picks, 40)?;
    }
}

/// Whether a segment error is of one kind.
type IsReason = fn(&SegmentError) -> bool;

/// The random paths must reach legal multi-segment paths and swaps, and
/// refusals by each rule, or agreement would prove little.
#[test]
fn random_paths_reach_every_verdict() {
    let mut verdicts = Vec::new();
    for seed in 0..400u32 {
        let picks: Vec<u16> = (0..64)
            .map(|i| (seed.wrapping_mul(2654435761).rotate_left(i) >> 7) as u16)
            .collect();
        let rules = rules_with(
            (seed % 6) as usize,
            seed % 5 == 0,
            seed % 2 == 0,
            (seed % 3) as usize,
            (seed / 3 % 8) as u8,
        );
        let position = position_of(&rules, (seed / 24 % 3) as usize, &picks);
        verdicts.extend(check_paths(&rules, &position, &picks, 20).unwrap());
    }
    let accepted = |wanted: &dyn Fn(usize, MoveKind) -> bool| {
        verdicts
            .iter()
            .any(|v| matches!(v, Verdict::Accepted { segments, kind } if wanted(*segments, *kind)))
    };
    assert!(accepted(
        &|segments, kind| segments > 1 && kind == MoveKind::Jump
    ));
    assert!(accepted(&|_, kind| kind == MoveKind::Swap));
    assert!(accepted(&|_, kind| kind == MoveKind::Step));
    let refused = |reason: fn(&SegmentError) -> bool| {
        verdicts
            .iter()
            .any(|v| matches!(v, Verdict::Refused(Some(r)) if reason(r)))
    };
    let reasons: [(&str, IsReason); 12] = [
        ("bent", |r| matches!(r, SegmentError::Bent)),
        ("occupied", |r| {
            matches!(r, SegmentError::OccupiedLanding(_))
        }),
        ("revisited", |r| matches!(r, SegmentError::Revisited(_))),
        ("no piece", |r| matches!(r, SegmentError::NoPieceToJump(_))),
        ("odd", |r| matches!(r, SegmentError::OddLength(_))),
        ("long off", |r| matches!(r, SegmentError::LongJumpsOff(_))),
        ("stretch", |r| matches!(r, SegmentError::StretchBlocked(_))),
        ("step in sequence", |r| {
            matches!(r, SegmentError::StepInSequence)
        }),
        ("camp-lock", |r| matches!(r, SegmentError::LeavesCamp(_))),
        ("home-lock", |r| {
            matches!(r, SegmentError::EntersHomeCamp(_))
        }),
        ("forced-exit", |r| matches!(r, SegmentError::NotForcedExit)),
        ("jump-continue", |r| {
            matches!(r, SegmentError::StopsEarly { .. })
        }),
    ];
    let missing: Vec<&str> = reasons
        .iter()
        .filter(|(_, reason)| !refused(*reason))
        .map(|(name, _)| *name)
        .collect();
    assert!(missing.is_empty(), "no refusal for {missing:?}");
}
