//! The `halma` binary takes the rule options `home-lock`, `forced-exit` and
//! `jump-continue` in every `--rules`: perft against
//! `tests/data/perft/reference_options.tsv`, `play`, `selfplay` and `match`,
//! and a misspelt option is a one-line error.

mod common;

use common::reference_lines;

use halma_rules::{read_record, Rules};

#[test]
fn perft_gives_the_reference_counts_of_the_options() {
    let mut seen = [false; 3];
    let lines: Vec<_> = reference_lines("reference_options.tsv")
        .into_iter()
        .map(|l| (l.number, l.rules, l.position, l.depth, l.count))
        .filter(|(_, _, _, _, count)| *count <= 100_000)
        .collect();
    for (number, rules, position, depth, count) in lines {
        let mut args = vec!["perft", "--rules", &rules, "--depth", &depth];
        if position != "startpos" {
            args.extend(["--position", &position]);
        }
        let output = common::halma(&args, "");
        assert!(output.success(), "line {number}: {output}");
        assert_eq!(
            output.last_line(),
            format!("total {count}"),
            "line {number}: {rules} depth {depth}"
        );
        for (seen, option) in seen
            .iter_mut()
            .zip(["home-lock", "forced-exit", "jump-continue"])
        {
            *seen |= rules.contains(option);
        }
    }
    assert_eq!(seen, [true; 3], "every option checked");
}

#[test]
fn a_misspelt_option_is_a_one_line_error() {
    for command in [
        &["perft", "--depth", "1"][..],
        &["play"],
        &["selfplay"],
        &["match"],
    ] {
        let mut args = command.to_vec();
        args.extend(["--rules", "halma8,forced-exits"]);
        let output = common::halma(&args, "");
        assert_eq!(output.code, Some(2), "{command:?}: {output}");
        assert!(output.stdout.is_empty(), "{command:?}: {output}");
        let first = output.stderr.lines().next().unwrap_or("");
        assert!(first.starts_with("error: "), "{command:?}: {output}");
        assert!(
            first.contains("unknown option `forced-exits`"),
            "{command:?}: {output}"
        );
    }
}

#[test]
fn play_takes_the_options() {
    let rules_text = "halma8,home-lock,forced-exit,jump-continue";
    let rules: Rules = rules_text.parse().unwrap();
    let start = rules.start_position();
    let first = rules.legal_moves(&start)[0];
    let written = rules.move_to_string(&start, first).unwrap();
    let output = common::halma(
        &[
            "play",
            "--rules",
            rules_text,
            "--seat",
            "red",
            "--level",
            "1",
            "--movetime",
            "50",
            "--color",
            "never",
        ],
        &format!("{written}\nquit\n"),
    );
    assert!(output.success(), "{output}");
    assert!(output.stdout.contains("Blue plays "), "{output}");
    assert!(!output.stdout.contains("illegal"), "{output}");
}

#[test]
fn selfplay_records_replay_under_the_options() {
    for rules_text in [
        "halma8,home-lock,camp-lock,forced-exit,spoil=fill",
        "halma8,jump-continue",
    ] {
        let output = common::halma(
            &[
                "selfplay",
                "--rules",
                rules_text,
                "--engine",
                "nodes=300",
                "--max-plies",
                "80",
                "--color",
                "never",
            ],
            "",
        );
        assert!(output.success(), "{rules_text}: {output}");
        let text = &output.stdout;
        let record = &text[text.find("[Rules").expect("a record")..];
        // Reading the record replays every move under the record's rules.
        let replayed = read_record(record).unwrap_or_else(|e| panic!("{rules_text}: {e}"));
        assert_eq!(
            replayed.game.rules(),
            &rules_text.parse::<Rules>().unwrap(),
            "{rules_text}"
        );
        assert!(!replayed.game.moves().is_empty());
    }
}

#[test]
fn a_short_match_plays_under_the_options() {
    let output = common::halma(
        &[
            "match",
            "--rules",
            "halma8,home-lock,camp-lock,forced-exit,spoil=fill",
            "--games",
            "2",
            "--a",
            "nodes=300",
            "--b",
            "greedy",
            "--max-plies",
            "120",
        ],
        "",
    );
    assert!(output.success(), "{output}");
    let last = output.last_line();
    assert!(last.starts_with("A vs B: +"), "{output}");
    assert!(!output.stdout.contains("forfeit"), "{output}");
}
