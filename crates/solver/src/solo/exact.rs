//! The exact search: iterative deepening on the length bound `L`, each round
//! a breadth-first search pruned by the admissible bound, from both ends
//! when moves are reversible.
//!
//! Round `L` keeps a state reached in `g` moves only when `g + bound <= L`,
//! so a round that finds no solution proves that none of length `L` exists
//! (every state of such a solution passes the test at its distance). The
//! rounds run `L = bound(start), bound(start) + 1, ...`: the first success is
//! optimal, and a round cut short by a limit leaves `L` proved as a lower bound.
//!
//! Bidirectional rounds. With reversible moves (no camp-lock, home-lock or
//! jump-continue) the predecessors of a state are its successors, so a
//! search from the goal (the full target camp, when the pieces just fill it)
//! with the same moves finds the states within `k` moves of it. A solution
//! of length `L` passes through a state at distance `ceil(L/2)` from the
//! start and `floor(L/2)` from the goal (exactly, as none is shorter), so
//! the round builds the goal side to depth `floor(L/2)` and the start side
//! to `ceil(L/2) - 1`, and checks each state of the last start layer, as it
//! is generated, against the goal side's last layer. When the goal is the
//! start turned half-way round (the presets' start positions) the goal side
//! is the start side turned, and is not built: `s` is `j` moves from the goal
//! exactly when `rotate(s)` is `j` moves from the start.
//!
//! With reversible moves the neighbours of layer `k` lie in layers `k - 1`,
//! `k` and `k + 1`, so a new state is checked against two layers; otherwise
//! against all.
//!
//! Mirror pairs. When a reflection of the board in a diagonal maps the
//! start, the target and the home camp onto themselves (the two-seat
//! presets' start positions), a state and its mirror image are equally far
//! from both ends, and a two-sided round keeps one state of each pair (see
//! `Search::mirror`): half the states. Its race is then always recovered
//! through the meeting state, as below.
//!
//! Memory. With reversible moves a layer is freed as soon as no duplicate
//! check needs it (a round holds at most three layers a side), so a round
//! cannot trace its race back through the moves stored in the layers. The
//! round that meets keeps only the meeting state, frees its layers, and
//! recovers the two halves by the same exact search: from the start to the
//! meeting state (its "target" is that state, as in polishing) and from the
//! meeting state to the goal. Each half is exactly as long as the round put
//! it (a shorter one would make a race shorter than the rounds refuted), so
//! the race is optimal. The recursion is bounded: the searches of the halves
//! are two-sided (the meeting state has as many pieces as the start), so
//! their halves have at most `ceil(L/2)` moves, and a round frees a layer a
//! trace needs only from `L = 4` on (one-sided) or `L = 6` (two-sided): about
//! `log2(L)` levels.

use std::ops::ControlFlow;

use halma_core::{Bitboard, Square};

use super::board::SoloBoard;
use super::bound::Goal;
use super::table::{Key, Layer};
use crate::limits::{Budget, LimitKind};
use crate::mirror::Mirror;
use crate::pipeline::{generate_then_merge, has_room_for_one, Covers, Split, Waiting};

/// What the exact search reached.
pub(crate) struct ExactOutcome {
    /// An optimal solution, as the states from the start to the goal.
    pub states: Option<Vec<Bitboard>>,
    /// The largest `L` such that no solution shorter than `L` exists.
    pub lower_bound: u32,
    /// The limit that stopped the search, if one did.
    pub stopped: Option<LimitKind>,
    /// The most bytes the layers held at once.
    pub peak_memory: u64,
    /// Whether the search ran out of states: no solution at all.
    pub exhausted: bool,
}

/// How often (in generated states) the limits are read.
const CHECK_EVERY: u64 = 4096;

/// What a new state of the last layer of a round is checked against.
enum Meet<'a, K: Key> {
    /// Nothing: not the last layer.
    Nothing,
    /// The goal itself (a one-sided search).
    Goal,
    /// The last layer of the goal side, given as its states, turned when
    /// `turned` (the goal side is the start side turned).
    Layer { layer: &'a Layer<K>, turned: bool },
    /// The layer being built, turned (symmetric rounds of even length).
    Itself,
}

