//! perft skips the end-of-game test after a move that cannot end the game,
//! and under rules without constraints (long jumps aside) counts the last
//! ply without making the moves. Near the end of a game, where moves do end it, perft must
//! still agree with perft by the book: every move made, every node tested.

use halma_rules::{Bitboard, Position, Rules, Seat, Setup, Square};

mod common;
use common::rules_of;

/// perft by the book, counting in `finished` the finished positions met
/// below the root (so that a test can show it reached some).
fn perft_by_the_book(
    rules: &Rules,
    position: &mut Position,
    depth: u32,
    finished: &mut u64,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    if rules.is_finished(position) {
        *finished += 1;
        return 0;
    }
    let mut total = 0;
    for mv in rules.legal_moves(position) {
        position.make_move(mv).expect("a legal move");
        total += perft_by_the_book(rules, position, depth - 1, finished);
        position.unmake_move(mv);
    }
    total
}

/// A square of `camp` next to a square outside it and off `taken`, with that
/// neighbour (the first such pair in row-major order).
fn hole_with_neighbour(rules: &Rules, camp: Bitboard, taken: Bitboard) -> (Square, Square) {
    let board = rules.geometry().squares();
    for hole in camp.squares_sorted() {
        let outside = Bitboard::from_square(hole).neighbours() & board;
        if let Some(&next) = (outside - camp - taken).squares_sorted().first() {
            return (hole, next);
        }
    }
    panic!("every camp has a square on its edge");
}

/// Every seat has all but one square of its target camp, and a piece next
/// to that hole: one step wins. With `spoilers`, that many squares of Red's
/// target hold Blue's pieces instead, Red's hole is the one square left
/// open, and a Blue piece stands next to it too (under spoil=fill either
/// side filling it makes Red win).
fn near_the_end(rules: &Rules, to_move: Seat, spoilers: usize) -> Position {
    let seats: Vec<Seat> = rules.seats().iter().collect();
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut taken = Bitboard::EMPTY;
    for &seat in &seats {
        let target = rules.target_camp(seat);
        let (hole, next) = hole_with_neighbour(rules, target, taken);
        let mut mine = target - Bitboard::from_square(hole);
        if seat == Seat::Red && spoilers > 0 {
            let spoiled: Bitboard = mine.squares_sorted().into_iter().take(spoilers).collect();
            mine -= spoiled;
            pieces[Seat::Blue.index()] |= spoiled;
            taken |= spoiled;
            // Blue's own piece next to the hole.
            let (_, other) = hole_with_neighbour(
                rules,
                Bitboard::from_square(hole),
                taken | Bitboard::from_square(next),
            );
            pieces[Seat::Blue.index()] |= Bitboard::from_square(other);
            taken |= Bitboard::from_square(other);
        }
        mine |= Bitboard::from_square(next);
        taken |= mine;
        pieces[seat.index()] |= mine;
    }
    // Seats short of pieces (Blue, after spoiling) fill up outside every camp.
    let camps = seats
        .iter()
        .fold(Bitboard::EMPTY, |all, &s| all | rules.home_camp(s));
    let mut free = (rules.geometry().squares() - camps - taken)
        .squares_sorted()
        .into_iter();
    for &seat in &seats {
        // Too many: Blue's own camp gives some up (its spoilers stay).
        let own = rules.target_camp(seat) & pieces[seat.index()];
        let mut spare = own.squares_sorted().into_iter();
        while pieces[seat.index()].count() > u32::from(rules.camp_size()) {
            pieces[seat.index()].remove(spare.next().expect("pieces in its own camp"));
        }
        while pieces[seat.index()].count() < u32::from(rules.camp_size()) {
            pieces[seat.index()].insert(free.next().expect("room on the board"));
        }
    }
    rules
        .position(&Setup::new(rules.geometry(), pieces, to_move))
        .expect("a valid position")
}

#[test]
fn perft_near_the_end_agrees_with_perft_by_the_book() {
    let mut reached_ends = 0;
    for spoil in 0..3 {
        for camp_lock in [false, true] {
            for long_jumps in [false, true] {
                let rules = rules_of(0, long_jumps, camp_lock, spoil);
                for to_move in [Seat::Red, Seat::Blue] {
                    for spoilers in [0, 2] {
                        let position = near_the_end(&rules, to_move, spoilers);
                        assert!(!rules.is_finished(&position), "{rules}: {position:?}");
                        for depth in 1..=3 {
                            let mut finished = 0;
                            let expected = perft_by_the_book(
                                &rules,
                                &mut position.clone(),
                                depth,
                                &mut finished,
                            );
                            reached_ends += finished;
                            assert_eq!(
                                rules.perft(&position, depth),
                                Ok(expected),
                                "{rules}, depth {depth}, {spoilers} spoilers, {to_move:?} to move"
                            );
                        }
                    }
                }
            }
        }
    }
    // The positions do reach finished games, so skipping a test would show.
    assert!(reached_ends > 0);
}

#[test]
fn a_move_filling_another_seats_camp_ends_the_game_under_spoil_fill() {
    // Blue, to move, can fill Red's target camp: under spoil=fill Red then
    // wins (the camp full, with a Red piece in it), under spoil=none not.
    for (spoil, red_wins) in [(1, true), (0, false)] {
        let rules = rules_of(0, false, false, spoil);
        let position = near_the_end(&rules, Seat::Blue, 2);
        let target = rules.target_camp(Seat::Red);
        let filling: Vec<_> = rules
            .legal_moves(&position)
            .into_iter()
            .filter(|mv| !mv.is_pass() && !target.contains(mv.from()) && target.contains(mv.to()))
            .collect();
        assert!(!filling.is_empty(), "{rules}");
        for mv in filling {
            let mut after = position.clone();
            after.make_move(mv).expect("a legal move");
            assert_eq!(
                rules.winner(&after) == Some(Seat::Red),
                red_wins,
                "{rules}: {mv:?}"
            );
        }
        let mut finished = 0;
        let expected = perft_by_the_book(&rules, &mut position.clone(), 2, &mut finished);
        assert_eq!(rules.perft(&position, 2), Ok(expected), "{rules}");
    }
}
