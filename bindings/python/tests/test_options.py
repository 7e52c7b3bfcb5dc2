"""The rule options home-lock, forced-exit and jump-continue through the
package: rules strings, legal moves where a forced exit is due, refused
moves naming the rule, and perft on the lines of
tests/data/perft/reference_options.tsv (read by reference_data, as the
Rust conformance tests read it)."""

import unittest
from typing import List, Set

import halma
from halma import _library as ffi

from reference_data import PerftLine, perft_lines

# AbstractPlay's Halma, as its players write it, and the engine's canonical
# order of the options (RULES.md section 3).
ABSTRACT_PLAY = "halma,home-lock,camp-lock,forced-exit,spoil=fill"
ABSTRACT_PLAY_CANONICAL = "halma,camp-lock,spoil=fill,home-lock,forced-exit"

Line = PerftLine


def reference_lines() -> List[Line]:
    """Every line of reference_options.tsv."""
    lines = perft_lines("reference_options.tsv")
    assert len(lines) >= 18, len(lines)
    return lines


def without_forced_exit(rules: str) -> str:
    return ",".join(item for item in rules.split(",") if item != "forced-exit")


def forced_exit_lines() -> List[Line]:
    """The reference lines whose position has a forced exit due: the option
    removes moves there."""
    due = []
    for line in reference_lines():
        if "forced-exit" not in line.rules.split(","):
            continue
        with halma.Game(line.rules, line.position) as forced, halma.Game(without_forced_exit(line.rules), line.position) as free:
            if forced.legal_move_count() < free.legal_move_count():
                due.append(line)
    return due


class OptionsTest(unittest.TestCase):
    def test_rules_strings_with_the_new_options_read_and_print(self) -> None:
        rules = halma.Rules(ABSTRACT_PLAY)
        assert str(rules) == ABSTRACT_PLAY_CANONICAL
        assert halma.Rules(str(rules)) == rules
        assert rules == halma.Rules(ABSTRACT_PLAY_CANONICAL)
        for text in ["halma,jump-continue", "halma8,home-lock,forced-exit", "super-halma,forced-exit,jump-continue"]:
            with self.subTest(text=text):
                rules = halma.Rules(text)
                assert str(rules) == text
                assert halma.Game(rules).legal_move_count() > 0

    def test_a_misspelt_option_is_an_invalid_rules_error_naming_it(self) -> None:
        for bad in ["halma,forced-exits", "halma,home_lock", "halma,jump-continue,jump-continue"]:
            with self.subTest(bad=bad):
                with self.assertRaises(halma.InvalidRulesError) as caught:
                    halma.Rules(bad)
                assert caught.exception.code == ffi.INVALID_RULES
                assert bad.split(",")[1] in caught.exception.detail, caught.exception.detail

    def test_a_due_forced_exit_leaves_only_forced_jumps(self) -> None:
        lines = forced_exit_lines()
        assert lines, "no reference line has a forced exit due"
        for line in lines:
            with self.subTest(line=line.number), halma.Game(line.rules, line.position) as game:
                home = set(game.rules.home_camp(game.side_to_move))
                with halma.Game(without_forced_exit(line.rules), line.position) as free:
                    unforced = free.legal_moves()
                forced = game.legal_moves()
                assert forced and set(forced) < set(unforced)
                for move in forced:
                    # Every move begins with a jump out of a home-camp square.
                    assert move.kind == halma.MoveKind.JUMP, move
                    assert move.origin in home, move
                    path = game.path(move)
                    assert path[0] == move.origin and path[-1] == move.destination

    def test_a_move_the_forced_exit_refuses_raises_naming_the_rule(self) -> None:
        line = forced_exit_lines()[0]
        with halma.Game(line.rules, line.position) as game, halma.Game(without_forced_exit(line.rules), line.position) as free:
            before = game.position
            legal = set(game.legal_moves())
            refused = [move for move in free.legal_moves() if move not in legal]
            assert refused
            for move in refused:
                with self.assertRaises(halma.IllegalMoveError) as caught:
                    game.play(move)
                assert "forced exit is due" in caught.exception.detail, caught.exception.detail
            text = free.notation(refused[0])
            with self.assertRaises(halma.IllegalMoveError) as caught:
                game.play(text)
            assert "forced exit" in caught.exception.detail, caught.exception.detail
            assert game.position == before and game.history == []

    def test_a_move_text_jump_continue_refuses_raises_naming_the_rule(self) -> None:
        checked = 0
        for line in reference_lines():
            items = line.rules.split(",")
            if "jump-continue" not in items or "forced-exit" in items or "home-lock" in items:
                continue
            free_rules = ",".join(item for item in items if item != "jump-continue")
            with self.subTest(line=line.number), halma.Game(line.rules, line.position) as game, halma.Game(free_rules, line.position) as free:
                legal = set(game.legal_moves())
                for move in [move for move in free.legal_moves() if move not in legal]:
                    text = free.notation(move)
                    with self.assertRaises(halma.IllegalMoveError) as caught:
                        game.play(text)
                    assert "which jump-continue forbids" in caught.exception.detail, (text, caught.exception.detail)
                    checked += 1
                assert game.history == []
        assert checked > 0

    def test_perft_matches_the_reference_lines(self) -> None:
        seen: Set[str] = set()
        for line in reference_lines():
            if line.expected > 10_000:
                continue
            with self.subTest(line=line.number), halma.Game(line.rules, line.position) as game:
                assert game.perft(line.depth) == line.expected, (line, game.perft(line.depth))
                seen.update(option for option in ("home-lock", "forced-exit", "jump-continue") if option in line.rules)
        assert seen == {"home-lock", "forced-exit", "jump-continue"}, seen


if __name__ == "__main__":
    unittest.main()
