//! `halma perft` with `--hash`, `--reuse-replies` and `--progress`: piped,
//! a perft prints no progress and the same standard output as ever;
//! `--hash` and `--reuse-replies` give the same counts; a bad table size is
//! a one-line error with exit status 2.

mod common;

use common::reference_lines;

use std::time::Instant;

use common::{halma, Run};

fn perft(args: &[&str]) -> Run {
    let mut all = vec!["perft"];
    all.extend_from_slice(args);
    let run = halma(&all, "");
    assert!(run.success(), "halma {all:?}: {run}");
    run
}

/// The one line of standard error a perft prints when no progress shows.
fn assert_timing_only(run: &Run, what: &str) {
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{what}: {run}");
    assert!(lines[0].starts_with("depth "), "{what}: {run}");
    assert!(lines[0].contains(" time "), "{what}: {run}");
    assert!(
        !run.stderr.contains('\r') && !run.stderr.contains('\x1b'),
        "{what}: {run}"
    );
}

#[test]
fn piped_perft_prints_no_progress_and_the_same_output() {
    let base = ["--rules", "halma", "--depth", "3", "--divide"];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        perft(&args)
    };
    let plain = with(&["--threads", "1"]);
    assert_timing_only(&plain, "default");
    assert_eq!(plain.last_line(), "total 85440");
    assert_eq!(
        plain.stdout.lines().count(),
        41,
        "40 root moves and the total"
    );
    for extra in [
        &["--threads", "2"][..],
        &["--threads", "2", "--progress", "auto"],
        &["--threads", "1", "--progress", "never"],
        &["--threads", "2", "--hash", "1"],
        &["--threads", "1", "--hash", "4", "--progress", "auto"],
        &["--threads", "1", "--reuse-replies"],
        &["--threads", "2", "--hash", "1", "--reuse-replies"],
    ] {
        let run = with(extra);
        assert_timing_only(&run, &format!("{extra:?}"));
        assert_eq!(run.stdout, plain.stdout, "{extra:?}");
    }
    // Asked for, progress goes to standard error only, a line per root
    // move: so the runs above would have shown it had they not been piped.
    for threads in ["1", "2"] {
        let run = with(&["--threads", threads, "--progress", "always", "--hash", "2"]);
        assert_eq!(run.stdout, plain.stdout);
        let lines: Vec<&str> = run.stderr.lines().collect();
        assert_eq!(lines.len(), 41, "{run}");
        assert!(lines[0].starts_with("perft: 1/40 root moves, "), "{run}");
        assert!(lines[39].starts_with("perft: 40/40 root moves, "), "{run}");
        assert!(lines[40].starts_with("depth 3 threads"), "{run}");
    }
}

#[test]
fn a_piped_perft_longer_than_the_progress_delay_stays_quiet() {
    // On a terminal, progress shows after two seconds; this run takes about
    // that long or more (how long is printed, not asserted).
    let start = Instant::now();
    let run = perft(&["--rules", "halma", "--depth", "5", "--threads", "1"]);
    eprintln!("depth 5 took {:.1} s", start.elapsed().as_secs_f64());
    assert_timing_only(&run, "depth 5");
    assert_eq!(run.stdout, "total 289844520\n");
}

#[test]
fn hashed_perft_gives_the_reference_counts() {
    let lines: Vec<_> = reference_lines("reference.tsv")
        .into_iter()
        .map(|l| (l.rules, l.position, l.depth, l.count))
        .filter(|(_, p, _, count)| p != "startpos" && *count < 1_000_000)
        .collect();
    assert!(lines.len() >= 10, "only {} lines", lines.len());
    for (rules, position, depth, count) in lines {
        for threads in ["1", "2"] {
            let run = perft(&[
                "--rules",
                &rules,
                "--position",
                &position,
                "--depth",
                &depth,
                "--hash",
                "1",
                "--threads",
                threads,
            ]);
            assert_eq!(
                run.last_line(),
                format!("total {count}"),
                "{rules} {position}"
            );
            assert!(run.stderr.contains(" hash 1 MiB "), "{run}");
        }
    }
}

#[test]
fn perft_reusing_replies_gives_the_reference_counts() {
    let lines: Vec<_> = ["reference.tsv", "reference_options.tsv"]
        .into_iter()
        .flat_map(reference_lines)
        .map(|l| (l.rules, l.position, l.depth, l.count))
        .filter(|(_, _, _, count)| *count < 10_000_000)
        .collect();
    assert!(lines.len() >= 40, "only {} lines", lines.len());
    for (rules, position, depth, count) in lines {
        let mut args = vec!["--rules", &rules, "--depth", &depth, "--reuse-replies"];
        if position != "startpos" {
            args.extend_from_slice(&["--position", &position]);
        }
        let run = perft(&args);
        assert_eq!(
            run.last_line(),
            format!("total {count}"),
            "{rules} {position}"
        );
        assert!(run.stderr.contains(" reuse-replies "), "{run}");
    }
}

#[test]
fn a_table_size_out_of_range_is_one_line_and_exit_status_2() {
    for (size, message) in [
        ("0", "error: --hash: perft table size 0 MiB is out of range: the size must be from 1 to 65536 MiB\n"),
        ("65537", "error: --hash: perft table size 65537 MiB is out of range: the size must be from 1 to 65536 MiB\n"),
    ] {
        let run = halma(&["perft", "--depth", "2", "--hash", size], "");
        assert_eq!(run.code, Some(2), "{run}");
        assert_eq!(run.stderr, message);
        assert_eq!(run.stdout, "");
    }
    for size in ["-1", "many", "1.5", ""] {
        let run = halma(&["perft", "--depth", "2", "--hash", size], "");
        assert_eq!(run.code, Some(2), "--hash {size:?}: {run}");
        assert_eq!(run.stdout, "");
    }
}

#[test]
fn depth_zero_counts_one_sequence_with_or_without_divide() {
    // perft 0 is 1 (the empty sequence); `--divide` used to print total 0.
    for extra in [&[][..], &["--divide"], &["--divide", "--hash", "1"]] {
        let mut args = vec!["--depth", "0"];
        args.extend_from_slice(extra);
        let run = perft(&args);
        assert_eq!(run.stdout, "total 1\n", "{extra:?}");
    }
}
