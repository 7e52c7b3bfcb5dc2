//! The rule options of rules strings (section 3 of the rule book): one
//! table drives their parsing, canonical printing and the list in error
//! messages.

use std::fmt;
use std::str::FromStr;

use halma_core::quote;
use thiserror::Error;

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
/// the default or use [`Rules::builder`](crate::Rules::builder).
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
///     Rules::builder(Preset::Halma4).camp_lock(true).spoil(Spoil::Fill).build()?
/// );
/// # Ok::<(), halma_rules::BuildRulesError>(())
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
    pub(crate) const NONE: Options = Options {
        long_jumps: false,
        camp_lock: false,
        spoil: Spoil::None,
        home_lock: false,
        forced_exit: false,
        jump_continue: false,
    };

    /// `self` with every option that `other` turns on turned on as well (a
    /// value option takes `other`'s value unless that is its default).
    pub(crate) fn merged(mut self, other: &Options) -> Options {
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
pub(crate) struct OptionSpec {
    /// The option's name, before any `=`.
    pub(crate) key: &'static str,
    /// The values written after `key=`, index 0 the default; empty for a
    /// flag, which is written bare and is off (0) or on (1).
    pub(crate) values: &'static [&'static str],
    /// The option's value in the options, as an index (see `values`).
    pub(crate) get: fn(&Options) -> usize,
    /// Sets the option to the value with that index.
    pub(crate) set: fn(&mut Options, usize),
}

/// The names of [`Spoil`]'s values, in the order of [`Spoil::ALL`].
pub(crate) const SPOIL_NAMES: [&str; 3] = [
    Spoil::ALL[0].name(),
    Spoil::ALL[1].name(),
    Spoil::ALL[2].name(),
];

/// Every rules-string option, in canonical order. A new option is a row
/// here and more: the recipe is in `docs/architecture.md` ("Where to add").
pub(crate) const OPTIONS: &[OptionSpec] = &[
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
    pub(crate) fn write(&self, f: &mut impl fmt::Write, value: usize) -> fmt::Result {
        match self.values.get(value) {
            Some(name) => write!(f, "{}={name}", self.key),
            None => f.write_str(self.key),
        }
    }

    /// The value index of the rules-string item `item` if it is this option.
    pub(crate) fn read(&self, item: &str) -> Option<usize> {
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
pub(crate) fn expected_options() -> String {
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
    or_list(&written)
}

/// `items` as a message lists alternatives: `a, b or c`.
pub(crate) fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// A text that is not the name of a [`Spoil`] rule.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown spoil rule `{}`: expected {}", quote(.0), or_list(&SPOIL_NAMES.map(str::to_owned)))]
pub struct ParseSpoilError(pub String);

impl FromStr for Spoil {
    type Err = ParseSpoilError;

    /// Reads a rule's name exactly as [`Spoil::name`] writes it.
    fn from_str(text: &str) -> Result<Spoil, ParseSpoilError> {
        Spoil::ALL
            .into_iter()
            .find(|spoil| spoil.name() == text)
            .ok_or_else(|| ParseSpoilError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spoil_rules_read_back_what_they_print() {
        for (i, spoil) in Spoil::ALL.into_iter().enumerate() {
            assert_eq!(spoil as usize, i);
            assert_eq!(spoil.to_string(), SPOIL_NAMES[i]);
            assert_eq!(spoil.to_string().parse(), Ok(spoil));
        }
        assert_eq!(
            "Swap".parse::<Spoil>().unwrap_err().to_string(),
            "unknown spoil rule `Swap`: expected none, fill or swap"
        );
    }
}
