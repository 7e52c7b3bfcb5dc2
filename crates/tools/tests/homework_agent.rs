//! The `homework_agent` example, the adapter, driven through the engine protocol, with
//! fake agents (shell scripts written here) in place of real ones: the
//! files it writes, the moves it answers, and the `error` lines (a match's
//! forfeit) for an agent that times out, fails or writes no legal move.
#![cfg(unix)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The `homework_agent` example, which `cargo test` builds next to the
/// tests; built here when only this test was asked for (`cargo test -p
/// halma-tools --test homework_agent` builds no examples).
fn adapter_program() -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT
        .get_or_init(|| {
            let exe = std::env::current_exe().unwrap();
            // target/<profile>/deps/<this test> -> target/<profile>/examples/homework_agent
            let profile_dir = exe.parent().and_then(Path::parent).unwrap();
            let program = profile_dir.join("examples").join("homework_agent");
            if !program.exists() {
                let target_dir = profile_dir.parent().unwrap();
                let mut build = Command::new(env!("CARGO"));
                build.args(["build", "-p", "halma-tools", "--example", "homework_agent"]);
                build.arg("--target-dir").arg(target_dir);
                if profile_dir
                    .file_name()
                    .is_some_and(|name| name == "release")
                {
                    build.arg("--release");
                }
                let status = build.status().expect("cargo runs");
                assert!(status.success(), "building the adapter: {status}");
            }
            assert!(program.exists(), "{} is not built", program.display());
            program
        })
        .clone()
}

/// A directory of one test's own, removed at the end.
struct TestDir(PathBuf);

