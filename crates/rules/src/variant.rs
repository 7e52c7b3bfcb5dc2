//! Presets, options and rules strings (section 3 of the rule book), and the
//! camps (section 2) they imply.

use std::fmt;
use std::str::FromStr;

use halma_core::{Bitboard, Geometry, Seat, SeatSet, Square};
use thiserror::Error;

/// Longest rules string read (the longest valid one is well under this).
pub const MAX_RULES_STRING_LEN: usize = 128;

/// A named starting configuration: board, seats and camp size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// 16x16, Red and Blue, 19-piece camps: standard two-player Halma.
    Halma,
    /// 16x16, Red, Green and Blue, 13-piece camps.
    Halma3,
    /// 16x16, all four seats, 13-piece camps.
    Halma4,
    /// 8x8, Red and Blue, 10-piece camps.
    Halma8,
    /// 10x10, Red and Blue, 15-piece camps.
    Halma10,
    /// 10x10, Red and Blue, 19-piece camps, long jumps.
    SuperHalma,
}

impl Preset {
    /// All presets.
    pub const ALL: [Preset; 6] = [
        Preset::Halma,
        Preset::Halma3,
        Preset::Halma4,
        Preset::Halma8,
        Preset::Halma10,
        Preset::SuperHalma,
    ];

    /// The preset's name in rules strings.
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Halma => "halma",
            Preset::Halma3 => "halma3",
            Preset::Halma4 => "halma4",
            Preset::Halma8 => "halma8",
            Preset::Halma10 => "halma10",
            Preset::SuperHalma => "super-halma",
        }
    }

    /// Board side length.
    pub const fn size(self) -> u8 {
        match self {
            Preset::Halma | Preset::Halma3 | Preset::Halma4 => 16,
            Preset::Halma8 => 8,
            Preset::Halma10 | Preset::SuperHalma => 10,
        }
    }

    /// The seats in play.
    pub const fn seats(self) -> SeatSet {
        match self {
            Preset::Halma3 => SeatSet::of(&[Seat::Red, Seat::Green, Seat::Blue]),
            Preset::Halma4 => SeatSet::of(&Seat::ALL),
            _ => SeatSet::of(&[Seat::Red, Seat::Blue]),
        }
    }

    /// Pieces per seat (squares per camp).
    pub const fn camp_size(self) -> u8 {
        match self {
            Preset::Halma | Preset::SuperHalma => 19,
            Preset::Halma3 | Preset::Halma4 => 13,
            Preset::Halma8 => 10,
            Preset::Halma10 => 15,
        }
    }

    /// Whether the preset itself turns long jumps on.
    pub const fn long_jumps(self) -> bool {
        matches!(self, Preset::SuperHalma)
    }
}

/// The anti-spoiling rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Spoil {
    /// No anti-spoiling rule: a seat wins only with its own pieces in every target square.
    #[default]
    None,
    /// A seat wins when its target camp is full and holds at least one of its pieces.
    Fill,
    /// A seat kept out of its full target camp may swap with a foreign piece there.
    Swap,
}

impl Spoil {
    const fn name(self) -> &'static str {
        match self {
            Spoil::None => "none",
            Spoil::Fill => "fill",
            Spoil::Swap => "swap",
        }
    }
}

/// What is wrong with a rules string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseRulesError {
    /// The string is empty.
    #[error("empty rules string: expected a preset (halma, halma3, halma4, halma8, halma10, super-halma)")]
    Empty,
    /// The string is far longer than any rules string.
    #[error("rules string too long: {len} characters, at most {MAX_RULES_STRING_LEN}")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The first item is not a preset.
    #[error(
        "unknown preset `{0}`: expected halma, halma3, halma4, halma8, halma10 or super-halma"
    )]
    UnknownPreset(String),
    /// An option that does not exist.
    #[error("unknown option `{0}`: expected long-jumps, camp-lock or spoil=none|fill|swap")]
    UnknownOption(String),
    /// An option given twice (`spoil=` counts once whatever its value).
    #[error("option `{0}` given more than once")]
    Repeated(String),
    /// An empty item between commas.
    #[error("empty option at item {0}: options are comma-separated, without spaces")]
    EmptyOption(usize),
}

