"""Titles set inside a table's frame, on a row of their own across its width.

Forms and agreements draw their sections as framed boxes, each opening with a title
on a shaded band ("Buyer Information") over rows of labels and values. The title is
read off the table like a caption; here its own lines go back into the text, right
before the table, so that the heading rules judge it as any other line: set apart by
size or weight it is a heading, ranked with the document's other headings; in the
text's own type it stays a paragraph, as a caption does.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.pdf.geometry import Line
from datasetkit.knowledge.pdf.tablebox import Table


def _key(text: str) -> str:
    return "".join(text.split())


def title_lines(table: Table, lines: list[Line]) -> list[list[Line]]:
    """The page's lines that make up ``table``'s caption, to be read as blocks of their
    own, one per type style (a title over its date); the caption is then left off the
    table. None when the caption is not found whole."""
    if not table.caption:
        return []
    want = _key(table.caption)
    inside = sorted(
        (ln for ln in lines if ln.words and all(table.contains(w) for w in ln.words)),
        key=lambda ln: (ln.top, ln.x0),
    )
    got: list[Line] = []
    text = ""
    for line in inside:
        text += _key(line.text)
        if not want.startswith(text):
            return []
        got.append(line)
        if text == want:
            table.caption = None
            return _by_style(got)
    return []


# A line that only dates what is above it ("November - 2015", "Q3 2024").
_DATE_LINE = re.compile(r"^(?:\S+\s+){0,3}(?:19|20)\d\d\W*$")


def _by_style(lines: list[Line]) -> list[list[Line]]:
    """Lines grouped into blocks: a change of type, or a date line under a title,
    starts a new one."""
    out: list[list[Line]] = []
    for line in lines:
        last = out[-1][-1] if out else None
        dated = _DATE_LINE.match(line.text) is not None
        if last is not None and not dated and (last.size, last.bold) == (line.size, line.bold):
            out[-1].append(line)
        else:
            out.append([line])
    return out
