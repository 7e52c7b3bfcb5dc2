//! Presets, options and rules strings (section 3 of the rule book), and the
//! camps (section 2) they imply.

use std::fmt;
use std::str::FromStr;

use halma_core::{quote, Bitboard, Direction, Geometry, Seat, SeatSet, Square};
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

/// A camp shape (section 2 of the rule book): the squares `dx`, `dy` from the
/// corner with `dx + dy <= diagonal`, `dx <= side` and `dy <= side`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CampShape {
    diagonal: u8,
    side: u8,
}

impl CampShape {
    const TEN: CampShape = CampShape {
        diagonal: 3,
        side: 3,
    };
    const THIRTEEN: CampShape = CampShape {
        diagonal: 4,
        side: 3,
    };
    const FIFTEEN: CampShape = CampShape {
        diagonal: 4,
        side: 4,
    };
    const NINETEEN: CampShape = CampShape {
        diagonal: 5,
        side: 4,
    };

    fn contains(self, dx: u8, dy: u8) -> bool {
        dx + dy <= self.diagonal && dx <= self.side && dy <= self.side
    }
}

/// One row of the preset table (section 3 of the rule book).
struct PresetSpec {
    name: &'static str,
    /// Board side length (every preset board is square).
    size: u8,
    seats: SeatSet,
    /// Squares per camp: the number of squares of `camp`, checked by a test.
    camp_size: u8,
    camp: CampShape,
    /// The options the preset turns on itself.
    options: Options,
}

/// The presets, in the order of [`Preset`]'s variants: adding a preset is a
/// variant and a row here.
const PRESETS: [PresetSpec; 6] = {
    const TWO: SeatSet = SeatSet::of(&[Seat::Red, Seat::Blue]);
    [
        PresetSpec {
            name: "halma",
            size: 16,
            seats: TWO,
            camp_size: 19,
            camp: CampShape::NINETEEN,
            options: Options::NONE,
        },
        PresetSpec {
            name: "halma3",
            size: 16,
            seats: SeatSet::of(&[Seat::Red, Seat::Green, Seat::Blue]),
            camp_size: 13,
            camp: CampShape::THIRTEEN,
            options: Options::NONE,
        },
        PresetSpec {
            name: "halma4",
            size: 16,
            seats: SeatSet::of(&Seat::ALL),
            camp_size: 13,
            camp: CampShape::THIRTEEN,
            options: Options::NONE,
        },
        PresetSpec {
            name: "halma8",
            size: 8,
            seats: TWO,
            camp_size: 10,
            camp: CampShape::TEN,
            options: Options::NONE,
        },
        PresetSpec {
            name: "halma10",
            size: 10,
            seats: TWO,
            camp_size: 15,
            camp: CampShape::FIFTEEN,
            options: Options::NONE,
        },
        PresetSpec {
            name: "super-halma",
            size: 10,
            seats: TWO,
            camp_size: 19,
            camp: CampShape::NINETEEN,
            options: Options {
                long_jumps: true,
                ..Options::NONE
            },
        },
    ]
};

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

    const fn spec(self) -> &'static PresetSpec {
        &PRESETS[self as usize]
    }

    /// The preset's name in rules strings.
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// Board side length.
    pub const fn size(self) -> u8 {
        self.spec().size
    }

    /// The seats in play.
    pub const fn seats(self) -> SeatSet {
        self.spec().seats
    }

    /// Pieces per seat (squares per camp).
    pub const fn camp_size(self) -> u8 {
        self.spec().camp_size
    }

    /// The options the preset turns on itself (long jumps for
    /// [`Preset::SuperHalma`], none for the others).
    pub const fn options(self) -> Options {
        self.spec().options
    }

    /// Whether the preset itself turns long jumps on.
    pub const fn long_jumps(self) -> bool {
        self.spec().options.long_jumps
    }
}

impl fmt::Display for Preset {
    /// The name in rules strings (`super-halma`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
    /// All values, in the order of the variants (the option table indexes it).
    pub const ALL: [Spoil; 3] = [Spoil::None, Spoil::Fill, Spoil::Swap];

