//! The exact search: iterative deepening over every legal move of every
//! seat (IDA*), pruned by the admissible bound of [`super::bound`], with a
//! table of positions already shown to have no win within some number of
//! plies. A depth searched to the end proves that no shorter game exists.

use std::collections::HashMap;

use halma_core::{Bitboard, Move, Position, Seat, SeatSet, Square};
use halma_rules::Rules;

use super::bound::{plies_to_win_with, winner_moves};
use crate::mirror::Mirror;
use crate::{Budget, LimitKind};

/// A position as the table keys it, packed into 48 bytes (the four seats'
/// bitboards and the side to move took 136): the occupied squares, a bit
/// per square in row-major order (words 0 to 3), then two bits per piece
/// for its seat, the pieces in the order the bitboard lists their squares
/// (an order fixed by the set of squares alone), and two bits
/// for the side to move (words 4 and 5). That is the whole position, so
/// the table never confuses two. A position valid under the rules has at
/// most 52 pieces (four camps of 13), and 63 fit.
type Key = [u64; 6];

/// The most pieces a [`Key`] holds.
const MAX_KEY_PIECES: u32 = 63;

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
    /// A reflection that maps every camp in play onto itself, if one does:
    /// a position and its mirror image are then equally far from a win by
    /// the same seat, and the table keys them alike.
    mirror: Option<Mirror>,
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
            mirror: Mirror::fixing(rules, &camps(rules)),
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
        let key = match &self.mirror {
            None => key_of(position),
            Some(mirror) => key_of(position).min(mirrored_key_of(position, mirror)),
        };
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

/// Every camp of the seats in play, home and target.
fn camps(rules: &Rules) -> Vec<Bitboard> {
    rules
        .seats()
        .iter()
        .flat_map(|seat| [rules.home_camp(seat), rules.target_camp(seat)])
        .collect()
}

fn key_of(position: &Position) -> Key {
    pack_key(position.occupied(), position.to_move(), |square| {
        position.piece_at(square)
    })
}

/// The key of the position's mirror image.
fn mirrored_key_of(position: &Position, mirror: &Mirror) -> Key {
    // A reflection is its own inverse: the piece on an image square is the
    // one on the square's image.
    pack_key(
        mirror.apply(position.occupied()),
        position.to_move(),
        |square| position.piece_at(mirror.square(square)),
    )
}

/// The [`Key`] of the pieces on `occupied`, whose seats `seat_at` gives.
fn pack_key(occupied: Bitboard, to_move: Seat, seat_at: impl Fn(Square) -> Option<Seat>) -> Key {
    assert!(
        occupied.count() <= MAX_KEY_PIECES,
        "a position checked against the rules has at most 52 pieces"
    );
    let mut key = [0u64; 6];
    let mut seats = 0u128;
    let mut shift = 0;
    for square in occupied {
        let index = square.index();
        key[index / 64] |= 1 << (index % 64);
        let seat = seat_at(square).expect("an occupied square");
        seats |= (seat.index() as u128) << shift;
        shift += 2;
    }
    seats |= (to_move.index() as u128) << shift;
    key[4] = seats as u64;
    key[5] = (seats >> 64) as u64;
    key
}

#[cfg(test)]
mod tests {
    use super::*;
    use halma_core::{Seat, Setup};
    use halma_rules::Preset;
    use halma_tools::rng::Rng;
    use std::collections::HashMap;

    /// Positions of random playouts under every preset, with, for each,
    /// the same position with the side to move changed and with two pieces
    /// of different seats exchanged (same occupied squares).
    fn positions() -> Vec<(Rules, Position)> {
        let mut rng = Rng::new(13);
        let mut out = Vec::new();
        for rules in Preset::ALL.map(Rules::new) {
            for _ in 0..20 {
                let mut position = rules.start_position();
                let mut moves = Vec::new();
                for _ in 0..rng.below(60) {
                    moves.clear();
                    rules.legal_moves_into(&position, &mut moves);
                    if moves.is_empty() || rules.winner(&position).is_some() {
                        break;
                    }
                    position.make_move_unchecked(moves[rng.below(moves.len())]);
                }
                let setup = position.to_setup();
                let seats: Vec<Seat> = position.seats().iter().collect();
                let other = seats
                    [(seats.iter().position(|&s| s == setup.to_move()).unwrap() + 1) % seats.len()];
                let turned =
                    Setup::new(setup.geometry(), Seat::ALL.map(|s| setup.pieces(s)), other);
                let (a, b) = (seats[0], seats[1]);
                let from_a = setup.pieces(a).first().unwrap();
                let from_b = setup.pieces(b).first().unwrap();
                let mut pieces = Seat::ALL.map(|s| setup.pieces(s));
                pieces[a.index()].remove(from_a);
                pieces[a.index()].insert(from_b);
                pieces[b.index()].remove(from_b);
                pieces[b.index()].insert(from_a);
                let exchanged = Setup::new(setup.geometry(), pieces, setup.to_move());
                let seats = position.seats();
                out.push((rules.clone(), Position::from_setup(&turned, seats).unwrap()));
                out.push((
                    rules.clone(),
                    Position::from_setup(&exchanged, seats).unwrap(),
                ));
                out.push((rules.clone(), position));
            }
        }
        out
    }

    #[test]
    fn keys_are_equal_exactly_for_equal_positions() {
        let positions: Vec<Position> = positions().into_iter().map(|(_, p)| p).collect();
        let whole = |p: &Position| (Seat::ALL.map(|s| p.pieces(s)), p.to_move(), p.seats());
        let mut by_key: HashMap<Key, usize> = HashMap::new();
        let mut distinct = 0;
        for (i, position) in positions.iter().enumerate() {
            match by_key.get(&key_of(position)) {
                Some(&j) => assert_eq!(
                    whole(&positions[j]),
                    whole(position),
                    "two different positions share a key"
                ),
                None => {
                    distinct += 1;
                    by_key.insert(key_of(position), i);
                }
            }
        }
        // Every position of the list whose whole state differs got its own key.
        let mut wholes: Vec<_> = positions.iter().map(whole).collect();
        wholes.sort_by_key(|w| format!("{w:?}"));
        wholes.dedup();
        assert_eq!(distinct, wholes.len());
        assert!(
            distinct > 300,
            "the playouts give many positions: {distinct}"
        );
    }

    /// The key of a position's mirror image is the key of the mirrored
    /// position, built square by square; the presets whose camps a
    /// reflection fixes are the two-seat ones.
    #[test]
    fn mirrored_keys_are_the_keys_of_mirrored_positions() {
        let mut asymmetric = 0;
        for (rules, position) in positions() {
            let mirror = Mirror::fixing(&rules, &camps(&rules));
            assert_eq!(mirror.is_some(), rules.seats().len() == 2, "{rules}");
            let Some(mirror) = mirror else { continue };
            let setup = position.to_setup();
            let pieces = Seat::ALL.map(|seat| mirror.apply(setup.pieces(seat)));
            let image = Setup::new(setup.geometry(), pieces, setup.to_move());
            let image = Position::from_setup(&image, position.seats()).unwrap();
            assert_eq!(mirrored_key_of(&position, &mirror), key_of(&image));
            assert_eq!(mirrored_key_of(&image, &mirror), key_of(&position));
            asymmetric += (key_of(&image) != key_of(&position)) as usize;
        }
        assert!(asymmetric > 100, "few positions differ from their image");
    }
}
