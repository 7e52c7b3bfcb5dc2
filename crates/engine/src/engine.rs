//! The engine: options, the transposition table kept between moves, levels,
//! time management and the threads of a search.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

// The platform's clock: std's `Instant` natively (the same type), the
// page's `performance.now()` on WebAssembly, where std's panics.
use web_time::Instant;

use halma_core::{Move, MoveKind, Position};
use halma_rules::{Game, Rules};

use crate::endgame;
use crate::eval::Evaluator;
use crate::levels::LevelSettings;
use crate::limits::{
    Limits, Score, SearchError, SearchEvent, SearchOptions, SearchResult, TableFill, MAX_MULTIPV,
};
use crate::movecode::MoveCode;
use crate::noise::Noise;
use crate::options::{Contempt, EngineOptions, HashSize, Level, Threads};
use crate::race;
use crate::search::{pv_moves, Context, DrawRules, Iteration, Searcher, MAX_DEPTH};
use crate::tt::TranspositionTable;

/// A Halma computer player.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use halma_engine::{Engine, EngineOptions, Limits};
/// use halma_rules::Game;
///
/// let game = Game::new("halma8".parse().unwrap());
/// let mut engine = Engine::new(EngineOptions::default());
/// let result = engine.search(&game, Limits::depth(3), &AtomicBool::new(false))?;
/// let best = result.best_move.expect("the game is not over");
/// assert!(game.rules().is_legal(game.position(), best));
/// assert_eq!(result.pv[0], best);
/// // A depth out of 1..=64 is refused, never clamped.
/// assert!(engine.search(&game, Limits::depth(65), &AtomicBool::new(false)).is_err());
/// # Ok::<(), halma_engine::SearchError>(())
/// ```
pub struct Engine {
    options: EngineOptions,
    /// Reserved when first filled or searched with (so that options can be
    /// set first), filled a chunk at a time ([`Engine::fill_table`]).
    tt: Option<TranspositionTable>,
    noise: Noise,
    evaluator: Option<(Rules, Arc<Evaluator>)>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("options", &self.options)
            .field("tt", &self.tt)
            .finish()
    }
}

impl Engine {
    /// An engine with these options (valid by their types).
    pub fn new(options: EngineOptions) -> Engine {
        Engine {
            tt: None,
            noise: Noise::new(options.seed),
            options,
            evaluator: None,
        }
    }

    /// The options in force.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Sets the level for the searches that follow.
    pub fn set_level(&mut self, level: Level) {
        self.options.level = level;
    }

    /// Sets what a draw is worth less than an even position (see [`Contempt`]).
    pub fn set_contempt(&mut self, contempt: Contempt) {
        self.options.contempt = contempt;
    }

    /// Sets the number of threads of timed searches.
    pub fn set_threads(&mut self, threads: Threads) {
        self.options.threads = threads;
    }

    /// Resizes the transposition table (emptying it when the size
    /// changes): the old one is freed now, the new one is filled by
    /// [`Engine::fill_table`] or, for what is left of it, by the next search.
    pub fn set_hash(&mut self, hash: HashSize) {
        if hash != self.options.hash {
            self.options.hash = hash;
            self.tt = None;
        }
    }

    /// Fills the transposition table until it is whole or `stop` is raised
    /// (read between chunks of 16 MiB, some 15 to 40 ms apart); returns
    /// whether it is whole. Writing a table's memory the first time takes
    /// about a second per GiB: call this after [`Engine::set_hash`] and
    /// [`Engine::new_game`] (say, on a thread of its own) to have that done
    /// before the first search. A search fills what is left first, under
    /// its own stop flag and time limits ([`SearchEvent::TableFill`]).
    pub fn fill_table(&mut self, stop: &AtomicBool) -> bool {
        self.fill_until(stop, None, Instant::now(), None, &mut |_| {})
    }

