//! Engine protocol commands: any line either fails to read, with a one-line
//! printable message, or reads to a command whose canonical text
//! (`Display`) reads back to the same command and is a fixed point; a `go`
//! turns into engine limits for every side to move, or a clear error.

#![no_main]
#![forbid(unsafe_code)]

use halma_protocol::command::{quote, Command, QUOTE_CHARS};
use halma_rules::Seat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The server reads one line at a time: no line end inside.
    let line = text.split('\n').next().unwrap_or_default();
    match line.parse::<Command>() {
        Ok(command) => {
            let canonical = command.to_string();
            assert!(!canonical.contains('\n'), "{line:?} -> {canonical:?}");
            let again = canonical
                .parse::<Command>()
                .unwrap_or_else(|e| panic!("canonical {canonical:?} of {line:?} fails: {e}"));
            assert_eq!(again, command, "{line:?} -> {canonical:?}");
            assert_eq!(again.to_string(), canonical, "{line:?}");
            if let Command::Go(go) = &command {
                for seat in Seat::ALL {
                    if let Ok(limits) = go.limits(seat) {
                        // Limits were asked for: one of them applies.
                        let asked = canonical != "go" && !go.infinite && go.searchmoves.is_empty();
                        if asked {
                            assert_ne!(limits, Default::default(), "{line:?} for {seat}");
                        }
                    }
                }
            }
        }
        Err(error) => {
            let message = error.to_string();
            assert!(
                !message.chars().any(char::is_control),
                "{line:?} -> {message:?}"
            );
            // Quotes are cut: a message never grows with its input.
            assert!(message.chars().count() < 400, "{line:?} -> {message:?}");
        }
    }
    // Quoting escapes every control character and cuts long text.
    let quoted = quote(line).to_string();
    assert!(!quoted.chars().any(char::is_control), "{quoted:?}");
    assert!(quoted.chars().count() <= QUOTE_CHARS + 3, "{quoted:?}");
});
