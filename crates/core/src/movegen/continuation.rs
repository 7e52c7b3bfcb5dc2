//! Jump-continue: where a jump sequence may stop when it may not stop while
//! it can go on.
//!
//! A sequence of the piece on origin `o` may stop on `s` when every square
//! `s` could jump to next (its *required* set: the landings of one segment
//! from `s`, never `o`) was already landed on. So `s` is a legal stop when
//! the piece's jump graph has a simple path `o -> ... -> s` that visits the
//! whole required set of `s` before `s`. That is a path problem with
//! required vertices, hard in general; here the required set holds at most
//! eight squares, all next to `s`, and a depth-first search per candidate
//! `s` stays small because it is pruned at every node: every required
//! square not yet visited, and some square with a segment into `s`, must
//! still be reachable without passing a visited square or `s`, and at most
//! one required square may be a dead end that can only be left for `s`. A
//! refuted state is remembered by its square and the squares still
//! reachable from it (what can still happen depends on nothing else), so
//! states that differ only in squares already cut off are searched once:
//! the work is bounded by the distinct (square, reachable region) pairs the
//! prunings let through, never by the number of paths (which is what made
//! the earlier enumeration of every sequence exponential on crowded boards).
//!
//! The graph lives on one word: every landing of a piece is in its origin's
//! parity class (a segment moves an even number of squares along each axis).

use super::*;
use std::collections::HashSet;

/// The jump graph of one piece, on its parity class's word.
pub(super) struct JumpGraph {
    /// The class (word) of the origin and every landing.
    class: usize,
    /// The origin's bit in the class word.
    origin: u32,
    /// `adjacency[bit]`: the landings of one segment from that square
    /// (locks applied; from the origin, only segments a move may begin
    /// with). The origin is never a landing: it counts as landed on.
    adjacency: [u64; 64],
    /// The squares some sequence reaches, origin excluded.
    reach: u64,
    /// `reverse[bit]`: the squares with a segment landing on that square.
    reverse: [u64; 64],
}

impl JumpGraph {
    /// The squares of the class word as board squares.
    fn square(&self, bit: u32) -> Square {
        Square::from_bit((self.class as u32 * 64 + bit) as u8)
    }

    /// Every square reachable from `seeds` (included) by segments landing
    /// only on `allowed`.
    fn flood_within(&self, seeds: u64, allowed: u64) -> u64 {
        let mut reached = seeds;
        let mut todo = seeds;
        while todo != 0 {
            let bit = todo.trailing_zeros();
            todo &= todo - 1;
            let next = self.adjacency[bit as usize] & allowed & !reached;
            reached |= next;
            todo |= next;
        }
        reached
    }

    /// The squares where a sequence may stop under jump-continue.
    pub(super) fn stops(&self) -> Bitboard {
        let mut stops = 0;
        let mut candidates = self.reach;
        while candidates != 0 {
            let target = candidates.trailing_zeros();
            candidates &= candidates - 1;
            if Goal::new(self, target).reachable() {
                stops |= 1 << target;
            }
        }
        in_class(self.class, stops)
    }

    /// The smallest sequence (fewest segments, then directions in notation
    /// order) that may stop on `target`, as the squares it lands on from the
    /// origin on, or `None` when no sequence may stop there.
    pub(super) fn smallest_path(
        &self,
        generator: &MoveGenerator,
        target: Square,
    ) -> Option<Vec<Square>> {
        if class_of(target) != self.class {
            return None;
        }
        let target = u32::from(target.bit() & 63);
        if self.reach >> target & 1 == 0 {
            return None;
        }
        let mut goal = Goal::new(self, target);
        if !goal.reachable() {
            return None;
        }
        // A sequence lands on distinct squares, so none is longer than the
        // reach; the search above proved one exists.
        for segments in 1..=self.reach.count_ones() {
            let mut walk = OrderedWalk {
                goal: &mut goal,
                generator,
                segments,
                squares: vec![self.square(self.origin)],
                refuted: HashSet::new(),
            };
            if walk.extend(self.origin, 1 << self.origin) {
                return Some(walk.squares);
            }
        }
        None
    }
}

