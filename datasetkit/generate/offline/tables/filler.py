"""Whether a table holds no facts at all: the stand-in content of a test file or a
template, whose headers and cells are only words about the table itself ("Header 0.1",
"Cell 2.3", "Merged Cell 1.1 1.2"), serial labels ("a", "b", "1.2"), lorem ipsum, or one
filler repeated in every cell ("x"). Nothing a reader asks of it has an answer worth
knowing, so no question is asked of it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from datasetkit.generate.offline.tables.view import NUMBER, TableView

# Words that name a part of a table, or say that a cell stands in for content; with
# serial labels beside them ("Cell 1.2", "Row 3", "Header A") they name no fact.
_TABLE_WORDS = frozenset(
    [
        "cell",
        "cells",
        "header",
        "headers",
        "heading",
        "row",
        "rows",
        "column",
        "columns",
        "col",
        "cols",
        "merged",
        "split",
        "value",
        "values",
        "item",
        "items",
        "data",
        "field",
        "fields",
        "entry",
        "entries",
        "text",
        "sample",
        "samples",
        "test",
        "tests",
        "example",
        "placeholder",
        "content",
        "dummy",
        "foo",
        "bar",
        "baz",
        "qux",
        "table",
        "nested",
        "link",
    ]
)
# Ordinal labels ("first", "second") used as serial names of columns or rows.
_ORDINALS = frozenset(
    ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
)
# The standard filler text of typesetting: any cell that holds it is a stand-in.
_LOREM = re.compile(r"(?i)\blorem\b|\bipsum\b|\bdolor sit\b|\bconsectetur\b")
# A serial label: a letter, a number or a dotted number ("1.2", "0.1"), a range "1-2".
_SERIAL = re.compile(r"^(?:[^\W\d_]|\d+(?:[.\-/]\d+)*)$")
# The tokens of a cell: numbers with their dots ("1.2"), and runs of letters.
_TOKEN = re.compile(r"\d+(?:[.\-/]\d+)*|[^\W\d_]+")

# The share of a table's cells (headers and values, bare numbers aside) that must be
# filler for the table to be a stand-in, and how many such cells make the call sure.
_FILLER_SHARE = 0.8
_MIN_CELLS = 4


def filler_cell(text: str) -> bool:
    """True for a cell that says nothing but its own place or a stand-in: table words and
    serial labels only ("Header 0.1", "Merged Cell 1.1 2.1", "b", "x"), or lorem ipsum."""
    if _LOREM.search(text):
        return True
    tokens = _TOKEN.findall(text)
    if not tokens:
        return False
    words = 0
    for token in tokens:
        low = token.casefold()
        if low in _TABLE_WORDS or low in _ORDINALS:
            words += 1
        elif not _SERIAL.match(token):
            return False
    # A lone word of a real table ("Data", "Test", "Sample") is not filler on its own:
    # a stand-in cell pairs such a word with a serial label, or is a serial label.
    return words < len(tokens) or len(tokens) > 1


def filler_table(view: TableView) -> bool:
    """True when the table's headers and cells are (nearly) all filler: a serial label, a
    cell that names its own place, lorem ipsum, or one stand-in repeated in every cell."""
    # Decided once per table: each of a long table's chunks asks it again.
    if view.filler is None:
        cells = [h for h in view.columns if h.strip()]
        cells += [v for col in view.columns.values() for v in col.values if v.strip()]
        view.filler = stand_in_cells(cells)
    return view.filler


def stand_in_cells(cells: Iterable[str]) -> bool:
    """True when ``cells`` (bare numbers aside) are filler, by the share above."""
    filled = [c.strip() for c in cells if c.strip()]
    said = [c for c in filled if not NUMBER.match(c)]
    if len(said) < _MIN_CELLS:
        return False
    filler = sum(1 for c in said if filler_cell(c))
    if filler >= _FILLER_SHARE * len(said):
        return True
    if len(filled) - len(said) >= len(said):
        return False  # mostly figures: a dash in many cells is a figure not reported
    # One stand-in in almost every cell ("x", "TBD", "-") across a grid of columns.
    common, n = Counter(said).most_common(1)[0]
    return n >= _FILLER_SHARE * len(said) and len(common) <= 3
