"""Game.board_array() and Game.planes() (numpy)."""

import unittest
from typing import Any

import halma
from support import optional_module

np: Any = None


def setUpModule() -> None:
    global np
    np = optional_module("numpy")


class BoardArrayTest(unittest.TestCase):
    def test_board_array_agrees_with_piece_at(self) -> None:
        for rules in ("halma8", "halma", "halma4"):
            with halma.Game(rules) as game:
                game.play(game.legal_moves()[-1])
                board = game.board_array()
                height, width = game.shape
                self.assertEqual(board.dtype, np.int8)
                self.assertEqual(board.shape, (height, width))
                for row in range(height):
                    for file in range(width):
                        seat = game.piece_at((height - 1 - row) * 16 + file)
                        self.assertEqual(board[row, file], -1 if seat is None else int(seat), (rules, row, file))

    def test_row_zero_is_north(self) -> None:
        board = halma.Game("halma8").board_array()
        self.assertEqual(board[0, 0], halma.Seat.RED)  # a8: Red's corner
        self.assertEqual(board[7, 7], halma.Seat.BLUE)  # h1
        self.assertEqual(board[4, 0], -1)  # a4


class PlanesTest(unittest.TestCase):
    def test_channels_for_the_side_to_move(self) -> None:
        game = halma.Game("halma8")
        planes = game.planes()
        self.assertEqual(planes.dtype, np.float32)
        self.assertEqual(planes.shape, (4, 8, 8))
        board = game.board_array()
        # Red to move: no turn; channel 0 Red's pieces, 1 Blue's.
        np.testing.assert_array_equal(planes[0], board == halma.Seat.RED)
        np.testing.assert_array_equal(planes[1], board == halma.Seat.BLUE)
        # Red's target camp is Blue's home: where Blue's pieces start.
        np.testing.assert_array_equal(planes[2], board == halma.Seat.BLUE)
        np.testing.assert_array_equal(planes[3], board == halma.Seat.RED)

    def test_the_view_turns_so_the_mover_starts_top_left(self) -> None:
        game = halma.Game("halma8")
        red_view = game.planes()
        game.play("a5-a4")
        blue_view = game.planes()
        board = game.board_array()
        # Blue to move: the board turned half a turn, Blue's pieces first.
        np.testing.assert_array_equal(blue_view[0], np.rot90(board == halma.Seat.BLUE, 2))
        np.testing.assert_array_equal(blue_view[1], np.rot90(board == halma.Seat.RED, 2))
        # At the start both seats see the same picture of themselves.
        np.testing.assert_array_equal(blue_view[0], red_view[0])
        np.testing.assert_array_equal(blue_view[2], red_view[2])

    def test_four_seats_turn_by_quarters(self) -> None:
        game = halma.Game("halma4")
        views = []
        for _ in range(4):
            views.append(game.planes())
            self.assertEqual(views[-1].shape, (8, 16, 16))
            game.play(game.legal_moves()[0])
        for seat, view in enumerate(views):
            # Every seat sees its own pieces in the top-left camp at first.
            self.assertEqual(view[0, 0, 0], 1.0, seat)
            self.assertEqual(view[0].sum(), 13, seat)

    def test_frame_squares_map_the_view_back(self) -> None:
        from halma import _arrays

        game = halma.Game("halma4")
        for _ in range(4):
            seat = int(game.side_to_move)
            frame = _arrays.frame_squares(game.rules_text, seat)
            planes = game.planes()
            for row in range(16):
                for col in range(16):
                    owner = game.piece_at(int(frame[row, col]))
                    self.assertEqual(planes[0, row, col] == 1.0, owner == seat)
            game.play(game.legal_moves()[0])


if __name__ == "__main__":
    unittest.main()
