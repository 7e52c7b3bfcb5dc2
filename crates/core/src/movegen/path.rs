//! Single jump segments from sets of squares, and the recovery of the path
//! the rule book writes for a move: only done when a path is asked for.

use super::*;

impl MoveGenerator {
    /// Landings of one jump segment from any square of `from`, onto `landing`.
    /// `stretch` is the set of squares that count as empty inside a long jump.
    /// A segment starting in the lock set must land in it.
    pub(super) fn segments(
        &self,
        from: Bitboard,
        stretch: Bitboard,
        landing: Bitboard,
    ) -> Bitboard {
        let lock = self.constraints.lock;
        let home = self.path_rules().home_lock;
        if home.is_empty() {
            if lock.is_empty() {
                return self.segments_unlocked(from, stretch, landing);
            }
            let mut out = self.segments_unlocked(from - lock, stretch, landing);
            let inside = from & lock;
            if !inside.is_empty() {
                out |= self.segments_unlocked(inside, stretch, landing & lock);
            }
            return out;
        }
        // Sources by the locks they are under: inside the camp-lock set or
        // not, inside the home-lock set or not.
        let mut out = Bitboard::EMPTY;
        for in_lock in [false, true] {
            for in_home in [false, true] {
                let mut sources = from;
                let mut allowed = landing;
                if in_lock {
                    sources &= lock;
                    allowed &= lock;
                } else {
                    sources -= lock;
                }
                if in_home {
                    sources &= home;
                } else {
                    sources -= home;
                    allowed -= home;
                }
                if !sources.is_empty() {
                    out |= self.segments_unlocked(sources, stretch, allowed);
                }
            }
        }
        out
    }

    fn segments_unlocked(&self, from: Bitboard, stretch: Bitboard, landing: Bitboard) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        for direction in Direction::ALL {
            out |= self.segments_in(from, direction, stretch, landing);
        }
        out
    }

    /// Landings of one segment in `direction` from any square of `from`.
    fn segments_in(
        &self,
        from: Bitboard,
        direction: Direction,
        stretch: Bitboard,
        landing: Bitboard,
    ) -> Bitboard {
        if !self.constraints.long_jumps {
            let behind_occupied = self.occupied.shift(direction);
            let mask = no_wrap_mask(direction);
            let mut out = [0u64; 4];
            for (class, word) in out.iter_mut().enumerate() {
                let f = from.word(class);
                if f != 0 {
                    *word = shift_unmasked(f, direction)
                        & behind_occupied.word(class)
                        & landing.word(class)
                        & mask;
                }
            }
            return Bitboard(out);
        }
        let occupied = self.board - stretch;
        let mut out = Bitboard::EMPTY;
        // `run` holds, for every source still alive, the square j steps away
        // along an empty stretch; a source meets its jumped piece at the first
        // occupied square, then needs j - 1 more empty squares and a landing.
        let mut run = from;
        for half in 1..=MAX_HALF_JUMP {
            let ahead = run.shift(direction) & self.board;
            let jumped = ahead & occupied;
            if !jumped.is_empty() {
                let mut beyond = jumped;
                for _ in 1..half {
                    beyond = beyond.shift(direction) & stretch;
                }
                out |= beyond.shift(direction) & landing;
            }
            run = ahead & stretch;
            if run.is_empty() {
                break;
            }
        }
        out
    }

    /// The one landing of a segment from `from` in `direction` onto `landing`, if any.
    pub(super) fn segment_from(
        &self,
        from: Square,
        direction: Direction,
        stretch: Bitboard,
        landing: Bitboard,
    ) -> Option<Square> {
        let landing = landing & self.allowed_from(from);
        self.segments_in(Bitboard::from_square(from), direction, stretch, landing)
            .first()
    }

    /// Whether a move of the piece on `origin` may go from `from` to `to`
    /// in one step or jump segment, as this generator's own segments go: a
    /// step from the origin, unless a forced exit is due; or a jump segment
    /// along one line over a piece at its midpoint (long jumps: across
    /// empty squares, the origin counting as empty); the locks allowing it;
    /// and, as the first segment while a forced exit is due, a forced one.
    /// Whether `to` may be landed on (empty and not landed on yet, or a swap
    /// square at the end of the path) is the caller's to say: this is the
    /// one segment rule that notation checks a written path with.
    pub fn is_segment(&self, origin: Square, from: Square, to: Square) -> bool {
        let Some((direction, length)) = Direction::between(from, to) else {
            return false;
        };
        if !self.board.contains(to) {
            return false;
        }
        if length == 1 {
            return from == origin && !self.forced() && self.allowed_from(from).contains(to);
        }
        let stretch = self.empty | Bitboard::from_square(origin);
        self.segment_from(from, direction, stretch, Bitboard::from_square(to)) == Some(to)
            && (from != origin || self.first_segment_allowed(origin, direction, to))
    }

    /// The path the rule book writes for the move `origin` -> `destination`:
    /// fewest segments, then the smallest sequence of segments by direction
    /// (and length). `swap` says the destination is a swap (occupied) square.
    /// Returns the squares from origin to destination, or `None` when no such
    /// move exists.
    pub fn path(&self, origin: Square, destination: Square, swap: bool) -> Option<Vec<Square>> {
        if self.path.is_some() {
            // The scalar search also writes the paths of the set-based rules.
            return self.exact_path(origin, destination, swap);
        }
        let start = Bitboard::from_square(origin);
        let target = Bitboard::from_square(destination);
        if origin == destination {
            return None;
        }
        let step_ok = if swap {
            self.constraints.swap_from.contains(origin)
                && (start.neighbours() & self.constraints.swap_onto).contains(destination)
        } else {
            self.steps(origin).contains(destination)
        };
        if step_ok {
            return Some(vec![origin, destination]);
        }
        if swap
            && !(self.constraints.swap_onto.contains(destination)
                && self.constraints.swap_from.contains(origin))
        {
            return None;
        }
        let stretch = self.empty | start;
        // Breadth-first layers of the jump graph: layers[i] = squares first reached after i segments.
        let mut layers = vec![start];
        let mut reached = start;
        loop {
            let last = *layers.last().expect("at least the origin");
            let final_hop = if swap {
                self.segments(last, stretch, target)
            } else {
                Bitboard::EMPTY
            };
            if !final_hop.is_empty() || (!swap && reached.contains(destination)) {
                break;
            }
            let next = self.segments(last, stretch, self.empty - reached);
            if next.is_empty() {
                return None;
            }
            reached |= next;
            layers.push(next);
        }
        if swap {
            layers.push(target);
        }
        // wanted[i]: squares of layer i that lead to the destination in the remaining segments.
        let n = layers.len() - 1;
        let mut wanted = vec![Bitboard::EMPTY; n + 1];
        wanted[n] = target;
        for i in (0..n).rev() {
            let landing = wanted[i + 1];
            wanted[i] = layers[i]
                .into_iter()
                .filter(|&sq| {
                    !self
                        .segments(Bitboard::from_square(sq), stretch, landing)
                        .is_empty()
                })
                .collect();
        }
        let mut path = Vec::with_capacity(n + 1);
        let mut at = origin;
        path.push(at);
        for landing in wanted.iter().skip(1) {
            at = Direction::ALL
                .into_iter()
                .find_map(|d| self.segment_from(at, d, stretch, *landing))
                .expect("a square of the previous layer leads on");
            path.push(at);
        }
        Some(path)
    }
}
