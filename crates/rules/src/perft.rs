//! perft and divide (section 7 of the rule book), with bulk counting at the last ply.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use halma_core::{Move, MoveList, Position};

use crate::Rules;

impl Rules {
    /// The number of move sequences of length `depth` from `position`:
    /// 1 at depth 0; 0 for a finished game at depth >= 1; moves counted by
    /// (origin, destination), a pass counting as one move.
    pub fn perft(&self, position: &Position, depth: u32) -> u64 {
        let mut position = position.clone();
        self.perft_in_place(&mut position, depth)
    }

    /// perft per root move: each legal move with the perft of the position after it at `depth - 1`.
    /// Empty at depth 0.
    pub fn divide(&self, position: &Position, depth: u32) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut position = position.clone();
        self.legal_moves(&position)
            .into_iter()
            .map(|mv| {
                position.make_move(mv);
                let count = self.perft_in_place(&mut position, depth - 1);
                position.unmake_move(mv);
                (mv, count)
            })
            .collect()
    }

    /// [`divide`](Rules::divide) with the root moves shared among `threads`
    /// threads (each takes the next unclaimed root move). The result is in
    /// root-move order and equals `divide` whatever the thread count.
    pub fn divide_parallel(
        &self,
        position: &Position,
        depth: u32,
        threads: usize,
    ) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let moves = self.legal_moves(position);
        let threads = threads.clamp(1, moves.len().max(1));
        if threads == 1 {
            return self.divide(position, depth);
        }
        let next = AtomicUsize::new(0);
        let counts = Mutex::new(vec![0u64; moves.len()]);
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(|| {
                    let mut local = position.clone();
                    loop {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&mv) = moves.get(index) else { break };
                        local.make_move(mv);
                        let count = self.perft_in_place(&mut local, depth - 1);
                        local.unmake_move(mv);
                        counts.lock().expect("no thread panics while holding it")[index] = count;
                    }
                });
            }
        });
        let counts = counts.into_inner().expect("threads have finished");
        moves.into_iter().zip(counts).collect()
    }

    /// [`perft`](Rules::perft) on `threads` threads (see [`divide_parallel`](Rules::divide_parallel)).
    pub fn perft_parallel(&self, position: &Position, depth: u32, threads: usize) -> u64 {
        if depth <= 1 || self.is_finished(position) {
            return self.perft(position, depth);
        }
        self.divide_parallel(position, depth, threads)
            .iter()
            .map(|(_, n)| n)
            .sum()
    }

    fn perft_in_place(&self, position: &mut Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.is_finished(position) {
            return 0;
        }
        let generator = self.move_generator(position);
        if depth == 1 {
            // Bulk count; a side without moves has the single pass.
            return generator
                .count_moves(position.pieces(position.to_move()))
                .max(1);
        }
        let mut moves = MoveList::with_capacity(256);
        position.moves_into(&generator, &mut moves);
        if moves.is_empty() {
            moves.push(Move::PASS);
        }
        let mut total = 0;
        for mv in moves {
            position.make_move(mv);
            total += self.perft_in_place(position, depth - 1);
            position.unmake_move(mv);
        }
        total
    }
}
