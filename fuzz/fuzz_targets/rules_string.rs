//! Rules strings: any text either fails to parse or parses to rules whose
//! canonical string (`Display`) reads back to the same rules and is a fixed
//! point of print-after-parse.

#![no_main]
#![forbid(unsafe_code)]

use halma_rules::{ParseRulesError, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match text.parse::<Rules>() {
        Ok(rules) => {
            let canonical = rules.to_string();
            let again: Rules = canonical
                .parse()
                .unwrap_or_else(|e| panic!("canonical {canonical:?} of {text:?} fails: {e}"));
            assert_eq!(again, rules, "{text:?} -> {canonical:?}");
            assert_eq!(again.to_string(), canonical, "{text:?}");
            // The canonical string is no longer than what was read, and is
            // the input itself when the input was canonical.
            assert!(canonical.len() <= text.len(), "{text:?} -> {canonical:?}");
            assert!(canonical.starts_with(rules.preset().name()));
            // Every option written is one the rules have.
            assert_eq!(canonical.contains(",camp-lock"), rules.camp_lock());
            assert_eq!(canonical.contains(",home-lock"), rules.home_lock());
            assert_eq!(canonical.contains(",forced-exit"), rules.forced_exit());
            assert_eq!(canonical.contains(",jump-continue"), rules.jump_continue());
            assert_eq!(
                rules.long_jumps(),
                canonical.contains(",long-jumps") || canonical.starts_with("super-halma")
            );
            // The start position is valid under the rules and reads back.
            let start = rules.start_position();
            assert_eq!(rules.parse_position(&start.to_string()), Ok(start));
        }
        Err(error) => {
            // Errors render, and say something.
            assert!(!error.to_string().is_empty());
            if text.is_empty() {
                assert_eq!(error, ParseRulesError::Empty);
            }
        }
    }
});
