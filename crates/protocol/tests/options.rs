//! The protocol takes the rule options `home-lock`, `forced-exit` and
//! `jump-continue` in `rules` and `position` with no special case: searches
//! answer legal moves (forced ones when a forced exit is due), refused moves
//! and misspelt options get `error` lines naming what is wrong.

use std::io::Read;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use halma_protocol::server::{serve, Out};
use halma_rules::{Move, Position, Rules};
use halma_testdata::PerftPosition;

/// Longest wait for the engine's `bestmove` lines once the script is sent.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(120);

/// Collects what the server writes.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
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

/// The script, then end of input only once the server has written
/// `bestmoves` lines starting with `bestmove` (so that no search is cut short
/// by the end of input), or after [`ANSWER_TIMEOUT`].
struct Script {
    text: std::io::Cursor<Vec<u8>>,
    output: Shared,
    bestmoves: usize,
}

impl Read for Script {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.text.read(buf)?;
        if n > 0 {
            return Ok(n);
        }
        let deadline = Instant::now() + ANSWER_TIMEOUT;
        while Instant::now() < deadline {
            let done = self
                .output
                .lines()
                .iter()
                .filter(|l| l.starts_with("bestmove"))
                .count();
            if done >= self.bestmoves {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        Ok(0)
    }
}

/// Runs the protocol on `input`, waiting for `bestmoves` answers before the
/// end of input; the output lines.
fn session(input: &str, bestmoves: usize) -> Vec<String> {
    let shared = Shared::default();
    let out: Out = Arc::new(Mutex::new(Box::new(shared.clone())));
    let script = Script {
        text: std::io::Cursor::new(input.as_bytes().to_vec()),
        output: shared.clone(),
        bestmoves,
    };
    serve(std::io::BufReader::new(script), out);
    shared.lines()
}

/// (rules, position string or `None` for the start) of every line of
/// `tests/data/perft/reference_options.tsv`.
fn reference_positions() -> Vec<(String, Option<String>)> {
    halma_testdata::perft_lines("reference_options.tsv")
        .into_iter()
        .map(|line| {
            let position = match line.position {
                PerftPosition::Start => None,
                PerftPosition::Text(text) => Some(text.to_owned()),
            };
            (line.rules.to_owned(), position)
        })
        .collect()
}

/// `rules` with `forced-exit` off.
fn without_forced_exit(rules: &Rules) -> Rules {
    let mut options = rules.options();
    options.forced_exit = false;
    Rules::with(rules.preset(), options)
}

/// The reference positions where a forced exit is due (the option removes
/// moves there): (rules string, position string, rules, position).
fn forced_exit_positions() -> Vec<(String, String, Rules, Position)> {
    let found: Vec<_> = reference_positions()
        .into_iter()
        .filter_map(|(text, setup)| {
            let rules: Rules = text.parse().unwrap();
            let position = match &setup {
                Some(s) => rules.parse_position(s).unwrap(),
                None => rules.start_position(),
            };
            let due = rules.forced_exit()
                && rules.legal_move_count(&position)
                    < without_forced_exit(&rules).legal_move_count(&position);
            due.then(|| (text, position.to_string(), rules, position))
        })
        .collect();
    assert!(
        !found.is_empty(),
        "no reference position has a forced exit due"
    );
    found
}

/// The move of the last `bestmove` line.
fn bestmove(lines: &[String]) -> String {
    let line = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in {lines:?}"));
    line["bestmove ".len()..]
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned()
}

#[test]
fn a_search_under_a_due_forced_exit_answers_a_forced_move() {
    for (text, setup, rules, position) in forced_exit_positions() {
        let lines = session(
            &format!("hep\nrules {text}\nposition setup {setup}\ngo depth 2\n"),
            1,
        );
        assert!(
            !lines.iter().any(|l| l.starts_with("error")),
            "{text}: {lines:?}"
        );
        let answer = bestmove(&lines);
        let mv = rules
            .parse_move(&position, &answer)
            .unwrap_or_else(|e| panic!("{text} {setup}: bestmove {answer}: {e}"));
        assert!(rules.legal_moves(&position).contains(&mv), "{answer}");
        // `moves` lists the moves the option leaves, as the Rust API does.
        let listed = session(
            &format!("hep\nrules {text}\nposition setup {setup}\nmoves\n"),
            0,
        );
        let expected: Vec<String> = rules
            .legal_moves(&position)
            .iter()
            .map(|m| rules.move_to_string(&position, *m).unwrap())
            .collect();
        let line = listed.iter().find(|l| l.starts_with("moves")).unwrap();
        assert_eq!(line, &format!("moves {}", expected.join(" ")));
        assert!(
            rules.home_camp(position.to_move()).contains(mv.from()),
            "{text}: {answer} does not start in the home camp"
        );
    }
}

#[test]
fn a_search_under_jump_continue_answers_a_legal_move() {
    for (text, setup) in reference_positions()
        .into_iter()
        .filter(|(t, _)| t.contains("jump-continue"))
    {
        let rules: Rules = text.parse().unwrap();
        let (command, position) = match &setup {
            Some(s) => (
                format!("position setup {s}"),
                rules.parse_position(s).unwrap(),
            ),
            None => ("position startpos".to_owned(), rules.start_position()),
        };
        let lines = session(&format!("hep\nrules {text}\n{command}\ngo depth 2\n"), 1);
        let answer = bestmove(&lines);
        let mv = rules
            .parse_move(&position, &answer)
            .unwrap_or_else(|e| panic!("{text}: bestmove {answer}: {e}"));
        assert!(
            rules.legal_moves(&position).contains(&mv),
            "{text}: {answer}"
        );
    }
}

#[test]
fn position_moves_follow_the_options_of_the_rules() {
    let (text, setup, rules, position) = forced_exit_positions().remove(0);
    let free = without_forced_exit(&rules);
    let refused: Move = free
        .legal_moves(&position)
        .into_iter()
        .find(|mv| !rules.is_legal(&position, *mv))
        .unwrap();
    let written = free.move_to_string(&position, refused).unwrap();
    let forced = rules.legal_moves(&position)[0];
    let forced_text = rules.move_to_string(&position, forced).unwrap();
    let lines = session(
        &format!(
            "hep\nrules {text}\nposition setup {setup} moves {written}\nshow\n\
             position setup {setup} moves {forced_text}\nshow\n"
        ),
        0,
    );
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(
        errors[0].starts_with(&format!("error position: move 1 `{written}`")),
        "{}",
        errors[0]
    );
    assert!(errors[0].contains("forced exit"), "{}", errors[0]);
    let mut after = position.clone();
    after.make_move(forced).unwrap();
    let shown = lines
        .iter()
        .filter(|l| l.starts_with("info string position "))
        .cloned()
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(
        shown,
        format!(
            "info string position {}\ninfo string position {after}",
            rules.start_position()
        ),
        "the refused command changed nothing (the start of `rules`); the forced move was played"
    );
}

#[test]
fn the_rules_command_takes_the_options_and_refuses_misspelt_ones() {
    let lines = session(
        "hep\nrules halma,home-lock,camp-lock,forced-exit,spoil=fill\nshow\n\
         rules halma8,forced-exits\nshow\nrules super-halma,jump-continue,jump-continue\n",
        0,
    );
    let canonical = "halma,home-lock,camp-lock,forced-exit,spoil=fill"
        .parse::<Rules>()
        .unwrap()
        .to_string();
    let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error")).collect();
    assert_eq!(errors.len(), 2, "{lines:?}");
    let misspelt = "halma8,forced-exits"
        .parse::<Rules>()
        .unwrap_err()
        .to_string();
    assert!(
        errors[0].starts_with("error rules: unknown option `forced-exits`"),
        "{}",
        errors[0]
    );
    assert!(
        misspelt.starts_with(errors[0]["error rules: ".len()..].trim_end_matches("...")),
        "{} is the rules reader's message, maybe cut: {misspelt}",
        errors[0]
    );
    assert_eq!(
        errors[1],
        &format!(
            "error rules: {}",
            "super-halma,jump-continue,jump-continue"
                .parse::<Rules>()
                .unwrap_err()
        )
    );
    // Both `show`s report the rules set first: the refused ones changed nothing.
    let shows: Vec<&String> = lines
        .iter()
        .filter(|l| **l == format!("info string rules {canonical}"))
        .collect();
    assert_eq!(shows.len(), 2, "{lines:?}");
}
