//! The rule book's move generation, played out plainly: the end of the
//! game (RULES.md §5), moves with canonical paths found by breadth-first
//! search (§4, §6), playing a move, and perft (§7); `path` checks a written
//! path with the same generator.

mod path;

pub use path::path_move;

use crate::{RefMove, RefPosition, RefRules, RefSpoil, RefSquare};

// ---------------------------------------------------------------------------
// End of the game
// ---------------------------------------------------------------------------

/// Whether `seat` meets its winning condition (RULES.md §5).
fn meets_winning_condition(rules: &RefRules, pos: &RefPosition, seat: u8) -> bool {
    let w = pos.width as usize;
    let target: Vec<Option<u8>> = rules
        .target_camp(seat)
        .into_iter()
        .map(|(f, r)| pos.cells[r as usize * w + f as usize])
        .collect();
    match rules.spoil {
        RefSpoil::None | RefSpoil::Swap => target.iter().all(|&c| c == Some(seat)),
        RefSpoil::Fill => target.iter().all(|c| c.is_some()) && target.contains(&Some(seat)),
    }
}

/// The winner if the position is finished. `last_mover` = the seat that made the last move (the winning test order starts with it, then the other seats in turn order after it); for a position read from a string, pass the seat before the side to move in turn order.
pub fn winner(rules: &RefRules, pos: &RefPosition, last_mover: u8) -> Option<u8> {
    // Seats in play ordered clockwise starting at `last_mover`.
    let mut order = rules.seats.clone();
    order.sort_by_key(|&s| (s + 4 - last_mover % 4) % 4);
    order
        .into_iter()
        .find(|&seat| meets_winning_condition(rules, pos, seat))
}

/// Whether some seat meets its winning condition. The last mover is the seat
/// before the side to move in turn order (it only matters for who wins, not
/// for whether the game is over).
fn is_finished(rules: &RefRules, pos: &RefPosition) -> bool {
    winner(rules, pos, rules.previous_seat(pos.to_move)).is_some()
}

// ---------------------------------------------------------------------------
// Move generation
// ---------------------------------------------------------------------------

/// The eight directions as (file delta, rank delta), in the order used to pick
/// canonical paths: N < NE < E < SE < S < SW < W < NW.
const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// Marker for "not reached" in the parent array of the jump search.
const UNREACHED: usize = usize::MAX;

/// Move generation for one position and the side to move.
struct Generator<'a> {
    rules: &'a RefRules,
    pos: &'a RefPosition,
    seat: u8,
    /// Target camp of the side to move, by cell index.
    target: Vec<bool>,
    /// Home camp of the side to move, by cell index.
    home: Vec<bool>,
    /// Whether the side to move has a forced segment (forced-exit on): then
    /// every move must begin with one.
    forced: bool,
    /// Whether swap moves are available (spoil=swap and the target camp is
    /// full with at least one foreign piece in it).
    swaps_on: bool,
    /// Jump search scratch: for each reached square, the square the piece
    /// jumped from to get there (the origin points at itself).
    parent: Vec<usize>,
    /// Jump search scratch: reached squares in breadth-first order.
    queue: Vec<usize>,
}

impl<'a> Generator<'a> {
    fn new(rules: &'a RefRules, pos: &'a RefPosition) -> Self {
        let seat = pos.to_move;
        let target = rules.target_mask(seat);
        let target_full = (0..target.len()).all(|i| !target[i] || pos.cells[i].is_some());
        let target_spoiled =
            (0..target.len()).any(|i| target[i] && pos.cells[i].is_some_and(|s| s != seat));
        let n = pos.cells.len();
        let mut generator = Generator {
            rules,
            pos,
            seat,
            target,
            home: rules.home_mask(seat),
            forced: false,
            swaps_on: rules.spoil == RefSpoil::Swap && target_full && target_spoiled,
            parent: vec![UNREACHED; n],
            queue: Vec::with_capacity(n),
        };
        generator.forced = rules.forced_exit
            && (0..n).any(|origin| {
                pos.cells[origin] == Some(seat)
                    && DIRECTIONS.iter().any(|&d| {
                        generator
                            .segment_landing(origin, d, origin)
                            .is_some_and(|to| {
                                !generator.occupied(to, origin)
                                    && generator.is_forced_segment(origin, d, to)
                            })
                    })
            });
        generator
    }

