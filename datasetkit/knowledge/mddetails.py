"""Collapsible sections of a Markdown page: HTML ``<details>`` with a ``<summary>``.

Documentation sites and READMEs fold a part of the page under a line the reader clicks
to open it (an FAQ's question, a topic's name, "Versions"). The page shows that line as
the title of what it folds: the summary is read as a heading one level under the
heading it sits under, a collapsible nested in another goes one level deeper, and
``</details>`` closes what it opened, so the text after it is under the heading before
it again. The lines a collapsible holds are often indented under its tags, as HTML is
written: they are read from the indentation of its first line, so they make no code
block. A summary that only says how to open the fold ("Click to expand", "Show
more") titles nothing: what it folds stays under the heading it is under.
"""

from __future__ import annotations

import re
from typing import Protocol

from datasetkit.knowledge.mdinline import strip_inline

_OPEN = re.compile(r"^\s{0,3}<details(?:\s[^<>]{0,300})?>(?P<rest>.*)$", re.IGNORECASE)
_CLOSE = re.compile(r"^\s{0,3}</details\s*>\s*$", re.IGNORECASE)
_SUMMARY_OPEN = re.compile(r"^\s*<summary(?:\s[^<>]{0,300})?>", re.IGNORECASE)
_SUMMARY = re.compile(
    r"^\s*<summary(?:\s[^<>]{0,300})?>(?P<title>.{0,1000}?)</summary\s*>\s*(?:<p\s*/?>\s*)?$",
    re.IGNORECASE | re.DOTALL,
)
# A summary split over lines ("<summary>", the title, "</summary>") closes within this many.
_SUMMARY_LINES = 5
# Words that say how to open or close the fold, in the languages the forms ask in.
_OPENER_WORDS = re.compile(
    r"(?i)^(?:click|tap|show|hide|see|view|expand|toggle|open|more|details|"
    r"mehr|anzeigen|ausklappen|einblenden|details anzeigen|"
    r"voir|afficher|plus|cliquez|détails|"
    r"ver|mostrar|más|haz clic|detalles)\b.{0,40}$"
)


class _Reader(Protocol):
    stack: list[tuple[int, str]]
    lines: list[str]
    labels: frozenset[str]
    i: int
    n: int

    def flush(self) -> bool: ...

    def heading(self, level: int, title: str, line: int, code: bool = False) -> bool: ...


class Folds:
    """The collapsible sections open at the line being read: for each, the level of
    the heading its summary made (0 when it made none)."""

    def __init__(self) -> None:
        self.open: list[int] = []
        self.indents: list[int | None] = []  # each one's first line's indentation

    def read(self, md: _Reader, line: str, no: int) -> bool | str:
        """Take ``line`` when it opens, titles or closes a collapsible section (False
        when reading must stop); any other line as the page shows it."""
        line = self._outdent(line) if self.open else line
        opened = _OPEN.match(line)
        if opened:
            ok = md.flush()
            self.open.append(0)
            self.indents.append(None)
            rest = opened.group("rest").strip()
            return ok and (not rest or self._summary(md, rest, no) is not False)
        if not self.open:
            return line
        if _CLOSE.match(line):
            ok = md.flush()
            level = self.open.pop()
            self.indents.pop()
            if level:
                md.stack = [h for h in md.stack if h[0] < level]
            return ok
        if _SUMMARY_OPEN.match(line):
            read = self._summary(md, line, no)
            if read is not None:
                return read
        return line

    def _outdent(self, line: str) -> str:
        if not line.strip():
            return line
        line = line.expandtabs(4)
        indent = len(line) - len(line.lstrip(" "))
        if self.indents[-1] is None:
            self.indents[-1] = indent
        return line[min(indent, self.indents[-1] or 0) :]

    def _summary(self, md: _Reader, line: str, no: int) -> bool | None:
        """A summary (on this line or over the next few): the heading of its fold."""
        text, k = line, md.i
        while "</summary" not in text.lower() and k < md.n and k - md.i < _SUMMARY_LINES:
            text += "\n" + md.lines[k]
            k += 1
        m = _SUMMARY.match(text)
        if m is None:
            return None
        md.i = k
        title = strip_inline(m.group("title"), md.labels)
        ok = md.flush()
        if not title or _OPENER_WORDS.match(title) or self.open[-1]:
            return ok
        level = min(9, (md.stack[-1][0] if md.stack else 1) + 1)
        self.open[-1] = level
        return ok and md.heading(level, title, no)
