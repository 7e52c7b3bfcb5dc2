//! The heuristic search: a beam over cooperative plies. Every ply, each
//! kept position is expanded by every legal move of the side to move (so
//! the other seats' moves are searched as freely as the winner's), and the
//! `width` children with the best [`Race`] score are kept. The first ply at
//! which some child is won by an accepted seat gives the game.
//!
//! Nothing here is a proof: a beam can miss the shortest game. What it
//! returns is always a legal game (made of generated legal moves, checked
//! for a winner after each ply).

use std::collections::HashSet;
// std's `Instant` natively; `performance.now()` on WebAssembly.
use web_time::Instant;

use halma_core::{Bitboard, Constraints, Move, MoveGenerator, Position, Seat, SeatSet, Square};
use halma_rules::{Rules, Spoil};

use crate::limits::growth_bytes;
use crate::{Budget, LimitKind};

/// Weights of [`Race::score`], in units where a move of the winner is
/// [`MOVE`].
const MOVE: i32 = 12;
/// Per square (Chebyshev) still to go after a piece's best single move:
/// 1/12 move, chosen by measurement: with 1/6 (until 2026-12-03) the beam
/// found games as long or longer on every preset at the same widths, and
/// later (docs/notes/solvers-log.md, "Beam experiments").
const DISTANCE: i32 = 1;
/// Per piece of another seat in the winner's target camp (spoil=none).
const IN_THE_WAY: i32 = 4;

/// Bytes counted for an entry of a thread's set of the positions it has
/// made this ply (a 64-bit hash and the hash table's overhead).
const SEEN_ENTRY: usize = 16;
/// Bytes of a child waiting for the selection.
const CHILD: usize = std::mem::size_of::<Child>();
/// Bytes of a kept position of a ply.
const KEPT: usize = std::mem::size_of::<(Position, u32)>();
/// Bytes of a node of the tree of kept positions.
const TREE_NODE: usize = std::mem::size_of::<(u32, Move)>();

/// The estimate of how far a seat is from winning that ranks the beam:
/// for each of its pieces outside its target camp, one move plus the
/// distance it would still have after its best single move on the board as
/// it stands (so that the other seats' pieces that form ladders count as
/// soon as they are placed); one more move per piece whose parity class has
/// too few free target squares (it needs a step); a little for each piece
/// of another seat still in the way.
pub(super) struct Race {
    seat: Seat,
    target: Bitboard,
    board: Bitboard,
    constraints: Constraints,
    /// `rings[d]`: the squares at Chebyshev distance `d` from the target camp.
    rings: Vec<Bitboard>,
    /// The squares of each parity class (file parity + 2 * rank parity).
    classes: [Bitboard; 4],
    others_in_the_way: bool,
}

impl Race {
    /// The estimate for `seat` under `rules`.
    pub(super) fn new(rules: &Rules, seat: Seat) -> Race {
        let target = rules.target_camp(seat);
        let board = rules.geometry().squares();
        let mut rings = vec![Bitboard::EMPTY; 16];
        let mut classes = [Bitboard::EMPTY; 4];
        for square in board {
            let distance = target
                .into_iter()
                .map(|t| {
                    square
                        .file()
                        .abs_diff(t.file())
                        .max(square.rank().abs_diff(t.rank()))
                })
                .min()
                .unwrap_or(0);
            rings[usize::from(distance)].insert(square);
            classes[class_of(square)].insert(square);
        }
        Race {
            seat,
            target,
            board,
            constraints: Constraints::long_jumps(rules.long_jumps()),
            rings,
            classes,
            others_in_the_way: rules.spoil() == Spoil::None,
        }
    }

    /// The score of `position` (lower is closer to a win).
    pub(super) fn score(&self, position: &Position) -> i32 {
        let own = position.pieces(self.seat);
        let outside = own - self.target;
        let generator = MoveGenerator::new(self.board, position.occupied(), self.constraints);
        let mut score = 0;
        for piece in outside {
            let reach = generator.jumps(piece) | generator.steps(piece) | Bitboard::from(piece);
            let distance = self
                .rings
                .iter()
                .position(|ring| !(*ring & reach).is_empty())
                .unwrap_or(self.rings.len()) as i32;
            score += MOVE + DISTANCE * distance;
        }
        let free = self.target - own;
        for class in self.classes {
            let excess = (outside & class).count() as i32 - (free & class).count() as i32;
            score += MOVE * excess.max(0);
        }
        if self.others_in_the_way {
            let in_the_way = (self.target & position.occupied() & !own).count() as i32;
            score += IN_THE_WAY * in_the_way;
        }
        score
    }
}