/// A state of the last layer that meets the other side.
struct Met<K: Key> {
    /// The state in the last start-side layer it came from, and its move.
    parent: K,
    from: Square,
    to: Square,
    /// Its partner on the other side (turned, for a symmetric round), and
    /// whether that partner is in the layer being built.
    partner: K,
    partner_in_new_layer: bool,
    /// The layer being built when it met.
    new_layer: Layer<K>,
}

enum Expanded<K: Key> {
    Layer(Layer<K>),
    Met(Box<Met<K>>),
}

/// Slots of the expanded layer each thread takes per batch when several
/// share the work (a few milliseconds of generation each).
const SLOTS_PER_THREAD: usize = 4096;

/// Slots of the expanded layer generated at once on one thread: few
/// enough that the candidates stay in the cache before they are merged.
const SLOTS_AT_ONCE: usize = 64;

/// A child that passed the bound and the duplicate check against the
/// earlier layers, waiting to be merged into the new layer.
#[derive(Clone, Copy)]
struct Candidate<K: Key> {
    /// The child's key (of its mirror pair, the lesser).
    key: K,
    /// The slot of its parent in the expanded layer.
    parent: usize,
    from: Square,
    to: Square,
    /// The key of the child turned, when the meeting check needs it
    /// ([`Meet::Itself`], checked against the layer being built).
    turned: K,
    /// Its partner on the other side, found by a check that only reads.
    partner: Option<K>,
}

/// What the threads generating children share; it only reads.
struct Generator<'a, K: Key> {
    board: &'a SoloBoard,
    goal: &'a Goal,
    /// The layers a new state is checked against for duplicates.
    earlier: &'a [Layer<K>],
    mirror: Option<&'a Mirror>,
    meet: &'a Meet<'a, K>,
    /// The depth of the layer being built.
    depth: u32,
    limit: u32,
    /// Whether the bound is in its exact case (as many pieces as squares).
    exact: bool,
}

impl<K: Key> Generator<'_, K> {
    /// The candidates among the children of the states in `slots` (slots
    /// `base ..` of the expanded layer; empty slots are skipped), in order,
    /// up to the first that meets the other side by a check that only
    /// reads, or up to the last that fits in `cap` bytes.
    fn generate(&self, slots: &[K], base: usize, cap: Option<u64>) -> Generated<K> {
        let board = self.board;
        let mut out = Vec::new();
        let mut nodes = 0;
        let mut pruned = false;
        let mut complete = true;
        let mut covered = slots.len();
        for (offset, &parent) in slots.iter().enumerate() {
            if parent == K::default() {
                continue;
            }
            // Where this parent starts, to drop it whole if it does not fit.
            let (kept, counted) = (out.len(), nodes);
            let own = parent.unpack(board);
            let counts = self.goal.counts(board, own);
            let mirror = self
                .mirror
                .map(|mirror| (mirror, parent.mirror(board, mirror)));
            let mut met = false;
            board.for_each_child(own, |from, to, child| {
                if met || !complete {
                    return;
                }
                nodes += 1;
                if self.depth + self.goal.child_bound(&counts, self.exact, from, to) > self.limit {
                    pruned = true;
                    return;
                }
                let child_key = parent.toggle(board, from).toggle(board, to);
                // The child's mirror image, updated like the child.
                let image = mirror.map(|(mirror, parent_image)| {
                    parent_image
                        .toggle(board, mirror.square(from))
                        .toggle(board, mirror.square(to))
                });
                let key = image.map_or(child_key, |image| child_key.least(image));
                // The turned child's representative: turning commutes with
                // the reflection, so the turned pair is the pair turned.
                let turned = || {
                    let turned = child_key.rotate(board);
                    image.map_or(turned, |image| turned.least(image.rotate(board)))
                };
                if self.earlier.iter().any(|layer| layer.contains(key)) {
                    return;
                }
                let (turned, partner) = match self.meet {
                    Meet::Nothing => (K::default(), None),
                    Meet::Goal => (K::default(), board.is_goal(child).then_some(key)),
                    Meet::Layer {
                        layer,
                        turned: is_turned,
                    } => {
                        let partner = if *is_turned { turned() } else { key };
                        (K::default(), layer.contains(partner).then_some(partner))
                    }
                    Meet::Itself => (turned(), None),
                };
                if !has_room_for_one(&out, cap) {
                    complete = false;
                    return;
                }
                met = partner.is_some();
                out.push(Candidate {
                    key,
                    parent: base + offset,
                    from,
                    to,
                    turned,
                    partner,
                });
            });
            if !complete {
                // Generated again, from this parent on (see `Covers`).
                out.truncate(kept);
                nodes = counted;
                covered = offset;
                break;
            }
            if met {
                break;
            }
        }
        Generated {
            candidates: out,
            nodes,
            pruned,
            complete,
            covered,
        }
    }
}