/// A full rule set: a preset plus options, with the camps it implies.
///
/// `FromStr` reads a rules string (`halma,long-jumps,spoil=swap`) and
/// `Display` writes the canonical one (preset, then the options that differ
/// from the preset in the order long-jumps, camp-lock, spoil).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    preset: Preset,
    long_jumps: bool,
    camp_lock: bool,
    spoil: Spoil,
    geometry: Geometry,
    homes: [Bitboard; 4],
}

impl Rules {
    /// The preset with its own options and nothing else.
    pub fn new(preset: Preset) -> Rules {
        Rules::with_options(preset, false, false, Spoil::None)
    }

    /// A preset with options (`long_jumps` is on anyway for [`Preset::SuperHalma`]).
    pub fn with_options(preset: Preset, long_jumps: bool, camp_lock: bool, spoil: Spoil) -> Rules {
        let geometry =
            Geometry::new(preset.size(), preset.size()).expect("preset sizes are 8..=16");
        let homes = Seat::ALL.map(|seat| camp(geometry, seat, preset.camp_size()));
        Rules {
            preset,
            long_jumps: long_jumps || preset.long_jumps(),
            camp_lock,
            spoil,
            geometry,
            homes,
        }
    }

    /// The preset.
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// Whether jump segments may be long.
    pub fn long_jumps(&self) -> bool {
        self.long_jumps
    }

    /// Whether pieces may not leave their target camp.
    pub fn camp_lock(&self) -> bool {
        self.camp_lock
    }

    /// The anti-spoiling rule.
    pub fn spoil(&self) -> Spoil {
        self.spoil
    }

    /// The board size.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The seats in play, in turn order.
    pub fn seats(&self) -> SeatSet {
        self.preset.seats()
    }

    /// Pieces per seat.
    pub fn camp_size(&self) -> u8 {
        self.preset.camp_size()
    }

    /// The home camp of `seat` (its corner), whether or not it is in play.
    #[inline]
    pub fn home_camp(&self, seat: Seat) -> Bitboard {
        self.homes[seat.index()]
    }

    /// The target camp of `seat`: the home camp of the opposite corner.
    #[inline]
    pub fn target_camp(&self, seat: Seat) -> Bitboard {
        self.homes[seat.opposite().index()]
    }
}

