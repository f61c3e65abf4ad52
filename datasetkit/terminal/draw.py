"""How a progress bar looks: one line of label, bar, percentage, counts, rate and time left.

Kept apart from :mod:`datasetkit.terminal.bar` (when to draw) so the look can be tested on its
own. Plain string work only: loading a terminal library for one line cost a 100,000-row
``convert`` 5% of its time (bench target 8), more than the bar may cost.
"""

from __future__ import annotations

import os
from typing import IO

# The widest the bar itself gets; the rest of the line keeps its text on narrow terminals.
BAR_WIDTH = 40
_BYTE_UNITS = ("bytes", "kB", "MB", "GB", "TB")

# The colours of a bar people know: pink done, grey to go, then percentage, counts,
# rate and time left each in their own colour.
_DONE, _TODO, _PERCENT, _COUNT, _RATE, _LEFT = "197", "237", "35", "32", "31", "36"


def colours() -> bool:
    """Colour unless NO_COLOR is set (no-color.org); the bar is only ever on a terminal."""
    return not os.environ.get("NO_COLOR")


def columns(stream: IO[str]) -> int:
    """The terminal's width (80 when it cannot be asked, as for a test's stream)."""
    try:
        size = os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, OSError, ValueError):
        size = 0
    # A terminal that does not know its size (a new pseudo-terminal, some CI consoles)
    # says 0: the bar then takes COLUMNS, else the classic 80.
    return size if size >= 20 else _env_columns()


def _env_columns() -> int:
    try:
        return max(20, int(os.environ.get("COLUMNS", "80")))
    except ValueError:
        return 80


def unicode_ok(stream: IO[str]) -> bool:
    """True when the stream can write the bar's line characters (not an ASCII locale)."""
    try:
        "━╸".encode(getattr(stream, "encoding", None) or "utf-8")
    except (LookupError, UnicodeEncodeError):
        return False
    return True


def sizes(done: int, total: int | None) -> str:
    """``2.1/4.2 MB``: both in the total's unit, one decimal (whole bytes below a kB)."""
    scale, suffix = _unit(total if total else done)
    places = 0 if scale == 1 else 1
    if total is None:
        return f"{done / scale:,.{places}f} {suffix}"
    return f"{done / scale:,.{places}f}/{total / scale:,.{places}f} {suffix}"


def _unit(size: int | float) -> tuple[int, str]:
    scale = 1
    for suffix in _BYTE_UNITS:
        if size < scale * 1000 or suffix == _BYTE_UNITS[-1]:
            return scale, suffix
        scale *= 1000
    return scale, _BYTE_UNITS[-1]  # pragma: no cover - the loop always returns


def rate(per_second: float | None, unit: str) -> str:
    """``12.3 MB/s`` for bytes, ``1.5 cases/s`` for counted things; ``?`` while unknown."""
    if per_second is None:
        return "?"
    if unit == "bytes":
        scale, suffix = _unit(per_second)
        places = 0 if scale == 1 else 1
        return f"{per_second / scale:.{places}f} {suffix}/s"
    return f"{per_second:.1f} {unit}/s"


def left(seconds: float | None) -> str:
    """Time left as ``h:mm:ss``; ``-:--:--`` while it cannot be told."""
    if seconds is None:
        return "-:--:--"
    whole = int(seconds + 0.5)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


class Look:
    """Renders the line for a stream (colour, line characters and width decided per stream)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.colour = colours()
        self.full, self.half, self.empty = (
            ("━", "╸", "━") if unicode_ok(stream) else ("#", "#", "-")
        )

    def line(
        self,
        label: str,
        done: int,
        total: int | None,
        unit: str,
        per_second: float | None,
    ) -> str:
        """The whole line, fitted to the terminal's width so it never wraps."""
        # Counts, rate and time left are padded to the widest they get, and the bar's
        # length reckoned from those widths, so the bar does not jitter between redraws.
        widest = _Widest(total, unit)
        count = sizes(done, total) if unit == "bytes" else _counted(done, total, unit)
        parts: list[tuple[str, str | None]] = [(label, None)]
        tail: list[tuple[str, str | None]] = [
            (count.rjust(len(widest.count)), _COUNT),
            (rate(per_second, unit).rjust(len(widest.rate)), _RATE),
        ]
        if total:
            share = min(1.0, max(0.0, done / total))
            eta = (total - done) / per_second if per_second else None
            tail.insert(0, (f"{int(share * 100):>3}%", _PERCENT))
            tail.append((left(eta).rjust(len(widest.left)), _LEFT))
        width = columns(self.stream) - 1  # the last column would wrap on some terminals
        room = width - len(label) - 1 - widest.tail(bool(total))
        if total and room >= 10:
            parts.append((self._bar(share, min(BAR_WIDTH, room)), ""))
        return self._join(parts + tail, width)

    def _bar(self, share: float, width: int) -> str:
        halves = int(share * width * 2)
        full, half = divmod(halves, 2)
        done = self.full * full + (self.half if half else "")
        todo = self.empty * (width - len(done))
        if not self.colour:
            return done + todo
        return f"\x1b[38;5;{_DONE}m{done}\x1b[38;5;{_TODO}m{todo}\x1b[0m"

    def _join(self, parts: list[tuple[str, str | None]], width: int) -> str:
        out: list[str] = []
        used = 0
        for text, colour in parts:
            plain = len(text) if colour != "" else _visible(text)
            if used + plain > width:
                break  # drop what does not fit rather than wrap onto a second line
            used += plain + 1
            out.append(f"\x1b[{colour}m{text}\x1b[0m" if colour and self.colour else text)
        if not out:
            return parts[0][0][:width]
        return " ".join(out)


class _Widest:
    """The widest each column after the label gets for a total and unit."""

    def __init__(self, total: int | None, unit: str) -> None:
        if unit == "bytes":
            self.count = sizes(total, total) if total else "999.9 MB"
            self.rate = "999 bytes/s"
        else:
            self.count = _counted(total or 0, total, unit)
            self.rate = f"999.9 {unit}/s"
        self.left = "0:00:00"

    def tail(self, with_total: bool) -> int:
        """Columns used by everything after the bar, with the spaces between them."""
        used = len(self.count) + 1 + len(self.rate) + 1
        return used + len("100%") + 1 + len(self.left) + 1 if with_total else used


def _counted(done: int, total: int | None, unit: str) -> str:
    return f"{done}/{total} {unit}" if total is not None else f"{done} {unit}"


def _visible(text: str) -> int:
    """The bar's width on screen: its length without the colour codes."""
    count, inside = 0, False
    for ch in text:
        if ch == "\x1b":
            inside = True
        elif inside:
            inside = ch != "m"
        else:
            count += 1
    return count
