//! How the beams share the making of a move's children between threads.
//!
//! A beam expands the states it kept at the last move. Making their
//! children, bounding them and (for the meeting beam) looking them up in
//! the table of kept states only reads, so threads make them in parts of a
//! batch of parents ([`Part`]); the calling thread merges the parts in the
//! parents' order into the move's tables, as one thread would
//! ([`generate_then_merge`](crate::pipeline::generate_then_merge)).

use crate::pipeline::{has_room_for_one, Covers, OutputBudget, Split, Waiting};

/// Parents each of several threads takes per batch (their children wait in
/// a list until merged: about 50 a parent).
pub(crate) const PARENTS_PER_THREAD: usize = 1024;
/// Parents whose children are made at a time on one thread before they are
/// merged.
const PARENTS_AT_ONCE: usize = 64;

/// How wide a beam is, how it ranks, and how it shares its work (the plain
/// beam and the meeting beam alike).
///
/// With several threads, the children of a move's states are made in
/// batches of parents, a share of each batch per thread (that only reads),
/// while this thread merges the batch before, in the parents' order, into
/// the move's tables: a beam keeps the same states and finds the same race
/// whatever the number of threads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BeamSettings {
    /// States kept per move.
    pub width: usize,
    /// The ranking's charge for a piece outside the camp
    /// ([`Ranking::new`](super::beam::Ranking::new)).
    pub entry: u32,
    /// Threads making the children (at least 1).
    pub threads: usize,
    /// Parents per thread per batch, with several threads.
    pub share: usize,
}

impl BeamSettings {
    /// A beam of `width` ranking with `entry`, on `threads` threads with
    /// the usual batches.
    pub fn new(width: usize, entry: u32, threads: usize) -> BeamSettings {
        BeamSettings {
            width,
            entry,
            threads,
            share: PARENTS_PER_THREAD,
        }
    }

    /// How the children are made.
    pub fn split(&self) -> Split {
        Split {
            threads: self.threads,
            share: self.share,
            alone: PARENTS_AT_ONCE,
        }
    }
}

/// What a generating thread made of a part of a move's states: its
/// children within the length looked for, and per parent its index in the
/// layer, where its children end in `made`, and how many it generated
/// (pruned ones included).
pub(crate) struct Part<T> {
    /// The children, parent after parent.
    pub made: Vec<T>,
    /// Per parent: (its index in the layer, the end of its children in
    /// `made`, the children it generated).
    pub parents: Vec<(usize, usize, u64)>,
    /// Whether every parent of the part is in: `false` when its list of
    /// children would have passed its share of the memory limit (the
    /// parents after the last one in are then generated again; when none
    /// is in, the search stops as on that limit).
    pub complete: bool,
}

impl<T> Covers for Part<T> {
    /// The parents in, a prefix of the part's.
    fn covered(&self) -> usize {
        self.parents.len()
    }
}

impl<T> Part<T> {
    /// An empty part of `parents` parents.
    pub fn new(parents: usize) -> Part<T> {
        Part {
            made: Vec::new(),
            parents: Vec::with_capacity(parents),
            complete: true,
        }
    }

    /// Whether one more child fits within `cap` bytes (`None`: no cap).
    pub fn has_room(&self, cap: Option<u64>) -> bool {
        has_room_for_one(&self.made, cap)
    }

    /// Ends the parent at `index` of the layer, which generated `generated`
    /// children, all of them in when `fitted`. Otherwise its children are
    /// dropped, the part is not complete, and this returns `false`.
    pub fn end_parent(&mut self, index: usize, generated: u64, fitted: bool) -> bool {
        if fitted {
            self.parents.push((index, self.made.len(), generated));
        } else {
            let end = self.parents.last().map_or(0, |&(_, end, _)| end);
            self.made.truncate(end);
            self.complete = false;
        }
        fitted
    }

    /// The bytes its list of children takes.
    pub fn bytes(&self) -> u64 {
        (self.made.capacity() * std::mem::size_of::<T>()) as u64
    }
}

/// What a batch of parts waiting to be merged counts for.
pub(crate) fn waiting<T>(
    split: &Split,
    output: Option<OutputBudget>,
    parts: &[Part<T>],
) -> Waiting {
    split.waiting(output, parts.iter().map(Part::bytes).sum())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::limits::{Budget, SolveLimits};

    /// Runs a beam of `width` (`run` gets its settings, a budget and a
    /// progress log) on one thread, then on three with shares of 7 parents
    /// (many batches, each merged while the next is made), and checks that
    /// the two runs give the same result, the same nodes and the same
    /// progress lines (their figures of time left out). Returns the result
    /// and the lines.
    pub(crate) fn same_on_one_and_three_threads<R: PartialEq>(
        width: usize,
        run: impl Fn(BeamSettings, &mut Budget, &mut dyn FnMut(&str)) -> R,
    ) -> (R, Vec<String>) {
        let mut runs = Vec::new();
        for (threads, share) in [(1, PARENTS_PER_THREAD), (3, 7)] {
            let settings = BeamSettings {
                share,
                ..BeamSettings::new(width, 2, threads)
            };
            let mut budget = Budget::new(SolveLimits::default());
            let mut lines = Vec::new();
            let mut log = |line: &str| lines.push(line.split(" (").next().unwrap().to_owned());
            let result = run(settings, &mut budget, &mut log);
            runs.push((result, budget.nodes(), lines));
        }
        let (three, one) = (runs.pop().unwrap(), runs.pop().unwrap());
        assert!(
            one == three,
            "width {width}: the threads changed the search"
        );
        (one.0, one.2)
    }
}
