//! `halma solve shortest`: the record it prints replays as a game won at
//! its last ply; requests that cannot be met and bad arguments give one
//! clear line and exit status 2.

mod common;

use common::Run;
use halma_rules::{read_record, GameResult, Seat};

/// A `halma8` position three plies from Red's win: Red lacks h4 (its piece
/// is on h6), Blue lacks a5 (its piece is on a3); Red to move.
const NEAR_END: &str = "bbbb4/bbb5/bb5r/8/8/b5rr/5rrr/4rrrr r";

fn halma(args: &[&str]) -> Run {
    common::halma(args, "")
}

fn solve(extra: &[&str]) -> Run {
    let mut args = vec![
        "solve",
        "shortest",
        "--rules",
        "halma8",
        "--position",
        NEAR_END,
    ];
    args.extend_from_slice(extra);
    halma(&args)
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> &'a str {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {name} tag"))
}

/// Reads the record printed and checks that it is won at its last ply (and
/// not before); returns the winner, the plies and the tags.
fn replayed(run: &Run) -> (Seat, usize, Vec<(String, String)>) {
    assert!(run.success(), "{run}");
    let record = read_record(&run.stdout).unwrap_or_else(|e| panic!("{e}\n{run}"));
    let GameResult::Won(winner) = record.game.result() else {
        panic!("not won: {run}");
    };
    let mut game = halma_rules::Game::from_position(
        record.game.rules().clone(),
        record.game.start_position().clone(),
    )
    .unwrap();
    let moves = record.game.moves().to_vec();
    for (i, &mv) in moves.iter().enumerate() {
        assert_eq!(
            game.result(),
            GameResult::Ongoing,
            "won before ply {}",
            i + 1
        );
        game.play(mv).unwrap();
    }
    (winner, moves.len(), record.tags)
}

#[test]
fn the_record_replays_as_a_game_won_at_its_last_ply() {
    let run = solve(&[]);
    let (winner, plies, tags) = replayed(&run);
    assert_eq!((winner, plies), (Seat::Red, 3));
    assert_eq!(tag(&tags, "ShortestLowerBound"), "3");
    assert_eq!(tag(&tags, "ShortestProven"), "yes");
    assert!(run.stderr.contains("Red wins at ply 3"), "{run}");

    // Blue can win too, one ply later, if Red does not finish first.
    let (winner, plies, _) = replayed(&solve(&["--winner", "b"]));
    assert_eq!((winner, plies), (Seat::Blue, 4));

    // Moves given first are part of the record; the game found follows.
    let (winner, plies, _) = replayed(&solve(&["--moves", "h6-h5"]));
    assert_eq!((winner, plies), (Seat::Red, 3));
}

#[test]
fn the_halma_start_gives_a_legal_game() {
    // A narrow beam and no proof: quick, not short.
    let run = halma(&[
        "solve",
        "shortest",
        "--winner",
        "r",
        "--beam-width",
        "4",
        "--no-prove",
        "--threads",
        "1",
        "--max-seconds",
        "60",
    ]);
    let (winner, plies, tags) = replayed(&run);
    assert_eq!(winner, Seat::Red);
    assert!(plies >= 43, "{plies}");
    assert_eq!(tag(&tags, "ShortestLowerBound"), "43");
    assert_eq!(tag(&tags, "ShortestProven"), "no");
}

#[test]
fn impossible_requests_say_why() {
    let run = solve(&["--max-plies", "2"]);
    assert_eq!(run.code, Some(2), "{run}");
    assert!(
        run.stderr
            .contains("impossible request: no win within 2 plies"),
        "{run}"
    );
    assert!(run.stdout.is_empty());

    // Red has won already.
    let won = "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr b";
    let run = halma(&["solve", "shortest", "--rules", "halma8", "--position", won]);
    assert_eq!(run.code, Some(2), "{run}");
    assert!(
        run.stderr.contains("the game is already over: Red has won"),
        "{run}"
    );
}

#[test]
fn bad_arguments_are_refused_with_one_line() {
    for (args, expected) in [
        (&["--max-plies", "0"][..], "--max-plies"),
        (&["--max-plies", "1001"], "--max-plies"),
        (&["--beam-width", "0"], "--beam-width"),
        (&["--threads", "0"], "--threads"),
        (&["--max-seconds", "0"], "--max-seconds"),
        (&["--max-nodes", "0"], "--max-nodes"),
        (&["--max-memory-mb", "0"], "--max-memory-mb"),
        (&["--winner", "x"], "--winner"),
        (&["--winner", "g"], "--winner: Green is not in play"),
        (&["--moves", "a1-a2"], "--moves"),
    ] {
        let run = solve(args);
        assert_eq!(run.code, Some(2), "{args:?}: {run}");
        assert!(run.stderr.contains(expected), "{args:?}: {run}");
        assert!(run.stdout.is_empty(), "{args:?}: {run}");
    }
    let run = halma(&[
        "solve",
        "shortest",
        "--rules",
        "halma8",
        "--position",
        "8/8 r",
    ]);
    assert_eq!(run.code, Some(2), "{run}");
    assert!(run.stderr.contains("--position"), "{run}");
}
