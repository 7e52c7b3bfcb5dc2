//! Steps, jump closures by flood fill, swap landings and path recovery.
//!
//! A [`MoveGenerator`] is built once per position and side to move; it
//! precomputes, for each parity class and direction, the squares a plain jump
//! can land on. The jump closure of a piece is then a flood fill on one `u64`
//! (the piece's parity class): each round lands every frontier square in all
//! eight directions at once, until the reached set stops growing.

use crate::layout::{NOT_EAST, NOT_WEST};
use crate::lines;
use crate::longjump::{ray, ClassAdjacency, LongJumpTable, LongJumps};
use crate::{Bitboard, Direction, DirectionSet, Square};

use crate::longjump::MAX_HALF as MAX_HALF_JUMP;

mod continuation;
mod count;
mod count_long;
#[cfg(test)]
pub(crate) use count_long::Carry;
mod exact;
mod listing;
mod path;
mod path_sets;
mod read_set;

pub use listing::AllPieceMoves;

/// What the variant in force lets a piece do, beyond plain steps and jumps.
///
/// `Default` is no constraint. A field added here must default to "no rule",
/// and the bulk count ([`MoveGenerator::count_moves`]) must be told of it:
/// its per-field dispatch names every field (a compile error until it
/// does), and its branch for generators with path rules and the read-set
/// count must send a position where the field is set to the per-piece
/// count ([`MoveGenerator::piece_moves`]) too. The recipe is in
/// docs/architecture.md ("Where to add").
///
/// `#[non_exhaustive]`: the rule book grows constraints. Start from
/// `Constraints::default()` (or [`Constraints::long_jumps`]) and set fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
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

impl Constraints {
    /// No constraint but long jumps when `on`: the constraints of rules
    /// without camp-lock or swaps.
    pub const fn long_jumps(on: bool) -> Constraints {
        Constraints {
            long_jumps: on,
            lock: Bitboard::EMPTY,
            swap_onto: Bitboard::EMPTY,
            swap_from: Bitboard::EMPTY,
        }
    }
}

/// Home-lock, forced-exit and jump-continue: the rules that depend on the
/// path a piece takes or on where it comes from, given to
/// [`MoveGenerator::with_path_rules`]. Each field's default is "no rule".
///
/// They are kept apart from [`Constraints`], on the heap of the generators
/// where they change a move, so that a generator without them runs the
/// code it ran before they existed (docs/notes/performance-log.md has the
/// cost).
///
/// `#[non_exhaustive]`: the rule book grows such rules. Start from
/// `PathRules::default()` and set fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct PathRules {
    /// A step or segment that starts outside this set may not end in it
    /// (home-lock: the mover's home camp). Empty when there is no such rule.
    pub home_lock: Bitboard,
    /// The squares a forced segment may start from (forced-exit: the mover's
    /// pieces in its home camp). When some piece there has a forced segment,
    /// every move must begin with one. Empty when there is no such rule.
    pub forced_from: Bitboard,
    /// The mover's forward directions for forced-exit. Empty when there is
    /// no such rule.
    pub forward: DirectionSet,
    /// The pieces a forced segment passes over (forced-exit: other seats'
    /// pieces). Empty when there is no such rule.
    pub foreign: Bitboard,
    /// A jump sequence may stop only where no further segment can land on a
    /// square it has not landed on (jump-continue).
    pub jump_continue: bool,
}

/// No path rule: what [`MoveGenerator::path_rules`] reads for a generator without them.
static NO_PATH_RULES: PathRules = PathRules {
    home_lock: Bitboard::EMPTY,
    forced_from: Bitboard::EMPTY,
    forward: DirectionSet::EMPTY,
    foreign: Bitboard::EMPTY,
    jump_continue: false,
};

