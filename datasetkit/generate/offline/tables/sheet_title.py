"""A table's questions said of its sheet's title, in a workbook of several sheets.

A workbook often keeps one table per sheet under a title row ("Regional Breakdown",
"Customer Metrics"), and names no subject of its own: "What is the revenue of the North
region?" then has no one answer across the workbook. When the document names no
subject, a question of such a table says the title it sits under: "What is the revenue
of the North region according to the Regional Breakdown?". A title the question already
says (a word of it), a sheet's made-up name ("Sheet2"), a shouted title and a report's
title (asked of that report elsewhere) are left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.gate.shape import question_problem
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.offline.tables.report_title import report_title
from datasetkit.knowledge.model import Document

_JOINERS = frozenset(("of", "and", "for", "the", "&", "by", "on", "in", "-", "to", "per"))
_MADE_UP = re.compile(r"(?i)^(?:sheet|table|tab)\s*\d*$")


def sheet_titled(
    cands: list[Candidate], chunk: Chunk, ctx: DocContext, columns: Iterable[str]
) -> list[Candidate]:
    """``cands`` of a table chunk, each naming its sheet's title when the workbook has
    several sheets of tables and names no subject of its own; a title that only names a
    column of the table ("Stanley Cups" over a column "Stanley Cups") is no subject."""
    doc = chunk.meta.get("document")
    path = chunk.provenance.heading_path
    if not cands or not isinstance(doc, Document) or chunk.provenance.sheet is None or not path:
        return cands
    if len({s.provenance.sheet for s in doc.sections if s.record}) < 2:
        return cands
    title = path[-1].strip().rstrip(".:")
    if not _sayable(title) or report_title(title) or subject_of(chunk, ctx) is not None:
        return cands
    said = {w.casefold() for w in title.split()}
    if any(set(c.casefold().split()) <= said for c in columns if c.strip()):
        return cands
    return [_named(c, title) for c in cands]


def _sayable(title: str) -> bool:
    """Two to six words, each capitalised (or a joiner), not shouted nor made up."""
    words = title.split()
    if not 2 <= len(words) <= 6 or title.isupper() or _MADE_UP.match(title):
        return False
    return all(w[:1].isupper() or w[:1].isdigit() or w.lower() in _JOINERS for w in words)


def _named(c: Candidate, title: str) -> Candidate:
    q = c.question
    words = [w.casefold() for w in re.findall(r"[^\W\d_]{4,}", title)]
    if not q.endswith("?") or any(w in q.casefold() for w in words):
        return c  # it says the title's subject already
    named = f"{q[:-1].rstrip()} according to the {title}?"
    if question_problem(named, "en") and not question_problem(q, "en"):
        return c
    return replace(c, question=named)
