//! The meeting beam: a beam search that aims at the middle of the race
//! instead of its end.
//!
//! From the presets' start the target camp is the start turned half-way
//! round, and every move can be undone, so a state `c` is `j` moves from the
//! goal exactly when `rotate(c)` is `j` moves from the start. The beam keeps
//! every state it has ranked into a layer, and each child `c` it generates
//! at move `k + 1` is looked up turned: when `rotate(c)` (or its mirror
//! image) was kept at move `j`, the kept path to `rotate(c)`, turned and
//! read backwards, leads from `c` to the goal, and the race has `k + 1 + j`
//! moves. A beam that has to reach only the middle keeps its choices good
//! for half as many moves. Wide enough to keep every state, its layers are
//! the exact distances and it finds an optimal race; narrower, it proves
//! nothing.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU32, Ordering};

use halma_core::{Bitboard, Square};

use super::batches::{waiting, BeamSettings, Part};
use super::beam::{Fx, Ranking};
use super::board::SoloBoard;
use super::bound::Goal;
use super::table::Key;
use crate::limits::{growth_bytes, Budget, LimitKind};
use crate::mirror::Mirror;
use crate::pipeline::generate_then_merge;

/// Whether the meeting beam can search the race from `start`: every move can
/// be undone and the goal is the start turned half-way round (the pieces
/// stand on the home camp, as at the presets' start).
pub(crate) fn applies(board: &SoloBoard, start: Bitboard) -> bool {
    board.reversible && board.rotate(start) == board.target
}

/// What the meeting beam found.
pub(crate) struct MeetOutcome {
    /// The shortest race found, as its states from the start to the goal.
    pub states: Option<Vec<Bitboard>>,
    /// The limit that stopped it, if one did.
    pub stopped: Option<LimitKind>,
    /// The most bytes its tables held.
    pub peak_memory: u64,
}

/// Bytes counted for a state of a layer (its pieces and its node).
const LAYER_ENTRY: usize = 40;

/// How a kept state was reached.
#[derive(Clone, Copy)]
struct Kept {
    /// The move at which it was kept.
    layer: u32,
    /// Its node in the tree of kept states.
    node: u32,
}

/// A node of the tree of kept states.
struct Node {
    parent: u32,
    from: u8,
    to: u8,
}

/// A key hashed by its [`Key::hash64`].
#[derive(Clone, Copy, PartialEq, Eq)]
struct Hashed<K>(K);

impl<K: Key> Hash for Hashed<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0.hash64());
    }
}

type Table<K> = HashMap<Hashed<K>, Kept, BuildHasherDefault<Fx>>;

/// A child as a generating thread leaves it: what it found by reading the
/// table of kept states, which does not change while a move is expanded.
struct Made<K> {
    /// The key the child is kept under (the lesser of it and its image).
    key: Hashed<K>,
    /// The kept state the child meets, turned.
    met: Option<Kept>,
    /// Whether no state of an earlier move has its key.
    fresh: bool,
    /// Its rank and move, as the map of the move's children keeps it.
    child: Child,
}