    /// The value's name in rules strings (`spoil=swap` has the name `swap`).
    pub const fn name(self) -> &'static str {
        match self {
            Spoil::None => "none",
            Spoil::Fill => "fill",
            Spoil::Swap => "swap",
        }
    }
}

impl fmt::Display for Spoil {
    /// The name in rules strings (`none`, `fill`, `swap`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The rule options of section 3 of the rule book, on top of a preset.
///
/// `Options::default()` has every option off. The struct is
/// `#[non_exhaustive]` because the rule book grows options: build one from
/// the default or use [`Rules::builder`].
///
/// ```
/// use halma_rules::{Options, Preset, Rules, Spoil};
///
/// let mut options = Options::default();
/// options.camp_lock = true;
/// options.spoil = Spoil::Fill;
/// let rules = Rules::with(Preset::Halma4, options);
/// assert_eq!(rules.to_string(), "halma4,camp-lock,spoil=fill");
/// assert_eq!(
///     rules,
///     Rules::builder(Preset::Halma4).camp_lock(true).spoil(Spoil::Fill).build()
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Options {
    /// `long-jumps`: jump segments may be long.
    pub long_jumps: bool,
    /// `camp-lock`: a piece may not leave its target camp.
    pub camp_lock: bool,
    /// `spoil=...`: the anti-spoiling rule.
    pub spoil: Spoil,
    /// `home-lock`: a piece may not come back into its home camp.
    pub home_lock: bool,
    /// `forced-exit`: a piece in its home camp that can jump forward over
    /// another seat's piece must (Sid Sackson's rule).
    pub forced_exit: bool,
    /// `jump-continue`: a jump sequence may not stop while it can go on.
    pub jump_continue: bool,
}

impl Options {
    /// Every option off (a `const` [`Default`]).
    const NONE: Options = Options {
        long_jumps: false,
        camp_lock: false,
        spoil: Spoil::None,
        home_lock: false,
        forced_exit: false,
        jump_continue: false,
    };

    /// `self` with every option that `other` turns on turned on as well (a
    /// value option takes `other`'s value unless that is its default).
    fn merged(mut self, other: &Options) -> Options {
        for option in OPTIONS {
            let value = (option.get)(other);
            if value != 0 {
                (option.set)(&mut self, value);
            }
        }
        self
    }
}

impl Default for Options {
    fn default() -> Options {
        Options::NONE
    }
}

/// One option of rules strings: the table below drives parsing, printing
/// (canonical order is table order) and the list in error messages.
struct OptionSpec {
    /// The option's name, before any `=`.
    key: &'static str,
    /// The values written after `key=`, index 0 the default; empty for a
    /// flag, which is written bare and is off (0) or on (1).
    values: &'static [&'static str],
    /// The option's value in the options, as an index (see `values`).
    get: fn(&Options) -> usize,
    /// Sets the option to the value with that index.
    set: fn(&mut Options, usize),
}

/// The names of [`Spoil`]'s values, in the order of [`Spoil::ALL`].
const SPOIL_NAMES: [&str; 3] = [
    Spoil::ALL[0].name(),
    Spoil::ALL[1].name(),
    Spoil::ALL[2].name(),
];

/// Every rules-string option, in canonical order. Adding an option is a
/// field of [`Options`], a row here, a [`RulesBuilder`] method and its
/// meaning in move generation or the end of the game.
const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "long-jumps",
        values: &[],
        get: |o| usize::from(o.long_jumps),
        set: |o, v| o.long_jumps = v != 0,
    },
    OptionSpec {
        key: "camp-lock",
        values: &[],
        get: |o| usize::from(o.camp_lock),
        set: |o, v| o.camp_lock = v != 0,
    },
    OptionSpec {
        key: "spoil",
        values: &SPOIL_NAMES,
        get: |o| o.spoil as usize,
        set: |o, v| o.spoil = Spoil::ALL[v],
    },
    OptionSpec {
        key: "home-lock",
        values: &[],
        get: |o| usize::from(o.home_lock),
        set: |o, v| o.home_lock = v != 0,
    },
    OptionSpec {
        key: "forced-exit",
        values: &[],
        get: |o| usize::from(o.forced_exit),
        set: |o, v| o.forced_exit = v != 0,
    },
    OptionSpec {
        key: "jump-continue",
        values: &[],
        get: |o| usize::from(o.jump_continue),
        set: |o, v| o.jump_continue = v != 0,
    },
];

