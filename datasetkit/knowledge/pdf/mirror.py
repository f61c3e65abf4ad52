"""Right-to-left lines seen in a mirror, so that the rules written for left-to-right
text (a list item's hanging indent, a line that wrapped because its next word did not
fit, how deep a marker is indented) hold for Hebrew and Arabic as they are.

A right-to-left line starts at the right margin and wraps at the left one. Mirrored
(each x made -x, the words put back left to right), its start is on the left and its
wrapping edge on the right, as the rules expect; its text stays in reading order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from datasetkit.knowledge.pdf.bidi import has_rtl, is_rtl_line
from datasetkit.knowledge.pdf.geometry import Line


@dataclass
class MirroredLine(Line):
    """A line seen in a mirror; its text is the original line's, in reading order."""

    reading: str = ""

    @property
    def text(self) -> str:
        """The original line's text, in reading order."""
        return self.reading


def reads_rtl(lines: list[Line]) -> bool:
    """Whether the lines (a block's) read right to left."""
    first = lines[0]
    return has_rtl(" ".join(w.text for w in first.words)) and is_rtl_line(first.words)


def mirrored(line: Line) -> Line:
    """``line`` in a mirror at x = 0."""
    words = [replace(w, x0=-w.x1, x1=-w.x0) for w in reversed(line.words)]
    return MirroredLine(words, line.page, line.underlined, reading=line.text)


def mirrored_left(columns: list[tuple[float, float]], line: Line) -> float:
    """Where a right-to-left line's column wraps (its left edge), in the mirror: the
    left edge of the body column whose right edge is nearest the line's."""
    if not columns:
        return -line.x0
    return -min(columns, key=lambda c: abs(c[1] - line.x1))[0]
