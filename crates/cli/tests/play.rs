//! `halma play` driven by scripted input (saving, loading, resigning, the
//! marked last move, messages) and the records `halma selfplay` writes.

mod common;

use std::path::PathBuf;

use halma_rules::{read_record, DrawReason, Seat, Termination};

/// Runs `halma` with `args`, feeding `input` on standard input; gives
/// standard output, and fails unless it exits with status 0.
fn run(args: &[&str], input: &str) -> String {
    let run = common::halma(args, input);
    assert!(run.success(), "halma {args:?}: {run}");
    run.stdout
}

/// `halma play` on `rules` at level 1, plain output, with the human's seat.
fn play(rules: &str, seat: &str, input: &str) -> String {
    run(
        &[
            "play",
            "--rules",
            rules,
            "--seat",
            seat,
            "--level",
            "1",
            "--movetime",
            "50",
            "--color",
            "never",
        ],
        input,
    )
}

/// A path for a file of this test, unique to the test run.
fn temp_file(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    dir.join(format!("play-{}-{name}", std::process::id()))
}

/// The lines of `text` that are replies to input: after each prompt.
fn replies(text: &str) -> Vec<&str> {
    text.split("Red> ")
        .skip(1)
        .map(|part| part.lines().next().unwrap_or(""))
        .collect()
}

/// The position string after the last board drawn (the line after `... to move`).
fn last_position(text: &str) -> &str {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .rposition(|l| l.ends_with(" to move") || l.ends_with(" has won"))
        .expect("a board");
    lines[at + 1]
}

#[test]
fn a_saved_game_loads_and_goes_on() {
    let path = temp_file("saved.txt");
    let path_text = path.to_str().expect("UTF-8 path");
    let first = play("halma8", "red", &format!("a5-a4\nsave {path_text}\n"));
    let saved = std::fs::read_to_string(&path).expect("the file was written");
    let record = read_record(&saved).unwrap_or_else(|e| panic!("{e}\n{saved}"));
    assert_eq!(record.game.moves().len(), 2, "{saved}");
    assert_eq!(record.game.move_texts()[0], "a5-a4");
    assert_eq!(record.termination, Termination::Normal);
    assert!(first.contains(&format!("Saved the game (2 plies) to `{path_text}`.")));
    let position = record.game.position().to_string();
    assert_eq!(last_position(&first), position);

    // A failed load keeps the loaded game; the engine answers the next move.
    let second = play(
        "halma8",
        "red",
        &format!("load {path_text}\nload /nonexistent/record\nboard\n"),
    );
    assert!(second.contains(&format!("Loaded `{path_text}`: 2 plies played.")));
    assert!(second.contains(
        "error: cannot read `/nonexistent/record`: No such file or directory (os error 2) \
         (the current game goes on)"
    ));
    assert_eq!(last_position(&second), position);
    let _ = std::fs::remove_file(&path);
}

#[test]
fn a_record_that_does_not_read_is_refused_and_the_game_kept() {
    let path = temp_file("bad.txt");
    std::fs::write(&path, "[Rules \"halma8\"]\n\n1. a5-a3\n").unwrap();
    let path_text = path.to_str().expect("UTF-8 path");
    let text = play(
        "halma8",
        "red",
        &format!("a5-a4\nboard\nload {path_text}\nboard\n"),
    );
    let reply = replies(&text)[2];
    assert!(
        reply.starts_with(&format!("error: `{path_text}`: move 1 `a5-a3` (line 3): ")),
        "{reply}"
    );
    assert!(reply.ends_with("(the current game goes on)"), "{reply}");
    let positions = positions(&text);
    assert_eq!(positions.len(), 5, "{text}");
    assert_eq!(positions[3], positions[4]);
    assert_eq!(positions[2], positions[4]);
    let _ = std::fs::remove_file(&path);
}

/// Every position string printed under a board.
fn positions(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .windows(2)
        .filter(|w| w[0].ends_with(" to move") || w[0].ends_with(" has won"))
        .map(|w| w[1])
        .collect()
}

#[test]
fn resigning_ends_the_game_and_is_saved_as_a_resignation() {
    let path = temp_file("resigned.txt");
    let path_text = path.to_str().expect("UTF-8 path");
    let text = play(
        "halma8",
        "red",
        &format!("resign\na5-a4\nundo\nsave {path_text}\nnew\na5-a4\n"),
    );
    let replies = replies(&text);
    assert_eq!(replies[0], "You resigned after 0 plies: Blue wins.");
    assert_eq!(
        replies[1],
        "The game is over. Type `new` or `load PATH` to play another."
    );
    assert_eq!(replies[2], replies[1]);
    let saved = std::fs::read_to_string(&path).expect("the file was written");
    assert!(saved.contains("[Result \"Blue\"]\n[Termination \"resignation\"]\n[Loser \"Red\"]\n"));
    let record = read_record(&saved).unwrap();
    assert_eq!(
        record.termination,
        Termination::Resignation { loser: Seat::Red }
    );
    // After `new` a move plays again.
    assert!(text.contains(" 4 >r . . . . . . b\n"), "{text}");
    let _ = std::fs::remove_file(&path);
}

#[test]
fn resigning_in_four_seats_says_who_lost() {
    let text = play("halma4", "green", "resign\nrecord\n");
    assert!(
        text.contains("You resigned after 1 ply: Green loses."),
        "{text}"
    );
    assert!(text
        .contains("[Result \"Green loses\"]\n[Termination \"resignation\"]\n[Loser \"Green\"]\n"));
}

