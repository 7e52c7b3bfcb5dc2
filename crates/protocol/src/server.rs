//! The server side: an engine speaking the protocol on a byte stream (see
//! `docs/protocol.md`). Every line is read into a typed [`Command`] first
//! (the [`crate::command`] reader checks every argument's range); only typed
//! commands are executed. A search runs on its own thread, so that `stop`,
//! `isready` and `quit` are answered while it thinks; it reports progress at
//! least once a second.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use halma_engine::{
    Contempt, DrawRules, Engine, EngineOptions, HashSize, Level, Limits, ScoreBound, SearchEvent,
    SearchInfo, SearchOptions, SearchProgress, SearchResult, TableFill, Threads, MAX_HASH_MIB,
    MAX_MULTIPV, MAX_THREADS,
};
use halma_rules::{Move, Position, Rules};

use crate::command::{
    quote, Command, EngineOption, Go, PositionCommand, StartPosition, MAX_MAX_PLIES,
    PROTOCOL_VERSION,
};
use crate::line::{read_line, LineError};

/// The protocol's name, sent first by the controller.
pub const HANDSHAKE: &str = "hep";

/// Longest command line read, without its `\n`; longer lines get an error.
pub use crate::line::MAX_LINE;

/// How often a running search reports progress (`info ... currmove`): twice
/// a second, so that a line comes at least once a second even when the
/// search thread is briefly descheduled.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(500);

/// Where the server writes its lines (shared with the search thread).
pub type Out = Arc<Mutex<Box<dyn Write + Send>>>;