fn class_of(square: Square) -> usize {
    usize::from(square.file() % 2) + 2 * usize::from(square.rank() % 2)
}

/// What a beam found.
pub(super) enum BeamOutcome {
    /// A game won by an accepted seat at its last ply.
    Found(Vec<Move>),
    /// The beam emptied or reached its horizon without a win.
    NotFound,
    /// A limit ran out.
    Stopped(LimitKind),
}

/// A child position before selection.
#[derive(Clone, Copy)]
struct Child {
    score: i32,
    hash: u64,
    parent: u32,
    mv: Move,
}

/// What one thread's share of a ply gave.
struct Expansion {
    children: Vec<Child>,
    win: Option<(u32, Move)>,
    nodes: u64,
    stopped: Option<LimitKind>,
    /// The most bytes its tables held at once, the copy of its children
    /// into the ply's list included.
    peak_bytes: u64,
}

/// What one thread may spend of a ply.
#[derive(Clone, Copy)]
struct Share {
    /// Positions it may generate.
    nodes: Option<u64>,
    /// Bytes its set and its list of children may hold.
    bytes: Option<u64>,
    /// How many times its list is held at once: twice when several threads'
    /// lists are copied into one.
    copies: usize,
}

/// The settings of one beam.
pub(super) struct Beam<'a> {
    /// The rules.
    pub rules: &'a Rules,
    /// The seats whose win ends the search.
    pub accepted: SeatSet,
    /// The estimate that ranks positions.
    pub race: &'a Race,
    /// Positions kept per ply (at least 1).
    pub width: usize,
    /// Threads that expand a ply (at least 1).
    pub threads: usize,
    /// The most plies a game may have.
    pub horizon: u32,
}

