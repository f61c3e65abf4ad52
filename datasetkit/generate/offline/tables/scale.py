"""The scale a table's figures are printed in, from wherever the table states it: its
first header ("In millions of CHF"), a column's unit ("Amount (In millions)"), a cell of
its own in the column ("(In millions)" over the figures), or a title or note line printed
above the table ("(In millions, except per share amounts)", "$ in thousands"). A figure is
answered with it ("$20,081 (in millions)"); the rows the note excepts (per share amounts,
percentages, ratios) are not scaled.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from datasetkit.knowledge.model import Section

# A note that states a scale: "In millions", "($ in thousands)", "USD millions", "in
# billions of euros", "(000s)".
_SCALE = re.compile(
    r"(?i)(?:\bin\s+|[$€£¥]\s*|\b(?:USD|EUR|GBP|CHF|JPY|CAD|AUD)\s+)"
    r"(?P<scale>thousands|millions|billions)\b"
)
# A cell that is only such a note: "(In millions)", "$ in millions".
SCALE_CELL = re.compile(
    r"(?i)^\(?\s*(?:[$€£¥]\s*)?(?:in\s+)?(?:thousands|millions|billions)"
    r"(?:\s+of\s+[\w$€£¥]+)?\s*\)?$"
)
# Rows a scale note leaves as they are: per share amounts, percentages, ratios.
_UNSCALED_ROW = re.compile(r"(?i)\b(?:per share|eps|margin|rate|ratio|percent(?:age)?)\b|%")
_NOTE_WORDS = 16


def scale_in(text: str) -> str | None:
    """ "in millions" when ``text`` states the figures' scale, else None."""
    m = _SCALE.search(text)
    return f"in {m.group('scale').lower()}" if m else None


def notes_above(sections: Sequence[Section], rows: Sequence[Section]) -> str | None:
    """The scale a title or note line right above the table states (up to three short
    lines, none of them a sentence of the text)."""
    if not rows:
        return None
    ids = [id(s) for s in sections]
    try:
        at = ids.index(id(rows[0]))
    except ValueError:
        return None
    for back in range(1, 4):
        if at - back < 0 or sections[at - back].record:
            return None
        text = sections[at - back].text.strip()
        if len(text.split()) > _NOTE_WORDS:
            return None
        found = scale_in(text)
        if found:
            return found
    return None


def column_scale(unit: str | None, values: Sequence[str]) -> str | None:
    """The scale a column's own unit (``unit``, as its header glosses it) or a note cell
    among its ``values`` states."""
    if unit and (found := scale_in(unit if unit.lower().startswith("in") else f"in {unit}")):
        return found
    notes = [v for v in values if SCALE_CELL.match(v)]
    return scale_in(notes[0]) if notes else None


def unscaled_row(label: str) -> bool:
    """True for a row a scale note excepts (a per share amount, a rate, a percentage)."""
    return bool(_UNSCALED_ROW.search(label))