/// What [`Generator::generate`] made of a part of a layer.
struct Generated<K: Key> {
    candidates: Vec<Candidate<K>>,
    /// Children generated.
    nodes: u64,
    /// Whether the bound dropped any.
    pruned: bool,
    /// Whether every child of the part is in: `false` when the list would
    /// have passed its share of the memory limit.
    complete: bool,
    /// The slots whose children are all in, a prefix (all of them when
    /// complete, or when a child meets the other side and ends the layer).
    covered: usize,
}

impl<K: Key> Covers for Generated<K> {
    fn covered(&self) -> usize {
        self.covered
    }
}

struct Search<'a, K: Key> {
    board: &'a SoloBoard,
    budget: &'a mut Budget,
    /// The number of pieces (every state has as many).
    pieces: u32,
    peak: u64,
    held: u64,
    since_check: u64,
    /// Whether the round dropped a state for its bound (then an empty layer
    /// proves nothing beyond the round).
    pruned: bool,
    /// Whether layers are freed once the duplicate checks no longer need
    /// them (with reversible moves only).
    free_layers: bool,
    /// Whether the round freed a layer a trace would need (any but layer 0).
    freed: bool,
    /// The reflection that maps the race onto itself, if one does and the
    /// search uses it: then a layer holds one state of each mirror pair (the
    /// [`Key::least`] of the two), and the round's race, which the layers
    /// hold only up to reflection, is recovered through its meeting state.
    mirror: Option<Mirror>,
    /// Threads generating the children of a layer (at least 1).
    threads: usize,
    /// Slots of the expanded layer each of several threads takes per batch.
    share: usize,
    progress: &'a mut dyn FnMut(&str),
    _key: std::marker::PhantomData<K>,
}