fn send(out: &Out, line: &str) {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Runs the protocol on standard input and output until `quit` or end of input.
pub fn run_stdio() {
    let stdin = std::io::stdin();
    let out: Out = Arc::new(Mutex::new(Box::new(std::io::stdout())));
    serve(stdin.lock(), out);
}

/// A thread that has the engine: a search, or the filling of its hash table.
struct Job {
    handle: JoinHandle<Engine>,
    stop: Arc<AtomicBool>,
    /// Set by a search thread just before it sends `bestmove`.
    done: Arc<AtomicBool>,
    /// A search answers its `go` with `bestmove` and makes other commands
    /// wait for `stop`; a fill (after `setoption name hash` and `newgame`)
    /// gives way to any command that needs the engine, and whatever is not
    /// filled then is filled by the next search.
    kind: JobKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum JobKind {
    Search,
    Fill,
}

struct Session {
    out: Out,
    rules: Rules,
    start: Position,
    moves: Vec<Move>,
    position: Position,
    history: Vec<u64>,
    /// Principal variations per search (the `multipv` option).
    multipv: usize,
    engine: Option<Engine>,
    job: Option<Job>,
}

/// Serves the protocol: reads commands from `input`, writes to `out`, until
/// `quit` or the end of `input` (either stops a running search first).
pub fn serve(input: impl BufRead, out: Out) {
    let rules = Rules::new(halma_rules::Preset::Halma);
    let start = rules.start_position();
    let mut session = Session {
        out,
        position: start.clone(),
        start,
        rules,
        moves: Vec::new(),
        history: Vec::new(),
        multipv: 1,
        engine: Some(Engine::new(EngineOptions::default())),
        job: None,
    };
    // The default table is filled while the controller shakes hands.
    session.fill_in_background();
    let mut input = input;
    let mut buffer = Vec::new();
    loop {
        match read_line(&mut input, &mut buffer, MAX_LINE) {
            Ok(false) => break,
            Ok(true) => {}
            Err(LineError::TooLong) => {
                send(
                    &session.out,
                    &format!("error line too long: at most {MAX_LINE} bytes"),
                );
                continue;
            }
            Err(LineError::Io(e)) => {
                // A read error that is not an interruption does not go away
                // (stdin is a directory, a closed terminal): reading again
                // would repeat it forever, so it ends the input.
                send(&session.out, &format!("error reading input: {e}"));
                break;
            }
        }
        let Ok(line) = std::str::from_utf8(&buffer) else {
            send(&session.out, "error the command is not valid UTF-8");
            continue;
        };
        if line.split_ascii_whitespace().next().is_none() {
            continue;
        }
        let result = match Command::parse(line) {
            Ok(Command::Quit) => break,
            Ok(command) => session.execute(command),
            Err(e) => Err(e.to_string()),
        };
        if let Err(message) = result {
            send(&session.out, &format!("error {message}"));
        }
    }
    session.finish_job();
}

impl Session {
    fn engine(&mut self) -> Result<&mut Engine, String> {
        if self.job.as_ref().is_some_and(|job| {
            // `bestmove` is out: the thread is returning the engine; a fill
            // gives way at once.
            job.kind == JobKind::Fill || job.done.load(Ordering::Acquire)
        }) {
            self.finish_job();
        }
        if self.job.is_some() {
            return Err("the engine is searching: send stop first".to_owned());
        }
        Ok(self
            .engine
            .as_mut()
            .expect("the engine is home when no job has it"))
    }

    /// Waits for the running job to end (after raising its stop flag).
    fn finish_job(&mut self) {
        if let Some(job) = self.job.take() {
            job.stop.store(true, Ordering::Relaxed);
            match job.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    send(&self.out, "error the search failed; the engine was reset");
                    self.engine = Some(Engine::new(EngineOptions::default()));
                }
            }
        }
    }

    /// Takes back the engine if its job has ended by itself.
    fn reap(&mut self) {
        if self
            .job
            .as_ref()
            .is_some_and(|job| job.handle.is_finished())
        {
            self.finish_job();
        }
    }

    /// Fills the engine's hash table on a thread of its own, when it is not
    /// whole, so that the first search need not (the time to write a large
    /// table's memory: about a second per GiB).
    fn fill_in_background(&mut self) {
        // A fill under way goes on; a search has the engine.
        if self.job.is_some() {
            return;
        }
        let Some(mut engine) = self.engine.take_if(|engine| !engine.table_is_whole()) else {
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            engine.fill_table(&flag);
            engine
        });
        self.job = Some(Job {
            handle,
            stop,
            done: Arc::new(AtomicBool::new(false)),
            kind: JobKind::Fill,
        });
    }

    /// Carries out a command (`quit` is the caller's); an error changes nothing.
    fn execute(&mut self, command: Command) -> Result<(), String> {
        self.reap();
        let result = self.run_command(command);
        // Whatever the command left of the table to fill (a new size, a new
        // game, a fill it interrupted) is filled while the next one is awaited.
        self.fill_in_background();
        result
    }

    /// An error when a search runs (which has the engine until `stop`).
    fn not_searching(&mut self) -> Result<(), String> {
        if self
            .job
            .as_ref()
            .is_some_and(|job| job.kind == JobKind::Search)
        {
            self.engine()?;
        }
        Ok(())
    }

    fn run_command(&mut self, command: Command) -> Result<(), String> {
        match command {
            Command::Hep => {
                self.handshake();
                Ok(())
            }
            Command::IsReady => {
                send(&self.out, "readyok");
                Ok(())
            }
            Command::SetOption(option) => self.set_option(option),
            Command::Rules(rules) => {
                self.not_searching()?;
                self.rules = rules;
                self.set_position(self.rules.start_position(), Vec::new());
                Ok(())
            }
            Command::NewGame => {
                self.engine()?.new_game();
                Ok(())
            }
            Command::Position(position) => {
                self.not_searching()?;
                self.position_command(&position)
            }
            Command::Go(go) => {
                self.engine()?;
                self.go(&go)
            }
            Command::Stop => {
                // Without a search, stop does nothing (a race with bestmove
                // is harmless); a fill goes on.
                if self
                    .job
                    .as_ref()
                    .is_some_and(|job| job.kind == JobKind::Search)
                {
                    self.finish_job();
                }
                Ok(())
            }
            Command::Show => {
                let mut text = String::new();
                text.push_str(&format!("info string rules {}\n", self.rules));
                text.push_str(&format!("info string position {}\n", self.position));
                text.push_str(&format!("info string moves {}", self.moves.len()));
                send(&self.out, &text);
                Ok(())
            }
            Command::Moves => {
                let mut text = String::from("moves");
                if !self.rules.is_finished(&self.position) {
                    for mv in self.rules.legal_moves(&self.position).iter() {
                        text.push(' ');
                        text.push_str(&notation(&self.rules, &self.position, *mv));
                    }
                }
                send(&self.out, &text);
                Ok(())
            }
            Command::Quit => Ok(()),
        }
    }

    fn handshake(&self) {
        let version = env!("CARGO_PKG_VERSION");
        let lines = [
            format!("id name halma {version}"),
            "id author The halma developers".to_owned(),
            format!("id protocol {PROTOCOL_VERSION}"),
            "option name level type spin default 10 min 1 max 10".to_owned(),
            format!(
                "option name hash type spin default {} min 0 max {MAX_HASH_MIB}",
                halma_engine::DEFAULT_HASH_MIB
            ),
            format!("option name threads type spin default 1 min 1 max {MAX_THREADS}"),
            "option name seed type spin default 0 min 0 max 18446744073709551615".to_owned(),
            format!("option name maxplies type spin default 0 min 0 max {MAX_MAX_PLIES}"),
            "option name repetition type check default true".to_owned(),
            format!("option name multipv type spin default 1 min 1 max {MAX_MULTIPV}"),
            format!(
                "option name contempt type spin default {} min 0 max {}",
                Contempt::DEFAULT.units(),
                Contempt::MAX
            ),
            "hepok".to_owned(),
        ];
        send(&self.out, &lines.join("\n"));
    }

    fn set_option(&mut self, option: EngineOption) -> Result<(), String> {
        let engine = self.engine()?;
        match option {
            EngineOption::Level(level) => {
                engine.set_level(Level::new(level.into()).map_err(|e| e.to_string())?)
            }
            EngineOption::Hash(mib) => {
                engine.set_hash(HashSize::new(mib as u64).map_err(|e| e.to_string())?)
            }
            EngineOption::Threads(threads) => {
                engine.set_threads(Threads::new(threads as u64).map_err(|e| e.to_string())?)
            }
            EngineOption::Seed(seed) => engine.set_seed(seed),
            EngineOption::MaxPlies(plies) => {
                let draws = DrawRules {
                    max_plies: (plies > 0).then_some(plies),
                    ..engine.options().draws
                };
                engine.set_draw_rules(draws);
            }
            EngineOption::Repetition(on) => {
                let draws = DrawRules {
                    repetition: on,
                    ..engine.options().draws
                };
                engine.set_draw_rules(draws);
            }
            EngineOption::MultiPv(n) => self.multipv = n,
            EngineOption::Contempt(units) => {
                engine.set_contempt(Contempt::new(units.into()).map_err(|e| e.to_string())?)
            }
        }
        Ok(())
    }

    fn set_position(&mut self, start: Position, moves: Vec<Move>) {
        let mut position = start.clone();
        let mut history = Vec::with_capacity(moves.len());
        for &mv in &moves {
            history.push(position.hash());
            position.make_move_unchecked(mv);
        }
        self.start = start;
        self.moves = moves;
        self.position = position;
        self.history = history;
    }

    fn position_command(&mut self, command: &PositionCommand) -> Result<(), String> {
        let start = match &command.start {
            StartPosition::Start => self.rules.start_position(),
            StartPosition::Setup { rows, side } => self
                .rules
                .parse_position(&format!("{rows} {side}"))
                .map_err(|e| format!("position: {e}"))?,
        };
        let mut position = start.clone();
        let mut moves = Vec::with_capacity(command.moves.len());
        for (i, text) in command.moves.iter().enumerate() {
            let mv = self
                .rules
                .parse_move(&position, text)
                .map_err(|e| format!("position: move {} `{}`: {e}", i + 1, quote(text)))?;
            position.make_move_unchecked(mv);
            moves.push(mv);
        }
        self.set_position(start, moves);
        Ok(())
    }

    /// Checks a `go` against the position and starts its search.
    fn go(&mut self, go: &Go) -> Result<(), String> {
        if !halma_rules::THREADS_AVAILABLE {
            // The search runs on a thread of its own while commands are read
            // (std's `thread::spawn` would panic here).
            return Err("go: this platform has no threads, and a search runs on one".to_owned());
        }
        let limits = go
            .limits(self.position.to_move())
            .map_err(|e| e.to_string())?;
        let mut searchmoves = Vec::with_capacity(go.searchmoves.len());
        for (i, text) in go.searchmoves.iter().enumerate() {
            let mv = self
                .rules
                .parse_move(&self.position, text)
                .map_err(|e| format!("go: searchmoves: move {} `{}`: {e}", i + 1, quote(text)))?;
            if searchmoves.contains(&mv) {
                return Err(format!(
                    "go: searchmoves: move {} `{}` repeats an earlier move",
                    i + 1,
                    quote(text)
                ));
            }
            searchmoves.push(mv);
        }
        let options = SearchOptions {
            multipv: self.multipv,
            searchmoves,
            progress_interval: Some(PROGRESS_INTERVAL),
        };
        self.start_search(limits, options);
        Ok(())
    }

    fn start_search(&mut self, limits: Limits, options: SearchOptions) {
        let mut engine = self.engine.take().expect("checked by the caller");
        let stop = Arc::new(AtomicBool::new(false));
        let out = self.out.clone();
        let rules = self.rules.clone();
        let position = self.position.clone();
        let history = self.history.clone();
        let flag = stop.clone();
        let done = Arc::new(AtomicBool::new(false));
        let finished = done.clone();
        let handle = std::thread::spawn(move || {
            if let Some(winner) = rules.winner(&position) {
                send(&out, &format!("info string game over: {winner} has won"));
                finished.store(true, Ordering::Release);
                send(&out, "bestmove none");
                return engine;
            }
            let mut on_event = |event: SearchEvent<'_>| {
                let line = match event {
                    SearchEvent::Line(info) => info_line(&rules, &position, info),
                    SearchEvent::Progress(progress) => progress_line(&rules, &position, progress),
                    SearchEvent::TableFill(fill) => fill_line(fill),
                    // A kind of report this server does not know yet.
                    _ => return,
                };
                send(&out, &line);
            };
            let result = engine.search_position_with(
                &rules,
                &position,
                &history,
                limits,
                &options,
                &flag,
                &mut on_event,
            );
            let lines = match result {
                Ok(result) => match result
                    .best_move
                    .map(|mv| rules.move_to_string(&position, mv))
                {
                    None => format!("{}\nbestmove none", final_line(&rules, &position, &result)),
                    Some(Ok(best)) => {
                        format!(
                            "{}\nbestmove {best}",
                            final_line(&rules, &position, &result)
                        )
                    }
                    // A bug of the engine, but the controller still gets its one `bestmove`.
                    Some(Err(reason)) => {
                        format!("error go: the engine's best move is not legal: {reason}\nbestmove none")
                    }
                },
                // The options were checked before: this is a bug, but the
                // controller still gets its one `bestmove`.
                Err(e) => format!("error go: {e}\nbestmove none"),
            };
            finished.store(true, Ordering::Release);
            // One write, so that nothing comes between the totals and `bestmove`.
            send(&out, &lines);
            engine
        });
        self.job = Some(Job {
            handle,
            stop,
            done,
            kind: JobKind::Search,
        });
    }
}