    /// Whether the segment from `origin` in direction `d` landing on `to`
    /// (whose emptiness the caller checks, or treats as empty for a swap)
    /// is a forced segment (RULES.md §4, forced-exit): it starts on the
    /// mover's home camp, goes forward, jumps over another seat's piece and
    /// the locks allow it. Only a first segment starts where a piece stands.
    fn is_forced_segment(&self, origin: usize, d: (i32, i32), to: usize) -> bool {
        if !self.home[origin]
            || !self.rules.forward_directions(self.seat).contains(&d)
            || self.locked(origin, to)
        {
            return false;
        }
        // The jumped piece is at the midpoint of the segment.
        let w = self.pos.width as i32;
        let (from_file, from_rank) = (origin as i32 % w, origin as i32 / w);
        let (to_file, to_rank) = (to as i32 % w, to as i32 / w);
        let middle = ((from_rank + to_rank) / 2 * w + (from_file + to_file) / 2) as usize;
        self.pos.cells[middle].is_some_and(|s| s != self.seat)
    }

    /// Whether a first segment from `origin` in direction `d` landing on `to`
    /// may begin a move: always, unless forced-exit demands a forced segment.
    fn first_segment_allowed(&self, origin: usize, d: (i32, i32), to: usize) -> bool {
        !self.forced || self.is_forced_segment(origin, d, to)
    }

    /// The square `distance` steps from `sq` in direction `d`, if on the board.
    fn offset(&self, sq: usize, d: (i32, i32), distance: i32) -> Option<usize> {
        let w = self.pos.width as i32;
        let h = self.pos.height as i32;
        let file = (sq as i32 % w) + d.0 * distance;
        let rank = (sq as i32 / w) + d.1 * distance;
        if (0..w).contains(&file) && (0..h).contains(&rank) {
            Some((rank * w + file) as usize)
        } else {
            None
        }
    }

    /// Whether `sq` holds a piece while the piece from `origin` moves (its
    /// origin counts as empty).
    fn occupied(&self, sq: usize, origin: usize) -> bool {
        sq != origin && self.pos.cells[sq].is_some()
    }

    /// Whether camp-lock or home-lock forbids a step or segment from `from`
    /// to `to`.
    fn locked(&self, from: usize, to: usize) -> bool {
        (self.rules.camp_lock && self.target[from] && !self.target[to])
            || (self.rules.home_lock && !self.home[from] && self.home[to])
    }

    /// Whether `sq` is a square of the mover's target camp holding another
    /// seat's piece (a possible swap landing).
    fn is_spoiler(&self, sq: usize) -> bool {
        self.target[sq] && self.pos.cells[sq].is_some_and(|s| s != self.seat)
    }

    /// The landing square of the jump segment from `s` in direction `d`, if
    /// every square the rules require empty *before* the landing square is
    /// empty and every square is on the board. The landing square itself is
    /// not checked: the caller wants it empty (a jump) or holding a spoiler (a
    /// swap).
    ///
    /// The segment jumps over the first piece met in direction `d`: with
    /// long jumps that piece may be k >= 0 empty squares away (then k empty
    /// squares must follow it), without long jumps it must be adjacent (k = 0).
    fn segment_landing(&self, s: usize, d: (i32, i32), origin: usize) -> Option<usize> {
        let max_distance = if self.rules.long_jumps { i32::MAX } else { 1 };
        // Distance to the jumped piece: k + 1.
        let mut m = 1;
        loop {
            let sq = self.offset(s, d, m)?;
            if self.occupied(sq, origin) {
                break;
            }
            if m >= max_distance {
                return None;
            }
            m += 1;
        }
        // The k squares after the jumped piece must be empty.
        for j in m + 1..2 * m {
            let sq = self.offset(s, d, j)?;
            if self.occupied(sq, origin) {
                return None;
            }
        }
        self.offset(s, d, 2 * m)
    }

    /// Breadth-first search over the landing squares of jump sequences of the
    /// piece on `origin`. Fills `queue` (origin first, then the reached
    /// squares) and `parent`.
    ///
    /// Squares are expanded in queue order and directions in the order
    /// N..NW (one segment per direction at most), so each square is first
    /// reached by its canonical path: fewest segments, then lexicographically
    /// smallest sequence of segments. (Induction on the number of segments:
    /// the queue holds each layer in the order of the canonical paths, and a
    /// canonical path's prefix is itself canonical.)
    fn search_jumps(&mut self, origin: usize) {
        self.parent.fill(UNREACHED);
        self.queue.clear();
        self.parent[origin] = origin;
        self.queue.push(origin);
        let mut head = 0;
        while head < self.queue.len() {
            let s = self.queue[head];
            head += 1;
            for d in DIRECTIONS {
                let Some(landing) = self.segment_landing(s, d, origin) else {
                    continue;
                };
                if landing == origin
                    || self.occupied(landing, origin)
                    || self.locked(s, landing)
                    || self.parent[landing] != UNREACHED
                    || (s == origin && !self.first_segment_allowed(origin, d, landing))
                {
                    continue;
                }
                self.parent[landing] = s;
                self.queue.push(landing);
            }
        }
    }

