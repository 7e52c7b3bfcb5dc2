//! The search: iterative deepening (by two plies, a move and a reply, when
//! there are opponents), alpha-beta with principal variation search and
//! aspiration windows, a shared transposition table, killer and history move
//! ordering, and selective pruning of hopeless moves.
//!
//! One negamax handles every number of seats by splitting the seats into two
//! teams: the *root seat* (the side to move at the root) against the others.
//!
//! - **One seat** (a solo race): every node belongs to the root seat; the
//!   search is a plain maximisation.
//! - **Two seats**: ordinary alpha-beta, the teams alternating every ply.
//! - **Three and four seats**: *best-reply search* (Schadd and Winands,
//!   2011). Between two moves of the root seat comes one *opponent layer*
//!   whose moves are the moves of **all** opponents; only the one that
//!   answers is played, the others pass (the search plays their passes with
//!   [`Move::PASS`]). The root seat thus plans several moves ahead at the
//!   depth where paranoid search would see it move only once or twice, and
//!   alpha-beta prunes as in two-player search. See `docs/notes/strength-log.md`
//!   ("Why best-reply search for four seats") for why this was chosen over
//!   paranoid and max-n.
//!
//! Leaves: the evaluation, and in two-seat search also the *tempo* (the
//! forward gain of the best move of the side to move, see
//! [`crate::EngineOptions::tempo`]).
//!
//! Move ordering: the transposition-table move, two killers per ply, then
//! the forward gain of the move (how much closer it brings its piece to its
//! target, by the evaluation's cost tables) plus a history bonus.
//!
//! Selectivity ("pruning hopeless moves"): a Halma position has a hundred
//! moves or more and most of them go sideways or backwards. Beyond the root
//! only the best `width` moves by that ordering are searched, `width` growing
//! with the remaining depth ([`Selectivity`]; the root of a two-seat search
//! keeps its best [`DUEL_ROOT_WIDTH`], `v1` and `v2` every move), and late
//! moves are searched one ply shallower first (late-move reductions; in
//! two-seat search the default leaves the opponent's replies unreduced, `v1`
//! reduces them: [`Selectivity::with_reduced_replies`]). A race nobody can
//! disturb any more is played by [`crate::race`] instead, when the search has
//! a node or time limit.

mod ordering;
mod report;
mod settings;

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

// std's `Instant` natively; `performance.now()` on WebAssembly (see engine.rs).
use web_time::Instant;

use halma_core::{Move, Position, Seat};
use halma_rules::{Rules, Spoil};

use crate::eval::{Evaluator, MAX_EVAL, WIN, WIN_THRESHOLD};
use crate::gain::BestGain;
use crate::limits::ScoreBound;
use crate::movecode::MoveCode;
use crate::options::MultiSeatSearch;
use crate::tt::{Bound, TranspositionTable, TtEntry};
pub(crate) use report::pv_moves;
use report::Observer;
pub use settings::{DrawRules, Selectivity, DUEL_ROOT_WIDTH};

/// Deepest iteration a search ever starts, in plies.
pub const MAX_DEPTH: u32 = 64;

/// How many of the side to move's pieces, those farthest from the goal,
/// the tempo of a leaf looks at: a move that gains much is nearly always a
/// rear piece's, and eight keep the search's nodes per second where they
/// were without the tempo (all pieces cost 15% on `halma`:
/// docs/notes/strength-2026-12.md, "2026-12-03, night: the tempo").
const TEMPO_PIECES: usize = 8;

/// Longest line searched (iteration depth plus extensions), in plies.
const MAX_PLY: usize = MAX_DEPTH as usize + 8;

const INFINITY: i32 = WIN + 1;

/// The score, for the side to move, of a game decided `plies` plies from
/// the root: won by its side (`true`) or lost. Nearer results count more.
#[inline]
fn decided(won: bool, plies: i32) -> i32 {
    if won {
        WIN - plies
    } else {
        plies - WIN
    }
}