impl<K: Key> Search<'_, K> {
    /// The next layer from `layers` (the last is expanded), keeping states
    /// with `depth + goal.bound <= limit`, each new state checked by `meet`.
    ///
    /// With several threads, the children are generated in batches of the
    /// last layer's slots, a share of each batch per thread (generating
    /// only reads the earlier layers), while this thread merges the batch
    /// before into the new layer, in slot order: the layer, the moves it
    /// stores and the meeting found are the same whatever the number of
    /// threads.
    fn expand(
        &mut self,
        layers: &[Layer<K>],
        goal: &Goal,
        limit: u32,
        meet: Meet<'_, K>,
    ) -> Result<Expanded<K>, LimitKind> {
        let last = layers.last().expect("the first layer is the start");
        let checked = if self.board.reversible {
            layers.len().saturating_sub(2)
        } else {
            0
        };
        // A copy, so that the threads borrow nothing of `self`.
        let mirror = self.mirror.clone();
        let generator = Generator {
            board: self.board,
            goal,
            earlier: &layers[checked..],
            mirror: mirror.as_ref(),
            meet: &meet,
            depth: layers.len() as u32,
            limit,
            // The exact case of the bound: as many pieces as squares to fill.
            exact: self.pieces == goal.squares.count(),
        };
        let slots = last.slots();
        let mut next = Layer::<K>::new();
        let merged = self.expand_batches(&generator, slots, &mut next, &meet);
        self.budget.add_nodes(self.since_check);
        self.since_check = 0;
        if let Some(met) = merged? {
            return Ok(Expanded::Met(Box::new(Met {
                new_layer: next,
                ..met
            })));
        }
        self.held += next.bytes();
        self.budget.set_memory(self.held);
        self.peak = self.peak.max(self.held);
        Ok(Expanded::Layer(next))
    }

    /// [`Search::expand`]'s work: the children of a few slots at a time
    /// ([`SLOTS_AT_ONCE`]) on one thread; with [`Search::threads`] threads,
    /// [`Search::share`] slots each per batch, generated while this thread
    /// merges the batch before.
    fn expand_batches(
        &mut self,
        generator: &Generator<'_, K>,
        slots: &[K],
        next: &mut Layer<K>,
        meet: &Meet<'_, K>,
    ) -> Result<Option<Met<K>>, LimitKind> {
        let split = Split {
            threads: self.threads,
            share: self.share,
            alone: SLOTS_AT_ONCE,
        };
        let free = self
            .budget
            .limits()
            .memory_bytes
            .map(|max| max.saturating_sub(self.held));
        let output = split.output_budget(free);
        let done = generate_then_merge(
            slots,
            split,
            |part, first| generator.generate(part, first, output.map(|output| output.part)),
            || Err(LimitKind::Memory),
            |generated| {
                for part in &generated {
                    self.since_check += part.nodes;
                    self.pruned |= part.pruned;
                }
                let entry = std::mem::size_of::<Candidate<K>>();
                let lists: usize = generated.iter().map(|g| g.candidates.capacity()).sum();
                let waiting = split.waiting(output, (lists * entry) as u64);
                for part in &generated {
                    match self.merge(next, meet, slots, &part.candidates, waiting) {
                        Ok(None) => {}
                        Ok(Some(met)) => return ControlFlow::Break(Ok(met)),
                        Err(limit) => return ControlFlow::Break(Err(limit)),
                    }
                    // Not one slot's children fitted its share: nothing can go on.
                    if !part.complete && part.covered == 0 {
                        return ControlFlow::Break(Err(LimitKind::Memory));
                    }
                }
                ControlFlow::Continue(())
            },
        );
        done.transpose()
    }

    /// Merges `candidates` into `next` in order, up to the first that meets
    /// the other side (returned, without the new layer); the candidate
    /// lists `waiting` to be merged are counted with the tables.
    fn merge(
        &mut self,
        next: &mut Layer<K>,
        meet: &Meet<'_, K>,
        slots: &[K],
        candidates: &[Candidate<K>],
        waiting: Waiting,
    ) -> Result<Option<Met<K>>, LimitKind> {
        for candidate in candidates {
            let partner = match (meet, candidate.partner) {
                (Meet::Itself, _) if candidate.turned == candidate.key => {
                    Some((candidate.key, false))
                }
                (Meet::Itself, _) => next
                    .contains(candidate.turned)
                    .then_some((candidate.turned, true)),
                (_, partner) => partner.map(|partner| (partner, false)),
            };
            if let Some((partner, partner_in_new_layer)) = partner {
                return Ok(Some(Met {
                    parent: slots[candidate.parent],
                    from: candidate.from,
                    to: candidate.to,
                    partner,
                    partner_in_new_layer,
                    new_layer: Layer::new(),
                }));
            }
            let before = next.bytes();
            let after = next.bytes_after_insert();
            if after != before {
                // The doubling is not made when it could pass the limit:
                // the peak is what was held.
                if self
                    .budget
                    .would_pass_memory(self.held + after + waiting.checked)
                {
                    return Err(LimitKind::Memory);
                }
                self.budget.set_memory(self.held + after + waiting.held);
                if let Some(limit) = self.budget.exceeded() {
                    return Err(limit);
                }
                self.peak = self.peak.max(self.held + after + waiting.held);
            }
            next.insert(
                candidate.key,
                (candidate.from.index() as u8, candidate.to.index() as u8),
            );
        }
        if self.since_check >= CHECK_EVERY {
            self.budget.add_nodes(self.since_check);
            self.since_check = 0;
            if let Some(limit) = self.budget.exceeded() {
                return Err(limit);
            }
        }
        Ok(None)
    }

    /// Builds layers from `start` up to `depth` (fewer when a layer comes
    /// out empty) for the round `limit`.
    fn layers(
        &mut self,
        start: Bitboard,
        goal: &Goal,
        depth: u32,
        limit: u32,
    ) -> Result<Vec<Layer<K>>, LimitKind> {
        let mut first = Layer::new();
        first.insert(K::pack(self.board, start), (0, 0));
        self.held += first.bytes();
        let mut layers = vec![first];
        for _ in 0..depth {
            let Expanded::Layer(next) = self.expand(&layers, goal, limit, Meet::Nothing)? else {
                unreachable!("no meeting is looked for");
            };
            self.report(limit, &layers, &next, goal);
            let empty = next.len() == 0;
            self.push(&mut layers, next);
            if empty {
                break;
            }
        }
        Ok(layers)
    }

    /// Adds `next` to `layers`; with reversible moves, frees the layer that
    /// the duplicate checks no longer need (the third from the end: the next
    /// layer is checked against the last two). The freed layer stays in
    /// `layers`, empty, so that a layer's index is still its depth.
    fn push(&mut self, layers: &mut Vec<Layer<K>>, next: Layer<K>) {
        layers.push(next);
        if self.free_layers && self.board.reversible && layers.len() > 2 {
            let index = layers.len() - 3;
            let old = std::mem::replace(&mut layers[index], Layer::new());
            self.held -= old.bytes();
            self.budget.set_memory(self.held);
            self.freed |= index > 0;
        }
    }

    fn report(&mut self, limit: u32, layers: &[Layer<K>], next: &Layer<K>, goal: &Goal) {
        (self.progress)(&format!(
            "  round {limit}: layer {} from the {}: {} states ({} nodes, {:.1} s, {} MiB)",
            layers.len(),
            if goal.squares == self.board.target {
                "start"
            } else {
                "goal"
            },
            next.len(),
            self.budget.nodes(),
            self.budget.elapsed().as_secs_f64(),
            self.held >> 20
        ));
    }

    /// The states from the layer-0 state to `key` in `layers[depth]`.
    fn trace(&self, layers: &[Layer<K>], key: K, depth: usize) -> Vec<Bitboard> {
        let mut states = vec![key.unpack(self.board)];
        let mut key = key;
        for layer in layers[1..=depth].iter().rev() {
            let (from, to) = layer.get(key).expect("a state of a layer has its move");
            let to = Square::from_index(to as usize).expect("a stored square");
            let from = Square::from_index(from as usize).expect("a stored square");
            key = key.toggle(self.board, to).toggle(self.board, from);
            states.push(key.unpack(self.board));
        }
        states.reverse();
        states
    }
}

