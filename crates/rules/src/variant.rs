//! The [`Rules`] value (a preset, its options and the camps they imply),
//! its builder and rules strings (section 3 of the rule book).

use std::fmt;
use std::str::FromStr;

use halma_core::{quote, Bitboard, Geometry, Seat, SeatSet};
use thiserror::Error;

use crate::camp::camp;
use crate::options::{expected_options, or_list, Options, Spoil, OPTIONS};
use crate::preset::Preset;

/// Longest rules string read (the longest valid one is well under this).
pub const MAX_RULES_STRING_LEN: usize = 128;

/// What is wrong with a rules string.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseRulesError {
    /// The string is empty.
    #[error("empty rules string: expected a preset ({})", Preset::names().join(", "))]
    Empty,
    /// The string is far longer than any rules string.
    #[error("rules string too long: {len} characters, at most {MAX_RULES_STRING_LEN}")]
    TooLong {
        /// Its length in bytes.
        len: usize,
    },
    /// The first item is not a preset.
    #[error("unknown preset `{}`: expected {}", quote(.0), or_list(&Preset::names()))]
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
    /// The home camp of each seat, by [`Seat::index`].
    homes: [Bitboard; 4],
}

/// Builds [`Rules`] from a preset and options, one named option at a time:
/// `Rules::builder(Preset::Halma).long_jumps(true).spoil(Spoil::Swap).build()`.
///
/// Options add to the preset's own. A preset's own option cannot be turned
/// off (rules strings cannot say that either), so turning one off by name
/// (`long_jumps(false)` on [`Preset::SuperHalma`]) makes
/// [`build`](RulesBuilder::build) fail rather than be ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct RulesBuilder {
    preset: Preset,
    options: Options,
    /// The options turned off by name, by row of the option table.
    turned_off: [bool; OPTIONS.len()],
}

/// Why [`RulesBuilder::build`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BuildRulesError {
    /// An option was turned off that the preset turns on itself.
    #[error("{preset} plays with {option} itself: the option cannot be turned off")]
    PresetOptionOff {
        /// The preset.
        preset: Preset,
        /// The option's name in rules strings (`long-jumps`).
        option: &'static str,
    },
}

impl RulesBuilder {
    /// Sets the option named `key` in rules strings to the value with index
    /// `value` of its table row, remembering a value turned off.
    fn set(mut self, key: &str, value: usize) -> RulesBuilder {
        let row = OPTIONS
            .iter()
            .position(|option| option.key == key)
            .expect("every builder method names a row of the option table");
        (OPTIONS[row].set)(&mut self.options, value);
        self.turned_off[row] = value == 0;
        self
    }

    /// Whether jump segments may be long (`long-jumps`).
    pub fn long_jumps(self, on: bool) -> RulesBuilder {
        self.set("long-jumps", usize::from(on))
    }

    /// Whether a piece may not leave its target camp (`camp-lock`).
    pub fn camp_lock(self, on: bool) -> RulesBuilder {
        self.set("camp-lock", usize::from(on))
    }

    /// The anti-spoiling rule (`spoil=...`).
    pub fn spoil(self, spoil: Spoil) -> RulesBuilder {
        self.set("spoil", spoil as usize)
    }

    /// Whether a piece may not come back into its home camp (`home-lock`).
    pub fn home_lock(self, on: bool) -> RulesBuilder {
        self.set("home-lock", usize::from(on))
    }

    /// Whether a side that can jump forward out of its home camp over
    /// another seat's piece must (`forced-exit`).
    pub fn forced_exit(self, on: bool) -> RulesBuilder {
        self.set("forced-exit", usize::from(on))
    }

    /// Whether a jump sequence may not stop while it can go on
    /// (`jump-continue`).
    pub fn jump_continue(self, on: bool) -> RulesBuilder {
        self.set("jump-continue", usize::from(on))
    }

    /// All options at once, replacing those set so far. As in
    /// [`Rules::with`], they add to the preset's own: an option off in
    /// `options` asks for nothing (it does not turn the preset's off).
    pub fn options(mut self, options: Options) -> RulesBuilder {
        self.options = options;
        self.turned_off = [false; OPTIONS.len()];
        self
    }

    /// The rules.
    ///
    /// # Errors
    /// [`BuildRulesError::PresetOptionOff`] when an option was turned off
    /// by name that the preset turns on itself.
    pub fn build(self) -> Result<Rules, BuildRulesError> {
        let own = self.preset.options();
        for (option, &off) in OPTIONS.iter().zip(&self.turned_off) {
            if off && (option.get)(&own) != 0 {
                return Err(BuildRulesError::PresetOptionOff {
                    preset: self.preset,
                    option: option.key,
                });
            }
        }
        Ok(Rules::with(self.preset, self.options))
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
            turned_off: [false; OPTIONS.len()],
        }
    }

    /// A preset with `options` added to its own (see [`RulesBuilder`]).
    pub fn with(preset: Preset, options: Options) -> Rules {
        let size = preset.size();
        let geometry = Geometry::new(size, size).expect("preset sizes are 8..=16");
        let shape = preset.camp_shape();
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

    /// The home camps of the seats, by [`Seat::index`] (for the camp module).
    pub(crate) fn homes(&self) -> &[Bitboard; 4] {
        &self.homes
    }

    /// The seats in play, in turn order.
    pub fn seats(&self) -> SeatSet {
        self.preset.seats()
    }

    /// Pieces per seat.
    pub fn camp_size(&self) -> u8 {
        self.preset.camp_size()
    }
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
        let preset: Preset = first
            .parse()
            .map_err(|_| ParseRulesError::UnknownPreset(first.to_owned()))?;
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
                    if preset == Preset::SuperHalma && !on(0) {
                        assert_eq!(
                            rules,
                            Err(BuildRulesError::PresetOptionOff {
                                preset,
                                option: "long-jumps"
                            })
                        );
                        continue;
                    }
                    let rules = rules.unwrap();
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
            .build()
            .unwrap();
        assert_eq!(built, "halma,long-jumps,spoil=swap".parse().unwrap());
        assert!(built.long_jumps() && !built.camp_lock() && built.spoil() == Spoil::Swap);
        let options = Options {
            camp_lock: true,
            ..Options::default()
        };
        assert_eq!(
            Rules::builder(Preset::Halma4).options(options).build(),
            Ok("halma4,camp-lock".parse().unwrap())
        );
        // A preset's own option cannot be turned off (rules strings cannot
        // say that either): by name it is an error, never ignored.
        let off = Rules::builder(Preset::SuperHalma).long_jumps(false).build();
        assert_eq!(
            off.unwrap_err().to_string(),
            "super-halma plays with long-jumps itself: the option cannot be turned off"
        );
        // Turned off, then on again: the last call counts.
        let on_again = Rules::builder(Preset::SuperHalma)
            .long_jumps(false)
            .long_jumps(true)
            .build();
        assert_eq!(on_again, Ok(Rules::new(Preset::SuperHalma)));
        // Options off in an `Options` value ask for nothing (as in `Rules::with`).
        let with_default = Rules::builder(Preset::SuperHalma)
            .long_jumps(false)
            .options(Options::default())
            .build();
        assert_eq!(with_default, Ok(Rules::new(Preset::SuperHalma)));
        // Every other option of every preset turns off without complaint.
        for preset in Preset::ALL {
            let built = Rules::builder(preset)
                .camp_lock(false)
                .spoil(Spoil::None)
                .home_lock(false)
                .forced_exit(false)
                .jump_continue(false)
                .build();
            assert_eq!(built, Ok(Rules::new(preset)));
        }
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
