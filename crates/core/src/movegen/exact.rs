//! The scalar search for the rules that depend on the path a piece takes
//! (forced-exit: the first segment; jump-continue: where the sequence
//! stops) and for home-lock: a breadth-first search over landing squares in
//! notation order; jump-continue searches the piece's jump graph
//! (`continuation`). `count_moves` uses it through the per-piece path.

use super::*;

/// Breadth-first search scratch: the reached squares and, for each, the
/// square its first (canonical) path came from.
struct Search {
    /// Squares in the order they were reached, the origin first.
    queue: Vec<Square>,
    /// `parent[bit]`: the square the canonical path to `bit` came from.
    parent: [Option<Square>; 256],
    /// The squares reached, origin included.
    reached: Bitboard,
}

impl Search {
    /// The canonical path from the origin to `square`, which was reached.
    fn path_to(&self, square: Square) -> Vec<Square> {
        let mut path = vec![square];
        let mut at = square;
        while let Some(from) = self.parent[at.bit() as usize] {
            path.push(from);
            at = from;
        }
        path.reverse();
        path
    }
}

/// Whether some piece of the `forced_from` path rule has a forced segment on
/// the playable squares `board` with the pieces `occupied`: a scalar walk
/// along each forward line (the generator is not built yet).
pub(super) fn has_forced_segment(
    board: Bitboard,
    occupied: Bitboard,
    constraints: &Constraints,
    path: &PathRules,
) -> bool {
    // MAX_HALF_JUMP (7) fits a u8.
    let max_half = if constraints.long_jumps {
        MAX_HALF_JUMP as u8
    } else {
        1
    };
    path.forced_from.into_iter().any(|origin| {
        let allowed = allowed_from(board, constraints, path, origin);
        Direction::ALL
            .into_iter()
            .filter(|&d| path.forward.contains(d))
            .any(|direction| {
                // The jumped piece is the first piece met, `half` squares away.
                let Some(half) = (1..=max_half).find(|&k| {
                    origin
                        .offset(direction, k)
                        .is_none_or(|sq| !board.contains(sq) || occupied.contains(sq))
                }) else {
                    return false;
                };
                let jumped = origin
                    .offset(direction, half)
                    .filter(|&sq| board.contains(sq));
                let Some(jumped) = jumped else {
                    return false;
                };
                path.foreign.contains(jumped)
                    && (half + 1..=2 * half).all(|k| {
                        origin
                            .offset(direction, k)
                            .is_some_and(|sq| board.contains(sq) && !occupied.contains(sq))
                    })
                    && origin
                        .offset(direction, 2 * half)
                        .is_some_and(|landing| allowed.contains(landing))
            })
    })
}

impl MoveGenerator {
    /// Whether the segment from `origin` in `direction` landing on `landing`
    /// (the locks allowing it: the caller found it with `segment_from`) is a
    /// forced segment: it starts on a square of `forced_from`, goes forward
    /// and passes over a foreign piece, at the segment's midpoint.
    fn is_forced_segment(&self, origin: Square, direction: Direction, landing: Square) -> bool {
        let path = self.path_rules();
        if !path.forced_from.contains(origin) || !path.forward.contains(direction) {
            return false;
        }
        Square::new(
            (origin.file() + landing.file()) / 2,
            (origin.rank() + landing.rank()) / 2,
        )
        .is_some_and(|jumped| path.foreign.contains(jumped))
    }

    /// Whether a first segment from `origin` in `direction` landing on
    /// `landing` may begin a move: any may, unless a forced exit is due.
    pub(super) fn first_segment_allowed(
        &self,
        origin: Square,
        direction: Direction,
        landing: Square,
    ) -> bool {
        !self.forced() || self.is_forced_segment(origin, direction, landing)
    }

    /// The landing squares reachable by jump sequences of the piece on
    /// `origin` that begin as forced-exit demands, each first reached by its
    /// canonical path (squares in reach order, directions in notation order).
    fn search(&self, origin: Square) -> Search {
        let start = Bitboard::from_square(origin);
        let stretch = self.empty | start;
        let mut search = Search {
            queue: vec![origin],
            parent: [None; 256],
            reached: start,
        };
        let mut head = 0;
        while let Some(&at) = search.queue.get(head) {
            head += 1;
            for direction in Direction::ALL {
                let landing = self.empty - search.reached;
                let Some(to) = self.segment_from(at, direction, stretch, landing) else {
                    continue;
                };
                if at == origin && !self.first_segment_allowed(origin, direction, to) {
                    continue;
                }
                search.parent[to.bit() as usize] = Some(at);
                search.reached.insert(to);
                search.queue.push(to);
            }
        }
        search
    }