/// The optimal race from `start` for `board`, or as far as the limits allow.
/// `known` is a length whose round is not built: that of a solution already
/// found (reaching it proves that solution optimal), or one past the longest
/// race wanted. The outcome then has no states and `known` as its bound.
pub(crate) fn exact<K: Key>(
    board: &SoloBoard,
    start: Bitboard,
    budget: &mut Budget,
    known: Option<u32>,
    threads: usize,
    progress: &mut dyn FnMut(&str),
) -> ExactOutcome {
    let options = Options {
        free_layers: true,
        mirror: true,
        threads,
        share: SLOTS_PER_THREAD,
    };
    exact_with::<K>(board, start, budget, known, progress, options)
}

/// How [`exact_with`] searches (both on in [`exact`]; tests turn them off to
/// compare).
#[derive(Clone, Copy, Debug)]
struct Options {
    /// Free layers (with reversible moves), or keep every layer of a round
    /// and trace the race back through them.
    free_layers: bool,
    /// Keep one state of each mirror pair when a reflection maps the race
    /// onto itself.
    mirror: bool,
    /// Threads generating the children of a layer (at least 1).
    threads: usize,
    /// Slots of the expanded layer each thread takes per batch when
    /// several share the work ([`SLOTS_PER_THREAD`]; tests make it small so
    /// that small layers are split too).
    share: usize,
}