/// The camp of `size` squares in `seat`'s corner (section 2 of the rule book).
fn camp(geometry: Geometry, seat: Seat, size: u8) -> Bitboard {
    let (w, h) = (geometry.width(), geometry.height());
    let in_shape = |dx: u8, dy: u8| match size {
        10 => dx + dy <= 3,
        13 => dx + dy <= 4 && dx <= 3 && dy <= 3,
        15 => dx + dy <= 4,
        19 => dx + dy <= 5 && dx <= 4 && dy <= 4,
        _ => unreachable!("camp sizes are 10, 13, 15 or 19"),
    };
    let mut squares = Bitboard::EMPTY;
    for dx in 0..w {
        for dy in 0..h {
            if !in_shape(dx, dy) {
                continue;
            }
            let (file, rank) = match seat {
                Seat::Red => (dx, h - 1 - dy),
                Seat::Green => (w - 1 - dx, h - 1 - dy),
                Seat::Blue => (w - 1 - dx, dy),
                Seat::Yellow => (dx, dy),
            };
            squares.insert(Square::new(file, rank).expect("on the board"));
        }
    }
    squares
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        if s.is_empty() {
            return Err(ParseRulesError::Empty);
        }
        if s.len() > MAX_RULES_STRING_LEN {
            return Err(ParseRulesError::TooLong { len: s.len() });
        }
        let mut items = s.split(',');
        let first = items.next().unwrap_or_default();
        let preset = Preset::ALL
            .into_iter()
            .find(|p| p.name() == first)
            .ok_or_else(|| ParseRulesError::UnknownPreset(first.to_owned()))?;
        let (mut long_jumps, mut camp_lock, mut spoil) = (None, None, None);
        for (index, item) in items.enumerate() {
            let slot_taken = match item {
                "" => return Err(ParseRulesError::EmptyOption(index + 2)),
                "long-jumps" => long_jumps.replace(true).is_some(),
                "camp-lock" => camp_lock.replace(true).is_some(),
                "spoil=none" => spoil.replace(Spoil::None).is_some(),
                "spoil=fill" => spoil.replace(Spoil::Fill).is_some(),
                "spoil=swap" => spoil.replace(Spoil::Swap).is_some(),
                other => return Err(ParseRulesError::UnknownOption(other.to_owned())),
            };
            if slot_taken {
                let name = item.split('=').next().unwrap_or(item);
                return Err(ParseRulesError::Repeated(name.to_owned()));
            }
        }
        Ok(Rules::with_options(
            preset,
            long_jumps.unwrap_or(false),
            camp_lock.unwrap_or(false),
            spoil.unwrap_or_default(),
        ))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.preset.name())?;
        if self.long_jumps && !self.preset.long_jumps() {
            f.write_str(",long-jumps")?;
        }
        if self.camp_lock {
            f.write_str(",camp-lock")?;
        }
        if self.spoil != Spoil::None {
            write!(f, ",spoil={}", self.spoil.name())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn camps_have_the_listed_shapes() {
        for preset in Preset::ALL {
            let rules = Rules::new(preset);
            let mut all = Bitboard::EMPTY;
            for seat in Seat::ALL {
                let home = rules.home_camp(seat);
                assert_eq!(home.count(), preset.camp_size() as u32, "{preset:?} {seat}");
                assert!(home.is_subset(rules.geometry().squares()));
                assert!((home & all).is_empty(), "camps overlap in {preset:?}");
                all |= home;
            }
        }
        let halma = Rules::new(Preset::Halma);
        let red: Vec<String> = halma
            .home_camp(Seat::Red)
            .squares_sorted()
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            red.join(" "),
            "a12 b12 a13 b13 c13 a14 b14 c14 d14 a15 b15 c15 d15 e15 a16 b16 c16 d16 e16"
        );
        assert_eq!(halma.target_camp(Seat::Red), halma.home_camp(Seat::Blue));
        assert!(halma.home_camp(Seat::Blue).contains("p1".parse().unwrap()));
        // The 13-square camp: rows of 4-4-3-2 from the corner row.
        let halma4 = Rules::new(Preset::Halma4);
        let yellow = halma4.home_camp(Seat::Yellow);
        let per_rank: Vec<u32> = (0..4)
            .map(|r| {
                (yellow & Bitboard::rectangle(16, r + 1) & !Bitboard::rectangle(16, r)).count()
            })
            .collect();
        assert_eq!(per_rank, [4, 4, 3, 2]);
    }

    #[test]
    fn rules_strings_round_trip() {
        for text in [
            "halma",
            "halma4,camp-lock",
            "super-halma,spoil=fill",
            "halma,long-jumps,camp-lock,spoil=swap",
        ] {
            let rules: Rules = text.parse().unwrap();
            assert_eq!(rules.to_string(), text);
        }
        let same: Rules = "super-halma,long-jumps,spoil=none".parse().unwrap();
        assert_eq!(same, Rules::new(Preset::SuperHalma));
        assert_eq!(same.to_string(), "super-halma");
        let reordered: Rules = "halma,spoil=swap,camp-lock".parse().unwrap();
        assert_eq!(reordered.to_string(), "halma,camp-lock,spoil=swap");
    }

    #[test]
    fn rules_string_errors_say_what_is_wrong() {
        let cases = [
            ("", "empty rules string: expected a preset (halma, halma3, halma4, halma8, halma10, super-halma)"),
            ("chess", "unknown preset `chess`: expected halma, halma3, halma4, halma8, halma10 or super-halma"),
            ("Halma", "unknown preset `Halma`: expected halma, halma3, halma4, halma8, halma10 or super-halma"),
            ("halma,fast", "unknown option `fast`: expected long-jumps, camp-lock or spoil=none|fill|swap"),
            ("halma, camp-lock", "unknown option ` camp-lock`: expected long-jumps, camp-lock or spoil=none|fill|swap"),
            ("halma,spoil=all", "unknown option `spoil=all`: expected long-jumps, camp-lock or spoil=none|fill|swap"),
            ("halma,camp-lock,camp-lock", "option `camp-lock` given more than once"),
            ("halma,spoil=fill,spoil=swap", "option `spoil` given more than once"),
            ("halma,,camp-lock", "empty option at item 2: options are comma-separated, without spaces"),
            ("halma,", "empty option at item 2: options are comma-separated, without spaces"),
        ];
        for (text, message) in cases {
            assert_eq!(
                text.parse::<Rules>().unwrap_err().to_string(),
                message,
                "{text}"
            );
        }
        let long = format!("halma{}", ",camp-lock".repeat(20));
        assert!(matches!(
            long.parse::<Rules>(),
            Err(ParseRulesError::TooLong { .. })
        ));
    }
}