impl MoveGenerator {
    /// The jump graph of the piece on `origin` under the path rules: the
    /// squares its sequences reach and the segments between them.
    pub(super) fn jump_graph(&self, origin: Square) -> JumpGraph {
        let class = class_of(origin);
        let start = Bitboard::from_square(origin);
        let stretch = self.empty | start;
        let mut graph = JumpGraph {
            class,
            origin: u32::from(origin.bit() & 63),
            adjacency: [0; 64],
            reach: 0,
            reverse: [0; 64],
        };
        let mut first = 0;
        if self.constraints.long_jumps {
            for direction in Direction::ALL {
                if let Some(to) = self.segment_from(origin, direction, stretch, self.empty) {
                    if self.first_segment_allowed(origin, direction, to) {
                        first |= 1 << (to.bit() & 63);
                    }
                }
            }
        } else if self.forced() {
            first = self.forced_landings(self.path_rules(), origin).word(class);
        } else {
            first = self.plain_landings(class, graph.origin);
        }
        graph.adjacency[graph.origin as usize] = first;
        let mut todo = first;
        graph.reach = first;
        while todo != 0 {
            let bit = todo.trailing_zeros();
            todo &= todo - 1;
            let landings = if self.constraints.long_jumps {
                self.segments(in_class(class, 1 << bit), stretch, self.empty)
                    .word(class)
            } else {
                self.plain_landings(class, bit)
            };
            graph.adjacency[bit as usize] = landings;
            let new = landings & !graph.reach;
            graph.reach |= new;
            todo |= new;
        }
        let mut vertices = graph.reach | 1 << graph.origin;
        while vertices != 0 {
            let from = vertices.trailing_zeros();
            vertices &= vertices - 1;
            let mut landings = graph.adjacency[from as usize];
            while landings != 0 {
                let to = landings.trailing_zeros();
                landings &= landings - 1;
                graph.reverse[to as usize] |= 1 << from;
            }
        }
        graph
    }
}

impl MoveGenerator {
    /// The landings of the plain segments from one square of `class` (its
    /// `bit`), from the generator's landing tables, the locks applied.
    #[inline]
    fn plain_landings(&self, class: usize, bit: u32) -> u64 {
        let from = 1u64 << bit;
        let land = &self.landings[class];
        let mut landings = 0;
        for direction in Direction::ALL {
            landings |= shift_unmasked(from, direction) & land[direction as usize];
        }
        let square = in_class(class, from);
        let lock = self.constraints.lock;
        if !(square & lock).is_empty() {
            landings &= lock.word(class);
        }
        let home = self.path_rules().home_lock;
        if (square & home).is_empty() {
            landings &= !home.word(class);
        }
        landings
    }
}

/// How many search nodes run before refuted states are remembered: small
/// searches, the common case, never allocate.
const REMEMBER_AFTER: u32 = 64;

/// One candidate stop: the square and what a sequence must visit first.
struct Goal<'a> {
    graph: &'a JumpGraph,
    /// The candidate stop's bit.
    target: u32,
    /// The squares the sequence must land on before the target.
    required: u64,
    /// The squares with a segment into the target.
    into: u64,
    /// States (square, squares still reachable: see `may_succeed`) from
    /// which no sequence reaches the goal.
    refuted: HashSet<(u32, u64)>,
    /// Search nodes so far (decides when refuted states are remembered).
    nodes: u32,
}