/// A meeting beam from `start`, whose half-turn is the goal ([`applies`]),
/// as `settings` asks, looking for races shorter than `cap` moves.
///
/// With several threads, the children of a move's states are made in
/// batches of parents, a share of each batch per thread (pruning by the
/// bound, and the look-ups in the table of kept states, only read), while
/// this thread merges the batch before in the parents' order, pruning
/// again by the best length found so far: the beam keeps the same states
/// and finds the same race whatever the number of threads.
pub(crate) fn meet_beam<K: Key>(
    board: &SoloBoard,
    start: Bitboard,
    settings: BeamSettings,
    cap: u32,
    budget: &mut Budget,
    progress: &mut dyn FnMut(&str),
) -> MeetOutcome {
    debug_assert!(applies(board, start));
    let BeamSettings { width, entry, .. } = settings;
    let split = settings.split();
    let goal = Goal::new(board, board.target);
    let ranking = Ranking::new(board, entry);
    let mirror = board.mirror_for(start);
    let canonical = |key: K| match &mirror {
        Some(mirror) => key.least(key.mirror(board, mirror)),
        None => key,
    };
    let mut nodes = vec![Node {
        parent: u32::MAX,
        from: 0,
        to: 0,
    }];
    let mut kept: Table<K> = Table::default();
    kept.insert(
        Hashed(canonical(K::pack(board, start))),
        Kept { layer: 0, node: 0 },
    );
    let mut layer: Vec<(Bitboard, u32)> = vec![(start, 0)];
    let mut best: Option<(u32, Vec<Bitboard>)> = None;
    let mut peak = 0u64;
    let mut since_check = 0u64;
    let mut stopped = None;
    let mut depth = 0u32;
    // What the tables hold: by capacity (allocated), with estimates of the
    // hash maps' entries.
    let kept_entry = std::mem::size_of::<K>() + 16;
    let child_entry = std::mem::size_of::<K>() + 40;
    let held = |kept: &Table<K>, children: usize, layer: &Vec<_>, nodes: &Vec<Node>| {
        (kept.capacity() * kept_entry
            + children * child_entry
            + layer.capacity() * LAYER_ENTRY
            + nodes.capacity() * std::mem::size_of::<Node>()) as u64
    };
    loop {
        let limit = best.as_ref().map_or(cap, |(length, _)| *length);
        // A child at `depth + 1` gives `depth + 1` moves at least (it meets
        // the start turned: it is the goal). The beam's layers are not
        // exact distances, so a meeting past the middle (a kept state of
        // an earlier move) can still be the shortest found.
        if depth + 1 >= limit || layer.is_empty() {
            break;
        }
        depth += 1;
        let mut children: HashMap<Hashed<K>, Child, BuildHasherDefault<Fx>> = HashMap::default();
        let mut full = false;
        // The best length so far, for the generating threads to prune by:
        // it only falls, so they never drop a child the merge would keep.
        let shared_limit = AtomicU32::new(best.as_ref().map_or(cap, |(length, _)| *length));
        let free = budget
            .limits()
            .memory_bytes
            .map(|max| max.saturating_sub(held(&kept, 0, &layer, &nodes)));
        let output = split.output_budget(free);
        let generate = |part: &[(Bitboard, u32)], first: usize| {
            let mut out = Part::new(part.len());
            for (offset, &(own, _)) in part.iter().enumerate() {
                let limit = shared_limit.load(Ordering::Relaxed);
                let cost = ranking.cost(own) as i64;
                let index = first + offset;
                let mut generated = 0;
                let mut fitted = true;
                board.for_each_child(own, |from, to, child| {
                    generated += 1;
                    let bound = goal.bound(board, child);
                    if !fitted || depth + bound >= limit {
                        return;
                    }
                    let key = K::pack(board, child);
                    let met = kept.get(&Hashed(canonical(key.rotate(board)))).copied();
                    let key = Hashed(canonical(key));
                    let fresh = !kept.contains_key(&key);
                    if met.is_some() || fresh {
                        fitted = out.has_room(output.map(|output| output.part));
                        if !fitted {
                            return;
                        }
                        out.made.push(Made {
                            key,
                            met,
                            fresh,
                            child: Child {
                                rank: cost + ranking.delta(from, to),
                                bound,
                                index: index as u32,
                                from,
                                to,
                            },
                        });
                    }
                });
                if !out.end_parent(index, generated, fitted) {
                    break;
                }
            }
            out
        };
        let merge = |parts: Vec<Part<Made<K>>>| {
            let waiting = waiting(&split, output, &parts);
            for part in &parts {
                let mut begin = 0;
                for &(index, end, generated) in &part.parents {
                    since_check += generated;
                    let limit = best.as_ref().map_or(cap, |(length, _)| *length);
                    for made in &part.made[begin..end] {
                        let candidate = made.child;
                        if depth + candidate.bound >= limit {
                            continue;
                        }
                        if let Some(met) = made.met {
                            let length = depth + met.layer;
                            if length < best.as_ref().map_or(cap, |(length, _)| *length) {
                                let (own, node) = layer[index];
                                let mut child = own;
                                child.remove(candidate.from);
                                child.insert(candidate.to);
                                let first = path(&nodes, node, start);
                                let second = path(&nodes, met.node, start);
                                best = Some((length, join(board, first, child, second, &mirror)));
                                shared_limit.store(length, Ordering::Relaxed);
                            }
                        }
                        if !made.fresh {
                            continue;
                        }
                        // A full map doubles on a new key (`entry` makes
                        // room first): stop before that would pass the
                        // memory limit.
                        let (len, capacity) = (children.len(), children.capacity());
                        let growth = growth_bytes(len, capacity, 1, child_entry);
                        if growth > 0
                            && !children.contains_key(&made.key)
                            && budget.would_pass_memory(
                                held(&kept, capacity, &layer, &nodes) + waiting.checked + growth,
                            )
                        {
                            full = true;
                            break;
                        }
                        match children.entry(made.key) {
                            Entry::Vacant(slot) => {
                                slot.insert(candidate);
                            }
                            Entry::Occupied(mut slot) => {
                                if (candidate.rank, candidate.bound)
                                    < (slot.get().rank, slot.get().bound)
                                {
                                    slot.insert(candidate);
                                }
                            }
                        }
                    }
                    begin = end;
                    if since_check >= 4096 || index + 1 == layer.len() || full {
                        let bytes = held(&kept, children.capacity(), &layer, &nodes) + waiting.held;
                        if let Some(kind) =
                            budget.checkpoint(&mut since_check, bytes, &mut peak, full)
                        {
                            return ControlFlow::Break(kind);
                        }
                    }
                }
                // No parent fitted its share: nothing can go on.
                if !part.complete && part.parents.is_empty() {
                    let bytes = held(&kept, children.capacity(), &layer, &nodes) + waiting.held;
                    budget.checkpoint(&mut since_check, bytes, &mut peak, true);
                    return ControlFlow::Break(LimitKind::Memory);
                }
            }
            ControlFlow::Continue(())
        };
        stopped = generate_then_merge(&layer, split, generate, || LimitKind::Memory, merge);
        if stopped.is_some() {
            break;
        }
        // Ranking copies the children into a list, the kept ones then join
        // the tree, the table of kept states and the next layer.
        let kept_now = children.len().min(width);
        let growth = (children.len() * std::mem::size_of::<(Hashed<K>, Child)>()) as u64
            + growth_bytes(
                nodes.len(),
                nodes.capacity(),
                kept_now,
                std::mem::size_of::<Node>(),
            )
            + growth_bytes(kept.len(), kept.capacity(), kept_now, kept_entry)
            + (kept_now * LAYER_ENTRY) as u64;
        if budget.would_pass_memory(held(&kept, children.capacity(), &layer, &nodes) + growth) {
            stopped = Some(LimitKind::Memory);
            break;
        }
        let mut ranked: Vec<(Hashed<K>, Child)> = children.into_iter().collect();
        let order = |c: &(Hashed<K>, Child)| (c.1.rank, c.1.bound, c.0 .0.hash64());
        if ranked.len() > width {
            ranked.select_nth_unstable_by_key(width - 1, order);
            ranked.truncate(width);
        }
        ranked.sort_unstable_by_key(order);
        if nodes.len() + ranked.len() > u32::MAX as usize {
            // Nodes are numbered with `u32`: past 4 * 10^9 of them (over
            // 100 GiB of tables) the search stops as on the memory limit.
            stopped = Some(LimitKind::Memory);
            break;
        }
        let mut next = Vec::with_capacity(ranked.len());
        for (key, child) in ranked {
            let (own, parent) = layer[child.index as usize];
            let mut state = own;
            state.remove(child.from);
            state.insert(child.to);
            nodes.push(Node {
                parent,
                from: child.from.index() as u8,
                to: child.to.index() as u8,
            });
            let node = (nodes.len() - 1) as u32;
            kept.insert(key, Kept { layer: depth, node });
            next.push((state, node));
        }
        // A kept state meets a kept state turned, of this move or before:
        // an even length is found at the move that reaches its middle, a
        // move before a child would find it.
        for &(state, node) in &next {
            let limit = best.as_ref().map_or(cap, |(length, _)| *length);
            let turned = canonical(K::pack(board, state).rotate(board));
            if let Some(met) = kept.get(&Hashed(turned)) {
                let length = depth + met.layer;
                if length < limit {
                    let mut first = path(&nodes, node, start);
                    first.pop();
                    let second = path(&nodes, met.node, start);
                    best = Some((length, join(board, first, state, second, &mirror)));
                }
            }
        }
        layer = next;
        progress(&format!(
            "  meet {width}: move {depth}, {} kept, best {} ({} nodes, {:.1} s)",
            layer.len(),
            best.as_ref()
                .map_or("none".to_owned(), |(l, _)| l.to_string()),
            budget.nodes(),
            budget.elapsed().as_secs_f64()
        ));
    }
    budget.add_nodes(since_check);
    MeetOutcome {
        states: best.map(|(_, states)| states),
        stopped,
        peak_memory: peak,
    }
}

