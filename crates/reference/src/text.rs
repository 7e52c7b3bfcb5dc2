//! Rules, squares and positions as text (RULES.md §3 and §6): the parsers,
//! which validate a position against its rules, and the writers.

use crate::{RefPosition, RefRules, RefSpoil, RefSquare};

const SEAT_LETTERS: [char; 4] = ['r', 'g', 'b', 'y'];
const SEAT_NAMES: [&str; 4] = ["Red", "Green", "Blue", "Yellow"];

fn seat_from_letter(c: char) -> Option<u8> {
    SEAT_LETTERS.iter().position(|&l| l == c).map(|i| i as u8)
}

/// Parses a rules string: a preset, then comma-separated options (RULES.md §3).
pub fn parse_rules(s: &str) -> Result<RefRules, String> {
    let mut parts = s.split(',');
    let preset = parts.next().unwrap_or("");
    let (size, seats, camp_size, long_jumps): (u8, &[u8], u8, bool) = match preset {
        "halma" => (16, &[0, 2], 19, false),
        "halma3" => (16, &[0, 1, 2], 13, false),
        "halma4" => (16, &[0, 1, 2, 3], 13, false),
        "halma8" => (8, &[0, 2], 10, false),
        "halma10" => (10, &[0, 2], 15, false),
        "super-halma" => (10, &[0, 2], 19, true),
        "" => return Err(format!("empty rules preset in {s:?}")),
        _ => return Err(format!("unknown rules preset {preset:?}")),
    };
    let mut rules = RefRules {
        width: size,
        height: size,
        seats: seats.to_vec(),
        camp_size,
        long_jumps,
        camp_lock: false,
        spoil: RefSpoil::None,
        home_lock: false,
        forced_exit: false,
        jump_continue: false,
    };
    let (mut seen_long, mut seen_lock, mut seen_spoil) = (false, false, false);
    let (mut seen_home, mut seen_forced, mut seen_continue) = (false, false, false);
    for option in parts {
        let seen = match option {
            "long-jumps" => {
                rules.long_jumps = true;
                &mut seen_long
            }
            "camp-lock" => {
                rules.camp_lock = true;
                &mut seen_lock
            }
            "home-lock" => {
                rules.home_lock = true;
                &mut seen_home
            }
            "forced-exit" => {
                rules.forced_exit = true;
                &mut seen_forced
            }
            "jump-continue" => {
                rules.jump_continue = true;
                &mut seen_continue
            }
            "spoil=none" | "spoil=fill" | "spoil=swap" => {
                rules.spoil = match option {
                    "spoil=none" => RefSpoil::None,
                    "spoil=fill" => RefSpoil::Fill,
                    _ => RefSpoil::Swap,
                };
                &mut seen_spoil
            }
            "" => return Err(format!("empty option in rules string {s:?}")),
            _ => return Err(format!("unknown rules option {option:?}")),
        };
        if *seen {
            let name = option.split('=').next().unwrap_or(option);
            return Err(format!("option {name:?} given more than once"));
        }
        *seen = true;
    }
    Ok(rules)
}

