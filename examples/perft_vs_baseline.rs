//! perft speed of `halma` next to the plain baseline generator
//! `halma_reference::baseline`, measured in the same run, so that every figure is a
//! ratio to a yardstick taken on the same machine at the same time (issue 5,
//! item 2).
//!
//! ```text
//! cargo run --release --example perft_vs_baseline                          # halma start, depth 5
//! cargo run --release --example perft_vs_baseline -- --rules super-halma --depth 4
//! cargo run --release --example perft_vs_baseline -- --positions benches/positions.tsv
//! cargo run --release --example perft_vs_baseline -- --positions benches/positions.tsv \
//!     --select super-halma,long-jumps --threads 1           # the long-jump rows only
//! ```
//!
//! `--only baseline|halma` runs one single-threaded perft of one generator
//! and prints `total N`, untimed: what `scripts/instructions-per-leaf.sh`
//! runs under callgrind for the baseline's instruction count.
//!
//! Options: `--rules R`, `--position P|startpos`, `--depth D`, `--runs N`
//! (default 5), `--threads T` (the multi-threaded rows, default 2; 1 leaves
//! them out), `--positions FILE` (every line of a `positions.tsv`-style
//! file; without `--depth`, at the file's depth, deepened while a perft
//! takes under 0.2 s and the next depth is expected to take at most 3 s),
//! `--select A,B` (only the rows of that file whose name contains `A` or
//! `B`; the file has `halma,long-jumps` and `super-halma` rows at the start,
//! in the opening, in the midgame and crowded, so long jumps are measured
//! against the baseline's long jumps in the same run).
//! A perft still under 0.2 s is repeated within each timed run.
//!
//! Each of baseline and halma, on one thread and on T threads, runs N times,
//! interleaved so that a change in machine load hits both alike. Every count
//! is checked against the others. The table (Markdown, ready for
//! `docs/performance.md`) shows median milliseconds per perft, median M
//! leaves/s and halma's speed as a multiple of the baseline's at the same
//! thread count.

use std::process::ExitCode;
use std::time::Instant;

use halma_reference::baseline;
use halma_rules::{PerftOptions, Position, Rules, MAX_PERFT_DEPTH};

/// The shortest timed run, in seconds: shorter perfts are deepened or repeated.
const MIN_RUN: f64 = 0.2;
/// The longest perft a case is deepened to, in seconds.
const MAX_RUN: f64 = 3.0;

/// One perft to measure: both generators' positions at one depth.
struct Case {
    name: String,
    rules_text: String,
    rules: Rules,
    position: Position,
    baseline: baseline::Position,
    depth: u32,
    /// perfts per timed run, so that a small case still runs for 0.2 s.
    repeat: u32,
}

impl Case {
    /// Parses a case; `position` may be `startpos`.
    fn new(name: &str, rules_text: &str, position: &str, depth: u32) -> Result<Case, String> {
        let depth = checked_depth(depth)?;
        let rules: Rules = rules_text
            .parse()
            .map_err(|e| format!("rules {rules_text:?}: {e}"))?;
        let halma_position = if position == "startpos" {
            rules.start_position()
        } else {
            rules
                .parse_position(position)
                .map_err(|e| format!("position {position:?}: {e}"))?
        };
        Ok(Case {
            name: name.to_string(),
            rules_text: rules_text.to_string(),
            rules,
            position: halma_position,
            baseline: baseline::Position::new(rules_text, position)
                .map_err(|e| format!("baseline: {rules_text:?} {position:?}: {e}"))?,
            depth,
            repeat: 1,
        })
    }

    /// Seconds per perft and leaves of `repeat` perfts by `generator` on
    /// `threads` threads. Panics if the repeated counts differ.
    fn run(&self, generator: Generator, threads: usize) -> (f64, u64) {
        let started = Instant::now();
        let mut leaves = None;
        for _ in 0..self.repeat {
            let count = match (generator, threads) {
                (Generator::Baseline, 1) => baseline::perft(&self.baseline, self.depth),
                (Generator::Baseline, _) => {
                    baseline::perft_threads(&self.baseline, self.depth, threads)
                }
                (Generator::Halma, 1) => self
                    .rules
                    .perft(&self.position, self.depth)
                    .expect("the depth is checked when read and kept within the bound"),
                (Generator::Halma, _) => self
                    .rules
                    .perft_with(
                        &self.position,
                        self.depth,
                        PerftOptions::new().threads(threads),
                    )
                    .expect("the depth is checked when read and kept within the bound"),
            };
            assert_eq!(
                *leaves.get_or_insert(count),
                count,
                "{generator:?} is not repeatable"
            );
        }
        let seconds = started.elapsed().as_secs_f64() / f64::from(self.repeat);
        (seconds, leaves.unwrap_or_default())
    }

