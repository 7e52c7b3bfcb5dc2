//! The server driven through its byte streams: a whole session at once, or
//! line by line on a thread of its own (`Live`).

use super::*;
use halma_rules::Rules;
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

#[test]
fn a_refused_position_leaves_the_game_as_it_was() {
    let lines = session(
        "rules halma8\nposition startpos moves a5-a4\nposition startpos moves a5-a4 z9-z10\nshow\n",
    );
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(
        lines[0].starts_with("error position: move 2 `z9-z10`: "),
        "{lines:?}"
    );
    let mut game = Game::new("halma8".parse().unwrap());
    game.play_str("a5-a4").unwrap();
    assert_eq!(
        lines[1..],
        [
            format!("info string rules {}", game.rules()),
            format!("info string position {}", game.position()),
            "info string moves 1".to_owned(),
        ]
    );
}