    /// Whether the transposition table is whole (see [`Engine::fill_table`]).
    pub fn table_is_whole(&self) -> bool {
        self.tt.as_ref().is_some_and(TranspositionTable::is_whole)
    }

    /// Fills the table a chunk at a time until it is whole (true), `stop`
    /// is raised or `deadline` passes, reporting at once and then every
    /// `interval` (with the time since `start`).
    fn fill_until(
        &mut self,
        stop: &AtomicBool,
        deadline: Option<Instant>,
        start: Instant,
        interval: Option<Duration>,
        on_event: &mut dyn FnMut(SearchEvent<'_>),
    ) -> bool {
        let mib = self.options.hash.mib();
        let table = self
            .tt
            .get_or_insert_with(|| TranspositionTable::reserved(mib));
        // The first report comes at once, so that a caller hears at once
        // why the search has not started.
        let mut reported: Option<Instant> = None;
        while !table.is_whole() {
            if stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d) {
                return false;
            }
            if let Some(interval) = interval {
                if reported.is_none_or(|at| at.elapsed() >= interval) {
                    reported = Some(Instant::now());
                    on_event(SearchEvent::TableFill(&TableFill {
                        filled_mib: table.filled_mib(),
                        size_mib: table.size_mib(),
                        elapsed: start.elapsed(),
                    }));
                }
            }
            table.fill_chunk();
        }
        true
    }

    /// Transposition table use, per mille (0 before the table exists).
    fn hashfull(&self) -> u32 {
        self.tt.as_ref().map_or(0, TranspositionTable::hashfull)
    }

    /// Sets the draw rules used in the search.
    pub fn set_draw_rules(&mut self, draws: DrawRules) {
        self.options.draws = draws;
    }

    /// Sets the seed of the noise of low levels (taking effect now).
    pub fn set_seed(&mut self, seed: u64) {
        self.options.seed = seed;
        self.noise = Noise::new(seed);
    }

    /// Forgets everything learnt (the table, which is then filled again by
    /// [`Engine::fill_table`] or the next search) and restarts the noise
    /// from the seed.
    pub fn new_game(&mut self) {
        if let Some(tt) = &mut self.tt {
            tt.clear();
        }
        self.noise = Noise::new(self.options.seed);
    }

    fn evaluator(&mut self, rules: &Rules) -> Arc<Evaluator> {
        let weights = LevelSettings::for_level(self.options.level).weights(self.options.weights);
        match &self.evaluator {
            Some((r, e)) if r == rules && e.weights() == weights => e.clone(),
            _ => {
                let e = Arc::new(Evaluator::with_weights(rules, weights));
                self.evaluator = Some((rules.clone(), e.clone()));
                e
            }
        }
    }

    /// The best move for the side to move in the current position of
    /// `game` under `limits`, the game's moves serving the repetition rule
    /// and, by their number, the ply cap. Raising `stop` ends the search soon
    /// after; the best move found so far is returned. When the game is over,
    /// the result has no move.
    ///
    /// Fails, before searching, when `limits.depth` is not in 1..=64
    /// ([`crate::search::MAX_DEPTH`]): a depth is refused, never clamped.
    pub fn search(
        &mut self,
        game: &Game,
        limits: Limits,
        stop: &AtomicBool,
    ) -> Result<SearchResult, SearchError> {
        self.search_with(game, limits, &SearchOptions::default(), stop, &mut |_| {})
    }

