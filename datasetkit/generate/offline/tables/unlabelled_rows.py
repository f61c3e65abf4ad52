"""A table's last row that holds figures under its figure columns and nothing under the
columns that name its rows: the sheet's totals (or another summary) set without a label.

Read as a row, it is a row with a blank name: the column of names then holds a blank,
no longer names every row, and a column of counts that happens to be unique is taken for
the rows' identifier instead ("Which row has a count of 405?"). It is left out of the
rows the questions are drawn from; nothing is asked of it, since its label is missing and
its figures need not be the sum of the rows shown. When they are not (a list cut short
keeps the whole list's total), the rows are only part of the list: nothing is asked
over all of them (the highest, the lowest, a count).
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


def _number(value: str) -> float | None:
    text = re.sub(r"[\s,'$€£¥%]", "", value.strip()).replace("(", "-").rstrip(")")
    try:
        return float(text)
    except ValueError:
        return None


def _sums(body: Sequence[Section], last: dict[str, str]) -> bool:
    """Whether each figure of ``last`` is the sum of its column above."""
    for h, value in last.items():
        total = _number(value) if value.strip() else 0.0
        cells = [(r.record or {}).get(h, "").strip() for r in body]
        above = [_number(v) for v in cells if v]
        if total is None or None in above:
            return False
        if abs(sum(a for a in above if a is not None) - total) > max(0.005 * abs(total), 0.01):
            return False
    return True


def labelled_rows(rows: list[Section]) -> tuple[list[Section], bool]:
    """``rows`` without a last row of figures that no label names, and whether that row
    shows them to be only part of a longer list (its figures are not their sums)."""
    if not unlabelled_last(rows):
        return rows, False
    last = {h: v for h, v in (rows[-1].record or {}).items() if v.strip()}
    return rows[:-1], not _sums(rows[:-1], last)