/// Parses "a1" .. "p16".
pub fn parse_square(s: &str) -> Option<RefSquare> {
    let mut chars = s.chars();
    let letter = chars.next()?;
    if !('a'..='p').contains(&letter) {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || digits.starts_with('0')
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let number: u8 = digits.parse().ok()?;
    if !(1..=16).contains(&number) {
        return None;
    }
    Some((letter as u8 - b'a', number - 1))
}

/// The name of a square: column letter then row number, e.g. `e12`.
pub fn square_name(sq: RefSquare) -> String {
    format!("{}{}", (b'a' + sq.0) as char, sq.1 as u32 + 1)
}

/// Parses a position string (RULES.md §6) and validates it against the rules:
/// size, seats in play, piece counts and side to move.
pub fn parse_position(rules: &RefRules, s: &str) -> Result<RefPosition, String> {
    let (board, side) = s.split_once(' ').ok_or_else(|| {
        format!("position {s:?}: expected the board, one space and the side to move")
    })?;
    let mut side_chars = side.chars();
    let side_letter = match (side_chars.next(), side_chars.next()) {
        (Some(c), None) => c,
        _ => return Err(format!("side to move {side:?} is not a single seat letter")),
    };
    let to_move = seat_from_letter(side_letter)
        .ok_or_else(|| format!("side to move {side_letter:?} is not a seat letter"))?;

    // Parse the rows, north first.
    let mut rows: Vec<Vec<Option<u8>>> = Vec::new();
    for (i, row_text) in board.split('/').enumerate() {
        let row_no = i + 1;
        let mut row = Vec::new();
        let mut chars = row_text.chars().peekable();
        if row_text.is_empty() {
            return Err(format!("row {row_no} from the north is empty"));
        }
        while let Some(c) = chars.next() {
            if let Some(seat) = seat_from_letter(c) {
                row.push(Some(seat));
            } else if c.is_ascii_digit() {
                if c == '0' {
                    return Err(format!(
                        "row {row_no} from the north: empty count with a leading zero or zero"
                    ));
                }
                let mut count = c as usize - '0' as usize;
                while let Some(&d) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    chars.next();
                    count = count * 10 + (d as usize - '0' as usize);
                    if count > 16 {
                        return Err(format!(
                            "row {row_no} from the north: empty count too large"
                        ));
                    }
                }
                row.resize(row.len() + count, None);
            } else {
                return Err(format!(
                    "row {row_no} from the north: unexpected character {c:?}"
                ));
            }
            if row.len() > 16 {
                return Err(format!(
                    "row {row_no} from the north is wider than 16 squares"
                ));
            }
        }
        if let Some(first) = rows.first() {
            if row.len() != first.len() {
                return Err(format!(
                    "row {row_no} from the north has {} squares, row 1 has {}",
                    row.len(),
                    first.len()
                ));
            }
        }
        rows.push(row);
        if rows.len() > 16 {
            return Err("more than 16 rows".to_string());
        }
    }
    let height = rows.len();
    let width = rows[0].len();
    if width != rules.width as usize || height != rules.height as usize {
        return Err(format!(
            "board is {width}x{height}, the rules need {}x{}",
            rules.width, rules.height
        ));
    }

    // Rows were read north (rank height-1) to south (rank 0).
    let mut cells = vec![None; width * height];
    for (i, row) in rows.into_iter().enumerate() {
        let rank = height - 1 - i;
        cells[rank * width..(rank + 1) * width].copy_from_slice(&row);
    }

    let mut counts = [0usize; 4];
    for seat in cells.iter().flatten() {
        counts[*seat as usize] += 1;
    }
    for seat in 0..4u8 {
        let in_play = rules.seats.contains(&seat);
        let name = SEAT_NAMES[seat as usize];
        let count = counts[seat as usize];
        if !in_play && count > 0 {
            return Err(format!(
                "{name} ({}) is not in play but has pieces",
                SEAT_LETTERS[seat as usize]
            ));
        }
        if in_play && count != rules.camp_size as usize {
            return Err(format!(
                "{name} has {count} pieces, expected {}",
                rules.camp_size
            ));
        }
    }
    if !rules.seats.contains(&to_move) {
        return Err(format!(
            "side to move {} is not in play",
            SEAT_NAMES[to_move as usize]
        ));
    }
    Ok(RefPosition {
        width: width as u8,
        height: height as u8,
        cells,
        to_move,
    })
}

/// Writes a position string (RULES.md §6).
pub fn position_to_string(pos: &RefPosition) -> String {
    let w = pos.width as usize;
    let mut out = String::new();
    for rank in (0..pos.height as usize).rev() {
        let mut empty = 0;
        for file in 0..w {
            match pos.cells[rank * w + file] {
                None => empty += 1,
                Some(seat) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push(SEAT_LETTERS[seat as usize]);
                }
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out.push(' ');
    out.push(SEAT_LETTERS[pos.to_move as usize]);
    out
}