/// A child before selection.
#[derive(Clone, Copy)]
struct Child {
    rank: i64,
    bound: u32,
    index: u32,
    from: Square,
    to: Square,
}

/// The kept states from `start` to the state at `node`, replayed from the
/// moves of the tree (a key may stand for the state's mirror image, so the
/// state itself is not stored).
fn path(nodes: &[Node], mut node: u32, start: Bitboard) -> Vec<Bitboard> {
    let mut steps = Vec::new();
    while nodes[node as usize].parent != u32::MAX {
        steps.push(&nodes[node as usize]);
        node = nodes[node as usize].parent;
    }
    let mut own = start;
    let mut states = vec![own];
    for step in steps.into_iter().rev() {
        own.remove(Square::from_index(step.from as usize).expect("a stored square"));
        own.insert(Square::from_index(step.to as usize).expect("a stored square"));
        states.push(own);
    }
    states
}

/// The race: `first` (start to the parent of `child`), `child`, then the
/// kept path `second` to `rotate(child)` (or to its mirror image), turned and
/// read backwards.
fn join(
    board: &SoloBoard,
    mut first: Vec<Bitboard>,
    child: Bitboard,
    second: Vec<Bitboard>,
    mirror: &Option<Mirror>,
) -> Vec<Bitboard> {
    let turned = board.rotate(child);
    let reflect = *second.last().expect("a path holds its end") != turned;
    first.push(child);
    for &state in second.iter().rev().skip(1) {
        let state = match (reflect, mirror) {
            (true, Some(mirror)) => mirror.apply(state),
            _ => state,
        };
        first.push(board.rotate(state));
    }
    first
}

