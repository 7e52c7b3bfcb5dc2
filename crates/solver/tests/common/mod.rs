//! Helpers shared by the solver's test binaries.

/// The bytes of tables a `SolveError::LimitReached` detail reports
/// ("..., 123 bytes of tables ...").
pub fn bytes_of_tables(detail: &str) -> u64 {
    let before = detail
        .split(" bytes of tables")
        .next()
        .expect("the detail names the bytes");
    before
        .rsplit(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no byte count in {detail}"))
}
