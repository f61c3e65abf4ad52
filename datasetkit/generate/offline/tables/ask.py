"""Every question a table chunk answers: the table forms of the registry, in their order."""

from __future__ import annotations

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.forms.registry import forms_for
from datasetkit.generate.offline.tables.subject import scoped, table_subject
from datasetkit.generate.offline.tables.view import TableChunk, TableView


def table_candidates(chunk: Chunk, lang: str, ctx: DocContext, view: TableView) -> list[Candidate]:
    """Every question a table chunk gives (whole-table ones from its first chunk only)."""
    path = chunk.provenance.heading_path
    rows = [s for s in chunk.sections if s.record]
    part = TableChunk(view, rows, lang, ctx, path[-1] if path else None)
    first = chunk.meta.get("table_part", 0) == 0
    out: list[Candidate] = []
    for f in forms_for("table", lang):
        if f.content == "table-rows" or first:
            out.extend(f.make(part))
    if lang != "en":
        return out
    # Whose figures they are: a table question names the organisation it counts.
    subject = table_subject(ctx, path)
    return [scoped(c, subject) for c in out]
