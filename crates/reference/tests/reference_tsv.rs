//! Checks the reference generator against `tests/data/perft/reference.tsv` and a
//! few hand-checked facts from the rule book and the reference notes.

use halma_reference::*;
use std::time::Instant;

/// (line number, rules, position, depth, count) for every line of `reference.tsv`.
fn tsv_lines() -> Vec<(usize, String, String, u32, u64)> {
    lines_of("reference.tsv")
}

/// (line number, rules, position, depth, count) for every line of the
/// reference perft file `name` (`tests/data/perft`).
fn lines_of(name: &str) -> Vec<(usize, String, String, u32, u64)> {
    halma_testdata::perft_lines(name)
        .into_iter()
        .map(|line| {
            (
                line.number,
                line.rules.to_owned(),
                line.position_text().to_owned(),
                line.depth,
                line.count,
            )
        })
        .collect()
}

fn setup(rules: &str, position: &str) -> (RefRules, RefPosition) {
    let rules = parse_rules(rules).expect("rules");
    let pos = if position == "startpos" {
        start_position(&rules)
    } else {
        parse_position(&rules, position).expect("position")
    };
    (rules, pos)
}

fn line(n: usize) -> (RefRules, RefPosition) {
    let lines = tsv_lines();
    let (_, rules, position, _, _) = lines.iter().find(|l| l.0 == n).expect("line");
    setup(rules, position)
}

fn path_text(mv: &RefMove) -> String {
    match mv {
        RefMove::Pass => "pass".to_string(),
        RefMove::Move { path, .. } => path
            .iter()
            .map(|&sq| square_name(sq))
            .collect::<Vec<_>>()
            .join("-"),
    }
}

fn swap_paths(rules: &RefRules, pos: &RefPosition) -> Vec<String> {
    legal_moves(rules, pos)
        .iter()
        .filter(|m| matches!(m, RefMove::Move { swap: true, .. }))
        .map(path_text)
        .collect()
}

#[test]
fn every_reference_line() {
    check_lines("reference.tsv", 42);
}

#[test]
fn every_options_reference_line() {
    check_lines("reference_options.tsv", 18);
}

/// Runs perft on every line of the TSV file `name`, which has `count` lines.
fn check_lines(name: &str, count: usize) {
    let start = Instant::now();
    let mut failures = Vec::new();
    let lines = lines_of(name);
    assert_eq!(lines.len(), count, "{name}");
    for (n, rules, position, depth, expected) in &lines {
        let t = Instant::now();
        let (r, p) = setup(rules, position);
        let got = perft(&r, &p, *depth);
        eprintln!(
            "line {n:2} {rules} depth {depth}: expected {expected}, got {got} ({:.2?}){}",
            t.elapsed(),
            if got == *expected { "" } else { "  MISMATCH" }
        );
        if got != *expected {
            failures.push(*n);
        }
    }
    eprintln!("all lines of {name}: {:.2?}", start.elapsed());
    assert!(
        failures.is_empty(),
        "mismatching lines of {name}: {failures:?}"
    );
}

#[test]
fn halma_start_string() {
    let rules = parse_rules("halma").unwrap();
    let start = start_position(&rules);
    let text =
        "rrrrr11/rrrrr11/rrrr12/rrr13/rr14/16/16/16/16/16/16/14bb/13bbb/12bbbb/11bbbbb/11bbbbb r";
    assert_eq!(position_to_string(&start), text);
    assert_eq!(parse_position(&rules, text).unwrap(), start);
}

#[test]
fn position_strings_round_trip() {
    for (n, rules, position, _, _) in tsv_lines() {
        let (r, p) = setup(&rules, &position);
        let text = position_to_string(&p);
        if position != "startpos" {
            assert_eq!(text, position, "line {n}");
        }
        assert_eq!(parse_position(&r, &text).unwrap(), p, "line {n}");
    }
}

