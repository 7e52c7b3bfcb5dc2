//! Hostile input to the `halma` binary (issue 44): arguments and lines that
//! try to clear the terminal, forge a second error line, or be huge; bytes
//! that are not UTF-8; the longest protocol line; settings that used to be
//! taken silently. Every line written must be at most 1000 bytes with no
//! control character, and a bad line must not end a game.

mod common;

use std::time::Duration;

use common::{halma, halma_bytes, Run};

/// The most bytes of one line of output (issue 44's acceptance).
const MAX_LINE_BYTES: usize = 1000;

/// Checks every line the run wrote: bounded, and no control character
/// (an escape sequence, a NUL, a carriage return that would overwrite it).
fn assert_clean(run: &Run) {
    for (name, text) in [("stdout", &run.stdout), ("stderr", &run.stderr)] {
        for line in text.split('\n') {
            assert!(
                line.len() <= MAX_LINE_BYTES,
                "{name}: a line of {} bytes: {line:.200}",
                line.len()
            );
            assert!(!line.chars().any(char::is_control), "{name}: {line:?}");
        }
    }
}

/// Arguments made to harm: a terminal's escape sequences, a forged line,
/// invisible and reordering characters, and length.
fn nasty() -> Vec<String> {
    vec![
        "halma\u{1b}[2J".to_owned(),
        "halma\nerror: fake second line".to_owned(),
        "\u{9b}2J\u{202e}\u{200b}".to_owned(),
        "a".repeat(120_000),
    ]
}

#[test]
fn bad_arguments_give_one_clean_error_line() {
    for text in nasty() {
        let t = text.as_str();
        let runs: [&[&str]; 14] = [
            &["moves", "--rules", t],
            &["moves", "--rules", &format!("halma,{t}")],
            &["moves", "--position", t],
            &["moves", "--moves", t],
            &["moves", "--moves", &format!("{t}-a1")],
            &["show", "--rules", t],
            &["perft", "--depth", t],
            &["perft", "--depth", "1", "--hash", t],
            &["perft", t],
            &["play", "--seat", t],
            &["selfplay", "--engine", t],
            &["match", "--a", t, "--games", "1"],
            &["match", "--a", &format!("cmd={t}"), "--games", "1"],
            &["solve", "solo", "--verify", t, "--rules", "halma8"],
        ];
        for args in runs {
            let run = halma(args, "");
            assert_eq!(run.code, Some(2), "{args:.80?}\n{run}");
            assert!(run.stderr.starts_with("error: "), "{run}");
            assert_clean(&run);
        }
    }
    // Escaped, not dropped: the message says what was given.
    let run = halma(&["moves", "--rules", "halma\u{1b}[2J"], "");
    assert!(run.stderr.contains("`halma\\x1b[2J`"), "{run}");
    assert_eq!(run.stderr.lines().count(), 1, "{run}");
    let run = halma(&["moves", "--rules", "halma\nerror: fake"], "");
    assert_eq!(run.stderr.lines().count(), 1, "{run}");
}

/// `halma play` on halma8 at level 1 with quick moves, plain output.
fn play(input: &[u8]) -> Run {
    let args = [
        "play",
        "--rules",
        "halma8",
        "--level",
        "1",
        "--movetime",
        "20",
        "--color",
        "never",
    ];
    halma_bytes(&args, input, common::WATCHDOG)
}

#[test]
fn play_answers_bad_lines_and_goes_on() {
    // Issue 44, item 9: a line that is not UTF-8 ended the game (exit 2),
    // and items 5 and 6: lines were echoed whole and raw.
    let mut input = Vec::new();
    input.extend_from_slice(b"\xff\xfe not text\n");
    input.extend_from_slice("a".repeat(3 << 20).as_bytes());
    input.extend_from_slice(b"\n");
    input.extend_from_slice("b".repeat(600_000).as_bytes());
    input.extend_from_slice(b" x\n");
    input.extend_from_slice(b"frob\x1b[2J\0\n");
    input.extend_from_slice(b"a5-a4\x1b[2J\n");
    input.extend_from_slice(b"a5-a4 extra\x07\n");
    input.extend_from_slice(b"load /nonexistent/\x1b[2J\n");
    input.extend_from_slice(b"a5-a4\n");
    input.extend_from_slice(b"quit\n");
    let run = play(&input);
    assert_eq!(run.code, Some(0), "{run:.2000}");
    assert_clean(&run);
    let replies: Vec<&str> = run
        .stdout
        .split("Red> ")
        .skip(1)
        .map(|part| part.lines().next().unwrap_or(""))
        .collect();
    assert_eq!(
        replies[0], "error: the line is not UTF-8 text",
        "{replies:?}"
    );
    assert!(
        replies[1].starts_with("error: the line is longer than 1048576 bytes"),
        "{replies:?}"
    );
    assert!(
        replies[2].starts_with(&format!("unknown command `{}...`", "b".repeat(40))),
        "{replies:?}"
    );
    assert!(
        replies[3].starts_with("unknown command `frob\\x1b[2J\\x00`"),
        "{replies:?}"
    );
    assert!(
        replies[6].contains("`/nonexistent/\\x1b[2J`"),
        "{replies:?}"
    );
    // The game went on: the last move was played and the engine answered.
    assert!(run.stdout.contains("Blue plays "), "{run:.3000}");
}