/// [`exact`] with the choices of `options`.
fn exact_with<K: Key>(
    board: &SoloBoard,
    start: Bitboard,
    budget: &mut Budget,
    known: Option<u32>,
    progress: &mut dyn FnMut(&str),
    options: Options,
) -> ExactOutcome {
    let forward_goal = Goal::new(board, board.target);
    let backward_goal = Goal::new(board, start);
    let bidirectional = board.reversible && start.count() == board.target.count();
    let symmetric = bidirectional && board.rotate(start) == board.target;
    let mut search = Search::<K> {
        board,
        budget,
        pieces: start.count(),
        peak: 0,
        held: 0,
        since_check: 0,
        pruned: false,
        free_layers: options.free_layers,
        freed: false,
        // Only two-sided rounds: their race is recovered by shorter searches.
        mirror: (options.mirror && bidirectional)
            .then(|| board.mirror_for(start))
            .flatten(),
        threads: options.threads.max(1),
        share: options.share.max(1),
        progress,
        _key: std::marker::PhantomData,
    };
    let mut limit = forward_goal.bound(board, start);
    let outcome = |search: &Search<K>, states, lower_bound, stopped, exhausted| ExactOutcome {
        states,
        lower_bound,
        stopped,
        peak_memory: search.peak,
        exhausted,
    };
    loop {
        if known.is_some_and(|length| limit >= length) {
            return outcome(&search, None, limit, None, false);
        }
        search.held = 0;
        search.pruned = false;
        search.freed = false;
        let round = round(
            &mut search,
            start,
            limit,
            bidirectional,
            symmetric,
            &forward_goal,
            &backward_goal,
        );
        match round {
            Err(kind) => return outcome(&search, None, limit, Some(kind), false),
            Ok(Round::Found(states)) => return outcome(&search, Some(states), limit, None, false),
            Ok(Round::Exhausted) => return outcome(&search, None, limit, None, true),
            Ok(Round::Refuted) => {
                (search.progress)(&format!(
                    "no race of {limit} moves ({} nodes, {:.1} s, peak {} MiB)",
                    search.budget.nodes(),
                    search.budget.elapsed().as_secs_f64(),
                    search.peak >> 20
                ));
                limit += 1;
            }
        }
    }
}

/// The race of `limit` moves through `meeting`, found by a round that freed
/// layers: the shortest sequence from `start` to `meeting`, then (unless
/// `meeting` fills the camp: a one-sided round) from `meeting` to the goal,
/// each by [`exact`].
fn recover<K: Key>(
    search: &mut Search<K>,
    start: Bitboard,
    meeting: Bitboard,
    limit: u32,
) -> Result<Round, LimitKind> {
    let board = search.board;
    search.held = 0;
    search.budget.set_memory(0);
    (search.progress)(&format!(
        "  round {limit}: met; tracing the race from the meeting state ({} nodes, {:.1} s)",
        search.budget.nodes(),
        search.budget.elapsed().as_secs_f64()
    ));
    let mut to_meeting = board.clone();
    to_meeting.target = meeting;
    let mut half = |board: &SoloBoard, from: Bitboard| {
        let outcome = exact::<K>(
            board,
            from,
            search.budget,
            None,
            search.threads,
            &mut |_| {},
        );
        search.peak = search.peak.max(outcome.peak_memory);
        match (outcome.states, outcome.stopped) {
            (Some(states), _) => Ok(states),
            (None, Some(kind)) => Err(kind),
            (None, None) => unreachable!("a state the round reached is reached again"),
        }
    };
    let mut states = half(&to_meeting, start)?;
    if !board.is_goal(meeting) {
        let rest = half(board, meeting)?;
        states.extend(rest.into_iter().skip(1));
    }
    debug_assert_eq!(
        states.len() as u32,
        limit + 1,
        "each half as long as the round put it"
    );
    Ok(Round::Found(states))
}