    /// The canonical path from the origin of the last search to `sq`.
    fn path_to(&self, sq: usize) -> Vec<RefSquare> {
        let mut path = vec![self.square(sq)];
        let mut cur = sq;
        while self.parent[cur] != cur {
            cur = self.parent[cur];
            path.push(self.square(cur));
        }
        path.reverse();
        path
    }

    fn square(&self, sq: usize) -> RefSquare {
        let w = self.pos.width as usize;
        ((sq % w) as u8, (sq / w) as u8)
    }

    fn make_move(&self, from: usize, to: usize, path: Vec<RefSquare>, swap: bool) -> RefMove {
        RefMove::Move {
            from: self.square(from),
            to: self.square(to),
            path,
            swap,
        }
    }

    /// Appends the moves of the piece on `origin` to `out`.
    fn piece_moves(&mut self, origin: usize, with_paths: bool, out: &mut Vec<RefMove>) {
        // Steps: none when forced-exit demands a forced first segment.
        for d in DIRECTIONS.into_iter().filter(|_| !self.forced) {
            if let Some(to) = self.offset(origin, d, 1) {
                if !self.occupied(to, origin) && !self.locked(origin, to) {
                    let path = if with_paths {
                        vec![self.square(origin), self.square(to)]
                    } else {
                        Vec::new()
                    };
                    out.push(self.make_move(origin, to, path, false));
                }
            }
        }

        // Jump sequences. The breadth-first search gives the reachable set
        // (and the swaps below need it); with jump-continue, where a sequence
        // may stop depends on the squares it landed on, so the destinations
        // come from a search over every path instead.
        self.search_jumps(origin);
        if self.rules.jump_continue {
            for (to, path) in self.continued_jumps(origin) {
                let path = if with_paths { path } else { Vec::new() };
                out.push(self.make_move(origin, to, path, false));
            }
        } else {
            for i in 1..self.queue.len() {
                let to = self.queue[i];
                let path = if with_paths {
                    self.path_to(to)
                } else {
                    Vec::new()
                };
                out.push(self.make_move(origin, to, path, false));
            }
        }

        // Swaps: a step or a jump path whose last landing is on a spoiler.
        // Candidates are tried from the squares in breadth-first order (origin
        // first) and directions in order, so the first path found to a
        // spoiler is its canonical path.
        if self.swaps_on && !self.target[origin] {
            // (spoiler square, square the last step or segment starts from)
            let mut found: Vec<(usize, usize)> = Vec::new();
            for i in 0..self.queue.len() {
                let s = self.queue[i];
                for d in DIRECTIONS {
                    let mut candidates = [None, None];
                    if s == origin && !self.forced {
                        // A step onto the spoiler.
                        candidates[0] = self.offset(s, d, 1);
                    }
                    candidates[1] = self.segment_landing(s, d, origin);
                    // A one-segment swap is a path whose first segment lands
                    // on the spoiler: under forced-exit it must be a forced
                    // segment, reading the landing as empty (as a swap does).
                    let allowed_first =
                        |to: usize| s != origin || self.first_segment_allowed(origin, d, to);
                    for to in candidates.into_iter().flatten() {
                        if self.is_spoiler(to)
                            && !self.locked(s, to)
                            && !found.iter().any(|&(t, _)| t == to)
                            && (Some(to) == candidates[0] || allowed_first(to))
                        {
                            found.push((to, s));
                        }
                    }
                }
            }
            for (to, last_from) in found {
                let path = if with_paths {
                    let mut path = self.path_to(last_from);
                    path.push(self.square(to));
                    path
                } else {
                    Vec::new()
                };
                out.push(self.make_move(origin, to, path, true));
            }
        }
    }
}