#[cfg(test)]
mod tests {
    use halma_core::Seat;
    use halma_rules::Rules;

    use super::*;
    use crate::limits::SolveLimits;
    use crate::solo::batches::tests::same_on_one_and_three_threads;
    use crate::solo::exact::tests::{breadth_first, squares};

    /// The race from `target` turned to `target` (a made-up camp on the 8x8
    /// board), and its optimum by breadth-first search.
    fn race(target: &[(u8, u8)]) -> (SoloBoard, Bitboard, u32) {
        let rules: Rules = "halma8".parse().unwrap();
        let mut board = SoloBoard::new(&rules, Seat::Red);
        board.target = squares(target);
        let start = board.rotate(board.target);
        assert!(applies(&board, start));
        let optimum = breadth_first(&board, start, 14).expect("solvable");
        (board, start, optimum)
    }

    /// The meeting beam of `width` on the race, for races shorter than `cap`.
    fn run(board: &SoloBoard, start: Bitboard, width: usize, cap: u32) -> Option<Vec<Bitboard>> {
        run_logged(board, start, width, cap).0
    }

    /// [`run`], and the first move after which it held a race (from its
    /// progress lines).
    fn run_logged(
        board: &SoloBoard,
        start: Bitboard,
        width: usize,
        cap: u32,
    ) -> (Option<Vec<Bitboard>>, Option<u32>) {
        let mut budget = Budget::new(SolveLimits::default());
        let mut first = None;
        let mut log = |line: &str| {
            if first.is_none() && !line.contains("best none") {
                let after = line.split("move ").nth(1).expect("a move number");
                first = after.split(',').next().and_then(|n| n.parse().ok());
            }
        };
        let settings = BeamSettings::new(width, 2, 1);
        let states = meet_beam::<u64>(board, start, settings, cap, &mut budget, &mut log).states;
        (states, first)
    }