enum Round {
    Found(Vec<Bitboard>),
    /// No solution of this length.
    Refuted,
    /// No solution at all: the round saw every reachable state.
    Exhausted,
}

/// One round of the exact search: is there a race of `limit` moves?
fn round<K: Key>(
    search: &mut Search<K>,
    start: Bitboard,
    limit: u32,
    bidirectional: bool,
    symmetric: bool,
    forward_goal: &Goal,
    backward_goal: &Goal,
) -> Result<Round, LimitKind> {
    let board = search.board;
    let (ahead, behind) = if bidirectional {
        (limit.div_ceil(2), limit / 2)
    } else {
        (limit, 0)
    };
    let empty_round = |search: &Search<K>| {
        if search.pruned {
            Round::Refuted
        } else {
            Round::Exhausted
        }
    };
    if ahead == 0 {
        return Ok(Round::Refuted);
    }
    let backward = if bidirectional && !symmetric {
        let layers = search.layers(board.target, backward_goal, behind, limit)?;
        if layers.len() <= behind as usize {
            return Ok(empty_round(search));
        }
        Some(layers)
    } else {
        None
    };
    let mut forward = search.layers(start, forward_goal, ahead - 1, limit)?;
    if forward.len() < ahead as usize {
        return Ok(empty_round(search));
    }
    let meet = match (&backward, symmetric, bidirectional) {
        (Some(layers), _, _) => Meet::Layer {
            layer: &layers[behind as usize],
            turned: false,
        },
        (None, true, _) if behind < ahead => Meet::Layer {
            layer: &forward[behind as usize],
            turned: true,
        },
        (None, true, _) => Meet::Itself,
        (None, false, _) => Meet::Goal,
    };
    let met = match search.expand(&forward, forward_goal, limit, meet)? {
        Expanded::Layer(layer) => {
            let empty = layer.len() == 0;
            search.report(limit, &forward, &layer, forward_goal);
            return Ok(if empty {
                empty_round(search)
            } else {
                Round::Refuted
            });
        }
        Expanded::Met(met) => met,
    };
    let depth = forward.len() - 1;
    // The layers hold states up to reflection, so only a race of one move
    // (no layer to trace through) is traced with a mirror; the halves of a
    // longer one are shorter races (the round is two-sided), so the recovery
    // ends.
    if search.freed || (search.mirror.is_some() && limit >= 2) {
        let mut meeting = met.parent.unpack(board);
        meeting.remove(met.from);
        meeting.insert(met.to);
        drop(forward);
        drop(backward);
        drop(met);
        return recover(search, start, meeting, limit);
    }
    let mut states = search.trace(&forward, met.parent, depth);
    let mut meeting = *states.last().expect("a path has its end");
    meeting.remove(met.from);
    meeting.insert(met.to);
    states.push(meeting);
    // The other half, from the meeting state to the goal.
    let other: Vec<Bitboard> = if symmetric {
        let partner_path = if met.partner_in_new_layer {
            forward.push(met.new_layer);
            search.trace(&forward, met.partner, depth + 1)
        } else if met.partner == K::pack(board, meeting).rotate(board) && behind == ahead {
            // The meeting state is its own turn: the second half is the
            // first half turned.
            states.clone()
        } else {
            search.trace(&forward, met.partner, behind as usize)
        };
        partner_path.into_iter().map(|s| board.rotate(s)).collect()
    } else if let Some(layers) = &backward {
        search.trace(layers, met.partner, behind as usize)
    } else {
        vec![meeting]
    };
    // `other` runs goal .. meeting state: append it reversed, the meeting state once.
    states.extend(other.into_iter().rev().skip(1));
    Ok(Round::Found(states))
}

#[cfg(test)]
pub(crate) mod tests;
