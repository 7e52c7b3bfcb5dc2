//! What a solver may spend (nodes, time, memory) and the errors every solver
//! shares.

use std::time::Duration;

// std's `Instant` natively; `performance.now()` on WebAssembly, where
// std's panics.
use web_time::Instant;

use thiserror::Error;

/// The most a search may spend. `None` is no limit on that resource.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveLimits {
    /// Positions generated, all phases together.
    pub nodes: Option<u64>,
    /// Wall-clock time from the start of the search.
    pub time: Option<Duration>,
    /// Bytes of the search's own tables (visited sets, frontiers); the
    /// solvers count what they store, not what the allocator reports.
    pub memory_bytes: Option<u64>,
}

/// Which limit of [`SolveLimits`] stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitKind {
    /// [`SolveLimits::nodes`].
    Nodes,
    /// [`SolveLimits::time`].
    Time,
    /// [`SolveLimits::memory_bytes`].
    Memory,
}

impl std::fmt::Display for LimitKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LimitKind::Nodes => "node",
            LimitKind::Time => "time",
            LimitKind::Memory => "memory",
        })
    }
}

/// Why a solver gave no answer.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// The request cannot be met from this position at all (a seat that can
    /// never fill its target camp, a finished game, a seat that is not in
    /// play); the text says which and why.
    #[error("impossible request: {0}")]
    Impossible(String),
    /// A limit ran out before any answer was found.
    #[error("the {limit} limit ran out before any answer was found ({detail})")]
    LimitReached {
        /// The limit that ran out.
        limit: LimitKind,
        /// What had been done by then.
        detail: String,
    },
    /// A heuristic search (a beam, without the exact search) ended without
    /// an answer although no limit ran out. This proves nothing: an answer
    /// may exist, and a wider beam or the exact search may find it.
    #[error(
        "no answer found: the heuristic search ended without one, which proves nothing ({detail})"
    )]
    NotFound {
        /// Which search ended, where, and what was proved before it.
        detail: String,
    },
    /// More than one thread was asked for on a platform that has none
    /// ([`halma_rules::THREADS_AVAILABLE`] is false: WebAssembly without
    /// threads).
    #[error("threads {threads}: this platform has no threads, so the count must be 1")]
    ThreadsUnavailable {
        /// The threads asked for.
        threads: usize,
    },
}

/// Refuses a thread count outside 1 to `max`, or above 1 where the
/// platform has no threads, before a search starts.
pub(crate) fn check_threads(threads: usize, max: usize) -> Result<(), SolveError> {
    if !(1..=max).contains(&threads) {
        return Err(SolveError::Impossible(format!(
            "threads {threads} is out of range (1 to {max})"
        )));
    }
    if threads > 1 && !halma_rules::THREADS_AVAILABLE {
        return Err(SolveError::ThreadsUnavailable { threads });
    }
    Ok(())
}

/// The running account of a search against its [`SolveLimits`].
#[derive(Debug)]
pub struct Budget {
    limits: SolveLimits,
    started: Instant,
    nodes: u64,
    memory_bytes: u64,
}

impl Budget {
    /// Starts the clock for a search under `limits`.
    pub fn new(limits: SolveLimits) -> Budget {
        Budget {
            limits,
            started: Instant::now(),
            nodes: 0,
            memory_bytes: 0,
        }
    }

    /// The limits this budget enforces.
    pub fn limits(&self) -> SolveLimits {
        self.limits
    }

    /// Positions counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Bytes the search has declared it holds.
    pub fn memory_bytes(&self) -> u64 {
        self.memory_bytes
    }

    /// Counts `count` more generated positions.
    pub fn add_nodes(&mut self, count: u64) {
        self.nodes = self.nodes.saturating_add(count);
    }

    /// Declares the bytes the search now holds (replaces the last figure).
    pub fn set_memory(&mut self, bytes: u64) {
        self.memory_bytes = bytes;
    }

    /// Whether holding `bytes` would pass the memory limit. Searches ask
    /// before a table grows, so that what they hold never passes it.
    pub fn would_pass_memory(&self, bytes: u64) -> bool {
        self.limits.memory_bytes.is_some_and(|max| bytes > max)
    }

    /// A beam's periodic reading: counts the `nodes` generated since the
    /// last one (and zeroes them), declares the `bytes` held, raises `peak`
    /// to them, and returns the limit that stops the search: memory when
    /// `full` (a table could not grow within the limit), else the first
    /// limit run out.
    pub(crate) fn checkpoint(
        &mut self,
        nodes: &mut u64,
        bytes: u64,
        peak: &mut u64,
        full: bool,
    ) -> Option<LimitKind> {
        self.add_nodes(std::mem::take(nodes));
        self.set_memory(bytes);
        *peak = (*peak).max(bytes);
        if full {
            Some(LimitKind::Memory)
        } else {
            self.exceeded()
        }
    }

    /// The first limit that has run out, if any. Reading the clock costs a
    /// system call, so hot loops call this every few thousand nodes.
    pub fn exceeded(&self) -> Option<LimitKind> {
        if self.limits.nodes.is_some_and(|max| self.nodes > max) {
            return Some(LimitKind::Nodes);
        }
        if self
            .limits
            .memory_bytes
            .is_some_and(|max| self.memory_bytes > max)
        {
            return Some(LimitKind::Memory);
        }
        if self.limits.time.is_some_and(|max| self.elapsed() > max) {
            return Some(LimitKind::Time);
        }
        None
    }
}

/// The bytes a `Vec` or hash table of `len` entries in `capacity`, each of
/// `entry` bytes, allocates on top of what it holds to take `more` entries
/// one at a time: none when they fit; else it doubles until they do, and
/// holds the last two allocations at once while the entries move over.
pub(crate) fn growth_bytes(len: usize, capacity: usize, more: usize, entry: usize) -> u64 {
    if len + more <= capacity {
        return 0;
    }
    let mut grown = capacity.max(4);
    while grown < len + more {
        grown *= 2;
    }
    ((grown + grown / 2).saturating_sub(capacity) * entry) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_limit_is_reported_once_passed() {
        let mut budget = Budget::new(SolveLimits {
            nodes: Some(10),
            ..SolveLimits::default()
        });
        budget.add_nodes(10);
        assert_eq!(budget.exceeded(), None);
        budget.add_nodes(1);
        assert_eq!(budget.exceeded(), Some(LimitKind::Nodes));

        let mut budget = Budget::new(SolveLimits {
            memory_bytes: Some(100),
            ..SolveLimits::default()
        });
        budget.set_memory(101);
        assert_eq!(budget.exceeded(), Some(LimitKind::Memory));

        let budget = Budget::new(SolveLimits {
            time: Some(Duration::ZERO),
            ..SolveLimits::default()
        });
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(budget.exceeded(), Some(LimitKind::Time));

        assert_eq!(Budget::new(SolveLimits::default()).exceeded(), None);
    }

    #[test]
    fn growth_counts_the_doubled_table_and_the_old_one() {
        // Room left: nothing more.
        assert_eq!(growth_bytes(3, 8, 5, 10), 0);
        // Full: one doubling, the new 16 entries while the old 8 are held.
        assert_eq!(growth_bytes(8, 8, 1, 10), 160);
        // Empty, 20 more: 4, 8, 16, 32 entries, the last two held at once.
        assert_eq!(growth_bytes(0, 0, 20, 1), 48);
    }
}
