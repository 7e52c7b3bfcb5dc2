//! The server side: an engine speaking the protocol on a byte stream (see
//! `docs/protocol.md`). A search runs on its own thread, so that `stop`,
//! `isready` and `quit` are answered while it thinks.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use halma_engine::{
    Clock, DrawRules, Engine, EngineOptions, Limits, Score, SearchInfo, MAX_HASH_MIB, MAX_THREADS,
};
use halma_rules::{Move, Position, Rules, Seat};

/// The protocol's name, sent first by the controller.
pub const HANDSHAKE: &str = "hep";

/// Longest command line read; longer lines get an error.
const MAX_LINE: usize = 1 << 20;

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

struct Search {
    handle: JoinHandle<Engine>,
    stop: Arc<AtomicBool>,
    /// Set by the search thread just before it sends `bestmove`.
    done: Arc<AtomicBool>,
}

struct Session {
    out: Out,
    rules: Rules,
    start: Position,
    moves: Vec<Move>,
    position: Position,
    history: Vec<u64>,
    engine: Option<Engine>,
    search: Option<Search>,
}

/// Serves the protocol: reads commands from `input`, writes to `out`.
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
        engine: Some(Engine::new(EngineOptions::default())),
        search: None,
    };
    let mut input = input;
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match read_line(&mut input, &mut buffer) {
            Ok(0) => break,
            Ok(_) => {}
            Err(message) => {
                send(&session.out, &format!("error {message}"));
                continue;
            }
        }
        let line = match std::str::from_utf8(&buffer) {
            Ok(line) => line.trim().to_owned(),
            Err(_) => {
                send(&session.out, "error the command is not valid UTF-8");
                continue;
            }
        };
        if line.is_empty() {
            continue;
        }
        if line == "quit" {
            break;
        }
        if let Err(message) = session.command(&line) {
            send(&session.out, &format!("error {message}"));
        }
    }
    session.finish_search();
}

/// Reads one line of at most [`MAX_LINE`] bytes (the rest of a longer line is skipped).
fn read_line(input: &mut impl BufRead, buffer: &mut Vec<u8>) -> Result<usize, String> {
    let mut total = 0;
    loop {
        let available = match input.fill_buf() {
            Ok(b) => b,
            Err(e) => return Err(format!("reading input: {e}")),
        };
        if available.is_empty() {
            return Ok(total);
        }
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let n = chunk.len();
        if buffer.len() < MAX_LINE {
            buffer.extend_from_slice(&chunk[..n.min(MAX_LINE - buffer.len())]);
        }
        total += n;
        input.consume(n);
        if done {
            if total > MAX_LINE {
                buffer.clear();
                return Err(format!("line too long: at most {MAX_LINE} bytes"));
            }
            return Ok(total);
        }
    }
}

impl Session {
    fn engine(&mut self) -> Result<&mut Engine, String> {
        if self
            .search
            .as_ref()
            .is_some_and(|s| s.done.load(Ordering::Acquire))
        {
            // `bestmove` is out: the thread is returning the engine.
            self.finish_search();
        }
        if self.search.is_some() {
            return Err("the engine is searching: send stop first".to_owned());
        }
        Ok(self
            .engine
            .as_mut()
            .expect("the engine is home when not searching"))
    }

    /// Waits for a running search to end (after raising its stop flag).
    fn finish_search(&mut self) {
        if let Some(search) = self.search.take() {
            search.stop.store(true, Ordering::Relaxed);
            match search.handle.join() {
                Ok(engine) => self.engine = Some(engine),
                Err(_) => {
                    send(&self.out, "error the search failed; the engine was reset");
                    self.engine = Some(Engine::new(EngineOptions::default()));
                }
            }
        }
    }

    /// Takes back the engine if its search has ended by itself.
    fn reap(&mut self) {
        if self.search.as_ref().is_some_and(|s| s.handle.is_finished()) {
            self.finish_search();
        }
    }

