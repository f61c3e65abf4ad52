"""The principal subject a document's body names (``principal_subject``), said in the
questions that name nothing of their own, when nothing else gave the document a subject.

It is the last step, after the title's, the cover's and the speaker's subject
(``doc_subject``, ``company_named``) found none: a question such as "Are any scams
allowed?" or "What are the key features?" then says whose rules or features it asks
about ("... on <Platform>?", "What are <Product>'s key features?"), with the preposition
the document itself says the name with. A question that names something of its own, a
paper, a filled-in record, and a page that speaks for an organisation already named are
left alone.
"""

from __future__ import annotations

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.context import DocContext
from datasetkit.generate.offline.doc_subject import subject_of
from datasetkit.generate.offline.paper import reads_as_paper
from datasetkit.generate.offline.principal_subject import principal_subject
from datasetkit.generate.offline.speaks_for import speaks_for
from datasetkit.generate.offline.subject_said import Subject, with_subject
from datasetkit.knowledge.model import Document


def principal_named(cands: list[Candidate], chunk: Chunk, ctx: DocContext) -> list[Candidate]:
    """``cands`` with the document's principal subject in each question that names
    nothing specific, when no other evidence gave the document a subject."""
    doc = chunk.meta.get("document")
    if not cands or not isinstance(doc, Document) or ctx.record:
        return cands
    if subject_of(chunk, ctx) is not None or (ctx.org and speaks_for(doc) == ctx.org):
        return cands  # a subject read elsewhere, or the organisation the page speaks for
    if reads_as_paper(doc):
        return cands  # a paper's names are its topic's and its sources', not a subject
    found = principal_subject(doc)
    if found is None:
        return cands
    subject = Subject(
        found.name,
        "organisation",
        "principal",
        (found.name,),
        confirmed=False,
        preposition=found.preposition or "",
    )
    return [with_subject(c, subject, ctx.words, ctx.name) for c in cands]
