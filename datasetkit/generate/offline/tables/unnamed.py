"""Whether a table names its cells in words a question can say.

A test workbook or an export names its columns as a program stored them ("rows_by_key",
"dtm"), by abbreviations ("mpg", "cyl") or not at all ("Column C", "Var1"): the table is
read whole, but no question can say what a cell is. A run that asks nothing of such
tables says so, rather than that the knowledge holds no table the forms can read.
"""

from __future__ import annotations

import re

from datasetkit.generate.offline.tables.figures import bare_label
from datasetkit.generate.offline.tables.names import unsaid_field
from datasetkit.generate.offline.tables.view import PLACEHOLDER_HEADER, TableView
from datasetkit.knowledge.tableheader import GRAND_TOTAL, PIVOT_ROW_LABELS, PIVOT_VALUE_FIELD

# A name a program gave a column: words joined by "_" or run together in camel case.
_STORED = re.compile(r"^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[a-z]+[A-Z]\w*$")


def unnamed_headers(view: TableView) -> tuple[str, ...]:
    """The headers of ``view`` when none of its columns but the ones naming its rows has
    a name that says what its cells are (none said at all, a stored name, or a bare
    label over figures); () for a table with at least one such name."""
    headers = [h for h in view.columns if h not in view.key and view.columns[h].role != "blank"]
    if not headers or any(_pivot(h) for h in view.columns):
        return ()  # a pivot's columns are values of its fields, its definition names them
    for h in headers:
        col = view.columns[h]
        if _STORED.match(h.strip()) or PLACEHOLDER_HEADER.match(h.strip()):
            continue
        if col.natural is None and unsaid_field(h.strip()):
            continue  # "Var1": a program's numbered name
        if col.natural and col.role == "number" and bare_label(col.natural, col.unit):
            continue
        return ()
    return tuple(headers)


def _pivot(header: str) -> bool:
    h = header.strip()
    return bool(PIVOT_ROW_LABELS.match(h) or PIVOT_VALUE_FIELD.match(h) or GRAND_TOTAL.match(h))
