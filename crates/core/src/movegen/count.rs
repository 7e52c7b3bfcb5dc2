//! Bulk counting: the number of moves of a side without listing them, for
//! perft's last ply. Jump moves are counted by the connected components of
//! the jump graph, not piece by piece.

use super::count_long::Carry;
use super::*;
use crate::layout::step_words_by;

/// The ways of counting moves in bulk, each written for some combinations of
/// [`Constraints`] (`count_per_piece` is correct for all of them, and is
/// what the path rules take).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CountPath {
    /// No constraint: steps in bulk, plain jumps by components.
    Plain,
    /// Plain jumps under camp-lock or with swaps.
    Constrained,
    /// Long jumps, with or without camp-lock and swaps.
    Long,
}

impl Constraints {
    /// The bulk-counting path for these constraints.
    ///
    /// The fast paths were written for the fields `long_jumps`, `lock`,
    /// `swap_onto` and `swap_from`. The path rules ([`PathRules`]) are not
    /// constraints: a generator that has them counts the positions where they
    /// change a move per piece or on the sets of `path_sets` before any of
    /// these paths is chosen (a forced-exit rule with no forced segment due
    /// changes nothing).
    ///
    /// The pattern below names every field, so a field added later is a
    /// compile error here: whoever adds one must count it with
    /// `count_per_piece` (the per-piece generator, where a new constraint is
    /// implemented first) until a fast path is taught it.
    #[inline(always)]
    pub(super) fn count_path(&self) -> CountPath {
        let Constraints {
            long_jumps: _,
            lock: _,
            swap_onto: _,
            swap_from: _,
        } = self;
        if self.long_jumps {
            CountPath::Long
        } else if self.lock.is_empty() && self.swap_onto.is_empty() {
            CountPath::Plain
        } else {
            CountPath::Constrained
        }
    }
}

impl MoveGenerator {
    /// The number of moves of the pieces on `pieces` (steps, jumps and
    /// swaps), without listing them: perft's bulk count at the last ply.
    ///
    /// Steps are counted for all pieces at once (each piece and direction
    /// with an empty target is one move), and jumps, plain or long, by the
    /// components of the jump graph (see `count_jumps` and
    /// `count_long_jumps`); camp-lock and swaps fall back to per-piece work
    /// only where they can change the count. Constraints no fast path was
    /// written for are counted piece by piece (see `Constraints::count_path`).
    pub fn count_moves(&self, pieces: Bitboard) -> u64 {
        if let Some(state) = &self.path {
            return if state.search {
                self.count_per_piece(pieces)
            } else {
                self.count_on_sets(state, pieces)
            };
        }
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
        match self.constraints.count_path() {
            CountPath::Plain => {
                let mut total = self.count_steps(pieces);
                for class in 0..4 {
                    let own = pieces.word(class);
                    if own != 0 {
                        total += count_jumps(own, &self.landings[class], 0);
                    }
                }
                total
            }
            CountPath::Constrained => {
                self.count_steps(pieces) + self.count_constrained_jumps(pieces)
            }
            CountPath::Long => self.count_steps(pieces) + self.long_jump_moves(pieces),
        }
    }

    /// For each `(origin, destinations)` of `moves` and each square of
    /// `destinations` (empty squares), the number of moves of `pieces` in
    /// the position after the piece on `origin` (not one of `pieces`) moves
    /// there, given to `each` in order (destinations in bit order), under no
    /// constraint and no path rule: what
    /// `MoveGenerator::new(board, occupied_after, Constraints::default()).count_moves(pieces)`
    /// gives for that position, without building a generator.
    ///
    /// perft's last-but-one ply under plain rules: the positions are counted
    /// one after the other without a generator, each from its own occupancy
    /// (nothing computed for one is used for the next, beyond shifts of the
    /// board itself).
    pub fn count_plain_after_moves(
        board: Bitboard,
        occupied: Bitboard,
        pieces: Bitboard,
        moves: impl IntoIterator<Item = (Square, Bitboard)>,
        mut each: impl FnMut(u64),
    ) {
        Self::count_after_moves::<false>(board, occupied, pieces, moves, &mut each);
    }