    /// Every move of the piece on `origin` under the path-dependent rules.
    pub(super) fn exact_piece_moves(&self, origin: Square) -> PieceMoves {
        let may_swap =
            !self.constraints.swap_onto.is_empty() && self.constraints.swap_from.contains(origin);
        if self.path_rules().jump_continue && !may_swap {
            // The breadth-first search only serves swaps here.
            return PieceMoves {
                origin,
                steps: self.steps(origin),
                jumps: self.jump_graph(origin).stops(),
                swaps: Bitboard::EMPTY,
            };
        }
        let search = self.search(origin);
        let jumps = if self.path_rules().jump_continue {
            self.jump_graph(origin).stops()
        } else {
            search.reached - Bitboard::from_square(origin)
        };
        PieceMoves {
            origin,
            steps: self.steps(origin),
            jumps,
            swaps: self.exact_swaps(origin, &search).0,
        }
    }

    /// The jump destinations of the piece on `origin` under the
    /// path-dependent rules.
    pub(super) fn exact_jumps(&self, origin: Square) -> Bitboard {
        if self.path_rules().jump_continue {
            self.jump_graph(origin).stops()
        } else {
            self.search(origin).reached - Bitboard::from_square(origin)
        }
    }

    /// The swap destinations of the piece on `origin`, and for each the
    /// square its canonical path's last step or segment starts from.
    /// Candidates are tried from the reached squares in reach order and
    /// directions in notation order, so the first found is canonical. A swap
    /// ends its path whatever jump-continue says; under a due forced exit
    /// it begins with a forced segment (a one-segment swap reads its landing
    /// as empty, as a swap does).
    fn exact_swaps(&self, origin: Square, search: &Search) -> (Bitboard, Vec<(Square, Square)>) {
        let onto = self.constraints.swap_onto;
        let mut found = Bitboard::EMPTY;
        let mut last = Vec::new();
        if onto.is_empty() || !self.constraints.swap_from.contains(origin) {
            return (found, last);
        }
        let start = Bitboard::from_square(origin);
        let stretch = self.empty | start;
        for &at in &search.queue {
            for direction in Direction::ALL {
                if at == origin && !self.forced() {
                    if let Some(to) = origin.offset(direction, 1) {
                        if ((onto & self.allowed_from(origin)) - found).contains(to) {
                            found.insert(to);
                            last.push((to, at));
                        }
                    }
                }
                let Some(to) = self.segment_from(at, direction, stretch, onto - found) else {
                    continue;
                };
                if at == origin && !self.first_segment_allowed(origin, direction, to) {
                    continue;
                }
                found.insert(to);
                last.push((to, at));
            }
        }
        (found, last)
    }

    /// The path the rule book writes for `origin` -> `destination` under the
    /// path-dependent rules, or `None` when there is no such move.
    pub(super) fn exact_path(
        &self,
        origin: Square,
        destination: Square,
        swap: bool,
    ) -> Option<Vec<Square>> {
        if origin == destination {
            return None;
        }
        if !swap && self.steps(origin).contains(destination) {
            return Some(vec![origin, destination]);
        }
        let search = self.search(origin);
        if swap {
            let (_, last) = self.exact_swaps(origin, &search);
            let &(_, from) = last.iter().find(|(to, _)| *to == destination)?;
            let mut path = search.path_to(from);
            path.push(destination);
            return Some(path);
        }
        if self.path_rules().jump_continue {
            return self.jump_graph(origin).smallest_path(self, destination);
        }
        search
            .reached
            .contains(destination)
            .then(|| search.path_to(destination))
    }
}

impl MoveGenerator {
    /// The first landing (in notation order of directions) of a further
    /// jump segment of a sequence that began on `origin`, stands on `at` and
    /// has landed on `landed` (the origin included): a square where
    /// jump-continue says the sequence may not stop, or `None` when it may.
    pub fn continuation(&self, origin: Square, at: Square, landed: Bitboard) -> Option<Square> {
        let stretch = self.empty | Bitboard::from_square(origin);
        let landing = self.empty - landed - Bitboard::from_square(origin);
        Direction::ALL
            .into_iter()
            .find_map(|direction| self.segment_from(at, direction, stretch, landing))
    }
}
