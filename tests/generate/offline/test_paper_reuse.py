"""Whether a document reads as a paper is decided for that document, never remembered
from an earlier one whose memory address it now has."""

from __future__ import annotations

from datasetkit.generate.offline.paper import reads_as_paper
from datasetkit.knowledge.model import Document, Provenance, Section


def _doc(paper: bool) -> Document:
    heads = ["Introduction", "Methods", "Results"] if paper else ["Leave", "Travel", "Expenses"]
    return Document(
        path="x.docx",
        kind="docx",
        sections=[Section("heading", h, Provenance("x.docx"), level=1) for h in heads],
    )


def test_papers_and_policies_read_one_after_another_keep_their_own_answer() -> None:
    # Each document is freed before the next is made, so CPython hands the next one the
    # same address: a cache keyed by the address alone answers for the wrong document.
    wrong = []
    for i in range(200):
        paper = i % 2 == 0
        if reads_as_paper(_doc(paper)) is not paper:
            wrong.append(i)
    assert wrong == []
