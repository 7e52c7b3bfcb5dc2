//! perft with a transposition table: a subtree reached again by another
//! order of the same moves (in Halma most are: the sides' moves commute
//! unless they touch) is counted once.
//!
//! Subtrees of depth 2 and more are stored; depth 1 is still the bulk count
//! of the plain perft, which costs less than a probe.

use halma_core::{MoveList, Position};

use super::{check_depth, PerftError, PerftMode, PerftTable};
use crate::Rules;

impl Rules {
    /// [`perft`](Rules::perft) with a transposition table: the same count,
    /// each transposed subtree of depth 2 or more counted once and then
    /// read from `table` (see [`PerftTable`] for the key and what a table
    /// reused across runs keeps).
    ///
    /// ```
    /// use halma_rules::{PerftTable, Rules};
    ///
    /// let rules: Rules = "halma8".parse().unwrap();
    /// let mut table = PerftTable::new(16).unwrap();
    /// let start = rules.start_position();
    /// assert_eq!(rules.perft_hashed(&start, 4, &mut table), rules.perft(&start, 4));
    /// ```
    ///
    /// # Errors
    /// [`PerftError::DepthTooLarge`] when `depth` is above [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH).
    pub fn perft_hashed(
        &self,
        position: &Position,
        depth: u32,
        table: &mut PerftTable,
    ) -> Result<u64, PerftError> {
        check_depth(depth)?;
        table.prepare(self, position);
        let mut position = position.clone();
        Ok(self.perft_hashed_in_place(&mut position, depth, table, PerftMode::Generate))
    }

    /// [`perft_hashed`](Rules::perft_hashed) on `threads` threads sharing the
    /// root moves (as [`perft_parallel`](Rules::perft_parallel) does) and one
    /// table, whose entries they read and write without locks.
    ///
    /// # Errors
    /// [`PerftError::DepthTooLarge`] when `depth` is above [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH);
    /// [`PerftError::ThreadsUnavailable`](crate::PerftError::ThreadsUnavailable) when `threads` is
    /// above 1 on a platform without threads.
    pub fn perft_hashed_parallel(
        &self,
        position: &Position,
        depth: u32,
        threads: usize,
        table: &mut PerftTable,
    ) -> Result<u64, PerftError> {
        self.perft_parallel_with(position, depth, threads, Some(table), PerftMode::Generate)
    }

    /// Hashed perft without the depth check: callers have checked `depth`
    /// against [`MAX_PERFT_DEPTH`](crate::MAX_PERFT_DEPTH), which bounds this
    /// recursion, and prepared `table` for these rules. Under
    /// [`PerftMode::ReuseReplies`] the subtrees of depth 2 not in the table
    /// are counted by reusing replies' counts.
    pub(super) fn perft_hashed_in_place(
        &self,
        position: &mut Position,
        depth: u32,
        table: &PerftTable,
        mode: PerftMode,
    ) -> u64 {
        if depth == 0 {
            return 1;
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
            total += self.perft_hashed_in_place(position, depth - 1, table, mode);
            position.unmake_move(mv);
        }
        table.store(hash, depth, total);
        total
    }
}