    /// [`Engine::search`] with [`SearchOptions`] (several principal
    /// variations, a subset of the root moves, progress reports), reporting
    /// to `on_event` as it goes.
    ///
    /// Fails, before searching, when `options.multipv` is not in
    /// 1..=[`MAX_MULTIPV`], `limits.depth` is not in 1..=64
    /// ([`crate::search::MAX_DEPTH`]), or a move of `options.searchmoves` is
    /// not legal or repeated.
    pub fn search_with(
        &mut self,
        game: &Game,
        limits: Limits,
        options: &SearchOptions,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<SearchResult, SearchError> {
        let history = game_history(game);
        self.search_position_with(
            game.rules(),
            game.position(),
            &history,
            limits,
            options,
            stop,
            on_event,
        )
    }

    /// The low-level [`Engine::search`], for callers that keep no [`Game`]
    /// (solo races, benchmarks): `position` under `rules`, after the
    /// positions whose Zobrist hashes ([`Position::hash`]) are `history`,
    /// oldest first, the start position included (empty if unknown). Fails
    /// as [`Engine::search`] does.
    pub fn search_position(
        &mut self,
        rules: &Rules,
        position: &Position,
        history: &[u64],
        limits: Limits,
        stop: &AtomicBool,
    ) -> Result<SearchResult, SearchError> {
        self.search_position_with(
            rules,
            position,
            history,
            limits,
            &SearchOptions::default(),
            stop,
            &mut |_| {},
        )
    }

    /// The low-level [`Engine::search_with`], for callers that keep no
    /// [`Game`]: [`Engine::search_position`] with [`SearchOptions`] and
    /// reports.
    #[allow(clippy::too_many_arguments)]
    pub fn search_position_with(
        &mut self,
        rules: &Rules,
        position: &Position,
        history: &[u64],
        limits: Limits,
        options: &SearchOptions,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(SearchEvent<'_>),
    ) -> Result<SearchResult, SearchError> {
        if !(1..=MAX_MULTIPV).contains(&options.multipv) {
            return Err(SearchError::MultiPv(options.multipv));
        }
        if let Some(depth) = limits
            .depth
            .filter(|d| !(1..=crate::search::MAX_DEPTH).contains(d))
        {
            return Err(SearchError::Depth(depth));
        }
        let filter = if options.searchmoves.is_empty() {
            None
        } else {
            let finished = rules.is_finished(position);
            for (i, &mv) in options.searchmoves.iter().enumerate() {
                if finished || !rules.is_legal(position, mv) {
                    return Err(SearchError::IllegalSearchMove { index: i + 1 });
                }
                if options.searchmoves[..i].contains(&mv) {
                    return Err(SearchError::RepeatedSearchMove { index: i + 1 });
                }
            }
            Some(options.searchmoves.as_slice())
        };
        Ok(self.run(
            rules,
            position,
            history,
            limits,
            options.multipv,
            filter,
            options.progress_interval,
            stop,
            on_event,
        ))
    }

    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        rules: &Rules,
        position: &Position,
        history: &[u64],
        limits: Limits,
        multipv: usize,
        filter: Option<&[Move]>,
        progress_interval: Option<Duration>,
        stop: &AtomicBool,
        on_event: &mut dyn FnMut(SearchEvent<'_>),
    ) -> SearchResult {
        let start = Instant::now();
        let evaluator = self.evaluator(rules);
        let mut result = SearchResult {
            best_move: None,
            score: Score::Units(0),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            hashfull: 0,
            pv: Vec::new(),
            endgame_moves: None,
        };
        if rules.is_finished(position) {
            return result;
        }
        let mut legal = rules.legal_moves(position).to_vec();
        if let Some(filter) = filter {
            legal.retain(|mv| filter.contains(mv));
        }
        if legal.is_empty() {
            // Only when a caller's filter excludes every move (the public
            // entry points refuse that): answer the first legal move.
            legal = rules.legal_moves(position).to_vec();
        }
        let settings = LevelSettings::for_level(self.options.level);
        let mut limits = limits;
        if let Some(cap) = settings.max_depth {
            limits.depth = Some(limits.depth.map_or(cap, |d| d.min(cap)));
        }
        if let Some(cap) = settings.max_nodes {
            limits.nodes = Some(limits.nodes.map_or(cap, |n| n.min(cap)));
        }
        if legal.len() == 1 {
            result.best_move = Some(legal[0]);
            result.pv = vec![legal[0]];
            result.score = Score::from_raw(evaluator.evaluate(position, position.to_move()));
            result.elapsed = start.elapsed();
            result.hashfull = self.hashfull();
            return result;
        }
        if !settings.is_noisy() && multipv == 1 && filter.is_none() {
            if let Some((solution, nodes)) =
                try_endgame(&self.options, rules, &evaluator, position, &limits)
            {
                result.nodes = nodes;
                if let Some(&first) = solution.first() {
                    result.best_move = Some(first);
                    result.pv = pv_moves(
                        rules,
                        position,
                        &solution
                            .iter()
                            .map(|&mv| MoveCode::new(position.to_move(), mv))
                            .collect::<Vec<_>>(),
                    );
                    result.score =
                        Score::from_raw(evaluator.evaluate(position, position.to_move()));
                    result.depth = solution.len() as u32;
                    result.endgame_moves = Some(solution.len() as u32);
                    result.elapsed = start.elapsed();
                    result.hashfull = self.hashfull();
                    return result;
                }
            }
            // The solver's nodes come out of the search's budget.
            if let Some(n) = limits.nodes.as_mut() {
                *n = n.saturating_sub(result.nodes).max(1);
            }
        }
        let (soft, hard) = time_budget(&limits, start);
        // A table not yet whole is filled first (a stop interrupts it); a
        // timed search gives it a quarter of its time at most and searches
        // with the part filled, the next search going on with the rest.
        let fill_deadline = hard.map(|end| start + end.saturating_duration_since(start) / 4);
        self.fill_until(stop, fill_deadline, start, progress_interval, on_event);
        let tt: &TranspositionTable = self.tt.as_ref().expect("made by fill_until");
        tt.new_search();
        let race_alone = self.options.racing && races_alone(rules, position, &evaluator);
        if let Some(beam) = self.options.race_beam.filter(|_| {
            (position.seats().len() == 1 || race_alone)
                && !settings.is_noisy()
                && multipv == 1
                && filter.is_none()
                && limits.depth.is_none()
                && (limits.nodes.is_some() || hard.is_some())
        }) {
            let race_limits = race::RaceLimits {
                nodes: limits.nodes.unwrap_or(u64::MAX),
                deadline: soft.map(|(_, end)| end).or(hard),
                stop,
            };
            if let Some(line) =
                race::race_line(rules, &evaluator, position, history, beam, &race_limits)
            {
                result.nodes += line.nodes;
                result.best_move = line.moves.first().copied();
                result.depth = line.moves.len() as u32;
                result.seldepth = result.depth;
                result.score = Score::from_raw(line.score);
                // With other seats, who pass in the line, only its first
                // move is a line of the game.
                result.pv = line.moves;
                if position.seats().len() > 1 {
                    result.pv.truncate(1);
                }
                result.elapsed = start.elapsed();
                result.hashfull = tt.hashfull();
                return result;
            }
        }
        // A search stopped already (say, while it filled the table) starts
        // no helper threads: each would only set up and stop.
        let threads = if limits.allows_threads() && !stop.load(Ordering::Relaxed) {
            self.options.threads.get()
        } else {
            1
        };
        let internal_stop = AtomicBool::new(false);
        let shared_nodes = AtomicU64::new(0);
        let ctx = Context {
            rules,
            eval: &evaluator,
            tt,
            draws: self.options.draws,
            contempt: self.options.contempt.units(),
            spoiling: self.options.spoiling,
            selectivity: self.options.selectivity,
            external_stop: stop,
            internal_stop: &internal_stop,
            hard_deadline: hard,
            node_limit: limits.nodes,
            shared_nodes: &shared_nodes,
            start,
            root_filter: filter,
            multi_seat: self.options.multi_seat,
            race_alone,
            tempo: self.options.tempo,
        };
        if settings.is_noisy() {
            let mut searcher = Searcher::new(&ctx, position, history);
            let depth = settings.max_depth.unwrap_or(1);
            let scored = searcher.score_root_moves(depth);
            searcher.flush_nodes();
            let (code, score) = noisy_choice(rules, position, &scored, &settings, &mut self.noise)
                .unwrap_or((MoveCode::new(position.to_move(), legal[0]), 0));
            result.best_move = Some(code.mv());
            result.pv = vec![code.mv()];
            result.score = Score::from_raw(score);
            result.depth = depth;
            result.seldepth = searcher.seldepth as u32;
            result.nodes = shared_nodes.load(Ordering::Relaxed);
            result.elapsed = start.elapsed();
            result.hashfull = tt.hashfull();
            return result;
        }
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH);
        let ctx_ref = &ctx;
        let (iteration, seldepth) = std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads)
                .map(|i| {
                    scope.spawn(move || {
                        let mut helper = Searcher::new(ctx_ref, position, history);
                        helper.iterate(1 + (i as u32 % 2), max_depth, &mut |_, _| true);
                        helper.flush_nodes();
                    })
                })
                .collect();
            let mut main = Searcher::new(ctx_ref, position, history);
            main.multipv = multipv;
            main.observe(on_event, progress_interval);
            let mut keep_going = |_: &Iteration, _: u64| match soft {
                None => true,
                Some((begin, end)) => {
                    // Start another iteration only while it can likely finish.
                    let spent = begin.elapsed();
                    spent < end.saturating_duration_since(begin) / 2
                }
            };
            let iteration = main.iterate(1, max_depth, &mut keep_going);
            internal_stop.store(true, Ordering::Relaxed);
            for helper in helpers {
                let _ = helper.join();
            }
            main.flush_nodes();
            (iteration, main.seldepth)
        });
        let iteration = iteration.unwrap_or(Iteration {
            depth: 0,
            score: 0,
            pv: vec![MoveCode::new(position.to_move(), legal[0])],
        });
        result.pv = pv_moves(rules, position, &iteration.pv);
        result.best_move = Some(result.pv.first().copied().unwrap_or(legal[0]));
        result.score = Score::from_raw(iteration.score);
        result.depth = iteration.depth;
        result.seldepth = seldepth as u32;
        result.nodes += shared_nodes.load(Ordering::Relaxed);
        result.elapsed = start.elapsed();
        result.hashfull = tt.hashfull();
        result
    }
}