#[test]
fn swap_counts_at_the_root() {
    // (line, swaps) from the `swaps` column of reference_notes.md.
    for (n, expected) in [
        (24, 14),
        (31, 3),
        (32, 1),
        (40, 2),
        (41, 2),
        (42, 1),
        (38, 0),
        (39, 0),
        (21, 0),
        (23, 0),
    ] {
        let (rules, pos) = line(n);
        let swaps = swap_paths(&rules, &pos);
        assert_eq!(swaps.len(), expected, "line {n}: {swaps:?}");
    }
}

/// Kind of the last segment of a path: 0 = step, 1 = plain jump, 2 = long jump.
fn last_segment_kind(mv: &RefMove) -> usize {
    let RefMove::Move { path, .. } = mv else {
        panic!("pass")
    };
    let (a, b) = (path[path.len() - 2], path[path.len() - 1]);
    match a.0.abs_diff(b.0).max(a.1.abs_diff(b.1)) {
        1 => 0,
        2 => 1,
        _ => 2,
    }
}

#[test]
fn swap_kinds_at_the_root() {
    // (line, [steps, plain jumps, long jumps], multi-segment) from reference_notes.md.
    for (n, kinds, multi) in [
        (24, [8, 4, 2], 2),
        (31, [2, 1, 0], 0),
        (32, [0, 1, 0], 1),
        (40, [0, 0, 2], 1),
        (41, [0, 2, 0], 2),
        (42, [1, 0, 0], 0),
    ] {
        let (rules, pos) = line(n);
        let swaps: Vec<RefMove> = legal_moves(&rules, &pos)
            .into_iter()
            .filter(|m| matches!(m, RefMove::Move { swap: true, .. }))
            .collect();
        let mut got = [0; 3];
        for mv in &swaps {
            got[last_segment_kind(mv)] += 1;
        }
        let got_multi = swaps
            .iter()
            .filter(|m| matches!(m, RefMove::Move { path, .. } if path.len() > 2))
            .count();
        let texts: Vec<String> = swaps.iter().map(path_text).collect();
        assert_eq!((got, got_multi), (kinds, multi), "line {n}: {texts:?}");
    }
}

#[test]
fn swap_paths_named_in_the_notes() {
    let cases: [(usize, &[&str]); 5] = [
        (31, &["d2-e1", "e3-e1", "g5-h4"]),
        (32, &["c1-e1-g1-i1-k1-m1"]),
        (40, &["e5-g5-e7-e1", "h8-h4"]),
        (41, &["b1-d1-f1", "j9-j7-j5"]),
        (42, &["d1-e1"]),
    ];
    for (n, expected) in cases {
        let (rules, pos) = line(n);
        let mut got = swap_paths(&rules, &pos);
        got.sort();
        assert_eq!(got, expected, "line {n}");
    }
}

#[test]
fn swap_moves_the_spoiler_to_the_origin() {
    let (rules, pos) = line(32);
    let mv = legal_moves(&rules, &pos)
        .into_iter()
        .find(|m| matches!(m, RefMove::Move { swap: true, .. }))
        .unwrap();
    let after = play(&rules, &pos, &mv);
    let w = pos.width as usize;
    let c1 = parse_square("c1").unwrap();
    let m1 = parse_square("m1").unwrap();
    let at = |p: &RefPosition, sq: RefSquare| p.cells[sq.1 as usize * w + sq.0 as usize];
    assert_eq!(at(&after, m1), Some(0));
    assert_eq!(at(&after, c1), at(&pos, m1));
    // Red (the mover) and Green meet the condition at once: Red wins.
    assert_eq!(winner(&rules, &after, 0), Some(0));
    assert!(legal_moves(&rules, &after).is_empty());
}

fn find_move(rules: &RefRules, pos: &RefPosition, from: &str, to: &str) -> RefMove {
    let (from, to) = (parse_square(from).unwrap(), parse_square(to).unwrap());
    legal_moves(rules, pos)
        .into_iter()
        .find(|m| matches!(m, RefMove::Move { from: f, to: t, .. } if *f == from && *t == to))
        .unwrap_or_else(|| panic!("no move {from:?}-{to:?}"))
}

