//! The baseline's move generation: steps, and jumps by breadth-first
//! search with a stamp-array visited set; listing and bulk counting.

use super::*;

/// Scratch space of move generation: the visited stamps, the search queue
/// and a stack of generated moves shared by all plies.
pub struct Generator {
    /// A square is visited by the current search when its stamp equals `epoch`.
    stamp: [u32; CELLS],
    epoch: u32,
    queue: [u16; QUEUE],
    moves: Vec<Move>,
}

impl Default for Generator {
    fn default() -> Self {
        Generator::new()
    }
}

impl Generator {
    /// Empty scratch space.
    pub fn new() -> Generator {
        Generator {
            stamp: [0; CELLS],
            epoch: 0,
            queue: [0; QUEUE],
            moves: Vec::with_capacity(4096),
        }
    }

    /// A fresh visited set (clears the stamps only when the counter wraps).
    #[inline(always)]
    pub(super) fn next_epoch(&mut self) -> u32 {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp = [0; CELLS];
            self.epoch = 1;
        }
        self.epoch
    }

    /// Calls `visit` once for every destination of the piece on `origin`:
    /// steps, jump sequences, and (when `swaps` is set) swaps.
    ///
    /// Steps and jump destinations never coincide (every jump segment moves
    /// an even number of squares along each axis, a step an odd number along
    /// one), so only jump and swap landings need the visited set.
    #[inline(always)]
    pub(super) fn piece_moves<const LONG: bool, const LOCK: bool>(
        &mut self,
        pos: &mut Position,
        origin: usize,
        swaps: bool,
        mut visit: impl FnMut(usize),
    ) {
        let own = pos.cells[origin];
        // camp-lock: no step or segment from the mover's target camp to outside it.
        let locked = |pos: &Position, from: usize, to: usize| {
            LOCK && pos.target_owner[from] == own && pos.target_owner[to] != own
        };
        pos.cells[origin] = EMPTY;
        let epoch = self.next_epoch();
        self.stamp[origin] = epoch;

        let around = window(&pos.cells, origin);
        each_direction!(|d| {
            if around[near(d)] == EMPTY && !locked(pos, origin, offset(origin, d)) {
                visit(offset(origin, d));
            }
        });

        self.queue[0] = origin as u16;
        let (mut head, mut tail) = (0, 1);
        while head < tail {
            let from = usize::from(self.queue[head]);
            head += 1;
            let around = window(&pos.cells, from);
            each_direction!(|d| {
                let to = if LONG {
                    landing(&pos.cells, from, d).filter(|&to| pos.cells[to] == EMPTY)
                } else {
                    // An off-board square is never jumped over: the square
                    // beyond a sentinel is a sentinel too, never empty.
                    (around[near(d)] != EMPTY && around[near(2 * d)] == EMPTY)
                        .then(|| offset(from, 2 * d))
                };
                if let Some(to) = to {
                    if self.stamp[to] != epoch && !locked(pos, from, to) {
                        self.stamp[to] = epoch;
                        self.queue[tail] = to as u16;
                        tail += 1;
                        visit(to);
                    }
                }
            });
        }

        if swaps && pos.target_owner[origin] != own {
            // A spoiler: a square of the mover's target camp holding another
            // seat's piece. Its square is occupied, so it was never stamped
            // by the jump search; the stamp now de-duplicates swaps.
            let spoiler = |pos: &Position, sq: usize| {
                pos.target_owner[sq] == own && is_piece(pos.cells[sq]) && pos.cells[sq] != own
            };
            for d in DIRS {
                let to = offset(origin, d);
                if spoiler(pos, to) && self.stamp[to] != epoch {
                    self.stamp[to] = epoch;
                    visit(to);
                }
            }
            // The last segment may start from the origin or any jump landing;
            // it ends in the camp, so camp-lock never forbids it.
            for i in 0..tail {
                let from = usize::from(self.queue[i]);
                for d in DIRS {
                    let to = if LONG {
                        landing(&pos.cells, from, d)
                    } else {
                        is_piece(pos.cells[offset(from, d)]).then_some(offset(from, 2 * d))
                    };
                    if let Some(to) = to {
                        if spoiler(pos, to) && self.stamp[to] != epoch {
                            self.stamp[to] = epoch;
                            visit(to);
                        }
                    }
                }
            }
        }
        pos.cells[origin] = own;
    }

    /// The number of moves of the side to move, none made (0 when it has to
    /// pass; the caller checks for a finished game).
    pub(super) fn count<const LONG: bool, const LOCK: bool>(&mut self, pos: &mut Position) -> u64 {
        let mover = usize::from(pos.to_move);
        let swaps = pos.swaps_on();
        let mut count = 0;
        for i in 0..usize::from(pos.camp_size) {
            let origin = usize::from(pos.pieces[mover][i]);
            self.piece_moves::<LONG, LOCK>(pos, origin, swaps, |_| count += 1);
        }
        count
    }

    /// Appends the moves of the side to move to `moves` (nothing when it
    /// has to pass; the caller checks for a finished game).
    pub(super) fn generate<const LONG: bool, const LOCK: bool>(
        &mut self,
        pos: &mut Position,
        moves: &mut Vec<Move>,
    ) {
        let mover = usize::from(pos.to_move);
        let swaps = pos.swaps_on();
        for i in 0..usize::from(pos.camp_size) {
            let origin = usize::from(pos.pieces[mover][i]);
            self.piece_moves::<LONG, LOCK>(pos, origin, swaps, |to| {
                moves.push(Move {
                    from: origin as u16,
                    to: to as u16,
                })
            });
        }
    }

    /// perft (RULES.md §7) for `depth >= 1`, with bulk counting at the last ply.
    pub(super) fn perft<const LONG: bool, const LOCK: bool>(
        &mut self,
        pos: &mut Position,
        depth: u32,
    ) -> u64 {
        if pos.is_finished() {
            return 0;
        }
        if depth == 1 {
            return self.count::<LONG, LOCK>(pos).max(1);
        }
        // The moves of every ply share one stack, so nothing is allocated
        // once it has grown.
        let mut moves = std::mem::take(&mut self.moves);
        let start = moves.len();
        self.generate::<LONG, LOCK>(pos, &mut moves);
        if moves.len() == start {
            moves.push(Move::PASS);
        }
        self.moves = moves;
        let mover = pos.to_move;
        let mut total = 0;
        for i in start..self.moves.len() {
            let mv = self.moves[i];
            pos.play(mv);
            total += self.perft::<LONG, LOCK>(pos, depth - 1);
            pos.unplay(mv, mover);
        }
        self.moves.truncate(start);
        total
    }

    /// [`Generator::perft`] with the rules' options as constants, so the
    /// plain game pays nothing for long jumps and camp-lock.
    pub(super) fn perft_dispatch(&mut self, pos: &mut Position, depth: u32) -> u64 {
        match (pos.long_jumps, pos.camp_lock) {
            (false, false) => self.perft::<false, false>(pos, depth),
            (false, true) => self.perft::<false, true>(pos, depth),
            (true, false) => self.perft::<true, false>(pos, depth),
            (true, true) => self.perft::<true, true>(pos, depth),
        }
    }

    /// The legal moves (RULES.md §4) in a new list: none for a finished
    /// game, `[PASS]` for a side without moves. Unordered.
    pub fn legal_moves(&mut self, pos: &mut Position) -> Vec<Move> {
        let mut moves = Vec::new();
        if pos.is_finished() {
            return moves;
        }
        match (pos.long_jumps, pos.camp_lock) {
            (false, false) => self.generate::<false, false>(pos, &mut moves),
            (false, true) => self.generate::<false, true>(pos, &mut moves),
            (true, false) => self.generate::<true, false>(pos, &mut moves),
            (true, true) => self.generate::<true, true>(pos, &mut moves),
        }
        if moves.is_empty() {
            moves.push(Move::PASS);
        }
        moves
    }

    /// The number of legal moves, none made: 0 for a finished game, 1 for a pass.
    pub fn count_moves(&mut self, pos: &mut Position) -> u64 {
        if pos.is_finished() {
            return 0;
        }
        let count = match (pos.long_jumps, pos.camp_lock) {
            (false, false) => self.count::<false, false>(pos),
            (false, true) => self.count::<false, true>(pos),
            (true, false) => self.count::<true, false>(pos),
            (true, true) => self.count::<true, true>(pos),
        };
        count.max(1)
    }
}
