"""The language of one sheet of a workbook whose sheets are written in different
languages.

A workbook is read as one document, in the language most of its text is in; a sheet in
another language (a bilingual workbook's Spanish sheet beside its English one) is asked
in its own language, by the forms that write it, never in English words over Spanish
headers ("How many ventas does the Norte región have?").
"""

from __future__ import annotations

from datasetkit.core.language.detect import passages_language
from datasetkit.generate.contract import Chunk
from datasetkit.knowledge.model import Document


def sheet_language(chunk: Chunk) -> str | None:
    """The language of the sheet ``chunk`` comes from, when its own text says so
    confidently and it differs from its document's; else None."""
    doc = chunk.meta.get("document")
    sheet = chunk.provenance.sheet
    if not isinstance(doc, Document) or not sheet:
        return None
    found = _languages(doc).get(sheet)
    return found if found and found != chunk.meta.get("language") else None


# The votes of the last few documents read, by identity (a document is no dict key).
_SEEN: list[tuple[Document, dict[str, str | None]]] = []
_READ_ROWS = 200  # the sections of a sheet read for its vote: enough to tell a language


def _languages(doc: Document) -> dict[str, str | None]:
    """Sheet name -> the language its own sections vote for (None when unsure)."""
    for seen, found in _SEEN:
        if seen is doc:
            return found
    sheets: dict[str, list[str]] = {}
    for s in doc.sections:
        if s.provenance.sheet and len(sheets.get(s.provenance.sheet, ())) < _READ_ROWS:
            sheets.setdefault(s.provenance.sheet, []).append(s.text)
    found = {}
    if len(sheets) >= 2:
        found = {name: passages_language(texts) for name, texts in sheets.items()}
    _SEEN.insert(0, (doc, found))
    del _SEEN[8:]
    return found
