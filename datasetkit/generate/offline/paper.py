"""Whether a document reads as a scientific paper: by its section headings or the works
it cites. A paper's questions name the paper; its author block names no subject."""

from __future__ import annotations

import re

from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.knowledge.model import Document

# Entries of a reference list: a volume, pages and year, or "et al.".
_CITATION = re.compile(r"\b\d{1,4},\s*[e\d][\d–-]*\s*\((?:19|20)\d\d\)|\bet al\.")
_PAPER_HEADING = re.compile(
    r"(?i)^(?:[IVX]+\.|\d+\.?)?\s*(?:abstract|introduction|methods?|materials and methods|"
    r"results|discussion|conclusions?|references|bibliography|related work|experiments?):?$"
)
# Held with its document: an address alone is handed to the next document once freed.
_PAPERS: PerDocument[bool] = PerDocument()


def reads_as_paper(doc: Document | None) -> bool:
    """Whether a document reads as a scientific paper: two of its headings are a paper's
    sections, or its text cites three works by volume, pages and year (or "et al."), or
    it has a reference list with one such entry (a conference abstract)."""
    if doc is None:
        return False
    return _PAPERS.get(doc, lambda: _reads_as_paper(doc))


def _reads_as_paper(doc: Document) -> bool:
    heads = {s.text.strip().lower() for s in doc.sections if s.kind == "heading"}
    cited = sum(len(_CITATION.findall(s.text)) for s in doc.sections if s.kind != "heading")
    listed = any(re.match(r"(?:references|bibliography):?$", h) for h in heads)
    papers = sum(1 for h in heads if _PAPER_HEADING.match(h))
    return papers >= 2 or cited >= 3 or (listed and cited >= 1)


# One entry of a list of works cited, by the parts every citation style gives:
# Vancouver's "year;volume:pages" ("1984;14:27-43"), a volume and pages before the year
# in brackets ("14, 27-43 (1984)"), APA's "(1984)." after the authors, or a DOI.
_ENTRY = re.compile(
    r"\b(?:19|20)\d\d[a-z]?\s*;\s*\d{1,4}(?:\s*\(\d{1,3}\))?\s*:\s*[e\d]"
    r"|\b\d{1,4},\s*[e\d][\d–-]*\s*\((?:19|20)\d\d\)"
    r"|(?:[A-Z]\.|&)\s*\((?:19|20)\d\d[a-z]?\)\.\s"
    r"|\bdoi:\s*10\.|\bdoi\.org/10\."
    r"|:\s[A-Z][^.;:]{1,60},\s(?:19|20)\d\d\.(?=\s|$)"  # a book's "Place: Publisher, 1992."
    r"|(?:^|(?<=[.)]\s))\d{1,3}\s[A-Z][\w'’-]+\s[A-Z]{1,3}[.,]\s"  # a numbered entry: "25 Coulter A. "
)
# Authors as Vancouver lists them, surname then initials ("Mays N, Goodwin N,").
_VANCOUVER_AUTHOR = re.compile(r"\b[A-Z][\w'’-]+ [A-Z]{1,3}[,.]")
# What a list of works cited opens each entry with: its number, then an author's surname
# and initials ("13 Gordon MD.", "[4] Smith, J. A.,", "Smith J, Lee K.").
_AUTHORS = re.compile(r"^\s*(?:\[?\d{1,3}[.)\]]?\s+)?[A-Z][\w'’-]+,?\s+(?:[A-Z]\.?\s?){1,3}[,.]")
_ENTRY_SPAN = 400  # characters of running text a list of works cited gives each entry at most


def cites_works(text: str) -> bool:
    """Whether ``text`` (a paragraph or a list item) is entries of a list of works cited,
    not what the document says: the titles of papers it holds read as statements
    ("Research papers: who's uncited now.") but are no answer to anything asked of it."""
    found = len(_ENTRY.findall(text))
    if found and len(_VANCOUVER_AUTHOR.findall(text)) >= 3:
        found += 1  # the authors of a cited work, listed as no sentence lists people
    if found == 0:
        return False
    if _AUTHORS.match(text) and len(text) <= _ENTRY_SPAN:
        return True  # one entry of its own
    # Several entries run together (a reference list read as one paragraph); a sentence
    # that cites one or two works on its way is not one.
    return found >= 2 and found * _ENTRY_SPAN >= len(text)
