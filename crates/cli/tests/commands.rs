//! The subcommands of `halma`, as its help lists them, are the ones its
//! about line (the package's description), `docs/architecture.md` and the
//! crate's README name: a command added or renamed fails here until every
//! list says so.

mod common;

use std::path::Path;

/// The subcommands `halma --help` lists, in its order (`help` left out).
fn subcommands() -> Vec<String> {
    let run = common::halma(&["--help"], "");
    assert!(run.success(), "{run}");
    let mut lines = run.stdout.lines().skip_while(|line| *line != "Commands:");
    assert_eq!(lines.next(), Some("Commands:"), "{}", run.stdout);
    let names: Vec<String> = lines
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 8, "{}", run.stdout);
    names
}

/// The words of `text` between backticks that are lowercase names, in order.
fn backticked_names(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|word| !word.is_empty() && word.bytes().all(|b| b.is_ascii_lowercase()))
        .map(str::to_string)
        .collect()
}

fn read(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_about_line_names_every_subcommand_in_order() {
    let commands = subcommands();
    let run = common::halma(&["--help"], "");
    let about = run.stdout.lines().next().unwrap_or_default();
    assert_eq!(about, env!("CARGO_PKG_DESCRIPTION"));
    // "...: perft, moves (the legal moves), ... and engine (...)": the
    // items of the list, their explanations in parentheses left out.
    let listed = about.split_once(": ").map_or("", |(_, list)| list);
    let mut bare = String::new();
    let mut depth = 0;
    for c in listed.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => bare.push(c),
            _ => {}
        }
    }
    let items: Vec<&str> = bare
        .split([','])
        .flat_map(|item| item.split(" and "))
        .map(str::trim)
        .collect();
    assert_eq!(items, commands, "the about line: {about}");
}

#[test]
fn the_architecture_map_names_the_subcommands() {
    let map = read("../../docs/architecture.md");
    let row = map
        .lines()
        .find(|line| line.starts_with("| `halma-cli` "))
        .expect("the halma-cli row of the crate table");
    let owns = row.split(" | ").nth(1).expect("the row's second column");
    let (_, list) = owns
        .split_once("subcommands")
        .expect("the row lists the subcommands");
    assert_eq!(backticked_names(list), subcommands(), "{row}");
}

#[test]
fn the_readme_shows_every_subcommand() {
    let readme = read("README.md");
    let shown: Vec<String> = readme
        .lines()
        .filter_map(|line| line.strip_prefix("halma "))
        .filter_map(|rest| rest.split_whitespace().next())
        .map(str::to_string)
        .collect();
    assert_eq!(shown, subcommands(), "crates/cli/README.md");
}
