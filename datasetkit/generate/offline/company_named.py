"""The organisation a first-person page speaks for, named in its questions when nothing
else names the page's subject.

A handbook page titled by its topic ("Benefits & Perks", "A Note About Moonlighting")
gives no subject of its own; its text names the company it speaks for (``speaks_for``).
A question that names nothing specific ("How many weeks of paid vacation does everyone
get per year?") then says whose rule it asks about: "... at Fabrikam?", the way a
question about a titled handbook does.
"""

from __future__ import annotations

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.offline.speaks_for import speaks_for
from datasetkit.generate.offline.subject_said import Subject, with_subject
from datasetkit.knowledge.model import Document


def company_named(cands: list[Candidate], chunk: Chunk, ctx: DocContext) -> list[Candidate]:
    """``cands`` with the organisation the page speaks for in each question that names
    nothing specific, when the page has no subject of its own."""
    doc = chunk.meta.get("document")
    if not cands or not isinstance(doc, Document) or subject_of(chunk, ctx) is not None:
        return cands
    org = speaks_for(doc)
    if not org or org != ctx.org:
        return cands  # only a company the text itself shows it speaks for
    subject = Subject(org, "organisation", "body", (org,), None, None, False)
    return [with_subject(c, subject, ctx.words, ctx.name) for c in cands]