/// The progress line of the hash table's filling before a search:
/// `info string hash <filled> of <size> MiB filled`.
pub fn fill_line(fill: &TableFill) -> String {
    format!(
        "info string hash {} of {} MiB filled",
        fill.filled_mib, fill.size_mib
    )
}

fn nps(nodes: u64, elapsed: Duration) -> u64 {
    (nodes as f64 / elapsed.as_secs_f64().max(1e-3)) as u64
}

/// An `info` line for a principal variation: depth, seldepth, multipv,
/// score (with `lowerbound`/`upperbound` when it is a bound), nodes, nps,
/// time, hashfull and pv.
pub fn info_line(rules: &Rules, position: &Position, info: &SearchInfo) -> String {
    let bound = match info.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{bound} nodes {} nps {} time {} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        nps(info.nodes, info.elapsed),
        info.elapsed.as_millis(),
        info.hashfull,
        line_text(rules, position, &info.pv)
    )
}

/// A progress `info` line: depth, seldepth, currmove, currmovenumber,
/// nodes, nps, time and hashfull.
pub fn progress_line(rules: &Rules, position: &Position, progress: &SearchProgress) -> String {
    format!(
        "info depth {} seldepth {} currmove {} currmovenumber {} nodes {} nps {} time {} hashfull {}",
        progress.depth,
        progress.seldepth,
        notation(rules, position, progress.currmove),
        progress.currmovenumber,
        progress.nodes,
        nps(progress.nodes, progress.elapsed),
        progress.elapsed.as_millis(),
        progress.hashfull
    )
}

