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

/// What a part's output says of the items it was given.
pub(crate) trait Covers {
    /// How many of its items (a prefix) the output holds whole: fewer than
    /// all when the output reached its share of a memory limit.
    fn covered(&self) -> usize;
}

/// Calls `generate(part, first)` on consecutive parts of `items` (`first`
/// is the index of the part's first item) and hands the outputs, in the
/// order of their items, to `merge`, a batch at a time: one output per
/// thread. On one thread a batch is one part of [`Split::alone`] items; on
/// several, each thread generates [`Split::share`] items of the batch while
/// this thread merges the batch before. Returns what `merge` broke with, if
/// it did (the batch being generated then is finished and dropped).
///
/// An output that holds only some of its items ([`Covers::covered`]: it
/// reached its share of a memory limit) does not end the search: the items
/// before it are merged, then the rest of its part is generated again on
/// this thread, as often as needed, each output merged in turn, before the
/// next part; so a share too small for a part costs time, never the search.
/// An output that holds none of a rest cannot progress: `merge` gets it
/// (to stop as on the memory limit), and if `merge` goes on, `full()` is
/// returned.
pub(crate) fn generate_then_merge<I, O, B>(
    items: &[I],
    split: Split,
    generate: impl Fn(&[I], usize) -> O + Sync,
    full: impl Fn() -> B,
    mut merge: impl FnMut(Vec<O>) -> ControlFlow<B>,
) -> Option<B>
where
    I: Sync,
    O: Send + Covers,
{
    // Merges the outputs of consecutive parts (first item, items, output),
    // generating again what an output could not hold.
    let mut merge_parts = |parts: Vec<(usize, usize, O)>| -> ControlFlow<B> {
        let mut ready = Vec::with_capacity(parts.len());
        for (first, len, output) in parts {
            let covered = output.covered();
            ready.push(output);
            if covered >= len {
                continue;
            }
            merge(std::mem::take(&mut ready))?;
            let (mut from, end) = (first + covered, first + len);
            while from < end {
                let output = generate(&items[from..end], from);
                let covered = output.covered();
                merge(vec![output])?;
                if covered == 0 {
                    return ControlFlow::Break(full());
                }
                from += covered;
            }
        }
        if ready.is_empty() {
            ControlFlow::Continue(())
        } else {
            merge(ready)
        }
    };
    if split.threads <= 1 {
        let alone = split.alone.max(1);
        for (index, part) in items.chunks(alone).enumerate() {
            let first = index * alone;
            let output = generate(part, first);
            if let ControlFlow::Break(done) = merge_parts(vec![(first, part.len(), output)]) {
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
                .map(|(i, part)| {
                    let first = base + i * share;
                    (
                        first,
                        part.len(),
                        scope.spawn(move || generate(part, first)),
                    )
                })
                .collect::<Vec<_>>()
        };
        let mut pending = (batches > 0).then(|| start(0));
        for index in 0..batches {
            let outputs: Vec<(usize, usize, O)> = pending
                .take()
                .expect("the batch was started")
                .into_iter()
                .map(|(first, len, thread)| {
                    let output = thread.join().expect("a generating thread does not panic");
                    (first, len, output)
                })
                .collect();
            if index + 1 < batches {
                pending = Some(start(index + 1));
            }
            if let ControlFlow::Break(done) = merge_parts(outputs) {
                return Some(done);
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Covers for Vec<u32> {
        fn covered(&self) -> usize {
            self.len()
        }
    }

    impl Covers for usize {
        fn covered(&self) -> usize {
            *self
        }
    }

    /// What the merge sees of `items` generated by `generate` (the whole
    /// of every output), and what the pipeline ended with.
    fn merged(
        items: &[u32],
        split: Split,
        generate: impl Fn(&[u32], usize) -> Vec<u32> + Sync,
    ) -> (Option<&'static str>, Vec<u32>) {
        let mut seen = Vec::new();
        let done = generate_then_merge(
            items,
            split,
            generate,
            || "full",
            |outputs| {
                for output in outputs {
                    seen.extend(output);
                }
                ControlFlow::Continue(())
            },
        );
        (done, seen)
    }

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
                let seen = merged(&items, split, |part, first| {
                    assert_eq!(part[0] as usize, first);
                    part.iter().map(|i| i * 2).collect()
                });
                assert_eq!(seen, (None, items.iter().map(|i| i * 2).collect()));

                let mut total = 0;
                let done = generate_then_merge(
                    &items,
                    split,
                    |part, _| part.len(),
                    || unreachable!("every output holds its items"),
                    |outputs| {
                        total += outputs.iter().sum::<usize>();
                        if total >= 500 {
                            ControlFlow::Break(total)
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

    /// Outputs that hold only a few of their items (a share of a memory
    /// limit too small for a part) still give the merge every item once, in
    /// order; an output that holds none ends the search with `full`.
    #[test]
    fn parts_too_large_for_their_share_are_generated_again_in_order() {
        let items: Vec<u32> = (0..1000).collect();
        for threads in [1, 2, 3] {
            for (share, room) in [(1, 1), (7, 3), (64, 5), (2000, 13)] {
                let split = Split {
                    threads,
                    share,
                    alone: share,
                };
                let seen = merged(&items, split, |part, first| {
                    assert_eq!(part[0] as usize, first);
                    part.iter().take(room).map(|i| i * 2).collect()
                });
                assert_eq!(seen, (None, items.iter().map(|i| i * 2).collect()));
                // Items from 500 on do not fit even alone.
                let seen = merged(&items, split, |part, _| {
                    part.iter()
                        .take(room)
                        .take_while(|&&i| i < 500)
                        .copied()
                        .collect()
                });
                assert_eq!(seen, (Some("full"), (0..500).collect()));
            }
        }
    }
}