/// A position with the given pieces only (piece counts are not validated:
/// move generation does not need them).
fn custom(rules: &str, pieces: &[(&str, u8)], to_move: u8) -> (RefRules, RefPosition) {
    let rules = parse_rules(rules).unwrap();
    let w = rules.width as usize;
    let mut cells = vec![None; w * rules.height as usize];
    for &(name, seat) in pieces {
        let (f, r) = parse_square(name).unwrap();
        cells[r as usize * w + f as usize] = Some(seat);
    }
    let pos = RefPosition {
        width: rules.width,
        height: rules.height,
        cells,
        to_move,
    };
    (rules, pos)
}

fn all_paths(rules: &RefRules, pos: &RefPosition) -> Vec<String> {
    legal_moves(rules, pos).iter().map(path_text).collect()
}

#[test]
fn canonical_paths() {
    // Red on e1; pieces on d2 e2 f2, c4 d4 e4 f4 g4 and f3.
    let (rules, pos) = custom(
        "halma8",
        &[
            ("e1", 0),
            ("d2", 2),
            ("e2", 2),
            ("f2", 2),
            ("f3", 2),
            ("c4", 2),
            ("d4", 2),
            ("e4", 2),
            ("f4", 2),
            ("g4", 2),
        ],
        0,
    );
    // e5: N-N (e1-e3-e5), NE-NW (e1-g3-e5), NW-NE (e1-c3-e5): N-N is smallest.
    assert_eq!(path_text(&find_move(&rules, &pos, "e1", "e5")), "e1-e3-e5");
    // c5: N-NW (e1-e3-c5) or NW-N (e1-c3-c5): N first.
    assert_eq!(path_text(&find_move(&rules, &pos, "e1", "c5")), "e1-e3-c5");
    // g5: N-NE (e1-e3-g5) or NE-N (e1-g3-g5): N first.
    assert_eq!(path_text(&find_move(&rules, &pos, "e1", "g5")), "e1-e3-g5");
    // g3: NE in one segment beats N-E (e1-e3-g3), smaller but longer.
    assert_eq!(path_text(&find_move(&rules, &pos, "e1", "g3")), "e1-g3");
    // e3: N in one segment beats W (over f3, from g3) in two.
    assert_eq!(path_text(&find_move(&rules, &pos, "e1", "e3")), "e1-e3");
    // A step.
    assert_eq!(path_text(&find_move(&rules, &pos, "e1", "f1")), "e1-f1");
    // Everything Red can do: 5 steps and the jump landings.
    let mut got = all_paths(&rules, &pos);
    got.sort();
    // c3: N over c4 -> c5, NE over d4 -> e5 (both reached from e3 first).
    // g3: W over f3 -> e3, NW over f4 -> e5, N over g4 -> g5.
    // e3: E over f3 -> g3, NE over f4 -> g5, N over e4 -> e5, NW over d4 -> c5,
    //     SW over d2 -> c1, SE over f2 -> g1.
    // c5, e5, g5, c1, g1: nothing new.
    let mut expected = vec![
        "e1-d1", "e1-f1", // steps (d2 e2 f2 are occupied)
        "e1-c3", "e1-e3", "e1-g3", // one jump
        "e1-e3-c5", "e1-e3-e5", "e1-e3-g5", "e1-e3-c1", "e1-e3-g1", // two jumps
    ];
    expected.sort();
    assert_eq!(got, expected);
}

#[test]
fn long_jumps() {
    // Red on a1, a piece on a3: a1 long-jumps over a3 to a5 (k = 1).
    let pieces = [("a1", 0), ("a3", 2)];
    let (rules, pos) = custom("super-halma", &pieces, 0);
    let mut got = all_paths(&rules, &pos);
    got.sort();
    assert_eq!(got, ["a1-a2", "a1-a5", "a1-b1", "a1-b2"]);
    // Not without long-jumps.
    let (rules, pos) = custom("halma10", &pieces, 0);
    let mut got = all_paths(&rules, &pos);
    got.sort();
    assert_eq!(got, ["a1-a2", "a1-b1", "a1-b2"]);
    // The far stretch must be empty: a piece on a4 blocks (k = 1 needs a4 empty).
    let (rules, pos) = custom("super-halma", &[("a1", 0), ("a3", 2), ("a4", 2)], 0);
    assert!(!all_paths(&rules, &pos).contains(&"a1-a5".to_string()));
    // And on the board: a1 over a6 would land on a11.
    let (rules, pos) = custom("super-halma", &[("a1", 0), ("a6", 2)], 0);
    let mut got = all_paths(&rules, &pos);
    got.sort();
    assert_eq!(got, ["a1-a2", "a1-b1", "a1-b2"]);
    // k = 4 lands on a10, the last row.
    let (rules, pos) = custom("super-halma", &[("a1", 0), ("a5", 2)], 0);
    assert!(all_paths(&rules, &pos).contains(&"a1-a9".to_string()));
    let (rules, pos) = custom("super-halma", &[("a2", 0), ("a6", 2)], 0);
    assert!(all_paths(&rules, &pos).contains(&"a2-a10".to_string()));
}

