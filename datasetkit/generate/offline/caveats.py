"""The caveat that qualifies an answer, read with it.

Guides and policies follow a statement with the sentence that limits it: a note on what
it costs ("Keep in mind that this means ..."), an exception ("However, ..."), a warning
("Note that ..."). Documentation sites set such notes in a box right after the step they
qualify; the box's text is then the next paragraph. An answer that stops before it says
the statement without its limit, and a reviewer marks it incomplete. So an English answer
that ends where its sentence or paragraph ends takes the sentence (or the short
paragraph) right after it when that opens as a caveat, and the sentences of its paragraph
that go on with the next steps ("Then ...", "You can also ...").
"""

from __future__ import annotations

import re
from dataclasses import replace

from datasetkit.generate.contract import Chunk
from datasetkit.generate.offline.candidate import Candidate
from datasetkit.generate.offline.language.words import sentences
from datasetkit.knowledge.model import Section

# How English opens a sentence that qualifies the one before it.
_CAVEAT = re.compile(
    r"^(?:keep in mind|bear in mind|note that|note:|please note|be aware|be careful|beware|"
    r"remember that|however,|caution|warning:|important:|this means that|but note|"
    r"except (?:that|when|if)|unless)\b",
    re.IGNORECASE,
)
# How English opens the next step of what the sentence before said to do.
_NEXT_STEP = re.compile(
    r"^(?:then|next|after that|afterwards|finally|second(?:ly)?|third(?:ly)?|"
    r"(?:you|I) (?:can|may|should|must|will) (?:then|also)|also,)\b",
    re.IGNORECASE,
)
# The longest caveat paragraph read whole (longer, it is a section of its own).
_MOST_CHARS = 400
_MOST_SENTENCES = 3


def with_caveat(c: Candidate, chunk: Chunk) -> Candidate:
    """``c`` with the caveat right after its answer, when one follows (English)."""
    if "\n" in c.answer.strip() or c.section.kind not in ("paragraph", "list_item"):
        return c
    caveat = _next_in_paragraph(c) or _next_paragraph(c, chunk.sections)
    if not caveat:
        return c
    answer = f"{c.answer.rstrip()} {caveat}"
    quotes = (*c.quotes, caveat) if c.quotes else ()
    return replace(c, answer=answer, evidence=f"{c.evidence.rstrip()} {caveat}", quotes=quotes)


def _next_in_paragraph(c: Candidate) -> str | None:
    """The sentence after the answer's last one in its paragraph, when it is a caveat."""
    said = sentences(c.section.text)
    last = sentences(c.answer)[-1:] if c.answer.strip() else []
    if not last:
        return None
    at = next((i for i, s in enumerate(said) if s.strip() == last[0].strip()), None)
    if at is None or at + 1 >= len(said):
        return None
    nxt = said[at + 1].strip()
    if _CAVEAT.match(nxt):
        return nxt
    # The steps that go on from the answer's ("Then compute ...", "You can also ..."): a
    # procedure's later steps, without which the answer stops at its first.
    steps = []
    for then in said[at + 1 : at + 1 + _MOST_SENTENCES]:
        if not _NEXT_STEP.match(then.strip()):
            break
        steps.append(then.strip())
    return " ".join(steps) or None


def _next_paragraph(c: Candidate, sections: list[Section]) -> str | None:
    """The short paragraph right after the answer's, when the answer ends its paragraph
    and that one opens as a caveat."""
    if not c.section.text.rstrip().endswith(c.answer.rstrip()[-40:]):
        return None
    # Forms may hold a copy of the section: the same text at the same place is the same.
    at = next((i for i, s in enumerate(sections) if _same(s, c.section)), None)
    if at is None or at + 1 >= len(sections):
        return None
    nxt = sections[at + 1]
    text = nxt.text.strip()
    if nxt.kind != "paragraph" or not _CAVEAT.match(text) or len(text) > _MOST_CHARS:
        return None
    return text if len(sentences(text)) <= _MOST_SENTENCES else None


def _same(a: Section, b: Section) -> bool:
    return a is b or (a.text == b.text and a.provenance == b.provenance and a.kind == b.kind)