    /// A race: from `start`, one move at a time, the camp filled at the last
    /// state and not before.
    fn check_race(board: &SoloBoard, start: Bitboard, states: &[Bitboard]) {
        assert_eq!(states[0], start);
        assert!(board.is_goal(*states.last().unwrap()));
        assert!(states[..states.len() - 1]
            .iter()
            .all(|&s| !board.is_goal(s)));
        for pair in states.windows(2) {
            let mut found = false;
            board.for_each_child(pair[0], |_, _, child| found |= child == pair[1]);
            assert!(found, "not a move: {:?} -> {:?}", pair[0], pair[1]);
        }
    }

    #[test]
    fn a_beam_wider_than_the_layers_finds_the_optimum() {
        // Odd and even optima; the last two camps are their own mirror
        // images, so their layers keep one state of each mirror pair.
        let mut lengths = Vec::new();
        for target in [
            &[(5, 2), (6, 2), (5, 3)][..],
            &[(4, 4), (5, 5)][..],
            &[(6, 1), (7, 0), (6, 0), (7, 1)][..],
            &[(7, 0), (6, 0), (7, 1)][..],
            &[(7, 0), (5, 0), (7, 2), (6, 1)][..],
        ] {
            let (board, start, optimum) = race(target);
            // Asked for races of the optimum's length or shorter, it finds
            // one of the optimum's length, at the move that reaches its
            // middle: even lengths meet within that move, odd ones through
            // a child. Asked for shorter ones, none.
            let (states, found_at) = run_logged(&board, start, 1 << 20, optimum + 1);
            let states = states.expect("a wide beam meets");
            check_race(&board, start, &states);
            assert_eq!(states.len() as u32 - 1, optimum, "{target:?}");
            assert_eq!(found_at, Some(optimum.div_ceil(2)), "{target:?}");
            assert_eq!(run(&board, start, 1 << 20, optimum), None, "{target:?}");
            lengths.push(optimum);
        }
        assert!(lengths.iter().any(|l| l % 2 == 0) && lengths.iter().any(|l| l % 2 == 1));
    }

    #[test]
    fn the_threads_keep_the_same_states_and_find_the_same_race() {
        // The halma8 race: the beams meet part-way through a move, and the
        // rest of the move is pruned by the race found (the threads prune
        // by the best length they last saw, the merge by the best so far:
        // a merge that did not prune again fails this).
        let rules: Rules = "halma8".parse().unwrap();
        let board = SoloBoard::new(&rules, Seat::Red);
        let start = board.rotate(board.target);
        for width in [50, 300] {
            let (states, _) = same_on_one_and_three_threads(width, |settings, budget, log| {
                meet_beam::<u64>(&board, start, settings, 1000, budget, log).states
            });
            check_race(&board, start, &states.expect("the beam meets"));
        }
    }

    #[test]
    fn a_narrow_beam_finds_legal_races_never_shorter_than_the_optimum() {
        let mut found = 0;
        for target in [
            &[(5, 2), (6, 2), (5, 3)][..],
            &[(6, 1), (7, 0), (6, 0), (7, 1)][..],
            &[(7, 0), (5, 0), (7, 2), (6, 1)][..],
        ] {
            let (board, start, optimum) = race(target);
            for width in [1, 2, 5] {
                if let Some(states) = run(&board, start, width, 1000) {
                    check_race(&board, start, &states);
                    let moves = states.len() as u32 - 1;
                    assert!(moves >= optimum, "{target:?} {width}: {moves} moves");
                    found += 1;
                }
            }
        }
        assert!(found > 0, "no narrow beam met");
    }
}