impl OptionSpec {
    /// Writes the option with value index `value` as in a rules string.
    fn write(&self, f: &mut impl fmt::Write, value: usize) -> fmt::Result {
        match self.values.get(value) {
            Some(name) => write!(f, "{}={name}", self.key),
            None => f.write_str(self.key),
        }
    }

    /// The value index of the rules-string item `item` if it is this option.
    fn read(&self, item: &str) -> Option<usize> {
        if self.values.is_empty() {
            return (item == self.key).then_some(1);
        }
        let (key, value) = item.split_once('=')?;
        if key != self.key {
            return None;
        }
        self.values.iter().position(|&name| name == value)
    }
}

/// The options as error messages list them: `long-jumps, camp-lock,
/// spoil=none|fill|swap, home-lock, forced-exit or jump-continue`.
fn expected_options() -> String {
    let written: Vec<String> = OPTIONS
        .iter()
        .map(|option| {
            if option.values.is_empty() {
                option.key.to_owned()
            } else {
                format!("{}={}", option.key, option.values.join("|"))
            }
        })
        .collect();
    match written.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
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
        "unknown preset `{}`: expected halma, halma3, halma4, halma8, halma10 or super-halma",
        quote(.0)
    )]
    UnknownPreset(String),
    /// An option that does not exist.
    #[error("unknown option `{}`: expected {list}", quote(.0), list = expected_options())]
    UnknownOption(String),
    /// An option given twice (`spoil=` counts once whatever its value).
    #[error("option `{}` given more than once", quote(.0))]
    Repeated(String),
    /// An empty item between commas.
    #[error("empty option at item {0}: options are comma-separated, without spaces")]
    EmptyOption(usize),
}

/// A full rule set: a preset plus options, with the camps it implies.
///
/// `FromStr` reads a rules string (`halma,long-jumps,spoil=swap`) and
/// `Display` writes the canonical one (preset, then the options that differ
/// from the preset in the order of section 3 of the rule book: long-jumps,
/// camp-lock, spoil, home-lock, forced-exit, jump-continue).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Rules {
    preset: Preset,
    /// The options in force: the preset's own and those added.
    options: Options,
    geometry: Geometry,
    homes: [Bitboard; 4],
}

/// Builds [`Rules`] from a preset and options, one named option at a time:
/// `Rules::builder(Preset::Halma).long_jumps(true).spoil(Spoil::Swap).build()`.
///
/// Options add to the preset's own: a preset's option cannot be turned off
/// (rules strings cannot say that either), so `long_jumps(false)` on
/// [`Preset::SuperHalma`] leaves long jumps on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct RulesBuilder {
    preset: Preset,
    options: Options,
}

impl RulesBuilder {
    /// Whether jump segments may be long (`long-jumps`).
    pub fn long_jumps(mut self, on: bool) -> RulesBuilder {
        self.options.long_jumps = on;
        self
    }

    /// Whether a piece may not leave its target camp (`camp-lock`).
    pub fn camp_lock(mut self, on: bool) -> RulesBuilder {
        self.options.camp_lock = on;
        self
    }

    /// The anti-spoiling rule (`spoil=...`).
    pub fn spoil(mut self, spoil: Spoil) -> RulesBuilder {
        self.options.spoil = spoil;
        self
    }

    /// Whether a piece may not come back into its home camp (`home-lock`).
    pub fn home_lock(mut self, on: bool) -> RulesBuilder {
        self.options.home_lock = on;
        self
    }

    /// Whether a side that can jump forward out of its home camp over
    /// another seat's piece must (`forced-exit`).
    pub fn forced_exit(mut self, on: bool) -> RulesBuilder {
        self.options.forced_exit = on;
        self
    }

    /// Whether a jump sequence may not stop while it can go on
    /// (`jump-continue`).
    pub fn jump_continue(mut self, on: bool) -> RulesBuilder {
        self.options.jump_continue = on;
        self
    }

