"""A table's questions said of the report its title names.

A sheet or section whose title is a report ("Annual Report 2024", "Quarterly Sales
Summary") holds figures that mean nothing on their own: "What are the total sales?" is
answered differently by every report. When the document names no subject of its own, a
table question says the title it sits under: "What are the total sales in the Annual
Report 2024?", "What were the sales in February according to the Annual Report 2024?".
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.gate.shape import question_problem
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.offline.subject_words import DOC_KINDS

# Words that date a title ("2024", "FY23", "Q3", "H1") and may follow its kind.
_DATING = re.compile(r"(?:19|20)\d\d|FY\d{2,4}|[QH][1-4]|\d{4}[-/]\d{2,4}")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_JOINERS = frozenset(("of", "and", "for", "the", "&", "by", "on", "in", "-"))


def report_named(cands: list[Candidate], chunk: Chunk, ctx: DocContext) -> list[Candidate]:
    """The cases of a table chunk, each question naming the report its title names when
    the document has no subject of its own and the question does not name it yet."""
    path = chunk.provenance.heading_path
    if chunk.kind != "table" or not path or not cands:
        return cands
    title = report_title(path[-1])
    if title is None or subject_of(chunk, ctx) is not None:
        return cands
    return [_in_report(c, title) for c in cands]


def report_title(heading: str) -> str | None:
    """``heading`` when it is a report's title: two to six capitalised words whose last
    (before any dating word) is a kind of document; None otherwise."""
    words = heading.split()
    if not 2 <= len(words) <= 6:
        return None
    if not all(w[0].isupper() or w[0].isdigit() or w.lower() in _JOINERS for w in words):
        return None
    core = [w for w in words if not _DATING.fullmatch(w)]
    if len(core) < 2 or core[-1].lower() not in DOC_KINDS:
        return None
    return heading


def _in_report(c: Candidate, title: str) -> Candidate:
    q = c.question
    if not q.endswith("?") or title.casefold() in q.casefold():
        return c
    if _YEAR.search(q):
        return c  # a figure of a year the question names is said of its period already
    body = q[:-1].rstrip()
    # "... in February in the <Title>?" says "in" twice: the report is then cited.
    joint = "according to" if " in " in body else "in"
    named = f"{body} {joint} the {title}?"
    if question_problem(named, "en") and not question_problem(q, "en"):
        return c  # never turn a well-formed question into one the gate refuses
    return replace(c, question=named)