impl Beam<'_> {
    /// Runs the beam from `start` (not finished).
    pub(super) fn run(
        &self,
        start: &Position,
        budget: &mut Budget,
        log: &mut dyn FnMut(&str),
    ) -> BeamOutcome {
        // The tree of kept positions: (parent, move), the root at 0.
        let mut tree: Vec<(u32, Move)> = vec![(u32::MAX, Move::PASS)];
        let mut beam: Vec<(Position, u32)> = vec![(start.clone(), 0)];
        let mut peak = budget.memory_bytes();
        for ply in 1..=self.horizon {
            // What the ply's children may take: the limit less what the
            // tree and the kept positions hold.
            let held = (tree.capacity() * TREE_NODE + beam.capacity() * KEPT) as u64;
            let memory_allowance = budget
                .limits()
                .memory_bytes
                .map(|max| max.saturating_sub(held));
            let deadline = budget
                .limits()
                .time
                // A deadline past what an `Instant` holds is none (no panic).
                .and_then(|time| Instant::now().checked_add(time.saturating_sub(budget.elapsed())));
            let node_allowance = budget
                .limits()
                .nodes
                .map(|max| max.saturating_sub(budget.nodes()));
            let mut expansions = self.expand(&beam, deadline, node_allowance, memory_allowance);
            let mut win = None;
            let mut stopped = None;
            let mut expanding = held;
            for expansion in &expansions {
                budget.add_nodes(expansion.nodes);
                win = win.or(expansion.win);
                stopped = stopped.or(expansion.stopped);
                expanding += expansion.peak_bytes;
            }
            peak = peak.max(expanding);
            budget.set_memory(peak);
            // The threads' lists into one (the threads counted that copy).
            let mut children = if expansions.len() == 1 {
                expansions.pop().expect("one expansion").children
            } else {
                let mut all = Vec::with_capacity(expansions.iter().map(|e| e.children.len()).sum());
                for expansion in expansions {
                    all.extend(expansion.children);
                }
                all
            };
            if let Some((parent, mv)) = win {
                let mut line = vec![mv];
                let mut at = beam[parent as usize].1;
                while at != 0 {
                    let (up, mv) = tree[at as usize];
                    line.push(mv);
                    at = up;
                }
                line.reverse();
                return BeamOutcome::Found(line);
            }
            if let Some(limit) = stopped {
                return BeamOutcome::Stopped(limit);
            }
            if let Some(limit) = budget.exceeded() {
                return BeamOutcome::Stopped(limit);
            }
            if children.is_empty() {
                return BeamOutcome::NotFound;
            }
            // One child per position, the best-scored first among equals.
            children.sort_unstable_by_key(|c| (c.hash, c.score));
            children.dedup_by_key(|c| c.hash);
            if children.len() > self.width {
                children.select_nth_unstable_by_key(self.width - 1, |c| (c.score, c.hash));
                children.truncate(self.width);
            }
            children.sort_unstable_by_key(|c| (c.score, c.hash));
            // The kept children join the tree and the next ply: checked
            // before those grow, with the children's list still held.
            let joining = held
                + (children.capacity() * CHILD + children.len() * KEPT) as u64
                + growth_bytes(tree.len(), tree.capacity(), children.len(), TREE_NODE);
            if budget.would_pass_memory(joining) {
                return BeamOutcome::Stopped(LimitKind::Memory);
            }
            peak = peak.max(joining);
            budget.set_memory(peak);
            let best = children[0].score;
            let mut next = Vec::with_capacity(children.len());
            for child in &children {
                let (position, node) = &beam[child.parent as usize];
                let mut position = position.clone();
                position.make_move_unchecked(child.mv);
                tree.push((*node, child.mv));
                next.push((position, (tree.len() - 1) as u32));
            }
            beam = next;
            log(&format!(
                "beam {}: ply {ply}, {} positions, best score {best}, {} nodes, {:.1} s",
                self.width,
                beam.len(),
                budget.nodes(),
                budget.elapsed().as_secs_f64()
            ));
        }
        BeamOutcome::NotFound
    }

    /// The children of every position of `beam`, the work split between
    /// the threads.
    fn expand(
        &self,
        beam: &[(Position, u32)],
        deadline: Option<Instant>,
        node_allowance: Option<u64>,
        memory_allowance: Option<u64>,
    ) -> Vec<Expansion> {
        let threads = self.threads.clamp(1, beam.len().max(1));
        let chunk = beam.len().div_ceil(threads);
        let share = Share {
            nodes: node_allowance.map(|nodes| nodes / threads as u64 + 1),
            bytes: memory_allowance.map(|bytes| bytes / threads as u64),
            // Several threads' lists are copied into one.
            copies: if threads == 1 { 1 } else { 2 },
        };
        if threads == 1 {
            return vec![self.expand_chunk(beam, 0, deadline, share)];
        }
        std::thread::scope(|scope| {
            let handles: Vec<_> = beam
                .chunks(chunk)
                .enumerate()
                .map(|(i, part)| {
                    scope.spawn(move || self.expand_chunk(part, i * chunk, deadline, share))
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| handle.join().expect("a beam thread does not panic"))
                .collect()
        })
    }

    fn expand_chunk(
        &self,
        part: &[(Position, u32)],
        first: usize,
        deadline: Option<Instant>,
        share: Share,
    ) -> Expansion {
        let mut out = Expansion {
            children: Vec::new(),
            win: None,
            nodes: 0,
            stopped: None,
            peak_bytes: 0,
        };
        let mut seen = HashSet::new();
        let child_bytes = CHILD * share.copies;
        let mut moves = Vec::new();
        for (i, (position, _)) in part.iter().enumerate() {
            if i % 16 == 0 {
                if deadline.is_some_and(|d| Instant::now() > d) {
                    out.stopped = Some(LimitKind::Time);
                    return out;
                }
                if share.nodes.is_some_and(|max| out.nodes > max) {
                    out.stopped = Some(LimitKind::Nodes);
                    return out;
                }
            }
            moves.clear();
            self.rules.legal_moves_into(position, &mut moves);
            let mut scratch = position.clone();

            for &mv in &moves {
                out.nodes += 1;
                scratch.make_move_unchecked(mv);
                match self.rules.winner(&scratch) {
                    Some(seat) if self.accepted.contains(seat) => {
                        out.win = Some(((first + i) as u32, mv));
                        return out;
                    }
                    Some(_) => {}
                    None => {
                        let hash = scratch.hash();
                        if !seen.contains(&hash) {
                            // A full set or list doubles on its next entry:
                            // stop before that would pass this thread's share.
                            let held = seen.capacity() * SEEN_ENTRY
                                + out.children.capacity() * child_bytes;
                            let growth = growth_bytes(seen.len(), seen.capacity(), 1, SEEN_ENTRY)
                                + growth_bytes(
                                    out.children.len(),
                                    out.children.capacity(),
                                    1,
                                    child_bytes,
                                );
                            let needed = (held as u64) + growth;
                            if share.bytes.is_some_and(|max| needed > max) {
                                out.stopped = Some(LimitKind::Memory);
                                return out;
                            }
                            out.peak_bytes = out.peak_bytes.max(needed);
                            seen.insert(hash);
                            out.children.push(Child {
                                score: self.race.score(&scratch),
                                hash,
                                parent: (first + i) as u32,
                                mv,
                            });
                        }
                    }
                }
                scratch.unmake_move(mv);
            }
        }
        out
    }
}
