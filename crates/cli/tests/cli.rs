//! The `halma` binary: perft of every preset against the reference counts,
//! divide, moves, show, and one-line errors with exit status 2.

mod common;

use common::reference_lines;

use common::Run;

fn halma(args: &[&str]) -> Run {
    common::halma(args, "")
}

fn stdout(output: &Run) -> String {
    output.stdout.clone()
}

#[test]
fn perft_of_every_preset_start_gives_the_reference_counts() {
    let lines: Vec<_> = reference_lines("reference.tsv")
        .into_iter()
        .map(|l| (l.rules, l.position, l.depth, l.count))
        .filter(|(_, p, _, _)| p == "startpos")
        .collect();
    assert!(lines.len() >= 18);
    for (rules, _, depth, count) in lines {
        let output = halma(&["perft", "--rules", &rules, "--depth", &depth]);
        assert!(output.success(), "{rules}: {output}");
        let text = stdout(&output);
        let last = text.lines().last().expect("some output");
        assert_eq!(last, format!("total {count}"), "{rules} depth {depth}");
    }
}

#[test]
fn perft_reads_positions_and_moves_and_divides() {
    let (rules, position, depth, count) = reference_lines("reference.tsv")
        .into_iter()
        .map(|l| (l.rules, l.position, l.depth, l.count))
        .find(|(r, p, _, _)| r == "halma8,spoil=swap" && p != "startpos")
        .expect("a swap line");
    for threads in ["1", "2"] {
        let output = halma(&[
            "perft",
            "--rules",
            &rules,
            "--position",
            &position,
            "--depth",
            &depth,
            "--divide",
            "--threads",
            threads,
        ]);
        let text = stdout(&output);
        let lines: Vec<&str> = text.lines().collect();
        let sum: u64 = lines[..lines.len() - 1]
            .iter()
            .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, count);
        assert_eq!(*lines.last().unwrap(), format!("total {count}"));
    }
    // Moves played first: after a step by each side the count is that of the new position.
    let after = halma(&[
        "perft",
        "--rules",
        "halma8",
        "--moves",
        "a5-a4 h4-h5",
        "--depth",
        "1",
    ]);
    let moves = halma(&["moves", "--rules", "halma8", "--moves", "a5-a4 h4-h5"]);
    assert_eq!(
        stdout(&after).trim(),
        format!("total {}", stdout(&moves).lines().count())
    );
}

#[test]
fn moves_lists_paths_one_per_line() {
    let output = halma(&["moves", "--rules", "halma8"]);
    let text = stdout(&output);
    assert_eq!(text.lines().count(), 24);
    assert!(text.lines().any(|l| l == "a6-a4"), "{text}");
    assert!(text.lines().all(|l| l.split('-').count() >= 2));
}

#[test]
fn show_draws_the_board_with_coordinates() {
    let output = halma(&["show", "--rules", "halma8", "--color", "never"]);
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], " 8  r r r r . . . .");
    assert_eq!(lines[7], " 1  . . . . b b b b");
    assert_eq!(lines[8], "    a b c d e f g h");
    assert_eq!(lines[9], "Red to move");
    let coloured = stdout(&halma(&["show", "--rules", "halma8", "--color", "always"]));
    assert!(coloured.contains("\x1b[1;31mr\x1b[0m"));
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    for (args, message) in [
        (
            vec!["perft", "--rules", "halmax", "--depth", "1"],
            "error: --rules: unknown preset `halmax`",
        ),
        (
            vec!["perft", "--position", "8/8 r", "--depth", "1"],
            "error: --position: the board is 8x2, but halma is played on 16x16",
        ),
        (
            vec!["moves", "--moves", "a1-a2"],
            "error: --moves: move 1 `a1-a2`: there is no piece on a1",
        ),
        (
            vec!["perft", "--depth", "1", "--threads", "0"],
            "error: --threads: 0 is out of range: from 1 to 256",
        ),
    ] {
        let output = halma(&args);
        assert_eq!(output.code, Some(2), "{args:?}");
        let err = output.stderr;
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with(message), "{err}");
    }
    let output = halma(&["perft"]);
    assert_eq!(output.code, Some(2));
}

