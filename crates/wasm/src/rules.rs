//! Rules: a rules string read once, with the board and camps it sets.

use halma_rules::{Bitboard, Rules, Seat};
use wasm_bindgen::prelude::*;

use crate::error::Failure;

/// A rule set (`halma`, `halma8`, `halma,spoil=swap`...): the package's `Rules`.
#[wasm_bindgen(js_name = WasmRules)]
pub struct RulesHandle {
    pub(crate) rules: Rules,
}

/// The seat named `name` (`Red`, `red` or `r`), one of `rules`.
pub(crate) fn seat_of(rules: &Rules, name: &str) -> Result<Seat, Failure> {
    let seat: Seat = name
        .parse()
        .map_err(|e: halma_rules::ParseSeatError| Failure::invalid(e.to_string()))?;
    if !rules.seats().contains(seat) {
        return Err(Failure::invalid(format!("{seat} does not play in {rules}")));
    }
    Ok(seat)
}

/// The names of the squares of `board`, in index order (a1, b1, ..., a2...).
pub(crate) fn square_names(board: Bitboard) -> Vec<String> {
    board
        .squares_sorted()
        .into_iter()
        .map(|square| square.to_string())
        .collect()
}

#[wasm_bindgen(js_class = WasmRules)]
impl RulesHandle {
    /// Reads a rules string.
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Result<RulesHandle, Failure> {
        Ok(RulesHandle {
            rules: text.parse()?,
        })
    }

    /// The canonical rules string (options in the rule book's order).
    #[wasm_bindgen(js_name = rulesString)]
    pub fn rules_string(&self) -> String {
        self.rules.to_string()
    }

    /// The number of files (columns).
    pub fn width(&self) -> u32 {
        self.rules.geometry().width().into()
    }

    /// The number of ranks (rows).
    pub fn height(&self) -> u32 {
        self.rules.geometry().height().into()
    }

    /// The number of squares (and pieces) of a camp.
    #[wasm_bindgen(js_name = campSize)]
    pub fn camp_size(&self) -> u32 {
        self.rules.camp_size().into()
    }

    /// The seats in play, in turn order, by name (`Red`, `Green`, `Blue`, `Yellow`).
    pub fn seats(&self) -> Vec<String> {
        self.rules
            .seats()
            .iter()
            .map(|seat| seat.name().to_owned())
            .collect()
    }

    /// The squares of a seat's home camp (where its pieces start).
    #[wasm_bindgen(js_name = homeCamp)]
    pub fn home_camp(&self, seat: &str) -> Result<Vec<String>, Failure> {
        let seat = seat_of(&self.rules, seat)?;
        Ok(square_names(self.rules.home_camp(seat)))
    }

    /// The squares of a seat's target camp (which it must fill to win).
    #[wasm_bindgen(js_name = targetCamp)]
    pub fn target_camp(&self, seat: &str) -> Result<Vec<String>, Failure> {
        let seat = seat_of(&self.rules, seat)?;
        Ok(square_names(self.rules.target_camp(seat)))
    }

    /// The position string of the preset's start.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> String {
        self.rules.start_position().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::FailureKind;

    #[test]
    fn rules_read_their_string_and_name_their_camps() {
        let rules = RulesHandle::new("halma8,spoil=swap").expect("valid");
        assert_eq!(rules.rules_string(), "halma8,spoil=swap");
        assert_eq!(
            (rules.width(), rules.height(), rules.camp_size()),
            (8, 8, 10)
        );
        assert_eq!(rules.seats(), ["Red", "Blue"]);
        let home = rules.home_camp("red").expect("Red plays");
        assert_eq!(home.len(), 10);
        assert!(home.contains(&"a8".to_owned()), "{home:?}");
        assert_eq!(
            rules.target_camp("Blue").expect("Blue plays"),
            rules.home_camp("r").expect("Red plays")
        );
        let green = rules.home_camp("Green").expect_err("Green does not play");
        assert_eq!(green.kind, FailureKind::InvalidArgument);
        assert_eq!(green.message, "Green does not play in halma8,spoil=swap");
        assert_eq!(
            rules.home_camp("purple").err().map(|f| f.kind),
            Some(FailureKind::InvalidArgument)
        );
    }

    #[test]
    fn a_bad_rules_string_is_a_rules_failure() {
        for text in [
            "",
            "chess",
            "halma,spoil=maybe",
            "halma\0",
            &"halma,".repeat(1000),
        ] {
            let failure = RulesHandle::new(text).err().expect("refused");
            assert_eq!(failure.kind, FailureKind::InvalidRules, "{text:?}");
            assert_eq!(
                failure.message,
                text.parse::<Rules>().expect_err("refused").to_string()
            );
        }
    }
}