    fn command(&mut self, line: &str) -> Result<(), String> {
        self.reap();
        let mut words = line.split_whitespace();
        let name = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        match name {
            HANDSHAKE => {
                let version = env!("CARGO_PKG_VERSION");
                send(&self.out, &format!("id name halma {version}"));
                send(&self.out, "id author The halma developers");
                send(
                    &self.out,
                    "option name level type spin default 10 min 1 max 10",
                );
                send(
                    &self.out,
                    &format!(
                        "option name hash type spin default {} min 0 max {MAX_HASH_MIB}",
                        halma_engine::DEFAULT_HASH_MIB
                    ),
                );
                send(
                    &self.out,
                    &format!("option name threads type spin default 1 min 1 max {MAX_THREADS}"),
                );
                send(
                    &self.out,
                    "option name seed type spin default 0 min 0 max 18446744073709551615",
                );
                send(
                    &self.out,
                    "option name maxplies type spin default 0 min 0 max 100000",
                );
                send(&self.out, "option name repetition type check default true");
                send(&self.out, "hepok");
                Ok(())
            }
            "isready" => {
                send(&self.out, "readyok");
                Ok(())
            }
            "setoption" => self.set_option(&rest),
            "rules" => {
                self.engine()?;
                let [text] = rest[..] else {
                    return Err("usage: rules <rules string>".to_owned());
                };
                let rules: Rules = text.parse().map_err(|e| format!("rules: {e}"))?;
                self.rules = rules;
                self.set_position(self.rules.start_position(), Vec::new());
                Ok(())
            }
            "newgame" => {
                self.engine()?.new_game();
                Ok(())
            }
            "position" => {
                self.engine()?;
                self.position_command(&rest)
            }
            "go" => {
                self.engine()?;
                let limits = self.parse_go(&rest)?;
                self.go(limits);
                Ok(())
            }
            "stop" => {
                // Without a search, stop does nothing (a race with bestmove is harmless).
                self.finish_search();
                Ok(())
            }
            "show" => {
                let mut text = String::new();
                text.push_str(&format!("info string rules {}\n", self.rules));
                text.push_str(&format!("info string position {}\n", self.position));
                text.push_str(&format!("info string moves {}", self.moves.len()));
                send(&self.out, &text);
                Ok(())
            }
            other => Err(format!("unknown command `{}`", truncate(other))),
        }
    }

