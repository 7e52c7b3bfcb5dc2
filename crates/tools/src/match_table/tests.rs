use super::*;
use crate::arena::{play_game, ArenaConfig};
use crate::players::GreedyPlayer;
use halma_rules::{read_record, write_record_ended, Game, Rules};

fn record(game: &Game, termination: &Termination, a_seat: &str) -> String {
    let tags = [
        ("Game", "1"),
        ("A", "nodes=1"),
        ("B", "greedy"),
        ("A_seat", a_seat),
    ];
    write_record_ended(game, termination, &tags).unwrap()
}

fn greedy_game() -> Game {
    let config = ArenaConfig::new("halma8".parse().unwrap());
    let (mut red, mut blue) = (GreedyPlayer::new(1), GreedyPlayer::new(2));
    let (game, _) = play_game(&config, &[], &mut [&mut red, &mut blue], &mut |_, _| {});
    assert!(game.is_over(), "greedy players finish halma8");
    game
}

/// The pieces of `seat` on squares of its target camp, square by square.
fn home(game: &Game, seat: Seat) -> u32 {
    let camp = game.rules().target_camp(seat);
    camp.into_iter()
        .filter(|&sq| game.position().piece_at(sq) == Some(seat))
        .count() as u32
}

#[test]
fn a_game_won_on_the_board_from_either_seat() {
    let game = greedy_game();
    let GameResult::Won(winner) = game.result() else {
        unreachable!()
    };
    for a in [Seat::Red, Seat::Blue] {
        let text = record(&game, &Termination::Normal, a.name());
        let summary = summarize(&read_record(&text).unwrap()).unwrap();
        let plies = game.moves().len();
        assert_eq!(summary.plies, plies);
        assert_eq!(summary.a_won, winner == a);
        assert_eq!(summary.a_won_on_board, winner == a);
        assert_eq!(summary.b_forfeit, None);
        // Red moves first: it has the odd ply's extra move.
        let red_moves = plies.div_ceil(2);
        assert_eq!(
            summary.a_moves,
            if a == Seat::Red {
                red_moves
            } else {
                plies - red_moves
            }
        );
        assert_eq!(summary.b_home, home(&game, a.opposite()));
    }
}

#[test]
fn a_forfeit_is_a_win_but_not_on_the_board() {
    let mut game = Game::new("halma".parse::<Rules>().unwrap());
    for mv in ["b14-d12", "o3-m5", "c15-e13-c11"] {
        game.play_str(mv).unwrap();
    }
    let forfeit = Termination::Forfeit {
        loser: Seat::Blue,
        reason: "no bestmove within 1500 ms".to_owned(),
    };
    let summary = summarize(&read_record(&record(&game, &forfeit, "Red")).unwrap()).unwrap();
    assert!(summary.a_won && !summary.a_won_on_board);
    assert_eq!(
        summary.b_forfeit.as_deref(),
        Some("no bestmove within 1500 ms")
    );
    assert_eq!((summary.a_moves, summary.plies, summary.b_home), (2, 3, 0));
    // The same forfeit seen from Blue's side: a loss, and no forfeit of B's.
    let summary = summarize(&read_record(&record(&game, &forfeit, "Blue")).unwrap()).unwrap();
    assert!(!summary.a_won && summary.b_forfeit.is_none());
    assert_eq!(summary.a_moves, 1);
}

#[test]
fn records_split_where_each_begins() {
    let game = greedy_game();
    let one = record(&game, &Termination::Normal, "Red");
    let two = record(
        &Game::new(game.rules().clone()),
        &Termination::Normal,
        "Blue",
    );
    let file = format!("{one}\n{two}\n");
    let records = split_records(&file);
    assert_eq!(records.len(), 2);
    assert_eq!(read_record(records[0]).unwrap().game.moves(), game.moves());
    assert!(read_record(records[1]).unwrap().game.moves().is_empty());
    assert!(split_records("\n \n").is_empty());
    assert_eq!(split_records("junk\n"), ["junk\n"]);
}

#[test]
fn records_not_of_a_match_are_refused() {
    let game = Game::new("halma".parse::<Rules>().unwrap());
    let plain = write_record_ended(&game, &Termination::Normal, &[]).unwrap();
    assert_eq!(
        summarize(&read_record(&plain).unwrap()),
        Err(SummaryError::NoSeat)
    );
    let green = record(&game, &Termination::Normal, "Green");
    assert_eq!(
        summarize(&read_record(&green).unwrap()),
        Err(SummaryError::BadSeat("Green".to_owned()))
    );
    let four = Game::new("halma4".parse::<Rules>().unwrap());
    let text = record(&four, &Termination::Normal, "Red");
    assert!(matches!(
        summarize(&read_record(&text).unwrap()),
        Err(SummaryError::NotTwoSeats(_))
    ));
}

#[test]
fn a_row_gives_means_and_ranges() {
    let game = |a_won_on_board, b_forfeit: Option<&str>, b_home, a_moves, plies| GameSummary {
        a_won: a_won_on_board || b_forfeit.is_some(),
        a_won_on_board,
        b_forfeit: b_forfeit.map(str::to_owned),
        b_home,
        a_moves,
        plies,
    };
    let games = [
        game(true, None, 12, 70, 139),
        game(true, None, 9, 74, 147),
        game(false, Some("crashed"), 0, 10, 20),
        game(false, None, 19, 80, 160),
    ];
    let row = Row {
        name: "x",
        games: &games,
    };
    assert_eq!(
        row.to_string(),
        "| x | 4 | 3 | 1 | 10.0 (0-19) | 72.0 | 116.5 |"
    );
    let none = Row {
        name: "y",
        games: &[],
    };
    assert_eq!(none.to_string(), "| y | 0 | 0 | 0 | - | - | - |");
    assert_eq!(HEADER.lines().count(), 2);
}