#[test]
fn origin_counts_as_empty() {
    // Red on e5; pieces on f5, f6 and e4. e5-g5 (E over f5), g5-e7 (NW over
    // f6), then e7-e1 long S over e4: e6 and e5 (the origin) empty, e3 e2
    // empty, landing e1.
    let (rules, pos) = custom(
        "super-halma",
        &[("e5", 0), ("f5", 2), ("f6", 2), ("e4", 2)],
        0,
    );
    assert_eq!(
        path_text(&find_move(&rules, &pos, "e5", "e1")),
        "e5-g5-e7-e1"
    );
    // The piece may not land on its own origin: from g5, W over f5 is e5.
    // (No move e5-e5 exists, and nothing else reaches the origin.)
    assert!(legal_moves(&rules, &pos)
        .iter()
        .all(|m| matches!(m, RefMove::Move { from, to, .. } if from != to)));
}

#[test]
fn camp_lock_mid_sequence() {
    // Red on c1 jumps d1 to e1 (its target camp), then f1 to g1; from e1 the
    // jump N over e2 to e3 would leave the camp.
    let pieces = [("c1", 0), ("d1", 2), ("f1", 2), ("e2", 2)];
    let (rules, pos) = custom("halma8,camp-lock", &pieces, 0);
    let got = all_paths(&rules, &pos);
    assert!(got.contains(&"c1-e1".to_string()), "{got:?}");
    assert!(got.contains(&"c1-e1-g1".to_string()), "{got:?}");
    assert!(!got.iter().any(|p| p.ends_with("e3")), "{got:?}");
    let (rules, pos) = custom("halma8", &pieces, 0);
    let got = all_paths(&rules, &pos);
    assert!(got.contains(&"c1-e1-e3".to_string()), "{got:?}");
    // Steps out of the target camp are locked too: g2 may step to f2 but not f3.
    let (rules, pos) = custom("halma8,camp-lock", &[("g2", 0)], 0);
    let mut got = all_paths(&rules, &pos);
    got.sort();
    assert_eq!(
        got,
        ["g2-f1", "g2-f2", "g2-g1", "g2-g3", "g2-h1", "g2-h2", "g2-h3"]
    );
}

#[test]
fn winner_order() {
    // halma4 with Red and Green both on their whole target camps.
    let rules = parse_rules("halma4").unwrap();
    let w = rules.width as usize;
    let mut cells = vec![None; w * w];
    for seat in 0..2u8 {
        for (f, r) in rules.target_camp(seat) {
            cells[r as usize * w + f as usize] = Some(seat);
        }
    }
    let pos = RefPosition {
        width: rules.width,
        height: rules.height,
        cells,
        to_move: 2,
    };
    assert_eq!(winner(&rules, &pos, 1), Some(1));
    assert_eq!(winner(&rules, &pos, 0), Some(0));
    assert_eq!(winner(&rules, &pos, 2), Some(0));
    assert_eq!(winner(&rules, &pos, 3), Some(0));
    assert!(legal_moves(&rules, &pos).is_empty());
}

