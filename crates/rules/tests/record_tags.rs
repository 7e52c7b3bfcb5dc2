//! Records with very many tags: the repeat check is linear, so a record near
//! the size limit (about 1.7 million tags fit in `MAX_RECORD_LEN`) is read
//! and its extra tags checked in time proportional to their number. Speed is
//! not asserted: they take under a second, and about a minute with the
//! quadratic check they replace.

use halma_rules::{
    check_tags, read_record, write_record, Game, Preset, RecordError, Rules, TagError,
};

/// Extra tags `T0`, `T1`, ... with distinct values.
fn many_tags(count: usize) -> Vec<(String, String)> {
    (0..count)
        .map(|i| (format!("T{i}"), format!("value {i}")))
        .collect()
}

#[test]
fn a_record_with_two_hundred_thousand_tags_reads_back() {
    let tags = many_tags(200_000);
    let borrowed: Vec<(&str, &str)> = tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    check_tags(&borrowed).unwrap();
    let game = Game::new(Rules::new(Preset::Halma));
    let text = write_record(&game, &borrowed).unwrap();
    let record = read_record(&text).unwrap();
    // Rules and Result come first, then the extra tags in order.
    let extra: Vec<(String, String)> = record
        .tags
        .into_iter()
        .filter(|(name, _)| name.starts_with('T') && name != "Termination")
        .collect();
    assert_eq!(extra, tags);
}

#[test]
fn a_repeated_tag_at_the_end_of_many_is_found_where_it_is() {
    let mut tags = many_tags(200_000);
    tags.push(("T123456".to_owned(), "again".to_owned()));
    let borrowed: Vec<(&str, &str)> = tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect();
    assert_eq!(
        check_tags(&borrowed),
        Err(TagError::Duplicate {
            index: 200_000,
            name: "T123456".to_owned()
        })
    );
    let mut text = String::from("[Rules \"halma\"]\n");
    for (name, value) in &tags {
        text.push_str(&format!("[{name} \"{value}\"]\n"));
    }
    match read_record(&text) {
        Err(RecordError::RepeatedTag { line, name }) => {
            assert_eq!((line, name.as_str()), (200_002, "T123456"));
        }
        other => panic!("expected a repeated tag, got {other:?}"),
    }
}
