"""A table's last row that holds figures under its figure columns and nothing under the
columns that name its rows: the sheet's totals (or another summary) set without a label.

Read as a row, it is a row with a blank name: the column of names then holds a blank,
no longer names every row, and a column of counts that happens to be unique is taken for
the rows' identifier instead ("Which row has a count of 405?"). It is left out of the
rows the questions are drawn from; nothing is asked of it, since its label is missing and
its figures need not be the sum of the rows shown (a list cut short keeps the whole
list's total).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from datasetkit.knowledge.model import Section

_FIGURE = re.compile(r"^[-+(]?[$€£¥]?\s?\d[\d.,\s']*%?\)?$")
_MIN_ROWS = 3  # rows above it: fewer say too little about which columns name the rows


def _figure(value: str) -> bool:
    return bool(_FIGURE.match(value.strip()))


def _naming_columns(rows: Sequence[Section], headers: Sequence[str]) -> list[str]:
    """The columns whose cells above are words (no figures): the ones that name rows."""
    out = []
    for h in headers:
        values = [(r.record or {}).get(h, "").strip() for r in rows]
        filled = [v for v in values if v]
        if filled and not any(_figure(v) for v in filled):
            out.append(h)
    return out


def unlabelled_last(rows: Sequence[Section]) -> bool:
    """Whether the last row is a row of figures without a label: every column whose
    cells above are words is blank in it, and it fills a column of figures."""
    if len(rows) <= _MIN_ROWS:
        return False
    headers: list[str] = []
    for r in rows:
        headers.extend(h for h in r.record or {} if h not in headers)
    body, last = rows[:-1], rows[-1].record or {}
    naming = _naming_columns(body, headers)
    if not naming or any(last.get(h, "").strip() for h in naming):
        return False
    filled = [h for h in headers if last.get(h, "").strip()]
    return bool(filled) and all(_figure(last[h]) for h in filled)


def labelled_rows(rows: list[Section]) -> list[Section]:
    """``rows`` without a last row of figures that no label names."""
    return rows[:-1] if unlabelled_last(rows) else rows
