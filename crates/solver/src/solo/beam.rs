//! The beam search: a breadth-first search that keeps, after each move, the
//! `width` most promising states, pruned by the admissible bound against the
//! best length known. It proves nothing by itself; it finds a good sequence
//! fast, which the exact search then needs only to prove, and it is all that
//! reaches the 16x16 board.
//!
//! A state's rank is its `cost` (the sum over its pieces of their distance
//! `dx + dy` to the target camp's corner, plus `entry` (default 2) for each
//! piece outside the camp: entering the camp is what the race counts), then its admissible bound, then a hash for a deterministic order.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::ControlFlow;

use halma_core::{Bitboard, Square};

use super::batches::{waiting, BeamSettings, Part};
use super::board::SoloBoard;
use super::bound::Goal;
use crate::limits::{growth_bytes, Budget, LimitKind};
use crate::pipeline::generate_then_merge;

/// The result of one beam search.
pub(crate) struct BeamOutcome {
    /// The states from the start to a goal, when one was reached.
    pub states: Option<Vec<Bitboard>>,
    /// The limit that stopped it, if one did.
    pub stopped: Option<LimitKind>,
    /// The most bytes it held at once.
    pub peak_memory: u64,
    /// The move it ended at: `max_length` when it reached its horizon, the
    /// move whose layer came out empty, or the last move it finished when a
    /// limit stopped it.
    pub depth: u32,
}

/// The node of the search tree behind the beam: how a state was reached.
struct Node {
    parent: u32,
    from: u8,
    to: u8,
}

/// A fast hasher for the duplicate check of a layer (and, through
/// [`Key::hash64`](super::table::Key::hash64), for the meeting beam's tables).
#[derive(Default)]
pub(crate) struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// How the beam ranks states.
pub(crate) struct Ranking {
    /// Per square (row-major index of the 16x16 grid): the king distance
    /// from the target corner.
    distance: Vec<u32>,
}

impl Ranking {
    /// The ranking for `board`, charging `entry` for a piece outside the
    /// target camp on top of its distance.
    pub fn new(board: &SoloBoard, entry: u32) -> Ranking {
        let corner = board.rules.target_corner(board.seat);
        let mut distance = vec![0; 256];
        for square in board.squares {
            let dx = square.file().abs_diff(corner.file()) as u32;
            let dy = square.rank().abs_diff(corner.rank()) as u32;
            let entry = if board.target.contains(square) {
                0
            } else {
                entry
            };
            distance[square.index()] = dx + dy + entry;
        }
        Ranking { distance }
    }

    /// The cost of a state: lower is better.
    pub fn cost(&self, own: Bitboard) -> u32 {
        own.into_iter().map(|s| self.distance[s.index()]).sum()
    }

    /// How a move from `from` to `to` changes a state's cost.
    #[inline]
    pub fn delta(&self, from: Square, to: Square) -> i64 {
        self.distance[to.index()] as i64 - self.distance[from.index()] as i64
    }
}

fn tie(own: Bitboard) -> u64 {
    let mut hasher = Fx::default();
    std::hash::Hash::hash(&own, &mut hasher);
    hasher.finish()
}

/// Bytes counted for an entry of the set of a move's children (a state
/// and the table's overhead).
const SEEN_ENTRY: usize = 40;
/// Bytes counted for a kept state of a layer.
const LAYER_ENTRY: usize = 48;

