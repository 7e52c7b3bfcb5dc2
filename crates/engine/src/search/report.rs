//! What a searcher tells its listener: a line per completed iteration or
//! failed aspiration window, and progress (the root move being searched)
//! every interval.

use std::sync::atomic::Ordering;
use std::time::Duration;

use web_time::Instant;

use halma_core::{Move, Position};
use halma_rules::Rules;

use super::Searcher;
use crate::limits::{Score, ScoreBound, SearchEvent, SearchInfo, SearchProgress};
use crate::movecode::MoveCode;

/// Who hears what a searcher reports, and how often it reports progress.
pub(crate) struct Observer<'a> {
    pub on_event: &'a mut dyn FnMut(SearchEvent<'_>),
    /// Progress reports this often, if at all.
    pub interval: Option<Duration>,
    /// When the next progress report is due.
    pub due: Option<Instant>,
}

impl<'a> Searcher<'a> {
    /// Reports lines and, every `interval`, progress to `on_event`.
    pub fn observe(
        &mut self,
        on_event: &'a mut dyn FnMut(SearchEvent<'_>),
        interval: Option<Duration>,
    ) {
        self.observer = Some(Observer {
            on_event,
            interval,
            due: interval.and_then(|i| self.ctx.start.checked_add(i)),
        });
    }

    /// Nodes of all threads so far, with this one's unflushed ones.
    fn total_nodes(&self) -> u64 {
        self.ctx.shared_nodes.load(Ordering::Relaxed) + self.unflushed()
    }

    /// Sets when the next progress report is due, `now` plus the interval.
    fn reschedule(&mut self, now: Instant) {
        if let Some(observer) = &mut self.observer {
            observer.due = observer.interval.and_then(|i| now.checked_add(i));
        }
    }

    pub(super) fn report_progress(&mut self, now: Instant) {
        let Some((code, index)) = self.current_move else {
            return;
        };
        let progress = SearchProgress {
            depth: self.current_depth,
            seldepth: self.seldepth as u32,
            currmove: code.mv(),
            currmovenumber: index as u32 + 1,
            nodes: self.total_nodes(),
            elapsed: now.saturating_duration_since(self.ctx.start),
            hashfull: self.ctx.tt.hashfull(),
        };
        if let Some(observer) = &mut self.observer {
            (observer.on_event)(SearchEvent::Progress(&progress));
        }
        self.reschedule(now);
    }

    /// Reports a line (the searcher must be at the root).
    pub(super) fn report_line(
        &mut self,
        depth: u32,
        multipv: usize,
        score: i32,
        bound: ScoreBound,
        pv: &[MoveCode],
    ) {
        if self.observer.is_none() {
            return;
        }
        let now = Instant::now();
        let info = SearchInfo {
            depth,
            seldepth: self.seldepth as u32,
            multipv: multipv as u32,
            score: Score::from_raw(score),
            bound,
            nodes: self.total_nodes(),
            elapsed: now.saturating_duration_since(self.ctx.start),
            pv: pv_moves(self.ctx.rules, &self.pos, pv),
            hashfull: self.ctx.tt.hashfull(),
        };
        if let Some(observer) = &mut self.observer {
            (observer.on_event)(SearchEvent::Line(&info));
        }
        self.reschedule(now);
    }
}

/// The principal variation as moves, cut where it stops being a line of
/// legal moves in turn order (best-reply lines let opponents pass).
pub(crate) fn pv_moves(rules: &Rules, position: &Position, pv: &[MoveCode]) -> Vec<Move> {
    let mut position = position.clone();
    let mut out = Vec::with_capacity(pv.len());
    for code in pv {
        if code.seat() != position.to_move() || !rules.is_legal(&position, code.mv()) {
            break;
        }
        out.push(code.mv());
        position.make_move_unchecked(code.mv());
    }
    out
}
