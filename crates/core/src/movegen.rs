//! Steps, jump closures by flood fill, swap landings and path recovery.
//!
//! A [`MoveGenerator`] is built once per position and side to move; it
//! precomputes, for each parity class and direction, the squares a plain jump
//! can land on. The jump closure of a piece is then a flood fill on one `u64`
//! (the piece's parity class): each round lands every frontier square in all
//! eight directions at once, until the reached set stops growing.

use crate::layout::{NOT_EAST, NOT_WEST};
use crate::longjump::{ray, LongJumpTable};
use crate::{Bitboard, Direction, Square};

use crate::longjump::MAX_HALF as MAX_HALF_JUMP;

/// What the variant in force lets a piece do, beyond plain steps and jumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Constraints {
    /// Jump segments may be long (the jumped piece at the midpoint of an empty stretch).
    pub long_jumps: bool,
    /// A step or segment that starts in this set must end in it (camp-lock: the
    /// mover's target camp). Empty when there is no such rule.
    pub lock: Bitboard,
    /// Occupied squares that a step or the last segment of a jump path may land
    /// on as a swap (spoil=swap: foreign pieces in the mover's full target camp).
    /// Empty when no swap is possible.
    pub swap_onto: Bitboard,
    /// The squares a piece must stand on to swap (spoil=swap: those outside
    /// the mover's target camp).
    pub swap_from: Bitboard,
}

/// The moves of one piece, as destination sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// The square the piece stands on.
    pub origin: Square,
    /// Empty adjacent squares it may step to.
    pub steps: Bitboard,
    /// Squares it may reach by one or more jump segments.
    pub jumps: Bitboard,
    /// Occupied squares it may swap with (spoil=swap).
    pub swaps: Bitboard,
}

impl PieceMoves {
    /// Number of distinct moves (destinations of all kinds never overlap).
    #[inline]
    pub fn count(&self) -> u32 {
        self.steps.count() + self.jumps.count() + self.swaps.count()
    }

    /// All destinations.
    #[inline]
    pub fn destinations(&self) -> Bitboard {
        self.steps | self.jumps | self.swaps
    }
}

/// Per-position precomputation for the moves of one side.
#[derive(Clone, Debug)]
pub struct MoveGenerator {
    board: Bitboard,
    empty: Bitboard,
    constraints: Constraints,
    occupied: Bitboard,
    /// `landings[class][d]`: empty squares of that class whose neighbour
    /// opposite to `d` is occupied, i.e. where a plain jump in direction `d`
    /// lands after passing over a piece. Each is also masked to the squares an
    /// 8x8 word shift in `d` can legitimately produce, so the flood fill can
    /// shift without edge masks.
    landings: [[u64; 8]; 4],
    /// Long-jump source tables, when long jumps are on (boxed: inline, they
    /// would make every generator, long jumps or not, 2 KiB larger to move).
    long: Option<Box<LongJumpTable>>,
}

/// The 8x8 squares a word shift in direction `d` may produce without having wrapped.
const fn no_wrap_mask(direction: Direction) -> u64 {
    match direction.delta().0 {
        1 => NOT_WEST,
        -1 => NOT_EAST,
        _ => !0,
    }
}

/// Shifts a word one half-square in `direction` without edge masks: the caller
/// masks the result with a set that excludes wrapped squares.
#[inline(always)]
fn shift_unmasked(word: u64, direction: Direction) -> u64 {
    match direction {
        Direction::N => word << 8,
        Direction::NE => word << 9,
        Direction::E => word << 1,
        Direction::SE => word >> 7,
        Direction::S => word >> 8,
        Direction::SW => word >> 9,
        Direction::W => word >> 1,
        Direction::NW => word << 7,
    }
}

/// The parity class (word) of a square.
#[inline(always)]
fn class_of(square: Square) -> usize {
    (square.bit() >> 6) as usize
}

/// A bitboard holding `word` in `class` and nothing elsewhere.
#[inline(always)]
fn in_class(class: usize, word: u64) -> Bitboard {
    let mut words = [0; 4];
    words[class] = word;
    Bitboard(words)
}