/// Everything the search threads share.
pub(crate) struct Context<'a> {
    pub rules: &'a Rules,
    pub eval: &'a Evaluator,
    pub tt: &'a TranspositionTable,
    pub draws: DrawRules,
    /// What a draw costs the root seat (see [`crate::EngineOptions::contempt`]).
    pub contempt: i32,
    /// Whether the root seat may hold a draw by spoiling (see
    /// [`crate::EngineOptions::spoiling`]).
    pub spoiling: bool,
    pub selectivity: Selectivity,
    /// Raised by the caller to stop.
    pub external_stop: &'a AtomicBool,
    /// Raised by the main thread to stop its helpers.
    pub internal_stop: &'a AtomicBool,
    /// No node is searched after this.
    pub hard_deadline: Option<Instant>,
    /// No node is searched beyond this count (per thread: node limits are single-threaded).
    pub node_limit: Option<u64>,
    /// Nodes of all threads, flushed every 1024 nodes.
    pub shared_nodes: &'a AtomicU64,
    /// When the search started (for reports).
    pub start: Instant,
    /// Only these root moves are searched, when given.
    pub root_filter: Option<&'a [Move]>,
    /// The search of three- and four-seat games.
    pub multi_seat: MultiSeatSearch,
    /// Whether a two-seat search plans the root seat's moves alone, the
    /// opponent passing (see [`crate::EngineOptions::racing`]).
    pub race_alone: bool,
    /// Whether a two-seat leaf counts the side to move's best move (see
    /// [`crate::EngineOptions::tempo`]).
    pub tempo: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Solo,
    Duel,
    BestReply,
    Race,
}

#[derive(Clone, Copy)]
struct Scored {
    code: MoveCode,
    key: i32,
}

struct Applied {
    code: MoveCode,
    pre: u8,
    post: u8,
}

/// A move at the root with its last score.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub code: MoveCode,
    pub score: i32,
    pub key: i32,
    /// Its line, when it was one of the principal variations of a multi-PV search.
    pub pv: Vec<MoveCode>,
}

/// The outcome of one iteration.
#[derive(Clone, Debug)]
pub(crate) struct Iteration {
    pub depth: u32,
    pub score: i32,
    pub pv: Vec<MoveCode>,
}

/// One search thread.
pub(crate) struct Searcher<'a> {
    ctx: &'a Context<'a>,
    mode: Mode,
    root_seat: Seat,
    salt: u64,
    pos: Position,
    pub nodes: u64,
    flushed: u64,
    pub seldepth: usize,
    /// Hashes of the line searched, the root first.
    hashes: Vec<u64>,
    /// Hashes of the game's positions before the root.
    earlier: HashSet<u64>,
    game_plies: usize,
    lists: Vec<Vec<Scored>>,
    pv: Vec<Vec<MoveCode>>,
    killers: Vec<[u32; 2]>,
    history: Vec<i32>,
    pub stopped: bool,
    pub root_moves: Vec<RootMove>,
    /// Principal variations reported per iteration (1 but for the main thread).
    pub multipv: usize,
    /// The main thread's listener (helpers have none).
    observer: Option<Observer<'a>>,
    /// The iteration being searched.
    current_depth: u32,
    /// The root move being searched and its index in `root_moves`.
    current_move: Option<(MoveCode, usize)>,
    /// The tempo's buffer.
    best_gain: BestGain,
}