/// The squares of `board` a step or segment from `from` may end on as far
/// as camp-lock and home-lock go.
#[inline]
fn allowed_from(
    board: Bitboard,
    constraints: &Constraints,
    path: &PathRules,
    from: Square,
) -> Bitboard {
    let mut allowed = board;
    if constraints.lock.contains(from) {
        allowed &= constraints.lock;
    }
    if !path.home_lock.contains(from) {
        allowed -= path.home_lock;
    }
    allowed
}

/// The path rules of a generator where they change some move.
#[derive(Clone, Debug)]
struct PathState {
    rules: PathRules,
    /// Whether moves come from the scalar search of `exact` (otherwise
    /// from the sets of `path_sets`).
    search: bool,
    /// Whether some piece has a forced segment (forced-exit): then every
    /// move begins with one.
    forced: bool,
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
    /// The long-jump graph, when long jumps are on and the board is not a
    /// rectangle from a1 (on the heap: inline, it would make every
    /// generator, long jumps or not, 2 KiB larger to move). On a rectangle,
    /// segments come from the line tables of `lines` instead.
    long: LongJumps,
    /// Home-lock, forced-exit and jump-continue, when they change some
    /// move here: then moves come from the sets of `path_sets` or the
    /// searches of `exact` and `continuation`, and paths from `exact`.
    /// `None` otherwise, so that the plain generator runs its old code.
    path: Option<Box<PathState>>,
}

/// Every square of one class word reached from `start` by the landings
/// `next_of(bit)` of each square reached, `start` itself left out; under
/// camp-lock (`LOCKED`), from a square of `lock` only into `lock`.
#[inline(always)]
fn search_closure<const LOCKED: bool>(
    start: u64,
    lock: u64,
    mut next_of: impl FnMut(u32) -> u64,
) -> u64 {
    let mut reached = start;
    let mut todo = start;
    while todo != 0 {
        let bit = todo.trailing_zeros();
        todo &= todo - 1;
        let mut next = next_of(bit);
        if LOCKED && lock >> bit & 1 != 0 {
            next &= lock;
        }
        next &= !reached;
        reached |= next;
        todo |= next;
    }
    reached & !start
}

