"""A table's caption set next to it ("Table 3: Results on the test set", "TABLE IV",
"Tabelle 2. Kosten"), read as the table's title, never as a heading of the text.

A paper or a report sets the caption of a table on a line of its own, often bold or in
a larger type, right above the table or right under it, within its width. A line that
opens with the word for a table and its number, in English, German, French or Spanish,
and stands that close to a table on its page is the table's caption; so is the line of
title right under a caption that is only the label ("TABLE IV" over "RESULTS BY YEAR"),
between it and the table.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.pdf.structure import Block, plain_text
from datasetkit.knowledge.pdf.tables import Table

_LABEL = re.compile(
    r"(?i)^(?:table|tab\.|tabelle|tableau|tabla|cuadro)\s*"
    r"(?P<number>\d+(?:[.-]\d+)*|[ivxlc]+|[a-z]\.?\d+(?:\.\d+)?)\b(?P<rest>.*)$"
)
# A caption stands this many of its line heights or less from its table.
_NEAR = 3.0


def caption_label(text: str) -> bool:
    """Whether text opens with a table's label and number ("Table 3:", "TABLE IV")."""
    return _LABEL.match(text.strip()) is not None


def bare_label(text: str) -> bool:
    """Whether text is only a table's label and number ("TABLE IV", "Table 3.")."""
    m = _LABEL.match(text.strip())
    return m is not None and not m.group("rest").strip(" .:")


def captions_table(b: Block, prev: Block | None, tables: list[Table]) -> bool:
    """Whether the block is a table's caption: it opens with a table's label and stands
    right above or right under a table of its page, within its width; or it is the title
    line under a bare label that does."""
    if not b.lines:
        return False
    text = plain_text(b)
    if caption_label(text):
        return _next_to_table(b, tables)
    if prev is None or not prev.lines or prev.page != b.page or not bare_label(plain_text(prev)):
        return False
    return _next_to_table(prev, tables) and _next_to_table(b, tables)


def _next_to_table(b: Block, tables: list[Table]) -> bool:
    top, bottom = b.lines[0].top, b.lines[-1].bottom
    x0, x1 = min(ln.x0 for ln in b.lines), max(ln.x1 for ln in b.lines)
    reach = _NEAR * max(ln.size for ln in b.lines)
    for t in tables:
        if t.page != b.page or x1 <= t.x0 or x0 >= t.x1:
            continue
        if -2 <= t.top - bottom <= 2 * reach or -2 <= top - t.bottom <= reach:
            return True
    return False
