//! The presets (section 3 of the rule book): one table of boards, seats,
//! camps and the options each turns on itself.

use std::fmt;
use std::str::FromStr;

use halma_core::{quote, Seat, SeatSet};
use thiserror::Error;

use crate::camp::CampShape;
use crate::options::{or_list, Options};

/// A named starting configuration: board, seats and camp size.
///
/// `#[non_exhaustive]`: the rule book grows presets (each is a variant and
/// a row of the preset table). `FromStr` reads the name `Display` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
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

    /// The camp shape of the preset (for the camps of its rules).
    pub(crate) const fn camp_shape(self) -> CampShape {
        self.spec().camp
    }

    /// The names of all presets, in table order (for error messages).
    pub(crate) fn names() -> Vec<String> {
        PRESETS.iter().map(|spec| spec.name.to_owned()).collect()
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

/// A text that is not the name of a [`Preset`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown preset `{}`: expected {}", quote(.0), or_list(&Preset::names()))]
pub struct ParsePresetError(pub String);

impl FromStr for Preset {
    type Err = ParsePresetError;

    /// Reads a preset's name exactly as [`Preset::name`] writes it.
    fn from_str(text: &str) -> Result<Preset, ParsePresetError> {
        Preset::ALL
            .into_iter()
            .find(|preset| preset.name() == text)
            .ok_or_else(|| ParsePresetError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_read_back_what_they_print() {
        assert_eq!(PRESETS.len(), Preset::ALL.len());
        for preset in Preset::ALL {
            assert_eq!(preset.to_string().parse(), Ok(preset));
        }
        let error = "Halma".parse::<Preset>().unwrap_err();
        assert_eq!(error, ParsePresetError("Halma".to_owned()));
        assert_eq!(
            error.to_string(),
            "unknown preset `Halma`: expected halma, halma3, halma4, halma8, halma10 or super-halma"
        );
    }
}
