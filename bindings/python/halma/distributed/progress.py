"""Progress on standard error: a tqdm bar when tqdm is installed (it is in
the `distributed` extra), else a plain line at most every few seconds."""

import sys
import time
from typing import Any, Optional


def _duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    if minutes:
        return f"{minutes}m{seconds:02d}s"
    return f"{seconds}s"


class Progress:
    """Counts finished units (subtrees, games) and reports them with a
    rate and the time left (estimated from the units still to do)."""

    def __init__(self, total: int, done: int, unit: str, enabled: bool = True, interval: float = 2.0) -> None:
        self.total = total
        self.done = done
        self.unit = unit
        self.enabled = enabled
        self.interval = interval
        self._started = time.monotonic()
        self._first = done
        self._last = 0.0
        self._bar: Optional[Any] = None
        if enabled:
            try:
                from tqdm import tqdm

                self._bar = tqdm(total=total, initial=done, unit=unit, file=sys.stderr, dynamic_ncols=True, mininterval=0.5)
            except ImportError:
                self._bar = None

    def advance(self, note: str = "") -> None:
        """One more unit is done; `note` is shown with it (leaves/s, the score)."""
        self.done += 1
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.update(1)
            if note:
                self._bar.set_postfix_str(note, refresh=False)
            return
        now = time.monotonic()
        if now - self._last < self.interval and self.done < self.total:
            return
        self._last = now
        elapsed = now - self._started
        fresh = self.done - self._first
        left = (self.total - self.done) * elapsed / fresh if fresh else 0.0
        extra = f", {note}" if note else ""
        print(f"{self.done}/{self.total} {self.unit}{extra}, {_duration(left)} left", file=sys.stderr, flush=True)

    def close(self) -> None:
        """Ends the bar."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
