//! Polishing a race: every stretch of a few moves of a sequence found by the
//! beam search is replaced by the shortest one between its two ends, found by
//! the exact search with the stretch's last state as the goal.
//!
//! A stretch of `k` moves from `a` to `b` is a race from `a` whose "target"
//! is the set `b` (as many pieces as squares: the exact case of the bound),
//! so the exact search proves whether `k - 1` moves can do; a shorter
//! stretch is spliced in and the sequence stays a legal race. Each stretch
//! has its own node budget, so a hard one costs little.

use halma_core::Bitboard;

use super::board::SoloBoard;
use super::exact::exact;
use crate::limits::{Budget, SolveLimits};

/// Shortens `states` (a race, start to goal) stretch by stretch: windows of
/// `window` moves, each searched with at most `nodes_per_window` nodes,
/// while `budget` lasts. Returns the shorter race and the most bytes a
/// stretch's search held.
pub(crate) fn polish(
    board: &SoloBoard,
    mut states: Vec<Bitboard>,
    window: usize,
    nodes_per_window: u64,
    budget: &mut Budget,
    progress: &mut dyn FnMut(&str),
) -> (Vec<Bitboard>, u64) {
    let mut at = 0;
    let mut peak = 0;
    while at + 2 < states.len() {
        let end = (at + window).min(states.len() - 1);
        let mut stretch = board.clone();
        stretch.target = states[end];
        let remaining = budget
            .limits()
            .nodes
            .map(|max| max.saturating_sub(budget.nodes()));
        let mut local = Budget::new(SolveLimits {
            nodes: Some(remaining.map_or(nodes_per_window, |r| r.min(nodes_per_window))),
            time: budget
                .limits()
                .time
                .map(|t| t.saturating_sub(budget.elapsed())),
            memory_bytes: budget.limits().memory_bytes,
        });
        let outcome = exact::<Bitboard>(
            &stretch,
            states[at],
            &mut local,
            Some((end - at) as u32),
            1,
            &mut |_| {},
        );
        budget.add_nodes(local.nodes());
        peak = peak.max(outcome.peak_memory);
        if let Some(shorter) = outcome.states {
            if shorter.len() < end - at + 1 {
                progress(&format!(
                    "  polish: moves {}..{} done in {} instead of {}: {} moves ({} nodes, {:.1} s)",
                    at + 1,
                    end,
                    shorter.len() - 1,
                    end - at,
                    states.len() - 1 - (end - at) + (shorter.len() - 1),
                    budget.nodes(),
                    budget.elapsed().as_secs_f64()
                ));
                states.splice(at..=end, shorter);
                // The new stretch may open another shortening before it.
                at = at.saturating_sub(window - 1);
                continue;
            }
        }
        if budget.exceeded().is_some() {
            break;
        }
        at += 1;
    }
    (states, peak)
}
