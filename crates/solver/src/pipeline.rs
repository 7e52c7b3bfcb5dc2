//! Work split between threads that only read, merged in order by the
//! calling thread.
//!
//! The searches expand a list of states (a layer, a beam's kept states):
//! making a state's children and checking them against tables that do not
//! change while the list is expanded only reads, so threads can do it,
//! while adding the children to the table being built must happen in one
//! place and in order. [`generate_then_merge`] runs the first part in
//! batches on several threads while the calling thread merges the batch
//! before, so the merged result is the one a single thread would give.

use std::ops::ControlFlow;

use crate::limits::growth_bytes;

/// How [`generate_then_merge`] cuts its list into work.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Split {
    /// Threads generating (1: everything on the calling thread).
    pub threads: usize,
    /// Items each thread takes per batch, with several threads.
    pub share: usize,
    /// Items generated at a time on one thread, before they are merged (a
    /// small number keeps the buffered output small).
    pub alone: usize,
}

/// The most bytes one part's output may take under a memory limit.
const MAX_PART_BYTES: u64 = 64 << 20;

impl Split {
    /// How many parts' outputs are held at once: one on one thread; with
    /// several, a batch's while the next batch's are made.
    pub fn parts_held(&self) -> usize {
        if self.threads > 1 {
            2 * self.threads
        } else {
            1
        }
    }

    /// Under a memory limit that leaves `free` bytes when an expansion
    /// starts: the bytes each part's output may take (a part that would
    /// pass them stops, and its caller stops as on the memory limit), and
    /// what the caller counts as held for all the outputs at once, a
    /// quarter of `free` at most. `None` without a limit: no cap, and the
    /// caller counts the outputs as they are.
    pub fn output_budget(&self, free: Option<u64>) -> Option<OutputBudget> {
        free.map(|free| {
            let parts = self.parts_held() as u64;
            let part = (free / 4 / parts).min(MAX_PART_BYTES);
            OutputBudget {
                part,
                held: part * parts,
            }
        })
    }

    /// What a batch whose outputs take `batch_bytes` counts for, under the
    /// budget `output` ([`Split::output_budget`]).
    pub fn waiting(&self, output: Option<OutputBudget>, batch_bytes: u64) -> Waiting {
        // With several threads the next batch is being made meanwhile:
        // about as much again.
        let held = batch_bytes * self.parts_held().min(2) as u64;
        Waiting {
            checked: output.map_or(held, |output| output.held),
            held,
        }
    }
}

/// Whether one more entry fits in `list` within `cap` bytes (`None`: no
/// cap), counting the old and the new allocation of a growth together.
pub(crate) fn has_room_for_one<T>(list: &Vec<T>, cap: Option<u64>) -> bool {
    let entry = std::mem::size_of::<T>();
    cap.is_none_or(|cap| {
        let held = (list.capacity() * entry) as u64;
        held + growth_bytes(list.len(), list.capacity(), 1, entry) <= cap
    })
}

/// What [`Split::output_budget`] allows.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OutputBudget {
    /// Bytes one part's output may take.
    pub part: u64,
    /// Bytes counted for every output held at once.
    pub held: u64,
}

/// What the outputs waiting to be merged count for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Waiting {
    /// What the memory limit is checked with: the outputs' budget under a
    /// limit ([`OutputBudget::held`]), else `held`.
    pub checked: u64,
    /// What they hold: the batch being merged, and about as much again for
    /// the batch being made, with several threads (the figure reported).
    pub held: u64,
}

/// Calls `generate(part, first)` on consecutive parts of `items` (`first`
/// is the index of the part's first item) and hands the outputs, in the
/// order of their items, to `merge`, a batch at a time: one output per
/// thread. On one thread a batch is one part of [`Split::alone`] items; on
/// several, each thread generates [`Split::share`] items of the batch while
/// this thread merges the batch before. Returns what `merge` broke with, if
/// it did (the batch being generated then is finished and dropped).
pub(crate) fn generate_then_merge<I, O, B>(
    items: &[I],
    split: Split,
    generate: impl Fn(&[I], usize) -> O + Sync,
    mut merge: impl FnMut(Vec<O>) -> ControlFlow<B>,
) -> Option<B>
where
    I: Sync,
    O: Send,
{
    if split.threads <= 1 {
        let alone = split.alone.max(1);
        for (index, part) in items.chunks(alone).enumerate() {
            if let ControlFlow::Break(done) = merge(vec![generate(part, index * alone)]) {
                return Some(done);
            }
        }
        return None;
    }
    let share = split.share.max(1);
    let batch = share * split.threads;
    let batches = items.len().div_ceil(batch);
    let generate = &generate;
    std::thread::scope(|scope| {
        let start = |index: usize| {
            let base = index * batch;
            items[base..(base + batch).min(items.len())]
                .chunks(share)
                .enumerate()
                .map(|(i, part)| scope.spawn(move || generate(part, base + i * share)))
                .collect::<Vec<_>>()
        };
        let mut pending = (batches > 0).then(|| start(0));
        for index in 0..batches {
            let outputs: Vec<O> = pending
                .take()
                .expect("the batch was started")
                .into_iter()
                .map(|thread| thread.join().expect("a generating thread does not panic"))
                .collect();
            if index + 1 < batches {
                pending = Some(start(index + 1));
            }
            if let ControlFlow::Break(done) = merge(outputs) {
                return Some(done);
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every split gives the merge the same outputs in the same order, and
    /// a break stops it where the merge asked.
    #[test]
    fn the_merge_sees_the_items_in_order_whatever_the_split() {
        let items: Vec<u32> = (0..1000).collect();
        for threads in [1, 2, 3] {
            for share in [1, 7, 64, 2000] {
                let split = Split {
                    threads,
                    share,
                    alone: share,
                };
                let mut seen = Vec::new();
                let done = generate_then_merge(
                    &items,
                    split,
                    |part, first| {
                        assert_eq!(part[0] as usize, first);
                        part.iter().map(|i| i * 2).collect::<Vec<_>>()
                    },
                    |outputs| {
                        for output in outputs {
                            seen.extend(output);
                        }
                        ControlFlow::<()>::Continue(())
                    },
                );
                assert_eq!(done, None);
                assert_eq!(seen, items.iter().map(|i| i * 2).collect::<Vec<_>>());

                let mut merged = 0;
                let done = generate_then_merge(
                    &items,
                    split,
                    |part, _| part.len(),
                    |outputs| {
                        merged += outputs.iter().sum::<usize>();
                        if merged >= 500 {
                            ControlFlow::Break(merged)
                        } else {
                            ControlFlow::Continue(())
                        }
                    },
                );
                let done = done.expect("the merge broke");
                assert!(done >= 500 && done < 500 + share * threads, "{done}");
            }
        }
    }
}
