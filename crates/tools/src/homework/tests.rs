use super::*;
use halma_rules::Game;

fn halma() -> Rules {
    "halma".parse().unwrap()
}

/// The start position as the homework's own sample `input.txt` draws it.
const START_ROWS: [&str; 16] = [
    "BBBBB...........",
    "BBBBB...........",
    "BBBB............",
    "BBB.............",
    "BB..............",
    "................",
    "................",
    "................",
    "................",
    "................",
    "................",
    "..............WW",
    ".............WWW",
    "............WWWW",
    "...........WWWWW",
    "...........WWWWW",
];

#[test]
fn the_start_position_is_drawn_as_the_homework_draws_it() {
    let rules = halma();
    let text = input_text(&rules, &rules.start_position(), Mode::Game, 300.0).unwrap();
    let mut expected = String::from("GAME\nBLACK\n300.0\n");
    for row in START_ROWS {
        expected.push_str(row);
        expected.push('\n');
    }
    assert_eq!(text, expected);
}

#[test]
fn white_is_blue_and_moves_second() {
    let rules = halma();
    let mut game = Game::new(rules.clone());
    game.play_str("b14-d12").unwrap();
    let text = input_text(&rules, game.position(), Mode::Single, 12.5).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(&lines[..3], ["SINGLE", "WHITE", "12.5"]);
    // b14 is column 1 of row 2 from the top; d12 column 3 of row 4.
    assert_eq!(&lines[3 + 2][..5], "B.BB.");
    assert_eq!(&lines[3 + 4][..5], "BB.B.");
}

#[test]
fn moves_read_from_both_corners() {
    let rules = halma();
    let mut game = Game::new(rules.clone());
    // Black's jump from column 1, row 2 over column 2, row 3 to column 3, row 4.
    let black = read_output(&rules, game.position(), "J 1,2 3,4\n").unwrap();
    assert_eq!(game.move_to_string(black).unwrap(), "b14-d12");
    game.play(black).unwrap();
    let white = read_output(&rules, game.position(), "J 14,13 12,11").unwrap();
    assert_eq!(game.move_to_string(white).unwrap(), "o3-m5");
    game.play(white).unwrap();
    let step = read_output(&rules, game.position(), "  E 4,1 5,2 \n\n").unwrap();
    assert_eq!(game.move_to_string(step).unwrap(), "e15-f14");
}

#[test]
fn a_chain_of_jumps_is_one_move() {
    let rules = halma();
    let mut game = Game::new(rules.clone());
    for mv in ["b14-d12", "o3-m5"] {
        game.play_str(mv).unwrap();
    }
    // c15 over d14 to e13, then over d12 to c11.
    let chain = "J 2,1 4,3\nJ 4,3 2,5\n";
    let mv = read_output(&rules, game.position(), chain).unwrap();
    assert_eq!(game.move_to_string(mv).unwrap(), "c15-e13-c11");
    assert_eq!(output_text(&rules, game.position(), mv).unwrap(), chain);
}

#[test]
fn every_legal_move_round_trips_through_the_file() {
    let rules = halma();
    let mut game = Game::new(rules.clone());
    for _ in 0..40 {
        let moves = game.legal_moves();
        for &mv in moves.iter() {
            let text = output_text(&rules, game.position(), mv).unwrap();
            assert_eq!(
                read_output(&rules, game.position(), &text),
                Ok(mv),
                "{text}"
            );
        }
        // The move with the longest path keeps the game moving forward.
        let next = *moves
            .iter()
            .max_by_key(|&&mv| game.move_path(mv).map_or(0, |p| p.0.len()))
            .unwrap();
        game.play(next).unwrap();
    }
}

#[test]
fn bad_output_is_an_error_that_says_what() {
    let rules = halma();
    let start = rules.start_position();
    let read = |text: &str| read_output(&rules, &start, text);
    assert_eq!(read(""), Err(OutputError::Empty));
    assert_eq!(read("\n  \n"), Err(OutputError::Empty));
    assert!(matches!(
        read("hello"),
        Err(OutputError::BadLine { line: 1, .. })
    ));
    assert!(matches!(
        read("E 1,2 3,16"),
        Err(OutputError::BadLine { .. })
    ));
    assert!(matches!(read("E 1,2 3"), Err(OutputError::BadLine { .. })));
    assert!(matches!(
        read("E 1,2 +3,4"),
        Err(OutputError::BadLine { .. })
    ));
    assert!(matches!(
        read("J 1,2 3,4 5,6"),
        Err(OutputError::BadLine { .. })
    ));
    assert_eq!(
        read("E 4,1 5,2\nE 5,2 6,3"),
        Err(OutputError::StepNotAlone { line: 2 })
    );
    assert_eq!(
        read("J 1,2 3,4\nJ 5,5 7,7"),
        Err(OutputError::Broken {
            line: 2,
            x: 5,
            y: 5
        })
    );
    // Onto an occupied square; a piece of the other side; a step too far.
    for text in ["E 0,0 1,0", "J 14,13 12,11", "E 4,1 6,1"] {
        let error = read(text).unwrap_err();
        assert!(
            matches!(error, OutputError::Illegal { .. }),
            "{text}: {error}"
        );
    }
}

#[test]
fn other_boards_and_bad_times_are_refused() {
    let halma8: Rules = "halma8".parse().unwrap();
    let halma4: Rules = "halma4".parse().unwrap();
    for rules in [halma8, halma4] {
        let error = input_text(&rules, &rules.start_position(), Mode::Game, 1.0).unwrap_err();
        assert_eq!(error, InputError::Rules(rules.to_string()));
    }
    let rules = halma();
    for time in [-1.0, f64::NAN, f64::INFINITY] {
        assert!(input_text(&rules, &rules.start_position(), Mode::Game, time).is_err());
    }
}

#[test]
fn coordinates_and_squares_are_inverse() {
    for square in Square::all() {
        let (x, y) = coordinates_of(square);
        assert_eq!(square_of(x, y), Some(square));
    }
    assert_eq!(square_of(0, 0).unwrap().to_string(), "a16");
    assert_eq!(square_of(15, 15).unwrap().to_string(), "p1");
    assert_eq!(square_of(16, 0), None);
    assert_eq!(square_of(0, 16), None);
}
