//! perft with a transposition table
//! ([`PerftOptions::table`](crate::PerftOptions::table)): a subtree reached
//! again by another order of the same moves (in Halma most are: the sides'
//! moves commute unless they touch) is counted once.
//!
//! Subtrees of depth 2 and more are stored; depth 1 is still the bulk count
//! of the plain perft, which costs less than a probe.

use std::sync::atomic::AtomicBool;

use halma_core::{MoveList, Position};

use super::{stopped, PerftMode, PerftTable};
use crate::Rules;

impl Rules {
    /// Hashed perft without the depth check: callers have checked `depth`
    /// against [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH), which bounds this
    /// recursion, and prepared `table` for these rules. Under
    /// [`PerftMode::ReuseReplies`] the subtrees of depth 2 not in the table
    /// are counted by reusing replies' counts. A raised `stop` makes it
    /// return early with a meaningless count, which it does not store.
    pub(super) fn perft_hashed_in_place(
        &self,
        position: &mut Position,
        depth: u32,
        table: &PerftTable,
        mode: PerftMode,
        stop: &AtomicBool,
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        if stopped(stop, depth) {
            return 0;
        }
        // A count in the table saves the win test and the generator too.
        let hash = position.hash();
        if depth >= 2 {
            if let Some(count) = table.probe(hash, depth) {
                return count;
            }
        }
        if self.is_finished(position) {
            return 0;
        }
        let generator = self.move_generator(position);
        if depth == 1 {
            return self.count_with(position, &generator);
        }
        if depth == 2 && mode == PerftMode::ReuseReplies && self.reuses_reply_counts() {
            let total = self.count_children_reusing(position, &generator);
            table.store(hash, depth, total);
            return total;
        }
        let mut moves = MoveList::with_capacity(256);
        self.moves_with(position, &generator, &mut moves);
        let mut total = 0;
        for mv in moves {
            // Generated here, so legal: the fast path.
            position.make_move_unchecked(mv);
            total += self.perft_hashed_in_place(position, depth - 1, table, mode, stop);
            position.unmake_move(mv);
        }
        // A subtree cut short by a stop is incomplete: not for the table.
        if stopped(stop, depth) {
            return 0;
        }
        table.store(hash, depth, total);
        total
    }
}
