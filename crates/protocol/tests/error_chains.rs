//! Every error of the protocol crate says each cause once: a message does
//! not repeat the message of its `source()`, so that a reporter printing the
//! whole chain (`error: ...: caused by ...`) prints no cause twice. The
//! errors that wrap another used to do both (`#[error("{0}")]` with
//! `#[from]`).

use std::error::Error;

use halma_protocol::client::{EngineCommand, EngineCommandError, GoError, GoLimits};
use halma_protocol::command::{Command, CommandError};

/// Walks `error`'s chain: no message contains the one of its source, and
/// the chain ends. Returns its length.
fn walk(error: &dyn Error) -> usize {
    let mut length = 1;
    let mut current = error;
    while let Some(source) = current.source() {
        let (outer, inner) = (current.to_string(), source.to_string());
        assert!(
            !outer.contains(&inner),
            "`{outer}` repeats its source `{inner}`"
        );
        length += 1;
        assert!(length < 16, "a cycle in the chain of `{error}`");
        current = source;
    }
    length
}

#[test]
fn engine_command_errors_say_each_cause_once() {
    for text in ["sh -c 'x", "sh -c \"x", "sh \\", "   "] {
        let error = text.parse::<EngineCommand>().unwrap_err();
        walk(&error);
        if text.trim().is_empty() {
            assert_eq!(error, EngineCommandError::Empty);
        } else {
            // The quoting error itself, not a wrapper repeating it.
            assert!(matches!(error, EngineCommandError::Quoting(_)), "{error:?}");
            assert!(
                error.to_string().contains("quote") || error.to_string().contains("backslash"),
                "{error}"
            );
        }
    }
    let missing = "no-such-halma-engine-xyz"
        .parse::<EngineCommand>()
        .unwrap()
        .find_program()
        .unwrap_err();
    assert_eq!(walk(&missing), 1);
}

#[test]
fn go_errors_say_each_cause_once() {
    for text in [
        "depth 0",
        "nodes ten",
        "sideways 3",
        "nodes 1 nodes 2",
        "infinite",
        "",
    ] {
        let error = text.parse::<GoLimits>().unwrap_err();
        walk(&error);
        if let GoError::Command(inner) = &error {
            // Transparent: the command reader's message, word for word.
            assert_eq!(error.to_string(), inner.to_string());
        }
    }
    let seats = "rtime 10"
        .parse::<GoLimits>()
        .unwrap()
        .check_seats(halma_rules::Seat::ALL)
        .unwrap_err();
    walk(&seats);
}

#[test]
fn command_errors_say_each_cause_once() {
    for line in [
        "frobnicate",
        "go depth 0",
        "rules chess",
        "position",
        "setoption name level value 11",
    ] {
        let error: CommandError = line.parse::<Command>().unwrap_err();
        walk(&error);
    }
}
