//! Random valid positions for the property tests: anywhere on the board,
//! crowded around the mover's home camp, or reached by random playouts.

use halma_rules::{Bitboard, Move, Position, Rules, Seat, Setup, Square};

/// Removes from `free` and returns one of its squares in `from`, the one
/// the next of `picks` chooses; `None` when `free` has none there.
fn take_square(
    free: &mut Vec<Square>,
    from: Bitboard,
    picks: &mut impl Iterator<Item = u16>,
) -> Option<Square> {
    let candidates: Vec<usize> = (0..free.len())
        .filter(|&i| from.contains(free[i]))
        .collect();
    if candidates.is_empty() {
        return None;
    }
    let index = candidates[picks.next().unwrap_or(0) as usize % candidates.len()];
    Some(free.swap_remove(index))
}

/// A valid position: every seat in play gets its camp size in pieces. With
/// `crowd_target`, the side to move's target camp is first filled, mostly by
/// its own pieces and by `spoilers` foreign ones, so that win tests, camp-lock
/// and swaps come into play; the other pieces go to random free squares.
pub fn random_position(
    rules: &Rules,
    to_move: usize,
    crowd_target: bool,
    spoilers: usize,
    picks: &[u16],
) -> Position {
    let seats: Vec<Seat> = rules.seats().iter().collect();
    let mover = seats[to_move % seats.len()];
    let squares = rules.geometry().squares();
    let mut free: Vec<Square> = squares.squares_sorted();
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut remaining: Vec<(Seat, u32)> = seats
        .iter()
        .map(|&s| (s, rules.camp_size() as u32))
        .collect();
    let mut pick = picks.iter().copied().cycle();
    let mut take = |free: &mut Vec<Square>, from: Bitboard| take_square(free, from, &mut pick);
    if crowd_target {
        let target = rules.target_camp(mover);
        let others: Vec<Seat> = seats.iter().copied().filter(|&s| s != mover).collect();
        // With no spoiler, one square stays open, or the mover would already have won.
        let filled = target.count() as usize - usize::from(spoilers == 0);
        for k in 0..filled {
            let seat = if k < spoilers && !others.is_empty() {
                others[k % others.len()]
            } else {
                mover
            };
            let slot = remaining
                .iter_mut()
                .find(|(s, _)| *s == seat)
                .expect("seat in play");
            if slot.1 == 0 {
                continue;
            }
            if let Some(square) = take(&mut free, target) {
                pieces[seat.index()].insert(square);
                slot.1 -= 1;
            }
        }
    }
    for (seat, count) in remaining {
        for _ in 0..count {
            let square = take(&mut free, squares).expect("boards have room for every piece");
            pieces[seat.index()].insert(square);
        }
    }
    rules
        .position(&Setup::new(rules.geometry(), pieces, mover))
        .expect("a valid position by construction")
}

/// A valid position where the new options bite: `at_home` of the mover's
/// pieces in its home camp with `near_home` pieces of other seats in and
/// around it (forced exits), and every other piece in the quarter of the
/// board around the mover's home corner as far as room allows (crowded jump
/// graphs for jump-continue).
pub fn position_near_home(
    rules: &Rules,
    to_move: usize,
    at_home: usize,
    near_home: usize,
    picks: &[u16],
) -> Position {
    let seats: Vec<Seat> = rules.seats().iter().collect();
    let mover = seats[to_move % seats.len()];
    let squares = rules.geometry().squares();
    let home = rules.home_camp(mover);
    let ring = (home.neighbours().neighbours() | home) & squares;
    let corner = rules.home_corner(mover);
    let half = rules.geometry().width() / 2;
    let quarter: Bitboard = squares
        .squares_sorted()
        .into_iter()
        .filter(|sq| {
            sq.file().abs_diff(corner.file()) < half && sq.rank().abs_diff(corner.rank()) < half
        })
        .collect();
    let mut free: Vec<Square> = squares.squares_sorted();
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut pick = picks.iter().copied().cycle();
    let mut take = |free: &mut Vec<Square>, from: Bitboard| take_square(free, from, &mut pick);
    let others: Vec<Seat> = seats.iter().copied().filter(|&s| s != mover).collect();
    let mut remaining: Vec<(Seat, u32)> = seats
        .iter()
        .map(|&s| (s, rules.camp_size() as u32))
        .collect();
    let mut place =
        |seat: Seat, region: Bitboard, free: &mut Vec<Square>, pieces: &mut [Bitboard; 4]| {
            let slot = remaining
                .iter_mut()
                .find(|(s, _)| *s == seat)
                .expect("in play");
            if slot.1 > 0 {
                if let Some(square) = take(free, region) {
                    pieces[seat.index()].insert(square);
                    slot.1 -= 1;
                }
            }
        };
    for _ in 0..at_home {
        place(mover, home, &mut free, &mut pieces);
    }
    for k in 0..near_home {
        place(others[k % others.len()], ring, &mut free, &mut pieces);
    }
    for &seat in &seats {
        for _ in 0..rules.camp_size() {
            let region = if free.iter().any(|&sq| quarter.contains(sq)) {
                quarter
            } else {
                squares
            };
            place(seat, region, &mut free, &mut pieces);
        }
    }
    rules
        .position(&Setup::new(rules.geometry(), pieces, mover))
        .expect("a valid position by construction")
}

/// The position after playing from the start the legal moves `choices` pick
/// (each taken modulo the number of moves), stopping early at a finished game.
pub fn playout(rules: &Rules, choices: &[u16]) -> Position {
    let mut position = rules.start_position();
    for &choice in choices {
        let moves: Vec<Move> = rules.legal_moves(&position);
        if moves.is_empty() {
            break;
        }
        position
            .make_move(moves[usize::from(choice) % moves.len()])
            .unwrap();
    }
    position
}