/// The exact endgame, when `options` allow it and the side to move's race
/// can no longer be disturbed (see [`crate::endgame`]): the shortest
/// finishing sequence, or an empty one when the solver gave up, with the
/// nodes it spent.
fn try_endgame(
    options: &EngineOptions,
    rules: &Rules,
    evaluator: &Evaluator,
    position: &Position,
    limits: &Limits,
) -> Option<(Vec<Move>, u64)> {
    if !options.endgame {
        return None;
    }
    let seat = position.to_move();
    let max_bound = match options.endgame_bound {
        endgame::Bound::Squares => endgame::ENDGAME_MAX_BOUND,
        endgame::Bound::Parity => endgame::PARITY_MAX_BOUND,
    };
    if endgame::moves_needed_at_least(rules, position, seat) > max_bound {
        return None;
    }
    let undisturbed = match position.seats().len() {
        1 => true,
        2 if options.racing => races_alone(rules, position, evaluator),
        2 => endgame::races_separated(position, seat, evaluator),
        seats => options.multi_seat.races(seats),
    };
    if !undisturbed {
        return None;
    }
    // A quarter of a node budget (the search gets the rest when the
    // solver gives up); a timed search gives it a share of its time.
    let mut budget = limits.nodes.map_or(ENDGAME_DEFAULT_NODES, |n| n / 4);
    if let Some(time) = limits.movetime {
        budget = budget.min(time.as_millis() as u64 * 200);
    }
    if let Some(clock) = limits.clock {
        budget = budget.min(clock.remaining.as_millis() as u64 * 10);
    }
    match endgame::solve_with(rules, evaluator, position, budget, options.endgame_bound) {
        Ok(Some(solution)) => Some((solution.moves, solution.nodes)),
        Ok(None) => None,
        Err(out) => Some((Vec::new(), out.nodes)),
    }
}

