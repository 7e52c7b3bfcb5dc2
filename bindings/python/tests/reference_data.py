"""The rule book's public reference perft lines, as the Python tests read
them: the repository's verbatim copies in tests/data/perft (the same files,
read the same way, as the Rust tests' loader, crates/testdata)."""

from pathlib import Path
from typing import List, NamedTuple, Optional

REPOSITORY = Path(__file__).resolve().parents[3]
PERFT_DATA = REPOSITORY / "tests" / "data" / "perft"


class PerftLine(NamedTuple):
    """One line: RULES<TAB>POSITION<TAB>DEPTH<TAB>COUNT; position None is startpos."""

    file: str
    number: int
    rules: str
    position: Optional[str]
    depth: int
    expected: int

    def __str__(self) -> str:
        return f"{self.file} line {self.number}"


def perft_lines(name: str) -> List[PerftLine]:
    """Every line of tests/data/perft/<name>; blank lines are skipped."""
    lines = []
    for number, text in enumerate((PERFT_DATA / name).read_text().splitlines(), start=1):
        if not text.strip():
            continue
        fields = text.split("\t")
        if len(fields) != 4:
            raise ValueError(f"{name} line {number}: expected 4 tab-separated fields, found {len(fields)}")
        rules, position, depth, count = fields
        lines.append(PerftLine(name, number, rules, None if position == "startpos" else position, int(depth), int(count)))
    return lines