    /// All options at once, replacing those set so far.
    pub fn options(mut self, options: Options) -> RulesBuilder {
        self.options = options;
        self
    }

    /// The rules.
    #[must_use]
    pub fn build(self) -> Rules {
        Rules::with(self.preset, self.options)
    }
}

impl Rules {
    /// The preset with its own options and nothing else.
    pub fn new(preset: Preset) -> Rules {
        Rules::with(preset, Options::NONE)
    }

    /// A builder for `preset` with options added one by one.
    pub fn builder(preset: Preset) -> RulesBuilder {
        RulesBuilder {
            preset,
            options: Options::NONE,
        }
    }

    /// A preset with `options` added to its own (see [`RulesBuilder`]).
    pub fn with(preset: Preset, options: Options) -> Rules {
        let size = preset.size();
        let geometry = Geometry::new(size, size).expect("preset sizes are 8..=16");
        let shape = preset.spec().camp;
        let homes = Seat::ALL.map(|seat| camp(geometry, seat, shape));
        Rules {
            preset,
            options: preset.options().merged(&options),
            geometry,
            homes,
        }
    }

    /// The preset.
    pub fn preset(&self) -> Preset {
        self.preset
    }

    /// The options in force, the preset's own included.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Whether jump segments may be long.
    pub fn long_jumps(&self) -> bool {
        self.options.long_jumps
    }

    /// Whether pieces may not leave their target camp.
    pub fn camp_lock(&self) -> bool {
        self.options.camp_lock
    }

    /// The anti-spoiling rule.
    pub fn spoil(&self) -> Spoil {
        self.options.spoil
    }

    /// Whether pieces may not come back into their home camp.
    pub fn home_lock(&self) -> bool {
        self.options.home_lock
    }

    /// Whether Sid Sackson's forced exit from the home camp applies.
    pub fn forced_exit(&self) -> bool {
        self.options.forced_exit
    }