impl<'a> Searcher<'a> {
    /// A searcher for `position`, after the game positions whose hashes are `history`.
    pub fn new(ctx: &'a Context<'a>, position: &Position, history: &[u64]) -> Searcher<'a> {
        let mode = match position.seats().len() {
            1 => Mode::Solo,
            2 if ctx.race_alone => Mode::Race,
            2 => Mode::Duel,
            seats if ctx.multi_seat.races(seats) => Mode::Race,
            _ => Mode::BestReply,
        };
        let root_seat = position.to_move();
        // Nodes are scored by the root seat's evaluation (which charges it,
        // and only it, for spoilers it has shut in): keep the entries of
        // different root seats and modes apart.
        let salt =
            0x9E37_79B9_7F4A_7C15u64.wrapping_mul(root_seat.index() as u64 + 1 + 4 * mode as u64);
        let mut hashes = Vec::with_capacity(MAX_PLY + 1);
        hashes.push(position.hash());
        Searcher {
            ctx,
            mode,
            root_seat,
            salt,
            pos: position.clone(),
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            hashes,
            earlier: history.iter().copied().collect(),
            game_plies: history.len(),
            lists: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
            pv: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(16)).collect(),
            killers: vec![[0; 2]; MAX_PLY + 1],
            history: vec![0; 256 * 256],
            stopped: false,
            root_moves: Vec::new(),
            multipv: 1,
            observer: None,
            current_depth: 0,
            current_move: None,
            best_gain: BestGain::new(),
        }
    }

    #[inline]
    fn is_max(&self) -> bool {
        self.pos.to_move() == self.root_seat
    }

    #[inline]
    fn key(&self) -> u64 {
        self.pos.hash() ^ self.salt
    }

    /// The score of a draw for the side that `to_move_is_max` says (the
    /// root's team or its opponents): the root seat's contempt counts
    /// against it and for its opponents.
    ///
    /// A draw the root seat holds by spoiling ([`Self::spoils`]) is its
    /// loss at `plies`.
    #[inline]
    fn draw_score(&self, to_move_is_max: bool, plies: i32) -> i32 {
        match self.mode {
            // Failing to finish a solo race is as bad as it gets.
            Mode::Solo | Mode::Race => -MAX_EVAL,
            _ if self.spoils() => decided(!to_move_is_max, plies),
            _ if to_move_is_max => -self.ctx.contempt,
            _ => self.ctx.contempt,
        }
    }

    /// Whether the root seat spoils here, when it may not (see
    /// [`crate::EngineOptions::spoiling`]): under `spoil=none`, another
    /// seat has filled its target camp but for squares the root seat's
    /// pieces hold. Such a position is the root seat's loss.
    #[inline]
    fn spoils(&self) -> bool {
        if self.ctx.spoiling || self.ctx.rules.spoil() != Spoil::None {
            return false;
        }
        let own = self.pos.pieces(self.root_seat);
        self.pos.seats().iter().any(|seat| {
            let missing = self.ctx.rules.target_camp(seat) - self.pos.pieces(seat);
            seat != self.root_seat && !missing.is_empty() && missing.is_subset(own)
        })
    }

    #[inline]
    fn static_value(&self) -> i32 {
        let score = self.ctx.eval.evaluate(&self.pos, self.root_seat);
        if self.is_max() {
            score
        } else {
            -score
        }
    }

    fn apply(&mut self, code: MoveCode) -> (Applied, Option<Seat>) {
        let seat = code.seat();
        let mut pre = 0;
        while self.pos.to_move() != seat {
            self.pos.make_move_unchecked(Move::PASS);
            pre += 1;
        }
        self.pos.make_move_unchecked(code.mv());
        let winner = self.ctx.rules.winner(&self.pos);
        let mut post = 0;
        if (self.mode == Mode::BestReply && seat != self.root_seat) || self.mode == Mode::Race {
            while self.pos.to_move() != self.root_seat {
                self.pos.make_move_unchecked(Move::PASS);
                post += 1;
            }
        }
        (Applied { code, pre, post }, winner)
    }

    fn undo(&mut self, applied: Applied) {
        for _ in 0..applied.post {
            self.pos.unmake_move(Move::PASS);
        }
        self.pos.unmake_move(applied.code.mv());
        for _ in 0..applied.pre {
            self.pos.unmake_move(Move::PASS);
        }
    }

    /// Whether the current position repeats one of the game or of the line searched.
    fn is_repetition(&self) -> bool {
        if !self.ctx.draws.repetition {
            return false;
        }
        let hash = self.pos.hash();
        self.hashes.iter().rev().skip(1).any(|&h| h == hash) || self.earlier.contains(&hash)
    }

    fn check_limits(&mut self) {
        if let Some(limit) = self.ctx.node_limit {
            if self.nodes >= limit {
                self.stopped = true;
            }
        }
        if self.nodes & 1023 == 0 {
            self.flush_nodes();
            if self.ctx.external_stop.load(Ordering::Relaxed)
                || self.ctx.internal_stop.load(Ordering::Relaxed)
            {
                self.stopped = true;
            }
            let due = self.observer.as_ref().and_then(|o| o.due);
            if self.ctx.hard_deadline.is_some() || due.is_some() {
                let now = Instant::now();
                if self.ctx.hard_deadline.is_some_and(|d| now >= d) {
                    self.stopped = true;
                }
                if due.is_some_and(|d| now >= d) && !self.stopped {
                    self.report_progress(now);
                }
            }
        }
    }

    #[inline]
    fn child(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32, flip: bool) -> i32 {
        if flip {
            -self.negamax(depth, ply, -beta, -alpha)
        } else {
            self.negamax(depth, ply, alpha, beta)
        }
    }

    /// Searches the position reached by playing `code`, from the point of
    /// view of the team that plays it.
    fn search_move(
        &mut self,
        code: MoveCode,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        index: usize,
    ) -> i32 {
        let mover_is_max = self.is_max();
        let (applied, winner) = self.apply(code);
        let value = if let Some(winner) = winner {
            self.pv[ply + 1].clear();
            decided((winner == self.root_seat) == mover_is_max, ply as i32 + 1)
        } else {
            self.hashes.push(self.pos.hash());
            let value = if self.is_repetition() {
                self.pv[ply + 1].clear();
                self.draw_score(mover_is_max, ply as i32 + 1)
            } else {
                let flip = self.is_max() != mover_is_max;
                let selectivity = &self.ctx.selectivity;
                // A reply reduced below its true depth can miss the block or
                // the ladder that refutes the seat's plan; searched in full,
                // it keeps the seat from walking into it.
                let reduces = mover_is_max || self.mode != Mode::Duel || selectivity.reduce_replies;
                let reduce = if reduces && index >= selectivity.reduce_from && depth >= 3 && ply > 0
                {
                    1 + (index >= 3 * selectivity.reduce_from) as i32
                } else {
                    0
                };
                if index == 0 {
                    self.child(depth - 1, ply + 1, alpha, beta, flip)
                } else {
                    let mut v = self.child(depth - 1 - reduce, ply + 1, alpha, alpha + 1, flip);
                    if v > alpha && reduce > 0 && !self.stopped {
                        v = self.child(depth - 1, ply + 1, alpha, alpha + 1, flip);
                    }
                    if v > alpha && v < beta && !self.stopped {
                        v = self.child(depth - 1, ply + 1, alpha, beta, flip);
                    }
                    v
                }
            };
            self.hashes.pop();
            value
        };
        self.undo(applied);
        value
    }

    fn negamax(&mut self, depth: i32, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.pv[ply].clear();
        self.check_limits();
        if self.stopped {
            return 0;
        }
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if let Some(max) = self.ctx.draws.max_plies {
            if self.game_plies + ply >= max as usize {
                return self.draw_score(self.is_max(), ply as i32);
            }
        }
        if ply > 0 && self.spoils() {
            // The root seat loses here (as late as it can): it leaves its
            // home camp rather than hold the other seat off by spoiling.
            return decided(!self.is_max(), ply as i32);
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            let value = self.static_value();
            // The tempo is never negative: a leaf already at `beta` cuts
            // off without it (its value a lower bound, as fail-soft allows).
            // It stays an evaluation, never near a win's score.
            if self.ctx.tempo && self.mode == Mode::Duel && value < beta {
                let seat = self.pos.to_move();
                let gain =
                    self.best_gain
                        .of(self.ctx.rules, self.ctx.eval, &self.pos, seat, TEMPO_PIECES);
                return (value + gain).min(MAX_EVAL);
            }
            return value;
        }
        // Mate-distance pruning.
        let alpha0 = alpha.max(ply as i32 - WIN);
        let beta0 = beta.min(WIN - ply as i32 - 1);
        if alpha0 >= beta0 {
            return alpha0;
        }
        let is_pv = beta - alpha > 1;
        let key = self.key();
        let entry = self.ctx.tt.probe(key);
        let tt_move = entry.and_then(|e| e.best);
        if let Some(e) = entry {
            if !is_pv && e.depth as i32 >= depth {
                let score = from_tt(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }
        let opponents = !self.is_max() && self.mode == Mode::BestReply;
        let width = self.width(depth, opponents);
        self.generate(ply, tt_move, width);
        let list = std::mem::take(&mut self.lists[ply]);
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_code = None;
        for (index, scored) in list.iter().enumerate() {
            let value = self.search_move(scored.code, depth, ply, alpha, beta, index);
            if self.stopped {
                break;
            }
            if value > best {
                best = value;
                best_code = Some(scored.code);
                if value > alpha {
                    alpha = value;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    head[ply].clear();
                    head[ply].push(scored.code);
                    head[ply].extend_from_slice(&tail[0]);
                    if value >= beta {
                        self.reward(scored.code, depth, ply);
                        break;
                    }
                }
            }
        }
        self.lists[ply] = list;
        if self.stopped {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.ctx.tt.store(
            key,
            TtEntry {
                best: best_code,
                score: to_tt(best, ply),
                depth: depth.clamp(0, 255) as u8,
                bound,
            },
        );
        best
    }

    /// Fills the root move list (every legal move, or those of the root
    /// filter, best by ordering first).
    pub fn prepare_root(&mut self) {
        // Every move when the caller picks the moves or asks for several lines.
        let width = match self.mode {
            Mode::Duel if self.ctx.root_filter.is_none() && self.multipv == 1 => {
                self.ctx.selectivity.duel_root
            }
            _ => usize::MAX,
        };
        self.generate(0, None, width);
        let filter = self.ctx.root_filter;
        self.root_moves = self.lists[0]
            .iter()
            .filter(|s| filter.is_none_or(|f| f.contains(&s.code.mv())))
            .map(|s| RootMove {
                code: s.code,
                score: -INFINITY,
                key: s.key,
                pv: Vec::new(),
            })
            .collect();
    }

    /// One iteration at the root within (alpha, beta), over the root moves
    /// from index `first` on (the earlier ones are the lines of a multi-PV
    /// search already chosen); returns the best score.
    fn search_root(&mut self, first: usize, depth: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let mut best = -INFINITY;
        let moves: Vec<MoveCode> = self.root_moves[first..].iter().map(|r| r.code).collect();
        for (offset, code) in moves.into_iter().enumerate() {
            let index = first + offset;
            self.current_move = Some((code, index));
            let value = self.search_move(code, depth, 0, alpha, beta, offset);
            if self.stopped {
                break;
            }
            self.root_moves[index].score = if value > alpha || offset == 0 {
                value
            } else {
                -INFINITY
            };
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    self.pv[0].clear();
                    self.pv[0].push(code);
                    let tail = self.pv[1].clone();
                    self.pv[0].extend_from_slice(&tail);
                    // Keep the best move in front for the next iterations.
                    let moved = self.root_moves.remove(index);
                    self.root_moves.insert(first, moved);
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Iterative deepening up to `max_depth`, reporting to the observer (if
    /// any) every completed iteration; `keep_going` is asked before each new
    /// iteration.
    pub fn iterate(
        &mut self,
        first_depth: u32,
        max_depth: u32,
        keep_going: &mut dyn FnMut(&Iteration, u64) -> bool,
    ) -> Option<Iteration> {
        self.prepare_root();
        let mut last: Option<Iteration> = None;
        // Two-team searches deepen by whole rounds (a move and a reply):
        // leaves then always follow a reply, and scores do not swing with
        // the parity of the depth as they would when the side to move got
        // the last move every other iteration. A depth limit still counts.
        let step = if matches!(self.mode, Mode::Solo | Mode::Race) {
            1
        } else {
            2
        };
        let mut depth = first_depth.max(1);
        if step == 2 && depth % 2 == 1 && depth < max_depth {
            depth += 1;
        }
        let lines = self.multipv.clamp(1, self.root_moves.len().max(1));
        while depth <= max_depth.min(MAX_DEPTH) {
            self.current_depth = depth;
            let mut score = 0;
            let mut stopped_in_first_line = false;
            for line in 0..lines {
                // A stale line must not pass for this iteration's when it stops.
                self.pv[0].clear();
                let line_score = self.search_line(line, depth, last.as_ref().map(|l| l.score));
                if self.stopped {
                    stopped_in_first_line = line == 0;
                    break;
                }
                if line == 0 {
                    score = line_score;
                }
                if lines > 1 {
                    self.root_moves[line].pv = self.pv[0].clone();
                }
            }
            if self.stopped && !stopped_in_first_line {
                break;
            }
            if self.stopped {
                // A partly searched iteration still counts when its best move
                // was searched in full and beats the last iteration's.
                if let (Some(l), Some(first)) = (&mut last, self.pv[0].first()) {
                    if *first != l.pv[0] && self.root_moves[0].score > l.score {
                        l.pv = self.pv[0].clone();
                        l.score = self.root_moves[0].score;
                    }
                }
                break;
            }
            let iteration = if lines == 1 {
                let pv = self.pv[0].clone();
                self.report_line(depth, 1, score, ScoreBound::Exact, &pv);
                Iteration { depth, score, pv }
            } else {
                // Each line searched the moves the earlier lines left: order
                // the lines by score, the first is the best.
                self.root_moves[..lines].sort_by_key(|r| std::cmp::Reverse(r.score));
                for k in 0..lines {
                    let (line_score, pv) =
                        (self.root_moves[k].score, self.root_moves[k].pv.clone());
                    self.report_line(depth, k + 1, line_score, ScoreBound::Exact, &pv);
                }
                Iteration {
                    depth,
                    score: self.root_moves[0].score,
                    pv: self.root_moves[0].pv.clone(),
                }
            };
            let score = iteration.score;
            // Order the root moves: best first (the lines, in order), then by
            // last score, then by gain.
            self.root_moves[lines..].sort_by(|a, b| b.score.cmp(&a.score).then(b.key.cmp(&a.key)));
            let forced = self.root_moves.len() == 1 || score.abs() >= WIN_THRESHOLD;
            last = Some(iteration);
            let last_ref = last.as_ref().expect("just set");
            if forced && depth >= 2 || !keep_going(last_ref, self.nodes) {
                break;
            }
            depth = if depth + step > max_depth && depth < max_depth {
                max_depth
            } else {
                depth + step
            };
        }
        if last.is_none() {
            // Stopped before depth 1 completed: fall back on the ordering.
            let code = self.root_moves.first().map(|r| r.code)?;
            last = Some(Iteration {
                depth: 0,
                score: 0,
                pv: vec![code],
            });
        }
        last
    }

    /// Searches line `line` of an iteration at `depth`: the best of the root
    /// moves from index `line` on, which it moves to that index. The first
    /// line searches in an aspiration window around `previous` (the last
    /// iteration's score), reporting each failure as a bound; the others
    /// search with a full window.
    fn search_line(&mut self, line: usize, depth: u32, previous: Option<i32>) -> i32 {
        let mut delta = 40;
        let (mut alpha, mut beta) = match previous {
            Some(previous) if depth >= 4 && line == 0 => (previous - delta, previous + delta),
            _ => (-INFINITY, INFINITY),
        };
        loop {
            let score = self.search_root(line, depth as i32, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                // Nothing beat alpha: the line is the old one, now worse.
                let pv = match self.pv[0].is_empty() {
                    true => vec![self.root_moves[line].code],
                    false => self.pv[0].clone(),
                };
                self.report_line(depth, line + 1, score, ScoreBound::Upper, &pv);
                alpha = (alpha - delta).max(-INFINITY);
                delta *= 4;
            } else if score >= beta {
                let pv = self.pv[0].clone();
                self.report_line(depth, line + 1, score, ScoreBound::Lower, &pv);
                beta = (beta + delta).min(INFINITY);
                delta *= 4;
            } else {
                return score;
            }
            if delta > 2000 {
                alpha = -INFINITY;
                beta = INFINITY;
            }
        }
    }

    /// Scores every root move with a full window at `depth` (for levels
    /// that choose among moves with noise). Returns (move, score) pairs.
    pub fn score_root_moves(&mut self, depth: u32) -> Vec<(MoveCode, i32)> {
        self.prepare_root();
        let moves: Vec<MoveCode> = self.root_moves.iter().map(|r| r.code).collect();
        let mut out = Vec::with_capacity(moves.len());
        for code in moves {
            let value = self.search_move(code, depth as i32, 0, -INFINITY, INFINITY, 0);
            if self.stopped {
                break;
            }
            out.push((code, value));
        }
        out
    }

    /// Adds the nodes not yet counted to the shared counter.
    pub fn flush_nodes(&mut self) {
        self.ctx
            .shared_nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// Nodes not yet added to the shared counter.
    pub fn unflushed(&self) -> u64 {
        self.nodes - self.flushed
    }
}

#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score + ply as i32
    } else if score <= -WIN_THRESHOLD {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_THRESHOLD {
        score - ply as i32
    } else if score <= -WIN_THRESHOLD {
        score + ply as i32
    } else {
        score
    }
}
