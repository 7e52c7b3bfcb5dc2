//! Hostile text through the rules crate (issue 44): every error message
//! quotes what it repeats on one bounded line with control characters
//! escaped, the record writer never writes a record its reader refuses, and
//! a record saved with a byte order mark reads.

use halma_rules::{
    read_record, write_record, write_record_ended, Game, RecordError, Rules, TagError, Termination,
    MAX_RECORD_LEN,
};

/// The most bytes an error line may take (issue 44's acceptance).
const MAX_MESSAGE_BYTES: usize = 1000;

/// Checks that `message` is one printable line of at most `MAX_MESSAGE_BYTES`.
fn assert_printable(message: &str) {
    assert!(
        message.len() <= MAX_MESSAGE_BYTES,
        "{} bytes: {message:.200}",
        message.len()
    );
    assert!(!message.chars().any(char::is_control), "{message:?}");
}

/// Input that tries to clear a terminal, forge a line, hide from `printf`
/// and be long.
fn nasty() -> Vec<String> {
    vec![
        "halma\u{1b}[2J".to_owned(),
        "halma\nerror: fake second line".to_owned(),
        "a\0b".to_owned(),
        "\u{9b}31m\u{202e}\u{200b}".to_owned(),
        "a".repeat(600_000),
        format!("{}\u{1b}", "é".repeat(100_000)),
    ]
}

#[test]
fn rules_position_and_move_errors_quote_their_input() {
    let rules: Rules = "halma".parse().unwrap();
    let game = Game::new(rules.clone());
    for text in nasty() {
        let rules_error = text.parse::<Rules>().unwrap_err().to_string();
        assert_printable(&rules_error);
        let option = format!("halma,{}", &text[..text.len().min(100)]);
        assert_printable(&option.parse::<Rules>().unwrap_err().to_string());
        let position = rules.parse_position(&text).unwrap_err().to_string();
        assert_printable(&position);
        let side = format!("16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/16 {text}");
        assert_printable(&rules.parse_position(&side).unwrap_err().to_string());
        let mv = rules
            .parse_move(game.position(), &text)
            .unwrap_err()
            .to_string();
        assert_printable(&mv);
        let square = format!("{}-a1", &text[..text.len().min(200)]);
        assert_printable(
            &rules
                .parse_move(game.position(), &square)
                .unwrap_err()
                .to_string(),
        );
    }
    // Escaped, not dropped: the message still says what was wrong.
    let error = "halma\u{1b}[2J".parse::<Rules>().unwrap_err().to_string();
    assert!(error.contains("`halma\\x1b[2J`"), "{error}");
    let error = "halma,\0".parse::<Rules>().unwrap_err().to_string();
    assert!(error.contains("`\\x00`"), "{error}");
}

#[test]
fn record_errors_quote_the_record_text() {
    for text in nasty() {
        let records = [
            format!("[Rules \"halma8\"]\n\n1. {text}\n"),
            format!("[Rules \"halma8\"]\n[{text}\n\n"),
            format!("[Rules \"{text}\"]\n\n"),
            format!("[Rules \"halma8\"]\n[Result \"{text}\"]\n\n"),
            format!("[Rules \"halma8\"]\n[Termination \"{text}\"]\n\n"),
            format!("[Rules \"halma8\"]\n[Termination \"forfeit\"]\n[Loser \"{text}\"]\n\n"),
        ];
        for record in records {
            let error = read_record(&record).unwrap_err();
            assert_printable(&error.to_string());
        }
    }
    // The 600 KB move of the issue: named by its place and quoted in short.
    let record = format!("[Rules \"halma8\"]\n\n1. {}\n", "a".repeat(600_000));
    let error = halma_rules::ErrorChain(&read_record(&record).unwrap_err()).to_string();
    assert!(
        error.starts_with(&format!("move 1 `{}...` (line 3): ", "a".repeat(40))),
        "{error:.200}"
    );
}

#[test]
fn the_writer_refuses_what_the_reader_refuses_for_its_size() {
    // Issue 44, item 2: a 17 MiB tag was written, and the reader refused it.
    let mut game = Game::new("halma8".parse().unwrap());
    game.play_str("a5-a4").unwrap();
    let huge = "x".repeat(17 << 20);
    assert!(matches!(
        write_record(&game, &[("Event", &huge)]),
        Err(TagError::TooLarge { .. })
    ));
    let error = write_record(&game, &[("Event", &huge)]).unwrap_err();
    assert_printable(&error.to_string());
    // A forfeit's reason is a tag too.
    let forfeit = Termination::Forfeit {
        loser: game.to_move(),
        reason: huge.clone(),
    };
    assert!(matches!(
        write_record_ended(&game, &forfeit, &[]),
        Err(TagError::TooLarge { .. })
    ));
    // At the bound exactly, the record is written and reads back; a byte
    // more is refused.
    let empty = write_record(&game, &[("Event", "")]).unwrap();
    let room = MAX_RECORD_LEN - empty.len();
    let value = "v".repeat(room);
    let full = write_record(&game, &[("Event", &value)]).unwrap();
    assert_eq!(full.len(), MAX_RECORD_LEN);
    let record = read_record(&full).unwrap();
    assert_eq!(record.game, game);
    assert_eq!(record.tags.last().unwrap().1.len(), room);
    let over = "v".repeat(room + 1);
    assert_eq!(
        write_record(&game, &[("Event", &over)]),
        Err(TagError::TooLarge {
            len: MAX_RECORD_LEN + 1
        })
    );
    assert!(matches!(
        read_record(&format!("{full} ")),
        Err(RecordError::TooLarge { .. })
    ));
}

#[test]
fn a_byte_order_mark_before_a_record_is_skipped() {
    // Issue 44 (minor): such a record was refused as having no [Rules] tag.
    let mut game = Game::new("halma8".parse().unwrap());
    game.play_str("a5-a4").unwrap();
    let text = write_record(&game, &[]).unwrap();
    let record = read_record(&format!("\u{feff}{text}")).unwrap();
    assert_eq!(record.game, game);
    // Only at the very start: elsewhere it is text like any other.
    let inside = text.replacen("1. a5-a4", "1. \u{feff}a5-a4", 1);
    let error = read_record(&inside).unwrap_err().to_string();
    assert!(error.contains("\\u{feff}"), "{error}");
}
