"""A table of a form to fill in, asked nothing: the reader marks the tables a workbook's
drop-down lists show to be a template's (example rows and room to fill under
drop-downs) or the lists those drop-downs offer (see knowledge.excel.validations).

Their rows are no records: a question about an example row asks what nobody entered,
and a sheet of lists pairs unrelated values of side-by-side lists. A run says why they
gave no cases.
"""

from __future__ import annotations

from datasetkit.generate.contract import Chunk
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
