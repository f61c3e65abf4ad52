"""A table of a form to fill in, asked nothing: the reader marks the tables a workbook's
drop-down lists show to be a template's (example rows and room to fill under
drop-downs) or the lists those drop-downs offer (see knowledge.excel.validations).

Their rows are no records: a question about an example row asks what nobody entered,
and a sheet of lists pairs unrelated values of side-by-side lists. A run says why they
gave no cases; so does a table of a blank form (labels and room to fill in, no value).
"""

from __future__ import annotations

import re

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.tables.view import TableView
from datasetkit.knowledge.model import Document


def fill_in_kind(chunk: Chunk) -> str | None:
    """``"form"``, ``"instructions"`` or ``"lists"`` for a chunk of such a table (see
    ``Document.templates``), else None."""
    doc = chunk.meta.get("document")
    table = chunk.provenance.table
    if not isinstance(doc, Document) or table is None:
        return None
    return doc.templates.get(table)


def fill_in_note(chunk: Chunk, kind: str) -> str:
    """Why a template's table gave no cases."""
    prov = chunk.provenance
    where = prov.file.rsplit("/", 1)[-1] + (f" (sheet {prov.sheet})" if prov.sheet else "")
    if kind == "lists":
        what = "holds the drop-down lists of a form to fill in, one list a column"
    elif kind == "instructions":
        what = (
            "is a form to fill in (its column headers say what to enter, and at most an "
            "example row or a few are filled in)"
        )
    else:
        what = (
            "is a form to fill in (drop-down lists over its cells, with at most an example "
            "row or a few filled in)"
        )
    return f"{where} {what}, not records, so nothing is asked of its rows"


# A cell of a blank form that holds no value: a label in capitals or ending in a colon
# ("ADDRESS", "HOME:"), boxes to tick ("☐ YES ☐ NO"), a line to write on ("_____").
_FORM_CELL = re.compile(r"^(?:[^a-z]*[A-Z][^a-z]*|.*:|.*[☐□☑■].*|[_.\s]+)$", re.S)


def _holds_value(cell: str) -> bool:
    text = cell.strip()
    return bool(text) and not _FORM_CELL.match(text)


def _numbering(cells: list[str]) -> bool:
    """A row of the numbers 1, 2, 3 ... (a chart's days or columns), no values."""
    nums = [int(c) for c in cells if c.strip().isdigit()]
    return len(nums) >= 3 and nums == list(range(nums[0], nums[0] + len(nums)))


def blank_form(view: TableView) -> bool:
    """A table of a blank form: its cells are its own labels, boxes to tick, lines to
    write on and numbering, with no value filled in anywhere."""
    if not view.rows:
        return False
    for row in view.rows:
        cells = [v for v in (row.record or {}).values() if v.strip()]
        if _numbering(cells):
            continue
        if any(_holds_value(c) for c in cells):
            return False
    return True


def blank_note(chunk: Chunk) -> str:
    """Why a blank form's tables gave no cases."""
    prov = chunk.provenance
    where = prov.file.rsplit("/", 1)[-1] + (f" (sheet {prov.sheet})" if prov.sheet else "")
    return (
        f"{where} holds blank form tables (labels, boxes to tick and room to write, no "
        "values filled in), so nothing is asked of them"
    )
