"""What a documentation page says of one line of a code example, left unasked.

A page explains a feature, then shows it in an example whose names are made up for it
(a class ``Foo``, a field ``baz``, a value ``'johndoe'``), and numbers notes on the
example's lines: a marker in a line's comment (``# (1)``) and a numbered list right after
the code block, one note per marker. A note says what one line of that example does
("The baz field is not included ...") and has no answer outside the page: a user asks
about the feature, which the page's running text explains.
"""

from __future__ import annotations

import re

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.per_document import PerDocument
from datasetkit.knowledge.model import Document, Section

# A note marker in a code line's comment: "# (1)", "// (2)!", "<!-- (3) -->".
_MARKER = re.compile(r"(?:#|//|<!--|--|/\*)\s*\((?P<n>\d{1,2})\)!?")


def _key(section: Section) -> tuple[int | None, str]:
    """A section as chunks that copy it still name it: its line and its text."""
    return section.provenance.line, section.text


# A line that points at the example just shown and leads into a list ("This include
# contains 5 parameters:", "Diese Funktion hat zwei Argumente:").
_POINTS_AT_EXAMPLE = re.compile(
    r"^(?:This|These|The above|Dies(?:e[rsn]?)?|Ce(?:tte|s)?|Cet|Est[ea]s?)\s[^.!?]{0,120}:$"
)


def _notes(doc: Document) -> set[tuple[int | None, str]]:
    """The list items that note the marked lines of the code block before them, and the
    items of a list that names parts of the example shown just above ("This include
    contains 5 parameters:", each item a name its code uses)."""
    notes: set[tuple[int | None, str]] = set()
    left = 0  # notes still due on the marked lines of the example above
    code = ""  # the example just shown
    naming = False  # inside a list a line pointing at that example leads into
    for s in doc.sections:
        if s.kind == "code":
            marks = {m.group("n") for m in _MARKER.finditer(s.text)}
            # A note's own block (indented under it) carries no marks of its own.
            left = len(marks) if marks else left
            code = s.text
        elif s.kind == "list_item" and left > 0:
            notes.add(_key(s))
            left -= 1
        elif s.kind == "list_item" and naming and s.text.strip() and s.text.strip() in code:
            notes.add(_key(s))
        else:
            left = 0
            naming = bool(code) and _POINTS_AT_EXAMPLE.match(s.text.strip()) is not None
            if s.kind == "heading":
                code = ""
    return notes


_PAGES: PerDocument[set[tuple[int | None, str]]] = PerDocument()


def of_example(c: Candidate, doc: Document | None) -> bool:
    """True when ``c`` is read from a note on a marked line of a code example."""
    if doc is None:
        return False
    return _key(c.section) in _PAGES.get(doc, lambda: _notes(doc))


def without_example_notes(found: list[Candidate], chunk: Chunk) -> list[Candidate]:
    """``found`` without the cases read from notes on the lines of a code example."""
    doc = chunk.meta.get("document")
    return [c for c in found if not of_example(c, doc if isinstance(doc, Document) else None)]
