"""Whether a document reads as a scientific paper: by its section headings or the works
it cites. A paper's questions name the paper; its author block names no subject."""

from __future__ import annotations

import re

from datasetkit.knowledge.model import Document

# Entries of a reference list: a volume, pages and year, or "et al.".
_CITATION = re.compile(r"\b\d{1,4},\s*[e\d][\d–-]*\s*\((?:19|20)\d\d\)|\bet al\.")
_PAPER_HEADING = re.compile(
    r"(?i)^(?:[IVX]+\.|\d+\.?)?\s*(?:abstract|introduction|methods?|materials and methods|"
    r"results|discussion|conclusions?|references|bibliography|related work|experiments?):?$"
)
_papers: dict[int, bool] = {}


def reads_as_paper(doc: Document | None) -> bool:
    """Whether a document reads as a scientific paper: two of its headings are a paper's
    sections, or its text cites three works by volume, pages and year (or "et al."), or
    it has a reference list with one such entry (a conference abstract)."""
    if doc is None:
        return False
    known = _papers.get(id(doc))
    if known is None:
        heads = {s.text.strip().lower() for s in doc.sections if s.kind == "heading"}
        cited = sum(len(_CITATION.findall(s.text)) for s in doc.sections if s.kind != "heading")
        listed = any(re.match(r"(?:references|bibliography):?$", h) for h in heads)
        papers = sum(1 for h in heads if _PAPER_HEADING.match(h))
        known = papers >= 2 or cited >= 3 or (listed and cited >= 1)
        _papers[id(doc)] = known
    return known
