"""A pivot table's value fields named by its definition, not by the captions over them.

A pivot table's cells show each value field under a caption its author may have renamed
("Total" for a sum of sales, "Sales " with a space to get past Excel's rule that a
caption differs from its field's name), and a figure shown as a share of the total keeps
the caption of a sum. The definition the reader keeps (``Document.pivots``) says what
each field summarises and how: the header a question names the figures by is built from
it ("Sum of Sales" -> "total sales"), and a sum of a measure of one thing ("Sum of Petal
Length") or a share is named by nothing, so it is never asked.
"""

from __future__ import annotations

from collections.abc import Sequence

from datasetkit.generate.offline.tables.names import defined_value_field
from datasetkit.knowledge.model import Document, Section


def pivot_fields(doc: object, rows: Sequence[Section]) -> dict[str, str]:
    """The value-field captions of the pivot table ``rows`` belong to, each with the
    header its definition gives it ("" when none a question says); empty for any other
    table."""
    if not isinstance(doc, Document) or not rows:
        return {}
    where = rows[0].provenance
    pivot = next((p for p in doc.pivots if p.holds(where.sheet, where.row)), None)
    if pivot is None:
        return {}
    said = {
        v.caption: defined_value_field(v.function, v.field, pivot.source)
        for v in pivot.values
        if v.caption
    }
    if pivot.columns and len(pivot.values) == 1 and not next(iter(said.values()), ""):
        # A cross-tab of one value field no question names (a share, a deviation): every
        # figure is of that field, whatever its column ("Grand Total", "2024").
        headers = list(dict.fromkeys(k for r in rows for k in r.record or {}))
        said.update(dict.fromkeys(headers[len(pivot.rows) :], ""))
    return said
