"""Row labels printed beside a ruled grid of figures, outside its rules.

A sheet printed from a spreadsheet often borders only the cells of its figures: the
labels of the rows ("Components", "Total purchases") and the title over them stand on the
same lines to the left of the grid, unruled. Read alone, the grid is a table of figures
no question can name a row of, and its labels a list of lines with no figures. Here the
labels are found and joined to the grid as its first column, when the grid has no row
labels of its own and every row of figures has one label beside it.
"""

from __future__ import annotations

from datasetkit.knowledge.pdf.geometry import Edge, Word
from datasetkit.knowledge.tableheader import is_number

_ALIGN = 3.0  # points: the left edges of one column of labels agree this closely
_GAP = 2.0  # points: a label ends at least this far left of the grid's first rule
_MAX_WORDS = 10  # a label is a short line, no sentence of the page's text


def side_labels(
    xs: list[float], ys: list[float], words: list[Word], verticals: list[Edge]
) -> tuple[float, list[list[Word]]] | None:
    """The left edge of the labels and each grid row's label words, when the grid's rows
    carry their labels on the left outside its rules; else None."""
    rows = len(ys) - 1
    inside = [_row_words(words, xs[0], xs[-1], ys[r], ys[r + 1]) for r in range(rows)]
    if any(w.text.strip() and not is_number(w.text) for ws in inside[1:] for w in ws[:1]):
        return None  # the grid names its rows itself (text in a record's first cell)
    labels = [_row_words(words, 0.0, xs[0] - _GAP, ys[r], ys[r + 1]) for r in range(rows)]
    valued = [r for r in range(1, rows) if inside[r]]
    named = [r for r in range(1, rows) if labels[r]]
    if not valued or len(named) < 2 or any(not labels[r] for r in valued):
        return None  # a label by every row of figures, two or more labels
    if not all(inside[0]) or any(is_number(w.text) for w in inside[0]):
        return None  # the first row is the grid's header: labels, no figures
    lefts = [min(w.x0 for w in ws) for ws in labels if ws]
    if max(lefts) - min(lefts) > _ALIGN:
        return None  # text set at different places: the page's text, no column of labels
    if any(len(ws) > _MAX_WORDS or is_number(" ".join(w.text for w in ws)) for ws in labels):
        return None  # a sentence, or a figure: no row's label
    left = min(lefts)
    if any(_crosses(v, left, xs[0], ys[0], ys[-1]) for v in verticals):
        return None  # a rule between them: another table set beside this one
    return left, labels


def _row_words(words: list[Word], x0: float, x1: float, top: float, bottom: float) -> list[Word]:
    """The words whose centre lies in the band, left to right."""
    out = [
        w
        for w in words
        if x0 <= (w.x0 + w.x1) / 2 <= x1
        and w.x1 <= x1 + _GAP
        and top < (w.top + w.bottom) / 2 < bottom
    ]
    return sorted(out, key=lambda w: (round(w.top), w.x0))


def _crosses(v: Edge, left: float, right: float, top: float, bottom: float) -> bool:
    """Whether a vertical rule stands between ``left`` and ``right`` beside the grid."""
    return left - _GAP <= v.x0 <= right - _GAP and v.top < bottom and v.bottom > top
