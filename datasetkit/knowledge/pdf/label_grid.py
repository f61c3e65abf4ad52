"""A two-column table with no header row: labels down the left, their values on the right
(a settings or properties grid). Its first row is a label and its value like the rows
below it, not the names of the columns, so the table is read as headerless.

The evidence is the first row's look beside the body's, never its words: a header row
is set apart (in bold across both cells, or over plain values), while a grid's first row
is set like the others. Either the label column is bold and the value column plain on
every row, the first too; or nothing is bold and the first row's right cell reads as a
value no column is named (an identifier, a number, an address).
"""

from __future__ import annotations

import re
from itertools import pairwise

from datasetkit.knowledge.pdf.extract import Word
from datasetkit.knowledge.pdf.tablebox import Table, baseline_rows
from datasetkit.knowledge.tableheader import label_column, value_like

# A year or a fiscal period heads a column of figures: a header, however value-like.
_PERIOD = re.compile(r"(?i)^(?:fy|q[1-4]|h[12])?\s?'?(?:19|20)?\d\d(?:\s?[-/–]\s?\d{2,4})?$")


def headerless(table: Table, words: list[Word]) -> bool:
    """Whether ``table`` is a grid of labels and values with no header row."""
    rows = table.rows
    if len(rows) < 2 or any(len(r) != 2 for r in rows):
        return False
    if not label_column([r[0] for r in rows]) or not any(r[1].strip() for r in rows[1:]):
        return False
    if 2 * sum(r[0].strip().endswith(":") for r in rows) > len(rows):
        return False  # a form's labels, each with its colon: the form readers pair them
    middle = _middle(table)
    if middle is None:
        return False
    inside = [w for line in baseline_rows([w for w in words if table.contains(w)]) for w in line]
    if table.caption:
        inside = inside[len(table.caption.split()) :]
    left = [w for w in inside if (w.x0 + w.x1) / 2 < middle]
    right = [w for w in inside if (w.x0 + w.x1) / 2 >= middle]
    first_left, body_left = _split(left, rows[0][0])
    first_right, body_right = _split(right, rows[0][1])
    if not (first_left and body_left and first_right and body_right):
        return False
    if any(w.bold for w in [*first_right, *body_right]):
        return False  # a value column set in bold anywhere: a header, or no grid
    if all(w.bold for w in [*first_left, *body_left]):
        return True  # bold labels beside plain values, the first row's too
    if any(w.bold for w in [*first_left, *body_left]):
        return False
    first = rows[0][1].strip()
    return value_like(first) and not _PERIOD.match(first)


# A wrapped label's next line sits closer to it than the next row does.
_WRAPPED = 0.85


def join_wrapped_labels(table: Table, words: list[Word]) -> None:
    """A label that wraps onto a line of its own (no value beside it) split off as a row:
    joined back to the label above when the line sits closer under it than rows do."""
    lines = baseline_rows([w for w in words if table.contains(w)])
    rows = table.rows
    if len(lines) != len(rows) or len(rows) < 3:
        return  # rows and lines do not pair one to one: nothing can be told apart
    pitches = sorted(b[0].top - a[0].top for a, b in pairwise(lines))
    usual = pitches[len(pitches) // 2]
    kept = [rows[0]]
    for i in range(1, len(rows)):
        close = lines[i][0].top - lines[i - 1][0].top < _WRAPPED * usual
        if close and not rows[i][1].strip() and kept[-1][1].strip():
            kept[-1] = [f"{kept[-1][0]} {rows[i][0]}".strip(), kept[-1][1]]
        else:
            kept.append(rows[i])
    table.rows = kept


def _middle(table: Table) -> float | None:
    """The x position between the label column and the value column."""
    if table.ruled and len(table.columns) == 3:
        return table.columns[1]
    if not table.ruled and len(table.spans) == 2:
        return (table.spans[0][1] + table.spans[1][0]) / 2
    return None


def _split(column: list[Word], first: str) -> tuple[list[Word], list[Word]]:
    """A column's words in reading order: those of its first cell, and the rest."""
    n = len(first.split())
    return column[:n], column[n:]
