//! JavaScript numbers (every one an `f64`) checked into the integers and
//! durations the library takes: never rounded, truncated or clamped. The
//! package's wrapper has checked that each is a number; this checks its
//! value.

use std::time::Duration;

use crate::error::Failure;

/// The largest integer a JavaScript number holds exactly (`Number.MAX_SAFE_INTEGER`).
pub const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;

/// `value` as JavaScript prints it (`NaN`, `Infinity`, `2.5`, `-3`), for messages.
pub fn shown(value: f64) -> String {
    if value.is_nan() {
        "NaN".to_owned()
    } else if value.is_infinite() {
        if value > 0.0 { "Infinity" } else { "-Infinity" }.to_owned()
    } else if value == 0.0 {
        // -0 too, as JavaScript prints it.
        "0".to_owned()
    } else {
        format!("{value}")
    }
}

/// `value` as an integer from `min` to `max` (both at most
/// [`MAX_SAFE_INTEGER`]), or an invalid-argument failure naming `what`.
pub fn integer(value: f64, what: &str, min: u64, max: u64) -> Result<u64, Failure> {
    debug_assert!(min <= max && max <= MAX_SAFE_INTEGER);
    if !value.is_finite() || value.fract() != 0.0 {
        return Err(Failure::invalid(format!(
            "{what} must be an integer from {min} to {max}, not {}",
            shown(value)
        )));
    }
    // An integer-valued f64; compared as f64, so that no cast can saturate.
    if value < min as f64 || value > max as f64 {
        return Err(Failure::invalid(format!(
            "{what} {} is out of range: it must be from {min} to {max}",
            shown(value)
        )));
    }
    // Exact: an integer within 0 ..= 2^53 - 1.
    Ok(value as u64)
}

/// [`integer`] for an optional argument: `None` stays `None`.
pub fn optional_integer(
    value: Option<f64>,
    what: &str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, Failure> {
    value.map(|v| integer(v, what, min, max)).transpose()
}

/// A number of milliseconds, more than 0 (fractions allowed) and at most
/// [`MAX_SAFE_INTEGER`], as a duration.
pub fn milliseconds(value: f64, what: &str) -> Result<Duration, Failure> {
    if value.is_nan() || value <= 0.0 || value > MAX_SAFE_INTEGER as f64 {
        return Err(Failure::invalid(format!(
            "{what} {} is out of range: it must be more than 0 and at most {MAX_SAFE_INTEGER} ms",
            shown(value)
        )));
    }
    // Finite and positive, at most about 285 000 years: no panic.
    Ok(Duration::from_secs_f64(value / 1000.0))
}

/// [`milliseconds`] for a time that may be 0 (a clock's increment, a clock
/// run down).
pub fn milliseconds_or_zero(value: f64, what: &str) -> Result<Duration, Failure> {
    if value == 0.0 {
        return Ok(Duration::ZERO);
    }
    milliseconds(value, what).map_err(|_| {
        Failure::invalid(format!(
            "{what} {} is out of range: it must be from 0 to {MAX_SAFE_INTEGER} ms",
            shown(value)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::FailureKind;

    fn message(result: Result<u64, Failure>) -> String {
        let failure = result.expect_err("refused");
        assert_eq!(failure.kind, FailureKind::InvalidArgument);
        failure.message
    }

    #[test]
    fn integers_in_range_pass_exactly() {
        assert_eq!(integer(0.0, "depth", 0, 64), Ok(0));
        assert_eq!(integer(-0.0, "depth", 0, 64), Ok(0));
        assert_eq!(integer(64.0, "depth", 0, 64), Ok(64));
        let top = MAX_SAFE_INTEGER as f64;
        assert_eq!(
            integer(top, "nodes", 1, MAX_SAFE_INTEGER),
            Ok(MAX_SAFE_INTEGER)
        );
    }

    #[test]
    fn anything_else_is_refused_with_the_value_shown() {
        assert_eq!(
            message(integer(65.0, "perft depth", 0, 64)),
            "perft depth 65 is out of range: it must be from 0 to 64"
        );
        assert_eq!(
            message(integer(-1.0, "perft depth", 0, 64)),
            "perft depth -1 is out of range: it must be from 0 to 64"
        );
        assert_eq!(
            message(integer(2.5, "level", 1, 10)),
            "level must be an integer from 1 to 10, not 2.5"
        );
        assert_eq!(
            message(integer(f64::NAN, "level", 1, 10)),
            "level must be an integer from 1 to 10, not NaN"
        );
        assert_eq!(
            message(integer(f64::INFINITY, "level", 1, 10)),
            "level must be an integer from 1 to 10, not Infinity"
        );
        assert_eq!(
            message(integer(1e300, "nodes", 1, MAX_SAFE_INTEGER)),
            format!(
                "nodes {} is out of range: it must be from 1 to {MAX_SAFE_INTEGER}",
                1e300
            )
        );
        // 2^53 is a JavaScript integer, but not a safe one.
        assert!(integer(9007199254740992.0, "nodes", 1, MAX_SAFE_INTEGER).is_err());
        assert_eq!(optional_integer(None, "depth", 1, 64), Ok(None));
        assert!(optional_integer(Some(0.0), "depth", 1, 64).is_err());
    }

    #[test]
    fn times_are_positive_and_finite() {
        assert_eq!(
            milliseconds(250.0, "movetimeMs"),
            Ok(Duration::from_millis(250))
        );
        assert_eq!(
            milliseconds(0.5, "movetimeMs"),
            Ok(Duration::from_micros(500))
        );
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e20] {
            let failure = milliseconds(bad, "movetimeMs").expect_err("refused");
            assert!(
                failure
                    .message
                    .starts_with(&format!("movetimeMs {} is out of range", shown(bad))),
                "{}",
                failure.message
            );
        }
        assert_eq!(milliseconds_or_zero(0.0, "incrementMs"), Ok(Duration::ZERO));
        assert!(milliseconds_or_zero(-5.0, "incrementMs").is_err());
    }
}
