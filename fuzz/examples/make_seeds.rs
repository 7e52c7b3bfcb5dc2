//! Writes the seed corpora of the fuzz targets into `fuzz/seeds/<target>/`:
//! valid rules strings, positions, move texts and game records (written by
//! `write_record`), operation sequences, and a few malformed inputs.
//!
//! Run from `fuzz/`: `cargo run --example make_seeds` (the fuzz runs read
//! the seeds but never write into them).

#![forbid(unsafe_code)]

use std::fs;
use std::path::Path;

use halma_fuzz::{greedy_move, midgames, RULES};
use halma_rules::{write_record, Game, Rules};

fn write(target: &str, name: &str, data: &[u8]) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("seeds")
        .join(target);
    fs::create_dir_all(&dir).expect("create the seed directory");
    fs::write(dir.join(name), data).expect("write a seed");
}

fn with_prefix(prefix: &[u8], text: &str) -> Vec<u8> {
    let mut data = prefix.to_vec();
    data.extend_from_slice(text.as_bytes());
    data
}

/// A game from `start` played greedily for `plies` moves (or to its end).
fn greedy_game(rules: &Rules, game: &mut Game, plies: usize) {
    for i in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = greedy_move(rules, game.position(), &legal, i * 7);
        game.play(mv).expect("legal");
    }
}

