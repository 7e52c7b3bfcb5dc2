//! jump-continue on crowded boards, where the stops of a piece are hardest
//! to decide (positions found by a search for slow ones during review): the
//! bulk count, the listed moves, the legality contract and the written
//! paths agree, and every written path reads back to its move.

use halma_rules::{MoveKind, Rules};

const CROWDED: [(&str, &str); 4] = [
    ("halma4,jump-continue", "16/16/16/16/16/3b1y10/1yb1rb2rgb5/7b8/byygrbg2g6/1r5b1r6/bgyy1r1ggry5/3r1r10/y1bg1gr2g6/1y3b1g8/yygr1r1y1rg5/by5b8 b"),
    ("halma,long-jumps,jump-continue", "16/16/16/5r5b4/5b2b1br1br1/5b1b8/5b4rr1br1/9r1r4/4bbbrrr1rb1b1/13r2/5b3b1r4/9b6/5b4rrbr2/4r8r2/16/16 r"),
    ("halma,jump-continue", "16/16/16/16/16/16/16/7b8/2brb1bb1r6/3r1r1b1b6/2br1b1r1rr5/5b1r8/2rrrbrb1b6/9r6/3b1brrrbr5/2bb1b3r6 b"),
    ("super-halma,jump-continue", "r1rr6/1r3r4/1rrr3rb1/1b8/rrrr1bb1b1/r2r1b3r/r1bbr2b1b/1b5b1b/rb3b1bbb/1b8 r"),
];

#[test]
fn crowded_jump_graphs_agree_everywhere() {
    for (rules_text, position_text) in CROWDED {
        let rules: Rules = rules_text.parse().unwrap();
        let position = rules.parse_position(position_text).unwrap();
        let moves = rules.legal_moves(&position);
        assert_eq!(
            rules.perft(&position, 1).unwrap(),
            moves.len() as u64,
            "{rules_text}"
        );
        // The option only removes jump destinations.
        let plain: Rules = rules_text
            .trim_end_matches(",jump-continue")
            .parse()
            .unwrap();
        let without = plain.legal_moves(&position);
        assert!(moves.iter().all(|mv| without.contains(mv)), "{rules_text}");
        assert!(
            moves.len() < without.len(),
            "{rules_text}: the option changes nothing here"
        );
        for &mv in moves.iter() {
            assert_eq!(rules.check_move(&position, mv), Ok(()));
            let text = rules.move_to_string(&position, mv).expect("a legal move");
            assert_eq!(
                rules.parse_move(&position, &text),
                Ok(mv),
                "{rules_text} {text}"
            );
        }
        // Every jump the option removes is refused with its reason.
        for &mv in without.iter().filter(|mv| !moves.contains(mv)) {
            assert_eq!(mv.kind(), MoveKind::Jump);
            let why = rules.check_move(&position, mv).unwrap_err().to_string();
            assert!(why.contains("jump-continue"), "{rules_text} {mv:?}: {why}");
        }
    }
}
