"""Match scores: Elo with its 95% interval (as `halma match` prints them,
crates/tools/src/elo.rs) and the sequential probability ratio test."""

import math
from dataclasses import dataclass
from typing import List, Optional, Tuple


def elo_of(p: float) -> float:
    """The Elo difference of a score fraction (infinite at 0 and 1)."""
    if p <= 0.0:
        return -math.inf
    if p >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / p - 1.0)


def score_of(elo: float) -> float:
    """The expected score fraction of an Elo difference."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


@dataclass
class Score:
    """Wins, draws and losses of player A."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        """Games played."""
        return self.wins + self.draws + self.losses

    def fraction(self) -> float:
        """The score fraction, draws counting half (0.5 with no game)."""
        if self.games == 0:
            return 0.5
        return (self.wins + 0.5 * self.draws) / self.games

    def interval(self) -> Tuple[float, float]:
        """The 95% interval of the Elo difference: the Wilson score interval of the fraction."""
        n = float(self.games)
        if n == 0:
            return (-math.inf, math.inf)
        p = self.fraction()
        z = 1.96
        z2 = z * z
        centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
        low = 0.0 if p <= 0.0 else centre - half
        high = 1.0 if p >= 1.0 else centre + half
        return (elo_of(low), elo_of(high))

    def margin(self) -> float:
        """Half the interval when both ends are finite, else the distance to the finite end."""
        elo = elo_of(self.fraction())
        low, high = self.interval()
        if math.isfinite(low) and math.isfinite(high):
            return (high - low) / 2
        if math.isfinite(low):
            return min(elo, 1e9) - low
        if math.isfinite(high):
            return high - max(elo, -1e9)
        return math.inf

    def __str__(self) -> str:
        text = f"+{self.wins} ={self.draws} -{self.losses} ({100 * self.fraction():.1f}%), "
        elo = elo_of(self.fraction())
        low, high = self.interval()
        if elo == math.inf:
            return text + f"Elo +inf (95% interval: above {low:+.0f})"
        if elo == -math.inf:
            return text + f"Elo -inf (95% interval: below {high:+.0f})"
        return text + f"Elo {elo:+.0f} +/- {self.margin():.0f}"


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1.

    The log-likelihood ratio is the generalised SPRT's normal approximation
    (as fishtest's for game results): n (s1 - s0) (2 mean - s0 - s1) / (2 var),
    with s0, s1 the scores of elo0 and elo1 and mean, var those of the game
    scores (1, 1/2, 0) so far."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError(f"SPRT alpha {self.alpha} and beta {self.beta} must be between 0 and 1")
        if not self.elo0 < self.elo1:
            raise ValueError(f"SPRT elo0 {self.elo0} must be below elo1 {self.elo1}")

    def bounds(self) -> Tuple[float, float]:
        """The lower (accept H0) and upper (accept H1) bounds of the LLR."""
        return (math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha))

    def llr(self, scores: List[float]) -> float:
        """The log-likelihood ratio of the game scores (0 while they do not vary)."""
        n = len(scores)
        if n == 0:
            return 0.0
        mean = sum(scores) / n
        variance = sum((s - mean) ** 2 for s in scores) / n
        if variance <= 0:
            return 0.0
        s0, s1 = score_of(self.elo0), score_of(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def decision(self, scores: List[float]) -> Optional[str]:
        """`H0`, `H1`, or None while the test goes on."""
        low, high = self.bounds()
        value = self.llr(scores)
        if value >= high:
            return "H1"
        if value <= low:
            return "H0"
        return None