#[test]
fn play_quotes_a_hostile_record_it_cannot_load() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let records: [&[u8]; 4] = [
        b"[Rules \"halma8\"]\n[Event\x1b[2J \"x\"]\n\n",
        b"[Rules \"halma8\"]\n\n1. a5-a4\x1b[2J\n",
        b"[Rules \"halma8\"]\n\n1. a5-a4\0\n",
        b"[Rules \"halma8\x1b]0;title\x07\"]\n\n",
    ];
    let mut input = Vec::new();
    for (i, record) in records.iter().enumerate() {
        let path = dir.join(format!("hostile-{}-{i}.record", std::process::id()));
        std::fs::write(&path, record).unwrap();
        input.extend_from_slice(format!("load {}\n", path.display()).as_bytes());
    }
    let long_move = format!("[Rules \"halma8\"]\n\n1. {}\n", "a".repeat(600_000));
    let path = dir.join(format!("hostile-{}-long.record", std::process::id()));
    std::fs::write(&path, long_move).unwrap();
    input.extend_from_slice(format!("load {}\nquit\n", path.display()).as_bytes());
    let run = play(&input);
    assert_eq!(run.code, Some(0), "{run:.2000}");
    assert_clean(&run);
    let errors = run
        .stdout
        .lines()
        .filter(|l| l.contains("error: ") && l.ends_with("(the current game goes on)"))
        .count();
    assert_eq!(errors, 5, "{run:.3000}");
}

#[test]
fn a_protocol_line_of_exactly_one_mebibyte_is_read() {
    // Issue 44, item 8: the `\n` was counted, so such a line was refused.
    let line = format!("isready{}\n", " ".repeat((1 << 20) - "isready".len()));
    let over = format!("isready{}\n", " ".repeat((1 << 20) + 1 - "isready".len()));
    let run = halma(&["engine"], &format!("{line}{over}isready\n"));
    assert!(run.success(), "{run:.500}");
    assert_eq!(
        run.stdout.lines().collect::<Vec<_>>(),
        [
            "readyok",
            "error line too long: at most 1048576 bytes",
            "readyok"
        ]
    );
}

#[test]
fn settings_that_say_nothing_are_refused_not_taken_as_the_defaults() {
    // Issue 44 (minor): these were accepted silently as the defaults.
    for engine in ["", ",", ",,,", "level=5,,nodes=100"] {
        let run = halma(&["selfplay", "--engine", engine, "--max-plies", "1"], "");
        assert_eq!(run.code, Some(2), "--engine {engine:?}\n{run}");
        assert!(run.stderr.contains("empty setting at item"), "{run}");
    }
    let run = halma(
        &["selfplay", "--engine", "cmd=halma", "--max-plies", "1"],
        "",
    );
    assert_eq!(run.code, Some(2), "{run}");
    assert!(!run.stderr.contains("whole number"), "{run}");
    assert!(run.stderr.contains("unknown setting"), "{run}");
    assert!(run.stderr.contains("`halma match`"), "{run}");
    // Quietly capped before; the C ABI refuses more than 256 threads too.
    for threads in ["257", "18446744073709551615"] {
        let run = halma(&["perft", "--depth", "1", "--threads", threads], "");
        assert_eq!(run.code, Some(2), "{run}");
        assert_eq!(
            run.stderr,
            format!("error: --threads: {threads} is out of range: from 1 to 256\n")
        );
    }
    let run = halma(
        &[
            "perft",
            "--rules",
            "halma8",
            "--depth",
            "1",
            "--threads",
            "256",
        ],
        "",
    );
    assert!(run.success(), "{run}");
}

#[test]
fn the_solo_solver_uses_its_memory_limit_on_several_threads() {
    // Issue 44, item 7: on two threads the beams stopped at once on the
    // memory limit with a seventh of it used (each thread's share of the
    // children was too small for its part of a move); now they go on, and
    // a search stopped by the limit says what it would have needed.
    let args = [
        "solve",
        "solo",
        "--rules",
        "halma8",
        "--threads",
        "2",
        "--no-exact",
        "--meet",
        "0",
        "--beam",
        "1100",
        "--max-memory-mb",
        "16",
    ];
    let run = common::halma_within(&args, "", Duration::from_secs(120));
    assert!(run.success(), "{run}");
    assert!(run.stdout.contains("\nlength: "), "{run}");
    // One thread finds the same race.
    let mut one = args.to_vec();
    one[5] = "1";
    let single = halma(&one, "");
    assert!(single.success(), "{single}");
    assert_eq!(single.stdout, run.stdout);
    let tight = halma(
        &["solve", "solo", "--rules", "halma8", "--max-memory-mb", "1"],
        "",
    );
    assert_eq!(tight.code, Some(2), "{tight}");
    assert!(
        tight
            .stderr
            .contains(" bytes of tables held, the next growth "),
        "{tight}"
    );
    assert!(
        tight
            .stderr
            .contains("more than the 1 MiB of --max-memory-mb"),
        "{tight}"
    );
}