impl<'a> Goal<'a> {
    fn new(graph: &'a JumpGraph, target: u32) -> Goal<'a> {
        Goal {
            graph,
            target,
            required: graph.adjacency[target as usize],
            into: graph.reverse[target as usize],
            refuted: HashSet::new(),
            nodes: 0,
        }
    }

    /// Whether some sequence from the origin may stop on the target.
    fn reachable(&mut self) -> bool {
        if self.required == 0 {
            // Nothing to visit first: reaching the target is enough.
            return true;
        }
        let origin = self.graph.origin;
        self.search(origin, 1 << origin)
    }

    /// Whether the prunings let the state through: every required square
    /// not visited and some square into the target are still reachable
    /// from `at` without landing on `visited` or the target.
    ///
    /// And a third: a required square that, once entered, can only go on to
    /// the target (no free square to leave to, or a single neighbour to
    /// come from and go to) must be the last before the target, so there
    /// may be at most one such square, and it must have a segment into the
    /// target. Without this, two dead ends next to the target would have
    /// the search try every path to one of them before giving up.
    ///
    /// Returns the squares still reachable (`None` when a pruning refutes
    /// the state): once the prunings pass, what can still happen depends
    /// only on `at` and these squares (the required ones not visited are
    /// among them), so they, not the visited set, key refuted states.
    fn may_succeed(&self, at: u32, visited: u64) -> Option<u64> {
        let free = !visited & !(1 << self.target);
        let seeds = self.graph.adjacency[at as usize] & free;
        let ahead = self.graph.flood_within(seeds, free);
        let needed = self.required & !visited;
        if needed & !ahead != 0 || ahead & self.into == 0 {
            return None;
        }
        let mut last = 0u64;
        let mut squares = needed;
        while squares != 0 {
            let square = squares.trailing_zeros();
            squares &= squares - 1;
            let out = self.graph.adjacency[square as usize] & free;
            let from = self.graph.reverse[square as usize] & (free | 1 << at);
            if out == 0 || (out | from).count_ones() <= 1 {
                last |= 1 << square;
            }
        }
        (last.count_ones() <= 1 && last & !self.into == 0).then_some(ahead)
    }

    /// Whether a sequence standing on `at`, having landed on `visited`
    /// (the origin and `at` included), can go on to stop on the target.
    /// The recursion is bounded: each level lands on a new square of one
    /// word, so it is at most 64 deep.
    fn search(&mut self, at: u32, visited: u64) -> bool {
        let edges = self.graph.adjacency[at as usize];
        if self.required & !visited == 0 && edges >> self.target & 1 != 0 {
            return true;
        }
        let Some(ahead) = self.may_succeed(at, visited) else {
            return false;
        };
        if self.refuted.contains(&(at, ahead)) {
            return false;
        }
        self.nodes += 1;
        // Required squares first: a sequence that collects them early is
        // found soonest.
        let free = edges & !visited & !(1 << self.target);
        for next in [free & self.required, free & !self.required] {
            let mut next = next;
            while next != 0 {
                let bit = next.trailing_zeros();
                next &= next - 1;
                if self.search(bit, visited | 1 << bit) {
                    return true;
                }
            }
        }
        if self.nodes > REMEMBER_AFTER {
            self.refuted.insert((at, ahead));
        }
        false
    }
}

/// The search for the smallest path with a given number of segments:
/// directions in notation order, so the first path found is the smallest.
struct OrderedWalk<'g, 'a> {
    goal: &'g mut Goal<'a>,
    generator: &'g MoveGenerator,
    /// The number of segments of the paths searched.
    segments: u32,
    /// The path so far, the origin first.
    squares: Vec<Square>,
    /// States (square, squares still reachable, segments still to go) with
    /// no path of this number of segments.
    refuted: HashSet<(u32, u64, u32)>,
}

impl OrderedWalk<'_, '_> {
    /// Extends the path standing on `at` (bit), having landed on `visited`;
    /// leaves the path found in `squares` and returns `true`, or returns
    /// `false` with `squares` as it was. At most 64 deep, like `Goal::search`.
    fn extend(&mut self, at: u32, visited: u64) -> bool {
        let graph = self.goal.graph;
        let done = visited.count_ones() - 1;
        let left = self.segments - done;
        let needed = (self.goal.required & !visited).count_ones();
        if needed == 0 && left == 1 && graph.adjacency[at as usize] >> self.goal.target & 1 != 0 {
            self.squares.push(graph.square(self.goal.target));
            return true;
        }
        // Each required square takes a segment, and the target one more.
        if left <= needed || left < 2 {
            return false;
        }
        let Some(ahead) = self.goal.may_succeed(at, visited) else {
            return false;
        };
        if self.refuted.contains(&(at, ahead, left)) {
            return false;
        }
        let from = graph.square(at);
        let stretch = self.generator.empty | Bitboard::from_square(graph.square(graph.origin));
        for direction in Direction::ALL {
            let landing = in_class(graph.class, graph.adjacency[at as usize] & !visited);
            let landing = landing - Bitboard::from_square(graph.square(self.goal.target));
            let Some(to) = self
                .generator
                .segment_from(from, direction, stretch, landing)
            else {
                continue;
            };
            if at == graph.origin && !self.generator.first_segment_allowed(from, direction, to) {
                continue;
            }
            let bit = u32::from(to.bit() & 63);
            self.squares.push(to);
            if self.extend(bit, visited | 1 << bit) {
                return true;
            }
            self.squares.pop();
        }
        self.refuted.insert((at, ahead, left));
        false
    }
}

#[cfg(test)]
#[path = "continuation_tests.rs"]
mod tests;
