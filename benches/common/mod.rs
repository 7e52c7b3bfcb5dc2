//! The fixed benchmark positions of `benches/positions.tsv`, compiled into
//! every benchmark (no file is read at run time).

/// The checked-in position set: `name`, `rules`, `position`, `perft_depth`.
const POSITIONS_TSV: &str = include_str!("../positions.tsv");

/// Every benchmark position as `(name, rules string, position string, perft depth)`,
/// in file order. Panics on a malformed line (the file is checked in, so
/// that is a bug in the file).
pub fn positions() -> Vec<(&'static str, &'static str, &'static str, u32)> {
    POSITIONS_TSV
        .lines()
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(
                fields.len(),
                4,
                "positions.tsv: 4 tab-separated fields: {line:?}"
            );
            let depth = fields[3]
                .parse()
                .unwrap_or_else(|_| panic!("positions.tsv: bad perft depth in {line:?}"));
            (fields[0], fields[1], fields[2], depth)
        })
        .collect()
}