impl Generator<'_> {
    /// The destinations of the jump sequences of the piece on `origin` under
    /// jump-continue, each with its smallest legal path (RULES.md §6): a
    /// depth-first search over every sequence of segments that never lands
    /// twice on a square (the origin counting as landed on), keeping the
    /// sequences that stop where no further segment can land.
    fn continued_jumps(&self, origin: usize) -> Vec<(usize, Vec<RefSquare>)> {
        // destination -> (directions of its smallest path, squares of it)
        let mut best: Vec<Option<(Vec<usize>, Vec<usize>)>> = vec![None; self.pos.cells.len()];
        let mut landed = vec![false; self.pos.cells.len()];
        landed[origin] = true;
        let mut squares = vec![origin];
        let mut directions = Vec::new();
        self.extend_sequence(
            origin,
            &mut landed,
            &mut squares,
            &mut directions,
            &mut best,
        );
        best.into_iter()
            .enumerate()
            .filter_map(|(to, found)| {
                found.map(|(_, path)| (to, path.into_iter().map(|sq| self.square(sq)).collect()))
            })
            .collect()
    }

    /// The segments that may follow the sequence `squares` (ending on its
    /// last square), as (direction index, landing square).
    fn next_segments(
        &self,
        origin: usize,
        squares: &[usize],
        landed: &[bool],
    ) -> Vec<(usize, usize)> {
        let s = *squares.last().expect("a sequence starts at its origin");
        let mut next = Vec::new();
        for (index, &d) in DIRECTIONS.iter().enumerate() {
            let Some(to) = self.segment_landing(s, d, origin) else {
                continue;
            };
            if landed[to] || self.occupied(to, origin) || self.locked(s, to) {
                continue;
            }
            if s == origin && !self.first_segment_allowed(origin, d, to) {
                continue;
            }
            next.push((index, to));
        }
        next
    }

    fn extend_sequence(
        &self,
        origin: usize,
        landed: &mut [bool],
        squares: &mut Vec<usize>,
        directions: &mut Vec<usize>,
        best: &mut [Option<(Vec<usize>, Vec<usize>)>],
    ) {
        let next = self.next_segments(origin, squares, landed);
        let s = *squares.last().expect("a sequence starts at its origin");
        if next.is_empty() && s != origin {
            // The sequence may stop here: keep it if it is the smallest path
            // to `s` so far (fewest segments, then directions in order).
            let smaller = match &best[s] {
                None => true,
                Some((known, _)) => (directions.len(), &directions[..]) < (known.len(), &known[..]),
            };
            if smaller {
                best[s] = Some((directions.clone(), squares.clone()));
            }
        }
        for (index, to) in next {
            landed[to] = true;
            squares.push(to);
            directions.push(index);
            self.extend_sequence(origin, landed, squares, directions, best);
            directions.pop();
            squares.pop();
            landed[to] = false;
        }
    }
}

/// Sort key of a move: (from, to) with squares ordered by (rank, file).
fn move_key(mv: &RefMove) -> (u8, u8, u8, u8) {
    match mv {
        RefMove::Pass => (0, 0, 0, 0),
        RefMove::Move { from, to, .. } => (from.1, from.0, to.1, to.0),
    }
}

/// Legal moves, with or without their canonical paths (without: `path` is empty).
fn generate(rules: &RefRules, pos: &RefPosition, with_paths: bool) -> Vec<RefMove> {
    if is_finished(rules, pos) {
        return Vec::new();
    }
    let mut generator = Generator::new(rules, pos);
    let mut moves = Vec::new();
    for origin in 0..pos.cells.len() {
        if pos.cells[origin] == Some(pos.to_move) {
            generator.piece_moves(origin, with_paths, &mut moves);
        }
    }
    if moves.is_empty() {
        return vec![RefMove::Pass];
    }
    moves.sort_by_key(move_key);
    moves
}

/// Legal moves (empty when the position is finished; `[Pass]` when the side to move has no move). Sorted by (from, to) with squares ordered by (rank, file).
pub fn legal_moves(rules: &RefRules, pos: &RefPosition) -> Vec<RefMove> {
    generate(rules, pos, true)
}

/// Plays a legal move (swap displaces the other seat's piece onto the origin), advances the side to move to the next seat in play.
pub fn play(rules: &RefRules, pos: &RefPosition, mv: &RefMove) -> RefPosition {
    let mut next = pos.clone();
    if let RefMove::Move { from, to, swap, .. } = mv {
        let w = pos.width as usize;
        let fi = from.1 as usize * w + from.0 as usize;
        let ti = to.1 as usize * w + to.0 as usize;
        assert_eq!(
            pos.cells[fi],
            Some(pos.to_move),
            "the origin must hold a piece of the side to move"
        );
        if *swap {
            assert!(
                pos.cells[ti].is_some_and(|s| s != pos.to_move),
                "a swap must land on another seat's piece"
            );
        } else {
            assert!(pos.cells[ti].is_none(), "the destination must be empty");
        }
        let displaced = next.cells[ti];
        next.cells[ti] = next.cells[fi];
        next.cells[fi] = if *swap { displaced } else { None };
    }
    next.to_move = rules.next_seat(pos.to_move);
    next
}

/// perft per RULES.md §7 (bulk counting at the last ply is fine). A finished position has perft 0 for depth >= 1.
pub fn perft(rules: &RefRules, pos: &RefPosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // Empty when finished, `[Pass]` when blocked.
    let moves = generate(rules, pos, false);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft(rules, &play(rules, pos, mv), depth - 1))
        .sum()
}