/// Whether the side to move races alone (see [`EngineOptions::racing`]):
/// two seats, the races separated, and the opponent not within a move of
/// its goal (then the two-seat search says who wins, and the score shows it).
fn races_alone(rules: &Rules, position: &Position, evaluator: &Evaluator) -> bool {
    let seat = position.to_move();
    let other = position.seats().next_after(seat);
    endgame::races_separated(position, seat, evaluator)
        && endgame::moves_needed_at_least(rules, position, other) > 1
}

/// Solver nodes allowed when a search has no node limit.
const ENDGAME_DEFAULT_NODES: u64 = 200_000;

/// The hashes of the positions of `game` before its current one, oldest
/// first, the start position included.
fn game_history(game: &Game) -> Vec<u64> {
    let mut position = game.start_position().clone();
    let mut hashes = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        hashes.push(position.hash());
        position.make_move_unchecked(mv);
    }
    hashes
}

/// Soft (start, end of the time to aim for) and hard (never search after)
/// deadlines. Saturating arithmetic: any durations are safe, and a deadline
/// beyond what an [`Instant`] can hold is no deadline.
fn time_budget(limits: &Limits, start: Instant) -> (Option<(Instant, Instant)>, Option<Instant>) {
    let mut soft: Option<Duration> = None;
    let mut hard: Option<Duration> = None;
    if let Some(time) = limits.movetime {
        let margin = (time / 20).min(Duration::from_millis(20));
        let t = time.saturating_sub(margin).max(Duration::from_millis(1));
        soft = Some(t.saturating_mul(2));
        hard = Some(t);
    }
    if let Some(clock) = limits.clock {
        // Moves to go from the clock, 40 when not said; at most 200 (ever
        // more moves would only shrink the share below what matters).
        let to_go = clock.moves_to_go.unwrap_or(40).clamp(1, 200);
        let base = (clock.remaining / to_go).saturating_add(clock.increment / 4 * 3);
        let margin = (clock.remaining / 50).min(Duration::from_millis(50));
        let cap = (clock.remaining / 3).saturating_sub(margin);
        let target = base.min(cap).max(Duration::from_millis(1));
        let limit = target
            .saturating_mul(4)
            .min(cap)
            .max(Duration::from_millis(1));
        soft = Some(soft.map_or(target, |s| s.min(target)));
        hard = Some(hard.map_or(limit, |h| h.min(limit)));
    }
    let soft = soft
        .and_then(|s| start.checked_add(s))
        .map(|end| (start, end));
    (soft, hard.and_then(|h| start.checked_add(h)))
}

/// Picks a root move with noise, among the moves the level notices.
fn noisy_choice(
    rules: &Rules,
    position: &Position,
    scored: &[(MoveCode, i32)],
    settings: &LevelSettings,
    noise: &mut Noise,
) -> Option<(MoveCode, i32)> {
    let generator = rules.move_generator(position);
    let noticed = |code: &MoveCode| match settings.max_chain {
        None => true,
        Some(max) => {
            let mv = code.mv();
            mv.kind() != MoveKind::Jump
                || generator
                    .path(mv.from(), mv.to(), false)
                    .is_none_or(|p| p.len() - 1 <= max)
        }
    };
    let visible: Vec<(MoveCode, i32)> =
        scored.iter().copied().filter(|(c, _)| noticed(c)).collect();
    let pool = if visible.is_empty() { scored } else { &visible };
    let temperature = settings.temperature as f64;
    pool.iter()
        .map(|&(code, score)| (code, score, score as f64 + temperature * noise.gumbel()))
        .max_by(|a, b| a.2.total_cmp(&b.2))
        .map(|(code, score, _)| (code, score))
}