#[test]
fn words_that_are_not_moves_are_unknown_commands() {
    let text = play("halma8", "red", "clear\ne4\nfoo bar\na5-a4 now\n");
    assert_eq!(
        replies(&text)[..4],
        [
            "unknown command `clear` (type help)",
            "unknown command `e4` (type help)",
            "unknown command `foo` (type help)",
            "error: `a5-a4 now`: type one move per line, with no spaces in it",
        ]
    );
}

#[test]
fn a_square_off_the_board_names_the_board_range() {
    let small = play("halma8", "red", "i5-i4\na5-x4\n");
    assert_eq!(
        replies(&small)[..2],
        [
            "error: square 1 of the path: `i5` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8",
            "error: square 2 of the path: `x4` is not a square of the 8x8 board: a square is a column letter a-h followed by a row number 1-8",
        ]
    );
    let large = play("halma", "red", "a17-a16\n");
    assert_eq!(
        replies(&large)[0],
        "error: square 1 of the path: `a17` is not a square of the 16x16 board: a square is a column letter a-p followed by a row number 1-16"
    );
}

#[test]
fn the_last_move_is_marked_and_the_symbols_explained() {
    let text = play("halma8", "red", "a5-a4\n");
    // Red's a5-a4 leaves an empty camp square behind.
    assert!(
        text.contains(" 5 *: . . . . . . .\n 4 >r . . . . . . b\n"),
        "{text}"
    );
    assert!(text.contains(": empty camp square"));
    let legend = text
        .lines()
        .find(|l| l.contains("empty camp square"))
        .unwrap();
    assert!(legend.contains("r Red, b Blue |"), "{legend}");
    assert!(legend.contains("* last move's origin, > its destination"));
    // The engine's reply is marked on the board after it, and only it.
    let last_board: Vec<&str> = text
        .rsplit("Blue plays")
        .next()
        .unwrap()
        .lines()
        .filter(|l| l.get(..2).is_some_and(|r| r.trim().parse::<u8>().is_ok()))
        .collect();
    assert_eq!(last_board.len(), 8, "{text}");
    let marks = |c: char| {
        last_board
            .iter()
            .map(|l| l.matches(c).count())
            .sum::<usize>()
    };
    assert_eq!((marks('*'), marks('>')), (1, 1), "{text}");
}

#[test]
fn plies_are_counted_in_words() {
    // Blue (the human) moves second: undo first takes back the engine's
    // opening move alone (which the engine then plays again), later a move
    // and the engine's reply.
    let text = play("halma8", "blue", "undo\nh4-h5\nundo\n");
    let replies: Vec<&str> = text
        .split("Blue> ")
        .skip(1)
        .map(|p| p.lines().next().unwrap_or(""))
        .collect();
    assert_eq!(replies[0], "Took back 1 ply.", "{text}");
    assert_eq!(replies[2], "Took back 2 plies.", "{text}");
}

#[test]
fn scores_are_the_humans_for_engine_moves_and_hints() {
    // Red wins at once with g5-h4 (the reference's line 36).
    let position = "bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr r";
    let engine_wins = run(
        &[
            "play",
            "--rules",
            "halma8",
            "--position",
            position,
            "--seat",
            "blue",
            "--level",
            "10",
            "--movetime",
            "200",
            "--color",
            "never",
        ],
        "",
    );
    assert!(
        engine_wins.contains("Red plays g5-h4   (your score: lose in 1 ply, depth"),
        "{engine_wins}"
    );
    assert!(engine_wins.contains("The engine wins: Red has filled its target camp after 1 ply."));
    let hint = play_at(position, "hint\n");
    assert!(
        hint.contains("Hint: g5-h4   (your score: win in 1 ply)"),
        "{hint}"
    );
}

fn play_at(position: &str, input: &str) -> String {
    run(
        &[
            "play",
            "--rules",
            "halma8",
            "--position",
            position,
            "--level",
            "1",
            "--movetime",
            "200",
            "--color",
            "never",
        ],
        input,
    )
}

#[test]
fn help_names_every_command() {
    let text = play("halma8", "red", "help\n");
    let help = text.split("Red> ").nth(1).unwrap();
    for command in [
        "e4-e5",
        "pass",
        "hint",
        "undo",
        "moves",
        "board",
        "level N",
        "record",
        "save PATH",
        "load PATH",
        "resign",
        "new",
        "help",
        "quit",
    ] {
        assert!(
            help.lines().any(|l| l.trim_start().starts_with(command)),
            "{command}: {help}"
        );
    }
    assert!(help.contains(": an empty\nsquare of a camp"), "{help}");
    assert!(help.contains("Scores are yours"), "{help}");
}

#[test]
fn selfplay_writes_a_draw_at_the_ply_limit() {
    let text = run(
        &[
            "selfplay",
            "--rules",
            "halma8",
            "--max-plies",
            "6",
            "--engine",
            "nodes=2000",
            "--color",
            "never",
        ],
        "",
    );
    assert!(
        text.contains("Result: a draw at the ply limit, after 6 plies"),
        "{text}"
    );
    let record_text = &text[text.find("[Rules ").expect("a record")..];
    assert!(record_text.contains("[Result \"Draw\"]\n[Termination \"ply limit\"]\n"));
    let record = read_record(record_text).unwrap_or_else(|e| panic!("{e}\n{record_text}"));
    assert_eq!(record.termination, Termination::Draw(DrawReason::PlyLimit));
    assert_eq!(record.game.moves().len(), 6);
    assert!(!record.game.is_over());
}