    fn set_option(&mut self, rest: &[&str]) -> Result<(), String> {
        let usage = "usage: setoption name <name> value <value>";
        if rest.len() != 4 || rest[0] != "name" || rest[2] != "value" {
            return Err(usage.to_owned());
        }
        let (option, value) = (rest[1].to_ascii_lowercase(), rest[3]);
        let number = |max: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| {
                    format!(
                        "option {option}: `{}` is not a whole number",
                        truncate(value)
                    )
                })
                .map(|n| n.min(max))
        };
        match option.as_str() {
            "level" => {
                let level = number(u64::MAX)?;
                if !(1..=10).contains(&level) {
                    return Err(format!("option level: {level} is not in 1..10"));
                }
                self.engine()?.set_level(level as u8);
            }
            "hash" => {
                let asked = number(u64::MAX)?;
                let mib = self
                    .engine()?
                    .set_hash_mib(asked.min(usize::MAX as u64) as usize);
                if (mib as u64) < asked {
                    send(&self.out, &format!("info string hash capped to {mib} MiB"));
                }
            }
            "threads" => {
                let threads = number(MAX_THREADS as u64)?.max(1);
                self.engine()?.set_threads(threads as usize);
            }
            "seed" => {
                let seed = number(u64::MAX)?;
                self.engine()?.set_seed(seed);
            }
            "maxplies" => {
                let plies = number(100_000)?;
                let engine = self.engine()?;
                let mut draws = engine.options().draws;
                draws.max_plies = (plies > 0).then_some(plies as u32);
                engine.set_draw_rules(draws);
            }
            "repetition" => {
                let on = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err("option repetition: expected true or false".to_owned()),
                };
                let engine = self.engine()?;
                let draws = DrawRules {
                    repetition: on,
                    ..engine.options().draws
                };
                engine.set_draw_rules(draws);
            }
            _ => return Err(format!("unknown option `{}`", truncate(&option))),
        }
        Ok(())
    }

    fn set_position(&mut self, start: Position, moves: Vec<Move>) {
        let mut position = start.clone();
        let mut history = Vec::with_capacity(moves.len());
        for &mv in &moves {
            history.push(position.hash());
            position.make_move(mv);
        }
        self.start = start;
        self.moves = moves;
        self.position = position;
        self.history = history;
    }

    fn position_command(&mut self, rest: &[&str]) -> Result<(), String> {
        let usage = "usage: position startpos [moves <move>...] | position setup <rows> <side> [moves <move>...]";
        let (start, tail) = match rest.first() {
            Some(&"startpos") => (self.rules.start_position(), &rest[1..]),
            Some(&"setup") => {
                if rest.len() < 3 {
                    return Err(usage.to_owned());
                }
                let text = format!("{} {}", rest[1], rest[2]);
                let position = self
                    .rules
                    .parse_position(&text)
                    .map_err(|e| format!("position: {e}"))?;
                (position, &rest[3..])
            }
            _ => return Err(usage.to_owned()),
        };
        let moves_text = match tail.first() {
            None => &[][..],
            Some(&"moves") => &tail[1..],
            Some(other) => {
                return Err(format!(
                    "position: expected `moves`, found `{}`",
                    truncate(other)
                ))
            }
        };
        if moves_text.len() > halma_rules::MAX_GAME_MOVES {
            return Err(format!(
                "position: more than {} moves",
                halma_rules::MAX_GAME_MOVES
            ));
        }
        let mut position = start.clone();
        let mut moves = Vec::with_capacity(moves_text.len());
        for (i, text) in moves_text.iter().enumerate() {
            let mv = self
                .rules
                .parse_move(&position, text)
                .map_err(|e| format!("position: move {} `{}`: {e}", i + 1, truncate(text)))?;
            position.make_move(mv);
            moves.push(mv);
        }
        self.set_position(start, moves);
        Ok(())
    }

    fn parse_go(&self, rest: &[&str]) -> Result<Limits, String> {
        let mut limits = Limits::default();
        let mut clocks: [Option<Duration>; 4] = [None; 4];
        let mut increments: [Option<Duration>; 4] = [None; 4];
        let mut moves_to_go = None;
        let mut i = 0;
        while i < rest.len() {
            let key = rest[i];
            if key == "infinite" {
                i += 1;
                continue;
            }
            let value = rest
                .get(i + 1)
                .ok_or_else(|| format!("go: `{}` needs a value", truncate(key)))?;
            let number: u64 = value.parse().map_err(|_| {
                format!(
                    "go: {}: `{}` is not a whole number",
                    truncate(key),
                    truncate(value)
                )
            })?;
            let ms = Duration::from_millis(number.min(1 << 40));
            match key {
                "depth" => {
                    limits.depth =
                        Some(number.clamp(1, halma_engine::search::MAX_DEPTH as u64) as u32)
                }
                "nodes" => limits.nodes = Some(number.max(1)),
                "movetime" => limits.movetime = Some(ms),
                "movestogo" => moves_to_go = Some(number.clamp(1, 1000) as u32),
                _ => {
                    let seat_time = |suffix: &str| {
                        key.strip_suffix(suffix).and_then(|l| {
                            let mut chars = l.chars();
                            match (chars.next(), chars.next()) {
                                (Some(c), None) => Seat::from_letter(c),
                                _ => None,
                            }
                        })
                    };
                    if let Some(seat) = seat_time("time") {
                        clocks[seat.index()] = Some(ms);
                    } else if let Some(seat) = seat_time("inc") {
                        increments[seat.index()] = Some(ms);
                    } else {
                        return Err(format!("go: unknown parameter `{}`", truncate(key)));
                    }
                }
            }
            i += 2;
        }
        let side = self.position.to_move().index();
        if let Some(remaining) = clocks[side] {
            limits.clock = Some(Clock {
                remaining,
                increment: increments[side].unwrap_or_default(),
                moves_to_go,
            });
        }
        Ok(limits)
    }

    fn go(&mut self, limits: Limits) {
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
            let mut reported = false;
            let mut on_info = |info: &SearchInfo| {
                reported = true;
                send(&out, &info_line(&rules, &position, info));
            };
            let result =
                engine.search_with_info(&rules, &position, &history, limits, &flag, &mut on_info);
            if !reported && !result.pv.is_empty() {
                // No iteration was reported (a single legal move, a noisy
                // level, or a search stopped at once): one line all the same.
                let info = SearchInfo {
                    depth: result.depth,
                    seldepth: result.seldepth,
                    score: result.score,
                    nodes: result.nodes,
                    elapsed: result.elapsed,
                    pv: result.pv.clone(),
                    hashfull: 0,
                };
                send(&out, &info_line(&rules, &position, &info));
            }
            let text = rules.move_to_string(&position, result.best_move);
            finished.store(true, Ordering::Release);
            send(&out, &format!("bestmove {text}"));
            engine
        });
        self.search = Some(Search { handle, stop, done });
    }
}