#[test]
fn swap_rules() {
    // Red's target camp (h1 corner) full of red except a blue spoiler on h4.
    let mut pieces: Vec<(&str, u8)> = ["e1", "f1", "g1", "h1", "f2", "g2", "h2", "g3", "h3"]
        .iter()
        .map(|&s| (s, 0))
        .collect();
    pieces.push(("h4", 2));
    // Red on h8, a piece on h6: long jump h8-h4 (k = 1, far stretch h5 empty).
    pieces.push(("h8", 0));
    pieces.push(("h6", 2));
    let swaps = |rules: &str, extra: &[(&'static str, u8)]| {
        let mut all = pieces.clone();
        all.extend_from_slice(extra);
        let (rules, pos) = custom(rules, &all, 0);
        let mut s = swap_paths(&rules, &pos);
        s.sort();
        s
    };
    assert_eq!(swaps("halma8,long-jumps,spoil=swap", &[]), ["h8-h4"]);
    // The far stretch must be empty.
    assert!(swaps("halma8,long-jumps,spoil=swap", &[("h5", 2)]).is_empty());
    // No long jumps, or no spoil=swap: no swap.
    assert!(swaps("halma8,spoil=swap", &[]).is_empty());
    assert!(swaps("halma8,long-jumps", &[]).is_empty());
    // A step swap from g4 (g3, in the camp, is next to h4 but never swaps).
    assert_eq!(swaps("halma8,spoil=swap", &[("g4", 0)]), ["g4-h4"]);
    // A jump swap from f4 over g4 (any seat's piece may be jumped).
    assert_eq!(
        swaps("halma8,spoil=swap", &[("f4", 0), ("g4", 2)]),
        ["f4-h4"]
    );
    // The swap puts the spoiler on the origin.
    let mut all = pieces.clone();
    all.push(("g4", 0));
    let (rules, pos) = custom("halma8,spoil=swap", &all, 0);
    let mv = find_move(&rules, &pos, "g4", "h4");
    assert!(matches!(mv, RefMove::Move { swap: true, .. }));
    let after = play(&rules, &pos, &mv);
    let w = pos.width as usize;
    let at = |p: &RefPosition, s: &str| {
        let (f, r) = parse_square(s).unwrap();
        p.cells[r as usize * w + f as usize]
    };
    assert_eq!((at(&after, "g4"), at(&after, "h4")), (Some(2), Some(0)));
    assert_eq!(after.to_move, 2);
    // Red now fills its target camp with its own pieces: Red has won.
    assert_eq!(winner(&rules, &after, 0), Some(0));
    assert!(legal_moves(&rules, &after).is_empty());
}

#[test]
fn rules_strings() {
    let r = parse_rules("halma,long-jumps,camp-lock,spoil=swap").unwrap();
    assert!(r.long_jumps && r.camp_lock && r.spoil == RefSpoil::Swap);
    assert_eq!(r.seats, vec![0, 2]);
    assert_eq!((r.width, r.height, r.camp_size), (16, 16, 19));
    assert_eq!(
        parse_rules("super-halma,long-jumps").unwrap(),
        parse_rules("super-halma").unwrap()
    );
    assert_eq!(
        parse_rules("halma").unwrap(),
        parse_rules("halma,spoil=none").unwrap()
    );
    assert_eq!(parse_rules("halma4").unwrap().seats, vec![0, 1, 2, 3]);
    let r = parse_rules("halma,jump-continue,home-lock,forced-exit").unwrap();
    assert!(r.home_lock && r.forced_exit && r.jump_continue && !r.camp_lock);
    let r = parse_rules("halma,forced-exit").unwrap();
    assert!(!r.home_lock && r.forced_exit && !r.jump_continue);
    assert_eq!(parse_rules("halma3").unwrap().seats, vec![0, 1, 2]);
    for bad in [
        "",
        "chess",
        "halma,",
        "halma,foo",
        "halma,camp-lock,camp-lock",
        "halma,home-lock,home-lock",
        "halma,forced-exit,jump-continue,forced-exit",
        "halma,forced-exits",
        "halma,spoil=fill,spoil=none",
        "halma,spoil=bad",
        "Halma",
        "halma, camp-lock",
        "long-jumps,halma",
    ] {
        assert!(parse_rules(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn camps() {
    for (preset, size) in [
        ("halma", 19),
        ("halma3", 13),
        ("halma4", 13),
        ("halma8", 10),
        ("halma10", 15),
        ("super-halma", 19),
    ] {
        let r = parse_rules(preset).unwrap();
        for seat in 0..4 {
            assert_eq!(r.home_camp(seat).len(), size, "{preset} seat {seat}");
        }
        assert_eq!(r.target_camp(0), r.home_camp(2));
        assert_eq!(r.target_camp(1), r.home_camp(3));
    }
    // 13-piece camp: rows of 4-4-3-2 from the corner.
    let r = parse_rules("halma4").unwrap();
    let yellow = r.home_camp(3);
    let row = |k: u8| yellow.iter().filter(|s| s.1 == k).count();
    assert_eq!([row(0), row(1), row(2), row(3), row(4)], [4, 4, 3, 2, 0]);
    // Green in the north-east.
    assert!(r.home_camp(1).contains(&(15, 15)));
    assert!(r.home_camp(2).contains(&(15, 0)));
}

#[test]
fn squares() {
    assert_eq!(parse_square("a1"), Some((0, 0)));
    assert_eq!(parse_square("p16"), Some((15, 15)));
    assert_eq!(parse_square("e12"), Some((4, 11)));
    for bad in ["", "a", "a0", "a17", "q1", "a01", "A1", "1a", "a1 "] {
        assert_eq!(parse_square(bad), None, "{bad:?}");
    }
    assert_eq!(square_name((4, 11)), "e12");
    assert_eq!(square_name((15, 15)), "p16");
}

#[test]
fn position_validation() {
    let r = parse_rules("halma8").unwrap();
    let good = "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr r";
    assert!(parse_position(&r, good).is_ok());
    for bad in [
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr g",   // side not in play
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr x",   // not a seat
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr",     // no side
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr  r",  // two spaces
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr r ",  // trailing
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrg r",   // green not in play
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrr1 r",   // 9 red
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrrr r",  // row too wide
        "bbbb4/bbb5/bb6/b7/07r/6rr/5rrr/4rrrr r",  // leading zero
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr r",         // 7 rows
        "bbbb4/bbb5/bb6/b7/7r/6rr/5rrr/4rrrr/8 r", // 9 rows
        "bbbb4/bbb5/bb6/b1111111/7r/6rr/5rrr/4rrrr r", // count too large
        "bbbb4/bbb5/bb6/b7//7r/6rr/5rrr/4rrrr r",  // empty row
    ] {
        assert!(parse_position(&r, bad).is_err(), "{bad:?}");
    }
}

#[test]
fn pass_and_finished() {
    // Line 35: Red has no move under camp-lock: the only move is pass.
    let (rules, pos) = line(35);
    assert_eq!(legal_moves(&rules, &pos), vec![RefMove::Pass]);
    let after = play(&rules, &pos, &RefMove::Pass);
    assert_eq!(after.to_move, 2);
    assert_eq!(after.cells, pos.cells);
    // Line 37: finished, Red has won.
    let (rules, pos) = line(37);
    assert!(legal_moves(&rules, &pos).is_empty());
    assert_eq!(winner(&rules, &pos, 0), Some(0));
    assert_eq!(perft(&rules, &pos, 0), 1);
    assert_eq!(perft(&rules, &pos, 1), 0);
}

#[test]
fn moves_are_sorted_and_unique() {
    for (n, rules, position, _, _) in tsv_lines() {
        let (r, p) = setup(&rules, &position);
        let moves = legal_moves(&r, &p);
        let keys: Vec<_> = moves
            .iter()
            .filter_map(|m| match m {
                RefMove::Move { from, to, path, .. } => {
                    assert_eq!(path.first(), Some(from));
                    assert_eq!(path.last(), Some(to));
                    Some((from.1, from.0, to.1, to.0))
                }
                RefMove::Pass => None,
            })
            .collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "line {n}");
    }
}

#[test]
fn home_lock_refuses_landings_in_the_home_camp() {
    // halma8: Red's home camp is a5 a6 b6 a7 b7 c7 a8 b8 c8 d8. Red on a4
    // could jump a4-a6 (into the camp) and on a6-c6 (out again).
    let pieces = [("a4", 0), ("a5", 2), ("b6", 2), ("h1", 0)];
    let (rules, pos) = custom("halma8", &pieces, 0);
    let got = all_paths(&rules, &pos);
    assert!(got.contains(&"a4-a6".to_string()), "{got:?}");
    assert!(got.contains(&"a4-a6-c6".to_string()), "{got:?}");
    let (rules, pos) = custom("halma8,home-lock", &pieces, 0);
    let got = all_paths(&rules, &pos);
    assert!(!got.iter().any(|p| p.contains("a6")), "{got:?}");
    // Steps into the camp are refused too; steps inside it and out of it are not.
    let (rules, pos) = custom("halma8,home-lock", &[("c6", 0), ("a7", 0)], 0);
    let got = all_paths(&rules, &pos);
    for refused in ["c6-b6", "c6-c7", "c6-b7"] {
        assert!(!got.contains(&refused.to_string()), "{refused} in {got:?}");
    }
    for allowed in ["c6-d7", "c6-d5", "a7-a6", "a7-b8", "a7-b6", "a7-b7"] {
        assert!(
            got.contains(&allowed.to_string()),
            "{allowed} not in {got:?}"
        );
    }
}

#[test]
fn forced_exit_makes_every_move_begin_with_a_forced_segment() {
    // Red on b7 (home camp) can jump SE over Blue's c6 to d5, and Red on
    // b6 E over c6 to d6 and SE over c5 to d4: forced segments. g1 may not
    // move, nothing may step, and b5 (one jump S over Red's own b6, not
    // forced) is reached only through d5 and c5.
    let pieces = [("b7", 0), ("c6", 2), ("b6", 0), ("c5", 2), ("g1", 0)];
    let (rules, pos) = custom("halma8,forced-exit", &pieces, 0);
    let got = all_paths(&rules, &pos);
    assert_eq!(
        got,
        [
            "b6-d6-b4",
            "b6-d4",
            "b6-d6",
            "b7-d5-b5",
            "b7-d5",
            "b7-d5-b5-d7"
        ]
    );
    let (rules, pos) = custom("halma8", &pieces, 0);
    let got = all_paths(&rules, &pos);
    assert!(got.contains(&"b7-b5".to_string()) && got.contains(&"g1-h2".to_string()));
    // A forward jump over the mover's own piece, or a backward one over
    // another seat's piece, forces nothing.
    let own = [("b7", 0), ("c6", 0), ("a8", 2), ("h1", 0)];
    let (rules, pos) = custom("halma8,forced-exit", &own, 0);
    let (plain_rules, _) = custom("halma8", &own, 0);
    assert_eq!(legal_moves(&rules, &pos), legal_moves(&plain_rules, &pos));
    // Blue's forward directions are north-west, west and north.
    let (rules, pos) = custom("halma8,forced-exit", &[("g2", 2), ("f3", 0), ("a8", 2)], 2);
    assert_eq!(all_paths(&rules, &pos), ["g2-e4"]);
}

#[test]
fn jump_continue_stops_only_where_no_jump_remains() {
    // Red on a1 in a ring of Blue pieces (b1, c2, b3, a2): a1-c1-c3-a3 and
    // a1-a3-c3-c1 are the only sequences that end where nothing is left;
    // a3 and c1 are reached, each by the other ring direction.
    let pieces = [("a1", 0), ("b1", 2), ("c2", 2), ("b3", 2), ("a2", 2)];
    let (rules, pos) = custom("halma8,jump-continue", &pieces, 0);
    assert_eq!(
        all_paths(&rules, &pos),
        ["a1-a3-c3-c1", "a1-b2", "a1-c1-c3-a3"]
    );
    let (rules, pos) = custom("halma8", &pieces, 0);
    // Without jump-continue a sequence stops anywhere: shortest paths.
    assert_eq!(
        all_paths(&rules, &pos),
        ["a1-c1", "a1-b2", "a1-a3", "a1-a3-c3"]
    );
}