/// A beam search from `start` as `settings` asks, looking only for
/// sequences of at most `max_length` moves.
pub(crate) fn beam(
    board: &SoloBoard,
    start: Bitboard,
    settings: BeamSettings,
    max_length: u32,
    budget: &mut Budget,
    progress: &mut dyn FnMut(&str),
) -> BeamOutcome {
    let BeamSettings { width, entry, .. } = settings;
    let split = settings.split();
    let goal = Goal::new(board, board.target);
    let ranking = Ranking::new(board, entry);
    let mut nodes = vec![Node {
        parent: u32::MAX,
        from: 0,
        to: 0,
    }];
    // (state, cost, node)
    let mut layer: Vec<(Bitboard, i64, u32)> = vec![(start, ranking.cost(start) as i64, 0)];
    let mut peak = 0u64;
    let mut since_check = 0u64;
    let mut seen: HashSet<Bitboard, BuildHasherDefault<Fx>> = HashSet::default();
    // What the tables hold: by capacity (allocated), with the estimates of
    // an entry of the hash set and of the layer.
    let held = |seen: &HashSet<_, _>, children: &Vec<Child>, layer: &Vec<_>, nodes: &Vec<Node>| {
        (seen.capacity() * SEEN_ENTRY
            + children.capacity() * std::mem::size_of::<Child>()
            + layer.capacity() * LAYER_ENTRY
            + nodes.capacity() * std::mem::size_of::<Node>()) as u64
    };
    for depth in 1..=max_length {
        seen.clear();
        let mut children: Vec<Child> = Vec::new();
        let mut full = false;
        let free = budget
            .limits()
            .memory_bytes
            .map(|max| max.saturating_sub(held(&seen, &children, &layer, &nodes)));
        let output = split.output_budget(free);
        let generate = |part: &[(Bitboard, i64, u32)], first: usize| {
            let mut out = Part::new(part.len());
            for (offset, &(own, cost, _)) in part.iter().enumerate() {
                let mut generated = 0;
                let mut fitted = true;
                board.for_each_child(own, |from, to, child| {
                    generated += 1;
                    let bound = goal.bound(board, child);
                    if fitted && depth + bound <= max_length {
                        fitted = out.has_room(output.map(|output| output.part));
                        if fitted {
                            let rank = cost + ranking.delta(from, to);
                            let index = (first + offset) as u32;
                            out.made
                                .push((child, (rank, bound, tie(child), index, from, to)));
                        }
                    }
                });
                if !out.end_parent(first + offset, generated, fitted) {
                    break;
                }
            }
            out
        };
        let merge = |parts: Vec<Part<(Bitboard, Child)>>| {
            let waiting = waiting(&split, output, &parts);
            for part in &parts {
                let mut begin = 0;
                for &(index, end, generated) in &part.parents {
                    since_check += generated;
                    let mut found = None;
                    for &(child, made) in &part.made[begin..end] {
                        if seen.contains(&child) {
                            continue;
                        }
                        // A full set or list doubles on its next entry: stop
                        // before that would pass the memory limit.
                        let growth = growth_bytes(seen.len(), seen.capacity(), 1, SEEN_ENTRY)
                            + growth_bytes(
                                children.len(),
                                children.capacity(),
                                1,
                                std::mem::size_of::<Child>(),
                            );
                        if growth > 0
                            && budget.would_pass_memory(
                                held(&seen, &children, &layer, &nodes) + waiting.checked + growth,
                            )
                        {
                            full = true;
                            break;
                        }
                        seen.insert(child);
                        children.push(made);
                        let (_, bound, _, _, from, to) = made;
                        if bound == 0 && board.is_goal(child) {
                            found = Some((index, from, to));
                            break;
                        }
                    }
                    begin = end;
                    if let Some(found) = found {
                        return ControlFlow::Break(Ok(found));
                    }
                    // A narrow beam generates fewer than 4096 states a
                    // move: the limits are read at the end of each move too.
                    if since_check >= 4096 || index + 1 == layer.len() || full {
                        let bytes = held(&seen, &children, &layer, &nodes) + waiting.held;
                        if let Some(kind) =
                            budget.checkpoint(&mut since_check, bytes, &mut peak, full)
                        {
                            return ControlFlow::Break(Err(kind));
                        }
                    }
                }
                // No parent fitted its share: nothing can go on.
                if !part.complete && part.parents.is_empty() {
                    let bytes = held(&seen, &children, &layer, &nodes) + waiting.held;
                    budget.checkpoint(&mut since_check, bytes, &mut peak, true);
                    return ControlFlow::Break(Err(LimitKind::Memory));
                }
            }
            ControlFlow::Continue(())
        };
        let full = || Err(LimitKind::Memory);
        let found = match generate_then_merge(&layer, split, generate, full, merge) {
            Some(Err(kind)) => {
                return BeamOutcome {
                    states: None,
                    stopped: Some(kind),
                    peak_memory: peak,
                    depth: depth - 1,
                }
            }
            Some(Ok(found)) => Some(found),
            None => None,
        };
        budget.add_nodes(since_check);
        since_check = 0;
        if let Some((index, from, to)) = found {
            let mut states = Vec::new();
            let mut own = layer[index].0;
            let mut node = layer[index].2;
            let mut last = own;
            last.remove(from);
            last.insert(to);
            states.push(last);
            loop {
                states.push(own);
                let step = &nodes[node as usize];
                if step.parent == u32::MAX {
                    break;
                }
                own.remove(Square::from_index(step.to as usize).expect("a stored square"));
                own.insert(Square::from_index(step.from as usize).expect("a stored square"));
                node = step.parent;
            }
            states.reverse();
            return BeamOutcome {
                states: Some(states),
                stopped: None,
                peak_memory: peak,
                depth,
            };
        }
        if children.is_empty() {
            return BeamOutcome {
                states: None,
                stopped: None,
                peak_memory: peak,
                depth,
            };
        }
        if children.len() > width {
            children.select_nth_unstable_by_key(width - 1, |c| (c.0, c.1, c.2));
            children.truncate(width);
        }
        children.sort_unstable_by_key(|c| (c.0, c.1, c.2));
        // The tree and the next layer grow by the kept children.
        let growth = growth_bytes(
            nodes.len(),
            nodes.capacity(),
            children.len(),
            std::mem::size_of::<Node>(),
        ) + (children.len() * LAYER_ENTRY) as u64;
        if budget.would_pass_memory(held(&seen, &children, &layer, &nodes) + growth) {
            return BeamOutcome {
                states: None,
                stopped: Some(LimitKind::Memory),
                peak_memory: peak,
                depth: depth - 1,
            };
        }
        if nodes.len() + children.len() > u32::MAX as usize {
            // The tree numbers its nodes with `u32`: past 4 * 10^9 nodes
            // (32 GiB of them) it stops as on the memory limit.
            return BeamOutcome {
                states: None,
                stopped: Some(LimitKind::Memory),
                peak_memory: peak,
                depth: depth - 1,
            };
        }
        let mut next = Vec::with_capacity(children.len());
        for &(rank, _, _, index, from, to) in &children {
            let (own, _, node) = layer[index as usize];
            let mut child = own;
            child.remove(from);
            child.insert(to);
            nodes.push(Node {
                parent: node,
                from: from.index() as u8,
                to: to.index() as u8,
            });
            next.push((child, rank, (nodes.len() - 1) as u32));
        }
        layer = next;
        if depth % 10 == 0 {
            progress(&format!(
                "  beam {width}: move {depth}, best cost {} ({} nodes, {:.1} s)",
                layer[0].1,
                budget.nodes(),
                budget.elapsed().as_secs_f64()
            ));
        }
    }
    BeamOutcome {
        states: None,
        stopped: None,
        peak_memory: peak,
        depth: max_length,
    }
}

