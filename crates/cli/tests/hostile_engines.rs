//! `halma match` against engines that misbehave: silent, stuck, crashing,
//! illegal, garbage-writing and slow ones, written as tiny `sh` and `python3`
//! scripts. Every match must end by itself, forfeit the bad engine's games
//! with the right reason (losses, never draws) and go on.
//!
//! Each run has a watchdog: a match that does not end fails the test instead
//! of hanging it.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{Run, HALMA};

/// The longest a match of these tests may take before it counts as hung.
const WATCHDOG: Duration = Duration::from_secs(90);

/// Lines of standard output that report a forfeit.
fn forfeits(run: &Run) -> Vec<&str> {
    run.stdout
        .lines()
        .filter(|l| l.contains(" forfeits: "))
        .collect()
}

/// Runs `halma` with `args` and no input, killing it (and failing) after `WATCHDOG`.
fn halma(args: &[&str]) -> Run {
    common::halma_within(args, "", WATCHDOG)
}

/// A fresh directory for one test's fake engines.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("halma-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

/// Writes an executable script.
fn script(dir: &Path, name: &str, text: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writable");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    path
}

/// A `sh` engine that shakes hands and answers `go` with `on_go` (shell code).
fn sh_engine(dir: &Path, name: &str, on_go: &str) -> PathBuf {
    script(
        dir,
        name,
        &format!(
            "#!/bin/sh\n\
             while read -r line; do\n\
             \x20 case \"$line\" in\n\
             \x20   hep) echo 'id name fake'; echo hepok ;;\n\
             \x20   isready) echo readyok ;;\n\
             \x20   go*) {on_go} ;;\n\
             \x20   quit) exit 0 ;;\n\
             \x20 esac\n\
             done\n"
        ),
    )
}

/// A match of two games on halma8 of `cmd=<engine>` (A) against greedy, with
/// small time-outs; `extra` options replace the defaults of the same name.
fn match_against_greedy(engine: &str, extra: &[&str]) -> Run {
    let a = format!("cmd={engine}");
    let mut args = vec![
        "match", "--rules", "halma8", "--games", "2", "--a", &a, "--b", "greedy",
    ];
    let defaults = [
        ("--timeout-handshake", "2000"),
        ("--timeout-ready", "2000"),
        ("--timeout-move", "5000"),
        ("--timemargin", "300"),
    ];
    for (name, value) in defaults {
        if !extra.contains(&name) {
            args.extend([name, value]);
        }
    }
    args.extend_from_slice(extra);
    halma(&args)
}

/// Checks that A forfeited both games for a reason containing `reason`, lost
/// them (never drew), and that the match ended normally.
fn assert_a_forfeits_both(run: &Run, reason: &str) {
    assert_eq!(run.code, Some(0), "{run}");
    let forfeits = forfeits(run);
    assert_eq!(forfeits.len(), 2, "{run}");
    for (i, line) in forfeits.iter().enumerate() {
        let prefix = format!("game {}: A (", i + 1);
        assert!(line.starts_with(&prefix), "{line}\n{run}");
        assert!(
            line.contains(reason),
            "expected `{reason}` in {line}\n{run}"
        );
    }
    assert!(run.stdout.contains("Forfeits: A 2, B 0"), "{run}");
    assert!(run.last_line().starts_with("A vs B: +0 =0 -2 "), "{run}");
    // The progress lines: games done of the total, the score, the time left.
    let progress: Vec<&str> = run.stderr.lines().collect();
    assert!(progress[0].starts_with("1/2 +0 =0 -1 (0.0%)"), "{run}");
    assert!(progress[0].ends_with(" left"), "{run}");
    assert!(progress[1].starts_with("2/2 +0 =0 -2 (0.0%)"), "{run}");
}

#[test]
fn a_silent_engine_forfeits_at_the_handshake() {
    // `cat` echoes `hep` back and never says `hepok`.
    let run = match_against_greedy("cat", &["--timeout-handshake", "300"]);
    assert_a_forfeits_both(&run, "could not start the engine: no hepok within 300 ms");
}