    /// The single-threaded time per perft of the slower generator, and the
    /// leaf count. A short run is taken twice and the faster kept, so that a
    /// cold first run does not count.
    fn slower_time(&self) -> (f64, u64) {
        let time = |generator| {
            let (first, leaves) = self.run(generator, 1);
            if first < MIN_RUN {
                (first.min(self.run(generator, 1).0), leaves)
            } else {
                (first, leaves)
            }
        };
        let (baseline_time, leaves) = time(Generator::Baseline);
        let (halma_time, _) = time(Generator::Halma);
        (baseline_time.max(halma_time), leaves)
    }

    /// Repeats the perft in each timed run until a run takes [`MIN_RUN`], so
    /// that timer resolution and scheduling noise stay small.
    fn calibrate(&mut self) {
        let (slower, _) = self.slower_time();
        if slower < MIN_RUN {
            self.repeat = (MIN_RUN / slower.max(1e-6)).ceil().min(1e6) as u32;
        }
    }
}

/// The two generators compared.
#[derive(Clone, Copy, Debug)]
enum Generator {
    Baseline,
    Halma,
}

/// Command-line options.
struct Options {
    rules: String,
    position: String,
    depth: Option<u32>,
    runs: usize,
    threads: usize,
    positions: Option<String>,
    /// Name fragments: only the rows of `positions` whose name holds one.
    select: Vec<String>,
    only: Option<Generator>,
}

/// Reads the options; `Err` holds the message for the user.
fn options() -> Result<Options, String> {
    let mut options = Options {
        rules: "halma".to_string(),
        position: "startpos".to_string(),
        depth: None,
        runs: 5,
        threads: 2,
        positions: None,
        select: Vec::new(),
        only: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |text: String| {
            text.parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{flag}: {text:?} is not a positive number"))
        };
        match flag.as_str() {
            "--rules" => options.rules = value()?,
            "--position" => options.position = value()?,
            "--depth" => {
                let depth = value()?;
                let depth = depth
                    .parse()
                    .map_err(|_| format!("--depth: {depth:?} is not a depth"))?;
                options.depth = Some(checked_depth(depth).map_err(|e| format!("--depth: {e}"))?);
            }
            "--runs" => options.runs = number(value()?)?,
            "--threads" => options.threads = number(value()?)?,
            "--positions" => options.positions = Some(value()?),
            "--select" => {
                options.select = value()?.split(',').map(String::from).collect();
                if options.select.iter().any(String::is_empty) {
                    return Err("--select: an empty name fragment".to_string());
                }
            }
            "--only" => {
                options.only = Some(match value()?.as_str() {
                    "baseline" => Generator::Baseline,
                    "halma" => Generator::Halma,
                    other => return Err(format!("--only: {other:?} is not baseline or halma")),
                })
            }
            _ => {
                return Err(format!(
                    "unknown argument {flag:?}; options: --rules R --position P|startpos \
                     --depth D --runs N --threads T --positions FILE --select A,B \
                     --only baseline|halma"
                ))
            }
        }
    }
    Ok(options)
}

/// The cases of a `positions.tsv`-style file: `name rules position depth`,
/// tab-separated, `#` comments.
fn read_positions(path: &str, depth: Option<u32>) -> Result<Vec<Case>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut cases = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, rules, position, file_depth] = fields[..] else {
            return Err(format!("{path}: 4 tab-separated fields expected: {line:?}"));
        };
        let file_depth = file_depth
            .parse()
            .map_err(|_| format!("{path}: bad depth in {line:?}"))?;
        let mut case = Case::new(name, rules, position, file_depth)?;
        if let Some(depth) = depth {
            case.depth = depth;
        } else {
            deepen(&mut case);
        }
        cases.push(case);
    }
    Ok(cases)
}

/// `depth` if both generators take it: 1 to [`MAX_PERFT_DEPTH`] (the
/// baseline has no bound of its own; its recursion is as deep as halma's).
fn checked_depth(depth: u32) -> Result<u32, String> {
    if (1..=MAX_PERFT_DEPTH).contains(&depth) {
        Ok(depth)
    } else {
        Err(format!(
            "perft depth {depth} is out of range: the depth must be from 1 to {MAX_PERFT_DEPTH}"
        ))
    }
}

/// Deepens a case while its slower single-threaded perft takes under
/// [`MIN_RUN`] and the next depth, estimated by this depth's branching
/// factor, stays within [`MAX_RUN`].
fn deepen(case: &mut Case) {
    loop {
        let (slower, leaves) = case.slower_time();
        let previous = baseline::perft(&case.baseline, case.depth - 1).max(1);
        let growth = leaves as f64 / previous as f64;
        if slower >= MIN_RUN
            || leaves == 0
            || slower * growth > MAX_RUN
            || case.depth == MAX_PERFT_DEPTH
        {
            return;
        }
        case.depth += 1;
    }
}

/// The median of some run times.
fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2.0
    }
}

