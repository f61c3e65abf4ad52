"""The name a table goes by: its sheet's name, or its own title when its sheet holds
several tables.

A workbook sheet often sets several tables one under another, each under a title row of
its own ("Regional offices", then "Company cars"). The sheet's name ("Offices") names
the first at most: read as every table's name, it makes the rows of the second "offices"
("What is the plate of the Golf office?"). A table that shares its sheet with another is
named by the title above it; a table alone on its sheet keeps the sheet's name.
"""

from __future__ import annotations

from datasetkit.generate.contract import Chunk
from datasetkit.knowledge.model import Document


def table_label(chunk: Chunk, doc: object) -> str | None:
    """The name of the table ``chunk`` is part of (see the module)."""
    label = chunk.meta.get("table")
    path = chunk.provenance.heading_path
    sheet = chunk.provenance.sheet
    if not isinstance(doc, Document) or not sheet or not path:
        return label if isinstance(label, str) else None
    tables = {
        s.provenance.table
        for s in doc.sections
        if s.kind == "table_row" and s.provenance.sheet == sheet
    }
    return path[-1] if len(tables) > 1 else (label if isinstance(label, str) else None)
