//! Admissible lower bounds on the number of plies before a seat can win.
//!
//! Two facts, whatever the other rule options:
//!
//! - **Moves of the winner.** Every move moves one piece, by a step (to an
//!   adjacent square) or by jumps (each segment, plain or long, moves an
//!   even number of squares along a line, so the piece keeps the parity of
//!   its file and of its rank). A piece reaches a target square in one move
//!   only if it already stands there (no move), is next to it (a step), or
//!   shares its parity class (jumps); anything else takes two moves or more.
//!   The cheapest assignment of the winner's pieces to its target squares
//!   under these costs (0, 1, 2) is a lower bound on its moves.
//! - **Pieces in the way.** A piece of another seat in the winner's target
//!   camp leaves it only by a move of its owner, and must have left before
//!   the winner's last move.
//!
//! Both hold under spoil=none, where a seat's pieces move only on its own
//! plies. Under spoil=swap another seat's swap moves one of the winner's
//! pieces to the swapper's origin, anywhere (into the winner's target camp
//! too): the bound is then only the winner's pieces outside its target
//! camp, one per ply.
//! Under spoil=fill the goal is a full target camp holding at least one of
//! the winner's pieces: each ply fills at most one more of its squares.

use halma_core::{Bitboard, Position, Seat, Square};
use halma_rules::{Rules, Spoil};

/// The fewest plies from `position` (not finished) before `seat` can meet
/// its winning condition at the end of a ply; `None` when `seat` is not in
/// play.
pub fn plies_to_win(rules: &Rules, position: &Position, seat: Seat) -> Option<u32> {
    plies_to_win_with(rules, position, seat, &mut winner_moves)
}

/// [`plies_to_win`] with the winner's moves (what [`winner_moves`] gives
/// for its pieces and target camp) computed by `moves`, say through a cache.
pub(super) fn plies_to_win_with(
    rules: &Rules,
    position: &Position,
    seat: Seat,
    moves: &mut dyn FnMut(Bitboard, Bitboard) -> u32,
) -> Option<u32> {
    if !position.seats().contains(seat) {
        return None;
    }
    let target = rules.target_camp(seat);
    match rules.spoil() {
        Spoil::Fill => {
            let empty = (target - position.occupied()).count();
            let own = (target & position.pieces(seat)).count();
            let mut plies = empty.max(1);
            if own == 0 {
                plies = plies.max(first_ply_of(position, seat));
            }
            Some(plies)
        }
        // Another seat's swap may put one of `seat`'s pieces anywhere, into
        // its target camp too, so only the pieces still outside count: at
        // most one comes in per ply.
        Spoil::Swap => Some((position.pieces(seat) - target).count().max(1)),
        Spoil::None => {
            let moves = moves(position.pieces(seat), target);
            let mut in_the_way = [0u32; 4];
            for other in position.seats().iter().filter(|&s| s != seat) {
                in_the_way[other.index()] = (target & position.pieces(other)).count();
            }
            Some(timeline(position, seat, moves, in_the_way))
        }
    }
}

/// The fewest plies before any seat of `seats` can win (the smallest of
/// their bounds); `None` when none of them is in play.
pub fn plies_to_any_win(
    rules: &Rules,
    position: &Position,
    seats: impl IntoIterator<Item = Seat>,
) -> Option<u32> {
    seats
        .into_iter()
        .filter_map(|seat| plies_to_win(rules, position, seat))
        .min()
}

/// The ply (1 = the next move) of `seat`'s first move from `position`.
fn first_ply_of(position: &Position, seat: Seat) -> u32 {
    let seats = position.seats();
    let mut mover = position.to_move();
    let mut ply = 1;
    while mover != seat {
        mover = seats.next_after(mover);
        ply += 1;
    }
    ply
}

/// The first ply that is `seat`'s, by which `seat` has moved `moves` times
/// (that ply included), and before which every other seat `s` has moved
/// `in_the_way[s]` times.
fn timeline(position: &Position, seat: Seat, moves: u32, in_the_way: [u32; 4]) -> u32 {
    let seats = position.seats();
    let mut made = [0u32; 4];
    let mut mover = position.to_move();
    let mut ply = 0u32;
    loop {
        ply += 1;
        if mover == seat
            && made[seat.index()] + 1 >= moves
            && seats
                .iter()
                .filter(|&s| s != seat)
                .all(|s| made[s.index()] >= in_the_way[s.index()])
        {
            return ply;
        }
        made[mover.index()] += 1;
        mover = seats.next_after(mover);
    }
}

/// The cost of one piece on `from` reaching `to`: 0, 1 or at least 2 moves
/// (see the module's comment).
fn reach_cost(from: Square, to: Square) -> i32 {
    if from == to {
        return 0;
    }
    let df = from.file().abs_diff(to.file());
    let dr = from.rank().abs_diff(to.rank());
    if (df <= 1 && dr <= 1) || (df % 2 == 0 && dr % 2 == 0) {
        1
    } else {
        2
    }
}