#[test]
fn perft_deeper_than_the_bound_is_one_line_and_exit_status_2() {
    // It used to recurse until the stack overflowed and the process aborted.
    for extra in [
        &[][..],
        &["--divide"],
        &["--threads", "1"],
        &["--threads", "2"],
    ] {
        let mut args = vec!["perft", "--rules", "halma8", "--depth", "4294967295"];
        args.extend_from_slice(extra);
        let output = halma(&args);
        assert_eq!(output.code, Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let err = output.stderr;
        assert_eq!(
            err,
            "error: --depth: perft depth 4294967295 is out of range: \
             the depth must be from 0 to 64\n",
            "{args:?}"
        );
    }
    let output = halma(&["perft", "--rules", "halma8", "--depth", "65"]);
    assert_eq!(output.code, Some(2));
    let err = output.stderr;
    assert!(
        err.starts_with("error: --depth: perft depth 65 is out of range"),
        "{err}"
    );
}

/// Checks that `args` is refused before anything is played: exit status 2,
/// nothing on standard output, and an error whose first line contains `message`.
fn refused(args: &[&str], message: &str) {
    let output = halma(args);
    assert_eq!(output.code, Some(2), "{args:?}: {output}");
    assert!(output.stdout.is_empty(), "{args:?}: {output}");
    let first = output.stderr.lines().next().unwrap_or("");
    assert!(first.starts_with("error: "), "{args:?}: {output}");
    assert!(first.contains(message), "{args:?}: `{message}` in {output}");
}

#[test]
fn match_and_selfplay_limits_out_of_range_are_refused_before_any_game() {
    let quick = ["--rules", "halma8", "--games", "2", "--a", "greedy"];
    let with = |extra: &[&'static str]| {
        let mut args = vec!["match"];
        args.extend_from_slice(&quick);
        args.extend_from_slice(extra);
        args
    };
    // 0 drew every game before its first move; above the longest game kept
    // a game ended as a forfeit.
    refused(&with(&["--max-plies", "0"]), "0 is not in 1..=100000");
    refused(
        &with(&["--max-plies", "100001"]),
        "100001 is not in 1..=100000",
    );
    refused(&with(&["--jobs", "0"]), "0 is not in 1..=256");
    refused(&with(&["--jobs", "257"]), "257 is not in 1..=256");
    // An opening as long as the game leaves nothing to play.
    refused(
        &with(&["--openings", "10", "--max-plies", "10"]),
        "--openings: 10 random plies would leave nothing of a game of at most 10 plies",
    );
    // A clock for Red only: the engine refuses `go` when Blue is to move.
    let output = halma(&with(&["--b", "cmd=cat", "--go", "rtime 1000"]));
    assert_eq!(output.code, Some(2), "{output}");
    assert!(output.stdout.is_empty(), "{output}");
    assert_eq!(
        output.stderr,
        "error: --go: no limit applies when Blue is to move (given: rtime): give a clock \
         for every seat in play, or depth, nodes or movetime\n"
    );
    refused(
        &["match", "--rules", "halma3", "--go", "rtime 9 btime 9"],
        "no limit applies when Green is to move",
    );
    refused(
        &["selfplay", "--rules", "halma8", "--max-plies", "0"],
        "0 is not in 1..=100000",
    );
    refused(
        &["selfplay", "--rules", "halma8", "--max-plies", "100001"],
        "100001 is not in 1..=100000",
    );
    // The bounds themselves are accepted.
    let output = halma(&with(&[
        "--b",
        "random",
        "--go",
        "rtime 1000 btime 1000",
        "--openings",
        "1",
        "--max-plies",
        "2",
        "--jobs",
        "256",
    ]));
    assert_eq!(output.code, Some(0), "{output}");
    assert!(
        output.last_line().starts_with("A vs B: +0 =2 -0"),
        "{output}"
    );
}

#[test]
fn engine_movetime_zero_and_repeated_settings_are_refused() {
    refused(
        &["play", "--rules", "halma8", "--movetime", "0"],
        "0 is not in 1..=1000000000000",
    );
    refused(
        &["match", "--a", "movetime=0"],
        "--a: `movetime=0`: 1 to 1000000000000",
    );
    refused(
        &["selfplay", "--engine", "nodes=1,nodes=2"],
        "--engine: `nodes=2`: `nodes` is given twice",
    );
}
