//! Positions and reference lines the perft tests share: every line of the
//! reference files, playouts from the start and scattered positions.
// Each test crate that declares `mod common` uses only some of these.
#![allow(dead_code)]

use halma_rules::{Bitboard, Position, Rules, Seat, Setup, Square};
use halma_testdata::PerftPosition;

/// A reference line: rules, position, depth, count and where it came from.
pub struct Line {
    pub place: String,
    pub rules: Rules,
    pub position: Position,
    pub depth: u32,
    pub count: u64,
}

/// Every line of the reference perft files (`tests/data/perft/*.tsv`).
pub fn reference_lines() -> Vec<Line> {
    let lines: Vec<Line> = halma_testdata::all_perft_lines()
        .into_iter()
        .map(|line| {
            let place = line.to_string();
            let rules: Rules = line
                .rules
                .parse()
                .unwrap_or_else(|e| panic!("{place}: {e}"));
            let position = match line.position {
                PerftPosition::Start => rules.start_position(),
                PerftPosition::Text(text) => rules
                    .parse_position(text)
                    .unwrap_or_else(|e| panic!("{place}: {e}")),
            };
            Line {
                place,
                rules,
                position,
                depth: line.depth,
                count: line.count,
            }
        })
        .collect();
    assert!(lines.len() >= 60, "only {} reference lines", lines.len());
    lines
}

/// Runs `count` on every reference line and lists the lines it gets wrong.
pub fn check_every_line(what: &str, mut count: impl FnMut(&Line) -> u64) {
    let failures: Vec<String> = reference_lines()
        .iter()
        .filter_map(|line| {
            let got = count(line);
            (got != line.count)
                .then(|| format!("{}: expected {}, got {got}", line.place, line.count))
        })
        .collect();
    assert!(failures.is_empty(), "{what}:\n{}", failures.join("\n"));
}

/// The deepest depth up to 5 whose plain perft has at most `limit` leaves
/// (at least 1), with that count: deep enough for transpositions (from
/// depth 5, a side's two moves in either order meet at ply 3, where depth 2
/// is left) where the position allows it, small enough for a property test.
pub fn deepest_affordable(rules: &Rules, position: &Position, limit: u64) -> (u32, u64) {
    let mut best = (1, rules.perft(position, 1).expect("depth 1"));
    let mut previous = 1;
    for depth in 2..=5 {
        let (_, count) = best;
        // Stop before a depth whose perft would pass the limit at this branching factor.
        if count == 0 || count.saturating_mul(count / previous) > limit {
            break;
        }
        previous = count;
        best = (depth, rules.perft(position, depth).expect("depth in range"));
    }
    best
}

/// [`deepest_affordable`] with the leaf limit of the property tests:
/// 200,000, or 10,000 under jump-continue, whose path enumeration costs up
/// to a hundred times as much per leaf.
pub fn affordable(rules: &Rules, position: &Position) -> (u32, u64) {
    let limit = if rules.options().jump_continue {
        10_000
    } else {
        200_000
    };
    deepest_affordable(rules, position, limit)
}

/// The position after the legal moves `choices` pick from the start (each
/// taken modulo the number of moves), stopping at a finished game.
pub fn playout(rules: &Rules, choices: &[u16]) -> Position {
    let mut position = rules.start_position();
    for &choice in choices {
        let moves = rules.legal_moves(&position);
        if moves.is_empty() {
            break;
        }
        position
            .make_move(moves[usize::from(choice) % moves.len()])
            .expect("a legal move");
    }
    position
}

/// A position with every seat's pieces on random squares; with `crowd`,
/// the side to move's target camp filled first by `spoilers` foreign pieces
/// and its own (swaps, fills, wins and camp-lock then come into play).
pub fn scattered(
    rules: &Rules,
    to_move: usize,
    crowd: bool,
    spoilers: usize,
    picks: &[u16],
) -> Option<Position> {
    let seats: Vec<Seat> = rules.seats().iter().collect();
    let mover = seats[to_move % seats.len()];
    let mut free: Vec<Square> = rules.geometry().squares().squares_sorted();
    let mut pick = picks.iter().copied().cycle();
    let mut pieces = [Bitboard::EMPTY; 4];
    let mut left: Vec<(Seat, usize)> = seats
        .iter()
        .map(|&s| (s, usize::from(rules.camp_size())))
        .collect();
    let mut place =
        |seat: Seat, region: Bitboard, free: &mut Vec<Square>, pieces: &mut [Bitboard; 4]| {
            let slot = left.iter_mut().find(|(s, _)| *s == seat).expect("in play");
            let candidates: Vec<usize> = (0..free.len())
                .filter(|&i| region.contains(free[i]))
                .collect();
            if slot.1 == 0 || candidates.is_empty() {
                return;
            }
            let index = candidates[usize::from(pick.next().unwrap_or(0)) % candidates.len()];
            pieces[seat.index()].insert(free.swap_remove(index));
            slot.1 -= 1;
        };
    if crowd {
        let target = rules.target_camp(mover);
        let others: Vec<Seat> = seats.iter().copied().filter(|&s| s != mover).collect();
        for k in 0..target.count() as usize - 1 {
            let seat = if k < spoilers && !others.is_empty() {
                others[k % others.len()]
            } else {
                mover
            };
            place(seat, target, &mut free, &mut pieces);
        }
    }
    let squares = rules.geometry().squares();
    for &seat in &seats {
        for _ in 0..rules.camp_size() {
            place(seat, squares, &mut free, &mut pieces);
        }
    }
    rules
        .position(&Setup::new(rules.geometry(), pieces, mover))
        .ok()
}
