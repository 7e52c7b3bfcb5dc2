//! Home-lock and forced-exit on sets, for plain jumps: the flood fill of
//! `jumps` with one more lock (no segment from outside the home camp into
//! it), and a due forced exit as the flood's first round restricted to
//! forced segments. Like camp-lock, they cost a few masks per round; the
//! scalar search of `exact` is left for what sets cannot say (jump-continue,
//! and these rules with long jumps or with swaps under a due forced exit).

use super::*;

impl PathState {
    /// Whether these rules need the scalar search of `exact` under
    /// `constraints` (the sets here cover the rest).
    pub(super) fn needs_search(rules: &PathRules, constraints: &Constraints, forced: bool) -> bool {
        rules.jump_continue
            || (constraints.long_jumps && (forced || !rules.home_lock.is_empty()))
            || (forced && !constraints.swap_onto.is_empty())
    }
}

/// Whether some piece of `path.forced_from` has a forced segment with
/// plain jumps: a forward neighbour holding another seat's piece and an
/// empty landing beyond it that the locks allow.
pub(super) fn has_forced_plain_segment(
    board: Bitboard,
    occupied: Bitboard,
    constraints: &Constraints,
    path: &PathRules,
) -> bool {
    let empty = board - occupied;
    let lock = constraints.lock;
    let free = path.forced_from - lock;
    let locked = path.forced_from & lock;
    forward_directions(path).any(|direction| {
        let over = |from: Bitboard| (from.shift(direction) & path.foreign).shift(direction) & empty;
        // Forced segments start in the home camp, so home-lock never refuses one.
        !over(free).is_empty() || !(over(locked) & lock).is_empty()
    })
}

/// The forward directions of forced-exit.
fn forward_directions(path: &PathRules) -> impl Iterator<Item = Direction> + '_ {
    Direction::ALL
        .into_iter()
        .filter(|&d| path.forward.contains(d))
}

impl MoveGenerator {
    /// The jump destinations of the piece on `origin` under home-lock or a
    /// due forced exit, plain jumps (see [`PathState::needs_search`]).
    #[inline(never)]
    pub(super) fn jumps_on_sets(&self, state: &PathState, origin: Square) -> Bitboard {
        let class = class_of(origin);
        let start = 1u64 << (origin.bit() & 63);
        let land = &self.landings[class];
        let lock = self.constraints.lock.word(class);
        let home = state.rules.home_lock.word(class);
        let seeds = if state.forced {
            self.forced_landings(&state.rules, origin).word(class)
        } else {
            start
        };
        if seeds == 0 {
            return Bitboard::EMPTY;
        }
        in_class(class, flood_home(seeds, land, lock, home) & !start)
    }

    /// The landings of the forced segments of the piece on `origin`.
    pub(super) fn forced_landings(&self, path: &PathRules, origin: Square) -> Bitboard {
        if !path.forced_from.contains(origin) {
            return Bitboard::EMPTY;
        }
        let from = Bitboard::from_square(origin);
        let mut landings = Bitboard::EMPTY;
        for direction in forward_directions(path) {
            landings |= (from.shift(direction) & path.foreign).shift(direction) & self.empty;
        }
        landings & self.allowed_from(origin)
    }
}

/// Like [`flood_locked`], with home-lock too: a segment from a square of
/// `lock` lands in `lock`, and one from outside `home` lands outside it.
#[inline(always)]
fn flood_home(seeds: u64, land: &[u64; 8], lock: u64, home: u64) -> u64 {
    let mut reached = seeds;
    let mut frontier = seeds;
    loop {
        let mut next = 0;
        // The squares each part of the frontier may land on.
        let parts = [
            (frontier & !lock & home, !0),
            (frontier & !lock & !home, !home),
            (frontier & lock & home, lock),
            (frontier & lock & !home, lock & !home),
        ];
        for direction in Direction::ALL {
            let d = direction as usize;
            for (from, allowed) in parts {
                next |= shift_unmasked(from, direction) & land[d] & allowed;
            }
        }
        next &= !reached;
        if next == 0 {
            return reached;
        }
        reached |= next;
        frontier = next;
    }
}

impl MoveGenerator {
    /// The number of moves of `pieces` under home-lock or a due forced
    /// exit with plain jumps, in bulk where the sets allow it: a piece
    /// outside its home camp never lands in it, so its closure is its
    /// component in the jump graph without the home camp (the component
    /// count of `count_jumps`); pieces inside, and pieces that must begin
    /// with a forced segment, get their own flood.
    #[inline(never)]
    pub(super) fn count_on_sets(&self, state: &PathState, pieces: Bitboard) -> u64 {
        let home = state.rules.home_lock;
        let mut total = 0;
        let flooded = if state.forced {
            pieces & state.rules.forced_from
        } else {
            total += self.count_steps_outside(pieces, home);
            for class in 0..4 {
                let outside = (pieces - home).word(class);
                if outside != 0 {
                    let mut land = self.landings[class];
                    for word in &mut land {
                        *word &= !home.word(class);
                    }
                    total += count::count_jumps(outside, &land, self.constraints.lock.word(class));
                }
            }
            pieces & home
        };
        for origin in flooded {
            total += u64::from(self.jumps_on_sets(state, origin).count());
        }
        if !self.constraints.swap_onto.is_empty() {
            // Under a due forced exit swaps take the scalar search, so this
            // is home-lock only, whose landings `swaps` applies.
            for origin in pieces & self.constraints.swap_from {
                total += u64::from(self.swaps(origin, self.jumps(origin)).count());
            }
        }
        total
    }

    /// The step moves of `pieces`, none of which may step into `home` from
    /// outside it (camp-lock as in `count_steps`).
    fn count_steps_outside(&self, pieces: Bitboard, home: Bitboard) -> u64 {
        let lock = self.constraints.lock;
        let parts = [
            (pieces & (home - lock), self.board),
            (pieces - home - lock, self.board - home),
            (pieces & home & lock, lock),
            (pieces & (lock - home), lock - home),
        ];
        let mut total = 0;
        for (from, allowed) in parts {
            if from.is_empty() {
                continue;
            }
            for direction in Direction::ALL {
                total += u64::from((from.shift(direction) & self.empty & allowed).count());
            }
        }
        total
    }
}

#[cfg(test)]
#[path = "path_sets_tests.rs"]
mod tests;