impl MoveGenerator {
    /// Prepares move generation on a board whose playable squares are `board`
    /// and whose occupied squares (all seats) are `occupied`.
    pub fn new(board: Bitboard, occupied: Bitboard, constraints: Constraints) -> MoveGenerator {
        let empty = board - occupied;
        let mut landings = [[0; 8]; 4];
        for direction in Direction::ALL {
            let landing = occupied.shift(direction) & empty;
            let mask = no_wrap_mask(direction);
            for (class, per_direction) in landings.iter_mut().enumerate() {
                per_direction[direction as usize] = landing.word(class) & mask;
            }
        }
        let long = constraints
            .long_jumps
            .then(|| LongJumpTable::new(board, occupied));
        MoveGenerator {
            board,
            empty,
            occupied,
            constraints,
            landings,
            long,
        }
    }

    /// The constraints this generator applies.
    pub fn constraints(&self) -> &Constraints {
        &self.constraints
    }

    /// Empty playable squares.
    pub fn empty(&self) -> Bitboard {
        self.empty
    }

    /// All moves of the piece on `origin`.
    #[inline]
    pub fn piece_moves(&self, origin: Square) -> PieceMoves {
        let jumps = self.jumps(origin);
        let swaps = if self.constraints.swap_onto.is_empty() {
            Bitboard::EMPTY
        } else {
            self.swaps(origin, jumps)
        };
        PieceMoves {
            origin,
            steps: self.steps(origin),
            jumps,
            swaps,
        }
    }

