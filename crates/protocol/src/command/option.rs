//! `setoption`: the engine's options, each read with its range checked.

use std::fmt;

use halma_engine::{Contempt, MAX_HASH_MIB, MAX_MULTIPV, MAX_THREADS};

use super::{number, quote, CommandError, MAX_MAX_PLIES};

/// Playing levels, as the `level` option takes them.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=10;

/// An option set by `setoption`, with its value in range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineOption {
    /// `level`, 1..=10.
    Level(u8),
    /// `hash`, in MiB, 0..=[`MAX_HASH_MIB`].
    Hash(usize),
    /// `threads`, 1..=[`MAX_THREADS`].
    Threads(usize),
    /// `seed`, any `u64`.
    Seed(u64),
    /// `maxplies`, 0..=[`MAX_MAX_PLIES`] (0 = no cap).
    MaxPlies(u32),
    /// `repetition`, `true` or `false`.
    Repetition(bool),
    /// `multipv`, 1..=[`MAX_MULTIPV`].
    MultiPv(usize),
    /// `contempt`, in evaluation units (10 per square of race),
    /// 0..=[`Contempt::MAX`].
    Contempt(u32),
}

const SETOPTION_USAGE: &str = "setoption name <name> value <value>";

/// Reads the words after `setoption`.
pub(super) fn parse_option(rest: &[&str]) -> Result<EngineOption, CommandError> {
    let [first, name, third, value] = rest else {
        return Err(CommandError::Usage(SETOPTION_USAGE));
    };
    if *first != "name" || *third != "value" {
        return Err(CommandError::Usage(SETOPTION_USAGE));
    }
    let name = name.to_ascii_lowercase();
    let option = |n: &str| format!("option {n}");
    Ok(match name.as_str() {
        "level" => EngineOption::Level(number(
            &option("level"),
            value,
            *LEVELS.start() as u64,
            *LEVELS.end() as u64,
        )? as u8),
        "hash" => {
            EngineOption::Hash(number(&option("hash"), value, 0, MAX_HASH_MIB as u64)? as usize)
        }
        "threads" => {
            EngineOption::Threads(number(&option("threads"), value, 1, MAX_THREADS as u64)? as usize)
        }
        "seed" => EngineOption::Seed(number(&option("seed"), value, 0, u64::MAX)?),
        "maxplies" => {
            EngineOption::MaxPlies(
                number(&option("maxplies"), value, 0, MAX_MAX_PLIES as u64)? as u32
            )
        }
        "multipv" => {
            EngineOption::MultiPv(number(&option("multipv"), value, 1, MAX_MULTIPV as u64)? as usize)
        }
        "contempt" => {
            EngineOption::Contempt(
                number(&option("contempt"), value, 0, u64::from(Contempt::MAX))? as u32,
            )
        }
        "repetition" => EngineOption::Repetition(match *value {
            "true" => true,
            "false" => false,
            other => {
                return Err(CommandError::NotABool {
                    option: "repetition",
                    text: quote(other).to_string(),
                })
            }
        }),
        _ => return Err(CommandError::UnknownOption(quote(&name).to_string())),
    })
}

impl fmt::Display for EngineOption {
    /// `name <name> value <value>`, as `setoption` takes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineOption::Level(n) => write!(f, "name level value {n}"),
            EngineOption::Hash(n) => write!(f, "name hash value {n}"),
            EngineOption::Threads(n) => write!(f, "name threads value {n}"),
            EngineOption::Seed(n) => write!(f, "name seed value {n}"),
            EngineOption::MaxPlies(n) => write!(f, "name maxplies value {n}"),
            EngineOption::Repetition(b) => write!(f, "name repetition value {b}"),
            EngineOption::MultiPv(n) => write!(f, "name multipv value {n}"),
            EngineOption::Contempt(n) => write!(f, "name contempt value {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::go::tests::out_of_range;
    use crate::command::tests::parse;
    use crate::command::Command;

    fn option(line: &str) -> Result<EngineOption, CommandError> {
        match parse(line)? {
            Command::SetOption(option) => Ok(option),
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn options_are_range_checked_never_clamped() {
        assert_eq!(
            option("setoption name threads value 1"),
            Ok(EngineOption::Threads(1))
        );
        let max = format!("setoption name threads value {MAX_THREADS}");
        assert_eq!(option(&max), Ok(EngineOption::Threads(MAX_THREADS)));
        assert!(out_of_range(option("setoption name threads value 0")));
        assert!(out_of_range(option(&format!(
            "setoption name threads value {}",
            MAX_THREADS + 1
        ))));
        assert_eq!(
            option("setoption name hash value 0"),
            Ok(EngineOption::Hash(0))
        );
        let max = format!("setoption name hash value {MAX_HASH_MIB}");
        assert_eq!(option(&max), Ok(EngineOption::Hash(MAX_HASH_MIB)));
        assert!(out_of_range(option(&format!(
            "setoption name hash value {}",
            MAX_HASH_MIB + 1
        ))));
        assert_eq!(
            option("setoption name maxplies value 0"),
            Ok(EngineOption::MaxPlies(0))
        );
        let max = "setoption name maxplies value 100000";
        assert_eq!(option(max), Ok(EngineOption::MaxPlies(100_000)));
        assert!(out_of_range(option("setoption name maxplies value 100001")));
        assert_eq!(
            option("setoption name level value 1"),
            Ok(EngineOption::Level(1))
        );
        assert_eq!(
            option("setoption name LEVEL value 10"),
            Ok(EngineOption::Level(10))
        );
        assert!(out_of_range(option("setoption name level value 0")));
        assert!(out_of_range(option("setoption name level value 11")));
        assert_eq!(
            option("setoption name seed value 0"),
            Ok(EngineOption::Seed(0))
        );
        let max = format!("setoption name seed value {}", u64::MAX);
        assert_eq!(option(&max), Ok(EngineOption::Seed(u64::MAX)));
        assert!(out_of_range(option(
            "setoption name seed value 18446744073709551616"
        )));
        assert_eq!(
            option("setoption name multipv value 1"),
            Ok(EngineOption::MultiPv(1))
        );
        let max = format!("setoption name contempt value {}", Contempt::MAX);
        assert_eq!(option(&max), Ok(EngineOption::Contempt(Contempt::MAX)));
        assert!(out_of_range(option(&format!(
            "setoption name contempt value {}",
            Contempt::MAX + 1
        ))));
        let max = format!("setoption name multipv value {MAX_MULTIPV}");
        assert_eq!(option(&max), Ok(EngineOption::MultiPv(MAX_MULTIPV)));
        assert!(out_of_range(option("setoption name multipv value 0")));
        assert!(out_of_range(option(&format!(
            "setoption name multipv value {}",
            MAX_MULTIPV + 1
        ))));
        assert_eq!(
            option("setoption name repetition value false"),
            Ok(EngineOption::Repetition(false))
        );
        assert!(matches!(
            option("setoption name repetition value yes"),
            Err(CommandError::NotABool { .. })
        ));
        assert!(matches!(
            option("setoption name colour value 1"),
            Err(CommandError::UnknownOption(_))
        ));
        assert!(matches!(
            option("setoption name level 5"),
            Err(CommandError::Usage(_))
        ));
        assert!(matches!(
            option("setoption nom level value 5"),
            Err(CommandError::Usage(_))
        ));
    }
}
