"""Headers that are values, not names of columns.

A table printed with no header row, read with its first record in the header's place
(by a reader that could not tell, or by hand), has columns "named" by a donor, an amount
or a date. A question that says such a name ("What is the <a donor> of <another donor>?")
asks nothing, and a row of such a table has no column to be asked by. So a header row
that reads as one more record of the table
(:func:`datasetkit.knowledge.tableheader.record_like`) names no column and no row key;
and a single header that is an amount, a date, or a value the table's cells hold is not
said in a question. (Placeholder names, "Column 3", are never said either: see
``natural_column``; a sheet of labels and figures under them is still asked by label.)
"""

from __future__ import annotations

from datasetkit.knowledge.tableheader import cell_kind, record_like

# A row that sums up the others is also named in a column that sums them ("Total" at
# the foot and on the right of a cross table): a name, not a value.
_SUMMARIES = frozenset(("total", "totals", "sum", "all", "overall", "average", "mean"))


def header_is_record(headers: list[str], values: list[list[str]]) -> bool:
    """Whether the header row reads as one more of the table's rows ``values`` (cells in
    header order): a table with no header, whose first record took the header's place."""
    return bool(headers) and record_like(headers, values)


def unsaid_headers(headers: list[str], values: list[list[str]]) -> set[str]:
    """The headers no question may say: all of them when the header row is a record
    (:func:`header_is_record`); else those that are an amount, a date, or a value held
    by a cell of the table."""
    if header_is_record(headers, values):
        return set(headers)
    held = {v.strip().casefold() for row in values for v in row if v.strip()}
    return {
        h
        for h in headers
        if cell_kind(h) in ("amount", "date")
        or (h.strip().casefold() in held and h.strip().casefold() not in _SUMMARIES)
    }