/// The `info` line with a search's totals, written right before its
/// `bestmove`: depth, seldepth, score, nodes, nps, time, hashfull and pv.
pub fn final_line(rules: &Rules, position: &Position, result: &SearchResult) -> String {
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {} pv {}",
        result.depth,
        result.seldepth,
        result.score,
        result.nodes,
        nps(result.nodes, result.elapsed),
        result.elapsed.as_millis(),
        result.hashfull,
        line_text(rules, position, &result.pv)
    )
}

/// Moves in notation, each written in the position it is played in; the
/// line ends before a move that is not legal there (the engine's lines
/// are legal: this keeps a bug from writing a wrong one).
pub fn line_text(rules: &Rules, position: &Position, moves: &[Move]) -> String {
    let mut position = position.clone();
    let mut words = Vec::with_capacity(moves.len());
    for &mv in moves {
        let Ok(word) = rules.move_to_string(&position, mv) else {
            break;
        };
        words.push(word);
        position.make_move_unchecked(mv);
    }
    words.join(" ")
}

/// The notation of a move the engine reports (the root move being
/// searched, a legal move): `none` should it not be legal.
fn notation(rules: &Rules, position: &Position, mv: Move) -> String {
    rules
        .move_to_string(position, mv)
        .unwrap_or_else(|_| "none".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;
    use std::sync::mpsc::{channel, Receiver, Sender};
    use std::time::Instant;

    /// Collects what the server writes.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(data);
            Ok(data.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Shared {
        fn lines(&self) -> Vec<String> {
            let text = String::from_utf8(self.0.lock().unwrap().clone()).unwrap();
            text.lines().map(str::to_owned).collect()
        }
    }

    /// Runs the protocol on `input` (then end of input), returning the output lines.
    fn session(input: &str) -> Vec<String> {
        let shared = Shared::default();
        let out: Out = Arc::new(Mutex::new(Box::new(shared.clone())));
        serve(input.as_bytes(), out);
        shared.lines()
    }

    #[test]
    fn an_over_long_last_line_without_newline_is_refused_not_cut() {
        // Cut at MAX_LINE bytes this was `hep`, and the engine answered it.
        let line = format!("hep{}", " ".repeat(MAX_LINE));
        assert_eq!(
            session(&line),
            [format!("error line too long: at most {MAX_LINE} bytes")]
        );
        let with_newline = format!("{line}\nisready\n");
        assert_eq!(
            session(&with_newline),
            [
                format!("error line too long: at most {MAX_LINE} bytes"),
                "readyok".to_owned()
            ]
        );
        // A last line of exactly MAX_LINE bytes is still read.
        let full = format!("isready{}", " ".repeat(MAX_LINE - "isready".len()));
        assert_eq!(session(&full), ["readyok"]);
    }

    #[test]
    fn a_line_of_exactly_the_bound_is_read_with_its_newline() {
        // Issue 44, item 8: the `\n` was counted, so such a line was refused.
        let full = format!("isready{}", " ".repeat(MAX_LINE - "isready".len()));
        for end in ["\n", "\r\n"] {
            assert_eq!(
                session(&format!("{full}{end}isready\n")),
                ["readyok", "readyok"]
            );
        }
        let over = format!("{full} \nisready\n");
        assert_eq!(
            session(&over),
            [
                format!("error line too long: at most {MAX_LINE} bytes"),
                "readyok".to_owned()
            ]
        );
    }

    /// Fails every read with `kind`, after `interruptions` interruptions.
    struct Failing {
        kind: std::io::ErrorKind,
        interruptions: usize,
        reads: usize,
    }

    impl Read for Failing {
        fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
            self.reads += 1;
            // A server that loops on the error would never stop: fail the test instead.
            assert!(self.reads < 1000, "the server keeps reading a failed input");
            if self.interruptions > 0 {
                self.interruptions -= 1;
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            Err(std::io::Error::new(self.kind, "is a directory"))
        }
    }

    #[test]
    fn a_read_error_ends_the_input_after_one_error_line() {
        let shared = Shared::default();
        let out: Out = Arc::new(Mutex::new(Box::new(shared.clone())));
        let input = Failing {
            kind: std::io::ErrorKind::Other,
            interruptions: 3,
            reads: 0,
        };
        serve(std::io::BufReader::new(input), out);
        assert_eq!(shared.lines(), ["error reading input: is a directory"]);
    }

    /// Input fed line by line from a channel: end of input when the sender goes.
    struct ChannelReader {
        rx: Receiver<Vec<u8>>,
        pending: Vec<u8>,
        at: usize,
    }

    impl Read for ChannelReader {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            if self.at == self.pending.len() {
                match self.rx.recv() {
                    Ok(bytes) => (self.pending, self.at) = (bytes, 0),
                    Err(_) => return Ok(0),
                }
            }
            let n = buf.len().min(self.pending.len() - self.at);
            buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    /// A server on a thread, driven line by line (so that a search is not
    /// stopped by the end of input before it answers).
    struct Live {
        tx: Option<Sender<Vec<u8>>>,
        out: Shared,
        seen: usize,
        thread: Option<std::thread::JoinHandle<()>>,
    }

    impl Live {
        fn start() -> Live {
            let (tx, rx) = channel();
            let out = Shared::default();
            let writer: Out = Arc::new(Mutex::new(Box::new(out.clone())));
            let reader = std::io::BufReader::new(ChannelReader {
                rx,
                pending: Vec::new(),
                at: 0,
            });
            let thread = std::thread::spawn(move || serve(reader, writer));
            Live {
                tx: Some(tx),
                out,
                seen: 0,
                thread: Some(thread),
            }
        }

        fn send(&mut self, line: &str) {
            let tx = self.tx.as_ref().unwrap();
            tx.send(format!("{line}\n").into_bytes()).unwrap();
        }

        /// The new lines up to and including the first starting with
        /// `prefix`; fails after 60 s.
        fn until(&mut self, prefix: &str) -> Vec<String> {
            let begin = Instant::now();
            loop {
                let lines = self.out.lines();
                if let Some(i) = lines[self.seen..]
                    .iter()
                    .position(|l| l.starts_with(prefix))
                {
                    let got = lines[self.seen..=self.seen + i].to_vec();
                    self.seen += i + 1;
                    return got;
                }
                assert!(
                    begin.elapsed() < Duration::from_secs(60),
                    "no `{prefix}` in {:?}",
                    &lines[self.seen..]
                );
                std::thread::sleep(Duration::from_millis(5));
            }
        }

        /// Sends `line`, then `isready`: the lines answered before `readyok`.
        fn ask(&mut self, line: &str) -> Vec<String> {
            self.send(line);
            self.send("isready");
            let mut lines = self.until("readyok");
            lines.pop();
            lines
        }

        /// Ends the input and waits for the server to return.
        fn close(mut self) -> Vec<String> {
            self.tx = None;
            self.thread.take().unwrap().join().unwrap();
            self.out.lines()[self.seen..].to_vec()
        }
    }

    #[test]
    fn a_large_hash_table_is_filled_with_progress_and_a_stop_interrupts_it() {
        // Issue 44, item 1: the table was written whole at the first `go`,
        // silently and unstoppably (5 s for 4 GiB).
        let mut live = Live::start();
        live.send("setoption name hash value 1024");
        live.send("go infinite");
        let first = live.until("info");
        let fill = first.last().unwrap();
        assert!(
            fill.starts_with("info string hash ") && fill.ends_with(" of 1024 MiB filled"),
            "{first:?}"
        );
        live.send("stop");
        let answer = live.until("bestmove");
        // Stopped during the fill: the search had no time for an iteration.
        let whole = "info string hash 1024 of 1024 MiB filled";
        assert!(!answer.iter().any(|l| l == whole), "{answer:?}");
        assert!(
            answer.last().unwrap().starts_with("bestmove "),
            "{answer:?}"
        );
        // The engine goes on: the next search fills the rest, then searches.
        live.send("go depth 1");
        let next = live.until("bestmove");
        assert!(
            next.iter().any(|l| l.starts_with("info depth 1 ")),
            "{next:?}"
        );
        live.close();
    }

    #[test]
    fn malformed_commands_get_error_lines() {
        let bad = [
            "frobnicate",
            "setoption name level value 11",
            "setoption name level",
            "rules chess",
            "position startpos moves z9-z10",
            "position setup 8/8 r",
            "go depth x",
            "go sideways 3",
            "setoption name hash value 99999999999999999999999",
            // Reported by users: accepted silently (clamped) before.
            "go depth 0",
            "go depth 65",
            "go nodes 0",
            "setoption name threads value 0",
            "setoption name threads value 65",
            "setoption name maxplies value 100001",
            "setoption name hash value 4097",
            // Reported: `isready now` was answered, `quit now` unknown.
            "isready now",
            "quit now",
            "stop please",
            "newgame 2",
            "hep hep",
        ];
        let input: String = bad.iter().map(|l| format!("{l}\n")).collect();
        let lines = session(&format!("{input}isready\n"));
        assert_eq!(lines.len(), bad.len() + 1, "{lines:?}");
        for (line, command) in lines.iter().zip(bad) {
            assert!(line.starts_with("error "), "{command}: {line}");
        }
        assert_eq!(lines[bad.len()], "readyok");
    }

    #[test]
    fn errors_echo_control_bytes_escaped() {
        let lines = session("\u{1b}[2J\u{7}\ngo depth 1\u{1b}\nposition startpos moves \u{1b}x\n");
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert_eq!(lines[0], "error unknown command `\\x1b[2J\\x07`");
        for line in &lines {
            assert!(line.starts_with("error "), "{line}");
            assert!(!line.chars().any(char::is_control), "{line:?}");
            assert!(line.contains("\\x1b"), "{line}");
        }
    }

    #[test]
    fn the_handshake_names_the_protocol_version_and_every_option() {
        let lines = session("hep\n");
        assert_eq!(lines[2], format!("id protocol {PROTOCOL_VERSION}"));
        for option in [
            "level",
            "hash",
            "threads",
            "seed",
            "maxplies",
            "repetition",
            "multipv",
        ] {
            let prefix = format!("option name {option} type ");
            assert!(
                lines.iter().any(|l| l.starts_with(&prefix)),
                "{option}: {lines:?}"
            );
        }
        assert_eq!(lines.last().unwrap(), "hepok");
    }

    #[test]
    fn a_search_ends_with_a_final_info_line_then_bestmove() {
        let mut live = Live::start();
        live.send("rules halma8");
        live.send("position startpos moves a5-a4");
        live.send("go depth 3");
        let lines = live.until("bestmove ");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 3 ")),
            "{lines:?}"
        );
        let last_info = &lines[lines.len() - 2];
        assert!(last_info.starts_with("info depth 3 seldepth "), "{lines:?}");
        let best = &lines[lines.len() - 1]["bestmove ".len()..];
        assert!(last_info.contains(&format!(" pv {best}")), "{lines:?}");
        let rules: Rules = "halma8".parse().unwrap();
        let mut position = rules.start_position();
        position.make_move_unchecked(rules.parse_move(&position, "a5-a4").unwrap());
        rules.parse_move(&position, best).unwrap();
        assert!(live.close().is_empty());
    }

    #[test]
    fn go_with_only_other_seats_clocks_is_refused() {
        let mut live = Live::start();
        // Red is to move at the start.
        for go in [
            "go btime 1000",
            "go rinc 500",
            "go movestogo 5",
            "go btime 10 binc 5",
        ] {
            let lines = live.ask(go);
            assert_eq!(lines.len(), 1, "{go}: {lines:?}");
            assert!(
                lines[0].starts_with("error go: no limit applies to Red"),
                "{lines:?}"
            );
        }
        // Not searching: a position is accepted at once.
        assert!(live.ask("position startpos").is_empty());
        let lines = live.ask("go rtime 300 btime 1000");
        assert!(lines.iter().all(|l| !l.starts_with("error")), "{lines:?}");
        live.until("bestmove ");
        assert!(live.close().is_empty());
    }

    #[test]
    fn moves_lists_the_legal_moves_in_canonical_notation() {
        let rules: Rules = "halma8".parse().unwrap();
        let mut position = rules.start_position();
        position.make_move_unchecked(rules.parse_move(&position, "a5-a4").unwrap());
        let lines = session("rules halma8\nposition startpos moves a5-a4\nmoves\n");
        assert_eq!(lines.len(), 1, "{lines:?}");
        let words: Vec<&str> = lines[0].split(' ').collect();
        assert_eq!(words[0], "moves");
        let expected: Vec<String> = rules
            .legal_moves(&position)
            .iter()
            .map(|&mv| rules.move_to_string(&position, mv).unwrap())
            .collect();
        assert_eq!(words[1..], expected);
        // A finished game: d2-e1 fills Red's target camp.
        let won = "position setup 8/8/bbbbb3/bbbbb3/7r/6rr/3r1rrr/5rrr r moves d2-e1";
        let lines = session(&format!("rules halma8\n{won}\nmoves\n"));
        assert_eq!(lines, ["moves"]);
    }

    #[test]
    fn multipv_reports_the_best_root_moves_in_order() {
        let mut live = Live::start();
        live.send("rules halma8");
        live.send("setoption name multipv value 3");
        live.send("go depth 2");
        let lines = live.until("bestmove ");
        let depth2: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth 2 ") && l.contains(" multipv "))
            .collect();
        assert_eq!(depth2.len(), 3, "{lines:?}");
        let field = |line: &str, name: &str| -> String {
            let words: Vec<&str> = line.split(' ').collect();
            let at = words.iter().position(|w| *w == name).unwrap();
            words[at + 1].to_owned()
        };
        let mut firsts = Vec::new();
        let mut scores = Vec::new();
        for (k, line) in depth2.iter().enumerate() {
            assert_eq!(field(line, "multipv"), (k + 1).to_string(), "{line}");
            firsts.push(field(line, "pv"));
            scores.push(field(line, "cp").parse::<i32>().unwrap());
        }
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "three different first moves: {depth2:?}");
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        let best = &lines.last().unwrap()["bestmove ".len()..];
        assert_eq!(field(depth2[0], "pv"), best);
        live.close();
    }

    #[test]
    fn searchmoves_restricts_the_root_moves() {
        let rules: Rules = "halma8".parse().unwrap();
        let position = rules.start_position();
        let legal = rules.legal_moves(&position);
        // The move the ordering likes least, so that it is not chosen anyway.
        let chosen = rules
            .move_to_string(&position, *legal.iter().last().unwrap())
            .unwrap();
        let other = rules.move_to_string(&position, legal[0]).unwrap();
        let mut live = Live::start();
        live.send("rules halma8");
        live.send(&format!("go depth 2 searchmoves {chosen}"));
        let lines = live.until("bestmove ");
        assert_eq!(lines.last().unwrap(), &format!("bestmove {chosen}"));
        live.send(&format!("go depth 2 searchmoves {other} {chosen}"));
        let best = live.until("bestmove ").pop().unwrap();
        assert!(best == format!("bestmove {chosen}") || best == format!("bestmove {other}"));
        // An illegal or repeated move refuses the whole command.
        for bad in [
            format!("go depth 2 searchmoves {chosen} a1-a2"),
            format!("go depth 2 searchmoves {chosen} {chosen}"),
        ] {
            let lines = live.ask(&bad);
            assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
            assert!(
                lines[0].starts_with("error go: searchmoves: move 2 "),
                "{lines:?}"
            );
        }
        assert!(live.close().is_empty());
    }

    #[test]
    fn a_long_search_reports_progress_with_the_current_move() {
        let mut live = Live::start();
        live.send("go movetime 1300");
        let lines = live.until("bestmove ");
        let progress: Vec<&String> = lines.iter().filter(|l| l.contains(" currmove ")).collect();
        assert!(!progress.is_empty(), "{lines:?}");
        let rules = Rules::new(halma_rules::Preset::Halma);
        for line in progress {
            let words: Vec<&str> = line.split(' ').collect();
            let at = words.iter().position(|w| *w == "currmove").unwrap();
            rules
                .parse_move(&rules.start_position(), words[at + 1])
                .unwrap();
            assert_eq!(words[at + 2], "currmovenumber", "{line}");
            let number: usize = words[at + 3].parse().unwrap();
            assert!((1..=rules.legal_moves(&rules.start_position()).len()).contains(&number));
        }
        live.close();
    }

    #[test]
    fn quit_with_extra_words_does_not_quit() {
        let mut live = Live::start();
        let lines = live.ask("quit now");
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("error quit: unexpected `now`"),
            "{lines:?}"
        );
        live.send("quit");
        assert!(live.close().is_empty());
    }
}