impl TestDir {
    fn new(name: &str) -> TestDir {
        let path =
            std::env::temp_dir().join(format!("homework-agent-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TestDir(path)
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The adapter running a fake agent whose shell script is `body`.
struct Adapter {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Adapter {
    fn start(dir: &Path, body: &str, options: &[&str]) -> Adapter {
        let script = dir.join("agent.sh");
        std::fs::write(&script, format!("#!/bin/sh\n{body}\n")).unwrap();
        let games = dir.join("games");
        std::fs::create_dir_all(&games).unwrap();
        let mut child = Command::new(adapter_program())
            .args(["--dir", games.to_str().unwrap()])
            .args(options)
            .args([
                "--",
                "/bin/sh",
                script.to_str().unwrap(),
                dir.to_str().unwrap(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Adapter {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// The next line whose first word is one of `words`, within `limit`.
    fn expect(&mut self, words: &[&str], limit: Duration) -> String {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {words:?} line within {limit:?}"));
            if words.contains(&line.split_whitespace().next().unwrap_or("")) {
                return line;
            }
        }
    }

    fn answer_to_go(&mut self) -> String {
        self.send("go nodes 1");
        self.expect(&["bestmove", "error"], Duration::from_secs(10))
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A fake agent that keeps a copy of each input and plays a fixed opening
/// move of its colour: BLACK's jump from column 1, row 2 to column 3, row 4,
/// WHITE's from column 14, row 13 to column 12, row 11.
const FIXED_MOVES: &str = r#"cp input.txt "$1/input-$(ls "$1" | grep -c input-).txt"
if [ "$(sed -n 2p input.txt)" = BLACK ]; then echo "J 1,2 3,4" > output.txt; else echo "J 14,13 12,11" > output.txt; fi"#;

#[test]
fn positions_go_out_and_moves_come_back_in_the_engines_notation() {
    let dir = TestDir::new("moves");
    let mut adapter = Adapter::start(&dir.0, FIXED_MOVES, &["--budget", "100"]);
    adapter.send("hep");
    let id = adapter.expect(&["id"], Duration::from_secs(5));
    assert!(id.starts_with("id name homework agent"), "{id}");
    adapter.expect(&["hepok"], Duration::from_secs(5));
    adapter.send("rules halma");
    adapter.send("newgame");
    adapter.send("position startpos");
    assert_eq!(adapter.answer_to_go(), "bestmove b14-d12");
    adapter.send("position startpos moves b14-d12");
    assert_eq!(adapter.answer_to_go(), "bestmove o3-m5");

    let first = std::fs::read_to_string(dir.0.join("input-0.txt")).unwrap();
    let mut start = String::from("GAME\nBLACK\n100.0\n");
    for y in 0..16 {
        for x in 0..16 {
            let black = y < 5 && x < [5, 5, 4, 3, 2][y];
            let white = y > 10 && 15 - x < [5, 5, 4, 3, 2][15 - y];
            start.push(if black {
                'B'
            } else if white {
                'W'
            } else {
                '.'
            });
        }
        start.push('\n');
    }
    assert_eq!(first, start);
    let second = std::fs::read_to_string(dir.0.join("input-1.txt")).unwrap();
    let lines: Vec<&str> = second.lines().collect();
    assert_eq!(lines[1], "WHITE");
    let left: f64 = lines[2].parse().unwrap();
    assert!(left > 90.0 && left < 100.0, "time left {left}");
    // b14 moved to d12: row 2 from the top lost column 1, row 4 gained column 3.
    assert_eq!(&lines[3 + 2][..5], "B.BB.");
    assert_eq!(&lines[3 + 4][..5], "BB.B.");
}

#[test]
fn a_slow_agent_is_killed_and_its_move_refused() {
    let dir = TestDir::new("slow");
    let mut adapter = Adapter::start(&dir.0, "exec sleep 20", &["--move-timeout", "0.3"]);
    adapter.send("position startpos");
    let start = Instant::now();
    let answer = adapter.answer_to_go();
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
    assert!(
        answer.starts_with("error homework agent: no output.txt within 300 ms"),
        "{answer}"
    );
    // The adapter itself is still there.
    adapter.send("isready");
    adapter.expect(&["readyok"], Duration::from_secs(5));
}

#[test]
fn bad_output_is_an_error_line_never_a_move() {
    let cases = [
        ("echo hello > output.txt", "is not `E x1,y1 x2,y2`"),
        ("echo 'E 0,0 1,0' > output.txt", "illegal move a16-b16"),
        ("echo 'J 14,13 12,11' > output.txt", "illegal move o3-m5"),
        ("exit 3", "without writing output.txt"),
        (": > output.txt", "holds no move"),
    ];
    for (i, (body, says)) in cases.iter().enumerate() {
        let dir = TestDir::new(&format!("bad{i}"));
        let mut adapter = Adapter::start(&dir.0, body, &[]);
        adapter.send("position startpos");
        let answer = adapter.answer_to_go();
        assert!(
            answer.starts_with("error homework agent: "),
            "{body}: {answer}"
        );
        assert!(answer.contains(says), "{body}: {answer}");
    }
}

#[test]
fn an_output_left_from_the_last_move_is_not_played_again() {
    let dir = TestDir::new("stale");
    // Plays once, then does nothing: the second move finds no output.txt.
    let body = r#"if [ -e "$1/played" ]; then exit 0; fi; touch "$1/played"; echo "J 1,2 3,4" > output.txt"#;
    let mut adapter = Adapter::start(&dir.0, body, &[]);
    adapter.send("position startpos");
    assert_eq!(adapter.answer_to_go(), "bestmove b14-d12");
    adapter.send("position startpos moves b14-d12 o3-m5");
    let answer = adapter.answer_to_go();
    assert!(answer.contains("without writing output.txt"), "{answer}");
}

#[test]
fn the_game_budget_runs_out() {
    let dir = TestDir::new("budget");
    let body = r#"sleep 2; echo "J 1,2 3,4" > output.txt"#;
    let mut adapter = Adapter::start(&dir.0, body, &["--budget", "3"]);
    adapter.send("position startpos");
    assert_eq!(adapter.answer_to_go(), "bestmove b14-d12");
    // About 1 s left: the second move times out, the third has none.
    let answer = adapter.answer_to_go();
    assert!(answer.contains("no output.txt within"), "{answer}");
    let answer = adapter.answer_to_go();
    assert!(answer.contains("out of time"), "{answer}");
    // A new game has the whole budget again.
    adapter.send("newgame");
    adapter.send("position startpos");
    assert_eq!(adapter.answer_to_go(), "bestmove b14-d12");
}

#[test]
fn rules_it_cannot_play_are_refused() {
    let dir = TestDir::new("rules");
    let mut adapter = Adapter::start(&dir.0, FIXED_MOVES, &[]);
    adapter.send("rules halma8");
    let answer = adapter.expect(&["error"], Duration::from_secs(5));
    assert!(answer.contains("halma8"), "{answer}");
    adapter.send("rules halma,home-lock");
    adapter.send("isready");
    adapter.expect(&["readyok"], Duration::from_secs(5));
}

#[test]
fn bad_options_exit_with_status_2() {
    for args in [
        &["--budget", "0", "--", "true"][..],
        &["--budget", "nan", "--", "true"],
        &["--move-timeout", "-1", "--", "true"],
        &["--mode", "blitz", "--", "true"],
        &["--"],
        &[],
    ] {
        let status = Command::new(adapter_program())
            .args(args)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(2), "{args:?}");
    }
}