    /// [`count_plain_after_moves`](Self::count_plain_after_moves), or with
    /// `LONG` [`count_long_after_moves`](Self::count_long_after_moves),
    /// compiled with the popcnt instruction when the CPU has it.
    #[inline(always)]
    fn count_after_moves<const LONG: bool>(
        board: Bitboard,
        occupied: Bitboard,
        pieces: Bitboard,
        moves: impl IntoIterator<Item = (Square, Bitboard)>,
        each: &mut impl FnMut(u64),
    ) {
        #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: `count_after_moves_popcnt` only needs the popcnt
            // instruction, which the CPU was just detected to have.
            unsafe { Self::count_after_moves_popcnt::<LONG>(board, occupied, pieces, moves, each) };
            return;
        }
        Self::count_after_moves_inline::<LONG>(board, occupied, pieces, moves, each);
    }

    /// [`count_after_moves`](Self::count_after_moves) compiled with the
    /// popcnt instruction (see [`count_moves_popcnt`](Self::count_moves_popcnt)).
    #[cfg(all(target_arch = "x86_64", not(target_feature = "popcnt")))]
    #[target_feature(enable = "popcnt")]
    fn count_after_moves_popcnt<const LONG: bool>(
        board: Bitboard,
        occupied: Bitboard,
        pieces: Bitboard,
        moves: impl IntoIterator<Item = (Square, Bitboard)>,
        each: &mut impl FnMut(u64),
    ) {
        Self::count_after_moves_inline::<LONG>(board, occupied, pieces, moves, each);
    }

    #[inline(always)]
    fn count_after_moves_inline<const LONG: bool>(
        board: Bitboard,
        occupied: Bitboard,
        pieces: Bitboard,
        moves: impl IntoIterator<Item = (Square, Bitboard)>,
        each: &mut impl FnMut(u64),
    ) {
        if LONG {
            Self::count_long_after_moves_inline(board, occupied, pieces, moves, each);
        } else {
            Self::count_plain_after_moves_inline(board, occupied, pieces, moves, each);
        }
    }

    #[inline(always)]
    fn count_plain_after_moves_inline(
        board: Bitboard,
        occupied: Bitboard,
        pieces: Bitboard,
        moves: impl IntoIterator<Item = (Square, Bitboard)>,
        each: &mut impl FnMut(u64),
    ) {
        let off = OffBoard::new(board);
        for (origin, destinations) in moves {
            let without = occupied - Bitboard::from_square(origin);
            for class in 0..4 {
                let mut targets = destinations.0[class];
                while targets != 0 {
                    let bit = targets & targets.wrapping_neg();
                    targets ^= bit;
                    let mut occupied = without;
                    occupied.0[class] |= bit;
                    // Through an optimisation barrier: the positions share
                    // `pieces`, and what the compiler would otherwise
                    // compute from them once for all (their shifts) is part
                    // of counting each position.
                    let pieces = std::hint::black_box(pieces);
                    each(count_plain(board, &off, occupied, pieces));
                }
            }
        }
    }

    /// Like [`count_plain_after_moves`](Self::count_plain_after_moves), with
    /// long jumps: for each `(origin, destinations)` of `moves` and each
    /// square of `destinations` (empty squares), the number of moves of
    /// `pieces` after the piece on `origin` (occupied, not one of `pieces`)
    /// moves there, what
    /// `MoveGenerator::new(board, occupied_after, Constraints { long_jumps: true, ..Constraints::default() }).count_moves(pieces)`
    /// gives.
    ///
    /// perft's last-but-one ply under long jumps. On a rectangle from a1,
    /// the closures of `pieces` in `occupied` are found once, and only
    /// those that a move changes are found again (or, where most do, each
    /// position is counted from a jump graph derived from `occupied`'s by
    /// reading again the lines through the two squares the move changes);
    /// on any other board each position's graph is built whole.
    pub fn count_long_after_moves(
        board: Bitboard,
        occupied: Bitboard,
        pieces: Bitboard,
        moves: impl IntoIterator<Item = (Square, Bitboard)>,
        mut each: impl FnMut(u64),
    ) {
        Self::count_after_moves::<true>(board, occupied, pieces, moves, &mut each);
    }

    /// [`count_long_after_moves`](Self::count_long_after_moves) with the
    /// closures carried through the moves as `carry` says: the tests count
    /// each way, whichever perft would choose.
    #[cfg(test)]
    pub(crate) fn count_long_after_moves_carrying(
        carry: Carry,
        board: Bitboard,
        occupied: Bitboard,
        pieces: Bitboard,
        moves: impl IntoIterator<Item = (Square, Bitboard)>,
        mut each: impl FnMut(u64),
    ) {
        if lines::fits(board) {
            Self::count_long_after_moves_on_lines(carry, board, occupied, pieces, moves, &mut each);
        } else {
            Self::count_long_after_moves_inline(board, occupied, pieces, moves, &mut each);
        }
    }

    #[inline(always)]
    fn count_long_after_moves_inline(
        board: Bitboard,
        occupied: Bitboard,
        pieces: Bitboard,
        moves: impl IntoIterator<Item = (Square, Bitboard)>,
        each: &mut impl FnMut(u64),
    ) {
        if lines::fits(board) {
            Self::count_long_after_moves_on_lines(
                Carry::Measured,
                board,
                occupied,
                pieces,
                moves,
                each,
            );
            return;
        }
        // On a board with holes the line tables do not apply: each child's
        // graph is built whole.
        let constraints = Constraints {
            long_jumps: true,
            ..Constraints::default()
        };
        for (origin, destinations) in moves {
            let without = occupied - Bitboard::from_square(origin);
            for to in destinations {
                let generator =
                    MoveGenerator::new(board, without | Bitboard::from_square(to), constraints);
                each(generator.count_moves(pieces));
            }
        }
    }

    /// The step moves of `pieces`: every (piece, direction) pair with an
    /// empty target is one move; under camp-lock a piece inside the lock
    /// set steps only within it.
    #[inline(always)]
    fn count_steps(&self, pieces: Bitboard) -> u64 {
        let c = &self.constraints;
        let mut total = 0u64;
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
        total
    }

    /// The moves of `pieces` counted piece by piece from
    /// [`piece_moves`](Self::piece_moves): correct under any constraints
    /// that the per-piece generator applies, so the bulk count's fallback.
    #[inline(never)]
    fn count_per_piece(&self, pieces: Bitboard) -> u64 {
        pieces
            .into_iter()
            .map(|origin| u64::from(self.piece_moves(origin).count()))
            .sum()
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
        if c.swap_onto.is_empty() {
            // Whole-position counts use the jump graph even on rectangles,
            // where the per-piece closures read the line tables: building
            // the graph costs less time than the tables' cache misses over
            // every square a count visits (docs/notes/performance-log.md,
            // the optimisation log).
            return match self.long.get() {
                // A table kept with the generator is a board with holes.
                Some(table) => self.count_long_jumps(table, pieces, false),
                None => {
                    let graph = LongJumps::new(self.board, self.occupied);
                    let table = graph.get().expect("a table was built");
                    self.count_long_jumps(table, pieces, true)
                }
            };
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

    /// Long-jump moves of `pieces` without swaps.
    ///
    /// Long segments are reversible like plain ones (the stretch from either
    /// end reads the same), so the components argument of `count_jumps`
    /// holds on the jump graph `G` of the tables, except that a moving
    /// piece's origin is empty: pieces for which that changes their class's
    /// graph ([`LongJumpTable::crossing`]) get their own exact closure, the
    /// rest share the component count. Camp-lock is handled as in
    /// `count_jumps`: only components holding a lock square need per-piece
    /// floods. `on_lines`: the board is a rectangle from a1, so that the
    /// exact closures may read the line tables.
    #[inline(always)]
    pub(super) fn count_long_jumps(
        &self,
        table: &LongJumpTable,
        pieces: Bitboard,
        on_lines: bool,
    ) -> u64 {
        let mut total = 0;
        let crossing = table.crossing(self.empty, pieces);
        for class in 0..4 {
            let own = pieces.word(class);
            if own == 0 {
                continue;
            }
            // Each square is visited once per search, so per-square
            // adjacency beats whole-word rounds over every segment kind.
            let adjacency = table.adjacency(class);
            let lock = self.constraints.lock.word(class);
            let crossing_of_class = crossing.word(class);
            let mut crossing = crossing_of_class;
            while crossing != 0 {
                let bit = crossing.trailing_zeros();
                crossing &= crossing - 1;
                let origin = Square::from_bit((class as u32 * 64 + bit) as u8);
                let closure = if on_lines {
                    self.closure_crossing_on_lines(origin, adjacency, lock)
                } else {
                    self.closure_crossing(origin, adjacency, lock)
                };
                total += closure.count_ones() as u64;
            }
            let clean = own & !crossing_of_class;
            if clean != 0 {
                let has_edge = table.any_source(class) & self.empty.word(class);
                total += if lock == 0 {
                    count_long_components(adjacency, clean, has_edge, 0)
                } else {
                    count_long_components(adjacency, clean, has_edge, lock)
                };
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
        let onto = self.constraints.swap_onto;
        if !(swappers.neighbours() & onto).is_empty() {
            return true;
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
        // Squares two away from a swap square with a piece between: the only
        // squares a last plain segment onto it can start from.
        let mut sources = Bitboard::EMPTY;
        for direction in Direction::ALL {
            let back = direction.opposite();
            sources |= (onto.shift(back) & self.occupied).shift(back);
        }
        !(sources & reach).is_empty()
    }
}

/// For each direction, the squares (as 4 words) whose neighbour in the
/// opposite direction is off the board: a property of the board alone,
/// computed once for many counts.
struct OffBoard([[u64; 4]; 8]);

impl OffBoard {
    #[inline(always)]
    fn new(board: Bitboard) -> OffBoard {
        let mut off = [[0; 4]; 8];
        for direction in Direction::ALL {
            let on = board.shift(direction);
            off[direction as usize] = (!on).0;
        }
        OffBoard(off)
    }
}

/// The moves of `pieces` under no constraint with `occupied` pieces on
/// `board` (whose [`OffBoard`] is `off`).
#[inline(always)]
fn count_plain(board: Bitboard, off: &OffBoard, occupied: Bitboard, pieces: Bitboard) -> u64 {
    let empty = (board - occupied).0;
    let (pieces, occupied) = (pieces.0, occupied.0);
    let off = &off.0;
    let mut landings = [[0u64; 8]; 4];
    // Written out per direction: a loop over `Direction::ALL` here is not
    // unrolled, and its shifts then go through a `match` at run time.
    let mut total = direction_sets::<0, 1>(pieces, occupied, empty, &off[0], &mut landings, 0)
        + direction_sets::<1, 1>(pieces, occupied, empty, &off[1], &mut landings, 1)
        + direction_sets::<1, 0>(pieces, occupied, empty, &off[2], &mut landings, 2)
        + direction_sets::<1, -1>(pieces, occupied, empty, &off[3], &mut landings, 3)
        + direction_sets::<0, -1>(pieces, occupied, empty, &off[4], &mut landings, 4)
        + direction_sets::<-1, -1>(pieces, occupied, empty, &off[5], &mut landings, 5)
        + direction_sets::<-1, 0>(pieces, occupied, empty, &off[6], &mut landings, 6)
        + direction_sets::<-1, 1>(pieces, occupied, empty, &off[7], &mut landings, 7);
    for (class, land) in landings.iter().enumerate() {
        let own = pieces[class];
        if own != 0 {
            total += count_jumps(own, land, 0);
        }
    }
    total
}

/// For the direction (DX, DY), whose index in [`Direction::ALL`] is `d`:
/// stores the plain-jump landings of each class in it in `landings[class][d]`
/// (as [`MoveGenerator::new`] builds them) and returns the number of step
/// moves of `pieces` in the opposite direction. `off` is the squares whose
/// neighbour in that opposite direction is off the board.
///
/// One shift of the occupied squares serves both: a landing is an empty
/// square with a piece behind it, a step goes from a piece to a board square
/// behind it with no piece there.
#[inline(always)]
fn direction_sets<const DX: i8, const DY: i8>(
    pieces: [u64; 4],
    occupied: [u64; 4],
    empty: [u64; 4],
    off: &[u64; 4],
    landings: &mut [[u64; 8]; 4],
    d: usize,
) -> u64 {
    let behind = step_words_by::<DX, DY>(occupied);
    let mask = match DX {
        1 => NOT_WEST,
        -1 => NOT_EAST,
        _ => !0,
    };
    let mut total = 0;
    for class in 0..4 {
        total += (pieces[class] & !(behind[class] | off[class])).count_ones() as u64;
        landings[class][d] = behind[class] & empty[class] & mask;
    }
    total
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
pub(super) fn count_jumps(own: u64, land: &[u64; 8], lock: u64) -> u64 {
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
/// an edge. Under camp-lock (`lock`, else 0) a component holding a lock
/// square is flooded per entering piece, with the lock applied.
#[inline(always)]
fn count_long_components(adjacency: &[u64; 64], own: u64, has_edge: u64, lock: u64) -> u64 {
    // A piece's first segments; from inside the lock they stay inside it.
    let hops = |bit: u32| {
        let landings = adjacency[bit as usize];
        if lock >> bit & 1 != 0 {
            landings & lock
        } else {
            landings
        }
    };
    let mut first_hops = 0;
    let mut pieces = own;
    while pieces != 0 {
        first_hops |= hops(pieces.trailing_zeros());
        pieces &= pieces - 1;
    }
    // A landing with no edge is a component of its own, entered by every
    // piece landing there (a piece lands on a square in one direction only).
    let mut total = 0;
    let single = first_hops & !has_edge;
    if single != 0 {
        let mut pieces = own;
        while pieces != 0 {
            total += (hops(pieces.trailing_zeros()) & single).count_ones() as u64;
            pieces &= pieces - 1;
        }
    }
    let mut remaining = first_hops & has_edge;
    while remaining != 0 {
        let component = flood_adjacency(adjacency, remaining & remaining.wrapping_neg());
        let mut pieces = own;
        if component & lock == 0 {
            // Locked pieces never land outside the lock, so only free ones enter.
            let mut entering = 0;
            while pieces != 0 {
                entering += (hops(pieces.trailing_zeros()) & component != 0) as u64;
                pieces &= pieces - 1;
            }
            total += component.count_ones() as u64 * entering;
        } else {
            while pieces != 0 {
                let seeds = hops(pieces.trailing_zeros()) & component;
                if seeds != 0 {
                    total += flood_adjacency_locked(adjacency, seeds, lock).count_ones() as u64;
                }
                pieces &= pieces - 1;
            }
        }
        remaining &= !component;
    }
    total
}

/// Like [`flood_adjacency`], under camp-lock: from a square of `lock` only
/// into `lock`.
#[inline(always)]
fn flood_adjacency_locked(adjacency: &[u64; 64], seed: u64, lock: u64) -> u64 {
    let mut reached = seed;
    let mut todo = seed;
    while todo != 0 {
        let bit = todo.trailing_zeros();
        todo &= todo - 1;
        let mut next = adjacency[bit as usize];
        if lock >> bit & 1 != 0 {
            next &= lock;
        }
        next &= !reached;
        reached |= next;
        todo |= next;
    }
    reached
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination of today's constraints, on a board with pieces
    /// close enough to step, jump and swap.
    fn combinations() -> Vec<Constraints> {
        let corner = Bitboard::rectangle(4, 4);
        let mut all = Vec::new();
        for long_jumps in [false, true] {
            for lock in [false, true] {
                for swaps in [false, true] {
                    let mut c = Constraints {
                        long_jumps,
                        ..Constraints::default()
                    };
                    if lock {
                        c.lock = corner;
                    }
                    if swaps {
                        c.swap_onto = corner & Bitboard::rectangle(2, 2);
                        c.swap_from = !corner;
                    }
                    all.push(c);
                }
            }
        }
        all
    }

    #[test]
    fn each_combination_has_the_path_written_for_it() {
        for c in combinations() {
            let expected = if c.long_jumps {
                CountPath::Long
            } else if c.lock.is_empty() && c.swap_onto.is_empty() {
                CountPath::Plain
            } else {
                CountPath::Constrained
            };
            assert_eq!(c.count_path(), expected, "{c:?}");
        }
    }

    #[test]
    fn the_new_rules_are_counted_piece_by_piece_and_never_wrongly() {
        let board = Bitboard::rectangle(8, 8);
        // a5 makes a2-a4 go on to a6 under jump-continue.
        let occupied = (Bitboard::rectangle(8, 3) - Bitboard::rectangle(2, 1))
            | (Bitboard::rectangle(1, 5) - Bitboard::rectangle(1, 4));
        let pieces = occupied & Bitboard::rectangle(8, 2);
        // home-lock refuses the steps c1-b1 and c2-b1 into the 2x2 corner.
        let rules: [fn(&mut PathRules); 3] = [
            |p| p.home_lock = Bitboard::rectangle(2, 2),
            |p| {
                p.forced_from = Bitboard::rectangle(3, 2) - Bitboard::rectangle(2, 1);
                p.forward = DirectionSet::of(&[Direction::N]);
                p.foreign = Bitboard::rectangle(8, 3) - Bitboard::rectangle(8, 2);
            },
            |p| p.jump_continue = true,
        ];
        let with = |c: Constraints, set: fn(&mut PathRules)| {
            let mut path = PathRules::default();
            set(&mut path);
            MoveGenerator::with_path_rules(board, occupied, c, path)
        };
        for set in rules {
            for c in combinations() {
                let generator = with(c, set);
                assert!(generator.path.is_some(), "{c:?}");
                let listed: u64 = pieces
                    .into_iter()
                    .map(|sq| u64::from(generator.piece_moves(sq).count()))
                    .sum();
                assert_eq!(generator.count_moves(pieces), listed, "{c:?}");
            }
        }
        // Each rule changes what the plain rules would count here.
        let plain = MoveGenerator::new(board, occupied, Constraints::default());
        for set in rules {
            let generator = with(Constraints::default(), set);
            assert_ne!(
                generator.count_moves(pieces),
                plain.count_moves(pieces),
                "{:?}",
                generator.path_rules()
            );
        }
    }

    #[test]
    fn the_per_piece_count_agrees_with_every_fast_path() {
        let board = Bitboard::rectangle(8, 8);
        // A few rows of pieces with gaps: steps, jumps, long jumps and swaps.
        let occupied = (Bitboard::rectangle(8, 3) - Bitboard::rectangle(2, 1))
            | Bitboard::rectangle(1, 5)
            | (Bitboard::rectangle(8, 8) - Bitboard::rectangle(8, 6));
        let pieces = occupied & Bitboard::rectangle(8, 5);
        for c in combinations() {
            let generator = MoveGenerator::new(board, occupied, c);
            let fast = generator.count_moves(pieces);
            assert!(fast > 0, "{c:?}");
            assert_eq!(generator.count_per_piece(pieces), fast, "{c:?}");
        }
    }
}
