//! The exact search: iterative deepening over every legal move of every
//! seat (IDA*), pruned by the admissible bound of [`super::bound`], with a
//! table of positions already shown to have no win within some number of
//! plies. A depth searched to the end proves that no shorter game exists.

use std::collections::HashMap;

use halma_core::{Bitboard, Move, Position, Seat, SeatSet};
use halma_rules::Rules;

use super::bound::{plies_to_win_with, winner_moves};
use crate::{Budget, LimitKind};

/// A position as the table keys it: every seat's pieces and the side to
/// move (the whole position, so that the table never confuses two).
type Key = ([Bitboard; 4], Seat);

/// The most entries of the winner's-moves cache before it is emptied.
const MAX_CACHED: usize = 1 << 20;

/// How often (in nodes) the clock is read.
const CHECK_EVERY: u64 = 4096;

/// What one depth of the exact search found.
pub(super) enum DepthOutcome {
    /// A game of exactly the depth searched, ending with a win by an
    /// accepted seat; no shorter one exists when every smaller depth was
    /// searched to the end first.
    Found(Vec<Move>),
    /// No game of at most this many plies ends with a win by an accepted seat.
    NoneWithin,
    /// A limit ran out during this depth.
    Stopped(LimitKind),
}

/// The exact search's state, kept from one depth to the next.
pub(super) struct Exact<'a> {
    rules: &'a Rules,
    accepted: SeatSet,
    /// For a position, the most plies shown not to be enough.
    refuted: HashMap<Key, u32>,
    /// One move buffer per ply, reused.
    buffers: Vec<Vec<Move>>,
    line: Vec<Move>,
    stopped: Option<LimitKind>,
    /// The winner's moves by its pieces and target camp.
    moves_cache: HashMap<(Bitboard, Bitboard), u32>,
}

impl<'a> Exact<'a> {
    /// An exact search for a win by one of `accepted`.
    pub(super) fn new(rules: &'a Rules, accepted: SeatSet) -> Exact<'a> {
        Exact {
            rules,
            accepted,
            refuted: HashMap::new(),
            buffers: Vec::new(),
            line: Vec::new(),
            stopped: None,
            moves_cache: HashMap::new(),
        }
    }

    /// Searches every game of up to `depth` plies from `start` (not finished).
    /// Depth by depth from the lower bound, the first game found is a
    /// shortest one.
    pub(super) fn search_depth(
        &mut self,
        start: &Position,
        depth: u32,
        budget: &mut Budget,
    ) -> DepthOutcome {
        self.line.clear();
        self.stopped = None;
        let mut position = start.clone();
        if self.search(&mut position, depth, budget) {
            let mut line = std::mem::take(&mut self.line);
            line.reverse();
            return DepthOutcome::Found(line);
        }
        match self.stopped {
            Some(limit) => DepthOutcome::Stopped(limit),
            None => DepthOutcome::NoneWithin,
        }
    }

    /// Whether some game of at most `remaining` plies from `position`
    /// (not finished) ends with an accepted win; the moves are pushed on
    /// `line` in reverse order. The recursion is bounded by `remaining`.
    fn search(&mut self, position: &mut Position, remaining: u32, budget: &mut Budget) -> bool {
        let bound = self.bound(position, budget.limits().memory_bytes);
        if bound > remaining {
            return false;
        }
        let key = key_of(position);
        if self
            .refuted
            .get(&key)
            .is_some_and(|&done| done >= remaining)
        {
            return false;
        }
        let mut moves = self.buffers.pop().unwrap_or_default();
        moves.clear();
        self.rules.legal_moves_into(position, &mut moves);
        let mut found = false;
        for &mv in &moves {
            budget.add_nodes(1);
            if budget.nodes() % CHECK_EVERY == 0 {
                budget.set_memory(self.memory_bytes());
                if let Some(limit) = budget.exceeded() {
                    self.stopped = Some(limit);
                    break;
                }
            }
            position.make_move_unchecked(mv);
            let hit = match self.rules.winner(position) {
                Some(seat) => self.accepted.contains(seat),
                None => remaining > 1 && self.search(position, remaining - 1, budget),
            };
            position.unmake_move(mv);
            if self.stopped.is_some() {
                break;
            }
            if hit {
                self.line.push(mv);
                found = true;
                break;
            }
        }
        self.buffers.push(moves);
        if !found && self.stopped.is_none() {
            // A full table doubles at once: stop before it would pass the
            // memory limit rather than after.
            if self.refuted.len() == self.refuted.capacity()
                && budget
                    .limits()
                    .memory_bytes
                    .is_some_and(|max| self.memory_bytes() * 2 > max)
            {
                self.stopped = Some(LimitKind::Memory);
            } else {
                let entry = self.refuted.entry(key).or_insert(0);
                *entry = (*entry).max(remaining);
            }
        }
        found
    }

    /// The admissible bound of the accepted seats, the costly part (the
    /// winner's moves, which change only when its own pieces move) cached.
    fn bound(&mut self, position: &Position, memory_limit: Option<u64>) -> u32 {
        // A full cache doubles at once: emptied instead when that would
        // pass the memory limit.
        if self.moves_cache.len() >= MAX_CACHED
            || (self.moves_cache.len() == self.moves_cache.capacity()
                && memory_limit.is_some_and(|max| self.memory_bytes() * 2 > max))
        {
            self.moves_cache = HashMap::new();
        }
        let cache = &mut self.moves_cache;
        let mut moves = |pieces: Bitboard, target: Bitboard| {
            *cache
                .entry((pieces, target))
                .or_insert_with(|| winner_moves(pieces, target))
        };
        self.accepted
            .iter()
            .filter_map(|seat| plies_to_win_with(self.rules, position, seat, &mut moves))
            .min()
            .expect("the accepted seats are in play")
    }

    /// Positions in the table.
    pub(super) fn table_len(&self) -> usize {
        self.refuted.len()
    }

    /// Bytes the table and the cache are counted as: their capacity (what
    /// is allocated, not only what is filled) times an entry and its
    /// control byte.
    pub(super) fn memory_bytes(&self) -> u64 {
        let table = self.refuted.capacity() * (std::mem::size_of::<(Key, u32)>() + 1);
        let cache =
            self.moves_cache.capacity() * (std::mem::size_of::<((Bitboard, Bitboard), u32)>() + 1);
        (table + cache) as u64
    }
}

fn key_of(position: &Position) -> Key {
    (
        Seat::ALL.map(|seat| position.pieces(seat)),
        position.to_move(),
    )
}
