"""A progress bar on stderr for runs that can take long: one line with rate and time left.

Drawn only on a terminal (never into a CI log or a pipe), only for a run that lasts more
than half a second, and redrawn at most twice a second from the update that falls due, so
an update costs a clock read. ``NO_COLOR`` drops the colours; ``TERM=dumb`` and
``DATASETKIT_NO_PROGRESS`` drop the bar. While it is shown, text written to ``sys.stderr``
or ``sys.stdout`` (warnings, logs) goes above it instead of through it.
"""

from __future__ import annotations

import math
import os
import sys
import threading
import time
from collections import deque
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from datasetkit.terminal.draw import Look

# A run shorter than this shows no bar at all (no flash on small files).
SHOW_AFTER = 0.5
# Seconds between redraws: twice a second keeps the rate and time left current.
REFRESH = 0.5
# The rate is measured over the last this many seconds, so it follows a run that speeds up
# or slows down (a file of short rows, then long ones) instead of averaging from the start.
RATE_WINDOW = 10.0


def wanted(stream: IO[str] | None = None) -> bool:
    """True when a bar may be drawn: a terminal, not TERM=dumb, not DATASETKIT_NO_PROGRESS."""
    stream = stream or sys.stderr
    if os.environ.get("DATASETKIT_NO_PROGRESS") or os.environ.get("TERM") == "dumb":
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


class Bar:
    """``with Bar("validating", total, unit="bytes") as bar: bar.update(done)``.

    ``unit`` is "bytes" (sizes and transfer speed) or a noun counted ("files", "cases").
    A disabled bar (not a terminal, -q) does nothing.
    """

    def __init__(
        self,
        label: str,
        total: int | None,
        *,
        unit: str = "files",
        enabled: bool = True,
        stream: IO[str] | None = None,
    ) -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.stream = stream or sys.stderr
        self.enabled = enabled and wanted(self.stream)
        self.started = time.monotonic()
        self.done = 0
        # The first moment a redraw is due; before SHOW_AFTER nothing is drawn at all.
        self._due = self.started + SHOW_AFTER
        self._samples: deque[tuple[float, int]] = deque([(self.started, 0)])
        self._look: Look | None = None
        self._on_line = False  # the bar is on the cursor's line (not erased by other text)
        self._lock = threading.Lock()
        self._above: list[tuple[str, _Above]] = []

    def __enter__(self) -> Bar:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def update(self, done: int, total: int | None = None, label: str | None = None) -> None:
        """Set how far the run is (and the total or label, when they change).

        The bar only moves forward: a run that starts over (a conversion that hands its
        file to another path) waits at the point reached until it passes it, so the
        percentage, the rate and the time left never go back."""
        if not self.enabled:
            return
        if done > self.done:
            self.done = done
        if total is not None:
            self.total = max(total, self.done)
        if label is not None:
            self.label = label
        if time.monotonic() >= self._due:
            self.draw()

    def advance(self, n: int = 1) -> None:
        self.update(self.done + n)

    def draw(self) -> None:
        """Draw the bar now (updates do this when a redraw falls due)."""
        if not self.enabled:
            return
        with self._lock:
            now = time.monotonic()
            self._due = now + REFRESH
            if self._look is None:
                self._show()
            self._write(self._line(now))
            self._on_line = True

    def _show(self) -> None:
        from datasetkit.terminal.draw import Look

        self._look = Look(self.stream)
        for name in ("stderr", "stdout"):
            current = getattr(sys, name)
            if current is self.stream or (name == "stdout" and wanted(current)):
                proxy = _Above(self, current)
                self._above.append((name, proxy))
                setattr(sys, name, proxy)

    def _line(self, now: float) -> str:
        samples = self._samples
        samples.append((now, self.done))
        while len(samples) > 2 and now - samples[1][0] >= RATE_WINDOW:
            samples.popleft()
        then, was = samples[0]
        per_second = (self.done - was) / (now - then) if now - then > 0.2 else None
        assert self._look is not None
        line = self._look.line(self.label, self.done, self.total, self.unit, per_second or None)
        return "\r" + line + "\x1b[K"

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False  # a closed or broken terminal: the run goes on without a bar

    def clear(self) -> None:
        """Take the bar off the line (before other text is written there)."""
        if self._on_line:
            self._write("\r\x1b[K")
            self._on_line = False

    def close(self) -> None:
        """Remove the bar (it is transient: the final report says what was done)."""
        with self._lock:
            for name, proxy in reversed(self._above):
                if getattr(sys, name) is proxy:
                    setattr(sys, name, proxy.inner)
            self._above.clear()
            self.clear()
            self._look = None
            self.enabled = False


class _Above:
    """Stands in for sys.stderr/sys.stdout while a bar is shown: text goes above the bar."""

    def __init__(self, bar: Bar, inner: IO[str]) -> None:
        self.bar = bar
        self.inner = inner

    def write(self, text: str) -> int:
        if text:
            with self.bar._lock:
                self.bar.clear()
                written = self.inner.write(text)
                self.inner.flush()
                # Back at the next update once the text's line is complete; a partial line
                # keeps the cursor, so the bar waits rather than overwrite it.
                self.bar._due = 0.0 if text.endswith("\n") else math.inf
            return written
        return 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)