/// An `info` line: depth, seldepth, score, nodes, nps, time, hashfull and pv.
pub fn info_line(rules: &Rules, position: &Position, info: &SearchInfo) -> String {
    let ms = info.elapsed.as_millis();
    let nps = (info.nodes as f64 / info.elapsed.as_secs_f64().max(1e-3)) as u64;
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {nps} time {ms} hashfull {} pv {}",
        info.depth,
        info.seldepth,
        Score::from_raw(info.score),
        info.nodes,
        info.hashfull,
        line_text(rules, position, &info.pv)
    )
}

/// Moves in notation, each written in the position it is played in.
pub fn line_text(rules: &Rules, position: &Position, moves: &[Move]) -> String {
    let mut position = position.clone();
    let mut words = Vec::with_capacity(moves.len());
    for &mv in moves {
        words.push(rules.move_to_string(&position, mv));
        position.make_move(mv);
    }
    words.join(" ")
}

/// At most 40 characters of user input, for error messages.
fn truncate(text: &str) -> String {
    if text.chars().count() > 40 {
        let head: String = text.chars().take(40).collect();
        format!("{head}...")
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the protocol on `input`, returning the output lines.
    fn session(input: &str) -> Vec<String> {
        let buffer: Arc<Mutex<Vec<u8>>> = Arc::new(Mutex::new(Vec::new()));
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
        let out: Out = Arc::new(Mutex::new(Box::new(Shared(buffer.clone()))));
        serve(input.as_bytes(), out);
        let text = String::from_utf8(buffer.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_owned).collect()
    }

    #[test]
    fn malformed_commands_get_error_lines() {
        let lines = session(
            "frobnicate\nsetoption name level value 11\nsetoption name level\nrules chess\n\
             position startpos moves z9-z10\nposition setup 8/8 r\ngo depth x\ngo sideways 3\n\
             setoption name hash value 99999999999999999999999\nisready\n",
        );
        assert_eq!(lines.len(), 10, "{lines:?}");
        assert!(
            lines[..9].iter().all(|l| l.starts_with("error ")),
            "{lines:?}"
        );
        assert_eq!(lines[9], "readyok");
    }

    #[test]
    fn a_search_answers_with_info_and_bestmove() {
        let lines =
            session("hep\nrules halma8\nposition startpos moves a5-a4\ngo depth 3\nisready\n");
        assert!(lines.contains(&"hepok".to_owned()));
        let best = lines
            .iter()
            .find(|l| l.starts_with("bestmove "))
            .expect("a bestmove");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 3 ")),
            "{lines:?}"
        );
        let rules: Rules = "halma8".parse().unwrap();
        let mut position = rules.start_position();
        position.make_move(rules.parse_move(&position, "a5-a4").unwrap());
        rules
            .parse_move(&position, &best["bestmove ".len()..])
            .unwrap();
    }

    #[test]
    fn huge_hash_requests_are_capped() {
        let lines = session("setoption name hash value 1099511627776\nisready\n");
        assert_eq!(
            lines[0],
            format!("info string hash capped to {MAX_HASH_MIB} MiB")
        );
    }
}