/// A state kept for the next move, before selection: (cost, bound, tie,
/// layer index, from, to).
type Child = (i64, u32, u64, u32, Square, Square);

#[cfg(test)]
mod tests {
    use halma_core::Seat;
    use halma_rules::Rules;

    use super::*;
    use crate::solo::batches::tests::same_on_one_and_three_threads;

    #[test]
    fn the_threads_keep_the_same_states_and_find_the_same_race() {
        // The halma8 race, also under a length cap that prunes. (Under a
        // memory limit the runs may stop at different points: the threads'
        // lists waiting to be merged count too.)
        let rules: Rules = "halma8".parse().unwrap();
        let board = SoloBoard::new(&rules, Seat::Red);
        let start = board.rotate(board.target);
        for (width, max_length) in [(40, 1000), (300, 22)] {
            let ((states, stopped, depth), _) =
                same_on_one_and_three_threads(width, |settings, budget, log| {
                    let outcome = beam(&board, start, settings, max_length, budget, log);
                    (outcome.states, outcome.stopped, outcome.depth)
                });
            let states = states.expect("the beam finishes");
            assert!(board.is_goal(*states.last().unwrap()));
            assert!(states.len() as u32 - 1 <= max_length);
            assert_eq!((stopped, depth as usize), (None, states.len() - 1));
        }
    }
}
