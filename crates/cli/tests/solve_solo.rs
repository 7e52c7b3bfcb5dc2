//! `halma solve solo`: results that replay with `--verify`, and one-line
//! errors (exit status 2) for impossible requests and bad arguments.

mod common;

use common::Run;

fn halma(args: &[&str]) -> Run {
    common::halma(args, "")
}

/// `halma solve solo --rules halma8 ARGS`.
fn solo8(args: &[&str]) -> Run {
    halma(&[&["solve", "solo", "--rules", "halma8"], args].concat())
}

/// Red one move... or a few from filling its camp (h4 empty, a piece on f4);
/// Blue, which the race removes, in the north-west.
const NEAR: &str = "bbbb4/bbb5/bb6/b7/5r2/6rr/5rrr/4rrrr r";

/// The value of the `key: value` line of standard output.
fn field<'a>(run: &'a Run, key: &str) -> &'a str {
    run.stdout
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{key}: ")))
        .unwrap_or_else(|| panic!("no `{key}:` line in\n{run}"))
}

fn fails_with(run: &Run, words: &[&str]) {
    assert_eq!(run.code, Some(2), "{run}");
    for word in words {
        assert!(run.stderr.contains(word), "`{word}` missing in\n{run}");
    }
}

#[test]
fn an_optimal_race_replays_with_verify() {
    let run = solo8(&["--position", NEAR]);
    assert!(run.success(), "{run}");
    assert_eq!(field(&run, "optimal"), "yes");
    let length: usize = field(&run, "length").parse().unwrap();
    assert_eq!(field(&run, "lower-bound"), length.to_string());
    assert_eq!(field(&run, "start"), "8/8/8/8/5r2/6rr/5rrr/4rrrr r");
    let moves = field(&run, "moves").to_owned();
    assert_eq!(moves.split_whitespace().count(), length);
    assert!(run.stderr.contains("nodes"), "{run}");

    let verified = solo8(&["--position", NEAR, "--verify", &moves]);
    assert!(verified.success(), "{verified}");
    assert_eq!(
        verified.stdout.trim(),
        format!("verified: {length} moves finish the race")
    );
    // One move short does not finish it.
    let short: Vec<&str> = moves.split_whitespace().collect();
    let short = short[..length - 1].join(" ");
    let run = solo8(&["--position", NEAR, "--verify", &short]);
    fails_with(&run, &["--verify", "does not fill its target camp"]);
}

#[test]
fn max_moves_finds_the_optimum_or_proves_there_is_none() {
    let run = solo8(&["--position", NEAR, "--threads", "2"]);
    assert!(run.success(), "{run}");
    let optimum: u32 = field(&run, "length").parse().unwrap();
    let at = solo8(&["--position", NEAR, "--max-moves", &optimum.to_string()]);
    assert!(at.success(), "{at}");
    assert_eq!(field(&at, "length"), optimum.to_string());
    assert_eq!(field(&at, "optimal"), "yes");
    let shorter = (optimum - 1).to_string();
    let below = solo8(&["--position", NEAR, "--max-moves", &shorter]);
    fails_with(
        &below,
        &[
            "impossible request",
            &format!("no race of at most {shorter} moves"),
        ],
    );
    assert!(below.stdout.is_empty(), "{below}");
}

#[test]
fn the_beam_alone_proves_only_the_bound() {
    let run = solo8(&["--beam", "100", "--meet", "0", "--no-exact"]);
    assert!(run.success(), "{run}");
    assert_eq!(field(&run, "optimal"), "not proved");
    let length: u32 = field(&run, "length").parse().unwrap();
    let bound: u32 = field(&run, "lower-bound").parse().unwrap();
    assert!(bound >= 10 && bound < length, "{run}");
    let moves = field(&run, "moves").to_owned();
    let verified = solo8(&["--verify", &moves]);
    assert!(verified.success(), "{verified}");
}

#[test]
fn the_meeting_beam_alone_gives_a_race_that_replays() {
    let run = solo8(&["--beam", "0", "--meet", "2000", "--no-exact"]);
    assert!(run.success(), "{run}");
    assert!(run.stderr.contains("meeting beam 2000:"), "{run}");
    let length: u32 = field(&run, "length").parse().unwrap();
    let bound: u32 = field(&run, "lower-bound").parse().unwrap();
    assert!(bound >= 10 && bound <= length, "{run}");
    let verified = solo8(&["--verify", field(&run, "moves")]);
    assert!(verified.success(), "{verified}");
}

#[test]
fn bad_requests_get_one_line_errors() {
    // Finished already.
    let done = "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr r";
    let run = solo8(&["--position", done]);
    fails_with(&run, &["impossible request", "already fills"]);
    // A position the rules refuse.
    let run = solo8(&["--position", "8/8 r"]);
    fails_with(&run, &["--position"]);
    let run = halma(&["solve", "solo", "--rules", "halma9"]);
    fails_with(&run, &["--rules"]);
    // Out-of-range knobs.
    for (flag, value) in [
        ("--beam", "10000001"),
        ("--max-memory-mb", "0"),
        ("--max-seconds", "0"),
        ("--max-nodes", "0"),
        ("--beam", "-1"),
        ("--meet", "10000001"),
        ("--meet", "-1"),
        ("--beam-entry", "101"),
        ("--polish", "31"),
        ("--polish-nodes", "0"),
        ("--max-moves", "0"),
        ("--max-moves", "1001"),
        ("--threads", "0"),
        ("--threads", "257"),
    ] {
        let arg = format!("{flag}={value}");
        let run = solo8(&[&arg]);
        fails_with(&run, &[flag]);
    }
    // A limit that runs out before any race is found.
    let run = solo8(&["--beam", "0", "--max-nodes", "1000"]);
    fails_with(&run, &["node limit ran out"]);
    // Nothing to search with.
    let run = solo8(&["--beam", "0", "--meet", "0", "--no-exact"]);
    fails_with(&run, &["impossible request", "nothing to search with"]);
    // An illegal move to verify.
    let run = solo8(&["--verify", "a8-a1"]);
    fails_with(&run, &["--verify: move 1 `a8-a1`"]);
}

#[test]
fn a_beam_that_finds_nothing_says_so_not_that_a_limit_ran_out() {
    // A beam of width 1 from the halma8 start cycles until its horizon (see
    // the solver's test of the same case); no limit is given but the memory
    // default, which it stays far under.
    let run = solo8(&["--beam", "1", "--meet", "0", "--no-exact"]);
    fails_with(
        &run,
        &["error: no answer found", "proves nothing", "--beam"],
    );
    assert!(!run.stderr.contains("limit"), "{run}");
    assert!(run.stdout.is_empty(), "{run}");
    let errors: Vec<&str> = run
        .stderr
        .lines()
        .filter(|line| line.starts_with("error"))
        .collect();
    assert_eq!(errors.len(), 1, "{run}");
}