fn main() {
    // rules_string
    for (i, rules) in RULES.iter().enumerate() {
        write("rules_string", &format!("valid-{i:02}"), rules.as_bytes());
    }
    let odd = [
        ("noncanonical-0", "halma,spoil=none"),
        ("noncanonical-1", "super-halma,long-jumps"),
        ("noncanonical-2", "halma,spoil=swap,camp-lock,long-jumps"),
        ("bad-empty", ""),
        ("bad-trailing-comma", "halma,"),
        ("bad-empty-option", "halma,,camp-lock"),
        ("bad-case", "Halma"),
        ("bad-repeated", "halma,camp-lock,camp-lock"),
        ("bad-spoil", "halma8,spoil=bad"),
        ("bad-space", "halma4 ,camp-lock"),
        // The path options: AbstractPlay's order, any order, misspelt,
        // repeated, given a value.
        (
            "noncanonical-3",
            "halma,home-lock,camp-lock,forced-exit,spoil=fill",
        ),
        (
            "noncanonical-4",
            "halma8,jump-continue,forced-exit,home-lock",
        ),
        ("bad-option", "halma,forced-exits"),
        (
            "bad-repeated-path-option",
            "halma8,jump-continue,jump-continue",
        ),
        ("bad-option-value", "halma8,home-lock=yes"),
    ];
    for (name, text) in odd {
        write("rules_string", name, text.as_bytes());
    }

    // position_string: a rules index byte, then the text.
    for (i, text) in RULES.iter().enumerate() {
        let rules: Rules = text.parse().expect("valid");
        let start = rules.start_position().to_string();
        write(
            "position_string",
            &format!("start-{i:02}"),
            &with_prefix(&[i as u8], &start),
        );
    }
    for (i, (rules, position)) in midgames().iter().enumerate() {
        let prefix = RULES.iter().position(|r| r == rules).unwrap_or(0) as u8;
        write(
            "position_string",
            &format!("midgame-{i:02}"),
            &with_prefix(&[prefix], position),
        );
    }
    let bad = [
        ("bad-size", 0, "8/8/8/8/8/8/8/8 r"),
        ("bad-count", 3, "bbbb4/bbbb4/1b6/7r/b7/6rr/5rrr/4rrrr b"),
        ("bad-seat", 3, "bbbb4/bbb5/bb6/4b1g1/8/6rr/5rrr/4rrrr r"),
        ("bad-side", 3, "bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr y"),
        ("bad-char", 3, "bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrx/4rrrr r"),
        ("bad-zero", 3, "bbbb4/bbb5/bb6/4b1r1/08/6rr/5rrr/4rrrr r"),
        ("bad-width", 3, "bbbb4/bbb5/bb6/4b1r1/9/6rr/5rrr/4rrrr r"),
        ("bad-no-side", 3, "bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr"),
        (
            "bad-two-spaces",
            3,
            "bbbb4/bbb5/bb6/4b1r1/8/6rr/5rrr/4rrrr  r",
        ),
        ("small-board", 3, "r2/3/1gb y"),
    ];
    for (name, prefix, text) in bad {
        write("position_string", name, &with_prefix(&[prefix], text));
    }

    // move_string: a scenario byte, a ply count, move choices, then the text.
    for (i, text) in RULES.iter().enumerate() {
        let rules: Rules = text.parse().expect("valid");
        let start = rules.start_position();
        let legal = rules.legal_moves(&start);
        let mv = legal[legal.len() / 2];
        let path = rules.move_to_string(&start, mv).expect("a legal move");
        write(
            "move_string",
            &format!("start-{i:02}"),
            &with_prefix(&[i as u8, 0], &path),
        );
        let short = format!("{}-{}", mv.from(), mv.to());
        write(
            "move_string",
            &format!("short-{i:02}"),
            &with_prefix(&[i as u8, 0], &short),
        );
    }
    for (j, (rules, position)) in midgames().iter().enumerate() {
        let rules: Rules = rules.parse().expect("valid");
        let position = rules.parse_position(position).expect("valid");
        let legal = rules.legal_moves(&position);
        let text = legal.last().map_or("a1-a2".to_owned(), |&mv| {
            rules.move_to_string(&position, mv).expect("a legal move")
        });
        let scenario = 128 + j as u8;
        write(
            "move_string",
            &format!("midgame-{j:02}"),
            &with_prefix(&[scenario, 0], &text),
        );
    }
    let odd_moves: [(&str, &[u8], &str); 6] = [
        ("played-then-path", &[3, 4, 1, 2, 3, 4], "c3-e5-g5"),
        ("greedy-then-pass", &[3, 60, 255], "pass"),
        ("built-swap", &[230, 9, 1, 7, 0], "a1-b2"),
        ("bad-bent", &[0, 0], "a12-c13"),
        ("bad-square", &[0, 0], "z99-a1"),
        ("bad-empty", &[0, 0], ""),
    ];
    for (name, prefix, text) in odd_moves {
        write("move_string", name, &with_prefix(prefix, text));
    }

    // game_record: records written by write_record, structured seeds, malformed records.
    let mut records: Vec<(String, String)> = Vec::new();
    for (i, text) in [
        "halma8",
        "halma",
        "halma4,spoil=swap",
        "super-halma",
        "halma3,camp-lock,spoil=fill",
    ]
    .iter()
    .enumerate()
    {
        let rules: Rules = text.parse().expect("valid");
        let mut game = Game::new(rules.clone());
        greedy_game(&rules, &mut game, if i == 0 { 1000 } else { 12 + 5 * i });
        let record = write_record(&game, &[("Event", "seed"), ("Round", &i.to_string())])
            .expect("valid tag names");
        records.push((format!("start-{i}"), record));
    }
    for j in [0usize, 2, 10, 17, 18] {
        let (rules, position) = midgames()[j];
        let rules: Rules = rules.parse().expect("valid");
        let start = rules.parse_position(position).expect("valid");
        let mut game = Game::from_position(rules.clone(), start).expect("valid");
        greedy_game(&rules, &mut game, 400);
        records.push((
            format!("midgame-{j:02}"),
            write_record(&game, &[]).expect("no extra tags"),
        ));
    }
    for (name, record) in &records {
        write("game_record", name, record.as_bytes());
    }
    let malformed = [
        ("bad-no-rules", "[Event \"x\"]\n\n1. a5-a4\n"),
        ("bad-tag", "[Rules halma8]\n\n1. a5-a4\n"),
        ("bad-repeated", "[Rules \"halma8\"]\n[Rules \"halma\"]\n"),
        ("bad-move", "[Rules \"halma8\"]\n\n1. a5-a3\n"),
        (
            "bad-result",
            "[Rules \"halma8\"]\n[Result \"Red\"]\n\n1. a5-a4\n",
        ),
        ("bad-position", "[Rules \"halma8\"]\n[Position \"8/8 r\"]\n"),
        (
            "short-form",
            "[Rules \"halma8\"]\n\n1. a5-a4 h4-h5 2. a4-a3\n",
        ),
    ];
    for (name, record) in malformed {
        write("game_record", name, record.as_bytes());
    }
    for (i, data) in [
        vec![
            0u8, 3, 200, 1, 2, 3, 4, 5, 6, 7, 8, 9, 2, 5, b'E', b'v', b'e', b'n', b't', 3, b'a',
            b'"', b'b',
        ],
        vec![0u8, 131, 255, 255, 255, 255, 255, 255, 255, 255, 255],
        vec![0u8, 240, 13, 1, 20, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
    ]
    .iter()
    .enumerate()
    {
        write("game_record", &format!("built-{i}"), data);
    }

    // game_ops: a scenario byte, then operations (see the target).
    let ops: [(&str, Vec<u8>); 6] = [
        ("play-undo", vec![3, 0, 1, 0, 5, 3, 6, 0, 2, 3, 3, 6]),
        (
            "greedy-to-end",
            vec![3, 8, 31, 8, 31, 8, 31, 8, 31, 6, 9, 7, 6],
        ),
        ("clone", vec![0, 0, 1, 4, 0, 2, 3, 4, 1, 0, 9, 5, 6]),
        ("text", {
            let mut v = vec![3, 2, 5];
            v.extend_from_slice(b"a5-a4");
            v.extend_from_slice(&[7, 3, 1, 7, 4, 0, 6]);
            v
        }),
        (
            "arbitrary-move",
            vec![130, 5, 0, 64, 48, 5, 1, 10, 20, 5, 3, 0, 0, 6],
        ),
        ("midgame-swap", vec![138, 8, 20, 6, 9, 5, 6, 7, 1, 1, 6]),
    ];
    for (name, data) in ops {
        write("game_ops", name, &data);
    }

    // c_abi: the rules of the first game, then operations (see the target).
    let c_abi: [(&str, Vec<u8>); 6] = [
        (
            "queries",
            vec![3, 10, 0, 4, 3, 10, 0, 5, 3, 10, 0, 7, 3, 10, 0, 6, 0, 3],
        ),
        (
            "play-undo",
            vec![3, 5, 0, 0, 0, 2, 9, 0, 2, 6, 0, 10, 3, 9, 0, 2],
        ),
        (
            "record",
            vec![0, 5, 0, 0, 1, 2, 12, 0, 0, 2, 3, 13, 0, 0, 0, 3, 1, 2, 3, 4],
        ),
        (
            "rules",
            vec![5, 0, 2, 4, 2, 1, 0, 3, 1, 1, 2, 1, 3, 2, 2, 3, 1],
        ),
        (
            "engine",
            vec![3, 15, 2, 0, 5, 3, 2, 15, 1, 5, 1, 15, 3, 0, 4, 20, 2],
        ),
        (
            "squares",
            vec![
                0, 14, 0, 1, 200, 3, 14, 1, 0, 17, 2, 14, 2, 1, 2, 3, 4, 14, 3, 0, 0,
            ],
        ),
    ];
    for (name, data) in c_abi {
        write("c_abi", name, &data);
    }
}
