//! `halma engine` driven as a child process through whole games; `play`,
//! `selfplay` and `match` run end to end on small boards.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use halma_rules::{Game, GameResult, Rules};

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_halma"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "output closed: {lines:?}"
            );
            let line = line.trim_end().to_owned();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }
}

#[test]
fn the_engine_plays_a_whole_game_through_the_protocol() {
    let mut engine = Engine::start();
    engine.send("hep");
    let hello = engine.until("hepok");
    assert!(hello[0].starts_with("id name halma"));
    assert!(hello
        .iter()
        .any(|l| l.starts_with("option name level type spin")));
    engine.send("setoption name level value 10");
    engine.send("rules halma8");
    engine.send("newgame");
    engine.send("isready");
    assert_eq!(engine.until("readyok"), ["readyok"]);
    let rules: Rules = "halma8".parse().unwrap();
    let mut game = Game::new(rules);
    let mut texts: Vec<String> = Vec::new();
    while !game.is_over() {
        assert!(texts.len() < 300, "no winner after 300 plies");
        let mut command = "position startpos".to_owned();
        if !texts.is_empty() {
            command.push_str(" moves ");
            command.push_str(&texts.join(" "));
        }
        engine.send(&command);
        engine.send("go nodes 2000");
        let lines = engine.until("bestmove ");
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with("info ") || l.starts_with("bestmove ")),
            "{lines:?}"
        );
        assert!(lines.len() >= 2, "an info line before bestmove: {lines:?}");
        let best = lines.last().unwrap()["bestmove ".len()..].to_owned();
        game.play_str(&best)
            .unwrap_or_else(|e| panic!("{best}: {e}"));
        texts.push(best);
    }
    assert!(matches!(game.result(), GameResult::Won(_)));
    // The game is over: the engine says so.
    engine.send(&format!("position startpos moves {}", texts.join(" ")));
    engine.send("go depth 3");
    let lines = engine.until("bestmove ");
    assert_eq!(lines.last().unwrap(), "bestmove none");
    engine.send("quit");
    assert!(engine.child.wait().unwrap().success());
}

#[test]
fn stop_ends_an_infinite_search_and_errors_never_crash() {
    let mut engine = Engine::start();
    engine.send("position startpos moves b12-c11");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let asked = Instant::now();
    engine.send("stop");
    let lines = engine.until("bestmove ");
    assert!(asked.elapsed() < Duration::from_secs(3));
    assert!(lines.iter().any(|l| l.starts_with("info depth ")));
    for bad in [
        "go fast",
        "position",
        "position setup rrrrr11 r",
        "setoption name threads value many",
        "rules halma,spoil=all",
        "\u{0}\u{1}",
    ] {
        engine.send(bad);
        engine.send("isready");
        let lines = engine.until("readyok");
        assert_eq!(lines.len(), 2, "{bad}: {lines:?}");
        assert!(lines[0].starts_with("error "), "{bad}: {lines:?}");
    }
    drop(engine.input);
    assert!(engine.child.wait().unwrap().success());
}

fn halma(args: &[&str], input: &str) -> (String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_halma"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        output.status.success(),
    )
}

#[test]
fn selfplay_ends_with_a_winner_and_a_record() {
    let (text, ok) = halma(
        &[
            "selfplay",
            "--rules",
            "halma8",
            "--engine",
            "nodes=2000",
            "--color",
            "never",
        ],
        "",
    );
    assert!(ok, "{text}");
    assert!(
        text.contains("Result: ") && text.contains(" wins after "),
        "{text}"
    );
    let record = &text[text.find("[Rules").expect("a record")..];
    let replayed = halma_rules::read_record(record).unwrap();
    assert!(replayed.game.is_over());
}

#[test]
fn play_takes_moves_hints_and_undo() {
    let (text, ok) = halma(
        &[
            "play", "--rules", "halma8", "--level", "3", "--color", "never",
        ],
        "hint\nzz9\na5-a4\nundo\nlevel 2\nmoves\nb6-c5\nquit\n",
    );
    assert!(ok, "{text}");
    assert!(text.contains("Hint: "), "{text}");
    assert!(text.contains("error: "), "{text}");
    assert!(text.contains("Blue plays "), "{text}");
    assert!(text.contains("Took back 2 plies."), "{text}");
    assert!(text.contains("Level 2."), "{text}");
}

#[test]
fn match_reports_a_score_with_elo() {
    let (text, ok) = halma(
        &[
            "match",
            "--rules",
            "halma8",
            "--games",
            "4",
            "--a",
            "nodes=500",
            "--b",
            "greedy",
            "--jobs",
            "2",
        ],
        "",
    );
    assert!(ok, "{text}");
    let last = text.lines().last().unwrap();
    assert!(last.starts_with("A vs B: +"), "{text}");
    assert!(last.contains("Elo"), "{text}");
    // Two protocol engines given as commands.
    let command = format!("cmd={}  engine", env!("CARGO_BIN_EXE_halma"));
    let (text, ok) = halma(
        &[
            "match",
            "--rules",
            "halma8",
            "--games",
            "2",
            "--a",
            &command,
            "--b",
            &command,
            "--go",
            "nodes 300",
        ],
        "",
    );
    assert!(ok, "{text}");
    assert!(
        text.lines().last().unwrap().starts_with("A vs B: +"),
        "{text}"
    );
}