/// The cheapest assignment of `pieces` to the squares of `target` (as many
/// as the pieces) under the costs of the module's comment: a lower bound on the moves that
/// bring every piece home. At least 1 when the pieces do not fill the
/// target already.
pub fn winner_moves(pieces: Bitboard, target: Bitboard) -> u32 {
    let outside = (pieces - target).count();
    if outside == 0 {
        return 0;
    }
    let rows: Vec<Square> = pieces.into_iter().collect();
    let cols: Vec<Square> = target.into_iter().collect();
    if rows.len() != cols.len() {
        // Not a position of the rules' presets: only the pieces outside count.
        return outside;
    }
    let cost: Vec<Vec<i32>> = rows
        .iter()
        .map(|&r| cols.iter().map(|&c| reach_cost(r, c)).collect())
        .collect();
    (assignment_cost(&cost) as u32).max(outside)
}

/// The minimum total cost of a perfect matching of a square cost matrix
/// (the Hungarian method with potentials, O(n^3); n is at most 19 here).
fn assignment_cost(cost: &[Vec<i32>]) -> i32 {
    let n = cost.len();
    const INF: i32 = i32::MAX / 4;
    // 1-based arrays, column 0 a sentinel.
    let mut u = vec![0i32; n + 1];
    let mut v = vec![0i32; n + 1];
    let mut matched = vec![0usize; n + 1];
    let mut way = vec![0usize; n + 1];
    for row in 1..=n {
        matched[0] = row;
        let mut col0 = 0usize;
        let mut min_v = vec![INF; n + 1];
        let mut used = vec![false; n + 1];
        loop {
            used[col0] = true;
            let row0 = matched[col0];
            let mut delta = INF;
            let mut col1 = 0usize;
            for col in 1..=n {
                if !used[col] {
                    let reduced = cost[row0 - 1][col - 1] - u[row0] - v[col];
                    if reduced < min_v[col] {
                        min_v[col] = reduced;
                        way[col] = col0;
                    }
                    if min_v[col] < delta {
                        delta = min_v[col];
                        col1 = col;
                    }
                }
            }
            for col in 0..=n {
                if used[col] {
                    u[matched[col]] += delta;
                    v[col] -= delta;
                } else {
                    min_v[col] -= delta;
                }
            }
            col0 = col1;
            if matched[col0] == 0 {
                break;
            }
        }
        loop {
            let col1 = way[col0];
            matched[col0] = matched[col1];
            col0 = col1;
            if col0 == 0 {
                break;
            }
        }
    }
    (1..=n).map(|col| cost[matched[col] - 1][col - 1]).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_force(cost: &[Vec<i32>]) -> i32 {
        fn go(cost: &[Vec<i32>], row: usize, used: &mut Vec<bool>) -> i32 {
            if row == cost.len() {
                return 0;
            }
            let mut best = i32::MAX;
            for col in 0..cost.len() {
                if !used[col] {
                    used[col] = true;
                    best = best.min(cost[row][col] + go(cost, row + 1, used));
                    used[col] = false;
                }
            }
            best
        }
        go(cost, 0, &mut vec![false; cost.len()])
    }

    #[test]
    fn assignment_matches_brute_force() {
        // A small deterministic generator: every 5x5 matrix of a sequence.
        let mut state = 12345u64;
        for n in 1..=6 {
            for _ in 0..50 {
                let cost: Vec<Vec<i32>> = (0..n)
                    .map(|_| {
                        (0..n)
                            .map(|_| {
                                state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
                                (state >> 60) as i32 % 3
                            })
                            .collect()
                    })
                    .collect();
                assert_eq!(assignment_cost(&cost), brute_force(&cost), "{cost:?}");
            }
        }
    }

    #[test]
    fn halma_start_needs_at_least_43_plies_for_red() {
        // 19 moves for 19 pieces, 3 more for the pieces whose parity class
        // has too few target squares; Red's 22nd move is ply 43, after
        // Blue's 21 moves (19 needed to empty Red's target).
        let rules: Rules = "halma".parse().unwrap();
        let start = rules.start_position();
        let red = rules.home_camp(Seat::Red);
        assert_eq!(winner_moves(red, rules.target_camp(Seat::Red)), 22);
        assert_eq!(plies_to_win(&rules, &start, Seat::Red), Some(43));
        assert_eq!(plies_to_win(&rules, &start, Seat::Blue), Some(44));
        assert_eq!(plies_to_win(&rules, &start, Seat::Green), None);
    }

    #[test]
    fn spoil_swap_and_fill_have_weaker_bounds() {
        let rules: Rules = "halma".parse().unwrap();
        let start = rules.start_position();
        assert!(plies_to_win(&rules, &start, Seat::Red).unwrap() >= 39);
        let swap: Rules = "halma,spoil=swap".parse().unwrap();
        assert_eq!(plies_to_win(&swap, &start, Seat::Red), Some(19));
        let fill: Rules = "halma,spoil=fill".parse().unwrap();
        // The target is full already: the bound asks only for one move of
        // Red's own (weak, but never too high).
        assert_eq!(plies_to_win(&fill, &start, Seat::Red), Some(1));
    }
}