/// Measures one case and prints its table rows; `Err` when counts disagree.
fn measure(case: &Case, runs: usize, threads: usize) -> Result<(), String> {
    let thread_counts: Vec<usize> = if threads > 1 {
        vec![1, threads]
    } else {
        vec![1]
    };
    // times[thread index][generator]
    let mut times = vec![[Vec::new(), Vec::new()]; thread_counts.len()];
    let mut leaves = None;
    for _ in 0..runs {
        for (t, &threads) in thread_counts.iter().enumerate() {
            for (g, generator) in [Generator::Baseline, Generator::Halma]
                .into_iter()
                .enumerate()
            {
                let (seconds, count) = case.run(generator, threads);
                if *leaves.get_or_insert(count) != count {
                    return Err(format!(
                        "{}: {generator:?} on {threads} thread(s) counts {count}, expected {}",
                        case.name,
                        leaves.unwrap_or_default()
                    ));
                }
                times[t][g].push(seconds);
            }
        }
    }
    let leaves = leaves.unwrap_or_default();
    for (t, &threads) in thread_counts.iter().enumerate() {
        let [baseline_times, halma_times] = &mut times[t];
        let (baseline_s, halma_s) = (median(baseline_times), median(halma_times));
        let rate = |seconds: f64| format!("{:.1}", leaves as f64 / seconds / 1e6);
        print_row([
            case.name.clone(),
            case.rules_text.clone(),
            case.depth.to_string(),
            leaves.to_string(),
            threads.to_string(),
            format!("{:.3}", baseline_s * 1e3),
            rate(baseline_s),
            format!("{:.3}", halma_s * 1e3),
            rate(halma_s),
            format!("{:.2}x", baseline_s / halma_s),
        ]);
    }
    Ok(())
}

/// Column titles of the table.
const COLUMNS: [&str; 10] = [
    "position",
    "rules",
    "depth",
    "leaves",
    "threads",
    "baseline ms",
    "baseline M/s",
    "halma ms",
    "halma M/s",
    "x baseline",
];

/// Column widths: the first two are text (left-aligned), the rest numbers.
const WIDTHS: [usize; 10] = [20, 18, 5, 11, 7, 11, 12, 9, 9, 10];

/// Prints one Markdown table row, padded so that the plain text lines up too.
fn print_row(cells: [String; 10]) {
    let mut line = String::from("|");
    for (i, (cell, width)) in cells.iter().zip(WIDTHS).enumerate() {
        if i < 2 {
            line.push_str(&format!(" {cell:<width$} |"));
        } else {
            line.push_str(&format!(" {cell:>width$} |"));
        }
    }
    println!("{line}");
}

fn main() -> ExitCode {
    let result = options().and_then(|options| {
        let mut cases = match &options.positions {
            Some(path) => {
                let mut cases = read_positions(path, options.depth)?;
                if !options.select.is_empty() {
                    cases.retain(|case| {
                        options
                            .select
                            .iter()
                            .any(|s| case.name.contains(s.as_str()))
                    });
                    if cases.is_empty() {
                        return Err(format!(
                            "--select {}: no position of {path} has such a name",
                            options.select.join(",")
                        ));
                    }
                }
                cases
            }
            None if !options.select.is_empty() => {
                return Err("--select chooses rows of --positions FILE".to_string())
            }
            None => vec![Case::new(
                if options.position == "startpos" {
                    "startpos"
                } else {
                    "given"
                },
                &options.rules,
                &options.position,
                options.depth.unwrap_or(5),
            )?],
        };
        if let Some(generator) = options.only {
            for case in &cases {
                println!("{} total {}", case.name, case.run(generator, 1).1);
            }
            return Ok(());
        }
        for case in &mut cases {
            case.calibrate();
        }
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        // Other work on the machine skews the multi-threaded rows first.
        let load = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|text| text.split_whitespace().next().map(String::from))
            .unwrap_or_else(|| "unknown".to_string());
        println!(
            "perft: timed runs per cell {} (interleaved), median; a perft under {MIN_RUN} s \
             is repeated within each run, times are per perft; {cores} hardware threads, \
             load average {load} at the start; `x baseline` = halma's speed over the \
             baseline's at the same thread count",
            options.runs
        );
        if options.positions.is_none() && options.position != "startpos" {
            println!("given position: {}", options.position);
        }
        println!();
        print_row(COLUMNS.map(String::from));
        // Markdown alignment: text left, numbers right.
        print_row(std::array::from_fn(|i| match i {
            0 | 1 => "-".repeat(WIDTHS[i]),
            _ => format!("{}:", "-".repeat(WIDTHS[i] - 1)),
        }));
        for case in &cases {
            measure(case, options.runs, options.threads)?;
        }
        Ok(())
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("perft_vs_baseline: {message}");
            ExitCode::FAILURE
        }
    }
}
