//! perft's reply reuse
//! ([`PerftMode::ReuseReplies`](crate::PerftMode::ReuseReplies)): two plies
//! above the leaves, the next seat's count is taken once and serves every
//! move of the side to move that leaves the squares it reads alone.

use halma_core::{Bitboard, Constraints, MoveGenerator, MoveList, Position, Square};

use super::move_may_finish;
use crate::legal::pass_is_due;
use crate::Rules;

impl Rules {
    /// Whether reply reuse applies under these rules: no path rule and no
    /// constraint beyond long jumps (`has_landing_constraints`), so that every seat's moves are
    /// those of a generator with [`reply_constraints`](Rules::reply_constraints),
    /// whose counts [`MoveGenerator::count_with_read_set`] covers.
    pub(crate) fn reuses_reply_counts(&self) -> bool {
        !self.has_path_rules() && !self.has_landing_constraints()
    }

    /// The constraints of every seat under rules where
    /// [`reuses_reply_counts`](Rules::reuses_reply_counts) holds (what
    /// [`constraints`](Rules::constraints) gives for any position there).
    fn reply_constraints(&self) -> Constraints {
        Constraints::long_jumps(self.long_jumps())
    }

    /// perft at depth 2 with reply reuse: the next seat's count in the
    /// occupancy of `position` serves every move of the side to
    /// move that leaves its read set alone and cannot end the game (the
    /// same watch as in `perft_nodes`); the other positions are counted
    /// from each piece's destinations, as `count_children_unmade` does.
    pub(super) fn count_children_reusing(
        &self,
        position: &mut Position,
        generator: &MoveGenerator,
    ) -> u64 {
        let mover = position.to_move();
        let next = position.seats().next_after(mover);
        if next == mover {
            // One seat in play: its own moved piece is in the count.
            return self.count_children_made(position, generator);
        }
        let replies = MoveGenerator::new(
            position.geometry().squares(),
            position.occupied(),
            self.reply_constraints(),
        );
        let (count, read) = replies.count_with_read_set(position.pieces(next));
        let reused = Reused {
            count: if pass_is_due(count as usize) {
                1
            } else {
                count
            },
            read,
        };
        self.count_children_unmade(position, generator, Some(reused))
    }

    /// perft at depth 2 by making every move and counting each child.
    fn count_children_made(&self, position: &mut Position, generator: &MoveGenerator) -> u64 {
        let mut moves = MoveList::with_capacity(256);
        self.moves_with(position, generator, &mut moves);
        let watch = self.finish_watch(position.to_move());
        moves
            .into_iter()
            .map(|mv| self.count_child(position, mv, move_may_finish(watch, mv)))
            .sum()
    }
}

/// The next seat's count at a position two plies above perft's leaves, and
/// the squares it reads ([`MoveGenerator::count_with_read_set`]).
#[derive(Clone, Copy)]
pub(super) struct Reused {
    /// The next seat's count, with the pass rule.
    pub(super) count: u64,
    /// The squares outside which the count is unchanged.
    read: Bitboard,
}

impl Reused {
    /// The destinations among `candidates` of the piece on `origin` after
    /// which the count is unchanged: none when the piece leaves a read
    /// square, else those not read.
    #[inline]
    pub(super) fn destinations(self, origin: Square, candidates: Bitboard) -> Bitboard {
        if self.read.contains(origin) {
            Bitboard::EMPTY
        } else {
            candidates - self.read
        }
    }
}
