"""The list of references that closes a document is a section of its own.

A paper's bibliography stands beside its sections, not inside the last of them; yet
Word templates often give it a smaller heading style ("Heading 3" for "References"
after the last "Heading 1" section), and ranking by style then nests the references
in the conclusion. When the document's last heading names its references (in the
languages the readers handle) and sits deeper than the top rank of the document's
sections (a title heading alone above them left aside), it is lifted to that rank.
"""

from __future__ import annotations

import re

from datasetkit.knowledge.numbering import without_number
from datasetkit.knowledge.word.lists import Piece

_REFERENCES = re.compile(
    r"(?:references?|bibliography|works cited|literature(?: cited)?|literatur(?:verzeichnis)?"
    r"|quellen(?:verzeichnis)?|bibliographie|r[ée]f[ée]rences(?: bibliographiques)?"
    r"|referencias(?: bibliogr[aá]ficas)?|bibliograf[ií]a)",
    re.IGNORECASE,
)
# Sections a document must have for its top rank to be known.
_MIN_HEADINGS = 3


def lift_references(pieces: list[Piece]) -> None:
    """Set a closing references heading at the top rank of the sections (see the
    module docstring)."""
    heads = [p for p in pieces if p.kind == "heading" and p.level and p.provenance.part is None]
    if len(heads) < _MIN_HEADINGS:
        return
    last = heads[-1]
    # The first heading may be the document's title alone above the sections: the
    # sections' top rank is read from the headings after it.
    top = min(p.level or 0 for p in heads[1:])
    if _REFERENCES.fullmatch(without_number(last.text).strip(" :.")) and (last.level or 0) > top:
        last.level = top