/// The jump closure (a class word, the origin left out) of the piece on
/// `origin` on a rectangle from a1 ([`lines::fits`]) with `blocked` the
/// pieces, its own included, and the squares off the board, and
/// `adjacency` the class's jump graph with every piece in place: a square
/// on a line through the origin reads its segments along that line from
/// the line tables with the origin empty (the line's index gathered once),
/// the others read `adjacency`. Under camp-lock (`LOCKED`), from a square
/// of `lock` only into `lock`.
#[inline(always)]
fn exact_closure_on_lines<const LOCKED: bool>(
    blocked: &[u64; 4],
    origin: Square,
    adjacency: impl ClassAdjacency,
    lock: u64,
) -> u64 {
    let class = class_of(origin);
    let start = 1u64 << (origin.bit() & 63);
    let mut blocked = *blocked;
    blocked[class] &= !start;
    // The origin's lines in its own class's word.
    let lines = lines::lines_through(&blocked, origin.bit()).map(|[own, _]| own);
    let on_lines = lines.iter().fold(0, |all, line| all | line.squares) & !start;
    search_closure::<LOCKED>(start, lock, |bit| {
        let square = 1u64 << bit;
        let next = adjacency.landings(bit);
        if on_lines & square != 0 {
            // One line joins two squares. (Picking it by arithmetic on the
            // four masks instead, without a branch, measured 12% slower in
            // `halma,long-jumps` midgames.)
            for line in &lines {
                if line.squares & square != 0 {
                    return (next & !line.squares) | line.landings(bit);
                }
            }
        }
        next
    })
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
pub(crate) fn class_of(square: Square) -> usize {
    (square.bit() >> 6) as usize
}

/// A bitboard holding `word` in `class` and nothing elsewhere.
#[inline(always)]
pub(crate) fn in_class(class: usize, word: u64) -> Bitboard {
    let mut words = [0; 4];
    words[class] = word;
    Bitboard(words)
}

impl MoveGenerator {
    /// Prepares move generation on a board whose playable squares are `board`
    /// and whose occupied squares (all seats) are `occupied`.
    #[inline(always)]
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
        // On a rectangle, long jumps come from line tables and need no
        // per-position graph.
        let long = if constraints.long_jumps && !lines::fits(board) {
            LongJumps::new(board, occupied)
        } else {
            LongJumps::default()
        };
        MoveGenerator {
            board,
            empty,
            occupied,
            constraints,
            landings,
            long,
            path: None,
        }
    }

    /// Like [`new`](Self::new), with home-lock, forced-exit and
    /// jump-continue as `path` says.
    pub fn with_path_rules(
        board: Bitboard,
        occupied: Bitboard,
        constraints: Constraints,
        path: PathRules,
    ) -> MoveGenerator {
        let mut generator = MoveGenerator::new(board, occupied, constraints);
        let forced = !path.forced_from.is_empty()
            && if constraints.long_jumps {
                exact::has_forced_segment(board, occupied, &constraints, &path)
            } else {
                path_sets::has_forced_plain_segment(board, occupied, &constraints, &path)
            };
        // Forced-exit with no forced segment due changes no move.
        if forced || path.jump_continue || !path.home_lock.is_empty() {
            generator.path = Some(Box::new(PathState {
                search: PathState::needs_search(&path, &constraints, forced),
                rules: path,
                forced,
            }));
        }
        generator
    }

    /// The path rules this generator applies (all off when it has none).
    #[inline]
    pub fn path_rules(&self) -> &PathRules {
        self.path
            .as_ref()
            .map_or(&NO_PATH_RULES, |state| &state.rules)
    }

    /// Whether the side to move has a forced segment, so that every move
    /// must begin with one (forced-exit).
    pub fn forced(&self) -> bool {
        self.path.as_ref().is_some_and(|state| state.forced)
    }

    /// Whether the path rules change some move here in a way only the
    /// scalar search of `exact` follows.
    #[inline(always)]
    fn exact(&self) -> bool {
        self.path.as_ref().is_some_and(|state| state.search)
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
        if self.exact() {
            return self.exact_piece_moves(origin);
        }
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

    /// The empty squares the piece on `origin` can step to.
    #[inline]
    pub fn steps(&self, origin: Square) -> Bitboard {
        let targets = Bitboard::neighbours_of(origin) & self.empty;
        let targets = if self.constraints.lock.contains(origin) {
            targets & self.constraints.lock
        } else {
            targets
        };
        match &self.path {
            None => targets,
            Some(state) => self.path_steps(state, origin, targets),
        }
    }

    /// The steps `targets` of the piece on `origin` that the path rules
    /// leave: none when a forced exit is due, none into the home camp
    /// from outside it under home-lock.
    #[cold]
    #[inline(never)]
    fn path_steps(&self, state: &PathState, origin: Square, targets: Bitboard) -> Bitboard {
        let home = state.rules.home_lock;
        if state.forced {
            Bitboard::EMPTY
        } else if home.contains(origin) {
            targets
        } else {
            targets - home
        }
    }

    /// The squares a step or segment from `from` may end on as far as
    /// camp-lock and home-lock go.
    #[inline]
    fn allowed_from(&self, from: Square) -> Bitboard {
        allowed_from(self.board, &self.constraints, self.path_rules(), from)
    }

    /// The jump closure of the piece on `origin`: every square reachable by one
    /// or more jump segments (origin excluded).
    #[inline]
    pub fn jumps(&self, origin: Square) -> Bitboard {
        if let Some(state) = &self.path {
            return if state.search {
                self.exact_jumps(origin)
            } else {
                self.jumps_on_sets(state, origin)
            };
        }
        if let Some(table) = self.long.get() {
            return self.closure_long(table, origin);
        }
        if self.constraints.long_jumps {
            return in_class(class_of(origin), self.closure_lines(origin));
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

    /// Jump closure with long jumps: a search of the position's jump graph,
    /// with the segments whose line passes through the origin (which counts
    /// as empty while the piece moves, unlike in the graph) walked exactly.
    fn closure_long(&self, table: &LongJumpTable, origin: Square) -> Bitboard {
        let class = class_of(origin);
        let lock = self.constraints.lock.word(class);
        in_class(
            class,
            self.closure_crossing(origin, table.adjacency(class), lock),
        )
    }

    /// Jump closure with long jumps on a rectangle (no table): a search over
    /// the squares reached, each one's segments read from the line tables
    /// with the origin empty (as a bit of the origin's class word).
    #[inline]
    fn closure_lines(&self, origin: Square) -> u64 {
        let class = class_of(origin);
        let start = 1u64 << (origin.bit() & 63);
        let mut blocked = (self.occupied | !self.board).0;
        blocked[class] &= !start;
        let lock = self.constraints.lock.word(class);
        let base = (class as u8) << 6;
        search_closure::<true>(start, lock, |bit| {
            lines::landings(&blocked, base | bit as u8)
        })
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

    /// [`closure_crossing`](Self::closure_crossing) on a rectangle from a1
    /// ([`lines::fits`]): a square on a line through the origin reads its
    /// segments along that line from the line tables with the origin empty
    /// (the line's index gathered once), which costs less than finding the
    /// direction towards the origin and walking it.
    #[inline]
    fn closure_crossing_on_lines(&self, origin: Square, adjacency: &[u64; 64], lock: u64) -> u64 {
        let blocked = (self.occupied | !self.board).0;
        // Compiled twice: without camp-lock (every perft of the presets
        // without it) the search tests no lock square.
        if lock == 0 {
            exact_closure_on_lines::<false>(&blocked, origin, adjacency, 0)
        } else {
            exact_closure_on_lines::<true>(&blocked, origin, adjacency, lock)
        }
    }

    /// The closure of the piece on `origin` under camp-lock `lock` (0 when
    /// none), exact even when its origin changes its class's jump graph
    /// ([`LongJumpTable::crossing`]): a search of the exact graph over the
    /// shared adjacency of the tables' graph `G`. The two
    /// differ only in segments crossing the origin, which run along its lines
    /// towards it from either end, so for a square on a line through the
    /// origin the one segment towards it is replaced by a scalar walk.
    fn closure_crossing(&self, origin: Square, adjacency: &[u64; 64], lock: u64) -> u64 {
        let class = class_of(origin);
        let start = 1u64 << (origin.bit() & 63);
        let occupied = self.occupied - Bitboard::from_square(origin);
        let mut lines = 0;
        for direction in Direction::ALL {
            lines |= ray(origin, direction).word(class);
        }
        search_closure::<true>(start, lock, |bit| {
            let mut next = adjacency[bit as usize];
            if lines >> bit & 1 != 0 {
                let from = Square::from_bit((class as u32 * 64 + bit) as u8);
                let (toward, _) = Direction::between(from, origin).expect("on a line");
                // The one landing in `toward` lies on that ray, and no
                // landing in another direction does.
                next &= !ray(from, toward).word(class);
                next |= self.landing_without(from, toward, occupied);
            }
            next
        })
    }

    /// The squares the piece on `origin` can swap with (none unless `origin`
    /// is in [`Constraints::swap_from`]): a foreign piece in `swap_onto` reached by a step, or by a last jump
    /// segment from the origin or any square of its jump closure `jumps`.
    pub fn swaps(&self, origin: Square, jumps: Bitboard) -> Bitboard {
        if self.exact() {
            return self.exact_piece_moves(origin).swaps;
        }
        let onto = self.constraints.swap_onto;
        if onto.is_empty() || !self.constraints.swap_from.contains(origin) {
            return Bitboard::EMPTY;
        }
        let start = Bitboard::from_square(origin);
        let by_step = start.neighbours() & onto;
        let by_jump = self.segments(jumps | start, self.empty | start, onto);
        by_step | by_jump
    }

    /// The playable squares.
    pub fn board(&self) -> Bitboard {
        self.board
    }
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
