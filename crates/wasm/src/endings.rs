//! Games that end otherwise than on the board: how often a position has
//! stood (the repetition rule the record reader checks), and the record of
//! a game drawn, resigned or forfeited (`docs/game-record.md`).

use halma_rules::{occurrences_of_final_position, write_record_ended, DrawReason, Termination};
use wasm_bindgen::prelude::*;

use crate::error::{Failure, FailureKind};
use crate::game::GameHandle;
use crate::rules::seat_of;

/// The tags given as names and values side by side, as pairs.
pub(crate) fn tag_pairs<'a>(
    names: &'a [String],
    values: &'a [String],
) -> Result<Vec<(&'a str, &'a str)>, Failure> {
    if names.len() != values.len() {
        return Err(Failure::new(
            FailureKind::Type,
            format!("{} tag names but {} tag values", names.len(), values.len()),
        ));
    }
    Ok(names
        .iter()
        .zip(values)
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect())
}

#[wasm_bindgen(js_class = WasmGame)]
impl GameHandle {
    /// How often the current position (pieces and side to move) has stood
    /// on the board in this game, the start position included: 3 is a draw
    /// by repetition, as the record reader checks it.
    #[wasm_bindgen(js_name = repetitionCount)]
    pub fn repetition_count(&self) -> u32 {
        // At most MAX_GAME_MOVES + 1.
        occurrences_of_final_position(&self.game) as u32
    }

    /// The game record of a game that ended by `termination`: `normal`, a
    /// draw's reason (`repetition`, `ply limit`, `agreement`,
    /// `adjudication`), `resignation` or `forfeit` (these two with the
    /// `loser`'s name, a forfeit with optional `details`), then the extra
    /// tags. Refused when the termination cannot end this game (the board
    /// already won, a repetition that did not happen, a loser not in play).
    #[wasm_bindgen(js_name = recordEnded)]
    pub fn record_ended(
        &self,
        termination: &str,
        loser: Option<String>,
        details: Option<String>,
        tag_names: Vec<String>,
        tag_values: Vec<String>,
    ) -> Result<String, Failure> {
        let rules = self.game.rules();
        let loser = loser.map(|name| seat_of(rules, &name)).transpose()?;
        let ending = match (termination, loser) {
            ("normal", None) => Termination::Normal,
            ("resignation", Some(loser)) => Termination::Resignation { loser },
            ("forfeit", Some(loser)) => Termination::Forfeit {
                loser,
                reason: details.clone().unwrap_or_default(),
            },
            ("resignation" | "forfeit", None) => {
                return Err(Failure::invalid(format!("a {termination} needs the loser")))
            }
            (other, loser) => match other.parse::<DrawReason>() {
                Ok(reason) if loser.is_none() => Termination::Draw(reason),
                Ok(_) => return Err(Failure::invalid("a draw has no loser")),
                Err(_) if other == "normal" => {
                    return Err(Failure::invalid("a game that ended normally has no loser"))
                }
                Err(error) => {
                    return Err(Failure::invalid(format!(
                        "{error}, normal, resignation or forfeit"
                    )))
                }
            },
        };
        if details.is_some() && !matches!(ending, Termination::Forfeit { .. }) {
            return Err(Failure::invalid("only a forfeit has details"));
        }
        let tags = tag_pairs(&tag_names, &tag_values)?;
        Ok(write_record_ended(&self.game, &ending, &tags)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::RecordHandle;

    /// halma8 with both seats stepping out and back twice: the start
    /// position stands on the board three times.
    fn repeated() -> GameHandle {
        let mut game = GameHandle::new("halma8", None).expect("valid");
        assert_eq!(game.repetition_count(), 1);
        for _ in 0..2 {
            for step in ["a5-a4", "h4-h5", "a4-a5", "h5-h4"] {
                game.play(step).expect("legal");
            }
        }
        game
    }

    fn tag(text: &str, name: &str) -> Option<String> {
        let record = RecordHandle::new(text).expect("reads back");
        let at = record.tag_names().iter().position(|n| n == name)?;
        Some(record.tag_values()[at].clone())
    }

    #[test]
    fn a_draw_by_repetition_is_counted_and_written_as_the_reader_checks_it() {
        let mut game = repeated();
        assert_eq!(game.repetition_count(), 3);
        let text = game
            .record_ended(
                "repetition",
                None,
                None,
                vec!["Event".into()],
                vec!["club".into()],
            )
            .expect("a repetition");
        assert_eq!(tag(&text, "Result").as_deref(), Some("Draw"));
        assert_eq!(tag(&text, "Termination").as_deref(), Some("repetition"));
        assert_eq!(tag(&text, "Event").as_deref(), Some("club"));
        // One move back, the position after Red's second step back stood
        // there after the first too.
        game.undo().expect("a move");
        assert_eq!(game.repetition_count(), 2);
        let refused = game
            .record_ended("repetition", None, None, vec![], vec![])
            .expect_err("not repeated");
        assert_eq!(refused.kind, FailureKind::InvalidArgument);
        assert!(
            refused.message.contains("occurred 2 time"),
            "{}",
            refused.message
        );
    }

    #[test]
    fn resignations_forfeits_and_other_draws_read_back() {
        let game = GameHandle::new("halma4", None).expect("valid");
        let text = game
            .record_ended("resignation", Some("Green".into()), None, vec![], vec![])
            .expect("valid");
        assert_eq!(tag(&text, "Result").as_deref(), Some("Green loses"));
        assert_eq!(tag(&text, "Loser").as_deref(), Some("Green"));
        let text = game
            .record_ended(
                "forfeit",
                Some("Red".into()),
                Some("left".into()),
                vec![],
                vec![],
            )
            .expect("valid");
        assert_eq!(tag(&text, "TerminationDetails").as_deref(), Some("left"));
        for reason in ["ply limit", "agreement", "adjudication"] {
            let text = game
                .record_ended(reason, None, None, vec![], vec![])
                .expect("valid");
            assert_eq!(tag(&text, "Termination").as_deref(), Some(reason));
        }
        let normal = game
            .record_ended("normal", None, None, vec![], vec![])
            .expect("valid");
        assert_eq!(normal, game.record(vec![], vec![]).expect("valid"));
    }

    #[test]
    fn endings_that_cannot_be_are_refused() {
        let game = GameHandle::new("halma8", None).expect("valid");
        for (termination, loser, details) in [
            ("resignation", None, None),
            ("forfeit", None, None),
            ("resignation", Some("Green"), None),
            ("resignation", Some("Purple"), None),
            ("agreement", Some("Red"), None),
            ("normal", Some("Red"), None),
            ("agreement", None, Some("why")),
            ("Ply Limit", None, None),
            ("", None, None),
        ] {
            let refused = game.record_ended(
                termination,
                loser.map(str::to_owned),
                details.map(str::to_owned),
                vec![],
                vec![],
            );
            assert_eq!(
                refused.err().map(|f| f.kind),
                Some(FailureKind::InvalidArgument),
                "{termination} {loser:?} {details:?}"
            );
        }
        assert_eq!(
            game.record_ended("agreement", None, None, vec!["A".into()], vec![])
                .err()
                .map(|f| f.kind),
            Some(FailureKind::Type)
        );
    }
}
