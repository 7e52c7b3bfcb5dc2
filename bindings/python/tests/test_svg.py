"""halma.svg: the SVG text, and its rendering checked pixel by pixel (CairoSVG)."""

import io
import unittest
import xml.etree.ElementTree as ElementTree
from typing import Any, Tuple

import halma
import halma.svg
from support import optional_module

SVG = "{http://www.w3.org/2000/svg}"


def rgb(colour: str) -> Tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class SvgTextTest(unittest.TestCase):
    def test_one_disc_per_piece_in_its_seat_colour(self) -> None:
        game = halma.Game("halma4")
        root = ElementTree.fromstring(halma.svg.board(game))
        self.assertEqual(root.get("width"), "400")
        discs = root.findall(f"{SVG}circle")
        self.assertEqual(len(discs), 4 * 13)
        for seat, colour in enumerate(halma.svg.SEAT_COLOURS):
            self.assertEqual(sum(1 for d in discs if d.get("fill") == colour), 13, seat)
        texts = [t.text for t in root.findall(f"{SVG}text")]
        self.assertIn("a", texts)
        self.assertIn("16", texts)

    def test_repr_svg_marks_the_last_move(self) -> None:
        game = halma.Game("halma8")
        self.assertNotIn(halma.svg.LASTMOVE, game._repr_svg_())
        game.play("a5-a4")
        root = ElementTree.fromstring(game._repr_svg_())
        marked = [r for r in root.findall(f"{SVG}rect") if r.get("fill") == halma.svg.LASTMOVE]
        self.assertEqual(len(marked), 2)

    def test_arrows_and_arguments(self) -> None:
        game = halma.Game("halma8")
        move = game.legal_moves()[0]
        picture = halma.svg.board(game, arrows=[move, ("h4", "g4"), (1, 2)], size=200, coordinates=False)
        root = ElementTree.fromstring(picture)
        self.assertEqual(len(root.findall(f"{SVG}line")), 3)
        self.assertEqual(root.findall(f"{SVG}text"), [])
        with self.assertRaisesRegex(ValueError, "size 10 is out of range"):
            halma.svg.board(game, size=10)
        with self.assertRaises(TypeError):
            halma.svg.board(game, arrows=["a5"])  # type: ignore[list-item]
        with self.assertRaises(TypeError):
            halma.svg.board("halma8")  # type: ignore[arg-type]
        with self.assertRaisesRegex(ValueError, "a pass has no squares"):
            halma.svg.board(game, arrows=[halma.Move.pass_()])


class SvgRenderingTest(unittest.TestCase):
    """Renders with CairoSVG and reads pixels back with Pillow (its dependency)."""

    cairosvg: Any = None
    image: Any = None

    @classmethod
    def setUpClass(cls) -> None:
        cls.cairosvg = optional_module("cairosvg")
        cls.image = optional_module("PIL.Image")

    def render(self, picture: str) -> Any:
        png = self.cairosvg.svg2png(bytestring=picture.encode())
        return self.image.open(io.BytesIO(png)).convert("RGB")

    def assertColour(self, pixels: Any, game: halma.Game, square: str, colour: str) -> None:
        x, y = halma.svg.pixel_centre(game, square)
        got = pixels.getpixel((x, y))
        want = rgb(colour)
        self.assertTrue(all(abs(a - b) <= 3 for a, b in zip(got, want)), f"{square} at {(x, y)}: {got}, not {want}")

    def test_pixels_at_a_few_squares(self) -> None:
        game = halma.Game("halma8")
        move = game.play("a5-a4")
        pixels = self.render(halma.svg.board(game, lastmove=move))
        self.assertEqual(pixels.size, (400, 400))
        self.assertColour(pixels, game, "a8", halma.svg.SEAT_COLOURS[halma.Seat.RED])
        self.assertColour(pixels, game, "h1", halma.svg.SEAT_COLOURS[halma.Seat.BLUE])
        self.assertColour(pixels, game, "a4", halma.svg.SEAT_COLOURS[halma.Seat.RED])
        # The emptied origin is marked; a plain square keeps its colour.
        self.assertColour(pixels, game, "a5", halma.svg.LASTMOVE)
        self.assertColour(pixels, game, "d4", halma.svg.LIGHT if (4 + 3) % 2 == 0 else halma.svg.DARK)
        self.assertColour(pixels, game, "d5", halma.svg.LIGHT if (3 + 3) % 2 == 0 else halma.svg.DARK)
        # An empty square of Blue's home camp is tinted Blue.
        game.play("h4-h5")
        pixels = self.render(halma.svg.board(game))
        self.assertColour(pixels, game, "h4", halma.svg.CAMP_COLOURS[halma.Seat.BLUE])
        self.assertColour(pixels, game, "h5", halma.svg.SEAT_COLOURS[halma.Seat.BLUE])


if __name__ == "__main__":
    unittest.main()