    /// The number of moves of the pieces on `pieces` (steps, jumps and
    /// swaps), without listing them: perft's bulk count at the last ply.
    ///
    /// With only plain jumps and no lock, steps are counted for all pieces at
    /// once (each piece and direction with an empty target is one move), and
    /// jumps by the components of the jump graph (see `count_jumps`).
    pub fn count_moves(&self, pieces: Bitboard) -> u64 {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: `count_moves_popcnt` only needs the popcnt instruction,
            // which the CPU was just detected to have.
            return unsafe { self.count_moves_popcnt(pieces) };
        }
        self.count_moves_inline(pieces)
    }

    /// [`count_moves`](Self::count_moves) compiled with the popcnt instruction,
    /// which the portable x86-64 baseline lacks: population counts are the
    /// bulk count's most frequent operation.
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt")]
    fn count_moves_popcnt(&self, pieces: Bitboard) -> u64 {
        self.count_moves_inline(pieces)
    }

    #[inline(always)]
    fn count_moves_inline(&self, pieces: Bitboard) -> u64 {
        let c = &self.constraints;
        let mut total = 0u64;
        // Steps: every (piece, direction) pair with an empty target is one move;
        // under camp-lock a piece inside the lock set steps only within it.
        let locked = pieces & c.lock;
        if locked.is_empty() {
            for direction in Direction::ALL {
                total += (pieces.shift(direction) & self.empty).count() as u64;
            }
        } else {
            let free = pieces - c.lock;
            for direction in Direction::ALL {
                total += (free.shift(direction) & self.empty).count() as u64;
                total += (locked.shift(direction) & self.empty & c.lock).count() as u64;
            }
        }
        if c.long_jumps {
            return total + self.long_jump_moves(pieces);
        }
        if !c.lock.is_empty() || !c.swap_onto.is_empty() {
            return total + self.count_constrained_jumps(pieces);
        }
        for class in 0..4 {
            let own = pieces.word(class);
            if own != 0 {
                total += count_jumps(own, &self.landings[class], 0);
            }
        }
        total
    }

    /// The jump and swap moves of `pieces` with long jumps. Kept out of
    /// line, so that the plain bulk count, the hottest code of plain
    /// variants, compiles as if long jumps did not exist.
    #[inline(never)]
    fn long_jump_moves(&self, pieces: Bitboard) -> u64 {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: `long_jump_moves_popcnt` only needs the popcnt
            // instruction, which the CPU was just detected to have.
            return unsafe { self.long_jump_moves_popcnt(pieces) };
        }
        self.long_jump_moves_inline(pieces)
    }

    /// [`long_jump_moves`](Self::long_jump_moves) compiled with the popcnt
    /// instruction (see [`count_moves_popcnt`](Self::count_moves_popcnt)).
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt")]
    fn long_jump_moves_popcnt(&self, pieces: Bitboard) -> u64 {
        self.long_jump_moves_inline(pieces)
    }

    #[inline(always)]
    fn long_jump_moves_inline(&self, pieces: Bitboard) -> u64 {
        let c = &self.constraints;
        let table = self.long.as_deref().expect("long jumps have tables");
        if c.lock.is_empty() && c.swap_onto.is_empty() {
            return self.count_long_jumps(table, pieces);
        }
        let mut total = 0;
        for origin in pieces {
            let jumps = self.jumps(origin);
            total += jumps.count() as u64;
            if !c.swap_onto.is_empty() {
                total += self.swaps(origin, jumps).count() as u64;
            }
        }
        total
    }

    /// Long-jump moves of `pieces` without camp-lock or swaps.
    ///
    /// Long segments are reversible like plain ones (the stretch from either
    /// end reads the same), so the components argument of `count_jumps`
    /// holds on the jump graph `G` of the tables, except that a moving
    /// piece's origin is empty: pieces for which that changes their class's
    /// graph ([`LongJumpTable::crossing`]) get their own exact closure, the
    /// rest share the component count.
    #[inline(always)]
    fn count_long_jumps(&self, table: &LongJumpTable, pieces: Bitboard) -> u64 {
        let mut total = 0;
        for class in 0..4 {
            let own = pieces.word(class);
            if own == 0 {
                continue;
            }
            // Each square is visited once per search, so per-square
            // adjacency beats whole-word rounds over every table entry.
            let adjacency = table.adjacency(class);
            let mut crossing = own & table.crossing(class);
            while crossing != 0 {
                let bit = crossing.trailing_zeros();
                crossing &= crossing - 1;
                let origin = Square::from_bit((class as u32 * 64 + bit) as u8);
                total += self
                    .closure_crossing(table, origin, &adjacency)
                    .count_ones() as u64;
            }
            let clean = own & !table.crossing(class);
            if clean != 0 {
                let has_edge = table.any_source(class) & self.empty.word(class);
                total += count_long_components(&adjacency, clean, has_edge);
            }
        }
        total
    }

    /// Jump and swap moves under camp-lock or spoil=swap (plain jumps).
    #[inline(always)]
    fn count_constrained_jumps(&self, pieces: Bitboard) -> u64 {
        let c = &self.constraints;
        let mut total = 0;
        for class in 0..4 {
            let own = pieces.word(class);
            if own != 0 {
                total += count_jumps(own, &self.landings[class], c.lock.word(class));
            }
        }
        if !c.swap_onto.is_empty() {
            let swappers = pieces & c.swap_from;
            if self.swaps_possible(swappers) {
                for origin in swappers {
                    total += self.swaps(origin, self.jumps(origin)).count() as u64;
                }
            }
        }
        total
    }

    /// Whether any of `swappers` might have a swap move (plain jumps only): a
    /// swap lands on `swap_onto` by a step from the piece or by a plain
    /// segment from the piece or its closure. `false` proves there is none,
    /// which is the common case (at the start the target camp is full of the
    /// opponent's pieces, but nobody is near it), so the bulk count keeps the
    /// component path.
    fn swaps_possible(&self, swappers: Bitboard) -> bool {
        if swappers.is_empty() {
            return false;
        }
        // One flood from all swappers at once covers every closure (the lock
        // only removes squares, so ignoring it keeps a superset).
        let mut reach = [0u64; 4];
        for (class, reached) in reach.iter_mut().enumerate() {
            let seeds = swappers.word(class);
            if seeds != 0 {
                *reached = flood(seeds, &self.landings[class]);
            }
        }
        let reach = Bitboard(reach);
        let onto = self.constraints.swap_onto;
        if !(swappers.neighbours() & onto).is_empty() {
            return true;
        }
        // Squares two away from a swap square with a piece between: the only
        // squares a last plain segment onto it can start from.
        let mut sources = Bitboard::EMPTY;
        for direction in Direction::ALL {
            let back = direction.opposite();
            sources |= (onto.shift(back) & self.occupied).shift(back);
        }
        !(sources & reach).is_empty()
    }

    /// The empty squares the piece on `origin` can step to.
    #[inline]
    pub fn steps(&self, origin: Square) -> Bitboard {
        let from = Bitboard::from_square(origin);
        let targets = from.neighbours() & self.empty;
        if self.constraints.lock.contains(origin) {
            targets & self.constraints.lock
        } else {
            targets
        }
    }

    /// The jump closure of the piece on `origin`: every square reachable by one
    /// or more jump segments (origin excluded).
    #[inline]
    pub fn jumps(&self, origin: Square) -> Bitboard {
        if let Some(table) = &self.long {
            return self.closure_long(table, origin);
        }
        let class = class_of(origin);
        let start = 1u64 << (origin.bit() & 63);
        let lock = self.constraints.lock.word(class);
        let land = &self.landings[class];
        let reached = if lock == 0 {
            flood(start, land)
        } else {
            flood_locked(start, land, lock)
        };
        in_class(class, reached & !start)
    }

    /// Jump closure with long jumps: a flood fill on the origin's class word
    /// driven by the per-position source tables. Sources whose segment line
    /// passes through the origin (which counts as empty while the piece
    /// moves, unlike in the tables) are landed exactly, square by square.
    fn closure_long(&self, table: &LongJumpTable, origin: Square) -> Bitboard {
        let class = class_of(origin);
        let start = 1u64 << (origin.bit() & 63);
        let lock = self.constraints.lock.word(class);
        let empty = self.empty.word(class);
        let occupied = self.occupied - Bitboard::from_square(origin);
        // through_origin[d]: squares of the class whose segment in direction d crosses the origin.
        let through_origin = Direction::ALL.map(|d| ray(origin, d.opposite()).word(class));
        let mut reached = start;
        let mut frontier = start;
        loop {
            let mut next = 0;
            for direction in Direction::ALL {
                let crossing = frontier & through_origin[direction as usize];
                let plain = frontier & !crossing;
                next |= table.landings_in(class, plain & !lock, direction);
                if plain & lock != 0 {
                    next |= table.landings_in(class, plain & lock, direction) & lock;
                }
                let mut crossing = crossing;
                while crossing != 0 {
                    let bit = crossing.trailing_zeros();
                    crossing &= crossing - 1;
                    let landing = self.landing_without(
                        Square::from_bit((class as u32 * 64 + bit) as u8),
                        direction,
                        occupied,
                    );
                    next |= if lock >> bit & 1 != 0 {
                        landing & lock
                    } else {
                        landing
                    };
                }
            }
            next &= empty & !reached;
            if next == 0 {
                break;
            }
            reached |= next;
            frontier = next;
        }
        in_class(class, reached & !start)
    }

    /// The landing (as a bit of `from`'s class word, or 0) of the one segment
    /// from `from` in `direction` when the pieces are `occupied`: a scalar
    /// walk for a single source, where the set-wise tables would be wrong.
    #[inline]
    fn landing_without(&self, from: Square, direction: Direction, occupied: Bitboard) -> u64 {
        // Off-board squares stop a segment like pieces, but cannot be jumped.
        let blocked = occupied | !self.board;
        let Some(half) = nearest(from, direction, ray(from, direction) & blocked) else {
            return 0;
        };
        let (Some(jumped), Some(landing)) = (
            from.offset(direction, half),
            from.offset(direction, 2 * half),
        ) else {
            return 0;
        };
        if !occupied.contains(jumped) {
            return 0;
        }
        // The squares after the jumped piece, landing included.
        let beyond = ray(jumped, direction) - ray(landing, direction);
        if (beyond & blocked).is_empty() {
            1 << (landing.bit() & 63)
        } else {
            0
        }
    }

    /// The closure of a piece whose origin changes its class's jump graph
    /// ([`LongJumpTable::crossing`]), no camp-lock: a search of the exact
    /// graph over the shared adjacency of the tables' graph `G`. The two
    /// differ only in segments crossing the origin, which run along its lines
    /// towards it from either end, so for a square on a line through the
    /// origin the one segment towards it is replaced by a scalar walk.
    fn closure_crossing(
        &self,
        table: &LongJumpTable,
        origin: Square,
        adjacency: &[u64; 64],
    ) -> u64 {
        let class = class_of(origin);
        let start = 1u64 << (origin.bit() & 63);
        let occupied = self.occupied - Bitboard::from_square(origin);
        let mut lines = 0;
        for direction in Direction::ALL {
            lines |= ray(origin, direction).word(class);
        }
        let mut reached = start;
        let mut todo = start;
        while todo != 0 {
            let bit = todo.trailing_zeros();
            todo &= todo - 1;
            let square = 1u64 << bit;
            let mut next = adjacency[bit as usize];
            if lines & square != 0 {
                let from = Square::from_bit((class as u32 * 64 + bit) as u8);
                let (toward, _) = Direction::between(from, origin).expect("on a line");
                next &= !table.landings_in(class, square, toward);
                next |= self.landing_without(from, toward, occupied);
            }
            next &= !reached;
            reached |= next;
            todo |= next;
        }
        reached & !start
    }

    /// The squares the piece on `origin` can swap with    /// The squares the piece on `origin` can swap with (none unless `origin`
    /// is in [`Constraints::swap_from`]): a foreign piece in `swap_onto` reached by a step, or by a last jump
    /// segment from the origin or any square of its jump closure `jumps`.
    pub fn swaps(&self, origin: Square, jumps: Bitboard) -> Bitboard {
        let onto = self.constraints.swap_onto;
        if onto.is_empty() || !self.constraints.swap_from.contains(origin) {
            return Bitboard::EMPTY;
        }
        let start = Bitboard::from_square(origin);
        let by_step = start.neighbours() & onto;
        let by_jump = self.segments(jumps | start, self.empty | start, onto);
        by_step | by_jump
    }

    /// Landings of one jump segment from any square of `from`, onto `landing`.
    /// `stretch` is the set of squares that count as empty inside a long jump.
    /// A segment starting in the lock set must land in it.
    fn segments(&self, from: Bitboard, stretch: Bitboard, landing: Bitboard) -> Bitboard {
        let lock = self.constraints.lock;
        if lock.is_empty() {
            return self.segments_unlocked(from, stretch, landing);
        }
        let mut out = self.segments_unlocked(from - lock, stretch, landing);
        let inside = from & lock;
        if !inside.is_empty() {
            out |= self.segments_unlocked(inside, stretch, landing & lock);
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
    fn segment_from(
        &self,
        from: Square,
        direction: Direction,
        stretch: Bitboard,
        landing: Bitboard,
    ) -> Option<Square> {
        let lock = self.constraints.lock;
        let landing = if lock.contains(from) {
            landing & lock
        } else {
            landing
        };
        self.segments_in(Bitboard::from_square(from), direction, stretch, landing)
            .first()
    }

    /// The path the rule book writes for the move `origin` -> `destination`:
    /// fewest segments, then the smallest sequence of segments by direction
    /// (and length). `swap` says the destination is a swap (occupied) square.
    /// Returns the squares from origin to destination, or `None` when no such
    /// move exists.
    pub fn path(&self, origin: Square, destination: Square, swap: bool) -> Option<Vec<Square>> {
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

    /// The playable squares.
    pub fn board(&self) -> Bitboard {
        self.board
    }
}

/// The number of jump moves of the pieces `own` of one parity class.
///
/// Plain jumps are reversible (both ends of a segment are empty squares of the
/// class, and the jumped piece stays), so the jump graph on the class's empty
/// squares splits into connected components, and a piece's closure is the
/// union of the components its first segments land in. Components are
/// disjoint, so the sum over pieces of their closure sizes is the sum over
/// components of (squares in it) x (pieces with a first segment into it):
/// one flood fill per component, and no work per piece.
///
/// Camp-lock (`lock`, the squares no segment may leave) breaks the symmetry
/// only inside components that hold a lock square: there each entering piece
/// gets its own locked flood, restricted to the component. Components clear
/// of the lock, usually all of them, keep the shared count.
#[inline(always)]
fn count_jumps(own: u64, land: &[u64; 8], lock: u64) -> u64 {
    let free = own & !lock;
    let locked = own & lock;
    let mut hops_by_direction = [0u64; 8];
    let mut first_hops = 0;
    // Squares with a jump edge to another empty square: the rest are
    // components of one square, entered once per (piece, direction) landing
    // there, which needs no flood fill.
    let mut has_edge = 0;
    for direction in Direction::ALL {
        let d = direction as usize;
        let mut hops = shift_unmasked(free, direction) & land[d];
        if locked != 0 {
            hops |= shift_unmasked(locked, direction) & land[d] & lock;
        }
        hops_by_direction[d] = hops;
        first_hops |= hops;
        has_edge |= shift_unmasked(land[d], direction.opposite());
    }
    let mut total = 0;
    let single = first_hops & !has_edge;
    if single != 0 {
        for hops in hops_by_direction {
            total += (hops & single).count_ones() as u64;
        }
    }
    let mut remaining = first_hops & has_edge;
    while remaining != 0 {
        let component = flood(remaining & remaining.wrapping_neg(), land);
        let mut entering = 0;
        for direction in Direction::ALL {
            let landings = component & land[direction as usize];
            entering |= shift_unmasked(landings, direction.opposite());
        }
        if component & lock == 0 {
            // Locked pieces never land outside the lock, so only free ones enter.
            total += component.count_ones() as u64 * (entering & free).count_ones() as u64;
        } else {
            let mut pieces = entering & own;
            while pieces != 0 {
                let piece = pieces & pieces.wrapping_neg();
                pieces &= pieces - 1;
                total += (flood_locked(piece, land, lock) & component).count_ones() as u64;
            }
        }
        remaining &= !component;
    }
    total
}

/// The number of long-jump moves of the pieces `own` of one class, none of
/// which changes its class's jump graph by leaving its origin: each piece's
/// closure is the union of the components of the tables' graph that its
/// first segments land in (see `count_jumps`). `adjacency` is that graph
/// (with the pieces' own first segments), `has_edge` its empty squares with
/// an edge.
#[inline(always)]
fn count_long_components(adjacency: &[u64; 64], own: u64, has_edge: u64) -> u64 {
    let mut first_hops = 0;
    let mut pieces = own;
    while pieces != 0 {
        first_hops |= adjacency[pieces.trailing_zeros() as usize];
        pieces &= pieces - 1;
    }
    // A landing with no edge is a component of its own, entered by every
    // piece landing there (a piece lands on a square in one direction only).
    let mut total = 0;
    let single = first_hops & !has_edge;
    if single != 0 {
        let mut pieces = own;
        while pieces != 0 {
            total += (adjacency[pieces.trailing_zeros() as usize] & single).count_ones() as u64;
            pieces &= pieces - 1;
        }
    }
    let mut remaining = first_hops & has_edge;
    while remaining != 0 {
        let component = flood_adjacency(adjacency, remaining & remaining.wrapping_neg());
        let mut entering = 0;
        let mut pieces = own;
        while pieces != 0 {
            entering += (adjacency[pieces.trailing_zeros() as usize] & component != 0) as u64;
            pieces &= pieces - 1;
        }
        total += component.count_ones() as u64 * entering;
        remaining &= !component;
    }
    total
}

/// Every square reachable from `seed` in the graph `adjacency`.
#[inline(always)]
fn flood_adjacency(adjacency: &[u64; 64], seed: u64) -> u64 {
    let mut reached = seed;
    let mut todo = seed;
    while todo != 0 {
        let next = adjacency[todo.trailing_zeros() as usize] & !reached;
        todo &= todo - 1;
        reached |= next;
        todo |= next;
    }
    reached
}

/// The square nearest to `from` among `ahead` (squares of the ray from
/// `from` in `direction`), as a distance, or `None` when `ahead` is empty.
#[inline]
fn nearest(from: Square, direction: Direction, ahead: Bitboard) -> Option<u8> {
    let (dx, dy) = direction.delta();
    let increasing = dy * 8 + dx > 0;
    // The ray's squares are monotonic in bit order within each word, so the
    // nearest of each word is its first or last bit.
    let mut best = None;
    for word in 0..4 {
        let w = ahead.word(word);
        if w != 0 {
            let bit = if increasing {
                w.trailing_zeros()
            } else {
                63 - w.leading_zeros()
            };
            let square = Square::from_bit((word as u32 * 64 + bit) as u8);
            let distance = if dx != 0 {
                square.file().abs_diff(from.file())
            } else {
                square.rank().abs_diff(from.rank())
            };
            best = Some(best.map_or(distance, |b: u8| b.min(distance)));
        }
    }
    best
}

/// Every square reachable from `seed` by plain jump segments landing on `land`.
#[inline(always)]
fn flood(seed: u64, land: &[u64; 8]) -> u64 {
    let mut reached = seed;
    let mut frontier = seed;
    loop {
        let mut next = 0;
        for direction in Direction::ALL {
            next |= shift_unmasked(frontier, direction) & land[direction as usize];
        }
        next &= !reached;
        if next == 0 {
            return reached;
        }
        reached |= next;
        frontier = next;
    }
}

/// Like [`flood`], under camp-lock: a segment from a square of `lock` must
/// land in `lock`.
#[inline(always)]
fn flood_locked(seed: u64, land: &[u64; 8], lock: u64) -> u64 {
    let mut reached = seed;
    let mut frontier = seed;
    loop {
        let mut next = 0;
        let outside = frontier & !lock;
        let inside = frontier & lock;
        for direction in Direction::ALL {
            let d = direction as usize;
            next |= shift_unmasked(outside, direction) & land[d];
            next |= shift_unmasked(inside, direction) & land[d] & lock;
        }
        next &= !reached;
        if next == 0 {
            return reached;
        }
        reached |= next;
        frontier = next;
    }
}