    /// Whether a jump sequence may not stop while it can go on.
    pub fn jump_continue(&self) -> bool {
        self.options.jump_continue
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

    /// The board corner of `seat`'s home camp (Red's is the north-west
    /// corner, `a16` on 16x16).
    pub fn home_corner(&self, seat: Seat) -> Square {
        let (file, rank) = corner(self.geometry, seat, 0, 0);
        Square::new(file, rank).expect("a corner is on the board")
    }

    /// The three forward directions of `seat` (forced-exit, section 4): the
    /// diagonal from its home corner to its target corner, then that
    /// diagonal's two orthogonal components (south-east, east and south for Red).
    pub fn forward_directions(&self, seat: Seat) -> [Direction; 3] {
        use Direction::*;
        match seat {
            Seat::Red => [SE, E, S],
            Seat::Green => [SW, W, S],
            Seat::Blue => [NW, W, N],
            Seat::Yellow => [NE, E, N],
        }
    }

    /// The board corner of `seat`'s target camp: the square its pieces head
    /// for (Red's is the south-east corner, `p1` on 16x16).
    pub fn target_corner(&self, seat: Seat) -> Square {
        self.home_corner(seat.opposite())
    }
}

/// The square (file, rank) `dx` columns and `dy` rows from `seat`'s corner,
/// towards the middle of the board.
fn corner(geometry: Geometry, seat: Seat, dx: u8, dy: u8) -> (u8, u8) {
    let (w, h) = (geometry.width(), geometry.height());
    match seat {
        Seat::Red => (dx, h - 1 - dy),
        Seat::Green => (w - 1 - dx, h - 1 - dy),
        Seat::Blue => (w - 1 - dx, dy),
        Seat::Yellow => (dx, dy),
    }
}

/// The camp of `shape` in `seat`'s corner (section 2 of the rule book).
fn camp(geometry: Geometry, seat: Seat, shape: CampShape) -> Bitboard {
    let mut squares = Bitboard::EMPTY;
    for dx in 0..geometry.width() {
        for dy in 0..geometry.height() {
            if shape.contains(dx, dy) {
                let (file, rank) = corner(geometry, seat, dx, dy);
                squares.insert(Square::new(file, rank).expect("on the board"));
            }
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
        let mut options = Options::NONE;
        let mut given = [false; OPTIONS.len()];
        for (index, item) in items.enumerate() {
            if item.is_empty() {
                return Err(ParseRulesError::EmptyOption(index + 2));
            }
            let (row, value) = OPTIONS
                .iter()
                .enumerate()
                .find_map(|(row, option)| option.read(item).map(|value| (row, value)))
                .ok_or_else(|| ParseRulesError::UnknownOption(item.to_owned()))?;
            if std::mem::replace(&mut given[row], true) {
                return Err(ParseRulesError::Repeated(OPTIONS[row].key.to_owned()));
            }
            (OPTIONS[row].set)(&mut options, value);
        }
        Ok(Rules::with(preset, options))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.preset.name())?;
        let own = self.preset.options();
        for option in OPTIONS {
            let value = (option.get)(&self.options);
            if value != (option.get)(&own) {
                f.write_str(",")?;
                option.write(f, value)?;
            }
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
    fn the_preset_table_matches_the_rule_book() {
        for preset in Preset::ALL {
            assert_eq!(Preset::ALL[preset as usize], preset);
            assert_eq!(preset.to_string(), preset.name());
            let rules = Rules::new(preset);
            assert_eq!(rules.geometry().width(), preset.size());
            assert_eq!(rules.to_string(), preset.name());
            assert_eq!(rules.options(), preset.options());
        }
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(
            names,
            [
                "halma",
                "halma3",
                "halma4",
                "halma8",
                "halma10",
                "super-halma"
            ]
        );
        assert!(Rules::new(Preset::SuperHalma).long_jumps());
        assert!(!Rules::new(Preset::Halma10).long_jumps());
        for (i, spoil) in Spoil::ALL.into_iter().enumerate() {
            assert_eq!(spoil as usize, i);
            assert_eq!(spoil.to_string(), SPOIL_NAMES[i]);
        }
    }

    #[test]
    fn every_option_of_the_table_reads_prints_and_repeats_alike() {
        let mut keys: Vec<&str> = OPTIONS.iter().map(|o| o.key).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), OPTIONS.len(), "option keys are unique");
        for (row, option) in OPTIONS.iter().enumerate() {
            assert_eq!(
                (option.get)(&Options::default()),
                0,
                "{} is off by default",
                option.key
            );
            let count = option.values.len().max(2);
            for value in 1..count {
                let mut options = Options::default();
                (option.set)(&mut options, value);
                assert_eq!((option.get)(&options), value);
                // Only this row changed.
                for (other_row, other) in OPTIONS.iter().enumerate() {
                    if other_row != row {
                        assert_eq!((other.get)(&options), 0);
                    }
                }
                let rules = Rules::with(Preset::Halma, options);
                let mut item = String::new();
                option.write(&mut item, value).unwrap();
                assert_eq!(rules.to_string(), format!("halma,{item}"));
                assert_eq!(format!("halma,{item}").parse::<Rules>(), Ok(rules));
                assert_eq!(
                    format!("halma,{item},{item}").parse::<Rules>(),
                    Err(ParseRulesError::Repeated(option.key.to_owned()))
                );
            }
        }
    }

    #[test]
    fn canonical_strings_follow_the_rule_book_order() {
        // RULES.md section 3: the preset, then the options it does not have
        // itself, in the order long-jumps, camp-lock, spoil, home-lock,
        // forced-exit, jump-continue.
        for preset in Preset::ALL {
            for flags in 0..32u32 {
                let on = |bit: u32| flags & (1 << bit) != 0;
                for spoil in Spoil::ALL {
                    let rules = Rules::builder(preset)
                        .jump_continue(on(4))
                        .forced_exit(on(3))
                        .home_lock(on(2))
                        .spoil(spoil)
                        .camp_lock(on(1))
                        .long_jumps(on(0))
                        .build();
                    let mut expected = preset.name().to_owned();
                    if on(0) && preset != Preset::SuperHalma {
                        expected += ",long-jumps";
                    }
                    if on(1) {
                        expected += ",camp-lock";
                    }
                    if spoil != Spoil::None {
                        expected += &format!(",spoil={spoil}");
                    }
                    for (bit, name) in [(2, "home-lock"), (3, "forced-exit"), (4, "jump-continue")]
                    {
                        if on(bit) {
                            expected += ",";
                            expected += name;
                        }
                    }
                    assert_eq!(rules.to_string(), expected);
                    assert_eq!(rules.home_lock(), on(2));
                    assert_eq!(rules.forced_exit(), on(3));
                    assert_eq!(rules.jump_continue(), on(4));
                    assert_eq!(expected.parse::<Rules>(), Ok(rules));
                }
            }
        }
        // The order AbstractPlay's rule set is usually written in reads
        // and prints in canonical order.
        let abstract_play: Rules = "halma,home-lock,camp-lock,forced-exit,spoil=fill"
            .parse()
            .unwrap();
        assert_eq!(
            abstract_play.to_string(),
            "halma,camp-lock,spoil=fill,home-lock,forced-exit"
        );
    }

    #[test]
    fn the_builder_adds_options_to_the_preset() {
        let built = Rules::builder(Preset::Halma)
            .long_jumps(true)
            .spoil(Spoil::Swap)
            .build();
        assert_eq!(built, "halma,long-jumps,spoil=swap".parse().unwrap());
        assert!(built.long_jumps() && !built.camp_lock() && built.spoil() == Spoil::Swap);
        let options = Options {
            camp_lock: true,
            ..Options::default()
        };
        assert_eq!(
            Rules::builder(Preset::Halma4).options(options).build(),
            "halma4,camp-lock".parse().unwrap()
        );
        // A preset's own option stays on: rules strings cannot turn it off.
        let super_halma = Rules::builder(Preset::SuperHalma).long_jumps(false).build();
        assert_eq!(super_halma, Rules::new(Preset::SuperHalma));
        assert!(super_halma.long_jumps());
    }

    #[test]
    fn target_corners_lie_in_the_target_camps() {
        for preset in Preset::ALL {
            let rules = Rules::new(preset);
            for seat in Seat::ALL {
                let corner = rules.target_corner(seat);
                assert!(rules.target_camp(seat).contains(corner), "{preset} {seat}");
                assert_eq!(rules.home_corner(seat.opposite()), corner);
                assert!(rules.home_camp(seat).contains(rules.home_corner(seat)));
            }
        }
        let halma = Rules::new(Preset::Halma);
        assert_eq!(halma.target_corner(Seat::Red).to_string(), "p1");
        assert_eq!(halma.target_corner(Seat::Green).to_string(), "a1");
        assert_eq!(halma.target_corner(Seat::Blue).to_string(), "a16");
        assert_eq!(halma.target_corner(Seat::Yellow).to_string(), "p16");
    }

    #[test]
    fn rules_string_errors_say_what_is_wrong() {
        let cases = [
            ("", "empty rules string: expected a preset (halma, halma3, halma4, halma8, halma10, super-halma)"),
            ("chess", "unknown preset `chess`: expected halma, halma3, halma4, halma8, halma10 or super-halma"),
            ("Halma", "unknown preset `Halma`: expected halma, halma3, halma4, halma8, halma10 or super-halma"),
            ("halma,fast", "unknown option `fast`: expected long-jumps, camp-lock, spoil=none|fill|swap, home-lock, forced-exit or jump-continue"),
            ("halma, camp-lock", "unknown option ` camp-lock`: expected long-jumps, camp-lock, spoil=none|fill|swap, home-lock, forced-exit or jump-continue"),
            ("halma,spoil=all", "unknown option `spoil=all`: expected long-jumps, camp-lock, spoil=none|fill|swap, home-lock, forced-exit or jump-continue"),
            ("halma,camp-lock,camp-lock", "option `camp-lock` given more than once"),
            ("halma,home-lock,jump-continue,home-lock", "option `home-lock` given more than once"),
            ("halma,forced-exits", "unknown option `forced-exits`: expected long-jumps, camp-lock, spoil=none|fill|swap, home-lock, forced-exit or jump-continue"),
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
        assert!(long.len() > MAX_RULES_STRING_LEN);
        assert!(matches!(
            long.parse::<Rules>(),
            Err(ParseRulesError::TooLong { .. })
        ));
    }
}
