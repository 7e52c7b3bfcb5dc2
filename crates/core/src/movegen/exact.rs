//! The scalar search for the rules that depend on the path a piece takes
//! (forced-exit: the first segment; jump-continue: where the sequence
//! stops) and for home-lock: a breadth-first search over landing squares in
//! notation order, and for jump-continue a depth-first search over
//! sequences. Correct first; `count_moves` uses it through the per-piece
//! path until a fast path claims these constraints.

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
) -> bool {
    // MAX_HALF_JUMP (7) fits a u8.
    let max_half = if constraints.long_jumps {
        MAX_HALF_JUMP as u8
    } else {
        1
    };
    constraints.path().forced_from.into_iter().any(|origin| {
        let allowed = constraints.allowed_from(board, origin);
        Direction::ALL
            .into_iter()
            .filter(|&d| constraints.path().forward & (1 << d as u8) != 0)
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
                constraints.path().foreign.contains(jumped)
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
        let constraints = &self.constraints;
        if !constraints.path().forced_from.contains(origin)
            || constraints.path().forward & (1 << direction as u8) == 0
        {
            return false;
        }
        Square::new(
            (origin.file() + landing.file()) / 2,
            (origin.rank() + landing.rank()) / 2,
        )
        .is_some_and(|jumped| constraints.path().foreign.contains(jumped))
    }

    /// Whether a first segment from `origin` in `direction` landing on
    /// `landing` may begin a move: any may, unless a forced exit is due.
    fn first_segment_allowed(&self, origin: Square, direction: Direction, landing: Square) -> bool {
        !self.forced || self.is_forced_segment(origin, direction, landing)
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
        let search = self.search(origin);
        let jumps = if self.constraints.path().jump_continue {
            self.continued(origin, None).0
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
        if self.constraints.path().jump_continue {
            self.continued(origin, None).0
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
                if at == origin && !self.forced {
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

    /// Under jump-continue: the squares where a jump sequence of the piece
    /// on `origin` may stop, and, when `target` is given, the smallest legal
    /// path to it (fewest segments, then directions in notation order).
    /// A depth-first search over every sequence that never lands twice on a
    /// square (the origin counting as landed on).
    fn continued(&self, origin: Square, target: Option<Square>) -> (Bitboard, Option<Vec<Square>>) {
        let mut walk = Walk {
            origin,
            target,
            stretch: self.empty | Bitboard::from_square(origin),
            landed: Bitboard::from_square(origin),
            squares: vec![origin],
            directions: Vec::new(),
            stops: Bitboard::EMPTY,
            best: None,
        };
        self.extend(&mut walk);
        (walk.stops, walk.best.map(|(_, path)| path))
    }

    fn extend(&self, walk: &mut Walk) {
        let at = *walk.squares.last().expect("a walk starts at its origin");
        let mut next = [None; 8];
        for (slot, direction) in next.iter_mut().zip(Direction::ALL) {
            let landing = self.empty - walk.landed;
            if let Some(to) = self.segment_from(at, direction, walk.stretch, landing) {
                if at != walk.origin || self.first_segment_allowed(walk.origin, direction, to) {
                    *slot = Some((direction, to));
                }
            }
        }
        if at != walk.origin && next.iter().all(Option::is_none) {
            walk.stops.insert(at);
            if walk.target == Some(at) {
                let smaller = walk.best.as_ref().is_none_or(|(known, _)| {
                    (walk.directions.len(), &walk.directions) < (known.len(), known)
                });
                if smaller {
                    walk.best = Some((walk.directions.clone(), walk.squares.clone()));
                }
            }
        }
        for (direction, to) in next.into_iter().flatten() {
            walk.landed.insert(to);
            walk.squares.push(to);
            walk.directions.push(direction as u8);
            self.extend(walk);
            walk.directions.pop();
            walk.squares.pop();
            walk.landed.remove(to);
        }
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
        if self.constraints.path().jump_continue {
            return self.continued(origin, Some(destination)).1;
        }
        search
            .reached
            .contains(destination)
            .then(|| search.path_to(destination))
    }
}

/// The state of the depth-first search of [`MoveGenerator::continued`].
struct Walk {
    origin: Square,
    target: Option<Square>,
    /// The squares that count as empty inside a long jump.
    stretch: Bitboard,
    /// The squares the sequence has landed on, the origin included.
    landed: Bitboard,
    squares: Vec<Square>,
    directions: Vec<u8>,
    /// Where a sequence may stop.
    stops: Bitboard,
    /// The smallest path to `target` so far, with its directions.
    best: Option<(Vec<u8>, Vec<Square>)>,
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