#[test]
fn acceptance_cat_against_greedy_ends_by_itself_with_default_time_outs() {
    let start = Instant::now();
    let run = halma(&["match", "--a", "cmd=cat", "--b", "greedy", "--games", "2"]);
    assert!(start.elapsed() < Duration::from_secs(60), "{run}");
    assert_a_forfeits_both(&run, "no hepok within 10000 ms");
}

#[test]
fn failed_starts_stop_after_the_limit_and_the_rest_is_forfeited_at_once() {
    let run = halma(&[
        "match",
        "--rules",
        "halma8",
        "--games",
        "6",
        "--a",
        "cmd=cat",
        "--b",
        "greedy",
        "--timeout-handshake",
        "200",
        "--max-start-failures",
        "2",
    ]);
    assert_eq!(run.code, Some(0), "{run}");
    let forfeits = forfeits(&run);
    assert_eq!(forfeits.len(), 6, "{run}");
    for line in &forfeits[..2] {
        assert!(line.contains("no hepok within 200 ms"), "{run}");
    }
    for line in &forfeits[2..] {
        assert!(
            line.contains("not started again after 2 failed starts"),
            "{run}"
        );
    }
    assert!(run.last_line().starts_with("A vs B: +0 =0 -6 "), "{run}");
}

#[test]
fn an_engine_that_never_answers_go_forfeits_on_time() {
    let dir = temp_dir("mute");
    let engine = sh_engine(&dir, "mute.sh", ":");
    let path = engine.to_str().unwrap();
    // Node-limited: the move cap plus the margin.
    let run = match_against_greedy(
        path,
        &[
            "--go",
            "nodes 100",
            "--timeout-move",
            "400",
            "--timemargin",
            "100",
        ],
    );
    assert_a_forfeits_both(&run, "no bestmove within 500 ms");
    // Time-limited: movetime plus the margin.
    let run = match_against_greedy(path, &["--go", "movetime 200"]);
    assert_a_forfeits_both(&run, "no bestmove within 500 ms");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_engine_that_crashes_mid_game_forfeits_and_is_restarted() {
    let dir = temp_dir("crash");
    // The real engine behind a relay that dies (status 3) at the second `go`.
    let engine = script(
        &dir,
        "crash.py",
        &format!(
            "#!/usr/bin/env python3\n\
             import subprocess, sys\n\
             engine = subprocess.Popen([{HALMA:?}, 'engine'], stdin=subprocess.PIPE, stdout=sys.stdout, text=True)\n\
             goes = 0\n\
             while True:\n\
             \x20   line = sys.stdin.readline()\n\
             \x20   if not line:\n\
             \x20       break\n\
             \x20   if line.startswith('go'):\n\
             \x20       goes += 1\n\
             \x20       if goes == 2:\n\
             \x20           engine.kill()\n\
             \x20           sys.exit(3)\n\
             \x20   engine.stdin.write(line)\n\
             \x20   engine.stdin.flush()\n"
        ),
    );
    let run = match_against_greedy(engine.to_str().unwrap(), &["--go", "nodes 50"]);
    // Each game is played by a new process, which dies at its second move.
    assert_a_forfeits_both(&run, "the engine exited (exit status: 3)");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_illegal_bestmove_forfeits_and_the_match_goes_on() {
    let dir = temp_dir("illegal");
    let engine = sh_engine(&dir, "illegal.sh", "echo 'bestmove pass'");
    let run = match_against_greedy(engine.to_str().unwrap(), &[]);
    assert_a_forfeits_both(&run, "illegal bestmove `pass`");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn garbage_lines_are_ignored_and_the_illegal_move_after_them_forfeits() {
    let dir = temp_dir("garbage");
    let engine = sh_engine(
        &dir,
        "garbage.sh",
        "echo 'x y z'; echo 'bestmovez a1'; echo 'info depth banana'; echo ''; \
         echo 'bestmove a1-h8-a1'",
    );
    let run = match_against_greedy(engine.to_str().unwrap(), &[]);
    assert_a_forfeits_both(&run, "illegal bestmove `a1-h8-a1`");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn output_that_is_not_text_forfeits() {
    let dir = temp_dir("binary");
    let engine = sh_engine(&dir, "binary.sh", "printf 'bestmove \\377\\376\\n'");
    let run = match_against_greedy(engine.to_str().unwrap(), &[]);
    assert_a_forfeits_both(&run, "the engine wrote a line that is not UTF-8 text");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_slow_engine_forfeits_on_time() {
    let dir = temp_dir("slow");
    // Sleeps in its own process, so that killing it ends it.
    let engine = script(
        &dir,
        "slow.py",
        "#!/usr/bin/env python3\n\
         import sys, time\n\
         for line in iter(sys.stdin.readline, ''):\n\
         \x20   word = line.split()[:1]\n\
         \x20   if word == ['hep']:\n\
         \x20       print('hepok', flush=True)\n\
         \x20   elif word == ['isready']:\n\
         \x20       print('readyok', flush=True)\n\
         \x20   elif word == ['go']:\n\
         \x20       time.sleep(60)\n",
    );
    let run = match_against_greedy(
        engine.to_str().unwrap(),
        &["--go", "movetime 100", "--timemargin", "200"],
    );
    assert_a_forfeits_both(&run, "no bestmove within 300 ms");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn engine_commands_use_shell_quoting() {
    let dir = temp_dir("quoting");
    let spaced = dir.join("engine dir");
    std::fs::create_dir_all(&spaced).unwrap();
    let engine = script(
        &spaced,
        "my engine.sh",
        &format!("#!/bin/sh\nexec '{HALMA}' engine\n"),
    );
    let quoted = format!("'{}'", engine.to_str().unwrap());
    let escaped = engine.to_str().unwrap().replace(' ', "\\ ");
    let via_sh = format!("sh -c 'exec \"$0\" engine' {HALMA}");
    for command in [&quoted, &escaped, &via_sh] {
        let run = match_against_greedy(command, &["--go", "nodes 200"]);
        assert_eq!(run.code, Some(0), "{command}: {run}");
        assert!(forfeits(&run).is_empty(), "{command}: {run}");
        assert!(run.last_line().starts_with("A vs B: +"), "{run}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_engine_commands_are_errors_before_the_match() {
    let cases = [
        ("cmd=sh -c 'echo hi", "unterminated single quote"),
        ("cmd=", "empty command"),
        ("cmd=/no/such/halma-engine", "no such executable file"),
    ];
    for (spec, message) in cases {
        let run = halma(&["match", "--a", spec, "--games", "2"]);
        assert_eq!(run.code, Some(2), "{spec}: {run}");
        assert!(run.stderr.contains(message), "{spec}: {run}");
        assert!(run.stderr.starts_with("error: --a: cmd="), "{spec}: {run}");
    }
    let run = halma(&["match", "--a", "cmd=cat", "--go", "infinite"]);
    assert_eq!(run.code, Some(2), "{run}");
    assert!(
        run.stderr
            .contains("--go: the engine would search until `stop`"),
        "{run}"
    );
}

#[test]
fn records_say_how_every_game_ended() {
    let dir = temp_dir("records");
    let engine = sh_engine(&dir, "illegal.sh", "echo 'bestmove pass'");
    let file = dir.join("games.txt");
    let run = match_against_greedy(
        engine.to_str().unwrap(),
        &["--records", file.to_str().unwrap()],
    );
    assert_a_forfeits_both(&run, "illegal bestmove");
    let text = std::fs::read_to_string(&file).expect("the records were written");
    let records: Vec<String> = text
        .split("\n[Rules ")
        .enumerate()
        .map(|(i, r)| {
            if i == 0 {
                r.to_owned()
            } else {
                format!("[Rules {r}")
            }
        })
        .collect();
    assert_eq!(records.len(), 2, "{text}");
    for record in &records {
        assert!(record.contains("[Termination \"forfeit\"]"), "{record}");
        assert!(
            record.contains("[TerminationDetails \"illegal bestmove `pass`"),
            "{record}"
        );
        assert!(record.contains("[B \"greedy\"]"), "{record}");
        halma_rules::read_record(record)
            .unwrap_or_else(|e| panic!("the record reads back: {e}\n{record}"));
    }
    // A normal match: every game won on the board or drawn, named as such.
    let run = halma(&[
        "match",
        "--rules",
        "halma8",
        "--games",
        "2",
        "--a",
        "nodes=300",
        "--records",
        file.to_str().unwrap(),
    ]);
    assert_eq!(run.code, Some(0), "{run}");
    let text = std::fs::read_to_string(&file).unwrap();
    assert_eq!(text.matches("[Rules \"halma8\"]").count(), 2, "{text}");
    assert!(!text.contains("forfeit"), "{text}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn engine_text_is_escaped_in_forfeit_lines_and_records() {
    let dir = temp_dir("escape");
    // The escape sequence would turn a terminal red and ring its bell.
    let engine = sh_engine(&dir, "red.sh", "printf 'error \\033[31mRED\\007\\n'");
    let file = dir.join("games.txt");
    let run = match_against_greedy(
        engine.to_str().unwrap(),
        &["--records", file.to_str().unwrap()],
    );
    assert_a_forfeits_both(&run, r"the engine answered `error \x1b[31mRED\x07`");
    assert!(
        !run.stdout.contains('\x1b') && !run.stdout.contains('\x07'),
        "{run}"
    );
    let text = std::fs::read_to_string(&file).expect("the records were written");
    assert!(!text.contains('\x1b') && !text.contains('\x07'), "{text}");
    assert!(text.contains(r"\x1b[31mRED"), "{text}");
    // An illegal move with control characters in it is escaped too.
    let engine = sh_engine(&dir, "bell.sh", "printf 'bestmove a1\\007\\n'");
    let run = match_against_greedy(engine.to_str().unwrap(), &[]);
    assert_a_forfeits_both(&run, r"illegal bestmove `a1\x07`");
    assert!(!run.stdout.contains('\x07'), "{run}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A script that runs the real `halma engine` behind a relay (written in
/// `dir` as `name`): each line the engine writes is passed through the
/// Python expression `out` (of `line`, giving the text to write), each line
/// sent to it through `into`, so a test can make one thing go wrong.
fn relayed_engine(dir: &Path, name: &str, out: &str, into: &str) -> PathBuf {
    script(
        dir,
        name,
        &format!(
            "#!/usr/bin/env python3\n\
             import subprocess, sys, threading\n\
             engine = subprocess.Popen([{HALMA:?}, 'engine'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)\n\
             def relay():\n\
             \x20   for line in engine.stdout:\n\
             \x20       sys.stdout.write({out})\n\
             \x20       sys.stdout.flush()\n\
             threading.Thread(target=relay, daemon=True).start()\n\
             for line in sys.stdin:\n\
             \x20   engine.stdin.write({into})\n\
             \x20   engine.stdin.flush()\n\
             \x20   if line.split()[:1] == ['quit']:\n\
             \x20       break\n\
             engine.wait()\n"
        ),
    )
}

#[test]
fn two_bestmoves_for_one_go_forfeit_instead_of_playing_the_second() {
    let dir = temp_dir("twice");
    // The real engine behind a relay that repeats every `bestmove` it relays:
    // the repeat must not be taken as the answer to the next `go`.
    let engine = relayed_engine(
        &dir,
        "twice.py",
        "line * 2 if line.startswith('bestmove') else line",
        "line",
    );
    let run = match_against_greedy(engine.to_str().unwrap(), &["--go", "nodes 50"]);
    assert_a_forfeits_both(
        &run,
        "the engine answered one `go` with more than one bestmove (then `bestmove ",
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_engine_that_refuses_the_rules_forfeits_with_its_error() {
    let dir = temp_dir("refuses-rules");
    // The real engine behind a relay that garbles every `rules` command, as
    // an engine that does not know the rules string would answer it: its
    // `error rules: ...` line must be the reason, not a later symptom.
    let engine = relayed_engine(
        &dir,
        "refuses.py",
        "line",
        "'rules halma8,no-such-option\\n' if line.startswith('rules ') else line",
    );
    let run = match_against_greedy(engine.to_str().unwrap(), &["--go", "nodes 50"]);
    assert_a_forfeits_both(&run, "the engine answered `error rules: ");
    let _ = std::fs::remove_dir_all(dir);
}

/// Whether process `pid` still runs (a zombie, killed and waiting to be
/// reaped by whoever adopted it, does not).
fn runs(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        // The state follows the command name in parentheses.
        let state = stat.rsplit(')').next().unwrap_or("").trim_start();
        !state.starts_with('Z') && !state.starts_with('X')
    })
}

/// The process ids written one a line to `path` (empty if it is not there).
fn pids(path: &Path) -> Vec<u32> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// Waits at most two seconds for every process of `pids` to end; the ones
/// still running are killed (not to leave them behind) and returned.
fn survivors(pids: &[u32]) -> Vec<u32> {
    let start = Instant::now();
    while pids.iter().any(|&pid| runs(pid)) && start.elapsed() < Duration::from_secs(2) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left: Vec<u32> = pids.iter().copied().filter(|&pid| runs(pid)).collect();
    for pid in &left {
        let _ = std::process::Command::new("kill")
            .args(["-9", &pid.to_string()])
            .status();
    }
    left
}

#[test]
fn an_engine_that_exits_while_its_child_holds_its_output_forfeits_at_once() {
    // Issue 44, item 4: the engine dies (status 4) leaving a `sleep` that
    // holds its output open; the runner waited the whole move time-out
    // ("no bestmove within ...") and left every `sleep` running.
    let dir = temp_dir("orphan");
    let pidfile = dir.join("children");
    let engine = sh_engine(
        &dir,
        "orphan.sh",
        &format!("sleep 300 & echo $! >> '{}'; exit 4", pidfile.display()),
    );
    let started = Instant::now();
    let run = match_against_greedy(
        engine.to_str().unwrap(),
        &["--timeout-move", "30000", "--go", "movetime 100"],
    );
    let spent = started.elapsed();
    assert_a_forfeits_both(&run, "the engine exited (exit status: 4)");
    // Noticed when the engine itself ended, not at the time-out (30 s).
    assert!(spent < Duration::from_secs(20), "the match took {spent:?}");
    let children = pids(&pidfile);
    assert_eq!(children.len(), 2, "one child per game: {children:?}");
    assert_eq!(
        survivors(&children),
        Vec::<u32>::new(),
        "children left running"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_engine_s_children_do_not_outlive_the_match() {
    // A good engine that starts a helper process and forgets it: the
    // helper is killed with the engine's process group at the end.
    let dir = temp_dir("helper");
    let pidfile = dir.join("children");
    let engine = script(
        &dir,
        "helper.sh",
        &format!(
            "#!/bin/sh\n\
             sleep 300 </dev/null >/dev/null 2>&1 &\n\
             echo $! >> '{}'\n\
             exec '{HALMA}' engine\n",
            pidfile.display()
        ),
    );
    let run = match_against_greedy(engine.to_str().unwrap(), &["--go", "nodes 50"]);
    assert_eq!(run.code, Some(0), "{run}");
    assert!(forfeits(&run).is_empty(), "{run}");
    let children = pids(&pidfile);
    assert!(!children.is_empty(), "{run}");
    assert_eq!(
        survivors(&children),
        Vec::<u32>::new(),
        "helpers left running"
    );
    let _ = std::fs::remove_dir_all(dir);
}
